"""The web view's server (tui/web/server.py): what it answers, what it refuses, how it follows the file.

Run inside the test process (tests/web/web_helpers.Running) on 127.0.0.1 and a free port.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import time

import pytest

from arbiter_tournament.core.store import load
from arbiter_tournament.tui.web.server import choose_lang, host_allowed
from tests.cli_run import ok
from tests.conftest import ROOT
from tests.web.web_helpers import Running, raw


@pytest.fixture
def demo(tmp_path):
    path = tmp_path / "demo.toml"
    shutil.copy(ROOT / "saves" / "demo.toml", path)
    return path


@pytest.fixture
def small(tmp_path):
    path = tmp_path / "cup.toml"
    ok("new", path, "--name", "Web Cup", "--rounds", 3)
    for name, rating in (("Zorin, Yan", 2100), ("Abramov, Oleg", 2050), ("Ёлкина, Мария", 2000), ("Baker, Ann", 1950)):
        ok("players", "add", path, name, "--rating", rating)
    ok("pair", path)
    return path


# -- what it serves --------------------------------------------------------------------------------


def test_the_home_page_is_the_current_round_with_the_names(demo):
    event = load(demo)
    with Running(demo) as s:
        r = s.get("/")
    assert r.status == 200 and r.headers["content-type"] == "text/html; charset=utf-8"
    html = r.text
    # every board of the current round of table 1, with both names (the demo: round 4 of 4 tables)
    rnd = [x for x in event.rounds if x.table == 1][-1]
    assert rnd.number == 4
    for g in rnd.games:
        assert event.player(g.first).name in html
        if g.second is not None:
            assert event.player(g.second).name in html
    assert "Round 4, table 1" in html and "Round 4, table 4" in html
    # nothing from another host: no URL with a scheme, every reference is this server's
    assert not re.search(r"(?i)(https?:)?//[a-z0-9]", html.replace("http://www.w3.org", ""))
    assert set(re.findall(r'(?:src|href)="([^"]*)"', html)) <= {
        "/static/app.css", "/static/app.js", "/", "/names", "/standings", "/crosstable", "/bracket", "/final", "/rounds",
        "/players", "/hall", "?lang=en", "?lang=ru"}


def test_every_page_and_the_static_files_answer(demo):
    with Running(demo) as s:
        paths = list(s.web.sites["en"].pages) + list(s.web.sites["en"].later)  # a round's page: made when asked
        assert {"/", "/names", "/standings", "/crosstable", "/bracket", "/rounds", "/players", "/hall",
                "/round/swiss-t2-3"} <= set(paths)
        for path in paths:
            r = s.get(path)
            assert r.status == 200, path
            assert "default-src 'none'" in r.headers["content-security-policy"]
            assert r.headers["x-content-type-options"] == "nosniff"
        css, js = s.get("/static/app.css"), s.get("/static/app.js")
        assert css.status == js.status == 200
        assert css.headers["content-type"].startswith("text/css") and js.headers["content-type"].startswith("text/javascript")
        assert "http" not in css.text.replace("http://www.w3.org", "") and "@import" not in css.text
        assert "http:" not in js.text and "https:" not in js.text  # the script talks to its own server only
        assert s.get("/nothing-here").status == 404
        assert s.get("/hall/").status == 200  # a trailing slash is the same page


def test_a_page_in_both_languages_by_the_browser_and_by_the_switch(small):
    with Running(small) as s:
        ru = s.get("/", {"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.8"})
        en = s.get("/", {"Accept-Language": "de-DE,en;q=0.5,ru;q=0.4"})
        assert '<html lang="ru">' in ru.text and "Жеребьёвка по доскам" in ru.text and "Найти себя" in ru.text
        assert '<html lang="en">' in en.text and "Pairings by board" in en.text and "Find my name" in en.text
        switched = s.get("/standings?lang=ru", {"Accept-Language": "en"})
        assert '<html lang="ru">' in switched.text
        cookie = switched.headers["set-cookie"]
        assert cookie.startswith("arbiter_lang=ru;") and "SameSite=Strict" in cookie
        again = s.get("/standings", {"Accept-Language": "en", "Cookie": "arbiter_lang=ru"})
        assert '<html lang="ru">' in again.text and "set-cookie" not in again.headers


def test_choose_lang():
    assert choose_lang({}, {"accept-language": "fr, ru;q=0.3, en;q=0.2"}, "en") == ("ru", False)
    assert choose_lang({}, {"accept-language": "fr"}, "ru") == ("ru", False)
    assert choose_lang({"lang": ["en"]}, {"cookie": "arbiter_lang=ru"}, "ru") == ("en", True)
    assert choose_lang({"lang": ["xx"]}, {"cookie": "a=b; arbiter_lang=ru"}, "en") == ("ru", False)


def test_by_name_is_alphabetical_with_board_side_and_opponent(small):
    event = load(small)
    rnd = event.rounds[-1]
    with Running(small) as s:
        html = s.get("/names").text
    rows = re.findall(r"<tr[^>]*><td class=\"bd\">(.*?)</tr>", html)
    names = [re.search(r'<div class="p">(.*?) <span', r).group(1) for r in rows]
    assert names == ["Abramov, Oleg", "Baker, Ann", "Zorin, Yan", "Ёлкина, Мария"]  # Latin, then Cyrillic
    for row in rows:
        name = re.search(r'<div class="p">(.*?) <span', row).group(1)
        pid = next(p.id for p in event.players if p.name == name)
        g = next(g for g in rnd.games if pid in g.players)
        other = g.second if g.first == pid else g.first
        assert row.startswith(f'<span class="big">{g.board}</span>')
        assert ("moves first" if g.first == pid else "moves second") in row
        assert f"against {event.player(other).name}" in row


def test_gzip_etag_and_head(small):
    with Running(small) as s:
        plain = s.get("/")
        packed = s.get("/", {"Accept-Encoding": "gzip, deflate"})
        assert packed.headers["content-encoding"] == "gzip" and packed.text == plain.text
        assert len(packed.raw) < len(plain.raw)
        same = s.get("/", {"If-None-Match": plain.headers["etag"]})
        assert same.status == 304 and same.raw == b""
        head = s.get("/", method="HEAD")
        assert head.status == 200 and head.raw == b"" and int(head.headers["content-length"]) == len(plain.raw)


# -- what it refuses -------------------------------------------------------------------------------


@pytest.mark.parametrize("host", ["evil.example", "attacker.com:8000", "127.0.0.1.evil.example", "", "a b",
                                  "localhost@evil.example"])
def test_a_host_that_is_not_this_machine_is_refused(small, host):
    with Running(small) as s:
        r = s.get("/", {"Host": host})
        assert r.status in (400, 421) and "Web Cup" not in r.raw.decode("utf-8", "replace")
        assert s.get("/events", {"Host": host}).status in (400, 421)


def test_hosts_that_are_this_machine_are_served(small):
    with Running(small) as s:
        for host in ("127.0.0.1", f"127.0.0.1:{s.port}", f"localhost:{s.port}", "[::1]:8000", "192.168.1.20:8000",
                     socket.gethostname() + ":8000"):
            assert s.get("/", {"Host": host}).status == 200, host


def test_host_allowed():
    names = frozenset({"venue-pc", "venue-pc.local"})
    assert host_allowed("10.0.0.5:8000", names) and host_allowed("[fe80::1]:80", names)
    assert host_allowed("VENUE-PC:8000", names) and host_allowed("localhost.", names)
    assert not host_allowed("venue-pc.evil.example", names) and not host_allowed("[::1", names)
    assert not host_allowed("10.0.0.5:80:80", names) and not host_allowed("10.0.0.5/x", names)


def test_another_sites_origin_is_refused(small):
    with Running(small) as s:
        own = f"127.0.0.1:{s.port}"
        assert s.get("/", {"Origin": f"http://{own}"}).status == 200
        assert s.get("/?part=live", {"Origin": f"http://{own}"}).status == 200
        for origin in ("http://evil.example", "null", f"https://{own}", f"http://127.0.0.1:{s.port + 1}",
                       "http://localhost:1"):
            r = s.get("/?part=live", {"Origin": origin})
            assert r.status == 403, origin
            assert "Web Cup" not in r.raw.decode()
            assert s.get("/events", {"Origin": origin}).status == 403


def test_nothing_can_change_the_event_or_read_a_file(small):
    before = small.read_bytes()
    with Running(small) as s:
        for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS"):
            r = s.get("/", method=method)
            assert r.status == 405 and r.headers["allow"] == "GET, HEAD", method
        for path in ("/../" + small.name, "/static/../" + small.name, "/static/..%2f..%2fetc%2fpasswd",
                     "/%2e%2e/%2e%2e/etc/passwd", "/static/app.css/..", "//etc/passwd", "/" + str(small),
                     "/static/", "/static/app.py", "/server.py"):
            r = s.get(path)
            assert r.status == 404, path
            assert "root:" not in r.raw.decode("utf-8", "replace") and "[event]" not in r.raw.decode("utf-8", "replace")
        # a body, a bad request line, an absolute target, huge headers
        assert raw(s.port, b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello").startswith(b"HTTP/1.1 405")
        assert raw(s.port, b"GET /\r\n\r\n").split(b"\r\n")[0].endswith(b" 400 Bad Request")
        assert raw(s.port, b"GET http://127.0.0.1/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").startswith(b"HTTP/1.1 400")
        assert raw(s.port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX: " + b"a" * 20000 + b"\r\n\r\n").split(b"\r\n")[0].endswith(b" 400 Bad Request")
        assert raw(s.port, b"GET / HTTP/1.1\r\nHost: a\r\nHost: 127.0.0.1\r\n\r\n").split(b"\r\n")[0].endswith(b" 400 Bad Request")
        assert s.get("/").status == 200  # still serving
    assert small.read_bytes() == before


def test_the_connection_limit(small):
    with Running(small, max_clients=5) as s:
        held = [socket.create_connection(("127.0.0.1", s.port)) for _ in range(5)]
        try:
            deadline = time.monotonic() + 10
            while s.web.gate.held < 5 and time.monotonic() < deadline:
                time.sleep(0.05)
            assert s.web.gate.held == 5
            busy = raw(s.port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert busy.startswith(b"HTTP/1.1 503 ") and b"Retry-After: 5" in busy
            assert s.web.gate.refused >= 1
        finally:
            for c in held:
                c.close()
        deadline = time.monotonic() + 10
        while s.web.gate.held and time.monotonic() < deadline:
            time.sleep(0.05)
        assert s.get("/").status == 200  # the places are free again


def test_an_idle_connection_that_sends_nothing_is_closed(small, monkeypatch):
    from arbiter_tournament.tui.web import server

    monkeypatch.setattr(server, "IDLE_TIMEOUT", 0.5)
    with Running(small) as s:
        with socket.create_connection(("127.0.0.1", s.port), timeout=10) as c:
            start = time.monotonic()
            assert c.recv(100) == b""  # closed by the server
            assert time.monotonic() - start < 5


# -- following the file ----------------------------------------------------------------------------


def _events(port: int, n: int, seconds: float = 10, source: str = "127.0.0.1") -> list[dict]:
    """The first `n` messages of /events (asked from the address `source`)."""
    with socket.create_connection(("127.0.0.1", port), timeout=seconds, source_address=(source, 0)) as c:
        c.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        buf = b""
        deadline = time.monotonic() + seconds
        while buf.count(b"data: ") < n and time.monotonic() < deadline:
            buf += c.recv(4096)
    assert buf.startswith(b"HTTP/1.1 200 OK\r\n") and b"Content-Type: text/event-stream" in buf
    return [json.loads(x) for x in re.findall(rb"data: (.*)\n\n", buf)]


def test_a_result_reaches_the_page_and_every_stream(small):
    import threading

    with Running(small) as s:
        v = s.web.snap.version
        got: list[list[dict]] = []
        readers = [threading.Thread(target=lambda k=k: got.append(_events(s.port, 2, source=f"127.0.0.{k}")))
                   for k in range(2, 5)]
        for t in readers:
            t.start()
        time.sleep(0.5)
        start = time.monotonic()
        ok("result", small, 1, "1-0")
        for t in readers:
            t.join(15)
        took = time.monotonic() - start
        assert len(got) == 3 and all(m[0]["v"] == v and m[1]["v"] == v + 1 for m in got), got
        assert took < 2, took
        assert isinstance(got[0][1]["now"], int)
        live = s.get("/?part=live")
        assert live.headers["x-arbiter-version"] == str(v + 1)
        assert re.search(r'<td class="bd">1</td>.*?<td class="res">1-0</td>', live.text)
        assert not live.text.startswith("<!DOCTYPE")  # only the inside of <main id="live">
        assert json.loads(s.get("/version").text)["v"] == v + 1


def test_a_bad_file_keeps_the_last_good_state_and_says_so(small):
    good = small.read_bytes()
    with Running(small) as s:
        v = s.web.snap.version
        small.write_text("[event\nname = ", encoding="utf-8")
        v = s.wait_version(v)
        for lang, words in (("en", "The event file cannot be read at the moment"), ("ru", "Файл турнира сейчас не читается")):
            html = s.get(f"/?lang={lang}").text
            assert words in html and "Zorin, Yan" in html, lang
            assert str(small.parent) not in html  # the page shows no path of the judge's machine
        assert any("cup.toml" in line and "last good state" in line for line in s.logs), s.logs
        assert s.get("/standings").status == 200
        small.unlink()
        time.sleep(0.5)
        assert "Zorin, Yan" in s.get("/").text
        small.write_bytes(good)
        os.utime(small)
        s.wait_version(s.web.snap.version)
        html = s.get("/").text
        assert "cannot be read" not in html and "Zorin, Yan" in html
        assert any("reads again" in line for line in s.logs)


def test_the_update_time_is_the_venues_local_time(small, monkeypatch):
    monkeypatch.setenv("TZ", "Asia/Yekaterinburg")  # UTC+5, no summer time
    time.tzset()
    try:
        with Running(small) as s:
            html = s.get("/").text
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()
    when = re.search(r'<time datetime="([^"]+)">([0-9:]+)</time>', html)
    assert when.group(1).endswith("+05:00") and when.group(1)[11:19] == when.group(2)


def test_a_reader_that_fails_unexpectedly_does_not_stop_the_server(small, monkeypatch):
    from arbiter_tournament.tui.web import pages

    with Running(small) as s:
        v = s.web.snap.version
        real = pages.build
        monkeypatch.setattr(pages, "build", lambda *a, **k: {}["no such key"])  # a bug meeting an odd file
        ok("result", small, 1, "1-0")
        v = s.wait_version(v)
        html = s.get("/").text
        assert "The event file cannot be read at the moment" in html and "Zorin, Yan" in html
        monkeypatch.setattr(pages, "build", real)
        ok("result", small, 2, "0-1")
        s.wait_version(v)
        html = s.get("/").text
        assert "cannot be read" not in html
        assert re.search(r'<td class="bd">2</td>.*?<td class="res">0-1</td>', html)


def test_a_name_the_venue_gives_the_machine_is_served_and_a_bad_one_refused(small):
    """`--name arbiter.lan`: the venue's DNS name for this machine is answered; another name still is not."""
    with Running(small, names=("Arbiter.LAN.",)) as s:
        assert s.get("/", {"Host": f"arbiter.lan:{s.port}"}).status == 200
        assert s.get("/", {"Host": "ARBITER.lan"}).status == 200
        assert s.get("/", {"Host": "arbiter.lan.evil.example"}).status in (400, 421)
    from arbiter_tournament.core.errors import ArbiterError
    from arbiter_tournament.tui.web.server import venue_name

    assert venue_name(" Hall-1.Venue.lan ") == "hall-1.venue.lan"
    for bad in ("", "a b", "-x.lan", "x..lan", "10.0.0.5", "ev/il", "x" * 64 + ".lan", "<b>"):
        with pytest.raises(ArbiterError, match="not a host name"):
            venue_name(bad)


