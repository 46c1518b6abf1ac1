"""The players of every table of the main stage in one order: the rule that merges the tables.

Each table is ranked on its own (points, then the event's tie-breaks, DE
among the tied players of that table: `standings`). The tables' lists are
then merged, each keeping its own order: at each step the best of the
tables' next players comes first, compared by points, then by each
tie-break of the event but DE (players of different tables never met: a
direct encounter says nothing between them). The next players of several
tables that are equal on all of these, like the players of one table equal
after every tie-break, form one *tied group*: the final ranking shares
their place or breaks it by lot (`core.final.ranking`).

    tied_groups(event) -> [(7,), (3, 12), (5,), ...]   best first

An event of one table (or a round robin) is its standings, grouped the same
way. Nothing here draws a lot: `settle` says how a group is resolved (one
player; shared by the event's rule; ordered by a lot drawn and recorded; or
a lot still to draw), with the order that gives.
"""

from __future__ import annotations

from arbiter.core.event.model import Event
from arbiter.core.tiebreaks.standings import completed_rounds, main_stage, standings_and_keys


def _groups(rows) -> list[tuple[int, ...]]:
    """Consecutive rows of the same tie group (equal after every tie-break) as one group."""
    out: list[list[int]] = []
    last = None
    for r in rows:
        if r.tie_group is not None and r.tie_group == last:
            out[-1].append(r.id)
        else:
            out.append([r.id])
        last = r.tie_group
    return [tuple(sorted(g)) for g in out]


def table_rankings(event: Event, *, after_round: int | None = None) -> list[tuple[list, dict[int, tuple]]]:
    """Each table's standings (tied players on one shared rank, no lot) and, with several tables, each
    player's key without DE (`standings_and_keys`), after `after_round` (default: the last round every
    table has complete)."""
    stage = main_stage(event)
    tables = event.stage_tables(stage)
    if after_round is None:
        after_round = completed_rounds(event, stage)
    return [standings_and_keys(event, table=t, after_round=after_round, stage=stage, share_places=True,
                               keys=len(tables) > 1) for t in tables]


def tied_groups(event: Event, *, after_round: int | None = None,
                rankings: list[tuple[list, dict[int, tuple]]] | None = None) -> list[tuple[int, ...]]:
    """Every player of the main stage in one order, best first, as tied groups (see the module);
    `rankings`: the tables' (`table_rankings`), when the caller has them already."""
    if rankings is None:
        rankings = table_rankings(event, after_round=after_round)
    lists = [[(g, keys.get(g[0], ())) for g in _groups(rows)] for rows, keys in rankings]
    if len(lists) == 1:
        return [g for g, _ in lists[0]]
    out: list[tuple[int, ...]] = []
    heads = [0] * len(lists)
    while True:
        live = [i for i, lst in enumerate(lists) if heads[i] < len(lst)]
        if not live:
            return out
        best = max(lists[i][heads[i]][1] for i in live)
        group: list[int] = []
        for i in live:
            g, key = lists[i][heads[i]]
            if key == best:
                group += g
                heads[i] += 1
        out.append(tuple(sorted(group)))


def settle(event: Event, group: tuple[int, ...]) -> tuple[str, tuple[int, ...]]:
    """How a tied group is resolved, and its order: ("single", ...), ("shared", ids) when the event shares
    places, ("lot", the order drawn) when a recorded lot names them all, else ("pending", ids): the
    regulations break it by lot and it is not drawn yet."""
    from arbiter.core.tiebreaks.ranking import drawn_order

    if len(group) == 1:
        return "single", group
    if event.share_places:
        return "shared", group
    order = drawn_order(group, event.lots)
    return ("lot", tuple(order)) if order else ("pending", group)


def merged_order(event: Event, *, after_round: int | None = None) -> list[int]:
    """The player ids in the merged order (a tied group in the order of its recorded lot, else by id)."""
    return [pid for g in tied_groups(event, after_round=after_round) for pid in settle(event, g)[1]]
