"""`reports = "agreed"`: the agreed boards of a moment recorded by the server in one short change, made without
the event's lock and only written under it (a judge's key waits for that write alone; docs/players.md, "A
judge's key during a burst"). The burst through the real server: tests/web/test_web_reports.py; its figures:
bench/bench_reports.py."""

from __future__ import annotations

import asyncio
import os
from contextlib import contextmanager

import pytest

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core import store
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import EventFile, journal, load
from arbiter_tournament.core.store.reports import Reports
from arbiter_tournament.tui.web.desk import Desk
from arbiter_tournament.tui.web.recorder import AGREED_BY
from tests.web.test_web_reports import phone_event

RESULTS = (Result.FIRST_WINS, Result.DRAW, Result.SECOND_WINS)


def lock_flag(monkeypatch) -> list[bool]:
    """The store's lock watched: the flag's one item is True while the event's lock is held."""
    held = [False]
    real_locked = store.locked

    @contextmanager
    def locked(*a, **k):
        with real_locked(*a, **k):
            held[0] = True
            try:
                yield
            finally:
                held[0] = False

    monkeypatch.setattr(store, "locked", locked)
    return held


@contextmanager
def watched_lock(monkeypatch):
    """What is done while the event's lock is held: each parse (`loads`) and text made (`dumps`) of the event
    file, as (what, lock held?)."""
    held = lock_flag(monkeypatch)
    seen: list[tuple[str, bool]] = []
    real_loads, real_dumps = store.loads, store.dumps

    def loads(*a, **k):
        seen.append(("loads", held[0]))
        return real_loads(*a, **k)

    def dumps(*a, **k):
        seen.append(("dumps", held[0]))
        return real_dumps(*a, **k)

    monkeypatch.setattr(store, "loads", loads)
    monkeypatch.setattr(store, "dumps", dumps)
    yield seen


def test_agreed_reports_arriving_together_are_one_change_each_board_named_once_and_undone(tmp_path):
    path, codes = phone_event(tmp_path, n=16, reports="agreed")
    games = [g for g in load(path).rounds[-1].games if g.second is not None]
    assert len(games) == 8
    want = {g.board: RESULTS[g.board % 3] for g in games}
    judge_board = games[0].board  # the judge enters another result there before the server records it
    judge_result = Result.DRAW if want[judge_board] is not Result.DRAW else Result.FIRST_WINS
    before = len(journal.read(path))

    async def go():
        desk = Desk(str(path))
        await desk.refresh()
        desk.recording = asyncio.Queue()  # the recorder not started yet: the 8 agreed boards wait together
        said = [await desk.report(pid, want[g.board]) for g in games for pid in g.players]
        cmds.run(EventFile(path), cmds.RecordResult("swiss", None, 1, judge_board, judge_result, by="judge"))
        desk.start_recording()  # its process: tui/web/recorder.py
        for _ in range(1200):
            if desk.recorded:
                break
            await asyncio.sleep(0.05)
        await desk.close()
        return said, desk.recorded

    said, recorded = asyncio.run(go())
    # each first report waits, each second one agrees (the recorder was not running: told "agreed", not recorded)
    assert [status for _, status in said] == ["waiting", "agreed"] * 8
    assert recorded == 7
    e = load(path)
    for g in games:
        got = e.rounds[-1].game(g.board)
        if g.board == judge_board:
            assert (got.result, got.by) == (judge_result, "judge")  # the judge's result, never overwritten
        else:
            assert (got.result, got.by) == (want[g.board], AGREED_BY)
    entries = journal.read(path)
    assert len(entries) == before + 2  # the judge's change, then the server's one change for the 7 boards
    parts = entries[-1].what.removeprefix("at once: ").split("; ")
    assert sorted(parts) == sorted(f"result swiss round 1 board {g.board}: {want[g.board].value}, reported by "
                                   f"{g.first}, {g.second}" for g in games if g.board != judge_board)
    assert len([x for x in Reports(path).read() if x is not None and x.kind == "report"]) == 16
    # undo takes the server's change back whole, the judge's result stays
    EventFile(path).undo()
    e = load(path)
    assert [e.rounds[-1].game(g.board).result for g in games[1:]] == [None] * 7
    assert e.rounds[-1].game(judge_board).by == "judge"


def test_the_recorder_reads_and_writes_nothing_under_the_lock_but_its_journal_line_and_the_rename(tmp_path,
                                                                                              monkeypatch):
    from arbiter_tournament.tui.web.recorder import record

    path, _ = phone_event(tmp_path, n=8)
    g1, g2, g3, g4 = load(path).rounds[-1].games
    cmds.run(EventFile(path), cmds.RecordResult("swiss", None, 1, g4.board, Result.DRAW, by="judge"))
    boards = [("swiss", None, 1, g.board, "1-0", list(g.players)) for g in (g1, g2, g4)]
    with watched_lock(monkeypatch) as seen:
        done, refused = record(EventFile(path), boards)
    assert (done, refused) == ([("swiss", None, 1, g1.board), ("swiss", None, 1, g2.board)],
                               [("swiss", None, 1, g4.board)])
    assert ("dumps", False) in seen and not any(held for _, held in seen), seen
    e = load(path)
    assert [e.rounds[-1].game(g.board).result for g in (g1, g2, g3, g4)] == [Result.FIRST_WINS, Result.FIRST_WINS,
                                                                               None, Result.DRAW]
    assert not list(tmp_path.glob(".*.tmp"))


