"""Tie-break values of every player at once, in integers (the standings path).

The functions of the family modules (buchholz.py, sonneborn.py, ...) compute
one player's value with the terms that explain it, in Fractions: right for
``--explain``, slow for 2000 players. Here the same rules give every player's
value in one pass over plain integers: points are counted in units of 1/D
(`Context.D`, the common denominator of every point value of the scoring), so
a Buchholz is an integer over D, a Sonneborn-Berger an integer over D*D. A
batch function returns ``(numerators, den)`` (a value is ``Fraction(n, den)``
and the numerators sort as the values do) or ``(fractions, None)``.

Each function mirrors the one it replaces step by step (same cut order, same
rounding); tests/test_tiebreaks_fast.py checks them against a frozen copy of
the straightforward implementation on random events.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import accumulate
from math import ceil
from operator import mul
from typing import Callable

from core.records import Outcome
from core.tiebreaks.context import FORFEITS, HAS_OPPONENT, PLAYED, VUR_SET, Context

F = Fraction
Batch = tuple[dict, "int | None"]

_WIN_KINDS = (Outcome.WIN, Outcome.FORFEIT_WIN)


def _i(ctx: Context, x) -> int:
    """A point value (a multiple of 1/D) times D."""
    return (F(x) * ctx.D).numerator


# -- BH / SB terms -------------------------------------------------------------
def contributions(ctx: Context) -> dict[int, tuple[list[int], list[int], tuple[int, ...]]]:
    """Per player the values (x D) and points (x D) of the terms of unplayed.contributions,
    in round order, and the indices of the terms that are voluntary unplayed rounds.
    The lists are shared: read them, do not change them."""
    c = ctx._cache.get("fast-contrib")
    if c is not None:
        return c
    ipoints = ctx.ipoints
    adj = ctx.iadj()
    games = HAS_OPPONENT if ctx.flags["forfeits_as_played"] else PLAYED
    idraw = _i(ctx, ctx.draw)
    const = (games, adj, _i(ctx, ctx.win), idraw, _i(ctx, ctx.loss), idraw * ctx.n_scheduled())
    out = {}
    for pid, recs in ctx.recs.items():
        if games.issuperset([rec.outcome for rec in recs]):  # every round a counted game: the usual case
            out[pid] = ([adj[rec.opponent] for rec in recs], ipoints[pid], ())
        else:
            out[pid] = _contributions(ctx, pid, const)
    ctx._cache["fast-contrib"] = out
    return out


def _contributions(ctx: Context, pid: int, const: tuple):
    games, adj, iwin, idraw, iloss, cap_bye = const
    ip = ctx.ipts
    swiss = ctx.swiss
    legacy = ctx.edition == "legacy"
    dummy = ctx.flags["apply_16_4_dummy"]
    capped = ctx.edition == "fide2026"
    vals: list[int] = []
    pts: list[int] = []
    vurs: list[int] = []
    own = ctx.iscore[pid]
    if swiss and not legacy:
        # no round is skipped: the points are the player's points per round, term i is round i + 1
        if dummy and capped:
            own_cap = min(own, cap_bye)
        for i, rec in enumerate(ctx.recs[pid]):
            o = rec.outcome
            if o in games:
                vals.append(adj[rec.opponent])
                continue
            if o in VUR_SET:
                vurs.append(i)
            if not dummy:
                vals.append(adj[rec.opponent] if o in FORFEITS else 0)
            elif not capped:
                vals.append(own)
            elif o in FORFEITS:
                cap = adj[rec.opponent]
                vals.append(cap if cap < own else own)
            else:
                vals.append(own_cap)
        return vals, ctx.ipoints[pid], tuple(vurs)
    before = 0
    for r, rec in enumerate(ctx.recs[pid], 1):
        o = rec.outcome
        p = ip[o]
        if o in games:
            vals.append(adj[rec.opponent])
            pts.append(p)
        elif not swiss and o not in HAS_OPPONENT:
            pass  # round-robin bye seat: no round for tie-break purposes
        elif legacy:
            # virtual opponent: before + complement of the result + draws later
            if p == iwin:
                comp = iloss
            elif p == idraw:
                comp = idraw
            elif p == iloss or p == 0:
                comp = iwin
            else:
                comp = iwin + iloss - p
            vals.append(before + comp + idraw * (ctx.rounds - r))
            pts.append(p)
        else:
            if o in VUR_SET:
                vurs.append(len(vals))
            if not dummy:
                vals.append(adj[rec.opponent] if o in FORFEITS else 0)
            else:
                v = own
                if capped:
                    cap = adj[rec.opponent] if o in FORFEITS else cap_bye
                    if cap < v:
                        v = cap
                vals.append(v)
            pts.append(p)
        before += p
    return vals, pts, tuple(vurs)


def _vur_rule(ctx: Context) -> bool:
    return ctx.edition != "legacy" and ctx.flags["apply_16_5_vur_cut"]


def kept(vals: list[int], prods: list[int], vurs: tuple[int, ...], low: int, high: int, sb: bool,
         vur_rule: bool) -> list[int]:
    """Indices of the terms unplayed.cut leaves uncut (the same choices, on integers;
    the index stands for the round: terms are in round order). `vurs`: indices of
    the voluntary unplayed rounds."""
    live = list(range(len(vals)))
    for _ in range(low):
        if not live:
            break
        if sb:
            i_lsv = min(live, key=lambda i: (vals[i], prods[i], i))
        else:
            i_lsv = min(live, key=lambda i: (vals[i], i))
        vl = [i for i in live if i in vurs] if vur_rule else []
        if not vl:
            pick = i_lsv
        elif not sb:
            pick = min(vl, key=lambda i: (vals[i], i))
        else:
            i_vur = min(vl, key=lambda i: (prods[i], i))
            pick = i_vur if prods[i_vur] >= prods[i_lsv] else i_lsv
        live.remove(pick)
    for _ in range(high):
        if not live:
            break
        if sb:
            pick = max(live, key=lambda i: (vals[i], prods[i], -i))
        else:
            pick = max(live, key=lambda i: (vals[i], -i))
        live.remove(pick)
    return live


def buchholz(low: int = 0, high: int = 0) -> Callable[[Context], Batch]:
    def batch(ctx: Context) -> Batch:
        vr = _vur_rule(ctx)
        out = {}
        for pid, (vals, pts, vurs) in contributions(ctx).items():
            if not low and not high:
                out[pid] = sum(vals)
            elif low == 1 and not high and vr and vurs:
                out[pid] = sum(vals) - min([vals[i] for i in vurs])  # 16.5: the lowest VUR term is cut
            elif low and vr and vurs:
                out[pid] = sum([vals[i] for i in kept(vals, pts, vurs, low, high, False, True)])
            elif low == 1 and not high:
                out[pid] = sum(vals) - min(vals) if vals else 0
            else:
                # without the VUR exception the cuts drop the lowest and highest values
                s = sorted(vals)
                out[pid] = sum(s[low:len(s) - high])
        return out, ctx.D
    return batch


def sonneborn(low: int = 0, high: int = 0) -> Callable[[Context], Batch]:
    def batch(ctx: Context) -> Batch:
        vr = _vur_rule(ctx)
        out = {}
        for pid, (vals, pts, vurs) in contributions(ctx).items():
            prods = list(map(mul, vals, pts))
            if not low and not high:
                out[pid] = sum(prods)
            elif low == 1 and not high and vr and vurs:
                # 16.5: the higher of the lowest VUR term and the least significant term is cut
                lsv = min(zip(vals, prods))[1]
                out[pid] = sum(prods) - max(min([prods[i] for i in vurs]), lsv)
            elif low and vr and vurs:
                out[pid] = sum([prods[i] for i in kept(vals, prods, vurs, low, high, True, True)])
            else:
                # the least significant term is the lowest (value, product); the most, the highest
                s = sorted(zip(vals, prods))
                out[pid] = sum([x[1] for x in s[low:len(s) - high]])
        return out, ctx.D * ctx.D
    return batch


def fore_buchholz(low: int = 0, high: int = 0) -> Callable[[Context], Batch]:
    def batch(ctx: Context) -> Batch:
        from core.tiebreaks.buchholz import _fore_context

        return buchholz(low, high)(_fore_context(ctx))
    return batch


def _opp_base(ctx: Context) -> dict[int, int]:
    """Every player's BH (or FB with aob_base = "FB") times D."""
    fb = ctx.flags["aob_base"] == "FB"
    key = ("fast-aob-base", fb)
    if key not in ctx._cache:
        nums, den = (fore_buchholz() if fb else buchholz())(ctx)
        assert den == ctx.D
        ctx._cache[key] = nums
    return ctx._cache[key]


