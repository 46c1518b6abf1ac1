"""What every command shares: how a command and its arguments are declared, the common options
(FILE, --round, --table, --stage, --format), and the helpers that turn options into core's arguments.

A command is a `Command` (its words, help, the module that runs it, and `Arg`s); `tui.cli.table`
declares every one, in the one command table the parser is built from. This module is imported
before any command runs (to build the parser): it imports nothing of core but its limits, and the
helpers load what they need when they are called.
"""

from __future__ import annotations

import argparse
import importlib
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Sequence

from . import numbers
from .usage import UsageError
from arbiter_tournament.core.event.systems import PAIRINGS as PAIRING_SYSTEMS, Stage, System, main_stage as system_stage

if TYPE_CHECKING:
    from fractions import Fraction

    from arbiter_tournament.core.event.model import Event

Handler = Callable[[argparse.Namespace], int]

# The word `--` given as a value (`--name --`, or an operand after the `--` that ends the options):
# argparse would drop it (and hand an option an empty list), so `tui.cli._prepare` passes it as
# this stand-in, which no argument can hold (a NUL), and every argument's `type` turns it back.
DASHES = "\0--"


def _as_typed(kind: Callable[[str], Any] | None) -> Callable[[str], Any]:
    """`kind` (str when None) applied to a word, `DASHES` read as the word `--`."""
    def parse(text: str) -> Any:
        if text != DASHES:
            return text if kind is None else kind(text)
        if kind is None:
            return "--"
        try:
            return kind("--")
        except (ValueError, TypeError):  # argparse would quote the stand-in: say what was typed
            raise argparse.ArgumentTypeError(f"invalid {getattr(kind, '__name__', 'value')} value: '--'") from None

    parse.__name__ = getattr(kind, "__name__", "str")  # argparse names it in "invalid int value: ..."
    return parse


class Arg(NamedTuple):
    """One operand (`file`) or option (`--round`) of a command, with its help text.

    `metavar` names the value in the help (FILE, R, text|json); an option without a value
    (`flag=True`) has none. (The command table's records are named tuples, not dataclasses: `arbiter --help`
    and the commands that need no dataclass of core load neither `dataclasses` nor `inspect`.)
    """

    name: str
    help: str
    metavar: str | None = None
    type: Callable[[str], Any] | None = None
    choices: Sequence[str] | None = None
    default: Any = None
    flag: bool = False
    nargs: str | None = None
    required: bool = False
    dest: str | None = None
    many: bool = False  # an option that may be given several times: the list of its values

    def but(self, help: str, **changes: Any) -> "Arg":
        """The same argument (name, type, limits, metavar) with another help text for one command."""
        return self._replace(help=help, **changes)

    @property
    def is_option(self) -> bool:
        return self.name.startswith("-")

    @property
    def takes_value(self) -> bool:
        return not self.flag

    def add_to(self, parser: argparse.ArgumentParser) -> None:
        kw: dict[str, Any] = {"help": self.help}
        if self.flag:
            kw["action"] = "store_true"
        else:
            if self.many:
                kw["action"] = "append"
            kw["metavar"] = self.metavar
            kw["type"] = _as_typed(self.type)
            for k in ("choices", "nargs"):
                if getattr(self, k) is not None:
                    kw[k] = getattr(self, k)
            if self.default is not None:
                kw["default"] = self.default
        if self.is_option:
            if self.required:
                kw["required"] = True
            if self.dest:
                kw["dest"] = self.dest
        parser.add_argument(self.name, **kw)


class Command(NamedTuple):
    """A sub-command: its words (`("players", "add")`), one-line help, the module that runs it and its
    arguments.

    `module` names a module of `tui/cli/` (`"results"`); its function `cmd_<words>` (`cmd_result`,
    `cmd_players_add`, `cmd_give_bye`) runs the command, and is imported only then (`handler`).
    `epilog` is printed after the arguments in `--help` (the result forms, examples).
    `own_screen`: the command draws on the terminal itself (the hall display), so its output
    is not passed through the terminal-safe stdout.
    """

    words: tuple[str, ...]
    help: str
    module: str
    args: tuple[Arg, ...] = ()
    epilog: str = ""
    own_screen: bool = False
    description: str = ""

    @property
    def name(self) -> str:
        return " ".join(self.words)

    @property
    def function(self) -> str:
        """The name of the function that runs it: `cmd_` and its words (`give-bye` -> `cmd_give_bye`)."""
        return "cmd_" + "_".join(w.replace("-", "_") for w in self.words)

    def handler(self) -> Handler:
        """The function that runs the command, its module imported now (and only now)."""
        return getattr(importlib.import_module(f"{__package__}.{self.module}"), self.function)

    def run(self, a: argparse.Namespace) -> int:
        return self.handler()(a)


