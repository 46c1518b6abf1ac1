"""The fewest rematches (core/swiss/rematches.py): when no pairing without a rematch exists, the Dutch
pairing with as few rematches as the other rules allow, in an individual and a team Swiss.

The triangles case is worked out by hand: 6 players (teams) A..F whose first three rounds were
A-D B-E C-F, E-A F-B D-C, A-F B-D C-E. The pairs not yet played are A-B A-C B-C and D-E D-F E-F: two
triangles. A pairing of round 4 pairs the 3 of a triangle among themselves at most once (3 is odd), so
at least one player of each triangle meets one of the other triangle, and every such pair has met:
at least 1 rematch, and exactly 1 is possible (A-B, D-E, C-F). Among the nine pairs that can be that
rematch, those of round 1 met longest ago: the one made is one of them.
The property test compares with every pairing of small random events, by brute force.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest

from arbiter_tournament.tui.advice import message as tui_message  # the TUI's words of a refusal
from arbiter_tournament.tui.cli.advice import said  # the command line's words of a refusal
from hypothesis import HealthCheck, given, settings, strategies as st

from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.errors import NoLegalPairing
from arbiter_tournament.core.event import commands
from arbiter_tournament.core.event.records import Outcome, PlayerHistory, RoundRecord
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.pairing import preview
from arbiter_tournament.core.pairing.rounds import pair_by_hand, pair_next, rematches_in
from arbiter_tournament.core.swiss import PairingRequest, pair_round
from arbiter_tournament.core.swiss.rematches import fewest_rematches, pair_fewest_rematches
from arbiter_tournament.core.teams.pairing import pair_teams_by_hand, rematches_of

TRIANGLES = [[(1, 4), (2, 5), (3, 6)], [(5, 1), (6, 2), (4, 3)], [(1, 6), (2, 4), (3, 5)]]
TEAMS = ["Ants", "Bees", "Cats", "Dogs", "Eels", "Fish"]


def individual_triangles():
    e = commands.new_event("Triangles", 5, lots_seed=3)
    e = replace(e, initial_colour="w")
    for i, name in enumerate(["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]):
        e = commands.add_player(e, name, rating=2000 - 10 * i)
    for k, pairs in enumerate(TRIANGLES, start=1):
        e = pair_by_hand(e, "swiss", None, k, pairs)
        for b in range(1, 4):
            e = commands.record_result(e, "swiss", None, k, b, Result.parse("1/2"))
    return e


def team_triangles(boards=2):
    e = commands.new_event("Team Cup", 5, lots_seed=11)
    e = replace(e, initial_colour="w")
    e = team_event.setup(e, boards)
    for k, t in enumerate(TEAMS):
        for i in range(boards):
            e = commands.add_player(e, f"{t} {i + 1}", rating=2400 - 100 * k - i, team=t)
    for k, pairs in enumerate(TRIANGLES, start=1):
        e = pair_teams_by_hand(e, [(TEAMS[a - 1], str(b)) for a, b in pairs])  # by name, then by number
        for b in range(1, 3 * boards + 1):
            e = commands.record_result(e, "swiss", None, k, b, Result.parse("1/2"))
    return e


def test_the_triangles_give_exactly_one_rematch_in_an_individual_swiss():
    e = individual_triangles()
    with pytest.raises(NoLegalPairing) as err:
        pair_next(e)
    text = said(err.value)
    assert "Ann (1)" in text or "Cid (3)" in text or "Fay (6)" in text  # players by name
    assert "--fewest-rematches" in text and "--fewest-rematches" not in str(err.value)  # the command line's advice
    new = pair_next(e, fewest_rematches=True)
    rnd = new.find_round("swiss", None, 4)
    met = rematches_in(new, rnd)
    assert len(met) == 1
    g = met[0]
    assert {g.first, g.second} in ({a, b} for a, b in TRIANGLES[0])  # of two triangles, met longest ago
    # the other two boards are inside a triangle each, and only the rematch's board is marked manual
    others = [frozenset(x.players) for x in rnd.games if x is not g]
    assert all(p <= {1, 2, 3} or p <= {4, 5, 6} for p in others)
    assert [x.manual for x in rnd.games] == [x is g for x in rnd.games]


def test_the_triangles_give_exactly_one_rematch_in_a_team_swiss_and_the_refusal_names_teams():
    e = team_triangles()
    with pytest.raises(NoLegalPairing) as err:
        pair_next(e)
    en, ru = said(err.value), err.value.text("ru")
    assert "teams 'Cats' (3), 'Fish' (6)" in en and "players" not in en.split("Options")[0]
    assert "--fewest-rematches" in en and "--by-hand \"1-4,2-5,3-6\"" in en
    assert "команды 'Cats' (3), 'Fish' (6)" in ru
    new = pair_next(e, fewest_rematches=True)
    rnd = new.find_round("swiss", None, 4)
    met = rematches_of(new, rnd)
    assert len(met) == 1
    n, a, b, r = met[0]
    assert {a, b} & {"Ants", "Bees", "Cats"} and {a, b} & {"Dogs", "Eels", "Fish"} and r == 1  # the oldest
    matches = team_event.matches(new, rnd)
    assert [all(g.manual for g in m.games) for m in matches] == [m.number == n for m in matches]
    assert not any(g.manual for m in matches if m.number != n for g in m.games)
    # the proposal says it and journals it
    pv = preview.propose(e, fewest_rematches=True)
    assert pv.what() == f"pair round 4 with the fewest rematches: '{a}'-'{b}'"
    assert pv.rematches_in("en") == (f"match {n}: {a} and {b} have met before (round {r})",)
    assert pv.rematches_in("ru")[0].startswith(f"матч {n}")


def test_round_five_after_the_triangles_and_then_nothing_to_pair():
    e = team_triangles()
    e = pair_next(e, fewest_rematches=True)
    for b in range(1, 7):
        e = commands.record_result(e, "swiss", None, 4, b, Result.parse("1-0"))
    e = pair_next(e, fewest_rematches=True)
    assert len(team_event.matches(e, e.find_round("swiss", None, 5))) == 3
    for b in range(1, 7):
        e = commands.record_result(e, "swiss", None, 5, b, Result.parse("0-1"))
    from arbiter_tournament.core.commands import PairNext

    assert str(PairNext().why_not(e)) == "all 5 rounds have been paired"


def test_no_rematch_is_made_when_a_pairing_without_one_exists():
    e = individual_triangles()
    e2 = pair_next(e, fewest_rematches=True)
    e = commands.new_event("Eight", 5, lots_seed=3)
    for i in range(8):
        e = commands.add_player(e, f"P{i + 1}", rating=2000 - i)
    plain = pair_next(e)
    fewest = pair_next(e, fewest_rematches=True)
    assert plain.rounds == fewest.rounds  # the Dutch pairing itself
    assert len(rematches_in(e2, e2.find_round("swiss", None, 4))) == 1


def test_team_pairing_by_hand_follows_the_line_ups_and_refuses_mistakes():
    e = team_triangles()
    rnd = e.find_round("swiss", None, 1)
    # match 1 is Ants-Dogs: board 1 Ants 1 first, board 2 Dogs 2 first (colours alternate)
    names = {p.id: p.name for p in e.players}
    assert [(names[g.first], names[g.second]) for g in rnd.games[:2]] == [("Ants 1", "Dogs 1"), ("Dogs 2", "Ants 2")]
    assert all(g.manual for g in rnd.games)
    from arbiter_tournament.core.errors import IllegalChange

    with pytest.raises(IllegalChange, match="team 'Ants' is paired twice"):
        pair_teams_by_hand(e, [("Ants", "Bees"), ("1", "Cats")])
    with pytest.raises(IllegalChange, match="no team 'Owls'"):
        pair_teams_by_hand(e, [("Owls", "Bees")])
    with pytest.raises(IllegalChange, match="team\\(s\\) 'Eels', 'Fish' can play round 4 but have no match"):
        pair_teams_by_hand(e, [("Ants", "Bees"), ("Cats", "Dogs")])
    with pytest.raises(IllegalChange, match="only one team can be without a match"):
        pair_teams_by_hand(e, [("Ants", "Bees"), ("Cats", "Dogs"), ("Eels", None), ("Fish", None)])


# -- the property: nothing with fewer rematches exists ---------------------------------------------------


def absolute(colours: list[str]) -> str | None:
    """The absolute colour preference (C.04.3 2.6) of played colours: a difference over 1, or the same
    colour twice running."""
    d = colours.count("w") - colours.count("b")
    if d < -1 or (len(colours) >= 2 and colours[-2:] == ["b", "b"]):
        return "w"
    if d > 1 or (len(colours) >= 2 and colours[-2:] == ["w", "w"]):
        return "b"
    return None


def all_pairings(ids: list[int]):
    """Every way to pair `ids` (one left out with None when odd), as lists of (a, b|None)."""
    if not ids:
        yield []
        return
    if len(ids) % 2:
        for i, x in enumerate(ids):
            rest = ids[:i] + ids[i + 1:]
            for p in all_pairings(rest):
                yield p + [(x, None)]
        return
    a = ids[0]
    for i in range(1, len(ids)):
        rest = ids[1:i] + ids[i + 1:]
        for p in all_pairings(rest):
            yield [(a, ids[i])] + p


@st.composite
def small_events(draw):
    n = draw(st.integers(3, 7))
    played = draw(st.integers(1, min(4, n)))
    records = {i: [] for i in range(1, n + 1)}
    for _ in range(played):
        order = draw(st.permutations(list(range(1, n + 1))))
        pairs = [(order[i], order[i + 1]) for i in range(0, n - 1, 2)]
        if n % 2:
            records[order[-1]].append(RoundRecord(Outcome.PAB))
        for a, b in pairs:
            r = draw(st.sampled_from(["1-0", "1/2", "0-1"]))
            wa, wb = {"1-0": (Outcome.WIN, Outcome.LOSS), "1/2": (Outcome.DRAW, Outcome.DRAW),
                      "0-1": (Outcome.LOSS, Outcome.WIN)}[r]
            records[a].append(RoundRecord(wa, b, "w"))
            records[b].append(RoundRecord(wb, a, "b"))
    forbidden = draw(st.sets(st.sampled_from([frozenset(p) for p in combinations(range(1, n + 1), 2)]), max_size=2))
    req = PairingRequest(players=[PlayerHistory(i, 2000 - i, f"P{i}", tuple(records[i])) for i in records],
                         total_rounds=played + 3, forbidden=set(forbidden))
    return req


def last_rounds(req: PairingRequest) -> dict:
    """Each pair that met over the board: the last round it did."""
    out = {}
    for p in req.players:
        for k, r in enumerate(p.records, start=1):
            if r.outcome.played:
                out[frozenset((p.id, r.opponent))] = max(out.get(frozenset((p.id, r.opponent)), 0), k)
    return out


def brute_force_minimum(req: PairingRequest, *, oldest: bool = False):
    """The fewest rematches of any pairing the other absolute rules allow (C1's forbidden pairs, C2, C3 with
    nobody a topscorer: not the last round), by trying every pairing; None when none is allowed. `oldest`:
    (that number, the smallest sum of the rounds those rematches last met in, among such pairings)."""
    hist = {p.id: p.records for p in req.players}
    met = {frozenset((pid, r.opponent)) for pid, recs in hist.items() for r in recs if r.outcome.played}
    when = last_rounds(req)
    pref = {pid: absolute([r.colour for r in recs if r.outcome.played]) for pid, recs in hist.items()}
    had_bye = {pid for pid, recs in hist.items() if any(r.outcome is Outcome.PAB for r in recs)}
    best = None
    for pairing in all_pairings(sorted(hist)):
        ok = True
        count = recent = 0
        for a, b in pairing:
            if b is None:
                ok = a not in had_bye
            elif frozenset((a, b)) in req.forbidden or (pref[a] is not None and pref[a] == pref[b]):
                ok = False
            elif frozenset((a, b)) in met:
                count += 1
                recent += when[frozenset((a, b))]
            if not ok:
                break
        if ok and (best is None or (count, recent) < best):
            best = (count, recent)
    if best is None:
        return None
    return best if oldest else best[0]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_events())
def test_no_pairing_with_fewer_rematches_exists(req):
    best = brute_force_minimum(req)
    if best is None:
        with pytest.raises(NoLegalPairing):
            pair_fewest_rematches(req)
        return
    pairing, used = pair_fewest_rematches(req)
    assert len(used) == best == len(fewest_rematches(req))
    # among the pairings with that many, the rematches of the oldest meetings
    assert sum(last_rounds(req)[p] for p in used) == brute_force_minimum(req, oldest=True)[1]
    met = {frozenset((p.id, r.opponent)) for p in req.players for r in p.records if r.outcome.played}
    assert {frozenset(b) for b in pairing.boards} & met == set(used)
    # a legal pairing of everybody: each player once, never a forbidden pair
    seen = [x for b in pairing.boards for x in b] + ([pairing.bye] if pairing.bye is not None else [])
    assert sorted(seen) == sorted(p.id for p in req.players)
    assert not {frozenset(b) for b in pairing.boards} & req.forbidden
    if best == 0:
        assert pairing.boards == pair_round(req).boards  # nothing relaxed: the Dutch pairing itself


# -- how many rounds are sure without a rematch (core/pairing/guarantee.py) ---------------------------------


def _perfect_matchings(vs):
    if not vs:
        yield frozenset()
        return
    v = vs[0]
    for i in range(1, len(vs)):
        for m in _perfect_matchings(vs[1:i] + vs[i + 1:]):
            yield m | {frozenset((v, vs[i]))}


def first_round_that_can_fail(n: int) -> int:
    """By trying every sequence of rematch-free rounds (round 1 fixed: any other is the same up to names):
    the first round that may have no pairing without a rematch (n: an even field; an odd one counts the bye
    as one more). n when none (n - 1 rounds, a round robin, always possible)."""
    every = list(_perfect_matchings(tuple(range(n))))
    worst = [n]

    def go(played, k):
        left = [m for m in every if not (m & played)]
        if not left:
            worst[0] = min(worst[0], k + 1)
            return
        if k + 2 >= worst[0]:
            return
        for m in left:
            go(played | m, k + 1)

    go(every[0], 1)
    return worst[0]


@pytest.mark.parametrize("n", [2, 4, 6, 8])
def test_the_rounds_sure_without_a_rematch_are_those_of_every_sequence_of_rounds(n):
    from arbiter_tournament.core.pairing.guarantee import rematch_free_rounds

    assert rematch_free_rounds(n) == first_round_that_can_fail(n) - 1
    assert rematch_free_rounds(n - 1) == rematch_free_rounds(n)  # the odd field: the bye is one more


def test_the_rounds_sure_by_field_and_the_field_needed():
    from arbiter_tournament.core.pairing.guarantee import field_warning, new_event_note, rematch_free_rounds, smallest_field

    assert [rematch_free_rounds(n) for n in range(2, 17)] == [1, 3, 3, 3, 3, 5, 5, 5, 5, 7, 7, 7, 7, 9, 9]
    assert [smallest_field(r) for r in range(1, 10)] == [2, 3, 3, 7, 7, 11, 11, 15, 15]
    assert new_event_note(3) is None
    assert said(new_event_note(5, teams=True)) == (
        "a Swiss of 5 rounds is sure to be paired without a rematch only with 7 teams or more; with fewer, "
        "a round robin fits better (--system roundrobin)")
    assert field_warning(7, 5) is None and field_warning(8, 5) is None
    w = field_warning(6, 5, teams=True)
    assert str(w).startswith("6 teams for 5 rounds: a pairing without a rematch is sure only up to round 3 "
                             "(7 teams are needed for 5)")
    assert "гарантирована только до 3-го тура" in w.text("ru")
    assert said(w).endswith("is paired with the fewest rematches (arbiter pair FILE --fewest-rematches; in the TUI, p "
                            "offers it)")
    assert tui_message(w, "ru").endswith("проводится с наименьшим их числом (p, затем p)")


def test_team_pairing_by_hand_with_the_team_without_a_match():
    from tests.core.test_team_event import team_event_of

    e = team_event_of(["Ants", "Bees", "Cats", "Dogs", "Eels"], 2, rounds=4)
    e = pair_teams_by_hand(e, [("1", "4"), ("Bees", "Cats"), ("5", None)])
    rnd = e.find_round("swiss", None, 1)
    assert [(m.first_name, m.second_name) for m in team_event.matches(e, rnd)] == [("Ants", "Dogs"), ("Bees", "Cats")]
    assert team_event.state(e).byes == {1: "Eels"} and len(rnd.games) == 4


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_fewest_rematches_proposal_says_how_it_was_paired_not_the_engines_refusal(lang):
    """The preview's reasons and its `e`: every board "paired with the fewest rematches", and each rematch by name;
    never the Dutch engine's "would not pair this round now" (it refuses the round: that is why it was so paired)."""
    from arbiter_tournament.core.msg.i18n import words

    e = individual_triangles()
    pv = preview.propose(e, fewest_rematches=True)
    rnd = pv.rounds[0]
    fewest, refused = words(lang)("px_fewest"), words(lang)("px_refused", why="")
    reasons = preview.engine_reasons(pv, lang)
    assert set(reasons[rnd.key].values()) == {fewest} and len(reasons[rnd.key]) == len(rnd.games)
    text = preview.explain_text(pv, rnd, lang)
    assert fewest in text and refused not in text
    assert [line.strip() for line in text.splitlines() if line.strip() in pv.rematches_in(lang)] == \
        list(pv.rematches_in(lang)) and len(pv.rematches_in(lang)) == 1
