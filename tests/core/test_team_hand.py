"""Changes by hand to a team round, on its matches (core/teams/hand.py), and on a proposed pairing (preview).

Teams are rated in the order given (team_event_of), so round 1 of a Swiss
pairs the top half against the bottom half: with four teams A B C D of two
boards, match 1 is A-C and match 2 is D-B (the engine alternates the first
named team: colours of pairing numbers 1 and 2 in round 1), checked below
before anything else.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.pairing import preview
from arbiter_tournament.core.pairing.rounds import pair_next
from arbiter_tournament.core.teams.hand import exchange_teams, give_team_bye, swap_match, team_warnings
from tests.core.test_team_event import play, team_event_of


def pairs(e, k=None):
    rnd = e.rounds[-1] if k is None else e.find_round("swiss", None, k)
    return [(m.first_name, m.second_name) for m in team_event.matches(e, rnd)]


def lineups(e):
    """Each team's players of the last round, board 1 first."""
    out = {}
    for m in team_event.matches(e, e.rounds[-1]):
        for bp in m.match.boards:
            out.setdefault(m.first_name if bp.first_team == m.first else m.second_name, []).append(bp.first)
            out.setdefault(m.second_name if bp.second_team == m.second else m.first_name, []).append(bp.second)
    return out


@pytest.fixture
def four():
    return pair_next(team_event_of(list("ABCD"), 2, rounds=3))


def test_round_1_as_the_engine_made_it(four):
    assert pairs(four) == [("A", "C"), ("D", "B")]
    assert lineups(four) == {"A": [1, 2], "C": [7, 8], "D": [10, 11], "B": [4, 5]}


def test_swap_match_names_the_other_team_first_and_changes_every_colour(four):
    e = swap_match(four, 1, 1)
    assert pairs(e) == [("C", "A"), ("D", "B")]
    g1, g2 = e.rounds[-1].games[:2]
    # board 1: C's first player moves first now; board 2: A's second player (colours alternate)
    assert (g1.first, g1.second, g2.first, g2.second) == (7, 1, 2, 8)
    assert g1.manual and g2.manual and not any(g.manual for g in e.rounds[-1].games[2:])
    assert lineups(e) == lineups(four)  # the players keep their boards
    assert swap_match(e, 1, 1).rounds[-1].games[:2] != e.rounds[-1].games[:2]
    assert [(g.first, g.second) for g in swap_match(e, 1, 1).rounds[-1].games] == \
        [(g.first, g.second) for g in four.rounds[-1].games]


def test_exchange_two_teams_of_two_matches(four):
    e = exchange_teams(four, 1, "C", "B")
    # C takes B's place (second-named in match 2), B takes C's (second-named in match 1), each with its line-up
    assert pairs(e) == [("A", "B"), ("D", "C")]
    assert lineups(e) == lineups(four)
    assert all(g.manual for g in e.rounds[-1].games)
    assert exchange_teams(four, 1, "2", "3") == exchange_teams(four, 1, "B", "C")  # by team number too
    # the journal's words on a proposal
    p = preview.exchange_teams(preview.propose(team_event_of(list("ABCD"), 2, rounds=3)), "C", "B")
    assert p.changes == ("exchange teams C and B",)
    assert pairs(p.event) == [("A", "B"), ("D", "C")]


def test_the_bye_by_hand_and_with_the_team_without_a_match():
    e = pair_next(team_event_of(list("ABC"), 2, rounds=3))
    assert pairs(e) == [("A", "B")] and team_event.round_bye(e, 1) == "C"
    e2 = give_team_bye(e, 1, "A")
    assert pairs(e2) == [("C", "B")] and team_event.round_bye(e2, 1) == "A"
    # C plays with the first two of its roster (7, 8): on board 1 C moves first, as A did
    assert [(g.first, g.second) for g in e2.rounds[-1].games] == [(7, 4), (5, 8)]
    assert exchange_teams(e, 1, "C", "A") == e2  # exchanging with the team without a match is the same
    with pytest.raises(IllegalChange, match="team A has the bye already"):
        give_team_bye(e2, 1, "A")
    four = pair_next(team_event_of(list("ABCD"), 2, rounds=3))
    with pytest.raises(IllegalChange, match="round 1 has no bye to move: exchange teams instead"):
        give_team_bye(four, 1, "A")


