"""Run a command on an event file: one transaction, the command's journal line.

    new = run(EventFile(path), Withdraw(7))        # lock, reload, apply, check, save, journal, unlock
    new = run(EventFile(path), PairNext(table=2))  # a pairing: computed outside the lock, then committed

The command line and the TUI both call this (the command line through a
file whose transactions hold Ctrl-C back while they write, the TUI in its
change thread when another judge holds the lock). A `SlowCommand` goes
through `EventFile.change_slow`: computed from a snapshot without the lock,
committed in a short transaction, computed again (at most `attempts` times)
when the event changed meanwhile in a way that matters to it.
"""

from __future__ import annotations

from typing import Callable

from arbiter_tournament.core.commands.base import Command, SlowCommand
from arbiter_tournament.core.event.model import Event

ATTEMPTS = 3  # a slow command computed again at most so many times in all


def run(file, command: Command, *, progress: Callable[[], None] | None = None, attempts: int = ATTEMPTS) -> Event:
    """`command` on the event of `file` (a `core.store.EventFile`, or one that wraps it) in one transaction.

    Returns the event as saved. A refusal is raised as the command's
    `ArbiterError`, nothing written; `progress` goes to a slow command's work.
    """
    if isinstance(command, SlowCommand):
        return file.change_slow(lambda snapshot: command.compute(snapshot, progress), command.commit, command.what,
                                attempts=attempts)
    if getattr(command, "outside_lock", False):  # a bulk import: made without the lock, only written under it
        return file.change_prepared(command.apply, command.describe(file.load()), attempts=attempts)
    return file.change(command.apply, command.describe(file.load()))
