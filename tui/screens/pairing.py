"""Pairing from the main screen: `p` (this table), `A` (every table whose round is complete), `e` (why so).

`Pairing` is a part of `MainScreen`. Each is a flow: the engine runs as the
App's job (a thread worker: the progress line shows it, every key keeps
answering, Esc stops it), then the pairing preview (tui/screens/preview.py)
opens over the main screen, at once if it is on top, else as soon as the
judge is back on it; what the preview answers (saved, or not) is said, and
the new round is shown with the cursor on its first board.
"""

from __future__ import annotations

from typing import Callable

from rich.text import Text
from textual import work

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.pairing import preview
from arbiter_tournament.core.pairing.preview import Proposal
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.errors import NoLegalPairing
from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice
from arbiter_tournament.core.msg.cells import clean

from ..actions import W, Action, Why, busy, register, round_shown, why, why_core
from ..i18n import tr
from .dialogs import ChoiceScreen, TextScreen
from .entry import clean_lines
from .main_host import MainScreenPart
from arbiter_tournament.core.event.systems import Stage, System


def refused_or(command: cmds.PairNext, snapshot: Event, progress: Callable[..., None]) -> Proposal | NoLegalPairing:
    """The command's proposal, or the engine's refusal (`NoLegalPairing`) as the value, for the flow to offer the
    pairing with the fewest rematches (a Swiss; any other refusal is said as every job's)."""
    try:
        return command.compute(snapshot, progress)
    except NoLegalPairing as exc:
        if snapshot.system != System.SWISS:
            raise
        return exc


def field_note(event: Event, table: int | None, lang: str) -> str:
    """Round 1 of a Swiss whose field is too small for its rounds to be sure of pairings without a rematch
    (`core.pairing.guarantee.field_warning`), in the judge's language; "" when it is big enough."""
    if event.system != System.SWISS:
        return ""
    from arbiter_tournament.core.pairing.guarantee import rematch_free_rounds, smallest_field

    team = team_event.is_team_event(event)
    field = len(team_event.teams(event)) if team else len(event.table_players(table))
    sure, rounds = rematch_free_rounds(field), event.rounds_planned
    if field < 2 or rounds <= sure:
        return ""
    return tr(lang, "pv_field_teams" if team else "pv_field_players", n=field, rounds=rounds, sure=sure,
              need=smallest_field(rounds))


def _pair(s: MainScreenPart) -> Why | None:
    """`p`: the next round of the table shown (`core.commands.PairNext`; the engine may still find no pairing)."""
    return busy(s) or why_core(cmds.PairNext(s.table if s.stage == Stage.SWISS else None).why_not(s.event))


def _pair_all(s: MainScreenPart) -> Why | None:
    """The next round of every table whose round is complete (`core.commands.PairReadyTables`)."""
    return busy(s) or why_core(cmds.PairReadyTables().why_not(s.event))


def _explain(s: MainScreenPart) -> Why | None:
    return busy(s) or round_shown(s)


register(
    Action("pair", ("p",), W("pair", "жеребьёвка"),
           W("Pair the next round of this table: a preview first, y saves it",
             "Жеребьёвка следующего тура этого стола: сначала просмотр, y сохраняет"),
           ("main",), "action_pair", footer=10, palette=True, when=_pair, group="change"),
    Action("pair_all", ("A",), W("pair all tables", "жеребьёвка столов"),
           W("Pair the next round of every table whose round is complete: one preview of every table, y saves it",
             "Жеребьёвка следующего тура на всех столах, где тур окончен: один просмотр всех столов, y сохраняет"),
           ("main",), "action_pair_all", footer=12, palette=True, when=_pair_all, group="change", team=False),
    Action("explain", ("e",), W("explain", "пояснить"),
           W("Explain the pairings of the round shown", "Пояснить жеребьёвку показанного тура"),
           ("main",), "action_explain", palette=True, when=_explain, group="change", team=False),
)


