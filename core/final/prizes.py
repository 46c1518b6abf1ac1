"""The prize list: who receives which prize, and how much, as the final ranking stands.

    prize_list(event) -> PrizeList(awards, finished, sharing)

The rules are those organisers usually write, and the event can change
them (docs/end-of-event.md):

1. **Who**: each player receives at most one prize, the most valuable one he
   can have. The prizes are given out from the most valuable (its amount;
   a prize without an amount is worth 0) to the least, ties of value in the
   order of the list; each goes to the best-placed player of the final
   ranking (of its category, for a category prize) who has no prize yet.
   So the player third overall who is also the best under 2000 receives the
   third prize when it is worth more than (or as much as, and is listed
   before) the under-2000 prize, and that prize goes to the next player
   under 2000.
2. **How much**: a winner receives his prize's amount, except where
   winners are tied; then the money of their prizes (of one category: the
   whole event's prizes apart from each category's) is pooled:
   - a **shared place** (nothing separates its players: a place the top
     shares, "5-8", or players equal after every tie-break whose lot is not
     drawn, or in an event that shares places) is one place for all of them:
     the prizes that fall on it are shared equally by every player of the
     place who has no other prize (and may have that category's prizes);
   - and as the event says (`prize_sharing`): `none`, nothing more;
     `equal`, prize winners equal on points share their money equally;
     `hort`, prize winners equal on points each keep half of their own prize
     and share the other halves equally (the Hort system). A player equal on
     points who received no prize shares nothing there: the tie-breaks put
     him out of the prize places. The top's places are the bracket's, not
     points: there only a shared place pools.
   Only prizes with an amount pool; a cup stays with its winner.
3. **704.4**: players who agreed a top game's result and the sharing of
   their prizes (`prize_splits`, recorded by `core.final.changes.split_prizes`)
   receive their prizes' money together, in the parts they agreed.

Amounts are exact (`Fraction`); the printouts show them to the cent.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from arbiter.core.event.model import Event, Prize
from arbiter.core.final.categories import find, members
from arbiter.core.final.ranking import FinalRanking, FinalRow, final_ranking
from arbiter.core.event.systems import Stage


@dataclass(frozen=True)
class Winner:
    id: int
    amount: Fraction | None  # what he receives; None: the prize has no amount (a cup, a book)
    how: str = ""  # "", "shared" (equal parts), "hort", "split" (704.4), "with" (receives part of a partner's prize)
    pool: tuple[int, ...] = ()  # the players his money was pooled with (himself included)


@dataclass(frozen=True)
class Award:
    index: int  # 1-based, in the event's list
    prize: Prize
    winners: tuple[Winner, ...]  # () when nobody can have it

    @property
    def ids(self) -> list[int]:
        return [w.id for w in self.winners]


@dataclass(frozen=True)
class PrizeList:
    awards: tuple[Award, ...]  # in the order of the event's list
    finished: bool  # the event is over (else the prizes as the ranking stands now)
    sharing: str
    ranking: FinalRanking

    def prize_of(self, pid: int) -> Award | None:
        for a in self.awards:
            if pid in a.ids:
                return a
        return None


def value(p: Prize) -> Fraction:
    return p.amount if p.amount is not None else Fraction(0)


def eligible(event: Event, ranking: FinalRanking, prize: Prize) -> frozenset[int] | None:
    """Who may receive `prize`: None for everyone; a category's players (no team is in a category)."""
    if not prize.category:
        return None
    if ranking.teams:
        return frozenset()
    return members(event, find(event, prize.category))


def allocate(event: Event, ranking: FinalRanking) -> dict[int, int]:
    """Step 1: prize index (0-based) -> the id receiving it (see the module)."""
    order = sorted(range(len(event.prizes)), key=lambda i: (-value(event.prizes[i]), i))
    taken: set[int] = set()
    out: dict[int, int] = {}
    for i in order:
        who = eligible(event, ranking, event.prizes[i])
        for r in ranking.rows:
            if r.id not in taken and (who is None or r.id in who):
                out[i] = r.id
                taken.add(r.id)
                break
    return out


