"""tiebreaks.md 10.1-10.3: the FIDE TEC exercise (V1), fide2026 (V2), legacy (V3).

Expected numbers are copied from the spec tables, never computed by the code.
"""

from fractions import Fraction as F

import pytest

from arbiter_tournament.core.event.records import Scoring
from arbiter_tournament.core.tiebreaks import Context, compute
from arbiter_tournament.core.tiebreaks.notation import crosstable, mirror

ROWS = {
    1: "9W+ 13B= 2W= 15B+ 4W=",
    2: "10B+ 7W+ 1B= 16W+ 3B=",
    3: "11W= 6B+ 8W+ 4B= 2W=",
    4: "12B+ HPB 13W+ 3W= 1B=",
    5: "13W- 15B- 11W+ 7B= 10W+",
    6: "14B- 3W- PAB 10W+ 8B+",
    7: "15W+ 2B- 16B- 5W= 11B-",
    8: "16B= 14W+ 3B- 13W+ 6W-",
    9: "1B- 10W- HPB 11F- PAB",
    10: "2W- 9B+ 15W- 6B- 5B-",
    11: "3B= 16W- 5B- 9F+ 7W+",
    12: "4W- PAB 14F+ ZPB ZPB",
    13: "5B+ 1W= 4B- 8B- 14W-",
    14: "6W+ 8B- 12F- ZPB 13B+",
    15: "7B- 5W+ 10B+ 1W- 16B-",
    16: "8W= 11B+ 7W+ 2B- 15W+",
}
PLAYERS = crosstable({pid: (2250 - 50 * pid, line) for pid, line in ROWS.items()})
S = Scoring()

COLS = ["PTS", "BH", "BH-C1", "BH-C2", "BH-M1", "SB", "SB-C1", "PS", "PS-C1", "WIN", "WON", "BPG", "BWG", "REP"]
# fmt: off
V1 = {
    1: (3.5, 12.5, 11, 9.5, 7, 8, 7.25, 11, 10, 2, 2, 2, 1, 5),
    2: (4, 13, 12, 10.5, 8.5, 9.5, 8.5, 13, 12, 3, 3, 3, 1, 5),
    3: (3.5, 15.5, 13, 10.5, 9, 10.5, 9.25, 11, 10.5, 2, 2, 2, 1, 5),
    4: (3.5, 15, 11.5, 10, 8, 9.75, 8, 11.5, 10.5, 2, 2, 2, 1, 4),
    5: (2.5, 8.5, 7.5, 6, 5, 4.25, 3.25, 5, 5, 2, 2, 2, 0, 5),
    6: (3, 12, 11, 9, 7.5, 6.5, 5.5, 6, 6, 3, 2, 2, 1, 5),
    7: (1.5, 14.5, 12.5, 10, 8.5, 3.25, 1.25, 6, 5, 1, 1, 3, 0, 5),
    8: (2.5, 13.5, 12, 10, 8.5, 5.25, 3.75, 8.5, 8, 2, 2, 2, 0, 5),
    9: (1.5, 9, 7.5, 6, 4, 2.25, 2.25, 2.5, 2.5, 1, 0, 1, 0, 3),
    10: (1, 13, 11.5, 9.5, 7.5, 1.5, 0, 4, 4, 1, 1, 3, 1, 5),
    11: (2.5, 13.5, 12, 9.5, 8.5, 5.75, 4.25, 5.5, 5, 2, 1, 2, 0, 5),
    12: (2, 11.5, 9.5, 7.5, 6, 4, 4, 7, 7, 2, 0, 0, 0, 3),
    13: (1.5, 14, 12, 9.5, 8.5, 4.25, 4.25, 7, 6, 1, 1, 3, 1, 5),
    14: (2, 11, 9, 7, 6, 4.5, 3, 6, 5, 2, 2, 2, 1, 3),
    15: (2, 12, 11, 9.5, 7.5, 3.5, 2.5, 7, 7, 2, 2, 3, 1, 5),
    16: (3.5, 12.5, 11, 9, 7, 7.25, 5.75, 10.5, 10, 3, 3, 2, 1, 5),
}
RCOLS = ["ARO", "ARO-C1", "TPR", "PTP", "APRO", "APPO", "AOB"]
V1_RATING = {
    1: (1820, 1900, 1969, 2029, 1789, 1769, F(63, 5)),
    2: (1880, 1988, 2120, 2216, 1856, 1852, F(68, 5)),
    3: (1940, 2000, 2089, 2112, 1904, 1934, F(67, 5)),
    4: (1888, 1983, 2081, 2168, 1772, 1784, F(107, 8)),
    5: (1690, 1738, 1690, 1689, 1719, 1676, F(67, 5)),
    6: (1813, 1900, 1813, 1810, 1846, 1836, F(53, 4)),
    7: (1760, 1838, 1611, 1531, 1869, 1890, F(119, 10)),
    8: (1730, 1800, 1730, 1715, 1915, 1924, F(13)),
    9: (1975, 2200, 1175, 950, 1805, 1802, F(51, 4)),
    10: (1880, 1975, 1640, 1575, 1717, 1687, F(109, 10)),
    11: (1863, 2000, 1776, 1763, 1840, 1836, F(51, 4)),
    12: (2050, 0, 1250, 1250, 2081, 2168, F(15)),
    13: (1930, 2025, 1781, 1744, 1879, 1909, F(121, 10)),
    14: (1800, 1900, 1925, 1942, 1775, 1756, F(79, 6)),
    15: (1860, 1963, 1788, 1768, 1776, 1767, F(61, 5)),
    16: (1820, 1900, 1969, 2013, 1805, 1799, F(133, 10)),
}
# fmt: on


