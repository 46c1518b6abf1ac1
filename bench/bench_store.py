"""Time the event file at venue scale: 2000 players, 11 rounds played.

Prints: the file size, load (read + parse + check), save (text + atomic
write with fsync), one result change through `EventFile.change` (lock,
reload check, apply, save, journal) with the event already loaded (the TUI),
and the same from a cold start (the command line). Run:

    .venv/bin/python bench/bench_store.py [players] [rounds]
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core import commands  # noqa: E402
from core.model import Game, Round  # noqa: E402
from core.results import Result  # noqa: E402
from core.store import EventFile, create, dumps, load, loads  # noqa: E402


def big_event(n: int, rounds: int):
    rng = random.Random(1)
    e = commands.new_event("Bench Open", rounds)
    for i in range(1, n + 1):
        e = commands.add_player(e, f"Player {i:05d}, Name", rating=rng.randint(1000, 2800), club=f"Club {i % 50}")
    ids = [p.id for p in e.players]
    results = [Result.FIRST_WINS, Result.DRAW, Result.SECOND_WINS]
    for r in range(1, rounds + 1):
        rng.shuffle(ids)
        games = tuple(Game(b, ids[2 * b - 2], ids[2 * b - 1], rng.choice(results) if r < rounds else None, by="anna")
                      for b in range(1, n // 2 + 1))
        e = e.with_round(Round("swiss", r, games))
    return e


def timed(fn, repeat: int = 7) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 11
    e = big_event(n, rounds)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.toml"
        create(path, e)
        text = path.read_text()
        print(f"event: {n} players, {rounds} rounds, {len(text) / 1024:.0f} KiB, {text.count(chr(10))} lines")
        print(f"load (read, parse, check):   {timed(lambda: load(path)):7.1f} ms")
        print(f"  of which TOML parse + check: {timed(lambda: loads(text)):7.1f} ms")
        from core.store import codec

        def cold_dumps():
            codec._CACHE.clear()
            dumps(e)

        print(f"dumps, every round written:  {timed(cold_dumps):7.1f} ms")
        print(f"dumps, unchanged rounds kept: {timed(lambda: dumps(e)):7.1f} ms")
        ef = EventFile(path)
        ef.load()
        boards = iter(range(1, n // 2 + 1))

        def change():
            b = next(boards)
            ef.change(lambda ev: commands.record_result(ev, "swiss", None, rounds, b, Result.DRAW, by="bench"),
                      f"board {b}")

        print(f"one change, event in memory (TUI): {timed(change, 15):7.1f} ms  (lock, reload check, apply, save+fsync, journal)")

        def cold():
            b = next(boards)
            EventFile(path).change(
                lambda ev: commands.record_result(ev, "swiss", None, rounds, b, Result.DRAW, by="bench"), f"board {b}")

        print(f"one change, cold (command line):   {timed(cold, 7):7.1f} ms  (the same plus load)")


if __name__ == "__main__":
    main()
