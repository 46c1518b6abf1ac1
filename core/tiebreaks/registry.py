"""Tie-break codes -> functions (codes of tiebreaks.md / cli.md).

`lookup("BH-C1")` gives a `TieBreak`: its rulebook name, type (A-D, C.07 4.3),
the function computing a `Value` (number + terms) and `key`, the sort key of the
ranking (larger is better), and `batch`, every player's value at once in
integers (fast.py: `values(ctx)`, `sort_keys(ctx)` for compute and rank; `value`
keeps the terms for explanations). `parse("BH-C1,SB,WIN")` checks a comma list.
An unknown code raises `UnknownTieBreak` (an `IllegalChange` and a `ValueError`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

from core.errors import IllegalChange
from core.tiebreaks import buchholz, counts, direct, fast, koya, progressive, quality, rating, sonneborn, std
from core.tiebreaks.context import Context, Term, Value

F = Fraction


class UnknownTieBreak(IllegalChange, ValueError):
    """A tie-break code the program does not know."""


@dataclass(frozen=True)
class TieBreak:
    code: str
    name: str
    type: str  # "A" (among the tied), "B" (own results), "C" (opponents' results), "D" (prior data)
    fn: Callable[[Context, int], Value]
    key: Callable[[Context, int], Any] | None = None  # larger is better; default: the value
    # Every player's value at once (fast.py): (numerators, den) or (Fractions, None).
    # None: the values come from `fn`, one player at a time.
    batch: Callable[[Context], tuple[dict, int | None]] | None = None

    def value(self, ctx: Context, pid: int) -> Value:
        """The value with its terms (cached per context; DE is not cached, it depends on the group)."""
        if self.code == "DE":
            return self.fn(ctx, pid)
        k = ("tb", self.code, pid)
        if k not in ctx._cache:
            ctx._cache[k] = self.fn(ctx, pid)
        return ctx._cache[k]

    def scaled(self, ctx: Context) -> tuple[dict, int | None]:
        """Every player's value as (numerators, den), or (Fractions, None); cached per context.
        Numerators over a common den sort as the values do."""
        k = ("batch", self.code)
        r = ctx._cache.get(k)
        if r is None:
            if self.batch is not None:
                r = self.batch(ctx)
            else:
                r = ({pid: self.value(ctx, pid).value for pid in ctx.ids()}, None)
            ctx._cache[k] = r
        return r

    def values(self, ctx: Context) -> dict[int, Fraction]:
        """Every player's value (DE: within his score group), without the terms."""
        k = ("values", self.code)
        v = ctx._cache.get(k)
        if v is None:
            nums, den = self.scaled(ctx)
            if den is None:
                v = nums
            else:
                made = {n: ctx.frac(n, den) for n in set(nums.values())}
                v = {pid: made[n] for pid, n in nums.items()}
            ctx._cache[k] = v
        return v

    def number(self, ctx: Context, pid: int) -> Fraction:
        return self.values(ctx)[pid]

    def sort_key(self, ctx: Context, pid: int) -> Any:
        return self.key(ctx, pid) if self.key else self.number(ctx, pid)

    def sort_keys(self, ctx: Context) -> dict[int, Any]:
        """Every player's sort key (larger is better), integers where they can be."""
        if self.key:
            return {pid: self.key(ctx, pid) for pid in ctx.ids()}
        return self.scaled(ctx)[0]


def _pts(ctx: Context, pid: int) -> Value:
    return Value(ctx.score[pid], tuple(Term(r, rec.opponent, rec.outcome.value, None, ctx.pts(rec), ctx.pts(rec))
                                       for r, rec in enumerate(ctx.recs[pid], 1)))


def _tpr_key(seed_rule_always: bool, clip: bool):
    def key(ctx: Context, pid: int):
        v = lookup("TPR-400" if clip else "TPR").scaled(ctx)[0][pid]  # an integer, as the value
        if seed_rule_always or ctx.flags["tpr_vur_gt2_last"]:
            return (0 if rating.vur_count(ctx, pid) > 2 else 1, v)
        return (1, v)
    return key


def _tpn_key(ctx: Context, pid: int):
    v = lookup("TPN").number(ctx, pid)
    return v if ctx.flags["tpn_descending"] else -v


def _rtng_key(ctx: Context, pid: int):
    v = lookup("RTNG").scaled(ctx)[0][pid]
    return -v if ctx.flags["rtng_ascending"] else v


def _koya_key(mode: str | None):
    def key(ctx: Context, pid: int):
        return fast.koya_keys(ctx, mode or ctx.flags["koya_extension"])[pid]
    return key


def _mod_name(kind: str, n: int) -> str:
    return f"{'Cut' if kind == 'C' else 'Median'}-{n}"