def exact(x) -> F:
    return F(x) if not isinstance(x, float) else F(x).limit_denominator(1000)


@pytest.fixture(scope="module")
def v1():
    return compute(COLS, Context.of(PLAYERS, scoring=S, rounds=5))


@pytest.mark.parametrize("pid", sorted(V1))
def test_v1_fide2024(v1, pid):
    got = [v1[pid][c] for c in COLS]
    assert got == [exact(x) for x in V1[pid]]


@pytest.mark.parametrize("pid", sorted(V1_RATING))
def test_v1_rating_and_aob(pid):
    got = compute(RCOLS, Context.of(PLAYERS, scoring=S, rounds=5))[pid]
    assert [got[c] for c in RCOLS] == [exact(x) for x in V1_RATING[pid]]


def test_v1_subtle_rules():
    # 10.1 worked checks: #4 BH-C1 without 16.5 would be 13.5; #11 BH without adjustment 12.5.
    got = compute(["BH-C1"], Context.of(PLAYERS, scoring=S, rounds=5, flags={"apply_16_5_vur_cut": False}))
    assert got[4]["BH-C1"] == F(27, 2)
    none = {"apply_16_3_adjustment": False, "apply_16_4_dummy": False, "apply_16_5_vur_cut": False}
    assert compute(["BH"], Context.of(PLAYERS, scoring=S, rounds=5, flags=none))[11]["BH"] == F(25, 2)


V2 = {4: (14, 11.5, 9.25, 7.75), 6: (11.5, 10.5, 6, 5), 11: (12.5, 11, 4.75, 3.25)}


def test_v2_fide2026():
    cols = ["BH", "BH-C1", "SB", "SB-C1"]
    got = compute(cols, Context.of(PLAYERS, scoring=S, rounds=5, edition="fide2026"))
    base = compute(cols, Context.of(PLAYERS, scoring=S, rounds=5))
    for pid in V1:
        if pid in V2:
            assert [got[pid][c] for c in cols] == [exact(x) for x in V2[pid]], pid
        else:
            assert got[pid] == base[pid], pid


V3 = {
    1: (12.5, 8), 2: (13, 9.5), 3: (14.5, 9.75), 4: (13.5, 8.5), 5: (8, 3.75), 6: (11, 4.5),
    7: (14, 3.25), 8: (14, 6.25), 9: (8.5, 1.25), 10: (12.5, 1.5), 11: (12, 4.25), 12: (13.5, 3.5),
    13: (15, 4.25), 14: (12, 4), 15: (12, 3.5), 16: (12, 6.75),
}


def test_v3_legacy_crosstable():
    got = compute(["BH", "SB"], Context.of(PLAYERS, scoring=S, rounds=5, edition="legacy"))
    for pid, (bh, sb) in V3.items():
        assert (got[pid]["BH"], got[pid]["SB"]) == (exact(bh), exact(sb)), pid


def _contrib(edition, players, pid, rnd, rounds):
    """The BH term of pid's round `rnd`, as the engine counts it (C.07 16.4 / legacy virtual opponent)."""
    from arbiter_tournament.core.tiebreaks.unplayed import opponent_terms

    ctx = Context.of(players, scoring=S, rounds=rounds, edition=edition)
    terms = ctx.once(opponent_terms)
    i = next(i for i in range(len(terms.values[pid])) if terms.round_of(pid, i) == rnd)
    return ctx.frac(terms.values[pid][i]), ctx


def _mirror(line: str) -> list:
    return mirror(1, line)


def test_v3_legacy_virtual_opponent_examples():
    # Chesschat example A: 6 points of 9 incl. a default win in R3 (2 points after R2):
    # own R3 term 2 + 0 + 6 x 0.5 = 5; A counts 5.5 for his opponents.
    c, ctx = _contrib("legacy", _mirror("2W+ 3B+ 4F+ 5W= 6B= 7W= 8B= 9W- 10B+"), 1, 3, 9)
    assert ctx.score[1] == 6
    assert c == 5
    assert ctx.adj(1) == F(11, 2)
    # Example B: absent in R7 with 4 points after R6, finishes on 6: own 6, for others 6.5.
    c, ctx = _contrib("legacy", _mirror("2W+ 3B+ 4W= 5B= 6W- 7B+ ZPB 8W+ 9B+"), 1, 7, 9)
    assert ctx.score[1] == 6
    assert c == 6
    assert ctx.adj(1) == F(13, 2)


def test_v3_legacy_chesspub_examples():
    # P absent in R3 with 1.5 after R2: Svon 2.5 after R3, 5.5 after 9 rounds.
    rows = _mirror("2W+ 3B= ZPB 4W= 5B= 6W= 7B= 8W= 9B=")
    assert _contrib("legacy", rows, 1, 3, 3)[0] == F(5, 2)
    assert _contrib("legacy", rows, 1, 3, 9)[0] == F(11, 2)
    # P's opponent does not show in R6, P has 3.5 after R5: Svon 3.5 after R6, 5.0 at the end.
    rows = _mirror("2W+ 3B+ 4W= 5B= 6W= 7F+ 8W= 9B= 10W=")
    assert _contrib("legacy", rows, 1, 6, 6)[0] == F(7, 2)
    assert _contrib("legacy", rows, 1, 6, 9)[0] == 5
