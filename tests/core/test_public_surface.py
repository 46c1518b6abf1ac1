"""One public surface per module: no module uses another module's private name (issue 38).

What another module uses is public and named so. This walks the syntax tree of every module of core/, tui/,
bench/ and tests/ and fails on a private name (`_name`, not a dunder) taken from another module of the
project: imported (`from x import _y`, relative imports too) or read as an attribute of an imported module
(`exports._sort_key`, `codec._CACHE.clear()`; a name only given as a string, as to `monkeypatch.setattr`,
is not seen). ruff's PLC2701 (pyproject.toml) catches the imports
as the code is written; it does not see attributes, this does.

A test may use a private name of the module it tests only when listed in ALLOWED, with why.
"""

from __future__ import annotations

import ast
import functools
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PARTS = ("core", "tui", "bench", "tests")
# folder -> the import name of its modules
PACKAGES = {"core": "arbiter_tournament.core", "tui/package": "arbiter_tournament", "tui": "arbiter_tournament.tui",
            "tests": "tests", "bench": "bench"}

# (test file, module it tests): why it may use that module's private names
ALLOWED = {
    ("tests/core/test_codec_fast_read.py", "arbiter_tournament.core.store.codec"):
        "the codec's fast read is private by design: the test holds each fast path equal to the checked path it "
        "shortcuts (_plain_game to _game, _parse to tomllib), which only the two private functions show",
    ("tests/durability/test_file_hostile.py", "arbiter_tournament.core.store.codec"):
        "the text of one round is held equal to tomli-w's to the byte; the public dumps() writes a whole event",
    ("tests/core/test_prizes_rules.py", "arbiter_tournament.core.final.prizes"):
        "the equal sharing of a prize pool (_fair) is checked against every split on random pools, which the "
        "prizes of a whole event reach only a few of",
    ("tests/core/test_site.py", "arbiter_tournament.core.formats.site"):
        "a full disk is injected into the site's page writer to prove nothing of the old site is lost",
}


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("").as_posix()
    for folder in sorted(PACKAGES, key=len, reverse=True):
        if rel == folder or rel.startswith(folder + "/"):
            rest = rel[len(folder):].strip("/").replace("/", ".")
            name = PACKAGES[folder] + ("." + rest if rest else "")
            return name.removesuffix(".__init__")
    raise AssertionError(path)


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _files() -> list[Path]:
    return sorted(p for part in PARTS for p in (ROOT / part).rglob("*.py")
                  if "tests/data" not in p.as_posix() and "__snapshots__" not in p.as_posix())


def _imported_from(me: str, is_package: bool, node: ast.ImportFrom, bench: set[str]) -> str:
    if node.level == 0:
        mod = node.module or ""
        if me.startswith("bench.") and mod in bench:  # bench scripts import each other by bare name
            return "bench." + mod
        return mod
    base = me.split(".") if is_package else me.split(".")[:-1]
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _ours(name: str) -> bool:
    return name.split(".")[0] in ("arbiter_tournament", "tests", "bench")


def cross_module_private_uses(files: list[Path]) -> list[tuple[str, int, str, str]]:
    """(file, line, the module whose name it is, the name) for each private name used across modules."""
    modules = {_module_name(p) for p in files}
    bench = {m.removeprefix("bench.") for m in modules if m.startswith("bench.")}
    found = []
    for path in files:
        me = _module_name(path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = path.relative_to(ROOT).as_posix()
        bound: dict[str, str] = {}  # a local name -> the module it names
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                src = _imported_from(me, path.name == "__init__.py", node, bench)
                for a in node.names:
                    if f"{src}.{a.name}" in modules:  # a module imported from its package
                        bound[a.asname or a.name] = f"{src}.{a.name}"
                    elif _private(a.name) and src != me and _ours(src):
                        found.append((rel, node.lineno, src, a.name))
            elif isinstance(node, ast.Import):
                for a in node.names:
                    bound[a.asname or a.name.split(".")[0]] = a.name if a.asname else a.name.split(".")[0]
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Attribute) and _private(node.attr)):
                continue
            chain, value = [], node.value
            while isinstance(value, ast.Attribute):
                chain.append(value.attr)
                value = value.value
            if isinstance(value, ast.Name) and value.id in bound:
                target = ".".join([bound[value.id], *reversed(chain)])
                if _ours(target) and target != me and target in modules:
                    found.append((rel, node.lineno, target, node.attr))
    return sorted(found)


@functools.cache
def _project_uses() -> list[tuple[str, int, str, str]]:
    return cross_module_private_uses(_files())


def test_no_module_uses_another_modules_private_name():
    found = _project_uses()
    bad = [f"{f}:{line}: {mod}.{name}" for f, line, mod, name in found if (f, mod) not in ALLOWED]
    assert not bad, "private names used across modules (make them public, named so):\n" + "\n".join(bad)


def test_every_allowance_is_still_needed():
    used = {(f, mod) for f, _line, mod, _name in _project_uses()}
    assert set(ALLOWED) <= used, f"no longer needed: {set(ALLOWED) - used}"


def test_the_walk_finds_each_kind_of_use(tmp_path, monkeypatch):
    """The check itself: an import, a relative import, an attribute of an imported module and of a module
    imported from its package are found; a module's own names, dunders and another object's attributes not."""
    pkg = tmp_path / "core" / "x"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("_hidden = 1\ndef _f():\n    return _hidden\n")
    (pkg / "b.py").write_text(
        "from arbiter_tournament.core.x.a import _f\n"
        "from .a import _hidden\n"
        "from arbiter_tournament.core.x import a\n"
        "import arbiter_tournament.core.x.a as aa\n"
        "print(a._hidden, aa._f(), a.__name__, _f.__doc__)\n"
        "class C:\n    _own = 1\n    def m(self):\n        return self._own\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    got = [(line, name) for _f, line, _m, name in cross_module_private_uses(sorted(pkg.glob("*.py")))]
    assert got == [(1, "_f"), (2, "_hidden"), (5, "_f"), (5, "_hidden")]