def test_a_bad_hand_edit_is_never_quoted_on_the_page_only_on_stderr(small):
    text = small.read_text(encoding="utf-8")
    with Running(small) as s:
        v = s.web.snap.version
        # a hand edit that the reader's error quotes back: a private value (a FIDE id typed in the wrong field)
        small.write_text(text.replace("rating = 2100", 'rating = "FIDE 24178356"', 1), encoding="utf-8")
        v = s.wait_version(v)
        assert any("24178356" in line for line in s.logs), s.logs  # the judge's terminal says why
        for path in ("/", "/names", "/standings", "/hall", "/?part=live", "/find?q=zorin", "/hall?s=0"):
            for lang in ("en", "ru"):
                html = s.get(f"{path}{'&' if '?' in path else '?'}lang={lang}").text
                assert "24178356" not in html and "whole number" not in html and "rating" not in html, (path, lang)
                assert ("cannot be read at the moment" in html) or ("не читается" in html), (path, lang)


# -- fair under load: limits by address ---------------------------------------------------------------


def _open(port: int, source: str) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))


def test_one_address_cannot_take_the_server_from_the_others(small):
    with Running(small, per_address=4) as s:
        held = [_open(s.port, "127.0.0.9") for _ in range(4)]
        try:
            deadline = time.monotonic() + 10
            while s.web.gate.by_address.get("127.0.0.9", 0) < 4 and time.monotonic() < deadline:
                time.sleep(0.05)
            assert s.web.gate.by_address["127.0.0.9"] == 4
            with _open(s.port, "127.0.0.9") as fifth:  # refused at once, before a byte is read
                fifth.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                got = fifth.recv(4096)
            assert got.startswith(b"HTTP/1.1 503 ") and b"Retry-After: 5" in got
            # another address is served meanwhile
            with _open(s.port, "127.0.0.10") as other:
                other.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{s.port}\r\nConnection: close\r\n\r\n".encode())
                reply = b""
                while chunk := other.recv(65536):
                    reply += chunk
            assert reply.startswith(b"HTTP/1.1 200 OK") and "Zorin, Yan".encode() in reply
        finally:
            for c in held:
                c.close()
        deadline = time.monotonic() + 10
        while s.web.gate.by_address.get("127.0.0.9") and time.monotonic() < deadline:
            time.sleep(0.05)
        assert "127.0.0.9" not in s.web.gate.by_address  # its places are free again