def _points_key(row: FinalRow, sharing: str) -> tuple | None:
    """Winners with the same key (and category) pool their money by the event's rule (step 2)."""
    if sharing != "none" and row.part != Stage.TOP:
        return ("points", row.points)
    return None


def prize_list(event: Event, ranking: FinalRanking | None = None) -> PrizeList:
    """Every prize of the event with its winners and what each receives (see the module)."""
    ranking = ranking or final_ranking(event)
    got = allocate(event, ranking)
    rows = {r.id: r for r in ranking.rows}
    paid: dict[int, Fraction | None] = {pid: event.prizes[i].amount for i, pid in got.items()}
    how: dict[int, str] = {}
    pools: dict[int, tuple[int, ...]] = {}
    extra: dict[int, list[Winner]] = {}  # prize index -> players who share it without a prize of their own
    places: dict[tuple[int, int], list[int]] = {}  # a shared place -> its players
    for r in ranking.rows:
        if r.shared:
            places.setdefault((r.place, r.place_to), []).append(r.id)
    for category in {p.category.casefold() for p in event.prizes}:
        mine = [i for i, pid in got.items() if event.prizes[i].category.casefold() == category
                and event.prizes[i].amount is not None]
        if not mine:
            continue
        parent = {i: i for i in mine}  # union-find over the prizes of this category that pool

        def root(i: int) -> int:
            while parent[i] != i:
                i = parent[i]
            return i

        by_key: dict[tuple, int] = {}
        for i in mine:
            r = rows[got[i]]
            for key in (_points_key(r, event.prize_sharing), ("place", r.place, r.place_to) if r.shared else None):
                if key is not None:
                    if key in by_key:
                        parent[root(i)] = root(by_key[key])
                    else:
                        by_key[key] = i
        groups: dict[int, list[int]] = {}
        for i in mine:
            groups.setdefault(root(i), []).append(i)
        who = eligible(event, ranking, event.prizes[mine[0]])
        for prizes in groups.values():
            joiners = []  # players of a shared place the pool's prizes fell on, with no prize of their own
            for i in prizes:
                r = rows[got[i]]
                if r.shared:
                    joiners += [p for p in places[(r.place, r.place_to)]
                                if p not in paid and p not in joiners and (who is None or p in who)]
            if len(prizes) + len(joiners) < 2:
                continue
            n = len(prizes) + len(joiners)
            total = sum((value(event.prizes[i]) for i in prizes), Fraction(0))
            hort = event.prize_sharing == "hort" and all(_points_key(rows[got[i]], "hort") for i in prizes) \
                and not joiners
            ids = tuple(sorted([got[i] for i in prizes] + joiners))
            for i in prizes:
                own = value(event.prizes[i])
                paid[got[i]] = own / 2 + total / (2 * n) if hort else total / n
                how[got[i]] = "hort" if hort else "shared"
                pools[got[i]] = ids
            last = max(prizes, key=lambda i: (-value(event.prizes[i]), i))  # the pool's least valuable prize
            for p in joiners:
                extra.setdefault(last, []).append(Winner(p, total / n, "shared", ids))
                paid[p] = total / n
    for split in event.prize_splits:
        total = sum((paid.get(pid) or Fraction(0) for pid in split.players), Fraction(0))
        whole = sum(split.parts)
        holders = [pid for pid in split.players if pid in got.values()]
        for pid, part in zip(split.players, split.parts):
            share = total * part / whole
            if pid in holders:
                paid[pid] = share
                how[pid] = "split"
                pools[pid] = tuple(split.players)
            elif holders:  # he receives his part of his partners' prize money: shown with the best of their prizes
                best = min((i for i, w in got.items() if w in holders), key=lambda i: (-value(event.prizes[i]), i))
                extra.setdefault(best, []).append(Winner(pid, share, "with", tuple(split.players)))
    awards = []
    for i, p in enumerate(event.prizes):
        winners: tuple[Winner, ...] = ()
        if i in got:
            pid = got[i]
            winners = (Winner(pid, paid[pid], how.get(pid, ""), pools.get(pid, ())),) + tuple(extra.get(i, ()))
        awards.append(Award(i + 1, p, winners))
    return PrizeList(tuple(awards), ranking.finished, event.prize_sharing, ranking)
