"""The address phones open, known to every printout (docs/players.md, "The address on the slips"):
`arbiter display FILE --serve --reports [--public-url URL]` keeps it beside the event (`FILE.url`, without the
event's lock); the TUI's print path and `arbiter export` then put on each slip's stub and each card the QR code
of the player's page. A QR code printed as text is read back into its modules and compared with segno's
matrix for the expected address (`URL/me/CODE`): the printed code is that page's, module for module."""

from __future__ import annotations

import json
import os
import time

import pytest
import segno

from arbiter_tournament.core.event.codes import normal
from arbiter_tournament.core.formats.cards import HALF
from arbiter_tournament.core.store import load
from arbiter_tournament.core.store.reports import address_path, players_url, read_address, write_address
from tests.cli_run import ok, run_process
from tests.web.test_web_cli import free_port, start_server, stop_server
from tests.web.test_web_reports import phone_event
from tests.web.web_helpers import get

URL = "http://arbiter.lan:8000"
BLOCK = {v: k for k, v in HALF.items()}  # a character -> (upper module dark, lower module dark)


def expected_modules(text: str) -> list[list[bool]]:
    """segno's QR code of `text` (error level M, as a phone's camera reads it best), its quiet zone of two."""
    return [[bool(x) for x in row] for row in segno.make(text, error="m", micro=False).matrix_iter(scale=1, border=2)]


def printed_modules(lines: list[str]) -> list[list[bool]]:
    """A QR code printed in half blocks (each character two modules, one above the other) read back."""
    width = max(len(x) for x in lines)
    rows: list[list[bool]] = []
    for line in lines:
        pairs = [BLOCK[c] for c in line.ljust(width)]
        rows += [[a for a, _ in pairs], [b for _, b in pairs]]
    return rows


def qr_after(text: str, marker: str) -> list[list[bool]]:
    """The QR code printed below the line holding `marker` (a player's code on his stub or card)."""
    lines = text.splitlines()
    at = next(i for i, x in enumerate(lines) if marker in x)
    block = []
    for line in lines[at + 1:]:
        if not line.strip() or set(line) - set(BLOCK):
            if block:
                break
            continue
        block.append(line)  # (an indent is a light margin: `trimmed` takes it away with the quiet zone)
    assert block, f"no QR code below {marker}"
    return printed_modules(block)


def trimmed(grid: list[list[bool]]) -> list[list[bool]]:
    """The symbol without its quiet zone: the rows and columns from the first dark module to the last."""
    rows = [i for i, row in enumerate(grid) if any(row)]
    cols = [j for row in grid for j, x in enumerate(row) if x]
    if not rows:
        return []
    return [row[min(cols):max(cols) + 1] + [False] * (max(cols) + 1 - len(row)) for row in grid[rows[0]:rows[-1] + 1]]


def same_modules(printed: list[list[bool]], want: list[list[bool]]) -> bool:
    """Module for module, the quiet zones aside (a printout cuts the spaces at a line's end)."""
    return trimmed(printed) == trimmed(want)


def test_the_address_kept_beside_the_event_is_read_back_and_never_trusted_blindly(tmp_path):
    path, _ = phone_event(tmp_path)
    assert read_address(path) is None
    write_address(path, URL + "/", "2026-12-06T09:00:00+00:00")
    assert read_address(path) == URL and address_path(path).name == "cup.toml.url"
    assert json.loads(address_path(path).read_text())["url"] == URL
    write_address(path, "https://chess.example/open")  # replaced whole
    assert read_address(path) == "https://chess.example/open"
    for junk in ('{"url": "javascript:alert(1)"}', '{"url": "http://a.lan/?x=1"}', '{"url": 7}', "[]", "{",
                 '{"url": "http://user@a.lan"}', '{"url": "http://a.lan:port"}', "x" * 5000):
        address_path(path).write_text(junk)
        assert read_address(path) is None, junk
    address_path(path).unlink()
    address_path(path).symlink_to(tmp_path / "elsewhere")
    assert read_address(path) is None  # a link is not followed
    for bad in ("ftp://a.lan", "http://", "http://a lan", "http://a.lan/#x", "http://пример.рф", "x" * 300):
        assert players_url(bad) is None, bad
        with pytest.raises(ValueError):
            write_address(tmp_path / "other.toml", bad)