def sum_of_buchholz(ctx: Context) -> Batch:
    base = _opp_base(ctx)
    return {pid: sum(base[rec.opponent] for rec in recs if rec.outcome in PLAYED)
            for pid, recs in ctx.recs.items()}, ctx.D


def average_of_buchholz(ctx: Context) -> Batch:
    base = _opp_base(ctx)
    out = {}
    for pid, recs in ctx.recs.items():
        opp = [base[rec.opponent] for rec in recs if rec.outcome in PLAYED]
        out[pid] = ctx.frac(sum(opp), ctx.D * len(opp)) if opp else F(0)
    return out, None


# -- own results ---------------------------------------------------------------
def points(ctx: Context) -> Batch:
    return dict(ctx.iscore), ctx.D


def progressive(low: int = 0) -> Callable[[Context], Batch]:
    def batch(ctx: Context) -> Batch:
        # the running scores after each round, the first `low` dropped
        return {pid: sum(list(accumulate(row))[low:]) for pid, row in ctx.ipoints.items()}, ctx.D
    return batch


def _rr_forfeit_win_game(ctx: Context) -> bool:
    return not ctx.swiss and bool(ctx.flags["rr_forfeit_win_counts_in_typeB"])


def wins(ctx: Context) -> Batch:
    iwin = _i(ctx, ctx.win)
    return {pid: row.count(iwin) for pid, row in ctx.ipoints.items()}, 1


