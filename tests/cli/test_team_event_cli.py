"""Team events driven through the command line (`main(argv)` in-process, tests/cli_run.py), as the outside checks do.

The expected numbers are worked out by hand in the comments.
"""

from __future__ import annotations

import json
import re
import tomllib
from fractions import Fraction as F

from tests.cli_run import run


def ok(*args) -> str:
    code, out, err = run(*args, user="judge")
    assert code == 0, err
    return out


def refused(*args) -> str:
    code, out, err = run(*args, user="judge")
    assert code == 2, (code, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("arbiter: error: "), err
    return lines[0]


def first_moves_first(path):
    """The colour of pairing number 1 in round 1 is drawn by lot at `new`; fix it to first."""
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r'(?m)^initial_colour = "b"\n', "", text), encoding="utf-8")


def make(tmp_path, names, boards, per_team, *more):
    f = tmp_path / "teams.toml"
    ok("new", f, "--name", "Team Cup", *more, "--teams", "--boards", boards)
    first_moves_first(f)
    ids = {}
    for k, t in enumerate(names):
        for i in range(per_team):
            out = ok("players", "add", f, f"{t} player {i + 1}", "--rating", 2400 - 100 * k - i, "--team", t)
            ids.setdefault(t, []).append(int(re.search(r"as player (\d+)", out).group(1)))
    return f, ids


def team_of(ids):
    return {pid: t for t, ps in ids.items() for pid in ps}


def round_json(f):
    return json.loads(ok("round", f, "--format", "json"))


def play_round(f, ids, boards, plan):
    """plan: {(first-named, second-named): first-named team's points per board}. Checks the boards:
    match m is boards (m-1)*B+1.., colours alternate, line-ups are the first B of each roster."""
    who = team_of(ids)
    rnd = round_json(f)
    games = rnd["boards"]
    assert len(games) == boards * len(plan)
    seen = []
    for m in range(len(plan)):
        block = games[m * boards:(m + 1) * boards]
        assert [g["board"] for g in block] == list(range(m * boards + 1, (m + 1) * boards + 1))
        a, b = who[block[0]["first"]], who[block[0]["second"]]
        seen.append((a, b))
        for j, g in enumerate(block, start=1):
            first, second = (a, b) if j % 2 else (b, a)
            assert (who[g["first"]], who[g["second"]]) == (first, second), g
        assert [g["first"] if j % 2 else g["second"] for j, g in enumerate(block, 1)] == ids[a][:boards]
        assert [g["second"] if j % 2 else g["first"] for j, g in enumerate(block, 1)] == ids[b][:boards]
        for j, (g, x) in enumerate(zip(block, plan[(a, b)]), start=1):
            x = F(x)
            res = "1/2" if x == F(1, 2) else ("1-0" if (x == 1) == (j % 2 == 1) else "0-1")
            ok("result", f, g["board"], res)
    assert sorted(seen) == sorted(plan)
    return seen


# -- team Swiss: 5 teams, 2 boards, 3 rounds (the hand-worked example of test_team_event.py) ---------
#
# R1 A-C 2-0, D-B 1-1, E bye (a drawn match: 1 MP, 1 GP)
# R2 B-A 1-1, E-D 1.5-0.5, C bye
# R3 A-E 1-1, C-B 2-0, D bye
# MP/GP: A 4/4, E 4/3.5, C 3/3, D 2/2.5, B 2/2
# EMGSB: A 3x2 + 2x1 + 4x1 = 12; E 4x1 (own) + 2x1.5 + 4x1 = 11; C 0 + 3x1 (own) + 2x2 = 7;
#        D 2x1 + 4x0.5 + 2x1 (own) = 6; B 2x1 + 4x1 + 3x0 = 6


