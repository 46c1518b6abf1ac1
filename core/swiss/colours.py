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
    """Colours (for hi, for lo) of a pair; `hi` is the higher-ranked player (3.1),
    `hi_e` his effective number, `initial` the colour drawn for number 1 in round 1.
    Returns the colour of hi and the colour of lo, and nothing else is consulted."""
    p, q = hi, lo
    # rule 5: no preference on either side
    if p.pref is None and q.pref is None:
        c = initial if hi_e % 2 == 0 else other(initial)
        return c, other(c)
    # rule 1: both can be granted
    if p.pref is None:
        return other(q.pref), q.pref
    if q.pref is None or p.pref != q.pref:
        return p.pref, other(p.pref)
    want = p.pref
    # rule 2: the stronger preference
    if p.strength == ABSOLUTE and (q.strength != ABSOLUTE or p.acd > q.acd):
        return want, other(want)
    if q.strength == ABSOLUTE and (p.strength != ABSOLUTE or q.acd > p.acd):
        return other(want), want
    if p.strength == STRONG and q.strength == MILD:
        return want, other(want)
    if q.strength == STRONG and p.strength == MILD:
        return other(want), want
    # rule 3: latest difference in the played-colour histories, aligned at the end
    for a, b in zip(reversed(p.history), reversed(q.history)):
        if a != b:
            return b, a
    # rule 4: the higher-ranked player gets his preference
    return want, other(want)
