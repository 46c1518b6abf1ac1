"""The main screen's parts and the App handle as the type checker sees them (issue 38.3).

Each part of `MainScreen` (results.py, pairing.py, top.py, by_hand.py, clock.py, printing.py,
navigation.py) subclasses `MainScreenPart` for the type checker (tui/screens/main_host.py): what it may
use of the screen is declared there, and the App is `ArbiterHost` (tui/host.py). Here: a part that
reaches for another part's method not declared there, or uses a declared one or the App with a wrong
type, is a mypy error (what CI's mypy step would refuse); at run time `MainScreenPart` is `object`, so
the screen's classes are the plain mixins they were, and every member it declares is the screen's.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

from arbiter_tournament.tui.screens import main_host
from arbiter_tournament.tui.screens.main import MainScreen

PART = '''
from arbiter_tournament.tui.screens.main_host import MainScreenPart


class Part(MainScreenPart):
    def action_x(self) -> None:
        self.sync()  # declared: fine
        self.round_panel.cursor_to_first_missing()  # declared: fine
        self.say(self.arb.lang)  # ArbiterScreen's and the App's: fine
        self.explain_player(3)  # navigation.py's, not declared: an error
        self.pair_table(None, note=3)  # declared, a wrong type: an error
        self.arb.lang = 5  # the App's language is a str: an error
'''


def test_a_part_sees_only_what_main_host_declares(tmp_path):
    part = tmp_path / "part.py"
    part.write_text(PART)
    run = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache"), str(part)],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    ours = sorted(line.split(":", 1)[1] for line in run.stdout.splitlines() if line.startswith(str(part) + ":"))
    lines = PART.splitlines()
    assert [int(x.split(":", 1)[0]) for x in ours] == [i for i, t in enumerate(lines, 1) if "an error" in t], run.stdout
    assert '"Part" has no attribute "explain_player"' in ours[0]
    assert 'Argument "note" to "pair_table"' in ours[1]
    assert 'expression has type "int", variable has type "str"' in ours[2]


def _declared() -> list[str]:
    """The names `MainScreenPart` declares (its class is the type checker's only: read from the source)."""
    tree = ast.parse(Path(main_host.__file__).read_text(encoding="utf-8"))
    cls = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == "MainScreenPart")
    out = [n.name for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    out += [n.target.id for n in cls.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)]
    return out


def test_at_run_time_the_parts_are_plain_mixins_and_the_screen_has_every_declared_member():
    assert main_host.MainScreenPart is object
    bases = [c.__name__ for c in MainScreen.__mro__]
    assert bases[:9] == ["MainScreen", "ResultEntry", "Pairing", "TopStart", "HandPairing", "ClockKeys", "Printing",
                         "Navigation", "ArbiterScreen"]
    declared = _declared()
    assert {"round_panel", "sync", "action_view", "goto", "action_prefix", "enter_result", "pair_table",
            "clock_adjust", "view"} <= set(declared)
    screen = MainScreen()  # (not mounted: `view` is set in __init__)
    missing = [name for name in declared if not hasattr(MainScreen, name) and name not in vars(screen)]
    assert not missing
