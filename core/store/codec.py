"""The event file: TOML text <-> `Event`, with every check that makes it valid.

Writing goes through tomli-w, which renders every key and value (the strings
with their escapes, the numbers, the stage sections whole). The layout around
the values is ours, so that a big event is fast to save and easy to read:
one `[[players]]` table per player and one `[[rounds]]` table per round, with
one inline table per game on one line, the same text tomli-w writes for a
round whose games fit its line. Each player's and game's text is kept (by
value) and each round's (by identity), so saving after one result renders
one game and re-joins one round.

Reading uses `tomllib`; then every key is checked, its type, its range (the
bounds of `core.limits`) and the model's rules, and the document becomes an
`Event` or a `FileProblem` naming the key and what is wrong there. What a
command made is checked by the same table checks before it is written, so
arbiter never writes a file it would refuse to read. The layout is
documented field by field in docs/file-format.md.
"""

from __future__ import annotations

import os
import re
import threading
import tomllib
from datetime import datetime, timezone
from fractions import Fraction
from typing import Any, Callable

import tomli_w

from arbiter_tournament.core import limits
from arbiter_tournament.core.errors import FileProblem, IllegalChange, InvalidResult, Msg, word
from arbiter_tournament.core.event.model import (
    BYE_KINDS,
    EDITIONS,
    PRIZE_SHARING,
    PRIZE_TROPHIES,
    REPORTS,
    RATES,
    SEXES,
    STAGES,
    SYSTEMS,
    Category,
    Event,
    Game,
    Player,
    Prize,
    PrizeSplit,
    Round,
)
from arbiter_tournament.core.event.codes import ALPHABET as CODE_ALPHABET
from arbiter_tournament.core.event.codes import LENGTH as CODE_LENGTH
from arbiter_tournament.core.event.codes import is_code
from arbiter_tournament.core.event.player_details import stored_problem
from arbiter_tournament.core.event.money import amount_ok, amount_value
from arbiter_tournament.core.event.records import Scoring
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import stages
from arbiter_tournament.core.store.checks import (
    Reader,
    at,
    choice,
    flag,
    in_range,
    integer,
    only,
    player_ids,
    points,
    shown,
    text,
    typed,
)
from arbiter_tournament.core.event.systems import DEFAULT_PAIRING, Stage, System, check_pairing, main_stage

SCHEMA = 1
INDENT = 2  # the games of a round, and every array tomli-w writes over several lines

__all__ = ["SCHEMA", "STAGES", "dumps", "loads", "from_doc"]

# -- writing ---------------------------------------------------------------


def _lines(table: dict[str, Any]) -> str:
    """`key = value` lines of a table of plain values (text, whole numbers, true/false)."""
    return "".join([f"{_key(k)} = {_value(v)}\n" for k, v in table.items()])


def _inline(table: dict[str, Any]) -> str:
    """A table of plain values as an inline table on one line, as tomli-w writes one: `{ a = 1, b = "x" }`."""
    if not table:
        return "{}"
    return "{ " + ", ".join([f"{_key(k)} = {_value(v)}" for k, v in table.items()]) + " }"


def _key(k: str) -> str:
    """A key as tomli-w writes it (bare if it can be, else quoted); remembered."""
    text = _KEYS.get(k)
    if text is None:
        text = _KEYS[k] = tomli_w.dumps({k: 0})[:-len(" = 0\n")]
    return text


def _value(v: str | int | bool) -> str:
    """A value as tomli-w writes it. Remembered (ids, results and names recur), a kind of value apart."""
    memo: dict[Any, str] = _TEXTS if v.__class__ is str else _INTS if v.__class__ is int else _OTHER
    text = memo.get(v)
    if text is None:
        if len(memo) >= _MEMO_MAX:
            memo.clear()
        if memo is _TEXTS and isinstance(v, str) and v.isprintable() and '"' not in v and "\\" not in v:
            text = memo[v] = f'"{v}"'  # what tomli-w writes for it: it escapes only quotes, backslashes, controls
        else:
            text = memo[v] = tomli_w.dumps({"v": v})[len("v = "):-1]
    return text


def _points_value(x: Fraction) -> int | str:
    return x.numerator if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


_SCORING_FIELDS = ("win", "draw", "loss", "forfeit_win", "forfeit_loss", "pab", "full_bye", "half_bye", "zero_bye")
_PLAYER_FIELDS = (
    "name", "rating", "club", "federation", "table", "team", "title", "fide_id", "sex", "birth",
    "late_from", "withdrawn_from", "code",
)
_EVENT_FIELDS = (  # (attribute of Event, key in the file), in the file's order
    ("name", "name"), ("start", "start"), ("end", "end"), ("city", "city"), ("federation", "federation"),
    ("chief_arbiter", "chief_arbiter"), ("deputy_arbiters", "deputy_arbiters"), ("time_control", "time_control"),
    ("round_dates", "round_dates"), ("system", "system"), ("pairing", "pairing"), ("rounds_planned", "rounds"),
    ("tables", "tables"), ("top", "top"), ("third_place", "third_place"), ("tiebreaks", "tiebreaks"),
    ("edition", "edition"), ("share_places", "share_places"), ("lots_seed", "lots_seed"),
    ("unrated_rating", "unrated_rating"), ("initial_colour", "initial_colour"), ("pairing_order", "pairing_order"),
    ("baku", "baku"), ("forbidden", "forbidden"), ("forbidden_clubs", "forbidden_clubs"),
    ("round_minutes", "round_minutes"), ("top_minutes", "top_minutes"), ("language", "language"),
    ("prize_sharing", "prize_sharing"), ("prize_trophies", "prize_trophies"),
    ("public_crosstable", "public_crosstable"), ("public_prize_money", "public_prize_money"),
    ("reports", "reports"), ("player_byes", "player_byes"), ("player_bye_kind", "player_bye_kind"),
    ("rate", "rate"),
)
_ALWAYS = ("name", "system", "rounds_planned")
_DEFAULT_EVENT = Event(name="", rounds_planned=0)
_DEFAULT_PLAYER = Player(id=0, name="")


def event_doc(event: Event) -> dict[str, Any]:
    """The `[event]` table as plain values (defaults left out; tomli-w writes no None)."""
    doc: dict[str, Any] = {}
    for attr, key in _EVENT_FIELDS:
        v = getattr(event, attr)
        if attr in _ALWAYS or v != getattr(_DEFAULT_EVENT, attr):
            doc[key] = [list(x) for x in v] if attr == "forbidden" else list(v) if isinstance(v, tuple) else v
    sc = event.scoring
    doc["points"] = {f: _points_value(getattr(sc, f)) for f in _SCORING_FIELDS if getattr(sc, f) is not None}
    return doc


def player_doc(p: Player) -> dict[str, Any]:
    doc: dict[str, Any] = {"id": p.id}
    for f in _PLAYER_FIELDS:
        v = getattr(p, f)
        if f == "name" or v != getattr(_DEFAULT_PLAYER, f):
            doc[f] = v
    if p.byes:
        doc["byes"] = {str(r): kind for r, kind in p.byes}
    return doc


