"""The ':' line by player (issue 27.3) in the real program: tmux at 80x24, keys sent from outside, both
languages (`L` switches), the event file checked after `q`. The pilot tests: test_tui_by_player.py."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.store import create, load
from tests.conftest import ROOT
from tests.tui.test_tui_tmux import TMUX, Tmux

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed: the real-terminal test needs it")

NAMES = (("Ivanov, Ivan", 2100), ("Brown, Bob", 2000), ("Ivanov, Petr", 1900), ("Dunn, Di", 1800),
         ("Ellis, Ed", 1700), ("Frost, Flo", 1600), ("Grant, Gil", 1500), ("Hale, Hy", 1400))


@pytest.fixture
def paired(tmp_path) -> Path:
    e = commands.new_event("Slip Cup", 3, initial_colour="w", lots_seed=5)
    for name, rating in NAMES:
        e = commands.add_player(e, name, rating=rating)
    p = tmp_path / "slips.toml"
    create(p, pairing.pair_next(e))
    return p


def test_results_by_player_in_tmux_in_both_languages(paired):
    e = load(paired)
    rnd = e.find_round("swiss", None, 1)
    board_of = {pid: (g.board, pid == g.first) for g in rnd.games for pid in g.players}
    pid = {p.name: p.id for p in e.players}
    brown, dunn = pid["Brown, Bob"], pid["Dunn, Di"]
    ivanovs = sorted((board_of[pid[n]][0], pid[n]) for n in ("Ivanov, Ivan", "Ivanov, Petr"))
    assert len({board_of[brown][0], board_of[dunn][0], *(b for b, _ in ivanovs)}) == 4  # four boards apart
    t = Tmux()
    try:
        t.start([sys.executable, "-m", "arbiter_tournament.tui.cli", str(paired)], cwd=ROOT, rc_file=paired.parent / "app.rc")
        t.wait(lambda s: "Round 1" in s and "missing" in s, "the round panel")
        # "Bro", Tab completes the name (the prompt names the player and the board), " 0": Brown lost
        t.keys(":")
        t.wait(lambda s: "Ivanov 0" in s, "the ':' line")
        t.keys("Bro")
        b = board_of[brown][0]
        t.wait(lambda s: f"Brown, Bob ({brown}) board {b}" in s, "the player the line means")
        time.sleep(0.3)  # the completion is worked out in a worker
        t.run("send-keys", "-t", "judge", "Tab")
        t.wait(lambda s: any("Brown, Bob" in line and "▊" in line for line in s.splitlines()), "the name completed")
        t.keys(" 0")
        t.run("send-keys", "-t", "judge", "Enter")
        t.wait(lambda s: f"#{brown} → board {b}:" in s, "the board chosen said")
        # by id: Dunn won
        t.keys(":")
        t.wait(lambda s: "Ivanov 0" in s, "the ':' line")
        t.keys(f"#{dunn} 1")
        t.run("send-keys", "-t", "judge", "Enter")
        d = board_of[dunn][0]
        t.wait(lambda s: f"#{dunn} → board {d}:" in s, "the board chosen said")
        # in Russian: a name of two players asks which one
        t.keys("L")
        t.wait(lambda s: "Тур 1" in s, "the Russian screen")
        t.keys(":")
        t.wait(lambda s: "Иванов 0" in s, "the Russian ':' line")
        t.keys("Ivanov =")
        t.run("send-keys", "-t", "judge", "Enter")
        t.wait(lambda s: "Какой участник?" in s and "Ivanov, Petr" in s, "the question")
        t.keys("2")
        second_board, second_pid = ivanovs[1]
        t.wait(lambda s: f"#{second_pid} → доска {second_board}:" in s, "the board chosen said in Russian")
        t.keys("q")
        end = time.monotonic() + 8
        while t.dead() is None and time.monotonic() < end:
            time.sleep(0.05)
        assert t.dead() == 0, f"the app did not quit cleanly:\n{t.screen()}"
    finally:
        t.kill()
    r1 = load(paired).find_round("swiss", None, 1)
    assert r1.game(b).result is (Result.SECOND_WINS if board_of[brown][1] else Result.FIRST_WINS)
    assert r1.game(d).result is (Result.FIRST_WINS if board_of[dunn][1] else Result.SECOND_WINS)
    assert r1.game(second_board).result is Result.DRAW
    assert r1.game(ivanovs[0][0]).result is None
