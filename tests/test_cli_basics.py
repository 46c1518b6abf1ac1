"""The command line contract for events, players and results (cli.md)."""

from __future__ import annotations

import json

import pytest

from tests.cli_run import run


@pytest.fixture
def ev(tmp_path):
    path = tmp_path / "open.toml"
    assert run("new", path, "--name", "Open", "--rounds", "5", "--points", "3,1,0", "--tiebreaks", "BH-C1,SB")[0] == 0
    return path


def test_new_players_and_listing(ev, tmp_path):
    assert run("players", "add", ev, "Ivanov, Ivan", "--rating", "2100", "--club", "Dynamo")[0] == 0
    csv = tmp_path / "p.csv"
    csv.write_text("name,rating,club,federation\nSmith; Ann,1800,Rooks,ENG\n\"Petrov, P\",1700,,RUS\n")
    code, out, err = run("players", "import", ev, csv)
    assert code == 0, err
    code, out, _ = run("players", "list", ev, "--format", "json")
    players = json.loads(out)
    assert [p["name"] for p in players] == ["Ivanov, Ivan", "Smith; Ann", "Petrov, P"]
    assert players[2]["federation"] == "RUS" and players[0]["rating"] == 2100
    code, out, _ = run("players", "withdraw", ev, 2)
    assert code == 0 and "withdrawn from round 1" in out


@pytest.mark.parametrize("args,needle", [
    (("new", "{ev}", "--name", "Again", "--rounds", "3"), "already exists"),
    (("players", "withdraw", "{ev}", "99"), "no player with id 99"),
    (("players", "add", "{ev}", "X", "--rating", "abc"), "invalid int value"),
    (("result", "{ev}", "1", "2-0"), "'2-0' is not a result"),
    (("result", "{ev}", "1", "1-0"), "no swiss round has been paired yet"),
    (("standings", "{ev}", "--tiebreaks", "XYZ"), "unknown tie-break 'XYZ'"),
    (("new", "{tmp}/n.toml", "--name", "N", "--rounds", "3", "--points", "1,2"), "expected three values"),
    (("players", "import", "{ev}", "{tmp}/none.csv"), "no such file"),
    (("round", "{tmp}/missing.toml"), "no such file"),
])
def test_user_mistakes_exit_2_with_one_line_and_change_nothing(ev, tmp_path, args, needle):
    before = ev.read_bytes()
    code, out, err = run(*(a.format(ev=ev, tmp=tmp_path) for a in args))
    assert code == 2
    assert err.startswith("arbiter: error: ") and err.count("\n") == 1, err
    assert needle in err
    assert "Traceback" not in err
    assert ev.read_bytes() == before


def test_bad_csv_names_line_and_imports_nothing(ev, tmp_path):
    csv = tmp_path / "p.csv"
    csv.write_text("name,rating\nA,1500\nB,strong\n")
    before = ev.read_bytes()
    code, _, err = run("players", "import", ev, csv)
    assert code == 2 and f"{csv}:3: rating 'strong' is not a whole number" in err
    assert ev.read_bytes() == before


def test_broken_event_file_is_refused_and_kept(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("schema = 1\n[event]\nname = 'x'\nrounds = 3\n[[players]]\nid = 1\n")
    code, _, err = run("players", "add", bad, "Y")
    assert code == 2 and "bad.toml:players[0]: 'name' is missing" in err
    assert bad.read_text().endswith("id = 1\n")
