"""core.tiebreaks.ranking: group-by-group tie-breaks, lots, shared places (properties and examples)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_tournament.core.tiebreaks.ranking import rank
from arbiter_tournament.core.event.records import Scoring
from arbiter_tournament.core.tiebreaks import Context
from arbiter_tournament.core.tiebreaks.notation import crosstable
from test_tiebreaks_properties import events

S = Scoring()
CODES = st.lists(st.sampled_from(["DE", "BH-C1", "BH", "SB", "WIN", "BPG", "PS", "ARO", "KS", "TPR-400"]),
                 max_size=4)


@settings(max_examples=80, deadline=None)
@given(events(), CODES, st.integers(0, 2**32), st.booleans(), st.sampled_from(["fide2024", "fide2026", "legacy"]))
def test_rank_properties(ev, codes, seed, share, edition):
    players, rounds = ev
    rows = rank(Context.of(players, scoring=S, rounds=rounds, edition=edition), codes, lots_seed=seed,
                share_places=share)
    assert sorted(r.id for r in rows) == sorted(p.id for p in players)  # a permutation
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)  # non-decreasing
    assert all(a.points >= b.points for a, b in zip(rows, rows[1:]))
    assert rows[0].rank == 1
    for i, r in enumerate(rows):
        assert r.rank <= i + 1
        if not share:
            assert r.rank == i + 1
        else:
            assert r.rank == i + 1 or (rows[i - 1].rank == r.rank and rows[i - 1].points == r.points)
    # reproducible lots, independent of the input order
    again = rank(Context.of(list(reversed(players)), scoring=S, rounds=rounds, edition=edition), codes,
                 lots_seed=seed, share_places=share)
    assert [(r.rank, r.id) for r in again] == [(r.rank, r.id) for r in rows]
    # every code has a value for every player
    assert all(set(r.tiebreaks) == set(codes) for r in rows)


def test_lots_depend_on_seed_only():
    players = crosstable({1: (0, "2W="), 2: (0, "1B="), 3: (0, "4W="), 4: (0, "3B=")})
    orders = {tuple(r.id for r in rank(Context.of(players, scoring=S, rounds=1), [], lots_seed=s)) for s in range(30)}
    assert len(orders) > 1
    a = rank(Context.of(players, scoring=S, rounds=1), [], lots_seed=7)
    assert a == rank(Context.of(players, scoring=S, rounds=1), [], lots_seed=7)
    assert all(r.by_lot and r.decided_by == "lots" and r.tie_group == 1 for r in a)


def test_shared_places():
    players = crosstable({1: (0, "2W+"), 2: (0, "1B-"), 3: (0, "4W="), 4: (0, "3B=")})
    rows = rank(Context.of(players, scoring=S, rounds=1), ["WIN"], lots_seed=0, share_places=True)
    assert [(r.rank, r.id) for r in rows] == [(1, 1), (2, 3), (2, 4), (4, 2)]
    assert [r.shared for r in rows] == [False, True, True, False]


def test_tiebreak_order_matters_group_by_group():
    # 1 and 2 tie on points; 2 has more wins but fewer black games.
    players = crosstable({
        1: (0, "3B= 4B= 5W+"), 2: (0, "4W+ 3W- 6W+"), 3: (0, "1W= 2B+ 6B="),
        4: (0, "2B- 1W= 5B="), 5: (0, "6W= ZPB 1B-"), 6: (0, "5B= ZPB 2B-"),
    })
    r1 = [r.id for r in rank(Context.of(players, scoring=S, rounds=3), ["WIN"], lots_seed=0)]
    r2 = [r.id for r in rank(Context.of(players, scoring=S, rounds=3), ["BPG"], lots_seed=0)]
    assert r1.index(2) < r1.index(1)
    assert r2.index(1) < r2.index(2)
