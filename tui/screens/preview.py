"""The pairing of the next round before it is saved: the boards, why each was made, changes by hand.

`p` on the main screen pushes this screen with `core.pairing.preview.propose`'s
proposal (computed in a job, off the event loop). Nothing is written until
`y` (or Enter): then one transaction (`commit`) runs
`core.commands.SavePairing`, which refuses when another judge changed the event
meanwhile (`r` then pairs again on the file as it is, in a job: Esc stops
it and keeps the proposal shown).
Swaps, exchanges and the bye by hand change only the proposal; their
warnings (`core.pairing.rounds.warnings_for`) show at once, in yellow.
"""

from __future__ import annotations

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.message import Message
from textual.widgets import Static
from textual.worker import get_current_worker

from arbiter_tournament.core.commands import SavePairing
from arbiter_tournament.core.pairing import preview
from arbiter_tournament.core import limits
from arbiter_tournament.core.errors import ArbiterError, InvalidNumber
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice
from arbiter_tournament.core.formats.text import scores_before
from arbiter_tournament.core.msg.cells import clean, fit

from .. import actions
from ..actions import W, Action, busy, register, why
from ..changes import Change
from ..i18n import tr
from ..widgets.keyed_table import KeyedTable, cell
from ..widgets.keys_bar import KeysBar
from ..widgets.messages import EventChanged
from ..widgets.progress import ProgressLine
from ..widgets.status import MessageLine, TextLine
from .base import ArbiterScreen
from .dialogs import TextScreen

register(
    Action("pv_swap", ("w",), W("colours", "цвет"),
           W("Swap the colours of the highlighted board", "Поменять цвет на выбранной доске"),
           ("preview",), "action_swap", footer=1, palette=True, group="preview"),
    Action("pv_exchange", ("x",), W("exchange", "обмен"),
           W("Exchange two players between their boards (their numbers, e.g. 12 7)",
             "Поменять двух участников досками (их номера, например 12 7)"),
           ("preview",), "action_exchange", footer=2, palette=True, group="preview"),
    Action("pv_bye", ("b",), W("bye", "бай"),
           W("Give the bye to a player by hand (the old bye plays his opponent)",
             "Дать бай участнику вручную (прежний получатель бая играет с его соперником)"),
           ("preview",), "action_bye", footer=3, palette=True, group="preview"),
    Action("pv_reset", ("r",), W("as paired", "исходная"),
           W("Back to the program's pairing (after another judge's change: pair again)",
             "Вернуть жеребьёвку программы (после изменения другим судьёй: провести заново)"),
           ("preview", "team_preview"), "action_reset", footer=4, palette=True, when=busy, group="preview"),
    Action("pv_explain", ("e",), W("explain", "пояснить"),
           W("Why each board was made, and every warning", "Почему составлена каждая пара, все предупреждения"),
           ("preview",), "action_explain", footer=5, palette=True, when=busy, group="preview", team=False),
    Action("pv_save", ("y",), W("save", "сохранить"),
           W("Save (Enter too): the changed boards are marked as made by hand",
             "Сохранить (и Enter): изменённые доски отмечаются как составленные вручную"),
           ("preview", "team_preview"), "action_save", footer=6, palette=True, group="preview"),
    Action("pv_cancel", ("n", "escape"), W("cancel", "отмена"),
           W("Cancel (Esc too): nothing is saved; Esc first stops a pairing under way",
             "Отмена (и Esc): ничего не сохраняется; Esc сначала останавливает идущую жеребьёвку"),
           ("preview", "team_preview"), "action_cancel", footer=7, palette=True, group="preview"),
)

MAX_WARNINGS = 3  # lines of warnings under the table; `e` shows them all
BIG = 300  # players from which the engine's reasons (the engine run again) are computed in a thread


def name_id(p, width: int) -> str:
    """"Name (id)" in `width` columns: a long name is cut, its number never."""
    num = f" ({p.id})"
    return fit(p.name, width - len(num)) + num


class Reasons(Message):
    """The engine's reasons for a pairing, computed in a worker (`preview.engine_reasons`), or its refusal."""

    def __init__(self, engine: Event, reasons: dict | ArbiterError) -> None:
        super().__init__()
        self.engine = engine
        self.reasons = reasons


