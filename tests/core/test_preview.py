"""A proposed pairing changed by hand before it is saved (core.pairing.preview)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.pairing import rounds as pairing, preview
from arbiter_tournament.core.errors import Conflict, IllegalChange
from arbiter_tournament.core.event.results import Result
from tests.helpers import event_with_players


def finish(e, rng, table=None):
    rnd = e.rounds_of("swiss", table)[-1]
    games = tuple(g if g.second is None else replace(g, result=rng.choice([Result.FIRST_WINS, Result.DRAW, Result.SECOND_WINS]))
                  for g in rnd.games)
    return e.with_round(replace(rnd, games=games))


@pytest.fixture
def two_played():
    """Nine players, two rounds played: round 3 is next (with a bye)."""
    rng = random.Random(9)
    e = event_with_players(9)
    for _ in range(2):
        e = finish(pairing.pair_next(e), rng)
    return e


def test_propose_is_the_engines_pairing_and_saves_nothing(two_played):
    e = two_played
    p = preview.propose(e)
    assert p.base is e and p.keys == (("swiss", None, 3),)
    assert p.event == pairing.pair_next(e)
    assert not p.manual and p.warnings == () and p.changes == ()
    assert len(e.rounds) == 2  # the event itself is untouched


def test_swap_marks_the_board_manual_and_swapping_back_is_the_engines_again(two_played):
    p = preview.propose(two_played)
    g = p.rounds[0].games[0]
    q = preview.swap(p, g.board)
    h = q.rounds[0].game(g.board)
    assert (h.first, h.second) == (g.second, g.first) and h.manual
    assert q.manual and q.changes == (f"swap colours on board {g.board}",)
    assert all(not x.manual for x in q.rounds[0].games if x.board != g.board)
    back = preview.swap(q, g.board)
    assert back.event is p.engine and not back.manual and back.changes == ()
    assert preview.reset(q).event is p.engine


def test_exchange_and_bye_by_hand_change_only_their_boards(two_played):
    p = preview.propose(two_played)
    r = p.rounds[0]
    g1, g2 = r.games[0], r.games[1]
    q = preview.exchange(p, g1.first, g2.first)
    r2 = q.rounds[0]
    assert r2.game(g1.board).first == g2.first and r2.game(g2.board).first == g1.first
    assert r2.game(g1.board).manual and r2.game(g2.board).manual
    assert all(not x.manual for x in r2.games if x.board not in (g1.board, g2.board))
    bye = next(x for x in r.games if x.second is None)
    q = preview.give_bye(p, g1.first)
    byes = [x.first for x in q.rounds[0].games if x.second is None]
    assert byes == [g1.first] and bye.first in {pid for x in q.rounds[0].games for pid in x.players}
    with pytest.raises(IllegalChange, match="already has the bye"):
        preview.give_bye(q, g1.first)
    with pytest.raises(IllegalChange, match="must both be paired"):
        preview.exchange(p, g1.first, 999)
    with pytest.raises(IllegalChange):
        preview.swap(p, bye.board)  # the bye has no colours


def test_a_rematch_made_by_exchange_warns(two_played):
    e = two_played
    p = preview.propose(e)
    r1 = e.find_round("swiss", None, 1)
    met = next(g for g in r1.games if g.second is not None)
    a, b = met.first, met.second
    # put b where a's opponent sits, so that a meets b again
    opp = next(x for g in p.rounds[0].games if a in g.players and g.second is not None for x in g.players if x != a)
    if opp == b:
        q = p
        pytest.skip("the engine paired a rematch")  # never: C1
    q = preview.exchange(p, opp, b)
    assert any(x.manual and {a, b} == set(x.players) for x in q.rounds[0].games)
    assert any("have played each other" in w for w in q.warnings)


def test_adopt_on_an_unchanged_file_is_pairing_then_swapping(two_played):
    e = two_played
    p = preview.swap(preview.propose(e), 2)
    saved = preview.adopt(e, p)
    by_hand = pairing.swap_colours(pairing.pair_next(e), "swiss", None, 3, 2)
    assert saved == by_hand
    # the same file read again (other objects, same content) adopts as well
    from arbiter_tournament.core.store import dumps, loads

    assert preview.adopt(loads(dumps(e)), p) == by_hand


def test_adopt_refuses_after_a_change_the_pairing_depends_on(two_played):
    e = two_played
    p = preview.propose(e)
    g = next(x for x in e.rounds[-1].games if x.second is not None)
    other = Result.DRAW if g.result is not Result.DRAW else Result.FIRST_WINS
    changed = [
        commands.record_result(e, "swiss", None, 2, g.board, other, force=True),  # a result
        commands.withdraw(e, 4),  # a withdrawal
        commands.forbid_pair(e, 1, 2),  # a forbidden pair
        commands.add_player(e, "Late, Comer", rating=2000),  # a late entry
        commands.request_bye(e, 5, 3, "half"),  # a requested bye
        pairing.pair_next(e),  # someone paired it meanwhile
    ]
    for now in changed:
        with pytest.raises(Conflict, match="changed since this pairing was proposed; pair again"):
            preview.adopt(now, p)


def test_adopt_ignores_what_the_pairing_does_not_read(two_played):
    e = two_played
    p = preview.exchange(preview.propose(e), 1, 2)
    now = replace(e, name="Renamed Open")
    now = commands.set_clock(now, "swiss", None, 2, deadline="2026-11-30T10:00:00+00:00")
    saved = preview.adopt(now, p)
    assert saved.name == "Renamed Open" and saved.find_round("swiss", None, 2).clock_deadline
    assert saved.find_round("swiss", None, 3) == p.rounds[0]


def test_several_tables_one_table_at_a_time():
    e = event_with_players(16, tables=2)
    p1 = preview.propose(e, 1)
    assert p1.keys == (("swiss", 1, 1),)
    # another judge pairs table 2 meanwhile: table 1's proposal still saves, and both orders are kept
    now = pairing.pair_next(e, 2)
    saved = preview.adopt(now, preview.swap(p1, 1))
    assert saved.find_round("swiss", 2, 1) == now.find_round("swiss", 2, 1)
    assert saved.find_round("swiss", 1, 1).game(1).manual
    assert set(saved.stage_state("swiss")["order"]) == {"1", "2"}
    assert saved == pairing.swap_colours(pairing.pair_next(now, 1), "swiss", 1, 1, 1)
    # a result changed on table 2 does not matter to table 1's pairing; one on table 1 does
    done = finish(finish(saved, random.Random(1), 1), random.Random(1), 2)
    p = preview.propose(done, 1)
    g2 = done.find_round("swiss", 2, 1).games[0]
    other = Result.DRAW if g2.result is not Result.DRAW else Result.FIRST_WINS
    now = commands.record_result(done, "swiss", 2, 1, g2.board, other, force=True)
    assert preview.adopt(now, p).find_round("swiss", 1, 2) == p.rounds[0]
    g1 = done.find_round("swiss", 1, 1).games[0]
    other = Result.DRAW if g1.result is not Result.DRAW else Result.FIRST_WINS
    with pytest.raises(Conflict):
        preview.adopt(commands.record_result(done, "swiss", 1, 1, g1.board, other, force=True), p)


def test_the_tables_whose_round_is_complete_are_paired_at_once():
    """propose(tables=...): the next round of each table named, one after the other, in one proposal."""
    e = event_with_players(24, tables=3)
    assert preview.pairable_tables(e) == [1, 2, 3]  # nothing paired yet: every table
    e = pairing.pair_next(e)
    assert preview.pairable_tables(e) == []  # round 1 is being played everywhere
    e = finish(finish(e, random.Random(2), 1), random.Random(3), 3)
    assert preview.pairable_tables(e) == [1, 3]  # table 2 still plays
    p = preview.propose(e, tables=preview.pairable_tables(e))
    assert p.keys == (("swiss", 1, 2), ("swiss", 3, 2)) and p.tables == (1, 3) and p.table is None
    assert p.event == pairing.pair_next(pairing.pair_next(e, 1), 3)  # each table as `p` pairs it alone
    assert str(p.what()) == "pair round 2"  # the journal: both tables' round 2
    # a result on table 2 (not paired here) meanwhile: the proposal still saves, table 2's round untouched
    g = e.find_round("swiss", 2, 1).games[0]
    now = commands.record_result(e, "swiss", 2, 1, g.board, Result.DRAW)
    saved = preview.adopt(now, preview.swap(p, 1, ("swiss", 3, 2)))
    assert saved.find_round("swiss", 2, 1).game(g.board).result is Result.DRAW
    assert saved.find_round("swiss", 3, 2).game(1).manual and not saved.find_round("swiss", 1, 2).game(1).manual
    assert set(saved.stage_state("swiss")["order"]) == {"1", "2", "3"}
    # one on table 3 does: the pairing of table 3 read it
    g3 = e.find_round("swiss", 3, 1).games[0]
    other = Result.DRAW if g3.result is not Result.DRAW else Result.FIRST_WINS
    with pytest.raises(Conflict):
        preview.adopt(commands.record_result(e, "swiss", 3, 1, g3.board, other, force=True), p)
    # one table only: the same as `propose(event, table)`
    one = preview.propose(e, tables=[3])
    assert one.table == 3 and one.tables == () and one.event == preview.propose(e, 3).event
    with pytest.raises(IllegalChange):
        preview.propose(e, tables=[])
    with pytest.raises(IllegalChange):  # table 2's round is not complete
        preview.propose(e, tables=[1, 2])


def test_no_table_to_pair_at_once_in_a_one_table_event_or_once_the_top_started(two_played):
    assert preview.pairable_tables(two_played) == []  # one table: `p`
    e = event_with_players(8, tables=2, rounds=1)
    e = finish(finish(pairing.pair_next(e), random.Random(1), 1), random.Random(1), 2)
    assert preview.pairable_tables(e) == []  # every round paired


def test_explanations_say_why_each_board_was_made(two_played):
    p = preview.propose(two_played)
    why = preview.explanations(p)[("swiss", None, 3)]
    assert set(why) == {g.board for g in p.rounds[0].games}
    assert all(len(why[b]) > 5 and not why[b].startswith("board") for b in why)
    # the engine's reasons do not change with the judge's changes: a board changed by hand has none
    reasons = preview.engine_reasons(p)
    q = preview.give_bye(preview.swap(p, 1), p.rounds[0].games[2].first)
    why_q = preview.explanations(q, reasons=reasons)[("swiss", None, 3)]
    assert why_q[1] is None
    moved = [g for g in q.rounds[0].games if not g.manual]
    assert moved and all(why_q[g.board] == why[next(x.board for x in p.rounds[0].games if x.players == g.players)]
                         for g in moved)
    ru = preview.explanations(p, "ru")[("swiss", None, 3)]
    assert ru[1] and ru[1] != why[1]


def test_round_robin_proposal():
    e = commands.new_event("RR", 3, system="roundrobin")
    for i in range(4):
        e = commands.add_player(e, f"P{i + 1}", rating=2000 - i)
    p = preview.propose(e)
    assert p.keys == (("roundrobin", None, 1),)
    q = preview.swap(p, 1)
    assert preview.adopt(e, q) == pairing.swap_colours(pairing.pair_next(e), "roundrobin", None, 1, 1)
    why = preview.explanations(q)[("roundrobin", None, 1)]
    assert "Berger" in why[2] and why[1] is None
