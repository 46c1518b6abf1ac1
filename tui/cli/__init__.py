"""The command line (contract: shared spec cli.md; docs/cli.md): parse, call core, print.

`main(argv)` is the console script `arbiter` (and `python -m tui.cli`). The sub-commands are
declared in one table (`tui.cli.table.COMMANDS`), one module per group:

    events     new, players add|import|withdraw|bye|list, forbid, undo, redo, log
    exports    trf pair|check, import-trf, export
    rounds     pair, result, round, swap, exchange, give-bye, unpair
    standings  standings
    top        top, bracket, playoff
    teams      teams list|roster|lineup|order|standings, match
    display    display

with what they share in `common` (Arg, Command, the options FILE, --round, --table, --stage,
--format), `numbers` (every number option and its limits), `usage` (the one-line parser) and
`progress` (the `pairing round 3 … 4 s` line).

Every sub-command that changes an event runs one `core` command inside one `EventFile.change`
transaction. A user's mistake prints one line `arbiter: error: ...` on stderr and exits 2; "no
legal pairing" exits 1; Ctrl-C exits 130 without a traceback (a change is written whole or not
at all). Whatever is printed, but JSON, goes through `core.formats.text.clean`.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from typing import Iterator, Sequence

from core.errors import ArbiterError, NoLegalPairing
from core.formats.text import clean

from .table import COMMANDS, DEFAULT_FILE, build_parser, find, top_words
from .usage import HelpShown, UsageError

__all__ = ["main", "build_parser", "COMMANDS", "DEFAULT_FILE", "UsageError"]

INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a command stopped by Ctrl-C


def main(argv: Sequence[str] | None = None) -> int:
    """Run `arbiter` with these arguments (default: sys.argv); returns the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        return _main(args)
    except KeyboardInterrupt:
        if argv is None:  # the real command line, not a caller's (a test's) process
            _quiet_from_now_on()
        return INTERRUPTED


def _main(args: list[str]) -> int:
    try:
        if not args or (args[0] not in top_words() and not args[0].startswith("-")):
            if len(args) > 1:
                raise UsageError(f"unknown command '{args[0]}' (try arbiter --help)")
            return _tui(args[0] if args else DEFAULT_FILE)
        args, typed = _prepare(args)
        try:
            a = build_parser().parse_args(args)
        except HelpShown as shown:
            return shown.status
        if typed is not None:
            a.result = typed
        cmd = getattr(a, "command_spec", None)
        if cmd is None:
            raise UsageError(f"{args[0]}: say what to do (try arbiter {args[0]} --help)")
        if cmd.own_screen:
            return cmd.run(a)
        with _terminal_safe_stdout():
            code = cmd.run(a)
            sys.stdout.flush()  # a full disk or a closed pipe is told here, not at exit
            return code
    except NoLegalPairing as exc:
        print(f"arbiter: no legal pairing: {clean(str(exc))}", file=sys.stderr)
        return 1
    except ArbiterError as exc:  # one line: what the user typed (a name, a path) cannot add lines or escapes
        print(f"arbiter: error: {clean(str(exc))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        _drop_stdout()
        return 0
    except OSError as exc:  # stdout itself (core wraps its own file errors in FileProblem)
        _drop_stdout()
        where = f"{exc.filename}" if exc.filename else "the output"
        print(f"arbiter: error: {clean(where)}: {clean(str(exc.strerror or exc))}", file=sys.stderr)
        return 2


def _tui(path: str) -> int:
    from tui.app import run

    return run(path)


def _prepare(args: list[str]) -> tuple[list[str], str | None]:
    """The arguments as argparse should read them, and RESULT when `result` was given one.

    - An option that takes a value takes the next word, whatever it is: `--name -1+2`,
      `--by-hand -5-0` (argparse would take a word starting with '-' for an option).
    - `arbiter result FILE BOARD RESULT`: RESULT may be `-+` or `--`. The third operand is found
      here (`-+`, `--` included) and argparse gets a stand-in; a `--` before it (or after BOARD
      with a result still to come) is the usual end of options.
    """
    cmd = find(args)
    if cmd is None:
        return args, None
    n_words = len(cmd.words)
    values = {a.name for a in cmd.args if a.is_option and a.takes_value}
    options = {a.name: a.takes_value for a in cmd.args if a.is_option}
    if cmd.words == ("result",):
        return _result_operand(args, n_words, options)
    out = args[:n_words]
    i = n_words
    while i < len(args):
        t = args[i]
        if t == "--":
            out += args[i:]
            break
        if t in values and i + 1 < len(args) and args[i + 1].startswith("-") and args[i + 1] != "--":
            out.append(f"{t}={args[i + 1]}")
            i += 2
            continue
        out.append(t)
        i += 1
    return out, None


def _result_operand(args: list[str], start: int, options: dict[str, bool]) -> tuple[list[str], str | None]:
    pos: list[int] = []
    i, n = start, len(args)
    while i < n and len(pos) < 3:
        t = args[i]
        if t == "--" and len(pos) == 2 and (i + 1 == n or args[i + 1].startswith("-") and args[i + 1] not in ("-+", "--")):
            pos.append(i)  # RESULT `--` (double forfeit): no result word follows
        elif t == "--":
            pos.extend(range(i + 1, min(n, i + 1 + 3 - len(pos))))  # end of options: the rest is operands
            break
        elif t == "-+" and len(pos) == 2:
            pos.append(i)
        elif t.startswith("-") and not t.lstrip("-").isdigit():
            name = t.split("=", 1)[0]
            hits = [o for o in options if o == name] or [o for o in options if o.startswith(name) and o.startswith("--")]
            if "=" not in t and len(hits) == 1 and options[hits[0]]:
                i += 1  # the option's value
        else:
            pos.append(i)
        i += 1
    if len(pos) < 3:
        return args, None
    at = pos[2]
    out = ["RESULT" if j == at else x for j, x in enumerate(args) if j == at or x != "--"]
    return out, args[at]


class _SafeStdout:
    """stdout that shows what a terminal would act on (a name's escape sequence) as `?` (`clean`),
    keeping lines and tabs."""

    def __init__(self, raw) -> None:
        self._raw = raw

    def write(self, s: str) -> int:
        return self._raw.write(clean(s, lines=True))

    def __getattr__(self, name: str):
        return getattr(self._raw, name)


@contextlib.contextmanager
def _terminal_safe_stdout() -> Iterator[None]:
    raw = sys.stdout
    if (getattr(raw, "encoding", None) or "utf-8").lower().replace("-", "") != "utf8" and hasattr(raw, "reconfigure"):
        raw.reconfigure(encoding="utf-8")  # the contract's output is UTF-8 whatever the locale says
    sys.stdout = _SafeStdout(raw)
    try:
        yield
    finally:
        sys.stdout = raw


def _drop_stdout() -> None:
    """What is left in stdout's buffer goes nowhere: Python's flush at exit would fail again."""
    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
        os.close(fd)
    except (OSError, ValueError, AttributeError):  # an in-process stdout (io.StringIO) has no descriptor
        pass


def _quiet_from_now_on() -> None:
    """After Ctrl-C: a second one while Python shuts down prints no traceback either."""
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except (ValueError, OSError):  # not the main thread
        pass
