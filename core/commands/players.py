"""Players: add (a late entry once rounds are paired), edit, withdraw, a requested bye, a CSV import, tables."""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Mapping
from typing import Any, ClassVar

from arbiter_tournament.core.commands.base import Command
from arbiter_tournament.core.errors import Conflict, FileProblem, Msg, joined
from arbiter_tournament.core.event import commands as rules
from arbiter_tournament.core.event import seating
from arbiter_tournament.core.event.player_details import clean_details
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


EDITED = ("name", "rating", "club", "federation", "title", "fide_id", "sex", "birth")  # what EditPlayer changes


@dataclass(frozen=True)
class EditPlayer(Command):
    """A player's name, rating, club, federation, title, FIDE id, sex or birth (those given; None keeps it).

    `expected`: the values the judge saw (the TUI's form as it was opened), field -> value, for the fields this
    edit changes (a dict, held as sorted pairs). A field another judge has set since to something else is a
    `Conflict` naming the player and each such field, nothing changed; a field this edit does not give is kept
    whatever another judge set. None (the command line): no check."""

    pid: int
    name: str | None = None
    rating: int | None = None
    club: str | None = None
    federation: str | None = None
    title: str | None = None
    fide_id: str | None = None
    sex: str | None = None
    birth: str | None = None
    expected: tuple[tuple[str, Any], ...] | Mapping[str, Any] | None = None

    def __post_init__(self) -> None:
        if self.expected is not None:  # hashable as every command is: sorted pairs
            object.__setattr__(self, "expected", tuple(sorted(dict(self.expected).items())))

    def fields(self) -> dict[str, Any]:
        """The fields this edit gives (field -> new value)."""
        return {k: getattr(self, k) for k in EDITED if getattr(self, k) is not None}

    def apply(self, event: Event) -> Event:
        fields = self.fields()
        if self.expected is not None:
            check_unchanged(event, self.pid, clean_details(fields), dict(self.expected))
        return rules.edit_player(event, self.pid, **fields)

    def describe(self, event: Event) -> Msg:
        return describe("edit player {pid}", pid=self.pid)


def changed_since(event: Event, pid: int, fields: Mapping[str, Any], expected: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of `fields` that another judge set since `expected` was read, to a value other than the one
    given (field -> the value now); a field not in `expected` is not asked about."""
    p = event.player(pid)
    out = {}
    for k, v in fields.items():
        if k in expected:
            now = getattr(p, k)
            if now != expected[k] and now != v:
                out[k] = now
    return out


def check_unchanged(event: Event, pid: int, fields: Mapping[str, Any], expected: Mapping[str, Any]) -> None:
    """Refuse (`Conflict`) an edit of player `pid` over a field another judge changed since `expected` was read:
    the message names the player and, for each such field, what the judge saw and what it is now."""
    theirs = changed_since(event, pid, fields, expected)
    if not theirs:
        return
    p = event.player(pid)
    changes = joined([Msg("{field}: you saw {shown}, it is now {now}", field=Msg(f"pfield_{k}"),
                          shown=_shown(expected[k]), now=_shown(v)) for k, v in theirs.items()], "; ")
    err = Conflict("{name} ({pid}) was changed by another judge since you opened it: {changes}",
                   name=p.name, pid=pid, changes=changes)
    err.field = next(iter(theirs))  # the form's field to focus
    raise err


def _shown(value: Any) -> Any:
    """A field's value as a message says it: an empty one as "(empty)"."""
    return Msg("(empty)") if value in ("", None) else value


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
