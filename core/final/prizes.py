"""The prize list: who receives which prize, and how much, as the final ranking stands.

    prize_list(event) -> PrizeList(awards, finished, sharing)

`prize_list` is the rulebook, read in order (docs/end-of-event.md says each
rule with a worked example):

1. **Places.** The final ranking is a list of places, best first. A place
   is one player, or a *shared place*: players nothing separates (a place
   the top shares, "5-8"; players equal after every tie-break in an event
   that shares places, or whose lot is not drawn yet). A shared place is one
   place: its players are treated alike.
2. **One prize each, the most valuable.** The prizes are given out from the
   most valuable to the least (a prize without an amount, a trophy, is
   worth 0; at equal value the general prize first, then the list's order).
   Each goes to the best place with a player who may have it (the whole
   event, or the prize's category) and has no prize yet. A place of k
   players takes at most k prizes, and only prizes its players can hold
   one each (a matching: `_fits`). So general prizes go by final place and a
   category's prizes by place among its players, each player at most one.
3. **Not awarded, said.** A prize no place can take is listed as not
   awarded, with why: its category has no player, or every player of it
   holds a prize worth as much or more (`Award.why`).
4. **Money of a place is pooled.** The money of the prizes that fell on a
   place is shared by its players, as equally as who may have what allows
   (`_fair`: a category's money goes only to that category's players; a
   player who can take a prize the others may not have takes it, and leaves
   the rest to them). Players of one place with the same categories receive
   the same.
5. **Trophies** (prizes without an amount) cannot be shared: at a shared
   place each goes to one of its players, by the Swiss order or by a lot
   drawn once and recorded (`prize_trophies`, `trophy_lots`); holding a
   trophy does not take a player out of his place's money.
6. **Equal on points** (`prize_sharing`): `none`, the tie-breaks decide (a
   shared place still pools, rule 4); `equal`, every player equal on points
   with a prize winner shares the money of the prizes that fell on the
   group's places equally; `hort`, each keeps half of what his own place
   received and the other halves are shared equally (the Hort system);
   `winners`, as `equal` but only among the players who received a prize
   (players equal on points outside the prizes receive nothing). Under these
   three the players equal on points take prizes as one place (rule 2), then
   each prize goes to the best of their places that can hold it. The top's
   places are the bracket's, not points: there only a shared place pools.
7. **704.4**: players who agreed a top game's result and the sharing of
   their prizes (`prize_splits`) receive their prizes' money together, in the
   parts they agreed.

Amounts are exact (`Fraction`): for each prize the parts add up to its
amount. `Winner.cents` is what is paid, in cents (`_rounded`): each part
rounded down or up to the cent, so that the cents paid for a prize add up to
its amount and each player's total over every prize is his exact total
rounded (down or up); the totals' cents left over go to the largest
remainder first, then the better placed.
"""

from __future__ import annotations

from dataclasses import replace, dataclass
from fractions import Fraction
from typing import Any

from arbiter_tournament.core.event.model import Event, Prize
from arbiter_tournament.core.final.categories import find, members
from arbiter_tournament.core.final.ranking import FinalRanking, final_ranking
from arbiter_tournament.core.event.systems import Stage

SHARING = ("none", "equal", "hort", "winners")


@dataclass(frozen=True)
class Winner:
    id: int
    amount: Fraction | None  # his part of this prize (exact); None: the prize has no amount (a trophy)
    how: str = ""  # "", "shared" (equal parts), "hort", "split" (704.4), "lot"/"order" (a trophy at a shared place)
    pool: tuple[int, ...] = ()  # the players this prize's money is divided among (himself included)
    cents: int | None = None  # what he is paid from this prize, in cents (the parts rounded: see the module)


@dataclass(frozen=True)
class Award:
    index: int  # 1-based, in the event's list
    prize: Prize
    winners: tuple[Winner, ...]  # () when nobody receives it
    why: str = ""  # why nobody does: "no_player" (its category is empty), "all_better" (each of them has a prize
    #                worth as much or more), "teams" (a team event: categories filter players), "lot_pending"
    #                (a trophy at a shared place: the lot is still to be drawn), "" (it is awarded)
    candidates: tuple[int, ...] = ()  # with "lot_pending": the players the lot is drawn among

    @property
    def ids(self) -> list[int]:
        return [w.id for w in self.winners]


