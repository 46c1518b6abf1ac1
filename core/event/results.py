"""A game's result and the forms a judge types (cli.md).

`Result.parse("1/2")` reads what a judge types, `str(result)` prints the
canonical form back. Each result says, for the first and the second player,
what the round was (`core.event.records.Outcome`): forfeits are not played games,
technical results at time-out (705.3) and agreed top results (704.4) are.
"""

from __future__ import annotations

from enum import Enum

from arbiter_tournament.core.errors import InvalidResult
from arbiter_tournament.core.event.records import Outcome

O = Outcome


class Result(str, Enum):
    FIRST_WINS = "1-0"
    SECOND_WINS = "0-1"
    DRAW = "1/2"
    FORFEIT_FIRST_WINS = "+-"  # the second player did not come
    FORFEIT_SECOND_WINS = "-+"  # the first player did not come
    DOUBLE_FORFEIT = "--"
    TECHNICAL_FIRST_WINS = "1-0t"  # 705.3: judge's decision at time-out, a played game
    TECHNICAL_SECOND_WINS = "0-1t"
    TECHNICAL_DRAW = "=t"
    AGREED_FIRST_WINS = "1-0a"  # 704.4: agreed in front of a judge, top only
    AGREED_SECOND_WINS = "0-1a"
    BYE = "bye"  # the pairing-allocated bye: a board with no second player

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> "Result":
        key = text.strip().lower().replace(" ", "").replace("½", "1/2").replace(":", "-")
        try:
            return _FORMS[key]
        except KeyError:
            raise InvalidResult(
                "'{text}' is not a result; type one of 1-0 0-1 1/2 = +- -+ -- 1-0t 0-1t =t 1-0a 0-1a", text=text
            ) from None

    @property
    def outcomes(self) -> tuple[Outcome, Outcome | None]:
        """What the round was for (first, second); second is None for the bye."""
        return _OUTCOMES[self]

    @property
    def technical(self) -> bool:
        return self in (Result.TECHNICAL_FIRST_WINS, Result.TECHNICAL_SECOND_WINS, Result.TECHNICAL_DRAW)

    @property
    def agreed(self) -> bool:
        return self in (Result.AGREED_FIRST_WINS, Result.AGREED_SECOND_WINS)

    @property
    def played(self) -> bool:
        return self.outcomes[0].played

    @property
    def winner_side(self) -> int | None:
        """0 when the first player won (over the board or not), 1 the second, None otherwise."""
        first, second = self.outcomes
        if first in (O.WIN, O.FORFEIT_WIN, O.PAB):
            return 0
        if second in (O.WIN, O.FORFEIT_WIN):
            return 1
        return None


_OUTCOMES: dict[Result, tuple[Outcome, Outcome | None]] = {
    Result.FIRST_WINS: (O.WIN, O.LOSS),
    Result.SECOND_WINS: (O.LOSS, O.WIN),
    Result.DRAW: (O.DRAW, O.DRAW),
    Result.FORFEIT_FIRST_WINS: (O.FORFEIT_WIN, O.FORFEIT_LOSS),
    Result.FORFEIT_SECOND_WINS: (O.FORFEIT_LOSS, O.FORFEIT_WIN),
    Result.DOUBLE_FORFEIT: (O.FORFEIT_LOSS, O.FORFEIT_LOSS),
    Result.TECHNICAL_FIRST_WINS: (O.WIN, O.LOSS),
    Result.TECHNICAL_SECOND_WINS: (O.LOSS, O.WIN),
    Result.TECHNICAL_DRAW: (O.DRAW, O.DRAW),
    Result.AGREED_FIRST_WINS: (O.WIN, O.LOSS),
    Result.AGREED_SECOND_WINS: (O.LOSS, O.WIN),
    Result.BYE: (O.PAB, None),
}

_FORMS: dict[str, Result] = {r.value: r for r in Result}
_FORMS.update(
    {
        "=": Result.DRAW,
        "1/2-1/2": Result.DRAW,
        "0.5-0.5": Result.DRAW,
        "1/2t": Result.TECHNICAL_DRAW,
        "1/2-1/2t": Result.TECHNICAL_DRAW,
        "1-0f": Result.FORFEIT_FIRST_WINS,
        "0-1f": Result.FORFEIT_SECOND_WINS,
        "0-0": Result.DOUBLE_FORFEIT,
        "0-0f": Result.DOUBLE_FORFEIT,
        "u": Result.BYE,
    }
)