def won(ctx: Context) -> Batch:
    kinds = _WIN_KINDS if _rr_forfeit_win_game(ctx) else (Outcome.WIN,)
    return {pid: sum(1 for rec in recs if rec.outcome in kinds) for pid, recs in ctx.recs.items()}, 1


def black_games(ctx: Context) -> Batch:
    kinds = PLAYED | {Outcome.FORFEIT_WIN} if _rr_forfeit_win_game(ctx) else PLAYED
    return {pid: sum(1 for rec in recs if rec.colour == "b" and rec.outcome in kinds)
            for pid, recs in ctx.recs.items()}, 1


def black_wins(ctx: Context) -> Batch:
    kinds = _WIN_KINDS if _rr_forfeit_win_game(ctx) else (Outcome.WIN,)
    return {pid: sum(1 for rec in recs if rec.colour == "b" and rec.outcome in kinds)
            for pid, recs in ctx.recs.items()}, 1


def rounds_elected_to_play(ctx: Context) -> Batch:
    return {pid: len(recs) - sum(1 for rec in recs if rec.outcome in VUR_SET) for pid, recs in ctx.recs.items()}, 1


def standard(ctx: Context) -> Batch:
    """STD in halves."""
    ip = ctx.ipts
    idraw = _i(ctx, ctx.draw)
    allrecs = ctx.recs
    out = {}
    for pid, recs in allrecs.items():
        total = 0
        for r, rec in enumerate(recs):
            o = rec.outcome
            mine = ip[o]
            theirs = ip[allrecs[rec.opponent][r].outcome] if o in HAS_OPPONENT else idraw
            total += 2 if mine > theirs else 1 if mine == theirs else 0
        out[pid] = total
    return out, 2


