"""Plain-text views of an event, 80 columns wide: rounds and standings; printed pages.

Used by the command line, printouts (`lpr`) and tests. Every name goes
through `core.msg.cells.clean` (a name cannot act on the terminal).

`paginate(blocks, page_lines)` is the one paging of every text printout:
blocks of lines that stay on one page (a result slip, a heading with the
first row of its table, a single row) are laid onto pages of `page_lines`
lines, a form feed between pages, never inside a block. `clean_pages` is
`clean` for such text (it keeps the form feeds).
"""

from __future__ import annotations

import textwrap
from typing import Iterable, Sequence

from arbiter_tournament.core.event.history import histories
from arbiter_tournament.core.msg.i18n import words
from arbiter_tournament.core.event.model import Event, Round, points_text
from arbiter_tournament.core.msg import Msg, verbatim
from arbiter_tournament.core.msg.cells import clean, fit, named, pad
from arbiter_tournament.core.tiebreaks.standings import Row
from arbiter_tournament.core.event.systems import Stage

FORM_FEED = "\f"


def paginate(blocks: Iterable[Sequence[str] | str], page_lines: int | None = None) -> str:
    """The lines of `blocks` as text; with `page_lines`, on pages of at most that many lines.

    A block (a sequence of lines, or one line) never breaks across pages: one
    that does not fit on what is left of a page starts the next one (a form
    feed, `\\f`, begins every page after the first, as `lpr` and `pr` take it).
    Blank lines at the top of a page are dropped. Only a block longer than a
    whole page is cut, at the page's end. Without `page_lines` (None or 0):
    the lines, no page breaks.
    """
    groups = [[b] if isinstance(b, str) else list(b) for b in blocks]
    if not page_lines:
        return "".join(ln + "\n" for g in groups for ln in g)
    pages: list[list[str]] = [[]]
    for g in groups:
        page = pages[-1]
        if page and len(page) + len(g) > page_lines:
            page = []
            pages.append(page)
        if not page:
            while g and not g[0].strip():  # no blank lines at the top of a page
                g = g[1:]
        while len(page) + len(g) > page_lines:  # longer than a whole page: cut at its end
            room = page_lines - len(page)
            page += g[:room]
            g = g[room:]
            while g and not g[0].strip():
                g = g[1:]
            if g:
                page = []
                pages.append(page)
        page += g
    texts = []
    for page in pages:
        while page and not page[-1].strip():
            page.pop()
        if page:
            texts.append("".join(ln + "\n" for ln in page))
    return FORM_FEED.join(texts) if texts else ""


def clean_pages(text: str) -> str:
    """`clean(text, lines=True)` of each page: the form feeds between pages kept."""
    return FORM_FEED.join(clean(page, lines=True) for page in text.split(FORM_FEED))


def top_points(event: Event) -> dict:
    """The points every player had before the top (its Swiss tables): {} when the event has none to say."""
    from arbiter_tournament.core.errors import ArbiterError
    from arbiter_tournament.core.knockout.stage import points_before_top

    try:
        return points_before_top(event)
    except ArbiterError:
        return {}


def scores_before(event: Event, rnd: Round) -> dict[int, str]:
    """Each player's points before `rnd` as written; in the top, before the top."""
    if rnd.stage == Stage.TOP:
        return {pid: points_text(x) for pid, x in top_points(event).items()}
    if rnd.stage not in (Stage.SWISS, Stage.ROUNDROBIN):
        return {}
    hist = histories(event, rnd.stage, rnd.table, rnd.number - 1)
    return {h.id: points_text(h.score(event.scoring)) for h in hist}


_BYE_KINDS = {"half": "half_bye", "zero": "zero_point_bye", "full": "full_bye"}


