"""Koya: KS, the limit modifier and extended/reduced Koya (C.07 9.2, 14.5; seed 32.1.2-3).

KS = points scored against opponents whose final score is >= L, where
L = 50 % x win points x games each player is scheduled to play (flag
``koya_max_score_basis`` = "games", default; "rounds" as the TEC engine), moved
by ``koya_limit_offset`` (14.5). Games include round-robin forfeits (15.2).

Extended Koya (flag ``koya_extension`` = "extend", or code KS-E): while a tie
persists, lower L to include the next lower score group. Reduced Koya ("reduce",
KS-R): raise L to exclude the lowest included group. The column keeps for
every player the KS at each successive limit (`Koya.steps`); the ranking
compares them lexicographically, which applies the next limit only to players
still tied.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import ceil
from typing import Mapping

from arbiter_tournament.core.errors import Msg, joined
from arbiter_tournament.core.tiebreaks.context import HAS_OPPONENT, Column, Context, Term, Value, fmt
from arbiter_tournament.core.tiebreaks.unplayed import KIND_LABEL

F = Fraction


def scheduled_games(ctx: Context) -> int:
    """The games each player is scheduled to play (flag ``koya_games``, or by the basis flag)."""
    if ctx.flags.koya_games:
        return int(ctx.flags.koya_games)
    if ctx.flags.koya_max_score_basis == "rounds":
        return ctx.rounds
    return max((sum([rec.outcome in HAS_OPPONENT for rec in recs]) for recs in ctx.records.values()), default=0)


def limits(ctx: Context, mode: str) -> list[Fraction]:
    """The Koya limit (9.2, 14.5), then for extended / reduced Koya the next ones."""
    first = F(1, 2) * ctx.win * scheduled_games(ctx) + F(ctx.flags.koya_limit_offset)
    out = [first]
    scores = sorted(ctx.frac(n) for n in set(ctx.iscore.values()))  # the distinct scores
    if mode == "extend":
        out += [s for s in reversed(scores) if s < first]
    elif mode == "reduce":
        included = [s for s in scores if s >= first]
        out += included[1:]
    return out


@dataclass(frozen=True)
class Koya:
    """The decisions behind a Koya column: the limits in turn; per player the rounds of
    the games (9.2: `Context.games`, round-robin forfeits too) whose opponent scored
    less than the first limit (cut), and the KS x D at each limit."""

    mode: str
    games: int
    limits: tuple[Fraction, ...]
    below: Mapping[int, list[int]]
    steps: Mapping[int, tuple[int, ...]]


def koya(ctx: Context, mode: str | None) -> Column[Koya]:
    """KS (mode None: the flag ``koya_extension``), KS-E ("extend"), KS-R ("reduce"):
    the value is the KS at the first limit."""
    mode = mode or ctx.flags.koya_extension
    lims = limits(ctx, mode)
    thresholds = [ceil(L * ctx.D) for L in lims]  # score >= L  <=>  score x D >= ceil(L x D)
    first = thresholds[0]
    ip = ctx.ipts
    iscore = ctx.iscore
    games = ctx.games
    below: dict[int, list[int]] = {}
    steps: dict[int, tuple[int, ...]] = {}
    for pid, recs in ctx.records.items():
        if len(thresholds) == 1:
            cut, total = [], 0
            for r, rec in enumerate(recs, 1):
                if rec.outcome in games:
                    if iscore[rec.opponent_id] >= first:
                        total += ip[rec.outcome]
                    else:
                        cut.append(r)
            below[pid], steps[pid] = cut, (total,)
            continue
        below[pid] = [r for r, rec in enumerate(recs, 1) if rec.outcome in games and iscore[rec.opponent_id] < first]
        terms = [(iscore[rec.opponent_id], ip[rec.outcome]) for rec in recs if rec.outcome in games]
        steps[pid] = tuple(sum([p for s, p in terms if s >= th]) for th in thresholds)
    values = {pid: s[0] for pid, s in steps.items()}
    return Column(values, ctx.D, Koya(mode, scheduled_games(ctx), tuple(lims), below, steps))


def koya_keys(ctx: Context, col: Column[Koya]) -> Mapping[int, tuple[int, ...]]:
    return col.why.steps


def explain_koya(ctx: Context, col: Column[Koya], pid: int) -> Value:
    k = col.why
    first = k.limits[0]
    recs = ctx.records[pid]
    below = set(k.below[pid])
    rows = []
    for r, rec in enumerate(recs, 1):
        if rec.outcome not in ctx.games:
            continue
        score = ctx.score[rec.opponent_id]
        why = None if r not in below else Msg("opponent's score {score} below the limit {limit}",
                                              score=fmt(score), limit=fmt(first))
        rows.append(Term(r, rec.opponent, KIND_LABEL[rec.outcome], score, ctx.pts(rec), ctx.pts(rec), why))
    notes = [Msg("limit {limit} (50 % of {n} games x win points)", limit=fmt(first), n=k.games)]
    if len(k.limits) > 1:
        steps = joined([Msg("limit {limit}: {value}", limit=fmt(L), value=fmt(ctx.frac(v)))
                        for L, v in zip(k.limits, k.steps[pid])], ", ")
        if k.mode == "extend":
            notes.append(Msg("extended Koya steps: {steps}", steps=steps))
        else:
            notes.append(Msg("reduced Koya steps: {steps}", steps=steps))
    return Value(ctx.frac(col.values[pid], col.den), tuple(rows), tuple(notes))
