"""The print menu (`o`) fits 80x24 above the footer, in English and Russian, in an event of players, with a top
and in a team event (issue 33, point 6): every row whole on one line, the rows that do not apply now dimmed, and
their key still says why."""

from __future__ import annotations

import shutil

import pytest

from arbiter_tournament.core.store import create
from arbiter_tournament.tui import actions, i18n
from arbiter_tournament.tui.screens.print_menu import PrintMenu
from arbiter_tournament.tui.widgets.keys_bar import KeysBar
from tests import day_events
from tests.conftest import ROOT
from tests.tui.pilot import SIZE, make_app, screen_text, sync, until
from tests.tui.test_tui_teams import six

# the rows that do not apply now, by hand: the demo (round 4 of 5 on four tables) has no top, no play-off, no
# categories, no prizes, no players' codes; after its top the bracket applies; the team event (round 1 paired,
# no result) has no prizes, no codes
NOT_NOW = {
    "demo": {"6", "7", "9", "0", "z", "p"},
    "top": {"7", "9", "0", "z", "p"},
    "team": {"0", "z", "p"},
}
# the rows of each column, in the menu's order
ROWS = {
    "demo": ("1234567890wp", "htcsfz"),
    "top": ("1234567890wp", "htcsfz"),
    "team": ("1234b580wp", "htcfzsk"),
}


def event_file(kind: str, tmp_path):
    path = tmp_path / f"{kind}.toml"
    if kind == "demo":
        shutil.copy(ROOT / "saves" / "demo.toml", path)
    else:
        create(path, day_events.top_finished() if kind == "top" else six())
    return path


@sync
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("kind", ["demo", "top", "team"])
async def test_the_print_menu_fits_80x24_above_the_footer(kind, lang, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", "/nonexistent")  # no printer: nothing is sent anywhere
    path = event_file(kind, tmp_path)
    app = make_app(path, lang=lang, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        footer = app.main.query_one(KeysBar).region
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, PrintMenu), "the print menu")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, PrintMenu)
        dialog = menu.query_one(".dialog").region
        assert footer.y == SIZE[1] - 1
        # inside the screen, above the footer, with a row of the main screen to spare above it
        assert dialog.x >= 0 and dialog.right <= SIZE[0] and dialog.y >= 1 and dialog.bottom <= footer.y
        assert dialog.height <= SIZE[1] - 3
        left, right = ROWS[kind]
        from arbiter_tournament.tui.screens.print_menu import is_file

        assert "".join(e.key for e in menu.entries if not is_file(e.what)) == left
        assert "".join(e.key for e in menu.entries if is_file(e.what)) == right
        assert {e.key for e in menu.entries if not e.now} == NOT_NOW[kind]
        lines = screen_text(app).splitlines()
        for e in menu.entries:  # each row whole, on one line of the dialog, in its column
            row = f" {e.key}  {e.label}"
            assert sum(row in line for line in lines) == 1, row
            at = next(line for line in lines if row in line)
            column = menu.query_one(".print-right" if e.key in right else ".print-left").region
            start = at.index(row)
            assert column.x <= start and start + len(row) <= column.right, row
        assert i18n.tr(lang, "print_title") in screen_text(app)
        # a dimmed row's key answers: the menu closes and says why on the message line
        dimmed = next(e for e in menu.entries if not e.now)
        await pilot.press(dimmed.key)
        a = actions.chosen("print", dimmed.key, app.main)
        assert a is not None
        reason = a.why_not(app.main)
        assert reason is not None
        await until(pilot, lambda: reason.text(lang) in " ".join(screen_text(app).split()), "why not")
