"""Team events through the event model (core calls): pairing, board colours, matches, standings.

Expected numbers are worked out by hand in the comments (tiebreaks.md 10.6 for
the round robin), never with the code under test.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from fractions import Fraction as F

import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.formats import team_output
from arbiter_tournament.core.errors import IllegalChange, NoLegalPairing
from arbiter_tournament.core.pairing.rounds import pair_next
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import dumps, loads


def team_event_of(names, boards, *, per_team=None, system="swiss", rounds=3, match_points=None):
    """Teams in the given order, rated so that this is their pairing-number order."""
    per_team = per_team or boards + 1
    e = commands.new_event("Team Cup", rounds, system=system, lots_seed=11)
    e = replace(e, initial_colour="w")  # pairing number 1 moves first in round 1 (else drawn by lot)
    e = team_event.setup(e, boards, match_points=match_points)
    for k, t in enumerate(names):
        for i in range(per_team):
            e = commands.add_player(e, f"{t} {i + 1}", rating=2400 - 100 * k - i, team=t)
    return e


def ids_of(e, team):
    return [p.id for p in e.players if p.team == team]


def result_text(team_points, board):
    """Board result (first mover first) for the points of the FIRST-NAMED team on match board `board`:
    on odd boards that team moves first, on even boards second."""
    x = F(team_points)
    if x == F(1, 2):
        return "1/2"
    first_won = (x == 1) == (board % 2 == 1)
    return "1-0" if first_won else "0-1"


def play(e, k, plan, boards):
    """plan: one tuple per match (in match order) of the first-named team's points per board."""
    stage = "swiss" if e.system == "swiss" else "roundrobin"
    for m, pts in enumerate(plan, start=1):
        for b, x in enumerate(pts, start=1):
            e = commands.record_result(e, stage, None, k, (m - 1) * boards + b, Result.parse(result_text(x, b)))
    return e


def match_pairs(e, k):
    rnd = e.find_round("swiss" if e.system == "swiss" else "roundrobin", None, k)
    return [(m.first_name, m.second_name) for m in team_event.matches(e, rnd)]


def assert_colours_alternate(e, k, boards):
    rnd = e.find_round("swiss" if e.system == "swiss" else "roundrobin", None, k)
    for m in team_event.matches(e, rnd):
        for g in m.games:
            b = (g.board - 1) % boards + 1
            first_team = e.player(g.first).team
            assert first_team == (m.first_name if b % 2 else m.second_name), (k, g.board)
        # line-up: the first B of each roster, in roster order, board 1 first
        a_players = [g.first if ((g.board - 1) % boards) % 2 == 0 else g.second for g in m.games]
        assert a_players == ids_of(e, m.first_name)[:boards]


# -- V6: 4-team, 4-board round robin (tiebreaks.md 10.6) ---------------------------------------

V6_PLAN = {  # first-named team's points per board; Berger order A, B, C, D
    1: [(1, 1, 1, 0), (1, 0, 1, 0)],  # A-D 3-1, B-C 2-2
    2: [(1, F(1, 2), 1, 0), (F(1, 2), 0, 1, 0)],  # D-C 2.5-1.5, A-B 1.5-2.5
    3: [(1, 0, 1, 0), (0, 1, 1, 0)],  # B-D 2-2, C-A 2-2
}


def v6_event():
    e = team_event_of("ABCD", 4, system="roundrobin")
    for k in (1, 2, 3):
        e = pair_next(e)
        e = loads(dumps(e))  # through the file format every round
        e = play(e, k, V6_PLAN[k], 4)
    return e


def test_v6_round_robin_schedule_follows_berger_and_colours_alternate():
    e = v6_event()
    assert e.rounds_planned == 3
    assert [match_pairs(e, k) for k in (1, 2, 3)] == [
        [("A", "D"), ("B", "C")], [("D", "C"), ("A", "B")], [("B", "D"), ("C", "A")]]
    for k in (1, 2, 3):
        assert_colours_alternate(e, k, 4)
        # boards of match m are (m-1)*4+1 .. m*4
        assert [g.board for g in e.find_round("roundrobin", None, k).games] == list(range(1, 9))


