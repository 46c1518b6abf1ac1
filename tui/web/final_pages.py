"""The web view's end of the event: the final ranking (and each table's list), the lists by category and the
prize list, as the static site has them (core/formats/site.py) and from the same core calls
(`core.final.ranking.final_ranking`, `core.final.prizes.prize_list`, core/formats/final.py's words).

    nav(b) -> [(path, label)]            the navigation items (/final always; /categories, /prizes when the
                                         event has them)
    later(b) -> {path: maker}            the pages, made when first asked for (`Site.later`)
    hall_slides(b, slide)                once the event is over: the final ranking and the prizes on the hall's
                                         projector (after the standings and the bracket)

`b` is the page builder of tui/web/pages.py (`_Build`: the event, the language, `who`, the shared cache). The
ranking is computed once per change of the event and shared by both languages (`Shared.final`).
"""

from __future__ import annotations

from typing import Callable

from arbiter_tournament.core.formats import printouts
from arbiter_tournament.core.formats.html import Markup, join, tag
from arbiter_tournament.core.formats.public import public
from arbiter_tournament.tui.web.pages_base import Page, scroll_box, html_table, html_row, points_text

__all__ = ["nav", "later", "hall_slides"]


def nav(b) -> list[tuple[str, str]]:
    items = [("/final", b.w("web_final"))]
    if printouts.shown(b.e, "categories") and not b.teams:
        items.append(("/categories", b.t("categories")))
    if printouts.shown(b.e, "prizes"):
        items.append(("/prizes", b.w("web_prizes")))
    return items


def later(b) -> dict[str, Callable[[], Page]]:
    out: dict[str, Callable[[], Page]] = {"/final": lambda: final_page(b)}
    if printouts.shown(b.e, "categories") and not b.teams:
        out["/categories"] = lambda: categories_page(b)
    if printouts.shown(b.e, "prizes"):
        out["/prizes"] = lambda: prizes_page(b)
    return out


def _who(b, r) -> Markup | str:
    return r.name if b.s.final().teams else b.who(r.id)


def final_table(b, rows, caption: str, *, narrowed: bool = False, find: bool = True, note: bool = True) -> Markup:
    """Place, name (or team; a player's id follows his name), table, points, [the overall place in a list of a
    table or category], note."""
    head, classes, body = final_rows(b, rows, narrowed=narrowed, note=note)
    return scroll_box(html_table(head, body, classes=classes, caption=caption, find=find, cls="final"))


def final_rows(b, rows, *, narrowed: bool = False, note: bool = True) -> tuple[list, list[str], list[Markup]]:
    """The head, the column classes and the rows of `final_table` (the hall pages them)."""
    from arbiter_tournament.core.formats.final import note as note_of

    t, fr = b.t, b.s.final()
    tables = b.e.tables > 1 and not narrowed and not fr.teams
    head = [t("place"), t("team") if fr.teams else t("name")] + ([t("tbl")] if tables else [])
    head += [t("pts")] + ([t("overall")] if narrowed else []) + ([t("note")] if note else [])
    classes = ["num", ""] + (["num"] if tables else []) + ["num pts"] + (["num"] if narrowed else [])
    classes += ["muted"] if note else []
    body = [html_row([r.place_text, _who(b, r)] + ([r.table or ""] if tables else []) + [points_text(r.points)]
                + ([r.overall] if narrowed else []) + ([note_of(r, b.lang)] if note else []), classes,
                key=None if fr.teams else b.s.key(r.id)) for r in rows]
    return head, classes, body


def _pending(b, rows) -> list[Markup]:
    """The places whose lot is still to be drawn (the event over, the regulations breaking ties by lot)."""
    places = sorted({r.place_text for r in rows if r.lot_pending}, key=lambda x: int(x.split("-")[0]))
    return [tag("p", b.t("lots_pending_note", places=", ".join(places)), class_="muted")] if places else []


