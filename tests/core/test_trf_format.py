"""TRF reading and writing (spec/trf.md)."""

from __future__ import annotations

import glob
import os
from fractions import Fraction

import pytest

from arbiter_tournament.core.errors import FileProblem
from arbiter_tournament.core.formats.trf import parse_trf, write_trf
from arbiter_tournament.core.event.records import Outcome, RoundRecord
from arbiter_tournament.core.formats.trfpair import trf_pair
from tests.conftest import CORPUS


HEAD = "012 test event\n"
P1 = "001    1      Player0001                        2380                             2.0    1     2 w 1     3 b +\n"
P2 = "001    2      Player0002                        2360                             0.5    2     1 b 0  0000 - H\n"
P3 = "001    3      Player0003                        2340                             1.0    3  0000 - U     1 w -\n"
TAIL = "XXR 5\nXXC white1\n"


def test_player_records_and_fields():
    t = parse_trf(HEAD + P1 + P2 + P3 + TAIL)
    assert t.name == "test event" and t.total_rounds == 5 and t.initial_colour == "w"
    p1, p2, p3 = t.players
    assert (p1.id, p1.name, p1.rating, p1.points) == (1, "Player0001", 2380, Fraction(2))
    assert p1.records == [RoundRecord(Outcome.WIN, 2, "w"), RoundRecord(Outcome.FORFEIT_WIN, 3, "b")]
    assert p2.records[1] == RoundRecord(Outcome.HALF_BYE)
    assert p3.records == [RoundRecord(Outcome.PAB), RoundRecord(Outcome.FORFEIT_LOSS, 1, "w")]


def test_write_keeps_the_exact_columns():
    text = HEAD + P1 + P2 + P3 + TAIL
    out = write_trf(parse_trf(text))
    lines = out.splitlines()
    assert [ln for ln in lines if ln.startswith("001")] == [P1.rstrip(), P2.rstrip(), P3.rstrip()]
    assert lines[:3] == ["012 test event", "062 3", "072 3"]  # the counts of the report's header
    assert "XXR 5" in lines and "XXC white1" in lines
    assert parse_trf(out) == parse_trf(text)


def test_blank_block_before_a_later_entry_is_absent():
    line = P1[:89].replace(" 2.0 ", " 1.0 ") + " " * 12 + "0000 - U\n"
    t = parse_trf(HEAD + line + TAIL)
    assert t.players[0].records == [RoundRecord(Outcome.ABSENT), RoundRecord(Outcome.PAB)]


def test_point_system_and_other_records():
    # with win 3, draw 1: player 1 has 3 + 3, player 2 a half-point bye worth a draw, player 3 a PAB worth a win
    text = (HEAD + P1.replace(" 2.0 ", " 6.0 ") + P2.replace(" 0.5 ", " 1.0 ") + P3.replace(" 1.0 ", " 3.0 ") + TAIL
            + "162  W 3.0    D 1.0\n192 FIDE_DUTCH_2025_BAKU\n"
            "240 H   3    2    3\n260   1   9    1    2\nXXP 2 3\nXXA    1  1.0  0.5\n")
    t = parse_trf(text)
    assert t.scoring.win == 3 and t.scoring.draw == 1 and t.baku
    assert t.absences == {3: {2, 3}}
    assert t.forbidden_pairs(3) == {frozenset((1, 2)), frozenset((2, 3))}
    assert t.forbidden_pairs(10) == {frozenset((2, 3))}
    assert t.acceleration == {1: {1: Fraction(1), 2: Fraction(1, 2)}}
    again = parse_trf(write_trf(t))
    assert (again.scoring, again.absences, again.acceleration) == (t.scoring, t.absences, t.acceleration)
    assert again.forbidden_pairs(3) == t.forbidden_pairs(3)


@pytest.mark.parametrize("text,where,fragment", [
    (HEAD + P1.replace("     2 w 1", "     2 x 1") + P2 + P3 + TAIL, 2, "colour"),
    (HEAD + P1.replace("     2 w 1", "     2 w Q") + P2 + P3 + TAIL, 2, "result"),
    (HEAD + P1.replace("     2 w 1", "     9 w 1") + P2 + P3 + TAIL, 2, "not a player"),
    (HEAD + P1 + P2.replace("     1 b 0", "     1 w 0") + P3 + TAIL, 2, "disagree"),
    (HEAD + P1 + P2.replace("     1 b 0", "     3 b 0") + P3 + TAIL, 2, "does not agree"),
    (HEAD + P1 + P1 + TAIL, 3, "twice"),
    (HEAD + P1 + P2 + P3 + "XXR five\n", 5, "rounds"),
    (HEAD + P1 + P2 + P3 + "152 G\n", 5, "152"),
    (HEAD + P1 + P2 + P3 + "162  X 1.0\n", 5, "162"),
    (HEAD + P1 + P2 + P3 + "192 FIDE_DUTCH_2025 \n", 5, "192"),
    (HEAD + P1.replace("  2.0", "  x.y") + P2 + P3 + TAIL, 2, "points"),
])
def test_bad_input_is_a_file_problem(text, where, fragment):
    with pytest.raises(FileProblem) as err:
        parse_trf(text, "event.trf")
    assert err.value.where == where
    assert fragment in err.value.what
    assert str(err.value).startswith(f"event.trf:{where}: ")


def test_gaps_in_pairing_numbers_and_no_players():
    with pytest.raises(FileProblem, match="without gaps"):
        parse_trf(HEAD + P1 + P3.replace("  1 w -", "       ") + TAIL)
    with pytest.raises(FileProblem, match="no player"):
        parse_trf("012 nothing\n")


def test_round_one_needs_an_initial_colour():
    text = HEAD + "".join(
        f"001 {i:4d}      Player{i:04d}                        {2400 - i:4d}                             0.0 {i:4d}\n"
        for i in range(1, 5)) + "XXR 3\n"
    with pytest.raises(FileProblem, match="initial colour"):
        trf_pair(text)
    assert trf_pair(text + "XXC black1\n") == "2\n3 1\n2 4\n"


@pytest.mark.skipif(not glob.glob(os.path.join(CORPUS, "*.trf")), reason="corpus not available")
def test_corpus_files_round_trip():
    for path in sorted(glob.glob(os.path.join(CORPUS, "*.trf"))):
        with open(path, encoding="utf-8") as fh:
            src = fh.read()
        t = parse_trf(src, path)
        out = write_trf(t)
        assert [ln.rstrip() for ln in src.splitlines() if ln.startswith("001")] == \
            [ln for ln in out.splitlines() if ln.startswith("001")]
        assert parse_trf(out) == t
