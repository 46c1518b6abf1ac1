"""The player form in a real terminal (issue 36, issue 33 point 4): tmux at 80x24, in English and Russian.

The judge opens the players (`P`), adds one (`a`), types "firstname lastname" and takes the rating
lists' candidate (Down, Enter): every detail is filled (name, FIDE id, federation, title, sex, year of
birth, the event's rate's rating) and saved (Ctrl+S); then another by the start of her FIDE id typed in
the FIDE id field; then a title XYZ is refused in the form, which stays open with what was
typed, and saved once corrected. The index is a list in FIDE's layout imported into a private data folder.
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace

import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.ratings.index import Index
from arbiter_tournament.core.ratings.lists import read_fide
from arbiter_tournament.core.store import create, load
from tests.conftest import ROOT
from tests.core.test_ratings import SAMPLE
from tests.tui.test_tui_tmux import TMUX, Tmux

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed: the real-terminal test needs it")

WORDS = {"en": ("Players", "Add player", "in the rating lists", "filled in from", "title 'XYZ' is not one of FIDE's"),
         "ru": ("Участники", "Добавить участника", "в рейтинг-листах", "заполнено из", "звание 'XYZ' не входит")}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_player_form_finds_and_fills_a_player_by_name_and_by_id_in_tmux(tmp_path, monkeypatch, lang):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    lst = tmp_path / "players_list_foa.txt"
    lst.write_text(SAMPLE, encoding="ascii")
    Index().import_list("players_list_foa", "fide", "2026-12-01", str(lst), read_fide(lst))
    e = commands.add_player(commands.new_event("Form Cup", 5), "Adams, Ann", rating=2100)
    e = replace(e, language=lang, rate="rapid")
    path = tmp_path / "cup.toml"
    create(path, e)
    players, add, found, filled, refused = WORDS[lang]
    t = Tmux()

    def key(*names: str) -> None:
        for k in names:
            t.run("send-keys", "-t", "judge", k)

    try:
        t.start([sys.executable, "-m", "arbiter_tournament.tui.cli", str(path)], cwd=ROOT, rc_file=tmp_path / "app.rc")
        t.wait(lambda s: "Adams" in s or "Form Cup" in s, "the first screen")
        t.keys("P")
        t.wait(lambda s: players in s and "Adams, Ann" in s, "the players")
        # by "firstname lastname"
        t.keys("a")
        t.wait(lambda s: add in s, "the player form")
        t.keys("olga exa")
        t.wait(lambda s: found in s and "4100018" in s, "the candidate by name")
        key("Down", "Enter")
        t.wait(lambda s: filled in s and "Example, Olga" in s and "KAZ" in s and "2390" in s, "the form filled")
        key("C-s")
        t.wait(lambda s: add not in s and "Example, Olga" in s, "saved")
        # by the FIDE id, typed in its field (name, rating, club, title, FIDE id)
        t.keys("a")
        t.wait(lambda s: add in s, "the player form again")
        key("Enter", "Enter", "Enter", "Enter")
        t.keys("34999")
        t.wait(lambda s: found in s and "Demo, Aigerim" in s, "the candidate by id")
        key("Down", "Enter")
        t.wait(lambda s: filled in s and "34999001" in s and "WFM" in s, "the form filled by id")
        key("C-s")
        t.wait(lambda s: add not in s and "Demo, Aigerim" in s, "saved again")
        # a refused value keeps the form open with what was typed
        t.keys("a")
        t.wait(lambda s: add in s, "the player form a third time")
        t.keys("Zed")
        key("Enter", "Enter", "Enter")  # to the title
        t.keys("XYZ")
        t.wait(lambda s: "XYZ" in s, "the title typed")
        key("C-s")
        t.wait(lambda s: refused in s and "Zed" in s and add in s, "the refusal in the form, what was typed kept")
        key("C-u")  # the refused field has the focus: its text cleared, the right title typed
        t.keys("wfm")
        t.wait(lambda s: "wfm" in s and "XYZ" not in s.split(refused)[-1], "the title typed again")
        key("C-s")
        t.wait(lambda s: add not in s and "Zed" in s, "saved once corrected")
        t.keys("q")
        end = time.monotonic() + 8
        while t.dead() is None and time.monotonic() < end:
            time.sleep(0.05)
    finally:
        t.kill()
    got = {p.name: p for p in load(path).players}
    olga, demo, zed = got["Example, Olga"], got["Demo, Aigerim"], got["Zed"]
    assert (olga.fide_id, olga.federation, olga.title, olga.sex, olga.birth, olga.rating) == \
        ("4100018", "KAZ", "IM", "f", "1996", 2390)  # the rapid rating: the event's rate
    assert (demo.fide_id, demo.title, demo.rating, demo.birth) == ("34999001", "WFM", 0, "2013")
    assert zed.title == "WFM"
