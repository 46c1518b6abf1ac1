"""The round clock (705.3): a round's deadline (ISO, UTC) or, paused, the seconds left; every table at once."""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.core.commands.base import Command
from arbiter.core.errors import Msg
from arbiter.core.event import commands as rules
from arbiter.core.event.model import Event
from arbiter.core.msg.journal import clock_what, describe


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
