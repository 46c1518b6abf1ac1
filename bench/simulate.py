"""Simulated events: players with ratings, rounds paired by arbiter, results drawn from the ratings.

Used by the benchmarks (big events) and to make saves/demo.toml:

    python bench/simulate.py demo            # rewrite saves/demo.toml
    python bench/simulate.py finished OUT.toml   # the demo played to its champion
    python bench/simulate.py open N [ROUNDS [PLAYED [SEED]]] > open.trf   # a big open (below) as a TRF

`open_event` makes a big open as a judge runs one: requested half-point byes,
withdrawals and forfeits, every round paired by arbiter (`core.pairing`) from
the rounds before it; bench/bench_perf.py pairs its rounds again.

Tests read names and values of the committed saves/demo.toml (it was made
before the name lists below were matched by gender): rewriting the demo
means updating those tests.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from arbiter_tournament.core.event import commands  # noqa: E402
from arbiter_tournament.core.pairing import rounds as pairing  # noqa: E402
from arbiter_tournament.core.event.model import Event  # noqa: E402
from arbiter_tournament.core.event.results import Result  # noqa: E402

MEN = ["Ivan", "Pavel", "Dmitry", "Sergey", "Alexei", "John", "Nikolai", "Mikhail", "Andrei", "Peter"]
WOMEN = ["Anna", "Olga", "Elena", "Maria", "Irina", "Emma", "Tatiana", "Sofia", "Yulia", "Laura"]
SURNAMES = [("Ivanov", "Ivanova"), ("Smirnov", "Smirnova"), ("Kuznetsov", "Kuznetsova"), ("Popov", "Popova"),
            ("Sokolov", "Sokolova"), ("Lebedev", "Lebedeva"), ("Kozlov", "Kozlova"), ("Novikov", "Novikova"),
            ("Morozov", "Morozova"), ("Volkov", "Volkova"), ("Orlov", "Orlova"), ("Pavlov", "Pavlova"),
            ("Smith", "Smith"), ("Brown", "Brown"), ("Miller", "Miller"), ("Wilson", "Wilson")]
CLUBS = ["Dynamo", "Spartak", "Lokomotiv", "Rooks", "Knights", "Castle", "Zenit", ""]


def make_event(n: int, *, tables: int = 1, rounds: int = 9, seed: int = 1, name: str = "Simulated Open",
               sizes: list[int] | None = None, **kw) -> Event:
    rng = random.Random(seed)
    e = commands.new_event(name, rounds, tables=tables, lots_seed=seed, **kw)
    sizes = sizes or [n // tables + (1 if t < n % tables else 0) for t in range(tables)]
    table_of = [t + 1 for t, size in enumerate(sizes) for _ in range(size)]
    rng.shuffle(table_of)
    used = set()
    for i in range(n):
        while True:
            he, she = rng.choice(SURNAMES)
            nm = f"{he}, {rng.choice(MEN)}" if rng.random() < 0.6 else f"{she}, {rng.choice(WOMEN)}"
            if nm not in used or len(used) > len(SURNAMES) * 10:
                break
        if nm in used:
            nm = f"{nm} {i}"
        used.add(nm)
        e = commands.add_player(e, nm, rating=rng.randint(1200, 2500), club=rng.choice(CLUBS),
                                table=table_of[i] if tables > 1 else None)
    return e


def draw_result(rng: random.Random, ra: int, rb: int) -> Result:
    expected = 1 / (1 + 10 ** ((rb - ra) / 400))
    draw = 0.25
    x = rng.random()
    if x < expected - draw / 2:
        return Result.FIRST_WINS
    if x < expected + draw / 2:
        return Result.DRAW
    return Result.SECOND_WINS


def play_round(e: Event, rng: random.Random, table: int | None = None, *, forfeits: float = 0.0,
               leave_missing: int = 0) -> Event:
    rnd = e.rounds_of("swiss", table)[-1]
    games = []
    open_games = [g.board for g in rnd.games if g.second is not None]
    skip = set(rng.sample(open_games, min(leave_missing, len(open_games))))
    for g in rnd.games:
        if g.second is None or g.result is not None or g.board in skip:
            games.append(g)
            continue
        if rng.random() < forfeits:
            res = rng.choice([Result.FORFEIT_FIRST_WINS, Result.FORFEIT_SECOND_WINS])
        else:
            res = draw_result(rng, e.player(g.first).rating, e.player(g.second).rating)
        games.append(replace(g, result=res, by="sim"))
    return e.with_round(replace(rnd, games=tuple(games)))


def simulate(e: Event, rounds: int, seed: int = 1, **kw) -> Event:
    rng = random.Random(seed)
    for _ in range(rounds):
        for t in e.table_ids():
            e = pairing.pair_next(e, t)
            e = play_round(e, rng, t, **kw)
    return e


def open_event(n: int, rounds: int = 9, played: int | None = None, seed: int = 1, *, byes: float = 1 / 40,
               retire: float = 1 / 20, forfeits: float = 1 / 15) -> Event:
    """An open of `n` players and `rounds` rounds, `played` of them (default all) paired by arbiter and
    played. Before round 1, each player asks for a half-point bye in each round with probability
    `byes`; one player in 1/`retire` withdraws from a round drawn in 2..rounds; each game is
    forfeited with probability `forfeits` (one side, drawn), otherwise its result is drawn from
    the ratings."""
    rng = random.Random(seed)
    e = make_event(n, rounds=rounds, seed=seed, name=f"Simulated Open {n}")
    for p in list(e.players):
        if rng.random() < retire:
            e = commands.withdraw(e, p.id, rng.randint(2, rounds))
        for k in range(1, rounds + 1):
            if rng.random() < byes and e.player(p.id).available(k):
                e = commands.request_bye(e, p.id, k, "half")
    for _ in range(rounds if played is None else played):
        e = pairing.pair_next(e)
        e = play_round(e, rng, forfeits=forfeits)
    return e


def open_trf(t):
    """The TRF of an open with every round a player was not paired in written `0000 - Z`: the
    export leaves a withdrawn player's rounds blank, and blank blocks at the end of a line are
    nothing, so the file would have him paired again in the next round."""
    from arbiter_tournament.core.event.records import Outcome, RoundRecord

    played = max(j for p in t.players for j, r in enumerate(p.records, 1) if r.outcome.paired)
    for p in t.players:
        recs = [RoundRecord(Outcome.ZERO_BYE) if r.outcome is Outcome.ABSENT else r for r in p.records]
        p.records = recs + [RoundRecord(Outcome.ZERO_BYE)] * (played - len(recs))
    return t


def demo() -> Event:
    e = make_event(38, tables=4, rounds=5, seed=704, name="Demo Open (seed 000, 704.2)", sizes=[9, 10, 9, 10],
                   top=16, third_place=True, tiebreaks=("BH-C1", "BH", "SB", "WIN"))
    e = replace(e, start="2026-11-28", end="2026-11-30")
    e = simulate(e, 3, seed=704)
    rng = random.Random(7042)
    for t in e.table_ids():
        e = pairing.pair_next(e, t)
        e = play_round(e, rng, t, leave_missing=2)
    return e


def play_top(e: Event, rng: random.Random) -> Event:
    """Every top game to the champion (and the third-place match), results drawn from the ratings."""
    from arbiter_tournament.core.knockout import stage as top

    while True:
        rnd = e.rounds_of("top")[-1]
        open_games = [g for g in rnd.games if g.result is None]
        if not open_games:
            return e
        g = open_games[0]
        e = top.record_top_result(e, rnd.number, g.board,
                                  draw_result(rng, e.player(g.first).rating, e.player(g.second).rating))


def finished_demo() -> Event:
    """The demo played to its end: the rest of round 4, round 5 on every table, the top of 16 to its champion."""
    from arbiter_tournament.core.knockout import stage as top

    e = demo()
    rng = random.Random(7043)
    for t in e.table_ids():
        e = play_round(e, rng, t)
        e = pairing.pair_next(e, t)
        e = play_round(e, rng, t)
    e = top.start_top(e, lots=True)
    return play_top(e, rng)


if __name__ == "__main__":
    if sys.argv[1:] == ["demo"]:
        from arbiter_tournament.core.store import dumps

        (ROOT / "saves" / "demo.toml").write_text(dumps(demo()), encoding="utf-8")
        print("wrote saves/demo.toml")
    elif sys.argv[1:2] == ["open"] and 3 <= len(sys.argv) <= 6:
        from arbiter_tournament.core.formats.trf import write_trf
        from arbiter_tournament.core.formats.trf_event import event_to_trf

        n, rounds, played, seed = (list(map(int, sys.argv[2:])) + [9, 0, 1][len(sys.argv) - 3:])
        sys.stdout.write(write_trf(open_trf(event_to_trf(open_event(n, rounds, played or None, seed)))))
    elif sys.argv[1:2] == ["finished"] and len(sys.argv) == 3:
        from arbiter_tournament.core.store import dumps

        Path(sys.argv[2]).write_text(dumps(finished_demo()), encoding="utf-8")
        print(f"wrote {sys.argv[2]}: the demo played to its champion")
    else:
        sys.exit(__doc__)
