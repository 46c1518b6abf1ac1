"""A user's mistake on the command line, and the parser that reports one in one line."""

from __future__ import annotations

import argparse
from typing import NoReturn

from arbiter_tournament.core.errors import ArbiterError


class UsageError(ArbiterError):
    """An option or operand the command cannot take: `arbiter: error: ...`, exit 2.

    The command line speaks English (docs/i18n.md): these messages are not translated.
    """

    def __init__(self, text: str) -> None:  # the text is data (it may quote what was typed): no template
        super().__init__(text.replace("{", "{{").replace("}", "}}"))


class HelpShown(Exception):
    """`--help` was printed: the command is done (exit 0), nothing else runs."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class Parser(argparse.ArgumentParser):
    """argparse, with a mistake as one line (no usage dump) and `--help` as a return, not an exit."""

    def error(self, message: str) -> NoReturn:
        where = self.prog.split(" ", 1)[1] if " " in self.prog else "usage"
        raise UsageError(f"{where}: {message}")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            raise UsageError(message.strip())
        raise HelpShown(status)
