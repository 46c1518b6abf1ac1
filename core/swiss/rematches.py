"""A round with the fewest rematches the other rules allow, when none without one exists.

C1 (no two players meet twice) is the one absolute criterion a judge may
relax, pair by pair (the request's `allow_rematch`). When no pairing keeps
it, `pair_fewest_rematches(request)` relaxes it as little as possible:

1. `fewest_rematches(request)`: a maximum-weight perfect matching
   (`weighted.WeightedMatching`, exact integers) on the players to pair, an
   edge for every pair the other absolute criteria allow (forbidden pairs,
   C3's absolute colours, `round_setup.set_up_round` with every earlier
   meeting allowed), plus a bye vertex joined to the players C2 lets have the
   pairing-allocated bye when the field is odd. The first cost of an edge is
   a rematch (an edge without one weighs `big` more, more than the sum of
   every other term of a pairing), the second how recent the rematch is (the
   pair that met longest ago first), the third the difference of the two
   pairing scores (the Dutch system pairs equal scores first; the bye's: the
   score of its player, the lowest first, as C5). So the matching has the
   fewest rematches any pairing can have; among those, rematches of the
   oldest meetings, then scores close together. The warm start of the
   matching is exact when it finds a perfect matching; else it is solved
   again from the textbook duals.
2. The Dutch engine pairs the round with exactly those pairs allowed to meet
   again: its pairing uses only allowed rematches, and none with fewer
   exists, so it uses all of them; everything else (brackets, floats,
   colours, the board order) is the Dutch system's.

Players are the request's ids: players in an individual event, teams in a
team event (`core.teams.pair_next`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from arbiter_tournament.core.swiss.request import Pairing, PairingRequest
from arbiter_tournament.core.swiss.round_setup import no_progress, set_up_round
from arbiter_tournament.core.swiss.weighted import WeightedMatching


def played_pairs(req: PairingRequest) -> set[frozenset[int]]:
    """Every pair of ids who met over the board before (a forfeit is no meeting, as C1 reads it)."""
    ids = {p.id for p in req.players}
    return {frozenset((p.id, rec.opponent)) for p in req.players for rec in p.records
            if rec is not None and rec.outcome.played and rec.opponent in ids and rec.opponent != p.id}


def last_met(req: PairingRequest) -> dict[frozenset[int], int]:
    """The last round each pair met over the board (1-based)."""
    out: dict[frozenset[int], int] = {}
    for p in req.players:
        for k, rec in enumerate(p.records, start=1):
            if rec is not None and rec.outcome.played and rec.opponent is not None:
                pair = frozenset((p.id, rec.opponent))
                out[pair] = max(out.get(pair, 0), k)
    return out


def fewest_rematches(req: PairingRequest, progress: Callable[[], None] | None = None) -> frozenset[frozenset[int]]:
    """The rematches of a pairing of the round with as few rematches as the other absolute criteria allow
    (pairs of ids; the pairs the request already allows do not count). Empty when a pairing without a
    rematch exists. Raises `NoLegalPairing` (the engine's, with names) when no pairing exists even with
    rematches (forbidden pairs, colours, nobody who may have the bye)."""
    from arbiter_tournament.core.swiss import pair_round

    tick = progress or no_progress
    met = played_pairs(req) - set(req.allow_rematch)
    relaxed = replace(req, allow_rematch=set(req.allow_rematch) | met)
    rd = set_up_round(relaxed, tick)
    n = rd.n
    if n == 0:
        pair_round(relaxed, progress=progress)  # says there is nobody to pair
    ps = rd.pairing_score
    last = last_met(req)
    r = max((len(p.records) for p in req.players), default=0)
    span = (max(ps) - min(ps) if ps else 0) + 1
    unit = span * (n + 2)  # more than the sum of the score terms of any pairing
    big = unit * (r + 1) * (n + 2)  # more than the sum of the rematches' terms of any pairing
    m = WeightedMatching(n + 1 if rd.odd else n)
    firsts, seconds, weights = [], [], []
    for i in range(n):
        row = rd.compatible[i]
        for j in range(i + 1, n):
            if (row >> j) & 1:
                pair = frozenset((rd.ids[i], rd.ids[j]))
                firsts.append(i)
                seconds.append(j)
                # a rematch: the longer ago they met, the better; no rematch: `big` above every rematch
                weights.append((unit * (r + 1 - last[pair]) if pair in met else big) + span - abs(ps[i] - ps[j]))
    if rd.odd:
        low = min(ps)
        for i in range(n):
            if rd.pab_eligible[i]:
                firsts.append(i)
                seconds.append(n)
                weights.append(big + span - (ps[i] - low))
    m.set_weights(firsts, seconds, weights)
    m.compute(tick)  # the warm start is exact when the matching it finds is perfect (weighted.py)
    mate = m.matching()
    if any(mate[v] < 0 for v in range(rd.vertices)):
        m.compute(tick, cold=True)  # else from the textbook duals: exact always
        mate = m.matching()
    if any(mate[v] < 0 for v in range(rd.vertices)):
        pair_round(relaxed, progress=progress)  # no pairing even with rematches: the engine says why
        raise AssertionError("a pairing exists, yet the matching found none")  # pragma: no cover
    return frozenset(frozenset((rd.ids[i], rd.ids[mate[i]])) for i in range(n)
                     if mate[i] < n and i < mate[i] and frozenset((rd.ids[i], rd.ids[mate[i]])) in met)


def pair_fewest_rematches(req: PairingRequest, progress: Callable[[], None] | None = None, *,
                          engine: Callable[..., Pairing] | None = None) -> tuple[Pairing, frozenset[frozenset[int]]]:
    """The pairing of the round by `engine` (the event's pairing system; default the Dutch) with the fewest
    rematches (`fewest_rematches` allowed, nothing more), and those rematches."""
    from arbiter_tournament.core.errors import NoLegalPairing

    if engine is None:
        from arbiter_tournament.core.swiss import pair_round as dutch
        engine = dutch
    pair_round = engine

    try:  # a pairing without a rematch: the Dutch pairing itself (what the matching would lead to, sooner)
        return pair_round(req, progress=progress), frozenset()
    except NoLegalPairing:
        pass
    chosen = fewest_rematches(req, progress)
    pairing = pair_round(replace(req, allow_rematch=set(req.allow_rematch) | chosen), progress=progress)
    met = played_pairs(req) - set(req.allow_rematch)
    used = frozenset(frozenset(b) for b in pairing.boards if frozenset(b) in met)
    assert used == chosen, (used, chosen)  # fewest_rematches is a minimum: the engine uses every one
    return pairing, used