FIXED: dict[str, TieBreak] = {
    "PTS": TieBreak("PTS", "Points", "B", _pts, batch=fast.points),
    "DE": TieBreak("DE", "Direct encounter", "A", direct.direct_encounter, batch=fast.direct_encounter),
    "WIN": TieBreak("WIN", "Number of wins (played or not)", "B", counts.wins, batch=fast.wins),
    "WON": TieBreak("WON", "Number of games won over the board", "B", counts.won, batch=fast.won),
    "BPG": TieBreak("BPG", "Number of games played with black", "B", counts.black_games, batch=fast.black_games),
    "BWG": TieBreak("BWG", "Number of games won with black", "B", counts.black_wins, batch=fast.black_wins),
    "REP": TieBreak("REP", "Rounds one elected to play", "B", counts.rounds_elected_to_play,
                    batch=fast.rounds_elected_to_play),
    "AOB": TieBreak("AOB", "Average of opponents' Buchholz", "C", buchholz.average_of_buchholz,
                    batch=fast.average_of_buchholz),
    "SBH": TieBreak("SBH", "Sum of Buchholz", "C", buchholz.sum_of_buchholz, batch=fast.sum_of_buchholz),
    "KS": TieBreak("KS", "Koya", "C", lambda c, p: koya.koya_explained(c, p), _koya_key(None), fast.koya(None)),
    "KS-E": TieBreak("KS-E", "Extended Koya", "C", lambda c, p: koya.koya_explained(c, p, "extend"),
                     _koya_key("extend"), fast.koya("extend")),
    "KS-R": TieBreak("KS-R", "Reduced Koya", "C", lambda c, p: koya.koya_explained(c, p, "reduce"),
                     _koya_key("reduce"), fast.koya("reduce")),
    "TPR": TieBreak("TPR", "Tournament performance rating", "C", rating.performance, _tpr_key(False, False),
                    fast.performance()),
    "TPR-400": TieBreak("TPR-400", "TPR with the 400-point rule", "C",
                        lambda c, p: rating.performance(c, p, clip=True), _tpr_key(True, True),
                        fast.performance(clip=True)),
    "PTP": TieBreak("PTP", "Perfect tournament performance", "C", rating.perfect_performance,
                    batch=fast.perfect_performance),
    "APRO": TieBreak("APRO", "Average performance rating of opponents", "C", rating.average_performance,
                     batch=fast.average_performance),
    "APPO": TieBreak("APPO", "Average perfect performance of opponents", "C", rating.average_perfect_performance,
                     batch=fast.average_perfect_performance),
    "QW": TieBreak("QW", "Quality of wins", "C", quality.quality_of_wins, batch=fast.quality_of_wins),
    "STD": TieBreak("STD", "Standard points", "B", std.standard, batch=fast.standard),
    "RTNG": TieBreak("RTNG", "Rating", "D", std.own_rating, _rtng_key, fast.own_rating),
    "TPN": TieBreak("TPN", "Tournament pairing number", "D", std.pairing_number, _tpn_key, fast.pairing_number),
}
ALIASES = {"GE": "REP", "BH-MED1": "BH-M1", "BH-MED2": "BH-M2"}

_MOD = re.compile(r"^(BH|SB|FB)(?:-([CM])(\d+))?$")
_CUT = re.compile(r"^(PS|ARO)(?:-C(\d+))?$")


def lookup(code: str) -> TieBreak:
    c = code.strip().upper()
    c = ALIASES.get(c, c)
    if c in FIXED:
        return FIXED[c]
    m = _MOD.match(c)
    if m:
        base, kind, n = m.group(1), m.group(2), int(m.group(3) or 0)
        low, high = (n, 0) if kind == "C" else (n, n) if kind == "M" else (0, 0)
        fn = {"BH": buchholz.buchholz, "SB": sonneborn.sonneborn_berger, "FB": buchholz.fore_buchholz}[base]
        batch = {"BH": fast.buchholz, "SB": fast.sonneborn, "FB": fast.fore_buchholz}[base](low, high)
        name = {"BH": "Buchholz", "SB": "Sonneborn-Berger", "FB": "Fore Buchholz"}[base]
        if kind:
            name += " " + _mod_name(kind, n)
        typ = "D" if base == "FB" else "C"
        return TieBreak(c, name, typ, lambda ctx, pid, fn=fn, low=low, high=high: fn(ctx, pid, low, high), None,
                        batch)
    m = _CUT.match(c)
    if m:
        base, n = m.group(1), int(m.group(2) or 0)
        if base == "PS":
            return TieBreak(c, "Progressive score" + (f" Cut-{n}" if n else ""), "B",
                            lambda ctx, pid, n=n: progressive.progressive(ctx, pid, n), None, fast.progressive(n))
        return TieBreak(c, "Average rating of opponents" + (f" Cut-{n}" if n else ""), "C",
                        lambda ctx, pid, n=n: rating.average_rating(ctx, pid, n), None, fast.average_rating(n))
    raise UnknownTieBreak(
        "unknown tie-break {code!r}; known: PTS, DE, WIN, WON, BPG, BWG, REP, PS, PS-Cn, BH, BH-Cn, "
        "BH-Mn, FB, AOB, SBH, SB, SB-Cn, KS, KS-E, KS-R, ARO, ARO-Cn, TPR, TPR-400, PTP, APRO, APPO, QW, STD, "
        "RTNG, TPN", code=code.strip()
    )


def parse(codes: str | list[str]) -> list[str]:
    """A comma list (or list) of codes -> canonical codes; raises UnknownTieBreak."""
    items = codes.split(",") if isinstance(codes, str) else list(codes)
    out = [lookup(c).code for c in items if c.strip()]
    return out