def test_team_swiss_through_the_cli(tmp_path):
    f, ids = make(tmp_path, "ABCDE", 2, 3, "--rounds", 3)
    plans = [
        {("A", "C"): (1, 1), ("D", "B"): (1, 0)},
        {("B", "A"): (1, 0), ("E", "D"): (1, F(1, 2))},
        {("A", "E"): (1, 0), ("C", "B"): (1, 1)},
    ]
    byes = ["E", "C", "D"]
    for k, plan in enumerate(plans, start=1):
        out = ok("pair", f)
        assert f"round {k}" in out.lower()
        play_round(f, ids, 2, plan)
        m = json.loads(ok("match", f, "--format", "json"))
        assert m["round"] == k and m["bye"] == byes[k - 1]
        assert all(x["match_points"] is not None for x in m["matches"])
    doc = json.loads(ok("standings", f, "--format", "json"))
    assert doc["after_round"] == 3 and doc["tiebreaks"] == ["GP", "EMGSB"]
    got = [(r["rank"], r["team"], r["match_points"], r["game_points"], r["tiebreaks"]["EMGSB"]) for r in doc["rows"]]
    assert got == [
        (1, "A", 4, 4, 12), (2, "E", 4, 3.5, 11), (3, "C", 3, 3, 7), (4, "D", 2, 2.5, 6), (5, "B", 2, 2, 6)]
    # "SB" on a team event is the team SB (EMGSB)
    doc = json.loads(ok("standings", f, "--format", "json", "--tiebreaks", "SB"))
    assert [r["tiebreaks"]["SB"] for r in doc["rows"]] == [12, 11, 7, 6, 6]
    # after round 1: A 2 MP; E (bye) 1 MP 1 GP
    doc = json.loads(ok("standings", f, "--format", "json", "--after-round", 1))
    rows = {r["team"]: (r["match_points"], r["game_points"]) for r in doc["rows"]}
    assert rows == {"A": (2, 2), "B": (1, 1), "D": (1, 1), "E": (1, 1), "C": (0, 0)}
    csv = ok("standings", f, "--format", "csv").splitlines()
    assert csv[0] == "rank,id,team,match_points,game_points,GP,EMGSB"
    assert csv[1] == "1,1,A,4,4,4,12"
    text = ok("standings", f)
    assert "team standings after round 3" in text and "Board points" in text
    # every team tie-break code through `teams standings`
    doc = json.loads(ok("teams", "standings", f, "--format", "json", "--tiebreaks", "EMGSB-C1,EDE,MPvGP"))
    assert doc["tiebreaks"] == ["EMGSB-C1", "EDE", "MPvGP"]
    code, out, err = run("pair", f)
    assert code == 2 and "all 3 rounds" in err


# -- team round robin: 3 teams, 2 boards (Berger table for 4, seat 4 = no match) ------------------
#
# Berger numbers X, Y, Z (pairing numbers). R1 1-4, 2-3: Y-Z, X no match; R2 4-3, 1-2: X-Y, Z no
# match; R3 2-4, 3-1: Z-X, Y no match. The bye seat scores nothing.
# R1 Y-Z 1.5-0.5, R2 X-Y 1-1, R3 Z-X 0-2.
# MP/GP: X 3/3, Y 3/2.5, Z 0/0.5.  EMGSB: X Y 3x1 + Z 0x2 = 3; Y Z 0x1.5 + X 3x1 = 3; Z Y 3x0.5 + X 3x0 = 1.5


def test_team_round_robin_through_the_cli(tmp_path):
    f, ids = make(tmp_path, "XYZ", 2, 2, "--rounds", 1, "--system", "roundrobin")
    plans = [{("Y", "Z"): (1, F(1, 2))}, {("X", "Y"): (0, 1)}, {("Z", "X"): (0, 0)}]
    byes = ["X", "Z", "Y"]
    for k, plan in enumerate(plans, start=1):
        ok("pair", f)
        play_round(f, ids, 2, plan)
        assert json.loads(ok("match", f, "--format", "json"))["bye"] == byes[k - 1]
    text = ok("match", f, "--round", 1)
    assert "Match 1: Y - Z  1.5 - 0.5" in text and "No match: X (bye seat)" in text
    doc = json.loads(ok("standings", f, "--format", "json"))
    assert [(r["team"], r["match_points"], r["game_points"], r["tiebreaks"]["EMGSB"]) for r in doc["rows"]] == [
        ("X", 3, 3, 3), ("Y", 3, 2.5, 3), ("Z", 0, 0.5, 1.5)]
    code, _, err = run("pair", f)
    assert code == 2 and "all 3 rounds of the round robin" in err


