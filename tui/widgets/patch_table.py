"""A DataTable built once and then diff-patched by row key.

`sync(columns, rows)` compares with what is shown: changed cells are
updated one by one, vanished rows removed, new rows added, and the order
restored by key; only a change of columns rebuilds the table. The cursor
stays on its row (by key), not on its index. Every cell is a `rich.text.Text`
(never markup), so a name like `Carol [/]` shows as typed.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import DataTable
from textual.widgets.data_table import CellDoesNotExist, CellKey, ColumnKey, RowKey

Cell = tuple[str, str]  # (plain text, style)
Row = tuple[str, Sequence[Cell]]


def cell(text: object, style: str = "") -> Cell:
    return (str(text), style)


# DataTable's caches in Textual 8: `PatchTable.update_cell` trims the first four for one row; the
# last two do not hold cell contents. A Textual with other caches gets DataTable.update_cell.
KNOWN_CACHES = frozenset({"_row_render_cache", "_cell_render_cache", "_row_renderable_cache", "_line_cache",
                          "_offset_cache", "_ordered_row_cache"})
WIDGET_CACHES = frozenset({"_arrangement_cache", "_box_model_cache", "_query_one_cache"})  # any Widget's


class PatchTable(DataTable):
    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, cursor_type="row", zebra_stripes=False)
        self._columns_shown: tuple[tuple[str, str], ...] = ()
        self._cells: dict[str, tuple[Cell, ...]] = {}
        self._order: list[str] = []
        self.rebuilds = 0  # how many times the whole table was built (tests check patching)
        self.patched_cells = 0

    @staticmethod
    def _text(c: Cell, justify: str = "left") -> Text:
        return Text(c[0], style=c[1], justify=justify, no_wrap=True, overflow="ellipsis")

    def _justify(self, i: int) -> str:
        k = self._columns_shown[i][0]
        return "right" if k in self.right_columns or k.startswith("tb") else "left"

    right_columns: frozenset[str] = frozenset()

    @property
    def selected_key(self) -> str | None:
        if not self._order or self.cursor_row < 0 or self.cursor_row >= self.row_count:
            return None
        try:
            key = self.coordinate_to_cell_key((self.cursor_row, 0)).row_key
        except Exception:
            return None
        return key.value

    def select_key(self, key: str | None) -> None:
        if key is None or key not in self._cells:
            return
        self.move_cursor(row=self.get_row_index(key), animate=False)

    def sync(self, columns: Sequence[tuple[str, str]], rows: Iterable[Row]) -> None:
        rows = [(k, cs if type(cs) is tuple else tuple(cs)) for k, cs in rows]
        keep = self.selected_key
        columns = tuple(columns)
        if columns != self._columns_shown:
            self._rebuild(columns, rows)
            self.select_key(keep)
            return
        new_keys = [k for k, _ in rows]
        new_set = set(new_keys)
        for k in [k for k in self._order if k not in new_set]:
            self.remove_row(k)
            del self._cells[k]
        col_keys = [c for c, _ in columns]
        changes = []
        for k, cs in rows:
            old = self._cells.get(k)
            if old is None:
                self.add_row(*(self._text(c, self._justify(i)) for i, c in enumerate(cs)), key=k)
            elif old != cs:
                changes.append((k, old, cs))
            self._cells[k] = cs
        # a few rows (a result): patch them one by one, repainting only them; many rows (the
        # standings after a round): set the cells, then let the table draw itself again once
        few = len(changes) <= self.FEW_ROWS or not self._caches_known()
        widths: dict[int, list[tuple[str, str]]] = {}
        for k, old, cs in changes:
            for i, (a, b) in enumerate(zip(old, cs)):
                if a != b:
                    text = self._text(b, self._justify(i))
                    if few:
                        self.update_cell(k, col_keys[i], text)
                    else:
                        self._data[RowKey(k)][ColumnKey(col_keys[i])] = text
                    widths.setdefault(i, []).append((a[0], b[0]))
                    self.patched_cells += 1
        if changes and not few:
            self._update_count += 1
            self.refresh()
        if widths:
            self._fit_columns(widths)
        old_set = set(self._order)
        current = [k for k in self._order if k in new_set] + [k for k in new_keys if k not in old_set]
        self._order = new_keys
        if current != new_keys:
            self._reorder(new_keys)
        self.select_key(keep)

    def update_cell(self, row_key: RowKey | str, column_key: ColumnKey | str, value: object, *,
                    update_width: bool = False) -> None:
        """DataTable.update_cell, but dropping only this row's cached renders.

        DataTable counts every change in `_update_count`, which is in the key of
        every cached cell, row and line: one new result made it draw every
        visible cell of the table again (with rich) on the next frame. Here only
        the changed row's cells and rows are dropped, and only its region is
        repainted (lines are assembled from cached rows, as on a cursor move).
        """
        if not self._caches_known():  # another Textual: its own update (correct, only slower)
            super().update_cell(row_key, column_key, value, update_width=update_width)
            return
        if isinstance(row_key, str):
            row_key = RowKey(row_key)
        if isinstance(column_key, str):
            column_key = ColumnKey(column_key)
        if row_key not in self._row_locations or column_key not in self._column_locations:
            raise CellDoesNotExist(f"No cell exists for row_key={row_key!r}, column_key={column_key!r}.")
        self._data[row_key][column_key] = value
        row_index = self._row_locations.get(row_key)
        self._row_renderable_cache.discard((self._update_count, row_index))
        for cache in (self._cell_render_cache, self._row_render_cache):
            for k in [k for k in cache.keys() if k[0] == row_key]:
                cache.discard(k)
        self._line_cache.clear()
        if update_width:
            self._updated_cells.add(CellKey(row_key, column_key))
            self._require_update_dimensions = True
        self.refresh_row(row_index)

    def _caches_known(self) -> bool:
        known = self.__dict__.get("_known")
        if known is None:
            from textual.cache import FIFOCache, LRUCache

            caches = {k for k, v in vars(self).items() if isinstance(v, (LRUCache, FIFOCache))}
            known = self.__dict__["_known"] = caches - WIDGET_CACHES == KNOWN_CACHES
        return known

    FEW_ROWS = 8

    def _fit_columns(self, changed: dict[int, list[tuple[str, str]]]) -> None:
        """Column widths after cells changed (old text, new text), computed once per column.

        DataTable's `update_width=True` measures, for each cell that got
        narrower, every cell of its column: a new standings order (a thousand
        rows, several columns) took seconds. Here a column is measured again
        only when a cell that was as wide as the column got narrower.
        """
        ordered = self.ordered_columns
        resized = False
        for i, pairs in changed.items():
            column = ordered[i]
            width = column.content_width
            grown = max(cell_len(b) for _, b in pairs)
            if any(cell_len(a) >= width > cell_len(b) for a, b in pairs):
                new = max((cell_len(cs[i][0]) for cs in self._cells.values()), default=0)
            else:
                new = max(width, grown)
            new = max(new, cell_len(column.label.plain))  # never narrower than its heading ("Res" over "·")
            if new != width:
                column.content_width = new
                resized = True
        if resized:
            self._update_count += 1
            self._require_update_dimensions = True
            self.refresh()

    def _update_column_widths(self, updated_cells: set[CellKey]) -> None:
        """A column that got wider or narrower: every cached render of the table is stale."""
        before = [c.content_width for c in self.ordered_columns]
        super()._update_column_widths(updated_cells)
        if [c.content_width for c in self.ordered_columns] != before:
            self._update_count += 1
            self.refresh()

    def _rebuild(self, columns: tuple[tuple[str, str], ...], rows: list[tuple[str, tuple[Cell, ...]]]) -> None:
        self.rebuilds += 1
        self.clear(columns=True)
        self._columns_shown = columns
        for key, label in columns:
            self.add_column(Text(label), key=key)
        self._cells = {}
        for k, cs in rows:
            self.add_row(*(self._text(c, self._justify(i)) for i, c in enumerate(cs)), key=k)
            self._cells[k] = cs
        self._order = [k for k, _ in rows]

    def _reorder(self, keys: list[str]) -> None:
        """Put the rows in this order (what DataTable.sort does, by row key)."""
        from textual._two_way_dict import TwoWayDict

        self._row_locations = TwoWayDict({RowKey(k): i for i, k in enumerate(keys)})
        self._update_count += 1
        self.refresh()
