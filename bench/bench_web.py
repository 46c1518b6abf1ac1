"""A full hall on the web view: `arbiter display FILE --serve` under 300 phones at once.

Starts the real server (`python -m arbiter_tournament.tui.cli display FILE --serve`, one process) on an
event of `players` players with `rounds` rounds (the last one being played), then opens one
server-sent-events stream per client (as every open page holds one) and lets `clients` clients
make `requests` requests each at the same time, over keep-alive connections, as a phone does:
the pairings, by name, the style sheet, the script, the standings, the live part, the
version, the hall, the crosstable, the players (gzip accepted, as by every browser). As the
load starts, a result is entered from the command line (`arbiter result`, its own process,
started before), so the pages are likely made again while the hall is loading them.

Prints: requests, errors (any status but 200, any failed or timed-out connection), latency
p50 / p99 / max, requests per second, the CPU seconds of the clients and of the server; how
long each open stream took to hear of the result
(from the command's end: the slowest is what the last phone waits); the server's processes
(itself and any child), its resident memory before, after and at its peak (VmHWM), and the
time a change takes before the pages are there (the file read, the pages made, framed and
gzipped). Run:

    .venv/bin/python bench/bench_web.py [clients] [requests] [players] [rounds] [--change-under-load]
        [--server-path=DIR]

(`--server-path=DIR`: the server's `arbiter` package is taken from DIR, say an older version's, to
measure it against this one on the same machine at the same time: `git archive main | tar -x -C
/tmp/base`, then a folder `/tmp/base/pkg/arbiter` with links `core`, `tui`, `saves` to it and an
empty `__init__.py`.) Each client connects from its own loopback address (127.1.x.y: a phone has
its own on the venue's network, and the server counts connections by address).

Other runs, instead of the one above:

    --hostile[=SECONDS]      one address (127.9.9.9, its own process) holds 1000 live streams and
                             1000 sockets sending a byte a second, each opened again a second after
                             the server closes it; meanwhile a visitor from an address of its own
                             every 0.2 s asks for a page and the style sheet: their errors and p99
    --phones=N [--players=P] N phones (default event: 1000 players), each its own address holding
                             its page's stream and a keep-alive connection, each asking for three
                             pages at random moments of 30 s; then a result is entered and each
                             phone, on hearing it, swaps in the rows the news carries (or, without
                             them, fetches its page's new part, as static/app.js): how long until every
                             phone heard, and fetched
    --memory[=PLAYERS]       the server's memory when its 300-player file is replaced by one of
                             PLAYERS (20,000) and then by the small one again
    --reports[=ARGS]         bench/bench_reports.py: 1,000 phones reporting 500 boards within a
                             minute while the judge changes the file every second (ARGS its own,
                             comma-separated), its server from --server-path when given

Everything goes to 127.0.0.1 only (127.0.0.0/8 is all this machine's: no network).

Figures (docs/exports.md "What it is built to hold", docs/performance.md): the 2-core machine
shared with seven other developers' builds and tests, load average 7 to 13 throughout (every
figure a busy machine's, the clients on the same cores); BEFORE = main's server (standard-library
asyncio, no limit per address), NOW = this one (aiohttp, limits per address), run alternately
(in brackets: the load average as it ran):

    run                                               BEFORE                    NOW
    300 clients x 10 requests, 300 players (13)
        errors; p99                                   0; 103-164 ms             0; 195-258 ms
        the server's CPU (pages made again once)      0.44-0.59 s               0.67-0.85 s
        a result heard by every stream                0.54-0.88 s               0.44-1.08 s
    the same at load 5 (the file checked 4 times a second now)
        errors; p99                                   0; 75 ms                  0; 83-101 ms
        a result heard by every stream                0.59 s                    0.34-0.42 s
    one connection: the server's CPU a request        90-115 us                 205-235 us
    --hostile=30 (7-12)
        the other visitors' errors                    292 of 292 (all 503)      0 of 286; 0 of 296
        their p99                                     825 ms (the 503s)         160 ms; 53 ms
        what the one address held                     1000 streams              10 connections
    --phones=3000 --players=300 (6-14)
        errors; p99                                   0; 1836 ms (12),          0; 532 ms (14),
                                                         333 ms (6)                446 ms (8)
        heard by every phone / fetched by every one   3.4/4.7 s (12),           2.8/7.4 s (14),
                                                         2.8/4.3 s (6)             1.5/4.7 s (8)
        at load 3-5: errors; p99; heard/fetched       0; 124 ms; 1.5/3.3 s      0; 135 ms; 2.2/3.7 s
    --phones=3000, 1000 players (6)
        errors; p99                                   0; 255 ms                 0; 19 ms
        heard / fetched by every phone                4.2 / 6.4 s               3.0 / 6.0 s
        at load 3: errors; p99; heard/fetched         0; 121 ms; 1.8/2.6 s      0; 129 ms; 2.0/3.7 s
    --memory=20000 (11-13)
        at rest / with the big file / after           48 / 409 / 223 MB         60 / 411 / 127 MB

Since a change makes again only what it touches (tui/web/book.py), the news carrying its rows, the
collector kept off the connections (gc.freeze, young generation at 50,000) and the server started
with PYTHONMALLOC=malloc; BEFORE = main's server then, run alternately (1000 players unless said):

    run                                               BEFORE                    NOW
    --phones=3000: errors; p99                        0; 321 ms (2),            0; 6 ms (2),
                                                         844 ms (8)                14 ms (7)
        a result on every phone                       2.4 s (2), 7.8 s (8)      0.96 s (2), 0.87 s (7)
        the server's CPU                              7.6-8.2 s                 5.2-7.3 s
    a result, the pages open made again (worker)      0.5 s (every page)        0.10-0.18 s
    300 clients x 10 requests, 300 players: p99       228 ms (6.5), 33 ms (1)   136 ms (6.5), 43-72 ms (1)
        a result heard by every stream                0.71 s (6.5)              0.29 s (6.5)
    one connection: the server's CPU a request (1)    163-177 us                177-207 us
    --memory=20000 (2): rest / big / after            60 / 453 / 87 MB          62 / 425 / 65-70 MB
    --reports=1000,60,--judge-every=1: p99; CPU       279 ms, 27.9 s (4)        193 ms, 9.0 s (4)
"""

