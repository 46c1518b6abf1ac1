"""A `Job`: one slow computation of the App under way (a pairing, an explanation, a printout), and `in_worker`,
which runs it in its thread worker.

A job computes from a snapshot of the event (it never writes the file). It
runs in a thread worker of the App (`ArbiterApp.run_job`, `@work(thread=True)`
exclusive in its group), so every key keeps answering; the App holds the one
job under way (`ArbiterApp.job`), and tui/widgets/progress.py's
`ProgressLine` shows it. The work is given the engine's progress hook
(`work(progress)`): at every step it asks `get_current_worker().is_cancelled`,
and a cancelled job's hook raises Textual's `WorkerCancelled`, which ends the
pairing where it is.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from textual.worker import WorkerCancelled, get_current_worker


class Words(Protocol):
    """What a job is, in words of either language (a `tui.actions.Why`)."""

    def text(self, lang: str) -> str: ...


# The engine holds Python's interpreter lock while it computes; the event loop's thread gets it back at the
# hook's pauses (at most every YIELD_EVERY seconds, for YIELD_FOR), not only when the interpreter forces a
# switch (every 5 ms, on each of the many system calls a key makes).
YIELD_EVERY = 0.002
YIELD_FOR = 0.0002


@dataclass(eq=False)
class Job:
    """One computation under way: what it is (words for the progress line), since when, how far."""

    what: Words  # a tui.actions.Why: "pairing round 3 of table 1"
    started: float = field(default_factory=time.monotonic)
    steps: int = 0  # how many times the engine reported progress
    ended: threading.Event = field(default_factory=threading.Event)  # its thread is through (tests wait for it)

    def seconds(self) -> int:
        return int(time.monotonic() - self.started)

    def text(self, lang: str) -> str:
        return self.what.text(lang)


def in_worker(job: Job, work: Callable[[Callable[..., None]], Any], hook: Callable[[], None] | None = None) -> Any:
    """`work(progress)` in the job's thread worker: `progress` is the engine's hook (it stops a cancelled job)."""
    worker = get_current_worker()
    last = [time.monotonic()]

    def progress(*_args: object, **_kwargs: object) -> None:
        if worker.is_cancelled:
            raise WorkerCancelled("stopped")
        job.steps += 1
        if hook is not None:  # (tests: a gate that holds the pairing)
            hook()
            if worker.is_cancelled:
                raise WorkerCancelled("stopped")
        now = time.monotonic()
        if now - last[0] >= YIELD_EVERY:
            last[0] = now
            time.sleep(YIELD_FOR)

    try:
        return work(progress)
    finally:
        job.ended.set()
