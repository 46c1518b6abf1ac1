"""Sonneborn-Berger: SB, SB-Cn, SB-Mn (C.07 9.1, 14.1.1 d, 16.5).

SB is the sum over rounds of (opponent's score x points scored against him),
with the unplayed-round rules of `unplayed.py` (the same terms as BH). The
least significant value for a cut is the term of the *lowest-scoring
opponent* (ties: the lowest product), not the lowest product (tiebreaks.md
10.5). With voluntary unplayed rounds, the higher of the lowest VUR term and
that LSV term is cut (16.5). Values are integers over D x D.
"""

from __future__ import annotations

from operator import mul

from arbiter_tournament.core.tiebreaks.buchholz import Terms
from arbiter_tournament.core.tiebreaks.context import Column, Context, Value
from arbiter_tournament.core.tiebreaks.unplayed import cut_all, opponent_rows, opponent_terms, vur_cut_applies


def sonneborn_berger(ctx: Context, low: int = 0, high: int = 0) -> Column[Terms]:
    """SB (9.1), SB-Cn and SB-Mn (14.1.1 d, 14.2, 16.5)."""
    terms = ctx.once(opponent_terms)
    points = terms.points
    prods = {pid: list(map(mul, v, points[pid])) for pid, v in terms.values.items()}
    if not low and not high:
        return Column({pid: sum(p) for pid, p in prods.items()}, ctx.D * ctx.D, Terms(terms, {}))
    values, cuts = cut_all(terms.values, prods, terms.vurs, low, high, vur_cut_applies(ctx))
    return Column(values, ctx.D * ctx.D, Terms(terms, cuts))


def explain_sonneborn_berger(ctx: Context, col: Column[Terms], pid: int) -> Value:
    rows = opponent_rows(ctx, pid, col.why.terms, col.why.cuts.get(pid, ()), sb=True)
    return Value(ctx.frac(col.values[pid], col.den), rows)
