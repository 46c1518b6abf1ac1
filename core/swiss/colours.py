"""Colour preferences (dutch.md 2.6) and colour allocation (dutch.md section 6)."""

from __future__ import annotations

from dataclasses import dataclass

NONE, MILD, STRONG, ABSOLUTE = 0, 1, 2, 3
STRENGTH_NAME = {NONE: "none", MILD: "mild", STRONG: "strong", ABSOLUTE: "absolute"}


def other(c: str) -> str:
    return "b" if c == "w" else "w"


@dataclass(frozen=True)
class ColourState:
    """Played-game colours of one player and the preference they give."""

    history: tuple[str, ...]  # colours of played games, oldest first
    pref: str | None  # 'w' / 'b' / None
    strength: int  # NONE .. ABSOLUTE
    acd: int  # |colour difference|
    abs_imb: bool  # |CD| >= 2
    rep: str | None  # colour had twice (or more) in a row at the end

    def describe(self) -> str:
        if self.pref is None:
            return "no colour preference"
        return f"{STRENGTH_NAME[self.strength]} {'white' if self.pref == 'w' else 'black'}"


def colour_state(history: tuple[str, ...]) -> ColourState:
    """dutch.md 2.6: the first applicable row of the table decides."""
    if not history:
        return ColourState(history, None, NONE, 0, False, None)
    nw = history.count("w")
    cd = nw - (len(history) - nw)
    last = history[-1]
    run = 0
    for c in reversed(history):
        if c != last:
            break
        run += 1
    rep = last if run >= 2 else None
    fewer = "w" if cd < 0 else "b"
    if abs(cd) >= 2:
        pref, strength = fewer, ABSOLUTE
    elif run >= 2:
        pref, strength = other(last), ABSOLUTE
    elif abs(cd) == 1:
        pref, strength = fewer, STRONG
    else:
        pref, strength = other(last), MILD
    return ColourState(history, pref, strength, abs(cd), abs(cd) >= 2, rep)


def allocate(hi: ColourState, lo: ColourState, hi_e: int, initial: str) -> tuple[str, str]:
    """Section 6: the colours (for hi, for lo) of a pair; `hi` is the higher-ranked player
    (3.1), `hi_e` his effective number, `initial` the colour drawn for number 1 in round 1.
    The first rule that decides, decides; nothing else is consulted."""
    return (rule_5_no_preferences(hi, lo, hi_e, initial) or rule_1_both_granted(hi, lo)
            or rule_2_stronger_preference(hi, lo) or rule_3_latest_difference(hi, lo)
            or rule_4_higher_rank(hi))


def rule_1_both_granted(hi: ColourState, lo: ColourState) -> tuple[str, str] | None:
    """6.1: the preferences differ, or one of them is none: grant every preference there is."""
    if hi.pref is None:
        if lo.pref is None:  # neither has one: 6.5 (rule_5_no_preferences) decides
            return None
        return other(lo.pref), lo.pref
    if lo.pref is None or hi.pref != lo.pref:
        return hi.pref, other(hi.pref)
    return None


def rule_2_stronger_preference(hi: ColourState, lo: ColourState) -> tuple[str, str] | None:
    """6.2 (both want the same colour): an absolute preference beats a strong or mild one, and
    of two absolute ones the larger colour difference wins; else a strong one beats a mild one."""
    want = hi.pref
    if want is None:  # no preference to weigh: 6.1 or 6.5 decides
        return None
    if hi.strength == ABSOLUTE and (lo.strength != ABSOLUTE or hi.acd > lo.acd):
        return want, other(want)
    if lo.strength == ABSOLUTE and (hi.strength != ABSOLUTE or lo.acd > hi.acd):
        return other(want), want
    if hi.strength == STRONG and lo.strength == MILD:
        return want, other(want)
    if lo.strength == STRONG and hi.strength == MILD:
        return other(want), want
    return None


def rule_3_latest_difference(hi: ColourState, lo: ColourState) -> tuple[str, str] | None:
    """6.3: the most recent round in which the two played-colour histories, aligned at their
    ends, differ: each player gets the colour the other had there."""
    for a, b in zip(reversed(hi.history), reversed(lo.history)):
        if a != b:
            return b, a
    return None


def rule_4_higher_rank(hi: ColourState) -> tuple[str, str]:
    """6.4: the higher-ranked player gets his preference."""
    assert hi.pref is not None, "6.1 and 6.5 decide when the higher-ranked player has no preference"
    return hi.pref, other(hi.pref)


def rule_5_no_preferences(hi: ColourState, lo: ColourState, hi_e: int, initial: str) -> tuple[str, str] | None:
    """6.5: neither has a preference (no game played): the higher-ranked player gets the
    initial colour when his effective number is even, the other colour when it is odd."""
    if hi.pref is not None or lo.pref is not None:
        return None
    c = initial if hi_e % 2 == 0 else other(initial)
    return c, other(c)
