"""The main screen's actions of a team event: changes by hand on matches, the line-ups, the board prizes.

The action table (tui/actions.py) runs these functions (registered there by
`actions.handler`; main.py imports this module) with the main screen
(`w`, `X`, the bye by hand, `l`, the palette's board prizes): each builds one
command (`core.commands.SwapMatch`, `ExchangeTeams`, `GiveTeamBye`: the rules
are `core.teams.hand`'s) run in one transaction of the screen (`run_change`),
journalled with the command's line, then
the team warnings of the round (`core.teams.hand.team_warnings`: teams who
met before, a forbidden pair, a second bye ...) on the message line, as the
individual hand edits say theirs. They live here, not on MainScreen.
"""

from __future__ import annotations

from arbiter.core import commands as cmds
from arbiter.core import teams as team_event
from arbiter.core.msg.cells import clean
from arbiter.core.teams import hand

from .. import actions
from ..i18n import tr
from ..widgets.match_rows import board_of_match
from .lineups import LineupScreen

__all__ = ["exchange_teams", "give_team_bye", "open_lineups", "show_board_prizes", "swap_match"]


def _said(screen, done: str) -> None:
    """What the change did, and what `team_warnings` says of the round now (in yellow)."""
    rnd = screen.shown_round()
    warnings = hand.team_warnings(screen.event, rnd, lang=screen.arb.lang) if rnd is not None else []
    screen.say(done + ("; " + "; ".join(clean(w) for w in warnings) if warnings else ""),
               "yellow" if warnings else "")


@actions.handler
def swap_match(screen) -> None:
    """w on a board of a team round: its match with the other team named first."""
    rnd, board = screen.shown_round(), screen.selected_board()
    if rnd is None or board is None:
        return
    match, _ = board_of_match(team_event.state(screen.event).boards, board)
    screen.run_change(cmds.SwapMatch(rnd.number, match),
                      then=lambda _new: _said(screen, tr(screen.arb.lang, "tm_swapped", n=match)))


@actions.handler
def exchange_teams(screen) -> None:
    """X: two teams (names or numbers) exchanged between their matches."""
    screen.ask_line(tr(screen.arb.lang, "tm_exchange_prompt"), lambda text: _exchange(screen, text))


def _two_teams(screen, text: str) -> tuple[str, str] | None:
    """"2 5", "Rooks, Pawns": two team references (a name with spaces: separated by a comma)."""
    parts = [p.strip() for p in text.split(",")] if "," in text else text.split()
    parts = [p for p in parts if p]
    if len(parts) != 2:
        screen.say_error(tr(screen.arb.lang, "line_bad", text=text.strip()))
        return None
    names = screen.attempt(lambda: [team_event.find_team(screen.event, p) for p in parts])
    return None if names is None else (names[0], names[1])


def _exchange(screen, text: str) -> None:
    two = _two_teams(screen, text)
    rnd = screen.shown_round()
    if two is None or rnd is None:
        return
    a, b = two
    screen.run_change(cmds.ExchangeTeams(rnd.number, a, b),
                      then=lambda _new: _said(screen, tr(screen.arb.lang, "tm_exchanged", a=clean(a), b=clean(b))))


@actions.handler
def give_team_bye(screen) -> None:
    """The bye by hand to a team (palette): the team that had it plays in its place."""
    screen.ask_line(tr(screen.arb.lang, "tm_bye_prompt"), lambda text: _bye(screen, text))


def _bye(screen, text: str) -> None:
    rnd = screen.shown_round()
    name = screen.attempt(team_event.find_team, screen.event, text.strip())
    if name is None or rnd is None:
        return
    screen.run_change(cmds.GiveTeamBye(rnd.number, name),
                      then=lambda _new: _said(screen, tr(screen.arb.lang, "tm_bye_given", team=clean(name))))


@actions.handler
def open_lineups(screen) -> None:
    """l: the line-ups of the next round (tui/screens/lineups.py)."""
    screen.app.push_screen(LineupScreen())


@actions.handler
def show_board_prizes(screen) -> None:
    """The palette's board prizes: the standings panel in its board view."""
    screen.action_view("standings")
    panel = screen.standings
    if panel.mode != "boards":
        panel.toggle_boards()
