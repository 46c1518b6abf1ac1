"""The remainder of a bracket by weighted matchings (dutch.md 9.4 d-h), and the
exchange descriptors in generation order (5.4 keys 3.1-3.4)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, compress, repeat
from math import comb
from operator import add

from arbiter_tournament.core.swiss.matching import bits
from arbiter_tournament.core.swiss.quality import PairQuality
from arbiter_tournament.core.swiss.request import SearchOptions
from arbiter_tournament.core.swiss.typeduals import type_duals
from arbiter_tournament.core.swiss.weighted import WeightedMatching


class Found(Exception):
    """A targeted search found the first candidate reaching its target."""


class Budget(Exception):
    """A budgeted search ran out of nodes (the exact way decides)."""


class WarmStarts:
    """What the weighted matchings of one bracket pass on to each other: the duals and pairs
    (by player) of the last problem solved without the BSN terms."""

    def __init__(self):
        self.plain: tuple | None = None  # (SH, C, {player: (dual, partner)})


class RemainderSolver:
    """Weighted matchings on the remainder R' (positions 0..m-1, BSN order) plus an
    optional dummy vertex m adjacent to the allowed downfloaters.

    `quality` gives the pairs' V6-V17, `adjacency` the players each one may meet inside
    the bracket, `warm` the warm starts shared by the bracket's solvers."""

    def __init__(self, quality: PairQuality, adjacency: dict[int, int], Rp: list[int], p: int,
                 leftovers: list[int] | None, *, warm: WarmStarts, options: SearchOptions,
                 progress: Callable[[], None], use_d: bool = True):
        self.quality, self.Rp, self.p, self.m = quality, Rp, p, len(Rp)
        self.warm, self.options, self.progress = warm, options, progress
        self.use_d = use_d
        self.left = leftovers
        m = self.m
        self.T = (m * m + 1).bit_length() + 1
        self.SH = self.T + m.bit_length() + 4
        self.C = 4 * m + 8
        # rows[a]: ([b], [q << SH]) for the later players b that a may meet (positions), by id
        pos = [0] * quality.rd.n  # position in R' of each player of R'
        for i, x in enumerate(Rp):
            pos[x] = i
        later = [0] * (m + 1)
        for a in range(m - 1, -1, -1):
            later[a] = later[a + 1] | (1 << Rp[a])
        tid, qtab, sh, rep = quality.tid, quality.qtab, self.SH, quality.rep
        pget, tget = pos.__getitem__, quality.type_of.__getitem__
        shifted: dict[int, list[int]] = {}  # type -> its row of q << SH
        self.rows = []
        for a in range(m):
            if not a & 31:
                progress()
            xa = Rp[a]
            ta = tid[xa]
            qs = shifted.get(ta)
            if qs is None:
                qrow = qtab[ta]
                if None in qrow:  # q depends on the two players' types only
                    for t, v in enumerate(qrow):
                        if v is None:
                            qrow[t] = quality.value(xa, rep[t])
                qs = shifted[ta] = [v << sh for v in qrow]
            ys = bits(adjacency[xa] & later[a + 1])
            self.rows.append((list(map(pget, ys)), list(map(qs.__getitem__, map(tget, ys)))))
        self.adjacency, self.later = adjacency, later
        self.no_hi: set[int] = set()  # may not be the higher player of a pair
        self.must_hi: set[int] = set()  # must be the higher player of a pair
        self.removed: set[int] = set()
        self.H: set[int] | None = None
        self.last: tuple[list[int], list[int]] | None = None  # (duals, mate) of the previous solve: the warm start of the next
        self._last_plain = False

    def _edges(self, hi_tweak=None, bonus=None):
        p, m, C = self.p, self.m, self.C
        removed, no_hi, must_hi, H = self.removed, self.no_hi, self.must_hi, self.H
        excl = removed | must_hi | (H if H is not None else set())
        top2 = 2 << self.T
        use_d = self.use_d
        ei: list[int] = []
        ej: list[int] = []
        ws: list[int] = []
        progress = self.progress
        for a in range(m):
            if not a & 63:
                progress()
            if a in removed or a in no_hi or (H is not None and a not in H):
                continue
            base = C + ((top2 if a < p else 0) - 2 * a if use_d else 0)
            if hi_tweak and a in hi_tweak:
                base += hi_tweak[a]
            f = bonus.get(a) if bonus else None
            later, qs = self.rows[a]
            if excl:
                keep = [b not in excl for b in later]
                later, qs = list(compress(later, keep)), list(compress(qs, keep))
            ej.extend(later)
            ei.extend(repeat(a, len(later)))
            if f is not None:
                ws.extend([q + base + f(b) for b, q in zip(later, qs)])
            else:
                ws.extend(map(add, qs, repeat(base)))
        if self.left is not None:
            for x in self.left:
                if x in removed or x in must_hi or (H is not None and x in H):
                    continue
                ei.append(x)
                ej.append(m)
                ws.append(C)
        return ei, ej, ws

    def solve(self, **kw):
        self.progress()
        n = self.m + (1 if self.left is not None else 0)
        start = self.last
        if start is None and self.use_d:
            hint = self._hint_start(n)
            if hint is not None:  # the BSN shift (below) applied to the hint directly
                top = 1 << self.T
                start = ([y + 4 * (top - v) if v < self.p else y for v, y in enumerate(hint[0])], hint[1])
        if start is None:
            # first solve: the problem without the BSN terms d (few distinct
            # weights), started from the last such problem of this bracket
            # (mostly the same players); then, with the d terms, from its duals
            # shifted by the d of the S1 players, which keeps every S1-S2 pair
            # of its optimum tight
            use_d, self.use_d = self.use_d, False
            try:
                edges0 = self._edges(**kw)
                start0 = self._hint_start(n)
                if start0 is None and not kw:
                    start0 = self._type_start(n)
                mate0, y0 = self._weighted(n, edges0, start0)
            finally:
                self.use_d = use_d
            if not kw:
                self._keep_hint(n, y0, mate0)
            if not use_d:
                mate, y = mate0, y0
                self._last_edges = edges0
            else:
                top = 1 << self.T
                start = ([y + 4 * (top - v) if v < self.p else y for v, y in enumerate(y0)], mate0)
        if start is not None:
            edges = self._edges(**kw)
            mate, y = self._weighted(n, edges, start)
            self._last_edges = edges
        self.last = (y, mate)
        # the weights of the whole remainder with the BSN terms: no tweak, nothing excluded
        self._last_plain = self.use_d and not kw and not (self.removed or self.no_hi or self.must_hi) \
            and self.H is None
        for v in range(n):
            if v not in self.removed and mate[v] < 0:
                return None
        return mate

    def _weighted(self, n: int, edges: tuple, start: tuple | None) -> tuple[list[int], list[int]]:
        """(mate, vertex duals) of the maximum-weight matching; `start` = (duals, mate) of a
        related problem, or None (ignored when the search options say to solve from scratch)."""
        m = WeightedMatching(n)
        m.set_weights(*edges)
        if start is not None and self.options.warm_start:
            m.start_from(*start)
        m.compute(self.progress)
        return m.matching(), m.duals()

    def _ids(self, n):
        return self.Rp + [None] if n > self.m else self.Rp  # None: the dummy vertex

    def _keep_hint(self, n, y, mate) -> None:
        ids = self._ids(n)
        self.warm.plain = (self.SH, self.C, {x: (y[v], ids[mate[v]] if mate[v] >= 0 else -1)
                                             for v, x in enumerate(ids)})

    def _type_start(self, n):
        """Start duals of the problem without BSN terms from the players' types (`typeduals`):
        the weight of a pair is C + q << SH, q a function of the two types (the higher
        player's first); the dummy vertex is a type of its own, worth C with the players who
        may float. None when the types cannot be paired."""
        quality, Rp, m, sh, C = self.quality, self.Rp, self.m, self.SH, self.C
        everyone = self.later[0]
        index: dict[int, int] = {}  # quality's type -> type here
        masks: list[int] = []
        qt: list[int] = []
        for t, mask in quality.tmasks:
            mine = mask & everyone
            if mine:
                index[t] = len(masks)
                masks.append(mine)
                qt.append(t)
        T = len(masks) + (1 if n > m else 0)
        counts = [mk.bit_count() for mk in masks] + ([1] if n > m else [])
        weight: list[list[int | None]] = [[None] * T for _ in range(T)]
        seen = set()
        tid, qtab, rep = quality.tid, quality.qtab, quality.rep
        for a in range(m):
            x = Rp[a]
            t = tid[x]
            reach = self.adjacency[x] & self.later[a + 1]
            for j, mk in enumerate(masks):
                if (t, j) not in seen and reach & mk:
                    seen.add((t, j))
                    u = qt[j]
                    q = qtab[t][u]
                    if q is None:
                        q = qtab[t][u] = quality.value(rep[t], rep[u])
                    w = C + (q << sh)
                    i = index[t]
                    if weight[i][j] is None or w > weight[i][j]:
                        weight[i][j] = weight[j][i] = w
        if n > m:
            assert self.left is not None, "the dummy vertex stands for the leftovers"
            for x in self.left:
                i = index[tid[Rp[x]]]
                weight[i][T - 1] = weight[T - 1][i] = C
        yt = type_duals(counts, weight)
        if yt is None:
            return None
        y = [yt[index[tid[x]]] for x in Rp] + ([yt[T - 1]] if n > m else [])
        return y, [-1] * n

    def _hint_start(self, n):
        """Start duals and matching mapped, by player, from the last problem
        without d terms solved in this bracket (the weights are q << SH plus C)."""
        hint = self.warm.plain
        if hint is None:
            return None
        sh0, c0, by_id = hint
        ids = self._ids(n)
        pos = {x: v for v, x in enumerate(ids)}
        y, mate = [], []
        for x in ids:
            e = by_id.get(x)
            if e is None:
                y.append(0)
                mate.append(-1)
                continue
            d = e[0] - c0
            d = d << (self.SH - sh0) if self.SH >= sh0 else d >> (sh0 - self.SH)
            y.append(d + self.C)
            mate.append(pos.get(e[1], -1))
        return y, mate

    def pairs_of(self, mate):
        return [(a, mate[a]) for a in range(self.m) if a < mate[a] < self.m]

    def his(self, mate) -> set[int]:
        return {a for a, _ in self.pairs_of(mate)}

    def first_in_order(self, mate):
        p, m = self.p, self.m
        H0 = self.his(mate)
        S1 = set(range(p))
        e = len(H0 - S1)
        sumH = sum(H0)
        X: list[int] = []
        Y: list[int] = []
        if e:
            for a in range(p - 1, -1, -1):
                if len(X) == e:
                    break
                mt = self.solve(hi_tweak={a: -1})
                if a not in self.his(mt):
                    X.append(a)
                    self.no_hi.add(a)
            for b in range(p, m):
                if e - len(Y) <= 1:
                    break
                mt = self.solve(hi_tweak={b: 1})
                if b in self.his(mt):
                    Y.append(b)
                    self.must_hi.add(b)
            if e - len(Y) == 1:
                Y.append(sumH - (sum(range(p)) - sum(X) + sum(Y)))
        self.H = (S1 - set(X)) | set(Y)
        out = self._transpositions() if self.options.tight_transpositions else None
        if out is None:
            out = []
            for a in sorted(self.H):
                mt = self.solve(bonus={a: (lambda b: m - b)})
                b = mt[a]
                out.append((a, b))
                self.removed.update((a, b))
        left = [x for x in range(m) if x not in self.removed]
        return out, left

    def _transpositions(self):
        """Step 9.4 h without a matching per player. With H fixed every pair
        joins a player of H to a later one outside H (the dummy vertex counts on
        the side of H): the graph is bipartite. One weighted matching gives
        optimal vertex duals (no blossoms in a bipartite graph); the optimal
        matchings are then exactly the perfect matchings of the tight edges, so
        the partner of each player of H (in rank order) is the first player
        outside H that some perfect matching of the tight edges gives him, the
        earlier pairs fixed: an edge off the current matching is in one exactly
        when it closes an alternating cycle. None when the solve fails (the
        caller then takes one matching per player)."""
        if self._last_plain and self.last is not None and self.his(self.last[1]) == self.H \
                and -1 not in self.last[1]:
            # the last solve had these weights, and its optimum pairs each player of H with a
            # later one outside H: an optimum of the restricted problem, with optimal duals
            y, mate = self.last
            self._last_edges = self._edges()
        else:
            mate = self.solve()
            if mate is None:
                return None
            assert self.last is not None  # set by solve()
            y = self.last[0]
        n = len(mate)
        self.progress()
        tadj = [0] * n  # tight edges, both ways
        for a, b, w in zip(*self._last_edges):
            if y[a] + y[b] == w << 1:
                tadj[a] |= 1 << b
                tadj[b] |= 1 << a
        mate = list(mate)
        for v in range(n):
            u = mate[v]
            if u >= 0 and (v in self.removed or not (tadj[v] >> u) & 1):
                return None
        removed = set(self.removed)  # the solver's own set changes only on success
        alive = 0
        for v in range(n):
            if v not in removed:
                alive |= 1 << v
        out = []
        self.progress()
        assert self.H is not None  # fixed by the caller before the transpositions
        for h in sorted(self.H):
            if not h & 31:
                self.progress()
            # the players of H's side from which h can be reached: l reaches l'
            # when l has a tight edge to the partner of l'
            reach = 1 << h
            par = {}
            frontier = [h]
            while frontier:
                nxt = []
                for l2 in frontier:
                    new = tadj[mate[l2]] & alive & ~reach
                    if new:
                        reach |= new
                        for l1 in bits(new):
                            par[l1] = l2
                            nxt.append(l1)
                frontier = nxt
            b = -1
            for c in bits(tadj[h] & alive):
                if (reach >> mate[c]) & 1:
                    b = c
                    break
            if b < 0:
                return None
            if mate[h] != b:
                # the cycle h - b - mate[b] ... -> h: each player takes the partner of the next
                l1 = mate[b]
                while l1 != h:
                    l2 = par[l1]
                    r = mate[l2]
                    mate[l1], mate[r] = r, l1
                    l1 = l2
                mate[h], mate[b] = b, h
            out.append((h, b))
            removed.update((h, b))
            alive &= ~((1 << h) | (1 << b))
        self.removed |= removed
        return out


