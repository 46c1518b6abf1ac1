"""Corroboration against the expected values pinned in a public third-party test suite
(marceljuenemann/tiebreak, src/__tests__/tiebreak.test.ts; tiebreaks.md section 11).
The crosstables are re-expressed in our notation; the numbers are theirs."""

from fractions import Fraction as F

from arbiter_tournament.core.tiebreaks.ranking import rank
from arbiter_tournament.core.event.records import Scoring
from arbiter_tournament.core.tiebreaks import Context, compute
from arbiter_tournament.core.tiebreaks.notation import crosstable

S = Scoring()
A, B, C, D, E = 1, 2, 3, 4, 5


def test_fide2023_simple_ranking():
    # R1: C-A 1/2, B-D forfeit (D did not come). R2: A-B 0-1, C PAB, D not paired.
    players = crosstable({A: (0, "3B= 2W-"), B: (0, "4WF+ 1B+"), C: (0, "1W= PAB"), D: (0, "2BF- ABS")})
    rows = rank(Context.of(players, scoring=S, rounds=2), ["BH"], lots_seed=0)
    assert [(r.id, r.points, r.tiebreaks["BH"]) for r in rows] == [
        (B, 2, F(5, 2)), (C, F(3, 2), 2), (A, F(1, 2), F(7, 2)), (D, 0, 0)]


def test_fide2009_opponents_unplayed_as_draws():
    # A beats B, C, D, E in rounds 1-4; B: R2 forfeit win, R3 not paired, R4 forfeit loss;
    # C, D, E win every other game against outsiders (X*, numbered 10+).
    players = crosstable({
        A: (0, "2W+ 3W+ 4W+ 5W+"),
        B: (0, "1B- 10WF+ ABS 11WF-"),
        C: (0, "12W+ 1B- 13W+ 14W+"),
        D: (0, "15W+ 16W+ 1B- 17W+"),
        E: (0, "18W+ 19W+ 20W+ 1B-"),
        10: (0, "ABS 2BF- ABS ABS"), 11: (0, "ABS ABS ABS 2BF+"),
        12: (0, "3B- ABS ABS ABS"), 13: (0, "ABS ABS 3B- ABS"), 14: (0, "ABS ABS ABS 3B-"),
        15: (0, "4B- ABS ABS ABS"), 16: (0, "ABS 4B- ABS ABS"), 17: (0, "ABS ABS ABS 4B-"),
        18: (0, "5B- ABS ABS ABS"), 19: (0, "ABS 5B- ABS ABS"), 20: (0, "ABS ABS 5B- ABS"),
    })
    expect = {1: 0, 2: 1 * F(1, 2) + 1 * 1, 3: 2 * F(1, 2) + 2 * 2, 4: 3 * F(1, 2) + 3 * 3}
    for rounds, bh in expect.items():
        assert compute(["BH"], Context.of(players, scoring=S, rounds=rounds, edition="legacy"))[A]["BH"] == bh, rounds


def test_fide2009_virtual_opponents():
    # R1 A-B 1-0, R2 A-B forfeit win for A; R3 neither paired.
    players = crosstable({A: (0, "2W+ 2WF+ ABS"), B: (0, "1B- 1BF- ABS")})
    got = compute(["BH"], Context.of(players, scoring=S, rounds=2, edition="legacy"))
    assert (got[A]["BH"], got[B]["BH"]) == (F(1, 2) + 1, F(3, 2) + 1)
    got = compute(["BH"], Context.of(players, scoring=S, rounds=3, edition="legacy"))
    assert got[A]["BH"] == 0 + 2 * F(1, 2) + (1 + 0 + F(1, 2)) + (2 + 1)
    assert got[B]["BH"] == 1 + 2 * F(1, 2) + (0 + 1 + F(1, 2)) + (0 + 1)


def test_fide2023_ties_share_a_rank():
    players = crosstable({A: (0, "3B="), B: (0, "4W+"), C: (0, "1W="), D: (0, "2B-")})
    rows = rank(Context.of(players, scoring=S, rounds=1), ["BH"], lots_seed=0, share_places=True)
    assert [(r.id, r.rank, r.tiebreaks["BH"]) for r in rows] == [(B, 1, 0), (A, 2, F(1, 2)), (C, 2, F(1, 2)),
                                                                  (D, 4, 1)]
