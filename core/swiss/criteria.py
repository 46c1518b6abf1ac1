"""The pairing criteria of the FIDE (Dutch) system, C1-C21 (C.04.3, 2026 numbering),
one function each, as dutch.md section 4 evaluates them.

Absolute criteria: C1 and C3 decide which pairs may be made at all (3.4), C2 who
may receive the pairing-allocated bye (2.8), C4 whether a decision still lets
every unpaired player be paired (3.5). C5 (the bye's score, beta) and the C9
ranks are computed once per round (`round_setup`). The quality criteria of a
bracket are the value vector of 5.3: C6/C7 (V1, V2) and C8/C9 (V3-V5) depend on
who floats down (`c6_c7_value`, `c9_value`, and the nested search of the next
bracket, `brackets.BracketSearch.c8_c9_value`); C10-C21 (V6-V17) are sums over
the bracket's pairs of the functions below, packed into one integer by
`quality.PairQuality`.

A pair is (hi, lo): hi the higher-ranked player (3.1). The colour criteria take
the players' `colours.ColourState`; the float criteria the float flags of 2.7
("last": round r, "before last": round r - 1).
"""

from __future__ import annotations

from arbiter_tournament.core.event.records import Outcome, RoundRecord
from arbiter_tournament.core.swiss.colours import ABSOLUTE, STRONG, ColourState
from arbiter_tournament.core.swiss.matching import perfect_matching


# ----------------------------------------------------------- absolute criteria
def c1_no_rematch(compatible: list[int], ids: list[int], histories: dict, forbidden, allow_rematch) -> None:
    """C1: no two players meet twice. Clears, in the bit sets `compatible` (one per player to
    pair, index = rank), the opponents of played games (a forfeit is no meeting, 2.9) unless the
    judge allowed that pair to meet again, and the forbidden pairs (`XXP`, `260`, 2.9)."""
    index = {pid: i for i, pid in enumerate(ids)}
    for i, pid in enumerate(ids):
        for rec in histories[pid]:
            if rec is not None and rec.outcome.played and rec.opponent in index \
                    and frozenset((pid, rec.opponent)) not in allow_rematch:
                compatible[i] &= ~(1 << index[rec.opponent])
    for pair in forbidden:
        a, b = tuple(pair) if len(pair) == 2 else (None, None)
        if a in index and b in index:
            compatible[index[a]] &= ~(1 << index[b])
            compatible[index[b]] &= ~(1 << index[a])


def c2_pab_eligible(history: list[RoundRecord | None], points: dict, win: int) -> bool:
    """C2 (2.8): no second pairing-allocated bye, nor one after an unplayed round that scored a
    win (full-point bye, forfeit win). A half- or zero-point bye or a forfeit loss keep the
    player eligible. `history`: rounds 1..r (None: not paired); `points`: outcome -> tenths."""
    for rec in history:
        if rec is not None and not rec.outcome.played and (
                rec.outcome is Outcome.PAB or points[rec.outcome] >= win):
            return False
    return True


def c3_absolute_colours(compatible: list[int], colours: list[ColourState], topscorer: list[bool]) -> None:
    """C3: two players with the same absolute colour preference do not meet, unless one of them
    is a topscorer (3.3: only in the last round). Clears those pairs in `compatible`."""
    n = len(colours)
    topmask = sum(1 << i for i in range(n) if topscorer[i])
    for colour in ("w", "b"):
        absmask = sum(1 << i for i in range(n) if colours[i].strength == ABSOLUTE and colours[i].pref == colour)
        for i in range(n):
            if (absmask >> i) & 1 and not topscorer[i]:
                compatible[i] &= ~(absmask & ~topmask)


def c4_complete_pairing(graph: list[int], unpaired: int, start=None) -> list[int] | None:
    """C4 (3.5): a complete pairing of the players of the bit set `unpaired` (the bye vertex
    among them when the field is odd: it is adjacent to the bye candidates, so C2 and C5 are
    kept too), or None when there is none. `start` (a matching, or a `matching.Hint`) only
    speeds it up."""
    return perfect_matching(graph, unpaired, start)


# ------------------------------------------------- the bracket's pairs (V1-V5)
def c6_c7_value(mdp_levels: list[int], resident_pairs: int, resident_level: int, nlevels: int) -> tuple:
    """C6 and C7 (V1, V2) of a bracket part that pairs the MDPs of score levels `mdp_levels`
    (one entry per paired MDP) and `resident_pairs` pairs of residents: the number of pairs
    (the fewer downfloaters, the better), then the pairs counted by the score level of their
    higher player, highest level first (the downfloaters' scores as low as possible)."""
    profile = [0] * nlevels
    for lv in mdp_levels:
        profile[lv] += 1
    profile[resident_level] += resident_pairs
    return (len(mdp_levels) + resident_pairs, tuple(profile))


