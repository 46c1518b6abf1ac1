"""The web view's server: one process, one asyncio loop, pages served from memory.

    serve(path, interval=15.0, host="127.0.0.1", port=8000, max_clients=8000, names=(),
          per_address=10) -> int
    Web(path, ...)                        the server of one event file (its pages, its snapshot)

Why aiohttp: the view reads what strangers on the venue's network send, and the players' reports
(the write path) parse forms and JSON: a well-kept server library parses them (its C parser,
its limits), not our own code. One event loop holds thousands of idle streams for a few
kilobytes each; tui/web/gate.py admits each connection by its address before any byte of it is
read, tui/web/routes.py answers (every route: how to add one, docs of /work/notes/web-server.md).

What it does:
- watches the event file (its inode, size and mtime, every `poll` seconds); on a change it
  loads the event and makes every page in both languages once, in a worker thread (the loop
  goes on serving the previous version meanwhile), gzips them, and tells every open page
  through /events (server-sent events) that a new version is there; the page fetches its new
  `#live` part (`?part=live`) and swaps it in;
- a file that cannot be read (mid-copy, hand-edited badly): the last good pages stay, with a
  line saying the file cannot be read now and of when the shown state is (no word of the
  reader's error: it can quote a value of the file); stderr says why;
- only GET and HEAD of the routes it made (no path reaches the file system: the style sheet
  and the script are read from the package once, at start); a Host header that is not an IP
  address, localhost or this machine's name is refused (DNS rebinding), so is an Origin that
  is not the page's own; at most `max_clients` connections at once and `per_address` from one
  address (503 beyond); a connection with no request within 30 s is closed;
- every response says Content-Security-Policy `default-src 'none'` with only this server's
  script, style and connections allowed.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import zlib
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from importlib import resources
from typing import Callable

from aiohttp import web

from arbiter_tournament.core.errors import ArbiterError, message
from arbiter_tournament.core.msg.cells import clean
from arbiter_tournament.core.msg.i18n import LANGUAGES, language
from arbiter_tournament.core.store import EventFile
from arbiter_tournament.core.store.files import Stamp
from arbiter_tournament.core.formats.html import Markup
from arbiter_tournament.tui.web import book, find, frame
from arbiter_tournament.tui.web.book import Book
from arbiter_tournament.tui.web import pages as P
from arbiter_tournament.tui.web.gate import PER_ADDRESS, STREAMS, Gate
from arbiter_tournament.tui.web.http import Body, Snapshot, addresses, choose_lang, host_allowed, machine_names, room_for, venue_name
from arbiter_tournament.tui.web.process import QUIET, Answering, give_back, collector_for_many_connections
from arbiter_tournament.tui.web.process import small_objects_from_malloc  # noqa: F401 (tui/display.py's, by this name)
from arbiter_tournament.tui.web.routes import make_app

__all__ = ["Web", "serve", "small_objects_from_malloc", "choose_lang", "host_allowed", "MAX_CLIENTS", "PER_ADDRESS", "STREAMS"]

MAX_CLIENTS = 8000  # 3,000 phones (a stream and a connection or two each) and the projectors
IDLE_TIMEOUT = 30.0  # a connection with no request in this time is closed (from its start, too)
SWITCH_INTERVAL = 0.001


GIVE_BACK = 4 * 1024 * 1024  # pages of more than this (some 300 players): their memory is given back when replaced
GIVE_BACK_PLAYERS = 2000  # an event of more players replaced by one of a quarter fewer: the reader's memo too
FIRST = ("/", "/names", "/standings", "/crosstable", "/players", "/rounds", "/hall")  # made as the server starts
HOT = 90.0  # s: a page asked for this lately is made again at once on a change (a phone without JavaScript: 60 s)


def _weight(snap: Snapshot) -> int:
    """The bytes of a version's pages made (their bodies, and the pages kept from the versions before)."""
    return snap.size + sum(len(e.page.body) for e in snap.entries.values() if e.page is not None)


