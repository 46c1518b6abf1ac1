"""Where an output goes: every file arbiter writes that is not the event (`export --out`, `trf pair
-o`, the site, the TUI's printouts) is written by `write_output` here.

An output never overwrites the event: the event file, its journal, lock, presence folder,
backups and temporary files are refused by name (the names the store gives them, beside the
event and beside the file a symlinked event leads to) and by inode (a hard link or a symlink to
any of them), before anything is written.

What is at the path decides how it is written:

- nothing: a new file, written whole under a temporary name in the same folder and renamed into
  place (a reader never sees half of it);
- a regular file: replaced the same way, keeping its permissions;
- a terminal, a device, a pipe (`/dev/null`, `/dev/tty`, `/dev/stdout`): written into, as the
  shell's `>` would, never replaced: `--out /dev/null` as root leaves the device node. When that
  is this process's own stdout (`/dev/stdout`, `/proc/self/fd/1`), the text goes to stdout;
- a symbolic link made by this user or by root: never replaced, it stays a link; a file it leads
  to is replaced whole as above (a full disk leaves it as it was), anything else is written into;
- a symbolic link made by another user (planted in a shared folder: `ln -s /etc/passwd
  standings.csv`): refused, never followed (`check_link`); the same for a link on the way;
- a file nobody may write (`chmod a-w`, mode 0444): refused, it is left as it was (the user made
  it read-only);
- a folder, a symlink to nothing: refused.

A file written (new or replaced) takes the event file's group and group permissions, as the
event's own files do (`core.store.files.share_like`): in a shared folder a second judge with
another login rewrites the printouts and the site the first made. Without an event (`trf pair -o`)
a new file in a shared folder takes the folder's group and group write.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import tempfile
import time
from pathlib import Path

from arbiter_tournament.core.errors import Advice, FileProblem
from arbiter_tournament.core.store import files
from arbiter_tournament.core.store.files import BACKUPS, Like, backup_path, journal_path, like_of, lock_path, real_path
from arbiter_tournament.core.store.presence import who_folder

__all__ = ["event_files", "check_not_event", "check_link", "check_writable", "output_like", "write_output", "NEW",
           "REPLACED", "INTO", "STDOUT"]

NEW, REPLACED, INTO, STDOUT = "new", "replaced", "into", "stdout"
PIPE_WAIT = 2.0  # seconds a pipe (FIFO) is waited on for a reader before the output is refused


def _real(path: Path) -> Path:
    return Path(os.path.realpath(path))


def event_files(event: str | Path) -> list[Path]:
    """The paths an event owns (existing or not): the file, journal, lock, presence, backups,
    beside the path given and beside the real file a symlink leads to."""
    out: list[Path] = []
    for p in dict.fromkeys((Path(event), _real(Path(event)))):
        out += [p, journal_path(p), lock_path(p), who_folder(p), *(backup_path(p, n) for n in range(1, BACKUPS + 1)),
                p.with_name(p.name + ".reports"),  # the players' reports (core/store/reports.py)
                p.with_name(p.name + ".url")]  # the address phones open (core/store/reports.py)
    return out


def _owned(name: str, event_name: str) -> bool:
    """`name` is one the store gives a file of the event `event_name`: the file itself, `.journal`,
    `.lock`, `.who`, `.bakN`, `.reports`, `.url`, or a temporary `.NAME.xxxx.tmp`."""
    if name in (event_name, f"{event_name}.journal", f"{event_name}.lock", f"{event_name}.who",
                f"{event_name}.reports", f"{event_name}.url"):
        return True
    if name.startswith(f"{event_name}.bak") and name[len(event_name) + 4:].isdigit():
        return True
    return name.startswith(f".{event_name}.") and name.endswith(".tmp")


def _owned_name(out: Path, event: Path) -> bool:
    """`out` (as given, or the file a symlink leads to) is named as one of the event's files, beside it."""
    real_out = _real(out)
    for ev in dict.fromkeys((event, _real(event))):
        folders = {_real(ev.parent if str(ev.parent) else Path("."))}
        if _real(out.parent if str(out.parent) else Path(".")) in folders and _owned(out.name, ev.name):
            return True
        if real_out.parent in folders and _owned(real_out.name, ev.name):
            return True
    return False


def _inodes(paths: list[Path]) -> set[tuple[int, int]]:
    found = set()
    for p in paths:
        for look in (os.stat, os.lstat):
            try:
                st = look(p)
            except OSError:
                continue
            found.add((st.st_dev, st.st_ino))
    return found


