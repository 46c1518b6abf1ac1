"""A table of rows by key, drawn line by line (Textual's Line API), patched by row key.

`sync(columns, rows)` compares with what is shown: changed rows are drawn
again (only their lines are repainted when they are on screen), vanished
rows removed, new rows added, the order taken from `rows`; only a change of
columns rebuilds the table. The cursor stays on its row (by key), not on
its index. A cell is `(text, style)`: plain text, never markup, so a name
like `Carol [/]` shows as typed.

It replaces a DataTable that had to be patched through Textual's private
caches to be fast: here every cached line belongs to this widget, so a new
result redraws one row and a new standings order (a thousand rows) only the
lines on screen. It looks like a DataTable (a bold header over the rows, a
row cursor in the theme's cursor colours) and moves the same way (arrows,
PgUp/PgDn, Home/End; Enter posts `Selected`, or calls `chosen`). Its keys come from the action
table (`tui/actions.py`, scope "table").

A row of one cell in a table of several columns is a **span row**: its cell
is drawn across the whole width (a team match's head over its boards), it
counts for no column's width, and the cursor steps over it (the row above
or below it, in the direction it moves); scrolling up to the row under a
span keeps the span in sight.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Iterable, Sequence

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.events import Click, DescendantFocus, Focus
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from .. import actions
from ..actions import W, Action, register

Cell = tuple[str, str]  # (plain text, style)
Row = tuple[str, Sequence[Cell]]
PAD = 1  # columns of padding on each side of a cell


def _width(text: str) -> int:
    """Terminal columns of a cell's text: as rich counts them (`cell_len`), at once for the printable ASCII of
    most names and numbers (a thousand-row table measures every cell), and once each for the rest (the "·" of
    every board without a result, a Cyrillic name)."""
    return len(text) if text.isascii() and text.isprintable() else _other_width(text)


@lru_cache(maxsize=8192)
def _other_width(text: str) -> int:
    return cell_len(text)


def cell(text: object, style: str = "") -> Cell:
    return (str(text), style)


register(
    Action("row_up", ("up",), W("up", "вверх"), W("The row above", "Строка выше"),
           ("table",), "action_cursor", (-1,), group="table"),
    Action("row_down", ("down",), W("down", "вниз"), W("The row below", "Строка ниже"),
           ("table",), "action_cursor", (1,), group="table"),
    Action("page_up", ("pageup",), W("page up", "стр. вверх"), W("A page up", "Страница вверх"),
           ("table",), "action_page", (-1,), group="table"),
    Action("page_down", ("pagedown",), W("page down", "стр. вниз"), W("A page down", "Страница вниз"),
           ("table",), "action_page", (1,), group="table"),
    Action("row_first", ("home",), W("first", "первая"), W("The first row", "Первая строка"),
           ("table",), "action_edge", (-1,), group="table"),
    Action("row_last", ("end",), W("last", "последняя"), W("The last row", "Последняя строка"),
           ("table",), "action_edge", (1,), group="table"),
    Action("row_enter", ("enter",), W("open", "открыть"),
           W("On a board: the ':' line for it; on a standings row: how the tie-breaks were computed",
             "На доске: строка ':' для неё; в турнирной таблице: расчёт доп. показателей"),
           ("table",), "action_select", group="table"),
)


class KeyedTable(actions.Scoped, ScrollView, can_focus=True):
    """Rows by key under a fixed header line, with a row cursor (see the module docstring)."""

    ACTION_SCOPE = "table"
    BINDINGS = actions.bindings("table")
    COMPONENT_CLASSES = {"keyed-table--header", "keyed-table--cursor"}
    DEFAULT_CSS = """
    KeyedTable {
        background: $surface;
        color: $foreground;
        height: 1fr;
        scrollbar-size-vertical: 1;
        &:focus {
            background-tint: $foreground 5%;
            & > .keyed-table--cursor {
                background: $block-cursor-background;
                color: $block-cursor-foreground;
                text-style: $block-cursor-text-style;
            }
        }
        & > .keyed-table--header {
            text-style: bold;
            background: $panel;
            color: $foreground;
        }
        &:ansi > .keyed-table--header {
            background: ansi_bright_blue;
            color: ansi_default;
        }
        & > .keyed-table--cursor {
            background: $block-cursor-blurred-background;
            color: $block-cursor-blurred-foreground;
            text-style: $block-cursor-blurred-text-style;
        }
    }
    """

    class Highlighted(Message):
        """The cursor is on another row (a key moved it, or the rows changed under it)."""

        def __init__(self, table: "KeyedTable", key: str | None) -> None:
            super().__init__()
            self.table = table
            self.key = key

        @property
        def control(self) -> "KeyedTable":
            return self.table

    class Selected(Message):
        """Enter (or a click) on the row under the cursor."""

        def __init__(self, table: "KeyedTable", key: str) -> None:
            super().__init__()
            self.table = table
            self.key = key

        @property
        def control(self) -> "KeyedTable":
            return self.table

    def __init__(self, *, right: Iterable[str] = (), id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.right_columns = frozenset(right)  # columns whose cells are right-aligned (and every "tb..." column)
        self.columns: tuple[tuple[str, str], ...] = ()
        self.cells: dict[str, tuple[Cell, ...]] = {}
        self.order: list[str] = []
        self.index: dict[str, int] = {}
        self.widths: list[int] = []
        self.cursor = -1
        self.rebuilds = 0  # how many times the whole table was built (tests check patching)
        self.patched_cells = 0
        self._drawn: dict[str, tuple[tuple, Strip]] = {}  # key -> (what it was drawn from, the row's line)
        self._highlighted: str | None = None
        self._styles: dict[str, Style] = {}

    # -- what is shown ---------------------------------------------------------------------
    @property
    def row_count(self) -> int:
        return len(self.order)

    @property
    def selected_key(self) -> str | None:
        return self.order[self.cursor] if 0 <= self.cursor < len(self.order) else None

    def select_key(self, key: str | None) -> None:
        """Put the cursor on this row (nothing happens for a key not shown; a span row: the row after it)."""
        if key is None or key not in self.index:
            return
        self._move_to(self.index[key])

    def _span(self, cs: Sequence[Cell]) -> bool:
        return len(cs) == 1 and len(self.columns) > 1

    def selectable(self, row: int) -> bool:
        return 0 <= row < len(self.order) and not self._span(self.cells[self.order[row]])

    def _nearest(self, row: int, step: int) -> int:
        """The selectable row nearest `row` in the direction `step` (then the other way); -1: none."""
        for direction in (step, -step):
            r = row
            while 0 <= r < len(self.order):
                if self.selectable(r):
                    return r
                r += direction
        return -1

    def sync(self, columns: Sequence[tuple[str, str]], rows: Iterable[Row]) -> None:
        fixed: list[tuple[str, tuple[Cell, ...]]] = [(k, cs if type(cs) is tuple else tuple(cs)) for k, cs in rows]
        keep = self.selected_key
        heads = tuple(columns)
        if heads != self.columns:
            self._rebuild(heads, fixed)
        else:
            self._patch(fixed)
        if keep in self.index:
            self.cursor = self.index[keep]
        elif self.order:
            self.cursor = max(0, min(self.cursor, len(self.order) - 1))
        else:
            self.cursor = -1
        if self.cursor >= 0 and not self.selectable(self.cursor):
            self.cursor = self._nearest(self.cursor, 1)
        self._announce()

    def _rebuild(self, columns: tuple[tuple[str, str], ...], rows: list[tuple[str, tuple[Cell, ...]]]) -> None:
        self.rebuilds += 1
        self.columns = columns
        self.cells = dict(rows)
        self.order = [k for k, _ in rows]
        self.index = {k: i for i, k in enumerate(self.order)}
        self.widths = [max([_width(label)] + [_width(cs[i][0]) for cs in self.cells.values()
                                                 if not self._span(cs)])
                       for i, (_, label) in enumerate(columns)]
        self._drawn.clear()
        self._resized()

    def _patch(self, rows: list[tuple[str, tuple[Cell, ...]]]) -> None:
        new_keys = [k for k, _ in rows]
        new_set = set(new_keys)
        gone = [k for k in self.order if k not in new_set]
        changed: list[str] = []
        grown: dict[int, int] = {}
        shrunk: set[int] = set()
        added = False
        for k in gone:
            went = self.cells.pop(k)
            if not self._span(went):
                for i, c in enumerate(went):
                    if _width(c[0]) >= self.widths[i]:
                        shrunk.add(i)
            self._drawn.pop(k, None)
        for k, cs in rows:
            old = self.cells.get(k)
            if old is None:
                added = True
                if not self._span(cs):
                    for i, c in enumerate(cs):
                        grown[i] = max(grown.get(i, 0), _width(c[0]))
            elif old != cs:
                changed.append(k)
                if self._span(old) or self._span(cs):  # a span row counts for no column
                    self.patched_cells += 1
                    for i, c in enumerate(() if self._span(cs) else cs):
                        grown[i] = max(grown.get(i, 0), _width(c[0]))
                    for i, c in enumerate(() if self._span(old) else old):
                        if _width(c[0]) >= self.widths[i]:
                            shrunk.add(i)
                else:
                    for i, (a, b) in enumerate(zip(old, cs)):
                        if a != b:
                            self.patched_cells += 1
                            wa, wb = _width(a[0]), _width(b[0])
                            if wb > self.widths[i]:
                                grown[i] = max(grown.get(i, 0), wb)
                            elif wa >= self.widths[i] > wb:
                                shrunk.add(i)  # the widest cell got narrower: the column is measured again
            else:
                continue
            self.cells[k] = cs
        widths = list(self.widths)
        for i in shrunk:
            widths[i] = max([_width(self.columns[i][1])] + [_width(cs[i][0]) for cs in self.cells.values()
                                                               if not self._span(cs)])
        for i, w in grown.items():
            widths[i] = max(widths[i], w)
        reordered = new_keys != self.order
        if reordered:
            self.order = new_keys
            self.index = {k: i for i, k in enumerate(new_keys)}
        if widths != self.widths:
            self.widths = widths
            self._drawn.clear()
            self._resized()
        elif reordered or added or gone:
            self._resized()
        else:
            for k in changed:
                self._refresh_row(self.index[k])

    def _resized(self) -> None:
        width = sum(w + 2 * PAD for w in self.widths)
        size = Size(width, len(self.order) + 1)
        if size != self.virtual_size:
            self.virtual_size = size
        self.refresh()

    # -- the cursor -----------------------------------------------------------------------
    @property
    def _body_height(self) -> int:
        return max(1, self.scrollable_content_region.height - 1)

    def _move_to(self, row: int, step: int = 1) -> None:
        if not self.order:
            return
        row = self._nearest(max(0, min(row, len(self.order) - 1)), step)
        if row < 0:
            return
        if row != self.cursor:
            old, self.cursor = self.cursor, row
            self._refresh_row(old)
            self._refresh_row(row)
        self.scroll_to_cursor()
        self._announce()

    def scroll_to_cursor(self) -> None:
        if self.cursor < 0:
            return
        top, h = round(self.scroll_offset.y), self._body_height
        if self.cursor < top:
            first = self.cursor  # the span rows just above it (its match's head) come into sight with it
            while first > 0 and not self.selectable(first - 1) and self.cursor - first + 1 < h:
                first -= 1
            self.scroll_to(y=first, animate=False)
        elif self.cursor >= top + h:
            self.scroll_to(y=self.cursor - h + 1, animate=False)

    def _announce(self) -> None:
        key = self.selected_key
        if key != self._highlighted:
            self._highlighted = key
            self.post_message(self.Highlighted(self, key))

    def action_cursor(self, delta: int) -> None:
        self._move_to(self.cursor + delta, 1 if delta > 0 else -1)

    def action_page(self, delta: int) -> None:
        self._move_to(self.cursor + delta * self._body_height, 1 if delta > 0 else -1)

    def action_edge(self, end: int) -> None:
        self._move_to(len(self.order) - 1 if end > 0 else 0, -1 if end > 0 else 1)

    chosen: Callable[[str], None] | None = None  # Enter on a row, acted on at once (`action_select`)

    def action_select(self) -> None:
        """Enter: `Selected`, or `chosen(key)` when the screen gave it: a flow it starts then is started while the
        Enter's binding runs, so the keys typed after Enter in one burst wait for its dialog (tui/keyguard.py: a
        message reaches the screen only after they have)."""
        key = self.selected_key
        if key is None:
            return
        if self.chosen is not None:
            self.chosen(key)
        else:
            self.post_message(self.Selected(self, key))

    def say_why(self, text: str) -> None:
        from .messages import Say

        self.post_message(Say(text, "bold red"))

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y < 1:
            return
        row = round(self.scroll_offset.y) + offset.y - 1
        if self.selectable(row):
            if row == self.cursor:
                self.action_select()
            else:
                self._move_to(row)

    def on_resize(self, event) -> None:
        self.scroll_to_cursor()

    def on_focus(self, event: Focus) -> None:
        """Focused: drawn in the focus's colours (the tint, the cursor's), once. Textual's own handler (which
        this one stands in for: `prevent_default`) repaints the whole table even when the screen has drawn it
        focused already (`show_focused`): over SSH, a second screenful a frame after a view key."""
        event.prevent_default()
        if not self.has_focus:
            self.has_focus = True  # (its watcher restyles and repaints the table)
        if self.parent is not None:
            self.parent.post_message(DescendantFocus(self))

    def show_focused(self) -> None:
        """Drawn focused now, with the rest of the screen, not when the Focus event comes (the screen has just
        given it the focus: `Screen.set_focus`)."""
        if not self.has_focus:
            self.has_focus = True

    # -- drawing ---------------------------------------------------------------------------
    def _refresh_row(self, row: int) -> None:
        y = row - round(self.scroll_offset.y) + 1
        if 0 <= row < len(self.order) and 1 <= y < self.size.height:
            self.refresh(Region(0, y, self.size.width, 1))

    def _style_of(self, name: str) -> Style:
        st = self._styles.get(name)
        if st is None:
            st = self._styles[name] = Style.parse(name) if name else Style()
        return st

    def _justify(self, i: int) -> bool:
        k = self.columns[i][0]
        return k in self.right_columns or k.startswith("tb")

    def _cells_line(self, texts: Sequence[Cell]) -> list[Segment]:
        if self._span(texts):  # one cell across every column
            text, style = texts[0]
            room = sum(w + 2 * PAD for w in self.widths) - 2 * PAD - _width(text)
            return [Segment(" " * PAD), Segment(text + " " * max(0, room), self._style_of(style) if style else None),
                    Segment(" " * PAD)]
        segments = []
        for i, (text, style) in enumerate(texts):
            room = self.widths[i] - _width(text)
            padded = (" " * room + text) if self._justify(i) else (text + " " * room)
            segments.append(Segment(" " * PAD))
            segments.append(Segment(padded, self._style_of(style) if style else None))
            segments.append(Segment(" " * PAD))
        return segments

    def _row_strip(self, key: str) -> Strip:
        cs = self.cells[key]
        drawn = self._drawn.get(key)
        if drawn is not None and drawn[0] is cs:
            return drawn[1]
        strip = Strip(self._cells_line(cs))
        self._drawn[key] = (cs, strip)
        return strip

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        scroll_x, scroll_y = self.scroll_offset
        base = self.rich_style
        if y == 0:
            style = base + self.get_component_styles("keyed-table--header").rich_style
            strip = Strip(self._cells_line([(label, "") for _, label in self.columns])) if self.columns else Strip([])
            return strip.apply_style(style).crop_extend(scroll_x, scroll_x + width, style)
        row = round(scroll_y) + y - 1
        if not 0 <= row < len(self.order) or width <= 0:
            return Strip.blank(max(0, width), base)
        strip = self._row_strip(self.order[row])
        if row == self.cursor:
            # (the component's styles as they are now: focused or not, as a DataTable reads them)
            cursor = base + self.get_component_styles("keyed-table--cursor").rich_style
            # the cursor's colours over the cells' own (as a DataTable's row cursor)
            strip = Strip([Segment(t, (cursor + s + cursor) if s else cursor) for t, s, _ in strip])
            return strip.crop_extend(scroll_x, scroll_x + width, cursor)
        return strip.apply_style(base).crop_extend(scroll_x, scroll_x + width, base)
