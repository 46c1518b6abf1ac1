"""Cutting an upload at every point: a relay between rclone and `rclone serve webdav` that stops the server as
the k-th HTTP request arrives (before the server sees it; requests on other connections may be half done),
and an engine that stops the server (or rclone itself) after its k-th rclone run or at a given moment.
The storage, rclone and the server are the real ones; only the timing of the cut is chosen here."""

from __future__ import annotations

import socket
import threading
import time

from arbiter_tournament.core.formats.rclone import Rclone


class CuttingRelay:
    """127.0.0.1:port -> 127.0.0.1:upstream, counting HTTP requests (all connections, in the order they
    arrive). With `cut_at = k`, `on_cut()` runs as the k-th request arrives, that request is not forwarded and
    every connection is closed, and the relay stops listening (a connection is refused, as by a server that
is gone) until it is armed again."""

    def __init__(self, upstream: int) -> None:
        self.upstream = upstream
        self.port = 0
        self._closed = False
        self.lock = threading.Lock()
        self.requests: list[str] = []  # "METHOD /path" of each request forwarded
        self.cut_at: int | None = None
        self.on_cut = lambda: None
        self.cut = False
        self.conns: list[socket.socket] = []
        self.cut_done = threading.Event()
        self._listen()

    def _listen(self) -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", self.port))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        self.listening = True
        threading.Thread(target=self._accept, args=(self.sock,), daemon=True).start()

    def arm(self, cut_at: int | None, on_cut) -> None:
        with self.lock:
            self.requests, self.cut_at, self.on_cut, self.cut = [], cut_at, on_cut, False
            self.cut_done = threading.Event()  # set once the cut is over (the server stopped, connections closed)
            if not self.listening:
                self._listen()

    def _unlisten(self) -> None:
        try:
            self.sock.shutdown(socket.SHUT_RDWR)  # wakes the accept under way (a close alone leaves it listening)
        except OSError:
            pass
        self.sock.close()

    def close(self) -> None:
        self._closed = True
        self._unlisten()
        self._drop()

    def _drop(self) -> None:
        for c in self.conns:
            try:
                c.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            c.close()
        self.conns = []

    def _accept(self, sock: socket.socket) -> None:
        while not self._closed:
            try:
                client, _ = sock.accept()
            except OSError:
                return
            if self.cut:
                client.close()
                continue
            try:
                server = socket.create_connection(("127.0.0.1", self.upstream), timeout=10)
            except OSError:
                client.close()
                continue
            server.settimeout(None)
            self.conns += [client, server]
            threading.Thread(target=self._requests, args=(client, server), daemon=True).start()
            threading.Thread(target=self._pipe, args=(server, client), daemon=True).start()

    @staticmethod
    def _pipe(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def _requests(self, client: socket.socket, server: socket.socket) -> None:
        """Client -> server, one whole request at a time (its head, then Content-Length bytes of body)."""
        buf = b""
        try:
            while True:
                while b"\r\n\r\n" not in buf:
                    data = client.recv(65536)
                    if not data:
                        raise OSError("closed")
                    buf += data
                head, _, buf = buf.partition(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                fields = {k.strip().lower(): v.strip() for k, _, v in (ln.partition(":") for ln in lines[1:])}
                assert "chunked" not in fields.get("transfer-encoding", ""), "a chunked request: not counted here"
                with self.lock:
                    if self.cut:
                        raise OSError("cut")
                    if self.cut_at is not None and len(self.requests) + 1 == self.cut_at:
                        self.cut = True
                        self.on_cut()
                        self.listening = False
                        self._unlisten()
                        self._drop()
                        self.cut_done.set()
                        raise OSError("cut")
                    self.requests.append(" ".join(lines[0].split(" ")[:2]))
                server.sendall(head + b"\r\n\r\n")
                left = int(fields.get("content-length", "0") or 0)
                while left:
                    if not buf:
                        buf = client.recv(min(left, 65536))
                        if not buf:
                            raise OSError("closed")
                    part, buf = buf[:left], buf[left:]
                    server.sendall(part)
                    left -= len(part)
        except (OSError, AssertionError):
            for s in (client, server):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


class CutEngine(Rclone):
    """The real rclone engine; `cut()` runs after its `after`-th rclone run (counting from 1), or `at` seconds
    after its first run starts (a timer: in the middle of a run as often as not)."""

    def __init__(self, remote: str, cut, *, after: int | None = None, at: float | None = None, **kw) -> None:
        super().__init__(remote, **kw)
        self.cut, self.after, self.at = cut, after, at
        self.runs: list[tuple[str, ...]] = []
        self.timer: threading.Timer | None = None
        self.started: float | None = None

    def finish(self) -> None:
        """No cut after the upload: the timer stopped (or waited for, had it just fired)."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer.join()

    def _run(self, *args: str) -> None:
        if self.at is not None and self.timer is None:
            self.started = time.monotonic()
            self.timer = threading.Timer(self.at, self.cut)
            self.timer.daemon = True
            self.timer.start()
        self.runs.append(args)
        try:
            super()._run(*args)
        finally:
            if self.after is not None and len(self.runs) == self.after:
                self.cut()
