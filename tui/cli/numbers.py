"""The numbers a judge may type on the command line, and their limits.

Every number option and operand goes through one of the parsers below, so
`--from-round 99999999999999999999`, `--moves -5`, `--points 1e999,0,0` or
`--interval 1e-300` are refused at the option, in one line, before any file
is read (exit 2).

The limits are those an event file may hold (docs/file-format.md; the codec
checks the same values when it reads a file): 999 rounds, 999 tables, a top
of 1024, 99 boards a match, 99 games a top match, ratings 0..9999, player
ids to 999,999, boards to 99,999, moves 1..999, points 0..99 in tenths. They
are in `LIMITS` and the constants below, read from core/limits.py (the
codec's `RANGES`), so the file and the command line cannot drift apart.
"""

from __future__ import annotations

import argparse
import math
import re
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from fractions import Fraction

from arbiter_tournament.core import limits as L

from .usage import UsageError

# kind: (lowest, highest, what the highest counts) -- the values an event file can hold (core.limits).
LIMITS: dict[str, tuple[int, int, str]] = {
    "rounds": (1, L.ROUNDS_MAX, "rounds"),
    "round": (*L.RANGES["round"], "rounds"),
    "after_round": (0, L.ROUNDS_MAX, "rounds"),
    "tables": (*L.RANGES["tables"], "tables"),
    "table": (*L.RANGES["table"], "tables"),
    "top": (*L.RANGES["top"], "players"),
    "boards": (0, L.TEAM_BOARDS_MAX, "boards"),
    "board": (*L.RANGES["board"], "boards"),
    "games": (*L.RANGES["games_per_match"], "games"),
    "rating": (*L.RANGES["rating"], ""),
    "unrated_rating": (*L.RANGES["unrated_rating"], ""),
    "id": (*L.RANGES["id"], ""),
    "moves": (*L.RANGES["moves"], "moves"),
    "year": (*L.RANGES["year"], ""),
    "position": (1, max(L.CATEGORIES_MAX, L.PRIZES_MAX), ""),
    "width": (1, 1000, "columns"),
    "page_lines": (0, L.PAGE_LINES_MAX, "lines"),
    "port": (1, 65535, ""),
    "clients": (1, 100000, "connections"),
    "per_address": (0, 1000, "connections"),
    "limit": (1, 1000, "players"),
}

# Points of one game (--points, --match-points): from 0 to MAX_POINTS, in tenths at most (the
# engine and the TRF count points in tenths), so 1/4 or 1/3 are refused.
MAX_POINTS, POINTS_DENOMINATOR = int(L.POINTS_MAX), L.POINTS_DENOMINATOR
# Seconds a page of the hall display stays (--interval). (0.5 is exact as a float: a typed value is compared
# with it exactly, and `fractions` is not loaded by every command for it.)
INTERVAL = (0.5, 3600)

_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[0-9]*\.?[0-9]+|[0-9]+/[0-9]+")
_SECONDS = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]{1,4})?")


def whole(kind: str) -> Callable[[str], int]:
    """An argparse `type`: a whole number within `LIMITS[kind]`."""
    lo, hi, unit = LIMITS[kind]

    def parse(text: str) -> int:
        t = text.strip()
        if not _WHOLE.fullmatch(t):
            raise ValueError(text)  # argparse says: invalid int value: 'abc'
        if len(t.lstrip("+-").lstrip("0")) > 12:  # no need to make a 5000-digit int to know it is too big
            raise argparse.ArgumentTypeError(f"{_short(t)} is too {'small' if t.startswith('-') else 'big'}: "
                                             + (f"at least {lo}" if t.startswith("-") else _at_most(hi, unit)))
        n = int(t)
        if n < lo:
            raise argparse.ArgumentTypeError(f"{t} is too small: at least {lo}")
        if n > hi:
            raise argparse.ArgumentTypeError(f"{t} is too big: {_at_most(hi, unit)}")
        return n

    parse.__name__ = "int"  # argparse says "invalid int value: 'abc'"
    parse.limits = (lo, hi)  # type: ignore[attr-defined]  # argparse's type is the function: its bounds ride on it
    return parse


