"""Time a result key in the TUI at venue scale: 1000 players, one table, a round of 500 boards in progress.

The event has `played` rounds with random pairings without rematches and
random results, then the current round paired the same way with no results.
The TUI runs headless (`App.run_test`) at 160x48, where the round and the
standings stand side by side, so every change updates the round panel, the
standings and the status line. Two cases:

1. `presses` results (`1` on the board under the cursor) in the round in
   progress. The standings show the last complete round, so they do not
   move: the TUI must see that (not compute them again) and keep them.
2. The round's last result (the standings move on to this round and are
   computed again), then `u` (undo: they move back), a few times.

For each key it measures:

* updated: from the key event posted to the app until the change is in the
  event file (its stamp changed) and the round row, the status line (and in
  case 2 the standings head) show it (polled between event-loop turns);
* painted: until Textual has also painted the screen with it (a compositor
  refresh after that, with nothing left to lay out or paint);
* and in case 1, 10 more keys through `await pilot.press("1")` as a test
  sees them (Textual's own idle waits of at least 2 x 20 ms included).

After each case the standings panel is compared with `core.tiebreaks.standings` of the
file, and every result entered is checked in the file. Prints the median and
the max. Run:

    .venv/bin/python bench/bench_tui.py [players] [played rounds] [presses] [--profile] [--no-heavy]

A third case (unless --no-heavy): at 80x24, a result key on another table
while a heavy round of the perf corpus (1000 players, round 3) is paired in
the background, against the same keys with nothing under way.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from textual import events  # noqa: E402

from arbiter_tournament.core.event import commands  # noqa: E402
from arbiter_tournament.core.event.model import Game, Player, Round  # noqa: E402
from arbiter_tournament.core.event.results import Result  # noqa: E402
from arbiter_tournament.core.store import create, load  # noqa: E402
from arbiter_tournament.core.store.files import Stamp  # noqa: E402
from arbiter_tournament.tui import compat  # noqa: E402
from arbiter_tournament.tui.app import ArbiterApp  # noqa: E402

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
    cells = table.cells.get(key)
    return cells[col][0] if cells else ""


class Probe:
    """Times one key: until `done()` holds (handler), then until Textual has painted it (painted)."""

    def __init__(self, app, profile: bool) -> None:
        self.app = app
        self.main = main = app.main
        self.paints: list[float] = []
        self.cpu: list[float] = []  # CPU seconds of the process (every thread) from each key until it was painted
        compat.on_paint(main, lambda: self.paints.append(time.perf_counter()))  # every frame Textual paints
        self.prof = None
        if profile:
            import cProfile

            self.prof = cProfile.Profile()

    def clean(self) -> bool:
        return compat.settled(self.main)

    async def key(self, key: str, char: str, done) -> tuple[float, float]:
        if self.prof:
            self.prof.enable()
        t0 = time.perf_counter()
        c0 = time.process_time()
        self.app.post_message(events.Key(key, char))
        painted_before = len(self.paints)
        while not done():
            painted_before = len(self.paints)  # a frame painted from now on may show the change
            await asyncio.sleep(0.0005)  # (not a busy loop: the CPU time counted is the app's)
            if time.perf_counter() - t0 > 10:
                raise SystemExit(f"{key}: the screen was not updated after 10 s")
        t1 = time.perf_counter()
        while not (len(self.paints) > painted_before and self.paints[-1] >= t0 and self.clean()):
            await asyncio.sleep(0.0005)
        t2 = max(t1, self.paints[-1])
        self.cpu.append(time.process_time() - c0)
        if self.prof:
            self.prof.disable()
        return t1 - t0, t2 - t0

    def print_profile(self) -> None:
        if self.prof:
            import pstats

            pstats.Stats(self.prof).sort_stats(sys.argv[sys.argv.index("--sort") + 1] if "--sort" in sys.argv else "cumulative").print_stats(35)


def standings_shown(app) -> list[tuple[str, str, str]]:
    """(rank, id, points) of every row of the standings panel."""
    st = app.main.query_one("#standings-table")
    return [(st.cells[k][0][0], st.cells[k][1][0], st.cells[k][3][0]) for k in st.order]


def standings_of_file(path: Path) -> list[tuple[str, str, str]]:
    from arbiter_tournament.core.event.model import points_text
    from arbiter_tournament.core.tiebreaks.standings import standings

    return [(f"{r.rank}{'=' if r.shared else ''}", str(r.id), points_text(r.points)) for r in standings(load(path))]


async def in_progress(path: Path, presses: int, pilot_presses: int, profile: bool):
    """`1` on the board under the cursor, `presses` times; then `pilot_presses` times through pilot.press."""
    app = ArbiterApp(path, lang="en", user="bench", poll_interval=0, presence=False)
    handler: list[float] = []
    painted: list[float] = []
    pressed: list[float] = []
    entered: list[int] = []
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        main = app.main
        assert main.wide, "the bench wants the wide layout (round and standings side by side)"
        rt = main.query_one("#round-table")
        status = main.query_one("#status")
        probe = Probe(app, profile)
        for i in range(presses + pilot_presses):
            board = main.selected_board()
            stamp = Stamp.of(path)
            missing_before = main.current_round().missing

            def done() -> bool:
                return (cell_text(rt, str(board), 3) == "1-0" and Stamp.of(path) != stamp
                        and f"{missing_before - 1} missing" in str(status.render()))

            if i < presses:
                h, p = await probe.key("1", "1", done)
                handler.append(h)
                painted.append(p)
                await pilot.pause()
            else:  # as a test sees it
                t0 = time.perf_counter()
                await pilot.press("1")
                assert done(), f"board {board}: not updated after pilot.press"
                pressed.append(time.perf_counter() - t0)
            entered.append(board)
        probe.print_profile()
        assert standings_shown(app) == standings_of_file(path), "the standings panel is not what the file says"
    rnd = load(path).rounds[-1]
    for b in entered:
        assert rnd.game(b).result is Result.FIRST_WINS, f"board {b} not saved"
    CPU["in progress"] = probe.cpu[:presses]
    return handler, painted, pressed


async def last_result(path: Path, pairs: int, profile: bool):
    """The round's last result (the standings move on a round), then `u` (they move back), `pairs` times."""
    app = ArbiterApp(path, lang="en", user="bench", poll_interval=0, presence=False)
    complete: list[tuple[float, float]] = []
    undone: list[tuple[float, float]] = []
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        main = app.main
        status = main.query_one("#status")
        head = main.query_one("#standings-head")
        probe = Probe(app, profile)
        n = main.current_round().number
        for _ in range(pairs):
            stamp = Stamp.of(path)
            complete.append(await probe.key("1", "1", lambda: Stamp.of(path) != stamp
                                            and "all results in" in str(status.render())
                                            and f"round {n}" in str(head.render())
                                            and "computing" not in str(head.render())))
            await pilot.pause()
            stamp = Stamp.of(path)
            undone.append(await probe.key("u", "u", lambda: Stamp.of(path) != stamp
                                          and "1 missing" in str(status.render())
                                          and f"round {n - 1}" in str(head.render())
                                          and "computing" not in str(head.render())))
            await pilot.pause()
        probe.print_profile()
        assert standings_shown(app) == standings_of_file(path), "the standings panel is not what the file says"
    CPU["last result"] = probe.cpu[0::2]
    CPU["undo"] = probe.cpu[1::2]
    return complete, undone