def _stream(port: int, source: str) -> socket.socket:
    c = _open(port, source)
    c.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    head = b""
    while b"data: " not in head:
        head += c.recv(4096)
    assert head.startswith(b"HTTP/1.1 200 OK")
    return c


def _ended(c: socket.socket, seconds: float = 10) -> bool:
    """The server ended the stream within `seconds` (its heartbeats read meanwhile)."""
    c.settimeout(seconds)
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            if c.recv(4096) == b"":
                return True
    except (socket.timeout, ConnectionResetError):
        return False
    return False


def test_an_address_holds_two_live_streams_a_third_ends_the_oldest(small):
    with Running(small) as s:
        first, second = _stream(s.port, "127.0.0.21"), _stream(s.port, "127.0.0.21")
        elsewhere = _stream(s.port, "127.0.0.22")
        third = _stream(s.port, "127.0.0.21")
        try:
            assert _ended(first)  # the oldest of that address
            assert s.web.gate.ended == 1 and s.web.gate.streams == 3
            v = s.web.snap.version
            ok("result", small, 1, "1-0")
            s.wait_version(v)
            for c in (second, third, elsewhere):  # the others still hear of the change
                c.settimeout(10)
                buf = b""
                while f'"v": {v + 1}'.encode() not in buf:
                    buf += c.recv(4096)
        finally:
            for c in (first, second, third, elsewhere):
                c.close()


