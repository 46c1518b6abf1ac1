"""The ':' line by player (issue 27.3): `#24 1`, `Brown 0`, a question when a name is several players', the
completion of a name, the board chosen said; in both languages. The real program in tmux: test_tui_tmux.py."""

from arbiter_tournament.core.event.results import Result
from arbiter_tournament.tui.screens.dialogs import ChoiceScreen, LineScreen

from tests.tui.pilot import SIZE, flat, game, make_app, screen_text, sync, type_line, until

# the demo, round 4 of table 1 (README): board 1 Volkov, Olga (22) - Orlov, Laura (24); board 2 Orlov, Pavel (25) -
# Brown, Maria (28), both without a result; board 3 Smirnova, Emma (10) 1-0 Ivanov, Tatiana (2); board 4
# Morozov, Alexei (23) 1-0 Ivanov, Dmitry (18)


@sync
async def test_a_result_by_player_id_or_name_finds_the_board_and_says_it(demo):
    app = make_app(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_line(pilot, "#24 1", typed=True)  # Orlov, Laura is second on board 1 and won
        assert game(demo, 1).result is Result.SECOND_WINS
        assert "#24 → board 1: Volkov, Olga (22)" in flat(app)
        await type_line(pilot, "brown 0")  # Brown, Maria is second on board 2 and lost
        assert game(demo, 2).result is Result.FIRST_WINS
        assert "#28 → board 2:" in flat(app)
        assert game(demo, 2).by.startswith("judge1@")


@sync
async def test_a_name_of_several_players_asks_which_one(demo):
    app = make_app(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_line(pilot, "Orlov =")
        assert isinstance(app.screen, ChoiceScreen)
        text = flat(app)
        assert "Which player?" in text and "Several players of this round match 'Orlov'" in text
        assert "Orlov, Laura (24), board 1, against Volkov, Olga" in text
        assert "Orlov, Pavel (25), board 2, against Brown, Maria" in text
        await pilot.press("2")
        await pilot.pause()
        assert game(demo, 2).result is Result.DRAW and game(demo, 1).result is None
        assert "#25 → board 2:" in flat(app)
        await type_line(pilot, "Orlov 1")
        await pilot.press("n")  # cancel: nothing written
        await pilot.pause()
        assert game(demo, 1).result is None
        await type_line(pilot, "Ivanov")  # a name alone: go to the board
        await pilot.press("2")
        await pilot.pause()
        assert app.main.selected_board() == 4
        assert "#18 → board 4" in flat(app)


@sync
async def test_the_line_completes_a_name_and_names_the_players_it_means(demo):
    app = make_app(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("colon")
        await pilot.pause()
        line = app.screen
        assert isinstance(line, LineScreen)
        await pilot.press("V", "o", "l")
        await until(pilot, lambda: "Volkov, Olga (22) board 1" in screen_text(app), "the players the line means")
        await pilot.pause(0.1)  # the completion is worked out in a worker
        await pilot.press("tab")
        field = line.query_one("#line-input")
        await until(pilot, lambda: field.value == "Volkov, Olga", "the completion taken")
        await pilot.press("space", "0")
        await pilot.press("enter")
        await pilot.pause()
        assert game(demo, 1).result is Result.SECOND_WINS  # Volkov, Olga is first on board 1 and lost


@sync
async def test_what_is_refused_is_said(demo):
    app = make_app(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_line(pilot, "Zed 1")
        assert "no player matches 'Zed'" in flat(app)
        await type_line(pilot, "#24 2")
        assert "'2' is not a player's score" in flat(app)
        assert game(demo, 1).result is None and game(demo, 2).result is None
        outside = next(p for p in app.event.players if p.table == 2)
        await type_line(pilot, "r3")  # a past round shown: only its boards are looked at
        await type_line(pilot, f"#{outside.id} 1")
        assert f"({outside.id}) has no board in round 3 of table 1" in flat(app)


@sync
async def test_a_player_of_another_table_is_found_on_its_current_round(demo):
    app = make_app(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        rnd = app.event.find_round("swiss", 2, 4)
        g = next(g for g in rnd.games if g.result is None and g.second is not None)
        await type_line(pilot, f"#{g.second} 1")  # shown: table 1; the player plays on table 2
        assert game(demo, g.board, table=2).result is Result.SECOND_WINS
        assert app.main.table == 2 and app.main.shown_round().key == ("swiss", 2, 4)
        assert f"#{g.second} → table 2 · board {g.board}:" in flat(app)


@sync
async def test_by_player_in_russian(demo):
    app = make_app(demo, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_line(pilot, "Orlov 0")
        text = flat(app)
        assert "Какой участник?" in text and "Orlov, Laura (24), доска 1, против Volkov, Olga" in text
        await pilot.press("1")
        await pilot.pause()
        assert game(demo, 1).result is Result.FIRST_WINS  # Orlov, Laura is second on board 1 and lost
        assert "#24 → доска 1:" in flat(app)
        await type_line(pilot, "Zed 1")
        assert "нет участника, подходящего под 'Zed'" in flat(app)
        await type_line(pilot, "№28 =")  # Shift+3 on a Russian keyboard
        assert game(demo, 2).result is Result.DRAW and "#28 → доска 2:" in flat(app)
