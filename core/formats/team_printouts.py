"""The printouts of a team event, in English or Russian (at most 80 columns, for `lpr`), and their CSV.

    team_pairings_text(event)   the matches of the current round: each match's teams, score and boards
    match_cards_text(event)     one card per match: its boards to fill in, the match score, the captains
    team_standings_text(event)  rank, team, MP, GP, the team tie-breaks, matches played; the legend
    board_stats_text(event)     board prizes: each player's points, games and percentage on each board
    board_stats_csv(event)      the same as CSV; team_standings_csv(event): the team standings as CSV

`printout(event, what)` of core/formats/exports.py names them `matches`,
`match_cards`, `team_standings` and `board_stats`. The data are core.teams'
(`matches`, `standings`, `board_stats`); names are printed as written, control
characters as `?` (`fit`, `core.msg.cells.clean`); a team name is never cut in
a match's head line (a long one wraps), only in a table's column.
"""

from __future__ import annotations

import textwrap
from fractions import Fraction

from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.event.model import Event, Round, points_text
from arbiter_tournament.core.formats.csvio import write_rows
from arbiter_tournament.core.formats.printouts import build, text_keys
from arbiter_tournament.core.formats.exports import WIDTH, clean_line, code_blocks, keep_together, printout_language, lines_fit, who, fit, round_title
from arbiter_tournament.core.msg.cells import named, text_width
from arbiter_tournament.core.msg.i18n import words
from arbiter_tournament.core.teams.round_matches import MatchView, matches, round_bye
from arbiter_tournament.core.teams.section import team_stage, state
from arbiter_tournament.core.teams.team_standings import board_stats, completed_rounds, standings
from arbiter_tournament.core.tiebreaks.names import tiebreak_name
from arbiter_tournament.core.event.systems import System

__all__ = ["TEAM_PRINTOUTS", "board_stats_csv", "bye_line", "board_stats_text", "match_board", "match_cards_text",
           "match_head", "percent", "team_pairings_text", "team_round", "team_standings_csv", "team_standings_text"]

TEAM_PRINTOUTS = text_keys(team=True)  # a team event's own (the registry: core/formats/printouts.py)


def team_round(event: Event, round_no: int | None = None) -> Round | None:
    """The round of the team event: `round_no`, or the last one paired (None: none yet)."""
    rounds = event.rounds_of(team_stage(event), None)
    if round_no is not None:
        return event.find_round(team_stage(event), None, round_no)
    return rounds[-1] if rounds else None


def match_board(m: MatchView, game_board: int, boards: int) -> str:
    """"m.b": the match and the board of the match of a game board (board 2 of match 3 is 3.2)."""
    return f"{m.number}.{(game_board - 1) % boards + 1}"


def match_head(m: MatchView, t) -> str:
    """"Match 1 (boards 1-4): Rooks – Knights  2.5 : 1.5 (MP 2 : 0)", or the score so far."""
    first, last = m.games[0].board, m.games[-1].board
    a, b = m.result.points
    if m.result.complete:
        score = f"{points_text(a)} : {points_text(b)}"
        mp = m.result.match_points
        score += " (" + t("tm_mp", a=points_text(mp[0]), b=points_text(mp[1])) + ")"
    else:
        score = t("tm_so_far", a=points_text(a), b=points_text(b))
    return f"{t('tm_match_n', n=m.number)} ({t('tm_boards', a=first, b=last)}): " \
           f"{clean_line(m.first_name)} – {clean_line(m.second_name)}  {score}"


def _wrapped(text: str, width: int = WIDTH, indent: str = "    ") -> list[str]:
    """A line that may hold long team names: wrapped, never cut (a name wider than the page is broken)."""
    if text_width(text) <= width:
        return [text]
    return textwrap.wrap(text, width, subsequent_indent=indent, break_on_hyphens=False) or [text]


def bye_line(event: Event, rnd: Round, t) -> list[str]:
    bye = round_bye(event, rnd.number)
    if bye is None:
        return []
    if event.system != System.SWISS:
        why = t("bye_seat")
    else:
        why = t("tm_pab_win" if state(event).pab == "win" else "tm_pab_draw")
    return [""] + _wrapped(t("tm_no_match", team=clean_line(bye), why=why)) + [""]


def percent(points: Fraction, games: int) -> str:
    """points / games as a percentage with one decimal, .05 rounded up ("" without games)."""
    if not games:
        return ""
    tenths = (Fraction(points) * 1000 / games + Fraction(1, 2)).__floor__()
    return f"{tenths // 10}.{tenths % 10}"


# ---------------------------------------------------------------------------
# the matches of a round


