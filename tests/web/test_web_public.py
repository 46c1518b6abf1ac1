"""The event's public settings (`public_crosstable`, `public_prize_money`; core/formats/public.py) on the
hall's web view (`arbiter display --serve`) as on the published site: its pages built, and served."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from arbiter_tournament.core.store import create
from arbiter_tournament.tui.web import pages as P
from tests.web.test_web_pages import every_page
from tests.web.web_helpers import Running


def _prized(public_crosstable: bool, public_prize_money: bool):
    """The issue's event played out, with prizes of odd amounts (none of them a figure found elsewhere)."""
    from fractions import Fraction

    from arbiter_tournament.core.final import changes
    from tests.final_events import twelve_with_top

    e = twelve_with_top()
    for name, amount in (("First prize", 3217), ("Second prize", 1609), ("Third prize", 803)):
        e = changes.add_prize(e, name, amount=Fraction(amount))
    return replace(e, public_crosstable=public_crosstable, public_prize_money=public_prize_money)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_public_settings_hold_for_the_web_view_as_for_the_published_site(lang):
    """`public_crosstable` and `public_prize_money` (core/formats/public.py): the web view, like the published
    site, has no crosstable (no page, no link, no slide) and no prize money (no amount, nothing of what a winner
    receives or how) when the event says so; the prizes and their winners are there either way."""
    from arbiter_tournament.core.final.prizes import prize_list
    from arbiter_tournament.core.formats.site import build_site
    from arbiter_tournament.core.msg.i18n import words

    amounts = ("3217", "3 217", "1609", "1 609", "803")
    shown = _prized(True, True)
    site = P.build(shown, lang)
    assert "/crosstable" in dict(site.nav) and site.page("/crosstable") is not None
    prizes = site.page("/prizes").body
    assert "3217" in prizes or "3 217" in prizes
    assert "crosstable.html" in build_site(shown)

    hidden = _prized(False, False)
    site = P.build(hidden, lang)
    assert "/crosstable" not in dict(site.nav) and site.page("/crosstable") is None
    every = every_page(site)
    assert not [p for p, html in every.items() if "/crosstable" in html], "a link to the crosstable"
    hall = site.page("/hall").body
    assert "cross" not in " ".join(re.findall(r'data-slide="([^"]+)"', hall))
    prizes = site.page("/prizes").body
    for text in (prizes, hall):
        assert not [a for a in amounts if a in text], "a prize's amount"
        assert words(lang)("receives") not in text
    # the prizes and their winners, as the published site lists them
    pl = prize_list(hidden)
    won = re.findall(r'<td class="num">(\d+)</td><td>([^<]+)<', prizes)
    assert [name for _, name in won] == [a.prize.name for a in pl.awards]
    for a in pl.awards:
        assert f"({a.winners[0].id})" in prizes.split(a.prize.name)[1].split("</tr>")[0]
    published = build_site(hidden, lang=lang)
    assert "crosstable.html" not in published
    assert not [a for a in amounts if a in published["prizes.html"]]
    # the two settings apart: each hides its own part only
    only_money = P.build(_prized(True, False), lang)
    assert "/crosstable" in dict(only_money.nav)
    assert not [a for a in amounts if a in only_money.page("/prizes").body]
    only_cross = P.build(_prized(False, True), lang)
    assert "/crosstable" not in dict(only_cross.nav) and "3217" in only_cross.page("/prizes").body.replace(" ", "")


def test_the_server_answers_404_for_a_crosstable_not_public_and_serves_no_amount(tmp_path):
    path = tmp_path / "final.toml"
    create(path, _prized(False, False))
    with Running(path) as s:
        assert s.get("/crosstable").status == 404
        home = s.get("/")
        assert home.status == 200 and 'href="/crosstable"' not in home.text and 'href="/prizes"' in home.text
        prizes = s.get("/prizes")
        assert prizes.status == 200 and "First prize" in prizes.text
        assert not [a for a in ("3217", "3 217", "1609", "803") if a in prizes.text]
    path = tmp_path / "shown.toml"
    create(path, _prized(True, True))
    with Running(path) as s:
        assert s.get("/crosstable").status == 200 and 'href="/crosstable"' in s.get("/").text
