"""The event itself: its details (the FIDE report's header), which no rule reads."""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_tournament.core.commands.base import Command
from arbiter_tournament.core.errors import Msg
from arbiter_tournament.core.event.details import set_details
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.msg.journal import describe


@dataclass(frozen=True)
class SetDetails(Command):
    """The name, city, federation, dates, arbiters, time control, round dates, and whether the public site shows
    the crosstable and the prize money, given (None keeps one; a text given as "", a list as (), clears it)."""

    name: str | None = None
    city: str | None = None
    federation: str | None = None
    start: str | None = None
    end: str | None = None
    chief_arbiter: str | None = None
    deputy_arbiters: tuple[str, ...] | None = None
    time_control: str | None = None
    round_dates: tuple[str, ...] | None = None
    public_crosstable: bool | None = None  # what the public site shows (docs/publishing.md)
    public_prize_money: bool | None = None
    rate: str | None = None  # which rating of a rating list: standard, rapid or blitz

    def given(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if v is not None}

    def apply(self, event: Event) -> Event:
        return set_details(event, **self.given())

    def describe(self, event: Event) -> Msg:
        return describe("set the event's details")


def make_new_event(name: str, rounds: int, *, teams_boards: int | None = None, match_points=None,
                   details: dict | None = None, **settings) -> Event:
    """A new event as `arbiter new` and the TUI's new-event form make it: `core.event.commands.new_event`
    (`settings`: system, tables, top, third_place, points, tiebreaks, edition, lots_seed, baku,
    initial_colour, unrated_rating), a team event of `teams_boards` boards (`core.teams.setup`, its
    `match_points` and the tie-breaks as team codes) when given, then the report's details (`SetDetails`)."""
    from arbiter_tournament.core.event.commands import new_event

    event = new_event(name, rounds, **settings)
    if teams_boards is not None:
        from arbiter_tournament.core import teams as team_event

        codes = list(settings.get("tiebreaks") or ()) or None
        event = team_event.setup(event, teams_boards, match_points=match_points, tiebreaks=codes)
    return SetDetails(**(details or {})).apply(event)
