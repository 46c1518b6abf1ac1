"""Qualification for the top from the Swiss tables (705.1, 704.2).

Every table sends the same number of players, K / tables. A tie that
straddles the qualification line is refused unless a lot seed is given; the
lot (`Random(lot_seed)`) is returned to be recorded.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from arbiter_tournament.core.errors import IllegalChange


@dataclass(frozen=True)
class TableRanking:
    """One table's standings: player ids in rank order, and who is tied at the cut.

    `tied_at_cut` is the group of players that cannot be separated (same rank
    after every tie-break) around the qualification line; leave it empty when
    the line is clear.
    """

    table: int
    ranked: tuple[int, ...]
    tied_at_cut: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Qualifier:
    """A qualified player, their table and their place on it (1-based)."""

    player: int
    table: int
    place: int


@dataclass(frozen=True)
class Qualification:
    """The qualifiers, table by table in the order given, each table in place order.

    `lots` records each tie at the cut broken by lot: (table, the tied players
    in the order drawn); `lot_seed` is the seed used.
    """

    size: int
    per_table: int
    tables: tuple[int, ...]
    qualifiers: tuple[Qualifier, ...]
    lots: tuple[tuple[int, tuple[int, ...]], ...] = ()
    lot_seed: int | None = None
    left_out: tuple[tuple[int, int], ...] = ()  # (table, player): withdrawn players their place would have qualified


def qualify(tables: Sequence[TableRanking], size: int, *, lot_seed: int | None = None) -> Qualification:
    """The top `size` players: the same number from every table (704.2, 705.1).

    A tie straddling the cut is refused (`IllegalChange`) unless `lot_seed` is
    given; then the tied players are ordered by lot (`Random(lot_seed)`, one
    shuffle per table in table order) and the draw is returned in `lots`.
    """
    if not tables:
        raise IllegalChange("no table to qualify from")
    if size < 2:
        raise IllegalChange("a top needs at least 2 players, not {size}", size=size)
    if size % len(tables):
        raise IllegalChange("a top of {size} cannot take the same number from each of {n} tables", size=size,
                            n=len(tables))
    q = size // len(tables)
    rng = random.Random(lot_seed) if lot_seed is not None else None
    lots = []
    out: list[Qualifier] = []
    for t in tables:
        ranked = list(t.ranked)
        if len(ranked) < q:
            raise IllegalChange("table {table} has {n} players; the top needs {q} from each", table=t.table,
                                n=len(ranked), q=q)
        tied = [p for p in ranked if p in t.tied_at_cut]
        if tied:
            positions = [ranked.index(p) for p in tied]
            if positions != list(range(positions[0], positions[0] + len(tied))):
                raise IllegalChange("table {table}: the players tied at the cut are not next to each other", table=t.table)
            straddles = positions[0] < q <= positions[-1]
            if straddles:
                if rng is None:
                    names = ", ".join(str(p) for p in tied)
                    raise IllegalChange(
                        "table {table}: players {names} are tied at the qualification line; break the tie (play-off or lots) first", table=t.table, names=names
                    )
                drawn = list(tied)
                rng.shuffle(drawn)
                ranked[positions[0] : positions[-1] + 1] = drawn
                lots.append((t.table, tuple(drawn)))
        out.extend(Qualifier(p, t.table, place) for place, p in enumerate(ranked[:q], start=1))
    players = [x.player for x in out]
    if len(set(players)) != len(players):
        raise IllegalChange("a player qualifies from two tables")
    return Qualification(size, q, tuple(t.table for t in tables), tuple(out), tuple(lots), lot_seed)
