"""A team event in the real TUI: tmux at 80x24, both languages (issue 24's "Done when").

A 6-team Swiss of 4 boards after round 1: every team's name is on the round
panel, as a match; `s` shows the team standings with MP and GP; `p` and `y`
pair round 2 (the preview as matches); `1` enters a board and its match's
score follows; `q`. The event file is checked after the app has quit.
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace

import pytest

from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.event.model import points_text
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.pairing.rounds import pair_next
from arbiter_tournament.core.store import create, load
from tests.conftest import ROOT
from tests.core.test_team_event import play, team_event_of
from tests.tui.test_tui_tmux import TMUX, Tmux

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed: the real-terminal test needs it")

TEAMS = ["Rooks", "Knights", "Bishops", "Queens of Kazan", "Pawns", "Дальний Восток"]
WORDS = {  # what the screen says, in each language
    "en": {"match": "Match", "standings": "Team standings · round 1", "complete": "all results in",
           "preview": "Pairing of round 2", "paired": "round 2 paired", "open": "3 matches open, 11 boards missing"},
    "ru": {"match": "Матч", "standings": "Командный зачёт · тур 1", "complete": "все результаты внесены",
           "preview": "Жеребьёвка тура 2", "paired": "тур 2", "open": "не окончено 3 матча, без результата 11 досок"},
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_six_team_swiss_of_four_boards_in_tmux(tmp_path, lang):
    e = team_event_of(TEAMS, 4, per_team=5, rounds=5)
    e = play(pair_next(e), 1, [(1, 1, 1, 1), (0.5, 0.5, 0.5, 0.5), (1, 0, 1, 0)], 4)
    e = replace(e, language=lang)
    path = tmp_path / "cup.toml"
    create(path, e)
    _after, _codes, rows = team_event.standings(e)
    w = WORDS[lang]
    t = Tmux()
    try:
        t.start([sys.executable, "-m", "arbiter_tournament.tui.cli", str(path)], cwd=ROOT, rc_file=tmp_path / "app.rc")
        shown = t.wait(lambda s: w["complete"] in s and f"{w['match']} 3 · " in s, "round 1 as matches", 15)
        for m in team_event.matches(e, e.rounds[-1]):  # every team's name, as a match, with its score
            a, b = m.result.points
            head = f"{w['match']} {m.number} · {m.first_name} {points_text(a)} : {points_text(b)} {m.second_name} · "
            assert head in shown, (head, shown)
        assert all(name in shown for name in TEAMS)
        assert all(len(line) <= 80 for line in shown.splitlines())
        t.keys("s")

        def row_of(screen: str, r) -> list[str]:
            line = next((x for x in screen.splitlines() if f" {r.team}" in x and x.split()[1:2] == [str(r.id)]), "")
            return line.split()[-4:-2]

        want = {r.id: [points_text(r.match_points), points_text(r.game_points)] for r in rows}
        # every team's MP and GP as core has them (a screen caught while it is drawn may show the round's rows)
        shown = t.wait(lambda s: w["standings"] in s and all(row_of(s, r) == want[r.id] for r in rows),
                       "the team standings with every team's MP and GP")
        head = next(line for line in shown.splitlines() if " MP " in line and " GP " in line)
        assert head.split()[3:5] == ["MP", "GP"]
        t.keys("r", "p")
        t.wait(lambda s: w["preview"] in s and f"{w['match']} 1 · " in s, "the preview of round 2 as matches", 30)
        t.keys("y")
        t.wait(lambda s: w["paired"] in s and "0 : 0" in s, "round 2 on the screen", 15)
        t.keys("1")
        t.wait(lambda s: "1 : 0" in s and w["open"] in s, "board 1 entered, its match's score", 15)
        t.keys("q")
        end = time.monotonic() + 10
        while t.dead() is None and time.monotonic() < end:
            time.sleep(0.05)
        assert t.dead() == 0, f"the app did not quit cleanly:\n{t.screen()}"
    finally:
        t.kill()
    after = load(path)
    r2 = after.find_round("swiss", None, 2)
    assert r2.game(1).result is Result.FIRST_WINS and sum(g.result is None for g in r2.games) == 11
    assert len(team_event.matches(after, r2)) == 3
