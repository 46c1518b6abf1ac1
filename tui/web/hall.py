"""The hall's projector (`/hall`): slides of pages, each page columns of rows, made by the server.

    hall_page(b) -> (Page, [slide markup])   the hall's page (every slide) and its slides one by one
                                             (`/hall?s=K`: one slide, for a browser without JavaScript)

A slide is one list (a table's pairings, the current round by name, the standings, the top, the
play-off, the final ranking, the prizes) cut into pages; a page is `cols` columns of `rows` rows.
The larger the list, the more columns and rows a page takes (`LEVELS`, from the largest type to
the smallest) so that it stays within `PAGES` pages: a 1000-player round is pairings in 5 pages of
3 x 36 boards, the names in 5 pages of 6 x 36 and the top of the standings in one, 11 pages: at
15 s a page, one rotation is 2 min 45 s. The type is sized by the style sheet from the page's
rows and columns (`rows-N`, `cols-N`, `kind-K`: the smaller of what the height and the width
allow), so no column is ever cut, in landscape or portrait. The standings and the final ranking
show their top (`PAGES` pages); the whole list is on the phones' pages.

The pages are made here, not measured by the browser, so the same pages turn with or without
JavaScript (static/app.js turns them; without it each `/hall?s=K` refreshes to the next).
"""

from __future__ import annotations

from math import ceil

from arbiter_tournament.core.formats import exports as ex
from arbiter_tournament.core.formats.html import Markup, join, tag
from arbiter_tournament.core.tiebreaks.standings import main_stage
from arbiter_tournament.tui.web import final_pages
from arbiter_tournament.tui.web.pages_base import Page, html_row, points_text, round_path
from arbiter_tournament.core.event.systems import Stage

__all__ = ["hall_page", "LEVELS", "PAGES", "HALL_TIEBREAKS"]

HALL_TIEBREAKS = 3  # the hall's standings show the first three tie-breaks (the phone's show all)
ROWS = (14, 18, 24, 30, 36)  # the rows of a column the style sheet sizes the type for
LEVELS = {  # (columns, rows) of a page, from the largest type to the smallest
    "pairings": ((1, 14), (1, 18), (2, 14), (2, 18), (3, 18), (3, 24), (3, 30), (3, 36)),
    "names": ((1, 14), (2, 14), (3, 14), (3, 18), (4, 24), (5, 30), (6, 36)),
    "standings": ((1, 14), (2, 14), (2, 18), (2, 24), (2, 30), (2, 36)),
    "other": ((1, 14), (1, 18), (2, 18), (2, 24), (2, 30), (2, 36)),
}
PAGES = {"pairings": 5, "names": 5, "standings": 1, "other": 2}  # at most, the densest level's beyond


EM = {"pairings": 42, "names": 20, "standings": 35, "other": 40}  # a row's width in ems (static/app.css)
READABLE = 26  # pixels of type on a 1920x1080 projector: from the back of a hall


def type_px(kind: str, cols: int, rows: int, width: int = 1920, height: int = 1080) -> float:
    """The type of a page on a screen, as static/app.css sizes it: what the rows allow in the height
    (79 % of it for the rows and the head, 1.5 lines each) and the columns in the width (97 %)."""
    return min(0.79 * height / (1.5 * (rows + 1)), 0.97 * width / (cols * EM[kind]))


def level(kind: str, n: int) -> tuple[int, int]:
    """The page of a list of `n` rows: the fewest pages in type readable from the back of the hall
    (READABLE on a 1080-line projector); else the largest type that keeps it within PAGES[kind] pages;
    else the smallest type."""
    n = max(n, 1)
    fits = [(ceil(n / (c * r)), -type_px(kind, c, r), (c, r)) for c, r in LEVELS[kind]
            if ceil(n / (c * r)) <= PAGES[kind]]
    if not fits:
        return LEVELS[kind][-1]
    readable = [x for x in fits if -x[1] >= READABLE]
    if readable:
        return min(readable)[2]
    return min(fits, key=lambda x: x[1])[2]


