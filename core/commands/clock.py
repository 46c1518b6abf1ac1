"""The round clock (705.3): a round's deadline (ISO, UTC) or, paused, the seconds left; every table at once."""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_tournament.core.commands.base import Command
from arbiter_tournament.core.errors import Msg
from arbiter_tournament.core.event import commands as rules
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.msg.journal import clock_what, describe


@dataclass(frozen=True)
class SetClock(Command):
    """Start, pause, resume, change or clear (deadline "", paused None) one round's clock."""

    stage: str
    table: int | None
    round: int
    deadline: str = ""
    paused: int | None = None

    def apply(self, event: Event) -> Event:
        return rules.set_clock(event, self.stage, self.table, self.round, deadline=self.deadline, paused=self.paused)

    def describe(self, event: Event) -> Msg:
        return clock_what(self.stage, self.round, self.table)


@dataclass(frozen=True)
class StartClockEveryTable(Command):
    """The same deadline for the current round of every table of the stage, in one change."""

    stage: str
    deadline: str
    minutes: int  # (for the journal: the deadline is `minutes` from now)

    def apply(self, event: Event) -> Event:
        for t in event.stage_tables(self.stage):
            rs = event.rounds_of(self.stage, t)
            if rs:
                event = rules.set_clock(event, self.stage, t, rs[-1].number, deadline=self.deadline)
        return event

    def describe(self, event: Event) -> Msg:
        return describe("round clock {stage}: {minutes} minutes on every table", stage=self.stage,
                        minutes=self.minutes)


@dataclass(frozen=True)
class StartClock(Command):
    """Start a round's clock for minutes the judge typed (705.3: 45 to 70), from `now` (ISO time)."""

    stage: str
    table: int | None
    round: int
    minutes: int
    now: str

    def apply(self, event: Event) -> Event:
        return rules.start_clock(event, self.stage, self.table, self.round, self.minutes, self.now)

    def describe(self, event: Event) -> Msg:
        if self.table is None:
            return describe("round clock {stage} round {round}: {minutes} minutes", stage=self.stage,
                            round=self.round, minutes=self.minutes)
        return describe("round clock {stage} round {round} table {table}: {minutes} minutes", stage=self.stage,
                        round=self.round, table=self.table, minutes=self.minutes)
