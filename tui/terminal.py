"""The TUI's size is the terminal's, and follows it when the window is resized.

Textual asks `shutil.get_terminal_size()` for the size, at the start and on
every SIGWINCH, and that reads COLUMNS and LINES from the environment
before it asks the terminal. A shell profile that exports them, or a parent
program started in another window, pinned the TUI to that size: drawn at
80x24 in a 120-column window, never redrawn after a resize (the tmux test
of an error in a resize handler waited in vain wherever the suite's
environment had them). They describe the terminal of whoever exported
them, not this one: the TUIs (the judge's and the hall display) drop them
before they take the terminal. A program they start gets the terminal's
size from the terminal too.
"""

from __future__ import annotations

import os
from typing import MutableMapping

PINNING = ("COLUMNS", "LINES")


def follow_the_terminal(environ: MutableMapping[str, str] = os.environ) -> tuple[str, ...]:
    """Drop what would pin the TUI's size (COLUMNS, LINES); the names dropped."""
    dropped = tuple(name for name in PINNING if name in environ)
    for name in dropped:
        del environ[name]
    return dropped