def quality_of_wins(ctx: Context) -> Batch:
    kinds = _WIN_KINDS if ctx.flags["qw_include_forfeits"] else (Outcome.WIN,)
    iscore = ctx.iscore
    return {pid: sum(iscore[rec.opponent] for rec in recs if rec.outcome in kinds)
            for pid, recs in ctx.recs.items()}, ctx.D


# -- Koya ----------------------------------------------------------------------
def koya_sums(ctx: Context, limits: list[Fraction]) -> dict[int, tuple[int, ...]]:
    """Per player the Koya (x D) for each limit: points scored in counted games
    against opponents whose score is >= the limit."""
    ip = ctx.ipts
    iscore = ctx.iscore
    games = HAS_OPPONENT if ctx.flags["forfeits_as_played"] else PLAYED
    thresholds = [ceil(F(L) * ctx.D) for L in limits]  # score >= L  <=>  score x D >= ceil(L x D)
    out = {}
    if len(thresholds) == 1:
        t = thresholds[0]
        for pid, recs in ctx.recs.items():
            out[pid] = (sum([ip[rec.outcome] for rec in recs if rec.outcome in games and iscore[rec.opponent] >= t]),)
        return out
    for pid, recs in ctx.recs.items():
        terms = [(iscore[rec.opponent], ip[rec.outcome]) for rec in recs if rec.outcome in games]
        out[pid] = tuple(sum([p for s, p in terms if s >= t]) for t in thresholds)
    return out


def koya(mode: str | None) -> Callable[[Context], Batch]:
    """KS (mode None: the flag koya_extension), KS-E, KS-R: the value is the Koya at the first limit."""
    def batch(ctx: Context) -> Batch:
        return {pid: v[0] for pid, v in koya_keys(ctx, mode or ctx.flags["koya_extension"]).items()}, ctx.D
    return batch


def koya_keys(ctx: Context, mode: str) -> dict[int, tuple[int, ...]]:
    """Per player the Koya (x D) at each successive limit of koya.limits (the sort key)."""
    from core.tiebreaks.koya import limits

    key = ("fast-koya-keys", mode)
    if key not in ctx._cache:
        ctx._cache[key] = koya_sums(ctx, limits(ctx, mode))
    return ctx._cache[key]


# -- ratings -------------------------------------------------------------------
def _ratings(ctx: Context) -> dict[int, int] | None:
    """rating_of for every player, or None when rating tie-breaks are dropped."""
    from core.tiebreaks.rating import _dropped

    if _dropped(ctx):
        return None
    if "fast-ratings" not in ctx._cache:
        unrated = int(ctx.flags["unrated_rating"] or 0)  # rating_of for a rating <= 0
        ctx._cache["fast-ratings"] = {pid: p.rating if p.rating > 0 else unrated for pid, p in ctx.players.items()}
    return ctx._cache["fast-ratings"]


def _zero(ctx: Context) -> Batch:
    return {pid: 0 for pid in ctx.recs}, 1


def average_rating(low: int = 0) -> Callable[[Context], Batch]:
    def batch(ctx: Context) -> Batch:
        rt = _ratings(ctx)
        if rt is None:
            return _zero(ctx)
        by_rounds = ctx.flags["aro_divisor"] == "rounds"
        out = {}
        for pid, recs in ctx.recs.items():
            opp = [rt[rec.opponent] for rec in recs if rec.outcome in PLAYED]
            if low:
                opp = sorted(opp)[low:]
            div = max(ctx.rounds - low, 0) if by_rounds else len(opp)
            # round_half_up(total / div) = floor(total / div + 1/2)
            out[pid] = (2 * sum(opp) + div) // (2 * div) if div and opp else 0
        return out, 1
    return batch


