"""The end of the top (704.3): the places known so far, and where the final and the third-place match are played."""

from __future__ import annotations

import random

from arbiter_tournament.core import knockout as ko
from arbiter_tournament.core.knockout import stage as top
from tests import day_events


def test_the_places_follow_the_bracket_as_it_is_played():
    e = top.start_top(day_events.after_rounds(5))
    b = top.bracket(e)
    assert top.final_places(e, b) == [] and top.final_boards(e, b) == {}  # nothing decided, no final paired
    rng = random.Random(8)
    while len(e.rounds_of("top")) < 3:
        e = day_events.top_result(e, rng)
    b = top.bracket(e)
    # the quarter-final losers share 5-8 as soon as the quarter-finals are over; the final is board 1 of the
    # last round and the third-place match follows it (core/knockout/stage.py: the match after the last one)
    places = top.final_places(e, b)
    assert {pid for _, pid in places} == {m.loser for m in b.rounds[0]} and len(places) == 4
    assert all(where == "5-8" for where, _ in places)
    assert top.final_boards(e, b) == {"final": (3, 1), "third": (3, 2)}
    final = e.find_round("top", None, 3).game(1)
    assert {final.first, final.second} == set(b.final.players)
    assert {e.find_round("top", None, 3).game(2).first, e.find_round("top", None, 3).game(2).second} == \
        set(b.third_place_match.players)


def test_the_champion_is_first_and_the_places_match_the_printed_placings():
    e = day_events.top_finished()
    b = top.bracket(e)
    places = top.final_places(e, b)
    assert places[0] == ("1", b.champion) and places[1] == ("2", b.final.loser)
    assert places[2] == ("3", b.third_place_match.winner) and places[3] == ("4", b.third_place_match.loser)
    assert [where for where, _ in places] == ["1", "2", "3", "4"] + ["5-8"] * 4
    text = top.placings_text(e, b)
    for where, pid in places:
        assert f"{where:>6}  {e.player(pid).name} ({pid})" in text
    assert [(pl.place, pl.player) for pl in ko.placings(b)][:4] == [(1, b.champion), (2, b.final.loser),
                                                                   (3, b.third_place_match.winner),
                                                                   (4, b.third_place_match.loser)]