def test_v6_values_on_the_event_path():
    e = v6_event()
    codes = ["EMGSB", "EMMSB", "EGGSB", "EGMSB", "EMGSB-C1"]
    after, used, rows = team_event.standings(e, codes=codes)
    got = {r.team: (r.match_points, r.game_points, *(r.tiebreaks[c] for c in codes)) for r in rows}
    # tiebreaks.md 10.6 table
    assert got["A"] == (3, F(13, 2), 19, 8, F(149, 4), F(33, 2), 15)
    assert got["D"] == (3, F(11, 2), 16, 8, F(133, 4), F(35, 2), 11)
    assert got["B"][:2] == (4, F(13, 2)) and got["C"][:2] == (2, F(11, 2))
    assert after == 3


def test_v6_standings_default_mp_gp_sb_and_ede():
    e = v6_event()
    _, used, rows = team_event.standings(e)
    assert used == ["GP", "EMGSB"]
    assert [r.team for r in rows] == ["B", "A", "D", "C"]  # MP 4; 3 (GP 6.5); 3 (GP 5.5); 2
    assert [r.rank for r in rows] == [1, 2, 3, 4]
    # EDE alone separates A and D: A beat D 3-1
    _, _, rows = team_event.standings(e, codes=["EDE"])
    assert [r.team for r in rows][1:3] == ["A", "D"]


def test_v6_json_and_board_points():
    e = v6_event()
    doc = json.loads(team_output.standings_output(e, fmt="json", codes=["EMGSB"]))
    assert doc["after_round"] == 3 and doc["tiebreaks"] == ["EMGSB"]
    assert doc["rows"][0] == {"rank": 1, "id": 2, "team": "B", "match_points": 4, "game_points": 6.5,
                              "tiebreaks": {"EMGSB": 17.5}}
    # B's EMGSB by hand: C (2 MP) x 2 + A (3) x 2.5 + D (3) x 2 = 4 + 7.5 + 6 = 17.5
    stats = {(s["board"], s["team"]): s["points"] for s in doc["players"]}
    # board 1 of A: R1 1 (vs D), R2 1 (vs B), R3: A second-named, C's board-1 point 0 -> A 1: 3
    # (V6_PLAN: R2 A-B board 1 = 1/2 for A)  -> 1 + 0.5 + 1 = 2.5
    assert stats[(1, "A")] == 2.5
    # board 4 of C: R1 (second-named vs B, B 0) 1; R2 (second vs D, D 0) 1; R3 (first vs A) 0 -> 2
    assert stats[(4, "C")] == 2
    text = team_output.standings_output(e)
    assert "Board points" in text and max(len(x) for x in text.splitlines()) <= 80


# -- a 5-team, 2-board Swiss, Dutch on teams, worked by hand --------------------------------
#
# Pairing numbers A..E (average rating). Match points 2/1/0, PAB = a drawn match (1 MP, 1 GP).
# R1: S1 {A, B} v S2 {C, D}, E (lowest) the bye: A-C, D-B (B, number 2, gets the other colour).
#     A-C 2-0, D-B 1-1.  -> A 2, B 1, D 1, E 1 (PAB), C 0
# R2: C (0) the bye; A floats into {B, D, E}: A meets B, D meets E; colours: A and D had first
#     move (want second), B had second (wants first), E none: B-A, E-D.
#     B-A 1-1, E-D 1.5-0.5.  -> A 3, E 3, B 2, C 1, D 1
# R3: {C, D} lowest, C had the bye: D the bye. A-E, B-C; A (w, b) wants w; C (b, bye) wants w
#     over B (b, w): A-E, C-B.   A-E 1-1, C-B 2-0.
# Final MP/GP: A 4/4, E 4/3.5, C 3/3, D 2/2.5, B 2/2.
# EMGSB (fide2024, own unplayed round: dummy with the team's own MP):
#   A: C 3 x 2 + B 2 x 1 + E 4 x 1 = 12      E: own 4 x 1 + D 2 x 1.5 + A 4 x 1 = 11
#   C: A 4 x 0 + own 3 x 1 + B 2 x 2 = 7     D: B 2 x 1 + E 4 x 0.5 + own 2 x 1 = 6
#   B: D 2 x 1 + A 4 x 1 + C 3 x 0 = 6

SWISS_PLAN = {1: [(1, 1), (1, 0)], 2: [(1, 0), (1, F(1, 2))], 3: [(1, 0), (1, 1)]}
SWISS_PAIRS = {1: [("A", "C"), ("D", "B")], 2: [("B", "A"), ("E", "D")], 3: [("A", "E"), ("C", "B")]}
SWISS_BYES = {1: "E", 2: "C", 3: "D"}


