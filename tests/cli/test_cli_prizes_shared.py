"""The prize list from the command line (issue 32): shared places, equal/Hort/winners, trophies, not awarded.

The event: 24 players, a top of 16 without a third-place match, played to its end (1, 2, then 3-4 = 3 and 5,
5-8 = 4, 6, 7, 8, 9-16 = 9 ... 16); ratings 1990, 1980 ... by id."""

from __future__ import annotations

import json

import pytest

from arbiter_tournament.core.knockout import stage as top
from arbiter_tournament.core.store import dumps, load
from tests.cli_run import ok, refused
from tests.final_events import play_top, swiss


@pytest.fixture(scope="module")
def text16() -> str:
    e = top.start_top(swiss(24, rounds=5, top_size=16))
    return dumps(play_top(e, list(range(1, 25))))


@pytest.fixture
def path(tmp_path, text16) -> str:
    p = tmp_path / "top16.toml"
    p.write_text(text16, encoding="utf-8")
    return str(p)


def money(doc) -> dict[int, float]:
    """Each player's money: the sum of what he receives over the prizes."""
    out: dict[int, float] = {}
    for p in doc["prizes"]:
        for pid, x in zip(p["winners"], p["receives"]):
            if x is not None:
                out[pid] = round(out.get(pid, 0) + x, 2)
    return out


def test_two_women_sharing_3_4_receive_alike_and_the_json_lists_both_under_each_prize(path):
    for pid in (3, 5):
        ok("players", "edit", path, str(pid), "--sex", "f")
    ok("categories", "add", path, "Women U2000", "--sex", "f", "--rating-below", "2000")
    ok("categories", "add", path, "Women", "--sex", "f")
    for args in (("1st", "--amount", "1000"), ("2nd", "--amount", "500"),
                 ("Women U2000", "--amount", "400", "--category", "Women U2000"),
                 ("Best woman", "--amount", "100", "--category", "Women"),
                 ("Best junior", "--amount", "50", "--category", "Women U2000")):
        ok("prizes", "add", path, *args)
    doc = json.loads(ok("prizes", "list", path, "--format", "json"))
    assert set(doc) == {"finished", "sharing", "trophies", "prizes"}
    women = doc["prizes"][2]
    assert set(women) == {"name", "category", "amount", "winners", "places", "receives", "how", "not_awarded"}
    # 400 + 100 fall on place 3-4: 250 each, each prize listing both with their parts
    assert (women["winners"], women["places"], women["receives"], women["how"]) == (
        [3, 5], ["3-4", "3-4"], [200, 200], ["shared", "shared"])
    assert doc["prizes"][3]["winners"] == [3, 5] and doc["prizes"][3]["receives"] == [50, 50]
    assert money(doc) == {1: 1000, 2: 500, 3: 250, 5: 250}
    # the third category prize: both women have prizes worth more; said, not dropped silently
    assert doc["prizes"][4]["winners"] == [] and doc["prizes"][4]["not_awarded"] == "all_better"
    text = ok("prizes", "list", path)
    assert "not awarded" in text and "every player of its category has a prize worth as much or more" in text
    assert "shared by 2 players" in text
    csv = ok("prizes", "list", path, "--format", "csv").splitlines()
    assert "3,Women U2000,Women U2000,400,3,Player 03,3-4,200,shared" in csv


def test_equal_hort_winners_and_a_trophy_by_order_then_by_lot(path):
    for args in (("1st", "--amount", "1000"), ("2nd", "--amount", "600"), ("3rd", "--amount", "400"),
                 ("4th", "--amount", "300"), ("5th", "--amount", "200"), ("Cup",)):
        ok("prizes", "add", path, *args)
    doc = json.loads(ok("prizes", "list", path, "--format", "json"))
    got = money(doc)
    # 5th and the Cup fall on 5-8: 200 / 4 = 50 each, the Cup to the first of them in the Swiss order (6)
    assert [got[p] for p in (4, 6, 7, 8)] == [50] * 4
    cup = doc["prizes"][5]
    assert (cup["winners"], cup["receives"], cup["how"]) == ([6], [None], ["order"])
    assert ok("prizes", "trophies", path, "lot").strip() == \
        "trophies at a shared place: by lot (drawn once with draw-lots)"
    doc = json.loads(ok("prizes", "list", path, "--format", "json"))
    assert doc["trophies"] == "lot" and doc["prizes"][5]["not_awarded"] == "lot_pending"
    out = ok("draw-lots", path)
    assert out.startswith("places 5-8 trophies: by lot ")
    e = load(path)
    assert len(e.trophy_lots) == 1 and sorted(e.trophy_lots[0]) == [4, 6, 7, 8] and e.lots == ()
    doc = json.loads(ok("prizes", "list", path, "--format", "json"))
    assert doc["prizes"][5]["winners"] == [e.trophy_lots[0][0]] and doc["prizes"][5]["how"] == ["lot"]
    assert "trophies at a shared place: by lot" in ok("log", path)
    for mode in ("equal", "hort", "winners"):
        ok("prizes", "sharing", path, mode)
        assert json.loads(ok("prizes", "list", path, "--format", "json"))["sharing"] == mode
    assert "invalid choice" in refused("prizes", "trophies", path, "dice")


def test_the_prize_list_in_english_and_russian_says_the_shared_parts(path):
    from arbiter_tournament.core.formats.final import prizes_lines

    for args in (("1st", "--amount", "1000"), ("2nd", "--amount", "600"), ("3rd", "--amount", "400"),
                 ("4th", "--amount", "301")):
        ok("prizes", "add", path, *args)
    ok("export", path, "--format", "text", "--what", "prizes", "--out", path + ".txt")
    with open(path + ".txt", encoding="utf-8") as f:
        text = f.read()
    # 400 + 301 at place 3-4: 200 and 150.50 to each from each prize, 350.50 each in all
    assert "shared by 2 players" in text and "150.50" in text
    assert "In all, to the players paid from several prizes:" in text
    lines = text.splitlines()
    assert [ln.split()[-1] for ln in lines[lines.index("In all, to the players paid from several prizes:") + 1:]
            if ln.strip()] == ["350.50", "350.50"]
    ru = "\n".join(prizes_lines(load(path), "ru"))
    assert "делится между 2 участниками" in ru and "150.50" in ru and "Всего участникам" in ru
