"""`arbiter players codes`, `arbiter reports`, `arbiter reports accept` (issue 35, docs/players.md)."""

from __future__ import annotations

import json

import pytest

from arbiter_tournament.core.event import reports as R
from arbiter_tournament.core.event.codes import is_code, normal
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import load
from arbiter_tournament.core.store.reports import Reports
from tests.cli_run import ok, refused


@pytest.fixture
def ev(tmp_path):
    path = tmp_path / "open.toml"
    ok("new", path, "--name", "Open", "--rounds", "3")
    for i in range(1, 7):
        ok("players", "add", path, f"Player {i}", "--rating", str(2000 - i))
    ok("pair", path)
    return path


def _report(path, pid, result):
    e = load(str(path))
    Reports(path).append([R.report_doc(pid, R.my_game(e, pid), Result.parse(result), "2026-12-06T10:00:00+00:00")])


def test_codes_are_given_once_listed_and_reissued(ev):
    out = json.loads(ok("players", "codes", ev, "--format", "json"))["codes"]
    assert [c["id"] for c in out] == [1, 2, 3, 4, 5, 6] and out[0]["name"] == "Player 1"
    stored = {p.id: p.code for p in load(str(ev)).players}
    assert all(is_code(c) for c in stored.values()) and len(set(stored.values())) == 6
    assert {c["id"]: normal(c["code"]) for c in out} == stored
    assert json.loads(ok("players", "codes", ev, "--format", "json"))["codes"] == out  # kept, not drawn again
    text = ok("players", "codes", ev)
    assert text.splitlines()[0].split() == ["1", out[0]["code"], "Player", "1"]
    again = ok("players", "codes", ev, "--reissue", "3")
    new3 = load(str(ev)).player(3).code
    assert new3 != stored[3] and again.split()[:2] == ["3", new3[:5] + "-" + new3[5:]]
    assert load(str(ev)).player(2).code == stored[2]
    log = ok("log", ev)
    assert "codes for 6 players" in log and "new code for player 3" in log
    assert "no player with id 99" in refused("players", "codes", ev, "--reissue", "99")
    assert "code" not in ok("players", "list", ev, "--format", "json")  # a code is said by `codes` only


def test_reports_listed_and_accepted_one_key_agreed_and_never_over_a_result(ev):
    e = load(str(ev))
    g1, g2, g3 = e.rounds[-1].games
    _report(ev, g1.first, "1-0")
    _report(ev, g1.second, "1-0")
    _report(ev, g2.first, "1/2")
    _report(ev, g2.second, "0-1")
    _report(ev, g3.second, "0-1")
    got = json.loads(ok("reports", ev, "--format", "json"))["reports"]
    assert [(r["round"], r["board"], r["result"], r["by"], r["status"]) for r in got] == [
        (1, 1, "1-0", [g1.first, g1.second], "agreed"), (1, 2, None, [g2.first, g2.second], "dispute"),
        (1, 3, "0-1", [g3.second], "waiting")]
    assert "the players disagree" in refused("reports", "accept", ev, "2")
    assert "no report waits for board 7" in refused("reports", "accept", ev, "7")
    out = ok("reports", "accept", ev, "--agreed")
    assert out == f"round 1 board 1: 1-0 accepted (reported by {g1.first}, {g1.second})\n"
    assert load(str(ev)).rounds[-1].game(1).result is Result.FIRST_WINS
    ok("result", ev, "3", "1/2")  # the judge enters board 3 himself: the report does not replace it
    assert "board 3 has a result already: 1/2" in refused("reports", "accept", ev, "3")
    assert load(str(ev)).rounds[-1].game(3).result is Result.DRAW
    got = {r["board"]: (r["status"], r["result"]) for r in json.loads(ok("reports", ev, "--format", "json"))["reports"]}
    assert got == {1: ("recorded", "1-0"), 2: ("dispute", None), 3: ("recorded", "1/2")}
    log = ok("log", ev)
    assert f"result swiss round 1 board 1: 1-0, reported by {g1.first}, {g1.second}" in log
    ok("undo", ev)
    ok("undo", ev)
    assert load(str(ev)).rounds[-1].game(1).result is None


def test_requests_are_accepted_or_dismissed(ev):
    Reports(ev).append([{"kind": "withdraw", "pid": 4, "round": 2, "at": "t"}, {"kind": "checkin", "pid": 5, "round": 2},
                        {"kind": "wrong", "addr": "10.0.0.9", "at": "t"}])
    text = ok("reports", ev)
    assert "request 1: Player 4 (4) asks for withdrawal  waiting" in text
    assert "wrong codes 3: 1 from 10.0.0.9" in text
    ok("reports", "accept", ev, "--request", "1")
    assert load(str(ev)).player(4).withdrawn_from == 2
    ok("reports", "accept", ev, "--dismiss", "3")
    q = json.loads(ok("reports", ev, "--format", "json"))
    assert [r["status"] for r in q["requests"]] == ["done", "waiting"] and q["wrong_codes"][0]["seen"] is True
    assert "no request 9" in refused("reports", "accept", ev, "--request", "9")
    assert "one of them" in refused("reports", "accept", ev, "1", "--agreed")
    assert "go with 'reports accept FILE'" in refused("reports", ev, "--agreed")


def test_the_settings_of_the_reports(ev):
    out = ok("reports", "set", ev, "--mode", "agreed", "--byes", "1", "--bye-kind", "zero")
    assert out == "reports: agreed; byes a player may ask for from the phone: 1 (zero)\n"
    e = load(str(ev))
    assert (e.reports, e.player_byes, e.player_bye_kind) == ("agreed", 1, "zero")
    ok("reports", "set", ev, "--mode", "judge")
    assert (load(str(ev)).reports, load(str(ev)).player_byes) == ("judge", 1)
    assert "players' reports: judge; byes asked from the phone: 1 zero" in ok("log", ev)
    assert "is not a round of this event" in refused("reports", "set", ev, "--byes", "4")
    assert "give --mode, --byes or --bye-kind" in refused("reports", "set", ev)
    assert "go with 'reports set FILE'" in refused("reports", ev, "--mode", "agreed")


def test_a_hostile_reports_journal_is_read_for_what_it_holds(ev, tmp_path):
    e = load(str(ev))
    g = e.rounds[-1].games[0]
    good = json.dumps({"kind": "report", "pid": g.first, "stage": "swiss", "table": None, "round": 1,
                       "board": g.board, "result": "1-0"})
    junk = ["not json", "[1, 2]", json.dumps({"kind": "report", "pid": "1; rm -rf /"}), "x" * 10000,
            json.dumps({"kind": "report", "pid": g.second, "stage": "swiss", "round": 1, "board": g.board,
                        "result": "2-0"}), "\x1b[2J" + good]
    (tmp_path / "open.toml.reports").write_text("\n".join(junk + [good]) + "\n{\"kind\": \"chec")
    got = json.loads(ok("reports", ev, "--format", "json"))["reports"]
    assert [(r["board"], r["by"], r["status"]) for r in got] == [(g.board, [g.first], "waiting")]
    (tmp_path / "open.toml.reports").unlink()
    (tmp_path / "open.toml.reports").symlink_to(tmp_path / "elsewhere")
    assert "symbolic link" in refused("reports", ev)
