"""Several judges at once, writers killed mid-change, a full disk, a stopped lock holder.

Nothing reported done is ever lost, and the event file and its journal are
always in step: after the next transaction settles what a crash left, the
journal replayed from the event as created gives exactly the event file.
"""

from __future__ import annotations

import errno
import os
import random
import shutil
import signal
import subprocess
import sys
import time
import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.errors import ArbiterError
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import EventFile, LockBusy, create, dumps, files, journal, load
from arbiter_tournament.core.store.diff import apply, current
from arbiter_tournament.core.store.files import journal_path
from tests.conftest import ROOT
from tests.helpers import event_with_players, with_round

WRITER = r"""
import sys
sys.path.insert(0, {root!r})
from arbiter_tournament.core.event import commands
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import EventFile
path, boards = sys.argv[1], [int(b) for b in sys.argv[2].split(",")]
ef = EventFile(path)
print("ready", flush=True)
for b in boards:
    res = Result.FIRST_WINS if b % 3 == 0 else Result.DRAW if b % 3 == 1 else Result.SECOND_WINS
    ef.change(lambda e: commands.record_result(e, "swiss", None, 1, b, res, by="w"), f"board {{b}}")
    print(b, flush=True)
"""

RESULTS = [Result.FIRST_WINS, Result.DRAW, Result.SECOND_WINS]


def expected(board: int) -> Result:
    return Result.FIRST_WINS if board % 3 == 0 else Result.DRAW if board % 3 == 1 else Result.SECOND_WINS


def big_round(tmp_path, boards: int):
    e = event_with_players(2 * boards)
    e = with_round(e, 1, [(i, boards + i) for i in range(1, boards + 1)])
    path = tmp_path / "ev.toml"
    create(path, e)
    return path


class Replay:
    """The journal replayed from the event as created, checked against the file after each settle."""

    def __init__(self, first):
        self.event, self.seqs = first, []

    def check(self, path) -> list:
        entries = journal.read(path)
        assert [e.seq for e in entries[: len(self.seqs)]] == self.seqs, "settled entries were lost"
        data = journal_path(path).read_bytes() if journal_path(path).exists() else b""
        assert data == b"" or data.endswith(b"\n"), "a torn last line survived the settle"
        assert all(not e.pending for e in entries[:-1])
        event = self.event
        for e in entries[len(self.seqs):]:
            for unit, old, _new in e.changes:
                assert current(event, unit) == old, f"entry {e.seq} ({e.what}) does not follow from the one before"
            event = apply(event, [(u, new) for u, _old, new in e.changes])
        assert event == load(path), "the file holds a change the journal does not have (or the reverse)"
        self.event, self.seqs = event, [e.seq for e in entries]
        return entries


def _in_child(work) -> int:
    """Run `work()` in a forked child (the core is already imported); its exit status."""
    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            work()
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    return status


def _one_result(path, board=1, res=Result.FIRST_WINS):
    EventFile(path).change(lambda e: commands.record_result(e, "swiss", None, 1, board, res, by="k", force=True),
                           f"result board {board}: {res}")


