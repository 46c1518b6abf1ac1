"""Durable files: the lock beside the event, atomic replacement, backups, shared folders.

A change is on disk before anyone is told it is done: the new text goes to a
temporary file in the same folder (`write_temp`: every write checked, then
fsync), gets the event's mode and group, is renamed over the event
(`replace`), and the folder is fsynced. The old file survives as the newest
backup (a hard link, so nothing is copied). `core.store` puts the journal's
pending entry between the two steps (see docs/file-format.md, "Durability").

One event, one file: `real_path` resolves a symlinked event path once, so
the lock, journal, temporary file, backups and presence folder all live
beside the real file and a change through the link reaches it. A symlinked
`.lock` or `.journal` is never followed (`open_beside` refuses it).

The lock (`locked`) is a `flock` on `NAME.lock`. Its holder writes who it is
into the file while it holds it (`user@host`, pid, since when, what change);
a judge who waits longer than `WAIT_NOTICE` seconds is told that through the
`on_wait(Msg)` callback, and after `timeout` seconds (`LOCK_TIMEOUT`) the
change gives up with `LockBusy` (an `ArbiterError`, one line) having changed
nothing. A killed holder is released by the kernel.

Files made beside an event (lock, journal, temporary file, presence folder
and files) take the event file's group and its group permissions
(`share_like`), so judges with their own logins in one group can share an
event folder with the default umask 022 (docs/venue.md). A new event in a
shared folder (setgid and group-writable) is made group-writable.

`STEP` is a test hook: when set, it is called with the name of each step of
a change (`step(name)`), so a test can kill a writer at any one of them.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import re
import stat
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterator

from arbiter_tournament.core.errors import FileProblem, Msg
from arbiter_tournament.core.msg.journal import Description
from arbiter_tournament.core.reading import READ_BYTES_MAX, read_input, read_text  # noqa: F401 (read here before)
from arbiter_tournament.core.store.judge import who_label

BACKUPS = 5
WAIT_NOTICE = 2.0  # seconds of waiting for the lock before the waiter is told who holds it
LOCK_TIMEOUT = 30.0  # seconds of waiting for the lock before a change gives up

STEP: Callable[[str], None] | None = None  # test hook: called with each step's name (see `step`)


def step(name: str) -> None:
    """A named point of a change ("temp written", "journal pending", "replaced", ...), for the test hook."""
    if STEP is not None:
        STEP(name)


class LockBusy(FileProblem):
    """The event's lock stayed taken by another session for the whole timeout: nothing was changed."""


def event_file_path(path: Path) -> Path:
    """The path of an event file, refused when it names a folder (`.`, `..`, empty): the files beside an event are named after it."""
    if path.name in ("", ".", ".."):  # `.`, `..`, `` (the files beside an event are named after it)
        raise FileProblem(str(path), None, "is a folder, not an event file")
    return path


def real_path(path: str | Path) -> Path:
    """The event file itself: a symlinked path resolved (once), any other path as given."""
    p = Path(path)
    if os.path.islink(p):
        return Path(os.path.realpath(p))
    return p


def folder_of(path: Path) -> Path:
    return path.parent if str(path.parent) else Path(".")


def lock_path(path: Path) -> Path:
    return event_file_path(path).with_name(path.name + ".lock")


def journal_path(path: Path) -> Path:
    return event_file_path(path).with_name(path.name + ".journal")


def backup_path(path: Path, n: int) -> Path:
    return event_file_path(path).with_name(f"{path.name}.bak{n}")


# -- shared folders: group and group permissions ----------------------------------------------


def _read_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_UMASK = _read_umask()


