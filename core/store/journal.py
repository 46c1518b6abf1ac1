"""The journal beside an event: every change, who made it, and undo / redo.

One JSON line per change: `{"seq", "time", "user", "ssh", "what", "kind",
"of", "changes", "host", "pending"}`: `user` the login, `ssh` the SSH
client's address (if any), `host` this machine's name. `Entry.label` is
`user@host` as `core.store.judge.who_label` says it (the SSH client's address, else the
machine's name), so two judges on one shared login are told apart; an entry
written before `host` existed reads as `user@ssh`, or the user alone.
`kind` is "change", "undo" or "redo"; `of` names the entry an undo or redo
reverses or repeats. The undo and redo stacks are rebuilt from the lines, so
they survive restarts and are shared by every judge on the event.

A change writes its line *before* it replaces the event file, marked
`"pending":1` and fsynced (`begin`); once the file is replaced the mark is
turned to `0` in place (`finish`: one byte, no new space needed). A change
refused after `begin` takes its line back (`abort`: the journal is cut to
its old length, or removed if this change made it). On the next transaction
`settle` repairs what a crash or a full disk left: a torn last line is cut
off, and a pending last entry is kept if the event file holds its new
values (the file is the truth) or dropped if not. Each repair is said in
one line (a `Msg`) the caller can show. Entries are built by one function,
`entry`.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, fields
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from arbiter_tournament.core.errors import FileProblem, Msg
from arbiter_tournament.core.msg.journal import restored, stored
from arbiter_tournament.core.store import judge
from arbiter_tournament.core.store.files import Like, journal_path, open_beside, refusal, step, write_all

_PENDING_TAIL = b'"pending":1}\n'


@dataclass(frozen=True)
class Entry:
    seq: int
    time: str
    user: str
    ssh: str
    what: str
    kind: str
    of: int | None
    changes: list
    msg: Any = None  # `what` as a message: its key and fields (core/msg/journal.py); None in older lines
    host: str = ""
    pending: int = 0

    def line(self) -> str:
        return json.dumps(self.__dict__, ensure_ascii=False, separators=(",", ":"))

    @property
    def local_time(self) -> str:
        """When, in this machine's time zone (`2026-12-01 14:03:12`); the journal keeps UTC."""
        try:
            return datetime.fromisoformat(self.time).astimezone().strftime("%Y-%m-%d %H:%M:%S")
        except (ValueError, TypeError):
            return self.time  # a hand-edited line: as it stands

    @property
    def label(self) -> str:
        """Who made the change, `user@host`: the SSH client's address, else the machine (old entries: what they hold)."""
        where = self.ssh or self.host
        return f"{self.user}@{where}" if where and "@" not in self.user else self.user


_FIELDS = {f.name for f in fields(Entry)}


def _parse(line: bytes | str) -> Entry | None:
    try:
        doc = json.loads(line)
        if not isinstance(doc, dict):
            return None
        return Entry(**{k: v for k, v in restored(doc).items() if k in _FIELDS})
    except (ValueError, TypeError, RecursionError):  # a line nested thousands deep too
        return None


def entry(seq: int, what: str, kind: str, changes: list, of: int | None = None,
          now: datetime | None = None) -> Entry:
    """The one place a journal entry is made (who, when, what), pending until its change is on disk."""
    stamp = (now or datetime.now(timezone.utc)).isoformat(timespec="seconds")
    user, ssh = judge.who()
    return Entry(seq, stamp, user, ssh, what, kind, of, [list(c) for c in changes], stored(what), judge.hostname(), 1)


def changes_json(changes: list) -> str:
    """An entry's changes as its line writes them (made once, outside the lock, for a change of many units)."""
    return json.dumps([list(c) for c in changes], ensure_ascii=False, separators=(",", ":"))


