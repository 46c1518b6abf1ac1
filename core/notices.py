"""Where the event file's store tells of a long wait for the lock and of a repair, for every `EventFile`
made without callbacks of its own (the command line: a line on stderr each).

A module of its own, not core/store's, so that the command line sets it before any command runs without
loading the store (`arbiter --help`, `arbiter trf pair` never read an event file).
"""

from __future__ import annotations

from typing import Any, Callable

REPORT: dict[str, Callable[[Any], None] | None] = {"on_wait": None, "on_notice": None}


def report_to(*, on_wait: Callable[[Any], None] | None = None,
              on_notice: Callable[[Any], None] | None = None) -> None:
    """Where every `EventFile` made afterwards without its own callbacks tells of a long lock wait and of repairs."""
    REPORT["on_wait"], REPORT["on_notice"] = on_wait, on_notice