@dataclass(frozen=True)
class PrizeList:
    awards: tuple[Award, ...]  # in the order of the event's list
    finished: bool  # the event is over (else the prizes as the ranking stands now)
    sharing: str
    ranking: FinalRanking
    trophies: str = "order"

    def prize_of(self, pid: int) -> Award | None:
        for a in self.awards:
            if pid in a.ids:
                return a
        return None

    def paid(self) -> dict[int, Fraction]:
        """Each player's money: the sum of his parts over every prize."""
        out: dict[int, Fraction] = {}
        for a in self.awards:
            for w in a.winners:
                if w.amount is not None:
                    out[w.id] = out.get(w.id, Fraction(0)) + w.amount
        return out


def value(p: Prize) -> Fraction:
    return p.amount if p.amount is not None else Fraction(0)


def eligible(event: Event, ranking: FinalRanking, prize: Prize) -> frozenset[int] | None:
    """Who may receive `prize`: None for everyone; a category's players (no team is in a category)."""
    if not prize.category:
        return None
    if ranking.teams:
        return frozenset()
    return members(event, find(event, prize.category))


# -- rule 1: the places -----------------------------------------------------------------------------------


def places_of(ranking: FinalRanking) -> list[tuple[int, ...]]:
    """The ranking's places, best first: one player, or the players of a shared place in the ranking's order."""
    out: list[list[int]] = []
    last = None
    for r in ranking.rows:
        key = (r.place, r.place_to) if r.shared else None
        if key is not None and key == last:
            out[-1].append(r.id)
        else:
            out.append([r.id])
        last = key
    return [tuple(x) for x in out]


# -- rule 2: one prize each, the most valuable (a place of k players takes at most k, one each) ------------


def _fits(held: dict[int, int], prize: int, members_: tuple[int, ...], may) -> dict[int, int] | None:
    """`held` (prize -> the player holding it, one each) with `prize` added, players moved along an augmenting
    path if needed (a matching, searched breadth first); None when the place's players cannot hold them all one
    each."""
    from collections import deque

    owner = {m: p for p, m in held.items()}
    came: dict[int, int] = {}  # player -> the prize that would go to him
    via: dict[int, int] = {}  # prize -> the player holding it now, through whom the search reached it
    queue = deque([prize])
    while queue:
        p = queue.popleft()
        for m in members_:
            if m in came or not may(p, m):
                continue
            came[m] = p
            if m in owner:
                via[owner[m]] = m
                queue.append(owner[m])
                continue
            while True:  # m is free: each player along the path takes the prize that came to him
                p = came[m]
                owner[m] = p
                if p == prize:
                    return {q: x for x, q in owner.items()}
                m = via[p]
    return None


def _matched(prizes: list[int], members_: tuple[int, ...], may) -> dict[int, int] | None:
    """Each of `prizes` to a player of `members_` who may have it, one each (prize -> player), or None."""
    held: dict[int, int] = {}
    for i in prizes:
        new = _fits(held, i, members_, may)
        if new is None:
            return None
        held = new
    return held


def _order(event: Event) -> list[int]:
    """The prizes, most valuable first; at equal value the general prize first, then the list's order."""
    return sorted(range(len(event.prizes)),
                  key=lambda i: (-value(event.prizes[i]), bool(event.prizes[i].category), i))


# -- rule 4: a pool shared as equally as who may have what allows ------------------------------------------


