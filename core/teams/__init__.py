"""Team events through the event file: teams, line-ups, matches, team standings.

A team event is an ordinary event (players, rounds, games) plus a `[teams]`
section (docs/teams.md). The pure parts live elsewhere: `core.teams.matches`
(line-ups, board colours, match results), `core.swiss` (the Dutch engine,
here applied to teams), `core.roundrobin.berger` (Berger tables) and
`core.tiebreaks.team` (team tie-breaks). This package reads the event into
those and back.

* A team is the set of players with the same `team` name. Its roster is the
  order of adding (player id order) unless `[teams] rosters` gives one.
* Team ids are 1-based positions in `[teams] names`, fixed when round 1 is
  paired (teams appearing later are appended). Pairing numbers: the average
  rating of the team's B best-rated players, higher first, then the name.
* One round of the event is one `Round` (stage "swiss" or "roundrobin")
  whose games are the boards of all its matches: match m, board b is game
  board (m - 1) * B + b. Board 1's first player is of the first-named team,
  board 2's of the second-named team, alternating (`core.teams.matches.pair_boards`).
* A team without a match in a round (odd number of teams) has no games; its
  name is kept in `[teams] byes`. In a Swiss that is the pairing-allocated
  bye, worth a drawn match (MP and half the boards, C.04.6 / tiebreaks.md
  section 6) unless `pab = "win"`; in a round robin it is the Berger bye
  seat and scores nothing.

One module per idea (callers import the names below from `core.teams`):
    section.py         the `[teams]` section: read and checked (`state`), written, created (`setup`)
    tiebreak_codes.py  the team tie-break codes a judge may type, their aliases, the default list
    rosters.py         teams, team numbers, pairing order, rosters, line-ups (`find_team`, `set_lineup` ...)
    round_matches.py   a round's games read back as matches (`matches`), the team without a match
    pairing.py         pairing the next round (team Swiss, round robin, byes); forbidden pairs of teams
    histories.py       each team's rounds as the Dutch engine and as the team tie-breaks read them
    team_standings.py  team standings (MP, then tie-breaks), board points for board prizes
(the printouts of a team event are core/formats/team_output.py)
"""

from __future__ import annotations

# `matches` is a function of round_matches and the name of a module of this package: bound here, after the
# module `matches` is loaded (by section), as the package always had it. The rest is loaded when first asked
# for (`from arbiter_tournament.core.teams import is_team_event` costs the TUI's first screen and the command line no
# pairing engine, no team tie-breaks).
from arbiter_tournament.core.lazy import lazy_names
from arbiter_tournament.core.teams.round_matches import MatchView, matches, round_bye
from arbiter_tournament.core.teams.section import TeamsState, is_team_event, setup, state

# module -> the names it gives
LAZY: dict[str, tuple[str, ...]] = {
    "arbiter_tournament.core.teams.histories": ("team_histories",),
    "arbiter_tournament.core.teams.pairing": ("check_pair_next", "forbid_teams", "pair_next"),
    "arbiter_tournament.core.teams.rosters": ("find_team", "lineup_for", "lineup_problems", "next_round", "pairing_order",
                                   "roster", "set_lineup", "set_order", "set_roster", "team_names", "team_of",
                                   "teams"),
    "arbiter_tournament.core.teams.team_standings": ("BoardStat", "board_stats", "completed_rounds", "default_codes",
                                          "explain_team_text", "standings"),
    "arbiter_tournament.core.teams.tiebreak_codes": ("ALIASES", "DEFAULT_CODES", "check_codes"),
    "arbiter_tournament.core.tiebreaks.team": ("TeamStanding",),
}

__all__ = [
    "DEFAULT_CODES", "TeamsState", "MatchView", "BoardStat", "explain_team_text", "is_team_event", "setup", "state", "teams",
    "team_of", "team_names", "roster", "find_team", "forbid_teams", "pairing_order", "check_codes", "completed_rounds",
    "lineup_for", "lineup_problems", "next_round", "set_lineup", "set_roster", "set_order", "check_pair_next",
    "pair_next", "matches", "round_bye",
    "team_histories", "standings", "board_stats", "ALIASES", "TeamStanding",
]

__getattr__, __dir__ = lazy_names(__name__, LAZY, globals())
