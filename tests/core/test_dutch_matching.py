"""The matching machinery of the Dutch engine against brute force."""

from __future__ import annotations

import random

from arbiter_tournament.core.swiss.matching import maximum_matching, perfect_matching
from arbiter_tournament.core.swiss.typeduals import type_duals
from arbiter_tournament.core.swiss.weighted import WeightedMatching


def _solve(n, edges, *, cold=False, start=None, duals=False):
    """The matching (and the duals) of WeightedMatching on the edges (i, j, w), set one by one."""
    m = WeightedMatching(n)
    for i, j, w in edges:
        m.set_weight(i, j, w)
    if start is not None:
        m.start_from(*start)
    m.compute(cold=cold)
    return (m.matching(), m.duals()) if duals else m.matching()


def _brute(n, edges):
    w = {}
    for i, j, x in edges:
        w[(i, j)] = w[(j, i)] = x
    best = None

    def rec(free, card, tot):
        nonlocal best
        if not free:
            if best is None or (card, tot) > best:
                best = (card, tot)
            return
        v, rest = free[0], free[1:]
        rec(rest, card, tot)
        for u in rest:
            if (v, u) in w:
                rec([x for x in rest if x != u], card + 1, tot + w[(v, u)])

    rec(list(range(n)), 0, 0)
    return best


