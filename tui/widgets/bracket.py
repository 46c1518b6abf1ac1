"""The top's bracket with a cursor on a match.

`BracketView` draws the tree of `core.knockout.bracket_text.tree_layout` (a Line API
scroll view: it scrolls both ways, so a big top is never cut) with one match
selected: the arrow keys or h j k l move up and down a round and left and
right to the round that feeds it or that it feeds; the view scrolls to keep
the match in sight. Enter posts `BracketView.Chosen` (the screen shows that
match's board). A new bracket (a result came in, from this judge or another)
keeps the cursor on the same match.

`BracketBox` is the view with, under it, the selected match in full
(`core.knockout.bracket_text.match_lines`: seeds, games, who went through and why).

Which matches are to be played now comes from `core.knockout.current_boards`;
nothing here knows a rule. Names are data: every line is a `rich.text.Text`.
"""

from __future__ import annotations

from typing import Any, Mapping

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Static

from arbiter_tournament.core import knockout as ko
from arbiter_tournament.core.knockout.bracket_text import TreeLayout, decision_legend, match_lines, tree_layout
from arbiter_tournament.core.msg.cells import clean, fit

from .. import actions
from ..actions import W, Action, Why, register, why
from ..i18n import tr
from .messages import Say
from .round_texts import places_text
from .status import TextLine

MIN_WIDTH = 20  # the tree is never laid out narrower (it scrolls sideways instead)
MIN_COLUMN = 18  # columns a round at least: a big top scrolls sideways rather than cut names to nothing
DETAIL_FROM = 12  # the selected match in full under the tree only from this height (else the tree alone)
CURSOR_FOCUSED = Style(reverse=True, bold=True)
CURSOR_BLURRED = Style(underline=True, bold=True)
TO_PLAY = Style(color="yellow")


def to_play(bracket: ko.Bracket) -> list[Any]:
    """The keys of the matches with a game to play now (core's `current_boards`), in board order."""
    return [board.match for board in ko.current_boards(bracket)]


def legend(bracket: ko.Bracket, lang: str) -> list[str]:
    """What the letters after the points mean, for the decisions this bracket has (as `bracket_lines`)."""
    used = {m.decided_by for r in bracket.rounds for m in r}
    if bracket.third_place_match is not None:
        used.add(bracket.third_place_match.decided_by)
    return decision_legend(used, lang=lang)


def _bracket(v) -> Why | None:
    return why("no_top") if v.bracket is None else None


register(
    Action("bracket_board", ("enter",), W("board", "доска"),
           W("The match's board: the round panel on it, to enter its result",
             "Доска пары: панель тура на ней, чтобы внести результат"),
           ("bracket",), "action_choose", footer=1, when=_bracket, group="bracket", team=False),
    Action("bracket_up", ("up", "k"), W("up", "вверх"), W("The match above in the same round", "Пара выше в том же туре"),
           ("bracket",), "action_move", (0, -1), group="bracket", key_shown="↑ k", team=False),
    Action("bracket_down", ("down", "j"), W("down", "вниз"),
           W("The match below (the third-place match is under the final)", "Пара ниже (матч за 3-е место под финалом)"),
           ("bracket",), "action_move", (0, 1), group="bracket", key_shown="↓ j", team=False),
    Action("bracket_left", ("left", "h"), W("round before", "тур до"),
           W("The round before: the upper of the two matches that feed this one",
             "Тур до: верхняя из двух пар, из которых выходят в эту"),
           ("bracket",), "action_move", (-1, 0), group="bracket", key_shown="← h", team=False),
    Action("bracket_right", ("right", "l"), W("round after", "тур после"),
           W("The round after: the match this one feeds", "Тур после: пара, в которую выходят из этой"),
           ("bracket",), "action_move", (1, 0), group="bracket", key_shown="→ l", team=False),
    Action("bracket_first", ("home",), W("first", "первая"), W("The first match of the round", "Первая пара тура"),
           ("bracket",), "action_edge", (-1,), group="bracket", team=False),
    Action("bracket_last", ("end",), W("last", "последняя"), W("The last match of the round", "Последняя пара тура"),
           ("bracket",), "action_edge", (1,), group="bracket", team=False),
)


