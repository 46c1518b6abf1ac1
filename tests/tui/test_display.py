"""The hall display: starts, shows hostile names literally, cycles, follows the file, shows the clock, quits."""

from __future__ import annotations

import asyncio
import re
from dataclasses import replace
from datetime import datetime, timedelta, timezone

import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.errors import ArbiterError
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import EventFile, create
from tests.conftest import ROOT
from tests.helpers import with_round
from arbiter_tournament.tui import display
from arbiter_tournament.tui.display import HallDisplay, clock_text, display_pages, paginate, seconds_left

NOW = datetime(2026, 11, 30, 14, 0, tzinfo=timezone.utc)
HOSTILE = ["Carol [/]", "[bold red]Mallory[/]", "<script>alert(1)</script>", "Eve [link=x]y[/link]"]


def hostile_event(lang: str = "en"):
    e = commands.new_event("Hall [b]Cup[/b]", 5, tiebreaks=("WON",))
    for i, name in enumerate(HOSTILE, start=1):
        e = commands.add_player(e, name, rating=2000 - i)
    e = with_round(e, 1, [(1, 2), (3, 4)], ["1-0", "1/2"])
    e = with_round(e, 2, [(4, 1), (2, 3)], [None, None])
    return replace(e, language=lang)


@pytest.fixture()
def event_file(tmp_path):
    path = tmp_path / "hall.toml"
    create(path, hostile_event())
    return path


def page_text(app) -> str:
    return app.query_one("#page").content.plain


def title_text(app) -> str:
    return app.query_one("#page-title").content.plain


# -- pure parts ---------------------------------------------------------------


def test_pages_of_the_demo():
    from arbiter_tournament.core.store import load

    pages = display_pages(load(ROOT / "saves" / "demo.toml"))
    titles = [t for t, _ in pages]
    assert titles[:4] == [f"Pairings: Round 4, table {k}" for k in range(1, 5)]
    assert titles[4:8] == [f"Standings after round 3, table {k}" for k in range(1, 5)]
    assert "Smirnova, Emma (10)" in pages[0][1] and "Volkov, Olga" in pages[4][1]


def test_pages_in_russian_and_paginated():
    pages = display_pages(hostile_event("ru"))
    assert pages[0][0] == "Жеребьёвка: Тур 2"
    long = [("T", "\n".join(["head"] + [f"row {i}" for i in range(25)]))]
    parts = paginate(long, 10)
    assert [t for t, _ in parts] == ["T (1/3)", "T (2/3)", "T (3/3)"]
    assert all(x.splitlines()[0] == "head" for _, x in parts)
    assert sum(len(x.splitlines()) - 1 for _, x in parts) == 25


def test_clock_values():
    e = hostile_event()
    rnd = e.rounds[-1]
    assert seconds_left(rnd, NOW) == (None, False)
    ticking = replace(rnd, clock_deadline=(NOW + timedelta(minutes=44, seconds=59)).isoformat())
    assert seconds_left(ticking, NOW) == (44 * 60 + 59, False)
    assert seconds_left(replace(rnd, clock_deadline="2026-11-30T13:00:00Z"), NOW) == (0, False)
    assert seconds_left(replace(rnd, clock_paused=125), NOW) == (125, True)
    assert clock_text(44 * 60 + 59) == "44:59" and clock_text(3725) == "1:02:05" and clock_text(None) == ""


# -- the App ------------------------------------------------------------------------


def test_starts_shows_hostile_names_cycles_and_quits(event_file):
    asyncio.run(_test_starts_shows_hostile_names_cycles_and_quits(event_file))


async def _test_starts_shows_hostile_names_cycles_and_quits(event_file):
    app = HallDisplay(str(event_file), interval=60, poll=0.05, clock=lambda: NOW)
    async with app.run_test(size=(100, 30)) as pilot:  # keys (the cycle does not turn meanwhile)
        await pilot.pause()
        assert app.query_one("#event-name").content.plain == "Hall [b]Cup[/b]"
        assert title_text(app) == "Pairings: Round 2"
        text = page_text(app)
        for name in HOSTILE:  # as data, never markup (a long one cut to its column, its number kept: issue 33.5)
            assert name in text or name[:20] in text, name
        await pilot.press("space")
        assert title_text(app) == "Standings after round 1"
        assert all(name in page_text(app) for name in HOSTILE)
        await pilot.press("left")
        assert title_text(app) == "Pairings: Round 2"
        await pilot.press("q")
    app = HallDisplay(str(event_file), interval=0.3, poll=0.05, clock=lambda: NOW)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.7)  # the cycle moves on by itself
        assert app.turns >= 1
        await pilot.press("p")
        turns, shown = app.turns, title_text(app)
        await pilot.pause(0.7)
        assert (app.turns, title_text(app)) == (turns, shown)  # paused
        assert "paused" in app.query_one("#status").content.plain
        await pilot.press("q")
    assert app.return_code == 0


def test_refreshes_when_the_file_changes(event_file):
    asyncio.run(_test_refreshes_when_the_file_changes(event_file))


async def _test_refreshes_when_the_file_changes(event_file):
    app = HallDisplay(str(event_file), interval=60, poll=0.05, clock=lambda: NOW)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "1-0" not in page_text(app).split("\n")[1]
        ef = EventFile(event_file)
        ef.change(lambda e: commands.record_result(e, "swiss", None, 2, 1, Result.parse("0-1"), by="t"), "result")
        ef.change(lambda e: commands.edit_player(e, 3, name="Renamed [/i] <b>"), "rename")
        await pilot.pause(0.3)
        text = page_text(app)
        assert "0-1" in text.split("\n")[1]
        assert "Renamed [/i] <b> (3)" in text
        assert "results missing: 1" in text
        await pilot.press("q")
    assert app.return_code == 0


