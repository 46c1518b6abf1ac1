"""The few precise errors of arbiter's engine, in English and Russian.

Every `ArbiterError` is a user's mistake or a state the rules forbid: the
command line prints its message on one line (exit code 2, or 1 for
`NoLegalPairing`) and the TUI shows it; neither prints a traceback.

An error is raised with an English *template* and named parameters:

    raise IllegalChange("no player {pid} in this event", pid=pid)

`str(err)` is the English text; `err.text("ru")` the Russian one, from the
catalog in `core.messages` (keyed by the English template). A parameter that
is itself a piece of text to translate is a `Msg` (a phrase with its own
template), a `word(...)` (a word of `messages.WORDS`: a stage, a colour ...)
or another `ArbiterError` (an error wrapped with more context). Numbers, ids,
names and paths are shown as they are. See docs/i18n.md.
"""

from __future__ import annotations

from typing import Any

LANGUAGES = ("en", "ru")


def _catalog(lang: str) -> dict[str, str]:
    if lang == "ru":
        from .messages import RU
        return RU
    return {}


class _Local:
    """A translatable parameter bound to a language, for `str.format`.

    `{stage}` gives the word in the language; a Russian template may ask for a
    grammatical form of a word: `{stage:gen}` (see `messages.WORDS`).
    """

    __slots__ = ("value", "lang")

    def __init__(self, value: Any, lang: str) -> None:
        self.value, self.lang = value, lang

    def __format__(self, spec: str) -> str:
        if isinstance(self.value, Word):
            return self.value.text(self.lang, spec)
        return format(self.value.text(self.lang), spec)

    def __str__(self) -> str:
        return self.__format__("")

    def __repr__(self) -> str:  # `{x!r}`
        return repr(self.__format__(""))


def render(template: str, params: dict[str, Any], lang: str = "en") -> str:
    """`template` (English) in `lang`, filled with `params`.

    A template missing from the catalog is shown in English; a catalog entry
    that does not fit its parameters falls back to English too (a visible
    bug, never a crash in front of the judge).
    """
    translated = _catalog(lang).get(template, template) if lang != "en" else template
    for tmpl in ((translated, template) if translated != template else (template,)):
        vals = {k: (_Local(v, lang) if _translatable(v) else v) for k, v in params.items()}
        try:
            return tmpl.format(**vals)
        except (KeyError, IndexError, ValueError, AttributeError, TypeError):
            lang = "en" if tmpl is translated else lang
            continue
    return template


def _translatable(v: Any) -> bool:
    return isinstance(v, (Msg, Word, ArbiterError))


class Msg(str):
    """A phrase to translate: a template and its parameters; `str(m)` is English.

    Used for pieces of a message built apart (a place, a reason, an option)
    and for the reasons of `NoLegalPairing`. Being a `str`, it can stand
    wherever English text stood before.
    """

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, /, **params: Any) -> "Msg":
        self = super().__new__(cls, render(template, params, "en"))
        self.template, self.params = template, params
        return self

    def text(self, lang: str = "en") -> str:
        return render(self.template, self.params, lang)

    def __reduce__(self):
        return (_msg, (self.template, self.params))


def _msg(template: str, params: dict[str, Any]) -> Msg:
    return Msg(template, **params)


class Word(str):
    """A word of `messages.WORDS` (a stage, a colour, a kind of bye ...); `str(w)` is English."""

    def text(self, lang: str = "en", form: str = "") -> str:
        if lang == "en":
            return str(self)
        from .messages import WORDS
        forms = WORDS.get(str(self), {})
        return forms.get(f"{lang}:{form}" if form else lang) or forms.get(lang) or str(self)


def word(value: Any) -> Word:
    """`value` (e.g. "swiss", "first", "white") as a word translated in messages."""
    return Word(str(value))


def words(values, sep: str = ", ") -> Msg:
    """Several words joined (e.g. the stages one may choose), each translated."""
    return joined([word(v) for v in values], sep)


