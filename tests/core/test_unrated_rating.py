"""C.07 art. 10: unrated players in rating tie-breaks, the event's `unrated_rating`."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.errors import FileProblem, IllegalChange
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.tiebreaks.standings import explain_text, standings
from arbiter_tournament.core.store import codec
from tests.cli.test_cli_basics import run


def one_round(unrated_rating=None):
    """A(2000) B(1800) C(1600) D(unrated); round 1 pairs A-C and D-B (checked below)."""
    e = commands.new_event("U", 3, tiebreaks=("ARO",), initial_colour="w", unrated_rating=unrated_rating)
    for name, r in [("A", 2000), ("B", 1800), ("C", 1600), ("D", 0)]:
        e = commands.add_player(e, name, rating=r)
    e = pairing.pair_next(e, None)
    assert [(g.first, g.second) for g in e.rounds[-1].games] == [(1, 3), (4, 2)]
    for g in e.rounds[-1].games:
        e = commands.record_result(e, "swiss", None, 1, g.board, Result.DRAW)
    return e


def aro(e):
    return {r.id: r.tiebreaks["ARO"] for r in standings(e)}


def test_unset_drops_rating_tiebreaks_for_everyone():
    assert set(aro(one_round()).values()) == {0}


def test_a_set_rating_stands_in_for_the_unrated_opponent():
    # ARO = the rating of the one opponent; D counts as 1400 for B.
    assert aro(one_round(1400)) == {1: 1600, 2: 1400, 3: 2000, 4: 1800}
    assert "1400" in explain_text(one_round(1400), 2)


def test_the_setting_round_trips_and_is_checked():
    e = one_round(1400)
    text = codec.dumps(e)
    assert "unrated_rating = 1400" in text
    assert codec.loads(text).unrated_rating == 1400
    assert "unrated_rating" not in codec.dumps(replace(e, unrated_rating=None))
    with pytest.raises(FileProblem) as err:
        codec.loads(text.replace("unrated_rating = 1400", "unrated_rating = -5"))
    assert "event.unrated_rating" in str(err.value)
    with pytest.raises(IllegalChange):
        commands.new_event("U", 3, unrated_rating=0)


def test_command_line_new_takes_it(tmp_path):
    path = tmp_path / "u.toml"
    code, _, err = run("new", path, "--name", "U", "--rounds", "3", "--tiebreaks", "ARO", "--unrated-rating", "1200")
    assert code == 0, err
    assert "unrated_rating = 1200" in path.read_text()
    code, _, err = run("new", tmp_path / "v.toml", "--name", "V", "--rounds", "3", "--unrated-rating", "x")
    assert code == 2 and "unrated-rating" in err and "Traceback" not in err
