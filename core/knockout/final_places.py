"""The final places of the top.

The winner 1, the final's loser 2; third place match 3 and 4 (or the
semi-final losers share 3-4); the losers of an earlier round share the places
below those still in (5-8, 9-16, ...), or, with `placings="swiss-order"`, are
ordered by a given Swiss order (the standings before the top).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.knockout.bracket import Bracket


@dataclass(frozen=True)
class Placing:
    """A final place: `place`..`place_to` (equal unless the place is shared)."""

    player: int
    place: int
    place_to: int

    @property
    def shared(self) -> bool:
        return self.place != self.place_to


def placings(bracket: Bracket, swiss_order: Sequence[int] | None = None) -> tuple[Placing, ...]:
    """Places known so far, best first (see the module docstring).

    With `config.placings == "swiss-order"` the losers of one round are ordered
    by `swiss_order` (all top players, best first), else they share a range.
    """
    by_swiss = bracket.config.placings == "swiss-order"
    if by_swiss and swiss_order is None:
        raise IllegalChange("placings by Swiss order need the Swiss order")
    rank = {p: i for i, p in enumerate(swiss_order or ())}
    out: list[Placing] = []

    def group(players: list[int], start: int) -> None:
        if by_swiss:
            players = sorted(players, key=lambda p: rank.get(p, len(rank)))
            out.extend(Placing(p, start + i, start + i) for i, p in enumerate(players))
        else:
            out.extend(Placing(p, start, start + len(players) - 1) for p in players)

    final = bracket.final
    if final.winner is not None:
        out.append(Placing(final.winner, 1, 1))
        if final.loser is not None:  # (a final has two players)
            out.append(Placing(final.loser, 2, 2))
    semis_losers = [m.loser for m in bracket.rounds[-2] if not m.is_bye] if len(bracket.rounds) >= 2 else []
    tp = bracket.third_place_match
    if tp is not None:
        if tp.winner is not None:
            out.append(Placing(tp.winner, 3, 3))
            if tp.loser is not None:
                out.append(Placing(tp.loser, 4, 4))
    elif semis_losers and None not in semis_losers:
        group([p for p in semis_losers if p is not None], 3)
    # earlier rounds: the players still in after round r take the places above
    for r in range(len(bracket.rounds) - 2, 0, -1):
        matches = bracket.rounds[r - 1]
        losers = [m.loser for m in matches if not m.is_bye]
        if any(p is None for p in losers):
            continue
        still_in = len(matches)  # winners of round r
        group([p for p in losers if p is not None], still_in + 1)
    out.sort(key=lambda x: (x.place, x.player))
    return tuple(out)
