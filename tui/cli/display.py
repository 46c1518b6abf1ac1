"""The hall display: `arbiter display FILE` (tui/display.py draws it)."""

from __future__ import annotations

import argparse

from . import numbers
from .common import FILE, Arg, Command
from .usage import UsageError


def cmd_display(a: argparse.Namespace) -> int:
    from arbiter.tui.display import run

    if not a.serve and (a.host is not None or a.port is not None or a.public or a.max_clients is not None):
        raise UsageError("display: --host, --port, --public and --max-clients are for --serve")
    return run(a.file, interval=a.interval, serve_web=a.serve, host=a.host or "127.0.0.1", port=a.port or 8000,
               public=a.public, max_clients=a.max_clients)


COMMANDS = (
    Command(("display",), "the read-only hall display (full screen, or to a browser with --serve)", cmd_display, (
        FILE,
        Arg("--interval", "seconds each page stays (default 15)", metavar="S", type=numbers.seconds, default=15.0),
        Arg("--serve", "serve it read-only to browsers: players' phones and the hall's projector (/hall)", flag=True),
        Arg("--host", "the address --serve listens on (default 127.0.0.1; another needs --public)", metavar="HOST"),
        Arg("--port", "the port --serve listens on (default 8000)", metavar="PORT", type=numbers.whole("port")),
        Arg("--public", "let --serve listen on an address other than loopback (the network can see it)", flag=True),
        Arg("--max-clients", "connections --serve holds at once (default 1000; more get 503)", metavar="N",
            type=numbers.whole("clients")),
    ), own_screen=True),
)
