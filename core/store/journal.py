"""The journal beside an event: every change, who made it, and undo / redo.

One JSON line per change, appended and fsynced after the event file is
replaced: `{"seq", "time", "user", "ssh", "what", "kind", "of", "changes"}`.
`kind` is "change", "undo" or "redo"; `of` names the entry an undo or redo
reverses or repeats. The undo and redo stacks are rebuilt from the lines,
so they survive restarts and are shared by every judge on the event.
"""

from __future__ import annotations

import getpass
import json
import os
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..errors import FileProblem
from .files import journal_path


def who() -> tuple[str, str]:
    """The user (`$USER`) and the SSH client's address, if any."""
    user = os.environ.get("USER") or os.environ.get("LOGNAME") or ""
    if not user:
        try:
            user = getpass.getuser()
        except Exception:  # no passwd entry in a container
            user = "?"
    ssh = (os.environ.get("SSH_CLIENT") or os.environ.get("SSH_CONNECTION") or "").split(" ")[0]
    return user, ssh


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

    def line(self) -> str:
        return json.dumps(self.__dict__, ensure_ascii=False, separators=(",", ":"))


def read(path: Path) -> list[Entry]:
    """All whole entries; a torn last line (a crash while appending) is skipped."""
    try:
        text = journal_path(path).read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return []
    except OSError as exc:  # a folder in its place, no permission
        raise FileProblem(str(journal_path(path)), None, "cannot read: {strerror}", strerror=exc.strerror) from None
    entries = []
    for line in text.splitlines():
        try:
            entries.append(Entry(**json.loads(line)))
        except (ValueError, TypeError):
            continue
    return entries


def check_writable(path: Path) -> None:
    """Refuse a change before the event is written if its journal line could not be added after."""
    try:
        fd = os.open(journal_path(path), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
    except OSError as exc:
        raise FileProblem(str(journal_path(path)), None, "cannot write: {strerror}; the file is as it was",
                          strerror=exc.strerror) from None
    os.close(fd)


def append(path: Path, what: str, kind: str, changes: list, of: int | None = None, now: datetime | None = None) -> Entry:
    entries_seq = _last_seq(path)
    user, ssh = who()
    stamp = (now or datetime.now(timezone.utc)).isoformat(timespec="seconds")
    entry = Entry(entries_seq + 1, stamp, user, ssh, what, kind, of, [list(c) for c in changes])
    fd = os.open(journal_path(path), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
    try:
        os.write(fd, (entry.line() + "\n").encode("utf-8"))
        os.fsync(fd)
    finally:
        os.close(fd)
    return entry


def _last_seq(path: Path) -> int:
    """The last entry's number, read from the end of the journal only."""
    try:
        with open(journal_path(path), "rb") as f:
            f.seek(0, 2)
            size = f.tell()
            chunk = 1 << 16
            while True:
                start = max(0, size - chunk)
                f.seek(start)
                lines = f.read(size - start).splitlines()
                whole = lines if start == 0 else lines[1:]
                for line in reversed(whole):
                    try:
                        return int(json.loads(line)["seq"])
                    except (ValueError, KeyError, TypeError):
                        continue
                if start == 0:
                    return 0
                chunk *= 4
    except FileNotFoundError:
        return 0


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
