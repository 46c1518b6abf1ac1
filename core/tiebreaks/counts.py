"""Points and the type-B counts (C.07 art. 2, 7): PTS, WIN, WON, BPG, BWG, REP.

* PTS: the points (the primary score).
* WIN: rounds in which the player got a win's points, played or not (7.1).
* WON: games won over the board (7.2).
* BPG: games played over the board as second mover ("black") (7.3).
* BWG: games won over the board as second mover (7.4).
* REP (2023: GE): rounds minus requested byes and forfeit losses (7.6).

Forfeits never count as games here, except in a pre-determined event (round
robin) where a forfeit *win* counts as a game when the flag
``rr_forfeit_win_counts_in_typeB`` is on (default in fide2026, 15.2).

A count's column keeps the rounds it counted (`Counted`; REP: the rounds it
subtracts).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping, Sequence

from arbiter_tournament.core.errors import Msg
from arbiter_tournament.core.event.records import Outcome
from arbiter_tournament.core.tiebreaks.context import PLAYED, VUR_SET, Column, Context, Term, Value
from arbiter_tournament.core.tiebreaks.unplayed import KIND_LABEL

F = Fraction

def points(ctx: Context) -> Column[None]:
    """PTS: the points, as awarded."""
    return Column(ctx.iscore, ctx.D, None)


def explain_points(ctx: Context, col: Column[None], pid: int) -> Value:
    rows = tuple(Term(r, rec.opponent, KIND_LABEL[rec.outcome], None, ctx.pts(rec), ctx.pts(rec))
                 for r, rec in enumerate(ctx.records[pid], 1))
    return Value(ctx.score[pid], rows)


@dataclass(frozen=True)
class Counted:
    """The decisions behind a count: per player the rounds counted (REP: subtracted)."""

    rounds: Mapping[int, Sequence[int]]


def _column(rounds: dict[int, Sequence[int]]) -> Column[Counted]:
    return Column({pid: len(rs) for pid, rs in rounds.items()}, 1, Counted(rounds))


def _forfeit_win_is_a_game(ctx: Context) -> bool:
    """C.07 15.2 (2026): a round-robin forfeit win counts as a game for the type-B counts."""
    return not ctx.swiss and bool(ctx.flags.rr_forfeit_win_counts_in_typeB)


def _won_kinds(ctx: Context) -> frozenset[Outcome]:
    return frozenset((Outcome.WIN, Outcome.FORFEIT_WIN)) if _forfeit_win_is_a_game(ctx) else frozenset((Outcome.WIN,))


def wins(ctx: Context) -> Column[Counted]:
    """WIN (7.1): rounds scored as a win, played or not."""
    iwin = ctx.i(ctx.win)
    return _column({pid: [r for r, p in enumerate(row, 1) if p == iwin] for pid, row in ctx.ipoints.items()})


def won(ctx: Context) -> Column[Counted]:
    """WON (7.2): games won over the board."""
    kinds = _won_kinds(ctx)
    return _column({pid: [r for r, rec in enumerate(recs, 1) if rec.outcome in kinds]
                    for pid, recs in ctx.records.items()})


def black_games(ctx: Context) -> Column[Counted]:
    """BPG (7.3): games played over the board as second mover."""
    kinds = PLAYED | {Outcome.FORFEIT_WIN} if _forfeit_win_is_a_game(ctx) else PLAYED
    return _column({pid: [r for r, rec in enumerate(recs, 1) if rec.colour == "b" and rec.outcome in kinds]
                    for pid, recs in ctx.records.items()})


def black_wins(ctx: Context) -> Column[Counted]:
    """BWG (7.4): games won over the board as second mover."""
    kinds = _won_kinds(ctx)
    return _column({pid: [r for r, rec in enumerate(recs, 1) if rec.colour == "b" and rec.outcome in kinds]
                    for pid, recs in ctx.records.items()})


def rounds_elected_to_play(ctx: Context) -> Column[Counted]:
    """REP (7.6): rounds minus the voluntary unplayed rounds (requested byes, forfeit losses)."""
    skipped = {pid: [r for r, rec in enumerate(recs, 1) if rec.outcome in VUR_SET]
               for pid, recs in ctx.records.items()}
    return Column({pid: ctx.rounds - len(rs) for pid, rs in skipped.items()}, 1, Counted(skipped))


def _counted_rows(ctx: Context, col: Column[Counted], pid: int, contribution: Fraction) -> tuple[Term, ...]:
    recs = ctx.records[pid]
    rows = []
    for r in col.why.rounds[pid]:
        rec = recs[r - 1]
        note = "" if rec.outcome in PLAYED else Msg("round-robin forfeit win counted as a game (15.2, 2026)")
        rows.append(Term(r, rec.opponent, KIND_LABEL[rec.outcome], None, ctx.pts(rec), contribution, None, note))
    return tuple(rows)


def _count_explainer(note: Msg):
    def explain(ctx: Context, col: Column[Counted], pid: int) -> Value:
        return Value(F(col.values[pid]), _counted_rows(ctx, col, pid, F(1)), (note,))
    return explain


explain_wins = _count_explainer(Msg("rounds scored as a win, played or not (7.1)"))
explain_won = _count_explainer(Msg("games won over the board (7.2)"))
explain_black_games = _count_explainer(Msg("games played as second mover (7.3)"))
explain_black_wins = _count_explainer(Msg("games won as second mover (7.4)"))


def explain_rounds_elected_to_play(ctx: Context, col: Column[Counted], pid: int) -> Value:
    recs = ctx.records[pid]
    rows = tuple(Term(r, recs[r - 1].opponent, KIND_LABEL[recs[r - 1].outcome], None, ctx.pts(recs[r - 1]), F(-1))
                 for r in col.why.rounds[pid])
    return Value(F(col.values[pid]), rows,
                 (Msg("{n} rounds minus requested byes and forfeit losses (7.6)", n=ctx.rounds),))
