"""`a` on the players screen once no round is left for a late entry: the reason said (core's
`AddPlayer.why_none`), no form opened, nothing added; before that, the form opens."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.store import create, load
from arbiter_tournament.tui.screens.player_form import PlayerForm
from tests.helpers import event_with_players
from tests.tui.pilot import SIZE, make_app, screen_text, sync, until

SAID = {"en": "all 2 rounds have been paired: no round is left for a late entry",
        "ru": "жеребьёвка всех туров (2) проведена: опоздавшему участнику не осталось тура"}


def played(e):
    rng = random.Random(3)
    rnd = e.rounds_of("swiss", None)[-1]
    games = tuple(g if g.second is None else replace(g, result=rng.choice([Result.FIRST_WINS, Result.DRAW]))
                  for g in rnd.games)
    return e.with_round(replace(rnd, games=games))


@pytest.mark.parametrize("lang", ["en", "ru"])
@sync
async def test_a_says_why_once_every_round_is_paired(tmp_path, monkeypatch, lang):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "no-index"))
    e = played(pairing.pair_next(event_with_players(6, rounds=2)))
    first, done = tmp_path / "first.toml", tmp_path / "done.toml"
    create(first, e)
    create(done, played(pairing.pair_next(e)))
    app = make_app(first, poll_interval=0, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("P", "a")
        await until(pilot, lambda: isinstance(app.screen, PlayerForm), "the form: round 2 is left")
    app = make_app(done, poll_interval=0, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("P", "a")
        await until(pilot, lambda: SAID[lang] in " ".join(screen_text(app).split()), "the reason said")
        assert not isinstance(app.screen, PlayerForm)
    assert len(load(done).players) == 6