def team_pairings_text(event: Event, lang: str | None = None, round_no: int | None = None,
                       page_lines: int | None = None) -> str:
    """Every match of the round: its head (teams, board numbers, score), then its boards, first mover first; with
    `page_lines`, on pages of that many lines, a match never cut by a page break."""
    t = words(printout_language(event, lang))
    st = state(event)
    rnd = team_round(event, round_no)
    lines: list = [fit(event.name, WIDTH).rstrip()]
    if rnd is None:
        return lines_fit(lines + ["", t("no_round")], page_lines)
    lines += [f"{t('tm_pairings')}: {round_title(event, rnd, t)}", ""]
    nw = 30
    for m in matches(event, rnd, st):
        block = _wrapped(match_head(m, t))
        block.append(f"  {fit(t('bd'), 4)}  {fit(t('first'), nw)} {fit(t('result_short'), 6)}  {fit(t('second'), nw)}")
        for g in m.games:
            res = str(g.result) if g.result else ""
            mark = "*" if g.manual else ""
            block.append(f"  {fit(match_board(m, g.board, st.boards), 4)}  {fit(who(event, g.first, nw), nw)} "
                         f"{res:^6}  {fit(who(event, g.second, nw), nw)}{mark}")
        lines += [tuple(block), ""]  # one match: never cut by a page break
    lines += bye_line(event, rnd, t)[1:]
    lines += textwrap.wrap(t("tm_first_named"), WIDTH)
    if rnd.missing:
        lines.append(t("missing_n", n=rnd.missing))
    if any(g.manual for g in rnd.games):
        lines.append(t("manual"))
    return lines_fit(lines, page_lines)


# ---------------------------------------------------------------------------
# match cards


