"""Pairing, round robins and the top, driven through the command line as the outside checks do."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from arbiter_tournament.core.formats.trf import parse_trf
from arbiter_tournament.core.event.records import Scoring
from arbiter_tournament.core.store import load
from tests.cli_run import run
from tests.conftest import CORPUS, ROOT


def ok(*args) -> str:
    code, out, err = run(*args, user="judge")
    assert code == 0, err
    return out


# FIDE Berger tables (C.05 Annex 1), as printed: (white, black) by Berger number, round by round.
FIDE_6 = [[(1, 6), (2, 5), (3, 4)], [(6, 4), (5, 3), (1, 2)], [(2, 6), (3, 1), (4, 5)],
          [(6, 5), (1, 4), (2, 3)], [(3, 6), (4, 2), (5, 1)]]
FIDE_8 = [[(1, 8), (2, 7), (3, 6), (4, 5)], [(8, 5), (6, 4), (7, 3), (1, 2)], [(2, 8), (3, 1), (4, 7), (5, 6)],
          [(8, 6), (7, 5), (1, 4), (2, 3)], [(3, 8), (4, 2), (5, 1), (6, 7)], [(8, 7), (1, 6), (2, 5), (3, 4)],
          [(4, 8), (5, 3), (6, 2), (7, 1)]]
FIDE_10 = [[(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)], [(10, 6), (7, 5), (8, 4), (9, 3), (1, 2)],
           [(2, 10), (3, 1), (4, 9), (5, 8), (6, 7)], [(10, 7), (8, 6), (9, 5), (1, 4), (2, 3)],
           [(3, 10), (4, 2), (5, 1), (6, 9), (7, 8)], [(10, 8), (9, 7), (1, 6), (2, 5), (3, 4)],
           [(4, 10), (5, 3), (6, 2), (7, 1), (8, 9)], [(10, 9), (1, 8), (2, 7), (3, 6), (4, 5)],
           [(5, 10), (6, 4), (7, 3), (8, 2), (9, 1)]]


@pytest.mark.parametrize("n,table", [(6, FIDE_6), (7, FIDE_8), (10, FIDE_10)])
def test_round_robin_through_the_cli_follows_the_fide_tables(tmp_path, n, table):
    ev = tmp_path / "rr.toml"
    ok("new", ev, "--name", "RR", "--rounds", 1, "--system", "roundrobin")
    for i in range(1, n + 1):
        ok("players", "add", ev, f"Player {i}", "--rating", 2000 - i)
    for r, expected in enumerate(table, start=1):
        ok("pair", ev)
        got = json.loads(ok("round", ev, "--format", "json"))
        assert got["round"] == r
        pairs = [(b["first"], b["second"]) for b in got["boards"]]
        want = [(w, b) for w, b in expected if w <= n and b <= n]  # the highest number is the bye seat for odd n
        assert pairs == want
        for b in got["boards"]:
            ok("result", ev, b["board"], "1/2")
    code, _, err = run("pair", ev)
    assert code == 2 and "all" in err and "rounds of the round robin have been paired" in err


def test_double_round_robin_repeats_with_colours_reversed(tmp_path):
    ev = tmp_path / "drr.toml"
    ok("new", ev, "--name", "DRR", "--rounds", 1, "--system", "double-roundrobin")
    for i in range(1, 5):
        ok("players", "add", ev, f"P{i}")
    seen = []
    for r in range(6):
        ok("pair", ev)
        got = json.loads(ok("round", ev, "--format", "json"))
        seen.append([(b["first"], b["second"]) for b in got["boards"]])
        for b in got["boards"]:
            ok("result", ev, b["board"], "1-0")
    # FIDE 3/4: 1-4 2-3 / 4-3 1-2 / 2-4 3-1, last two rounds of the first cycle swapped
    assert seen[:3] == [[(1, 4), (2, 3)], [(2, 4), (3, 1)], [(4, 3), (1, 2)]]
    assert seen[3:] == [[(4, 1), (3, 2)], [(3, 4), (2, 1)], [(4, 2), (1, 3)]]
    for a in range(1, 5):
        whites = sum(1 for rnd in seen for w, _ in rnd if w == a)
        assert whites == 3


def test_trf_import_pair_and_check_through_the_cli(tmp_path):
    src = Path(CORPUS) / "clean_n16_r7.trf"
    ev = tmp_path / "c.toml"
    ok("import-trf", src, ev)
    assert len(load(ev).rounds) == 7
    ok("export", ev, "--format", "trf", "--out", tmp_path / "out.trf")
    out = ok("trf", "check", tmp_path / "out.trf")
    assert "exactly" in out
    # cut after round 5: the event pairs round 6 as the file has it
    lines = src.read_text().splitlines()
    # the points column must match the rounds kept (bbpPairings checks it too)
    kept = {p.id: sum(Scoring().points(r.outcome) for r in p.records[:5]) for p in parse_trf(src.read_text()).players}
    cut = [(ln[:80] + f"{int(kept[int(ln[4:8])]):2d}.{int(kept[int(ln[4:8])] * 10) % 10}" + ln[84:91 + 10 * 5]).rstrip()
           if ln.startswith("001") else ln for ln in lines] + ["XXR 7"]
    (tmp_path / "cut.trf").write_text("\n".join(cut) + "\n")
    ev2 = tmp_path / "cut.toml"
    ok("import-trf", tmp_path / "cut.trf", ev2)
    ok("pair", ev2)
    got = json.loads(ok("round", ev2, "--format", "json"))
    pairs = sorted((b["first"], b["second"]) for b in got["boards"])
    expected = set()
    for ln in lines:
        if ln.startswith("001"):
            pid = int(ln[4:8])
            block = ln[91 + 10 * 5: 91 + 10 * 5 + 8]
            opp, col = int(block[:4]), block[5]
            if col == "w":
                expected.add((pid, opp))
    assert pairs == sorted(expected)
    trf_out = ok("trf", "pair", tmp_path / "cut.trf").split("\n")
    assert int(trf_out[0]) == len(expected)
    assert sorted(tuple(map(int, x.split())) for x in trf_out[1:] if x) == sorted(expected)


def test_top_of_16_from_four_tables_played_through(tmp_path):
    """Seed 000 704.2: 38 players on tables of 9, 10, 9, 10; four from each into a top-16."""
    sys.path.insert(0, str(ROOT / "bench"))
    from simulate import make_event, simulate

    from arbiter_tournament.core.store import create

    e = make_event(38, tables=4, rounds=5, seed=704, sizes=[9, 10, 9, 10], top=16, third_place=True,
                   tiebreaks=("BH-C1", "BH", "SB", "WIN"))
    assert sorted(len(e.table_players(t)) for t in (1, 2, 3, 4)) == [9, 9, 10, 10]
    ev = tmp_path / "top.toml"
    create(ev, simulate(e, 5, seed=3))
    code, _, err = run("top", ev, "--lots")
    assert code == 0, err
    event = load(ev)
    standings = {t: [r["id"] for r in json.loads(ok("standings", ev, "--table", t, "--format", "json"))["rows"]]
                 for t in (1, 2, 3, 4)}
    seeds = event.stage_state("top")["seeds"]
    # T1#1 = seed 1, T2#1 = 2, T3#1 = 3, T4#1 = 4, T1#2 = 5 ... T4#4 = 16 (ties at the cut by lot)
    for i, pid in enumerate(seeds):
        place, table = divmod(i, 4)
        assert event.player(pid).table == table + 1
        assert standings[table + 1].index(pid) < 4 or event.stage_state("top").get("lots")
    first = json.loads(ok("round", ev, "--format", "json"))
    assert first["stage"] == "top" and len(first["boards"]) == 8
    pairs = {frozenset((b["first"], b["second"])) for b in first["boards"]}
    assert pairs == {frozenset((seeds[i - 1], seeds[16 - i])) for i in range(1, 9)}  # seed i vs seed 17-i
    # play it through: first player wins, a draw on board 3 of round 1 goes by 705.2
    for r in range(1, 5):
        rnd = json.loads(ok("round", ev, "--format", "json"))
        for b in rnd["boards"]:
            ok("result", ev, b["board"], "1/2" if (r, b["board"]) == (1, 3) else "1-0")
    br = json.loads(ok("bracket", ev, "--format", "json"))
    assert br["size"] == 16 and br["third_place"] is True
    assert [len(r["matches"]) for r in br["rounds"]] == [8, 4, 2, 1]
    drawn = br["rounds"][0]["matches"][2]
    assert drawn["result"] == "1/2" and drawn["decided_by"] in ("points-before-top", "quality-of-wins", "second-mover")
    assert br["rounds"][3]["matches"][0]["winner"] is not None
    assert br["third_place_match"]["winner"] is not None
    text = ok("bracket", ev)
    assert event.player(br["rounds"][3]["matches"][0]["winner"]).name.split(",")[0] in text
    assert all(len(line) <= 80 for line in text.splitlines())
    champion = br["rounds"][3]["matches"][0]["winner"]
    assert f"Final placings\n     1  {event.player(champion).name} ({champion})" in text
    assert text.count("  9-16  ") == 8
    assert not any(ch in ok("bracket", ev, "--ascii") for ch in "─│┐┘├")


def test_no_legal_pairing_exits_1_naming_players(tmp_path):
    ev = tmp_path / "tiny.toml"
    ok("new", ev, "--name", "Tiny", "--rounds", 3)
    ok("players", "add", ev, "A", "--rating", 2000)
    ok("players", "add", ev, "B", "--rating", 1900)
    ok("pair", ev)
    ok("result", ev, 1, "1-0")
    before = ev.read_bytes()
    code, out, err = run("pair", ev)
    assert code == 1, err
    assert "arbiter: no legal pairing" in err
    assert "A (1)" in err and "B (2)" in err and "--by-hand" in err and "--allow-rematch" in err
    assert err.count("\n") == 1
    assert ev.read_bytes() == before
    ok("pair", ev, "--allow-rematch", "1,2")
    again = json.loads(ok("round", ev, "--format", "json"))
    assert again["round"] == 2 and again["boards"][0]["manual"] is True
    assert {again["boards"][0]["first"], again["boards"][0]["second"]} == {1, 2}


def test_playoff_for_two_tied_players_mini_match_then_armageddon(tmp_path):
    """rules.md 5: two tied: two games at 3+5, then Armageddon where a draw wins for the second player."""
    ev = tmp_path / "po.toml"
    ok("new", ev, "--name", "PO", "--rounds", 1)
    for i in range(1, 5):
        ok("players", "add", ev, f"P{i}", "--rating", 2000 - i)
    ok("pair", ev)  # 1-3, 4-2 ... whoever: two winners tie for first
    rnd = json.loads(ok("round", ev, "--format", "json"))
    for b in rnd["boards"]:
        ok("result", ev, b["board"], "1-0")
    winners = sorted(b["first"] for b in rnd["boards"])
    out = ok("playoff", ev)
    assert "mini-match of two games" in out
    games = []
    for _ in range(2):  # two games, each a draw: level
        cur = json.loads(ok("round", ev, "--stage", "playoff", "--format", "json"))
        assert sorted((cur["boards"][0]["first"], cur["boards"][0]["second"])) == winners
        games.append(cur["boards"][0])
        ok("result", ev, 1, "1/2")
    assert games[0]["first"] == games[1]["second"]  # colours alternate
    arm = json.loads(ok("round", ev, "--stage", "playoff", "--format", "json"))
    assert arm["round"] == 3
    out = ok("playoff", ev)
    assert "Armageddon" in out
    ok("result", ev, 1, "1/2")  # a draw: the second player wins the play-off
    out = ok("playoff", ev)
    second = arm["boards"][0]["second"]
    assert f"First place: {load(ev).player(second).name} ({second})" in out


def test_entering_the_same_top_result_again_keeps_the_next_round(tmp_path):
    sys.path.insert(0, str(ROOT / "bench"))
    from simulate import make_event, simulate

    from arbiter_tournament.core.store import create

    ev = tmp_path / "t.toml"
    create(ev, simulate(make_event(8, rounds=3, seed=5, top=4), 3, seed=5))
    ok("top", ev, "--lots")
    for b in (1, 2):
        ok("result", ev, b, "1-0")
    final = json.loads(ok("round", ev, "--format", "json"))
    assert final["round"] == 2
    ok("result", ev, 1, "0-1")  # the final's result
    ok("result", ev, 1, "1-0", "--round", 1)  # the same semi-final result again: nothing changes
    assert json.loads(ok("round", ev, "--format", "json"))["boards"][0]["result"] == "0-1"
    code, _, err = run("result", ev, 1, "0-1", "--round", 1, "--force")
    assert code == 2 and "later top rounds have results" in err
