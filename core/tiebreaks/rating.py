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
"""

from __future__ import annotations

from fractions import Fraction

from core.records import Outcome
from core.tiebreaks.context import VUR_KINDS, Context, Term, Value, fmt, round_half_up

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


def _dropped(ctx: Context) -> bool:
    if "rating-dropped" not in ctx._cache:
        ctx._cache["rating-dropped"] = (
            ctx.flags["unrated_rating"] is None and any(p.rating <= 0 for p in ctx.players.values())
        )
    return ctx._cache["rating-dropped"]


_DROPPED = "an unrated participant is present: rating tie-breaks dropped (C.07 art. 10; set unrated_rating)"


def rating_of(ctx: Context, pid: int) -> int:
    r = ctx.players[pid].rating
    return r if r > 0 else int(ctx.flags["unrated_rating"] or 0)


_RESULT = {Outcome.WIN: F(1), Outcome.DRAW: F(1, 2), Outcome.LOSS: F(0)}


def otb_games(ctx: Context, pid: int) -> list[tuple[int, int, Fraction]]:
    """(round, opponent, game result 1/0.5/0) of every game played over the board.
    Performance is about game results, whatever the event's points (e.g. 3/1/0)."""
    return [(r, rec.opponent, _RESULT[rec.outcome]) for r, rec in enumerate(ctx.recs[pid], 1) if rec.outcome.played]


def vur_count(ctx: Context, pid: int) -> int:
    return sum(1 for rec in ctx.recs[pid] if rec.outcome in VUR_KINDS)


def average_rating(ctx: Context, pid: int, low: int = 0, clip: bool = False, divisor_mode: str | None = None) -> Value:
    if _dropped(ctx):
        return Value(F(0), (), (_DROPPED,))
    own = rating_of(ctx, pid)
    terms = []
    for r, opp, pts in otb_games(ctx, pid):
        rt = rating_of(ctx, opp)
        note = ""
        if clip and abs(rt - own) > 400:
            rt = own + 400 if rt > own else own - 400
            note = f"rating {rating_of(ctx, opp)} clipped to {rt} (400-point rule)"
        terms.append(Term(r, opp, "game", F(rt), pts, F(rt), None, note))
    order = sorted(range(len(terms)), key=lambda i: (terms[i].value, terms[i].round))
    for n, i in enumerate(order[:low]):
        t = terms[i]
        terms[i] = Term(t.round, t.opponent, t.label, t.value, t.points, t.contribution, f"cut {n + 1}: lowest rating", t.note)
    kept = [t for t in terms if t.cut is None]
    if (divisor_mode or ctx.flags["aro_divisor"]) == "rounds":
        divisor = max(ctx.rounds - low, 0)
        how = "rounds"
    else:
        divisor = len(kept)
        how = "games played over the board"
    if divisor == 0 or not kept:
        return Value(F(0), tuple(terms), ("no rating to average",))
    total = sum((t.value for t in kept), F(0))
    return Value(F(round_half_up(total / divisor)), tuple(terms), (f"{fmt(total)} / {divisor} {how}, rounded 0.5 up",))


def _p_hundredths(points: Fraction, games: int) -> int:
    return round_half_up(F(100) * points / games)


def performance(ctx: Context, pid: int, clip: bool = False) -> Value:
    if _dropped(ctx):
        return Value(F(0), (), (_DROPPED,))
    games = otb_games(ctx, pid)
    if not games:
        return Value(F(0), (), ("no game played over the board",))
    aro = average_rating(ctx, pid, clip=clip or ctx.flags["tpr_400_rule"], divisor_mode="games")
    points = sum((g[2] for g in games), F(0))
    ph = _p_hundredths(points, len(games))
    d = dp(ph)
    notes = aro.notes + (
        f"p = {fmt(points)}/{len(games)} -> {ph // 100}.{ph % 100:02d} -> dp {d:+d} (B.02 8.1.1)",
        f"TPR = ARO {fmt(aro.value)} {d:+d}",
    )
    return Value(aro.value + d, aro.terms, notes)


def perfect_performance(ctx: Context, pid: int) -> Value:
    if _dropped(ctx):
        return Value(F(0), (), (_DROPPED,))
    games = otb_games(ctx, pid)
    if not games:
        return Value(F(0), (), ("no game played over the board",))
    ratings = [rating_of(ctx, opp) for _, opp, _ in games]
    terms = tuple(Term(r, opp, "game", F(rating_of(ctx, opp)), pts, None) for r, opp, pts in games)
    points = sum((g[2] for g in games), F(0))
    if points == 0:
        return Value(F(min(ratings) - 800), terms, ("score 0: lowest opponent rating - 800 (10.3)",))
    if points == len(games) and ctx.flags["ptp_perfect_score"] == "plus800":
        return Value(F(max(ratings) + 800), terms, ("100 %: highest opponent rating + 800 (flag)",))
    lo = ptp(ratings, int(points * 2), False)
    return Value(F(lo), terms, (f"lowest R with sum of expected scores >= {fmt(points)} (B.02 8.1.2, 10.3)",))


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


def _average_of_opponents(ctx: Context, pid: int, fn, name: str) -> Value:
    if _dropped(ctx):
        return Value(F(0), (), (_DROPPED,))
    terms = []
    for r, opp, pts in otb_games(ctx, pid):
        key = (name, opp)
        if key not in ctx._cache:
            ctx._cache[key] = fn(ctx, opp).value
        v = ctx._cache[key]
        terms.append(Term(r, opp, "game", v, pts, v, None, f"the opponent's {name}"))
    if not terms:
        return Value(F(0), (), ("no game played over the board",))
    total = sum((t.value for t in terms), F(0))
    return Value(F(round_half_up(total / len(terms))), tuple(terms), (f"{fmt(total)} / {len(terms)}, rounded 0.5 up",))


def average_performance(ctx: Context, pid: int) -> Value:
    return _average_of_opponents(ctx, pid, performance, "TPR")


def average_perfect_performance(ctx: Context, pid: int) -> Value:
    return _average_of_opponents(ctx, pid, perfect_performance, "PTP")