def test_a_stream_ends_when_its_time_is_up(small, monkeypatch):
    from arbiter_tournament.tui.web import routes

    monkeypatch.setattr(routes, "STREAM_LIFE", 1.0)
    with Running(small) as s:
        c = _stream(s.port, "127.0.0.31")
        try:
            assert _ended(c, 10)  # the page's EventSource opens another (retry: 2000)
        finally:
            c.close()


def test_the_old_pages_are_let_go_when_the_file_changes(small):
    import gc
    import weakref

    with Running(small) as s:
        old = weakref.ref(s.web.snap.sites["en"])
        v = s.web.snap.version
        ok("result", small, 1, "1-0")
        s.wait_version(v)
        deadline = time.monotonic() + 10
        while old() is not None and time.monotonic() < deadline:
            gc.collect()
            time.sleep(0.1)
        assert old() is None  # nothing holds the pages of the version before


def test_nothing_of_a_big_file_stays_once_it_is_replaced(small, tmp_path, monkeypatch):
    import gc
    import shutil

    from arbiter_tournament.core.event.model import Player
    from arbiter_tournament.tui.web import server

    monkeypatch.setattr(server, "GIVE_BACK", 0)  # the threshold of the test's small pages
    big = tmp_path / "big.toml"
    ok("new", big, "--name", "Big Cup", "--rounds", 3)
    for i in range(1, 41):
        ok("players", "add", big, f"Bigname{i:02d}, Player", "--rating", 2000 + i)
    ok("pair", big)
    little = tmp_path / "little.toml"
    shutil.copy(small, little)
    with Running(small) as s:
        v = s.web.snap.version
        shutil.copy(big, tmp_path / "x.toml")
        os.replace(tmp_path / "x.toml", small)
        v = s.wait_version(v)
        assert "Bigname01" in s.get("/").text
        shutil.copy(little, tmp_path / "x.toml")
        os.replace(tmp_path / "x.toml", small)
        s.wait_version(v)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            gc.collect()
            left = [o for o in gc.get_objects() if isinstance(o, Player) and o.name.startswith("Bigname")]
            if not left:
                break
            time.sleep(0.2)
        assert left == []  # not in the pages, nor the reader's memos (codec, histories)
        assert "Zorin, Yan" in s.get("/").text


