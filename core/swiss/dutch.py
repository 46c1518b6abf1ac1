"""The FIDE (Dutch) system, C.04.3 (2026), as bbpPairings v6.0.0 applies it.

`pair_round(request)` pairs one round (dutch.md sections 2-7). Scores are
integers in tenths; "player index" below means the 0-based position in the
rank order of the players to pair (3.1).

Criteria and where they live:
C1 (no rematch, forbidden pairs), C3 (absolute colours) -> `RoundData.comp`
(compatibility, 3.4); C2 (PAB eligibility) -> `RoundData.elig`; C4
(completion) and C5 (bye score beta) -> `RoundData.beta` and the oracle used by
`brackets.BracketSearch.feasible`; C6/C7 -> value part A; C8 -> V3/V4 (nested
search of the next bracket); C9 -> V5 (`c9rank`, `c9` flags); C10-C13 colour
and C14-C21 float criteria -> `BracketSearch.q`. Section 6 (colours) is
`colours.allocate`, section 7 (board order) is `_board_order`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from fractions import Fraction

from arbiter.core.errors import NoLegalPairing
from arbiter.core.msg import Msg, joined, render, word
from arbiter.core.event.records import Outcome, PlayerHistory
from arbiter.core.swiss.brackets import BracketSearch
from arbiter.core.swiss.colours import STRENGTH_NAME, ColourState, allocate, colour_state
from arbiter.core.swiss.matching import perfect_matching
from arbiter.core.swiss.request import Pairing, PairingRequest


def _tenths(v: Fraction) -> int:
    t = Fraction(v) * 10
    if t.denominator != 1:
        raise ValueError(f"points {v} are not a multiple of 0.1")
    return int(t)


def rounds_played(players: list[PlayerHistory]) -> int:
    """2.2: the last round in which someone was paired by the engine."""
    r = 0
    for p in players:
        for j, rec in enumerate(p.records, 1):
            if rec.outcome.paired and j > r:
                r = j
    return r


class RoundData:
    """Per-player data of 2.1-2.9 and the definitions of section 3 for one round."""

    def __init__(self, req: PairingRequest):
        self.req = req
        sc = req.scoring
        W, D, L = _tenths(sc.win), _tenths(sc.draw), _tenths(sc.loss)
        self.W, self.D, self.L = W, D, L
        players = list(req.players)
        r = rounds_played(players)
        longest = max((len(p.records) for p in players), default=0)
        r = max(r, longest - 1)  # a record two rounds ahead: the blank round counts as played
        if players and r < longest and all(len(p.records) > r for p in players):
            r += 1  # everybody already has a record for the next round: it counts as played
        self.r = r
        k = r + 1
        self.k = k
        absent = set(req.absent)
        for p in players:
            if len(p.records) > r:  # a record for the round being paired: not paired
                absent.add(p.id)
        pts = {o: _tenths(sc.points(o)) for o in Outcome}

        def recs(p: PlayerHistory):
            rs = list(p.records[:r])
            while len(rs) < r:
                rs.append(None)
            return rs

        hist = {p.id: recs(p) for p in players}

        def rpts(rec) -> int:
            return pts[Outcome.ABSENT] if rec is None else pts[rec.outcome]

        # valid players and effective numbers (2.3)
        valid = [p for p in players if p.id not in absent or any(
            rec is not None and rec.outcome.paired for rec in hist[p.id])]
        self.eff = {p.id: i for i, p in enumerate(valid)}
        # acceleration (section 8)
        acc: dict[int, dict[int, int]] = {}
        if req.acceleration:
            for pid, rounds in req.acceleration.items():
                acc[pid] = {j: _tenths(v) for j, v in rounds.items()}
        elif req.baku:
            n_all = len(players)
            ga = (n_all + 1) // 2
            a_rounds = (req.total_rounds + 1) // 2
            full = (a_rounds + 1) // 2
            for p in players[:ga]:
                acc[p.id] = {j: (W if j <= full else D) for j in range(1, a_rounds + 1)}

        def a(pid: int, j: int) -> int:
            return acc.get(pid, {}).get(j, 0)

        def ps_before(pid: int, j: int) -> int:  # PS_j: points of rounds 1..j-1 + a(p, j)
            return sum(rpts(rec) for rec in hist[pid][:j - 1]) + a(pid, j)

        to_pair = [p for p in valid if p.id not in absent]
        score = {p.id: sum(rpts(rec) for rec in hist[p.id]) for p in valid}
        ps = {p.id: score[p.id] + a(p.id, k) for p in valid}
        to_pair.sort(key=lambda p: (-ps[p.id], self.eff[p.id]))
        self.ids = [p.id for p in to_pair]
        n = len(self.ids)
        self.n = n
        self.index = {pid: i for i, pid in enumerate(self.ids)}
        self.ps = [ps[pid] for pid in self.ids]
        self.score = [score[pid] for pid in self.ids]
        self.e = [self.eff[pid] for pid in self.ids]
        levels = sorted(set(self.ps), reverse=True)
        self.levels = levels
        self.nlevels = max(1, len(levels))
        self.level = [levels.index(v) for v in self.ps]
        self.cs: list[ColourState] = []
        self.games, self.elig = [], []
        self.d1, self.u1, self.d2, self.u2 = [], [], [], []
        for pid in self.ids:
            hs = hist[pid]
            cols = tuple(rec.colour for rec in hs if rec is not None and rec.outcome.played)
            self.cs.append(colour_state(cols))
            self.games.append(len(cols))
            self.elig.append(not any(
                rec is not None and not rec.outcome.played and
                (rec.outcome is Outcome.PAB or rpts(rec) >= W) for rec in hs))
            fl = []
            for j in (r, r - 1):
                f = 0
                if j >= 1:
                    rec = hs[j - 1]
                    if rec is None or not rec.outcome.played:
                        f = 1 if rpts(rec) > L else 0
                    else:
                        mine, theirs = ps_before(pid, j), ps_before(rec.opponent, j)
                        f = 1 if mine > theirs else (-1 if mine < theirs else 0)
                fl.append(f)
            self.d1.append(fl[0] == 1)
            self.u1.append(fl[0] == -1)
            self.d2.append(fl[1] == 1)
            self.u2.append(fl[1] == -1)
        # topscorers (3.3) and compatibility (3.4)
        self.last_round = r >= req.total_rounds - 1
        thr = (r * max(W, D)) // 2
        top = [self.last_round and v > thr for v in self.ps]
        index = {pid: i for i, pid in enumerate(self.ids)}
        everyone = (1 << n) - 1
        comp = [everyone & ~(1 << i) for i in range(n)]
        for i, pid in enumerate(self.ids):  # C1: played games and forbidden pairs
            for rec in hist[pid]:
                if rec is not None and rec.outcome.played and rec.opponent in index \
                        and frozenset((pid, rec.opponent)) not in req.allow_rematch:
                    comp[i] &= ~(1 << index[rec.opponent])
        for pair in req.forbidden:
            a, b = tuple(pair) if len(pair) == 2 else (None, None)
            if a in index and b in index:
                comp[index[a]] &= ~(1 << index[b])
                comp[index[b]] &= ~(1 << index[a])
        topmask = sum(1 << i for i in range(n) if top[i])
        for colour in ("w", "b"):  # C3: same absolute preference, unless a topscorer is involved
            absmask = sum(1 << i for i in range(n)
                          if self.cs[i].strength == 3 and self.cs[i].pref == colour)
            for i in range(n):
                if (absmask >> i) & 1 and not top[i]:
                    comp[i] &= ~(absmask & ~topmask)
        self.comp = comp
        self.want_w = sum(1 << i for i in range(n) if self.cs[i].pref == "w")
        self.want_b = sum(1 << i for i in range(n) if self.cs[i].pref == "b")
        self.odd = n % 2 == 1
        self.nv = n + 1 if self.odd else n
        self.bye_vertex = n if self.odd else None
        self.beta = None
        self.byecand = 0
        self.c9rank: dict[int, int] = {}
        self.adj = list(comp) + ([0] if self.odd else [])
        self.progress: Callable[[], None] = _no_progress  # pair_round's callback

    def set_bye_candidates(self, mask: int) -> None:
        bv = self.bye_vertex
        self.adj = list(self.comp) + [mask]
        for i in range(self.n):
            if (mask >> i) & 1:
                self.adj[i] |= 1 << bv
        self.byecand = mask


def _no_pairing(rd: RoundData, why: str, **params) -> NoLegalPairing:
    """Name the players a maximum matching leaves without an opponent, and why."""
    from arbiter.core.swiss.matching import maximum_matching
    n = rd.n
    mate = maximum_matching(list(rd.comp), (1 << n) - 1) if n else []
    exposed = [i for i in range(n) if mate[i] < 0]
    reasons = {}
    for i in exposed or range(n):
        pid = rd.ids[i]
        cs = rd.cs[i]
        can = bin(rd.comp[i]).count("1")
        if cs.strength == 3 and cs.pref is not None:
            why_i = Msg("can meet {can} of the other {others} players to pair (earlier games, forbidden pairs, "
                        "absolute {colour} colour preference)", can=can, others=n - 1,
                        colour=word("white" if cs.pref == "w" else "black"))
        else:
            why_i = Msg("can meet {can} of the other {others} players to pair (earlier games, forbidden pairs)",
                        can=can, others=n - 1)
        if rd.odd and not rd.elig[i]:
            why_i = joined([why_i, Msg("not eligible for the bye (already had a PAB or a win without playing)")], ", ")
        reasons[pid] = why_i
    why_all = Msg(why, **params)
    if rd.odd and not any(rd.elig):
        why_all = joined([why_all, Msg("nobody is eligible for the pairing-allocated bye")], "; ")
    names = ", ".join(str(p) for p in reasons)
    return NoLegalPairing("no legal pairing for round {k}: {why} (players {names})", players=tuple(reasons),
                          reasons=reasons, k=rd.k, why=why_all, names=names)


def _board_order(rd: RoundData, games: list[tuple[int, int]]) -> list[tuple[int, int]]:
    def key(g):
        a, b = g
        ha, hb = (rd.score[a], -rd.e[a]), (rd.score[b], -rd.e[b])
        hi, lo = (a, b) if ha > hb else (b, a)
        return (-rd.score[hi], -rd.score[lo], rd.e[hi])
    return sorted(games, key=key)


def _no_progress() -> None:
    pass


def pair_round(req: PairingRequest, *, progress: Callable[[], None] | None = None) -> Pairing:
    """Pair one round (dutch.md section 5).

    `progress`, when given, is called without arguments many times while the
    engine works (between brackets, every few hundred nodes of a search, at
    each matching), at least about every 100 ms of work, so a caller can show
    that it is working or cancel: whatever it raises propagates out of
    `pair_round` at once. The engine keeps no state between calls, so a
    pairing aborted that way leaves nothing behind and the same request pairs
    exactly as before."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10000 + 4 * len(req.players)))
    try:
        return _pair_round(req, progress or _no_progress)
    finally:
        sys.setrecursionlimit(limit)