def _fair(players: list[int], money: list[tuple[int, Fraction, frozenset[int] | None]]
          ) -> dict[int, dict[int, Fraction]]:
    """The money of `money` (prize, amount, who may have it) shared among `players` as equally as eligibility
    allows: the most even totals (lexicographic max-min), so players who may have the same prizes receive
    the same. Returns prize -> player -> his part (the parts of a prize add up to its amount).

    The most constrained players first: the set S of classes (players who may have the same prizes) with the
    least money per player among the prizes any of them may have; they share all of it equally; then the
    rest, without them and those prizes."""
    if not money:
        return {}
    may = {m: frozenset(p for p, _, who in money if who is None or m in who) for m in players}
    amount = {p: a for p, a, _ in money}
    classes: dict[frozenset[int], list[int]] = {}
    for m in players:
        classes.setdefault(may[m], []).append(m)
    left = list(classes)
    prizes_left = set(amount)
    out: dict[int, dict[int, Fraction]] = {p: {} for p in amount}
    while left and prizes_left:
        level, sub = _tightest(left, {c: len(classes[c]) for c in left}, {p: amount[p] for p in prizes_left})
        reach = sorted(frozenset().union(*sub) & prizes_left)
        _spread(out, {p: amount[p] for p in reach}, {c: classes[c] for c in sub}, level)
        prizes_left -= set(reach)
        left = [c for c in left if c not in sub]
    return out


def _tightest(left: list[frozenset[int]], size: dict[frozenset[int], int], amount: dict[int, Fraction]
              ) -> tuple[Fraction, list[frozenset[int]]]:
    """The classes S with the least money per player among the prizes any of them may have (the largest such
    S), and that money per player: min over S of amount(N(S)) / players(S).

    Dinkelbach's iteration: for the ratio l of the set S found so far, min over S' of amount(N(S')) - l *
    players(S') is a minimum cut (source -> class: l * its players; class -> a prize it may have: no limit;
    prize -> sink: its amount); while it is below 0 its classes have a smaller ratio. At the least ratio the
    classes that cannot reach the sink in the residual network are the largest set that has it."""
    def ratio(sub: list[frozenset[int]]) -> Fraction:
        reach = frozenset().union(*sub) & amount.keys()
        return sum((amount[p] for p in reach), Fraction(0)) / sum(size[c] for c in sub)

    sub = list(left)
    while True:
        level = ratio(sub)
        cap: dict[object, dict[object, Fraction | None]] = {"s": {}}
        for c in left:
            cap["s"][("c", c)] = level * size[c]
            cap[("c", c)] = {("p", p): None for p in c if p in amount}
        for p, a in amount.items():
            cap[("p", p)] = {"t": a}
        value, from_s, to_t = _max_flow(cap)
        if value >= level * sum(size[c] for c in left):
            return level, [c for c in left if ("c", c) not in to_t]
        sub = [c for c in left if ("c", c) in from_s]


def _max_flow(cap: dict[object, dict[object, Fraction | None]]) -> tuple[Fraction, set, set]:
    """The maximum flow from "s" to "t" (capacities exact; None: no limit), by shortest augmenting paths; with
    the nodes reachable from "s" and the nodes that reach "t" in the residual network."""
    from collections import deque

    flow: dict[tuple[object, object], Fraction] = {}
    nodes = set(cap) | {v for u in cap for v in cap[u]}
    back: dict[object, set] = {v: set() for v in nodes}
    for u in cap:
        for v in cap[u]:
            back[v].add(u)

    def residual(u, v) -> Fraction | None:  # None: no limit
        c = cap.get(u, {}).get(v, 0) if v in cap.get(u, {}) else 0
        r = None if v in cap.get(u, {}) and cap[u][v] is None else (c or 0) - flow.get((u, v), Fraction(0))
        r_back = flow.get((v, u), Fraction(0))
        return None if r is None else r + r_back

    def neighbours(u):
        return set(cap.get(u, {})) | back.get(u, set())

    total = Fraction(0)
    while True:
        prev: dict[object, object | None] = {"s": None}
        queue: deque[object] = deque(["s"])
        while queue and "t" not in prev:
            u = queue.popleft()
            for v in neighbours(u):
                r = residual(u, v)
                if v not in prev and (r is None or r > 0):
                    prev[v] = u
                    queue.append(v)
        if "t" not in prev:
            break
        path: list[tuple[object, object]] = []
        node: object = "t"
        while (before := prev[node]) is not None:
            path.append((before, node))
            node = before
        push = min(r for r in (residual(u, v) for u, v in path) if r is not None)
        for u, v in path:
            undo = min(push, flow.get((v, u), Fraction(0)))
            if undo:
                flow[(v, u)] -= undo
            if push - undo:
                flow[(u, v)] = flow.get((u, v), Fraction(0)) + push - undo
        total += push
    to_t = {"t"}
    queue = deque(["t"])
    while queue:
        v = queue.popleft()
        for u in neighbours(v):
            r = residual(u, v)
            if u not in to_t and (r is None or r > 0):
                to_t.add(u)
                queue.append(u)
    return total, set(prev), to_t


