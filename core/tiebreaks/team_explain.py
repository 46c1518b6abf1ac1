"""How each team tie-break value of one team is made (Enter on a team in the TUI's team standings).

`explain_team(ctx, tid, codes)` gives one `core.tiebreaks.explain.Explanation`
per code, as the individual explanations do: the value, the terms (each round
or opponent, the score that counts, the points scored, what the term adds,
whether and why it was cut, the dummy or virtual team of an unplayed round)
and remarks. The terms are read from the decisions `core.tiebreaks.team` made
for the value (`TeamContext.term_rows`, the same `cut`), so they add up to
the value the standings show. `render_team_explain` turns them into plain
text in English or Russian (labels and remarks are `core.errors.Msg`, their
Russian in core/msg/ru.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from arbiter_tournament.core.errors import IllegalChange, Msg
from arbiter_tournament.core.msg.i18n import words
from arbiter_tournament.core.tiebreaks.context import Term, fmt
from arbiter_tournament.core.tiebreaks.explain import Explanation, term_line
from arbiter_tournament.core.tiebreaks.names import tiebreak_name
from arbiter_tournament.core.tiebreaks.team import (BHT_CODE, ESB_CODE, TeamContext, TeamRound, board_points, group_results, ede_order,
                                         sssc_k, team_column)
from arbiter_tournament.core.tiebreaks.unplayed import cut, cut_reason

F = Fraction

__all__ = ["TeamExplanation", "explain_team", "render_team_explain"]

_KINDS = {"M": "MP", "G": "GP"}


@dataclass(frozen=True)
class TeamExplanation:
    id: int
    name: str
    mp: Fraction
    gp: Fraction
    rounds: int
    edition: str
    items: tuple[Explanation, ...]
    names: dict[int, str] = field(default_factory=dict)  # every team by id (the terms name opponents by id)


def _label(ctx: TeamContext, r: TeamRound) -> Msg:
    """What the team's round was: a match won, drawn or lost, a forfeit, the bye ..."""
    if r.kind == "match":
        mine, theirs = ctx.round_gp(r), ctx.conceded(r)
        return Msg("won") if mine > theirs else Msg("drew") if mine == theirs else Msg("lost")
    return {"forfeit-win": Msg("forfeit win"), "forfeit-loss": Msg("forfeit loss"), "pab": Msg("PAB"),
            "half-bye": Msg("half-point bye"), "absent": Msg("absent"),
            "rr-bye": Msg("bye seat (no round for tie-breaks)")}[r.kind]


def _score_terms(ctx: TeamContext, tid: int, kind: str) -> tuple[Term, ...]:
    """MP or GP: what each round added."""
    out = []
    for i, r in enumerate(ctx.recs[tid], 1):
        v = ctx.per_round(kind, r)
        out.append(Term(i, r.opponent, _label(ctx, r), None, v, v))
    return tuple(out)


def _unplayed_note(how: str, detail: tuple) -> Msg | str:
    if how == "dummy":
        return Msg("dummy team with the team's own score {own} (16.4)", own=fmt(detail[0]))
    if how == "capped":
        return Msg("dummy team with the team's own score {own} (16.4), capped at {cap} (16.4.1/16.4.2, 2026)",
                   own=fmt(detail[0]), cap=fmt(detail[1]))
    if how == "virtual":
        before, result, draw, later = detail
        return Msg("virtual team: {before} before the round + {result} for this round + {draw} x {later} later "
                   "rounds", before=fmt(before), result=fmt(result), draw=fmt(draw), later=later)
    return ""


def _opponent_terms(ctx: TeamContext, tid: int, opp_kind: str, own_kind: str, low: int, sb: bool) -> tuple[
        Fraction, tuple[Term, ...]]:
    """BH-x (sb False) or E..SB: one term per round, the opponents' scores (times the team's own score in the
    round for E..SB), the `low` cut as `core.tiebreaks.team` makes it."""
    rows = ctx.term_rows(tid, opp_kind, own_kind)
    values = [t.value for t in rows]
    adds = [t.value * t.mine for t in rows] if sb else values
    cuts = {c.index: c for c in cut(values, adds if sb else None, (), low, 0, False)}
    terms = []
    total = F(0)
    for k, t in enumerate(rows):
        c = cuts.get(k)
        if c is None:
            total += adds[k]
        terms.append(Term(t.round, t.rec.opponent, _label(ctx, t.rec), t.value, t.mine if sb else None, adds[k],
                          cut_reason(c, 1) if c is not None else None, _unplayed_note(t.how, t.detail)))
    return total, tuple(terms)


def _ede(ctx: TeamContext, tid: int) -> tuple[Fraction, tuple[Term, ...], tuple]:
    prim = ctx.score(ctx.s.primary)
    group = sorted(t for t in ctx.teams if prim[t] == prim[tid])
    res = group_results(ctx, group, ctx.s.primary)
    terms = []
    for other in group:
        if other == tid:
            continue
        got = res.get((tid, other))
        if got:
            avg = sum(got, F(0)) / len(got)
            note = Msg("average of {n} games", n=len(got)) if len(got) > 1 else ""
            terms.append(Term(None, other, Msg("met"), None, sum(got, F(0)), avg, None, note))
        else:
            terms.append(Term(None, other, Msg("did not meet"), None, None, F(0), None, Msg("no counted game")))
    value = team_column(ctx, "EDE")[tid][0]
    order = " > ".join("=".join(map(str, part)) for part in ede_order(ctx, group))
    notes = (Msg("teams tied on {kind}: {ids}", kind=ctx.s.primary, ids=", ".join(map(str, group))),
             Msg("order of the tied teams by direct encounter: {order}", order=order),
             Msg("the ranking recomputes EDE on every tied sub-group it is applied to (13.3)"))
    return value, tuple(terms), notes


