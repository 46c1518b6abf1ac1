"""Issue 33, point 4: the forms the day needs, in the TUI at 80x24 in both languages (pilot): a new event of
every kind (the same core call as `arbiter new`), the event's report details (as `arbiter event set`), the
704.4 split (as `arbiter prizes split`). A value refused keeps the form open with everything typed, says
which field, and focuses it. Asserted on the file core reads back.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from textual.widgets import Input

from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.final import changes
from arbiter_tournament.core.knockout import stage as top
from arbiter_tournament.core.store import create, load
from arbiter_tournament.core.event import commands
from arbiter_tournament.tui.screens.dialogs import FormScreen
from tests.final_events import play_top, swiss
from tests.tui.pilot import SIZE, flat, make_app, screen_text, sync, until

WORDS = {
    "en": {"created": "created", "not_number": "is not a number", "rounds": "rounds", "system_bad": "is not swiss",
           "federation": "federation: 'rus' is not a federation's code", "saved": "event details saved",
           "end": "the event ends (2026-05-01) before it starts (2026-05-09)", "split": "prize split saved",
           "agreed": "agreed no top game", "parts": "parts: 'x' is not a whole number"},
    "ru": {"created": "создан", "not_number": "не число", "rounds": "туров", "system_bad": "не швейцарская",
           "federation": "федерация: 'rus'", "saved": "данные турнира сохранены",
           "end": "2026-05-01", "split": "делёж призов сохранён", "agreed": "704.4",
           "parts": "доли: 'x' — не целое число"},
}


async def open_form(pilot, app, action: str) -> FormScreen:
    app.main.action_act(action)
    await until(pilot, lambda: isinstance(app.screen, FormScreen), f"the form of {action}")
    await pilot.pause()
    return app.screen


async def fill(pilot, app, values: dict) -> None:
    """Type the values into the form shown, then Enter from the last field (submits)."""
    form = app.screen
    for name, value in values.items():
        form.query_one(f"#f-{name}", Input).value = value
    form.set_focus(list(form.query(Input))[-1])
    await pilot.press("enter")
    await pilot.pause()


async def refused_with(pilot, app, field: str, said: str) -> FormScreen:
    await until(pilot, lambda: isinstance(app.screen, FormScreen) and app.screen.query(".form-error"),
                "the form again, with why")
    await pilot.pause()
    form = app.screen
    assert said in flat(app), flat(app)
    assert form.focused is form.query_one(f"#f-{field}", Input)
    assert form.focused.region.height and app.screen.query_one(".dialog-body").region.contains_region(
        form.focused.region)  # the field refused is in view
    assert all(len(line) <= 80 for line in screen_text(app).splitlines())
    return form


def values_of(form: FormScreen) -> dict:
    return {i.id[2:]: i.value for i in form.query(Input)}


@pytest.mark.parametrize("lang", ["en", "ru"])
@sync
async def test_a_new_event_of_every_kind_from_the_form(tmp_path, lang):
    w = WORDS[lang]
    here = tmp_path / "open.toml"
    create(here, commands.new_event("Open", 3, lots_seed=1))
    app = make_app(here, lang=lang)
    kinds = [  # (values typed, what core reads back)
        ({"file": str(tmp_path / "teams.toml"), "name": "Team Cup", "system": "swiss", "rounds": "5",
          "boards": "4", "match_points": "3,1,0"},
         lambda e: team_event.is_team_event(e) and team_event.state(e).boards == 4 and e.system == "swiss"
         and team_event.state(e).match_points.win == 3),
        ({"file": str(tmp_path / "rr.toml"), "name": "Round Robin", "system": "круговая" if lang == "ru" else "r",
          "rounds": "7"}, lambda e: e.system == "roundrobin" and not team_event.is_team_event(e)),
        ({"file": str(tmp_path / "drr.toml"), "name": "Double", "system": "double-roundrobin", "rounds": "6"},
         lambda e: e.system == "double-roundrobin"),
        ({"file": str(tmp_path / "open38.toml"), "name": "Open 38", "rounds": "7", "tables": "4", "top": "16",
          "third": "д" if lang == "ru" else "y"},
         lambda e: e.system == "swiss" and e.tables == 4 and e.top == 16 and e.third_place),
        ({"file": str(tmp_path / "trr.toml"), "name": "Team RR", "system": "roundrobin", "boards": "2"},
         lambda e: e.system == "roundrobin" and team_event.state(e).boards == 2),
    ]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for typed, check in kinds:
            await open_form(pilot, app, "new_event")
            await fill(pilot, app, typed)
            await until(pilot, lambda: not isinstance(app.screen, FormScreen), "the event made")
            await until(pilot, lambda: w["created"] in screen_text(app), "said")
            e = load(typed["file"])
            assert check(e), typed
            assert e.name == typed["name"]
        # a value refused: the form keeps what was typed, names the field and focuses it
        await open_form(pilot, app, "new_event")
        typed = {"file": str(tmp_path / "bad.toml"), "name": "Kept", "rounds": "²", "boards": "4"}
        await fill(pilot, app, typed)
        form = await refused_with(pilot, app, "rounds", w["not_number"])
        assert {k: values_of(form)[k] for k in typed} == typed
        form.query_one("#f-rounds", Input).value = "5"
        form.query_one("#f-system", Input).value = "knockout"
        await fill(pilot, app, {})
        form = await refused_with(pilot, app, "system", w["system_bad"])
        assert values_of(form)["rounds"] == "5" and values_of(form)["name"] == "Kept"
        await fill(pilot, app, {"system": "swiss"})
        await until(pilot, lambda: not isinstance(app.screen, FormScreen), "made at last")
        assert team_event.state(load(tmp_path / "bad.toml")).boards == 4
        # a Swiss of 5 rounds: the field it needs to be sure of pairings without a rematch is said
        assert "7+" in flat(app)


@pytest.mark.parametrize("lang", ["en", "ru"])
@sync
async def test_the_event_details_form(tmp_path, lang):
    w = WORDS[lang]
    path = tmp_path / "cup.toml"
    create(path, commands.new_event("Cup", 5, lots_seed=1))
    app = make_app(path, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await open_form(pilot, app, "event_details")
        typed = {"city": "Kazan", "federation": "rus", "start": "2026-05-09", "end": "2026-05-01",
                 "chief_arbiter": "Anna Ivanova", "deputy_arbiters": "Boris Petrov; Vera Sidorova",
                 "time_control": "90'+30\"", "round_dates": "2026-05-09,2026-05-10"}
        await fill(pilot, app, typed)
        form = await refused_with(pilot, app, "federation", w["federation"])
        assert {k: values_of(form)[k] for k in typed} == typed  # everything typed is kept
        await fill(pilot, app, {"federation": "RUS"})
        form = await refused_with(pilot, app, "end", w["end"])
        await fill(pilot, app, {"end": "2026-05-13"})
        await until(pilot, lambda: not isinstance(app.screen, FormScreen), "saved")
        await until(pilot, lambda: w["saved"] in screen_text(app), "said")
        # a second look shows what the file holds
        await open_form(pilot, app, "event_details")
        assert values_of(app.screen)["deputy_arbiters"] == "Boris Petrov; Vera Sidorova"
        await pilot.press("escape")
        await pilot.pause()
    e = load(path)
    assert (e.city, e.federation, e.start, e.end, e.chief_arbiter) == (
        "Kazan", "RUS", "2026-05-09", "2026-05-13", "Anna Ivanova")
    assert e.deputy_arbiters == ("Boris Petrov", "Vera Sidorova") and e.round_dates == ("2026-05-09", "2026-05-10")
    assert e.time_control == "90'+30\""
    journal = (tmp_path / "cup.toml.journal").read_text()
    assert journal.count("set the event's details") == 2  # one change (the key and the line)


@pytest.mark.parametrize("lang,typed", [("en", "Rapid"), ("ru", "блиц")])
@sync
async def test_the_event_details_form_sets_the_rate_as_event_set_does(tmp_path, lang, typed):
    """The rate of the rating lists (issue 36's `event set --rate`) in the form: a word that is no rate is refused
    naming the field, everything typed kept; the judge's word (either language) saved as `event set --rate` saves
    it, in one change."""
    from tests.cli_run import run

    rate = {"Rapid": "rapid", "блиц": "blitz"}[typed]
    path, by_cli = tmp_path / "cup.toml", tmp_path / "cli.toml"
    for p in (path, by_cli):
        create(p, commands.new_event("Cup", 5, lots_seed=1))
    app = make_app(path, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = await open_form(pilot, app, "event_details")
        assert values_of(form)["rate"] == "standard"  # what the file holds
        await fill(pilot, app, {"city": "Kazan", "rate": "quick"})
        form = await refused_with(pilot, app, "rate", {"en": "rate: 'quick' is not standard, rapid or blitz",
                                                       "ru": "вид рейтинга: 'quick'"}[lang])
        assert values_of(form)["city"] == "Kazan"
        await fill(pilot, app, {"rate": typed})
        await until(pilot, lambda: not isinstance(app.screen, FormScreen), "saved")
        form = await open_form(pilot, app, "event_details")
        assert values_of(form)["rate"] == rate
        await pilot.press("escape")
        await pilot.pause()
    assert run("event", "set", str(by_cli), "--city", "Kazan", "--rate", rate)[0] == 0
    assert load(path) == load(by_cli) and load(path).rate == rate
    assert (tmp_path / "cup.toml.journal").read_text().count("set the event's details") == 2  # one change (its key, its line)


@pytest.mark.parametrize("lang", ["en", "ru"])
@sync
async def test_the_704_4_split_form(tmp_path, lang):
    w = WORDS[lang]
    e = play_top(top.start_top(swiss(12, top_size=4, third_place=True)), list(range(1, 13)), agreed=True)
    for name, amount in (("1st", 1000), ("2nd", 500)):
        e = changes.add_prize(e, name, amount=Fraction(amount))
    path = tmp_path / "final.toml"
    create(path, e)
    app = make_app(path, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await open_form(pilot, app, "prize_split")
        await fill(pilot, app, {"players": "1,7", "parts": "1,1"})
        form = await refused_with(pilot, app, "players", w["agreed"])
        assert values_of(form) == {"players": "1,7", "parts": "1,1"}
        await fill(pilot, app, {"players": "1,2", "parts": "3,x"})
        await refused_with(pilot, app, "parts", w["parts"])
        await fill(pilot, app, {"parts": "3:2"})
        await until(pilot, lambda: not isinstance(app.screen, FormScreen), "saved")
        await until(pilot, lambda: w["split"] in screen_text(app), "said")
    e = load(path)
    assert [(s.players, s.parts) for s in e.prize_splits] == [((1, 2), (3, 2))]


@sync
async def test_the_split_is_d_on_the_prize_list(tmp_path):
    e = play_top(top.start_top(swiss(12, top_size=4, third_place=True)), list(range(1, 13)), agreed=True)
    e = changes.add_prize(e, "1st", amount=Fraction(1000))
    path = tmp_path / "final.toml"
    create(path, e)
    app = make_app(path, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.main.action_act("prizes")
        await pilot.pause(0.5)
        assert "d делёж" in screen_text(app).splitlines()[-1]
        await pilot.press("d")
        await until(pilot, lambda: isinstance(app.screen, FormScreen), "the split form")
        assert "Делёж призов (704.4)" in screen_text(app)


@pytest.mark.parametrize("lang", ["en", "ru"])
@sync
async def test_ctrl_s_saves_the_event_details_from_any_field_and_takes_a_russian_date(tmp_path, lang):
    """Ctrl+S saves a form from any field, as in the player form (it did nothing in the event details and the
    new-event forms); a date typed DD.MM.YYYY is kept as YYYY-MM-DD."""
    path = tmp_path / "cup.toml"
    create(path, commands.new_event("Cup", 5, lots_seed=1))
    app = make_app(path, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = await open_form(pilot, app, "event_details")
        form.query_one("#f-start", Input).value = "06.12.2026"
        form.query_one("#f-city", Input).focus()  # a field in the middle, not the last one
        await pilot.pause()
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, FormScreen), "saved by Ctrl+S")
    assert load(path).start == "2026-12-06"
