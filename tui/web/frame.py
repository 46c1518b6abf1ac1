"""The frame of every page of the web view (tui/web/pages.py makes the pages' bodies):

    document(site, page, ...) -> str    the whole HTML of a page: names, navigation, language switch, find box
    live_part(site, page, ...) -> str   what a page swaps in when the event changes (`#live`)
    not_found(site, ...) -> str         the page of an address that is not one
"""

from __future__ import annotations


from arbiter_tournament.core.formats.html import Markup, esc, join, tag
from arbiter_tournament.core.msg.i18n import words
from arbiter_tournament.tui.i18n import tr
from arbiter_tournament.tui.web.pages_base import Page, Site

LANG_NAMES = (("en", "English"), ("ru", "Русский"))


def _stamp(site: Site, stamp: str, stamp_iso: str, problem: str) -> Markup:
    w = lambda key, **f: tr(site.lang, key, **f)  # noqa: E731
    when = tag("time", stamp, datetime=stamp_iso)
    parts = [tag("p", Markup(esc(w("web_updated", when="{when}")).replace("{when}", when)), class_="stamp")]
    if problem:
        # never the reader's error: it can quote a value of the file (a FIDE id); stderr has it
        parts.append(tag("p", w("web_stale", when=stamp), class_="stale", role="alert"))
    return join(parts)


def live_part(site: Site, page: Page, *, stamp: str, stamp_iso: str, problem: str = "") -> str:
    """The inside of `<main id="live">`: what changes when the event changes."""
    head = _stamp(site, stamp, stamp_iso, problem)
    if page.path == "/hall":
        deadline, paused = site.clock
        clock = tag("div", "", class_="clock", data_deadline=deadline or None,
                    data_paused=str(paused) if paused is not None else None,
                    data_label=words(site.lang)("round_clock"), data_paused_word=words(site.lang)("paused"))
        return join([tag("header", tag("h1", site.event_name), clock, head, class_="hall-head"), page.body])
    return join([head, tag("h2", page.title), page.body])


PHONE_REFRESH = 60  # seconds: a page in a browser without JavaScript loads itself again (the hall: its interval)


def document(site: Site, page: Page, *, version: int, stamp: str, stamp_iso: str, problem: str = "",
             interval: float = 15.0, then: str | None = None) -> str:
    """The whole page: the frame (names, navigation, language switch, find box) around its live part.
    Without JavaScript the page refreshes itself (`<noscript>` meta refresh): every PHONE_REFRESH
    seconds, the hall every `interval` to `then` (its next page, /hall?s=K)."""
    w = lambda key, **f: tr(site.lang, key, **f)  # noqa: E731
    hall = page.path == "/hall"
    langs = tag("p", *(join([tag("a", code.upper(), href=f"?lang={code}", lang=code, hreflang=code, title=name,
                                 class_="on" if code == site.lang else None), " "]) for code, name in LANG_NAMES),
                class_="langs", aria_label=w("web_language"))
    nav = tag("nav", *(tag("a", text, href=href, aria_current="page" if href == page.nav else None)
                       for href, text in site.nav))
    find = Markup("")
    if page.find:
        # a form: without JavaScript it asks the server (/find); with it, the rows filter as one types
        find = tag("form", tag("label", w("web_find"), for_="q"),
                   tag("div", Markup(f'<input type="search" id="q" name="q" autocomplete="off" '
                                     f'placeholder="{esc(w("web_find_hint"))}">'),
                       tag("button", w("web_find_go"), type="submit"), class_="row"),
                   tag("p", w("web_nothing_found"), class_="none", hidden="hidden"), class_="find", action="/find",
                   method="get", role="search")
    header = Markup("") if hall else tag("header", tag("h1", site.event_name), nav, langs)
    title = site.event_name if page.path == "/" else f"{page.title} | {site.event_name}"
    if hall:
        every = max(1, round(interval))
        refresh = f"{every};url={then or '/hall?s=1'}"
    else:
        refresh = str(PHONE_REFRESH)
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{esc(site.lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="arbiter">\n'
        f'<noscript><meta http-equiv="refresh" content="{esc(refresh)}"></noscript>\n'
        f"<title>{esc(title)}</title>\n"
        '<link rel="stylesheet" href="/static/app.css">\n'
        '<script src="/static/app.js" defer></script>\n</head>\n'
        f'<body class="{"hall" if hall else "phone"}" data-version="{version}" data-interval="{interval:g}">\n'
        f"{header}\n{find}\n"
        f'<main id="live">{live_part(site, page, stamp=stamp, stamp_iso=stamp_iso, problem=problem)}</main>\n'
        f'<p id="offline" class="stale" hidden>{esc(w("web_offline"))}</p>\n'
        "</body>\n</html>\n"
    )


def not_found(site: Site, *, version: int, stamp: str, stamp_iso: str) -> str:
    page = Page("/404", tr(site.lang, "web_not_found"), tag("p", tag("a", tr(site.lang, "web_pairings"), href="/")))
    return document(site, page, version=version, stamp=stamp, stamp_iso=stamp_iso)


def find_document(site: Site, query: str, rows: list, more: bool, *, version: int, stamp: str, stamp_iso: str,
                  problem: str = "", has_round: bool = True) -> str:
    """`/find?q=`: the form with what was typed, and the rows of the players found (board, table,
    which side, the opponent: the rows of /names), for a phone without JavaScript."""
    w = lambda key, **f: tr(site.lang, key, **f)  # noqa: E731
    form = tag("form", tag("label", w("web_find"), for_="fq"),
               tag("div", Markup(f'<input type="search" id="fq" name="q" value="{esc(query[:200])}" '
                                 f'autocomplete="off" placeholder="{esc(w("web_find_hint"))}">'),
                   tag("button", w("web_find_go"), type="submit"), class_="row"),
               class_="find", action="/find", method="get", role="search")
    if not has_round:
        answer = tag("p", w("web_find_none_round"))
    elif not query.strip():
        answer = tag("p", w("web_find_how"), class_="muted")
    elif not rows:
        answer = join([tag("p", w("web_nothing_found")), tag("p", w("web_find_how"), class_="muted")])
    else:
        head = tag("thead", tag("tr", *(tag("th", h, class_="bd" if i == 0 else None)
                                        for i, h in enumerate(site.find_head))))
        answer = join([tag("table", head, tag("tbody", *rows), class_="names found"),
                       tag("p", w("web_find_more", n=len(rows)), class_="muted") if more else ""])
    page = Page("/find", w("web_find_title"), join([form, answer]), nav="")
    return document(site, page, version=version, stamp=stamp, stamp_iso=stamp_iso, problem=problem)
