"""The command line of the end of the event (issue 23): `standings --final`, categories, prizes, draw-lots,
the players' fields categories read."""

from __future__ import annotations

import json

import pytest

from arbiter_tournament.core.store import dumps, load
from tests.cli_run import ok, refused, run
from tests.core.test_final import three_way_round_robin
from tests.final_events import twelve_with_top


@pytest.fixture
def ended(tmp_path):
    path = tmp_path / "twelve.toml"
    path.write_text(dumps(twelve_with_top()), encoding="utf-8")
    return str(path)


def test_the_final_ranking_as_json_lists_champion_finalist_third_fourth_then_the_swiss_order(ended):
    doc = json.loads(ok("standings", ended, "--final", "--format", "json"))
    assert doc["final"] is True and doc["finished"] is True
    rows = doc["rows"]
    assert [(r["place"], r["id"]) for r in rows[:4]] == [("1", 1), ("2", 2), ("3", 3), ("4", 5)]
    assert [r["reached"] for r in rows[:4]] == ["champion", "final", "third-place match won", "third-place match"]
    swiss = [r["id"] for r in json.loads(ok("standings", ended, "--format", "json"))["rows"]]
    assert [r["id"] for r in rows[4:]] == [p for p in swiss if p not in (1, 2, 3, 5)]
    assert all(isinstance(r["place"], str) for r in rows)
    assert [r["place"] for r in rows if r["id"] in (8, 10)] == ["10-11", "10-11"]
    assert doc["lots_pending"] == [[8, 10]] and all(r["lot_pending"] for r in rows if r["id"] in (8, 10))


def test_prizes_first_second_third_and_best_under_2000(ended):
    ok("categories", "add", ended, "Under 2000", "--rating-below", "2000")
    for name in ("1st", "2nd", "3rd"):
        ok("prizes", "add", ended, name)
    ok("prizes", "add", ended, "Best under 2000", "--category", "Under 2000")
    doc = json.loads(ok("prizes", "list", ended, "--format", "json"))
    got = [(p["name"], p["category"], p["amount"], p["winners"]) for p in doc["prizes"]]
    assert got == [("1st", None, None, [1]), ("2nd", None, None, [2]), ("3rd", None, None, [3]),
                   ("Best under 2000", "Under 2000", None, [5])]
    text = ok("prizes", "list", ended)
    assert "Player 03 (3)" in text and "(Under 2000)" in text
    csv = ok("prizes", "list", ended, "--format", "csv").splitlines()
    assert csv[0] == "number,prize,category,amount,id,name,place,receives,how"
    assert csv[4].startswith("4,Best under 2000,Under 2000,,5,Player 05,4,")
    under = json.loads(ok("standings", ended, "--final", "--category", "under 2000", "--format", "json"))
    assert under["category"] == "Under 2000"
    assert [(r["place"], r["id"], r["overall"]) for r in under["rows"][:2]] == [("1", 3, "3"), ("2", 5, "4")]


def test_categories_and_prizes_are_listed_changed_and_journalled(ended):
    ok("categories", "add", ended, "Juniors", "--born-from", "2008")
    ok("categories", "add", ended, "Women", "--sex", "f", "--rating-from", "1800")
    assert "Juniors: born in 2008 or later (0 players)" in ok("categories", "list", ended)
    doc = json.loads(ok("categories", "list", ended, "--format", "json"))
    assert [c["name"] for c in doc["categories"]] == ["Juniors", "Women"]
    ok("categories", "rename", ended, "Women", "Ladies")
    ok("categories", "move", ended, "Ladies", "1")
    ok("prizes", "add", ended, "Best lady", "--amount", "150.5", "--category", "ladies")
    ok("prizes", "edit", ended, "Best lady", "--amount", "200")
    assert "has prizes (Best lady)" in refused("categories", "remove", ended, "Ladies")
    ok("prizes", "edit", ended, "Best lady", "--no-category")
    ok("categories", "remove", ended, "Ladies")
    ok("prizes", "sharing", ended, "hort")
    e = load(ended)
    assert [c.name for c in e.categories] == ["Juniors"] and e.prizes[0].amount == 200 and e.prize_sharing == "hort"
    log = ok("log", ended)
    for line in ("add category Juniors", "rename category Women to Ladies", "move category Ladies to position 1",
                 "add prize Best lady", "edit prize Best lady", "remove category Ladies", "prize sharing: hort"):
        assert line in log
    ok("undo", ended)
    assert load(ended).prize_sharing == "none"


def test_refusals_are_one_line_and_leave_the_file_as_it_was(ended):
    before = open(ended, "rb").read()
    for args, said in [
        (("categories", "add", ended, "Nobody"), "has no condition"),
        (("categories", "add", ended, "X", "--sex", "w"), "invalid choice"),
        (("categories", "add", ended, "X", "--born-from", "99"), "too small"),
        (("prizes", "add", ended, "1st", "--amount", "1.005"), "not an amount"),
        (("prizes", "add", ended, "1st", "--amount", "99999999999999999"),
         "an amount of 99999999999999999 is too big: at most 1000000000000"),
        (("prizes", "edit", ended, "Best lady", "--amount", "9" * 32 + ",50"), "is too big: at most 1000000000000"),
        (("prizes", "add", ended, "1st", "--category", "Juniors"), "no category 'Juniors'"),
        (("prizes", "remove", ended, "1st"), "no prize '1st'"),
        (("standings", ended, "--final", "--category", "Juniors"), "no category 'Juniors'"),
        (("standings", ended, "--category", "Juniors"), "add --final"),
        (("standings", ended, "--final", "--after-round", "2"), "drop --final"),
        (("prizes", "split", ended, "1,2"), "agreed no top game"),
        (("prizes", "edit", ended, "x"), "say what changes"),
    ]:
        code, out, err = run(*args)
        assert code == 2 and said in err and err.count("\n") == 1 and "Traceback" not in err, (args, err)
    assert open(ended, "rb").read() == before


