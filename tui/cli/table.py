"""The one command table: every sub-command of `arbiter`, in the order `arbiter --help` lists them,
and the parser built from it.

Each group module (events, rounds, standings, top, teams, exports, display) declares its
`Command`s; this module only puts them together. Tests walk `COMMANDS` (every argument has a
help text and a metavar) and compare it with docs/cli.md.
"""

from __future__ import annotations

import argparse
from typing import Any

from . import display, events, exports, final, rounds, standings, teams, top
from .common import Command, Group
from .usage import Parser

COMMANDS: tuple[Command, ...] = (
    *events.COMMANDS, *rounds.COMMANDS, *standings.COMMANDS, *final.COMMANDS, *top.COMMANDS, *teams.COMMANDS,
    *exports.COMMANDS, *display.COMMANDS,
)
GROUPS: dict[str, Group] = {g.word: g for g in (*events.GROUPS, *final.GROUPS, *teams.GROUPS, *exports.GROUPS)}

DESCRIPTION = "Run a two-player board-game tournament at the venue."
EPILOG = f"""\
Without a command, `arbiter FILE` opens the judge's TUI on FILE; `arbiter` alone opens a copy of
the demo event (made once, in ~/.local/share/arbiter/). `arbiter --version` says which arbiter this is.
`arbiter COMMAND --help` says what each command takes. Exit codes: 0 done; 2 a user's mistake
(one line `arbiter: error: ...`); 1 no legal pairing; 130 interrupted (Ctrl-C: nothing written)."""


def top_words() -> set[str]:
    """The first words of every command (`new`, `players`, `trf` ...)."""
    return {c.words[0] for c in COMMANDS}


def find(words: list[str]) -> Command | None:
    """The command named by the first words of `words` (`["players", "add", ...]`), or None."""
    for c in COMMANDS:
        if tuple(words[:len(c.words)]) == c.words:
            return c
    return None


def build_parser() -> Parser:
    formatter = argparse.RawDescriptionHelpFormatter
    root = Parser(prog="arbiter", description=DESCRIPTION, epilog=EPILOG, formatter_class=formatter)
    sub = root.add_subparsers(title="commands", metavar="COMMAND", dest="command", parser_class=Parser)
    groups: dict[str, Any] = {}  # word -> what add_subparsers returned for it
    for cmd in COMMANDS:
        if len(cmd.words) == 1:
            into = sub
        else:
            word = cmd.words[0]
            if word not in groups:
                g = GROUPS[word]
                gp = sub.add_parser(word, help=g.help, description=g.help, formatter_class=formatter)
                groups[word] = gp.add_subparsers(title="commands", metavar="COMMAND", dest=f"{word}_command",
                                                 parser_class=Parser)
            into = groups[word]
        p = into.add_parser(cmd.words[-1], help=cmd.help, description=cmd.description or cmd.help,
                            epilog=cmd.epilog or None, formatter_class=formatter)
        for arg in cmd.args:
            arg.add_to(p)
        p.set_defaults(command_spec=cmd)
    return root
