"""The pairing preview (`p`): the boards before they are saved, changes by hand, save or cancel.

Pilot tests in an 80x24 terminal assert on the event file; one SVG snapshot
shows the screen with a board swapped and a rematch made by hand.
"""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import datetime, timezone

import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import EventFile, create, load
from tests.helpers import event_with_players
from tests.tui.pilot import SIZE, pair_preview, screen_text, sync, until
from arbiter_tournament.tui.app import ArbiterApp
from arbiter_tournament.tui.screens.dialogs import LineScreen, TextScreen
from arbiter_tournament.tui.screens.preview import PreviewScreen

def finish(e, seed: int):
    rng = random.Random(seed)
    rnd = e.rounds[-1]
    games = tuple(g if g.second is None else replace(g, result=rng.choice([Result.FIRST_WINS, Result.DRAW, Result.SECOND_WINS]),
                                                     by="anna")
                  for g in rnd.games)
    return e.with_round(replace(rnd, games=games))


@pytest.fixture
def round_one_done(tmp_path):
    """Nine players, round 1 of 3 complete: round 2 is next (with a bye)."""
    p = tmp_path / "cup.toml"
    create(p, finish(pairing.pair_next(event_with_players(9, rounds=3)), 9))
    return p


def make_app(path, **kw) -> ArbiterApp:
    kw.setdefault("user", "judge1")
    kw.setdefault("lang", "en")
    kw.setdefault("poll_interval", 0)
    kw.setdefault("presence", False)
    return ArbiterApp(path, **kw)


async def answer(pilot, text: str) -> None:
    """Type into the one-line prompt the key opened, then Enter."""
    await pilot.pause()
    assert isinstance(pilot.app.screen, LineScreen)
    pilot.app.screen.query_one("#line-input").value = text
    await pilot.press("enter")
    await pilot.pause()


async def open_preview(pilot) -> PreviewScreen:
    await pilot.pause()
    return await pair_preview(pilot)


def rematch(e, proposal_round):
    """Two players (a, c) whose exchange makes a rematch: a meets b again, c goes to a's old opponent."""
    r1 = e.find_round("swiss", None, 1)
    for met in (g for g in r1.games if g.second is not None):
        a, b = met.first, met.second
        mine = next(g for g in proposal_round.games if a in g.players)
        if mine.second is None:
            continue
        opp = mine.second if mine.first == a else mine.first
        if opp != b and any(b in g.players and g.second is not None for g in proposal_round.games):
            return a, b, opp
    raise AssertionError("no rematch to make")


@sync
async def test_pair_swap_exchange_and_save(round_one_done):
    path = round_one_done
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_preview(pilot)
        engine = screen.proposal.rounds[0]
        text = screen_text(app)
        assert "Pairing of round 2" in text and "as the program paired it" in text
        assert "board 1:" in text  # why the highlighted board was made
        assert len(load(path).rounds) == 1  # nothing saved yet
        # w: swap the colours of the highlighted board (board 1)
        await pilot.press("w")
        await pilot.pause()
        g1 = engine.game(1)
        assert screen.proposal.rounds[0].game(1).first == g1.second
        assert "boards changed by hand: 1" in screen_text(app)
        assert "board 1: changed by hand. The program had" in screen_text(app)  # and why it had that
        # x: exchange two players into a rematch: the warning shows at once, in yellow
        a, b, opp = rematch(load(path), screen.proposal.rounds[0])
        await pilot.press("x")
        await answer(pilot, f"{opp} {b}")
        assert "have played each other" in screen_text(app)
        warn = screen.query_one("#preview-warn")
        assert warn.display and "yellow" in str(warn.render().spans[0].style)
        assert len(load(path).rounds) == 1  # still nothing saved
        # y: saved in one change, the boards marked manual
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is app.main
        saved = load(path).find_round("swiss", None, 2)
        assert saved == screen.proposal.rounds[0]
        assert saved.game(1).manual and any(g.manual and set(g.players) == {a, b} for g in saved.games)
        assert any(not g.manual for g in saved.games)  # the boards nobody touched stay the engine's
        assert app.main.shown_round().number == 2
        assert "round 2 paired" in screen_text(app) and "have played each other" in screen_text(app)
        entry = EventFile(path).history()[-1]
        assert entry.what.startswith("pair round 2 (by hand: swap colours on board 1; exchange players")
        # the journal's undo takes the whole pairing back
        await pilot.press("u")
        await pilot.pause()
        assert [r.number for r in load(path).rounds] == [1]


