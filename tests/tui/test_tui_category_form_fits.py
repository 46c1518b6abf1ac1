"""The category form (`F`, `g`, `a`: or `p`, `g`, `a` from the prize list) fits 80x24 above the footer, in
English and Russian, its fields scrolled inside it: before and after a value is refused (the red line under
the fields grows the form), the bottom border never over the footer."""

from __future__ import annotations

import sys

import pytest

from arbiter_tournament.core.store import create
from arbiter_tournament.tui.screens.categories import CategoriesScreen
from arbiter_tournament.tui.screens.dialogs import FormScreen
from arbiter_tournament.tui.screens.final import FinalScreen
from arbiter_tournament.tui.widgets.keys_bar import KeysBar
from tests.conftest import ROOT
from tests.tui.pilot import SIZE, make_app, screen_text, sync, until

sys.path.insert(0, str(ROOT / "bench"))


@pytest.fixture(scope="module")
def finished_demo():
    from simulate import finished_demo

    return finished_demo()


def assert_fits(app, footer_y: int) -> None:
    dialog = app.screen.query_one(".dialog").region
    assert dialog.x >= 0 and dialog.right <= SIZE[0] and dialog.y >= 1 and dialog.bottom <= footer_y, dialog
    assert dialog.height <= SIZE[1] - 3, dialog
    lines = screen_text(app).splitlines()
    assert "╰" not in lines[footer_y], lines[footer_y]  # the footer's row is the footer's


@sync
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_category_form_fits_80x24_above_the_footer(lang, tmp_path, finished_demo):
    path = tmp_path / "end.toml"
    create(path, finished_demo)
    app = make_app(path, lang=lang, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("F")
        await until(pilot, lambda: isinstance(app.screen, FinalScreen), "F")
        await pilot.press("g")
        await until(pilot, lambda: isinstance(app.screen, CategoriesScreen), "g")
        footer = app.screen.query_one(KeysBar).region
        assert footer.y == SIZE[1] - 1
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, FormScreen), "the form")
        await pilot.pause()
        assert_fits(app, footer.y)
        form = app.screen
        form.query_one("#f-name").value = "Kids"
        form.query_one("#f-born_from").value = "soon"
        form.submit()
        await until(pilot, lambda: form.query_one("#form-error").display, "refused")
        await pilot.pause()
        assert_fits(app, footer.y)
        assert "soon" in screen_text(app)
