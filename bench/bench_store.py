"""Time the event file at venue scale: 2000 players, 11 rounds played.

Prints: the file size, load (read + parse + check), the text of the whole
event (cold: nothing written or read before, every part is checked; after a
reload: the event as read from its file, as the command line and the TUI
have it when another judge changed the file; one result changed: one game
and one round to write), one result change through `EventFile.change`
(lock, reload check, apply, save with fsync, journal) with the event already
loaded (the TUI), and the same from a cold start (the command line). Each
figure is the median of several runs, in CPU milliseconds (what the program
computes; the machine is shared) and in wall milliseconds (with the disk's
fsync). Run:

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

from arbiter_tournament.core.event import commands  # noqa: E402
from arbiter_tournament.core.event.model import Game, Round  # noqa: E402
from arbiter_tournament.core.event.results import Result  # noqa: E402
from arbiter_tournament.core.store import EventFile, codec, create, dumps, load, loads  # noqa: E402


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


def timed(fn, repeat: int = 7, setup=None) -> str:
    cpu, wall = [], []
    for _ in range(repeat):
        if setup is not None:
            setup()
        c, w = time.process_time(), time.perf_counter()
        fn()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return f"{statistics.median(cpu) * 1000:7.1f} ms CPU {statistics.median(wall) * 1000:7.1f} ms wall"


def clear() -> None:
    codec.clear_caches()


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 11
    e = big_event(n, rounds)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.toml"
        create(path, e)
        text = path.read_text()
        print(f"event: {n} players, {rounds} rounds, {len(text) / 1024:.0f} KiB, {text.count(chr(10))} lines")
        print(f"load (read, parse, check):     {timed(lambda: load(path))}")
        print(f"  of which TOML parse + check: {timed(lambda: loads(text))}")

        def cold_dumps():
            clear()
            dumps(e)

        print(f"text of the event, cold:       {timed(cold_dumps)}")
        again = loads(text)

        def reload():
            clear()
            loads(text)  # what a reload leaves behind (the values read are known to be valid)

        print(f"text after a reload:           {timed(lambda: dumps(again), setup=reload)}")
        dumps(e)
        last = e.rounds[-1]
        changed = iter([e.with_round(Round(last.stage, last.number, last.games[:k] + (
            Game(k + 1, last.games[k].first, last.games[k].second, Result.DRAW),) + last.games[k + 1:]))
            for k in range(7)])
        print(f"text, one result changed:      {timed(lambda: dumps(next(changed)))}")
        ef = EventFile(path)
        ef.load()
        boards = iter(range(1, n // 2 + 1))

        def change():
            b = next(boards)
            ef.change(lambda ev: commands.record_result(ev, "swiss", None, rounds, b, Result.DRAW, by="bench"),
                      f"board {b}")

        print(f"one change, event in memory (TUI): {timed(change, 15)}  (lock, reload check, apply, save+fsync, "
              "journal)")

        def cold():
            clear()
            b = next(boards)
            EventFile(path).change(
                lambda ev: commands.record_result(ev, "swiss", None, rounds, b, Result.DRAW, by="bench"), f"board {b}")

        print(f"one change, cold (command line):   {timed(cold, 7)}  (the same plus load)")


if __name__ == "__main__":
    main()