def stat_of(path: Path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except OSError:
        return None


def shared_folder(folder: Path) -> bool:
    """A folder set up for several judges: setgid and group-writable (docs/venue.md)."""
    st = stat_of(folder)
    return st is not None and stat.S_ISDIR(st.st_mode) and bool(st.st_mode & stat.S_ISGID) \
        and bool(st.st_mode & stat.S_IWGRP)


def new_file_mode(folder: Path) -> int:
    """The mode of a new event file: the umask's, plus group read and write in a shared folder."""
    mode = 0o666 & ~_UMASK
    if shared_folder(folder):
        mode |= 0o060
    return mode


@dataclass(frozen=True)
class Like:
    """The group and mode the files beside an event take (those of the event, or of a new one)."""

    st_gid: int
    st_mode: int


def like_of(path: Path) -> "Like | None":
    """The event's group and mode; before the event exists, those a new event in a shared folder gets."""
    st = stat_of(path)
    if st is not None:
        return Like(st.st_gid, st.st_mode)
    folder = folder_of(path)
    if shared_folder(folder):
        fst = stat_of(folder)
        if fst is not None:
            return Like(fst.st_gid, stat.S_IFREG | new_file_mode(folder))
    return None


def share_like(fd: int, like: "os.stat_result | Like | None", *, directory: bool = False) -> None:
    """Give a file (or folder) just made beside an event the event's group and group permissions.

    The owner keeps read and write (and search for a folder); the group gets
    the event's group bits; others get the event's other bits as far as the
    umask allows. A folder keeps its setgid bit. A group we are not a member
    of is left as the kernel gave it (the folder's setgid group, or ours).
    """
    if like is None:
        return
    try:
        st = os.fstat(fd)
        if st.st_gid != like.st_gid:
            try:
                os.fchown(fd, -1, like.st_gid)
            except OSError:
                pass
        bits = like.st_mode
        mode = 0o600 | (bits & 0o060) | (bits & 0o006 & ~_UMASK)
        if directory:
            mode |= 0o100
            mode |= (mode & 0o044) >> 2 | (mode & 0o022) >> 1  # read or write -> search too
            mode |= st.st_mode & stat.S_ISGID
        if stat.S_IMODE(st.st_mode) != mode:
            os.fchmod(fd, mode)
    except OSError:
        pass  # permissions are a courtesy to the other judges, never a reason to refuse a change


def open_beside(path: Path, like: "os.stat_result | Like | None", *, write: bool = True,
                create: bool = True) -> tuple[int, bool]:
    """Open (or make) a plain file beside an event: `(fd, made)`; a symlink or a non-file is refused.

    A file we made gets the event's group and group permissions. It is made
    only to be written, and only if `create`.
    """
    base = os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK
    flags = base | (os.O_RDWR if write else os.O_RDONLY)
    made = False
    try:
        try:
            fd = os.open(path, flags)
        except FileNotFoundError:
            if not (write and create):
                raise
            try:
                fd = os.open(path, flags | os.O_CREAT | os.O_EXCL, 0o666)
                made = True
            except FileExistsError:
                fd = os.open(path, flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise FileProblem(str(path), None, "is a symbolic link: arbiter does not follow it "
                              "(remove it; arbiter makes a plain file in its place)") from None
        raise
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        if not stat.S_ISREG(st.st_mode):
            raise FileProblem(str(path), None, "is not a plain file: arbiter does not use it")
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    if made:
        share_like(fd, like)
    return fd, made


# -- the lock ----------------------------------------------------------------------------------


def _holder_text(doing: str) -> bytes:
    return (json.dumps({"who": who_label(), "pid": os.getpid(),
                        "since": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                        "doing": doing}, ensure_ascii=False) + "\n").encode("utf-8")


def holder(path: Path) -> Msg:
    """Who holds the event's lock, as its holder wrote it (`user@host since 14:03:12 (what)`)."""
    try:
        fd = os.open(lock_path(path), os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK)
        try:
            data = os.read(fd, 4096)
        finally:
            os.close(fd)
        doc = json.loads(data.decode("utf-8"))
        who, doing = str(doc["who"]), str(doc.get("doing", ""))
        since = datetime.fromisoformat(str(doc["since"]))
        pid = int(doc.get("pid", 0))
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return Msg("another session (it did not say who)")
    local = since.astimezone() if since.tzinfo else since
    when = local.strftime("%H:%M:%S") if local.date() == datetime.now().astimezone().date() \
        else local.strftime("%Y-%m-%d %H:%M")
    if doing:
        return Msg("{who} (pid {pid}) since {since}: {doing}", who=who, pid=pid, since=when, doing=Description(doing))
    return Msg("{who} (pid {pid}) since {since}", who=who, pid=pid, since=when)


@contextmanager
def locked(path: Path, *, doing: str = "", on_wait: Callable[[Msg], None] | None = None,
           timeout: float = LOCK_TIMEOUT, notice_after: float = WAIT_NOTICE,
           waited: Callable[[float], None] | None = None, creating: bool = False,
           waiting: Callable[[], None] | None = None) -> Iterator[None]:
    """Hold the event's exclusive lock (a separate `.lock` file: the event itself is replaced).

    While it is held the lock file says who holds it (`doing`: the change, in
    the journal's words). A wait longer than `notice_after` seconds calls
    `on_wait` once with who holds it; after `timeout` seconds the wait gives
    up with `LockBusy`. `waited(seconds)` is told how long the wait was.
    `waiting()` is called at every pause of a wait (every 20 ms at most): what
    it raises ends the wait, with nothing changed (the TUI stops a wait so
    when it quits).

    `creating`: the lock of an event being made. If the event is not there
    when the lock is let go (the creation was refused: a full disk, a
    folder we may not write) and this call made the lock file, it is
    removed, still locked: a refused `new` or `import-trf` leaves nothing.
    """
    folder = folder_of(path)
    like = like_of(path)
    made = False
    try:
        try:
            fd, made = open_beside(lock_path(path), like)
            writable = True
        except PermissionError:  # another judge's lock file we may not write: lock it all the same
            fd, _ = open_beside(lock_path(path), like, write=False)
            writable = False
    except FileProblem:
        raise
    except OSError as exc:
        if not folder.is_dir():
            raise FileProblem(str(path), None, "there is no folder {folder}", folder=str(path.parent)) from None
        raise FileProblem(str(path), None, "cannot take the lock: {strerror}", strerror=exc.strerror) from None
    wrote = False
    try:
        start = time.monotonic()
        pause, told = 0.002, False
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                pass
            except OSError as exc:
                raise FileProblem(str(path), None, "cannot take the lock: {strerror}", strerror=exc.strerror) from None
            spent = time.monotonic() - start
            if spent >= timeout:
                raise LockBusy(str(path), None, "locked by {holder} for {seconds} s: gave up, nothing was changed",
                               holder=holder(path), seconds=round(timeout))
            if not told and spent >= notice_after:
                told = True
                if on_wait is not None:
                    on_wait(Msg("{path} is locked by {holder}; waiting (at most {seconds} s)", path=str(path),
                                holder=holder(path), seconds=round(timeout)))
            if waiting is not None:
                waiting()
            time.sleep(min(pause, max(0.0, timeout - spent)))
            pause = min(pause * 2, 0.02)
        if waited is not None:
            waited(time.monotonic() - start)
        if writable:
            try:
                os.ftruncate(fd, 0)
                write_all(fd, _holder_text(doing), 0)
                wrote = True
            except OSError:
                pass  # who holds the lock is a courtesy (a full disk, say): the lock itself holds
        yield
    finally:
        if wrote:
            try:
                os.ftruncate(fd, 0)
            except OSError:
                pass
        if creating and made and not os.path.lexists(path):
            _unlink_if_same(lock_path(path), fd)
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)


def _unlink_if_same(path: Path, fd: int) -> None:
    """Remove `path` if it is still the file open as `fd` (never another process's lock file)."""
    try:
        st, here = os.fstat(fd), os.lstat(path)
        if (st.st_dev, st.st_ino) == (here.st_dev, here.st_ino):
            os.unlink(path)
    except OSError:
        pass


# -- reading -----------------------------------------------------------------------------------


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


# -- writing -----------------------------------------------------------------------------------


def write_all(fd: int, data: bytes, offset: int | None = None) -> None:
    """Write every byte (at `offset`, or at the file position), or raise: a short write is never taken as done."""
    view = memoryview(data)
    at = offset
    while view:
        n = os.write(fd, view) if at is None else os.pwrite(fd, view, at)
        if n <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[n:]
        if at is not None:
            at += n


def fsync_dir(folder: Path) -> None:
    """Make the renames in `folder` durable. A folder that cannot be synced is no refusal: what was renamed
    stands, and the caller has told nobody otherwise."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_file(path: Path, data: bytes, mode: int) -> None:
    """A new file at `path` (in a folder of the caller's own: the site's temporary folder) holding every byte
    of `data`, with `mode`, fsynced; `FileProblem` (and no file) if it cannot be."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    except OSError as exc:
        raise refusal(path, exc) from None
    try:
        try:
            write_all(fd, data)
            os.fchmod(fd, mode)
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as exc:
        unlink_quietly(path)
        raise refusal(path, exc) from None


def refusal(path: Path, exc: OSError) -> FileProblem:
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return FileProblem(str(path), None, "the disk is full: nothing was changed, the file is as it was")
    if exc.errno == errno.EEXIST:
        return FileProblem(str(path), None, "already exists; arbiter will not overwrite it")
    return FileProblem(str(path), None, "cannot write: {strerror}; the file is as it was", strerror=exc.strerror)


def check_space(path: Path, need: int) -> None:
    """Refuse before anything is written when the folder's file system has fewer than `need` bytes free."""
    try:
        st = os.statvfs(folder_of(path))
    except OSError:
        return
    if st.f_blocks == 0 or st.f_frsize == 0:  # a file system that does not say (some network ones)
        return
    free = (st.f_bfree if os.geteuid() == 0 else st.f_bavail) * st.f_frsize
    if free < need:
        raise FileProblem(str(path), None, "the disk is full: nothing was changed, the file is as it was")


def _temp_pattern(path: Path) -> re.Pattern[str]:
    return re.compile(r"\." + re.escape(path.name) + r"\.[A-Za-z0-9_]{8}\.tmp")


def tidy(path: Path, keep: Path | None = None) -> int:
    """Remove the temporary files a crashed change left beside the event (call it under the lock).

    Only ours (`.NAME.xxxxxxxx.tmp`, as `write_temp` names them), and only
    files or symlinks (a link is removed, never what it points to); returns
    how many were removed. `keep`: the one this change wrote before the lock
    (`EventFile.change_prepared`), left for it.
    """
    pattern = _temp_pattern(path)
    removed = 0
    try:
        entries = list(os.scandir(folder_of(path)))
    except OSError:
        return 0
    for entry in entries:
        if not pattern.fullmatch(entry.name) or (keep is not None and entry.name == keep.name):
            continue
        try:
            if entry.is_file(follow_symlinks=False) or entry.is_symlink():
                os.unlink(entry.path)
                removed += 1
        except OSError:
            pass
    return removed


def write_temp(path: Path, data: bytes, *, mode: int | None = None, like: "os.stat_result | Like | None" = None,
               said: Path | None = None) -> Path:
    """The new text in a temporary file beside `path`, fsynced, with the event's mode and group.

    Raises `FileProblem` naming `said` (default: `path`), and leaves no
    temporary file, if any byte cannot be written; `path` is not touched.
    Every file arbiter replaces is written so: the event (`replace`), an
    output (core/formats/output.py).
    """
    said = said or path
    folder = folder_of(path)
    if like is None:
        like = like_of(path)
    if mode is None:
        mode = stat.S_IMODE(like.st_mode) if like is not None else new_file_mode(folder)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:  # a read-only or missing folder, a full disk: nothing was written
        raise refusal(said, exc) from None
    try:
        try:
            if like is not None and os.fstat(fd).st_gid != like.st_gid:
                try:
                    os.fchown(fd, -1, like.st_gid)  # a judge of the event's group keeps the group
                except OSError:
                    pass
            write_all(fd, data)
            os.fchmod(fd, mode)  # mkstemp makes 0600 files: keep the event's mode
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as exc:
        unlink_quietly(Path(tmp))
        raise refusal(said, exc) from None
    except BaseException:  # Ctrl-C while writing: no temporary file is left either
        unlink_quietly(Path(tmp))
        raise
    return Path(tmp)


def unlink_quietly(p: Path) -> None:
    """Remove a file, if it is there and can be removed (a cleanup that must not raise)."""
    try:
        os.unlink(p)
    except OSError:
        pass


def replace(path: Path, tmp: Path, *, keep_backup: bool = True, exclusive: bool = False) -> None:
    """Put the temporary file in the event's place (old file kept as `.bak1`), then fsync the folder.

    Raises `FileProblem` (the temporary file removed, the event as it was)
    if the rename fails. Once renamed the change is made: a failing fsync of
    the folder is not reported as a refusal.
    """
    folder = folder_of(path)
    try:
        if keep_backup and not exclusive and os.path.lexists(path):
            _rotate_backups(path)
        step("backups rotated")
        if exclusive:
            os.link(tmp, path)  # fails if someone made the file meanwhile
            os.unlink(tmp)
        else:
            os.replace(tmp, path)
    except OSError as exc:
        unlink_quietly(tmp)
        raise refusal(path, exc) from None
    step("replaced")
    fsync_dir(folder)


def check_new(path: Path) -> None:
    """A new event may be made at `path`: nothing is there (a file, a device, a link), and its folder is one.

    Checked before the lock file is made, so a refused `new` leaves nothing
    behind (`arbiter new /dev/null` once left `/dev/null.lock`).
    """
    event_file_path(path)
    if os.path.lexists(path):
        raise FileProblem(str(path), None, "already exists; arbiter will not overwrite it")
    folder = folder_of(path)
    if not folder.is_dir():
        raise FileProblem(str(path), None, "there is no folder {folder}", folder=str(path.parent))


def write_atomic(path: Path, text: str, *, keep_backup: bool = True, exclusive: bool = False) -> None:
    """Replace `path` by `text` so that a crash leaves either the old or the new file."""
    if exclusive and os.path.lexists(path):
        raise FileProblem(str(path), None, "already exists; arbiter will not overwrite it")
    like = stat_of(path)
    mode = stat.S_IMODE(like.st_mode) if like is not None else new_file_mode(folder_of(path))
    tmp = write_temp(path, text.encode("utf-8"), mode=mode, like=like)
    replace(path, tmp, keep_backup=keep_backup, exclusive=exclusive)


def _rotate_backups(path: Path) -> None:
    for n in range(BACKUPS, 1, -1):
        older = backup_path(path, n - 1)
        if os.path.lexists(older):
            try:
                os.replace(older, backup_path(path, n))
            except OSError:
                pass
    first = backup_path(path, 1)
    unlink_quietly(first)
    try:
        os.link(path, first)
    except OSError:
        pass  # a file system without hard links (or a full one): go on without this backup
