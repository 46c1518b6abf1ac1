"""Who else is editing an event: one small heartbeat file per TUI session.

Beside `NAME.toml` lives a folder `NAME.toml.who/`; each running TUI keeps
the file `<user>-<pid>` there, holding its user, SSH client, machine and the
time it was last seen; `Peer.label()` is `user@host` (the SSH client's
address, or the machine's name). The folder and the files take the event
file's group and group permissions (`files.share_like`), so judges with
their own logins see each other (docs/venue.md); a symlinked folder is not
followed, and only plain files of at most `MAX_FILE` bytes are read in it
(a FIFO or a link to a device put there by anyone in the group never hangs
a TUI). A file not refreshed for `STALE` seconds (a session killed
without cleaning up) is ignored, and removed by whoever notices it first.
The time is passed in (`clock`), so tests freeze it.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

from arbiter_tournament.core.store.files import Like, like_of, real_path, share_like
from arbiter_tournament.core.store.judge import hostname, who

STALE = 30.0  # seconds without a heartbeat: the session is gone


def who_folder(path: Path) -> Path:
    return path.with_name(path.name + ".who")


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.@-]", "_", text)[:40] or "_"


def _quote(text: str) -> str:
    """A TOML basic string (no control characters)."""
    text = "".join(c for c in text if ord(c) >= 32 and c != "\x7f")
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


MAX_FILE = 4096  # a heartbeat file is under 200 bytes


def _read_small(f: Path) -> str:
    """A heartbeat file's text: only a plain file (no link, FIFO or device: any judge of the group may
    put one in the shared folder), and only its first MAX_FILE bytes."""
    fd = os.open(f, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{f} is not a plain file")
        data = os.read(fd, MAX_FILE + 1)
    finally:
        os.close(fd)
    if len(data) > MAX_FILE:
        raise ValueError(f"{f} is too big for a heartbeat")
    return data.decode("utf-8")


@dataclass(frozen=True)
class Peer:
    user: str
    ssh: str
    pid: int
    seen: datetime
    file: str
    host: str = ""

    def label(self) -> str:
        """`user@host`: the SSH client's address, else the machine's name (an old file: the user alone)."""
        where = self.ssh or self.host
        return f"{self.user}@{where}" if where else self.user


class Presence:
    """This session's heartbeat beside the event, and the other sessions' ones."""

    def __init__(self, path: str | Path, *, user: str | None = None, ssh: str | None = None,
                 pid: int | None = None, clock: Callable[[], datetime] = _now, host: str | None = None) -> None:
        self.path = real_path(path)
        self.folder = who_folder(self.path)
        u, s = who()
        self.user = user if user is not None else u
        self.ssh = ssh if ssh is not None else s
        self.host = host if host is not None else hostname()
        self.pid = os.getpid() if pid is None else pid
        self.clock = clock
        self.mine = self.folder / f"{_safe(self.user)}-{self.pid}"

    def beat(self) -> None:
        """Write (or refresh) this session's file; a folder we cannot write is not an error."""
        text = (
            f"user = {_quote(self.user)}\nssh = {_quote(self.ssh)}\nhost = {_quote(self.host)}\npid = {self.pid}\n"
            f"seen = {_quote(self.clock().astimezone(timezone.utc).isoformat(timespec='seconds'))}\n"
        )
        like = like_of(self.path)
        try:
            self._folder(like)
            tmp = self.mine.with_name("." + self.mine.name + ".tmp")
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK,
                         0o666)  # a FIFO put in its place is refused at once, never waited on
            try:
                share_like(fd, like)
                data = text.encode("utf-8")
                if os.write(fd, data) != len(data):
                    raise OSError("short write")
            finally:
                os.close(fd)
            os.replace(tmp, self.mine)
        except OSError:
            pass

    def _folder(self, like: Like | None) -> None:
        """The presence folder, made with the event's group permissions; a symlink in its place is refused."""
        try:
            st = os.lstat(self.folder)
        except FileNotFoundError:
            os.mkdir(self.folder, 0o777)
            fd = os.open(self.folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
            try:
                share_like(fd, like, directory=True)
            finally:
                os.close(fd)
            return
        if not stat.S_ISDIR(st.st_mode):
            raise OSError(f"{self.folder} is not a folder")

    def leave(self) -> None:
        try:
            self.mine.unlink()
        except OSError:
            pass
        try:
            self.folder.rmdir()  # only when empty
        except OSError:
            pass

    def others(self, stale: float = STALE) -> list[Peer]:
        """The other live sessions, by user."""
        now = self.clock()
        out = []
        try:
            if os.path.islink(self.folder):  # a link in its place: not ours, not read
                return []
            files = sorted(self.folder.iterdir())
        except OSError:
            return []
        for f in files:
            if f == self.mine or f.name.startswith("."):
                continue
            try:
                data = tomllib.loads(_read_small(f))
                seen = datetime.fromisoformat(str(data["seen"]))
                peer = Peer(str(data.get("user", "?")), str(data.get("ssh", "")), int(data.get("pid", 0)), seen, f.name,
                            str(data.get("host", "")))
            except (OSError, ValueError, KeyError, TypeError, RecursionError, tomllib.TOMLDecodeError):
                continue
            age = (now - seen).total_seconds()
            if age > stale:
                if age > 10 * stale:
                    try:
                        f.unlink()
                    except OSError:
                        pass
                continue
            out.append(peer)
        return sorted(out, key=lambda p: (p.user, p.pid))
