"""Time the end of an event at venue scale: the final ranking, a category's list and the prize list.

The event is bench_standings.py's (2000 players, 11 rounds, byes, withdrawals, late entries, forfeits),
on one table, or dealt to several tables (`--tables 4`: the final ranking merges them), with two
categories and twelve prizes (money, category prizes, Hort sharing). Prints the median of several
runs of:

- `core.tiebreaks.standings.standings(event)` (for comparison: what the TUI's `s` computes),
- `core.final.ranking.final_ranking(event)` (what `standings --final` and the TUI's `F` compute),
- `core.final.prizes.prize_list(event)` (it computes the ranking too),
- the text of the final ranking (`core.formats.final.final_printout`).

    .venv/bin/python bench/bench_final.py [players] [rounds] [--tables T]
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_standings import big_event, timed  # noqa: E402

from arbiter_tournament.core.event.model import Category, Prize, Round  # noqa: E402


def dealt(e, tables: int):
    """The same players and games, each player at table (id mod tables), each table's games its own."""
    if tables < 2:
        return e
    players = tuple(replace(p, table=1 + p.id % tables) for p in e.players)
    table_of = {p.id: p.table for p in players}
    rounds = []
    for r in e.rounds:
        for t in range(1, tables + 1):
            games = [g for g in r.games if table_of[g.first] == t and (g.second is None or table_of[g.second] == t)]
            rounds.append(Round("swiss", r.number, tuple(replace(g, board=k) for k, g in enumerate(games, 1)), t))
    return replace(e, tables=tables, players=players, rounds=tuple(rounds))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("players", nargs="?", type=int, default=2000)
    ap.add_argument("rounds", nargs="?", type=int, default=11)
    ap.add_argument("--tables", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()
    from arbiter_tournament.core.final.prizes import prize_list
    from arbiter_tournament.core.final.ranking import final_ranking
    from arbiter_tournament.core.formats.final import final_printout
    from arbiter_tournament.core.tiebreaks.standings import standings

    e = dealt(big_event(a.players, a.rounds), a.tables)
    e = replace(e, prize_sharing="hort", categories=(Category("Under 1600", rating_below=1600),
                                                     Category("Club 7", club="Club 7")),
                prizes=tuple(Prize(f"{k}.", Fraction(1000 // k)) for k in range(1, 11))
                + (Prize("Best under 1600", Fraction(150), "Under 1600"), Prize("Best of Club 7", Fraction(80), "Club 7")))
    print(f"event: {len(e.players)} players, {a.rounds} rounds, {e.tables} table(s), "
          f"{sum(len(r.games) for r in e.rounds)} boards; 2 categories, {len(e.prizes)} prizes (Hort)")
    txt, _ = timed(lambda: [standings(e, table=t) for t in e.table_ids()], a.repeat)
    print(f"{'standings of every table:':<36}{txt}")
    txt, fr = timed(lambda: final_ranking(e), a.repeat)
    print(f"{'final_ranking(event):':<36}{txt}  [{len(fr.pending)} ties waiting for a lot]")
    txt, _ = timed(lambda: prize_list(e), a.repeat)
    print(f"{'prize_list(event):':<36}{txt}")
    txt, _ = timed(lambda: final_printout(e, "en"), a.repeat)
    print(f"{'final_printout (text):':<36}{txt}")


if __name__ == "__main__":
    main()
