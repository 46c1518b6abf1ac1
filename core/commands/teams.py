"""Team events (docs/teams.md): a team's roster and line-up, the team numbers, two teams who must not meet."""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.core import teams as team_event
from arbiter.core.commands.base import Command
from arbiter.core.errors import Msg
from arbiter.core.event.model import Event
from arbiter.core.msg.journal import describe


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
