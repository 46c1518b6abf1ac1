"""The event's details: what a rating report says of it and no rule reads.

The name, the city, the host federation, the dates, the chief arbiter and
his deputies, the time control and the date of each round: the header of
the FIDE report (TRF `012` to `132`, docs/exports.md "The report's header").
`set_details` is the one change that sets them (`arbiter new`, `arbiter
event set`); `check_detail` is the rule each value keeps, which the file's
reader applies too (`core.store.codec`).
"""

from __future__ import annotations

import datetime
from dataclasses import replace
from typing import Any

from arbiter_tournament.core.errors import IllegalChange, Msg, word
from arbiter_tournament.core.event.model import RATES, Event
from arbiter_tournament.core.limits import DETAIL_CHARS_MAX, ROUNDS_MAX

# Event attribute -> the word a judge reads in a message (the command line's option without --)
DETAILS = {
    "name": "name", "city": "city", "federation": "federation", "start": "start", "end": "end",
    "chief_arbiter": "chief arbiter", "deputy_arbiters": "deputy arbiters", "time_control": "time control",
    "round_dates": "round dates",
    # what the public site shows (core/formats/site.py, docs/publishing.md): yes or no
    "public_crosstable": "public crosstable", "public_prize_money": "public prize money",
    "rate": "rate",
}


def check_date(value: str, what: Msg | str) -> str:
    """`YYYY-MM-DD`, a real date ("" is no date); `DD.MM.YYYY`, as Russian judges write dates (and the player
    form takes a birth date), is taken as the same date, kept as `YYYY-MM-DD`."""
    if value == "":
        return value
    iso = value
    day, dot1, rest = value.partition(".")
    month, dot2, year = rest.partition(".")
    if dot1 and dot2 and len(day) == 2 and len(month) == 2 and len(year) == 4:
        iso = f"{year}-{month}-{day}"
    try:
        if len(iso) != 10 or not (iso[:4] + iso[5:7] + iso[8:]).isdigit() or not iso.isascii():
            raise ValueError
        datetime.date.fromisoformat(iso)
    except ValueError:
        raise IllegalChange("{what}: '{value}' is not a date like 2026-05-01 (YYYY-MM-DD)", what=what,
                            value=value[:40]) from None
    return iso


def check_line(value: str, what: Msg | str) -> str:
    """One line of text, not too long for a TRF line."""
    if any(ch in value for ch in "\n\r\t\v\f"):
        raise IllegalChange("{what}: one line of text, without line breaks or tabs", what=what)
    if len(value) > DETAIL_CHARS_MAX:
        raise IllegalChange("{what}: {n} characters are too many: at most {most}", what=what, n=len(value),
                            most=DETAIL_CHARS_MAX)
    return value


def check_detail(attr: str, value: Any) -> Any:
    """The value of one detail as the event holds it, or IllegalChange naming it."""
    what = word(DETAILS[attr])
    if attr in ("public_crosstable", "public_prize_money"):
        if not isinstance(value, bool):
            raise IllegalChange("{what}: yes or no", what=what)
        return value
    if attr in ("start", "end"):
        return check_date(value, what)
    if attr == "federation":
        if value and not (len(value) == 3 and value.isascii() and value.isalpha() and value.isupper()):
            raise IllegalChange("federation: '{value}' is not a federation's code of three capital letters "
                                "(like ENG, RUS)", value=value[:40])
        return value
    if attr == "rate":  # which rating a rating list gives the players (core/ratings)
        if value not in RATES:
            raise IllegalChange("rate: '{value}' is not standard, rapid or blitz", value=str(value)[:40])
        return value
    if attr == "deputy_arbiters":
        for name in value:
            check_line(name, what)
            if not name.strip():
                raise IllegalChange("deputy arbiters: a name is empty")
        return tuple(value)
    if attr == "round_dates":
        if len(value) > ROUNDS_MAX:
            raise IllegalChange("round dates: {n} dates are too many: at most {most}", n=len(value), most=ROUNDS_MAX)
        dates = tuple(check_date(d, Msg("round {rnd}", rnd=i)) for i, d in enumerate(value, start=1))
        while dates and not dates[-1]:  # the dates of the rounds not given: nothing to keep
            dates = dates[:-1]
        return dates
    check_line(value, what)
    if attr == "name" and not value.strip():
        raise IllegalChange("the event needs a name")
    return value


def check_dates(start: str, end: str) -> None:
    if start and end and end < start:
        raise IllegalChange("the event ends ({end}) before it starts ({start})", start=start, end=end)


def set_details(event: Event, **details: Any) -> Event:
    """The event with these details set (the others as they were); IllegalChange for a value that is not
    one, nothing changed. A text given as "" (a tuple as ()) clears that detail."""
    for attr in details:
        if attr not in DETAILS:
            raise IllegalChange("'{attr}' is not one of the event's details", attr=attr)
    clean = {}
    for attr, value in details.items():
        if isinstance(value, str):
            value = value.strip()
            if attr == "federation":
                value = value.upper()
        elif isinstance(value, (list, tuple)):
            value = tuple(v.strip() for v in value)
        clean[attr] = check_detail(attr, value)
    new = replace(event, **clean)
    check_dates(new.start, new.end)
    return new


def round_date(event: Event, number: int) -> str:
    """The date of the main stage's round `number` as set ("" when not)."""
    return event.round_dates[number - 1] if 0 < number <= len(event.round_dates) else ""
