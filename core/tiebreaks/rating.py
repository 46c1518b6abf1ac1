"""Rating tie-breaks: ARO, ARO-Cn, TPR, TPR-400, PTP, APRO, APPO (C.07 art. 10,
FIDE B.02 8.1.1/8.1.2; seed 32.4).

Only games played over the board count; forfeits and byes never do. Results are
integers as the rules round them (0.5 up).

* ARO: average rating of the OTB opponents (divisor: games, or the number of
  rounds with ``aro_divisor="rounds"``, seed 32.4.1). ARO-Cn drops the n lowest.
* TPR: rounded ARO + dp(p), p = OTB points / OTB games rounded half up to 0.01.
* TPR-400 (seed 32.4.3.1): each opponent's rating first clipped to own +-400.
  A player who "chose not to play" more than two games (more than two voluntary
  unplayed rounds [us]) ranks below every other TPR (`ranks_last`).
* PTP: the lowest integer R with sum PD(R - R_j) >= OTB points (no 400 cut);
  score 0: lowest opponent - 800; 100 %: highest opponent + 736 (literal rule).
* APRO / APPO: average TPR / PTP of the OTB opponents, rounded 0.5 up.

Unrated participants (rating 0): with the flag ``unrated_rating`` unset every
rating tie-break is dropped (all values 0, C.07 art. 10); set it to give them
a rating.

Every rule gives a `Column` of integers for every player, with the ratings it
counted (`Ratings`), from which `--explain` says one player's terms.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Mapping

from arbiter_tournament.core.errors import Msg
from arbiter_tournament.core.event.records import Outcome
from arbiter_tournament.core.tiebreaks.context import PLAYED, VUR_SET, Column, Context, Term, Value, fmt, half_up, sum_of
from arbiter_tournament.core.tiebreaks.unplayed import GAME

F = Fraction

# B.02 8.1.1, p = 0.50 .. 1.00 in hundredths -> dp; dp(1 - p) = -dp(p).
_DP_UPPER = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309,
    322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
]
assert len(_DP_UPPER) == 51


def dp(hundredths: int) -> int:
    """The B.02 8.1.1 rating difference for a score fraction p = hundredths / 100."""
    if not 0 <= hundredths <= 100:
        raise ValueError("p must be between 0 and 1")
    return _DP_UPPER[hundredths - 50] if hundredths >= 50 else -_DP_UPPER[50 - hundredths]


# B.02 8.1.2: upper bound of the rating difference D -> PD of the higher-rated player (hundredths).
_PD = [
    (3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57), (61, 58), (68, 59),
    (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65), (121, 66), (129, 67), (137, 68),
    (145, 69), (153, 70), (162, 71), (170, 72), (179, 73), (188, 74), (197, 75), (206, 76), (215, 77),
    (225, 78), (235, 79), (245, 80), (256, 81), (267, 82), (278, 83), (290, 84), (302, 85), (315, 86),
    (328, 87), (344, 88), (357, 89), (374, 90), (391, 91), (411, 92), (432, 93), (456, 94), (484, 95),
    (517, 96), (559, 97), (619, 98), (735, 99),
]


# pd for |D| = 0 .. 735 (above: 100), from the B.02 8.1.2 bounds
_PD_TABLE = [next(v for upper, v in _PD if d <= upper) for d in range(_PD[-1][0] + 1)]
_PD_MAX = len(_PD_TABLE) - 1


def pd(diff: int) -> int:
    """Expected score in hundredths of a player rated `diff` points above the opponent."""
    d = -diff if diff < 0 else diff
    value = _PD_TABLE[d] if d <= _PD_MAX else 100
    return value if diff >= 0 else 100 - value


# pd(d) for -_PD_WIDE_MAX <= d <= _PD_WIDE_MAX, read as _PD_WIDE[d] (Python's negative indices)
_PD_WIDE_MAX = 4000
_PD_WIDE = [pd(d) for d in range(_PD_WIDE_MAX + 1)] + [pd(d) for d in range(-_PD_WIDE_MAX, 0)]


def ratings(ctx: Context) -> dict[int, int] | None:
    """Every player's rating for the rating tie-breaks, or None when they are dropped
    (C.07 art. 10: an unrated participant and no ``unrated_rating``). Use `ctx.once(ratings)`."""
    unrated = ctx.flags.unrated_rating
    if unrated is None and any(p.rating <= 0 for p in ctx.players.values()):
        return None
    return {pid: p.rating if p.rating > 0 else int(unrated or 0) for pid, p in ctx.players.items()}


# What an OTB game scores for a performance: 1, 1/2, 0 whatever the event's points (e.g. 3/1/0).
_RESULT = {Outcome.WIN: F(1), Outcome.DRAW: F(1, 2), Outcome.LOSS: F(0)}
_HALVES = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.LOSS: 0}


class Rule(Enum):
    """Which PTP formula gave the value (10.3)."""

    SEARCH = "the lowest R with sum of expected scores >= points"
    ZERO = "score 0: lowest opponent - 800"
    PLUS800 = "100 %: highest opponent + 800 (flag)"


@dataclass(frozen=True)
class Ratings:
    """The decisions behind a rating tie-break: per player the rating counted for each
    game over the board (`ctx.otb` order; TPR: after the 400-point clip), the games
    cut (ARO-Cn: the lowest ratings, in the order cut), the divisor, and for TPR the
    players ranked below every other TPR (> 2 voluntary unplayed rounds, seed 32.4.3).
    `base` is the opponents' column (APRO, APPO)."""

    dropped: bool
    used: Mapping[int, list[int]]
    cuts: Mapping[int, tuple[int, ...]] | None = None
    rounds_divisor: int | None = None  # ARO by rounds (seed 32.4.1): rounds - cuts; None: the games kept
    clipped: bool = False
    last: frozenset[int] = frozenset()
    rules: Mapping[int, Rule] | None = None
    parts: Mapping[int, tuple[int, int, int]] | None = None  # TPR: (rounded ARO, p in hundredths, dp)
    base: Column | None = None


