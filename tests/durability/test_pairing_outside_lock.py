"""Pairing outside the lock: another judge's change never waits for a pairing (core.commands.PairNext, run by core.commands.run).

The pairing is made slow deterministically: its `progress` callback waits
until the other judge's process has saved its change. That process measures
how long it waited for the event's lock.
"""

from __future__ import annotations

import random
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, replace

import pytest

from arbiter_tournament.core.commands import PairNext, run
from arbiter_tournament.core.event import commands
from arbiter_tournament.core.pairing import rounds as pairing, preview
from arbiter_tournament.core.errors import Conflict
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import EventFile, create, load
from tests.conftest import ROOT
from tests.helpers import event_with_players

OTHER_JUDGE = r"""
import sys, time
sys.path.insert(0, {root!r})
from arbiter_tournament.core.event import commands
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import EventFile
path, table, rnd, board, flag = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
table = None if table == "-" else int(table)
ef = EventFile(path)
ef.load()
start = time.monotonic()
ef.change(lambda e: commands.record_result(e, "swiss", table, rnd, board, Result.SECOND_WINS, by="boris", force=True),
          "boris's result")
print(ef.lock_wait, time.monotonic() - start, flush=True)
open(flag, "w").close()
"""


def finish(e, rng, table=None):
    rnd = e.rounds_of("swiss", table)[-1]
    games = tuple(g if g.second is None or g.result is not None else
                  replace(g, result=rng.choice([Result.FIRST_WINS, Result.DRAW, Result.SECOND_WINS]))
                  for g in rnd.games)
    return e.with_round(replace(rnd, games=games))


class SlowPairing:
    """A `progress` callback: the first pairing waits until the other judge is done; counts the pairings made."""

    def __init__(self, flag):
        self.flag, self.computes, self.waited = flag, 0, False

    def __call__(self) -> None:
        if not self.waited:
            self.waited = True
            deadline = time.monotonic() + 120
            while not self.flag.exists():
                assert time.monotonic() < deadline, "the other judge never finished"
                time.sleep(0.01)


def _counting(monkeypatch):
    calls = []
    real = preview.propose

    def propose(event, table=None, **kw):
        calls.append(len(event.rounds))
        return real(event, table, **kw)

    monkeypatch.setattr(preview, "propose", propose)
    return calls


def _pair_while_another_judge_enters(path, table, other, monkeypatch, tmp_path):
    """Pair `table` in a thread; meanwhile another process enters `other` = (table, round, board). Its lock wait."""
    flag = tmp_path / "done"
    slow = SlowPairing(flag)
    calls = _counting(monkeypatch)
    out: dict = {}

    def pair():
        try:
            out["event"] = run(EventFile(path), PairNext(table), progress=slow)
        except BaseException as exc:  # seen by the test below
            out["error"] = exc

    t = threading.Thread(target=pair)
    t.start()
    while not slow.waited:  # the pairing is under way (its snapshot read, no lock held)
        time.sleep(0.005)
    t_other, rnd, board = other
    judge = subprocess.run([sys.executable, "-c", OTHER_JUDGE.format(root=str(ROOT)), str(path),
                            "-" if t_other is None else str(t_other), str(rnd), str(board), str(flag)],
                           capture_output=True, text=True, timeout=120)
    t.join(timeout=120)
    assert judge.returncode == 0, judge.stderr
    assert "error" not in out, out.get("error")
    lock_wait, _total = (float(x) for x in judge.stdout.split())
    return out["event"], lock_wait, calls


def test_a_result_on_another_table_is_saved_at_once_and_the_pairing_commits_unchanged(tmp_path, monkeypatch):
    rng = random.Random(3)
    e = event_with_players(16, tables=2)
    e = pairing.pair_next(e)
    e = finish(e, rng, 1)  # table 1 is ready for round 2; table 2 is still playing round 1
    path = tmp_path / "ev.toml"
    create(path, e)
    expected = pairing.pair_next(e, 1).find_round("swiss", 1, 2)

    new, lock_wait, calls = _pair_while_another_judge_enters(path, 1, (2, 1, 1), monkeypatch, tmp_path)

    assert lock_wait < 0.1, f"the other judge waited {lock_wait:.3f} s for the lock"
    assert calls == [2], "a result on another table does not matter to this pairing: it is not made again"
    saved = load(path)
    assert saved == new
    assert saved.find_round("swiss", 1, 2) == expected
    assert saved.find_round("swiss", 2, 1).game(1).result is Result.SECOND_WINS  # both changes are in the file
    assert [x.what for x in EventFile(path).history()] == ["boris's result", "pair round 2 of table 1"]


