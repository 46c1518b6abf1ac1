"""Unplayed rounds for BH/SB and the Cut/Median modifiers (C.07 art. 14-16; legacy).

`opponent_terms(ctx)` gives every player's BH/SB terms (`OpponentTerms`), one
per round that counts, with the decision for each round that was not a game
over the board (`Unplayed`):

* a game counts the opponent's score as he is seen (16.3, `Context.adj`);
* fide2024: an unplayed round counts a *dummy opponent* with the player's own
  score (16.4);
* fide2026: as 2024, the dummy capped (16.4.1/16.4.2) at the scheduled
  opponent's adjusted score for forfeits and at draw points x rounds otherwise;
* legacy: a *virtual opponent* for one's own unplayed round R:
  S_before(R) + complement of the result in R + draw points x (n - R);
* 16.4 off (flag ``apply_16_4_dummy``): a forfeit counts the scheduled
  opponent's score, a bye 0;
* pre-determined pairings (round robin): forfeits are games (15.2) and the
  Berger bye round is no round for tie-break purposes.

`cut(values, products, vurs, low, high, vur_rule)` applies the 14.1-14.4
Cut/Median modifiers with the 16.5 VUR exception and says what it cut and why
(`Cut`). `dummy_score` and `virtual_opponent` are the 16.4 and legacy rules
for one round, shared with the team tie-breaks.

`opponent_rows` turns one player's terms and cuts into the lines of
`--explain`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Mapping, NamedTuple, Sequence

from arbiter_tournament.core.errors import Msg, joined
from arbiter_tournament.core.event.records import Outcome
from arbiter_tournament.core.tiebreaks.context import FORFEITS, HAS_OPPONENT, PLAYED, VUR_SET, Context, Term, fmt

F = Fraction

# What a round was, as the terms of every tie-break say it (PTS, BH, SB, KS, PS, STD, the counts ...).
KIND_LABEL: dict[Outcome, Msg] = {
    Outcome.WIN: Msg("won"),
    Outcome.DRAW: Msg("drew"),
    Outcome.LOSS: Msg("lost"),
    Outcome.FORFEIT_WIN: Msg("forfeit win"),
    Outcome.FORFEIT_LOSS: Msg("forfeit loss"),
    Outcome.PAB: Msg("PAB"),
    Outcome.FULL_BYE: Msg("full-point bye"),
    Outcome.HALF_BYE: Msg("half-point bye"),
    Outcome.ZERO_BYE: Msg("zero-point bye"),
    Outcome.ABSENT: Msg("absent (zero-point bye)"),
}
GAME = Msg("game")  # a game over the board (rating tie-breaks, AOB, SBH)


class Use(Enum):
    """How a round that was not a game over the board counts for the player's own BH/SB."""

    FORFEIT_GAME = "a forfeit counted as a game (15.2, flag forfeits_as_played)"
    DUMMY = "a dummy opponent with the player's own score (16.4)"
    DUMMY_CAP_OPPONENT = "the dummy capped at the scheduled opponent's adjusted score (16.4.1, 2026)"
    DUMMY_CAP_DRAWS = "the dummy capped at draw points x rounds (16.4.2, 2026)"
    NO_DUMMY_SCHEDULED = "16.4 off: the scheduled opponent's score"
    NO_DUMMY_ZERO = "16.4 off: 0"
    VIRTUAL = "legacy virtual opponent"


class Unplayed(NamedTuple):
    """The decision for one term that is not a game over the board. The dummy's score
    is the player's own (`Context.iscore`) and a cap that lowered it is the term's
    value; the legacy virtual opponent keeps its parts (points x D)."""

    use: Use
    before: int = 0  # legacy: the player's points before the round
    result: int = 0  # legacy: the complement of the player's result in the round
    later: int = 0  # legacy: the rounds after this one


_FORFEIT_GAME = Unplayed(Use.FORFEIT_GAME)
_NO_DUMMY_SCHEDULED = Unplayed(Use.NO_DUMMY_SCHEDULED)
_NO_DUMMY_ZERO = Unplayed(Use.NO_DUMMY_ZERO)
_DUMMY = Unplayed(Use.DUMMY)
_DUMMY_CAP_OPPONENT = Unplayed(Use.DUMMY_CAP_OPPONENT)
_DUMMY_CAP_DRAWS = Unplayed(Use.DUMMY_CAP_DRAWS)


