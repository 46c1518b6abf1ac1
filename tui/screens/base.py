"""What every screen of the judge's TUI does alike: its keys from the action table, its message line, changes.

`ArbiterScreen` runs the keys of its scope (`act(id)`: the action, or why it
does not apply, on the message line; `check_action` hides from the footer
what does not apply, and `keys_changed` asks Textual to look again:
`refresh_bindings`), says messages (its own and `Say` from its widgets), and
follows the event (`EventChanged` from the App: `event_changed`).

`attempt(op, ...)` is the one place an engine error is reported: it runs
`op` and, on an `ArbiterError`, says the message in the judge's language and
gives None. A change to the event is `commit(command)` (a command of
`core.commands`, run by `ArbiterApp.commit` in one transaction of
`EventFile.change`): the screen's own panels are shown again as soon as it is
through, a refusal is said, and it gives the `Change`. A change usually goes
through at once; one that waits for another judge's lock goes through later
(the screen answers meanwhile): what follows a change is a method given to
`change.then(...)`, or, in a flow (`@work` of the screen: a question, then a
change, then another question), `await change`. Questions are dialogs
awaited in a flow: `await self.ask(dialog)`.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable, ParamSpec, TypeVar

from rich.text import Text
from textual import events, on
from textual.screen import Screen

from arbiter_tournament.core.commands import Command
from arbiter_tournament.core.errors import ArbiterError
from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice
from arbiter_tournament.core.event.model import Event

from .. import actions
from ..actions import W, Action
from ..changes import Change
from ..host import ArbiterHost, arbiter_app
from ..i18n import tr
from ..widgets.messages import EventChanged, LangChanged, Say
from ..widgets.status import MessageLine
from .dialogs import ChoiceScreen, LineScreen, TextScreen


P = ParamSpec("P")
T = TypeVar("T")

actions.register(
    Action("help_here", ("question_mark",), W("keys", "клавиши"), W("Show every key", "Показать все клавиши"),
           ("players", "preview"), "action_help", palette=True),
)


class ArbiterScreen(actions.Scoped, Screen):
    ACTION_SCOPE = ""
    _keys_pending = False  # the footer is told once the messages being handled are done
    _resumed: asyncio.Event | None = None

    @property
    def arb(self) -> ArbiterHost:
        """The App as arbiter's (tui/host.py: the event, the language, `commit`, `run_job` ...); `app` is Textual's."""
        return arbiter_app(self)

    # -- keys ---------------------------------------------------------------------------------
    def action_act(self, action_id: str) -> None:
        actions.run(self, action_id)
        self.keys_changed()

    def action_why(self, action_id: str) -> None:
        actions.run(self, action_id)
        self.keys_changed()

    def applies(self, action_id: str) -> bool:
        """Whether the action applies now (as the footer and the palette see it)."""
        return actions.BY_ID[action_id].why_not(self) is None

    def keys_changed(self) -> None:
        """The footer shows what applies now: Textual is asked to look again (`refresh_bindings`) once the
        messages being handled are done (a result key changes the event, the cursor and the message line, and
        the footer needs to look once)."""
        if not self._keys_pending:
            # (a screen not yet running takes no callback: then nothing is pending, and the next change asks again)
            self._keys_pending = self.call_later(self._update_keys)

    def _update_keys(self) -> None:
        self._keys_pending = False
        self.refresh_bindings()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.keys_changed()

    def on_screen_resume(self) -> None:
        self.keys_changed()
        if self._resumed is not None:
            self._resumed.set()

    async def on_top(self) -> None:
        """Until this screen is the one shown (a flow waits so before it opens a dialog over it)."""
        while self.app.screen is not self:
            self._resumed = asyncio.Event()
            await self._resumed.wait()

    def action_help(self) -> None:
        self.arb.load_screens()  # every screen's rows (the App loads the last ones after the first frame)
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

    @on(Say)
    def _said(self, m: Say) -> None:
        m.stop()
        self.say(m.text, m.style)

    # -- the event ----------------------------------------------------------------------------
    def attempt(self, op: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T | None:
        """`op(*args, **kwargs)`, or None with the engine's refusal said on the message line."""
        try:
            return op(*args, **kwargs)
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return None

    def commit(self, command: Command, *, say_refusal: bool = True) -> Change:
        """One command (core/commands) in one transaction (`ArbiterApp.commit`): the `Change`.

        Once it is through, this screen's panels show the event after it and
        a refusal is said (unless `say_refusal` is false: a conflict the
        caller asks about), before anything given to `change.then` runs.
        """
        change = self.arb.commit(command)
        change.then(partial_shown(self, say_refusal))
        return change

    def step(self, kind: str) -> Change:
        """Undo or redo (`kind`), one transaction: the `Change` (its result: what was taken back or done again)."""
        change = self.arb.undo() if kind == "undo" else self.arb.redo()
        change.then(partial_shown(self, True))
        return change

    def shown(self, change: Change, say_refusal: bool = True) -> None:
        self.event_changed(self.arb.event)  # this screen's panels first, before anything is said
        if change.error is not None and say_refusal:
            self.say_error(message(change.error, self.arb.lang))

    def on_event_changed(self, m: EventChanged) -> None:
        self.event_changed(m.event, m.outside, m.reopened)
        if m.outside:
            self.say(tr(self.arb.lang, "changed_outside", who=m.outside), "cyan")

    def event_changed(self, event: Event, outside: str | None = None, reopened: bool = False) -> None:
        """Show `event` (the screen's own panels); `outside` names another judge's change."""
        self.keys_changed()

    def on_lang_changed(self, m: LangChanged) -> None:
        self.event_changed(self.arb.event)

    # -- questions (awaited in a flow: a worker of the screen) -----------------------------------------
    async def ask(self, dialog: Screen) -> Any:
        """The dialog's answer (`push_screen_wait`: only in a worker)."""
        return await self.app.push_screen_wait(dialog)

    async def ask_yes(self, title: str, question: str, yes: str = "") -> bool:
        """A question answered by y; n, Esc and Enter are no: asking first means no by default."""
        lang = self.arb.lang
        return await self.ask(ChoiceScreen(title, Text(question), [("y", yes or tr(lang, "yes")), ("n", tr(lang, "no"))],
                                           default="n", classes="ask")) == "y"

    async def ask_line(self, prompt: str, value: str = "", **helpers: Any) -> str:
        """The one-line prompt at the bottom: what was typed ("" if nothing, or Esc); `helpers`: the completion and
        the prompt while typing (`LineScreen`'s `suggester` and `hint`)."""
        return await self.ask(LineScreen(prompt, value=value, classes="line", **helpers)) or ""


def partial_shown(screen: ArbiterScreen, say_refusal: bool) -> Callable[[Change], None]:
    return lambda change: screen.shown(change, say_refusal)
