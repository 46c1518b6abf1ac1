"""Two SVG snapshots of the 80x24 layout (pytest-textual-snapshot): the round panel and a dialog.

The event is built here (not the demo), so the pictures change only when the TUI does.
Update with `pytest tests/test_tui_snapshots.py --snapshot-update` after a deliberate change.
"""

from __future__ import annotations

import pytest

from core import commands
from core.model import Game, Round
from core.results import Result
from core.store import create
from tui.app import ArbiterApp

pytest.importorskip("pytest_textual_snapshot")


def small_event(path):
    e = commands.new_event("Snapshot Cup", 5, lots_seed=3, tiebreaks=("BH-C1", "SB"))
    for name, rating in (("Carol [/]", 1900), ("Dan", 1800), ("[red]Eve[/red]", 1700), ("Fay", 1600),
                         ("Gus", 1500), ("Hal", 1400), ("Ivy", 1300)):
        e = commands.add_player(e, name, rating=rating)
    games = (Game(1, 1, 5, Result.FIRST_WINS, by="a"), Game(2, 6, 2), Game(3, 3, 7, Result.DRAW, by="a"),
             Game(4, 4, None, Result.BYE))
    e = e.with_round(Round("swiss", 1, games))
    create(path, e)


def make(path) -> ArbiterApp:
    return ArbiterApp(path, lang="en", user="judge1", poll_interval=0, presence=False)


def test_round_panel_80x24(tmp_path, snap_compare):
    p = tmp_path / "snap.toml"
    small_event(p)
    assert snap_compare(make(p), terminal_size=(80, 24))


def test_overwrite_dialog_80x24(tmp_path, snap_compare):
    p = tmp_path / "snap.toml"
    small_event(p)
    assert snap_compare(make(p), terminal_size=(80, 24), press=["up", "0"])
