"""Keys typed in a dialog stay in the dialog: none reaches the screen beneath.

Over a laggy SSH link the keys a judge types arrive in bursts: `c - -`
reaches the App at once. Textual hands each key to the screen on top *when
it handles it*, not when it was typed, so two things went wrong:

* a key typed after the key that opens a dialog, handled before the dialog
  is on the screen (a dialog is opened by a flow of questions, a worker that
  starts after the key is handled), went to the screen beneath: `c -` took
  the `-` as a forfeit on the board under the cursor;
* a key typed in a dialog, handled after the dialog was closed by a key
  before it (`y y`, `⏎ 1`), went to the screen beneath too.

Textual takes a key in two steps: the App hands it to the focused widget
of the screen on top (`ArbiterApp.hand_on`, which notes that screen on the
key: `typed_on`), and a key the widget does not take comes back up to the
App, which runs the binding it has (`ArbiterApp.on_event`). `KeyGuard`
looks at both steps:

* a key that comes back from a screen a dialog has opened over since goes to
  the dialog (handed on again); one that comes back from a dialog closed
  since is dropped (`dropped`): a key typed in a dialog never runs a binding
  of the screen beneath;
* a key that comes while a flow of questions started on the screen shown
  (a worker of `FLOWS`) has not yet opened its dialog is held, and handed
  on, in the order typed, once the dialog is open (to the dialog) or the
  flow has ended without one (to the screen);
* a key typed before a dialog was closed (`Key.time`, stamped as the
  terminal's bytes are read) and handled after is dropped, unless a dialog
  is on top again (the next question of the flow: it is typed into it);
* but the Enter of a one-line prompt (the `:` line: a dialog's `ANSWERS`)
  is the judge's own full stop: the keys typed after it wait until it has
  closed its dialog (`answering`; handed to the line's Input, they were
  typed into it before the App ran the Enter's binding: `:1 1-0⏎:2 =⏎` was
  the line `1 1-0:2 =`), and then go on, in order, to what is on top
  (`gone_past`): as typed slowly (the second `:` opens the line again).

A result key typed while the last change waits for the event's lock (the
repairs on opening, a result before it while another judge saves) would be
entered over a board the screen does not show yet: its binding holds it
(`defer`, from `tui.actions.run`), with every key typed after it, and hands
them on in order once the change is through (Esc drops them, said); a key
typed in the same burst and handed on before is held when it comes back.

A flow that waits for its job (Esc stops it) or for its change (another
judge holds the lock) opens no dialog meanwhile: while it waits (`awaiting`,
around the awaits of `ArbiterApp.run_job` and `Change`) it holds no key. A job or a
change of something else (the repairs on opening, a result entered before,
waiting for the lock) holds back no flow's keys: `c4` typed at once, while
the file was being repaired on opening, lost its `4` so. `HOLD_MAX` is only
a net for a flow that waits on something else for longer: its keys go on to
the screen then. Dialogs themselves ignore a key handled after they were
closed (`tui.screens.dialogs.Dialog.dismiss`).
"""

from __future__ import annotations

from collections import deque
from contextlib import contextmanager
from itertools import count
from typing import TYPE_CHECKING, Any, Iterator
from weakref import WeakSet

from textual.screen import ModalScreen, Screen
from textual.worker import NoActiveWorker, Worker, get_current_worker

from . import compat
from .i18n import tr

if TYPE_CHECKING:
    from textual import events

FLOWS = frozenset({"question", "pairing", "alarm"})  # the worker groups of flows that open dialogs (tui/screens)
HOLD_MAX = 10.0  # seconds a key waits at most for the dialog its flow is about to open (a net: see above)
WAKE = 0.02  # seconds between looks at whether held keys can go on

_AWAITING: WeakSet[Worker[Any]] = WeakSet()  # flows waiting for their job or change: they open no dialog meanwhile


@contextmanager
def awaiting() -> Iterator[None]:
    """Around a flow's wait for its job or its change: it opens no dialog meanwhile, so keys typed go on to the
    screen (Esc stops the job). Outside a flow (a key's handler, the repairs on opening) it does nothing."""
    try:
        worker = get_current_worker()
    except NoActiveWorker:
        yield
        return
    _AWAITING.add(worker)
    try:
        yield
    finally:
        _AWAITING.discard(worker)


def _screen_of(node: Any) -> Screen | None:
    if isinstance(node, Screen):
        return node
    try:
        return node.screen
    except Exception:  # noqa: BLE001 - the App, or a widget no longer mounted
        return None


