"""The round clock (705.3) from the main screen: `c` and its dialog, the tick, and the reminder at zero.

`ClockKeys` is a part of `MainScreen`. `c` opens the clock of the current
round: the answers that fit the round (the action table's "clock" scope: a
Swiss round starts the round's time, a top game the top's), pause, plus or
minus 5 minutes, clear; a start over a running clock asks first. Each answer
is one `core.commands.SetClock` (or `StartClockEveryTable`). The clock itself
is in the file (tui/widgets/clock.py reads it); the screen's `RoundClock`
ticks every second, and at zero, with boards unfinished on any table, the
bell rings and `AlarmScreen` (the 705.3 procedure) opens. It follows the file
while it is open (a result entered meanwhile leaves its list; it closes by
itself once every board has a result or the clock was changed); its answers
are the "alarm" scope: `e` goes to those boards, `d` gives a technical draw
on each, after asking.
"""

from __future__ import annotations

from typing import Any, Callable

from rich.text import Text
from textual import work
from textual.widgets import Static

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core import limits
from arbiter_tournament.core.errors import ArbiterError
from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice
from arbiter_tournament.core.event.commands import ROUND_MINUTES
from arbiter_tournament.core.event.model import Round
from arbiter_tournament.core.msg.cells import clean

from .. import actions
from ..actions import W, Action, Why, register, several_tables, why
from ..host import arbiter_app
from ..i18n import tr
from ..widgets import clock as clockmod
from ..widgets.messages import EventChanged
from ..widgets.round_clock import RoundClock
from .clock_dialog import ClockScreen
from .dialogs import ChoiceScreen
from .main_host import MainScreenPart
from arbiter_tournament.core.event.systems import Stage


def _clock(s: MainScreenPart) -> Why | None:
    return why("why_no_round") if s.current_round() is None else None


def _clock_stage(top: bool) -> Callable[[MainScreenPart], Why | None]:
    """The clock's start keys: a Swiss round starts the round's time (4), a top or play-off game the top's (7)."""

    def when(s: MainScreenPart) -> Why | None:
        rnd = s.current_round()
        in_top = rnd is not None and rnd.stage in (Stage.TOP, Stage.PLAYOFF)
        if in_top == top:
            return None
        return why("why_clock_swiss_round") if top else why("why_clock_top_round")

    return when


