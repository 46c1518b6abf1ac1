"""Time the standings with tie-breaks at venue scale: 2000 players, 11 rounds.

The event is a Swiss built without the Dutch engine (too slow for 2000 x 11 and
beside the point here): each round the available players are sorted by score
(random order inside a score) and paired greedily with the next one they have
not met. It has what real events have: a pairing-allocated bye when the count
is odd, requested half- and zero-point byes (more of them in the last rounds),
withdrawals, late entries, forfeits and a few double forfeits. Results are
drawn from the ratings.

Prints the time of `core.tiebreaks.standings.standings(event)` (histories from the
event file's games + ranking) and of `core.tiebreaks.ranking.rank(...)` alone, median
of several runs, for the tie-break list below. Run:

    .venv/bin/python bench/bench_standings.py [players] [rounds] [codes]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arbiter_tournament.core.event.model import Event, Game, Player, Round  # noqa: E402
from arbiter_tournament.core.event.results import Result  # noqa: E402

CODES = ("BH-C1", "BH", "SB", "PS", "WIN", "ARO")


def _result(rng: random.Random, ra: int, rb: int) -> Result:
    x = rng.random()
    if x < 0.015:
        return Result.FORFEIT_FIRST_WINS
    if x < 0.03:
        return Result.FORFEIT_SECOND_WINS
    if x < 0.033:
        return Result.DOUBLE_FORFEIT
    expected = 1 / (1 + 10 ** ((rb - ra) / 400))
    y = rng.random()
    if y < expected - 0.125:
        return Result.FIRST_WINS
    if y < expected + 0.125:
        return Result.DRAW
    return Result.SECOND_WINS


_POINTS = {
    Result.FIRST_WINS: (2, 0), Result.SECOND_WINS: (0, 2), Result.DRAW: (1, 1),
    Result.FORFEIT_FIRST_WINS: (2, 0), Result.FORFEIT_SECOND_WINS: (0, 2), Result.DOUBLE_FORFEIT: (0, 0),
}


def big_event(n: int = 2000, rounds: int = 11, seed: int = 1, codes=CODES) -> Event:
    rng = random.Random(seed)
    players = []
    for i in range(1, n + 1):
        late = rng.choice((2, 3)) if rng.random() < 0.02 else None
        gone = rng.randint(3, rounds) if rng.random() < 0.03 else None
        byes = {}
        for r in range(1, rounds + 1):
            if (late and r < late) or (gone and r >= gone):
                continue
            if rng.random() < (0.02 if r < rounds - 1 else 0.06):
                byes[r] = "half" if rng.random() < 0.8 else "zero"
        players.append(Player(i, f"Player {i:05d}", rating=rng.randint(1000, 2800), club=f"Club {i % 50}",
                              late_from=late, withdrawn_from=gone, byes=tuple(sorted(byes.items()))))
    e = Event("Standings bench", rounds, tiebreaks=tuple(codes), lots_seed=seed, players=tuple(players))
    rating = {p.id: p.rating for p in players}
    score = {p.id: 0 for p in players}  # half points
    met: dict[int, set[int]] = {p.id: set() for p in players}
    for r in range(1, rounds + 1):
        for p in players:
            kind = p.requested_bye(r)
            if kind:
                score[p.id] += {"half": 1, "zero": 0, "full": 2}[kind]
        pool = [p.id for p in players if p.available(r)]
        rng.shuffle(pool)
        pool.sort(key=lambda pid: -score[pid])
        games = []
        if len(pool) % 2:
            # the PAB: the lowest player who has not had one (approximately)
            bye = pool.pop()
            score[bye] += 2
            bye_game = Game(0, bye, None, Result.BYE)
        else:
            bye_game = None
        left = pool
        while left:
            a = left[0]
            j = next((k for k in range(1, len(left)) if left[k] not in met[a]), 1)
            b = left[j]
            left = left[1:j] + left[j + 1:]
            met[a].add(b)
            met[b].add(a)
            if rng.random() < 0.5:
                a, b = b, a
            res = _result(rng, rating[a], rating[b])
            pa, pb = _POINTS[res]
            score[a] += pa
            score[b] += pb
            games.append((a, b, res))
        board = [Game(k, a, b, res) for k, (a, b, res) in enumerate(games, 1)]
        if bye_game:
            board.append(replace(bye_game, board=len(board) + 1))
        e = e.with_round(Round("swiss", r, tuple(board)))
    return e


def timed(fn, repeat: int = 7) -> tuple[str, object]:
    """Median wall time, its minimum and the median CPU time of the process (the
    machine is shared: CPU time moves less with the load), in ms."""
    wall, cpu = [], []
    out = None
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        out = fn()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - t)
    ms = statistics.median(wall) * 1000
    return f"{ms:8.1f} ms  (min {min(wall) * 1000:.1f}, CPU {statistics.median(cpu) * 1000:.1f})", out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("players", nargs="?", type=int, default=2000)
    ap.add_argument("rounds", nargs="?", type=int, default=11)
    ap.add_argument("codes", nargs="?", default=",".join(CODES), help="comma list of tie-break codes")
    ap.add_argument("--repeat", type=int, default=7)
    a = ap.parse_args()
    n, rounds, codes = a.players, a.rounds, tuple(a.codes.split(","))
    from arbiter_tournament.core.tiebreaks.ranking import rank
    from arbiter_tournament.core.tiebreaks.standings import stage_histories, standings, tiebreak_context

    t = time.perf_counter()
    e = big_event(n, rounds, codes=codes)
    built = (time.perf_counter() - t) * 1000
    hist = stage_histories(e, None, rounds)
    groups: dict = {}
    for h in hist:
        groups.setdefault(h.score(e.scoring), 0)
        groups[h.score(e.scoring)] += 1
    print(f"event: {n} players, {rounds} rounds, {sum(len(r.games) for r in e.rounds)} boards, "
          f"{len(groups)} score groups (largest {max(groups.values())}), built in {built:.0f} ms")
    print(f"tie-breaks: {', '.join(codes)}")
    txt, _ = timed(lambda: stage_histories(e, None, rounds), a.repeat)
    print(f"{'histories from the games:':<44}{txt}")
    txt, rows = timed(lambda: rank(tiebreak_context(e, hist, rounds, "swiss"), list(codes), lots_seed=e.lots_seed),
                      a.repeat)
    tied = sum(1 for r in rows if r.by_lot)
    print(f"{'core.tiebreaks.ranking.rank:':<44}{txt}  [{tied} players placed by lot]")
    txt, _ = timed(lambda: standings(e), a.repeat)
    print(f"{'core.tiebreaks.standings.standings(event):':<44}{txt}")


if __name__ == "__main__":
    main()