def test_refusals(four):
    with pytest.raises(IllegalChange, match="not C with itself"):
        exchange_teams(four, 1, "C", "3")
    with pytest.raises(IllegalChange, match="teams A and C play each other"):
        exchange_teams(four, 1, "A", "C")
    with pytest.raises(IllegalChange, match="no team 'Z'"):
        exchange_teams(four, 1, "A", "Z")
    with pytest.raises(IllegalChange, match="round 1 has no match 3 \\(matches 1 to 2\\)"):
        swap_match(four, 1, 3)
    played = play(four, 1, [(1, 1), (0, 0)], 2)
    with pytest.raises(IllegalChange, match="round 1 has results"):
        swap_match(played, 1, 1)
    later = pair_next(played)
    with pytest.raises(IllegalChange, match="round 1 is not the current round"):
        swap_match(later, 1, 2)


def test_warnings_of_a_hand_made_round():
    e = team_event_of(list("ABCD"), 2, rounds=3)
    e = play(pair_next(e), 1, [(1, 1), (F(1, 2), F(1, 2))], 2)  # A beat C, D-B drawn
    e = pair_next(e)
    # (as the engine pairs round 2: A with B, C with D)
    assert sorted(map(sorted, pairs(e))) == [["A", "B"], ["C", "D"]]
    # A and C met in round 1: put them together again
    a_opp = next(m for m in pairs(e) if "A" in m)
    other = a_opp[1] if a_opp[0] == "A" else a_opp[0]
    e2 = exchange_teams(e, 2, other, "C")
    said = team_warnings(e2, e2.rounds[-1])
    assert any(w.endswith("have met before (round 1)") and "A" in w and "C" in w for w in said), said
    ru = team_warnings(e2, e2.rounds[-1], lang="ru")
    assert any("уже встречались (тур 1)" in w for w in ru)
    e3 = team_event.forbid_teams(e, "A", other)
    assert any(w.endswith("must not meet (a forbidden pair)") for w in team_warnings(e3, e3.rounds[-1]))
    assert team_warnings(e, e.rounds[-1]) == []


def test_a_second_bye_by_hand_is_said():
    e = pair_next(team_event_of(list("ABC"), 2, rounds=3))  # C has the bye in round 1
    e = play(e, 1, [(1, 1)], 2)
    e = pair_next(e)
    bye = team_event.round_bye(e, 2)
    assert bye != "C"
    e2 = give_team_bye(e, 2, "C")
    assert "C had the bye already (round 1)" in team_warnings(e2, e2.rounds[-1])
    p = preview.give_team_bye(preview.propose(play(pair_next(team_event_of(list("ABC"), 2, rounds=3)), 1,
                                                   [(1, 1)], 2)), "C")
    assert "C had the bye already (round 1)" in p.warnings
    assert p.changes == ("bye by hand for team C",)


def test_a_proposal_changed_back_is_the_engines_again():
    p = preview.propose(team_event_of(list("ABCD"), 2, rounds=3))
    q = preview.swap_match(preview.swap_match(p, 2), 2)
    assert q.event is p.engine and not q.manual and q.changes == ()
    r = preview.swap_match(p, 2)
    assert r.changes == ("swap the order of match 2",) and pairs(r.event) == [("A", "C"), ("B", "D")]
    saved = preview.adopt(p.base, r)
    assert pairs(saved) == [("A", "C"), ("B", "D")]
    assert r.what() == "pair round 1 (by hand: swap the order of match 2)"


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 7), st.lists(st.tuples(st.sampled_from(["swap", "exchange", "bye"]), st.integers(1, 7),
                                             st.integers(1, 7)), max_size=6))
def test_any_hand_changes_keep_each_team_once_with_its_line_up(n, steps):
    e = pair_next(team_event_of([f"T{i}" for i in range(1, n + 1)], 2, rounds=3))
    ups = lineups(e)
    for kind, x, y in steps:
        try:
            if kind == "swap":
                e = swap_match(e, 1, x)
            elif kind == "exchange":
                e = exchange_teams(e, 1, str(x), str(y))
            else:
                e = give_team_bye(e, 1, str(x))
        except IllegalChange:
            continue
        ms = team_event.matches(e, e.rounds[-1])
        teams_in = [t for m in ms for t in (m.first_name, m.second_name)]
        bye = team_event.round_bye(e, 1)
        assert len(set(teams_in)) == len(teams_in) and (bye is None) == (n % 2 == 0) and bye not in teams_in
        assert len(teams_in) + (bye is not None) == n
        assert all(len(m.games) == 2 for m in ms)
        now = lineups(e)
        for t, players in now.items():  # a team's players are its line-up of the round (as the engine made it,
            assert players == ups.get(t, players)  # or its default line-up when it came in from the bye)
