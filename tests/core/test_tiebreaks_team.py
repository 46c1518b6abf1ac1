"""tiebreaks.md 10.6 (V6, 4-team 4-board round robin) and team scoring."""

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_tournament.core.tiebreaks.team import TeamContext, TeamHistory, TeamRound, TeamScoring, compute_team, rank_teams

A, B, C, D = 1, 2, 3, 4


def m(opp, gp, boards=()):
    return TeamRound(opp, F(gp), kind="match", boards=tuple(F(x) for x in boards))


# R1: A-D 3-1, B-C 2-2; R2: D-C 2.5-1.5, A-B 1.5-2.5; R3: B-D 2-2, C-A 2-2
TEAMS = [
    TeamHistory(A, "A", (m(D, 3, (1, 1, 1, 0)), m(B, 1.5, (0.5, 0, 1, 0)), m(C, 2, (1, 0, 1, 0)))),
    TeamHistory(B, "B", (m(C, 2), m(A, 2.5), m(D, 2))),
    TeamHistory(C, "C", (m(B, 2), m(D, 1.5), m(A, 2))),
    TeamHistory(D, "D", (m(A, 1), m(C, 2.5), m(B, 2))),
]
V6 = {  # MP, GP, EMGSB, EMMSB, EGGSB, EGMSB, EMGSB-C1
    A: (3, 6.5, 19, 8, 37.25, 16.5, 15),
    D: (3, 5.5, 16, 8, 33.25, 17.5, 11),
}
CODES = ["EMGSB", "EMMSB", "EGGSB", "EGMSB", "EMGSB-C1"]


@pytest.mark.parametrize("team", [A, D])
def test_v6(team):
    got = compute_team(CODES, TeamContext.of(TEAMS, rounds=3))[team]
    assert [got.mp, got.gp] + [got.tiebreaks[c] for c in CODES] == [F(x) for x in V6[team]]


def test_v6_other_teams_scores():
    got = compute_team([], TeamContext.of(TEAMS, rounds=3))
    assert (got[B].mp, got[B].gp, got[C].mp, got[C].gp) == (4, F(13, 2), 2, F(11, 2))


def test_v6_ede_and_mpvgp():
    rows = rank_teams(TeamContext.of(TEAMS, rounds=3), ["EDE"])
    assert [r.id for r in rows] == [B, A, D, C]
    rows = rank_teams(TeamContext.of(TEAMS, rounds=3), ["MPvGP"])
    assert [r.id for r in rows] == [B, A, D, C]
    assert rows[1].tiebreaks["MPvGP"] == F(13, 2)


def test_pab_is_a_draw_by_default_and_board_tiebreaks():
    t = [
        TeamHistory(1, rounds=(TeamRound(None, kind="pab"), m(2, 3, (1, 1, 1, 0)))),
        TeamHistory(2, rounds=(m(3, 4, (1, 1, 1, 1)), m(1, 1, (0, 0, 0, 1)))),
        TeamHistory(3, rounds=(m(2, 0, (0, 0, 0, 0)), TeamRound(None, kind="pab"))),
    ]
    got = compute_team(["BC", "TBR", "BBE"], TeamContext.of(t, rounds=2))
    assert (got[1].mp, got[1].gp) == (3, 5)
    assert got[1].tiebreaks["BC"] == 1 + 2 + 3 + 4 + 1 + 2 + 3  # PAB: a win on every board
    got = compute_team([], TeamContext.of(t, rounds=2, scoring=TeamScoring(pab="win")))
    assert (got[1].mp, got[1].gp) == (4, 7)


def test_unknown_team_code():
    with pytest.raises(ValueError, match="unknown team tie-break"):
        compute_team(["XX"], TeamContext.of(TEAMS, rounds=3))