register(
    Action("clock", ("c",), W("clock", "время"), W("The round clock (705.3)", "Время тура (705.3)"),
           ("main",), "action_clock", footer=41, palette=True, when=_clock, group="change"),
    Action("clock_swiss", ("4",), W("start {swiss} minutes (Swiss round)", "старт {swiss} минут (тур швейцарской системы)"),
           W("Start the Swiss round's time (the event's round_minutes, 45 by default)",
             "Старт времени тура (round_minutes турнира, по умолчанию 45)"),
           ("clock",), "clock_do", ("4",), when=_clock_stage(False), group="clock"),
    Action("clock_all", ("a",), W("start {swiss} minutes on every table", "старт {swiss} минут на всех столах"),
           W("The same on every table at once", "То же на всех столах сразу"),
           ("clock",), "clock_do", ("a",), when=lambda s: _clock_stage(False)(s) or several_tables(s), group="clock"),
    Action("clock_top", ("7",), W("start {top} minutes (top game)", "старт {top} минут (партия топа)"),
           W("Start a top game's time (top_minutes, 70 by default)", "Старт времени партии топа (top_minutes, по умолчанию 70)"),
           ("clock",), "clock_do", ("7",), when=_clock_stage(True), group="clock", team=False),
    Action("clock_minutes", ("m",), W("minutes typed: Enter starts, + adds, - takes off",
                                      "ввести минуты: Enter старт, + добавить, - убрать"),
           W("Start the round's time for minutes typed (705.3: 45 to 70, the organiser's choice)",
             "Старт времени тура на введённое число минут (705.3: от 45 до 70, по решению организатора)"),
           ("clock",), "clock_do", ("m",), group="clock"),
    Action("clock_pause", ("p",), W("pause / resume", "пауза / продолжить"),
           W("Pause / resume", "Пауза / продолжить"), ("clock",), "clock_do", ("p",), group="clock"),
    Action("clock_add", ("plus",), W("add 5 minutes", "добавить 5 минут"), W("Add 5 minutes", "Добавить 5 минут"),
           ("clock",), "clock_do", ("+",), group="clock"),
    Action("clock_sub", ("minus",), W("take 5 minutes off", "убрать 5 минут"),
           W("Take 5 minutes off", "Убрать 5 минут"), ("clock",), "clock_do", ("-",), group="clock"),
    Action("clock_stop", ("x",), W("stop and clear", "остановить и сбросить"),
           W("Stop and clear", "Остановить и сбросить"), ("clock",), "clock_do", ("x",), group="clock"),
    Action("alarm_enter", ("e",), W("Enter them one by one (t 1/0/=)", "Внести по одной (t 1/0/=)"),
           W("At zero: go to the unfinished boards, technical result pending",
             "При нуле: к неоконченным доскам, с начатым техническим результатом"),
           ("alarm",), "alarm_enter", group="clock"),
    Action("alarm_draws", ("d",), W("Technical draw for all", "Ничья по решению судьи всем"),
           W("At zero: a technical draw on every unfinished board (one change)",
             "При нуле: ничья по решению судьи на всех неоконченных досках (одно изменение)"),
           ("alarm",), "alarm_draws", group="clock"),
)


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
        now: Round | None
        try:
            now = m.event.find_round(rnd.stage, rnd.table, rnd.number)
        except ArbiterError:
            now = None
        left = clockmod.remaining(now, arbiter_app(self).now())  # (None without the round)
        still = unfinished(now) if now is not None else []
        if now is None or not still or now.clock_deadline != rnd.clock_deadline or (left is not None and left > 0):
            if self.app.screen is self:
                self.dismiss(None)
            return
        if still != self.boards:
            self.rnd, self.boards = now, still
            if self.is_mounted:
                self.query_one(".dialog-body Static", Static).update(self.body_text())


