"""The judge's TUI (Textual): live round, standings and top; results at the speed of slips.

The App owns the event file and nothing else: `event` (a reactive value) is
always what the file holds, after each change and on each poll (about every
second, so a change by another judge or by the command line shows within
two seconds). When it changes, the App posts `EventChanged` to every open
screen; screens show it in their panels. Every change is one command of
`core.commands`, run in one transaction of the file (`commit`, through
`transact`) by a screen's `run_change`, which reports the engine's refusal
on its message line.

A change takes the event's lock. Held by another judge for longer than a
moment, the change waits for it in a thread (`transact`): the screen keeps
answering, the store's "locked by user@host ... waiting" notice and its
repair notices come to the message line (`EventFile(on_wait=, on_notice=)`),
and the change's own answer follows once it is done. Changes keep their
order: one made while another waits goes after it.

Slow work runs off the event loop: the one `job` under way (a pairing, an
explanation: `start_job`, stopped by `stop_job`, see
tui/widgets/progress.py), the reload of a big file, the standings of a big
event. Time is passed in (`clock`) so tests freeze it.
"""

from __future__ import annotations

import threading
from collections import deque
from datetime import datetime, timezone
from functools import partial
from pathlib import Path
from typing import Any, Callable

from textual import events
from textual.app import App
from textual.command import CommandPalette
from textual.reactive import var

from arbiter.core.commands import Command
from arbiter.core.commands import run as run_command
from arbiter.core.errors import ArbiterError, Msg, message
from arbiter.core.msg.cells import clean
from arbiter.core.msg.journal import translate
from arbiter.core.event.model import Event
from arbiter.core.store import EventFile, LockBusy
from arbiter.core.store.files import Stamp
from arbiter.core.store.judge import here, who
from arbiter.core.store.presence import Presence

from .actions import ActionsProvider
from .i18n import choose_lang, tr
from .widgets.messages import EventChanged, LangChanged, Say
from .widgets.progress import Job, Stopped, compute, run_job

HEARTBEAT = 5.0  # seconds between presence heartbeats
BIG_FILE = 64 * 1024  # bytes from which a changed file is read again in a thread (about 40 ms and more)
FAST_LOCK = 0.25  # seconds a change waits for the lock on the event loop; a longer wait goes to a thread


