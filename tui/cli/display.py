"""The hall display: `arbiter display FILE` (tui/display.py draws it)."""

from __future__ import annotations

import argparse

from .usage import UsageError


def cmd_display(a: argparse.Namespace) -> int:
    from arbiter_tournament.tui.display import run

    if not a.serve and (a.host is not None or a.port is not None or a.public or a.max_clients is not None or a.name):
        raise UsageError("display: --host, --port, --public, --max-clients and --name are for --serve")
    if not a.serve and a.per_address is not None:
        raise UsageError("display: --per-address is for --serve")
    if not a.serve and a.reports:
        raise UsageError("display: --reports is for --serve")
    return run(a.file, interval=a.interval, serve_web=a.serve, host=a.host or "127.0.0.1", port=a.port or 8000,
               public=a.public, max_clients=a.max_clients, names=tuple(a.name or ()), per_address=a.per_address,
               reports=a.reports)
