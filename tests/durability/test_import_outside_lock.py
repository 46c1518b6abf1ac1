"""A bulk import holds the event's lock only for its final write (issue 36 point 4): another judge's
`players add` made while the import is being prepared (its rows checked, its players made, the file's
text written) is saved at once, without waiting; the import then sees the file changed and is made
again from it, so both are kept. Not timed: the import is held in its preparation until the other
judge's real process has saved (bench/bench_csv.py measures the wait on 100,000 players)."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass

from arbiter_tournament.core.commands import ImportPlayers, run
from arbiter_tournament.core.event import commands
from arbiter_tournament.core.store import EventFile, create, load
from tests.cli_run import run_process


@dataclass(frozen=True)
class HeldImport(ImportPlayers):
    """The import, its first preparation held until another judge's `players add` has been saved."""

    other: tuple = ()

    def apply(self, event):
        path, seen = self.other
        if not seen:
            seen.append(1)
            proc = subprocess.run([sys.executable, "-m", "arbiter_tournament.tui.cli", "players", "add", str(path), "Late, Lena",
                                   "--rating", "1800"], capture_output=True, text=True, timeout=120)
            assert proc.returncode == 0, proc.stderr  # saved while the import is prepared: never waited for it
            assert proc.stdout == "added Late, Lena as player 1\n"
        return super().apply(event)


def test_another_judge_s_add_is_saved_while_an_import_is_prepared_and_both_are_kept(tmp_path):
    path = tmp_path / "ev.toml"
    create(path, commands.new_event("Open", 5))
    rows = tuple({"name": f"Player {i}", "rating": 1000 + i, "federation": "Россия"} for i in range(1, 2001))
    seen: list = []
    new = run(EventFile(path, lock_timeout=5.0), HeldImport(rows, "reg.csv", other=(path, seen)))
    assert seen == [1]
    e = load(path)
    assert e == new and len(e.players) == 2001
    assert e.players[0].name == "Late, Lena" and e.players[0].id == 1  # the other judge's, kept
    assert [p.id for p in e.players[1:]] == list(range(2, 2002)) and e.players[-1].federation == "RUS"
    code = run_process("log", path)
    assert code.returncode == 0 and "import 2000 players from reg.csv" in code.stdout


def test_an_import_waits_for_no_lock_while_it_is_prepared(tmp_path, monkeypatch):
    """The lock is taken once, after the players and the file's text are made."""
    import arbiter_tournament.core.store as store

    path = tmp_path / "ev.toml"
    create(path, commands.new_event("Open", 5))
    order = []
    real_locked, real_dumps = store.locked, store.dumps
    monkeypatch.setattr(store, "locked", lambda *a, **k: (order.append("lock"), real_locked(*a, **k))[1])
    monkeypatch.setattr(store, "dumps", lambda e: (order.append("text"), real_dumps(e))[1])
    rows = tuple({"name": f"P{i}"} for i in range(500))
    run(EventFile(path), ImportPlayers(rows, "reg.csv"))
    assert order == ["text", "lock"]
    assert len(load(path).players) == 500
