"""Result slips typed in one burst in a real terminal (tmux, 80x24, English and Russian): `:1 1-0⏎:2 =⏎` sent in
one write, as a laggy SSH link delivers keys, is two results (it was one line `1 1-0:2 =`, refused), and `⏎=⏎1`
on board 1 is a draw there by its line and 1-0 on board 2 (it was `=` on board 1, then the line on board 2
holding the `1`)."""

from __future__ import annotations

import pytest

from arbiter_tournament.core.event.results import Result
from tests.tui.test_tui_tmux import TMUX, Tmux
from tests.tui.test_tui_traps_tmux import burst, open_demo, quit_status, results

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed: the real-terminal test needs it")

PROMPT = "12 1-0"  # in the ':' line's prompt, in both languages
REFUSED = {"en": "not a result", "ru": "не результат"}


def wait_results(t: Tmux, path, expected: dict, what: str) -> None:
    """Until the event file holds `expected` (the screen is only read for the message on a timeout)."""
    t.wait(lambda _s: results(path) == expected, what)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_slips_typed_in_one_burst_each_go_in_in_tmux(demo, lang):
    before = results(demo)
    assert before[1] is None and before[2] is None  # round 4: no result on boards 1 and 2, the cursor on board 1
    t = Tmux()
    try:
        open_demo(t, demo, lang)
        burst(t, "\r=\r1")  # Enter on board 1, `=`, Enter, then `1` for the board the cursor goes on to
        wait_results(t, demo, {**before, 1: Result.DRAW, 2: Result.FIRST_WINS}, "board 1 drawn, board 2 1-0")
        screen = t.wait(lambda s: PROMPT not in s, "no ':' line left open")
        assert REFUSED[lang] not in screen
        burst(t, "u")
        wait_results(t, demo, {**before, 1: Result.DRAW}, "board 2's result undone")
        burst(t, "u")
        wait_results(t, demo, before, "board 1's result undone")
        burst(t, ":1 1-0\r:2 =\r")  # two slips, one write
        wait_results(t, demo, {**before, 1: Result.FIRST_WINS, 2: Result.DRAW}, "1-0 on board 1, = on board 2")
        screen = t.wait(lambda s: PROMPT not in s, "the line closed")
        assert REFUSED[lang] not in screen and "Traceback" not in screen
        burst(t, "q")
        assert quit_status(t) == 0, t.screen()
    finally:
        t.kill()
