"""The footer: the keys that apply now (from the action table), each whole, and the palette key on the right.

It shows the screen's active bindings as Textual has them (`Screen.active_bindings`,
which asks each node's `check_action`: `tui.actions.footer`), and looks again
when Textual says the bindings may have changed (the screen's
`bindings_updated_signal`: `refresh_bindings`, a focus change): what changed
is drawn again, and asked again when it is drawn, so that once one of the three
or four such signals of a key (the change, the focus, the cursor) has found a
change, the others cost nothing; a signal that finds none draws nothing. The keys are
written while they fit in full; the others are on `?` and in the palette
(Ctrl+P), whose key stands at the right edge, with `q` (quit, on the round's
screen) beside it, whatever else fits. One line of text: telling it
the keys changed costs one repaint, not a rebuild of a dozen widgets (as
Textual's own Footer would).
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.widget import Widget

from .. import actions
from ..host import arbiter_app
from ..i18n import tr


PINNED = frozenset({"quit"})  # always written, at the right beside the palette's key (the others as they fit)


def _need(k: tuple[str, str, str]) -> int:
    return cell_len(k[0]) + 1 + cell_len(k[1]) + 1


class KeysBar(Widget):
    COMPONENT_CLASSES = {"keys-bar--key", "keys-bar--label", "keys-bar--edge"}
    DEFAULT_CSS = """
    KeysBar {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        & > .keys-bar--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .keys-bar--label {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        & > .keys-bar--edge {
            color: $foreground 20%;
        }
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.keys: list[tuple[str, str, str]] = []
        self._to_draw = False  # a change of the keys is to be drawn (`render` asks again then)
        self._key_spans: list[tuple[int, int, str]] = []  # (from, to, action id) of what is written, for a click

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._keys_may_have_changed)
        self._to_draw = True  # (drawn with the screen's first frame, asked then)
        self.refresh()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _keys_may_have_changed(self, _screen) -> None:
        if self._to_draw:
            return  # asked again when drawn
        if actions.footer(self.screen) != self.keys:
            self._to_draw = True
            self.refresh()

    def palette_key(self) -> str:
        return self.app.get_key_display(Binding(self.app.COMMAND_PALETTE_BINDING, ""))

    def render(self) -> Text:
        self.keys = actions.footer(self.screen)
        self._to_draw = False
        width = self.size.width or self.app.size.width
        key_style = self.get_component_rich_style("keys-bar--key")
        label_style = self.get_component_rich_style("keys-bar--label")
        edge_style = self.get_component_rich_style("keys-bar--edge")
        palette = (self.palette_key(), tr(arbiter_app(self).lang, "k_palette"))
        pinned = [k for k in self.keys if k[2] in PINNED]
        right = sum(_need(k) for k in pinned) + 1 + cell_len(palette[0]) + 1 + cell_len(palette[1])  # "q quit ▏^p menu"
        room = width - right
        t = Text(no_wrap=True, overflow="crop")
        self._key_spans = []

        def write(key: str, label: str, action_id: str) -> None:
            start = t.cell_len
            t.append(key, key_style)
            t.append(" " + label, label_style)
            t.append(" ")
            self._key_spans.append((start, t.cell_len - 1, action_id))

        for k in self.keys:
            if k[2] in PINNED:
                continue
            if _need(k) > room:
                break
            write(*k)
            room -= _need(k)
        t.append(" " * max(0, width - right - t.cell_len))
        for k in pinned:
            write(*k)
        t.append("▏", edge_style)
        t.append(palette[0], key_style)
        t.append(" " + palette[1], label_style)
        return t

    def on_click(self, event: Click) -> None:
        for start, end, action_id in self._key_spans:
            if start <= event.x < end:
                a = actions.BY_ID[action_id]
                self.app.simulate_key(a.keys[0])
                return
        if event.x >= self.size.width - 20:
            self.app.action_command_palette()