def _dropped(ctx: Context, last: frozenset[int] = frozenset()) -> Column[Ratings]:
    return Column({pid: 0 for pid in ctx.records}, 1, Ratings(True, {}, last=last))


def average_rating(ctx: Context, low: int = 0) -> Column[Ratings]:
    """ARO (10.1) and ARO-Cn: the average rating of the opponents played over the board, the
    `low` lowest cut; divided by the games kept, or (``aro_divisor = "rounds"``, seed
    32.4.1) by the rounds minus the cuts; rounded 0.5 up."""
    rt = ctx.once(ratings)
    if rt is None:
        return _dropped(ctx)
    by_rounds = ctx.flags.aro_divisor == "rounds"
    values, cuts, used = {}, {}, {}
    for pid, recs in ctx.records.items():
        used[pid] = opp = [rt[rec.opponent_id] for rec in recs if rec.outcome in PLAYED]
        if low:
            c = cuts[pid] = tuple(sorted(range(len(opp)), key=opp.__getitem__)[:low])  # lowest, earliest first
            total = sum(opp) - sum([opp[i] for i in c])
            kept = len(opp) - len(c)
        else:
            total, kept = sum(opp), len(opp)
        div = max(ctx.rounds - low, 0) if by_rounds else kept
        values[pid] = (2 * total + div) // (2 * div) if div and kept else 0  # half_up(total, div)
    return Column(values, 1, Ratings(False, used, cuts, max(ctx.rounds - low, 0) if by_rounds else None))


def _dropped_note() -> Msg:
    return Msg("an unrated participant is present: rating tie-breaks dropped (C.07 art. 10; set unrated_rating)")


def _game_rows(ctx: Context, r: Ratings, pid: int) -> list[Term]:
    recs = ctx.records[pid]
    rt = ctx.once(ratings) or {}
    rows = []
    for i, v in zip(ctx.otb[pid], r.used[pid]):
        rec = recs[i]
        note = ""
        if r.clipped and v != rt[rec.opponent_id]:
            note = Msg("rating {rating} clipped to {clipped} (400-point rule)", rating=rt[rec.opponent_id], clipped=v)
        rows.append(Term(i + 1, rec.opponent, GAME, F(v), _RESULT[rec.outcome], F(v), None, note))
    return rows


