"""Several judges at once, and writers killed mid-change: nothing reported done is ever lost."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

from core.results import Result
from core.store import create, load
from tests.conftest import ROOT
from tests.helpers import event_with_players, with_round

WRITER = r"""
import sys
sys.path.insert(0, {root!r})
from core import commands
from core.results import Result
from core.store import EventFile
path, boards = sys.argv[1], [int(b) for b in sys.argv[2].split(",")]
ef = EventFile(path)
for b in boards:
    res = Result.FIRST_WINS if b % 3 == 0 else Result.DRAW if b % 3 == 1 else Result.SECOND_WINS
    ef.change(lambda e: commands.record_result(e, "swiss", None, 1, b, res, by="w"), f"board {{b}}")
    print(b, flush=True)
"""


def expected(board: int) -> Result:
    return Result.FIRST_WINS if board % 3 == 0 else Result.DRAW if board % 3 == 1 else Result.SECOND_WINS


def big_round(tmp_path, boards: int):
    e = event_with_players(2 * boards)
    e = with_round(e, 1, [(i, boards + i) for i in range(1, boards + 1)])
    path = tmp_path / "ev.toml"
    create(path, e)
    return path


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
        assert len(out.split()) == 100
    rnd = load(path).find_round("swiss", None, 1)
    assert all(g.result is expected(g.board) for g in rnd.games)


def test_writer_killed_at_random_moments_never_loses_a_reported_change(tmp_path):
    path = big_round(tmp_path, 150)
    script = WRITER.format(root=str(ROOT))
    rng = random.Random(2026)
    remaining = list(range(1, 151))
    reported: set[int] = set()
    for attempt in range(12):
        if not remaining:
            break
        p = subprocess.Popen([sys.executable, "-c", script, str(path), ",".join(map(str, remaining))],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        time.sleep(rng.uniform(0.15, 0.6))
        p.send_signal(signal.SIGKILL)
        out, _ = p.communicate()
        reported |= {int(x) for x in out.split()}
        event = load(path)  # the file always loads: old or new, never half-written
        rnd = event.find_round("swiss", None, 1)
        for g in rnd.games:
            if g.board in reported:
                assert g.result is expected(g.board), f"board {g.board} was reported done but is lost"
        remaining = [g.board for g in rnd.games if g.result is None]
        leftovers = [f for f in os.listdir(tmp_path) if f.endswith(".tmp")]
        for f in leftovers:  # a killed writer may leave its temporary file; never the event
            os.unlink(tmp_path / f)
    assert reported, "the writer never got a change done: the test proved nothing"
