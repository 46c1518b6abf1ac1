"""The judge's TUI driven by keys in an 80x24 terminal, asserting on the event file."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime, timedelta

import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import EventFile, create, load
from tests.conftest import ROOT
from tests.helpers import event_with_players
from tests.tui.pilot import (JUDGE1, SIZE, FrozenClock, game, make_app, pair_preview, screen_text, sync, type_line,
                             until)
from arbiter_tournament.tui.app import ArbiterApp
from arbiter_tournament.tui.screens.dialogs import ChoiceScreen, TextScreen

# -- result entry ---------------------------------------------------------------------------


@sync
async def test_result_keys_write_the_file_and_the_cursor_advances(demo):
    app = make_app(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        main = app.main
        # round 4 of table 1: boards 1 and 2 have no result; the cursor starts on the first of them
        assert main.selected_board() == 1
        await pilot.press("1")
        await pilot.pause()
        g = game(demo, 1)
        assert g.result is Result.FIRST_WINS and g.by == JUDGE1
        assert main.selected_board() == 2  # the next board without a result
        text = screen_text(app)
        assert "Volkov, Olga (22) 1-0 Orlov, Laura (24)" in text  # the echo names the players ...
        assert "3.5 : 2.5" in text  # ... and their new scores
        await pilot.press("equals_sign")
        await pilot.pause()
        assert game(demo, 2).result is Result.DRAW
        assert "all results in" in screen_text(app)
        # the table was patched, not rebuilt (the two results, and the first one's moment reversed undone)
        table = main.query_one("#round-table")
        assert table.rebuilds == 1 and 0 < table.patched_cells <= 5


@sync
async def test_forfeit_and_technical_keys(one_table):
    app = make_app(one_table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("plus")  # board 1: the first player did not come
        await pilot.press("minus")  # board 2: the second player did not come
        await pilot.press("t", "equals_sign")  # board 3: technical draw
        await pilot.press("t", "1")  # board 4: technical win of the first
        await pilot.pause()
        e = load(one_table)
        rnd = e.find_round("swiss", None, 1)
        assert [rnd.game(b).result for b in (1, 2, 3, 4)] == [
            Result.FORFEIT_SECOND_WINS, Result.FORFEIT_FIRST_WINS, Result.TECHNICAL_DRAW, Result.TECHNICAL_FIRST_WINS]
        assert "-+" in screen_text(app) or "+-" in screen_text(app)
        # 'a' (agreed, 704.4) is for the top only: hidden here and refused
        assert not app.main.applies("agreed")


@sync
async def test_colon_line_enters_a_result_and_jumps(one_table):
    app = make_app(one_table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_line(pilot, "12 1-0", typed=True)
        assert load(one_table).find_round("swiss", None, 1).game(12).result is Result.FIRST_WINS
        await type_line(pilot, "7 =")
        assert load(one_table).find_round("swiss", None, 1).game(7).result is Result.DRAW
        await type_line(pilot, "9")
        assert app.main.selected_board() == 9
        await type_line(pilot, "99 1-0")
        assert "there is no board 99" in screen_text(app)
        await type_line(pilot, "3 2-0")
        assert "is not a result" in screen_text(app)
        await type_line(pilot, "r1")
        assert app.main.shown_round().number == 1
        await type_line(pilot, "r7")
        assert "there is no round 7" in screen_text(app)


@sync
async def test_only_missing(demo):
    app = make_app(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        table = app.main.query_one("#round-table")
        assert table.row_count == 2  # boards 1 and 2
        await pilot.press("1")
        await pilot.pause()
        assert table.row_count == 1 and app.main.selected_board() == 2
        await pilot.press("m")
        await pilot.pause()
        assert table.row_count == 5


@sync
async def test_overwrite_asks_first(demo):
    app = make_app(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_line(pilot, "3")  # board 3 has 1-0
        await pilot.press("0")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "already has 1-0" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert game(demo, 3).result is Result.FIRST_WINS
        await pilot.press("0")
        await pilot.pause()
        await pilot.press("enter")  # Enter by reflex does not overwrite
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and game(demo, 3).result is Result.FIRST_WINS
        await pilot.press("н")  # y on a Russian layout
        await pilot.pause()
        assert game(demo, 3).result is Result.SECOND_WINS


@sync
async def test_conflict_with_another_judge_offers_overwrite(demo):
    app = make_app(demo, poll_interval=0)  # no poll: the app still shows "no result" on board 1
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        other = EventFile(demo)
        other.change(lambda e: commands.record_result(e, "swiss", 1, 4, 1, Result.SECOND_WINS, by="judge2"), "other")
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        text = screen_text(app)
        assert "Another judge changed this board" in text and "judge2" in text
        assert game(demo, 1).result is Result.SECOND_WINS  # nothing written yet
        await pilot.press("o")
        await pilot.pause()
        g = game(demo, 1)
        assert g.result is Result.FIRST_WINS and g.by == JUDGE1


@sync
async def test_conflict_keep_theirs(demo):
    app = make_app(demo, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        EventFile(demo).change(lambda e: commands.record_result(e, "swiss", 1, 4, 1, Result.DRAW, by="judge2"), "x")
        await pilot.press("0")
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        assert game(demo, 1).result is Result.DRAW
        assert app.main.shown_round().game(1).result is Result.DRAW  # the app shows the file


@sync
async def test_change_by_another_process_appears_within_two_seconds(demo):
    app = make_app(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        subprocess.run([sys.executable, "-m", "arbiter_tournament.tui.cli", "result", str(demo), "2", "0-1", "--table", "1"],
                       cwd=ROOT, check=True, capture_output=True)
        for _ in range(40):
            await pilot.pause(0.05)
            if app.main.shown_round().game(2).result is Result.SECOND_WINS:
                break
        assert app.main.shown_round().game(2).result is Result.SECOND_WINS
        assert app.changes_seen >= 1
        assert "Brown, Maria (28)" in screen_text(app)


BAD_FILES = {  # issue 26: what a running TUI met, and the words of its message line
    "5000 digits": (lambda t: t.replace("rounds = 5", "rounds = " + "9" * 5000, 1),
                    "event.rounds: line 8: a number of 5000 digits is too big"),
    "5000 tie-breaks": (lambda t: t.replace("tiebreaks = [", "tiebreaks = [" + '"BH", ' * 5000, 1),
                        "event.tiebreaks: 5004 tie-breaks are too many: at most 20"),
    "hex of 5000 digits": (lambda t: t.replace("rounds = 5", "rounds = 0x" + "f" * 5000, 1),
                           "event.rounds: must be a whole number from 0 to 999, not ~1e6020"),
    "not TOML": (lambda t: t[:len(t) // 2], "not a valid TOML file"),
}


@sync
@pytest.mark.parametrize("bad", sorted(BAD_FILES))
async def test_a_bad_file_keeps_the_last_good_state_and_says_why(demo, bad):
    edit, said = BAD_FILES[bad]
    good = demo.read_text(encoding="utf-8")
    assert "rounds = 5" in good
    app = make_app(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = app.event
        shown = screen_text(app)
        tmp = demo.with_name("next.toml")
        tmp.write_text(edit(good), encoding="utf-8")
        os.replace(tmp, demo)  # as an editor or another arbiter saves it
        await until(pilot, lambda: said.replace(" ", "") in "".join(screen_text(app).split()), "the message line")
        assert app.event is before and app.is_running
        assert screen_text(app).splitlines()[:10] == shown.splitlines()[:10]  # the round as it was
        tmp.write_text(good.replace('name = "Demo Open', 'name = "Demo Again', 1), encoding="utf-8")
        os.replace(tmp, demo)  # fixed: shown again
        await until(pilot, lambda: app.event.name.startswith("Demo Again"), "the good file again")
        await pilot.press("q")


@sync
async def test_undo_redo_keys(demo):
    app = make_app(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert game(demo, 1).result is Result.FIRST_WINS
        await pilot.press("u")
        await pilot.pause()
        assert game(demo, 1).result is None
        assert "undone" in screen_text(app)
        await pilot.press("U")
        await pilot.pause()
        assert game(demo, 1).result is Result.FIRST_WINS
        await pilot.press("h")
        await pilot.pause()
        text = screen_text(app)
        assert isinstance(app.screen, TextScreen) and "redo result swiss round 4" in text
        await pilot.press("escape")
        await pilot.pause()
    # the journal survives the session: another session undoes it
    app2 = make_app(demo)
    async with app2.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert game(demo, 1).result is None


@sync
async def test_fix_a_past_round_shows_what_changes(demo):
    app = make_app(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("left_square_bracket")  # round 3 of table 1
        await pilot.pause()
        rnd = app.main.shown_round()
        assert rnd.number == 3
        old = rnd.game(1).result
        await type_line(pilot, "1")
        key = "0" if old is not Result.SECOND_WINS else "1"
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        text = screen_text(app)
        assert "round 3, board 1" in text
        assert "round 4 was paired on the old result" in text
        assert "points" in text and "place" in text
        await pilot.press("y")
        await pilot.pause()
        assert game(demo, 1, number=3).result is not old


# -- tables, pairing --------------------------------------------------------------------------


@sync
async def test_switch_table(demo):
    app = make_app(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_line(pilot, "t3")
        assert app.main.table == 3
        await pilot.press("T", "T", "T")
        await pilot.pause()
        assert app.main.table == 2
        assert "table 2/4" in screen_text(app)
        await pilot.press("1")
        await pilot.pause()
        rnd = load(demo).find_round("swiss", 2, 4)
        assert any(g.result is not None and g.by == JUDGE1 for g in rnd.games)


@sync
async def test_pair_next_round_flow(tmp_path):
    p = tmp_path / "small.toml"
    e = event_with_players(10, rounds=3)
    e = pairing.pair_next(e)
    create(p, e)
    app = make_app(p)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not app.main.applies("pair")  # results missing: no pairing
        for _ in range(5):
            await pilot.press("1")
        await pilot.pause()
        assert load(p).find_round("swiss", None, 1).missing == 0
        assert app.main.applies("pair")
        await pair_preview(pilot)
        text = screen_text(app)
        assert "Pairing of round 2" in text
        assert len(load(p).rounds) == 1  # only a preview so far
        await pilot.press("y")
        await pilot.pause()
        assert [r.number for r in load(p).rounds] == [1, 2]
        assert app.main.shown_round().number == 2 and app.main.selected_board() == 1
        # swap colours on board 1 by hand, then explain
        first = load(p).find_round("swiss", None, 2).game(1).first
        await pilot.press("w")
        await pilot.pause()
        assert load(p).find_round("swiss", None, 2).game(1).second == first
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, TextScreen), "the explanation")
        assert isinstance(app.screen, TextScreen) and "board 1" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()


# -- round clock ------------------------------------------------------------------------------


@sync
async def test_round_clock_is_stored_shown_and_rings(demo):
    clock = FrozenClock()
    app = make_app(demo, clock=clock, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("4")
        await pilot.pause()
        rnd = load(demo).find_round("swiss", 1, 4)
        assert datetime.fromisoformat(rnd.clock_deadline) == clock.t + timedelta(minutes=45)
        app.main.tick()
        assert "time 45:00" in screen_text(app)
        clock.t += timedelta(minutes=44, seconds=30)
        app.main.tick()
        await pilot.pause()
        assert "time 0:30" in screen_text(app)
        # pause keeps the seconds left in the file (the dialog stays open: p again resumes; Esc closes it)
        await pilot.press("c", "p")
        await pilot.pause()
        rnd = load(demo).find_round("swiss", 1, 4)
        assert rnd.clock_paused == 30 and rnd.clock_deadline == ""
        assert isinstance(app.screen, ChoiceScreen) and "time 0:30 (paused)" in screen_text(app)
        clock.t += timedelta(minutes=10)
        await pilot.press("p", "escape")  # resume, and close
        await pilot.pause()
        clock.t += timedelta(seconds=31)
        bells = []
        app.bell = lambda: bells.append(1)
        app.main.tick()
        await pilot.pause()
        assert bells == [1]
        assert isinstance(app.screen, ChoiceScreen) and "705.3" in screen_text(app)
        before = demo.read_bytes()
        await pilot.press("d")  # technical draws for the unfinished boards: asked first (a result on each)
        await pilot.pause()
        assert "A technical draw (705.3) on every unfinished board: 1, 2?" in screen_text(app)
        await pilot.press("enter")  # Enter is no: back to the reminder, nothing written
        await pilot.pause()
        assert demo.read_bytes() == before
        assert isinstance(app.screen, ChoiceScreen) and "Unfinished boards: 1, 2" in screen_text(app)
        await pilot.press("d", "y")
        await pilot.pause()
        rnd = load(demo).find_round("swiss", 1, 4)
        assert rnd.game(1).result is Result.TECHNICAL_DRAW and rnd.game(2).result is Result.TECHNICAL_DRAW
        assert "technical draw on boards 1, 2" in screen_text(app)
        app.main.tick()
        assert bells == [1]


# -- languages, hostile names -------------------------------------------------------------------


@sync
async def test_russian_labels_from_lang(demo, monkeypatch):
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    app = ArbiterApp(demo, user="judge1")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.lang == "ru"
        text = screen_text(app)
        assert "Тур 4" in text and "Первый" in text and "стол 1/4" in text
        await pilot.press("s")
        await pilot.pause()
        text = screen_text(app)
        assert "Турнирная таблица" in text and "коэффициент Бухгольца" in text
        await pilot.press("L")
        await pilot.pause()
        assert app.lang == "en" and "Standings" in screen_text(app)


@sync
async def test_hostile_names_render_literally(tmp_path):
    p = tmp_path / "hostile.toml"
    e = commands.new_event("Evil [bold]Cup", 3, lots_seed=1)
    for name in ("Carol [/]", "[red]x[/red]", "\x1b[2J", "[bold]x", "Dave", "Eve"):
        e = commands.add_player(e, name, rating=1500)
    e = pairing.pair_next(e)
    create(p, e)
    app = make_app(p)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Carol [/]" in text and "[red]x[/red]" in text and "?[2J" in text and "[bold]x" in text
        assert "\x1b" not in text
        assert "Evil [bold]Cup" in text
        await pilot.press("1")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert "Carol [/]" in screen_text(app)
        await pilot.press("P")
        await pilot.pause()
        text = screen_text(app)
        assert "Carol [/]" in text and "[red]x[/red]" in text
        await pilot.press("escape")
        await pilot.pause()


@sync
async def test_starts_and_quits_with_q(tmp_path, monkeypatch):
    """`arbiter` alone: the demo, copied where the user can write, opened there."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from arbiter_tournament.tui.cli import demo

    path = demo.copy()
    assert path == str(tmp_path / "data" / "arbiter" / "demo.toml")
    app = ArbiterApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert (tmp_path / "data" / "arbiter" / "demo.toml.who").is_dir()  # the heartbeat
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code in (0, None)
    assert not (tmp_path / "data" / "arbiter" / "demo.toml.who").exists()  # cleaned up