@dataclass(frozen=True)
class OpponentTerms:
    """Every player's BH/SB terms in round order (points x D): term i of player p
    counts `values[p][i]` (the opponent's score as it counts) and `points[p][i]`
    (what p scored). Term i is round i + 1 unless `rounds[p]` says otherwise (a
    round-robin bye seat has no term). `vurs[p]` are the terms of voluntary
    unplayed rounds (16.1), for the 16.5 cut; `unplayed[p]` the decision of every
    term that is not a game over the board. Players without such terms are not
    in `vurs`, `rounds`, `unplayed`."""

    values: dict[int, list[int]]
    points: dict[int, Sequence[int]]
    vurs: dict[int, tuple[int, ...]]
    rounds: dict[int, tuple[int, ...]]
    unplayed: dict[int, dict[int, Unplayed]]

    def round_of(self, pid: int, i: int) -> int:
        rounds = self.rounds.get(pid)
        return i + 1 if rounds is None else rounds[i]


def complement(win: Fraction, draw: Fraction, loss: Fraction, points: Fraction) -> Fraction:
    """The virtual opponent's result in the round (legacy): the other side of the player's."""
    if points == win:
        return loss
    if points == draw:
        return draw
    if points == loss or points == 0:
        return win
    return win + loss - points


def virtual_opponent(before, result, draw, later):
    """Legacy: S_before(R) + the complement of the result in R + draw points x (n - R)."""
    return before + result + draw * later


def dummy_score(edition: str, own, cap):
    """C.07 16.4: the dummy opponent has the player's own score; 2026 (16.4.1/16.4.2):
    no more than `cap` (the scheduled opponent's adjusted score for a forfeit,
    draw points x rounds otherwise). Returns (score, capped)."""
    if edition == "fide2026" and cap < own:
        return cap, True
    return own, False


def vur_cut_applies(ctx: Context) -> bool:
    """The 16.5 VUR exception (fide editions, flag ``apply_16_5_vur_cut``)."""
    return ctx.edition != "legacy" and ctx.flags.apply_16_5_vur_cut


def opponent_terms(ctx: Context) -> OpponentTerms:
    """Every player's BH/SB terms (see the module's docstring). Use `ctx.once(opponent_terms)`."""
    ipoints = ctx.ipoints
    adj = ctx.iadj
    out = OpponentTerms({}, {}, {}, {}, {})
    values, points = out.values, out.points
    rules = None
    for pid, recs in ctx.records.items():
        if PLAYED.issuperset([rec.outcome for rec in recs]):  # every round a game over the board: the usual case
            values[pid] = [adj[rec.opponent_id] for rec in recs]
            points[pid] = ipoints[pid]
        else:
            if rules is None:
                rules = _Rules(ctx, out)
            rules.terms(pid, recs)
    return out


