"""The judge's day in the TUI (issue 13): logins and the lock, printing, every table at once, players to tables,
who is not paired, the end of the top, the play-off, corrections that land where meant, say why, ask first.

Pilot tests at 80x24, in English and Russian, asserting on the event file (core.store.load) and on what the
screen shows; the events come from tests/day_events.py (30 players dealt to 2 tables, 5 Swiss rounds, a top
of 8 with a third-place match).
"""

from __future__ import annotations

import os
import stat
import threading
from datetime import timedelta

import pytest

from arbiter_tournament.core.pairing import corrections, rounds as pairing
from arbiter_tournament.core.event import seating
from arbiter_tournament.core.knockout import stage as top
from arbiter_tournament.core.formats import exports
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import EventFile, create, load
from arbiter_tournament.core.store.files import locked
from tests import day_events
from tests.tui.pilot import JUDGE1, SIZE, FrozenClock, flat, make_app, screen_text, sync, type_line, until
from textual.command import CommandPalette
from arbiter_tournament.tui import actions, compat, i18n
from arbiter_tournament.tui.screens.dialogs import ChoiceScreen, FormScreen, LineScreen, TextScreen
from arbiter_tournament.tui.screens.players import PlayersScreen
from arbiter_tournament.tui.screens.preview import PreviewScreen
from arbiter_tournament.tui.screens.seating import SeatingScreen


def save(tmp_path, event, name="cup.toml"):
    p = tmp_path / name
    create(p, event)
    return p


@pytest.fixture
def seated(tmp_path):
    """30 players on 2 tables, nothing paired."""
    return save(tmp_path, day_events.seated())


@pytest.fixture
def round_three(tmp_path):
    """Rounds 1-2 played; round 3 paired on both tables, no results."""
    return save(tmp_path, pairing.pair_next(day_events.after_rounds(2)))


def message(app) -> str:
    """The message line (up to three lines over the footer, joined)."""
    from arbiter_tournament.tui.widgets.status import MessageLine

    line = app.screen.query(MessageLine)
    rows = line.first().size.height if line else 1
    lines = screen_text(app).splitlines()
    return " ".join(" ".join(x.split()) for x in lines[-1 - rows:-1])


# -- 1. judges with their own logins: the lock, user@host, local time --------------------------------------


@sync
async def test_a_change_waits_for_another_judges_lock_without_freezing_the_screen(round_three):
    """The lock held by another session: the result waits in a thread, the screen answers, the wait is said
    with who holds it, the next result key waits for the first (said so) and both are saved in the order typed,
    on the boards they were typed on, once the lock is free."""
    app = make_app(round_three, poll_interval=0)
    held, release = threading.Event(), threading.Event()

    def other_judge() -> None:
        with locked(EventFile(round_three).real, doing="result swiss round 3 table 1 board 5: 1-0"):
            held.set()
            release.wait(10)

    t = threading.Thread(target=other_judge)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        t.start()
        held.wait(5)
        try:
            await waiting(pilot, app, round_three)
        finally:
            release.set()
            t.join()
        await until(pilot, lambda: load(round_three).find_round("swiss", 1, 3).game(2).result is not None,
                    "the held key entered")
        await until(pilot, lambda: not app.changing and not app.keyguard.held, "both changes done")
        rnd = load(round_three).find_round("swiss", 1, 3)
        assert rnd.game(1).result is Result.FIRST_WINS and rnd.game(1).by == JUDGE1
        assert rnd.game(2).result is Result.DRAW and rnd.game(2).by == JUDGE1
        assert rnd.game(3).result is None
        assert app.main.selected_board() == 3  # the cursor moved on after each was saved
        assert "board 2:" in message(app)


async def waiting(pilot, app, path) -> None:
    """While another session holds the lock."""
    before = path.read_bytes()
    await pilot.press("1")  # board 1: waits for the lock
    await pilot.pause()
    assert app.changing and path.read_bytes() == before
    await pilot.press("s")  # the screen answers meanwhile
    await pilot.pause()
    assert app.main.view == "standings"
    await pilot.press("r")
    await pilot.pause()
    await pilot.press("equals_sign")  # the next result waits for this one: held, said so
    await pilot.pause()
    assert "the last change waits for the event's lock: what you type goes on once it is through" in message(app)
    assert len(app.keyguard.held) == 1 and path.read_bytes() == before
    await until(pilot, lambda: "is locked by" in message(app), "the lock notice", timeout=15)
    assert "result swiss round 3 table 1 board 5: 1-0; waiting (at most 30 s)" in message(app)  # who, what
    assert load(path).find_round("swiss", 1, 3).game(2).result is None


