"""The match points of a team match: the one rule, and the only place that decides them.

    decide(points, boards, rule)  -> MatchDecision(outcomes, match_points), first-named team first
    MatchPoints(win, draw, loss, won_by)   the event's match points (2/1/0) and the rule ("half" or "more")

Seed 003, 32.2.1 (../shared/spec/rules.md section 4): "2 points for a won match, in which the team scored
more than half of the possible board points; 1 for a drawn match, in which it scored half; 0 for a lost match,
in which it scored less than half". Each team is judged on its own points against the half (B / 2 of B
boards). A double forfeit scores 0 for both teams on its board (tiebreaks.md section 1, DOUBLE_FORFEIT: a
forfeit loss for both), so the points may sum to less than B, and then the two answers need not be a win and
a loss: of 4 boards, 2-0 with two double forfeits is drawn for the first team (exactly half) and lost by the
second; 1-1, or 1.5-1.5, is lost by both (neither reaches half). docs/teams.md says it with the judge's
examples. `won_by="more"` is the other reading (the Olympiad's "more game points than the opponent"): it
differs only after double forfeits.

The match line, the JSON of `teams matches`, the printouts, the pairing's score groups, the standings and the
tie-breaks all read this function's answer (core.teams.matches.match_result, core.teams.histories,
core.tiebreaks.team): it lives here, below both the teams and their tie-breaks, so both can import it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from arbiter_tournament.core.errors import IllegalChange

__all__ = ["OUTCOMES", "MatchDecision", "MatchPoints", "decide"]

F = Fraction


@dataclass(frozen=True)
class MatchPoints:
    """Match points for a won, drawn and lost match (seed 003, 32.2.1: 2/1/0)."""

    win: Fraction = F(2)
    draw: Fraction = F(1)
    loss: Fraction = F(0)
    # "half": won by scoring more than half of the possible board points (the seed's
    # wording); "more": won by scoring more board points than the opponent (the two
    # differ only when boards are double forfeits).
    won_by: str = "half"

    def __post_init__(self) -> None:
        """Refuses a rule other than "half" and "more"."""
        if self.won_by not in ("half", "more"):
            raise IllegalChange("won_by must be 'half' or 'more', not {won_by!r}", won_by=self.won_by)

    def of(self, outcome: str) -> Fraction:
        """The match points of an outcome of `OUTCOMES` ("win", "draw", "loss")."""
        return {"win": self.win, "draw": self.draw, "loss": self.loss}[outcome]


OUTCOMES = ("win", "draw", "loss")


@dataclass(frozen=True)
class MatchDecision:
    """What a complete match was for each team, first-named team first: "win", "draw" or "loss" (the
    pairing's outcome of the round), and the match points they are worth."""

    outcomes: tuple[str, str]
    match_points: tuple[Fraction, Fraction]


def decide(points: tuple[Fraction, Fraction], boards: int, rule: MatchPoints = MatchPoints()) -> MatchDecision:
    """The match points of a complete match of `boards` boards whose teams scored `points` board points: the
    one place that decides them (see the module docstring; seed 003, 32.2.1). A double forfeit scores 0 for
    both teams on its board, so the points may sum to less than `boards`."""
    if boards < 1:
        raise IllegalChange("a team match has at least one board")
    a, b = (F(x) for x in points)
    if a < 0 or b < 0 or a + b > boards:
        raise IllegalChange("a match of {boards} boards cannot score {a} - {b}", boards=boards, a=str(a), b=str(b))
    half = F(boards, 2)

    def one(x: Fraction, other: Fraction) -> str:
        line = half if rule.won_by == "half" else other
        return "win" if x > line else "draw" if x == line else "loss"

    outcomes = (one(a, b), one(b, a))
    return MatchDecision(outcomes, (rule.of(outcomes[0]), rule.of(outcomes[1])))
