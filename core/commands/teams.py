"""Team events (docs/teams.md): a team's roster and line-up, the team numbers, two teams who must not meet; a round
changed by hand on its matches (core/teams/hand.py: a match's order, two teams exchanged, the bye)."""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.commands.base import Command
from arbiter_tournament.core.errors import Msg
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.msg.journal import describe
from arbiter_tournament.core.teams import hand


@dataclass(frozen=True)
class SetRoster(Command):
    """A team's board order: every player of the team, board 1 first."""

    team: str
    ids: tuple[int, ...]

    def apply(self, event: Event) -> Event:
        return team_event.set_roster(event, self.team, list(self.ids))

    def describe(self, event: Event) -> Msg:
        return describe("roster of team {team}", team=self.team)


@dataclass(frozen=True)
class SetLineup(Command):
    """A team's players for a round not yet paired, board 1 first; `ids` None clears the stored line-up."""

    team: str
    round: int
    ids: tuple[int, ...] | None

    def apply(self, event: Event) -> Event:
        return team_event.set_lineup(event, self.team, self.round, None if self.ids is None else list(self.ids))

    def describe(self, event: Event) -> Msg:
        if self.ids is None:
            return describe("clear the line-up of team {team} for round {round}", team=self.team, round=self.round)
        return describe("line-up of team {team} for round {round}", team=self.team, round=self.round)


@dataclass(frozen=True)
class SetTeamOrder(Command):
    """The team numbers (and the round robin's Berger numbers) fixed by hand before round 1."""

    teams: tuple[str, ...]

    def apply(self, event: Event) -> Event:
        return team_event.set_order(event, list(self.teams))

    def describe(self, event: Event) -> Msg:
        return describe("fix the team numbers")


@dataclass(frozen=True)
class ForbidTeams(Command):
    """Two teams (names or numbers) must not meet in a team Swiss (`remove`: they may again)."""

    a: str
    b: str
    remove: bool = False

    def apply(self, event: Event) -> Event:
        return team_event.forbid_teams(event, self.a, self.b, remove=self.remove)

    def describe(self, event: Event) -> Msg:
        x, y = team_event.find_team(event, self.a), team_event.find_team(event, self.b)
        return describe("allow teams {team} and {other} to meet" if self.remove
                        else "forbid teams {team} and {other} to meet", team=x, other=y)


@dataclass(frozen=True)
class SwapMatch(Command):
    """A round changed by hand: match `match` with the other team named first (every board's colours change)."""

    round: int
    match: int

    def apply(self, event: Event) -> Event:
        return hand.swap_match(event, self.round, self.match)

    def describe(self, event: Event) -> Msg:
        return describe("swap the order of match {match}", match=self.match)


@dataclass(frozen=True)
class ExchangeTeams(Command):
    """A round changed by hand: two teams (names or numbers) take each other's place in their matches (with the
    team without a match: it plays, the other has the bye)."""

    round: int
    a: str
    b: str

    def apply(self, event: Event) -> Event:
        return hand.exchange_teams(event, self.round, self.a, self.b)

    def describe(self, event: Event) -> Msg:
        x, y = team_event.find_team(event, self.a), team_event.find_team(event, self.b)
        return describe("exchange teams {team} and {other}", team=x, other=y)


@dataclass(frozen=True)
class GiveTeamBye(Command):
    """A round changed by hand: the team (name or number) has the bye, the team that had it plays in its place."""

    round: int
    team: str

    def apply(self, event: Event) -> Event:
        return hand.give_team_bye(event, self.round, self.team)

    def describe(self, event: Event) -> Msg:
        return describe("bye by hand for team {team}", team=team_event.find_team(event, self.team))
