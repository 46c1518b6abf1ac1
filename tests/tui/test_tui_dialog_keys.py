"""Dialogs own their keys (issue 33.1): keys sent in one burst, as a laggy SSH link delivers them, never reach the
screen beneath a dialog; the clock's dialog stays open while the judge adjusts it; a forfeit typed by one key is
said on the echo line, shown reversed a moment, and taken back by u."""

from __future__ import annotations

import shutil
import uuid
from contextlib import ExitStack, asynccontextmanager
from datetime import datetime, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import files, load
from arbiter_tournament.tui import compat
from arbiter_tournament.tui.screens.clock_dialog import ClockScreen
from arbiter_tournament.tui.screens.dialogs import ChoiceScreen, LineScreen

from tests.tui.pilot import SIZE, FrozenClock, flat, make_app, screen_text, sync, until


def results(path, number=4):
    return {g.board: g.result for g in load(path).find_round("swiss", 1, number).games}


def deadline(path) -> datetime:
    return datetime.fromisoformat(load(path).find_round("swiss", 1, 4).clock_deadline)


@sync
async def test_a_burst_after_c_goes_to_the_clock_dialog_which_stays_open(demo):
    """`c - -` in one burst: ten minutes off, no forfeit on the board under the cursor (it was `+-` there, saved
    without a question); `c m 5 5 -` takes 55 minutes off in one dialog; Esc closes it."""
    clock = FrozenClock()
    app = make_app(demo, clock=clock, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = results(demo)
        assert before[1] is None and before[2] is None  # the cursor is on board 1, no result there
        await pilot.press("c", "4")
        await pilot.pause()
        assert deadline(demo) == clock.t + timedelta(minutes=45)
        compat.burst(app, ["c", "minus", "minus"])
        await until(pilot, lambda: deadline(demo) == clock.t + timedelta(minutes=35), "ten minutes taken off")
        await pilot.pause()
        assert isinstance(app.screen, ClockScreen)  # still open
        assert "time 35:00" in flat(app) and "5 minutes taken off: time 35:00" in flat(app)
        compat.burst(app, ["m", "5", "5", "minus"])
        await until(pilot, lambda: deadline(demo) == clock.t - timedelta(minutes=20), "55 minutes more taken off")
        await pilot.pause()
        assert isinstance(app.screen, ClockScreen) and "55 minutes taken off" in flat(app)
        compat.burst(app, ["plus", "plus"])
        await until(pilot, lambda: deadline(demo) == clock.t - timedelta(minutes=10), "ten minutes added")
        compat.burst(app, ["escape", "minus", "1"])  # Esc closes; what was typed with it never reaches the round
        await until(pilot, lambda: not isinstance(app.screen, ChoiceScreen), "the dialog closed")
        await pilot.pause(0.3)
        assert results(demo) == before
        assert deadline(demo) == clock.t - timedelta(minutes=10)
        assert app.keyguard.dropped == 2


@sync
async def test_keys_typed_in_a_question_never_reach_the_round(demo):
    """A result changed over another asks first; `0 y -` in one burst: the `y` answers, the `-` typed with it is
    dropped (it entered a forfeit on the next board)."""
    app = make_app(demo, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.main.round_panel.select(3)
        await pilot.pause()
        before = results(demo)
        assert before[3] is Result.FIRST_WINS
        compat.burst(app, ["0", "y", "minus", "minus"])
        await until(pilot, lambda: results(demo)[3] is Result.SECOND_WINS, "the change saved")
        await pilot.pause(0.3)
        assert results(demo) == {**before, 3: Result.SECOND_WINS}
        assert app.keyguard.dropped == 2
        assert not isinstance(app.screen, ChoiceScreen)


@sync
async def test_the_line_takes_the_keys_typed_after_the_colon_and_those_after_enter_go_to_the_round(demo):
    """`:1 =⏎-` in one burst: the keys after `:` go to the line (which opens after the key is handled); the `-`
    typed after the Enter that answered it does what it does typed slowly: a forfeit on the board the cursor moved
    on to (board 2), said on the echo line, and `u` takes it back. Nothing is dropped."""
    app = make_app(demo, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = results(demo)
        assert before[1] is None and before[2] is None
        compat.burst(app, ["colon", "1", "space", "equals_sign", "enter", "minus"])
        await until(pilot, lambda: results(demo)[2] is Result.FORFEIT_FIRST_WINS, "board 2: +-")
        await pilot.pause(0.3)
        assert results(demo) == {**before, 1: Result.DRAW, 2: Result.FORFEIT_FIRST_WINS}
        assert "FORFEIT, 2nd absent (u undoes): board 2:" in flat(app)
        assert not isinstance(app.screen, LineScreen) and app.keyguard.dropped == 0
        await pilot.press("u")
        await until(pilot, lambda: results(demo)[2] is None, "the forfeit undone")
        assert results(demo)[1] is Result.DRAW


LINES = ["colon", "1", "space", "1", "minus", "0", "enter", "colon", "2", "space", "equals_sign", "enter"]


@sync
async def test_two_lines_in_one_burst_are_two_results(demo):
    """`:1 1-0⏎:2 =⏎` in one burst (slips read out at once over a laggy link): the first line's answer is what was
    typed up to its Enter, the second `:` opens the line again and takes `2 =`: two results, in order, no key lost,
    none typed twice (it was one line `1 1-0:2 =`, refused)."""
    app = make_app(demo, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = results(demo)
        compat.burst(app, LINES)
        await until(pilot, lambda: results(demo)[2] is Result.DRAW, "board 2 drawn")
        await pilot.pause(0.3)
        assert results(demo) == {**before, 1: Result.FIRST_WINS, 2: Result.DRAW}
        assert not isinstance(app.screen, LineScreen) and app.keyguard.dropped == 0
        assert "is not a result" not in flat(app) and "board 2: Orlov, Pavel (25) 1/2 Brown, Maria (28)" in flat(app)


@sync
async def test_a_line_by_player_after_a_line_by_board_in_one_burst(demo):
    """`:1 1-0⏎:Brown 1⏎` in one burst: board 1 is 1-0, and Brown, Maria (second on board 2) wins: 0-1 (it was
    `'0:Brown' is not a number`)."""
    app = make_app(demo, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = results(demo)
        compat.burst(app, LINES[:7] + ["colon", *"Brown", "space", "1", "enter"])
        await until(pilot, lambda: results(demo)[2] is Result.SECOND_WINS, "Brown's win on board 2")
        await pilot.pause(0.3)
        assert results(demo) == {**before, 1: Result.FIRST_WINS, 2: Result.SECOND_WINS}
        assert not isinstance(app.screen, LineScreen) and app.keyguard.dropped == 0


@sync
async def test_enter_on_a_board_then_a_draw_and_the_next_result_in_one_burst(demo):
    """`⏎=⏎1` in one burst on board 1: Enter opens board 1's line (while its binding runs, so the keys after it
    wait for the line), `=⏎` enters the draw there, and `1` is 1-0 on board 2, where the cursor went: it was `=` on
    board 1 itself, then the line opened on board 2 and took the `1`."""
    app = make_app(demo, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = results(demo)
        assert app.main.round_panel.table_widget.selected_key == "1"
        compat.burst(app, ["enter", "equals_sign", "enter", "1"])
        await until(pilot, lambda: results(demo)[2] is Result.FIRST_WINS, "board 2: 1-0")
        await pilot.pause(0.3)
        assert results(demo) == {**before, 1: Result.DRAW, 2: Result.FIRST_WINS}
        assert not isinstance(app.screen, LineScreen) and app.keyguard.dropped == 0


@sync
async def test_keys_pressed_after_a_dialog_closed_still_work(demo):
    """The guard drops nothing typed after a dialog is gone: Esc, then `-` pressed later, is a forfeit."""
    app = make_app(demo, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ClockScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("minus")
        await pilot.pause()
        assert results(demo)[1] is Result.FORFEIT_FIRST_WINS
        assert app.keyguard.dropped == 0


@sync
async def test_a_forfeit_by_one_key_is_said_shown_and_undone(demo):
    for lang, said in (("en", "FORFEIT, 2nd absent (u undoes): board 1:"), ("ru", "НЕЯВКА 2-го (u — отменить): доска 1:")):
        app = make_app(demo, poll_interval=0, lang=lang)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("minus")
            await pilot.pause()
            assert results(demo)[1] is Result.FORFEIT_FIRST_WINS
            assert said in flat(app)
            panel = app.main.round_panel
            assert panel._flash == 1  # the result just entered, reversed
            row = [r for r in screen_text(app).splitlines() if r.lstrip().startswith("1  ")][0]
            assert "+-" in row
            await pilot.press("u")
            await pilot.pause()
            assert results(demo)[1] is None
            panel.select(1)
            await pilot.pause()
            await pilot.press("plus")
            await pilot.pause()
            assert results(demo)[1] is Result.FORFEIT_SECOND_WINS
            assert ("FORFEIT, 1st absent" if lang == "en" else "НЕЯВКА 1-го") in flat(app)
            panel._unflash()
            assert panel._flash is None
            await pilot.press("u")
            await pilot.pause()
            assert results(demo)[1] is None


@asynccontextmanager
async def while_another_judge_saves(demo, **kw):
    """The TUI opened on `demo` while another judge holds its lock, its repairs on opening waiting for it (as in
    the first second of every start): (app, pilot, release), `release()` the other judge through."""
    lock = ExitStack()
    lock.enter_context(files.locked(demo, doing="another judge's change"))
    try:
        app = make_app(demo, poll_interval=0, **kw)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.changing, "the repairs on opening waiting for the lock")
            yield app, pilot, lock.close
    finally:
        lock.close()


@sync
async def test_a_key_typed_with_c_goes_to_the_dialog_while_another_change_waits_for_the_lock(demo):
    """`c4` in one burst while a change of something else waits for the lock (here the repairs made on opening, as
    in the first second of every start, while another judge holds the lock): the `4` is the dialog's answer. The
    guard held no key while any change waited, so the `4` came back to the round (where it means nothing) before
    the dialog was open, and was lost (the tmux test lost it so, once, on an idle machine)."""
    clock = FrozenClock()
    async with while_another_judge_saves(demo, clock=clock) as (app, pilot, release):
        before = results(demo)
        compat.burst(app, ["c", "4"])
        await until(pilot, lambda: len(app._waiting) == 2, "the 4 answered the dialog: the clock's start waits",
                    timeout=5)
        assert not isinstance(app.screen, ClockScreen) and not app.keyguard.held
        release()  # the other judge is through: the repairs, then the clock's start
        await until(pilot, lambda: not app.changing, "both changes through")
        assert deadline(demo) == clock.t + timedelta(minutes=45)
        assert results(demo) == before and app.keyguard.dropped == 0


@sync
async def test_result_keys_typed_while_the_repairs_on_opening_wait_are_entered_once_in_order(demo):
    """`1 = s` in one burst while the repairs on opening wait for another judge's lock (the first second of
    every start): the keys wait for them and are entered once each, in the order typed, on the boards they were
    typed on (1-0 on board 1, 1/2 on board 2), then the standings. The result keys were refused ("the last change
    waits for the event's lock") and lost: the tmux test typed `1` in that second and never saw 1-0."""
    async with while_another_judge_saves(demo) as (app, pilot, release):
        before = results(demo)
        assert before[1] is None and before[2] is None
        compat.burst(app, ["1", "equals_sign", "s"])
        await until(pilot, lambda: len(app.keyguard.held) == 3, "the three keys held")
        assert app.main.view == "round"
        assert "what you type goes on once it is through" in flat(app) and results(demo) == before
        release()
        await until(pilot, lambda: results(demo)[2] is not None, "the keys entered")
        await until(pilot, lambda: not app.changing and not app.keyguard.held, "all through")
        await pilot.pause(0.2)
        assert results(demo) == {**before, 1: Result.FIRST_WINS, 2: Result.DRAW}
        assert app.main.view == "standings"  # the `s` typed after them went after them


@sync
async def test_esc_drops_the_keys_that_wait_for_the_last_change(demo):
    async with while_another_judge_saves(demo) as (app, pilot, release):
        before = results(demo)
        compat.burst(app, ["1", "0"])
        await until(pilot, lambda: len(app.keyguard.held) == 2, "the keys held")
        await pilot.press("escape")
        await until(pilot, lambda: not app.keyguard.held, "dropped")
        assert "dropped the keys typed while the last change waited: 2" in flat(app)
        release()
        await until(pilot, lambda: not app.changing, "the repairs through")
        await pilot.pause(0.2)
        assert results(demo) == before and app.main.selected_board() == 1


def test_keys_come_out_of_the_guard_in_the_order_typed():
    """`c45` then `6`: the `4` and `5` went on to the round before the dialog's flow began, and come back to be held
    after the `6`, typed later, was held already: the dialog gets 4, 5, 6 (not 6, 4, 5)."""
    from types import SimpleNamespace

    from textual import events

    from arbiter_tournament.tui.keyguard import KeyGuard

    round_screen = SimpleNamespace()
    flow = SimpleNamespace(group="question", is_finished=False, node=SimpleNamespace(screen=round_screen))
    app = SimpleNamespace(screen=round_screen, workers=[], set_timer=lambda seconds, fn: None)
    guard = KeyGuard(app)
    four, five, six = (events.Key(k, k) for k in "456")
    assert [k.key for k in guard.take(four)] == ["4"] and [k.key for k in guard.take(five)] == ["5"]
    app.workers = [flow]  # `c` came back: its flow opens the dialog
    assert list(guard.take(six)) == [] and guard.opening()
    assert not guard.came_back(_typed_on(four, round_screen)) and not guard.came_back(_typed_on(five, round_screen))
    assert [k.key for k in guard.held] == ["4", "5", "6"]
    flow.is_finished = True  # (the dialog open, or the flow ended)
    assert [k.key for k in guard.take()] == ["4", "5", "6"]


def _typed_on(key, screen):
    key.typed_on = screen
    return key


@sync
async def test_minutes_outside_705_3_are_refused_in_the_clock_dialog_which_stays_open(demo):
    """`c m 1 0 0 Enter 6 0 Enter` in one burst (the judge typed 100, then 60 at once): 100 is refused in the dialog
    (705.3: 45 to 70), which stays open, and 60 starts the clock. The dialog closed on 100 with the refusal on the
    message line, and `6 0 Enter` reached the round: 0-1 on the board under the cursor, and the `:` line."""
    clock = FrozenClock()
    app = make_app(demo, clock=clock, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = results(demo)
        compat.burst(app, ["c", "m", "1", "0", "0", "enter"])
        await until(pilot, lambda: isinstance(app.screen, ClockScreen) and "45 to 70" in flat(app)
                    and "not 100" in flat(app), "100 refused in the dialog")
        assert "Enter starts: 45-70" in flat(app)
        compat.burst(app, ["6", "0", "enter"])
        await until(pilot, lambda: not isinstance(app.screen, ClockScreen), "60 started, the dialog closed")
        await until(pilot, lambda: deadline(demo) == clock.t + timedelta(minutes=60), "the clock started for 60")
        await pilot.pause(0.2)
        assert results(demo) == before and not isinstance(app.screen, LineScreen)


@sync
async def test_a_question_after_the_line_takes_the_keys_typed_after_its_enter(demo):
    """`:3 0-1⏎y-` in one burst: board 3 has 1-0, so the line's result asks first; the `y` typed after the Enter
    answers it (as any dialog a flow opens takes the keys typed before it), and the `-` typed in that question is
    dropped, as after `0 y` on the board."""
    app = make_app(demo, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = results(demo)
        assert before[3] is Result.FIRST_WINS
        compat.burst(app, ["colon", "3", "space", "0", "minus", "1", "enter", "y", "minus"])
        await until(pilot, lambda: results(demo)[3] is Result.SECOND_WINS, "board 3 changed to 0-1")
        await pilot.pause(0.3)
        assert results(demo) == {**before, 3: Result.SECOND_WINS}
        assert app.keyguard.dropped == 1 and not isinstance(app.screen, (LineScreen, ChoiceScreen))


KEY_OF = {"-": "minus", "+": "plus", "/": "slash", "=": "equals_sign", " ": "space"}


def typed(text: str) -> list[str]:
    """The keys that type `text` (the names a terminal gives them)."""
    return [KEY_OF.get(ch, ch) for ch in text]


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(slips=st.lists(st.tuples(st.integers(1, 12), st.sampled_from(["1-0", "0-1", "=", "1/2", "+-", "-+", "=t"])),
                      min_size=1, max_size=5, unique_by=lambda slip: slip[0]))
def test_any_slips_typed_in_one_burst_each_go_in(one_table, slips):
    """Whatever slips are read out, `:<board> <result>⏎` each, typed in one burst on a round without results: every
    result is on its board, no other board has one, no key dropped."""
    path = one_table.parent / f"slips-{uuid.uuid4().hex[:8]}.toml"
    shutil.copy(one_table, path)
    keys = [k for board, res in slips for k in ["colon", *typed(f"{board} {res}"), "enter"]]
    expected = {board: Result.parse(res) for board, res in slips}

    def saved() -> dict:
        return {g.board: g.result for g in load(path).find_round("swiss", None, 1).games if g.result is not None}

    @sync
    async def run() -> None:
        app = make_app(path, poll_interval=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            compat.burst(app, keys)
            await until(pilot, lambda: len(saved()) == len(expected), f"{len(expected)} results saved")
            await pilot.pause(0.2)
            assert saved() == expected
            assert app.keyguard.dropped == 0 and not isinstance(app.screen, LineScreen)

    run()


@sync
async def test_a_colon_line_result_typed_while_the_repairs_wait_goes_in_first_then_the_keys_after_it(demo):
    """`⏎ = ⏎ 1` in one burst while the repairs on opening wait for another judge's lock: the `:` line's draw on
    board 1 waits for them and goes in first, then the `1` on board 2, where the cursor went. The line's result was
    refused ("the last change waits for the event's lock") and the `1` went on board 1 (the tmux test saw 1-0
    there under load)."""
    async with while_another_judge_saves(demo) as (app, pilot, release):
        before = results(demo)
        assert before[1] is None and before[2] is None
        compat.burst(app, ["enter", "equals_sign", "enter", "1"])
        await until(pilot, lambda: not isinstance(app.screen, LineScreen) and len(app.keyguard.held) == 1,
                    "the line answered, the 1 held")
        assert results(demo) == before and "what you type goes on once it is through" in flat(app)
        release()
        await until(pilot, lambda: results(demo)[2] is not None, "both entered")
        await until(pilot, lambda: not app.changing and not app.keyguard.held, "all through")
        await pilot.pause(0.2)
        assert results(demo) == {**before, 1: Result.DRAW, 2: Result.FIRST_WINS}
