"""The command line (contract: shared spec cli.md; docs/cli.md): parse, call core, print.

`main(argv)` is the console script `arbiter` (and `python -m tui.cli`). The sub-commands are
declared in one table (`tui.cli.table.COMMANDS`: each command's words, help, arguments and the
module that runs it), and run by one module per group, imported only when one of its commands runs:

    events     new, event set|show, players add|edit|import|distribute|withdraw|bye|list, forbid, undo, redo, log
    results    result (one, several at once, or `-`: lines of standard input; `batch` reads them)
    rounds     pair, round, swap, exchange, give-bye, unpair
    standings  standings
    final      categories ..., prizes ..., ties, draw-lots
    top        top, bracket, playoff
    teams      teams list|roster|lineup|order|standings|swap|exchange|bye, match
    trf        trf pair|check
    exports    import-trf, export
    display    display

with what they share in `common` (Arg, Command, the options FILE, --round, --table, --stage,
--format), `numbers` (every number option and its limits), `usage` (the one-line parser),
`interrupt` (Ctrl-C) and `progress` (the `pairing round 3 … 4 s` line).

Every sub-command that changes an event runs one `core` command inside one `EventFile.change`
transaction (`pair`: computed outside the lock, committed in one short transaction,
`EventFile.change_slow`). A user's mistake prints one line `arbiter: error: ...` on stderr and
exits 2; "no legal pairing" exits 1; Ctrl-C exits 130 without a traceback and with nothing
written. Whatever is printed, but JSON, goes through `core.msg.cells.clean`; what the store
tells (a long wait for the lock, a repair) is one line on stderr.
"""

from __future__ import annotations

import sys


def _quiet_ctrl_c(kind, value, tb) -> None:
    """A Ctrl-C before main() runs (while Python loads this module) ends the process by SIGINT, as
    Python does, but without a traceback: a shell reports 130, as for a Ctrl-C inside main."""
    if not issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, value, tb)


if sys.excepthook is sys.__excepthook__:  # first, before the modules below load
    sys.excepthook = _quiet_ctrl_c

import contextlib  # noqa: E402
import gc  # noqa: E402
import os  # noqa: E402
import signal  # noqa: E402
from typing import Any, Iterator, Sequence  # noqa: E402

# Only the standard library and `interrupt` before main() runs: the console script imports this
# module, then calls main, which takes Ctrl-C first and then loads the rest (core, the command
# table), so a Ctrl-C while arbiter's modules load is quiet too.
from .interrupt import handling_ctrl_c  # noqa: E402

__all__ = ["main", "build_parser", "COMMANDS", "UsageError", "version"]

INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a command stopped by Ctrl-C


def __getattr__(name: str) -> Any:
    """`from arbiter_tournament.tui.cli import COMMANDS, build_parser, UsageError`, loaded when asked."""
    if name in ("COMMANDS", "build_parser"):
        from . import table

        return getattr(table, name)
    if name == "UsageError":
        from .usage import UsageError

        return UsageError
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run `arbiter` with these arguments (default: sys.argv); returns the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        with handling_ctrl_c():
            return _main(args)
    except KeyboardInterrupt:
        return INTERRUPTED
    finally:
        if argv is None:  # the real command line, not a caller's (a test's) process: done, a late
            _quiet_from_now_on()  # Ctrl-C while Python shuts down prints no traceback either