def test_a_board_whose_players_no_longer_agree_is_left_to_the_judge(tmp_path):
    path, codes = phone_event(tmp_path, n=4, reports="agreed")
    g1, g2 = load(path).rounds[-1].games[:2]

    async def go():
        desk = Desk(str(path))
        await desk.refresh()
        desk.recording = asyncio.Queue()
        await desk.report(g1.first, Result.FIRST_WINS)
        await desk.report(g1.second, Result.FIRST_WINS)  # agreed: waits for the recorder
        await desk.report(g1.second, Result.DRAW)  # ... then a dispute
        await desk.report(g2.first, Result.DRAW)
        await desk.report(g2.second, Result.DRAW)
        desk.start_recording()
        for _ in range(600):
            if desk.recorded:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.1)
        await desk.close()

    asyncio.run(go())
    e = load(path)
    assert e.rounds[-1].game(g1.board).result is None  # the dispute is the judge's
    assert e.rounds[-1].game(g2.board).result is Result.DRAW
    assert journal.read(path)[-1].what == f"result swiss round 1 board {g2.board}: 1/2, reported by {g2.first}, " \
                                          f"{g2.second}"


def test_a_prepared_change_is_made_again_without_the_lock_when_a_judge_came_first(tmp_path, monkeypatch):
    """EventFile.change_prepared: the judge's change lands between the snapshot and the lock: the file is not
    read under the lock (its stamp says it changed), the change is made again from the new file, both kept."""
    path, _ = phone_event(tmp_path, n=4)
    g1, g2 = load(path).rounds[-1].games[:2]
    ef = EventFile(path)
    made = []

    def fn(event):
        made.append(event)
        if len(made) == 1:  # a judge's key meanwhile, from his own process
            cmds.run(EventFile(path), cmds.RecordResult("swiss", None, 1, g1.board, Result.FIRST_WINS, by="judge"))
        return cmds.AcceptReport("swiss", None, 1, g2.board, Result.DRAW, g2.players).apply(event)

    with watched_lock(monkeypatch) as seen:
        ef.change_prepared(fn, "agreed", attempts=3)
    assert len(made) == 2 and made[1].rounds[-1].game(g1.board).result is Result.FIRST_WINS
    # under the lock: only the judge's own change (an ordinary one) read and wrote; ours neither read nor wrote
    assert [x for x in seen if x[1]] == [("dumps", True)], seen
    e = load(path)
    assert (e.rounds[-1].game(g1.board).result, e.rounds[-1].game(g2.board).result) == (Result.FIRST_WINS,
                                                                                          Result.DRAW)
    assert [x.what for x in journal.read(path)][-2:] == [f"result swiss round 1 board {g1.board}: 1-0", "agreed"]
    assert not list(tmp_path.glob(".*.tmp"))  # the text made for the first try, written before the lock, removed


def test_a_prepared_text_another_judge_s_transaction_tidied_away_is_written_again(tmp_path, monkeypatch):
    """The new file's text is written before the lock; another judge's transaction in between removes the
    temporary files it finds (a crash's leftovers, `files.tidy`): the change writes it again under the lock."""
    from arbiter_tournament.core.store import files

    path, _ = phone_event(tmp_path, n=4)
    g = load(path).rounds[-1].games[0]
    real = files.write_temp
    written = []

    def write_temp(*a, **k):
        tmp = real(*a, **k)
        written.append(tmp)
        if len(written) == 1:
            EventFile(path).settle()  # another judge's transaction: its tidy takes the file away
            assert not tmp.exists()
        return tmp

    monkeypatch.setattr(files, "write_temp", write_temp)
    EventFile(path).change_prepared(cmds.AcceptReport("swiss", None, 1, g.board, Result.DRAW, g.players).apply,
                                    "agreed")
    assert len(written) == 2
    assert load(path).rounds[-1].game(g.board).result is Result.DRAW
    assert journal.read(path)[-1].what == "agreed" and not journal.read(path)[-1].pending
    assert not list(tmp_path.glob(".*.tmp"))