def unpaired(event: Event, rnd: Round) -> list[tuple[int, Msg]]:
    """Players of the stage in no game of the round, and why (a `Msg`)."""
    if rnd.stage not in (Stage.SWISS, Stage.ROUNDROBIN):
        return []
    players = event.table_players(rnd.table) if rnd.stage == Stage.SWISS else list(event.players)
    paired = {pid for g in rnd.games for pid in g.players}
    out = []
    for p in players:
        if p.id in paired:
            continue
        kind = p.requested_bye(rnd.number)
        if kind:
            why = Msg(_BYE_KINDS[kind]) if kind in _BYE_KINDS else verbatim(f"{kind}-point bye")
        elif p.withdrawn_from is not None and rnd.number >= p.withdrawn_from:
            why = Msg("withdrawn")
        elif p.late_from is not None and rnd.number < p.late_from:
            why = Msg("late_entry")
        elif rnd.stage == Stage.ROUNDROBIN:
            why = Msg("bye_seat")
        else:
            why = Msg("absent_now")
        out.append((p.id, why))
    return out


_ROUND: dict[str, str] = {Stage.SWISS: "Round {n}", Stage.ROUNDROBIN: "Round {n}", Stage.TOP: "Top round {n}", Stage.PLAYOFF: "Play-off round {n}"}


def round_text(event: Event, rnd: Round, lang: str = "en") -> str:
    """The round's boards, players, points before the round and results ("en" or "ru")."""
    t = words(lang)
    title = Msg(_ROUND[rnd.stage], n=rnd.number)
    if rnd.table is not None:
        title = Msg("{round}, table {table}", round=title, table=rnd.table)
    lines = [f"{fit(event.name, 60)}: {title.text(lang)}", ""]
    pts = scores_before(event, rnd)
    lines.append(f"{t('bd'):>3}  {t('first'):<27} {t('pts'):>4}  {t('result_short'):^6}  {t('second'):<27} "
                 f"{t('pts'):>4}")
    for g in rnd.games:
        a = event.player(g.first)
        first = named(a.name, a.id, 27)
        if g.second is None:
            lines.append(f"{g.board:>3}  {pad(first, 27)} {pts.get(a.id, ''):>4}  {t('bye'):^6}")
            continue
        b = event.player(g.second)
        second = named(b.name, b.id, 27)
        res = str(g.result) if g.result else "-"
        mark = "*" if g.manual else ""
        lines.append(
            f"{g.board:>3}  {pad(first, 27)} {pts.get(a.id, ''):>4}  {res:^6}  {pad(second, 27)} {pts.get(b.id, ''):>4}{mark}"
        )
    not_paired = unpaired(event, rnd)
    if not_paired:
        lines.append("")
        who = ", ".join(f"{clean(event.player(pid).name)} ({pid}, {why.text(lang)})" for pid, why in not_paired)
        text = Msg("Not paired: {players}", players=who).text(lang)
        lines += textwrap.wrap(text, 79, subsequent_indent="  ")
    missing = rnd.missing
    lines.append("")
    if missing:
        lines.append(Msg("{n} result missing" if missing == 1 else "{n} results missing", n=missing).text(lang))
    else:
        lines.append(t("all_in"))
    if any(g.manual for g in rnd.games):
        lines.append(t("manual"))
    return "\n".join(lines) + "\n"


def standings_text(event: Event, rows: list[Row], codes: list[str], after_round: int | None,
                   lang: str = "en") -> str:
    """The standings with the tie-break columns `codes` ("en" or "ru")."""
    t = words(lang)
    name = fit(event.name, 50)
    title = (Msg("{name}: standings after round {n}", name=name, n=after_round) if after_round
             else Msg("{name}: standings", name=name)).text(lang)
    head = f"{t('rank'):>3} {t('id'):>4}  {t('name'):<26} {t('pts'):>5}" + "".join(f" {c:>7}" for c in codes)
    lines = [title, "", head]
    for r in rows:
        tb = "".join(f" {points_text(r.tiebreaks[c]) if c in r.tiebreaks else '':>7}" for c in codes)
        lot = "*" if r.by_lot else " "  # the place among equals drawn by lot: said, and explained below
        lines.append(f"{r.rank:>3}{lot}{r.id:>4}  {fit(r.name, 26):<26} {points_text(r.points):>5}{tb}")
    if any(r.by_lot for r in rows):
        lines += ["", t("standings_by_lot")]
    return "\n".join(lines) + "\n"
