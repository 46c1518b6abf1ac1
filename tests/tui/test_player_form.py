"""The player form (pilot): every field, a player's values to edit, no index said once, a refusal named."""

from __future__ import annotations

import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.store import create, load
from arbiter_tournament.tui.screens.player_form import PlayerForm
from tests.tui.pilot import SIZE, make_app, screen_text, sync, until


@pytest.fixture
def ev(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "no-index"))
    e = commands.add_player(commands.new_event("Open", 5), "Adams, Ann", rating=2100, federation="Россия",
                            title="wim", fide_id="24101234", sex="f", birth="17.05.1990")
    p = tmp_path / "ev.toml"
    create(p, e)
    return p


@sync
async def test_edit_shows_every_field_with_the_player_s_values_and_saves_them_checked(ev):
    app = make_app(ev, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("P", "e")
        await until(pilot, lambda: isinstance(app.screen, PlayerForm), "the form")
        values = {i.id[2:]: i.value for i in app.screen.query("Input")}
        assert values == {"name": "Adams, Ann", "rating": "2100", "club": "", "title": "WIM", "fide_id": "24101234",
                          "federation": "RUS", "sex": "f", "birth": "1990-05-17"}
        app.screen.query_one("#f-federation").value = "Казахстан"
        app.screen.query_one("#f-birth").value = "1990/05/18"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, PlayerForm), "saved")
    p = load(ev).players[0]
    assert (p.federation, p.birth, p.title) == ("KAZ", "1990-05-18", "WIM")


@sync
async def test_without_an_index_the_form_says_why_there_are_no_candidates(ev):
    app = make_app(ev, poll_interval=0, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("P", "a")
        await until(pilot, lambda: isinstance(app.screen, PlayerForm), "the form")
        await pilot.press(*"Иванов")
        await until(pilot, lambda: "рейтинг-листы ещё не импортированы" in screen_text(app), "said once")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, PlayerForm), "saved")
    assert load(ev).players[-1].name == "Иванов"


@pytest.mark.parametrize("field,typed,said", [
    ("fide_id", "12a", "FIDE id '12a' is not a FIDE id: 1 to 10 digits"),
    ("birth", "31.02.1990", "birth '31.02.1990' is not a real date"),
    ("title", "XYZ", "title 'XYZ' is not one of FIDE's titles"),
    ("rating", "１２３", "rating: '１２３' is not a whole number (the digits 0-9)"),
    ("rating", "²", "rating: '²' is not a whole number (the digits 0-9)"),
    ("rating", "٣①", "is not a whole number"),
    ("rating", "9" * 4400, "rating: 99999999999999999999… is too high: at most 9999"),
    ("rating", "9" * 20, "rating: 99999999999999999999 is too high: at most 9999"),
    ("sex", "x", "sex 'x' is not m or f"),
])
@sync
async def test_a_refused_value_keeps_what_was_typed_and_focuses_its_field(ev, field, typed, said):
    app = make_app(ev, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("P", "a")
        await until(pilot, lambda: isinstance(app.screen, PlayerForm), "the form")
        app.screen.query_one("#f-name").value = "Zed, Zoe"
        app.screen.query_one(f"#f-{field}").value = typed
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, PlayerForm) and said in screen_text(app), "the refusal")
        assert app.screen.query_one("#f-name").value == "Zed, Zoe"
        assert app.screen.query_one(f"#f-{field}").value == typed
        await until(pilot, lambda: app.screen.focused is app.screen.query_one(f"#f-{field}"), "its field focused")
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, PlayerForm), "cancelled")
    assert len(load(ev).players) == 1


@sync
async def test_a_csv_imported_in_the_tui_is_filled_from_the_rating_lists_by_fide_id(ev, tmp_path, monkeypatch):
    from arbiter_tournament.core.ratings.index import Index
    from arbiter_tournament.core.ratings.lists import read_fide
    from arbiter_tournament.tui.screens.dialogs import LineScreen
    from tests.core.test_ratings import SAMPLE

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    lst = tmp_path / "players_list_foa.txt"
    lst.write_text(SAMPLE, encoding="ascii")
    Index().import_list("players_list_foa", "fide", "2026-12-01", str(lst), read_fide(lst))
    csv = tmp_path / "reg.csv"
    csv.write_text("name,fide id,club\n,4100018,Ladya\n", encoding="utf-8")
    app = make_app(ev, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("P", "i")
        await until(pilot, lambda: isinstance(app.screen, LineScreen), "the prompt")
        app.screen.query_one("#line-input").value = str(csv)
        await pilot.press("enter")
        await until(pilot, lambda: "1 filled in from the rating lists by FIDE id" in screen_text(app), "said")
    p = load(ev).players[-1]
    assert (p.name, p.club, p.federation, p.title, p.rating) == ("Example, Olga", "Ladya", "KAZ", "IM", 2405)
