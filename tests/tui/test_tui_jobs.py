"""Slow work off the event loop (issue 12, point 4): the TUI never freezes.

A pairing (`p`, the preview's `r`, the top's `K`) and an explanation run as
a job in a thread: the progress line says what is under way and for how
long, every key still answers (other panels, other tables, results on
another table, `?`), and Esc stops it with the file as it was. The
standings of a big event and the reload of a big file are computed in a
thread too.

The pairings are real (no mocked engine). The tests hold the pairing at
its progress hook (`ArbiterApp(progress_hook=...)`, called by
`core.pairing.rounds.pair_next` before each table's pairing and by the engine
while it works) so that "during the pairing" holds however fast the engine
is; one test pairs a heavy round of the perf corpus (700 players with byes
and forfeits) and checks it is the endorsed engine's.
"""

from __future__ import annotations

import re

import threading
from dataclasses import replace
from pathlib import Path

import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.formats.trf import parse_trf
from arbiter_tournament.core.formats.trf_event import trf_to_event
from arbiter_tournament.core.event.model import Event, Player
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.tiebreaks.standings import standings
from arbiter_tournament.core.store import EventFile, create, load
from tests.conftest import PERF
from tests.tui.pilot import SIZE, make_app, screen_text, sync, until
from arbiter_tournament.tui.screens.dialogs import TextScreen
from arbiter_tournament.tui.screens.preview import PreviewScreen
from arbiter_tournament.tui.widgets.progress import ProgressLine



def two_tables(trf: Path, before: int) -> Event:
    """Table 1: a perf-corpus event cut before round `before` (heavy to pair); table 2: ten players, round 1 to play."""
    t = parse_trf(trf.read_text(encoding="utf-8"), str(trf))
    e = trf_to_event(t, str(trf), name="Heavy Open")
    players = tuple(replace(p, table=1) for p in e.players)
    rounds = tuple(replace(r, table=1) for r in e.rounds if r.number < before)
    n = max(p.id for p in players)
    extra = tuple(Player(n + i, f"Second, Table {i:02d}", rating=1500 + 10 * i, table=2) for i in range(1, 11))
    return pairing.pair_next(replace(e, players=players + extra, rounds=rounds, tables=2), 2)


@pytest.fixture(scope="module")
def heavy_event() -> Event:
    path = PERF / "perf_n700_r9_byes.trf"
    return two_tables(path, 7)


@pytest.fixture
def heavy(tmp_path, heavy_event) -> Path:
    p = tmp_path / "heavy.toml"
    create(p, heavy_event)
    return p


@pytest.fixture
def small_two(tmp_path) -> Path:
    """Two tables: table 1 with round 1 complete (p applies), table 2 with round 1 to play."""
    from tests.helpers import event_with_players

    e = event_with_players(20, tables=2, rounds=3)
    e = pairing.pair_next(pairing.pair_next(e, 1), 2)
    for g in e.rounds_of("swiss", 1)[0].games:
        if g.second is not None:
            e = commands.record_result(e, "swiss", 1, 1, g.board, Result.DRAW, by="t")
    p = tmp_path / "two.toml"
    create(p, e)
    return p


class Gate:
    """A progress hook that holds the pairing until the test opens it."""

    def __init__(self) -> None:
        self.opened = threading.Event()
        self.calls = 0

    def __call__(self) -> None:
        self.calls += 1
        self.opened.wait(60)

    def open(self) -> None:
        self.opened.set()


def progress_text(app) -> str:
    line = app.screen.query_one(ProgressLine)
    return str(line.render()) if line.display else ""


async def wait_threads(app) -> None:
    for job in app.unfinished_jobs():
        assert job.ended.wait(60), "a stopped job never ended"


@sync
async def test_the_progress_line_shows_what_is_under_way_and_for_how_long(small_two):
    gate = Gate()
    for lang, words in (("en", "pairing round 2 of table 1 …"), ("ru", "жеребьёвка тура 2, стол 1 …")):
        app = make_app(small_two, lang=lang, poll_interval=0, progress_hook=gate)
        gate.opened.clear()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("p")
            await until(pilot, lambda: gate.calls and progress_text(app), "the progress line")
            first = progress_text(app)
            assert words in first and ("Esc" in first) and app.screen is app.main
            shown = int(re.search(r"… (\d+) [sс] ·", first).group(1))  # 0 s, or more on a loaded machine
            await until(pilot, lambda: re.search(rf"… {shown + 1} [sс] ·", progress_text(app)), "a second later")
            gate.open()
            await until(pilot, lambda: isinstance(app.screen, PreviewScreen), "the preview")
            assert not app.screen.query_one(ProgressLine).display and app.job is None
            await pilot.press("n")
            await pilot.pause()
            await wait_threads(app)


@sync
async def test_every_key_answers_during_a_pairing_and_a_result_on_another_table_is_saved(small_two):
    gate = Gate()
    app = make_app(small_two, poll_interval=0, progress_hook=gate)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await until(pilot, lambda: gate.calls and progress_text(app), "the pairing under way")
        await pilot.press("s")  # another panel
        await pilot.pause()
        assert app.main.view == "standings" and "Standings" in screen_text(app)
        await pilot.press("question_mark")  # the help page
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        await pilot.press("escape")  # closes the page, the pairing goes on
        await pilot.pause()
        assert app.screen is app.main and app.job is not None
        await pilot.press("r", "T")  # the round panel, the other table
        await pilot.pause()
        assert app.main.table == 2 and "pairing round 2 of table 1" in progress_text(app)
        board = app.main.selected_board()
        await pilot.press("1")  # a result on table 2 while table 1 is paired
        await pilot.pause()
        assert load(small_two).find_round("swiss", 2, 1).game(board).result is Result.FIRST_WINS
        await pilot.press("p")  # one pairing at a time: it says so
        await pilot.pause()
        assert "is under way" in screen_text(app)
        gate.open()
        await until(pilot, lambda: isinstance(app.screen, PreviewScreen), "the preview of table 1")
        assert app.screen.proposal.keys == (("swiss", 1, 2),)
        await pilot.press("y")
        await pilot.pause()
        e = load(small_two)  # both changes in the file
        assert e.find_round("swiss", 2, 1).game(board).result is Result.FIRST_WINS
        assert [r.number for r in e.rounds_of("swiss", 1)] == [1, 2]
        await wait_threads(app)


