"""Driving the judge's TUI in tests: the app in an 80x24 terminal, waiting for it, reading the screen.

The fixtures (a copy of the demo, an event of one table, no fsync) are in
tests/tui/conftest.py; the tests import these helpers from here.
"""

from __future__ import annotations

import asyncio
import functools
from datetime import datetime, timezone

from arbiter_tournament.core.store import load
from arbiter_tournament.core.store.judge import here
from arbiter_tournament.tui import compat
from arbiter_tournament.tui.app import ArbiterApp
from arbiter_tournament.tui.screens.dialogs import LineScreen
from arbiter_tournament.tui.screens.preview import PreviewScreen

SIZE = (80, 24)
JUDGE1 = f"judge1@{here()}"  # who a result is entered by, as the command line says it: user@host


def sync(fn):
    """Run an async test with asyncio (no asyncio plugin for pytest is installed)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return asyncio.run(fn(*args, **kwargs))

    return wrapper


def screen_text(app) -> str:
    """What the terminal shows, as plain text (the compositor's lines)."""
    return compat.screen_text(app)


def flat(app) -> str:
    """The screen's words as one line, without a dialog's borders (a wrapped sentence reads whole)."""
    return " ".join(" ".join(line.strip().strip("│").split()) for line in screen_text(app).splitlines())


def game(path, board, number=4, table=1, stage="swiss"):
    return load(path).find_round(stage, table, number).game(board)


def make_app(path, **kw) -> ArbiterApp:
    kw.setdefault("user", "judge1")
    kw.setdefault("lang", "en")
    return ArbiterApp(path, **kw)


class FrozenClock:
    def __init__(self) -> None:
        self.t = datetime(2026, 11, 30, 10, 0, 0, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        return self.t


async def until(pilot, predicate, what: str = "", timeout: float = 20.0) -> None:
    """Let the app run until `predicate()` holds (work in a thread: a pairing, the standings of a big event)."""
    import time

    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise AssertionError(f"waited {timeout} s for {what or predicate}:\n{compat.screen_text(pilot.app)}")
        await pilot.pause(0.02)


async def pair_preview(pilot) -> PreviewScreen:
    """`p`, then the preview once the pairing (a job) is done."""
    await pilot.press("p")
    await until(pilot, lambda: isinstance(pilot.app.screen, PreviewScreen), "the pairing preview")
    await pilot.pause()
    return pilot.app.screen


async def type_line(pilot, text: str, typed: bool = False) -> None:
    """The ':' line, `text` entered on it."""
    await pilot.press("colon")
    await answer_line(pilot, text, typed)


async def answer_line(pilot, text: str, typed: bool = False) -> None:
    """`text` entered on the one-line question now open (the ':' line, the clock's minutes ...)."""
    await pilot.pause()
    assert isinstance(pilot.app.screen, LineScreen), screen_text(pilot.app)
    if typed:
        await pilot.press(*list(text))
    else:
        pilot.app.screen.query_one("#line-input").value = text
    await pilot.press("enter")
    await pilot.pause()
