"""The fixtures of the TUI's tests: a copy of the demo, an event of one table; fsync off (tests/tui/pilot.py has
the helpers that drive the app)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.store import create
from tests.conftest import ROOT
from tests.helpers import event_with_players


@pytest.fixture(autouse=True)
def no_fsync(monkeypatch):
    """Durability has its own tests (tests/durability); here fsync only costs time."""
    import os

    monkeypatch.setattr(os, "fsync", lambda fd: None)


@pytest.fixture
def demo(tmp_path) -> Path:
    p = tmp_path / "demo.toml"
    shutil.copy(ROOT / "saves" / "demo.toml", p)
    return p


@pytest.fixture
def one_table(tmp_path) -> Path:
    """24 players on one table, round 1 paired (12 boards), no results."""
    p = tmp_path / "open.toml"
    e = event_with_players(24, rounds=5)
    e = pairing.pair_next(e)
    create(p, e)
    return p
