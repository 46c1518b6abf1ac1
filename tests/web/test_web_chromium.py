"""The web view in headless Chromium: the phone's and the hall's layouts (screenshots checked), find my
name, the hall's paging and rotation, hostile names, and a result entered from the command line showing
in open pages within 3 s without reloading them.

Chromium is driven through its DevTools pipe (tests/web/browser.py). ARBITER_SHOTS=folder keeps the
screenshots to look at.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.store import create, load
from tests.cli_run import ok
from tests.conftest import ROOT
from tests.web.browser import CHROMIUM, Browser, ink, png_pixels
from tests.web.test_web_cli import free_port, start_server, stop_server
from tests.web.web_helpers import Running

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium; .ci/run does)")

HOSTILE = ["<script>alert(1)</script>", "Carol [/]", "\"&'", "<img src=x onerror=alert(2)>", "Иванов, Пётр & Co",
           "</td></tr></table><h1>x"]


def keep(name: str, png: bytes) -> None:
    folder = os.environ.get("ARBITER_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        Path(folder, name).write_bytes(png)


@pytest.fixture(scope="module")
def browser():
    with Browser() as b:
        yield b


@pytest.fixture
def demo(tmp_path):
    path = tmp_path / "demo.toml"
    shutil.copy(ROOT / "saves" / "demo.toml", path)
    return path


@pytest.fixture
def big(tmp_path):
    """60 players after one round: the hall's pairings (30 boards) and standings need several pages."""
    e = commands.new_event("Hall Open", 5, tiebreaks=("BH-C1", "BH", "SB"))
    for i in range(60):
        e = commands.add_player(e, f"Player {i + 1:02d}, Name", rating=2400 - 7 * i)
    path = tmp_path / "hall.toml"
    create(path, e)
    ok("pair", path)
    for board in range(1, 31):
        ok("result", path, board, ("1-0", "0-1", "1/2")[board % 3])
    ok("pair", path)
    return path


def shot(tab, name: str) -> tuple[int, int, list[float]]:
    png = tab.screenshot()
    keep(name, png)
    w, h, rows = png_pixels(png)
    return w, h, ink(rows)


# -- the phone ------------------------------------------------------------------------------------------


