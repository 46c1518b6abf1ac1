"""The players' codes on paper: the player cards, the stubs of the pairing slips, and their QR codes.

    cards_text(event, lang, page_lines, url)   one card per player: name, code, how to report, the QR code
    cards_html(event, lang, url)               the same as one HTML page to print (each QR code an inline SVG)
    stub_lines(event, pid, t, url)             a slip's tear-off stub for one player (core/formats/exports.py)
    wrap(text, width)                          text in lines of at most `width` columns, broken between words
    qr_lines(text)                             a QR code in Unicode half blocks (two modules a character cell)

The QR code holds `URL/me/CODE`: the phone's camera opens the player's page, which keeps the code in a
cookie and takes it out of the address (tui/web/me.py). It is drawn here, with segno (a small, pure-Python
QR library: no service outside, nothing sent anywhere); without `url` the card says to type the code.
A code is never cut: the stub begins with it and the card gives it a line of its own; a long name and the
words around the code are wrapped to the 80 columns, never cut either.
These printouts carry secrets: they are for the players alone (docs/players.md), never part of the site.
"""

from __future__ import annotations

from arbiter_tournament.core.event.codes import shown
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.formats.html import esc, tag
from arbiter_tournament.core.formats.text import paginate
from arbiter_tournament.core.msg.cells import clean, cut, text_width
from arbiter_tournament.core.msg.i18n import words

WIDTH = 80
HALF = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}


def link(url: str, code: str) -> str:
    return url.rstrip("/") + "/me/" + code


def _qr(text: str):
    import segno  # (only when a QR code is drawn)

    return segno.make(text, error="m", micro=False)


def qr_lines(text: str, border: int = 2) -> list[str]:
    """The QR code of `text`, dark modules as ink: two rows of modules a line (▀ ▄ █)."""
    rows = [[bool(x) for x in row] for row in _qr(text).matrix_iter(scale=1, border=border)]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    return ["".join(HALF[(a, b)] for a, b in zip(top, bottom)).rstrip() for top, bottom in zip(rows[::2], rows[1::2])]


def qr_svg(text: str, scale: int = 4) -> str:
    """The QR code of `text` as an inline SVG element (black on white)."""
    return _qr(text).svg_inline(scale=scale, border=2, dark="#000", light="#fff", omitsize=False)


def _players(event: Event):
    return [p for p in event.players if p.code]


def fit(text: str, width: int) -> str:
    """One line of `text`, cleaned and cut to `width` columns."""
    return cut(clean(text), width)


def _lines_fit(lines: list, page_lines: int | None = None) -> str:
    """As the other printouts: each line at most WIDTH columns, a tuple of lines (a card) kept on one page."""
    one = lambda x: x.rstrip() if text_width(x.rstrip()) <= WIDTH else cut(x.rstrip(), WIDTH)  # noqa: E731
    return paginate([tuple(one(x) for x in b) if isinstance(b, tuple) else one(b) for b in lines], page_lines)


def cards_text(event: Event, lang: str = "en", page_lines: int | None = None, url: str | None = None) -> str:
    t = words(lang)
    cut = f" {t('cut_here')} "
    cut_line = "- " * ((WIDTH - len(cut) - 4) // 2) + cut + "- "
    blocks: list = []
    for p in _players(event):
        open_line = t("card_open", address=url.rstrip("/") + "/me") if url else t("card_open_no_address")
        block = [cut_line, "", *wrap(clean(event.name), WIDTH), "", *wrap(f"{clean(p.name)} ({p.id})", WIDTH),
                 t("card_code", code=shown(p.code)), "", *wrap(open_line, WIDTH), ""]
        if url:
            block += qr_lines(link(url, p.code)) + [""]
        block += [*wrap(t("card_keep"), WIDTH), ""]
        blocks.append(tuple(block))
    if not blocks:
        return _lines_fit([fit(event.name, WIDTH), "", t("cards_none")])
    blocks.append(cut_line)
    return _lines_fit(blocks, page_lines)


def wrap(text: str, width: int = WIDTH) -> list[str]:
    """`text` (cleaned: one line of printable characters) in lines of at most `width` columns (a wide character
    counts two), broken at spaces; a word wider than `width` alone is broken inside. Nothing is cut or lost:
    the words of the lines, joined, are the words of `text`."""
    out: list[str] = []
    line, used = "", 0
    for word in clean(text).split():
        w = text_width(word)
        if line and used + 1 + w <= width:
            line, used = line + " " + word, used + 1 + w
            continue
        if line:
            out.append(line)
        line, used = "", 0
        while w > width:  # a word no line holds: as many characters as fit, the rest on the next line
            head = cut(word, width, "") or word[0]  # (a wide character in a line of one column: alone)
            out.append(head)
            word = word[len(head):]
            w = text_width(word)
        line, used = word, w
    if line or not out:
        out.append(line)
    return out


def stub_lines(event: Event, pid: int, lang: str, url: str | None = None) -> list[str]:
    """A pairing slip's stub for one player: his code first (so no name, however long, pushes it off the
    paper), his name and what to do with the stub wrapped under it, and the QR code of his page when `url` is
    given."""
    t = words(lang)
    p = event.player(pid)
    if not p.code:
        return []
    lines = wrap(t("slip_stub", name=f"{clean(p.name)} ({p.id})", code=shown(p.code)), WIDTH)
    if url:
        lines += ["    " + line for line in qr_lines(link(url, p.code))]
    return lines


def cards_html(event: Event, lang: str = "en", url: str | None = None) -> str:
    """The cards as one page to print from a browser: each card a box that is not cut by a page break."""
    t = words(lang)
    cards = []
    for p in _players(event):
        open_line = t("card_open", address=url.rstrip("/") + "/me") if url else t("card_open_no_address")
        qr = qr_svg(link(url, p.code)) if url else ""
        cards.append(tag("section", tag("p", clean(event.name), class_="event"),
                         tag("h2", f"{clean(p.name)} ({p.id})"),
                         tag("p", tag("strong", t("card_code", code=shown(p.code)))),
                         tag("p", open_line), esc_markup(qr), tag("p", t("card_keep"), class_="keep"),
                         class_="card"))
    style = ("body{font-family:sans-serif;margin:1cm}.card{border:1px dashed #000;padding:.5cm;margin:0 0 .5cm;"
             "break-inside:avoid;page-break-inside:avoid}.card h2{margin:.2em 0}.event,.keep{font-size:.85em}"
             "strong{font-size:1.3em;letter-spacing:.08em}")
    return ("<!DOCTYPE html>\n" f'<html lang="{esc(lang)}">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{esc(t('cards_title'))} | {esc(clean(event.name))}</title>\n<style>{style}</style>\n</head>\n"
            f"<body>\n{''.join(cards)}\n</body>\n</html>\n")


def esc_markup(svg: str):
    """segno's SVG (made here from a URL and a code of the file's alphabet: no field of a name in it)."""
    from arbiter_tournament.core.formats.html import Markup

    return Markup(svg)
