"""The command-line contract (shared spec cli.md) as an outside check drives it: the command line's
`main(argv)` in-process (tests/cli_run.py; a real process where the process matters), on fresh
files, with the hostile inputs the brief names.

Each test here caught a discrepancy once (see the commit that added it).
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.cli_run import ok, refused, run, run_process


def listing(folder: Path) -> dict[str, bytes]:
    return {p.name: (p.read_bytes() if p.is_file() else b"<dir>") for p in sorted(folder.iterdir())}


@pytest.fixture
def ev(tmp_path):
    """A Swiss event of 8 players with round 1 paired."""
    path = tmp_path / "e.toml"
    ok("new", path, "--name", "Open", "--rounds", "3")
    for i in range(1, 9):
        ok("players", "add", path, f"P{i}", "--rating", 2000 - 10 * i)
    ok("pair", path)
    return path


def boards(path) -> dict[int, str | None]:
    data = json.loads(ok("round", path, "--format", "json"))
    return {b["board"]: b["result"] for b in data["boards"]}


# -- RESULT: every typed form of cli.md, including those that begin with '-' ----------------


@pytest.mark.parametrize("typed", ["-+", "--"])
def test_results_beginning_with_a_dash_are_results_not_options(ev, typed):
    out = ok("result", ev, 1, typed)
    assert out.rstrip().endswith(typed)
    assert boards(ev)[1] == typed


@pytest.mark.parametrize("args,board,want", [
    (("result", "{ev}", 2, "--", "--force"), 2, "--"),           # `--` then an option
    (("result", "{ev}", 2, "--", "--round", 1), 2, "--"),        # `--` then an option with a value
    (("result", "{ev}", 3, "--", "-+"), 3, "-+"),                # `--` as the end of options
    (("result", "--force", "--", "{ev}", 4, "--"), 4, "--"),     # end of options, then `--` the result
    (("result", "{ev}", "--round", 1, 4, "-+", "--force"), 4, "-+"),
])
def test_dash_results_with_options_around_them(ev, args, board, want):
    ok(*(a.format(ev=ev) if isinstance(a, str) else a for a in args))
    assert boards(ev)[board] == want


def test_every_result_form_of_the_contract_is_accepted(ev):
    for typed, stored in [("1-0", "1-0"), ("0-1", "0-1"), ("1/2", "1/2"), ("=", "1/2"), ("1/2-1/2", "1/2"),
                          ("+-", "+-"), ("-+", "-+"), ("--", "--"), ("1-0t", "1-0t"), ("0-1t", "0-1t"),
                          ("=t", "=t")]:
        ok("result", ev, 1, typed, "--force")
        assert boards(ev)[1] == stored, typed


def test_round_zero_is_not_the_current_round(ev):
    before = ev.read_bytes()
    assert "--round: 0 is too small: at least 1" in refused("result", ev, 1, "1-0", "--round", 0)
    assert "--round: 0 is too small: at least 1" in refused("round", ev, "--round", 0)
    assert ev.read_bytes() == before


# -- names are data: Rich markup, terminal escapes, HTML ------------------------------------


HOSTILE = ["[red]x[/red]", "\x1b[31mEsc", "<b>Bold</b>"]


def test_hostile_names_come_out_literally_and_never_as_raw_escapes(tmp_path):
    path = tmp_path / "h.toml"
    ok("new", path, "--name", "H", "--rounds", "2", "--top", "2")
    outs = []
    for i, name in enumerate(HOSTILE + ["Ann"]):
        outs.append(ok("players", "add", path, name, "--rating", 1900 - i))
    outs.append(ok("pair", path))
    for b in (1, 2):
        outs.append(ok("result", path, b, "1-0"))
    outs += [ok("round", path), ok("standings", path), ok("standings", path, "--format", "csv"),
             ok("standings", path, "--explain", 2), ok("players", "list", path),
             ok("players", "withdraw", path, 4)]
    for out in outs:
        assert "\x1b" not in out, out
    text = "".join(outs)
    assert "[red]x[/red]" in text and "<b>Bold</b>" in text and "?[31mEsc" in text
    data = json.loads(ok("standings", path, "--format", "json"))
    assert {r["name"] for r in data["rows"]} >= set(HOSTILE)  # JSON keeps the name, escaped by JSON


def test_an_error_quoting_what_was_typed_stays_one_line_without_escapes(ev):
    err = refused("result", ev, 1, "1-0\x1b[2J")
    assert "\x1b" not in err
    err = refused("forbid", ev, "--club", "a\x1b[2Jb")
    assert "\x1b" not in err


# -- files: missing, folders, empty names, BOM, hand-edited values --------------------------


@pytest.mark.parametrize("args", [
    ("players", "add", "{d}/missing.toml", "X"),
    ("undo", "{d}/missing.toml"),
    ("redo", "{d}/missing.toml"),
    ("log", "{d}/missing.toml"),
    ("pair", "{d}/missing.toml"),
    ("result", "{d}/missing.toml", 1, "1-0"),
])
def test_a_missing_event_is_refused_and_nothing_is_written(tmp_path, args):
    err = refused(*(a.format(d=tmp_path) if isinstance(a, str) else a for a in args))
    assert "no such file" in err
    assert listing(tmp_path) == {}


@pytest.mark.parametrize("args", [
    ("new", "{f}", "--name", "X", "--rounds", 3),
    ("import-trf", "{trf}", "{f}"),
    ("players", "add", "{f}", "X"),
    ("undo", "{f}"),
    ("log", "{f}"),
    ("round", "{f}"),
])
@pytest.mark.parametrize("folder", [".", ""])
def test_a_folder_instead_of_an_event_file(ev, args, folder):
    tmp_path = ev.parent
    trf = tmp_path / "t.trf"
    ok("export", ev, "--format", "trf", "--out", trf)
    before = listing(tmp_path)
    err = refused(*(a.format(f=folder, trf=trf) if isinstance(a, str) else a for a in args), cwd=tmp_path)
    assert "is a folder" in err
    assert listing(tmp_path) == before


def test_new_in_a_missing_folder_names_the_folder(tmp_path):
    err = refused("new", tmp_path / "saves" / "x.toml", "--name", "X", "--rounds", 3)
    assert "there is no folder" in err and "saves" in err
    assert listing(tmp_path) == {}


def test_an_event_file_with_a_utf8_bom_is_read(ev):
    ev.write_bytes(b"\xef\xbb\xbf" + ev.read_bytes())
    assert "Round 1" in ok("round", ev)
    ok("result", ev, 1, "1-0")
    assert not ev.read_bytes().startswith(b"\xef\xbb\xbf")


@pytest.mark.parametrize("old,new,needle", [
    ("board = 2", "board = -2", ".board: must be a whole number from 1 to 99999, not -2"),
    ("number = 1", "number = 99999999999999999999", ".number: must be a whole number from 1 to 999, not 99999999999999999999"),
    ("rounds = 3", "rounds = 99999999999999999999", "event.rounds"),
    ("rounds = 3", "rounds = -3", "event.rounds"),
    ("rating = 1990", "rating = 99999999999999999999", "rating"),
])
def test_a_hand_edited_file_with_impossible_numbers_is_refused_at_its_place(ev, old, new, needle):
    text = ev.read_text()
    assert old in text
    ev.write_text(text.replace(old, new, 1))
    for args in (("round", ev), ("standings", ev), ("export", ev, "--format", "trf", "--out", ev.with_suffix(".trf"))):
        err = refused(*args)
        assert needle in err and str(ev) in err
    assert not ev.with_suffix(".trf").exists()


# -- numbers from the command line ----------------------------------------------------------


def test_standings_after_a_round_that_does_not_exist(ev):
    assert "--after-round: -1 is too small: at least 0" in refused("standings", ev, "--after-round", -1)
    assert "round 2 has not been paired" in refused("standings", ev, "--after-round", 2)
    data = json.loads(ok("standings", ev, "--after-round", 0, "--format", "json"))
    assert data["after_round"] == 0 and len(data["rows"]) == 8


def test_huge_numbers_are_refused_not_written(tmp_path, ev):
    assert "at most 999" in refused("new", tmp_path / "n.toml", "--name", "N", "--rounds", "99999999999999999999")
    assert not (tmp_path / "n.toml").exists()
    before = ev.read_bytes()
    assert "at most 9999" in refused("players", "add", ev, "X", "--rating", "99999999999999999999")
    assert ev.read_bytes() == before
    ok("export", ev, "--format", "trf", "--out", tmp_path / "e.trf")


def test_export_csv_of_something_unknown_is_refused(ev, tmp_path):
    assert "--what 'bogus'" in refused("export", ev, "--format", "csv", "--what", "bogus", "--out", tmp_path / "x.csv")
    assert not (tmp_path / "x.csv").exists()


# -- CSV import ---------------------------------------------------------------------------


@pytest.fixture
def empty_event(tmp_path):
    path = tmp_path / "c.toml"
    ok("new", path, "--name", "C", "--rounds", 3)
    return path


@pytest.mark.parametrize("content,needle", [
    (b"name,rating\nLen,\xc2\xb2\n", ":2: rating"),          # '²' is a digit to str.isdigit, not to int()
    (b"name,name\nA,B\n", "'name' is there twice"),
    (b"", "empty file"),
    (b"\x00\x01\xff\xfe", "not UTF-8"),
])
def test_a_bad_csv_is_refused_at_its_line(empty_event, tmp_path, content, needle):
    csv = tmp_path / "p.csv"
    csv.write_bytes(content)
    before = empty_event.read_bytes()
    assert needle in refused("players", "import", empty_event, csv)
    assert empty_event.read_bytes() == before


def test_a_folder_instead_of_a_csv(empty_event, tmp_path):
    before = empty_event.read_bytes()
    assert "is a folder" in refused("players", "import", empty_event, tmp_path)
    assert empty_event.read_bytes() == before


def test_csv_with_windows_line_endings_and_a_bom(empty_event, tmp_path):
    csv = tmp_path / "p.csv"
    csv.write_bytes("\ufeffname,rating,club\r\nÅsa Öberg,1800,Клуб\r\n\"Lee, Min\",1700,\r\n".encode())
    ok("players", "import", empty_event, csv)
    players = json.loads(ok("players", "list", empty_event, "--format", "json"))
    assert [(p["name"], p["rating"], p["club"]) for p in players] == [("Åsa Öberg", 1800, "Клуб"),
                                                                     ("Lee, Min", 1700, "")]


# -- the rest of the contract's outputs -----------------------------------------------------


def test_bracket_width_must_be_positive(tmp_path):
    path = tmp_path / "t.toml"
    ok("new", path, "--name", "T", "--rounds", 1, "--top", 2)
    for i in range(1, 5):
        ok("players", "add", path, f"P{i}", "--rating", 2000 - i)
    ok("pair", path)
    ok("result", path, 1, "1-0")
    ok("result", path, 2, "1-0")
    ok("top", path, "--lots")
    assert "--width: 0 is too small: at least 1" in refused("bracket", path, "--width", 0)
    data = json.loads(ok("bracket", path, "--format", "json"))
    assert data["size"] == 2 and data["rounds"][0]["matches"][0]["decided_by"] is None


def test_read_only_folder_refuses_without_traceback(ev):
    if os.geteuid() == 0:
        pytest.skip("root writes into a read-only folder")
    folder = ev.parent
    folder.chmod(0o555)
    try:
        before = ev.read_bytes()
        refused("result", ev, 1, "1-0")
        assert ev.read_bytes() == before
    finally:
        folder.chmod(0o755)


def test_ids_that_are_not_ids_are_one_line_errors(ev, tmp_path):
    path = tmp_path / "po.toml"
    ok("new", path, "--name", "PO", "--rounds", 1)
    for i in range(1, 5):
        ok("players", "add", path, f"P{i}")
    ok("pair", path)
    ok("result", path, 1, "1-0")
    ok("result", path, 2, "1-0")
    before = path.read_bytes()
    for bad in ("1,x", ",", ""):
        assert "--players" in refused("playoff", path, "--players", bad)
    assert path.read_bytes() == before
    # the first player of each board won: those two are tied for first, and only they play the play-off
    boards = json.loads(ok("round", path, "--format", "json"))["boards"]
    a, b = sorted(g["first"] for g in boards)
    loser = next(g["second"] for g in boards)
    assert refused("playoff", path, "--players", f"{a},{loser}") == (
        f"arbiter: error: a play-off is among exactly the players tied for first: {a}, {b}, not {a}, {loser}\n")
    assert path.read_bytes() == before
    ok("playoff", path, "--players", f"{b},{a}")
    assert "already started" in refused("playoff", path, "--players", f"{a},{b}")
    assert "--allow-rematch '1,x'" in refused("pair", ev, "--allow-rematch", "1,x")


def test_exchange_with_oneself_and_withdraw_before_round_one_are_refused(ev):
    before = ev.read_bytes()
    assert "himself" in refused("exchange", ev, 1, 1)
    assert "--from-round: 0 is too small: at least 1" in refused("players", "withdraw", ev, 2, "--from-round", 0)
    assert "--from-round: -5 is too small: at least 1" in refused("players", "withdraw", ev, 2, "--from-round", -5)
    assert ev.read_bytes() == before


def test_a_full_disk_on_stdout_is_one_line_not_a_traceback(ev):
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    with open("/dev/full", "w") as full:
        p = run_process("standings", ev, "--format", "json", stdout=full, stderr=subprocess.PIPE,
                        capture_output=False)
    assert p.returncode == 2 and p.stderr.startswith("arbiter: error: ") and p.stderr.count("\n") == 1, p.stderr


@pytest.mark.parametrize("extra,needle", [
    (("--tables", "99999999999999999999"), "at most 999"),
    (("--top", "99999999999999999999"), "at most 1024"),
    (("--teams", "--boards", "99999999999999999999"), "at most 99 boards"),
])
def test_new_refuses_numbers_no_event_can_hold(tmp_path, extra, needle):
    assert needle in refused("new", tmp_path / "n.toml", "--name", "N", "--rounds", 3, *extra)
    assert listing(tmp_path) == {}


@pytest.mark.parametrize("old,new,needle", [
    ("tables = 1", "tables = 99999999999999999999", "event.tables"),
    ("top = 0", "top = 99999999999999999999", "event.top"),
])
def test_a_hand_edited_table_count_or_top_size_is_refused(ev, old, new, needle):
    text = ev.read_text()
    text = text.replace("[event]\n", f"[event]\n{old}\n", 1) if old not in text else text
    ev.write_text(text.replace(old, new, 1))
    assert needle in refused("standings", ev)


def test_import_trf_with_too_many_rounds_names_the_trf(ev, tmp_path):
    trf = tmp_path / "t.trf"
    ok("export", ev, "--format", "trf", "--out", trf)
    text = trf.read_text()
    assert "XXR 3" in text
    trf.write_text(text.replace("XXR 3", "XXR 99999999999999999999"))
    err = refused("import-trf", trf, tmp_path / "new.toml")
    assert str(trf) in err and "at most 999" in err
    assert not (tmp_path / "new.toml").exists()


def test_top_games_per_match_is_bounded(tmp_path):
    path = tmp_path / "t.toml"
    ok("new", path, "--name", "T", "--rounds", 1, "--top", 2)
    for i in range(1, 5):
        ok("players", "add", path, f"P{i}", "--rating", 2000 - i)
    ok("pair", path)
    ok("result", path, 1, "1-0")
    ok("result", path, 2, "1-0")
    before = path.read_bytes()
    assert "at most 99 games" in refused("top", path, "--games", "99999999999999999999")
    assert path.read_bytes() == before


@pytest.mark.parametrize("args", [
    ("trf", "pair", "{trf}", "-o", "{d}/no/out.txt"),
    ("export", "{ev}", "--format", "trf", "--out", "{d}/no/x.trf"),
    ("export", "{ev}", "--format", "csv", "--out", "{d}/no/x.csv"),
    ("export", "{ev}", "--format", "text", "--what", "pairings", "--out", "{d}/no/x.txt"),
])
def test_writing_into_a_missing_folder_is_one_line(ev, tmp_path, args):
    trf = tmp_path / "t.trf"
    ok("export", ev, "--format", "trf", "--out", trf)
    trf.write_text(trf.read_text())
    before = listing(tmp_path)
    err = refused(*(a.format(ev=ev, trf=trf, d=tmp_path) for a in args))
    assert "cannot write" in err and ".tmp" not in err
    assert listing(tmp_path) == before


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_json_is_utf8_whatever_the_locale(ev, encoding):
    ok("players", "add", ev, "Ωмега 李")
    p = run_process("players", "list", ev, "--format", "json", text=False, env={"PYTHONIOENCODING": encoding})
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout.decode("utf-8"))[-1]["name"] == "Ωмега 李"


def test_empty_by_hand_and_odd_display_intervals_are_refused(tmp_path):
    path = tmp_path / "b.toml"
    ok("new", path, "--name", "B", "--rounds", 2)
    ok("players", "add", path, "A")
    ok("players", "add", path, "B")
    before = path.read_bytes()
    for empty in ("", " , "):  # not an automatic pairing
        assert "--by-hand" in refused("pair", path, "--by-hand", empty)
    assert path.read_bytes() == before
    for bad in ("nan", "inf"):
        assert "--interval" in refused("display", path, "--interval", bad)


def test_a_journal_that_cannot_be_written_leaves_the_event_as_it_was(ev):
    journal = ev.with_name(ev.name + ".journal")
    if journal.exists():
        journal.unlink()
    journal.mkdir()  # a folder where the journal should be
    before = ev.read_bytes()
    assert "cannot write" in refused("result", ev, 1, "1-0")
    assert ev.read_bytes() == before
    assert "cannot read" in refused("log", ev)


def test_trf_export_refuses_what_its_columns_cannot_hold(tmp_path):
    """A player number above 9999 or 100 points and more (3-1-0 over many rounds) do not fit a 001 line:
    a one-line refusal naming the player, not a crash, and no file written."""
    from dataclasses import replace

    from arbiter_tournament.core.event import commands
    from arbiter_tournament.core.store import create, load
    from tests.helpers import with_round

    big = tmp_path / "big.toml"
    e = commands.new_event("Big ids", 3)
    e = commands.add_player(e, "A", rating=2000)
    e = commands.add_player(e, "B", rating=1900)
    e = replace(e, players=(e.players[0], replace(e.players[1], id=12345)))
    create(big, e)
    out = tmp_path / "big.trf"
    code, _, err = run("export", big, "--format", "trf", "--out", out)
    assert code == 2 and "player 12345" in err and "9999" in err and "Traceback" not in err
    assert not out.exists()

    many = tmp_path / "many.toml"
    e = commands.new_event("Many points", 40, points=(3, 1, 0))
    e = commands.add_player(e, "A", rating=2000)
    e = commands.add_player(e, "B", rating=1900)
    for k in range(1, 35):  # 34 wins of 3 points: 102
        e = with_round(e, k, [(1, 2) if k % 2 else (2, 1)], ["1-0" if k % 2 else "0-1"])
    create(many, e)
    assert load(many).rounds[-1].number == 34
    code, _, err = run("export", many, "--format", "trf", "--out", out)
    assert code == 2 and "player 1: 102 points" in err and "99.9" in err and "Traceback" not in err
    assert not out.exists()


@pytest.mark.parametrize("args,needle", [
    (("pair", "{ev}", "--by-hand", "99999999999999999999-1"), "--by-hand 99999999999999999999: too big"),
    (("pair", "{ev}", "--allow-rematch", "1,99999999999999999999"), "too big: at most 999999"),
    (("playoff", "{ev}", "--players", "1,99999999999999999999"), "too big: at most 999999"),
    (("forbid", "{ev}", "1", "99999999999999999999"), "forbid 99999999999999999999: too big"),
    (("forbid", "{ev}", "1", "-5"), "'-5' is not a player id"),
])
def test_ids_in_lists_have_the_same_limits(ev, args, needle):
    before = ev.read_bytes()
    assert needle in refused(*(a.format(ev=ev) for a in args))
    assert ev.read_bytes() == before


@pytest.mark.parametrize("points,needle", [
    ("1e999,0,0", "'1e999' is not a number of points"),
    ("1,0.25,0", "'0.25': points are numbers from 0 to 99 in tenths at most"),
    ("1,1/3,0", "'1/3': points are numbers from 0 to 99 in tenths at most"),
    ("100,1,0", "'100': points are numbers from 0 to 99 in tenths at most"),
    ("-1,0,0", "'-1' is not a number of points"),
    ("1,nan,0", "'nan' is not a number of points"),
    ("1/0,0,0", "'1/0' is not a number of points"),
])
@pytest.mark.parametrize("option", ["--points", "--match-points"])
def test_points_are_tenths_from_0_to_99(tmp_path, points, needle, option):
    extra = ("--teams", "--boards", 2) if option == "--match-points" else ()
    err = refused("new", tmp_path / "n.toml", "--name", "N", "--rounds", 3, *extra, option, points)
    assert f"{option} '{points}'" in err and needle in err
    assert listing(tmp_path) == {}
    ok("new", tmp_path / "m.toml", "--name", "N", "--rounds", 3, *extra, option, "3,1.5,0")


def test_options_may_come_between_the_operands(tmp_path):
    path = tmp_path / "o.toml"
    ok("new", path, "--name", "O", "--rounds", 3)
    ok("players", "add", path, "--club", "C", "Ann", "--rat", 1500)  # an abbreviated option too
    ok("players", "add", path, "Bob", "--federation=ENG")
    ok("forbid", path, 1, "2")
    assert "may meet again" in ok("forbid", path, "--remove", 1, 2)
    players = json.loads(ok("players", "list", path, "--format", "json"))
    assert [(p["name"], p["club"], p["rating"], p["federation"]) for p in players] == [
        ("Ann", "C", 1500, ""), ("Bob", "", 0, "ENG")]


@pytest.mark.parametrize("args", [("--", "-1+2"), ("--name", "-1+2"), ("--name=-1+2",), ("--rating", 5, "--", "-1+2")])
def test_a_name_that_starts_with_a_dash_can_be_added(tmp_path, args):
    path = tmp_path / "d.toml"
    ok("new", path, "--name", "D", "--rounds", 3)
    assert "added -1+2 as player 1" in ok("players", "add", path, *args)
    assert "give the name once" in refused("players", "add", path, "Ann", "--name", "Bob")
    assert "NAME (or --name NAME)" in refused("players", "add", path)


def test_words_that_are_not_utf8_are_refused_in_one_line(tmp_path):
    path = tmp_path / "u.toml"
    ok("new", path, "--name", "U", "--rounds", 3)
    before = path.read_bytes()
    for args in (("players", "add", path, "\udcff\udcfe"), ("players", "add", path, "X", "--club", "\udcff"),
                 ("export", path, "--format", "csv", "--out", tmp_path / "\udcff.csv")):
        assert "not UTF-8 text" in refused(*args)
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["u.toml", "u.toml.lock"]
