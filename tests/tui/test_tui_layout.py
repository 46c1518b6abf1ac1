"""The judge's TUI as Textual means it (issue 22.2): small modules, slow work in workers, no home-made threads.

The import layers (no module of tui/ in a circle) are tests/core/test_layering.py's; here: no module of
the judge's TUI over 500 lines, no thread of its own (Textual's `@work(thread=True)` workers instead,
cancelled by Textual), no global setting of Python's switch interval, no BaseException of its own to
stop a job, and no change asked with callbacks (`run_change(then=, refused=, on_conflict=)`). The web
view (tui/web) and the command line (tui/cli) are other parts, with their own rules.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

TUI = Path(ROOT) / "tui"
MAX_LINES = 500


def judges_tui() -> list[Path]:
    """The modules of the judge's TUI: tui/*.py, tui/screens, tui/widgets."""
    out = sorted(TUI.glob("*.py")) + sorted((TUI / "screens").glob("*.py")) + sorted((TUI / "widgets").glob("*.py"))
    assert len(out) > 30
    return out


def test_no_module_of_the_tui_is_over_500_lines():
    long = {p.relative_to(ROOT).as_posix(): n for p in judges_tui()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, long


def _calls(tree: ast.AST) -> list[str]:
    """Every name called (`threading.Thread`, `sys.setswitchinterval`, `self.run_change` ...), dotted."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            parts, f = [], node.func
            while isinstance(f, ast.Attribute):
                parts.append(f.attr)
                f = f.value
            if isinstance(f, ast.Name):
                parts.append(f.id)
            out.append(".".join(reversed(parts)))
    return out


def test_slow_work_runs_in_textual_workers_not_threads_of_its_own():
    bad = []
    for p in judges_tui():
        tree = ast.parse(p.read_text(encoding="utf-8"), str(p))
        for name in _calls(tree):
            if name.split(".")[-1] in ("Thread", "Timer", "setswitchinterval", "start_new_thread", "run_change"):
                bad.append(f"{p.relative_to(ROOT)}: {name}")
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and any(isinstance(b, ast.Name) and b.id == "BaseException"
                                                      for b in node.bases):
                bad.append(f"{p.relative_to(ROOT)}: class {node.name}(BaseException)")
    assert not bad, bad


def test_the_check_sees_a_thread_of_its_own():
    """The check itself: a module that starts a thread and sets the switch interval is caught."""
    tree = ast.parse("import sys, threading\nthreading.Thread(target=f).start()\nsys.setswitchinterval(0.001)\n")
    names = _calls(tree)
    assert "threading.Thread" in names and "sys.setswitchinterval" in names