def _spread(out, amounts: dict[int, Fraction], classes: dict[frozenset[int], list[int]], level: Fraction) -> None:
    """The prizes `amounts` to the classes, each player `level` (they add up): a flow, then each class's part
    of a prize split equally among its players."""
    need = {c: level * len(ms) for c, ms in classes.items()}
    got: dict[tuple[int, frozenset[int]], Fraction] = {}
    rest = dict(amounts)
    while True:  # augmenting paths: prize -> class, or prize -> class <- prize' -> class' ...
        path = _augment(rest, need, got)
        if path is None:
            break
    for (p, c), x in got.items():
        if x:
            for m in classes[c]:
                out[p][m] = out[p].get(m, Fraction(0)) + x / len(classes[c])


def _augment(rest: dict[int, Fraction], need: dict[frozenset[int], Fraction],
             got: dict[tuple[int, frozenset[int]], Fraction]) -> bool | None:
    """One augmenting path of the flow prizes -> classes (a class may take from prize p if p is in it);
    None when there is none."""
    from collections import deque

    starts = [p for p in sorted(rest) if rest[p] > 0]
    if not starts:
        return None
    # a node is ("p", a prize's index) or ("c", a class: the frozenset of its players)
    prev: dict[tuple[str, Any], tuple[str, Any] | None] = {("p", p): None for p in starts}
    queue: deque[tuple[str, Any]] = deque(("p", p) for p in starts)
    end: tuple[str, Any] | None = None
    while queue and end is None:
        node = queue.popleft()
        if node[0] == "p":
            for c in need:
                if node[1] in c and ("c", c) not in prev:
                    prev[("c", c)] = node
                    if need[c] > 0:
                        end = ("c", c)
                        break
                    queue.append(("c", c))
        else:  # back along a used edge: a prize that gave to this class may give elsewhere instead
            for (p, c), x in got.items():
                if c == node[1] and x > 0 and ("p", p) not in prev:
                    prev[("p", p)] = node
                    queue.append(("p", p))
    if end is None:
        return None
    path = [end]
    while (before := prev[path[-1]]) is not None:
        path.append(before)
    path.reverse()  # ("p", p0), ("c", c0), ("p", p1), ("c", c1) ...
    bottleneck = min(rest[path[0][1]], need[end[1]])
    for i in range(2, len(path), 2):
        bottleneck = min(bottleneck, got[(path[i][1], path[i - 1][1])])
    rest[path[0][1]] -= bottleneck
    need[end[1]] -= bottleneck
    for i in range(0, len(path) - 1):
        a, b = path[i], path[i + 1]
        if a[0] == "p":
            got[(a[1], b[1])] = got.get((a[1], b[1]), Fraction(0)) + bottleneck
        else:
            got[(b[1], a[1])] -= bottleneck
    return True


# -- the list --------------------------------------------------------------------------------------------