def swiss_event():
    e = team_event_of("ABCDE", 2)
    for k in (1, 2, 3):
        e = pair_next(e)
        e = loads(dumps(e))
        assert match_pairs(e, k) == SWISS_PAIRS[k], k
        assert team_event.round_bye(e, k) == SWISS_BYES[k]
        assert_colours_alternate(e, k, 2)
        assert not any(p.team == SWISS_BYES[k] for r, g in e.iter_games() if r.number == k
                       for p in map(e.player, g.players))
        e = play(e, k, SWISS_PLAN[k], 2)
    return e


def test_team_swiss_pairs_by_match_points_with_the_dutch_engine():
    e = swiss_event()
    st = e.stage_state("teams")
    assert st["names"] == ["A", "B", "C", "D", "E"]
    assert st["byes"] == {"1": "E", "2": "C", "3": "D"}
    with pytest.raises(IllegalChange, match="all 3 rounds"):
        pair_next(e)


def test_team_swiss_standings_by_hand():
    e = swiss_event()
    _, used, rows = team_event.standings(e, codes=["GP", "EMGSB"])
    assert [(r.team, r.match_points, r.game_points, r.tiebreaks["EMGSB"]) for r in rows] == [
        ("A", 4, 4, 12), ("E", 4, F(7, 2), 11), ("C", 3, 3, 7), ("D", 2, F(5, 2), 6), ("B", 2, 2, 6)]
    # after round 1: A 2; B, D, E 1 (E's PAB is worth a drawn match: 1 MP, 1 GP); C 0
    _, _, rows = team_event.standings(e, after_round=1, codes=["GP"])
    assert {r.team: (r.match_points, r.game_points) for r in rows} == {
        "A": (2, 2), "B": (1, 1), "D": (1, 1), "E": (1, 1), "C": (0, 0)}


def test_pab_as_a_win_when_configured():
    e = swiss_event()
    doc = dict(e.stage_state("teams"))
    doc["pab"] = "win"
    e = replace(e, extra=tuple((k, doc if k == "teams" else v) for k, v in e.extra))
    _, _, rows = team_event.standings(e, after_round=1, codes=["GP"])
    assert {r.team: (r.match_points, r.game_points) for r in rows}["E"] == (2, 2)


def test_custom_match_points():
    e = team_event_of("AB", 2, match_points=(F(3), F(1), F(0)), rounds=1)
    e = pair_next(e)
    e = play(e, 1, [(1, F(1, 2))], 2)  # A 1.5 - 0.5 B
    _, _, rows = team_event.standings(e)
    assert [(r.team, r.match_points) for r in rows] == [("A", 3), ("B", 0)]


# -- line-ups and bad input -------------------------------------------------------------


def test_lineup_is_used_and_checked():
    e = team_event_of("AB", 3, per_team=5, rounds=2)
    a = ids_of(e, "A")
    e = team_event.set_lineup(e, "A", 1, [a[0], a[2], a[4]])
    e = loads(dumps(e))
    assert e.stage_state("teams")["lineups"] == {"1": {"A": [a[0], a[2], a[4]]}}
    e = pair_next(e)
    games = e.find_round("swiss", None, 1).games
    # board 1: A's first mover, board 2: B moves first, board 3: A again
    assert [games[0].first, games[1].second, games[2].first] == [a[0], a[2], a[4]]
    with pytest.raises(IllegalChange, match="already paired"):
        team_event.set_lineup(e, "A", 1, a[:3])


@pytest.mark.parametrize("ids,msg", [
    ("other", "plays for 'B', not for 'A'"),
    ("four", "4 players for 3 boards"),
    ("two", "2 players for 3 boards"),
    ("order", "roster order"),
    ("twice", "twice|two boards"),
])
def test_bad_lineups(ids, msg):
    e = team_event_of("AB", 3, per_team=5)
    a, b = ids_of(e, "A"), ids_of(e, "B")
    chosen = {"other": [a[0], b[1], a[2]], "four": a[:4], "two": a[:2], "order": [a[2], a[0], a[1]],
              "twice": [a[0], a[0], a[1]]}[ids]
    with pytest.raises(IllegalChange, match=msg):
        team_event.set_lineup(e, "A", 1, chosen)


