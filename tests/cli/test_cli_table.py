"""The command table of `arbiter` (tui/cli/table.py) and what is built from it: every sub-command
and argument has a help text and a metavar, `--help` shows them, `result --help` lists the result
forms, docs/cli.md names exactly the parser's options, and the package has no argparse internals
and no import cycle."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from arbiter_tournament.core.event.results import Result
from tests.cli_run import run
from tests.conftest import ROOT
from arbiter_tournament.tui.cli import COMMANDS
from arbiter_tournament.tui.cli.table import GROUPS, build_parser

IDS = [c.name for c in COMMANDS]


def test_every_command_and_argument_has_a_help_text_and_a_metavar():
    assert len(COMMANDS) >= 30
    for cmd in COMMANDS:
        assert cmd.help.strip(), cmd.name
        for arg in cmd.args:
            assert len(arg.help.strip()) > 5, (cmd.name, arg.name)
            if arg.takes_value:
                assert arg.metavar, (cmd.name, arg.name)
    for g in GROUPS.values():
        assert g.help.strip()
    assert {c.words[0] for c in COMMANDS if len(c.words) == 2} == set(GROUPS)


def test_command_words_are_unique():
    assert len(set(IDS)) == len(IDS)


def _usage_options(help_text: str) -> set[str]:
    usage = help_text.split("\n\n", 1)[0]
    return set(re.findall(r"\[(-{1,2}[a-z][a-z-]*)", usage)) | set(re.findall(r"(?<=\s)(--?[a-z][a-z-]*) ", usage))


@pytest.mark.parametrize("name", IDS)
def test_help_of_every_command_shows_every_argument_with_its_help(name):
    cmd = next(c for c in COMMANDS if c.name == name)
    code, out, err = run(*cmd.words, "--help")
    assert code == 0 and err == ""
    text = " ".join(out.split())
    assert " ".join(cmd.help.split()) in text
    for arg in cmd.args:
        shown = arg.name if arg.is_option else arg.metavar
        if arg.is_option and arg.takes_value:
            shown = f"{arg.name} {arg.metavar}"
        assert shown in text, (name, shown)
        assert " ".join(arg.help.split())[:40] in text, (name, arg.name)
    assert _usage_options(out) - {"-h"} == {a.name for a in cmd.args if a.is_option}


def test_the_groups_and_the_top_level_help_list_every_command():
    code, out, _ = run("--help")
    assert code == 0
    for word in {c.words[0] for c in COMMANDS}:
        assert re.search(rf"^\s+{re.escape(word)}\b", out, re.M), word
    for group in GROUPS:
        code, out, _ = run(group, "--help")
        assert code == 0
        for cmd in COMMANDS:
            if cmd.words[0] == group:
                assert re.search(rf"^\s+{cmd.words[1]}\s", out, re.M), cmd.name


def test_result_help_lists_every_result_form_of_the_contract():
    code, out, _ = run("result", "--help")
    assert code == 0
    forms = out.split("RESULT, the first player's score first:", 1)[1]
    for typed in ("1-0", "0-1", "1/2", "=", "1/2-1/2", "+-", "-+", "--", "1-0t", "0-1t", "=t", "1-0a", "0-1a"):
        assert re.search(rf"(^|[\s,(]){re.escape(typed)}([\s,)]|$)", forms, re.M), typed
        Result.parse(typed)  # and each is a result


def test_the_parser_is_built_from_the_table_alone():
    parser = build_parser()
    for cmd in COMMANDS:
        a = parser.parse_args([*cmd.words, *_operands(cmd)])
        assert a.command_spec is cmd


def test_every_command_names_a_module_with_its_function():
    """The table names each command's module; its `cmd_<words>` runs it (imported only then)."""
    for cmd in COMMANDS:
        assert callable(cmd.handler()), cmd.name
        assert cmd.handler().__module__ == f"arbiter_tournament.tui.cli.{cmd.module}", cmd.name


def _operands(cmd) -> list[str]:
    out = []
    for arg in cmd.args:
        if arg.is_option and not arg.required:
            continue
        value = arg.choices[0] if arg.choices else "1"
        if arg.nargs in ("?", "*"):
            continue
        out += [arg.name, value] if arg.is_option else [value]
    return out


# -- docs/cli.md --------------------------------------------------------------------------------

DOC = ROOT / "docs" / "cli.md"


