"""The main screen's actions of a team event: changes by hand on matches, the line-ups, the board prizes.

Their rows of the action table are registered here, each run by a function
of the main screen (`w`, `X`, the bye by hand, `l`, the palette's board
prizes); `w` and `X` share their keys with the individual hand edits
(by_hand.py), and the table runs the one that fits the event. Each change
is one command (`core.commands.SwapMatch`, `ExchangeTeams`, `GiveTeamBye`:
the rules are `core.teams.hand`'s) in one transaction (`screen.commit`),
journalled with the command's line; then the team warnings of the round
(`core.teams.hand.team_warnings`: teams who met before, a forbidden pair, a
second bye ...) on the message line, as the individual hand edits say
theirs. A change that names teams asks for them on the one-line prompt
first (a flow: a worker of the screen).
"""

from __future__ import annotations

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.msg.cells import clean
from arbiter_tournament.core.teams import hand

from ..actions import W, Action, Why, busy, in_team_event, register, why, why_core
from ..changes import Change
from ..i18n import tr
from ..widgets.match_rows import board_of_match
from .by_hand import by_hand_when
from .main_host import MainScreenPart


def _team_swap(s: MainScreenPart) -> Why | None:
    """`w` in a team event: the match of the board under the cursor (`core.commands.SwapMatch`)."""
    w = by_hand_when(s)
    if w is not None:
        return w
    rnd, g = s.shown_round(), s.selected_game()
    if rnd is None or g is None:  # (no round: `by_hand_when` has said so)
        return why("why_no_board")
    match = (g.board - 1) // team_event.state(s.event).boards + 1
    return why_core(cmds.SwapMatch(rnd.number, match).why_not(s.event))


def _team_view(v) -> Why | None:
    return None if in_team_event(v) else why("why_not_team")


def _said(screen: MainScreenPart, done: str) -> None:
    """What the change did, and what `team_warnings` says of the round now (in yellow)."""
    rnd = screen.shown_round()
    warnings = hand.team_warnings(screen.event, rnd, lang=screen.arb.lang) if rnd is not None else []
    screen.say(done + ("; " + "; ".join(clean(w) for w in warnings) if warnings else ""),
               "yellow" if warnings else "")


def swap_match(screen: MainScreenPart) -> None:
    """w on a board of a team round: its match with the other team named first."""
    rnd, board = screen.shown_round(), screen.selected_board()
    if rnd is None or board is None:
        return
    match, _ = board_of_match(team_event.state(screen.event).boards, board)

    def swapped(change: Change) -> None:
        if change.saved:
            _said(screen, tr(screen.arb.lang, "tm_swapped", n=match))

    screen.commit(cmds.SwapMatch(rnd.number, match)).then(swapped)


def exchange_teams(screen: MainScreenPart) -> None:
    """X: two teams (names or numbers) exchanged between their matches."""
    screen.run_worker(_exchange(screen), group="question")


def _two_teams(screen: MainScreenPart, text: str) -> tuple[str, str] | None:
    """"2 5", "Rooks, Pawns": two team references (a name with spaces: separated by a comma)."""
    parts = [p.strip() for p in text.split(",")] if "," in text else text.split()
    parts = [p for p in parts if p]
    if len(parts) != 2:
        screen.say_error(tr(screen.arb.lang, "line_bad", text=text.strip()))
        return None
    names = screen.attempt(lambda: [team_event.find_team(screen.event, p) for p in parts])
    return None if names is None else (names[0], names[1])


async def _exchange(screen: MainScreenPart) -> None:
    text = await screen.ask_line(tr(screen.arb.lang, "tm_exchange_prompt"))
    two = _two_teams(screen, text) if text else None
    rnd = screen.shown_round()
    if two is None or rnd is None:
        return
    a, b = two
    if (await screen.commit(cmds.ExchangeTeams(rnd.number, a, b))).saved:
        _said(screen, tr(screen.arb.lang, "tm_exchanged", a=clean(a), b=clean(b)))


def give_team_bye(screen: MainScreenPart) -> None:
    """The bye by hand to a team (palette): the team that had it plays in its place."""
    screen.run_worker(_bye(screen), group="question")


async def _bye(screen: MainScreenPart) -> None:
    text = await screen.ask_line(tr(screen.arb.lang, "tm_bye_prompt"))
    if not text:
        return
    rnd = screen.shown_round()
    name = screen.attempt(team_event.find_team, screen.event, text.strip())
    if name is None or rnd is None:
        return
    if (await screen.commit(cmds.GiveTeamBye(rnd.number, name))).saved:
        _said(screen, tr(screen.arb.lang, "tm_bye_given", team=clean(name)))


def open_lineups(screen: MainScreenPart) -> None:
    """l: the line-ups of the next round (tui/screens/lineups.py)."""
    from .lineups import LineupScreen  # (loaded when first opened: ArbiterApp.load_screens)

    screen.app.push_screen(LineupScreen())


def show_board_prizes(screen: MainScreenPart) -> None:
    """The palette's board prizes: the standings panel in its board view."""
    screen.action_view("standings")
    panel = screen.standings
    if panel.mode != "boards":
        panel.toggle_boards()


register(
    Action("team_swap", ("w",), W("match order", "порядок в матче"),
           W("Swap the order of the match under the cursor: the other team named first, every board's colours "
             "change (a round without results)",
             "Поменять порядок команд в матче под курсором: первой названа другая команда, цвет меняется на всех "
             "досках (тур без результатов)"),
           ("main",), swap_match, palette=True, when=_team_swap, group="team", team=True),
    Action("team_exchange", ("X",), W("exchange teams", "поменять команды"),
           W("Exchange two teams between their matches (names or numbers, e.g. 2 5; with the team without a match: "
             "it plays, the other has the bye)",
             "Поменять две команды матчами (названия или номера, например 2 5; с командой без матча: она играет, "
             "у другой бай)"),
           ("main",), exchange_teams, palette=True, when=by_hand_when, group="team", team=True),
    Action("team_bye", (), W("bye to a team", "бай команде"),
           W("Give the bye to a team by hand (the team that had it plays in its place)",
             "Дать бай команде вручную (команда, у которой он был, играет вместо неё)"),
           ("main",), give_team_bye, palette=True, when=by_hand_when, group="team", team=True),
    Action("lineups", ("l",), W("line-ups", "составы"),
           W("Line-ups for the next round: who plays on which board (from the roster, in roster order), "
             "and the pairs of teams that must not meet",
             "Составы на следующий тур: кто играет на какой доске (из заявки, в порядке заявки), "
             "и пары команд, которые не должны встречаться"),
           ("main",), open_lineups, footer=43, palette=True, when=busy, group="team", team=True),
    Action("view_boards", (), W("board prizes", "призы по доскам"),
           W("The board prizes: each board's players with points, games and percentage",
             "Призы по доскам: участники каждой доски с очками, партиями и процентом"),
           ("main",), show_board_prizes, palette=True, when=_team_view, group="team", team=True),
)