def test_unknown_team_and_roster():
    e = team_event_of("AB", 2)
    with pytest.raises(IllegalChange, match="no team 'Z'"):
        team_event.set_lineup(e, "Z", 1, [1, 2])
    a = ids_of(e, "A")
    e2 = team_event.set_roster(e, "A", [a[2], a[0], a[1]])
    e2 = pair_next(e2)
    assert e2.find_round("swiss", None, 1).games[0].first == a[2]
    with pytest.raises(IllegalChange, match="every player"):
        team_event.set_roster(e, "A", a[:2])


def test_pairing_refuses_a_team_too_small_and_a_player_without_team():
    e = team_event_of("AB", 3, per_team=2)
    with pytest.raises(IllegalChange, match="a match needs 3"):
        pair_next(e)
    e = team_event_of("AB", 2)
    e = commands.add_player(e, "Loner", rating=2000)
    with pytest.raises(IllegalChange, match="needs a team"):
        pair_next(e)


def test_pairing_waits_for_every_board():
    e = team_event_of("ABCD", 2)
    e = pair_next(e)
    e = commands.record_result(e, "swiss", None, 1, 1, Result.parse("1-0"))
    with pytest.raises(IllegalChange, match="still misses 3 result"):
        pair_next(e)


def test_setup_checks():
    e = commands.new_event("X", 3)
    with pytest.raises(IllegalChange):
        team_event.setup(e, 0)
    with pytest.raises(IllegalChange, match="win > draw"):
        team_event.setup(e, 4, match_points=(F(1), F(1), F(0)))
    assert team_event.is_team_event(team_event.setup(e, 4))
    assert not team_event.is_team_event(e)


def test_unknown_tiebreak_code():
    e = team_event_of("AB", 2)
    with pytest.raises(IllegalChange, match="unknown team tie-break 'XYZ'"):
        team_event.standings(e, codes=["XYZ"])
    assert team_event.check_codes(["SB", "sb-c1", "DE", "BH", "EMGSB-C1"]) == ["EMGSB", "EMGSB-C1", "EDE", "BH-MP",
                                                                              "EMGSB-C1"]


def test_forfeited_match_is_not_a_played_encounter():
    # A-B with both boards forfeited by B: A 2 MP, 2 GP; the Dutch may pair them again
    e = team_event_of("AB", 2, rounds=2)
    e = pair_next(e)
    e = commands.record_result(e, "swiss", None, 1, 1, Result.parse("+-"))  # A moves first on board 1
    e = commands.record_result(e, "swiss", None, 1, 2, Result.parse("-+"))  # B moves first on board 2
    _, _, rows = team_event.standings(e, codes=["GP"])
    assert [(r.team, r.match_points, r.game_points) for r in rows] == [("A", 2, 2), ("B", 0, 0)]
    e = pair_next(e)  # two teams, not a played match: they may meet again
    assert match_pairs(e, 2) in ([("A", "B")], [("B", "A")])


def test_double_round_robin_reverses_the_first_named_team():
    # 3 teams: Berger table for 4; first cycle with its last two rounds swapped (FIDE advice),
    # second cycle in table order with the first-named team reversed.
    # table: R1 1-4, 2-3; R2 4-3, 1-2; R3 2-4, 3-1 (4 = no match)
    e = team_event_of("XYZ", 2, system="double-roundrobin")
    seen = []
    for k in range(1, 7):
        e = pair_next(e)
        seen.append(match_pairs(e, k))
        e = play(e, k, [(1, 0)], 2)
    assert e.rounds_planned == 6
    assert seen == [[("Y", "Z")], [("Z", "X")], [("X", "Y")], [("Z", "Y")], [("Y", "X")], [("X", "Z")]]
    assert [team_event.round_bye(e, k) for k in range(1, 7)] == ["X", "Y", "Z", "X", "Z", "Y"]


def test_lots_draw_berger_numbers_and_are_recorded():
    e = team_event_of("ABCD", 2, system="roundrobin")
    e = pair_next(e, lots=True)
    st = e.stage_state("teams")
    assert sorted(st["berger"]) == [1, 2, 3, 4] and st["lots_seed"] == 11
    with pytest.raises(IllegalChange, match="already fixed"):
        e2 = play(e, 1, [(1, 0), (1, 0)], 2)
        pair_next(e2, lots=True)


