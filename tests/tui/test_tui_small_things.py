"""The judge's small things (issue 27.5) in the TUI: the clock's typed minutes, one player to another table before
round 1, the top's seeding chosen in its preview."""

from datetime import datetime, timedelta

from arbiter.core.store import load
from arbiter.tui.screens.dialogs import ChoiceScreen, LineScreen

from tests.tui.pilot import SIZE, FrozenClock, flat, make_app, screen_text, sync


async def _typed(pilot, text: str) -> None:
    await pilot.pause()
    assert isinstance(pilot.app.screen, LineScreen), screen_text(pilot.app)
    pilot.app.screen.query_one("#line-input").value = text
    await pilot.press("enter")
    await pilot.pause()


@sync
async def test_the_clock_takes_typed_minutes_within_the_rule(demo):
    clock = FrozenClock()
    app = make_app(demo, clock=clock, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and "start typed minutes (45-70)" in flat(app)
        await pilot.press("m")
        await pilot.pause()
        assert "minutes of the round (45 to 70, 705.3)" in flat(app)
        await _typed(pilot, "60")
        rnd = load(demo).find_round("swiss", 1, 4)
        assert datetime.fromisoformat(rnd.clock_deadline) == clock.t + timedelta(minutes=60)
        app.main.tick()
        assert "time 1:00:00" in screen_text(app)
        before = demo.read_bytes()
        await pilot.press("c", "m")
        await _typed(pilot, "90")
        assert "the round's time is 45 to 70 minutes (705.3), not 90" in flat(app)
        await pilot.press("c", "m")
        await _typed(pilot, "an hour")
        assert "'an hour': type the minutes, 45 to 70" in flat(app)
        assert demo.read_bytes() == before
        clock.t += timedelta(minutes=5)
        await pilot.press("c", "m")
        await _typed(pilot, "50")  # over a running clock: asked first
        assert "The clock is running: 55:00 left. Start 50 minutes again from now?" in flat(app)
        await pilot.press("y")
        await pilot.pause()
        rnd = load(demo).find_round("swiss", 1, 4)
        assert datetime.fromisoformat(rnd.clock_deadline) == clock.t + timedelta(minutes=50)
        assert "round clock: 50 minutes" in flat(app)


@sync
async def test_the_clocks_typed_minutes_in_russian(demo):
    clock = FrozenClock()
    app = make_app(demo, clock=clock, poll_interval=0, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert "старт: ввести минуты (45-70)" in flat(app)
        await pilot.press("m")
        await pilot.pause()
        assert "минут на тур (от 45 до 70, 705.3)" in flat(app)
        await _typed(pilot, "30")
        assert "время тура — от 45 до 70 минут (705.3), а не 30" in flat(app)
        await pilot.press("c", "m")
        await _typed(pilot, "55")
        rnd = load(demo).find_round("swiss", 1, 4)
        assert datetime.fromisoformat(rnd.clock_deadline) == clock.t + timedelta(minutes=55)


@sync
async def test_one_player_moves_to_another_table_on_the_players_screen(tmp_path):
    from arbiter.core.pairing import rounds as pairing
    from arbiter.core.store import EventFile, create
    from arbiter.tui.screens.players import PlayersScreen
    from tests.helpers import event_with_players

    path = tmp_path / "two.toml"
    create(path, event_with_players(12, tables=3))  # players 1, 4, 7, 10 at table 1 ...
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("P")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PlayersScreen) and screen.selected().id == 1
        assert "t to table" in flat(app)
        await pilot.press("t")
        await pilot.pause()
        assert "Player 0001 (1) is at table 1: move to table (1-3)" in flat(app)
        await _typed(pilot, "3")
        assert load(path).player(1).table == 3
        assert [p.table for p in load(path).players][1:] == [2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3]
        assert "Player 0001 (1): table 1 → table 3" in flat(app)
        assert EventFile(path).history()[-1].what == "move player 1 to table 3"
        await pilot.press("t")
        await _typed(pilot, "3")
        assert "Player 0001 (1) is at table 3 already" in flat(app)
        await pilot.press("t")
        await _typed(pilot, "x")
        assert "'x': type a table number, 1 to 3" in flat(app)
    # in Russian, once table 1 has paired round 1: its players keep their table, the key says why
    paired = tmp_path / "paired.toml"
    create(paired, pairing.pair_next(event_with_players(12, tables=3), table=1))
    app = make_app(paired, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("P")
        await pilot.pause()
        assert app.screen.selected().id == 1
        await pilot.press("t")
        await pilot.pause()
        assert "за столом 1 уже составлены пары тура: игроки остаются за своими столами" in flat(app)
        assert isinstance(app.screen, PlayersScreen) and load(paired).player(1).table == 1
        await pilot.press("down")  # player 2, at table 2: may move to table 3, not to table 1
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        assert "Player 0002 (2) за столом 2: пересадить за стол (1-3)" in flat(app)
        await _typed(pilot, "1")
        assert "за столом 1 уже составлены пары тура" in flat(app) and load(paired).player(2).table == 2
        await pilot.press("t")
        await _typed(pilot, "3")
        assert "Player 0002 (2): стол 2 → стол 3" in flat(app) and load(paired).player(2).table == 3
