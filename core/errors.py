"""The few precise errors of arbiter's engine, in English and Russian.

Every `ArbiterError` is a user's mistake or a state the rules forbid: the
command line prints its message on one line (exit code 2, or 1 for
`NoLegalPairing`) and the TUI shows it; neither prints a traceback.

An error is raised with an English *template* and named fields:

    raise IllegalChange("no player {pid} in this event", pid=pid)

The template is the key of a message of the catalog (core/msg): `err.msg`
is that `Msg`, `str(err)` its English text, `err.text("ru")` the Russian one.
A field that is itself text to translate is a `Msg`, a `word(...)` (a stage,
a colour ...) or another `ArbiterError` (an error wrapped with more context).
Numbers, ids, names and paths are shown as they are. See docs/i18n.md.

What the user can do about a refusal is data, never a command-line option in the text: `advice=` takes an
`Advice` (or several), an action named in terms of the action (pair with the fewest rematches, choose a
table, start the play-off) with its parameters (the table's number). Each shell says it its own way: the
command line as its option or command (tui/cli/advice.py), the TUI as its key or form (tui/advice.py):

    raise IllegalChange("the event has no top", advice=Advice.of("set_top_size"))

Text that is not a template of the catalog (the command line's own usage
errors, a library's message) is kept as it is, in every language
(`core.msg.verbatim`); tests/core/test_messages_i18n.py checks that every raise
in core/ uses a template of the catalog.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arbiter_tournament.core.msg import EN, LANGUAGES, Joined, Msg, Word, fields_of, joined, render, verbatim, word, words_of

__all__ = ["ADVICE", "Advice", "LANGUAGES", "ArbiterError", "Conflict", "FileProblem", "IllegalChange", "InvalidNumber", "InvalidResult", "Joined",
           "Msg", "NoLegalPairing", "Word", "joined", "message", "render", "word", "words"]

words = words_of  # several words joined, each translated (the name errors had for it)


def _message(what: Any, params: dict[str, Any]) -> Msg:
    """The message of an error: a template of the catalog with its fields, a message, or text kept as it is."""
    if isinstance(what, Msg) and not params:
        return what
    if isinstance(what, ArbiterError) and not params:
        return what.msg
    what = str(what)
    if params or (what in EN and not fields_of(EN[what])):
        return Msg(what, **params)  # a template with fields the catalog does not have fails here
    return verbatim(what)  # text from outside, or English already said (a name may hold a "{pid}")


# Every action an advice may name (each shell says each: tests/core/test_advice.py)
ADVICE = (
    "set_top_size",  # the top's size is set when the event is made
    "start_playoff",  # start the play-off for first place
    "choose_table",  # name one of the event's tables (tables=N); what="export": the TRF of one table
    "force",  # do it anyway, over what is there (what= "ratings" | "overwrite" | "replace")
    "fewest_rematches",  # pair with the fewest rematches the rules allow (table=)
    "pair_by_hand",  # pair the round by hand (table=; teams=True: the teams)
    "allow_rematch",  # allow a rematch of two named players or teams (table=; teams=True)
    "withdraw_or_bye",  # withdraw a player or give one a bye
    "add_team_players",  # add players with their team
    "pair_next",  # pair the next round (a round robin's follows its table)
    "other_output",  # write the output under another name
    "import_ratings",  # import a rating list (again=True: the lists again, to build the index anew)
    "set_boards",  # give a team event its boards per match
    "set_match_points",  # give the match points as win, draw, loss
    "use_round_robin",  # a round robin fits the field better (the event's system)
    "name_encoding",  # say which encoding a registration file is in (guessed=True: it was told from its letters)
)


@dataclass(frozen=True)
class Advice:
    """What the user can do about a refusal: an action of `ADVICE` and its parameters, in terms of the action."""

    action: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, action: str, **params: Any) -> "Advice":
        if action not in ADVICE:
            raise ValueError(f"no advice {action!r}")
        return cls(action, tuple(sorted(params.items())))

    @property
    def fields(self) -> dict[str, Any]:
        return dict(self.params)


def _advice(advice: "Advice | tuple[Advice, ...] | None") -> tuple[Advice, ...]:
    if advice is None:
        return ()
    return (advice,) if isinstance(advice, Advice) else tuple(advice)


class ArbiterError(Exception):
    """A problem the user can fix; `str(err)` is the one-line English message.

    `err.msg` is the message (key and fields); `err.text(lang)` says it in
    "en" or "ru".
    """

    msg: Msg
    advice: tuple[Advice, ...] = ()  # what the user can do: each shell says it its own way

    def __init__(self, template: Any = "", /, *, advice: "Advice | tuple[Advice, ...] | None" = None,
                 **params: Any) -> None:
        self.msg = _message(template, params)
        self.advice = _advice(advice)
        super().__init__(str(self.msg))

    @classmethod
    def from_error(cls, exc: BaseException) -> "ArbiterError":
        """An error of this class saying what `exc` says (in every language).

        `exc` is an `ArbiterError`, or another exception raised with a `Msg`
        (`raise ValueError(Msg("..."))`); any other is shown as it is.
        """
        new = cls.__new__(cls)
        if isinstance(exc, ArbiterError):
            m = exc.msg
        elif exc.args and isinstance(exc.args[0], Msg):
            m = exc.args[0]
        else:
            m = verbatim(str(exc))
        ArbiterError.__init__(new, m, advice=getattr(exc, "advice", ()))
        return new

    @property
    def template(self) -> str:
        return self.msg.key

    @property
    def params(self) -> dict[str, Any]:
        return self.msg.fields

    def text(self, lang: str = "en") -> str:
        """The message in `lang` ("en" or "ru")."""
        return self.msg.text(lang)


class InvalidResult(ArbiterError, ValueError):
    """Text that is not a result (`arbiter result FILE 3 2-0`)."""


class InvalidNumber(ArbiterError, ValueError):
    """Text typed as a whole number that is not one: anything but the ASCII digits 0-9 (`²`, `①`, Arabic-Indic or
    fullwidth digits), too many digits, or a value outside its range (core.limits.whole)."""


class IllegalChange(ArbiterError):
    """A change the state of the event forbids (unknown player, round complete ...)."""


class Conflict(IllegalChange):
    """Another judge changed the same thing since it was read."""


class FileProblem(ArbiterError):
    """A file that cannot be read or does not make a valid event.

    `where` is a line number, a key path like `rounds[2].games[4].result`, or
    a TRF line; `what` (English) says what is wrong there. `what` is given as
    a template with its fields, or as another error or `Msg` to wrap.
    """

    def __init__(self, path: str, where: str | int | None, what: Any, /, *,
                 advice: "Advice | tuple[Advice, ...] | None" = None, **params: Any) -> None:
        self.msg = _message(what, params)
        self.advice = _advice(advice)
        self.path, self.where = str(path), (None if where == "" else where)
        self.what = str(self.msg)
        self.place = self.path if where in (None, "") else f"{self.path}:{where}"
        Exception.__init__(self, f"{self.place}: {self.what}")

    @classmethod
    def from_error(cls, exc: BaseException) -> "ArbiterError":
        raise TypeError("a FileProblem names its file: FileProblem(path, where, exc)")

    def text(self, lang: str = "en") -> str:
        return f"{self.place}: {self.msg.text(lang)}"


class NoLegalPairing(ArbiterError):
    """No pairing satisfies the absolute criteria; names who cannot be paired and why.

    `reasons` maps a player's id to why (a `Msg`: English as a `str`, and in
    any language with `reasons_text`).
    """

    def __init__(self, template: Any = "", /, players: tuple[int, ...] = (),
                 reasons: dict[int, str] | None = None, **params: Any) -> None:
        self.players = tuple(players)
        self.reasons = dict(reasons or {})
        super().__init__(template, **params)

    def reasons_text(self, lang: str = "en") -> dict[int, str]:
        """The reasons per player in `lang`."""
        return {pid: render(why, lang) for pid, why in self.reasons.items()}


def message(exc: BaseException, lang: str = "en") -> str:
    """What to show the user for `exc`: an `ArbiterError` in `lang`, anything else as `str`; without its advice,
    which each shell adds its own way (tui/cli/advice.py, tui/advice.py)."""
    if isinstance(exc, ArbiterError):
        try:
            return exc.text(lang)
        except Exception:  # never hide the error behind a translation bug
            return str(exc)
    return str(exc)
