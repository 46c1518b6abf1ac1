"""STD, TPN and RTNG (C.07 2026, 7.7 and the last-resort sort keys).

* STD: 1 per round with more points than the scheduled opponent in that round
  (unplayed: more than a draw's points), 1/2 per round with equal points.
* TPN: the tournament pairing number, lower is better (flag ``tpn`` maps ids to
  numbers, default: the id; ``tpn_descending`` reverses it).
* RTNG: the player's own rating, higher is better (``rtng_ascending`` reverses).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping

from arbiter_tournament.core.errors import Msg
from arbiter_tournament.core.tiebreaks.context import HAS_OPPONENT, Column, Context, Term, Value
from arbiter_tournament.core.tiebreaks.unplayed import KIND_LABEL

F = Fraction


@dataclass(frozen=True)
class Standard:
    """The decisions behind STD: per player and round, the halves scored: 2 with more
    points than the opponent in that round (unplayed: than a draw), 1 equal, 0 fewer."""

    halves: Mapping[int, list[int]]


def _theirs(ctx: Context, pid: int, r: int) -> int:
    """What pid's round r (0-based) is compared with (7.7): the scheduled opponent's
    points in that round, or a draw's points for a round without opponent (x D)."""
    rec = ctx.records[pid][r]
    if rec.outcome in HAS_OPPONENT:
        return ctx.ipts[ctx.records[rec.opponent_id][r].outcome]
    return ctx.i(ctx.draw)


def standard(ctx: Context) -> Column[Standard]:
    """STD (7.7), in halves."""
    ip = ctx.ipts
    idraw = ctx.i(ctx.draw)
    allrecs = ctx.records
    halves = {}
    for pid, recs in allrecs.items():
        theirs = [ip[allrecs[rec.opponent_id][r].outcome] if rec.outcome in HAS_OPPONENT else idraw  # as _theirs
                  for r, rec in enumerate(recs)]
        halves[pid] = [2 if a > b else 1 if a == b else 0 for a, b in zip(ctx.ipoints[pid], theirs)]
    return Column({pid: sum(h) for pid, h in halves.items()}, 2, Standard(halves))


def explain_standard(ctx: Context, col: Column[Standard], pid: int) -> Value:
    recs = ctx.records[pid]
    rows = tuple(Term(r, rec.opponent, KIND_LABEL[rec.outcome], ctx.frac(_theirs(ctx, pid, r - 1)), ctx.pts(rec),
                      F(h, 2))
                 for r, (rec, h) in enumerate(zip(recs, col.why.halves[pid]), 1))
    return Value(ctx.frac(col.values[pid], col.den), rows)


def pairing_number(ctx: Context) -> Column[None]:
    """TPN: the pairing number (flag ``tpn``; default the id)."""
    table = ctx.flags.tpn or {}
    return Column({pid: F(table.get(pid, pid)) for pid in ctx.players}, None, None)


def pairing_number_keys(ctx: Context, col: Column[None]) -> Mapping[int, Fraction]:
    return col.values if ctx.flags.tpn_descending else {pid: -v for pid, v in col.values.items()}


def explain_pairing_number(ctx: Context, col: Column[None], pid: int) -> Value:
    better = Msg("higher is better") if ctx.flags.tpn_descending else Msg("lower is better")
    return Value(col.values[pid], (), (better,))


def own_rating(ctx: Context) -> Column[None]:
    """RTNG: the player's own rating."""
    return Column({pid: p.rating for pid, p in ctx.players.items()}, 1, None)


def own_rating_keys(ctx: Context, col: Column[None]) -> Mapping[int, int]:
    return {pid: -v for pid, v in col.values.items()} if ctx.flags.rtng_ascending else col.values


def explain_own_rating(ctx: Context, col: Column[None], pid: int) -> Value:
    better = Msg("lower is better") if ctx.flags.rtng_ascending else Msg("higher is better")
    return Value(F(col.values[pid]), (), (better,))