def descriptors(p: int, m: int, can_give_up: bool = False, only: tuple | None = None, limit: int = 400_000):
    """Exchange descriptors (X from S1, Y from S2, 0-based BSNs) in the order of
    5.4 keys 3.1-3.4: number of exchanges, BSN-sum difference, X (sorted
    descending) largest first, Y smallest first. Generated lazily, level by level.
    A search that `can_give_up` raises Budget at a level of more than `limit`."""
    if only is None or only[0] == 0:
        yield (), ()
    for k in range(1, min(p, m - p) + 1):
        if only is not None and k != only[0]:
            continue
        if comb(p, k) * comb(m - p, k) > limit and can_give_up and only is None:
            raise Budget
        xs = sorted(combinations(range(p), k), key=lambda X: tuple(-x for x in reversed(X)))
        xsums = [sum(X) for X in xs]
        ymap: dict[int, list] = {}
        for Y in combinations(range(p, m), k):
            ymap.setdefault(sum(Y), []).append(Y)
        if not ymap:
            continue
        lo = min(ymap) - max(xsums)
        hi = max(ymap) - min(xsums)
        if only is not None:
            lo = hi = only[1]
        for d in range(lo, hi + 1):
            for X, sx in zip(xs, xsums):
                for Y in ymap.get(sx + d, ()):
                    yield X, Y
