"""Players to tables from the command line: `players import --distribute`, `players distribute` (core.event.seating)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from arbiter_tournament.core.event import seating
from arbiter_tournament.core.store import EventFile, load
from tests.cli_run import run

CLUBS = ("Dynamo", "Rooks", "")


@pytest.fixture
def two_tables(tmp_path):
    path = tmp_path / "cup.toml"
    assert run("new", path, "--name", "Cup", "--rounds", "5", "--tables", "2")[0] == 0
    return path


@pytest.fixture
def no_table_csv(tmp_path):
    csv = tmp_path / "players.csv"
    csv.write_text("name,rating,club\n" + "".join(f'"Player, {i:02d}",{2300 - 17 * i},{CLUBS[i % 3]}\n'
                                                  for i in range(1, 31)), encoding="utf-8")
    return csv


def test_a_csv_without_a_table_column_into_two_tables_says_to_distribute(two_tables, no_table_csv):
    before = two_tables.read_bytes()
    code, out, err = run("players", "import", two_tables, no_table_csv)
    assert code == 2 and err.count("\n") == 1
    assert "30 players have no table and the event has 2 tables" in err and "--distribute rating" in err
    assert two_tables.read_bytes() == before


@pytest.mark.parametrize("how", ["rating", "lots"])
def test_import_with_distribute_deals_them_in_the_same_change(two_tables, no_table_csv, how):
    code, out, err = run("players", "import", two_tables, no_table_csv, "--distribute", how)
    assert code == 0, err
    e = load(two_tables)
    assert Counter(p.table for p in e.players) == {1: 15, 2: 15}
    # exactly what core.event.seating deals from the CSV's rows
    from arbiter_tournament.core.formats import csvio

    rows = csvio.read_players(no_table_csv.read_text(encoding="utf-8"))
    expected = seating.add_and_seat(replace(e, players=()), rows, method=how)
    assert [(p.name, p.table) for p in e.players] == [(p.name, p.table) for p in expected.players]
    assert "imported 30 players" in out and "table 1: 15 players, average rating" in out
    assert len(EventFile(two_tables).history()) == 1  # one change: the import and the seats


def test_distribute_everyone_again_by_lot_dry_run_then_saved(two_tables, no_table_csv):
    assert run("players", "import", two_tables, no_table_csv, "--distribute", "rating")[0] == 0
    by_rating = load(two_tables)
    code, out, err = run("players", "distribute", two_tables)  # nobody without a table
    assert code == 2 and "every player has a table already; --all deals every player again" in err
    code, out, err = run("players", "distribute", two_tables, "--by", "lots", "--all", "--dry-run")
    assert code == 0 and "(not saved: --dry-run)" in out
    assert load(two_tables) == by_rating
    code, out, err = run("players", "distribute", two_tables, "--by", "lots", "--all")
    assert code == 0, err
    e = load(two_tables)
    assert e == seating.seat_players(by_rating, method="lots", everyone=True)
    assert e != by_rating and Counter(p.table for p in e.players) == {1: 15, 2: 15}
    assert EventFile(two_tables).history()[-1].what == "seat players at tables by lot"
    assert run("pair", two_tables)[0] == 0
    code, out, err = run("players", "distribute", two_tables, "--all")
    assert code == 2 and "table 1 has paired a round: players keep their tables" in err


def test_players_move_one_player_before_that_table_pairs(two_tables, no_table_csv):
    """Issue 27.5: one player to another table, journalled; refused once either table has paired a round."""
    assert run("players", "import", two_tables, no_table_csv, "--distribute", "rating")[0] == 0
    e = load(two_tables)
    on1 = [p for p in e.players if p.table == 1]
    mover, stays = on1[0], on1[1]
    code, out, err = run("players", "move", two_tables, mover.id, 2)
    assert code == 0, err
    assert out.splitlines()[0] == f"{mover.name} ({mover.id}) moved from table 1 to table 2"
    assert "table 1: 14 players" in out and "table 2: 16 players" in out
    after = load(two_tables)
    assert after.player(mover.id).table == 2
    assert {p.id: p.table for p in after.players if p.id != mover.id} == {
        p.id: p.table for p in e.players if p.id != mover.id}
    assert EventFile(two_tables).history()[-1].what == f"move player {mover.id} to table 2"
    for args, said in (((mover.id, 2), f"({mover.id}) is at table 2 already"),
                       ((mover.id, 3), "there is no table 3: the event has tables 1 to 2"),
                       ((999, 1), "no player with id 999")):
        before = two_tables.read_bytes()
        code, out, err = run("players", "move", two_tables, *args)
        assert code == 2 and said in err and err.count("\n") == 1
        assert two_tables.read_bytes() == before
    assert run("pair", two_tables, "--table", "1")[0] == 0
    code, out, err = run("players", "move", two_tables, stays.id, 2)
    assert code == 2 and "table 1 has paired a round: players keep their tables" in err
    code, out, err = run("players", "move", two_tables, mover.id, 1)  # to the paired table
    assert code == 2 and "table 1 has paired a round: players keep their tables" in err
