"""The end of the event in the TUI (issue 23.4): the final ranking (F), its lists by table and category, the
prize list and the forms that add prizes and categories, at 80x24, in English and Russian."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from arbiter_tournament.core.store import create, load
from arbiter_tournament.tui.screens.categories import CategoriesScreen
from arbiter_tournament.tui.screens.dialogs import ChoiceScreen, FormScreen
from arbiter_tournament.tui.screens.final import FinalScreen
from arbiter_tournament.tui.screens.prizes import PrizesScreen
from tests.conftest import ROOT
from tests.core.test_final import three_way_round_robin
from tests.tui.pilot import SIZE, make_app, screen_text, sync, until

sys.path.insert(0, str(ROOT / "bench"))


@pytest.fixture(scope="module")
def finished_demo_text() -> str:
    """The demo played to its champion (bench/simulate.py finished): 38 players, 4 tables, a top of 16."""
    from simulate import finished_demo

    from arbiter_tournament.core.store import dumps

    return dumps(finished_demo())


@pytest.fixture
def ended(tmp_path, finished_demo_text) -> Path:
    p = tmp_path / "end.toml"
    p.write_text(finished_demo_text, encoding="utf-8")
    return p


def names_whole(app, path: Path) -> None:
    """Every player name on the screen is shown whole (no '…' in a name)."""
    text = screen_text(app)
    assert "…" not in text, text
    shown = [p.name for p in load(path).players if p.name in text]
    assert shown, text


async def fill(pilot, values: list[str]) -> None:
    """Type each value into the form's next field (Enter moves on; on the last it submits)."""
    for v in values:
        if v:
            await pilot.press(*list(v))
        await pilot.press("enter")
        await pilot.pause()


@sync
async def test_the_final_ranking_of_the_finished_demo_fits_80x24_and_says_every_name_whole(ended):
    app = make_app(ended)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        foot = screen_text(app).splitlines()[-1]
        assert foot.startswith("F final ranking")  # offered first once the event is over
        await pilot.press("F")
        await until(pilot, lambda: isinstance(app.screen, FinalScreen) and app.screen.ranking is not None, "F")
        await pilot.pause()
        text = screen_text(app)
        lines = text.splitlines()
        assert lines[0].startswith(" Final ranking · 38 ranked")
        assert re.search(r"^\s+1\s+2\s+Brown, Irina\s+1\s+5\s+champion", text, re.M), text
        assert re.search(r"^\s+5-8\s+21\s+Pavlov, Sergey\s+4\s+4\s+quarter-final", text, re.M)
        assert re.search(r"^\s+9-16\s+4\s+Kozlova, Elena", text, re.M)
        names_whole(app, ended)
        assert all(len(line) <= 80 for line in lines) and len(lines) == 24
        await pilot.press("T", "T")  # table 1's list, then table 2's: places counted again, the overall place kept
        await pilot.pause()
        text = screen_text(app)
        assert "Final ranking · table 2 · 10 ranked" in text
        assert re.search(r"^\s+1\s+33\s+Ivanov, Peter\s+3.5\s+4\s+third-place match", text, re.M), text
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, FinalScreen)


@sync
async def test_prizes_and_categories_are_entered_in_forms_and_the_prize_list_shows_the_winners(ended):
    app = make_app(ended)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("F")
        await until(pilot, lambda: isinstance(app.screen, FinalScreen), "F")
        await pilot.press("g")  # the categories: a form
        await until(pilot, lambda: isinstance(app.screen, CategoriesScreen), "g")
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, FormScreen)
        await fill(pilot, ["Under 2000", "", "2000", "", "", "", "", "", ""])
        await until(pilot, lambda: load(ended).categories, "the category saved")
        assert load(ended).categories[0].rating_below == 2000
        assert "Under 2000" in screen_text(app) and "rating below 2000" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("p")  # the prize list, from the final ranking
        await until(pilot, lambda: isinstance(app.screen, PrizesScreen), "p")
        for name, amount, category in (("1st", "1000", ""), ("2nd", "500", ""), ("3rd", "250.50", ""),
                                       ("Best U2000", "100", "under 2000")):
            await pilot.press("a")
            await pilot.pause()
            await fill(pilot, [name, amount, category])
            await until(pilot, lambda n=name: n in [p.name for p in load(ended).prizes], f"prize {name}")
        e = load(ended)
        assert [(p.name, str(p.amount), p.category) for p in e.prizes] == [
            ("1st", "1000", ""), ("2nd", "500", ""), ("3rd", "501/2", ""), ("Best U2000", "100", "Under 2000")]
        await until(pilot, lambda: "Brown, Elena (31)" in screen_text(app), "the category prize's winner")
        text = screen_text(app)
        assert re.search(r"1\s+1st\s+1000\s+Brown, Irina \(2\)\s+1\s+1000", text), text
        assert re.search(r"3\s+3rd\s+250.50\s+Morozov, Mikhail \(23\)\s+3\s+250.50", text)
        assert re.search(r"4\s+Best U2000\s+100\s+Brown, Elena \(31\)\s+5-8\s+100", text)
        names_whole(app, ended)
        log = [x.what for x in app.file.history()]
        assert "add category Under 2000" in log and "add prize Best U2000" in log
        await pilot.press("s")  # how tied winners share: the Hort system
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("h")
        await until(pilot, lambda: load(ended).prize_sharing == "hort", "sharing saved")


