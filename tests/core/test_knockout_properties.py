"""Property tests: any top size, any results, the bracket stays consistent."""

from __future__ import annotations

from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_tournament.core.knockout.bracket_text import bracket_json, bracket_lines, text_width
from arbiter_tournament.core.knockout import (
    TableRanking,
    TopConfig,
    aims_report,
    best_seeding,
    bracket_slots,
    build_bracket,
    current_boards,
    meeting_round,
    placings,
    qualify,
    straight_seeding,
)


@settings(max_examples=60, deadline=None)
@given(
    size=st.integers(min_value=2, max_value=40),
    third=st.booleans(),
    games=st.integers(min_value=1, max_value=3),
    data=st.data(),
)
def test_any_size_any_results(size, third, games, data):
    third = third and size >= 3
    seeds = [500 + i for i in range(1, size + 1)]
    pbt = {p: F(data.draw(st.integers(0, 4)), 2) for p in seeds}
    qow = {p: F(data.draw(st.integers(0, 3))) for p in seeds}
    cfg = TopConfig(third_place=third, games_per_match=games, colour_seed=data.draw(st.integers(0, 10**6)))
    results: dict = {}
    for _ in range(200):
        b = build_bracket(seeds, results, cfg, points_before_top=pbt, quality_of_wins=qow)
        boards = current_boards(b)
        if not boards:
            break
        for bd in boards:
            text = data.draw(st.sampled_from(["1-0", "0-1", "1/2", "=t", "1-0t", "0-1a", "+-"]))
            results.setdefault(bd.match, []).append(text)
    assert b.finished
    slots = bracket_slots(size)
    assert [len(r) for r in b.rounds] == [slots >> k for k in range(1, len(b.rounds) + 1)]
    assert b.champion in seeds
    for r in b.rounds:
        for m in r:
            assert m.winner in m.players and m.decided_by is not None
    # every player is eliminated once, except the champion
    losers = [m.loser for r in b.rounds for m in r if m.loser is not None]
    assert sorted(losers + [b.champion]) == sorted(seeds)
    pl = placings(b)
    assert sorted(x.player for x in pl) == sorted(seeds)
    assert pl[0].place == 1 and pl[0].player == b.champion
    assert max(x.place_to for x in pl) == size
    data_json = bracket_json(b)
    assert data_json["size"] == size
    if size <= 16:
        assert all(text_width(ln) <= 80 for ln in bracket_lines(b, {p: f"Player number {p}" for p in seeds}))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([(1, 4), (2, 2), (2, 4), (4, 2), (4, 4), (8, 2), (3, 2), (3, 4), (6, 2), (2, 8)]))
def test_best_seeding_never_worse_than_straight(shape):
    tables, per = shape
    q = qualify([TableRanking(t, tuple(range(t * 100 + 1, t * 100 + per + 3))) for t in range(1, tables + 1)], tables * per)
    s, b = straight_seeding(q), best_seeding(q)
    assert sorted((x.table, x.place) for x in s) == sorted((x.table, x.place) for x in b)
    rs, rb = aims_report(s), aims_report(b)
    assert rb.aims[0].value <= rs.aims[0].value
    if rb.aims[0].value == rs.aims[0].value and rs.aims[2].value is not None:
        assert rb.aims[2].value >= rs.aims[2].value


@given(st.integers(min_value=1, max_value=6), st.data())
def test_meeting_round_symmetric_and_bounded(k, data):
    slots = 1 << k
    a = data.draw(st.integers(1, slots))
    b = data.draw(st.integers(1, slots).filter(lambda x: x != a))
    r = meeting_round(a, b, slots)
    assert r == meeting_round(b, a, slots) and 1 <= r <= k
    if a + b == slots + 1:
        assert r == 1