@sync
async def test_bye_by_hand_and_back_to_the_engines_pairing(round_one_done):
    path = round_one_done
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_preview(pilot)
        engine = screen.proposal.rounds[0]
        target = engine.games[0].first
        await pilot.press("b")
        await answer(pilot, str(target))
        byes = [g.first for g in screen.proposal.rounds[0].games if g.second is None]
        assert byes == [target]
        await pilot.press("b")
        await answer(pilot, str(target))  # a second time: refused, shown in red
        assert "already has the bye" in screen_text(app)
        await pilot.press("x")
        await answer(pilot, "12")  # one number only
        assert "type two player numbers" in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        assert screen.proposal.rounds[0] == engine and "back to the program's pairing" in screen_text(app)
        await pilot.press("e")  # every board explained (the engine runs again: a job)
        await until(pilot, lambda: isinstance(app.screen, TextScreen), "the explanation")
        assert isinstance(app.screen, TextScreen) and "Why these pairings" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")  # Enter saves, as y
        await pilot.pause()
        assert load(path).find_round("swiss", None, 2) == engine
        assert not any(g.manual for g in load(path).find_round("swiss", None, 2).games)


@sync
async def test_cancel_leaves_the_file_unchanged(round_one_done):
    path = round_one_done
    before = path.read_text()
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        for cancel in ("n", "escape"):
            await open_preview(pilot)
            await pilot.press("w")
            await pilot.pause()
            await pilot.press(cancel)
            await pilot.pause()
            assert app.screen is app.main and "pairing not saved" in screen_text(app)
    assert path.read_text() == before


@sync
async def test_another_judges_change_before_saving_is_a_conflict(round_one_done):
    path = round_one_done
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_preview(pilot)
        await pilot.press("w")
        await pilot.pause()
        # meanwhile another judge withdraws a player (the command line, another TUI)
        EventFile(path).change(lambda e: commands.withdraw(e, 4), "withdraw player 4")
        before = path.read_text()
        app.reload()  # the app's poll, about every second
        screen.check_file()  # the screen says so at once, before y
        assert "the event was changed since this pairing was made" in screen_text(app)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, PreviewScreen)
        text = " ".join(screen_text(app).split())  # the warning wraps: whole, with who changed what
        assert "the event was changed since this pairing was made" in text and "withdraw player 4): r pairs" in text
        assert path.read_text() == before and len(load(path).rounds) == 1  # nothing saved
        # r pairs again on the event as it is now; y saves that
        await pilot.press("r")  # pairs again: a job
        await until(pilot, lambda: "paired again" in screen_text(app), "the new pairing")
        assert all(4 not in g.players for g in screen.proposal.rounds[0].games)
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is app.main
        assert all(4 not in g.players for g in load(path).find_round("swiss", None, 2).games)


