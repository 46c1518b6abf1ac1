"""A full hall on the web view: `arbiter display FILE --serve` under 300 phones at once.

Starts the real server (`python -m arbiter.tui.cli display FILE --serve`, one process) on an
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
measure it against this one on the same machine at the same time.)

Everything goes to 127.0.0.1 only.
"""

from __future__ import annotations

import asyncio
import os
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

from arbiter.core.store import create, load  # noqa: E402
from arbiter.tui.web import pages  # noqa: E402
from arbiter.tui.web.server import Web  # noqa: E402

PATHS = ["/", "/names", "/static/app.css", "/static/app.js", "/standings", "/?part=live", "/version", "/hall",
         "/crosstable", "/players"]
TIMEOUT = 30.0


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
        writer.write(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
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
        sys.executable, "-c", "import sys; from arbiter.tui.cli import main; sys.stdin.readline(); "
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


def main() -> None:
    server_path = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--server-path=")), "")
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
        t = time.perf_counter()
        shared = pages.Shared(e)
        web.sites = {lang: pages.build(e, lang, shared) for lang in ("en", "ru")}
        t_pages = time.perf_counter() - t
        t = time.perf_counter()
        snap = web._assemble("en")
        t_gzip = time.perf_counter() - t
        size = sum(len(b.data) for b in snap.bodies.values())
        print(f"event: {players} players, {rounds} rounds (the last one being played), tie-breaks "
              f"{', '.join(e.tiebreaks)}; {len(snap.bodies) // 4} pages a language made at once "
              f"({size / 1e6:.1f} MB in both languages), {len(web.sites['en'].later)} rounds' pages when asked for")
        print(f"a change, in the server's worker thread: the file read {t_load * 1000:.0f} ms, every page in both "
              f"languages {t_pages * 1000:.0f} ms, framed and gzipped {t_gzip * 1000:.0f} ms")
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "arbiter.tui.cli", "display", str(path), "--serve", "--port",
                                   str(port), "--max-clients", str(max(1000, 2 * clients + 10))],
                                  cwd=ROOT, env={**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [server_path, str(ROOT)]))},
                                  stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE, start_new_session=True)
        try:
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