def game_doc(g: Game) -> dict[str, Any]:
    doc: dict[str, Any] = {"board": g.board, "first": g.first}
    if g.second is not None:
        doc["second"] = g.second
    if g.result is not None:
        doc["result"] = g.result.value
    if g.manual:
        doc["manual"] = True
    if g.by:
        doc["by"] = g.by
    if g.moves is not None:
        doc["moves"] = g.moves
    return doc


def round_head(r: Round) -> dict[str, Any]:
    doc: dict[str, Any] = {"stage": r.stage}
    if r.table is not None:
        doc["table"] = r.table
    doc["number"] = r.number
    if r.clock_deadline:
        doc["clock_deadline"] = r.clock_deadline
    if r.clock_paused is not None:
        doc["clock_paused"] = r.clock_paused
    return doc


def dumps(event: Event) -> str:
    """The canonical text of `event`; an `IllegalChange` if a value is one the file cannot hold."""
    out = [tomli_w.dumps({"schema": SCHEMA}), "\n", _event_text(event), _end_text(event)]
    ids = None
    for name, state in event.extra:
        if ids is None:
            ids = frozenset(p.id for p in event.players)
        out += ["\n", _section_text(name, state, event, ids)]
    out.append(_by_identity(event.players, lambda ps: "".join("\n" + _player_text(p, event.tables) for p in ps)))
    for r in event.rounds:
        out += ["\n", _by_identity(r, _round_text)]
    return "".join(out)


def _event_text(event: Event) -> str:
    doc = event_doc(event)
    what = lambda: Msg("the event's settings")  # noqa: E731 (made only for a message)
    _checked_on_save(lambda rd: _settings(rd, doc, ""), what)
    return _unicode(tomli_w.dumps({"event": doc}, indent=INDENT), what)


_CATEGORY_FIELDS = ("name", "rating_from", "rating_below", "born_from", "born_to", "sex", "unrated", "club", "table")
_DEFAULT_CATEGORY = Category(name="")


def category_doc(c: Category) -> dict[str, Any]:
    return {f: getattr(c, f) for f in _CATEGORY_FIELDS
            if f == "name" or getattr(c, f) != getattr(_DEFAULT_CATEGORY, f)}


def prize_doc(p: Prize) -> dict[str, Any]:
    doc: dict[str, Any] = {"name": p.name}
    if p.amount is not None:
        doc["amount"] = amount_value(p.amount)
    if p.category:
        doc["category"] = p.category
    return doc


def final_doc(event: Event) -> dict[str, Any]:
    """The `[final]` table: the final ranking's lots and the 704.4 splits (empty: no section)."""
    doc: dict[str, Any] = {}
    if event.lots:
        doc["lots"] = [list(x) for x in event.lots]
    if event.prize_splits:
        doc["splits"] = [{"players": list(s.players), "parts": list(s.parts)} for s in event.prize_splits]
    if event.trophy_lots:
        doc["trophy_lots"] = [list(x) for x in event.trophy_lots]
    return doc


def _ids(xs: list[int]) -> str:
    return "[" + ", ".join(map(str, xs)) + "]"


def _end_text(event: Event) -> str:
    """`[[categories]]`, `[[prizes]]` and `[final]`, after `[event]` (nothing for an event without them)."""
    if not (event.categories or event.prizes or event.lots or event.prize_splits or event.trophy_lots):
        return ""
    hit = _END.get("end")
    key = (event.categories, event.prizes, event.lots, event.prize_splits, event.trophy_lots, event.tables)
    if hit is not None and hit[0] == key:
        return hit[1]
    doc: dict[str, Any] = {}
    if event.categories:
        doc["categories"] = [category_doc(c) for c in event.categories]
    if event.prizes:
        doc["prizes"] = [prize_doc(p) for p in event.prizes]
    final = final_doc(event)
    if final:
        doc["final"] = final
    what = lambda: Msg("the categories and prizes")  # noqa: E731
    _checked_on_save(lambda rd: _end(rd, doc, event.tables, frozenset(p.id for p in event.players),
                                     _team_ids(event)), what)
    # one table per category and per prize, as for players; the lots and splits on one line each
    out = [f"\n[[{k}]]\n{_lines(row)}" for k in ("categories", "prizes") for row in doc.get(k, ())]
    if final:
        out.append("\n[final]\n")
        if "lots" in final:
            out.append("lots = [\n" + "".join(f"{' ' * INDENT}{_ids(x)},\n" for x in final["lots"]) + "]\n")
        if "splits" in final:
            out.append("splits = [\n" + "".join(
                f"{' ' * INDENT}{{ players = {_ids(x['players'])}, parts = {_ids(x['parts'])} }},\n"
                for x in final["splits"]) + "]\n")
        if "trophy_lots" in final:
            out.append("trophy_lots = [\n" + "".join(f"{' ' * INDENT}{_ids(x)},\n" for x in final["trophy_lots"])
                       + "]\n")
    text = _unicode("".join(out), what)
    _END["end"] = (key, text)
    return text


def _section_text(name: str, state: Any, event: Event, ids: frozenset[int]) -> str:
    what = lambda: Msg("the [{section}] section", section=name)  # noqa: E731
    _checked_on_save(lambda rd: stages.check(rd, name, state, event, ids), what)  # it reads the event too
    hit = _SECTIONS.get(name)
    if hit is not None and hit[0] == state:  # a deep comparison: the state is plain data (lists, tables)
        return hit[1]
    text = _unicode(tomli_w.dumps({name: state}, indent=INDENT), what)
    _SECTIONS[name] = (_frozen_copy(state), text)
    return text


def _player_text(p: Player, tables: int) -> str:
    text = _MEMO.get(p, _NEW)
    if text is None or text is _NEW:
        doc = player_doc(p)
        what = lambda: Msg("player {pid}", pid=p.id)  # noqa: E731
        if text is _NEW:  # made by a command, not read from a file: checked as the reader would
            _checked_on_save(lambda rd: _plain_player(doc, tables) or _player(rd, doc, "", tables), what)
        byes = doc.pop("byes", None)
        text = _unicode("[[players]]\n" + _lines(doc) + (f"byes = {_inline(byes)}\n" if byes else ""), what)
        _remember(p, text)
    return text


def _game_line(g: Game, r: Round) -> str:
    text = _MEMO.get(g, _NEW)
    if text is None or text is _NEW:
        doc = game_doc(g)
        what = lambda: Msg("{stage} round {number} board {board}", stage=word(r.stage), number=r.number,  # noqa: E731
                           board=g.board)
        if text is _NEW:
            _checked_on_save(lambda rd: _game(rd, doc, ""), what)
        text = _unicode(_inline(doc), what)
        _remember(g, text)
    return text


def _round_text(r: Round) -> str:
    head = round_head(r)
    what = lambda: Msg("{stage} round {number}", stage=word(r.stage), number=r.number)  # noqa: E731
    _checked_on_save(lambda rd: _round_head(rd, head, "", limits.TABLES_MAX), what)
    head_text = _unicode("[[rounds]]\n" + _lines(head), what)
    if not r.games:
        return head_text + "games = []\n"
    pad = " " * INDENT
    return head_text + "games = [\n" + "".join(f"{pad}{_game_line(g, r)},\n" for g in r.games) + "]\n"


