"""The changes a judge makes to the end of the event, as functions old event -> new event.

Categories (add, edit, rename, move, remove), prizes (add, edit, rename,
move, remove), how tied winners share money (`set_prize_sharing`), a 704.4
split (`split_prizes`, `unsplit_prizes`) and the lots of the final ranking
(`draw_lots`). Each checks what it is given and raises `IllegalChange` with
a message a judge can act on. The command line and the TUI run them as the
command values of core/commands/final.py (one transaction each, journalled).
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from arbiter_tournament.core import limits
from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.event.model import PRIZE_SHARING, PRIZE_TROPHIES, SEXES, Category, Event, Prize, PrizeSplit
from arbiter_tournament.core.event.systems import Stage

UNSET = object()  # an edit leaves this field as it is


# -- names ---------------------------------------------------------------------------------------------


def _name(name: str, what: str) -> str:
    name = (name or "").strip()
    if not name:
        raise IllegalChange("a category needs a name" if what == "category" else "a prize needs a name")
    if any(ch in name for ch in "\n\r\t"):
        raise IllegalChange("a name is one line of text")
    if len(name) > limits.TEXT_MAX:
        raise IllegalChange("a name of {size} characters is too long: at most {most}", size=len(name),
                            most=limits.TEXT_MAX)
    return name


def _index(items, name: str, what: str) -> int:
    key = name.strip().casefold()
    for i, x in enumerate(items):
        if x.name.casefold() == key:
            return i
    known = ", ".join(x.name for x in items)
    if what == "category":
        if not known:
            raise IllegalChange("no category '{name}': the event has no categories", name=name)
        raise IllegalChange("no category '{name}' (the event has: {known})", name=name, known=known)
    if not known:
        raise IllegalChange("no prize '{name}': the event has no prizes", name=name)
    raise IllegalChange("no prize '{name}' (the event has: {known})", name=name, known=known)


def _moved(items: tuple, i: int, position: int | None) -> tuple:
    """`items` with item i at 1-based `position` (None: where it is)."""
    if position is None:
        return items
    if not 1 <= position <= len(items):
        raise IllegalChange("position {position} is not in the list: 1 to {n}", position=position, n=len(items))
    rest = list(items[:i] + items[i + 1:])
    rest.insert(position - 1, items[i])
    return tuple(rest)


# -- categories ----------------------------------------------------------------------------------------


def _category(event: Event, name: str, *, rating_from=None, rating_below=None, born_from=None, born_to=None,
              sex: str = "", unrated: bool = False, club: str = "", table=None) -> Category:
    for v in (rating_from, rating_below):
        if v is not None and not limits.within("rating", v):
            raise IllegalChange("rating {rating} is out of range: 0 to {most}", rating=v, most=limits.RATING_MAX)
    for v in (born_from, born_to):
        if v is not None and not limits.within("year", v):
            raise IllegalChange("year {year} is out of range: {lo} to {hi}", year=v, lo=limits.YEAR_MIN,
                                hi=limits.YEAR_MAX)
    if rating_from is not None and rating_below is not None and rating_from >= rating_below:
        raise IllegalChange("rating from {lo} below {hi} admits nobody", lo=rating_from, hi=rating_below)
    if born_from is not None and born_to is not None and born_from > born_to:
        raise IllegalChange("born from {lo} to {hi} admits nobody", lo=born_from, hi=born_to)
    sex = (sex or "").strip().lower()
    if sex and sex not in SEXES:
        raise IllegalChange("sex '{sex}': f or m", sex=sex)
    if table is not None and not 1 <= table <= event.tables:
        raise IllegalChange("table {table} does not exist (the event has {tables})", table=table,
                            tables=event.tables)
    club = (club or "").strip()
    if len(club) > limits.TEXT_MAX:
        raise IllegalChange("a name of {size} characters is too long: at most {most}", size=len(club),
                            most=limits.TEXT_MAX)
    c = Category(name, rating_from, rating_below, born_from, born_to, sex, bool(unrated), club, table)
    if c == Category(name):
        raise IllegalChange("category '{name}' has no condition: give one (rating, year of birth, sex, unrated, "
                            "club, table)", name=name)
    return c


def add_category(event: Event, name: str, *, position: int | None = None, **conditions) -> Event:
    """A new category (at the end of the list, or at `position`)."""
    name = _name(name, "category")
    if any(c.name.casefold() == name.casefold() for c in event.categories):
        raise IllegalChange("category '{name}' exists already", name=name)
    if len(event.categories) >= limits.CATEGORIES_MAX:
        raise IllegalChange("{n} categories are too many: at most {most}", n=len(event.categories) + 1,
                            most=limits.CATEGORIES_MAX)
    cats = event.categories + (_category(event, name, **conditions),)
    return replace(event, categories=_moved(cats, len(cats) - 1, position))


def edit_category(event: Event, name: str, **conditions) -> Event:
    """The category's conditions replaced by these (the name stays)."""
    i = _index(event.categories, name, "category")
    old = event.categories[i]
    new = _category(event, old.name, **conditions)
    return replace(event, categories=event.categories[:i] + (new,) + event.categories[i + 1:])


