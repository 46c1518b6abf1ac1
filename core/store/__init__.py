"""The only I/O of the engine: load, check, and change an event file in transactions.

`EventFile(path).change(fn, what)` is the one way an event changes on disk:
lock, settle what a crash left, reload if another process changed the file,
apply `fn`, write the journal entry (pending), replace the file atomically,
mark the entry done, unlock. The command line and the TUI both use it.

    ef = EventFile(path, on_wait=say, lock_timeout=30.0, on_notice=say)

- `on_wait(msg)`: called once when the lock has been waited for more than
  two seconds, with who holds it (`user@host (pid N) since 14:03:12: what`);
  the CLI prints it on stderr, the TUI on its message line. After
  `lock_timeout` seconds the change gives up with `files.LockBusy` (an
  `ArbiterError`: one line, exit 2), having changed nothing.
- `on_notice(msg)`: what the transaction repaired before its change (a torn
  journal line cut off, an interrupted change dropped from the journal); also
  kept in `ef.notices`. Both get a `Msg` (`str()` English, `.text("ru")`).
- `report_to(on_wait=..., on_notice=...)`: the same two callbacks for every
  `EventFile` of this process that is not given its own (the command line
  sets them once, to print on stderr).
- `waiting()`: called at every pause of a wait for the lock (every 20 ms at
  most); what it raises ends the wait, nothing changed (the TUI's wait in a
  worker stops so when the judge quits).
- `ef.lock_wait`: the seconds the last transaction waited for the lock.
- `ef.settle()`: only the repairs (under the lock), returning what was said;
  `with ef.transaction(doing) as event:` the lock held, the journal settled.
- `ef.change_slow(compute, commit, what)`: a change whose work is slow (a
  pairing) computed from a snapshot *outside* the lock, then committed in a
  short transaction; `commit(now, value)` returns None when the event
  changed since in a way that matters, and the work is done again from the
  new state (at most `attempts` times). See `core.commands.PairNext`.

A symlinked event path is resolved once (`ef.real`): the lock, journal,
temporary files and backups live beside the real file, and the link stays.
What a crash or a full disk can leave, and how the next transaction settles
it: docs/file-format.md, "Durability".
"""

from __future__ import annotations

import os
import stat
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, TypeVar

from arbiter_tournament.core import notices
from arbiter_tournament.core.notices import report_to
from arbiter_tournament.core.errors import ArbiterError, Conflict, FileProblem, IllegalChange, Msg, word
from arbiter_tournament.core.msg.journal import Description
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.store import files, journal
from arbiter_tournament.core.store.codec import dumps, loads
from arbiter_tournament.core.store.diff import apply, current, diff
from arbiter_tournament.core.store.files import LOCK_TIMEOUT, LockBusy, Stamp, locked, read_text, real_path, write_atomic

__all__ = ["EventFile", "load", "dumps", "loads", "create", "report_to", "LockBusy", "LOCK_TIMEOUT"]

T = TypeVar("T")

_REPORT = notices.REPORT  # report_to sets it (core/notices.py: the command line sets it without loading the store)


def load(path: str | Path) -> Event:
    p = real_path(path)
    return loads(read_text(p, plain=True), str(p))


def create(path: str | Path, event: Event, *, on_wait: Callable[[Msg], None] | None = None,
           lock_timeout: float = LOCK_TIMEOUT) -> None:
    """Write a new event file; refuses to overwrite an existing one.

    In a shared folder (setgid, group-writable: docs/venue.md) the new file
    is group-writable whatever the umask.
    """
    p = real_path(path)
    text = dumps(event)
    loads(text, str(p))  # never write what we could not read back
    files.check_new(p)  # refused before a lock file is made: the path is taken, or there is no folder
    with locked(p, doing="new event", on_wait=on_wait if on_wait is not None else _REPORT["on_wait"],
                timeout=lock_timeout, creating=True):
        write_atomic(p, text, keep_backup=False, exclusive=True)


