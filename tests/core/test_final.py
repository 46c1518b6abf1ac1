"""The end of the event (issue 23): the final ranking, ties shared or drawn by lot, categories, prizes."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.event import commands
from arbiter_tournament.core.event.model import Category, Event, Player, Prize, PrizeSplit
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.final import changes
from arbiter_tournament.core.final.categories import admits, birth_year, members
from arbiter_tournament.core.final.prizes import prize_list
from arbiter_tournament.core.final.ranking import FinalRanking, FinalRow, final_ranking, is_finished, restricted
from arbiter_tournament.core.knockout import stage as top
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.tiebreaks.standings import standings
from tests.final_events import play_top, swiss, twelve_with_top

F = Fraction


def places(fr) -> list[tuple[str, int]]:
    return [(r.place_text, r.id) for r in fr.rows]


# -- the final ranking ---------------------------------------------------------------------------------


def test_a_swiss_with_a_top_of_four_ranks_champion_finalist_third_fourth_then_the_rest_in_swiss_order():
    e = twelve_with_top()
    assert top.state(e)["seeds"] == [1, 2, 3, 5]
    fr = final_ranking(e)
    assert fr.finished
    assert fr.pending == ((8, 10),)  # equal after every tie-break: they share 10-11 until the lot is drawn
    assert [r.place_text for r in fr.rows if r.id in (8, 10)] == ["10-11", "10-11"]
    assert places(fr)[:4] == [("1", 1), ("2", 2), ("3", 3), ("4", 5)]
    assert [r.reached for r in fr.rows[:4]] == ["fr_champion", "fr_final", "fr_third", "fr_fourth"]
    rest = [r.id for r in standings(e, share_places=True) if r.id not in (1, 2, 3, 5)]
    assert [r.id for r in fr.rows[4:]] == rest
    assert [r.place for r in fr.rows] == [1, 2, 3, 4] + [r.place for r in fr.rows[4:]]
    assert fr.rows[4].place == 5 and all(r.part == "swiss" for r in fr.rows[4:])


def test_without_a_third_place_match_the_semi_final_losers_share_third():
    e = top.start_top(swiss(12, top_size=4))
    e = play_top(e, list(range(1, 13)))
    fr = final_ranking(e)
    assert places(fr)[:4] == [("1", 1), ("2", 2), ("3-4", 3), ("3-4", 5)]
    assert fr.rows[2].shared and fr.rows[2].reached == "fr_semi"


def test_placings_by_swiss_order_order_the_losers_of_a_round_by_the_swiss_standings():
    e = top.start_top(swiss(12, top_size=8), placings="swiss-order")
    e = play_top(e, list(range(1, 13)))
    fr = final_ranking(e)
    quarter_losers = [r.id for r in fr.rows[4:8]]
    swiss_order = [r.id for r in standings(e, share_places=True)]
    assert quarter_losers == sorted(quarter_losers, key=swiss_order.index)
    assert [r.place_text for r in fr.rows[2:8]] == ["3", "4", "5", "6", "7", "8"]  # the semi-finals' too
    semi = [r.id for r in fr.rows[2:4]]
    assert semi == sorted(semi, key=swiss_order.index)


def test_a_top_under_way_says_who_is_still_in_and_how_far_they_can_fall():
    e = top.start_top(swiss(12, top_size=8))
    rnd = e.rounds_of("top")[0]
    e = top.record_top_result(e, 1, rnd.games[0].board, Result.FIRST_WINS)  # one quarter-final decided
    fr = final_ranking(e)
    assert not fr.finished
    winner, loser = rnd.games[0].first, rnd.games[0].second
    assert fr.row(winner).place_text == "1-4" and fr.row(winner).reached == "fr_still_in"
    still = [r for r in fr.rows if r.reached == "fr_still_in" and r.id != winner]
    assert len(still) == 6 and all(r.place_text == "1-8" for r in still)
    assert fr.row(loser).place_text == "5-8" and fr.row(loser).reached == "fr_quarter"
    assert fr.rows[8].place == 9 and fr.rows[8].part == "swiss"  # the rest below the whole top


def test_several_tables_are_merged_by_points_then_tie_breaks_keeping_each_tables_order():
    e = swiss(16, rounds=3, tables=2)
    fr = final_ranking(e)
    ids = [r.id for r in fr.rows]
    for t in (1, 2):  # each table keeps its own order
        own = [r.id for r in standings(e, table=t, share_places=True)]
        assert [p for p in ids if p in own] == own
    pts = [r.points for r in fr.rows]
    assert pts == sorted(pts, reverse=True)
    assert sorted(ids) == list(range(1, 17))


def test_per_table_and_per_category_lists_count_places_again():
    e = twelve_with_top()
    e = changes.add_category(e, "Under 2000", rating_below=2000)
    fr = final_ranking(e)
    under = restricted(fr.rows, members(e, e.categories[0]))
    assert [r.id for r in under] == [r.id for r in fr.rows if r.id in {3, 5, 8, 10, 12}]
    assert [r.place for r in under][:2] == [1, 2] and under[0].overall == "3"


def test_a_round_robin_with_three_players_equal_after_every_tie_break_shares_or_waits_for_the_lot():
    e = three_way_round_robin(share=True)
    fr = final_ranking(e)
    assert fr.finished
    assert places(fr) == [("1-3", 1), ("1-3", 2), ("1-3", 3), ("4", 4)]
    assert not fr.pending and not any(r.lot_pending for r in fr.rows)

    e = replace(e, share_places=False)
    fr = final_ranking(e)
    assert places(fr)[:3] == [("1-3", 1), ("1-3", 2), ("1-3", 3)]  # said as it is until the lot is drawn
    assert fr.pending == ((1, 2, 3),) and all(r.lot_pending for r in fr.rows[:3])
    drawn = changes.draw_lots(e)
    assert drawn.lots == (changes.lot_for(e, (1, 2, 3)),)
    fr = final_ranking(drawn)
    assert [r.id for r in fr.rows[:3]] == list(drawn.lots[0])
    assert [r.place_text for r in fr.rows] == ["1", "2", "3", "4"]
    assert all(r.by_lot for r in fr.rows[:3]) and not fr.rows[3].by_lot and not fr.pending
    # drawn once: again is refused, and the standings show the same order, marked
    with pytest.raises(IllegalChange, match="no tie in the final ranking waits for a lot"):
        changes.draw_lots(drawn)
    rows = standings(drawn)
    assert [r.id for r in rows[:3]] == list(drawn.lots[0]) and all(r.by_lot for r in rows[:3])


def test_the_lot_is_seeded_from_the_events_lots_seed_and_the_group():
    e = three_way_round_robin(share=False)
    a = changes.lot_for(e, (1, 2, 3))
    assert changes.lot_for(e, (3, 2, 1)) == a and sorted(a) == [1, 2, 3]
    seen = {changes.lot_for(replace(e, lots_seed=s), (1, 2, 3)) for s in range(40)}
    assert len(seen) == 6  # every order happens


def test_lots_are_drawn_only_at_the_end_and_only_when_the_event_breaks_ties_by_lot():
    e = three_way_round_robin(share=False)
    unfinished = replace(e, rounds=e.rounds[:-1])
    with pytest.raises(IllegalChange, match="not over"):
        changes.draw_lots(unfinished)
    with pytest.raises(IllegalChange, match="shares the places"):
        changes.draw_lots(replace(e, share_places=True))


def test_the_play_off_decides_first_place():
    from arbiter_tournament.core.playoff import stage as playoff_event

    e = three_way_round_robin(share=False)
    e = playoff_event.start_playoff(e)
    fr = final_ranking(e)
    assert fr.playoff == "under way" and not fr.finished
    while True:  # the player with the larger id wins every play-off game
        rnd = e.rounds_of("playoff")[-1]
        open_games = [g for g in rnd.games if g.result is None]
        if not open_games:
            break
        g = open_games[0]
        e = playoff_event.record_playoff_result(e, rnd.number, g.board,
                                                Result.FIRST_WINS if g.first > g.second else Result.SECOND_WINS,
                                                moves=40)
    now = playoff_event.progress(e)
    assert now.finished
    fr = final_ranking(e)
    assert fr.rows[0].id == now.winner and fr.rows[0].part == "playoff" and fr.rows[0].place_text == "1"
    assert fr.rows[1].place_text == "2-3" and {r.id for r in fr.rows[1:3]} == {1, 2, 3} - {now.winner}


def three_way_round_robin(share: bool) -> Event:
    """4 players, round robin: 1 beats 2, 2 beats 3, 3 beats 1, all beat 4: 1, 2, 3 equal after every
    tie-break (2 points, SB 2, DE 1 each)."""
    e = commands.new_event("Circle", 3, system="roundrobin", tiebreaks=("DE", "SB", "WIN"), lots_seed=11)
    e = replace(e, share_places=share)
    for i in range(1, 5):
        e = commands.add_player(e, f"Player {i}", rating=2000)
    beats = {(1, 2), (2, 3), (3, 1), (1, 4), (2, 4), (3, 4)}
    for _ in range(3):
        e = pairing.pair_next(e, None)
        rnd = e.rounds_of("roundrobin")[-1]
        games = tuple(replace(g, result=Result.FIRST_WINS if (g.first, g.second) in beats else Result.SECOND_WINS)
                      for g in rnd.games)
        e = e.with_round(replace(rnd, games=games))
    return e


def test_a_team_event_ranks_its_teams():
    from tests.core.test_team_event import v6_event  # a team round robin played to its end (tiebreaks.md 10.6)

    e = v6_event()
    fr = final_ranking(e)
    assert fr.teams and fr.finished
    assert [r.name for r in fr.rows] == ["B", "A", "D", "C"]  # as its team standings
    assert [r.place_text for r in fr.rows] == ["1", "2", "3", "4"] and fr.rows[0].points == 4
    from arbiter_tournament.core.formats.final import rows_for

    e = changes.add_category(e, "Juniors", born_from=2008)
    with pytest.raises(IllegalChange, match="ranks teams"):
        rows_for(e, fr, category="Juniors")


def test_a_category_list_of_one_table_keeps_the_place_in_the_whole_ranking():
    from arbiter_tournament.core.formats.final import rows_for

    e = changes.add_category(swiss(16, rounds=3, tables=2), "Under 1900", rating_below=1900)
    fr = final_ranking(e)
    rows = rows_for(e, fr, table=2, category="Under 1900")
    whole = {r.id: r.place_text for r in fr.rows}
    assert rows and all(r.overall == whole[r.id] for r in rows)
    assert {r.id for r in rows} == {p.id for p in e.players if p.table == 2 and p.rating < 1900}


# -- categories --------------------------------------------------------------------------------------------


def test_a_category_admits_a_player_when_every_condition_holds():
    p = Player(1, "A", rating=1950, club="Dynamo", table=2, sex="F", birth="04.05.2010")
    assert birth_year(p) == 2010 and birth_year(replace(p, birth="2010-05-04")) == 2010
    assert birth_year(replace(p, birth="")) is None
    assert admits(Category("U2000", rating_below=2000), p)
    assert not admits(Category("2000+", rating_from=2000), p)
    assert admits(Category("U2000", rating_below=2000), replace(p, rating=0))  # unrated counts as 0
    assert not admits(Category("rated", rating_from=1), replace(p, rating=0))
    assert admits(Category("girls", sex="f", born_from=2008), p)
    assert admits(Category("women", sex="f"), replace(p, sex="ж"))
    assert not admits(Category("men", sex="m"), p)
    assert not admits(Category("U14", born_from=2012), p)
    assert not admits(Category("by year", born_to=2020), replace(p, birth=""))
    assert admits(Category("club", club="dynamo"), p) and not admits(Category("club", club="Zenit"), p)
    assert admits(Category("T2", table=2), p) and not admits(Category("T1", table=1), p)
    assert admits(Category("unrated", unrated=True), replace(p, rating=0)) and not admits(Category("u", unrated=True), p)


def test_category_changes_check_what_they_are_given():
    e = swiss(12, rounds=1)
    with pytest.raises(IllegalChange, match="no condition"):
        changes.add_category(e, "Everyone")
    with pytest.raises(IllegalChange, match="admits nobody"):
        changes.add_category(e, "None", rating_from=2000, rating_below=1500)
    with pytest.raises(IllegalChange, match="admits nobody"):
        changes.add_category(e, "None", born_from=2010, born_to=2000)
    with pytest.raises(IllegalChange, match="table 3 does not exist"):
        changes.add_category(e, "T3", table=3)
    e = changes.add_category(e, "U2000", rating_below=2000)
    with pytest.raises(IllegalChange, match="exists already"):
        changes.add_category(e, "u2000", rating_below=1800)
    e = changes.add_prize(e, "Best U2000", category="u2000")
    assert e.prizes[0].category == "U2000"  # the category's own spelling
    e = changes.rename_category(e, "U2000", "Under 2000")
    assert e.categories[0].name == "Under 2000" and e.prizes[0].category == "Under 2000"
    with pytest.raises(IllegalChange, match="has prizes"):
        changes.remove_category(e, "Under 2000")
    e = changes.add_category(e, "Women", sex="f", position=1)
    assert [c.name for c in e.categories] == ["Women", "Under 2000"]
    e = changes.move_category(e, "Women", 2)
    assert [c.name for c in e.categories] == ["Under 2000", "Women"]
    e = changes.edit_category(e, "Women", sex="f", born_from=2000)
    assert e.categories[1] == Category("Women", born_from=2000, sex="f")
    e = changes.remove_category(e, "women")
    assert [c.name for c in e.categories] == ["Under 2000"]


def test_prize_changes():
    e = swiss(12, rounds=1)
    e = changes.add_prize(e, "1st", amount=F(1000))
    e = changes.add_prize(e, "3rd", amount=F(300))
    e = changes.add_prize(e, "2nd", amount=F(500), position=2)
    assert [p.name for p in e.prizes] == ["1st", "2nd", "3rd"]
    with pytest.raises(IllegalChange, match="exists already"):
        changes.add_prize(e, "1ST")
    with pytest.raises(IllegalChange, match="no category 'U2000': the event has no categories"):
        changes.add_prize(e, "Best U2000", category="U2000")
    with pytest.raises(IllegalChange, match="cents at most"):
        changes.add_prize(e, "odd", amount=F(1, 3))
    e = changes.edit_prize(e, "3rd", amount=None)
    assert e.prizes[2] == Prize("3rd")
    e = changes.rename_prize(e, "3rd", "Third")
    e = changes.move_prize(e, "Third", 1)
    assert [p.name for p in e.prizes] == ["Third", "1st", "2nd"]
    with pytest.raises(IllegalChange, match="position 4 is not in the list: 1 to 3"):
        changes.move_prize(e, "Third", 4)
    e = changes.remove_prize(e, "third")
    assert [p.name for p in e.prizes] == ["1st", "2nd"]
    with pytest.raises(IllegalChange, match="no prize 'x' \\(the event has: 1st, 2nd\\)"):
        changes.remove_prize(e, "x")


# -- prizes ---------------------------------------------------------------------------------------------------


def test_the_under_2000_player_who_is_third_gets_the_third_prize_and_the_category_prize_goes_to_the_next():
    e = twelve_with_top()
    e = changes.add_category(e, "Under 2000", rating_below=2000)
    for name in ("1st", "2nd", "3rd"):
        e = changes.add_prize(e, name)
    e = changes.add_prize(e, "Best under 2000", category="Under 2000")
    pl = prize_list(e)
    assert [a.ids for a in pl.awards] == [[1], [2], [3], [5]]
    assert e.player(3).rating < 2000 and e.player(5).rating < 2000
    # a category prize worth more than the third: the player takes the more valuable one
    e = changes.edit_prize(e, "1st", amount=F(1000))
    e = changes.edit_prize(e, "2nd", amount=F(500))
    e = changes.edit_prize(e, "Best under 2000", amount=F(400))
    e = changes.edit_prize(e, "3rd", amount=F(300))
    assert [a.ids for a in prize_list(e).awards] == [[1], [2], [5], [3]]
    # equal value: the one listed first
    e = changes.edit_prize(e, "3rd", amount=F(400))
    assert [a.ids for a in prize_list(e).awards] == [[1], [2], [3], [5]]


def ranked(*rows: tuple[str, int, Fraction]) -> FinalRanking:
    """A final ranking made by hand: (place text, id, points) in order."""
    out = []
    for place, pid, pts in rows:
        lo, _, hi = place.partition("-")
        out.append(FinalRow(int(lo), int(hi or lo), pid, f"P{pid}", None, F(pts)))
    return FinalRanking(tuple(out), True, ())


def money_event(sharing: str, amounts: list[int]) -> Event:
    e = commands.new_event("Money", 5)
    for i in range(1, 7):
        e = commands.add_player(e, f"P{i}")
    e = replace(e, prize_sharing=sharing)
    for k, a in enumerate(amounts, start=1):
        e = changes.add_prize(e, f"{k}.", amount=F(a))
    return e


HORT = ranked(("1", 1, 8), ("2", 2, 8), ("3", 3, F(15, 2)), ("4", 4, 7), ("5", 5, 7), ("6", 6, 7))


def paid(pl) -> dict[int, Fraction]:
    """Each player's money: the sum of his parts over every prize (a shared prize lists each of its players)."""
    out: dict[int, Fraction] = {}
    for a in pl.awards:
        for w in a.winners:
            if w.amount is not None:
                out[w.id] = out.get(w.id, F(0)) + w.amount
    return out