class _Waiting:
    """A transaction waiting for the event's lock in the change thread: `op(file)`, then `done(its result)`."""

    def __init__(self, file: EventFile, op: Callable[[EventFile], Any], done: Callable[[Any], None]) -> None:
        self.file = file  # the file it was made for (never another one the session opened meanwhile)
        self.op = op
        self.done = done


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
                 progress_hook: Callable[[], None] | None = None, by: str | None = None) -> None:
        super().__init__()
        self._loop_thread = threading.get_ident()
        self._waiting: deque[_Waiting] = deque()  # transactions waiting for the lock, in order (the change thread)
        self.file = self.open_event_file(path)
        self.set_reactive(ArbiterApp.event, self.file.load())
        self.set_reactive(ArbiterApp.lang, lang or choose_lang(self.event.language))
        self.clock = clock
        self.poll_interval = poll_interval
        self.progress_hook = progress_hook  # tests: called at every step of a job's progress
        self.user = user or who()[0]
        # who enters a result, as the command line says it (user@host): two judges on one login told apart
        self.by = by or (f"{self.user}@{here()}" if "@" not in self.user else self.user)
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
        self.settle()

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

    # -- changes: one transaction each, waiting for the lock off the event loop --------------------
    def open_event_file(self, path: str | Path) -> EventFile:
        """The event file, its lock waits and repairs told on the message line."""
        return EventFile(path, on_wait=self.told, on_notice=self.told)

    def told(self, msg: Msg) -> None:
        """What the store says during a transaction (who holds the lock, what it repaired), from either thread."""
        if threading.get_ident() == self._loop_thread:
            self.say(msg.text(self.lang), "yellow")
            return
        if not self.is_running:
            return
        try:
            self.call_from_thread(lambda: self.say(msg.text(self.lang), "yellow"))
        except RuntimeError:  # the App has ended
            pass

    @property
    def changing(self) -> bool:
        """A transaction is waiting for the lock (or running) in the change thread."""
        return bool(self._waiting)

    def transact(self, op: Callable[[EventFile], Any], done: Callable[[Any], None]) -> None:
        """`op(file)` (one transaction: change, undo, redo), then `done(its result or the ArbiterError)`.

        The lock free (or freed within FAST_LOCK seconds), it is done at once,
        `done` included. Held longer by another judge, the transaction waits in
        the change thread: the screen answers meanwhile, the store's notice of
        who holds the lock comes to the message line after two seconds, and
        `done` runs on the event loop once it is through. A transaction made
        while another waits goes after it, in order. Either way the App holds
        what the file holds before `done` is called.
        """
        item = _Waiting(self.file, op, done)
        if self._waiting:
            self._waiting.append(item)
            return
        patience = self.file.lock_timeout
        self.file.lock_timeout = min(patience, FAST_LOCK)
        try:
            result: Any = op(self.file)
        except LockBusy:
            # the whole patience again before the thread starts: it uses the same file, and restored only in
            # `finally` the thread could take the lock with FAST_LOCK and give up ("waiting stopped, nothing
            # changed": a judge's result lost over SSH while another judge saved)
            self.file.lock_timeout = patience
            self._waiting.append(item)
            threading.Thread(target=self._wait_for_lock, name="arbiter-change", daemon=True).start()
            return
        except ArbiterError as exc:
            result = exc
        finally:
            self.file.lock_timeout = patience
        self._finished(item, result)

    def _wait_for_lock(self) -> None:
        """The change thread: the waiting transactions one after the other, each answered on the event loop."""
        while self._waiting:
            item = self._waiting[0]
            try:
                result: Any = item.op(item.file)
            except ArbiterError as exc:
                result = exc
            except BaseException as exc:  # noqa: BLE001 - a bug: raised on the event loop
                result = exc
            if not self.is_running:
                return  # the App has ended: nobody is told (a change that went through is in the file)
            try:
                self.call_from_thread(self._finished, item, result, True)
            except RuntimeError:
                return

    def _finished(self, item: _Waiting, result: Any, waited: bool = False) -> None:
        if waited and self._waiting and self._waiting[0] is item:
            self._waiting.popleft()
        try:
            self.show_event(self.file.load())
        except ArbiterError as exc:
            self.say(message(exc, self.lang), "bold red")
        if isinstance(result, BaseException) and not isinstance(result, ArbiterError):
            raise result
        item.done(result)
        if waited and not self._waiting:  # the result keys waited for the change thread: they apply again
            from .screens.base import ArbiterScreen

            for screen in self.screen_stack:
                if isinstance(screen, ArbiterScreen):
                    screen.keys_changed()

    def commit(self, command: Command, done: Callable[[Any], None]) -> None:
        """One command (core/commands) in one transaction of the file (`transact`); `done(the new event or the
        refusal)`."""
        self.transact(lambda f: run_command(f, command), done)

    def settle(self) -> None:
        """On opening: what a crash or a full disk left is repaired (said on the message line), off the loop."""
        self._waiting.append(_Waiting(self.file, lambda f: f.settle(), lambda _result: None))
        if len(self._waiting) == 1:
            threading.Thread(target=self._wait_for_lock, name="arbiter-change", daemon=True).start()

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
        if self._waiting:
            return  # the change thread has the file: read once it is through
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
            return f"{e.label}: {translate(e.what, self.lang)}"
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
    async def on_event(self, event: events.Event) -> None:
        """Esc typed just before a key (within ESCDELAY, 100 ms) reaches Textual as one Alt chord: it is Esc,
        then the key (arbiter binds no Alt chord: SSH terminals do not send them reliably)."""
        if isinstance(event, events.Key) and not self.screen_stack:
            return  # keys still arriving while the App closes (typed after q over a slow link): no screen to take them
        if isinstance(event, events.Key) and not event.is_forwarded:
            keys = escape_then_key(event)
            if keys is not None:
                for key in keys:
                    await super().on_event(key)
                return
        await super().on_event(event)

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
        self.file = self.open_event_file(path)
        if self.presence is not None:
            self.presence = Presence(self.file.path, user=self.user, clock=self.clock)
            self.presence.beat()
        self.show_event(self.file.load(), reopened=True)


def escape_then_key(event: events.Key) -> list[events.Key] | None:
    """An `alt+<key>` event as the two keys typed (Esc, then the key); None for any other key."""
    from textual.keys import key_to_character

    if not event.key.startswith("alt+"):
        return None
    name = event.key[len("alt+"):]
    if name.startswith("shift+") and len(name) == len("shift+") + 1 and name[-1].isalpha():
        name = name[-1].upper()  # a capital letter is its own key (K, not shift+k)
    char = event.character if event.character else key_to_character(name)
    return [events.Key("escape", "\x1b"), events.Key(name, char)]


def run(path: str) -> int:
    EventFile(path).load()  # a missing or broken file: one line from the command line, no traceback
    ArbiterApp(path).run()
    return 0