def final_page(b) -> Page:
    from arbiter_tournament.core.formats.final import rows_for, title

    fr = b.s.final()
    parts = [final_table(b, list(fr.rows), title(b.e, fr, b.lang))] + _pending(b, list(fr.rows))
    if b.e.tables > 1 and not fr.teams:
        for tb in b.e.table_ids():
            parts.append(final_table(b, rows_for(b.e, fr, table=tb), title(b.e, fr, b.lang, table=tb), narrowed=True))
    return Page("/final", b.w("web_final"), join(parts), nav="/final", find=True)


def categories_page(b) -> Page:
    from arbiter_tournament.core.formats.final import conditions_text, rows_for, title

    fr, parts = b.s.final(), []
    for c in b.e.categories:
        parts.append(tag("p", conditions_text(c, b.lang), class_="muted"))
        parts.append(final_table(b, rows_for(b.e, fr, category=c.name), title(b.e, fr, b.lang, category=c.name),
                                 narrowed=True))
    return Page("/categories", b.t("categories"), join(parts), nav="/categories", find=True)


def _prize_rows(b) -> tuple[list[Markup], object]:
    """A row per winner in four columns a phone shows whole: #, the prize (its category and amount beneath),
    the winner (his place and how he receives it beneath), what he receives. Without public prize money
    (core/formats/public.py, as on the published site) no amount, nothing of what or how a winner receives."""
    from arbiter_tournament.core.event.money import amount_text
    from arbiter_tournament.core.final.prizes import prize_list
    from arbiter_tournament.core.formats.final import how_text, paid_text, why_text

    t, fr = b.t, b.s.final()
    money = public(b.e).prize_money
    pl = prize_list(b.e, fr)
    rows = {r.id: r for r in fr.rows}
    body = []
    for a in pl.awards:
        amount = amount_text(a.prize.amount) if a.prize.amount is not None and money else ""
        under = " · ".join(x for x in (a.prize.category, amount) if x)
        prize = join([a.prize.name, tag("div", under, class_="sub") if under else ""])
        if not a.winners:
            body.append(html_row([a.index, prize, tag("span", why_text(a, b.lang) or t("no_winner"), class_="muted"),
                                  *([""] if money else [])], _prize_classes(b)))
        for k, w in enumerate(a.winners):
            r = rows.get(w.id)
            about = " · ".join(x for x in (f"{t('place')} {r.place_text}" if r is not None else "",
                                           how_text(w, b.lang) if money else "") if x)
            winner = join([_who(b, r) if r is not None else str(w.id), tag("div", about, class_="sub") if about else ""])
            body.append(html_row([a.index if k == 0 else "", prize if k == 0 else "", winner,
                                  *([paid_text(w)] if money else [])], _prize_classes(b)))
    return body, pl


PRIZE_CLASSES = ["num", "", "", "num pts"]


def _prize_classes(b) -> list[str]:
    return PRIZE_CLASSES if public(b.e).prize_money else PRIZE_CLASSES[:3]


def _prize_head(b) -> list[str]:
    t = b.t
    return ["#", t("prize"), t("winner"), t("receives")][:4 if public(b.e).prize_money else 3]


def prizes_page(b) -> Page:
    t = b.t
    body, pl = _prize_rows(b)
    caption = t("prize_list") if pl.finished else t("prize_list_provisional")
    sharing = [tag("p", t("sharing_" + pl.sharing), class_="muted")] if public(b.e).prize_money else []
    parts = sharing + [scroll_box(html_table(_prize_head(b), body, classes=_prize_classes(b), caption=caption,
                                             find=True, cls="prizes"))]
    return Page("/prizes", b.w("web_prizes"), join(parts + _pending(b, list(b.s.final().rows))), nav="/prizes",
                find=True)


def hall_slides(b, slides) -> None:
    """Once the event is over, the hall shows its final ranking (the note column left out; its top) and its
    prizes (`slides`: tui/web/hall.Slides)."""
    from arbiter_tournament.core.final.ranking import is_finished

    if not is_finished(b.e):
        return
    fr = b.s.final()
    head, classes, body = final_rows(b, list(fr.rows), note=False)
    slides.listing("other", "final", b.w("web_final"), head, classes, body, top_of=len(body))
    if b.e.prizes:
        body, _pl = _prize_rows(b)
        slides.listing("other", "prizes", b.w("web_prizes"), _prize_head(b), _prize_classes(b), body)