def test_late_team_and_unavailable_player():
    e = team_event_of("ABC", 2, rounds=3)
    e = pair_next(e)  # A-B, C the bye
    e = play(e, 1, [(1, 1)], 2)
    e = commands.add_player(e, "D 1", rating=2500, team="D")
    e = commands.add_player(e, "D 2", rating=2500, team="D")
    assert e.player(ids_of(e, "D")[0]).late_from == 2
    with pytest.raises(IllegalChange, match=r"cannot play round 1|already paired"):
        team_event.set_lineup(e, "D", 1, ids_of(e, "D"))
    e = pair_next(e)
    assert e.stage_state("teams")["names"] == ["A", "B", "C", "D"]  # ids kept, D appended
    assert len(match_pairs(e, 2)) == 2
    a = ids_of(e, "A")
    e = commands.request_bye(e, a[0], 3, "half")
    with pytest.raises(IllegalChange, match=r"cannot play round 3 \(a bye is requested\)"):
        team_event.set_lineup(e, "A", 3, a[:2])


def test_text_fits_80_columns_with_long_names():
    long = ["Grandmasters of the Northern Chess Federation " + c for c in "AB"]
    e = team_event_of(long, 2, rounds=1)
    e = pair_next(e)
    e = play(e, 1, [(1, F(1, 2))], 2)
    outs = [team_output.standings_output(e, codes=["GP", "EMGSB", "EMGSB-C1", "BH-MP", "EDE", "TBR"]),
            team_output.matches_output(e), team_output.teams_output(e)]
    for text in outs:
        assert max(len(x) for x in text.splitlines()) <= 80, text
    assert "Not shown: EDE, TBR" in outs[0]


@pytest.mark.parametrize("seed", range(6))
def test_random_team_swiss_keeps_the_absolute_rules(seed):
    """7 teams, 3 boards, 5 rounds, random board results: no played rematch, at most one bye a
    team, every team in one match or the bye each round, board colours alternate."""
    import random

    rng = random.Random(seed)
    e = team_event_of("ABCDEFG", 3, per_team=4, rounds=5)
    met, byes = set(), []
    for k in range(1, 6):
        e = pair_next(e)
        pairs = match_pairs(e, k)
        assert_colours_alternate(e, k, 3)
        for a, b in pairs:
            assert frozenset((a, b)) not in met
            met.add(frozenset((a, b)))
        bye = team_event.round_bye(e, k)
        assert sorted([t for p in pairs for t in p] + [bye]) == list("ABCDEFG")
        byes.append(bye)
        e = play(e, k, [tuple(rng.choice([1, 0, F(1, 2)]) for _ in range(3)) for _ in pairs], 3)
    assert len(set(byes)) == 5
    _, _, rows = team_event.standings(e)
    # 3 matches x 2 MP a round + the bye's 1 MP
    assert sum(r.match_points for r in rows) == 5 * (3 * 2 + 1)
    assert sum(r.game_points for r in rows) == 5 * (3 * 3 + F(3, 2))


def test_setup_stores_a_tiebreak_list():
    e = team_event_of("AB", 2, rounds=1)
    e = team_event.setup(e, 2, tiebreaks=["EDE", "GP"])
    e = loads(dumps(e))
    assert e.stage_state("teams")["tiebreaks"] == ["EDE", "GP"]
    assert team_event.standings(e)[1] == ["EDE", "GP"]
    with pytest.raises(IllegalChange, match="unknown team tie-break 'WIN'"):
        team_event.setup(e, 2, tiebreaks=["WIN"])


# -- the bye seat of an odd team round robin: no round for the tie-breaks ---------------------------
#
# 5 teams A..E (Berger numbers 1..5), 2 boards; the Berger table for 6, seat 6 = no match:
#   R1 A bye; B-E 2-0, C-D 1-1      R2 D bye; E-C 1.5-0.5, A-B 1-1   R3 B bye; C-A 0.5-1.5, D-E 2-0
#   R4 E bye; A-D 1-1, B-C 2-0      R5 C bye; D-B 0-2, E-A 1-1
# MP: A 5, B 7, C 1, D 4, E 3 (sum 20); GP: A 4.5, B 7, C 2, D 4, E 2.5 (sum 20).
# tiebreaks.md section 1 (RR_BYE: "no round for tie-break purposes"; C.07 15.2: in pre-determined
# pairings forfeits are the only unplayed rounds): 4 terms a team, its 4 opponents, no dummy.
# BH-MP = the others' MP = 20 - own: A 15, B 13, C 19, D 16, E 17 (a dummy would make them all 20).
# BH-GP = 20 - own GP: A 15.5, B 13, C 18, D 16, E 17.5.
# EMGSB-C1 of C: D 4x1 + E 3x0.5 + A 5x0.5 + B 7x0 = 8, less E's term (lowest MP opponent) 1.5 = 6.5.
# SSSC: k = 2 MP x 4 playable rounds / 2 boards = 4; A 4.5 + 15/4 = 8.25, B 7 + 13/4 = 10.25,
#       C 2 + 19/4 = 6.75, D 4 + 16/4 = 8, E 2.5 + 17/4 = 6.75.

