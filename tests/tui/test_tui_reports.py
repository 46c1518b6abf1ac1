"""The phones' queue in the TUI (R): the count in the status line, the lines, y on the line under the cursor,
A for every agreed report, d; both languages; 80x24 (the real program in tmux: tests/web/test_web_reports.py)."""

from __future__ import annotations

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core.event import commands, reports as R
from arbiter_tournament.core.event.codes import fresh_codes
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.store import create, journal, load
from arbiter_tournament.core.store.reports import Reports
from arbiter_tournament.tui.screens.reports import ReportsScreen
from tests.helpers import event_with_players
from tests.tui.pilot import SIZE, make_app, screen_text, sync, until


def _paired(tmp_path):
    e = pairing.pair_next(event_with_players(8, rounds=3))
    e = cmds.GiveCodes(fresh_codes([p.id for p in e.players], [])).apply(e)
    path = tmp_path / "cup.toml"
    create(path, e)
    g = e.rounds[-1].games
    d = lambda pid, r: R.report_doc(pid, R.my_game(e, pid), r, "2026-12-06T10:00:00+00:00")  # noqa: E731
    Reports(path).append([d(g[0].first, Result.FIRST_WINS), d(g[0].second, Result.FIRST_WINS),
                          d(g[1].first, Result.DRAW), d(g[1].second, Result.SECOND_WINS),
                          d(g[2].first, Result.DRAW), d(g[2].second, Result.DRAW),
                          d(g[3].second, Result.SECOND_WINS),
                          {"kind": "withdraw", "pid": g[3].first, "round": 2, "at": "t"},
                          {"kind": "wrong", "addr": "10.0.0.7", "at": "2026-12-06T10:01:02+00:00"}])
    return path, g


@sync
async def test_the_queue_accepts_one_line_every_agreed_report_and_a_request(tmp_path):
    path, g = _paired(tmp_path)
    app = make_app(path, poll_interval=0.1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "6 from phones" in screen_text(app).splitlines()[0], "the count")
        await pilot.press("R")
        await until(pilot, lambda: isinstance(app.screen, ReportsScreen) and "dispute" in screen_text(app), "R")
        lines = screen_text(app).splitlines()
        assert all(len(x) <= 80 for x in lines) and len(lines) == 24
        rows = [x for x in lines if x.startswith(" round 1 board")]
        assert [x.split()[-1] for x in rows] == ["agreed", "dispute", "agreed", "waiting"]
        await pilot.press("y")  # board 1, under the cursor
        await until(pilot, lambda: load(path).rounds[-1].game(1).result is Result.FIRST_WINS, "y")
        await until(pilot, lambda: "board 1: 1-0 accepted" in screen_text(app), "said")
        await pilot.press("y")  # board 2: a dispute is not accepted
        await until(pilot, lambda: "enter the result on the board yourself" in screen_text(app), "dispute")
        assert load(path).rounds[-1].game(2).result is None
        await pilot.press("A")  # every agreed report: board 3
        await until(pilot, lambda: load(path).rounds[-1].game(3).result is Result.DRAW, "A")
        assert load(path).rounds[-1].game(4).result is None  # one report waits for the judge's own key
        whats = [x.what for x in journal.read(path)]
        assert whats[-1] == f"result swiss round 1 board 3: 1/2, reported by {g[2].first}, {g[2].second}"
        await until(pilot, lambda: "withdrawal" in screen_text(app), "the request")
        for _ in range(2):  # to the request: after the dispute and board 4
            await pilot.press("down")
        await pilot.press("y")
        await until(pilot, lambda: load(path).player(g[3].first).withdrawn_from == 2, "the withdrawal")
        await until(pilot, lambda: "wrong codes" in screen_text(app) and "withdrawal" not in screen_text(app), "")
        await pilot.press("down", "down", "d")  # the wrong-code line: seen
        await until(pilot, lambda: "1 wrong codes" not in screen_text(app), "d")
        await pilot.press("escape")
        await until(pilot, lambda: "2 from phones" in screen_text(app).splitlines()[0], "the count after")
        # the cursor was on board 1, accepted from the queue: it moved on as after the judge's own result, to the
        # first board without one (the next key would else ask to replace 1-0)
        assert app.main.selected_board() == 2
        await pilot.press("L", "R")
        await until(pilot, lambda: "спор" in screen_text(app) and "ждёт" in screen_text(app), "in Russian")

        assert "Сообщения игроков с телефонов" in screen_text(app)


@sync
async def test_long_names_are_cut_in_the_queue_never_its_status_at_80_columns(tmp_path):
    """The queue's "who" column takes what the screen leaves: a long name is cut with its number kept, the result
    and the status whole (they were past column 80: "согласо…", the time "11:3")."""
    long = "Константинопольская-Верхнеднепровская, Александра Владимировна"
    e = commands.new_event("Долгие имена", 3, lots_seed=7)
    for i in range(1, 9):
        e = commands.add_player(e, f"{long} {i}", rating=2400 - i)
    e = pairing.pair_next(e)
    e = cmds.GiveCodes(fresh_codes([p.id for p in e.players], [])).apply(e)
    path = tmp_path / "long.toml"
    create(path, e)
    g = e.rounds[-1].games
    d = lambda pid, r: R.report_doc(pid, R.my_game(e, pid), r, "2026-12-06T10:00:00+00:00")  # noqa: E731
    Reports(path).append([d(g[0].first, Result.FIRST_WINS), d(g[0].second, Result.FIRST_WINS),
                          d(g[1].first, Result.DRAW), d(g[1].second, Result.SECOND_WINS),
                          {"kind": "wrong", "addr": "10.0.0.7", "at": "2026-12-06T11:31:22+00:00"}])
    app = make_app(path, poll_interval=0.1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("L")
        await until(pilot, lambda: "с телефонов" in screen_text(app).splitlines()[0], "the count")
        await pilot.press("R")
        await until(pilot, lambda: isinstance(app.screen, ReportsScreen) and "спор" in screen_text(app), "R")
        rows = [x for x in screen_text(app).splitlines()[2:] if x.startswith(" тур 1") or "неверных" in x]
        assert len(rows) == 3
        for x in rows:
            assert len(x.rstrip()) < 80, rows  # nothing reaches the last column: nothing is cut there
        agreed, dispute, wrong = rows
        assert agreed.rstrip().endswith("1-0  согласовано") and f"({g[0].first}) · " in agreed
        assert f"({g[0].second})" in agreed and "…" in agreed
        assert dispute.rstrip().endswith("?  спор") and "1/2" in dispute and "0-1 ·" not in dispute[:20]
        assert wrong.rstrip().endswith("11:31:22")