from __future__ import annotations

import asyncio
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_store import big_event  # noqa: E402

from arbiter_tournament.core.store import create, load  # noqa: E402
from arbiter_tournament.tui.web.server import Web  # noqa: E402

PATHS = ["/", "/names", "/static/app.css", "/static/app.js", "/standings", "/?part=live", "/version", "/hall",
         "/crosstable", "/players"]
TIMEOUT = 30.0
IDLE = 30.0  # the server closes a connection idle this long (tui/web/server.py IDLE_TIMEOUT)
SPREAD = 30.0  # --phones: each phone asks for its three pages within this many seconds (300 a second)


def address(k: int) -> str:
    """The loopback address client `k` connects from: a phone has its own on the venue's network
    (the server's limits are per address); 127.1.x.y, every one of them this machine's."""
    return f"127.1.{k // 250}.{k % 250 + 1}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def status_of(pid: int) -> dict[str, str]:
    out = {}
    for line in open(f"/proc/{pid}/status"):
        k, _, v = line.partition(":")
        out[k] = v.strip()
    return out


def cpu_seconds(pid: int) -> float:
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def family(pid: int) -> list[int]:
    """`pid` and every process below it."""
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                parents[int(entry)] = int(open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError):
                pass
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo += [c for c, parent in parents.items() if parent == p]
    return out


async def read_response(reader: asyncio.StreamReader) -> int:
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head[9:12])
    length = 0
    for line in head.split(b"\r\n")[1:]:
        if line[:15].lower() == b"content-length:":
            length = int(line[15:])
    await reader.readexactly(length)
    return status


