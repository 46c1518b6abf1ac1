"""Where each match is drawn in the bracket tree (`tree_layout`), one match in full (`match_lines`),
and the board of a match in the file (`core.knockout.stage.match_board`): what the TUI's match cursor uses."""

from __future__ import annotations


import pytest

from arbiter_tournament.core.knockout import stage as top
from arbiter_tournament.core.knockout.bracket_text import bracket_lines, match_lines, text_width, tree_layout
from arbiter_tournament.core.knockout import THIRD_PLACE, TopConfig, build_bracket
from arbiter_tournament.core.event.results import Result
from tests.core.test_bracket_text import NAME_OF, played_bracket


def test_the_tree_lines_are_those_of_bracket_lines_and_every_match_has_its_slots():
    b, _ = played_bracket(complete=False)
    lay = tree_layout(b, NAME_OF, width=80)
    full = bracket_lines(b, NAME_OF, width=80)
    tree = list(lay.lines[: 2 * b.slots - 1])
    assert tree == full[2 : 2 + len(tree)]  # the same tree as printed
    keys = {m.key for r in b.rounds for m in r} | {THIRD_PLACE}
    assert set(lay.slots) == keys
    assert [len(c) for c in lay.columns] == [8, 4, 2, 2]  # the third-place match under the final
    assert lay.columns[-1][-1] == THIRD_PLACE
    for key, ((y0, x0, x1), (y1, _, _)) in lay.slots.items():
        assert y0 < y1 and x0 < x1
        m = b.match(key)
        for (y, a, z), p in zip(lay.slots[key], m.players):
            if p is not None:  # the player's seed is drawn in their slot
                assert f"{b.seed_of(p):>2}" in lay.lines[y][a:z]


def test_a_match_is_drawn_between_the_two_that_feed_it():
    b, _ = played_bracket(complete=False)
    lay = tree_layout(b, NAME_OF, width=80)

    def centre(key):
        (y0, _, _), (y1, _, _) = lay.slots[key]
        return (y0 + y1) / 2

    for c in range(1, len(lay.columns)):
        for k, key in enumerate(lay.columns[c]):
            if key == THIRD_PLACE:
                continue
            upper, lower = lay.columns[c - 1][2 * k], lay.columns[c - 1][2 * k + 1]
            assert centre(upper) < centre(key) < centre(lower)


def test_narrow_widths_give_a_wider_tree_never_none():
    b, _ = played_bracket(complete=False)
    for width in (1, 20, 40):
        lay = tree_layout(b, NAME_OF, width=width, min_column=18)
        assert lay.lines and max(text_width(ln) for ln in lay.lines) <= 18 * 5
        assert set(lay.slots) >= {(1, 1), (4, 1)}


def test_names_stay_data_in_the_layout_and_the_match_lines():
    b, _ = played_bracket(complete=False)
    lay = tree_layout(b, NAME_OF, width=200)
    text = "\n".join(lay.lines)
    assert "Smith [/] John" in text and "Dubois Claire" in text
    m = next(m for m in b.rounds[0] if 3 in m.players)
    lines = match_lines(b, m, NAME_OF, width=60)
    assert lines[0].startswith("Round 1")
    assert any("Smith [/] John" in ln for ln in lines)
    assert all(text_width(ln) <= 60 for ln in lines)
    third = match_lines(b, b.third_place_match, NAME_OF, width=60)
    assert third[0].endswith("third-place match")


def test_top_of_two_and_of_three():
    for n in (2, 3):
        b = build_bracket(list(range(1, n + 1)), {}, TopConfig(third_place=n == 3, higher_seed_first=True))
        lay = tree_layout(b, {i: f"P{i}" for i in range(1, n + 1)}, width=60)
        assert set(lay.slots) == {m.key for r in b.rounds for m in r} | ({THIRD_PLACE} if n == 3 else set())


# -- core.knockout.stage.match_board ---------------------------------------------------------------------------


@pytest.fixture
def started():
    from tests.tui.test_tui_snapshots import swiss_event

    e = top.start_top(swiss_event(3))
    return top.record_top_result(e, 1, 1, Result.FIRST_WINS, by="anna")


def test_match_board_of_played_and_to_play_matches(started):
    b = top.bracket(started)
    assert top.match_board(started, b, (1, 1)) == (1, 1)  # decided: its board, to see or fix it
    assert top.match_board(started, b, (1, 2)) == (1, 2)  # to play now
    assert top.match_board(started, b, (2, 1)) is None  # its players are not known yet
    assert top.match_board(started, b, THIRD_PLACE) is None


def test_match_board_of_the_final_and_the_third_place_once_paired(started):
    e = top.record_top_result(started, 1, 2, Result.SECOND_WINS, by="anna")
    b = top.bracket(e)
    assert top.match_board(e, b, (2, 1)) == (2, 1)
    assert top.match_board(e, b, THIRD_PLACE) == (2, 2)  # the third-place match follows the final


def test_match_board_of_a_bye_is_none():
    from tests.tui.test_tui_snapshots import swiss_event

    e = top.start_top(swiss_event(3, top=3))
    b = top.bracket(e)
    bye = next(m for m in b.rounds[0] if m.is_bye)
    assert top.match_board(e, b, bye.key) is None


def test_match_board_of_a_mini_match_is_its_latest_game():
    """Two games a match: board = (match - 1) * 2 + game; after game 1 the board of game 2."""
    from tests.tui.test_tui_snapshots import swiss_event

    e = top.start_top(swiss_event(3), games_per_match=2)
    b = top.bracket(e)
    assert top.match_board(e, b, (1, 2)) == (1, 3)
    e = top.record_top_result(e, 1, 3, Result.DRAW, by="anna")
    b = top.bracket(e)
    assert top.match_board(e, b, (1, 2)) == (1, 4)
