"""The reports journal beside an event (`open.toml.reports`): what players report from their phones.

    book = Reports(path)                     # path: the event file
    book.append([{"kind": "report", ...}])   # appended and fsynced before it returns
    entries = book.read()                    # every line as an `Entry` (None: a line that is not one)
    writer = GroupWriter(book); fut = writer.submit(doc); fut.result()   # many phones: one fsync for a burst
    write_address(path, "http://arbiter.lan:8000")   # `open.toml.url`: the address phones open (display --serve)
    read_address(path)                       # that address, or None (no server has said one, or not one)

Why a journal of its own, and why this shape (docs/players.md, "Where reports are kept"):
- **not in the event file, and without the event's lock**: a report is a player's claim, not a change
  of the event; the event changes only when the judge accepts it (a command, in the event's transaction).
  A burst of 1,000 phones must not queue behind, or in front of, the judge's keys: the server writes here
  and never takes the event's lock for a report, so a judge's key waits on no report.
- **append-only JSON lines, fsynced before the phone is told "received"**: a power cut loses no report
  the server said it had. A line is appended whole under `flock` of this file (the server and a judge's
  `reports` command may append at once), after a newline if a torn line ends the file; a torn or foreign
  line reads as None and is left out, never trusted. Each line's place is its id (the judge's "seen"
  names it), stable because lines are only appended.
- **not SQLite**: it would do (WAL mode), but the project keeps its files as text a judge can read and
  back up with the event, and a journal needs no query: the queue is folded from the lines in one pass
  (a 500-board round's 1,000 reports in a few milliseconds), incrementally as lines are added.
- **one fsync for a burst**: `GroupWriter` appends what the phones sent meanwhile in one write and one
  fsync (group commit), so 1,000 reports in a minute cost tens of fsyncs, not a thousand.
"""

from __future__ import annotations

import fcntl
import json
import os
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from arbiter_tournament.core.errors import FileProblem
from arbiter_tournament.core.event.reports import Entry, entry_of
from arbiter_tournament.core.store.files import event_file_path, like_of, open_beside, refusal, write_all

LINE_MAX = 4096  # a line longer than this is not one we wrote: left out
URL_MAX = 200  # characters of the players' address


def reports_path(path: Path) -> Path:
    return event_file_path(path).with_name(path.name + ".reports")


class Reports:
    """The reports journal of one event file."""

    def __init__(self, event_path: str | Path) -> None:
        self.event_path = Path(event_path)
        self.path = reports_path(self.event_path)
        self._entries: list[Entry | None] = []
        self._offset = 0
        self._ino: tuple[int, int] | None = None
        self._rest = b""
        self._lock = threading.Lock()

    # -- writing ----------------------------------------------------------------------------------
    def append(self, docs: list[dict[str, Any]]) -> None:
        """The lines of `docs`, appended and fsynced (one write, one fsync); an OSError as a FileProblem."""
        if not docs:
            return
        data = "".join(json.dumps(d, ensure_ascii=False, separators=(",", ":")) + "\n" for d in docs).encode()
        try:
            fd, _ = open_beside(self.path, like_of(self.event_path))
        except OSError as exc:
            raise refusal(self.path, exc) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            size = os.fstat(fd).st_size
            if size:
                last = os.pread(fd, 1, size - 1)
                if last != b"\n":
                    data = b"\n" + data  # a torn line (a crash mid-write) stays one bad line of its own
            write_all(fd, data, size)
            os.fsync(fd)
        except OSError as exc:
            raise refusal(self.path, exc) from None
        finally:
            os.close(fd)  # (closing drops the flock)

    # -- reading ----------------------------------------------------------------------------------
    def read(self) -> list[Entry | None]:
        """Every line as an `Entry`, read incrementally (only what was appended since the last call)."""
        with self._lock:
            try:
                fd, _ = open_beside(self.path, None, write=False, create=False)
            except FileNotFoundError:
                self._entries, self._offset, self._ino, self._rest = [], 0, None, b""
                return []
            except OSError as exc:
                raise refusal(self.path, exc) from None
            try:
                st = os.fstat(fd)
                ino = (st.st_dev, st.st_ino)
                if ino != self._ino or st.st_size < self._offset:  # another file, or cut: read again from 0
                    self._entries, self._offset, self._ino, self._rest = [], 0, ino, b""
                chunks = []
                while self._offset < st.st_size:
                    chunk = os.pread(fd, min(1 << 20, st.st_size - self._offset), self._offset)
                    if not chunk:
                        break
                    chunks.append(chunk)
                    self._offset += len(chunk)
            except OSError as exc:
                raise refusal(self.path, exc) from None
            finally:
                os.close(fd)
            data = self._rest + b"".join(chunks)
            lines = data.split(b"\n")
            self._rest = lines.pop()  # the part after the last newline: a line still being written, or torn
            for line in lines:
                self._entries.append(_entry(line, len(self._entries) + 1))
            return list(self._entries)