def test_a_broken_file_keeps_the_last_good_view(event_file):
    asyncio.run(_test_a_broken_file_keeps_the_last_good_view(event_file))


async def _test_a_broken_file_keeps_the_last_good_view(event_file):
    app = HallDisplay(str(event_file), interval=60, poll=0.05, clock=lambda: NOW)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        event_file.write_text("schema = 1\n[event\n", encoding="utf-8")
        await pilot.pause(0.3)
        assert "Carol [/]" in page_text(app)
        assert str(event_file) in app.query_one("#status").content.plain
        await pilot.press("q")


@pytest.mark.parametrize("edit,said", [
    (lambda t: t.replace("rounds = ", "rounds = " + "9" * 5000 + "#", 1), "a number of 5000 digits is too big"),
    (lambda t: re.sub(r"tiebreaks = \[[^\]]*\]", "tiebreaks = [" + '"BH", ' * 5000 + "]", t, count=1)
     if "tiebreaks = [" in t else t.replace("[event]\n", "[event]\ntiebreaks = [" + '"BH", ' * 5000 + "]\n", 1),
     "5000 tie-breaks are too many: at most 20"),
], ids=["5000 digits", "5000 tie-breaks"])
def test_a_hostile_file_keeps_the_last_good_view_and_says_why(event_file, edit, said):
    asyncio.run(_test_a_hostile_file_keeps_the_last_good_view(event_file, edit, said))


async def _test_a_hostile_file_keeps_the_last_good_view(event_file, edit, said):
    """Issue 26: the hall display once died with a Rich traceback showing the file's text (and exited 0)."""
    good = event_file.read_text(encoding="utf-8")
    app = HallDisplay(str(event_file), interval=60, poll=0.05, clock=lambda: NOW)
    async with app.run_test(size=(200, 30)) as pilot:
        await pilot.pause()
        before = page_text(app)
        event_file.write_text(edit(good), encoding="utf-8")
        await pilot.pause(0.3)
        assert page_text(app) == before and app.is_running
        assert said in app.query_one("#status").content.plain
        await pilot.press("q")
    assert app.return_code == 0


def test_round_clock_large_running_and_paused(event_file):
    asyncio.run(_test_round_clock_large_running_and_paused(event_file))


async def _test_round_clock_large_running_and_paused(event_file):
    ef = EventFile(event_file)
    deadline = (NOW + timedelta(minutes=12, seconds=34)).isoformat()
    ef.change(lambda e: commands.set_clock(e, "swiss", None, 2, deadline=deadline), "clock")
    app = HallDisplay(str(event_file), interval=60, poll=0.05, clock=lambda: NOW)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.query_one("#clock").value == "12:34"
        assert app.query_one("#clock-label").content.plain == "Round time"
        ef.change(lambda e: commands.set_clock(e, "swiss", None, 2, paused=300), "pause clock")
        await pilot.pause(0.3)
        assert app.query_one("#clock").value == "05:00"
        assert "paused" in app.query_one("#clock-label").content.plain
        await pilot.press("q")


# -- entry points -----------------------------------------------------------------


def test_run_refuses_a_missing_file(tmp_path):
    with pytest.raises(ArbiterError):
        display.run(str(tmp_path / "nope.toml"))


def test_the_pages_fit_80_columns_without_wrapping_and_the_time_is_local(monkeypatch):
    """At 80x24 the pairings' 80-column lines are whole (the "Pts" heading once wrapped onto a line of
    its own); the update time is the venue's, as in the journal."""
    import shutil
    import tempfile
    import time

    monkeypatch.setenv("TZ", "Asia/Yekaterinburg")  # UTC+5
    time.tzset()
    folder = tempfile.mkdtemp(prefix="arbiter-display-")
    try:
        path = f"{folder}/demo.toml"
        shutil.copy(ROOT / "saves" / "demo.toml", path)
        asyncio.run(_fits(path))
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()
        shutil.rmtree(folder, ignore_errors=True)


async def _fits(path):
    from textual.geometry import Region

    for lang in ("en", "ru"):
        app = HallDisplay(path, interval=60, poll=60, clock=lambda: NOW, lang=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for _ in range(len(app.pages)):
                page = app.query_one("#page")
                shown = [strip.text.rstrip() for strip in page.render_lines(Region(0, 0, 80, page.size.height))]
                title, text = app.pages[app.index]
                lines = text.splitlines()
                assert max(len(ln) for ln in lines) >= 78 or not title.startswith(("Pairings", "Жеребьёвка")), title
                assert shown[:len(lines)] == [ln.rstrip() for ln in lines], (lang, title)  # each line whole, in place
                await pilot.press("space")
            assert app.query_one("#status").content.plain.endswith("19:00:00")  # 14:00 UTC at UTC+5
            await pilot.press("q")


def test_display_help_names_its_options():
    from tests.cli_run import run

    code, out, _err = run("display", "--help")
    assert code == 0
    for option in ("--interval S", "--serve", "--host HOST", "--port PORT", "--public", "--max-clients N"):
        assert option in out


def test_pages_include_the_bracket_once_the_top_has_begun():
    from arbiter_tournament.core.knockout import stage as top

    e = commands.new_event("Cup", 1, top=4)
    for n in HOSTILE:
        e = commands.add_player(e, n, rating=1500)
    e = with_round(e, 1, [(1, 2), (3, 4)], ["1-0", "1-0"])
    titles = [t for t, _ in display_pages(e)]
    assert "Bracket" not in titles
    pages = dict(display_pages(top.start_top(e)))
    assert "Bracket" in pages and "Carol [/]" in pages["Bracket"]
    assert any(t.startswith("Pairings: Top, round 1") for t in pages)
