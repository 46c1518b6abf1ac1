"""A change the TUI makes to the event: one command (or an undo, a redo) in one transaction of the file.

`ArbiterApp.commit(command)` gives a `Change`. The lock free (or freed
within a moment), the change is through at once: `change.done`, with the new
event or the refusal (`change.error`). Held longer by another judge, the
change waits for it in a worker (`change.waiting`): the screen keeps
answering, and the worker posts `Committed` to the App once it is through.
A `Change` can be awaited (in a flow, `await change`), and tells
`change.then(fn)` callers once it is through.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, Callable, Generator

from textual.message import Message

from arbiter_tournament.core.errors import ArbiterError, Conflict
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.store import EventFile

from .keyguard import awaiting


@dataclass(eq=False)
class Change:
    """One transaction: `op(file)` (a command run by `core.commands.run`, an undo, a redo, the repairs on opening)."""

    what: Any  # the command (core/commands), or "undo", "redo", "settle"
    op: Callable[[EventFile], Any]
    file: EventFile  # the file it was made for (never another one the session opened meanwhile)
    before: Event  # the event the App held when it was asked
    result: Any = None  # what `op` gave: the new event (a command), what was undone or redone
    error: ArbiterError | None = None  # the refusal
    done: bool = False
    waited: bool = False  # it waited for another judge's lock in a worker
    _through: asyncio.Event | None = field(default=None, repr=False)
    _then: list[Callable[["Change"], Any]] = field(default_factory=list, repr=False)

    @property
    def saved(self) -> bool:
        return self.done and self.error is None

    @property
    def conflict(self) -> bool:
        """Another judge changed the same thing meanwhile (`core.errors.Conflict`)."""
        return isinstance(self.error, Conflict)

    @property
    def waiting(self) -> bool:
        return not self.done

    def finish(self, result: Any) -> None:
        """Through (on the event loop): `result` is what `op` gave, or the ArbiterError it raised."""
        if isinstance(result, ArbiterError):
            self.error = result
        else:
            self.result = result
        self.done = True
        if self._through is not None:
            self._through.set()
        for fn in self._then:
            fn(self)
        self._then.clear()

    def then(self, fn: Callable[["Change"], Any]) -> None:
        """`fn(self)` once it is through: now if it is."""
        if self.done:
            fn(self)
        else:
            self._then.append(fn)

    def __await__(self) -> Generator[Any, None, Change]:
        if not self.done:
            if self._through is None:
                self._through = asyncio.Event()
            with awaiting():  # the flow waiting for it opens no dialog meanwhile: keys typed go on (tui/keyguard.py)
                yield from self._through.wait().__await__()
        return self


class Committed(Message):
    """A change that waited for the lock is through (posted to the App by the worker that waited)."""

    def __init__(self, change: Change, result: Any) -> None:
        super().__init__()
        self.change = change
        self.result = result


class Told(Message):
    """What the store said during a change (who holds the lock, what it repaired), for the message line."""

    def __init__(self, said: Any) -> None:
        super().__init__()
        self.said = said