class ClockKeys(MainScreenPart):
    """The main screen's round clock and 705.3 reminder (a part of MainScreen: `self` is the screen)."""

    alarm: AlarmScreen | None = None  # the open 705.3 reminder

    def action_clock(self) -> None:
        self.clock_asked()

    @work(group="question")
    async def clock_asked(self) -> None:
        lang = self.arb.lang
        rnd = self.current_round()
        if rnd is None:
            return
        e = self.event
        left = clockmod.remaining(rnd, self.arb.now())
        choices = actions.choices("clock", self, lang, swiss=e.round_minutes, top=e.top_minutes)
        default = "7" if rnd.stage in (Stage.TOP, Stage.PLAYOFF) else "4"
        shown = {k for k, _ in choices}  # a key of the clock that does not apply here (4 in the top) says why
        unshown = [a.key for a in actions.of_scope("clock") if a.key not in shown]
        # + - p adjust and the dialog stays (tui/screens/clock_dialog.py); the other answers close it
        choice = await self.ask(ClockScreen(self, tr(lang, "clock_title"), choices,
                                            default=default if left is None else None, unshown=unshown))
        if isinstance(choice, tuple):  # minutes typed, then m or Enter
            await self.start_minutes(choice[1])
            return
        a = actions.chosen("clock", choice) if choice else None
        if a is not None:
            actions.run(self, a.id)

    def clock_adjust(self, choice: str, minutes: int = 5) -> tuple[str, str]:
        """From the open clock dialog: + or - `minutes`, or p (pause / resume), saved now; what to say there."""
        lang = self.arb.lang
        rnd = self.current_round()
        if rnd is None:
            return tr(lang, "why_no_round"), "bold red"
        now = self.arb.now()
        if choice == "p":
            params = clockmod.pause_or_resume(rnd, now)
            msg = tr(lang, "clock_paused_msg" if params["paused"] is not None else "clock_resumed")
        elif choice == "-" and clockmod.remaining(rnd, now) is None:
            return tr(lang, "clock_none"), "bold red"  # nothing to take minutes off
        else:
            params = clockmod.add(rnd, now, minutes if choice == "+" else -minutes)
            left = clockmod.remaining(Round(rnd.stage, rnd.number, (), rnd.table, params["deadline"], params["paused"]),
                                      now)
            msg = tr(lang, "clock_added" if choice == "+" else "clock_taken", m=minutes, t=clockmod.fmt(left or 0))
        change = self.commit(cmds.SetClock(rnd.stage, rnd.table if rnd.table else None, rnd.number, **params))
        if change.error is not None:
            return message(change.error, lang), "bold red"
        self.say(msg)
        return msg, "bold"

    @work(group="question")
    async def clock_do(self, choice: str) -> None:
        """One answer of the clock's dialog: start (asks first over a running clock), pause, +5, -5, clear."""
        lang = self.arb.lang
        rnd = self.current_round()
        if rnd is None:
            return
        now = self.arb.now()
        e = self.event
        if choice == "a":
            running = [r for t in e.stage_tables(self.stage) if (rs := e.rounds_of(self.stage, t))
                       and (r := rs[-1]) and (clockmod.remaining(r, now) or 0) > 0]
            if running and not await self.ask_yes(tr(lang, "clock_title"),
                                                  tr(lang, "clock_restart_all_q", n=len(running), m=e.round_minutes)):
                self.say("")
                return
            params = clockmod.start(e.round_minutes, self.arb.now())
            command: Any = cmds.StartClockEveryTable(self.stage, params["deadline"], e.round_minutes)
            msg = tr(lang, "clock_started", m=e.round_minutes)
        elif choice == "m":  # minutes typed: 705.3 gives 45 to 70 (`StartClock` refuses others, with the rule)
            low, high = ROUND_MINUTES
            text = (await self.ask_line(tr(lang, "clock_minutes_prompt", low=low, high=high))).strip()
            if not text:
                return
            if not limits.is_digits(text, len(text)):  # digits 0-9 only (`²`, `①`, `٣` are not minutes)
                self.say_error(tr(lang, "clock_minutes_bad", text=clean(text[:20]), low=low, high=high))
                return
            if len(text.lstrip("0")) > 4 or int(text) > limits.MINUTES_MAX:  # the number typed, not cut
                self.say_error(tr(lang, "clock_minutes_big", text=text if len(text) <= 20 else text[:20] + "…",
                                  high=limits.MINUTES_MAX))
                return
            await self.start_minutes(int(text))
            return
        elif choice in ("4", "7"):
            minutes = e.round_minutes if choice == "4" else e.top_minutes
            left = clockmod.remaining(rnd, now)
            if left is not None and left > 0 and not await self.ask_yes(  # a running clock: start it again only on y
                    tr(lang, "clock_title"), tr(lang, "clock_restart_q", t=clockmod.fmt(left), m=minutes)):
                self.say("")
                return
            params, msg = clockmod.start(minutes, self.arb.now()), tr(lang, "clock_started", m=minutes)
        elif choice == "p":
            params = clockmod.pause_or_resume(rnd, now)
            msg = tr(lang, "clock_paused_msg" if params["paused"] is not None else "clock_resumed")
        elif choice in ("+", "-"):
            params = clockmod.add(rnd, now, 5 if choice == "+" else -5)
            left = clockmod.remaining(Round(rnd.stage, rnd.number, (), rnd.table, params["deadline"], params["paused"]),
                                      now)
            msg = tr(lang, "st_clock", t=clockmod.fmt(left or 0))
        else:
            params, msg = clockmod.clear(), tr(lang, "clock_cleared")
        if choice not in ("a", "m"):
            command = cmds.SetClock(rnd.stage, rnd.table if rnd.table else None, rnd.number, **params)
        if (await self.commit(command)).saved:
            self.say(msg)

    def minutes_refused(self, minutes: int) -> str | None:
        """Why the round's time cannot start with `minutes` (705.3: `StartClock.why_not`), in the judge's language;
        None when it can (the dialog keeps the minutes typed when it cannot: it stays open)."""
        rnd = self.current_round()
        if rnd is None:
            return tr(self.arb.lang, "why_no_round")
        why_not = cmds.StartClock(rnd.stage, rnd.table, rnd.number, minutes,
                                  clockmod.iso(self.arb.now())).why_not(self.event)
        return None if why_not is None else why_not.text(self.arb.lang)

    async def start_minutes(self, minutes: int) -> None:
        """Start the round's time for `minutes` typed (705.3: 45 to 70; `StartClock` says the rule otherwise)."""
        lang = self.arb.lang
        rnd = self.current_round()
        if rnd is None:
            return
        command = cmds.StartClock(rnd.stage, rnd.table, rnd.number, minutes, clockmod.iso(self.arb.now()))
        why_not = command.why_not(self.event)
        if why_not is not None:
            self.say_error(why_not.text(lang))
            return
        left = clockmod.remaining(rnd, self.arb.now())
        if left is not None and left > 0 and not await self.ask_yes(  # a running clock: start it again only on y
                tr(lang, "clock_title"), tr(lang, "clock_restart_q", t=clockmod.fmt(left), m=minutes)):
            self.say("")
            return
        command = cmds.StartClock(rnd.stage, rnd.table, rnd.number, minutes, clockmod.iso(self.arb.now()))
        if (await self.commit(command)).saved:
            self.say(tr(lang, "clock_started", m=minutes))

    # -- the tick, and the 705.3 reminder at zero --------------------------------------------------
    def tick(self) -> None:
        """Every second: the clock in the status line; at zero (on any table) the bell and the 705.3 reminder."""
        self.show_status()
        if self.app.screen is not self:
            return  # a dialog is open: ring when it is closed
        shown = self.table
        order = [shown] + [t for t in self.tables if t != shown]
        rnd = self.query_one(RoundClock).due(self.event, self.stage, order, self.arb.now())
        if rnd is not None:
            self.app.bell()
            self.time_up(rnd)

    @work(group="alarm")
    async def time_up(self, rnd: Round) -> None:
        lang = self.arb.lang
        screen = AlarmScreen(rnd, lang, len(self.tables) > 1, actions.choices("alarm", self, lang))
        self.alarm = screen
        try:
            choice = await self.ask(screen)
            a = actions.chosen("alarm", choice) if choice else None
            if a is not None:
                actions.run(self, a.id)
        finally:
            self.alarm = None

    def alarm_enter(self) -> None:
        """The reminder's e: that table's unfinished boards, only missing, technical result pending."""
        rnd = self.alarm.rnd if self.alarm is not None else self.current_round()
        if rnd is None:
            return
        panel = self.round_panel
        tables = self.tables
        index = tables.index(rnd.table) if rnd.table in tables else panel.where.table_index
        panel.go(table_index=index, round_no=None, only_missing=True, prefix=None)
        self.action_view("round")
        self.sync()
        panel.cursor_to_first_missing()
        self.action_prefix("t")

    def alarm_draws(self) -> None:
        """The reminder's d: a technical draw on every board still unfinished, in one change (asks first)."""
        if self.alarm is not None:
            self.technical_draws(self.alarm.rnd, list(self.alarm.boards))

    @work(group="question")
    async def technical_draws(self, rnd: Round, boards: list[int]) -> None:
        lang = self.arb.lang
        if not await self.ask_yes(tr(lang, "time_up_title"), tr(lang, "tech_draws_q", boards=", ".join(map(str, boards))),
                                  yes=tr(lang, "tech_draws_yes")):
            self.remind_again(rnd)  # no: the reminder again, with the boards still unfinished now
            return
        change = await self.commit(cmds.TechnicalDraws(rnd.stage, rnd.table, rnd.number, tuple(boards), by=self.arb.by))
        if change.saved:
            self.say(tr(self.arb.lang, "tech_draws", boards=", ".join(map(str, boards))))

    def remind_again(self, rnd: Round) -> None:
        try:
            now = self.event.find_round(rnd.stage, rnd.table, rnd.number)
        except ArbiterError:
            return
        if unfinished(now):
            self.time_up(now)

