"""Players to tables: an event on several tables (rules.md 1, 704.2) before it starts.

Each table runs its own Swiss, so the tables should be alike: as many players
on each (at most one apart), of the same strength, and club-mates apart where
that can be had. Two ways, as judges do it by hand:

* **snake by rating** (`method="rating"`): the players in rating order are dealt
  in rows of one per table, the rows in turn left to right and right to left
  (1 2 3 4 4 3 2 1 1 2 ...), so every table gets one of each strength band;
* **by lot** (`method="lots"`): the same dealing, of the players in an order
  drawn with `random.Random(event.lots_seed)` (stored in the file, so the draw
  can be repeated and checked).

Club-mates apart: within a row every table takes exactly one player, so the
dealing may give a player another table *of the same row* (never another row:
the balance of strength stays) when the table the snake gives already has
more of his club than another table of that row (and never so that the
dealing ends with more club-mate pairs than the plain snake: then the plain
snake it is). Players already seated are
left where they are and counted; new players fill the smallest tables first.

`seat_players` is an `Event -> Event` change (refused once a table has paired
a round: the pairing numbers are fixed then); `seating_plan` says where each
player would go, for the preview before it is saved. `add_and_seat` adds
players (a CSV without a table column) and deals those without a table in
the same change: an event file never holds a player without a table once it
has several.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Callable, Iterable, Sequence

from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.event.model import Event, Player
from arbiter_tournament.core.event.systems import Stage, System

METHODS = ("rating", "lots")


@dataclass(frozen=True)
class Seat:
    pid: int
    table: int
    row: int  # the row of the dealing (0 for players who kept their table)
    moved_for_club: bool  # not the snake's table, to keep club-mates apart


def _rating_order(players: Iterable[Player]) -> list[Player]:
    return sorted(players, key=lambda p: (-p.rating, p.name.casefold(), p.id))


def _club(p: Player) -> str:
    return p.club.strip().casefold()


def deal(players: list[Player], tables: int, *, method: str = "rating", seed: int = 0,
         seated: dict[int, list[Player]] | None = None) -> list[Seat]:
    """Where each of `players` goes among tables 1..`tables` (see the module's rules).

    `seated`: the players already at each table, who stay and count for the
    sizes and the clubs.
    """
    if method not in METHODS:
        raise IllegalChange("unknown way to seat players '{method}' (rating or lots)", method=method)
    if tables < 2:
        raise IllegalChange("the event has one table: there is nothing to distribute")
    order = _rating_order(players)
    if method == "lots":
        random.Random(seed).shuffle(order)
    parted = _deal_rows(order, tables, seated, _part_clubs)
    plain = _deal_rows(order, tables, seated, lambda chunk, snake, clubs: list(snake[:len(chunk)]))
    # the row-by-row moves look one row ahead only: where they end with more club-mate pairs than the
    # plain snake (a later row undoing an earlier move), the plain snake it is
    return parted if _pairs(parted, players, seated) <= _pairs(plain, players, seated) else plain


def _deal_rows(order: list[Player], tables: int, seated: dict[int, list[Player]] | None,
               part: Callable[[list[Player], list[int], dict[int, dict[str, int]]], list[int]]) -> list[Seat]:
    """The snake over `order`, each row's tables given by `part` (the snake's, or `_part_clubs`)."""
    size = {t: len((seated or {}).get(t, ())) for t in range(1, tables + 1)}
    clubs: dict[int, dict[str, int]] = {t: {} for t in size}
    for t, ps in (seated or {}).items():
        for p in ps:
            if _club(p):
                clubs[t][_club(p)] = clubs[t].get(_club(p), 0) + 1
    seats: list[Seat] = []
    row = 0
    i = 0
    while i < len(order):
        # a row: one player for each of the smallest tables, as many as are left
        low = min(size.values())
        open_tables = [t for t in sorted(size) if size[t] == low]
        if row % 2:
            open_tables.reverse()  # the snake turns at the end of each row
        chunk = order[i:i + len(open_tables)]
        i += len(chunk)
        place = part(chunk, open_tables, clubs)
        for j, (p, t) in enumerate(zip(chunk, place)):
            size[t] += 1
            if _club(p):
                clubs[t][_club(p)] = clubs[t].get(_club(p), 0) + 1
            seats.append(Seat(p.id, t, row + 1, t != open_tables[j]))
        row += 1
    return seats


def _pairs(seats: list[Seat], players: list[Player], seated: dict[int, list[Player]] | None) -> int:
    """Club-mate pairs at the same table, the players already seated counted."""
    club_of = {p.id: _club(p) for p in players}
    per: dict[tuple[int, str], int] = {}
    for t, ps in (seated or {}).items():
        for p in ps:
            if _club(p):
                per[(t, _club(p))] = per.get((t, _club(p)), 0) + 1
    for s in seats:
        if club_of[s.pid]:
            per[(s.table, club_of[s.pid])] = per.get((s.table, club_of[s.pid]), 0) + 1
    return sum(n * (n - 1) // 2 for n in per.values())


def _part_clubs(chunk: list[Player], snake: list[int], clubs: dict[int, dict[str, int]]) -> list[int]:
    """The tables of one row: the snake's, with two players of the row swapped
    while that lowers the number of club-mates they join (the swap that lowers
    it most first, then the nearest), so the row stays one player a table."""
    place = list(snake[:len(chunk)])
    cost = lambda j, t: clubs[t].get(_club(chunk[j]), 0) if _club(chunk[j]) else 0  # noqa: E731
    while True:
        best = None
        for i in range(len(chunk)):
            for j in range(i + 1, len(chunk)):
                gain = cost(i, place[i]) + cost(j, place[j]) - cost(i, place[j]) - cost(j, place[i])
                if gain > 0 and (best is None or (gain, -(j - i)) > (best[0], -(best[2] - best[1]))):
                    best = (gain, i, j)
        if best is None:  # a short last row: a player may take a table the row leaves free
            unused = [t for t in snake if t not in place]
            moves = [(cost(i, place[i]) - cost(i, t), -abs(snake.index(t) - i), i, t)
                     for i in range(len(chunk)) for t in unused]
            move = max(moves, default=None)
            if move is None or move[0] <= 0:
                return place
            place[move[2]] = move[3]
            continue
        _, i, j = best
        place[i], place[j] = place[j], place[i]


def _check_not_started(event: Event) -> None:
    for t in event.table_ids():
        if event.rounds_of(Stage.SWISS, t):
            if t is None:
                raise IllegalChange("the Swiss has started: players keep their tables")
            raise IllegalChange("table {table} has paired a round: players keep their tables", table=t)


def seating_plan(event: Event, *, method: str = "rating", everyone: bool = False) -> list[Seat]:
    """The seats `seat_players` would give: the players without a table, or
    everyone (`everyone=True`: a fresh distribution of the whole field)."""
    if event.system != System.SWISS:
        raise IllegalChange("a round robin is played on one table")
    _check_not_started(event)
    if everyone:
        todo, seated = list(event.players), {}
    else:
        todo = [p for p in event.players if p.table is None]
        seated = {t: [p for p in event.players if p.table == t] for t in range(1, event.tables + 1)}
    return deal(todo, event.tables, method=method, seed=event.lots_seed, seated=seated)


def seat_players(event: Event, *, method: str = "rating", everyone: bool = False) -> Event:
    """Give tables to the players (see `seating_plan`)."""
    seats = {s.pid: s.table for s in seating_plan(event, method=method, everyone=everyone)}
    if not seats:
        raise IllegalChange("every player has a table already")
    players = tuple(replace(p, table=seats[p.id]) if p.id in seats else p for p in event.players)
    return replace(event, players=players)


def add_and_seat(event: Event, rows: Sequence[dict], *, method: str = "rating",
                 row_error: Callable[[int, IllegalChange], Exception] | None = None) -> Event:
    """Add the players of `rows` (keyword arguments of `commands.add_player`, as `csvio.read_players` gives
    them) and deal those without a table to the tables (`seat_players`, with the players already there),
    in one change. A row that `add_player` refuses raises `row_error(index, exc)` when given.
    """
    from arbiter_tournament.core.event.commands import add_players

    dealt = [event.tables > 1 and row.get("table") is None for row in rows]
    first = len(event.players)  # (a dealt player is added at table 1, then dealt: the checks are the same)
    event = add_players(event, [{**row, "table": 1} if d else row for row, d in zip(rows, dealt)],
                        row_error=row_error)
    unseated = {p.id for p, d in zip(event.players[first:], dealt) if d}
    if not unseated:
        return event
    event = replace(event, players=tuple(replace(p, table=None) if p.id in unseated else p for p in event.players))
    return seat_players(event, method=method)


def move_player(event: Event, pid: int, table: int) -> Event:
    """One player to another table before round 1 (a late change of the seating): refused once the player's
    table or the new one has paired a round (the pairing numbers are fixed then)."""
    if event.system != System.SWISS:
        raise IllegalChange("a round robin is played on one table")
    if event.tables < 2:
        raise IllegalChange("the event has one table: a player cannot move to another")
    if not 1 <= table <= event.tables:
        raise IllegalChange("there is no table {table}: the event has tables 1 to {n}", table=table, n=event.tables)
    p = event.player(pid)
    if p.table == table:
        raise IllegalChange("{name} ({pid}) is at table {table} already", name=p.name, pid=pid, table=table)
    for t in (p.table, table):
        if t is not None and event.rounds_of(Stage.SWISS, t):
            raise IllegalChange("table {table} has paired a round: players keep their tables", table=t)
    return replace(event, players=tuple(replace(q, table=table) if q.id == pid else q for q in event.players))


def table_summary(event: Event) -> list[tuple[int, int, int, int]]:
    """Per table: (table, players, average rating of the rated, club-mate pairs)."""
    out = []
    for t in range(1, event.tables + 1):
        ps = [p for p in event.players if p.table == t]
        rated = [p.rating for p in ps if p.rating]
        per_club: dict[str, int] = {}
        for p in ps:
            if _club(p):
                per_club[_club(p)] = per_club.get(_club(p), 0) + 1
        clashes = sum(n * (n - 1) // 2 for n in per_club.values())
        out.append((t, len(ps), (sum(rated) + len(rated) // 2) // len(rated) if rated else 0, clashes))
    return out
