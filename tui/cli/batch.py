"""Several changes in one call: `arbiter result FILE 1 1-0 2 = ...`, `players bye FILE 4,9 5 half`,
`players withdraw FILE 4,9`, and their `-` form, which reads such lines from standard input (a judge
typing a column of slips, or a file piped in: `arbiter result FILE - < slips.txt`).

A line is what the command takes after FILE (`12 1-0`, or `12 1-0 13 =`; `4,9 5 half`; `4,9`); blank
lines and lines starting with `#` are skipped. Every line is read and checked before anything is
saved, and the changes are saved together or not at all (core.commands.Batch: one transaction, one
journal line); a mistake names its line. Ctrl-D ends the lines typed at a terminal; Ctrl-C saves
nothing.
"""

from __future__ import annotations

import argparse
import sys
from typing import Callable, Iterator, TypeVar

from . import numbers
from .usage import UsageError

T = TypeVar("T")

LINES_MAX = 100_000  # lines read from standard input at most (a slip a line: far more than any event)


def stdin_lines(command: str, form: str) -> Iterator[tuple[str, list[str]]]:
    """Standard input's lines, each as (`line N: `, its words); a terminal is told how to end them."""
    stream = sys.stdin
    if stream is None:
        raise UsageError(f"{command}: '-' reads standard input, and there is none")
    if stream.isatty():
        print(f"arbiter: {form}, one a line; Ctrl-D saves, Ctrl-C saves nothing",  # fits 80 columns
              file=sys.stderr, flush=True)
    try:
        for n, line in enumerate(stream, 1):
            if n > LINES_MAX:
                raise UsageError(f"{command}: standard input: more than {LINES_MAX} lines")
            line.encode("utf-8")  # bytes that are not UTF-8, read with surrogateescape (a C locale)
            words = line.split()
            if words and not words[0].startswith("#"):
                yield f"line {n}: ", words
    except (UnicodeDecodeError, UnicodeEncodeError):
        raise UsageError(f"{command}: standard input is not UTF-8 text") from None


def number(read: Callable[[str], T], text: str, what: str) -> T:
    """`text` read by a `numbers` parser, its refusal one line naming `what` (`board`, `player`)."""
    try:
        return read(text)
    except argparse.ArgumentTypeError as exc:
        raise UsageError(f"{what} {exc}") from None
    except ValueError:
        raise UsageError(f"{what} '{text}' is not a number") from None


def ids(text: str) -> tuple[int, ...]:
    """`4,9,12` as player ids (a line of standard input)."""
    one = numbers.whole("id")
    return number(lambda t: tuple(one(part) for part in t.split(",")), text, "player")


def once(keys: list[T], what: Callable[[T], str], command: str) -> None:
    """Each key once (a board, a player and his round): the second is refused, naming it."""
    seen: set[T] = set()
    for key in keys:
        if key in seen:
            raise UsageError(f"{command}: {what(key)} is given twice")
        seen.add(key)
