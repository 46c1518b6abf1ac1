"""The only I/O of the engine: load, check, and change an event file in transactions.

`EventFile(path).change(fn, what)` is the one way an event changes on disk:
lock, reload if another process changed the file, apply `fn`, write
atomically, journal, unlock. The command line and the TUI both use it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from ..errors import Conflict, IllegalChange, Msg, word
from ..journal_text import Description
from ..model import Event
from . import journal
from .codec import dumps, loads
from .diff import apply, current, diff
from .files import Stamp, locked, read_text, write_atomic

__all__ = ["EventFile", "load", "dumps", "loads", "create"]


def load(path: str | Path) -> Event:
    p = Path(path)
    return loads(read_text(p), str(p))


def create(path: str | Path, event: Event) -> None:
    """Write a new event file; refuses to overwrite an existing one."""
    p = Path(path)
    text = dumps(event)
    loads(text, str(p))  # never write what we could not read back
    with locked(p):
        write_atomic(p, text, keep_backup=False, exclusive=True)


class EventFile:
    """An event on disk, with the last version this process read of it."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.event: Event | None = None
        self.stamp: Stamp | None = None

    def load(self) -> Event:
        """The event as on disk now (read again only if the file changed)."""
        stamp = Stamp.of(self.path)
        if self.event is None or stamp is None or stamp != self.stamp:
            text = read_text(self.path)
            self.event = loads(text, str(self.path))
            self.stamp = stamp
        return self.event

    def changed_on_disk(self) -> bool:
        return Stamp.of(self.path) != self.stamp

    def change(self, fn: Callable[[Event], Event], what: str) -> Event:
        """One transaction: lock, reload if needed, apply, save atomically, journal, unlock."""
        self.load()  # a missing or unreadable file is refused before its lock file is made
        with locked(self.path):
            old = self.load()
            new = fn(old)
            if new is old or new == old:
                return old
            self._commit(old, new, what, "change", None)
            return new

    def _commit(self, old: Event, new: Event, what: str, kind: str, of: int | None) -> None:
        changes = diff(old, new)
        text = dumps(new)
        journal.check_writable(self.path)  # the event is not changed if its journal cannot say so
        write_atomic(self.path, text)
        self.event, self.stamp = new, Stamp.of(self.path)
        journal.append(self.path, what, kind, changes, of)

    def history(self) -> list[journal.Entry]:
        return journal.read(self.path)

    def undo(self) -> str:
        return self._step("undo")

    def redo(self) -> str:
        return self._step("redo")

    def _step(self, kind: str) -> str:
        self.load()  # a missing or unreadable file is refused before its lock file is made
        with locked(self.path):
            old = self.load()
            entries = journal.read(self.path)
            done, undone = journal.stacks(entries)
            stack = done if kind == "undo" else undone
            if not stack:
                raise IllegalChange("nothing to undo") if kind == "undo" else IllegalChange("nothing to redo")
            entry = stack[-1]
            expect, target = ("new", "old") if kind == "undo" else ("old", "new")
            for unit, value in journal.values(entry, expect):
                if current(old, unit) != value:
                    later = journal.last_change_of(entries, unit)
                    by = Msg(" by {user} ({what})", user=later.user, what=Description(later.what)) if later else ""
                    if kind == "undo":
                        raise Conflict("cannot undo '{what}': {unit} was changed since{by}",
                                       what=Description(entry.what), unit=_unit_name(unit), by=by)
                    raise Conflict("cannot redo '{what}': {unit} was changed since{by}",
                                   what=Description(entry.what), unit=_unit_name(unit), by=by)
            new = apply(old, journal.values(entry, target))
            self._commit(old, new, f"{kind} {entry.what}", kind, entry.seq)
            return entry.what


def _unit_name(unit: list) -> Msg:
    kind = unit[0]
    if kind == "event":
        return Msg("the event's settings")
    if kind == "player":
        return Msg("player {pid}", pid=unit[1])
    stage, table, number = unit[1:4]
    if table is None:
        if kind == "round":
            return Msg("{stage} round {number}", stage=word(stage), number=number)
        return Msg("{stage} round {number} board {board}", stage=word(stage), number=number, board=unit[4])
    if kind == "round":
        return Msg("{stage} round {number} table {table}", stage=word(stage), number=number, table=table)
    return Msg("{stage} round {number} table {table} board {board}", stage=word(stage), number=number,
               table=table, board=unit[4])
