"""Events played to their end, for the tests of the final ranking, categories and prizes (issue 23).

Results are decided by a rule, not drawn: in the Swiss rounds the player with the smaller id wins
(so the ranking is known), in the top the player earlier in a preference list wins.
"""

from __future__ import annotations

from dataclasses import replace

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.knockout import stage as top
from arbiter_tournament.core.pairing import rounds as pairing

# ids 1..12; ids 3, 5, 8, 10, 12 are under 2000
RATINGS = [2400, 2350, 1900, 2300, 1950, 2250, 2200, 1800, 2150, 1700, 2100, 1600]


def smaller_id_wins(e: Event, stage: str = "swiss", table: int | None = None) -> Event:
    """Every open game of the stage's (table's) last round: the smaller id wins."""
    rnd = e.rounds_of(stage, table)[-1]
    games = []
    for g in rnd.games:
        if g.second is None or g.result is not None:
            games.append(g)
            continue
        games.append(replace(g, result=Result.FIRST_WINS if g.first < g.second else Result.SECOND_WINS))
    return e.with_round(replace(rnd, games=tuple(games)))


def swiss(n: int = 12, *, rounds: int = 4, top_size: int = 0, third_place: bool = False, tables: int = 1,
          ratings: list[int] | None = None, **kw) -> Event:
    """n players (ratings RATINGS, else 2000 - 10 * id), every Swiss round played: the smaller id wins."""
    e = commands.new_event("Final Test", rounds, top=top_size, third_place=third_place, tables=tables,
                           tiebreaks=("BH-C1", "BH", "SB"), lots_seed=5, **kw)
    ratings = ratings or (RATINGS if n == len(RATINGS) else [2000 - 10 * i for i in range(1, n + 1)])
    for i, r in enumerate(ratings, 1):
        e = commands.add_player(e, f"Player {i:02d}", rating=r, table=None if tables == 1 else 1 + (i - 1) % tables)
    for _ in range(rounds):
        for t in e.table_ids():
            e = pairing.pair_next(e, t)
            e = smaller_id_wins(e, "swiss", t)
    return e


def play_top(e: Event, preference: list[int], *, agreed: bool = False) -> Event:
    """Every top game to the end: the player earlier in `preference` wins (`agreed`: by agreement, 704.4)."""
    while True:
        rnd = e.rounds_of("top")[-1]
        open_games = [g for g in rnd.games if g.result is None]
        if not open_games:
            return e
        g = open_games[0]
        first_wins = preference.index(g.first) < preference.index(g.second)
        res = (Result.parse("1-0a" if first_wins else "0-1a") if agreed
               else Result.FIRST_WINS if first_wins else Result.SECOND_WINS)
        e = top.record_top_result(e, rnd.number, g.board, res)


def twelve_with_top() -> Event:
    """The issue's event: 12 players, 4 Swiss rounds, a top of 4 with a third-place match, played to its
    end: seeds 1, 2, 3, 5; the semi-finals 1-5 and 2-3; 1 beats 2 in the final, 3 beats 5 for third."""
    e = top.start_top(swiss(12, top_size=4, third_place=True))
    return play_top(e, list(range(1, 13)))