class EventFile:
    """An event on disk, with the last version this process read of it."""

    def __init__(self, path: str | Path, *, on_wait: Callable[[Msg], None] | None = None,
                 lock_timeout: float = LOCK_TIMEOUT, on_notice: Callable[[Msg], None] | None = None,
                 waiting: Callable[[], None] | None = None) -> None:
        self.path = Path(path)
        self.real = real_path(self.path)  # resolved once: every file beside it follows the real file
        self.event: Event | None = None
        self.stamp: Stamp | None = None
        self.on_wait = on_wait if on_wait is not None else _REPORT["on_wait"]
        self.lock_timeout = lock_timeout
        self.on_notice = on_notice if on_notice is not None else _REPORT["on_notice"]
        self.waiting = waiting  # called at every pause of a wait for the lock; what it raises ends the wait
        self.notices: list[Msg] = []
        self.lock_wait = 0.0

    def load(self) -> Event:
        """The event as on disk now (read again only if the file changed)."""
        stamp = Stamp.of(self.real)
        if self.event is None or stamp is None or stamp != self.stamp:
            text = read_text(self.real, plain=True)
            self.event = loads(text, str(self.real))
            self.stamp = stamp
        return self.event

    def check_writable(self) -> None:
        """Refuse to change an event file nobody may write (mode 0444: made read-only on purpose, say
        at the end of the event); it is never renamed over. Nothing is changed, no lock file made."""
        try:
            st = os.stat(self.real)
        except OSError:
            return
        if not st.st_mode & 0o222:
            raise FileProblem(str(self.real), None, "is read-only (mode {mode}): arbiter does not change it; make "
                              "it writable (chmod u+w) to go on", mode=f"{stat.S_IMODE(st.st_mode):04o}")

    def changed_on_disk(self) -> bool:
        return Stamp.of(self.real) != self.stamp

    # -- transactions ---------------------------------------------------------------------------

    @contextmanager
    def transaction(self, doing: str = "", *, unchanged_since: Stamp | None = None,
                    keep: Path | None = None) -> Iterator[Event]:
        """The lock held, the journal settled against the file, the event as on disk now. With
        `unchanged_since`: `_Changed` is raised as the lock is taken if the file is not that version any more
        (nothing read under the lock: the caller makes its change again, without the lock). `keep`: the
        temporary file the change wrote before the lock, not tidied away."""
        def waited(seconds: float) -> None:
            self.lock_wait = seconds

        with locked(self.real, doing=doing, on_wait=self.on_wait, timeout=self.lock_timeout, waited=waited,
                    waiting=self.waiting):
            if unchanged_since is not None and Stamp.of(self.real) != unchanged_since:
                raise _Changed()
            event = self.load()
            for said in journal.settle(self.real, lambda e: self._holds(event, e)):
                self.notices.append(said)
                if self.on_notice is not None:
                    self.on_notice(said)
            files.tidy(self.real, keep)
            yield event

    def settle(self) -> list[Msg]:
        """Take the lock only to repair what a crash or a full disk left; what was repaired, in words."""
        self.load()
        before = len(self.notices)
        with self.transaction("settle"):
            pass
        return self.notices[before:]

    @staticmethod
    def _holds(event: Event, e: journal.Entry) -> bool:
        """Does `event` have the change of entry `e` (every unit at its new value)?"""
        return all(current(event, unit) == new for unit, _old, new in e.changes)

    def change(self, fn: Callable[[Event], Event], what: str) -> Event:
        """One transaction: lock, reload if needed, apply, journal (pending), save atomically, unlock."""
        self.load()  # a missing or unreadable file is refused before its lock file is made
        self.check_writable()
        with self.transaction(what) as old:
            new = fn(old)
            if new is old or new == old:
                return old
            self._commit(old, new, what, "change", None)
            return new

    def change_slow(self, compute: Callable[[Event], T], commit: Callable[[Event, T], Event | None],
                    what: str | Callable[[T], str], *, attempts: int = 3) -> Event:
        """A change whose work is slow, done outside the lock; other judges wait only for its commit.

        `compute(snapshot)` runs without the lock on the event as it is now;
        `commit(now, value)` runs in a short transaction on the event as it
        is then, and gives the new event, or None when `now` differs from
        the snapshot in a way that makes `value` stale: then `compute` runs
        again on the new state, at most `attempts` times in all, after which
        the change gives up with `Conflict`. `what` is the journal's words,
        or a function of `value` giving them.
        """
        for _ in range(max(1, attempts)):
            snapshot = self.load()
            self.check_writable()
            value = compute(snapshot)
            said = what(value) if callable(what) else what
            with self.transaction(said) as now:
                new = commit(now, value)
                if new is None:
                    continue
                if new is now or new == now:
                    return now
                self._commit(now, new, said, "change", None)
                return new
        raise Conflict("the event changed {n} times while this change was being prepared; try again",
                       n=max(1, attempts))

    def change_prepared(self, fn: Callable[[Event], Event], what: str, *, attempts: int = 3) -> Event:
        """A change whose new event, its journal entry's changes and its text are made without the lock (a
        bulk import of many players, the agreed reports of players' phones): the lock is held only to see
        that the file is still the one they were made from (its stamp: a file changed meanwhile is not read
        under the lock), and to write them. When another judge changed the file meanwhile, all is made again
        from the file as it is then (at most `attempts` times in all, then `Conflict`)."""
        for _ in range(max(1, attempts)):
            snapshot = self.load()
            self.check_writable()
            new = fn(snapshot)
            if new is snapshot:
                return snapshot
            changes = diff(snapshot, new)
            prepared = (changes, dumps(new).encode("utf-8"), journal.changes_json(changes))  # (dumps checks it)
            stamp = self.stamp
            files.check_space(self.real, len(prepared[1]))
            tmp: Path | None = files.write_temp(self.real, prepared[1], like=files.like_of(self.real))
            try:  # (the new file's text written and fsynced before the lock: the biggest write of a change)
                with self.transaction(what, unchanged_since=stamp, keep=tmp) as now:
                    if now is not snapshot:
                        continue
                    self._commit(now, new, what, "change", None, prepared=prepared, temp=tmp)
                    tmp = None  # renamed over the event (or taken away by the refusal)
                    return new
            except _Changed:  # changed meanwhile: made again from the new file, which is read without the lock
                continue
            finally:
                if tmp is not None:
                    files.unlink_quietly(tmp)
        raise Conflict("the event changed {n} times while this change was being prepared; try again",
                       n=max(1, attempts))

    def _commit(self, old: Event, new: Event, what: str, kind: str, of: int | None,
                prepared: tuple[list, bytes, str] | None = None, temp: Path | None = None) -> None:
        """Write one change: the temporary file, the journal's pending entry, the rename, the entry done.
        `temp`: the temporary file, written already (before the lock: `change_prepared`); written again here
        if another judge's transaction took it away meanwhile (`files.tidy`, a crash's leftovers to it).

        Any refusal before the rename leaves the file and the journal as
        they were; a crash at any point leaves what `journal.settle` makes
        consistent on the next transaction.
        """
        self.check_writable()  # made read-only while this change waited for the lock
        if prepared is None:
            changes, data = diff(old, new), dumps(new).encode("utf-8")
            entry = journal.entry(journal.last_seq(self.real) + 1, what, kind, changes, of)
            line = entry.line()
        else:  # made outside the lock: only the entry's number, time and judge are made here
            _changes, data, written = prepared
            entry = journal.entry(journal.last_seq(self.real) + 1, what, kind, [], of)
            line = journal.line_with(entry, written)
        like = files.like_of(self.real)
        ready = temp is not None and os.path.isfile(temp) and not os.path.islink(temp)
        files.check_space(self.real, (0 if ready else len(data)) + len(line) + 1)
        tmp = temp if ready and temp is not None else files.write_temp(self.real, data, like=like)
        files.step("temp written")
        try:
            pending = journal.begin(self.real, entry, like, line)
        except BaseException:
            files.unlink_quietly(tmp)
            raise
        files.step("journal pending")
        try:
            files.replace(self.real, tmp)
        except BaseException:
            pending.abort()
            raise
        self.event, self.stamp = new, Stamp.of(self.real)
        pending.finish()

    # -- the journal ----------------------------------------------------------------------------

    def history(self) -> list[journal.Entry]:
        """The journal's entries; a pending last entry only if the event file holds its change."""
        entries = journal.read(self.real)
        if entries and entries[-1].pending:
            try:
                event = self.load()
            except ArbiterError:  # no event to hold it: not shown
                event = None
            if event is None or not self._holds(event, entries[-1]):
                entries = entries[:-1]
        return entries

    def undo(self) -> str:
        return self._step("undo")

    def redo(self) -> str:
        return self._step("redo")

    def _step(self, kind: str) -> str:
        self.load()  # a missing or unreadable file is refused before its lock file is made
        self.check_writable()
        with self.transaction(kind) as old:
            entries = journal.read(self.real)
            done, undone = journal.stacks(entries)
            stack = done if kind == "undo" else undone
            if not stack:
                raise IllegalChange("nothing to undo") if kind == "undo" else IllegalChange("nothing to redo")
            entry = stack[-1]
            expect, target = ("new", "old") if kind == "undo" else ("old", "new")
            for unit, value in journal.values(entry, expect):
                if current(old, unit) != value:
                    later = journal.last_change_of(entries, unit)
                    by = Msg(" by {user} ({what})", user=later.label, what=Description(later.what)) if later else ""
                    if kind == "undo":
                        raise Conflict("cannot undo '{what}': {unit} was changed since{by}",
                                       what=Description(entry.what), unit=_unit_name(unit), by=by)
                    raise Conflict("cannot redo '{what}': {unit} was changed since{by}",
                                   what=Description(entry.what), unit=_unit_name(unit), by=by)
            new = apply(old, journal.values(entry, target))
            self._commit(old, new, f"{kind} {entry.what}", kind, entry.seq)
            return entry.what


class _Changed(Exception):
    """The file changed between a change made without the lock and the lock taken to write it."""


def _unit_name(unit: list) -> Msg:
    kind = unit[0]
    if kind == "event":
        return Msg("the event's setup")  # (singular: "... was changed since")
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
