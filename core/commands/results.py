"""Results: one board's result entered, changed or cleared, its number of moves, the 705.3 technical draws.

The stage decides which rule records a result: the Swiss and the round
robin (`core.event.commands.record_result`), the top (its bracket advances:
`core.knockout.stage.record_top_result`), the play-off (its plan goes on:
`core.playoff.stage.record_playoff_result`). `RecordResult` is that choice,
made once for the command line's `arbiter result` and the TUI's keys.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_tournament.core.commands.base import Command
from arbiter_tournament.core.errors import IllegalChange, Msg
from arbiter_tournament.core.event import commands as rules
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.msg.journal import describe, result_what
from arbiter_tournament.core.event.systems import Stage

UNSEEN = rules.UNSEEN  # `expected` not given: the caller has not seen the game (the command line)


def _top():
    """The top's rules (core.knockout.stage), loaded for a top result only: a Swiss result (`arbiter result`,
    the command run most) does not load the knockout and the tie-breaks it seeds by."""
    from arbiter_tournament.core.knockout import stage

    return stage


def _playoff():
    """The play-off's rules (core.playoff.stage), loaded for a play-off result only."""
    from arbiter_tournament.core.playoff import stage

    return stage


@dataclass(frozen=True)
class RecordResult(Command):
    """Enter a result on a board (None clears it). Over a different result already there it is refused unless
    `force`; `expected` is the result the judge saw (the TUI): another judge's change since is a `Conflict`."""

    stage: str
    table: int | None
    round: int
    board: int
    result: Result | None
    by: str = ""
    force: bool = False
    expected: object = UNSEEN
    moves: int | None = None

    def _fields(self) -> dict:
        return dict(by=self.by, force=self.force, expected=self.expected, moves=self.moves)

    def check(self, event: Event) -> None:
        force, expected, moves = self.force, self.expected, self.moves
        if self.stage == Stage.TOP:
            _top().check_top_result(event, self.round, self.board, self.result, force=force, expected=expected,
                                    moves=moves)
        elif self.stage == Stage.PLAYOFF:
            _playoff().check_playoff_result(event, self.round, self.board, self.result, force=force,
                                            expected=expected, moves=moves)
        else:
            rules.check_result(event, self.stage, self.table, self.round, self.board, self.result, force=force,
                               expected=expected, moves=moves)

    def apply(self, event: Event) -> Event:
        if self.stage == Stage.TOP:
            return _top().record_top_result(event, self.round, self.board, self.result, **self._fields())
        if self.stage == Stage.PLAYOFF:
            return _playoff().record_playoff_result(event, self.round, self.board, self.result, **self._fields())
        return rules.record_result(event, self.stage, self.table, self.round, self.board, self.result,
                                   **self._fields())

    def describe(self, event: Event) -> Msg:
        return result_what(self.stage, self.round, self.table, self.board, self.result)


@dataclass(frozen=True)
class ClearResult(RecordResult):
    """Take a board's result back (the TUI's x): refused when the board has none."""

    result: Result | None = None

    def check(self, event: Event) -> None:
        game = event.find_round(self.stage, self.table, self.round).game(self.board)
        if game.result is None:
            raise IllegalChange("board {board} has no result to clear", board=self.board)
        super().check(event)

    def apply(self, event: Event) -> Event:
        self.check(event)
        return super().apply(event)


@dataclass(frozen=True)
class SetMoves(RecordResult):
    """The number of moves of a game that has its result (the play-off's fewest-moves rule): `result` and
    `expected` are the result the judge saw, kept as it is."""

    def check(self, event: Event) -> None:
        if self.result is None:
            raise IllegalChange("board {board}: enter its result first, then the number of moves", board=self.board)
        super().check(event)

    def apply(self, event: Event) -> Event:
        self.check(event)
        return super().apply(event)

    def describe(self, event: Event) -> Msg:
        return describe("moves {stage} round {round} board {board}: {moves}", stage=self.stage, round=self.round,
                        board=self.board, moves=self.moves)


@dataclass(frozen=True)
class TechnicalDraws(Command):
    """At the end of the round's time (705.3): a technical draw on each of these boards, in one change; a board
    another judge finished meanwhile keeps its result."""

    stage: str
    table: int | None
    round: int
    boards: tuple[int, ...]
    by: str = ""

    def apply(self, event: Event) -> Event:
        for b in self.boards:
            event = RecordResult(self.stage, self.table, self.round, b, Result.TECHNICAL_DRAW, by=self.by,
                                 expected=None).apply(event)
        return event

    def describe(self, event: Event) -> Msg:
        return describe("technical draws (705.3) round {round} boards {boards}", round=self.round,
                        boards=", ".join(map(str, self.boards)))