def _main(args: list[str]) -> int:
    from arbiter_tournament.core.errors import ArbiterError, NoLegalPairing
    from arbiter_tournament.core.msg.cells import clean

    from .table import build_parser, find, top_words
    from .usage import HelpShown, UsageError

    try:
        for word in args:
            if not _utf8(word):  # bytes the locale could not decode: not a name, not a path arbiter writes
                raise UsageError(f"'{clean(word)}': not UTF-8 text (arbiter reads names, paths and options as UTF-8)")
        if args in (["--version"], ["-V"]):
            print(f"arbiter {version()}")
            return 0
        if not args or (args[0] not in top_words() and not args[0].startswith("-")):
            if len(args) > 1:
                raise UsageError(f"unknown command '{args[0]}' (try arbiter --help)")
            if not args:
                from . import demo

                return _tui(demo.copy())
            return _tui(args[0])
        args, typed = _prepare(args)
        try:
            cmd = find(args)  # only the parser of the command run (none: the list of commands)
            a, extra = build_parser(cmd, arguments=cmd is not None).parse_known_args(args)
        except HelpShown as shown:
            return shown.status
        if typed:  # the results as typed, where argparse got stand-ins
            a.result = typed[0]
            a.more[1::2] = typed[1:len(a.more[1::2]) + 1]
        cmd = getattr(a, "command_spec", None)
        if extra:  # named with the command, not as the top-level parser would ("usage: ...")
            from .common import DASHES

            words = " ".join("--" if x == DASHES else x for x in extra)
            raise UsageError(f"{cmd.name if cmd else 'arbiter'}: unrecognized arguments: {words}")
        if cmd is None:
            raise UsageError(f"{args[0]}: say what to do (try arbiter {args[0]} --help)")
        if cmd.own_screen:  # draws on the terminal itself (and only reads the event)
            return cmd.run(a)
        with _terminal_safe_stdout(), _store_says_on_stderr():
            code = cmd.run(a)
            sys.stdout.flush()  # a full disk or a closed pipe is told here, not at exit
            return code
    except NoLegalPairing as exc:
        from .advice import said  # what to do, as this command line's options (core's advice)

        text = clean(said(exc))  # the engine's own words start so: said once
        print(f"arbiter: {text}" if text.startswith("no legal pairing") else f"arbiter: no legal pairing: {text}",
              file=sys.stderr)
        return 1
    except ArbiterError as exc:  # one line: what the user typed (a name, a path) cannot add lines or escapes
        from .advice import said

        print(f"arbiter: error: {clean(said(exc))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        _drop_stdout()
        return 0
    except OSError as exc:  # stdout itself (core wraps its own file errors in FileProblem)
        _drop_stdout()
        where = f"{exc.filename}" if exc.filename else "the output"
        print(f"arbiter: error: {clean(where)}: {clean(str(exc.strerror or exc))}", file=sys.stderr)
        return 2


@contextlib.contextmanager
def _store_says_on_stderr() -> Iterator[None]:
    """What the store tells while a command runs goes to stderr, one line each: a long wait for the
    lock (who holds it), a repair of what a crash left (docs/file-format.md)."""
    from arbiter_tournament.core.msg.cells import clean
    from arbiter_tournament.core.notices import report_to  # not the store itself: a command that reads no event

    def say(prefix: str):
        def tell(msg) -> None:
            print(f"arbiter: {prefix}{clean(str(msg))}", file=sys.stderr, flush=True)
        return tell

    report_to(on_wait=say(""), on_notice=say("note: "))
    try:
        yield
    finally:
        report_to()


def version() -> str:
    """The installed version of arbiter (the distribution arbiter-tournament)."""
    from importlib.metadata import PackageNotFoundError, version as installed

    try:
        return installed("arbiter-tournament")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "(not installed)"


def _utf8(word: str) -> bool:
    try:
        word.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _tui(path: str) -> int:
    # Starting makes several hundred thousand objects (Textual's modules, the event, the screen) that live as long
    # as the TUI: the cyclic collector would go through them again and again meanwhile (a tenth of the start-up
    # of a 1000-player event). Off until the round is on the screen; then they are set aside for good (gc.freeze,
    # tui/app.py `_started`), and it runs as ever on what is made after.
    gc.disable()
    from arbiter_tournament.tui.app import run
    from arbiter_tournament.tui.terminal import follow_the_terminal

    follow_the_terminal()  # the window's size, not an exported COLUMNS/LINES (tui/terminal.py)

    return run(path)


def _prepare(args: list[str]) -> tuple[list[str], list[str] | None]:
    """The arguments as argparse should read them, and each RESULT when `result` was given some.

    - An option that takes a value takes the next word, whatever it is: `--name -1+2`,
      `--by-hand -5-0` (argparse would take a word starting with '-' for an option).
    - Options first, then the operands in their order: `forbid FILE --remove 3 7` and
      `players add FILE --club C NAME` read as they are meant (argparse stops filling an
      optional operand at the first option).
    - `arbiter result FILE BOARD RESULT [BOARD RESULT ...]`: a RESULT may be `-+` or `--`. The
      results are found here (`-+`, `--` included) and argparse gets stand-ins; a `--` before them
      (or where a result is due with a result still to come) is the usual end of options.
    """
    from .common import DASHES
    from .table import find

    cmd = find(args)
    if cmd is None:
        return args, None
    n_words = len(cmd.words)
    options = {a.name: a.takes_value for a in cmd.args if a.is_option} | {"-h": False, "--help": False}
    typed = None
    if cmd.words == ("result",):
        args, typed = _result_operands(args, n_words, options)
    opts: list[str] = []
    operands: list[str] = []
    i = n_words
    while i < len(args):
        t = args[i]
        if t == "--":
            operands += [DASHES if x == "--" else x for x in args[i + 1:]]  # `--` again: an operand
            break
        if t.startswith("-") and len(t) > 1 and not _number(t):
            name = _option(t.split("=", 1)[0], options)
            if "=" not in t and name is not None and options[name] and i + 1 < len(args):
                value = args[i + 1]
                opts.append(f"{t}={DASHES if value == '--' else value}")
                i += 2
                continue
            if t.endswith("=--"):  # `--name=--`
                t = t[:-2] + DASHES
            opts.append(t)
        else:
            operands.append(t)
        i += 1
    dash = ["--"] if any(x.startswith(("-", DASHES)) for x in operands) else []
    return [*args[:n_words], *opts, *dash, *operands], typed


def _number(word: str) -> bool:
    """`-5`, `-0.5`: a negative number (an operand or a value), not an option."""
    try:
        float(word)
    except ValueError:
        return False
    return True


def _option(name: str, options: dict[str, bool]) -> str | None:
    """The command's option that `name` names (exactly, or as the only long option it begins)."""
    if name in options:
        return name
    hits = [o for o in options if o.startswith("--") and o.startswith(name)] if name.startswith("--") else []
    return hits[0] if len(hits) == 1 else None


def _result_operands(args: list[str], start: int, options: dict[str, bool]) -> tuple[list[str], list[str]]:
    """`arbiter result FILE BOARD RESULT [BOARD RESULT ...]`: each RESULT (the operands after FILE at
    odd places: the 2nd, 4th ...) found, `-+` and `--` included, and a stand-in given to argparse.

    `--` where a result is due is the result (double forfeit) when nothing follows it, or an option,
    or the next board (digits); otherwise it ends the options and every word after it is an operand."""
    pos: list[int] = []
    ends: set[int] = set()  # the `--` that ends the options (an option's value `--` stays)
    i, n = start, len(args)
    while i < n:
        t = args[i]
        due = len(pos) >= 2 and len(pos) % 2 == 0  # a result is due here
        nxt = args[i + 1] if i + 1 < n else None
        no_result_after = (nxt is None or nxt.startswith("-") and nxt not in ("-+", "--", "-")
                           or nxt.isascii() and nxt.isdigit())
        if t == "--" and due and no_result_after:
            pos.append(i)  # RESULT `--` (double forfeit)
        elif t == "--":
            ends.add(i)
            pos.extend(range(i + 1, n))  # end of options: the rest is operands
            break
        elif t in ("-+", "-") or not t.startswith("-") or _number(t):
            pos.append(i)
        else:
            name = _option(t.split("=", 1)[0], options)
            if "=" not in t and name is not None and options[name]:
                i += 1  # the option's value
        i += 1
    at = {j for k, j in enumerate(pos) if k >= 2 and k % 2 == 0}
    out = ["RESULT" if j in at else x for j, x in enumerate(args) if j not in ends]
    return out, [args[j] for j in sorted(at)]


class _SafeStdout:
    """stdout that shows what a terminal would act on (a name's escape sequence) as `?` (`clean`),
    keeping lines and tabs."""

    def __init__(self, raw) -> None:
        from arbiter_tournament.core.msg.cells import clean

        self._raw, self._clean = raw, clean

    def write(self, s: str) -> int:
        return self._raw.write(self._clean(s, lines=True))

    def write_exact(self, s: str) -> int:
        """An export's text, cleaned already by its builder, as its file has it (a printout's form feeds):
        `export --out -` (tui/cli/exports.py)."""
        return self._raw.write(s)

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
