"""What a change changed: the units of an event and their values before and after.

A unit is the event's settings, one player, one round's header or one game.
The journal records each change as [unit, old, new] triples (JSON), so that
undo and redo work across restarts, and refuse when someone else has changed
the same unit since.
"""

from __future__ import annotations

from dataclasses import asdict, fields, replace
from fractions import Fraction
from typing import Any

from arbiter_tournament.core.event.model import Category, Event, Game, Player, Prize, PrizeSplit, Round, round_order
from arbiter_tournament.core.event.records import Scoring
from arbiter_tournament.core.event.results import Result

Unit = list  # ["event"] | ["player", id] | ["round", stage, table, n] | ["game", stage, table, n, board]
Change = tuple  # (unit, old value or None, new value or None)

_SETTINGS = [f.name for f in fields(Event) if f.name not in ("players", "rounds")]


def _settings_doc(e: Event) -> dict:
    doc: dict[str, Any] = {}
    for name in _SETTINGS:
        v = getattr(e, name)
        if name == "scoring":
            v = {f.name: None if getattr(v, f.name) is None else str(getattr(v, f.name)) for f in fields(Scoring)}
        elif name == "extra":
            v = [[k, x] for k, x in v]
        elif name in ("forbidden", "lots"):
            v = [list(p) for p in v]
        elif name == "categories":
            v = [asdict(c) for c in v]
        elif name == "prizes":
            v = [{"name": p.name, "amount": None if p.amount is None else str(p.amount), "category": p.category}
                 for p in v]
        elif name == "prize_splits":
            v = [{"players": list(s.players), "parts": list(s.parts)} for s in v]
        elif isinstance(v, tuple):
            v = list(v)
        doc[name] = v
    return doc


def _settings_from(doc: dict) -> dict:
    kw = dict(doc)
    points: dict[str, Any] = {k: None if x is None else Fraction(x) for k, x in doc["scoring"].items()}
    kw["scoring"] = Scoring(**points)
    kw["extra"] = tuple((k, x) for k, x in doc["extra"])
    kw["forbidden"] = tuple(tuple(p) for p in doc["forbidden"])
    kw["tiebreaks"] = tuple(doc["tiebreaks"])
    kw["forbidden_clubs"] = tuple(doc["forbidden_clubs"])
    # (a journal written before categories and prizes existed has none of these: the event's stay)
    if "categories" in doc:
        kw["categories"] = tuple(Category(**c) for c in doc["categories"])
    if "prizes" in doc:
        kw["prizes"] = tuple(Prize(p["name"], None if p["amount"] is None else Fraction(p["amount"]), p["category"])
                             for p in doc["prizes"])
    if "lots" in doc:
        kw["lots"] = tuple(tuple(x) for x in doc["lots"])
    if "prize_splits" in doc:
        kw["prize_splits"] = tuple(PrizeSplit(tuple(s["players"]), tuple(s["parts"])) for s in doc["prize_splits"])
    return kw


_PLAYER_ATTRS = tuple(f.name for f in fields(Player))


def _player_doc(p: Player) -> dict:
    """`asdict(p)` (its values are plain: text, whole numbers, None; the byes as lists), made directly: an import
    of 100,000 players makes as many."""
    d = {f: getattr(p, f) for f in _PLAYER_ATTRS}
    d["byes"] = [list(b) for b in p.byes]
    return d


def _player_from(d: dict) -> Player:
    return Player(**{**d, "byes": tuple(tuple(b) for b in d["byes"])})


def _game_doc(g: Game) -> dict:
    d = asdict(g)
    d["result"] = None if g.result is None else g.result.value
    return d


def _game_from(d: dict) -> Game:
    return Game(**{**d, "result": None if d["result"] is None else Result(d["result"])})


def _round_doc(r: Round) -> dict:
    return {"clock_deadline": r.clock_deadline, "clock_paused": r.clock_paused}


def diff(old: Event, new: Event) -> list[Change]:
    changes: list[Change] = []
    if any(getattr(old, n) != getattr(new, n) for n in _SETTINGS):
        changes.append((["event"], _settings_doc(old), _settings_doc(new)))
    if old.players is not new.players:
        before = {p.id: p for p in old.players}
        after = {p.id: p for p in new.players}
        for pid in sorted(before.keys() | after.keys()):
            a, b = before.get(pid), after.get(pid)
            if a != b:
                changes.append((["player", pid], a and _player_doc(a), b and _player_doc(b)))
    if old.rounds is not new.rounds:
        before_r = {r.key: r for r in old.rounds}
        after_r = {r.key: r for r in new.rounds}
        for key in sorted(before_r.keys() | after_r.keys(), key=lambda k: (k[0], k[1] or 0, k[2])):
            ra, rb = before_r.get(key), after_r.get(key)
            if ra is rb or ra == rb:
                continue
            unit = ["round", *key]
            ha, hb = ra and _round_doc(ra), rb and _round_doc(rb)
            if ha != hb:
                changes.append((unit, ha, hb))
            ga = {g.board: g for g in ra.games} if ra else {}
            gb = {g.board: g for g in rb.games} if rb else {}
            for board in sorted(ga.keys() | gb.keys()):
                x, y = ga.get(board), gb.get(board)
                if x != y:
                    changes.append((["game", *key, board], x and _game_doc(x), y and _game_doc(y)))
    return changes


def current(event: Event, unit: Unit) -> Any:
    """The value of one unit in `event` (None when absent), in journal form."""
    kind = unit[0]
    if kind == "event":
        return _settings_doc(event)
    if kind == "player":
        return _player_doc(event.player(unit[1])) if event.has_player(unit[1]) else None
    key = tuple(unit[1:4])
    rnd = next((r for r in event.rounds if r.key == key), None)
    if kind == "round":
        return rnd and _round_doc(rnd)
    if rnd is None:
        return None
    g = next((g for g in rnd.games if g.board == unit[4]), None)
    return g and _game_doc(g)


def apply(event: Event, values: list[tuple[Unit, Any]]) -> Event:
    """Set each unit to a value (None removes it)."""
    settings: dict | None = None
    players = {p.id: p for p in event.players}
    rounds = {r.key: r for r in event.rounds}
    headers: dict[tuple, Any] = {}
    games: dict[tuple, dict[int, Game]] = {}
    for unit, value in values:
        kind = unit[0]
        if kind == "event":
            settings = value
        elif kind == "player":
            if value is None:
                players.pop(unit[1], None)
            else:
                players[unit[1]] = _player_from(value)
        elif kind == "round":
            headers[tuple(unit[1:4])] = value
        else:
            key = tuple(unit[1:4])
            if key not in games:
                games[key] = {g.board: g for g in rounds[key].games} if key in rounds else {}
            if value is None:
                games[key].pop(unit[4], None)
            else:
                games[key][unit[4]] = _game_from(value)
    for key in headers.keys() | games.keys():
        header = headers.get(key, rounds[key] and _round_doc(rounds[key]) if key in rounds else None)
        board_map = games.get(key, {g.board: g for g in rounds[key].games} if key in rounds else {})
        if header is None and key in headers:
            rounds.pop(key, None)
            continue
        if header is None:
            header = {"clock_deadline": "", "clock_paused": None}
        stage, table, number = key
        rounds[key] = Round(stage, number, tuple(board_map[b] for b in sorted(board_map)), table,
                            header["clock_deadline"], header["clock_paused"])
    new = replace(
        event,
        players=tuple(players[i] for i in sorted(players)),
        rounds=tuple(sorted(rounds.values(), key=round_order)),
    )
    if settings is not None:
        new = replace(new, **_settings_from(settings))
    return new
