"""Pairing: the next round (computed outside the lock), a proposal saved, a round by hand, changes by hand to a
paired round, a pairing taken back.

`PairNext` is the command line's `arbiter pair` and the TUI's `p`: the TUI
computes it (`compute`, in a job), shows the proposal, lets the judge change
it (core/pairing/preview.py), and saves it with `SavePairing`. The changes
by hand to a round already saved (`SwapColours`, `ExchangePlayers`,
`GiveBye`) share one precondition (`why_not_by_hand`: the round is its
table's last, and has no result yet).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.commands.base import Command, SlowCommand
from arbiter_tournament.core.errors import ArbiterError, Msg
from arbiter_tournament.core.event import commands as rules
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.msg.journal import describe, pair_what
from arbiter_tournament.core.pairing import preview
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.event.systems import Stage, main_stage


def _main_stage(event: Event) -> str:
    return main_stage(event.system)


@dataclass(frozen=True)
class PairNext(SlowCommand):
    """The next round of the main stage: of one table, or of every table (all of them complete).

    `allow_rematch`: pairs of players (a team event: of team ids) who may meet again (when no legal pairing
    exists otherwise); `fewest_rematches`: a Swiss round with the fewest rematches the other rules allow
    (`core.swiss.rematches`), each said (`Proposal.rematches_in`) and journalled; `lots`: a round robin draws
    its Berger numbers by lot."""

    table: int | None = None
    lots: bool = False
    allow_rematch: frozenset[frozenset[int]] = frozenset()
    fewest_rematches: bool = False

    def check(self, event: Event) -> None:
        pairing.check_pair_next(event, self.table, lots=self.lots)

    def apply(self, event: Event) -> Event:
        return pairing.pair_next(event, self.table, lots=self.lots, allow_rematch=set(self.allow_rematch),
                                 fewest_rematches=self.fewest_rematches)

    def compute(self, snapshot: Event, progress: Callable[[], None] | None = None) -> preview.Proposal:
        return preview.propose(snapshot, self.table, lots=self.lots, allow_rematch=set(self.allow_rematch),
                               fewest_rematches=self.fewest_rematches, progress=progress)

    def commit(self, now: Event, value: preview.Proposal) -> Event | None:
        if preview.differs(now, value) is not None:
            return None  # stale: paired again from `now`
        return preview.adopt(now, value)

    def what(self, value: preview.Proposal) -> Msg:
        if self.fewest_rematches:
            return value.what()
        return self.describe(value.base)

    def rematch(self, event: Event | None = None) -> str | None:
        """The pairs allowed to meet again as the journal says them ("3,7"; a team event: "'Dogs','Bees'"),
        or None."""
        if event is not None and self.allow_rematch and team_event.is_team_event(event):
            names = team_event.team_names(event)
            pairs = sorted(sorted(p) for p in self.allow_rematch)
            return ", ".join(",".join(f"'{names[i - 1]}'" if 0 < i <= len(names) else str(i) for i in pair)
                             for pair in pairs)
        pairs = sorted((sorted(p) for p in self.allow_rematch))
        return ",".join(str(i) for pair in pairs for i in pair) or None

    def describe(self, event: Event) -> Msg:
        if self.fewest_rematches:
            if self.table is not None:
                return describe("pair next round of table {table} with the fewest rematches", table=self.table)
            return describe("pair next round with the fewest rematches")
        if team_event.is_team_event(event):
            return pair_what([], rematch=self.rematch(event))
        if self.rematch():  # (the catalog says a rematch of the next round only)
            return pair_what([], self.table, rematch=self.rematch())
        stage = _main_stage(event)
        tables = event.stage_tables(stage) if self.table is None else [self.table]
        numbers = set()
        for t in tables:
            rounds = event.rounds_of(stage, t)
            numbers.add(rounds[-1].number + 1 if rounds else 1)
        return pair_what(sorted(numbers), self.table)


@dataclass(frozen=True)
class PairReadyTables(SlowCommand):
    """The next round of every table whose round is complete, while other tables still play (the TUI's `A`)."""

    def check(self, event: Event) -> None:
        preview.check_ready_tables(event)

    def compute(self, snapshot: Event, progress: Callable[[], None] | None = None) -> preview.Proposal:
        self.check(snapshot)
        return preview.propose(snapshot, tables=preview.pairable_tables(snapshot), progress=progress)

    def apply(self, event: Event) -> Event:
        return self.compute(event).event

    def commit(self, now: Event, value: preview.Proposal) -> Event | None:
        if preview.differs(now, value) is not None:
            return None
        return preview.adopt(now, value)

    def what(self, value: preview.Proposal) -> Msg:
        return value.what()

    def describe(self, event: Event) -> Msg:
        tables = preview.pairable_tables(event)
        numbers = {rs[-1].number + 1 if (rs := event.rounds_of(Stage.SWISS, t)) else 1 for t in tables}
        return pair_what(sorted(numbers), tables[0] if len(tables) == 1 else None)


@dataclass(frozen=True)
class SavePairing(Command):
    """A proposed pairing (`core.pairing.preview.Proposal`, changed by hand or not) saved as it was shown; refused
    (`Conflict`) when the event changed since in anything the pairing depends on."""

    proposal: preview.Proposal

    def apply(self, event: Event) -> Event:
        return preview.adopt(event, self.proposal)

    def describe(self, event: Event) -> Msg:
        return self.proposal.what()


@dataclass(frozen=True)
class PairByHand(Command):
    """A round's boards set by hand: (first, second) pairs, second None for the bye."""

    stage: str
    table: int | None
    round: int
    pairs: tuple[tuple[int, int | None], ...]

    def apply(self, event: Event) -> Event:
        return pairing.pair_by_hand(event, self.stage, self.table, self.round, list(self.pairs))

    def describe(self, event: Event) -> Msg:
        return describe("pair round {round} by hand", round=self.round)


@dataclass(frozen=True)
class PairTeamsByHand(Command):
    """The next round of a team Swiss set by hand, match by match: (first-named, second-named) teams by name or
    number, second None for the team without a match (`core.teams.pairing.pair_teams_by_hand`: the boards
    follow each team's line-up of the round)."""

    pairs: tuple[tuple[str, str | None], ...]

    def apply(self, event: Event) -> Event:
        from arbiter_tournament.core.teams.pairing import pair_teams_by_hand

        return pair_teams_by_hand(event, list(self.pairs))

    def describe(self, event: Event) -> Msg:
        rounds = event.rounds_of(Stage.SWISS, None)
        k = rounds[-1].number + 1 if rounds else 1
        names = team_event.team_names(event)

        def name(ref: str) -> str:
            ref = str(ref).strip()
            if ref not in names and ref.isascii() and ref.isdigit() and 1 <= int(ref) <= len(names):
                return names[int(ref) - 1]
            return ref

        said = ", ".join(f"'{name(a)}'-'{name(b)}'" if b is not None else f"'{name(a)}'-bye" for a, b in self.pairs)
        return describe("pair round {round} by hand: {pair}", round=k, pair=said)


def why_not_by_hand(event: Event, stage: str, table: int | None, round_no: int) -> Msg | None:
    """Whether a saved round can be changed by hand at all (its table's last, no result yet): what each change
    by hand asks first, asked by itself before the judge names the players (the TUI's X)."""
    try:
        pairing.check_by_hand(event, stage, table, round_no)
    except ArbiterError as exc:
        return exc.msg
    return None


@dataclass(frozen=True)
class SwapColours(Command):
    stage: str
    table: int | None
    round: int
    board: int

    def apply(self, event: Event) -> Event:
        return pairing.swap_colours(event, self.stage, self.table, self.round, self.board)

    def describe(self, event: Event) -> Msg:
        return describe("swap colours on board {board}", board=self.board)


@dataclass(frozen=True)
class ExchangePlayers(Command):
    """Two players (ids) exchanged between their boards."""

    stage: str
    table: int | None
    round: int
    a: int
    b: int

    def apply(self, event: Event) -> Event:
        return pairing.exchange(event, self.stage, self.table, self.round, self.a, self.b)

    def describe(self, event: Event) -> Msg:
        return describe("exchange players {a} and {b}", a=self.a, b=self.b)


@dataclass(frozen=True)
class GiveBye(Command):
    """The pairing-allocated bye given to a player by hand; the old bye player meets his opponent."""

    stage: str
    table: int | None
    round: int
    pid: int

    def apply(self, event: Event) -> Event:
        return pairing.give_bye(event, self.stage, self.table, self.round, self.pid)

    def describe(self, event: Event) -> Msg:
        return describe("bye by hand for player {pid}", pid=self.pid)


@dataclass(frozen=True)
class Unpair(Command):
    """Take back the pairing of a round that has no result yet (its table's last; not the top's or the
    play-off's, which pair themselves)."""

    stage: str
    table: int | None
    round: int

    def apply(self, event: Event) -> Event:
        return rules.unpair_round(event, self.stage, self.table, self.round)

    def describe(self, event: Event) -> Msg:
        return describe("take back the pairing of round {round}", round=self.round)