def c9_value(downfloaters: list[int], c9_rank: dict[int, int]) -> int:
    """C9 (V5), when the bracket's C9 flag is on: minus the C9 rank (5.2) of the one player the
    bracket leaves unpaired (he gets the bye: the more games played, the better); the worst value
    when it leaves none or several."""
    if len(downfloaters) != 1:
        return -10 ** 6
    return -c9_rank.get(downfloaters[0], 10 ** 6)


# ----------------------------------------------- colours of a pair (V6-V9)
def _same_preference(hi: ColourState, lo: ColourState) -> bool:
    return hi.pref is not None and hi.pref == lo.pref


def c10_colour_difference(hi: ColourState, lo: ColourState) -> bool:
    """C10 (V6): the pair would give one of them a colour difference beyond +-2: both have
    |CD| >= 2 and want the same colour (only topscorers may meet so, C3)."""
    return _same_preference(hi, lo) and hi.abs_imb and lo.abs_imb


def c11_same_colour_three_times(hi: ColourState, lo: ColourState) -> bool:
    """C11 (V7): the pair would give one of them the same colour a third time in a row. Both
    have an absolute preference for the same colour c; with equal |CD|, both had the same colour
    twice in a row; otherwise the one with the smaller |CD| (who will not get c) had the other
    colour twice in a row."""
    if not _same_preference(hi, lo) or hi.strength != ABSOLUTE or lo.strength != ABSOLUTE:
        return False
    if hi.acd == lo.acd:
        return hi.rep is not None and hi.rep == lo.rep
    loser = hi if hi.acd < lo.acd else lo
    return loser.rep is not None and loser.rep != hi.pref


def c12_colour_preference(hi: ColourState, lo: ColourState) -> bool:
    """C12 (V8): one of the two will not get his colour preference (both prefer the same)."""
    return _same_preference(hi, lo)


def c13_strong_colour_preference(hi: ColourState, lo: ColourState) -> bool:
    """C13 (V9): one of the two will not get his strong colour preference: both prefer the same
    colour, each strongly or absolutely, and not both absolutely (that pair is C10/C11's)."""
    return (_same_preference(hi, lo) and hi.strength >= STRONG and lo.strength >= STRONG
            and not (hi.strength == ABSOLUTE and lo.strength == ABSOLUTE))


# ------------------------------------------------- floats of a pair (V10-V17)
def c14_downfloaters_paired(hi_resident: bool, hi_down_last: bool, lo_down_last: bool) -> int:
    """C14 (V10): residents of the pair who downfloated in the last round; each one paired
    here is one who does not downfloat twice in a row (lo is always a resident)."""
    return (hi_down_last and hi_resident) + lo_down_last


def c15_upfloater_again(mdp_pair: bool, lo_up_last: bool) -> bool:
    """C15 (V11): an MDP's opponent (the pair's lower player) who upfloated in the last round
    upfloats again."""
    return mdp_pair and lo_up_last


def c16_downfloaters_paired(hi_resident: bool, hi_down_before: bool, lo_down_before: bool) -> int:
    """C16 (V12): as C14, for the downfloats of the round before the last."""
    return c14_downfloaters_paired(hi_resident, hi_down_before, lo_down_before)


def c17_upfloater_again(mdp_pair: bool, lo_up_before: bool) -> bool:
    """C17 (V13): as C15, for the upfloats of the round before the last."""
    return c15_upfloater_again(mdp_pair, lo_up_before)


def c18_downfloater_levels(hi_level: int, lo_level: int, hi_down_last: bool, lo_down_last: bool) -> list[int]:
    """C18 (V14): the score levels (in the bracket, highest first) of the players of the pair
    who downfloated in the last round: the higher such a player's score, the better he is
    paired here rather than floated again."""
    return [lv for lv, down in ((hi_level, hi_down_last), (lo_level, lo_down_last)) if down]


def c19_upfloater_level(hi_level: int, mdp_pair: bool, lo_up_last: bool) -> tuple[int, bool]:
    """C19 (V15): the score level of the pair's higher player, and whether the pair is one of
    C15 (an MDP with an opponent who upfloated in the last round): the score difference of such
    pairs is minimised level by level."""
    return hi_level, c15_upfloater_again(mdp_pair, lo_up_last)


def c20_downfloater_levels(hi_level: int, lo_level: int, hi_down_before: bool, lo_down_before: bool) -> list[int]:
    """C20 (V16): as C18, for the round before the last."""
    return c18_downfloater_levels(hi_level, lo_level, hi_down_before, lo_down_before)


def c21_upfloater_level(hi_level: int, mdp_pair: bool, lo_up_before: bool) -> tuple[int, bool]:
    """C21 (V17): as C19, for the round before the last."""
    return c19_upfloater_level(hi_level, mdp_pair, lo_up_before)