def explain_average_rating(ctx: Context, col: Column[Ratings], pid: int) -> Value:
    r = col.why
    if r.dropped:
        return Value(F(0), (), (_dropped_note(),))
    rows = _game_rows(ctx, r, pid)
    cuts = r.cuts.get(pid, ()) if r.cuts else ()
    for n, i in enumerate(cuts, 1):
        t = rows[i]
        rows[i] = Term(t.round, t.opponent, t.label, t.value, t.points, t.contribution,
                       Msg("cut {n}: lowest rating", n=n), t.note)
    kept = [t for t in rows if t.cut is None]
    div = len(kept) if r.rounds_divisor is None else r.rounds_divisor
    if div == 0 or not kept:
        note = Msg("no rating to average")
    else:
        total = fmt(sum_of(t.value for t in kept))
        if r.rounds_divisor is not None:
            note = Msg("{total} / {n} rounds, rounded 0.5 up", total=total, n=div)
        else:
            note = Msg("{total} / {n} games played over the board, rounded 0.5 up", total=total, n=div)
    return Value(F(col.values[pid]), tuple(rows), (note,))


def _chose_not_to_play(ctx: Context) -> frozenset[int]:
    """Seed 32.4.3: players who chose not to play more than two games (> 2 voluntary unplayed rounds [us])."""
    return frozenset(pid for pid, recs in ctx.records.items() if sum(1 for rec in recs if rec.outcome in VUR_SET) > 2)


def performance(ctx: Context, seed_400: bool = False) -> Column[Ratings]:
    """TPR (10.2): rounded ARO + dp(p), p = points / games over the board rounded half
    up to 0.01 (B.02 8.1.1). TPR-400 (`seed_400`, seed 32.4.3.1): every opponent's
    rating clipped to own +-400 (also with flag ``tpr_400_rule``), and more than two
    voluntary unplayed rounds rank below every other TPR (also with flag
    ``tpr_vur_gt2_last``)."""
    last = _chose_not_to_play(ctx) if seed_400 or ctx.flags.tpr_vur_gt2_last else frozenset()
    rt = ctx.once(ratings)
    if rt is None:
        return _dropped(ctx, last)
    clip = seed_400 or ctx.flags.tpr_400_rule
    values, used, parts = {}, {}, {}
    for pid, recs in ctx.records.items():
        own = rt[pid]
        opp = []
        halves = 0
        for rec in recs:
            if rec.outcome not in PLAYED:
                continue
            r = rt[rec.opponent_id]
            if clip and abs(r - own) > 400:
                r = own + 400 if r > own else own - 400
            opp.append(r)
            halves += _HALVES[rec.outcome]
        used[pid] = opp
        g = len(opp)
        if g:
            aro, ph = half_up(sum(opp), g), (100 * halves + g) // (2 * g)  # round_half_up(100 x points / games)
            d = dp(ph)
            parts[pid] = (aro, ph, d)
            values[pid] = aro + d
        else:
            values[pid] = 0
    return Column(values, 1, Ratings(False, used, clipped=clip, last=last, parts=parts))


def performance_keys(ctx: Context, col: Column[Ratings]) -> dict[int, tuple[int, int]]:
    """Larger is better: who chose not to play more than two games comes below every other TPR."""
    last = col.why.last
    return {pid: (0 if pid in last else 1, v) for pid, v in col.values.items()}




def explain_performance(ctx: Context, col: Column[Ratings], pid: int) -> Value:
    r = col.why
    tail: tuple[Msg, ...] = ()
    if pid in r.last:
        tail = (Msg("chose not to play more than two games: ranked below every other TPR (seed 32.4.3)"),)
    if r.dropped:
        return Value(F(0), (), (_dropped_note(),) + tail)
    if not r.used[pid]:
        return Value(F(0), (), (Msg("no game played over the board"),) + tail)
    rows = _game_rows(ctx, r, pid)
    g = len(rows)
    total = sum_of(t.value for t in rows)
    points = sum_of(t.points for t in rows)
    aro, ph, d = r.parts[pid] if r.parts else (0, 0, 0)
    notes = (
        Msg("{total} / {n} games played over the board, rounded 0.5 up", total=fmt(total), n=g),
        Msg("p = {points}/{n} -> {p} -> dp {dp} (B.02 8.1.1)", points=fmt(points), n=g,
            p=f"{ph // 100}.{ph % 100:02d}", dp=f"{d:+d}"),
        Msg("TPR = ARO {aro} {dp}", aro=aro, dp=f"{d:+d}"),
    )
    return Value(F(col.values[pid]), tuple(rows), notes + tail)