def rename_category(event: Event, name: str, new_name: str) -> Event:
    """The category and the prizes of it take the new name."""
    i = _index(event.categories, name, "category")
    old = event.categories[i]
    new_name = _name(new_name, "category")
    if any(c.name.casefold() == new_name.casefold() for j, c in enumerate(event.categories) if j != i):
        raise IllegalChange("category '{name}' exists already", name=new_name)
    cats = event.categories[:i] + (replace(old, name=new_name),) + event.categories[i + 1:]
    prizes = tuple(replace(p, category=new_name) if p.category.casefold() == old.name.casefold() else p
                   for p in event.prizes)
    return replace(event, categories=cats, prizes=prizes)


def move_category(event: Event, name: str, position: int) -> Event:
    i = _index(event.categories, name, "category")
    return replace(event, categories=_moved(event.categories, i, position))


def remove_category(event: Event, name: str) -> Event:
    """Refused while a prize is of this category."""
    i = _index(event.categories, name, "category")
    c = event.categories[i]
    used = [p.name for p in event.prizes if p.category.casefold() == c.name.casefold()]
    if used:
        raise IllegalChange("category '{name}' has prizes ({prizes}): remove them or give them another category "
                            "first", name=c.name, prizes=", ".join(used))
    return replace(event, categories=event.categories[:i] + event.categories[i + 1:])


# -- prizes --------------------------------------------------------------------------------------------


def _prize_category(event: Event, category: str) -> str:
    if not category:
        return ""
    return event.categories[_index(event.categories, category, "category")].name


def _amount(amount: Fraction | None) -> Fraction | None:
    from arbiter_tournament.core.event.money import amount_ok

    if amount is not None and not amount_ok(Fraction(amount)):
        raise IllegalChange("an amount from 0 to {most} (cents at most), not {v}", most=limits.AMOUNT_MAX, v=amount)
    return None if amount is None else Fraction(amount)


def add_prize(event: Event, name: str, *, amount: Fraction | None = None, category: str = "",
              position: int | None = None) -> Event:
    """A new prize at the end of the list (or at `position`): the list's order breaks ties of value."""
    name = _name(name, "prize")
    if any(p.name.casefold() == name.casefold() for p in event.prizes):
        raise IllegalChange("prize '{name}' exists already", name=name)
    if len(event.prizes) >= limits.PRIZES_MAX:
        raise IllegalChange("{n} prizes are too many: at most {most}", n=len(event.prizes) + 1, most=limits.PRIZES_MAX)
    prizes = event.prizes + (Prize(name, _amount(amount), _prize_category(event, category)),)
    return replace(event, prizes=_moved(prizes, len(prizes) - 1, position))


