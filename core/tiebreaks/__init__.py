"""Tie-breaks of FIDE C.07 (editions fide2024, fide2026, legacy) and the seed.

    compute(codes, players, scoring=..., rounds=..., edition=..., system=..., flags=...)
        -> {player id: {code: Fraction}}

One module per family (see docs/tiebreaks.md); `registry` maps codes to them.
Values are exact Fractions; rating tie-breaks are integers as the rules round
them. DE (type A) is given here within the player's score group; the ranking
recomputes it on every tied sub-group.
"""

from __future__ import annotations

from fractions import Fraction

from core.records import PlayerHistory, Scoring
from core.tiebreaks.context import DEFAULT_FLAGS, EDITIONS, Context, Term, Value
from core.tiebreaks.registry import TieBreak, UnknownTieBreak, lookup, parse

__all__ = [
    "compute", "make_context", "lookup", "parse", "Context", "Term", "Value", "TieBreak",
    "UnknownTieBreak", "DEFAULT_FLAGS", "EDITIONS",
]


def make_context(
    players: list[PlayerHistory], *, scoring: Scoring, rounds: int, edition: str = "fide2024",
    system: str = "swiss", flags: dict | None = None,
) -> Context:
    return Context(players, scoring=scoring, rounds=rounds, edition=edition, system=system, flags=flags)


def compute(
    codes: list[str],
    players: list[PlayerHistory],
    *,
    scoring: Scoring,
    rounds: int,
    edition: str = "fide2024",
    system: str = "swiss",
    flags: dict | None = None,
) -> dict[int, dict[str, Fraction]]:
    tbs = [lookup(c) for c in codes]
    ctx = make_context(players, scoring=scoring, rounds=rounds, edition=edition, system=system, flags=flags)
    values = [tb.values(ctx) for tb in tbs]
    return {pid: {c: v[pid] for c, v in zip(codes, values)} for pid in ctx.ids()}
