"""The team tie-break codes a judge may type (tiebreaks.md section 6), and the default list.

The individual codes are read as their team versions: SB = EMGSB, SB-Cn =
EMGSB-Cn, DE = EDE, BH = BH-MP, BH-Cn = BH-MP-Cn, PTS = MP.
"""

from __future__ import annotations

import re

from arbiter_tournament.core import limits
from arbiter_tournament.core.errors import IllegalChange


DEFAULT_CODES = ("GP", "EMGSB")  # after MP: game points, then the team SB (seed's "team SB" = EMGSB)

# Individual codes a judge may type for a team event, read as their team versions.
ALIASES = {"PTS": "MP", "SB": "EMGSB", "DE": "EDE", "BH": "BH-MP"}
_TEAM_CODE = re.compile(r"^(MP|GP|MPVGP|EDE|BC|TBR|BBE|SSSC|E[MG][MG]SB(-C[0-9]{1,9})?|BH-(MP|GP)(-C[0-9]{1,9})?)$")
_ALIAS_CUT = re.compile(r"^(SB|BH)-C([0-9]{1,9})$")


def check_codes(codes) -> list[str]:
    """The team tie-break codes to compute for `codes` (aliases read), or an error naming the bad one."""
    codes = list(codes)
    if len(codes) > limits.TIEBREAKS_MAX:
        raise IllegalChange("{n} tie-breaks are too many: at most {most}", n=len(codes), most=limits.TIEBREAKS_MAX)
    out = []
    for c in codes:
        u = c.strip().upper()
        m = _ALIAS_CUT.match(u)
        if m:
            u = ("EMGSB" if m.group(1) == "SB" else "BH-MP") + f"-C{m.group(2)}"
        u = ALIASES.get(u, u)
        if not _TEAM_CODE.match(u):
            raise IllegalChange("unknown team tie-break '{code}'; known: MP, GP, MPvGP, EMMSB, EMGSB, "
                                "EGMSB, EGGSB (and -Cn), BH-MP, BH-GP (and -Cn), EDE, BC, TBR, BBE, SSSC",
                                code=c.strip() if len(c.strip()) <= 24 else c.strip()[:24] + "…")
        out.append(u)
    return out
