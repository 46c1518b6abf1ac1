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

from typing import TYPE_CHECKING

from arbiter_tournament.core.lazy import lazy_names

if TYPE_CHECKING:
    from fractions import Fraction

    from arbiter_tournament.core.tiebreaks.context import Context

# name -> the module that gives it, imported when the name is first asked for: `tiebreaks.codes` (what
# the event file's reader checks codes with) loads without the rules and their context
_FROM = {
    "context": ("Context", "Flags", "Column", "Term", "Value", "DEFAULT_FLAGS", "EDITIONS"),
    "registry": ("lookup", "parse", "TieBreak"),
    "codes": ("UnknownTieBreak",),
}

__all__ = ["compute"]
__all__ += [name for names in _FROM.values() for name in names]
__getattr__, __dir__ = lazy_names(__name__, _FROM, globals())


def compute(codes: list[str], ctx: Context) -> dict[int, dict[str, Fraction]]:
    """Every player's value of each code (DE: within his score group)."""
    from arbiter_tournament.core.tiebreaks.registry import lookup

    values = [lookup(c).values(ctx) for c in codes]
    return {pid: {c: v[pid] for c, v in zip(codes, values)} for pid in ctx.ids}
