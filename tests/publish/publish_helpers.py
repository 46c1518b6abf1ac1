"""Real storage servers for the tests of `arbiter publish`: rclone's own `serve webdav` and `serve sftp` on
127.0.0.1 (each test its own port and folder), a reader that follows the links of the site they serve, and
`arbiter publish` run as a real process."""

from __future__ import annotations

import http.client
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RCLONE = shutil.which("rclone")
needs_rclone = pytest.mark.skipif(RCLONE is None, reason="rclone is not installed (.ci/run installs it)")
HREF = re.compile(r'href="([^"#?:]+\.html)"')
MADE = re.compile(rb'<p class="made">.*?</p>', re.S)


def until(check, seconds: float = 30.0, every: float = 0.05, what: str = "the condition"):
    """`check()`'s first true value, asked every `every` s; fails after `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {seconds} s")
        time.sleep(every)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def content(data: bytes) -> bytes:
    """A page without its "Made ..." line: what a reader reads of it."""
    return MADE.sub(b"", data, count=1)


class Server:
    """`rclone serve webdav|sftp ROOT` on 127.0.0.1:port; `kill()` (SIGKILL) and `start()` again on the same port."""

    def __init__(self, kind: str, root: Path, log: Path) -> None:
        self.kind, self.root, self.log = kind, root, log
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        root.mkdir(parents=True, exist_ok=True)
        if kind == "sftp":
            self.password = "venue-" + os.urandom(4).hex()
            self.obscured = subprocess.run([RCLONE, "obscure", self.password], capture_output=True, text=True,
                                           check=True).stdout.strip()

    @property
    def remote(self) -> str:
        if self.kind == "webdav":
            return f":webdav,url='http://127.0.0.1:{self.port}':"
        return f":sftp,host=127.0.0.1,port={self.port},user=judge,pass={self.obscured}:"

    def start(self) -> "Server":
        argv = [RCLONE, "serve", self.kind, str(self.root), "--addr", f"127.0.0.1:{self.port}"]
        if self.kind == "sftp":
            argv += ["--user", "judge", "--pass", self.password]
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
        self.started = [p for p in getattr(self, "started", []) if p.poll() is None] + [self.proc]

        def up() -> bool:
            assert self.proc.poll() is None, self.log.read_text(errors="replace")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return True
            except OSError:
                return False

        until(up, 30, what=f"rclone serve {self.kind} listening")
        return self

    def kill(self) -> None:
        """The server stopped (every process this object started: none is left behind by a failed test)."""
        for proc in [self.proc, *getattr(self, "started", [])]:
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait(10)
        self.proc = None

    def get(self, name: str) -> tuple[int, bytes]:
        """What a reader gets: the page over HTTP (WebDAV), or the file the SFTP server serves."""
        if self.kind == "sftp":
            p = self.root / name
            return (200, p.read_bytes()) if p.is_file() else (404, b"")
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            c.request("GET", "/" + name)
            r = c.getresponse()
            return r.status, r.read()
        finally:
            c.close()

    def files(self) -> dict[str, bytes]:
        """Every file of the published site (the stage of pages waiting aside)."""
        return {p.name: p.read_bytes() for p in self.root.iterdir() if p.is_file()}

    def stamps(self) -> dict[str, tuple[int, int]]:
        return {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in self.root.iterdir() if p.is_file()}


def crawl(get) -> tuple[dict[str, bytes], list[str]]:
    """A reader: index.html, then every page a link leads to. (pages read, links to a page that is not there)."""
    seen: dict[str, bytes] = {}
    broken: list[str] = []
    todo = ["index.html"]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        status, body = get(name)
        if status != 200:
            broken.append(name)
            continue
        seen[name] = body
        todo.extend(n for n in HREF.findall(body.decode("utf-8")) if n not in seen)
    return seen, broken


class Publishing:
    """`arbiter publish FILE --to REMOTE --watch` as a real process; its lines collected as they come."""

    def __init__(self, event: Path, remote: str, state: Path, env: dict | None = None) -> None:
        self.lines: list[str] = []
        full = dict(os.environ, XDG_STATE_HOME=str(state), PYTHONUNBUFFERED="1", **(env or {}))
        self.proc = subprocess.Popen([sys.executable, "-m", "arbiter_tournament.tui.cli", "publish", str(event), "--to", remote,
                                      "--watch"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, env=full, cwd=ROOT)
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_line(self, pattern: str, after: int = 0, seconds: float = 60.0) -> re.Match:
        rx = re.compile(pattern)

        def found():
            for line in self.lines[after:]:
                m = rx.search(line)
                if m:
                    return m
            assert self.proc.poll() is None, "\n".join(self.lines)
            return None

        return until(found, seconds, what=f"a line {pattern!r} in {self.lines[after:]}")

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(2)  # Ctrl-C
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.thread.join(10)
        return self.proc.returncode


def arbiter(*args, env: dict | None = None) -> str:
    r = subprocess.run([sys.executable, "-m", "arbiter_tournament.tui.cli", *map(str, args)], capture_output=True, text=True,
                       cwd=ROOT, env=dict(os.environ, **(env or {})), timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


# -- events with every private field filled in --------------------------------------------------

JUDGES = ("anna.k@hall-pc", "boris.p@laptop-2", "vera.s@desk-3")


def private_event(n: int, *, seed: int = 1, missing: int = 3):
    """An open of `n` players: 3 rounds played, round 4 paired with `missing` results not in yet. Every player
    has a date of birth, a FIDE id and a sex; every result says which judge entered it."""
    from dataclasses import replace

    sys.path.insert(0, str(ROOT / "bench"))
    import random

    from simulate import open_event, play_round

    from arbiter_tournament.core.pairing import rounds as pairing

    e = open_event(n, rounds=7, played=3, seed=seed)
    players = tuple(replace(p, birth=f"19{50 + p.id % 50}-{1 + p.id % 12:02d}-{1 + p.id % 28:02d}",
                            fide_id=str(24_000_000 + p.id * 7919), sex="fm"[p.id % 2]) for p in e.players)
    e = replace(e, players=players)
    e = play_round(pairing.pair_next(e), random.Random(seed), leave_missing=missing)
    rounds = tuple(replace(r, games=tuple(replace(g, by=JUDGES[g.board % 3]) if g.result is not None else g
                                          for g in r.games)) for r in e.rounds)
    return replace(e, rounds=rounds)


def open_boards(e) -> list[int]:
    """The boards of the last round without a result."""
    return [g.board for g in e.rounds[-1].games if g.result is None and g.second is not None]


def secrets_of(e, journal: Path | None = None) -> list[str]:
    """Every private value the event (and its journal) holds: dates of birth, FIDE ids, judges' logins."""
    out = [p.birth for p in e.players if p.birth] + [p.fide_id for p in e.players if p.fide_id]
    out += sorted({g.by for r in e.rounds for g in r.games if g.by})
    if journal is not None and journal.exists():
        from arbiter_tournament.core.store import journal as jr

        out += sorted({x.label for x in jr.read(journal)})  # user@host (the login alone may be a common word)
    return out
