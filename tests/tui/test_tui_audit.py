"""What the acceptance audit of the TUI found at 80x24 (English and Russian), each held by a test."""

from __future__ import annotations


import pytest
from textual.command import CommandPalette

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.knockout import stage as topmod
from arbiter_tournament.core.errors import ArbiterError
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import EventFile, create, load
from tests.tui.pilot import SIZE, FrozenClock, make_app, pair_preview, screen_text, sync, type_line, until
from arbiter_tournament.tui import compat
from arbiter_tournament.tui.i18n import tr
from arbiter_tournament.tui.widgets.keys_bar import PINNED, KeysBar
from arbiter_tournament.tui.screens.dialogs import ChoiceScreen, TextScreen
from arbiter_tournament.tui.widgets.status import status_text

TEXTUAL_ENGLISH = ("Theme", "Maximize", "Screenshot", "Search for commands", "Keys\n")


@sync
async def test_the_russian_palette_has_no_english(demo):
    app = make_app(demo, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        assert isinstance(app.screen, CommandPalette)
        for _ in range(6):  # every entry, page by page
            text = screen_text(app)
            assert "Поиск действия" in text
            for word in TEXTUAL_ENGLISH + ("Quit", "core.knockout.stage"):
                assert word not in text, word
            await pilot.press("pagedown")
            await pilot.pause()
        await pilot.press(*list("zzzq"))
        await pilot.pause(1.0)
        assert "Ничего не найдено" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()


def test_the_status_line_never_loses_the_other_judges():
    for lang in ("en", "ru"):
        for viewing in (None, 2):
            for others in (["root@10.0.0.7"], ["root@10.0.0.7", "bob@10.0.0.9"]):
                t = status_text(lang, event_name="Demo Open (seed 000, 704.2)", round_no=4, rounds_planned=5,
                                stage="swiss", table=1, tables=4, missing=0, clock_left=2676, clock_paused=False,
                                others=others, viewing=viewing, width=80).plain
                assert len(t) <= 80, t
                last = t.rsplit(" │ ", 1)[1]
                assert last.startswith(("also: ", "также: ")) and not last.endswith(("…", ": ")), t
                assert "root" in last or last.endswith(str(len(others))), t


@sync
async def test_footer_keys_are_whole_and_the_palette_key_stays(demo):
    for lang in ("en", "ru"):
        app = make_app(demo, lang=lang)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for keys in ((), ("s",), ("P",)):
                await pilot.press(*keys)
                await pilot.pause(0.3)
                bar = app.screen.query_one(KeysBar)
                line = screen_text(app).splitlines()[-1]
                palette = f"▏^p {tr(lang, 'k_palette')}"
                assert line.rstrip().endswith(palette), (lang, keys, line)  # the palette key stays, whole
                left = line[:line.rindex(palette)]
                shown = [(k, label) for k, label, _ in bar.keys if f"{k} {label} " in left]
                assert shown and all(left.count(f"{k} {label}") == 1 for k, label in shown), (lang, keys, line)
                # every key written is whole, and the ones written are the first ones that apply, and q (quit,
                # pinned beside ^p) always where it applies
                pinned = [(k, label) for k, label, a in bar.keys if a in PINNED]
                rest = [(k, label) for k, label, a in bar.keys if a not in PINNED]
                written = [x for x in shown if x not in pinned]
                assert written == rest[:len(written)] and all(x in shown for x in pinned), (lang, keys, line)
                assert bool(pinned) == (keys != ("P",)), (lang, keys, line)  # q quits from the round's screen
            await pilot.press("escape")
            await pilot.pause()


@sync
async def test_a_long_message_takes_two_lines_and_the_echo_keeps_the_scores(tmp_path):
    p = tmp_path / "long.toml"
    e = commands.new_event("Long", 3, lots_seed=1)
    for name in ("Константинопольский-Рождественский, Александра-Мария Владиславовна",
                 "Вознесенский-Преображенский, Константин Александрович", "Lee", "Kim"):
        e = commands.add_player(e, name, rating=1500)
    create(p, pairing.pair_next(e))
    app = make_app(p, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        rnd = load(p).rounds[-1]
        long_board = next(g.board for g in rnd.games if max(g.players) <= 2 or min(g.players) <= 2)
        app.main.query_one("#round-table").select_key(str(long_board))
        await pilot.press("1")
        await pilot.pause()
        text = screen_text(app)
        assert "→ 1 : 0" in text  # the new scores, whatever the names' length
        table = app.main.query_one("#round-table")
        assert table.virtual_size.width <= table.size.width  # two long names: the round never scrolls sideways
        # another judge's long change: the message line wraps and its end is still shown
        what = "import players from /srv/events/autumn-open-2026/registrations/players-late.csv"
        EventFile(p).change(lambda ev: commands.add_player(ev, "Zed", rating=1400), what)
        await pilot.pause(1.5)
        lines = screen_text(app).splitlines()
        assert "турнир изменён" in lines[-3] and "players-late.csv" in lines[-2], lines[-3:]
        assert "Доска" in screen_text(app)


def _tied_at_the_line() -> "commands.Event":
    """8 players, 3 rounds played, a top of 4, and a tie at 4th place that only lots break."""
    for seed in range(1, 40):
        e = commands.new_event("Tie Cup", 3, top=4, lots_seed=seed)
        for name in ("A", "B", "C", "D", "E", "F", "G", "H"):
            e = commands.add_player(e, name, rating=1500)
        for k in range(3):
            e = pairing.pair_next(e)
            for g in e.rounds[-1].games:
                if g.second is not None:
                    e = commands.record_result(e, "swiss", None, k + 1, g.board, Result.FIRST_WINS, by="t")
        try:
            topmod.start_top(e)
        except ArbiterError:
            topmod.start_top(e, lots=True)
            return e
    raise AssertionError("no tie found")


@sync
async def test_a_tie_at_the_qualification_line_offers_lots(tmp_path):
    p = tmp_path / "tie.toml"
    create(p, _tied_at_the_line())
    app = make_app(p)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("K")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        text = screen_text(app)
        assert "tied at the qualification line" in text and "Draw lots" in text
        await pilot.press("y")  # not the key here: nothing happens
        await pilot.pause()
        assert not any(r.stage == "top" for r in load(p).rounds)
        await pilot.press("l")
        await pilot.pause()
        e = load(p)
        assert any(r.stage == "top" for r in e.rounds) and topmod.state(e).get("lots")
        assert app.main.stage == "top"
        # the result column keeps its heading over rounds without results
        assert " Res " in screen_text(app)
        # a drawn top game: the echo says who goes through and by which rule, no empty scores
        await pilot.press("equals_sign")
        await pilot.pause()
        text = screen_text(app)
        assert "(705.2)" in text and "- : -" not in text
        await pilot.press("1")
        await pilot.pause()
        assert "won the game" in screen_text(app)


@sync
async def test_help_lists_the_clock_players_and_dialog_keys(demo):
    for lang, words in (("en", ("Take 5 minutes off", "technical draw on every unfinished board", "Import players",
                                "o overwrite")),
                        ("ru", ("Убрать 5 минут", "ничья по решению судьи на всех неоконченных досках",
                                "Импорт участников", "o перезаписать"))):
        app = make_app(demo, lang=lang)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, TextScreen)
            from arbiter_tournament.tui.screens.help import help_text

            plain = " ".join(help_text(lang).plain.split())
            for w in words:
                assert w in plain, (lang, w)


def test_the_new_event_form_says_its_errors_in_russian(tmp_path):
    from arbiter_tournament.tui.screens.new_event import make_event

    base = {"file": str(tmp_path / "x.toml"), "name": "Кубок", "rounds": "5", "tables": "1", "top": "0",
            "third": "н", "points": "1,1/2,0", "tiebreaks": ""}
    with pytest.raises(ValueError, match="туров: «пять» — не число"):
        make_event(dict(base, rounds="пять"), "ru")
    with pytest.raises(ValueError, match="за победу, ничью, поражение"):
        make_event(dict(base, points="1,0"), "ru")
    path = make_event(dict(base, top="4", third="д"), "ru")
    e = load(path)
    assert e.top == 4 and e.third_place


@sync
async def test_the_new_event_form_offers_a_file_beside_the_open_event(tmp_path, monkeypatch):
    """The new event goes beside the one open (the venue's shared folder), not into the working directory's
    saves/; an empty field means that file too."""
    from arbiter_tournament.tui.screens.new_event import default_file, make_event

    venue = tmp_path / "srv" / "events"
    venue.mkdir(parents=True)
    open_event = venue / "cup.toml"
    create(open_event, commands.new_event("Cup", 3))
    elsewhere = tmp_path / "home"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert default_file(open_event) == str(venue / "new.toml")
    monkeypatch.chdir(tmp_path)
    assert default_file(open_event) == "srv/events/new.toml"
    app = make_app(open_event)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.main.action_act("new_event")
        await pilot.pause()
        assert app.screen.query_one("#f-file").value == "srv/events/new.toml"
    base = {"file": "", "name": "Next", "rounds": "5", "tables": "1", "top": "0", "third": "n",
            "points": "1,1/2,0", "tiebreaks": ""}
    assert make_event(base, "en", default_file(open_event)) == "srv/events/new.toml"
    assert load(venue / "new.toml").name == "Next"


@sync
async def test_the_players_forms_in_russian(demo):
    app = make_app(demo, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("P")
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        assert "Выбывание участника" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        text = screen_text(app)
        assert "имя" in text and "название" not in text
        await pilot.press("escape")
        await pilot.pause()


@sync
async def test_explanations_and_the_journal_wrap_at_80_columns(demo):
    from textual.containers import ScrollableContainer

    app = make_app(demo, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("1", "1")  # round 4 of table 1 complete
        await pilot.pause()
        for keys in (("e",), ("h",), ("p", "e")):
            for k in keys:
                await pilot.press(k)
                await until(pilot, lambda: app.screen is not app.main and app.job is None, keys)
            assert isinstance(app.screen, TextScreen), keys
            body = app.screen.query_one(ScrollableContainer)
            assert body.virtual_size.width <= body.size.width, keys  # nothing to scroll sideways to
            await pilot.press("escape")
            await pilot.pause()
            if keys[0] == "p":
                await pilot.press("n")
                await pilot.pause()


@sync
async def test_the_conflict_question_gives_no_command_line_advice(demo):
    for lang in ("en", "ru"):
        app = make_app(demo, lang=lang, poll_interval=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            EventFile(demo).change(lambda e: commands.record_result(e, "swiss", 1, 4, 2, Result.SECOND_WINS,
                                                                     by="judge2"), "other")
            app.main.query_one("#round-table").select_key("2")
            await pilot.press("1")
            await pilot.pause()
            assert isinstance(app.screen, ChoiceScreen)
            text = screen_text(app)
            assert "judge2" in text and "--force" not in text
            await pilot.press("k")
            await pilot.pause()
            assert "--force" not in screen_text(app)
        EventFile(demo).change(lambda e: commands.record_result(e, "swiss", 1, 4, 2, None, by="t", force=True), "clear")


@sync
async def test_the_705_3_reminder_follows_results_from_another_judge(demo):
    from datetime import timedelta


    clock = FrozenClock()
    app = make_app(demo, clock=clock, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c", "4")
        await pilot.pause()
        clock.t += timedelta(minutes=46)
        app.bell = lambda: None
        app.main.tick()
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and "boards: 1, 2" in screen_text(app)
        # another judge enters board 1: the reminder names board 2 only, and d draws board 2 only
        EventFile(demo).change(lambda e: commands.record_result(e, "swiss", 1, 4, 1, Result.FIRST_WINS, by="judge2"),
                               "other")
        app.reload()
        app.main.tick()
        await pilot.pause()
        text = screen_text(app)
        assert "boards: 2" in text and "boards: 1, 2" not in text
        await pilot.press("d")
        await pilot.pause()
        assert "on every unfinished board: 2?" in screen_text(app)
        await pilot.press("y")
        await pilot.pause()
        rnd = load(demo).find_round("swiss", 1, 4)
        assert rnd.game(1).result is Result.FIRST_WINS and rnd.game(2).result is Result.TECHNICAL_DRAW
        assert "changed" not in screen_text(app)
    # every board finished meanwhile: the reminder closes by itself
    app = make_app(demo, clock=clock, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("T")  # table 2: a round with boards to play
        await pilot.pause()
        await pilot.press("c", "4")
        await pilot.pause()
        clock.t += timedelta(minutes=46)
        app.bell = lambda: None
        app.main.tick()
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        rnd = load(demo).find_round("swiss", 2, 4)

        def finish(e):
            for g in rnd.games:
                if g.result is None and g.second is not None:
                    e = commands.record_result(e, "swiss", 2, 4, g.board, Result.DRAW, by="judge2")
            return e

        EventFile(demo).change(finish, "other")
        app.reload()
        app.main.tick()
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen)


@sync
async def test_the_round_head_keeps_its_marks_at_80_columns(one_table):
    app = make_app(one_table, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m", "t")
        await pilot.pause()
        head = screen_text(app).splitlines()[1].rstrip()
        assert "[только без результата]" in head and "[t: техн.]" in head and not head.endswith("…"), head
        assert "нет результатов: 12" in head
        await pilot.press("escape", "m")
        await pilot.pause()
        head = screen_text(app).splitlines()[1].rstrip()
        assert "нет результатов на досках: 1, 2," in head


def test_every_individual_tiebreak_code_has_a_russian_name():
    from arbiter_tournament.core.tiebreaks import registry
    from arbiter_tournament.tui.i18n import tiebreak_name

    codes = list(registry.FIXED) + list(registry.ALIASES) + ["BH-C1", "BH-M2", "SB-C1", "FB-C1", "PS-C1", "ARO-C1"]
    for c in codes:
        ru = tiebreak_name("ru", c)
        assert ru.upper() != c and any("а" <= ch <= "я" for ch in ru), c


@sync
async def test_moves_before_the_result_say_so(one_table):

    app = make_app(one_table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_line(pilot, "1 m45")
        assert "enter its result first" in screen_text(app)


@sync
async def test_the_play_off_head_names_the_winner(tmp_path):
    from arbiter_tournament.core.playoff import stage as playoff_event
    from tests.helpers import event_with_players, with_round

    p = tmp_path / "tied.toml"
    e = event_with_players(2, rounds=1)
    create(p, with_round(e, 1, [(1, 2)], ["1/2"]))
    app = make_app(p, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.main.action_start_playoff()  # the format first: y starts it
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        for _ in range(8):
            if playoff_event.progress(load(p)).finished:
                break
            await pilot.press("1")
            await pilot.pause()
        st = playoff_event.progress(load(p))
        assert st.finished
        head = screen_text(app).splitlines()[1]
        assert "первое место: " in head and f"({st.winner})" in head, head


@sync
async def test_ctrl_c_hints_at_q_in_the_judges_language(demo):
    app = make_app(demo, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause(0.3)
        said = compat.notifications(app)
        assert said == [("Выйти из программы?", "Для выхода нажмите q (или Ctrl+Q)")], said


@sync
async def test_long_names_never_scroll_the_players_or_the_preview_sideways(tmp_path):
    from tests.helpers import with_round

    p = tmp_path / "long.toml"
    e = commands.new_event("Long", 3, lots_seed=1)
    for i, name in enumerate(("Константинопольский-Рождественский, Александра-Мария Владиславовна",
                              "Вознесенский-Преображенский, Константин Александрович",
                              "Благовещенская-Старосельцева, Анастасия", "Преображенская, Мария-Антуанетта")):
        e = commands.add_player(e, name, rating=1500 + i, club="Спортивный клуб имени Капабланки")
    create(p, with_round(e, 1, [(1, 2), (3, 4)], ["1-0", "0-1"]))
    app = make_app(p, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("P")
        await pilot.pause()
        table = app.screen.query_one("#players-table")
        assert table.virtual_size.width <= table.size.width
        await pilot.press("escape")
        await pilot.pause()
        await pair_preview(pilot)
        table = app.screen.query_one("#preview-table")
        assert table.virtual_size.width <= table.size.width
        assert "(1)" in screen_text(app) and "(2)" in screen_text(app)  # the numbers are never cut off


@sync
async def test_the_standings_legend_names_nine_tiebreaks_in_russian(tmp_path):
    from arbiter_tournament.tui.i18n import tiebreak_name

    codes = ("BH-C1", "BH", "SB", "WIN", "DE", "ARO-C1", "TPR", "PS", "KS-E")
    p = tmp_path / "tb.toml"
    e = commands.new_event("TB", 3, lots_seed=1, tiebreaks=codes)
    for name in "ABCDEF":
        e = commands.add_player(e, name, rating=1500)
    create(p, e)
    app = make_app(p, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        for c in codes:
            assert f"{c} {tiebreak_name('ru', c)}" in text, c


@sync
async def test_the_form_shows_the_label_of_the_focused_field(demo):
    from textual.widgets import Input

    app = make_app(demo, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.main.action_act("new_event")
        await pilot.pause(0.3)
        labels = list(app.screen.query(".form-label"))
        for i in range(len(labels)):
            focused = app.screen.focused
            assert isinstance(focused, Input)
            label = labels[list(app.screen.query(Input)).index(focused)]
            text = screen_text(app)
            assert label.render().plain in text, (i, label.render().plain)
            if i + 1 < len(labels):
                await pilot.press("tab")
                await pilot.pause(0.2)
        await pilot.press("escape")
        await pilot.pause()


@sync
async def test_every_key_on_every_view_answers_without_a_traceback(demo):
    from arbiter_tournament.tui import actions

    main = [a for a in actions.of_scope("main") if a.keys and a.id != "quit"]
    keys = [a.keys[0] for a in main]
    cyrillic = [actions.twin(k) for k in keys if actions.twin(k)]
    app = make_app(demo, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for view, pressed in (("r", keys + cyrillic), ("s", keys), ("b", keys)):
            for k in pressed:
                await pilot.press(view)
                await pilot.pause()
                await pilot.press(k)
                await until(pilot, lambda: app.job is None, k)  # a pairing or an explanation is a job
                for _ in range(3):  # close whatever opened (a dialog, a page, the ':' line)
                    if app.screen is app.main:
                        break
                    await pilot.press("escape")
                    await pilot.pause()
                assert app.screen is app.main, (view, k, type(app.screen).__name__)
        assert app.is_running


@sync
async def test_the_players_screen_follows_another_judges_change(demo):
    app = make_app(demo, poll_interval=0.2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("P")
        await pilot.pause()
        n = len(load(demo).players)
        EventFile(demo).change(lambda e: commands.add_player(e, "Zed, Late", rating=1400, table=1),
                               "add player Zed, Late")
        await pilot.pause(1.0)
        text = screen_text(app)
        assert f"{n + 1}/{n + 1}" in text and "changed" in text
        await pilot.press("slash", *list("Zed"))
        await pilot.pause()
        assert "Zed, Late" in screen_text(app)
