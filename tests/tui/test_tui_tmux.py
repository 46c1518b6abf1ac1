"""The real TUI in a real terminal: tmux at 80x24, keys sent from outside, the event file checked after `q`.

This is the path a judge takes over SSH: open the event, `1` and `=` on the
first boards, the other results, `p` and `y` to pair the next round, `q`.
The screen is polled with `capture-pane` (never fixed sleeps only); a private
tmux socket keeps the test away from the user's tmux; the session is killed
in a `finally`. Skipped only when tmux is not installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import create, load
from arbiter_tournament.core.store.judge import hostname
from tests.cli.test_cli_interrupt import SLOW_ARBITER
from tests.conftest import ROOT

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed: the real-terminal test needs it")

NAMES = (("Adams, Ann", 2100), ("Brown, Bob", 2000), ("Clark, Cy", 1900), ("Dunn, Di", 1800),
         ("Ellis, Ed", 1700), ("Frost, Flo", 1600), ("Grant, Gil", 1500), ("Hale, Hy", 1400))
APP_ENV = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "LC_MESSAGES": "C.UTF-8",
           "USER": "judge1", "LOGNAME": "judge1", "SSH_CLIENT": "", "SSH_CONNECTION": "", "TZ": "UTC",
           "PYTHONDONTWRITEBYTECODE": "1", "TEXTUAL_ANIMATIONS": "none"}


class Tmux:
    """One tmux server on a private socket, one session running the app."""

    def __init__(self) -> None:
        self.socket = f"arbiter-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.env = {**os.environ, "TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
        self.env.pop("TMUX", None)  # not nested in the user's tmux

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run([TMUX, "-L", self.socket, *args], env=self.env, capture_output=True, text=True,
                              timeout=10, check=check)

    def start(self, command: list[str], cwd: Path, rc_file: Path) -> None:
        """Run `command` in a new 80x24 session; its exit status goes to `rc_file` (tmux's own
        #{pane_dead_status} is sometimes never filled: the pane dies before tmux reaps the process)."""
        self.rc_file = rc_file
        env_args = [f"{k}={v}" for k, v in APP_ENV.items()]
        shell = 'env "$@"; echo $? > "$0"'
        # -f /dev/null: no user configuration; the pane stays after exit so a traceback can be read
        subprocess.run([TMUX, "-L", self.socket, "-f", "/dev/null", "new-session", "-d", "-s", "judge",
                        "-x", "80", "-y", "24", "-c", str(cwd), "--", "sh", "-c", shell, str(rc_file),
                        *env_args, *command],
                       env=self.env, check=True, capture_output=True, text=True, timeout=10)
        self.run("set-option", "-t", "judge", "remain-on-exit", "on", check=False)
        self.socket_path = self.run("display-message", "-p", "#{socket_path}", check=False).stdout.strip()

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "judge", check=False).stdout

    def keys(self, *keys: str) -> None:
        for k in keys:
            self.run("send-keys", "-t", "judge", "-l", k)

    def wait(self, predicate, what: str, timeout: float = 20.0) -> str:
        """Poll the screen until `predicate(screen)` holds."""
        end = time.monotonic() + timeout
        text = ""
        while time.monotonic() < end:
            text = self.screen()
            if predicate(text):
                return text
            if self.dead() is not None:
                break
            time.sleep(0.05)
        raise AssertionError(f"waited for {what}; the screen shows:\n{text}")

    def dead(self) -> int | None:
        """The app's exit status once it has ended, else None."""
        try:
            text = self.rc_file.read_text().strip()
        except (OSError, AttributeError):
            return None
        return int(text) if text.lstrip("-").isdigit() else None

    def kill(self) -> None:
        self.run("kill-server", check=False)
        if getattr(self, "socket_path", ""):  # tmux leaves the socket file behind
            Path(self.socket_path).unlink(missing_ok=True)


def row(screen: str, board: int) -> str:
    """The line of the round panel for this board (`  1  Adams, Ann (1) ...`)."""
    for line in screen.splitlines():
        if line.lstrip().startswith(f"{board}  ") and "(" in line:
            return line
    return ""


@pytest.fixture
def paired(tmp_path) -> Path:
    """Eight players, round 1 of 3 freshly paired (first player white on board 1), no results."""
    e = commands.new_event("Tmux Cup", 3, initial_colour="w", lots_seed=5)
    for name, rating in NAMES:
        e = commands.add_player(e, name, rating=rating)
    e = pairing.pair_next(e)
    p = tmp_path / "cup.toml"
    create(p, e)
    return p