def test_v6_through_the_cli(tmp_path):
    """tiebreaks.md 10.6 played through the command line: A 3 MP 6.5 GP EMGSB 19, D 3 5.5 16."""
    f, ids = make(tmp_path, "ABCD", 4, 4, "--rounds", 1, "--system", "roundrobin")
    plans = [{("A", "D"): (1, 1, 1, 0), ("B", "C"): (1, 0, 1, 0)},
             {("D", "C"): (1, F(1, 2), 1, 0), ("A", "B"): (F(1, 2), 0, 1, 0)},
             {("B", "D"): (1, 0, 1, 0), ("C", "A"): (0, 1, 1, 0)}]
    for plan in plans:
        ok("pair", f)
        play_round(f, ids, 4, plan)
    doc = json.loads(ok("teams", "standings", f, "--format", "json", "--tiebreaks",
                        "EMGSB,EMMSB,EGGSB,EGMSB,EMGSB-C1"))
    got = {r["team"]: [r["match_points"], r["game_points"], *r["tiebreaks"].values()] for r in doc["rows"]}
    assert got["A"] == [3, 6.5, 19, 8, 37.25, 16.5, 15]
    assert got["D"] == [3, 5.5, 16, 8, 33.25, 17.5, 11]
    assert [r["team"] for r in doc["rows"]] == ["B", "A", "D", "C"]


# -- line-ups and bad input ------------------------------------------------------------------


def test_lineups_and_bad_input_exit_2_and_leave_the_file_alone(tmp_path):
    f, ids = make(tmp_path, "AB", 3, 5, "--rounds", 2)
    a, b = ids["A"], ids["B"]
    before = f.read_bytes()
    assert "no team 'Bishops'" in refused("teams", "lineup", f, "Bishops", 1, "1,2,3")
    assert "plays for 'B', not for 'A'" in refused("teams", "lineup", f, "A", 1, f"{a[0]},{b[0]},{a[1]}")
    assert "4 players for 3 boards" in refused("teams", "lineup", f, "A", 1, ",".join(map(str, a[:4])))
    assert "roster order" in refused("teams", "lineup", f, "A", 1, f"{a[2]},{a[0]},{a[1]}")
    refused("teams", "lineup", f, "A", 1, "1,x,3")
    refused("teams", "roster", f, "Bishops", "1,2")
    refused("teams", "order", f, "A", "Bishops")
    assert f.read_bytes() == before
    ok("teams", "lineup", f, "A", 1, f"{a[1]},{a[2]},{a[4]}")
    ok("teams", "roster", f, "B", ",".join(map(str, [b[4], b[0], b[1], b[2], b[3]])))
    listing = json.loads(ok("teams", "list", f, "--format", "json"))
    assert [(t["name"], t["roster"]) for t in listing] == [("A", a), ("B", [b[4], *b[:4]])]
    ok("pair", f)
    games = round_json(f)["boards"]
    assert [games[0]["first"], games[1]["second"], games[2]["first"]] == [a[1], a[2], a[4]]
    assert [games[0]["second"], games[1]["first"], games[2]["second"]] == [b[4], b[0], b[1]]
    assert "already paired" in refused("teams", "lineup", f, "A", 1, f"{a[0]},{a[1]},{a[2]}")
    # the lead's `players add --team` starts a team; a player without one blocks pairing
    ok("players", "add", f, "No Team", "--rating", 1500)
    for g in games:
        ok("result", f, g["board"], "1/2")
    assert "needs a team" in refused("pair", f)


