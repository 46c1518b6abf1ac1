"""Players report from their phones (issue 35): `arbiter display FILE --serve --reports` as a real process, the
player's page in headless Chromium, the JSON endpoint, the judge's queue in the real TUI (tmux, 80x24) and
its one key; what must be refused; a burst of reports with the journal equal to the file.
"""

from __future__ import annotations

import http.client
import json
import sys
import threading
import time
import urllib.parse

import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.store import create, journal, load
from arbiter_tournament.core.store.reports import Reports
from tests.cli_run import ok
from tests.conftest import ROOT
from tests.tui.test_tui_tmux import TMUX, Tmux
from tests.web.browser import CHROMIUM, Browser
from tests.web.test_web_cli import free_port, start_server, stop_server
from tests.web.web_helpers import Running, get


def phone_event(tmp_path, n=8, name="cup.toml", **kw):
    e = commands.new_event("Phone Cup", 3, initial_colour="w", lots_seed=5)
    for i in range(n):
        e = commands.add_player(e, f"Player {i + 1:02d}", rating=2400 - 10 * i)
    from dataclasses import replace

    e = pairing.pair_next(replace(e, **kw) if kw else e)
    path = tmp_path / name
    create(path, e)
    codes = {c["id"]: c["code"] for c in json.loads(ok("players", "codes", path, "--format", "json"))["codes"]}
    return path, codes