def _board_terms(ctx: TeamContext, tid: int, weighted: bool) -> tuple[Term, ...]:
    out = []
    for b, x in enumerate(board_points(ctx, tid), 1):
        out.append(Term(None, None, Msg("board {n}", n=b), None, x, F(b) * x if weighted else x))
    return tuple(out)


def _one(ctx: TeamContext, tid: int, code: str) -> Explanation:
    c = code.strip().upper()
    name = tiebreak_name(code, "en")
    value = team_column(ctx, code)[tid][0]
    terms: tuple[Term, ...] = ()
    notes: tuple = ()
    if c in ("MP", "GP"):
        terms = _score_terms(ctx, tid, c)
    elif c == "MPVGP":
        terms = _score_terms(ctx, tid, ctx.secondary())
        notes = (Msg("the other score: {kind}", kind=ctx.secondary()),)
    elif (m := ESB_CODE.match(c)) is not None:
        total, terms = _opponent_terms(ctx, tid, _KINDS[m.group(1)], _KINDS[m.group(2)], int(m.group(3) or 0), True)
        notes = (Msg("opponent's final {opp} x the team's {own} in the round (13.2)", opp=_KINDS[m.group(1)],
                     own=_KINDS[m.group(2)]),)
    elif (m := BHT_CODE.match(c)) is not None:
        total, terms = _opponent_terms(ctx, tid, m.group(1), m.group(1), int(m.group(2) or 0), False)
    elif c == "EDE":
        value, terms, notes = _ede(ctx, tid)
    elif c == "BC":
        terms = _board_terms(ctx, tid, True)
        notes = (Msg("board number x points on it, summed; lower is better (12.1)"),)
    elif c == "TBR":
        terms = _board_terms(ctx, tid, False)
        notes = (Msg("points on board 1 first, then board 2 ... (12.2)"),)
    elif c == "BBE":
        terms = _board_terms(ctx, tid, False)
        notes = (Msg("all boards but the last, then without the last two ... (12.3)"),)
    elif c == "SSSC":
        prim, sec = ctx.s.primary, ctx.secondary()
        bh = team_column(ctx, f"BH-{prim}")[tid][0]
        k = sssc_k(ctx)
        terms = (Term(None, None, Msg("the {kind} score", kind=sec), None, ctx.score(sec)[tid], ctx.score(sec)[tid]),
                 Term(None, None, Msg("BH-{kind} / k", kind=prim), bh, None, bh / k))
        notes = (Msg("k = {k}: the most {prim} a team could score / the most {sec} of one match, rounded down "
                     "(13.4)", k=k, prim=prim, sec=sec),)
    else:  # (team_column refused an unknown code already)
        raise IllegalChange("unknown team tie-break {code!r}", code=code)
    return Explanation(code, name, "", value, terms, notes)


def explain_team(ctx: TeamContext, tid: int, codes: list[str], name: str = "") -> TeamExplanation:
    """Each of `codes` for team `tid` (see the module docstring)."""
    if tid not in ctx.teams:
        raise IllegalChange("no team with id {tid}", tid=tid)
    items = tuple(_one(ctx, tid, c) for c in codes)
    return TeamExplanation(tid, name or ctx.teams[tid].name, ctx.mp[tid], ctx.gp[tid], ctx.rounds, ctx.edition, items,
                           {k: h.name for k, h in ctx.teams.items()})


def _line(term: Term, lang: str) -> str:
    """A term as the individual explanations write it; a term of no round and no opponent (a board, a part of
    SSSC) without their columns."""
    if term.round is not None or term.opponent is not None:
        return term_line(term, lang)
    return term_line(replace(term, round=None, opponent=0), lang).replace(words(lang)("ex_vs", id=0), "", 1)


def render_team_explain(x: TeamExplanation, lang: str = "en") -> str:
    """Plain text: a head line, then one block per tie-break, one line per term, then the teams by id (the
    terms name the opponents by their ids)."""
    t = words(lang)
    edition = t(f"ed_{x.edition}")
    lines = [t("tx_team", id=x.id, name=x.name, mp=fmt(x.mp), gp=fmt(x.gp), n=x.rounds, edition=edition)]
    for e in x.items:
        lines.append(t("tx_head", code=e.code, value=fmt(e.value), name=tiebreak_name(e.code, lang)))
        lines.extend(_line(term, lang) for term in e.terms)
        lines.extend(f"  * {n.text(lang) if isinstance(n, Msg) else n}" for n in e.notes)
    met = sorted({term.opponent for e in x.items for term in e.terms if term.opponent is not None})
    if met:
        lines.append(t("tx_teams", teams=" · ".join(f"{tid} {x.names.get(tid, '')}".rstrip() for tid in met)))
    return "\n".join(lines) + "\n"
