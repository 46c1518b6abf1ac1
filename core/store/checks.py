"""The checks of one value of the event file: its type, its range, the keys a table may have.

Each raises a `FileProblem` naming the key (`rounds[2].games[4].moves`) and
what is wrong there on one line; the value found is shown shortened. The
bounds are those of `core.limits`. Used by the reader (`codec.py`) and by the
checks of the stage sections (`stages.py`).
"""

from __future__ import annotations

import re
import reprlib
from datetime import date, time
from fractions import Fraction
from typing import Any

from arbiter_tournament.core import limits
from arbiter_tournament.core.errors import FileProblem, Msg

MISSING = object()

_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 60
_REPR.maxlong = 30
_REPR.maxlist = _REPR.maxdict = 4
_REPR.maxlevel = 2


def shown(v: Any) -> str:
    """A short picture of a value found in the file, for a message of one line."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (date, time)):  # a TOML date or time, as the file writes it
        return v.isoformat()
    if isinstance(v, int) and v.bit_length() > 13_000:  # 0xfff... of thousands of digits: Python has no decimal repr
        return f"{'-' if v < 0 else ''}~1e{int(abs(v).bit_length() * 0.30103)}"
    return _REPR.repr(v)


class Reader:
    """Makes the `FileProblem`s of one file."""

    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, where: str, what: str, **params: Any) -> FileProblem:
        return FileProblem(self.path, where, what, **params)


def at(where: str, key: str) -> str:
    """`where.key`; a key of the file longer than 40 characters cut (the message stays one short line)."""
    key = str(key)
    if len(key) > 40:
        key = key[:40] + "…"
    return f"{where}.{key}" if where else key


def _kind_name(kinds: tuple) -> Msg | str:
    names = {int: Msg("a whole number"), str: Msg("text"), bool: Msg("true or false"), list: Msg("a list"),
             dict: Msg("a table")}
    out: Msg | str = ""
    for i, k in enumerate(kinds):
        name = names.get(k, k.__name__)
        out = name if i == 0 else Msg("{a} or {b}", a=out, b=name)
    return out


def typed(rd: Reader, table: dict, key: str, where: str, kinds: tuple, default: Any = MISSING) -> Any:
    """`table[key]`, of one of `kinds` (true and false are not numbers); `default` if absent."""
    if key not in table:
        if default is MISSING:
            raise rd.fail(where, "'{key}' is missing", key=key)
        return default
    v = table[key]
    if (isinstance(v, bool) and bool not in kinds) or not isinstance(v, kinds):
        raise rd.fail(at(where, key), "expected {kind}, found {v}", kind=_kind_name(kinds), v=shown(v))
    return v


def integer(rd: Reader, table: dict, key: str, where: str, bound: str, default: Any = MISSING) -> Any:
    """A whole number within `limits.RANGES[bound]`."""
    if key not in table and default is not MISSING:
        return default
    v = typed(rd, table, key, where, (int,))
    in_range(rd, v, at(where, key), bound)
    return v


def in_range(rd: Reader, v: Any, where: str, bound: str) -> None:
    lo, hi = limits.RANGES[bound]
    if type(v) is not int:
        raise rd.fail(where, "expected {kind}, found {v}", kind=_kind_name((int,)), v=shown(v))
    if not lo <= v <= hi:
        raise rd.fail(where, "must be a whole number from {lo} to {hi}, not {v}", lo=lo, hi=hi, v=shown(v))


def text(rd: Reader, table: dict, key: str, where: str, default: Any = MISSING) -> Any:
    if key not in table and default is not MISSING:
        return default
    v = typed(rd, table, key, where, (str,))
    short(rd, v, at(where, key))
    return v


def short(rd: Reader, v: str, where: str) -> None:
    if len(v) > limits.TEXT_MAX:
        raise rd.fail(where, "a text of {size} characters is too long: at most {most}", size=len(v),
                      most=limits.TEXT_MAX)


def choice(rd: Reader, table: dict, key: str, where: str, known: tuple[str, ...], default: Any = MISSING) -> str:
    v = text(rd, table, key, where, default)
    if v not in known:
        raise rd.fail(at(where, key), "must be one of {known}, not {v}", known=", ".join(known), v=shown(v))
    return v


def flag(rd: Reader, table: dict, key: str, where: str, default: bool = False) -> bool:
    return typed(rd, table, key, where, (bool,), default)


def only(rd: Reader, table: dict, allowed, where: str, what: str, **params: Any) -> None:
    """Refuse a key of `table` that is not in `allowed` (docs/file-format.md: unknown keys are refused)."""
    for k in table:
        if k not in allowed:
            raise rd.fail(at(where, k), what, **params)


def round_key(rd: Reader, k: str, where: str) -> int:
    """A table key that is a round number ("3"), written as the program writes it."""
    if not (isinstance(k, str) and k.isascii() and k.isdigit() and len(k) <= 9 and k == str(int(k))):
        raise rd.fail(where, "expected a round number like \"3\", found {v}", v=shown(k))
    n = int(k)
    in_range(rd, n, where, "round")
    return n


def player_ids(rd: Reader, v: Any, where: str, ids: frozenset[int] | set[int], *, empty: bool = True) -> list[int]:
    """A list of distinct ids of players of the event."""
    if not isinstance(v, list) or not all(type(x) is int for x in v):
        raise rd.fail(where, "expected a list of player ids like [4, 9, 2, 7]")
    if not v and not empty:
        raise rd.fail(where, "expected a list of player ids like [4, 9, 2, 7]")
    seen = set()
    for x in v:
        if x not in ids:
            raise rd.fail(where, "player {x} is not in the event", x=x)
        if x in seen:
            raise rd.fail(where, "player {pid} appears twice", pid=x)
        seen.add(x)
    return v


# Points as text: "1/2", "3", "2.5" (Fraction() would also read "1_0" as 10, "1e1", " 1/2", "+1").
_POINTS_TEXT = re.compile(r"[0-9]{1,6}(?:\.[0-9]{1,6}|/[0-9]{1,6})?")


def points(rd: Reader, v: Any, where: str) -> Fraction:
    """Points: a whole number, a decimal typed by hand (0.5) or a fraction as text ("1/2"), in tenths."""
    x = None
    try:
        if isinstance(v, float):
            x = Fraction(str(v))
        elif isinstance(v, int) and not isinstance(v, bool):
            x = Fraction(v)
        elif isinstance(v, str) and _POINTS_TEXT.fullmatch(v):
            x = Fraction(v)
    except (ValueError, ZeroDivisionError, OverflowError):
        pass
    if x is None:
        raise rd.fail(where, "expected points like 1, 0.5 or \"1/2\", found {v}", v=shown(v))
    if not limits.points_ok(x):
        raise rd.fail(where, "points are a multiple of 0.1 from 0 to {most}, not {v}", most=limits.POINTS_MAX,
                      v=shown(v))
    return x
