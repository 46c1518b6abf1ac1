"""`arbiter display --serve` (issue 13 point 5, issue 16): the hall display in a browser through
textual-serve (the `serve` extra), on loopback unless told otherwise, checked in headless Chromium:
the page shows the current round and follows a result entered meanwhile.

Chromium runs with --disable-3d-apis, so xterm.js (the page's terminal) draws with its DOM
renderer and the screen's text can be read from the page (`.xterm-rows`).
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

import pytest

from tests.cli_run import ok, refused, run
from tests.conftest import ROOT

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
HAVE_SERVE = importlib.util.find_spec("textual_serve") is not None


@pytest.fixture
def event(tmp_path):
    path = tmp_path / "hall.toml"
    ok("new", path, "--name", "Serve Cup", "--rounds", 3)
    for i in range(1, 5):
        ok("players", "add", path, f"Player{i}", "--rating", 2000 - i)
    ok("pair", path)
    return path


# -- loopback unless --public -------------------------------------------------------------------


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "venue-host"])
def test_serving_beyond_loopback_needs_public(event, host):
    assert "needs --public" in refused("display", event, "--serve", "--host", host)


def test_public_serving_warns_and_loopback_does_not(event, monkeypatch):
    from arbiter.tui import display

    calls = []
    monkeypatch.setattr(display, "serve", lambda path, interval, host, port: calls.append((host, port)) or 0)
    code, out, err = run("display", event, "--serve", "--host", "0.0.0.0", "--port", 8123, "--public")
    assert code == 0 and calls == [("0.0.0.0", 8123)]
    assert err.startswith("arbiter: warning: ") and "0.0.0.0:8123" in err and err.count("\n") == 1
    for host in ("127.0.0.1", "localhost", "::1", "127.0.0.2"):
        code, _, err = run("display", event, "--serve", "--host", host)
        assert (code, err) == (0, "")
    assert calls[1:] == [("127.0.0.1", 8000), ("localhost", 8000), ("::1", 8000), ("127.0.0.2", 8000)]


def test_serve_without_textual_serve_says_how_to_install(event, monkeypatch):
    monkeypatch.setitem(sys.modules, "textual_serve", None)
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    code, _, err = run("display", event, "--serve")
    assert code == 2 and "pip install -e '.[serve]'" in err and err.count("\n") == 1


# -- in a browser -------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _listening(port: int) -> set[str]:
    """The local addresses listening on `port` (from /proc/net/tcp and tcp6)."""
    found = set()
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = open(name).read().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            address, hexport = local.split(":")
            if state == "0A" and int(hexport, 16) == port:  # LISTEN
                found.add(socket.inet_ntop(socket.AF_INET, bytes.fromhex(address)[::-1])
                          if len(address) == 8 else address)
    return found


class Browser:
    """Headless Chromium driven through its DevTools protocol (aiohttp, which textual-serve brings)."""

    def __init__(self, profile: str) -> None:
        self.profile = profile
        self.proc = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-3d-apis",
             "--disable-background-networking", "--no-first-run", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={profile}", "--remote-debugging-port=0", "--window-size=1280,900", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def port(self) -> str:
        path = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if os.path.exists(path) and open(path).read().strip():
                return open(path).read().split()[0]
            time.sleep(0.1)
        raise AssertionError("chromium did not start")

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


async def _screen_until(ws, want, seconds: float, counter: list[int]) -> str:
    """The page's terminal text, polled until `want(text)` holds (or the time is up)."""
    text, deadline = "", time.monotonic() + seconds
    while time.monotonic() < deadline:
        counter[0] += 1
        mid = counter[0]
        await ws.send_json({"id": mid, "method": "Runtime.evaluate", "params": {
            "expression": "(document.querySelector('.xterm-rows') || {}).innerText || ''", "returnByValue": True}})
        while True:
            msg = await ws.receive_json()
            if msg.get("id") == mid:
                break
        text = msg["result"]["result"].get("value") or ""
        if want(text):
            return text
        await asyncio.sleep(0.5)
    return text


@pytest.mark.skipif(not HAVE_SERVE, reason="textual-serve is not installed (pip install -e '.[serve]')")
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium; .ci/run does)")
def test_the_served_display_shows_the_round_in_chromium_and_follows_a_result(event):
    import aiohttp

    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "arbiter.tui.cli", "display", str(event), "--serve", "--port", str(port),
                               "--interval", "60"], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              env={"PYTHONPATH": str(ROOT), "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                                   "USER": "anna", "HOME": str(event.parent)}, start_new_session=True)
    profile = tempfile.mkdtemp(prefix="arbiter-chromium-")
    browser = None
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as r:
                    assert r.status == 200
                break
            except OSError:
                assert server.poll() is None, server.stderr.read().decode()
                assert time.monotonic() < deadline, "the display server did not start"
                time.sleep(0.3)
        assert _listening(port) == {"127.0.0.1"}  # loopback only
        browser = Browser(profile)
        cdp = browser.port()

        async def drive() -> tuple[str, str]:
            async with aiohttp.ClientSession() as s:
                targets = await (await s.get(f"http://127.0.0.1:{cdp}/json")).json()
                page = next(t for t in targets if t["type"] == "page")
                async with s.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as ws:
                    counter = [1]
                    await ws.send_json({"id": 1, "method": "Page.navigate",
                                        "params": {"url": f"http://127.0.0.1:{port}/"}})
                    first = await _screen_until(ws, lambda t: "Player4" in t and "Round 1" in t, 60, counter)
                    code, _, err = run("result", event, 1, "1-0")
                    assert code == 0, err
                    after = await _screen_until(ws, lambda t: "1-0" in _board_1(t), 30, counter)
                    return first, after

        first, after = asyncio.run(drive())
    finally:
        if browser is not None:
            browser.close()
        shutil.rmtree(profile, ignore_errors=True)
        try:
            os.killpg(server.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
    assert "Serve Cup" in first and "Pairings: Round 1" in first, first
    assert all(f"Player{i}" in first for i in range(1, 5)), first
    assert "Player" in _board_1(after) and "1-0" in _board_1(after), after


def _board_1(screen: str) -> str:
    return next((ln for ln in screen.splitlines() if ln.strip().startswith("1 ")), "")


@pytest.mark.skipif(not HAVE_SERVE, reason="textual-serve is not installed (pip install -e '.[serve]')")
def test_a_port_in_use_is_one_line_naming_the_address(event):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code, out, err = run("display", event, "--serve", "--port", port)
    assert code == 2 and err.count("\n") == 1, err
    assert err.startswith(f"arbiter: error: --host 127.0.0.1 --port {port}: cannot serve the display there: "), err
    assert "address already in use" in err


@pytest.mark.skipif(not HAVE_SERVE, reason="textual-serve is not installed (pip install -e '.[serve]')")
def test_an_ipv6_address_in_brackets_is_served(event, monkeypatch):
    from arbiter.tui import display

    calls = []
    monkeypatch.setattr(display, "serve", lambda path, interval, host, port: calls.append(host) or 0)
    assert run("display", event, "--serve", "--host", "[::1]")[0] == 0
    assert calls == ["::1"]  # as the server binds it (with the brackets it was "Name or service not known")
