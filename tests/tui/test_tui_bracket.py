"""The top's bracket with a match cursor (tui/widgets/bracket.py) and the wide layout with a top.

Driven by keys (`App.run_test`), asserting on the cursor, the event file
and what the terminal shows. The events are those of the snapshot tests:
ten players whose names would be markup if they were not shown as text.
"""

from __future__ import annotations

import pytest

from arbiter_tournament.core.knockout import stage as top
from arbiter_tournament.core.knockout.bracket_text import tree_layout
from arbiter_tournament.core.msg.i18n import words
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import EventFile, create, load
from tests.tui.pilot import screen_text, sync
from tests.tui.test_tui_snapshots import make, swiss_event, top_started
from arbiter_tournament.tui.app import ArbiterApp
from arbiter_tournament.tui.i18n import tr
from arbiter_tournament.tui.screens.help import help_text
from arbiter_tournament.tui.widgets.bracket import BracketView


def view(app) -> BracketView:
    return app.main.query_one("#bracket-tree", BracketView)


@pytest.fixture
def top4(tmp_path):
    """A top of four with a third-place match: semi-final 1 decided (Eve beat Dan), semi-final 2 to play."""
    p = tmp_path / "top.toml"
    top_started(p)
    return p


@pytest.fixture
def top8(tmp_path):
    """A top of eight (Carol [/] and [red]Eve[/red] in it), no result yet."""
    p = tmp_path / "top8.toml"
    create(p, top.start_top(swiss_event(3, top=8)))
    return p


async def press(pilot, *keys):
    for k in keys:
        await pilot.press(k)
        await pilot.pause()


# -- the cursor ---------------------------------------------------------------------------------


@sync
async def test_cursor_starts_on_the_match_to_play_and_moves_by_arrows_and_hjkl(top4):
    app = make(top4)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b")
        v = view(app)
        assert app.focused is v
        assert v.cursor == (1, 2)  # semi-final 1 is decided: the cursor is on the one to play
        await press(pilot, "k")
        assert v.cursor == (1, 1)
        await press(pilot, "up")  # the top of the round: stays
        assert v.cursor == (1, 1)
        await press(pilot, "j")
        assert v.cursor == (1, 2)
        await press(pilot, "l")  # the match it feeds
        assert v.cursor == (2, 1)
        await press(pilot, "down")  # the third-place match is drawn under the final
        assert v.cursor == top.ko.THIRD_PLACE
        await press(pilot, "right")  # nothing after the last round: stays
        assert v.cursor == top.ko.THIRD_PLACE
        await press(pilot, "k", "h")  # from the final back to a semi-final
        assert v.cursor in ((1, 1), (1, 2))
        await press(pilot, "end", "left")
        assert v.cursor == (1, 2)
        await press(pilot, "о")  # Russian layout: о = j ... stays at the bottom of the round
        assert v.cursor == (1, 2)
        await press(pilot, "л")  # л = k
        assert v.cursor == (1, 1)
        # the detail under the tree follows the cursor
        assert "won the game" in screen_text(app)


@sync
async def test_the_view_scrolls_to_keep_the_cursor_in_sight(tmp_path):
    """A top of eight in 80x12: the tree is taller than the view."""
    p = tmp_path / "top8.toml"
    create(p, top.start_top(swiss_event(3, top=8)))
    app = make(p)
    async with app.run_test(size=(80, 12)) as pilot:
        await press(pilot, "b")
        v = view(app)
        assert v.virtual_size.height > v.scrollable_content_region.height
        for _ in range(4):
            await press(pilot, "j")
            (y0, _, _), (y1, _, _) = v.layout_.slots[v.cursor]
            top_line = v.scroll_offset.y
            assert top_line <= y0 and y1 < top_line + v.scrollable_content_region.height
        assert v.scroll_offset.y > 0
        await press(pilot, "home")
        assert v.scroll_offset.y <= v.layout_.slots[v.cursor][0][0]


# -- Enter: the match's board --------------------------------------------------------------------


@sync
async def test_enter_on_a_match_goes_to_its_board_and_the_result_keys_enter_it(top4):
    app = make(top4)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b", "enter")  # the cursor is on semi-final 2: board 2 of top round 1
        m = app.main
        assert m.view == "round" and app.focused is app.main.query_one("#round-table")
        assert m.shown_round().key == ("top", None, 1)
        assert m.selected_board() == 2
        assert "Top round 1, board 2" in screen_text(app)
        await press(pilot, "0")  # Lea (second) wins
        assert load(top4).find_round("top", None, 1).game(2).result is Result.SECOND_WINS
        # back in the bracket: the same match under the cursor; the final now has both players
        await press(pilot, "b")
        assert view(app).cursor == (1, 2)
        assert view(app).bracket.final.players == (3, 10)
        await press(pilot, "l", "enter")  # the final: board 1 of top round 2
        assert m.shown_round().key == ("top", None, 2) and m.selected_board() == 1