def _value(n, edges, mate):
    w = {}
    for i, j, x in edges:
        w[(i, j)] = w[(j, i)] = x
    assert all(mate[mate[v]] == v for v in range(n) if mate[v] >= 0)
    return (sum(1 for v in range(n) if mate[v] >= 0) // 2, sum(w[(v, mate[v])] for v in range(n) if mate[v] > v))


def _random_graph(rng, n, density):
    return [(i, j, rng.choice([rng.randint(0, 6), rng.randint(0, 10**12)]))
            for i in range(n) for j in range(i + 1, n) if rng.random() < density]


def test_weighted_matching_is_optimal():
    rng = random.Random(1)
    for _ in range(400):
        n = rng.randint(1, 9)
        edges = _random_graph(rng, n, 0.6)
        best = _brute(n, edges)
        assert _value(n, edges, _solve(n, edges, cold=True)) == best
        warm = _value(n, edges, _solve(n, edges))
        assert warm[0] == best[0]
        if 2 * best[0] == n:  # the warm start is exact whenever the matching is perfect
            assert warm == best


def test_warm_start_agrees_on_larger_graphs():
    rng = random.Random(2)
    for _ in range(60):
        n = rng.choice([12, 16, 20, 30])
        edges = _random_graph(rng, n, 0.5)
        cold = _value(n, edges, _solve(n, edges, cold=True))
        warm = _value(n, edges, _solve(n, edges))
        assert cold[0] == warm[0]
        if 2 * cold[0] == n:
            assert cold == warm


def test_cardinality_oracle():
    rng = random.Random(3)
    for _ in range(300):
        n = rng.randint(1, 10)
        adj = [0] * n
        edges = []
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < 0.35:
                    adj[i] |= 1 << j
                    adj[j] |= 1 << i
                    edges.append((i, j, 0))
        card = _brute(n, edges)[0]
        full = (1 << n) - 1
        mate = maximum_matching(adj, full)
        assert sum(1 for v in range(n) if mate[v] >= 0) // 2 == card
        assert (perfect_matching(adj, full) is not None) == (2 * card == n)


def test_started_matching_is_optimal():
    """A start (vertex duals, matching) from a related problem, or any start at
    all, gives the optimum whenever the matching is perfect; the duals returned
    (blossom duals folded into the vertices) are feasible."""
    rng = random.Random(4)
    for _ in range(600):
        n = rng.randint(1, 10)
        edges = _random_graph(rng, n, rng.choice([0.3, 0.6, 0.9]))
        mate, y = _solve(n, edges, duals=True)
        assert all(y[i] + y[j] >= 2 * w for i, j, w in edges)
        changed = [(i, j, max(0, w + rng.choice([0, 0, -1, 1, 5, -3]))) for i, j, w in edges if rng.random() < 0.9]
        best = _brute(n, changed)
        if rng.random() < 0.7:
            start = (y, mate)
        else:  # an arbitrary start: infeasible duals, inconsistent mates
            start = ([rng.randint(-5, 5) for _ in range(n)], [rng.randint(-1, n - 1) for _ in range(n)])
        got = _value(n, changed, _solve(n, changed, start=start))
        assert got[0] == best[0]
        if 2 * best[0] == n:
            assert got == best


def test_started_matching_agrees_on_larger_graphs():
    rng = random.Random(5)
    for _ in range(40):
        n = rng.choice([12, 16, 20, 30, 40])
        if rng.random() < 0.5:
            edges = _random_graph(rng, n, rng.choice([0.3, 0.6, 0.9]))
        else:  # the shape of the remainder problems: few weight classes plus a term of the higher player
            kind = [rng.randint(0, 3) for _ in range(n)]
            q = [[rng.randint(0, 4) for _ in range(4)] for _ in range(4)]
            edges = [(a, b, (q[kind[a]][kind[b]] << 20) + 2 * ((1 << 12 if a < n // 2 else 0) - a) + 4 * n + 8)
                     for a in range(n) for b in range(a + 1, n) if rng.random() < 0.9]
        cold = _value(n, edges, _solve(n, edges, cold=True))
        mate, y = _solve(n, [(i, j, w >> 3) for i, j, w in edges], duals=True)
        got = _value(n, edges, _solve(n, edges, start=(y, mate)))
        assert got[0] == cold[0]
        if 2 * cold[0] == n:
            assert got == cold


def test_bit_set_members():
    from arbiter_tournament.core.swiss.matching import bits

    rng = random.Random(6)
    for _ in range(500):
        n = rng.choice([1, 8, 64, 300, 2100])
        members = sorted(rng.sample(range(n), rng.randint(0, n)))
        assert bits(sum(1 << x for x in members)) == members


def test_prepared_hint_gives_the_same_matching():
    """The oracle started from a `Hint` (prepared once) returns exactly what it
    returns from the plain hint list, on nearby and unrelated vertex sets."""
    from arbiter_tournament.core.swiss.matching import Hint

    rng = random.Random(7)
    for _ in range(300):
        n = rng.randint(2, 40)
        adj = [0] * n
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < rng.choice([0.1, 0.3, 0.7]):
                    adj[i] |= 1 << j
                    adj[j] |= 1 << i
        full = (1 << n) - 1
        hint = maximum_matching(adj, full)
        if rng.random() < 0.3:  # a hint with broken entries too
            hint = [rng.randint(-1, n - 1) if rng.random() < 0.2 else u for u in hint]
        prepared = Hint(adj, hint)
        for _ in range(5):
            active = full
            for v in range(n):
                if rng.random() < 0.15:
                    active ^= 1 << v
            assert perfect_matching(adj, active, prepared) == perfect_matching(adj, active, hint)
            assert maximum_matching(adj, active, prepared) == maximum_matching(adj, active, hint)


def test_oracle_on_larger_graphs():
    """The oracle (plain alternating search first, Edmonds' search when it
    fails) finds a perfect matching exactly when the maximum matching is perfect."""
    rng = random.Random(8)
    for _ in range(400):
        n = rng.randint(2, 60)
        adj = [0] * n
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < rng.choice([0.05, 0.1, 0.3, 0.8]):
                    adj[i] |= 1 << j
                    adj[j] |= 1 << i
        active = sum(1 << v for v in range(n) if rng.random() < 0.9)
        hint = maximum_matching(adj, (1 << n) - 1) if rng.random() < 0.5 else None
        mate = perfect_matching(adj, active, hint)
        best = maximum_matching(adj, active)
        perfect = all(best[v] >= 0 for v in range(n) if (active >> v) & 1)
        assert (mate is not None) == perfect
        if mate is not None:
            for v in range(n):
                if (active >> v) & 1:
                    u = mate[v]
                    assert mate[u] == v and (adj[v] >> u) & 1 and (active >> u) & 1


def test_one_more_vertex_by_outer_vertices():
    """The batch feasibility of BracketSearch.feasible_each: with a maximum
    matching of a set leaving one vertex z exposed, a vertex y adjacent to an
    even vertex of the plain alternating search from z completes a perfect
    matching; with no or several exposed vertices, no y does."""
    from arbiter_tournament.core.swiss.matching import tree_outer_vertices

    rng = random.Random(9)
    for _ in range(1500):
        n = rng.randint(3, 40)
        adj = [0] * n
        density = rng.choice([0.05, 0.1, 0.2, 0.4, 0.8])
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < density:
                    adj[i] |= 1 << j
                    adj[j] |= 1 << i
        outside = set(rng.sample(range(n), rng.randint(1, max(1, n // 3))))
        active = sum(1 << v for v in range(n) if v not in outside)
        mate = maximum_matching(adj, active, tree_first=rng.random() < 0.5)
        exposed = [v for v in range(n) if (active >> v) & 1 and mate[v] < 0]
        even = tree_outer_vertices(exposed[0], adj, active, mate) if len(exposed) == 1 else 0
        for y in outside:
            possible = perfect_matching(adj, active | (1 << y)) is not None
            if len(exposed) != 1:
                assert not possible
            elif adj[y] & even:
                assert possible


def test_edges_as_three_lists():
    """The edges set at once as three lists (first ends, second ends, weights) give
    exactly what setting them one by one gives, cold, warm and started; a vertex added
    after construction is a vertex like the others."""
    rng = random.Random(10)
    for _ in range(200):
        n = rng.randint(1, 16)
        edges = _random_graph(rng, n, rng.choice([0.3, 0.7]))
        lists = tuple(list(t) for t in zip(*edges)) if edges else ([], [], [])

        def at_once(cold=False, start=None):
            m = WeightedMatching(n - 1)
            assert m.add_vertex() == n - 1
            m.set_weights(*lists)
            if start is not None:
                m.start_from(*start)
            m.compute(cold=cold)
            return m.matching(), m.duals()
        for cold in (False, True):
            assert at_once(cold) == _solve(n, edges, cold=cold, duals=True)
        mate, y = _solve(n, edges, duals=True)
        start = ([v + rng.randint(-3, 3) for v in y], mate)
        assert at_once(start=start) == _solve(n, edges, start=start, duals=True)


def test_type_duals_are_feasible_and_start_the_optimum():
    """typeduals.type_duals (the start of a bracket's first weighted matching): each player gets his
    type's dual; they cover every pair of types that may meet (y[t] + y[u] >= 2 W[t][u], two players
    of one type included), None only when the players cannot all be paired; and the matching started
    from them is the optimum (brute force)."""
    rng = random.Random(11)
    seen = {"none": 0, "duals": 0}
    for _ in range(400):
        T = rng.randint(1, 5)
        counts = [rng.randint(1, 3) for _ in range(T)]
        weight = [[None] * T for _ in range(T)]
        for t in range(T):
            for u in range(t, T):
                if rng.random() < 0.75:
                    weight[t][u] = weight[u][t] = rng.choice([rng.randint(0, 9), rng.randint(0, 10**9)])
        kind = [t for t in range(T) for _ in range(counts[t])]
        n = len(kind)
        if n > 10:
            continue
        full = [(i, j, weight[kind[i]][kind[j]]) for i in range(n) for j in range(i + 1, n)
                if weight[kind[i]][kind[j]] is not None]
        yt = type_duals(counts, weight)
        if yt is None:
            seen["none"] += 1
            assert 2 * _brute(n, full)[0] < n  # not even the types can be paired: nor the players
            continue
        seen["duals"] += 1
        y = [yt[kind[i]] for i in range(n)]
        assert all(y[i] + y[j] >= 2 * w for i, j, w in full)
        # the players' own pairs: some may not meet, some worth less than the best of their types
        edges = [(i, j, max(0, w - rng.choice([0, 0, 0, 1, 3]))) for i, j, w in full if rng.random() < 0.85]
        best = _brute(n, edges)
        got = _value(n, edges, _solve(n, edges, start=(y, [-1] * n)))
        assert got[0] == best[0]
        if 2 * best[0] == n:
            assert got == best
    assert seen["none"] > 10 and seen["duals"] > 100