async def client(k: int, port: int, requests: int, start: asyncio.Event, lat: list[float], errors: list[str]) -> None:
    await start.wait()
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port, local_addr=(address(k), 0)),
                                                TIMEOUT)
    except (OSError, asyncio.TimeoutError) as exc:
        errors.append(f"connect: {exc!r}")
        return
    try:
        for i in range(requests):
            path = PATHS[(k + i) % len(PATHS)]
            req = (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept-Encoding: gzip, deflate\r\n"
                   f"Accept-Language: {'ru-RU,ru;q=0.9' if k % 3 == 0 else 'en-GB,en;q=0.9'}\r\n"
                   "User-Agent: bench_web\r\n\r\n").encode()
            t = time.perf_counter()
            writer.write(req)
            try:
                status = await asyncio.wait_for(read_response(reader), TIMEOUT)
            except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, ValueError) as exc:
                errors.append(f"{path}: {exc!r}")
                return
            lat.append(time.perf_counter() - t)
            if status != 200:
                errors.append(f"{path}: status {status}")
    finally:
        writer.close()


async def stream(k: int, port: int, opened: list, heard: list[float], version: list[int], changed: list[float],
                 errors: list[str]) -> None:
    """One page's /events: note when it hears a version above the first."""
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port, local_addr=(address(k), 0)),
                                                TIMEOUT)
        writer.write(f"GET /events?p=/&lang={'ru' if k % 3 == 0 else 'en'} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"
                     .encode())  # the stream of the page "/", as static/app.js opens it
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), TIMEOUT)
        if not head.startswith(b"HTTP/1.1 200"):
            errors.append(f"/events: {head[:12]!r}")
            return
        opened.append(writer)
        while True:
            line = await reader.readline()
            if not line:
                return
            if line.startswith(b"data: "):
                import json

                v = json.loads(line[6:])["v"]
                if not version:
                    version.append(v)
                elif v > version[0] and changed:
                    heard.append(time.perf_counter() - changed[0])
                    return
    except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError) as exc:
        errors.append(f"/events: {exc!r}")
    except asyncio.CancelledError:
        pass


async def load_test(port: int, path: Path, clients: int, requests: int, with_change: bool) -> dict:
    lat: list[float] = []
    errors: list[str] = []
    heard: list[float] = []
    opened: list = []
    version: list[int] = []
    changed: list[float] = []
    streams = [asyncio.ensure_future(stream(k, port, opened, heard, version, changed, errors)) for k in range(clients)]
    deadline = time.monotonic() + 60
    while len(opened) < clients and time.monotonic() < deadline and not errors:
        await asyncio.sleep(0.05)
    start = asyncio.Event()
    tasks = [asyncio.ensure_future(client(k, port, requests, start, lat, errors)) for k in range(clients)]

    # `arbiter result FILE 1 1-0` in its own process, started (imports done) before the load and
    # told to go as it starts (the command takes a second or so under the load): a judge entering
    # a result meanwhile
    judge = await asyncio.create_subprocess_exec(
        sys.executable, "-c", "import sys; from arbiter_tournament.tui.cli import main; sys.stdin.readline(); "
        f"sys.exit(main(['result', {str(path)!r}, '1', '1-0']))", cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)

    async def change() -> None:
        judge.stdin.write(b"go\n")
        await judge.stdin.drain()
        _, err = await judge.communicate()
        if judge.returncode:
            errors.append(f"arbiter result: {err.decode().strip()}")
        changed.append(time.perf_counter())

    await asyncio.sleep(1)  # the judge's process has started
    t = time.perf_counter()
    c0 = time.process_time()
    changer = asyncio.ensure_future(change()) if with_change else None
    start.set()
    await asyncio.gather(*tasks)
    took = time.perf_counter() - t
    client_cpu = time.process_time() - c0
    if changer is None:
        await asyncio.sleep(0.5)
        changer = asyncio.ensure_future(change())
    load_end = time.perf_counter()
    await asyncio.wait_for(changer, 60)
    end = time.monotonic() + 15
    while len(heard) < len(opened) and time.monotonic() < end:
        await asyncio.sleep(0.05)
    for s in streams:
        s.cancel()
    for w in opened:
        w.close()
    return {"lat": lat, "errors": errors, "took": took, "heard": heard, "streams": len(opened),
            "changed_at": changed[0] - t if changed else None, "load_end": load_end - t, "client_cpu": client_cpu}


def start_server(path: Path, server_path: str, extra: list[str]) -> tuple[subprocess.Popen, int]:
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "arbiter_tournament.tui.cli", "display", str(path), "--serve", "--port",
                               str(port), *extra], cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [server_path, str(ROOT)]))},
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 60
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the server did not start: {server.stderr.read().decode()}")
            time.sleep(0.2)
    time.sleep(0.5)
    return server, port


