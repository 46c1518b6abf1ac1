"""Players' codes and reports (issue 35): the codes, the rules of a report, the reports journal, the commands."""

from __future__ import annotations

import json
import math
import os
import random
import threading
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core.errors import IllegalChange, InvalidResult
from arbiter_tournament.core.event import codes
from arbiter_tournament.core.event import reports as R
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.store import EventFile, create, journal, load
from arbiter_tournament.core.store.reports import GroupWriter, Reports, reports_path
from tests.helpers import event_with_players, set_result


def _event(n=8, **kw):
    e = pairing.pair_next(event_with_players(n, rounds=3))
    return replace(e, **kw) if kw else e


def _report(pid, e, result, n):
    mine = R.my_game(e, pid)
    return R.entry_of(R.report_doc(pid, mine, result, "2026-12-06T10:00:00+00:00"), n)


# -- codes ---------------------------------------------------------------------------------------

def test_a_code_has_at_least_40_bits_and_no_look_alikes():
    assert len(codes.ALPHABET) == len(set(codes.ALPHABET)) == 28
    assert math.log2(len(codes.ALPHABET)) * codes.LENGTH >= 48 >= 40
    for pair in ("0O", "1IL", "2Z", "5S", "8B"):
        assert sum(c in codes.ALPHABET for c in pair) <= 1, pair
    c = codes.new_code()
    assert codes.is_code(c) and len(c) == 10
    assert codes.shown(c) == c[:5] + "-" + c[5:]


@given(st.text(alphabet=codes.ALPHABET, min_size=10, max_size=10))
def test_a_code_typed_any_way_reads_back(code):
    assert codes.normal(codes.shown(code).lower()) == code
    assert codes.normal(" " + code[:3] + " " + code[3:] + " ") == code


def test_look_alikes_typed_read_as_the_digit_and_anything_else_is_no_code():
    assert codes.normal("K7TQZ-MXHSB") == "K7TQ2MXH58"
    for bad in ("", "K7TQ2MXH9", "K7TQ2MXH9RR", "K7TQ0MXH9R", "K7TQ1MXH9R", "K7TQ2MXH9Я", "x" * 1000, None, 7):
        assert codes.normal(bad) is None


def test_fresh_codes_are_distinct_from_each_other_and_the_taken():
    rng = random.Random(1)
    drawn = iter("2323232323" "3232323232" "3232323232" "2222222222")  # a taken code, then one drawn twice
    got = codes.fresh_codes([1, 2], ["2323232323"], choose=lambda alphabet: next(drawn))
    assert got == ((1, "3232323232"), (2, "2222222222"))
    many = codes.fresh_codes(range(1, 2001), [], choose=rng.choice)
    assert len({c for _, c in many}) == 2000


def test_give_codes_keeps_a_code_unless_reissued_and_refuses_a_taken_one():
    e = _event()
    e = cmds.GiveCodes(((1, "K7TQ2MXH9R"), (2, "K7TQ2MXH9A"))).apply(e)
    assert (e.player(1).code, e.player(2).code, e.player(3).code) == ("K7TQ2MXH9R", "K7TQ2MXH9A", "")
    assert cmds.GiveCodes(((1, "AAAAAAAAAA"),)).apply(e).player(1).code == "K7TQ2MXH9R"
    assert cmds.GiveCodes(((1, "AAAAAAAAAA"),), reissue=True).apply(e).player(1).code == "AAAAAAAAAA"
    with pytest.raises(IllegalChange, match="has the code of player 2"):
        cmds.GiveCodes(((1, "K7TQ2MXH9A"),), reissue=True).apply(e)
    with pytest.raises(IllegalChange, match="no player with id 99"):
        cmds.GiveCodes(((99, "AAAAAAAAAA"),)).apply(e)


# -- the rules -------------------------------------------------------------------------------------

def test_my_game_is_the_current_round_and_a_report_is_a_played_result():
    e = _event(7)  # 7 players: one has the pairing-allocated bye
    rnd = e.rounds[-1]
    g = rnd.games[0]
    mine = R.my_game(e, g.second)
    assert (mine.round, mine.board, mine.side, mine.opponent.id) == (1, g.board, 1, g.first)
    bye = next(x for x in rnd.games if x.second is None)
    assert R.report_refusal(e, bye.first)[1] == "you have no game in the current round"
    assert R.parse_result("1-0") is Result.FIRST_WINS and R.parse_result("½-½") is Result.DRAW
    for bad in ("+-", "--", "=t", "1-0a", "bye", "2-0", "", 5):
        with pytest.raises(InvalidResult):
            R.parse_result(bad)


