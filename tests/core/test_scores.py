"""`core.event.history.scores` (the points read straight from the games, for the round panel of a big event)
gives what the round records give: `histories` and `PlayerHistory.score`, for every table and every round."""

from __future__ import annotations

from fractions import Fraction

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_tournament.core.event.history import histories, scores
from arbiter_tournament.core.event.model import Game, Round
from arbiter_tournament.core.event.records import Scoring
from arbiter_tournament.core.event.results import Result
from tests.core.test_file_format import events
from tests.helpers import event_with_players


@st.composite
def events_with_absences(draw):
    """Players left out of some rounds: requested byes of each kind (some after a withdrawal), late entries,
    withdrawals, pending games, the pairing-allocated bye; two tables; three scorings."""
    n = draw(st.integers(1, 10))
    tables = draw(st.integers(1, 2))
    e = event_with_players(n, tables=tables)
    players = []
    for p in e.players:
        players.append(replace(p, withdrawn_from=draw(st.none() | st.integers(1, 4)),
                               late_from=draw(st.none() | st.integers(2, 4)),
                               byes=tuple(sorted(draw(st.dictionaries(st.integers(1, 4), st.sampled_from(
                                   ["half", "zero", "full"]), max_size=3)).items()))))
    rounds = []
    for table in ([None] if tables == 1 else [1, 2]):
        ids = [p.id for p in players if p.table == table]
        for number in range(1, draw(st.integers(0, 4)) + 1):
            playing = draw(st.permutations(ids))[:draw(st.integers(0, len(ids)))]
            games = []
            for b, i in enumerate(range(0, len(playing), 2), start=1):
                pair = playing[i:i + 2]
                if len(pair) == 1:
                    games.append(Game(b, pair[0], None, draw(st.sampled_from([Result.BYE, None]))))
                else:
                    games.append(Game(b, pair[0], pair[1], draw(st.none() | st.sampled_from(
                        [r for r in Result if r is not Result.BYE]))))
            rounds.append(Round("swiss", number, tuple(games), table))
    scoring = draw(st.sampled_from([Scoring(), Scoring(win=Fraction(3), draw=Fraction(1), loss=Fraction(0)),
                                    Scoring(pab=Fraction(1, 2), half_bye=Fraction(1, 3), forfeit_win=Fraction(2))]))
    return replace(e, players=tuple(players), rounds=tuple(rounds), scoring=scoring)


@settings(max_examples=300, deadline=None)
@given(st.one_of(events(), events_with_absences()))
def test_scores_are_the_records_points(e):
    tables = sorted({r.table for r in e.rounds}, key=lambda t: (t is not None, t)) or [None]
    for table in tables:
        last = max((r.number for r in e.rounds_of("swiss", table)), default=0)
        for after in [None, *range(0, last + 1)]:
            want = {h.id: h.score(e.scoring) for h in histories(e, "swiss", table, after)}
            assert scores(e, "swiss", table, after) == want


def test_scores_of_a_small_event_by_hand():
    """Three rounds: a win, a requested half-point bye, a pending game; football scoring (3-1-0) as well."""
    e = event_with_players(4)
    e = replace(e, players=tuple(replace(p, byes=((2, "half"),)) if p.id == 4 else p for p in e.players),
                rounds=(Round("swiss", 1, (Game(1, 1, 2, Result.FIRST_WINS), Game(2, 3, 4, Result.DRAW))),
                        Round("swiss", 2, (Game(1, 1, 3, Result.DRAW), Game(2, 2, None, Result.BYE))),
                        Round("swiss", 3, (Game(1, 1, 4, None), Game(2, 2, 3, Result.SECOND_WINS)))))
    assert scores(e) == {1: Fraction(3, 2), 2: Fraction(1), 3: Fraction(2), 4: Fraction(1)}
    football = replace(e, scoring=Scoring(win=Fraction(3), draw=Fraction(1), loss=Fraction(0)))
    assert scores(football, after_round=2) == {1: 4, 2: 3, 3: 2, 4: 2}
