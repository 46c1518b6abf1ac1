"""A compact crosstable notation, for tests, examples and quick checks.

One string per player, one token per round, separated by spaces:

    "9W+ 13B= 2W= 15B+ 4W="   opponent, colour (W first mover, B second), result + = -
    "11F-" / "9F+"           forfeit loss / win against the scheduled opponent
    "PAB" "FPB" "HPB" "ZPB"  pairing-allocated, full-point, half-point, zero-point bye
    "ABS"                    absent (late entry, withdrawn)

`crosstable({1: (rating, "..."), ...})` -> list[PlayerHistory].
"""

from __future__ import annotations

import re

from arbiter_tournament.core.event.records import Outcome, PlayerHistory, RoundRecord

_GAME = re.compile(r"^([0-9]{1,9})([WB])?(F\+|F-|\+|=|-)$")
_BYES = {"PAB": Outcome.PAB, "FPB": Outcome.FULL_BYE, "HPB": Outcome.HALF_BYE, "ZPB": Outcome.ZERO_BYE,
         "ABS": Outcome.ABSENT}
_RES = {"+": Outcome.WIN, "=": Outcome.DRAW, "-": Outcome.LOSS, "F+": Outcome.FORFEIT_WIN, "F-": Outcome.FORFEIT_LOSS}


def record(token: str) -> RoundRecord:
    t = token.strip().upper()
    if t in _BYES:
        return RoundRecord(_BYES[t])
    m = _GAME.match(t)
    if not m:
        raise ValueError(f"not a crosstable token: {token!r}")
    colour = {"W": "w", "B": "b", None: None}[m.group(2)]
    return RoundRecord(_RES[m.group(3)], int(m.group(1)), colour)


def history(pid: int, line: str, rating: int = 0, name: str = "") -> PlayerHistory:
    return PlayerHistory(pid, rating, name, tuple(record(t) for t in line.split()))


def crosstable(rows: dict[int, tuple[int, str]]) -> list[PlayerHistory]:
    return [history(pid, line, rating) for pid, (rating, line) in rows.items()]


def mirror(pid: int, line: str, ratings: dict[int, int] | None = None, rating: int = 0) -> list[PlayerHistory]:
    """Player `pid` plays `line`; every opponent gets the mirrored record in that
    round and zero-point byes in the other rounds. For formula checks where only
    one player's terms matter."""
    ratings = ratings or {}
    toks = line.split()
    flip = {"+": "-", "-": "+", "=": "=", "F+": "F-", "F-": "F+"}
    rows: dict[int, list[str]] = {}
    for r, tok in enumerate(toks, 1):
        rec = record(tok)
        if rec.opponent is None:
            continue
        res = tok[-2:] if "F" in tok.upper() else tok[-1]
        colour = {"w": "B", "b": "W", None: ""}[rec.colour]
        row = rows.setdefault(rec.opponent, ["ZPB"] * len(toks))
        row[r - 1] = f"{pid}{colour}{flip[res.upper()]}"
    out = [history(pid, line, rating)]
    out += [history(q, " ".join(row), ratings.get(q, 0)) for q, row in rows.items()]
    return out
