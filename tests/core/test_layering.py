"""The import contract of core/ and tui/ (issue 14.3, issue 22.3, DEVELOPERS.md "The layers").

core is the engine: it imports neither the face (tui) nor Textual nor Rich,
and its packages are layers, not a web: no package (or top-level module) of
core imports another that imports it back, directly or round a circle. Nor
does any module: within a package too, no module imports one that imports it
back. Every import counts, at the top, inside a function or under
`TYPE_CHECKING` (an import moved into a function to dodge a circle is still
the circle): the shared piece goes down a layer instead. The same holds for
the modules of tui/.
"""

import ast
import subprocess
import sys
from collections import defaultdict
from pathlib import Path


from tests.conftest import ROOT

CORE = Path(ROOT) / "core"
TUI = Path(ROOT) / "tui"


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _unit(module: str) -> str:
    """The package (or top-level module) of core a module belongs to: core.swiss.dutch -> core.swiss."""
    return ".".join(module.split(".")[:2])


def imports() -> dict[str, set[tuple[str, str]]]:
    """core unit -> {(unit it imports, the importing module)}: every import, at the top or inside a function."""
    edges: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for path in CORE.rglob("*.py"):
        mod = _module(path)
        pkg = mod if path.name == "__init__.py" else mod.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
                    targets = [".".join(base + ([node.module] if node.module else []))]
                    if not node.module:
                        targets = [f"{targets[0]}.{a.name}" for a in node.names]
                elif node.module == "arbiter_tournament.core":
                    targets = [f"core.{a.name}" for a in node.names]
                elif node.module:
                    targets = [node.module]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            for t in targets:
                t = t.removeprefix("arbiter_tournament.")  # core is installed as arbiter_tournament.core
                if t.startswith("core.") and _unit(t) != _unit(mod) and _unit(mod) != "core":
                    edges[_unit(mod)].add((_unit(t), mod))
    return edges


def cycles(edges) -> list[list[str]]:
    """The strongly connected groups of more than one unit (Tarjan)."""
    graph = {a: {b for b, _ in bs} for a, bs in edges.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in list(graph):
        if v not in index:
            visit(v)
    return found


def modules(top: Path) -> dict[str, Path]:
    """Every module of `top` (core or tui) by its dotted name (a package by its own: core.swiss)."""
    return {_module(p): p for p in top.rglob("*.py")}


def module_imports(top: Path) -> dict[str, set[tuple[str, int]]]:
    """module -> {(module of the same tree it imports, line)}: every import statement, at the top, inside a
    function or under TYPE_CHECKING. `from a.b import c` imports the module a.b.c if there is one, else a.b
    (a package: its __init__). The packages a submodule's import loads on the way are not counted (every
    package's __init__ would then be in a circle with the submodules it names)."""
    mods = modules(top)
    root = top.name
    edges: dict[str, set[tuple[str, int]]] = defaultdict(set)
    for mod, path in mods.items():
        pkg = mod if path.name == "__init__.py" else mod.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = ".".join(pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
                                    + ([node.module] if node.module else []))
                else:
                    base = (node.module or "").removeprefix("arbiter_tournament.")
                names = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name.removeprefix("arbiter_tournament.") for a in node.names]
            for name in names:
                while name and name not in mods:
                    name = name.rpartition(".")[0]
                if name and name != mod and name.split(".")[0] == root:
                    edges[mod].add((name, node.lineno))
    return edges


def module_cycles(top: Path) -> list[str]:
    """Each circle of modules of `top`, with the imports that close it (module:line -> module)."""
    edges = module_imports(top)
    out = []
    for group in cycles({m: {(t, m) for t, _ in ts} for m, ts in edges.items()}):
        why = [f"{m}:{line} -> {t}" for m in group for t, line in sorted(edges[m]) if t in group]
        out.append(f"{' <-> '.join(group)}: " + "; ".join(why))
    return out


def test_no_module_of_core_imports_another_in_a_circle():
    bad = [c for c in module_cycles(CORE) if "core.swiss." not in c]
    assert not bad, "\n".join(bad)


def test_no_module_of_core_swiss_imports_another_in_a_circle():
    """core/swiss: its modules are layers (docs/pairing.md, Modules), none imports another in a circle."""
    bad = [c for c in module_cycles(CORE) if "core.swiss." in c]
    assert not bad, "\n".join(bad)


def test_no_module_of_the_command_line_is_in_a_circle():
    """tui/cli: its modules import each other in layers (interrupt and usage at the bottom, the command
    table at the top)."""
    bad = [c for c in module_cycles(TUI) if "tui.cli" in c]
    assert not bad, "\n".join(bad)


def test_no_module_of_the_tui_imports_another_in_a_circle():
    bad = module_cycles(TUI)
    assert not bad, "\n".join(bad)


def test_the_module_check_sees_a_circle_inside_a_function(tmp_path, monkeypatch):
    """The check itself: an import inside a function or under TYPE_CHECKING closes a circle as any other."""
    top = tmp_path / "core"
    (top / "pkg").mkdir(parents=True)
    (top / "__init__.py").write_text("")
    (top / "pkg" / "__init__.py").write_text("")
    (top / "pkg" / "a.py").write_text("from arbiter_tournament.core.pkg.b import f\n")
    (top / "pkg" / "b.py").write_text("def f():\n    from arbiter_tournament.core.pkg import c\n")
    (top / "pkg" / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import x\n")
    (top / "pkg" / "d.py").write_text("from arbiter_tournament.core.pkg import a, b\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    found = module_cycles(top)
    assert len(found) == 1 and found[0].startswith("core.pkg.a <-> core.pkg.b <-> core.pkg.c: "), found


def test_no_package_of_core_imports_another_in_a_circle():
    edges = imports()
    bad = []
    for group in cycles(edges):
        why = [f"{mod} -> {b}" for a in group for b, mod in sorted(edges[a]) if b in group]
        bad.append(f"{' <-> '.join(group)}: " + "; ".join(why))
    assert not bad, "\n".join(bad)


def test_the_contract_check_sees_a_circle():
    """The check itself: a made-up circle of three units is found, a chain is not."""
    chain = {"core.a": {("core.b", "core.a.x")}, "core.b": {("core.c", "core.b.y")}}
    assert cycles(chain) == []
    circle = {**chain, "core.c": {("core.a", "core.c.z")}}
    assert cycles(circle) == [["core.a", "core.b", "core.c"]]


def test_the_layers_run_from_the_messages_up():
    """A few edges that must hold for the map to be the rule map: the message layer and the event
    model import nothing of the rules above them, the store nothing of the formats."""
    edges = {a: {b for b, _ in bs} for a, bs in imports().items()}
    assert not edges.get("core.msg"), edges.get("core.msg")
    assert edges.get("core.event", set()) <= {"core.errors", "core.msg", "core.limits"}, edges.get("core.event")
    assert "core.formats" not in edges.get("core.store", set())


def test_core_imports_no_textual_no_rich_and_no_tui():
    modules = sorted("arbiter_tournament." + _module(p) for p in CORE.rglob("*.py"))
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich') or m.startswith('arbiter_tournament.tui')]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_no_core_module_mentions_textual_or_rich():
    for p in CORE.rglob("*.py"):
        text = p.read_text()
        for lib in ("textual", "rich"):
            assert f"import {lib}" not in text and f"from {lib}" not in text, p
