"""The top and the play-off started from the main screen: `K` (the top's preview, then y) and the palette's
"play-off" (its plan, then y).

`TopStart` is a part of `MainScreen`. The top's preview is computed as the
App's job (the seeds, the 704.2 aims, the bracket; a tie at the
qualification line is said, and `l` draws the lots as `arbiter top --lots`);
the play-off's plan is the event it would be (`core.playoff.stage`). Each
starts on `y` (`core.commands.StartTop`, `StartPlayoff`), and the main screen
shows the new stage's first round with the cursor on its first board.
"""

from __future__ import annotations

from typing import Callable

from rich.text import Text
from textual import work

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core.errors import ArbiterError
from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.msg.cells import clean, fit

from ..actions import W, Action, Why, busy, register, why, why_core
from ..i18n import tr
from .dialogs import ChoiceScreen
from .entry import clean_lines
from .main_host import MainScreenPart


def _top(s: MainScreenPart) -> Why | None:
    """`K`: the top can start (`core.commands.StartTop`: planned, not started, the Swiss finished)."""
    return busy(s) or why_core(cmds.StartTop().why_not(s.event))


def _playoff(s: MainScreenPart) -> Why | None:
    """A play-off for first place (`core.commands.StartPlayoff`: not started, players tied for first)."""
    return busy(s) or why_core(cmds.StartPlayoff().why_not(s.event))


def _cancel_playoff(s: MainScreenPart) -> Why | None:
    """Take the play-off back (`core.commands.CancelPlayoff`: one has started)."""
    return busy(s) or why_core(cmds.CancelPlayoff().why_not(s.event))


register(
    Action("start_top", ("K",), W("start top", "начать топ"),
           W("Start the top: the seeds, the 704.2 aims and the bracket first, y starts it",
             "Начать топ: сначала посев, цели 704.2 и сетка, y начинает"),
           ("main",), "action_start_top", footer=11, palette=True, when=_top, group="change", team=False),
    Action("playoff", (), W("play-off", "плей-офф"),
           W("Start a play-off for first place", "Начать плей-офф за первое место"),
           ("main",), "action_start_playoff", palette=True, when=_playoff, group="change", team=False),
    Action("cancel_playoff", (), W("take back the play-off", "отменить плей-офф"),
           W("Take the play-off back: its plan and its games (after a correction it no longer applies)",
             "Отменить плей-офф: его план и партии (после исправления он больше не действует)"),
           ("main",), "action_cancel_playoff", palette=True, when=_cancel_playoff, group="change", team=False),
)


SEEDINGS = ("straight", "best")  # 704.2's order; permuted within place tiers to serve the aims (--seeding best)


def top_preview(snapshot: Event, lang: str, seeding: str = "straight") -> tuple[Event, str | None]:
    """The event with its top started (as `y` would, with `seeding`), and a tie at the qualification line in
    words (then the lots decide it: as `arbiter top --lots`), or None."""
    try:
        return cmds.StartTop(seeding=seeding).apply(snapshot), None
    except ArbiterError as exc:
        try:
            preview = cmds.StartTop(seeding=seeding, lots=True).apply(snapshot)
        except ArbiterError:
            raise exc from None
        return preview, message(exc, lang)


def top_preview_body(preview: Event, tie: str | None, lang: str) -> Text:
    """The top before it starts: the seeds, the 704.2 aims, the bracket (and a tie at the line, if any)."""
    from arbiter_tournament.core.knockout import stage as top  # (the top's modules: loaded when a top is first shown)
    from arbiter_tournament.core.knockout.bracket_text import bracket_text

    b = top.bracket(preview)
    assert b is not None, "the preview is the event with its top started"
    names = {p.id: p.name for p in preview.players}
    body = Text()
    if tie is not None:
        body.append(clean(tie) + "\n\n", style="bold yellow")
    for line in top.left_out_lines(preview, b.size, lang):  # a withdrawn player his place would have qualified
        body.append(clean(line) + "\n\n", style="yellow")
    body.append(", ".join(f"{i}. {fit(names[p], 20)} ({p})" for i, p in enumerate(b.seeds, 1)) + "\n\n")
    for line in top.aims(preview, lang=lang):
        body.append(clean(line) + "\n", style="dim")
    body.append("\n")
    body.append(clean_lines(bracket_text(b, names, width=72, lang=lang)))
    return body


