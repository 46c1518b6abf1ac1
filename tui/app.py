"""The judge's TUI (Textual): live round, standings and top; results at the speed of slips.

The App owns the event file and nothing else: `event` (a reactive value) is always what the file holds,
after each change and on each poll (about every second, so a change by another judge or by the command
line shows within two seconds). When it changes, the App posts `EventChanged` to every open screen; screens
show it in their panels. Every change is one command of `core.commands`, run in one transaction of the file
by `commit` (a `tui.changes.Change`), which a screen asks through its own `commit`. What the screens and
widgets may use of the App is the protocol `ArbiterHost` (tui/host.py), which the type checker holds it to.

A change takes the event's lock. Held by another judge for longer than a moment, the change waits for it in
a thread worker (`_wait_for_lock`): the screen keeps answering, the store's "locked by user@host ...
waiting" notice and its repair notices come to the message line (`Told`), and the worker posts `Committed`
once it is through. Changes keep their order: one made while another waits goes after it. Quitting cancels
the wait (the store's `waiting` hook asks the worker), with nothing changed.

Slow work runs in thread workers too: the one `job` under way (a pairing, an explanation, a printout:
`run_job`, stopped by `stop_job`, see tui/jobs.py and tui/widgets/progress.py), the reload of a big file,
the standings of a big event. Time is passed in (`clock`) so tests freeze it.
"""

from __future__ import annotations

from datetime import datetime, timezone
from functools import partial
from pathlib import Path
from typing import Any, Callable

from textual import events, on, work
from textual.app import App
from textual.command import CommandPalette
from textual.message import Message
from textual.reactive import var
from textual.worker import NoActiveWorker, WorkerCancelled, WorkerFailed, get_current_worker

from arbiter_tournament.core.commands import Command
from arbiter_tournament.core.commands import run as run_command
from arbiter_tournament.core.errors import ArbiterError
from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.msg.cells import clean
from arbiter_tournament.core.msg.journal import translate
from arbiter_tournament.core.store import EventFile, LockBusy
from arbiter_tournament.core.store.files import Stamp
from arbiter_tournament.core.store.judge import here, who
from arbiter_tournament.core.store.presence import Presence

from . import compat, crash
from .actions import ActionsProvider
from .changes import Change, Committed, Told
from .i18n import choose_lang, tr
from .keyguard import KeyGuard, awaiting, escape_then_key
from .screens.base import ArbiterScreen
from .screens.dialogs import failed_in
from .screens import reports
from .screens.main import MainScreen
from .widgets.messages import EventChanged, LangChanged, Say
from .host import ArbiterHost, T
from .jobs import Job, Words, in_worker
from .startup import collect_from_now

HEARTBEAT = 5.0  # seconds between presence heartbeats
BIG_FILE = 64 * 1024  # bytes from which a changed file is read again in a thread (about 40 ms and more)
FAST_LOCK = 0.25  # seconds a change waits for the lock on the event loop; a longer wait goes to a worker


class Reloaded(Message):
    """A big file changed on disk was read again in a worker: `reader` (its EventFile), or the ArbiterError."""

    def __init__(self, stamp: Stamp | None, ours: Stamp | None, reader: EventFile | ArbiterError) -> None:
        super().__init__()
        self.stamp, self.ours, self.reader = stamp, ours, reader  # ours: this session's own stamp when the read started


def _utcnow() -> datetime:
    return datetime.now(timezone.utc)


def _no_event() -> Event:  # `ArbiterApp.event` before the file is read: never (`__init__` reads it first)
    raise RuntimeError("the App has read no event file yet")


def _stop_if_cancelled() -> None:
    """The store's `waiting` hook: a wait for the lock in a cancelled worker (the App quits) ends there."""
    try:
        worker = get_current_worker()
    except NoActiveWorker:
        return
    if worker.is_cancelled:
        raise WorkerCancelled("the wait for the lock was stopped")


class ArbiterApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "arbiter"
    ENABLE_COMMAND_PALETTE = True
    # the palette offers our actions only: Textual's own (theme, maximize, screenshot, its English
    # key panel) would be English words in a Russian palette, and the theme must stay the 16-colour one
    COMMANDS = {ActionsProvider}

    event: var[Event] = var(_no_event, always_update=True, init=False)  # what the file holds
    lang: var[str] = var("en", init=False)
    job: var[Job | None] = var(None, init=False)  # the slow computation under way (one at a time)
    others: var[tuple[str, ...]] = var((), init=False)  # who else has the event open (user@SSH client)

    def __init__(self, path: str | Path, *, clock: Callable[[], datetime] = _utcnow, lang: str | None = None,
                 poll_interval: float = 1.0, presence: bool = True, user: str | None = None,
                 progress_hook: Callable[[], None] | None = None, by: str | None = None) -> None:
        super().__init__()
        self._waiting: list[Change] = []  # changes waiting for the lock, in order (the first one's worker runs)
        self._settled: list[Callable[[], None]] = []  # what waits for them all to be through (`when_settled`)
        self._jobs: list[Job] = []  # jobs whose thread has not ended yet (a stopped one ends at its next step)
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
        self.main: MainScreen | None = None
        self.changes_seen = 0  # how many outside changes the poll picked up (tests)
        self.crashes: list[BaseException] = []  # unexpected errors, each logged and said (tui/crash.py)
        compat.on_unhandled(self, partial(crash.handle, self))
        self.keyguard = KeyGuard(self)  # keys typed in a dialog never reach the screen beneath (tui/keyguard.py)

    def on_mount(self) -> None:
        self.theme = "ansi-dark"
        self.title = clean(self.event.name)
        self.main = MainScreen()
        self.push_screen(self.main)
        if self.presence is not None:
            self.presence.beat()
            self.others = tuple(p.label() for p in self.presence.others())
        if self.poll_interval:
            self.set_interval(self.poll_interval, self.poll)
        # once the round is on the screen: the repair's worker and the modules of the screens not yet needed would
        # else take the interpreter from the first frame
        self.call_after_refresh(self._started)
        self.set_timer(5.0, collect_from_now)  # (and at the latest now, whatever held the first frame back)

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

    # -- changes: one transaction each, waiting for the lock in a worker --------------------------
    def open_event_file(self, path: str | Path) -> EventFile:
        """The event file, its lock waits and repairs told on the message line, a wait stopped when the App quits."""
        return EventFile(path, on_wait=self.told, on_notice=self.told, waiting=_stop_if_cancelled)

    def told(self, said) -> None:
        """What the store says during a transaction (who holds the lock, what it repaired), from any thread."""
        self.post_message(Told(said))

    @on(Told)
    def _say_told(self, m: Told) -> None:
        self.say(m.said.text(self.lang), "yellow")

    @property
    def changing(self) -> bool:
        """A change is waiting for the lock (or running) in a worker."""
        return bool(self._waiting)

    def when_settled(self, fn: Callable[[], None]) -> None:
        """`fn()` once no change waits for the lock (now if none does), before the keys held meanwhile go on."""
        self._settled.append(fn) if self._waiting else fn()

    def commit(self, command: Command) -> Change:
        """One command (core/commands) in one transaction of the file (`transact`)."""
        return self.transact(command, lambda f: run_command(f, command))

    def transact(self, what: Any, op: Callable[[EventFile], Any], *, at_once: bool = True) -> Change:
        """`op(file)` (one transaction: a command, an undo, a redo) as a `Change`.

        The lock free (or freed within FAST_LOCK seconds), it is through at once. Held longer by another
        judge, it waits in a worker with the file's whole patience: the screen answers meanwhile, the store's
        notice of who holds the lock comes to the message line after two seconds, and the change is through
        once the worker posts `Committed`. A change made while another waits goes after it, in order. Either
        way the App holds what the file holds before the change says it is through.
        """
        change = Change(what, op, self.file, self.event)
        if self._waiting or not at_once:
            self._enqueue(change)
            return change
        patience = self.file.lock_timeout
        self.file.lock_timeout = min(patience, FAST_LOCK)
        try:
            result: Any = op(self.file)
        except LockBusy:
            # the worker starts once this handler is through, with the whole patience back (restored only
            # after, it could give up at FAST_LOCK: a judge's result lost while another judge saved)
            self.file.lock_timeout = patience
            self._enqueue(change)
            return change
        except ArbiterError as exc:
            result = exc
        finally:
            self.file.lock_timeout = patience
        self._through(change, result)
        return change

    def _enqueue(self, change: Change) -> None:
        change.waited = True
        self._waiting.append(change)
        if len(self._waiting) == 1:
            self._wait_for_lock(change)
        self.refresh_keys()  # the result keys wait for it

    @work(thread=True, group="change", exit_on_error=False)
    def _wait_for_lock(self, change: Change) -> None:
        """The worker of the first waiting change: its transaction, with the file's whole patience."""
        try:
            result: Any = change.op(change.file)
        except WorkerCancelled:
            return  # the App quits: nothing was changed, nobody is told
        except ArbiterError as exc:
            result = exc
        except Exception as exc:  # noqa: BLE001 - a bug: raised on the event loop
            result = exc
        self.post_message(Committed(change, result))

    @on(Committed)
    def _committed(self, m: Committed) -> None:
        if self._waiting and self._waiting[0] is m.change:
            self._waiting.pop(0)
        try:
            self._through(m.change, m.result)
        finally:  # the next one's worker only now: the file is the event loop's until this one is shown
            if self._waiting:
                self._wait_for_lock(self._waiting[0])
            else:
                self.refresh_keys()  # the result keys apply again
                while self._settled and not self._waiting:
                    self._settled.pop(0)()

    def _through(self, change: Change, result: Any) -> None:
        try:
            self.show_event(self.file.load())
        except ArbiterError as exc:
            self.say(message(exc, self.lang), "bold red")
        if isinstance(result, BaseException) and not isinstance(result, ArbiterError):
            raise result
        change.finish(result)

    def refresh_keys(self) -> None:
        for screen in self.screen_stack:
            if isinstance(screen, ArbiterScreen):
                screen.keys_changed()

    def undo(self) -> Change:
        return self.transact("undo", lambda f: f.undo())

    def redo(self) -> Change:
        return self.transact("redo", lambda f: f.redo())

    def _started(self) -> None:
        """The round is on the screen: what was put off for it."""
        collect_from_now()  # (tui/startup.py)
        self.settle()
        self.load_screens()
        if self.main is not None:
            self.main.prepare_standings()

    def load_screens(self) -> None:
        """Load the screens the main screen opens on demand (the pairing preview, the line-ups): their rows of the
        action table are then on the `?` page, and their first opening is not slower than the next."""
        from .screens import lineups, preview, team_preview  # noqa: F401

    def settle(self) -> None:
        """On opening: what a crash or a full disk left is repaired (said on the message line), in a worker."""
        self.transact("settle", lambda f: f.settle(), at_once=False)

    def reload(self) -> None:
        """Read the file again now (tests; the poll does it by itself)."""
        self.show_event(self.file.load())

    def say(self, text: str, style: str = "") -> None:
        """A line for the message line of the topmost screen that has one (not a dialog's)."""
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
        reports.check(self)  # what players sent from their phones (the status line counts it)
        if self.presence is not None:
            t = self.now().timestamp()
            if t - self._last_beat >= HEARTBEAT:
                self._last_beat = t
                self.presence.beat()
            others = tuple(p.label() for p in self.presence.others())
            if others != self.others:
                self.others = others

    def check_file(self) -> None:
        """Read the file again if it changed on disk; a big one in a worker (the screen keeps answering)."""
        if self._waiting:
            return  # a worker has the file: read once it is through
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
        self._read_big_file(self.file.path, stamp, self.file.stamp)

    @work(thread=True, group="reload", exclusive=True, exit_on_error=False)
    def _read_big_file(self, path: Path, stamp: Stamp | None, ours: Stamp | None) -> None:
        reader = EventFile(path)  # its own: the App's file is never touched by the worker
        try:
            reader.load()
        except ArbiterError as exc:
            self.post_message(Reloaded(stamp, ours, exc))
            return
        if not get_current_worker().is_cancelled:
            self.post_message(Reloaded(stamp, ours, reader))

    @on(Reloaded)
    def _reloaded(self, m: Reloaded) -> None:
        if self._reading != m.stamp:
            return  # a newer version is being read
        self._reading = None
        if isinstance(m.reader, ArbiterError):
            self.say(message(m.reader, self.lang), "bold red")
            return
        if self.file.stamp != m.ours or self.file.path != m.reader.path or m.reader.event is None:
            return  # this session saved (or opened another file) meanwhile: the next poll decides again
        self.file = self.open_event_file(m.reader.path)
        self.file.event, self.file.stamp = m.reader.event, m.reader.stamp
        self._outside_change(m.reader.event)

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
    async def run_job(self, what: Words, work: Callable[[Callable[..., None]], T]) -> T | None:
        """`work(progress)` in a thread worker, the progress line showing `what`; its result, or None when it
        was stopped (Esc, another job) or refused (the engine's refusal said on the message line)."""
        self.stop_job()
        job = Job(what)
        self.job = job
        self._jobs.append(job)
        worker = self.run_worker(partial(in_worker, job, work, self.progress_hook), name="job", group="job",
                                 thread=True, exclusive=True, exit_on_error=False)
        try:
            with awaiting():  # the flow that waits for it opens no dialog meanwhile: keys go on (Esc stops it)
                return await worker.wait()
        except WorkerCancelled:
            return None
        except WorkerFailed as failed:
            if isinstance(failed.error, WorkerCancelled):
                return None
            if isinstance(failed.error, ArbiterError):
                self.say(message(failed.error, self.lang), "bold red")
                return None
            raise failed.error from None  # a bug: shown as one (the same as on the event loop)
        finally:
            if self.job is job:
                self.job = None
            self._jobs = [j for j in self._jobs if not j.ended.is_set()]

    def stop_job(self) -> Job | None:
        """Stop the job under way: its result is thrown away (the file was never touched by it)."""
        job = self.job
        if job is None:
            return None
        self.job = None
        self.workers.cancel_group(self, "job")
        return job

    def unfinished_jobs(self) -> list[Job]:
        """Jobs whose thread is still running (a stopped one ends at its next progress step; tests wait)."""
        return [j for j in self._jobs if not j.ended.is_set()]

    # -- keys of the App --------------------------------------------------------------------------------
    async def on_event(self, event: events.Event) -> None:
        """Esc typed just before a key (within ESCDELAY, 100 ms) reaches Textual as one Alt chord: it is Esc,
        then the key (arbiter binds no Alt chord: SSH terminals do not send them reliably)."""
        if isinstance(event, events.Key) and not self.screen_stack:
            return  # keys still arriving while the App closes (typed after q over a slow link): no screen to take them
        if isinstance(event, events.Key) and not event.is_forwarded:
            for key in self.keyguard.take(event):  # (held while a dialog opens; dropped when typed in one since closed)
                await self.hand_on(key)
            return
        if isinstance(event, events.Key):
            if self.keyguard.came_back(event):  # (not typed in a dialog closed since, nor before one open now)
                with self.keyguard.binding(event):  # (a result key may wait for the change under way)
                    await super().on_event(event)
            return
        await super().on_event(event)

    async def hand_on(self, key: events.Key) -> None:
        """A key from the terminal to the screen on top (through `KeyGuard`, which is told which screen it was)."""
        for k in escape_then_key(key) or [key]:
            k.time = key.time  # when it was typed
            setattr(k, "typed", getattr(key, "typed", -1))  # in which order (tui/keyguard.py)
            k.typed_on = self.screen  # type: ignore[attr-defined]  # (ours: tui/keyguard.py reads it)
            await super().on_event(k)

    async def run_action(self, action, default_namespace=None, namespaces=None) -> bool:
        """A binding's action (on the App's own loop): an error in a dialog's closes it, said (`dialogs.failed_in`)."""
        try:
            return await super().run_action(action, default_namespace, namespaces)
        except Exception as error:
            if not failed_in(default_namespace, error):
                raise
            return True

    def pop_screen(self):
        self.keyguard.closing()  # a dialog: keys typed in it until now never reach the screen beneath
        return super().pop_screen()

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


def _host(app: ArbiterApp) -> ArbiterHost:
    return app  # the type checker holds ArbiterApp to what its screens and widgets use of it (tui/host.py)


def run(path: str) -> int:
    # the file is read once, before the terminal is taken: a missing or broken file is one line from the
    # command line (the ArbiterError goes up to it), no traceback
    app = ArbiterApp(path)
    app.run()
    return crash.ended(app)  # 1 after an unexpected error: its line on stderr, its traceback in a log file
