"""Unplayed rounds for BH/SB and their cut modifiers (C.07 art. 15, 16; legacy).

`contributions(ctx, pid)` gives one `Contribution` per round that counts for the
player's own BH/SB:

* fide2024: a game counts the opponent's adjusted score (16.3); an unplayed
  round counts a *dummy opponent* with the player's own score (16.4).
* fide2026: as 2024, the dummy capped (16.4.1/16.4.2) at the scheduled
  opponent's adjusted score for forfeits and at draw points x rounds otherwise.
* legacy: a *virtual opponent* for one's own unplayed round R:
  S_before(R) + complement of the result in R + draw points x (n - R);
  opponents' unplayed rounds count as draws (see Context.adj).
* pre-determined pairings (round robin): forfeits are games (15.2) and the
  Berger bye round is no round for tie-break purposes.

`cut(terms, low, high, key, vur_rule)` applies the 14.x Cut/Median modifiers
with the 16.5 VUR exception.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Callable

from core.records import Outcome
from tiebreaks_reference.context import VUR_KINDS, Context, fmt

F = Fraction

KIND_LABEL = {
    Outcome.WIN: "won",
    Outcome.DRAW: "drew",
    Outcome.LOSS: "lost",
    Outcome.FORFEIT_WIN: "forfeit win",
    Outcome.FORFEIT_LOSS: "forfeit loss",
    Outcome.PAB: "PAB",
    Outcome.FULL_BYE: "full-point bye",
    Outcome.HALF_BYE: "half-point bye",
    Outcome.ZERO_BYE: "zero-point bye",
    Outcome.ABSENT: "absent (zero-point bye)",
}


@dataclass(frozen=True)
class Contribution:
    round: int
    opponent: int | None  # the real opponent (None for a bye), even when a dummy counts
    label: str
    value: Fraction  # the opponent's score as it counts (adjusted, dummy, virtual)
    points: Fraction  # points the player scored in the round
    vur: bool  # voluntary unplayed round (16.1), for the 16.5 cut exception
    note: str = ""
    cut: str | None = None

    @property
    def product(self) -> Fraction:
        return self.value * self.points


def _complement(ctx: Context, pts: Fraction) -> Fraction:
    if pts == ctx.win:
        return ctx.loss
    if pts == ctx.draw:
        return ctx.draw
    if pts == ctx.loss or pts == 0:
        return ctx.win
    return ctx.win + ctx.loss - pts


def contributions(ctx: Context, pid: int, score_of: Callable[[int], Fraction] | None = None) -> list[Contribution]:
    """The per-round terms of pid's BH/SB. `score_of` overrides the opponents'
    scores (used by Fore Buchholz on modified records)."""
    key = ("contrib", pid)
    if score_of is None and key in ctx._cache:
        return ctx._cache[key]
    opp_score = score_of or ctx.adj
    out: list[Contribution] = []
    recs = ctx.recs[pid]
    own = ctx.score[pid]
    for r, rec in enumerate(recs, 1):
        o = rec.outcome
        pts = ctx.pts(rec)
        label = KIND_LABEL[o]
        if ctx.counts_as_game(rec):
            v = opp_score(rec.opponent)
            note = ""
            if v != ctx.score[rec.opponent]:
                note = f"score {fmt(ctx.score[rec.opponent])} adjusted: {ctx.adj_reason(rec.opponent)}"
            if not o.played:
                note = (note + "; " if note else "") + "forfeit counted as a game (15.2)"
            out.append(Contribution(r, rec.opponent, label, v, pts, False, note))
            continue
        if not ctx.swiss and not o.has_opponent:
            continue  # round-robin bye seat: no round for tie-break purposes
        vur = o in VUR_KINDS
        if ctx.edition == "legacy":
            before = sum((ctx.pts(x) for x in recs[: r - 1]), F(0))
            v = before + _complement(ctx, pts) + ctx.draw * (ctx.rounds - r)
            note = (
                f"virtual opponent: {fmt(before)} before the round + {fmt(_complement(ctx, pts))}"
                f" for this round + {fmt(ctx.draw)} x {ctx.rounds - r} later rounds"
            )
            out.append(Contribution(r, rec.opponent, label, v, pts, False, note))
            continue
        if not ctx.flags["apply_16_4_dummy"]:
            if o.has_opponent:
                v = ctx.adj(rec.opponent)
                note = "no dummy (16.4 off): the scheduled opponent's score"
            else:
                v = F(0)
                note = "no dummy (16.4 off): counts 0"
            out.append(Contribution(r, rec.opponent, label, v, pts, vur, note))
            continue
        v = own
        note = f"dummy opponent with the player's own score {fmt(own)} (16.4)"
        if ctx.edition == "fide2026":
            if o.has_opponent:
                cap = ctx.adj(rec.opponent)
                why = f"the scheduled opponent's adjusted score {fmt(cap)}"
            else:
                cap = ctx.draw * ctx.n_scheduled()
                why = f"draw points x {ctx.n_scheduled()} rounds = {fmt(cap)}"
            if cap < v:
                v = cap
                note += f", capped at {why} (16.4.1/16.4.2, 2026)"
        out.append(Contribution(r, rec.opponent, label, v, pts, vur, note))
    if score_of is None:
        ctx._cache[key] = out
    return out


def _lsv_key_bh(c: Contribution):
    return (c.value, c.round)


def _lsv_key_sb(c: Contribution):
    # 14.1.1 d: the term of the lowest-scoring opponent; ties: the lowest product.
    return (c.value, c.product, c.round)


def cut(
    terms: list[Contribution],
    low: int,
    high: int,
    *,
    kind: str,  # "BH" or "SB"
    vur_rule: bool,
) -> list[Contribution]:
    """Mark `low` least and then `high` most significant terms as cut (14.1-14.4),
    with the 16.5 VUR exception for the low cuts. Returns all terms, cut ones marked."""
    terms = list(terms)
    live = list(range(len(terms)))
    lsv = _lsv_key_sb if kind == "SB" else _lsv_key_bh
    for n in range(low):
        if not live:
            break
        i_lsv = min(live, key=lambda i: lsv(terms[i]))
        vurs = [i for i in live if terms[i].vur] if vur_rule else []
        if not vurs:
            pick, why = i_lsv, f"low cut {n + 1}: least significant value"
        elif kind == "BH":
            pick = min(vurs, key=lambda i: (terms[i].value, terms[i].round))
            why = f"low cut {n + 1}: voluntary unplayed round cut instead of the least significant value (16.5)"
        else:
            i_vur = min(vurs, key=lambda i: (terms[i].product, terms[i].round))
            if terms[i_vur].product >= terms[i_lsv].product:
                pick = i_vur
                why = (
                    f"low cut {n + 1}: the lowest voluntary-unplayed term {fmt(terms[i_vur].product)} is not below "
                    f"the least significant term {fmt(terms[i_lsv].product)}: the higher is cut (16.5)"
                )
            else:
                pick = i_lsv
                why = (
                    f"low cut {n + 1}: the least significant term {fmt(terms[i_lsv].product)} is above the lowest "
                    f"voluntary-unplayed term {fmt(terms[i_vur].product)}: the higher is cut (16.5)"
                )
        terms[pick] = replace(terms[pick], cut=why)
        live.remove(pick)
    for n in range(high):
        if not live:
            break
        if kind == "SB":
            pick = max(live, key=lambda i: (terms[i].value, terms[i].product, -terms[i].round))
        else:
            pick = max(live, key=lambda i: (terms[i].value, -terms[i].round))
        terms[pick] = replace(terms[pick], cut=f"high cut {n + 1}: most significant value (median)")
        live.remove(pick)
    return terms
