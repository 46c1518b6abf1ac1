"""A line on stderr that says a long command is still working: `pairing round 3 … 4 s`.

Shown only when both stdout and stderr are terminals, and only once the work has taken more than
a second; it updates in place every second and is erased when the work ends (done, refused or
interrupted), so the command's own output starts on a clean line. A ticker thread keeps it
up to date; it needs nothing from the engine, but `Ticker.tick` is also the engine's `progress`
callback (core.swiss.pair_round), which updates the line from the working thread itself.
"""

from __future__ import annotations

import sys
import threading
import time
from contextlib import contextmanager
from typing import Iterator, TextIO

from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.event.systems import main_stage

DELAY = 1.0  # seconds of work before the line appears
EVERY = 1.0  # seconds between updates


class Ticker:
    """Writes `label … N s` on `stream` after `delay` seconds, then every `every` seconds, until stopped."""

    def __init__(self, label: str, stream: TextIO, *, delay: float = DELAY, every: float = EVERY) -> None:
        self.label, self.stream, self.delay, self.every = label, stream, delay, every
        self._stop = threading.Event()
        self._shown = False
        self._lock = threading.Lock()
        self._start = time.monotonic()
        self._last = 0.0  # when the line was last written
        self._thread = threading.Thread(target=self._run, name="arbiter-progress", daemon=True)

    def start(self) -> "Ticker":
        self._thread.start()
        return self

    def _run(self) -> None:
        if self._stop.wait(self.delay):
            return
        while not self._stop.is_set():
            if time.monotonic() - self._last >= self.every * 0.9:
                self._write()
            self._stop.wait(self.every)

    def tick(self) -> None:
        """The engine's progress callback: writes the line when it is due, from the working thread
        itself (so it updates even while a long computation keeps the ticker thread from running)."""
        now = time.monotonic()
        if now - self._start >= self.delay and now - self._last >= self.every:
            self._write()

    def _write(self) -> None:
        self._last = time.monotonic()
        seconds = int(self._last - self._start)
        with self._lock:
            if self._stop.is_set():
                return
            try:
                self.stream.write(f"\r\x1b[K{self.label} … {seconds} s")
                self.stream.flush()
                self._shown = True
            except (OSError, ValueError):
                self._stop.set()

    def stop(self) -> None:
        with self._lock:
            self._stop.set()
            if self._shown:
                try:
                    self.stream.write("\r\x1b[K")  # erase the line
                    self.stream.flush()
                except (OSError, ValueError):
                    pass
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout=1.0)


def on_terminal() -> bool:
    """Both stdout and stderr are terminals (a pipe or a file gets no progress line)."""
    try:
        return sys.stderr.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def pairing_label(event: Event, table: int | None) -> str:
    """`pairing round 3` (of the next round), `pairing round 3 of table 2`."""
    stage = main_stage(event.system)
    tables = event.stage_tables(stage) if table is None else [table]
    numbers = {len(event.rounds_of(stage, t)) + 1 for t in tables}
    k = min(numbers) if numbers else 1
    if table is not None and event.tables > 1:
        return f"pairing round {k} of table {table}"
    return f"pairing round {k}"


@contextmanager
def progress(label: str, *, stream: TextIO | None = None, delay: float = DELAY) -> Iterator[Ticker | None]:
    """Show `label … N s` on stderr while the block runs, when on a terminal; yields the ticker (or None)."""
    if stream is None and not on_terminal():
        yield None
        return
    ticker = Ticker(label, stream or sys.stderr, delay=delay).start()
    try:
        yield ticker
    finally:
        ticker.stop()


def pairing_progress(event: Event, table: int | None):
    return progress(pairing_label(event, table))
