"""The top's preview says who is left out of it for having withdrawn (issue 32), in English and Russian, and a
tie at the seat he frees is drawn by lot only when the judge says so (`l`)."""

from __future__ import annotations

import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.store import create, load
from arbiter_tournament.tui.screens.dialogs import ChoiceScreen
from tests.core.test_merge_and_qualification import qualifying_event
from tests.tui.pilot import SIZE, make_app, screen_text, sync, until


@pytest.mark.parametrize("lang, said", [
    ("en", "player 3 (Player 03) of table 1 withdrew: left out of the top"),
    ("ru", "участник 3 (Player 03), стол 1, выбыл: в топ не входит"),
])
@sync
async def test_the_tops_preview_says_the_withdrawn_player_is_left_out(tmp_path, lang, said):
    p = tmp_path / "q.toml"
    create(p, commands.withdraw(qualifying_event(), 3, 4))
    app = make_app(p, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("K")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the top's preview")
        text = " ".join(screen_text(app).split())
        assert said in text, text
        assert not any(r.stage == "top" for r in load(p).rounds)
        await pilot.press("l")  # the seat he frees falls on a tie: only the lots start the top
        await until(pilot, lambda: any(r.stage == "top" for r in load(p).rounds), "the top started by lot")
        seeds = [s for s in load(p).extra if s[0] == "top"][0][1]["seeds"]
        assert 3 not in seeds and 1 in seeds
