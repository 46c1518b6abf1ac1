"""The standings panel of a team event: the teams (rank, team, MP, GP, the team tie-breaks, matches played),
or the board prizes (each board's players: points, games, percentage).

`StandingsPanel` (standings_panel.py) shows these rows instead of the players'
in a team event; `B` (scope "standings") switches between the two views. Enter
on a team opens how its tie-break values were made
(`core.teams.explain_team_text`, as Enter on a player does in an individual
event). Everything shown comes from core.teams (`standings`, `board_stats`);
team names are never cut (the team column is as wide as the longest name; the
table scrolls sideways only if the names need more than the panel has).
"""

from __future__ import annotations

from rich.text import Text

from arbiter_tournament.core.errors import ArbiterError
from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice
from arbiter_tournament.core.event.model import Event, points_text
from arbiter_tournament.core.msg.cells import clean, fit
from arbiter_tournament.core import teams as team_event  # (the team tie-breaks loaded when a team event's standings are first made)

from ..i18n import tiebreak_name, tr
from ..screens.dialogs import TextScreen
from ..screens.entry import wrapped_lines
from .keyed_table import Row, cell
from .messages import Say

__all__ = ["board_rows", "explain", "team_rows"]


def team_rows(e: Event, lang: str) -> tuple[Text, list, list, Text]:
    """(head, columns, rows, legend) of the team standings after the last complete round."""
    after, codes, rows = team_event.standings(e)
    rest = [c for c in codes if c.strip().upper() not in ("MP", "GP")]  # MP and GP have their columns
    cols = [("rk", tr(lang, "rank")), ("id", tr(lang, "id")), ("team", tr(lang, "team")), ("tb_mp", "MP"),
            ("tb_gp", "GP")] + [(f"tb{i}", c) for i, c in enumerate(rest)] + [("tbm", tr(lang, "tm_played_short"))]
    out: list[Row] = []
    for r in rows:
        mark = "=" if r.shared else ""
        out.append((f"t{r.id}", (cell(f"{r.rank}{mark}"), cell(r.id), cell(clean(r.team)),
                                 cell(points_text(r.match_points), "bold"), cell(points_text(r.game_points)))
                    + tuple(cell(points_text(r.tiebreaks[c])) for c in rest) + (cell(r.matches),)))
    after_txt = f" · {tr(lang, 'st_round', n=after)}" if after else ""
    head = Text(f"{tr(lang, 'team_standings')}{after_txt}", style="bold", no_wrap=True)
    head.append(f" · {tr(lang, 'tm_standings_keys')}", style="dim")
    legend = " · ".join(f"{c} {tiebreak_name(lang, c)}" for c in ["MP", "GP", *rest])
    legend += f" · {tr(lang, 'tm_played_short')} {tr(lang, 'tm_played')}"
    if any(r.by_lot for r in rows):
        legend += " · " + tr(lang, "tm_by_lot")
    return head, cols, out, Text(legend, style="dim")


def board_rows(e: Event, lang: str) -> tuple[Text, list, list, Text]:
    """(head, columns, rows, legend) of the board prizes: each board number's players, best first; a span row
    heads each board."""
    from arbiter_tournament.core.formats.team_printouts import percent  # (when shown: not on the way to the first screen)

    after = team_event.completed_rounds(e)
    cols = [("rk", tr(lang, "rank")), ("name", tr(lang, "name")), ("team", tr(lang, "team")), ("pts", tr(lang, "pts")),
            ("tbg", tr(lang, "bs_games")), ("tbp", "%")]
    out: list[Row] = []
    board = None
    k = 0
    for s in team_event.board_stats(e, after):
        if s.board != board:
            board, k = s.board, 0
            out.append((f"b{board}", (cell(tr(lang, "bs_board", n=board), "bold"),)))
        k += 1
        out.append((f"b{board}:{s.id}", (cell(k), cell(f"{fit(s.name, 28)} ({s.id})"), cell(clean(s.team)),
                                          cell(points_text(s.points), "bold"), cell(s.games),
                                          cell(percent(s.points, s.games)))))
    after_txt = f" · {tr(lang, 'st_round', n=after)}" if after else ""
    head = Text(f"{tr(lang, 'bs_head')}{after_txt}", style="bold", no_wrap=True)
    head.append(f" · {tr(lang, 'bs_keys')}", style="dim")
    return head, cols, out, Text(tr(lang, "bs_legend"), style="dim")


def explain(node, e: Event, team_id: int, lang: str) -> None:
    """Enter on a team: a page of how its tie-break values were made (or the engine's refusal, said)."""
    try:
        text = team_event.explain_team_text(e, team_id, lang=lang)
    except ArbiterError as exc:
        node.post_message(Say(message(exc, lang), "bold red"))
        return
    name = next((r.team for r in team_event.standings(e)[2] if r.id == team_id), str(team_id))
    width = max(40, min(node.app.size.width, 80) - 8)
    node.app.push_screen(TextScreen(clean(fit(f"{name} ({team_id})", 70)), wrapped_lines(text, width)))
