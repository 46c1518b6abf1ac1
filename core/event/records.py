"""One player's round, as the pairing and tie-break engines see it.

The event file stores games; every engine that judges a player round by round
(the Dutch pairing, the tie-breaks, TRF export) works on the neutral
`RoundRecord` derived from it, one per player and round. The kinds follow
FIDE C.07 art. 15 (unplayed rounds) and the TRF result codes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from fractions import Fraction


class Outcome(str, Enum):
    """What one round was for one player."""

    WIN = "win"  # played over the board (technical results at time-out too, 705.3)
    DRAW = "draw"
    LOSS = "loss"
    FORFEIT_WIN = "forfeit-win"  # scheduled opponent did not come: not a played game
    FORFEIT_LOSS = "forfeit-loss"  # this player did not come (double forfeit: both sides)
    PAB = "pab"  # pairing-allocated bye
    FULL_BYE = "full-bye"  # full-point bye given by the judge, not paired
    HALF_BYE = "half-bye"  # requested half-point bye, not paired
    ZERO_BYE = "zero-bye"  # requested zero-point bye, not paired
    ABSENT = "absent"  # not paired: late entry, withdrawn, absent (scores the zero-bye value)

    @property
    def played(self) -> bool:
        """A game played over the board: it forbids a rematch and counts for colours."""
        return self in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)

    @property
    def has_opponent(self) -> bool:
        """Paired against someone (played or forfeited)."""
        return self.played or self in (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS)

    @property
    def paired(self) -> bool:
        """Placed by the pairing engine: a game, a forfeit or the pairing-allocated bye."""
        return self.has_opponent or self is Outcome.PAB


# A bye a player asked for, by the kind the file says (`byes = [[3, "half"]]`), and back.
BYE_OF_KIND: dict[str, Outcome] = {"half": Outcome.HALF_BYE, "zero": Outcome.ZERO_BYE, "full": Outcome.FULL_BYE}
KIND_OF_BYE: dict[Outcome, str] = {outcome: kind for kind, outcome in BYE_OF_KIND.items()}


@dataclass(frozen=True)
class RoundRecord:
    """One player's round: outcome, opponent id and colour ('w' first, 'b' second)."""

    outcome: Outcome
    opponent: int | None = None
    colour: str | None = None  # 'w' or 'b'; kept for forfeits too, ignored there by pairing
    # A played game decided by the judge (705.3 technical result) or a result agreed
    # in the top (704.4) stays a played game; these flags only inform displays.
    technical: bool = False
    agreed: bool = False

    def __post_init__(self) -> None:
        if self.outcome.has_opponent and self.opponent is None:
            raise ValueError(f"{self.outcome.value} needs an opponent")
        if not self.outcome.has_opponent and self.opponent is not None:
            raise ValueError(f"{self.outcome.value} has no opponent")
        if self.colour not in (None, "w", "b"):
            raise ValueError(f"colour must be 'w', 'b' or None, not {self.colour!r}")

    @property
    def opponent_id(self) -> int:
        """The opponent of a round that has one (`outcome.has_opponent`: a game or a forfeit)."""
        if self.opponent is None:
            raise ValueError(f"{self.outcome.value} has no opponent")
        return self.opponent


F = Fraction


@dataclass(frozen=True)
class Scoring:
    """Points for each outcome. Defaults: win 1, draw 1/2, loss 0, byes as FIDE."""

    win: Fraction = F(1)
    draw: Fraction = F(1, 2)
    loss: Fraction = F(0)
    forfeit_win: Fraction | None = None  # None: as a win
    forfeit_loss: Fraction = F(0)
    pab: Fraction | None = None  # None: as a win
    full_bye: Fraction | None = None  # None: as a win
    half_bye: Fraction | None = None  # None: as a draw
    zero_bye: Fraction = F(0)

    def points(self, outcome: Outcome) -> Fraction:
        return self._points[outcome]

    @cached_property
    def _points(self) -> dict[Outcome, Fraction]:
        """The points of each outcome, made once per scoring (the standings ask for thousands)."""
        o = Outcome
        return {
            o.WIN: self.win,
            o.DRAW: self.draw,
            o.LOSS: self.loss,
            o.FORFEIT_WIN: self.win if self.forfeit_win is None else self.forfeit_win,
            o.FORFEIT_LOSS: self.forfeit_loss,
            o.PAB: self.win if self.pab is None else self.pab,
            o.FULL_BYE: self.win if self.full_bye is None else self.full_bye,
            o.HALF_BYE: self.draw if self.half_bye is None else self.half_bye,
            o.ZERO_BYE: self.zero_bye,
            o.ABSENT: self.zero_bye,
        }


@dataclass(frozen=True)
class PlayerHistory:
    """A player's id, rating and one record per round played so far (rounds 1..r)."""

    id: int
    rating: int = 0
    name: str = ""
    records: tuple[RoundRecord, ...] = field(default_factory=tuple)

    def score(self, scoring: Scoring, rounds: int | None = None) -> Fraction:
        recs = self.records if rounds is None else self.records[:rounds]
        return sum((scoring.points(r.outcome) for r in recs), F(0))
