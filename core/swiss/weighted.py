"""Maximum-weight matching in general graphs (Edmonds' blossom algorithm with
dual variables, O(n^3), after Galil 1986 "Efficient algorithms for finding
maximum matching in graphs"). Integer weights only (Python ints of any size),
so every computation is exact.

`max_weight_matching(n, edges, maxcardinality=True)` (edges: a list of
`(i, j, weight)`, or a tuple of three lists `(firsts, seconds, weights)`,
which saves building the tuples) returns `mate` (list,
-1 = unmatched): among the matchings of maximum cardinality (when
`maxcardinality`), one of maximum total weight. `progress`, when given, is
called once per augmentation stage (what it raises propagates). With `warm=True` it starts from
vertex duals at each vertex's heaviest edge and a greedy matching of tight
edges: much faster, and exact whenever the result is a perfect matching (the
only case the pairing engine uses).
"""

from __future__ import annotations

from collections import Counter
from itertools import compress
from functools import reduce
from operator import add, eq, lt, or_, sub

from arbiter.core.swiss.matching import maximum_matching


def max_weight_matching(nvertex: int, edges: list[tuple[int, int, int]], maxcardinality: bool = True,
                        warm: bool = False, start: tuple | None = None, duals: bool = False, progress=None):
    if isinstance(edges, tuple):  # three lists: first ends, second ends, weights
        ei, ej, ws = (list(t) for t in edges)
    elif edges:
        ei, ej, ws = (list(t) for t in zip(*edges))
    else:
        ei = ej = ws = []
    if not ei:
        return ([-1] * nvertex, [0] * nvertex) if duals else [-1] * nvertex
    if start is not None:
        warm = maxcardinality = True
    nedge = len(ei)
    if progress is not None:
        progress()
    maxweight = max(0, max(ws))
    endpoint = [0] * (2 * nedge)
    endpoint[0::2] = ei
    endpoint[1::2] = ej
    neighbend: list[list[int]] = [[] for _ in range(nvertex)]
    app = [nb.append for nb in neighbend]
    for c in range(0, nedge, 1 << 15):
        if progress is not None:
            progress()
        for k, i, j in zip(range(2 * c, 2 * nedge, 2), ei[c:c + (1 << 15)], ej[c:c + (1 << 15)]):
            app[i](k + 1)
            app[j](k)
    del app
    if progress is not None:
        progress()
    w2 = [w << 1 for w in ws]
    del ws
    mate = [-1] * nvertex
    label = [0] * (2 * nvertex)
    labelend = [-1] * (2 * nvertex)
    inblossom = list(range(nvertex))
    blossomparent = [-1] * (2 * nvertex)
    blossomchilds: list = [None] * (2 * nvertex)
    blossombase = list(range(nvertex)) + [-1] * nvertex
    blossomendps: list = [None] * (2 * nvertex)
    bestedge = [-1] * (2 * nvertex)
    blossombestedges: list = [None] * (2 * nvertex)
    unusedblossoms = list(range(nvertex, 2 * nvertex))
    dualvar = [maxweight] * nvertex + [0] * nvertex
    allowedge = [False] * nedge
    queue: list[int] = []
    if start is not None:
        # warm start from given vertex duals (in the doubled scale of `w2`) and
        # matching, typically the result of a related problem: each dual is
        # raised as far as needed for every slack to be >= 0, then made even;
        # the given pairs that are still tight edges are kept, and free vertices
        # are matched greedily along tight edges. Any start gives the same
        # optimum; a good one saves most of the augmentations.
        y0, mate0 = start
        y = [d + (d & 1) for d in y0]
        yv = y.__getitem__
        violated = list(compress(range(nedge), map(lt, map(add, map(yv, ei), map(yv, ej)), w2)))
        if violated:
            # raise the dual of the endpoint in more violated edges (a weight
            # change at one vertex raises that vertex only: its neighbours keep
            # their tight pairs)
            cnt = Counter(ei[k] for k in violated)
            cnt.update(ej[k] for k in violated)
            for k in violated:
                i, j = ei[k], ej[k]
                short = w2[k] - y[i] - y[j]
                if short > 0:
                    if cnt[i] > cnt[j]:
                        j = i
                    y[j] += short + (short & 1)
        dualvar[:nvertex] = y
        for k in compress(range(nedge), map(eq, map(mate0.__getitem__, ei), ej)):
            i, j = ei[k], ej[k]
            if mate0[j] == i and mate[i] == -1 and mate[j] == -1 and y[i] + y[j] == w2[k]:
                mate[i] = 2 * k + 1
                mate[j] = 2 * k
        for v in range(nvertex):
            if mate[v] != -1:
                continue
            for p in neighbend[v]:
                u = endpoint[p]
                if mate[u] == -1 and dualvar[v] + dualvar[u] == w2[p >> 1]:
                    mate[v] = p
                    mate[u] = p ^ 1
                    break
    elif warm and maxcardinality:
        # warm start, for callers that only accept a perfect matching (the vertex
        # duals of the perfect-matching LP are free; the weight is then optimal): each vertex's dual is its heaviest edge, and a greedy
        # matching of tight edges (weight equal to both endpoints' duals)
        w2e = [0] * (2 * nedge)  # w2 of the edge of each endpoint index
        w2e[0::2] = w2
        w2e[1::2] = w2
        we = w2e.__getitem__
        for v in range(nvertex):
            nb = neighbend[v]
            if nb:
                # the heaviest edge; all duals even, so every slack stays even (delta 3 halves it)
                b = max(map(we, nb)) >> 1
                dualvar[v] = b + (b & 1)
        # lower each dual as far as its edges allow (all slacks stay >= 0), so
        # every vertex gets a tight edge; then match tight edges greedily
        dv, ep = dualvar.__getitem__, endpoint.__getitem__
        for v in range(nvertex):
            if progress is not None and not v & 127:
                progress()
            nb = neighbend[v]
            if nb:
                dualvar[v] = max(map(sub, map(we, nb), map(dv, map(ep, nb))))
        del w2e
        for v in range(nvertex):
            if mate[v] != -1:
                continue
            for p in neighbend[v]:
                k = p >> 1
                u = endpoint[p]
                if mate[u] == -1 and dualvar[v] + dualvar[u] == w2[k]:
                    mate[v] = p
                    mate[u] = p ^ 1
                    break

    if progress is not None:
        progress()
    def grow_tight() -> None:
        # grow the matching to a maximum matching of the tight edges (the fast
        # bit-set cardinality search): it stays tight, so the duals stay valid,
        # and the weighted stages only handle what needs a dual change. Only
        # while no blossom exists (then tightness is that of the vertex duals).
        dv, ep = dualvar.__getitem__, endpoint.__getitem__
        te = bytearray(2 * nedge)  # tightness of the edge of each endpoint index
        tk = bytes(map(eq, map(add, map(dv, ei), map(dv, ej)), w2))
        te[0::2] = tk
        te[1::2] = tk
        tget, bit = te.__getitem__, (1).__lshift__
        tadj = []
        for v, nb in enumerate(neighbend):
            if progress is not None and not v & 127:
                progress()
            tadj.append(reduce(or_, map(bit, compress(map(ep, nb), map(tget, nb))), 0))
        hint = [endpoint[m] if m >= 0 else -1 for m in mate]
        if progress is not None:
            progress()
        tmate = maximum_matching(tadj, (1 << nvertex) - 1, hint, tree_first=True)
        for v in range(nvertex):
            u = tmate[v]
            if u < 0:
                mate[v] = -1
            elif mate[v] < 0 or endpoint[mate[v]] != u:
                nb = neighbend[v]
                mate[v] = nb[list(map(ep, nb)).index(u)]

    if warm and maxcardinality and mate.count(-1) >= 2:
        grow_tight()

    def slack(k: int) -> int:
        return dualvar[ei[k]] + dualvar[ej[k]] - w2[k]

    def leaves(b: int) -> list[int]:
        # iterative (blossoms can nest hundreds deep), same order as a recursive walk
        if b < nvertex:
            return [b]
        out = []
        stack = [b]
        while stack:
            t = stack.pop()
            if t < nvertex:
                out.append(t)
            else:
                stack.extend(reversed(blossomchilds[t]))
        return out

    def assign_label(w: int, t: int, p: int) -> None:
        while True:
            b = inblossom[w]
            label[w] = label[b] = t
            labelend[w] = labelend[b] = p
            bestedge[w] = bestedge[b] = -1
            if t == 1:
                queue.extend(leaves(b))
                return
            base = blossombase[b]
            w, t, p = endpoint[mate[base]], 1, mate[base] ^ 1

    def scan_blossom(v: int, w: int) -> int:
        path = []
        base = -1
        while v != -1 or w != -1:
            b = inblossom[v]
            if label[b] & 4:
                base = blossombase[b]
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

    def add_blossom(base: int, k: int) -> None:
        v, w = ei[k], ej[k]
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = unusedblossoms.pop()
        blossombase[b] = base
        blossomparent[b] = -1
        blossomparent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        blossomchilds[b] = path
        blossomendps[b] = endps
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
        for x in leaves(b):
            if label[inblossom[x]] == 2:
                queue.append(x)
            inblossom[x] = b
        # least-slack edge to each neighbouring S-blossom (first one on ties,
        # listed by blossom number)
        best: dict = {}
        for sub in path:
            lst = blossombestedges[sub]
            if lst is None:
                for x in leaves(sub):
                    dx = dualvar[x]
                    for p in neighbend[x]:
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
            blossombestedges[sub] = None
            bestedge[sub] = -1
        order = sorted(best)
        blossombestedges[b] = [best[bj][1] for bj in order]
        bestedge[b] = -1
        bsl = None
        for bj in order:
            sl, kk = best[bj]
            if bsl is None or sl < bsl:
                bsl, bestedge[b] = sl, kk

    def expand_blossom(b: int, endstage: bool) -> None:
        for s in blossomchilds[b]:
            blossomparent[s] = -1
            if s < nvertex:
                inblossom[s] = s
            elif endstage and dualvar[s] == 0:
                expand_blossom(s, endstage)
            else:
                for x in leaves(s):
                    inblossom[x] = s
        if not endstage and label[b] == 2:
            entrychild = inblossom[endpoint[labelend[b] ^ 1]]
            j = blossomchilds[b].index(entrychild)
            if j & 1:
                j -= len(blossomchilds[b])
                jstep, endptrick = 1, 0
            else:
                jstep, endptrick = -1, 1
            p = labelend[b]
            while j != 0:
                label[endpoint[p ^ 1]] = 0
                label[endpoint[blossomendps[b][j - endptrick] ^ endptrick ^ 1]] = 0
                assign_label(endpoint[p ^ 1], 2, p)
                allowedge[blossomendps[b][j - endptrick] // 2] = True
                j += jstep
                p = blossomendps[b][j - endptrick] ^ endptrick
                allowedge[p // 2] = True
                j += jstep
            bv = blossomchilds[b][j]
            label[endpoint[p ^ 1]] = label[bv] = 2
            labelend[endpoint[p ^ 1]] = labelend[bv] = p
            bestedge[bv] = -1
            j += jstep
            while blossomchilds[b][j] != entrychild:
                bv = blossomchilds[b][j]
                if label[bv] == 1:
                    j += jstep
                    continue
                found = -1
                for x in leaves(bv):
                    if label[x] != 0:
                        found = x
                        break
                if found >= 0:
                    label[found] = 0
                    label[endpoint[mate[blossombase[bv]]]] = 0
                    assign_label(found, 2, labelend[found])
                j += jstep
        label[b] = labelend[b] = -1
        blossomchilds[b] = blossomendps[b] = None
        blossombase[b] = -1
        blossombestedges[b] = None
        bestedge[b] = -1
        unusedblossoms.append(b)

    def augment_blossom(b: int, v: int) -> None:
        t = v
        while blossomparent[t] != b:
            t = blossomparent[t]
        if t >= nvertex:
            augment_blossom(t, v)
        i = j = blossomchilds[b].index(t)
        if i & 1:
            j -= len(blossomchilds[b])
            jstep, endptrick = 1, 0
        else:
            jstep, endptrick = -1, 1
        while j != 0:
            j += jstep
            t = blossomchilds[b][j]
            p = blossomendps[b][j - endptrick] ^ endptrick
            if t >= nvertex:
                augment_blossom(t, endpoint[p])
            j += jstep
            t = blossomchilds[b][j]
            if t >= nvertex:
                augment_blossom(t, endpoint[p ^ 1])
            mate[endpoint[p]] = p ^ 1
            mate[endpoint[p ^ 1]] = p
        blossomchilds[b] = blossomchilds[b][i:] + blossomchilds[b][:i]
        blossomendps[b] = blossomendps[b][i:] + blossomendps[b][:i]
        blossombase[b] = blossombase[blossomchilds[b][0]]

    def augment_matching(k: int) -> None:
        v, w = ei[k], ej[k]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = inblossom[s]
                if bs >= nvertex:
                    augment_blossom(bs, s)
                mate[s] = p
                if labelend[bs] == -1:
                    break
                t = endpoint[labelend[bs]]
                bt = inblossom[t]
                s = endpoint[labelend[bt]]
                j = endpoint[labelend[bt] ^ 1]
                if bt >= nvertex:
                    augment_blossom(bt, j)
                mate[j] = labelend[bt]
                p = labelend[bt] ^ 1

    popped = 0
    for _stage in range(nvertex):
        if progress is not None:
            progress()
        dual_changed = False
        label[:] = [0] * (2 * nvertex)
        bestedge[:] = [-1] * (2 * nvertex)
        blossombestedges[nvertex:] = [None] * nvertex
        allowedge[:] = [False] * nedge
        queue[:] = []
        for v in range(nvertex):
            if mate[v] == -1 and label[inblossom[v]] == 0:
                assign_label(v, 1, -1)
        augmented = False
        while True:
            while queue and not augmented:
                v = queue.pop()
                if progress is not None:
                    popped += 1
                    if not popped & 63:
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
                                augment_matching(k)
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
                break
            deltatype = -1
            delta = deltaedge = deltablossom = None
            if not maxcardinality:
                deltatype = 1
                delta = min(dualvar[:nvertex])
            for v in range(nvertex):
                if label[inblossom[v]] == 0 and bestedge[v] != -1:
                    d = slack(bestedge[v])
                    if deltatype == -1 or d < delta:
                        delta, deltatype, deltaedge = d, 2, bestedge[v]
            for b in range(2 * nvertex):
                if blossomparent[b] == -1 and label[b] == 1 and bestedge[b] != -1:
                    d = slack(bestedge[b]) // 2
                    if deltatype == -1 or d < delta:
                        delta, deltatype, deltaedge = d, 3, bestedge[b]
            for b in range(nvertex, 2 * nvertex):
                if (blossombase[b] >= 0 and blossomparent[b] == -1 and label[b] == 2
                        and (deltatype == -1 or dualvar[b] < delta)):
                    delta, deltatype, deltablossom = dualvar[b], 4, b
            if deltatype == -1:
                deltatype = 1
                delta = max(0, min(dualvar[:nvertex]))
            dual_changed = True
            for v in range(nvertex):
                lb = label[inblossom[v]]
                if lb == 1:
                    dualvar[v] -= delta
                elif lb == 2:
                    dualvar[v] += delta
            for b in range(nvertex, 2 * nvertex):
                if blossombase[b] >= 0 and blossomparent[b] == -1:
                    if label[b] == 1:
                        dualvar[b] += delta
                    elif label[b] == 2:
                        dualvar[b] -= delta
            if deltatype == 1:
                break
            if deltatype == 2:
                allowedge[deltaedge] = True
                i, j = ei[deltaedge], ej[deltaedge]
                if label[inblossom[i]] == 0:
                    i, j = j, i
                queue.append(i)
            elif deltatype == 3:
                allowedge[deltaedge] = True
                i, j = ei[deltaedge], ej[deltaedge]
                queue.append(i)
            else:
                expand_blossom(deltablossom, False)
        if not augmented:
            break
        for b in range(nvertex, 2 * nvertex):
            if blossomparent[b] == -1 and blossombase[b] >= 0 and label[b] == 1 and dualvar[b] == 0:
                expand_blossom(b, True)
        if dual_changed and warm and maxcardinality and len(unusedblossoms) == nvertex and mate.count(-1) >= 4:
            # the dual change of this stage made new tight edges: take every
            # augmenting path among them at once instead of one per stage
            grow_tight()
    result = [endpoint[m] if m >= 0 else -1 for m in mate]
    if not duals:
        return result
    # vertex duals of the perfect-matching LP with the blossom duals folded in
    # (each vertex takes the duals of the blossoms around it): feasible, and
    # every matched edge inside a blossom stays tight
    y = dualvar[:nvertex]
    for v in range(nvertex):
        b = blossomparent[v]
        while b != -1:
            y[v] += dualvar[b]
            b = blossomparent[b]
    return result, y