def test_the_hort_system_keeps_half_and_shares_half_among_players_equal_on_points():
    # the example of the Hort system's description: 1000, 500, 350, 200, 150, 100
    e = money_event("hort", [1000, 500, 350, 200, 150, 100])
    got = paid(prize_list(e, HORT))
    assert got == {1: 875, 2: 625, 3: 350, 4: 175, 5: 150, 6: 125}
    assert sum(got.values()) == 2300


def test_equal_sharing_pools_the_money_of_winners_equal_on_points():
    e = money_event("equal", [1000, 500, 350, 200, 150, 100])
    assert paid(prize_list(e, HORT)) == {1: 750, 2: 750, 3: 350, 4: 150, 5: 150, 6: 150}
    e = money_event("none", [1000, 500, 350, 200, 150, 100])
    assert paid(prize_list(e, HORT)) == {1: 1000, 2: 500, 3: 350, 4: 200, 5: 150, 6: 100}


def test_a_shared_place_shares_its_prizes_among_all_its_players():
    e = money_event("none", [1000, 500, 300])
    shared = ranked(("1", 1, 5), ("2-4", 2, 4), ("2-4", 3, 4), ("2-4", 4, 4), ("5", 5, 3), ("6", 6, 1))
    pl = prize_list(e, shared)
    assert paid(pl) == {1: 1000, 2: F(800, 3), 3: F(800, 3), 4: F(800, 3)}
    # the place 2-4 took the 2nd and 3rd prizes: each lists the three players, with their parts
    assert pl.awards[1].ids == pl.awards[2].ids == [2, 3, 4]
    assert [w.amount for w in pl.awards[1].winners] == [F(500, 3)] * 3
    assert [w.amount for w in pl.awards[2].winners] == [100] * 3
    assert all(w.how == "shared" for a in pl.awards[1:] for w in a.winners)


