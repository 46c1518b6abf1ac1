"""Maximum-weight matching in general graphs: `WeightedMatching`, Edmonds' blossom
algorithm with dual variables, O(n^3), after Galil 1986 "Efficient algorithms for
finding maximum matching in graphs". Integer weights only (Python ints of any
size), so every computation is exact.

The API is small, as the endorsed engine's matching computer has it:

    m = WeightedMatching(4)                 # vertices 0..3 (add_vertex() adds one more)
    m.set_weight(0, 1, 5)                   # an edge and its weight, each pair once
    m.set_weights([0, 2], [2, 3], [1, 7])   # many edges at once (first ends, second ends, weights)
    m.start_from(duals, mate)               # optional: the duals and pairs of a related problem
    m.compute()                             # (progress=callback)
    m.matching()                            # mate of each vertex, -1 = unmatched
    m.duals()                               # vertex duals, doubled scale (see below)

`compute` finds, among the matchings of maximum cardinality, one of maximum
total weight. It starts by default from each vertex's heaviest edge (its dual)
and a greedy matching of the tight edges, which is exact whenever the result is
a perfect matching (the only case the pairing engine uses); `compute(cold=True)`
starts from the textbook duals (exact always). A start given by `start_from`
(duals and mate of a related problem, typically the previous solve of the same
bracket) is repaired into a feasible one, so any start gives the same optimum;
a good one saves most of the augmentations. `duals()` returns, after
`compute`, the vertex duals of the perfect-matching LP in the doubled scale of
the weights (each vertex with the duals of the blossoms around it folded in):
feasible, `y[i] + y[j] >= 2 * w(i, j)`, and tight on every matched edge.
"""

from __future__ import annotations

from collections import Counter
from itertools import compress, repeat
from operator import add, eq, lt, mul, sub

from arbiter_tournament.core.swiss.matching import maximum_matching

_CHUNK = 1 << 15  # edges per progress call while the neighbour lists are built
_BINARY = bytes.maketrans(b"\x00\x01", b"01")


class WeightedMatching:
    """A graph with integer edge weights and its maximum-weight maximum-cardinality matching."""

    def __init__(self, vertices: int = 0):
        self.nvertex = vertices
        self.ei: list[int] = []  # first end of each edge
        self.ej: list[int] = []  # second end
        self.ws: list[int] = []  # weight
        self._start: tuple[list[int], list[int]] | None = None
        self._mate: list[int] | None = None
        self._duals: list[int] | None = None

    # ------------------------------------------------------------------ the API
    def add_vertex(self) -> int:
        """One more vertex; returns its number."""
        self.nvertex += 1
        return self.nvertex - 1

    def set_weight(self, i: int, j: int, weight: int) -> None:
        """The edge {i, j} with `weight` (each pair once)."""
        self.ei.append(i)
        self.ej.append(j)
        self.ws.append(weight)

    def set_weights(self, firsts: list[int], seconds: list[int], weights: list[int]) -> None:
        """Many edges at once: edge k joins firsts[k] and seconds[k] with weights[k]."""
        self.ei.extend(firsts)
        self.ej.extend(seconds)
        self.ws.extend(weights)

    def start_from(self, duals: list[int], mate: list[int]) -> None:
        """Start the next `compute` from these vertex duals (doubled scale, as `duals()` gives them)
        and these pairs: only their tight pairs are kept, violated edges raise a dual."""
        self._start = (duals, mate)

    def compute(self, progress=None, *, cold: bool = False) -> None:
        """Solve. `progress`, when given, is called at each setup step and augmentation stage
        (and every 64 vertices scanned); what it raises propagates."""
        self._mate, self._duals = _Solver(self, progress, cold).run()

    def matching(self) -> list[int]:
        """The mate of each vertex (-1: unmatched), after `compute`."""
        assert self._mate is not None, "compute() first"
        return self._mate

    def duals(self) -> list[int]:
        """The vertex duals (doubled scale), after `compute`."""
        assert self._duals is not None, "compute() first"
        return self._duals


