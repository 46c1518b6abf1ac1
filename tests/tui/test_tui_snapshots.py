"""SVG snapshots of the main screens (pytest-textual-snapshot) at 80x24 and at 160x48.

The round, standings and bracket panels, and the wide side-by-side layout.
Every event is built here with fixed names and hand-made rounds (not the
demo, not the pairing engine), and the app's clock is frozen with a round
clock running, so the pictures change only when the TUI (or the top's
bracket text) does. Update with
`pytest tests/tui/test_tui_snapshots.py --snapshot-update` after a deliberate
change and look at the pictures (`snapshot_report.html`) before committing.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.event.model import Game, Round
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import create
from arbiter_tournament.tui.app import ArbiterApp

pytest.importorskip("pytest_textual_snapshot")

NOW = datetime(2026, 11, 28, 14, 0, 0, tzinfo=timezone.utc)
SMALL, WIDE = (80, 24), (160, 48)
SIZES = pytest.mark.parametrize("size", [SMALL, WIDE], ids=["80x24", "160x48"])

W, D, L = Result.FIRST_WINS, Result.DRAW, Result.SECOND_WINS

# ten players; names that would be markup if they were not shown as text
NAMES = (("Carol [/]", 2200), ("Dan", 2150), ("[red]Eve[/red]", 2100), ("Fay", 2050), ("Gus", 2000),
         ("Hal", 1950), ("Ivy", 1900), ("Jon", 1850), ("Kim", 1800), ("Lea", 1750))
# three Swiss rounds without a rematch: (first, second, result)
SWISS = (
    ((1, 6, D), (7, 2, L), (3, 8, W), (9, 4, D), (5, 10, L)),
    ((2, 3, L), (10, 1, W), (6, 9, D), (4, 5, L), (8, 7, W)),
    ((3, 10, W), (9, 2, D), (5, 6, L), (1, 8, W), (7, 4, D)),
)


def small_event(path):
    e = commands.new_event("Snapshot Cup", 5, lots_seed=3, tiebreaks=("BH-C1", "SB"))
    for name, rating in (("Carol [/]", 1900), ("Dan", 1800), ("[red]Eve[/red]", 1700), ("Fay", 1600),
                         ("Gus", 1500), ("Hal", 1400), ("Ivy", 1300)):
        e = commands.add_player(e, name, rating=rating)
    games = (Game(1, 1, 5, Result.FIRST_WINS, by="a"), Game(2, 6, 2), Game(3, 3, 7, Result.DRAW, by="a"),
             Game(4, 4, None, Result.BYE))
    e = e.with_round(Round("swiss", 1, games))
    create(path, e)


def swiss_event(rounds_played: int, *, top: int = 4):
    """Ten players, `rounds_played` of the Swiss rounds above complete."""
    e = commands.new_event("Snapshot Open", 3, top=top, third_place=True, lots_seed=3,
                           tiebreaks=("BH-C1", "BH", "SB", "WIN"), initial_colour="w")
    for name, rating in NAMES:
        e = commands.add_player(e, name, rating=rating, club="Rooks" if rating % 100 else "Knights")
    for k, games in enumerate(SWISS[:rounds_played], start=1):
        e = e.with_round(Round("swiss", k, tuple(Game(b, a, c, r, by="anna")
                                                 for b, (a, c, r) in enumerate(games, start=1))))
    return e


def with_clock(e, stage: str, number: int, minutes_left: float):
    deadline = (NOW + timedelta(minutes=minutes_left)).isoformat(timespec="seconds")
    return commands.set_clock(e, stage, None, number, deadline=deadline)


def round_in_progress(path):
    """Round 3 of 3 in progress: two results in, three missing, 12:30 left on the clock."""
    e = swiss_event(2)
    games = tuple(Game(b, a, c, r if b <= 2 else None, by="anna" if b <= 2 else "")
                  for b, (a, c, r) in enumerate(SWISS[2], start=1))
    e = with_clock(e.with_round(Round("swiss", 3, games)), "swiss", 3, 12.5)
    create(path, e)


def top_started(path):
    """The Swiss finished, the top of four started, its first semi-final decided."""
    from arbiter_tournament.core.knockout import stage as top

    e = top.start_top(swiss_event(3))
    e = top.record_top_result(e, 1, 1, Result.FIRST_WINS, by="anna")
    e = with_clock(e, "top", 1, 45)
    create(path, e)


def top8_started(path):
    """A top of eight (Carol [/] and [red]Eve[/red] in it), no result yet."""
    from arbiter_tournament.core.knockout import stage as top

    create(path, with_clock(top.start_top(swiss_event(3, top=8)), "top", 1, 45))


def make(path) -> ArbiterApp:
    return ArbiterApp(path, lang="en", user="judge1", poll_interval=0, presence=False, clock=lambda: NOW)


# -- the first two pictures (80x24) ---------------------------------------------------------


def test_round_panel_80x24(tmp_path, snap_compare):
    p = tmp_path / "snap.toml"
    small_event(p)
    assert snap_compare(make(p), terminal_size=SMALL)


def test_overwrite_dialog_80x24(tmp_path, snap_compare):
    p = tmp_path / "snap.toml"
    small_event(p)
    assert snap_compare(make(p), terminal_size=SMALL, press=["up", "0"])


# -- the panels at 80x24 and 160x48 ---------------------------------------------------------


@SIZES
def test_round_in_progress(tmp_path, snap_compare, size):
    """The round panel (at 160 columns beside the standings), the clock in the status line."""
    p = tmp_path / "open.toml"
    round_in_progress(p)
    assert snap_compare(make(p), terminal_size=size)


@SIZES
def test_results_entered_by_keys(tmp_path, snap_compare, size, monkeypatch):
    """`1` and `=` on the first boards without a result: the cells patched in place, the echo, the cursor, the
    result just entered reversed (its moment made long: the snapshot is the same however slow the machine)."""
    from arbiter_tournament.tui.widgets import round_panel

    monkeypatch.setattr(round_panel, "FLASH", 600.0)
    p = tmp_path / "open.toml"
    round_in_progress(p)
    assert snap_compare(make(p), terminal_size=size, press=["1", "equals_sign"])


@SIZES
def test_standings_panel(tmp_path, snap_compare, size):
    p = tmp_path / "open.toml"
    round_in_progress(p)
    assert snap_compare(make(p), terminal_size=size, press=["s"])


@SIZES
def test_bracket_panel_no_top_yet(tmp_path, snap_compare, size):
    p = tmp_path / "open.toml"
    round_in_progress(p)
    assert snap_compare(make(p), terminal_size=size, press=["b"])


@SIZES
def test_top_round_panel(tmp_path, snap_compare, size):
    """The top's first round: points before the top; at 160 columns the bracket takes the right column."""
    p = tmp_path / "top.toml"
    top_started(p)
    assert snap_compare(make(p), terminal_size=size)


@SIZES
def test_bracket_panel(tmp_path, snap_compare, size):
    p = tmp_path / "top.toml"
    top_started(p)
    assert snap_compare(make(p), terminal_size=size, press=["b"])


@SIZES
def test_bracket_cursor(tmp_path, snap_compare, size):
    """A top of eight: the cursor moved down to quarter-final 3 and right to its semi-final, shown in full
    under the tree; at 160 columns the bracket has the right column, the round stands over the standings."""
    p = tmp_path / "top8.toml"
    top8_started(p)
    assert snap_compare(make(p), terminal_size=size, press=["b", "j", "j", "l"])
