"""Players reporting from their phones at the scale of a big open (issue 35): `arbiter display FILE --serve
--reports` under 1,000 phones reporting 500 boards within a minute, a judge's keys meanwhile.

Starts the real server (one process, `--per-address 0`: every phone comes from 127.0.0.1 here) on an event of
`players` players (`rounds` rounds, the last one being played, every player with a code), then sends each
player's `POST /api/report` (both players of a board report the same result) at moments spread at random
over `seconds` seconds (`--burst`: all at once), over `connections` keep-alive connections. Meanwhile a
judge (its own process) makes a change every second (`--judge-every=S`) (a result entered and changed on the
current round's board 1: one transaction of the event's lock, as a key of the TUI) until the phones are
answered (`--agreed`: until the server has recorded the last agreed board), and the time each one takes is
kept, and of it the time it waited for the event's lock: no report ever holds the lock in `reports =
"judge"` (the default), so the judge's key waits for none; in `"agreed"` the server's recorder holds it for
its short writes (docs/players.md, "A judge's key during a burst").

With `--tui`, the judge's TUI runs too (`arbiter FILE` on a pty of 80x24, bench/tui_pty.py: it reads the
reports journal every second and counts the reports in its status line) and a cursor key is pressed every
0.5 s during the load: the time from the key to the end of the output it caused is kept.

Prints: reports sent, answers by status, latency p50 / p99 / max, the CPU seconds of the server (and its
recorder's), how long the agreed boards took to be recorded, the judge's changes (the whole change and its
wait for the lock: p50 / p99 / max) during the load, and the check of the end: every report answered 200 is
a line of the reports journal; then `arbiter reports accept FILE --agreed` (judge) or the server itself
(`--agreed`: `reports = "agreed"`) records the results, and the file's results are those reported, board
for board, and the event's journal names each board once.

    .venv/bin/python bench/bench_reports.py [players] [seconds] [--burst] [--agreed] [--tui] [--rounds=N] [--judge-every=S]
        [--server-path=DIR]

(`--server-path=DIR`: the server (and the judge's process) take the `arbiter_tournament` package from DIR, say
an older version's, to measure it against this one on the same machine at the same time: `git archive main |
tar -x -C /tmp/base`, then a folder `/tmp/basepkg/arbiter_tournament` with links `core`, `tui`, `saves` to it and
the files of `tui/package/`; bench/bench_web.py does the same.)

Everything goes to 127.0.0.1 only. The machine is shared: say its load beside any figure (`uptime`).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_store import big_event  # noqa: E402

from arbiter_tournament.core import commands as cmds  # noqa: E402
from arbiter_tournament.core.event.codes import fresh_codes  # noqa: E402
from arbiter_tournament.core.event.results import Result  # noqa: E402
from arbiter_tournament.core.store import create, journal, load  # noqa: E402
from arbiter_tournament.core.store.reports import Reports  # noqa: E402

JUDGE = r"""
import os, sys, time, json
from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import EventFile
path, until, rnd = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
ef = EventFile(path)
times = []
k = 0
while time.time() < until:
    t = time.perf_counter()
    cmds.run(ef, cmds.RecordResult("swiss", None, rnd, 1, Result.DRAW if k % 2 else Result.FIRST_WINS, by="judge",
                                   force=True))
    times.append((time.perf_counter() - t, ef.lock_wait))
    k += 1
    if os.path.exists(path + ".bench-stop"):
        break
    time.sleep(float(sys.argv[4]))
print(json.dumps(times))
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))] if xs else float("nan")


def ms(x: float) -> str:
    return f"{x * 1000:7.1f} ms"


