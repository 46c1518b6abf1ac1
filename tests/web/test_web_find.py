"""Find a player any way a player types it (tui/web/find.py): on the server (`GET /find?q=`, no
JavaScript) and by the rows' keys the phone's script matches (tests/web/test_web_chromium.py types it)."""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.store import create, load
from arbiter_tournament.tui.web import find
from tests.cli_run import ok
from tests.web.web_helpers import Running

NAMES = ["Kozlov, Nikita", "Ёлкина, Мария", "Müller, José-Luis", "O'Brien, Seán", "Елкин, Пётр", "Ng, Li",
         "<script>alert('x')</script>", "Kozlova, Anna"]


def test_fold_and_hit_by_hand():
    assert find.fold("Kozlov, Nikita") == "kozlov nikita"
    assert find.fold("Ёлкина, Мария") == "елкина мария"
    assert find.fold("Müller, José-Luis") == "muller jose luis"
    assert find.fold("O'Brien, Seán") == "o brien sean"
    k = find.key("Kozlov, Nikita", 37)
    for typed in ("Nikita Kozlov", "kozlov nikita", "KOZLOV, NIKITA", "Kozlov, N", "kozl", "nik koz", "37", "#37",
                  "  kozlov   "):
        assert find.hit(k, find.terms(typed)), typed
    for typed in ("Nikita Kozlova", "kozlov anna", "3", "370", "", "   ", "koslov"):
        assert not find.hit(k, find.terms(typed)), typed
    assert find.hit(find.key("Ёлкина, Мария", 2), find.terms("елкина"))
    assert find.hit(find.key("Елкин, Пётр", 5), find.terms("ЁЛКИН петр"))
    assert find.hit(find.key("Müller, José-Luis", 3), find.terms("jose muller"))
    assert find.hit(find.key("Müller, José-Luis", 3), find.terms("José Luis"))


words = st.text(alphabet=st.sampled_from("abcdefghijklmnopqrstuvwxyzабвгдеёжзийклмнопрстуфхцчшщэюяéüñç"), min_size=1,
                max_size=8)


@settings(max_examples=200, deadline=None)
@given(st.lists(words, min_size=1, max_size=4), st.integers(1, 9999), st.randoms(use_true_random=False),
       st.booleans())
def test_any_order_any_case_any_diacritics_any_part(parts, pid, rnd, upper):
    """Whatever the order of the words of a name, their case, their accents, a start of each: found."""
    name = ", ".join(parts)
    k = find.key(name, pid)
    typed = list(parts)
    rnd.shuffle(typed)
    typed = [w[: rnd.randint(1, len(w))] for w in typed]  # a part of each word
    typed = [unicodedata.normalize("NFKD", w) if rnd.random() < 0.5 else w for w in typed]
    typed = [w.upper() if upper else w for w in typed]
    assert find.hit(k, find.terms(" ".join(typed))), (name, typed)
    assert find.hit(k, find.terms(str(pid)))
    assert not find.hit(k, find.terms(str(pid + 10000)))


@pytest.fixture
def hall(tmp_path):
    e = commands.new_event("Find Cup", 3)
    for i, name in enumerate(NAMES):
        e = commands.add_player(e, name, rating=2200 - 10 * i)
    path = tmp_path / "find.toml"
    create(path, e)
    ok("pair", path)
    return path


def _found(html: str) -> list[str]:
    return re.findall(r'<tr data-k="([^"]*)"', html)


def test_find_without_javascript_answers_board_opponent_side_and_table(hall):
    event = load(hall)
    rnd = event.rounds[-1]
    with Running(hall) as s:
        for typed in ("Nikita Kozlov", "kozlov nikita", "KOZLOV,%20N", "nik%20kozlov", "1"):
            html = s.get(f"/find?q={typed.replace(' ', '+')}").text
            assert _found(html) == ["kozlov nikita 1"], typed
            pid = 1
            g = next(g for g in rnd.games if pid in g.players)
            other = g.second if g.first == pid else g.first
            row = html.split('<tr data-k="kozlov nikita 1">')[1].split("</tr>")[0]
            assert f'<span class="big">{g.board}</span>' in row  # the board
            assert ("moves first" if g.first == pid else "moves second") in row  # the colour
            assert f"against {event.player(other).name}" in row or "against &lt;" in row  # the opponent
        # ё = е, diacritics, part of a name; every match listed
        assert _found(s.get("/find?q=%D0%B5%D0%BB%D0%BA%D0%B8%D0%BD").text) == ["елкин петр 5", "елкина мария 2"]
        assert _found(s.get("/find?q=jose+muller").text) == ["muller jose luis 3"]
        assert _found(s.get("/find?q=kozl").text) == ["kozlov nikita 1", "kozlova anna 8"]
        html = s.get("/find?q=zzzz").text
        assert not _found(html) and "No name matches." in html
        # the Russian page, and the form keeps what was typed, escaped
        ru = s.get("/find?q=%22%3E%3Cb%3Ezzz%3C%2Fb%3E&lang=ru").text
        assert "<b>zzz" not in ru and 'value="&quot;&gt;&lt;b&gt;zzz&lt;/b&gt;"' in ru
        assert "Нет такого имени." in ru
        # a hostile name is found and stays text
        html = s.get("/find?q=script+alert").text
        assert _found(html) == ["script alert x script 7"] and "<script>alert(" not in html
        assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in html
        # the find box of every page is a form to /find (a phone without JavaScript)
        page = s.get("/names").text
        assert re.search(r'<form class="find" action="/find" method="get" role="search">.*?name="q"', page, re.S)
        assert '<noscript><meta http-equiv="refresh" content="60"></noscript>' in page


def test_the_rows_carry_the_keys_the_phone_matches(hall):
    with Running(hall) as s:
        for path in ("/", "/names", "/standings", "/players", "/crosstable"):
            keys = _found(s.get(path).text)
            assert "kozlov nikita 1" in " | ".join(keys), path