def test_a_route_added_by_another_module_gets_the_guard_and_the_headers(small):
    """The way the players' reports plug in (/work/notes/web-server.md): `Web(..., routes=(add,))`."""
    from aiohttp import web as aio

    from arbiter_tournament.tui.web.routes import WEB, peer

    seen = []

    async def echo(request):
        data = await request.json()
        seen.append((peer(request), data, request.app[WEB].snap.version))
        return aio.json_response({"got": data})

    def add(app, w):
        app.router.add_post("/api/echo", echo)

    with Running(small, routes=(add,)) as s:
        r = raw(s.port, b'POST /api/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n'
                        b'Content-Length: 9\r\nConnection: close\r\n\r\n{"a": 12}')
        assert r.startswith(b"HTTP/1.1 200 OK") and b'{"got": {"a": 12}}' in r
        assert b"Content-Security-Policy: default-src 'none'" in r and b"X-Frame-Options: DENY" in r
        assert seen == [("127.0.0.1", {"a": 12}, s.web.snap.version)]
        cross = raw(s.port, b'POST /api/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://evil.example\r\n'
                            b'Content-Length: 2\r\nConnection: close\r\n\r\n{}')
        assert cross.startswith(b"HTTP/1.1 403") and len(seen) == 1  # another site's page: refused before it
        got = s.get("/api/echo")  # a GET of it: the read-only pages' "no such page", with the headers too
        assert got.status == 404 and "content-security-policy" in got.headers
        for path in ("/nope", "/"):
            assert "content-security-policy" in s.get(path, method="DELETE").headers