def quantiles(xs: list[float]) -> str:
    xs = sorted(xs)
    if not xs:
        return "none"
    q = statistics.quantiles(xs, n=100) if len(xs) > 1 else [xs[0]] * 99
    return f"p50 {q[49] * 1000:.0f} ms, p99 {q[98] * 1000:.0f} ms, max {xs[-1] * 1000:.0f} ms"


async def get(reader, writer, port: int, path: str) -> int:
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept-Encoding: gzip\r\n\r\n".encode())
    return await asyncio.wait_for(read_response(reader), TIMEOUT)


async def attack(port: int, streams: int, slow: int, seconds: float, out) -> None:
    """One address (127.9.9.9) holds `streams` live streams and `slow` sockets sending a byte a
    second, each opened again a second after the server closes it (in its own process)."""
    bad = "127.9.9.9"
    stop = time.monotonic() + seconds
    held = {"streams": 0, "slow": 0, "refused": 0}
    peak = dict(held)

    def note() -> None:
        for key in peak:
            peak[key] = max(peak[key], held[key])

    async def one_stream() -> None:
        while time.monotonic() < stop:
            try:
                r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=(bad, 0))
            except OSError:
                await asyncio.sleep(1)
                continue
            try:
                w.write(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
                head = await r.readuntil(b"\r\n\r\n")
                if not head.startswith(b"HTTP/1.1 200"):
                    held["refused"] += 1
                else:
                    held["streams"] += 1
                    note()
                    try:
                        while await r.read(4096):
                            pass
                    finally:
                        held["streams"] -= 1
            except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
                held["refused"] += 1
            finally:
                w.close()
            await asyncio.sleep(1)

    async def one_slow() -> None:
        text = f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: " + "a" * 10000
        while time.monotonic() < stop:
            try:
                r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=(bad, 0))
            except OSError:
                await asyncio.sleep(1)
                continue
            held["slow"] += 1
            note()
            try:
                for ch in text:
                    w.write(ch.encode())
                    await w.drain()
                    try:
                        await asyncio.wait_for(r.read(1), 1.0)
                        held["refused"] += 1  # a 503 (or the end) came back
                        break
                    except asyncio.TimeoutError:
                        pass
            except OSError:
                held["refused"] += 1
            finally:
                held["slow"] -= 1
                w.close()
            await asyncio.sleep(1)

    tasks = [asyncio.ensure_future(one_stream()) for _ in range(streams)]
    tasks += [asyncio.ensure_future(one_slow()) for _ in range(slow)]
    await asyncio.sleep(seconds)
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    out.put(peak)


def _attack(port: int, streams: int, slow: int, seconds: float, out) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    asyncio.run(attack(port, streams, slow, seconds, out))


async def hostile(port: int, seconds: float, streams: int, slow: int) -> dict:
    """The attack of one address (its own process), and meanwhile a visitor from an address of its
    own every 0.2 s, asking for a page and the style sheet."""
    import multiprocessing

    out = multiprocessing.Queue()
    attacker = multiprocessing.Process(target=_attack, args=(port, streams, slow, seconds + 10, out), daemon=True)
    attacker.start()
    await asyncio.sleep(8)  # the attack is on
    lat: list[float] = []
    errors: list[str] = []

    async def visitor(k: int) -> None:
        try:
            r, w = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port, local_addr=(address(k), 0)),
                                          TIMEOUT)
            try:
                for path in ("/", "/static/app.css"):
                    t = time.perf_counter()
                    status = await get(r, w, port, path)
                    lat.append(time.perf_counter() - t)
                    if status != 200:
                        errors.append(f"{path}: status {status}")
            finally:
                w.close()
        except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, ValueError) as exc:
            errors.append(repr(exc))

    visitors = []
    end = time.monotonic() + seconds
    k = 0
    while time.monotonic() < end:
        visitors.append(asyncio.ensure_future(visitor(k)))
        k += 1
        await asyncio.sleep(0.2)
    await asyncio.gather(*visitors)
    peak = await asyncio.get_running_loop().run_in_executor(None, out.get, True, 60)
    attacker.join(30)
    return {"lat": lat, "errors": errors, "visitors": k, "peak": peak}


