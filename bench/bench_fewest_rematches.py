"""Time the fewest-rematches pairing (core/swiss/rematches.py): its weighted matching, and the whole
round when no pairing without a rematch exists.

1. `fewest_rematches(request)` alone (the matching over every pair the other rules allow) on random
   fields of N players after R random rounds (a pairing without a rematch exists there, so this is the
   matching's cost, not the Dutch engine's).
2. `pair_fewest_rematches` on N players in two halves of odd size whose first N/2 rounds paired every
   player of one half with every player of the other (the triangles of issue 33, made bigger): no
   pairing without a rematch exists, the matching finds one rematch, the Dutch engine pairs the round.

(Not 50 players after 25 such rounds: the Dutch engine's search of that one sparse bracket takes about a
minute and 3 GB, docs/pairing.md "Known limits".) CPU time (`time.process_time`), median of 3 runs. Run:

    .venv/bin/python bench/bench_fewest_rematches.py [sizes, default 100,300,1000]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arbiter_tournament.core.event.records import Outcome, PlayerHistory, RoundRecord  # noqa: E402
from arbiter_tournament.core.swiss import PairingRequest  # noqa: E402
from arbiter_tournament.core.swiss.rematches import fewest_rematches, pair_fewest_rematches  # noqa: E402

RESULTS = [(Outcome.WIN, Outcome.LOSS), (Outcome.DRAW, Outcome.DRAW), (Outcome.LOSS, Outcome.WIN)]


def request(recs: dict, rounds: int) -> PairingRequest:
    return PairingRequest(players=[PlayerHistory(i, 2500 - i, f"P{i}", tuple(recs[i])) for i in sorted(recs)],
                          total_rounds=rounds + 3)


def random_field(n: int, rounds: int, seed: int = 1) -> PairingRequest:
    rnd = random.Random(seed)
    recs = {i: [] for i in range(1, n + 1)}
    for _ in range(rounds):
        order = list(range(1, n + 1))
        rnd.shuffle(order)
        for i in range(0, n - 1, 2):
            a, b = order[i], order[i + 1]
            ra, rb = rnd.choice(RESULTS)
            recs[a].append(RoundRecord(ra, b, "w"))
            recs[b].append(RoundRecord(rb, a, "b"))
    return request(recs, rounds)


def two_halves(n: int) -> PairingRequest:
    """n = 2h, h odd: rounds 1..h pair half A with half B (a Latin square), all drawn, colours alternating."""
    h = n // 2
    recs = {i: [] for i in range(1, n + 1)}
    for k in range(h):
        for i in range(h):
            a, b = 1 + i, 1 + h + (i + k) % h
            wa = "w" if (k + i) % 2 == 0 else "b"
            recs[a].append(RoundRecord(Outcome.DRAW, b, wa))
            recs[b].append(RoundRecord(Outcome.DRAW, a, "b" if wa == "w" else "w"))
    return request(recs, h)


def cpu(fn) -> float:
    times = []
    for _ in range(3):
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
    return statistics.median(times)


def main() -> None:
    sizes = [int(x) for x in (sys.argv[1] if len(sys.argv) > 1 else "100,300,1000").split(",")]
    for n in sizes:
        req = random_field(n, 5)
        print(f"{n} players after 5 random rounds: the matching {cpu(lambda: fewest_rematches(req)):.2f} s CPU")
    for n in (6, 18, 30):
        req = two_halves(n)
        pairing, used = pair_fewest_rematches(req)
        print(f"{n} players in two halves after {n // 2} rounds: {len(used)} rematch(es), the round "
              f"{cpu(lambda: pair_fewest_rematches(req)):.2f} s CPU")


if __name__ == "__main__":
    main()
