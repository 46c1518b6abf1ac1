"""What every page of the web view is made of (tui/web/pages.py, tui/web/final_pages.py): a page, the site of
one language, and the table helpers (every cell through `core.formats.html`: cleaned, then escaped)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from arbiter_tournament.core.event.model import Round
from arbiter_tournament.core.event.model import points_text as _points_text
from arbiter_tournament.core.formats.html import Markup, esc, tag

points_text = lru_cache(maxsize=4096)(_points_text)  # the same few values on every row of every page


@dataclass(frozen=True)
class Page:
    path: str
    title: str
    body: Markup
    nav: str = ""  # the path of the navigation item this page is under
    find: bool = False  # the page has the find-my-name box


@dataclass
class Site:
    lang: str
    event_name: str
    nav: list[tuple[str, str]]
    pages: dict[str, Page] = field(default_factory=dict)
    clock: tuple[str, int | None] = ("", None)  # the current round's clock: (deadline ISO, seconds left if paused)
    later: dict = field(default_factory=dict)  # path -> what makes that page, once, when it is asked for
    deps: dict = field(default_factory=dict)  # path -> what the page is made of (equal: the page is the same)
    extras: dict = field(default_factory=dict)  # path -> what making it left besides (/names: the finder)
    made: dict = field(default_factory=dict)  # path -> what the makers leave besides a page (the builder's)

    def page(self, path: str) -> Page | None:
        """The page at `path` (made now if it was not yet: every page is made when first asked for), or None."""
        if path not in self.pages and path in self.later:
            self.pages[path] = self.later[path]()
            if path in self.made:
                self.extras[path] = self.made[path]
        return self.pages.get(path)

    @property
    def finder(self) -> list:
        """(key, row) of every player of the current round (/find): from the page by name, made if it was not."""
        self.page("/names")
        return self.extras.get("/names", {}).get("finder", [])

    @property
    def find_head(self) -> list:
        """The head of the rows of `finder`."""
        self.page("/names")
        return self.extras.get("/names", {}).get("find_head", [])

    @property
    def hall_slides(self) -> list:
        """The hall's pages one by one (/hall?s=K)."""
        self.page("/hall")
        return self.extras.get("/hall", {}).get("hall_slides", [])


def round_path(rnd: Round) -> str:
    table = f"t{rnd.table}-" if rnd.table is not None else ""
    return f"/round/{rnd.stage}-{table}{rnd.number}"


def scroll_box(inner: Markup) -> Markup:
    """A wide table scrolls inside its box; the page itself never scrolls sideways on a phone."""
    return tag("div", inner, class_="scroll")


def html_table(head: list, rows: list[Markup], *, classes: list[str], caption=None, find: bool = False,
           cls: str | None = None) -> Markup:
    """A table of `rows` under `head`; `classes` are the columns' own literal class names; `find`: the find box filters its rows."""
    thead = tag("thead", tag("tr", *(tag("th", h, class_=classes[i] or None) for i, h in enumerate(head))))
    cap = tag("caption", caption) if caption is not None else Markup("")
    return tag("table", cap, thead, tag("tbody", *rows), class_=cls, data_find="1" if find else None)


def _e(x) -> str:
    """`esc`, with the common cases first (this runs for every cell of every page)."""
    if isinstance(x, Markup):
        return x
    if isinstance(x, int):
        return str(x)
    return esc(x)


def html_row(cells: list, classes: list[str], key: str | None = None) -> Markup:
    """A row; `classes` are this module's own literal class names (not data); `key`: what the find
    box finds the row by (tui/web/find.py: folded names and start numbers), escaped."""
    out = [f'<tr data-k="{esc(key)}">' if key else "<tr>"]
    for i, c in enumerate(cells):
        cls = classes[i] if i < len(classes) else ""
        out.append(f'<td class="{cls}">' if cls else "<td>")
        out.append(_e(c))
        out.append("</td>")
    out.append("</tr>")
    return Markup("".join(out))