def _head(answer: bytes) -> dict[str, str]:
    lines = answer.partition(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")[1:]
    return {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines)}


@pytest.mark.parametrize("request_bytes", [
    b"GARBAGE\r\n\r\n",  # no method, no target, no version
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: " + b"a" * 9000 + b"\r\n\r\n",  # a header over 8190 bytes
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: x\r\n\r\n",  # a space in a header's name
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(150)) + b"\r\n",  # 150 headers
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -1\r\n\r\n",
], ids=["garbage", "long-header", "bad-name", "150-headers", "negative-length"])
def test_aiohttps_own_answers_to_a_malformed_request_carry_the_security_headers(small, request_bytes):
    """aiohttp answers these itself, before any route or middleware of ours (tui/web/server.py `Answering`)."""
    from arbiter_tournament.tui.web.http import SECURITY_HEADERS

    with Running(small) as s:
        answer = raw(s.port, request_bytes)
    assert re.match(rb"HTTP/1\.[01] 400 ", answer), answer[:200]
    head = _head(answer)
    for name, value in SECURITY_HEADERS.items():
        assert head.get(name.lower()) == value, (name, answer[:400])
    assert "default-src 'none'" in head["content-security-policy"] and head["x-content-type-options"] == "nosniff"


def test_the_answer_of_one_connection_too_many_carries_the_security_headers(small):
    from arbiter_tournament.tui.web.http import SECURITY_HEADERS

    with Running(small, per_address=1) as s:
        held = socket.create_connection(("127.0.0.1", s.port), timeout=10)
        try:
            deadline = time.monotonic() + 10
            while s.web.gate.held < 1 and time.monotonic() < deadline:
                time.sleep(0.02)
            busy = raw(s.port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        finally:
            held.close()
    assert busy.startswith(b"HTTP/1.1 503 ")
    head = _head(busy)
    assert all(head.get(k.lower()) == v for k, v in SECURITY_HEADERS.items()), busy
