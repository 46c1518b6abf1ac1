"""arbiter installed the venue way (docs/venue.md, "Install arbiter for every login"), once per run.

The command is read from docs/venue.md and run as written, with only its two places changed
(`/opt/arbiter` and `/usr/local/bin` become folders of this run), from a copy of the checkout in a
folder that nobody but its owner can read (`mktemp -d`, mode 700): the install must not depend on
where the checkout lies. Used by test_install.py (the package as a user gets it) and test_venue.py
(two logins running the installed arbiter).

Offline, as a distribution builds a package (issue 39): nothing reaches a package index. The wheel
is built from the copy by this environment's own build tools (`pip wheel --no-build-isolation
--no-index`, setuptools of the test extra), and the command installs that wheel (docs/venue.md: "or a
folder holding its wheel") with `--no-index`; the libraries arbiter needs (textual, rich, tomli-w) are
this environment's, seen by the new environment through a `.pth` line, as a distribution's own
packages would be.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import ROOT

MARKER = "<!-- venue-install: tests/durability/test_install.py runs this command -->"


def venue_command() -> str:
    """The one command of docs/venue.md that installs arbiter for every login."""
    text = (ROOT / "docs" / "venue.md").read_text(encoding="utf-8")
    found = re.search(re.escape(MARKER) + r"\n```sh\n(.+?)\n```", text, re.S)
    assert found, "docs/venue.md has no venue-install command"
    return found.group(1).strip()


@dataclass
class Installed:
    prefix: Path  # the virtual environment (/opt/arbiter at a venue)
    bindir: Path  # where the link is (/usr/local/bin at a venue)
    checkout: Path  # the private copy of the checkout it was installed from

    @property
    def arbiter(self) -> Path:
        return self.bindir / "arbiter"


def offline(command: str, prefix: Path, wheel: Path) -> str:
    """The venue command made to install `wheel` without an index, the libraries it needs taken from
    this environment (a `.pth` line in the new environment, written right after `venv` made it)."""
    assert " -m venv " + str(prefix) in command and "pip install -q ." in command, command
    lib = subprocess.run(["/usr/bin/python3", "-c", "import sys; print('python%d.%d' % sys.version_info[:2])"],
                         capture_output=True, text=True, check=True).stdout.strip()
    pth = prefix / "lib" / lib / "site-packages" / "arbiter-tests-offline.pth"
    ours = sysconfig.get_paths()["purelib"]
    command = command.replace(" -m venv " + str(prefix), f" -m venv {prefix} && echo {ours} > {pth}", 1)
    return command.replace("pip install -q .", f"pip install -q --no-index {wheel}", 1)


def build_wheel(checkout: Path, into: Path) -> Path:
    """The wheel of `checkout`, built by this environment's setuptools without reaching an index."""
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-index",
                           "--no-build-isolation", "-w", str(into), str(checkout)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    wheels = list(into.glob("*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def copy_checkout(into: Path) -> None:
    """Copy the checkout into `into`, without caches, locks, journals, backups or build leftovers."""
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.lock", "*.journal", "*.bak*", "*.who", "*.egg-info")
    for name in ("core", "tui"):
        shutil.copytree(ROOT / name, into / name, ignore=skip)
    (into / "saves").mkdir()
    shutil.copy(ROOT / "saves" / "demo.toml", into / "saves" / "demo.toml")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, into / name)


@pytest.fixture(scope="session")
def venue_install():
    checkout = Path(tempfile.mkdtemp(prefix="arbiter-checkout-"))  # mode 700: only its owner reads it
    base = Path(tempfile.mkdtemp(prefix="arbiter-opt-", dir="/tmp"))
    os.chmod(base, 0o755)
    try:
        copy_checkout(checkout)
        prefix, bindir = base / "arbiter", base / "bin"
        bindir.mkdir()
        command = venue_command().replace("/opt/arbiter", str(prefix)).replace("/usr/local/bin", str(bindir))
        (base / "wheel").mkdir()
        command = offline(command, prefix, build_wheel(checkout, base / "wheel"))
        env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME")}
        env["PIP_NO_INDEX"] = "1"  # and nothing else pip does reaches an index either
        done = subprocess.run(["sh", "-c", command], cwd=checkout, env=env, capture_output=True, text=True,
                              timeout=600)
        assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
        yield Installed(prefix, bindir, checkout)
    finally:
        shutil.rmtree(checkout, ignore_errors=True)
        shutil.rmtree(base, ignore_errors=True)