def test_a_correction_that_matters_is_saved_at_once_and_the_pairing_is_made_again(tmp_path, monkeypatch):
    rng = random.Random(4)
    e = event_with_players(10)
    e = finish(pairing.pair_next(e), rng)
    path = tmp_path / "ev.toml"
    create(path, e)
    board = next(g.board for g in e.rounds[0].games if g.second is not None and g.result is not Result.SECOND_WINS)

    new, lock_wait, calls = _pair_while_another_judge_enters(path, None, (None, 1, board), monkeypatch, tmp_path)

    assert lock_wait < 0.1, f"the other judge waited {lock_wait:.3f} s for the lock"
    assert calls == [1, 1], "the corrected round 1 makes the first pairing stale: it is made again"
    saved = load(path)
    assert saved == new
    corrected = commands.record_result(e, "swiss", None, 1, board, Result.SECOND_WINS, by="boris", force=True)
    assert saved.find_round("swiss", None, 1).game(board).result is Result.SECOND_WINS
    assert saved.find_round("swiss", None, 2) == pairing.pair_next(corrected).find_round("swiss", None, 2)
    assert [x.what for x in EventFile(path).history()] == ["boris's result", "pair round 2"]


def test_the_pairing_gives_up_after_a_bound_when_the_event_keeps_changing(tmp_path):
    rng = random.Random(5)
    e = finish(pairing.pair_next(event_with_players(6)), rng)
    path = tmp_path / "ev.toml"
    create(path, e)
    other = EventFile(path, lock_timeout=1.0)
    n, fresh = [0], [False]

    @dataclass(frozen=True)
    class Watched(PairNext):  # PairNext itself; it says when an attempt starts computing from its snapshot
        def compute(self, snapshot, progress=None):
            fresh[0] = True
            return super().compute(snapshot, progress)

    def meddle():  # runs while the pairing is computed (the engine calls it many times): the lock is free,
        # so this change goes through at once; once an attempt, each one differing from every earlier state
        if not fresh[0]:
            return
        fresh[0] = False
        n[0] += 1
        other.change(lambda ev: commands.add_player(ev, f"Late {n[0]}", rating=1000), f"meddle {n[0]}")

    with pytest.raises(Conflict, match="the event changed 3 times while this change was being prepared"):
        run(EventFile(path), Watched(), progress=meddle, attempts=3)
    assert n[0] == 3 and len(load(path).rounds) == 1  # nothing paired; every other change saved
    assert [x.what for x in EventFile(path).history()][-1].startswith("meddle")


def test_the_same_pairing_as_inside_the_lock_and_one_journal_entry(tmp_path):
    rng = random.Random(6)
    e = event_with_players(9)
    for _ in range(2):
        e = finish(pairing.pair_next(e), rng)
    path = tmp_path / "ev.toml"
    create(path, e)
    new = run(EventFile(path), PairNext())
    assert new == pairing.pair_next(e) == load(path)
    assert [x.what for x in EventFile(path).history()] == ["pair round 3"]
    assert EventFile(path).undo() == "pair round 3" and load(path) == e


def test_forbidden_rematch_allowed_pairing_is_journalled_as_such(tmp_path):
    e = commands.new_event("R", 3, lots_seed=1)
    for name in ("A", "B"):
        e = commands.add_player(e, name, rating=2000)
    e = pairing.pair_next(e)
    e = finish(e, random.Random(1))
    path = tmp_path / "ev.toml"
    create(path, e)
    new = run(EventFile(path), PairNext(allow_rematch=frozenset({frozenset((1, 2))})))
    assert len(new.rounds) == 2
    assert EventFile(path).history()[-1].what == "pair next round, allowing a rematch of 1,2"


