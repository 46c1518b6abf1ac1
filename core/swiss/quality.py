"""The quality criteria C10-C21 of a bracket's pairs (V6-V17 of dutch.md 5.3) packed
into one integer per pair, so that a bracket part's Q is a sum and compares as
the vector would.

Fields, most significant first, each `width` bits (wide enough that a sum over a
bracket never carries): V6 V7 V8 V9 V10 V11 V12 V13 (C10-C17, one each), then the
profiles V14 V15 V16 V17 (C18-C21) with one field per score level of the
bracket, highest first. A field holds the good count (1 for a pair that does not
break a colour or upfloat criterion, the paired downfloaters for C14/C16/C18/C20),
so larger is better everywhere. A pair's value depends only on the two players'
types (colour state, floats, MDP or resident, score level), so it is computed
once per pair of types.
"""

from __future__ import annotations

from arbiter_tournament.core.swiss.criteria import (
    c10_colour_difference,
    c11_same_colour_three_times,
    c12_colour_preference,
    c13_strong_colour_preference,
    c14_downfloaters_paired,
    c15_upfloater_again,
    c16_downfloaters_paired,
    c17_upfloater_again,
    c18_downfloater_levels,
    c19_upfloater_level,
    c20_downfloater_levels,
    c21_upfloater_level,
)
from arbiter_tournament.core.swiss.round_setup import RoundData

V6, V7, V8, V9, V10, V11, V12, V13 = range(8)  # field numbers; V14-V17 follow, nbl fields each
PROFILES = 8


class PairQuality:
    """V6-V17 of the pairs of one bracket (MDPs `mdps`, the players `bracket`)."""

    def __init__(self, rd: RoundData, bracket: list[int], mdps: int):
        self.rd, self.mdps = rd, mdps
        levels = sorted({rd.pairing_score[x] for x in bracket}, reverse=True)
        self.blev = {x: levels.index(rd.pairing_score[x]) for x in bracket}  # score level in the bracket
        self.nbl = len(levels)
        self.width = max(2, (len(bracket) + 2).bit_length())
        self.nfields = PROFILES + 4 * self.nbl
        self._types(bracket)

    def shift(self, f: int) -> int:
        """The bit position of field f."""
        return (self.nfields - 1 - f) * self.width

    def field(self, value: int, f: int) -> int:
        """Field f of a packed value (or sum)."""
        return (value >> self.shift(f)) & ((1 << self.width) - 1)

    def _types(self, bracket: list[int]) -> None:
        """Players of equal type (everything a pair's value depends on) share a type id."""
        rd = self.rd
        ids: dict = {}
        self.tid: dict[int, int] = {}  # player -> type
        self.type_of = [0] * rd.n  # the same as a list (players outside the bracket: 0)
        self.rep: list[int] = []  # type -> a player of that type
        masks: list[int] = []
        for x in bracket:
            cs = rd.colour[x]
            key = (cs.pref, cs.strength, cs.abs_imb, cs.acd, cs.rep, rd.down_last[x], rd.up_last[x],
                   rd.down_before_last[x], rd.up_before_last[x], not (self.mdps >> x) & 1, self.blev[x])
            t = ids.get(key)
            if t is None:
                t = ids[key] = len(self.rep)
                self.rep.append(x)
                masks.append(0)
            self.tid[x] = self.type_of[x] = t
            masks[t] |= 1 << x
        self.tmasks = list(enumerate(masks))  # (type, its players)
        self.qtab: list[list] = [[None] * len(masks) for _ in masks]  # values by (type, type)
        self._qorder: list = [None] * len(masks)

    def q(self, hi: int, lo: int) -> int:
        """The packed V6-V17 of the bracket pair (hi, lo), hi the higher ranked."""
        th, tl = self.tid[hi], self.tid[lo]
        v = self.qtab[th][tl]
        if v is None:
            v = self.qtab[th][tl] = self.value(hi, lo)
        return v

    def best_q(self, h: int, partners: int) -> int:
        """max q(h, y) over the players y of the bit set `partners` (-1: none)."""
        th = self.tid[h]
        order = self._qorder[th]
        if order is None:
            # the partner types of h by decreasing q: the first one present wins
            row = self.qtab[th]
            for t, _mask in self.tmasks:
                if row[t] is None:
                    row[t] = self.value(h, self.rep[t])
            order = self._qorder[th] = sorted(((row[t], mask) for t, mask in self.tmasks), key=lambda e: -e[0])
        for v, mask in order:
            if partners & mask:
                return v
        return -1

    def value(self, hi: int, lo: int) -> int:
        """The packed V6-V17 of the pair (hi, lo), computed from the criteria."""
        rd = self.rd
        ch, cl = rd.colour[hi], rd.colour[lo]
        hi_resident = not (self.mdps >> hi) & 1
        mdp_pair = rd.pairing_score[hi] > rd.pairing_score[lo]
        lh, ll = self.blev[hi], self.blev[lo]
        nbl = self.nbl
        good = [
            (V6, not c10_colour_difference(ch, cl)),
            (V7, not c11_same_colour_three_times(ch, cl)),
            (V8, not c12_colour_preference(ch, cl)),
            (V9, not c13_strong_colour_preference(ch, cl)),
            (V10, c14_downfloaters_paired(hi_resident, rd.down_last[hi], rd.down_last[lo])),
            (V11, not c15_upfloater_again(mdp_pair, rd.up_last[lo])),
            (V12, c16_downfloaters_paired(hi_resident, rd.down_before_last[hi], rd.down_before_last[lo])),
            (V13, not c17_upfloater_again(mdp_pair, rd.up_before_last[lo])),
        ]
        good += [(PROFILES + lv, 1) for lv in c18_downfloater_levels(lh, ll, rd.down_last[hi], rd.down_last[lo])]
        lv, bad = c19_upfloater_level(lh, mdp_pair, rd.up_last[lo])
        good.append((PROFILES + nbl + lv, not bad))
        good += [(PROFILES + 2 * nbl + lv, 1)
                 for lv in c20_downfloater_levels(lh, ll, rd.down_before_last[hi], rd.down_before_last[lo])]
        lv, bad = c21_upfloater_level(lh, mdp_pair, rd.up_before_last[lo])
        good.append((PROFILES + 3 * nbl + lv, not bad))
        return sum(int(amount) << self.shift(f) for f, amount in good)