def two_tables(trf: Path, before: int):
    """Table 1: a perf-corpus event cut before round `before`; table 2: ten players, round 1 to play."""
    from arbiter_tournament.core.pairing import rounds as pairing
    from arbiter_tournament.core.formats.trf import parse_trf
    from arbiter_tournament.core.formats.trf_event import trf_to_event

    t = parse_trf(trf.read_text(encoding="utf-8"), str(trf))
    e = trf_to_event(t, str(trf), name="Heavy Open")
    players = tuple(replace(p, table=1) for p in e.players)
    rounds = tuple(replace(r, table=1) for r in e.rounds if r.number < before)
    n = max(p.id for p in players)
    extra = tuple(Player(n + i, f"Second, Table {i:02d}", rating=1500 + 10 * i, table=2) for i in range(1, 11))
    return pairing.pair_next(replace(e, players=players + extra, rounds=rounds, tables=2), 2)


async def during_pairing(path: Path, pair: bool):
    """80x24: `p` on table 1 (a heavy round, left to run), then `T` and a result on each board of table 2."""
    app = ArbiterApp(path, lang="en", user="bench", poll_interval=0, presence=False)
    handler: list[float] = []
    painted: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        main = app.main
        probe = Probe(app, False)
        while app.changing:  # the repair step of opening runs in the change thread first (keys wait for it)
            await pilot.pause(0.02)
        if pair:
            await pilot.press("p")
            assert app.job is not None, compat.screen_text(app)  # under way (T and the results follow at once)
        # T as the terminal sends it (pilot.press would wait for an idle App, which a running job never leaves)
        app.post_message(events.Key("T", "T"))
        while main.table != 2:
            await asyncio.sleep(0.005)
        rt = main.query_one("#round-table")
        for _ in range(4):
            board = main.selected_board()
            stamp = Stamp.of(path)
            h, p = await probe.key("1", "1", lambda: cell_text(rt, str(board), 3) == "1-0" and Stamp.of(path) != stamp)
            handler.append(h)
            painted.append(p)
            await asyncio.sleep(0.2)
        still = app.job is not None
        app.stop_job()
    return handler, painted, still


