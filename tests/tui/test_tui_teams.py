"""A team event in the judge's TUI at 80x24 (issue 24): the round as matches, entry, line-ups, hand edits on
matches, the pairing preview, the team standings and board prizes, the print menu, `?` and the palette.

Asserted on the event file (core reads it back) and on what the terminal shows.
"""

from __future__ import annotations

import re
from pathlib import Path

from textual.command import CommandPalette

from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.event import commands
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.pairing.rounds import pair_next
from arbiter_tournament.core.store import EventFile, create, load
from arbiter_tournament.tui import actions
from arbiter_tournament.tui.screens.dialogs import LineScreen, TextScreen
from arbiter_tournament.tui.screens.lineups import LineupScreen
from arbiter_tournament.tui.screens.team_preview import TeamPreviewScreen
from arbiter_tournament.tui.widgets.keyed_table import KeyedTable
from tests.core.test_team_event import play, team_event_of
from tests.tui.pilot import SIZE, make_app, screen_text, sync, until

TEAMS = ["Rooks", "Knights", "Bishops", "Queens of Kazan", "Pawns", "Дальний Восток"]


def saved(path: Path, event) -> Path:
    create(path, event)
    return path


def six(boards: int = 4, names=TEAMS, per_team: int = 5):
    """A team Swiss of six teams (rated in this order), 5 rounds, round 1 paired."""
    return pair_next(team_event_of(list(names), boards, per_team=per_team, rounds=5))


def round_games(path, k=None):
    e = load(path)
    rnd = e.rounds[-1] if k is None else e.find_round("swiss", None, k)
    return e, rnd


def cursor_board(app) -> int | None:
    return app.main.round_panel.selected_board()


@sync
async def test_the_round_as_matches_entry_board_by_board_and_the_scores_at_once(tmp_path):
    path = saved(tmp_path / "cup.toml", six())
    e, rnd = round_games(path)
    ms = team_event.matches(e, rnd)
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        for m in ms:  # every team's name on the round panel, as a match, its score as it stands
            assert f"Match {m.number} · {m.first_name} 0 : 0 {m.second_name} · boards " in text, text
        assert all(name in text for name in TEAMS)
        assert "3 matches open, 12 boards missing" in text.splitlines()[0]
        assert re.search(r"^ 1\.1 ", text, re.M) and re.search(r"^ 3\.4 ", text, re.M)
        assert cursor_board(app) == 1
        # match 1: 1, =, 0, 1 on its boards; the cursor moves board by board
        for key, board in (("1", 1), ("equals_sign", 2), ("0", 3), ("1", 4)):
            assert cursor_board(app) == board
            await pilot.press(key)
            await until(pilot, lambda b=board: load(path).rounds[-1].game(b).result is not None, f"board {board}")
            await pilot.pause()
        assert cursor_board(app) == 5  # on to the next match, over its head
        _, rnd = round_games(path)
        assert [str(g.result) for g in rnd.games[:4]] == ["1-0", "1/2", "0-1", "1-0"]
        m1 = team_event.matches(load(path), rnd)[0]
        a, b = m1.result.points
        text = screen_text(app)
        # board 1: first-named won; 2: drawn; 3: the first mover (first-named's) lost; 4: the second-named's
        # player moved first and won: 1 + 0.5 + 0 + 0 = 1.5 for the first-named team
        assert (a, b) == (1.5, 2.5)
        assert f"Match 1 · {m1.first_name} 1.5 : 2.5 {m1.second_name} · boards 1-4 · MP 0 : 2" in text
        assert "2 matches open, 8 boards missing" in text.splitlines()[0]
        assert f"match 1: {m1.first_name} 1.5 : 2.5 {m1.second_name}" in " ".join(text.split())  # the echo
        await pilot.press("up")  # the cursor steps over the match's head
        await pilot.pause()
        assert cursor_board(app) == 4


