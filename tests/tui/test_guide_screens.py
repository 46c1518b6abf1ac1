"""The screens of docs/guide.md and docs/guide.ru.md are the real program's (issue 39).

Each `<!-- screen: NAME -->` of a guide is followed by the screen the real arbiter shows at 80x24 in
tmux, on a fresh copy of the demo event, after the keys of `STEPS` (one session per language, the
steps in order, as a judge would go through them). A screen that differs fails with both; after a
deliberate change of the TUI, `ARBITER_GUIDE_UPDATE=1 pytest tests/tui/test_guide_screens.py`
writes the new screens into the guides (then read them: the text around each must still be true).
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.tui.test_tui_tmux import Tmux

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed: the guide's screens "
                                "are taken from the real program in tmux")

GUIDES = {"en": ROOT / "docs" / "guide.md", "ru": ROOT / "docs" / "guide.ru.md"}
MARK = re.compile(r"(<!-- screen: ([a-z-]+) -->\n)(?:\n?```text\n.*?\n```\n)?", re.S)

# (screen, keys typed first, what the screen shows once they took effect: English, Russian, keys after it)
STEPS: list[tuple[str, str, tuple[str, str], str]] = [
    ("main", "", ("Bd  First", "Доска  Первый"), ""),
    ("players", "P", ("Bogdanov, Irina", "Bogdanov, Irina"), "\x1b"),
    ("print", "o", ("crosstable", "сводная таблица"), "\x1b"),
    ("clock", "c", ("Round time (705.3)", "Время тура (705.3)"), "\x1b"),
    ("result", "1", ("board 1:", "доска 1:"), ""),
    ("standings", "s", ("Standings", "Турнирная таблица"), "r"),
    ("preview", "=p", ("Pairing of round 5", "Жеребьёвка тура 5"), "n"),
    ("final", "F", ("Final ranking", "Итоговые места"), "\x1b"),
]


def blocks(text: str) -> dict[str, str]:
    """The screens a guide shows, by name (the text of each ```text block after its mark)."""
    found = {}
    for m in re.finditer(r"<!-- screen: ([a-z-]+) -->\n\n?```text\n(.*?)\n```\n", text, re.S):
        found[m.group(1)] = m.group(2)
    return found


SCROLLBAR = re.compile(r"\s*[▁▂▃▄▅▆▇█▔]$")  # the scrollbar's thumb in the last column: drawn a frame late, or not


def shown(screen: str) -> str:
    """A captured screen as the guide holds it: 24 lines, each without trailing blanks or a scrollbar's thumb."""
    lines = [SCROLLBAR.sub("", line).rstrip() for line in screen.split("\n")][:24]
    return "\n".join(lines + [""] * (24 - len(lines)))


FOLDER = "/srv/events/city"  # where the guide's event is said to be: as long as a mkdtemp folder in /tmp


def take_screens(lang: str, tmp_path: Path) -> dict[str, str]:
    folder = Path(tempfile.mkdtemp(prefix="arb", dir="/tmp"))  # /tmp/arbXXXXXXXX: its length fixed, as FOLDER's
    assert len(str(folder)) == len(FOLDER)
    event = folder / "demo.toml"
    shutil.copy(ROOT / "saves" / "demo.toml", event)
    t = Tmux()
    screens = {}
    try:
        t.start([sys.executable, "-m", "arbiter_tournament.tui.cli", str(event)], cwd=folder, rc_file=tmp_path / f"{lang}.rc")
        t.wait(lambda s: "Bd  First" in s, "the demo on the screen", timeout=30)
        if lang == "ru":
            t.keys("L")
            t.wait(lambda s: "Доска  Первый" in s, "the Russian screen", timeout=15)
        last = ""
        for name, keys, marks, after in STEPS:
            mark = marks[0 if lang == "en" else 1]
            for k in keys:
                t.keys(k)
            screen = t.wait(lambda s: mark in s and s != last, f"{name}: {mark!r}", timeout=30)
            screen = t.wait(lambda s, before=[screen]: _settled(s, before), f"{name} drawn whole", timeout=10)
            screens[name] = shown(screen).replace(str(folder), FOLDER)
            last = screen
            for k in after:
                t.keys(k)
            if after:  # back on the round before the next step's keys (an Esc and a key at once are Alt+key)
                home = "Bd  First" if lang == "en" else "Доска  Первый"
                last = t.wait(lambda s: home in s and s != screen, f"the round after {name}", timeout=15)
        return screens
    finally:
        t.kill()
        shutil.rmtree(folder, ignore_errors=True)


def _settled(screen: str, before: list[str]) -> bool:
    """The same screen four times in a row, 0.05 s apart or more (Textual draws a view in a few frames)."""
    before.append(screen)
    return len(before) >= 4 and len(set(before[-4:])) == 1


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_guides_screens_are_the_programs(lang, tmp_path):
    guide = GUIDES[lang]
    text = guide.read_text(encoding="utf-8")
    marked = [m.group(2) for m in MARK.finditer(text)]
    assert sorted(marked) == sorted(name for name, *_ in STEPS), f"{guide.name}: the screens marked are {marked}"
    screens = take_screens(lang, tmp_path)
    if os.environ.get("ARBITER_GUIDE_UPDATE"):
        new = MARK.sub(lambda m: f"{m.group(1)}\n```text\n{screens[m.group(2)]}\n```\n", text)
        guide.write_text(new, encoding="utf-8")
        text = new
    held = blocks(text)
    for name, screen in screens.items():
        assert held.get(name) == screen, (f"{guide.name}, screen '{name}': the program shows\n{screen}\n"
                                          f"(ARBITER_GUIDE_UPDATE=1 writes it into the guide)")