def match_cards_text(event: Event, lang: str | None = None, round_no: int | None = None,
                     page_lines: int | None = None) -> str:
    """One card a match, between cut lines: its boards (first mover first) with a place for each result, the
    match score, the two captains' and the arbiter's signatures; with `page_lines`, a card never cut by a page
    break."""
    t = words(printout_language(event, lang))
    st = state(event)
    rnd = team_round(event, round_no)
    if rnd is None:
        return lines_fit([fit(event.name, WIDTH), "", t("no_round")], page_lines)
    cut = f" {t('cut_here')} "
    cut_line = "- " * ((WIDTH - len(cut) - 4) // 2) + cut + "- "
    nw = 30
    half = (WIDTH - 4) // 2
    lines: list = []
    for m in matches(event, rnd, st):
        start = len(lines)
        first, last = m.games[0].board, m.games[-1].board
        lines += [cut_line, "", fit(event.name, WIDTH).rstrip(),
                  t("mc_title", round=round_title(event, rnd, t), n=m.number, a=first, b=last), ""]
        lines += _wrapped(f"{clean_line(m.first_name)} – {clean_line(m.second_name)}")
        lines.append("")
        lines.append(f"  {fit(t('bd'), 4)}  {fit(t('first'), nw)} {fit(t('second'), nw)} {t('result_short')}")
        for g in m.games:
            res = str(g.result) if g.result else "_______"
            lines.append(f"  {fit(match_board(m, g.board, st.boards), 4)}  {fit(who(event, g.first, nw), nw)} "
                         f"{fit(who(event, g.second, nw), nw)} {res}")
        lines += ["", *textwrap.wrap(t("mc_fill"), WIDTH), ""]
        lines += _wrapped(f"{t('mc_score')}:  {clean_line(m.first_name)} ______  –  {clean_line(m.second_name)} ______")
        lines.append("")
        lines.append(fit(t("mc_captain", team=clean_line(m.first_name)) + ":", half) + "    " +
                     fit(t("mc_captain", team=clean_line(m.second_name)) + ":", half))
        lines += ["", "_" * (half - 4) + " " * 8 + "_" * (half - 4), "", f"{t('mc_arbiter')}: " + "_" * 30, ""]
        keep_together(lines, start)  # one card: never cut by a page break
    if lines:
        lines.append(cut_line)
    return lines_fit(lines, page_lines)


# ---------------------------------------------------------------------------
# team standings


def team_standings_text(event: Event, lang: str | None = None, page_lines: int | None = None) -> str:
    """The team standings after the last complete round: rank, id, team, MP, GP, the tie-breaks (as many
    blocks as 80 columns need), matches played; the codes' names under it (pages: a heading with its first row)."""
    lang = printout_language(event, lang)
    t = words(lang)
    after, codes, rows = standings(event)
    rest = [c for c in codes if c.strip().upper() not in ("MP", "GP")]  # MP and GP have their columns
    title = t("team_standings_after", n=after) if after else t("team_standings")
    lines: list = [fit(event.name, WIDTH).rstrip()]
    fixed = 3 + 1 + 3 + 2 + 1 + 5 + 1 + 6 + 1 + 3
    for k, block in enumerate(code_blocks(rest, fixed)):
        start = len(lines)
        lines += ["", title + (" (…)" if k else ""), ""]
        cols = "".join(" " + fit(c, max(len(c), 6), ">") for c in block)
        nw = min(36, WIDTH - fixed - text_width(cols))
        lines.append(f"{fit(t('rank'), 3, '>')} {fit(t('id'), 3, '>')}  {fit(t('team'), nw)} {fit('MP', 5, '>')} "
                     f"{fit('GP', 6, '>')}{cols} {fit(t('tm_played_short'), 3, '>')}")
        for i, r in enumerate(rows):
            vals = "".join(" " + fit(points_text(r.tiebreaks[c]), max(len(c), 6), ">") for c in block)
            rank = f"{r.rank}{'=' if r.shared else ''}"
            lines.append(f"{rank:>3} {r.id:>3}  {fit(r.team, nw)} {points_text(r.match_points):>5} "
                         f"{points_text(r.game_points):>6}{vals} {r.matches:>3}")
            if i == 0:
                keep_together(lines, start)
    if any(r.by_lot for r in rows):
        lines += ["", t("tm_by_lot")]
    lines += ["", t("tiebreaks") + ":"]
    for c in ["MP", "GP", *rest]:
        lines.append(f"  {c:<8} {fit(tiebreak_name(c, lang), WIDTH - 11)}")
    lines.append(f"  {t('tm_played_short'):<8} {t('tm_played')}")
    return lines_fit(lines, page_lines)


def team_standings_csv(event: Event) -> str:
    """rank, id, team, match_points, game_points, one column per tie-break, matches."""
    after, codes, rows = standings(event)
    return write_rows(["rank", "id", "team", "match_points", "game_points", *codes, "matches"],
                      ([r.rank, r.id, r.team, points_text(r.match_points), points_text(r.game_points),
                        *(points_text(r.tiebreaks[c]) for c in codes), r.matches] for r in rows))


# ---------------------------------------------------------------------------
# board statistics (board prizes)


def board_stats_text(event: Event, lang: str | None = None, page_lines: int | None = None) -> str:
    """Each board number: its players, best first (points, then fewer games), with games and percentage (pages: a
    board's heading with its first row)."""
    t = words(printout_language(event, lang))
    after = completed_rounds(event)
    stats = board_stats(event, after)
    lines: list = [fit(event.name, WIDTH).rstrip(), t("bs_title_after", n=after) if after else t("bs_title"), ""]
    lines += textwrap.wrap(t("bs_legend"), WIDTH)
    if not stats:
        return lines_fit(lines + ["", t("no_round")], page_lines)
    pw, tw = 34, 22
    board = None
    for s in stats:
        if s.board != board:
            board, start = s.board, len(lines)
            lines += ["", t("bs_board_n", n=board),
                      f"{fit(t('rank'), 3, '>')}  {fit(t('player'), pw)} {fit(t('team'), tw)} {fit(t('pts'), 5, '>')} "
                      f"{fit(t('bs_games'), 4, '>')} {fit('%', 5, '>')}"]
            k = 0
        k += 1
        lines.append(f"{k:>3}  {fit(named(s.name, s.id, pw), pw)} {fit(s.team, tw)} {points_text(s.points):>5} "
                     f"{s.games:>4} {percent(s.points, s.games):>5}")
        if k == 1:
            keep_together(lines, start)
    return lines_fit(lines, page_lines)


def board_stats_csv(event: Event) -> str:
    """board, id, name, team, games, points, percent: each player's results on each board number."""
    stats = board_stats(event, completed_rounds(event))
    return write_rows(["board", "id", "name", "team", "games", "points", "percent"],
                      ([s.board, s.id, s.name, s.team, s.games, points_text(s.points), percent(s.points, s.games)]
                       for s in stats))


def team_printout(event: Event, what: str, lang: str | None = None, page_lines: int | None = None) -> str:
    """The team printout named `what` (TEAM_PRINTOUTS); with `page_lines`, on pages of that many lines
    (`core.formats.text.paginate`: a form feed between pages, never inside a match, a card or a table row)."""
    if what not in TEAM_PRINTOUTS:
        raise IllegalChange("no printout '{what}'; choose one of {known}", what=what, known=", ".join(TEAM_PRINTOUTS))
    return build(event, what, lang=lang, page_lines=page_lines)