async def phones(port: int, path: Path, n: int, server_path: str) -> dict:
    """`n` phones, each from its own address: its page's live stream and one keep-alive connection.
    Each asks for three pages at random moments of SPREAD seconds (3,000 phones: 300 pages a
    second, the hall's players all looking within half a minute); then a result is entered (`arbiter result`) and each phone, on
    hearing it, swaps in the rows the news carries, or fetches its page's live part, as the page's script does."""
    errors: list[str] = []
    opened: list = []
    heard: list[float] = []
    fetched: list[float] = []
    changed: list[float] = []
    lat: list[float] = []
    first_v: list[int] = []
    swapped: list[int] = []
    conns: list = [None] * n

    async def fetch(k: int, path: str) -> int:
        """A GET on the phone's keep-alive connection; if the server closed it as idle (before or as the
        request went), on a new one, as a browser does (an idempotent GET is sent again)."""
        for attempt in (1, 2):
            r, w = conns[k]
            if r.at_eof():
                w.close()
                r, w = conns[k] = await asyncio.wait_for(asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(address(k), 0)), TIMEOUT)
            try:
                return await get(r, w, port, path)
            except (asyncio.IncompleteReadError, ConnectionError):
                if attempt == 2:
                    raise
                w.close()
                conns[k] = await asyncio.wait_for(asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(address(k), 0)), TIMEOUT)
        raise AssertionError("unreachable")

    async def phone(k: int, go: asyncio.Event, ready: list) -> None:
        try:
            r, w = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port, local_addr=(address(k), 0)), TIMEOUT)
            conns[k] = (r, w)
            sr, sw = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port, local_addr=(address(k), 0)), TIMEOUT)
            sw.write(f"GET /events?p=/&lang=en HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())  # its page's
            head = await asyncio.wait_for(sr.readuntil(b"\r\n\r\n"), TIMEOUT)
            if not head.startswith(b"HTTP/1.1 200"):
                errors.append(f"/events: {head[:12]!r}")
                return
            opened.append(sw)
            ready.append(k)
            await go.wait()
            rnd = random.Random(k)
            for i, p in enumerate(("/", "/names", "/standings")):
                await asyncio.sleep(rnd.uniform(0, SPREAD / 3))  # a player looks now and then
                t = time.perf_counter()
                status = await fetch(k, p)
                lat.append(time.perf_counter() - t)
                if status != 200:
                    errors.append(f"{p}: status {status}")
            import json

            while True:
                line = await sr.readline()
                if not line:
                    errors.append("/events: closed")
                    return
                if line.startswith(b"data: "):
                    msg = json.loads(line[6:])
                    v = msg["v"]
                    if not first_v:
                        first_v.append(v)
                    elif v > first_v[0] and changed:
                        heard.append(time.perf_counter() - changed[0])
                        if msg.get("rows") and msg.get("from") == first_v[0]:  # the rows swapped in (static/app.js)
                            swapped.append(k)
                        else:
                            status = await fetch(k, "/?part=live")
                            if status != 200:
                                errors.append(f"/?part=live: status {status}")
                        fetched.append(time.perf_counter() - changed[0])
                        return
        except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, ValueError) as exc:
            errors.append(repr(exc))
        except asyncio.CancelledError:
            pass

    go = asyncio.Event()
    ready: list[int] = []
    t = time.perf_counter()
    tasks = []
    for k in range(n):
        tasks.append(asyncio.ensure_future(phone(k, go, ready)))
        if k % 100 == 99:
            await asyncio.sleep(0.05)
    deadline = time.monotonic() + 120
    while len(ready) + len(errors) < n and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    opening = time.perf_counter() - t
    c0 = time.process_time()
    t = time.perf_counter()
    go.set()
    while len(lat) + len(errors) < 3 * n and time.monotonic() < deadline + 60:
        await asyncio.sleep(0.05)
    took = time.perf_counter() - t
    # the result comes later than the server keeps an idle connection (30 s): as in a hall, where a
    # change finds most phones idle since their last click, each phone's fetch opens a connection
    await asyncio.sleep(IDLE + 2)
    judge = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "arbiter_tournament.tui.cli", "result", str(path), "1", "1-0", cwd=ROOT,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [server_path, str(ROOT)]))},
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    _, err = await judge.communicate()
    if judge.returncode:
        errors.append(err.decode())
    changed.append(time.perf_counter())
    end = time.monotonic() + 30
    while len(fetched) < len(opened) and time.monotonic() < end:
        await asyncio.sleep(0.05)
    client_cpu = time.process_time() - c0
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for c in conns:
        if c:
            c[1].close()
    for w in opened:
        w.close()
    return {"lat": lat, "errors": errors, "streams": len(opened), "heard": heard, "fetched": fetched,
            "opening": opening, "took": took, "client_cpu": client_cpu, "swapped": len(swapped)}


