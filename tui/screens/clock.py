"""The round clock (705.3) on the main screen: start, pause, add time, and the alarm at zero.

`ClockMixin` is a part of `MainScreen` (tui/screens/main.py). The clock is
stored in the file (`core.commands.set_clock`); `tui/widgets/clock.py` has
the pure helpers. `tick` runs every second (from the App's poll): the
status line, and at zero with boards unfinished the bell and the 705.3
reminder, with technical draws in one change.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from core import commands
from core.errors import ArbiterError, message
from core.journal_text import clock_what, describe
from core.model import Event, Round
from core.results import Result

from ..i18n import tr
from ..widgets import clock as clockmod
from .dialogs import ChoiceScreen
from .entry import record


class ClockMixin:
    """The round clock of `MainScreen`."""

    _alarm: tuple | None = None  # the open 705.3 reminder: (its screen, the round, its unfinished boards)

    def action_clock(self) -> None:
        lang = self.arb.lang
        rnd = self.current_round()
        if rnd is None:
            return
        e = self.event
        left = clockmod.remaining(rnd, self.arb.now())
        body = Text(tr(lang, "clock_none") if left is None else
                    tr(lang, "st_paused" if rnd.clock_paused is not None else "st_clock", t=clockmod.fmt(left)))
        choices = [("4", tr(lang, "clock_start_swiss", m=e.round_minutes)),
                   ("7", tr(lang, "clock_start_top", m=e.top_minutes)),
                   ("p", tr(lang, "clock_pause")), ("+", tr(lang, "clock_add")), ("-", tr(lang, "clock_sub")),
                   ("x", tr(lang, "clock_stop"))]
        if len(self.tables) > 1:
            choices.insert(1, ("a", tr(lang, "clock_all", m=e.round_minutes)))

        def answered(choice: str | None) -> None:
            if choice:
                self.clock_do(choice)

        self.app.push_screen(ChoiceScreen(tr(lang, "clock_title"), body, choices, classes="ask clock"), answered)

    def clock_do(self, choice: str) -> None:
        lang = self.arb.lang
        rnd = self.current_round()
        if rnd is None:
            return
        now = self.arb.now()
        e = self.event
        if choice == "a":
            self.clock_all_tables(e.round_minutes)
            return
        if choice == "4":
            params, msg = clockmod.start(e.round_minutes, now), tr(lang, "clock_started", m=e.round_minutes)
        elif choice == "7":
            params, msg = clockmod.start(e.top_minutes, now), tr(lang, "clock_started", m=e.top_minutes)
        elif choice == "p":
            params = clockmod.pause_or_resume(rnd, now)
            msg = tr(lang, "clock_paused_msg" if params["paused"] is not None else "clock_resumed")
        elif choice in ("+", "-"):
            params = clockmod.add(rnd, now, 5 if choice == "+" else -5)
            left = clockmod.remaining(Round(rnd.stage, rnd.number, (), rnd.table, params["deadline"], params["paused"]), now)
            msg = tr(lang, "st_clock", t=clockmod.fmt(left or 0))
        else:
            params, msg = clockmod.clear(), tr(lang, "clock_cleared")
        try:
            self.arb.apply(lambda ev: commands.set_clock(ev, rnd.stage, rnd.table, rnd.number, **params),
                           clock_what(rnd.stage, rnd.number, rnd.table if rnd.table else None))
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.say(msg)

    def clock_all_tables(self, minutes: int) -> None:
        """One change: the same deadline for the current round of every table."""
        params = clockmod.start(minutes, self.arb.now())
        stage = self.stage

        def start_all(ev: Event) -> Event:
            for t in ev.stage_tables(stage):
                rs = ev.rounds_of(stage, t)
                if rs:
                    ev = commands.set_clock(ev, stage, t, rs[-1].number, **params)
            return ev

        try:
            self.arb.apply(start_all, describe("round clock {stage}: {minutes} minutes on every table", stage=stage,
                                               minutes=minutes))
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.say(tr(self.arb.lang, "clock_started", m=minutes))

    def tick(self) -> None:
        """Every second: the clock in the status line; at zero (on any table) the bell and the 705.3 reminder."""
        self.refresh_status()
        self.follow_alarm()
        if self.app.screen is not self:
            return  # a dialog is open: ring when it is closed
        now = self.arb.now()
        shown = self.table
        order = [shown] + [t for t in self.tables if t != shown]
        for t in order:
            rs = self.event.rounds_of(self.stage, t)
            rnd = rs[-1] if rs else None
            left = clockmod.remaining(rnd, now)
            if rnd is None or left is None or left > 0 or not clockmod.running(rnd) or not rnd.missing:
                continue
            key = (rnd.key, rnd.clock_deadline)
            if key in self.rung:
                continue
            self.rung.add(key)
            self.app.bell()
            self.time_up(rnd)
            return

    def alarm_body(self, rnd: Round, boards: list[int]) -> Text:
        lang = self.arb.lang
        where = f"{tr(lang, 'k_table')} {rnd.table}: " if rnd.table is not None and len(self.tables) > 1 else ""
        return Text(where + tr(lang, "time_up_text", boards=", ".join(map(str, boards))))

    def follow_alarm(self) -> None:
        """The open 705.3 reminder follows the file: its boards as results come in (from any judge);
        it closes once every board has a result or the clock was changed (more time, cleared)."""
        alarm = self._alarm
        if alarm is None:
            return
        screen, rnd, boards = alarm
        if not screen.is_attached:
            self._alarm = None
            return
        try:
            now = self.event.find_round(rnd.stage, rnd.table, rnd.number)
        except ArbiterError:
            now = None
        left = clockmod.remaining(now, self.arb.now()) if now is not None else None
        still = [g.board for g in now.games if g.result is None and g.second is not None] if now is not None else []
        if not still or now.clock_deadline != rnd.clock_deadline or (left is not None and left > 0):
            self._alarm = None
            if self.app.screen is screen:
                screen.dismiss(None)
            return
        if still != boards:
            self._alarm = (screen, now, still)
            if screen.is_mounted:
                screen.query_one(".dialog-body Static", Static).update(self.alarm_body(now, still))

    def time_up(self, rnd: Round) -> None:
        lang = self.arb.lang
        boards = [g.board for g in rnd.games if g.result is None and g.second is not None]
        body = self.alarm_body(rnd, boards)

        def answered(choice: str | None) -> None:
            alarm, self._alarm = self._alarm, None
            if alarm is not None and alarm[0] is screen:
                rnd_now, boards_now = alarm[1], alarm[2]
            else:
                rnd_now, boards_now = rnd, boards
            if choice == "d":
                self.technical_draws(rnd_now, boards_now)
            elif choice == "e":
                if rnd.table in self.tables:
                    self.table_index = self.tables.index(rnd.table)
                self.round_no = None
                self.only_missing = True
                self.action_view("round")
                self.refresh_all()
                self.cursor_to_first_missing()
                self.action_prefix("t")

        screen = ChoiceScreen(tr(lang, "time_up_title"), body,
                              [("e", tr(lang, "time_up_enter")), ("d", tr(lang, "time_up_draw"))],
                              default="e", classes="ask alarm")
        self._alarm = (screen, rnd, boards)
        self.app.push_screen(screen, answered)

    def technical_draws(self, rnd: Round, boards: list[int]) -> None:
        stage, table, k = rnd.stage, rnd.table, rnd.number

        def all_draws(ev: Event) -> Event:
            for b in boards:
                ev = record(ev, rnd, b, Result.TECHNICAL_DRAW, by=self.arb.user, expected=None)
            return ev

        try:
            self.arb.apply(all_draws, describe("technical draws (705.3) round {round} boards {boards}", round=k,
                                               boards=", ".join(map(str, boards))))
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.say(tr(self.arb.lang, "tech_draws", boards=", ".join(map(str, boards))))
