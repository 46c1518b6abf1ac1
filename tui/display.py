"""The hall display: `arbiter display FILE` on a projector (read-only, full screen).

It cycles the current pairings (each table), the standings (each table) and
the bracket every `interval` seconds, shows the round clock in large digits,
and re-reads the event whenever its file changes on disk (polled once a
second with `EventFile.changed_on_disk`). It never writes the file.

Keys: space or right arrow: next page; left arrow: previous page; p: pause
the cycling; q: quit.

Player names are data: every text goes to the screen as `rich.text.Text`
(never parsed as markup), so `Carol [/]` is shown as written, and through
`core.msg.cells.clean`, so a control, bidi or zero-width character of a
name (an `ESC ]52` that would set the judge's clipboard, `ESC ]2` the
terminal's title, `ESC [2J`) is shown as `?`; the window title too.

In a browser (the players' phones and the hall's projector), the web view of
`arbiter_tournament.tui.web`, with nothing more to install:

    arbiter display saves/demo.toml --serve --port 8000

serves on 127.0.0.1 unless `--host` says otherwise (an address other than
loopback needs `--public` and is warned about); see docs/exports.md.
"""

from __future__ import annotations

import sys
from datetime import datetime, timezone
from typing import Callable

from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Digits, Static

from arbiter_tournament.core.errors import ArbiterError
from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice
from arbiter_tournament.core.formats import exports
from arbiter_tournament.core.msg.cells import clean
from arbiter_tournament.core.msg.i18n import language, words
from arbiter_tournament.core.event.model import Event, Round
from arbiter_tournament.core.store import EventFile
from arbiter_tournament.core.event.systems import Stage, main_stage

Clock = Callable[[], datetime]

__all__ = ["HallDisplay", "display_pages", "clock_text", "round_clock", "run", "serve", "is_loopback"]


def safe(text: str) -> Text:
    """Text from the file for the screen: never markup (a `rich.text.Text`), never an escape
    (`core.msg.cells.clean`: a name's `ESC ]52` cannot reach the judge's terminal). A line
    wider than the screen is cut with `…`, never wrapped onto a line of its own."""
    return Text(clean(text, lines=True), no_wrap=True, overflow="ellipsis")


def _now() -> datetime:
    return datetime.now(timezone.utc)


# ---------------------------------------------------------------------------
# what is shown (pure functions, tested without an App)


def display_pages(event: Event, lang: str | None = None) -> list[tuple[str, str]]:
    """(title, plain text) of each page: pairings per table, standings per table, the bracket, the play-off."""
    lang = lang or language(event)
    t = words(lang)
    pages: list[tuple[str, str]] = []
    for rnd in exports.current_rounds(event):
        body = exports.pairings_text(event, [rnd], lang).splitlines()[4:]  # from the column heads
        pages.append((f"{t('pairings')}: {exports.round_title(event, rnd, t)}", "\n".join(body)))
    stage = main_stage(event.system)
    if event.rounds_of(stage, event.stage_tables(stage)[0]):
        for table in event.stage_tables(stage):
            text = exports.standings_printout(event, lang, tables=[table]).splitlines()[2:]
            pages.append((text[0], "\n".join(text[2:])))
    if exports.top_bracket(event) is not None:
        pages.append((t("bracket"), "\n".join(exports.bracket_printout(event, lang).splitlines()[3:])))
    if event.rounds_of(Stage.PLAYOFF):
        pages.append((t("playoff"), "\n".join(exports.playoff_text(event, lang).splitlines()[3:])))
    if not pages:
        pages.append((event.name, t("no_round")))
    return pages


def round_clock(event: Event) -> Round | None:
    """The current round whose clock is set (the first table's first), or None."""
    for rnd in exports.current_rounds(event):
        if rnd.clock_paused is not None or rnd.clock_deadline:
            return rnd
    return None


def _parse_iso(text: str) -> datetime | None:
    try:
        d = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    return d if d.tzinfo else d.replace(tzinfo=timezone.utc)


def seconds_left(rnd: Round | None, now: datetime) -> tuple[int | None, bool]:
    """(seconds left or None without a clock, paused?)."""
    if rnd is None:
        return None, False
    if rnd.clock_paused is not None:
        return max(0, int(rnd.clock_paused)), True
    end = _parse_iso(rnd.clock_deadline)
    if end is None:
        return None, False
    return max(0, int((end - now).total_seconds() + 0.999)), False


