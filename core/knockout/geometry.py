"""The bracket's shape by seeds (704.1, tiebreaks.md 13.1): slots, round 1, who meets whom when.

K players; P = the next power of two >= K slots; R = log2(P) rounds.
Round 1, match i (i = 1..P/2): seed i vs seed P + 1 - i. A seed above K is
absent: its opponent (one of the highest seeds) has a bye. Round r + 1,
match i: winner of match i vs winner of match M + 1 - i of round r, where M
is the number of matches of round r. `Match.players` keeps this structural
order (the player from match i first); results of a match are written in
that order, results of a game first mover first.
"""

from __future__ import annotations

import functools

from arbiter_tournament.core.errors import IllegalChange


def bracket_slots(size: int) -> int:
    """P: the smallest power of two >= size (size >= 2)."""
    if size < 2:
        raise IllegalChange("a top needs at least 2 players, not {size}", size=size)
    return 1 << (size - 1).bit_length()


def first_round_pairs(size: int) -> tuple[tuple[int, int | None], ...]:
    """Round 1 by seeds: (i, P + 1 - i); None where the opponent's seed is above `size` (bye)."""
    p = bracket_slots(size)
    return tuple((i, p + 1 - i if p + 1 - i <= size else None) for i in range(1, p // 2 + 1))


def _match_path(seed: int, slots: int) -> list[int]:
    """The match number the seed plays in each round if it keeps winning."""
    path = []
    m, matches = min(seed, slots + 1 - seed), slots // 2
    path.append(m)
    while matches > 1:
        m = min(m, matches + 1 - m)
        matches //= 2
        path.append(m)
    return path


@functools.lru_cache(maxsize=65536)
def meeting_round(a: int, b: int, slots: int) -> int:
    """The round in which seeds a and b meet if both keep winning."""
    pa, pb = _match_path(a, slots), _match_path(b, slots)
    for r, (x, y) in enumerate(zip(pa, pb), start=1):
        if x == y:
            return r
    raise AssertionError("two seeds always meet by the final")
