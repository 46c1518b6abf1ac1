"""The top (seed 000, 704/705): qualification, seeding, aims, bracket, 705.2, placings."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from arbiter_tournament.core.errors import IllegalChange, InvalidResult
from arbiter_tournament.core.knockout import (
    THIRD_PLACE,
    GameResult,
    TableRanking,
    TopConfig,
    aims_report,
    best_seeding,
    bracket_slots,
    build_bracket,
    current_boards,
    decide_drawn_game,
    first_round_pairs,
    meeting_round,
    placings,
    qualify,
    straight_seeding,
)


def _tables(sizes, start=1):
    """Table t has players t*100+1 .. t*100+size, in rank order."""
    return [TableRanking(t, tuple(range(t * 100 + 1, t * 100 + 1 + n))) for t, n in enumerate(sizes, start=start)]


def P(table, place):
    return table * 100 + place


# --- the seed's example (704.2) ---------------------------------------------


def test_seed_example_38_players_four_tables_top_16():
    tables = _tables([9, 10, 9, 10])
    assert sum(len(t.ranked) for t in tables) == 38
    q = qualify(tables, 16)
    assert q.per_table == 4
    seeds = straight_seeding(q)
    # 704.2: T1#1 = 1, T2#1 = 2, T3#1 = 3, T4#1 = 4, T1#2 = 5, T2#2 = 6, ..., T4#4 = 16
    expected = [
        P(1, 1), P(2, 1), P(3, 1), P(4, 1),
        P(1, 2), P(2, 2), P(3, 2), P(4, 2),
        P(1, 3), P(2, 3), P(3, 3), P(4, 3),
        P(1, 4), P(2, 4), P(3, 4), P(4, 4),
    ]  # fmt: skip
    assert [s.player for s in seeds] == expected
    assert [s.seed for s in seeds] == list(range(1, 17))
    # pairs formed as for one table: 1-16, 2-15, ..., 8-9
    assert first_round_pairs(16) == ((1, 16), (2, 15), (3, 14), (4, 13), (5, 12), (6, 11), (7, 10), (8, 9))
    b = build_bracket([s.player for s in seeds], {}, TopConfig(third_place=True, colour_seed=1))
    got = [m.players for m in b.rounds[0]]
    assert got == [
        (P(1, 1), P(4, 4)), (P(2, 1), P(3, 4)), (P(3, 1), P(2, 4)), (P(4, 1), P(1, 4)),
        (P(1, 2), P(4, 3)), (P(2, 2), P(3, 3)), (P(3, 2), P(2, 3)), (P(4, 2), P(1, 3)),
    ]  # fmt: skip
    report = aims_report(seeds)
    assert report.aims[0].holds  # no same-table pair in round 1
    assert report.aims[1].holds and report.aims[1].value == 3  # winners in four quarters
    assert not report.aims[2].holds  # T1#1 (seed 1) and T1#2 (seed 5) share a half
    assert report.aims[2].value == 3


def _play_higher_seed_wins(seeds, config, draws=(), pbt=None, qow=None, upsets=()):
    """Fill in results round by round: the higher seed wins, except `upsets` (lower seed
    wins) and `draws` (a drawn game decided by 705.2). Keys are (round, match)."""
    results = {}
    kw = dict(points_before_top=pbt or {p: F(5) for p in seeds}, quality_of_wins=qow or {p: F(0) for p in seeds})
    while True:
        b = build_bracket(seeds, results, config, **kw)
        boards = current_boards(b)
        if not boards:
            return b, results
        for bd in boards:
            if bd.match in draws:
                results[bd.match] = ["1/2"]
                continue
            m = b.match(bd.match)
            higher = min(m.players, key=b.seed_of)
            winner = higher if bd.match not in upsets else next(p for p in m.players if p != higher)
            results[bd.match] = ["1-0" if bd.first == winner else "0-1"]


def test_seed_example_played_through_with_third_place():
    seeds = [s.player for s in straight_seeding(qualify(_tables([9, 10, 9, 10]), 16))]
    config = TopConfig(third_place=True, colour_seed=2026)
    b, results = _play_higher_seed_wins(seeds, config, upsets={(1, 8), (3, 2)})
    assert len(b.rounds) == 4
    r2 = b.rounds[1]
    # winner of pair 1 plays the winner of pair 8, pair 2 the winner of pair 7, ...
    assert r2[0].players == (b.rounds[0][0].winner, b.rounds[0][7].winner)
    assert r2[0].players == (P(1, 1), P(1, 3))  # upset in pair 8: seed 9 beat seed 8
    assert r2[1].players == (P(2, 1), P(3, 2))
    semis = b.rounds[2]
    assert semis[0].players == (P(1, 1), P(4, 1))
    assert semis[1].players == (P(2, 1), P(3, 1))
    assert semis[1].winner == P(3, 1)  # the upset
    final = b.final
    assert final.players == (P(1, 1), P(3, 1)) and final.winner == P(1, 1)
    tp = b.third_place_match
    assert tp.third_place and set(tp.players) == {P(4, 1), P(2, 1)}
    assert tp.winner == P(2, 1)
    assert b.finished and b.champion == P(1, 1)
    assert all(m.decided_by == "game" for r in b.rounds for m in r)
    pl = placings(b)
    assert [(x.player, x.place, x.place_to) for x in pl[:4]] == [
        (P(1, 1), 1, 1), (P(3, 1), 2, 2), (P(2, 1), 3, 3), (P(4, 1), 4, 4)
    ]  # fmt: skip
    assert {(x.place, x.place_to) for x in pl[4:8]} == {(5, 8)}
    assert {(x.place, x.place_to) for x in pl[8:]} == {(9, 16)}
    assert len(pl) == 16 and {x.player for x in pl} == set(seeds)
    with pytest.raises(IllegalChange):  # the final is decided: no further game
        build_bracket(seeds, {**results, (4, 1): ["1-0", "1-0"]}, config)


def test_placings_by_swiss_order_and_without_third_place():
    seeds = list(range(1, 9))
    b, _ = _play_higher_seed_wins(seeds, TopConfig(higher_seed_first=True))
    assert b.third_place_match is None
    pl = placings(b)
    assert [(x.player, x.place, x.place_to) for x in pl] == [
        (1, 1, 1), (2, 2, 2), (3, 3, 4), (4, 3, 4), (5, 5, 8), (6, 5, 8), (7, 5, 8), (8, 5, 8)
    ]  # fmt: skip
    b2, _ = _play_higher_seed_wins(seeds, TopConfig(higher_seed_first=True, placings="swiss-order"))
    pl2 = placings(b2, swiss_order=[1, 2, 4, 3, 8, 7, 6, 5])
    assert [(x.player, x.place) for x in pl2] == [(1, 1), (2, 2), (4, 3), (3, 4), (8, 5), (7, 6), (6, 7), (5, 8)]
    with pytest.raises(IllegalChange):
        placings(b2)


# --- tables and sizes ---------------------------------------------------------


@pytest.mark.parametrize("tables,size", [(1, 8), (2, 8), (4, 8), (8, 16), (1, 16), (2, 16), (4, 16), (8, 32)])
def test_several_tables_seed_by_place_then_table(tables, size):
    q = qualify(_tables([size // tables + 2] * tables), size)
    seeds = straight_seeding(q)
    per = size // tables
    expected = [P(t, place) for place in range(1, per + 1) for t in range(1, tables + 1)]
    assert [s.player for s in seeds] == expected
    report = aims_report(best_seeding(q))
    assert report.all_hold, report


def test_unequal_tables_and_refusals():
    with pytest.raises(IllegalChange):
        qualify(_tables([5, 5, 5]), 16)  # 16 is not 3 x something
    with pytest.raises(IllegalChange):
        qualify(_tables([3, 9]), 8)  # table 1 has only 3
    with pytest.raises(IllegalChange):
        qualify(_tables([9]), 1)


def test_tie_at_the_cut():
    t = TableRanking(1, (1, 2, 3, 4, 5, 6), tied_at_cut=frozenset({4, 5}))
    with pytest.raises(IllegalChange, match="tied"):
        qualify([t], 4)
    q = qualify([t], 4, lot_seed=11)
    assert q.lots and q.lots[0][0] == 1 and set(q.lots[0][1]) == {4, 5}
    assert [x.player for x in q.qualifiers][:3] == [1, 2, 3]
    assert q.qualifiers[3].player == q.lots[0][1][0]
    assert qualify([t], 4, lot_seed=11) == q
    # a tie entirely above the cut is no problem
    inside = TableRanking(1, (1, 2, 3, 4, 5, 6), tied_at_cut=frozenset({2, 3}))
    assert [x.player for x in qualify([inside], 4).qualifiers] == [1, 2, 3, 4]


@pytest.mark.parametrize("size", [4, 8, 16, 32])
def test_power_of_two_tops(size):
    seeds = [1000 + i for i in range(1, size + 1)]
    b, _ = _play_higher_seed_wins(seeds, TopConfig(third_place=True, higher_seed_first=True))
    assert len(b.rounds) == size.bit_length() - 1
    assert [len(r) for r in b.rounds] == [size >> k for k in range(1, len(b.rounds) + 1)]
    assert b.champion == 1001 and b.final.players == (1001, 1002)
    assert set(b.third_place_match.players) == {1003, 1004}
    assert b.round_name(len(b.rounds)) == "final" and b.round_name(1) == f"top-{size}"
    pl = placings(b)
    assert len(pl) == size and pl[0].player == 1001


def test_top_12_byes_to_the_highest_seeds():
    assert bracket_slots(12) == 16
    pairs = first_round_pairs(12)
    assert pairs[:4] == ((1, None), (2, None), (3, None), (4, None))
    assert pairs[4:] == ((5, 12), (6, 11), (7, 10), (8, 9))
    seeds = list(range(1, 13))
    b, _ = _play_higher_seed_wins(seeds, TopConfig(colour_seed=3))
    assert [m.decided_by for m in b.rounds[0][:4]] == ["bye"] * 4
    assert all(m.games == () for m in b.rounds[0][:4])
    assert b.rounds[1][0].players == (1, 8)
    assert b.champion == 1
    pl = placings(b)
    assert len(pl) == 12
    assert {(x.place, x.place_to) for x in pl if x.player in (9, 10, 11, 12)} == {(9, 12)}
    with pytest.raises(IllegalChange):
        build_bracket(seeds, {(1, 1): "1-0"}, TopConfig(colour_seed=3))


def test_meeting_round():
    assert meeting_round(1, 2, 16) == 4
    assert meeting_round(1, 4, 16) == 3
    assert meeting_round(1, 8, 16) == 2
    assert meeting_round(1, 16, 16) == 1
    assert meeting_round(1, 9, 16) == 2


# --- aims and permuted seeding ------------------------------------------------


def test_four_tables_of_two_straight_order_has_a_semi_final_clash():
    q = qualify(_tables([6, 6, 6, 6]), 8)
    straight = straight_seeding(q)
    rep = aims_report(straight)
    assert rep.aims[0].holds and rep.aims[1].holds
    assert not rep.aims[2].holds and rep.aims[2].value == 2  # T1#1 and T1#2 in the same half
    assert (P(1, 1), P(1, 2)) in rep.aims[2].pairs
    best = best_seeding(q)
    assert [s.player for s in best[:4]] == [P(1, 1), P(2, 1), P(3, 1), P(4, 1)]  # winners' tier stays
    assert sorted((s.table, s.place) for s in best) == sorted((s.table, s.place) for s in straight)
    assert all(s.place == 2 for s in best[4:])
    rep2 = aims_report(best)
    assert rep2.all_hold and rep2.aims[2].value == 3  # they can meet only in the final


def test_seed_example_permuted_seeding_satisfies_all_aims():
    q = qualify(_tables([9, 10, 9, 10]), 16)
    best = best_seeding(q)
    rep = aims_report(best)
    assert rep.all_hold
    assert rep.aims[2].value == 4
    assert [s.seed for s in best] == list(range(1, 17))
    # only permuted within the place tiers
    for k in range(4):
        assert {s.place for s in best[4 * k : 4 * k + 4]} == {k + 1}


def test_two_tables_straight_order_already_fine():
    q = qualify(_tables([7, 8]), 4)
    assert aims_report(straight_seeding(q)).all_hold
    assert best_seeding(q) == straight_seeding(q)


def test_one_table_aims():
    rep = aims_report(straight_seeding(qualify(_tables([20]), 8)))
    assert rep.all_hold
    assert not rep.aims[0].applies and not rep.aims[1].applies
    assert rep.aims[2].value == 3  # seeds 1 and 2 meet only in the final


def test_odd_number_of_tables_aim_one_violation_fixed():
    q = qualify(_tables([6, 6, 6]), 6)  # 3 tables x 2, byes for seeds 1 and 2
    rep = aims_report(straight_seeding(q))
    assert not rep.aims[0].holds  # seed 3 (T3#1) meets seed 6 (T3#2) in round 1
    assert aims_report(best_seeding(q)).aims[0].holds


# --- 705.2 and special results --------------------------------------------------


def test_decide_drawn_game_points_before_top():
    d = decide_drawn_game(1, 2, points_before_top={1: F(6), 2: F(11, 2)}, quality_of_wins={1: F(0), 2: F(9)})
    assert (d.winner, d.decided_by) == (1, "points-before-top")
    d = decide_drawn_game(1, 2, points_before_top={1: F(5), 2: F(11, 2)}, quality_of_wins={})
    assert (d.winner, d.decided_by) == (2, "points-before-top")


def test_decide_drawn_game_quality_of_wins():
    d = decide_drawn_game(1, 2, points_before_top={1: F(5), 2: F(5)}, quality_of_wins={1: F(41, 4), 2: F(10)})
    assert (d.winner, d.decided_by) == (1, "quality-of-wins")
    d = decide_drawn_game(1, 2, points_before_top={1: F(5), 2: F(5)}, quality_of_wins={1: F(10), 2: F(41, 4)})
    assert (d.winner, d.decided_by) == (2, "quality-of-wins")


def test_decide_drawn_game_second_mover():
    d = decide_drawn_game(7, 3, points_before_top={7: F(5), 3: F(5)}, quality_of_wins={7: F(8), 3: F(8)})
    assert (d.winner, d.decided_by) == (3, "second-mover")
    with pytest.raises(IllegalChange):
        decide_drawn_game(7, 3, points_before_top={7: F(5)}, quality_of_wins={})


def test_drawn_top_game_in_the_bracket_uses_the_second_mover_of_the_game():
    seeds = [1, 2, 3, 4]
    pbt = {p: F(4) for p in seeds}
    qow = {p: F(3) for p in seeds}
    b = build_bracket(seeds, {(1, 1): "1/2"}, TopConfig(colour_seed=5), points_before_top=pbt, quality_of_wins=qow)
    m = b.rounds[0][0]
    assert m.result == "1/2" and m.decided_by == "second-mover"
    assert m.winner == m.games[0].second


def test_quality_of_wins_as_of_the_round():
    seeds = [1, 2, 3, 4]
    pbt = {p: F(4) for p in seeds}
    calls = []

    def qow(player, top_round):
        calls.append((player, top_round))
        return F(player) if top_round == 1 else F(-player)

    b = build_bracket(seeds, {(1, 2): "1/2"}, TopConfig(higher_seed_first=True), points_before_top=pbt, quality_of_wins=qow)
    m = b.rounds[0][1]
    assert (m.winner, m.decided_by) == (3, "quality-of-wins")
    assert set(calls) == {(2, 1), (3, 1)}


def test_agreed_and_technical_results():
    seeds = [1, 2, 3, 4]
    cfg = TopConfig(higher_seed_first=True, third_place=True)
    results = {(1, 1): "0-1a", (1, 2): "1-0t"}
    b = build_bracket(seeds, results, cfg)
    m1, m2 = b.rounds[0]
    assert (m1.winner, m1.decided_by, m1.result) == (4, "agreed", "0-1")
    assert m1.games[0].result.agreed and m1.games[0].result.text == "0-1a"
    assert (m2.winner, m2.decided_by) == (2, "game")
    assert m2.games[0].result.technical and m2.games[0].result.text == "1-0t"
    # a technical draw goes to 705.2
    pbt = {1: F(5), 2: F(4), 3: F(4), 4: F(4)}
    b = build_bracket(seeds, {(1, 1): "=t", (1, 2): "+-"}, cfg, points_before_top=pbt, quality_of_wins={})
    assert (b.rounds[0][0].winner, b.rounds[0][0].decided_by) == (1, "points-before-top")
    assert (b.rounds[0][1].winner, b.rounds[0][1].result) == (2, "+-")
    assert b.rounds[0][1].decided_by == "game"


def test_result_texts():
    assert GameResult.parse("=") == GameResult("1/2")
    assert GameResult.parse("1/2-1/2").points == (F(1, 2), F(1, 2))
    assert GameResult.parse("-+") == GameResult("0-1", forfeit=True)
    for bad in ("2-0", "--", "1/2a", ""):
        with pytest.raises(InvalidResult):
            GameResult.parse(bad)


def test_colours_by_lot_are_reproducible_and_recorded_by_seed():
    seeds = list(range(1, 17))
    firsts = [
        tuple(m.games[0].first for m in build_bracket(seeds, {}, TopConfig(colour_seed=s)).rounds[0]) for s in (1, 1, 2)
    ]
    assert firsts[0] == firsts[1]
    assert firsts[0] != firsts[2]
    hs = build_bracket(seeds, {}, TopConfig(higher_seed_first=True)).rounds[0]
    assert all(m.games[0].first == m.players[0] for m in hs)
    with pytest.raises(IllegalChange, match="lot"):
        build_bracket(seeds, {}, TopConfig())


def test_mini_match_of_two_games_colours_alternate():
    seeds = [1, 2, 3, 4]
    cfg = TopConfig(games_per_match=2, higher_seed_first=True)
    pbt = {p: F(4) for p in seeds}
    qow = {p: F(0) for p in seeds}
    b = build_bracket(seeds, {(1, 1): ["1/2"]}, cfg, points_before_top=pbt, quality_of_wins=qow)
    m = b.rounds[0][0]
    assert m.winner is None and len(m.games) == 2
    assert (m.games[0].first, m.games[1].first) == (1, 4)
    # level 1-1 after two games: 705.2, second mover of the last game (seed 1)
    b = build_bracket(seeds, {(1, 1): ["1/2", "1/2"], (1, 2): ["1-0", "1/2"]}, cfg,
                      points_before_top=pbt, quality_of_wins=qow)  # fmt: skip
    m1, m2 = b.rounds[0]
    assert (m1.winner, m1.decided_by, m1.result) == (1, "second-mover", "1-1")
    assert (m2.winner, m2.decided_by, m2.result) == (2, "game", "1.5-0.5")
    # decided early in a match of three
    cfg3 = TopConfig(games_per_match=3, higher_seed_first=True)
    b = build_bracket(seeds, {(1, 1): ["1-0", "0-1"]}, cfg3)
    m = b.rounds[0][0]
    assert m.winner == 1 and len(m.games) == 2 and m.result == "2-0"
    with pytest.raises(IllegalChange):
        build_bracket(seeds, {(1, 1): ["1-0", "0-1", "1/2"]}, cfg3)


def test_current_boards_and_bad_keys():
    seeds = list(range(1, 9))
    cfg = TopConfig(higher_seed_first=True, third_place=True)
    b = build_bracket(seeds, {(1, 1): "1-0"}, cfg)
    assert [bd.board for bd in current_boards(b)] == [2, 3, 4]
    with pytest.raises(IllegalChange):
        build_bracket(seeds, {(2, 1): "1-0"}, cfg)  # players not known yet
    with pytest.raises(IllegalChange):
        build_bracket(seeds, {(5, 1): "1-0"}, cfg)
    with pytest.raises(IllegalChange):
        build_bracket(seeds, {THIRD_PLACE: "1-0"}, TopConfig(higher_seed_first=True))
    # final and third-place match are played together
    res = {(1, i): "1-0" for i in range(1, 5)} | {(2, 1): "1-0", (2, 2): "1-0"}
    b = build_bracket(seeds, res, cfg)
    boards = current_boards(b)
    assert [(bd.board, bd.match) for bd in boards] == [(1, (3, 1)), (2, THIRD_PLACE)]
