"""tiebreaks.md 10.4 (V4, 6-player RR with a forfeit) and 10.5 (V5, 5-player RR).

Expected numbers are copied from the spec tables.
"""

from fractions import Fraction as F

import pytest

from arbiter_tournament.core.tiebreaks.ranking import rank
from arbiter_tournament.core.event.records import Scoring
from arbiter_tournament.core.tiebreaks import Context, compute
from arbiter_tournament.core.tiebreaks.notation import crosstable

S = Scoring()

V4_ROWS = {
    1: (2100, "6W+ 2W= 3B= 4W= 5B+"),
    2: (2050, "5W= 1B= 6W+ 3W+ 4B="),
    3: (2000, "4W- 5B+ 1W= 2B- 6W+"),
    4: (1950, "3B+ 6B= 5WF+ 1B= 2W="),
    5: (1900, "2B= 3W- 4BF- 6B+ 1W-"),
    6: (1850, "1B- 4W= 2B- 5W- 3B-"),
}
V4_COLS = ["PTS", "SB", "KS", "WIN", "WON", "BPG", "BWG", "ARO", "TPR", "PTP"]
V4 = {
    1: (3.5, 6.75, 1.5, 2, 2, 2, 1, 1950, 2099, 2104),
    2: (3.5, 7.25, 2.0, 2, 2, 2, 0, 1960, 2109, 2116),
    3: (2.5, 3.75, 0.5, 2, 2, 2, 1, 1970, 1970, 1969),
    4: (3.5, 7.75, 2.0, 2, 1, 3, 1, 2000, 2095, 2097),
    5: (1.5, 2.25, 0.5, 1, 1, 2, 1, 2000, 1913, 1904),
    6: (0.5, 1.75, 0.5, 0, 0, 3, 0, 2000, 1634, 1622),
}

V5_ROWS = {  # A..E = 1..5; the Berger bye seat is a zero-point round without opponent
    1: (1500, "ZPB 2W+ 3B= 4W- 5B+"),
    2: (1600, "5W- 1B- ZPB 3W+ 4B="),
    3: (1550, "4W+ 5B= 1W= 2B- ZPB"),
    4: (1450, "3B- ZPB 5W+ 1B+ 2W="),
    5: (1650, "2B+ 3W= 4B- ZPB 1W-"),
}
V5_COLS = ["PTS", "SB", "SB-C1", "KS", "ARO", "ARO-C1", "TPR", "PTP", "APRO", "APPO", "PS"]
V5 = {
    1: (2.5, 4.0, 2.5, 0.5, 1563, 1600, 1658, 1657, 1527, 1523, 6.5),
    2: (1.5, 3.25, 3.25, 1.5, 1538, 1567, 1451, 1444, 1579, 1577, 2.5),
    3: (2.0, 4.5, 4.5, 1.5, 1550, 1583, 1550, 1549, 1554, 1550, 8.5),
    4: (2.5, 4.75, 4.0, 1.0, 1575, 1600, 1670, 1668, 1524, 1521, 5.5),
    5: (1.5, 2.5, 1.0, 0.5, 1525, 1550, 1438, 1432, 1582, 1580, 7.0),
}


def rr(rows):
    return crosstable(rows)


@pytest.mark.parametrize("pid", sorted(V4))
def test_v4(pid):
    got = compute(V4_COLS, Context.of(rr(V4_ROWS), scoring=S, rounds=5, system="roundrobin"))[pid]
    assert [got[c] for c in V4_COLS] == [F(x).limit_denominator(100) for x in V4[pid]]


def test_v4_de_fails_then_sb():
    rows = rank(Context.of(rr(V4_ROWS), scoring=S, rounds=5, system="roundrobin"), ["DE", "SB"], lots_seed=1)
    assert [r.id for r in rows] == [4, 2, 1, 3, 5, 6]
    assert [r.rank for r in rows] == [1, 2, 3, 4, 5, 6]
    assert {r.id: r.tiebreaks["DE"] for r in rows if r.id in (1, 2, 4)} == {1: 1, 2: 1, 4: 1}
    assert not any(r.by_lot for r in rows)


def test_v4_forfeit_counts_in_rating_would_differ():
    # The forfeit is excluded from ratings: #4 ARO 2000, TPR 2095 (not 1980 / 2129).
    got = compute(["ARO", "TPR"], Context.of(rr(V4_ROWS), scoring=S, rounds=5, system="roundrobin", edition="fide2026"))
    assert (got[4]["ARO"], got[4]["TPR"]) == (2000, 2095)


def test_v4_2026_forfeit_win_is_a_won_game():
    got = compute(["WON", "BPG"], Context.of(rr(V4_ROWS), scoring=S, rounds=5, system="roundrobin", edition="fide2026"))
    assert got[4]["WON"] == 2
    assert got[4]["BPG"] == 3


def test_v4_extended_koya():
    # KS cannot separate 2 and 4 (2.0 each); extended Koya includes the 1.5 group: 2 -> 2.5, 4 -> 3.0.
    rows = rank(Context.of(rr(V4_ROWS), scoring=S, rounds=5, system="roundrobin"), ["KS-E"], lots_seed=1)
    assert [r.id for r in rows[:3]] == [4, 2, 1]
    extend = Context.of(rr(V4_ROWS), scoring=S, rounds=5, system="roundrobin", flags={"koya_extension": "extend"})
    rows = rank(extend, ["KS"], lots_seed=1)
    assert [r.id for r in rows[:3]] == [4, 2, 1]
    rows = rank(Context.of(rr(V4_ROWS), scoring=S, rounds=5, system="roundrobin"), ["KS"], lots_seed=1,
                share_places=True)
    assert [(r.rank, r.id) for r in rows[:3]] == [(1, 2), (1, 4), (3, 1)]


@pytest.mark.parametrize("pid", sorted(V5))
def test_v5(pid):
    got = compute(V5_COLS, Context.of(rr(V5_ROWS), scoring=S, rounds=5, system="roundrobin"))[pid]
    assert [got[c] for c in V5_COLS] == [F(x).limit_denominator(100) for x in V5[pid]]


def test_v5_koya_rounds_basis_tec():
    got = compute(["KS"], Context.of(rr(V5_ROWS), scoring=S, rounds=5, system="roundrobin",
                                     flags={"koya_max_score_basis": "rounds"}))
    assert {p: v["KS"] for p, v in got.items()} == {1: 0, 2: F(1, 2), 3: F(3, 2), 4: 1, 5: 0}
