"""The FIDE report from the command line: the event's details (`arbiter new`, `arbiter event set|show`)
and the issue's event (23 point 6) played through the contract's commands, its export checked by
`arbiter trf check`."""

from __future__ import annotations

import json

from arbiter_tournament.core.store import load
from tests.cli_run import ok, refused


def test_new_takes_the_details_and_event_set_changes_them(tmp_path):
    f = tmp_path / "open.toml"
    ok("new", f, "--name", "City Open", "--rounds", "5", "--city", "Kazan", "--federation", "rus", "--start",
       "2026-05-01", "--end", "2026-05-03", "--deputy", "Petrova, Anna", "--deputy", "Sidorov, Oleg",
       "--round-dates", "2026-05-01,,2026-05-02")
    e = load(f)
    assert (e.city, e.federation, e.start, e.end) == ("Kazan", "RUS", "2026-05-01", "2026-05-03")
    assert e.deputy_arbiters == ("Petrova, Anna", "Sidorov, Oleg")
    assert e.round_dates == ("2026-05-01", "", "2026-05-02")
    out = ok("event", "set", f, "--chief-arbiter", "IA Ivanov, Ivan", "--city", "", "--time-control",
             "90 min + 30 s per move")
    assert "chief arbiter: IA Ivanov, Ivan" in out.splitlines()
    got = json.loads(ok("event", "show", f, "--format", "json"))
    assert got == {"name": "City Open", "city": "", "federation": "RUS", "start": "2026-05-01", "end": "2026-05-03",
                   "chief_arbiter": "IA Ivanov, Ivan", "deputy_arbiters": ["Petrova, Anna", "Sidorov, Oleg"],
                   "time_control": "90 min + 30 s per move", "round_dates": ["2026-05-01", "", "2026-05-02"],
                   "public_crosstable": True, "public_prize_money": True,
                   "rate": "standard"}
    ok("event", "set", f, "--deputy", "")
    assert load(f).deputy_arbiters == ()
    assert "set the event's details" in ok("log", f)


def test_a_detail_that_is_not_one_is_refused_and_nothing_is_written(tmp_path):
    f = tmp_path / "open.toml"
    ok("new", f, "--name", "City Open", "--rounds", "5", "--start", "2026-05-01")
    before = f.read_bytes()
    assert "'2026-5-1' is not a date" in refused("event", "set", f, "--end", "2026-5-1")
    assert "ends (2026-04-30) before it starts (2026-05-01)" in refused("event", "set", f, "--end", "2026-04-30")
    assert "three capital letters" in refused("event", "set", f, "--federation", "Russia")
    assert "round 2: 'x' is not a date" in refused("event", "set", f, "--round-dates", "2026-05-01,x")
    assert "give a detail to set" in refused("event", "set", f)
    assert "not a date" in refused("new", tmp_path / "b.toml", "--name", "B", "--rounds", "3", "--start", "May 1")
    assert f.read_bytes() == before and not (tmp_path / "b.toml").exists()


def test_the_issues_event_played_on_the_command_line_exports_a_trf_that_trf_check_passes(tmp_path):
    """15 players, 5 rounds: a forfeit, a withdrawal after round 1, a half-point bye asked for, a late entry."""
    f, trf = tmp_path / "open.toml", tmp_path / "open.trf"
    ok("new", f, "--name", "Test Open", "--rounds", "5", "--initial-colour", "w", "--city", "Kazan",
       "--chief-arbiter", "IA Ivanov, Ivan")
    for i in range(1, 15):
        ok("players", "add", f, f"Player {i}", "--rating", str(2400 - 20 * i))
    ok("players", "bye", f, "3", "3", "half")
    for k in range(1, 6):
        ok("pair", f)
        if k == 2:
            assert "late entry from round 3" in ok("players", "add", f, "Late, Entry", "--rating", "1900")
        boards = json.loads(ok("round", f, "--format", "json"))["boards"]
        for b in boards:
            if b["second"] is not None:
                ok("result", f, b["board"], "+-" if (k, b["board"]) == (1, 2) else "1-0")
        if k == 1:
            ok("players", "withdraw", f, "5")
    ok("export", f, "--format", "trf", "--out", trf)
    assert "every round re-paired exactly" in ok("trf", "check", trf)
    lines = {int(ln[4:8]): ln for ln in trf.read_text(encoding="utf-8").splitlines() if ln.startswith("001")}
    withdrawn = lines[5]
    assert [withdrawn[91 + 10 * r:99 + 10 * r] for r in range(1, 5)] == ["0000 - Z"] * 4
    assert len(withdrawn) == 99 + 40
    text = trf.read_text(encoding="utf-8")
    assert "\n022 Kazan\n" in text and "\n102 IA Ivanov, Ivan\n" in text and "\n062 15\n" in text


def test_a_player_added_after_the_last_round_is_refused(tmp_path):
    """`players add` once every round is paired: no "late entry from round 3" of a 2-round event (never paired,
    yet ranked), but exit 2 and one line; nothing written."""
    f = tmp_path / "cli.toml"
    ok("new", f, "--name", "Two Rounds", "--rounds", "2")
    for i in range(1, 5):
        ok("players", "add", f, f"Player {i}", "--rating", str(2000 - i))
    ok("pair", f)
    assert "late entry from round 2" in ok("players", "add", f, "Late, Early", "--rating", "1500")
    for b in json.loads(ok("round", f, "--format", "json"))["boards"]:
        if b["second"] is not None:
            ok("result", f, b["board"], "1-0")
    ok("pair", f)  # round 2 of 2: no round left
    before = f.read_bytes()
    line = refused("players", "add", f, "Late, Larry", "--rating", "1300")
    assert line == "arbiter: error: all 2 rounds have been paired: no round is left for a late entry\n"
    assert f.read_bytes() == before