def _siblings(event: Path) -> list[Path]:
    """The files beside the event named as its own (temporary files too)."""
    out = []
    for ev in dict.fromkeys((event, _real(event))):
        folder = ev.parent if str(ev.parent) else Path(".")
        try:
            out += [Path(e.path) for e in os.scandir(folder) if _owned(e.name, ev.name)]
        except OSError:
            continue
    return out


_OWN_SUFFIXES = (".journal", ".lock", ".who", ".reports")


def _some_events_file(out: Path) -> bool:
    """`out` (or the file a symlink leads to) is a file of some event: an event file (a plain file)
    with its journal or lock beside it, or the journal, lock, presence folder or a backup of an
    event file."""
    for p in dict.fromkeys((out, _real(out))):
        name = p.name
        if any(p.with_name(name + s).exists() for s in (".journal", ".lock")) and (p.is_file() or not p.exists()):
            return True
        base = next((name[:-len(s)] for s in _OWN_SUFFIXES if name.endswith(s)), None)
        if base is None and ".bak" in name and name.rsplit(".bak", 1)[1].isdigit():
            base = name.rsplit(".bak", 1)[0]
        if base and p.with_name(base).is_file():
            return True
    return False


def check_not_event(out: str | Path, event: str | Path | None) -> None:
    """Refuse `out` if it is (by name or by inode) one of the event's own files, or a file of
    another event (an event file with its journal or lock beside it, or one of those)."""
    if _some_events_file(Path(out)) and (event is None or not _owned_name(Path(out), Path(event))):
        raise FileProblem(str(out), None, "is another event's own file (an event, its journal, lock or backups): "
                                          "an output never writes there", advice=Advice.of("other_output"))
    if event is None:
        return
    out, event = Path(out), Path(event)
    refused = _owned_name(out, event)
    if not refused:
        try:
            st = os.stat(out)
        except OSError:
            st = None
        if st is not None:
            refused = (st.st_dev, st.st_ino) in _inodes(event_files(event) + _siblings(event))
    if refused:
        raise FileProblem(str(out), None, "is the event's own file (the event, its journal, lock or backups): "
                                          "an output never writes there", advice=Advice.of("other_output"))


def _owner_name(uid: int) -> str:
    try:
        import pwd

        return pwd.getpwuid(uid).pw_name
    except (KeyError, ImportError):
        return str(uid)


def check_link(out: str | Path) -> None:
    """Refuse `out` if it is a symbolic link (or leads through one) that another user made.

    Any judge of a shared folder may plant `standings.csv -> /etc/passwd` there; another judge's
    export (as root at many venues) must not follow it into that file. A link made by the user
    running arbiter, or by root, is followed (the kernel's protected_symlinks rule, for every
    folder). Only the last name and the links it leads through are checked, not the folders above.
    """
    me = os.geteuid()
    p = Path(out)
    for _ in range(40):  # as the kernel, a loop of links ends
        try:
            st = os.lstat(p)
        except OSError:
            return
        if not stat.S_ISLNK(st.st_mode):
            return
        if st.st_uid not in (me, 0):
            raise FileProblem(str(out), None, "is a symbolic link made by another user ({owner}): arbiter does "
                                              "not follow it into another file; remove it or choose another name",
                              owner=_owner_name(st.st_uid))
        try:
            target = os.readlink(p)
        except OSError:
            return
        p = (p.parent / target) if not os.path.isabs(target) else Path(target)


def check_writable(out: str | Path) -> None:
    """Refuse an output nobody may write (mode 0444: the user made it read-only); nothing is changed."""
    try:
        st = os.stat(out)
    except OSError:
        return
    if stat.S_ISREG(st.st_mode) and not st.st_mode & 0o222:
        raise FileProblem(str(out), None, "is read-only (mode {mode}): arbiter does not replace it; make it "
                                          "writable (chmod u+w) or choose another name",
                          mode=f"{stat.S_IMODE(st.st_mode):04o}")


def output_like(event: str | Path | None, out: Path) -> Like | None:
    """The group and permissions an output takes: the event file's (21.5), else, for a new file in a
    shared folder, the folder's (None: the umask's, or the file's own when it is replaced)."""
    if event is not None:
        like = like_of(real_path(event))
        if like is not None:
            return like
    if os.path.lexists(out):
        return None
    return like_of(out)


def _mode_like(like: Like) -> int:
    """A file's mode beside an event: the owner reads and writes, the group as on the event, others
    as on the event as far as the umask lets them (`core.store.files.share_like`)."""
    umask = os.umask(0)
    os.umask(umask)
    bits = like.st_mode
    return 0o600 | (bits & 0o060) | (bits & 0o006 & ~umask)