def test_the_tuis_slips_and_the_clis_slips_and_cards_carry_each_players_page(tmp_path, monkeypatch):
    """The TUI's print path (tui/screens/printing.export, what `o 3` runs) and `arbiter export` without --url."""
    from arbiter_tournament.tui.screens.printing import export

    monkeypatch.setenv("PATH", "/nonexistent")  # no printer: the file only
    path, codes = phone_event(tmp_path)
    e = load(path)
    g = e.rounds[-1].games[0]
    out = export(e, path, "slips", "en").path
    assert codes[g.first] in out.read_text() and "█" not in out.read_text()  # no address yet: codes alone
    write_address(path, URL)
    slips = export(e, path, "slips", "en").path.read_text(encoding="utf-8")
    for g in e.rounds[-1].games:
        for pid in g.players:
            want = expected_modules(f"{URL}/me/{normal(codes[pid])}")
            assert same_modules(qr_after(slips, codes[pid]), want), pid
            other = expected_modules(f"{URL}/me/{normal(codes[g.second if pid == g.first else g.first])}")
            assert not same_modules(qr_after(slips, codes[pid]), other)  # (the check tells codes apart)
    def exported(*how: str) -> str:
        out = tmp_path / f"out-{len(list(tmp_path.glob('out-*')))}"
        ok("export", path, "--out", out, *how)
        return out.read_text(encoding="utf-8")

    cli_slips = exported("--format", "text", "--what", "slips")
    assert same_modules(qr_after(cli_slips, codes[1]), expected_modules(f"{URL}/me/{normal(codes[1])}"))
    cards = exported("--format", "text", "--what", "cards")
    for pid, code in codes.items():
        assert same_modules(qr_after(cards, code), expected_modules(f"{URL}/me/{normal(code)}")), pid
    html = exported("--format", "html", "--what", "cards")
    assert html.count("<svg") == len(codes)
    # --url still says another address, for this printout alone
    other = exported("--format", "text", "--what", "cards", "--url", "http://10.0.0.5:8000")
    assert same_modules(qr_after(other, codes[1]), expected_modules(f"http://10.0.0.5:8000/me/{normal(codes[1])}"))


def test_display_serve_reports_keeps_the_address_phones_open(tmp_path):
    path, _ = phone_event(tmp_path)
    port = free_port()
    proc = start_server(path, port, "--reports", "--public-url", f"http://Arbiter.lan:{port}/")
    try:
        deadline = time.monotonic() + 30
        while read_address(path) is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert read_address(path) == f"http://Arbiter.lan:{port}"
        # the name phones open is answered (a name not given is not: DNS rebinding)
        assert get(port, "/", {"Host": f"arbiter.lan:{port}"}).status == 200
        assert get(port, "/", {"Host": f"other.lan:{port}"}).status != 200
    finally:
        stop_server(proc)
    said = proc.stdout.read()
    assert f"slips and cards: the QR code of http://Arbiter.lan:{port}/me/CODE (kept in cup.toml.url" in said
    # served on this machine alone, without --public-url: no phone reaches it, no address is kept
    address_path(path).unlink()
    port = free_port()
    proc = start_server(path, port, "--reports")
    stop_server(proc)
    assert "slips and cards: no QR code (served on this machine only" in proc.stdout.read()
    assert not address_path(path).exists()


def test_public_url_is_refused_when_it_is_not_one_or_without_reports(tmp_path):
    path, _ = phone_event(tmp_path)
    for more, said in ((["--reports", "--public-url", "ftp://x"], "--public-url 'ftp://x': expected the address"),
                       (["--public-url", URL], "--public-url is for --serve --reports")):
        r = run_process("display", path, "--serve", *more)
        assert r.returncode == 2 and said in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert not address_path(path).exists() and not os.path.exists(str(path) + ".reports")
