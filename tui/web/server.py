"""The web view's server: one process, one asyncio loop, pages served from memory.

    serve(path, interval=15.0, host="127.0.0.1", port=8000, max_clients=1000) -> int

Why asyncio from the standard library (no new dependency): the view only answers GET and HEAD
with pages already made, and keeps one server-sent-events stream open per browser; one
event loop holds hundreds of idle streams for the cost of a few kilobytes each (a thread per
connection would hold a thread per phone), and the whole HTTP it needs is a request line and
headers, read with a size limit and a time limit.

What it does:
- watches the event file (its inode, size and mtime, every `poll` seconds); on a change it
  loads the event and makes every page in both languages once, in a worker thread (the loop
  goes on serving the previous version meanwhile), gzips them, and tells every open page
  through /events (server-sent events) that a new version is there; the page fetches its new
  `#live` part (`?part=live`) and swaps it in;
- a file that cannot be read (mid-copy, hand-edited badly): the last good pages stay, with a
  line saying the file cannot be read now and of when the shown state is; stderr says why;
- only GET and HEAD of the routes it made (no path reaches the file system: the style sheet
  and the script are read from the package once, at start); a Host header that is not an IP
  address, localhost or this machine's name is refused (DNS rebinding), so is an Origin that
  is not the page's own; at most `max_clients` connections at once (503 beyond); headers at
  most 16 KiB, read within 10 s; an idle connection is closed after 30 s;
- every response says Content-Security-Policy `default-src 'none'` with only this server's
  script, style and connections allowed.
"""

from __future__ import annotations

import asyncio
import gzip
import ipaddress
import json
import os
import re
import resource
import signal
import zlib
import socket
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from importlib import resources
from urllib.parse import parse_qs

from arbiter.core.errors import ArbiterError, message
from arbiter.core.msg.cells import clean
from arbiter.core.msg.i18n import LANGUAGES, language
from arbiter.core.store import EventFile
from arbiter.core.store.files import Stamp
from arbiter.tui.web import pages as P

__all__ = ["Web", "serve", "choose_lang", "host_allowed", "MAX_CLIENTS"]

MAX_CLIENTS = 1000
HEAD_LIMIT = 16 * 1024
HEAD_TIMEOUT = 10.0
IDLE_TIMEOUT = 30.0
WRITE_TIMEOUT = 30.0
HEARTBEAT = 10.0
SWITCH_INTERVAL = 0.001
CHUNK = 64 * 1024
COOKIE = "arbiter_lang"
LOCAL_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"})

SECURITY = (
    b"Content-Security-Policy: default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    b"connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'\r\n"
    b"X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\nX-Frame-Options: DENY\r\n"
    b"Cross-Origin-Resource-Policy: same-origin\r\n"
)
REASONS = {200: "OK", 204: "No Content", 304: "Not Modified", 400: "Bad Request", 403: "Forbidden",
           404: "Not Found", 405: "Method Not Allowed", 421: "Misdirected Request", 503: "Service Unavailable"}
BUSY = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nRetry-After: 5\r\n"
        b"Content-Length: 31\r\nConnection: close\r\n\r\ntoo many connections; try again\n")


@dataclass(frozen=True)
class Body:
    """One response body, as sent: plain and gzipped, with its ETag."""

    data: bytes
    gz: bytes
    etag: bytes
    ctype: bytes

    @classmethod
    def of(cls, text: str | bytes, etag: str, ctype: str, level: int = 1) -> "Body":
        """Level 1: a page is made again on every change, and level 6 takes three times as long for
        a tenth less (the 5 MB of a 1000-player event: 0.06 s against 0.2 s)."""
        data = text.encode("utf-8") if isinstance(text, str) else text
        return cls(data, gzip.compress(data, compresslevel=level, mtime=0), f'"{etag}"'.encode("ascii"),
                   ctype.encode("ascii"))


@dataclass
class Snapshot:
    """Every page of one version of the event, both languages, ready to send (a round's own page
    is made the first time it is asked for, then kept with the others)."""

    version: int
    bodies: dict[tuple[str, str, str], Body]  # (lang, path, "full" | "live") -> body
    missing: dict[str, Body]  # lang -> the "no such page" page
    default_lang: str
    sites: dict = field(default_factory=dict)  # lang -> pages.Site
    stamp: tuple[str, str] = ("", "")
    problem: dict = field(default_factory=dict)
    making: dict = field(default_factory=dict)  # (lang, path) -> the future making that page