def edit_prize(event: Event, name: str, *, amount=UNSET, category=UNSET) -> Event:
    """The prize's amount (None: none) and category ("": the whole event), each only if given."""
    i = _index(event.prizes, name, "prize")
    p = event.prizes[i]
    if amount is not UNSET:
        p = replace(p, amount=_amount(amount))
    if category is not UNSET:
        p = replace(p, category=_prize_category(event, category or ""))
    return replace(event, prizes=event.prizes[:i] + (p,) + event.prizes[i + 1:])


def rename_prize(event: Event, name: str, new_name: str) -> Event:
    i = _index(event.prizes, name, "prize")
    new_name = _name(new_name, "prize")
    if any(p.name.casefold() == new_name.casefold() for j, p in enumerate(event.prizes) if j != i):
        raise IllegalChange("prize '{name}' exists already", name=new_name)
    return replace(event, prizes=event.prizes[:i] + (replace(event.prizes[i], name=new_name),) + event.prizes[i + 1:])


def move_prize(event: Event, name: str, position: int) -> Event:
    i = _index(event.prizes, name, "prize")
    return replace(event, prizes=_moved(event.prizes, i, position))


def remove_prize(event: Event, name: str) -> Event:
    i = _index(event.prizes, name, "prize")
    return replace(event, prizes=event.prizes[:i] + event.prizes[i + 1:])


def set_prize_sharing(event: Event, sharing: str) -> Event:
    """How tied winners' money is shared: none, equal, hort, winners (core.final.prizes)."""
    if sharing not in PRIZE_SHARING:
        raise IllegalChange("prize sharing '{sharing}': one of {known}", sharing=sharing,
                            known=", ".join(PRIZE_SHARING))
    return replace(event, prize_sharing=sharing)


def set_ties(event: Event, ties: str) -> Event:
    """What the regulations say of players equal after every tie-break: they share the place ("shared"), or a
    lot decides ("lots", drawn once at the end: `draw_lots`). The event's `share_places`."""
    if ties not in ("shared", "lots"):
        raise IllegalChange("ties '{ties}': shared or lots", ties=ties)
    return replace(event, share_places=ties == "shared")


# -- 704.4: an agreed top result, and the prizes shared as the players agreed --------------------------


def agreed_pairs(event: Event) -> set[frozenset[int]]:
    """The pairs of players of a top game whose result was agreed (704.4: `1-0a`, `0-1a`)."""
    out = set()
    for r in event.rounds_of(Stage.TOP):
        for g in r.games:
            if g.second is not None and g.result is not None and g.result.agreed:
                out.add(frozenset((g.first, g.second)))
    return out


def split_prizes(event: Event, players: list[int], parts: list[int] | None = None) -> Event:
    """Players who agreed their top game's result (704.4) share their prizes' money in `parts` (default equal).

    Each of them must have agreed a top game with another of them; a split
    they had before is replaced."""
    players = list(players)
    for pid in players:
        event.player(pid)
    if len(players) < 2 or len(set(players)) != len(players):
        raise IllegalChange("a split is between two or more different players")
    parts = [1] * len(players) if parts is None else list(parts)
    if len(parts) != len(players):
        raise IllegalChange("give one part for each player: {n} players, {k} parts", n=len(players), k=len(parts))
    for x in parts:
        if not limits.within("part", x):
            raise IllegalChange("a part is a whole number from 1 to {most}, not {x}", most=limits.SPLIT_PART_MAX, x=x)
    pairs = agreed_pairs(event)
    for pid in players:
        if not any(frozenset((pid, other)) in pairs for other in players if other != pid):
            raise IllegalChange("player {pid} agreed no top game with {others} (704.4: an agreed result, 1-0a or "
                                "0-1a, comes first)", pid=pid,
                                others=", ".join(str(o) for o in players if o != pid))
    keep = tuple(s for s in event.prize_splits if not set(s.players) & set(players))
    return replace(event, prize_splits=keep + (PrizeSplit(tuple(players), tuple(parts)),))


def unsplit_prizes(event: Event, player: int) -> Event:
    """The split a player is in taken back."""
    keep = tuple(s for s in event.prize_splits if player not in s.players)
    if len(keep) == len(event.prize_splits):
        raise IllegalChange("player {pid} is in no prize split", pid=player)
    return replace(event, prize_splits=keep)


