"""Players to tables (core.event.seating): the snake, the lot, club-mates apart."""

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import example, given, settings, strategies as st

from arbiter_tournament.core.event.commands import add_player, new_event
from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.event.model import Player
from arbiter_tournament.core.pairing.rounds import pair_next
from arbiter_tournament.core.event.seating import add_and_seat, deal, move_player, seat_players, seating_plan, table_summary


def _players(ratings, clubs=None):
    clubs = clubs or [""] * len(ratings)
    return [Player(id=i + 1, name=f"P{i + 1:02d}", rating=r, club=c) for i, (r, c) in enumerate(zip(ratings, clubs))]


def test_the_snake_deals_rows_left_to_right_then_right_to_left():
    ps = _players([2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700, 1600, 1500])
    seats = {s.pid: s.table for s in deal(ps, 4)}
    # rows: (1 2 3 4) (4 3 2 1) (1 2)
    assert [seats[i] for i in range(1, 11)] == [1, 2, 3, 4, 4, 3, 2, 1, 1, 2]


def test_club_mates_are_moved_within_their_row_only():
    # 1 and 4 (club A) would both go to table 1 by the snake (rows 1 2 / 2 1)
    ps = _players([2400, 2300, 2200, 2100], ["A", "", "", "A"])
    seats = deal(ps, 2)
    by = {s.pid: s for s in seats}
    assert by[1].table == 1 and by[4].table == 2 and by[4].moved_for_club
    assert by[3].table == 1 and by[3].row == by[4].row == 2  # the row keeps one player per table


def test_a_club_too_big_to_part_is_spread_evenly():
    ps = _players([2000 - i for i in range(8)], ["A"] * 6 + ["", ""])
    tables = Counter(s.table for s in deal(ps, 2) if ps[s.pid - 1].club == "A")
    assert sorted(tables.values()) == [3, 3]


def test_the_lot_is_the_stored_seed_and_repeats():
    ps = _players([1500] * 12)
    a = [(s.pid, s.table) for s in deal(ps, 3, method="lots", seed=7)]
    assert a == [(s.pid, s.table) for s in deal(ps, 3, method="lots", seed=7)]
    assert a != [(s.pid, s.table) for s in deal(ps, 3, method="lots", seed=8)]
    assert Counter(t for _, t in a) == {1: 4, 2: 4, 3: 4}


def test_newcomers_fill_the_smallest_tables_first():
    seated = {1: _players([2000, 1900, 1800]), 2: _players([2000])}
    newcomers = [replace(p, id=p.id + 10) for p in _players([1700, 1600, 1500])]
    seats = deal(newcomers, 2, seated=seated)
    assert Counter(s.table for s in seats) == {2: 2, 1: 1}  # 4 and 3 players


@settings(max_examples=200)
@example(2, [(0, ''), (1, 'B'), (1, 'A'), (2, 'B'), (2, 'B'), (110, ''), (110, ''), (110, ''), (110, ''), (110, ''),
             (110, ''), (195, ''), (110, ''), (334, 'B'), (195, 'B'), (110, ''), (334, 'B'), (3, 'B'), (3, 'B'),
             (1, 'B'), (3, ''), (111, ''), (1, 'B'), (3, 'B'), (335, 'A'), (761, 'B'), (761, 'B'), (3, ''),
             (761, 'B')], "rating", 0)  # the row-by-row moves ended with 43 club-mate pairs, the plain snake 42
@given(st.integers(2, 8), st.lists(st.tuples(st.integers(0, 2800), st.sampled_from(["", "A", "B", "C"])),
                                   max_size=60), st.sampled_from(["rating", "lots"]), st.integers(0, 10**6))