def test_two_agreeing_reports_agree_two_different_are_a_dispute_a_recorded_board_is_recorded():
    e = _event()
    g1, g2, g3 = e.rounds[-1].games[:3]
    entries = [_report(g1.first, e, Result.FIRST_WINS, 1), _report(g1.second, e, Result.FIRST_WINS, 2),
               _report(g2.first, e, Result.FIRST_WINS, 3), _report(g2.second, e, Result.SECOND_WINS, 4),
               _report(g3.first, e, Result.DRAW, 5)]
    q = R.queue(e, entries)
    by_board = {b.board: b for b in q.boards}
    assert by_board[g1.board].status == "agreed" and by_board[g1.board].result is Result.FIRST_WINS
    assert by_board[g1.board].by == (g1.first, g1.second)
    assert by_board[g2.board].status == "dispute" and by_board[g2.board].result is None
    assert by_board[g3.board].status == "waiting" and by_board[g3.board].by == (g3.first,)
    assert q.waiting == 3 and [b.board for b in q.agreed] == [g1.board]
    # a player changes his report: his latest counts
    q = R.queue(e, entries + [_report(g2.second, e, Result.FIRST_WINS, 6)])
    assert {b.board: b.status for b in q.boards}[g2.board] == "agreed"
    # the judge enters a result: the board is recorded, a report no longer moves it
    e2 = set_result(e, 1, g2.board, "1/2")
    q = R.queue(e2, entries)
    assert {b.board: (b.status, b.result) for b in q.boards}[g2.board] == ("recorded", Result.DRAW)
    assert R.report_refusal(e2, g2.first)[1] == "the judge has recorded this game's result: 1/2"
    assert R.queue(e2, entries).waiting == 2


def test_a_report_of_a_board_whose_players_changed_is_left_out_and_bad_lines_are_none():
    e = _event()
    g = e.rounds[-1].games[0]
    stale = R.Entry(1, "report", "", 999, "swiss", None, 1, g.board, Result.FIRST_WINS)
    assert R.queue(e, [stale]).boards == ()
    for doc in ({}, {"kind": "report"}, {"kind": "report", "pid": 1, "round": 1, "board": 1, "stage": "swiss",
                                           "result": "+-"}, {"kind": "drop tables"}, [1], "x",
                {"kind": "bye", "pid": 1, "round": 2, "bye": "lots"}, {"kind": "seen"}):
        assert R.entry_of(doc, 1) is None, doc


def test_requests_a_bye_within_the_regulations_a_withdrawal_and_wrong_codes():
    e = _event()
    assert R.request_refusal(e, 1, "bye") == "the regulations of this event allow no bye asked for"
    e = replace(e, player_byes=1, player_bye_kind="half")
    assert R.request_refusal(e, 1, "bye") is None
    asked = R.entry_of({"kind": "bye", "pid": 1, "round": 2, "bye": "half"}, 1)
    q = R.queue(e, [asked])
    assert [(r.kind, r.pid, r.round, r.status) for r in q.requests] == [("bye", 1, 2, "waiting")]
    e2 = cmds.AcceptBye(1, 2, "half").apply(e)
    assert R.queue(e2, [asked]).requests[0].status == "done"
    assert R.request_refusal(e2, 1, "bye") == "you already have a bye in round 2"
    wrong = [R.entry_of({"kind": "wrong", "addr": "10.0.0.7", "at": "t1"}, 2),
             R.entry_of({"kind": "wrong", "addr": "10.0.0.7", "at": "t2"}, 3),
             R.entry_of({"kind": "limited", "addr": "10.0.0.7"}, 4)]
    q = R.queue(e, wrong)
    assert [(w.addr, w.count, w.last, w.limited, w.seen) for w in q.wrong] == [("10.0.0.7", 2, "t2", True, False)]
    q = R.queue(e, wrong + [R.entry_of({"kind": "seen", "ref": 3}, 5)])
    assert q.wrong[0].seen and q.waiting == 0
    w = R.entry_of({"kind": "withdraw", "pid": 4, "round": 2}, 6)
    assert R.queue(cmds.AcceptWithdrawal(4).apply(e), [w]).requests[0].status == "done"