class Group(NamedTuple):
    """A word that groups sub-commands (`players`, `teams`, `trf`)."""

    word: str
    help: str


# -- the common options, declared once -------------------------------------------------------

FILE = Arg("file", "the event file (TOML), e.g. saves/open.toml", metavar="FILE")
ROUND = Arg("--round", "the round (default: the current round)", metavar="R", type=numbers.whole("round"))
TABLE = Arg("--table", "the table of a Swiss stage with several tables", metavar="T", type=numbers.whole("table"))
STAGES = tuple(s.value for s in Stage)  # plain words: argparse shows its choices by repr
STAGE = Arg("--stage", "the stage (default: the last one started: play-off, top, else the Swiss or round robin)",
            metavar="|".join(STAGES), choices=STAGES)
EDITIONS = ("fide2024", "fide2026", "legacy")
SYSTEMS = tuple(s.value for s in System)
PAIRINGS = tuple(PAIRING_SYSTEMS)  # the registry's names, the default (dutch) first
TRF_SYSTEM = Arg("--system", "the pairing system, as bbpPairings' flag (default dutch)", metavar="|".join(PAIRINGS),
                 choices=PAIRINGS, default=PAIRINGS[0])
EDITION = Arg("--edition", "the rulebook edition of the tie-breaks", metavar="|".join(EDITIONS), choices=EDITIONS)
TIEBREAKS = Arg("--tiebreaks", "tie-break codes, comma-separated, e.g. BH-C1,BH,SB,WIN (docs/tiebreaks.md)",
                metavar="CODES")


def fmt(*choices: str, what: str = "the output") -> Arg:
    """`--format` with these choices, the first the default."""
    return Arg("--format", f"{what}: {', '.join(choices)} (default {choices[0]})", metavar="|".join(choices),
               choices=choices, default=choices[0])


# -- from options to core's arguments ---------------------------------------------------------


def jnum(x: Fraction | int) -> int | float:
    """A JSON number: whole and half values exact, others rounded to 2 decimals."""
    from fractions import Fraction

    x = Fraction(x)
    if x.denominator == 1:
        return x.numerator
    if x.denominator == 2:
        return float(x)  # exact in binary
    return round(float(x), 2)


def print_json(value: Any) -> None:
    """JSON on stdout, UTF-8, names exact; characters a terminal would act on written as \\u escapes."""
    import json

    from arbiter_tournament.core.msg.cells import json_safe

    print(json_safe(json.dumps(value, ensure_ascii=False)))


def codes(text: str | None) -> tuple[str, ...] | None:
    """`--tiebreaks BH-C1,sb` -> ("BH-C1", "SB"); None when not given."""
    if text is None:
        return None
    return tuple(c.strip().upper() for c in text.split(",") if c.strip())


def typed_as(option: str, text: str, most: int = 40) -> str:
    """`--players '4,9'`: an option with what was typed, cut when long (a message is one short line)."""
    return f"{option} '{text if len(text) <= most else text[:most] + '…'}'"


def ids(text: str, what: str, example: str = "4,9,2,7") -> list[int]:
    """Player ids separated by commas (or semicolons), each a positive id within the limits."""
    out = []
    for part in text.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        if not (part.isascii() and part.isdigit()) or not part.strip("0"):
            raise UsageError(f"{what}: '{part}' is not a player id (ids are positive whole numbers, like {example})")
        out.append(numbers.digits(part, "id", what))
    return out


def stage_of(e: Event, a: argparse.Namespace) -> str:
    return getattr(a, "stage", None) or e.current_stage()


def table_of(e: Event, stage: str, a: argparse.Namespace, *, required: bool = True) -> int | None:
    """The table a command addresses: only a Swiss stage with several tables has them.

    `required`: with several tables, one must be named (else None means every table).
    """
    t = getattr(a, "table", None)
    if stage != Stage.SWISS or e.tables <= 1:
        if t not in (None, 1):
            if e.tables <= 1:
                raise UsageError(f"--table {t}: the event has one table")
            raise UsageError(f"--table {t}: the {stage} stage has one table")
        return None
    if t is None:
        if required:
            raise UsageError(f"the event has {e.tables} tables: say which with --table 1..{e.tables}")
        return None
    if not 1 <= t <= e.tables:
        raise UsageError(f"--table {t}: the event has tables 1..{e.tables}")
    return t


def main_stage(e: Event) -> str:
    return system_stage(e.system)
