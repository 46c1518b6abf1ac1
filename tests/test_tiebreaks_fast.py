"""The fast tie-break paths give exactly what the straightforward per-player code gives.

`compute` and `rank` use the batch path (core/tiebreaks/fast.py, integers);
`--explain` uses the family modules, one player at a time, with every term.
On random events (Swiss and round robin, byes, withdrawals, forfeits, odd
scorings, every edition, random flags) both give the same values, and the
ranking orders players by points then each tie-break's key in turn.
(During the speed work a frozen copy of the engine from before it was the
reference: every value, row and explain text was identical; see
docs/tiebreaks.md, "Speed".)
"""

from fractions import Fraction as F

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tiebreak_strategies import pair_pool

from core import explain as new_explain
from core import ranking as new_ranking
from core import tiebreaks as new
from core.records import Outcome, PlayerHistory, RoundRecord, Scoring

O = Outcome

CODES = ["PTS", "DE", "WIN", "WON", "BPG", "BWG", "REP", "GE", "PS", "PS-C1", "PS-C2", "BH", "BH-C1", "BH-C2",
         "BH-M1", "BH-M2", "FB", "FB-C1", "FB-M1", "AOB", "SBH", "SB", "SB-C1", "SB-C2", "SB-M1", "KS", "KS-E",
         "KS-R", "ARO", "ARO-C1", "ARO-C2", "TPR", "TPR-400", "PTP", "APRO", "APPO", "QW", "STD", "RTNG", "TPN"]

SCORINGS = [
    Scoring(),
    Scoring(win=F(3), draw=F(1), loss=F(0)),
    Scoring(win=F(2), draw=F(1), loss=F(0), forfeit_win=F(1), pab=F(1), half_bye=F(0)),
    Scoring(win=F(1), draw=F(1, 3), loss=F(0), full_bye=F(1, 2), zero_bye=F(0)),
    Scoring(win=F(1), draw=F(1, 2), loss=F(-1, 4), forfeit_loss=F(-1, 2)),
]


@st.composite
def events(draw, max_players=10, max_rounds=6):
    system = draw(st.sampled_from(["swiss", "swiss", "roundrobin"]))
    n = draw(st.integers(2, max_players))
    rounds = draw(st.integers(1, max_rounds))
    ids = draw(st.permutations(list(range(1, n + 1)) + [n + 5, n + 9]))[:n]
    withdrawn_after = {p: draw(st.sampled_from([None, None, None] + list(range(0, rounds + 1)))) for p in ids}
    recs = {p: [] for p in ids}
    for r in range(1, rounds + 1):
        active = [p for p in ids if withdrawn_after[p] is None or r <= withdrawn_after[p]]
        for p in ids:
            if p not in active:
                recs[p].append(RoundRecord(O.ABSENT))
        requested = [p for p in active if draw(st.integers(0, 6)) == 0]
        for p in requested:
            recs[p].append(RoundRecord(draw(st.sampled_from([O.HALF_BYE, O.ZERO_BYE, O.FULL_BYE, O.ABSENT]))))
        pool = [p for p in active if p not in requested]
        pair_pool(draw, st, recs, pool)
    ratings = {p: draw(st.sampled_from([0, 1000, 1500, 1500, 2100, 2800]) if draw(st.booleans())
                       else st.integers(1000, 2800)) for p in ids}
    # records shorter than the rounds asked for count as absent
    short = {p: draw(st.integers(0, rounds)) if draw(st.integers(0, 9)) == 0 else rounds for p in ids}
    players = [PlayerHistory(p, ratings[p], f"P{p}", tuple(recs[p][: short[p]])) for p in ids]
    asked = draw(st.integers(max(rounds - 1, 0), rounds + 1))
    return players, asked, system