def test_four_processes_entering_100_results_each_lose_none(tmp_path):
    path = big_round(tmp_path, 400)
    script = WRITER.format(root=str(ROOT))
    procs = [
        subprocess.Popen([sys.executable, "-c", script, str(path), ",".join(str(b) for b in range(k, 401, 4))],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for k in range(1, 5)
    ]
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
        assert out.split()[0] == "ready" and len(out.split()) == 101
    rnd = load(path).find_round("swiss", None, 1)
    assert all(g.result is expected(g.board) for g in rnd.games)
    assert len(EventFile(path).history()) == 400


def test_writer_killed_at_random_moments_never_loses_a_reported_change(tmp_path):
    path = big_round(tmp_path, 150)
    first = load(path)
    script = WRITER.format(root=str(ROOT))
    rng = random.Random(2026)
    remaining = list(range(1, 151))
    reported: set[int] = set()
    replay = Replay(first)
    for attempt in range(40):  # 12 kills, more while none has come after a reported change (a loaded machine)
        if not remaining or (attempt >= 12 and reported):
            break
        p = subprocess.Popen([sys.executable, "-c", script, str(path), ",".join(map(str, remaining))],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert p.stdout.readline() == "ready\n"  # the kill falls among the changes, not in Python's start-up
        time.sleep(rng.uniform(0.0, 0.5))
        p.send_signal(signal.SIGKILL)
        out, _ = p.communicate()
        reported |= {int(x) for x in out.split()}
        event = load(path)  # the file always loads: old or new, never half-written
        rnd = event.find_round("swiss", None, 1)
        for g in rnd.games:
            if g.board in reported:
                assert g.result is expected(g.board), f"board {g.board} was reported done but is lost"
        remaining = [g.board for g in rnd.games if g.result is None]
        EventFile(path).settle()
        replay.check(path)
        assert not [f for f in os.listdir(tmp_path) if f.endswith(".tmp")], "the settle tidies a killed change's temp file"
    assert reported, "the writer never got a change done: the test proved nothing"


STEPS = ["temp written", "journal written", "journal pending", "backups rotated", "replaced", "journal done"]
DONE_FROM = STEPS.index("replaced")


@pytest.mark.parametrize("where", STEPS)
def test_a_kill_at_each_step_of_a_change_leaves_file_and_journal_in_step(tmp_path, where):
    path = big_round(tmp_path, 4)
    replay = Replay(load(path))
    _one_result(path, 2, Result.DRAW)  # a journal with one entry before
    replay.check(path)
    before = path.read_bytes()

    def killed():
        def hook(name):
            if name == where:
                os._exit(75)
        files.STEP = hook
        _one_result(path, 1, Result.FIRST_WINS)

    status = _in_child(killed)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 75, f"the change never reached '{where}'"
    done = STEPS.index(where) >= DONE_FROM
    assert (path.read_bytes() != before) == done
    said = EventFile(path).settle()
    entries = journal.read(path)
    assert [e.what for e in entries] == ["result board 2: 1/2", "result board 1: 1-0"][: 2 if done else 1]
    assert not entries[-1].pending
    replay.check(path)
    if STEPS.index(where) in (1, 2, 3):  # a whole pending line whose change never reached the file
        assert [str(m) for m in said] == ["the last journal entry (result board 1: 1-0) never reached the event "
                                          "file (the change was interrupted): it is removed from the journal"]
    else:
        assert said == []
    assert not [f for f in os.listdir(tmp_path) if f.endswith(".tmp")]
    # undo takes back the change the file really has last, by the right words
    assert EventFile(path).undo() == ("result board 1: 1-0" if done else "result board 2: 1/2")


def test_a_kill_while_the_journal_line_is_written_leaves_a_torn_line_that_is_cut_and_said(tmp_path):
    path = big_round(tmp_path, 4)
    _one_result(path, 2, Result.DRAW)
    before_event, before_journal = path.read_bytes(), journal_path(path).read_bytes()

    def torn():
        real = os.pwrite

        def half(fd, data, offset):
            if b'"pending":1}' in bytes(data):
                real(fd, bytes(data)[: len(data) // 2], offset)
                os._exit(76)
            return real(fd, data, offset)
        os.pwrite = half
        _one_result(path, 1, Result.FIRST_WINS)

    status = _in_child(torn)
    assert os.WEXITSTATUS(status) == 76
    cut = journal_path(path).read_bytes()
    assert len(cut) > len(before_journal) and not cut.endswith(b"\n")
    assert EventFile(path).history()[-1].what == "result board 2: 1/2"  # a reader skips the torn line
    seen = []
    ef = EventFile(path, on_notice=seen.append)
    _one_result(path, 3, Result.SECOND_WINS)  # the next change repairs first, never appends to the torn line
    assert path.read_bytes() != before_event
    ef.settle()  # nothing left to say
    assert seen == []
    entries = journal.read(path)
    assert [e.what for e in entries] == ["result board 2: 1/2", "result board 3: 0-1"]
    assert journal_path(path).read_bytes().startswith(before_journal)

    # and the notice itself, for the caller to show
    with open(journal_path(path), "ab") as f:
        f.write(b'{"seq":9,"time":"x","us')
    said = EventFile(path).settle()
    assert [m.template for m in said] == [
        "the journal {file} ended in a cut line (a crash or a full disk while saving): {n} bytes removed"]
    assert said[0].params["n"] == 23 and "оборванной строкой" in said[0].text("ru")


def _random_work(path, seed):
    rng = random.Random(seed)
    ef = EventFile(path)
    n = 0
    while True:
        n += 1
        x = rng.random()
        try:
            if x < 0.55:
                board, res = rng.randint(1, 10), rng.choice(RESULTS)
                ef.change(lambda e: commands.record_result(e, "swiss", None, 1, board, res, by="r", force=True),
                          f"result board {board}: {res}")
            elif x < 0.7:
                ef.change(lambda e: commands.add_player(e, f"Late {seed} {n}", rating=rng.randint(1000, 2000)),
                          f"add player Late {seed} {n}")
            elif x < 0.85:
                ef.undo()
            else:
                ef.redo()
        except ArbiterError:
            pass


def test_200_random_kills_during_changes_leave_file_and_journal_in_step(tmp_path):
    path = big_round(tmp_path, 10)
    replay = Replay(load(path))
    rng = random.Random(16)
    kills = 0
    for i in range(220):
        pid = os.fork()
        if pid == 0:
            try:
                _random_work(path, i)
            finally:
                os._exit(0)
        time.sleep(rng.uniform(0.02, 0.12))  # a change takes some 20 ms here: a kill lands anywhere in one
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        kills += 1
        EventFile(path).settle()
        replay.check(path)
        assert not [f for f in os.listdir(tmp_path) if f.endswith(".tmp")]
    assert kills >= 200
    assert len(replay.seqs) > 100, "the children got too few changes done: the kills proved little"


HOLDER = r"""
import sys, time
sys.path.insert(0, {root!r})
from arbiter_tournament.core.store import EventFile
ef = EventFile(sys.argv[1])
with ef.transaction("pair round 2"):
    print("holding", flush=True)
    time.sleep(600)
"""


def test_a_stopped_lock_holder_is_named_after_two_seconds_and_the_change_gives_up(tmp_path):
    path = big_round(tmp_path, 4)
    before = path.read_bytes()
    env = {**os.environ, "USER": "anna", "SSH_CLIENT": "10.0.0.5 5000 22"}
    p = subprocess.Popen([sys.executable, "-c", HOLDER.format(root=str(ROOT)), str(path)], env=env,
                         stdout=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline().strip() == "holding"
        p.send_signal(signal.SIGSTOP)  # Ctrl-Z, or a hung SSH link: the lock stays taken
        told: list = []
        start = time.monotonic()
        ef = EventFile(path, on_wait=lambda m: told.append((time.monotonic() - start, m)), lock_timeout=3.5)
        with pytest.raises(LockBusy) as exc:
            _one_result_with(ef, 1)
        spent = time.monotonic() - start
        assert len(told) == 1 and 2.0 <= told[0][0] < 3.0
        msg = str(told[0][1])
        assert f"is locked by anna@10.0.0.5 (pid {p.pid}) since " in msg and msg.endswith(
            ": pair round 2; waiting (at most 4 s)")
        assert spent >= 3.5
        one_line = str(exc.value)
        assert "\n" not in one_line and "locked by anna@10.0.0.5" in one_line and "nothing was changed" in one_line
        assert "занят" in exc.value.text("ru")
        assert path.read_bytes() == before and not journal_path(path).exists()
    finally:
        p.send_signal(signal.SIGKILL)  # a killed holder: the kernel releases the lock
        p.wait()
    ef = EventFile(path, lock_timeout=3.5)
    _one_result_with(ef, 1)
    assert ef.lock_wait < 1.0
    assert load(path).find_round("swiss", None, 1).game(1).result is Result.FIRST_WINS


def _one_result_with(ef, board):
    ef.change(lambda e: commands.record_result(e, "swiss", None, 1, board, Result.FIRST_WINS, by="k"),
              f"result board {board}: 1-0")


# -- a full disk -----------------------------------------------------------------------------


@pytest.fixture
def small_disk(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    mnt = tmp_path / "disk"
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m,mode=0755", "tmpfs", str(mnt)],
                      capture_output=True).returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def _free(folder) -> int:
    st = os.statvfs(folder)
    return st.f_bfree * st.f_frsize


def _fill(folder, leave: int):
    """A filler file taking all but `leave` bytes (as the file system counts them, in pages)."""
    filler = folder / "filler"
    page = os.statvfs(folder).f_frsize
    size = max(0, (_free(folder) - leave) // page * page)
    with open(filler, "wb") as f:
        chunk = b"\0" * (1 << 16)
        left = size
        try:
            while left > 0:
                left -= f.write(chunk[: min(left, len(chunk))])
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
    return filler


def _trial_event(folder, n_before: int):
    path = folder / "ev.toml"
    e = event_with_players(12)
    e = with_round(e, 1, [(i, 6 + i) for i in range(1, 7)])
    create(path, e)
    first = load(path)
    for k in range(n_before):
        _one_result(path, k % 6 + 1, RESULTS[k % 3])
    return path, first


def _players_csv(tmp_path) -> str:
    csv = tmp_path / "p100.csv"
    csv.write_text("name,rating,club\n" + "".join(f"Imported Player {i:03d},{1200 + i},Club {i % 9}\n"
                                                  for i in range(100)), encoding="utf-8")
    return str(csv)


def _run_cli(args, capsys) -> tuple[int, str]:
    from arbiter_tournament.tui.cli import main

    capsys.readouterr()
    code = main([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out + out.err


LEVELS = {"import": range(0, 40 * 1024 + 1, 1024), "result": range(0, 24 * 1024 + 1, 512)}


@pytest.mark.parametrize("precheck", [True, False], ids=["space-checked", "writes-only"])
@pytest.mark.parametrize("command", ["import", "result"])
def test_a_full_disk_at_every_level_leaves_both_changed_or_neither(small_disk, tmp_path, capsys, monkeypatch,
                                                                   command, precheck):
    """`players import` of 100 players (some 28 KB to write) and a single result, with 0 to 40 KiB free.

    Without the space check first ("writes-only") the real writes meet the
    full disk: the temporary file, or the journal's line half-written.
    """
    csv = _players_csv(tmp_path)
    if not precheck:
        monkeypatch.setattr(files, "check_space", lambda path, need: None)
    reached: list[str] = []
    monkeypatch.setattr(files, "STEP", reached.append)
    outcomes, refused_at = set(), set()
    for i, leave in enumerate(LEVELS[command]):
        folder = small_disk / f"t{i}"
        folder.mkdir()
        path, first = _trial_event(folder, i % 5)  # a journal of 0..4 entries: its last page is more or less full
        before_event = path.read_bytes()
        jp = journal_path(path)
        before_journal = jp.read_bytes() if jp.exists() else None
        before_players = len(load(path).players)
        filler = _fill(small_disk, leave)
        reached.clear()
        try:
            if command == "import":
                code, said = _run_cli(["players", "import", path, csv], capsys)
            else:
                code, said = _run_cli(["result", path, "6", "0-1", "--force"], capsys)
        finally:
            filler.unlink()
        assert code in (0, 2), said
        outcomes.add(code)
        after_journal = jp.read_bytes() if jp.exists() else None
        assert after_journal is None or after_journal.endswith(b"\n"), f"{leave} bytes free: a torn journal"
        assert after_journal != b"", f"{leave} bytes free: an empty journal was left"
        if code == 0:
            assert "journal done" in reached
            if command == "import":
                assert len(load(path).players) == before_players + 100
            else:
                assert load(path).find_round("swiss", None, 1).game(6).result is Result.SECOND_WINS
        else:
            refused_at.add(reached[-1] if reached else "before writing")
            assert "disk is full" in said and "nothing was changed" in said, said
            assert path.read_bytes() == before_event, f"{leave} bytes free: refused, yet the event changed"
            assert after_journal == before_journal, f"{leave} bytes free: refused, yet the journal changed"
        Replay(first).check(path)
        assert not [f for f in os.listdir(folder) if f.endswith(".tmp")]
        # undo blames the right change: the one the file has last
        entries = EventFile(path).history()
        if entries:
            assert EventFile(path).undo() == entries[-1].what
            if code == 0:
                assert entries[-1].what.startswith("import 100 players" if command == "import" else "result")
        Replay(first).check(path)
        shutil.rmtree(folder)
    assert outcomes == {0, 2}, "every level gave the same outcome: the sizes tried do not reach the edge"
    if not precheck:  # the disk filled up while writing: the temporary file, and the journal's line
        assert {"before writing", "temp written"} <= refused_at, refused_at


def test_a_refused_change_on_a_full_disk_leaves_no_empty_journal(tmp_path, monkeypatch):
    path = big_round(tmp_path, 4)
    before = path.read_bytes()
    real = os.pwrite

    def full(fd, data, offset):
        if b'"pending":1}' in bytes(data):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd, data, offset)

    monkeypatch.setattr(os, "pwrite", full)
    with pytest.raises(ArbiterError, match="the disk is full: nothing was changed"):
        _one_result(path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert not journal_path(path).exists()
    assert not [f for f in os.listdir(tmp_path) if f.endswith(".tmp")]


def test_a_short_journal_write_is_taken_back(tmp_path, monkeypatch):
    path = big_round(tmp_path, 4)
    _one_result(path, 2, Result.DRAW)
    before_event, before_journal = path.read_bytes(), journal_path(path).read_bytes()
    real = os.pwrite
    calls = []

    def short(fd, data, offset):
        if b'"pending":1}' in bytes(data) or calls:
            calls.append(len(data))
            if len(calls) == 1:
                return real(fd, bytes(data)[:100], offset)  # the disk took 100 bytes, then nothing
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd, data, offset)

    monkeypatch.setattr(os, "pwrite", short)
    with pytest.raises(ArbiterError, match="disk is full"):
        _one_result(path, 1)
    monkeypatch.undo()
    assert len(calls) == 2
    assert path.read_bytes() == before_event and journal_path(path).read_bytes() == before_journal


def test_replay_helper_catches_a_change_the_journal_lacks(tmp_path):
    """The invariant the kill tests rely on can fail: a change written without its entry is caught."""
    path = big_round(tmp_path, 4)
    first = load(path)
    files.write_atomic(path, dumps(commands.record_result(first, "swiss", None, 1, 1, Result.DRAW, by="x")))
    with pytest.raises(AssertionError, match="does not have"):
        Replay(first).check(path)