def performance(clip: bool = False) -> Callable[[Context], Batch]:
    def batch(ctx: Context) -> Batch:
        from core.tiebreaks.rating import dp

        rt = _ratings(ctx)
        if rt is None:
            return _zero(ctx)
        clip_ = clip or ctx.flags["tpr_400_rule"]
        out = {}
        for pid, recs in ctx.recs.items():
            own = rt[pid]
            opp = []
            halves = 0
            for rec in recs:
                o = rec.outcome
                if o in PLAYED:
                    r = rt[rec.opponent]
                    if clip_ and abs(r - own) > 400:
                        r = own + 400 if r > own else own - 400
                    opp.append(r)
                    halves += 2 if o is Outcome.WIN else 1 if o is Outcome.DRAW else 0
            g = len(opp)
            if not g:
                out[pid] = 0
                continue
            aro = (2 * sum(opp) + g) // (2 * g)
            ph = (100 * halves + g) // (2 * g)  # round_half_up(100 x points / games)
            out[pid] = aro + dp(ph)
        return out, 1
    return batch


def perfect_performance(ctx: Context) -> Batch:
    from core.tiebreaks.rating import ptp

    rt = _ratings(ctx)
    if rt is None:
        return _zero(ctx)
    plus800 = ctx.flags["ptp_perfect_score"] == "plus800"
    out = {}
    for pid, recs in ctx.recs.items():
        opp = [rt[rec.opponent] for rec in recs if rec.outcome in PLAYED]
        halves = sum(2 if rec.outcome is Outcome.WIN else 1 for rec in recs
                     if rec.outcome is Outcome.WIN or rec.outcome is Outcome.DRAW)
        out[pid] = ptp(opp, halves, plus800) if opp else 0
    return out, 1


def _average_of_opponents(ctx: Context, base: dict[int, int]) -> Batch:
    if _ratings(ctx) is None:
        return _zero(ctx)
    out = {}
    for pid, recs in ctx.recs.items():
        vals = [base[rec.opponent] for rec in recs if rec.outcome in PLAYED]
        n = len(vals)
        out[pid] = (2 * sum(vals) + n) // (2 * n) if n else 0
    return out, 1


def average_performance(ctx: Context) -> Batch:
    from core.tiebreaks.registry import lookup

    return _average_of_opponents(ctx, lookup("TPR").scaled(ctx)[0])


def average_perfect_performance(ctx: Context) -> Batch:
    from core.tiebreaks.registry import lookup

    return _average_of_opponents(ctx, lookup("PTP").scaled(ctx)[0])


def own_rating(ctx: Context) -> Batch:
    return {pid: p.rating for pid, p in ctx.players.items()}, 1


def pairing_number(ctx: Context) -> Batch:
    table = ctx.flags["tpn"] or {}
    return {pid: F(table.get(pid, pid)) for pid in ctx.players}, None


# -- direct encounter ----------------------------------------------------------
def direct_encounter(ctx: Context) -> Batch:
    """DE of every player within his score group (direct.direct_encounter's default group):
    the average of his points in the counted games against each member of his group."""
    games = HAS_OPPONENT if ctx.flags["forfeits_as_played"] else PLAYED  # ctx.counts_as_game
    ip = ctx.ipts
    iscore = ctx.iscore
    out: dict[int, Fraction] = {}
    for pid, recs in ctx.recs.items():
        own = iscore[pid]
        per: dict[int, list[int]] = {}
        for rec in recs:
            q = rec.opponent
            if rec.outcome in games and q != pid and iscore[q] == own:
                per.setdefault(q, []).append(ip[rec.outcome])
        if all(len(g) == 1 for g in per.values()):
            out[pid] = ctx.frac(sum([g[0] for g in per.values()]))
        else:  # repeated games: the average of each pairing's games (6.1.2)
            out[pid] = sum((F(sum(g), len(g)) for g in per.values()), F(0)) / ctx.D
    return out, None
