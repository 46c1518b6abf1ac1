"""Safe HTML for the event's pages: every piece of data is escaped, markup is built, never pasted.

`esc(x)` cleans text (`core.msg.cells.clean`: control, bidi and
zero-width characters shown as `?`) and escapes it for element content and
quoted attribute values (`&`, `<`, `>`, `"`, `'`). Builders take data and return `Markup` (a `str`
that is already HTML); anything else given to a builder is escaped, so a
player named `<script>alert(1)</script>`, `Carol [/]` or `"&'` shows exactly
as written. Pages need no JavaScript; the CSS is inline (one file per page
works from a disk or any web server) and has a print style.
"""

from __future__ import annotations

import html as _html
from typing import Iterable, Sequence

from arbiter_tournament.core.msg.cells import clean


class Markup(str):
    """Text that is already HTML (made by the builders here)."""

    __slots__ = ()


def esc(x) -> Markup:
    """`x` as HTML text: Markup passes through, anything else is escaped (None -> empty)."""
    if isinstance(x, Markup):
        return x
    if x is None:
        return Markup("")
    # what a terminal or a text renderer would act on (controls, bidi and zero-width marks: a club
    # `\u202egnp.` shown as `.png`) is shown as `?` (core.msg.cells.clean), then escaped
    return Markup(_html.escape(clean(str(x), lines=True), quote=True))


def join(parts: Iterable) -> Markup:
    return Markup("".join(esc(p) for p in parts))


def tag(name: str, *children, **attrs) -> Markup:
    """`<name attr="...">children</name>`; `class_` for class; attribute values are escaped."""
    at = "".join(f' {k.rstrip("_").replace("_", "-")}="{esc(v)}"' for k, v in attrs.items() if v is not None)
    return Markup(f"<{name}{at}>{join(children)}</{name}>")


def link(href: str, text) -> Markup:
    return tag("a", text, href=href)


def table(head: Sequence, rows: Iterable[Sequence], *, classes: Sequence[str] = (), caption=None) -> Markup:
    """A table; `classes[i]` is the class of column i (e.g. "num" right-aligns)."""

    def cls(i: int) -> str | None:
        return classes[i] if i < len(classes) and classes[i] else None

    thead = tag("thead", tag("tr", *(tag("th", h, class_=cls(i)) for i, h in enumerate(head))))
    body = tag("tbody", *(tag("tr", *(tag("td", c, class_=cls(i)) for i, c in enumerate(r))) for r in rows))
    cap = tag("caption", caption) if caption is not None else Markup("")
    return tag("table", cap, thead, body)


CSS = """
:root { color-scheme: light; }
body { font-family: system-ui, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; margin: 1rem auto; max-width: 70rem;
       padding: 0 1rem; color: #111; background: #fff; line-height: 1.35; }
header, footer { color: #444; }
nav a { margin-right: 1rem; }
h1 { font-size: 1.5rem; margin: .2rem 0; } h2 { font-size: 1.2rem; margin-top: 1.5rem; }
table { border-collapse: collapse; margin: .5rem 0 1rem; }
caption { text-align: left; font-weight: bold; padding: .3rem 0; }
th, td { border-bottom: 1px solid #ccc; padding: .2rem .5rem; text-align: left; vertical-align: top; }
th { background: #eee; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.res, th.res { text-align: center; white-space: nowrap; }
pre { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: .85rem; overflow-x: auto; }
.muted { color: #666; }
@media print {
  nav, .noprint { display: none; }
  body { max-width: none; margin: 0; font-size: 10pt; }
  a { color: inherit; text-decoration: none; }
  table { page-break-inside: auto; } tr { page-break-inside: avoid; }
  h2 { page-break-after: avoid; }
}
"""


def page(*, title, heading, body, lang: str, made: str, nav: Sequence[tuple[str, str]] = (),
         made_label: str = "Made {when}", made_iso: str | None = None) -> str:
    """A whole HTML document. `title`, `heading`, `nav` texts and `made` are data (escaped)."""
    navs = tag("nav", *(link(href, text) for href, text in nav)) if nav else Markup("")
    when = tag("time", made, datetime=made_iso or made)
    made_html = Markup(esc(made_label).replace("{when}", when))
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{esc(lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta name="generator" content="arbiter">\n<title>{esc(title)}</title>\n'
        f"<style>{CSS}</style>\n</head>\n<body>\n"
        f"<header>{navs}{tag('h1', heading)}</header>\n<main>\n{esc(body)}\n</main>\n"
        f'<footer><p class="made">{made_html}</p></footer>\n</body>\n</html>\n'
    )