def playoff_preview_body(planned: Event, lang: str) -> Text:
    """The play-off as it would start (`core.playoff.stage.report` of the event it would be): the players in
    tie-break order, the format, the groups, the time controls, who wins a drawn Armageddon, the first games."""
    from arbiter_tournament.core.playoff import plan as po  # (the play-off's modules: loaded when one is first shown)
    from arbiter_tournament.core.playoff import stage as playoff_event

    body = Text()
    body.append(tr(lang, "playoff_preview") + "\n\n", style="bold")
    body.append(clean_lines(playoff_event.report(planned, lang)))
    state = playoff_event.state(planned)
    assert state is not None, "the plan is the event with its play-off started"
    plan = po.plan_from_dict(state["plan"])
    if plan.groups:
        body.append("\n")
        for letter, group in zip("ABCDEFGH", plan.groups):
            names = ", ".join(f"{fit(planned.player(pid).name, 24)} ({pid})" for pid in group)
            body.append(clean(tr(lang, "playoff_group", g=letter, players=names)) + "\n")
    body.append("\n" + clean(tr(lang, "playoff_times", rapid=po.RAPID, armageddon=po.ARMAGEDDON.text(lang))) + "\n",
                style="yellow")
    return body


class TopStart(MainScreenPart):
    """The main screen's start of the top and of the play-off (a part of MainScreen: `self` is the screen)."""

    def action_start_top(self) -> None:
        self.start_top_asked()

    @work(group="pairing")
    async def start_top_asked(self) -> None:
        """Preview the top (seeds, the 704.2 aims, the first round: a job), then start it on `y` (`l`: the lots).
        The preview names its seeding; `s` shows it again with the other one (straight / best, as `arbiter top
        --seeding`), and `y` starts the top with the one shown."""
        snapshot, lang = self.event, self.arb.lang
        seeding = "straight"
        while True:
            def job(progress: Callable[..., None], seeding: str = seeding) -> tuple[Event, str | None]:
                return top_preview(snapshot, lang, seeding)

            answer = await self.arb.run_job(why("job_top"), job)
            if answer is None:
                return
            preview, tie = answer
            other = SEEDINGS[1 - SEEDINGS.index(seeding)]
            body = Text(tr(lang, "top_seeding_" + seeding) + "\n\n", style="bold")
            body.append_text(top_preview_body(preview, tie, lang))
            go = ("l", tr(lang, "lots_draw")) if tie is not None else ("y", tr(lang, "c_top"))
            choices = [go, ("s", tr(lang, "top_seeding_switch_" + other)), ("n", tr(lang, "cancel"))]
            choice = await self.ask(ChoiceScreen(tr(lang, "lots_title" if tie is not None else "c_top"), body,
                                                 choices, default=go[0], classes="page"))
            if choice != "s":
                break
            seeding = other
        if choice not in ("y", "l"):
            return
        change = await self.commit(cmds.StartTop(seeding=seeding, lots=choice == "l"))
        if change.saved:
            self.stage_started(tr(self.arb.lang, "top_started"))

    def action_start_playoff(self) -> None:
        self.start_playoff_asked()

    @work(group="question")
    async def start_playoff_asked(self) -> None:
        """The play-off for first place as it would start (players, format, time controls, first games), then y."""
        lang = self.arb.lang
        planned = self.attempt(cmds.StartPlayoff().apply, self.event)
        if planned is None:
            return
        choice = await self.ask(ChoiceScreen(tr(lang, "playoff_title"), playoff_preview_body(planned, lang),
                                             [("y", tr(lang, "playoff_start")), ("n", tr(lang, "cancel"))],
                                             classes="page"))
        if choice != "y":
            self.say(tr(lang, "playoff_not_started"))
            return
        change = await self.commit(cmds.StartPlayoff())
        if change.saved:
            self.stage_started(tr(lang, "playoff_started"))

    def action_cancel_playoff(self) -> None:
        self.cancel_playoff_asked()

    @work(group="question")
    async def cancel_playoff_asked(self) -> None:
        """Why the play-off no longer applies (if so), then y takes it back."""
        from arbiter_tournament.core.playoff import stage as playoff_event

        lang = self.arb.lang
        void = playoff_event.void_reason(self.event)
        question = (void.text(lang) + "\n\n" if void is not None else "") + tr(lang, "playoff_cancel_q")
        if not await self.ask_yes(tr(lang, "playoff_title"), question):
            return
        change = await self.commit(cmds.CancelPlayoff())
        if change.saved:
            self.round_panel.reset()
            self.sync()
            self.say(tr(lang, "playoff_cancelled"), "bold")

    def stage_started(self, what: str) -> None:
        self.round_panel.reset()
        if self.view != "round":  # started from the standings (where K is typed): its first round, to enter results
            self.action_view("round")
        self.sync()
        self.round_panel.cursor_to_first_missing()
        self.say(what, "bold")
