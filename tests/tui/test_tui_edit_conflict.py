"""Two judges editing one player at once (pilot): the second save never wipes the first judge's change.

Judge 2's form is open on player 1 while judge 1 (another TUI, or the command line) saves a change of the same
player. Judge 2's save sends only the fields judge 2 changed, expecting the values the form was opened with: a
field only judge 1 changed is kept; the same field changed by both asks "Another judge changed this player",
o saving judge 2's value over it, k keeping theirs with the rest of the form as typed, Esc back to the form.
"""

from __future__ import annotations

import pytest

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core.event import commands
from arbiter_tournament.core.store import EventFile, create, load
from arbiter_tournament.tui.screens.dialogs import ChoiceScreen
from arbiter_tournament.tui.screens.player_form import PlayerForm
from tests.tui.pilot import SIZE, flat, make_app, sync, until


@pytest.fixture
def ev(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "no-index"))
    e = commands.add_player(commands.new_event("Open", 5), "Alpha, A", rating=0)
    e = commands.add_player(e, "Beta, B", rating=1800)
    p = tmp_path / "ev.toml"
    create(p, e)
    return p


async def open_form(app, pilot):
    await pilot.pause()
    await pilot.press("P", "e")  # the cursor on the first player: Alpha, A
    await until(pilot, lambda: isinstance(app.screen, PlayerForm), "the form")
    assert app.screen.query_one("#f-name").value == "Alpha, A"


def other_judge(ev, **fields):
    """Judge 1 saves in another TUI meanwhile (its own form opened on the player as it was)."""
    p = load(ev).player(1)
    cmds.run(EventFile(ev), cmds.EditPlayer(1, **fields, expected={k: getattr(p, k) for k in fields}))


@sync
async def test_another_judge_s_rating_is_kept_when_this_judge_changes_only_the_name(ev):
    app = make_app(ev, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_form(app, pilot)
        other_judge(ev, rating=1234)
        app.screen.query_one("#f-name").value = "Alpha, Anna"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, (PlayerForm, ChoiceScreen)), "saved, no question")
        await until(pilot, lambda: "Alpha, Anna (1) saved" in flat(app), "said")
    p = load(ev).player(1)
    assert (p.name, p.rating) == ("Alpha, Anna", 1234)
    assert load(ev).player(2).rating == 1800


@sync
async def test_the_same_field_asks_and_o_saves_over_it(ev):
    app = make_app(ev, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_form(app, pilot)
        other_judge(ev, rating=1234)
        app.screen.query_one("#f-rating").value = "1500"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        said = flat(app)
        assert "Another judge changed this player" in said
        assert "Alpha, A (1) was changed by another judge since you opened it: rating: you saw 0, it is now 1234" in said
        assert "Overwrite with yours: rating 1500?" in said
        assert load(ev).player(1).rating == 1234  # nothing written yet
        await pilot.press("o")
        await until(pilot, lambda: "Alpha, A (1) saved over the other judge's change" in flat(app), "saved over")
    assert load(ev).player(1).rating == 1500


@sync
async def test_k_keeps_theirs_and_the_rest_typed_is_saved_next(ev):
    app = make_app(ev, poll_interval=0, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await open_form(app, pilot)
        other_judge(ev, rating=1234)
        before = ev.read_bytes()
        app.screen.query_one("#f-rating").value = "1500"
        app.screen.query_one("#f-club").value = "Kazan CC"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        said = flat(app)
        assert "Другой судья изменил этого участника" in said
        assert "участника Alpha, A (1) изменил другой судья, пока форма была открыта: рейтинг: было 0, теперь 1234" \
            in said
        await pilot.press("k")
        await until(pilot, lambda: isinstance(app.screen, PlayerForm), "the form again")
        values = {i.id[2:]: i.value for i in app.screen.query("Input")}
        assert (values["rating"], values["club"]) == ("1234", "Kazan CC")  # theirs; the club as typed
        assert "оставлено значение другого судьи: рейтинг 1234 (вы ввели 1500)" in flat(app)
        assert ev.read_bytes() == before
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, (PlayerForm, ChoiceScreen)), "saved")
    p = load(ev).player(1)
    assert (p.rating, p.club) == (1234, "Kazan CC")


@sync
async def test_esc_goes_back_to_the_form_as_typed_and_saving_asks_again(ev):
    app = make_app(ev, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_form(app, pilot)
        other_judge(ev, name="Alpha, Alice")
        app.screen.query_one("#f-name").value = "Alpha, Anna"
        app.screen.query_one("#f-rating").value = "1600"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, PlayerForm), "the form again")
        values = {i.id[2:]: i.value for i in app.screen.query("Input")}
        assert (values["name"], values["rating"]) == ("Alpha, Anna", "1600")  # nothing typed is lost
        assert "name: you saw Alpha, A, it is now Alpha, Alice" in flat(app)
        assert app.screen.focused is app.screen.query_one("#f-name")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "asked again")
        await pilot.press("o")
        await until(pilot, lambda: not isinstance(app.screen, (PlayerForm, ChoiceScreen)), "saved")
    p = load(ev).player(1)
    assert (p.name, p.rating) == ("Alpha, Anna", 1600)


@sync
async def test_two_apps_on_one_file(ev):
    """Both judges' TUIs: judge 1 saves the rating while judge 2's form is open; judge 2 saves the name."""
    one, two = make_app(ev, poll_interval=0), make_app(ev, poll_interval=0, user="judge2")
    async with one.run_test(size=SIZE) as p1, two.run_test(size=SIZE) as p2:
        await open_form(two, p2)
        await open_form(one, p1)
        one.screen.query_one("#f-rating").value = "1234"
        await p1.press("ctrl+s")
        await until(p1, lambda: not isinstance(one.screen, PlayerForm), "judge 1 saved")
        two.screen.query_one("#f-name").value = "Alpha, Anna"
        await p2.press("ctrl+s")
        await until(p2, lambda: not isinstance(two.screen, (PlayerForm, ChoiceScreen)), "judge 2 saved, no question")
    p = load(ev).player(1)
    assert (p.name, p.rating) == ("Alpha, Anna", 1234)