def memory(server_path: str, players: int) -> None:
    """The server's memory when its file is replaced by one of `players` players, then by the small
    one again (a judge who opened the wrong file, or a big event over): at rest, with the big file,
    and after."""
    import shutil
    import urllib.request

    with tempfile.TemporaryDirectory(prefix="bench-web-") as tmp:
        small, big, path = Path(tmp) / "small.toml", Path(tmp) / "big.toml", Path(tmp) / "hall.toml"
        create(small, replace(big_event(300, 3), tiebreaks=("BH-C1", "BH", "SB")))
        t = time.perf_counter()
        cache = Path(tempfile.gettempdir()) / f"bench-web-{players}.toml"  # made once: minutes for 20,000
        if not cache.exists():
            create(cache, replace(big_event(players, 3), tiebreaks=("BH-C1", "BH", "SB")))
        shutil.copy(cache, big)
        made = time.perf_counter() - t
        size = big.stat().st_size
        shutil.copy(small, path)
        server, port = start_server(path, server_path, [])

        def version() -> int:
            import json

            with urllib.request.urlopen(f"http://127.0.0.1:{port}/version", timeout=60) as r:
                return json.loads(r.read())["v"]

        def swap(src: Path) -> None:
            v = version()
            tmp_copy = path.with_suffix(".new")
            shutil.copy(src, tmp_copy)
            os.replace(tmp_copy, path)
            deadline = time.monotonic() + 300
            while version() == v and time.monotonic() < deadline:
                time.sleep(0.2)
            for lang in ("en", "ru"):
                for page in ("/", "/names", "/standings", "/hall", "/players"):
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}{page}?lang={lang}", timeout=120) as r:
                        r.read()
            time.sleep(5)  # the memory let go (in the worker thread) before it is read

        try:
            rest = status_of(server.pid)["VmRSS"]
            swap(big)
            with_big = status_of(server.pid)["VmRSS"]
            swap(small)
            st = status_of(server.pid)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
    print(f"memory: a 300-player file, replaced by a {players}-player one ({size / 1e6:.1f} MB, made in "
          f"{made:.0f} s), then by the 300-player one again")
    print(f"  at rest {rest}; with the big file {with_big}; after {st['VmRSS']}; peak {st['VmHWM']}; "
          f"load average {os.getloadavg()[0]:.1f} (2 cores)")


def reports(server_path: str, args: str) -> None:
    """`--reports[=ARGS]`: bench/bench_reports.py (1,000 phones reporting 500 boards within a minute, the
    judge changing the file every second; ARGS its own, comma-separated: `--reports=1000,60,--judge-every=1`),
    its server (and its judge) from `--server-path` when given."""
    import bench_reports

    if server_path:  # its processes run with PYTHONPATH=ROOT: the server's package from there
        bench_reports.ROOT = Path(server_path)
    sys.argv = [sys.argv[0], *[a for a in (args or "1000,60").split(",") if a]]
    cpu0 = resource.getrusage(resource.RUSAGE_SELF)
    bench_reports.main()
    cpu1 = resource.getrusage(resource.RUSAGE_SELF)
    print(f"  the phones' CPU (this process) {cpu1.ru_utime + cpu1.ru_stime - cpu0.ru_utime - cpu0.ru_stime:.1f} s; "
          f"the server from {server_path or ROOT}")


