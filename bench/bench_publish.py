"""What `arbiter publish` sends: bytes per result and per round, at 40 and 1000 players (docs/publishing.md).

    python bench/bench_publish.py [N ...] [--every] [--wire]

For each N (default 40 and 1000): an open of N players (bench/simulate.py) with three rounds played and
round 4 paired. Its results are entered one at a time; after each, the site is built and its change set
(`core.formats.publish.change_set`, the one `arbiter publish` sends) is taken against what is online: the
pages and bytes of one upload per result, as `--watch` sends them when each result comes on its own. Then
round 5 is paired (its page, and the pages that link to it). Printed: the site's size, per result (the
smallest, the median and the largest upload), the last result of the round (the standings, crosstable and
final ranking change with it), the pairing, the whole round, and the round sent in one upload (results
entered while the network was down, sent once).

The bytes are the pages' own (what rclone is handed); the protocol adds its requests on top (on WebDAV a
PUT and a MOVE per page, a few hundred bytes each). Building a 1000-player site takes about half a second
of CPU, so at 1000 players the uploads of 25 results spread over the round are measured (the other results
of an unfinished round change the same one page: their sizes are that page's) unless --every is given.

`--wire` also runs the real thing: `arbiter publish`'s publisher and rclone to `rclone serve webdav` on
127.0.0.1 through a relay that counts every byte sent to the server (requests, headers, pages), for the
first upload, three results and the round's last one (needs rclone).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

from simulate import draw_result, open_event  # noqa: E402

from arbiter_tournament.core.event import commands  # noqa: E402
from arbiter_tournament.core.formats.publish import change_set, page_hash  # noqa: E402
from arbiter_tournament.core.formats.site import build_site  # noqa: E402
from arbiter_tournament.core.pairing import rounds as pairing  # noqa: E402


def site(e):
    pages = build_site(e)
    return {n: page_hash(h) for n, h in pages.items()}, {n: len(h.encode("utf-8")) for n, h in pages.items()}


def upload(now, sizes, online) -> tuple[int, int]:
    """(pages, bytes) of one upload: the change set's puts (a deletion sends no page)."""
    plan = change_set(now, online)
    names = [n for kind, group in plan.steps() if kind == "put" for n in group]
    return len(names), sum(sizes[n] for n in names)


def kb(x: float) -> str:
    return f"{x / 1000:.1f} kB"


def bench(n: int, every: bool) -> None:
    t0 = time.process_time()
    e = pairing.pair_next(open_event(n, rounds=9, played=3, seed=1))
    rnd = e.rounds[-1]
    boards = [g for g in rnd.games if g.second is not None and g.result is None]
    online, sizes = site(e)
    print(f"{n} players: the site {len(online)} pages, {kb(sum(sizes.values()))}; round {rnd.number}: "
          f"{len(boards)} results")
    rng = random.Random(n)
    measured = set(range(len(boards))) if every or len(boards) <= 60 else \
        {round(i * (len(boards) - 2) / 24) for i in range(25)} | {len(boards) - 1}
    per: list[tuple[int, int]] = []
    start = dict(online)
    for i, g in enumerate(boards):
        res = draw_result(rng, e.player(g.first).rating, e.player(g.second).rating)
        e = commands.record_result(e, rnd.stage, rnd.table, rnd.number, g.board, res, by="bench")
        if i in measured:
            now, sizes = site(e)
            per.append(upload(now, sizes, online))
            online = now
    last = per.pop()  # the round complete: the standings, crosstable, final ranking change with it
    now, sizes = site(e)
    whole_round_once = upload(now, sizes, start)
    e2 = pairing.pair_next(e)
    now2, sizes2 = site(e2)
    pairing_upload = upload(now2, sizes2, now)
    # the results before the last of an unfinished round: each changes the round's page alone
    pages = [p for p, _ in per]
    sent = sorted(b for _, b in per)
    typical = statistics.median(sent)
    total = typical * (len(boards) - 1) + last[1] + pairing_upload[1] if len(per) < len(boards) - 1 else \
        sum(sent) + last[1] + pairing_upload[1]
    print(f"  a result (one upload each): {min(pages)}-{max(pages)} page(s), {kb(min(sent))} / {kb(typical)} / "
          f"{kb(max(sent))} (smallest / median / largest of {len(per)} measured)")
    print(f"  the round's last result: {last[0]} pages, {kb(last[1])}")
    print(f"  pairing round {rnd.number + 1}: {pairing_upload[0]} pages, {kb(pairing_upload[1])}")
    print(f"  the whole round, each result its own upload, and the next pairing: {kb(total)}"
          + ("" if len(per) == len(boards) - 1 else f" ({len(boards) - 1 - len(per)} results taken at the median)"))
    print(f"  the round's results in one upload (sent once after an outage): {whole_round_once[0]} pages, "
          f"{kb(whole_round_once[1])}")
    print(f"  (CPU {time.process_time() - t0:.1f} s)")