RR5_PLAN = {
    1: [(1, 1), (1, 0)],  # B-E 2-0, C-D 1-1
    2: [(1, F(1, 2)), (1, 0)],  # E-C 1.5-0.5, A-B 1-1
    3: [(F(1, 2), 0), (1, 1)],  # C-A 0.5-1.5, D-E 2-0
    4: [(0, 1), (1, 1)],  # A-D 1-1, B-C 2-0
    5: [(0, 0), (F(1, 2), F(1, 2))],  # D-B 0-2, E-A 1-1
}


def test_five_team_round_robin_bye_seat_is_no_round_for_tiebreaks():
    e = team_event_of("ABCDE", 2, system="roundrobin")
    for k in range(1, 6):
        e = pair_next(e)
        e = loads(dumps(e))
        e = play(e, k, RR5_PLAN[k], 2)
    assert e.rounds_planned == 5
    assert [team_event.round_bye(e, k) for k in range(1, 6)] == ["A", "D", "B", "E", "C"]
    assert [match_pairs(e, k) for k in range(1, 6)] == [
        [("B", "E"), ("C", "D")], [("E", "C"), ("A", "B")], [("C", "A"), ("D", "E")],
        [("A", "D"), ("B", "C")], [("D", "B"), ("E", "A")]]
    codes = ["BH-MP", "BH-GP", "SSSC", "EMGSB-C1"]
    _, _, rows = team_event.standings(e, codes=codes)
    got = {r.team: (r.match_points, r.game_points, *(r.tiebreaks[c] for c in codes)) for r in rows}
    assert {t: v[:5] for t, v in got.items()} == {
        "A": (5, F(9, 2), 15, F(31, 2), F(33, 4)), "B": (7, 7, 13, 13, F(41, 4)),
        "C": (1, 2, 19, 18, F(27, 4)), "D": (4, 4, 16, 16, 8), "E": (3, F(5, 2), 17, F(35, 2), F(27, 4))}
    assert got["C"][5] == F(13, 2)
    # the same under the other editions: no unplayed round at all, so no dummy or virtual team
    for edition in ("fide2026", "legacy"):
        _, _, rows = team_event.standings(e, codes=codes, edition=edition)
        assert {r.team: (r.match_points, r.game_points, *(r.tiebreaks[c] for c in codes)) for r in rows} == got
    assert [r.team for r in rows] == ["B", "A", "D", "E", "C"]


# -- forbidden pairs of teams (team Swiss) ------------------------------------------------------------
#
# 4 teams A, B, C, D (pairing numbers 1..4), round 1: S1 {A, B} v S2 {C, D} gives A-C, D-B (as in the
# 5-team example above: B, number 2, gets the other colour). With A and C forbidden (two teams of one
# club) the Dutch engine takes the next transposition of S2, (D, C): A-D, C-B.


def test_team_swiss_never_pairs_a_forbidden_pair_of_teams():
    e = team_event_of("ABCD", 2, rounds=3)
    assert match_pairs(pair_next(e), 1) == [("A", "C"), ("D", "B")]
    f = team_event.forbid_teams(e, "A", "3")  # a name and a team id (C is team 3)
    f = team_event.forbid_teams(f, "C", "A")  # the same pair again: nothing changes
    assert f.stage_state("teams")["forbidden"] == [["A", "C"]]
    f = loads(dumps(f))  # through the file format
    assert team_event.state(f).forbidden == (("A", "C"),)
    f = pair_next(f)
    assert match_pairs(f, 1) == [("A", "D"), ("C", "B")]
    # an absolute criterion, as C1: without A-C the 4 teams have two round pairings only,
    # {A-D, B-C} and {A-B, C-D}; after both, round 3 has no legal pairing (rather than A-C)
    f = play(f, 1, [(1, 1), (1, 0)], 2)
    f = pair_next(f)
    assert sorted(frozenset(p) for p in match_pairs(f, 2)) == sorted([frozenset("AB"), frozenset("CD")])
    f = play(f, 2, [(1, 0), (0, 1)], 2)
    with pytest.raises(NoLegalPairing):
        pair_next(f)
    # take it back
    g = team_event.forbid_teams(f, "C", "A", remove=True)
    assert "forbidden" not in g.stage_state("teams")
    with pytest.raises(IllegalChange, match="teams 'A' and 'C' are not a forbidden pair"):
        team_event.forbid_teams(g, "A", "C", remove=True)


