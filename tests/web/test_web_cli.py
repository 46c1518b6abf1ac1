"""`arbiter display FILE --serve` from the command line: loopback unless --public, the one-line errors,
and the real process (one process, loopback only, stops on SIGTERM, nothing left spinning)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import pytest

from tests.cli_run import ok, refused, run
from tests.conftest import ROOT
from tests.web.web_helpers import get


@pytest.fixture
def event(tmp_path):
    path = tmp_path / "hall.toml"
    ok("new", path, "--name", "Serve Cup", "--rounds", 3)
    for i in range(1, 5):
        ok("players", "add", path, f"Player{i}", "--rating", 2000 - i)
    ok("pair", path)
    return path


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "venue-host"])
def test_serving_beyond_loopback_needs_public(event, host):
    assert "needs --public" in refused("display", event, "--serve", "--host", host)


def test_public_serving_warns_and_loopback_does_not(event, monkeypatch):
    from arbiter_tournament.tui import display

    calls = []
    monkeypatch.setattr(display, "serve", lambda path, interval, host, port, *more: calls.append((host, port, *more)) or 0)
    code, out, err = run("display", event, "--serve", "--host", "0.0.0.0", "--port", 8123, "--public")
    assert code == 0 and calls == [("0.0.0.0", 8123, None, (), None, False, None)]  # (--reports, --public-url)
    assert err.startswith("arbiter: warning: ") and "0.0.0.0:8123" in err and err.count("\n") == 1
    for host in ("127.0.0.1", "localhost", "::1", "127.0.0.2"):
        code, _, err = run("display", event, "--serve", "--host", host)
        assert (code, err) == (0, "")
    assert calls[1:] == [(h, 8000, None, (), None, False, None) for h in ("127.0.0.1", "localhost", "::1", "127.0.0.2")]
    assert run("display", event, "--serve", "--max-clients", 50, "--name", "arbiter.lan", "--name", "hall.lan")[0] == 0
    assert calls[-1] == ("127.0.0.1", 8000, 50, ("arbiter.lan", "hall.lan"), None, False, None)
    assert run("display", event, "--serve", "--per-address", 0)[0] == 0
    assert calls[-1] == ("127.0.0.1", 8000, None, (), 0, False, None)
    assert "--per-address is for --serve" in refused("display", event, "--per-address", 4)
    assert run("display", event, "--serve", "--reports")[0] == 0 and calls[-1][-2] is True
    # --public-url: the address phones open (its name answered besides), for the QR codes of the slips
    assert run("display", event, "--serve", "--reports", "--public-url", "http://Chess.example:8080/")[0] == 0
    assert calls[-1] == ("127.0.0.1", 8000, None, ("chess.example",), None, True, "http://Chess.example:8080")
    assert run("display", event, "--serve", "--reports", "--public-url", "http://10.0.0.5")[0] == 0
    assert calls[-1][3:] == ((), None, True, "http://10.0.0.5")
    assert "--reports is for --serve" in refused("display", event, "--reports")
    assert "--per-address: 1001 is too big" in refused("display", event, "--serve", "--per-address", 1001)
    code, _, err = run("display", event, "--serve", "--name", "not a name")
    assert code == 2 and "--name not a name: not a host name" in err and not calls[-1][3] == ("not a name",)


def test_an_ipv6_address_in_brackets_is_served(event, monkeypatch):
    from arbiter_tournament.tui import display

    calls = []
    monkeypatch.setattr(display, "serve", lambda path, interval, host, port, *more: calls.append(host) or 0)
    assert run("display", event, "--serve", "--host", "[::1]")[0] == 0
    assert calls == ["::1"]


def test_a_port_in_use_is_one_line_naming_the_address(event):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code, out, err = run("display", event, "--serve", "--port", port)
    assert code == 2 and err.count("\n") == 1, err
    assert err.startswith(f"arbiter: error: --host 127.0.0.1 --port {port}: cannot serve the display there: "), err
    assert "address already in use" in err


def test_a_bad_file_is_refused_before_serving(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[event\n", encoding="utf-8")
    code, out, err = run("display", bad, "--serve", "--port", 1)
    assert code == 2 and err.startswith("arbiter: error: ") and err.count("\n") == 1 and "bad.toml" in err


# -- the real process -----------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening(port: int) -> set[str]:
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


def start_server(path, port: int, *more: str) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "arbiter_tournament.tui.cli", "display", str(path), "--serve", "--port", str(port),
                             *more], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, start_new_session=True)
    deadline = time.monotonic() + 60
    while True:
        try:
            if get(port, "/").status == 200:
                return proc
        except OSError:
            pass
        if proc.poll() is not None:
            raise AssertionError(proc.stderr.read())
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.2)


def stop_server(proc: subprocess.Popen) -> int:
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        return proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        raise AssertionError("the server did not stop on SIGTERM")


def children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = open(f"/proc/{entry}/stat").read()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry))
    return out


def cpu_seconds(pid: int) -> float:
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_one_process_on_loopback_that_stops_on_sigterm_and_leaves_nothing_spinning(event):
    port = free_port()
    proc = start_server(event, port)
    try:
        assert listening(port) == {"127.0.0.1"}
        # browsers that open the page and its stream and go away at once (textual-serve left a
        # display process spinning for each)
        for _ in range(20):
            with socket.create_connection(("127.0.0.1", port)) as c:
                c.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
                c.recv(100)
            with socket.create_connection(("127.0.0.1", port)) as c:
                c.sendall(f"GET /hall HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        time.sleep(1)
        assert children(proc.pid) == []  # one process: no display process per browser
        before = cpu_seconds(proc.pid)
        time.sleep(3)
        assert cpu_seconds(proc.pid) - before < 0.5  # idle: the file check twice a second, nothing else
    finally:
        code = stop_server(proc)
    out = proc.stdout.read()
    assert code == 0
    assert out.splitlines() == ["arbiter: serving hall.toml read-only; Ctrl-C stops", f"  phones:    http://127.0.0.1:{port}/",
                                f"  projector: http://127.0.0.1:{port}/hall",
                                "  at most 8000 connections at once, at most 10 from one address"]
    assert max(len(line) for line in out.splitlines()) <= 80


def test_served_on_every_address_it_names_them():
    from arbiter_tournament.tui.web.http import addresses, local_addresses

    found = local_addresses()
    assert all(not a.startswith("127.") and a.count(".") == 3 for a in found)
    assert addresses("0.0.0.0", 8000) == ([f"http://{a}:8000" for a in found] or ["http://ADDRESS:8000"])
    assert addresses("::1", 80) == ["http://[::1]:80"] and addresses("10.1.2.3", 8) == ["http://10.1.2.3:8"]


def test_the_public_url_is_the_first_address_said_and_its_name_never_on_our_port():
    """Behind a router's forwarding (`--public-url http://chess.example:8080`, served on 8000): the address phones
    open is said first, as given; its name on our port (http://chess.example:8000) is not said at all (a phone
    there finds nothing); a `--name` of its own and the addresses served on follow."""
    from arbiter_tournament.tui.web.server import bases

    assert bases("10.0.0.7", 8000, ("chess.example", "hall.lan"), "http://Chess.example:8080") == [
        "http://Chess.example:8080", "http://hall.lan:8000", "http://10.0.0.7:8000"]
    assert bases("10.0.0.7", 8000, ("hall.lan",)) == ["http://hall.lan:8000", "http://10.0.0.7:8000"]
    assert bases("10.0.0.7", 8000, (), "http://10.0.0.7:8000") == ["http://10.0.0.7:8000"]  # said once
