"""Issue 33, point 2, in the TUI driven by the pilot, in Russian: the two triangles of a 6-team 5-round team
Swiss (three rounds all drawn) finished with `p`: refused with the teams named, `p` again pairs with the
fewest rematches (said in the preview and on saving), rounds 4 and 5 played; then `p` is not in the footer
and the palette says why. An individual Swiss the same way (players by name).
"""

from __future__ import annotations

from dataclasses import replace

from textual.command import CommandPalette

from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.event import commands
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.pairing.rounds import pair_by_hand, pair_next, rematches_in
from arbiter_tournament.core.store import create, load
from arbiter_tournament.core.teams.pairing import rematches_of
from arbiter_tournament.tui import actions
from arbiter_tournament.tui.screens.dialogs import ChoiceScreen
from arbiter_tournament.tui.screens.preview import PreviewScreen
from arbiter_tournament.tui.screens.team_preview import TeamPreviewScreen
from tests.core.test_team_event import team_event_of
from tests.tui.pilot import SIZE, flat, make_app, screen_text, sync, until

TEAMS = ["Ants", "Bees", "Cats", "Dogs", "Eels", "Fish"]


def drawn_rounds(e, n):
    for k in range(1, n + 1):
        e = pair_next(e)
        for g in e.find_round("swiss", None, k).games:
            e = commands.record_result(e, "swiss", None, k, g.board, Result.parse("1/2"))
    return e


async def draw_round(pilot, path, k):
    for n in range(6):
        await pilot.press("equals_sign")
        await until(pilot, lambda n=n: load(path).find_round("swiss", None, k).missing == 5 - n, f"board {n + 1}")


@sync
async def test_the_triangles_finished_in_russian(tmp_path):
    e = drawn_rounds(replace(team_event_of(TEAMS, 2, per_team=2, rounds=5), language="ru"), 3)
    path = tmp_path / "cup.toml"
    create(path, e)
    app = make_app(path, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for k in (4, 5):
            await pilot.press("p")
            await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the refusal")
            text = flat(app)
            assert f"Тур {k} нельзя разбить на пары без повторных встреч" in text
            assert f"жеребьёвка {k}-го тура команд невозможна" in text and "команды '" in text
            assert "p жеребьёвка с наименьшим числом повторных встреч" in text
            await pilot.press("p")
            await until(pilot, lambda: isinstance(app.screen, TeamPreviewScreen), "the preview")
            await pilot.pause()
            text = screen_text(app)
            assert f"Жеребьёвка тура {k}" in text and "уже встречались" in text
            if k == 4:
                assert "повторных встреч: 1" in text
            await pilot.press("y")
            await until(pilot, lambda: len(load(path).rounds) == k and not isinstance(app.screen, TeamPreviewScreen),
                        "saved")
            assert "уже встречались" in screen_text(app).splitlines()[-2]  # said on saving
            await draw_round(pilot, path, k)
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert "p жеребьёвка" not in footer and not footer.startswith("p ")
        assert [k for k, _, _ in actions.footer(app.main)].count("p") == 0
        await pilot.press("ctrl+p")
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
        await pilot.press(*"жеребьёвка")
        await until(pilot, lambda: "уже проведена" in screen_text(app), "why p is not offered")
        assert "жеребьёвка всех туров (5) уже проведена" in screen_text(app)
        await pilot.press("escape")
    e = load(path)
    assert len(rematches_of(e, e.find_round("swiss", None, 4))) == 1
    assert len(team_event.matches(e, e.find_round("swiss", None, 5))) == 3


@sync
async def test_an_individual_swiss_names_the_players_and_pairs_with_the_fewest_rematches(tmp_path):
    e = commands.new_event("Triangles", 5, lots_seed=3)
    e = replace(e, initial_colour="w")
    for i, name in enumerate(["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]):
        e = commands.add_player(e, name, rating=2000 - 10 * i)
    for k, pairs in enumerate([[(1, 4), (2, 5), (3, 6)], [(5, 1), (6, 2), (4, 3)], [(1, 6), (2, 4), (3, 5)]], 1):
        e = pair_by_hand(e, "swiss", None, k, pairs)
        for b in range(1, 4):
            e = commands.record_result(e, "swiss", None, k, b, Result.parse("1/2"))
    path = tmp_path / "open.toml"
    create(path, e)
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the refusal")
        text = flat(app)
        assert "Round 4 cannot be paired without a rematch" in text
        assert any(f"{n} (" in text for n in ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay"))
        await pilot.press("n")  # no: nothing paired
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen) and len(load(path).rounds) == 3
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the refusal again")
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, PreviewScreen), "the preview")
        await pilot.pause()
        text = screen_text(app)
        assert "rematches: 1" in text and "have played each other" in text
        # every board says how it was paired (not the Dutch engine's refusal of the round: it is not its pairing)
        assert "paired with the fewest rematches: the round cannot be paired without" in text
        assert "would not pair" not in text
        for _ in range(3):  # the rematch board says what it is (not "changed by hand": the judge changed nothing)
            assert "would not pair" not in screen_text(app)
            if "a rematch, one of the fewest the round cannot be paired without" in screen_text(app):
                break
            assert "changed by hand" not in screen_text(app)
            await pilot.press("down")
            await pilot.pause()
        assert "a rematch, one of the fewest the round cannot be paired without" in screen_text(app)
        await pilot.press("e")  # why these pairings: the fewest rematches and each rematch, not the engine's refusal
        await until(pilot, lambda: "Why these pairings (round 4)" in screen_text(app), "the explanation")
        text = flat(app)
        assert "paired with the fewest rematches" in text and "have played each other" in text
        assert "would not pair" not in text
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, PreviewScreen), "the preview again")
        await pilot.press("y")
        await until(pilot, lambda: len(load(path).rounds) == 4, "saved")
    e = load(path)
    assert len(rematches_in(e, e.find_round("swiss", None, 4))) == 1
