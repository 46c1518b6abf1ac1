"""Issue 33, point 4, in the real TUI (tmux at 80x24, both languages): a team event made from the new-event
form (a refused number kept with everything typed, then put right), the event's report details from their
form (a refused federation put right). Keys as a judge types them; the files checked after."""

from __future__ import annotations

import sys
import time
from dataclasses import replace

import pytest

from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.event import commands
from arbiter_tournament.core.store import create, load
from tests.conftest import ROOT
from tests.tui.test_tui_tmux import TMUX, Tmux

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed: the real-terminal test needs it")

WORDS = {
    "en": {"new": "new event", "form": "file", "rounds_bad": "rounds: 'x' is not a number",
           "created": "created", "details": "event details", "details_form": "Event details (the FIDE report)",
           "fed_bad": "federation: 'rus'", "saved": "event details saved", "new_help": "New event: a Swiss",
           "details_help": "The event's report details"},
    "ru": {"new": "новый турнир", "form": "файл", "rounds_bad": "туров: «x» — не число",
           "created": "создан", "details": "данные турнира", "details_form": "Данные турнира (отчёт для ФИДЕ)",
           "fed_bad": "федерация: 'rus'", "saved": "данные турнира сохранены", "new_help": "Новый турнир: швейцарская",
           "details_help": "Данные турнира для отчёта"},
}


def labels(screen: str) -> list[str]:
    """What each line of a dialog holds between its borders."""
    return [line.split("│")[1].strip() for line in screen.splitlines() if line.count("│") >= 2]


def key(t: Tmux, name: str, times: int = 1) -> None:
    for _ in range(times):
        t.run("send-keys", "-t", "judge", name)  # (a burst is fine: Enter moves the focus as it is read)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_new_event_and_details_forms_in_tmux(tmp_path, lang):
    w = WORDS[lang]
    here = tmp_path / "open.toml"
    create(here, replace(commands.new_event("Open", 3, lots_seed=1), language=lang))
    t = Tmux()
    try:
        t.start([sys.executable, "-m", "arbiter_tournament.tui.cli", str(here)], cwd=ROOT, rc_file=tmp_path / "app.rc")
        t.wait(lambda s: "Open" in s.splitlines()[0], "the first screen", 20)
        key(t, "C-p")
        t.keys(w["new"])
        t.wait(lambda s: w["new_help"] in s, "the palette found it")
        key(t, "Enter")
        t.wait(lambda s: w["form"] in labels(s), "the new-event form (its first field, not the palette's line)")
        key(t, "Enter")  # the file: beside the open event
        t.keys("Kazan Teams")
        key(t, "Enter")
        t.keys("x")  # rounds
        key(t, "Enter", 10)  # to the last field, which submits (the system: swiss; the pairing: dutch)
        shown = t.wait(lambda s: w["rounds_bad"] in s, "rounds refused, the form kept")
        assert all(len(x) <= 80 for x in shown.splitlines())  # (the name, scrolled out of the longer form
        # beside the refused field, is seen kept below: the event made is "Kazan Teams")
        t.keys("5")  # the refused field has the focus
        key(t, "Enter", 7)  # tables, top, third, points, tie-breaks, the system, boards
        t.keys("4")  # boards a match
        key(t, "Enter", 3)  # match points, the pairing: submits
        t.wait(lambda s: w["created"] in s and "Kazan Teams" in s.splitlines()[0], "the team event made and open")
        made = load(tmp_path / "new.toml")
        assert made.name == "Kazan Teams" and made.rounds_planned == 5 and team_event.state(made).boards == 4
        key(t, "C-p")
        t.keys(w["details"])
        t.wait(lambda s: w["details_help"] in s, "the palette found it")
        key(t, "Enter")
        t.wait(lambda s: w["details_form"] in s, "the details form")
        key(t, "Enter")  # the name as it is
        t.keys("Kazan")
        key(t, "Enter")
        t.keys("rus")
        key(t, "Enter", 8)  # to the last field (the rate), which submits
        t.wait(lambda s: w["fed_bad"] in s, "the federation refused")
        t.keys("RUS")
        key(t, "Enter", 8)  # to the last field (the rate), which submits
        t.wait(lambda s: w["saved"] in s, "saved")
        key(t, "q")
        end = time.monotonic() + 10
        while t.dead() is None and time.monotonic() < end:
            time.sleep(0.05)
        assert t.dead() == 0, f"the app did not quit cleanly:\n{t.screen()}"
    finally:
        t.kill()
    e = load(tmp_path / "new.toml")
    assert (e.city, e.federation, e.name) == ("Kazan", "RUS", "Kazan Teams")
