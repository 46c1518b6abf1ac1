"""Benchmark of the Dutch engine: build 300/1000/2000-player events by pairing
round after round with the engine itself (results drawn at random, weighted by
the rating difference, with a fixed seed), then time the pairing of the last
round and measure its peak memory (tracemalloc).

    .venv/bin/python bench/bench_pairing.py [sizes...] [--rounds R]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arbiter_tournament.core.event.records import Outcome, PlayerHistory, RoundRecord, Scoring  # noqa: E402
from arbiter_tournament.core.swiss import PairingRequest, pair_round  # noqa: E402


def build(n: int, rounds: int, seed: int = 1):
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1000, 2800) for _ in range(n)), reverse=True)
    hist = {i: [] for i in range(1, n + 1)}
    times = []
    for rnd in range(1, rounds + 1):
        req = request(n, hist, ratings, rounds)
        t0 = time.perf_counter()
        pairing = pair_round(req)
        times.append(time.perf_counter() - t0)
        if pairing.bye is not None:
            hist[pairing.bye].append(RoundRecord(Outcome.PAB))
        for w, b in pairing.boards:
            diff = ratings[w - 1] - ratings[b - 1]
            pw = 1 / (1 + 10 ** (-diff / 400))
            x = rng.random()
            if x < pw * 0.8:
                ow, ob = Outcome.WIN, Outcome.LOSS
            elif x < pw * 0.8 + 0.2:
                ow, ob = Outcome.DRAW, Outcome.DRAW
            else:
                ow, ob = Outcome.LOSS, Outcome.WIN
            hist[w].append(RoundRecord(ow, b, "w"))
            hist[b].append(RoundRecord(ob, w, "b"))
    return hist, ratings, times


def request(n, hist, ratings, rounds):
    players = [PlayerHistory(i, ratings[i - 1], f"P{i}", tuple(hist[i])) for i in range(1, n + 1)]
    return PairingRequest(players=players, total_rounds=rounds, scoring=Scoring(), initial_colour="w")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("sizes", nargs="*", type=int, default=[300, 1000, 2000])
    ap.add_argument("--rounds", type=int, default=9)
    args = ap.parse_args()
    print(f"{'players':>8} {'round':>5} {'time (s)':>9} {'peak MiB':>9}  (build: slowest earlier round)")
    for n in args.sizes:
        hist, ratings, times = build(n, args.rounds - 1)
        req = request(n, hist, ratings, args.rounds)
        tracemalloc.start()
        t0 = time.perf_counter()
        pair_round(req)
        dt = time.perf_counter() - t0
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        t1 = time.perf_counter()
        pair_round(req)
        dt2 = time.perf_counter() - t1
        print(f"{n:>8} {args.rounds:>5} {dt2:>9.2f} {peak:>9.1f}  (tracemalloc run {dt:.2f} s; "
              f"slowest earlier round {max(times):.2f} s)", flush=True)
        print(f"{'':>8} per round: " + ", ".join(f"{t:.2f}" for t in times + [dt2]) + " s", flush=True)


if __name__ == "__main__":
    main()
