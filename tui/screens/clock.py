"""The 705.3 reminder: time is up with boards unfinished; it follows the file while it is open.

The main screen opens it when its `RoundClock` says a round's time ran out.
It lists the unfinished boards and, as results come in (from any judge:
`EventChanged`), lists fewer; it closes by itself once every board has a
result or the clock was changed (more time, cleared). Its two answers
(`e` go to those boards, `d` technical draws for all) are the action
table's ("alarm"); what they do is the main screen's.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from arbiter.core.errors import ArbiterError
from arbiter.core.event.model import Round

from ..i18n import tr
from ..widgets import clock as clockmod
from ..widgets.messages import EventChanged
from .dialogs import ChoiceScreen


def ask_minutes(screen, rnd: Round) -> None:
    """The clock's `m`: the minutes typed (705.3: 45 to 70, `StartClock` says when not), over a running clock only
    after y; the round's clock starts from now."""
    from arbiter.core.commands import StartClock
    from arbiter.core.event.commands import ROUND_MINUTES

    lang = screen.arb.lang
    low, high = ROUND_MINUTES

    def typed(text: str) -> None:
        try:
            minutes = int(text.strip())
        except ValueError:
            screen.say_error(tr(lang, "clock_minutes_bad", text=text.strip(), low=low, high=high))
            return
        now = screen.arb.now()
        command = StartClock(rnd.stage, rnd.table, rnd.number, minutes, clockmod.iso(now))
        why = command.why_not(screen.event)
        if why is not None:
            screen.say_error(why.text(lang))
            return

        def start() -> None:
            screen.run_change(StartClock(rnd.stage, rnd.table, rnd.number, minutes, clockmod.iso(screen.arb.now())),
                              then=lambda _new: screen.say(tr(lang, "clock_started", m=minutes)))

        left = clockmod.remaining(rnd, now)
        if left is not None and left > 0:  # a running clock: start it again only on y
            screen.ask_yes(tr(lang, "clock_title"), tr(lang, "clock_restart_q", t=clockmod.fmt(left), m=minutes), start)
            return
        start()

    screen.ask_line(tr(lang, "clock_minutes_prompt", low=low, high=high), typed)


def unfinished(rnd: Round) -> list[int]:
    return [g.board for g in rnd.games if g.result is None and g.second is not None]


class AlarmScreen(ChoiceScreen):
    """Answers "e" or "d" (or None); `rnd` and `boards` are the round and its unfinished boards at that moment."""

    def __init__(self, rnd: Round, lang: str, several_tables: bool, choices: list[tuple[str, str]]) -> None:
        self.rnd = rnd
        self.boards = unfinished(rnd)
        self.lang = lang
        self.several = several_tables
        super().__init__(tr(lang, "time_up_title"), self.body_text(), choices, default="e", classes="ask alarm")

    def body_text(self) -> Text:
        lang, rnd = self.lang, self.rnd
        where = f"{tr(lang, 'k_table')} {rnd.table}: " if rnd.table is not None and self.several else ""
        return Text(where + tr(lang, "time_up_text", boards=", ".join(map(str, self.boards))))

    def on_event_changed(self, m: EventChanged) -> None:
        rnd = self.rnd
        try:
            now = m.event.find_round(rnd.stage, rnd.table, rnd.number)
        except ArbiterError:
            now = None
        left = clockmod.remaining(now, self.app.now()) if now is not None else None
        still = unfinished(now) if now is not None else []
        if not still or now.clock_deadline != rnd.clock_deadline or (left is not None and left > 0):
            if self.app.screen is self:
                self.dismiss(None)
            return
        if still != self.boards:
            self.rnd, self.boards = now, still
            if self.is_mounted:
                self.query_one(".dialog-body Static", Static).update(self.body_text())
