"""Several changes saved together or not at all: `arbiter result FILE 1 1-0 2 = 3 0-1`, a column of slips.

    run(EventFile(path), Batch((RecordResult(...), RecordResult(...))))

The changes are applied in their order to the event as the transaction reads it, each refused as it
would be alone (a refusal names its board or player): the first refused refuses the batch and nothing
is written. The journal has one line for the batch, each change's own line inside it (`at once: result
swiss round 5 board 1: 1-0; ...`), so `undo` takes the whole batch back, as it was saved.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_tournament.core.commands.base import Command, SlowCommand
from arbiter_tournament.core.errors import Msg
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.msg import joined
from arbiter_tournament.core.msg.journal import describe


@dataclass(frozen=True)
class Batch(Command):
    """`commands` (cheap changes, not a pairing) in one transaction and one journal line."""

    commands: tuple[Command, ...]

    def __post_init__(self) -> None:
        if not self.commands or any(isinstance(c, SlowCommand) or not isinstance(c, Command)
                                    for c in self.commands):
            raise TypeError("a batch holds one or more commands, none of them slow (a pairing)")

    def apply(self, event: Event) -> Event:
        for command in self.commands:
            event = command.apply(event)
        return event

    def describe(self, event: Event) -> Msg:
        return describe("at once: {changes}", changes=joined([c.describe(event) for c in self.commands], "; "))
