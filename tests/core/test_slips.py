"""A result by player (core.event.slips, the TUI's ':' line `#37 1`, `Ivanov 0`): the board found, the result
turned to the board's side, the names matched as a judge reads them off a slip."""

from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from arbiter_tournament.core.errors import IllegalChange, InvalidResult
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.event.slips import (OnBoard, mirrored, parse_score, player_result, players_on_boards, split_slip,
                                      who_elsewhere)
from arbiter_tournament.core.store import load

DEMO = Path(__file__).resolve().parents[2] / "saves" / "demo.toml"


@pytest.fixture(scope="module")
def demo():
    e = load(DEMO)
    return e, e.find_round("swiss", 1, 4)  # round 4 of table 1 (README: boards 1-5)


def test_a_player_is_found_by_id_or_by_name_on_the_round_shown(demo):
    e, rnd = demo
    # board 3: Smirnova, Emma (10) - Ivanov, Tatiana (2); board 4: Morozov, Alexei (23) - Ivanov, Dmitry (18)
    assert players_on_boards(e, rnd, "#18") == [OnBoard(18, 4, False)]
    assert players_on_boards(e, rnd, "# 10") == [OnBoard(10, 3, True)]
    assert players_on_boards(e, rnd, "№18") == [OnBoard(18, 4, False)]  # Shift+3 on a Russian keyboard
    assert players_on_boards(e, rnd, "Ivanov") == [OnBoard(2, 3, False), OnBoard(18, 4, False)]  # a question
    assert players_on_boards(e, rnd, "ivanov d") == [OnBoard(18, 4, False)]
    assert players_on_boards(e, rnd, "IVANOV, TATIANA") == [OnBoard(2, 3, False)]
    assert players_on_boards(e, rnd, "Dmitry") == [OnBoard(18, 4, False)]  # a first name is a word of the name
    assert players_on_boards(e, rnd, "Volk") == [OnBoard(22, 1, True)]
    assert players_on_boards(e, rnd, "#99") == []
    assert players_on_boards(e, rnd, "Nobody") == []


def test_a_whole_word_is_taken_before_names_that_only_begin_so():
    from arbiter_tournament.core.event.slips import matching

    names = {1: "Ivanov, Dmitry", 2: "Ivanova, Olga", 3: "Семёнов, Пётр"}
    assert matching(names, "Ivanov") == [1]
    assert matching(names, "Ivano") == [1, 2]
    assert matching(names, "семенов п") == [3]  # ё read as е
    assert matching(names, "Ivanova Olga") == [2]  # the comma left out


def test_the_players_score_is_turned_to_the_boards_side():
    # "37 beat 12": 37 is second on the board -> 0-1
    assert player_result("1", first=False) is Result.SECOND_WINS
    assert player_result("1", first=True) is Result.FIRST_WINS
    assert player_result("0", first=False) is Result.FIRST_WINS
    assert player_result("=", first=False) is Result.DRAW
    assert player_result("½", first=True) is Result.DRAW
    assert player_result("+", first=False) is Result.FORFEIT_SECOND_WINS  # won: the opponent did not come
    assert player_result("-", first=True) is Result.FORFEIT_SECOND_WINS  # did not come
    assert player_result("1t", first=False) is Result.TECHNICAL_SECOND_WINS
    assert player_result("0a", first=True) is Result.AGREED_SECOND_WINS
    assert player_result("1-0", first=False) is Result.SECOND_WINS  # a whole result read from the player's side
    assert player_result("--", first=False) is Result.DOUBLE_FORFEIT
    with pytest.raises(InvalidResult, match="'2' is not a player's score"):
        player_result("2", first=True)
    with pytest.raises(InvalidResult):
        parse_score("bye")


@given(st.sampled_from([r for r in Result if r is not Result.BYE]))
def test_a_mirrored_result_is_the_same_game_seen_from_the_other_side(result):
    assert mirrored(mirrored(result)) is result
    first, second = result.outcomes
    assert mirrored(result).outcomes == (second, first)
    assert mirrored(result).technical == result.technical and mirrored(result).agreed == result.agreed


@given(st.sampled_from(["1", "0", "=", "+", "-", "1t", "0t", "=t", "1a", "0a", "1-0", "0-1", "1/2", "--"]))
def test_the_player_scores_the_same_whichever_side_he_sat(score):
    as_first, as_second = player_result(score, True), player_result(score, False)
    assert as_first.outcomes[0] == as_second.outcomes[1]


def test_the_slip_is_split_into_the_player_and_the_score():
    assert split_slip("#37 1") == ("#37", "1")
    assert split_slip("Ivanov 0") == ("Ivanov", "0")
    assert split_slip("Ivanov, Ivan 1 - 0") == ("Ivanov, Ivan", "1 - 0")
    assert split_slip("Ivanov, Ivan =t") == ("Ivanov, Ivan", "=t")
    assert split_slip("Ivanov") == ("Ivanov", None)
    assert split_slip("#37") == ("#37", None)
    assert split_slip("№37 0") == ("№37", "0")
    assert split_slip("#37 2") == ("#37", "2")  # refused then as a score, not taken for a name
    assert split_slip("Ivanov 2") == ("Ivanov", "2")
    assert split_slip("Ivanov Ivan") == ("Ivanov Ivan", None)


def test_a_player_not_on_the_boards_is_said_where_he_is(demo):
    e, rnd = demo
    elsewhere = next(p for p in e.players if p.table != 1)
    with pytest.raises(IllegalChange) as exc:
        who_elsewhere(e, rnd, f"#{elsewhere.id}")
    assert str(exc.value) == f"{elsewhere.name} ({elsewhere.id}) has no board in round 4 of table 1"
    assert exc.value.msg.text("ru") == f"{elsewhere.name} ({elsewhere.id}) не играет ни на одной доске в туре 4 стола 1"
    with pytest.raises(IllegalChange, match="no player matches 'Zed'"):
        who_elsewhere(e, rnd, "Zed")
