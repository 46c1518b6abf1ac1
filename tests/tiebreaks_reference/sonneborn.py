"""Sonneborn-Berger: SB, SB-Cn, SB-Mn (C.07 9.1, 14.1.1 d, 16.5).

SB is the sum over rounds of (opponent's score x points scored against him),
with the unplayed-round rules of `unplayed.py`. The least significant value
for a cut is the term of the *lowest-scoring opponent* (ties: the lowest
product), not the lowest product (tiebreaks.md 10.5). With voluntary unplayed
rounds, the higher of the lowest VUR term and that LSV term is cut (16.5).
"""

from __future__ import annotations

from fractions import Fraction

from tiebreaks_reference.buchholz import _vur_rule, to_terms
from tiebreaks_reference.context import Context, Value
from tiebreaks_reference.unplayed import contributions, cut

F = Fraction


def sonneborn_berger(ctx: Context, pid: int, low: int = 0, high: int = 0) -> Value:
    terms = cut(contributions(ctx, pid), low, high, kind="SB", vur_rule=_vur_rule(ctx))
    total = sum((t.product for t in terms if t.cut is None), F(0))
    return Value(total, to_terms(terms, "SB"))