def choose_lang(query: dict[str, list[str]], headers: dict[str, str], default: str) -> tuple[str, bool]:
    """(language, chosen now by ?lang=): ?lang=, else the cookie, else Accept-Language, else the event's."""
    asked = (query.get("lang") or [""])[0].strip().lower()
    if asked in LANGUAGES:
        return asked, True
    for part in headers.get("cookie", "").split(";"):
        k, _, v = part.strip().partition("=")
        if k == COOKIE and v in LANGUAGES:
            return v, False
    best, best_q = None, 0.0
    for item in headers.get("accept-language", "").split(",")[:20]:
        tag_, _, params = item.strip().partition(";")
        code = tag_.strip().lower().split("-")[0]
        q = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                q = float(params[2:])
            except ValueError:
                q = 0.0
        if code in LANGUAGES and q > best_q:
            best, best_q = code, q
    return (best or default), False


def _split_host(value: str) -> tuple[str, str] | None:
    """`host[:port]` of a Host header (or of an origin's netloc) -> (host, port), or None if malformed."""
    v = value.strip().lower()
    if not v or any(c in v for c in " /\\@?#"):
        return None
    if v.startswith("["):
        end = v.find("]")
        if end < 0:
            return None
        host, rest = v[1:end], v[end + 1:]
        if rest and not (rest.startswith(":") and rest[1:].isdigit()):
            return None
        return host, rest[1:]
    host, _, port = v.partition(":")
    if port and not port.isdigit():
        return None
    return host, port


def host_allowed(value: str, names: frozenset[str]) -> bool:
    """A Host this server answers: an IP address (a browser only sends one it was told to open),
    localhost, or one of `names` (this machine's). A name an attacker's DNS points at this
    address (DNS rebinding) is not one of them."""
    split = _split_host(value)
    if split is None or not split[0]:
        return False
    host = split[0].rstrip(".")
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        pass
    return host in LOCAL_NAMES or host in names


def machine_names(host: str) -> frozenset[str]:
    names = set()
    try:
        h = socket.gethostname().lower()
        if h:
            names |= {h, h.split(".")[0], h.split(".")[0] + ".local"}
    except OSError:
        pass
    h = host.strip().strip("[]").lower()
    if h:
        try:
            ipaddress.ip_address(h)
        except ValueError:
            names.add(h)
    return frozenset(names)


_DNS_LABEL = re.compile(r"(?!-)[a-z0-9-]{1,63}(?<!-)")


def venue_name(name: str) -> str:
    """A name the venue's network gives this machine (`--name arbiter.lan`): a DNS name, said in lower case.
    Raises ArbiterError for anything else (an address needs no name: every address of the machine is served)."""
    n = name.strip().lower().rstrip(".")
    if not (0 < len(n) <= 253 and all(_DNS_LABEL.fullmatch(x) for x in n.split("."))) or n.replace(".", "").isdigit():
        raise ArbiterError("--name {name}: not a host name (letters, digits, '-' and dots)",
                           name=clean(name))
    return n


def _local_now() -> datetime:
    return datetime.now().astimezone()


