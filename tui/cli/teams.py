"""Team events (docs/teams.md): teams list|roster|lineup|order|standings, match, and `forbid` of two teams."""

from __future__ import annotations

import argparse
import sys

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.teams import hand
from arbiter_tournament.core.formats import team_output
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.store import EventFile, load

from .common import ids
from .interrupt import run
from .usage import UsageError
from arbiter_tournament.core.event.systems import main_stage


def _team_event(e: Event) -> None:
    if not team_event.is_team_event(e):
        raise UsageError("this is not a team event (make one with arbiter new FILE ... --teams --boards B)")


def _ids(text: str, what: str) -> list[int]:
    out = ids(text, what)
    if not out:
        raise UsageError(f"{what}: give the player ids, board 1 first, like 4,9,2,7")
    return out


def cmd_teams_list(a: argparse.Namespace) -> int:
    e = load(a.file)
    _team_event(e)
    sys.stdout.write(team_output.teams_output(e, a.format))
    return 0


def cmd_teams_roster(a: argparse.Namespace) -> int:
    roster = _ids(a.ids, "roster")
    ef = EventFile(a.file)
    _team_event(ef.load())
    new = run(ef, cmds.SetRoster(a.team, tuple(roster)))
    print(f"roster of {a.team}: " + ", ".join(f"{i}. {new.player(p).name} ({p})" for i, p in enumerate(roster, 1)))
    return 0


def cmd_teams_lineup(a: argparse.Namespace) -> int:
    if a.clear == (a.ids is not None):
        raise UsageError("lineup: give the ids (board 1 first) or --clear, one of the two")
    lineup = None if a.clear else _ids(a.ids, "lineup")
    ef = EventFile(a.file)
    _team_event(ef.load())
    new = run(ef, cmds.SetLineup(a.team, a.round, None if lineup is None else tuple(lineup)))
    if lineup is None:
        print(f"line-up of {a.team} for round {a.round} cleared (the first players of the roster play)")
    else:
        print(f"line-up of {a.team} for round {a.round}: "
              + ", ".join(f"board {i} {new.player(p).name} ({p})" for i, p in enumerate(lineup, 1)))
    return 0


def cmd_teams_order(a: argparse.Namespace) -> int:
    ef = EventFile(a.file)
    _team_event(ef.load())
    run(ef, cmds.SetTeamOrder(tuple(a.teams)))
    print("team numbers: " + ", ".join(f"{i}. {t}" for i, t in enumerate(a.teams, 1)))
    return 0


def cmd_teams_standings(a: argparse.Namespace) -> int:
    e = load(a.file)
    _team_event(e)
    chosen = None if a.tiebreaks is None else [c.strip() for c in a.tiebreaks.split(",") if c.strip()]
    sys.stdout.write(team_output.standings_output(e, after_round=a.after_round, fmt=a.format, codes=chosen,
                                                 edition=a.edition))
    return 0


def cmd_match(a: argparse.Namespace) -> int:
    e = load(a.file)
    _team_event(e)
    sys.stdout.write(team_output.matches_output(e, a.round, a.format))
    return 0


def _current_round(e: Event, given: int | None) -> int:
    rounds = e.rounds_of(main_stage(e.system), None)
    if given is not None:
        return given
    if not rounds:
        raise UsageError("no round has been paired yet")
    return rounds[-1].number


def _warned(new: Event, k: int) -> None:
    """What a judge should know of the round changed by hand (teams who met before, a forbidden pair ...)."""
    rnd = new.find_round(main_stage(new.system), None, k)
    for w in hand.team_warnings(new, rnd):
        print(f"warning: {w}")


def cmd_teams_swap(a: argparse.Namespace) -> int:
    ef = EventFile(a.file)
    e = ef.load()
    _team_event(e)
    k = _current_round(e, a.round)
    new = run(ef, cmds.SwapMatch(k, a.match))
    m = team_event.matches(new, new.find_round(main_stage(new.system), None, k))[a.match - 1]
    print(f"round {k} match {a.match}: {m.first_name} - {m.second_name}")
    _warned(new, k)
    return 0


def cmd_teams_exchange(a: argparse.Namespace) -> int:
    ef = EventFile(a.file)
    e = ef.load()
    _team_event(e)
    k = _current_round(e, a.round)
    x, y = (team_event.find_team(e, t) for t in (a.a, a.b))
    new = run(ef, cmds.ExchangeTeams(k, a.a, a.b))
    print(f"round {k}: teams {x} and {y} exchanged")
    _warned(new, k)
    return 0


def cmd_teams_bye(a: argparse.Namespace) -> int:
    ef = EventFile(a.file)
    e = ef.load()
    _team_event(e)
    k = _current_round(e, a.round)
    x = team_event.find_team(e, a.team)
    new = run(ef, cmds.GiveTeamBye(k, a.team))
    print(f"round {k}: {x} has the bye")
    _warned(new, k)
    return 0


def forbid_teams(a: argparse.Namespace, e: Event) -> int:
    """`arbiter forbid` on a team event: two teams (names or ids) must not meet."""
    if a.club:
        raise UsageError("forbid: in a team event give two teams (names or ids); --club is for players")
    if len(a.ids) != 2:
        raise UsageError("forbid: give two teams (names or ids, see arbiter teams list)")
    x, y = (team_event.find_team(e, str(t)) for t in a.ids)
    run(EventFile(a.file), cmds.ForbidTeams(str(a.ids[0]), str(a.ids[1]), remove=a.remove))
    print(f"teams {x} and {y} {'may meet' if a.remove else 'will not be paired together'}")
    return 0
