"""Several tables in one order, the withdrawn player at the qualification, `--after-round` on several tables
(issue 32, point 4)."""

from __future__ import annotations

import json
from collections import namedtuple
from dataclasses import replace
from fractions import Fraction

import pytest

from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.event import commands
from arbiter_tournament.core.final.ranking import final_ranking
from arbiter_tournament.core.knockout import stage as top
from arbiter_tournament.core.store import dumps
from arbiter_tournament.core.tiebreaks.merged import tied_groups
from arbiter_tournament.core.tiebreaks.standings import standings
from tests.cli_run import ok, refused
from tests.final_events import swiss

Row = namedtuple("Row", "id tie_group")


def test_the_issues_case_one_player_of_a_table_is_never_put_alone_below_players_equal_to_him():
    # table 1: 1 above 2 by DE only (equal points and BH); tables 2 and 3: 11 and 21 equal to both on points and
    # BH. The merge compares points and BH (not DE): the four share one place. Before: (1, 11, 21), then 2 alone.
    t1 = ([Row(1, None), Row(2, None), Row(3, None)], {1: (5, 30), 2: (5, 30), 3: (4, 33)})
    t2 = ([Row(11, None), Row(12, None)], {11: (5, 30), 12: (4, 20)})
    t3 = ([Row(21, None), Row(22, None)], {21: (5, 30), 22: (6, 1)})
    assert tied_groups(None, rankings=[t1, t2, t3]) == [(22,), (1, 2, 11, 21), (3,), (12,)]


def test_one_table_keeps_its_standings_groups_with_de():
    t1 = ([Row(1, None), Row(2, 7), Row(3, 7)], {})
    assert tied_groups(None, rankings=[t1]) == [(1,), (2, 3)]


def test_a_real_event_of_two_tables_is_ordered_by_points_then_the_tie_breaks_but_de():
    e = swiss(16, rounds=3, tables=2)
    e = replace(e, tiebreaks=("DE", "BH", "SB"))
    # the expected order, worked out from each table's standings: (points, BH, SB), larger first; equal: one group
    values = {r.id: (r.points, r.tiebreaks["BH"], r.tiebreaks["SB"])
              for t in (1, 2) for r in standings(e, table=t, share_places=True)}
    expected: dict[tuple, list[int]] = {}
    for pid, key in values.items():
        expected.setdefault(key, []).append(pid)
    want = [tuple(sorted(expected[k])) for k in sorted(expected, reverse=True)]
    assert tied_groups(e) == want
    assert any(len(g) > 1 and len({e.player(p).table for p in g}) > 1 for g in want)  # the case is there
    fr = final_ranking(replace(e, share_places=True))
    shared = {}
    for r in fr.rows:
        shared.setdefault((r.place, r.place_to), []).append(r.id)
    assert sorted(tuple(sorted(g)) for g in shared.values()) == sorted(want)


# -- the withdrawn player at the qualification --------------------------------------------------------------


def tied_in(text: str) -> set[int]:
    """The players a refusal says are tied at the qualification line."""
    import re

    m = re.search(r"players ([\d, ]+) are tied at the qualification line", text)
    assert m, text
    return {int(x) for x in m.group(1).split(", ")}


def qualifying_event():
    """12 players, 3 Swiss rounds (the smaller id wins), no tie-breaks, a top of 2: 1 and 3 on 3 points, then
    2, 4, 5, 6 on 2 points, equal after every tie-break (none)."""
    e = swiss(12, rounds=3, top_size=2)
    return replace(e, tiebreaks=())


def test_a_withdrawn_qualifier_is_left_out_and_his_seat_is_a_seat_like_any_other():
    e = qualifying_event()
    assert [x.player for x in top.qualification(e, 2).qualifiers] == [1, 3]
    e = commands.withdraw(e, 3, 4)
    # 3 is left out; his seat falls on the tie of 2, 4, 5, 6: refused without lots (before: 2, silently)
    with pytest.raises(IllegalChange, match="table 1: players .* are tied at the qualification line") as refusal:
        top.qualification(e, 2)
    assert tied_in(str(refusal.value)) == {2, 4, 5, 6}
    q = top.qualification(e, 2, lots=True)
    assert q.left_out == ((1, 3),)
    assert q.qualifiers[0].player == 1 and q.qualifiers[1].player in (2, 4, 5, 6)
    assert q.lots and sorted(q.lots[0][1]) == [2, 4, 5, 6]
    assert top.left_out_lines(e, 2) == [
        "player 3 (Player 03) of table 1 withdrew: left out of the top; his seat goes to the next player of his "
        "table"]
    assert top.left_out_lines(e, 2, "ru")[0].startswith("участник 3 (Player 03), стол 1, выбыл: в топ не входит")


def test_the_command_line_says_who_is_left_out(tmp_path):
    path = tmp_path / "q.toml"
    path.write_text(dumps(commands.withdraw(qualifying_event(), 3, 4)), encoding="utf-8")
    assert tied_in(refused("top", str(path))) == {2, 4, 5, 6}
    out = ok("top", str(path), "--lots")
    assert out.startswith("player 3 (Player 03) of table 1 withdrew: left out of the top")


# -- --after-round on several tables -----------------------------------------------------------------------


def test_standings_after_round_works_on_an_event_of_several_tables(tmp_path):
    e = swiss(16, rounds=3, tables=2)
    path = tmp_path / "two.toml"
    path.write_text(dumps(e), encoding="utf-8")
    doc = json.loads(ok("standings", str(path), "--after-round", "2", "--format", "json"))
    assert doc["after_round"] == 2 and len(doc["rows"]) == 16
    # after round 2 each player has played 2 games: his points are his wins among them (the smaller id wins)
    got = {r["id"]: Fraction(str(r["points"])) for r in doc["rows"]}
    assert got == {r.id: r.points for t in (1, 2) for r in standings(e, table=t, after_round=2)}
    assert all(p <= 2 for p in got.values()) and max(got.values()) == 2
    assert "round 4 has not been paired" in refused("standings", str(path), "--after-round", "4")
    assert ok("standings", str(path), "--after-round", "2", "--table", "2").startswith(
        "Final Test: standings after round 2")
