"""The journal's descriptions of changes: English as stored, and the judge's language when shown.

Every change is journalled with a description in English (`EventFile.change(fn, what)`),
and the journal keeps it so: files written before still read the same. The
TUI shows the description in the judge's language with `translate(what, lang)`.

`RU` is the catalog: each English template (with named fields) -> its Russian
template, with the same fields. Producers never write a description by hand:
they call `describe(template, **fields)` with a template of the catalog (or one
of the helpers below that pick the template), so a producer and the catalog
cannot drift apart. `translate` matches the whole description against every
English template (a regular expression built from it); an unknown description
comes back unchanged.

Fields: numbers (`round`, `board`, `pid` ...) and data (`name`, `file`,
`result` like `1-0`, `club`, `team`, `other`) are shown as they are; `stage` is a word
of `core.messages.WORDS` (a Russian template may ask for a form: `{stage:gen}`);
`what` is a description itself (an undo says what it took back) and `changes`
several, joined by "; ": both are translated in turn.
"""

from __future__ import annotations

import re
from string import Formatter
from typing import Any

from .errors import Msg
from .model import STAGES

RU: dict[str, str] = {
    # results (the TUI's keys and ':' line, `arbiter result`)
    "result {stage} round {round} board {board}: {result}":
        "результат: {stage}, тур {round}, доска {board}: {result}",
    "result {stage} round {round} table {table} board {board}: {result}":
        "результат: {stage}, тур {round}, стол {table}, доска {board}: {result}",
    "result {stage} round {round} board {board}: cleared":
        "результат стёрт: {stage}, тур {round}, доска {board}",
    "result {stage} round {round} table {table} board {board}: cleared":
        "результат стёрт: {stage}, тур {round}, стол {table}, доска {board}",
    "moves {stage} round {round} board {board}: {moves}":
        "число ходов: {stage}, тур {round}, доска {board}: {moves}",
    "technical draws (705.3) round {round} boards {boards}":
        "ничьи по решению судьи (705.3): тур {round}, доски {boards}",
    # the round clock (705.3)
    "round clock {stage} round {round}":
        "время тура: {stage}, тур {round}",
    "round clock {stage} round {round} table {table}":
        "время тура: {stage}, тур {round}, стол {table}",
    "round clock {stage}: {minutes} minutes on every table":
        "время тура: {stage}, {minutes} мин. на всех столах",
    # pairing (the TUI's preview, `arbiter pair`)
    "pair next round":
        "жеребьёвка следующего тура",
    "pair next round of table {table}":
        "жеребьёвка следующего тура, стол {table}",
    "pair next round (by hand: {changes})":
        "жеребьёвка следующего тура (вручную: {changes})",
    "pair next round of table {table} (by hand: {changes})":
        "жеребьёвка следующего тура, стол {table} (вручную: {changes})",
    "pair round {rounds}":
        "жеребьёвка тура {rounds}",
    "pair round {rounds} of table {table}":
        "жеребьёвка тура {rounds}, стол {table}",
    "pair round {rounds} (by hand: {changes})":
        "жеребьёвка тура {rounds} (вручную: {changes})",
    "pair round {rounds} of table {table} (by hand: {changes})":
        "жеребьёвка тура {rounds}, стол {table} (вручную: {changes})",
    "pair next round, allowing a rematch of {pair}":
        "жеребьёвка следующего тура, разрешена повторная встреча {pair}",
    "pair next round of table {table}, allowing a rematch of {pair}":
        "жеребьёвка следующего тура, стол {table}, разрешена повторная встреча {pair}",
    "pair round {round} by hand":
        "жеребьёвка тура {round} вручную",
    "take back the pairing of round {round}":
        "отмена жеребьёвки тура {round}",
    # changes by hand to a pairing
    "swap colours on board {board}":
        "смена цвета на доске {board}",
    "exchange players {a} and {b}":
        "обмен участников {a} и {b} местами",
    "bye by hand for player {pid}":
        "бай вручную участнику {pid}",
    # stages
    "start the top":
        "начало топа",
    "start the play-off":
        "начало плей-офф",
    # players
    "add player {name}":
        "новый участник: {name}",
    "edit player {pid}":
        "изменены данные участника {pid}",
    "withdraw player {pid}":
        "участник {pid} выбыл",
    "import {n} players from {file}":
        "импорт участников из {file}: {n}",
    "half bye for player {pid} in round {round}":
        "пропуск тура {round} с ½ очка: участник {pid}",
    "zero bye for player {pid} in round {round}":
        "пропуск тура {round} без очков: участник {pid}",
    "full bye for player {pid} in round {round}":
        "пропуск тура {round} с 1 очком: участник {pid}",
    "none bye for player {pid} in round {round}":
        "отмена пропуска тура {round}: участник {pid}",
    "forbid pairing {a} with {b}":
        "запрет встречи участников {a} и {b}",
    "allow pairing {a} with {b}":
        "снят запрет встречи участников {a} и {b}",
    "forbid games within club {club}":
        "запрет встреч внутри клуба {club}",
    "allow games within club {club}":
        "снят запрет встреч внутри клуба {club}",
    # teams
    "roster of team {team}":
        "состав команды {team}",
    "line-up of team {team} for round {round}":
        "расстановка команды {team} на тур {round}",
    "clear the line-up of team {team} for round {round}":
        "расстановка команды {team} на тур {round} стёрта",
    "forbid teams {team} and {other} to meet":
        "запрет встречи команд {team} и {other}",
    "allow teams {team} and {other} to meet":
        "снят запрет встречи команд {team} и {other}",
    "fix the team numbers":
        "номера команд закреплены",
    # undo and redo (core/store journals them as "undo <what>", "redo <what>")
    "undo {what}":
        "отмена: {what}",
    "redo {what}":
        "возврат: {what}",
    # players to tables (core/seating.py: the TUI's players screen, `arbiter players distribute`)
    "seat players at tables by rating":
        "рассадка участников по столам по рейтингу (змейкой)",
    "seat players at tables by lot":
        "рассадка участников по столам по жребию",
}