def prize_list(event: Event, ranking: FinalRanking | None = None) -> PrizeList:
    """Every prize of the event with its winners and what each receives (see the module)."""
    ranking = ranking or final_ranking(event)
    # a prize of no money (amount 0) is given as a trophy is: to one player, never shared as money
    prizes = tuple(replace(p, amount=None) if p.amount == 0 else p for p in event.prizes)
    rank = {r.id: k for k, r in enumerate(ranking.rows)}
    who = [eligible(event, ranking, p) for p in prizes]

    def may(i: int, m: int) -> bool:
        w = who[i]
        return w is None or m in w

    # rules 1-3: each prize to the best place that can take it. Under equal, hort and winners the players equal
    # on points are one pool and take prizes as one place would (rule 6); inside it each prize then goes to the
    # best of its places that can take it, the pool's other prizes still finding a player each.
    places = places_of(ranking)
    groups = _score_groups(ranking, places, event.prize_sharing)
    pool_held: list[dict[int, int]] = [{} for _ in groups]  # per pool: prize -> a player of it (one each)
    pool_of: dict[int, int] = {}
    why: dict[int, str] = {}
    members_of = [tuple(m for k in g for m in places[k]) for g in groups]
    for i in _order(event):
        for g, ms in enumerate(members_of):
            if not any(may(i, m) for m in ms):
                continue
            new = _fits(pool_held[g], i, ms, may)
            if new is not None:
                pool_held[g] = new
                pool_of[i] = g
                break
        else:
            why[i] = ("teams" if ranking.teams and prizes[i].category
                      else "no_player" if not any(may(i, r.id) for r in ranking.rows) else "all_better")
    held: list[dict[int, int]] = [{} for _ in places]  # per place: prize -> the player holding it (one each)
    place_of: dict[int, int] = {}  # prize -> the place it fell on
    for g, group in enumerate(groups):
        mine = [i for i in _order(event) if pool_of.get(i) == g]
        if len(group) == 1:
            held[group[0]] = dict(pool_held[g])
            place_of.update({i: group[0] for i in mine})
            continue
        fixed: dict[int, int] = {}  # prize -> its place, so far
        for i in mine:
            for k in group:
                trial = {**fixed, i: k}

                def inside(j: int, m: int, trial=trial) -> bool:
                    return may(j, m) and (j not in trial or m in places[trial[j]])

                if any(may(i, m) for m in places[k]) and _matched(mine, members_of[g], inside) is not None:
                    fixed = trial
                    break
        done = _matched(mine, members_of[g], lambda j, m: may(j, m) and m in places[fixed[j]])
        for j, m in (done or {}).items():
            k = fixed[j]
            held[k][j] = m
            place_of[j] = k

    # rules 4 and 6: the pools, and the money of each
    parts: dict[int, dict[int, Fraction]] = {}  # prize -> player -> part
    how: dict[int, str] = {}
    amounts = {i: a for i in place_of if (a := prizes[i].amount) is not None}  # the prizes of money
    money = list(amounts)

    def fair(players: list[int], items: list[tuple[int, Fraction]]) -> dict[int, dict[int, Fraction]]:
        return _fair(players, [(i, a, who[i]) for i, a in items])

    def add(got: dict[int, dict[int, Fraction]]) -> None:
        for i, share in got.items():
            for m, x in share.items():
                parts.setdefault(i, {})
                parts[i][m] = parts[i].get(m, Fraction(0)) + x

    for group in groups:  # each: the indexes of places pooled together
        items = {k: [(i, amounts[i]) for i in money if place_of[i] == k] for k in group}
        everyone = [m for k in group for m in places[k]]
        mode = event.prize_sharing if len(group) > 1 else "none"
        if mode == "none":
            for k in group:
                add(fair(list(places[k]), items[k]))
        elif mode in ("equal", "winners"):
            sharers = everyone if mode == "equal" else [m for k in group if held[k] for m in places[k]]
            add(fair(sharers, [x for k in group for x in items[k]]))
            for k in group:
                for i, _ in items[k]:
                    how[i] = "shared"
        else:  # hort: half kept by the place, half pooled by the group
            for k in group:
                add(fair(list(places[k]), [(i, a / 2) for i, a in items[k]]))
            add(fair(everyone, [(i, a / 2) for k in group for i, a in items[k]]))
            for k in group:
                for i, _ in items[k]:
                    how[i] = "hort"

    # rule 7: 704.4, the agreed parts of the players' prizes
    for split in event.prize_splits:
        agreed = set(split.players)
        whole = sum(split.parts)
        for i in money:
            if i in parts and parts[i] and set(parts[i]) <= agreed:
                amount = amounts[i]
                parts[i] = {pid: amount * part / whole for pid, part in zip(split.players, split.parts)}
                how[i] = "split"

    # rule 5: trophies
    trophy_how, trophy_lots = event.prize_trophies, event.trophy_lots
    order_cache: list[dict[int, int]] = []

    def swiss() -> dict[int, int]:  # the Swiss order, computed once if a trophy falls on a shared place
        if not order_cache:
            order_cache.append(_swiss_order(event, ranking))
        return order_cache[0]

    paid_cents = _rounded({i: amounts[i] for i in money}, parts, rank)
    awards = []
    for i, p in enumerate(prizes):
        if i not in place_of:
            awards.append(Award(i + 1, p, (), why[i]))
            continue
        ms = places[place_of[i]]
        if p.amount is None:
            holder, kind = _trophy_holder(i, held[place_of[i]], ms, trophy_how, trophy_lots, prizes, may, swiss)
            if holder is None:
                awards.append(Award(i + 1, p, (), "lot_pending", tuple(m for m in ms if may(i, m))))
            else:
                awards.append(Award(i + 1, p, (Winner(holder, None, kind if len(ms) > 1 else ""),)))
            continue
        share = parts.get(i, {})
        takers = sorted((m for m, x in share.items() if x), key=rank.__getitem__) or \
            sorted((m for m in ms if may(i, m)), key=rank.__getitem__)
        pool = tuple(takers)
        kind = how.get(i, "")
        if len(pool) > 1 and kind == "":
            kind = "shared"
        if len(pool) == 1 and kind in ("shared", "hort"):
            kind = ""
        exact = [share.get(m, Fraction(0)) for m in takers]
        got = paid_cents.get(i)
        cents = [got.get(m, 0) for m in takers] if got is not None else _cents(p.amount, exact)
        awards.append(Award(i + 1, p, tuple(Winner(m, x, kind, pool if len(pool) > 1 else (), c)
                                            for m, x, c in zip(takers, exact, cents))))
    return PrizeList(tuple(awards), ranking.finished, event.prize_sharing, ranking, trophy_how)


