"""What every command is: a change to an event as a value, asked before it is made.

    cmd = Withdraw(pid=7)
    cmd.why_not(event)    # None, or the Msg a judge is told (the footer greys the key out with it)
    new = cmd.apply(event)        # the new event; refused (IllegalChange ...) with that same Msg
    cmd.describe(event)   # the journal's line for it, a Msg (core/msg/journal_templates.py holds the templates)

A command holds only what the judge chose (ids, a round, a result), never
the event: it is applied to the event as the file holds it inside the
transaction (`core.commands.runner.run`), so a change made by another judge
meanwhile is seen.

`check(event)` raises what `apply` would refuse with, without doing the
work. By default it is `apply` itself (a cheap change); a command whose
work is slow (a pairing, the top's seeding) or whose key the footer asks
about on every keystroke gives its own `check`: the precondition function
of the rule's module, which the rule function calls first too, so the
precondition is written once. `apply` may still refuse for what only the
work finds (no legal pairing).

A `SlowCommand` (a pairing) is computed from a snapshot outside the lock
and committed in a short transaction (`EventFile.change_slow`): `compute`,
`commit` and `what`, besides `apply`, which does both at once.
"""

from __future__ import annotations

from typing import Any, Callable

from arbiter_tournament.core.errors import ArbiterError, Msg
from arbiter_tournament.core.event.model import Event


class Command:
    """One change to an event (a frozen dataclass in each group's module)."""

    def check(self, event: Event) -> None:
        """Raise what `apply` would refuse with (by default: `apply` itself, for a cheap change)."""
        self.apply(event)

    def why_not(self, event: Event) -> Msg | None:
        """Why the command does not apply to `event` now (None: it does): what `apply` would refuse with."""
        try:
            self.check(event)
        except ArbiterError as exc:
            return exc.msg.with_advice(exc.advice) if exc.advice else exc.msg  # what to do: each shell says it
        return None

    def apply(self, event: Event) -> Event:
        """The event after the change; refuses (an `ArbiterError`) when it does not apply."""
        raise NotImplementedError

    def describe(self, event: Event) -> Msg:
        """The journal's line for this change (the English is stored, the TUI says it in the judge's language).

        `event` is the event as the caller saw it before the change (a team's name is read from it)."""
        raise NotImplementedError


class SlowCommand(Command):
    """A change whose work is slow: computed outside the lock, committed if still valid (`EventFile.change_slow`)."""

    def compute(self, snapshot: Event, progress: Callable[[], None] | None = None) -> Any:
        """The work, on the event as it was read (no lock held); `progress` is called now and then."""
        raise NotImplementedError

    def commit(self, now: Event, value: Any) -> Event | None:
        """In the short transaction: `now` with the computed value, or None when `now` makes it stale."""
        raise NotImplementedError

    def what(self, value: Any) -> Msg:
        """The journal's line for a computed value."""
        raise NotImplementedError
