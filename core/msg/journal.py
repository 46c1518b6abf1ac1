"""The journal's descriptions of changes: made as messages, stored as their key and fields, said in a language.

Every change is journalled with a description (`EventFile.change(fn, what)`).
The producers are the commands (core/commands: each one's `describe`), and
they never write one by hand: they call `describe(template, **fields)`
with a template of `TEMPLATES` (or one of the helpers below that pick the
template), and get a `core.msg.Msg`: its English is what the journal's
`what` always said, and the journal stores its key and fields beside it
(`stored`, `restored`), so the TUI says it in the judge's language with
`translate(what, lang)`. The Russian of every template is in the one catalog
(core/msg/ru.py).

Fields: numbers (`round`, `board`, `pid` ...) and data (`name`, `file`,
`result` like `1-0`, `club`, `team`, `other`, `pair`) are shown as they are;
`stage` is a word (a Russian template may ask for a form: `{stage:gen}`);
`what` is a description itself (an undo says what it took back) and
`changes` several, joined by "; ".

Journals written before have only the English: `translate` says it through
the old path of core/msg/journal_legacy.py (matched back to its template).
"""

from __future__ import annotations

from typing import Any

from arbiter_tournament.core.msg import Msg, fields_of, joined, journal_legacy, verbatim, word
from arbiter_tournament.core.msg.data import from_data, to_data
from arbiter_tournament.core.msg.journal_templates import TEMPLATES


_TEMPLATES = frozenset(TEMPLATES)
TRANSLATED_FIELDS = {"stage", "what", "changes"}  # fields that are words or descriptions, not data


def describe(template: str, **fields: Any) -> Msg:
    """The description: `template` (one of `TEMPLATES`) with its fields (others given are left out)."""
    if template not in _TEMPLATES:
        raise KeyError(f"not a journal description (core/msg/journal_templates.py): {template!r}")
    values = {k: _field(k, v) for k, v in fields.items() if k in fields_of(template)}
    return Msg(template, **values)


def _field(name: str, value: Any) -> Any:
    if name == "stage":
        return word(value)
    if name == "what":
        return Description(value)
    if name == "changes" and not isinstance(value, Msg):  # descriptions joined by "; " as text
        return joined([Description(c) for c in str(value).split("; ")], "; ")
    if isinstance(value, (Msg, int)) or value is None:
        return value
    return str(value)  # a result, a name: data


# -- the descriptions with variants (a table or not, cleared or not ...) ------------------------
_RESULT = {  # (on a table, cleared)
    (False, False): "result {stage} round {round} board {board}: {result}",
    (True, False): "result {stage} round {round} table {table} board {board}: {result}",
    (False, True): "result {stage} round {round} board {board}: cleared",
    (True, True): "result {stage} round {round} table {table} board {board}: cleared",
}
_CLOCK = {False: "round clock {stage} round {round}", True: "round clock {stage} round {round} table {table}"}
_PAIR = {  # (rounds named, on a table, how: "" / "hand" / "rematch")
    (False, False, ""): "pair next round",
    (False, True, ""): "pair next round of table {table}",
    (False, False, "hand"): "pair next round (by hand: {changes})",
    (False, True, "hand"): "pair next round of table {table} (by hand: {changes})",
    (True, False, ""): "pair round {rounds}",
    (True, True, ""): "pair round {rounds} of table {table}",
    (True, False, "hand"): "pair round {rounds} (by hand: {changes})",
    (True, True, "hand"): "pair round {rounds} of table {table} (by hand: {changes})",
    (False, False, "rematch"): "pair next round, allowing a rematch of {pair}",
    (False, True, "rematch"): "pair next round of table {table}, allowing a rematch of {pair}",
}
_BYES = {
    "half": "half bye for player {pid} in round {round}",
    "zero": "zero bye for player {pid} in round {round}",
    "full": "full bye for player {pid} in round {round}",
    "none": "none bye for player {pid} in round {round}",
}


def result_what(stage: str, round_no: int, table: int | None, board: int, result: object | None) -> Msg:
    """A result entered (or cleared: `result` None) on a board."""
    return describe(_RESULT[(table is not None, result is None)],
                    stage=stage, round=round_no, table=table, board=board, result=result)


def clock_what(stage: str, round_no: int, table: int | None) -> Msg:
    """The round clock of one round set (started, paused, changed, cleared)."""
    return describe(_CLOCK[table is not None], stage=stage, round=round_no, table=table)


def fewest_what(rounds: list[int], table: int | None, pairs: str, changes: tuple[str, ...] = ()) -> Msg:
    """A round paired with the fewest rematches (`pairs`: each rematch, "3-7, 2-4" or "'Dogs'-'Bees'"),
    changed by hand after (`changes`) or not. Without a rematch it is said as any pairing (`pair_what`)."""
    if not pairs:
        return pair_what(rounds, table, changes)
    return describe(_FEWEST[(table is not None, bool(changes))], rounds=", ".join(map(str, rounds)), table=table,
                    pair=pairs, changes=joined([Description(c) for c in changes], "; "))


_FEWEST = {  # (on a table, changed by hand)
    (False, False): "pair round {rounds} with the fewest rematches: {pair}",
    (True, False): "pair round {rounds} of table {table} with the fewest rematches: {pair}",
    (False, True): "pair round {rounds} with the fewest rematches: {pair} (by hand: {changes})",
    (True, True): "pair round {rounds} of table {table} with the fewest rematches: {pair} (by hand: {changes})",
}


