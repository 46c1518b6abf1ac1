"""When a play-off for first place may start, and whether it still decides first place after a correction.

rules.md 5 (32.5): a play-off breaks a tie for first, so it starts once the main stage has every result, in
an event without a top, among exactly the players tied for first (with 11 or more tied, the best 8 play).
A correction of the main stage that changes who is tied leaves the play-off deciding nothing
(docs/end-of-event.md): the final ranking never puts its winner above a player with more points.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.event import commands
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.final.ranking import final_ranking, is_finished
from arbiter_tournament.core.formats.final import final_doc, final_lines
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.playoff import stage as playoff
from tests.helpers import event_with_players, tied_winners, with_round

NAMES = ("Иванов", "Петров", "Сидоров", "Козлов")


def said(exc: pytest.ExceptionInfo, lang: str = "en") -> str:
    return exc.value.text(lang)


def play(e: Event, rnd: int, winner: int | None, a: int, b: int, *, force: bool = False) -> Event:
    """Record the game of a and b in round robin round `rnd`: `winner` won it (None: a draw)."""
    r = e.find_round("roundrobin", None, rnd)
    g = next(g for g in r.games if {g.first, g.second} == {a, b})
    res = Result.DRAW if winner is None else (Result.FIRST_WINS if winner == g.first else Result.SECOND_WINS)
    return commands.record_result(e, "roundrobin", None, rnd, g.board, res, force=force)


def round_robin(n: int, rounds_played: int, games) -> Event:
    """A round robin of `n` players (ids 1..n), `rounds_played` rounds paired and scored by `games(rnd, a, b)`
    (the winner's id, or None for a draw)."""
    e = commands.new_event("RR", 1, system="roundrobin", lots_seed=3)
    for i in range(n):
        e = commands.add_player(e, NAMES[i] if i < len(NAMES) else f"Player {i + 1}", rating=2000 - i)
    for rnd in range(1, rounds_played + 1):
        e = pairing.pair_next(e)
        for g in e.find_round("roundrobin", None, rnd).games:
            if g.second is not None:
                e = play(e, rnd, games(rnd, g.first, g.second), g.first, g.second)
    return e


def case_a() -> Event:
    """Иванов (1) and Петров (2) drew each other and won every other game: 2.5 each after 3 rounds."""
    return round_robin(4, 3, lambda rnd, a, b: None if {a, b} == {1, 2} else min(a, b))  # 3 beats 4: 1 point


def decided(e: Event) -> Event:
    """The play-off started and won 2-0 by Иванов (1)."""
    e = playoff.start_playoff(e)
    for _ in range(2):
        rnd = e.rounds_of("playoff")[-1]
        g = rnd.games[0]
        e = playoff.record_playoff_result(e, rnd.number, 1, Result.FIRST_WINS if g.first == 1 else Result.SECOND_WINS)
    assert playoff.progress(e).finished and playoff.progress(e).winner == 1
    return e


def test_case_a_the_tie_and_the_playoff_before_the_correction():
    e = case_a()
    assert playoff.tied_for_first(e) == [1, 2] or playoff.tied_for_first(e) == [2, 1]
    e = decided(e)
    fr = final_ranking(e)
    assert [(r.id, r.points, r.part) for r in fr.rows[:2]] == [(1, Fraction(5, 2), "playoff"),
                                                             (2, Fraction(5, 2), "roundrobin")]
    assert fr.playoff == "decided" and fr.notes == () and fr.finished
    assert playoff.void_reason(e) is None and playoff.stands(e)


def test_case_a_a_correction_after_the_playoff_leaves_it_deciding_nothing():
    e = decided(case_a())
    # round 3: Иванов (1) loses to Сидоров (3) instead of winning: 1.5, Сидоров 2, Петров 2.5 alone
    wrong = next(g for g in e.find_round("roundrobin", None, 3).games if 1 in g.players)
    assert 3 in wrong.players
    new = play(e, 3, 3, 1, 3, force=True)
    effect = playoff.change_effect(e, new)
    assert effect is not None and effect.text("en") == (
        "the play-off for first place no longer stands after this change: its players are not exactly the players "
        "tied for first")
    assert effect.text("ru") == ("после этого изменения плей-офф за первое место не действует: его участники — не "
                                 "ровно те, кто делит первое место")
    fr = final_ranking(new)
    assert [(r.place, r.id, r.points, r.reached) for r in fr.rows[:3]] == [
        (1, 2, Fraction(5, 2), ""), (2, 3, Fraction(2), ""), (3, 1, Fraction(3, 2), "")]
    assert all(r.part == "roundrobin" for r in fr.rows)
    assert fr.playoff == "void" and fr.finished  # a void play-off does not hold the event open
    assert [n.text("en") for n in fr.notes] == ["the play-off no longer applies: its players are no longer tied "
                                                "for first"]
    assert [n.text("ru") for n in fr.notes] == ["плей-офф больше не действует: его участники больше не делят "
                                                "первое место"]
    assert final_lines(new, "en")[-1] == "The play-off no longer applies: its players are no longer tied for first."
    assert final_doc(new)["notes"] == ["the play-off no longer applies: its players are no longer tied for first"]
    assert playoff.report(new).splitlines()[-1] == ("the play-off no longer applies: its players are no longer "
                                                    "tied for first")
    # the correction taken back: the play-off stands again, and says so
    back = play(new, 3, 1, 1, 3, force=True)
    assert playoff.change_effect(new, back).text("en") == (
        "the play-off for first place stands again after this change: its players are again the players tied "
        "for first")
    assert final_ranking(back).rows[0].id == 1 and final_ranking(back).playoff == "decided"
    # or the play-off taken back: its plan and games are gone, and a new one may start if a tie calls for one
    gone = cmds.CancelPlayoff().apply(new)
    assert playoff.state(gone) is None and not gone.rounds_of("playoff")
    assert final_ranking(gone).rows[0].id == 2 and final_ranking(gone).notes == ()
    with pytest.raises(IllegalChange) as no:
        cmds.CancelPlayoff().apply(gone)
    assert said(no) == "no play-off has started"
    assert said(pytest.raises(IllegalChange, playoff.start_playoff, gone)) == (
        "nobody is tied for first: no play-off is needed")


def test_a_correction_that_keeps_the_tie_keeps_the_playoff():
    e = decided(case_a())
    # Сидоров (3) - Козлов (4) changes who is 3rd, not who is tied for first
    g = next(g for r in e.rounds_of("roundrobin") for g in r.games if set(g.players) == {3, 4})
    rnd = next(r.number for r in e.rounds_of("roundrobin") if g in r.games)
    new = play(e, rnd, None, 3, 4, force=True)
    assert playoff.change_effect(e, new) is None
    assert final_ranking(new).rows[0].id == 1 and final_ranking(new).playoff == "decided"


def test_case_b_a_playoff_of_players_not_tied_is_refused():
    # 1 beats 4, the others draw: 1 leads alone
    e = with_round(event_with_players(6, rounds=1), 1, [(1, 4), (2, 5), (3, 6)], ["1-0", "1/2", "1/2"])
    with pytest.raises(IllegalChange) as no:
        playoff.start_playoff(e, [2, 5])
    assert said(no) == "nobody is tied for first: no play-off is needed"
    assert said(no, "ru") == "первое место никто не делит: плей-офф не нужен"
    assert cmds.StartPlayoff((2, 5)).why_not(e).text("en") == "nobody is tied for first: no play-off is needed"
    # 1 and 2 tied on 1 point: a list that is not exactly them is refused, in either language
    e = with_round(event_with_players(6, rounds=1), 1, [(1, 4), (2, 5), (3, 6)], ["1-0", "1-0", "1/2"])
    for wrong in ([1, 3], [1], [1, 2, 3], [2, 2]):
        with pytest.raises(IllegalChange) as no:
            playoff.start_playoff(e, wrong)
        if wrong == [2, 2]:
            assert said(no) == "a player appears twice among the tied players"
            continue
        given = ", ".join(map(str, wrong))
        assert said(no) == f"a play-off is among exactly the players tied for first: 1, 2, not {given}"
        assert said(no, "ru") == f"плей-офф играют ровно участники, делящие первое место: 1, 2, а не {given}"
    started = playoff.start_playoff(e, [2, 1])  # the same players in another order: the tie-break order stands
    assert playoff.state(started)["plan"]["players"] == [1, 2]


def test_case_c_a_playoff_before_the_main_stage_is_over_is_refused():
    e = with_round(event_with_players(4, rounds=3), 1, [(1, 3), (2, 4)], ["1-0", "1-0"])  # 1 of 3 rounds
    text = "the main stage is not finished: a play-off for first place starts once every round has every result"
    for players in (None, [1, 2]):
        with pytest.raises(IllegalChange) as no:
            playoff.start_playoff(e, players)
        assert said(no) == text
        assert said(no, "ru") == ("основной этап не завершён: плей-офф за первое место начинается, когда во всех "
                                  "турах внесены все результаты")
    assert cmds.StartPlayoff().why_not(e).text("en") == text
    assert pairing.pair_next(e).rounds_of("swiss")[-1].number == 2  # the Swiss goes on
    # the last round without one result: still refused
    e = with_round(event_with_players(4, rounds=1), 1, [(1, 3), (2, 4)], ["1-0", None])
    assert cmds.StartPlayoff().why_not(e).text("en") == text
    # a round robin after round 1 of 3
    rr = round_robin(4, 1, lambda rnd, a, b: min(a, b))
    assert cmds.StartPlayoff().why_not(rr).text("en") == text


def test_an_event_with_a_top_has_no_playoff():
    e = with_round(event_with_players(4, rounds=1), 1, [(1, 3), (2, 4)], ["1-0", "1-0"])
    assert cmds.StartPlayoff().why_not(e) is None
    with pytest.raises(IllegalChange) as no:
        playoff.start_playoff(replace(e, top=2))
    assert said(no) == "the event has a top: its bracket decides first place, not a play-off"
    assert said(no, "ru") == "в турнире есть топ: первое место решает его сетка, а не плей-офф"


def test_eleven_tied_the_best_eight_or_all_of_them():
    e = tied_winners(11)
    tied = playoff.tied_for_first(e)
    assert sorted(tied) == list(range(1, 12))
    for listed in (tied, tied[:8], list(reversed(tied))):
        plan = playoff.state(playoff.start_playoff(e, listed))["plan"]
        assert plan["players"] == tied[:8] and plan["excluded"] == tied[8:]
    with pytest.raises(IllegalChange):
        playoff.start_playoff(e, tied[1:9])  # eight, but not the best eight
    with pytest.raises(IllegalChange):
        playoff.start_playoff(tied_winners(10), list(range(1, 9)))  # ten tied: all ten play


def test_a_cleared_result_of_the_main_stage_leaves_the_playoff_void():
    e = decided(case_a())
    g = e.find_round("roundrobin", None, 3).games[0]
    new = commands.record_result(e, "roundrobin", None, 3, g.board, None, force=True)
    assert playoff.void_reason(new).text("en") == "the play-off no longer applies: the main stage is not finished"
    assert final_ranking(new).rows[0].part == "roundrobin" and not is_finished(new)


# -- the invariant ------------------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_first_place_has_the_most_points_unless_a_playoff_of_exactly_the_tied_decides(data):
    """Whatever the results, a play-off started on a tie and any corrections after it: the final ranking's first
    has the most points of the main stage, or is a play-off winner among exactly the players tied for first."""
    outcome = st.sampled_from(["a", "b", None])
    e = round_robin(4, 3, lambda rnd, a, b: {"a": a, "b": b, None: None}[data.draw(outcome)])
    if len(playoff.tied_for_first(e)) >= 2:
        e = playoff.start_playoff(e)
        while not playoff.progress(e).finished:
            rnd = e.rounds_of("playoff")[-1]
            board = next(g.board for g in rnd.games if g.result is None)
            e = playoff.record_playoff_result(e, rnd.number, board, data.draw(st.sampled_from(
                [Result.FIRST_WINS, Result.SECOND_WINS, Result.DRAW])), moves=data.draw(st.integers(20, 80)))
    for _ in range(data.draw(st.integers(0, 3))):
        rnd = data.draw(st.integers(1, 3))
        g = data.draw(st.sampled_from(e.find_round("roundrobin", None, rnd).games))
        e = commands.record_result(e, "roundrobin", None, rnd, g.board, data.draw(st.sampled_from(
            [Result.FIRST_WINS, Result.SECOND_WINS, Result.DRAW])), force=True)
    fr = final_ranking(e)
    best = max(r.points for r in fr.rows)
    tied = set(playoff.tied_for_first(e))
    first = fr.rows[0]
    if first.part == "playoff":
        plan = playoff.state(e)["plan"]
        assert set(plan["players"]) | set(plan.get("excluded", ())) == tied and first.id in tied
        assert playoff.progress(e).winner == first.id and fr.playoff == "decided"
    assert first.points == best
    assert all(r.points <= first.points for r in fr.rows)
