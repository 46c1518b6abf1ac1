"""The message layer: a message is a key and its fields, said in a language by one `render`.

    m = Msg("no player with id {pid}", pid=7)
    str(m)                  # "no player with id 7": a Msg is its English text (a `str`)
    m.text("ru")            # "нет участника с номером 7"
    render(m, "ru")         # the same; render(x, lang) says anything: a message, a word, data

The catalog has one entry per key and language: `catalog("en")` and
`catalog("ru")` (core/msg/en.py, core/msg/ru.py). A key is an English
template (the errors, the journal's descriptions, the engine's reasons:
gettext style) or the name of a word of the printouts (`standings`,
`px_board`: their English is in core/msg/en.py). Building a `Msg` whose key
is not in the catalog, or whose fields are not exactly the template's (or
with a field whose form a Russian template asks for, `{stage:gen}`, that is
not a `word(...)`), fails at once (`UnknownMessage`), so a test that runs
the code finds it.

Fields are shown as they are (numbers, ids, names, paths, results like
`1-0`), except those that are text themselves, said in the same language:
another `Msg`, a `Word` (`word("swiss")`, with the grammatical forms a Russian
template may ask for: `{stage:gen}`), pieces `joined(parts, sep)`, or an
`ArbiterError` (its message). `verbatim(text)` is text from outside
(the operating system, a library): the same in every language.

A count chooses the form of its noun by CLDR's plural rules (core/msg/plural.py):
`"{n} {n:plural:round|rounds}"`, `"{n} {n:plural:тур|тура|туров}"`; `plural(n, lang,
one=..., few=..., many=...)` is the same in code, `fill(template, lang, **fields)` a
template of another catalog (the TUI's words) with the same rules.

`core.msg.data` turns a message into JSON-able data and back (the journal
stores it so). See docs/i18n.md.
"""

from __future__ import annotations

import re
from string import Formatter
from typing import Any, Iterable

from arbiter_tournament.core.msg.en import EN as _NAMED
from arbiter_tournament.core.msg.plural import PLURAL, Count, plural, plural_category
from arbiter_tournament.core.msg.ru import RU, WORDS

__all__ = ["LANGUAGES", "Joined", "Msg", "UnknownMessage", "Word", "catalog", "fields_of", "fill", "joined",
           "plural", "plural_category", "plural_fields", "render", "verbatim", "word", "words_of"]

LANGUAGES = ("en", "ru")

# the English catalog: a name's English from en.py, every other key is its own English
EN: dict[str, str] = {key: _NAMED.get(key, key) for key in RU}
_CATALOGS = {"en": EN, "ru": RU}
VERBATIM = "{text}"  # the key of text from outside, shown as it is


class UnknownMessage(LookupError):
    """A message made with a key the catalog does not have, or with other fields than its template's (a bug)."""


def catalog(lang: str) -> dict[str, str]:
    """Key -> template in `lang` ("en" or "ru"; any other language is English)."""
    return _CATALOGS.get(lang, EN)


# key -> (English template, its fields, the fields a Russian template asks a form of), made when first used
_SPECS: dict[str, tuple[str, frozenset[str], frozenset[str]]] = {}


def fields_of(template: str) -> frozenset[str]:
    """The names of a template's fields (`{pid}`, `{text!r}`, `{stage:gen}` -> pid, text, stage)."""
    names = set()
    for _, field, _, _ in Formatter().parse(template):
        if field is not None:
            names.add(re.split(r"[.\[]", field, maxsplit=1)[0])
    return frozenset(names)


def _spec(key: str) -> tuple[str, frozenset[str], frozenset[str]]:
    template = EN.get(key)
    if template is None:
        raise UnknownMessage(f"no message {key!r} in the catalog (core/msg/ru.py)")
    forms = frozenset(f for _, f, form, _ in Formatter().parse(RU[key])
                      if f and form and not form.startswith(PLURAL))  # `{stage:gen}`
    spec = _SPECS[key] = (template, fields_of(template), forms)
    return spec


class _Local:
    """A field that is text, bound to a language, for `str.format` (`{x}`, `{x:gen}`, `{x!r}`)."""

    __slots__ = ("value", "lang")

    def __init__(self, value: Any, lang: str) -> None:
        self.value, self.lang = value, lang

    def __format__(self, spec: str) -> str:
        if isinstance(self.value, Word):
            return self.value.text(self.lang, spec)
        return format(render(self.value, self.lang), spec)

    def __str__(self) -> str:
        return self.__format__("")

    def __repr__(self) -> str:  # `{x!r}`
        return repr(self.__format__(""))


def _is_text(v: Any) -> bool:
    return isinstance(v, (Msg, Word)) or (isinstance(v, Exception) and isinstance(getattr(v, "msg", None), Msg))


_PLURALS: dict[str, frozenset[str]] = {}


def plural_fields(template: str) -> frozenset[str]:
    """The fields a template counts with (`{n:plural:...}`)."""
    got = _PLURALS.get(template)
    if got is None:
        got = _PLURALS[template] = frozenset(
            f for _, f, form, _ in Formatter().parse(template) if f and form and form.startswith(PLURAL))
    return got


