"""705.2: who goes through after a drawn top game (or a level mini-match).

The three steps are in the body of `decide_drawn_game`: more points before
the top, then the better quality of wins (top games included), then the
player who moved second.

Quality of wins is computed elsewhere (a named tie-break, top games
included); this module takes the values.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Mapping, Union

from arbiter_tournament.core.errors import IllegalChange, Msg
from arbiter_tournament.core.knockout.game_result import points_written

F = Fraction


@dataclass(frozen=True)
class Decision:
    """Who goes through and which rule said so (`decided_by`), with a readable reason."""

    winner: int
    decided_by: str
    reason: str = ""  # a `Msg`: English as a `str`, `.text(lang)` in a language


QualityOfWins = Union[Mapping[int, Fraction], Callable[[int, int], Fraction]]


def _lookup(values: Mapping[int, Fraction], player: int, what: str) -> Fraction:
    try:
        return F(values[player])
    except KeyError:
        raise IllegalChange("{what} of player {player} is not known", what=what, player=player) from None


def decide_drawn_game(
    first: int,
    second: int,
    *,
    points_before_top: Mapping[int, Fraction],
    quality_of_wins: Mapping[int, Fraction],
) -> Decision:
    """705.2: the winner of a drawn top game (or of a level mini-match).

    `first` moved first, `second` moved second (in the last game of a
    mini-match). `quality_of_wins` is the value with the top games so far
    included.
    """
    # 705.2, step 1: the player with more points before the top goes through.
    p1 = _lookup(points_before_top, first, Msg("points before the top"))
    p2 = _lookup(points_before_top, second, Msg("points before the top"))
    if p1 != p2:
        winner = first if p1 > p2 else second
        return Decision(winner, "points-before-top", Msg("{more} against {less}", more=points_written(max(p1, p2)),
                                                          less=points_written(min(p1, p2))))
    # 705.2, step 2: then the better quality of wins (top games included).
    q1 = _lookup(quality_of_wins, first, Msg("quality of wins"))
    q2 = _lookup(quality_of_wins, second, Msg("quality of wins"))
    if q1 != q2:
        winner = first if q1 > q2 else second
        return Decision(
            winner, "quality-of-wins", Msg("points before the top equal ({points}); {more} against {less}",
                                           points=points_written(p1), more=points_written(max(q1, q2)), less=points_written(min(q1, q2))))
    # 705.2, step 3: still equal: the player who moved second goes through.
    return Decision(second, "second-mover", Msg("points before the top ({points}) and quality of wins ({quality}) equal",
                                                points=points_written(p1), quality=points_written(q1)))
