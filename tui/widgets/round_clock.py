"""The round clock of the main screen: it ticks every second and knows which deadlines have rung.

The clock itself is in the file (each round's `clock_deadline` or
`clock_paused`, see tui/widgets/clock.py); this widget, never drawn, posts
`Ticked` every second (the status line shows the time left) and answers
`due(...)`: the round whose time has just run out with boards unfinished,
once per deadline (the bell rings once, the 705.3 reminder opens once).
"""

from __future__ import annotations

from datetime import datetime

from textual.message import Message
from textual.widget import Widget

from arbiter_tournament.core.event.model import Event, Round

from . import clock as clockmod


class RoundClock(Widget):
    DEFAULT_CSS = """
    RoundClock {
        display: none;
    }
    """

    class Ticked(Message):
        """A second has passed."""

    def __init__(self, interval: float = 1.0) -> None:
        super().__init__()
        self.interval = interval
        self.rung: set = set()  # (round key, deadline) whose bell has rung in this session

    def on_mount(self) -> None:
        if self.interval:
            self.set_interval(self.interval, lambda: self.post_message(self.Ticked()))

    def due(self, event: Event, stage: str, tables: list, now: datetime) -> Round | None:
        """The first round of these tables (in this order) whose time is up with boards unfinished, not rung yet."""
        for t in tables:
            rs = event.rounds_of(stage, t)
            rnd = rs[-1] if rs else None
            left = clockmod.remaining(rnd, now)
            if rnd is None or left is None or left > 0 or not clockmod.running(rnd) or not rnd.missing:
                continue
            key = (rnd.key, rnd.clock_deadline)
            if key in self.rung:
                continue
            self.rung.add(key)
            return rnd
        return None