def _checked_on_save(check: Callable[[Reader], Any], what: Callable[[], Msg]) -> None:
    """Run a table check of the reader on what is about to be written; refuse the change if it fails."""
    try:
        check(_SAVING)
    except FileProblem as exc:
        if exc.where is None:
            raise IllegalChange("{what} cannot be saved: {problem}", what=what(), problem=exc.msg) from None
        raise IllegalChange("{what} cannot be saved: {key}: {problem}", what=what(), key=exc.where,
                            problem=exc.msg) from None


_SAVING = Reader("<event>")


def _unicode(text: str, what: Callable[[], Msg]) -> str:
    """`text`, if it can be written as UTF-8 (a name typed in a terminal that is not UTF-8 cannot)."""
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise IllegalChange("{what} cannot be saved: the text {text} holds bytes that are not UTF-8",
                                what=what(), text=shown(exc.object[max(0, exc.start - 20):exc.end + 20])) from None
    return text


# What was written (or read) before. Unchanged parts of an event are the same
# objects from one change to the next (frozen dataclasses, shared), or equal
# ones after the file was read again: their text is kept, by identity for the
# players and the rounds (the fast path) and by value for each player and game.
# A value in `_MEMO` was checked (by the reader, or before it was written);
# None stands for checked, not yet written.
_IDENTITY: dict[int, tuple[object, str]] = {}
_MEMO: dict[object, str | None] = {}
_SECTIONS: dict[str, tuple[Any, str]] = {}
_END: dict[str, tuple[Any, str]] = {}
_KEYS: dict[str, str] = {}
_TEXTS: dict[str, str] = {}
_INTS: dict[int, str] = {}
_OTHER: dict[Any, str] = {}  # true and false (equal to 1 and 0: kept apart from the whole numbers)
_IDENTITY_MAX = 4096
_MEMO_MAX = 200_000  # players and games: a 2000-player, 11-round event has 13,000


_NEW: Any = object()  # not in `_MEMO`: never read nor written, so checked before it is written


def _by_identity(obj: object, make: Callable[[Any], str]) -> str:
    hit = _IDENTITY.get(id(obj))
    if hit is not None and hit[0] is obj:
        return hit[1]
    text = make(obj)
    if len(_IDENTITY) >= _IDENTITY_MAX:
        _IDENTITY.clear()
    _IDENTITY[id(obj)] = (obj, text)
    return text


def _remember(obj: object, text: str | None) -> None:
    if len(_MEMO) >= _MEMO_MAX:
        _MEMO.clear()
    _MEMO[obj] = text


def _checked(obj: object) -> None:
    """Known to be valid (the reader checked it): writing it later needs no check."""
    if len(_MEMO) >= _MEMO_MAX:
        _MEMO.clear()
    _MEMO.setdefault(obj, None)


