"""Direct encounter, DE (C.07 art. 6; seed 32.1.6), a type-A tie-break.

For a tied group G, de(p) is the sum over the members q of G that p met of the
*average* of p's points in their counted games (6.1.2). Forfeits count only
when the regulations say so (flag ``forfeits_as_played``; default: yes in a
round robin, 15.2; no in a Swiss, 6.1.1).

* All pairs of G met (6.2): rank by de; equal sub-groups smaller than G get DE
  again; if nothing separates, DE fails.
* Not all met (6.3, fide editions): best(q) = de(q) + W x (members of G that q
  did not meet). Repeatedly rank first a p whose de beats every other best(q);
  then apply DE again to the rest. Legacy (seed): DE only if all met
  (flag ``de_partial_rule``).

`encounter_order` is generic (also used by team EDE); the ranking calls it
for every tied group, so DE is recomputed on each sub-group. The column
(`direct_encounter`) gives every player's de within his score group, as
`compute` and `--explain` show it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping

from arbiter_tournament.core.errors import Msg
from arbiter_tournament.core.tiebreaks.context import Column, Context, Term, Value

F = Fraction

Results = dict[tuple[int, int], list]  # (p, q) -> p's points in each counted game against q


def de_values(group: list[int], results: Results) -> tuple[dict[int, Fraction | int], dict[int, set[int]]]:
    """de of every member of `group` (in the units of `results`: the individual tie-breaks
    count points x D, teams MP or GP) and whom each met."""
    de: dict[int, Fraction | int] = {p: 0 for p in group}
    met: dict[int, set[int]] = {p: set() for p in group}
    # over the results, not over every pair of the group (a Swiss score group is large, its games few)
    for (p, q), games in results.items():
        if games and p != q and p in de and q in de:
            de[p] += games[0] if len(games) == 1 else F(sum(games), len(games))  # repeated games: the average
            met[p].add(q)
    return de, met


def encounter_order(group: list[int], results: Results, win: Fraction | int, partial: bool, *,
                    values: tuple[dict[int, Fraction | int], dict[int, set[int]]] | None = None) -> list[list[int]]:
    """Ordered sub-groups of `group`; a sub-group of more than one is still tied.
    `values`: de_values(group, results), when the caller has them already."""
    group = sorted(group)
    if len(group) < 2:
        return [group]
    de, met = de_values(group, results) if values is None else values
    if all(len(met[p]) == len(group) - 1 for p in group):
        levels = sorted(set(de.values()), reverse=True)
        if len(levels) == 1:
            return [group]
        out: list[list[int]] = []
        for lv in levels:
            sub = [p for p in group if de[p] == lv]
            out += encounter_order(sub, results, win, partial) if len(sub) > 1 else [sub]
        return out
    if not partial:
        return [group]
    times_win: dict[int, Fraction | int] = {}  # win x k for the few distinct k
    best = {}
    for q in group:
        k = len(group) - 1 - len(met[q])
        if k not in times_win:
            times_win[k] = win * k
        best[q] = de[q] + times_win[k] if de[q] else times_win[k]  # only compared
    ranked: list[list[int]] = []
    rest = list(group)
    while len(rest) > 1:
        top = [p for p in rest if all(de[p] > best[q] for q in rest if q != p)]
        if not top:
            break
        ranked.append([top[0]])
        rest.remove(top[0])
    if not ranked:
        return [group]
    return ranked + (encounter_order(rest, results, win, partial) if len(rest) > 1 else [rest])


def results_of(ctx: Context, group: list[int]) -> Results:
    """The points (x D) of every counted game (6.1.1; 15.2) between members of `group`."""
    members = set(group)
    games = ctx.games
    ip = ctx.ipts
    recs = ctx.records
    res: Results = {}
    for p in group:
        for rec in recs[p]:
            if rec.outcome in games and rec.opponent in members:
                res.setdefault((p, rec.opponent), []).append(ip[rec.outcome])
    return res


def as_points(ctx: Context, de: Fraction | int) -> Fraction:
    """A de of `de_values` over `results_of` (points x D) in points."""
    return ctx.frac(de) if isinstance(de, int) else de / ctx.D


def encounters(ctx: Context, group: list[int]) -> tuple[Results, dict[int, Fraction | int], list[list[int]]]:
    """DE on `group` (6.2, 6.3): the counted games among it, every member's de (points x D)
    and the ordered sub-groups (a sub-group of more than one is still tied)."""
    res = results_of(ctx, group)
    de, met = de_values(group, res)
    return res, de, encounter_order(group, res, ctx.i(ctx.win), bool(ctx.flags.de_partial_rule), values=(de, met))


def de_order(ctx: Context, group: list[int]) -> list[list[int]]:
    return encounters(ctx, group)[2]


@dataclass(frozen=True)
class Encounters:
    """The decisions behind DE in the score groups: each player's group and the
    counted games among its members."""

    group: Mapping[int, tuple[int, ...]]
    results: Mapping[tuple[int, ...], Results]


def direct_encounter(ctx: Context) -> Column[Encounters]:
    """de of every player within his score group (Fractions: repeated games are averaged, 6.1.2)."""
    by_score: dict[int, list[int]] = {}
    for pid in ctx.ids:
        by_score.setdefault(ctx.iscore[pid], []).append(pid)
    values: dict[int, Fraction] = {}
    group_of: dict[int, tuple[int, ...]] = {}
    results: dict[tuple[int, ...], Results] = {}
    for members in by_score.values():
        group = tuple(members)
        res = results[group] = results_of(ctx, members)
        de, _ = de_values(members, res)
        for p in group:
            values[p] = as_points(ctx, de[p])
            group_of[p] = group
    return Column(values, None, Encounters(group_of, results))


def explain_direct_encounter(ctx: Context, col: Column[Encounters], pid: int) -> Value:
    group = col.why.group[pid]
    res = col.why.results[group]
    terms = []
    for q in group:
        if q == pid:
            continue
        games = res.get((pid, q))
        if games:
            avg = F(sum(games), len(games) * ctx.D)
            note = Msg("average of {n} games", n=len(games)) if len(games) > 1 else ""
            terms.append(Term(None, q, Msg("met"), None, ctx.frac(sum(games)), avg, None, note))
        else:
            terms.append(Term(None, q, Msg("did not meet"), None, None, F(0), None, Msg("no counted game")))
    notes = (Msg("tied group {ids}", ids=", ".join(map(str, group))),
             Msg("the ranking recomputes DE on every tied sub-group it is applied to (type A)"))
    return Value(col.values[pid], tuple(terms), notes)
