"""The web view's server run inside the test process (a thread with its own event loop), and HTTP to it."""

from __future__ import annotations

import asyncio
import gzip
import http.client
import socket
import threading
import time

from arbiter_tournament.tui.web.server import Web


class Running:
    """`Web` on 127.0.0.1 and a free port, polling the file every 0.1 s; `with Running(path) as s:`."""

    def __init__(self, path, **kw) -> None:
        self.logs: list[str] = []
        kw.setdefault("poll", 0.1)
        self.web = Web(str(path), host="127.0.0.1", port=0, log=self.logs.append, **kw)
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._main, daemon=True)

    def _main(self) -> None:
        async def go() -> None:
            self._loop = asyncio.get_running_loop()
            await self.web.run(lambda w: self._ready.set())

        try:
            asyncio.run(go())
        except BaseException as exc:  # noqa: BLE001 - reported by __enter__
            self.error = exc
            self._ready.set()

    def __enter__(self) -> "Running":
        self.thread.start()
        assert self._ready.wait(60), "the web server did not start"
        if self.error is not None:
            raise self.error
        return self

    def __exit__(self, *exc) -> None:
        if self._loop is not None and self.web.stopping is not None:
            self._loop.call_soon_threadsafe(self.web.stopping.set)
        self.thread.join(15)

    @property
    def port(self) -> int:
        return self.web.port

    def get(self, path: str = "/", headers: dict | None = None, method: str = "GET"):
        return get(self.port, path, headers, method)

    def wait_version(self, above: int, seconds: float = 10) -> int:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.web.snap is not None and self.web.snap.version > above:
                return self.web.snap.version
            time.sleep(0.05)
        raise AssertionError(f"no version after {above} within {seconds} s")


class Reply:
    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.status, self.headers, self.raw = status, headers, body

    @property
    def text(self) -> str:
        data = self.raw
        if self.headers.get("content-encoding") == "gzip":
            data = gzip.decompress(data)
        return data.decode("utf-8")


def get(port: int, path: str = "/", headers: dict | None = None, method: str = "GET") -> Reply:
    """One request on its own connection; `headers` may set Host (else 127.0.0.1:port)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        h = {"Host": f"127.0.0.1:{port}"}
        h.update(headers or {})
        conn.request(method, path, headers=h)
        r = conn.getresponse()
        body = r.read()
        return Reply(r.status, {k.lower(): v for k, v in r.getheaders()}, body)
    finally:
        conn.close()


def raw(port: int, data: bytes, *, seconds: float = 10) -> bytes:
    """Send bytes as they are; what comes back until the server closes (or `seconds`)."""
    with socket.create_connection(("127.0.0.1", port), timeout=seconds) as s:
        s.sendall(data)
        out = b""
        try:
            while chunk := s.recv(65536):
                out += chunk
        except (socket.timeout, ConnectionResetError):
            pass
        return out
