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