# -- the lots of the final ranking ----------------------------------------------------------------------


def lot_for(event: Event, group: tuple[int, ...]) -> tuple[int, ...]:
    """The order one tied group is drawn in: `random.Random` seeded from the event's `lots_seed` and the
    group (a group's draw does not depend on the others)."""
    order = sorted(group)
    random.Random(f"{event.lots_seed}:final:{','.join(map(str, order))}").shuffle(order)
    return tuple(order)


def pending_draws(event: Event) -> list[tuple[str, tuple[int, ...]]]:
    """The lots `draw_lots` would draw now: (the places shared until then, "10-11"; the order drawn); then,
    when trophies at a shared place go by lot (`prize_trophies`), one per such place ("5-8 trophies")."""
    from arbiter_tournament.core.final.ranking import final_ranking

    fr = final_ranking(event)
    if not fr.finished:
        raise IllegalChange("the event is not over: the lots of the final ranking are drawn at its end")
    draws = [] if event.share_places else [(fr.row(g[0]).place_text, lot_for(event, g)) for g in fr.pending]
    trophies = _trophy_draws(replace(event, lots=event.lots + tuple(lot for _, lot in draws)))
    if not draws and not trophies:
        if event.share_places:
            raise IllegalChange("the event shares the places of players equal after every tie-break: no lot is drawn")
        raise IllegalChange("no tie in the final ranking waits for a lot")
    return draws + trophies


TROPHIES = " trophies"  # the end of a trophy draw's places ("5-8 trophies")


def _trophy_draws(event: Event) -> list[tuple[str, tuple[int, ...]]]:
    """The shared places whose trophies wait for a lot (`core.final.prizes`, rule 5), with the order drawn."""
    if event.prize_trophies != "lot" or not event.prizes:
        return []
    from arbiter_tournament.core.final.prizes import prize_list

    pl = prize_list(event)
    out: list[tuple[str, tuple[int, ...]]] = []
    for a in pl.awards:
        if a.why == "lot_pending":
            row = pl.ranking.row(a.candidates[0])
            ids = tuple(r.id for r in pl.ranking.rows if (r.place, r.place_to) == (row.place, row.place_to))
            draw = (row.place_text + TROPHIES, lot_for(event, ids))
            if draw not in out:
                out.append(draw)
    return out


def draws_text(draws: list[tuple[str, tuple[int, ...]]]) -> str:
    """"10-11: 8, 10; 20-22: 4, 9, 3" (the journal's words: places, then the ids in the order drawn)."""
    return "; ".join(f"{places}: {', '.join(map(str, lot))}" for places, lot in draws)


def draw_lots(event: Event, expected: list[tuple[str, tuple[int, ...]]] | None = None) -> Event:
    """Draw, once, every lot the final ranking waits for (players equal after every tie-break, in an event
    whose regulations break such ties by lot); recorded in `lots`. Refused before the event is over, and
    when there is nothing to draw (`pending_draws` says why); with `expected` (the draws the judge was
    shown), refused when the ranking changed since."""
    draws = pending_draws(event)
    if expected is not None and draws != expected:
        raise IllegalChange("the final ranking changed meanwhile: look at it again, then draw the lots")
    ranking = tuple(lot for places, lot in draws if not places.endswith(TROPHIES))
    trophies = tuple(lot for places, lot in draws if places.endswith(TROPHIES))
    return replace(event, lots=event.lots + ranking, trophy_lots=event.trophy_lots + trophies)


def set_prize_trophies(event: Event, how: str) -> Event:
    """Who of a shared place holds a trophy that falls on it: "order" (the Swiss order) or "lot" (drawn once at
    the end, `draw_lots`). The event's `prize_trophies`."""
    if how not in PRIZE_TROPHIES:
        raise IllegalChange("trophies '{how}': order or lot", how=how)
    return replace(event, prize_trophies=how)
