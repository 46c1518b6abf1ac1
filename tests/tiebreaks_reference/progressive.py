"""Progressive score: PS and PS-Cn (C.07 7.5, 14.1; seed 32.1.1).

PS is the sum of the running score after each round (awarded points, byes
included). PS-Cn drops the first n running scores (the least significant
values of PS are the earliest, 14.1.1), even when they come from unplayed
rounds: art. 16 does not cover PS (flag ``ps_cut_with_vur`` = "plain").
"""

from __future__ import annotations

from fractions import Fraction

from tiebreaks_reference.context import Context, Term, Value
from tiebreaks_reference.unplayed import KIND_LABEL

F = Fraction


def progressive(ctx: Context, pid: int, low: int = 0) -> Value:
    running = F(0)
    terms = []
    for r, rec in enumerate(ctx.recs[pid], 1):
        running += ctx.pts(rec)
        cut = f"cut: the first {low} running score(s) are dropped (14.1)" if r <= low else None
        terms.append(Term(r, rec.opponent, KIND_LABEL[rec.outcome], running, ctx.pts(rec), running, cut, "running score"))
    return Value(sum((t.contribution for t in terms if t.cut is None), F(0)), tuple(terms))
