"""How each tie-break value of one player is made (`arbiter standings FILE --explain ID`).

`explain(ctx, player_id, codes)` returns one `Explanation` per code: the value,
the terms (each round or opponent, the score that counts, the points scored,
what the term adds, whether and why it was cut, dummy or virtual opponents for
unplayed rounds) and remarks. They are read from the decisions the tie-break
made for every player's value (the family's `Column`), the same the standings
show, never computed a second time. `render_explain(...)` turns that into
plain text in English or Russian: labels, cuts and remarks are
`core.errors.Msg` texts (Russian in `core/msg/ru.py`), the frame
words come from `core/msg/i18n.py`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from arbiter_tournament.core.errors import IllegalChange, Msg
from arbiter_tournament.core.msg.i18n import EN, words
from arbiter_tournament.core.tiebreaks.names import tiebreak_name
from arbiter_tournament.core.tiebreaks.context import Context, Term, fmt
from arbiter_tournament.core.tiebreaks.registry import lookup


@dataclass(frozen=True)
class Explanation:
    code: str
    name: str
    type: str  # C.07 4.3 type A-D
    value: Fraction
    terms: tuple[Term, ...]
    notes: tuple[str, ...]


@dataclass(frozen=True)
class PlayerExplanation:
    id: int
    name: str
    points: Fraction
    rounds: int
    edition: str
    items: tuple[Explanation, ...]


def explain(ctx: Context, player_id: int, codes: list[str]) -> list[Explanation]:
    if player_id not in ctx.players:
        raise IllegalChange("unknown player {player_id}", player_id=player_id)
    out = []
    for code in codes:
        tb = lookup(code)
        v = tb.explain(ctx, player_id)
        out.append(Explanation(code, tb.name, tb.type, v.value, v.terms, v.notes))
    return out


def explain_player(ctx: Context, player_id: int, codes: list[str]) -> PlayerExplanation:
    items = explain(ctx, player_id, codes)
    p = ctx.players[player_id]
    return PlayerExplanation(player_id, p.name, p.score(ctx.scoring, ctx.rounds), ctx.rounds, ctx.edition, tuple(items))


def _say(text: str, lang: str) -> str:
    """A label, cut reason or remark in `lang` (a `Msg`; anything else as it is)."""
    return text.text(lang) if isinstance(text, Msg) else str(text)


def _term_line_en(t: Term) -> str:
    rnd = f"R{t.round}" if t.round is not None else "  "
    opp = f"vs {t.opponent}" if t.opponent is not None else "no opponent"
    parts = [f"  {rnd:<4}{opp:<13}{t.label:<24}"]
    if t.value is not None:
        parts.append(f"value {fmt(t.value):>7}")
    if t.points is not None:
        parts.append(f"pts {fmt(t.points):>4}")
    if t.contribution is not None:
        parts.append(f"-> {fmt(t.contribution):>7}")
    line = "  ".join(parts)
    if t.cut:
        line += f"  CUT ({t.cut})"
    if t.note:
        line += f"  [{t.note}]"
    return line.rstrip()


def _term_line(t: Term, lang: str = "en") -> str:
    return _term_line_en(t) if lang == "en" else _term_line_local(t, lang)


term_line = _term_line  # one term as a line (the team explanations write theirs so too)


def _term_line_local(t: Term, lang: str) -> str:
    """One term in `lang`: the same columns, the words from core.msg.i18n."""
    w = words(lang)
    rnd = w("ex_round", n=t.round) if t.round is not None else "  "
    opp = w("ex_vs", id=t.opponent) if t.opponent is not None else w("ex_no_opponent")
    label = _say(t.label, lang)
    parts = [f"  {rnd:<4}{opp:<14}{label:<24}"]
    if t.value is not None:
        parts.append(w("ex_value", v=f"{fmt(t.value):>7}"))
    if t.points is not None:
        parts.append(w("ex_pts", v=f"{fmt(t.points):>4}"))
    if t.contribution is not None:
        parts.append(f"-> {fmt(t.contribution):>7}")
    line = "  ".join(parts)
    if t.cut:
        line += "  " + w("ex_cut", why=_say(t.cut, lang))
    if t.note:
        line += f"  [{_say(t.note, lang)}]"
    return line.rstrip()


def _compact_lines(terms: tuple[Term, ...], lang: str) -> list[str]:
    """A block's terms in columns as wide as that block needs (the TUI's explanation at 80 columns: the fixed
    columns of `_term_line` made each term two lines there); the same words and numbers."""
    w = words(lang)
    en = lang == "en"
    rows = []
    for t in terms:
        rnd = ("" if t.round is None else f"R{t.round}" if en else w("ex_round", n=t.round))
        opp = (("no opponent" if en else w("ex_no_opponent")) if t.opponent is None
               else f"vs {t.opponent}" if en else w("ex_vs", id=t.opponent))
        nums = [None if x is None else fmt(x) for x in (t.value, t.points, t.contribution)]
        tail = ""
        if t.cut:
            tail += f"  CUT ({t.cut})" if en else "  " + w("ex_cut", why=_say(t.cut, lang))
        if t.note:
            tail += f"  [{t.note if en else _say(t.note, lang)}]"
        rows.append(([rnd, opp, _say(t.label, lang)], nums, tail))
    widths = [max((len(r[0][k]) for r in rows), default=0) for k in range(3)]
    nwidths = [max((len(r[1][k] or "") for r in rows), default=0) for k in range(3)]
    frames = [(lambda v: f"value {v}") if en else (lambda v: w("ex_value", v=v)),
              (lambda v: f"pts {v}") if en else (lambda v: w("ex_pts", v=v)), lambda v: f"-> {v}"]
    out = []
    for words_, nums, tail in rows:
        cells = [c.ljust(width) for c, width in zip(words_, widths)]
        for k, num in enumerate(nums):
            if nwidths[k]:
                framed = frames[k](" " * nwidths[k])
                cells.append(" " * len(framed) if num is None else frames[k](num.rjust(nwidths[k])))
        out.append(("  " + "  ".join(cells)).rstrip() + tail)
    return out


def render_explain(items: list[Explanation] | PlayerExplanation, header: str = "", *, lang: str = "en",
                   compact: bool = False) -> str:
    """Plain text: one block per tie-break, one line per term (in "en" or "ru"); `compact`: columns as wide as each
    block needs (the TUI), else the fixed columns of `arbiter standings --explain`."""
    if lang != "en":
        return _render_local(items, header, lang, compact)
    lines: list[str] = []
    if isinstance(items, PlayerExplanation):
        name = f" ({items.name})" if items.name else ""
        lines.append(
            f"Player {items.id}{name}: {fmt(items.points)} points after round {items.rounds}, edition {items.edition}"
        )
        items = list(items.items)
    elif header:
        lines.append(header)
    for e in items:
        lines.append(f"{e.code} = {fmt(e.value)}   {e.name} (type {e.type})")
        lines.extend(_compact_lines(e.terms, lang) if compact else [_term_line(t) for t in e.terms])
        lines.extend(f"  * {n}" for n in e.notes)
    return "\n".join(lines) + "\n"


def _render_local(items: list[Explanation] | PlayerExplanation, header: str, lang: str, compact: bool) -> str:
    w = words(lang)
    lines: list[str] = []
    if isinstance(items, PlayerExplanation):
        name = f" ({items.name})" if items.name else ""
        edition = w(f"ed_{items.edition}") if f"ed_{items.edition}" in EN else items.edition
        lines.append(w("ex_player", id=items.id, name=name, points=fmt(items.points), n=items.rounds,
                       edition=edition))
        items = list(items.items)
    elif header:
        lines.append(header)
    for e in items:
        lines.append(w("ex_head", code=e.code, value=fmt(e.value), name=tiebreak_name(lookup(e.code).code, lang),
                       type=e.type))
        lines.extend(_compact_lines(e.terms, lang) if compact else [_term_line(t, lang) for t in e.terms])
        lines.extend(f"  * {_say(n, lang)}" for n in e.notes)
    return "\n".join(lines) + "\n"