@sync
async def test_a_six_board_match_scrolls_never_cuts(tmp_path):
    path = saved(tmp_path / "six.toml", six(boards=6, per_team=6))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.main.query_one("#round-table", KeyedTable)
        assert table.row_count == 3 * 7 > table.size.height - 1  # 3 heads and 18 boards: more than the panel holds
        await pilot.press("end")
        await pilot.pause()
        assert cursor_board(app) == 18
        text = screen_text(app)
        assert re.search(r"^ 3\.6 ", text, re.M) and "Match 3 · " in text  # scrolled, the last match's head shown
        await pilot.press("home")
        await pilot.pause()
        assert "Match 1 · " in screen_text(app) and cursor_board(app) == 1
        for _ in range(6):
            await pilot.press("down")
        await pilot.pause()
        assert cursor_board(app) == 7  # 1.6 -> 2.1 over the head
        assert all(len(line) <= 80 for line in screen_text(app).splitlines())


@sync
async def test_team_standings_with_mp_gp_and_the_explanation_and_board_prizes(tmp_path):
    e = play(six(), 1, [(1, 1, 1, 1), (0.5, 0.5, 0.5, 0.5), (1, 0, 0, 0)], 4)
    path = saved(tmp_path / "cup.toml", e)
    after, codes, rows = team_event.standings(load(path))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        text = screen_text(app)
        assert "Team standings · round 1" in text
        head = next(line for line in text.splitlines() if " MP " in line)
        assert head.split() == ["Rk", "Id", "Team", "MP", "GP", "EMGSB", "Mt"]
        body = [line.split() for line in text.splitlines() if re.match(r"\s+\d+=?\s+\d+\s", line)]
        assert [b[2] for b in body] == [r.team.split()[0] for r in rows]
        first = rows[0]  # the first-named team of match 1 won 4 : 0 (MP 2)
        assert body[0][-4:-2] == [str(first.match_points), str(first.game_points)] == ["2", "4"]
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TextScreen), "the explanation")
        page = screen_text(app)
        assert f"Team {first.id} ({first.team}): 2 MP, 4 GP after round 1" in page and "EMGSB =" in page
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("B")
        await pilot.pause()
        text = screen_text(app)
        assert "Board prizes · round 1" in text and "Board 1" in text and "100.0" in text
        await pilot.press("B")
        await pilot.pause()
        assert "Team standings" in screen_text(app)


@sync
async def test_line_ups_chosen_saved_cleared_and_a_late_change_refused(tmp_path):
    e = play(six(), 1, [(1, 1, 1, 1), (0.5, 0.5, 0.5, 0.5), (1, 0, 0, 0)], 4)
    path = saved(tmp_path / "cup.toml", e)
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LineupScreen), "the line-ups")
        await pilot.pause()
        text = screen_text(app)
        assert "Line-ups for round 2 · Rooks (1/6)" in text and "default" in text
        rooks = team_event.roster(load(path), "Rooks")
        await pilot.press("space")  # the first of the roster out
        await pilot.press("end", "space")  # the reserve (5th) in
        await pilot.pause()
        assert "4 of 4 chosen, not saved" in screen_text(app)
        await pilot.press("s")
        await until(pilot, lambda: team_event.state(load(path)).lineups.get(2), "the line-up saved")
        assert team_event.state(load(path)).lineups[2]["Rooks"] == tuple(rooks[1:5])
        assert "line-up stored" in screen_text(app)
        assert load(path) and EventFile(path).history()[-1].what == "line-up of team Rooks for round 2"
        await pilot.press("right")
        await pilot.pause()
        assert "Knights (2/6)" in screen_text(app)
        await pilot.press("left", "c")  # Rooks back to the default: the stored line-up cleared
        await until(pilot, lambda: not team_event.state(load(path)).lineups, "the line-up cleared")
        await pilot.press("space")  # chosen, not saved; then another judge pairs round 2
        await pilot.pause()
        f = EventFile(path)
        f.change(pair_next, "pair next round")
        await until(pilot, lambda: "round 2 has been paired meanwhile" in screen_text(app), "the late change said")
        await pilot.press("s")
        await until(pilot, lambda: "round 2 is already paired: line-ups are set before pairing" in screen_text(app),
                    "core's refusal")
        assert not team_event.state(load(path)).lineups
        assert "Line-ups for round 3" in screen_text(app)


