"""Issue 33, point 2, in the real TUI (tmux at 80x24, both languages): a team Swiss of 6 teams and 5 rounds
whose first three rounds, all drawn, leave the unplayed pairs as two triangles is finished from the TUI
alone. Rounds 1-3: `p`, `y`, six `=`. Round 4: `p` is refused with the teams named, `p` again pairs with
the fewest rematches (exactly one, tests/core/test_fewest_rematches.py), `y` saves it; round 5 the same;
then the footer no longer offers `p`. The file is checked after the app has quit.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import replace

import pytest

from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.store import create, load
from arbiter_tournament.core.teams.pairing import rematches_of
from tests.conftest import ROOT
from tests.core.test_team_event import team_event_of
from tests.tui.test_tui_tmux import TMUX, Tmux

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed: the real-terminal test needs it")

TEAMS = ["Ants", "Bees", "Cats", "Dogs", "Eels", "Fish"]
WORDS = {
    "en": {"preview": "Pairing of round {k}", "complete": "all results in", "refused": "Round {k} cannot be paired",
           "teams": "teams '", "fewest": "rematches: 1", "met": "have met before", "pair": "p pair",
           "field": "6 teams, 5 rounds: rematch-free pairing sure only to round 3 (7 needed)"},
    "ru": {"preview": "Жеребьёвка тура {k}", "complete": "все результаты внесены",
           "refused": "Тур {k} нельзя разбить", "teams": "команды '", "fewest": "повторных встреч: 1",
           "met": "уже встречались", "pair": "p жеребьёвка",
           "field": "6 команд, 5 туров: без повторных встреч — только до 3-го тура (нужно 7)"},
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_six_teams_five_rounds_two_triangles_finished_in_the_tui(tmp_path, lang):
    e = replace(team_event_of(TEAMS, 2, per_team=2, rounds=5), language=lang)
    path = tmp_path / "cup.toml"
    create(path, e)
    w = WORDS[lang]
    t = Tmux()
    try:
        t.start([sys.executable, "-m", "arbiter_tournament.tui.cli", str(path)], cwd=ROOT, rc_file=tmp_path / "app.rc")
        t.wait(lambda s: w["pair"] in s, "the first screen, p offered", 20)

        def draws(k: int) -> None:
            for n in range(6):
                t.keys("=")
                t.wait(lambda s, n=n: load(path).find_round("swiss", None, k).missing == 5 - n,
                       f"board {n + 1} of round {k} drawn", 15)
            t.wait(lambda s: w["complete"] in s, f"round {k} complete", 15)

        for k in (1, 2, 3):
            t.keys("p")
            shown = t.wait(lambda s, k=k: w["preview"].format(k=k) in s, f"the preview of round {k}", 30)
            if k == 1:  # the field is too small for 5 rounds to be sure without a rematch: said
                assert w["field"] in shown
            t.keys("y")
            t.wait(lambda s, k=k: len(load(path).rounds) == k and w["preview"].format(k=k) not in s,
                   f"round {k} saved", 15)
            draws(k)
        for k in (4, 5):
            t.keys("p")
            shown = t.wait(lambda s, k=k: w["refused"].format(k=k) in s, f"round {k} refused", 30)
            assert w["teams"] in shown and all(len(x) <= 80 for x in shown.splitlines())
            t.keys("p")
            shown = t.wait(lambda s, k=k: w["preview"].format(k=k) in s and w["met"] in s,
                           f"round {k} with the fewest rematches", 30)
            if k == 4:
                assert w["fewest"] in shown  # the two triangles: exactly one rematch (hand-checked)
            t.keys("y")
            t.wait(lambda s, k=k: len(load(path).rounds) == k and w["preview"].format(k=k) not in s,
                   f"round {k} saved", 15)
            draws(k)
        shown = t.wait(lambda s: w["complete"] in s and "5/5" in s, "the last round complete")
        assert w["pair"] not in shown.splitlines()[-1]  # every round paired: no p in the footer
        t.keys("q")
        end = time.monotonic() + 10
        while t.dead() is None and time.monotonic() < end:
            time.sleep(0.05)
        assert t.dead() == 0, f"the app did not quit cleanly:\n{t.screen()}"
    finally:
        t.kill()
    e = load(path)
    assert [r.number for r in e.rounds] == [1, 2, 3, 4, 5] and all(not r.missing for r in e.rounds)
    assert rematches_of(e, e.find_round("swiss", None, 4))[0][1:3] in {(a, b) for a in TEAMS for b in TEAMS}
    assert len(rematches_of(e, e.find_round("swiss", None, 4))) == 1
    assert len(rematches_of(e, e.find_round("swiss", None, 5))) >= 1
    assert len(team_event.matches(e, e.find_round("swiss", None, 5))) == 3
    said = [json.loads(x)["what"] for x in (tmp_path / "cup.toml.journal").read_text().splitlines()]
    fewest = [x for x in said if "with the fewest rematches" in x]
    assert [x.split(":")[0] for x in fewest] == ["pair round 4 with the fewest rematches",
                                                 "pair round 5 with the fewest rematches"]
