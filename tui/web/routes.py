"""The web view's HTTP, on aiohttp (tui/web/server.py runs it):

    make_app(web) -> aiohttp.web.Application   the read-only routes of one `Web`
    WEB                                        the app's key of that `Web` (request.app[WEB])

aiohttp parses every request (request line, headers, bodies: the C parser of a well-kept
library rather than our own); tui/web/gate.py has already admitted the connection by its
address. Every route, whoever adds it (`add_report_routes(app, ctx)` of the write path), goes
through `guard` (a Host that is not this machine is 421, an Origin that is not the page's own
403, a target not starting with `/` or longer than 2 KiB 400) and gets the security headers
(`HEADERS`: the Content-Security-Policy, no sniffing, no framing) on the response it returns (a
handler that prepares a stream itself puts `HEADERS` in its head).

The read-only routes: every page of the snapshot (`/`, `/names`, ... `/hall`, a round's page
made when first asked for), `?part=live` (the part a page swaps in), `/static/...`,
`/version`, `/events` (server-sent events: the version now and each new one; `?p=PATH&lang=LANG`: of that
page, told only when its content changes) and `/find?q=`.
Any other method on them is 405.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from aiohttp import web

from arbiter_tournament.core.msg.i18n import LANGUAGES
from arbiter_tournament.tui.web.http import COOKIE, SECURITY_HEADERS, choose_lang, host_allowed, same_origin

__all__ = ["make_app", "WEB", "peer"]

WEB: web.AppKey[Any] = web.AppKey("web", object)  # the tui/web/server.Web (which imports this module)
HEARTBEAT = 10.0  # a stream says the version this often (a phone whose network went is noticed)
STREAM_LIFE = 600.0  # a stream ends after ten minutes; the page's EventSource opens a new one (2 s)
STREAM_BACKLOG = 4096  # a stream whose client has not read this much (asleep, gone) is ended
STREAM_HEAD = {"Content-Type": "text/event-stream", "Cache-Control": "no-store", "Connection": "close",
               "X-Accel-Buffering": "no"}
TEXT = "text/plain; charset=utf-8"


def peer(request: web.Request) -> str:
    """The client's address (the one the per-address limits count)."""
    return request.remote or ""


def _plain(status: int, text: str, **headers: str) -> web.Response:
    return web.Response(status=status, text=text, headers={"Content-Type": TEXT, **HEADERS, **headers})


@web.middleware
async def guard(request: web.Request, handler):
    if request.version < (1, 0):
        return _plain(400, "bad request\n")
    host = request.headers.get("Host")
    if host is None or not host_allowed(host, request.app[WEB].names):
        return _plain(421, "unknown Host: open this server by its address\n")
    origin = request.headers.get("Origin")
    if origin is not None and not same_origin(origin, host):
        return _plain(403, "another site's page may not read this one\n")
    raw = request.raw_path
    if not raw.startswith("/") or len(raw) > 2048:
        return _plain(400, "bad request target\n")
    try:
        response = await handler(request)
    except web.HTTPException as exc:  # aiohttp's own answers (a route's 404, 405) say them too
        exc.headers.update(HEADERS)
        raise
    if not response.prepared and "Content-Security-Policy" not in response.headers:
        response.headers.update(HEADERS)  # a route of another module (the reports' pages)
    return response


HEADERS = {**SECURITY_HEADERS, "Server": "arbiter"}  # on every response (a prepared stream: in its own head)


def _body(request: web.Request, body, *, status: int = 200, extra: dict | None = None) -> web.Response:
    """A made body (`http.Body`): 304 when the browser has it, gzipped when it takes gzip."""
    headers = {**HEADERS, "ETag": body.etag.decode("ascii"), "Cache-Control": "no-cache"}
    if extra:
        headers.update(extra)
    if status == 200 and request.headers.get("If-None-Match", "") == headers["ETag"]:
        return web.Response(status=304, headers=headers)
    headers["Content-Type"] = body.ctype.decode("ascii")
    if "gzip" in request.headers.get("Accept-Encoding", "").lower():
        headers["Content-Encoding"] = "gzip"
        return web.Response(status=status, body=body.gz, headers=headers)
    return web.Response(status=status, body=body.data, headers=headers)


