"""The bracket as text (80 columns, ASCII mode, real names) and as cli.md JSON."""

from __future__ import annotations

import json
from fractions import Fraction as F

from arbiter_tournament.core.knockout.bracket_text import bracket_json, bracket_lines, bracket_text, text_width
from arbiter_tournament.core.knockout import THIRD_PLACE, TopConfig, build_bracket, current_boards

NAMES = [
    "Иванов Иван Иванович",
    "Petrova Anna",
    "Smith [/] John",  # markup-looking: printed as it is
    "Кузнецов Дмитрий",
    "O'Brien {0} Seamus",  # format-looking: printed as it is
    "李小龍",
    "Müller Jürgen",
    "Nakamura Hikaru",
    "Сидоров Сергей",
    "Garcia Lopez Maria Jose de la Santisima Trinidad y Todos los Santos",
    "Dubois\nClaire",
    "Rossi Marco",
    "Nowak Piotr",
    "Jensen Lars",
    "Silva Ana",
    "Kovač Ivan",
]
SEEDS = list(range(1, 17))
NAME_OF = dict(zip(SEEDS, NAMES))
PBT = {p: F(10 - p % 5, 2) for p in SEEDS}
QOW = {p: F(p % 3) for p in SEEDS}
CFG = TopConfig(third_place=True, colour_seed=4)
BOX = set("─│┌┐└┘├┤┬┴┼═║╔╗╚╝╠╣…→–½")


def played_bracket(complete=True):
    """A bracket of 16 with results of every kind, played to the end (or not, `complete=False`)."""
    res = {(1, 1): "1-0", (1, 2): "1/2", (1, 3): "0-1a", (1, 4): "=t", (1, 5): "1-0t", (1, 6): "+-", (1, 7): "0-1", (1, 8): "1/2"}
    while True:
        b = build_bracket(SEEDS, res, CFG, points_before_top=PBT, quality_of_wins=QOW)
        boards = current_boards(b)
        if not boards or not complete and len(b.rounds[1]) and b.rounds[1][0].winner:
            return b, res
        for bd in boards:
            res[bd.match] = "1-0"


def test_real_names_appear_and_80_columns():
    b, _ = played_bracket()
    lines = bracket_lines(b, NAME_OF)
    assert all(text_width(ln) <= 80 for ln in lines)
    text = "\n".join(lines)
    for name in NAMES:
        if "\n" in name:
            assert name.replace("\n", " ") in text  # one name stays on one line
        elif len(name) < 40:
            assert name in text
    assert "Garcia Lopez Maria Jose" in text  # a very long name is cut, with an ellipsis
    assert "…" in text
    # seeds, results and the rule that decided drawn games
    assert "( 1) Иванов Иван Иванович" in text
    assert "more points before the top" in text and "705.2" in text
    assert "agreed result (704.4)" in text
    assert "technical (705.3)" in text
    assert "Round 4: final" in text and "Round 3: semi-finals (top-4)" in text and "3rd" in text
    champion = NAME_OF[b.champion]
    assert f"→ {champion}" in text


def test_ascii_mode_has_no_box_drawing():
    b, _ = played_bracket()
    lines = bracket_lines(b, NAME_OF, ascii=True)
    text = "\n".join(lines)
    decoration = text
    for name in NAMES:
        decoration = decoration.replace(name.replace("\n", " "), "")
    assert not any(ch in BOX for ch in decoration)
    assert not any(0x2500 <= ord(ch) <= 0x257F for ch in decoration)
    assert "Иванов Иван Иванович" in text  # names stay as they are
    assert all(text_width(ln) <= 80 for ln in lines)
    assert "+-" in text and "|" in text


def test_unfinished_bracket_and_narrow_width():
    b = build_bracket(SEEDS, {}, CFG)
    lines = bracket_lines(b, NAME_OF)
    assert all(text_width(ln) <= 80 for ln in lines)
    text = "\n".join(lines)
    assert "winner of top-16 match 1" in text and "to play: game 1" in text
    narrow = bracket_lines(b, NAME_OF, width=40)
    assert all(text_width(ln) <= 40 for ln in narrow)
    assert "the tree needs more than 40 columns" in "\n".join(narrow)
    assert bracket_text(b, NAME_OF).endswith("\n")


def test_top_12_with_byes_and_top_32_render():
    seeds = list(range(1, 13))
    b = build_bracket(seeds, {(1, 5): "1-0"}, TopConfig(higher_seed_first=True), points_before_top={}, quality_of_wins={})
    text = bracket_text(b, {p: f"Player {p}" for p in seeds})
    assert "(bye)" in text and "Player 12" in text
    seeds32 = list(range(1, 33))
    lines = bracket_lines(build_bracket(seeds32, {}, TopConfig(higher_seed_first=True)), {p: f"P{p}" for p in seeds32})
    assert all(text_width(ln) <= 80 for ln in lines)


def test_json_shape_exactly_as_cli_md():
    b, res = played_bracket()
    data = bracket_json(b)
    json.dumps(data)  # plain JSON types
    assert list(data) == ["size", "third_place", "rounds", "third_place_match"]
    assert data["size"] == 16 and data["third_place"] is True
    assert [r["round"] for r in data["rounds"]] == [1, 2, 3, 4]
    m = data["rounds"][0]["matches"][0]
    assert list(m) == ["match", "seeds", "players", "result", "winner", "decided_by"]
    assert m == {"match": 1, "seeds": [1, 16], "players": [1, 16], "result": "1-0", "winner": 1, "decided_by": "game"}
    m2 = data["rounds"][0]["matches"][1]
    assert m2["result"] == "1/2" and m2["decided_by"] == "points-before-top" and m2["winner"] == 15
    assert data["rounds"][0]["matches"][2]["decided_by"] == "agreed"
    tp = data["third_place_match"]
    assert list(tp) == ["players", "result", "winner"]
    assert tp["result"] == "1-0" or tp["result"] == "0-1"
    assert tp["winner"] in tp["players"]
    allowed = {"game", "points-before-top", "quality-of-wins", "second-mover", "agreed", "bye", None}
    assert all(mm["decided_by"] in allowed for r in data["rounds"] for mm in r["matches"])


def test_json_undecided_and_no_third_place():
    b = build_bracket(list(range(1, 9)), {}, TopConfig(higher_seed_first=True))
    data = bracket_json(b)
    assert data["third_place_match"] is None and data["third_place"] is False
    first = data["rounds"][0]["matches"][0]
    assert first["result"] is None and first["winner"] is None and first["decided_by"] is None
    later = data["rounds"][1]["matches"][0]
    assert later["players"] == [None, None] and later["seeds"] == [None, None]
    byes = bracket_json(build_bracket(list(range(1, 7)), {}, TopConfig(higher_seed_first=True)))
    assert byes["rounds"][0]["matches"][0] == {
        "match": 1, "seeds": [1, None], "players": [1, None], "result": None, "winner": 1, "decided_by": "bye"
    }  # fmt: skip
    assert THIRD_PLACE == "third"