@st.composite
def team_events(draw):
    n = draw(st.integers(2, 8))
    rounds = draw(st.integers(1, 5))
    boards = draw(st.sampled_from([2, 4, 6]))
    recs = {t: [] for t in range(1, n + 1)}
    for _ in range(rounds):
        ids = draw(st.permutations(list(recs)))
        if len(ids) % 2:
            recs[ids[-1]].append(TeamRound(None, kind="pab"))
            ids = ids[:-1]
        for a, b in zip(ids[::2], ids[1::2]):
            ga = F(draw(st.integers(0, 2 * boards)), 2)
            recs[a].append(TeamRound(b, ga))
            recs[b].append(TeamRound(a, boards - ga))
    return [TeamHistory(t, rounds=tuple(v)) for t, v in recs.items()], rounds, boards


@settings(max_examples=60, deadline=None)
@given(team_events(), st.sampled_from(["fide2024", "fide2026", "legacy"]), st.integers(0, 1000))
def test_team_properties(ev, edition, seed):
    teams, rounds, boards = ev
    sc = TeamScoring(boards=boards)
    ctx = TeamContext.of(teams, scoring=sc, rounds=rounds, edition=edition)
    got = compute_team(["EMGSB", "EMGSB-C1", "EGGSB", "BH-MP", "SSSC"], ctx)
    matches = sum(1 for t in teams for r in t.rounds if r.opponent is not None) // 2
    pabs = sum(1 for t in teams for r in t.rounds if r.kind == "pab")
    assert sum(v.mp for v in got.values()) == 2 * matches + pabs  # 2 per match, a PAB is a draw (1)
    assert sum(v.gp for v in got.values()) == boards * matches + F(boards, 2) * pabs
    for v in got.values():
        assert v.tiebreaks["EMGSB-C1"] <= v.tiebreaks["EMGSB"]
    rows = rank_teams(ctx, ["EDE", "EMGSB"], lots_seed=seed)
    assert sorted(r.id for r in rows) == sorted(t.id for t in teams)
    assert [r.rank for r in rows] == list(range(1, len(rows) + 1))
    assert all(a.match_points >= b.match_points for a, b in zip(rows, rows[1:]))


# -- the bye seat of an odd team round robin (tiebreaks.md section 1 RR_BYE; C.07 15.2) -------------
#
# 5 teams A..E = Berger numbers 1..5, 2 boards, the Berger table for 6 (seat 6 = no match):
#   R1 A bye; B-E 2-0, C-D 1-1      R2 D bye; E-C 1.5-0.5, A-B 1-1   R3 B bye; C-A 0.5-1.5, D-E 2-0
#   R4 E bye; A-D 1-1, B-C 2-0      R5 C bye; D-B 0-2, E-A 1-1
# MP (2/1/0): A 1+2+1+1 = 5, B 2+1+2+2 = 7, C 1+0+0+0 = 1, D 1+2+1+0 = 4, E 0+2+0+1 = 3 (sum 20 = 10 x 2)
# GP: A 1+1.5+1+1 = 4.5, B 2+1+2+2 = 7, C 1+0.5+0.5+0 = 2, D 1+2+1+0 = 4, E 0+1.5+0+1 = 2.5 (sum 20)
# The bye seat is no round: each team has 4 terms, its 4 opponents, and no dummy for the bye.
# BH-MP: A B7+C1+D4+E3 = 15; B E3+A5+C1+D4 = 13; C D4+E3+A5+B7 = 19; D C1+E3+A5+B7 = 16;
#        E B7+C1+D4+A5 = 17          (a dummy with the own score would have made every one 20)
# BH-GP: A 7+2+4+2.5 = 15.5; B 2.5+4.5+2+4 = 13; C 4+2.5+4.5+7 = 18; D 2+2.5+4.5+7 = 16;
#        E 7+2+4+4.5 = 17.5
# BH-MP-C1 (drop the lowest opponent): A 15-1 = 14; B 13-1 = 12; C 19-3 = 16; D 16-1 = 15; E 17-1 = 16
# EMGSB (opponent's MP x own GP vs it): A 7x1 + 1x1.5 + 4x1 + 3x1 = 15.5; C 4x1 + 3x0.5 + 5x0.5 + 7x0 = 8
# EMGSB-C1: C drops E (3 MP, the lowest opponent; term 1.5): 8 - 1.5 = 6.5 (a dummy term 1 MP x 0
#   for the bye would have been the one dropped, leaving 8); A drops C (1 MP, term 1.5): 14
# SSSC (primary MP): k = max primary / max GP of a match = (2 MP x 4 playable rounds) / 2 = 4
#   (not 2 x 5 / 2 = 5: nobody can score in his bye round);
#   A 4.5 + 15/4 = 8.25; B 7 + 13/4 = 10.25; C 2 + 19/4 = 6.75; D 4 + 16/4 = 8; E 2.5 + 17/4 = 6.75

