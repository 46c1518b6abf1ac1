"""Subcommands of team events (docs/teams.md): teams, rosters, line-ups, matches.

    arbiter teams list FILE [--format text|json]
    arbiter teams roster FILE TEAM ID,ID,...
    arbiter teams lineup FILE TEAM ROUND ID,ID,...   (or --clear)
    arbiter teams order FILE TEAM [TEAM ...]
    arbiter teams standings FILE [--after-round R] [--tiebreaks CODES] [--edition E] [--format text|csv|json]
    arbiter match FILE [--round R] [--format text|json]
    arbiter forbid FILE TEAM TEAM [--remove]        (team Swiss; the `forbid` command of cli_more)

Registered by `add_commands(sub)`; each change is one `EventFile.change`.
"""

from __future__ import annotations

import sys

from core import team_event
from core.journal_text import describe
from core.store import EventFile, load


def _err(msg: str):
    from tui.cli import UsageError

    return UsageError(msg)


def _ids(text: str, what: str) -> list[int]:
    out = []
    for part in text.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        try:
            pid = int(part)
        except ValueError:
            raise _err(f"{what}: '{part}' is not a player id (give ids like 4,9,2,7)") from None
        if pid < 1:
            raise _err(f"{what}: '{part}' is not a player id (ids are positive)")
        out.append(pid)
    if not out:
        raise _err(f"{what}: give the player ids, board 1 first, like 4,9,2,7")
    return out


def _team_event(e) -> None:
    if not team_event.is_team_event(e):
        raise _err("this is not a team event (make one with arbiter new FILE ... --teams --boards B)")


def cmd_teams_list(a) -> int:
    e = load(a.file)
    _team_event(e)
    sys.stdout.write(team_event.teams_output(e, a.format))
    return 0


def cmd_teams_roster(a) -> int:
    ids = _ids(a.ids, "roster")
    ef = EventFile(a.file)
    _team_event(ef.load())
    new = ef.change(lambda ev: team_event.set_roster(ev, a.team, ids), describe("roster of team {team}", team=a.team))
    print(f"roster of {a.team}: " + ", ".join(f"{i}. {new.player(p).name} ({p})" for i, p in enumerate(ids, 1)))
    return 0


def cmd_teams_lineup(a) -> int:
    if a.clear == (a.ids is not None):
        raise _err("lineup: give the ids (board 1 first) or --clear, one of the two")
    ids = None if a.clear else _ids(a.ids, "lineup")
    ef = EventFile(a.file)
    _team_event(ef.load())
    new = ef.change(lambda ev: team_event.set_lineup(ev, a.team, a.round, ids),
                    describe("clear the line-up of team {team} for round {round}" if ids is None
                             else "line-up of team {team} for round {round}", team=a.team, round=a.round))
    if ids is None:
        print(f"line-up of {a.team} for round {a.round} cleared (the first players of the roster play)")
    else:
        print(f"line-up of {a.team} for round {a.round}: "
              + ", ".join(f"board {i} {new.player(p).name} ({p})" for i, p in enumerate(ids, 1)))
    return 0


def cmd_teams_order(a) -> int:
    ef = EventFile(a.file)
    _team_event(ef.load())
    ef.change(lambda ev: team_event.set_order(ev, list(a.teams)), describe("fix the team numbers"))
    print("team numbers: " + ", ".join(f"{i}. {t}" for i, t in enumerate(a.teams, 1)))
    return 0


def cmd_teams_standings(a) -> int:
    e = load(a.file)
    _team_event(e)
    codes = None if a.tiebreaks is None else [c.strip() for c in a.tiebreaks.split(",") if c.strip()]
    sys.stdout.write(team_event.standings_output(e, after_round=a.after_round, fmt=a.format, codes=codes,
                                                 edition=a.edition))
    return 0


def cmd_match(a) -> int:
    e = load(a.file)
    _team_event(e)
    sys.stdout.write(team_event.matches_output(e, a.round, a.format))
    return 0


def id_or_name(text: str) -> int | str:
    """`arbiter forbid` operands: player ids, or in a team event team names or ids."""
    return int(text) if text.strip().isdigit() else text


def forbid_teams(a) -> bool:
    """`arbiter forbid` on a team event: two teams (names or ids) must not meet. False: not a team
    event (the player ids are checked here, the caller forbids the players)."""
    e = load(a.file)
    if not team_event.is_team_event(e):
        for x in a.ids:
            if not isinstance(x, int):
                raise _err(f"forbid: '{x}' is not a player id")
        return False
    if a.club:
        raise _err("forbid: in a team event give two teams (names or ids); --club is for players")
    if len(a.ids) != 2:
        raise _err("forbid: give two teams (names or ids, see arbiter teams list)")
    x, y = (team_event.find_team(e, str(t)) for t in a.ids)
    ef = EventFile(a.file)
    ef.change(lambda ev: team_event.forbid_teams(ev, str(a.ids[0]), str(a.ids[1]), remove=a.remove),
              describe("allow teams {team} and {other} to meet" if a.remove
                       else "forbid teams {team} and {other} to meet", team=x, other=y))
    print(f"teams {x} and {y} {'may meet' if a.remove else 'will not be paired together'}")
    return True


def add_commands(sub) -> None:
    from tui.cli import Parser

    t = sub.add_parser("teams", help="teams of a team event: list, roster, line-up, order, standings")
    ts = t.add_subparsers(dest="teams_command", parser_class=Parser)

    s = ts.add_parser("list", help="teams with their numbers and rosters")
    s.add_argument("file")
    s.add_argument("--format", choices=["text", "json"], default="text")
    s.set_defaults(func=cmd_teams_list)

    s = ts.add_parser("roster", help="a team's board order: every player of the team, board 1 first")
    s.add_argument("file")
    s.add_argument("team")
    s.add_argument("ids", help="player ids, comma-separated, board 1 first")
    s.set_defaults(func=cmd_teams_roster)

    s = ts.add_parser("lineup", help="a team's players for a round not yet paired (one per board, roster order)")
    s.add_argument("file")
    s.add_argument("team")
    s.add_argument("round", type=int)
    s.add_argument("ids", nargs="?", help="player ids, comma-separated, board 1 first")
    s.add_argument("--clear", action="store_true", help="forget the stored line-up")
    s.set_defaults(func=cmd_teams_lineup)

    s = ts.add_parser("order", help="fix the team numbers (and Berger numbers) by hand before round 1")
    s.add_argument("file")
    s.add_argument("teams", nargs="+", metavar="TEAM")
    s.set_defaults(func=cmd_teams_order)

    s = ts.add_parser("standings", help="team standings (any team tie-break code)")
    s.add_argument("file")
    s.add_argument("--after-round", type=int)
    s.add_argument("--tiebreaks")
    s.add_argument("--edition", choices=["fide2024", "fide2026", "legacy"])
    s.add_argument("--format", choices=["text", "csv", "json"], default="text")
    s.set_defaults(func=cmd_teams_standings)

    s = sub.add_parser("match", help="the matches of a round of a team event, with their boards")
    s.add_argument("file")
    s.add_argument("--round", type=int)
    s.add_argument("--format", choices=["text", "json"], default="text")
    s.set_defaults(func=cmd_match)