def _stdout_identity() -> tuple[int, int] | None:
    try:
        st = os.fstat(sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        return None
    return st.st_dev, st.st_ino


def write_output(out: str | Path, data: str | bytes, *, event: str | Path | None = None) -> str:
    """Write `data` (text is written as UTF-8) to `out`, never over the event's files.

    Returns NEW, REPLACED (a regular file), INTO (a device, terminal, pipe or symlink written
    into) or STDOUT (this process's own stdout). Raises FileProblem, with nothing written, for
    the event's files, a folder, a symlink to nothing, a missing or read-only folder.
    """
    out = Path(out)
    if out.name in ("", ".", ".."):
        raise FileProblem(str(out), None, "is a folder: give a file name")
    check_not_event(out, event)
    check_link(out)
    check_writable(out)
    like = output_like(event, out)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        link = os.lstat(out)
    except FileNotFoundError:
        link = None
    except OSError as exc:
        raise FileProblem(str(out), None, "cannot write: {strerror}; the file is as it was",
                          strerror=exc.strerror) from None
    if link is None:
        _replace(out, raw, None, like=like)
        return NEW
    if stat.S_ISDIR(link.st_mode):
        raise FileProblem(str(out), None, "is a folder: give a file name")
    if stat.S_ISREG(link.st_mode):
        _replace(out, raw, link.st_mode & 0o7777, like=like)
        return REPLACED
    try:
        target = os.stat(out)  # a symlink: what it leads to
    except FileNotFoundError:
        raise FileProblem(str(out), None, "is a symbolic link to nothing: arbiter writes into what a link "
                                          "leads to, never replaces the link") from None
    except OSError as exc:
        raise FileProblem(str(out), None, "cannot write: {strerror}; the file is as it was",
                          strerror=exc.strerror) from None
    if stat.S_ISDIR(target.st_mode):
        raise FileProblem(str(out), None, "is a folder: give a file name")
    if (target.st_dev, target.st_ino) == _stdout_identity():
        sys.stdout.flush()
        _write_all(sys.stdout.fileno(), raw, out)
        return STDOUT
    if stat.S_ISREG(target.st_mode):  # a symlink to a file: the file is replaced whole, the link stays
        real = _real(out)
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".tmp", dir=real.parent)
        except OSError:  # a folder we may not write in, a file we may: written in place, as `>` would
            _write_into(out, raw, truncate=True)
            return INTO
        os.close(fd)
        os.unlink(tmp)
        _replace(real, raw, target.st_mode & 0o7777, shown=out, like=like)
        return INTO
    _write_into(out, raw, truncate=False)
    return INTO


def _write_all(fd: int, raw: bytes, out: Path) -> None:
    try:
        files.write_all(fd, raw)
    except OSError as exc:
        raise files.refusal(out, exc) from None


def _write_into(out: Path, raw: bytes, *, truncate: bool) -> None:
    """Into a device, terminal, pipe or a symlink's target, as `>` would (never a rename)."""
    flags = os.O_WRONLY | (os.O_TRUNC if truncate else 0) | getattr(os, "O_NOCTTY", 0) | os.O_NONBLOCK
    deadline = time.monotonic() + PIPE_WAIT
    while True:
        try:
            fd = os.open(out, flags)  # a FIFO nobody reads fails at once (ENXIO) instead of blocking for ever
            break
        except OSError as exc:
            if exc.errno == errno.ENXIO and time.monotonic() < deadline:
                time.sleep(0.05)  # a reader may be opening it now
                continue
            if exc.errno == errno.ENXIO:
                raise FileProblem(str(out), None, "is a pipe nobody reads: nothing was written") from None
            raise FileProblem(str(out), None, "cannot write: {strerror}; the file is as it was",
                              strerror=exc.strerror) from None
    try:
        os.set_blocking(fd, True)
    except OSError:
        pass
    try:
        _write_all(fd, raw, out)
        if truncate:
            try:
                os.fsync(fd)
            except OSError:
                pass
    finally:
        os.close(fd)


def _replace(out: Path, raw: bytes, mode: int | None, shown: Path | None = None, like: Like | None = None) -> None:
    """A new or regular file: written whole under a temporary name beside it, then renamed (as the event is:
    `core.store.files.write_temp`). `shown`: the path the messages name (the symlink a user gave, not the
    file it leads to); `like`: the group and permissions to take (`output_like`), else `mode` (None: the
    folder's default for a new file)."""
    said = shown or out
    if like is not None:
        mode = _mode_like(like)
    tmp = files.write_temp(out, raw, mode=mode, like=like, said=said)
    try:
        os.replace(tmp, out)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise files.refusal(said, exc) from None
    files.fsync_dir(files.folder_of(out))
