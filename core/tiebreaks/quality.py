"""QW, quality of wins (rules.md section 2, seed 000 705.2).

The sum of the current scores of the opponents the player beat (a
Sonneborn-Berger over wins only). Games won over the board; forfeit wins only
with the flag ``qw_include_forfeits``. The caller includes top games in the
records when the top decides a drawn game.
"""

from __future__ import annotations

from arbiter_tournament.core.errors import Msg
from arbiter_tournament.core.event.records import Outcome
from arbiter_tournament.core.tiebreaks.context import Column, Context, Term, Value
from arbiter_tournament.core.tiebreaks.counts import Counted
from arbiter_tournament.core.tiebreaks.unplayed import KIND_LABEL


def quality_of_wins(ctx: Context) -> Column[Counted]:
    kinds = (Outcome.WIN, Outcome.FORFEIT_WIN) if ctx.flags.qw_include_forfeits else (Outcome.WIN,)
    iscore = ctx.iscore
    won, values = {}, {}
    for pid, recs in ctx.records.items():
        won[pid] = rs = [r for r, rec in enumerate(recs, 1) if rec.outcome in kinds]
        values[pid] = sum([iscore[recs[r - 1].opponent_id] for r in rs])
    return Column(values, ctx.D, Counted(won))


def explain_quality_of_wins(ctx: Context, col: Column[Counted], pid: int) -> Value:
    recs = ctx.records[pid]
    rows = []
    for r in col.why.rounds[pid]:
        opp = recs[r - 1].opponent_id
        rows.append(Term(r, opp, KIND_LABEL[Outcome.WIN], ctx.score[opp], ctx.pts(recs[r - 1]), ctx.score[opp]))
    return Value(ctx.frac(col.values[pid], col.den), tuple(rows), (Msg("current scores of the opponents beaten"),))