def _local_now() -> datetime:
    return datetime.now().astimezone()


class Web:
    """The server of one event file."""

    def __init__(self, path: str, *, interval: float = 15.0, host: str = "127.0.0.1", port: int = 8000,
                 max_clients: int = MAX_CLIENTS, poll: float = 0.25, clock=_local_now, log=None,
                 names: tuple[str, ...] = (), per_address: int = PER_ADDRESS, streams: int = STREAMS,
                 routes=(), freeze: bool = False) -> None:
        self.file = EventFile(path)
        self.freeze = freeze  # once serving: what is there (modules, the first pages) out of the collector's rounds
        self.name = self.file.path.name
        self.interval = interval
        self.host, self.port = host, port
        self.max_clients = max_clients
        self.poll = poll
        self.clock = clock
        self.log = log or (lambda text: print(text, file=sys.stderr, flush=True))
        self.names = machine_names(host) | {venue_name(n) for n in names}  # the Hosts answered (and addresses)
        self.version = 0
        self.sites: dict[str, P.Site] = {}
        self.default_lang = language(None)
        self.stamp = ("", "")
        self.problem: dict[str, str] = {}
        self.failed: Stamp | None | bool = False  # the stamp of the file that could not be read
        self.snap: Snapshot | None = None
        self.static = self._static()
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="arbiter-web")
        self.listeners: dict = {}  # (lang, path) or None -> the open streams' waits: woken by a new version of it
        self.asked: dict[tuple[str, str], float] = {}  # (lang, path) -> when it was last served (loop time)
        self.book = Book()  # the pages kept from one version to the next (tui/web/book.py)
        self.players = 0  # the players of the event read last
        self.settle = False  # a big file was replaced by a smaller one: its pages to be made anew (`_settle`)
        self.gate = Gate(max_clients, per_address, streams)
        self.extra_routes = list(routes)  # add(app, web): more routes (the players' reports)
        self.app: web.Application | None = None
        self.runner: web.AppRunner | None = None
        self.server: asyncio.base_events.Server | None = None
        self.stopping: asyncio.Event | None = None
        self.closing = False
        self.error: BaseException | None = None

    # -- the pages --------------------------------------------------------------------------------
    def _static(self) -> dict[str, Body]:
        folder = resources.files("arbiter_tournament.tui.web") / "static"
        out = {}
        for name, ctype in (("app.css", "text/css; charset=utf-8"), ("app.js", "text/javascript; charset=utf-8")):
            data = (folder / name).read_bytes()
            out["/static/" + name] = Body.of(data, f"s{zlib.crc32(data):08x}", ctype, level=9)
        icon = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#0b5cad"/></svg>'
        out["/favicon.ico"] = Body.of(icon, "icon", "image/svg+xml")
        return out

    def _problem_text(self, exc: BaseException, lang: str) -> str:
        if isinstance(exc, ArbiterError):
            text = message(exc, lang)
        elif isinstance(exc, OSError):
            text = f"{self.name}: {exc.strerror or exc}"
        else:
            text = f"{self.name}: {exc}"
        for p in sorted({str(self.file.real), str(self.file.path), os.path.abspath(self.file.path)}, key=len,
                        reverse=True):
            text = text.replace(p, self.name)  # the page shows no path of the judge's machine
        return clean(text)

    def build(self, hot: frozenset = frozenset(), again: bool = False) -> Snapshot | None:
        """Load the event and the plan of its pages (in the worker thread); the pages whose parts changed are
        made again, now if they are `hot` (open or asked for lately), else when asked for; None if nothing
        changed. `again`: every page is made anew (`settle`)."""
        stamp = Stamp.of(self.file.real)
        try:
            event = self.file.load()
            shared = P.Shared(event, self.book.memo)
            sites = {lang: P.build(event, lang, shared) for lang in LANGUAGES}
        except Exception as exc:  # noqa: BLE001 - whatever a file does to the reader, the last good pages stay
            self.error = exc
            if self.failed is not False and self.failed == stamp:
                return None
            self.failed = stamp
            self.problem = {lang: "unreadable" for lang in LANGUAGES}  # the banner says no more (frame._stamp)
            self.log(f"arbiter: display: {self._problem_text(exc, 'en')}; "
                     + ("the page shows the last good state" if self.sites else "nothing to show yet"))
            if not self.sites:
                return None
            return self._assemble(self.default_lang, hot, everything=True)
        was_bad = self.failed is not False
        self.failed = False
        self.problem = {}
        if was_bad:
            self.log(f"arbiter: display: {self.name} reads again")
        now = self.clock()
        self.stamp = (now.strftime("%H:%M:%S"), now.isoformat(timespec="seconds"))
        self.sites = sites
        self.players = len(event.players)
        self.default_lang = language(event)
        return self._assemble(self.default_lang, hot, everything=was_bad or again)

    def _assemble(self, default_lang: str, hot: frozenset = frozenset(), everything: bool = False) -> Snapshot:
        """The snapshot of a new version: the pages kept from the version before (their deps equal), the
        `hot` ones made and framed now, the others when asked for (`later`)."""
        version = self.version + 1
        entries = self.book.update(self.sites, version, everything, hot)
        missing: dict[str, Body] = {}
        stamp, iso = self.stamp
        snap = Snapshot(version, {}, missing, default_lang, sites=dict(self.sites), stamp=self.stamp,
                        problem=dict(self.problem), entries=entries, players=self.players)
        for lang, site in self.sites.items():
            missing[lang] = Body.of(P.not_found(site, version=version, stamp=stamp, stamp_iso=iso),
                                    f"{version}-{lang}-404", "text/html; charset=utf-8")
        for lang, path in sorted(hot):  # the pages open or asked for lately whose parts changed: made now
            entry = entries.get((lang, path))
            if entry is not None and entry.page is None:
                self._make(snap, lang, path)
        snap.changed = frozenset(k for k, e in entries.items() if e.version == version)
        self.version = version
        return snap

    def _make(self, snap: Snapshot, lang: str, path: str) -> bool:
        """Make the page (if its entry has none) and its two bodies (the whole page, its live part) into
        `snap`; False: no such page. In the worker thread (the only one making pages)."""
        key = (lang, path)
        if (lang, path, "live") in snap.bodies:
            return True
        problem = snap.problem.get(lang, "")
        if not book.make(snap.entries, snap.sites, key, problem):
            return False
        site, entry = snap.sites[lang], snap.entries[key]
        page = entry.page
        stamp, iso = snap.stamp
        v, sv = entry.version, snap.version
        full = P.document(site, page, version=v, stamp=stamp, stamp_iso=iso, problem=problem, interval=self.interval)
        part = P.live_part(site, page, stamp=stamp, stamp_iso=iso, problem=problem)
        # gzip level 6: a page is made once per change of its own now (2-3 ms at 1000 players), and each of the
        # hall's phones takes a sixth fewer bytes than at level 1
        snap.bodies[(lang, path, "full")] = Body.of(full, f"{sv}-{lang}-f", "text/html; charset=utf-8", level=6)
        snap.bodies[(lang, path, "live")] = Body.of(part, f"{sv}-{lang}-l", "text/html; charset=utf-8", level=6)
        return True

    async def ready(self, snap: Snapshot, lang: str, path: str) -> bool:
        """The page and its bodies made in `snap` (in the worker thread, once however many ask); False: no
        such page."""
        key = (lang, path)
        if key not in snap.entries:
            return False
        if (lang, path, "live") in snap.bodies:
            return True
        fut = snap.making.get(key)
        if fut is None:
            fut = snap.making[key] = asyncio.get_running_loop().run_in_executor(self.pool, self._make, snap, lang, path)
        return await asyncio.shield(fut)

    async def later(self, snap: Snapshot, lang: str, path: str, part: str) -> Body | None:
        """A page made on its first request in this version (in the worker thread, once)."""
        if not await self.ready(snap, lang, path):
            return None
        return snap.bodies.get((lang, path, part))

    def asked_for(self, lang: str, path: str) -> None:
        """A page served: it is made at once in the next versions for a while (HOT seconds)."""
        self.asked[(lang, path)] = asyncio.get_running_loop().time()

    def hot(self) -> frozenset:
        """The pages made at once on a change: open (a live stream on them) or asked for in the last HOT s."""
        now = asyncio.get_running_loop().time()
        for key in [k for k, t in self.asked.items() if now - t > HOT]:
            del self.asked[key]
        return frozenset(self.asked) | frozenset(k for k, waits in self.listeners.items() if k is not None and waits)

    async def find_page(self, snap: Snapshot, lang: str, q: str) -> Body:
        """`/find?q=`: the players of the current round that `q` finds (tui/web/find.py), kept per
        version for the 512 last different questions."""
        words = find.terms(q)
        ck = (lang, " ".join(words), q.strip()[:200])
        body = snap.found.get(ck)
        if body is not None:
            return body
        await self.ready(snap, lang, "/names")  # its rows are the finder's
        site = snap.sites[lang]
        rows = []
        for k, row in site.finder:
            if find.hit(k, words):
                rows.append(row)
                if len(rows) > find.MAX_FOUND:
                    break
        more = len(rows) > find.MAX_FOUND
        stamp, iso = snap.stamp
        html = frame.find_document(site, q.strip(), rows[:find.MAX_FOUND], more, version=snap.version, stamp=stamp,
                                   stamp_iso=iso, problem=snap.problem.get(lang, ""), has_round=bool(site.find_head))
        body = Body.of(html, f"{snap.version}-{lang}-find-{zlib.crc32(repr(ck).encode()):08x}",
                       "text/html; charset=utf-8")
        if len(snap.found) < 512:
            snap.found[ck] = body
        return body

    async def hall_one(self, snap: Snapshot, lang: str, which: str) -> Body:
        """`/hall?s=K`: the hall's page K alone, refreshing to page K+1 after the interval (no JavaScript)."""
        await self.ready(snap, lang, "/hall")
        self.asked_for(lang, "/hall")
        site = snap.sites[lang]
        slides = site.hall_slides or [Markup("")]
        k = int(which) % len(slides) if which.isdigit() and len(which) < 6 else 0
        key = (lang, "hall", k)
        body = snap.found.get(key)
        if body is None:
            page = snap.entries[(lang, "/hall")].page
            one = P.Page("/hall", page.title, slides[k], nav="/hall")
            stamp, iso = snap.stamp
            html = P.document(site, one, version=snap.version_of((lang, "/hall")), stamp=stamp, stamp_iso=iso,
                              problem=snap.problem.get(lang, ""), interval=self.interval,
                              then=f"/hall?s={(k + 1) % len(slides)}")
            body = snap.found[key] = Body.of(html, f"{snap.version}-{lang}-hall-{k}", "text/html; charset=utf-8")
        return body

    def publish(self, snap: Snapshot | None) -> None:
        """Make `snap` the pages served (in the loop) and wake the open streams of the pages whose content
        changed (and those not on a page); once the version before is let go, its memory goes back to the
        system (`give_back`, in the worker thread)."""
        if snap is None:
            return
        old, self.snap = self.snap, snap
        self._wake_streams(snap.changed)
        if old is not None and (_weight(old) > GIVE_BACK or old.players > GIVE_BACK_PLAYERS):
            # a big file replaced by one of fewer players: the reader's memo of it and the pieces of its pages too
            shrunk = snap.players < old.players * 3 // 4
            del old
            asyncio.get_running_loop().run_in_executor(self.pool, give_back, shrunk, self.book.memo)
            self.settle = self.settle or (shrunk and not self.closing)

    def _wake_streams(self, keys=None) -> None:
        """Wake the streams of `keys` (lang, path) and those of no page; every stream when `keys` is None."""
        if keys is None:
            woken, self.listeners = self.listeners, {}
        else:
            woken = {k: self.listeners.pop(k) for k in [None, *keys] if k in self.listeners}
        for waits in woken.values():
            for fut in waits:
                if not fut.done():
                    fut.set_result(None)

    async def watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(self.poll)
            now = Stamp.of(self.file.real)
            if self.failed is False and now == self.file.stamp:
                continue
            if self.failed is not False and now == self.failed:
                continue
            try:
                self.publish(await loop.run_in_executor(self.pool, self.build, self.hot()))
                if self.settle:
                    await self._settle()
            except Exception as exc:  # noqa: BLE001 - never stop following the file
                self.log(f"arbiter: display: {exc!r}")

    async def _settle(self) -> None:
        """After a big file was replaced by a smaller one: the pages made anew once the big one's memory is let
        go, and the first ones made beside it let go in turn. The small version's objects were made while the
        big one's were there, scattered among them: they kept most of the big one's memory from going back to
        the system (127 MB after, against 60 at the start, for a 20,000-player file); made again, they are
        packed together. The content is the same: every page keeps its version, no phone is told."""
        loop = asyncio.get_running_loop()
        self.settle = False
        snap = await loop.run_in_executor(self.pool, self.build, self.hot(), True)
        if snap is not None and not self.closing:
            self.publish(snap)
            await loop.run_in_executor(self.pool, give_back, True, None)

    # -- running ------------------------------------------------------------------------------------
    async def start(self) -> None:
        """Make the first pages and listen (raises OSError when the address cannot be had)."""
        self.stopping = asyncio.Event()
        loop = asyncio.get_running_loop()
        # the first version: the pages of the navigation made at once (the hall's phones open them first)
        start = frozenset((lang, path) for lang in LANGUAGES for path in FIRST)
        snap = await loop.run_in_executor(self.pool, self.build, start)
        if snap is None:  # the file went bad between the command's check and here
            assert self.error is not None  # (build keeps why)
            raise self.error
        self.publish(snap)
        self.app = make_app(self)
        for add in self.extra_routes:
            add(self.app, self)
        self.runner = web.AppRunner(self.app, handle_signals=False, handler_cancellation=True, shutdown_timeout=2.0,
                                    access_log=None, logger=QUIET, keepalive_timeout=IDLE_TIMEOUT, max_line_size=8190,
                                    max_field_size=8190, max_headers=100)
        await self.runner.setup()
        manager = self.runner.server
        assert manager is not None

        def handler() -> Answering:  # a connection's: the runner's own, with the headers on aiohttp's answers too
            return Answering(manager, loop=loop, access_log=None, logger=QUIET,  # type: ignore[arg-type]
                             keepalive_timeout=IDLE_TIMEOUT, max_line_size=8190, max_field_size=8190, max_headers=100)

        self.server = await loop.create_server(self.gate.protocol(handler), self.host, self.port, backlog=4096,
                                               reuse_address=True)
        self.port = self.server.sockets[0].getsockname()[1]
        self._watcher = asyncio.ensure_future(self.watch())

    async def run(self, ready=None) -> None:
        # While the worker thread makes pages, the loop takes the GIL back after each socket call:
        # within 1 ms rather than the default 5 (the pages take a little longer to make, and a
        # hall of phones is not kept waiting meanwhile; bench/bench_web.py).
        before = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH_INTERVAL)
        try:
            await self._serve_until_stopped(ready)
        finally:
            sys.setswitchinterval(before)

    async def _serve_until_stopped(self, ready) -> None:
        try:
            await self.start()
            if self.freeze:
                # what the process holds once serving (the modules, aiohttp, the first version's pages: none of it
                # refers to itself, so a version replaced is still freed at once) is left out of the collector's
                # full rounds, which otherwise scan it all again and again as thousands of phones connect
                # (330-800 ms each on the loaded 2-core machine: the phones' p99)
                collector_for_many_connections()
            stopping = self.stopping
            assert stopping is not None  # (start made it)
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
                try:
                    loop.add_signal_handler(sig, stopping.set)
                except (ValueError, RuntimeError, NotImplementedError):  # not the main thread
                    pass
            if ready is not None:
                ready(self)
            await stopping.wait()
        finally:
            await self.close()

    async def close(self) -> None:
        self.closing = True
        self._wake_streams()
        if self.server is not None:
            self.server.close()
        watcher = getattr(self, "_watcher", None)
        if watcher is not None:
            watcher.cancel()
        if self.runner is not None:
            await self.runner.cleanup()
        self.pool.shutdown(wait=False, cancel_futures=True)