def test_forbidden_teams_bad_input():
    e = team_event_of("ABC", 2, rounds=2)
    with pytest.raises(IllegalChange, match=r"no team 'Z' \(teams: A, B, C\)"):
        team_event.forbid_teams(e, "A", "Z")
    with pytest.raises(IllegalChange, match=r"no team '9'"):
        team_event.forbid_teams(e, "A", "9")
    with pytest.raises(IllegalChange, match="cannot be paired with itself"):
        team_event.forbid_teams(e, "B", "2")
    bad = {"forbidden": "A,B"}, {"forbidden": [["A"]]}, {"forbidden": [["A", "A"]]}, {"forbidden": [["A", 2]]}
    for doc, where in zip(bad, ["forbidden:", "forbidden[0]:", "forbidden[0]:", "forbidden[0]:"]):
        f = replace(e, extra=tuple((k, {**v, **doc}) if k == "teams" else (k, v) for k, v in e.extra))
        with pytest.raises(IllegalChange, match=re.escape(f"[teams] {where}")):
            team_event.state(f)
    f = replace(e, extra=tuple((k, {**v, "forbidden": [["A", "Z"]]}) if k == "teams" else (k, v) for k, v in e.extra))
    with pytest.raises(IllegalChange, match=re.escape("[teams] forbidden[0]: no team 'Z' in this event")):
        team_event.state(f)


def test_round_robin_refuses_forbidden_pairs():
    # A Berger table fixes every round before the event starts: a forbidden pair could only be
    # honoured by leaving a scheduled match out, so the command refuses it (and so does the file)
    # rather than ignoring it silently.
    e = team_event_of("ABCD", 2, system="roundrobin")
    with pytest.raises(IllegalChange, match="a round robin follows its Berger table"):
        team_event.forbid_teams(e, "A", "B")
    f = replace(e, extra=tuple((k, {**v, "forbidden": [["A", "B"]]}) if k == "teams" else (k, v) for k, v in e.extra))
    with pytest.raises(IllegalChange, match=re.escape("[teams] forbidden: a round robin follows its Berger table")):
        pair_next(f)


def test_round_robin_forfeited_match_is_an_ordinary_match_for_tiebreaks():
    """C.07 15.2: with pre-determined pairings a forfeit is treated as an ordinary game. A match that C
    forfeits on both boards to D must give every team the tie-breaks of a 0-2 played over the board."""
    def event(forfeit: bool):
        e = team_event_of("ABCDE", 2, system="roundrobin")
        plan = dict(RR5_PLAN)
        plan[1] = [(1, 1), (0, 0)]  # B-E 2-0, C-D 0-2
        for k in range(1, 6):
            e = pair_next(e)
            if k == 1 and forfeit:  # C did not come: board 1 C moves first, board 2 D does
                e = play(e, 1, [plan[1][0]], 2)
                e = commands.record_result(e, "roundrobin", None, 1, 3, Result.parse("-+"))
                e = commands.record_result(e, "roundrobin", None, 1, 4, Result.parse("+-"))
            else:
                e = play(e, k, plan[k], 2)
        return e

    codes = ["BH-MP", "BH-GP", "SSSC", "EMGSB", "EMGSB-C1", "EDE"]
    for edition in ("fide2024", "fide2026"):
        played = {r.team: (r.match_points, r.game_points, r.tiebreaks)
                  for r in team_event.standings(event(False), codes=codes, edition=edition)[2]}
        forfeited = {r.team: (r.match_points, r.game_points, r.tiebreaks)
                     for r in team_event.standings(event(True), codes=codes, edition=edition)[2]}
        assert forfeited == played, edition