def special(server_path: str) -> bool:
    """`--hostile[=SECONDS]`, `--phones=N [--players=P]` or `--memory[=PLAYERS]`: those runs instead of
    the load above."""
    flags = dict(a[2:].partition("=")[::2] for a in sys.argv[1:] if a.startswith("--"))
    if "memory" in flags:
        memory(server_path, int(flags["memory"] or 20000))
        return True
    if "reports" in flags:
        reports(server_path, flags["reports"])
        return True
    if "hostile" not in flags and "phones" not in flags:
        return False
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    players = int(flags.get("players") or (300 if "hostile" in flags else 1000))
    extra = [x for x in (flags.get("server-args") or "").split(",") if x]
    with tempfile.TemporaryDirectory(prefix="bench-web-") as tmp:
        path = Path(tmp) / "hall.toml"
        create(path, replace(big_event(players, 7), tiebreaks=("BH-C1", "BH", "SB", "WIN")))
        if "hostile" in flags:
            server, port = start_server(path, server_path, extra)
        else:
            server, port = start_server(path, server_path, ["--max-clients", "8000", *extra])
        try:
            rss0 = status_of(server.pid)["VmRSS"]
            cpu0 = cpu_seconds(server.pid)
            if "hostile" in flags:
                seconds = float(flags["hostile"] or 30)
                r = asyncio.run(hostile(port, seconds, 1000, 1000))
            else:
                r = asyncio.run(phones(port, path, int(flags["phones"]), server_path))
            cpu = cpu_seconds(server.pid) - cpu0
            st = status_of(server.pid)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
    load = os.getloadavg()[0]
    if "hostile" in flags:
        print(f"one address holding 1000 live streams and 1000 sockets sending a byte a second (each opened again a "
              f"second after it is closed), visitors for {seconds:.0f} s; {players} players")
        print(f"  it held at most {r['peak']['streams']} streams and {r['peak']['slow']} slow sockets at once; "
              f"{r['peak']['refused']} of its connections refused")
        print(f"  other visitors (one every 0.2 s, each its own address): {r['visitors']}, requests {len(r['lat'])}, "
              f"errors {len(r['errors'])}" + (f" (first: {r['errors'][0]})" if r["errors"] else ""))
        print(f"  their latency: {quantiles(r['lat'])}")
    else:
        n = int(flags["phones"])
        print(f"{n} phones, each its own address holding its page's live stream and a keep-alive connection; "
              f"{players} players")
        print(f"  open: {r['streams']} streams in {r['opening']:.1f} s; three pages each: {len(r['lat'])} requests in "
              f"{r['took']:.1f} s, {quantiles(r['lat'])}; errors {len(r['errors'])}"
              + (f" (first: {r['errors'][0]})" if r["errors"] else ""))
        heard, fetched = sorted(r["heard"]), sorted(r["fetched"])
        if heard:
            print(f"  a result: heard by {len(heard)}/{r['streams']} (the last {heard[-1]:.2f} s after the command "
                  f"ended), on every phone (its row swapped in: {r['swapped']}, the new part fetched: "
                  f"{len(fetched) - r['swapped']}) by {len(fetched)} (the last {fetched[-1]:.2f} s)")
        print(f"  CPU: the phones {r['client_cpu']:.1f} s (on the same machine)")
    print(f"  server: CPU {cpu:.1f} s; memory {rss0} at rest, {st['VmRSS']} after, peak {st['VmHWM']}; "
          f"load average {load:.1f} (2 cores)")
    return True


