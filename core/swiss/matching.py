"""Matching machinery: Edmonds' blossom search on bit-set graphs, and a small
bipartite (Kuhn) matcher.

Graphs are lists of Python ints used as bit sets: `adj[v]` has bit `u` set when
`u` and `v` may be paired. A set of vertices is an int mask as well. Mates are
lists with -1 for an exposed vertex. Nothing here knows about chess.
"""

from __future__ import annotations

from itertools import compress


def bits(mask: int) -> list[int]:
    """The members of the bit set `mask`, lowest first."""
    k = mask.bit_count()
    out = []
    if k <= 8:
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out
    s = bin(mask)[:1:-1]
    if 3 * k > len(s):
        return [i for i, c in enumerate(s) if c == "1"]
    find = s.find
    i = find("1")
    while i >= 0:
        out.append(i)
        i = find("1", i + 1)
    return out


def _flip_path(par, mate: list[int], to: int) -> None:
    """Augment along the alternating path ending at the exposed vertex `to` (parents in `par`)."""
    while to != -1:
        pv = par[to]
        after = mate[pv]
        mate[to] = pv
        mate[pv] = to
        to = after


def _augment(root: int, adj: list[int], active: int, mate: list[int], exposed: int) -> bool:
    """One Edmonds search from the exposed vertex `root`; augments `mate` in place."""
    if not exposed & ~(1 << root):
        return False  # no other exposed vertex: no augmenting path
    n = len(adj)
    base = list(range(n))
    par = [-1] * n
    even = 1 << root
    odd = 0
    queue = [root]
    qi = 0
    targets = exposed & ~(1 << root)
    members: dict[int, int] = {}  # base -> its vertices (bit set), once blossoms were contracted

    def lca(a: int, b: int) -> int:
        seen = set()
        while True:
            a = base[a]
            seen.add(a)
            if mate[a] == -1:
                break
            a = par[mate[a]]
        while True:
            b = base[b]
            if b in seen:
                return b
            b = par[mate[b]]

    while qi < len(queue):
        v = queue[qi]
        qi += 1
        nb = adj[v] & active
        hit = nb & targets
        if hit:
            to = (hit & -hit).bit_length() - 1
            par[to] = v
            _flip_path(par, mate, to)
            return True
        for to in bits(nb & ~even & ~odd):
            par[to] = v
            odd |= 1 << to
            m = mate[to]
            even |= 1 << m
            queue.append(m)
        for to in bits(nb & even & ~members.get(base[v], 1 << base[v])):
            if base[v] == base[to] or mate[v] == to:
                continue
            cb = lca(v, to)
            blossom = set()

            def mark(x: int, child: int) -> None:
                while base[x] != cb:
                    blossom.add(base[x])
                    blossom.add(base[mate[x]])
                    par[x] = child
                    child = mate[x]
                    x = par[mate[x]]

            mark(v, to)
            mark(to, v)
            inside = 0
            for b in blossom:
                inside |= members.get(b, 1 << b)
            for i in bits(inside & (even | odd)):
                if base[i] in blossom:
                    base[i] = cb
                    if not (even >> i) & 1:
                        even |= 1 << i
                        queue.append(i)
            members[cb] = members.get(cb, 1 << cb) | inside
    return False


def tree_outer_vertices(root: int, adj: list[int], active: int, mate: list[int]) -> int:
    """Vertices joined to the exposed vertex `root` by an even alternating path
    found by the plain alternating search (odd cycles ignored): a subset of the
    outer vertices of Edmonds' search. A vertex y outside `active` adjacent to
    one of them completes `mate` (if it leaves only `root` exposed) to a
    perfect matching of `active` + y."""
    even = 1 << root
    seen = even
    frontier = [root]
    while frontier:
        nxt = []
        for v in frontier:
            new = adj[v] & active & ~seen
            if new:
                seen |= new
                for to in bits(new):
                    m = mate[to]
                    if m >= 0 and not (seen >> m) & 1:
                        seen |= 1 << m
                        even |= 1 << m
                        nxt.append(m)
        frontier = nxt
    return even


