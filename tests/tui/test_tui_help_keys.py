"""The `?` page says the key that really does each action: a palette-only action whose work is a keyed
action's (the moves: the ':' line) is written with that key, never with ^p (which opens the menu)."""

from __future__ import annotations

import pytest

from arbiter_tournament.tui import app  # noqa: F401  (registers every screen's actions)
from arbiter_tournament.tui.actions import ACTIONS, BY_ID, help_text


def work(a):
    return (a.run if isinstance(a.run, str) else a.run.__name__, a.scopes, a.args)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_moves_line_says_the_colon_key(lang):
    page = " ".join(help_text(lang).plain.split())  # (a long help line wraps: the words joined again)
    moves = " ".join(BY_ID["moves"].help(lang).split())
    assert f" : {moves}" in page
    assert f"^p {moves}" not in page


def test_a_palette_only_action_doing_a_keyed_action_s_work_says_its_key():
    keyed = {work(a): a.key for a in ACTIONS if a.keys}
    checked = 0
    for a in ACTIONS:
        if not a.keys and work(a) in keyed:
            assert a.key == keyed[work(a)], a.id
            checked += 1
    assert checked >= 1  # the moves at least