def joined(parts, sep: str = ", ") -> Msg:
    """Pieces of text (`Msg`, words, plain data) joined by `sep`, each said in the language asked."""
    params = {f"p{i}": v for i, v in enumerate(parts)}
    # The template is only placeholders and separators: there is nothing in it to translate.
    return Msg(sep.replace("{", "{{").replace("}", "}}").join("{" + k + "}" for k in params), **params)


class ArbiterError(Exception):
    """A problem the user can fix; `str(err)` is the one-line English message.

    `err.template` and `err.params` make it; `err.text(lang)` says it in
    "en" or "ru".
    """

    def __init__(self, template: str = "", /, **params: Any) -> None:
        if isinstance(template, Msg) and not params:
            template, params = template.template, dict(template.params)
        self.template, self.params = str(template), params
        super().__init__(render(self.template, params, "en"))

    @classmethod
    def from_error(cls, exc: BaseException) -> "ArbiterError":
        """An error of this class saying what `exc` says (in every language).

        `exc` is an `ArbiterError`, or another exception raised with a `Msg`
        (`raise ValueError(Msg("..."))`); any other is shown as it is.
        """
        new = cls.__new__(cls)
        if isinstance(exc, ArbiterError):
            template, params = exc.template, exc.params
        elif exc.args and isinstance(exc.args[0], Msg):
            template, params = exc.args[0].template, exc.args[0].params
        else:
            template, params = str(exc).replace("{", "{{").replace("}", "}}"), {}
        ArbiterError.__init__(new, template, **params)
        return new

    @property
    def msg(self) -> Msg:
        """The message as a `Msg`, to be a part of another message."""
        return Msg(self.template, **self.params)

    def text(self, lang: str = "en") -> str:
        """The message in `lang` ("en" or "ru")."""
        return render(self.template, self.params, lang)


class InvalidResult(ArbiterError, ValueError):
    """Text that is not a result (`arbiter result FILE 3 2-0`)."""


class IllegalChange(ArbiterError):
    """A change the state of the event forbids (unknown player, round complete ...)."""


class Conflict(IllegalChange):
    """Another judge changed the same thing since it was read."""


class FileProblem(ArbiterError):
    """A file that cannot be read or does not make a valid event.

    `where` is a line number, a key path like `rounds[2].games[4].result`, or
    a TRF line; `what` (English) says what is wrong there. `what` is given as
    a template with its parameters, or as another error or `Msg` to wrap.
    """

    def __init__(self, path: str, where: str | int | None, what: Any, /, **params: Any) -> None:
        if isinstance(what, (ArbiterError, Msg)) and not params:
            what, params = what.template, dict(what.params)
        self.path, self.where = str(path), (None if where == "" else where)
        self.template, self.params = str(what), params
        self.what = render(self.template, params, "en")
        self.place = self.path if where in (None, "") else f"{self.path}:{where}"
        Exception.__init__(self, f"{self.place}: {self.what}")

    @classmethod
    def from_error(cls, exc: "ArbiterError") -> "ArbiterError":
        raise TypeError("a FileProblem names its file: FileProblem(path, where, exc)")

    def text(self, lang: str = "en") -> str:
        return f"{self.place}: {render(self.template, self.params, lang)}"


class NoLegalPairing(ArbiterError):
    """No pairing satisfies the absolute criteria; names who cannot be paired and why.

    `reasons` maps a player's id to why (English text; a `Msg` translates).
    """

    def __init__(self, template: str = "", /, players: tuple[int, ...] = (),
                 reasons: dict[int, str] | None = None, **params: Any) -> None:
        self.players = tuple(players)
        self.reasons = dict(reasons or {})
        super().__init__(template, **params)

    def reasons_text(self, lang: str = "en") -> dict[int, str]:
        """The reasons per player in `lang`."""
        return {pid: (why.text(lang) if isinstance(why, Msg) else str(why)) for pid, why in self.reasons.items()}


def message(exc: BaseException, lang: str = "en") -> str:
    """What to show the user for `exc`: an `ArbiterError` in `lang`, anything else as `str`."""
    if isinstance(exc, ArbiterError):
        try:
            return exc.text(lang)
        except Exception:  # never hide the error behind a translation bug
            return str(exc)
    return str(exc)
