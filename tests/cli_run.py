"""The command line driven in-process, as an outside check drives it: `main(argv)` with stdout and
stderr captured and the exit code returned, the environment of a fresh shell (a USER, no SSH).

`run_process` is the same through a real `python -m arbiter_tournament.tui.cli` process, for the few end-to-end tests
that need one (stdout's encoding, a full disk, signals, the console script).
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Iterator

from tests.conftest import ROOT
from arbiter_tournament.tui.cli import main

ENV_KEYS = ("USER", "LOGNAME", "SSH_CLIENT", "SSH_CONNECTION", "LANG", "LC_ALL", "ARBITER_LANG")


@contextlib.contextmanager
def _environment(user: str, cwd: Path | str | None) -> Iterator[None]:
    saved = {k: os.environ.get(k) for k in ENV_KEYS}
    here = os.getcwd()
    for k in ENV_KEYS:
        os.environ.pop(k, None)
    os.environ["USER"] = user
    os.chdir(cwd or ROOT)
    try:
        yield
    finally:
        os.chdir(here)
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def run(*args, cwd=None, user: str = "anna") -> tuple[int, str, str]:
    """`arbiter ARGS` in this process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with _environment(user, cwd), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in args])
    return code, out.getvalue(), err.getvalue()


def run_process(*args, cwd=None, user: str = "anna", env: dict | None = None, **kw) -> subprocess.CompletedProcess:
    """`python -m tui.cli ARGS` in a fresh process (text mode unless told otherwise)."""
    base = {"PYTHONPATH": str(ROOT), "USER": user, "PATH": "/usr/bin:/bin"}
    kw.setdefault("capture_output", True)
    kw.setdefault("text", True)
    return subprocess.run([sys.executable, "-m", "arbiter_tournament.tui.cli", *map(str, args)], cwd=cwd or ROOT,
                          env={**base, **(env or {})}, **kw)


def ok(*args, cwd=None, user: str = "anna") -> str:
    code, out, err = run(*args, cwd=cwd, user=user)
    assert code == 0, (code, out, err)
    return out


def refused(*args, cwd=None, code: int = 2, user: str = "anna") -> str:
    """A user's mistake: exit 2, one line `arbiter: error: ...`, no traceback. Returns the line."""
    got, out, err = run(*args, cwd=cwd, user=user)
    assert got == code, (got, out, err)
    assert err.startswith("arbiter: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err
