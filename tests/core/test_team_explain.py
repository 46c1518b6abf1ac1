"""How a team's tie-break values are made (`core.tiebreaks.team_explain`, Enter on a team in the TUI).

The explanation reads the decisions the value was made from: its terms, less
what was cut, add up to the value the standings show (checked on the
worked examples of test_tiebreaks_team.py and on random team events), and
each term names its round, its opponent and, for an unplayed round, the rule
that gave its value.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.tiebreaks.team import TeamContext, TeamScoring, compute_team
from arbiter_tournament.core.pairing.rounds import pair_next
from arbiter_tournament.core.tiebreaks.team_explain import explain_team, render_team_explain
from tests.core.test_team_event import play, team_event_of, v6_event
from tests.core.test_tiebreaks_team import RR5, RR5_CODES, RR5_VALUES, team_events

SUMMED = ["MP", "GP", "MPvGP", "EMGSB", "EMGSB-C1", "EMMSB", "EGGSB", "EGMSB-C2", "BH-MP", "BH-GP-C1", "BC", "SSSC"]


def kept(item) -> F:
    return sum((t.contribution for t in item.terms if t.cut is None), F(0))


def test_the_terms_of_the_worked_round_robin_add_up_to_its_values():
    # RR5 (test_tiebreaks_team.py): 5 teams, the bye seat is no round. C's EMGSB-C1 = 8 - 1.5 = 6.5: the
    # term against E (3 MP, the lowest opponent) is the one cut, and C has 4 terms (no dummy for its bye)
    ctx = TeamContext.of(RR5, rounds=5, scoring=TeamScoring(boards=2), edition="fide2024")
    x = explain_team(ctx, 3, RR5_CODES)
    by = {item.code: item for item in x.items}
    assert [t.round for t in by["EMGSB-C1"].terms] == [1, 2, 3, 4]
    assert [t.opponent for t in by["EMGSB-C1"].terms] == [4, 5, 1, 2]
    cut = [t for t in by["EMGSB-C1"].terms if t.cut is not None]
    assert [(t.opponent, t.contribution) for t in cut] == [(5, F(3, 2))]
    assert kept(by["EMGSB-C1"]) == F(13, 2) == by["EMGSB-C1"].value
    for code, want in zip(RR5_CODES, RR5_VALUES[3][2:]):
        assert by[code].value == F(want).limit_denominator()
    # SSSC of C: GP 2 + BH-MP 19 / k 4
    assert [t.contribution for t in by["SSSC"].terms] == [2, F(19, 4)]


def test_the_v6_round_robin_in_both_languages():
    e = v6_event()
    text = team_event.explain_team_text(e, 1, codes=["EMGSB", "EDE"])
    # A (id 1): EMGSB 19 (tiebreaks.md 10.6): D 3 MP x 3 + B 4 x 1.5 + C 2 x 2 = 9 + 6 + 4 = 19
    assert text.splitlines()[0] == "Team 1 (A): 3 MP, 6.5 GP after round 3, edition fide2024"
    assert "EMGSB = 19   Extended Sonneborn-Berger, MP × GP" in text
    assert "Teams: 2 B · 3 C · 4 D" in text
    ru = team_event.explain_team_text(e, 1, codes=["EMGSB", "EDE"], lang="ru")
    assert ru.splitlines()[0] == "Команда 1 (A): 3 MP, 6.5 GP после 3-го тура, редакция ФИДЕ 2024"
    assert "расширенный Зонненборн-Бергер" in ru and "Команды: 2 B · 3 C · 4 D" in ru


def test_an_unplayed_round_names_the_rule_that_gave_its_value():
    # 3 teams, a Swiss: one has the bye in round 1 (a dummy team with its own score in BH-MP, 16.4)
    e = team_event_of(["Rooks", "Knights", "Bishops"], 2, rounds=2)
    e = play(pair_next(e), 1, [(1, 1)], 2)
    bye = team_event.round_bye(e, 1)
    tid = team_event.team_names(e).index(bye) + 1
    for lang, words in (("en", "dummy team with the team's own score 1 (16.4)"),
                        ("ru", "фиктивная команда с собственными очками команды 1 (16.4)")):
        text = team_event.explain_team_text(e, tid, codes=["BH-MP"], lang=lang)
        assert words in text, text


@settings(max_examples=60, deadline=None)
@given(team_events(), st.sampled_from(["fide2024", "fide2026", "legacy"]))
def test_the_terms_left_after_the_cuts_add_up_to_the_value(ev, edition):
    teams, rounds, boards = ev
    ctx = TeamContext.of(teams, scoring=TeamScoring(boards=boards), rounds=rounds, edition=edition)
    codes = [c.upper() for c in SUMMED]
    values = compute_team(codes, ctx)
    for t in teams:
        for item in explain_team(ctx, t.id, codes).items:
            assert item.value == values[t.id].tiebreaks[item.code]
            assert kept(item) == item.value, (item.code, t.id)
        assert render_team_explain(explain_team(ctx, t.id, codes), "ru")


def test_an_unknown_team_is_refused():
    e = v6_event()
    with pytest.raises(Exception, match="no team with id 9"):
        team_event.explain_team_text(e, 9)