def clock_text(seconds: int | None) -> str:
    """1:05:09, 45:00, 0:07; '' without a clock."""
    if seconds is None:
        return ""
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"


def paginate(pages: list[tuple[str, str]], height: int) -> list[tuple[str, str]]:
    """Split pages taller than `height` lines into several (titled "(1/2)" ...)."""
    height = max(height, 5)
    out = []
    for title, text in pages:
        lines = text.splitlines()
        if len(lines) <= height:
            out.append((title, text))
            continue
        head, rest = lines[:1], lines[1:]  # the column heads on every part
        room = max(1, height - len(head))
        chunks = [rest[i:i + room] for i in range(0, len(rest), room)]
        for k, chunk in enumerate(chunks, start=1):
            out.append((f"{title} ({k}/{len(chunks)})", "\n".join(head + chunk)))
    return out


# ---------------------------------------------------------------------------
# the App


class HallDisplay(App):
    """Read-only full-screen view of an event file for the hall."""

    CSS = """
    Screen { layout: vertical; }
    #top { height: auto; dock: top; }
    #titles { width: 1fr; height: auto; padding: 0 1; }
    #event-name { text-style: bold; }
    #page-title { text-style: bold; color: $accent; }
    #clockbox { width: auto; height: auto; padding: 0 1; align-horizontal: right; }
    #clock-label { width: auto; }
    #clock { width: auto; }
    #page { height: 1fr; padding: 0; }
    #status { dock: bottom; height: 1; color: $text-muted; padding: 0 1; }
    """
    BINDINGS = [
        ("q", "quit", "Quit"),
        ("space,right", "next_page", "Next"),
        ("left", "previous_page", "Back"),
        ("p", "toggle_pause", "Pause"),
    ]
    AUTO_FOCUS = None

    def __init__(self, path: str, interval: float = 15.0, *, poll: float = 1.0, clock: Clock = _now,
                 lang: str | None = None) -> None:
        super().__init__()
        self.file = EventFile(path)
        self.interval = interval
        self.poll = poll
        self.clock = clock
        self.lang_choice = lang
        self.event: Event | None = None
        self.pages: list[tuple[str, str]] = []
        self.index = 0
        self.paused = False
        self.turns = 0  # pages turned by the timer
        self.problem = ""
        self.loaded_at = ""

    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            with Vertical(id="titles"):
                yield Static(Text(""), id="event-name")
                yield Static(Text(""), id="page-title")
            with Vertical(id="clockbox"):
                yield Static(Text(""), id="clock-label")
                yield Digits("", id="clock")
        yield Static(Text(""), id="page")
        yield Static(Text(""), id="status")

    def on_mount(self) -> None:
        self.reload()
        self.set_interval(self.interval, self._cycle)
        self.set_interval(self.poll, self.check_file)
        self.set_interval(1.0, self.show_clock)

    # -- data -------------------------------------------------------------
    @property
    def lang(self) -> str:
        return self.lang_choice or language(self.event)

    def reload(self) -> None:
        """Read the file again and rebuild the pages; on a problem keep showing the last good event."""
        try:
            self.event = self.file.load()
            self.problem = ""
        except ArbiterError as exc:
            self.problem = message(exc, self.lang)
        except OSError as exc:
            self.problem = f"{self.file.path}: {exc.strerror or exc}"
        if self.event is not None:
            self.loaded_at = self.clock().astimezone().strftime("%H:%M:%S")  # the venue's time, as the journal
            self.pages = paginate(display_pages(self.event, self.lang), self._body_height())
            self.index = min(self.index, len(self.pages) - 1)
            self.title = clean(self.event.name)  # a terminal's title: no escape may end it early
        self.render_page()
        self.show_clock()

    def _body_height(self) -> int:
        h = self.size.height if self.size.height else 24
        return max(5, h - 5)

    def check_file(self) -> None:
        if self.file.changed_on_disk():
            self.reload()

    def on_resize(self) -> None:
        if self.event is not None:
            self.pages = paginate(display_pages(self.event, self.lang), self._body_height())
            self.index = min(self.index, len(self.pages) - 1)
            self.render_page()

    # -- drawing ------------------------------------------------------------
    def render_page(self) -> None:
        t = words(self.lang)
        if self.event is None:
            self.query_one("#page", Static).update(safe(self.problem))
            return
        title, text = self.pages[self.index] if self.pages else ("", "")
        self.query_one("#event-name", Static).update(safe(self.event.name))
        self.query_one("#page-title", Static).update(safe(title))
        self.query_one("#page", Static).update(safe(text))
        status = f"{self.index + 1}/{len(self.pages)}  ·  {t('updated_at', when=self.loaded_at)}"
        if self.paused:
            status += f"  ·  {t('paused')}"
        if self.problem:
            status += f"  ·  {self.problem}"
        self.query_one("#status", Static).update(safe(status))

    def show_clock(self) -> None:
        if self.event is None:
            return
        t = words(self.lang)
        rnd = round_clock(self.event)
        secs, paused = seconds_left(rnd, self.clock())
        label = ""
        if secs is not None:
            label = t("round_clock") + (f" ({t('paused')})" if paused else "") + (f" – {t('time_up')}" if secs == 0 else "")
        self.query_one("#clock-label", Static).update(safe(label))
        self.query_one("#clock", Digits).update(clock_text(secs))

    # -- actions ------------------------------------------------------------
    def _cycle(self) -> None:
        if not self.paused:
            self.turns += 1
            self.action_next_page()

    def action_next_page(self) -> None:
        if self.pages:
            self.index = (self.index + 1) % len(self.pages)
            self.render_page()

    def action_previous_page(self) -> None:
        if self.pages:
            self.index = (self.index - 1) % len(self.pages)
            self.render_page()

    def action_toggle_pause(self) -> None:
        self.paused = not self.paused
        self.render_page()


