"""The rating lists on the command line (issue 36): ratings import|list|find, players add --fide-id,
players import filling by FIDE id, players update-ratings (journalled, undoable), the event's rate."""

from __future__ import annotations

import json

import pytest

from arbiter_tournament.core.store import load
from tests.cli_run import run
from tests.core.test_ratings import SAMPLE


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    lst = tmp_path / "players_list_foa.txt"
    lst.write_text(SAMPLE, encoding="ascii")
    return lst


@pytest.fixture
def ev(tmp_path):
    path = tmp_path / "ev.toml"
    assert run("new", path, "--name", "Open", "--rounds", "5")[0] == 0
    return path


def test_a_list_is_imported_listed_and_found(data, tmp_path):
    assert run("ratings", "list") == (0, f"no rating list imported (arbiter ratings import LIST; the index would be "
                                         f"{tmp_path / 'data' / 'arbiter' / 'ratings.sqlite'})\n", "")
    code, out, err = run("ratings", "import", data, "--date", "2026-12-01")
    assert (code, out) == (0, "imported 4 players as list players_list_foa (fide, 2026-12-01)\n"), err
    code, out, _ = run("ratings", "list", "--format", "json")
    got = json.loads(out)
    assert [(x["name"], x["kind"], x["date"], x["players"]) for x in got] == [("players_list_foa", "fide",
                                                                             "2026-12-01", 4)]
    code, out, _ = run("ratings", "find", "olga exam")
    assert out.split() == ["4100018", "Example,", "Olga", "KAZ", "f", "IM/WGM", "2405", "2390", "2371", "1996",
                           "players_list_foa"]
    code, out, _ = run("ratings", "find", "--federation", "Казахстан", "--format", "json")
    assert [x["name"] for x in json.loads(out)] == ["Example, Olga", "Demo, Aigerim"]
    assert run("ratings", "find", "nobody")[1] == "nobody found\n"


def test_a_missing_index_is_one_line(data):
    code, out, err = run("ratings", "find", "olga")
    assert code == 2 and out == "" and err.count("\n") == 1 and "no rating list imported yet" in err


def test_a_bad_line_of_a_list_names_its_line_and_column_and_keeps_nothing(data, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text(SAMPLE.replace("2012345 ", "20123x5 "), encoding="ascii")
    code, _, err = run("ratings", "import", bad)
    assert code == 2 and err == (f"arbiter: error: {bad}:3: column ID Number: '20123x5' is not a FIDE id "
                                 "(1 to 10 digits)\n")
    assert run("ratings", "list")[1].startswith("no rating list imported")


def test_players_add_with_a_fide_id_fills_the_rest_with_the_event_s_rate(data, ev):
    assert run("ratings", "import", data)[0] == 0
    assert run("event", "set", ev, "--rate", "blitz")[0] == 0
    assert run("players", "add", ev, "--fide-id", "4100018") == (0, "added Example, Olga as player 1\n", "")
    assert run("players", "add", ev, "Own Name", "--fide-id", "2012345", "--rating", "2000")[0] == 0
    a, b = load(ev).players
    assert (a.name, a.fide_id, a.federation, a.title, a.sex, a.birth, a.rating) == \
        ("Example, Olga", "4100018", "KAZ", "IM", "f", "1996", 2371)
    assert (b.name, b.federation, b.rating, b.title) == ("Own Name", "RUS", 2000, "")  # what is given is kept
    code, _, err = run("players", "add", ev, "--fide-id", "999")
    assert code == 2 and "FIDE id 999 is in no rating list of the index: give the name too" in err


def test_players_import_fills_what_the_csv_leaves_out_by_fide_id(data, ev, tmp_path):
    assert run("ratings", "import", data)[0] == 0
    csv = tmp_path / "reg.csv"
    csv.write_text("name,fide id,club\n,34999001,Ladya\nOwn Name,4100018,\nNew Player,,\n", encoding="utf-8")
    code, out, err = run("players", "import", ev, csv)
    assert (code, out) == (0, "imported 3 players\n") and "3 players" not in err
    assert "filled in from the rating lists: 2 players found by FIDE id" in err
    a, b, c = load(ev).players
    assert (a.name, a.club, a.federation, a.title, a.rating, a.sex) == ("Demo, Aigerim", "Ladya", "KAZ", "WFM", 2012, "f")
    assert (b.name, b.rating, b.birth) == ("Own Name", 2405, "1996")
    assert (c.name, c.rating, c.federation) == ("New Player", 0, "")


def test_update_ratings_before_round_1_lists_each_change_and_is_undone_as_one(data, ev):
    assert run("players", "add", ev, "Example, Olga", "--fide-id", "4100018", "--rating", "2300")[0] == 0
    assert run("players", "add", ev, "Demo, Aigerim", "--fide-id", "34999001", "--rating", "2012")[0] == 0
    assert run("players", "add", ev, "Someone", "--rating", "1500")[0] == 0
    assert run("ratings", "import", data)[0] == 0
    code, out, err = run("players", "update-ratings", ev, "--dry-run")
    assert out == ("player 1 Example, Olga: 2300 -> 2405 (players_list_foa)\n"
                   "1 ratings to change (not saved: --dry-run) (standard)\n")
    assert load(ev).players[0].rating == 2300
    assert run("players", "update-ratings", ev)[1].endswith("1 ratings changed (standard)\n")
    assert [p.rating for p in load(ev).players] == [2405, 2012, 1500]
    assert "update ratings from players_list_foa: 1 changed" in run("log", ev)[1]
    assert run("undo", ev)[0] == 0
    assert [p.rating for p in load(ev).players] == [2300, 2012, 1500]


def test_update_ratings_after_round_1_only_with_force(data, ev):
    for i in range(4):
        assert run("players", "add", ev, f"P{i}", "--rating", str(1500 + i))[0] == 0
    assert run("players", "edit", ev, "1", "--fide-id", "4100018")[0] == 0
    assert run("ratings", "import", data)[0] == 0
    assert run("pair", ev)[0] == 0
    code, _, err = run("players", "update-ratings", ev)
    assert code == 2 and err == ("arbiter: error: round 1 has been paired: ratings are updated before it (--force "
                                 "to update them now)\n")
    assert run("players", "update-ratings", ev, "--force")[0] == 0
    assert load(ev).player(1).rating == 2405


def test_the_event_file_never_depends_on_the_index(data, ev, tmp_path):
    assert run("ratings", "import", data)[0] == 0
    assert run("players", "add", ev, "--fide-id", "4100018")[0] == 0
    (tmp_path / "data" / "arbiter" / "ratings.sqlite").write_bytes(b"garbage" * 50)
    assert load(ev).players[0].name == "Example, Olga"
    code, out, _ = run("players", "list", ev)
    assert code == 0 and "Example, Olga" in out
    code, _, err = run("ratings", "find", "olga")
    assert code == 2 and "the rating index is damaged" in err and err.count("\n") == 1
    assert run("ratings", "import", data)[0] == 0  # built anew
    assert "Example, Olga" in run("ratings", "find", "olga")[1]
