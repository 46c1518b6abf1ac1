"""The event itself: its details (the FIDE report's header), which no rule reads."""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.core.commands.base import Command
from arbiter.core.errors import Msg
from arbiter.core.event.details import set_details
from arbiter.core.event.model import Event
from arbiter.core.msg.journal import describe


@dataclass(frozen=True)
class SetDetails(Command):
    """The name, city, federation, dates, arbiters, time control, round dates given (None keeps one; a text
    given as "", a list as (), clears it)."""

    name: str | None = None
    city: str | None = None
    federation: str | None = None
    start: str | None = None
    end: str | None = None
    chief_arbiter: str | None = None
    deputy_arbiters: tuple[str, ...] | None = None
    time_control: str | None = None
    round_dates: tuple[str, ...] | None = None
    rate: str | None = None  # which rating of a rating list: standard, rapid or blitz

    def given(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if v is not None}

    def apply(self, event: Event) -> Event:
        return set_details(event, **self.given())

    def describe(self, event: Event) -> Msg:
        return describe("set the event's details")
