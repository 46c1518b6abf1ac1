"""The action table (tui/actions.py, its rows beside the code that does them): every action complete, and the
keys, footer (Textual's `check_action`), palette and `?` made from it."""

from __future__ import annotations

import re

from textual.command import CommandPalette

from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.store import create, load
from tests.conftest import ROOT
from tests.helpers import event_with_players
from tests.tui.pilot import SIZE, make_app, screen_text, sync, until
from arbiter_tournament.tui import actions, i18n
from arbiter_tournament.tui.screens.main import MainScreen
from arbiter_tournament.tui.screens.players import PlayersScreen
from arbiter_tournament.tui.screens.preview import PreviewScreen
from arbiter_tournament.tui.screens.reports import ReportsScreen
from arbiter_tournament.tui.screens.seating import SeatingScreen
from arbiter_tournament.tui.screens.lineups import LineupScreen
from arbiter_tournament.tui.screens.team_preview import TeamPreviewScreen
from arbiter_tournament.tui.widgets.standings_panel import StandingsPanel
from arbiter_tournament.tui.widgets.bracket import BracketView
from arbiter_tournament.tui.widgets.keyed_table import KeyedTable
from arbiter_tournament.tui.widgets.keys_bar import KeysBar
from arbiter_tournament.tui.screens.categories import CategoriesScreen
from arbiter_tournament.tui.screens.final import FinalScreen
from arbiter_tournament.tui.screens.prizes import PrizesScreen

CYRILLIC = re.compile("[а-яё]", re.I)

OWNER = {"main": MainScreen, "clock": MainScreen, "alarm": MainScreen, "print": MainScreen, "preview": PreviewScreen,
         "players": PlayersScreen, "table": KeyedTable, "bracket": BracketView, "seating": SeatingScreen,
         "final": FinalScreen, "prizes": PrizesScreen, "categories": CategoriesScreen,
         "standings": StandingsPanel, "lineups": LineupScreen, "team_preview": TeamPreviewScreen,
         "reports": ReportsScreen}


def test_every_action_has_both_languages_a_help_line_and_a_key_or_a_palette_entry():
    assert actions.check_table() == []
    for a in actions.ACTIONS:
        for words in (a.label, a.help):
            assert words.en.strip() and words.ru.strip(), a.id
            assert CYRILLIC.search(words.ru) and not CYRILLIC.search(words.en), (a.id, words)
        assert len(a.help.en) > len(a.label.en) or a.help.en.lower() != a.label.en.lower() or a.help.en[0].isupper(), a.id
        assert a.keys or a.palette, a.id
        assert a.scopes and all(s in OWNER for s in a.scopes), a.id


def test_every_action_is_done_by_a_method_of_its_scope():
    for a in actions.ACTIONS:
        for scope in a.scopes:
            # a function of its module (a team event's, tui/screens/team_edits.py), or a method of the scope's object
            assert callable(a.run) or callable(getattr(OWNER[scope], a.run, None)), (a.id, scope, a.run)


def test_the_bindings_of_every_screen_and_widget_come_from_the_table():
    for cls, scope in ((MainScreen, "main"), (PreviewScreen, "preview"), (PlayersScreen, "players"),
                       (KeyedTable, "table"), (BracketView, "bracket"), (SeatingScreen, "seating"),
                       (FinalScreen, "final"), (PrizesScreen, "prizes"), (CategoriesScreen, "categories"),
                       (StandingsPanel, "standings"), (LineupScreen, "lineups"), (TeamPreviewScreen, "team_preview"),
                       (ReportsScreen, "reports")):
        assert cls.BINDINGS == actions.bindings(scope), cls
        for b in cls.BINDINGS:
            assert b.action.startswith(("act(", "why(")) and b.id.startswith(scope + ".")
            # a key of the footer: shown by `check_action` while it applies, else its `why` binding says why
            assert b.show == (b.action.startswith("act(") and bool(actions.BY_ID[b.id.split(".")[1]].footer))