def test_new_team_event_checks(tmp_path):
    refused("new", tmp_path / "x.toml", "--name", "X", "--rounds", 3, "--teams")
    refused("new", tmp_path / "x.toml", "--name", "X", "--rounds", 3, "--teams", "--boards", 4,
            "--match-points", "1,1,0")
    assert not (tmp_path / "x.toml").exists()
    ok("new", tmp_path / "y.toml", "--name", "Y", "--rounds", 3, "--teams", "--boards", 4, "--match-points", "3,1,0")
    text = (tmp_path / "y.toml").read_text(encoding="utf-8")
    assert tomllib.loads(text)["teams"]["match_points"] == [3, 1, 0] and "[teams]\nboards = 4\n" in text


def test_not_a_team_event(tmp_path):
    f = tmp_path / "plain.toml"
    ok("new", f, "--name", "Plain", "--rounds", 3)
    assert "not a team event" in refused("teams", "list", f)
    assert "not a team event" in refused("match", f)


# -- forbidden pairs of teams: `arbiter forbid FILE TEAM TEAM` -----------------------------------------
#
# 4 teams A..D (pairing numbers 1..4), round 1 of the Dutch system: A-C, D-B. With A and C forbidden
# (same club) the next transposition: A-D, C-B.


def test_forbid_teams_through_the_cli(tmp_path):
    f, ids = make(tmp_path, "ABCD", 2, 2, "--rounds", 2)
    before = f.read_bytes()
    assert "no team 'Z' (teams: A, B, C, D)" in refused("forbid", f, "A", "Z")
    assert "no team '7'" in refused("forbid", f, "A", 7)
    assert "itself" in refused("forbid", f, "A", 1)
    assert "--club is for players" in refused("forbid", f, "A", "C", "--club", "X")
    assert "give two teams" in refused("forbid", f, "A")
    assert "not a forbidden pair" in refused("forbid", f, "A", "C", "--remove")
    assert f.read_bytes() == before
    assert "teams A and C will not be paired together" in ok("forbid", f, "A", 3)  # a name and an id
    assert '[teams]' in f.read_text(encoding="utf-8")
    assert tomllib.loads(f.read_text(encoding="utf-8"))["teams"]["forbidden"] == [["A", "C"]]
    assert "Must not meet (forbidden pairs):\n  A - C\n" in ok("teams", "list", f)
    ok("pair", f)
    m = json.loads(ok("match", f, "--format", "json"))
    assert [(x["first"], x["second"]) for x in m["matches"]] == [("A", "D"), ("C", "B")]
    assert "may meet" in ok("forbid", f, "C", "A", "--remove")
    assert "forbidden" not in f.read_text(encoding="utf-8")


def test_forbidden_teams_leave_no_legal_pairing_exit_1(tmp_path):
    f, _ = make(tmp_path, "AB", 2, 2, "--rounds", 1)
    ok("forbid", f, "A", "B")
    code, _, err = run("pair", f)
    assert code == 1 and "no legal pairing" in err


def test_forbid_on_a_team_round_robin_is_refused(tmp_path):
    f, _ = make(tmp_path, "ABC", 2, 2, "--rounds", 1, "--system", "roundrobin")
    assert "a round robin follows its Berger table" in refused("forbid", f, "A", "B")


def test_bad_forbidden_teams_in_the_file_exit_2(tmp_path):
    f, _ = make(tmp_path, "ABC", 2, 2, "--rounds", 2)
    text = f.read_text(encoding="utf-8")
    for bad, msg in [('forbidden = ["A", "B"]', "[teams] forbidden[0]: expected a pair of two different team names"),
                     ('forbidden = [["A", "Q"]]', "[teams] forbidden[0]: no team 'Q' in this event"),
                     ('forbidden = "A"', "[teams] forbidden: expected a list of pairs of team names")]:
        f.write_text(text.replace("[teams]\n", f"[teams]\n{bad}\n"), encoding="utf-8")
        before = f.read_bytes()
        assert msg in refused("pair", f)
        assert msg in refused("teams", "list", f)
        assert f.read_bytes() == before