# what each field may match (anything else: any text)
_NUMBER = r"\d+"
FIELDS: dict[str, str] = {
    "round": _NUMBER, "board": _NUMBER, "table": _NUMBER, "pid": _NUMBER, "a": _NUMBER, "b": _NUMBER,
    "n": _NUMBER, "minutes": r"-?\d+", "moves": _NUMBER,
    "rounds": r"\d+(?:, \d+)*", "boards": r"\d+(?:, \d+)*",
    "stage": "|".join(STAGES),
}
TRANSLATED_FIELDS = {"stage", "what", "changes"}  # fields that are words or descriptions, not data
_BYES = ("half", "zero", "full", "none")


def describe(template: str, **fields: Any) -> str:
    """The English description: `template` (a key of `RU`) filled with `fields`."""
    if template not in RU:
        raise KeyError(f"journal description without a Russian template: {template!r}")
    return template.format(**fields)


# -- the descriptions with variants (a table or not, cleared or not ...) ------------------------
def result_what(stage: str, round_no: int, table: int | None, board: int, result: object | None) -> str:
    """A result entered (or cleared: `result` None) on a board."""
    where = " table {table}" if table is not None else ""
    tail = "cleared" if result is None else "{result}"
    return describe("result {stage} round {round}" + where + " board {board}: " + tail,
                    stage=stage, round=round_no, table=table, board=board, result=result)


def clock_what(stage: str, round_no: int, table: int | None) -> str:
    """The round clock of one round set (started, paused, changed, cleared)."""
    where = " table {table}" if table is not None else ""
    return describe("round clock {stage} round {round}" + where, stage=stage, round=round_no, table=table)


def pair_what(rounds: list[int], table: int | None = None, changes: tuple[str, ...] = (),
              rematch: str | None = None) -> str:
    """A pairing saved: of the next round or of the rounds named, by hand (`changes`) or not."""
    head = "pair round {rounds}" if rounds else "pair next round"
    of = " of table {table}" if table is not None else ""
    tail = ", allowing a rematch of {pair}" if rematch else " (by hand: {changes})" if changes else ""
    return describe(head + of + tail, rounds=", ".join(map(str, rounds)), table=table,
                    changes="; ".join(changes), pair=rematch)


def bye_what(kind: str, pid: int, round_no: int) -> str:
    """A requested bye (`kind`: half, zero, full, or none to cancel it); an unknown kind is refused by core."""
    if kind not in _BYES:
        return f"{kind} bye for player {pid} in round {round_no}"  # never journalled: core refuses the kind
    return describe(kind + " bye for player {pid} in round {round}", pid=pid, round=round_no)


# -- shown in a language --------------------------------------------------------------------------
def _pattern(template: str) -> re.Pattern[str]:
    parts = []
    for literal, field, _spec, _conv in Formatter().parse(template):
        parts.append(re.escape(literal))
        if field is not None:
            parts.append(f"(?P<{field}>{FIELDS.get(field, '.+')})")
    return re.compile("".join(parts))


def _literal_length(template: str) -> int:
    return sum(len(literal) for literal, *_ in Formatter().parse(template))


# the most literal text first: "...: cleared" before "...: {result}"
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (_pattern(en), en) for en in sorted(RU, key=_literal_length, reverse=True)]


class _Word:
    """A stage in a language, for `str.format` (`{stage}`, `{stage:gen}`)."""

    def __init__(self, value: str, lang: str) -> None:
        self.value, self.lang = value, lang

    def __format__(self, spec: str) -> str:
        from .errors import word

        return word(self.value).text(self.lang, spec)


def match(what: str) -> tuple[str, dict[str, str]] | None:
    """The English template a description was made from, and its fields; None for an unknown one."""
    for pattern, en in _PATTERNS:
        m = pattern.fullmatch(what)
        if m:
            return en, m.groupdict()
    return None


def translate(what: str, lang: str) -> str:
    """The description in `lang` ("en" or "ru"); an unknown description is shown as it is.

    A description with others inside (an undo, a pairing's changes by hand) is
    known only when they are too: never half English, half Russian.
    """
    if lang != "ru":
        return what
    said = _said(what, lang)
    return what if said is None else said


def _said(what: str, lang: str) -> str | None:
    found = match(what)
    if found is None:
        return None
    en, fields = found
    values: dict[str, Any] = dict(fields)
    if "stage" in fields:
        values["stage"] = _Word(fields["stage"], lang)
    inner = [("what", [fields["what"]])] if "what" in fields else []
    if "changes" in fields:
        inner.append(("changes", fields["changes"].split("; ")))
    for name, parts in inner:
        said = [_said(part, lang) for part in parts]
        if any(s is None for s in said):
            return None
        values[name] = "; ".join(said)  # type: ignore[arg-type]
    return RU[en].format(**values)


class Description(Msg):
    """A stored description inside a message (`cannot undo '...'`): English as stored, said in the language asked."""

    def __new__(cls, what: str) -> "Description":
        return super().__new__(cls, "{what}", what=str(what))

    def text(self, lang: str = "en") -> str:
        return translate(self.params["what"], lang)
