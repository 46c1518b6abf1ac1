"""Tie-break codes -> rules (codes of tiebreaks.md / cli.md).

`lookup("BH-C1")` gives a `TieBreak`: its rulebook name, type (A-D, C.07 4.3),
the rule that gives every player's value and the decisions behind it (a
`Column`, worked out once per context), the explanation of one player's value
from those decisions, and optionally the sort key of the ranking (larger is
better; default: the value). `parse("BH-C1,SB,WIN")` checks a comma list.
An unknown code raises `UnknownTieBreak` (an `IllegalChange` and a `ValueError`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Mapping

from arbiter_tournament.core.tiebreaks import buchholz, counts, direct, koya, progressive, quality, rating, sonneborn, std
from arbiter_tournament.core.tiebreaks.codes import ALIASES, CUT, MODIFIED, UnknownTieBreak, canonical
from arbiter_tournament.core.tiebreaks.context import Column, Context, Value

F = Fraction

__all__ = ["TieBreak", "FIXED", "ALIASES", "UnknownTieBreak", "lookup", "parse"]


@dataclass(frozen=True)
class TieBreak:
    code: str
    name: str
    type: str  # "A" (among the tied), "B" (own results), "C" (opponents' results), "D" (prior data)
    rule: Callable[..., Column]  # rule(ctx, *params) -> every player's value and the decisions
    explainer: Callable[[Context, Column, int], Value]  # one player's terms from the column
    params: tuple = ()
    keys: Callable[[Context, Column], Mapping[int, Any]] | None = None  # larger is better; default: the values

    def column(self, ctx: Context) -> Column:
        """Every player's value (DE: within his score group) and the decisions behind it."""
        return ctx.once(self.rule, *self.params)

    def values(self, ctx: Context) -> dict[int, Fraction]:
        return ctx.fractions(self.column(ctx))

    def sort_keys(self, ctx: Context) -> Mapping[int, Any]:
        """Every player's sort key (larger is better), integers where they can be."""
        col = self.column(ctx)
        return self.keys(ctx, col) if self.keys else col.values

    def explain(self, ctx: Context, pid: int) -> Value:
        """pid's value with the terms and remarks that make it."""
        return self.explainer(ctx, self.column(ctx), pid)


def _fixed(code, name, typ, rule, explainer, params=(), keys=None) -> TieBreak:
    return TieBreak(code, name, typ, rule, explainer, params, keys)


FIXED: dict[str, TieBreak] = {t.code: t for t in (
    _fixed("PTS", "Points", "B", counts.points, counts.explain_points),
    _fixed("DE", "Direct encounter", "A", direct.direct_encounter, direct.explain_direct_encounter),
    _fixed("WIN", "Number of wins (played or not)", "B", counts.wins, counts.explain_wins),
    _fixed("WON", "Number of games won over the board", "B", counts.won, counts.explain_won),
    _fixed("BPG", "Number of games played with black", "B", counts.black_games, counts.explain_black_games),
    _fixed("BWG", "Number of games won with black", "B", counts.black_wins, counts.explain_black_wins),
    _fixed("REP", "Rounds one elected to play", "B", counts.rounds_elected_to_play,
           counts.explain_rounds_elected_to_play),
    _fixed("AOB", "Average of opponents' Buchholz", "C", buchholz.average_of_buchholz,
           buchholz.explain_average_of_buchholz),
    _fixed("SBH", "Sum of Buchholz", "C", buchholz.sum_of_buchholz, buchholz.explain_sum_of_buchholz),
    _fixed("KS", "Koya", "C", koya.koya, koya.explain_koya, (None,), koya.koya_keys),
    _fixed("KS-E", "Extended Koya", "C", koya.koya, koya.explain_koya, ("extend",), koya.koya_keys),
    _fixed("KS-R", "Reduced Koya", "C", koya.koya, koya.explain_koya, ("reduce",), koya.koya_keys),
    _fixed("TPR", "Tournament performance rating", "C", rating.performance, rating.explain_performance, (False,),
           rating.performance_keys),
    _fixed("TPR-400", "TPR with the 400-point rule", "C", rating.performance, rating.explain_performance, (True,),
           rating.performance_keys),
    _fixed("PTP", "Perfect tournament performance", "C", rating.perfect_performance,
           rating.explain_perfect_performance),
    _fixed("APRO", "Average performance rating of opponents", "C", rating.average_performance,
           rating.explain_average_performance),
    _fixed("APPO", "Average perfect performance of opponents", "C", rating.average_perfect_performance,
           rating.explain_average_perfect_performance),
    _fixed("QW", "Quality of wins", "C", quality.quality_of_wins, quality.explain_quality_of_wins),
    _fixed("STD", "Standard points", "B", std.standard, std.explain_standard),
    _fixed("RTNG", "Rating", "D", std.own_rating, std.explain_own_rating, keys=std.own_rating_keys),
    _fixed("TPN", "Tournament pairing number", "D", std.pairing_number, std.explain_pairing_number,
           keys=std.pairing_number_keys),
)}
_FAMILY = {
    "BH": ("Buchholz", "C", buchholz.buchholz, buchholz.explain_buchholz),
    "SB": ("Sonneborn-Berger", "C", sonneborn.sonneborn_berger, sonneborn.explain_sonneborn_berger),
    "FB": ("Fore Buchholz", "D", buchholz.fore_buchholz, buchholz.explain_fore_buchholz),
}


def lookup(code: str) -> TieBreak:
    c = canonical(code)  # raises UnknownTieBreak naming the code
    if c in FIXED:
        return FIXED[c]
    m = MODIFIED.match(c)
    if m:
        base, kind, n = m.group(1), m.group(2), int(m.group(3) or 0)
        low, high = (n, 0) if kind == "C" else (n, n) if kind == "M" else (0, 0)
        name, typ, rule, explainer = _FAMILY[base]
        if kind:
            name += f" {'Cut' if kind == 'C' else 'Median'}-{n}"
        return TieBreak(c, name, typ, rule, explainer, (low, high))
    m = CUT.match(c)
    assert m is not None  # canonical() gives a fixed code, a modified one, or one of CUT
    base, n = m.group(1), int(m.group(2) or 0)
    if base == "PS":
        return TieBreak(c, "Progressive score" + (f" Cut-{n}" if n else ""), "B", progressive.progressive,
                        progressive.explain_progressive, (n,))
    return TieBreak(c, "Average rating of opponents" + (f" Cut-{n}" if n else ""), "C", rating.average_rating,
                    rating.explain_average_rating, (n,))


def parse(codes: str | list[str]) -> list[str]:
    """A comma list (or list) of codes -> canonical codes; raises UnknownTieBreak."""
    items = codes.split(",") if isinstance(codes, str) else list(codes)
    return [lookup(c).code for c in items if c.strip()]
