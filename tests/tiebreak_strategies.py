"""Shared pieces of the hypothesis strategies for tie-break tests: random events
(Swiss and round robin, byes, withdrawals, forfeits, short records), odd
scorings and random flags."""

from __future__ import annotations

from fractions import Fraction as F

from arbiter_tournament.core.event.records import Outcome as O
from arbiter_tournament.core.event.records import PlayerHistory, RoundRecord, Scoring

RESULTS = ["1-0", "0-1", "=", "1-0", "0-1", "=", "+-", "-+", "--"]
OUTCOMES = {
    "1-0": (O.WIN, O.LOSS), "0-1": (O.LOSS, O.WIN), "=": (O.DRAW, O.DRAW),
    "+-": (O.FORFEIT_WIN, O.FORFEIT_LOSS), "-+": (O.FORFEIT_LOSS, O.FORFEIT_WIN),
    "--": (O.FORFEIT_LOSS, O.FORFEIT_LOSS),
}

SCORINGS = [
    Scoring(),
    Scoring(win=F(3), draw=F(1), loss=F(0)),
    Scoring(win=F(2), draw=F(1), loss=F(0), forfeit_win=F(1), pab=F(1), half_bye=F(0)),
    Scoring(win=F(1), draw=F(1, 3), loss=F(0), full_bye=F(1, 2), zero_bye=F(0)),
    Scoring(win=F(1), draw=F(1, 2), loss=F(-1, 4), forfeit_loss=F(-1, 2)),
]

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


def pair_pool(draw, st, recs: dict, pool: list) -> None:
    """Pair a shuffled pool two by two with drawn results; an odd one out gets the PAB."""
    pool = draw(st.permutations(pool))
    if len(pool) % 2:
        recs[pool[-1]].append(RoundRecord(O.PAB))
        pool = pool[:-1]
    for a, b in zip(pool[::2], pool[1::2]):
        first, second = OUTCOMES[draw(st.sampled_from(RESULTS))]
        recs[a].append(RoundRecord(first, b, "w"))
        recs[b].append(RoundRecord(second, a, "b"))


def any_event(draw, st, max_players: int = 10, max_rounds: int = 6):
    """(players, rounds asked for, system): ids with gaps, withdrawals, requested byes of
    every kind, forfeits, ratings with unrated players, records shorter than the rounds."""
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
        pair_pool(draw, st, recs, [p for p in active if p not in requested])
    ratings = {p: draw(st.sampled_from([0, 1000, 1500, 1500, 2100, 2800]) if draw(st.booleans())
                       else st.integers(1000, 2800)) for p in ids}
    # records shorter than the rounds asked for count as absent
    short = {p: draw(st.integers(0, rounds)) if draw(st.integers(0, 9)) == 0 else rounds for p in ids}
    players = [PlayerHistory(p, ratings[p], f"P{p}", tuple(recs[p][: short[p]])) for p in ids]
    asked = draw(st.integers(max(rounds - 1, 0), rounds + 1))
    return players, asked, system


def any_flags(draw, st) -> dict:
    keys = draw(st.lists(st.sampled_from(sorted(FLAG_CHOICES)), max_size=6, unique=True))
    return {k: draw(st.sampled_from(FLAG_CHOICES[k])) for k in keys}
