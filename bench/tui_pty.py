"""The real TUI over a real pseudo-terminal, as a judge's SSH session runs it: start-up and key to screen.

`arbiter FILE` runs as its own process on a pty of 80x24 (TERM=xterm-256color), with bytecode cached as an
installed package has it. Times are taken on the terminal's side: from the moment the process is started (or
a key is written to the pty) until the bytes that show the answer have been read from it.

* start-up: until the output holds the first board's first player of the round (the round is drawn);
* a key: until the output holds what the key changed (a result's "1-0"; for a cursor move or a view, the end
  of the burst of output it caused: the last byte before 60 ms of silence).

Used by bench/bench_tui.py (`--pty`).
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import shutil
import signal
import struct
import sys
import termios
import time
from pathlib import Path

QUIET = 0.06  # seconds of silence that end a burst of output


class Terminal:
    """`arbiter FILE` on a pty of `cols` x `rows`; `read_until` / `burst` read what it draws."""

    def __init__(self, path: Path, cols: int = 80, rows: int = 24, lang: str = "en") -> None:
        exe = shutil.which("arbiter", path=str(Path(sys.executable).parent)) or "arbiter"
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(cols), "LINES": str(rows),
               "LANG": "ru_RU.UTF-8" if lang == "ru" else "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
        env.pop("TEXTUAL", None)
        # bytecode written and read as an installed package has it (pip compiles at install): a shell that
        # sets PYTHONDONTWRITEBYTECODE would else compile every module of arbiter and Textual at every start
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        self.t0 = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child: the judge's TUI
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
            os.execve(exe, [exe, str(path)], env)
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.out = bytearray()
        self.last_byte = self.t0

    def _read(self, timeout: float) -> bool:
        r, _, _ = select.select([self.fd], [], [], timeout)
        if not r:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            raise SystemExit("the TUI ended:\n" + self.out[-2000:].decode("utf-8", "replace"))
        self.out += data
        self.last_byte = time.perf_counter()  # when the latest bytes came
        self._answer_queries(data)
        return True

    def _answer_queries(self, data: bytes) -> None:
        """What a terminal answers: the cursor position (ESC [ 6 n) and device attributes (ESC [ c)."""
        if b"\x1b[6n" in data:
            os.write(self.fd, b"\x1b[1;1R")
        if b"\x1b[c" in data:
            os.write(self.fd, b"\x1b[?62;22c")

    def read_until(self, marker: bytes, since: int = 0, timeout: float = 30.0) -> float:
        """Read until `marker` shows in the output after byte `since`; the time then."""
        end = time.perf_counter() + timeout
        while marker not in self.out[since:]:
            if time.perf_counter() > end:
                raise SystemExit(f"waited {timeout} s for {marker!r}:\n"
                                 + self.out[-3000:].decode("utf-8", "replace"))
            self._read(0.05)
        return time.perf_counter()

    def burst(self, since: int, timeout: float = 10.0) -> float:
        """Read until the output is quiet for QUIET seconds; the time the last byte came (bytes already read
        after `since` count: a caller may have read the first of them), or now if none came."""
        got = len(self.out) > since
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            if self._read(QUIET):
                got = True
            elif got:
                break
        return self.last_byte if got else time.perf_counter()

    def settle(self, quiet: float = 0.5) -> None:
        """Let it finish drawing (nothing for `quiet` seconds)."""
        while self._read(quiet):
            pass

    def key(self, data: bytes) -> tuple[float, int]:
        """Write one key; (the time it was written, where the output was then)."""
        since = len(self.out)
        t = time.perf_counter()
        os.write(self.fd, data)
        return t, since

    def close(self) -> None:
        try:
            os.write(self.fd, b"q")
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                done, _ = os.waitpid(self.pid, os.WNOHANG)
                if done:
                    break
                self._read(0.05)
            else:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
        except (OSError, SystemExit, ChildProcessError):
            pass
        finally:
            os.close(self.fd)


def pct(xs: list[float], p: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def figures(xs: list[float]) -> str:
    ms = [x * 1000 for x in xs]
    return f"p50 {pct(ms, 50):6.1f} ms, p90 {pct(ms, 90):6.1f} ms, max {max(ms):6.1f} ms (n={len(ms)})"
