"""Tie-breaks of FIDE C.07 (editions fide2024, fide2026, legacy) and the seed.

    ctx = Context.of(players, scoring=..., rounds=..., edition=..., system=..., flags=...)
    compute(codes, ctx) -> {player id: {code: Fraction}}

One module per family (see docs/tiebreaks.md); `registry` maps codes to
them. Each family computes every player's value at once, with the decisions
behind it (a `Column`); `--explain` reads one player's terms from those
decisions. Values are exact Fractions; rating tie-breaks are integers as the
rules round them. DE (type A) is given here within the player's score group;
the ranking recomputes it on every tied sub-group.
"""

from __future__ import annotations

from fractions import Fraction

from arbiter.core.tiebreaks.context import DEFAULT_FLAGS, EDITIONS, Column, Context, Flags, Term, Value
from arbiter.core.tiebreaks.registry import TieBreak, UnknownTieBreak, lookup, parse

__all__ = [
    "compute", "lookup", "parse", "Context", "Flags", "Column", "Term", "Value", "TieBreak", "UnknownTieBreak",
    "DEFAULT_FLAGS", "EDITIONS",
]


def compute(codes: list[str], ctx: Context) -> dict[int, dict[str, Fraction]]:
    """Every player's value of each code (DE: within his score group)."""
    values = [lookup(c).values(ctx) for c in codes]
    return {pid: {c: v[pid] for c, v in zip(codes, values)} for pid in ctx.ids}
