"""One bracket of the Dutch system: the search of dutch.md 5.3-5.4 / 10.3.

A candidate is a *bracket part* P (pairs inside the bracket, never two MDPs).
Its value is `(A, V345, Q)`:

* `A`    = (V1, V2): number of bracket pairs, then the profile of their higher
  players' score levels (C6, C7: `criteria.c6_c7_value`). It depends only on the
  downfloaters D.
* `V345` = (V3, V4, V5): the best (pairs, profile) of the next bracket given D
  (C8, computed by a nested search), and the C9 term (`c8_c9_value`).
* `Q`    = V6..V17 (C10-C21) packed into one integer with bit fields, a sum over
  the pairs of P (`quality.PairQuality`).

Candidates are enumerated in the FIDE generation order of 5.4 (MDP set, MDP
opponents, exchanges, transpositions) with branch and bound: a branch is cut
when an optimistic bound of its value is not better than the best candidate
found (ties go to the earlier candidate); the search stops at the first
candidate reaching the bracket's upper bound. C4 (completion) is checked by the
oracle on the set D + next group + lower part.
"""

from __future__ import annotations

from arbiter_tournament.core.swiss.colours import STRONG
from arbiter_tournament.core.swiss.criteria import c4_complete_pairing, c6_c7_value, c9_value
from arbiter_tournament.core.swiss.matching import (
    Bipartite,
    Hint,
    UndoBipartite,
    bipartite_full,
    bit_set,
    exposed_of,
    maximum_matching,
    maximum_matching_size,
    perfect_matching,
    tree_outer_vertices,
)
from arbiter_tournament.core.swiss.quality import V8, PairQuality
from arbiter_tournament.core.swiss.remainder import Budget as _Budget
from arbiter_tournament.core.swiss.remainder import Found as _Found
from arbiter_tournament.core.swiss.remainder import RemainderSolver, WarmStarts
from arbiter_tournament.core.swiss.remainder import descriptors as _descriptors
from arbiter_tournament.core.swiss.round_setup import RoundData


