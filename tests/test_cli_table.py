"""The command table of `arbiter` (tui/cli/table.py) and what is built from it: every sub-command
and argument has a help text and a metavar, `--help` shows them, `result --help` lists the result
forms, docs/cli.md names exactly the parser's options, and the package has no argparse internals
and no import cycle."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from core.results import Result
from tests.cli_run import run
from tests.conftest import ROOT
from tui.cli import COMMANDS
from tui.cli.table import GROUPS, build_parser

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
        found.setdefault(cmd.name, set()).update(re.findall(r"(?<![\w-])(--?[a-z][a-z-]*)", rest))
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
    return {m for m in out if m.startswith("tui")}


def test_the_command_line_modules_import_each_other_without_a_cycle():
    modules = {f"tui.cli.{p.stem}" if p.stem != "__init__" else "tui.cli": p for p in PACKAGE.glob("*.py")}
    modules["tui.display"] = ROOT / "tui" / "display.py"
    graph = {m: {x for x in _imports(p, m) if x in modules and x != m} for m, p in modules.items()}
    assert "tui.cli" not in set().union(*(graph[m] for m in modules if m.startswith("tui.cli.") and m != "tui.cli.__main__"))

    def visit(m, stack):
        assert m not in stack, " -> ".join([*stack, m])
        for n in graph[m]:
            visit(n, [*stack, m])

    for m in graph:
        visit(m, [])


def test_the_console_script_and_python_m_run_main():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'arbiter = "tui.cli:main"' in text
    assert (PACKAGE / "__main__.py").exists()