@sync
async def test_a_missing_line_up_is_said_before_pairing(tmp_path):
    e = team_event_of(list("ABCD"), 4, per_team=4, rounds=3)
    gone = team_event.roster(e, "C")[0]
    e = commands.withdraw(e, gone, 1)
    path = saved(tmp_path / "small.toml", e)
    assert team_event.lineup_problems(load(path))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        assert "team 'C' has 3 players who can play round 1, a match needs 4" in " ".join(screen_text(app).split())
        assert app.job is None and not load(path).rounds
        await pilot.press("l", "right", "right")
        await pilot.pause()
        assert "needs a line-up: team 'C' has 3 players" in screen_text(app)


@sync
async def test_hand_edits_on_matches_journalled_and_warned(tmp_path):
    path = saved(tmp_path / "cup.toml", six())
    e, rnd = round_games(path)
    before = [(m.first_name, m.second_name) for m in team_event.matches(e, rnd)]
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(4):
            await pilot.press("down")
        await pilot.pause()
        assert cursor_board(app) == 5
        await pilot.press("w")  # match 2 with the other team named first
        await until(pilot, lambda: load(path).rounds[-1].game(5).manual, "the match reversed")
        now = [(m.first_name, m.second_name) for m in team_event.matches(*round_games(path))]
        assert now == [before[0], before[1][::-1], before[2]]
        assert EventFile(path).history()[-1].what == "swap the order of match 2"
        await pilot.press("X")
        await pilot.pause()
        assert isinstance(app.screen, LineScreen)
        a, b = before[0][1], before[2][1]
        app.screen.query_one("#line-input").value = f"{a}, {b}"
        await pilot.press("enter")
        await until(pilot, lambda: EventFile(path).history()[-1].what == f"exchange teams {a} and {b}", "exchanged")
        now = [(m.first_name, m.second_name) for m in team_event.matches(*round_games(path))]
        assert now == [(before[0][0], b), before[1][::-1], (before[2][0], a)]
        assert f"teams {a} and {b} exchanged" in screen_text(app)
        await pilot.press("1")  # a result: the round is no longer changed by hand
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        assert "round 1 has results" in " ".join(screen_text(app).split())


@sync
async def test_the_team_bye_by_hand_from_the_palette_warns_of_a_second_bye(tmp_path):
    e = pair_next(team_event_of(list("ABCDE"), 2, rounds=3))
    bye1 = team_event.round_bye(e, 1)
    e = play(e, 1, [(1, 1), (1, 0)], 2)
    e = pair_next(e)
    path = saved(tmp_path / "five.toml", e)
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert f"No match: {team_event.round_bye(e, 2)} (the bye: a drawn match)" in text
        await pilot.press("ctrl+p")
        await pilot.pause(0.5)
        await pilot.press(*"bye to a team")
        await pilot.pause(0.6)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LineScreen)
        app.screen.query_one("#line-input").value = bye1
        await pilot.press("enter")
        await until(pilot, lambda: team_event.round_bye(load(path), 2) == bye1, "the bye given")
        assert f"{bye1} had the bye already (round 1)" in " ".join(screen_text(app).split())
        assert EventFile(path).history()[-1].what == f"bye by hand for team {bye1}"


