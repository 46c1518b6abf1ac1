"""A team match's match points: one rule (`core.tiebreaks.team_match.decide`, seed 003 32.2.1), and every view
agrees with it: the match line and the JSON of `teams matches`, the printouts, the pairing's score groups, the
standings and the tie-breaks.

Seed 003, 32.2.1: "2 points for a won match, in which the team scored more than half of the possible board
points; 1 for a drawn match, in which it scored half; 0 for a lost match, in which it scored less than half".
A double forfeit scores 0-0 on its board. The expected values below are worked out by hand from that text.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction as F

import pytest
from hypothesis import given, settings, strategies as st

from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.event import commands
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.formats import team_output
from arbiter_tournament.core.formats.team_printouts import match_head
from arbiter_tournament.core.msg.i18n import words
from arbiter_tournament.core.pairing.rounds import pair_next
from arbiter_tournament.core.teams.histories import team_histories
from arbiter_tournament.core.teams.pairing import swiss_scores
from arbiter_tournament.core.teams.team_standings import standings
from arbiter_tournament.core.tiebreaks.team import TeamContext, TeamRound, TeamScoring, TeamHistory
from arbiter_tournament.core.tiebreaks.team_match import MatchPoints, decide
from tests.core.test_team_event import team_event_of


def mp(a, b, boards=4, rule=MatchPoints()):
    return decide((F(a), F(b)), boards, rule).match_points


def test_the_seed_rule_with_and_without_double_forfeits():
    assert mp(F(5, 2), F(3, 2)) == (2, 0)  # 2.5 of 4 is more than half
    assert mp(2, 2) == (1, 1)
    assert mp(4, 0) == (2, 0)
    # the tester's match: boards 1 and 2 double forfeits, boards 3 and 4 won by the first team: 2 - 0.
    # The first team has exactly half of the 4 possible points (drawn), the second less than half (lost).
    assert mp(2, 0) == (1, 0)
    assert decide((F(2), F(0)), 4).outcomes == ("draw", "loss")
    # neither team reaches half: both lose (1-1 and 1.5-1.5 with double forfeits, 0-0 when all four are)
    assert mp(1, 1) == (0, 0) and mp(F(3, 2), F(3, 2)) == (0, 0) and mp(0, 0) == (0, 0)
    assert mp(3, 0) == (2, 0)  # one double forfeit, more than half
    assert mp(2, 1) == (1, 0)  # one double forfeit: exactly half for the first
    assert mp(F(3, 2), F(1, 2), boards=3) == (1, 0)  # 3 boards: half is 1.5
    assert mp(F(3, 2), F(3, 2), boards=3) == (1, 1)
    assert mp(3, 1, rule=MatchPoints(F(3), F(1), F(0))) == (3, 0)
    # the other reading, configurable: the two teams' points compared (differs only after double forfeits)
    more = MatchPoints(won_by="more")
    assert mp(2, 0, rule=more) == (2, 0) and mp(1, 1, rule=more) == (1, 1) and mp(F(5, 2), F(3, 2), rule=more) == (2, 0)
    with pytest.raises(IllegalChange):
        decide((F(3), F(2)), 4)  # more board points than boards
    with pytest.raises(IllegalChange):
        MatchPoints(won_by="most")


def test_a_tie_break_round_without_its_match_points_is_decided_by_the_same_rule():
    # the tie-breaks' own rounds (tiebreaks.md vectors) carry game points only: the same rule decides them
    ctx = TeamContext.of([TeamHistory(1, "A", (TeamRound(2, F(2), F(0)),)),
                          TeamHistory(2, "B", (TeamRound(1, F(0), F(2)),))], scoring=TeamScoring(boards=4), rounds=1)
    assert ctx.mp == {1: 1, 2: 0}
    ctx = TeamContext.of([TeamHistory(1, "A", (TeamRound(2, F(2), F(0)),)),
                          TeamHistory(2, "B", (TeamRound(1, F(0), F(2)),))],
                         scoring=TeamScoring(boards=4, won_by="more"), rounds=1)
    assert ctx.mp == {1: 2, 2: 0}


# -- every view of an event -------------------------------------------------------------------------------

TEAMS = ["Конь", "Ладья", "Слон", "Ферзь"]


def _record(e, k, board, text):
    return commands.record_result(e, "swiss", None, k, board, Result.parse(text))


def views(e, k):
    """{team name: match points of round k} as each view says them."""
    rnd = e.find_round("swiss", None, k)
    st = team_event.state(e)
    names = team_event.team_names(e, st)
    out: dict[str, dict[str, F]] = {}

    def put(view, team, value):
        out.setdefault(view, {})[team] = F(value)

    doc = json.loads(team_output.matches_output(e, k, "json"))
    for m in doc["matches"]:
        for team, x in zip((m["first"], m["second"]), m["match_points"]):
            put("json", team, F(str(x)))
    text = team_output.matches_output(e, k, "text")
    t = words("en")
    for m in team_event.matches(e, rnd, st):
        for team, x in zip((m.first_name, m.second_name), m.result.match_points):
            put("match", team, x)  # what the TUI's match line and the round panel print
        line = next(x for x in text.splitlines() if x.startswith(f"Match {m.number}:"))
        a, b = re.search(r"MP (\S+)-(\S+)$", line).groups()
        put("text", m.first_name, F(a)), put("text", m.second_name, F(b))
        a, b = re.search(r"\(MP (\S+) : (\S+)\)$", match_head(m, t)).groups()
        put("printout", m.first_name, F(a)), put("printout", m.second_name, F(b))
    before = {r.team: r.match_points for r in standings(e, after_round=k - 1)[2]} if k > 1 else {}
    for r in standings(e, after_round=k)[2]:
        put("standings", r.team, r.match_points - before.get(r.team, 0))
    hist = team_histories(e, k)
    for h in hist:
        put("tie-breaks", h.name, TeamContext.of(hist, scoring=TeamScoring(boards=st.boards), rounds=k).round_mp(
            h.rounds[k - 1]))
    scores, _ = swiss_scores(e, k)
    earlier = swiss_scores(e, k - 1)[0] if k > 1 else {}
    for tid, x in scores.items():
        put("pairing", names[tid - 1], x - earlier.get(tid, 0))
    return out


def test_the_testers_match_reads_the_same_everywhere():
    e = pair_next(team_event_of(TEAMS, 4, rounds=3))
    rnd = e.find_round("swiss", None, 1)
    first = [m.first_name for m in team_event.matches(e, rnd)]
    # match 1: boards 1, 2 double forfeits; board 3 (the first-named team moves first) 1-0, board 4 (it moves
    # second) 0-1: 2 - 0 for the first-named team. Match 2: 2.5 - 1.5 over the board.
    for board, res in zip(range(1, 9), ["--", "--", "1-0", "0-1", "1-0", "0-1", "1/2", "1/2"]):
        e = _record(e, 1, board, res)
    a, b = first[0], team_event.matches(e, rnd)[0].second_name
    c, d = first[1], team_event.matches(e, rnd)[1].second_name
    want = {a: F(1), b: F(0), c: F(2), d: F(0)}  # 2 of 4 is half: drawn; 0 lost; 2.5 won; 1.5 lost
    got = views(e, 1)
    assert set(got) == {"json", "match", "text", "printout", "standings", "tie-breaks", "pairing"}
    for view, values in got.items():
        assert values == want, view
    e2 = pair_next(e)  # the score groups of round 2 are these match points: 2, 1, 0, 0
    assert swiss_scores(e2, 1)[0] == {team_event.team_names(e2).index(n) + 1: x for n, x in want.items()}


RESULTS = ["1-0", "0-1", "1/2", "+-", "-+", "--"]


def _oracle(e, k):
    """The seed's rule worked out here from the boards: each team's board points against half the boards."""
    rnd = e.find_round("swiss", None, k)
    st = team_event.state(e)
    B = st.boards
    out = {}
    for m in team_event.matches(e, rnd, st):
        pts = {m.first_name: F(0), m.second_name: F(0)}
        for g in m.games:
            x, y = {"1-0": (1, 0), "0-1": (0, 1), "1/2": (F(1, 2), F(1, 2)), "+-": (1, 0), "-+": (0, 1),
                    "--": (0, 0)}[g.result.value]
            pts[e.player(g.first).team] += x
            pts[e.player(g.second).team] += y
        for team, x in pts.items():
            out[team] = F(2) if x > F(B, 2) else F(1) if x == F(B, 2) else F(0)
    return out


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.data())
def test_every_view_shows_the_match_points_of_the_one_rule(boards, data):
    e = pair_next(team_event_of(TEAMS, boards, rounds=3))
    for k in (1, 2):
        if k == 2:
            e = pair_next(e)
        rnd = e.find_round("swiss", None, k)
        for g in rnd.games:
            e = _record(e, k, g.board, data.draw(st.sampled_from(RESULTS)))
        want = _oracle(e, k)
        for view, values in views(e, k).items():
            assert values == want, (view, k)
