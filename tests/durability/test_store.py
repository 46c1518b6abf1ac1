"""Durable changes: transactions, backups, journal, undo/redo, refusals that change nothing."""

from __future__ import annotations

import errno
import os
import stat

import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.errors import Conflict, FileProblem, IllegalChange
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import EventFile, create, dumps, load
from arbiter_tournament.core.store import journal, judge
from arbiter_tournament.core.store.files import backup_path, journal_path
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


def test_undo_after_putting_back_bak1_names_the_change_the_file_lacks(ev_path):
    """docs/guide.md, "Backups and restore": `.bak1` put back over a change of the event's settings; the journal
    keeps that change's line, and undo refuses it saying which (a whole sentence: the setup *was* changed)."""
    from arbiter_tournament.core.commands import SetDetails, run

    run(EventFile(ev_path), SetDetails(city="Kazan"))
    ev_path.write_bytes(backup_path(ev_path, 1).read_bytes())  # cp open.toml.bak1 open.toml
    assert load(ev_path).city == ""
    with pytest.raises(Conflict, match=r"cannot undo 'set the event's details': the event's setup was changed since by "):
        EventFile(ev_path).undo()


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


# -- one event, one file: symlinks ------------------------------------------------------------


def test_a_change_through_a_symlink_reaches_the_real_file_and_keeps_the_link(tmp_path, ev_path):
    elsewhere = tmp_path / "links"
    elsewhere.mkdir()
    link = elsewhere / "today.toml"
    link.symlink_to(ev_path)
    enter(link, 1, "1-0")
    assert link.is_symlink() and os.readlink(link) == str(ev_path)
    assert load(ev_path).find_round("swiss", None, 1).game(1).result is Result.FIRST_WINS
    # the journal, the lock and the backups live beside the real file, none beside the link
    assert sorted(p.name for p in elsewhere.iterdir()) == ["today.toml"]
    assert journal_path(ev_path).exists() and backup_path(ev_path, 1).exists()
    assert (ev_path.parent / "ev.toml.lock").exists()
    enter(ev_path, 2, "0-1")  # the same event by its own name: one journal for both
    assert [e.what for e in EventFile(link).history()] == ["result board 1: 1-0", "result board 2: 0-1"]
    assert EventFile(link).undo() == "result board 2: 0-1"


