import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT


def test_core_imports_no_textual_and_no_rich():
    modules = [f"core.{p.stem}" for p in (ROOT / "core").glob("*.py") if p.stem != "__init__"]
    modules += [f"core.{p.parent.name}" for p in (ROOT / "core").glob("*/__init__.py")]
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'tui')]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_no_core_module_mentions_textual():
    for p in Path(ROOT, "core").rglob("*.py"):
        text = p.read_text()
        assert "import textual" not in text and "from textual" not in text, p