class Hint:
    """A matching prepared once as the start of many oracle calls on nearby vertex
    sets: `clean` keeps its pairs that are mutual edges of `adj`, `paired` is
    their vertex set. Gives the same start as the plain list, in time about the
    difference between the vertex sets instead of the graph size."""

    def __init__(self, adj: list[int], hint: list[int]):
        n = len(adj)
        clean = [-1] * n
        paired = []
        for v in range(n):
            u = hint[v]
            if 0 <= u < n and hint[u] == v and (adj[v] >> u) & 1:
                clean[v] = u
                paired.append(v)
        self.clean = clean
        self.paired = _mask(paired)


def bit_set(vs) -> int:
    """The bit set of the vertices `vs`."""
    return _mask(vs)


def _mask(vs) -> int:
    if not vs:
        return 0
    b = bytearray((max(vs) >> 3) + 1)
    for v in vs:
        b[v >> 3] |= 1 << (v & 7)
    return int.from_bytes(b, "little")


def _prepare(adj: list[int], active: int, hint) -> tuple[list[int], int]:
    """Start matching (the hint's pairs inside `active`, then greedy) and its
    exposed vertices."""
    n = len(adj)
    if hint is None:
        mate = [-1] * n
        exposed = active
    elif isinstance(hint, Hint):
        mate = list(hint.clean)
        if len(mate) < n:  # a graph with more vertices than the hint's (a dummy vertex)
            mate.extend([-1] * (n - len(mate)))
        gone = hint.paired & ~active
        lost = []
        for v in bits(gone):
            mate[v] = -1
            u = hint.clean[v]
            if (active >> u) & 1:
                mate[u] = -1
                lost.append(u)
        exposed = (active & ~hint.paired) | _mask(lost)
    else:
        mate = [-1] * n
        act = bits(active)
        isact = bytearray(n)
        for v in act:
            isact[v] = 1
        ex = []
        for v in act:
            u = hint[v]
            if 0 <= u < n and isact[u] and hint[u] == v and (adj[v] >> u) & 1:
                mate[v] = u
            else:
                ex.append(v)
        exposed = _mask(ex)
    # greedy on exposed vertices
    rest = exposed
    while rest:
        low = rest & -rest
        v = low.bit_length() - 1
        rest ^= low
        cand = adj[v] & rest
        if cand:
            u = (cand & -cand).bit_length() - 1
            mate[v] = u
            mate[u] = v
            rest ^= 1 << u
            exposed ^= low | (1 << u)
    return mate, exposed


def _augment_tree(root: int, adj: list[int], active: int, mate: list[int], exposed: int) -> bool:
    """An augmenting path from `root` found by a plain alternating breadth-first
    search (odd cycles ignored, so it may miss one that `_augment` finds); in a
    dense graph a path is nearly always found in the first levels, at the cost
    of a few bit-set operations per vertex."""
    targets = exposed & ~(1 << root)
    if not targets:
        return False
    par = {}
    seen = 1 << root
    frontier = [root]
    while frontier:
        nxt = []
        for v in frontier:
            nb = adj[v] & active
            hit = nb & targets
            if hit:
                to = (hit & -hit).bit_length() - 1
                par[to] = v
                _flip_path(par, mate, to)
                return True
            new = nb & ~seen
            if new:
                seen |= new
                for to in bits(new):
                    par[to] = v
                    m = mate[to]
                    if not (seen >> m) & 1:
                        seen |= 1 << m
                        nxt.append(m)
        frontier = nxt
    return False


def perfect_matching(adj: list[int], active: int, hint=None) -> list[int] | None:
    """A matching covering every vertex of `active`, or None when none exists.
    `hint` (a matching, or a `Hint`) only speeds it up."""
    mate, exposed = _prepare(adj, active, hint)
    while True:
        if not exposed:
            return mate
        root = (exposed & -exposed).bit_length() - 1
        if not _augment_tree(root, adj, active, mate, exposed) and not _augment(root, adj, active, mate, exposed):
            return None
        for v in bits(exposed):  # an augmentation matches its two ends, nothing else changes
            if mate[v] != -1:
                exposed ^= 1 << v


