"""The judge's small things (issue 27.5) in the TUI: the clock's typed minutes, one player to another table before
round 1, the top's seeding chosen in its preview."""

from datetime import datetime, timedelta

from arbiter_tournament.core.store import load
from arbiter_tournament.tui.screens.dialogs import ChoiceScreen

from tests.tui.pilot import SIZE, FrozenClock, answer_line, flat, make_app, screen_text, sync


@sync
async def test_the_clock_takes_typed_minutes_within_the_rule(demo):
    clock = FrozenClock()
    app = make_app(demo, clock=clock, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and "m minutes typed: Enter starts, + adds, - takes off" in flat(app)
        await pilot.press("m")
        await pilot.pause()
        assert "minutes: _ (Enter starts: 45-70; + adds, - takes off, Esc forgets)" in flat(app)
        await pilot.press("6", "0", "enter")  # typed in the dialog, which stays open until Enter
        await pilot.pause()
        rnd = load(demo).find_round("swiss", 1, 4)
        assert datetime.fromisoformat(rnd.clock_deadline) == clock.t + timedelta(minutes=60)
        app.main.tick()
        assert "time 1:00:00" in screen_text(app)
        before = demo.read_bytes()
        await pilot.press("c", "m", "9", "0", "enter")
        await pilot.pause()
        assert "the round's time is 45 to 70 minutes (705.3), not 90" in flat(app)
        assert isinstance(app.screen, ChoiceScreen)  # said in the dialog, which stays open for the minutes
        await pilot.press("escape", "escape")
        await pilot.pause()
        await pilot.press("c", "m", "a")
        await pilot.pause()
        assert "'a': type the minutes, 1 to 1440" in flat(app)  # said in the dialog, which stays
        await pilot.press("²")
        await pilot.pause()
        assert "'²': type the minutes, 1 to 1440" in flat(app)
        await pilot.press("escape", "escape")  # the minutes forgotten, then the dialog closed
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen)
        assert demo.read_bytes() == before
        clock.t += timedelta(minutes=5)
        await pilot.press("c", "m", "5", "0", "enter")  # over a running clock: asked first
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
        assert "m ввести минуты: Enter старт, + добавить, - убрать" in flat(app)
        await pilot.press("m")
        await pilot.pause()
        assert "минут: _ (Enter — старт: 45–70; + добавить, - убрать, Esc — забыть)" in flat(app)
        await pilot.press("3", "0", "enter")
        await pilot.pause()
        assert "время тура — от 45 до 70 минут (705.3), а не 30" in flat(app)
        await pilot.press("5", "5", "enter")  # the dialog stayed open, its minutes cleared: typed again
        await pilot.pause()
        rnd = load(demo).find_round("swiss", 1, 4)
        assert datetime.fromisoformat(rnd.clock_deadline) == clock.t + timedelta(minutes=55)


@sync
async def test_one_player_moves_to_another_table_on_the_players_screen(tmp_path):
    from arbiter_tournament.core.pairing import rounds as pairing
    from arbiter_tournament.core.store import EventFile, create
    from arbiter_tournament.tui.screens.players import PlayersScreen
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
        assert "d to tables" in flat(app) and "/ search" in flat(app)  # the footer as before: t is in the palette
        assert app.screen.applies("pl_move")
        await pilot.press("t")
        await pilot.pause()
        assert "Player 0001 (1) is at table 1: move to table (1-3)" in flat(app)
        await answer_line(pilot, "3")
        assert load(path).player(1).table == 3
        assert [p.table for p in load(path).players][1:] == [2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3]
        assert "Player 0001 (1): table 1 → table 3" in flat(app)
        assert EventFile(path).history()[-1].what == "move player 1 to table 3"
        await pilot.press("t")
        await answer_line(pilot, "3")
        assert "Player 0001 (1) is at table 3 already" in flat(app)
        await pilot.press("t")
        await answer_line(pilot, "x")
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
        await answer_line(pilot, "1")
        assert "за столом 1 уже составлены пары тура" in flat(app) and load(paired).player(2).table == 2
        await pilot.press("t")
        await answer_line(pilot, "3")
        assert "Player 0002 (2): стол 2 → стол 3" in flat(app) and load(paired).player(2).table == 3


