"""The end of the event: categories, prizes, how tied winners share money, ties, 704.4 splits, the lots.

The rules are in core/final/changes.py (each command calls one function there); docs/end-of-event.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from arbiter_tournament.core.commands.base import Command
from arbiter_tournament.core.errors import Msg
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.final import changes
from arbiter_tournament.core.msg.journal import describe, sharing_what, ties_what, trophies_what

KEEP = changes.UNSET  # an edit leaves this field as it is


@dataclass(frozen=True)
class Conditions:
    """A category's conditions (core.event.model.Category without its name): those given must all hold."""

    rating_from: int | None = None
    rating_below: int | None = None
    born_from: int | None = None
    born_to: int | None = None
    sex: str = ""
    unrated: bool = False
    club: str = ""
    table: int | None = None

    def given(self) -> dict:
        return dict(self.__dict__)


@dataclass(frozen=True)
class AddCategory(Command):
    name: str
    conditions: Conditions = Conditions()
    position: int | None = None  # its place in the list (None: last)

    def apply(self, event: Event) -> Event:
        return changes.add_category(event, self.name, position=self.position, **self.conditions.given())

    def describe(self, event: Event) -> Msg:
        return describe("add category {name}", name=self.name.strip())


@dataclass(frozen=True)
class EditCategory(Command):
    """The category's conditions replaced by these; `new_name` renames it too (its prizes follow)."""

    name: str
    conditions: Conditions = Conditions()
    new_name: str | None = None

    def apply(self, event: Event) -> Event:
        event = changes.edit_category(event, self.name, **self.conditions.given())
        if self.new_name is not None and self.new_name.strip() != self.name.strip():
            event = changes.rename_category(event, self.name, self.new_name)
        return event

    def describe(self, event: Event) -> Msg:
        if self.new_name is not None and self.new_name.strip() != self.name.strip():
            return describe("rename category {name} to {other}", name=self.name.strip(), other=self.new_name.strip())
        return describe("edit category {name}", name=self.name.strip())


@dataclass(frozen=True)
class RenameCategory(Command):
    name: str
    new_name: str

    def apply(self, event: Event) -> Event:
        return changes.rename_category(event, self.name, self.new_name)

    def describe(self, event: Event) -> Msg:
        return describe("rename category {name} to {other}", name=self.name.strip(), other=self.new_name.strip())


@dataclass(frozen=True)
class MoveCategory(Command):
    name: str
    position: int

    def apply(self, event: Event) -> Event:
        return changes.move_category(event, self.name, self.position)

    def describe(self, event: Event) -> Msg:
        return describe("move category {name} to position {n}", name=self.name.strip(), n=self.position)


@dataclass(frozen=True)
class RemoveCategory(Command):
    """Refused while a prize is of the category."""

    name: str

    def apply(self, event: Event) -> Event:
        return changes.remove_category(event, self.name)

    def describe(self, event: Event) -> Msg:
        return describe("remove category {name}", name=self.name.strip())


@dataclass(frozen=True)
class AddPrize(Command):
    name: str
    amount: Fraction | None = None
    category: str = ""
    position: int | None = None  # its place in the list (None: last); the order breaks ties of value

    def apply(self, event: Event) -> Event:
        return changes.add_prize(event, self.name, amount=self.amount, category=self.category,
                                 position=self.position)

    def describe(self, event: Event) -> Msg:
        return describe("add prize {name}", name=self.name.strip())


@dataclass(frozen=True)
class EditPrize(Command):
    """The prize's amount (None: none) and category ("": the whole event), each only if given (not KEEP);
    `new_name` renames it too."""

    name: str
    amount: object = KEEP
    category: object = KEEP
    new_name: str | None = None

    def apply(self, event: Event) -> Event:
        event = changes.edit_prize(event, self.name, amount=self.amount, category=self.category)
        if self.new_name is not None and self.new_name.strip() != self.name.strip():
            event = changes.rename_prize(event, self.name, self.new_name)
        return event

    def describe(self, event: Event) -> Msg:
        if self.new_name is not None and self.new_name.strip() != self.name.strip():
            return describe("rename prize {name} to {other}", name=self.name.strip(), other=self.new_name.strip())
        return describe("edit prize {name}", name=self.name.strip())