@sync
async def test_the_lot_is_drawn_from_the_final_ranking_once(tmp_path):
    p = tmp_path / "circle.toml"
    create(p, three_way_round_robin(share=False))
    app = make_app(p)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not app.main.applies("pair")  # every round is played: the footer does not offer p
        assert " p pair" not in screen_text(app).splitlines()[-1]
        await pilot.press("F")
        await until(pilot, lambda: isinstance(app.screen, FinalScreen) and app.screen.ranking is not None, "F")
        await pilot.pause()
        text = screen_text(app)
        assert text.count("lot to be drawn") == 3 and text.count("1-3") == 3
        assert "l draw lots" in text.splitlines()[-1]
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("y")
        await until(pilot, lambda: load(p).lots, "the lot recorded")
        await until(pilot, lambda: screen_text(app).count("by lot") >= 3, "marked by lot")
        lot = load(p).lots[0]
        rows = [ln.split() for ln in screen_text(app).splitlines()[2:6]]
        assert [int(r[1]) for r in rows] == [*lot, 4] and [r[0] for r in rows] == ["1", "2", "3", "4"]
        await pilot.press("l")  # drawn once
        await pilot.pause()
        assert "no tie waits for a lot" in screen_text(app)
        await pilot.press("t")  # the regulations: shared places
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("s")
        await until(pilot, lambda: load(p).share_places, "ties shared")
        await until(pilot, lambda: screen_text(app).count("1-3") == 3, "shared places shown")


@sync
async def test_russian(ended):
    app = make_app(ended, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert screen_text(app).splitlines()[-1].startswith("F итоговые места")
        await pilot.press("F")
        await until(pilot, lambda: isinstance(app.screen, FinalScreen) and app.screen.ranking is not None, "F")
        await pilot.pause()
        text = screen_text(app)
        assert text.splitlines()[0].startswith(" Итоговые места · в списке: 38")
        assert "победитель" in text and "четвертьфинал" in text and "1/8 финала" in text
        names_whole(app, ended)
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, PrizesScreen), "p")
        await pilot.pause()
        assert "Призы" in screen_text(app) and "призов нет: a — добавить" in screen_text(app)


@sync
async def test_the_brackets_places_line_never_cuts_a_name(ended):
    app = make_app(ended)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        text = screen_text(app)
        places = [ln for ln in text.splitlines() if "5-8" in ln or "Final places" in ln]
        assert places and places[-1].rstrip().endswith("… F: the final ranking"), text
        for ln in places:
            for m in re.finditer(r"(\d+(?:-\d+)?) ([^·(]+) \((\d+)\)", ln):
                assert load(ended).player(int(m.group(3))).name == m.group(2).strip(), ln


@sync
async def test_a_team_events_final_ranking_lists_its_teams(tmp_path):
    from tests.core.test_team_event import v6_event

    p = tmp_path / "teams.toml"
    create(p, v6_event())
    app = make_app(p)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("F")
        await until(pilot, lambda: isinstance(app.screen, FinalScreen) and app.screen.ranking is not None, "F")
        await pilot.pause()
        text = screen_text(app)
        assert " Final ranking · 4 ranked" in text and "Team" in text
        rows = [ln.split() for ln in text.splitlines()[2:6]]
        assert [r[2] for r in rows] == ["B", "A", "D", "C"]
        await pilot.press("c")
        await pilot.pause()
        assert "a team event ranks teams" in screen_text(app)
