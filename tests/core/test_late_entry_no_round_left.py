"""A player added once no round is left for him to play is refused (a late entry "from round 6" of a 5-round
event would never be paired, yet ranked and listed as not paired): a Swiss whose every planned round is paired
(per table), a Swiss whose knockout top has started, a round robin that has started. Before that he is a late
entry from the next round."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from arbiter_tournament.core.commands.players import AddPlayer, ImportPlayers
from arbiter_tournament.core.errors import FileProblem, IllegalChange
from arbiter_tournament.core.event import commands
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.knockout.stage import start_top
from arbiter_tournament.core.pairing import rounds as pairing
from tests.helpers import event_with_players

LAST = "all 3 rounds have been paired: no round is left for a late entry"
LAST_RU = "жеребьёвка всех туров (3) проведена: опоздавшему участнику не осталось тура"


def finish(e, table=None, seed=1):
    rng = random.Random(seed)
    rnd = e.rounds_of("swiss", table)[-1]
    games = tuple(g if g.second is None else replace(g, result=rng.choice([Result.FIRST_WINS, Result.SECOND_WINS]))
                  for g in rnd.games)
    return e.with_round(replace(rnd, games=games))


def test_a_late_entry_until_the_last_round_is_paired_then_refused():
    e = event_with_players(6, rounds=3)
    assert AddPlayer("Early").why_not(e) is None  # before round 1: no late entry at all
    e = finish(pairing.pair_next(e))
    added = commands.add_player(e, "Late, Larry", rating=1300)
    assert added.players[-1].late_from == 2
    e = finish(pairing.pair_next(e))
    assert commands.add_player(e, "Late, Larry").players[-1].late_from == 3  # the last round is still his
    e = pairing.pair_next(e)  # round 3 of 3 paired, not played: no round left for him
    for event in (e, finish(e)):
        with pytest.raises(IllegalChange) as caught:
            commands.add_player(event, "Late, Larry", rating=1300)
        assert caught.value.text("en") == LAST
        assert caught.value.text("ru") == LAST_RU
        why = AddPlayer("Late, Larry", rating=1300).why_not(event)
        assert why is not None and why.text("en") == LAST and why.text("ru") == LAST_RU


def test_an_import_after_the_last_round_is_refused_too():
    e = event_with_players(4, rounds=1)
    e = finish(pairing.pair_next(e))
    with pytest.raises(FileProblem) as caught:
        ImportPlayers(({"name": "Late, Larry", "rating": 1300},), path="late.csv").apply(e)
    assert caught.value.text("en") == "late.csv:2: all 1 rounds have been paired: no round is left for a late entry"


def test_each_table_has_its_own_last_round():
    e = event_with_players(8, tables=2, rounds=1)
    e = finish(pairing.pair_next(e, table=1), table=1)  # table 1 has played its one round, table 2 not begun
    assert commands.add_player(e, "Second, Table", table=2).players[-1].late_from is None
    with pytest.raises(IllegalChange) as caught:
        commands.add_player(e, "First, Table", table=1)
    assert caught.value.text("en") == "all 1 rounds have been paired on table 1: no round is left for a late entry"
    assert caught.value.text("ru") == ("за столом 1 жеребьёвка всех туров (1) проведена: "
                                       "опоздавшему участнику не осталось тура")


def test_no_late_entry_into_the_knockout_top():
    e = replace(event_with_players(8, rounds=2), top=4)
    for _ in range(2):
        e = finish(pairing.pair_next(e))
    with pytest.raises(IllegalChange, match="all 2 rounds have been paired: no round is left"):
        commands.add_player(e, "Late, Larry")
    e = start_top(e, lots=True)
    with pytest.raises(IllegalChange, match="all 2 rounds have been paired: no round is left"):
        commands.add_player(e, "Late, Larry")


def test_a_round_robin_is_closed_once_started():
    e = commands.new_event("RR", 3, system="roundrobin", lots_seed=1)
    for i in range(4):
        e = commands.add_player(e, f"P{i}")
    e = pairing.pair_next(e)
    with pytest.raises(IllegalChange, match="the round robin has started"):
        commands.add_player(e, "Late, Larry")
