"""Who must not be paired together (C1): two players, a club's members, two teams; or that taken back."""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_tournament.core.commands.base import Command
from arbiter_tournament.core.errors import Msg
from arbiter_tournament.core.event import commands as rules
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.msg.journal import describe


@dataclass(frozen=True)
class ForbidPair(Command):
    """Players `a` and `b` must not meet (`remove`: they may again)."""

    a: int
    b: int
    remove: bool = False

    def apply(self, event: Event) -> Event:
        return rules.forbid_pair(event, self.a, self.b, remove=self.remove)

    def describe(self, event: Event) -> Msg:
        return describe("allow pairing {a} with {b}" if self.remove else "forbid pairing {a} with {b}",
                        a=self.a, b=self.b)


@dataclass(frozen=True)
class ForbidClub(Command):
    """No two members of `club` may meet (`remove`: they may again)."""

    club: str
    remove: bool = False

    def apply(self, event: Event) -> Event:
        return rules.forbid_club(event, self.club, remove=self.remove)

    def describe(self, event: Event) -> Msg:
        return describe("allow games within club {club}" if self.remove else "forbid games within club {club}",
                        club=self.club)
