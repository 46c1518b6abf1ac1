"""arbiter installed beside the other project of that name (issue 39): the public package index's
`arbiter` is another project, whose import package `arbiter` needs `requests`. Installed in one
environment with it, in either order, our command and our imports work, and so do theirs.

The other project is a stand-in made here (an `arbiter` package whose __init__ imports `requests`, as
theirs does; a command `arbiter-other`), never downloaded; both are built and installed offline, as in
tests/durability/conftest.py.
"""

from __future__ import annotations

import os
import subprocess
import tomllib
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.durability.conftest import copy_checkout, build_wheel

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
OURS = next(iter(PYPROJECT["tool"]["setuptools"]["package-dir"])).split(".")[0]  # our import package's name
VERSION = PYPROJECT["project"]["version"]
PLAIN_ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PIP_NO_INDEX": "1"}

STAND_IN = {
    "pyproject.toml": '[build-system]\nrequires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n'
                      '[project]\nname = "arbiter"\nversion = "9.9"\n'
                      '[project.scripts]\narbiter-other = "arbiter.main:main"\n'
                      '[tool.setuptools]\npackages = ["arbiter"]\n',
    "arbiter/__init__.py": "import requests  # the other project's first line: it needs requests\n",
    "arbiter/main.py": "def main():\n    print('the other arbiter')\n",
}


@pytest.fixture(scope="module")
def wheels(tmp_path_factory):
    base = tmp_path_factory.mktemp("clash")
    theirs = base / "theirs"
    for name, text in STAND_IN.items():
        (theirs / name).parent.mkdir(parents=True, exist_ok=True)
        (theirs / name).write_text(text, encoding="utf-8")
    ours = base / "ours"
    ours.mkdir()
    copy_checkout(ours)
    (base / "w1").mkdir()
    (base / "w2").mkdir()
    return build_wheel(ours, base / "w1"), build_wheel(theirs, base / "w2")


