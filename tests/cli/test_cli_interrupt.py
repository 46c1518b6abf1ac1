"""Ctrl-C and the progress line of `arbiter pair` (issue 12 point 5), with real processes.

The heavy round: the 1000-player perf event (tests/data/corpus/perf) cut before round 3, paired by
the engine's slowest exact path (unlimited search budgets, `SLOW_ARBITER`), which takes well over
a minute; the test interrupts it after a few seconds.
"""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from arbiter_tournament.core.formats.trf import parse_trf
from arbiter_tournament.core.formats.trf_event import trf_to_event
from arbiter_tournament.core.store import create, load
from arbiter_tournament.core.store.files import read_text
from tests.cli_run import run
from tests.conftest import PERF, ROOT

HEAVY = PERF / "perf_n1000_r9_byes.trf"
ENV = {"PYTHONPATH": str(ROOT), "USER": "anna", "PATH": "/usr/bin:/bin", "TERM": "xterm"}
# `arbiter` whose Dutch engine searches its slowest way (the request's `SearchOptions`: every
# bracket through the weighted matchings, the transpositions by one weighted matching per player as
# bbpPairings does, each matching solved from nothing; every request the command line makes gets
# that option): the engine pairs this round in under a second now, too soon to interrupt, and with
# unlimited node budgets alone in about two; so it takes minutes
SLOW_ARBITER = [sys.executable, "-c",
                "import dataclasses, runpy, sys; import arbiter_tournament.core.swiss as s, arbiter_tournament.core.swiss.dutch as d; "
                "pair = d.pair_round; "
                "slow = s.SearchOptions(budget_scale=0, tight_transpositions=False, warm_start=False); "
                "s.pair_round = d.pair_round = lambda req, **kw: pair(dataclasses.replace(req, search=slow), **kw); "
                "sys.argv[0] = 'arbiter'; runpy.run_module('arbiter_tournament.tui.cli', run_name='__main__', alter_sys=True)"]


@pytest.fixture
def heavy(tmp_path) -> Path:
    e = trf_to_event(parse_trf(read_text(HEAVY), str(HEAVY)), str(HEAVY))
    path = tmp_path / "open.toml"
    create(path, replace(e, rounds=tuple(r for r in e.rounds if r.number < 3)))
    return path


