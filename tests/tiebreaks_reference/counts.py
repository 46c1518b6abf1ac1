"""Type-B counts (C.07 art. 7): WIN, WON, BPG, BWG, REP.

* WIN: rounds in which the player got a win's points, played or not (7.1).
* WON: games won over the board (7.2).
* BPG: games played over the board as second mover ("black") (7.3).
* BWG: games won over the board as second mover (7.4).
* REP (2023: GE): rounds minus requested byes and forfeit losses (7.6).

Forfeits never count as games here, except in a pre-determined event (round
robin) where a forfeit *win* counts as a game when the flag
``rr_forfeit_win_counts_in_typeB`` is on (default in fide2026, 15.2).
"""

from __future__ import annotations

from fractions import Fraction

from core.records import Outcome
from tiebreaks_reference.context import REQUESTED_BYES, Context, Term, Value
from tiebreaks_reference.unplayed import KIND_LABEL

F = Fraction


def _game(ctx: Context, rec) -> bool:
    if rec.outcome.played:
        return True
    return (
        rec.outcome is Outcome.FORFEIT_WIN
        and not ctx.swiss
        and ctx.flags["rr_forfeit_win_counts_in_typeB"]
    )


def _count(ctx: Context, pid: int, test, label: str) -> Value:
    terms = []
    for r, rec in enumerate(ctx.recs[pid], 1):
        if test(rec):
            note = "" if rec.outcome.played else "round-robin forfeit win counted as a game (15.2, 2026)"
            terms.append(Term(r, rec.opponent, KIND_LABEL[rec.outcome], None, ctx.pts(rec), F(1), None, note))
    return Value(F(len(terms)), tuple(terms), (label,))


def wins(ctx: Context, pid: int) -> Value:
    return _count(ctx, pid, lambda rec: ctx.pts(rec) == ctx.win, "rounds scored as a win, played or not (7.1)")


def won(ctx: Context, pid: int) -> Value:
    return _count(
        ctx, pid,
        lambda rec: _game(ctx, rec) and rec.outcome in (Outcome.WIN, Outcome.FORFEIT_WIN),
        "games won over the board (7.2)",
    )


def black_games(ctx: Context, pid: int) -> Value:
    return _count(ctx, pid, lambda rec: _game(ctx, rec) and rec.colour == "b", "games played as second mover (7.3)")


def black_wins(ctx: Context, pid: int) -> Value:
    return _count(
        ctx, pid,
        lambda rec: _game(ctx, rec) and rec.colour == "b" and rec.outcome in (Outcome.WIN, Outcome.FORFEIT_WIN),
        "games won as second mover (7.4)",
    )


def rounds_elected_to_play(ctx: Context, pid: int) -> Value:
    skipped = [
        Term(r, rec.opponent, KIND_LABEL[rec.outcome], None, ctx.pts(rec), F(-1))
        for r, rec in enumerate(ctx.recs[pid], 1)
        if rec.outcome in REQUESTED_BYES or rec.outcome is Outcome.FORFEIT_LOSS
    ]
    n = len(ctx.recs[pid])
    return Value(F(n - len(skipped)), tuple(skipped), (f"{n} rounds minus requested byes and forfeit losses (7.6)",))