@sync
async def test_enter_on_a_decided_match_shows_its_board_and_on_an_unknown_one_says_why(top4):
    app = make(top4)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b", "l", "enter")  # the final: its players are not known yet
        assert app.main.view == "bracket"
        assert tr("en", "bracket_no_board") in screen_text(app)
        await press(pilot, "h", "k", "enter")  # semi-final 1, decided: its board, to see or fix it
        assert app.main.view == "round" and app.main.selected_board() == 1


# -- live: another judge's result -----------------------------------------------------------------


@sync
async def test_a_result_from_another_judge_updates_the_bracket_and_keeps_the_cursor(top4):
    app = ArbiterApp(top4, lang="en", user="judge1", poll_interval=0, presence=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b", "k")
        assert view(app).cursor == (1, 1)
        EventFile(top4).change(lambda e: top.record_top_result(e, 1, 2, Result.FIRST_WINS, by="anna"),
                               "result top round 1 board 2: 1-0")
        app.poll()  # what the timer does every second
        await pilot.pause()
        v = view(app)
        assert app.changes_seen == 1
        assert v.cursor == (1, 1)  # the same match, not the one to play now
        assert v.bracket.final.players == (3, 6)  # Hal (6) won semi-final 2
        assert "result top round 1 board 2: 1-0" in screen_text(app)  # who changed what
        await press(pilot, "j", "l")
        assert v.cursor == (2, 1)
        await press(pilot, "enter")
        assert app.main.shown_round().key == ("top", None, 2)


@sync
async def test_a_wider_window_lays_the_tree_out_again_with_the_cursor_kept(top8):
    app = make(top8)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b", "j", "j", "l")
        key = view(app).cursor
        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        assert view(app).cursor == key
        await pilot.resize_terminal(200, 50)
        await pilot.pause()
        assert view(app).cursor == key and app.main.wide


# -- names are data --------------------------------------------------------------------------------


@sync
async def test_names_with_markup_are_shown_literally_in_the_tree_and_the_detail(top8):
    app = make(top8)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b")
        text = screen_text(app)
        assert "[red]Eve[/red]" in text
        assert "Carol [/]" in text
        e = load(top8)
        carol = next(p.id for p in e.players if p.name == "Carol [/]")
        b = top.bracket(e)
        key = next(m.key for m in b.rounds[0] if carol in m.players)
        while view(app).cursor != key:
            await press(pilot, "j")
        detail = str(app.main.query_one("#bracket-detail").render())
        assert "Carol [/]" in detail


# -- sizes --------------------------------------------------------------------------------------------


@sync
@pytest.mark.parametrize("size", [(20, 5), (10, 3), (1, 1), (40, 10), (159, 30)])
async def test_tiny_and_odd_windows_never_crash(top8, size):
    app = make(top8)
    async with app.run_test(size=size) as pilot:
        await press(pilot, "b", "j", "l", "l", "k", "h", "end", "home", "enter", "b", "enter")
        await pilot.resize_terminal(2, 2)
        await press(pilot, "b", "j")
        await pilot.resize_terminal(80, 24)
        await press(pilot, "b", "l")
        assert view(app).cursor is not None


def regions(app) -> dict[str, object]:
    return {name: app.main.query_one(f"#{name}-panel").region for name in ("round", "standings", "bracket")}


@sync
@pytest.mark.parametrize("size", [(160, 48), (200, 50)])
async def test_wide_with_a_top_the_bracket_has_the_right_column(top4, size):
    app = make(top4)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        r = regions(app)
        assert r["round"].x == 0 and r["round"].width == 80
        assert r["standings"].x == 0 and r["standings"].y > r["round"].y  # under the round
        assert r["bracket"].x == 80 and r["bracket"].width == size[0] - 80
        assert r["bracket"].height == r["round"].height + r["standings"].height  # the whole height
        text = screen_text(app)
        # the standings show every column, the tree its whole width
        assert "WIN" in text and "Carol [/]" in text
        tree = tree_layout(view(app).bracket, {p.id: p.name for p in load(top4).players},
                           width=view(app).scrollable_content_region.width)
        assert view(app).virtual_size.width <= view(app).scrollable_content_region.width
        assert max(len(line) for line in tree.lines) <= size[0] - 80


@sync
async def test_wide_without_a_top_round_and_standings_side_by_side(tmp_path):
    from tests.tui.test_tui_snapshots import round_in_progress

    p = tmp_path / "open.toml"
    round_in_progress(p)
    app = make(p)
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        r = regions(app)
        assert r["round"].x == 0 and r["standings"].x == 80 and r["standings"].y == r["round"].y
        assert not app.main.query_one("#bracket-panel").display


@sync
async def test_80_columns_one_panel_at_a_time(top4):
    app = make(top4)
    async with app.run_test(size=(80, 24)) as pilot:
        for key, shown in (("b", "bracket"), ("s", "standings"), ("r", "round"), ("b", "bracket")):
            await press(pilot, key)
            shown_panels = [n for n in ("round", "standings", "bracket")
                            if app.main.query_one(f"#{n}-panel").display]
            assert shown_panels == [shown]


# -- keys in the help and the footer ---------------------------------------------------------------


def test_help_lists_the_bracket_keys_in_both_languages():
    for lang in ("en", "ru"):
        text = " ".join(help_text(lang).plain.split())
        from arbiter_tournament.tui import actions

        for a in actions.of_scope("bracket"):  # every key of the bracket, with its line
            assert " ".join(f"{a.key} {a.help(lang)}".split()) in text, (lang, a.id)
        assert all(k in text for k in ("↑ k", "↓ j", "← h", "→ l"))


@sync
async def test_footer_shows_enter_in_the_bracket_only_with_a_top(top4, tmp_path):
    from tests.tui.test_tui_snapshots import round_in_progress

    app = make(top4)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b")
        assert "Enter board" in screen_text(app).splitlines()[-1]
        await press(pilot, "L")  # Russian: the footer, and the bracket's own words (core.knockout.bracket_text)
        await press(pilot, "b")
        assert "Enter доска" in screen_text(app).splitlines()[-1]
        assert words("ru")("bk_third_place") in screen_text(app)
    p = tmp_path / "open.toml"
    round_in_progress(p)
    app = make(p)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b")
        assert "Enter" not in screen_text(app).splitlines()[-1]
        assert tr("en", "no_top") in screen_text(app)


@sync
async def test_on_the_final_the_column_of_its_winner_is_in_sight(top8):
    """The tree wider than the window (a top of 16 at 80 columns; here a top of 8 at 40): on the final, the view
    shows the column after it, where the champion is written (it stopped at the final's own box: "├─ 4 Pav")."""
    app = make(top8)
    async with app.run_test(size=(40, 24)) as pilot:
        await press(pilot, "b")
        v = view(app)
        assert v.virtual_size.width > v.scrollable_content_region.width
        for _ in range(3):
            await press(pilot, "l")
        assert v.cursor in v.layout_.columns[-1]
        assert v.scroll_offset.x + v.scrollable_content_region.width >= v.virtual_size.width


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_changing_a_top_result_says_which_later_board_gets_the_other_player(lang):
    """Both semi-finals decided, the final (and the third-place match) paired on them: changing semi-final 1
    puts its other player into the final and its winner into the third-place match. The question said only
    "round 1, board 1: 1-0 → 0-1" and the final changed without a word."""
    from arbiter_tournament.tui.screens.entry import change_preview

    e = top.start_top(swiss_event(3))
    e = top.record_top_result(e, 1, 1, Result.FIRST_WINS, by="anna")
    e = top.record_top_result(e, 1, 2, Result.FIRST_WINS, by="anna")
    sf = e.find_round("top", None, 1)
    final_round = e.find_round("top", None, 2)
    a, b = sf.game(1).first, sf.game(1).second
    moved_in = {g.board: g for g in final_round.games if a in (g.first, g.second)}
    assert moved_in  # the final (or the third-place match) was paired on a's win
    text = change_preview(e, sf, 1, Result.SECOND_WINS, lang).plain
    word = {"en": "becomes", "ru": "станет"}[lang]
    said = [line for line in text.splitlines() if word in line]
    assert len(said) == len([g for g in final_round.games if {a, b} & {g.first, g.second}]) >= 1
    name_a, name_b = e.player(a).name, e.player(b).name
    for board, g in moved_in.items():
        line = next(x for x in said if f" {board}:" in x)
        left, right = line.split(word)
        assert name_a in left and name_b in right and name_a not in right
