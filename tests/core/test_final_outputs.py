"""The end of the event as it goes out (issue 23.5): text printouts (80 columns), CSV and the site's pages."""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from fractions import Fraction

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.final import changes
from arbiter_tournament.core.formats import final as out
from arbiter_tournament.core.formats.exports import printout
from arbiter_tournament.core.formats.site import build_site
from arbiter_tournament.core.msg.cells import text_width
from tests.core.test_final import three_way_round_robin
from tests.final_events import swiss, twelve_with_top

F = Fraction


def with_prizes(e):
    e = changes.add_category(e, "Under 2000", rating_below=2000)
    for name, amount in (("1st", 1000), ("2nd", 500), ("3rd", 300)):
        e = changes.add_prize(e, name, amount=F(amount))
    return changes.add_prize(e, "Best under 2000", amount=F(100), category="Under 2000")


def test_the_text_printouts_fit_80_columns_in_both_languages():
    e = with_prizes(twelve_with_top())
    e = commands.edit_player(e, 7, name="Averyveryverylongname-Doublebarrelled, Maximilian Alexander")
    for lang in ("en", "ru"):
        for what in ("final", "categories", "prizes"):
            text = printout(e, what, lang=lang)
            assert all(text_width(line) <= 80 for line in text.splitlines()), (what, lang)
    text = printout(e, "final", lang="en")
    assert "Final ranking" in text and "champion" in text and "Averyveryverylong" in text
    assert "Places 10-11: equal after every tie-break; the regulations break the tie by lot" in text
    ru = printout(e, "prizes", lang="ru")
    assert "Призы" in ru and "(Under 2000)" in ru and "Деньги участников с равными очками" in ru


def test_a_final_printout_of_several_tables_has_each_tables_list():
    e = swiss(16, rounds=3, tables=2)
    text = out.final_printout(e, "en")
    assert text.count("Final ranking") == 3
    assert "Final ranking, table 1" in text and "Final ranking, table 2" in text


def test_places_drawn_by_lot_say_so_in_text_csv_and_json():
    e = changes.draw_lots(three_way_round_robin(share=False))
    text = out.final_printout(e, "en")
    assert text.count("by lot") == 3
    rows = list(csv.DictReader(io.StringIO(out.final_csv(e))))
    assert [r["by_lot"] for r in rows] == ["by lot"] * 3 + [""]
    assert [r["place"] for r in rows] == ["1", "2", "3", "4"]
    doc = out.final_doc(e)
    assert [r["by_lot"] for r in doc["rows"]] == [True, True, True, False]
    # the standings' printout and CSV mark them too
    assert "* by lot: equal after every tie-break, ordered by lot" in printout(e, "standings", lang="en")


def test_the_site_has_the_final_ranking_the_categories_and_the_prizes_with_names_escaped():
    e = with_prizes(twelve_with_top())
    e = commands.edit_player(e, 3, name="<script>alert(1)</script>")
    pages = build_site(e)
    assert {"final.html", "categories.html", "prizes.html"} <= set(pages)
    assert all("<script>" not in html for html in pages.values())
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in pages["final.html"]
    assert "champion" in pages["final.html"] and 'href="prizes.html"' in pages["index.html"]
    assert "Best under 2000" in pages["prizes.html"] and "Under 2000" in pages["categories.html"]
    lot = build_site(changes.draw_lots(three_way_round_robin(share=False)))
    assert lot["final.html"].count("by lot") == 3
    assert "* by lot" in lot["standings.html"]
    plain = build_site(replace(e, categories=(), prizes=()))
    assert "categories.html" not in plain and "prizes.html" not in plain and "final.html" in plain


def test_prizes_as_csv_have_a_row_per_winner():
    e = with_prizes(twelve_with_top())
    rows = list(csv.DictReader(io.StringIO(out.prizes_csv(e))))
    assert [(r["prize"], r["id"], r["receives"]) for r in rows] == [
        ("1st", "1", "1000"), ("2nd", "2", "500"), ("3rd", "3", "300"), ("Best under 2000", "5", "100")]