class _Rules:
    """16.3/16.4 (or legacy) for the players with unplayed rounds, the settings as integers."""

    def __init__(self, ctx: Context, out: OpponentTerms) -> None:
        self.ctx, self.out = ctx, out
        self.ip = ctx.ipts
        self.adj = ctx.iadj
        self.games = ctx.games
        self.forfeit_games = bool(ctx.flags.forfeits_as_played)
        self.swiss = ctx.swiss
        self.edition = ctx.edition
        self.legacy = ctx.edition == "legacy"
        self.dummy = ctx.flags.apply_16_4_dummy
        self.idraw = ctx.i(ctx.draw)
        self.cap_rounds = self.idraw * ctx.n_scheduled()
        self.complement = {o: ctx.i(complement(ctx.win, ctx.draw, ctx.loss, p)) for o, p in ctx.points_of.items()}

    def _keep(self, pid: int, vals: list[int], pts: Sequence[int], vurs: list[int], unplayed: dict,
              rounds: list[int] | None = None) -> None:
        out = self.out
        out.values[pid] = vals
        out.points[pid] = pts
        if vurs:
            out.vurs[pid] = tuple(vurs)
        if unplayed:
            out.unplayed[pid] = unplayed
        if rounds is not None:
            out.rounds[pid] = tuple(rounds)

    def terms(self, pid: int, recs) -> None:
        if self.swiss and not self.legacy:
            return self.swiss_terms(pid, recs)
        ctx, ip, adj, games = self.ctx, self.ip, self.adj, self.games
        own = ctx.iscore[pid]
        vals: list[int] = []
        pts: list[int] = []
        vurs: list[int] = []
        rounds: list[int] = []
        unplayed: dict[int, Unplayed] = {}
        before = 0
        for r, rec in enumerate(recs, 1):
            o = rec.outcome
            p = ip[o]
            i = len(vals)
            if o in games:
                vals.append(adj[rec.opponent])
                if self.forfeit_games and o in FORFEITS:
                    unplayed[i] = _FORFEIT_GAME
            elif not self.swiss and o not in HAS_OPPONENT:
                before += p
                continue  # round-robin bye seat: no round for tie-break purposes
            elif self.legacy:
                comp = self.complement[o]
                vals.append(virtual_opponent(before, comp, self.idraw, ctx.rounds - r))
                unplayed[i] = Unplayed(Use.VIRTUAL, before, comp, ctx.rounds - r)
            else:
                if o in VUR_SET:
                    vurs.append(i)
                if not self.dummy:
                    if o in FORFEITS:
                        vals.append(adj[rec.opponent])
                        unplayed[i] = _NO_DUMMY_SCHEDULED
                    else:
                        vals.append(0)
                        unplayed[i] = _NO_DUMMY_ZERO
                else:
                    cap = adj[rec.opponent] if o in FORFEITS else self.cap_rounds
                    v, capped = dummy_score(ctx.edition, own, cap)
                    vals.append(v)
                    unplayed[i] = (_DUMMY if not capped else _DUMMY_CAP_OPPONENT if o in FORFEITS
                                   else _DUMMY_CAP_DRAWS)
            pts.append(p)
            rounds.append(r)
            before += p
        if len(rounds) == len(recs):
            self._keep(pid, vals, ctx.ipoints[pid], vurs, unplayed)
        else:
            self._keep(pid, vals, pts, vurs, unplayed, rounds)

    def swiss_terms(self, pid: int, recs) -> None:
        """The same for a Swiss (fide editions): every round is a term, term i is round i + 1."""
        adj, games, fap, dummy, edition = self.adj, self.games, self.forfeit_games, self.dummy, self.edition
        own = self.ctx.iscore[pid]
        vals: list[int] = []
        vurs: list[int] = []
        unplayed: dict[int, Unplayed] = {}
        for i, rec in enumerate(recs):
            o = rec.outcome
            if o in games:
                vals.append(adj[rec.opponent])
                if fap and o in FORFEITS:
                    unplayed[i] = _FORFEIT_GAME
                continue
            if o in VUR_SET:
                vurs.append(i)
            forfeit = o in FORFEITS
            if not dummy:
                if forfeit:
                    vals.append(adj[rec.opponent])
                    unplayed[i] = _NO_DUMMY_SCHEDULED
                else:
                    vals.append(0)
                    unplayed[i] = _NO_DUMMY_ZERO
                continue
            v, capped = dummy_score(edition, own, adj[rec.opponent] if forfeit else self.cap_rounds)
            vals.append(v)
            unplayed[i] = _DUMMY if not capped else _DUMMY_CAP_OPPONENT if forfeit else _DUMMY_CAP_DRAWS
        out = self.out
        out.values[pid] = vals
        out.points[pid] = self.ctx.ipoints[pid]
        if unplayed:
            out.unplayed[pid] = unplayed
        if vurs:
            out.vurs[pid] = tuple(vurs)


# -- the cut modifiers (14.1-14.4) with the 16.5 VUR exception -----------------------------
class CutWhy(Enum):
    LOWEST = "14.1: the least significant value"
    VUR = "16.5 BH: a voluntary unplayed round instead of the least significant value"
    VUR_NOT_BELOW = "16.5 SB: the lowest VUR term, not below the least significant term"
    LSV_ABOVE = "16.5 SB: the least significant term, above the lowest VUR term"
    HIGHEST = "14.2: the most significant value (median)"


