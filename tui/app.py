"""The judge's TUI (minimal read-only view until the full app lands)."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static

from core.errors import ArbiterError
from core.formats.text import round_text, standings_text
from core.standings import completed_rounds, standings
from core.store import EventFile


class ArbiterApp(App):
    BINDINGS = [("q", "quit", "Quit")]

    def __init__(self, path: str) -> None:
        super().__init__()
        self.file = EventFile(path)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="body")
        yield Footer()

    def on_mount(self) -> None:
        e = self.file.load()
        self.title = e.name
        parts = []
        for r in e.rounds[-1:]:
            parts.append(round_text(e, r))
        after = completed_rounds(e)
        parts.append(standings_text(e, standings(e, after_round=after), [], after))
        self.query_one("#body", Static).update(Text("\n".join(parts)))


def run(path: str) -> int:
    try:
        EventFile(path).load()
    except ArbiterError:
        raise
    ArbiterApp(path).run()
    return 0
