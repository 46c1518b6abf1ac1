"""`--format json` of the commands that change an event (issue 39): what was recorded or paired, as
`round --format json` shows a board, so a script needs no second call to know it."""

from __future__ import annotations

import json

from arbiter_tournament.core.store import load
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


def test_pair_json_is_every_round_paired_as_round_json_shows_it(tmp_path):
    ev = tmp_path / "ev.toml"
    ok("new", ev, "--name", "J", "--rounds", "3", "--tables", "2")
    for i, name in enumerate(("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus"), start=1):
        ok("players", "add", ev, name, "--table", str(1 + i % 2))
    out = json.loads(ok("pair", ev, "--format", "json"))
    event = load(ev)
    assert [(r["round"], r["table"]) for r in out["rounds"]] == [(1, 1), (1, 2)]
    for shown, r in zip(out["rounds"], event.rounds):
        assert shown == json.loads(ok("round", ev, "--table", str(r.table), "--format", "json"))
    assert out["notes"] == []


def test_pair_json_says_the_rematches_of_the_fewest(tmp_path):
    ev = tmp_path / "ev.toml"
    ok("new", ev, "--name", "J", "--rounds", "3")
    for name in ("Ann", "Bob"):
        ok("players", "add", ev, name)
    ok("pair", ev)
    ok("result", ev, "1", "1-0")
    code, out, err = run("pair", ev, "--format", "json")
    assert code == 1 and out == ""  # no legal pairing: nothing paired, nothing printed
    out = json.loads(ok("pair", ev, "--fewest-rematches", "--format", "json"))
    assert len(out["rounds"]) == 1 and out["rounds"][0]["round"] == 2
    assert [n.split(":")[0] for n in out["notes"]] == ["rematch"]
    assert out["rounds"][0]["boards"][0]["manual"] is True
