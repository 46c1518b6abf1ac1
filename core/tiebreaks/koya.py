"""Koya: KS, the limit modifier and extended/reduced Koya (C.07 9.2, 14.5; seed 32.1.2-3).

KS = points scored against opponents whose final score is >= L, where
L = 50 % x win points x games each player is scheduled to play (flag
``koya_max_score_basis`` = "games", default; "rounds" as the TEC engine), moved
by ``koya_limit_offset`` (14.5). Games include round-robin forfeits (15.2).

Extended Koya (flag ``koya_extension`` = "extend", or code KS-E): while a tie
persists, lower L to include the next lower score group. Reduced Koya ("reduce",
KS-R): raise L to exclude the lowest included group. `koya_key` gives the
sequence of KS values for the successive limits; the ranking compares it
lexicographically, which applies the next limit only to players still tied.
"""

from __future__ import annotations

from fractions import Fraction

from core.tiebreaks.context import HAS_OPPONENT, Context, Term, Value, fmt
from core.tiebreaks.unplayed import KIND_LABEL

F = Fraction


def scheduled_games(ctx: Context) -> int:
    if "koya-games" not in ctx._cache:
        ctx._cache["koya-games"] = _scheduled_games(ctx)
    return ctx._cache["koya-games"]


def _scheduled_games(ctx: Context) -> int:
    if ctx.flags["koya_games"]:
        return int(ctx.flags["koya_games"])
    if ctx.flags["koya_max_score_basis"] == "rounds":
        return ctx.rounds
    return max((sum([r.outcome in HAS_OPPONENT for r in recs]) for recs in ctx.recs.values()), default=0)


def base_limit(ctx: Context) -> Fraction:
    return F(1, 2) * ctx.win * scheduled_games(ctx) + F(ctx.flags["koya_limit_offset"])


def limits(ctx: Context, mode: str | None = None) -> list[Fraction]:
    mode = mode or ctx.flags["koya_extension"]
    first = base_limit(ctx)
    out = [first]
    scores = sorted(ctx.frac(n) for n in set(ctx.iscore.values()))  # the distinct scores
    if mode == "extend":
        out += [s for s in reversed(scores) if s < first]
    elif mode == "reduce":
        included = [s for s in scores if s >= first]
        out += included[1:]
    return out


def koya(ctx: Context, pid: int, limit: Fraction | None = None) -> Value:
    L = base_limit(ctx) if limit is None else limit
    terms = []
    for r, rec in enumerate(ctx.recs[pid], 1):
        if not rec.outcome.has_opponent or not ctx.counts_as_game(rec):
            continue
        s = ctx.score[rec.opponent]
        cut = None if s >= L else f"opponent's score {fmt(s)} below the limit {fmt(L)}"
        terms.append(Term(r, rec.opponent, KIND_LABEL[rec.outcome], s, ctx.pts(rec), ctx.pts(rec), cut))
    total = sum((t.contribution for t in terms if t.cut is None), F(0))
    return Value(total, tuple(terms), (f"limit {fmt(L)} (50 % of {scheduled_games(ctx)} games x win points)",))


def koya_key(ctx: Context, pid: int, mode: str | None = None) -> tuple[Fraction, ...]:
    return tuple(koya(ctx, pid, L).value for L in limits(ctx, mode))


def koya_explained(ctx: Context, pid: int, mode: str | None = None) -> Value:
    base = koya(ctx, pid)
    seq = limits(ctx, mode)
    if len(seq) == 1:
        return base
    steps = ", ".join(f"limit {fmt(L)}: {fmt(koya(ctx, pid, L).value)}" for L in seq)
    name = {"extend": "extended", "reduce": "reduced"}[mode or ctx.flags["koya_extension"]]
    return Value(base.value, base.terms, base.notes + (f"{name} Koya steps: {steps}",))