# -- the top ----------------------------------------------------------------------------------


def _finish_swiss(path) -> None:
    from arbiter_tournament.core.pairing import rounds as pr

    def fill(e):
        for r in list(e.rounds):
            for g in r.games:
                if g.result is None and g.second is not None:
                    res = Result.FIRST_WINS if g.board % 2 else Result.DRAW
                    e = commands.record_result(e, r.stage, r.table, r.number, g.board, res, by="t")
        return e

    EventFile(path).change(lambda e: fill(pr.pair_next(fill(e))), "finish the Swiss")


@sync
async def test_top_from_the_palette_agreed_result_and_bracket(demo):
    _finish_swiss(demo)
    app = make_app(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not app.main.applies("pair")  # all 5 Swiss rounds are paired
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*list("Start the top"))
        await pilot.pause(0.3)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the top's preview")
        assert [r.stage for r in load(demo).rounds].count("top") == 0  # the palette shows the preview, as K does
        await pilot.press("y")
        await pilot.pause(0.2)
        e = load(demo)
        assert [r.stage for r in e.rounds].count("top") == 1
        assert app.main.stage == "top" and "Top round 1" in screen_text(app)
        assert app.main.applies("agreed")
        await pilot.press("a", "1")  # agreed result (704.4) on board 1
        await pilot.pause()
        assert load(demo).find_round("top", None, 1).game(1).result is Result.AGREED_FIRST_WINS
        assert app.main.selected_board() == 2
        await pilot.press("b")
        await pilot.pause()
        names = {p.name for p in e.players}
        text = screen_text(app)
        assert "no top yet" not in text
        assert any(n.split(",")[0] in text for n in names)