RR_BYE = TeamRound(None, kind="rr-bye")
A5, B5, C5, D5, E5 = 1, 2, 3, 4, 5
RR5 = [
    TeamHistory(A5, "A", (RR_BYE, m(B5, 1), m(C5, 1.5), m(D5, 1), m(E5, 1))),
    TeamHistory(B5, "B", (m(E5, 2), m(A5, 1), RR_BYE, m(C5, 2), m(D5, 2))),
    TeamHistory(C5, "C", (m(D5, 1), m(E5, 0.5), m(A5, 0.5), m(B5, 0), RR_BYE)),
    TeamHistory(D5, "D", (m(C5, 1), RR_BYE, m(E5, 2), m(A5, 1), m(B5, 0))),
    TeamHistory(E5, "E", (m(B5, 0), m(C5, 1.5), m(D5, 0), RR_BYE, m(A5, 1))),
]
RR5_CODES = ["BH-MP", "BH-GP", "BH-MP-C1", "EMGSB", "EMGSB-C1", "SSSC"]
RR5_VALUES = {  # MP, GP, then RR5_CODES
    A5: (5, 4.5, 15, 15.5, 14, 15.5, 14, 8.25),
    B5: (7, 7, 13, 13, 12, None, None, 10.25),
    C5: (1, 2, 19, 18, 16, 8, 6.5, 6.75),
    D5: (4, 4, 16, 16, 15, None, None, 8),
    E5: (3, 2.5, 17, 17.5, 16, None, None, 6.75),
}


@pytest.mark.parametrize("edition", ["fide2024", "fide2026", "legacy"])
def test_round_robin_bye_seat_is_no_round(edition):
    got = compute_team(RR5_CODES, TeamContext.of(RR5, rounds=5, scoring=TeamScoring(boards=2), edition=edition))
    for tid, want in RR5_VALUES.items():
        v = got[tid]
        row = (v.mp, v.gp, *(v.tiebreaks[c] for c in RR5_CODES))
        assert all(w is None or g == F(w) for g, w in zip(row, want)), (tid, row)


def test_round_robin_bye_seat_mid_event_and_ranking():
    # after R2: A (bye in R1) drew B 1-1: 1 MP; B beat E 2-0 and drew A: 3 MP. A's BH-MP = B's 3 only
    # (no dummy for R1); SSSC k = 2 MP x 2 rounds (C, E and B have played two) / 2 = 2: A 1 + 3/2 = 2.5
    got = compute_team(["BH-MP", "SSSC"], TeamContext.of(RR5, rounds=2, scoring=TeamScoring(boards=2)))
    assert (got[A5].mp, got[A5].tiebreaks["BH-MP"], got[A5].tiebreaks["SSSC"]) == (1, 3, F(5, 2))
    # final: MP alone orders them, B 7, A 5, D 4, E 3, C 1
    rows = rank_teams(TeamContext.of(RR5, rounds=5, scoring=TeamScoring(boards=2)), ["BH-MP"])
    assert [r.id for r in rows] == [B5, A5, D5, E5, C5]