def test_results_and_pairing_by_keys_in_tmux(paired):
    before = load(paired).find_round("swiss", None, 1)
    boards = [g.board for g in before.games if g.second is not None]
    assert boards[:2] == [1, 2] and all(g.result is None for g in before.games)
    t = Tmux()
    try:
        t.start([sys.executable, "-m", "arbiter_tournament.tui.cli", str(paired)], cwd=ROOT, rc_file=paired.parent / "app.rc")
        t.wait(lambda s: "Round 1" in s and "missing" in s and row(s, 1), "the round panel")
        # the cursor starts on board 1: `1` = the first player wins, then it moves to board 2: `=` = draw
        t.keys("1")
        t.wait(lambda s: "1-0" in row(s, 1), "1-0 on board 1")
        t.keys("=")
        t.wait(lambda s: "1/2" in row(s, 2), "1/2 on board 2")
        rest = boards[2:]
        for b, key, shown in zip(rest, "01" * len(rest), ["0-1", "1-0"] * len(rest)):
            t.keys(key)
            t.wait(lambda s, b=b, shown=shown: shown in row(s, b), f"{shown} on board {b}")
        t.wait(lambda s: "all results in" in s, "the round complete")
        # pair the next round: the preview, then `y`
        t.keys("p")
        t.wait(lambda s: "Pairing of round 2" in s, "the pairing preview")
        t.keys("y")
        t.wait(lambda s: "round 2 paired" in s and "Round 2" in s, "round 2 on the screen")
        t.keys("q")
        end = time.monotonic() + 8
        while t.dead() is None and time.monotonic() < end:
            time.sleep(0.05)
        status = t.dead()
        assert status == 0, f"the app did not quit cleanly (exit status {status}):\n{t.screen()}"
    finally:
        t.kill()
    e = load(paired)
    r1 = e.find_round("swiss", None, 1)
    assert r1.game(1).result is Result.FIRST_WINS and r1.game(1).by == f"judge1@{hostname()}"
    assert r1.game(2).result is Result.DRAW and r1.game(2).by == f"judge1@{hostname()}"
    expected = {b: (Result.SECOND_WINS if i % 2 == 0 else Result.FIRST_WINS) for i, b in enumerate(boards[2:])}
    for b, res in expected.items():
        assert r1.game(b).result is res
    assert r1.missing == 0
    r2 = e.find_round("swiss", None, 2)
    assert len(r2.games) == len(NAMES) // 2 and all(g.result is None for g in r2.games)
    met = {frozenset(g.players) for g in r1.games}
    assert not any(frozenset(g.players) in met for g in r2.games)  # no rematch
    assert not (paired.parent / "cup.toml.who").exists()  # the session left


@pytest.fixture
def heavy(tmp_path) -> Path:
    """Two tables: table 1 is the perf corpus's 1500-player event cut before round 3 (its heaviest round
    to pair), table 2 ten players with round 1 to play."""
    from tests.tui.test_tui_jobs import PERF, two_tables

    trf = PERF / "perf_n1500_r9_byes.trf"
    p = tmp_path / "heavy.toml"
    create(p, two_tables(trf, 3))
    return p


def test_a_heavy_round_pairs_in_the_background_in_tmux(heavy):
    """p on a heavy round: the progress line at once (its clock says 0 s), a result on the other table saved
    while the pairing goes on, Esc stops it at once (the pairing would take far longer), the file unchanged
    but for that result."""
    before = load(heavy)
    t = Tmux()
    try:
        # the engine's slowest search (tests/cli/test_cli_interrupt.py): the fast one pairs this round in about a
        # second, too soon on an idle machine for a result on the other table to be entered meanwhile
        t.start([*SLOW_ARBITER, str(heavy)], cwd=ROOT, rc_file=heavy.parent / "app.rc")
        t.wait(lambda s: "Round 2 · table 1" in s and "all results in" in s, "table 1's round 2, complete", 30)
        t.keys("p")
        shown = t.wait(lambda s: "pairing round 3 of table 1" in s, "the progress line")
        assert "… 0 s" in shown, shown  # drawn within the pairing's first second
        t.keys("T")
        t.wait(lambda s: "Round 1 · table 2" in s, "table 2")
        t.keys("1")
        t.wait(lambda s: "1-0" in row(s, 1) and "pairing round 3 of table 1" in s, "1-0 on table 2 during the pairing")
        t.keys("T")
        t.wait(lambda s: "Round 2 · table 1" in s, "back on table 1")
        t.keys("\x1b")  # Esc (tmux send-keys -l sends it as typed)
        t.wait(lambda s: "stopped, nothing saved" in s and "pairing round 3 of table 1 …" not in s, "Esc: stopped")
        t.keys("q")
        end = time.monotonic() + 15
        while t.dead() is None and time.monotonic() < end:
            time.sleep(0.05)
        status = t.dead()
        assert status == 0, f"the app did not quit cleanly (exit status {status}):\n{t.screen()}"
    finally:
        t.kill()
    e = load(heavy)
    assert e.rounds_of("swiss", 1) == before.rounds_of("swiss", 1)  # no round 3, nothing of table 1 changed
    r = e.find_round("swiss", 2, 1)
    assert r.game(1).result is Result.FIRST_WINS and r.game(1).by == f"judge1@{hostname()}"
