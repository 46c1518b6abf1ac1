"""Team matches: line-ups, alternating board colours, match results, team round robin."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from arbiter_tournament.core.errors import IllegalChange, InvalidResult
from arbiter_tournament.core.teams.matches import (
    MatchPoints,
    Team,
    board_points,
    lineup,
    match_result,
    pair_boards,
    team_round_robin,
    team_totals,
)

A = Team(1, "A", (11, 12, 13, 14, 15))
B = Team(2, "B", (21, 22, 23, 24, 25))
C = Team(3, "C", (31, 32, 33, 34))
D = Team(4, "D", (41, 42, 43, 44, 45, 46))
TEAMS = {t.id: t for t in (A, B, C, D)}


def test_default_lineup_and_chosen_lineup():
    assert lineup(A, 4) == (11, 12, 13, 14)
    assert lineup(C, 5) == (31, 32, 33, 34, None)  # short roster: empty last board
    assert lineup(A, 4, [11, 13, 14, 15]) == (11, 13, 14, 15)
    assert lineup(A, 4, [11, None, 14, 15]) == (11, None, 14, 15)
    with pytest.raises(IllegalChange, match="roster order"):
        lineup(A, 4, [12, 11, 13, 14])
    with pytest.raises(IllegalChange):
        lineup(A, 4, [11, 12, 13, 99])
    with pytest.raises(IllegalChange):
        lineup(A, 3, [11, 12, 13, 14])
    with pytest.raises(IllegalChange):
        Team(9, "X", (1, 1))


def test_board_colours_alternate():
    m = pair_boards(1, A, B, lineup(A, 4), lineup(B, 4))
    assert [(b.board, b.first, b.second) for b in m.boards] == [(1, 11, 21), (2, 22, 12), (3, 13, 23), (4, 24, 14)]
    assert [b.first_team for b in m.boards] == [1, 2, 1, 2]


def test_match_result_sums_boards_first_mover_first():
    m = pair_boards(1, A, B, lineup(A, 4), lineup(B, 4))
    # board 2: B's player moves first and wins: a point for B
    r = match_result(m, {1: "1-0", 2: "1-0", 3: "1/2", 4: "0-1"})
    assert r.points == (F(5, 2), F(3, 2)) and r.match_points == (F(2), F(0)) and r.complete
    r = match_result(m, {1: "1-0", 2: "1-0", 3: "1/2", 4: "1/2"})
    assert r.points == (F(2), F(2)) and r.match_points == (F(1), F(1))
    r = match_result(m, {1: "1-0t", 2: "+-"})
    assert not r.complete and r.match_points is None and r.points == (F(1), F(1))
    r = match_result(m, {1: "1-0", 2: "1-0", 3: "1-0", 4: "1/2"}, MatchPoints(F(3), F(1), F(0)))
    assert r.points == (F(5, 2), F(3, 2)) and r.match_points == (F(3), F(0))
    # 2 - 1 with a double forfeit: exactly half of 4 for A (a drawn match, as written),
    # or a won match when the teams' points are compared
    r = match_result(m, {1: "1-0", 2: "--", 3: "1/2", 4: "1/2"})
    assert r.points == (F(2), F(1)) and r.match_points == (F(1), F(0))
    r = match_result(m, {1: "1-0", 2: "--", 3: "1/2", 4: "1/2"}, MatchPoints(won_by="more"))
    assert r.match_points == (F(2), F(0))
    # double forfeits: 1.5 - 1.5 is under half of 4 for both: both lose, as the rule says
    r = match_result(m, {1: "--", 2: "--", 3: "1-0", 4: "1/2"})
    assert r.points == (F(3, 2), F(1, 2))
    r = match_result(m, {1: "--", 2: "1-0", 3: "1-0", 4: "1/2"})
    assert r.points == (F(3, 2), F(3, 2)) and r.match_points == (F(0), F(0))
    r = match_result(m, {1: "--", 2: "1-0", 3: "1-0", 4: "1/2"}, MatchPoints(won_by="more"))
    assert r.match_points == (F(1), F(1))
    with pytest.raises(IllegalChange):
        match_result(m, {5: "1-0"})
    with pytest.raises(InvalidResult):
        board_points("2-0")


def test_empty_board_is_a_forfeit():
    m = pair_boards(1, A, C, lineup(A, 5), lineup(C, 5))
    r = match_result(m, {1: "1/2", 2: "1/2", 3: "1/2", 4: "1/2"})
    assert r.complete and r.points == (F(3), F(2)) and r.match_points == (F(2), F(0))
    with pytest.raises(IllegalChange):
        match_result(m, {5: "1-0"})


def _score_boards(match, first_points):
    """Board results giving the first-named team `first_points` on each board (1, 1/2, 0)."""
    out = {}
    for bd, x in zip(match.boards, first_points):
        home_first = bd.first_team == match.first_team
        x = x if home_first else 1 - x
        out[bd.board] = {F(1): "1-0", F(0): "0-1", F(1, 2): "1/2"}[F(x)]
    return out


def test_team_round_robin_v6():
    # tiebreaks.md 10.6: 4 teams, 4 boards, Berger order, GP of the first-named team
    rounds = team_round_robin([1, 2, 3, 4])
    assert [[(g.first, g.second) for g in r.games] for r in rounds] == [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    per_board = {
        (1, 4): [1, 1, 1, 0],  # 3-1
        (2, 3): [1, 0, 1, 0],  # 2-2
        (4, 3): [1, 1, F(1, 2), 0],  # 2.5-1.5
        (1, 2): [F(1, 2), 1, 0, 0],  # 1.5-2.5
        (2, 4): [F(1, 2), F(1, 2), F(1, 2), F(1, 2)],  # 2-2
        (3, 1): [0, 1, 1, 0],  # 2-2
    }
    results = []
    for r in rounds:
        for g in r.games:
            t1, t2 = TEAMS[g.first], TEAMS[g.second]
            m = pair_boards(r.round, t1, t2, lineup(t1, 4), lineup(t2, 4))
            results.append(match_result(m, _score_boards(m, per_board[(g.first, g.second)])))
    totals = team_totals(results)
    assert totals == {1: (3, F(13, 2)), 2: (4, F(13, 2)), 3: (2, F(11, 2)), 4: (3, F(11, 2))}


def test_team_round_robin_odd_and_double():
    rounds = team_round_robin([1, 2, 3])
    assert [r.bye for r in rounds] == [1, 3, 2]  # Berger 3/4: 1-4, 4-3, 2-4 with seat 4 the bye
    assert all(len(r.games) == 1 for r in rounds)
    double = team_round_robin([1, 2, 3, 4], double=True)
    assert len(double) == 6
