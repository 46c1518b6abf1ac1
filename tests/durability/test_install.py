"""The package as a user gets it (issue 21): installed the venue way from a private copy of the
checkout (tests/durability/conftest.py), run from another folder, as root and as another login."""

from __future__ import annotations

import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from arbiter_tournament.tui.cli import demo
from tests.conftest import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
VERSION = PYPROJECT["project"]["version"]
PLAIN_ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}


def test_every_folder_of_core_and_tui_is_a_package_of_the_distribution():
    folders = {"arbiter_tournament." + ".".join(p.parent.relative_to(ROOT).parts)
               for top in ("core", "tui") for p in (ROOT / top).rglob("__init__.py")
               if p.parent != ROOT / "tui" / "package"}  # the root package itself: arbiter_tournament
    setuptools = PYPROJECT["tool"]["setuptools"]
    assert set(setuptools["packages"]) == folders | {"arbiter_tournament", "arbiter_tournament.saves", "arbiter"}
    assert setuptools["package-dir"] == {"arbiter_tournament": "tui/package", "arbiter_tournament.core": "core", "arbiter_tournament.tui": "tui", "arbiter_tournament.saves": "saves", "arbiter": "tui/alias"}
    # `python -m arbiter`: a namespace portion of one file, never a regular package (no __init__.py), so that the
    # other project's regular package `arbiter` wins over it (tests/durability/test_clash.py)
    assert sorted(p.name for p in (ROOT / "tui" / "alias").iterdir() if p.name != "__pycache__") == ["__main__.py"]
    assert PYPROJECT["project"]["name"] == "arbiter-tournament"
    assert PYPROJECT["project"]["scripts"] == {"arbiter": "arbiter_tournament.tui.cli:main"}
    assert "textual>=8.2.8,<9" in PYPROJECT["project"]["dependencies"]  # a range: other Textual apps fit beside


def test_the_installed_files_hold_the_licence_and_the_demo_and_no_top_level_core_or_tui(venue_install):
    records = list(venue_install.prefix.glob("lib/python3*/site-packages/arbiter_tournament-*.dist-info/RECORD"))
    assert len(records) == 1, records
    names = [line.split(",")[0] for line in records[0].read_text(encoding="utf-8").splitlines()]
    tops = {n.split("/")[0] for n in names if not n.startswith("../")}  # ../../../bin/arbiter: the script
    assert tops == {"arbiter_tournament", "arbiter", records[0].parent.name}
    assert [n for n in names if n.startswith("arbiter/") and "__pycache__" not in n] == ["arbiter/__main__.py"]  # no __init__
    site = records[0].parent.parent
    assert not (site / "core").exists() and not (site / "tui").exists()
    assert f"{records[0].parent.name}/licenses/LICENSE" in names
    assert "MIT License" in (records[0].parent / "licenses" / "LICENSE").read_text(encoding="utf-8")
    assert "arbiter_tournament/saves/demo.toml" in names and "arbiter_tournament/tui/app.tcss" in names
    assert (site / "arbiter_tournament" / "saves" / "demo.toml").read_bytes() == (ROOT / "saves" / "demo.toml").read_bytes()
    assert not list(site.glob("__editable__*"))  # a real install, not a link to the checkout


def test_version_answers_from_another_folder(venue_install, tmp_path):
    for flag in ("--version", "-V"):
        done = subprocess.run([str(venue_install.arbiter), flag], cwd=tmp_path, env=PLAIN_ENV, capture_output=True,
                              text=True, timeout=60)
        assert (done.returncode, done.stdout, done.stderr) == (0, f"arbiter {VERSION}\n", "")
    python = str(venue_install.prefix / "bin" / "python")
    for module in ("arbiter", "arbiter_tournament"):  # `python -m arbiter` and `python -m arbiter_tournament`
        done = subprocess.run([python, "-m", module, "--version"], cwd=tmp_path, env=PLAIN_ENV, capture_output=True,
                              text=True, timeout=60)
        assert (done.returncode, done.stdout, done.stderr) == (0, f"arbiter {VERSION}\n", ""), module


