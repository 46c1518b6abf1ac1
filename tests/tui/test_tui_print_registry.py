"""The TUI's print menu is the printouts' registry (core/formats/printouts.py, issue 38): every printout and
CSV export of the registry is a row of it, and the player cards (once only on the command line) are printed
from it."""

from __future__ import annotations

import pytest

from arbiter_tournament.core.commands import run
from arbiter_tournament.core.commands.reports import GiveCodes
from arbiter_tournament.core.event.codes import fresh_codes
from arbiter_tournament.core.formats import printouts
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.store import EventFile, create, load
from arbiter_tournament.tui import actions, i18n
from arbiter_tournament.tui.screens.dialogs import ChoiceScreen
from tests import day_events
from tests.tui.pilot import SIZE, flat, make_app, sync, until


def test_every_printout_of_the_registry_is_in_the_print_menu():
    ids = {a.id for a in actions.of_scope("print")}
    assert {f"print_{p.key}" for p in printouts.TEXT} <= ids
    assert {f"print_csv_{p.key}" for p in printouts.CSV} <= ids
    cards = actions.BY_ID["print_cards"]
    assert cards.label("en") == "the player cards" and cards.label("ru") == "карточки участников"


@pytest.fixture
def round_three(tmp_path):
    path = tmp_path / "cup.toml"
    create(path, pairing.pair_next(day_events.after_rounds(2)))
    return path


@sync
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_player_cards_from_the_print_menu(round_three, lang, monkeypatch):
    monkeypatch.setenv("PATH", "/nonexistent")  # no printer: the file only
    app = make_app(round_three, lang=lang, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the print menu")
        why = i18n.tr(lang, "why_no_codes")  # no codes yet: its key says why, and nothing is written
        await pilot.press("p")
        await until(pilot, lambda: why in flat(app), "why not")
        assert not round_three.with_name("cup-cards.txt").exists()
    e = load(round_three)
    run(EventFile(round_three), GiveCodes(fresh_codes([p.id for p in e.players], set())))
    e = load(round_three)
    app = make_app(round_three, lang=lang, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the print menu")
        await pilot.press("p")
        out = round_three.with_name("cup-cards.txt")
        await until(pilot, lambda: app.job is None and out.exists(), "the cards")
        text = out.read_text(encoding="utf-8")
    p = e.players[0]
    assert p.code and p.name in text  # each player's card, with his code (shown in groups)
    from arbiter_tournament.core.formats.text import clean_pages
    from arbiter_tournament.core.limits import PAGE_LINES

    assert text == clean_pages(printouts.build(e, "cards", lang=lang, page_lines=PAGE_LINES))
