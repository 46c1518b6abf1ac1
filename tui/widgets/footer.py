"""The footer: the keys that apply now, each shown whole or not at all.

Textual's Footer lays its keys out in a row and lets the last ones run under
the palette key docked on the right, so at 80 columns a label was cut in the
middle ("c вр▏^p"). Here the keys are taken in their order while they fit in
full; the others are on `?` and in the palette.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


def key_width(key: FooterKey) -> int:
    """Columns of a compact footer key: the key, a space and its label, one column of margin."""
    label = f" {key.description}" if key.description else ""
    return cell_len(key.key_display) + cell_len(label) + 1


class KeysFooter(Footer):
    _width_composed: int | None = None

    def compose(self):
        items = list(super().compose())
        width = self.size.width or self.app.size.width
        palette = [w for w in items if isinstance(w, FooterKey) and w.has_class("-command-palette")]
        room = width - sum(key_width(w) for w in palette)  # the palette key's border takes the margin's column
        for w in items:
            if w in palette:
                continue
            need = key_width(w) if isinstance(w, FooterKey) else 0
            if need > room:
                break
            room -= need
            yield w
        yield from palette

    def on_resize(self, event) -> None:
        if event.size.width != self._width_composed:
            self._width_composed = event.size.width
            self.call_after_refresh(self.recompose)
