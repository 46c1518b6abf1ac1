"""What every screen of the judge's TUI does alike: its keys from the action table, its message line, changes.

`ArbiterScreen` runs the keys of its scope (`act(id)`: the action, or why it
does not apply, on the message line), keeps the footer in step with what
applies, says messages (its own and `Say` from its widgets), and follows
the event (`EventChanged` from the App: `event_changed`).

`attempt(op, ...)` is the one place an engine error is reported: it runs
`op` and, on an `ArbiterError`, says the message in the judge's language
and gives None. `run_change(command, then=...)` is a change to the event
(a command of `core.commands`, run by `ArbiterApp.commit` in one
transaction of `EventFile.change`): the screen's
own panels are shown again as soon as it is through, then `then(new event)`
runs, or the refusal is said. A change usually goes through at once; one
that waits for another judge's lock goes through later (the screen answers
meanwhile), so what follows a change is always in `then`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from textual.screen import Screen

from arbiter.core.commands import Command
from arbiter.core.errors import ArbiterError, Conflict, message
from arbiter.core.event.model import Event

from .. import actions
from ..i18n import tr
from ..widgets.keys_bar import KeysBar
from ..widgets.messages import EventChanged, LangChanged, Say
from ..widgets.status import MessageLine

if TYPE_CHECKING:
    from ..app import ArbiterApp


class ArbiterScreen(Screen):
    ACTION_SCOPE = ""
    _keys_pending = False  # the footer is told once the messages being handled are done

    @property
    def arb(self) -> "ArbiterApp":
        return self.app  # type: ignore[return-value]

    # -- keys ---------------------------------------------------------------------------------
    def action_act(self, action_id: str) -> None:
        actions.run(self, action_id)
        self.keys_changed()

    def applies(self, action_id: str) -> bool:
        """Whether the action applies now (as the footer and the palette see it)."""
        return actions.BY_ID[action_id].why_not(self) is None

    def keys_changed(self) -> None:
        """The footer shows what applies now: asked once the messages being handled are done (a result
        key changes the event, the cursor and the message line, and the footer needs to look once)."""
        if not self._keys_pending:
            # (a screen not yet running takes no callback: then nothing is pending, and the next change asks again)
            self._keys_pending = self.call_later(self._update_keys)

    def _update_keys(self) -> None:
        self._keys_pending = False
        for bar in self.query(KeysBar):
            bar.update_keys()

    def on_descendant_focus(self, event) -> None:
        self.keys_changed()

    def on_screen_resume(self) -> None:
        self.keys_changed()

    def open_screen(self, module: str, name: str) -> None:
        """Push the screen class `name` of `tui/screens/<module>.py` (a view with a module of its own: the
        final ranking, the prizes, the categories), so no screen grows a method per view it opens."""
        import importlib

        cls = getattr(importlib.import_module(f"{__package__}.{module}"), name)
        self.app.push_screen(cls())

    def action_help(self) -> None:
        from .dialogs import TextScreen

        lang = self.arb.lang
        self.app.push_screen(TextScreen(tr(lang, "help_title"),
                                        actions.help_text(lang, team=actions.in_team_event(self)), tr(lang, "help_close"),
                                        wrap=True))

    # -- the message line -------------------------------------------------------------------
    def say(self, text: str, style: str = "") -> None:
        for line in self.query(MessageLine):
            line.say(text, style)
            return

    def say_error(self, text: str) -> None:
        self.say(text, "bold red")

    def say_why(self, text: str) -> None:
        """Why a key does nothing now."""
        self.say(text, "yellow")

    def on_say(self, m: Say) -> None:
        m.stop()
        self.say(m.text, m.style)

    # -- the event ----------------------------------------------------------------------------
    def attempt(self, op: Callable[..., Any], *args: Any, on_conflict: Callable[[Conflict], None] | None = None,
                **kwargs: Any) -> Any:
        """`op(*args, **kwargs)`, or None with the engine's refusal said on the message line.

        A `Conflict` (another judge changed the same thing meanwhile) goes to
        `on_conflict` when there is one.
        """
        try:
            return op(*args, **kwargs)
        except Conflict as exc:
            if on_conflict is None:
                self.say_error(message(exc, self.arb.lang))
            else:
                on_conflict(exc)
            return None
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return None

    def run_change(self, command: Command, *, then: Callable[[Event], Any] | None = None,
                   on_conflict: Callable[[Conflict], None] | None = None,
                   refused: Callable[[ArbiterError], None] | None = None) -> None:
        """One command (core/commands) in one transaction (`ArbiterApp.commit`); then `then(the event after it)`.

        A refusal is said on the message line (a `Conflict` goes to
        `on_conflict` when there is one), and `refused(exc)` runs after it.
        """
        def done(result: Any) -> None:
            self.event_changed(self.arb.event)  # this screen's panels first, before anything is said
            if isinstance(result, ArbiterError):
                self.attempt(_raise, result, on_conflict=on_conflict)
                if refused is not None:
                    refused(result)
            elif then is not None:
                then(result)

        self.arb.commit(command, done)

    def run_step(self, kind: str, then: Callable[[str], Any]) -> None:
        """Undo or redo (`kind`), one transaction: `then(what it took back or did again)`, or the refusal said."""
        def done(result: Any) -> None:
            self.event_changed(self.arb.event)
            if isinstance(result, ArbiterError):
                self.attempt(_raise, result)
            else:
                then(result)

        self.arb.transact(lambda f: f.undo() if kind == "undo" else f.redo(), done)

    def on_event_changed(self, m: EventChanged) -> None:
        self.event_changed(m.event, m.outside, m.reopened)
        if m.outside:
            self.say(tr(self.arb.lang, "changed_outside", who=m.outside), "cyan")

    def event_changed(self, event: Event, outside: str | None = None, reopened: bool = False) -> None:
        """Show `event` (the screen's own panels); `outside` names another judge's change."""
        self.keys_changed()

    def on_lang_changed(self, m: LangChanged) -> None:
        self.event_changed(self.arb.event)

    def ask_line(self, prompt: str, then: Callable[[str], None], value: str = "", **helpers: Any) -> None:
        """The one-line prompt at the bottom; `then(text)` when something was typed (`helpers`: the completion
        and the prompt while typing, `LineScreen`'s `suggester` and `hint`)."""
        from .dialogs import LineScreen

        def done(text: str | None) -> None:
            if text:
                then(text)

        self.app.push_screen(LineScreen(prompt, value=value, classes="line", **helpers), done)


def _raise(exc: BaseException) -> None:
    raise exc
