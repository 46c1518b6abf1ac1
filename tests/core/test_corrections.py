"""A result corrected after the next round was paired on it (core.pairing.corrections)."""

from dataclasses import replace

import pytest

from arbiter_tournament.core.event.commands import new_event, record_result
from arbiter_tournament.core.pairing.corrections import round_paired_on, take_back
from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.event.model import Player
from arbiter_tournament.core.pairing.rounds import pair_next
from arbiter_tournament.core.event.results import Result


def _two_rounds():
    ev = new_event("Open", 5)
    ev = replace(ev, players=tuple(Player(id=i, name=f"P{i}", rating=2100 - 10 * i) for i in range(1, 7)))
    ev = pair_next(ev)
    for g in ev.rounds_of("swiss")[0].games:
        ev = record_result(ev, "swiss", None, 1, g.board, Result.FIRST_WINS)
    return pair_next(ev)


def test_a_corrected_result_of_round_1_finds_round_2_without_results():
    ev = _two_rounds()
    fixed = record_result(ev, "swiss", None, 1, 1, Result.DRAW, force=True)
    found = round_paired_on(ev, fixed)
    assert (found.stage, found.table, found.number, found.corrected) == ("swiss", None, 2, 1)
    again = pair_next(take_back(fixed, found))
    assert [r.number for r in again.rounds_of("swiss")] == [1, 2]
    # the draw of board 1 leaves 1 and its opponent on 1/2: round 2 is paired on the new scores
    assert again.rounds_of("swiss")[1] != ev.rounds_of("swiss")[1]


def test_same_score_a_cleared_result_or_a_played_round_2_ask_nothing():
    ev = _two_rounds()
    assert round_paired_on(ev, record_result(ev, "swiss", None, 1, 1, Result.TECHNICAL_FIRST_WINS, force=True)) is None
    assert round_paired_on(ev, record_result(ev, "swiss", None, 1, 1, None, force=True)) is None
    played = record_result(ev, "swiss", None, 2, 1, Result.DRAW)
    assert round_paired_on(played, record_result(played, "swiss", None, 1, 1, Result.DRAW, force=True)) is None


def test_a_result_of_the_last_round_itself_asks_nothing():
    ev = _two_rounds()
    assert round_paired_on(ev, record_result(ev, "swiss", None, 2, 1, Result.DRAW)) is None


def test_take_back_refuses_a_round_with_results():
    ev = _two_rounds()
    fixed = record_result(ev, "swiss", None, 1, 1, Result.DRAW, force=True)
    found = round_paired_on(ev, fixed)
    played = record_result(fixed, "swiss", None, 2, 1, Result.DRAW)
    with pytest.raises(IllegalChange, match="has results"):
        take_back(played, found)
