"""The printouts, CSV and site pages of a team event (core/formats/team_printouts.py, core/formats/site.py).

The event: three teams of two boards, a team Swiss (one team has the bye each
round). Expected values are worked out by hand in the comments.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import replace
from fractions import Fraction as F

import pytest

from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.event import commands
from arbiter_tournament.core.formats import team_printouts as tp
from arbiter_tournament.core.formats.site import build_site
from arbiter_tournament.core.msg.cells import text_width
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.pairing.rounds import pair_next
from tests.core.test_team_event import play, team_event_of

LONG = "Шахматный клуб «Дальний Восток» имени Алексея Александровича Алехина, Хабаровск"


def three_teams(names=("Rooks", "Knights", "Bishops")):
    """Round 1 paired and played: match 1 (the two best-rated teams by average) 1.5 : 0.5."""
    e = team_event_of(list(names), 2, rounds=3)
    e = pair_next(e)
    return play(e, 1, [(1, F(1, 2))], 2)


def test_the_matches_of_a_round_with_heads_boards_and_the_bye():
    e = three_teams()
    text = tp.team_pairings_text(e, "en")
    # Rooks (the best average) - Knights, Bishops has the bye. Board 1.1: Rooks 1 moves first and wins;
    # board 1.2: Knights 2 moves first (colours alternate), a draw: Rooks 1 + 1/2 = 1.5, MP 2 : 0
    assert "Match 1 (boards 1-2): Rooks – Knights  1.5 : 0.5 (MP 2 : 0)" in text.splitlines()
    assert "  1.1   Rooks 1 (1)                     1-0    Knights 1 (4)" in text.splitlines()
    assert "  1.2   Knights 2 (5)                   1/2    Rooks 2 (2)" in text.splitlines()
    assert "No match: Bishops (the bye: a drawn match)" in text.splitlines()
    ru = tp.team_pairings_text(e, "ru")
    assert "Матч 1 (доски 1-2): Rooks – Knights  1.5 : 0.5 (MP 2 : 0)" in ru.splitlines()
    assert "Без матча: Bishops (бай: засчитывается ничья в матче)" in ru.splitlines()


def test_a_match_under_way_says_its_score_so_far():
    e = team_event_of(["Rooks", "Knights"], 2, rounds=3)
    e = pair_next(e)
    e = commands.record_result(e, "swiss", None, 1, 1, Result.parse("1-0"))
    assert "so far 1 : 0" in tp.team_pairings_text(e, "en")
    assert "пока 1 : 0" in tp.team_pairings_text(e, "ru")


def test_match_cards_one_a_match_with_every_board_and_the_captains():
    e = team_event_of(["Rooks", "Knights", "Bishops", "Pawns"], 2, rounds=3)
    e = pair_next(e)
    text = tp.match_cards_text(e, "en")
    ms = team_event.matches(e, e.rounds[-1])
    assert text.count("cut here") == len(ms) + 1 == 3
    for m in ms:
        assert f"Match card: Round 1, match {m.number} (boards {m.games[0].board}-{m.games[-1].board})" in text
        assert f"Captain of {m.first_name}:" in text and f"Captain of {m.second_name}:" in text
        for g in m.games:
            assert f"({g.first})" in text and f"({g.second})" in text
    assert text.count("_______\n") >= 4  # a place for every board's result
    assert "Бланк матча: Тур 1, матч 1 (доски 1-2)" in tp.match_cards_text(e, "ru")


def test_team_standings_printout_follows_the_standings():
    e = three_teams()
    text = tp.team_standings_text(e, "en")
    # Rooks 2 MP 1.5 GP, EMGSB Knights' 0 MP x 1.5 = 0; Bishops (the bye: a drawn match) 1 MP 1 GP, EMGSB
    # a dummy with its own score 1 x 1 = 1, no match played; Knights 0 MP 0.5 GP, EMGSB Rooks' 2 x 0.5 = 1
    body = [ln.split() for ln in text.splitlines() if re.match(r"\s+\d+=?\s+\d+\s", ln)]
    assert body == [["1", "1", "Rooks", "2", "1.5", "0", "1"], ["2", "3", "Bishops", "1", "1", "1", "0"],
                    ["3", "2", "Knights", "0", "0.5", "1", "1"]]
    assert "Team standings after round 1" in text and "Mt       matches played" in text
    assert "Командный зачёт после 1 тура" in tp.team_standings_text(e, "ru")
    rows_csv = list(csv.reader(io.StringIO(tp.team_standings_csv(e))))
    assert rows_csv == [["rank", "id", "team", "match_points", "game_points", "GP", "EMGSB", "matches"],
                        ["1", "1", "Rooks", "2", "1.5", "1.5", "0", "1"], ["2", "3", "Bishops", "1", "1", "1", "1", "0"],
                        ["3", "2", "Knights", "0", "0.5", "0.5", "1", "1"]]


def test_board_statistics_with_percentages():
    e = three_teams()
    assert tp.percent(F(3, 2), 2) == "75.0" and tp.percent(F(2), 3) == "66.7" and tp.percent(F(1), 3) == "33.3"
    assert tp.percent(F(0), 0) == ""
    lines = tp.board_stats_text(e, "en").splitlines()
    # board 1: Rooks 1 won (1 of 1, 100.0), Knights 1 lost; board 2 drawn: 0.5 of 1 each, 50.0 (Rooks 2 first: id)
    i = lines.index("Board 1")
    assert [ln.split()[-3:] for ln in lines[i + 2:i + 4]] == [["1", "1", "100.0"], ["0", "1", "0.0"]]
    assert "Rooks 1 (1)" in lines[i + 2] and "Knights 1 (4)" in lines[i + 3]
    rows = list(csv.reader(io.StringIO(tp.board_stats_csv(e))))
    assert rows == [["board", "id", "name", "team", "games", "points", "percent"],
                    ["1", "1", "Rooks 1", "Rooks", "1", "1", "100.0"], ["1", "4", "Knights 1", "Knights", "1", "0", "0.0"],
                    ["2", "2", "Rooks 2", "Rooks", "1", "0.5", "50.0"], ["2", "5", "Knights 2", "Knights", "1", "0.5", "50.0"]]
    assert "Доска 1" in tp.board_stats_text(e, "ru").splitlines()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_printout_fits_80_columns_and_never_cuts_a_team_name_in_a_match_head(lang):
    e = three_teams(("Rooks", LONG, "Bishops"))
    for what in tp.TEAM_PRINTOUTS:
        text = tp.team_printout(e, what, lang)
        assert all(text_width(ln) <= 80 for ln in text.splitlines()), (what, lang)
    # the long-named team is rated second: it plays match 1 (against Rooks); its name wraps, never cut
    (m,) = team_event.matches(e, e.rounds[-1])
    assert m.second_name == LONG
    joined = " ".join(ln.strip() for ln in tp.team_pairings_text(e, lang).splitlines())
    assert LONG in joined
    with pytest.raises(Exception, match="no printout"):
        tp.team_printout(e, "nothing", lang)


def test_a_team_site_has_matches_team_standings_and_board_prizes_and_escapes_names():
    e = three_teams(("Rooks", "<b>Knights</b>", "Bishops & Co"))
    pages = build_site(e, lang="en")
    assert "boards.html" in pages and "bracket.html" not in pages
    rnd = pages["round-swiss-1.html"]
    assert "<caption>Match 1 (boards 1-2):" in rnd
    assert "<b>Knights</b>" not in "".join(pages.values())
    assert "&lt;b&gt;Knights&lt;/b&gt;" in pages["standings.html"]
    assert "Bishops &amp; Co" in pages["standings.html"]
    assert "Board 1" in pages["boards.html"] and "100.0" in pages["boards.html"]
    ru = build_site(e, lang="ru")
    assert "Командный зачёт" in ru["standings.html"] and "Призы по доскам" in ru["index.html"]


def test_a_printout_of_a_team_event_asked_of_another_event_is_refused():
    e = commands.new_event("Open", 5)
    with pytest.raises(Exception, match="not a team event"):
        tp.team_standings_text(replace(e))


def test_pages_never_cut_a_match_or_a_card():
    e = pair_next(team_event_of([f"Team {i}" for i in range(1, 9)], 6, per_team=6, rounds=3))
    for what, head in (("match_cards", r"Match card: Round 1, match (\d+)"), ("matches", r"Match (\d+) \(boards")):
        text = tp.team_printout(e, what, "en", page_lines=40)
        pages = text.split("\f")
        assert len(pages) > 1 and tp.team_printout(e, what, "en").count("\f") == 0
        seen = []
        for page in pages:
            lines = page.rstrip("\n").splitlines()
            assert len(lines) <= 40
            starts = [k for k, line in enumerate(lines) if re.match(head, line)]
            for a, b in zip(starts, starts[1:] + [len(lines)]):  # each match on this page: its 6 boards with it
                n = int(re.match(head, lines[a]).group(1))
                boards = [x.split()[0] for x in lines[a:b] if re.match(r"\s+\d+\.\d\s", x)]
                assert boards == [f"{n}.{k}" for k in range(1, 7)], (what, n, boards)
                seen.append(n)
        assert seen == [1, 2, 3, 4], (what, seen)
