"""Several changes in one call (issue 27.2): `arbiter result FILE BOARD RESULT [BOARD RESULT ...]`,
`players bye FILE ID[,ID...] ROUND KIND`, `players withdraw FILE ID[,ID...]`, and their `-` form reading
such lines from standard input. All saved or none, one journal line for the batch (undo takes it back
whole); the single forms keep their output and journal line."""

from __future__ import annotations

import io
import json

import pytest

from arbiter_tournament.core.store import EventFile, load
from tests.cli_run import ok, refused, run_process


@pytest.fixture
def ev(tmp_path):
    """A Swiss event of 12 players with round 1 paired (6 boards)."""
    path = tmp_path / "e.toml"
    ok("new", path, "--name", "Open", "--rounds", "5")
    for i in range(1, 13):
        ok("players", "add", path, f"P{i}", "--rating", 2000 - 10 * i)
    ok("pair", path)
    return path


def results(path) -> dict[int, str | None]:
    data = json.loads(ok("round", path, "--format", "json"))
    return {b["board"]: b["result"] for b in data["boards"]}


def journal(path) -> list[str]:
    return [str(x.what) for x in EventFile(path).history()]


@pytest.fixture
def stdin(monkeypatch):
    def give(text: str) -> None:
        monkeypatch.setattr("sys.stdin", io.StringIO(text))
    return give


def test_a_batch_of_three_results_is_saved_whole_in_one_journal_line(ev):
    before = len(journal(ev))
    out = ok("result", ev, 1, "1-0", 2, "=", 3, "-+")
    pairs = {b["board"]: (b["first"], b["second"]) for b in json.loads(ok("round", ev, "--format", "json"))["boards"]}
    assert out.splitlines() == [f"round 1 board {b}: P{pairs[b][0]} - P{pairs[b][1]} {r}"
                                for b, r in ((1, "1-0"), (2, "1/2"), (3, "-+"))]
    assert results(ev) == {1: "1-0", 2: "1/2", 3: "-+", 4: None, 5: None, 6: None}
    assert journal(ev)[before:] == [
        "at once: result swiss round 1 board 1: 1-0; result swiss round 1 board 2: 1/2; "
        "result swiss round 1 board 3: -+"]
    assert EventFile(ev).history()[-1].what.text("ru").startswith("одним изменением: ")
    ok("undo", ev)  # the batch back whole
    assert results(ev) == dict.fromkeys(range(1, 7))


def test_the_single_form_keeps_its_output_and_its_journal_line(ev):
    first, second = next((b["first"], b["second"]) for b in json.loads(ok("round", ev, "--format", "json"))["boards"]
                         if b["board"] == 4)
    assert ok("result", ev, 4, "0-1") == f"round 1 board 4: P{first} - P{second} 0-1\n"
    assert journal(ev)[-1] == "result swiss round 1 board 4: 0-1"


@pytest.mark.parametrize("args,why", [
    ((1, "1-0", 2, "=", 1, "0-1"), "result: board 1 is given twice"),
    ((1, "1-0", 2), "result: board 2 has no result"),
    ((1, "1-0", 2, "2-0"), "'2-0' is not a result"),
    ((1, "1-0", "x", "="), "result: board 'x' is not a number"),
    ((1, "1-0", 7, "="), "round 1 has no board 7"),
    ((1, "1-0", 2, "=", "--moves", 40), "result: --moves is for one result at a time"),
])
def test_a_batch_with_one_mistake_saves_nothing(ev, args, why):
    before = ev.read_bytes(), journal(ev)
    assert why in refused("result", ev, *args)
    assert (ev.read_bytes(), journal(ev)) == before


def test_a_batch_over_a_result_already_there_is_refused_whole_unless_forced(ev):
    ok("result", ev, 2, "1-0", user="boris")
    before = ev.read_bytes()
    err = refused("result", ev, 1, "1-0", 2, "0-1")
    assert "board 2 of round 1 already has 1-0 by boris" in err and ev.read_bytes() == before
    ok("result", ev, 1, "1-0", 2, "0-1", "--force")
    assert (results(ev)[1], results(ev)[2]) == ("1-0", "0-1")


@pytest.mark.parametrize("args,want", [
    ((1, "--", 2, "-+"), {1: "--", 2: "-+"}),                 # `--` a result: the next board follows
    ((1, "-+", 2, "--"), {1: "-+", 2: "--"}),                 # `--` last: a result
    ((1, "--", 2, "--", "--force"), {1: "--", 2: "--"}),      # `--` then an option
    (("--", 1, "-+", 2, "--"), {1: "-+", 2: "--"}),           # end of options first
    ((1, "+-", "--round", 1, 2, "--"), {1: "+-", 2: "--"}),   # an option between the pairs
])
def test_dash_results_in_a_batch(ev, args, want):
    ok("result", ev, *args)
    got = results(ev)
    assert {b: got[b] for b in want} == want


def test_results_read_from_standard_input(ev, stdin):
    stdin("1 1-0\n# board 2 later\n\n3 =   4 0-1\n5 --\n")
    out = ok("result", ev, "-")
    assert [line.split(":")[0] for line in out.splitlines()] == [f"round 1 board {b}" for b in (1, 3, 4, 5)]
    assert results(ev) == {1: "1-0", 2: None, 3: "1/2", 4: "0-1", 5: "--", 6: None}
    assert journal(ev)[-1].startswith("at once: result swiss round 1 board 1: 1-0; ")


