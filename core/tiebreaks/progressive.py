"""Progressive score: PS and PS-Cn (C.07 7.5, 14.1; seed 32.1.1).

PS is the sum of the running score after each round (awarded points, byes
included). PS-Cn drops the first n running scores (the least significant
values of PS are the earliest, 14.1.1), even when they come from unplayed
rounds: art. 16 does not cover PS (flag ``ps_cut_with_vur`` = "plain").
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate
from typing import Mapping

from arbiter_tournament.core.errors import Msg
from arbiter_tournament.core.tiebreaks.context import Column, Context, Term, Value
from arbiter_tournament.core.tiebreaks.unplayed import KIND_LABEL


@dataclass(frozen=True)
class Running:
    """The decisions behind PS: every player's running scores (x D); the first `low` are cut."""

    low: int
    scores: Mapping[int, list[int]]


def progressive(ctx: Context, low: int = 0) -> Column[Running]:
    """PS (7.5) and PS-Cn (14.1): the running scores added, the first `low` left out."""
    running, values = {}, {}
    for pid, row in ctx.ipoints.items():
        running[pid] = r = list(accumulate(row))
        values[pid] = sum(r[low:]) if low else sum(r)
    return Column(values, ctx.D, Running(low, running))


def explain_progressive(ctx: Context, col: Column[Running], pid: int) -> Value:
    low = col.why.low
    recs = ctx.records[pid]
    rows = []
    for r, s in enumerate(col.why.scores[pid], 1):
        rec = recs[r - 1]
        running = ctx.frac(s)
        why = Msg("cut: the first {n} running score(s) are dropped (14.1)", n=low) if r <= low else None
        rows.append(Term(r, rec.opponent, KIND_LABEL[rec.outcome], running, ctx.pts(rec), running, why,
                         Msg("running score")))
    return Value(ctx.frac(col.values[pid], col.den), tuple(rows))