class PreviewScreen(ArbiterScreen):
    """Answers (message, style) once the pairing is saved, None when cancelled."""

    ACTION_SCOPE = "preview"
    BINDINGS = actions.bindings("preview")
    AUTO_FOCUS = "#preview-table"
    DEFAULT_CSS = """
    PreviewScreen #preview-table { height: 1fr; scrollbar-size-vertical: 1; }
    PreviewScreen #preview-why { height: auto; min-height: 2; max-height: 4; padding: 0 1; }
    PreviewScreen #preview-warn { height: auto; max-height: 3; padding: 0 1; }
    PreviewScreen #preview-msg { height: 1; padding: 0 1; }
    PreviewScreen #preview-msg.two { height: 2; }
    PreviewScreen #preview-msg.three { height: 3; }
    """

    def __init__(self, proposal: preview.Proposal, lang: str, note: str = "") -> None:
        super().__init__()
        self.proposal = proposal
        self.lang = lang
        self.note = note  # said on opening (pair all tables: the tables left out, and why)
        self._why: tuple[Event, dict | None] | None = None  # (the engine's pairing, engine_reasons or None: coming)
        self._seen: object = None  # the app's event last checked for changes by others
        self._saved: tuple[str, str] | None = None  # the pairing is saved: what to say once back on the main screen

    def on_screen_resume(self) -> None:
        super().on_screen_resume()
        if self._saved is not None:
            self.call_later(self.dismiss, self._saved)

    def compose(self) -> ComposeResult:
        yield TextLine(id="preview-head", classes="panel-head")
        yield KeyedTable(id="preview-table", right=("tbl", "bd", "p1", "p2"))
        yield Static(id="preview-why")
        yield Static(id="preview-warn")
        yield ProgressLine(id="progress")
        yield MessageLine(id="preview-msg")
        yield KeysBar()

    def on_mount(self) -> None:
        self.show()
        self.check_file()
        if self.note:
            self.say(self.note, "yellow")

    # -- what is shown ----------------------------------------------------------------
    def row_key(self, i: int, board: int) -> str:
        return f"{i}:{board}"

    def selected(self) -> tuple[preview.RoundKey, int] | None:
        """(round key, board) of the highlighted row."""
        key = self.query_one(KeyedTable).selected_key
        if key is None:
            return None
        i, board = key.split(":")
        return self.proposal.keys[int(i)], int(board)

    def show(self) -> None:
        lang, p = self.lang, self.proposal
        e = p.event
        tables = sorted({r.table for r in p.rounds if r.table is not None})
        several = len(tables) > 1  # every table at once: a column says which table each board is on
        cols = ([("tbl", tr(lang, "table"))] if several else []) + [
            ("bd", tr(lang, "board")), ("first", tr(lang, "first")), ("p1", tr(lang, "pts")),
            ("second", tr(lang, "second")), ("p2", tr(lang, "pts")), ("hand", "*")]
        width = 24 if several else 26
        rows = []
        for i, rnd in enumerate(p.rounds):
            pts = scores_before(e, rnd)
            lead = (cell(rnd.table, "bold"),) if several else ()
            for g in rnd.games:
                a = e.player(g.first)
                first = cell(name_id(a, width))
                mark = cell("*", "bold yellow") if g.manual else cell("")
                if g.second is None:
                    cells = lead + (cell(g.board), first, cell(pts.get(a.id, "")), cell(tr(lang, "bye"), "dim"),
                                    cell(""), mark)
                else:
                    b = e.player(g.second)
                    cells = lead + (cell(g.board), first, cell(pts.get(a.id, "")), cell(name_id(b, width)),
                                    cell(pts.get(b.id, "")), mark)
                rows.append((self.row_key(i, g.board), cells))
        self.query_one(KeyedTable).sync(cols, rows)
        head = Text(no_wrap=True, overflow="ellipsis")
        numbers = ", ".join(sorted({str(r.number) for r in p.rounds}, key=int))
        head.append(tr(lang, "pair_title", n=numbers), style="bold")
        if tables:
            head.append(f" · {tr(lang, 'k_tables' if several else 'k_table')} {', '.join(map(str, tables))}")
        self.mark_head(head)
        self.query_one("#preview-head", TextLine).show(head)
        self.show_warnings()
        self.show_why()
        self.keys_changed()

    def mark_head(self, head: Text) -> None:
        """The head's last part: the rematches of a pairing with the fewest rematches, the boards changed by hand
        (the engine's rematch boards, marked manual, are not the judge's changes), or "as the program paired"."""
        p, lang = self.proposal, self.lang
        engine = {(r.key, g.board) for r in p.engine.rounds if r.key in p.keys for g in r.games if g.manual}
        hand = sum(1 for r in p.rounds for g in r.games if g.manual and (r.key, g.board) not in engine)
        if p.fewest:
            head.append(" · " + tr(lang, "pv_fewest_head", n=len(p.rematches)), style="yellow")
        if hand:
            head.append(" · " + tr(lang, "pv_by_hand", n=hand), style="yellow")
        elif not p.fewest:
            head.append(" · " + tr(lang, "pv_engine"), style="dim")

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

    def reasons(self) -> dict | None:
        """The engine's reasons, once per pairing the engine made (they run the engine again: in a worker for a
        big event, None until they are ready)."""
        p = self.proposal
        if self._why is not None and self._why[0] is p.engine:
            return self._why[1]
        self._why = (p.engine, None)
        if len(p.event.players) >= BIG:
            self.compute_reasons(p, self.lang)
        else:
            self.reasons_ready(Reasons(p.engine, _engine_reasons(p, self.lang)))
        return self._why[1]

    @work(thread=True, group="reasons", exclusive=True, exit_on_error=False)
    def compute_reasons(self, p: preview.Proposal, lang: str) -> None:
        reasons = _engine_reasons(p, lang)
        if not get_current_worker().is_cancelled:
            self.post_message(Reasons(p.engine, reasons))

    @on(Reasons)
    def reasons_ready(self, m: Reasons) -> None:
        if self._why is None or self._why[0] is not m.engine:
            return  # another pairing meanwhile
        why_ = m.reasons
        if isinstance(why_, ArbiterError):
            self.say_error(message(why_, self.lang))
            why_ = {}
        self._why = (m.engine, why_)
        self.show_why()

    def show_why(self) -> None:
        """Why the highlighted board was made; for a board changed by hand, what the program had there."""
        at = self.selected()
        text = ""
        if at is not None:
            key, board = at
            p = self.proposal
            reasons = self.reasons()
            if reasons is None:
                text = tr(self.lang, "pv_why_wait", b=board)
            elif (why_ := preview.explanations(p, self.lang, reasons).get(key, {}).get(board)) is not None:
                text = tr(self.lang, "pv_why", b=board, why=why_)
            elif self.engine_rematch(key, board):
                text = tr(self.lang, "pv_why_rematch", b=board)
            else:
                text = tr(self.lang, "pv_why_hand", b=board)
                engine = next((g for g in p.engine.find_round(*key).games if g.board == board), None)
                if engine is not None:
                    e = p.engine
                    names = f"{e.player(engine.first).name} ({engine.first})" + (
                        f" – {e.player(engine.second).name} ({engine.second})" if engine.second is not None
                        else f" – {tr(self.lang, 'bye')}")
                    had = reasons.get(key, {}).get((engine.first, engine.second), "")
                    text += " " + tr(self.lang, "pv_why_had", b=board, names=names) + (f": {had}" if had else "")
        self.query_one("#preview-why", Static).update(Text(clean(text), style="dim", overflow="ellipsis"))

    def engine_rematch(self, key, board: int) -> bool:
        """The board is a rematch the program made, pairing with the fewest rematches (marked manual in the round,
        as a rematch is), and the judge has not changed it since."""
        p = self.proposal
        if not p.fewest:
            return False
        made = next((g for g in p.engine.find_round(*key).games if g.board == board), None)
        now = next((g for g in p.event.find_round(*key).games if g.board == board), None)
        return made is not None and made.manual and now is not None and (now.first, now.second) == (made.first,
                                                                                                     made.second)

    @on(KeyedTable.Highlighted)
    def _highlighted(self) -> None:
        self.show_why()

    @on(KeyedTable.Selected)
    def _row_chosen(self, event: KeyedTable.Selected) -> None:
        event.stop()
        self.action_save()  # Enter saves, as `y`

    def on_event_changed(self, m: EventChanged) -> None:
        # not the base's handler after this one: its "the event was changed by ..." covered the stale warning
        m.prevent_default()
        self.event_changed(m.event, m.outside, m.reopened)
        if not self.check_file() and m.outside:
            self.say(tr(self.arb.lang, "changed_outside", who=m.outside), "cyan")

    def check_file(self) -> bool:
        """Another judge changed the event: say so now, not only when `y` is refused (True: said)."""
        now = self.arb.event
        if now is self._seen:
            return False
        self._seen = now
        if preview.differs(now, self.proposal) is not None:
            self.say_error(tr(self.lang, "pv_stale", who=self.arb.last_author()))
            return True
        return False

    # -- changes by hand ------------------------------------------------------------------
    def change(self, fn, done: str) -> None:
        new = self.attempt(fn, self.proposal)
        if new is None:
            return
        self.proposal = new
        self.show()
        self.say(done, "yellow" if self.proposal.warnings else "")

    def action_swap(self) -> None:
        at = self.selected()
        if at is None:
            return
        key, board = at
        self.change(lambda p: preview.swap(p, board, key), tr(self.lang, "swapped", b=board))

    def action_exchange(self) -> None:
        self.exchange_asked()

    @work(group="question")
    async def exchange_asked(self) -> None:
        text = await self.ask_line(tr(self.lang, "exchange_prompt"))
        if text:
            self.exchange(text)

    def exchange(self, text: str) -> None:
        try:
            a, b = (limits.whole(x) for x in text.replace(",", " ").split())
        except ValueError as exc:
            self.say_error(exc.text(self.lang) if isinstance(exc, InvalidNumber) else tr(self.lang, "pv_two_numbers", text=text.strip()))
            return
        self.change(lambda p: preview.exchange(p, a, b), tr(self.lang, "pv_exchanged", a=a, b=b))

    def action_bye(self) -> None:
        self.bye_asked()

    @work(group="question")
    async def bye_asked(self) -> None:
        text = await self.ask_line(tr(self.lang, "give_bye_prompt"))
        if text:
            self.give_bye(text)

    def give_bye(self, text: str) -> None:
        try:
            pid = limits.whole(text)
        except ValueError as exc:
            self.say_error(exc.text(self.lang) if isinstance(exc, InvalidNumber) else tr(self.lang, "not_number", text=text.strip()))
            return
        self.change(lambda p: preview.give_bye(p, pid), tr(self.lang, "pv_bye_given", id=pid))

    def action_reset(self) -> None:
        """Back to the engine's pairing; after a change by another judge, the engine's pairing of the file now (a job)."""
        now = self.arb.event
        if preview.differs(now, self.proposal) is None:
            self.proposal = preview.reset(self.proposal)
            self.show()
            self.say(tr(self.lang, "pv_reset_done"))
            return
        self.pair_again(now)

    @work(group="pairing")
    async def pair_again(self, now) -> None:
        table, tables = self.proposal.table, self.proposal.tables or None
        k = min(r.number for r in self.proposal.rounds)
        what = (why("job_pair_tables", t=", ".join(map(str, tables))) if tables else
                why("job_pair_table", r=k, t=table) if table is not None else why("job_pair", r=k))
        fewest = self.proposal.fewest  # paired again as it was: with the fewest rematches or not
        proposal = await self.arb.run_job(what, lambda progress: preview.propose(now, table, tables=tables,
                                                                                  fewest_rematches=fewest,
                                                                                  progress=progress))
        if proposal is None:
            return
        self.proposal = proposal
        self._seen = None
        self.show()
        self.say(tr(self.lang, "pv_paired_again"), "bold")

    def action_explain(self) -> None:
        self.explain()

    @work(group="pairing")
    async def explain(self) -> None:
        """Every board's explanation and every warning (the engine runs again: a job)."""
        p, lang = self.proposal, self.lang

        def work_(progress):
            body = Text()
            for rnd in p.rounds:
                try:
                    text = preview.explain_text(p, rnd, lang=lang, progress=progress)
                except ArbiterError as exc:
                    text = message(exc, lang)
                body.append("\n".join(clean(line) for line in text.splitlines()) + "\n")
            return body

        numbers = ", ".join(sorted({str(r.number) for r in p.rounds}, key=int))
        body = await self.arb.run_job(why("job_explain", r=numbers), work_)
        if body is not None:
            self.app.push_screen(TextScreen(tr(lang, "explain_title", n=numbers), body, wrap=True))

    # -- save or cancel -------------------------------------------------------------------------
    def action_save(self) -> None:
        self.commit(SavePairing(self.proposal), say_refusal=False).then(self.saved)

    def saved(self, change: Change) -> None:
        if change.conflict:
            self.say_error(tr(self.lang, "pv_stale", who=self.arb.last_author()))
            return
        if change.error is not None:
            self.say_error(message(change.error, self.lang))
            return
        p = change.what.proposal
        numbers = ", ".join(sorted({str(r.number) for r in p.rounds}, key=int))
        warnings = p.warnings_in(self.lang)
        msg = tr(self.lang, "paired", n=numbers) + ("; " + "; ".join(warnings) if warnings else "")
        self._saved = (msg, "yellow" if warnings else "bold")
        if self.app.screen is self:  # (else once the judge is back here: the change waited for the lock)
            self.dismiss(self._saved)

    def action_cancel(self) -> None:
        """n or Esc: nothing is saved (Esc first stops a pairing under way, the proposal stays)."""
        job = self.arb.stop_job()
        if job is not None:
            self.say(tr(self.lang, "job_stopped", what=job.text(self.lang)), "bold")
            return
        self.dismiss(None)


def _engine_reasons(p: preview.Proposal, lang: str) -> dict | ArbiterError:
    try:
        return preview.engine_reasons(p, lang)
    except ArbiterError as exc:
        return exc
