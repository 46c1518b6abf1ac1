"""The TUI and the play-off's preconditions: the palette's play-off refused mid-event, saying why; the question of
a correction after the play-off says when the play-off would no longer stand (both languages)."""

from __future__ import annotations

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import create
from arbiter_tournament.tui.screens.entry import change_preview
from tests.core.test_playoff_valid import case_a, decided
from tests.helpers import event_with_players, with_round
from tests.tui.pilot import SIZE, flat, make_app, sync, until

MID = "the main stage is not finished: a play-off for first place starts once every round has every result"


def test_the_correction_question_says_the_playoff_no_longer_stands():
    e = decided(case_a())
    rnd = e.find_round("roundrobin", None, 3)
    g = next(g for g in rnd.games if set(g.players) == {1, 3})
    wrong = Result.SECOND_WINS if g.first == 1 else Result.FIRST_WINS  # Иванов (1) lost to Сидоров (3)
    en = change_preview(e, rnd, g.board, wrong, "en").plain
    assert ("the play-off for first place no longer stands after this change: its players are not exactly the "
            "players tied for first") in en
    assert "no later round depends on it" in en
    ru = change_preview(e, rnd, g.board, wrong, "ru").plain
    assert ("после этого изменения плей-офф за первое место не действует: его участники — не ровно те, кто делит "
            "первое место") in ru
    # a correction that leaves the tie as it was says nothing of the play-off
    g34 = next(g for r in e.rounds_of("roundrobin") for g in r.games if set(g.players) == {3, 4})
    r34 = next(r for r in e.rounds_of("roundrobin") if g34 in r.games)
    assert "play-off" not in change_preview(e, r34, g34.board, Result.DRAW, "en").plain


@sync
async def test_the_palette_playoff_mid_event_is_refused_saying_why(tmp_path):
    p = tmp_path / "mid.toml"
    e = with_round(event_with_players(4, rounds=3), 1, [(1, 3), (2, 4)], ["1-0", "1-0"])
    assert cmds.StartPlayoff().why_not(e).text("en") == MID
    create(p, e)
    before = p.read_bytes()
    app = make_app(p)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.main.action_start_playoff()
        await until(pilot, lambda: MID in flat(app), "the refusal on the message line")
        assert p.read_bytes() == before


@sync
async def test_the_palette_takes_a_void_playoff_back(tmp_path):
    from arbiter_tournament.core.event import commands
    from arbiter_tournament.core.final.ranking import final_ranking
    from arbiter_tournament.core.store import load

    e = decided(case_a())
    g = next(g for g in e.find_round("roundrobin", None, 3).games if set(g.players) == {1, 3})
    e = commands.record_result(e, "roundrobin", None, 3, g.board,
                               Result.SECOND_WINS if g.first == 1 else Result.FIRST_WINS, force=True)
    p = tmp_path / "void.toml"
    create(p, e)
    app = make_app(p)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.main.action_cancel_playoff()
        await until(pilot, lambda: "Take the play-off back: its plan and every play-off game?" in flat(app))
        assert "the play-off no longer applies: its players are no longer tied for first" in flat(app)
        await pilot.press("y")
        await until(pilot, lambda: load(p).stage_state("playoff") is None, "the play-off taken back")
        assert not load(p).rounds_of("playoff") and final_ranking(load(p)).rows[0].id == 2
        await until(pilot, lambda: "the play-off has been taken back" in flat(app))