def test_accepting_never_overwrites_a_result_and_names_the_reporters():
    e = _event()
    g = e.rounds[-1].games[0]
    cmd = cmds.AcceptReport("swiss", None, 1, g.board, Result.SECOND_WINS, (g.first, g.second), by="anna@hall")
    e2 = cmd.apply(e)
    assert e2.rounds[-1].game(g.board).result is Result.SECOND_WINS
    assert e2.rounds[-1].game(g.board).by == "anna@hall"
    assert "reported by" in str(cmd.describe(e))
    with pytest.raises(IllegalChange, match="a report does not replace it"):
        cmd.apply(set_result(e, 1, g.board, "1-0"))
    with pytest.raises(IllegalChange):
        cmds.AcceptReport("swiss", None, 1, g.board, Result.DRAW, (e.rounds[-1].games[1].first,)).apply(e)


# -- the journal -----------------------------------------------------------------------------------

def test_the_journal_keeps_every_line_reads_incrementally_and_survives_a_torn_line(tmp_path):
    path = tmp_path / "e.toml"
    create(str(path), _event())
    book = Reports(path)
    assert book.read() == [] and reports_path(path).name == "e.toml.reports"
    book.append([{"kind": "checkin", "pid": 1, "round": 2}])
    assert [x.kind for x in book.read()] == ["checkin"]
    with open(book.path, "ab") as f:  # a crash mid-write: a torn line
        f.write(b'{"kind":"checkin","pi')
    assert len(book.read()) == 1  # the torn part is not a line yet
    book.append([{"kind": "withdraw", "pid": 2, "round": 2}])
    got = Reports(path).read()
    assert [x and (x.n, x.kind) for x in got] == [(1, "checkin"), None, (3, "withdraw")]
    assert [x and x.n for x in book.read()] == [1, None, 3]


def test_many_threads_through_the_group_writer_lose_nothing(tmp_path):
    path = tmp_path / "e.toml"
    create(str(path), _event())
    book = Reports(path)
    writer = GroupWriter(book)
    futures = []

    def phone(k):
        for i in range(50):
            futures.append(writer.submit({"kind": "checkin", "pid": k * 100 + i + 1, "round": 2}))

    threads = [threading.Thread(target=phone, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for f in futures:
        f.result(timeout=30)
    writer.close()
    lines = book.path.read_text().splitlines()
    assert len(lines) == 400 and len({json.loads(x)["pid"] for x in lines}) == 400
    assert writer.batches <= 400
    assert os.stat(book.path).st_size == sum(len(x) + 1 for x in lines)


def test_accept_is_journalled_and_undone_like_any_change(tmp_path):
    path = tmp_path / "e.toml"
    e = _event()
    create(str(path), e)
    g = e.rounds[-1].games[0]
    ef = EventFile(str(path))
    cmds.run(ef, cmds.AcceptReport("swiss", None, 1, g.board, Result.DRAW, (g.first, g.second), by="j"))
    assert load(str(path)).rounds[-1].game(g.board).result is Result.DRAW
    last = journal.read(path)[-1]
    assert last.what == f"result swiss round 1 board {g.board}: 1/2, reported by {g.first}, {g.second}"
    ef.undo()
    assert load(str(path)).rounds[-1].game(g.board).result is None


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 7), st.sampled_from(["1-0", "0-1", "1/2"])), max_size=40))
def test_each_board_is_what_its_players_latest_reports_say(reports):
    """Any sequence of reports: a board is waiting with one reporter, agreed when both latest claims are equal,
    a dispute when they differ; the waiting count is the boards reported (a model of the rules, by hand)."""
    e = _event()
    games = e.rounds[-1].games
    players = [pid for g in games for pid in g.players]
    entries = [_report(players[k], e, Result.parse(r), n) for n, (k, r) in enumerate(reports, start=1)]
    latest = {}
    for k, r in reports:
        latest[players[k]] = r
    q = R.queue(e, entries)
    for g in games:
        said = [latest[p] for p in g.players if p in latest]
        b = next((b for b in q.boards if b.board == g.board), None)
        if not said:
            assert b is None
            continue
        want = "waiting" if len(said) == 1 else "agreed" if said[0] == said[1] else "dispute"
        assert b.status == want and b.by == tuple(p for p in g.players if p in latest)
        assert (b.result.value if b.result else None) == (said[0] if want != "dispute" else None)
    assert q.waiting == len(q.boards)