def _score_groups(ranking: FinalRanking, places: list[tuple[int, ...]], sharing: str) -> list[list[int]]:
    """The places pooled together: each place alone (`none`), or the places of players equal on points outside
    the top (`equal`, `hort`, `winners`)."""
    if sharing == "none":
        return [[k] for k in range(len(places))]
    rows = {r.id: r for r in ranking.rows}
    out: list[list[int]] = []
    last = None
    for k, ms in enumerate(places):
        r = rows[ms[0]]
        key = ("points", r.points) if r.part != Stage.TOP else None
        if key is not None and key == last:
            out[-1].append(k)
        else:
            out.append([k])
        last = key
    return out


def _swiss_order(event: Event, ranking: FinalRanking) -> dict[int, int]:
    """Each player's index in the Swiss order (the tables merged); a team event: its ranking's order."""
    if ranking.teams:
        return {r.id: k for k, r in enumerate(ranking.rows)}
    from arbiter_tournament.core.tiebreaks.merged import merged_order

    return {pid: k for k, pid in enumerate(merged_order(event))}


def _trophy_holder(i: int, held: dict[int, int], ms: tuple[int, ...], how: str, lots, prizes, may, swiss_order
                   ) -> tuple[int | None, str]:
    """Who of the place `ms` holds trophy `i` (rule 5): alone, the player; shared, the first in the Swiss order
    (or in the lot drawn for the place) who may have it and leaves the place's other trophies someone each."""
    if len(ms) == 1:
        return ms[0], ""
    if how == "lot":
        order = next((tuple(x) for x in lots if set(x) == set(ms)), None)
        if order is None:
            return None, "lot"
    else:
        swiss = swiss_order()
        order = tuple(sorted(ms, key=lambda m: (swiss.get(m, len(swiss)), m)))
    trophies = sorted((j for j in held if prizes[j].amount is None),
                      key=lambda j: (bool(prizes[j].category), j))
    given: dict[int, int] = {}
    for j in trophies:
        for m in order:
            if m in given.values() or not may(j, m):
                continue
            rest = {t: None for t in trophies if t not in given and t != j}
            if _assignable(rest, {**given, j: m}, order, may):
                given[j] = m
                break
    return given.get(i), how