# ---------------------------------------------------------------------------
# entry points

LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost")


def is_loopback(host: str) -> bool:
    """127.0.0.0/8, ::1 or localhost: only this machine can connect."""
    import ipaddress

    if host.strip().lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip().strip("[]")).is_loopback
    except ValueError:
        return False


def serve(path: str, interval: float, host: str = "127.0.0.1", port: int = 8000, max_clients: int | None = None,
          names: tuple[str, ...] = (), per_address: int | None = None, reports: bool = False,
          public_url: str | None = None) -> int:
    """Serve the event to browsers: the web view of `arbiter_tournament.tui.web` (phones and the hall's projector); with
    `reports`, the players' write path too (/me, POST /api/report: docs/players.md)."""
    from arbiter_tournament.tui.web.server import MAX_CLIENTS, PER_ADDRESS, serve as serve_web

    return serve_web(path, interval, host, port, max_clients or MAX_CLIENTS, names,
                     PER_ADDRESS if per_address is None else per_address, reports=reports, public_url=public_url)


def run(path: str, interval: float = 15.0, *, serve_web: bool = False, host: str = "127.0.0.1",
        port: int = 8000, public: bool = False, max_clients: int | None = None, names: tuple[str, ...] = (),
        per_address: int | None = None, reports: bool = False, public_url: str | None = None) -> int:
    """`arbiter display FILE`: 0 when the judge quits; raises ArbiterError if the file cannot be read.

    `--serve` listens on loopback unless `public` (then with a warning on stderr); `names`: the host names the
    venue's network gives this machine (`--name`), answered besides its addresses; `public_url`: the address
    phones open, kept beside the event for the slips' QR codes (`--public-url`; else the one served on)."""
    event = EventFile(path).load()  # a bad file is the caller's one-line error, before the screen is taken
    host = host.strip()
    if host.startswith("[") and host.endswith("]"):  # [::1], as in a URL: the server binds ::1
        host = host[1:-1]
    if not interval > 0:
        raise ArbiterError("--interval {interval}: must be more than 0 seconds", interval=interval)
    if serve_web:
        from arbiter_tournament.tui.web.server import small_objects_from_malloc, venue_name

        small_objects_from_malloc()  # this process started again, once, for the server's memory (tui/web/server.py)

        names = tuple(venue_name(n) for n in names)  # a bad name is one line, before anything is served
        if not is_loopback(host):
            if not public:
                raise ArbiterError("--host {host}: serving the display beyond this machine needs --public "
                                   "(everyone who can reach {host}:{port} sees the event)", host=host, port=port)
            print(f"arbiter: warning: {clean(host)}:{port}: anyone on the network sees the event",
                  file=sys.stderr)
        if reports and not any(p.code for p in event.players):
            print("arbiter: warning: no player has a code yet: give them with `arbiter players codes FILE` "
                  "(docs/players.md)", file=sys.stderr)
        return serve(path, interval, host, port, max_clients, names, per_address, reports, public_url)
    from arbiter_tournament.tui.terminal import follow_the_terminal

    follow_the_terminal()  # the window's size, not an exported COLUMNS/LINES (tui/terminal.py)
    HallDisplay(path, interval).run()
    return 0
