"""The tie-break codes arbiter knows (tiebreaks.md, cli.md), without their rules.

`canonical("bh-c1")` is `"BH-C1"`; a code arbiter does not know raises `UnknownTieBreak` (an
`IllegalChange` and a `ValueError`) naming it. `registry.lookup` reads a code with this one grammar
and gives its rule; the event file's reader checks the event's codes with it alone, without loading
every family of rules (`arbiter result` reads the file and computes no tie-break).
"""

from __future__ import annotations

import re

from arbiter_tournament.core import limits
from arbiter_tournament.core.errors import IllegalChange


class UnknownTieBreak(IllegalChange, ValueError):
    """A tie-break code the program does not know."""


# codes without a parameter (registry.FIXED gives each its rule; a test holds the two equal)
FIXED_CODES = ("PTS", "DE", "WIN", "WON", "BPG", "BWG", "REP", "AOB", "SBH", "KS", "KS-E", "KS-R", "TPR", "TPR-400",
               "PTP", "APRO", "APPO", "QW", "STD", "RTNG", "TPN")
ALIASES = {"GE": "REP", "BH-MED1": "BH-M1", "BH-MED2": "BH-M2"}
MODIFIED = re.compile(r"^(BH|SB|FB)(?:-([CM])([0-9]{1,9}))?$")  # a family with its Cut-n or Median-n
CUT = re.compile(r"^(PS|ARO)(?:-C([0-9]{1,9}))?$")  # progressive score and ARO, with a Cut-n
_FIXED = frozenset(FIXED_CODES)


def _short(code: str) -> str:
    """A code as an error shows it: one short line however long the code typed (`BH-C` and 4301 digits)."""
    return code if len(code) <= 24 else code[:24] + "…"


def canonical(code: str) -> str:
    """The code as arbiter writes it (`bh-c1` -> `BH-C1`, an alias -> its code); raises UnknownTieBreak."""
    c = code.strip().upper()
    c = ALIASES.get(c, c)
    if c in _FIXED or MODIFIED.match(c) or CUT.match(c):
        return c
    raise UnknownTieBreak(
        "unknown tie-break {code!r}; known: PTS, DE, WIN, WON, BPG, BWG, REP, PS, PS-Cn, BH, BH-Cn, "
        "BH-Mn, FB, AOB, SBH, SB, SB-Cn, KS, KS-E, KS-R, ARO, ARO-Cn, TPR, TPR-400, PTP, APRO, APPO, QW, STD, "
        "RTNG, TPN", code=_short(code.strip())
    )


def check(codes) -> None:
    """Each code is one arbiter knows (else UnknownTieBreak naming the first that is not), and at most
    `limits.TIEBREAKS_MAX` of them."""
    codes = list(codes)
    if len(codes) > limits.TIEBREAKS_MAX:
        raise IllegalChange("{n} tie-breaks are too many: at most {most}", n=len(codes), most=limits.TIEBREAKS_MAX)
    for c in codes:
        canonical(c)
