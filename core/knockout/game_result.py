"""A top game's result as the judge enters it: 1-0, =, +-, 1-0t (705.3), 1-0a (704.4).

Technical results at time-out, forfeits and agreed results are ordinary
decided games; a double forfeit cannot decide a top game.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from arbiter_tournament.core.errors import InvalidResult

F = Fraction


_RESULT_TEXTS = {
    "1-0": ("1-0", False, False, False),
    "0-1": ("0-1", False, False, False),
    "1/2": ("1/2", False, False, False),
    "=": ("1/2", False, False, False),
    "1/2-1/2": ("1/2", False, False, False),
    "½": ("1/2", False, False, False),
    "½-½": ("1/2", False, False, False),
    "+-": ("1-0", False, False, True),
    "-+": ("0-1", False, False, True),
    "1-0t": ("1-0", True, False, False),
    "0-1t": ("0-1", True, False, False),
    "=t": ("1/2", True, False, False),
    "1/2t": ("1/2", True, False, False),
    "1-0a": ("1-0", False, True, False),
    "0-1a": ("0-1", False, True, False),
}


@dataclass(frozen=True)
class GameResult:
    """A top game's result, first mover's score first.

    `score` is "1-0", "0-1" or "1/2". `technical`: decided by the judge at
    time-out (705.3); `agreed`: agreed in front of a judge (704.4; never a
    draw); `forfeit`: the loser did not play. All are ordinary decided games.
    """

    score: str
    technical: bool = False
    agreed: bool = False
    forfeit: bool = False

    def __post_init__(self) -> None:
        if self.score not in ("1-0", "0-1", "1/2"):
            raise InvalidResult("{score!r} is not a game score (1-0, 0-1 or 1/2)", score=self.score)
        if self.agreed and self.score == "1/2":
            raise InvalidResult("an agreed top result names a winner (1-0a or 0-1a)")

    @classmethod
    def parse(cls, text: str) -> GameResult:
        """The judge's text: 1-0, 0-1, 1/2 (=, 1/2-1/2), +-, -+, 1-0t, 0-1t, =t, 1-0a, 0-1a."""
        key = text.strip().lower()
        if key == "--":
            raise InvalidResult("a double forfeit cannot decide a top game; enter who goes through")
        if key not in _RESULT_TEXTS:
            raise InvalidResult("{text!r} is not a top game result", text=text)
        score, technical, agreed, forfeit = _RESULT_TEXTS[key]
        return cls(score, technical, agreed, forfeit)

    @property
    def points(self) -> tuple[Fraction, Fraction]:
        return {"1-0": (F(1), F(0)), "0-1": (F(0), F(1)), "1/2": (F(1, 2), F(1, 2))}[self.score]

    @property
    def text(self) -> str:
        """The judge's code back ("1-0t", "+-", ...)."""
        if self.forfeit:
            return "+-" if self.score == "1-0" else "-+"
        base = "=" if self.score == "1/2" and self.technical else self.score
        return base + ("t" if self.technical else "a" if self.agreed else "")


def points_written(x: Fraction) -> str:
    """Points as the judge writes them: 2, 1.5, -0.5 (other fractions with two decimals)."""
    x = F(x)
    if x.denominator == 1:
        return str(x.numerator)
    if x.denominator == 2:
        whole = x - F(1, 2)
        return f"{whole.numerator}.5" if whole >= 0 else f"-{abs(whole).numerator}.5"
    return f"{float(x):.2f}"
