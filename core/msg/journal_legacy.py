"""Journals written before descriptions were stored as messages: their English said in a language.

A journal line of an older arbiter has only the English description
(`"what": "result swiss round 1 board 1: 1-0"`). To show it in Russian as
before, `translate(what, lang)` matches the whole text against every
template of the journal (`core.msg.journal_templates.TEMPLATES`, a regular expression
made from each) and says the template it came from in the language, with the
same fields; an undo or a pairing by hand says the descriptions inside it in
turn. A description that matches no template is shown as it is (English),
never half translated.

This path is for old lines only: every description written now is stored as
its key and fields (core/msg/journal.py) and said by `core.msg.render`.
"""

from __future__ import annotations

import re
from string import Formatter
from typing import Any

from arbiter_tournament.core.msg import VERBATIM, Msg, word
from arbiter_tournament.core.msg.journal_templates import TEMPLATES

# what each field may match (anything else: any text)
_NUMBER = r"[0-9]+"
FIELDS: dict[str, str] = {
    "round": _NUMBER, "board": _NUMBER, "table": _NUMBER, "pid": _NUMBER, "a": _NUMBER, "b": _NUMBER,
    "n": _NUMBER, "minutes": r"-?[0-9]+", "moves": _NUMBER, "match": _NUMBER,
    "rounds": r"[0-9]+(?:, [0-9]+)*", "boards": r"[0-9]+(?:, [0-9]+)*",
    "stage": "swiss|roundrobin|top|playoff",  # the stages files were written with
}
_PATTERNS: list[tuple[re.Pattern[str], str]] | None = None


def _pattern(template: str) -> re.Pattern[str]:
    parts = []
    for literal, field, _spec, _conv in Formatter().parse(template):
        parts.append(re.escape(literal))
        if field is not None:
            parts.append(f"(?P<{field}>{FIELDS.get(field, '.+')})")
    return re.compile("".join(parts))


def _literal_length(template: str) -> int:
    return sum(len(literal) for literal, *_ in Formatter().parse(template))


def _patterns() -> list[tuple[re.Pattern[str], str]]:
    global _PATTERNS
    if _PATTERNS is None:
        # the most literal text first: "...: cleared" before "...: {result}"
        _PATTERNS = [(_pattern(en), en) for en in sorted(TEMPLATES, key=_literal_length, reverse=True)]
    return _PATTERNS


def match(what: str) -> tuple[str, dict[str, str]] | None:
    """The template an old English description was made from, and its fields; None for an unknown one."""
    for pattern, en in _patterns():
        m = pattern.fullmatch(what)
        if m:
            return en, m.groupdict()
    return None


def translate(what: str, lang: str) -> str:
    """An old English description in `lang`; one it cannot match is shown as it is."""
    if lang == "en":
        return what
    said = _said(what, lang)
    return what if said is None else said


def _said(what: str, lang: str) -> str | None:
    found = match(what)
    if found is None:
        return None
    key, fields = found
    values: dict[str, Any] = dict(fields)
    if "stage" in fields:
        values["stage"] = word(fields["stage"])
    inner = [("what", [fields["what"]])] if "what" in fields else []
    if "changes" in fields:
        inner.append(("changes", fields["changes"].split("; ")))
    for name, parts in inner:
        said = [_said(part, lang) for part in parts]
        texts = [s for s in said if s is not None]
        if len(texts) < len(said):
            return None
        values[name] = "; ".join(texts)
    return Msg(key, **values).text(lang)


class Legacy(Msg):
    """An old English description as a message: English as stored, said in a language by `translate`."""

    def __new__(cls, what: str) -> "Legacy":
        return super().__new__(cls, VERBATIM, text=str(what))

    def text(self, lang: str = "en") -> str:
        return translate(str(self), lang)

    def __reduce__(self):
        return (Legacy, (str(self),))