@pytest.mark.parametrize("text,why", [
    ("1 1-0\n2 x\n", "result: line 2: 'x' is not a result"),
    ("1 1-0\n\nabc =\n", "result: line 3: board 'abc' is not a number"),
    ("1 1-0\n2\n", "result: line 2: board 2 has no result"),
    ("1 1-0\n1 =\n", "result: board 1 is given twice"),
    ("1 1-0\n0 =\n", "result: line 2: board 0 is too small: at least 1"),
    ("# nothing\n\n", "result: no BOARD RESULT line on standard input: nothing saved"),
])
def test_a_mistake_on_standard_input_names_its_line_and_saves_nothing(ev, stdin, text, why):
    before = ev.read_bytes()
    stdin(text)
    assert why in refused("result", ev, "-")
    assert ev.read_bytes() == before


def test_dash_takes_nothing_after_it(ev, stdin):
    stdin("1 1-0\n")
    assert "'-' reads every BOARD RESULT from standard input" in refused("result", ev, "-", "2", "=")


def test_a_real_process_reads_a_column_of_slips_piped_in(ev):
    p = run_process("result", ev, "-", input="1 1-0\n2 0-1\n")
    assert (p.returncode, p.stderr) == (0, "") and len(p.stdout.splitlines()) == 2
    p = run_process("result", ev, "-", input=b"3 1-0\n\xff\n", text=False)
    assert p.returncode == 2 and p.stderr == b"arbiter: error: result: standard input is not UTF-8 text\n"
    assert results(ev) == {1: "1-0", 2: "0-1", 3: None, 4: None, 5: None, 6: None}


# -- requested byes and withdrawals -------------------------------------------------------------------------


def test_byes_for_several_players_at_once(ev):
    out = ok("players", "bye", ev, "4,9,12", 2, "half")
    assert out.splitlines() == ["P4 (4): half bye in round 2", "P9 (9): half bye in round 2",
                                "P12 (12): half bye in round 2"]
    assert [p.byes for p in load(ev).players if p.id in (4, 9, 12)] == [((2, "half"),)] * 3
    assert journal(ev)[-1] == ("at once: half bye for player 4 in round 2; half bye for player 9 in round 2; "
                               "half bye for player 12 in round 2")
    assert ok("players", "bye", ev, 5, 3, "zero") == "P5 (5): zero bye in round 3\n"  # the single form
    assert journal(ev)[-1] == "zero bye for player 5 in round 3"


def test_byes_from_standard_input_each_line_its_round_and_kind(ev, stdin):
    stdin("4,9 2 half\n# late\n10 3 zero\n")
    ok("players", "bye", ev, "-")
    assert {p.id: p.byes for p in load(ev).players if p.byes} == {4: ((2, "half"),), 9: ((2, "half"),),
                                                                 10: ((3, "zero"),)}


@pytest.mark.parametrize("args,text,why", [
    (("4,4", 2, "half"), "", "players bye: player 4 in round 2 is given twice"),
    (("4,x", 2, "half"), "", "invalid int value: '4,x'"),
    ((4, 2), "", "the following arguments are required: half|zero|full|none"),
    ((4, 1, "half"), "", "is paired in round 1"),  # core's refusal: nothing saved for 4 either
    (("-",), "4 2 half\n9 2 fool\n", "players bye: line 2: kind 'fool' is not one of half, zero, full, none"),
    (("-",), "4 2\n", "players bye: line 1: expected ID[,ID...] ROUND KIND, got '4 2'"),
    (("-",), "4,9 2 half\n9 2 zero\n", "players bye: player 9 in round 2 is given twice"),
    (("-", 2), "4 2 half\n", "'-' reads every ID[,ID...] ROUND KIND from standard input"),
])
def test_a_bye_batch_with_a_mistake_saves_nothing(ev, stdin, args, text, why):
    before = ev.read_bytes()
    stdin(text)
    assert why in refused("players", "bye", ev, *args)
    assert ev.read_bytes() == before


def test_withdrawals_at_once_and_from_standard_input(ev, stdin):
    out = ok("players", "withdraw", ev, "3,8")
    assert out.splitlines() == ["P3 (3) withdrawn from round 2", "P8 (8) withdrawn from round 2"]
    assert journal(ev)[-1] == "at once: withdraw player 3; withdraw player 8"
    stdin("5\n6,7\n")
    ok("players", "withdraw", ev, "-", "--from-round", 3)
    assert {p.id: p.withdrawn_from for p in load(ev).players if p.withdrawn_from} == {3: 2, 8: 2, 5: 3, 6: 3, 7: 3}
    before = ev.read_bytes()
    assert "has already withdrawn" in refused("players", "withdraw", ev, "9,3")  # 9 not withdrawn either
    stdin("10 11\n")
    assert "players withdraw: line 1: expected ID[,ID...], got '10 11'" in refused("players", "withdraw", ev, "-")
    assert ev.read_bytes() == before
    assert ok("players", "withdraw", ev, 9) == "P9 (9) withdrawn from round 2\n"  # the single form
    assert journal(ev)[-1] == "withdraw player 9"
