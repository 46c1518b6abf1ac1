"""arbiter installed the venue way (docs/venue.md, "Install arbiter for every login"), once per run.

The command is read from docs/venue.md and run as written, with only its two places changed
(`/opt/arbiter` and `/usr/local/bin` become folders of this run), from a copy of the checkout in a
folder that nobody but its owner can read (`mktemp -d`, mode 700): the install must not depend on
where the checkout lies. Used by test_install.py (the package as a user gets it) and test_venue.py
(two logins running the installed arbiter).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
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


def _copy_checkout(into: Path) -> None:
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
        _copy_checkout(checkout)
        prefix, bindir = base / "arbiter", base / "bin"
        bindir.mkdir()
        command = venue_command().replace("/opt/arbiter", str(prefix)).replace("/usr/local/bin", str(bindir))
        env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME")}
        done = subprocess.run(["sh", "-c", command], cwd=checkout, env=env, capture_output=True, text=True,
                              timeout=600)
        assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
        yield Installed(prefix, bindir, checkout)
    finally:
        shutil.rmtree(checkout, ignore_errors=True)
        shutil.rmtree(base, ignore_errors=True)
