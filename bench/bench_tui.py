"""Time a result key in the TUI at venue scale: 1000 players, one table, a round of 500 boards in progress.

The event has `played` rounds with random pairings without rematches and
random results, then the current round paired the same way with no results.
The TUI runs headless (`App.run_test`) at 160x48, where the round and the
standings stand side by side, so every result must update the round panel,
the standings and the status line. For each of `presses` key presses (`1`
on the board under the cursor) it measures:

* handler: from the key event posted to the app until the result is in the
  event file (its stamp changed) and the round row, the standings rows of the
  two players and the status line show it (polled between event-loop turns);
* painted: the same until Textual has also painted the screen with it (a
  compositor refresh after the handler, and nothing left to lay out or paint);
* press: `await pilot.press("1")` as a test sees it (Textual's own idle waits
  of at least 2 x 20 ms and the repaint included).

After the run the file is loaded once and every result checked. Prints the
median and the max of both. Run:

    .venv/bin/python bench/bench_tui.py [players] [played rounds] [presses] [--profile | --profile-press]
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from textual import events  # noqa: E402

from core import commands  # noqa: E402
from core.model import Game, Player, Round  # noqa: E402
from core.results import Result  # noqa: E402
from core.store import create, load  # noqa: E402
from core.store.files import Stamp  # noqa: E402
from tui.app import ArbiterApp  # noqa: E402

TIEBREAKS = ("BH-C1", "BH", "SB", "WIN")


def random_round(rng: random.Random, ids: list[int], met: set[frozenset[int]]) -> list[tuple[int, int]]:
    """Random pairs with no rematch (shuffle, then greedy; start again on a dead end)."""
    while True:
        pool = ids[:]
        rng.shuffle(pool)
        pairs = []
        while pool:
            a = pool.pop()
            for i in range(len(pool) - 1, -1, -1):
                if frozenset((a, pool[i])) not in met:
                    pairs.append((a, pool.pop(i)))
                    break
            else:
                break
        if not pool and len(pairs) * 2 == len(ids):
            return pairs


def big_event(n: int = 1000, played: int = 5, planned: int = 9):
    rng = random.Random(2026)
    e = commands.new_event("Bench Open", planned, tiebreaks=TIEBREAKS, lots_seed=1)
    players = tuple(Player(i, f"Player {i:04d}, Name", rating=rng.randint(1000, 2800), club=f"Club {i % 50}")
                    for i in range(1, n + 1))
    e = e.__class__(**{**e.__dict__, "players": players})
    ids = [p.id for p in players]
    met: set[frozenset[int]] = set()
    results = [Result.FIRST_WINS, Result.DRAW, Result.SECOND_WINS]
    for r in range(1, played + 2):
        pairs = random_round(rng, ids, met)
        met.update(frozenset(p) for p in pairs)
        games = tuple(Game(b, a, c, rng.choice(results) if r <= played else None, by="anna")
                      for b, (a, c) in enumerate(pairs, start=1))
        e = e.with_round(Round("swiss", r, games))
    return e


def cell_text(table, key: str, col: int) -> str:
    cells = table._cells.get(key)
    return cells[col][0] if cells else ""


async def run(path: Path, presses: int, size: tuple[int, int], profile: bool) -> tuple[list[float], list[float]]:
    app = ArbiterApp(path, lang="en", user="bench", poll_interval=0, presence=False)
    handler: list[float] = []
    painted: list[float] = []
    pressed: list[float] = []
    entered: dict[int, Result] = {}
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        main = app.main
        assert main.wide, "the bench wants the wide layout (round and standings side by side)"
        rt = main.query_one("#round-table")
        st = main.query_one("#standings-table")
        status = main.query_one("#status")
        paints: list[float] = []
        real_refresh = main._compositor_refresh

        def counted_refresh() -> None:  # every frame Textual paints
            real_refresh()
            paints.append(time.perf_counter())

        main._compositor_refresh = counted_refresh

        def clean() -> bool:
            return not (main._layout_required or main._repaint_required or main._dirty_widgets
                        or main._scroll_required)
        prof = None
        if profile:
            import cProfile

            prof = cProfile.Profile()
        for i in range(presses):
            board = main.selected_board()
            g = main.shown_round().game(board)
            stamp = Stamp.of(path)
            missing_before = main.current_round().missing
            pts_a, pts_b = cell_text(st, str(g.first), 3), cell_text(st, str(g.second), 3)
            status_before = str(status.render())

            def done() -> bool:
                return (cell_text(rt, str(board), 3) == "1-0" and Stamp.of(path) != stamp
                        and str(status.render()) != status_before
                        and f"{missing_before - 1} missing" in str(status.render()))

            if i % 2 == 0:  # the handler's time: post the key, spin the loop until everything shows it
                if prof and "--profile-press" not in sys.argv:
                    prof.enable()
                t0 = time.perf_counter()
                app._driver.send_message(events.Key("1", "1"))
                while not done():
                    await asyncio.sleep(0)
                    if time.perf_counter() - t0 > 10:
                        raise SystemExit(f"board {board}: not updated after 10 s")
                t1 = time.perf_counter()
                handler.append(t1 - t0)
                while not (paints and paints[-1] > t1 and clean()):
                    await asyncio.sleep(0.001)
                painted.append(paints[-1] - t0)
                if prof:
                    prof.disable()
                await pilot.pause()
            else:  # as a test sees it
                if prof and "--profile-press" in sys.argv:
                    prof.enable()
                t0 = time.perf_counter()
                await pilot.press("1")
                if prof and "--profile-press" in sys.argv:
                    prof.disable()
                assert done(), f"board {board}: not updated after pilot.press"
                pressed.append(time.perf_counter() - t0)
            entered[board] = Result.FIRST_WINS
        if prof:
            import pstats

            pstats.Stats(prof).sort_stats("cumulative").print_stats(35)
    rnd = load(path).rounds[-1]
    for b, res in entered.items():
        assert rnd.game(b).result is res, f"board {b} not saved"
    return handler, painted, pressed


def ms(xs: list[float]) -> str:
    return f"median {statistics.median(xs) * 1000:6.1f} ms, max {max(xs) * 1000:6.1f} ms (n={len(xs)})"


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    profile = "--profile" in sys.argv or "--profile-press" in sys.argv
    n = int(args[0]) if args else 1000
    played = int(args[1]) if len(args) > 1 else 5
    presses = int(args[2]) if len(args) > 2 else 60
    t = time.perf_counter()
    e = big_event(n, played)
    build = time.perf_counter() - t
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.toml"
        create(path, e)
        rnd = e.rounds[-1]
        print(f"event: {n} players, {played} rounds played, round {rnd.number} of {len(rnd.games)} boards in progress,"
              f" tie-breaks {', '.join(TIEBREAKS)} (built in {build:.1f} s)")
        handler, painted, pressed = asyncio.run(run(path, presses, (160, 48), profile))
        print(f"key -> file saved + round, standings, status updated (handler): {ms(handler)}")
        print(f"key -> the same, and the screen painted with it:                {ms(painted)}")
        print(f"await pilot.press('1') (with Textual's idle waits, >= 40 ms):   {ms(pressed)}")


if __name__ == "__main__":
    main()