class Counter:
    """A TCP relay on 127.0.0.1 in front of a server, counting the bytes sent to it (requests, headers, pages)."""

    def __init__(self, target_port: int) -> None:
        import socket
        import threading

        self.target = target_port
        self.sent = 0
        self.lock = threading.Lock()
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        import socket
        import threading

        while True:
            try:
                client, _ = self.sock.accept()
            except OSError:
                return
            server = socket.create_connection(("127.0.0.1", self.target))
            threading.Thread(target=self._pipe, args=(client, server, True), daemon=True).start()
            threading.Thread(target=self._pipe, args=(server, client, False), daemon=True).start()

    def _pipe(self, src, dst, count: bool) -> None:
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                if count:
                    with self.lock:
                        self.sent += len(data)
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(2)
                except OSError:
                    pass


def wire(n: int, results: int) -> None:
    """`arbiter publish` (the Publisher, rclone) to `rclone serve webdav` through a counting relay: the bytes
    on the wire of the first upload, of `results` results one upload each, of the round's last result."""
    import os
    import shutil
    import socket
    import subprocess
    import tempfile

    from arbiter_tournament.core.commands import RecordResult, run
    from arbiter_tournament.core.formats.publish import Publisher
    from arbiter_tournament.core.store import EventFile, create

    tmp = Path(tempfile.mkdtemp(prefix="bench-publish-"))
    try:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        root = tmp / "www"
        root.mkdir()
        srv = subprocess.Popen([shutil.which("rclone") or "rclone", "serve", "webdav", str(root), "--addr",
                                f"127.0.0.1:{port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(200):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.05)
            relay = Counter(port)
            e = pairing.pair_next(open_event(n, rounds=9, played=3, seed=1))
            ev = tmp / "open.toml"
            create(ev, e)
            rnd = e.rounds[-1]
            boards = [g for g in rnd.games if g.second is not None and g.result is None]
            rng = random.Random(n)
            os.environ["XDG_STATE_HOME"] = str(tmp / "state")
            with Publisher(ev, f":webdav,url=http://127.0.0.1:{relay.port}:") as pub:
                before = relay.sent
                first = pub.sync()
                print(f"{n} players over WebDAV: the first upload {first.pages} pages, pages {kb(first.bytes)}, "
                      f"on the wire {kb(relay.sent - before)}")
                picks = list(range(results)) + [len(boards) - 1]
                for i, g in enumerate(boards):
                    res = draw_result(rng, e.player(g.first).rating, e.player(g.second).rating)
                    run(EventFile(ev), RecordResult(rnd.stage, rnd.table, rnd.number, g.board, res, by="bench"))
                    if i in picks:
                        before = relay.sent
                        sent = pub.sync()
                        what = "the round's last result" if i == len(boards) - 1 else f"result {i + 1}"
                        print(f"  {what}: {sent.pages} page(s), pages {kb(sent.bytes)}, on the wire "
                              f"{kb(relay.sent - before)}")
        finally:
            srv.kill()
            srv.wait()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main(argv: list[str]) -> None:
    every = "--every" in argv
    sizes = [int(a) for a in argv if a.isdigit()] or [40, 1000]
    for n in sizes:
        bench(n, every)
    if "--wire" in argv:
        for n in sizes:
            wire(n, 3)


if __name__ == "__main__":
    main(sys.argv[1:])