def bases(host: str, port: int, names: tuple[str, ...] = (), public_url: str | None = None) -> list[str]:
    """The addresses the server prints for phones and projectors: `--public-url` first (what phones open through a
    router's forwarding: its port may not be ours), the names of `--name` on our port (not the public URL's
    own name: on our port it is the wrong address), then the addresses served on."""
    from urllib.parse import urlsplit

    public_host = urlsplit(public_url).hostname if public_url else None
    named = [f"http://{venue_name(n)}:{port}" for n in names if venue_name(n) != public_host]
    out = ([public_url] if public_url else []) + named + addresses(host, port)
    return list(dict.fromkeys(out))


def serve(path: str, interval: float = 15.0, host: str = "127.0.0.1", port: int = 8000,
          max_clients: int = MAX_CLIENTS, names: tuple[str, ...] = (), per_address: int = PER_ADDRESS,
          reports: bool = False, public_url: str | None = None) -> int:
    """`arbiter display FILE --serve [--reports]`: serve until Ctrl-C or SIGTERM; 0 then. With `reports`, the
    players' write path (/me, POST /api/report: tui/web/me.py) is mounted, and the address phones open kept
    beside the event (`public_url`, or the one served on: tui/web/me.py `keep_address`); without, the view is
    read-only."""
    fit = room_for(max_clients)
    routes: tuple[Callable[[web.Application, Web], None], ...] = ()
    if reports:
        from arbiter_tournament.tui.web.me import reports_routes

        routes = (reports_routes(path),)
    web_ = Web(path, interval=interval, host=host, port=port, max_clients=fit, names=names, per_address=per_address,
               routes=routes, freeze=True)

    def ready(w: Web) -> None:
        said = "with the players' reports (/me)" if reports else "read-only"
        lines = [f"arbiter: serving {clean(w.name)} {said}; Ctrl-C stops"]
        for base in bases(host, w.port, names, public_url):
            lines += [f"  phones:    {clean(base)}/", f"  projector: {clean(base)}/hall"]
            if reports:
                lines.append(f"  reports:   {clean(base)}/me")
        if any("ADDRESS" in x for x in lines):
            lines.append("  (ADDRESS: this machine's address on the venue network, `hostname -I`)")
        if reports:
            from arbiter_tournament.tui.web.me import keep_address

            lines += keep_address(path, public_url, host, w.port, names)
        each = f", at most {w.gate.per_address} from one address" if w.gate.per_address else ""
        lines.append(f"  at most {w.max_clients} connections at once{each}")
        if fit < max_clients:
            lines.append(f"  (the open-files limit allows {fit}: raise it with `ulimit -n {max_clients + 64}`)")
        print("\n".join(lines), flush=True)

    try:
        asyncio.run(web_.run(ready))
    except OSError as exc:  # the port in use, an address not of this machine
        raise ArbiterError("--host {host} --port {port}: cannot serve the display there: {error}", host=host,
                           port=port, error=exc.strerror or str(exc)) from None
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":  # pragma: no cover - `arbiter display FILE --serve` is the way in
    raise SystemExit(serve(sys.argv[1]))
