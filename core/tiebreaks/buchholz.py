"""Buchholz family: BH, BH-Cn, BH-Mn (C.07 8.1, 14), FB (8.3), AOB (8.2), SBH.

BH is the sum of the opponents' scores, with the unplayed-round rules of
`unplayed.py` (16.3, 16.4). Cut-n drops the n least significant values,
Median-n drops n least and then n most significant values; low cuts follow
the 16.5 VUR exception (fide2024/fide2026, flag ``apply_16_5_vur_cut``).
FB (Fore Buchholz) is BH computed as if every paired game of the final round
had been drawn. AOB is the average BH (2026: or FB, flag ``aob_base``) of the
opponents played over the board; SBH (seed 32.3.1.5, "sum of Buchholz") is
their sum.

Each rule gives a `Column` for every player (integers over D, the decisions
in `Terms`); `explain_*` says one player's terms from those decisions.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping

from arbiter_tournament.core.errors import Msg
from arbiter_tournament.core.event.records import Outcome, RoundRecord
from arbiter_tournament.core.tiebreaks.context import HAS_OPPONENT, PLAYED, Column, Context, Term, Value, fmt, sum_of
from arbiter_tournament.core.tiebreaks.unplayed import (
    GAME,
    Cut,
    OpponentTerms,
    cut_all,
    opponent_rows,
    opponent_terms,
    vur_cut_applies,
)

F = Fraction


@dataclass(frozen=True)
class Terms:
    """The decisions behind a BH or SB column: every player's terms (16.3, 16.4) and what was cut (14, 16.5)."""

    terms: OpponentTerms
    cuts: Mapping[int, tuple[Cut, ...]]


def buchholz(ctx: Context, low: int = 0, high: int = 0) -> Column[Terms]:
    """BH (C.07 8.1), BH-Cn (low = n) and BH-Mn (low = high = n; 14.1-14.4, 16.5)."""
    terms = ctx.once(opponent_terms)
    if not low and not high:
        return Column({pid: sum(v) for pid, v in terms.values.items()}, ctx.D, Terms(terms, {}))
    values, cuts = cut_all(terms.values, None, terms.vurs, low, high, vur_cut_applies(ctx))
    return Column(values, ctx.D, Terms(terms, cuts))


def explain_buchholz(ctx: Context, col: Column[Terms], pid: int) -> Value:
    rows = opponent_rows(ctx, pid, col.why.terms, col.why.cuts.get(pid, ()), sb=False)
    notes = () if ctx.swiss else (Msg("Buchholz is not meant for round robins (C.07 2026 note)"),)
    return Value(ctx.frac(col.values[pid], col.den), rows, notes)


def fore_context(ctx: Context) -> Context:
    """The context whose final round has every paired game drawn (8.3); a final-round
    PAB or full-point bye counts as a half-point bye with ``fb_final_round_bye = "draw"``."""
    last = ctx.rounds
    draw_byes = ctx.flags.fb_final_round_bye == "draw"
    recs = {}
    for pid, own in ctx.records.items():
        if last >= 1:
            rec = own[last - 1]
            if rec.outcome in HAS_OPPONENT:
                own = own[: last - 1] + (RoundRecord(Outcome.DRAW, rec.opponent, rec.colour),)
            elif draw_byes and rec.outcome in (Outcome.PAB, Outcome.FULL_BYE):
                own = own[: last - 1] + (RoundRecord(Outcome.HALF_BYE),)
        recs[pid] = own
    return ctx.with_records(recs)


def fore_buchholz(ctx: Context, low: int = 0, high: int = 0) -> Column[Terms]:
    """FB (8.3): BH over the records with the final round's paired games drawn (with cuts as BH)."""
    fore = ctx.once(fore_context)
    return fore.once(buchholz, low, high)


def explain_fore_buchholz(ctx: Context, col: Column[Terms], pid: int) -> Value:
    v = explain_buchholz(ctx.once(fore_context), col, pid)
    return Value(v.value, v.terms, (Msg("every paired game of the final round counted as a draw (8.3)"),) + v.notes)


def _opponents_base(ctx: Context) -> Column[Terms]:
    """Every player's plain BH, or FB with ``aob_base = "FB"`` (2026)."""
    return ctx.once(fore_buchholz if ctx.flags.aob_base == "FB" else buchholz, 0, 0)


def sum_of_buchholz(ctx: Context) -> Column[Column[Terms]]:
    """SBH (seed 32.3.1.5): the sum of the Buchholz of the opponents played over the board [us]."""
    base = _opponents_base(ctx)
    bh = base.values
    values = {pid: sum([bh[rec.opponent_id] for rec in recs if rec.outcome in PLAYED])
              for pid, recs in ctx.records.items()}
    return Column(values, ctx.D, base)


def average_of_buchholz(ctx: Context) -> Column[Column[Terms]]:
    """AOB (8.2): the average Buchholz of the opponents played over the board (a Fraction)."""
    base = _opponents_base(ctx)
    bh = base.values
    values = {}
    for pid, recs in ctx.records.items():
        opp = [bh[rec.opponent_id] for rec in recs if rec.outcome in PLAYED]
        values[pid] = ctx.frac(sum(opp), ctx.D * len(opp)) if opp else F(0)
    return Column(values, None, base)


def _opponents_rows(ctx: Context, base: Column[Terms], pid: int) -> tuple[Term, ...]:
    recs = ctx.records[pid]
    out = []
    for i in ctx.otb[pid]:
        opp = recs[i].opponent_id
        bh = ctx.frac(base.values[opp], base.den)
        out.append(Term(i + 1, opp, GAME, bh, None, bh, None, Msg("the opponent's Buchholz")))
    return tuple(out)


def explain_sum_of_buchholz(ctx: Context, col: Column[Column[Terms]], pid: int) -> Value:
    return Value(ctx.frac(col.values[pid], col.den), _opponents_rows(ctx, col.why, pid),
                 (Msg("opponents played over the board only [us]"),))


def explain_average_of_buchholz(ctx: Context, col: Column[Column[Terms]], pid: int) -> Value:
    rows = _opponents_rows(ctx, col.why, pid)
    if not rows:
        return Value(F(0), (), (Msg("no game played over the board"),))
    total = sum_of(t.contribution for t in rows)
    return Value(col.values[pid], rows, (Msg("{total} / {n} opponents played over the board (8.2)",
                                             total=fmt(total), n=len(rows)),))