def maximum_matching(adj: list[int], active: int, hint: list[int] | Hint | None = None,
                     tree_first: bool = False) -> list[int]:
    """A maximum-cardinality matching of the subgraph induced by `active`.
    `tree_first`: try the plain alternating search before Edmonds' search at each
    augmentation (faster on dense graphs; same size, maybe another matching)."""
    return _maximum(adj, active, hint, tree_first)[0]


def maximum_matching_size(adj: list[int], active: int, hint: list[int] | Hint | None = None,
                          tree_first: bool = False) -> int:
    """The number of pairs of a maximum matching of the subgraph induced by `active`."""
    mate, exposed = _maximum(adj, active, hint, tree_first)
    return (active.bit_count() - exposed.bit_count()) // 2


def _maximum(adj: list[int], active: int, hint, tree_first: bool) -> tuple[list[int], int]:
    """A maximum matching and the bit set of the vertices it leaves exposed."""
    mate, exposed = _prepare(adj, active, hint)
    tried = 0
    while True:
        for v in bits(exposed):
            if mate[v] != -1:
                exposed ^= 1 << v
        todo = exposed & ~tried
        if not todo:
            return mate, exposed
        root = (todo & -todo).bit_length() - 1
        if tree_first and _augment_tree(root, adj, active, mate, exposed):
            continue
        if not _augment(root, adj, active, mate, exposed):
            tried |= 1 << root  # no augmenting path from root now, nor after later ones


def exposed_of(mate: list[int], active: int) -> list[int]:
    """The vertices of `active` that `mate` leaves exposed, lowest first."""
    vs = bits(active)
    return list(compress(vs, map((0).__gt__, map(mate.__getitem__, vs))))


class Bipartite:
    """Kuhn's matcher of left vertices into right vertices (bit sets of right ids)."""

    def __init__(self, allowed: dict[int, int]):
        self.allowed = allowed  # left -> mask of right vertices
        self.owner: dict[int, int] = {}  # right -> left
        self.partner: dict[int, int] = {}  # left -> right

    def _try(self, left: int, seen: list[int], banned: int) -> bool:
        avail = self.allowed[left] & ~seen[0] & ~banned
        owner = self.owner
        for _ in range(2):  # the first two one at a time: the first free one usually ends it
            if not avail:
                return False
            low = avail & -avail
            avail ^= low
            r = low.bit_length() - 1
            seen[0] |= low
            o = owner.get(r)
            if o is None or self._try(o, seen, banned):
                owner[r] = left
                self.partner[left] = r
                return True
        for r in bits(avail):
            seen[0] |= 1 << r
            o = owner.get(r)
            if o is None or self._try(o, seen, banned):
                owner[r] = left
                self.partner[left] = r
                return True
        return False

    def add(self, left: int, banned: int = 0) -> bool:
        """Match `left` too (re-routing others); False (and no change: a failed search
        changes nothing) if impossible."""
        return self._try(left, [0], banned)

    def fill(self, lefts: list[int]) -> bool:
        """Match every left vertex (greedy first, then augmenting paths); False if impossible."""
        taken = 0
        rest = []
        for x in lefts:
            a = self.allowed[x] & ~taken
            if a:
                r = (a & -a).bit_length() - 1
                self.owner[r] = x
                self.partner[x] = r
                taken |= 1 << r
            else:
                rest.append(x)
        return all(self._try(x, [0], 0) for x in rest)

    def remove(self, left: int) -> None:
        r = self.partner.pop(left, None)
        if r is not None:
            del self.owner[r]


_ABSENT = object()


