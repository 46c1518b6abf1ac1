"""The hall display: `arbiter display FILE` (tui/display.py draws it)."""

from __future__ import annotations

import argparse
from urllib.parse import urlsplit

from .usage import UsageError


def cmd_display(a: argparse.Namespace) -> int:
    from arbiter_tournament.tui.display import run

    if not a.serve and (a.host is not None or a.port is not None or a.public or a.max_clients is not None or a.name):
        raise UsageError("display: --host, --port, --public, --max-clients and --name are for --serve")
    if not a.serve and a.per_address is not None:
        raise UsageError("display: --per-address is for --serve")
    if not a.serve and a.reports:
        raise UsageError("display: --reports is for --serve")
    names = tuple(a.name or ())
    url = None
    if a.public_url is not None:
        url = _public_url(a.public_url, a.reports)
        host = urlsplit(url).hostname or ""
        if not _is_address(host):
            names += (host,)  # the name phones open is one the server answers
    return run(a.file, interval=a.interval, serve_web=a.serve, host=a.host or "127.0.0.1", port=a.port or 8000,
               public=a.public, max_clients=a.max_clients, names=names, per_address=a.per_address,
               reports=a.reports, public_url=url)


def _public_url(text: str, reports: bool) -> str:
    """--public-url: the address phones open (the QR codes of the slips and cards), when this machine's is not
    the one they reach (a name of the venue's network, a router's port forwarding)."""
    from arbiter_tournament.core.store.reports import players_url

    if not reports:
        raise UsageError("display: --public-url is for --serve --reports (the players' pages)")
    url = players_url(text)
    if url is None:
        raise UsageError(f"--public-url '{text}': expected the address phones open, e.g. http://arbiter.lan:8000")
    return url


def _is_address(host: str) -> bool:
    import ipaddress

    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True
