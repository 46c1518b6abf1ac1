"""Ctrl-C: a command stops with exit code 130, no traceback, and nothing written.

While a command computes (a pairing of a big round, standings), Ctrl-C raises KeyboardInterrupt
at once: the transaction has not written anything, and `main` returns 130. Once the change is
computed and the store writes it (the file, then its journal: milliseconds), Ctrl-C is held
back until the write is done, so it can never come between the file and its journal; the
command then finishes normally (the change is made, and said). Once a change is written, Ctrl-C
no longer stops the command either: what is left is saying what was done (milliseconds), and exit
code 130 would tell the judge that nothing was written.

`run(ef, command)` runs a command (`core.commands.run`) on `GuardedFile(ef)`: its `change`
holds Ctrl-C back once the change is computed, its `change_slow` (a pairing computed outside
the lock) only while a computed value is committed; `guarded()` holds Ctrl-C back over a whole
block (undo, redo, a new file).
"""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, Iterator

if TYPE_CHECKING:  # this module is imported before anything else of arbiter: it takes Ctrl-C
    from arbiter_tournament.core.event.model import Event
    from arbiter_tournament.core.store import EventFile


class _State:
    defer = 0  # > 0: a write is under way, Ctrl-C waits
    pending = False  # Ctrl-C came while a write was under way
    written = False  # a change is on disk: the command only says so, Ctrl-C is not taken


_state = _State()


def _on_sigint(signum, frame) -> None:
    if _state.defer or _state.written:
        _state.pending = True
        return
    raise KeyboardInterrupt


@contextmanager
def handling_ctrl_c() -> Iterator[None]:
    """For the duration of `main`: Ctrl-C goes through `_on_sigint` (in the main thread only; a
    caller in another thread keeps Python's own handling)."""
    _state.defer, _state.pending, _state.written = 0, False, False
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    try:
        before = signal.signal(signal.SIGINT, _on_sigint)
    except (ValueError, OSError):
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
        _state.written = False


def _enter() -> None:
    _state.defer += 1


def _leave() -> None:
    _state.defer -= 1
    if not _state.defer:
        _state.pending = False  # too late to stop: the change is written whole


def _written() -> None:
    """A change is on disk: from now on the command finishes (it says what it did), Ctrl-C or not."""
    _state.written = True


@contextmanager
def guarded() -> Iterator[None]:
    """Hold Ctrl-C back over the block (it is short and writes)."""
    _enter()
    try:
        yield
        _written()
    finally:
        _leave()


class GuardedFile:
    """`ef` whose transactions hold Ctrl-C back while they write: `change` lets Ctrl-C stop the change's
    computation but not the write that follows it; `change_slow` (a pairing computed outside the lock)
    computes with Ctrl-C live and commits with it held back (a stale value, computed again, is
    interruptible again)."""

    def __init__(self, ef: EventFile) -> None:
        self._ef = ef

    def __getattr__(self, name: str) -> Any:
        return getattr(self._ef, name)

    def change(self, fn: Callable[[Event], Event], what: str) -> Event:
        entered = 0

        def computed(event: Event) -> Event:
            nonlocal entered
            new = fn(event)
            _enter()
            entered += 1
            return new

        try:
            new = self._ef.change(computed, what)
            if entered:
                _written()
            return new
        finally:
            for _ in range(entered):
                _leave()

    def change_slow(self, compute: Callable[[Event], Any], commit: Callable[[Event, Any], Event | None],
                    what: Any, **kw: Any) -> Event:
        entered = 0

        def guarded_commit(now: Event, value: Any) -> Event | None:
            nonlocal entered
            _enter()
            entered += 1
            new = commit(now, value)
            if new is None:  # stale: it will be computed again, and that may be stopped
                _leave()
                entered -= 1
            return new

        try:
            new = self._ef.change_slow(compute, guarded_commit, what, **kw)
            if entered:
                _written()
            return new
        finally:
            for _ in range(entered):
                _leave()


def run(ef: EventFile, command: Any, **kw: Any) -> Event:
    """`core.commands.run(ef, command)` with Ctrl-C held back while the change is written (`GuardedFile`)."""
    from arbiter_tournament.core.commands import run as run_command

    return run_command(GuardedFile(ef), command, **kw)