def line_with(e: Entry, changes: str) -> str:
    """`e.line()` with its changes already written as `changes` (`changes_json`): the line of a bulk change is
    made under the lock in the time of a short one."""
    doc = {**e.__dict__, "changes": "\x00"}  # a mark no value has: JSON writes it \u0000, and so nothing else
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).replace('"\\u0000"', changes, 1)


def _open(path: Path, write: bool = False, like: "os.stat_result | Like | None" = None,
          create: bool = False) -> tuple[int, bool]:
    """The journal's file descriptor; `FileProblem` for a symlink or a non-file, `OSError` otherwise."""
    return open_beside(journal_path(path), like, write=write, create=create)


def _unreadable(path: Path, exc: OSError) -> FileProblem:
    return FileProblem(str(journal_path(path)), None, "cannot read: {strerror}", strerror=exc.strerror)


def read(path: Path) -> list[Entry]:
    """All whole entries, as written; a torn last line (a crash while appending) is skipped.

    A pending last entry is in the list with `pending` set: `core.store`
    shows it only if the event file holds its change.
    """
    try:
        fd, _ = _open(path)
    except FileNotFoundError:
        return []
    except OSError as exc:  # a folder in its place, no permission
        raise _unreadable(path, exc) from None
    try:
        with os.fdopen(fd, "rb") as f:
            data = f.read()
    except OSError as exc:  # a folder in its place, no permission
        raise _unreadable(path, exc) from None
    entries = []
    for line in data.split(b"\n")[:-1]:  # what follows the last newline is a torn line
        e = _parse(line)
        if e is not None:
            entries.append(e)
    return entries


def _tail(fd: int, size: int) -> tuple[int, bytes]:
    """(start, bytes) of the last whole line of a journal that ends with a newline (empty: none)."""
    chunk = 1 << 16
    while True:
        start = max(0, size - chunk)
        data = os.pread(fd, size - start, start)
        cut = data.rfind(b"\n", 0, len(data) - 1)
        if cut >= 0:
            return start + cut + 1, data[cut + 1:]
        if start == 0:
            return 0, data
        chunk *= 4


def _torn_end(fd: int, size: int) -> int:
    """The length the journal has without a torn last line (`size` if it ends with a newline)."""
    chunk = 1 << 16
    end = size
    while end > 0:
        start = max(0, end - chunk)
        data = os.pread(fd, end - start, start)
        i = data.rfind(b"\n")
        if i >= 0:
            return start + i + 1
        end = start
    return 0


def settle(path: Path, holds: Callable[[Entry], bool]) -> list[Msg]:
    """Repair what a crash or a full disk left (call it under the lock): what was done, in words.

    A torn last line is cut off. A pending last entry is kept (marked done)
    when `holds(entry)` says the event file has its change, and dropped
    otherwise. A journal that is missing or cannot be read is left to the
    change that writes it.
    """
    try:
        fd, _ = _open(path, write=True)
    except OSError:  # missing, or not ours to repair: the change that must write it says why it cannot
        return []
    said: list[Msg] = []
    try:
        size = os.fstat(fd).st_size
        whole = _torn_end(fd, size)
        if whole != size:
            _cut(fd, path, whole)
            said.append(Msg("the journal {file} ended in a cut line (a crash or a full disk while saving): "
                            "{n} bytes removed", file=str(journal_path(path)), n=size - whole))
            size = whole
        if size == 0:
            return said
        start, last = _tail(fd, size)
        e = _parse(last)
        if e is not None and e.pending:
            if holds(e):
                _mark_done(fd, start + len(last))
            else:
                _cut(fd, path, start)
                from arbiter_tournament.core.msg.journal import Description

                said.append(Msg("the last journal entry ({what}) never reached the event file (the change was "
                                "interrupted): it is removed from the journal", what=Description(e.what)))
    finally:
        os.close(fd)
    return said


def _cut(fd: int, path: Path, length: int) -> None:
    try:
        os.ftruncate(fd, length)
        os.fsync(fd)
    except OSError as exc:
        raise FileProblem(str(journal_path(path)), None, "cannot repair the journal: {strerror}; nothing was changed",
                          strerror=exc.strerror) from None


