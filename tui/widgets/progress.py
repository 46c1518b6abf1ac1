"""Work that can take long, off the event loop: a `Job` (a pairing, an explanation) and the line that shows it.

A job computes from a snapshot of the event (it never writes the file: the
pairing it makes is saved later, by the judge, in one short transaction of
`core.pairing.preview.adopt`, which refuses a stale one). It runs in a thread of its
own, awaited by an exclusive Textual worker (`ArbiterApp.start_job`), so
every key keeps answering. The App holds the one job under way
(`ArbiterApp.job`, a reactive value); `ProgressLine` shows it on each
screen that has one, with the seconds it has taken, every second.

Esc stops it (`ArbiterApp.stop_job`): its result is thrown away at once and
the judge's screen is free. The thread is a daemon thread rather than one of
asyncio's executor (where Textual's thread workers run): the App's exit
waits for those, and a pairing that cannot be interrupted would hold `q`
for minutes. `Job.progress` is the engine's progress hook: once the job is
stopped it raises `Stopped`, which ends the pairing where it is.

`compute(node, work, done, background=...)` is the same for short work that
only matters to one widget (the standings of a big event, the reasons of a
preview): in a thread when `background`, else at once.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import inspect
import sys
import threading
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

from rich.text import Text
from textual.widgets import Static

from ..i18n import tr


class Stopped(BaseException):
    """Raised by the progress hook of a stopped job: the computation stops where it is.

    A BaseException, so that no `except Exception` on the way turns it into an answer.
    """


@dataclass(eq=False)
class Job:
    """One computation under way: what it is (words for the progress line), the work, and what to do with its result."""

    what: Any  # a tui.actions.Why: "pairing round 3 of table 1"
    work: Callable[[Callable[..., None]], Any]  # in the thread: work(progress) -> result
    done: Callable[[Any], None]  # on the event loop, with the result (never after a stop)
    failed: Callable[[BaseException], None] | None = None  # on the event loop, for an ArbiterError
    hook: Callable[[], None] | None = None  # called at every progress step (tests slow a pairing down so)
    started: float = field(default_factory=time.monotonic)
    stopped: threading.Event = field(default_factory=threading.Event)
    steps: int = 0  # how many times the engine reported progress

    def progress(self, *args: object, **kwargs: object) -> None:
        """The engine calls this often; it raises `Stopped` once the job was stopped."""
        if self.stopped.is_set():
            raise Stopped
        self.steps += 1
        if self.hook is not None:
            self.hook()
            if self.stopped.is_set():
                raise Stopped

    def seconds(self) -> int:
        return int(time.monotonic() - self.started)

    def text(self, lang: str) -> str:
        return self.what.text(lang)


@lru_cache(maxsize=None)
def takes_progress(fn: Callable) -> bool:
    """Whether a core function takes the engine's `progress` hook (core.swiss.pair_round's, and its callers')."""
    try:
        return "progress" in inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False


def with_progress(fn: Callable, *args: Any, progress: Callable[..., None], **kwargs: Any) -> Any:
    """`fn(*args, **kwargs)`, with `progress=` when `fn` takes it."""
    if takes_progress(fn):
        kwargs["progress"] = progress
    return fn(*args, **kwargs)


# While a job's thread runs, the event loop's thread takes Python's lock back within this many seconds
# (Python's default, 5 ms, made every key wait seconds behind a pairing: the loop gives the lock up at
# each system call, and took it back only after up to 5 ms each time).
SWITCH_INTERVAL = 0.0005
_running = 0
_running_lock = threading.Lock()
_switch_before = sys.getswitchinterval()


def _thread_started() -> None:
    global _running, _switch_before
    with _running_lock:
        if _running == 0:
            _switch_before = sys.getswitchinterval()
            sys.setswitchinterval(min(_switch_before, SWITCH_INTERVAL))
        _running += 1


def _thread_ended() -> None:
    global _running
    with _running_lock:
        _running -= 1
        if _running == 0:
            sys.setswitchinterval(_switch_before)


async def in_thread(work: Callable[[], Any], name: str = "arbiter-compute") -> tuple[bool, Any]:
    """Run `work()` in a daemon thread and wait for it: (True, its result) or (False, what it raised).

    If the waiting worker is cancelled, the thread is left to end on its own; nobody waits for it.
    """
    future: concurrent.futures.Future = concurrent.futures.Future()

    def body() -> None:
        _thread_started()
        try:
            outcome = (True, work())
        except BaseException as exc:  # noqa: BLE001 - handed to the event loop, which decides
            outcome = (False, exc)
        finally:
            _thread_ended()
        try:
            future.set_result(outcome)
        except (RuntimeError, concurrent.futures.InvalidStateError):  # stopped, or the App has ended: nobody waits
            pass

    threading.Thread(target=body, name=name, daemon=True).start()
    return await asyncio.wrap_future(future)


async def run_job(job: Job) -> tuple[bool, Any]:
    """The job's work in its thread (named "arbiter-job": tests wait for stopped ones to end)."""
    return await in_thread(lambda: job.work(job.progress), "arbiter-job")


def compute(node, work: Callable[[], Any], done: Callable[[Any], None], *, background: bool, group: str) -> None:
    """`done(work())`: at once, or with `work` in a thread, awaited by an exclusive worker of `node` (a newer
    computation of the same group, or the node's removal, throws the older result away)."""
    if not background:
        done(work())
        return

    async def run() -> None:
        ok, value = await in_thread(work)
        if not ok:
            raise value
        done(value)

    node.run_worker(run, group=group, exclusive=True)  # (the function: a worker replaced before it starts never runs it)


class ProgressLine(Static):
    """The job under way and how long it has taken, updated every second; hidden when there is none."""

    DEFAULT_CSS = """
    ProgressLine {
        height: 1;
        padding: 0 1;
        display: none;
    }
    """

    def on_mount(self) -> None:
        self._ticker = self.set_interval(1.0, self.show_job, pause=True)
        self.watch(self.app, "job", self._job_changed, init=True)
        self.watch(self.app, "lang", lambda _lang: self.show_job(), init=False)

    def _job_changed(self, job: Job | None) -> None:
        self.display = job is not None
        if job is None:
            self._ticker.pause()
        else:
            self.show_job()
            self._ticker.resume()

    def show_job(self) -> None:
        job = self.app.job
        if job is None:
            return
        lang = self.app.lang
        self.update(Text(tr(lang, "job_progress", what=job.text(lang), s=job.seconds()), style="bold yellow",
                         no_wrap=True, overflow="ellipsis"))