def _env(at: Path) -> Path:
    """A new environment whose libraries (textual, rich, tomli-w) are this one's (offline)."""
    import sysconfig

    subprocess.run(["/usr/bin/python3", "-m", "venv", str(at)], check=True, timeout=300)
    site = next(at.glob("lib/python3*/site-packages"))
    (site / "arbiter-tests-offline.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    return at / "bin"


@pytest.mark.parametrize("order", ["theirs first", "ours first"])
def test_arbiter_works_beside_the_other_project_called_arbiter(wheels, tmp_path, order):
    ours, theirs = wheels
    bindir = _env(tmp_path / "env")
    for wheel in ([theirs, ours] if order == "theirs first" else [ours, theirs]):
        subprocess.run([str(bindir / "pip"), "install", "-q", "--no-index", str(wheel)], check=True, env=PLAIN_ENV,
                       timeout=300)
    assert OURS != "arbiter"  # an import name of its own: the other project's cannot shadow it
    done = subprocess.run([str(bindir / "arbiter"), "--version"], cwd=tmp_path, env=PLAIN_ENV, capture_output=True,
                          text=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert done.stdout.startswith("arbiter ")
    done = subprocess.run([str(bindir / "arbiter"), "new", "ev.toml", "--name", "Beside", "--rounds", "3"],
                          cwd=tmp_path, env=PLAIN_ENV, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    py = str(bindir / "python")
    done = subprocess.run([py, "-c", f"import {OURS}.core.event.model, {OURS}.tui.cli; print('ok')"], cwd=tmp_path,
                          env=PLAIN_ENV, capture_output=True, text=True, timeout=60)
    assert done.stdout == "ok\n", done.stderr
    done = subprocess.run([py, "-m", OURS, "--version"], cwd=tmp_path, env=PLAIN_ENV, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("arbiter "), done.stderr
    # and theirs is theirs, untouched by ours: its own package, its own missing library
    done = subprocess.run([py, "-c", "import arbiter"], cwd=tmp_path, env=PLAIN_ENV, capture_output=True, text=True,
                          timeout=60)
    assert "No module named 'requests'" in done.stderr
    assert os.access(bindir / "arbiter-other", os.X_OK)
    # `python -m arbiter`: ours is a namespace portion (arbiter/__main__.py alone) and lands inside their regular
    # package's folder; the regular package is imported first, so without their dependencies it fails with their
    # error, and with them it runs our command after their __init__ (docs/troubleshooting.md says both)
    site = next((tmp_path / "env").glob("lib/python3*/site-packages"))
    assert sorted(p.name for p in (site / "arbiter").glob("*.py")) == ["__init__.py", "__main__.py", "main.py"]
    done = subprocess.run([py, "-m", "arbiter", "--version"], cwd=tmp_path, env=PLAIN_ENV, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 1 and "No module named 'requests'" in done.stderr, done.stderr
    with_requests = tmp_path / "with-requests"  # their dependency present: a stand-in module in the current folder
    with_requests.mkdir()
    (with_requests / "requests.py").write_text("print('their requests')\n", encoding="utf-8")
    done = subprocess.run([py, "-m", "arbiter", "--version"], cwd=with_requests, env=PLAIN_ENV, capture_output=True,
                          text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, f"their requests\narbiter {VERSION}\n", "")
    # uninstalling either takes only its own files: theirs first, then ours is removed; ours first, theirs removed
    gone = "arbiter-tournament" if order == "theirs first" else "arbiter"
    subprocess.run([str(bindir / "pip"), "uninstall", "-q", "-y", gone], check=True, env=PLAIN_ENV, timeout=300)
    if gone == "arbiter-tournament":
        assert sorted(p.name for p in (site / "arbiter").glob("*.py")) == ["__init__.py", "main.py"]
        assert not (bindir / "arbiter").exists() and os.access(bindir / "arbiter-other", os.X_OK)
        done = subprocess.run([py, "-c", "import arbiter"], cwd=with_requests, env=PLAIN_ENV, capture_output=True,
                              text=True, timeout=60)
        assert (done.returncode, done.stdout) == (0, "their requests\n"), done.stderr
    else:
        assert sorted(p.name for p in (site / "arbiter").glob("*.py")) == ["__main__.py"]
        assert not (bindir / "arbiter-other").exists()
        for run in ([py, "-m", "arbiter", "--version"], [str(bindir / "arbiter"), "--version"]):
            done = subprocess.run(run, cwd=tmp_path, env=PLAIN_ENV, capture_output=True, text=True, timeout=60)
            assert (done.returncode, done.stdout, done.stderr) == (0, f"arbiter {VERSION}\n", ""), run


def test_python_m_arbiter_where_the_other_project_is_in_another_folder_of_the_path(wheels, tmp_path):
    """Theirs in another folder of sys.path (a user's site, PYTHONPATH): their regular package still wins, and
    `python -m arbiter` looks for arbiter.__main__ in their folder only; ours stays reachable by its own names."""
    ours, theirs = wheels
    bindir = _env(tmp_path / "env")
    subprocess.run([str(bindir / "pip"), "install", "-q", "--no-index", str(ours)], check=True, env=PLAIN_ENV,
                   timeout=300)
    elsewhere = tmp_path / "elsewhere"
    subprocess.run([str(bindir / "pip"), "install", "-q", "--no-index", "--no-deps", "--target", str(elsewhere),
                    str(theirs)], check=True, env=PLAIN_ENV, timeout=300)
    env = {**PLAIN_ENV, "PYTHONPATH": str(elsewhere)}
    py = str(bindir / "python")
    done = subprocess.run([py, "-m", "arbiter", "--version"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 1 and "No module named 'requests'" in done.stderr, done.stderr
    for run in ([py, "-m", OURS, "--version"], [str(bindir / "arbiter"), "--version"]):
        done = subprocess.run(run, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
        assert (done.returncode, done.stdout, done.stderr) == (0, f"arbiter {VERSION}\n", ""), run


def test_a_stand_in_with_its_own_main_shares_that_one_file(wheels, tmp_path):
    """The one case docs/troubleshooting.md says is not safe: theirs ships arbiter/__main__.py too. pip keeps the
    file installed last, and uninstalling either takes it from both; our command and both imports stay whole."""
    theirs = tmp_path / "theirs"
    for name, text in {**STAND_IN, "arbiter/__init__.py": "", "arbiter/__main__.py": "print('their main')\n"}.items():
        (theirs / name).parent.mkdir(parents=True, exist_ok=True)
        (theirs / name).write_text(text, encoding="utf-8")
    (tmp_path / "w").mkdir()
    their_wheel = build_wheel(theirs, tmp_path / "w")
    ours = wheels[0]
    bindir = _env(tmp_path / "env")
    py = str(bindir / "python")
    for wheel in (their_wheel, ours):
        subprocess.run([str(bindir / "pip"), "install", "-q", "--no-index", str(wheel)], check=True, env=PLAIN_ENV,
                       timeout=300)
    done = subprocess.run([py, "-m", "arbiter", "--version"], cwd=tmp_path, env=PLAIN_ENV, capture_output=True,
                          text=True, timeout=60)
    assert done.stdout == f"arbiter {VERSION}\n", done.stderr  # ours, installed last, wrote over theirs
    subprocess.run([str(bindir / "pip"), "uninstall", "-q", "-y", "arbiter-tournament"], check=True, env=PLAIN_ENV,
                   timeout=300)
    done = subprocess.run([py, "-m", "arbiter"], cwd=tmp_path, env=PLAIN_ENV, capture_output=True, text=True,
                          timeout=60)
    assert "cannot be directly executed" in done.stderr, done.stderr  # gone for both: their reinstall puts it back
    done = subprocess.run([py, "-c", "import arbiter.main; arbiter.main.main()"], cwd=tmp_path, env=PLAIN_ENV,
                          capture_output=True, text=True, timeout=60)
    assert done.stdout == "the other arbiter\n", done.stderr