class Slides:
    """The slides of the hall, in order; each page a `<section class="slide">`."""

    def __init__(self, b) -> None:
        self.b = b
        self.pages: list[Markup] = []  # every page of every slide, in the order they turn
        self.slides: list[Markup] = []  # (kept for /hall?s=K: one page each)

    def _section(self, kind: str, key: str, title: str, no: int, of: int, inner: Markup, cols: int, rows: int,
                 extra: str = "") -> None:
        pageno = f"{no}/{of}" if of > 1 else ""
        h2 = tag("h2", tag("span", title), tag("span", join([pageno, extra]).strip(), class_="pageno"))
        self.pages.append(tag("section", h2, inner, class_=f"slide kind-{kind} cols-{cols} rows-{rows}",
                              data_slide=key, data_page=str(no)))

    def listing(self, kind: str, key: str, title: str, head: list, classes: list[str], rows: list[Markup],
                top_of: int | None = None) -> None:
        """A list cut into pages of columns; `top_of`: the list is the top of that many (standings)."""
        cols, per = level(kind, len(rows))
        size = cols * per
        pages = [rows[i:i + size] for i in range(0, len(rows), size)] or [[]]
        extra = ""
        if top_of is not None and len(pages) > PAGES[kind]:  # a ranking: its top (a list of pairings is whole)
            pages = pages[:PAGES[kind]]
            shown = sum(len(p) for p in pages)
            extra = self.b.w("web_hall_top", n=shown, of=top_of or len(rows))
        thead = tag("thead", tag("tr", *(tag("th", h, class_=classes[i] or None) for i, h in enumerate(head))))
        for no, page in enumerate(pages, start=1):
            columns = [page[i:i + per] for i in range(0, len(page), per)] or [[]]
            inner = tag("div", *(tag("table", thead, tag("tbody", *col)) for col in columns), class_="cols")
            self._section(kind, key, title, no, len(pages), inner, cols, per, extra)

    def table(self, key: str, title: str, table: Markup) -> None:
        """A slide that is one table as it is (the top's rounds)."""
        self._section("other", key, title, 1, 1, tag("div", table, class_="cols"), 1, 18)


def _kept(b, s: Slides, key, deps, fill) -> None:
    """The slides `fill(b, slides)` makes, kept from the version before while `deps` are equal (the memo of
    tui/web/book.py: a result entered makes again that round's pairings, not the list by name)."""
    def make() -> list[Markup]:
        mine = Slides(b)
        fill(b, mine)
        return mine.pages

    s.pages.extend(b.s.memo.get(("hall", b.lang, key), deps, make))


def hall_page(b) -> tuple[Page, list[Markup]]:
    t = b.t
    s = Slides(b)
    deps = b.deps or {}
    for rnd in b.current:
        _kept(b, s, ("pairings", rnd.key), (deps.get(round_path(rnd)) or ("event", b.e), b.title(rnd)),
              lambda b, s, rnd=rnd: pairings(b, s, rnd))
    if b.current:
        _kept(b, s, "names", deps.get("/names") or ("event", b.e), by_name)
    stage = main_stage(b.e)
    has = bool(b.e.rounds_of(stage, b.e.stage_tables(stage)[0]))
    _kept(b, s, "standings", (deps.get("/standings") or ("event", b.e), has), standings_slides)
    if b.bracket is not None:
        for k, (name, table) in enumerate(b.bracket_tables(), start=1):
            s.table(f"bracket-{k}", f"{t('bracket')}: {name}", table)
    for rnd in b.playoff[-1:] if b.e.current_stage() != Stage.PLAYOFF else []:  # else: its pairings, above
        rows = [html_row([g.board, b.who(g.first), str(g.result) if g.result else "", b.who(g.second)],
                    ["num", "", "res", ""]) for g in rnd.games]
        s.listing("pairings", "playoff", f"{t('playoff')}: {b.title(rnd)}", [t("bd"), t("first"), t("result"),
                  t("second")], ["num", "", "res", ""], rows)
    final_pages.hall_slides(b, s)
    if not s.pages:
        s.pages.append(tag("section", tag("h2", b.e.name), tag("p", t("no_round")), class_="slide kind-other cols-1 "
                           "rows-14", data_slide="none", data_page="1"))
    return Page("/hall", b.w("web_hall"), join(s.pages), nav="/hall"), s.pages


