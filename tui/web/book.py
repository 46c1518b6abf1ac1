"""The web view's pages kept from one version of the event to the next (tui/web/server.py):

    Book()                                      every page of both languages, by (lang, path)
    book.update(sites, version, everything)     a new version of the event -> its entries: the pages whose
                                                deps are equal to the version before's are kept (put into
                                                the new sites, made already); the others are made again
                                                when asked for (or now, `make`)
    make(entries, sites, key)                   make that page now (in the worker thread); its content
                                                (`content_hash`) equal to the one before's: it keeps its
                                                version (a phone showing it is not told to fetch it again)
    version_of(entries, key, default)           the version the page's content last changed at

So a result entered makes again the pages that show it (the pairings, the standings, the crosstable,
the hall, that round's page), in both languages, and only those that someone has open or asked for
lately (`hot`); the players' list, the pairings by name, the rounds before are kept as they were; a
page nobody asks for is made on its first request. Which pages changed is the static site's change
set (core.formats.publish: `change_set` of the pages' hashes, `page_hash` without the page's clock):
the same idea for the pages kept in memory here; the pages of the change set are the ones whose open
streams are told (tui/web/routes.py `events`).

Memory: the book holds the pages of the current version only (a page whose deps changed lets its old
page go at once, keeping only its hash and version), and the deps hold parts of the current event.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from arbiter_tournament.core.formats.publish import change_set
from arbiter_tournament.tui.web.frame import live_part
from arbiter_tournament.tui.web.pages_base import Page

__all__ = ["Book", "Entry", "Memo", "content_hash", "make", "patch", "version_of"]


def content_hash(site, page, problem: str = "") -> str:
    """The page's live part without its clock (the time it was made): what a phone showing it swaps in."""
    return hashlib.sha256(live_part(site, page, stamp="", stamp_iso="", problem=problem).encode("utf-8")).hexdigest()


@dataclass
class Entry:
    deps: object  # what the page is made of (pages.deps): equal to the next version's, the page is kept
    version: int  # the version of the event its content last changed at
    page: Page | None = None  # the Page once made (None: made when asked for)
    extra: dict = field(default_factory=dict)  # what making it left on its site (/names: the finder)
    digest: str = ""  # content_hash, once made
    before: tuple[str, int] = ("", 0)  # (digest, version) before its deps changed: made again equal, it keeps that
    old: str | None = None  # the live part (without its clock) of the version before, while it is made again
    patch: dict | None = None  # what changed in its live part since the version before (`patch`): the streams say it


class Memo:
    """Pieces of pages (a row, a slide of the hall) kept from one version to the next by what they are made
    of: `get(key, deps, make)` is the piece kept under `key` if its deps are equal, else `make()`. A piece
    not used in a version that made pages is let go at the next that does (`turn`, at the first piece asked
    for in a version): the memo holds two such versions' pieces at most."""

    def __init__(self) -> None:
        self.now: dict = {}
        self.before: dict = {}
        self.turning = False
        self.parts: dict = {}  # (`same`) the event's parts of this version: its players, settings, rounds
        self.parts_before: dict = {}  # and of the version before

    def get(self, key, deps, make):
        if self.turning:
            self.turning = False
            self.before, self.now = self.now, {}
        hit = self.now.get(key)
        if hit is None:
            hit = self.before.pop(key, None)
            if hit is not None:
                self.now[key] = hit
        if hit is not None and hit[0] == deps:
            return hit[1]
        value = make()
        self.now[key] = (deps, value)
        return value

    def same(self, key, value):
        """`value`, or the equal one given under `key` in the version before (so that comparing the next
        version's deps with these finds the very same objects: no player or game compared twice)."""
        was = self.parts.get(key)
        if was is None:
            was = self.parts_before.get(key)
        if was is not None and (was is value or was == value):
            value = was
        self.parts[key] = value
        return value

    def turn(self) -> None:
        """A new version (its parts given to `same` already): the pieces it asks for move to its own
        generation; the parts of the version before it are let go."""
        self.turning = True
        self.parts_before, self.parts = self.parts, {}

    def clear(self) -> None:
        self.now, self.before, self.turning, self.parts, self.parts_before = {}, {}, False, {}, {}