def api(port, body, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    conn.request("POST", "/api/report", data, {"Content-Type": "application/json", **(headers or {})})
    r = conn.getresponse()
    out = r.status, r.read().decode()
    conn.close()
    try:
        return out[0], json.loads(out[1])
    except ValueError:
        return out


def form(port, path, fields, cookie="", headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    h = {"Content-Type": "application/x-www-form-urlencoded", **({"Cookie": cookie} if cookie else {}), **(headers or {})}
    conn.request("POST", path, urllib.parse.urlencode(fields).encode(), h)
    r = conn.getresponse()
    out = r.status, dict((k.lower(), v) for k, v in r.getheaders()), r.read().decode()
    conn.close()
    return out


def page_of(port, code):
    """The player's page through the QR's link: (its cookie, its HTML)."""
    r = get(port, f"/me/{code}")
    assert r.status == 303 and r.headers["location"] == "/me", r.status
    cookie = r.headers["set-cookie"].split(";")[0]
    assert "HttpOnly" in r.headers["set-cookie"] and "SameSite=Strict" in r.headers["set-cookie"]
    return cookie, get(port, "/me", {"Cookie": cookie}).text


def token_of(html):
    return html.split('name="token" value="')[1].split('"')[0]


@pytest.mark.skipif(CHROMIUM is None or TMUX is None, reason="chromium and tmux are needed (.ci/run installs them)")
def test_report_from_the_page_and_the_api_accept_in_the_tui_and_refuse_what_must_be(tmp_path):
    path, codes = phone_event(tmp_path)
    rnd = load(path).rounds[-1]
    g1, g2, g3 = rnd.games[:3]
    port = free_port()
    proc = start_server(path, port, "--reports")
    t = Tmux()
    try:
        with Browser() as b:
            tab = b.tab(width=390, height=844, mobile=True)
            # board 1, white: the QR's link, then "I won"
            tab.go(f"http://127.0.0.1:{port}/me/{codes[g1.first]}")
            tab.wait("document.body.innerText.includes('Round 1, board 1')")
            assert "Player 01" in tab.js("document.body.innerText")
            assert codes[g1.first] not in tab.js("location.href")  # the code left the address bar
            tab.js("[...document.querySelectorAll('button')].find(b => b.textContent == 'I won').click()")
            tab.wait("document.body.innerText.includes('Received: waiting for your opponent')")
            # board 2, white: the code typed, in Russian, then a draw
            tab.js("document.cookie")  # (the HttpOnly cookie is not the page's to read)
            tab.go(f"http://127.0.0.1:{port}/me?lang=ru")
            tab.js("[...document.querySelectorAll('button')].find(b => b.textContent.startsWith('Это не я')).click()")
            tab.wait("!!document.querySelector('#code')")
            tab.js(f"document.querySelector('#code').value = '{codes[g2.first].lower()}'; "
                   "document.querySelector('form').submit()")
            tab.wait("document.body.innerText.includes('Тур 1, доска 2')")
            tab.js("[...document.querySelectorAll('button')].find(b => b.textContent == 'Ничья').click()")
            tab.wait("document.body.innerText.includes('Принято')")
        # the opponents through the JSON endpoint
        assert api(port, {"code": codes[g1.second], "result": "1-0"}) == (200, {"round": 1, "board": 1,
                                                                                "status": "agreed"})
        assert api(port, {"code": codes[g2.second], "result": "½-½"}) == (200, {"round": 1, "board": 2,
                                                                                "status": "agreed"})
        # refused: a wrong code, a form replayed, another player's form, a cross-site POST
        assert api(port, {"code": "AAAAA-AAAAA", "result": "1-0"})[0] == 403
        assert api(port, {"code": codes[g1.first], "result": "+-"})[0] == 400
        assert api(port, b"code=x", {"Content-Type": "application/x-www-form-urlencoded"})[0] == 415
        cookie3, html3 = page_of(port, codes[g3.first])
        token3 = token_of(html3)
        assert form(port, "/me", {"token": token3, "action": "report", "result": "win"}, cookie3,
                    {"Origin": "http://evil.example"})[0] == 403
        assert form(port, "/me", {"token": token3, "action": "report", "result": "win"}, cookie3,
                    {"Sec-Fetch-Site": "cross-site"})[0] == 403
        assert form(port, "/me", {"token": token3, "action": "report", "result": "win"})[0] == 403  # no cookie
        cookie2, _ = page_of(port, codes[g2.second])
        assert form(port, "/me", {"token": token3, "action": "report", "result": "loss"}, cookie2)[0] == 403
        status, headers, _ = form(port, "/me", {"token": token3, "action": "report", "result": "win"}, cookie3)
        assert status == 303 and headers["location"] == "/me?said=waiting"
        assert form(port, "/me", {"token": token3, "action": "report", "result": "win"}, cookie3)[0] == 403  # replay
        assert get(port, "/me/AAAAAAAAAA").status == 403
        # the judge's queue in the real TUI: the count, R, A (every agreed report), the file
        t.start([sys.executable, "-m", "arbiter_tournament.tui.cli", str(path)], cwd=ROOT, rc_file=tmp_path / "app.rc")
        t.wait(lambda s: "4 from phones" in s.splitlines()[0], "the count: 3 boards, a line of wrong codes")
        t.keys("R")
        screen = t.wait(lambda s: "agreed" in s and "waiting" in s and "wrong codes" in s, "the queue")
        assert "round 1 board 1" in screen and "round 1 board 2" in screen and "round 1 board 3" in screen
        assert max(len(line) for line in screen.splitlines()) <= 80
        t.keys("A")
        t.wait(lambda s: "2 agreed reports accepted" in s, "accepted")
        e = load(path)
        assert e.rounds[-1].game(1).result is Result.FIRST_WINS and e.rounds[-1].game(2).result is Result.DRAW
        assert e.rounds[-1].game(3).result is None  # one report: waits for the judge
        whats = [x.what for x in journal.read(path)]
        assert f"result swiss round 1 board 1: 1-0, reported by {g1.first}, {g1.second}" in whats[-1]
        # a report over a recorded result: refused; the file keeps the judge's
        assert api(port, {"code": codes[g1.first], "result": "0-1"})[0] == 409
        ok("result", path, "3", "0-1")
        assert api(port, {"code": codes[g3.second], "result": "1-0"}) == (
            409, {"error": "the judge has recorded this game's result: 0-1"})
        assert load(path).rounds[-1].game(3).result is Result.SECOND_WINS
        t.keys("q")
    finally:
        t.kill()
        assert stop_server(proc) == 0


def test_the_server_is_read_only_without_reports(tmp_path):
    path, codes = phone_event(tmp_path)
    with Running(path) as s:
        assert api(s.port, {"code": codes[1], "result": "1-0"})[0] == 405
        assert s.get(f"/me/{codes[1]}").status == 404
    assert not Reports(path).path.exists()


def test_a_burst_keeps_every_report_and_agreed_boards_reach_the_file(tmp_path):
    """200 phones on 100 boards at once (reports = agreed): every answer 200, every report in the journal,
    every board recorded once, in the file and its journal (the big burst: bench/bench_reports.py)."""
    path, codes = phone_event(tmp_path, n=200, reports="agreed")
    games = [g for g in load(path).rounds[-1].games if g.second is not None]
    from arbiter_tournament.tui.web.me import reports_routes

    answers = []
    with Running(path, routes=(reports_routes(str(path)),), per_address=0) as s:
        def phone(pid, result):
            answers.append(api(s.port, {"code": codes[pid], "result": result}))

        threads = [threading.Thread(target=phone, args=(pid, "1-0" if g.board % 2 else "1/2"))
                   for g in games for pid in g.players]
        for th in threads:
            th.start()
        for th in threads:
            th.join(60)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and any(g.result is None for g in load(path).rounds[-1].games):
            time.sleep(0.1)
    assert len(answers) == 200 and all(code == 200 for code, _ in answers), answers[:3]
    lines = [x for x in Reports(path).read() if x is not None and x.kind == "report"]
    assert len(lines) == 200 and len({x.pid for x in lines}) == 200
    e = load(path)
    for g in e.rounds[-1].games:
        assert g.result is (Result.FIRST_WINS if g.board % 2 else Result.DRAW), g.board
    recorded = [w for x in journal.read(path) for w in x.what.split("; ") if "reported by" in w]
    assert len(recorded) == 100 and len(set(recorded)) == 100


def test_the_page_shows_only_the_holders_game_and_takes_requests_within_the_regulations(tmp_path):
    path, codes = phone_event(tmp_path, player_byes=1, player_bye_kind="half")
    e = load(path)
    from arbiter_tournament.tui.web.me import reports_routes

    g = e.rounds[-1].games[0]
    with Running(path, routes=(reports_routes(str(path)),)) as s:
        cookie, html = page_of(s.port, codes[g.first])
        others = {p.name for p in e.players} - {e.player(g.first).name, e.player(g.second).name}
        assert e.player(g.first).name in html and e.player(g.second).name in html
        assert not any(name in html for name in others)  # nothing of anyone else
        assert not any(code in html for code in codes.values())  # no code, not even his own
        for action, said in (("checkin", "checkin"), ("bye", "bye")):
            status, headers, _ = form(s.port, "/me", {"token": token_of(html), "action": action}, cookie)
            assert (status, headers["location"]) == (303, f"/me?said={said}")
            html = get(s.port, "/me", {"Cookie": cookie}).text
        assert "Ask for a bye" not in html  # the one bye the regulations allow is asked for
        status, _, body = form(s.port, "/me", {"token": token_of(html), "action": "withdraw"}, cookie)
        assert status == 400 and "To withdraw, tick “Yes, I want to withdraw” first." in body  # the box not ticked
        status, _, body = form(s.port, "/me", {"token": token_of(get(s.port, "/me", {"Cookie": cookie}).text),
                                               "action": "resign"}, cookie)
        assert status == 400 and "This page is out of date: open it again." in body  # an action of no page
        status, _, body = form(s.port, "/me", {"action": "report", "result": "1" * 70_000}, cookie,
                               {"Accept-Language": "ru"})
        assert status == 413 and "Отправлено слишком много для этой формы." in body and "Maximum" not in body
        html = get(s.port, "/me", {"Cookie": cookie}).text
        status, headers, _ = form(s.port, "/me", {"token": token_of(html), "action": "withdraw", "sure": "yes"},
                                  cookie)
        assert (status, headers["location"]) == (303, "/me?said=withdraw")
        assert "Sent to the judge: your request to withdraw." in get(s.port, "/me?said=withdraw",
                                                                     {"Cookie": cookie}).text
    got = json.loads(ok("reports", path, "--format", "json"))["requests"]
    assert [(r["kind"], r["player"], r["round"], r.get("bye")) for r in got] == [
        ("checkin", g.first, 2, None), ("bye", g.first, 2, "half"), ("withdraw", g.first, 2, None)]
    ok("reports", "accept", path, "--request", str(got[1]["id"]))
    assert load(path).player(g.first).requested_bye(2) == "half"
    assert [x.what for x in journal.read(path)][-1] == f"half bye for player {g.first} in round 2, asked by the player"


def test_a_report_answered_is_on_disk_when_the_server_is_killed(tmp_path):
    """The answer comes after the journal's fsync: a server killed (SIGKILL) right after it loses nothing."""
    import os
    import signal

    path, codes = phone_event(tmp_path)
    g = load(path).rounds[-1].games[0]
    port = free_port()
    proc = start_server(path, port, "--reports")
    try:
        assert api(port, {"code": codes[g.first], "result": "0-1"})[0] == 200
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(15)
    finally:
        stop_server(proc)
    got = [x for x in Reports(path).read() if x is not None]
    assert [(x.kind, x.pid, x.board, x.result) for x in got] == [("report", g.first, g.board, Result.SECOND_WINS)]


def test_wrong_codes_are_limited_per_address_and_journalled(tmp_path):
    import asyncio

    from arbiter_tournament.tui.web.desk import Desk, Refused

    path, codes = phone_event(tmp_path)
    now = [1000.0]
    desk = Desk(str(path), clock=lambda: now[0])

    async def tries():
        out = []
        for code in ["AAAAAAAAAA"] * 10 + [codes[1]]:
            try:
                out.append(await desk.who(code, "10.0.0.7"))
            except Refused as exc:
                out.append(exc.status)
        out.append(await desk.who(codes[1], "10.0.0.8"))  # another address is not held back
        now[0] += 6.0  # one more try a 6 s
        out.append(await desk.who(codes[2], "10.0.0.7"))
        await desk.close()
        return out

    assert asyncio.run(tries()) == [403] * 10 + [429, 1, 2]
    lines = [x for x in Reports(path).read() if x is not None]
    assert [x.kind for x in lines] == ["wrong"] * 10 + ["limited"] and lines[0].addr == "10.0.0.7"
    got = json.loads(ok("reports", path, "--format", "json"))["wrong_codes"]
    assert [(w["address"], w["wrong_codes"], w["limited"]) for w in got] == [("10.0.0.7", 10, True)]
