"""The web view's serving process (tui/web/server.py): its memory, its collector, aiohttp's handler of a
connection.

    small_objects_from_malloc()          `arbiter display --serve` started again with PYTHONMALLOC=malloc
    collector_for_many_connections()     once serving: what is there frozen, the young generation larger
    give_back(collect, memo)            the memory of a version let go back to the system
    Answering                            aiohttp's RequestHandler whose own answers carry the security headers
    QUIET                                aiohttp's log without the requests it refused as malformed
"""

from __future__ import annotations

import gc
import logging
import os
import sys

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from arbiter_tournament.tui.web.routes import HEADERS

__all__ = ["QUIET", "Answering", "GC_THRESHOLDS", "collector_for_many_connections", "give_back", "small_objects_from_malloc"]


class _NotTheirs(logging.Filter):
    """aiohttp's log without the requests it refused as malformed (a stranger's bytes, each a
    traceback on the judge's terminal); an error of a handler of ours is still logged."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        return not isinstance(exc, HttpProcessingError)


QUIET = logging.getLogger("arbiter.web")
QUIET.addFilter(_NotTheirs())


# the collector's young generation at 50,000 objects rather than 700: a request's objects are freed (by their
# counts) long before, so few are moved to the old generation, whose full rounds (all of the thousands of
# connections' objects) come seldom: bench/bench_web.py --phones
GC_THRESHOLDS = (50_000, 20, 100)


def collector_for_many_connections() -> None:
    """What the process holds once serving (the modules, aiohttp, the first version's pages: none of it refers
    to itself, so a version replaced is still freed at once) is left out of the collector's full rounds
    (`gc.freeze`), which otherwise scan it all again and again as thousands of phones connect (330-800 ms
    each on the loaded 2-core machine: the phones' p99); and the young generation is collected at 50,000
    objects (`GC_THRESHOLDS`)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def give_back(collect: bool, memo=None) -> None:
    """The memory of the pages let go back to the system: glibc's malloc_trim (Python keeps freed
    memory in its heap otherwise: a 20,000-player file left the server 100 MB above its start);
    with `collect`, first the file reader's memo (core.store.codec keeps the players and games it
    read, up to 200,000: a judge's next save is quicker) and the collector, for what refers to
    itself (it holds the interpreter a moment: only when the pages shrank, not on every result of
    a big event). malloc_trim runs without holding the interpreter (ctypes lets it go). Runs in the
    worker thread, the one that reads the file."""
    if collect:
        from arbiter_tournament.core.event import history
        from arbiter_tournament.core.store import codec

        if memo is not None:
            memo.clear()  # the pieces of pages kept from version to version (tui/web/book.py)
        codec.clear_caches()  # the reader's memo of the players and games read (it held the big file's)
        history.clear_caches()  # the rounds' records, kept by the rounds' identity
        gc.collect()
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # not glibc: what the allocator keeps, it keeps
        pass


class Answering(web.RequestHandler):
    """aiohttp's handler of one connection, whose own answers (400 for a malformed request or headers too
    long, 500) carry the security headers too: they are made before any route or middleware of ours."""

    __slots__ = ()

    def handle_error(self, request, status: int = 500, exc=None, message=None) -> web.StreamResponse:
        response = super().handle_error(request, status, exc, message)
        response.headers.update(HEADERS)
        return response


def small_objects_from_malloc() -> None:
    """Start this process again with the system's allocator for small objects (`PYTHONMALLOC=malloc`), unless
    it has one set or was not started as `arbiter display FILE --serve` (which calls it before it says or serves
    anything; a test calling the command in its own process is not started again).
    Python's own allocator keeps memory in 1 MB arenas, each kept as long as one object in it lives: after a
    20,000-player file was replaced by a 300-player one, the server kept 119-128 MB against 61 MB at its start,
    although nothing of the big file was left (tests/web/test_web_server.py) but the small event's objects,
    made while the big one's were there, scattered among its arenas. malloc gives back every free page (with
    `give_back`'s malloc_trim): 70 MB after, for some 10-20 % more CPU making pages (bench/bench_web.py
    --memory; docs/exports.md)."""
    argv = getattr(sys, "orig_argv", None) or []
    if os.environ.get("PYTHONMALLOC") or "--serve" not in argv:  # set already, or not this process's own command
        return
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        os.execve(sys.executable, sys.orig_argv, {**os.environ, "PYTHONMALLOC": "malloc"})
    except OSError:  # not allowed here: Python's allocator it is
        pass