def perfect_performance(ctx: Context) -> Column[Ratings]:
    """PTP (10.3): the lowest rating R whose expected score against the opponents played
    over the board reaches the points (B.02 8.1.2, no 400 cut); score 0: lowest
    opponent - 800; 100 %: see `ptp` (flag ``ptp_perfect_score``)."""
    rt = ctx.once(ratings)
    if rt is None:
        return _dropped(ctx)
    plus800 = ctx.flags.ptp_perfect_score == "plus800"
    values, rules, used = {}, {}, {}
    for pid, recs in ctx.records.items():
        opp = []
        halves = 0
        for rec in recs:
            if rec.outcome in PLAYED:
                opp.append(rt[rec.opponent_id])
                halves += _HALVES[rec.outcome]
        used[pid] = opp
        if not opp:
            values[pid] = 0
            continue
        values[pid] = ptp(opp, halves, plus800)
        rules[pid] = Rule.ZERO if halves == 0 else Rule.PLUS800 if plus800 and halves == 2 * len(opp) else Rule.SEARCH
    return Column(values, 1, Ratings(False, used, rules=rules))


def explain_perfect_performance(ctx: Context, col: Column[Ratings], pid: int) -> Value:
    r = col.why
    if r.dropped:
        return Value(F(0), (), (_dropped_note(),))
    if not r.used[pid]:
        return Value(F(0), (), (Msg("no game played over the board"),))
    rows = tuple(Term(t.round, t.opponent, t.label, t.value, t.points, None) for t in _game_rows(ctx, r, pid))
    rule = r.rules[pid] if r.rules else Rule.SEARCH
    if rule is Rule.ZERO:
        note = Msg("score 0: lowest opponent rating - 800 (10.3)")
    elif rule is Rule.PLUS800:
        note = Msg("100 %: highest opponent rating + 800 (flag)")
    else:
        note = Msg("lowest R with sum of expected scores >= {points} (B.02 8.1.2, 10.3)",
                   points=fmt(sum_of(t.points for t in rows)))
    return Value(F(col.values[pid]), rows, (note,))


def ptp(ratings: list[int], halves: int, plus800: bool) -> int:
    """PTP of a player who scored `halves` half points against `ratings` (not empty)."""
    if halves == 0:
        return min(ratings) - 800
    if plus800 and halves == 2 * len(ratings):
        return max(ratings) + 800
    target = 50 * halves  # points x 100

    lo, hi = min(ratings) - 800, max(ratings) + 800
    if hi - min(ratings) <= _PD_WIDE_MAX:
        wide = _PD_WIDE  # wide[d] = pd(d) for every difference met here (negative d from the end)

        def enough(r: int) -> bool:
            return sum([wide[r - x] for x in ratings]) >= target
    else:
        def enough(r: int) -> bool:
            return sum(pd(r - x) for x in ratings) >= target

    while lo < hi:
        mid = (lo + hi) // 2
        if enough(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo


def _average_of_opponents(ctx: Context, base: Column[Ratings]) -> Column[Ratings]:
    """The average of the opponents' values (over the board), rounded 0.5 up (10.4, 10.5)."""
    if base.why.dropped:
        return _dropped(ctx)
    recs, otb = ctx.records, ctx.otb
    b = base.values
    used = {pid: [b[recs[pid][i].opponent_id] for i in otb[pid]] for pid in recs}
    values = {pid: half_up(sum(v), len(v)) if v else 0 for pid, v in used.items()}
    return Column(values, 1, Ratings(False, used, base=base))


def average_performance(ctx: Context) -> Column[Ratings]:
    """APRO (10.4): the average TPR of the opponents played over the board."""
    return _average_of_opponents(ctx, ctx.once(performance, False))


def average_perfect_performance(ctx: Context) -> Column[Ratings]:
    """APPO (10.5): the average PTP of the opponents played over the board."""
    return _average_of_opponents(ctx, ctx.once(perfect_performance))


def _opponents_explainer(code: str):
    def explain(ctx: Context, col: Column[Ratings], pid: int) -> Value:
        r = col.why
        if r.dropped:
            return Value(F(0), (), (_dropped_note(),))
        recs = ctx.records[pid]
        rows = tuple(Term(i + 1, recs[i].opponent, GAME, F(v), _RESULT[recs[i].outcome], F(v), None,
                          Msg("the opponent's {code}", code=code))
                     for i, v in zip(ctx.otb[pid], r.used[pid]))
        if not rows:
            return Value(F(0), (), (Msg("no game played over the board"),))
        total = fmt(sum(r.used[pid]))
        return Value(F(col.values[pid]), rows, (Msg("{total} / {n}, rounded 0.5 up", total=total, n=len(rows)),))
    return explain


explain_average_performance = _opponents_explainer("TPR")
explain_average_perfect_performance = _opponents_explainer("PTP")