def files(folder: Path) -> dict[str, bytes]:
    """Every file of the folder but the lock (a change takes it; it holds nothing)."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if not p.name.endswith(".lock")}


def test_ctrl_c_during_a_long_pairing_exits_130_quietly_and_writes_nothing(heavy):
    before = files(heavy.parent)
    p = subprocess.Popen([*SLOW_ARBITER, "pair", str(heavy)], cwd=ROOT, env=ENV,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(4)  # loading 1000 players takes about a second; then it pairs
    assert p.poll() is None, "the pairing ended before Ctrl-C: this round is no longer heavy"
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130, (out, err)
    assert out == "" and err == ""  # not a terminal: no progress line; no traceback
    assert files(heavy.parent) == before


def test_another_judges_change_does_not_wait_for_a_pairing(heavy):
    """The pairing is computed without the event's lock: a change by another judge meanwhile is
    saved at once; Ctrl-C then stops the pairing and leaves that change alone."""
    p = subprocess.Popen([*SLOW_ARBITER, "pair", str(heavy)], cwd=ROOT, env=ENV,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(4)
        assert p.poll() is None, "the pairing ended too soon: this round is no longer heavy"
        start = time.monotonic()
        code, out, err = run("players", "add", heavy, "Late Comer", "--rating", 1200, user="boris")
        assert code == 0, err
        assert time.monotonic() - start < 5  # not the minute or more the pairing takes
    finally:
        p.send_signal(signal.SIGINT)
        p.communicate(timeout=60)
    assert p.returncode == 130
    e = load(heavy)
    assert e.players[-1].name == "Late Comer" and max(r.number for r in e.rounds) == 2


def _read_until(fd: int, needle: bytes, deadline: float) -> bytes:
    got = b""
    while needle not in got and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            got += chunk
    return got


def _read_rest(fd: int, deadline: float) -> bytes:
    got = b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            got += chunk
    return got


def test_on_a_terminal_pair_shows_a_progress_line_that_counts_and_ctrl_c_stops_it(heavy):
    before = files(heavy.parent)
    pid, fd = pty.fork()
    if pid == 0:  # the child: arbiter on the terminal (stdout and stderr both)
        os.chdir(ROOT)
        os.execve(sys.executable, [*SLOW_ARBITER, "pair", str(heavy)], ENV)
    try:
        seen = _read_until(fd, " 3 s".encode(), time.monotonic() + 60)
        text = seen.decode("utf-8", "replace")
        assert "pairing round 3 … " in text, text
        counts = [int(part.split(" s")[0]) for part in text.split("pairing round 3 … ")[1:] if " s" in part]
        # it appears after a second and counts up (a loaded machine may skip a second)
        assert counts[0] in (1, 2) and len(counts) >= 2 and counts == sorted(counts) and counts[-1] >= 3, text
        assert "\r\x1b[K" in text  # in place, on one line
        os.kill(pid, signal.SIGINT)
        rest = _read_rest(fd, time.monotonic() + 30).decode("utf-8", "replace")
        _, status = os.waitpid(pid, 0)
    finally:
        os.close(fd)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 130
    assert "Traceback" not in rest and "KeyboardInterrupt" not in rest
    assert rest.replace("^C", "").strip("\r\n") in ("", "\x1b[K", "\r\x1b[K"), repr(rest)  # the line erased
    assert files(heavy.parent) == before


def test_ctrl_c_in_any_command_exits_130_without_a_word(tmp_path, monkeypatch):
    import arbiter_tournament.tui.cli.standings as command

    ev = tmp_path / "e.toml"
    assert run("new", ev, "--name", "E", "--rounds", 3)[0] == 0

    def interrupted(*args, **kw):
        raise KeyboardInterrupt

    monkeypatch.setattr(command, "standings", interrupted)
    assert run("standings", ev) == (130, "", "")


@pytest.mark.parametrize("at", ["temp written", "journal pending", "replaced"])
def test_ctrl_c_once_the_change_is_being_written_waits_for_the_write(tmp_path, monkeypatch, at):
    """Ctrl-C while the store writes a computed change (at each of its steps) is held back: the
    change is written whole and said, exit 0; it never leaves a change the command did not say."""
    from arbiter_tournament.core.store import EventFile, files

    ev = tmp_path / "e.toml"
    assert run("new", ev, "--name", "E", "--rounds", 3)[0] == 0

    def ctrl_c_at(name: str) -> None:
        if name == at:
            os.kill(os.getpid(), signal.SIGINT)  # as if the judge pressed Ctrl-C right now

    monkeypatch.setattr(files, "STEP", ctrl_c_at)
    code, out, err = run("players", "add", ev, "Ann")
    assert (code, err) == (0, "") and "added Ann as player 1" in out
    assert [x.what for x in EventFile(ev).history()] == ["add player Ann"]
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_long_wait_for_the_lock_is_said_on_stderr_and_then_the_change_is_made(tmp_path):
    """The store tells a waiter after two seconds who holds the lock; the command line says it on
    stderr, one line, and goes on once the lock is free."""
    from arbiter_tournament.core.store.files import locked

    ev = tmp_path / "e.toml"
    assert run("new", ev, "--name", "E", "--rounds", 3)[0] == 0
    with locked(ev, doing="pair round 3"):
        p = subprocess.Popen([sys.executable, "-m", "arbiter_tournament.tui.cli", "players", "add", str(ev), "Ann"], cwd=ROOT,
                             env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(3.5)
        assert p.poll() is None  # still waiting
    out, err = p.communicate(timeout=60)
    assert p.returncode == 0 and "added Ann as player 1" in out
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("arbiter: ") and "is locked by" in lines[0], err
    assert "pair round 3" in lines[0] and "waiting (at most 30 s)" in lines[0]


def test_the_progress_line_waits_its_delay_updates_in_place_and_is_erased():
    import io

    from arbiter_tournament.tui.cli.progress import Ticker, progress

    quick = io.StringIO()
    with progress("pairing round 3", stream=quick, delay=5):
        pass
    assert quick.getvalue() == ""  # done within the delay: nothing shown

    slow_work = io.StringIO()
    with progress("pairing round 3", stream=slow_work, delay=0.05) as ticker:
        time.sleep(0.3)
        assert isinstance(ticker, Ticker)
    text = slow_work.getvalue()
    assert text.startswith("\r\x1b[Kpairing round 3 … 0 s") and text.endswith("\r\x1b[K")

    called = io.StringIO()  # the engine's callback writes when due, from the working thread
    ticker = Ticker("pairing round 4", called, delay=0, every=0)
    ticker.tick()
    ticker.stop()
    assert called.getvalue() == "\r\x1b[Kpairing round 4 … 0 s\r\x1b[K"


def test_ctrl_c_after_the_change_is_written_ends_the_command_as_done(tmp_path, monkeypatch):
    """A Ctrl-C that comes once the change is on disk (while the command says what it did, or a
    judge's second Ctrl-C) cannot make it exit 130, which says nothing was written: the command
    finishes, says the change and exits 0."""
    import arbiter_tournament.tui.cli.events as command
    from arbiter_tournament.core.store import EventFile

    ev = tmp_path / "e.toml"
    assert run("new", ev, "--name", "E", "--rounds", 3)[0] == 0
    real_run = command.run

    def run_then_ctrl_c(*args, **kw):
        new = real_run(*args, **kw)
        os.kill(os.getpid(), signal.SIGINT)  # the judge presses Ctrl-C just after the write
        return new

    monkeypatch.setattr(command, "run", run_then_ctrl_c)
    code, out, err = run("players", "add", ev, "Ann")
    assert (code, out, err) == (0, "added Ann as player 1\n", "")
    assert [x.what for x in EventFile(ev).history()] == ["add player Ann"]


@pytest.mark.parametrize("module,code", [("arbiter_tournament.core.event.model", 130), ("arbiter_tournament.tui.cli.interrupt", -signal.SIGINT)])
def test_ctrl_c_while_the_modules_load_exits_130_quietly(tmp_path, module, code):
    """The console script runs `from arbiter_tournament.tui.cli import main; sys.exit(main())`: a Ctrl-C while
    arbiter's own modules load (the first half second of every command) is quiet too. Inside
    main (arbiter_tournament.core.event.model) it is exit code 130; before main (the few modules `from arbiter_tournament.tui.cli import main`
    needs), the process ends by SIGINT without a word, which a shell reports as 130 too."""
    ev = tmp_path / "e.toml"
    assert run("new", ev, "--name", "E", "--rounds", 3)[0] == 0
    script = (
        "import os, signal, sys\n"
        "class CtrlC:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        f"        if name == {module!r}:\n"
        "            os.kill(os.getpid(), signal.SIGINT)\n"
        "        return None\n"
        "sys.meta_path.insert(0, CtrlC())\n"
        "from arbiter_tournament.tui.cli import main\n"
        f"sys.exit(main(['standings', {str(ev)!r}]))\n"
    )
    p = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=60)
    assert (p.returncode, p.stdout, p.stderr) == (code, "", "")


def test_importing_the_command_line_loads_nothing_before_main_takes_ctrl_c():
    """What `from arbiter_tournament.tui.cli import main` imports before main() runs is only the standard library and
    the two small modules that take Ctrl-C: the rest loads inside main, where Ctrl-C is handled."""
    script = ("import sys\nbefore = set(sys.modules)\nfrom arbiter_tournament.tui.cli import main\n"
              "print(sorted(m for m in set(sys.modules) - before if m.split('.')[0] in ('arbiter_tournament', 'textual', 'rich')))")
    p = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "['arbiter_tournament', 'arbiter_tournament.tui', 'arbiter_tournament.tui.cli', 'arbiter_tournament.tui.cli.interrupt']"