@sync
async def test_esc_stops_the_pairing_and_leaves_the_file_as_it_was(small_two):
    gate = Gate()
    before = small_two.read_bytes()
    for lang, said in (("en", "pairing round 2 of table 1: stopped, nothing saved"),
                       ("ru", "жеребьёвка тура 2, стол 1: остановлено, ничего не сохранено")):
        gate.opened.clear()
        app = make_app(small_two, lang=lang, poll_interval=0, progress_hook=gate)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("p")
            await until(pilot, lambda: gate.calls and progress_text(app), "the pairing under way")
            await pilot.press("escape")
            await pilot.pause()
            assert app.job is None and not app.main.query_one(ProgressLine).display
            assert said in screen_text(app) and app.screen is app.main
            gate.open()  # the pairing's next progress step stops it
            await wait_threads(app)
            await pilot.pause(0.2)
            assert app.screen is app.main  # no preview comes after all
        assert small_two.read_bytes() == before


@sync
async def test_esc_in_the_preview_stops_a_new_pairing_and_keeps_the_proposal(small_two):
    gate = Gate()
    gate.open()
    app = make_app(small_two, poll_interval=0, progress_hook=gate)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, PreviewScreen), "the preview")
        screen = app.screen
        first = screen.proposal
        EventFile(small_two).change(lambda e: commands.withdraw(e, 1), "withdraw player 1")
        app.reload()
        await pilot.pause()
        gate.opened.clear()
        await pilot.press("r")  # pairs again on the file as it is now: a job
        await until(pilot, lambda: progress_text(app), "the new pairing under way")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.proposal is first and app.job is None
        gate.open()
        await wait_threads(app)
        await pilot.press("escape")  # now Esc cancels the preview
        await pilot.pause()
        assert app.screen is app.main and "pairing not saved" in screen_text(app)


@sync
async def test_a_heavy_round_of_the_perf_corpus_pairs_while_the_judge_enters_results(heavy):
    """700 players with byes and forfeits, round 7: a real pairing (the engine's seconds of work), held at its
    first step only until a result on table 2 is saved (so that "during" holds on any engine), then let go."""
    gate = Gate()
    app = make_app(heavy, poll_interval=0, progress_hook=gate)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.main.table == 1 and app.main.applies("pair")
        await pilot.press("p")
        await until(pilot, lambda: gate.calls and "pairing round 7 of table 1" in progress_text(app), "the pairing")
        await pilot.press("T")  # table 2, while table 1 is paired
        await pilot.pause()
        board = app.main.selected_board()
        await pilot.press("1")
        await until(pilot, lambda: load(heavy).find_round("swiss", 2, 1).game(board).result is Result.FIRST_WINS,
                    "the result on table 2")
        assert app.job is not None and "pairing round 7 of table 1" in progress_text(app)
        gate.open()
        await until(pilot, lambda: isinstance(app.screen, PreviewScreen), "the preview", timeout=300)
        await pilot.press("y")
        await pilot.pause()
        e = load(heavy)
        assert e.find_round("swiss", 2, 1).game(board).result is Result.FIRST_WINS
        trf = PERF / "perf_n700_r9_byes.trf"  # the round saved is the one the endorsed engine made
        stored = trf_to_event(parse_trf(trf.read_text(encoding="utf-8"), str(trf))).find_round("swiss", None, 7)
        assert {g.players for g in e.find_round("swiss", 1, 7).games} == {g.players for g in stored.games}


@sync
async def test_the_standings_of_a_big_event_are_computed_in_a_thread(heavy):
    app = make_app(heavy, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await until(pilot, lambda: "computing" not in screen_text(app) and app.main.standings.query_one(
            "#standings-table").row_count, "the standings")
        e = load(heavy)
        table = app.main.standings.query_one("#standings-table")
        rows = standings(e, table=1, after_round=6)
        assert [table.cells[k][1][0] for k in table.order] == [str(r.id) for r in rows]
        assert "Standings · round 6 · table 1" in screen_text(app)


@sync
async def test_a_big_file_changed_by_another_judge_is_read_again_in_a_thread(heavy):
    app = make_app(heavy, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("T")
        await pilot.pause()
        board = app.main.selected_board()
        EventFile(heavy).change(lambda e: commands.record_result(e, "swiss", 2, 1, board, Result.DRAW, by="judge2"),
                                "result swiss round 1 table 2 board 1: 1/2")
        app.poll()
        assert app.changes_seen == 0  # read in a thread: not yet
        await until(pilot, lambda: app.changes_seen == 1, "the reload")
        await pilot.pause()
        assert app.main.shown_round().game(board).result is Result.DRAW and "changed" in screen_text(app)
        await pilot.press("down", "1")  # then a result of this judge on the next board: saved on the file as it is
        await pilot.pause()
        e = load(heavy)
        assert e.find_round("swiss", 2, 1).game(board).result is Result.DRAW
        assert sum(1 for g in e.find_round("swiss", 2, 1).games if g.result is not None) == 2