def test_forbid_players_still_takes_ids(tmp_path):
    f = tmp_path / "plain.toml"
    ok("new", f, "--name", "Plain", "--rounds", 3)
    for i in range(4):
        ok("players", "add", f, f"P{i}", "--rating", 2000 - i)
    assert "'x' is not a player id" in refused("forbid", f, "x", 2)
    assert "players 1 and 2 will not be paired together" in ok("forbid", f, 1, 2)


def test_team_printouts_and_csv_through_export(tmp_path):
    f, ids = make(tmp_path, ["Rooks", "Knights", "Bishops", "Pawns"], 2, 2, "--rounds", 3)
    ok("pair", f)
    out = tmp_path / "cards.txt"
    ok("export", f, "--format", "text", "--what", "match_cards", "--out", out)
    text = out.read_text(encoding="utf-8")
    assert text.count("Match card: Round 1, match") == 2 and text.count("cut here") == 3
    ok("export", f, "--format", "text", "--what", "matches", "--out", tmp_path / "m.txt")
    assert "Match 2 (boards 3-4): " in (tmp_path / "m.txt").read_text(encoding="utf-8")
    for b in (1, 2, 3, 4):
        ok("result", f, b, "1-0")
    ok("export", f, "--format", "csv", "--what", "board_stats", "--out", tmp_path / "b.csv")
    rows = (tmp_path / "b.csv").read_text(encoding="utf-8").splitlines()
    assert rows[0] == "board,id,name,team,games,points,percent" and len(rows) == 1 + 8
    ok("export", f, "--format", "csv", "--what", "team_standings", "--out", tmp_path / "t.csv")
    assert (tmp_path / "t.csv").read_text(encoding="utf-8").splitlines()[0] == \
        "rank,id,team,match_points,game_points,GP,EMGSB,matches"
    plain = tmp_path / "open.toml"
    ok("new", plain, "--name", "Open", "--rounds", 5)
    line = refused("export", plain, "--format", "text", "--what", "match_cards", "--out", tmp_path / "x.txt")
    assert "a printout of a team event" in line and not (tmp_path / "x.txt").exists()


def test_hand_changes_on_matches_through_the_cli(tmp_path):
    f, ids = make(tmp_path, ["Rooks", "Knights", "Bishops"], 2, 2, "--rounds", 3)
    ok("pair", f)
    m = json.loads(ok("match", f, "--format", "json"))
    assert [(x["first"], x["second"]) for x in m["matches"]] == [("Rooks", "Knights")] and m["bye"] == "Bishops"
    assert ok("teams", "swap", f, 1).strip() == "round 1 match 1: Knights - Rooks"
    out = ok("teams", "bye", f, "Knights")
    assert out.strip() == "round 1: Knights has the bye"
    m = json.loads(ok("match", f, "--format", "json"))
    assert [(x["first"], x["second"]) for x in m["matches"]] == [("Bishops", "Rooks")] and m["bye"] == "Knights"
    assert ok("teams", "exchange", f, "Rooks", "2").strip() == "round 1: teams Rooks and Knights exchanged"
    assert "exchange teams Rooks and Knights" in ok("log", f)
    m = json.loads(ok("match", f, "--format", "json"))  # Knights plays in Rooks' place, Rooks has the bye
    assert [(x["first"], x["second"]) for x in m["matches"]] == [("Bishops", "Knights")] and m["bye"] == "Rooks"
    line = refused("teams", "exchange", f, "Bishops", "Knights")
    assert "teams Bishops and Knights play each other" in line
    line = refused("teams", "exchange", f, "Rooks", "Rooks")
    assert line == "arbiter: error: exchange two different teams, not Rooks with itself"
    ok("result", f, 1, "1-0")
    line = refused("teams", "swap", f, 1)
    assert "round 1 has results: clear them before changing its pairing" in line