def test_the_installed_arbiter_runs_commands_from_another_folder(venue_install, tmp_path):
    env = {**PLAIN_ENV, "HOME": str(tmp_path)}
    run = [str(venue_install.arbiter)]
    done = subprocess.run(run + ["new", "ev.toml", "--name", "Installed Open", "--rounds", "3"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    for name in ("Ann", "Bob"):
        subprocess.run(run + ["players", "add", "ev.toml", name], cwd=tmp_path, env=env, check=True, timeout=60)
    done = subprocess.run(run + ["pair", "ev.toml"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "Ann" in done.stdout and "Bob" in done.stdout, done.stderr


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed: the real-terminal test needs it")
def test_arbiter_alone_opens_a_copy_of_the_demo_at_80x24(venue_install, tmp_path):
    from tests.tui.test_tui_tmux import Tmux

    home = tmp_path / "home"
    home.mkdir()
    t = Tmux()
    try:
        t.start(["PATH=/usr/bin:/bin", f"HOME={home}", str(venue_install.arbiter)], cwd=tmp_path,
                rc_file=tmp_path / "app.rc")
        screen = t.wait(lambda s: "Demo Open" in s and "round" in s, "the demo event on the screen", timeout=30)
        assert len(screen.splitlines()) <= 24 and all(len(line) <= 80 for line in screen.splitlines())
        copy = home / ".local" / "share" / "arbiter" / "demo.toml"
        assert copy.read_bytes() == (ROOT / "saves" / "demo.toml").read_bytes()
        t.keys("q")
        end = t.wait(lambda s: t.dead() is not None, "arbiter to quit on q", timeout=15)
        assert t.dead() == 0, end
    finally:
        t.kill()


def test_the_demo_is_copied_once_and_the_judges_copy_kept(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = Path(demo.copy())
    assert path == tmp_path / "data" / "arbiter" / "demo.toml"
    assert path.read_bytes() == demo.installed().read_bytes() == (ROOT / "saves" / "demo.toml").read_bytes()
    assert f"the demo event is copied to {path}" in capsys.readouterr().err
    path.write_text(path.read_text(encoding="utf-8").replace("Demo Open", "My Demo"), encoding="utf-8")
    assert Path(demo.copy()) == path and "My Demo" in path.read_text(encoding="utf-8")  # kept, not copied over
    assert capsys.readouterr().err == ""
    path.unlink()
    demo.copy()
    assert "Demo Open" in path.read_text(encoding="utf-8")  # removed: the demo afresh


def test_a_demo_that_cannot_be_copied_is_one_line_and_exit_2(tmp_path, monkeypatch):
    from tests.cli_run import run

    (tmp_path / "ro").mkdir()
    (tmp_path / "ro" / "arbiter").write_text("a file where the folder should be", encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "ro"))
    code, out, err = run()
    assert code == 2 and out == ""
    assert err.startswith(f"arbiter: error: {tmp_path / 'ro' / 'arbiter' / 'demo.toml'}: cannot copy the demo event here")
    assert err.count("\n") == 1


def test_the_readmes_day_at_the_venue_runs_as_written_after_a_plain_install(venue_install, tmp_path):
    """README.md's "At the venue" lines, run by a shell in a home with nothing in it (but the entries'
    CSV its import names), with the installed arbiter: every line but the two that stay on the screen
    (the TUI and the web view) ends with 0."""
    import re
    import shlex

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## At the venue\n(.*?)\n## ", text, re.S).group(1)
    lines = [line.strip() for line in block.splitlines() if line.startswith("    ")]
    assert lines and lines[0].startswith("mkdir -p ~/events")
    stays = [line for line in lines if shlex.split(line, comments=True)[:1] == ["arbiter"]
             and (len(shlex.split(line, comments=True)) == 2 or "--serve" in line)]
    assert len(stays) == 2, stays  # `arbiter open.toml` and the web view
    home = tmp_path / "home"
    (home / "events").mkdir(parents=True)  # the CSV a federation sent, where the import looks for it
    rows = ["name,rating,club"] + [f"\"Player{i:02d}, Test\",{2400 - 10 * i},Club{i % 4}" for i in range(30)]
    (home / "events" / "entries.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    script = "set -e\n" + "\n".join(line for line in lines if line not in stays) + "\n"
    env = {**PLAIN_ENV, "HOME": str(home), "PATH": f"{venue_install.bindir}:/usr/bin:/bin"}
    done = subprocess.run(["sh", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (home / "events" / "open.toml").is_file() and (home / "events" / "open.trf").is_file()
    assert "Ivanov, Ivan" in (home / "events" / "open.toml").read_text(encoding="utf-8")


def test_every_library_the_code_imports_is_declared_with_a_range():
    """A packager's first check (issue 39): each library core/ and tui/ import by name (not the standard
    library's, not arbiter's own) is a dependency of the distribution, with a lower and an upper bound."""
    import ast
    import re
    import sys

    dist_of = {"tomli_w": "tomli-w"}  # an import name that is not its distribution's
    imported = set()
    for top in ("core", "tui"):
        for path in (ROOT / top).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    imported |= {a.name.split(".")[0] for a in node.names}
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    imported.add(node.module.split(".")[0])
    ours = {name.split(".")[0] for name in PYPROJECT["tool"]["setuptools"]["package-dir"]}
    libraries = {m for m in imported - ours - set(sys.stdlib_module_names) if m not in ("core", "tui")}
    declared = {re.split(r"[<>=!~ \[;]", d, maxsplit=1)[0].lower(): d for d in PYPROJECT["project"]["dependencies"]}
    for module in sorted(libraries):
        name = dist_of.get(module, module).lower()
        assert name in declared, f"{module} is imported by arbiter but not declared in pyproject's dependencies"
        assert ">=" in declared[name] and "<" in declared[name].replace("<=", "<"), declared[name]


def test_the_metadata_says_what_a_packager_needs(venue_install):
    meta = next(venue_install.prefix.glob("lib/python3*/site-packages/arbiter_tournament-*.dist-info/METADATA"))
    text = meta.read_text(encoding="utf-8")
    for line in ("Classifier: Operating System :: POSIX", "Classifier: Programming Language :: Python :: 3.11",
                 "Classifier: Topic :: Games/Entertainment :: Board Games", "License-Expression: MIT",
                 "Requires-Python: >=3.11"):
        assert line in text.splitlines(), line
    assert any(line.startswith("Project-URL: ") for line in text.splitlines())
    assert any(line.startswith("Author: ") for line in text.splitlines())