# -- which changes matter to a pairing (docs/pairing.md, "Pairing outside the lock") ---------------


@pytest.fixture
def two_tables():
    rng = random.Random(8)
    e = event_with_players(16, tables=2)
    e = pairing.pair_next(e)
    e = finish(e, rng, 1)
    return e


def _matters(base, changed, table=1):
    return preview.differs(changed, preview.propose(base, table))


def test_what_matters_to_the_pairing_of_one_table(two_tables):
    e = two_tables
    t1 = [p.id for p in e.players if p.table == 1]
    t2 = [p.id for p in e.players if p.table == 2]
    r2 = e.find_round("swiss", 2, 1)
    g2 = next(g for g in r2.games if g.second is not None)
    g1 = e.find_round("swiss", 1, 1).games[0]
    do_not = {
        "a result on another table": commands.record_result(e, "swiss", 2, 1, g2.board, Result.DRAW, by="x"),
        "a new player on another table": commands.add_player(e, "New Two", rating=1500, table=2),
        "a withdrawal on another table": commands.withdraw(e, t2[0]),
        "the event's name": replace(e, name="Renamed Open"),
        "the round clock": replace(e, round_minutes=60),
    }
    do = {
        "a result of this table corrected": commands.record_result(e, "swiss", 1, 1, g1.board, Result.SECOND_WINS
                                                                   if g1.result is not Result.SECOND_WINS
                                                                   else Result.FIRST_WINS, by="x", force=True),
        "a new player on this table": commands.add_player(e, "New One", rating=1500, table=1),
        "a withdrawal on this table": commands.withdraw(e, t1[0]),
        "a bye request on this table": commands.request_bye(e, t1[1], 2, "half"),
        "a forbidden pair": commands.forbid_pair(e, t1[0], t1[1]),
        "the points": replace(e, scoring=replace(e.scoring, win=3)),
        "the rounds planned": replace(e, rounds_planned=e.rounds_planned + 1),
    }
    for what, changed in do_not.items():
        assert changed != e, what
        assert _matters(e, changed) is None, what
    for what, changed in do.items():
        assert changed != e, what
        assert _matters(e, changed) is not None, what


def test_a_stale_preview_is_still_refused_by_adopt(two_tables):
    e = two_tables
    p = preview.propose(e, 1)
    moved_on = commands.add_player(e, "New One", rating=1500, table=1)
    with pytest.raises(Conflict, match="the event changed since this pairing was proposed"):
        preview.adopt(moved_on, p)
    other_table = commands.add_player(e, "New Two", rating=1500, table=2)
    merged = preview.adopt(other_table, p)
    assert merged.find_round("swiss", 1, 2) == p.event.find_round("swiss", 1, 2)
    assert any(x.name == "New Two" for x in merged.players)


def test_saving_one_table_leaves_the_other_tables_pairing_order_as_the_file_has_it():
    """Table 2's pairing taken back (undo) while table 1 is paired: table 1's commit must not bring back
    table 2's fixed pairing order (`[swiss] order`), which its next pairing would use."""
    e0 = event_with_players(16, tables=2)
    e1 = pairing.pair_next(e0, 2)
    assert set(e1.stage_state("swiss")["order"]) == {"2"}
    p = preview.propose(e1, 1)  # table 1 paired from a snapshot in which table 2 is paired
    now = e0  # meanwhile table 2's pairing was undone: no round, no fixed order
    assert preview.differs(now, p) is None  # another table's pairing does not matter to table 1
    merged = preview.adopt(now, p)
    assert [r.key for r in merged.rounds] == [("swiss", 1, 1)]
    assert merged.stage_state("swiss") == {"order": {"1": p.event.stage_state("swiss")["order"]["1"]}}
    assert merged == pairing.pair_next(e0, 1)  # the same as pairing table 1 on the file as it is
    # and the other way round: table 2 paired meanwhile keeps its order beside table 1's
    p0 = preview.propose(e0, 1)
    both = preview.adopt(e1, p0)
    assert both.stage_state("swiss")["order"] == {"2": e1.stage_state("swiss")["order"]["2"],
                                                  "1": p0.event.stage_state("swiss")["order"]["1"]}
