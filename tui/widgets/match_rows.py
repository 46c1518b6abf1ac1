"""A team round on the round panel: each match a head over its boards (core.teams reads the matches).

The round panel (`round_panel.py`) asks `team_rows` for the rows of a round
of a team event: per match, a span row (the match's head: its number, the
two teams, first-named first, the score as it stands, the board numbers, how
many boards are missing) and then its boards, each keyed by its game board as
in any round (so result keys, the ':' line, the cursor and the echo work as
for any event), its first cell the match and board of the match ("2.3": board
3 of match 2, the players' board in their line-ups). A head that does not fit
the panel's width wraps onto more span rows: team names are never cut.

Nothing here computes a rule: the matches and their scores are
`core.teams.matches` (the same the printouts and `arbiter match` show).
"""

from __future__ import annotations

import textwrap
from typing import Callable, Sequence

from arbiter_tournament.core import limits
from arbiter_tournament.core.event.model import Event, Game, Round, points_text
from arbiter_tournament.core.msg.cells import clean, text_width
from arbiter_tournament.core.teams import MatchView, is_team_event, matches, round_bye, state

from ..i18n import tr
from .keyed_table import Cell, cell
from arbiter_tournament.core.event.systems import Stage, System

__all__ = ["board_number", "board_of_match", "is_team_round", "match_head", "matches_open", "team_echo", "team_rows", "bye_text", "wrap_head"]


def is_team_round(e: Event, rnd: Round | None) -> bool:
    """A round of a team event's matches (the Swiss or round robin stage of an event with `[teams]`)."""
    return rnd is not None and rnd.stage in (Stage.SWISS, Stage.ROUNDROBIN) and is_team_event(e)


def board_of_match(boards: int, game_board: int) -> tuple[int, int]:
    """(match, board of the match) of a game board: board (m - 1) * B + b is board b of match m."""
    return (game_board - 1) // boards + 1, (game_board - 1) % boards + 1


def match_head(m: MatchView, lang: str, score: bool = True) -> str:
    """"Match 2 · Rooks 2.5 : 1.5 Knights · boards 5-8 · 1 missing" (the score so far while boards are missing);
    without `score` (a pairing not saved yet): "Match 2 · Rooks – Knights · boards 5-8"."""
    a, b = m.result.points
    missing = sum(1 for g in m.games if g.result is None)
    first, last = m.games[0].board, m.games[-1].board
    if not score:
        return tr(lang, "tm_head_pairing", n=m.number, first=clean(m.first_name), second=clean(m.second_name),
                  boards=f"{first}-{last}")
    text = tr(lang, "tm_head", n=m.number, first=clean(m.first_name), a=points_text(a), b=points_text(b),
              second=clean(m.second_name), boards=f"{first}-{last}")
    if missing:
        text += " · " + tr(lang, "tm_head_missing", n=missing)
    elif m.result.match_points is not None:
        x, y = m.result.match_points
        text += " · " + tr(lang, "tm_head_mp", a=points_text(x), b=points_text(y))
    return text


def wrap_head(text: str, width: int) -> list[str]:
    """A match's head in lines of `width` columns (team names are never cut: a long one wraps)."""
    if text_width(text) <= width:
        return [text]
    return textwrap.wrap(text, max(20, width), subsequent_indent="  ", break_on_hyphens=False) or [text]


def team_rows(e: Event, rnd: Round, lang: str, width: int, board_cells: Callable[[Game], Sequence[Cell]],
              only_missing: bool = False) -> list[tuple[str, tuple[Cell, ...]]]:
    """The rows of a team round: each match's head (span rows keyed "m<match>", "m<match>.<line>"), then its
    boards ("<game board>": `board_cells(game)` with the first cell replaced by "match.board"). With
    `only_missing`, the boards with a result and the matches complete are left out."""
    st = state(e)
    rows: list[tuple[str, tuple[Cell, ...]]] = []
    for m in matches(e, rnd, st):
        games = [g for g in m.games if not only_missing or g.result is None]
        if not games:
            continue
        style = "bold" if any(g.result is None for g in m.games) else "bold green"
        for i, line in enumerate(wrap_head(match_head(m, lang), width)):
            rows.append((f"m{m.number}" + (f".{i}" if i else ""), (cell(line, style),)))
        for g in games:
            cells = tuple(board_cells(g))
            _, b = board_of_match(st.boards, g.board)
            rows.append((str(g.board), (cell(f"{m.number}.{b}"),) + cells[1:]))
    return rows


def board_number(e: Event, text: str) -> int:
    """A board as the judge types it on the ':' line: its number ("12"), or in a team event its match and board of
    the match ("3.2": board 2 of match 3, as the round panel shows it). ValueError if it is neither (digits 0-9
    only, as `core.limits.whole` reads them: an `InvalidNumber` says why)."""
    m, dot, b = text.strip().partition(".")
    if not dot:
        return limits.whole(text)
    if not is_team_event(e) or not (limits.is_digits(m) and limits.is_digits(b)):
        raise ValueError(text)
    boards = state(e).boards
    if not 1 <= int(b) <= boards or int(m) < 1:
        raise ValueError(text)
    return (int(m) - 1) * boards + int(b)


_OPEN: list = [None]  # (round, players, extra, the count): the last answer, kept while its inputs are the same objects


def matches_open(e: Event, rnd: Round | None) -> int | None:
    """How many matches of the round still miss a board's result (None: not a team round). The status line asks
    every second: the answer is kept for the same round, players and [teams] (the event is immutable)."""
    if rnd is None or not is_team_round(e, rnd):
        return None
    hit = _OPEN[0]
    if hit is not None and hit[0] is rnd and hit[1] is e.players and hit[2] is e.extra:
        return hit[3]
    n = sum(1 for m in matches(e, rnd) if any(g.result is None for g in m.games))
    _OPEN[0] = (rnd, e.players, e.extra, n)
    return n


def bye_text(e: Event, rnd: Round, lang: str) -> str | None:
    """The team without a match in the round, and what that counts (the foot of the round panel)."""
    bye = round_bye(e, rnd.number)
    if bye is None:
        return None
    if e.system != System.SWISS:
        why = tr(lang, "tm_bye_seat")
    else:
        why = tr(lang, "tm_pab_win" if state(e).pab == "win" else "tm_pab_draw")
    return tr(lang, "tm_no_match", team=clean(bye), why=why)


def team_echo(e: Event, rnd: Round, board: int, lang: str) -> str | None:
    """After a result on a team board: its match as it stands now ("match 2: Rooks 2.5 : 1.5 Knights")."""
    if not is_team_round(e, rnd):
        return None
    st = state(e)
    n, _ = board_of_match(st.boards, board)
    for m in matches(e, rnd, st):
        if m.number == n:
            a, b = m.result.points
            return tr(lang, "tm_echo", n=n, first=clean(m.first_name), a=points_text(a), b=points_text(b),
                      second=clean(m.second_name))
    return None