@dataclass(frozen=True)
class RenamePrize(Command):
    name: str
    new_name: str

    def apply(self, event: Event) -> Event:
        return changes.rename_prize(event, self.name, self.new_name)

    def describe(self, event: Event) -> Msg:
        return describe("rename prize {name} to {other}", name=self.name.strip(), other=self.new_name.strip())


@dataclass(frozen=True)
class MovePrize(Command):
    name: str
    position: int

    def apply(self, event: Event) -> Event:
        return changes.move_prize(event, self.name, self.position)

    def describe(self, event: Event) -> Msg:
        return describe("move prize {name} to position {n}", name=self.name.strip(), n=self.position)


@dataclass(frozen=True)
class RemovePrize(Command):
    name: str

    def apply(self, event: Event) -> Event:
        return changes.remove_prize(event, self.name)

    def describe(self, event: Event) -> Msg:
        return describe("remove prize {name}", name=self.name.strip())


@dataclass(frozen=True)
class SetPrizeSharing(Command):
    """How tied winners share money: none, equal, hort, winners."""

    sharing: str

    def apply(self, event: Event) -> Event:
        return changes.set_prize_sharing(event, self.sharing)

    def describe(self, event: Event) -> Msg:
        return sharing_what(self.sharing)


@dataclass(frozen=True)
class SetPrizeTrophies(Command):
    """Who of a shared place holds a trophy that falls on it: "order" (the Swiss order) or "lot"."""

    how: str

    def apply(self, event: Event) -> Event:
        return changes.set_prize_trophies(event, self.how)

    def describe(self, event: Event) -> Msg:
        return trophies_what(self.how)


@dataclass(frozen=True)
class SetTies(Command):
    """Players equal after every tie-break: "shared" places, or "lots" (drawn once at the end)."""

    ties: str

    def apply(self, event: Event) -> Event:
        return changes.set_ties(event, self.ties)

    def describe(self, event: Event) -> Msg:
        return ties_what(self.ties)


@dataclass(frozen=True)
class SplitPrizes(Command):
    """704.4: players who agreed a top game's result receive their prizes' money together, in `parts`."""

    players: tuple[int, ...]
    parts: tuple[int, ...] | None = None  # None: equal

    def apply(self, event: Event) -> Event:
        return changes.split_prizes(event, list(self.players), None if self.parts is None else list(self.parts))

    def describe(self, event: Event) -> Msg:
        parts = self.parts or (1,) * len(self.players)
        return describe("prize split (704.4) of players {players}: parts {parts}",
                        players=", ".join(map(str, self.players)), parts=":".join(map(str, parts)))


@dataclass(frozen=True)
class UnsplitPrizes(Command):
    pid: int

    def apply(self, event: Event) -> Event:
        return changes.unsplit_prizes(event, self.pid)

    def describe(self, event: Event) -> Msg:
        return describe("take back the prize split of player {pid}", pid=self.pid)


@dataclass(frozen=True)
class DrawLots(Command):
    """Draw, once, every lot the final ranking waits for. `expected`: the draws the judge was shown
    (`changes.pending_draws`): refused if the ranking changed since, so the journal says what was drawn."""

    expected: tuple[tuple[str, tuple[int, ...]], ...] | None = None

    def check(self, event: Event) -> None:
        draws = changes.pending_draws(event)  # (not over, shared places, nothing to draw: refused here)
        if self.expected is not None and draws != list(self.expected):
            changes.draw_lots(event, expected=list(self.expected))  # refuses: the ranking changed

    def apply(self, event: Event) -> Event:
        return changes.draw_lots(event, expected=None if self.expected is None else list(self.expected))

    def describe(self, event: Event) -> Msg:
        draws = list(self.expected) if self.expected is not None else changes.pending_draws(event)
        return describe("draw lots for the final ranking: {draws}", draws=changes.draws_text(draws))
