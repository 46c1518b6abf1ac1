"""Every number typed in the TUI (issue 33.3): `²` (AltGr+2), `①`, Arabic-Indic and fullwidth digits and 4,301
digits (more than Python's int() takes from text) in every prompt and form end in a one-line message in the
judge's language: no traceback, no unexpected error (the app's `crashes`), the TUI up, the file as it was.

`PLACES` is the table of them: each opens its prompt or form on the demo (round 4 of 5, results missing) and
types the value where a number is due; `said` is what the message line (or the form) shows in English."""

from __future__ import annotations

import pytest

from arbiter_tournament.tui import compat
from arbiter_tournament.tui.screens.dialogs import FormScreen, LineScreen

from tests.tui.pilot import SIZE, flat, make_app, screen_text, sync, until

BAD = ("²", "①", "٣", "３", "1" * 4301)  # AltGr+2, a circled 1, an Arabic-Indic 3, a fullwidth 3, too many digits


async def line(pilot, opener: list[str], text: str) -> None:
    await pilot.press(*opener)
    await until(pilot, lambda: isinstance(pilot.app.screen, LineScreen), f"the prompt of {opener}")
    pilot.app.screen.query_one("#line-input").value = text
    await pilot.press("enter")
    await until(pilot, lambda: not isinstance(pilot.app.screen, LineScreen), "the prompt answered")
    await pilot.pause()


async def form(pilot, opener: list[str], field: str, text: str) -> None:
    await pilot.press(*opener)
    await until(pilot, lambda: isinstance(pilot.app.screen, FormScreen), f"the form of {opener}")
    f = pilot.app.screen
    f.query_one("#f-name").value = "Zed"  # the rest valid: only the number can make it refused
    f.query_one(f"#f-{field}").value = text
    f.submit()
    await pilot.pause()
    await pilot.pause()


async def back_to(pilot, kind) -> None:
    """Esc until the screen on top is one of `kind` (the form left open on a refusal is closed)."""
    for _ in range(4):
        if isinstance(pilot.app.screen, kind):
            return
        await pilot.press("escape")
        await pilot.pause()


NUMBER = ("is not a number: type the digits 0 to 9", "has more than 19 digits")
# (name, what opens it from the main screen, how the value is typed, a part of the English message)
PLACES = [
    ("the ':' line: a board", lambda v: ("line", ["colon"], v), NUMBER),
    ("the ':' line: r (a round)", lambda v: ("line", ["colon"], "r" + v), NUMBER),
    ("the ':' line: t (a table)", lambda v: ("line", ["colon"], "t" + v), NUMBER),
    ("the ':' line: 4 m (moves)", lambda v: ("line", ["colon"], "4 m" + v), NUMBER),
    ("the ':' line: #id and a score", lambda v: ("line", ["colon"], "#" + v + " 1"), ""),
    ("the players search", lambda v: ("search", ["P", "slash"], v), ""),
    ("the bye prompt", lambda v: ("line", ["P", "y"], v + " half"), ("ROUND half",)),
    ("the exchange by hand", lambda v: ("line", ["X"], v + " 3"), NUMBER),
    ("the give-bye by hand", lambda v: ("give_bye", v), NUMBER),
    ("the player form: rating", lambda v: ("form", ["P", "a"], "rating", v), ""),
    ("the prize form: amount", lambda v: ("form", ["F", "p", "a"], "amount", v), ""),
    ("the category form: born from", lambda v: ("form", ["F", "g", "a"], "born_from", v), ""),
    ("the new event form: rounds", lambda v: ("new_event", v), ""),
]


@pytest.mark.parametrize("name,how,said", PLACES, ids=[p[0] for p in PLACES])
@sync
async def test_non_ascii_digits_and_huge_numbers_end_in_a_message(demo, one_table, name, how, said):
    if "by hand" in name:
        demo = one_table  # a round without results: its pairing can be changed by hand
    before = demo.read_bytes()
    app = make_app(demo, poll_interval=0, lang="en")
    async with app.run_test(size=SIZE) as pilot:  # one TUI, in English, then in Russian (`L`, as a judge switches)
        await pilot.pause()
        base = type(app.screen)
        for lang in ("en", "ru"):
            if lang == "ru":
                await pilot.press("L")
                await until(pilot, lambda: app.lang == "ru", "Russian")
            for value in BAD:
                step = how(value)
                if step[0] == "line":
                    await line(pilot, step[1], step[2])
                elif step[0] == "search":
                    await pilot.press(*step[1])
                    await pilot.pause()
                    app.screen.focused.value = step[2]
                    await pilot.press("enter")
                    await pilot.pause()
                elif step[0] == "give_bye":
                    app.main.action_act("give_bye")
                    await until(pilot, lambda: isinstance(app.screen, LineScreen), "the give-bye prompt")
                    app.screen.query_one("#line-input").value = step[1]
                    await pilot.press("enter")
                    await pilot.pause()
                elif step[0] == "form":
                    await form(pilot, step[1], step[2], step[3])
                else:
                    app.main.action_act("new_event")
                    await until(pilot, lambda: isinstance(app.screen, FormScreen), "the new event form")
                    app.screen.query_one("#f-rounds").value = step[1]
                    app.screen.query_one("#f-name").value = "Zed"
                    app.screen.submit()
                    await pilot.pause()
                    await pilot.pause()
                assert app.crashes == [], (name, value, app.crashes)
                assert "Traceback" not in screen_text(app)
                if said and lang == "en":
                    assert any(s in flat(app) for s in said), (name, value[:5], flat(app)[-300:])
                await back_to(pilot, base)
                await pilot.pause()
        assert app.is_running and app.return_code in (None, 0)
    assert demo.read_bytes() == before, name


@sync
async def test_the_clock_dialog_takes_only_the_digits_0_to_9(demo):
    before = demo.read_bytes()
    app = make_app(demo, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c", "m")
        await pilot.pause()
        for ch in ("²", "①", "٣", "３"):
            compat.burst(app, [ch])
            await until(pilot, lambda: f"'{ch}': type the minutes, 1 to 1440" in flat(app), f"{ch} refused")
        compat.burst(app, ["1"] * 12)
        await until(pilot, lambda: "1111111 minutes is too many: at most 1440 (a day)" in flat(app)
                    and "minutes: 111111 " in flat(app), "the seventh digit not taken, the number said too many")
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert app.crashes == []
    assert demo.read_bytes() == before


@pytest.mark.parametrize(("lang", "said"), [("en", "999999 minutes is too many: at most 1440 (a day)"),
                                            ("ru", "999999 мин. — слишком много: не больше 1440 (сутки)")])
@sync
async def test_minutes_above_a_day_are_said_too_many_never_cut(demo, lang, said):
    """`c m 999999 Enter`: the number typed kept and said too many (not cut to 9999 and refused as that); Enter,
    + and - take nothing; Backspace mends it to a number the clock takes."""
    before = demo.read_bytes()
    app = make_app(demo, poll_interval=0, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c", "m")
        await pilot.pause()
        compat.burst(app, list("999999"))
        await until(pilot, lambda: said in flat(app) and ": 999999 " in flat(app), "said too many, kept as typed")
        for key in ("enter", "plus", "minus"):
            await pilot.press(key)
            await pilot.pause()
            assert said in flat(app) and ": 999999 " in flat(app), key
            assert "9999 " not in flat(app).replace("999999", "")
        assert demo.read_bytes() == before
        await pilot.press(*["backspace"] * 4)
        await until(pilot, lambda: said not in flat(app) and ": 99 " in flat(app), "mended")
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert app.crashes == []
    assert demo.read_bytes() == before
