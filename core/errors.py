"""The few precise errors of arbiter's engine.

Every `ArbiterError` is a user's mistake or a state the rules forbid: the
command line prints its message on one line (exit code 2, or 1 for
`NoLegalPairing`) and the TUI shows it; neither prints a traceback.
"""

from __future__ import annotations


class ArbiterError(Exception):
    """A problem the user can fix; `str(err)` is the one-line message."""


class InvalidResult(ArbiterError, ValueError):
    """Text that is not a result (`arbiter result FILE 3 2-0`)."""


class IllegalChange(ArbiterError):
    """A change the state of the event forbids (unknown player, round complete ...)."""


class Conflict(IllegalChange):
    """Another judge changed the same thing since it was read."""


class FileProblem(ArbiterError):
    """A file that cannot be read or does not make a valid event.

    `where` is a line number, a key path like `rounds[2].games[4].result`, or
    a TRF line; `what` says what is wrong there.
    """

    def __init__(self, path: str, where: str | int | None, what: str) -> None:
        self.path, self.where, self.what = str(path), (None if where == "" else where), what
        place = self.path if where in (None, "") else f"{self.path}:{where}"
        super().__init__(f"{place}: {what}")


class NoLegalPairing(ArbiterError):
    """No pairing satisfies the absolute criteria; names who cannot be paired and why."""

    def __init__(self, message: str, players: tuple[int, ...] = (), reasons: dict[int, str] | None = None) -> None:
        self.players = tuple(players)
        self.reasons = dict(reasons or {})
        super().__init__(message)
