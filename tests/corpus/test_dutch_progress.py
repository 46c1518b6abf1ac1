"""The progress hook of pair_round: called while the engine works, and
whatever it raises aborts the pairing, leaving nothing behind."""

from __future__ import annotations

import os
import sys

import pytest

from arbiter_tournament.core.formats.trf import parse_trf
from arbiter_tournament.core.swiss import pair_round
from arbiter_tournament.core.formats.trfpair import trf_pair
from arbiter_tournament.core.formats.trfpair import request_from_trf, stored_round
from tests.conftest import CORPUS

# a round whose big brackets go through the weighted matchings (dutch.md 9.4)
EVENT, ROUND = os.path.join(CORPUS, "clean_n300_r9.trf"), 5


class Cancelled(Exception):
    pass


def _request():
    with open(EVENT, encoding="utf-8") as fh:
        t = parse_trf(fh.read(), EVENT)
    if t.total_rounds is None:
        t.total_rounds = max(len(p.records) for p in t.players)
    return t, request_from_trf(t, ROUND - 1, EVENT)


def _frames(tb) -> list[str]:
    out = []
    while tb is not None:
        out.append(tb.tb_frame.f_code.co_name)
        tb = tb.tb_next
    return out


def _stop_after(k: int):
    calls = [0]

    def progress():
        calls[0] += 1
        if calls[0] > k:
            raise Cancelled(k)
    return progress


@pytest.mark.skipif(not os.path.exists(EVENT), reason="corpus not available")
def test_progress_is_called_and_cancels_cleanly():
    t, req = _request()
    games, bye = stored_round(t, ROUND)
    callers: list[str] = []

    def counting():
        callers.append(sys._getframe(1).f_code.co_name)
    ref = pair_round(req, progress=counting)
    assert set(ref.boards) == games and ref.bye == bye
    n = len(callers)
    assert n > 100  # many times in one round, not once per bracket
    # the same calls again: the hook does not depend on earlier pairings
    first = list(callers)
    callers.clear()
    assert pair_round(req, progress=counting).boards == ref.boards
    assert callers == first
    # abort at calls from each long loop: brackets, search nodes, weighted matchings (their
    # setup steps and stages: weighted._Solver.tick), the remainder's solves
    inside = {name: [i for i, c in enumerate(first) if c == name]
              for name in ("_pair_round", "_transpose", "tick", "solve")}
    assert all(inside.values()), {k: len(v) for k, v in inside.items()}
    ks = {0, n - 1} | {idx[len(idx) // 2] for idx in inside.values()}
    limit = sys.getrecursionlimit()
    for k in sorted(ks):
        with pytest.raises(Cancelled) as err:
            pair_round(req, progress=_stop_after(k))
        assert err.value.args == (k,)
        assert _frames(err.value.__traceback__)[-2] == first[k]
        assert sys.getrecursionlimit() == limit
        # a later pairing of the same request is exact
        again = pair_round(req)
        assert (again.boards, again.bye, again.explanation) == (ref.boards, ref.bye, ref.explanation)
    # the last call comes before the pairing is returned: stopping after n calls lets it finish
    assert pair_round(req, progress=_stop_after(n)).boards == ref.boards


SMALL = """012 example
001    1      Player0001                        2380                             0.0    1
001    2      Player0002                        2360                             0.0    2
001    3      Player0003                        2340                             0.0    3
001    4      Player0004                        2320                             0.0    4
001    5      Player0005                        2300                             0.0    5
XXC white1
XXR 3
"""


def test_trf_pair_takes_the_progress_hook():
    count = [0]

    def counting():
        count[0] += 1
    assert trf_pair(SMALL, progress=counting) == trf_pair(SMALL) == "3\n1 3\n4 2\n5 0\n"
    assert count[0] > 0
    with pytest.raises(Cancelled):
        trf_pair(SMALL, progress=_stop_after(count[0] - 1))
    assert trf_pair(SMALL, progress=_stop_after(count[0])) == trf_pair(SMALL)


def test_explain_round_stops_when_its_progress_raises_and_says_the_same_after():
    from arbiter_tournament.core.event.commands import new_event, record_result
    from arbiter_tournament.core.event.model import Player
    from arbiter_tournament.core.pairing.rounds import explain_round, pair_next
    from arbiter_tournament.core.event.results import Result

    ev = new_event("Open", 5)
    from dataclasses import replace as _r
    ev = _r(ev, players=tuple(Player(id=i, name=f"P{i}", rating=2200 - 7 * i) for i in range(1, 41)))
    ev = pair_next(ev)
    for g in ev.rounds[0].games:
        ev = record_result(ev, "swiss", None, 1, g.board, Result.FIRST_WINS if g.board % 2 else Result.DRAW)
    ev = pair_next(ev)
    rnd = ev.rounds_of("swiss")[-1]

    class Stop(Exception):
        pass

    calls = [0]

    def stop_at_third():
        calls[0] += 1
        if calls[0] == 3:
            raise Stop

    with pytest.raises(Stop):  # not turned into "the engine refused"
        explain_round(ev, rnd, progress=stop_at_third)
    assert explain_round(ev, rnd) == explain_round(ev, rnd, progress=lambda: None)