@sync
async def test_top_with_the_key_after_a_preview(demo):
    _finish_swiss(demo)
    app = make_app(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.main.applies("start_top")
        await pilot.press("K")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the top's preview")
        assert isinstance(app.screen, ChoiceScreen) and "aim" in screen_text(app)
        assert not any(r.stage == "top" for r in load(demo).rounds)  # a preview only
        await pilot.press("y")
        await pilot.pause()
        assert any(r.stage == "top" for r in load(demo).rounds)
        assert not app.main.applies("start_top")
        await pilot.press("S")  # back to the Swiss stage to look at it
        await pilot.pause()
        assert app.main.stage == "swiss" and "Round 5" in screen_text(app)


@sync
async def test_enter_on_standings_explains_tiebreaks(demo):
    app = make_app(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        assert "Volkov, Olga (22)" in screen_text(app)


@sync
async def test_top_round_complete_pairs_the_next_and_the_cursor_follows(demo):
    from arbiter_tournament.core.knockout import stage as top

    _finish_swiss(demo)
    EventFile(demo).change(top.start_top, "start the top")
    app = make_app(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.main.shown_round().key == ("top", None, 1)
        await pilot.press(*["1"] * 7, "equals_sign")  # a drawn top game is decided by 705.2
        await pilot.pause()
        e = load(demo)
        assert e.find_round("top", None, 1).missing == 0
        assert app.main.shown_round().key == ("top", None, 2)
        assert app.main.selected_board() == app.main.shown_round().games[0].board
        assert "Top round 2" in screen_text(app)


@sync
async def test_exchange_players_by_hand_after_pairing(tmp_path):
    p = tmp_path / "x.toml"
    e = pairing.pair_next(event_with_players(10, rounds=3))
    create(p, e)
    app = make_app(p)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        g1, g2 = e.rounds[0].games[0], e.rounds[0].games[1]
        await pilot.press("X")
        await pilot.pause()
        app.screen.query_one("#line-input").value = f"{g1.first} {g2.first}"
        await pilot.press("enter")
        await pilot.pause()
        rnd = load(p).find_round("swiss", None, 1)
        assert rnd.game(1).first == g2.first and rnd.game(2).first == g1.first and rnd.game(1).manual
        await pilot.press("1")
        await pilot.pause()
        assert not app.main.applies("exchange")  # the round has a result now


@sync
async def test_the_clock_survives_a_restart_and_every_judge_sees_it(demo):
    clock = FrozenClock()
    EventFile(demo).change(lambda e: commands.set_clock(e, "swiss", 1, 4, deadline=(clock.t + timedelta(minutes=3)).isoformat()),
                           "clock set elsewhere")
    app = make_app(demo, clock=clock, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.main.tick()
        await pilot.pause()
        assert "time 3:00" in screen_text(app)
        assert clock_colour(app) == "ansi=3"  # yellow in the last five minutes
        clock.t += timedelta(minutes=2, seconds=30)
        app.main.tick()
        await pilot.pause()
        assert "time 0:30" in screen_text(app)
        assert clock_colour(app) == "ansi=1"  # red in the last minute


def clock_colour(app) -> str:
    """The background colour of the clock in the status line."""
    content = app.main.query_one("#status").render()
    at = content.plain.index("time ")
    span = next(sp for sp in content.spans if sp.start == at)
    return repr(span.style.background).split(", ")[-1].rstrip(")")


@sync
async def test_time_up_on_another_table_rings_and_goes_there(demo):
    clock = FrozenClock()
    app = make_app(demo, clock=clock, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c", "a")  # 45 minutes on every table at once
        await pilot.pause()
        e = load(demo)
        deadlines = {e.rounds_of("swiss", t)[-1].clock_deadline for t in (1, 2, 3, 4)}
        assert len(deadlines) == 1 and "" not in deadlines
        # table 1 finishes its games; time runs out with table 3 unfinished
        for b in (1, 2):
            EventFile(demo).change(lambda ev, b=b: commands.record_result(ev, "swiss", 1, 4, b, Result.DRAW), "x")
        app.reload()
        app.bell = lambda: None
        clock.t += timedelta(minutes=46)
        app.main.tick()
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and "table 2" in screen_text(app)
        await pilot.press("e")  # enter them one by one: table 2, only missing, technical pending
        await pilot.pause()
        assert app.main.table == 2 and app.main.only_missing and app.main.prefix == "t"
        await pilot.press("1")
        await pilot.pause()
        rnd = load(demo).find_round("swiss", 2, 4)
        assert Result.TECHNICAL_FIRST_WINS in [g.result for g in rnd.games]