class Cut(NamedTuple):
    """One term a modifier cut: its index, why, which cut it was (from 1) and, for
    the SB 16.5 choice, the two products compared."""

    index: int  # type: ignore[assignment]  # the term's index: a field may shadow tuple.index (never called on a Cut)
    why: CutWhy
    n: int
    vur: int = 0
    lsv: int = 0


# Cuts without a 16.5 comparison, made once: by why, then by (index, which cut).
_PLAIN_CUTS: dict[CutWhy, dict[tuple[int, int], Cut]] = {why: {} for why in CutWhy}
_CUT_1 = [(Cut(i, CutWhy.LOWEST, 1),) for i in range(64)]  # the usual Cut-1 of the term i
_VUR_1 = [(Cut(i, CutWhy.VUR, 1),) for i in range(64)]  # the usual BH Cut-1 with voluntary unplayed rounds


def _plain(i: int, why: CutWhy, k: int) -> Cut:
    made = _PLAIN_CUTS[why]
    c = made.get((i, k))
    if c is None:
        c = made[(i, k)] = Cut(i, why, k)
    return c


def _highest_but(values: Sequence, i: int) -> int:
    """The earliest of the highest values, term i left out (len(values) > 1)."""
    top = max(values)
    j = values.index(top)
    if j != i:
        return j
    try:
        return values.index(top, i + 1)
    except ValueError:  # term i was the only highest
        rest = list(values[:i]) + list(values[i + 1:])
        j = rest.index(max(rest))
        return j if j < i else j + 1


def cut(values: Sequence, products: Sequence | None, vurs: tuple[int, ...], low: int, high: int,
        vur_rule: bool) -> tuple[Cut, ...]:
    """The terms cut by `low` low cuts, then `high` high cuts (14.1-14.4), of one player.

    The least significant value is the lowest value (BH) or, with `products`
    (SB, 14.1.1 d), the term of the lowest-scoring opponent, ties the lowest
    product; ties of both: the earliest term. With `vur_rule` and voluntary
    unplayed rounds among the terms (16.5): BH cuts the lowest VUR term instead;
    SB cuts the higher of the lowest VUR term and the LSV term; each further low
    cut applies the rule again to the rest (16.5.2). High cuts have no VUR
    exception: the highest value (then product), the earliest of equals.
    """
    return cut_all({0: values}, None if products is None else {0: products}, {0: vurs} if vurs else {},
                   low, high, vur_rule)[1][0]


def cut_all(values: Mapping[int, Sequence], products: Mapping[int, Sequence] | None,
            vurs: Mapping[int, tuple[int, ...]], low: int, high: int,
            vur_rule: bool) -> tuple[dict[int, int], dict[int, tuple[Cut, ...]]]:
    """`cut` for every player: the sum of each player's terms left (values, or products
    for SB) and what was cut."""
    kept: dict[int, int] = {}
    cuts: dict[int, tuple[Cut, ...]] = {}
    if products is None and low == 1 and not high:  # BH Cut-1, the usual case
        for pid, v in values.items():
            vu = vurs.get(pid)
            if not v:
                kept[pid], cuts[pid] = 0, ()
            elif vur_rule and vu:  # 16.5: the earliest of the lowest voluntary unplayed rounds
                i = min(vu, key=v.__getitem__)
                cuts[pid] = _VUR_1[i] if i < 64 else (_plain(i, CutWhy.VUR, 1),)
                kept[pid] = sum(v) - v[i]
            else:  # 14.1: the earliest of the lowest values
                m = min(v)
                i = v.index(m)
                cuts[pid] = _CUT_1[i] if i < 64 else (_plain(i, CutWhy.LOWEST, 1),)
                kept[pid] = sum(v) - m
        return kept, cuts
    no_vurs: tuple[int, ...] = ()
    for pid, v in values.items():
        terms = v if products is None else products[pid]
        cuts[pid] = c = _cuts(v, None if products is None else terms, vurs.get(pid, no_vurs), low, high, vur_rule)
        kept[pid] = sum(terms) - sum([terms[x.index] for x in c])
    return kept, cuts


