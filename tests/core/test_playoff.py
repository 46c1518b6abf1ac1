"""Play-off for first place (rules.md 5, tiebreaks.md 13.2)."""


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_tournament.core.playoff.plan import GameResult, advance, berger, propose


def play(plan, decide, max_steps=200):
    """Drive a play-off to the end; `decide(game)` returns a GameResult."""
    results = {}
    for _ in range(max_steps):
        st_ = advance(plan, results)
        if st_.finished:
            return st_, results
        assert st_.next_games, st_.needs
        for g in st_.next_games:
            assert g.id not in results
            results[g.id] = decide(g)
    raise AssertionError("play-off does not end")


def test_berger_matches_fide_tables():
    assert berger(4) == [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    assert berger(6)[1] == [(6, 4), (5, 3), (1, 2)]
    # odd: the bye seat is dropped
    assert berger(3) == [[(2, 3)], [(1, 2)], [(3, 1)]]


def test_two_players_match_then_armageddon():
    plan = propose([7, 3], seed=1)
    assert plan.format == "match" and plan.numbering == "tie-break order"
    st_ = advance(plan, {})
    assert [g.id for g in st_.next_games] == ["p.m.g1", "p.m.g2"]
    g1, g2 = st_.next_games
    assert (g1.first, g1.second) == (g2.second, g2.first)
    res = {"p.m.g1": GameResult("1-0"), "p.m.g2": GameResult("1-0")}  # 1-1
    st_ = advance(plan, res)
    assert [g.id for g in st_.next_games] == ["p.m.arm"]
    arm = st_.next_games[0]
    assert arm.armageddon
    res["p.m.arm"] = GameResult("1/2")
    st_ = advance(plan, res)
    assert st_.finished and st_.winner == arm.second  # a draw wins for the second player


def test_two_players_clear_match():
    plan = propose([1, 2], seed=5)
    first = advance(plan, {}).next_games[0].first
    st_ = advance(plan, {"p.m.g1": GameResult("1-0"), "p.m.g2": GameResult("1/2")})
    assert st_.finished and st_.winner == first


def test_three_players_two_knock_out_the_third():
    plan = propose([1, 2, 3], seed=2)
    assert plan.format == "round-robin" and plan.numbering == "lot"
    nums = dict(plan.numbers)
    # play: everybody draws except that the player numbered 3 loses both games
    def decide(g):
        if g.first == nums[3]:
            return GameResult("0-1")
        if g.second == nums[3]:
            return GameResult("1-0")
        return GameResult("1/2")
    st_, results = play(plan, decide)
    assert st_.winner in (nums[1], nums[2])
    assert any(k.endswith(".arm") for k in results)  # the two level played Armageddon


def test_three_all_level_fewest_moves():
    plan = propose([1, 2, 3], seed=3)
    # every game won by the first player: RR 1-1-1, Armageddon RR 1-1-1 again
    st_ = advance(plan, {})
    results = {}
    moves = iter(range(60, 20, -1))
    while True:
        st_ = advance(plan, results)
        if st_.finished or st_.needs:
            break
        for g in st_.next_games:
            results[g.id] = GameResult("1-0", next(moves))
    assert st_.finished
    # the last Armageddon round-robin game had the fewest moves; its first player wins
    last = max((k for k in results if ".arr." in k), key=lambda k: -results[k].moves)
    winner_game = [g for g, r in st_.played if g.id == last][0]
    assert st_.winner == winner_game.first
    assert any("fewest moves" in line for line in st_.log)


def test_fewest_moves_asks_for_move_counts():
    plan = propose([1, 2, 3], seed=3)
    results = {}
    while True:
        st_ = advance(plan, results)
        if st_.needs or st_.finished:
            break
        for g in st_.next_games:
            results[g.id] = GameResult("1-0")
    assert not st_.finished and "number of moves" in st_.needs


def test_four_knockout_by_lot_and_seed_reproducible():
    a = propose([10, 20, 30, 40], seed=9)
    b = propose([10, 20, 30, 40], seed=9)
    assert a == b and a.numbering == "lot"
    nums = dict(a.numbers)
    st_ = advance(a, {})
    pairs = {frozenset((g.first, g.second)) for g in st_.next_games}
    assert pairs == {frozenset((nums[1], nums[4])), frozenset((nums[2], nums[3]))}


def test_eight_knockout_by_tiebreak_order():
    plan = propose(list(range(1, 9)), seed=0)
    st_ = advance(plan, {})
    pairs = sorted(tuple(sorted((g.first, g.second))) for g in st_.next_games if g.id.endswith("g1"))
    assert pairs == [(1, 8), (2, 7), (3, 6), (4, 5)]
    # higher tie-break always wins: the semi-finals are 1-4 and 2-3, the final 1-2
    st_, results = play(plan, lambda g: GameResult("1-0" if g.first < g.second else "0-1"))
    assert st_.winner == 1
    semis = sorted(tuple(sorted((g.first, g.second))) for g, _ in st_.played if ".r2." in g.id and g.id.endswith("g1"))
    assert semis == [(1, 4), (2, 3)]


def test_eleven_or_more_keep_the_best_eight():
    plan = propose(list(range(1, 13)), seed=0)
    assert plan.excluded == (9, 10, 11, 12)
    assert plan.format == "knockout"


def test_six_and_nine_groups():
    assert propose([11, 12, 13, 14, 15, 16], seed=0).groups == ((11, 14, 15), (12, 13, 16))
    assert propose(list(range(1, 10)), seed=0).groups == ((1, 5, 9), (2, 6, 7), (3, 4, 8))
    assert propose(list(range(1, 11)), seed=0).groups == ((1, 4, 5, 8, 9), (2, 3, 6, 7, 10))


def test_armageddon_only():
    plan = propose([1, 2], seed=0, armageddon_only=True)
    st_ = advance(plan, {})
    assert [g.id for g in st_.next_games] == ["p.arm"]


def test_invalid():
    with pytest.raises(ValueError):
        propose([1], seed=0)
    with pytest.raises(ValueError):
        propose([1, 1], seed=0)
    with pytest.raises(ValueError):
        advance(propose([1, 2], seed=0), {"p.m.g1": GameResult("2-0"), "p.m.g2": GameResult("1-0")})


@settings(max_examples=60, deadline=None)
@given(n=st.integers(min_value=2, max_value=13), seed=st.integers(0, 10**6), data=st.data())
def test_every_size_ends_with_one_of_the_tied(n, seed, data):
    plan = propose(list(range(101, 101 + n)), seed=seed)
    outcomes = ["1-0", "0-1", "1/2"]

    def decide(g):
        return GameResult(data.draw(st.sampled_from(outcomes)), data.draw(st.integers(10, 120)))

    st_, results = play(plan, decide)
    assert st_.winner in plan.players
    assert st_.winner not in plan.excluded
    # nobody plays two games at the same time
    for g, _ in st_.played:
        assert g.first != g.second
    # replay is deterministic
    assert advance(plan, results) == st_


def test_plan_and_results_round_trip():
    from arbiter_tournament.core.playoff.plan import plan_from_dict, plan_to_dict, results_from_dict, results_to_dict

    for n in (2, 4, 6, 12):
        plan = propose(list(range(1, n + 1)), seed=42)
        assert plan_from_dict(plan_to_dict(plan)) == plan
    res = {"p.m.g1": GameResult("1-0", 31), "p.m.g2": GameResult("1/2")}
    assert results_from_dict(results_to_dict(res)) == res


# rules.md section 5 (seed 003, 32.5.6): the format for every number of tied players
FORMATS = {
    2: ("match", "tie-break order", (), ()),
    3: ("round-robin", "lot", (), ()),
    4: ("knockout", "lot", (), ()),
    5: ("round-robin", "lot", (), ()),
    6: ("groups", "tie-break order", ((1, 4, 5), (2, 3, 6)), ()),
    7: ("armageddon-round-robin", "lot", (), ()),
    8: ("knockout", "tie-break order", (), ()),
    9: ("groups", "tie-break order", ((1, 5, 9), (2, 6, 7), (3, 4, 8)), ()),
    10: ("groups", "tie-break order", ((1, 4, 5, 8, 9), (2, 3, 6, 7, 10)), ()),
    11: ("knockout", "tie-break order", (), (9, 10, 11)),
    12: ("knockout", "tie-break order", (), (9, 10, 11, 12)),
}


@pytest.mark.parametrize("n", sorted(FORMATS))
def test_the_format_for_each_number_of_tied_players(n):
    fmt, numbering, groups, excluded = FORMATS[n]
    plan = propose(list(range(1, n + 1)), seed=7)
    assert (plan.format, plan.numbering, plan.groups, plan.excluded) == (fmt, numbering, groups, excluded)
    assert sorted(p for _, p in plan.numbers) == [p for p in range(1, min(n, 8) + 1)] or plan.groups
    first = advance(plan, {}).next_games
    assert first and all(g.first != g.second for g in first)
    if n == 2:
        assert [g.time_control for g in first] == ["3+5"] * len(first)


def test_the_playoff_report_names_the_players_its_log_speaks_of():
    """The play-off's log (core.playoff.plan) knows players by id; the report says them by name, as the
    judge reads them ("Player 0002 (2) wins the Armageddon", issue 13), in both languages."""
    from arbiter_tournament.core.msg import Msg
    from arbiter_tournament.core.playoff import stage as playoff_event
    from tests.core.test_explain_i18n import playoff_events

    told = 0
    for _, e in playoff_events():
        for m in playoff_event.progress(e).log:
            pid = m.fields.get("player") if isinstance(m, Msg) else None
            if isinstance(pid, int):
                for lang in ("en", "ru"):
                    report = playoff_event.report(e, lang)
                    line = m.but(player=f"{e.player(pid).name} ({pid})")
                    assert "  " + line.text(lang) in report.splitlines() or \
                        any(row.strip() == line.text(lang) for row in report.splitlines()), (lang, line)
                told += 1
    assert told >= 10
