"""The packages that give their names when first asked for (core/lazy.py): every name they list is there, the
same object as its module's, and asking for one loads its module alone (a fresh interpreter each)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

PACKAGES = ("arbiter_tournament.core.commands", "arbiter_tournament.core.tiebreaks", "arbiter_tournament.core.knockout", "arbiter_tournament.core.teams")


def _run(code: str) -> str:
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


@pytest.mark.parametrize("package", PACKAGES)
def test_every_listed_name_is_its_modules_own(package):
    out = _run(f"""
        import importlib
        p = importlib.import_module({package!r})
        bad = [n for n in p.__all__ if getattr(p, n) is None]
        print("names", len(p.__all__), "missing", bad, "in dir", set(p.__all__) <= set(dir(p)))
    """)
    assert "missing []" in out and "in dir True" in out, out


def test_a_name_loads_its_module_alone():
    out = _run("""
        import sys
        from arbiter_tournament.core.teams import is_team_event
        from arbiter_tournament.core.knockout import IllegalChange
        from arbiter_tournament.core.commands import RecordResult
        heavy = ["arbiter_tournament.core.teams.pairing", "arbiter_tournament.core.teams.team_standings", "arbiter_tournament.core.tiebreaks.team",
                 "arbiter_tournament.core.knockout.seeding", "arbiter_tournament.core.knockout.bracket", "arbiter_tournament.core.swiss",
                 "arbiter_tournament.core.commands.pairing"]
        print("loaded", [m for m in heavy if m in sys.modules])
    """)
    assert "loaded []" in out, out


def test_teams_matches_is_the_function_whichever_is_loaded_first():
    """`matches` is a function of core.teams (round_matches) and the name of one of its modules: the package
    binds the function, and loading the module afterwards does not take its place."""
    out = _run("""
        import sys, types
        import arbiter_tournament.core.teams as t
        import arbiter_tournament.core.teams.matches
        import arbiter_tournament.core.teams.pairing
        from arbiter_tournament.core.teams import matches
        m = sys.modules["arbiter_tournament.core.teams.matches"]
        print(callable(t.matches) and not isinstance(t.matches, types.ModuleType), matches is t.matches, m.__name__)
    """)
    assert out.split() == ["True", "True", "arbiter_tournament.core.teams.matches"], out
