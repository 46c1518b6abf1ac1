"""The players' codes on paper (core/formats/cards.py): the QR code in half blocks is the QR code's modules,
the cards and the slips' stubs carry each player's own code, the HTML cards escape names."""

from __future__ import annotations

import segno

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core.event.codes import shown
from arbiter_tournament.core.formats import cards
from arbiter_tournament.core.formats.exports import printout
from arbiter_tournament.core.pairing import rounds as pairing
from tests.helpers import event_with_players


def _event():
    e = pairing.pair_next(event_with_players(4, rounds=3))
    return cmds.GiveCodes(((1, "K7TQ2MXH9R"), (2, "ACDEF23456"), (3, "XY98765432"), (4, "MNPQRTUVWX"))).apply(e)


def test_the_half_blocks_are_the_modules_of_the_qr_code():
    url = "http://192.168.1.10:8000/me/K7TQ2MXH9R"
    lines = cards.qr_lines(url, border=0)
    modules = [[bool(x) for x in row] for row in segno.make(url, error="m").matrix_iter(scale=1, border=0)]
    back = []
    for line in lines:
        line = line.ljust(len(modules[0]))
        back.append([c in "█▀" for c in line])
        back.append([c in "█▄" for c in line])
    assert back[:len(modules)] == modules
    assert all(not any(row) for row in back[len(modules):])  # an odd row count: a blank half below


def test_a_card_per_player_with_his_code_and_the_qr_of_his_page():
    e = _event()
    text = printout(e, "cards", url="http://arbiter.lan:8000")
    for p in e.players:
        assert f"{p.name} ({p.id})" in text and shown(p.code) in text
    assert text.count("http://arbiter.lan:8000/me ") == 4 and "█" in text
    assert "█" not in printout(e, "cards")  # no address: the code to type, no QR
    html = cards.cards_html(e, "ru", "http://arbiter.lan:8000")
    assert html.count("<svg") == 4 and "Ваш код: K7TQ2-MXH9R" in html


def test_each_slip_carries_a_stub_for_each_of_its_players_and_html_escapes_names():
    e = _event()
    e = cmds.EditPlayer(1, name="<b>Evil</b> & Co").apply(e)
    text = printout(e, "slips")
    for g in e.rounds[-1].games:
        for pid in g.players:
            assert shown(e.player(pid).code) in text
    assert "&lt;b&gt;Evil&lt;/b&gt; &amp; Co" in cards.cards_html(e, "en", None)
    assert "<b>Evil" not in cards.cards_html(e, "en", None)


# --- a long name never cuts the code (a stub began with the name and was cut at 80 characters) -----------------

from hypothesis import given, settings, strategies as st  # noqa: E402

from arbiter_tournament.core.msg.cells import clean, text_width  # noqa: E402

LONG_RU = "Константинопольская-Верхнеднепровская, Александра Владимировна"
LONG_EN = "Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh, Hubert Blaine Wolfgang Adolph"
MARKUP = "[bold red]Evil[/] <b>Co</b> [link=http://x]Ltd[/link]"


def _named(*names: str):
    e = _event()
    for pid, name in enumerate(names, 1):
        e = cmds.EditPlayer(pid, name=name).apply(e)
    return e


def _words(text: str) -> list[str]:
    return " ".join(text.split("\n")).split()


def test_the_stub_begins_with_the_whole_code_and_wraps_a_long_name_whole():
    e = _named(LONG_RU, LONG_EN, MARKUP)
    for lang, head, tail in (("ru", "Ваш код: ", "оторвите и сохраните; никому не показывайте"),
                             ("en", "Your code: ", "tear off and keep; show it to no one")):
        for pid in (1, 2, 3):
            p = e.player(pid)
            stub = cards.stub_lines(e, pid, lang)
            assert stub[0].startswith(head + shown(p.code) + " · ")  # the code first, whole, on the first line
            assert all(text_width(x) <= cards.WIDTH for x in stub)
            said = " ".join(stub)
            assert _words(said) == _words(f"{head}{shown(p.code)} · {p.name} ({pid}) · {tail}")  # nothing cut
            assert said.endswith(tail)  # the Russian stub lost "показывайте"
        text = printout(e, "slips", lang=lang)
        assert all(text_width(x) <= 80 for x in text.split("\n"))
        for g in e.rounds[-1].games:
            for pid in g.players:
                assert f"{head}{shown(e.player(pid).code)} · " in text
    stub = cards.stub_lines(e, 1, "ru")
    assert stub == ["Ваш код: K7TQ2-MXH9R · Константинопольская-Верхнеднепровская, Александра",
                    "Владимировна (1) · оторвите и сохраните; никому не показывайте"]
    assert cards.stub_lines(e, 3, "en") == [  # markup is text: printed as typed, never read
        "Your code: XY987-65432 · [bold red]Evil[/] <b>Co</b> [link=http://x]Ltd[/link]",
        "(3) · tear off and keep; show it to no one"]


def test_a_card_wraps_a_long_name_and_gives_the_code_a_line_of_its_own():
    e = _named(LONG_RU, "界" * 50)  # fifty wide characters: 100 columns, no space to break at
    for lang, head in (("ru", "Ваш код: "), ("en", "Your code: ")):
        text = printout(e, "cards", lang=lang, url="http://arbiter.lan:8000")
        lines = text.split("\n")
        assert all(text_width(x) <= 80 for x in lines)
        for p in e.players:
            assert head + shown(p.code) in lines  # a line of its own, whole
        i = lines.index("Константинопольская-Верхнеднепровская, Александра Владимировна (1)")
        assert lines[i + 1] == head + "K7TQ2-MXH9R"
        i = lines.index("界" * 40)  # 80 columns, then the rest with the number
        assert lines[i + 1] == "界" * 10 + " (2)" and lines[i + 2] == head + "ACDEF-23456"
        for p in e.players:  # the QR codes are still drawn, each of its player's page
            assert "\n".join(cards.qr_lines("http://arbiter.lan:8000/me/" + p.code)) in text


def test_a_stub_with_the_address_carries_the_qr_code_of_the_players_page():
    e = _named(LONG_RU)
    stub = cards.stub_lines(e, 1, "ru", "http://arbiter.lan:8000/")
    qr = cards.qr_lines("http://arbiter.lan:8000/me/K7TQ2MXH9R")
    assert stub[0].startswith("Ваш код: K7TQ2-MXH9R") and stub[2:] == ["    " + x for x in qr]


@settings(max_examples=200, deadline=None)
@given(st.text(st.characters(codec="utf-8"), max_size=200), st.integers(1, 90))
def test_wrapping_keeps_every_word_and_every_line_in_the_width(text, width):
    lines = cards.wrap(text, width)
    assert all(text_width(x) <= width or len(x) == 1 for x in lines)  # (a wide character in a one-column line)
    assert "".join("".join(lines).split()) == "".join(clean(text).split())  # nothing cut, nothing added


@settings(max_examples=60, deadline=None)
@given(st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=160)
       .filter(lambda s: s.strip()), st.sampled_from(["en", "ru"]))
def test_any_name_leaves_the_code_whole_on_the_first_line_of_its_stub(name, lang):
    e = cmds.EditPlayer(1, name=name).apply(_event())
    stub = cards.stub_lines(e, 1, lang)
    assert shown("K7TQ2MXH9R") in stub[0]
    assert all(text_width(x) <= cards.WIDTH for x in stub)
