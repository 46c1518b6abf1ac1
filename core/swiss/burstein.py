"""The FIDE Burstein system (C.04.4.2), paired as bbpPairings' `--burstein` pairs it.

What the rules say, and how each step is done here (docs/pairing.md, "The Burstein system"):

* **Index** (C.04.4.2 "Index"; 2: an unplayed game counts as a draw): inside a score group the
  players are ordered by Sonneborn-Berger, then Buchholz, then Median Buchholz, then pairing
  number (`Index`, `sonneborn_berger`, `buchholz`). The opponents' scores are their adjusted
  scores (an unplayed round counted as a draw); a round the player did not play counts a virtual
  opponent (C.07 16.2: the player's own score before that round, plus the virtual result, plus
  draws after it).
* **Seeding rounds** (bbpPairings' reading of "pairing a number of early rounds using
  traditional methods"): in rounds 1 and 2 the better half of the field by pairing number carries
  a win's virtual points (`seeding_acceleration`), unless the event gives its own acceleration.
* **Brackets** (3.2-3.5): a score group is paired within itself when it can be; a group that
  cannot be paired together with everyone below it is merged with the next group down, at most
  one player floats out of a group (two when the group's count so far is odd), and the lowest
  group is merged upwards until the whole round pairs (`_score_groups`, by maximum weighted
  matchings whose weights put "compatible" above "same score group" above "colours met").
* **Inside a bracket** (3.3 "high Index against low Index"): the best player by Index takes the
  lowest player by Index with whom the rest of the round still pairs as well, then the next best
  (`_finalise`).
* **Colours** (4): the due colours of both players when they differ; else the absolute or
  stronger preference; else the colours of the latest round the two histories differ, swapped;
  with no preference, the pairing number (as the Dutch rule 5).
* **Bye** (3.6): the lowest player by score and Index who has not had a pairing-allocated bye or
  a win without playing.

A round is `pair_round(request) -> Pairing`, the request of the Dutch engine (`core.swiss.request`);
the registry (`core.event.systems`) names this module. Points are integer tenths, as in the Dutch
engine; every comparison is exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cmp_to_key

from arbiter_tournament.core.errors import Msg, NoLegalPairing, joined, render
from arbiter_tournament.core.event.records import Outcome, RoundRecord
from arbiter_tournament.core.swiss.players import (
    baku_acceleration,
    history,
    not_paired_now,
    points_table,
    round_to_pair,
    tenths,
    valid_players,
)
from arbiter_tournament.core.swiss.request import Pairing, PairingRequest
from arbiter_tournament.core.swiss.weighted import WeightedMatching

__all__ = ["BursteinRound", "Index", "list_sort", "pair_round", "seeding_acceleration"]

WIN, DRAW, LOSS = "win", "draw", "loss"


# ----------------------------------------------------------------- one round of one player
@dataclass(frozen=True)
class _Round:
    """One round as the Burstein rules read it: its result class, whether it was played over the
    board, whether the pairing placed the player (a game, a forfeit, the pairing-allocated bye),
    the opponent (None: none) and the colour of a played game."""

    result: str  # WIN, DRAW, LOSS
    played: bool
    paired: bool
    opponent: int | None
    colour: str | None
    pab: bool
    points: int


def _paired(rec: RoundRecord | None) -> bool:
    """The pairing placed the player in this round (a game, a forfeit, the pairing-allocated bye)."""
    return rec is not None and rec.outcome.paired


def _round(rec: RoundRecord | None, points: dict[Outcome, int]) -> _Round:
    if rec is None:
        return _Round(LOSS, False, False, None, None, False, points[Outcome.ABSENT])
    o = rec.outcome
    result = {Outcome.WIN: WIN, Outcome.FORFEIT_WIN: WIN, Outcome.PAB: WIN, Outcome.FULL_BYE: WIN,
              Outcome.DRAW: DRAW, Outcome.HALF_BYE: DRAW}.get(o, LOSS)
    return _Round(result, o.played, o.paired, rec.opponent, rec.colour if o.played else None, o is Outcome.PAB,
                  points[o])


@dataclass
class _Player:
    id: int
    rank: int  # 0-based effective pairing number
    rounds: list[_Round]
    acceleration: int  # virtual points of this round (tenths)
    score: int  # points of the rounds so far (tenths)
    pref: str | None = None  # due colour
    imbalance: int = 0
    repeated: str | None = None  # the colour of the last two played games when they are the same
    strong: bool = False

    @property
    def absolute(self) -> bool:
        return self.imbalance > 1 or self.repeated is not None

    @property
    def pairing_score(self) -> int:
        return self.score + self.acceleration


def _colour_data(p: _Player) -> None:
    """The due colour (1.3) and its strength, from the played games."""
    whites = blacks = run = 0
    last = None
    for rd in p.rounds:
        if rd.played:
            if rd.colour == "w":
                whites += 1
            else:
                blacks += 1
            run = 1 if not run or rd.colour != last else run + 1
            last = rd.colour
    lower = "b" if whites > blacks else "w"
    p.imbalance = abs(whites - blacks)
    other = None if last is None else ("b" if last == "w" else "w")
    p.pref = (lower if p.imbalance > 1 else other if run > 1 else lower if p.imbalance > 0 else other if run else None)
    p.repeated = last if run > 1 else None
    p.strong = not p.absolute and p.imbalance > 0


def seeding_acceleration(ranked: list[int], paired_in_round_1: set[int], r: int, win: int) -> dict[int, int]:
    """The seeding rounds: when round 1 or 2 is paired (r = 0 or 1 rounds played), the first players by
    pairing number, down to half of those who were to be paired in round 1, carry a win's virtual points
    (players in between who were not paired in round 1 are counted, as bbpPairings counts them)."""
    if r >= 2:
        return {}
    bound = len(paired_in_round_1)
    out: dict[int, int] = {}
    if bound <= 1:
        return out
    for pid in ranked:
        out[pid] = win
        if pid in paired_in_round_1:
            bound -= 2
            if bound <= 1:
                break
    return out


# ---------------------------------------------------------------------------- the Index
@dataclass(frozen=True)
class Index:
    """A player's place inside a bracket (C.04.4.2 Index): score with virtual points, Sonneborn-Berger,
    Buchholz, Median Buchholz (integers in hundredths of points squared / tenths), rank."""

    score: int
    sb: int
    bh: int
    median: int
    rank: int

    def below(self, other: "Index") -> bool:
        """Whether this player comes after `other` (bbpPairings' order; with different scores, a floater
        against a resident, Buchholz and Median count multiplied by the score)."""
        if self.score == other.score:
            return (self.sb, self.bh, self.median, other.rank) < (other.sb, other.bh, other.median, self.rank)
        return ((self.sb, self.bh * self.score, self.median * self.score, other.rank)
                < (other.sb, other.bh * other.score, other.median * other.score, self.rank))


def _virtual_opponent(rd: _Round, pts: dict[str, int]) -> int:
    """The result a virtual opponent is given for an unplayed round (C.07 16.2)."""
    if rd.result == LOSS:
        return pts["win"]
    if rd.result == DRAW:
        return pts["draw"]
    if rd.pab and rd.paired and pts["pab"] < pts["win"]:
        return pts["win"] if pts["pab"] < pts["draw"] else pts["draw"]
    return pts["forfeit_loss"]


def _opponent_terms(p: _Player, r: int, adjusted: dict[int, int], pts: dict[str, int]) -> list[tuple[int, int]]:
    """(opponent's adjusted score, points scored) of each of the r rounds, virtual opponents included."""
    virtual = (r - 1) * pts["draw"] + p.acceleration
    out = []
    for rd in p.rounds[:r]:
        opp = adjusted[rd.opponent] if rd.played and rd.opponent is not None else virtual + _virtual_opponent(rd, pts)
        out.append((opp, rd.points))
        virtual += rd.points - pts["draw"]
    return out


def sonneborn_berger(terms: list[tuple[int, int]]) -> int:
    return sum(opp * got for opp, got in terms)


def buchholz(terms: list[tuple[int, int]], r: int, median: bool = False) -> int:
    if median and r <= 2:
        return 0
    opps = [opp for opp, _ in terms]
    total = sum(opps)
    if median and opps:
        total -= min(opps) + max(opps)
    return total


# --------------------------------------------------------------------- the matchings
class _Matchings:
    """The weighted graph of the round's players (vertices 0..n-1 in bracket order) and its
    maximum-weight matching, recomputed after the weights change."""

    def __init__(self, n: int, progress=None):
        self.n = n
        self.progress = progress
        self.w: dict[tuple[int, int], int] = {}
        self.mate: list[int] = list(range(n))
        self._warm: tuple[dict[int, int], dict[int, int]] | None = None  # duals and pairs of the last solve
        self.fixed: set[int] = set()

    def set(self, i: int, j: int, weight: int) -> None:
        key = (i, j) if i < j else (j, i)
        if weight:
            self.w[key] = weight
        else:
            self.w.pop(key, None)

    def fix(self, i: int, j: int) -> None:
        """The pair {i, j} is final: their other edges go (they keep only each other)."""
        for k in (i, j):
            for other in range(self.n):
                if other != k:
                    self.set(k, other, 0)
        self.set(i, j, 1)
        self.fixed.update((i, j))

    def compute(self) -> list[int]:
        """A maximum-weight matching among those of maximum cardinality. It starts from the duals and pairs of
        the previous one (a few augmentations), which is exact when the result is perfect (core/swiss/weighted.py);
        when it is not, it is solved again from the textbook start."""
        live = [v for v in range(self.n) if v not in self.fixed]
        pos = {v: k for k, v in enumerate(live)}
        ei, ej, ws = [], [], []
        for (i, j), weight in self.w.items():
            if i in pos and j in pos:
                ei.append(pos[i])
                ej.append(pos[j])
                ws.append(weight)

        def solve(warm: bool) -> WeightedMatching:
            m = WeightedMatching(len(live))
            m.set_weights(ei, ej, ws)
            if warm and self._warm is not None:
                duals, mate = self._warm
                m.start_from([duals.get(v, 0) for v in live],
                             [pos.get(mate.get(v, -1), -1) for v in live])
            m.compute(self.progress, cold=not warm)
            return m

        m = solve(True)
        got = m.matching()
        if len(live) % 2 or -1 in got:
            m = solve(False)
            got = m.matching()
        self._warm = ({v: d for v, d in zip(live, m.duals())},
                      {v: live[g] for v, g in zip(live, got) if g >= 0})
        mate = list(range(self.n))
        for v in range(self.n):
            if v in self.fixed:
                mate[v] = self.mate[v]
        for k, v in enumerate(live):
            mate[v] = live[got[k]] if got[k] >= 0 else v
        self.mate = mate
        return mate


# ------------------------------------------------------------------------- the round
def pair_round(req: PairingRequest, *, progress=None) -> Pairing:
    """Pair the next round of `req` by the Burstein system. `progress` (as the Dutch engine's) is called
    while it works; what it raises stops the pairing."""
    return BursteinRound(req, progress).run()


class BursteinRound:
    def __init__(self, req: PairingRequest, progress=None):
        self.req = req
        self.progress = progress
        table = points_table(req)
        self.table = table
        win, draw = table[Outcome.WIN], table[Outcome.DRAW]
        self.pts = {"win": win, "draw": draw, "pab": table[Outcome.PAB], "forfeit_loss": table[Outcome.FORFEIT_LOSS]}
        r = round_to_pair(req.players)
        self.r = r
        self.round = r + 1
        hists = {p.id: history(p, r) for p in req.players}
        absent = not_paired_now(req, r)
        valid = valid_players(req.players, hists, absent)
        self.initial = req.initial_colour or "w"
        if req.acceleration:
            acc = {pid: tenths(v.get(r + 1, Fraction(0))) for pid, v in req.acceleration.items()}
        elif req.baku:
            acc = {pid: v.get(r + 1, 0) for pid, v in baku_acceleration(list(req.players), req.total_rounds,
                                                                          win, draw).items()}
        else:
            first = {p.id for p in valid if (not p.records if r == 0 else _paired(hists[p.id][0]))}
            acc = seeding_acceleration([p.id for p in valid], first, r, win)
        self.players: dict[int, _Player] = {}
        for rank, p in enumerate(valid):
            rounds = [_round(rec, table) for rec in hists[p.id]]
            pl = _Player(p.id, rank, rounds, acc.get(p.id, 0), sum(x.points for x in rounds))
            _colour_data(pl)
            self.players[p.id] = pl
        self.to_pair = [p.id for p in valid if p.id not in absent]
        adjusted = {pid: pl.acceleration + sum(x.points if x.played else draw for x in pl.rounds)
                    for pid, pl in self.players.items()}
        for p in req.players:
            adjusted.setdefault(p.id, 0)
        self.index: dict[int, Index] = {}
        for pid, pl in self.players.items():
            terms = _opponent_terms(pl, r, adjusted, self.pts) if r else []
            self.index[pid] = Index(pl.pairing_score, sonneborn_berger(terms), buchholz(terms, r),
                                    buchholz(terms, r, median=True), pl.rank)
        forbidden = {frozenset(f) for f in req.forbidden if len(f) == 2} - {frozenset(a) for a in req.allow_rematch}
        for pl in self.players.values():
            for x in pl.rounds:
                if x.played and x.opponent is not None and frozenset((pl.id, x.opponent)) not in req.allow_rematch:
                    forbidden.add(frozenset((pl.id, x.opponent)))
        self.forbidden = forbidden

    # -- order
    def _cmp(self, a: int, b: int) -> int:
        """Descending by score, then by Index."""
        ia, ib = self.index[a], self.index[b]
        if ia.score != ib.score:
            return -1 if ia.score > ib.score else 1
        return 1 if ia.below(ib) else -1 if ib.below(ia) else 0

    def compatible(self, a: int, b: int) -> bool:
        pa, pb = self.players[a], self.players[b]
        if frozenset((a, b)) in self.forbidden:
            return False
        return not (pa.absolute and pb.absolute and pa.pref == pb.pref)

    def weight(self, a: int, b: int, same: bool, due: bool) -> int:
        if not self.compatible(a, b):
            return 0
        pa, pb = self.players[a], self.players[b]
        met = pa.pref != pb.pref or pa.pref is None or pb.pref is None
        return self.C + same * self.S + (same and due and met) * self.K

    # -- the round
    def run(self) -> Pairing:
        order = sorted(self.to_pair, key=cmp_to_key(self._cmp))
        if not order:
            raise NoLegalPairing("no player to pair in round {k}", k=self.round)
        bye = None
        if len(order) % 2:
            for pid in reversed(order):
                if self._bye_eligible(pid):
                    bye = pid
                    break
            if bye is None:
                raise NoLegalPairing("no legal pairing for round {k}: {why} (players {names})", players=tuple(order),
                                     reasons={}, k=self.round, why=Msg("nobody is eligible for the pairing-allocated bye"),
                                     names=", ".join(str(p) for p in order))
        labels = [pid for pid in order if pid != bye]
        n = len(labels)
        self.labels = labels
        self.K = n * n + 2  # colour met: above any sum of the priorities
        self.S = self.K * (n // 2 + 2)
        self.C = self.S * (n // 2 + 2)
        mc = _Matchings(n, self.progress)
        groups = self._score_groups(mc)
        pairs, notes = self._finalise(mc, groups)
        return self._finish(pairs, bye, notes)

    def _bye_eligible(self, pid: int) -> bool:
        return not any(not x.played and x.paired and x.result == WIN for x in self.players[pid].rounds)

    def _score_groups(self, mc: _Matchings) -> list[int]:
        """3.2-3.5: the bracket boundaries (repeated where no player may float down)."""
        labels, n = self.labels, len(self.labels)
        score = [self.players[pid].pairing_score for pid in labels]
        sg = [0, 0]
        valid = True
        if n == 0:
            return sg
        while sg[-1] < n:
            sg.append(sg[-1])
            while True:
                begin = sg[-1]
                while True:
                    b = sg[-1]
                    for v in range(sg[-3], b):
                        mc.set(b, v, self.weight(labels[v], labels[b], v >= sg[-2], False))
                    sg[-1] += 1
                    if not (sg[-1] < n and score[begin] == score[sg[-1]]):
                        break
                if sg[-1] & 1:
                    for v in range(sg[-2], sg[-1]):
                        mc.set(sg[-1], v, self.C)
                mc.compute()
                valid = self._valid(mc.mate, sg)
                if not (sg[-1] < n and not valid):
                    break
            if sg[-1] < n and not sg[-1] & 1:
                sg.append(sg[-1])
        while len(sg) > 3 and not valid:
            sg.pop()
            boundary = sg.pop()
            begin = sg.pop()
            for outer in range(sg[-1], boundary):
                for inner in range(boundary, n):
                    mc.set(outer, inner, self.weight(labels[outer], labels[inner], outer >= begin, False))
            mc.compute()
            sg.extend((begin, n))
            valid = self._valid(mc.mate, sg)
        if not valid:
            raise NoLegalPairing("no legal pairing for round {k}: {why} (players {names})",
                                 players=tuple(labels), reasons={}, k=self.round,
                                 why=Msg("players left unpaired"), names=", ".join(str(p) for p in labels))
        return sg

    @staticmethod
    def _valid(mate: list[int], sg: list[int]) -> bool:
        """Every player of the groups above the last is paired, and at most one (two after an odd count)
        leaves each group."""
        it = 0
        out = 0
        begin = 0
        for v, m in enumerate(mate):
            if v >= sg[-1]:
                return True
            if v >= sg[it]:
                out = 0
                begin = v
                while v >= sg[it]:
                    it += 1
            if m == v and v < sg[-2]:
                return False
            if m == v or m < begin or m >= sg[it]:
                out += 1
                if out > (2 if sg[it] & 1 else 1):
                    return False
        return True

    def _finalise(self, mc: _Matchings, sg: list[int]) -> tuple[list[tuple[int, int]], dict[int, int]]:
        """3.3: inside each bracket, from the best player by Index down, the lowest partner that keeps the rest
        of the round paired as well."""
        labels = self.labels
        matched: dict[int, int] = {}
        pairs: list[tuple[int, int]] = []
        notes: dict[int, int] = {}  # the score of the bracket each player was paired in
        begin = sg[0]
        floater = None
        for end in sg[1:]:
            if begin == end:
                continue
            full = list(range(begin, end))
            if floater is not None:
                full.append(floater)
                floater = None
            full = list_sort(full, lambda i0, i1: self.index[labels[i1]].below(self.index[labels[i0]]))
            for k, v in enumerate(full):
                for nb in full[k + 1:]:
                    mc.set(v, nb, self.weight(labels[v], labels[nb], True, True))
            score = self.players[labels[begin]].pairing_score
            for k, v in enumerate(full):
                if v in matched:
                    continue
                priority = 1
                for nb in full[k + 1:]:
                    if nb not in matched:
                        w = self.weight(labels[v], labels[nb], True, True)
                        if w:
                            mc.set(v, nb, w + priority)
                            priority += 1
                mate = mc.compute()
                m = mate[v]
                if m >= end:
                    floater = v
                    continue
                if m == v:
                    raise NoLegalPairing("no legal pairing for round {k}: {why} (players {names})",
                                         players=(labels[v],), reasons={}, k=self.round,
                                         why=Msg("players left unpaired"), names=str(labels[v]))
                matched[v], matched[m] = m, v
                pairs.append((labels[v], labels[m]))
                notes[labels[v]] = notes[labels[m]] = score
                mc.fix(v, m)
            begin = end
        return pairs, notes

    # -- colours and boards
    def colour_of(self, a: int, b: int) -> str:
        """4: the colour of `a` against `b`."""
        pa, pb = self.players[a], self.players[b]
        c = _neutral(pa, pb)
        if c is not None:
            return c
        if pa.pref is None:
            if pa.rank < pb.rank:
                return _other(self.initial) if pa.rank & 1 else self.initial
            return self.initial if pb.rank & 1 else _other(self.initial)
        # both prefer the same colour here (else _neutral decided): the higher-ranked player gets it
        return _other(pa.pref) if self.index[a].below(self.index[b]) else pa.pref

    def _finish(self, pairs: list[tuple[int, int]], bye: int | None, notes: dict[int, int]) -> Pairing:
        games = []
        why = {}
        for a, b in pairs:
            ca = self.colour_of(a, b)
            w, bl = (a, b) if ca == "w" else (b, a)
            games.append((w, bl))
            bracket = notes[a]
            parts = [Msg("bx_group", score=_pts(bracket))]
            for x, c in ((w, "w"), (bl, "b")):
                px, ix = self.players[x], self.index[x]
                met = Msg("dx_no_pref") if px.pref is None else (
                    Msg("dx_pref_met") if px.pref == c else Msg(f"dx_pref_not_met_{px.pref}", strength=Msg(
                        "dx_absolute" if px.absolute else "dx_strong" if px.strong else "dx_mild")))
                fl = []
                if px.acceleration:
                    fl.append(Msg("bx_virtual", v=_pts(px.acceleration)))
                if px.pairing_score > bracket:
                    fl.append(Msg("dx_down_now"))
                fields = dict(id=x, pts=_pts(px.pairing_score), sb=_pts2(ix.sb), bh=_pts(ix.bh),
                              colour=Msg("dx_white" if c == "w" else "dx_black"), pref=met)
                parts.append(Msg("bx_player_floats", floats=joined(fl, ", "), **fields) if fl else
                             Msg("bx_player", **fields))
            why[(w, bl)] = parts

        def key(g):
            a, b = g
            pa, pb = self.players[a], self.players[b]
            hi, lo = (a, b) if (pa.score, -pa.rank) > (pb.score, -pb.rank) else (b, a)
            return (-self.players[hi].score, -self.players[lo].score, self.players[hi].rank)

        ordered = sorted(games, key=key)
        reasons = [Msg("dx_pair", w=w, b=b, why=joined([p for p in why[(w, b)] if p is not None], "; "))
                   for w, b in ordered]
        expl = [render(Msg("px_board", n=i + 1, why=r)) for i, r in enumerate(reasons)]
        if bye is not None:
            reasons.append(Msg("bx_bye", id=bye, pts=_pts(self.players[bye].pairing_score)))
            expl.append(render(Msg("px_bye", why=reasons[-1])))
        return Pairing(self.round, ordered, bye, expl, reasons)


def _other(c: str) -> str:
    return "b" if c == "w" else "w"


def _neutral(p: _Player, o: _Player) -> str | None:
    """4.1-4.4: the colour of p the preferences decide, or None."""
    if p.pref != o.pref or p.pref is None or o.pref is None:
        if p.pref is not None:
            return p.pref
        if o.pref is not None:
            return _other(o.pref)
        return None
    if p.absolute and (p.imbalance > o.imbalance or not o.absolute):
        return p.pref
    if o.absolute and (o.imbalance > p.imbalance or not p.absolute):
        return _other(o.pref)
    if p.strong and not o.strong:
        return p.pref
    if o.strong and not p.strong:
        return _other(o.pref)
    mine, theirs = _first_difference(p, o)
    return theirs if mine is not None and theirs is not None else None


def _first_difference(p: _Player, o: _Player) -> tuple[str | None, str | None]:
    """The colours of the latest round (counting back over played games) in which the two differ."""
    a = [x.colour for x in p.rounds if x.played]
    b = [x.colour for x in o.rounds if x.played]
    i, j = len(a) - 1, len(b) - 1
    while i >= 0 and j >= 0 and a[i] == b[j]:
        i -= 1
        j -= 1
    return (a[i] if i >= 0 else None), (b[j] if j >= 0 else None)


def list_sort(items: list[int], less) -> list[int]:
    """A stable bottom-up merge sort that makes its comparisons in a fixed order (the one of the C++
    library's list sort), so that an order that is not transitive (a floater against residents)
    places the floater where bbpPairings does."""
    if len(items) <= 1:
        return list(items)

    def merge(into: list[int], other: list[int]) -> list[int]:
        out = []
        i = j = 0
        while i < len(into) and j < len(other):
            if less(other[j], into[i]):
                out.append(other[j])
                j += 1
            else:
                out.append(into[i])
                i += 1
        out.extend(into[i:])
        out.extend(other[j:])
        return out

    bins: list[list[int]] = []
    for x in items:
        carry = [x]
        k = 0
        while k < len(bins) and bins[k]:
            carry = merge(bins[k], carry)
            bins[k] = []
            k += 1
        if k == len(bins):
            bins.append(carry)
        else:
            bins[k] = carry
    result: list[int] = []
    for b in bins:
        result = merge(b, result) if result else b
    return result


def _pts(t: int) -> str:
    return f"{t // 10}.{t % 10}" if t % 10 else str(t // 10)


def _pts2(t: int) -> str:
    """A product of two scores in tenths (hundredths of a point squared), as points."""
    whole, rest = divmod(t, 100)
    return f"{whole}.{rest:02d}".rstrip("0").rstrip(".") if rest else str(whole)
