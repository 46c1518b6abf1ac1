"""Pairing an event: late entries, withdrawals, byes, forbidden pairs, tables, manual changes, explain."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.event.history import histories
from arbiter_tournament.core.event.records import Outcome
from arbiter_tournament.core.event.results import Result
from tests.helpers import event_with_players


def finish(e, rng, table=None):
    from dataclasses import replace

    rnd = e.rounds_of("swiss", table)[-1]
    games = tuple(g if g.second is None else replace(g, result=rng.choice([Result.FIRST_WINS, Result.DRAW, Result.SECOND_WINS]))
                  for g in rnd.games)
    return e.with_round(replace(rnd, games=games))


def played_pairs(e, table=None):
    return [frozenset(g.players) for r in e.rounds_of("swiss", table) for g in r.games
            if g.second is not None and g.result is not None and g.result.played]


def test_round_one_pairs_top_half_against_bottom_half_with_drawn_colour():
    e = event_with_players(8)
    e = commands.new_event("X", 5, initial_colour="w")
    for i in range(8):
        e = commands.add_player(e, f"P{i + 1}", rating=2400 - 10 * i)
    e = pairing.pair_next(e)
    assert [(g.first, g.second) for g in e.rounds[0].games] == [(1, 5), (6, 2), (3, 7), (8, 4)]


def test_late_entry_withdrawal_and_requested_byes_are_respected():
    rng = random.Random(5)
    e = event_with_players(9)
    e = pairing.pair_next(e)
    e = finish(e, rng)
    e = commands.add_player(e, "Late, Comer", rating=2300)  # joins from round 2
    late = max(p.id for p in e.players)
    assert e.player(late).late_from == 2
    e = commands.withdraw(e, 3)
    e = commands.request_bye(e, 4, 2, "half")
    e = pairing.pair_next(e)
    r2 = e.find_round("swiss", None, 2)
    paired = {pid for g in r2.games for pid in g.players}
    assert late in paired and 3 not in paired and 4 not in paired
    e = finish(e, rng)
    recs = {h.id: h.records for h in histories(e)}
    assert recs[late][0].outcome is Outcome.ABSENT and recs[4][1].outcome is Outcome.HALF_BYE
    assert recs[3][1].outcome is Outcome.ABSENT
    with pytest.raises(IllegalChange, match="is paired in round 2"):
        commands.request_bye(e, 1, 2, "half")
    # the late entry's missed round may be given points afterwards
    e = commands.request_bye(e, late, 1, "half")
    assert {h.id: h for h in histories(e)}[late].records[0].outcome is Outcome.HALF_BYE


def test_a_bye_asked_for_a_round_after_the_withdrawal_gives_nothing():
    """A withdrawn player is absent from his withdrawal on, whatever byes he had asked for then:
    no half point (C.07 16), while a bye of a round before it still counts."""
    rng = random.Random(7)
    e = event_with_players(8)
    e = commands.request_bye(e, 5, 1, "half")
    e = commands.request_bye(e, 3, 3, "half")
    e = pairing.pair_next(e)
    e = finish(e, rng)
    e = commands.request_bye(e, 5, 3, "full")
    e = commands.withdraw(e, 3, 2)
    e = commands.withdraw(e, 5, 3)
    for _ in range(2):
        e = finish(pairing.pair_next(e), rng)
    recs = {h.id: h for h in histories(e)}
    assert [r.outcome for r in recs[3].records[1:]] == [Outcome.ABSENT, Outcome.ABSENT]
    assert recs[5].records[0].outcome is Outcome.HALF_BYE and recs[5].records[2].outcome is Outcome.ABSENT
    assert recs[3].score(e.scoring) == e.scoring.points(recs[3].records[0].outcome)  # round 1 only
    assert recs[5].score(e.scoring) == e.scoring.points(recs[5].records[1].outcome) + Fraction(1, 2)


def test_forbidden_pairs_and_clubs_are_never_paired():
    rng = random.Random(2)
    e = event_with_players(10, rounds=5)
    e = commands.forbid_pair(e, 1, 6)
    e = commands.forbid_club(e, "Club 3")  # players 3 and 10
    for _ in range(5):
        e = pairing.pair_next(e)
        pairs = {frozenset(g.players) for g in e.rounds[-1].games}
        assert frozenset((1, 6)) not in pairs and frozenset((3, 10)) not in pairs
        e = finish(e, rng)


def test_several_tables_pair_their_own_swiss():
    rng = random.Random(3)
    e = event_with_players(14, tables=2, rounds=4)
    for _ in range(3):
        e = pairing.pair_next(e)
        for t in (1, 2):
            for g in e.rounds_of("swiss", t)[-1].games:
                assert all(e.player(pid).table == t for pid in g.players)
            e = finish(e, rng, t)
    for t in (1, 2):
        pairs = played_pairs(e, t)
        assert len(pairs) == len(set(pairs))


def test_pairing_waits_for_results_and_stops_after_the_last_round():
    e = event_with_players(4, rounds=1)
    e = pairing.pair_next(e)
    with pytest.raises(IllegalChange, match="still misses 2 result"):
        pairing.pair_next(e)
    e = finish(e, random.Random(1))
    with pytest.raises(IllegalChange, match="all 1 rounds have been paired"):
        pairing.pair_next(e)


def test_manual_changes_are_marked_and_warned():
    rng = random.Random(4)
    e = event_with_players(7)
    e = pairing.pair_next(e)
    first = e.rounds[0]
    e = finish(e, rng)
    e = pairing.pair_next(e)
    r2 = e.rounds[-1]
    g = r2.games[0]
    e = pairing.swap_colours(e, "swiss", None, 2, g.board)
    swapped = e.rounds[-1].game(g.board)
    assert (swapped.first, swapped.second) == (g.second, g.first) and swapped.manual
    # pair by hand into a rematch: the warning names it
    a, b = first.games[0].first, first.games[0].second
    others = [p.id for p in e.players if p.id not in (a, b)]
    e2 = commands.unpair_round(e, "swiss", None, 2)
    e2 = pairing.pair_by_hand(e2, "swiss", None, 2, [(a, b), (others[0], others[1]), (others[2], others[3]), (others[4], None)])
    warnings = pairing.warnings_for(e2, e2.rounds[-1])
    assert any("have played each other" in w for w in warnings)
    assert all(g.manual for g in e2.rounds[-1].games)
    bye = r2.games[-1].first if r2.games[-1].second is None else None
    if bye is not None:
        target = r2.games[0].first
        e3 = pairing.give_bye(e, "swiss", None, 2, target)
        byes = [g.first for g in e3.rounds[-1].games if g.second is None]
        assert byes == [target]
        assert {pid for g in e3.rounds[-1].games for pid in g.players} == {pid for g in r2.games for pid in g.players}
    x, y = r2.games[0].first, r2.games[1].first
    e4 = pairing.exchange(e, "swiss", None, 2, x, y)
    boards = {pid: g.board for g in e4.rounds[-1].games for pid in g.players}
    assert boards[x] == r2.games[1].board and boards[y] == r2.games[0].board


def test_manual_change_refused_once_results_are_in():
    e = event_with_players(4)
    e = pairing.pair_next(e)
    e = finish(e, random.Random(1))
    with pytest.raises(IllegalChange, match="has results"):
        pairing.swap_colours(e, "swiss", None, 1, 1)


def test_explain_says_why_each_board_was_made():
    rng = random.Random(9)
    e = event_with_players(9)
    for _ in range(2):
        e = pairing.pair_next(e)
        e = finish(e, rng)
    e = pairing.pair_next(e)
    text = pairing.explain_round(e, e.rounds[-1])
    lines = [ln for ln in text.splitlines() if ln.strip().startswith("board")]
    assert len(lines) == len(e.rounds[-1].games)
    assert all(len(ln.split(":", 1)[1].strip()) > 5 for ln in lines)


def test_pairing_numbers_are_fixed_once_paired_and_late_entries_slot_in():
    e = commands.new_event("X", 5, initial_colour="w")
    for name, rating in (("A", 2000), ("B", 1900), ("C", 1800), ("D", 1700)):
        e = commands.add_player(e, name, rating=rating)
    e = pairing.pair_next(e)
    e = finish(e, random.Random(1))
    e = commands.edit_player(e, 4, rating=2100)  # a corrected rating does not renumber
    e = commands.add_player(e, "Late", rating=1850)
    order = [p.name for p in pairing.pairing_numbers(e, list(e.players))]
    assert order == ["A", "B", "Late", "C", "D"]