def test_letters_work_on_a_russian_layout():
    assert actions.twin("t") == "е" and actions.twin("T") == "Е" and actions.twin("h") == "р"
    assert actions.twin("left_square_bracket") == "х" and actions.twin("1") is None
    bound = {k for a in actions.of_scope("main") for k in a.keys_bound()}
    for a in actions.of_scope("main"):
        for k in a.keys:
            if actions.twin(k):
                assert actions.twin(k) in bound, (a.id, k)


def test_every_reason_is_a_word_of_both_languages():
    text = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "tui").rglob("*.py"))
    keys = set(re.findall(r'why\("([a-z_]+)"[,)]', text))
    assert len(keys) > 20
    for key in keys:
        assert key in i18n.T, key
    for a in actions.ACTIONS:  # a label may name fields (the clock's minutes): given, it reads in both languages
        for lang in ("en", "ru"):
            assert "{" not in a.label(lang).format(swiss=45, top=70) and "{" not in a.help(lang)


def test_the_help_page_lists_every_action_with_a_key():
    for lang in ("en", "ru"):
        text = actions.help_text(lang).plain
        assert max(len(line) for line in text.splitlines()) <= 72  # wrapped for the 80-column page
        page = " ".join(text.split())
        for a in actions.ACTIONS:
            if a.group:
                assert " ".join(f"{a.key or '^p'} {a.help(lang)}".split()) in page, (lang, a.id)


@sync
async def test_a_key_that_does_not_apply_says_why(demo):
    """`p` with results missing and `K` without a top say why on the message line, in the judge's language:
    the refusal of the command the key would run (core/commands: `why_not`), as the command line says it."""
    for lang, missing, no_top in (("en", "round 4 on table 1 still misses 2 results",
                                   "the Swiss stage is not finished"),
                                  ("ru", "в 4-м туре за столом 1 не хватает 2 результатов",
                                   "швейцарская система ещё не закончена")):
        app = make_app(demo, lang=lang)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            before = demo.read_bytes()
            assert "p " not in app.main.query_one(KeysBar).render().plain.split("▏")[0][:2]
            await pilot.press("p")
            await pilot.pause()
            assert missing in screen_text(app) and app.screen is app.main and app.job is None
            await pilot.press("K")
            await pilot.pause()
            assert no_top in screen_text(app)
            await pilot.press("s", "1")  # a result key with the standings shown
            await pilot.pause()
            assert i18n.tr(lang, "why_round_hidden") in screen_text(app)
            assert demo.read_bytes() == before


@sync
async def test_the_footer_and_the_palette_offer_only_what_applies(tmp_path):
    p = tmp_path / "small.toml"
    create(p, pairing.pair_next(event_with_players(6, rounds=3)))
    app = make_app(p)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bar = app.main.query_one(KeysBar)
        await until(pilot, lambda: "result_first" in [i for _, _, i in bar.keys], "the result keys in the footer")
        ids = [i for _, _, i in bar.keys]
        assert "pair" not in ids and "result_first" in ids
        assert ids == [a.id for a in actions.in_footer_order("main") if a.id in ids]  # in the footer's order
        await pilot.press("K")  # an event without a top
        await pilot.pause()
        assert "the event has no top" in screen_text(app)
        await pilot.press("ctrl+p")
        await pilot.pause(0.5)
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"Pair the next")
        await pilot.pause(0.6)
        text = " ".join(screen_text(app).split())
        # results are missing: the palette says so beside it (dimmed), and choosing it pairs nothing
        assert "Pair the next round of this table: a preview first, y saves it — round 1 still misses" in text
        await pilot.press("enter")
        await pilot.pause()
        assert "round 1 still misses 3 results" in screen_text(app) and len(load(p).rounds) == 1
        assert app.screen is app.main
        for _ in range(3):  # every result in: p applies now, in the footer and the palette
            await pilot.press("1")
            await pilot.pause()
        assert "pair" in [i for _, _, i in bar.keys] and bar.keys[0][2] == "pair"
        await pilot.press("ctrl+p")
        await pilot.pause(0.5)
        await pilot.press(*"жеребь")  # found by its Russian words too
        await pilot.pause(0.6)
        assert "Pair the next round" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