def whole_or_dash(kind: str) -> Callable[[str], int | str]:
    """`whole(kind)`, or `-` as it is: the operand that reads its values from standard input."""
    one = whole(kind)

    def parse(text: str) -> int | str:
        return "-" if text == "-" else one(text)

    parse.__name__ = "int"
    return parse


def ids_or_dash(kind: str) -> Callable[[str], tuple[int, ...] | str]:
    """One number (`7`) or several, comma-separated (`4,9,12`), each as `whole(kind)` reads it, as a tuple;
    or `-` as it is (read from standard input)."""
    one = whole(kind)

    def parse(text: str) -> tuple[int, ...] | str:
        if text == "-":
            return "-"
        return tuple(one(part) for part in text.split(","))

    parse.__name__ = "int"
    return parse


def _short(text: str, most: int = 24) -> str:
    """What was typed, cut when long: a message is one short line (`--rounds 999...` of 5000 digits)."""
    return text if len(text) <= most else text[:most] + "…"


def _at_most(hi: int, unit: str) -> str:
    return f"at most {hi} {unit}".rstrip()


def digits(text: str, kind: str, option: str) -> int:
    """Digits typed in a list (`--by-hand 12-7`, `--players 4,9`) as a number within `LIMITS[kind]`;
    thousands of digits are "too big" (Python would not even make them an int)."""
    if len(text.lstrip("0")) > 12:
        lo, hi, unit = LIMITS[kind]
        raise UsageError(f"{option} {text[:20]}{'…' if len(text) > 20 else ''}: too big: {_at_most(hi, unit)}")
    return check(kind, int(text), option)


def check(kind: str, value: int, option: str) -> int:
    """`value` (already an int, e.g. from a list) within `LIMITS[kind]`, else a one-line error."""
    lo, hi, unit = LIMITS[kind]
    if value < lo:
        raise UsageError(f"{option} {value}: too small: at least {lo}")
    if value > hi:
        raise UsageError(f"{option} {value}: too big: {_at_most(hi, unit)}")
    return value


def points(text: str, option: str = "--points") -> tuple[Fraction, Fraction, Fraction]:
    """W,D,L points of a game or a match, e.g. 1,0.5,0 or 3,1,0: tenths from 0 to MAX_POINTS."""
    text_typed, text = text, _short(text, 40)
    parts = [p.strip() for p in text_typed.split(",")]
    if len(parts) != 3:
        raise UsageError(f"{option} '{text}': expected three values W,D,L such as 1,0.5,0 or 3,1,0")
    from fractions import Fraction

    out = []
    for p in parts:
        if not (p.isascii() and _DECIMAL.fullmatch(p)) or len(p) > 12:
            raise UsageError(f"{option} '{text}': '{_short(p)}' is not a number of points such as 1, 0.5 or 3")
        try:
            v = Fraction(p)
        except ZeroDivisionError:
            raise UsageError(f"{option} '{text}': '{p}' is not a number of points such as 1, 0.5 or 3") from None
        if v > MAX_POINTS or POINTS_DENOMINATOR % v.denominator:
            raise UsageError(f"{option} '{text}': '{p}': points are numbers from 0 to {MAX_POINTS} "
                             "in tenths at most (1, 0.5, 3, 2.5)")
        out.append(v)
    return out[0], out[1], out[2]


def seconds(text: str) -> float:
    """An argparse `type`: seconds (--interval), a finite decimal within INTERVAL."""
    lo, hi = INTERVAL
    t = text.strip()
    if not _SECONDS.fullmatch(t):  # float() would also take "1_000", "٣" (an Arabic-Indic 3), "inf"
        raise ValueError(text)
    value = float(t)
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{t} is not a number of seconds")
    if value < lo:
        raise argparse.ArgumentTypeError(f"{t} is too small: at least {float(lo)} seconds")
    if value > hi:
        raise argparse.ArgumentTypeError(f"{t} is too big: at most {hi} seconds")
    return value


seconds.__name__ = "float"


def amount(text: str):
    """An argparse `type`: prize money, whole or with cents (1000, 250.50): `core.event.money.parse_amount`."""
    from arbiter_tournament.core.errors import ArbiterError
    from arbiter_tournament.core.event.money import parse_amount

    try:
        return parse_amount(text)
    except ArbiterError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


amount.__name__ = "amount"
seconds.limits = INTERVAL  # type: ignore[attr-defined]  # (as `whole`'s parse: the bounds on the function)