def pair_what(rounds: list[int], table: int | None = None, changes: tuple[str, ...] = (),
              rematch: str | None = None) -> Msg:
    """A pairing saved: of the next round or of the rounds named, by hand (`changes`) or not."""
    how = "rematch" if rematch else "hand" if changes else ""
    return describe(_PAIR[(bool(rounds) and how != "rematch", table is not None, how)],
                    rounds=", ".join(map(str, rounds)), table=table,
                    changes=joined([Description(c) for c in changes], "; "), pair=rematch)


_SHARING = {"none": "prize sharing: none", "equal": "prize sharing: equal", "hort": "prize sharing: hort",
            "winners": "prize sharing: winners"}
_TROPHIES = {"order": "trophies at a shared place: by the Swiss order", "lot": "trophies at a shared place: by lot"}


_TIES = {"shared": "ties after every tie-break: shared places", "lots": "ties after every tie-break: by lot"}


def ties_what(ties: str) -> Msg:
    """What the event does with players equal after every tie-break was set (`arbiter ties`, the TUI's t)."""
    return describe(_TIES[ties])


def sharing_what(sharing: str) -> Msg:
    """How tied prize winners share money was set (`arbiter prizes sharing`, the TUI's prize list)."""
    return describe(_SHARING[sharing])


def trophies_what(how: str) -> Msg:
    """Who of a shared place holds its trophies was set (`arbiter prizes trophies`)."""
    return describe(_TROPHIES[how])


_ASKED_BYES = {
    "half": "half bye for player {pid} in round {round}, asked by the player",
    "zero": "zero bye for player {pid} in round {round}, asked by the player",
    "full": "full bye for player {pid} in round {round}, asked by the player",
}


def asked_bye_what(kind: str, pid: int, round_no: int) -> Msg:
    """A bye a player asked for from the phone, accepted (core/commands/reports.py)."""
    if kind not in _ASKED_BYES:
        return verbatim(f"{kind} bye for player {pid} in round {round_no}")  # never journalled: core refuses it
    return describe(_ASKED_BYES[kind], pid=pid, round=round_no)


def bye_what(kind: str, pid: int, round_no: int) -> Msg:
    """A requested bye (`kind`: half, zero, full, or none to cancel it); an unknown kind is refused by core."""
    if kind not in _BYES:
        return verbatim(f"{kind} bye for player {pid} in round {round_no}")  # never journalled: core refuses it
    return describe(_BYES[kind], pid=pid, round=round_no)


def undo_what(kind: str, what: str) -> Msg:
    """The journal's description of an undo or a redo (`kind`) of the change described by `what`."""
    return describe("undo {what}" if kind == "undo" else "redo {what}", what=what)


# -- shown in a language --------------------------------------------------------------------------
def translate(what: str, lang: str) -> str:
    """The description in `lang` ("en" or "ru"): a message said in it; an old English one matched back.

    An old description with others inside (an undo, a pairing's changes by
    hand) is said only when they are known too: never half English, half Russian.
    """
    if isinstance(what, Msg):  # made now, or read from the journal (`Stored`)
        return what.text(lang)
    return journal_legacy.translate(what, lang)


class Description(Msg):
    """A stored description inside a message (`cannot undo '...'`): a message as it is, old English said as before."""

    def __new__(cls, what: str) -> Msg:  # type: ignore[misc]  # a factory: the message itself, never a Description
        if isinstance(what, Stored):
            return what.message()
        if isinstance(what, Msg):
            return what
        return journal_legacy.Legacy(str(what))


# -- in the journal file (core/store/journal.py) --------------------------------------------------
def stored(what: str) -> dict | None:
    """The description's key and fields as JSON-able data, for the journal line; None for plain text."""
    if not isinstance(what, Msg):
        return None
    return to_data(what)


def restored(entry: Any) -> Any:
    """A journal line's data (a dict just read) with `what` a `Stored` description: its English, and its message."""
    if not isinstance(entry, dict) or not isinstance(entry.get("what"), str):
        return entry
    entry["what"] = Stored(entry["what"], entry.get("msg"))
    return entry


class Stored(Msg):
    """A description read from the journal: the English it stored, said in a language from its message.

    The message is made back from the stored key and fields when it is first
    said (a journal of thousands of lines is read without making them all).
    A line written before messages were stored (no `msg`), or one whose
    message this version cannot make (a newer arbiter's key), says its
    English through the old path (core/msg/journal_legacy.py).
    """

    data: Any  # the stored message (core.msg.data), or None
    _said: Msg | None  # the message, once made

    def __new__(cls, what: str, data: Any = None) -> "Stored":
        self = str.__new__(cls, what)
        self.data, self._said = data, None
        return self

    def message(self) -> Msg:
        if self._said is None:
            try:
                said = from_data(self.data) if self.data is not None else None
            except ValueError:
                said = None
            self._said = said if isinstance(said, Msg) else journal_legacy.Legacy(str(self))
        return self._said

    @property
    def key(self) -> str:  # type: ignore[override]  # Msg's attribute, made here when first asked for
        return self.message().key

    @property
    def fields(self) -> dict[str, Any]:  # type: ignore[override]  # Msg's attribute, made when first asked for
        return self.message().fields

    def text(self, lang: str = "en") -> str:
        return str(self) if lang == "en" else self.message().text(lang)

    def __reduce__(self):
        return (Stored, (str(self), self.data))

    def __repr__(self) -> str:
        return f"Stored({str(self)!r})"
