"""The web view's pages kept from one version of the event to the next (tui/web/book.py): a change makes
again only the pages it touches, tells only the streams of those pages, and sends the rows that changed."""

from __future__ import annotations

import json
import re
import socket
import threading
import time

import pytest

from arbiter_tournament.core.store import load
from arbiter_tournament.tui.web import pages as P
from arbiter_tournament.tui.web.book import Book, make, patch
from tests.cli_run import ok
from tests.web.web_helpers import Running


@pytest.fixture
def cup(tmp_path):
    path = tmp_path / "cup.toml"
    ok("new", path, "--name", "Book Cup", "--rounds", 3)
    for name, rating in (("Zorin, Yan", 2100), ("Abramov, Oleg", 2050), ("Ёлкина, Мария", 2000), ("Baker, Ann", 1950),
                         ("Cole, Ben", 1900), ("Dale, Eve", 1850)):
        ok("players", "add", path, name, "--rating", rating)
    ok("pair", path)
    return path


# -- the change set ------------------------------------------------------------------------------


def test_patch_is_the_rows_that_changed():
    old = '<p class="stamp">x</p><h2>T</h2><table><tr><td>1</td><td>–</td></tr><tr><td>2</td><td>–</td></tr></table>'
    new = '<p class="stamp">x</p><h2>T</h2><table><tr><td>1</td><td>1-0</td></tr><tr><td>2</td><td>–</td></tr></table>'
    assert patch(old, new, 4) == {"from": 4, "n": 3, "rows": [[1, "<tr><td>1</td><td>1-0</td></tr>"]]}
    assert patch(old, old, 4) is None  # nothing changed: nothing to send
    # a row more, a heading changed, a <pre> (not a paragraph) changed: the phone fetches the whole part
    assert patch(old, new.replace("</table>", "<tr><td>3</td></tr></table>"), 4) is None
    assert patch(old, new.replace("<h2>T</h2>", "<h2>U</h2>"), 4) is None
    assert patch(old + "<pre>a</pre>", old + "<pre>b</pre>", 4) is None
    many_old = "<table>" + "".join(f"<tr><td>{i}</td></tr>" for i in range(100)) + "</table>"
    many_new = many_old.replace("</td>", " </td>")
    assert patch(many_old, many_new, 1) is None  # more than PATCH_ROWS rows: fetched whole


def _sites(event):
    shared = P.Shared(event)
    return {lang: P.build(event, lang, shared) for lang in ("en", "ru")}


def test_a_result_makes_again_only_the_pages_that_show_it(cup):
    book = Book()
    e1 = load(cup)
    entries = book.update(_sites(e1), 1)
    for key in list(entries):
        assert make(entries, book.sites, key)
    made = {k: e.page for k, e in entries.items()}
    ok("result", cup, 1, "1-0")
    e2 = load(cup)
    sites = _sites(e2)
    entries = book.update(sites, 2)
    kept = {k for k, e in entries.items() if e.page is made[k]}
    # the players' list, the pairings by name, the rounds' list: kept, made already, not made again
    for lang in ("en", "ru"):
        assert {(lang, "/players"), (lang, "/names"), (lang, "/rounds")} <= kept
        assert (lang, "/") not in kept and (lang, "/hall") not in kept and (lang, "/round/swiss-1") not in kept
        assert sites[lang].pages["/names"] is made[(lang, "/names")]  # the new site has it, with its finder
        assert sites[lang].finder
    for key in list(entries):
        make(entries, book.sites, key)
    changed = {k for k, e in entries.items() if e.version == 2}
    # the standings and the crosstable are of the rounds complete (none yet): kept; the players' list too
    assert ("en", "/") in changed and ("en", "/hall") in changed and ("en", "/round/swiss-1") in changed
    assert ("en", "/standings") not in changed and ("en", "/crosstable") not in changed
    assert ("en", "/players") not in changed
    # what changed on the pairings: the row of board 1 (and the count of results missing), as the page shows it
    page = sites["en"].pages["/"]
    assert re.search(r'<td class="bd">1</td>.*?<td class="res">1-0</td>', page.body)


# -- the server --------------------------------------------------------------------------------------


def _listen(port: int, target: str, n: int, seconds: float, out: list, source: str) -> None:
    """The first `n` messages of the stream `target` within `seconds` (fewer if none come)."""
    with socket.create_connection(("127.0.0.1", port), timeout=seconds, source_address=(source, 0)) as c:
        c.sendall(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        buf = b""
        deadline = time.monotonic() + seconds
        try:
            while buf.count(b"data: ") < n and time.monotonic() < deadline:
                c.settimeout(max(0.05, deadline - time.monotonic()))
                chunk = c.recv(65536)
                if not chunk:
                    break
                buf += chunk
        except socket.timeout:
            pass
    out.extend(json.loads(x) for x in re.findall(rb"data: (.*)\n\n", buf))


def test_only_the_streams_of_the_pages_changed_are_told_with_the_rows(cup):
    with Running(cup) as s:
        assert s.get("/").status == s.get("/players").status == 200
        v = s.web.snap.version
        home: list[dict] = []
        players: list[dict] = []
        readers = [threading.Thread(target=_listen, args=(s.port, "/events?p=/&lang=en", 2, 10, home, "127.0.0.41")),
                   threading.Thread(target=_listen, args=(s.port, "/events?p=/players&lang=en", 2, 4, players,
                                                          "127.0.0.42"))]
        for t in readers:
            t.start()
        deadline = time.monotonic() + 10
        while sum(len(w) for w in s.web.listeners.values()) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        ok("result", cup, 1, "1-0")
        for t in readers:
            t.join(15)
        assert [m["v"] for m in home] == [v, v + 1]
        news = home[1]
        assert news["from"] == v and news["at"]  # the rows that changed since the version the phone shows
        rows = dict((i, html) for i, html in news["rows"])
        assert any(re.search(r'<td class="bd">1</td>.*<td class="res">1-0</td>', html) for html in rows.values())
        live = s.get("/?part=live").text
        units = re.findall(r"<(tr|p)\b[^>]*>.*?</\1>", live, re.S)
        assert news["n"] == len(units)
        # the players' page did not change: its stream heard nothing more within 4 s (its version, once)
        assert [m["v"] for m in players] == [v]
        assert s.get("/players").headers["x-arbiter-version"] == str(v)
        assert s.get("/").headers["x-arbiter-version"] == str(v + 1)
