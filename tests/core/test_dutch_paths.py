"""The bracket search has three ways to the same answer: the ordered search with
bounds, the exact targets, and bbpPairings' weighted-matching steps. Forcing each
one (node budget 0, default, unlimited: the request's `SearchOptions`) must give
identical pairings."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from arbiter_tournament.core.errors import NoLegalPairing
from arbiter_tournament.core.event.records import Outcome, PlayerHistory, RoundRecord
from arbiter_tournament.core.swiss import PairingRequest, SearchOptions, pair_round


def _searched(req, **options):
    return replace(req, search=SearchOptions(**options))


def _pair_all_ways(req):
    out = []
    for scale in (1, 0, 10**6):
        try:
            p = pair_round(_searched(req, budget_scale=scale))
            out.append((p.boards, p.bye))
        except NoLegalPairing:
            out.append(None)
    return out


def test_the_search_options_are_the_default_of_a_request():
    req = PairingRequest(players=[], total_rounds=5)
    assert req.search == SearchOptions() == SearchOptions(budget_scale=1, tight_transpositions=True,
                                                         warm_start=True, descriptor_limit=400_000)


@pytest.mark.parametrize("seed", range(6))
def test_search_paths_agree(seed):
    rng = random.Random(seed)
    n, rounds = rng.randint(10, 24), rng.randint(5, 9)
    hist = {i: [] for i in range(1, n + 1)}
    for _ in range(rounds):
        absent = {i for i in hist if rng.random() < 0.08}
        req = PairingRequest(players=[PlayerHistory(i, 0, "", tuple(hist[i])) for i in hist],
                             total_rounds=rounds, absent=absent, initial_colour="w")
        a, b, c = _pair_all_ways(req)
        assert a == b == c
        if a is None:
            return
        boards, bye = a
        for i in absent:
            hist[i].append(RoundRecord(Outcome.HALF_BYE))
        if bye:
            hist[bye].append(RoundRecord(Outcome.PAB))
        for w, bl in boards:
            x = rng.random()
            ow, ob = ((Outcome.WIN, Outcome.LOSS) if x < 0.45 else (Outcome.DRAW, Outcome.DRAW)
                      if x < 0.65 else (Outcome.LOSS, Outcome.WIN))
            hist[w].append(RoundRecord(ow, bl, "w"))
            hist[bl].append(RoundRecord(ob, w, "b"))


def _random_event_requests(seed, lo=10, hi=24):
    rng = random.Random(seed)
    n, rounds = rng.randint(lo, hi), rng.randint(5, 9)
    hist = {i: [] for i in range(1, n + 1)}
    for _ in range(rounds):
        absent = {i for i in hist if rng.random() < 0.08}
        req = PairingRequest(players=[PlayerHistory(i, 0, "", tuple(hist[i])) for i in hist],
                             total_rounds=rounds, absent=absent, initial_colour="w")
        try:
            p = pair_round(req)
        except NoLegalPairing:
            return
        yield req
        for i in absent:
            hist[i].append(RoundRecord(Outcome.HALF_BYE))
        if p.bye:
            hist[p.bye].append(RoundRecord(Outcome.PAB))
        for w, bl in p.boards:
            x = rng.random()
            ow, ob = ((Outcome.WIN, Outcome.LOSS) if x < 0.45 else (Outcome.DRAW, Outcome.DRAW)
                      if x < 0.65 else (Outcome.LOSS, Outcome.WIN))
            hist[w].append(RoundRecord(ow, bl, "w"))
            hist[bl].append(RoundRecord(ob, w, "b"))


@pytest.mark.parametrize("seed", range(4))
def test_warm_started_matchings_agree_with_cold(seed):
    """The remainder solver warm-starts each weighted matching from the previous
    one (and the first from the problem without BSN terms); solving every
    matching from scratch instead must give identical pairings."""
    for scale in (0, 1):
        for req in _random_event_requests(100 + seed, 16, 40):
            warm = pair_round(_searched(req, budget_scale=scale))
            ref = pair_round(_searched(req, budget_scale=scale, warm_start=False))
            assert (warm.boards, warm.bye) == (ref.boards, ref.bye)


@pytest.mark.parametrize("seed", range(4))
def test_tight_transpositions_agree_with_one_matching_per_player(seed):
    """Step 9.4 h (the partner of each higher player of the remainder) is read
    from the tight edges of one optimal bipartite matching; one weighted
    matching per player with a bonus for the earliest partner, as bbpPairings
    does it, must give identical pairings. Budget 0 sends every bracket
    through the weighted-matching steps."""
    for req in _random_event_requests(200 + seed, 16, 48):
        for scale in (0, 1):
            fast = pair_round(_searched(req, budget_scale=scale))
            ref = pair_round(_searched(req, budget_scale=scale, tight_transpositions=False))
            assert (fast.boards, fast.bye) == (ref.boards, ref.bye)