def _cuts(values: Sequence, products: Sequence | None, vurs: tuple[int, ...], low: int, high: int,
          vur_rule: bool) -> tuple[Cut, ...]:
    """`cut` for one player, but the BH Cut-1 (in `cut_all`)."""
    n = len(values)
    if not n or not (low or high):
        return ()
    if not (vur_rule and vurs):
        if products is None:
            if low == 1 and high == 1:  # Median-1: the earliest lowest, then the earliest highest left
                i = values.index(min(values))
                if n == 1:
                    return (_plain(i, CutWhy.LOWEST, 1),)
                return (_plain(i, CutWhy.LOWEST, 1), _plain(_highest_but(values, i), CutWhy.HIGHEST, 1))
            order = sorted(range(n), key=values.__getitem__)  # stable: the earliest of equals first
            top = [i for _, i in sorted([(-values[i], i) for i in order[low:]])[:high]]
        else:
            if low == 1 and not high:  # the LSV: lowest (value, product), the earliest of equals
                i = min(zip(values, products, range(n)))[2]
                return (_plain(i, CutWhy.LOWEST, 1),)
            keyed = sorted(zip(values, products, range(n)))  # (value, product, term): the LSV first
            order = [i for _, _, i in keyed]
            top = [i for _, _, i in sorted([(-v, -p, i) for v, p, i in keyed[low:]])[:high]]
        return (tuple([_plain(i, CutWhy.LOWEST, k) for k, i in enumerate(order[:low], 1)])
                + tuple([_plain(i, CutWhy.HIGHEST, k) for k, i in enumerate(top, 1)]))
    if low == 1 and high == 1 and products is None:  # BH Median-1 with voluntary unplayed rounds
        i = min(vurs, key=values.__getitem__)  # the earliest of the lowest
        if n == 1:
            return (_plain(i, CutWhy.VUR, 1),)
        return (_plain(i, CutWhy.VUR, 1), _plain(_highest_but(values, i), CutWhy.HIGHEST, 1))
    if low == 1 and not high and products is not None:  # SB Cut-1 with voluntary unplayed rounds
        i_lsv = min(zip(values, products, range(n)))[2]
        i_vur = min(vurs, key=products.__getitem__)
        if products[i_vur] >= products[i_lsv]:
            return (Cut(i_vur, CutWhy.VUR_NOT_BELOW, 1, products[i_vur], products[i_lsv]),)
        return (Cut(i_lsv, CutWhy.LSV_ABOVE, 1, products[i_vur], products[i_lsv]),)
    live = list(range(n))
    cuts: list[Cut] = []
    for k in range(1, low + 1):
        if not live:
            break
        if products is None:
            i_lsv = min(live, key=lambda i: (values[i], i))
        else:
            i_lsv = min(live, key=lambda i: (values[i], products[i], i))
        vl = [i for i in live if i in vurs]
        if not vl:
            c = _plain(i_lsv, CutWhy.LOWEST, k)
        elif products is None:
            c = _plain(min(vl, key=lambda i: (values[i], i)), CutWhy.VUR, k)
        else:
            i_vur = min(vl, key=lambda i: (products[i], i))
            if products[i_vur] >= products[i_lsv]:
                c = Cut(i_vur, CutWhy.VUR_NOT_BELOW, k, products[i_vur], products[i_lsv])
            else:
                c = Cut(i_lsv, CutWhy.LSV_ABOVE, k, products[i_vur], products[i_lsv])
        cuts.append(c)
        live.remove(c.index)
    for k in range(1, high + 1):
        if not live:
            break
        if products is None:
            pick = max(live, key=lambda i: (values[i], -i))
        else:
            pick = max(live, key=lambda i: (values[i], products[i], -i))
        cuts.append(_plain(pick, CutWhy.HIGHEST, k))
        live.remove(pick)
    return tuple(cuts)