def test_draw_lots_once_recorded_in_the_file_and_the_journal(ended):
    code, out, err = run("draw-lots", ended)
    assert code == 0, err
    assert out.startswith("places 10-11: by lot ")
    e = load(ended)
    assert len(e.lots) == 1 and sorted(e.lots[0]) == [8, 10]
    assert "draw lots for the final ranking: 10-11: " in ok("log", ended)
    rows = json.loads(ok("standings", ended, "--final", "--format", "json"))["rows"]
    drawn = [r for r in rows if r["id"] in (8, 10)]
    assert [r["id"] for r in drawn] == list(e.lots[0])
    assert [r["place"] for r in drawn] == ["10", "11"] and all(r["by_lot"] for r in drawn)
    assert "by lot" in ok("standings", ended, "--final")
    assert "no tie in the final ranking waits for a lot" in refused("draw-lots", ended)
    csv = ok("standings", ended, "--final", "--format", "csv").splitlines()
    assert any(line.startswith(f"10,{e.lots[0][0]},") and ",by lot," in line for line in csv)


def test_the_standings_mark_a_rank_ordered_by_lot(tmp_path):
    path = tmp_path / "circle.toml"
    path.write_text(dumps(three_way_round_robin(share=False)), encoding="utf-8")
    text = ok("standings", str(path))
    assert "* by lot: equal after every tie-break, ordered by lot" in text
    rows = json.loads(ok("standings", str(path), "--format", "json"))["rows"]
    assert [r["by_lot"] for r in rows] == [True, True, True, False]
    assert ok("standings", str(path), "--format", "csv").splitlines()[0].endswith(",by_lot")
    final = json.loads(ok("standings", str(path), "--final", "--format", "json"))
    assert [r["place"] for r in final["rows"]] == ["1-3", "1-3", "1-3", "4"]
    ok("draw-lots", str(path))
    final = json.loads(ok("standings", str(path), "--final", "--format", "json"))
    assert [r["place"] for r in final["rows"]] == ["1", "2", "3", "4"]
    lot = list(load(str(path)).lots[0])
    assert [r["id"] for r in final["rows"][:3]] == lot
    assert [r["id"] for r in json.loads(ok("standings", str(path), "--format", "json"))["rows"][:3]] == lot


def test_ties_say_what_the_regulations_say(tmp_path):
    path = tmp_path / "circle.toml"
    path.write_text(dumps(three_way_round_robin(share=False)), encoding="utf-8")
    ok("ties", str(path), "shared")
    assert load(str(path)).share_places is True
    rows = json.loads(ok("standings", str(path), "--final", "--format", "json"))["rows"]
    assert [r["place"] for r in rows] == ["1-3", "1-3", "1-3", "4"] and not any(r["lot_pending"] for r in rows)
    assert "shares the places" in refused("draw-lots", str(path))
    ok("ties", str(path), "lots")
    assert "ties after every tie-break: by lot" in ok("log", str(path))


def test_players_get_the_fields_categories_read(ended, tmp_path):
    fresh = tmp_path / "fresh.toml"  # (the ended event takes no new player: no round is left for her)
    ok("new", fresh, "--name", "Fresh", "--rounds", "3")
    out = ok("players", "add", fresh, "Newcomer, Nina", "--sex", "f", "--birth", "2011-03-04", "--title", "WCM",
             "--fide-id", "24100010")
    pid = int(out.split("player ")[1].split(",")[0])
    p = load(fresh).player(pid)
    assert (p.sex, p.birth, p.title, p.fide_id) == ("f", "2011-03-04", "WCM", "24100010")
    assert "no round is left for a late entry" in refused("players", "add", ended, "Newcomer, Nina")
    pid = 6
    ok("players", "edit", ended, str(pid), "--sex", "f", "--birth", "2011-03-04")
    ok("players", "edit", ended, "4", "--sex", "f", "--birth", "2009", "--rating", "1999")
    p = load(ended).player(4)
    assert (p.sex, p.birth, p.rating) == ("f", "2009", 1999)
    assert "edit player 4" in ok("log", ended)
    ok("categories", "add", ended, "Girls", "--sex", "f", "--born-from", "2008")
    doc = json.loads(ok("categories", "list", ended, "--format", "json"))
    assert doc["categories"][0]["players"] == sorted([4, pid])
    assert "not a year" in refused("players", "edit", ended, "4", "--birth", "May 2009")


def test_the_final_ranking_of_one_table(tmp_path):
    from tests.final_events import swiss

    path = tmp_path / "two.toml"
    path.write_text(dumps(swiss(16, rounds=3, tables=2)), encoding="utf-8")
    doc = json.loads(ok("standings", str(path), "--final", "--table", "2", "--format", "json"))
    assert doc["table"] == 2 and {r["table"] for r in doc["rows"]} == {2}
    assert doc["rows"][0]["place"] == "1" and doc["finished"] is True
    assert "--table 3: the event has tables 1..2" in refused("standings", str(path), "--final", "--table", "3")