def test_a_top_of_16_shares_the_places_5_to_8():
    from tests.final_events import swiss as make

    e = top.start_top(make(20, rounds=4, top_size=8))
    e = play_top(e, list(range(1, 21)))
    for k, a in enumerate([1000, 500, 300, 200, 100, 100], start=1):
        e = changes.add_prize(e, f"{k}.", amount=F(a))
    pl = prize_list(e)
    fr = pl.ranking
    fifth_to_eighth = [r.id for r in fr.rows if r.place_text == "5-8"]
    assert len(fifth_to_eighth) == 4
    assert {pid: paid(pl)[pid] for pid in fifth_to_eighth} == {pid: F(200, 4) for pid in fifth_to_eighth}


def test_prizes_agreed_under_704_4_are_shared_in_the_parts_agreed():
    e = top.start_top(swiss(12, top_size=4, third_place=True))
    e = play_top(e, list(range(1, 13)), agreed=True)
    for name, amount in (("1st", 1000), ("2nd", 500)):
        e = changes.add_prize(e, name, amount=F(amount))
    assert frozenset((1, 2)) in changes.agreed_pairs(e)
    e = changes.split_prizes(e, [1, 2], [3, 2])
    assert e.prize_splits == (PrizeSplit((1, 2), (3, 2)),)
    got = paid(prize_list(e))
    assert got == {1: 900, 2: 600}
    with pytest.raises(IllegalChange, match="agreed no top game"):
        changes.split_prizes(e, [1, 7])
    e = changes.unsplit_prizes(e, 2)
    assert paid(prize_list(e)) == {1: 1000, 2: 500}


def test_a_prize_nobody_can_have_has_no_winner():
    e = twelve_with_top()
    e = changes.add_category(e, "Women", sex="f")
    e = changes.add_prize(e, "Best woman", amount=F(100), category="Women")
    assert prize_list(e).awards[0].winners == ()


def test_is_finished_waits_for_the_top():
    e = swiss(12, top_size=4, third_place=True)
    assert not is_finished(e)
    assert is_finished(twelve_with_top())


# The properties of the prize list (money paid = money given, alike receive alike, nobody better placed passed
# over): tests/core/test_prizes_rules.py.
