"""Start duals for the first weighted matching of a bracket, from the players' types.

The weight of a pair in the remainder problem without BSN terms depends only on
the two players' types (`quality.PairQuality`: colour state, floats, MDP or
resident, score level), and the optimal vertex duals of such a problem are, in
practice, the same for every player of a type. So the problem of types is
solved first: its fractional relaxation (each type t with c_t players must
take c_t pair ends; a pair of types t, u is worth W[t][u]) is a transportation
problem of a few dozen types, solved exactly by successive shortest paths, and
its duals give every player of a type the dual of the type. They are feasible
for every pair (W is the largest weight of a pair of those types), so the
weighted matching (`weighted.WeightedMatching.start_from`) only repairs what
the types do not see (pairs that may not meet, the order of two players of
different scores) instead of building its duals from nothing; the optimum is
the same (a start only saves work).
"""

from __future__ import annotations

def type_duals(counts: list[int], weight: list[list[int | None]]) -> list[int] | None:
    """Duals y[t] (in the doubled scale of `weighted`: y[t] + y[u] >= 2 * weight[t][u] for
    every pair of types that may meet) from an optimal fractional pairing of the types:
    `counts[t]` players of type t, `weight[t][u]` (= weight[u][t]) the largest weight of a pair
    of a t and a u, None when no such pair may be made (t == u: two players of t). None when
    the types cannot all be paired even fractionally."""
    T = len(counts)
    # nodes: 0 source, 1..T left types, T+1..2T right types, 2T+1 sink
    s, z = 0, 2 * T + 1
    V = 2 * T + 2
    cap = [[0] * V for _ in range(V)]
    cost = [[0] * V for _ in range(V)]
    big = sum(counts) + 1
    for t in range(T):
        cap[s][1 + t] = counts[t]
        cap[1 + T + t][z] = counts[t]
        for u in range(T):
            w = weight[t][u]
            if w is not None and (t != u or counts[t] >= 2):
                cap[1 + t][1 + T + u] = big
                cost[1 + t][1 + T + u] = -w
                cost[1 + T + u][1 + t] = w
    flow = [[0] * V for _ in range(V)]
    need = sum(counts)
    while need:
        dist, prev = _shortest_paths(V, s, cap, flow, cost)
        if dist[z] is None:
            return None
        amount = need  # the bottleneck of the path
        v = z
        while v != s:
            u = prev[v]
            forward = cap[u][v] - flow[u][v] > 0
            amount = min(amount, cap[u][v] - flow[u][v] if forward else flow[v][u])
            v = u
        v = z
        while v != s:
            u = prev[v]
            if cap[u][v] - flow[u][v] > 0:
                flow[u][v] += amount
            else:
                flow[v][u] -= amount
            v = u
        need -= amount
    # potentials with every residual arc between types of reduced cost >= 0 (Bellman-Ford from
    # a root joined to every node at no cost): p(R_u) <= p(L_t) - W[t][u] for every pair that
    # may meet, equality where pairs were made
    p = [0] * V
    for _ in range(V):
        changed = False
        for t in range(T):
            lt = 1 + t
            for u in range(T):
                ru = 1 + T + u
                if cap[lt][ru]:
                    if p[lt] + cost[lt][ru] < p[ru]:
                        p[ru] = p[lt] + cost[lt][ru]
                        changed = True
                    if flow[lt][ru] and p[ru] + cost[ru][lt] < p[lt]:
                        p[lt] = p[ru] + cost[ru][lt]
                        changed = True
        if not changed:
            break
    else:
        return None
    # alpha[t] = p(L_t), beta[u] = -p(R_u): alpha[t] + beta[u] >= W[t][u]; a player of t gets
    # alpha[t] + beta[t], so y[t] + y[u] >= W[t][u] + W[u][t] = 2 W[t][u]
    return [p[1 + t] - p[1 + T + t] for t in range(T)]


def _shortest_paths(V, s, cap, flow, cost):
    """Cheapest paths from s in the residual graph (Bellman-Ford with a queue: costs may be
    negative, cycles are not, the flow being of least cost for its size)."""
    dist: list[int | None] = [None] * V
    prev = [-1] * V
    dist[s] = 0
    queue = [s]
    queued = [False] * V
    queued[s] = True
    while queue:
        u = queue.pop(0)
        queued[u] = False
        du = dist[u]
        cu, fu, ku = cap[u], flow[u], cost[u]
        for v in range(V):
            if cu[v] - fu[v] > 0 or flow[v][u] > 0:
                nd = du + ku[v]
                if dist[v] is None or nd < dist[v]:
                    dist[v], prev[v] = nd, u
                    if not queued[v]:
                        queued[v] = True
                        queue.append(v)
    return dist, prev