class Pairing(MainScreenPart):
    """The main screen's pairing keys (a part of MainScreen: `self` is the screen)."""

    def action_pair(self) -> None:
        """The pairing of the next round, computed off the event loop, then shown before it is saved."""
        self.pair_table(self.table if self.stage == Stage.SWISS else None)

    @work(group="pairing")
    async def pair_table(self, table: int | None, note: str = "", cancelled: str = "") -> None:
        """The pairing of the next round of `table` (None: the event's only one), as a job, then the preview
        (which says `note` on opening; `cancelled` is said if nothing is saved: the round was taken back to be
        paired again, and stays unpaired)."""
        snapshot = self.event
        rs = snapshot.rounds_of(self.stage if table is None else Stage.SWISS, table)
        k = rs[-1].number + 1 if rs else 1
        what = why("job_pair_table", r=k, t=table) if table is not None and len(self.tables) > 1 else why("job_pair", r=k)
        proposal = await self.arb.run_job(what, lambda progress: refused_or(cmds.PairNext(table), snapshot, progress))
        if isinstance(proposal, NoLegalPairing):  # no pairing without a rematch: p again pairs with the fewest
            proposal = await self.fewest_rematches(table, snapshot, k, proposal)
            note = note or (tr(self.arb.lang, "pv_fewest_note") if proposal is not None else "")
        if proposal is not None:
            if k == 1 and not note:
                note = field_note(snapshot, table, self.arb.lang)
            await self.preview(proposal, note, cancelled)

    async def fewest_rematches(self, table: int | None, snapshot: Event, k: int,
                               refusal: NoLegalPairing) -> Proposal | None:
        """The engine found no pairing without a rematch: say why (teams or players by name) and offer `p`, the
        pairing with the fewest rematches the other rules allow (`PairNext(fewest_rematches=True)`, a job)."""
        L = self.arb.lang
        body = Text(clean(message(refusal, L)))
        answer = await self.ask(ChoiceScreen(tr(L, "pv_refused_title", r=k), body,
                                             [("p", tr(L, "pv_fewest_key")), ("n", tr(L, "cancel"))],
                                             default="p", classes="ask"))
        if answer != "p":
            self.say(tr(L, "pv_cancelled"))
            return None
        return await self.arb.run_job(why("job_pair", r=k), lambda progress: cmds.PairNext(
            table, fewest_rematches=True).compute(snapshot, progress))

    def action_pair_all(self) -> None:
        self.pair_all()

    @work(group="pairing")
    async def pair_all(self) -> None:
        """The next round of every table whose round is complete, in one preview (`core.pairing.preview.propose(tables=)`)."""
        snapshot, lang = self.event, self.arb.lang
        tables = preview.pairable_tables(snapshot)
        left = []  # the tables not paired now, each with why: the preview says so (it listed the others only)
        for t in snapshot.table_ids():
            if t in tables:
                continue
            rs = snapshot.rounds_of(Stage.SWISS, t)
            left.append(tr(lang, "pv_left_missing", t=t, n=rs[-1].missing) if rs and rs[-1].missing else
                        tr(lang, "pv_left_done", t=t) if len(rs) >= snapshot.rounds_planned else
                        tr(lang, "pv_left_players", t=t))
        note = tr(lang, "pv_left", tables="; ".join(left)) if left else ""
        what = why("job_pair_tables", t=", ".join(map(str, tables)))
        proposal = await self.arb.run_job(what, lambda progress: cmds.PairReadyTables().compute(snapshot, progress))
        if proposal is not None:
            await self.preview(proposal, note)

    async def preview(self, proposal: preview.Proposal, note: str = "", cancelled: str = "") -> None:
        """The pairing is ready: the preview, once this screen is on top; then the new round, or what is left."""
        await self.on_top()
        # (the preview's modules are loaded when a pairing is first shown, not with the first screen: ArbiterApp.load_screens)
        from .preview import PreviewScreen
        from .team_preview import TeamPreviewScreen

        kind = TeamPreviewScreen if team_event.is_team_event(proposal.event) else PreviewScreen
        saved = await self.ask(kind(proposal, self.arb.lang, note))
        if saved is None:
            self.say(cancelled or tr(self.arb.lang, "pv_cancelled"), "yellow" if cancelled else "")
            return
        self.round_panel.go(round_no=None, only_missing=False)
        if self.view != "round":  # paired from the standings: the new round, to enter results
            self.action_view("round")
        self.sync()
        self.round_panel.cursor_to_first_missing()
        self.say(*saved)

    def action_explain(self) -> None:
        self.explain()

    @work(group="pairing")
    async def explain(self) -> None:
        """Why the shown round was paired so (it runs the engine again: a job)."""
        rnd = self.shown_round()
        if rnd is None:
            return
        snapshot, lang = self.event, self.arb.lang
        text = await self.arb.run_job(why("job_explain", r=rnd.number), lambda progress: pairing.explain_round(
            snapshot, rnd, lang=lang, progress=progress))
        if text is not None:
            self.app.push_screen(TextScreen(tr(lang, "explain_title", n=rnd.number), clean_lines(text), wrap=True))

