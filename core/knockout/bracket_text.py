"""The top's bracket as text (for the TUI, the console and print) and as JSON data.

`bracket_lines(bracket, names, width=80, ascii=False) -> list[str]`
    Two parts, each line at most `width` display columns:

    1. the tree: one column per round plus the champion, joined by
       box-drawing lines (`+`, `-`, `|` with `ascii=True`). Each slot shows
       the seed, the name (cut with an ellipsis to fit) and the player's points
       in that match; a letter after the points marks a match not decided by
       the games alone (see the legend). A tree that cannot fit `width` with
       at least 12 columns per round is left out, with a note.
    2. the matches, round by round: both players with seeds, full names and
       points, the games with colours and codes, and who went through by which
       rule (705.2, 704.4) with the reason. This part is tall and scrolls.

    Player names are data: plain strings printed as they are, never parsed as
    markup or format strings. Control characters (a newline in a name) are
    shown as spaces so that one name stays on one line; wide (East Asian)
    characters count two columns.

`bracket_json(bracket) -> dict`
    Exactly the shape of cli.md ("The top and the bracket"): size,
    third_place, rounds (round, matches: match, seeds, players, result,
    winner, decided_by) and third_place_match (players, result, winner; None
    without one). Every round is listed, later ones with nulls until known.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Mapping

from arbiter_tournament.core.msg.cells import cut, pad, text_width
from arbiter_tournament.core.msg.i18n import words
from arbiter_tournament.core.msg import render

if TYPE_CHECKING:  # (types only: drawing a bracket does not load the knockout's rules)
    from arbiter_tournament.core.knockout import Bracket, Match

__all__ = ["DECISION_MARKS", "TreeLayout", "bracket_json", "bracket_lines", "bracket_text", "decision_legend",
           "match_lines", "text_width", "tree_layout"]

DECISION_MARKS = {  # decided_by: (mark in the tree, what it means, rule)
    "points-before-top": ("p", "more points before the top", "705.2"),
    "quality-of-wins": ("q", "better quality of wins", "705.2"),
    "second-mover": ("s", "moved second", "705.2"),
    "agreed": ("a", "agreed result", "704.4"),
}

_BOX = {"h": "─", "v": "│", "top": "┐", "bot": "┘", "mid": "├", "arrow": "→", "ell": "…", "dash": "–"}
_ASCII = {"h": "-", "v": "|", "top": "+", "bot": "+", "mid": "+", "arrow": "->", "ell": "~", "dash": "-"}


# ---------------------------------------------------------------------------
# display width helpers (names are data)


def _clean(name: str) -> str:
    return "".join(" " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c for c in str(name))




def _fit(s: str, width: int, ell: str) -> str:
    """s cut to `width` display columns (with an ellipsis when cut), padded with spaces."""
    if width <= 0:
        return ""
    return pad(cut(s, width, ell), width)


def _pts(x: Fraction | None, ascii: bool) -> str:
    if x is None:
        return ""
    whole, half = divmod(Fraction(x) * 2, 2)
    whole = int(whole)
    if half == 0:
        return str(whole)
    if half == 1:
        if ascii:
            return f"{whole}.5"
        return f"{whole}½" if whole else "½"
    return f"{float(x):.2f}"


# ---------------------------------------------------------------------------
# the tree


def _display_order(bracket: Bracket) -> list[list[Match]]:
    """Matches of each round in top-to-bottom display order (the tree's order)."""
    rounds = bracket.rounds
    orders: list[list[int]] = [[1]]  # last round: the final
    for r in range(len(rounds) - 1, 0, -1):
        m = len(rounds[r - 1])
        below = []
        for i in orders[0]:
            below += [i, m + 1 - i]
        orders.insert(0, below)
    return [[rounds[r][i - 1] for i in order] for r, order in enumerate(orders)]


def _slot(seed: int | None, player: int | None, pts: str, mark: str, names: Mapping[int, str], width: int, sym) -> str:
    if player is None:
        return _fit("", width, sym["ell"])
    seed_txt = f"{seed:>2}" if seed is not None else "  "
    tail = f" {pts}{mark}" if pts or mark else ""
    head = f"{seed_txt} "
    room = width - text_width(head) - text_width(tail)
    return head + _fit(_clean(names.get(player, f"#{player}")), room, sym["ell"]) + tail


def _tree(bracket: Bracket, names: Mapping[int, str], width: int, ascii: bool, lang: str = "en") -> list[str] | None:
    sym = _ASCII if ascii else _BOX
    order = _display_order(bracket)
    rounds = len(order)
    cols = rounds + 1
    col = width // cols
    if col < 12:
        return None
    text_w = col - 2  # two columns for the connector
    lines_n = 2 * bracket.slots - 1
    grid = [[" " * col for _ in range(cols)] for _ in range(lines_n)]
    seeds_of = {p: i + 1 for i, p in enumerate(bracket.seeds)}

    def line_of(r: int, j: int) -> int:  # round r (1-based), slot j (0-based)
        return (1 << r) * j + (1 << (r - 1)) - 1

    for r, matches in enumerate(order, start=1):
        for k, m in enumerate(matches):
            score = m.score
            mark = DECISION_MARKS.get(m.decided_by or "", ("",))[0]
            for side in (0, 1):
                j = 2 * k + side
                p = m.players[side]
                pts = _pts(score[side], ascii) if score else ""
                lead = sym["h"] if r > 1 else ""
                room = text_w - len(lead)
                if m.is_bye and side == 1:
                    text = _fit("   " + words(lang)("bk_bye_slot"), room, sym["ell"])
                else:
                    text = _slot(seeds_of.get(p), p, pts, mark if p == m.winner else "", names, room, sym)
                conn = sym["h"] + (sym["top"] if side == 0 else sym["bot"])
                grid[line_of(r, j)][r - 1] = lead + text + conn
            a, b = line_of(r, 2 * k), line_of(r, 2 * k + 1)
            mid = (a + b) // 2
            for ln in range(a + 1, b):
                grid[ln][r - 1] = " " * text_w + " " + (sym["mid"] if ln == mid else sym["v"])
    # champion column
    champ = bracket.champion
    cl = line_of(rounds + 1, 0)
    text = _slot(seeds_of.get(champ), champ, "", "", names, col - 1, sym) if champ is not None else ""
    grid[cl][rounds] = _fit(sym["h"] + text, col, sym["ell"])
    out = ["".join(row).rstrip() for row in grid]
    return out


# ---------------------------------------------------------------------------
# the match list


def decision_legend(used, *, lang: str = "en") -> list[str]:
    """"p = more points before the top (705.2)", ... for the `decided_by` values in `used` ("en" or "ru")."""
    t = words(lang)
    return [t("bk_legend", mark=mk, what=t(f"bk_{key}"), rule=ref)
            for key, (mk, _, ref) in DECISION_MARKS.items() if key in used]


def _round_name(bracket: Bracket, r: int, lang: str = "en") -> str:
    """"top-16", "top-8", ..., "final" (`Bracket.round_name`) in `lang`."""
    return render(bracket.round_name(r), lang)


def _round_title(bracket: Bracket, r: int, lang: str = "en") -> str:
    t = words(lang)
    name = bracket.round_name(r)
    if name == "final":
        return t("bk_round_final", n=r)
    label = {"top-4": "bk_semi_finals", "top-8": "bk_quarter_finals"}.get(name)
    if label is None:
        return t("bk_round", n=r, name=_round_name(bracket, r, lang))
    return t("bk_round_named", n=r, label=t(label), name=_round_name(bracket, r, lang))


def _source(bracket: Bracket, m: Match, side: int, lang: str = "en") -> str:
    t = words(lang)
    if m.third_place:
        return t("bk_loser_of_semi", n=side + 1)
    if m.round == 1:
        return t("bk_bye") if side == 1 else "?"
    prev = len(bracket.rounds[m.round - 2])
    i = m.number if side == 0 else prev + 1 - m.number
    return t("bk_winner_of", round=_round_name(bracket, m.round - 1, lang), n=i)


def _match_lines(bracket: Bracket, m: Match, names: Mapping[int, str], width: int, ascii: bool,
                 lang: str = "en") -> list[str]:
    sym = _ASCII if ascii else _BOX
    t = words(lang)
    out = []
    label = t("bk_third_label") if m.third_place else f"{m.number:>2}."
    score = m.score
    for side in (0, 1):
        p, seed = m.players[side], m.seeds[side]
        pts = _pts(score[side], ascii) if score else ""
        head = (label if side == 0 else " " * len(label)) + " "
        if p is None:
            body = f"     ({_source(bracket, m, side, lang)})"
        else:
            body = f"({seed:>2}) " + _clean(names.get(p, f"#{p}"))
        tail = f"  {pts:>3}" if pts else ""
        room = min(width - text_width(head) - text_width(tail), 48)
        out.append((head + _fit(body, room, sym["ell"]) + tail).rstrip())
    indent = " " * (len(label) + 1)
    if m.games and any(g.result is not None for g in m.games):
        parts = []
        for g in m.games:
            if g.result is None:
                continue
            kind = ("bk_game_forfeit" if g.result.forfeit else "bk_game_technical" if g.result.technical
                    else "bk_game_agreed" if g.result.agreed else None)
            res = t(kind, result=g.result.text) if kind else g.result.text
            parts.append(t("bk_game", n=g.number, seed=bracket.seed_of(g.first), result=res))
        out.extend(_wrap(indent, "; ".join(parts), width))
    if m.winner is not None:
        win = _clean(names.get(m.winner, f"#{m.winner}"))
        if m.decided_by == "bye":
            why = t("bk_bye")
        elif m.decided_by in DECISION_MARKS:
            _, _, ref = DECISION_MARKS[m.decided_by]
            what = t(f"bk_{m.decided_by}")
            if m.reason and m.decided_by != "agreed":
                why = t("bk_why_reason", why=what, reason=render(m.reason, lang), rule=ref)
            else:
                why = t("bk_why", why=what, rule=ref)
        else:
            why = t("bk_won_match" if len(m.games) > 1 else "bk_won_game")
        out.extend(_wrap(indent, f"{sym['arrow']} {win}: {why}", width))
    elif m.games:
        g = m.games[-1]
        out.extend(_wrap(indent, t("bk_to_play", n=g.number, seed=bracket.seed_of(g.first)), width))
    return out


def _wrap(indent: str, text: str, width: int) -> list[str]:
    """Word-wrap `text` to `width` with `indent`; a word longer than a line is cut."""
    room = max(1, width - text_width(indent))
    lines, cur = [], ""
    for word in text.split(" "):
        cand = word if not cur else cur + " " + word
        if text_width(cand) <= room:
            cur = cand
            continue
        if cur:
            lines.append(cur)
        while text_width(word) > room:
            piece = _fit(word, room, "").rstrip()
            if not piece:
                break
            lines.append(piece)
            word = word[len(piece) :]
        cur = word
    if cur:
        lines.append(cur)
    return [(indent + ln).rstrip() for ln in lines]


def bracket_lines(bracket: Bracket, names: Mapping[int, str], *, width: int = 80, ascii: bool = False,
                  lang: str = "en") -> list[str]:
    """The bracket as lines of text (see the module docstring), in `lang` ("en" or "ru")."""
    sym = _ASCII if ascii else _BOX
    t = words(lang)
    out = [t("bk_top_third" if bracket.third_place_match else "bk_top", size=bracket.size)]
    tree = _tree(bracket, names, width, ascii, lang)
    out.append("")
    if tree is None:
        out.append(t("bk_no_tree", width=width))
    else:
        out.extend(tree)
        used = {m.decided_by for r in bracket.rounds for m in r} | {
            bracket.third_place_match.decided_by if bracket.third_place_match else None
        }
        legend = decision_legend(used, lang=lang)
        if legend:
            out.append("")
            out.extend(_wrap("", "; ".join(legend), width))
    for r, matches in enumerate(bracket.rounds, start=1):
        out.append("")
        out.append(_round_title(bracket, r, lang))
        out.append(sym["h"] * min(width, 40))
        for m in matches:
            out.extend(_match_lines(bracket, m, names, width, ascii, lang))
        if r == len(bracket.rounds) and bracket.third_place_match is not None:
            out.extend(_match_lines(bracket, bracket.third_place_match, names, width, ascii, lang))
    return [ln if text_width(ln) <= width else _fit(ln, width, sym["ell"]).rstrip() for ln in out]


def bracket_text(bracket: Bracket, names: Mapping[int, str], *, width: int = 80, ascii: bool = False,
                 lang: str = "en") -> str:
    """`bracket_lines` joined with newlines ("en" or "ru")."""
    return "\n".join(bracket_lines(bracket, names, width=width, ascii=ascii, lang=lang)) + "\n"


# ---------------------------------------------------------------------------
# the tree with the place of every match (a cursor on a match, in the TUI)


@dataclass(frozen=True)
class TreeLayout:
    """The tree of `bracket_lines` and where each match is drawn in it.

    `lines`: the tree (as `bracket_lines` draws it), then, with a third-place
    match, a labelled block for it under the final's column.
    `slots[key]` (key as `Match.key`): the match's two player lines, each as
    (line, first column, end column), the columns of its seed, name and points.
    `columns`: the match keys of each round, top to bottom as drawn (the
    third-place match last in the final's column).
    """

    lines: tuple[str, ...]
    slots: Mapping[Any, tuple[tuple[int, int, int], tuple[int, int, int]]]
    columns: tuple[tuple[Any, ...], ...]


def tree_layout(bracket: Bracket, names: Mapping[int, str], *, width: int = 80, ascii: bool = False,
                min_column: int = 12, lang: str = "en") -> TreeLayout:
    """The tree in `width` columns, or wider when it needs it (`min_column` columns a round at least, 12 or more).

    The lines are those of `bracket_lines`' tree; the slots say where each
    match is, so a view can highlight it and scroll to it.
    """
    sym = _ASCII if ascii else _BOX
    order = _display_order(bracket)
    rounds = len(order)
    width = max(width, max(12, min_column) * (rounds + 1))
    lines = list(_tree(bracket, names, width, ascii, lang) or [])
    col = width // (rounds + 1)
    text_w = col - 2

    def line_of(r: int, j: int) -> int:  # as in _tree
        return (1 << r) * j + (1 << (r - 1)) - 1

    slots: dict[Any, tuple[tuple[int, int, int], tuple[int, int, int]]] = {}
    columns: list[tuple[Any, ...]] = []
    for r, matches in enumerate(order, start=1):
        x = (r - 1) * col + (1 if r > 1 else 0)  # after the lead line of a later round
        for k, m in enumerate(matches):
            slots[m.key] = ((line_of(r, 2 * k), x, (r - 1) * col + text_w), (line_of(r, 2 * k + 1), x, (r - 1) * col + text_w))
        columns.append(tuple(m.key for m in matches))
    tp = bracket.third_place_match
    if tp is not None:
        x0 = (rounds - 1) * col
        seeds_of = {p: i + 1 for i, p in enumerate(bracket.seeds)}
        score = tp.score
        mark = DECISION_MARKS.get(tp.decided_by or "", ("",))[0]
        top = len(lines) + 2
        lead = " " * (x0 + (1 if rounds > 1 else 0))  # under the final's names
        lines += ["", lead + words(lang)("bk_third_place")]
        for side in (0, 1):
            p = tp.players[side]
            pts = _pts(score[side], ascii) if score else ""
            text = _slot(seeds_of.get(p), p, pts, mark if p == tp.winner else "", names, x0 + text_w - len(lead), sym)
            lines.append(lead + text + sym["h"] + (sym["top"] if side == 0 else sym["bot"]))
            if side == 0:
                won = tp.winner
                champ = _slot(seeds_of.get(won), won, "", "", names, col - 1, sym) if won is not None else ""
                lines.append(" " * x0 + " " * text_w + " " + sym["mid"] + _fit(sym["h"] + champ, col, sym["ell"]))
        lines = [ln.rstrip() for ln in lines]
        slots[tp.key] = ((top, len(lead), x0 + text_w), (top + 2, len(lead), x0 + text_w))
        columns[-1] = columns[-1] + (tp.key,)
    return TreeLayout(tuple(lines), slots, tuple(columns))


def match_lines(bracket: Bracket, match: Match, names: Mapping[int, str], *, width: int = 80,
                ascii: bool = False, lang: str = "en") -> list[str]:
    """One match as the match list of `bracket_lines` shows it, under its round's title.

    The players with seeds and points, the games with who moved first and
    their codes, and who went through by which rule, or the game to play.
    """
    title = (words(lang)("bk_round_third", n=match.round) if match.third_place
             else _round_title(bracket, match.round, lang))
    lines = [title] + _match_lines(bracket, match, names, width, ascii, lang)
    return [ln if text_width(ln) <= width else _fit(ln, width, (_ASCII if ascii else _BOX)["ell"]).rstrip()
            for ln in lines]


# ---------------------------------------------------------------------------
# JSON


def _match_json(m: Match) -> dict[str, Any]:
    return {
        "match": m.number,
        "seeds": list(m.seeds),
        "players": list(m.players),
        "result": m.result,
        "winner": m.winner,
        "decided_by": m.decided_by,
    }


def bracket_json(bracket: Bracket) -> dict[str, Any]:
    """The bracket in the cli.md shape (`arbiter bracket FILE --format json`)."""
    tp = bracket.third_place_match
    return {
        "size": bracket.size,
        "third_place": bracket.config.third_place,
        "rounds": [
            {"round": r, "matches": [_match_json(m) for m in matches]}
            for r, matches in enumerate(bracket.rounds, start=1)
        ],
        "third_place_match": None
        if tp is None
        else {"players": list(tp.players), "result": tp.result, "winner": tp.winner},
    }