def _assignable(rest: dict[int, None], given: dict[int, int], order, may) -> bool:
    held = dict(given)
    for t in rest:
        new = _fits(held, t, tuple(order), may)
        if new is None:
            return False
        held = new
    return True


def _rounded(amounts: dict[int, Fraction], parts: dict[int, dict[int, Fraction]], rank: dict[int, int]
             ) -> dict[int, dict[int, int]]:
    """What is paid in cents, prize -> player -> cents: each exact part rounded down or up to the cent, so that
    the cents of each prize add up to its amount AND each player's total over every prize is his exact total
    rounded, down or up (three players sharing 1000 + 500 + 250.50 equally are paid 583.50 each, never 583.51,
    583.50 and 583.49 as the prizes rounded one by one would). The cents of the totals left over go to the
    largest remainder first, then the better placed, as far as the prizes they have parts of allow.

    Every part is first rounded down; each prize then has a few cents left over (fewer than its parts that are
    not whole cents), each to give to a different one of those parts. Which ones is a bipartite b-matching,
    grown by augmenting paths (`give`: a player takes one more cent, the prizes' cents given before moving
    between their players when need be, nobody else's total changing): first every player up to the floor of
    his total, then one more cent to each total that is not whole, in the order said. The exact parts are
    such a rounding's fractional version, so both steps always find their paths."""
    live = [i for i in amounts if i in parts]
    floor = {i: {m: (x * 100).numerator // (x * 100).denominator for m, x in parts[i].items()} for i in live}
    total: dict[int, Fraction] = {}
    for i in live:
        for m, x in parts[i].items():
            total[m] = total.get(m, Fraction(0)) + x * 100
    left = {i: int(amounts[i] * 100) - sum(floor[i].values()) for i in live}  # each prize's cents left over
    can = {i: [m for m, x in parts[i].items() if (x * 100).denominator != 1] for i in live}
    extra: set[tuple[int, int]] = set()  # (prize, player): one cent left over given
    used = {i: 0 for i in live}

    def give(m: int, seen: set[int]) -> bool:
        for i in live:
            if i in seen or m not in can[i] or (i, m) in extra:
                continue
            seen.add(i)
            if used[i] < left[i]:
                extra.add((i, m))
                used[i] += 1
                return True
            for k in can[i]:  # the prize's cents are all given: one of them moves, its player taking another
                if (i, k) in extra and give(k, seen):
                    extra.discard((i, k))
                    extra.add((i, m))
                    return True
        return False

    whole = {m: t.numerator // t.denominator for m, t in total.items()}
    for m in sorted(total, key=lambda m: rank.get(m, 0)):  # every player up to the floor of his total
        have = sum(floor[i].get(m, 0) for i in live)
        for _ in range(whole[m] - have):
            give(m, set())
    for m in sorted(total, key=lambda m: (-(total[m] - whole[m]), rank.get(m, 0))):  # the cents of the totals
        if total[m] != whole[m]:
            give(m, set())
    for i in live:  # (never needed when the above holds: each prize's cents add up to it, whatever else)
        for m in sorted(can[i], key=lambda m: rank.get(m, 0)):
            if used[i] < left[i] and (i, m) not in extra:
                extra.add((i, m))
                used[i] += 1
    return {i: {m: c + ((i, m) in extra) for m, c in floor[i].items()} for i in live}


def _cents(amount: Fraction, parts: list[Fraction]) -> list[int]:
    """The parts paid in cents: each rounded down, the cents left over one each by the largest remainder
    (then the first in the list, the better placed); they add up to the amount in cents."""
    exact = [x * 100 for x in parts]
    base = [x.numerator // x.denominator for x in exact]
    left = int(amount * 100) - sum(base)
    order = sorted(range(len(parts)), key=lambda k: (-(exact[k] - base[k]), k))
    for k in order[:max(left, 0)]:
        base[k] += 1
    return base