def _mark_done(fd: int, end: int) -> None:
    """Turn `"pending":1}` into `"pending":0}` in place (the line ends at `end`)."""
    try:
        if os.pread(fd, len(_PENDING_TAIL), end - len(_PENDING_TAIL)) == _PENDING_TAIL:
            os.pwrite(fd, b"0", end - 3)
    except OSError:
        pass  # the entry stays pending; the next transaction settles it against the file again


@dataclass
class Pending:
    """A journal line written and fsynced before its change replaces the event file."""

    path: Path
    fd: int
    start: int
    end: int
    made: bool

    def finish(self) -> None:
        """The change is on disk: the line is marked done (best effort: `settle` does it otherwise)."""
        try:
            _mark_done(self.fd, self.end)
            step("journal done")
        finally:
            self.close()

    def abort(self) -> None:
        """The change was refused after its line was written: the journal is as it was."""
        try:
            if self.made and self.start == 0:
                os.unlink(journal_path(self.path))
            else:
                os.ftruncate(self.fd, self.start)
        except OSError:
            pass  # left pending: the next transaction drops it, the file never got the change
        finally:
            self.close()

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


def last_seq(path: Path) -> int:
    """The last entry's number, read from the end of the journal only."""
    try:
        fd, _ = _open(path)
    except OSError:  # missing (0), or not to be written either: the change that writes it says why
        return 0
    try:
        size = _torn_end(fd, os.fstat(fd).st_size)
        while size > 0:
            start, last = _tail(fd, size)
            e = _parse(last)
            if e is not None:
                return int(e.seq)
            size = start
        return 0
    finally:
        os.close(fd)


def begin(path: Path, e: Entry, like: "os.stat_result | Like | None", line: str | None = None) -> Pending:
    """Append `e` (pending) and fsync it; a journal that cannot take the whole line is left as it was.

    Raises `FileProblem` ("the disk is full: nothing was changed", or
    "cannot write ...") with the journal cut back to its old length, or
    removed if this call made it.
    """
    data = ((e.line() if line is None else line) + "\n").encode("utf-8")
    assert data.endswith(_PENDING_TAIL)
    try:
        fd, made = _open(path, write=True, like=like, create=True)
    except OSError as exc:
        raise refusal(journal_path(path), exc) from None
    try:
        start = os.fstat(fd).st_size
    except OSError as exc:
        os.close(fd)
        raise refusal(journal_path(path), exc) from None
    try:
        write_all(fd, data, start)
        step("journal written")
        os.fsync(fd)
    except OSError as exc:
        Pending(path, fd, start, start, made).abort()
        raise refusal(path, exc) from None
    return Pending(path, fd, start, start + len(data), made)


def stacks(entries: list[Entry]) -> tuple[list[Entry], list[Entry]]:
    """(done, undone): what undo takes back next (last of done) and what redo repeats."""
    by_seq = {e.seq: e for e in entries}
    done: list[Entry] = []
    undone: list[Entry] = []
    for e in entries:
        if e.kind == "change":
            done.append(e)
            undone.clear()
        elif e.kind == "undo" and done and done[-1].seq == e.of:
            undone.append(done.pop())
        elif e.kind == "redo" and undone and undone[-1].seq == e.of:
            done.append(undone.pop())
        elif e.kind in ("undo", "redo") and e.of in by_seq:
            # out of step (hand-edited journal): treat as a plain change
            done.append(e)
            undone.clear()
    return done, undone


def last_change_of(entries: list[Entry], unit: list) -> Entry | None:
    """The newest entry that changed this unit: who entered what, for conflict messages."""
    for e in reversed(entries):
        for u, _old, _new in e.changes:
            if u == unit:
                return e
    return None


def values(entry: Entry, side: str) -> list[tuple[list, Any]]:
    i = 1 if side == "old" else 2
    return [(c[0], c[i]) for c in entry.changes]
