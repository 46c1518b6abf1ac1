"""The limits of an event: the largest (and smallest) value each number may take.

One place for every bound, so that what the event file may hold
(`core/store/codec.py` checks each key on load and before it writes), what
a judge may type on the command line (`tui/cli/numbers.py`) and what the
commands accept are the same. A value outside them is refused with its key
or option named. None of them is a rule of FIDE: they keep every table,
printout and TRF column readable and every number within 64 bits.

`RANGES` gives the bounds of each kind of whole number by name (the reader
of the file checks each key against one of them); `within(name, value)`
tells whether a value is inside. Points are checked by `points_ok`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fractions import Fraction

# -- the file as text --------------------------------------------------------
FILE_CHARS_MAX = 50_000_000  # a 2000-player, 11-round event is under 1 MB
TEXT_MAX = 1000  # characters of one text value (a name, a club, a judge, a date)
DETAIL_CHARS_MAX = 200  # characters of one of the event's details (city, arbiter ...): a TRF line holds it after its tag
DIGITS_MAX = 19  # digits of any whole number an event holds (the largest, a lots seed, is below 2**63)
CSV_BYTES_MAX = 20_000_000  # a registration CSV: 100,000 players of 200 bytes each

# -- the event ----------------------------------------------------------------
PLAYERS_MAX = 100_000  # players in one event
PLAYER_ID_MAX = 999_999  # a TRF start number has four digits: an id above 9999 cannot be exported to TRF
RATING_MAX = 9999  # four digits (the TRF's column)
UNRATED_RATING_MIN, UNRATED_RATING_MAX = 1, 3999
ROUNDS_MAX = 999  # rounds of a stage (the TRF's XXR has three digits)
TABLES_MAX = 999  # Swiss tables of one event
TOP_MIN, TOP_MAX = 2, 1024  # players of the knockout top
GAMES_PER_MATCH_MAX = 99  # games of one top mini-match
BOARD_MAX = 99_999  # a board number within a round (a top of 1024 in matches of 99 games needs 50,688)
TEAM_BOARDS_MAX = 99  # boards of one team match
MOVES_MIN, MOVES_MAX = 1, 999  # moves of one game (the play-off's fewest-moves rule)
MINUTES_MIN, MINUTES_MAX = 1, 24 * 60  # a round clock preset
CLOCK_SECONDS_MAX = MINUTES_MAX * 60  # seconds left on a paused round clock
CLOCK_YEARS = (1970, 9998)  # a round clock's deadline: minutes can be added to it, and it is shown in UTC
SEED_MIN, SEED_MAX = 0, 2**63 - 1  # a seed of the drawing of lots: one 64-bit number
TIEBREAKS_MAX = 20  # tie-break codes of one list (FIDE's examples have at most six; a printout has room for few)

# -- printouts ------------------------------------------------------------------
PAGE_LINES = 60  # lines of a printed page (A4 at six lines an inch, with margins): the default
PAGE_LINES_MIN, PAGE_LINES_MAX = 20, 1000  # what a judge may set (0: no page breaks at all)

# -- the end of the event: categories and prizes -----------------------------
YEAR_MIN, YEAR_MAX = 1000, 9999  # a year of birth in a category's bounds
CATEGORIES_MAX = 1000  # categories of one event
PRIZES_MAX = 1000  # prizes of one event
AMOUNT_MAX = 10**12  # a prize's amount, in whole units (it may have cents: two decimals)
SPLIT_PART_MAX = 1000  # one player's part in a 704.4 split (parts like 1:1, 3:2, 60:40)

# -- points -------------------------------------------------------------------
# The pairing engine and the TRF count points in tenths (dutch.md: "points are
# integers in tenths"), so a point value is a multiple of 0.1: 1, 1/2, 3, 2.5,
# but not 1/4 or 1/3.
POINTS_DENOMINATOR = 10
POINTS_MAX = 99  # points of one game or bye (a whole number: compared with Fractions as it is)
MATCH_POINTS_MAX = 99  # match points of one team match

RANGES: dict[str, tuple[int, int]] = {
    "players": (0, PLAYERS_MAX),
    "id": (1, PLAYER_ID_MAX),
    "rating": (0, RATING_MAX),
    "unrated_rating": (UNRATED_RATING_MIN, UNRATED_RATING_MAX),
    "rounds": (0, ROUNDS_MAX),
    "round": (1, ROUNDS_MAX),
    "tables": (1, TABLES_MAX),
    "table": (1, TABLES_MAX),
    "top": (0, TOP_MAX),
    "games_per_match": (1, GAMES_PER_MATCH_MAX),
    "board": (1, BOARD_MAX),
    "boards": (1, TEAM_BOARDS_MAX),
    "moves": (MOVES_MIN, MOVES_MAX),
    "minutes": (MINUTES_MIN, MINUTES_MAX),
    "seconds": (0, CLOCK_SECONDS_MAX),
    "seed": (SEED_MIN, SEED_MAX),
    "year": (YEAR_MIN, YEAR_MAX),
    "part": (1, SPLIT_PART_MAX),
}


def within(name: str, value: int) -> bool:
    """Whether `value` is inside the range `RANGES[name]`."""
    lo, hi = RANGES[name]
    return lo <= value <= hi


def points_ok(x: Fraction) -> bool:
    """A point value the engines can hold: 0 to POINTS_MAX in tenths."""
    return 0 <= x <= POINTS_MAX and POINTS_DENOMINATOR % x.denominator == 0


# -- a whole number typed (a prompt, a form, an argument, a key of the file) --------------------------
def is_digits(text: str, most: int = DIGITS_MAX) -> bool:
    """Whether `text` is 1 to `most` ASCII digits, nothing else. Python's `str.isdigit` is true for `²`, `①` and
    the digits of other scripts, and `int()` reads Arabic-Indic or fullwidth digits as numbers: neither is
    used on typed text, this is."""
    return 0 < len(text) <= most and text.isascii() and text.isdigit()


def whole(text: str, kind: str | None = None, *, most: int = DIGITS_MAX, label: str = "") -> int:
    """`text` (surrounding spaces aside) as a whole number: ASCII digits only, at most `most` of them, within
    `RANGES[kind]` when `kind` is given; else `core.errors.InvalidNumber`, one line naming what was typed
    (`label` first, e.g. a field or an option: "rating: '16500' ...")."""
    from arbiter_tournament.core.errors import InvalidNumber

    t = text.strip()
    from arbiter_tournament.core.msg.cells import clean

    shown = clean(t if len(t) <= 20 else t[:20] + "…")
    where = f"{label}: " if label else ""
    if not (t.isascii() and t.isdigit()):
        raise InvalidNumber("{where}'{text}' is not a number: type the digits 0 to 9", where=where, text=shown)
    if len(t.lstrip("0")) > most:
        raise InvalidNumber("{where}'{text}' has more than {most} digits", where=where, text=shown, most=most)
    n = int(t)
    if kind is not None and not within(kind, n):
        lo, hi = RANGES[kind]
        raise InvalidNumber("{where}{n} is out of range: {lo} to {hi}", where=where, n=n, lo=lo, hi=hi)
    return n