def test_the_phone_layout(browser, demo):
    event = load(demo)
    with Running(demo) as s:
        tab = browser.tab(width=390, height=844, mobile=True)
        base = f"http://127.0.0.1:{s.port}"
        for path in ("/", "/names", "/standings", "/crosstable", "/players", "/rounds", "/bracket"):
            tab.go(base + path)
            # one column: nothing wider than the phone (a wide table scrolls inside its own box)
            assert tab.js("document.documentElement.scrollWidth <= window.innerWidth"), path
            # large touch targets: every link of the navigation and the language switch, the find box
            small = tab.js("[...document.querySelectorAll('nav a, .langs a, #q, .chip')]"
                           ".filter(e => e.getBoundingClientRect().height < 44).length")
            assert small == 0, path
        tab.go(base + "/")
        w, h, dark = shot(tab, "phone-pairings.png")
        assert (w, h) == (390, 844)
        # text from the top to the bottom of the screen (the pairings fill it), in one column
        assert sum(1 for x in dark if x > 0.01) > 0.3 * h
        assert dark[h // 2:].count(0.0) < 0.8 * (h // 2)
        # the first table's boards are there, names as in the file
        text = tab.js("document.body.innerText")
        rnd = [r for r in event.rounds if r.table == 1][-1]
        for g in rnd.games:
            assert event.player(g.first).name in text

        # find my name: on the pairings by name, typing a part of a name leaves that player's row
        tab.go(base + "/names")
        tab.js("(() => { const q = document.getElementById('q'); q.value = 'olga'; q.dispatchEvent(new Event('input')); })()")
        shown = tab.js("[...document.querySelectorAll('table[data-find] tbody tr')].filter(r => !r.hidden)"
                       ".map(r => r.querySelector('.p').innerText)")
        olgas = sorted((p.name, p.id) for p in event.players if "olga" in p.name.lower())
        assert shown == [f"{n} ({i})" for n, i in olgas] and len(shown) >= 2
        w, h, dark = shot(tab, "phone-find.png")
        tab.js("(() => { const q = document.getElementById('q'); q.value = 'zzzz'; q.dispatchEvent(new Event('input')); })()")
        assert tab.js("!document.querySelector('.find .none').hidden")
        tab.js("(() => { const q = document.getElementById('q'); q.value = ''; q.dispatchEvent(new Event('input')); })()")


def test_the_phone_in_russian_by_the_browsers_language(browser, demo):
    with Running(demo) as s:
        tab = browser.tab(width=390, height=844, mobile=True, lang="ru-RU,ru")
        tab.go(f"http://127.0.0.1:{s.port}/standings")
        text = tab.js("document.body.innerText")
        assert "Найти себя" in text and "Турнирная таблица" in text and "Обновлено" in text
        keep("phone-standings-ru.png", tab.screenshot())
        tab.js("document.querySelector('.langs a[lang=en]').click()")
        tab.wait("document.documentElement.lang === 'en'")
        assert "Find my name" in tab.js("document.body.innerText")


def test_hostile_names_stay_text_in_the_browser(browser, tmp_path):
    e = commands.new_event('<b>Open</b> & "Cup"', 3)
    for i, name in enumerate(HOSTILE):
        e = commands.add_player(e, name, rating=2000 - i, club="<i>club</i>")
    path = tmp_path / "hostile.toml"
    create(path, e)
    ok("pair", path)
    with Running(path) as s:
        tab = browser.tab(width=390, height=844, mobile=True)
        for page in ("/", "/names", "/players", "/standings", "/crosstable", "/hall"):
            tab.go(f"http://127.0.0.1:{s.port}{page}")
            assert tab.js("document.querySelectorAll('script:not([src]), img, b, i, h1 + h1').length") == 0, page
            assert tab.js("typeof window.alert === 'function' && !window.__pwned") is True
            text = tab.js("document.body.innerText")
            assert '<b>Open</b> & "Cup"' in text
            for name in HOSTILE if page in ("/names", "/players") else HOSTILE[:1]:
                assert name in text, (page, name)


# -- the hall ------------------------------------------------------------------------------------------


SIZES = [(390, 844), (768, 1024), (1920, 1080)]  # a phone, a tablet or a portrait screen, a projector

# the cells drawn beyond the screen's right or bottom edge, and those cut short (an ellipsis)
OUTSIDE = ("[...document.querySelectorAll('.slide.on td, .slide.on th')].filter(e => { const r = "
           "e.getBoundingClientRect(); return r.right > window.innerWidth + 1 || r.bottom > window.innerHeight + 1 "
           "|| r.left < -1; }).length")
CUT = "[...document.querySelectorAll('.slide.on td')].filter(e => e.scrollWidth > e.clientWidth + 1).length"


def test_the_hall_layout_pages_and_rotates(browser, big):
    with Running(big, interval=1.5) as s:
        tab = browser.tab(width=1280, height=720)
        tab.go(f"http://127.0.0.1:{s.port}/hall")
        tab.wait("document.querySelector('.slide.on') !== null")
        # full screen, nothing to scroll; type large enough for the back of the hall
        assert tab.js("document.documentElement.scrollHeight <= window.innerHeight")
        size = tab.js("parseFloat(getComputedStyle(document.querySelector('.slide.on td')).fontSize)")
        assert size >= 0.025 * 720, size
        # the pages made by the server: the 30 boards, the 60 names and the 60 standings rows, each whole
        pages = tab.js("(() => { const out = {}; for (const s of document.querySelectorAll('.slide')) "
                       "out[s.dataset.slide] = (out[s.dataset.slide] || 0) + s.querySelectorAll('tbody tr').length;"
                       " return out; })()")
        assert pages == {"pairings-swiss-0": 30, "names": 60, "standings-0": 60}
        seen: dict[str, set[str]] = {}
        deadline = time.monotonic() + 40
        while time.monotonic() < deadline and not (len(seen.get("pairings-swiss-0", ())) >= 2 and
                                                   "names" in seen and "standings-0" in seen):
            key, pageno = tab.js("(() => { const s = document.querySelector('.slide.on'); "
                                 "return [s.dataset.slide, s.querySelector('.pageno').innerText]; })()")
            assert tab.js(OUTSIDE) == 0 and tab.js(CUT) == 0, (key, pageno)  # every row on the screen, whole
            if key == "standings-0" and key not in seen:
                w, h, dark = shot(tab, "hall-standings.png")
                assert (w, h) == (1280, 720)
                # the rows fill the screen down to its bottom quarter
                assert any(x > 0.01 for x in dark[int(h * 0.75):]), "the page does not fill the screen"
            seen.setdefault(key, set()).add(pageno)
            time.sleep(0.3)
        assert seen.get("pairings-swiss-0") == {"1/2", "2/2"} and "names" in seen and "standings-0" in seen, seen


@pytest.fixture
def thousand(tmp_path):
    """1000 players in round 7 of 7: 500 boards."""
    sys.path.insert(0, str(ROOT / "bench"))
    from dataclasses import replace

    from bench_store import big_event

    path = tmp_path / "thousand.toml"
    create(path, replace(big_event(1000, 7), tiebreaks=("BH-C1", "BH", "SB", "WIN")))
    return path


@pytest.mark.parametrize("width,height", SIZES)
def test_the_hall_of_a_1000_player_round_at_every_size(browser, thousand, width, height):
    """500 boards in columns: a rotation of at most 3 minutes at the default 15 s, no column cut,
    in landscape and portrait; the pairings and the names slide of every player."""
    with Running(thousand, interval=15) as s:
        tab = browser.tab(width=width, height=height)
        tab.go(f"http://127.0.0.1:{s.port}/hall")
        tab.wait("document.querySelector('.slide.on') !== null")
        n = tab.js("document.querySelectorAll('.slide').length")
        assert n * 15 <= 180, n
        boards = tab.js("[...document.querySelectorAll('.slide[data-slide=pairings-swiss-0] tbody tr')].length")
        names = tab.js("[...document.querySelectorAll('.slide[data-slide=names] tbody tr')].length")
        assert (boards, names) == (500, 1000)
        kinds = []
        for _ in range(n):
            kinds.append(tab.js("document.querySelector('.slide.on').dataset.slide"))
            assert tab.js("document.documentElement.scrollWidth <= window.innerWidth")
            assert tab.js(OUTSIDE) == 0, (kinds[-1], width, height)
            if width == 1920:
                # a board's number, the points and the result are never cut (a long name may end in ...)
                assert tab.js("[...document.querySelectorAll('.slide.on td.num, .slide.on td.res')]"
                              ".filter(e => e.scrollWidth > e.clientWidth + 1).length") == 0
                assert tab.js("parseFloat(getComputedStyle(document.querySelector('.slide.on td')).fontSize)") >= 14
            tab.js("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight'}))")
        assert kinds[0] == "pairings-swiss-0" and "names" in kinds and kinds[-1] == "standings-0"
        keep(f"hall-1000-{width}x{height}.png", tab.screenshot())


def test_the_hall_turns_its_pages_without_javascript(browser, big):
    with Running(big, interval=1) as s:
        tab = browser.tab(width=1280, height=720)
        tab.call("Emulation.setScriptExecutionDisabled", {"value": True})
        tab.go(f"http://127.0.0.1:{s.port}/hall")
        assert not tab.js("document.body.classList.contains('js')")
        seen = []
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and len(set(seen)) < 4:
            here = tab.js("document.readyState === 'complete' && document.querySelector('.slide h2') ? "
                          "location.search + ' ' + document.querySelector('.slide h2').innerText : null")
            if here is not None and (not seen or seen[-1] != here):
                seen.append(here)
                # one page on the screen, whole
                assert tab.js("[...document.querySelectorAll('.slide')].filter(s => s.offsetParent !== null)"
                              ".length") == 1
                assert tab.js(OUTSIDE.replace(".slide.on", ".slide")) == 0
            time.sleep(0.2)
        assert len(set(seen)) >= 4, seen  # /hall, then ?s=1, ?s=2 ...: the hall turns by itself
        assert any(x.startswith("?s=1 ") for x in seen) and any(x.startswith("?s=2 ") for x in seen), seen


@pytest.mark.parametrize("width,height", SIZES)
def test_the_phone_pages_at_every_size_tabs_never_cut(browser, demo, width, height):
    with Running(demo) as s:
        tab = browser.tab(width=width, height=height, mobile=width < 500)
        base = f"http://127.0.0.1:{s.port}"
        for lang in ("en", "ru"):
            for path in ("/", "/names", "/standings", "/crosstable", "/players", "/find?q=olga"):
                tab.go(f"{base}{path}{'&' if '?' in path else '?'}lang={lang}")
                assert tab.js("document.documentElement.scrollWidth <= window.innerWidth"), (path, lang)
                # every tab whole on the screen (they wrap onto a second row rather than run off its edge)
                cut = tab.js("[...document.querySelectorAll('nav a, .langs a')].filter(a => { const r = "
                             "a.getBoundingClientRect(); return r.left < 0 || r.right > window.innerWidth || "
                             "a.scrollWidth > a.clientWidth + 1; }).map(a => a.innerText)")
                assert cut == [], (path, lang, cut)
        keep(f"phone-tabs-{width}x{height}.png", tab.screenshot())


def test_find_as_you_type_in_any_order(browser, demo):
    event = load(demo)
    with Running(demo) as s:
        tab = browser.tab(width=390, height=844, mobile=True)
        tab.go(f"http://127.0.0.1:{s.port}/names")
        p = event.players[0]
        last, first = [x.strip() for x in p.name.split(",")]
        for typed in (f"{first} {last}", f"{last.upper()} {first[:2]}", f"{first.lower()}, {last[:3]}", str(p.id)):
            tab.js(f"(() => {{ const q = document.getElementById('q'); q.value = {typed!r}; "
                   "q.dispatchEvent(new Event('input')); })()")
            shown = tab.js("[...document.querySelectorAll('table[data-find] tbody tr')].filter(r => !r.hidden)"
                           ".map(r => r.querySelector('.p').innerText)")
            assert f"{p.name} ({p.id})" in shown, (typed, shown)
            assert all(first.lower() in x.lower() or str(p.id) in x for x in shown), (typed, shown)
        # the form asks the server when the page has no JavaScript: Enter opens /find
        tab.js("document.querySelector('form.find').submit()")
        tab.wait("location.pathname === '/find'")
        assert f"{p.name} ({p.id})" in tab.js("document.querySelector('table.found').innerText")


def test_the_hall_on_a_projector_in_russian(browser, demo):
    with Running(demo, interval=60) as s:
        tab = browser.tab(width=1920, height=1080, lang="ru")
        tab.go(f"http://127.0.0.1:{s.port}/hall")
        tab.wait("document.querySelector('.slide.on') !== null")
        assert tab.js("document.querySelector('.slide.on h2').innerText").startswith("Жеребьёвка: Тур 4, стол 1")
        size = tab.js("parseFloat(getComputedStyle(document.querySelector('.slide.on td')).fontSize)")
        assert size >= 0.03 * 1080, size
        w, h, dark = shot(tab, "hall-pairings-ru.png")
        assert (w, h) == (1920, 1080)
        assert max(dark[: h // 10]) > 0.02  # the event's name, large, on top
        tab.js("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight'}))")
        assert tab.js("document.querySelector('.slide.on h2').innerText").startswith("Жеребьёвка: Тур 4, стол 2")


# -- live --------------------------------------------------------------------------------------------------


def test_a_result_from_the_command_line_shows_within_3_s_without_a_reload(browser, tmp_path):
    path = tmp_path / "live.toml"
    ok("new", path, "--name", "Live Cup", "--rounds", 3)
    for i in range(1, 7):
        ok("players", "add", path, f"Player{i}", "--rating", 2000 - i)
    ok("pair", path)
    port = free_port()
    server = start_server(path, port, "--interval", "60")
    try:
        phone = browser.tab(width=390, height=844, mobile=True)
        hall = browser.tab(width=1280, height=720)
        phone.go(f"http://127.0.0.1:{port}/")
        hall.go(f"http://127.0.0.1:{port}/hall")
        for tab in (phone, hall):
            tab.wait("document.body.dataset.version === '1'")
            tab.js("window.__same_page = true")  # gone if the page were loaded again
            assert "Player1" in tab.js("document.body.innerText")
        board1 = ("[...document.querySelectorAll('#live tbody tr')].find(r => r.cells[0].innerText.trim() === '1')"
                  ".querySelector('.res').innerText.trim()")
        assert phone.js(board1) == "–" and hall.js(board1) == ""
        time.sleep(1)
        start = time.monotonic()
        done = subprocess.run([sys.executable, "-m", "arbiter_tournament.tui.cli", "result", str(path), "1", "1-0"], cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        phone.wait(f"{board1} === '1-0'", seconds=10)
        hall.wait(f"{board1} === '1-0'", seconds=10)
        took = time.monotonic() - start
        assert took <= 3, took
        for tab in (phone, hall):
            assert tab.js("window.__same_page === true && document.body.dataset.version === '2'")
            assert tab.js("document.querySelector('.stamp').innerText").startswith("Updated ")
    finally:
        stop_server(server)


def test_the_halls_round_clock_counts_down_and_pauses(browser, demo):
    from datetime import datetime, timedelta, timezone

    from arbiter_tournament.core.store import EventFile

    ef = EventFile(demo)
    deadline = (datetime.now(timezone.utc) + timedelta(minutes=12, seconds=34)).isoformat()
    ef.change(lambda e: commands.set_clock(e, "swiss", 1, 4, deadline=deadline), "clock")
    with Running(demo, interval=60) as s:
        tab = browser.tab(width=1280, height=720)
        tab.go(f"http://127.0.0.1:{s.port}/hall")
        tab.wait("document.querySelector('.clock').innerText.startsWith('Round time 12:3')")
        first = tab.js("document.querySelector('.clock').innerText")
        time.sleep(2.2)
        assert tab.js("document.querySelector('.clock').innerText") < first  # counting down
        v = s.web.snap.version
        ef.change(lambda e: commands.set_clock(e, "swiss", 1, 4, paused=300), "pause clock")
        tab.wait(f"document.body.dataset.version === '{v + 1}'", seconds=10)
        assert tab.js("document.querySelector('.clock').innerText") == "Round time 05:00 (paused)"


def test_a_result_swaps_its_row_in_place_and_a_new_player_brings_the_whole_part(browser, tmp_path):
    """The news of a result carries the row that changed (tui/web/book.py `patch`): the phone swaps it in, the
    rest of the page the very same elements; a change of more than rows (a player added: one more resting)
    brings the page's whole live part (a fetch)."""
    path = tmp_path / "rows.toml"
    ok("new", path, "--name", "Rows Cup", "--rounds", 3)
    for i in range(1, 7):
        ok("players", "add", path, f"Player{i}", "--rating", 2000 - i)
    ok("pair", path)
    port = free_port()
    server = start_server(path, port)
    try:
        phone = browser.tab(width=390, height=844, mobile=True)
        phone.go(f"http://127.0.0.1:{port}/")
        phone.wait("document.body.dataset.version === '1'")
        phone.js("window.__table = document.querySelector('#live table');"
                 "window.__row2 = document.querySelectorAll('#live tbody tr')[1]")
        board = ("[...document.querySelectorAll('#live tbody tr')].find(r => r.cells[0].innerText.trim() === '{n}')"
                 ".querySelector('.res').innerText.trim()")
        ok("result", path, 1, "1-0")
        phone.wait(f"{board.format(n=1)} === '1-0'", seconds=10)
        # swapped in place: the table and the other rows are the elements the page had
        assert phone.js("document.querySelector('#live table') === window.__table && "
                        "document.querySelectorAll('#live tbody tr')[1] === window.__row2")
        assert phone.js("document.body.dataset.version") == "2"
        assert phone.js(board.format(n=2)) == "–"
        ok("players", "add", path, "Latecomer, Lena", "--rating", 1500)
        phone.wait("document.body.innerText.includes('Latecomer, Lena')", seconds=10)
        assert phone.js("document.querySelector('#live table') !== window.__table")  # the whole part, fetched
        assert phone.js(board.format(n=1)) == "1-0"
    finally:
        stop_server(server)