class UndoBipartite:
    """Kuhn's matcher of left vertices into right vertices (bit sets of right ids), whose
    changes can be taken back: `undo(mark())` restores the matching as it was at the mark
    (a log of the changes, where a copy of the matching per step would cost its size)."""

    def __init__(self, allowed: dict[int, int], highest_first: bool = False):
        self.allowed = allowed  # left -> mask of right vertices
        self.owner: dict[int, int] = {}  # right -> left
        self.partner: dict[int, int] = {}  # left -> right
        self.log: list[tuple] = []
        # try the highest right vertices first (else the lowest): a matching that keeps the
        # low ones free is seldom disturbed by a search that takes them
        self.highest_first = highest_first

    def mark(self) -> int:
        return len(self.log)

    def undo(self, mark: int) -> None:
        log = self.log
        while len(log) > mark:
            d, k, old = log.pop()
            if old is _ABSENT:
                del d[k]
            else:
                d[k] = old

    def _set(self, d: dict, k: int, v: int) -> None:
        self.log.append((d, k, d.get(k, _ABSENT)))
        d[k] = v

    def match(self, left: int, right: int) -> None:
        """Pair left with right (both unmatched)."""
        self._set(self.partner, left, right)
        self._set(self.owner, right, left)

    def unmatch(self, left: int) -> int | None:
        """Unpair left; returns its former partner (None: it had none)."""
        r = self.partner.get(left)
        if r is not None:
            self.log.append((self.partner, left, r))
            del self.partner[left]
            self.log.append((self.owner, r, left))
            del self.owner[r]
        return r

    def swap_in(self, left: int, right: int | None, banned: int = 0) -> bool:
        """Match the unmatched `left` with the free right vertex `right` if they may be paired."""
        if right is not None and right not in self.owner and (self.allowed[left] >> right) & 1 \
                and not (banned >> right) & 1:
            self.match(left, right)
            return True
        return False

    def augment_towards(self, left: int, right: int | None, banned: int = 0) -> bool:
        """augment(left, banned), trying first the free right vertex `right` (the one just freed,
        usually: a swap instead of a search)."""
        return self.swap_in(left, right, banned) or self._try(left, [0], banned)

    def augment(self, left: int, banned: int = 0, dead: list[int] | None = None) -> bool:
        """Match the unmatched `left` by an augmenting path avoiding the right vertices `banned`
        (re-routing others); False, and no change, when there is none. `dead` ([bit set]): right
        vertices a failed search found leading nowhere, kept for the next search as long as the
        matching has not changed (the caller resets it after a success); grown by a failure."""
        if dead is None:
            return self._try(left, [0], banned)
        seen = [dead[0]]
        if self._try(left, seen, banned):
            return True
        dead[0] = seen[0]
        return False

    def _try(self, left: int, seen: list[int], banned: int) -> bool:
        avail = self.allowed[left] & ~seen[0] & ~banned
        owner = self.owner
        high = self.highest_first
        for _ in range(2):  # the first two one at a time: the first free one usually ends it
            if not avail:
                return False
            if high:
                r = avail.bit_length() - 1
                one = 1 << r
            else:
                one = avail & -avail
                r = one.bit_length() - 1
            avail ^= one
            seen[0] |= one
            o = owner.get(r)
            if o is None or self._try(o, seen, banned):
                self._set(owner, r, left)
                self._set(self.partner, left, r)
                return True
        for r in (reversed(bits(avail)) if high else bits(avail)):
            seen[0] |= 1 << r
            o = owner.get(r)
            if o is None or self._try(o, seen, banned):
                self._set(owner, r, left)
                self._set(self.partner, left, r)
                return True
        return False

    def fill(self, lefts: list[int], banned: int = 0, *, maximum: bool = False) -> bool:
        """Match the left vertices (greedy first, then augmenting paths): True when every one is
        matched. Stops at the first that cannot be, unless `maximum` (then the matching is a
        maximum one)."""
        taken = banned
        rest = []
        for x in lefts:
            a = self.allowed[x] & ~taken
            if a:
                r = a.bit_length() - 1 if self.highest_first else (a & -a).bit_length() - 1
                self.match(x, r)
                taken |= 1 << r
            else:
                rest.append(x)
        if not maximum:
            return all(self._try(x, [0], banned) for x in rest)
        dead = [0]
        matched = 0
        for x in rest:
            if self.augment(x, banned, dead):
                matched += 1
                dead[0] = 0
        return matched == len(rest)


def bipartite_full(lefts: list[int], allowed: dict[int, int], banned: int = 0) -> bool:
    """Can every left vertex get its own right vertex (outside `banned`)?"""
    bm = Bipartite(allowed)
    for x in lefts:
        if not bm.add(x, banned):
            return False
    return True
