"""Players: add (a late entry once rounds are paired), edit, withdraw, a requested bye, a CSV import, tables."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from arbiter_tournament.core.commands.base import Command
from arbiter_tournament.core.errors import FileProblem, Msg
from arbiter_tournament.core.event import commands as rules
from arbiter_tournament.core.event import seating
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.msg.journal import bye_what, describe


@dataclass(frozen=True)
class AddPlayer(Command):
    name: str
    rating: int = 0
    club: str = ""
    federation: str = ""
    table: int | None = None
    team: str = ""
    title: str = ""
    fide_id: str = ""
    sex: str = ""  # "f" or "m" (what categories read)
    birth: str = ""  # a year or a date (what categories read)

    def apply(self, event: Event) -> Event:
        return rules.add_player(event, self.name, rating=self.rating, club=self.club, federation=self.federation,
                                table=self.table, team=self.team, title=self.title, fide_id=self.fide_id,
                                sex=self.sex, birth=self.birth)

    def describe(self, event: Event) -> Msg:
        return describe("add player {name}", name=self.name)

    @staticmethod
    def why_none(event: Event) -> Msg | None:
        """Why no player at all can be added now (every table has paired all its rounds, a round robin has
        started: `rules.late_entry_refusal`), else None; the shells ask it before the form."""
        return rules.late_entry_closed(event)


@dataclass(frozen=True)
class EditPlayer(Command):
    """A player's name, rating, club, federation, title, FIDE id, sex or birth (those given; None keeps it)."""

    pid: int
    name: str | None = None
    rating: int | None = None
    club: str | None = None
    federation: str | None = None
    title: str | None = None
    fide_id: str | None = None
    sex: str | None = None
    birth: str | None = None

    def apply(self, event: Event) -> Event:
        fields = {k: v for k, v in self.__dict__.items() if k != "pid" and v is not None}
        return rules.edit_player(event, self.pid, **fields)

    def describe(self, event: Event) -> Msg:
        return describe("edit player {pid}", pid=self.pid)


@dataclass(frozen=True)
class Withdraw(Command):
    """Not paired from `from_round` on (default: the next round to pair)."""

    pid: int
    from_round: int | None = None

    def apply(self, event: Event) -> Event:
        return rules.withdraw(event, self.pid, self.from_round)

    def describe(self, event: Event) -> Msg:
        return describe("withdraw player {pid}", pid=self.pid)


@dataclass(frozen=True)
class RequestBye(Command):
    """A requested bye for a round: `kind` half, zero or full point; none takes the request back."""

    pid: int
    round: int
    kind: str

    def apply(self, event: Event) -> Event:
        return rules.request_bye(event, self.pid, self.round, self.kind)

    def describe(self, event: Event) -> Msg:
        return bye_what(self.kind, self.pid, self.round)


@dataclass(frozen=True)
class ImportPlayers(Command):
    """The players of a CSV file (`csvio.read_players` rows), all or none; those without a table in an event of
    several tables dealt to the tables by `method` (rating or lots). A row refused names its line of `path`."""

    rows: tuple[dict[str, Any], ...]
    path: str
    method: str = "rating"
    outside_lock: ClassVar[bool] = True  # the players made and the file's text written without the lock
    # (core.store.EventFile.change_prepared): another judge waits only for the final write

    def apply(self, event: Event) -> Event:
        return seating.add_and_seat(event, self.rows, method=self.method,
                                    row_error=lambda i, exc: FileProblem(self.path, i + 2, exc.msg))

    def describe(self, event: Event) -> Msg:
        from pathlib import Path

        return describe("import {n} players from {file}", n=len(self.rows), file=Path(self.path).name)


@dataclass(frozen=True)
class SeatPlayers(Command):
    """Players to tables before round 1: a snake by rating or by lot (`method`); `everyone`: a fresh deal of
    every player, else only those without a table."""

    method: str = "rating"
    everyone: bool = False

    def apply(self, event: Event) -> Event:
        return seating.seat_players(event, method=self.method, everyone=self.everyone)

    def describe(self, event: Event) -> Msg:
        return describe("seat players at tables by rating" if self.method == "rating"
                        else "seat players at tables by lot")


@dataclass(frozen=True)
class MovePlayer(Command):
    """One player to another table before round 1 (refused once either table has paired a round)."""

    pid: int
    table: int

    def apply(self, event: Event) -> Event:
        return seating.move_player(event, self.pid, self.table)

    def describe(self, event: Event) -> Msg:
        return describe("move player {pid} to table {table}", pid=self.pid, table=self.table)


@dataclass(frozen=True)
class UpdateRatings(Command):
    """Registered players' ratings from a rating list (`core.ratings.fill.updates`): (player id, new rating)
    each; before round 1 only, unless `force`. One journal entry; undone as one."""

    ratings: tuple[tuple[int, int], ...]
    source: str
    force: bool = False

    def apply(self, event: Event) -> Event:
        return rules.update_ratings(event, dict(self.ratings), force=self.force)

    def describe(self, event: Event) -> Msg:
        return describe("update ratings from {file}: {n} changed", file=self.source, n=len(self.ratings))