FLAG_CHOICES = {
    "apply_16_3_adjustment": [True, False],
    "apply_16_4_dummy": [True, False],
    "apply_16_5_vur_cut": [True, False],
    "forfeits_as_played": [None, True, False],
    "rr_forfeit_win_counts_in_typeB": [None, True, False],
    "koya_max_score_basis": ["games", "rounds"],
    "koya_games": [None, 3],
    "koya_limit_offset": [F(0), F(1, 2), F(-1)],
    "koya_extension": ["none", "extend", "reduce"],
    "aro_divisor": ["games", "rounds"],
    "tpr_400_rule": [False, True],
    "tpr_vur_gt2_last": [False, True],
    "ptp_perfect_score": ["literal", "plus800"],
    "fb_final_round_bye": ["keep", "draw"],
    "dummy_cap_rounds": [None, 2, 9],
    "unrated_rating": [None, 1000],
    "legacy_opponent_byes_as_draw": [True, False],
    "de_partial_rule": [None, True, False],
    "aob_base": ["BH", "FB"],
    "qw_include_forfeits": [False, True],
    "tpn_descending": [False, True],
    "rtng_ascending": [False, True],
}


@st.composite
def flag_sets(draw):
    keys = draw(st.lists(st.sampled_from(sorted(FLAG_CHOICES)), max_size=6, unique=True))
    return {k: draw(st.sampled_from(FLAG_CHOICES[k])) for k in keys}


EDITION = st.sampled_from(["fide2024", "fide2026", "legacy"])
SETTINGS = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _kw(ev, scoring, edition, flags):
    players, rounds, system = ev
    return dict(scoring=scoring, rounds=rounds, edition=edition, system=system, flags=flags)


@SETTINGS
@given(events(), st.sampled_from(SCORINGS), EDITION, flag_sets())
def test_compute_gives_exact_fractions_equal_to_the_per_player_values(ev, scoring, edition, flags):
    kw = _kw(ev, scoring, edition, flags)
    got = new.compute(CODES, ev[0], **kw)
    ctx = new.make_context(ev[0], **kw)
    for pid, values in got.items():
        assert all(type(x) is F for x in values.values())
        for code in ("BH-C1", "SB", "PS", "ARO", "DE"):
            assert values[code] == new.lookup(code).value(ctx, pid).value, code


@SETTINGS
@given(events(), st.sampled_from(SCORINGS), EDITION, flag_sets(),
       st.lists(st.sampled_from([c for c in CODES if c != "DE"]), min_size=0, max_size=6, unique=True),
       st.booleans(), st.integers(0, 3))
def test_rank_orders_by_points_then_each_key(ev, scoring, edition, flags, codes, share, seed):
    """Rows go down by (points, key of each tie-break in turn); equal keys share a place or go by lot."""
    kw = _kw(ev, scoring, edition, flags)
    rows = new_ranking.rank(ev[0], codes, lots_seed=seed, share_places=share, **kw)
    ctx = new.make_context(ev[0], **kw)
    assert sorted(r.id for r in rows) == sorted(p.id for p in ev[0])
    key = {r.id: (ctx.score[r.id], *(new.lookup(c).sort_key(ctx, r.id) for c in codes)) for r in rows}
    for a, b in zip(rows, rows[1:]):
        assert key[a.id] >= key[b.id]
        if key[a.id] == key[b.id]:
            assert (a.rank == b.rank) if share else (b.rank == a.rank + 1 and b.by_lot)
        else:
            assert b.rank > a.rank
    for r in rows:
        assert all(type(x) is F for x in r.tiebreaks.values())
        assert r.tiebreaks == {c: new.lookup(c).value(ctx, r.id).value for c in codes}


@SETTINGS
@given(events(), st.sampled_from(SCORINGS), EDITION, flag_sets())
def test_batch_values_match_per_player_values(ev, scoring, edition, flags):
    """Within the current code: every batch value (fast.py) equals the per-player
    value that --explain shows (the family modules), whatever the reference says."""
    ctx = new.make_context(ev[0], **_kw(ev, scoring, edition, flags))
    for code in CODES:
        tb = new.lookup(code)
        batch = tb.values(ctx)
        assert batch == {pid: tb.value(ctx, pid).value for pid in ctx.ids()}, code
