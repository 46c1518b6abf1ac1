"""The players of every table of the main stage in one order: the rule that merges the tables.

Each table's tie-breaks are computed on its own games (`standings`). With
several tables, every player of every table is then put in one order by
points, then by each tie-break of the event but DE (players of different
tables never met: a direct encounter says nothing between them, so it is
left out for everyone). Players equal on all of these are one *tied
group*, whatever their tables: the final ranking shares their place or
breaks it by lot (`core.final.ranking`). So two players of one table whom
only DE separates share a place in the merged list (the table's own list,
`standings --table T`, still orders them by DE). An event of one table (or
a round robin) is its standings: DE there decides as in the standings, and
a tied group is players equal after every tie-break.

    tied_groups(event) -> [(7,), (3, 12), (5,), ...]   best first

An event of one table (or a round robin) is its standings, grouped the same
way. Nothing here draws a lot: `settle` says how a group is resolved (one
player; shared by the event's rule; ordered by a lot drawn and recorded; or
a lot still to draw), with the order that gives.
"""

from __future__ import annotations

from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.tiebreaks.standings import completed_rounds, main_stage, standings_and_keys


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
    if len(rankings) == 1:
        return _groups(rankings[0][0])
    everyone = []  # (key without DE, the table's position, the place in its table's list, id)
    for t, (rows, keys) in enumerate(rankings):
        for k, r in enumerate(rows):
            everyone.append((keys.get(r.id, ()), t, k, r.id))
    everyone.sort(key=lambda x: (_neg(x[0]), x[1], x[2]))
    out: list[tuple[int, ...]] = []
    last = None
    for key, _t, _k, pid in everyone:
        if out and key == last:
            out[-1] = out[-1] + (pid,)
        else:
            out.append((pid,))
        last = key
    return [tuple(sorted(g)) for g in out]


class _neg:
    """A key sorted descending (larger first) without knowing its parts' types."""

    __slots__ = ("key",)

    def __init__(self, key) -> None:
        self.key = key

    def __lt__(self, other: "_neg") -> bool:
        return other.key < self.key

    def __eq__(self, other) -> bool:
        return isinstance(other, _neg) and other.key == self.key


def settle(event: Event, group: tuple[int, ...]) -> tuple[str, tuple[int, ...]]:
    """How a tied group is resolved, and its order: ("single", ...), ("shared", ids) when the event shares
    places, ("lot", the order drawn) when a recorded lot names them all, else ("pending", ids): the
    regulations break it by lot and it is not drawn yet."""
    from arbiter_tournament.core.tiebreaks.ranking import drawn_order

    if len(group) == 1:
        return "single", group
    if event.share_places:
        return "shared", group
    order = drawn_order(group, event.lots)
    return ("lot", tuple(order)) if order else ("pending", group)


def merged_order(event: Event, *, after_round: int | None = None) -> list[int]:
    """The player ids in the merged order (a tied group in the order of its recorded lot, else by id)."""
    return [pid for g in tied_groups(event, after_round=after_round) for pid in settle(event, g)[1]]