def documented_options() -> dict[str, set[str]]:
    """Command -> the options docs/cli.md shows for it, from every code span `arbiter WORDS ...`."""
    spans = re.findall(r"`(arbiter [^`]+)`", DOC.read_text(encoding="utf-8"))
    by_words = sorted(COMMANDS, key=lambda c: -len(c.words))
    found: dict[str, set[str]] = {}
    for span in spans:
        words = span.replace("\\|", "|").split()[1:]
        cmd = next((c for c in by_words if tuple(words[:len(c.words)]) == c.words), None)
        if cmd is None:
            continue
        rest = " ".join(words[len(cmd.words):])
        options = set(re.findall(r"(?<![\w-])(--?[a-z][a-z-]*)", rest)) - {"-h", "--help"}
        found.setdefault(cmd.name, set()).update(options)
    return found


def test_docs_cli_md_shows_every_command_with_exactly_the_parsers_options():
    documented = documented_options()
    missing = [c.name for c in COMMANDS if c.name not in documented]
    assert not missing, f"docs/cli.md has no `arbiter ...` line for {missing}"
    for cmd in COMMANDS:
        assert documented[cmd.name] == {a.name for a in cmd.args if a.is_option}, cmd.name


# -- the package -------------------------------------------------------------------------------

PACKAGE = ROOT / "tui" / "cli"
INTERNALS = re.compile(r"\.(_subparsers|_group_actions|_option_string_actions|_parser_class|_actions|_registries"
                       r"|_SubParsersAction|_StoreAction|_get_\w+)\b|\bargparse\._")


def test_no_argparse_internals():
    for path in sorted(PACKAGE.glob("*.py")):
        hits = INTERNALS.findall(path.read_text(encoding="utf-8"))
        assert not hits, (path.name, hits)


