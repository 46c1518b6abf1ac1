"""The stages after the Swiss: the knockout top (704) and the play-off for first place (32.5)."""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_tournament.core.commands.base import Command
from arbiter_tournament.core.errors import Msg
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.knockout import stage as top
from arbiter_tournament.core.msg.journal import describe


@dataclass(frozen=True)
class StartTop(Command):
    """Qualify from the Swiss standings (per table), seed (704.2), store, pair the top's first round."""

    seeding: str = "straight"
    lots: bool = False
    games_per_match: int = 1
    higher_seed_first: bool = False
    placings: str = "shared"

    def check(self, event: Event) -> None:
        top.check_start_top(event)

    def apply(self, event: Event) -> Event:
        return top.start_top(event, seeding=self.seeding, lots=self.lots, games_per_match=self.games_per_match,
                             higher_seed_first=self.higher_seed_first, placings=self.placings)

    def describe(self, event: Event) -> Msg:
        return describe("start the top")


@dataclass(frozen=True)
class StartPlayoff(Command):
    """A play-off for first place among `players` (ids in tie-break order; None: those tied for first)."""

    players: tuple[int, ...] | None = None
    knockout_games: str = "match"
    armageddon_only: bool = False

    def check(self, event: Event) -> None:
        from arbiter_tournament.core.playoff import stage as playoff  # (the play-off's rules: loaded when one is asked for)

        playoff.playoff_players(event, None if self.players is None else list(self.players))

    def apply(self, event: Event) -> Event:
        from arbiter_tournament.core.playoff import stage as playoff

        return playoff.start_playoff(event, None if self.players is None else list(self.players),
                                     knockout_games=self.knockout_games, armageddon_only=self.armageddon_only)

    def describe(self, event: Event) -> Msg:
        return describe("start the play-off")


@dataclass(frozen=True)
class CancelPlayoff(Command):
    """Take the play-off back: its plan and its games (a correction made it void, or it was started by mistake)."""

    def check(self, event: Event) -> None:
        from arbiter_tournament.core.playoff import stage as playoff

        playoff.cancel_playoff(event)

    def apply(self, event: Event) -> Event:
        from arbiter_tournament.core.playoff import stage as playoff

        return playoff.cancel_playoff(event)

    def describe(self, event: Event) -> Msg:
        return describe("take back the play-off")
