"""QW, quality of wins (rules.md section 2, seed 000 705.2).

The sum of the current scores of the opponents the player beat (a
Sonneborn-Berger over wins only). Games won over the board; forfeit wins only
with the flag ``qw_include_forfeits``. The caller includes top games in the
records when the top decides a drawn game.
"""

from __future__ import annotations

from fractions import Fraction

from core.records import Outcome
from tiebreaks_reference.context import Context, Term, Value

F = Fraction


def quality_of_wins(ctx: Context, pid: int) -> Value:
    kinds = (Outcome.WIN, Outcome.FORFEIT_WIN) if ctx.flags["qw_include_forfeits"] else (Outcome.WIN,)
    terms = [
        Term(r, rec.opponent, "won", ctx.score[rec.opponent], ctx.pts(rec), ctx.score[rec.opponent])
        for r, rec in enumerate(ctx.recs[pid], 1)
        if rec.outcome in kinds
    ]
    return Value(sum((t.contribution for t in terms), F(0)), tuple(terms), ("current scores of the opponents beaten",))