class BracketView(actions.Scoped, ScrollView, can_focus=True):
    """The tree with a cursor on a match (see the module docstring)."""

    DEFAULT_CSS = """
    BracketView {
        height: 1fr;
        scrollbar-size-vertical: 1;
        scrollbar-size-horizontal: 1;
    }
    """

    ACTION_SCOPE = "bracket"
    BINDINGS = actions.bindings("bracket")

    class Highlighted(Message):
        """The cursor is on another match (or the bracket changed under it)."""

        def __init__(self, view: "BracketView", key: Any) -> None:
            super().__init__()
            self.view = view
            self.key = key

    class Chosen(Message):
        """Enter on a match: `bracket` is the bracket shown, `key` the match (`Match.key`)."""

        def __init__(self, view: "BracketView", bracket: ko.Bracket, key: Any) -> None:
            super().__init__()
            self.view = view
            self.bracket = bracket
            self.key = key

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.bracket: ko.Bracket | None = None
        self.names: dict[int, str] = {}
        self.empty = ""
        self.lang = "en"  # of the bracket's words (core.knockout.bracket_text)
        self.cursor: Any = None  # the key of the selected match
        self.layout_: TreeLayout | None = None
        self._bracket_lines: list[Text] = []
        self._bracket_strips: list[Strip] = []
        self._built_for: tuple | None = None
        self._names_given: object = None  # the mapping `show` was last given (the same one: no compare)

    # -- what is shown ----------------------------------------------------------------------
    def show(self, bracket: ko.Bracket | None, names: Mapping[int, str], empty: str = "", lang: str = "en") -> None:
        """Show this bracket (None: the line `empty`) in `lang`; the cursor stays on its match."""
        same_names = names is self._names_given or names == self.names
        if (bracket == self.bracket and same_names and empty == self.empty and lang == self.lang
                and self.layout_ is not None):
            return
        self._names_given = names
        self.bracket, self.names, self.empty, self.lang = bracket, dict(names), empty, lang
        self.layout_ = None
        self._built_for = None
        self._lay_out()
        if bracket is not None and self.layout_ is not None and self.cursor not in self.layout_.slots:
            playing = to_play(bracket)
            self.cursor = playing[0] if playing else bracket.final.key
        self._draw()
        self.post_message(self.Highlighted(self, self.cursor))

    def selected(self) -> ko.Match | None:
        if self.bracket is None or self.cursor is None:
            return None
        try:
            return self.bracket.match(self.cursor)
        except ko.IllegalChange:
            return None

    def _lay_out(self) -> None:
        """Lay the tree out for the width of the view (again only when the bracket or the width changed)."""
        width = max(MIN_WIDTH, self.size.width - 1)  # one column for the vertical scrollbar
        key = (id(self.bracket), width)
        if self._built_for == key and self.layout_ is not None:
            return
        self._built_for = key
        if self.bracket is None:
            self.layout_ = TreeLayout((), {}, ())
            self._bracket_lines = [Text(" " + self.empty, style="dim")]
            return
        self.layout_ = tree_layout(self.bracket, self.names, width=width, min_column=MIN_COLUMN, lang=self.lang)
        self._bracket_lines = [Text(line) for line in self.layout_.lines]
        marks = legend(self.bracket, self.lang)
        if marks:
            self._bracket_lines.append(Text())
            self._bracket_lines.extend(Text(m, style="dim") for m in marks)
        if self.cursor not in self.layout_.slots:
            self.cursor = None

    def _draw(self) -> None:
        """The lines as strips, with the matches to play and the cursor marked."""
        lines = [line.copy() for line in self._bracket_lines]
        lay = self.layout_
        if lay is not None and self.bracket is not None:
            for key in to_play(self.bracket):
                for line, x0, x1 in lay.slots.get(key, ()):
                    lines[line].stylize(TO_PLAY, x0, x1)
            cursor_style = CURSOR_FOCUSED if self.has_focus else CURSOR_BLURRED
            for line, x0, x1 in lay.slots.get(self.cursor, ()):
                if lines[line].cell_len < x1:
                    lines[line].pad_right(x1 - lines[line].cell_len)
                lines[line].stylize(cursor_style, x0, x1)
        console = self.app.console
        self._bracket_strips = [Strip(list(line.render(console, end="")), line.cell_len) for line in lines]
        width = max((s.cell_length for s in self._bracket_strips), default=0)
        self.virtual_size = Size(width, len(self._bracket_strips))
        self.refresh()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        i = scroll_y + y
        width = self.scrollable_content_region.width
        style = self.rich_style
        if i >= len(self._bracket_strips) or width <= 0:
            return Strip.blank(max(0, width), style)
        return self._bracket_strips[i].crop_extend(scroll_x, scroll_x + width, style).apply_style(style)

    def on_resize(self, event) -> None:
        if self.layout_ is None:
            return
        before = self._built_for
        self._lay_out()
        if self._built_for != before:
            self._draw()
        self.scroll_to_cursor()

    def watch_has_focus(self, focused: bool) -> None:
        super().watch_has_focus(focused)  # (Widget's: the styles of :focus)
        if self.layout_ is not None:
            self._draw()  # the cursor: reverse when focused, underlined when not

    # -- the cursor --------------------------------------------------------------------------
    def _where(self) -> tuple[int, int] | None:
        lay = self.layout_
        if lay is None:
            return None
        for c, keys in enumerate(lay.columns):
            if self.cursor in keys:
                return c, keys.index(self.cursor)
        return None

    def _centre(self, key: Any) -> float:
        a, b = self.layout_.slots[key]  # type: ignore[union-attr]
        return (a[0] + b[0]) / 2

    def action_move(self, dx: int, dy: int) -> None:
        where = self._where()
        if where is None:
            return
        c, row = where
        columns = self.layout_.columns  # type: ignore[union-attr]
        if dy:
            row = max(0, min(len(columns[c]) - 1, row + dy))
            self.select(columns[c][row])
            return
        if not 0 <= c + dx < len(columns):
            return
        here = self._centre(self.cursor)
        # the match drawn nearest: the one it feeds, or (going left) the upper one of those feeding it
        self.select(min(columns[c + dx], key=lambda k: abs(self._centre(k) - here)))

    def action_edge(self, direction: int) -> None:
        where = self._where()
        if where is not None:
            keys = self.layout_.columns[where[0]]  # type: ignore[union-attr]
            self.select(keys[0] if direction < 0 else keys[-1])

    def select(self, key: Any) -> None:
        """Put the cursor on the match `key` (as `Match.key`) and bring it into sight."""
        if self.layout_ is None or key not in self.layout_.slots:
            return
        if key != self.cursor:
            self.cursor = key
            self._draw()
            self.post_message(self.Highlighted(self, key))
        self.scroll_to_cursor()

    def scroll_to_cursor(self) -> None:
        lay = self.layout_
        if lay is None or self.cursor not in lay.slots:
            return
        (y0, x0, x1), (y1, _, _) = lay.slots[self.cursor]
        if self.cursor in lay.columns[-1]:  # the final (and the third-place match): its winner, drawn after it, too
            x1 = max(x1, self.virtual_size.width)
        self.scroll_to_region(Region(x0, y0, max(1, x1 - x0), y1 - y0 + 1), animate=False, immediate=True)

    def say_why(self, text: str) -> None:
        self.post_message(Say(text, "yellow"))

    def action_choose(self) -> None:
        if self.bracket is not None and self.cursor is not None:
            self.post_message(self.Chosen(self, self.bracket, self.cursor))