@sync
async def test_the_journal_conflict_and_changed_by_lines_name_user_at_host(round_three, monkeypatch):
    app = make_app(round_three, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        # another judge on the same login, from another machine
        monkeypatch.setenv("USER", "judge1")
        monkeypatch.setenv("SSH_CLIENT", "10.0.0.9 50000 22")
        EventFile(round_three).change(lambda e: day_events.commands.record_result(
            e, "swiss", 1, 3, 2, Result.DRAW, by="judge1@10.0.0.9"), "result swiss round 3 table 1 board 2: 1/2")
        monkeypatch.delenv("SSH_CLIENT")
        app.check_file()
        await pilot.pause()
        assert "judge1@10.0.0.9: result: swiss system" not in message(app)  # English here
        assert "changed by judge1@10.0.0.9: result swiss round 3 table 1 board 2: 1/2" in message(app)
        # the board under the cursor was filled by the other judge: the cursor moved on (no overwrite question)
        assert app.main.selected_board() == 3
        await pilot.press("up")
        await pilot.pause()
        assert app.main.selected_board() == 2
        app.main.query_one("#round-table").select_key("2")
        # the conflict dialog names user@host
        EventFile(round_three).change(lambda e: day_events.commands.record_result(
            e, "swiss", 1, 3, 2, Result.FIRST_WINS, by="judge1@10.0.0.9", force=True), "result swiss round 3 "
                                                                                       "table 1 board 2: 1-0")
        await pilot.press("0")  # over the 1/2 shown: asked first, naming who entered it
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and "(entered by judge1@10.0.0.9)" in flat(app)
        await pilot.press("y")  # the file has 1-0 by now: the conflict names who
        await pilot.pause()
        assert "it is now 1-0 (entered by judge1@10.0.0.9)" in flat(app)
        await pilot.press("k")
        await pilot.pause()
        assert load(round_three).find_round("swiss", 1, 3).game(2).result is Result.FIRST_WINS
        await pilot.press("h")  # the journal: local time, user@host
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        entries = EventFile(round_three).history()
        text = flat(app)
        for entry in entries:
            assert f"{entry.seq} {entry.local_time} {entry.label}:" in text
        # the other judge's line names user@host (the second change was made without SSH_CLIENT: judge1@<this host>)
        first_other = next(x for x in entries if x.label == "judge1@10.0.0.9")
        assert f"{first_other.seq} {first_other.local_time} judge1@10.0.0.9:" in text


@sync
async def test_a_repair_notice_reaches_the_message_line(round_three):
    """A journal line torn by a crash is cut off by the next transaction: the store says so, the TUI shows it."""
    journal = round_three.with_name(round_three.name + ".journal")
    EventFile(round_three).change(lambda e: e.with_round(e.rounds[-1]), "nothing")  # (no change: no line)
    with open(journal, "ab") as f:
        f.write(b'{"seq": 99, "torn')
    app = make_app(round_three, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: not app.changing, "the settle on opening")
        await pilot.pause()
        assert app.file.notices and "ended in a cut line" in str(app.file.notices[-1])
        assert "ended in a cut line (a crash or a full disk while saving): 17 bytes removed" in message(app)


# -- 2. printing and exporting ----------------------------------------------------------------------------


@pytest.fixture
def lpr(tmp_path, monkeypatch):
    """A printer command on PATH that keeps what it was asked to print."""
    folder = tmp_path / "bin"
    folder.mkdir()
    log = tmp_path / "printed.log"
    script = folder / "lpr"
    script.write_text(f"#!/bin/sh\necho \"$@\" >> {log}\n")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    return log


@sync
async def test_print_menu_writes_beside_the_event_and_sends_it_to_lpr(round_three, lpr):
    for lang, pairings in (("en", "the pairings"), ("ru", "пары тура")):
        app = make_app(round_three, lang=lang, poll_interval=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("o")
            await pilot.pause()
            assert isinstance(app.screen, ChoiceScreen) and pairings in flat(app)
            assert "lpr" in flat(app)
            # the bracket does not apply yet: its row dimmed (its key says why, below)
            assert [e.now for e in app.screen.entries if e.key == "6"] == [False]
            await pilot.press("1")
            out = round_three.with_name("cup-pairings.txt")
            await until(pilot, lambda: app.job is None and out.exists(), "the printout")
            await pilot.pause()
            assert out.read_text(encoding="utf-8") == exports.printout(load(round_three), "pairings", lang=lang)
            assert str(out) in lpr.read_text().splitlines()[-1]
            said = "".join(message(app).split())  # (a long path wraps anywhere)
            assert str(out) in said and "".join(i18n.tr(lang, "print_sent", lpr="lpr").split()) in said
            await pilot.press("o", "h")  # the site: a folder, not printed
            site = round_three.with_name("cup-site")
            await until(pilot, lambda: app.job is None and (site / "index.html").exists(), "the site")
            assert len(lpr.read_text().splitlines()) == (1 if lang == "en" else 2)
            await pilot.press("o", "6")  # the bracket: no top yet, said why
            await pilot.pause()
            assert i18n.tr(lang, "no_top") in message(app)


@sync
async def test_without_lpr_the_file_is_written_and_the_palette_finds_print_and_export(round_three, monkeypatch):
    monkeypatch.setenv("PATH", "/nonexistent")
    app = make_app(round_three, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for query, found in (("print", "Print the pairings"), ("печать", "Print the pairings"),
                             ("export", "Export the site"), ("экспорт", "Export the site")):
            await pilot.press("ctrl+p")
            await pilot.pause(0.3)
            assert isinstance(app.screen, CommandPalette)
            await pilot.press(*query)
            await pilot.pause(0.6)
            assert found in screen_text(app), query
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("o", "t")  # TRF of the table shown
        trf = round_three.with_name("cup-table1.trf")
        await until(pilot, lambda: app.job is None and trf.exists(), "the TRF")
        await pilot.pause()
        assert trf.read_text().startswith("012 Judge Day Cup")
        assert "written to" in flat(app) and "printer" not in flat(app)


# -- 2. every table at once --------------------------------------------------------------------------------


@sync
async def test_pair_every_table_whose_round_is_complete_in_one_preview(tmp_path):
    e = pairing.pair_next(day_events.after_rounds(2))
    rng = day_events.random.Random(1)
    e = day_events.play_round(day_events.play_round(e, 1, rng), 2, rng)
    p = save(tmp_path, e)
    for lang in ("en", "ru"):
        app = make_app(p, lang=lang, poll_interval=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert app.main.applies("pair_all")
            await pilot.press("A")
            await until(pilot, lambda: isinstance(app.screen, PreviewScreen), "the preview of every table")
            await pilot.pause()
            text = screen_text(app)
            assert i18n.tr(lang, "pair_title", n=4) in text and f"{i18n.tr(lang, 'k_tables')} 1, 2" in text
            proposal = app.screen.proposal
            assert [r.key for r in proposal.rounds] == [("swiss", 1, 4), ("swiss", 2, 4)]
            if lang == "en":
                await pilot.press("n")
                await pilot.pause()
                assert len(load(p).rounds) == 6
                continue
            await pilot.press("y")
            await pilot.pause()
    saved, both = load(p), pairing.pair_next(e)
    for t in (1, 2):  # each table as the engine pairs it
        assert saved.find_round("swiss", t, 4) == both.find_round("swiss", t, 4)
    assert EventFile(p).history()[-1].what == "pair round 4"
    app = make_app(p, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("A")  # both tables play round 4 now
        await pilot.pause()
        assert "no table has its round complete" in message(app)


# -- 2. players to tables -----------------------------------------------------------------------------------


@sync
async def test_a_csv_without_a_table_column_is_dealt_to_the_tables_before_it_is_saved(tmp_path):
    p = save(tmp_path, day_events.new_cup())
    csv = tmp_path / "players.csv"
    rows = day_events.csv_rows()
    csv.write_text(day_events.csv_text(rows), encoding="utf-8")
    app = make_app(p, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("P", "i")
        await pilot.pause()
        app.screen.query_one("#line-input").value = str(csv)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SeatingScreen)
        assert "Table 1: 15 players Table 2: 15 players" in flat(app)  # side by side
        assert "by rating (a snake)" in flat(app) and load(p).players == ()
        await pilot.press("l")  # by lot
        await pilot.pause()
        assert "by lot" in flat(app)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, PlayersScreen)
    assert load(p).players == seating.add_and_seat(day_events.new_cup(), rows, method="lots").players
    assert load(p).players != seating.add_and_seat(day_events.new_cup(), rows, method="rating").players
    assert EventFile(p).history()[-1].what == "import 30 players from players.csv"


@sync
async def test_players_to_tables_again_by_rating_in_russian_and_refused_once_paired(seated, tmp_path):
    lots = seating.seat_players(day_events.seated(), method="lots", everyone=True)
    p = save(tmp_path, lots, "lots.toml")
    app = make_app(p, lang="ru", poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("P", "d")  # on a Russian layout: в
        await pilot.pause()
        assert isinstance(app.screen, SeatingScreen) and "Стол 1: 15 участников" in flat(app)
        await pilot.press("escape")
        await pilot.pause()
        assert load(p) == lots
        await pilot.press("в", "н")
        await pilot.pause()
    assert load(p) == seating.seat_players(lots, method="rating", everyone=True)
    assert EventFile(p).history()[-1].what == "seat players at tables by rating"
    e = pairing.pair_next(load(p), 1)
    create(tmp_path / "paired.toml", e)
    app = make_app(tmp_path / "paired.toml", poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("P", "d")
        await pilot.pause()
        assert "table 1 has paired a round: players keep their tables" in message(app)


# -- 2. who is not paired; a requested bye ------------------------------------------------------------------


@sync
async def test_players_not_paired_are_listed_under_the_round_and_a_bye_on_the_players_screen(tmp_path):
    e = day_events.after_rounds(2)
    e = day_events.commands.request_bye(e, 7, 3, "half")
    e = day_events.commands.withdraw(e, 13)
    p = save(tmp_path, pairing.pair_next(e))
    for lang, bye, gone in (("en", "half-point bye", "withdrawn"), ("ru", "пропуск тура с ½ очка", "выбыл(а)")):
        app = make_app(p, lang=lang, poll_interval=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            table = load(p).player(7).table
            if app.main.table != table:
                await pilot.press("T")
                await pilot.pause()
            text = flat(app)
            name = load(p).player(7).name
            assert f"{i18n.tr(lang, 'not_paired')}: " in text and f"{name} (7, {bye})" in text
            assert f"(13, {gone})" in text or load(p).player(13).table != table
            await pilot.press("P")
            await pilot.pause()
            assert i18n.tr(lang, "st_byes", byes=i18n.tr(lang, "st_bye", kind="½", r=3)) in flat(app)


# -- 2. the end of the top, its clock -----------------------------------------------------------------------


@sync
async def test_the_end_of_the_top_champion_places_final_and_third_place_boards(tmp_path):
    done = day_events.top_finished()
    p = save(tmp_path, done)
    b = top.bracket(done)
    champion = done.player(b.champion)
    for lang in ("en", "ru"):
        app = make_app(p, lang=lang, poll_interval=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            text = flat(app)  # the top's last round: which board is the final, which the third-place match
            assert i18n.tr(lang, "final_board", b=1) in text and i18n.tr(lang, "third_board", b=2) in text
            assert i18n.tr(lang, "top_final_places") in text and f"1 {champion.name} ({champion.id})" in text
            await pilot.press("b")
            await pilot.pause()
            text = flat(app)
            assert i18n.tr(lang, "champion", name=champion.name, id=champion.id) in text
            for where, pid in top.final_places(done, b)[:4]:
                assert f"{where} {done.player(pid).name} ({pid})" in text
            await pilot.press("s")
            await pilot.pause()
            assert i18n.tr(lang, "top_final_places") in flat(app) and champion.name in flat(app)


@sync
async def test_the_clock_of_a_top_round_starts_with_the_tops_own_time(tmp_path):
    p = save(tmp_path, top.start_top(day_events.after_rounds(5)))
    clock = FrozenClock()
    app = make_app(p, clock=clock, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert "start 70 minutes (top game)" in flat(app)
        await pilot.press("enter")  # the top's time by default
        await pilot.pause()
        rnd = load(p).find_round("top", None, 1)
        assert rnd.clock_deadline == (clock.t + timedelta(minutes=70)).isoformat()
        # a running clock is started again only on y
        clock.t += timedelta(minutes=10)
        await pilot.press("c", "7")
        await pilot.pause()
        assert "The clock is running: 1:00:00 left. Start 70 minutes again from now?" in flat(app)
        await pilot.press("enter")
        await pilot.pause()
        assert load(p).find_round("top", None, 1).clock_deadline == rnd.clock_deadline
        await pilot.press("c", "7", "y")
        await pilot.pause()
        assert load(p).find_round("top", None, 1).clock_deadline == (clock.t + timedelta(minutes=70)).isoformat()


# -- 2. a correction after the next round was paired ----------------------------------------------------


@sync
async def test_a_corrected_result_offers_to_pair_the_next_round_again(round_three):
    e = load(round_three)
    r2 = e.find_round("swiss", 1, 2)
    g = next(g for g in r2.games if g.second is not None and g.result is not Result.DRAW)
    for answer in ("enter", "y"):
        app = make_app(round_three, poll_interval=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await type_line(pilot, "r2")
            await type_line(pilot, f"{g.board} =")
            assert isinstance(app.screen, ChoiceScreen)  # the change first (what it does)
            await pilot.press("y")
            await pilot.pause()
            assert isinstance(app.screen, ChoiceScreen)  # then: round 3 was paired on the old result
            assert "Round 3 of table 1 was paired on the result just corrected in round 2" in flat(app)
            await pilot.press(answer)
            if answer == "enter":  # no: the round stands
                await pilot.pause()
                now = load(round_three)
                assert now.find_round("swiss", 1, 2).game(g.board).result is Result.DRAW
                assert now.find_round("swiss", 1, 3) == e.find_round("swiss", 1, 3)
                EventFile(round_three).undo()
                continue
            await until(pilot, lambda: isinstance(app.screen, PreviewScreen), "the pairing again")
            now = load(round_three)
            assert now.rounds_of("swiss", 1)[-1].number == 2  # taken back (corrections.take_back) ...
            assert now.find_round("swiss", 2, 3) == e.find_round("swiss", 2, 3)  # ... on table 1 only
            assert corrections.round_paired_on(e, now) is None
            again = pairing.pair_next(now, 1).find_round("swiss", 1, 3)
            assert app.screen.proposal.rounds == (again,)  # paired again on the corrected result
            await pilot.press("y")
            await pilot.pause()
    assert load(round_three).find_round("swiss", 1, 3) == again


# -- 3. corrections land where meant ------------------------------------------------------------------------


@sync
async def test_a_clear_stays_on_its_board_and_enter_opens_the_line_with_the_board_and_the_cursor_after(round_three):
    app = make_app(round_three, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("1", "1", "up", "up")  # boards 1 and 2, then back on board 1
        await pilot.pause()
        assert app.main.selected_board() == 1
        await pilot.press("x", "y")
        await pilot.pause()
        assert load(round_three).find_round("swiss", 1, 3).game(1).result is None
        assert app.main.selected_board() == 1  # the correction typed next belongs to board 1
        names = [load(round_three).player(pid).name for pid in load(round_three).find_round("swiss", 1, 3).game(1).players]
        assert "board 1: result cleared (" in message(app) and names[0] in message(app) and "no result" not in message(app)
        await pilot.press("down", "enter")  # board 2: the line with "2 " and the cursor after it
        await pilot.pause()
        assert isinstance(app.screen, LineScreen)
        field = app.screen.query_one("#line-input")
        assert field.value == "2 " and field.cursor_position == 2 and field.selection.is_empty
        await pilot.press("equals_sign", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)  # over 1-0: asked first
        await pilot.press("y")
        await pilot.pause()
        assert load(round_three).find_round("swiss", 1, 3).game(2).result is Result.DRAW


@sync
async def test_keys_typed_in_one_burst_go_to_the_field_shown_focused(round_three):
    app = make_app(round_three, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("P", "a")
        await pilot.pause()
        assert isinstance(app.screen, FormScreen)
        app.screen.query_one("#f-rating").value = ""
        # a laggy SSH link: "Xavier X⏎1400⏎Rooks⏎⏎" arrives at once, before any key is handled
        compat.burst(app, [*"Xavier", "space", "X", "enter", *"1400", "enter", *"Rooks", "enter", "2", "ctrl+s"])
        await until(pilot, lambda: isinstance(app.screen, PlayersScreen), "the form submitted")
        await pilot.pause()
        # and as the pilot presses them, in one call
        await pilot.press("a")
        await pilot.pause()
        app.screen.query_one("#f-rating").value = ""
        await pilot.press(*"Yvonne", "space", "Y", "enter", *"1500", "enter", "enter", "1", "ctrl+s")
        await pilot.pause()
    players = load(round_three).players
    assert [(p.name, p.rating, p.club, p.table) for p in players[-2:]] == [("Xavier X", 1400, "Rooks", 2),
                                                                           ("Yvonne Y", 1500, "", 1)]


@sync
async def test_the_new_event_form_keeps_the_focused_field_in_view(round_three):
    app = make_app(round_three, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.main.action_act("new_event")
        await pilot.pause()
        body = app.screen.query_one(".dialog-body")
        for _ in range(7):
            before = app.screen.focused
            compat.burst(app, ["enter"])
            await until(pilot, lambda: app.screen.focused not in (None, before) and body.region.contains_region(
                app.screen.focused.region), "the next field focused, and in view")
        assert app.screen.focused.id == "f-tiebreaks"


# -- 4. say why, ask first, show it whole ------------------------------------------------------------------


def _reason_shown(app, a) -> bool:
    why = a.why_not(app.main)
    return why is not None and " ".join(why.text(app.lang).split())[:40] in message(app)


@sync
async def test_every_key_that_cannot_act_says_why(tmp_path):
    """Every action of the main screen with a key and a `when`, pressed where it does not apply: its reason on
    the message line (in both languages), and the file untouched."""
    p = save(tmp_path, day_events.new_cup(tables=2))  # no players, no round: nearly nothing applies
    for lang in ("en", "ru"):
        app = make_app(p, lang=lang, poll_interval=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            before = p.read_bytes()
            tried = 0
            for a in actions.of_scope("main"):
                if not a.keys or a.when is None or a.why_not(app.main) is None:
                    continue
                key = a.keys[0]
                await pilot.press(key)
                await pilot.pause()
                assert app.screen is app.main, a.id
                assert _reason_shown(app, a), (a.id, message(app))
                tried += 1
            assert tried >= 12 and p.read_bytes() == before


@sync
async def test_ask_before_taking_back_a_pairing(round_three):
    app = make_app(round_three, lang="ru", poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.main.action_unpair()
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and "Отменить жеребьёвку тура 3, стол 1?" in flat(app)
        await pilot.press("enter")
        await pilot.pause()
        assert load(round_three).rounds_of("swiss", 1)[-1].number == 3
        app.main.action_unpair()
        await pilot.pause()
        await pilot.press("н")  # y on a Russian layout
        await pilot.pause()
        assert load(round_three).rounds_of("swiss", 1)[-1].number == 2


@sync
async def test_esc_typed_just_before_a_key_is_esc_then_the_key(round_three):
    app = make_app(round_three, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        assert app.main.prefix == "t"
        compat.burst(app, ["alt+1"])  # what Textual makes of Esc and 1 typed within 100 ms
        await pilot.pause(0.3)
        assert app.main.prefix is None  # Esc dropped the pending t ...
        assert load(round_three).find_round("swiss", 1, 3).game(1).result is Result.FIRST_WINS  # ... 1 is 1-0
        await pilot.press("s")
        await pilot.pause()
        compat.burst(app, ["alt+shift+t"])  # Esc then T: back to the round panel, then the next table
        await pilot.pause(0.3)
        assert app.main.view == "round" and app.main.table == 2


@sync
async def test_home_and_end_in_the_round_and_the_players_list(round_three):
    app = make_app(round_three, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        assert app.main.selected_board() == max(g.board for g in app.main.shown_round().games)
        await pilot.press("home")
        await pilot.pause()
        assert app.main.selected_board() == 1
        await pilot.press("P", "end")
        await pilot.pause()
        assert app.screen.selected().id == load(round_three).players[-1].id
        await pilot.press("home")
        await pilot.pause()
        assert app.screen.selected().id == load(round_three).players[0].id


@sync
async def test_nothing_is_cut_off_at_80_columns(round_three):
    """The tie-break explanation of a standings row, and the Russian explanations of a pairing, wrap."""
    app = make_app(round_three, lang="ru", poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        body = app.screen.query_one(".page-body")
        assert body.virtual_size.width <= body.size.width  # nothing to scroll sideways to
        assert "ОТСЕЧЕНО" in flat(app) or "BH-C1" in flat(app)
        await pilot.press("escape")
        await pilot.pause()


def test_the_change_dialog_says_points_and_places_in_words():
    from arbiter_tournament.tui.i18n import points_word

    assert [points_word("en", x) for x in ("1", "0.5", "2")] == ["point", "points", "points"]
    assert [points_word("ru", x) for x in ("1", "2", "5", "21", "1.5", "11")] == [
        "очко", "очка", "очков", "очко", "очка", "очков"]
