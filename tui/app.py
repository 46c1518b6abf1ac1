"""The judge's TUI (Textual): live round, standings and top; results at the speed of slips.

The App owns the event file and nothing else: `self.event` is always what
`EventFile.load()` returned, after each change and on each poll (about every
second, so a change by another judge or by the command line shows within
two seconds). Every action is one call into `core` inside
`EventFile.change` (`apply`). Time is passed in (`clock`) so tests freeze it.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterable

from rich.align import Align
from rich.text import Text
from textual.app import App, SystemCommand
from textual.command import CommandList, CommandPalette
from textual.screen import Screen
from textual.widgets.option_list import Option

from core.errors import ArbiterError, message
from core.formats.text import clean
from core.journal_text import describe, translate
from core.model import Event
from core.store import EventFile
from core.store.journal import who
from core.store.presence import Presence

from .i18n import choose_lang, tr
from .screens.main import MainScreen

HEARTBEAT = 5.0  # seconds between presence heartbeats


class Palette(CommandPalette):
    """Textual's command palette with its two words (the search field, "no matches") in the judge's language."""

    def __init__(self, lang: str) -> None:
        super().__init__(id="--command-palette", placeholder=tr(lang, "palette_search"))
        self.lang = lang

    def _start_no_matches_countdown(self, search_value: str) -> None:
        # Textual 8.2.8's method (pinned), with the text translated
        self._stop_no_matches_countdown()

        def _show_no_matches() -> None:
            if search_value:
                self.query_one(CommandList).add_option(
                    Option(Align.center(Text(tr(self.lang, "palette_none"), style="not bold")), disabled=True,
                           id=self._NO_MATCHES))
                self._list_visible = True
            else:
                self._list_visible = False

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, _show_no_matches)


def _utcnow() -> datetime:
    return datetime.now(timezone.utc)


class ArbiterApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "arbiter"
    ENABLE_COMMAND_PALETTE = True

    def __init__(self, path: str | Path, *, clock: Callable[[], datetime] = _utcnow, lang: str | None = None,
                 poll_interval: float = 1.0, presence: bool = True, user: str | None = None) -> None:
        super().__init__()
        self.file = EventFile(path)
        self.event: Event = self.file.load()
        self.clock = clock
        self.lang = lang or choose_lang(self.event.language)
        self.poll_interval = poll_interval
        self.user = user or who()[0]
        self.presence = Presence(self.file.path, user=self.user, clock=clock) if presence else None
        self.others: list[str] = []
        self._last_beat = 0.0
        self.main: MainScreen | None = None
        self.changes_seen = 0  # how many outside changes the poll picked up (tests)

    def label_palette(self) -> None:
        """The footer's command-palette key in the judge's language."""
        from dataclasses import replace

        for key, bindings in self._bindings.key_to_bindings.items():
            self._bindings.key_to_bindings[key] = [
                replace(b, description=tr(self.lang, "k_palette"))
                if b.action in ("command_palette", "app.command_palette") else b for b in bindings
            ]

    def on_mount(self) -> None:
        self.label_palette()
        self.theme = "ansi-dark"
        self.title = clean(self.event.name)
        self.main = MainScreen()
        self.push_screen(self.main)
        if self.presence is not None:
            self.presence.beat()
            self.others = [p.label() for p in self.presence.others()]
        if self.poll_interval:
            self.set_interval(self.poll_interval, self.poll)

    def on_unmount(self) -> None:
        if self.presence is not None:
            self.presence.leave()

    # -- the event file -------------------------------------------------------------
    def now(self) -> datetime:
        return self.clock()

    def apply(self, fn: Callable[[Event], Event], what: str, saved: Callable[[], None] | None = None) -> Event:
        """One change: `fn` inside the file's transaction; then show what the file holds.

        `saved` (once the change is saved, before the panels are refreshed) lets the
        caller's message reach the screen in the same frame as the panels.
        """
        done = False
        try:
            self.event = self.file.change(fn, what)
            done = True
        finally:
            self.event = self.file.load()
            self.title = clean(self.event.name)
            if done and saved is not None:
                saved()
            if self.main is not None:
                self.main.refresh_all()
        return self.event

    def reload(self) -> None:
        self.event = self.file.load()
        if self.main is not None:
            self.main.refresh_all()

    def undo(self) -> str:
        try:
            return self.file.undo()
        finally:
            self.reload()

    def redo(self) -> str:
        try:
            return self.file.redo()
        finally:
            self.reload()

    def poll(self) -> None:
        """About every second: pick up outside changes, keep the heartbeat, tick the clock."""
        main = self.main
        if main is not None and not main.query("#status"):  # starting or shutting down
            return
        try:
            if self.file.changed_on_disk():
                self.event = self.file.load()
                self.changes_seen += 1
                said = tr(self.lang, "changed_outside", who=self.last_author())
                if main is not None:
                    main.refresh_all()
                    main.say(said, "cyan")
                from .screens.players import PlayersScreen

                if isinstance(self.screen, PlayersScreen):  # the list open over the main screen follows too
                    self.screen.refresh_list()
                    self.screen.say(said, "cyan")
        except ArbiterError as exc:
            if main is not None:
                main.say_error(message(exc, self.lang))
        if self.presence is not None:
            t = self.now().timestamp()
            if t - self._last_beat >= HEARTBEAT:
                self._last_beat = t
                self.presence.beat()
            others = [p.label() for p in self.presence.others()]
            if others != self.others:
                self.others = others
        if main is not None:
            main.tick()

    def last_author(self) -> str:
        try:
            entries = self.file.history()
        except (ArbiterError, OSError):
            entries = []
        if entries:
            e = entries[-1]
            return f"{e.user}{'@' + e.ssh if e.ssh else ''}: {translate(e.what, self.lang)}"
        return tr(self.lang, "someone")

    # -- the top and the play-off ----------------------------------------------------------
    def top_bracket(self):
        """The knockout bracket (`core.top.bracket`), or None before the top starts."""
        try:
            from core import top as topmod
        except ImportError:  # an engine without the top stage
            return None
        try:
            return topmod.bracket(self.event)
        except ArbiterError:
            return None

    def _stage_started(self, what: str) -> None:
        main = self.main
        if main:
            main.round_no = None
            main.table_index = 0
            main.only_missing = False
            main.refresh_all()
            main.cursor_to_first_missing()
            main.say(what, "bold")

    def start_top(self, lots: bool = False) -> None:
        try:
            from core import top as topmod
        except ImportError:
            if self.main:
                self.main.say_error(tr(self.lang, "top_hook"))
            return
        try:
            self.apply(lambda ev: topmod.start_top(ev, lots=lots), describe("start the top"))
        except ArbiterError as exc:
            if self.main:
                self.main.say_error(message(exc, self.lang))
            return
        self._stage_started(tr(self.lang, "top_started"))

    def start_playoff(self) -> None:
        try:
            from core import playoff_event
        except ImportError:
            if self.main:
                self.main.say_error(tr(self.lang, "playoff_hook"))
            return
        try:
            self.apply(lambda ev: playoff_event.start_playoff(ev, None), describe("start the play-off"))
        except ArbiterError as exc:
            if self.main:
                self.main.say_error(message(exc, self.lang))
            return
        self._stage_started(tr(self.lang, "playoff_started"))

    def action_help_quit(self) -> None:
        """Ctrl+C (Textual's English hint, in the judge's language): q quits."""
        self.notify(tr(self.lang, "quit_hint"), title=tr(self.lang, "quit_title"), markup=False)

    # -- command palette: every action ------------------------------------------------------
    def action_command_palette(self) -> None:
        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(Palette(self.lang))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        main = self.main
        L = self.lang
        if main is not None and screen is main:
            yield SystemCommand(tr(L, "c_pair"), tr(L, "k_pair") + " (p)", main.action_pair)
            yield SystemCommand(tr(L, "c_clock"), "705.3 (c)", main.action_clock)
            yield SystemCommand(tr(L, "c_undo"), "u", main.action_undo)
            yield SystemCommand(tr(L, "c_redo"), "U", main.action_redo)
            yield SystemCommand(tr(L, "c_players"), "P", main.action_players)
            yield SystemCommand(tr(L, "c_explain"), "e", main.action_explain)
            yield SystemCommand(tr(L, "k_swap"), "w", main.action_swap)
            yield SystemCommand(tr(L, "c_exchange"), "X", main.action_exchange)
            yield SystemCommand(tr(L, "c_give_bye"), "", main.action_give_bye)
            yield SystemCommand(tr(L, "c_unpair"), "", main.unpair)
            yield SystemCommand(tr(L, "c_forbid"), "C1", main.action_forbid)
            yield SystemCommand(tr(L, "c_missing"), "m", main.action_missing)
            yield SystemCommand(tr(L, "c_table"), "T", main.action_table)
            yield SystemCommand(tr(L, "standings"), "s", lambda: main.action_view("standings"))
            yield SystemCommand(tr(L, "round"), "r", lambda: main.action_view("round"))
            yield SystemCommand(tr(L, "bracket"), "b", lambda: main.action_view("bracket"))
            yield SystemCommand(tr(L, "c_top"), "K", main.action_start_top)
            yield SystemCommand(tr(L, "c_playoff"), "", self.start_playoff)
            yield SystemCommand(tr(L, "c_moves"), ": 12 m45", lambda: main.action_line(""))
            yield SystemCommand(tr(L, "c_new"), "", self.new_event)
            yield SystemCommand(tr(L, "history_title"), "h", main.action_history)
            yield SystemCommand(tr(L, "c_lang"), "L", main.action_lang)
            yield SystemCommand(tr(L, "c_help"), "?", main.action_help)
        # Textual's own commands (theme, maximize, screenshot, its English key panel) are left out:
        # English words in a Russian palette, and the theme must stay the 16-colour one
        yield SystemCommand(tr(L, "c_quit"), "q", self.exit)

    def prompt(self, text: str, then: Callable[[str], None]) -> None:
        from .screens.dialogs import LineScreen

        def done(value: str | None) -> None:
            if value:
                then(value)

        self.push_screen(LineScreen(text, classes="line"), done)

    def new_event(self) -> None:
        from .screens.new_event import new_event_form

        new_event_form(self)

    def open_file(self, path: str | Path) -> None:
        """Switch this session to another event file (after "new event")."""
        if self.presence is not None:
            self.presence.leave()
        self.file = EventFile(path)
        self.event = self.file.load()
        self.title = clean(self.event.name)
        if self.presence is not None:
            self.presence = Presence(self.file.path, user=self.user, clock=self.clock)
            self.presence.beat()
        if self.main is not None:
            self.main.table_index = 0
            self.main.round_no = None
            self.main.refresh_all()
            self.main.cursor_to_first_missing()


def run(path: str) -> int:
    EventFile(path).load()  # a missing or broken file: one line from the command line, no traceback
    ArbiterApp(path).run()
    return 0