def _fill(template: str, fields: dict[str, Any], lang: str) -> str:
    counts = plural_fields(template)
    if lang == "en" and not counts:
        return template.format_map(fields)
    return template.format_map({k: (Count(v, lang) if k in counts else _Local(v, lang) if _is_text(v) and lang != "en"
                                    else v) for k, v in fields.items()})


def fill(template: str, lang: str = "en", **fields: Any) -> str:
    """A template of any catalog filled in `lang`, its counts (`{n:plural:...}`) by the plural rules."""
    return _fill(template, fields, lang)


class Msg(str):
    """A message: `key` and `fields`; `str(m)` is its English text, `m.text(lang)` says it in a language.

    Being a `str`, a message stands wherever English text stood (a reason, a
    label, a journal description), and compares equal to its English.
    """

    key: str
    fields: dict[str, Any]
    advice: tuple[Any, ...] = ()  # a refusal's `core.errors.Advice`: what to do, each shell says it its own way

    def __new__(cls, key: str, /, **fields: Any) -> "Msg":
        template, names, forms = _SPECS.get(key) or _spec(key)
        if len(fields) != len(names) or not names.issuperset(fields):
            raise UnknownMessage(f"message {key!r} has the fields {sorted(names)}, given {sorted(fields)}")
        if forms and not all(isinstance(fields[f], Word) for f in forms):
            raise UnknownMessage(f"message {key!r}: the Russian says a form of {sorted(forms)}: give word(...)")
        self = str.__new__(cls, _fill(template, fields, "en"))
        self.key = key
        self.fields = fields
        return self

    def text(self, lang: str = "en") -> str:
        """The message in `lang`; a Russian template that does not fit its fields falls back to English."""
        if lang == "en" or lang not in _CATALOGS:
            return str(self)
        try:
            return _fill(_CATALOGS[lang][self.key], self.fields, lang)
        except (KeyError, IndexError, ValueError, AttributeError, TypeError):  # a visible bug, never a crash
            return str(self)

    def with_advice(self, advice: tuple[Any, ...]) -> "Msg":
        """The same message carrying a refusal's advice (`Command.why_not` keeps its error's so)."""
        m = type(self)(self.key, **self.fields)
        m.advice = tuple(advice)
        return m

    def but(self, **changed: Any) -> "Msg":
        """The same message with some of its fields given otherwise (a player's id said as the name)."""
        return type(self)(self.key, **{**self.fields, **changed})

    # the names the errors had for them
    @property
    def template(self) -> str:
        return self.key

    @property
    def params(self) -> dict[str, Any]:
        return self.fields

    def __reduce__(self):
        return (_rebuild, (type(self), self.key, self.fields))

    def __repr__(self) -> str:
        return f"Msg({self.key!r}{''.join(f', {k}={v!r}' for k, v in self.fields.items())})"


def _rebuild(cls: type, key: str, fields: dict[str, Any]) -> Msg:
    return cls(key, **fields)


def verbatim(text: Any) -> Msg:
    """Text from outside (the system, a library, the command line): shown as it is in every language."""
    return Msg(VERBATIM, text=str(text))


class Joined(Msg):
    """Messages (or data) joined by a separator, each said in the language asked: `joined(parts, sep)`."""

    parts: tuple[Any, ...]
    sep: str

    def __new__(cls, parts: Iterable[Any], sep: str = ", ") -> "Joined":
        parts = tuple(p for p in parts if p is not None and p != "")
        self = str.__new__(cls, sep.join([p if isinstance(p, str) else str(p) for p in parts]))
        self.key, self.fields = "", {}
        self.parts, self.sep = parts, sep
        return self

    def text(self, lang: str = "en") -> str:
        if lang == "en":
            return str(self)
        return self.sep.join(render(p, lang) for p in self.parts)

    def __reduce__(self):
        return (Joined, (self.parts, self.sep))

    def __repr__(self) -> str:
        return f"joined({list(self.parts)!r}, {self.sep!r})"


def joined(parts: Iterable[Any], sep: str = ", ") -> Joined:
    """Pieces of text (messages, words, data) joined by `sep`; empty ones are left out."""
    return Joined(parts, sep)


class Word(str):
    """A word of `WORDS` passed as a field (a stage, a colour, a kind of bye ...); `str(w)` is English."""

    __slots__ = ()

    def text(self, lang: str = "en", form: str = "") -> str:
        if lang == "en":
            return str(self)
        forms = WORDS.get(str(self), {})
        return forms.get(f"{lang}:{form}" if form else lang) or forms.get(lang) or str(self)


def word(value: Any) -> Word:
    """`value` (e.g. "swiss", "first", "white") as a word said in the language of the message."""
    return Word(str(value))


def words_of(values: Iterable[Any], sep: str = ", ") -> Joined:
    """Several words joined (e.g. the stages one may choose), each said in the language."""
    return joined([word(v) for v in values], sep)


def render(m: Any, lang: str = "en") -> str:
    """Anything as text in `lang`: a message, a word or an error in the language; data as it is; None as ""."""
    if m is None:
        return ""
    if isinstance(m, (Msg, Word)):
        return m.text(lang)
    if isinstance(m, Exception) and callable(getattr(m, "text", None)) and isinstance(getattr(m, "msg", None), Msg):
        return m.text(lang)
    return str(m)
