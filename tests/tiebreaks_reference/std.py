"""STD, TPN and RTNG (C.07 2026, 7.7 and the last-resort sort keys).

* STD: 1 per round with more points than the scheduled opponent in that round
  (unplayed: more than a draw's points), 1/2 per round with equal points.
* TPN: the tournament pairing number, lower is better (flag ``tpn`` maps ids to
  numbers, default: the id; ``tpn_descending`` reverses it).
* RTNG: the player's own rating, higher is better (``rtng_ascending`` reverses).
"""

from __future__ import annotations

from fractions import Fraction

from tiebreaks_reference.context import Context, Term, Value
from tiebreaks_reference.unplayed import KIND_LABEL

F = Fraction


def standard(ctx: Context, pid: int) -> Value:
    terms = []
    for r, rec in enumerate(ctx.recs[pid], 1):
        mine = ctx.pts(rec)
        if rec.outcome.has_opponent:
            theirs = ctx.pts(ctx.recs[rec.opponent][r - 1])
        else:
            theirs = ctx.draw
        c = F(1) if mine > theirs else F(1, 2) if mine == theirs else F(0)
        terms.append(Term(r, rec.opponent, KIND_LABEL[rec.outcome], theirs, mine, c))
    return Value(sum((t.contribution for t in terms), F(0)), tuple(terms))


def pairing_number(ctx: Context, pid: int) -> Value:
    table = ctx.flags["tpn"] or {}
    return Value(F(table.get(pid, pid)), (), ("lower is better" if not ctx.flags["tpn_descending"] else "higher is better",))


def own_rating(ctx: Context, pid: int) -> Value:
    return Value(F(ctx.players[pid].rating), (), ("lower is better" if ctx.flags["rtng_ascending"] else "higher is better",))
