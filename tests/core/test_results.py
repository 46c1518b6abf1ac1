import pytest

from arbiter_tournament.core.errors import InvalidResult
from arbiter_tournament.core.event.records import Outcome as O
from arbiter_tournament.core.event.results import Result

CANONICAL = ["1-0", "0-1", "1/2", "+-", "-+", "--", "1-0t", "0-1t", "=t", "1-0a", "0-1a"]


@pytest.mark.parametrize("text", CANONICAL)
def test_every_typed_form_parses_and_prints_back(text):
    assert str(Result.parse(text)) == text


@pytest.mark.parametrize("alias,canonical", [("=", "1/2"), ("1/2-1/2", "1/2"), ("½", "1/2"), (" 1-0 ", "1-0"),
                                             ("1/2t", "=t"), ("0-0", "--")])
def test_aliases(alias, canonical):
    assert str(Result.parse(alias)) == canonical


@pytest.mark.parametrize("text", ["2-0", "", "1-1", "x", "+", "1-0z", "draw"])
def test_not_a_result(text):
    with pytest.raises(InvalidResult, match="is not a result"):
        Result.parse(text)


def test_outcomes_follow_the_rules():
    assert Result.parse("1-0").outcomes == (O.WIN, O.LOSS)
    assert Result.parse("+-").outcomes == (O.FORFEIT_WIN, O.FORFEIT_LOSS)
    assert Result.parse("-+").outcomes == (O.FORFEIT_LOSS, O.FORFEIT_WIN)
    assert Result.parse("--").outcomes == (O.FORFEIT_LOSS, O.FORFEIT_LOSS)
    # 705.3: a technical result is a played game; 704.4: so is an agreed one
    assert Result.parse("=t").outcomes == (O.DRAW, O.DRAW) and Result.parse("=t").played
    assert Result.parse("0-1a").played and Result.parse("0-1a").agreed
    assert not Result.parse("+-").played
    assert Result.parse("1-0t").technical and not Result.parse("1-0").technical
    assert Result.BYE.outcomes == (O.PAB, None)
