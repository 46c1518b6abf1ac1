"""The web view's pages (tui/web/pages.py) without a server: every name escaped on every page in both
languages, the figures equal to the printouts' (core.formats.exports), nothing from another host."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.formats import exports as ex
from arbiter_tournament.core.store import load
from arbiter_tournament.tui.web import pages as P
from tests.conftest import ROOT
from tests.core.test_site import EVENT_NAME, HOSTILE, hostile_event, parse  # the same hostile event
from tests.helpers import with_round

def every_page(site: P.Site) -> dict[str, str]:
    out = {}
    for path in list(site.pages) + list(site.later):
        out[path] = P.document(site, site.page(path), version=3, stamp="12:00:00", stamp_iso="2026-01-01T12:00:00+05:00")
    return out


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_name_is_escaped_on_every_page(lang):
    e = hostile_event(lang)
    pages = every_page(P.build(e, lang))
    assert {"/", "/names", "/standings", "/crosstable", "/players", "/hall", "/round/swiss-1", "/round/swiss-2"} <= set(pages)
    for path, html in pages.items():
        p = parse(html)
        assert set(p.tags) <= {"html", "head", "meta", "title", "link", "script", "body", "header", "h1", "h2", "h3",
                               "nav", "a", "p", "div", "label", "input", "main", "table", "caption", "thead",
                               "tbody", "tr", "th", "td", "span", "ul", "li", "dl", "dt", "dd", "section", "time",
                               "pre", "form", "button", "noscript"}, path
        assert p.tags.count("script") == 1 and ("src", "/static/app.js") in p.attrs  # the page's own, nothing inline
        assert not any(k.startswith("on") for k, _ in p.attrs), path
        assert "<script>alert" not in html and "<img src=x" not in html and "<b>Open" not in html
        assert EVENT_NAME in "".join(p.text), path
    for path in ("/players", "/standings", "/names", "/crosstable", "/round/swiss-2"):
        text = "".join(parse(pages[path]).text)
        for name, club in HOSTILE.values():
            assert name in text, (path, name)
            if path in ("/players", "/standings"):
                assert club in text, (path, club)


def test_nothing_from_another_host():
    demo = load(ROOT / "saves" / "demo.toml")
    for lang in ("en", "ru"):
        for path, html in every_page(P.build(demo, lang)).items():
            refs = re.findall(r'(?:src|href|action)="([^"]*)"', html)
            assert all(r.startswith(("/", "?")) and not r.startswith("//") for r in refs), (path, refs)
            assert "http:" not in html and "https:" not in html and "url(" not in html


def test_the_figures_are_the_printouts():
    demo = replace(load(ROOT / "saves" / "demo.toml"), tiebreaks=("BH-C1", "BH", "SB"))
    shared = P.Shared(demo)
    for rnd in demo.rounds:
        assert shared.scores_before(rnd) == ex.scores_before(demo, rnd), rnd.key
    for lang in ("en", "ru"):
        for table in demo.stage_tables("swiss"):
            assert shared.crosstable(table, lang) == ex.crosstable_rows(demo, table, lang)
    site = P.build(demo, "ru", shared)
    cross = site.page("/crosstable").body
    assert "п" in cross and re.search(r">\d+[пв][10=]<", cross)  # Russian colour letters


def test_by_name_and_hall_of_the_demo():
    demo = load(ROOT / "saves" / "demo.toml")
    site = P.build(demo, "en")
    names = site.page("/names").body
    listed = re.findall(r'<div class="p">(.*?) <span class="muted">\((\d+)\)</span></div>', names)
    current = [p for r in ex.current_rounds(demo) for g in r.games for p in g.players]
    assert sorted(int(i) for _, i in listed) == sorted(current)  # everyone with a board, once
    assert [n for n, _ in listed] == sorted((n for n, _ in listed), key=lambda n: n.casefold())
    hall = site.page("/hall").body
    slides = re.findall(r'data-slide="([^"]+)"', hall)  # a page each: the demo's lists fit one page each
    assert slides == ["pairings-swiss-1", "pairings-swiss-2", "pairings-swiss-3", "pairings-swiss-4", "names",
                      "standings-1", "standings-2", "standings-3", "standings-4"]


def test_a_rounds_page_is_made_once_when_asked():
    demo = load(ROOT / "saves" / "demo.toml")
    site = P.build(demo, "en")
    assert "/round/swiss-t2-3" in site.later and "/round/swiss-t2-3" not in site.pages
    page = site.page("/round/swiss-t2-3")
    assert page.title == "Round 3, table 2" and site.page("/round/swiss-t2-3") is page
    assert site.page("/round/swiss-t9-9") is None


def test_a_team_event_has_its_team_standings():
    from tests.core.test_team_event import play, team_event_of
    from arbiter_tournament.core.event.model import points_text
    from arbiter_tournament.core.pairing.rounds import pair_next
    from arbiter_tournament.core.teams.team_standings import standings as team_standings

    e = play(pair_next(team_event_of(["Alpha", "Beta", "Gamma", "Delta"], 2)), 1, [(1, 1), (0.5, 0)], 2)
    for lang, caption in (("en", "Team standings"), ("ru", "Командный зачёт")):
        site = P.build(e, lang)
        body = site.page("/standings").body
        assert caption in body
        teams = re.findall(r'<tr><td class="num">(\d+)</td><td>(\w+)</td><td class="num pts">([\d.]+)</td>', body)
        _after, _codes, rows = team_standings(e)
        assert teams == [(str(r.rank), r.team, points_text(r.match_points)) for r in rows]
        assert teams[0][2] == "2" and len(teams) == 4
        assert "Alpha 1" in site.page("/").body  # the boards of the matches, by player


def test_the_top_and_the_playoff():
    from tests import day_events
    from arbiter_tournament.core.playoff.stage import start_playoff

    e = day_events.top_finished()
    for lang, words in (("en", ["top-8", "top-4", "final"]), ("ru", ["топ-8", "топ-4", "финал"])):
        site = P.build(e, lang)
        assert re.findall(r"<caption>(.*?)</caption>", site.page("/bracket").body) == words
        slides = list(dict.fromkeys(re.findall(r'data-slide="([^"]+)"', site.page("/hall").body)))
        assert slides == ["pairings-top-0", "names", "standings-1", "standings-2", "bracket-1", "bracket-2",
                          "bracket-3", "final"]  # the top played out: the event is over, its final ranking shown
        b = ex.top_bracket(e)
        champion = e.player(b.champion).name
        assert champion in site.page("/bracket").body and "/bracket" in dict(site.nav)

    e = commands.new_event("Play-off Cup", 1)
    for i in range(4):
        e = commands.add_player(e, f"P{i + 1}", rating=2000 - i)
    e = start_playoff(with_round(e, 1, [(1, 2), (3, 4)], ["1-0", "1-0"]))
    for lang, words in (("en", "Play-off for first place: P1 (1), P3 (3)"), ("ru", "Плей-офф за первое место: P1 (1), P3 (3)")):
        site = P.build(e, lang)
        assert words in site.page("/playoff").body and "/playoff" in dict(site.nav)
        assert re.findall(r'data-slide="([^"]+)"', site.page("/hall").body) == ["pairings-playoff-0", "names",
                                                                                 "standings-0"]


def test_the_end_of_the_event_final_ranking_categories_and_prizes():
    """The issue's event (a top of 4 with a third-place match, played out) with prizes and a category: the
    phone's /final, /categories and /prizes equal core's ranking and prize list; the hall adds both slides
    once the event is over; every page in both languages."""
    from fractions import Fraction

    from arbiter_tournament.core.final import changes
    from arbiter_tournament.core.final.prizes import prize_list
    from arbiter_tournament.core.final.ranking import final_ranking
    from tests.final_events import twelve_with_top

    e = twelve_with_top()
    e = changes.add_category(e, "Under 2000", rating_below=2000)
    for name, amount in (("1st", 300), ("2nd", 200), ("3rd", 100)):
        e = changes.add_prize(e, name, amount=Fraction(amount))
    e = changes.add_prize(e, "Best under 2000", amount=Fraction(50), category="Under 2000")
    fr = final_ranking(e)
    site = P.build(e, "en")
    assert [href for href, _ in site.nav][5:8] == ["/final", "/categories", "/prizes"]
    final = site.page("/final").body
    rows = re.findall(r'<tr[^>]*><td class="num">([\d-]+)</td><td>[^<]*<span class="muted">\((\d+)\)</span>', final)
    assert rows == [(r.place_text, str(r.id)) for r in fr.rows]
    assert "champion" in final and "10-11" in final  # the top's places said; a tie waiting for its lot shared
    pl = prize_list(e, fr)
    prizes = site.page("/prizes").body
    won = re.findall(r'<td class="num">(\d+)</td><td>([^<]+)<', prizes)
    assert [name for _, name in won] == [a.prize.name for a in pl.awards]
    under = [a for a in pl.awards if a.prize.category][0]
    third = [a for a in pl.awards if a.prize.name == "3rd"][0]
    assert third.winners[0].id == 3 and under.winners[0].id not in (1, 2, 3)
    assert f'({under.winners[0].id})' in prizes.split("Best under 2000")[1].split("</tr>")[0]
    cats = site.page("/categories").body
    assert "Under 2000" in cats and len(re.findall("<tr[ >]", cats)) == 1 + sum(1 for r in fr.rows if r.id in {3, 5, 8, 10, 12})
    slides = list(dict.fromkeys(re.findall(r'data-slide="([^"]+)"', site.page("/hall").body)))
    assert slides[-2:] == ["final", "prizes"]
    ru = P.build(e, "ru")
    assert "Итоговые места" in ru.page("/final").title and "Призы" == ru.page("/prizes").title
    assert "чемпион" in ru.page("/final").body.lower() or "победитель" in ru.page("/final").body.lower()
    before = P.build(load(ROOT / "saves" / "demo.toml"), "en")  # under way, without prizes
    assert "/final" in dict(before.nav) and "/prizes" not in dict(before.nav)
    assert "final" not in re.findall(r'data-slide="([^"]+)"', before.page("/hall").body)


def test_the_halls_pages_by_the_length_of_a_list_and_the_style_sheet_agrees():
    """tui/web/hall.py: the fewest pages in type readable from the back of a hall, else within a few pages;
    the widths it assumes are the style sheet's (static/app.css)."""
    from importlib import resources
    from math import ceil

    from arbiter_tournament.tui.web import hall

    css = (resources.files("arbiter_tournament.tui.web") / "static" / "app.css").read_text()
    for kind, em in hall.EM.items():
        assert f".kind-{kind} {{ --em: {em}; }}" in css, kind
    for _kind, levels in hall.LEVELS.items():
        for cols, rows in levels:
            assert f".cols-{cols} {{ --cols: {cols}; }}" in css and f".rows-{rows} {{ --rows: {rows}; }}" in css
    for kind in ("pairings", "names", "standings"):
        for n in range(1, 2001, 7):
            cols, rows = hall.level(kind, n)
            pages = ceil(n / (cols * rows))
            assert pages <= hall.PAGES[kind] or (cols, rows) == hall.LEVELS[kind][-1], (kind, n)
            if n <= 40:  # a small event: large type
                assert hall.type_px(kind, cols, rows) >= hall.READABLE, (kind, n)
    # a 1000-player round: 500 boards in 5 pages, 1000 names in 5, the top of the standings in 1: 11 x 15 s
    assert [ceil(n / (c * r)) for n, (c, r) in ((500, hall.level("pairings", 500)), (1000, hall.level("names", 1000)))] \
        == [5, 5]
    assert hall.PAGES["standings"] == 1 and (5 + 5 + 1) * 15 <= 180
