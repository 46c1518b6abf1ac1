"""Work that can take long, and the line that shows it: a `Job` (tui/jobs.py: a pairing, an explanation, a printout).

A job computes from a snapshot of the event (it never writes the file: the
pairing it makes is saved later, by the judge, in one short transaction of
`core.pairing.preview.adopt`, which refuses a stale one). It runs in a
thread worker of the App (`ArbiterApp.run_job`, `@work(thread=True)`
exclusive in its group), so every key keeps answering. The App holds the one
job under way (`ArbiterApp.job`, a reactive value); `ProgressLine` shows it
on each screen that has one, with the seconds it has taken, every second.

`compute(node, work, done, background=, group=)` is the small form for a
screen's own view of a big event (the final ranking, the prizes): `work()`
in a thread worker of the screen, exclusive in its group, `done(result)`
on the event loop unless a newer one replaced it.

Esc stops it (`ArbiterApp.stop_job` cancels the worker): its result is
thrown away at once and the judge's screen is free. The work is given the
engine's progress hook (`work(progress)`): at every step it asks
`get_current_worker().is_cancelled`, and a cancelled job's hook raises
Textual's `WorkerCancelled`, which ends the pairing where it is.
"""

from __future__ import annotations

from typing import Any, Callable

from rich.text import Text
from textual.widgets import Static
from textual.worker import get_current_worker

from ..host import arbiter_app
from ..i18n import tr
from ..jobs import Job


def compute(node, work: Callable[[], Any], done: Callable[[Any], None], *, background: bool, group: str) -> None:
    """`done(work())`: at once, or with `work` in a thread worker of `node`, `done` then on the event loop (a
    newer computation of the same group, or the node's removal, cancels the older one: its result is thrown
    away)."""
    if not background:
        done(work())
        return

    def run() -> None:
        value = work()
        worker = get_current_worker()
        if not worker.is_cancelled:
            node.app.call_from_thread(lambda: None if worker.is_cancelled else done(value))

    node.run_worker(run, group=group, exclusive=True, thread=True)


BIG = 400  # players from which a screen's value of the event (the final ranking, the prize list) is made in a thread


def compute_for_event(screen, make: Callable[[Any], Any], keep: Callable[[Any], None], *, group: str) -> None:
    """`keep(make(event))` for the screen's event, then the screen drawn again and its keys asked again: in a
    worker for a big event (`compute`); an ArbiterError is said on the screen's message line; a value made for
    an event the screen no longer shows (another judge changed it meanwhile) is thrown away."""
    from arbiter_tournament.core.errors import ArbiterError
    from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice

    e = screen.arb.event

    def work():
        try:
            return make(e)
        except ArbiterError as exc:
            return exc

    def done(result) -> None:
        if isinstance(result, ArbiterError):
            screen.say_error(message(result, screen.arb.lang))
            return
        if screen.arb.event is e:
            keep(result)
            screen.draw()
            screen.keys_changed()

    compute(screen, work, done, background=len(e.players) >= BIG, group=group)


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
        app = arbiter_app(self)
        job = app.job
        if job is None:
            return
        lang = app.lang
        self.update(Text(tr(lang, "job_progress", what=job.text(lang), s=job.seconds()), style="bold yellow",
                         no_wrap=True, overflow="ellipsis"))
