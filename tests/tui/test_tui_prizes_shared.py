"""The TUI's prize list shows shared prizes (issue 32): each player of a shared place under each prize that fell on
it, with his part; the money in all of the highlighted player; a prize not awarded says why; at 80x24, in English
and Russian."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from arbiter_tournament.core.final import changes
from arbiter_tournament.core.knockout import stage as top
from arbiter_tournament.core.store import dumps
from arbiter_tournament.tui.screens.final import FinalScreen
from arbiter_tournament.tui.screens.prizes import PrizesScreen
from tests.final_events import play_top, swiss
from tests.tui.pilot import SIZE, make_app, screen_text, sync, until


@pytest.fixture(scope="module")
def shared_text() -> str:
    """24 players, a top of 16 played to its end (3-4 = 3 and 5; 5-8 = 4, 6, 7, 8); prizes 1000, 600, 400, 301,
    a category prize nobody can have, and a cup."""
    e = play_top(top.start_top(swiss(24, rounds=5, top_size=16)), list(range(1, 25)))
    e = changes.add_category(e, "Juniors", born_from=2010)
    for name, amount, category in (("1st", 1000, ""), ("2nd", 600, ""), ("3rd", 400, ""), ("4th", 301, ""),
                                   ("Best junior", 50, "Juniors"), ("Cup", None, "")):
        e = changes.add_prize(e, name, amount=None if amount is None else Fraction(amount), category=category)
    return dumps(e)


@pytest.fixture
def shared(tmp_path, shared_text) -> Path:
    p = tmp_path / "shared.toml"
    p.write_text(shared_text, encoding="utf-8")
    return p


async def open_prizes(app, pilot) -> None:
    await pilot.pause()
    await pilot.press("F")
    await until(pilot, lambda: isinstance(app.screen, FinalScreen), "F")
    await pilot.press("p")
    await until(pilot, lambda: isinstance(app.screen, PrizesScreen) and app.screen.list is not None, "p")
    await pilot.pause()


@pytest.mark.parametrize("lang, words", [
    ("en", ("not awarded", "its category has no player", "shared by 2 players", "Player 03: 350.50 in all")),
    ("ru", ("не вручается", "в категории нет участников", "делится между 2 участниками",
            "Player 03: всего 350.50")),
])
@sync
async def test_the_prize_list_shows_who_receives_what_from_a_shared_prize(shared, lang, words):
    not_awarded, why, how, in_all = words
    app = make_app(shared, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await open_prizes(app, pilot)
        text = screen_text(app)
        # 3rd (400) and 4th (301) fell on place 3-4: each lists both players with their parts
        assert re.search(r"3\s+3rd\s+400\s+Player 03 \(3\)\s+3-4\s+200\s+Player 05 \(5\)\s+3-4\s+200\s", text), text
        assert re.search(r"4\s+4th\s+301\s+Player 03 \(3\)\s+3-4\s+150.50\s+Player 05 \(5\)\s+3-4\s+150.50", text)
        assert re.search(r"5\s+Best junior\s+50\s+" + not_awarded, text)
        # the cup falls on 5-8 with nothing else: the first of the place in the Swiss order holds it
        assert re.search(r"6\s+Cup\s+Player 06 \(6\)\s+5-8", text), text
        assert all(len(line) <= 80 for line in text.splitlines())
        for _ in range(2):  # the cursor to the 3rd prize: how it is shared, and the player's money in all
            await pilot.press("down")
        await until(pilot, lambda: how in screen_text(app) and in_all in screen_text(app), "the detail line")
        for _ in range(4):
            await pilot.press("down")
        await until(pilot, lambda: why in screen_text(app), "why the junior prize is not awarded")


@pytest.mark.parametrize("lang, asked", [("en", "5-8 (trophies)"), ("ru", "5-8 (кубки)")])
@sync
async def test_the_trophy_lot_is_drawn_from_the_final_ranking_and_the_prize_list_says_so(tmp_path, shared_text,
                                                                                         lang, asked):
    from arbiter_tournament.core.store import load
    from arbiter_tournament.tui.screens.dialogs import ChoiceScreen

    p = tmp_path / "lot.toml"
    p.write_text(shared_text, encoding="utf-8")
    p.write_text(dumps(changes.set_prize_trophies(load(p), "lot")), encoding="utf-8")
    app = make_app(p, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("F")
        await until(pilot, lambda: isinstance(app.screen, FinalScreen) and app.screen.ranking is not None, "F")
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "asked")
        assert asked in screen_text(app)
        await pilot.press("y")
        await until(pilot, lambda: load(p).trophy_lots, "the trophy lot recorded")
        drawn = load(p).trophy_lots[0]
        assert sorted(drawn) == [4, 6, 7, 8]
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, PrizesScreen) and app.screen.list is not None, "p")
        await until(pilot, lambda: re.search(rf"6\s+Cup\s+Player 0{drawn[0]} \({drawn[0]}\)\s+5-8", screen_text(app)),
                    "the cup to the first drawn")


@sync
async def test_t_in_the_prize_list_sets_how_trophies_go(shared):
    from arbiter_tournament.core.store import load
    from arbiter_tournament.tui.screens.dialogs import ChoiceScreen

    app = make_app(shared, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await open_prizes(app, pilot)
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "asked")
        assert "кубки: по жребию" in screen_text(app)
        await pilot.press("l")
        await until(pilot, lambda: load(shared).prize_trophies == "lot", "saved")
        await until(pilot, lambda: "жребий не брошен" in screen_text(app), "the cup waits for its lot")
        assert "trophies at a shared place: by lot" in [x.what for x in app.file.history()]
