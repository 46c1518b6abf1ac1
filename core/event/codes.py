"""Players' personal codes: what a player types (or the QR code of the pairing slip opens) to report a result.

    new_code()                -> "K7TQ2MXH9R"   (10 characters, drawn with `secrets`)
    shown("K7TQ2MXH9R")       -> "K7TQ2-MXH9R"  (two groups of five: what a slip and a card print)
    normal(" k7tq2 mxh9r ")   -> "K7TQ2MXH9R"   (what a player typed, as the file keeps it; None: not a code)

The alphabet is 28 characters: the digits 2-9 and the capital letters without B, I, L, O, S and Z, so no two
of its characters look alike (0/O, 1/I/L, 2/Z, 5/S, 8/B: only the digit is kept; a typed Z, S or B is read
as 2, 5 or 8). Ten of them are 28**10 = 2**48.1 codes: a guesser allowed 10 tries a minute from each of
1,000 addresses (the server's rate limit) needs about 5 years for a 1-in-1,000,000 chance at one of 500
players' codes. The code is a secret of its holder: it is kept in the event file (`code` of a player) and
said only by `arbiter players codes`, the pairing slips and the player cards.
"""

from __future__ import annotations

import re
import secrets

ALPHABET = "23456789ACDEFGHJKMNPQRTUVWXY"
LENGTH = 10
GROUP = 5
BITS = 48  # floor(LENGTH * log2(len(ALPHABET)))
_TYPED = str.maketrans({"Z": "2", "S": "5", "B": "8", "-": None, " ": None, "\t": None})
CODE_RE = re.compile(f"[{ALPHABET}]{{{LENGTH}}}")


def new_code(choose=secrets.choice) -> str:
    """A fresh code (`choose` is `secrets.choice`; a test gives its own)."""
    return "".join(choose(ALPHABET) for _ in range(LENGTH))


def is_code(text: str) -> bool:
    """A code as the file keeps it (ten characters of the alphabet, no separator)."""
    return isinstance(text, str) and CODE_RE.fullmatch(text) is not None


def shown(code: str) -> str:
    """The code as printed: groups of five joined by a hyphen."""
    return "-".join(code[i:i + GROUP] for i in range(0, len(code), GROUP))


def normal(typed: str) -> str | None:
    """What a player typed, as the file keeps it: capitals, no spaces or hyphens, the look-alikes read as
    their digit; None if it cannot be a code (then it is a wrong code, counted as one)."""
    if not isinstance(typed, str) or len(typed) > 40:
        return None
    text = typed.strip().upper().translate(_TYPED)
    return text if is_code(text) else None


def fresh_codes(pids, taken, choose=secrets.choice) -> tuple[tuple[int, str], ...]:
    """A new code for each of `pids`, none equal to another or to one of `taken`."""
    used = set(taken)
    out = []
    for pid in pids:
        code = new_code(choose)
        while code in used:
            code = new_code(choose)
        used.add(code)
        out.append((pid, code))
    return tuple(out)
