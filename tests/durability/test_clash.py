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
