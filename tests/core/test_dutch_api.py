"""The engine's public API: pair_round, Pairing, explanations, errors, trf_check."""

from __future__ import annotations

import pytest

from arbiter_tournament.core.errors import NoLegalPairing
from arbiter_tournament.core.event.records import Outcome, PlayerHistory, RoundRecord, Scoring
from arbiter_tournament.core.swiss import PairingRequest, pair_round
from arbiter_tournament.core.formats.trfpair import trf_check, trf_pair

ROUND1 = """012 example
001    1      Player0001                        2380                             0.0    1
001    2      Player0002                        2360                             0.0    2
001    3      Player0003                        2340                             0.0    3
001    4      Player0004                        2320                             0.0    4
001    5      Player0005                        2300                             0.0    5
XXC white1
XXR 3
"""


def _players(n, records=None):
    records = records or {}
    return [PlayerHistory(i, 2500 - i, f"P{i}", tuple(records.get(i, ()))) for i in range(1, n + 1)]


def test_round_one_boards_bye_and_explanations():
    p = pair_round(PairingRequest(players=_players(5), total_rounds=3, initial_colour="w"))
    assert p.round == 1
    assert p.boards == [(1, 3), (4, 2)] and p.bye == 5
    assert p.bbp_text() == trf_pair(ROUND1) == "3\n1 3\n4 2\n5 0\n"
    assert len(p.explanation) == 3
    assert p.explanation[0].startswith("board 1: 1-3: score group 0")
    assert "pairing-allocated bye" in p.explanation[-1]


def test_absent_players_are_not_paired():
    p = pair_round(PairingRequest(players=_players(5), total_rounds=3, absent={5}))
    assert sorted(x for b in p.boards for x in b) == [1, 2, 3, 4] and p.bye is None


def test_forbidden_pair_is_respected():
    p = pair_round(PairingRequest(players=_players(4), total_rounds=3, forbidden={frozenset((1, 3))}))
    assert frozenset(p.boards[0]) != frozenset((1, 3))
    assert all(frozenset(b) != frozenset((1, 3)) for b in p.boards)


def test_no_legal_pairing_names_the_players():
    rec = {1: [RoundRecord(Outcome.WIN, 2, "w")], 2: [RoundRecord(Outcome.LOSS, 1, "b")]}
    with pytest.raises(NoLegalPairing) as err:
        pair_round(PairingRequest(players=_players(2, rec), total_rounds=3))
    assert set(err.value.players) == {1, 2}
    assert "no legal pairing" in str(err.value)


def test_three_one_zero_scoring_is_exact():
    sc = Scoring(win=3, draw=1, loss=0)
    rec = {1: [RoundRecord(Outcome.WIN, 3, "w")], 3: [RoundRecord(Outcome.LOSS, 1, "b")],
           2: [RoundRecord(Outcome.DRAW, 4, "b")], 4: [RoundRecord(Outcome.DRAW, 2, "w")]}
    p = pair_round(PairingRequest(players=_players(4, rec), total_rounds=3, scoring=sc))
    assert sorted(map(frozenset, p.boards)) == sorted([frozenset((1, 2)), frozenset((3, 4))])


def test_trf_check_reports_a_changed_round():
    text = """012 t
001    1      Player0001                        2380                             1.0    1     3 w 1
001    2      Player0002                        2360                             0.0    2     4 b 0
001    3      Player0003                        2340                             0.0    3     1 b 0
001    4      Player0004                        2320                             1.0    4     2 w 1
XXC white1
XXR 3
"""
    assert trf_check(text) == []
    bad = text.replace("     3 w 1", "     4 w 1").replace("     1 b 0\n", "     2 b 0\n")
    bad = bad.replace("001    2      Player0002                        2360                             0.0    2     4 b 0",
                      "001    2      Player0002                        2360                             1.0    2     3 w 1")
    bad = bad.replace("001    4      Player0004                        2320                             1.0    4     2 w 1",
                      "001    4      Player0004                        2320                             0.0    4     1 b 0")
    diffs = trf_check(bad)
    assert len(diffs) == 1 and diffs[0].startswith("round 1: expected")
