"""Durable changes: transactions, backups, journal, undo/redo, refusals that change nothing."""

from __future__ import annotations

import errno
import os
import stat

import pytest

from core import commands
from core.errors import Conflict, FileProblem, IllegalChange
from core.results import Result
from core.store import EventFile, create, dumps, load
from core.store.files import backup_path, journal_path
from tests.helpers import event_with_players, with_round


@pytest.fixture
def ev_path(tmp_path):
    e = event_with_players(6)
    e = with_round(e, 1, [(1, 4), (5, 2), (3, 6)])
    path = tmp_path / "ev.toml"
    create(path, e)
    return path


def enter(path, board, text, **kw):
    return EventFile(path).change(
        lambda e: commands.record_result(e, "swiss", None, 1, board, Result.parse(text), by="judge", **kw),
        f"result board {board}: {text}",
    )


def test_a_change_is_on_disk_and_journalled(ev_path):
    enter(ev_path, 1, "1-0")
    assert load(ev_path).find_round("swiss", None, 1).game(1).result is Result.FIRST_WINS
    entries = EventFile(ev_path).history()
    assert entries[-1].what == "result board 1: 1-0"
    assert entries[-1].user  # $USER or the login name
    assert backup_path(ev_path, 1).exists()


def test_undo_and_redo_work_across_restarts(ev_path):
    enter(ev_path, 1, "1-0")
    enter(ev_path, 2, "=")
    assert EventFile(ev_path).undo() == "result board 2: ="  # a new process: nothing held in memory
    r = load(ev_path).find_round("swiss", None, 1)
    assert r.game(2).result is None and r.game(1).result is Result.FIRST_WINS
    assert EventFile(ev_path).undo() == "result board 1: 1-0"
    assert load(ev_path).find_round("swiss", None, 1).game(1).result is None
    with pytest.raises(IllegalChange, match="nothing to undo"):
        EventFile(ev_path).undo()
    assert EventFile(ev_path).redo() == "result board 1: 1-0"
    assert load(ev_path).find_round("swiss", None, 1).game(1).result is Result.FIRST_WINS
    enter(ev_path, 3, "0-1")  # a new change clears the redo stack
    with pytest.raises(IllegalChange, match="nothing to redo"):
        EventFile(ev_path).redo()


def test_undo_refuses_when_the_game_was_changed_since(ev_path):
    enter(ev_path, 1, "1-0")
    # a judge fixes the file by hand in an editor: the journal did not see it
    ev_path.write_text(ev_path.read_text().replace('first = 1, second = 4, result = "1-0"', 'first = 1, second = 4, result = "0-1"'))
    before = ev_path.read_bytes()
    with pytest.raises(Conflict, match="cannot undo 'result board 1: 1-0': swiss round 1 board 1 was changed since"):
        EventFile(ev_path).undo()
    assert ev_path.read_bytes() == before


def test_a_result_over_a_different_one_is_refused_unless_forced(ev_path):
    enter(ev_path, 1, "1-0")
    before = ev_path.read_bytes()
    with pytest.raises(Conflict, match="already has 1-0 by judge"):
        enter(ev_path, 1, "0-1")
    assert ev_path.read_bytes() == before
    enter(ev_path, 1, "0-1", force=True)
    assert load(ev_path).find_round("swiss", None, 1).game(1).result is Result.SECOND_WINS


def test_stale_screen_is_refused_naming_game_result_and_judge(ev_path):
    shown = load(ev_path)  # judge A reads the round: board 1 has no result
    enter(ev_path, 1, "1-0")  # judge B enters 1-0
    with pytest.raises(Conflict, match=r"board 1 changed since you read it: you saw no result, it is now 1-0 \(entered by judge\)"):
        EventFile(ev_path).change(
            lambda e: commands.record_result(e, "swiss", None, 1, 1, Result.DRAW, by="a",
                                             expected=shown.find_round("swiss", None, 1).game(1).result), "A's draw")


def test_file_mode_is_kept(ev_path):
    os.chmod(ev_path, 0o640)
    enter(ev_path, 1, "1-0")
    assert stat.S_IMODE(os.stat(ev_path).st_mode) == 0o640


def test_new_refuses_to_overwrite(ev_path):
    before = ev_path.read_bytes()
    with pytest.raises(FileProblem, match="already exists"):
        create(ev_path, event_with_players(2))
    assert ev_path.read_bytes() == before


@pytest.mark.parametrize("garbage", [b"schema = 1\n[event\n", b"\xff\xfe\x00bad", b"", b"schema = 9\n"])
def test_a_file_that_cannot_be_read_is_never_written(ev_path, garbage):
    ev_path.write_bytes(garbage)
    with pytest.raises(FileProblem):
        enter(ev_path, 1, "1-0")
    assert ev_path.read_bytes() == garbage


def test_truncated_file_is_refused_and_left_alone(ev_path):
    text = ev_path.read_bytes()
    cut = text[: len(text) * 2 // 3]
    ev_path.write_bytes(cut)
    with pytest.raises(FileProblem):
        enter(ev_path, 1, "1-0")
    assert ev_path.read_bytes() == cut


def test_full_disk_leaves_the_old_file_and_says_so(ev_path, monkeypatch):
    before = ev_path.read_bytes()
    real_write = os.write

    def full(fd, data):
        if fd > 2 and len(data) > 200:  # the event text, not the journal line
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(FileProblem, match="disk is full: nothing was changed"):
        enter(ev_path, 1, "1-0")
    monkeypatch.undo()
    assert ev_path.read_bytes() == before
    assert not [p for p in ev_path.parent.iterdir() if p.name.endswith(".tmp")]
    assert load(ev_path).find_round("swiss", None, 1).game(1).result is None


def test_reload_when_another_process_changed_the_file(ev_path):
    mine = EventFile(ev_path)
    mine.load()
    enter(ev_path, 2, "1-0")  # someone else
    assert mine.changed_on_disk()
    mine.change(lambda e: commands.record_result(e, "swiss", None, 1, 1, Result.DRAW, by="me"), "mine")
    r = load(ev_path).find_round("swiss", None, 1)
    assert r.game(1).result is Result.DRAW and r.game(2).result is Result.FIRST_WINS


def test_journal_torn_last_line_is_ignored(ev_path):
    enter(ev_path, 1, "1-0")
    with open(journal_path(ev_path), "a") as f:
        f.write('{"seq": 99, "time": "x", "us')
    assert EventFile(ev_path).undo() == "result board 1: 1-0"


def test_saved_text_is_canonical(ev_path):
    enter(ev_path, 1, "1-0")
    assert ev_path.read_text() == dumps(load(ev_path))