def _pair_round(req: PairingRequest, progress: Callable[[], None]) -> Pairing:
    progress()
    rd = RoundData(req)
    rd.progress = progress
    progress()
    n = rd.n
    if n == 0:
        raise NoLegalPairing("no player to pair in round {k}", k=rd.k)
    full = (1 << rd.nv) - 1
    if rd.odd:
        # beta (3.5): the lowest score level at which an eligible player can be left out
        witness = None
        for s in sorted(set(rd.ps)):
            progress()
            cand = sum(1 << i for i in range(n) if rd.elig[i] and rd.ps[i] <= s)
            if not cand:
                continue
            rd.set_bye_candidates(cand)
            witness = perfect_matching(rd.adj, full)
            if witness is not None:
                rd.beta = s
                break
        if rd.beta is None:
            raise _no_pairing(rd, "nobody can receive the pairing-allocated bye")
        rd.set_bye_candidates(sum(1 << i for i in range(n) if rd.elig[i] and rd.ps[i] == rd.beta))
        witness = perfect_matching(rd.adj, full, witness)
        # C9 ranks (5.2)
        g = sorted((rd.games[i] for i in range(n) if rd.ps[i] == rd.beta), reverse=True)
        pos = {v: len(g) - 1 - g[::-1].index(v) for v in set(g)}
        rd.c9rank = {i: pos[rd.games[i]] for i in range(n) if rd.ps[i] == rd.beta}
    else:
        witness = perfect_matching(rd.adj, full)
    if witness is None:
        raise _no_pairing(rd, "the players cannot all be paired (rematches, forbidden pairs or colours)")

    groups: list[list[int]] = [[] for _ in rd.levels]
    for i in range(n):
        groups[rd.level[i]].append(i)
    rest = full
    c9 = False
    if rd.odd and rd.beta >= rd.levels[0]:
        g1 = groups[0]
        sub = BracketSearch(rd, [], g1, [], rest, witness, False, full=False)
        c9 = sub.run()[0][0][0] == (len(g1) - 1) // 2 and len(g1) % 2 == 1
    pairs: list[tuple[int, int]] = []
    notes: dict[int, tuple] = {}  # reasons as core.msg.i18n messages, for _finish
    mdps: list[int] = []
    for gi, G in enumerate(groups):
        progress()
        N = groups[gi + 1] if gi + 1 < len(groups) else []
        B = mdps + G
        if len(B) <= 1 and not N:
            mdps = B
            break
        search = BracketSearch(rd, mdps, G, N, rest, witness, c9)
        best = search.run()
        if best is None:
            raise _no_pairing(rd, "bracket {score} cannot be completed", score=_pts(rd.levels[gi]))
        value, P, Dmask = best
        for hi, lo in P:
            notes[hi] = notes[lo] = (
                Msg("dx_group_mdps", score=_pts(rd.levels[gi]), mdps=", ".join(str(rd.ids[m]) for m in mdps))
                if mdps else Msg("dx_group", score=_pts(rd.levels[gi])))
        pairs.extend(P)
        paired_mask = sum((1 << a) | (1 << b) for a, b in P)
        rest &= ~paired_mask
        witness = search.feas_cache.get(Dmask) or perfect_matching(rd.adj, rest, witness)
        D = [x for x in B if (Dmask >> x) & 1]
        if N:
            v3 = value[1][0]
            c9 = (rd.odd and rd.beta >= rd.ps[N[0]] and (len(D) + len(N)) % 2 == 1
                  and v3 == (len(D) + len(N) - 1) // 2)
        for x in D:
            notes[x] = Msg("dx_floats_from", score=_pts(rd.levels[gi]))
        mdps = D
        if not N:
            break
    bye = None
    if mdps:
        if len(mdps) != 1 or not rd.odd:
            raise _no_pairing(rd, "players left unpaired")
        bye = mdps[0]
    progress()
    return _finish(rd, pairs, bye, notes)


def _pts(t: int) -> str:
    return f"{t // 10}.{t % 10}" if t % 10 else str(t // 10)


def _finish(rd: RoundData, pairs, bye, notes) -> Pairing:
    """Colours (section 6), board order (section 7) and the reason for each board.

    The reasons are kept as core.msg.i18n messages (`Pairing.reasons`, one per
    board, then the bye) and rendered in English as `Pairing.explanation`.
    """
    init = rd.req.initial_colour or "w"
    games = []
    why_of = {}
    for a, b in pairs:
        hi, lo = (a, b) if a < b else (b, a)
        ch, cl = allocate(rd.cs[hi], rd.cs[lo], rd.e[hi], init)
        w, bl = (hi, lo) if ch == "w" else (lo, hi)
        games.append((w, bl))
        parts = [notes.get(hi)]
        for x, c in ((hi, ch), (lo, cl)):
            cs = rd.cs[x]
            met = Msg("dx_no_pref") if cs.pref is None else (
                Msg("dx_pref_met") if cs.pref == c else
                Msg(f"dx_pref_not_met_{cs.pref}", strength=Msg(f"dx_{STRENGTH_NAME[cs.strength]}")))
            fl = []
            if rd.d1[x]:
                fl.append(Msg("dx_down_last"))
            if rd.u1[x]:
                fl.append(Msg("dx_up_last"))
            if rd.ps[x] != rd.ps[hi if x == lo else lo]:
                fl.append(Msg("dx_down_now" if rd.ps[x] > rd.ps[hi if x == lo else lo] else "dx_up_now"))
            colour = Msg("dx_white" if c == "w" else "dx_black")
            parts.append(Msg("dx_player_floats", id=rd.ids[x], pts=_pts(rd.ps[x]), colour=colour, pref=met,
                             floats=joined(fl, ", ")) if fl else
                         Msg("dx_player", id=rd.ids[x], pts=_pts(rd.ps[x]), colour=colour, pref=met))
        why_of[(w, bl)] = joined(parts, "; ")
    ordered = _board_order(rd, games)
    boards = [(rd.ids[w], rd.ids[b]) for w, b in ordered]
    reasons = [Msg("dx_pair", w=rd.ids[w], b=rd.ids[b], why=why_of[(w, b)]) for w, b in ordered]
    expl = [render(Msg("px_board", n=i + 1, why=r)) for i, r in enumerate(reasons)]
    bye_id = None
    if bye is not None:
        bye_id = rd.ids[bye]
        reasons.append(Msg("dx_bye", id=bye_id, pts=_pts(rd.ps[bye]), beta=_pts(rd.beta), games=rd.games[bye]))
        expl.append(render(Msg("px_bye", why=reasons[-1])))
    return Pairing(rd.k, boards, bye_id, expl, reasons)