def pairings(b, s: Slides, rnd) -> None:
    """A current round's pairings: board, both players with their points before it, the result."""
    t = b.t
    pts = b.s.scores_before(rnd)
    rows = []
    classes = ["num", "", "num pts", "res", "", "num pts"]

    def row(g, pa: str, pb: str) -> Markup:
        if g.second is None:
            return html_row([g.board, b.who(g.first), pa, t("bye"), "", ""], classes)
        return html_row([g.board, b.who(g.first), pa, str(g.result) if g.result else "", b.who(g.second), pb], classes)

    memo, player = b.s.memo, b.e.player
    for g in rnd.games:  # a row kept from the version before if its game, players and points are the same
        pa = points_text(pts[g.first]) if g.first in pts else ""
        pb = points_text(pts[g.second]) if g.second is not None and g.second in pts else ""
        deps = (player(g.first), pa, None if g.second is None else player(g.second), pb)
        rows.append(memo.get(("hall-board", b.lang, g), deps, lambda g=g, pa=pa, pb=pb: row(g, pa, pb)))
    s.listing("pairings", f"pairings-{rnd.stage}-{rnd.table or 0}", f"{t('pairings')}: {b.title(rnd)}",
              [t("bd"), t("first"), t("pts"), t("result"), t("second"), t("pts")],
              ["num", "", "num", "res", "", "num"], rows)


def standings_slides(b, s: Slides) -> None:
    """The standings of each table of the main stage (their top), once it has a round."""
    t = b.t
    stage = main_stage(b.e)
    if b.e.rounds_of(stage, b.e.stage_tables(stage)[0]):
        codes = tuple(b.e.tiebreaks)[:HALL_TIEBREAKS]
        for tb in b.e.stage_tables(stage):
            after, rows = b.s.standings(tb)
            title = t("standings_after", n=after) if after else t("standings")
            if tb is not None:
                title += ", " + t("table_n", n=tb).lower()
            body = [html_row([r.rank, b.who(r.id), points_text(r.points),
                         *(points_text(r.tiebreaks[c]) if c in r.tiebreaks else "" for c in codes)],
                        ["num", "", "num pts", *("num" for _ in codes)]) for r in rows]
            s.listing("standings", f"standings-{tb or 0}", title, [t("rank"), t("name"), t("pts"), *codes],
                      ["num", "", "num", *("num" for _ in codes)], body, top_of=len(body))


def by_name(b, s: Slides) -> None:
    """The current round by name, alphabetically: name -> board (and table); the list players read on a wall."""
    t, w = b.t, b.w
    tables = any(r.table is not None for r in b.current)
    entries = []
    for rnd in b.current:
        for g in rnd.games:
            entries.append((g.first, rnd, g.board if g.second is not None else None, g.second is None))
            if g.second is not None:
                entries.append((g.second, rnd, g.board, False))
        for pid, why in b.s.resting(rnd):
            entries.append((pid, rnd, None, False))
    entries.sort(key=lambda x: (ex.name_sort_key(b.e.player(x[0]).name), x[0]))
    classes = ["", "num bd"] + (["num"] if tables else [])
    rows = []
    for pid, rnd, board, bye in entries:
        where = board if board is not None else (t("bye") if bye else "–")
        rows.append(html_row([b.who(pid), where] + ([rnd.table if rnd.table is not None else ""] if tables else []),
                        classes))
    s.listing("names", "names", w("web_by_name_hall"), [t("name"), t("bd")] + ([t("tbl")] if tables else []),
              classes, rows)