@sync
async def test_the_preview_shows_matches_and_the_bye_and_changes_them(tmp_path):
    e = pair_next(team_event_of(list("ABCDE"), 2, rounds=3))
    e = play(e, 1, [(1, 1), (1, 0)], 2)
    path = saved(tmp_path / "five.toml", e)
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, TeamPreviewScreen), "the team preview")
        await pilot.pause()
        screen = app.screen
        engine = screen.proposal.engine
        rnd = engine.rounds[-1]
        ms = team_event.matches(engine, rnd)
        text = screen_text(app)
        for m in ms:
            assert f"Match {m.number} · {m.first_name} – {m.second_name} · boards" in text
        bye = team_event.round_bye(engine, 2)
        assert f"No match: {bye} (the bye: a drawn match)" in text
        # the footer: the team preview's keys, not the individual preview's `e` (its text spoke of players): all fit
        footer = text.splitlines()[-1]
        assert "explain" not in footer and "y save" in footer and "n cancel" in footer
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, TeamPreviewScreen) and "not in a team event" in screen_text(app)
        await pilot.press("w")  # the match of the first board
        await pilot.pause()
        assert screen.proposal.changes == ("swap the order of match 1",)
        assert "changed by hand" in screen_text(app)
        await pilot.press("b")
        await pilot.pause()
        app.screen.query_one("#line-input").value = ms[1].first_name
        await pilot.press("enter")
        await pilot.pause()
        assert team_event.round_bye(screen.proposal.event, 2) == ms[1].first_name
        await pilot.press("y")
        await until(pilot, lambda: load(path).rounds[-1].number == 2, "the pairing saved")
        assert EventFile(path).history()[-1].what == (
            f"pair round 2 (by hand: swap the order of match 1; bye by hand for team {ms[1].first_name})")
        assert team_event.round_bye(load(path), 2) == ms[1].first_name


@sync
async def test_the_print_menu_of_a_team_event(tmp_path):
    path = saved(tmp_path / "cup.toml", six())
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        text = screen_text(app)
        assert "1  the matches" in text and "3  the match cards" in text and "the pairings" not in text
        assert "the bracket" not in text
        await pilot.press("3")
        await until(pilot, lambda: (tmp_path / "cup-match-cards.txt").exists(), "the match cards written")
        assert (tmp_path / "cup-match-cards.txt").read_text(encoding="utf-8").count("Match card: Round 1") == 3


@sync
async def test_help_and_palette_list_team_actions_only_in_a_team_event(tmp_path):
    team_path = saved(tmp_path / "cup.toml", six())
    from tests.helpers import event_with_players

    plain = saved(tmp_path / "open.toml", pair_next(event_with_players(6, rounds=3)))
    for path, team in ((team_path, True), (plain, False)):
        app = make_app(path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, TextScreen)
            body = app.screen.body.plain  # the whole page (it scrolls)
            assert body == actions.help_text("en", team=team).plain
            assert ("A team event: matches, line-ups, team standings" in body) == team
            assert ("Line-ups for the next round" in body) == team
            assert ("Swap the colours of the board under the cursor" in body) != team
            assert ("The top's bracket" in body) != team
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("ctrl+p")
            await pilot.pause(0.5)
            assert isinstance(app.screen, CommandPalette)
            await pilot.press(*"line-ups")
            await pilot.pause(0.6)
            assert ("Line-ups for the next round" in screen_text(app)) == team
            await pilot.press("escape")
            await pilot.pause()


@sync
async def test_a_team_event_in_russian(tmp_path):
    e = play(six(), 1, [(1, 1, 1, 1), (0.5, 0.5, 0.5, 0.5), (1, 0, 0, 0)], 4)
    path = saved(tmp_path / "cup.toml", pair_next(e))
    app = make_app(path, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "не окончено 3 матча, без результата 12 досок" in text.splitlines()[0]
        assert "Матч 1 · " in text and all(name in text for name in TEAMS)
        await pilot.press("s")
        await pilot.pause()
        text = screen_text(app)
        assert "Командный зачёт · тур 1" in text and " MP " in text and " GP " in text
        assert "матчевые очки" in text
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LineupScreen), "the line-ups")
        await pilot.pause()
        assert "Составы на тур 3 · Rooks (1/6)" in screen_text(app)


