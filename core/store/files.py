"""Durable files: the lock beside the event, atomic replacement, backups.

A change is on disk before anyone is told it is done: the new text goes to a
temporary file in the same folder, is fsynced, gets the event's mode, is
renamed over the event, and the folder is fsynced. The old file survives as
the newest backup (a hard link, so nothing is copied).
"""

from __future__ import annotations

import errno
import fcntl
import os
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from ..errors import FileProblem

BACKUPS = 5


def _named(path: Path) -> Path:
    if path.name in ("", ".", ".."):  # `.`, `..`, `` (the files beside an event are named after it)
        raise FileProblem(str(path), None, "is a folder, not an event file")
    return path


def lock_path(path: Path) -> Path:
    return _named(path).with_name(path.name + ".lock")


def journal_path(path: Path) -> Path:
    return _named(path).with_name(path.name + ".journal")


def backup_path(path: Path, n: int) -> Path:
    return _named(path).with_name(f"{path.name}.bak{n}")


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the event's exclusive lock (a separate `.lock` file: the event itself is replaced)."""
    try:
        fd = os.open(lock_path(path), os.O_RDWR | os.O_CREAT, 0o666)
    except OSError as exc:
        if not (path.parent if str(path.parent) else Path(".")).is_dir():
            raise FileProblem(str(path), None, "there is no folder {folder}", folder=str(path.parent)) from None
        raise FileProblem(str(path), None, "cannot take the lock: {strerror}", strerror=exc.strerror) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


@dataclass(frozen=True)
class Stamp:
    """What says whether the file changed since it was read."""

    inode: int
    size: int
    mtime_ns: int

    @classmethod
    def of(cls, path: Path) -> "Stamp | None":
        try:
            st = os.stat(path)
        except FileNotFoundError:
            return None
        return cls(st.st_ino, st.st_size, st.st_mtime_ns)


def read_text(path: Path) -> str:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise FileProblem(str(path), None, "no such file") from None
    except IsADirectoryError:
        raise FileProblem(str(path), None, "is a folder, not an event file") from None
    except OSError as exc:
        raise FileProblem(str(path), None, "cannot read: {strerror}", strerror=exc.strerror) from None
    try:
        return data.decode("utf-8").removeprefix("\ufeff")  # a BOM (a Windows editor's) is not text
    except UnicodeDecodeError as exc:
        raise FileProblem(str(path), None, "not UTF-8 text (byte {start})", start=exc.start) from None


def fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomic(path: Path, text: str, *, keep_backup: bool = True, exclusive: bool = False) -> None:
    """Replace `path` by `text` so that a crash leaves either the old or the new file."""
    folder = path.parent if str(path.parent) else Path(".")
    data = text.encode("utf-8")
    try:
        mode = os.stat(path).st_mode & 0o7777
        exists = True
    except FileNotFoundError:
        mode = 0o666 & ~_UMASK
        exists = False
    if exclusive and exists:
        raise FileProblem(str(path), None, "already exists; arbiter will not overwrite it")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:  # a read-only or missing folder: nothing was written
        raise FileProblem(str(path), None, "cannot write: {strerror}; the file is as it was",
                          strerror=exc.strerror) from None
    try:
        try:
            view = memoryview(data)
            while view:
                n = os.write(fd, view)
                view = view[n:]
            os.fchmod(fd, mode)  # mkstemp makes 0600 files: keep the event's mode
            os.fsync(fd)
        finally:
            os.close(fd)
        if exists and keep_backup:
            _rotate_backups(path)
        if exclusive:
            os.link(tmp, path)  # fails if someone made the file meanwhile
            os.unlink(tmp)
        else:
            os.replace(tmp, path)
        fsync_dir(folder)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if exc.errno == errno.ENOSPC:
            raise FileProblem(str(path), None, "the disk is full: nothing was changed, the file is as it was") from None
        if exc.errno == errno.EEXIST:
            raise FileProblem(str(path), None, "already exists; arbiter will not overwrite it") from None
        raise FileProblem(str(path), None, "cannot write: {strerror}; the file is as it was", strerror=exc.strerror) from None


def _rotate_backups(path: Path) -> None:
    for n in range(BACKUPS, 1, -1):
        older = backup_path(path, n - 1)
        if older.exists():
            os.replace(older, backup_path(path, n))
    first = backup_path(path, 1)
    try:
        os.unlink(first)
    except FileNotFoundError:
        pass
    try:
        os.link(path, first)
    except OSError:
        pass  # a file system without hard links: go on without this backup


def _read_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_UMASK = _read_umask()