def test_while_a_judge_s_keys_come_faster_than_a_change_is_made_the_last_try_is_made_under_the_lock(tmp_path):
    """Each try without the lock finds the file changed by a judge (here: before each lock is taken); the boards
    are written all the same, by the last try of a turn made under the lock, and the judge's changes kept."""
    from arbiter_tournament.core.store import files
    from arbiter_tournament.tui.web.recorder import ATTEMPTS, record

    path, _ = phone_event(tmp_path, n=4)
    g1, g2 = load(path).rounds[-1].games
    judge = EventFile(path)
    keys = []

    class Busy(EventFile):
        def transaction(self, doing="", **kw):  # a judge's key just before each lock this file takes
            keys.append(1)
            cmds.run(judge, cmds.RecordResult("swiss", None, 1, g2.board, RESULTS[len(keys) % 3], by="judge",
                                              force=True))
            return super().transaction(doing, **kw)

    ef = Busy(path)
    boards = [("swiss", None, 1, g1.board, "0-1", list(g1.players))]
    assert record(ef, boards) == ([], [])  # every try found the file changed: nothing written, nothing refused
    assert len(keys) == ATTEMPTS and load(path).rounds[-1].game(g1.board).result is None
    assert record(ef, boards, last_under_lock=True) == ([("swiss", None, 1, g1.board)], [])
    e = load(path)
    assert e.rounds[-1].game(g1.board).result is Result.SECOND_WINS
    assert e.rounds[-1].game(g2.board).result is RESULTS[len(keys) % 3]  # the judge's last key, kept
    assert not list(tmp_path.glob(".*.tmp")) and files.tidy(path) == 0


def test_the_text_written_before_the_lock_is_the_one_renamed_over_the_event(tmp_path, monkeypatch):
    """One temporary file for one change made without the lock: written before the lock, renamed under it (none
    written under the lock, none left beside the event)."""
    from arbiter_tournament.core.store import files

    path, _ = phone_event(tmp_path, n=4)
    g = load(path).rounds[-1].games[0]
    held, temps = lock_flag(monkeypatch), []
    real_write = files.write_temp

    def write_temp(*a, **k):
        tmp = real_write(*a, **k)
        temps.append((tmp, held[0]))
        return tmp

    monkeypatch.setattr(files, "write_temp", write_temp)

    def fn(event):
        return cmds.AcceptReport("swiss", None, 1, g.board, Result.DRAW, g.players).apply(event)

    EventFile(path).change_prepared(fn, "agreed")
    assert len(temps) == 1 and temps[0][1] is False  # written once, before the lock (not tidied away by its own
    assert not temps[0][0].exists()  # transaction), and renamed over the event
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert load(path).rounds[-1].game(g.board).result is Result.DRAW


def test_the_real_server_records_agreed_boards_by_its_recorder_which_ends_with_it(tmp_path):
    """`display --serve --reports` as a process, `reports = "agreed"`: two agreeing reports answered, the board in
    the file, by the recorder's process (a child of the server's); SIGTERM to the server's group ends both,
    the recorder after the change it was writing, none left behind."""
    import time

    from tests.web.test_web_cli import children, free_port, start_server, stop_server
    from tests.web.test_web_reports import api

    path, codes = phone_event(tmp_path, n=4, reports="agreed")
    g = load(path).rounds[-1].games[0]
    port = free_port()
    proc = start_server(path, port, "--reports")
    try:
        assert api(port, {"code": codes[g.first], "result": "1/2"})[1]["status"] == "waiting"
        assert api(port, {"code": codes[g.second], "result": "1/2"})[1]["status"] in ("agreed", "recorded")
        deadline = time.monotonic() + 60
        while load(path).rounds[-1].game(g.board).result is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert load(path).rounds[-1].game(g.board).result is Result.DRAW
        kids = [k for k in children(proc.pid)
                if b"arbiter_tournament.tui.web.recorder" in open(f"/proc/{k}/cmdline", "rb").read()]
        assert len(kids) == 1
    finally:
        assert stop_server(proc) == 0
    deadline = time.monotonic() + 15
    while any(os.path.exists(f"/proc/{k}") for k in kids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(os.path.exists(f"/proc/{k}") for k in kids)
    assert journal.read(path)[-1].what == f"result swiss round 1 board {g.board}: 1/2, reported by {g.first}, " \
                                          f"{g.second}"


def test_a_change_given_up_while_it_waits_for_the_lock_leaves_no_text_behind(tmp_path):
    """The text written before the lock is taken away when the change gives up (the lock held too long,
    Ctrl-C): nothing of it beside the event, the event and its journal as they were."""
    from arbiter_tournament.core.store import LockBusy
    from arbiter_tournament.core.store.files import locked

    path, _ = phone_event(tmp_path, n=4)
    g = load(path).rounds[-1].games[0]
    before, lines = path.read_bytes(), len(journal.read(path))
    with locked(path, doing="a judge's long change"):
        with pytest.raises(LockBusy):
            EventFile(path, lock_timeout=0.2).change_prepared(
                cmds.AcceptReport("swiss", None, 1, g.board, Result.DRAW, g.players).apply, "agreed")
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert path.read_bytes() == before and len(journal.read(path)) == lines
