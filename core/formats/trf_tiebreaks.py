"""The tie-break line of a TRF (`202`, TRF-2026): arbiter's codes written as the FIDE TEC reads them, and back.

TRF-2026 gives the event's tie-breaks as a comma-separated list of codes
(`202`; `212` is the same list with `PTS` first). The FIDE TEC's
TieBreakServer reads a modifier after a slash and a team point type after a
colon, so arbiter writes its codes in that notation:

| arbiter | written | | arbiter (team) | written |
|---|---|---|---|---|
| `BH-C1`, `SB-C1`, `BH-M1`, `PS-C1`, `ARO-C1` | `BH/C1` ... | | `GP`, `MP` | `GPTS`, `MPTS` |
| `BH`, `SB`, `DE`, `WIN`, `KS` ... | as they are | | `EMGSB-C1` | `EMGSB/C1` |
| | | | `BH-MP`, `BH-GP-C1` | `BH:MP`, `BH:GP/C1` |

The edition of the tie-break rules is not a TRF field; when it is not the
default (fide2024), every code carries the TEC's version modifier: `/V2026`
for fide2026, `/V2022` for legacy (the rules before the 2023 regulations).
Reading accepts both notations (`BH/C1` and `BH-C1`) and the version modifier.
"""

from __future__ import annotations

import re

from arbiter_tournament.core.errors import ArbiterError, FileProblem

EDITION_YEAR = {"legacy": "2022", "fide2024": "2024", "fide2026": "2026"}
YEAR_EDITION = {v: k for k, v in EDITION_YEAR.items()}

_CUT = re.compile(r"^([A-Z]+)-([CM])([0-9]{1,9})$")
_TEAM_BH = re.compile(r"^BH-(MP|GP)(?:-C([0-9]{1,9}))?$")
_TEAM_ESB = re.compile(r"^(E[MG][MG]SB)(?:-C([0-9]{1,9}))?$")


def individual_tokens(codes, edition: str) -> list[str]:
    """The 202 list of an individual event's tie-break codes."""
    from arbiter_tournament.core.tiebreaks import lookup

    out = []
    for c in codes:
        code = lookup(c).code
        m = _CUT.match(code)
        out.append(f"{m.group(1)}/{m.group(2)}{m.group(3)}" if m else code)
    return _versioned(out, edition)


def team_tokens(codes, edition: str) -> list[str]:
    """The 202 list of a team event's tie-break codes (after the match points)."""
    from arbiter_tournament.core.teams import check_codes

    out = []
    for code in check_codes(codes):
        m = _TEAM_BH.match(code)
        e = _TEAM_ESB.match(code)
        if code in ("MP", "GP"):
            out.append(code + "TS")
        elif m:
            out.append(f"BH:{m.group(1)}" + (f"/C{m.group(2)}" if m.group(2) else ""))
        elif e:
            out.append(e.group(1) + (f"/C{e.group(2)}" if e.group(2) else ""))
        else:
            out.append(code)
    return _versioned(out, edition)


def _versioned(tokens: list[str], edition: str) -> list[str]:
    if edition == "fide2024":
        return tokens
    return [f"{t}/V{EDITION_YEAR[edition]}" for t in tokens]


def read_tiebreaks(tokens: list[str], path: str, line: int | None, *, team: bool) -> tuple[tuple[str, ...], str | None]:
    """(arbiter codes, edition or None) of a 202 list; a code arbiter does not know is an error at its line."""
    from arbiter_tournament.core.teams import check_codes
    from arbiter_tournament.core.tiebreaks import lookup

    codes: list[str] = []
    editions: set[str] = set()
    for tok in tokens:
        base, *mods = tok.strip().upper().split("/")
        name, _, points = base.partition(":")
        suffix = ""
        for mod in mods:
            if re.fullmatch(r"[CM][0-9]{1,9}", mod):
                suffix += f"-{mod}"
            elif re.fullmatch(r"V[0-9]{4}", mod) and mod[1:] in YEAR_EDITION:
                editions.add(YEAR_EDITION[mod[1:]])
            else:
                raise FileProblem(path, line, "202: tie-break {code!r}: arbiter does not know the modifier /{mod}",
                                  code=tok, mod=mod)
        try:
            if team:
                name = {"MPTS": "MP", "GPTS": "GP", "PTS": "MP"}.get(name, name)
                if points:
                    name = f"{name}-{points}"
                codes.append(check_codes([name + suffix])[0])
            elif points:
                raise FileProblem(path, line, "202: tie-break {code!r}: a point type (:{points}) is for team events",
                                  code=tok, points=points)
            else:
                codes.append(lookup(name + suffix).code)
        except FileProblem:
            raise
        except ArbiterError as exc:
            raise FileProblem(path, line, "202: tie-break {code!r}: {error}", code=tok, error=exc) from None
    if len(editions) > 1:
        raise FileProblem(path, line, "202: the tie-breaks name different editions of the rules ({editions})",
                          editions=", ".join(sorted(EDITION_YEAR[e] for e in editions)))
    return tuple(codes), (editions.pop() if editions else None)
