"""Messages as JSON-able data and back: what the journal stores of a description.

    to_data(Msg("withdraw player {pid}", pid=7))   # {"key": "withdraw player {pid}", "fields": {"pid": 7}}
    from_data(that)                                # the same Msg again

A field is stored as it is (numbers, text, true/false, null), or as data of
its own when it is text to translate: a message `{"key", "fields"}`, a word
`{"word": "swiss"}`, pieces joined `{"joined": [...], "sep": "; "}`, or a
description of a journal written before messages were stored
`{"legacy": "result swiss round 1 board 1: 1-0"}` (core/msg/journal_legacy.py).
`from_data` refuses (ValueError) what it cannot make back, e.g. a key this
version's catalog does not have: the caller keeps the English it stored.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from arbiter_tournament.core.msg import Joined, Msg, UnknownMessage, Word
from arbiter_tournament.core.msg.journal_legacy import Legacy


def to_data(x: Any) -> Any:
    """`x` (a message, a word, data) as JSON-able data.

    A message that stands for another (a description read from the journal,
    `core.msg.journal.Stored`) gives that one by its `message()`."""
    stands_for = getattr(x, "message", None)
    if isinstance(x, Msg) and callable(stands_for):
        return to_data(stands_for())
    if isinstance(x, Legacy):
        return {"legacy": str(x)}
    if isinstance(x, Joined):
        return {"joined": [to_data(p) for p in x.parts], "sep": x.sep}
    if isinstance(x, Msg):
        return {"key": x.key, "fields": {k: to_data(v) for k, v in x.fields.items()}}
    if isinstance(x, Word):
        return {"word": str(x)}
    msg = getattr(x, "msg", None)  # an error of core.errors (a layer above)
    if isinstance(x, Exception) and isinstance(msg, Msg):
        return to_data(msg)
    if x is None or isinstance(x, (bool, int, float)):
        return x
    if isinstance(x, Fraction):
        return str(x)
    return str(x)


def from_data(d: Any) -> Any:
    """What `to_data` made, made back; ValueError for data that is not a message of this catalog."""
    if d is None or isinstance(d, (bool, int, float, str)):
        return d
    if not isinstance(d, dict):
        raise ValueError(f"not a message: {d!r}")
    if "key" in d:
        fields = d.get("fields", {})
        if not isinstance(d["key"], str) or not isinstance(fields, dict):
            raise ValueError(f"not a message: {d!r}")
        try:
            return Msg(d["key"], **{str(k): from_data(v) for k, v in fields.items()})
        except UnknownMessage as exc:
            raise ValueError(str(exc)) from None
    if "word" in d and isinstance(d["word"], str):
        return Word(d["word"])
    if "joined" in d and isinstance(d["joined"], list):
        return Joined([from_data(p) for p in d["joined"]], str(d.get("sep", ", ")))
    if "legacy" in d and isinstance(d["legacy"], str):
        return Legacy(d["legacy"])
    raise ValueError(f"not a message: {d!r}")
