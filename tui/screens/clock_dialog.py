"""The round clock's dialog (`c`): it stays open while the judge adjusts the clock.

`+` and `-` add or take off 5 minutes, and `p` pauses or resumes: each is
one change of the file at once (the message line beneath says the time now)
and the dialog stays, showing the time left, second by second. `m` then
minutes typed: Enter starts the clock with them (as `m` always did), `+`
adds them, `-` takes them off (`c m 55 -`: 55 minutes off); Esc forgets
them. Enter or Esc closes the dialog (Enter with no clock running starts
the round's time, as before). The other answers (start, start on every
table, stop) close it and run as the clock's answers always did
(tui/screens/clock.py). Minutes are the digits 0 to 9, up to a day (1440):
a number above it stays as typed, said in red, and neither Enter nor + or -
takes it (Backspace mends it); any other character typed is said in the
dialog, never taken.
"""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.widgets import Static

from arbiter_tournament.core import limits
from arbiter_tournament.core.event.commands import ROUND_MINUTES

from ..i18n import tr
from ..widgets import clock as clockmod
from ..widgets.messages import EventChanged
from .dialogs import LAYOUT, ChoiceScreen
from .main_host import MainScreenPart

DIGITS = "0123456789"
STEP = 5  # minutes of + and - with nothing typed
TYPED_MAX = 6  # digits taken after m (the minutes are at most limits.MINUTES_MAX, four digits: more are said too many)


class ClockScreen(ChoiceScreen):
    """Answers a key of the clock that closes it ("4", "a", "7", "m", "x"), ("m", minutes) after minutes typed
    and Enter or m, or None (Enter, Esc)."""

    def __init__(self, main: MainScreenPart, title: str, choices: Sequence[tuple[str, str]], *, default: str | None = None,
                 unshown: Sequence[str] = ()) -> None:
        self.main = main
        self.typing = False  # after m: minutes are typed (digits; Enter starts, + adds, - takes off)
        self.typed = ""
        self.note: tuple[str, str] = ("", "")  # (text, style): what the last key did, or why it did nothing
        super().__init__(title, self.body_text(), choices, default=default, classes="ask clock", unshown=unshown)

    @property
    def lang(self) -> str:
        return self.main.arb.lang

    def body_text(self) -> Text:
        lang = self.lang
        rnd = self.main.current_round()
        left = clockmod.remaining(rnd, self.main.arb.now()) if rnd is not None else None
        t = Text(tr(lang, "clock_none") if rnd is None or left is None else
                 tr(lang, "st_paused" if rnd.clock_paused is not None else "st_clock", t=clockmod.fmt(left)),
                 style="bold")
        t.append("\n")
        if self.typing:
            low, high = ROUND_MINUTES  # (705.3: what Enter starts; + and - take any number of minutes)
            t.append(tr(lang, "clock_typed", m=self.typed or "_", low=low, high=high), style="reverse")
        else:
            t.append(tr(lang, "clock_type_hint", step=STEP), style="dim")
        text, style = self.note
        if text:
            t.append("\n")
            t.append(text, style=style)
        return t

    def on_mount(self) -> None:
        self.set_interval(1.0, self.show_body)  # the time left, second by second

    def show_body(self) -> None:
        if self.is_mounted:
            self.query_one(".dialog-body Static", Static).update(self.body_text())

    def on_event_changed(self, m: EventChanged) -> None:
        self.show_body()

    def say(self, text: str, style: str = "") -> None:
        self.note = (text, style)
        self.show_body()

    def on_key(self, event) -> None:
        event.prevent_default()  # ChoiceScreen.on_key only as called below (Textual would call it after this one too)
        if self.closed_already(event):
            return
        ch = event.character or {"minus": "-", "plus": "+"}.get(event.key, "")
        ch = LAYOUT.get(ch, ch)
        if self.typing:
            self.key_typing(event, ch)
        elif ch in ("+", "-"):
            event.stop()
            self.step(+1 if ch == "+" else -1)
        elif ch == "p" and "p" in {k for k, _ in self.choices}:
            event.stop()
            self.say(*self.main.clock_adjust("p"))
        elif ch == "m" and "m" in {k for k, _ in self.choices}:
            event.stop()
            self.typing, self.typed = True, ""
            self.say("")
        elif event.key == "enter" and self.default is None:
            event.stop()
            self.dismiss(None)
        else:
            super().on_key(event)

    def key_typing(self, event, ch: str) -> None:
        """After m: the minutes, digits 0-9; Enter starts the clock with them, + adds them, - takes them off."""
        event.stop()
        lang, most = self.lang, limits.MINUTES_MAX
        if ch and ch in DIGITS:
            if len(self.typed) >= TYPED_MAX:  # (more digits than any number of minutes: not taken, said)
                self.say(tr(lang, "clock_minutes_big", text=self.typed + ch, high=most), "bold red")
                return
            self.typed = (self.typed + ch).lstrip("0")
            self.say_too_many()  # a number above a day is kept as typed and said, never cut
        elif event.key == "backspace":
            self.typed = self.typed[:-1]
            self.say_too_many()
        elif ch in ("+", "-"):
            self.step(+1 if ch == "+" else -1)
        elif event.key == "enter" and self.typed:
            if self.say_too_many():  # above a day: kept as typed, said (Backspace mends it)
                return
            refused = self.main.minutes_refused(int(self.typed))
            if refused is not None:  # said here, the dialog open: the keys typed next are still the dialog's
                self.typed = ""
                self.say(refused, "bold red")
                return
            self.dismiss(("m", int(self.typed)))
        elif event.key in ("escape", "enter"):
            self.typing, self.typed = False, ""
            self.say("")
        elif ch and ch.isprintable():  # a letter, or ², ①, ٣, ３: not the digits 0-9
            self.say(tr(lang, "clock_minutes_bad", text=ch, low=1, high=most), "bold red")

    def say_too_many(self) -> bool:
        """Say (in red) when the minutes typed are above `limits.MINUTES_MAX` (a day), else clear the note; whether
        they are. They stay typed: Backspace mends them."""
        too_many = bool(self.typed) and int(self.typed) > limits.MINUTES_MAX
        self.say(*((tr(self.lang, "clock_minutes_big", text=self.typed, high=limits.MINUTES_MAX), "bold red")
                   if too_many else ("", "")))
        return too_many

    def step(self, sign: int) -> None:
        if self.say_too_many():
            return
        minutes = int(self.typed) if self.typed else STEP
        self.typing, self.typed = False, ""
        self.say(*self.main.clock_adjust("+" if sign > 0 else "-", minutes))