CPU: dict[str, list[float]] = {}  # CPU seconds per key, by case


def ms(xs: list[float]) -> str:
    return f"median {statistics.median(xs) * 1000:6.1f} ms, max {max(xs) * 1000:6.1f} ms (n={len(xs)})"


def perf_event(players: int = 1000, current: int = 5):
    """The perf corpus's open of `players` (with byes and forfeits): rounds before `current` played as the
    endorsed engine paired them, round `current` paired and without results (the round a judge opens)."""
    from arbiter_tournament.core.formats.trf import parse_trf
    from arbiter_tournament.core.formats.trf_event import trf_to_event

    trf = Path(__file__).resolve().parent.parent / "tests" / "data" / "corpus" / "perf" / f"perf_n{players}_r9_byes.trf"
    e = trf_to_event(parse_trf(trf.read_text(encoding="utf-8"), str(trf)), str(trf), name="Perf Open")
    rounds = [r for r in e.rounds if r.number < current]
    now = next(r for r in e.rounds if r.number == current)
    games = tuple(replace(g, result=None) if g.second is not None else g for g in now.games)
    return replace(e, rounds=tuple(rounds) + (replace(now, games=games),))


def pty_cases(starts: int = 7, keys: int = 20, big: int = 2000) -> None:
    """The real TUI on a pty at 80x24 (bench/tui_pty.py): start-up at 1000 players, keys at `big` players."""
    import tui_pty

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "perf1000.toml"
        e = perf_event(1000, 5)
        create(path, e)
        rnd = e.rounds[-1]
        first = e.player(rnd.games[0].first).name.encode()
        warm = tui_pty.Terminal(path)  # bytecode written, the file's pages in the cache
        warm.read_until(first)
        warm.settle()
        warm.close()
        times = []
        for _ in range(starts):
            term = tui_pty.Terminal(path)
            times.append(term.read_until(first) - term.t0)
            term.settle()
            term.close()
        print(f"start-up, {len(e.players)} players (perf corpus, round {rnd.number} of {len(rnd.games)} boards, "
              f"{path.stat().st_size // 1024} KB): process started -> round drawn on the pty: {tui_pty.figures(times)}"
              f"; min {min(times) * 1000:.0f} ms")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.toml"
        e = big_event(big, 5)
        create(path, e)
        rnd = e.rounds[-1]
        term = tui_pty.Terminal(path)
        term.read_until(e.player(rnd.games[0].first).name.encode())
        term.settle(1.0)
        results, moves, views, shown = [], [], [], []
        for _ in range(keys):
            t, since = term.key(b"1")
            results.append(term.read_until(b"1-0", since) - t)
            term.burst(since)
            t, since = term.key(b"\x1b[B")  # down
            moves.append(term.burst(since) - t)
        heads = {b"s": b"Standings", b"r": f"Round {rnd.number}".encode()}
        for _ in range(max(1, keys // 4)):
            for k in (b"s", b"r"):
                t, since = term.key(k)
                # shown: the view's head and the footer of its keys (the bottom line) are written
                shown.append(max(term.read_until(heads[k], since), term.read_until(b"\x1b[24;1H", since)) - t)
                views.append(term.burst(since) - t)
        term.close()
        saved = sum(1 for g in load(path).rounds[-1].games if g.result is not None)
        assert saved == keys, f"{saved} results in the file, {keys} keys"
        print(f"keys at {big} players, 80x24 on a pty, round {rnd.number} of {len(rnd.games)} boards "
              f"(key written -> the answer read from the terminal):")
        print(f"  1 (a result; until '1-0' is drawn):        {tui_pty.figures(results)}")
        print(f"  down (the cursor; until the output ends):  {tui_pty.figures(moves)}")
        print(f"  s / r (standings / round), shown:          {tui_pty.figures(shown)}")
        print(f"  s / r, until the output ends:              {tui_pty.figures(views)}")


def main() -> None:
    if "--pty" in sys.argv:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        pty_cases()
        return
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    profile = "--profile" in sys.argv
    n = int(args[0]) if args else 1000
    played = int(args[1]) if len(args) > 1 else 5
    presses = int(args[2]) if len(args) > 2 else 30
    t = time.perf_counter()
    e = big_event(n, played)
    build = time.perf_counter() - t
    rnd = e.rounds[-1]
    print(f"event: {n} players, {played} rounds played, round {rnd.number} of {len(rnd.games)} boards in progress,"
          f" tie-breaks {', '.join(TIEBREAKS)} (built in {build:.1f} s); 160x48: round and standings side by side")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.toml"
        create(path, e)
        handler, painted, pressed = asyncio.run(in_progress(path, presses, 10, profile))
        print("a result in the round in progress (the standings, after the last complete round, stay):")
        print(f"  key -> file saved + round, standings, status updated: {ms(handler)}")
        print(f"  key -> the same, and the screen painted with it:      {ms(painted)}")
        print(f"  await pilot.press('1') (Textual's idle waits, >= 40 ms): {ms(pressed)}")
        print(f"  CPU of the process (every thread), key -> painted:     {ms(CPU['in progress'])}")
    last = [replace(g, result=Result.DRAW) for g in rnd.games[:-1]] + [rnd.games[-1]]
    e = e.with_round(replace(rnd, games=tuple(last)))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.toml"
        create(path, e)
        complete, undone = asyncio.run(last_result(path, 5, profile))
        print("the round's last result (the standings recomputed after it), then u (undo):")
        print(f"  key -> saved + all panels updated (last result): {ms([h for h, _ in complete])}")
        print(f"  key -> the same, painted:                         {ms([p for _, p in complete])}")
        print(f"  u -> saved + all panels updated (undo):          {ms([h for h, _ in undone])}")
        print(f"  u -> the same, painted:                          {ms([p for _, p in undone])}")
        print(f"  CPU (every thread), last result -> painted:      {ms(CPU['last result'])}")
        print(f"  CPU (every thread), u -> painted:                {ms(CPU['undo'])}")
    trf = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "perf" / "perf_n1500_r9_byes.trf"
    if trf.exists() and "--no-heavy" not in sys.argv:  # its round 4 is the heaviest of the perf corpus (3.5 s)
        heavy = two_tables(trf, 4)
        print("80x24, perf_n1500_r9_byes cut before round 4 on table 1, ten players on table 2:")
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "heavy.toml"
            create(path, heavy)
            h0, p0, _ = asyncio.run(during_pairing(path, pair=False))
        print(f"  a result on table 2, nothing else under way: saved + shown {ms(h0)}; painted {ms(p0)}")
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "heavy.toml"
            create(path, heavy)
            h1, p1, still = asyncio.run(during_pairing(path, pair=True))
            print(f"  the same while table 1's round 4 is paired:  saved + shown {ms(h1)}; painted {ms(p1)}"
                  + ("" if still else "  (the pairing ended before the last key)"))


if __name__ == "__main__":
    main()
