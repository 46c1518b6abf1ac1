"""Who may hold a connection to the web view, before HTTP is even read (tui/web/server.py):

    Gate(max_clients, per_address, streams)   the counts, by client address
    Gate.protocol(make)                       an asyncio protocol factory for loop.create_server:
                                              each connection is admitted or answered 503 and closed
    Gate.stream(address) -> Stream            a live stream of that address (`ended` when it must end)

A venue's phones each have their own address on the hall's network, and a phone's browser
opens at most six connections to one server plus the page's live stream; one address holding
more than `per_address` connections at once is a client taking the server from everyone else
(a thousand open streams, a thousand sockets sending a byte a second): the connection beyond
is answered `503 Retry-After` and closed at once, before any byte of it is read, so the
others' requests never wait behind it. An address may hold `streams` live streams; one more
ends its oldest (a reloaded page's stream replaces the one it left). `per_address=0` turns
the limit off (a network that puts every phone behind one address).
"""

from __future__ import annotations

import asyncio
from collections import deque

from arbiter_tournament.tui.web.http import BUSY

__all__ = ["Gate", "Stream", "PER_ADDRESS", "STREAMS"]

PER_ADDRESS = 10  # six connections of a phone's browser, its live stream, and room for a reload
STREAMS = 2  # live streams one address holds: a phone with two pages open


class Stream:
    """One live stream: `ended` once it must end; `wake`, the future it waits on meanwhile."""

    __slots__ = ("ended", "wake")

    def __init__(self) -> None:
        self.ended = False
        self.wake: asyncio.Future | None = None

    def end(self) -> None:
        self.ended = True
        if self.wake is not None and not self.wake.done():
            self.wake.set_result(None)


class Gate:
    """The connections held, in all and by address (the loop's thread only)."""

    def __init__(self, max_clients: int, per_address: int = PER_ADDRESS, streams: int = STREAMS) -> None:
        self.max_clients = max_clients
        self.per_address = per_address
        self.streams_each = max(1, streams)
        self.held = 0
        self.by_address: dict[str, int] = {}
        self.refused = 0  # connections answered 503 (in all)
        self.ended = 0  # live streams ended because their address opened one more
        self._streams: dict[str, deque[Stream]] = {}

    def admit(self, address: str) -> bool:
        if self.held >= self.max_clients:
            return False
        n = self.by_address.get(address, 0)
        if self.per_address and n >= self.per_address:
            return False
        self.by_address[address] = n + 1
        self.held += 1
        return True

    def release(self, address: str) -> None:
        self.held -= 1
        n = self.by_address.get(address, 0) - 1
        if n > 0:
            self.by_address[address] = n
        else:
            self.by_address.pop(address, None)

    def protocol(self, make):
        """A protocol factory: each connection admitted runs `make()` (aiohttp's request handler)."""
        gate = self

        class Gated(asyncio.Protocol):
            __slots__ = ("inner", "address")

            def __init__(self) -> None:
                self.inner: asyncio.Protocol | None = None  # aiohttp's handler, once admitted
                self.address = ""

            def connection_made(self, transport) -> None:
                peer = transport.get_extra_info("peername")
                self.address = peer[0] if isinstance(peer, tuple) and peer else ""
                if not gate.admit(self.address):
                    gate.refused += 1
                    try:
                        transport.write(BUSY)
                        transport.close()
                    except OSError:  # pragma: no cover - the peer has gone already
                        pass
                    return
                inner = self.inner = make()
                inner.connection_made(transport)

            def data_received(self, data: bytes) -> None:
                if self.inner is not None:
                    self.inner.data_received(data)

            def eof_received(self):
                return self.inner.eof_received() if self.inner is not None else None

            def pause_writing(self) -> None:
                if self.inner is not None:
                    self.inner.pause_writing()

            def resume_writing(self) -> None:
                if self.inner is not None:
                    self.inner.resume_writing()

            def connection_lost(self, exc) -> None:
                inner, self.inner = self.inner, None
                if inner is not None:
                    gate.release(self.address)
                    inner.connection_lost(exc)

        return Gated

    def stream(self, address: str) -> "Stream":
        """A live stream of `address` begins; when the address holds more than `streams`, the oldest
        is told to end (`ended`, and its `wake` future is woken). `done(address, s)` when it ends."""
        q = self._streams.setdefault(address, deque())
        while len(q) >= self.streams_each:
            q.popleft().end()
            self.ended += 1
        s = Stream()
        q.append(s)
        return s

    def done(self, address: str, s: "Stream") -> None:
        q = self._streams.get(address)
        if q is None:
            return
        try:
            q.remove(s)
        except ValueError:
            pass
        if not q:
            del self._streams[address]

    @property
    def streams(self) -> int:
        return sum(len(q) for q in self._streams.values())