class Web:
    """The server of one event file."""

    def __init__(self, path: str, *, interval: float = 15.0, host: str = "127.0.0.1", port: int = 8000,
                 max_clients: int = MAX_CLIENTS, poll: float = 0.5, clock=_local_now, log=None,
                 names: tuple[str, ...] = ()) -> None:
        self.file = EventFile(path)
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
        self.clients = 0
        self.refused = 0
        self.static = self._static()
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="arbiter-web")
        self.changed: asyncio.Event | None = None
        self.server: asyncio.base_events.Server | None = None
        self.stopping: asyncio.Event | None = None
        self.error: BaseException | None = None
        self.tasks: set[asyncio.Task] = set()
        self.waiting: dict[asyncio.StreamWriter, float] = {}  # connections waiting for a request: until when

    # -- the pages --------------------------------------------------------------------------------
    def _static(self) -> dict[str, Body]:
        folder = resources.files("arbiter.tui.web") / "static"
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

    def build(self) -> Snapshot | None:
        """Load the event and make every page (in the worker thread); None if nothing changed."""
        stamp = Stamp.of(self.file.real)
        try:
            event = self.file.load()
            shared = P.Shared(event)
            sites = {lang: P.build(event, lang, shared) for lang in LANGUAGES}
        except Exception as exc:  # noqa: BLE001 - whatever a file does to the reader, the last good pages stay
            self.error = exc
            if self.failed is not False and self.failed == stamp:
                return None
            self.failed = stamp
            self.problem = {lang: self._problem_text(exc, lang) for lang in LANGUAGES}
            self.log(f"arbiter: display: {self._problem_text(exc, 'en')}; "
                     + ("the page shows the last good state" if self.sites else "nothing to show yet"))
            if not self.sites:
                return None
            return self._assemble(self.default_lang)
        was_bad = self.failed is not False
        self.failed = False
        self.problem = {}
        if was_bad:
            self.log(f"arbiter: display: {self.name} reads again")
        now = self.clock()
        self.stamp = (now.strftime("%H:%M:%S"), now.isoformat(timespec="seconds"))
        self.sites = sites
        self.default_lang = language(event)
        return self._assemble(self.default_lang)

    def _assemble(self, default_lang: str) -> Snapshot:
        version = self.version + 1
        bodies: dict[tuple[str, str, str], Body] = {}
        missing = {}
        stamp, iso = self.stamp
        snap = Snapshot(version, bodies, missing, default_lang, sites=dict(self.sites), stamp=self.stamp,
                        problem=dict(self.problem))
        for lang, site in self.sites.items():
            for path in site.pages:
                self._make(snap, lang, path)
            missing[lang] = Body.of(P.not_found(site, version=version, stamp=stamp, stamp_iso=iso),
                                    f"{version}-{lang}-404", "text/html; charset=utf-8")
        self.version = version
        return snap

    def _make(self, snap: Snapshot, lang: str, path: str) -> bool:
        """Make the page's two bodies (the whole page, its live part) into `snap`; False: no such page."""
        site = snap.sites[lang]
        page = site.page(path)
        if page is None:
            return False
        stamp, iso = snap.stamp
        problem = snap.problem.get(lang, "")
        v = snap.version
        full = P.document(site, page, version=v, stamp=stamp, stamp_iso=iso, problem=problem, interval=self.interval)
        part = P.live_part(site, page, stamp=stamp, stamp_iso=iso, problem=problem)
        snap.bodies[(lang, path, "live")] = Body.of(part, f"{v}-{lang}-l", "text/html; charset=utf-8")
        snap.bodies[(lang, path, "full")] = Body.of(full, f"{v}-{lang}-f", "text/html; charset=utf-8")
        return True

    async def later(self, snap: Snapshot, lang: str, path: str, part: str) -> Body | None:
        """A page made on its first request (a round's own page), in the worker thread, once."""
        if path not in snap.sites[lang].later:
            return None
        key = (lang, path)
        fut = snap.making.get(key)
        if fut is None:
            fut = snap.making[key] = asyncio.get_running_loop().run_in_executor(self.pool, self._make, snap, lang, path)
        await asyncio.shield(fut)
        return snap.bodies.get((lang, path, part))

    def publish(self, snap: Snapshot | None) -> None:
        """Make `snap` the pages served (in the loop) and wake every open stream."""
        if snap is None:
            return
        self.snap = snap
        old, self.changed = self.changed, asyncio.Event()
        if old is not None:
            old.set()

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
                self.publish(await loop.run_in_executor(self.pool, self.build))
            except Exception as exc:  # noqa: BLE001 - never stop following the file
                self.log(f"arbiter: display: {exc!r}")

    # -- HTTP ---------------------------------------------------------------------------------------
    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.clients >= self.max_clients:
            self.refused += 1
            try:
                writer.write(BUSY)
                writer.close()
            except OSError:
                pass
            return
        self.clients += 1
        task = asyncio.current_task()
        self.tasks.add(task)
        try:
            first = True
            while True:
                # the sweeper closes a connection whose request does not come in time (cheaper than
                # a wait_for, which makes a task per request)
                self.waiting[writer] = time.monotonic() + (HEAD_TIMEOUT if first else IDLE_TIMEOUT)
                try:
                    head = await reader.readuntil(b"\r\n\r\n")
                except (asyncio.IncompleteReadError, ConnectionError):
                    break
                except asyncio.LimitOverrunError:
                    await self._send(writer, 400, b"request headers too large\n", close=True)
                    break
                finally:
                    self.waiting.pop(writer, None)
                first = False
                keep = await self.answer(head, reader, writer)
                if not keep:
                    break
        except (ConnectionError, asyncio.TimeoutError):
            pass
        except asyncio.CancelledError:  # the server is stopping: the connection just ends
            pass
        finally:
            self.clients -= 1
            self.tasks.discard(task)
            try:
                writer.close()
            except OSError:
                pass

    @staticmethod
    async def _drain(writer: asyncio.StreamWriter) -> None:
        """Wait for a client that reads slowly, at most WRITE_TIMEOUT; nothing to wait for otherwise."""
        if writer.transport.get_write_buffer_size() > CHUNK:
            await asyncio.wait_for(writer.drain(), WRITE_TIMEOUT)

    async def sweep(self) -> None:
        """Close the connections whose request has not come within its time (every half second)."""
        while True:
            await asyncio.sleep(0.5)
            now = time.monotonic()
            for writer, deadline in list(self.waiting.items()):
                if deadline < now:
                    self.waiting.pop(writer, None)
                    writer.transport.abort()

    async def _send(self, writer: asyncio.StreamWriter, status: int, body: bytes, *, close: bool = False,
                    head: bool = False, ctype: bytes = b"text/plain; charset=utf-8", extra: bytes = b"") -> None:
        lines = (f"HTTP/1.1 {status} {REASONS.get(status, 'Error')}\r\n".encode("ascii") + b"Content-Type: " + ctype +
                 b"\r\nContent-Length: " + str(len(body)).encode("ascii") + b"\r\n" + SECURITY + extra +
                 (b"Connection: close\r\n" if close else b"") + b"\r\n")
        writer.write(lines if head else lines + body)
        await self._drain(writer)

    async def answer(self, raw: bytes, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bool:
        """Answer one request; False when the connection is to be closed."""
        try:
            text = raw.decode("latin-1")
            request_line, *header_lines = text[:-4].split("\r\n")
            method, target, proto = request_line.split(" ")
        except ValueError:
            await self._send(writer, 400, b"bad request\n", close=True)
            return False
        if len(header_lines) > 100 or not proto.startswith("HTTP/1."):
            await self._send(writer, 400, b"bad request\n", close=True)
            return False
        headers: dict[str, str] = {}
        for line in header_lines:
            k, sep, v = line.partition(":")
            if not sep or not k or k != k.strip():
                await self._send(writer, 400, b"bad request\n", close=True)
                return False
            k = k.lower()
            if k in headers and k in ("host", "origin", "content-length", "transfer-encoding"):
                await self._send(writer, 400, b"bad request\n", close=True)
                return False
            headers[k] = v.strip()
        conn = headers.get("connection", "").lower()
        keep = proto == "HTTP/1.1" and "close" not in conn
        has_body = headers.get("transfer-encoding") or headers.get("content-length", "0") not in ("", "0")
        head = method == "HEAD"
        if method not in ("GET", "HEAD"):
            await self._send(writer, 405, b"read-only: only GET and HEAD\n", close=True, extra=b"Allow: GET, HEAD\r\n")
            return False
        if has_body:
            await self._send(writer, 400, b"a GET has no body\n", close=True)
            return False
        if "host" not in headers or not host_allowed(headers["host"], self.names):
            await self._send(writer, 421, b"unknown Host: open this server by its address\n", close=True, head=head)
            return False
        origin = headers.get("origin")
        if origin is not None and not self._same_origin(origin, headers["host"]):
            await self._send(writer, 403, b"another site's page may not read this one\n", close=True, head=head)
            return False
        if not target.startswith("/") or len(target) > 2048:
            await self._send(writer, 400, b"bad request target\n", close=True, head=head)
            return False
        path, _, qs = target.partition("?")
        path = path.partition("#")[0]
        if len(path) > 1 and path.endswith("/"):
            path = path.rstrip("/")
        try:
            query = parse_qs(qs, max_num_fields=10) if qs else {}
        except ValueError:  # more fields than that
            query = {}
        snap = self.snap
        if path == "/events" and not head:
            await self.stream(reader, writer)
            return False
        if path == "/version":
            body = json.dumps({"v": snap.version, "now": int(time.time() * 1000)}).encode("ascii")
            await self._send(writer, 200, body, head=head, close=not keep, ctype=b"application/json",
                             extra=b"Cache-Control: no-store\r\n")
            return keep
        if path in self.static:
            return await self._body(writer, self.static[path], headers, keep=keep, head=head)
        lang, asked = choose_lang(query, headers, snap.default_lang)
        part = "live" if (query.get("part") or [""])[0] == "live" else "full"
        extra = b"Vary: Accept-Encoding, Accept-Language, Cookie\r\nX-Arbiter-Version: %d\r\n" % snap.version
        if asked:
            extra += f"Set-Cookie: {COOKIE}={lang}; Path=/; Max-Age=31536000; SameSite=Strict\r\n".encode("ascii")
        body = snap.bodies.get((lang, path, part))
        if body is None:
            body = await self.later(snap, lang, path, part)
        if body is None:
            return await self._body(writer, snap.missing[lang], headers, keep=keep, head=head, status=404, extra=extra)
        return await self._body(writer, body, headers, keep=keep, head=head, extra=extra)

    @staticmethod
    def _same_origin(origin: str, host: str) -> bool:
        o = origin.strip().lower()
        if not o.startswith("http://"):
            return False
        a, b = _split_host(o[len("http://"):]), _split_host(host)
        return a is not None and b is not None and (a[0], a[1] or "80") == (b[0], b[1] or "80")

    async def _body(self, writer: asyncio.StreamWriter, body: Body, headers: dict[str, str], *, keep: bool,
                    head: bool, status: int = 200, extra: bytes = b"") -> bool:
        common = (b"ETag: " + body.etag + b"\r\nCache-Control: no-cache\r\n" + SECURITY + extra +
                  (b"" if keep else b"Connection: close\r\n"))
        if status == 200 and headers.get("if-none-match", "") == body.etag.decode("ascii"):
            writer.write(b"HTTP/1.1 304 Not Modified\r\n" + common + b"\r\n")
            await self._drain(writer)
            return keep
        gz = "gzip" in headers.get("accept-encoding", "").lower()
        data = body.gz if gz else body.data
        out = (f"HTTP/1.1 {status} {REASONS[status]}\r\n".encode("ascii") + b"Content-Type: " + body.ctype +
               b"\r\nContent-Length: " + str(len(data)).encode("ascii") + b"\r\n" +
               (b"Content-Encoding: gzip\r\n" if gz else b"") + common + b"\r\n")
        await self._send_payload(writer, out if head else out + data)
        return keep

    async def _send_payload(self, writer: asyncio.StreamWriter, payload: bytes) -> None:
        """Send `payload` in slices, waiting for a slow reader between them: a connection holds at
        most about 2 x CHUNK unsent, so memory stays bounded by max_clients x that."""
        if len(payload) <= CHUNK:
            writer.write(payload)
            await self._drain(writer)
            return
        view = memoryview(payload)
        for i in range(0, len(view), CHUNK):
            writer.write(view[i:i + CHUNK])
            await self._drain(writer)

    async def stream(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Server-sent events: the version now, then every new version (and every HEARTBEAT seconds)."""
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n" + SECURITY +
                     b"Connection: close\r\n\r\nretry: 2000\n\n")
        eof = asyncio.ensure_future(reader.read(1))
        try:
            while True:
                snap, changed = self.snap, self.changed
                msg = json.dumps({"v": snap.version, "now": int(time.time() * 1000)})
                writer.write(f"data: {msg}\n\n".encode("ascii"))
                await self._drain(writer)
                if snap is not self.snap:
                    continue
                waiter = asyncio.ensure_future(changed.wait())
                done, _ = await asyncio.wait({waiter, eof}, timeout=HEARTBEAT, return_when=asyncio.FIRST_COMPLETED)
                waiter.cancel()
                if eof in done:
                    break
        except (ConnectionError, asyncio.TimeoutError):
            pass
        finally:
            eof.cancel()

    # -- running ------------------------------------------------------------------------------------
    async def start(self) -> None:
        """Make the first pages and listen (raises OSError when the address cannot be had)."""
        self.changed = asyncio.Event()
        self.stopping = asyncio.Event()
        loop = asyncio.get_running_loop()
        snap = await loop.run_in_executor(self.pool, self.build)
        if snap is None:  # the file went bad between the command's check and here
            raise self.error
        self.publish(snap)
        self.server = await asyncio.start_server(self.handle, self.host, self.port, limit=HEAD_LIMIT, backlog=1024,
                                                 reuse_address=True)
        self.port = self.server.sockets[0].getsockname()[1]
        self._watcher = asyncio.ensure_future(self.watch())
        self._sweeper = asyncio.ensure_future(self.sweep())

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
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
                try:
                    loop.add_signal_handler(sig, self.stopping.set)
                except (ValueError, RuntimeError, NotImplementedError):  # not the main thread
                    pass
            if ready is not None:
                ready(self)
            await self.stopping.wait()
        finally:
            self.close()
        for task in list(self.tasks):
            task.cancel()
        if self.tasks:
            await asyncio.wait(list(self.tasks), timeout=5)

    def close(self) -> None:
        if self.server is not None:
            self.server.close()
        for task in (getattr(self, "_watcher", None), getattr(self, "_sweeper", None)):
            if task is not None:
                task.cancel()
        self.pool.shutdown(wait=False, cancel_futures=True)


def _room_for(max_clients: int) -> int:
    """Raise the open-files limit so that `max_clients` connections fit; the number that fits."""
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = max_clients + 64
        if soft != resource.RLIM_INFINITY and soft < want:
            new = want if hard == resource.RLIM_INFINITY else min(want, hard)
            resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
            soft = new
        return max(1, min(max_clients, soft - 64)) if soft != resource.RLIM_INFINITY else max_clients
    except (ValueError, OSError):
        return max_clients


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback (Linux: /proc/net/fib_trie), sorted."""
    found, last = set(), ""
    try:
        with open("/proc/net/fib_trie", encoding="ascii", errors="replace") as f:
            for line in f:
                text = line.strip()
                if text.startswith("|-- "):
                    last = text[4:].strip()
                elif text == "/32 host LOCAL" and last and not last.startswith("127."):
                    found.add(last)
    except OSError:
        return []
    return sorted(found)


def addresses(host: str, port: int) -> list[str]:
    """The base URLs to give the phones: the address served on, or every one of this machine's."""
    if host in ("0.0.0.0", "::", ""):
        hosts = local_addresses() or ["ADDRESS"]
    else:
        hosts = [host]
    return [f"http://{h if ':' not in h else f'[{h}]'}:{port}" for h in hosts]


def serve(path: str, interval: float = 15.0, host: str = "127.0.0.1", port: int = 8000,
          max_clients: int = MAX_CLIENTS, names: tuple[str, ...] = ()) -> int:
    """`arbiter display FILE --serve`: serve until Ctrl-C or SIGTERM; 0 then."""
    fit = _room_for(max_clients)
    web = Web(path, interval=interval, host=host, port=port, max_clients=fit, names=names)

    def ready(w: Web) -> None:
        lines = [f"arbiter: serving {clean(w.name)} read-only; Ctrl-C stops"]
        for base in [f"http://{venue_name(n)}:{w.port}" for n in names] + addresses(host, w.port):
            lines += [f"  phones:    {base}/", f"  projector: {base}/hall"]
        if any("ADDRESS" in x for x in lines):
            lines.append("  (ADDRESS: this machine's address on the venue network, `hostname -I`)")
        lines.append(f"  at most {w.max_clients} connections at once")
        print("\n".join(lines), flush=True)

    try:
        asyncio.run(web.run(ready))
    except OSError as exc:  # the port in use, an address not of this machine
        raise ArbiterError("--host {host} --port {port}: cannot serve the display there: {error}", host=host,
                           port=port, error=exc.strerror or str(exc)) from None
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":  # pragma: no cover - `arbiter display FILE --serve` is the way in
    raise SystemExit(serve(sys.argv[1]))
