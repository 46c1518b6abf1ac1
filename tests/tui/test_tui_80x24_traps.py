"""The 80x24 defects of issue 33.6, in English and Russian: the "which player?" dialog, the players list after the
bye prompt, the prize form's label, a value refused on save (the form stays, with what was typed, the field
named), and `q` on the first page of `?`."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arbiter_tournament.core.store import EventFile, load
from arbiter_tournament.tui.screens.dialogs import ChoiceScreen, FormScreen, TextScreen
from arbiter_tournament.tui.screens.players import PlayersScreen

from tests.tui.pilot import SIZE, flat, make_app, screen_text, sync, until


@pytest.mark.parametrize("lang", ["en", "ru"])
@sync
async def test_which_player_lists_one_answer_a_line_without_empty_lines(demo, lang):
    app = make_app(demo, poll_interval=0, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("colon")
        await pilot.pause()
        app.screen.query_one("#line-input").value = "Orlov 1"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "which player?")
        await pilot.pause()
        lines = screen_text(app).splitlines()
        top = next(i for i, ln in enumerate(lines) if "╭" in ln)
        bottom = next(i for i, ln in enumerate(lines) if "╰" in ln)
        inside = [ln.strip().strip("│").strip() for ln in lines[top + 1:bottom]]
        assert inside.count("") == 1, inside  # one line between the question and its answers
        answers = [ln for ln in inside if ln and ln[0] in "12n"]
        assert len(answers) == 3 and answers[0].startswith("1  Orlov, Laura (24)") and answers[1].startswith(
            "2  Orlov, Pavel (25)"), inside
        await pilot.press("2")
        await pilot.pause()


@pytest.mark.parametrize("lang", ["en", "ru"])
@sync
async def test_the_players_list_shows_its_last_row_after_the_bye_prompt(demo, lang):
    app = make_app(demo, poll_interval=0, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("P")
        await until(pilot, lambda: isinstance(app.screen, PlayersScreen), "the players")
        await pilot.press("end")
        await pilot.pause()
        last = load(demo).players[-1]
        assert app.screen.selected().id == last.id
        await pilot.press("y")
        await pilot.pause()
        app.screen.query_one("#line-input").value = "5 half" if lang == "en" else "5 пол"
        await pilot.press("enter")
        await until(pilot, lambda: load(demo).player(last.id).requested_bye(5) == "half", "the bye saved")
        await pilot.pause()
        rows = [ln for ln in screen_text(app).splitlines() if ln.strip().startswith(f"{last.id} ")]
        assert rows and last.name.split(",")[0] in rows[0], screen_text(app)


@pytest.mark.parametrize("lang", ["en", "ru"])
@sync
async def test_a_refused_prize_keeps_the_form_and_names_the_field(demo, lang):
    app = make_app(demo, poll_interval=0, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("F")
        await pilot.pause()
        await pilot.press("p", "a")
        await until(pilot, lambda: isinstance(app.screen, FormScreen), "the prize form")
        before = demo.read_bytes()
        await pilot.press(*"First", "enter", *"10x0", "enter", *"Nope", "enter")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormScreen)  # still open, with everything typed
        assert [form.query_one(f"#f-{n}").value for n in ("name", "amount", "category")] == ["First", "10x0", "Nope"]
        assert form.focused.id == "f-amount" and "▶ " in str(form.query_one("#l-amount").render())
        assert ("'10x0' is not an amount" if lang == "en" else "10x0") in flat(app)
        form.query_one("#f-amount").value = "100"
        form.submit()
        await pilot.pause()
        assert isinstance(app.screen, FormScreen) and app.screen.focused.id == "f-category"  # no such category
        assert demo.read_bytes() == before
        app.screen.query_one("#f-category").value = ""
        app.screen.submit()
        await until(pilot, lambda: load(demo).prizes, "the prize saved")
        assert load(demo).prizes[0].amount == 100


@pytest.mark.parametrize("lang", ["en", "ru"])
@sync
async def test_the_prize_forms_long_label_wraps_at_80_columns(demo, lang):
    ef = EventFile(demo)
    names = ["Women", "Juniors under 18", "Seniors over 65", "Unrated", "Club Knights"]

    def add(e):
        from arbiter_tournament.core.event.model import Category

        return replace(e, categories=tuple(Category(n) for n in names))

    ef.change(add, "categories")
    app = make_app(demo, poll_interval=0, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("F")
        await pilot.pause()
        await pilot.press("p", "a")
        await until(pilot, lambda: isinstance(app.screen, FormScreen), "the prize form")
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert "Club Knights)" in flat(app), screen_text(app)  # the whole label, wrapped


@pytest.mark.parametrize("lang,said", [("en", "q quits arbiter"), ("ru", "q — выход из arbiter")])
@sync
async def test_the_first_help_page_says_q_quits(demo, lang, said):
    app = make_app(demo, poll_interval=0, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        assert said in screen_text(app).splitlines()[2], screen_text(app)  # the page's first line
        await pilot.press("q")  # closes the page
        await pilot.pause()
        await pilot.press("q")  # quits
        await pilot.pause()
    assert app.return_code == 0


@pytest.mark.parametrize("lang,footer", [
    ("en", "1 1st 0 2nd = draw t tech : go to m missing s standings T table  q quit ▏^p menu"),
    ("ru", "1 1-й 0 2-й = ничья t техн. : к доске m без рез. s таблица      q выход ▏^p меню")])
@sync
async def test_the_main_screens_footer_shows_q_beside_the_palette_key_and_every_key_it_showed(demo, lang, footer):
    """`q` on the footer of the round's screen at 80 columns, at the right beside ^p, and every key shown before it
    was there still shown (the palette's word made short for it: "all actions"/"все действия" was 7 cells more);
    on another screen (the players') no q (it does not quit there)."""
    app = make_app(demo, poll_interval=0, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert screen_text(app).splitlines()[-1] == footer
        await pilot.press("P")
        await until(pilot, lambda: isinstance(app.screen, PlayersScreen), "the players")
        await pilot.pause()
        last = screen_text(app).splitlines()[-1]
        assert last.endswith("▏^p " + ("menu" if lang == "en" else "меню")) and " q " not in last, last
