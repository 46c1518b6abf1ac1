"""The TUI's start, as fast as it can be: the cyclic garbage collector.

`arbiter FILE` (tui/cli) starts with the collector off: starting makes several hundred thousand objects
(Textual's modules, the event, the screen) that live as long as the TUI, and the collector would go
through them again and again meanwhile (a tenth of the start-up of a 1000-player event). Once the round is
on the screen (`ArbiterApp._started`) `collect_from_now` sets them aside for good (`gc.freeze`) and turns
the collector on again for what is made after.
"""

from __future__ import annotations

import gc


def collect_from_now() -> None:
    """The collector on again, what start-up made set aside (it stays as long as the TUI); a process that had it
    on (a test) is left as it is."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()