class KeyGuard:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.held: deque[events.Key] = deque()
        self.closed_at = float("-inf")  # when the last dialog was closed (the clock of Key.time)
        self.dropped = 0  # keys typed in a dialog since closed, never handed on (tests)
        self._waking = False
        self._typed = count()
        self.running: events.Key | None = None  # the key whose binding runs now (`binding`)
        self.answer: tuple[events.Key, Any] | None = None  # a key that answers the dialog it was handed to, and it
        self.answered = -1  # `typed` of the key that answered the dialog closed last (-1: none did)

    def closing(self) -> None:
        """The screen on top is being closed: if it is a dialog, keys typed until now never reach the one beneath,
        but for those typed after the key that answered it (`answering`)."""
        if self.in_dialog():
            self.closed_at = compat.key_clock()
            answer = self.answer
            self.answered = getattr(answer[0], "typed", -1) if answer and answer[1] is self.app.screen else -1
            self.answer = None

    def answering(self) -> bool:
        """A key that answers the dialog on top (`ANSWERS`: the `:` line's Enter) was handed to it and it has not
        closed yet: the keys typed after it wait, to go where they would have gone typed after it had closed."""
        if self.answer is None:
            return False
        if self.answer[1] is self.app.screen:
            return True
        self.answer = None  # closed (or another opened over it)
        return False

    def gone_past(self, key: events.Key) -> bool:
        """`key` was typed after the key that answered the dialog closed last: it is the judge's next key, not one
        typed in that dialog (`:1 1-0⏎:2 =⏎` in one burst: the second `:` opens the line again)."""
        return self.answered >= 0 and getattr(key, "typed", -1) > self.answered

    def in_dialog(self) -> bool:
        return isinstance(self.app.screen, ModalScreen)

    def opening(self) -> bool:
        """A flow of questions started on the screen shown has not opened its dialog yet (and is not waiting for
        its job or change)."""
        app = self.app
        if self.in_dialog():
            return False
        screen = app.screen
        return any(w.group in FLOWS and not w.is_finished and w not in _AWAITING and _screen_of(w.node) is screen
                   for w in app.workers)

    def take(self, key: events.Key | None = None) -> Iterator[events.Key]:
        """The keys to hand on now, in order (`key`, the one just come, after those held before it)."""
        if key is not None and key.key == "escape" and self.for_change():
            self.app.say(tr(self.app.lang, "keys_dropped", n=len(self.held)), "yellow")
            self.held.clear()  # (and the Esc: it has done what it was for)
            return
        if key is not None:
            setattr(key, "typed", next(self._typed))  # the order typed in (a held key is put back in its place)
            self.held.append(key)
        while self.held:
            first = self.held[0]
            blocked = (self.opening() or self.answering()
                       or (getattr(first, "for_change", False) and self.app.changing))
            if blocked and compat.key_clock() - first.time < HOLD_MAX:
                self._wake_later()
                return
            self.held.popleft()
            if first.time <= self.closed_at and not self.in_dialog() and not self.gone_past(first):
                self.dropped += 1  # typed in a dialog that has closed since
                continue
            if first.key in getattr(self.app.screen, "ANSWERS", ()) and self.in_dialog():
                self.answer = (first, self.app.screen)  # the keys after it wait until it has closed the dialog
            yield first

    def came_back(self, key: events.Key) -> bool:
        """A key the focused widget did not take, back at the App for its binding: whether it goes on (True), or was
        dropped, held or handed to the dialog opened since (False)."""
        typed_on = getattr(key, "typed_on", None)
        if typed_on is None:
            return True
        if typed_on is not self.app.screen:
            if isinstance(typed_on, ModalScreen):
                self.dropped += 1  # typed in a dialog closed since: never a binding of the screen beneath
            else:
                self.hold(key)  # typed before the dialog (or screen) on top now was opened: its key
            return False
        if self.opening() or self.behind(key):
            self.hold(key)
            return False
        return True

    @contextmanager
    def binding(self, key: events.Key) -> Iterator[None]:
        """Around the binding of a key come back (`defer` knows which key it is)."""
        self.running = key
        try:
            yield
        finally:
            self.running = None

    def defer(self) -> bool:
        """The key whose binding runs now waits for the change under way (a result key while the last change
        waits for the lock): held with the keys typed after it, handed on again once the change is through.
        False when no key runs (the palette, a test's call) or it has waited HOLD_MAX: it is refused then."""
        key = self.running
        if key is None or compat.key_clock() - key.time >= HOLD_MAX:
            return False
        self.running = None
        if not self.held:
            self.app.say(tr(self.app.lang, "keys_held"), "yellow")
        self.hold(key, for_change=True)
        return True

    def for_change(self) -> bool:
        """Keys are held until the change under way is through (`defer`)."""
        return bool(self.held) and getattr(self.held[0], "for_change", False)

    def behind(self, key: events.Key) -> bool:
        """A key typed after one held for the change under way: it goes after it."""
        typed = getattr(key, "typed", -1)
        return self.for_change() and any(getattr(h, "typed", -1) < typed for h in self.held)

    def hold(self, key: events.Key, for_change: bool = False) -> None:
        """`key` again as the terminal gave it, held, to be handed on afresh (to the dialog, once it is open)."""
        from textual import events

        again = events.Key(key.key, key.character)
        again.time = key.time
        typed = getattr(key, "typed", -1)
        setattr(again, "typed", typed)
        setattr(again, "for_change", for_change or getattr(key, "for_change", False))
        # in the order typed: after the keys typed before it that are held, before those typed after it (a key of
        # the same burst handed on directly and held when it came back, while a later one came from the terminal)
        at = len(self.held)
        while at and getattr(self.held[at - 1], "typed", -1) > typed:
            at -= 1
        self.held.insert(at, again)
        self._wake_later()

    def _wake_later(self) -> None:
        if not self._waking:
            self._waking = True
            self.app.set_timer(WAKE, self._wake)

    async def _wake(self) -> None:
        self._waking = False
        for key in self.take():
            await self.app.hand_on(key)


def escape_then_key(event: events.Key) -> list[events.Key] | None:
    """An `alt+<key>` event as the two keys typed (Esc, then the key); None for any other key (`ArbiterApp.hand_on`:
    arbiter binds no Alt chord, and Esc typed within 100 ms of a key reaches Textual as one)."""
    from textual import events
    from textual.keys import key_to_character

    if not event.key.startswith("alt+"):
        return None
    name = event.key[len("alt+"):]
    if name.startswith("shift+") and len(name) == len("shift+") + 1 and name[-1].isalpha():
        name = name[-1].upper()  # a capital letter is its own key (K, not shift+k)
    char = event.character if event.character else key_to_character(name)
    return [events.Key("escape", "\x1b"), events.Key(name, char)]