@pytest.mark.parametrize("beside", ["journal", "lock"])
def test_a_symlinked_journal_or_lock_is_not_followed(tmp_path, ev_path, beside):
    victim = tmp_path / "unrelated.txt"
    victim.write_text("keep me\n")
    there = ev_path.parent / f"ev.toml.{beside}"
    if os.path.lexists(there):
        there.unlink()
    there.symlink_to(victim)
    before = ev_path.read_bytes()
    with pytest.raises(FileProblem, match=f"ev.toml.{beside}: is a symbolic link: arbiter does not follow it"):
        enter(ev_path, 1, "1-0")
    assert victim.read_text() == "keep me\n" and ev_path.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_fifo_in_place_of_the_journal_is_refused_without_hanging(tmp_path, ev_path):
    os.mkfifo(journal_path(ev_path))
    before = ev_path.read_bytes()
    with pytest.raises(FileProblem, match="is not a plain file"):
        enter(ev_path, 1, "1-0")
    with pytest.raises(FileProblem, match="is not a plain file"):
        EventFile(ev_path).history()
    assert ev_path.read_bytes() == before


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_an_event_path_that_is_a_fifo_or_a_device_is_refused_without_hanging(tmp_path, kind):
    """Reading a FIFO blocks until someone writes to it, /dev/zero never ends: refused at once."""
    import subprocess
    import sys

    if kind == "fifo":
        path = tmp_path / "ev.toml"
        os.mkfifo(path)
    else:
        path = tmp_path / "zero.toml"
        path.symlink_to("/dev/zero")
    probe = ("import sys; from arbiter_tournament.core.store import EventFile\n"
             "from arbiter_tournament.core.errors import FileProblem\n"
             "try:\n    EventFile(sys.argv[1]).load()\nexcept FileProblem as exc:\n    print(exc)\n")
    done = subprocess.run([sys.executable, "-c", probe, str(path)], capture_output=True, text=True, timeout=20,
                          cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    assert done.returncode == 0, done.stderr
    assert "is not a plain file" in done.stdout
    with pytest.raises(FileProblem, match="is not a plain file"):
        load(path)
    assert not (tmp_path / f"{path.name}.lock").exists() and not (tmp_path / f"{path.name}.journal").exists()


def test_presence_skips_fifos_devices_and_links_in_the_shared_who_folder(tmp_path, ev_path):
    """Any judge of the group may write into NAME.toml.who/: a FIFO there (reading it blocks) or a link
    to /dev/zero (it never ends) must not hang or fill another judge's TUI; the real peers are still seen."""
    import subprocess
    import sys

    from arbiter_tournament.core.store.presence import Presence, who_folder

    Presence(ev_path, user="anna", ssh="10.0.0.5", pid=11).beat()
    folder = who_folder(ev_path)
    os.mkfifo(folder / "fifo-1")
    (folder / "zero-2").symlink_to("/dev/zero")
    (folder / "big-3").write_bytes(b"#" * (1 << 20) + b'\nuser = "big"\n')
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "x-4").write_text('user = "linked"\nssh = ""\npid = 4\nseen = "2999-01-01T00:00:00+00:00"\n')
    (folder / "dir-5").symlink_to(elsewhere, target_is_directory=True)
    probe = ("import sys, resource\n"
             "resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))\n"
             "from arbiter_tournament.core.store.presence import Presence\n"
             "print(','.join(p.label() for p in Presence(sys.argv[1], user='boris', pid=22).others()))\n")
    done = subprocess.run([sys.executable, "-c", probe, str(ev_path)], capture_output=True, text=True, timeout=20,
                          cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "anna@10.0.0.5"
    # a symlink in place of the folder is not read either
    other = tmp_path / "ev2.toml"
    create(other, event_with_players(2))
    who_folder(other).symlink_to(folder, target_is_directory=True)
    assert Presence(other, user="boris", pid=22).others() == []


# -- tidy -------------------------------------------------------------------------------------


def test_the_next_change_removes_the_temp_files_a_crashed_change_left_and_only_those(tmp_path, ev_path):
    ours = [tmp_path / ".ev.toml.k3j_9x2a.tmp", tmp_path / ".ev.toml.00000000.tmp"]
    theirs = [tmp_path / ".ev.toml.notours.tmp", tmp_path / ".other.toml.k3j_9x2a.tmp", tmp_path / "ev.toml.tmp",
              tmp_path / ".ev.toml.k3j_9x2a.tmp.keep"]
    for p in ours + theirs:
        p.write_text("x")
    link = tmp_path / ".ev.toml.linkabcd.tmp"
    link.symlink_to(tmp_path / "ev.toml")
    enter(ev_path, 1, "1-0")
    assert not any(p.exists() for p in ours)
    assert all(p.exists() for p in theirs)
    assert not os.path.lexists(link) and ev_path.exists()  # the link removed, never what it points to


# -- user@host, notices ------------------------------------------------------------------------


def test_the_journal_names_user_at_host_and_old_entries_still_read(ev_path, monkeypatch):
    monkeypatch.setenv("USER", "anna")
    monkeypatch.setenv("SSH_CLIENT", "10.0.0.5 41000 22")
    enter(ev_path, 1, "1-0")
    monkeypatch.delenv("SSH_CLIENT")
    monkeypatch.delenv("SSH_CONNECTION", raising=False)
    monkeypatch.setattr(judge, "hostname", lambda: "venue-pc")
    enter(ev_path, 2, "1-0")
    with open(journal_path(ev_path), "a", encoding="utf-8") as f:  # a line as arbiter wrote it before
        f.write('{"seq":3,"time":"2025-01-01T10:00:00+00:00","user":"boris","ssh":"","what":"x","kind":"change",'
                '"of":null,"changes":[]}\n')
    entries = EventFile(ev_path).history()
    assert [e.label for e in entries] == ["anna@10.0.0.5", "anna@venue-pc", "boris"]
    assert entries[1].host == "venue-pc" and entries[1].user == "anna"
    assert judge.who_label() == "anna@venue-pc"


def test_undo_refused_names_who_changed_it_as_user_at_host(ev_path, monkeypatch):
    monkeypatch.setattr(judge, "hostname", lambda: "venue-pc")
    monkeypatch.delenv("SSH_CLIENT", raising=False)
    monkeypatch.delenv("SSH_CONNECTION", raising=False)
    monkeypatch.setenv("USER", "anna")
    enter(ev_path, 1, "1-0")
    ev_path.write_text(ev_path.read_text().replace('result = "1-0"', 'result = "0-1"'))  # a hand edit
    with pytest.raises(Conflict, match=r"board 1 was changed since by anna@venue-pc \(result board 1: 1-0\)"):
        EventFile(ev_path).undo()


def test_a_pending_entry_is_shown_only_if_the_file_has_its_change(ev_path):
    enter(ev_path, 1, "1-0")
    lines = journal_path(ev_path).read_bytes().splitlines(keepends=True)
    assert lines[-1].endswith(b'"pending":0}\n')
    journal_path(ev_path).write_bytes(lines[-1].replace(b'"pending":0}', b'"pending":1}'))
    assert [e.what for e in EventFile(ev_path).history()] == ["result board 1: 1-0"]  # the file has it
    assert EventFile(ev_path).settle() == []
    assert journal_path(ev_path).read_bytes().endswith(b'"pending":0}\n')  # kept, marked done
    # a pending entry whose change the file does not have: not shown, and dropped on the next transaction
    with open(journal_path(ev_path), "ab") as f:
        f.write(lines[-1].replace(b'"seq":1', b'"seq":2').replace(b'"pending":0}', b'"pending":1}')
                .replace(b'"1-0"', b'"0-1"'))
    assert [e.seq for e in EventFile(ev_path).history()] == [1]
    seen = []
    EventFile(ev_path, on_notice=seen.append).settle()
    assert [e.seq for e in journal.read(ev_path)] == [1]
    assert len(seen) == 1 and "never reached the event file" in str(seen[0])
    assert "не попала в файл турнира" in seen[0].text("ru")


def test_a_change_waits_for_a_short_lock_and_says_how_long(ev_path):
    import threading
    import time

    from arbiter_tournament.core.store.files import locked

    held = threading.Event()

    def hold():
        with locked(ev_path, doing="test"):
            held.set()
            time.sleep(0.3)

    t = threading.Thread(target=hold)
    t.start()
    held.wait()
    told = []
    ef = EventFile(ev_path, on_wait=told.append)
    ef.change(lambda e: commands.record_result(e, "swiss", None, 1, 1, Result.DRAW, by="x"), "x")
    t.join()
    assert 0.2 < ef.lock_wait < 2.0 and told == []  # under two seconds: not a word
    assert (ev_path.parent / "ev.toml.lock").read_bytes() == b""  # who held it is wiped on release


def test_report_to_gives_every_event_file_its_callbacks(ev_path):
    from arbiter_tournament.core.store import report_to

    said = []
    report_to(on_notice=said.append)
    try:
        enter(ev_path, 1, "1-0")
        with open(journal_path(ev_path), "ab") as f:
            f.write(b'{"seq":2,"ti')
        enter(ev_path, 2, "1-0")  # a new EventFile, as each command line call makes
    finally:
        report_to()
    assert len(said) == 1 and "ended in a cut line" in str(said[0]) and "12 bytes removed" in str(said[0])
    assert EventFile(ev_path).on_notice is None
