"""The judge's TUI (Textual): live round, standings and top; results at the speed of slips.

The App owns the event file and nothing else: `event` (a reactive value) is
always what the file holds, after each change and on each poll (about every
second, so a change by another judge or by the command line shows within
two seconds). When it changes, the App posts `EventChanged` to every open
screen; screens show it in their panels. Every change is one call into
`core` inside `EventFile.change` (`commit`), made by a screen's
`run_change`, which reports the engine's refusal on its message line.

Slow work runs off the event loop: the one `job` under way (a pairing, an
explanation: `start_job`, stopped by `stop_job`, see
tui/widgets/progress.py), the reload of a big file, the standings of a big
event. Time is passed in (`clock`) so tests freeze it.
"""

from __future__ import annotations

import threading
from datetime import datetime, timezone
from functools import partial
from pathlib import Path
from typing import Callable

from textual.app import App
from textual.command import CommandPalette
from textual.reactive import var

from core.errors import ArbiterError, message
from core.formats.text import clean
from core.journal_text import translate
from core.model import Event
from core.store import EventFile
from core.store.files import Stamp
from core.store.journal import who
from core.store.presence import Presence

from .actions import ActionsProvider
from .i18n import choose_lang, tr
from .widgets.messages import EventChanged, LangChanged, Say
from .widgets.progress import Job, Stopped, compute, run_job

HEARTBEAT = 5.0  # seconds between presence heartbeats
BIG_FILE = 64 * 1024  # bytes from which a changed file is read again in a thread (about 40 ms and more)


def _utcnow() -> datetime:
    return datetime.now(timezone.utc)


class ArbiterApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "arbiter"
    ENABLE_COMMAND_PALETTE = True
    # the palette offers our actions only: Textual's own (theme, maximize, screenshot, its English
    # key panel) would be English words in a Russian palette, and the theme must stay the 16-colour one
    COMMANDS = {ActionsProvider}

    event: var[Event] = var(None, always_update=True, init=False)  # what the file holds
    lang: var[str] = var("en", init=False)
    job: var[Job | None] = var(None, init=False)  # the slow computation under way (one at a time)
    others: var[tuple[str, ...]] = var((), init=False)  # who else has the event open (user@SSH client)

    def __init__(self, path: str | Path, *, clock: Callable[[], datetime] = _utcnow, lang: str | None = None,
                 poll_interval: float = 1.0, presence: bool = True, user: str | None = None,
                 progress_hook: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.file = EventFile(path)
        self.set_reactive(ArbiterApp.event, self.file.load())
        self.set_reactive(ArbiterApp.lang, lang or choose_lang(self.event.language))
        self.clock = clock
        self.poll_interval = poll_interval
        self.progress_hook = progress_hook  # tests: called at every step of a job's progress
        self.user = user or who()[0]
        self.presence = Presence(self.file.path, user=self.user, clock=clock) if presence else None
        self._last_beat = 0.0
        self._cause: tuple[str | None, bool] = (None, False)  # (who changed it outside, another file) for watch_event
        self._reading: Stamp | None = None  # a reload of a big file under way, of this version of it
        self.main = None  # the main screen (tui/screens/main.py)
        self.changes_seen = 0  # how many outside changes the poll picked up (tests)

    def on_mount(self) -> None:
        from .screens.main import MainScreen

        self.theme = "ansi-dark"
        self.title = clean(self.event.name)
        self.main = MainScreen()
        self.push_screen(self.main)
        if self.presence is not None:
            self.presence.beat()
            self.others = tuple(p.label() for p in self.presence.others())
        if self.poll_interval:
            self.set_interval(self.poll_interval, self.poll)

    def on_unmount(self) -> None:
        self.stop_job()
        if self.presence is not None:
            self.presence.leave()

    # -- the event ------------------------------------------------------------------------------
    def now(self) -> datetime:
        return self.clock()

    def show_event(self, event: Event, outside: str | None = None, reopened: bool = False) -> None:
        """Hold `event` (what the file holds now); every open screen is told."""
        self._cause = (outside, reopened)
        self.event = event

    def watch_event(self, event: Event) -> None:
        outside, reopened = self._cause
        self._cause = (None, False)
        self.title = clean(event.name)
        for screen in self.screen_stack:
            if callable(getattr(screen, "on_event_changed", None)):  # (a message to Textual's own default screen repaints it all)
                screen.post_message(EventChanged(event, outside, reopened))

    def watch_lang(self, lang: str) -> None:
        for screen in self.screen_stack:
            if callable(getattr(screen, "on_lang_changed", None)):
                screen.post_message(LangChanged(lang))

    def commit(self, fn: Callable[[Event], Event], what: str) -> Event:
        """One change: `fn` inside the file's transaction; then hold what the file holds (also after a refusal)."""
        try:
            return self.file.change(fn, what)
        finally:
            self.show_event(self.file.load())

    def undo(self) -> str:
        try:
            return self.file.undo()
        finally:
            self.show_event(self.file.load())

    def redo(self) -> str:
        try:
            return self.file.redo()
        finally:
            self.show_event(self.file.load())

    def reload(self) -> None:
        """Read the file again now (tests; the poll does it by itself)."""
        self.show_event(self.file.load())

    def say(self, text: str, style: str = "") -> None:
        """A line for the message line of the topmost screen that has one (not a dialog's)."""
        from .screens.base import ArbiterScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, ArbiterScreen):
                screen.post_message(Say(text, style))
                return

    # -- polling: other judges, the command line ----------------------------------------------------
    def poll(self) -> None:
        """About every second: pick up outside changes, keep the heartbeat."""
        if self.main is None or not self.main.is_mounted:  # starting or shutting down
            return
        self.check_file()
        if self.presence is not None:
            t = self.now().timestamp()
            if t - self._last_beat >= HEARTBEAT:
                self._last_beat = t
                self.presence.beat()
            others = tuple(p.label() for p in self.presence.others())
            if others != self.others:
                self.others = others

    def check_file(self) -> None:
        """Read the file again if it changed on disk; a big one in a thread (the screen keeps answering)."""
        try:
            if not self.file.changed_on_disk():
                return
            size = self.file.path.stat().st_size
        except OSError:
            size = 0
        stamp = Stamp.of(self.file.path)
        if size < BIG_FILE:
            try:
                event = self.file.load()
            except ArbiterError as exc:
                self.say(message(exc, self.lang), "bold red")
                return
            self._outside_change(event)
            return
        if self._reading == stamp:
            return  # this version is being read already
        self._reading = stamp
        ours = self.file.stamp
        path = self.file.path

        def work():
            reader = EventFile(path)  # its own: the App's file is never touched by the thread
            try:
                reader.load()
            except ArbiterError as exc:
                return exc
            return reader

        def done(result) -> None:
            self._reading = None
            if isinstance(result, ArbiterError):
                self.say(message(result, self.lang), "bold red")
                return
            if self.file.stamp != ours:  # this session saved meanwhile: the next poll decides again
                return
            self.file = result
            self._outside_change(result.event)

        compute(self, work, done, background=True, group="reload")

    def _outside_change(self, event: Event) -> None:
        self.changes_seen += 1
        self.show_event(event, outside=self.last_author())

    def last_author(self) -> str:
        try:
            entries = self.file.history()
        except (ArbiterError, OSError):
            entries = []
        if entries:
            e = entries[-1]
            return f"{e.user}{'@' + e.ssh if e.ssh else ''}: {translate(e.what, self.lang)}"
        return tr(self.lang, "someone")

    # -- slow work ----------------------------------------------------------------------------------
    def start_job(self, job: Job) -> None:
        """Run `job` off the event loop (tui/widgets/progress.py); the progress line shows it until it ends."""
        self.stop_job()
        if job.hook is None:
            job.hook = self.progress_hook
        self.job = job
        self.run_worker(partial(self._run_job, job), name="job", group="job", exclusive=True)

    async def _run_job(self, job: Job) -> None:
        ok, value = await run_job(job)
        if job.stopped.is_set() or self.job is not job:
            return
        self.job = None
        if ok:
            job.done(value)
        elif isinstance(value, Stopped):
            return
        elif isinstance(value, ArbiterError):
            if job.failed is not None:
                job.failed(value)
            else:
                self.say(message(value, self.lang), "bold red")
        else:
            raise value  # a bug: shown as one (the same as on the event loop)

    def stop_job(self) -> Job | None:
        """Stop the job under way: its result is thrown away (the file was never touched by it)."""
        job = self.job
        if job is None:
            return None
        job.stopped.set()
        self.job = None
        self.workers.cancel_group(self, "job")
        return job

    def job_threads(self) -> list[threading.Thread]:
        """The threads of jobs still running (a stopped one ends at its next progress step; tests wait for them)."""
        return [t for t in threading.enumerate() if t.name == "arbiter-job"]

    # -- keys of the App --------------------------------------------------------------------------------
    def action_help_quit(self) -> None:
        """Ctrl+C (Textual's English hint, in the judge's language): q quits."""
        self.notify(tr(self.lang, "quit_hint"), title=tr(self.lang, "quit_title"), markup=False)

    def action_command_palette(self) -> None:
        """The palette, with its search field in the judge's language."""
        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(CommandPalette(id="--command-palette", placeholder=tr(self.lang, "palette_search")))

    # -- another file -----------------------------------------------------------------------------------
    def open_file(self, path: str | Path) -> None:
        """Switch this session to another event file (after "new event")."""
        self.stop_job()
        if self.presence is not None:
            self.presence.leave()
        self.file = EventFile(path)
        if self.presence is not None:
            self.presence = Presence(self.file.path, user=self.user, clock=self.clock)
            self.presence.beat()
        self.show_event(self.file.load(), reopened=True)


def run(path: str) -> int:
    EventFile(path).load()  # a missing or broken file: one line from the command line, no traceback
    ArbiterApp(path).run()
    return 0
