"""The messages the TUI's parts exchange (attributes go down, messages come up).

The App holds the event (`ArbiterApp.event`, a reactive value) and posts
`EventChanged` to every open screen when it changes, whoever changed it;
screens then set what their panels show. Panels and dialogs post `Say`
when they have something for the message line of their screen.
"""

from __future__ import annotations

from textual.message import Message

from arbiter_tournament.core.event.model import Event


class EventChanged(Message):
    """The event the App holds changed: `outside` names who changed it when it was not this session.

    `reopened` is true when the App switched to another file (the screens start again from its
    current round).
    """

    def __init__(self, event: Event, outside: str | None = None, reopened: bool = False) -> None:
        super().__init__()
        self.event = event
        self.outside = outside
        self.reopened = reopened


class LangChanged(Message):
    """The judge switched the language: every word shown is said again."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang


class Say(Message):
    """A line for the message line of the screen this came from (an error, why a key does nothing)."""

    def __init__(self, text: str, style: str = "") -> None:
        super().__init__()
        self.text = text
        self.style = style