async def phones(port: int, jobs: list[tuple[float, str, str]], connections: int) -> list[tuple[int, float, dict]]:
    import aiohttp

    out: list[tuple[int, float, dict]] = []
    conn = aiohttp.TCPConnector(limit=connections)
    start = time.perf_counter()
    async with aiohttp.ClientSession(connector=conn, timeout=aiohttp.ClientTimeout(total=60)) as session:
        async def one(at: float, code: str, result: str) -> None:
            await asyncio.sleep(max(0.0, start + at - time.perf_counter()))
            t = time.perf_counter()
            try:
                async with session.post(f"http://127.0.0.1:{port}/api/report", json={"code": code, "result": result},
                                        headers={"Host": f"127.0.0.1:{port}"}) as r:
                    body = await r.json(content_type=None)
                    out.append((r.status, time.perf_counter() - t, body))
            except Exception as exc:  # noqa: BLE001 (counted as an error)
                out.append((0, time.perf_counter() - t, {"error": repr(exc)}))

        await asyncio.gather(*(one(*j) for j in jobs))
    return out


def cpu_of(pid: int, children: bool = True) -> float:
    """The CPU seconds of a process, and of its children (the recorder of `reports = "agreed"`)."""
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    if not children:
        return own
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if int(open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()[1]) == pid:
                    own += cpu_of(int(entry), False)
            except (OSError, ValueError, IndexError):
                continue
    return own


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    flags = {a.split("=")[0]: (a.split("=", 1)[1] if "=" in a else True) for a in sys.argv[1:] if a.startswith("--")}
    players = int(args[0]) if args else 1000
    seconds = float(args[1]) if len(args) > 1 else 60.0
    rounds = int(flags.get("--rounds", 5))
    burst, agreed = "--burst" in flags, "--agreed" in flags
    tmp = Path(tempfile.mkdtemp(prefix="arbiter-bench-reports-"))
    path = tmp / "open.toml"
    e = big_event(players, rounds)
    e = cmds.GiveCodes(fresh_codes([p.id for p in e.players], [])).apply(e)
    if agreed:
        e = replace(e, reports="agreed")
    create(str(path), e)
    games = [g for g in e.rounds[-1].games if g.second is not None and g.board != 1]  # board 1: the judge's
    rng = random.Random(7)
    want = {g.board: rng.choice(["1-0", "1/2", "0-1"]) for g in games}
    codes = {p.id: p.code for p in e.players}
    jobs = [(0.0 if burst else rng.uniform(0, seconds), codes[pid], want[g.board]) for g in games for pid in g.players]
    port = free_port()
    server_path = str(flags.get("--server-path", ""))  # the server's package from DIR (an older version's)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [server_path, str(ROOT)]))}
    server = subprocess.Popen([sys.executable, "-m", "arbiter_tournament.tui.cli", "display", str(path), "--serve", "--reports",
                               "--port", str(port), "--per-address", "0"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    print(server.stderr.read())
                    return 1
                time.sleep(0.2)
        time.sleep(1.0)
        load_avg = os.getloadavg()
        print(f"{players} players, {len(games)} boards, {len(jobs)} reports "
              f"{'at once' if burst else f'spread over {seconds:g} s'}, reports = "
              f"{'agreed' if agreed else 'judge'}; load average before: {load_avg[0]:.2f} on {os.cpu_count()} cores")
        cpu0 = cpu_of(server.pid)
        judge = subprocess.Popen([sys.executable, "-c", JUDGE, str(path), str(time.time() + 600),
                                  str(rounds), str(flags.get("--judge-every", 1.0))],
                                 cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
        keys: list[float] = []
        stop = threading.Event()
        term = None
        if "--tui" in flags:
            from tui_pty import Terminal

            term = Terminal(path)
            term.read_until(b"Round")
            term.settle()

            def judge_keys() -> None:
                k = 0
                while not stop.is_set():
                    t, since = term.key(b"\x1b[B" if k % 2 == 0 else b"\x1b[A")
                    end = term.burst(since)
                    keys.append(end - t)
                    k += 1
                    time.sleep(0.5)

            presser = threading.Thread(target=judge_keys, daemon=True)
            presser.start()
        t0 = time.perf_counter()
        got = asyncio.run(phones(port, jobs, int(flags.get("--connections", 200))))
        wall = time.perf_counter() - t0
        recorded_in = None
        if agreed:  # the server records agreed boards: the judge goes on with his keys until the last is in
            until = time.monotonic() + 120
            while time.monotonic() < until and any(g.result is None for g in load(str(path)).rounds[-1].games
                                                   if g.board != 1):
                time.sleep(0.2)
            recorded_in = time.perf_counter() - t0
        stop.set()
        Path(str(path) + ".bench-stop").touch()  # the judge stops after his next change
        if term is not None:
            presser.join(15)
            term.close()
        judged = json.loads(judge.communicate(timeout=600)[0] or "[]")
        judge_times, judge_waits = [t for t, _ in judged], [w for _, w in judged]
        cpu1 = cpu_of(server.pid)
        statuses: dict[int, int] = {}
        for status, _, _ in got:
            statuses[status] = statuses.get(status, 0) + 1
        lat = [t for status, t, _ in got if status == 200]
        print(f"  answers: {dict(sorted(statuses.items()))} in {wall:.1f} s")
        print(f"  latency p50 {ms(pct(lat, 50))}  p99 {ms(pct(lat, 99))}  max {ms(max(lat) if lat else 0)}")
        print(f"  server CPU {cpu1 - cpu0:.2f} s" + (" (with its recorder's)" if agreed else ""))
        if keys:
            print(f"  the judge's TUI: {len(keys)} cursor keys during the load, key to screen p50 {ms(pct(keys, 50))}  "
                  f"p99 {ms(pct(keys, 99))}  max {ms(max(keys))} (the end of the output it caused, 60 ms of "
                  f"silence not counted)")
        if recorded_in is not None:
            print(f"  every agreed board recorded by the server {recorded_in:.1f} s after the first report")
        if judge_times:
            print(f"  the judge's changes during the load: {len(judge_times)}, the whole change p50 "
                  f"{ms(pct(judge_times, 50))}  p99 {ms(pct(judge_times, 99))}  max {ms(max(judge_times))}")
            print(f"    of which waiting for the event's lock: p50 {ms(pct(judge_waits, 50))}  "
                  f"p99 {ms(pct(judge_waits, 99))}  max {ms(max(judge_waits))}  (waited > 0.1 s: "
                  f"{sum(1 for w in judge_waits if w > 0.1)})")
    finally:
        try:
            os.killpg(server.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        server.wait(timeout=30)
    # the end: the journal holds every report answered, and the file what they reported
    lines = [x for x in Reports(path).read() if x is not None and x.kind == "report"]
    ok200 = sum(1 for s, _, _ in got if s == 200)
    print(f"  reports journal: {len(lines)} reports of {len({x.pid for x in lines})} players "
          f"(answered 200: {ok200}) -> {'every one kept' if len(lines) == ok200 == len(jobs) else 'MISSING'}")
    if not agreed:
        t = time.perf_counter()
        r = subprocess.run([sys.executable, "-m", "arbiter_tournament.tui.cli", "reports", "accept", str(path), "--agreed"],
                           cwd=ROOT, env=env, capture_output=True, text=True)
        print(f"  arbiter reports accept --agreed: exit {r.returncode}, {len(r.stdout.splitlines())} boards, "
              f"{time.perf_counter() - t:.2f} s")
    e = load(str(path))
    wrong = [g.board for g in games if e.rounds[-1].game(g.board).result is not Result.parse(want[g.board])]
    said = [w for x in journal.read(path) for w in x.what.split("; ") if "reported by" in w]
    boards = {w.split(" board ")[1].split(":")[0] for w in said}
    print(f"  the file: {len(games) - len(wrong)} of {len(games)} boards hold the reported result "
          f"(board 1 is the judge's); the event's journal names {len(boards)} boards once each "
          f"({len(said)} lines) -> {'journal = file' if not wrong and len(said) == len(boards) else 'DIFFERENT'}")
    print(f"  load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
