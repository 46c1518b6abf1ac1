"""The App as its screens and widgets see it: `ArbiterHost`, what they may use of `ArbiterApp` (tui/app.py).

Textual types a node's `app` as any `App`; the screens and widgets of arbiter
run in `ArbiterApp`, and use its event, language, changes and jobs through
this protocol: `ArbiterScreen.arb` (tui/screens/base.py) and
`arbiter_app(node)` give it. The App module imports the screens, so they
cannot import it back (tests/core/test_layering.py): they import this
protocol instead, and the type checker holds `ArbiterApp` to it
(tui/app.py `_host`).
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, Callable, Protocol, TypeVar, cast

from textual.app import App

from arbiter_tournament.core.commands import Command
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.store import EventFile

from .changes import Change
from .jobs import Job, Words

if TYPE_CHECKING:
    from .keyguard import KeyGuard

T = TypeVar("T")


class ArbiterHost(Protocol):
    """What the screens and widgets use of `ArbiterApp`: the event the file holds, the language, who enters
    results, the changes (one command in one transaction each), the one job under way."""

    event: Event  # what the file holds (a reactive value: screens are told when it changes)
    lang: str  # "en" or "ru" (reactive)
    job: Job | None  # the slow computation under way (reactive)
    others: tuple[str, ...]  # who else has the event open (reactive)
    file: EventFile
    by: str  # who enters a result, as user@host
    poll_interval: float  # seconds between reads of the file
    keyguard: KeyGuard  # keys held while a dialog opens or the last change waits (tui/keyguard.py)

    @property
    def changing(self) -> bool:
        """A change is waiting for the lock (or running) in a worker."""
        ...

    def now(self) -> datetime: ...

    def commit(self, command: Command) -> Change: ...

    def when_settled(self, fn: Callable[[], None]) -> None: ...

    def undo(self) -> Change: ...

    def redo(self) -> Change: ...

    async def run_job(self, what: Words, work: Callable[[Callable[..., None]], T]) -> T | None: ...

    def stop_job(self) -> Job | None: ...

    def load_screens(self) -> None: ...

    def last_author(self) -> str: ...


class InApp(Protocol):
    """Anything Textual runs in an App (a screen, a widget, a command palette's provider)."""

    @property
    def app(self) -> App[Any]: ...


def arbiter_app(node: InApp) -> ArbiterHost:
    """The App `node` runs in, as `ArbiterHost` (arbiter's screens and widgets run only in `ArbiterApp`)."""
    return cast(ArbiterHost, node.app)
