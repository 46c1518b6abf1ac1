"""The event file: TOML text <-> `Event`, with every check that makes it valid.

The writer is ours, so that the text is canonical (load then save gives the
same bytes) and fast for big events: players and games are one line each.
Reading uses `tomllib`; then `check` turns the document into an `Event` or a
`FileProblem` naming the key and what is wrong there. The layout is
documented field by field in docs/file-format.md.
"""

from __future__ import annotations

import json
import tomllib
from fractions import Fraction
from typing import Any

from ..errors import FileProblem, InvalidResult, Msg, word
from ..model import BYE_KINDS, EDITIONS, STAGES, SYSTEMS, Event, Game, Player, Round
from ..records import Scoring
from ..results import Result

SCHEMA = 1

# -- writing ---------------------------------------------------------------


def _s(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's; DEL must be escaped too)."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def _num(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else _s(f"{x.numerator}/{x.denominator}")


def _val(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, Fraction):
        return _num(v)
    if isinstance(v, str):
        return _s(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_val(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_key(k)} = {_val(x)}" for k, x in v.items()) + "}"
    raise TypeError(f"cannot write {type(v).__name__} to the event file")


def _key(k: str) -> str:
    return k if k.replace("_", "").replace("-", "").isalnum() and k.isascii() else _s(k)


_SCORING_FIELDS = ("win", "draw", "loss", "forfeit_win", "forfeit_loss", "pab", "full_bye", "half_bye", "zero_bye")
_PLAYER_FIELDS = (
    "name", "rating", "club", "federation", "table", "team", "title", "fide_id", "sex", "birth",
    "late_from", "withdrawn_from",
)
_DEFAULT_EVENT = Event(name="", rounds_planned=0)
_DEFAULT_PLAYER = Player(id=0, name="")


def dumps(event: Event) -> str:
    out: list[str] = [f"schema = {SCHEMA}", "", "[event]"]
    out.append(f"name = {_s(event.name)}")
    for attr, key in (
        ("start", "start"), ("end", "end"), ("system", "system"), ("rounds_planned", "rounds"),
        ("tables", "tables"), ("top", "top"), ("third_place", "third_place"), ("tiebreaks", "tiebreaks"),
        ("edition", "edition"), ("share_places", "share_places"), ("lots_seed", "lots_seed"),
        ("unrated_rating", "unrated_rating"), ("initial_colour", "initial_colour"), ("pairing_order", "pairing_order"), ("baku", "baku"), ("forbidden", "forbidden"),
        ("forbidden_clubs", "forbidden_clubs"), ("round_minutes", "round_minutes"),
        ("top_minutes", "top_minutes"), ("language", "language"),
    ):
        v = getattr(event, attr)
        if attr in ("rounds_planned", "system") or v != getattr(_DEFAULT_EVENT, attr):
            out.append(f"{key} = {_val(v)}")
    sc = event.scoring
    out += ["", "[event.points]"]
    for f in _SCORING_FIELDS:
        v = getattr(sc, f)
        if v is not None:
            out.append(f"{f} = {_num(v)}")
    for name, state in event.extra:
        out += ["", f"[{_key(name)}]"]
        out += [f"{_key(k)} = {_val(v)}" for k, v in state.items()]
    out.append(_cached(event.players, _players_text))
    for r in event.rounds:
        out.append(_cached(r, _round_text))
    return "\n".join(out) + "\n"


# Unchanged parts of an event are the same objects from one change to the next
# (frozen dataclasses, shared): their text is kept by identity, so saving after
# one result re-writes only that round's text.
_CACHE: dict[int, tuple[object, str]] = {}
_CACHE_MAX = 4096


def _cached(obj: object, make) -> str:
    hit = _CACHE.get(id(obj))
    if hit is not None and hit[0] is obj:
        return hit[1]
    text = make(obj)
    if len(_CACHE) >= _CACHE_MAX:
        _CACHE.clear()
    _CACHE[id(obj)] = (obj, text)
    return text


def _players_text(players: tuple[Player, ...]) -> str:
    out: list[str] = []
    for p in players:
        out += ["", "[[players]]", f"id = {p.id}"]
        for f in _PLAYER_FIELDS:
            v = getattr(p, f)
            if f == "name" or v != getattr(_DEFAULT_PLAYER, f):
                out.append(f"{f} = {_val(v)}")
        if p.byes:
            out.append("byes = " + _val({str(r): k for r, k in p.byes}))
    return "\n".join(out)


def _round_text(r: Round) -> str:
    out = ["", "[[rounds]]", f"stage = {_s(r.stage)}"]
    if r.table is not None:
        out.append(f"table = {r.table}")
    out.append(f"number = {r.number}")
    if r.clock_deadline:
        out.append(f"clock_deadline = {_s(r.clock_deadline)}")
    if r.clock_paused is not None:
        out.append(f"clock_paused = {r.clock_paused}")
    out.append("games = [")
    for g in r.games:
        parts = [f"board = {g.board}", f"first = {g.first}"]
        if g.second is not None:
            parts.append(f"second = {g.second}")
        if g.result is not None:
            parts.append(f"result = {_s(g.result.value)}")
        if g.manual:
            parts.append("manual = true")
        if g.by:
            parts.append(f"by = {_s(g.by)}")
        if g.moves is not None:
            parts.append(f"moves = {g.moves}")
        out.append("  {" + ", ".join(parts) + "},")
    out.append("]")
    return "\n".join(out)


# -- reading ---------------------------------------------------------------


class _Reader:
    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, where: str, what: str, **params: Any) -> FileProblem:
        return FileProblem(self.path, where, what, **params)

    def get(self, table: dict, key: str, kind: type | tuple, where: str, default: Any = ...) -> Any:
        if key not in table:
            if default is ...:
                raise self.fail(where, "'{key}' is missing", key=key)
            return default
        v = table[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(v, bool) and bool not in kinds:
            raise self.fail(f"{where}.{key}" if where else key, "expected {kind}, found {v!r}", kind=_kind_name(kinds),
                            v=v)
        if not isinstance(v, kinds):
            raise self.fail(f"{where}.{key}" if where else key, "expected {kind}, found {v!r}", kind=_kind_name(kinds),
                            v=v)
        return v

    def points(self, v: Any, where: str) -> Fraction:
        try:
            if isinstance(v, bool):
                raise ValueError
            if isinstance(v, float):
                return Fraction(str(v))
            if isinstance(v, (int, str)):
                return Fraction(v)
        except (ValueError, ZeroDivisionError):
            pass
        raise self.fail(where, "expected points like 1, 0.5 or \"1/2\", found {v!r}", v=v)


def _kind_name(kinds: tuple) -> Msg | str:
    names = {int: Msg("a whole number"), str: Msg("text"), bool: Msg("true or false"), list: Msg("a list"),
             dict: Msg("a table")}
    out: Msg | str = ""
    for i, k in enumerate(kinds):
        name = names.get(k, k.__name__)
        out = name if i == 0 else Msg("{a} or {b}", a=out, b=name)
    return out


def loads(text: str, path: str = "<event>") -> Event:
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        raise FileProblem(path, None, "not a valid TOML file: {msg}", msg=msg) from None
    return from_doc(doc, path)


def from_doc(doc: dict, path: str = "<event>") -> Event:
    rd = _Reader(path)
    schema = doc.get("schema")
    if schema != SCHEMA:
        raise rd.fail("schema", "schema {schema!r} is not supported (this arbiter reads schema = {SCHEMA})", schema=schema, SCHEMA=SCHEMA)
    ev = rd.get(doc, "event", dict, "")
    g = lambda key, kind, default=...: rd.get(ev, key, kind, "event", default)  # noqa: E731
    name = g("name", str)
    system = g("system", str, "swiss")
    if system not in SYSTEMS:
        raise rd.fail("event.system", "unknown system '{system}' (one of {known})", system=system,
                      known=", ".join(SYSTEMS))
    edition = g("edition", str, "fide2024")
    if edition not in EDITIONS:
        raise rd.fail("event.edition", "unknown edition '{edition}' (one of {known})", edition=edition,
                      known=", ".join(EDITIONS))
    colour = g("initial_colour", str, "w")
    if colour not in ("w", "b"):
        raise rd.fail("event.initial_colour", "must be \"w\" or \"b\"")
    pts = rd.get(ev, "points", dict, "event", {})
    scoring_kw = {}
    for f in _SCORING_FIELDS:
        if f in pts:
            scoring_kw[f] = rd.points(pts[f], f"event.points.{f}")
    for k in pts:
        if k not in _SCORING_FIELDS:
            raise rd.fail(f"event.points.{k}", "unknown kind of points (known: {known})",
                          known=", ".join(_SCORING_FIELDS))
    forbidden = []
    for i, pair in enumerate(g("forbidden", list, [])):
        if not (isinstance(pair, list) and len(pair) == 2 and all(type(x) is int for x in pair)):
            raise rd.fail(f"event.forbidden[{i}]", "expected a pair of player ids like [3, 7]")
        forbidden.append(tuple(pair))
    tiebreaks = g("tiebreaks", list, [])
    if not all(isinstance(t, str) for t in tiebreaks):
        raise rd.fail("event.tiebreaks", "expected a list of tie-break codes like [\"BH-C1\", \"SB\"]")
    clubs = g("forbidden_clubs", list, [])
    if not all(isinstance(t, str) for t in clubs):
        raise rd.fail("event.forbidden_clubs", "expected a list of club names")
    pairing_order = g("pairing_order", str, "rating")
    if pairing_order not in ("rating", "id"):
        raise rd.fail("event.pairing_order", "must be \"rating\" or \"id\"")
    unrated_rating = g("unrated_rating", int, None)
    if unrated_rating is not None and not 0 < unrated_rating < 4000:
        raise rd.fail("event.unrated_rating", "must be a rating between 1 and 3999")
    rounds_planned = g("rounds", int)
    if not 0 <= rounds_planned <= 999:
        raise rd.fail("event.rounds", "must be a number of rounds from 0 to 999")
    tables = g("tables", int, 1)
    if tables < 1:
        raise rd.fail("event.tables", "must be at least 1")
    if tables > 999:
        raise rd.fail("event.tables", "must be at most 999")
    if not 0 <= g("top", int, 0) <= 1024:
        raise rd.fail("event.top", "must be a number of players from 0 to 1024")
    known_event_keys = {
        "name", "start", "end", "system", "rounds", "tables", "top", "third_place", "tiebreaks", "edition",
        "share_places", "lots_seed", "unrated_rating", "initial_colour", "baku", "forbidden", "forbidden_clubs",
        "round_minutes", "top_minutes", "language", "points", "pairing_order",
    }
    for k in ev:
        if k not in known_event_keys:
            raise rd.fail(f"event.{k}", "unknown setting")

    players = _read_players(rd, rd.get(doc, "players", list, "", []), tables)
    ids = {p.id for p in players}
    rounds = _read_rounds(rd, rd.get(doc, "rounds", list, "", []), ids, tables)
    extra = tuple((k, v) for k, v in doc.items() if k not in ("schema", "event", "players", "rounds"))
    for k, v in extra:
        if not isinstance(v, dict):
            raise rd.fail(k, "unknown top-level key")
    for a, b in forbidden:
        for x in (a, b):
            if x not in ids:
                raise rd.fail("event.forbidden", "player {x} is not in the event", x=x)
    return Event(
        name=name, rounds_planned=rounds_planned, system=system, tables=tables,
        top=g("top", int, 0), third_place=g("third_place", bool, False), start=g("start", str, ""),
        end=g("end", str, ""), scoring=Scoring(**scoring_kw), tiebreaks=tuple(tiebreaks), edition=edition,
        share_places=g("share_places", bool, False), lots_seed=g("lots_seed", int, 0),
        unrated_rating=unrated_rating, initial_colour=colour, pairing_order=pairing_order,
        baku=g("baku", bool, False), forbidden=tuple(forbidden), forbidden_clubs=tuple(clubs),
        round_minutes=g("round_minutes", int, 45), top_minutes=g("top_minutes", int, 70),
        language=g("language", str, ""), extra=extra, players=tuple(players), rounds=tuple(rounds),
    )


def _read_players(rd: _Reader, rows: list, tables: int) -> list[Player]:
    players: list[Player] = []
    seen: set[int] = set()
    types = {"name": str, "rating": int, "club": str, "federation": str, "table": int, "team": str,
             "title": str, "fide_id": str, "sex": str, "birth": str, "late_from": int, "withdrawn_from": int}
    for i, row in enumerate(rows):
        where = f"players[{i}]"
        if not isinstance(row, dict):
            raise rd.fail(where, "expected a table")
        pid = rd.get(row, "id", int, where)
        if pid < 1:
            raise rd.fail(f"{where}.id", "player ids are positive whole numbers")
        if pid in seen:
            raise rd.fail(f"{where}.id", "player id {pid} appears twice", pid=pid)
        seen.add(pid)
        kw: dict[str, Any] = {}
        for k in row:
            if k in ("id", "byes"):
                continue
            if k not in types:
                raise rd.fail(f"{where}.{k}", "unknown player field")
            kw[k] = rd.get(row, k, types[k], where)
        if "name" not in kw:
            raise rd.fail(where, "'name' is missing")
        if not 0 <= kw.get("rating", 0) <= 9999:
            raise rd.fail(f"{where}.rating", "a rating is a whole number from 0 to 9999")
        t = kw.get("table")
        if t is not None and not (1 <= t <= tables):
            raise rd.fail(f"{where}.table", "table {t} does not exist (the event has {tables})", t=t, tables=tables)
        byes = []
        for r, kind in rd.get(row, "byes", dict, where, {}).items():
            if not (r.isascii() and r.isdigit()) or kind not in BYE_KINDS:
                raise rd.fail(f"{where}.byes", "expected round = \"half\"|\"zero\"|\"full\", found {r} = {kind!r}", r=r, kind=kind)
            byes.append((int(r), kind))
        players.append(Player(id=pid, byes=tuple(sorted(byes)), **kw))
    players.sort(key=lambda p: p.id)
    return players


def _read_rounds(rd: _Reader, rows: list, ids: set[int], tables: int) -> list[Round]:
    rounds: list[Round] = []
    keys: set[tuple] = set()
    for i, row in enumerate(rows):
        where = f"rounds[{i}]"
        if not isinstance(row, dict):
            raise rd.fail(where, "expected a table")
        stage = rd.get(row, "stage", str, where)
        if stage not in STAGES:
            raise rd.fail(f"{where}.stage", "unknown stage '{stage}' (one of {known})", stage=stage,
                          known=", ".join(STAGES))
        table = rd.get(row, "table", int, where, None)
        number = rd.get(row, "number", int, where)
        if number < 1:
            raise rd.fail(f"{where}.number", "round numbers start at 1")
        key = (stage, table, number)
        if key in keys:
            raise rd.fail(where, "{stage} round {number} appears twice", stage=word(stage), number=number)
        keys.add(key)
        for k in row:
            if k not in ("stage", "table", "number", "games", "clock_deadline", "clock_paused"):
                raise rd.fail(f"{where}.{k}", "unknown round field")
        games: list[Game] = []
        boards: set[int] = set()
        seen: dict[int, int] = {}
        for j, gr in enumerate(rd.get(row, "games", list, where, [])):
            gw = f"{where}.games[{j}]"
            if not isinstance(gr, dict):
                raise rd.fail(gw, "expected a table like {{board = 1, first = 3, second = 8}}")
            for k in gr:
                if k not in ("board", "first", "second", "result", "manual", "by", "moves"):
                    raise rd.fail(f"{gw}.{k}", "unknown game field")
            board = rd.get(gr, "board", int, gw)
            if board < 1:
                raise rd.fail(f"{gw}.board", "board numbers start at 1")
            if board in boards:
                raise rd.fail(gw, "board {board} appears twice in {stage} round {number}", board=board, stage=word(stage),
                              number=number)
            boards.add(board)
            first = rd.get(gr, "first", int, gw)
            second = rd.get(gr, "second", int, gw, None)
            for pid in (first, second):
                if pid is None:
                    continue
                if pid not in ids:
                    raise rd.fail(gw, "player {pid} is not in the event", pid=pid)
                if pid in seen:
                    raise rd.fail(gw, "player {pid} plays twice in {stage} round {number} (boards {b1} and {b2})",
                                  pid=pid, stage=word(stage), number=number, b1=seen[pid], b2=board)
                seen[pid] = board
            result = None
            if "result" in gr:
                text = rd.get(gr, "result", str, gw)
                try:
                    result = Result.parse(text)
                except InvalidResult as exc:
                    raise rd.fail(f"{gw}.result", exc.msg) from None
                if (result is Result.BYE) != (second is None):
                    raise rd.fail(f"{gw}.result", "'bye' is the result of a board without a second player, and only of such a board")
            games.append(Game(board, first, second, result, rd.get(gr, "manual", bool, gw, False),
                              rd.get(gr, "by", str, gw, ""), rd.get(gr, "moves", int, gw, None)))
        rounds.append(Round(stage, number, tuple(games), table, rd.get(row, "clock_deadline", str, where, ""),
                            rd.get(row, "clock_paused", int, where, None)))
    for r in rounds:  # 1, 2, ... k: no round is missing before the last
        if r.number > 1 and (r.stage, r.table, r.number - 1) not in keys:
            raise rd.fail("rounds", "{stage} round {number} is there but round {before} is not", stage=word(r.stage),
                          number=r.number, before=r.number - 1)
    return rounds