class _Solver:
    """One run of the primal-dual algorithm on the graph of a `WeightedMatching`.

    Edge k joins ei[k] and ej[k]; its endpoints are numbered 2k (ei's end, pointing at
    ej... stored as `endpoint[2k] = ei[k]`) and 2k+1 (`endpoint[2k+1] = ej[k]`), so
    `p ^ 1` is the other end and `p >> 1` the edge. Blossoms are numbered from
    nvertex up; `inblossom[v]` is the top-level blossom of vertex v. Labels: 1 = S
    (outer), 2 = T (inner), 0 = free; 5 marks a blossom while its base is sought."""

    def __init__(self, graph: WeightedMatching, progress, cold: bool):
        self.progress = progress
        self.nvertex = n = graph.nvertex
        self.ei, self.ej, self.ws = list(graph.ei), list(graph.ej), list(graph.ws)
        self.start = graph._start
        self.cold = cold
        self.mate = [-1] * n
        self.popped = 0

    def tick(self) -> None:
        if self.progress is not None:
            self.progress()

    # ------------------------------------------------------------------ setup
    def run(self) -> tuple[list[int], list[int]]:
        n = self.nvertex
        if not self.ei:
            return [-1] * n, [0] * n
        self.tick()
        self._neighbours()
        self._arrays()
        if self.start is not None:
            self._start_given(self.start)
        elif not self.cold:
            self._start_warm()
        self.tick()
        warm = self.start is not None or not self.cold
        if warm and self.mate.count(-1) >= 2:
            self._grow_tight()
        for _stage in range(n):
            self.tick()
            dual_changed, augmented = self._stage()
            if not augmented:
                break
            self._expand_zero_blossoms()
            if dual_changed and warm and len(self.unusedblossoms) == n and self.mate.count(-1) >= 4:
                # the dual change of this stage made new tight edges: take every
                # augmenting path among them at once instead of one per stage
                self._grow_tight()
        endpoint = self.endpoint
        return [endpoint[m] if m >= 0 else -1 for m in self.mate], self._folded_duals()

    def _neighbours(self) -> None:
        n, ei, ej = self.nvertex, self.ei, self.ej
        nedge = self.nedge = len(ei)
        endpoint = self.endpoint = [0] * (2 * nedge)
        endpoint[0::2] = ei
        endpoint[1::2] = ej
        neighbend: list[list[int]] = [[] for _ in range(n)]
        app = [nb.append for nb in neighbend]
        for c in range(0, nedge, _CHUNK):
            self.tick()
            for k, i, j in zip(range(2 * c, 2 * nedge, 2), ei[c:c + _CHUNK], ej[c:c + _CHUNK]):
                app[i](k + 1)
                app[j](k)
        self.neighbend = neighbend
        self.tick()

    def _arrays(self) -> None:
        n = self.nvertex
        maxweight = max(0, max(self.ws))
        self.w2 = [w << 1 for w in self.ws]
        self.ws = []  # no longer needed: w2 holds the doubled weights
        self.label = [0] * (2 * n)
        self.labelend = [-1] * (2 * n)
        self.inblossom = list(range(n))
        self.blossomparent = [-1] * (2 * n)
        self.blossomchilds: list = [None] * (2 * n)
        self.blossombase = list(range(n)) + [-1] * n
        self.blossomendps: list = [None] * (2 * n)
        self.bestedge = [-1] * (2 * n)
        self.blossombestedges: list = [None] * (2 * n)
        self.unusedblossoms = list(range(n, 2 * n))
        self.dualvar = [maxweight] * n + [0] * n
        self.allowedge = [False] * self.nedge
        self.queue: list[int] = []

    def _start_given(self, start: tuple[list[int], list[int]]) -> None:
        """Start from given vertex duals (doubled scale) and matching, typically the
        result of a related problem: each dual is raised as far as needed for every
        slack to be >= 0, then made even; the given pairs that are still tight edges
        are kept, and free vertices are matched greedily along tight edges."""
        ei, ej, w2, mate = self.ei, self.ej, self.w2, self.mate
        y0, mate0 = start
        y = [d + (d & 1) for d in y0]
        yv = y.__getitem__
        violated = list(compress(range(self.nedge), map(lt, map(add, map(yv, ei), map(yv, ej)), w2)))
        if violated:
            # raise the dual of the endpoint in more violated edges (a weight change
            # at one vertex raises that vertex only: its neighbours keep their tight pairs)
            cnt = Counter(ei[k] for k in violated)
            cnt.update(ej[k] for k in violated)
            for k in violated:
                i, j = ei[k], ej[k]
                short = w2[k] - y[i] - y[j]
                if short > 0:
                    if cnt[i] > cnt[j]:
                        j = i
                    y[j] += short + (short & 1)
        self.dualvar[:self.nvertex] = y
        for k in compress(range(self.nedge), map(eq, map(mate0.__getitem__, ei), ej)):
            i, j = ei[k], ej[k]
            if mate0[j] == i and mate[i] == -1 and mate[j] == -1 and y[i] + y[j] == w2[k]:
                mate[i] = 2 * k + 1
                mate[j] = 2 * k
        self._greedy_tight()

    def _start_warm(self) -> None:
        """For callers that only accept a perfect matching (the vertex duals of the
        perfect-matching LP are free; the weight is then optimal): each vertex's dual
        is its heaviest edge, lowered as far as its edges allow (every slack stays
        >= 0, every vertex gets a tight edge); then a greedy matching of tight edges."""
        n, nedge, w2, dualvar = self.nvertex, self.nedge, self.w2, self.dualvar
        neighbend, endpoint = self.neighbend, self.endpoint
        w2e = [0] * (2 * nedge)  # w2 of the edge of each endpoint index
        w2e[0::2] = w2
        w2e[1::2] = w2
        we = w2e.__getitem__
        for v in range(n):
            nb = neighbend[v]
            if nb:
                # the heaviest edge; all duals even, so every slack stays even (delta 3 halves it)
                b = max(map(we, nb)) >> 1
                dualvar[v] = b + (b & 1)
        dv, ep = dualvar.__getitem__, endpoint.__getitem__
        for v in range(n):
            if not v & 127:
                self.tick()
            nb = neighbend[v]
            if nb:
                dualvar[v] = max(map(sub, map(we, nb), map(dv, map(ep, nb))))
        self._greedy_tight()

    def _greedy_tight(self) -> None:
        mate, dualvar, w2 = self.mate, self.dualvar, self.w2
        neighbend, endpoint = self.neighbend, self.endpoint
        for v in range(self.nvertex):
            if mate[v] != -1:
                continue
            for p in neighbend[v]:
                u = endpoint[p]
                if mate[u] == -1 and dualvar[v] + dualvar[u] == w2[p >> 1]:
                    mate[v] = p
                    mate[u] = p ^ 1
                    break

    def _grow_tight(self) -> None:
        """Grow the matching to a maximum matching of the tight edges (the fast bit-set
        cardinality search): it stays tight, so the duals stay valid, and the weighted
        stages only handle what needs a dual change. Only while no blossom exists
        (then tightness is that of the vertex duals)."""
        mate, endpoint, neighbend = self.mate, self.endpoint, self.neighbend
        n, ei, ej = self.nvertex, self.ei, self.ej
        dv, ep = self.dualvar.__getitem__, endpoint.__getitem__
        tk = bytes(map(eq, map(add, map(dv, ei), map(dv, ej)), self.w2))  # tightness of each edge
        self.tick()
        # the tight graph as bit sets: a row of n bytes per vertex (byte u: the edge to u is
        # tight), each read as a binary number
        firsts, seconds = list(compress(ei, tk)), list(compress(ej, tk))
        grid = bytearray(n * n)
        put = grid.__setitem__
        any(map(put, map(add, map(mul, firsts, repeat(n)), seconds), repeat(1)))
        any(map(put, map(add, map(mul, seconds, repeat(n)), firsts), repeat(1)))
        self.tick()
        tadj = [int(grid[v * n:(v + 1) * n][::-1].translate(_BINARY), 2) for v in range(n)]
        hint = [endpoint[m] if m >= 0 else -1 for m in mate]
        self.tick()
        tmate = maximum_matching(tadj, (1 << self.nvertex) - 1, hint, tree_first=True)
        for v in range(self.nvertex):
            u = tmate[v]
            if u < 0:
                mate[v] = -1
            elif mate[v] < 0 or endpoint[mate[v]] != u:
                nb = neighbend[v]
                mate[v] = nb[list(map(ep, nb)).index(u)]

    # ------------------------------------------------------------------ blossoms
    def _slack(self, k: int) -> int:
        return self.dualvar[self.ei[k]] + self.dualvar[self.ej[k]] - self.w2[k]

    def _leaves(self, b: int) -> list[int]:
        """The vertices of blossom b (iterative: blossoms can nest hundreds deep; same
        order as a recursive walk)."""
        if b < self.nvertex:
            return [b]
        n, childs = self.nvertex, self.blossomchilds
        out = []
        stack = [b]
        while stack:
            t = stack.pop()
            if t < n:
                out.append(t)
            else:
                stack.extend(reversed(childs[t]))
        return out

    def _assign_label(self, w: int, t: int, p: int) -> None:
        inblossom, label, labelend, bestedge = self.inblossom, self.label, self.labelend, self.bestedge
        while True:
            b = inblossom[w]
            label[w] = label[b] = t
            labelend[w] = labelend[b] = p
            bestedge[w] = bestedge[b] = -1
            if t == 1:
                self.queue.extend(self._leaves(b))
                return
            base = self.blossombase[b]
            w, t, p = self.endpoint[self.mate[base]], 1, self.mate[base] ^ 1

    def _scan_blossom(self, v: int, w: int) -> int:
        """The base of the blossom closed by the S-S edge (v, w), or -1 when the edge
        joins two trees (an augmenting path)."""
        inblossom, label, labelend, endpoint = self.inblossom, self.label, self.labelend, self.endpoint
        path = []
        base = -1
        while v != -1 or w != -1:
            b = inblossom[v]
            if label[b] & 4:
                base = self.blossombase[b]
                break
            path.append(b)
            label[b] = 5
            if labelend[b] == -1:
                v = -1
            else:
                v = endpoint[labelend[b]]
                b = inblossom[v]
                v = endpoint[labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def _add_blossom(self, base: int, k: int) -> None:
        inblossom, labelend, endpoint = self.inblossom, self.labelend, self.endpoint
        blossomparent, dualvar, label = self.blossomparent, self.dualvar, self.label
        v, w = self.ei[k], self.ej[k]
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = self.unusedblossoms.pop()
        self.blossombase[b] = base
        blossomparent[b] = -1
        blossomparent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        self.blossomchilds[b] = path
        self.blossomendps[b] = endps
        while bv != bb:
            blossomparent[bv] = b
            path.append(bv)
            endps.append(labelend[bv])
            v = endpoint[labelend[bv]]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            blossomparent[bw] = b
            path.append(bw)
            endps.append(labelend[bw] ^ 1)
            w = endpoint[labelend[bw]]
            bw = inblossom[w]
        label[b] = 1
        labelend[b] = labelend[bb]
        dualvar[b] = 0
        for x in self._leaves(b):
            if label[inblossom[x]] == 2:
                self.queue.append(x)
            inblossom[x] = b
        self._blossom_best_edges(b, path)

    def _blossom_best_edges(self, b: int, path: list[int]) -> None:
        """The least-slack edge from the new blossom b to each neighbouring S-blossom
        (the first one on ties, listed by blossom number)."""
        inblossom, label, dualvar, w2 = self.inblossom, self.label, self.dualvar, self.w2
        ei, ej, endpoint = self.ei, self.ej, self.endpoint
        blossombestedges, bestedge = self.blossombestedges, self.bestedge
        best: dict = {}
        for sub_ in path:
            lst = blossombestedges[sub_]
            if lst is None:
                for x in self._leaves(sub_):
                    dx = dualvar[x]
                    for p in self.neighbend[x]:
                        bj = inblossom[endpoint[p]]
                        if bj != b and label[bj] == 1:
                            kk = p >> 1
                            sl = dx + dualvar[endpoint[p]] - w2[kk]
                            cur = best.get(bj)
                            if cur is None or sl < cur[0]:
                                best[bj] = (sl, kk)
            else:
                for kk in lst:
                    j = ej[kk]
                    if inblossom[j] == b:
                        j = ei[kk]
                    bj = inblossom[j]
                    if bj != b and label[bj] == 1:
                        sl = dualvar[ei[kk]] + dualvar[ej[kk]] - w2[kk]
                        cur = best.get(bj)
                        if cur is None or sl < cur[0]:
                            best[bj] = (sl, kk)
            blossombestedges[sub_] = None
            bestedge[sub_] = -1
        order = sorted(best)
        blossombestedges[b] = [best[bj][1] for bj in order]
        bestedge[b] = -1
        bsl = None
        for bj in order:
            sl, kk = best[bj]
            if bsl is None or sl < bsl:
                bsl, bestedge[b] = sl, kk

    def _expand_blossom(self, b: int, endstage: bool) -> None:
        n = self.nvertex
        inblossom, label, labelend, endpoint = self.inblossom, self.label, self.labelend, self.endpoint
        childs, endps = self.blossomchilds, self.blossomendps
        for s in childs[b]:
            self.blossomparent[s] = -1
            if s < n:
                inblossom[s] = s
            elif endstage and self.dualvar[s] == 0:
                self._expand_blossom(s, endstage)
            else:
                for x in self._leaves(s):
                    inblossom[x] = s
        if not endstage and label[b] == 2:
            # relabel the sub-blossoms on the path through the expanded T-blossom
            entrychild = inblossom[endpoint[labelend[b] ^ 1]]
            j = childs[b].index(entrychild)
            if j & 1:
                j -= len(childs[b])
                jstep, endptrick = 1, 0
            else:
                jstep, endptrick = -1, 1
            p = labelend[b]
            while j != 0:
                label[endpoint[p ^ 1]] = 0
                label[endpoint[endps[b][j - endptrick] ^ endptrick ^ 1]] = 0
                self._assign_label(endpoint[p ^ 1], 2, p)
                self.allowedge[endps[b][j - endptrick] // 2] = True
                j += jstep
                p = endps[b][j - endptrick] ^ endptrick
                self.allowedge[p // 2] = True
                j += jstep
            bv = childs[b][j]
            label[endpoint[p ^ 1]] = label[bv] = 2
            labelend[endpoint[p ^ 1]] = labelend[bv] = p
            self.bestedge[bv] = -1
            j += jstep
            while childs[b][j] != entrychild:
                bv = childs[b][j]
                if label[bv] == 1:
                    j += jstep
                    continue
                found = -1
                for x in self._leaves(bv):
                    if label[x] != 0:
                        found = x
                        break
                if found >= 0:
                    label[found] = 0
                    label[endpoint[self.mate[self.blossombase[bv]]]] = 0
                    self._assign_label(found, 2, labelend[found])
                j += jstep
        label[b] = labelend[b] = -1
        childs[b] = endps[b] = None
        self.blossombase[b] = -1
        self.blossombestedges[b] = None
        self.bestedge[b] = -1
        self.unusedblossoms.append(b)

    def _augment_blossom(self, b: int, v: int) -> None:
        """Swap the matched and unmatched edges of blossom b along the path from vertex v
        to its base (v becomes the base)."""
        n, parent, endpoint, mate = self.nvertex, self.blossomparent, self.endpoint, self.mate
        childs, endps = self.blossomchilds, self.blossomendps
        t = v
        while parent[t] != b:
            t = parent[t]
        if t >= n:
            self._augment_blossom(t, v)
        i = j = childs[b].index(t)
        if i & 1:
            j -= len(childs[b])
            jstep, endptrick = 1, 0
        else:
            jstep, endptrick = -1, 1
        while j != 0:
            j += jstep
            t = childs[b][j]
            p = endps[b][j - endptrick] ^ endptrick
            if t >= n:
                self._augment_blossom(t, endpoint[p])
            j += jstep
            t = childs[b][j]
            if t >= n:
                self._augment_blossom(t, endpoint[p ^ 1])
            mate[endpoint[p]] = p ^ 1
            mate[endpoint[p ^ 1]] = p
        childs[b] = childs[b][i:] + childs[b][:i]
        endps[b] = endps[b][i:] + endps[b][:i]
        self.blossombase[b] = self.blossombase[childs[b][0]]

    def _augment_matching(self, k: int) -> None:
        """Augment along the path through the S-S edge k (between two trees)."""
        n, inblossom, labelend, endpoint, mate = self.nvertex, self.inblossom, self.labelend, self.endpoint, self.mate
        v, w = self.ei[k], self.ej[k]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = inblossom[s]
                if bs >= n:
                    self._augment_blossom(bs, s)
                mate[s] = p
                if labelend[bs] == -1:
                    break
                t = endpoint[labelend[bs]]
                bt = inblossom[t]
                s = endpoint[labelend[bt]]
                j = endpoint[labelend[bt] ^ 1]
                if bt >= n:
                    self._augment_blossom(bt, j)
                mate[j] = labelend[bt]
                p = labelend[bt] ^ 1

    # ------------------------------------------------------------------ stages
    def _stage(self) -> tuple[bool, bool]:
        """One augmentation stage: grow alternating trees from the free vertices along
        tight edges, changing the duals when stuck, until an augmenting path is found
        (augmented) or the duals cannot change (the matching is maximum)."""
        n = self.nvertex
        label, labelend, inblossom, mate = self.label, self.labelend, self.inblossom, self.mate
        bestedge, allowedge, queue = self.bestedge, self.allowedge, self.queue
        dualvar, w2, ei, ej = self.dualvar, self.w2, self.ei, self.ej
        neighbend, endpoint = self.neighbend, self.endpoint
        assign_label, scan_blossom, add_blossom = self._assign_label, self._scan_blossom, self._add_blossom
        progress = self.progress
        dual_changed = False
        label[:] = [0] * (2 * n)
        bestedge[:] = [-1] * (2 * n)
        self.blossombestedges[n:] = [None] * n
        allowedge[:] = [False] * self.nedge
        queue[:] = []
        for v in range(n):
            if mate[v] == -1 and label[inblossom[v]] == 0:
                assign_label(v, 1, -1)
        augmented = False
        while True:
            while queue and not augmented:
                v = queue.pop()
                if progress is not None:
                    self.popped += 1
                    if not self.popped & 63:
                        progress()
                dv = dualvar[v]
                bv = inblossom[v]
                for p in neighbend[v]:
                    w = endpoint[p]
                    bw = inblossom[w]
                    if bv == bw:
                        continue
                    k = p >> 1
                    if allowedge[k]:
                        kslack = 0
                    else:
                        kslack = dv + dualvar[w] - w2[k]
                        if kslack <= 0:
                            allowedge[k] = True
                    lw = label[bw]
                    if kslack <= 0:
                        if lw == 0:
                            assign_label(w, 2, p ^ 1)
                        elif lw == 1:
                            base = scan_blossom(v, w)
                            if base >= 0:
                                add_blossom(base, k)
                                bv = inblossom[v]
                            else:
                                self._augment_matching(k)
                                augmented = True
                                break
                        elif label[w] == 0:
                            label[w] = 2
                            labelend[w] = p ^ 1
                    elif lw == 1:
                        be = bestedge[bv]
                        if be == -1 or kslack < dualvar[ei[be]] + dualvar[ej[be]] - w2[be]:
                            bestedge[bv] = k
                    elif label[w] == 0:
                        be = bestedge[w]
                        if be == -1 or kslack < dualvar[ei[be]] + dualvar[ej[be]] - w2[be]:
                            bestedge[w] = k
            if augmented:
                return dual_changed, True
            deltatype, delta, deltaedge, deltablossom = self._delta()
            dual_changed = True
            self._change_duals(delta)
            if deltatype == 1:
                return dual_changed, False
            if deltatype == 2:
                allowedge[deltaedge] = True
                i, j = ei[deltaedge], ej[deltaedge]
                if label[inblossom[i]] == 0:
                    i, j = j, i
                queue.append(i)
            elif deltatype == 3:
                allowedge[deltaedge] = True
                queue.append(ei[deltaedge])
            else:
                self._expand_blossom(deltablossom, False)

    def _delta(self) -> tuple:
        """The dual change of a stuck stage: (type, delta, edge, blossom). Type 2: a free
        vertex's least-slack edge to an S-vertex becomes tight; 3: an edge between two
        S-blossoms; 4: a T-blossom's dual reaches zero (it is expanded); 1: none (the
        matching is maximum)."""
        n, label, inblossom, bestedge = self.nvertex, self.label, self.inblossom, self.bestedge
        parent, dualvar, slack = self.blossomparent, self.dualvar, self._slack
        deltatype = -1
        delta = 0  # set with the first candidate (read only once deltatype != -1)
        deltaedge: int | None = None
        deltablossom: int | None = None
        for v in range(n):
            if label[inblossom[v]] == 0 and bestedge[v] != -1:
                d = slack(bestedge[v])
                if deltatype == -1 or d < delta:
                    delta, deltatype, deltaedge = d, 2, bestedge[v]
        for b in range(2 * n):
            if parent[b] == -1 and label[b] == 1 and bestedge[b] != -1:
                d = slack(bestedge[b]) // 2
                if deltatype == -1 or d < delta:
                    delta, deltatype, deltaedge = d, 3, bestedge[b]
        for b in range(n, 2 * n):
            if (self.blossombase[b] >= 0 and parent[b] == -1 and label[b] == 2
                    and (deltatype == -1 or dualvar[b] < delta)):
                delta, deltatype, deltablossom = dualvar[b], 4, b
        if deltatype == -1:
            deltatype = 1
            delta = max(0, min(dualvar[:n]))
        return deltatype, delta, deltaedge, deltablossom

    def _change_duals(self, delta: int) -> None:
        n, label, inblossom, dualvar = self.nvertex, self.label, self.inblossom, self.dualvar
        for v in range(n):
            lb = label[inblossom[v]]
            if lb == 1:
                dualvar[v] -= delta
            elif lb == 2:
                dualvar[v] += delta
        for b in range(n, 2 * n):
            if self.blossombase[b] >= 0 and self.blossomparent[b] == -1:
                if label[b] == 1:
                    dualvar[b] += delta
                elif label[b] == 2:
                    dualvar[b] -= delta

    def _expand_zero_blossoms(self) -> None:
        """At the end of a stage: expand the top-level S-blossoms whose dual is zero."""
        n = self.nvertex
        for b in range(n, 2 * n):
            if (self.blossomparent[b] == -1 and self.blossombase[b] >= 0 and self.label[b] == 1
                    and self.dualvar[b] == 0):
                self._expand_blossom(b, True)

    def _folded_duals(self) -> list[int]:
        """Vertex duals of the perfect-matching LP with the blossom duals folded in (each
        vertex takes the duals of the blossoms around it): feasible, and every matched
        edge inside a blossom stays tight."""
        y = self.dualvar[:self.nvertex]
        parent, dualvar = self.blossomparent, self.dualvar
        for v in range(self.nvertex):
            b = parent[v]
            while b != -1:
                y[v] += dualvar[b]
                b = parent[b]
        return y