def _frozen_copy(v: Any) -> Any:
    """A copy of plain data that a later change of the original (in place) cannot reach."""
    if isinstance(v, dict):
        return {k: _frozen_copy(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_frozen_copy(x) for x in v]
    return v


def clear_caches() -> None:
    """Forget every text kept (the benchmarks time a cold save with it)."""
    _IDENTITY.clear()
    _MEMO.clear()
    _SECTIONS.clear()
    _END.clear()
    for memo in (_KEYS, _TEXTS, _INTS, _OTHER):
        memo.clear()


# -- reading ---------------------------------------------------------------

def loads(text: str, path: str = "<event>") -> Event:
    if len(text) > limits.FILE_CHARS_MAX:
        raise FileProblem(path, None, "the file is too big for an event: {size} characters (at most {most})",
                          size=len(text), most=limits.FILE_CHARS_MAX)
    try:
        doc = _parse(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        raise FileProblem(path, None, "not a valid TOML file: {msg}", msg=msg) from None
    except RecursionError:  # arrays or tables nested hundreds deep: no event is
        raise FileProblem(path, None, "arrays or tables are nested too deeply for an event file") from None
    except ValueError:  # a whole number of thousands of digits: Python will not make it an int
        raise _huge_number(text, path) from None
    try:
        return from_doc(doc, path)
    finally:
        _READ.texts = {}  # the tables' ids mean nothing once they are gone


# The games of a round as `_round_text` lays them out: `games = [`, one inline table a line in the
# canonical order of its keys (`game_doc`), `]`; and the players' tables as `_player_text` writes them, one
# after another: `[[players]]`, `key = value` lines of plain values, `byes = { 4 = "half" }`. Such blocks are
# read here, line by line, far faster than tomllib reads them (most of a big event's load); anything else
# is tomllib's. The text of each game and player read so is kept for the writer (`_remember`): writing the
# event again after one change does not make the text of the thousand others anew.
_INT = r"(0|[1-9][0-9]*)"
_STR = r'"([^"\\\x00-\x1f\x7f]+)"'  # not empty, no escape, no control character: the text is the value
_GAME_LINE = (rf"  \{{ board = {_INT}, first = {_INT}(?:, second = {_INT})?(?:, result = {_STR})?"
              rf"(?:, manual = (true))?(?:, by = {_STR})?(?:, moves = {_INT})? \}},\n")
_GAME = re.compile(_GAME_LINE)
_GAMES = re.compile(rf"^games = \[\n((?:{_GAME_LINE})+)\]$", re.M)
_PLAIN = r'(?:-?(?:0|[1-9][0-9]*)|"[^"\\\x00-\x1f\x7f]*"|true|false)'
_PLAYER_LINE = re.compile(rf"([a-z_]+) = ({_PLAIN})\n")
_BYE = r'[1-9][0-9]{0,8} = "(?:half|zero|full)"'
_PLAYER_BLOCK = rf"\[\[players\]\]\n(?:[a-z_]+ = {_PLAIN}\n)+(?:byes = \{{ {_BYE}(?:, {_BYE})* \}}\n)?"
_PLAYERS = re.compile(rf"^{_PLAYER_BLOCK}(?:\n{_PLAYER_BLOCK})*", re.M)
_ONE_PLAYER = re.compile(_PLAYER_BLOCK)
_BYE_ITEM = re.compile(r'([0-9]+) = "([a-z]+)"')


class _Mixed(Exception):
    """A block that looks like the writer's but is not plain (a key twice): tomllib reads the text."""


def _parse(text: str) -> dict:
    """`tomllib.loads(text)`, the same document, with the games blocks and the players' run of the
    canonical layout read apart.

    tomllib reads the text with each games block replaced by a stand-in, one game no file holds (its
    `by` is drawn now: `games = [{ board = -1, first = K, by = "…" }]`), and the players' run by one
    player no file holds (`id = -1`, the same drawn `name`); the games are put back where the stand-ins
    are found, which must be exactly the games of rounds, each block once and in order, and the players
    where the one stand-in is the whole `players` array. Anything else (a block inside a string, a
    stand-in elsewhere, a second run of players) and tomllib reads the text alone.
    """
    token = os.urandom(12).hex()
    blocks: list[list[dict[str, Any]]] = []
    texts: dict[int, str] = {}
    _READ.texts = {}  # id of a table read here -> its text as the writer writes it

    def stand_in(m: re.Match) -> str:
        games = []
        for line in _GAME.finditer(m.group(1)):
            g = _game_of(line.groups())
            texts[id(g)] = line.group(0)[2:-2]  # `{ board = 1, ... }` without its indent and `,\n`
            games.append(g)
        blocks.append(games)
        return f'games = [{{ board = -1, first = {len(blocks) - 1}, by = "{token}" }}]'

    short = _GAMES.sub(stand_in, text)
    runs = list(_PLAYERS.finditer(short))
    players = None
    if len(runs) == 1:
        run = runs[0]
        try:
            players = [_player_of(m.group(0), texts) for m in _ONE_PLAYER.finditer(run.group(0))]
        except _Mixed:
            return tomllib.loads(text)
        short = f'{short[:run.start()]}[[players]]\nid = -1\nname = "{token}"\n{short[run.end():]}'
    if not blocks and players is None:
        return tomllib.loads(text)
    try:
        doc = tomllib.loads(short)
    except tomllib.TOMLDecodeError:  # said at its place in the text as it is (its line)
        return tomllib.loads(text)
    rows = doc.get("rounds")
    found = [row for row in (rows if isinstance(rows, list) else ()) if _holds_stand_in(row, token)]
    if [row["games"][0]["first"] for row in found] != list(range(len(blocks))):
        return tomllib.loads(text)
    if players is not None:
        if doc.get("players") != [{"id": -1, "name": token}]:
            return tomllib.loads(text)
        doc["players"] = players
    for row, games in zip(found, blocks):
        row["games"] = games
    _READ.texts = texts
    return doc


def _player_of(block: str, texts: dict[int, str]) -> dict[str, Any]:
    """A player's table of the canonical layout (`_PLAYER_BLOCK`) as tomllib gives it."""
    doc: dict[str, Any] = {}
    for key, value in _PLAYER_LINE.findall(block, len("[[players]]\n")):
        if key in doc:
            raise _Mixed
        doc[key] = (value[1:-1] if value[0] == '"' else True if value == "true" else False if value == "false"
                    else int(value))
    if block.endswith("}\n"):
        if "byes" in doc:
            raise _Mixed
        byes = doc["byes"] = {}
        for r, kind in _BYE_ITEM.findall(block, block.rindex("byes = {")):
            if r in byes:
                raise _Mixed
            byes[r] = kind
    texts[id(doc)] = block
    return doc


class _Texts(threading.local):
    texts: dict[int, str] = {}


_READ = _Texts()  # the texts `_parse` kept for the tables of the document being read (in this thread)


def _read_text_of(row: Any) -> str | None:
    """The text `_parse` read `row` from (a player's table, a game's), if it read it apart."""
    return _READ.texts.get(id(row))


def _holds_stand_in(row: Any, token: str) -> bool:
    games = row.get("games") if isinstance(row, dict) else None
    return (isinstance(games, list) and len(games) == 1 and isinstance(games[0], dict)
            and games[0].get("by") == token)


def _game_of(g: tuple[str, ...]) -> dict[str, Any]:
    """A game line's values (`_GAME`'s groups, "" where a key is left out) as tomllib gives them."""
    board, first, second, result, manual, by, moves = g
    doc: dict[str, Any] = {"board": int(board), "first": int(first)}
    if second:
        doc["second"] = int(second)
    if result:
        doc["result"] = result
    if manual:
        doc["manual"] = True
    if by:
        doc["by"] = by
    if moves:
        doc["moves"] = int(moves)
    return doc


# A whole number too long for Python to read (more than 4300 digits; tomllib raises ValueError)
_HUGE = re.compile(r"[+-]?(?:0[xob])?[0-9A-Fa-f_]{%d,}" % (limits.DIGITS_MAX + 1))
_HEADER = re.compile(r"^[ \t]*(\[\[?)[ \t]*([^\]\n]+?)[ \t]*\]\]?[ \t]*(?:#.*)?$", re.M)
_KEY_LINE = re.compile(r"[ \t]*([A-Za-z0-9_.\"' -]+?)[ \t]*=")


def _huge_number(text: str, path: str) -> FileProblem:
    """The refusal of a file holding a whole number of thousands of digits: the key and its line."""
    hit = None
    for m in _HUGE.finditer(text):
        if len(m.group().lstrip("+-").replace("_", "")) > 4000:
            hit = m
            break
    if hit is None:  # not found: said without the place
        return FileProblem(path, None, "a number is too big: no value of an event has more than {most} digits",
                           most=limits.DIGITS_MAX)
    pos = hit.start()
    line = text.count("\n", 0, pos) + 1
    start = text.rfind("\n", 0, pos) + 1
    table = ""
    arrays: dict[str, int] = {}  # the index of the last [[array]] of each table
    for h in _HEADER.finditer(text, 0, start):
        table = h.group(2).replace(" ", "")
        if h.group(1) == "[[":
            arrays[table] = arrays.get(table, -1) + 1
    where = f"{table}[{arrays[table]}]" if table in arrays else table
    key = _KEY_LINE.match(text, start, pos)
    if key is not None and "{" not in key.group(1):
        where = at(where, key.group(1).strip().strip("\"'"))
    digits = len(hit.group().lstrip("+-").replace("_", ""))
    return FileProblem(path, where or None, "line {line}: a number of {digits} digits is too big: no value of an "
                       "event has more than {most} digits", line=line, digits=digits, most=limits.DIGITS_MAX)


_TOP_LEVEL = ("schema", "event", "categories", "prizes", "final", "players", "rounds") + stages.SECTIONS


def from_doc(doc: dict, path: str = "<event>") -> Event:
    rd = Reader(path)
    schema = doc.get("schema")
    if type(schema) is not int or schema != SCHEMA:
        raise rd.fail("schema", "schema {schema} is not supported (this arbiter reads schema = {SCHEMA})",
                      schema=shown(schema) if schema is not None else "None", SCHEMA=SCHEMA)
    only(rd, doc, _TOP_LEVEL, "", "unknown top-level key")
    ev = typed(rd, doc, "event", "", (dict,))
    settings = _settings(rd, ev, "event")
    tables = settings["tables"]
    rows = typed(rd, doc, "players", "", (list,), [])
    if len(rows) > limits.PLAYERS_MAX:
        raise rd.fail("players", "{n} players are too many: at most {most}", n=len(rows), most=limits.PLAYERS_MAX)
    players = _read_players(rd, rows, tables)
    ids = frozenset(p.id for p in players)
    for i, (a, b) in enumerate(settings["forbidden"]):
        for x in (a, b):
            if x not in ids:
                raise rd.fail(f"event.forbidden[{i}]", "player {x} is not in the event", x=x)
    extra = [(name, typed(rd, doc, name, "", (dict,))) for name in doc if name in stages.SECTIONS]
    rounds = _read_rounds(rd, typed(rd, doc, "rounds", "", (list,), []), {p.id: p for p in players}, settings,
                          {name for name, _ in extra})
    event = Event(**settings, extra=tuple(extra), players=tuple(players), rounds=tuple(rounds))
    for name, state in extra:
        stages.check(rd, name, state, event, ids)
    end = {k: doc[k] for k in ("categories", "prizes", "final") if k in doc}
    if end:
        from dataclasses import replace as _replace

        event = _replace(event, **_end(rd, end, tables, ids, _team_ids(event)))
    if "teams" not in doc:  # a team event's codes are team codes, checked with its [teams] section
        _tiebreak_codes(rd, event.tiebreaks)
    return event


def _tiebreak_codes(rd: Reader, codes: tuple[str, ...]) -> None:
    from arbiter_tournament.core.tiebreaks.codes import check as check_codes  # the codes alone, not their rules

    try:
        check_codes(codes)
    except IllegalChange as exc:  # it names the code
        raise rd.fail("event.tiebreaks", exc.msg) from None


def _details(rd: Reader, ev: dict, where: str, g: dict[str, Any]) -> None:
    """The event's details (the rating report's header): texts, dates, lists of them (`core.event.details`)."""
    from arbiter_tournament.core.event.details import check_dates, check_detail

    for attr in ("start", "end", "city", "federation", "chief_arbiter", "time_control"):
        g[attr] = text(rd, ev, attr, where, "")
    for attr in ("deputy_arbiters", "round_dates"):
        values = typed(rd, ev, attr, where, (list,), [])
        for i, v in enumerate(values):
            if not isinstance(v, str):
                raise rd.fail(at(where, f"{attr}[{i}]"), "expected {kind}, found {v}", kind=Msg("text"), v=shown(v))
        g[attr] = tuple(values)
    for attr in ("start", "end", "city", "federation", "chief_arbiter", "time_control", "deputy_arbiters",
                 "round_dates"):
        try:
            g[attr] = check_detail(attr, g[attr])  # the dates of the rounds: without trailing empty ones
        except IllegalChange as exc:
            raise rd.fail(at(where, attr), exc.msg) from None
    try:
        check_dates(g["start"], g["end"])
    except IllegalChange as exc:
        raise rd.fail(at(where, "end"), exc.msg) from None


def _settings(rd: Reader, ev: dict, where: str) -> dict[str, Any]:
    """The `[event]` table checked, as keyword arguments of `Event`."""
    known = {key for _, key in _EVENT_FIELDS} | {"points"}
    only(rd, ev, known, where, "unknown setting")
    g: dict[str, Any] = {}
    g["name"] = text(rd, ev, "name", where)
    _details(rd, ev, where, g)
    system = text(rd, ev, "system", where, System.SWISS.value)
    if system not in SYSTEMS:
        raise rd.fail(at(where, "system"), "unknown system '{system}' (one of {known})", system=system,
                      known=", ".join(SYSTEMS))
    g["system"] = system
    g["pairing"] = text(rd, ev, "pairing", where, DEFAULT_PAIRING)
    g["rounds_planned"] = integer(rd, ev, "rounds", where, "rounds")
    g["tables"] = integer(rd, ev, "tables", where, "tables", 1)
    top = integer(rd, ev, "top", where, "top", 0)
    if top == 1:
        raise rd.fail(at(where, "top"), "a top needs at least two players")
    g["top"] = top
    g["third_place"] = flag(rd, ev, "third_place", where)
    tiebreaks = typed(rd, ev, "tiebreaks", where, (list,), [])
    if not all(isinstance(t, str) and 0 < len(t) <= 40 for t in tiebreaks):
        raise rd.fail(at(where, "tiebreaks"), "expected a list of tie-break codes like [\"BH-C1\", \"SB\"]")
    if len(tiebreaks) > limits.TIEBREAKS_MAX:
        raise rd.fail(at(where, "tiebreaks"), "{n} tie-breaks are too many: at most {most}", n=len(tiebreaks),
                      most=limits.TIEBREAKS_MAX)
    g["tiebreaks"] = tuple(tiebreaks)
    edition = text(rd, ev, "edition", where, "fide2024")
    if edition not in EDITIONS:
        raise rd.fail(at(where, "edition"), "unknown edition '{edition}' (one of {known})", edition=edition,
                      known=", ".join(EDITIONS))
    g["edition"] = edition
    g["share_places"] = flag(rd, ev, "share_places", where)
    g["lots_seed"] = integer(rd, ev, "lots_seed", where, "seed", 0)
    g["unrated_rating"] = integer(rd, ev, "unrated_rating", where, "unrated_rating", None)
    colour = text(rd, ev, "initial_colour", where, "w")
    if colour not in ("w", "b"):
        raise rd.fail(at(where, "initial_colour"), "must be \"w\" or \"b\"")
    g["initial_colour"] = colour
    order = text(rd, ev, "pairing_order", where, "rating")
    if order not in ("rating", "id"):
        raise rd.fail(at(where, "pairing_order"), "must be \"rating\" or \"id\"")
    g["pairing_order"] = order
    g["baku"] = flag(rd, ev, "baku", where)
    try:
        check_pairing(system, g["pairing"], baku=g["baku"])
    except IllegalChange as exc:
        raise rd.fail(at(where, "pairing"), exc.msg) from None
    forbidden = []
    for i, pair in enumerate(typed(rd, ev, "forbidden", where, (list,), [])):
        if not (isinstance(pair, list) and len(pair) == 2 and all(type(x) is int for x in pair)):
            raise rd.fail(at(where, f"forbidden[{i}]"), "expected a pair of player ids like [3, 7]")
        if pair[0] == pair[1]:
            raise rd.fail(at(where, f"forbidden[{i}]"), "a player cannot be forbidden to meet himself")
        forbidden.append((pair[0], pair[1]))
    g["forbidden"] = tuple(forbidden)
    clubs = typed(rd, ev, "forbidden_clubs", where, (list,), [])
    if not all(isinstance(t, str) and len(t) <= limits.TEXT_MAX for t in clubs):
        raise rd.fail(at(where, "forbidden_clubs"), "expected a list of club names")
    g["forbidden_clubs"] = tuple(clubs)
    g["round_minutes"] = integer(rd, ev, "round_minutes", where, "minutes", 45)
    g["top_minutes"] = integer(rd, ev, "top_minutes", where, "minutes", 70)
    g["language"] = choice(rd, ev, "language", where, ("", "en", "ru"), "")
    g["prize_sharing"] = choice(rd, ev, "prize_sharing", where, PRIZE_SHARING, "none")
    g["prize_trophies"] = choice(rd, ev, "prize_trophies", where, PRIZE_TROPHIES, "order")
    g["public_crosstable"] = flag(rd, ev, "public_crosstable", where, True)
    g["public_prize_money"] = flag(rd, ev, "public_prize_money", where, True)
    g["reports"] = choice(rd, ev, "reports", where, REPORTS, "judge")
    g["player_byes"] = integer(rd, ev, "player_byes", where, "rounds", 0)
    g["player_bye_kind"] = choice(rd, ev, "player_bye_kind", where, BYE_KINDS, "half")
    g["rate"] = choice(rd, ev, "rate", where, RATES, "standard")
    pts = typed(rd, ev, "points", where, (dict,), {})
    only(rd, pts, _SCORING_FIELDS, at(where, "points"), "unknown kind of points (known: {known})",
         known=", ".join(_SCORING_FIELDS))
    kw = {f: points(rd, pts[f], at(where, f"points.{f}")) for f in _SCORING_FIELDS if f in pts}
    scoring = Scoring(**kw)
    if not scoring.win > scoring.draw >= scoring.loss:
        raise rd.fail(at(where, "points"), "must be win > draw >= loss, not {win}, {draw}, {loss}",
                      win=_points_value(scoring.win), draw=_points_value(scoring.draw),
                      loss=_points_value(scoring.loss))
    g["scoring"] = scoring
    return g


def _team_ids(event: Event) -> frozenset[int] | None:
    """A team event's team ids (the final ranking's lots name teams there), else None."""
    st = event.stage_state("teams")
    if st is None:
        return None
    return frozenset(range(1, len(st.get("names", ())) + 1)) if isinstance(st, dict) else frozenset()


def _end(rd: Reader, doc: dict, tables: int, ids: frozenset[int], team_ids: frozenset[int] | None) -> dict[str, Any]:
    """`[[categories]]`, `[[prizes]]` and `[final]` checked, as keyword arguments of `Event`."""
    from arbiter_tournament.core.store.checks import short

    categories: list[Category] = []
    names: set[str] = set()
    rows = typed(rd, doc, "categories", "", (list,), [])
    if len(rows) > limits.CATEGORIES_MAX:
        raise rd.fail("categories", "{n} categories are too many: at most {most}", n=len(rows),
                      most=limits.CATEGORIES_MAX)
    for i, row in enumerate(rows):
        where = f"categories[{i}]"
        if not isinstance(row, dict):
            raise rd.fail(where, "expected a table")
        only(rd, row, _CATEGORY_FIELDS, where, "unknown category field")
        name = text(rd, row, "name", where)
        if not name.strip() or name != name.strip() or "\n" in name:
            raise rd.fail(at(where, "name"), "a category needs a name of one line without spaces around it")
        if name.casefold() in names:
            raise rd.fail(at(where, "name"), "category '{name}' appears twice", name=name)
        names.add(name.casefold())
        kw: dict[str, Any] = {"name": name}
        for k, bound in (("rating_from", "rating"), ("rating_below", "rating"), ("born_from", "year"),
                         ("born_to", "year"), ("table", "table")):
            kw[k] = integer(rd, row, k, where, bound, None)
        if kw["table"] is not None and kw["table"] > tables:
            raise rd.fail(at(where, "table"), "table {t} does not exist (the event has {tables})", t=kw["table"],
                          tables=tables)
        kw["sex"] = choice(rd, row, "sex", where, SEXES, "") if "sex" in row else ""
        kw["unrated"] = flag(rd, row, "unrated", where)
        kw["club"] = text(rd, row, "club", where, "")
        categories.append(Category(**kw))
    prizes: list[Prize] = []
    seen: set[str] = set()
    rows = typed(rd, doc, "prizes", "", (list,), [])
    if len(rows) > limits.PRIZES_MAX:
        raise rd.fail("prizes", "{n} prizes are too many: at most {most}", n=len(rows), most=limits.PRIZES_MAX)
    for i, row in enumerate(rows):
        where = f"prizes[{i}]"
        if not isinstance(row, dict):
            raise rd.fail(where, "expected a table")
        only(rd, row, ("name", "amount", "category"), where, "unknown prize field")
        name = text(rd, row, "name", where)
        if not name.strip() or name != name.strip() or "\n" in name:
            raise rd.fail(at(where, "name"), "a prize needs a name of one line without spaces around it")
        if name.casefold() in seen:
            raise rd.fail(at(where, "name"), "prize '{name}' appears twice", name=name)
        seen.add(name.casefold())
        amount = None
        if "amount" in row:
            v = typed(rd, row, "amount", where, (int, str))
            if isinstance(v, str):
                short(rd, v, at(where, "amount"))
                from arbiter_tournament.core.event.money import parse_amount

                try:
                    amount = parse_amount(v) if v.strip() == v and "," not in v else None
                except IllegalChange:
                    amount = None
                if amount is None:
                    raise rd.fail(at(where, "amount"), "expected an amount like 1000 or \"250.50\", found {v}",
                                  v=shown(v))
            else:
                amount = Fraction(v)
            if not amount_ok(amount):
                raise rd.fail(at(where, "amount"), "an amount from 0 to {most}, not {v}", most=limits.AMOUNT_MAX,
                              v=shown(v))
        category = text(rd, row, "category", where, "")
        if category and category.casefold() not in names:
            raise rd.fail(at(where, "category"), "no category '{name}' (the [[categories]] name them)",
                          name=category)
        prizes.append(Prize(name, amount, category))
    final = typed(rd, doc, "final", "", (dict,), {})
    only(rd, final, ("lots", "splits", "trophy_lots"), "final", "unknown setting")
    known = team_ids if team_ids is not None else ids
    lots: list[tuple[int, ...]] = []
    for i, lot in enumerate(typed(rd, final, "lots", "final", (list,), [])):
        where = f"final.lots[{i}]"
        if not (isinstance(lot, list) and len(lot) >= 2 and all(type(x) is int for x in lot)):
            raise rd.fail(where, "expected the ids drawn, in order, like [7, 3, 12]")
        lots.append(tuple(player_ids(rd, lot, where, known)) if team_ids is None else _team_lot(rd, lot, where, known))
    splits: list[PrizeSplit] = []
    for i, sp in enumerate(typed(rd, final, "splits", "final", (list,), [])):
        where = f"final.splits[{i}]"
        if not isinstance(sp, dict):
            raise rd.fail(where, "expected a table like {{players = [4, 9], parts = [1, 1]}}")
        only(rd, sp, ("players", "parts"), where, "unknown split field")
        who = player_ids(rd, typed(rd, sp, "players", where, (list,)), at(where, "players"), ids)
        parts = typed(rd, sp, "parts", where, (list,))
        if len(who) < 2 or len(parts) != len(who):
            raise rd.fail(where, "a split names two or more players and one part for each")
        for j, x in enumerate(parts):
            in_range(rd, x, at(where, f"parts[{j}]"), "part")
        splits.append(PrizeSplit(tuple(who), tuple(parts)))
    trophy_lots: list[tuple[int, ...]] = []
    for i, lot in enumerate(typed(rd, final, "trophy_lots", "final", (list,), [])):
        where = f"final.trophy_lots[{i}]"
        if not (isinstance(lot, list) and len(lot) >= 2 and all(type(x) is int for x in lot)):
            raise rd.fail(where, "expected the ids drawn, in order, like [7, 3, 12]")
        trophy_lots.append(tuple(player_ids(rd, lot, where, known)) if team_ids is None
                           else _team_lot(rd, lot, where, known))
    return {"categories": tuple(categories), "prizes": tuple(prizes), "lots": tuple(lots),
            "prize_splits": tuple(splits), "trophy_lots": tuple(trophy_lots)}


def _team_lot(rd: Reader, lot: list, where: str, known: frozenset[int]) -> tuple[int, ...]:
    for x in lot:
        if x not in known:
            raise rd.fail(where, "team {x} is not in the event", x=x)
    if len(set(lot)) != len(lot):
        raise rd.fail(where, "a team appears twice")
    return tuple(lot)


_PLAYER_TYPES: dict[str, type[Any]] = {"name": str, "rating": int, "club": str, "federation": str, "table": int, "team": str,
                 "title": str, "fide_id": str, "sex": str, "birth": str, "late_from": int, "withdrawn_from": int, "code": str}
_DETAILS = ("fide_id", "title", "federation", "sex", "birth")
_PLAYER_BOUNDS = {"rating": "rating", "table": "table", "late_from": "round", "withdrawn_from": "round"}


_PLAYER_KEY_SET = frozenset(("id", "byes", *_PLAYER_TYPES))
_PLAYER_RANGES = {k: limits.RANGES[bound] for k, bound in _PLAYER_BOUNDS.items()}
_ROUNDS = limits.RANGES["round"]


def _plain_player(row: Any, tables: int) -> Player | None:
    """A player's table as the writer writes it (every key known, every value of its kind and range): its
    `Player`, with the checks of `_player` made in a few comparisons; None for anything else, which
    `_player` checks and names."""
    if type(row) is not dict or not _PLAYER_KEY_SET.issuperset(row):
        return None
    pid = row.get("id")
    if type(pid) is not int or not _IDS[0] <= pid <= _IDS[1]:
        return None
    kw: dict[str, Any] = {}
    for k, v in row.items():
        if k == "id" or k == "byes":
            continue
        kind = _PLAYER_TYPES[k]
        if type(v) is not kind:
            return None
        if kind is int:
            lo, hi = _PLAYER_RANGES[k]
            if not lo <= v <= hi:
                return None
        elif len(v) > limits.TEXT_MAX or (k == "code" and not is_code(v)):
            return None
        kw[k] = v
    t = kw.get("table")
    if "name" not in kw or (t is None and tables > 1) or (t is not None and not 1 <= t <= tables):
        return None
    for k in _DETAILS:
        if k in kw and stored_problem(k, kw[k]) is not None:
            return None
    byes: tuple[tuple[int, str], ...] = ()
    if "byes" in row:
        asked = row["byes"]
        if type(asked) is not dict:
            return None
        got = []
        for r, kind in asked.items():
            if not (type(r) is str and r.isascii() and r.isdigit() and len(r) <= 9 and r == str(int(r))
                    and kind in BYE_KINDS and _ROUNDS[0] <= int(r) <= _ROUNDS[1]):
                return None
            got.append((int(r), kind))
        byes = tuple(sorted(got))
    return Player(id=pid, byes=byes, **kw)


def _player(rd: Reader, row: Any, where: str, tables: int) -> Player:
    """One `[[players]]` table checked (alone: the ids of the others are checked by the caller)."""
    if not isinstance(row, dict):
        raise rd.fail(where, "expected a table")
    only(rd, row, ("id", "byes", *_PLAYER_TYPES), where, "unknown player field")
    pid = integer(rd, row, "id", where, "id")
    kw: dict[str, Any] = {}
    for k, kind in _PLAYER_TYPES.items():
        if k in row:
            kw[k] = integer(rd, row, k, where, _PLAYER_BOUNDS[k]) if kind is int else text(rd, row, k, where)
    if "name" not in kw:
        raise rd.fail(where, "'name' is missing")
    if "code" in kw and not is_code(kw["code"]):
        raise rd.fail(at(where, "code"), "not a player's code: expected {n} characters of {alphabet}",
                      n=CODE_LENGTH, alphabet=CODE_ALPHABET)
    for k in _DETAILS:  # FIDE id, title, federation, sex, birth: as every way in makes them
        why = stored_problem(k, kw.get(k, ""))
        if why is not None:
            raise rd.fail(at(where, k), why.msg)
    t = kw.get("table")
    if t is not None and not (1 <= t <= tables):
        raise rd.fail(at(where, "table"), "table {t} does not exist (the event has {tables})", t=t, tables=tables)
    if t is None and tables > 1:
        raise rd.fail(where, "'table' is missing: the event has {tables} tables", tables=tables)
    byes = []
    for r, kind in typed(rd, row, "byes", where, (dict,), {}).items():
        if not (isinstance(r, str) and r.isascii() and r.isdigit() and len(r) <= 9 and r == str(int(r))) or kind not in BYE_KINDS:
            raise rd.fail(at(where, "byes"), "expected round = \"half\"|\"zero\"|\"full\", found {r} = {kind}",
                          r=shown(r), kind=shown(kind))
        in_range(rd, int(r), at(where, f"byes.{r}"), "round")
        byes.append((int(r), kind))
    return Player(id=pid, byes=tuple(sorted(byes)), **kw)


def _read_players(rd: Reader, rows: list, tables: int) -> list[Player]:
    players: list[Player] = []
    seen: set[int] = set()
    codes: dict[str, int] = {}
    for i, row in enumerate(rows):
        where = f"players[{i}]"
        p = _plain_player(row, tables) or _player(rd, row, where, tables)
        if p.id in seen:
            raise rd.fail(f"{where}.id", "player id {pid} appears twice", pid=p.id)
        seen.add(p.id)
        if p.code:
            if p.code in codes:
                raise rd.fail(f"{where}.code", "player {pid} has the code of player {other}", pid=p.id,
                              other=codes[p.code])
            codes[p.code] = p.id
        players.append(p)
        said = _read_text_of(row)
        if said is None:
            _checked(p)
        else:
            _remember(p, said)  # its text as written: a change of another player does not make it again
    players.sort(key=lambda p: p.id)
    return players


_ROUND_KEYS = ("stage", "table", "number", "games", "clock_deadline", "clock_paused")
_GAME_KEYS = ("board", "first", "second", "result", "manual", "by", "moves")


def _round_head(rd: Reader, row: Any, where: str, tables: int) -> tuple[str, int | None, int, str, int | None]:
    """A `[[rounds]]` table's own keys checked: (stage, table, number, clock_deadline, clock_paused)."""
    if not isinstance(row, dict):
        raise rd.fail(where, "expected a table")
    only(rd, row, _ROUND_KEYS, where, "unknown round field")
    stage = text(rd, row, "stage", where)
    if stage not in STAGES:
        raise rd.fail(at(where, "stage"), "unknown stage '{stage}' (one of {known})", stage=stage,
                      known=", ".join(STAGES))
    table = integer(rd, row, "table", where, "table", None)
    if table is not None and (stage != Stage.SWISS or table > tables):
        raise rd.fail(at(where, "table"), "table {t} does not exist (the event has {tables})", t=table,
                      tables=tables if stage == Stage.SWISS else 1)
    number = integer(rd, row, "number", where, "round")
    deadline = text(rd, row, "clock_deadline", where, "")
    if deadline:
        try:
            when = datetime.fromisoformat(deadline.replace("Z", "+00:00"))
        except ValueError:
            raise rd.fail(at(where, "clock_deadline"), "expected a time like \"2026-11-30T12:45:00+00:00\", "
                          "found {v}", v=shown(deadline)) from None
        lo, hi = limits.CLOCK_YEARS  # the clock adds minutes to it and shows it in UTC: no overflow
        try:
            year = (when if when.tzinfo is None else when.astimezone(timezone.utc)).year
        except OverflowError:
            year = 0
        if not lo <= year <= hi:
            raise rd.fail(at(where, "clock_deadline"), "a clock time from the year {lo} to {hi}, not {v}", lo=lo,
                          hi=hi, v=shown(deadline))
    paused = integer(rd, row, "clock_paused", where, "seconds", None)
    return stage, table, number, deadline, paused


_GAME_KEY_SET = frozenset(_GAME_KEYS)
_RESULT_OF = {r.value: Result.parse(r.value) for r in Result}  # a result as the writer writes it
_BOARDS, _IDS, _MOVES = limits.RANGES["board"], limits.RANGES["id"], limits.RANGES["moves"]


def _plain_game(gr: Any) -> Game | None:
    """A game's table as the writer writes it (every key known, every value of its kind and range, the
    result as written): its `Game`, with the checks of `_game` made in a few comparisons; None for
    anything else, which `_game` checks and names."""
    if type(gr) is not dict or not _GAME_KEY_SET.issuperset(gr):
        return None
    board, first, second, moves = gr.get("board"), gr.get("first"), gr.get("second"), gr.get("moves")
    if (type(board) is not int or type(first) is not int or not _BOARDS[0] <= board <= _BOARDS[1]
            or not _IDS[0] <= first <= _IDS[1]):
        return None
    if second is not None and (type(second) is not int or not _IDS[0] <= second <= _IDS[1] or second == first):
        return None
    if moves is not None and (type(moves) is not int or not _MOVES[0] <= moves <= _MOVES[1]):
        return None
    result = gr.get("result")
    if result is not None:
        result = _RESULT_OF.get(result) if type(result) is str else None
        if result is None or (result is Result.BYE) != (second is None):
            return None
    manual, by = gr.get("manual", False), gr.get("by", "")
    if type(manual) is not bool or type(by) is not str or len(by) > limits.TEXT_MAX:
        return None
    return Game(board, first, second, result, manual, by, moves)


def _game(rd: Reader, gr: Any, where: str) -> Game:
    """One game's inline table checked (alone: its players are checked by the round)."""
    if not isinstance(gr, dict):
        raise rd.fail(where, "expected a table like {{board = 1, first = 3, second = 8}}")
    only(rd, gr, _GAME_KEYS, where, "unknown game field")
    board = integer(rd, gr, "board", where, "board")
    first = integer(rd, gr, "first", where, "id")
    second = integer(rd, gr, "second", where, "id", None)
    result = None
    if "result" in gr:
        typed_result = text(rd, gr, "result", where)
        try:
            result = Result.parse(typed_result)
        except InvalidResult as exc:
            raise rd.fail(at(where, "result"), exc.msg) from None
        if (result is Result.BYE) != (second is None):
            raise rd.fail(at(where, "result"),
                          "'bye' is the result of a board without a second player, and only of such a board")
    if second is not None and second == first:
        raise rd.fail(where, "player {pid} cannot play himself", pid=first)
    return Game(board, first, second, result, flag(rd, gr, "manual", where), text(rd, gr, "by", where, ""),
                integer(rd, gr, "moves", where, "moves", None))


def _read_rounds(rd: Reader, rows: list, players: dict[int, Player], settings: dict[str, Any],
                 sections: set[str]) -> list[Round]:
    tables = settings["tables"]
    main = main_stage(settings["system"])
    rounds: list[Round] = []
    keys: set[tuple] = set()
    for i, row in enumerate(rows):
        where = f"rounds[{i}]"
        stage, table, number, deadline, paused = _round_head(rd, row, where, tables)
        if stage in (Stage.SWISS, Stage.ROUNDROBIN) and stage != main:
            raise rd.fail(at(where, "stage"), "a {system} event has no {stage} rounds", system=settings["system"],
                          stage=word(stage))
        if stage in (Stage.TOP, Stage.PLAYOFF) and stage not in sections:
            raise rd.fail(at(where, "stage"), "a {stage} round needs the [{stage_key}] section",
                          stage=word(stage), stage_key=stage)
        if stage == Stage.SWISS and tables > 1 and table is None:
            raise rd.fail(where, "'table' is missing: the event has {tables} tables", tables=tables)
        key = (stage, table, number)
        if key in keys:
            raise rd.fail(where, "{stage} round {number} appears twice", stage=word(stage), number=number)
        keys.add(key)
        games: list[Game] = []
        boards: set[int] = set()
        seen: dict[int, tuple[int, int | None]] = {}  # player -> (board, opponent)
        for j, gr in enumerate(typed(rd, row, "games", where, (list,), [])):
            g = _plain_game(gr)
            said = _read_text_of(gr) if g is not None else None
            if g is None:
                g = _game(rd, gr, f"{where}.games[{j}]")
            if g.board in boards:
                raise rd.fail(f"{where}.games[{j}]", "board {board} appears twice in {stage} round {number}",
                              board=g.board, stage=word(stage), number=number)
            boards.add(g.board)
            for pid, other in ((g.first, g.second), (g.second, g.first)):
                if pid is None:
                    continue
                p = players.get(pid)
                if p is None:
                    raise rd.fail(f"{where}.games[{j}]", "player {pid} is not in the event", pid=pid)
                if table is not None and p.table != table:
                    raise rd.fail(f"{where}.games[{j}]", "player {pid} plays on table {t}, not on table {table}",
                                  pid=pid, t=p.table, table=table)
                if pid in seen and not (stage == Stage.TOP and seen[pid][1] == other and other is not None):
                    # a top mini-match is several games of the same two players in one round
                    raise rd.fail(f"{where}.games[{j}]",
                                  "player {pid} plays twice in {stage} round {number} (boards {b1} and {b2})",
                                  pid=pid, stage=word(stage), number=number, b1=seen[pid][0], b2=g.board)
                seen.setdefault(pid, (g.board, other))
            games.append(g)
            if said is None:
                _checked(g)
            else:
                _remember(g, said)
        rounds.append(Round(stage, number, tuple(games), table, deadline, paused))
    for r in rounds:  # 1, 2, ... k: no round is missing before the last
        if r.number > 1 and (r.stage, r.table, r.number - 1) not in keys:
            raise rd.fail("rounds", "{stage} round {number} is there but round {before} is not", stage=word(r.stage),
                          number=r.number, before=r.number - 1)
    return rounds
