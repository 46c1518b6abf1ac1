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


def test_log_says_who_as_user_at_host_and_when_in_the_machines_time_zone(tmp_path, monkeypatch):
    import re
    import time

    from arbiter_tournament.core.store import EventFile

    ev = tmp_path / "e.toml"
    run("new", ev, "--name", "E", "--rounds", 3)
    run("players", "add", ev, "Ann")
    monkeypatch.setenv("TZ", "Asia/Yekaterinburg")  # UTC+5, no summer time
    time.tzset()
    try:
        code, out, _ = run("log", ev)
        entry = EventFile(ev).history()[-1]
        utc = entry.time  # the journal keeps UTC
        line = out.splitlines()[-1]
        hh = (int(utc[11:13]) + 5) % 24
        assert re.search(rf" {hh:02d}:{utc[14:16]}:{utc[17:19]} anna@", line), (utc, line)
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_a_result_is_entered_by_user_at_host(tmp_path):
    from arbiter_tournament.core.store import load

    ev = tmp_path / "e.toml"
    run("new", ev, "--name", "E", "--rounds", 3)
    for n in ("Ann", "Bob"):
        run("players", "add", ev, n)
    run("pair", ev)
    assert run("result", ev, 1, "1-0")[0] == 0  # (tests.cli_run: a fresh shell, no SSH: the machine's name)
    import socket
    assert load(ev).rounds[0].games[0].by == f"anna@{socket.gethostname()}"


def test_new_on_a_terminal_says_how_to_share_the_folder_and_not_in_a_pipe(tmp_path):
    import os
    import pty
    import sys

    from tests.conftest import ROOT

    ev = tmp_path / "e.toml"
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(ROOT)
        os.execve(sys.executable, [sys.executable, "-m", "arbiter_tournament.tui.cli", "new", str(ev), "--name", "E", "--rounds", "3"],
                  {"PYTHONPATH": str(ROOT), "USER": "anna", "PATH": "/usr/bin:/bin"})
    got = b""
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        got += chunk
    os.waitpid(pid, 0)
    os.close(fd)
    text = got.decode()
    assert text.startswith(f"created {ev}") and "chmod g+ws" in text, text  # docs/venue.md's advice
    code, out, _err = run("new", tmp_path / "f.toml", "--name", "F", "--rounds", "3")  # stdout not a terminal
    assert code == 0 and out.count("\n") == 1 and "chmod" not in out


@pytest.mark.parametrize("body,needle", [
    ("name,rating\nA," + "1" * 5000 + "\n", ":2: rating '11111111111111111111…' is too big: at most 9999"),
    ("name,table\nA," + "1" * 5000 + "\n", ":2: table '11111111111111111111…' is too big: at most 999"),
    ('name,rating\n"Unclosed,1500\nB,1400\n', "not CSV: unexpected end of data"),  # was read as one name
], ids=["5000-digit rating", "5000-digit table", "unclosed quote"])
def test_a_csv_that_is_not_what_it_seems_is_refused_and_imports_nothing(ev, tmp_path, body, needle):
    csv = tmp_path / "p.csv"
    csv.write_text(body)
    before = ev.read_bytes()
    code, _, err = run("players", "import", ev, csv)
    assert code == 2 and err.startswith("arbiter: error: ") and err.count("\n") == 1, err
    assert needle in err and len(err) < 300, err
    assert ev.read_bytes() == before