async def page(request: web.Request) -> web.StreamResponse:
    w = request.app[WEB]
    if request.method not in ("GET", "HEAD"):
        return _plain(405, "read-only: only GET and HEAD\n", Allow="GET, HEAD")
    if request.body_exists:
        return _plain(400, "a GET has no body\n")
    path = request.raw_path.partition("?")[0].partition("#")[0]
    if len(path) > 1 and path.endswith("/"):
        path = path.rstrip("/")
    snap = w.snap
    assert snap is not None  # (published before the app serves)
    if path == "/events" and request.method == "GET":
        return await events(request)
    if path == "/version":
        return web.Response(body=json.dumps(_news(snap, _watched(request, snap))).encode("ascii"),
                            headers={**HEADERS, "Content-Type": "application/json", "Cache-Control": "no-store"})
    static = w.static.get(path)
    if static is not None:
        return _body(request, static)
    query = {k: request.query.getall(k) for k in list(request.query.keys())[:10]} if request.query_string else {}
    lang, asked = choose_lang(query, request.headers, snap.default_lang)
    # the version of the page's content (tui/web/book.py): what its live stream says, what it is told to fetch by
    extra = {"Vary": "Accept-Encoding, Accept-Language, Cookie", "X-Arbiter-Version": str(snap.version_of((lang, path)))}
    if asked:
        extra["Set-Cookie"] = f"{COOKIE}={lang}; Path=/; Max-Age=31536000; SameSite=Strict"
    if path == "/find":
        return _body(request, await w.find_page(snap, lang, (query.get("q") or [""])[0]), extra=extra)
    if path == "/hall" and "s" in query:  # one page of the hall, for a browser without JavaScript
        body = await w.hall_one(snap, lang, (query.get("s") or [""])[0])
        return _body(request, body, extra=extra)
    part = "live" if (query.get("part") or [""])[0] == "live" else "full"
    body = snap.bodies.get((lang, path, part))
    if body is None:
        body = await w.later(snap, lang, path, part)
    if body is None:
        return _body(request, snap.missing[lang], status=404, extra=extra)
    w.asked_for(lang, path)
    return _body(request, body, extra=extra)


def _watched(request: web.Request, snap):
    """The page a live stream (or /version) is about: `?p=PATH&lang=LANG`, as static/app.js asks; None (every
    change of the event) without it or for what is not a page."""
    p, lang = request.query.get("p", ""), request.query.get("lang", "")
    if not p or lang not in LANGUAGES:
        return None
    key = (lang, p.rstrip("/") or "/")
    return key if key in snap.entries else None


def _news(snap, key) -> dict:
    """A stream's message: the version of its page (of the event, for no page), the server's clock and the
    time the event was read last (a page shows it: static/app.js puts it in, the page unchanged)."""
    news = {"v": snap.version_of(key) if key is not None else snap.version, "now": int(time.time() * 1000),
            "at": snap.stamp[0], "iso": snap.stamp[1]}
    entry = snap.entries.get(key) if key is not None else None
    if entry is not None and entry.patch is not None and entry.version == snap.version:
        news.update(entry.patch)  # the rows that changed: a phone of the version before swaps them in, no fetch
    return news


async def events(request: web.Request) -> web.StreamResponse:
    """Server-sent events: the version now, then every new one, and every HEARTBEAT seconds; the
    stream ends after STREAM_LIFE, when its client stops reading, or when its address opens more
    live streams than the gate allows (the oldest ends)."""
    w = request.app[WEB]
    address = peer(request)
    key = _watched(request, w.snap)
    me = w.gate.stream(address)
    resp = web.StreamResponse(headers={**HEADERS, **STREAM_HEAD})
    resp.force_close()  # the stream's end is its connection's
    try:
        await resp.prepare(request)
        await resp.write(b"retry: 2000\n\n")
        loop = asyncio.get_running_loop()
        until = loop.time() + STREAM_LIFE
        transport = request.transport
        while not me.ended and not w.closing:
            snap = w.snap
            msg = json.dumps(_news(snap, key))
            await resp.write(f"data: {msg}\n\n".encode("ascii"))
            if transport is None or transport.get_write_buffer_size() > STREAM_BACKLOG:
                break
            if snap is not w.snap:
                continue
            left = until - loop.time()
            if left <= 0:
                break
            me.wake = loop.create_future()
            w.listeners.setdefault(key, set()).add(me.wake)
            try:
                await asyncio.wait_for(me.wake, min(HEARTBEAT, left))
            except asyncio.TimeoutError:
                pass
            finally:
                waits = w.listeners.get(key)
                if waits is not None:
                    waits.discard(me.wake)
                    if not waits:
                        del w.listeners[key]
                me.wake = None
    except (ConnectionError, RuntimeError):  # the client went (aiohttp: cannot write to closing transport)
        pass
    finally:
        w.gate.done(address, me)
    return resp


def make_app(w) -> web.Application:
    app = web.Application(middlewares=[guard], client_max_size=64 * 1024)
    app[WEB] = w
    app.router.add_route("*", "/{tail:.*}", page)
    return app