@sync
async def test_a_result_changed_says_what_it_does_to_its_match_and_the_teams(tmp_path):
    e = play(six(), 1, [(1, 1, 1, 1), (0.5, 0.5, 0.5, 0.5), (1, 0, 1, 0)], 4)
    path = saved(tmp_path / "cup.toml", e)
    m1 = team_event.matches(e, e.rounds[-1])[0]
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("0")  # board 1 (the cursor starts there: the round is complete): 1-0 -> 0-1
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        # match 1 was 4 : 0 (MP 2 : 0); now 3 : 1, still won: the first-named team's MP stay 2, GP 4 -> 3
        assert f"match 1: {m1.first_name} 4 : 0 {m1.second_name} → 3 : 1" in text
        assert f"{m1.first_name}: MP 2 → 2, GP 4 → 3, place 1 → 1" in text
        assert f"{m1.second_name}: MP 0 → 0, GP 0 → 1, place" in text
        await pilot.press("n")
        await pilot.pause()
        assert load(path).rounds[-1].game(1).result is Result.FIRST_WINS


@sync
async def test_the_line_takes_a_board_of_a_match_and_a_long_team_name_wraps_uncut(tmp_path):
    long = "Шахматный клуб «Дальний Восток» имени Алексея Александровича Алехина"
    path = saved(tmp_path / "cup.toml", six(names=["Rooks", long, "Bishops", "Queens", "Pawns", "Knights"]))
    e, rnd = round_games(path)
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert all(len(line) <= 80 for line in text.splitlines())
        assert long in " ".join(line.strip() for line in text.splitlines())  # its match's head wraps, uncut
        await pilot.press("colon")
        await pilot.pause()
        app.screen.query_one("#line-input").value = "2.3 ="  # board 3 of match 2: game board 7
        await pilot.press("enter")
        await until(pilot, lambda: load(path).rounds[-1].game(7).result is Result.DRAW, "2.3 drawn")
        await pilot.press("colon")
        await pilot.pause()
        app.screen.query_one("#line-input").value = "2.9 1-0"  # a match has 4 boards
        await pilot.press("enter")
        await pilot.pause()
        assert "2.9" in screen_text(app) and sum(g.result is not None for g in load(path).rounds[-1].games) == 1


@sync
async def test_a_team_event_before_its_first_round(tmp_path):
    e = team_event_of(["Rooks", "Knights"], 2, per_team=2, rounds=3)
    path = saved(tmp_path / "new.toml", e)
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert "Team standings" in screen_text(app) and "Rooks" in screen_text(app)
        await pilot.press("B")
        await pilot.pause()
        assert "Board prizes · B: team standings" in screen_text(app)  # no round yet: no board has a result
        assert app.main.query_one("#standings-table", KeyedTable).row_count == 0
        await pilot.press("r", "l")
        await until(pilot, lambda: isinstance(app.screen, LineupScreen), "the line-ups")
        await pilot.pause()
        assert "Line-ups for round 1 · Rooks (1/2)" in screen_text(app)
        await pilot.press("escape", "p")
        await until(pilot, lambda: isinstance(app.screen, TeamPreviewScreen), "the preview of round 1")
        await pilot.pause()
        assert "Match 1 · Rooks – Knights · boards 1-2" in screen_text(app)


@sync
async def test_a_player_added_with_a_team_on_the_players_screen(tmp_path):
    from arbiter_tournament.tui.screens.dialogs import FormScreen

    path = saved(tmp_path / "cup.toml", team_event_of(["Rooks", "Knights"], 2, per_team=2, rounds=3))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("P")
        await pilot.pause()
        assert "Rooks" in screen_text(app) and " Team " in screen_text(app)
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, FormScreen)
        await pilot.press(*"Reserve, Rex", "enter", *"1500", "enter", "enter", *"Rooks", "ctrl+s")
        await until(pilot, lambda: any(p.name == "Reserve, Rex" for p in load(path).players), "the player added")
        p = next(p for p in load(path).players if p.name == "Reserve, Rex")
        assert p.team == "Rooks" and team_event.roster(load(path), "Rooks")[-1] == p.id