class Book:
    """The entries of the newest version (each version's own dict: a snapshot keeps the one it was made with,
    so a page's version is the one of the pages it serves; an unchanged page's entry is shared by both), and
    the memo of the pieces of pages (`Memo`)."""

    def __init__(self) -> None:
        self.entries: dict[tuple[str, str], Entry] = {}
        self.memo = Memo()
        self.sites: dict = {}  # the sites of the newest version (the frame of a page of the version before)

    def update(self, sites: dict, version: int, everything: bool = False,
               hot: frozenset = frozenset()) -> dict[tuple[str, str], Entry]:
        """The entries of a new version of the event (`sites`: lang -> pages.Site, nothing made yet): a page
        whose deps are equal keeps its page and version (`everything`: none does: the banner changed); a page
        whose deps changed is made again when asked for (`make`)."""
        old, new = self.entries, {}
        sites_before, self.sites = self.sites, dict(sites)
        self.memo.turn()
        for lang, site in sites.items():
            for path, deps in site.deps.items():
                key = (lang, path)
                was = old.get(key)
                if was is not None and not everything and was.deps == deps:
                    if was.page is not None:  # made: the new site has it (one not made yet is made when asked)
                        site.pages[path] = was.page
                        if was.extra:
                            site.extras[path] = was.extra
                    new[key] = was
                    continue
                before = ("", 0) if was is None else (was.digest, was.version) if was.digest else was.before
                new[key] = Entry(deps, version, before=before)
                if key in hot and was is not None and was.page is not None and not everything:
                    # made again now (it is open): what changed in it is sent to the phones showing it
                    new[key].old = live_part(sites_before.get(lang, site), was.page, stamp="", stamp_iso="")
        self.entries = new
        return new


def make(entries: dict, sites: dict, key: tuple[str, str], problem: str = "") -> bool:
    """Make the page of `key` now if it was not (in the worker thread: the only one changing entries);
    False: no such page. Its content equal to the one before its deps changed (the static site's change set
    of this page: core.formats.publish.change_set), it keeps the version it had: an open page is not told."""
    entry = entries.get(key)
    site = sites.get(key[0])
    if entry is None or site is None:
        return False
    if entry.page is not None:  # made in the version before (its deps equal): the new site has it too
        site.pages.setdefault(key[1], entry.page)
        if entry.extra:
            site.extras.setdefault(key[1], entry.extra)
        return True
    page = site.page(key[1])
    if page is None:
        return False
    digest = content_hash(site, page, problem)
    if entry.before[0] and not change_set({key[1]: digest}, {key[1]: entry.before[0]}).changed:
        entry.version = entry.before[1]
    if entry.old is not None and entry.version != entry.before[1]:
        entry.patch = patch(entry.old, live_part(site, page, stamp="", stamp_iso="", problem=problem), entry.before[1])
    entry.before, entry.old = ("", 0), None
    entry.page, entry.digest = page, digest
    entry.extra = site.extras.get(key[1], {})
    return True


_UNIT = re.compile(r"<(tr|p)\b[^>]*>.*?</\1>", re.S)  # a row of a table, a paragraph
PATCH_ROWS = 40  # at most so many rows or paragraphs changed (a result: one or two), ...
PATCH_BYTES = 16 * 1024  # ... of at most so many bytes: else the phone fetches the page's live part


def patch(old: str, new: str, since: int) -> dict | None:
    """What changed from the live part `old` (of version `since`) to `new`, as rows and paragraphs replaced
    (`{"from": since, "n": count, "rows": [[index, html], ...]}`: the index among the part's `tr` and `p`
    elements, in order); None when more changed (another row, a table more) or too much: the phone fetches
    the whole part then. static/app.js checks the count of its own elements before it applies one."""
    a = [m.group(0) for m in _UNIT.finditer(old)]
    b = [m.group(0) for m in _UNIT.finditer(new)]
    if len(a) != len(b) or _UNIT.sub("", old) != _UNIT.sub("", new):
        return None
    changed = [(i, y) for i, (x, y) in enumerate(zip(a, b)) if x != y]
    if not changed or len(changed) > PATCH_ROWS or sum(len(y) for _, y in changed) > PATCH_BYTES:
        return None
    return {"from": since, "n": len(b), "rows": [[i, y] for i, y in changed]}


def version_of(entries: dict, key: tuple[str, str] | None, default: int) -> int:
    """The version the page's content last changed at (`default`: not a page of the book)."""
    entry = entries.get(key) if key is not None else None
    return entry.version if entry is not None else default