def _entry(line: bytes, n: int) -> Entry | None:
    if len(line) > LINE_MAX:
        return None
    try:
        return entry_of(json.loads(line), n)
    except (ValueError, RecursionError):
        return None


class GroupWriter:
    """Appends from many threads or tasks, written by one thread: what arrived meanwhile in one write and one
    fsync. `submit(doc)` gives a Future done when the line is on disk (or failed with the FileProblem)."""

    def __init__(self, book: Reports) -> None:
        self.book = book
        self._cond = threading.Condition()
        self._pending: list[tuple[dict[str, Any], Future]] = []
        self._closed = False
        self.batches = 0
        self._thread = threading.Thread(target=self._run, name="reports-writer", daemon=True)
        self._thread.start()

    def submit(self, doc: dict[str, Any]) -> Future:
        fut: Future = Future()
        with self._cond:
            if self._closed:
                fut.set_exception(RuntimeError("the reports writer is closed"))
                return fut
            self._pending.append((doc, fut))
            self._cond.notify()
        return fut

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify()
        self._thread.join(timeout=10)

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._pending and not self._closed:
                    self._cond.wait()
                batch, self._pending = self._pending, []
                if not batch and self._closed:
                    return
            try:
                self.book.append([doc for doc, _ in batch])
            except Exception as exc:  # noqa: BLE001 (each phone is told it was not kept)
                for _, fut in batch:
                    fut.set_exception(exc)
                continue
            self.batches += 1
            for _, fut in batch:
                fut.set_result(None)


# -- the address phones open: `open.toml.url` -------------------------------------------------------------
# Written by `arbiter display FILE --serve --reports` as it starts (the address it serves on, or its
# `--public-url`), without the event's lock: it is no part of the event, only where the players' pages are
# now. The TUI and `arbiter export` read it to put the QR code of each player's page on the slips and cards
# (core/formats/cards.py) when no `--url` is given. One JSON object: {"url": ..., "at": ...}.

def address_path(path: Path) -> Path:
    return event_file_path(path).with_name(path.name + ".url")


def players_url(text: object) -> str | None:
    """`text` as the players' address (an http(s) URL of the web view: no query, fragment, space; ASCII; at most
    URL_MAX characters), without a trailing slash; None when it is not one."""
    from urllib.parse import urlsplit

    if not isinstance(text, str):
        return None
    t = text.strip()
    if not t or len(t) > URL_MAX or not t.isascii() or any(c.isspace() or ord(c) < 32 or c == "\x7f" for c in t):
        return None
    try:
        parts = urlsplit(t)
        parts.port  # noqa: B018 (a port that is not a number raises here)
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment \
            or "@" in parts.netloc:
        return None
    return t.rstrip("/")


def write_address(event_path: str | Path, url: str, at: str = "") -> Path:
    """`url` kept beside the event (a temporary file renamed over the last one: never half-written); an
    OSError as a FileProblem."""
    from arbiter_tournament.core.store.files import fsync_dir, folder_of, write_temp

    good = players_url(url)
    if good is None:
        raise ValueError(f"not a players' address: {url!r}")
    event_path = Path(event_path)
    path = address_path(event_path)
    data = json.dumps({"url": good, "at": at}, ensure_ascii=True) + "\n"
    tmp = write_temp(path, data.encode(), like=like_of(event_path))
    try:
        os.replace(tmp, path)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise refusal(path, exc) from None
    fsync_dir(folder_of(path))
    return path


def read_address(event_path: str | Path) -> str | None:
    """The address `write_address` kept beside the event; None when there is none, or it is not one (a file
    another hand made, cut, too big: never trusted as an address)."""
    path = address_path(Path(event_path))
    try:
        fd, _ = open_beside(path, None, write=False, create=False)
    except (OSError, FileProblem):  # none, a link, a folder, a device: no address
        return None
    try:
        data = os.read(fd, LINE_MAX + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    if len(data) > LINE_MAX:
        return None
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError):
        return None
    return players_url(doc.get("url")) if isinstance(doc, dict) else None