# -- explanations -------------------------------------------------------------------------
def cut_reason(c: Cut, den: int) -> Msg:
    """Why a term was cut; `den` is the denominator of the SB products compared."""
    if c.why is CutWhy.LOWEST:
        return Msg("low cut {n}: least significant value", n=c.n)
    if c.why is CutWhy.VUR:
        return Msg("low cut {n}: voluntary unplayed round cut instead of the least significant value (16.5)", n=c.n)
    if c.why is CutWhy.VUR_NOT_BELOW:
        return Msg("low cut {n}: the lowest voluntary-unplayed term {vur} is not below the least significant term "
                   "{lsv}: the higher is cut (16.5)", n=c.n, vur=fmt(F(c.vur, den)), lsv=fmt(F(c.lsv, den)))
    if c.why is CutWhy.LSV_ABOVE:
        return Msg("low cut {n}: the least significant term {lsv} is above the lowest voluntary-unplayed term "
                   "{vur}: the higher is cut (16.5)", n=c.n, vur=fmt(F(c.vur, den)), lsv=fmt(F(c.lsv, den)))
    return Msg("high cut {n}: most significant value (median)", n=c.n)


def adjusted_note(ctx: Context, pid: int) -> Msg | None:
    """Why pid's score counts differently for his opponents (16.3; legacy), or None."""
    rounds = ctx.adjusted.as_draws.get(pid)
    if rounds is None:
        return None
    score = fmt(ctx.score[pid])
    if ctx.adjusted.legacy:
        return Msg("score {score} adjusted: unplayed rounds count as draws (legacy)", score=score)
    return Msg("score {score} adjusted: requested bye(s) at the end (16.2.5) in round(s) {rounds} count as draws "
               "(16.3)", score=score, rounds=", ".join(map(str, rounds)))


def unplayed_note(ctx: Context, pid: int, u: Unplayed, value: int) -> Msg:
    """What pid's unplayed round counts (its term's `value`, x D), and by which rule."""
    f = ctx.frac
    own = fmt(f(ctx.iscore[pid]))
    if u.use is Use.VIRTUAL:
        return Msg("virtual opponent: {before} before the round + {result} for this round + {draw} x {later} later "
                   "rounds", before=fmt(f(u.before)), result=fmt(f(u.result)), draw=fmt(ctx.draw), later=u.later)
    if u.use is Use.NO_DUMMY_SCHEDULED:
        return Msg("no dummy (16.4 off): the scheduled opponent's score")
    if u.use is Use.NO_DUMMY_ZERO:
        return Msg("no dummy (16.4 off): counts 0")
    if u.use is Use.DUMMY_CAP_OPPONENT:
        return Msg("dummy opponent with the player's own score {own} (16.4), capped at the scheduled opponent's "
                   "adjusted score {cap} (16.4.1/16.4.2, 2026)", own=own, cap=fmt(f(value)))
    if u.use is Use.DUMMY_CAP_DRAWS:
        return Msg("dummy opponent with the player's own score {own} (16.4), capped at draw points x {n} rounds = "
                   "{cap} (16.4.1/16.4.2, 2026)", own=own, n=ctx.n_scheduled(), cap=fmt(f(value)))
    return Msg("dummy opponent with the player's own score {own} (16.4)", own=own)


def opponent_rows(ctx: Context, pid: int, terms: OpponentTerms, cuts: tuple[Cut, ...], *, sb: bool) -> tuple[Term, ...]:
    """The lines of `--explain` for pid's BH (or SB: the products) terms and cuts."""
    recs = ctx.records[pid]
    why = {c.index: c for c in cuts}
    unplayed = terms.unplayed.get(pid, {})
    den = ctx.D * ctx.D
    out = []
    for i, (v, p) in enumerate(zip(terms.values[pid], terms.points[pid])):
        r = terms.round_of(pid, i)
        rec = recs[r - 1]
        u = unplayed.get(i)
        if u is None or u.use is Use.FORFEIT_GAME:
            notes = [n for n in (adjusted_note(ctx, rec.opponent_id),) if n is not None]
            if u is not None:
                notes.append(Msg("forfeit counted as a game (15.2)"))
            note: str = notes[0] if len(notes) == 1 else joined(notes, "; ") if notes else ""
        else:
            note = unplayed_note(ctx, pid, u, v)
        c = why.get(i)
        value, points = ctx.frac(v), ctx.frac(p)
        out.append(Term(r, rec.opponent, KIND_LABEL[rec.outcome], value, points,
                        ctx.frac(v * p, den) if sb else value, None if c is None else cut_reason(c, den), note))
    return tuple(out)
