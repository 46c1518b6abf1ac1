"""Standings: points, then the ordered tie-break list, group by group (C.07 art. 2, 4).

`rank(...)` sorts by points, then applies each tie-break in turn to every group
still tied (4.2). DE (type A) is recomputed on each sub-group it is applied to
and may appear several times in the list. When the list is exhausted, ties are
broken by lots drawn with `random.Random(lots_seed)` (reproducible: the same
seed and the same standings give the same draw), or the tied players share the
place (`share_places=True`, same rank for all of them). A lot drawn once and
recorded (`drawn`: the event's `lots`, each the tied ids in the order drawn)
orders every tied group whose players it all names, in its order.

    rank(Context.of(players, scoring=..., rounds=...), codes, lots_seed=..., share_places=...)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from arbiter_tournament.core.tiebreaks.context import Context
from arbiter_tournament.core.tiebreaks.direct import as_points, encounters
from arbiter_tournament.core.tiebreaks.registry import lookup


@dataclass(frozen=True)
class Row:
    rank: int
    id: int
    points: Fraction
    tiebreaks: dict[str, Fraction]
    by_lot: bool = False  # the place among equals was drawn by lot
    shared: bool = False  # the place is shared with the players of the same rank
    decided_by: str | None = None  # the last code that split the player's group (decided the place), "lots", or None
    tie_group: int | None = None  # players left tied after every tie-break share this number

    def __init__(self, rank: int, id: int, points: Fraction, tiebreaks: dict[str, Fraction], by_lot: bool = False,
                 shared: bool = False, decided_by: str | None = None, tie_group: int | None = None) -> None:
        # The generated __init__ of a frozen dataclass sets each field through object.__setattr__,
        # a third of the cost of a row; a standings makes one row per player (2000 in
        # bench/bench_standings.py), so the fields are set at once. The row stays frozen.
        self.__dict__.update(rank=rank, id=id, points=points, tiebreaks=tiebreaks, by_lot=by_lot, shared=shared,
                             decided_by=decided_by, tie_group=tie_group)


def drawn_order(group, drawn) -> list[int] | None:
    """The order a recorded lot gives `group` (the first lot of `drawn` naming every one of them), or None."""
    members = set(group)
    for lot in drawn:
        if members <= set(lot):
            return [p for p in lot if p in members]
    return None


def rank(ctx: Context, codes: list[str], *, lots_seed: int = 0, share_places: bool = False,
         drawn: tuple[tuple[int, ...], ...] = ()) -> list[Row]:
    tbs = [lookup(c) for c in codes]
    ids = ctx.ids
    de_shown: dict[int, Fraction] = {}
    decided: dict[int, str] = {}
    sort_keys: dict[int, Mapping] = {}  # per position in the list: every player's key (integers where possible)

    def resolve(group: list[int], i: int) -> list[list[int]]:
        if len(group) == 1 or i == len(tbs):
            return [group]
        tb = tbs[i]
        if tb.code == "DE":
            _, de, parts = encounters(ctx, group)
            for p in group:
                if p not in de_shown:
                    de_shown[p] = as_points(ctx, de[p])
        else:
            if i not in sort_keys:
                sort_keys[i] = tb.sort_keys(ctx)
            keys = sort_keys[i]
            levels: dict = {}
            for p in group:
                levels.setdefault(keys[p], []).append(p)
            parts = [sorted(levels[lv]) for lv in sorted(levels, reverse=True)]
        if len(parts) > 1:
            for part in parts:
                for p in part:
                    decided[p] = codes[i]
        out: list[list[int]] = []
        for part in parts:
            out += resolve(part, i + 1)
        return out

    by_points: dict[int, list[int]] = {}
    for pid in ids:
        by_points.setdefault(ctx.iscore[pid], []).append(pid)
    groups: list[list[int]] = []
    for pts in sorted(by_points, reverse=True):
        groups += resolve(by_points[pts], 0)

    columns = []
    for code, tb in zip(codes, tbs):
        if tb.code == "DE":
            # as shown in the group it was applied to; else within the score group
            missing = [pid for pid in ids if pid not in de_shown]
            col = dict(de_shown)
            if missing:
                vals = tb.values(ctx)
                col.update((pid, vals[pid]) for pid in missing)
        else:
            col = tb.values(ctx)
        columns.append((code, col))
    values: dict[int, dict[str, Fraction]] = {pid: {code: col[pid] for code, col in columns} for pid in ids}

    rng = random.Random(lots_seed)
    rows: list[Row] = []
    pos = 0
    for group in groups:
        if len(group) == 1:
            pid = group[0]
            rows.append(Row(pos + 1, pid, ctx.score[pid], values[pid], decided_by=decided.get(pid)))
        elif share_places:
            for pid in group:
                rows.append(Row(pos + 1, pid, ctx.score[pid], values[pid], shared=True,
                                decided_by=decided.get(pid), tie_group=pos + 1))
        else:
            order = sorted(group)
            rng.shuffle(order)  # (also when a recorded lot orders the group: the later groups' lots stay as they were)
            order = drawn_order(group, drawn) or order
            for k, pid in enumerate(order):
                rows.append(Row(pos + 1 + k, pid, ctx.score[pid], values[pid], by_lot=True, decided_by="lots",
                                tie_group=pos + 1))
        pos += len(group)
    return rows
