"""`--format json` of the commands that change an event (issue 39): what was recorded or paired, as
`round --format json` shows a board, so a script needs no second call to know it."""

from __future__ import annotations

import json

from arbiter.core.store import load
from tests.cli_run import run


def ok(*args) -> str:
    code, out, err = run(*args)
    assert code == 0, err
    return out


def test_result_json_says_each_result_recorded_with_its_players(tmp_path):
    ev = tmp_path / "ev.toml"
    ok("new", ev, "--name", "J", "--rounds", "3")
    for name in ("Ann", "Bob", "Cid", "Dan", "Eve"):
        ok("players", "add", ev, name)
    ok("pair", ev)
    games = {g.board: g for g in load(ev).rounds[0].games}
    out = json.loads(ok("result", ev, "1", "1-0", "2", "=", "--format", "json"))
    assert out == {"round": 1, "table": None, "stage": "swiss", "results": [
        {"board": 1, "first": games[1].first, "second": games[1].second, "result": "1-0"},
        {"board": 2, "first": games[2].first, "second": games[2].second, "result": "1/2"}]}
    assert [str(g.result) for g in load(ev).rounds[0].games[:2]] == ["1-0", "1/2"]  # and recorded so


def test_a_refused_result_prints_no_json(tmp_path):
    ev = tmp_path / "ev.toml"
    ok("new", ev, "--name", "J", "--rounds", "3")
    for name in ("Ann", "Bob"):
        ok("players", "add", ev, name)
    ok("pair", ev)
    code, out, err = run("result", ev, "1", "2-0", "--format", "json")
    assert code == 2 and out == "" and err.startswith("arbiter: error:") and err.count("\n") == 1