def test_every_player_gets_one_table_and_the_tables_are_even(tables, rows, method, seed):
    ps = _players([r for r, _ in rows], [c for _, c in rows])
    seats = deal(ps, tables, method=method, seed=seed)
    assert sorted(s.pid for s in seats) == [p.id for p in ps]
    sizes = Counter(s.table for s in seats)
    counts = [sizes.get(t, 0) for t in range(1, tables + 1)]
    assert max(counts) - min(counts) <= 1
    # never more club-mate pairs than the plain snake (no club moves) gives
    plain = deal([replace(p, club="") for p in ps], tables, method=method, seed=seed)
    def clashes(ss):
        per = Counter((s.table, ps[s.pid - 1].club) for s in ss if ps[s.pid - 1].club)
        return sum(n * (n - 1) // 2 for n in per.values())
    assert clashes(seats) <= clashes(plain)
    if method == "rating":  # each row holds one band of strength: ranks r*T .. r*T+T-1
        order = sorted(ps, key=lambda p: (-p.rating, p.name, p.id))
        rank = {p.id: i for i, p in enumerate(order)}
        assert all(rank[s.pid] // tables == s.row - 1 for s in seats)


def _event(n=10, tables=2):
    ev = new_event("Open", 5, tables=tables)
    for i in range(n):
        ev = replace(ev, players=ev.players + (Player(id=i + 1, name=f"Player {i + 1}", rating=2000 - 10 * i,
                                                       club="Dynamo" if i % 3 == 0 else ""),))
    return ev


def test_seat_players_then_pair_every_table():
    ev = seat_players(_event())
    assert [s[1] for s in table_summary(ev)] == [5, 5]
    ev = pair_next(ev)
    assert {r.table for r in ev.rounds} == {1, 2}


def test_seating_is_refused_once_a_table_has_paired():
    ev = pair_next(seat_players(_event()))
    with pytest.raises(IllegalChange, match="table 1 has paired a round"):
        seating_plan(ev, everyone=True)


def test_seating_without_unseated_players_or_tables_is_refused():
    ev = seat_players(_event())
    with pytest.raises(IllegalChange, match="every player has a table already"):
        seat_players(ev)
    with pytest.raises(IllegalChange, match="one table"):
        seat_players(_event(tables=1))


def test_a_short_last_row_may_use_the_table_it_leaves_free():
    # 5 players, 2 tables: rows (1 2) (2 1) (1); the fifth is of club A like the first
    ps = _players([2400, 2300, 2200, 2100, 2000], ["A", "", "", "", "A"])
    by = {s.pid: s.table for s in deal(ps, 2)}
    assert by[1] == 1 and by[5] == 2


def test_players_added_without_a_table_are_dealt_with_those_seated():
    """A CSV without a table column into an event of two tables: added and dealt in one change."""
    ev = add_player(add_player(new_event("Open", 5, tables=2), "Seated, One", rating=2500, table=1),
                    "Seated, Two", rating=2400, table=1)
    rows = [{"name": f"New {i}", "rating": 2300 - 10 * i, "club": "Rooks" if i in (2, 3) else ""} for i in range(7)]
    rows.append({"name": "Chosen", "rating": 1000, "table": 1})  # a row with its table keeps it
    new = add_and_seat(ev, rows)
    by_name = {p.name: p.table for p in new.players}
    assert by_name["Seated, One"] == by_name["Seated, Two"] == 1 and by_name["Chosen"] == 1
    assert Counter(by_name.values()) == {1: 5, 2: 5}  # the newcomers fill the smaller table first
    assert [by_name[f"New {i}"] for i in range(3)] == [2, 2, 2]  # table 2 had nobody: it takes the first three
    assert by_name["New 3"] != by_name["New 2"]  # then rows of one a table, club-mates apart
    lots = add_and_seat(ev, rows, method="lots")
    assert lots == add_and_seat(ev, rows, method="lots")  # the lot is the stored seed
    assert sorted(p.id for p in lots.players) == sorted(p.id for p in new.players)


def test_a_refused_row_names_its_place_and_nothing_is_added():
    ev = new_event("Open", 5, tables=2)
    with pytest.raises(ValueError, match="row 2"):
        add_and_seat(ev, [{"name": "A"}, {"name": " "}],
                     row_error=lambda i, exc: ValueError(f"row {i + 1}: {exc}"))
    with pytest.raises(IllegalChange, match="a player needs a name"):
        add_and_seat(ev, [{"name": ""}])
    one = add_and_seat(new_event("Open", 5), [{"name": "A"}, {"name": "B"}])  # one table: nothing to deal
    assert [p.table for p in one.players] == [None, None]


# -- one player to another table (issue 27.5: `arbiter players move`, the players screen's `t`) --


def test_one_player_moves_to_another_table_and_nobody_else_does():
    ev = seat_players(_event(tables=2))
    before = {p.id: p.table for p in ev.players}
    pid = next(p.id for p in ev.players if p.table == 1)
    after = {p.id: p.table for p in move_player(ev, pid, 2).players}
    assert after[pid] == 2
    assert {k: v for k, v in after.items() if k != pid} == {k: v for k, v in before.items() if k != pid}
    assert [s[1] for s in table_summary(move_player(ev, pid, 2))] == [4, 6]


def test_a_move_is_refused_once_either_table_has_paired_or_where_it_means_nothing():
    ev = seat_players(_event(tables=3))
    on1 = next(p.id for p in ev.players if p.table == 1)
    on2 = next(p.id for p in ev.players if p.table == 2)
    paired = pair_next(ev, table=1)
    with pytest.raises(IllegalChange, match="table 1 has paired a round"):
        move_player(paired, on2, 1)  # to a paired table
    with pytest.raises(IllegalChange, match="table 1 has paired a round"):
        move_player(paired, on1, 3)  # from a paired table
    assert move_player(paired, on2, 3).player(on2).table == 3  # tables 2 and 3 have not paired
    with pytest.raises(IllegalChange, match=r"at table 1 already"):
        move_player(ev, on1, 1)
    with pytest.raises(IllegalChange, match="there is no table 4: the event has tables 1 to 3"):
        move_player(ev, on1, 4)
    with pytest.raises(IllegalChange, match="no player with id 99"):
        move_player(ev, 99, 2)
    with pytest.raises(IllegalChange, match="one table"):
        move_player(_event(tables=1), 1, 2)
