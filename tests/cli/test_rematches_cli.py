"""Issue 33, point 2 on the command line: a team Swiss of 6 teams and 5 rounds whose first three rounds
leave the unplayed pairs as two triangles (A-B-C and D-E-F) is finished with `arbiter pair`:
`new` warns, the refusal names the teams, `--allow-rematch` and `--by-hand` take teams,
`--fewest-rematches` pairs with exactly one rematch (worked out in tests/core/test_fewest_rematches.py),
says it and journals it. The same for an individual Swiss.
"""

from __future__ import annotations

import json
import re

from tests.cli_run import run

TEAMS = ["Ants", "Bees", "Cats", "Dogs", "Eels", "Fish"]
FIRST_THREE = ["Ants-Dogs,Bees-Eels,Cats-Fish", "5-1,6-2,4-3", "1-Fish,Bees-4,3-5"]  # names, numbers or both


def ok(*args) -> tuple[str, str]:
    code, out, err = run(*args, user="judge")
    assert code == 0, (out, err)
    return out, err


def refused(*args, code=2) -> str:
    got, out, err = run(*args, user="judge")
    assert got == code, (got, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("arbiter: "), err
    return lines[0]


def results(f, k, n, result="1/2"):
    args = []
    for b in range(1, n + 1):
        args += [b, result]
    ok("result", f, *args, "--round", k)


def journal(f) -> list[str]:
    return [json.loads(line)["what"] for line in (f.parent / (f.name + ".journal")).read_text().splitlines()]


def triangles(tmp_path):
    f = tmp_path / "cup.toml"
    out, err = ok("new", f, "--name", "Cup", "--rounds", 5, "--teams", "--boards", 2)
    assert err == ("arbiter: note: a Swiss of 5 rounds is sure to be paired without a rematch only with 7 teams "
                   "or more; with fewer, a round robin fits better (--system roundrobin)\n")
    for t in TEAMS:
        for i in (1, 2):
            ok("players", "add", f, f"{t} {i}", "--team", t, "--rating", 2000 - i)
    for k, pairs in enumerate(FIRST_THREE, start=1):
        out, _ = ok("pair", f, "--by-hand", pairs)
        if k == 1:
            assert "warning: 6 teams for 5 rounds: a pairing without a rematch is sure only up to round 3" in out
        results(f, k, 6)
    return f


def test_a_six_team_swiss_whose_first_rounds_leave_two_triangles_is_finished(tmp_path):
    f = triangles(tmp_path)
    line = refused("pair", f, code=1)
    assert "no legal pairing for round 4 of the teams" in line
    assert "(teams 'Cats' (3), 'Fish' (6))" in line and "players" not in line.split("Options")[0]
    # --allow-rematch names teams: Dogs and Bees met in round 3; allowed, the engine pairs with that rematch
    out, _ = ok("pair", f, "--allow-rematch", "Dogs,2")
    assert "Match 2: Dogs - Bees" in out
    assert journal(f)[-1] == "pair next round, allowing a rematch of 'Bees','Dogs'"
    ok("unpair", f)
    out, _ = ok("pair", f, "--fewest-rematches")
    said = [x for x in out.splitlines() if x.startswith("rematch")]
    # one rematch, of a pair that met in round 1 (the oldest meetings first): Ants-Dogs, Bees-Eels or Cats-Fish
    assert len(said) == 1
    found = re.fullmatch(r"rematch: match (\d): (\w+) and (\w+) have met before \(round 1\)", said[0])
    assert found, said
    n, a, b = int(found[1]), found[2], found[3]
    assert {a, b} in ({"Ants", "Dogs"}, {"Bees", "Eels"}, {"Cats", "Fish"})
    assert journal(f)[-1] == f"pair round 4 with the fewest rematches: '{a}'-'{b}'"
    m = json.loads(ok("match", f, "--format", "json")[0])
    pairs = [{x["first"], x["second"]} for x in m["matches"]]
    assert pairs[n - 1] == {a, b}
    left, right = {"Ants", "Bees", "Cats"}, {"Dogs", "Eels", "Fish"}
    assert sum(1 for p in pairs if p & left and p & right) == 1  # the other two inside a triangle each
    results(f, 4, 6, "1-0")
    out, _ = ok("pair", f, "--fewest-rematches")
    assert sum(x.startswith("rematch: match") for x in out.splitlines()) == 1  # round 5: one again
    results(f, 5, 6, "0-1")
    assert refused("pair", f) == "arbiter: error: all 5 rounds have been paired"
    standings = json.loads(ok("standings", f, "--format", "json")[0])
    assert sum(r["match_points"] for r in standings["rows"]) == 2 * 3 * 5  # 15 matches, 2 MP each, every one played


def test_team_pairs_by_hand_and_allowed_rematches_refuse_mistakes(tmp_path):
    f = triangles(tmp_path)
    before = f.read_text()
    assert refused("pair", f, "--by-hand", "Ants-Bees,Ants-Cats") == "arbiter: error: team 'Ants' is paired twice"
    assert "--by-hand: 'Owls-Bees' is not TEAM-TEAM" in refused("pair", f, "--by-hand", "Owls-Bees,Cats-Dogs")
    assert refused("pair", f, "--allow-rematch", "Ants") == (
        "arbiter: error: --allow-rematch 'Ants': give two teams (names or numbers), e.g. 1,4")
    assert "no team 'Owls'" in refused("pair", f, "--allow-rematch", "Owls,Ants")
    assert f.read_text() == before
    # by hand with a rematch: said as a warning, every board marked manual
    out, _ = ok("pair", f, "--by-hand", "Ants-Bees,Cats-Dogs,Eels-Fish")
    assert "warning: match 2: Cats and Dogs have met before (round 2)" in out
    assert journal(f)[-1] == "pair round 4 by hand: 'Ants'-'Bees', 'Cats'-'Dogs', 'Eels'-'Fish'"


def test_an_individual_swiss_with_the_triangles(tmp_path):
    f = tmp_path / "open.toml"
    ok("new", f, "--name", "Open", "--rounds", 5)
    for i, name in enumerate(["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]):
        ok("players", "add", f, name, "--rating", 2000 - 10 * i)
    for k, pairs in enumerate(["1-4,2-5,3-6", "5-1,6-2,4-3", "1-6,2-4,3-5"], start=1):
        out, _ = ok("pair", f, "--by-hand", pairs)
        results(f, k, 3)
    line = refused("pair", f, code=1)
    assert "no legal pairing for round 4" in line and "Options: pair with the fewest rematches" in line
    assert any(f"{n} (" in line for n in ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay"))
    out, _ = ok("pair", f, "--fewest-rematches")
    said = [x for x in out.splitlines() if x.startswith("rematch")]
    assert len(said) == 1 and said[0].startswith("rematch: board ") and "have played each other" in said[0]
    what = journal(f)[-1]
    assert what.startswith("pair round 4 with the fewest rematches: ") and what.count("-") == 1
    rnd = json.loads(ok("round", f, "--format", "json")[0])
    assert sum(b["manual"] for b in rnd["boards"]) == 1


def test_fewest_rematches_without_need_pairs_as_usual_and_says_so(tmp_path):
    f = tmp_path / "open.toml"
    _, err = ok("new", f, "--name", "Open", "--rounds", 3)
    assert err == ""  # 3 rounds: any field of 3 or more is sure
    for i in range(8):
        ok("players", "add", f, f"P{i + 1}", "--rating", 2000 - i)
    out, _ = ok("pair", f, "--fewest-rematches")
    assert "rematches: none (a pairing without a rematch exists)" in out
    assert journal(f)[-1] == "pair round 1"
