"""Seeding the top and the three aims of 704.2 (tiebreaks.md 13.1).

`straight_seeding` (table winners in table order, then second places, ...),
`aims_report` (whether each aim holds for a seeding) and `best_seeding` (the
straight order permuted inside each place tier to serve the aims better).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Sequence

from arbiter_tournament.core.knockout.geometry import bracket_slots, meeting_round
from arbiter_tournament.core.msg import Msg
from arbiter_tournament.core.knockout.qualification import Qualification, Qualifier


@dataclass(frozen=True)
class Seed:
    """Seed number (1 = best), the player, their table and place on it."""

    seed: int
    player: int
    table: int
    place: int


def _tiers(q: Qualification) -> list[list[Qualifier]]:
    by_table = {t: [x for x in q.qualifiers if x.table == t] for t in q.tables}
    return [[by_table[t][place] for t in q.tables] for place in range(q.per_table)]


def _seeds_from_tiers(tiers: Sequence[Sequence[Qualifier]]) -> tuple[Seed, ...]:
    flat = [x for tier in tiers for x in tier]
    return tuple(Seed(i, x.player, x.table, x.place) for i, x in enumerate(flat, start=1))


def straight_seeding(q: Qualification) -> tuple[Seed, ...]:
    """704.2: all table winners in table order, then all second places, and so on.

    One table: seeds 1..K in place order.
    """
    return _seeds_from_tiers(_tiers(q))


@dataclass(frozen=True)
class AimCheck:
    """One aim of 704.2 for a seeding.

    aim 1: `value` = same-table pairs in round 1 (0 is ideal).
    aim 2: `value` = earliest round in which two table winners can meet;
           `best` = the latest such round any seeding can reach.
    aim 3: `value` = earliest round in which the 1st and 2nd of one table can
           meet; `best` = the final.
    `pairs` are the player ids concerned (offending or meeting earliest).
    `applies` is False when the aim has nothing to check (e.g. one table).
    """

    aim: int
    holds: bool
    value: int | None
    best: int | None
    pairs: tuple[tuple[int, int], ...]
    text: str
    applies: bool = True


@dataclass(frozen=True)
class AimsReport:
    aims: tuple[AimCheck, AimCheck, AimCheck]

    @property
    def all_hold(self) -> bool:
        return all(a.holds for a in self.aims)


def _evaluate(seeds: Sequence[Seed], slots: int):
    """Raw numbers for the three aims and the lexicographic key (smaller is better)."""
    by_seed = {s.seed: s for s in seeds}
    rounds = slots.bit_length() - 1
    # aim 1
    bad1 = []
    for i in range(1, slots // 2 + 1):
        a, b = by_seed.get(i), by_seed.get(slots + 1 - i)
        if a and b and a.table == b.table:
            bad1.append((a.player, b.player))
    # aim 2
    winners = [s for s in seeds if s.place == 1]
    e2, pairs2 = None, []
    for a, b in itertools.combinations(winners, 2):
        r = meeting_round(a.seed, b.seed, slots)
        if e2 is None or r < e2:
            e2, pairs2 = r, [(a.player, b.player)]
        elif r == e2:
            pairs2.append((a.player, b.player))
    # aim 3
    e3, pairs3 = None, []
    firsts = {s.table: s for s in seeds if s.place == 1}
    for s in seeds:
        if s.place == 2 and s.table in firsts:
            a = firsts[s.table]
            r = meeting_round(a.seed, s.seed, slots)
            if e3 is None or r < e3:
                e3, pairs3 = r, [(a.player, s.player)]
            elif r == e3:
                pairs3.append((a.player, s.player))
    key = (
        len(bad1),
        -(e2 if e2 is not None else rounds + 1),
        len(pairs2),
        -(e3 if e3 is not None else rounds + 1),
        len(pairs3),
    )
    return bad1, (e2, pairs2), (e3, pairs3), key


def aims_report(seeds: Sequence[Seed]) -> AimsReport:
    """Whether each aim of 704.2 holds for this seeding (see `AimCheck`)."""
    slots = bracket_slots(len(seeds))
    rounds = slots.bit_length() - 1
    bad1, (e2, pairs2), (e3, pairs3), _ = _evaluate(seeds, slots)
    tables = {s.table for s in seeds}
    if len(tables) < 2:
        bad1 = []
    aim1 = AimCheck(
        1,
        not bad1,
        len(bad1),
        0,
        tuple(bad1),
        Msg("nobody meets a player of their own table in the first round")
        if not bad1
        else Msg("{n} first-round pair(s) from the same table", n=len(bad1)),
        applies=len(tables) > 1,
    )
    winners = sum(1 for s in seeds if s.place == 1)
    if winners >= 2:
        best2 = rounds - math.ceil(math.log2(winners)) + 1
        aim2 = AimCheck(
            2,
            e2 >= best2,
            e2,
            best2,
            tuple(pairs2),
            Msg("table winners can meet in round {round} at the earliest (best possible: round {best})", round=e2,
                best=best2),
        )
    else:
        aim2 = AimCheck(2, True, None, None, (), Msg("only one table winner"), applies=False)
    if e3 is not None:
        aim3 = AimCheck(
            3,
            e3 >= rounds,
            e3,
            rounds,
            tuple(pairs3),
            Msg("the 1st and 2nd of a table can meet in round {round} at the earliest (best: the final, round {best})",
                round=e3, best=rounds),
        )
    else:
        aim3 = AimCheck(3, True, None, None, (), Msg("no table sends two players"), applies=False)
    return AimsReport((aim1, aim2, aim3))


def best_seeding(q: Qualification) -> tuple[Seed, ...]:
    """The straight seeding, permuted inside each place tier to serve the aims better.

    Lexicographic, as tiebreaks.md 13.1: fewest same-table first-round pairs
    (aim 1), then the latest earliest meeting of table winners (aim 2), then
    the latest earliest meeting of the 1st and 2nd of a table (aim 3), fewer
    pairs meeting that early breaking ties. The winners' tier stays in table
    order: permuting it only renames the tables, and aim 2 depends on it alone.
    The other tiers are searched one after the other, in place order, over all
    permutations (brute force, at most 8! per tier); each tier counts its
    first-round pairs with the tiers already placed, and the second places'
    tier also scores aim 3. Ties keep the straight order. With more than 8
    tables the straight order is returned.
    """
    tiers = _tiers(q)
    t = len(q.tables)
    if t < 2 or t > 8 or len(tiers) < 2:
        return straight_seeding(q)
    slots = bracket_slots(q.size)
    index = {table: j for j, table in enumerate(q.tables)}
    seat_table: dict[int, int] = {j + 1: index[x.table] for j, x in enumerate(tiers[0])}
    winner_seat = {index[x.table]: j + 1 for j, x in enumerate(tiers[0])}
    chosen = [list(tiers[0])]
    for k in range(1, len(tiers)):
        tier = tiers[k]
        base = k * t + 1
        tables_here = [index[x.table] for x in tier]
        opponents = [slots + 1 - (base + j) for j in range(t)]
        best_perm: tuple[int, ...] | None = None
        best_key: tuple[int, ...] | None = None
        for perm in itertools.permutations(range(t)):
            bad = 0
            for j in range(t):
                o = opponents[j]
                if o > q.size:
                    continue
                mine = tables_here[perm[j]]
                if base <= o < base + t:
                    if o > base + j and tables_here[perm[o - base]] == mine:
                        bad += 1
                elif seat_table.get(o) == mine:
                    bad += 1
            if k == 1:
                meets = [meeting_round(winner_seat[tables_here[perm[j]]], base + j, slots) for j in range(t)]
                earliest = min(meets)
                key: tuple[int, ...] = (bad, -earliest, meets.count(earliest))
            else:
                key = (bad,)
            if best_key is None or key < best_key:
                best_perm, best_key = perm, key
        assert best_perm is not None  # (t >= 1: one permutation at least)
        placed = [tier[i] for i in best_perm]
        for j, x in enumerate(placed):
            seat_table[base + j] = index[x.table]
        chosen.append(placed)
    return _seeds_from_tiers(chosen)