def iter_bits(mask: int):
    """The members of the bit set `mask`, lowest first, one at a time."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _ub_budget(size: int) -> int:
    """Nodes of the ordered search for a candidate reaching the bracket's upper bound before the
    exact way (weighted matchings) takes over. When the first candidate in generation order
    reaches the bound, the search walks straight down to it (about size / 2 nodes in every
    round of the corpora and the big opens, once 6 * size); when none does, the whole budget is
    spent for nothing. (It was 2000 + 10 * size.)"""
    return 1000 + 5 * size


class _Stop(Exception):
    pass


class _WalkMissed(Exception):
    """The exact walk over MDP opponents met one whose remainder misses the target."""


class _NextBracket:
    """What the nested searches of one bracket's next bracket share (C8). They all have the
    same players after their bracket, so the same answers of the completion oracle (C4) and
    the same start for it; the same residents, so one maximum matching of them starts every
    matching of the residents; and a single downfloater's value depends only on whom he may
    meet there and below and on his score, so downfloaters alike in that share it."""

    def __init__(self):
        self.hint = None  # matching.Hint of the players after the next bracket
        self.feasible: dict[int, list[int] | None] = {}  # BracketSearch.feas_cache of them all
        self.residents: Hint | None = None  # a maximum matching of the residents
        self.values: dict[tuple, tuple] = {}  # (whom he may meet, score level) -> V3, V4


class BracketSearch:
    """Find the bracket part of dutch.md 5.3/5.4 for MDPs `M` and residents `R`."""

    def __init__(self, rd: RoundData, M: list[int], R: list[int], N: list[int], rest: int,
                 witness: list[int] | None, c9: bool, full: bool = True, nested: _NextBracket | None = None):
        self.rd, self.M, self.R, self.N = rd, M, R, N
        self.rest, self.witness, self.c9, self.full = rest, witness, c9, full
        self.B = M + R
        self.Mmask = bit_set(M)
        self.Rmask = bit_set(R)
        self.Bmask = self.Mmask | self.Rmask
        self.after = rest & ~self.Bmask
        self.nlev = rd.nlevels
        self.res_level = rd.level[R[0]] if R else 0
        self.feas_cache: dict[int, list[int] | None] = {}
        self._hint = None  # start of the oracle calls (matching.Hint), once prepared
        self._next: _NextBracket | None = None  # shared by the nested searches of the next bracket
        self.nested = nested
        if nested is not None:  # a nested search (C8): shares with its siblings
            self.feas_cache = nested.feasible
            if nested.hint is None and witness is not None:
                nested.hint = self._after_hint(self.after, witness)
            self._hint = nested.hint
        self.v345_cache: dict[int, tuple] = {}
        self.best: tuple[tuple, list[tuple[int, int]], int] | None = None  # (value, pairs, Dmask)
        self.nodes = 0
        self.budget: int | None = None
        self.target: tuple | None = None
        self.simple = False
        self.exact_target: tuple | None = None
        self.desc_class: tuple[int, int] | None = None
        self.budget_scale = rd.search.budget_scale
        self.warm = WarmStarts()  # shared by the weighted matchings of this bracket
        # adjacency inside the bracket, MDP-MDP edges removed
        self.adjB = {x: rd.compatible[x] & (self.Rmask if x in M else self.Bmask) for x in self.B}
        if full:
            self.quality = PairQuality(rd, self.B, self.Mmask)
            self.q, self.best_q = self.quality.q, self.quality.best_q
            self.blev, self.nbl = self.quality.blev, self.quality.nbl
        self.ub = self._upper_bound()

    # ------------------------------------------------------------------ values
    def A_of(self, S: list[int], p: int) -> tuple:
        """C6, C7 (V1, V2) of a bracket part pairing the MDPs S and p pairs of residents."""
        level = self.rd.level
        return c6_c7_value([level[m] for m in S], p, self.res_level, self.nlev)

    def _solver(self, Rp: list[int], p: int, leftovers: list[int] | None, use_d: bool = True) -> RemainderSolver:
        return RemainderSolver(self.quality, self.adjB, Rp, p, leftovers, warm=self.warm, options=self.rd.search,
                               progress=self.rd.progress, use_d=use_d)

    def feasible(self, Dmask: int) -> bool:
        """C4: the downfloaters D (and every player after the bracket) can still all be paired."""
        r = self.feas_cache.get(Dmask, 0)
        if r == 0:
            self.rd.progress()
            hint = self._hint
            if hint is None and self.witness is not None:
                hint = self.witness
                if len(self.feas_cache) >= 2:
                    # from the third call on: a maximum matching of the players
                    # after the bracket, prepared once; each call only places D
                    hint = self._hint = self._after_hint(self.after, self.witness)
            r = c4_complete_pairing(self.rd.graph, self.after | Dmask, hint)
            self.feas_cache[Dmask] = r
        return r is not None

    def feasible_each(self, DM: int, xs: list[int]) -> None:
        """feasible(DM | x) for the x of `xs`, into the cache, by one search: with
        a maximum matching of after + DM leaving one vertex z exposed, x is
        feasible when adjacent to a vertex joined to z by an even alternating
        path (those the plain search finds; the others are left to feasible);
        with none or two or more exposed, no x is."""
        todo = [x for x in xs if (DM | (1 << x)) not in self.feas_cache]
        if len(todo) < 4 or self.witness is None:
            return
        if self._hint is None:
            self._hint = self._after_hint(self.after, self.witness)
        adj = self.rd.graph
        active = self.after | DM
        mate = maximum_matching(adj, active, self._hint, tree_first=True)
        exposed = exposed_of(mate, active)
        if len(exposed) != 1:
            for x in todo:
                self.feas_cache[DM | (1 << x)] = None
            return
        even = tree_outer_vertices(exposed[0], adj, active, mate)
        for x in todo:
            if adj[x] & even:
                self.feas_cache[DM | (1 << x)] = mate

    def _after_hint(self, after: int, witness: list[int]) -> Hint:
        return Hint(self.rd.graph, maximum_matching(self.rd.graph, after, witness, tree_first=True))

    def c8_c9_value(self, Dmask: int) -> tuple:
        """C8 (V3, V4): the pairs, and their profile, of the best pairing of the next bracket
        with the downfloaters D as its MDPs (a nested search); C9 (V5) when the flag is on."""
        r = self.v345_cache.get(Dmask)
        if r is None:
            rd = self.rd
            rd.progress()
            D = [x for x in self.B if (Dmask >> x) & 1]
            if self.N:
                if self._next is None:
                    self._next = _NextBracket()
                key = (rd.compatible[D[0]] & self.after, rd.level[D[0]]) if len(D) == 1 else None
                a = self._next.values.get(key) if key else None
                if a is None:
                    sub = BracketSearch(rd, D, self.N, [], self.after | Dmask, self.feas_cache.get(Dmask),
                                        False, full=False, nested=self._next)
                    a = sub.run()[0][0]
                    if key:
                        self._next.values[key] = a
            else:
                a = (0, (0,) * self.nlev)
            v5 = c9_value(D, rd.c9_rank) if self.c9 else 0
            r = (a[0], a[1], v5)
            self.v345_cache[Dmask] = r
        return r

    # ------------------------------------------------------------ upper bound
    def _upper_bound(self) -> tuple:
        rd = self.rd
        adj = [0] * rd.vertices
        for x in self.B:
            adj[x] = self.adjB[x]
        v1 = maximum_matching_size(adj, self.Bmask, self._residents_matching(adj), tree_first=True)
        bm = Bipartite({m: self.adjB[m] for m in self.M})
        Sg = [m for m in self.M if bm.add(m)]
        prof = [0] * self.nlev
        for m in Sg:
            prof[rd.level[m]] += 1
        prof[self.res_level] += max(0, v1 - len(Sg))
        A = (v1, tuple(prof))
        self.v1max = v1
        self.A_ub = A
        if not self.full:
            return (A,)
        self._bcache: dict = {}
        return (A,) + self.bounds(A)

    def _residents_matching(self, adj: list[int]) -> Hint | None:
        """In a nested search: a maximum matching of the residents (shared, prepared as a
        `matching.Hint`), the start of the matchings of the bracket (their sizes are read, and
        whether one exists)."""
        if self.nested is None:
            return None
        if self.nested.residents is None:
            self.nested.residents = Hint(adj, maximum_matching(adj, self.Rmask, tree_first=True))
        return self.nested.residents

    def bounds(self, A: tuple) -> tuple:
        """(V345 bound, Q bound) valid for every candidate whose A part equals `A`."""
        r = self._bcache.get(A)
        if r is not None:
            return r
        rd = self.rd
        k, prof = A
        paired_m = {}
        s = 0
        Dlev = []
        for lv in range(self.nlev):
            if lv == self.res_level:
                continue
            cnt = sum(1 for m in self.M if rd.level[m] == lv)
            if cnt:
                paired_m[lv] = prof[lv]
                s += prof[lv]
                Dlev += [lv] * max(0, cnt - prof[lv])
        nres_d = len(self.R) - s - 2 * prof[self.res_level]
        Dlev += [self.res_level] * max(0, nres_d)
        nN = len(self.N)
        if nN:
            dn = min(len(Dlev), nN)
            nn = (nN - dn) // 2
            prof3 = [0] * self.nlev
            for lv in Dlev[:dn]:
                prof3[lv] += 1
            prof3[rd.level[self.N[0]]] += nn
            v34 = (dn + nn, tuple(prof3))
        else:
            v34 = (0, (0,) * self.nlev)
        v5 = 0
        if self.c9:
            ranks = [rd.c9_rank[x] for x in self.B if x in rd.c9_rank and (rd.bye_candidates >> x) & 1]
            v5 = -min(ranks) if ranks else -10 ** 6
        r = ((v34[0], v34[1], v5), self._q_bound(k, s, paired_m, len(Dlev)))
        self._bcache[A] = r
        return r

    def _q_bound(self, k: int, s: int, paired_m: dict, d: int) -> int:
        """Component-wise best possible V6..V17 for k pairs, s of them with an MDP."""
        rd = self.rd
        B, R = self.B, self.R
        last = rd.last_round
        w = sum(1 for x in B if rd.colour[x].pref == "w")
        b = sum(1 for x in B if rd.colour[x].pref == "b")
        z = len(B) - w - b
        bad8 = max(0, abs(w - b) - z - d)
        bad8 = (bad8 + 1) // 2
        sw = sum(1 for x in B if rd.colour[x].pref == "w" and rd.colour[x].strength >= STRONG)
        sb = sum(1 for x in B if rd.colour[x].pref == "b" and rd.colour[x].strength >= STRONG)
        o = len(B) - sw - sb
        bad9 = 0 if last else (max(0, abs(sw - sb) - o - d) + 1) // 2
        if not last and bad8:
            # at the best V8 the clashing pairs all want the majority colour; such a
            # pair escapes C13 only with a mild player of that colour in it
            major = "w" if w > b else "b"
            mild = sum(1 for x in B if rd.colour[x].pref == major and rd.colour[x].strength < STRONG)
            bad9 = max(bad9, bad8 - mild)
        nres_paired = 2 * k - s
        f = [k, k, k - bad8, k - bad9]
        f.append(min(sum(rd.down_last[x] for x in R), nres_paired))
        nonup1 = sum(1 for x in R if not rd.up_last[x])
        f.append(k - max(0, s - nonup1))
        f.append(min(sum(rd.down_before_last[x] for x in R), nres_paired))
        nonup2 = sum(1 for x in R if not rd.up_before_last[x])
        f.append(k - max(0, s - nonup2))
        nbl = self.nbl
        paired_at = [0] * nbl
        for lv, c in paired_m.items():
            paired_at[self.blev[next(m for m in self.M if rd.level[m] == lv)]] += c
        rl = self.blev[R[0]] if R else nbl - 1
        pairs_hi = list(paired_at)
        pairs_hi[rl] += max(0, k - s)
        paired_at[rl] += nres_paired
        for dflag, uflag in ((rd.down_last, rd.up_last), (rd.down_before_last, rd.up_before_last)):
            d_at = [0] * nbl
            for x in B:
                if dflag[x]:
                    d_at[self.blev[x]] += 1
            f.extend(min(d_at[i], paired_at[i]) for i in range(nbl))
            nonup = sum(1 for x in R if not uflag[x])
            prof = []
            for i in range(nbl):
                if i == rl:
                    prof.append(pairs_hi[i])
                else:
                    g = min(pairs_hi[i], nonup)
                    nonup -= g
                    prof.append(g)
            f.extend(prof)
        # reorder: the layout is V6..V13, V14(nbl), V15(nbl), V16(nbl), V17(nbl)
        v = 0
        for i, amount in enumerate(f):
            v += max(0, amount) << self.quality.shift(i)
        return v

    # ------------------------------------------------------------------ search
    def _consider(self, value: tuple, pairs: list, Dmask: int) -> None:
        if self.best is None or value > self.best[0]:
            self.best = (value, list(pairs), Dmask)
            if value >= self.ub:
                raise _Stop
            if self.target is not None and value >= self.target:
                raise _Found

    def _worse(self, bound: tuple) -> bool:
        if self.target is not None and bound < self.target:
            return True
        return self.best is not None and bound <= self.best[0]

    def run(self):
        try:
            self._stage1(0, [], Bipartite({m: self.adjB[m] for m in self.M}))
        except _Stop:
            pass
        return self.best

    def _stage1(self, i: int, S: list[int], bm: Bipartite) -> None:
        if i == len(self.M):
            self._stage2(S)
            return
        m = self.M[i]
        # optimistic A: every undecided MDP paired
        rest_m = self.M[i:]
        sopt = min(len(S) + len(rest_m), len(self.R))
        v1b = min(self.v1max, (len(self.R) + sopt) // 2)
        prof = [0] * self.nlev
        for x in S + rest_m:
            prof[self.rd.level[x]] += 1
        prof[self.res_level] += v1b
        Ab = (v1b, tuple(prof))
        if self._worse((Ab,) + (self.bounds(Ab) if self.full else ())):
            return
        snapshot = (dict(bm.owner), dict(bm.partner))
        if bm.add(m):
            self._stage1(i + 1, S + [m], bm)
            bm.owner, bm.partner = snapshot
        self._stage1(i + 1, S, bm)

    def _stage2(self, S: list[int]) -> None:
        DM = self.Mmask & ~sum(1 << m for m in S)
        Ab = self.A_of(S, (len(self.R) - len(S)) // 2)
        if self._worse((Ab,) + (self.bounds(Ab) if self.full else ())):
            return
        if not self.full or self.simple:
            self._s2(S, 0, 0, [], 0, DM)
            return
        # 1. a candidate with this MDP set reaching the bracket's upper bound ends the search
        if self._targeted_s(self.ub, self.budget_scale * _ub_budget(len(self.B)), S, DM):
            return
        # 2. the exact optimum for this MDP set, then the first candidate reaching it
        ex = self._exact_S(S, DM)
        if ex is None:  # more than one resident must float: plain branch and bound
            self._s2(S, 0, 0, [], 0, DM)
            return
        value, solver, mate, Rleft = ex
        if self._worse(value):
            return
        if self._exact_walk(value, S, DM):
            return
        # 3. the generation order by weighted matchings: MDP opponents (key 2), then 9.4 d-h
        pairs = []
        n = solver.m
        for i in range(len(S)):
            mt = solver.solve(bonus={i: (lambda b: n - b)})
            r = mt[i]
            pairs.append((S[i], solver.Rp[r]))
            solver.removed.update((i, r))
        used = sum(1 << b for _, b in pairs)
        Rp = [x for x in self.R if not (used >> x) & 1]
        pos = {x: i for i, x in enumerate(Rp)}
        p = (len(Rp) - (1 if Rleft is not None else 0)) // 2
        rs = self._solver(Rp, p, [pos[x] for x in Rleft if x in pos] if Rleft is not None else None)
        mt = rs.solve()
        rem_pairs, left = rs.first_in_order(mt)
        Dmask = DM | sum(1 << Rp[i] for i in left)
        self._consider(value, pairs + [(Rp[a], Rp[b]) for a, b in rem_pairs], Dmask)

    def _targeted_s(self, target, budget, S, DM) -> bool:
        saved = (self.target, self.simple)
        self.target, self.simple = target, True
        self.budget = self.nodes + budget
        try:
            self._s2(S, 0, 0, [], 0, DM)
        except _Found:
            return True
        except _Budget:
            return False
        finally:
            self.target, self.simple = saved
            self.budget = None
        return target is not self.ub

    def _exact_walk(self, target, S, DM) -> bool:
        """MDP opponents in generation order; for each, the exact remainder optimum;
        the first reaching `target` is completed in generation order. Gives up (False) at
        the first opponent whose remainder misses the target: the weighted matchings then
        find the opponents at one matching per MDP (step 3), where the walk would take one
        per opponent tried."""
        saved = self.exact_target
        self.exact_target = target
        try:
            self._s2(S, 0, 0, [], 0, DM)
        except _Found:
            return True
        except _WalkMissed:
            return False
        finally:
            self.exact_target = saved
        return False

    def _stage3_exact(self, S, used, pairs, qsum, DM) -> None:
        rd = self.rd
        target = self.exact_target
        assert target is not None  # set by the caller of the exact walk
        Rp = [x for x in self.R if not (used >> x) & 1]
        mm = len(Rp)
        p, f = mm // 2, mm % 2
        A = self.A_of(S, p)
        if A != target[0]:
            return
        w = sum(1 for x in Rp if rd.colour[x].pref == "w")
        bl = sum(1 for x in Rp if rd.colour[x].pref == "b")
        bad = (max(0, abs(w - bl) - (mm - w - bl) - f) + 1) // 2
        sh = self.quality.shift(V8)
        fm = (1 << self.quality.width) - 1
        if ((qsum >> sh) & fm) + p - bad < (target[2] >> sh) & fm:
            return
        ex = self._exact_best(Rp, p, qsum, DM, A)
        if ex is None or ex[0] < target:
            raise _WalkMissed
        value, solver, mate = ex
        H0 = solver.his(mate)
        e = len(H0 - set(range(p)))
        diff = sum(H0) - sum(range(p))
        v345 = self.c8_c9_value(DM) if f == 0 else None
        n0 = len(pairs)
        saved = (self.target, self.desc_class)
        self.target, self.desc_class = value, (e, diff)
        self.budget = self.nodes + self.budget_scale * (3000 + 20 * mm)
        try:
            if not self._direct(solver, mate):
                self._remainder(S, Rp, p, pairs, qsum, DM, A, v345)
        except _Budget:
            pass
        finally:
            self.target, self.desc_class = saved
            self.budget = None
            del pairs[n0:]
        rem_pairs, left = solver.first_in_order(mate)
        Dmask = DM | sum(1 << Rp[i] for i in left)
        self._consider(value, pairs + [(Rp[a], Rp[b]) for a, b in rem_pairs], Dmask)
        raise _Found

    def _exact_S(self, S, DM):
        """Best (value, solver, mate, allowed leftovers) with MDP set S, or None."""
        nres = len(self.R) - len(S)
        f = nres % 2
        if f == 0:
            if not self.feasible(DM):
                return None
            groups = [(self.c8_c9_value(DM), None)]
        else:
            by: dict = {}
            self.feasible_each(DM, self.R)
            for x in self.R:
                if self.feasible(DM | (1 << x)):
                    by.setdefault(self.c8_c9_value(DM | (1 << x)), []).append(x)
            groups = sorted(by.items(), reverse=True)
        Rp = list(S) + list(self.R)
        pos = {x: i for i, x in enumerate(Rp)}
        A = self.A_of(S, nres // 2)
        for v345, xs in groups:
            solver = self._solver(Rp, len(S) + nres // 2,
                                      [pos[x] for x in xs] if xs is not None else None, use_d=False)
            mate = solver.solve()
            if mate is None:
                continue
            q = sum(self.q(Rp[a], Rp[b]) for a, b in solver.pairs_of(mate))
            return (A, v345, q), solver, mate, xs
        return None

    def _s2(self, S, j, used, pairs, qsum, DM) -> None:
        if j == len(S):
            self._stage3(S, used, pairs, qsum, DM)
            return
        m = S[j]
        allowed = {x: self.adjB[x] for x in S[j + 1:]}
        for r in iter_bits(self.adjB[m] & ~used):
            nu = used | (1 << r)
            if j + 1 < len(S) and not bipartite_full(S[j + 1:], allowed, nu):
                continue
            qq = self.q(m, r) if self.full else 0
            pairs.append((m, r))
            self._s2(S, j + 1, nu, pairs, qsum + qq, DM)
            pairs.pop()

    def _stage3(self, S, used, pairs, qsum, DM) -> None:
        if self.exact_target is not None:
            self._stage3_exact(S, used, pairs, qsum, DM)
            return
        rd = self.rd
        Rp = [x for x in self.R if not (used >> x) & 1]
        Rpmask = self.Rmask & ~used
        mm = len(Rp)
        adj = [0] * rd.vertices
        for x in Rp:
            adj[x] = self.adjB[x] & Rpmask
        pmax = maximum_matching_size(adj, Rpmask, self._residents_matching(adj), tree_first=True)
        for p in range(pmax, -1, -1):
            A = self.A_of(S, p)
            if self._worse((A,) + (self.bounds(A) if self.full else ())):
                return
            f = mm - 2 * p
            if f == 0 and not self.feasible(DM):
                continue
            if not self.full:
                if f == 0:
                    self._consider((A,), pairs, DM)
                    return
                if f == 1:
                    # one resident floats: first a pairing of the others with anyone floating,
                    # then whether the floater can be paired below (usually he can)
                    mate = self._perfect_with_dummy(Rp, adj, Rp, Rpmask, self._residents_matching(adj))
                    if mate is None:
                        continue
                    floater = mate[rd.vertices]
                    if self.feasible(DM | (1 << floater)):
                        self._consider((A,), pairs, DM | (1 << floater))
                        return
                    self.feasible_each(DM, Rp)
                    xs = [x for x in Rp if self.feasible(DM | (1 << x))]
                    if xs and self._perfect_with_dummy(Rp, adj, xs) is not None:
                        self._consider((A,), pairs, DM | (1 << xs[0]))
                        return
                    continue
                self._remainder(S, Rp, p, pairs, qsum, DM, A, None)
                continue
            v345 = self.c8_c9_value(DM) if f == 0 else None
            if f > 1 or self.simple:
                self._remainder(S, Rp, p, pairs, qsum, DM, A, v345)
                continue
            npairs = len(pairs)
            # 1. look for a candidate reaching the bracket's upper bound (then the search ends)
            if self._targeted(self.ub, self.budget_scale * _ub_budget(mm), S, Rp, p, pairs, qsum, DM, A, v345):
                continue
            del pairs[npairs:]
            # 2. the exact optimum of this remainder, then the first candidate reaching it
            ex = self._exact_best(Rp, p, qsum, DM, A)
            if ex is None or self._worse(ex[0]):
                continue
            value, solver, mate = ex
            if not self._direct(solver, mate) and self._targeted(
                    ex[0], self.budget_scale * (3000 + 20 * mm), S, Rp, p, pairs, qsum, DM, A, v345):
                continue
            del pairs[npairs:]
            # 3. the generation order by weighted matchings (dutch.md 9.4 d-h)
            rem_pairs, left = solver.first_in_order(mate)
            Dmask = DM | sum(1 << Rp[i] for i in left)
            self._consider(value, pairs + [(Rp[a], Rp[b]) for a, b in rem_pairs], Dmask)

    def _direct(self, solver, mate) -> bool:
        """Skip the ordered search for the first candidate reaching the exact
        optimum, straight to the weighted-matching order (the same candidate),
        when the optimum needs no exchange: then that order costs one bipartite
        matching (RemainderSolver._transpositions), less than a search that may
        run out of budget. Not with unlimited budgets (tests compare the paths)."""
        return self.budget_scale <= 1 and not (solver.his(mate) - set(range(solver.p)))

    def _targeted(self, target, budget, S, Rp, p, pairs, qsum, DM, A, v345) -> bool:
        """Ordered search that only follows branches able to reach `target`.
        True when it settled the subtree (found the first candidate reaching
        it, or proved that none reaches it while the target is exact)."""
        saved = self.target
        n0 = len(pairs)
        self.target = target
        self.budget = self.nodes + budget
        try:
            self._remainder(S, Rp, p, pairs, qsum, DM, A, v345)
        except _Found:
            return True
        except _Budget:
            return False
        finally:
            self.target = saved
            self.budget = None
            del pairs[n0:]
        return target is not self.ub

    def _perfect_with_dummy(self, Rp, adj, xs, Rpmask=None, hint=None):
        """A pairing of R' with a dummy vertex adjacent to the players of `xs` (the one of
        them left to float), or None."""
        rd = self.rd
        dummy = rd.vertices
        a = list(adj) + [0]
        bit = 1 << dummy
        for x in xs:
            a[x] |= bit
        a[dummy] = sum(1 << x for x in xs) if xs is not Rp or Rpmask is None else Rpmask
        if Rpmask is None:
            Rpmask = sum(1 << x for x in Rp)
        return perfect_matching(a, Rpmask | bit, hint)

    def _remainder(self, S, Rp, p, pairs, qsum, DM, A, v345) -> None:
        mm = len(Rp)
        full = self.full
        Rpmask = sum(1 << x for x in Rp)
        vb = v345 if v345 is not None else (self.bounds(A)[0] if full else None)
        # per position: the later players of R' it may meet (allowed sets are
        # these minus H); colour wishes; S1 players with few such partners
        # outside S1 (only they can lose every partner to k exchanges)
        adjB, cs = self.adjB, self.rd.colour
        him = [adjB[x] & ~((1 << (x + 1)) - 1) & Rpmask for x in Rp]
        S1mask = sum(1 << Rp[i] for i in range(p))
        isw = [cs[x].pref == "w" for x in Rp]
        isb = [cs[x].pref == "b" for x in Rp]
        w_s1, b_s1 = sum(isw[:p]), sum(isb[:p])
        outside = [(him[i] & ~S1mask).bit_count() for i in range(p)]
        crit: dict = {}
        if full:
            sh = self.quality.shift(V8)
            fmask = (1 << self.quality.width) - 1
            have = (qsum >> sh) & fmask
            want_w, want_b = self.rd.wants_white, self.rd.wants_black
        for X, Y in _descriptors(p, mm, self.budget is not None, self.desc_class, self.rd.search.descriptor_limit):
            k = len(X)
            Hmask = S1mask
            for i in X:
                Hmask ^= 1 << Rp[i]
            for j in Y:
                Hmask |= 1 << Rp[j]
            # some player of H without a partner: not a node
            if any(not (him[j] & ~Hmask) for j in Y):
                continue
            ck = crit.get(k)
            if ck is None:
                ck = crit[k] = [i for i in range(p) if outside[i] <= k]
            if any(not (him[i] & ~Hmask) and i not in X for i in ck):
                continue
            self.nodes += 1
            if not self.nodes & 63:
                self.rd.progress()
            if self.budget is not None and self.nodes >= self.budget:
                raise _Budget
            if full and self.target is not None:
                nonH = Rpmask & ~Hmask
                nfree = nonH.bit_count()
                hw0 = w_s1 - sum(isw[i] for i in X) + sum(isw[j] for j in Y)
                hb0 = b_s1 - sum(isb[i] for i in X) + sum(isb[j] for j in Y)
                bad = max(0, hw0 - (nfree - (nonH & want_w).bit_count())) + max(
                    0, hb0 - (nfree - (nonH & want_b).bit_count()))
                if have + p - bad < (self.target[2] >> sh) & fmask:
                    continue
            if X:
                Xs = set(X)
                Hs = [i for i in range(p) if i not in Xs] + list(Y)
            else:
                Hs = list(range(p))
            H = [Rp[i] for i in Hs]
            allowed = {Rp[i]: him[i] & ~Hmask for i in Hs}
            if full:
                best_h = [self.best_q(h, allowed[h]) for h in H]
                suffix = [0] * (len(H) + 1)
                hw = [0] * (len(H) + 1)
                hb = [0] * (len(H) + 1)
                for t in range(len(H) - 1, -1, -1):
                    suffix[t] = suffix[t + 1] + best_h[t]
                    pr = self.rd.colour[H[t]].pref
                    hw[t] = hw[t + 1] + (pr == "w")
                    hb[t] = hb[t + 1] + (pr == "b")
                nonH = Rpmask & ~Hmask
                ctx = (suffix, hw, hb, nonH.bit_count(), (nonH & self.rd.wants_white).bit_count(),
                       (nonH & self.rd.wants_black).bit_count())
                if self._worse((A, vb, qsum + self._cap(ctx, 0, (0, 0, 0), len(H)))):
                    continue
            else:
                ctx = None
                if self._worse((A,)):
                    return
            bm = UndoBipartite(allowed)
            if not bm.fill(H):
                continue
            gm = None
            if full and self.target is not None:
                gm = self._clash_free_matching(H, allowed)
            self._transpose(H, 0, allowed, bm, gm, 0, (0, 0, 0), pairs, qsum, ctx, DM, Rpmask, A, v345)

    def _cap(self, ctx, t: int, taken: tuple[int, int, int], nH: int) -> int:
        """Bound of the packed V6..V17 of the pairs of H[t:], with the V8 count capped. `taken`:
        how many partners outside H are taken, and of them how many prefer white, black."""
        suffix, hw, hb, n_free, n_white, n_black = ctx
        val = suffix[t]
        nfree = n_free - taken[0]
        bad = max(0, hw[t] - (nfree - (n_white - taken[1]))) + max(0, hb[t] - (nfree - (n_black - taken[2])))
        if bad:
            sh = self.quality.shift(V8)
            cur = (val >> sh) & ((1 << self.quality.width) - 1)
            capped = max(0, nH - t - bad)
            if capped < cur:
                # the lower fields of `val` came from the partners the cap excludes:
                # replace them by their largest representable values
                val = ((val >> sh) - (cur - capped)) << sh | ((1 << sh) - 1)
        return val

    def _transpose(self, H, t, allowed, bm, gm, used, taken, pairs, qsum, ctx, DM, Rpmask, A, v345) -> None:
        """The transpositions of H (5.4 key 3.5) by depth-first search: H[t] takes each allowed
        partner in order. `bm` keeps a matching of all of H[t:] into free partners (a dead end is
        cut at once); in target mode `gm` a maximum matching of H[t:] on clash-free edges."""
        self.nodes += 1
        if not self.nodes & 63:
            self.rd.progress()
        if self.budget is not None and self.nodes >= self.budget:
            raise _Budget
        if t == len(H):
            paired = used | sum(1 << h for h in H)
            Dmask = DM | (Rpmask & ~paired)
            if not self.feasible(Dmask):
                return
            value = (A, self.c8_c9_value(Dmask), qsum) if self.full else (A,)
            self._consider(value, pairs, Dmask)
            return
        h = H[t]
        vb = v345 if v345 is not None else (self.bounds(A)[0] if self.full else None)
        white, black = self.rd.white, self.rd.black
        for y in iter_bits(allowed[h] & ~used):
            qq = 0
            if self.full:
                qq = self.q(h, y)
                taken_y = (taken[0] + 1, taken[1] + white[y], taken[2] + black[y])
                if self._worse((A, vb, qsum + qq + self._cap(ctx, t + 1, taken_y, len(H)))):
                    continue
            else:
                taken_y = taken
                if self._worse((A,)):
                    return
            gmark = None
            if gm is not None and t + 1 < len(H):
                gmark = gm.mark()
                if not self._good_possible(H, t, h, y, gm, used, qsum + qq, ctx):
                    gm.undo(gmark)
                    continue
            bmark = bm.mark()
            if bm.partner.get(h) != y:
                freed = bm.unmatch(h)
                o = bm.owner.get(y)
                if o is not None:
                    bm.unmatch(o)
                bm.match(h, y)
                if o is not None and not bm.augment_towards(o, freed, used | (1 << y)):
                    bm.undo(bmark)
                    if gmark is not None:
                        gm.undo(gmark)
                    continue
            pairs.append((h, y))
            self._transpose(H, t + 1, allowed, bm, gm, used | (1 << y), taken_y, pairs, qsum + qq, ctx, DM, Rpmask,
                            A, v345)
            pairs.pop()
            bm.undo(bmark)
            if gmark is not None:
                gm.undo(gmark)

    def _clash_free_matching(self, H, allowed) -> UndoBipartite:
        """A maximum matching of H into its allowed partners on the edges without a colour
        clash (C12: the two do not prefer the same colour)."""
        rd = self.rd
        good = {}
        for x in H:
            pr = rd.colour[x].pref
            a = allowed[x]
            if pr == "w":
                a &= ~rd.wants_white
            elif pr == "b":
                a &= ~rd.wants_black
            good[x] = a
        gm = UndoBipartite(good, highest_first=True)  # the search takes low partners first
        gm.fill(H, maximum=True)
        return gm

    def _good_possible(self, H, t, h, y, gm, used, q_after, ctx) -> bool:
        """Target mode, H[t] = h paired with y: can H[t+1:] still give the V8 count (pairs
        without a colour clash, C12) that the target needs? `gm`, a maximum matching of H[t:]
        on clash-free edges into the free partners, loses h and y (kept so for the levels
        below; the caller undoes it); the answer is whether a maximum matching of what is left
        reaches the count. Only h's old partner and y's old owner can start an augmenting path
        of the smaller graph, but every unmatched player of H[t+1:] is tried before saying no."""
        sh = self.quality.shift(V8)
        mask = (1 << self.quality.width) - 1
        assert self.target is not None  # target mode
        need = ((self.target[2] >> sh) & mask) - ((q_after >> sh) & mask)
        freed = gm.unmatch(h)
        o = gm.owner.get(y)
        if o is not None:
            gm.unmatch(o)
            if gm.swap_in(o, freed, used | (1 << y)):
                o = None  # re-matched at once (to h's old partner, mostly)
        rest = len(H) - t - 1
        if need <= 0:
            return True
        if need > rest:
            return False
        hw, hb = ctx[1], ctx[2]
        if need <= rest - hw[t + 1] - hb[t + 1]:
            return True  # the players without a preference never clash (if H[t+1:] can be paired at all)
        size = len(gm.partner)
        if size >= need:
            return True
        banned = used | (1 << y)
        missing = 0
        dead = [0]  # partners found to lead nowhere since the last augmentation
        for x in ([o] if o is not None else []) + [x for x in H[t + 1:] if x != o and x not in gm.partner]:
            if gm.augment(x, banned, dead):
                size += 1
                dead[0] = 0
                if size >= need:
                    return True
            else:
                missing += 1
                if rest - missing < need:
                    return False
        return False

    # ------------------------------------------- exact remainder (dutch.md 9.4 d-h)
    def _exact_best(self, Rp, p, qsum, DM, A):
        """(value, solver, mate) of the best remainder of R' with p pairs, or None."""
        m = len(Rp)
        f = m - 2 * p
        if f == 0:
            groups: list[tuple[tuple, list[int]]] = [(self.c8_c9_value(DM), [])] if self.feasible(DM) else []
        else:
            by: dict = {}
            self.feasible_each(DM, Rp)
            for i, x in enumerate(Rp):
                if self.feasible(DM | (1 << x)):
                    by.setdefault(self.c8_c9_value(DM | (1 << x)), []).append(i)
            groups = sorted(by.items(), reverse=True)
        for v345, xs in groups:
            solver = self._solver(Rp, p, xs if f else None)
            mate = solver.solve()
            if mate is None:
                continue
            qrem = sum(self.q(Rp[a], Rp[b]) for a, b in solver.pairs_of(mate))
            return (A, v345, qsum + qrem), solver, mate
        return None
