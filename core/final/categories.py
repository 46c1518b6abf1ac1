"""Categories: named filters of players (rating, year of birth, sex, unrated, club, table).

A category admits a player when every condition it has holds. The facts are
the player's as the file has them: `rating` (0 is unrated: it counts as 0, so
"rating below 2000" admits unrated players and "rating from 1" does not),
`birth` (the year is read from "1990", "1990-05-04", "04.05.1990"; a player
without one is not admitted by a condition on the year), `sex` ("f" or "m";
"w", "ж", "м" and capitals read the same), `club` (equal, ignoring case) and
`table`.
"""

from __future__ import annotations

import re

from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.event.model import Category, Event, Player

_YEAR = re.compile(r"(?<![0-9])([0-9]{4})(?![0-9])")
_SEX = {"f": "f", "w": "f", "ж": "f", "m": "m", "м": "m"}


def birth_year(p: Player) -> int | None:
    """The year of birth in `p.birth` ("1990", "1990-05-04", "04.05.1990"), or None."""
    m = _YEAR.search(p.birth or "")
    return int(m.group(1)) if m else None


def sex_of(p: Player) -> str:
    """"f", "m" or "" (not known)."""
    return _SEX.get((p.sex or "").strip()[:1].lower(), "")


def admits(c: Category, p: Player) -> bool:
    """Whether player `p` belongs to category `c`: every condition `c` has holds for him."""
    if c.rating_from is not None and p.rating < c.rating_from:
        return False
    if c.rating_below is not None and p.rating >= c.rating_below:
        return False
    if c.unrated and p.rating != 0:
        return False
    if c.born_from is not None or c.born_to is not None:
        year = birth_year(p)
        if year is None:
            return False
        if c.born_from is not None and year < c.born_from:
            return False
        if c.born_to is not None and year > c.born_to:
            return False
    if c.sex and sex_of(p) != c.sex:
        return False
    if c.club and p.club.strip().casefold() != c.club.strip().casefold():
        return False
    if c.table is not None and p.table != c.table:
        return False
    return True


def find(event: Event, name: str) -> Category:
    """The event's category called `name` (ignoring case), or IllegalChange naming the ones there are."""
    for c in event.categories:
        if c.name.casefold() == name.strip().casefold():
            return c
    if not event.categories:
        raise IllegalChange("no category '{name}': the event has no categories", name=name)
    raise IllegalChange("no category '{name}' (the event has: {known})", name=name,
                        known=", ".join(c.name for c in event.categories))


def members(event: Event, c: Category) -> frozenset[int]:
    """The ids of the players of `c`."""
    return frozenset(p.id for p in event.players if admits(c, p))


def conditions(c: Category) -> list[tuple[str, object]]:
    """The conditions of `c` as (key of core/msg/en.py, value), for `categories list` and the printouts."""
    out: list[tuple[str, object]] = []
    if c.rating_from is not None:
        out.append(("cat_rating_from", c.rating_from))
    if c.rating_below is not None:
        out.append(("cat_rating_below", c.rating_below))
    if c.born_from is not None:
        out.append(("cat_born_from", c.born_from))
    if c.born_to is not None:
        out.append(("cat_born_to", c.born_to))
    if c.sex:
        out.append(("cat_sex_" + c.sex, None))
    if c.unrated:
        out.append(("cat_unrated", None))
    if c.club:
        out.append(("cat_club", c.club))
    if c.table is not None:
        out.append(("cat_table", c.table))
    return out