def _top_of_16_on_4_tables(path):
    """32 players on 4 tables, round 1 played (every first player won), a top of 16: the straight 704.2 order
    breaks aim 3 (T2's 1st and 2nd can meet in round 3), the best seeding keeps it."""
    from dataclasses import replace

    from arbiter_tournament.core.event import commands as rules
    from arbiter_tournament.core.event.results import Result
    from arbiter_tournament.core.pairing import rounds as pairing
    from arbiter_tournament.core.store import create
    from tests.helpers import event_with_players

    e = pairing.pair_next(replace(event_with_players(32, tables=4, rounds=1), top=16))
    for r in e.rounds:
        for g in r.games:
            if g.second is not None:
                e = rules.record_result(e, "swiss", r.table, r.number, g.board, Result.FIRST_WINS, by="t")
    create(path, e)


@sync
async def test_the_top_preview_offers_the_best_seeding_and_starts_the_one_shown(tmp_path):
    from arbiter_tournament.core.knockout import stage as top
    from tests.tui.pilot import until

    path = tmp_path / "top.toml"
    _top_of_16_on_4_tables(path)
    app = make_app(path)
    async with app.run_test(size=(80, 60)) as pilot:  # tall: the whole preview in one screen
        await pilot.pause()
        await pilot.press("K")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the top's preview")
        text = flat(app)
        assert "Seeding: straight (the 704.2 order)" in text and "s best seeding" in text
        assert "aim 3 (does not hold)" in text
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen) and "Seeding: best" in flat(app),
                    "the preview with the best seeding")
        text = flat(app)
        assert "aim 3 (holds): the 1st and 2nd of a table can meet in round 4 at the earliest" in text
        assert "s straight seeding" in text
        assert not any(r.stage == "top" for r in load(path).rounds)  # a preview only
        await pilot.press("y")
        await pilot.pause()
        e = load(path)
        assert top.state(e)["seeding"] == "best"
        assert top.state(e)["seeds"] == [29, 30, 31, 32, 10, 9, 12, 11, 1, 2, 3, 4, 21, 22, 23, 24]


@sync
async def test_the_top_preview_seeding_in_russian(tmp_path):
    from tests.tui.pilot import until

    path = tmp_path / "top.toml"
    _top_of_16_on_4_tables(path)
    app = make_app(path, lang="ru")
    async with app.run_test(size=(80, 60)) as pilot:
        await pilot.pause()
        await pilot.press("K")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the top's preview")
        assert "Посев: прямой (порядок 704.2)" in flat(app) and "s лучший посев" in flat(app)
        await pilot.press("s")
        await until(pilot, lambda: "Посев: лучший" in flat(app), "the preview with the best seeding")
        await pilot.press("n")
        await pilot.pause()
        assert not any(r.stage == "top" for r in load(path).rounds)


def test_the_tui_follows_the_window_whatever_columns_and_lines_say(monkeypatch):
    """COLUMNS and LINES in the environment pin `shutil.get_terminal_size` (what Textual asks, on every resize):
    the TUIs drop them before they take the terminal (the tmux test of a resize sets them too)."""
    import os
    import shutil

    from arbiter_tournament.tui.terminal import follow_the_terminal

    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    assert shutil.get_terminal_size() == (80, 24)
    assert follow_the_terminal() == ("COLUMNS", "LINES")
    assert "COLUMNS" not in os.environ and "LINES" not in os.environ
    assert follow_the_terminal() == ()
    env = {"LINES": "30", "TERM": "xterm"}
    assert follow_the_terminal(env) == ("LINES",) and env == {"TERM": "xterm"}
