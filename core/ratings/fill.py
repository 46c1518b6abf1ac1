"""A player's details from a rating list's entry, and the ratings of registered players from the lists.

`details(found, rate)` gives what `players add` takes: the name as the list writes it, the FIDE id,
the federation, the title (the player's own, else the women's title: the report has one title
column), the sex, the year of birth and the rating of the event's rate (standard, rapid or blitz).
Other titles of the list (an arbiter's IA, an organiser's IO, a trainer's FST ...) are no player's
title: they are not kept. `updates(event, index)` lists, for the registered players with a FIDE id,
the rating the newest list gives them where it differs.
"""

from __future__ import annotations

from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.ratings.index import Found, Index


def details(found: Found, rate: str = "standard") -> dict:
    """Keyword arguments of `commands.add_player` (and `EditPlayer`) from a list's entry."""
    out = {"name": found.name, "fide_id": found.fide_id, "federation": found.fed, "title": found.title or found.wtitle,
           "sex": found.sex, "birth": str(found.born) if found.born else "", "rating": found.rating(rate)}
    return {k: v for k, v in out.items() if v not in ("", None)} | {"rating": found.rating(rate)}


def fill_rows(rows: list[dict], index: Index, rate: str = "standard") -> tuple[list[dict], int]:
    """CSV rows with what they leave out filled from the index by their FIDE id (a value the row gives is
    kept); and how many rows were found in the index."""
    out, found = [], 0
    for row in rows:
        fid = row.get("fide_id", "")
        got = index.by_id(fid) if fid else None
        if got is None:
            out.append(row)
            continue
        found += 1
        filled = details(got, rate)
        if not filled["rating"]:
            del filled["rating"]
        out.append({**filled, **{k: v for k, v in row.items() if v not in ("", None)}})  # what the row gives wins
    return out, found


def updates(event: Event, index: Index) -> list[tuple[int, int, int, str]]:
    """(player id, rating now, rating of the newest list, that list's name) of every registered player with a
    FIDE id whose rating of the event's rate differs in the newest list that has him."""
    out = []
    for p in event.players:
        if not p.fide_id:
            continue
        got = index.by_id(p.fide_id)
        if got is None:
            continue
        new = got.rating(event.rate)
        if new != p.rating:
            out.append((p.id, p.rating, new, got.list))
    return out
