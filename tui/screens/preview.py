"""The pairing of the next round before it is saved: the boards, why each was made, changes by hand.

`p` on the main screen pushes this screen with `core.preview.propose`'s
proposal. Nothing is written until `y` (or Enter): then one transaction
(`ArbiterApp.apply`) calls `core.preview.adopt`, which refuses when another
judge changed the event meanwhile (`r` then pairs again on the file as it is).
Swaps, exchanges and the bye by hand change only the proposal; their
warnings (`core.pairing.warnings_for`) show at once, in yellow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from core import pairing, preview
from core.errors import ArbiterError, Conflict, message
from core.formats.text import clean, fit, scores_before

from ..i18n import tr
from ..widgets.footer import KeysFooter
from ..widgets.patch_table import PatchTable, cell
from .dialogs import TextScreen

if TYPE_CHECKING:
    from ..app import ArbiterApp

# (key, action, description key, key as displayed); the Russian layout's letter follows each Latin one
KEYS = [
    ("w,ц", "swap", "pv_swap", "w"),
    ("x,ч", "exchange", "pv_exchange", "x"),
    ("b,и", "bye", "pv_bye", "b"),
    ("r,к", "reset", "pv_reset", "r"),
    ("e,у", "explain", "pv_explain", "e"),
    ("y,н", "save", "pv_save", "y"),
    ("n,т,escape", "cancel", "pv_cancel", "n"),
]

MAX_WARNINGS = 3  # lines of warnings under the table; `e` shows them all


def name_id(p, width: int) -> str:
    """"Name (id)" in `width` columns: a long name is cut, its number never."""
    num = f" ({p.id})"
    return fit(p.name, width - len(num)) + num


class PreviewScreen(Screen[tuple[str, str] | None]):
    """Answers (message, style) once the pairing is saved, None when cancelled."""

    AUTO_FOCUS = "#preview-table"
    DEFAULT_CSS = """
    PreviewScreen #preview-table { height: 1fr; scrollbar-size-vertical: 1; }
    PreviewScreen #preview-why { height: 2; padding: 0 1; }
    PreviewScreen #preview-warn { height: auto; max-height: 3; padding: 0 1; }
    PreviewScreen #preview-msg { height: 1; padding: 0 1; }
    """

    def __init__(self, proposal: preview.Proposal, lang: str) -> None:
        super().__init__()
        self.proposal = proposal
        self.lang = lang
        self._why: tuple[object, dict] | None = None  # (the engine's pairing, engine_reasons)
        self._seen: object = None  # the app's event last checked for changes by others
        self._bindings = self.make_bindings(lang)

    @staticmethod
    def make_bindings(lang: str):
        from textual.binding import BindingsMap

        return BindingsMap([Binding(k, a, tr(lang, d), key_display=kd) for k, a, d, kd in KEYS])

    @property
    def arb(self) -> "ArbiterApp":
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield Static(id="preview-head", classes="panel-head")
        yield PatchTable(id="preview-table")
        yield Static(id="preview-why")
        yield Static(id="preview-warn")
        yield Static(id="preview-msg")
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.query_one(PatchTable).right_columns = frozenset({"bd", "p1", "p2"})
        self.show()
        self.set_interval(1.0, self.check_file)

    # -- what is shown ----------------------------------------------------------------
    def row_key(self, i: int, board: int) -> str:
        return f"{i}:{board}"

    def selected(self) -> tuple[object, int] | None:
        """(round key, board) of the highlighted row."""
        key = self.query_one(PatchTable).selected_key
        if key is None:
            return None
        i, board = key.split(":")
        return self.proposal.keys[int(i)], int(board)

    def show(self) -> None:
        lang, p = self.lang, self.proposal
        e = p.event
        cols = [("bd", tr(lang, "board")), ("first", tr(lang, "first")), ("p1", tr(lang, "pts")),
                ("second", tr(lang, "second")), ("p2", tr(lang, "pts")), ("hand", "*")]
        rows = []
        for i, rnd in enumerate(p.rounds):
            pts = scores_before(e, rnd)
            for g in rnd.games:
                a = e.player(g.first)
                first = cell(name_id(a, 26))
                mark = cell("*", "bold yellow") if g.manual else cell("")
                if g.second is None:
                    cells = (cell(g.board), first, cell(pts.get(a.id, "")), cell(tr(lang, "bye"), "dim"), cell(""), mark)
                else:
                    b = e.player(g.second)
                    cells = (cell(g.board), first, cell(pts.get(a.id, "")), cell(name_id(b, 26)),
                             cell(pts.get(b.id, "")), mark)
                rows.append((self.row_key(i, g.board), cells))
        self.query_one(PatchTable).sync(cols, rows)
        head = Text(no_wrap=True, overflow="ellipsis")
        numbers = ", ".join(str(r.number) for r in p.rounds)
        head.append(tr(lang, "pair_title", n=numbers), style="bold")
        tables = sorted({r.table for r in p.rounds if r.table is not None})
        if tables:
            head.append(f" · {tr(lang, 'k_table')} {', '.join(map(str, tables))}")
        hand = sum(1 for r in p.rounds for g in r.games if g.manual)
        if hand:
            head.append(" · " + tr(lang, "pv_by_hand", n=hand), style="yellow")
        else:
            head.append(" · " + tr(lang, "pv_engine"), style="dim")
        self.query_one("#preview-head", Static).update(head)
        self.show_warnings()
        self.show_why()

    def show_warnings(self) -> None:
        warnings = self.proposal.warnings_in(self.lang)
        t = Text(no_wrap=True, overflow="ellipsis")
        shown = warnings if len(warnings) <= MAX_WARNINGS else warnings[:MAX_WARNINGS - 1]
        for i, w in enumerate(shown):
            t.append(("\n" if i else "") + "! " + clean(w), style="yellow")
        if len(shown) < len(warnings):
            t.append("\n" + tr(self.lang, "pv_more", n=len(warnings) - len(shown)), style="yellow")
        warn = self.query_one("#preview-warn", Static)
        warn.update(t)
        warn.display = bool(warnings)

    def reasons(self) -> dict:
        """The engine's reasons, computed once per pairing the engine made (they run the engine again)."""
        p = self.proposal
        if self._why is None or self._why[0] is not p.engine:
            try:
                why = preview.engine_reasons(p, self.lang)
            except ArbiterError as exc:
                why = {}
                self.say_error(message(exc, self.lang))
            self._why = (p.engine, why)
        return self._why[1]

    def show_why(self) -> None:
        """Why the highlighted board was made; for a board changed by hand, what the program had there."""
        at = self.selected()
        text = ""
        if at is not None:
            key, board = at
            p = self.proposal
            why = preview.explanations(p, self.lang, self.reasons()).get(key, {}).get(board)
            if why is not None:
                text = tr(self.lang, "pv_why", b=board, why=why)
            else:
                text = tr(self.lang, "pv_why_hand", b=board)
                engine = next((g for g in p.engine.find_round(*key).games if g.board == board), None)
                if engine is not None:
                    e = p.engine
                    names = f"{e.player(engine.first).name} ({engine.first})" + (
                        f" – {e.player(engine.second).name} ({engine.second})" if engine.second is not None
                        else f" – {tr(self.lang, 'bye')}")
                    had = self.reasons().get(key, {}).get((engine.first, engine.second), "")
                    text += " " + tr(self.lang, "pv_why_had", b=board, names=names) + (f": {had}" if had else "")
        self.query_one("#preview-why", Static).update(Text(clean(text), style="dim", overflow="ellipsis"))

    def say(self, text: str, style: str = "") -> None:
        self.query_one("#preview-msg", Static).update(Text(clean(text), style=style, no_wrap=True, overflow="ellipsis"))

    def say_error(self, text: str) -> None:
        self.say(text, "bold red")

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_why()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_save()  # Enter saves, as `y`

    def check_file(self) -> None:
        """Another judge changed the event: say so now, not only when `y` is refused."""
        now = self.arb.event
        if now is self._seen:
            return
        self._seen = now
        what = preview.differs(now, self.proposal)
        if what is not None:
            self.say_error(tr(self.lang, "pv_stale", who=self.arb.last_author()))

    # -- changes by hand ------------------------------------------------------------------
    def change(self, fn, done: str) -> None:
        try:
            self.proposal = fn(self.proposal)
        except ArbiterError as exc:
            self.say_error(message(exc, self.lang))
            return
        self.show()
        self.say(done, "yellow" if self.proposal.warnings else "")

    def action_swap(self) -> None:
        at = self.selected()
        if at is None:
            return
        key, board = at
        self.change(lambda p: preview.swap(p, board, key), tr(self.lang, "swapped", b=board))

    def action_exchange(self) -> None:
        self.arb.prompt(tr(self.lang, "exchange_prompt"), self.exchange)

    def exchange(self, text: str) -> None:
        try:
            a, b = (int(x) for x in text.replace(",", " ").split())
        except ValueError:
            self.say_error(tr(self.lang, "pv_two_numbers", text=text.strip()))
            return
        self.change(lambda p: preview.exchange(p, a, b), tr(self.lang, "pv_exchanged", a=a, b=b))

    def action_bye(self) -> None:
        self.arb.prompt(tr(self.lang, "give_bye_prompt"), self.give_bye)

    def give_bye(self, text: str) -> None:
        try:
            pid = int(text.strip())
        except ValueError:
            self.say_error(tr(self.lang, "not_number", text=text.strip()))
            return
        self.change(lambda p: preview.give_bye(p, pid), tr(self.lang, "pv_bye_given", id=pid))

    def action_reset(self) -> None:
        """Back to the engine's pairing; after a change by another judge, the engine's pairing of the file now."""
        now = self.arb.event
        if preview.differs(now, self.proposal) is None:
            self.proposal = preview.reset(self.proposal)
            self.show()
            self.say(tr(self.lang, "pv_reset_done"))
            return
        try:
            self.proposal = preview.propose(now, self.proposal.table)
        except ArbiterError as exc:
            self.say_error(message(exc, self.lang))
            return
        self.show()
        self.say(tr(self.lang, "pv_paired_again"), "bold")

    def action_explain(self) -> None:
        p = self.proposal
        body = Text()
        for rnd in p.rounds:
            try:
                text = pairing.explain_round(p.event, rnd, lang=self.lang)
            except ArbiterError as exc:
                text = message(exc, self.lang)
            body.append("\n".join(clean(line) for line in text.splitlines()) + "\n")
        numbers = ", ".join(str(r.number) for r in p.rounds)
        self.app.push_screen(TextScreen(tr(self.lang, "explain_title", n=numbers), body, wrap=True))

    # -- save or cancel -------------------------------------------------------------------------
    def action_save(self) -> None:
        p = self.proposal
        try:
            self.arb.apply(lambda ev: preview.adopt(ev, p), p.what())
        except Conflict:
            self.say_error(tr(self.lang, "pv_stale", who=self.arb.last_author()))
            return
        except ArbiterError as exc:
            self.say_error(message(exc, self.lang))
            return
        numbers = ", ".join(str(r.number) for r in p.rounds)
        warnings = p.warnings_in(self.lang)
        msg = tr(self.lang, "paired", n=numbers) + ("; " + "; ".join(warnings) if warnings else "")
        self.dismiss((msg, "yellow" if warnings else "bold"))

    def action_cancel(self) -> None:
        self.dismiss(None)