class BracketBox(Vertical):
    """The bracket view and, under it, the selected match in full."""

    DEFAULT_CSS = """
    BracketBox {
        height: 1fr;
    }
    BracketBox > #bracket-detail {
        height: auto;
        max-height: 7;
        padding: 0 1;
    }
    """

    def compose(self) -> ComposeResult:
        yield BracketView(id="bracket-tree")
        yield Static(id="bracket-detail")

    @property
    def view(self) -> BracketView:
        return self.query_one(BracketView)

    def show(self, bracket: ko.Bracket | None, names: Mapping[int, str], empty: str = "", lang: str = "en") -> None:
        self.view.show(bracket, names, empty, lang)

    @on(BracketView.Highlighted)
    def _highlighted(self, message: BracketView.Highlighted) -> None:
        message.stop()
        self.show_detail()

    def on_resize(self, event) -> None:
        self.show_detail()

    def show_detail(self) -> None:
        view = self.view
        match = view.selected()
        detail = self.query_one("#bracket-detail", Static)
        detail.display = match is not None and self.size.height >= DETAIL_FROM
        if match is None or view.bracket is None:
            return
        width = max(MIN_WIDTH, self.size.width - 2)
        lines = match_lines(view.bracket, match, view.names, width=width, lang=view.lang)
        text = Text()  # wraps: a long reason (705.2) is read whole
        text.append(lines[0], style="bold")
        for line in lines[1:]:
            text.append("\n" + line)
        detail.update(text)


class BracketPanel(Vertical):
    """The bracket panel: its head and the bracket with its cursor (the top's bracket, or "no top yet")."""

    def compose(self) -> ComposeResult:
        yield TextLine(id="bracket-head", classes="panel-head")
        yield TextLine(id="bracket-places", classes="places")
        yield BracketBox(id="bracket-box")

    _names_of: tuple = ()  # (the players, their names by id)

    def show(self, event, lang: str, b) -> None:
        """Show the event's top's bracket `b` (None before it starts: "no top yet")."""
        head = Text(tr(lang, "bracket"), style="bold", no_wrap=True, overflow="ellipsis")
        if b is not None:
            head.append(f" · {tr(lang, 'bracket_size', n=b.size)}"
                        + (f" {tr(lang, 'bracket_third')}" if b.third_place_match is not None else ""))
            if b.champion is not None:
                name = clean(fit(event.player(b.champion).name, 24))
                head.append(f" · {tr(lang, 'champion', name=name, id=b.champion)}", style="bold green")
            keys = f" · {tr(lang, 'bracket_keys')}"
            width = (self.size.width or self.app.size.width or 80) - 2  # the head has a column of padding each side
            if head.cell_len + cell_len(keys) <= width:  # the keys only when they fit whole (they are on ? too):
                head.append(keys, style="dim")  # the champion was cut off behind them
        self.query_one("#bracket-head", TextLine).show(head)
        places = places_text(event, lang, b, width=(self.size.width or self.app.size.width or 80) - 2) \
            if b is not None else None
        line = self.query_one("#bracket-places", TextLine)
        if line.display != (places is not None):
            line.display = places is not None
        if places is not None:
            line.show(places, layout=True)
        if not self._names_of or self._names_of[0] is not event.players:
            self._names_of = (event.players, {p.id: p.name for p in event.players})
        self.query_one(BracketBox).show(b, self._names_of[1], tr(lang, "no_top"), lang)
