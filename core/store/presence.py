"""Who else is editing an event: one small heartbeat file per TUI session.

Beside `NAME.toml` lives a folder `NAME.toml.who/`; each running TUI keeps
the file `<user>-<pid>` there, holding its user, SSH client and the time it
was last seen. A file not refreshed for `STALE` seconds (a session killed
without cleaning up) is ignored, and removed by whoever notices it first.
The time is passed in (`clock`), so tests freeze it.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

from .journal import who

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


@dataclass(frozen=True)
class Peer:
    user: str
    ssh: str
    pid: int
    seen: datetime
    file: str

    def label(self) -> str:
        return f"{self.user}@{self.ssh}" if self.ssh else self.user


class Presence:
    """This session's heartbeat beside the event, and the other sessions' ones."""

    def __init__(self, path: str | Path, *, user: str | None = None, ssh: str | None = None,
                 pid: int | None = None, clock: Callable[[], datetime] = _now) -> None:
        self.path = Path(path)
        self.folder = who_folder(self.path)
        u, s = who()
        self.user = user if user is not None else u
        self.ssh = ssh if ssh is not None else s
        self.pid = os.getpid() if pid is None else pid
        self.clock = clock
        self.mine = self.folder / f"{_safe(self.user)}-{self.pid}"

    def beat(self) -> None:
        """Write (or refresh) this session's file; a folder we cannot write is not an error."""
        text = (
            f"user = {_quote(self.user)}\nssh = {_quote(self.ssh)}\npid = {self.pid}\n"
            f"seen = {_quote(self.clock().astimezone(timezone.utc).isoformat(timespec='seconds'))}\n"
        )
        try:
            self.folder.mkdir(exist_ok=True)
            tmp = self.mine.with_name("." + self.mine.name + ".tmp")
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, self.mine)
        except OSError:
            pass

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
            files = sorted(self.folder.iterdir())
        except OSError:
            return []
        for f in files:
            if f == self.mine or f.name.startswith("."):
                continue
            try:
                data = tomllib.loads(f.read_text(encoding="utf-8"))
                seen = datetime.fromisoformat(str(data["seen"]))
                peer = Peer(str(data.get("user", "?")), str(data.get("ssh", "")), int(data.get("pid", 0)), seen, f.name)
            except (OSError, ValueError, KeyError, TypeError, tomllib.TOMLDecodeError):
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