@sync
async def test_one_table_of_several(tmp_path):
    """Four tables: `p` on table 2 pairs table 2 only; another judge pairing table 3 meanwhile does not matter."""
    path = tmp_path / "tables.toml"
    e = event_with_players(24, tables=4, rounds=3)
    for t in (1, 2, 3, 4):
        e = pairing.pair_next(e, t)
    for t in (2, 3):
        rnd = e.rounds_of("swiss", t)[-1]
        e = e.with_round(replace(rnd, games=tuple(replace(g, result=Result.DRAW) if g.second else g for g in rnd.games)))
    create(path, e)
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("T")
        await pilot.pause()
        assert app.main.table == 2
        screen = await open_preview(pilot)
        assert screen.proposal.keys == (("swiss", 2, 2),) and "table 2" in screen_text(app)
        await pilot.press("w")
        await pilot.pause()
        EventFile(path).change(lambda ev: pairing.pair_next(ev, 3), "pair next round of table 3")
        app.reload()
        await pilot.press("y")
        await pilot.pause()
        saved = load(path)
        assert app.screen is app.main
        assert saved.find_round("swiss", 2, 2).game(1).manual and saved.find_round("swiss", 3, 2)
        assert [r.number for r in saved.rounds_of("swiss", 1)] == [1]


@sync
async def test_a_clock_started_meanwhile_does_not_block_the_save(round_one_done):
    path = round_one_done
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await open_preview(pilot)
        EventFile(path).change(lambda e: commands.set_clock(e, "swiss", None, 1, deadline="2026-11-30T10:00:00+00:00"),
                               "clock")
        app.reload()
        await pilot.press("y")
        await pilot.pause()
        e = load(path)
        assert app.screen is app.main and len(e.rounds) == 2 and e.rounds[0].clock_deadline


@sync
async def test_russian_labels_and_layout_keys(round_one_done):
    path = round_one_done
    app = make_app(path, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_preview(pilot)
        text = screen_text(app)
        assert "Жеребьёвка тура 2" in text and "сохранить" in text
        await pilot.press("ц")  # w on a Russian layout
        await pilot.pause()
        assert "досок изменено вручную: 1" in screen_text(app)
        assert screen.proposal.rounds[0].game(1).manual
        await pilot.press("т")  # n
        await pilot.pause()
        assert app.screen is app.main and len(load(path).rounds) == 1


@sync
async def test_names_are_shown_literally(tmp_path):
    p = tmp_path / "names.toml"
    e = commands.new_event("Names", 3)
    for name in ("Carol [/]", "[red]Eve[/red]", "Dan", "Fay"):
        e = commands.add_player(e, name, rating=2000)
    create(p, e)
    app = make_app(p)
    async with app.run_test(size=SIZE) as pilot:
        await open_preview(pilot)
        text = screen_text(app)
        assert "Carol [/]" in text and "[red]Eve[/red]" in text


# -- the picture -------------------------------------------------------------------------------


def test_preview_snapshot_80x24(tmp_path, snap_compare):
    """A board swapped and a rematch made by hand: the marks, the explanation, the warning, the keys."""
    pytest.importorskip("pytest_textual_snapshot")
    p = tmp_path / "snap.toml"
    e = commands.new_event("Snapshot Open", 3, lots_seed=3, initial_colour="w")
    for name, rating in (("Carol [/]", 2200), ("Dan", 2150), ("[red]Eve[/red]", 2100), ("Fay", 2050), ("Gus", 2000),
                         ("Hal", 1950), ("Ivy", 1900), ("Jon", 1850), ("Kim", 1800)):
        e = commands.add_player(e, name, rating=rating)
    e = pairing.pair_next(e)
    e = finish(e, 9)
    create(p, e)
    proposal = pairing.pair_next(e).find_round("swiss", None, 2)
    a, b, opp = rematch(e, proposal)
    app = ArbiterApp(p, lang="en", user="judge1", poll_interval=0, presence=False,
                     clock=lambda: datetime(2026, 11, 28, 14, 0, tzinfo=timezone.utc))

    async def paired(pilot) -> None:  # the pairing is a job: the preview once it is done
        await pair_preview(pilot)

    keys = ["w", "x", *str(opp), "space", *str(b), "enter", "down"]
    assert snap_compare(app, terminal_size=SIZE, press=keys, run_before=paired)
