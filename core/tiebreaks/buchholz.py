"""Buchholz family: BH, BH-Cn, BH-Mn (C.07 8.1, 14), FB (8.3), AOB (8.2), SBH.

BH is the sum of the opponents' scores, with the unplayed-round rules of
`unplayed.py`. Cut-n drops the n least significant values, Median-n drops n
least and then n most significant values; low cuts follow the 16.5 VUR
exception (fide2024/fide2026, flag ``apply_16_5_vur_cut``).
FB (Fore Buchholz) is BH computed as if every paired game of the final round
had been drawn. AOB is the average BH (2026: or FB, flag ``aob_base``) of the
opponents played over the board; SBH (seed 32.3.1.5, "sum of Buchholz") is
their sum.
"""

from __future__ import annotations

from fractions import Fraction

from core.records import Outcome, RoundRecord
from core.tiebreaks.context import HAS_OPPONENT, Context, Term, Value, fmt
from core.tiebreaks.unplayed import contributions, cut

F = Fraction


def _vur_rule(ctx: Context) -> bool:
    return ctx.edition != "legacy" and ctx.flags["apply_16_5_vur_cut"]


def to_terms(contribs, what: str = "BH") -> tuple[Term, ...]:
    out = []
    for c in contribs:
        contribution = c.value if what == "BH" else c.product
        out.append(Term(c.round, c.opponent, c.label, c.value, c.points, contribution, c.cut, c.note))
    return tuple(out)


def buchholz(ctx: Context, pid: int, low: int = 0, high: int = 0) -> Value:
    terms = cut(contributions(ctx, pid), low, high, kind="BH", vur_rule=_vur_rule(ctx))
    total = sum((t.value for t in terms if t.cut is None), F(0))
    notes = []
    if not ctx.swiss:
        notes.append("Buchholz is not meant for round robins (C.07 2026 note)")
    return Value(total, to_terms(terms), tuple(notes))


def _fore_context(ctx: Context) -> Context:
    """A copy of the context whose final round has every paired game drawn."""
    key = "fore"
    if key in ctx._cache:
        return ctx._cache[key]
    last = ctx.rounds
    draw_byes = ctx.flags["fb_final_round_bye"] == "draw"
    recs = {}
    for pid, own in ctx.recs.items():
        if last >= 1:
            rec = own[last - 1]
            if rec.outcome in HAS_OPPONENT:
                own = own[: last - 1] + (RoundRecord(Outcome.DRAW, rec.opponent, rec.colour),)
            elif draw_byes and rec.outcome in (Outcome.PAB, Outcome.FULL_BYE):
                own = own[: last - 1] + (RoundRecord(Outcome.HALF_BYE),)
        recs[pid] = own
    fc = ctx.with_records(recs)
    ctx._cache[key] = fc
    return fc


def fore_buchholz(ctx: Context, pid: int, low: int = 0, high: int = 0) -> Value:
    v = buchholz(_fore_context(ctx), pid, low, high)
    return Value(v.value, v.terms, ("every paired game of the final round counted as a draw (8.3)",) + v.notes)


def _otb_opponents(ctx: Context, pid: int) -> list[tuple[int, int]]:
    return [(r, rec.opponent) for r, rec in enumerate(ctx.recs[pid], 1) if rec.outcome.played]


def _opp_base(ctx: Context, opp: int) -> Fraction:
    key = ("aob-base", opp)
    if key not in ctx._cache:
        base = ctx.flags["aob_base"]
        ctx._cache[key] = (fore_buchholz if base == "FB" else buchholz)(ctx, opp).value
    return ctx._cache[key]


def sum_of_buchholz(ctx: Context, pid: int) -> Value:
    terms = []
    for r, opp in _otb_opponents(ctx, pid):
        bh = _opp_base(ctx, opp)
        terms.append(Term(r, opp, "game", bh, None, bh, None, "the opponent's Buchholz"))
    return Value(sum((t.contribution for t in terms), F(0)), tuple(terms), ("opponents played over the board only [us]",))


def average_of_buchholz(ctx: Context, pid: int) -> Value:
    s = sum_of_buchholz(ctx, pid)
    n = len(s.terms)
    if n == 0:
        return Value(F(0), (), ("no game played over the board",))
    return Value(s.value / n, s.terms, (f"{fmt(s.value)} / {n} opponents played over the board (8.2)",))