def main() -> None:
    server_path = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--server-path=")), "")
    if special(server_path):
        return
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    with_change = "--change-under-load" in sys.argv[1:]
    clients = int(args[0]) if len(args) > 0 else 300
    requests = int(args[1]) if len(args) > 1 else 10
    players = int(args[2]) if len(args) > 2 else 300
    rounds = int(args[3]) if len(args) > 3 else 7
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 4 * clients + 100)), hard))
    with tempfile.TemporaryDirectory(prefix="bench-web-") as tmp:
        path = Path(tmp) / "hall.toml"
        create(path, replace(big_event(players, rounds), tiebreaks=("BH-C1", "BH", "SB", "WIN")))
        web = Web(str(path), log=lambda text: None)
        t = time.perf_counter()
        e = load(path)
        t_load = time.perf_counter() - t
        c = time.process_time()
        snap = web.build()
        for key in list(snap.entries):  # every page of both languages, made and framed
            web._make(snap, *key)
        t_all = time.process_time() - c
        size = sum(len(b.data) for b in snap.bodies.values())
        print(f"event: {players} players, {rounds} rounds (the last one being played), tie-breaks "
              f"{', '.join(e.tiebreaks)}; {len(snap.entries) // 2} pages a language ({size / 1e6:.1f} MB in both "
              f"languages)")
        print(f"in the server's worker thread: the file read {t_load * 1000:.0f} ms; every page of both languages made, "
              f"framed and gzipped {t_all * 1000:.0f} ms CPU (the server before made them all on every change)")
        hot = frozenset((lang, p) for lang in ("en", "ru") for p in PATHS if not p.startswith(("/static", "/version", "/?")))
        web.snap = web.build(hot)
        web.snap = web.build(hot)  # the file unchanged: nothing made
        from arbiter_tournament.core import commands as cmds
        from arbiter_tournament.core.event.results import Result
        from arbiter_tournament.core.store import EventFile

        ef, times = EventFile(path), []
        for k, board in enumerate((2, 3, 4)):
            cmds.run(ef, cmds.RecordResult("swiss", None, rounds, board, (Result.DRAW, Result.FIRST_WINS)[k % 2],
                                           force=True))
            c = time.process_time()
            web.snap = web.build(hot)
            times.append(time.process_time() - c)
        cmds.run(ef, cmds.RecordResult("swiss", None, rounds, 2, None, force=True))
        cmds.run(ef, cmds.RecordResult("swiss", None, rounds, 3, None, force=True))
        cmds.run(ef, cmds.RecordResult("swiss", None, rounds, 4, None, force=True))
        print(f"a result entered, the pages open in the hall ({len(hot) // 2} a language) made again: "
              f"{', '.join(f'{x * 1000:.0f}' for x in times)} ms CPU; the pages it changed: "
              f"{', '.join(sorted(p for lang, p in web.snap.changed if lang == 'en'))}")
        server, port = start_server(path, server_path, ["--max-clients", str(max(1000, 2 * clients + 10))])
        try:
            rss0 = status_of(server.pid)["VmRSS"]
            cpu0 = cpu_seconds(server.pid)
            r = asyncio.run(load_test(port, path, clients, requests, with_change))
            cpu = cpu_seconds(server.pid) - cpu0
            procs = family(server.pid)
            st = status_of(server.pid)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
    lat = sorted(r["lat"])
    n = len(lat)
    q = statistics.quantiles(lat, n=100) if n > 1 else [lat[0]] * 99
    print(f"{clients} clients x {requests} requests, each client holding an event stream too ({r['streams']} streams)")
    print(f"requests: {n} answered, errors: {len(r['errors'])}" + (f" (first: {r['errors'][0]})" if r["errors"] else ""))
    print(f"latency: p50 {q[49] * 1000:.1f} ms, p99 {q[98] * 1000:.1f} ms, max {lat[-1] * 1000:.1f} ms; "
          f"{n / r['took']:.0f} requests/s over {r['took']:.2f} s; CPU: the clients {r['client_cpu']:.2f} s, "
          f"the server {cpu:.2f} s (with the pages made again once)")
    heard = sorted(r["heard"])
    if with_change:
        print(f"a result entered from the command line, done {r['changed_at']:.2f} s into the {r['load_end']:.2f} s of load"
              + ("" if r["changed_at"] < r["load_end"] else " (after it)"))
    else:
        print("a result entered from the command line after the load, every stream still open")
    if heard:
        print(f"the result: heard by {len(heard)}/{r['streams']} streams, median "
              f"{statistics.median(heard) * 1000:.0f} ms, slowest {heard[-1] * 1000:.0f} ms after the command ended")
    else:
        print("the result: heard by no stream")
    print(f"server processes: {len(procs)}; memory: {rss0} at rest, {st['VmRSS']} after, peak {st['VmHWM']}; "
          f"threads {st['Threads']}")


if __name__ == "__main__":
    main()