def _imports(path: Path, module: str) -> set[str]:
    """tui modules `path` imports, at any level of the module (function-level imports too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([node.module] if node.module else []))
            if node.module or not node.level:  # `from . import x` imports the module x, not the package's names
                out.add(base)
            out |= {f"{base}.{a.name}" for a in node.names}
    return {m.removeprefix("arbiter_tournament.") for m in out if m.startswith(("tui", "arbiter_tournament.tui"))}


def test_the_command_line_modules_import_each_other_without_a_cycle():
    modules = {f"tui.cli.{p.stem}" if p.stem != "__init__" else "arbiter_tournament.tui.cli": p for p in PACKAGE.glob("*.py")}
    modules["tui.display"] = ROOT / "tui" / "display.py"
    graph = {m: {x for x in _imports(p, m) if x in modules and x != m} for m, p in modules.items()}
    submodules = [m for m in modules if m.startswith("tui.cli.") and m != "tui.cli.__main__"]
    assert "arbiter_tournament.tui.cli" not in set().union(*(graph[m] for m in submodules))  # no name from the package's __init__

    def visit(m, stack):
        assert m not in stack, " -> ".join([*stack, m])
        for n in graph[m]:
            visit(n, [*stack, m])

    for m in graph:
        visit(m, [])


def test_the_console_script_and_python_m_run_main():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'arbiter = "arbiter_tournament.tui.cli:main"' in text
    assert (PACKAGE / "__main__.py").exists()


# -- every number option: the limits an event file can hold ---------------------------------------


def _number_args():
    for cmd in COMMANDS:
        for arg in cmd.args:
            if getattr(arg.type, "limits", None):
                yield pytest.param(cmd, arg, id=f"{cmd.name} {arg.name}")


def _argv(cmd, arg, value: str) -> list[str]:
    out = list(cmd.words)
    for other in cmd.args:
        if other is arg:
            out += [arg.name, value] if arg.is_option else [value]
        elif not other.is_option and other.nargs not in ("?", "*"):
            out.append(other.choices[0] if other.choices else ("x.toml" if other.type is None else "1"))
        elif other.is_option and other.required:
            out += [other.name, other.choices[0] if other.choices else "1"]
    return out


@pytest.mark.parametrize("cmd,arg", _number_args())
@pytest.mark.parametrize("value,why", [("99999999999999999999", ("too big",)), ("-5", ("too small",)),
                                       ("1e999", ("invalid", "not a number")), ("nan", ("invalid", "not a number")),
                                       ("1e-300", ("invalid", "too small"))])
def test_every_number_option_is_refused_out_of_range_in_one_line(tmp_path, cmd, arg, value, why):
    lo, hi = arg.type.limits
    if value == "-5" and lo < 0:
        return
    code, out, err = run(*_argv(cmd, arg, value), cwd=tmp_path)
    assert code == 2 and out == "" and err.startswith("arbiter: error: ") and err.count("\n") == 1, err
    assert any(w in err for w in why) and (arg.name if arg.is_option else "argument") in err
    assert list(tmp_path.iterdir()) == []  # refused before any file is read or made


# -- a value that is `--`, a number of 5000 digits: one line, never a traceback -------------------


@pytest.fixture
def paired(tmp_path):
    ev = tmp_path / "e.toml"
    run("new", ev, "--name", "E", "--rounds", 3)
    for name in ("A", "B", "C", "D"):
        run("players", "add", ev, name)
    run("pair", ev)
    return ev


def _value_options():
    for cmd in COMMANDS:
        for arg in cmd.args:
            if arg.is_option and arg.takes_value and not (cmd.own_screen and arg.type is None):
                yield pytest.param(cmd, arg, id=f"{cmd.name} {arg.name}")  # (a display would start)


@pytest.mark.parametrize("cmd,arg", _value_options())
def test_an_option_whose_value_is_two_dashes_takes_it_as_its_value(paired, cmd, arg):
    """`--rounds --`: argparse hands such a value over as an empty list (which made a TypeError
    deep in core); the value is the word `--`, refused (or taken) like any other word."""
    argv = [str(paired) if a == "x.toml" else a for a in _argv(cmd, arg, "--")]
    code, out, err = run(*argv, cwd=paired.parent)
    assert code in (0, 1, 2), (code, err)
    if code == 2:
        assert err.startswith("arbiter: error: ") and err.count("\n") == 1, err
        if arg.type is not None or arg.choices:
            assert arg.name in err and "'--'" in err, err


def test_a_name_or_a_club_that_is_two_dashes_is_added(paired):
    assert "added -- as player 5" in run("players", "add", paired, "--name", "--")[1]
    assert "added -- as player 6" in run("players", "add", paired, "--", "--")[1]
    code, out, err = run("players", "add", paired, "Eve", "--club", "--")
    assert code == 0, err
    players = [(p["name"], p["club"]) for p in json.loads(run("players", "list", paired, "--format", "json")[1])]
    assert players[4:] == [("--", ""), ("--", ""), ("Eve", "--")]


HUGE = "1" * 5000  # more digits than Python turns into an int (4300)


@pytest.mark.parametrize("args", [
    ("pair", "{ev}", "--by-hand", f"{HUGE}-2"), ("pair", "{ev}", "--allow-rematch", f"{HUGE},2"),
    ("playoff", "{ev}", "--players", f"{HUGE},2"), ("forbid", "{ev}", HUGE, "2"),
    ("round", "{ev}", "--round", "0" * 30 + "1"),
])
def test_a_number_of_thousands_of_digits_is_one_line(paired, args):
    before = paired.read_bytes()
    code, out, err = run(*(a.format(ev=paired) for a in args))
    if args[-1].startswith("000"):  # leading zeros: the number 1, not "too big"
        assert code == 0 and "Round 1" in out, err
        return
    assert code == 2 and err.startswith("arbiter: error: ") and err.count("\n") == 1, err
    assert "too big" in err and len(err) < 300, err
    assert paired.read_bytes() == before


def test_an_unknown_option_names_the_command():
    code, out, err = run("players", "add", "x.toml", "Ann", "--bogus")
    assert code == 2 and err == "arbiter: error: players add: unrecognized arguments: --bogus\n"


@pytest.mark.parametrize("value", ["1_000", "٣", "inf", "0x10"])
def test_interval_is_a_decimal_number_of_seconds(tmp_path, value):
    """float() reads "1_000" as 1000 and the Arabic-Indic digit "٣" as 3: the option takes decimals only."""
    code, out, err = run("display", tmp_path / "e.toml", "--interval", value, cwd=tmp_path)
    assert code == 2 and err == f"arbiter: error: display: argument --interval: invalid float value: '{value}'\n"


@pytest.mark.parametrize("args", [("--host", "0.0.0.0"), ("--public",), ("--port", "8080"), ("--host", "::", "--public"),
                                  ("--max-clients", "10")])
def test_the_options_of_serve_without_serve_are_refused(paired, args):
    """`--host 0.0.0.0` without `--serve` would silently open the full-screen display instead."""
    code, out, err = run("display", paired, *args)
    assert code == 2 and err == "arbiter: error: display: --host, --port, --public, --max-clients and --name are for --serve\n"
