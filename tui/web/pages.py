"""The pages of the web view, made once per change of the event (tui/web/server.py serves them).

    build(event, lang) -> Site          every page's title and body, for one language (pure)
    document(site, page, ...) -> str    the whole HTML of a page
    live_part(site, page, ...) -> str   what a page swaps in when the event changes (`#live`)

Two layouts over the same data: the phone's pages (one column, large touch targets, a
find-my-name box over the current pairings by board and by name, every table of the event,
the crosstable, the rounds, the players) and the hall's (`/hall`: full screen, large type, one
slide per table of pairings, standings, the bracket and the play-off, paged and rotated by
static/app.js at the interval the judge set).

Every piece of data goes through `core.formats.html` (`esc`, `tag`: cleaned, then escaped); the
pages have no inline script or style (the server's Content-Security-Policy forbids them), and
load nothing but /static/app.css and /static/app.js from the same server.
"""

from __future__ import annotations

import re
from dataclasses import fields, replace
from datetime import datetime, timezone

from arbiter_tournament.core.event.history import histories
from arbiter_tournament.core.event.model import Event, Round
from arbiter_tournament.core.formats import exports as ex
from arbiter_tournament.core.formats.html import Markup, esc, join, tag
from arbiter_tournament.core.formats.public import public
from arbiter_tournament.core.msg.i18n import render, words
from arbiter_tournament.core.tiebreaks.names import tiebreak_name
from arbiter_tournament.core.tiebreaks.standings import completed_rounds, main_stage
from arbiter_tournament.tui.i18n import tr
from arbiter_tournament.tui.web import final_pages, find
from arbiter_tournament.tui.web.book import Memo
from arbiter_tournament.tui.web.hall import HALL_TIEBREAKS, hall_page
from arbiter_tournament.tui.web.frame import LANG_NAMES, document, live_part, not_found  # noqa: F401 (the frame: pages.document ...)
from arbiter_tournament.tui.web.pages_base import Page, Site, scroll_box, html_table, html_row, points_text, round_path
from arbiter_tournament.core.event.systems import STAGES, Stage

__all__ = ["Page", "Site", "build", "document", "live_part", "round_path", "LANG_NAMES", "HALL_TIEBREAKS"]

_CELL = re.compile(r"([0-9]+|\?)([fs])(.)")  # a crosstable cell in English: opponent's row, colour, score


class Shared:
    """What every language's pages take from the event, computed once per change of the file."""

    def __init__(self, event: Event, memo: Memo | None = None) -> None:
        self.e = event
        self.memo = memo if memo is not None else Memo()  # pieces of pages kept from the version before
        self._who: dict[int, Markup] = {}
        self._keys: dict[int, str] = {}
        self._scores: dict[tuple, dict] = {}
        self._histories: dict[tuple, list] = {}
        self._standings: dict[int | None, tuple] = {}
        self._resting: dict[tuple, list] = {}
        self._cross: dict[int | None, tuple] = {}
        self._final = None
        self._settings: tuple | None = None

    def settings(self) -> tuple:
        """Every field of the event but its players and rounds (its name, scoring, tie-breaks, stages ...)."""
        if self._settings is None:
            self._settings = self.memo.same("settings", tuple(getattr(self.e, f.name) for f in fields(self.e)
                                                              if f.name not in ("players", "rounds")))
        return self._settings

    def final(self):
        """The final ranking of the whole event (`core.final.ranking.final_ranking`), once per change."""
        if self._final is None:
            from arbiter_tournament.core.final.ranking import final_ranking

            self._final = final_ranking(self.e)
        return self._final

    def key(self, pid: int) -> str:
        """What the find box finds the player by (tui/web/find.py)."""
        k = self._keys.get(pid)
        if k is None:
            k = self._keys[pid] = find.key(self.e.player(pid).name, pid)
        return k

    def who(self, pid: int) -> Markup:
        m = self._who.get(pid)
        if m is None:
            p = self.e.player(pid)
            m = self._who[pid] = Markup(f'{esc(p.name)} <span class="muted">({p.id})</span>')
        return m

    def scores_before(self, rnd: Round) -> dict:
        """Each player's score before `rnd` (as the printouts', from the stage's histories read once)."""
        if rnd.key not in self._scores:
            if rnd.stage == Stage.TOP:  # the points before the top (as the printouts and the round panel)
                from arbiter_tournament.core.formats.text import top_points

                self._scores[rnd.key] = top_points(self.e)
            elif rnd.stage not in (Stage.SWISS, Stage.ROUNDROBIN):
                self._scores[rnd.key] = {}
            else:  # kept from the version before while the rounds before it are the same
                self._scores[rnd.key] = self.memo.get(("scores", rnd.key), (self.settings(), self.players(),
                                                                           self.before(rnd)),
                                                      lambda: self._scores_now(rnd))
        return self._scores[rnd.key]

    def _scores_now(self, rnd: Round) -> dict:
        key = (rnd.stage, rnd.table)
        if key not in self._histories:
            self._histories[key] = histories(self.e, rnd.stage, rnd.table)
        before = sum(1 for r in self.e.rounds_of(rnd.stage, rnd.table) if r.number < rnd.number)
        return {h.id: h.score(self.e.scoring, before) for h in self._histories[key]}

    def players(self) -> tuple:
        """The event's players: the very tuple of the version before if they are equal (`Memo.same`)."""
        return self.memo.same("players", self.e.players)

    def round(self, rnd: Round) -> Round:
        return self.memo.same(("round", rnd.key), rnd)

    def before(self, rnd: Round) -> tuple:
        """The rounds before `rnd` on its stage's table (`Memo.same` each)."""
        return tuple(self.round(x) for x in self.e.rounds if x.stage == rnd.stage and x.table == rnd.table
                     and x.number < rnd.number)

    def crosstable(self, table: int | None, lang: str) -> tuple:
        """`exports.crosstable_rows` computed once; the other language's cells differ only in the
        colour letter (`12f1` is `12п1`)."""
        if table not in self._cross:
            self._cross[table] = ex.crosstable_rows(self.e, table, "en")
        after, rows = self._cross[table]
        if lang == "en":
            return after, rows
        t = words(lang)
        letters = {"f": t("cell_first"), "s": t("cell_second")}

        def cell(c: str) -> str:
            m = _CELL.fullmatch(c)
            return f"{m.group(1)}{letters[m.group(2)]}{m.group(3)}" if m else c

        return after, [replace(r, cells=tuple(cell(c) for c in r.cells)) for r in rows]

    def standings(self, table: int | None) -> tuple:
        if table not in self._standings:
            self._standings[table] = ex.table_standings(self.e, table, tuple(self.e.tiebreaks))
        return self._standings[table]

    def resting(self, rnd: Round) -> list:
        if rnd.key not in self._resting:
            self._resting[rnd.key] = ex.not_paired(self.e, rnd)
        return self._resting[rnd.key]


class _Build:
    def __init__(self, event: Event, lang: str, shared: Shared | None = None) -> None:
        self.e = event
        self.s = shared or Shared(event)
        self.lang = lang
        self.t = words(lang)
        self.w = lambda key, **f: tr(lang, key, **f)
        self.bracket = ex.top_bracket(event)
        self.playoff = event.rounds_of(Stage.PLAYOFF)
        self.current = ex.current_rounds(event)
        self.teams = event.stage_state("teams") is not None
        self.finder: list[tuple[str, Markup]] = []  # (key, row) of the current round by name: /find
        self.find_head: list[str] = []
        self.hall_slides: list[Markup] = []
        self.deps: dict[str, tuple] = {}  # what each page is made of (`deps`: the hall's slides are kept by them)
        self.extras: dict[str, dict] = {}  # path -> what making it left besides the page (`Site.made`)

    # -- pieces -----------------------------------------------------------------------------
    def who(self, pid: int | None) -> Markup:
        return Markup("") if pid is None else self.s.who(pid)

    def title(self, rnd: Round) -> str:
        return ex.round_title(self.e, rnd, self.t)

    def nav(self) -> list[tuple[str, str]]:
        w = self.w
        items = [("/", w("web_pairings")), ("/names", w("web_by_name")), ("/standings", w("web_standings"))]
        if public(self.e).crosstable:  # the event's setting, as for the published site (core/formats/public.py)
            items.append(("/crosstable", w("web_crosstable")))
        if self.bracket is not None or self.e.top:
            items.append(("/bracket", w("web_bracket")))
        if self.playoff:
            items.append(("/playoff", w("web_playoff")))
        items += self.final_nav()
        items += [("/rounds", w("web_rounds")), ("/players", w("web_players")), ("/hall", w("web_hall"))]
        return items

    def final_nav(self) -> list[tuple[str, str]]:
        """The final ranking, the lists by category and the prizes (tui/web/final_pages.py)."""
        return final_pages.nav(self)

    # -- the current round ----------------------------------------------------------------------
    def board_rows(self, rnd: Round) -> list[Markup]:
        """The phone's rows: board, both players (with their scores before the round), result."""
        t = self.t
        pts = self.s.scores_before(rnd)
        rows = []

        def line(pid: int) -> Markup:
            score = points_text(pts[pid]) if pid in pts else ""
            return Markup(f'<div class="p">{self.s.who(pid)} <span class="pts">{score}</span></div>')

        def row(g) -> Markup:
            if g.second is None:
                return html_row([g.board, join([line(g.first), tag("div", t("bye"), class_="p muted")]), ""],
                           ["bd", "pair", "res"], key=self.s.key(g.first))
            res = str(g.result) if g.result else "–"
            return html_row([g.board, join([line(g.first), line(g.second)]), res], ["bd", "pair", "res"],
                       key=f"{self.s.key(g.first)} {self.s.key(g.second)}")

        memo, player = self.s.memo, self.e.player
        for g in rnd.games:  # a row kept from the version before if its game, players and points are the same
            deps = (player(g.first), pts.get(g.first), None if g.second is None else player(g.second), pts.get(g.second))
            rows.append(memo.get(("board", self.lang, g), deps, lambda g=g: row(g)))
        return rows

    def round_block(self, rnd: Round, *, find: bool) -> Markup:
        t = self.t
        parts = [html_table([t("bd"), f"{t('first')} / {t('second')}", t("result_short")], self.board_rows(rnd),
                        classes=["bd", "", "res"], caption=self.title(rnd), find=find, cls="boards")]
        resting = self.s.resting(rnd)
        if resting:
            parts.append(tag("ul", *(tag("li", self.who(pid), " – ", t(why)) for pid, why in resting),
                             class_="resting"))
        parts.append(tag("p", t("missing_n", n=rnd.missing) if rnd.missing else t("all_in"), class_="muted"))
        return join(parts)

    def pairings(self) -> Page:
        t = self.t
        if not self.current:
            body = tag("p", t("no_round"))
        else:
            body = join(self.round_block(r, find=True) for r in self.current)
        return Page("/", t("pairings_by_board"), body, nav="/", find=bool(self.current))

    def names(self) -> Page:
        """Every player of the current round, alphabetically: where they play, which side, against whom."""
        t, w = self.t, self.w
        if not self.current:
            return Page("/names", t("pairings_by_name"), tag("p", t("no_round")), nav="/names")
        tables = any(r.table is not None for r in self.current)
        entries = []
        for rnd in self.current:
            for g in rnd.games:
                if g.second is None:
                    entries.append((g.first, rnd, g.board, t("bye"), None))
                    continue
                entries.append((g.first, rnd, g.board, w("web_first"), g.second))
                entries.append((g.second, rnd, g.board, w("web_second"), g.first))
            for pid, why in self.s.resting(rnd):
                entries.append((pid, rnd, None, t(why), None))
        entries.sort(key=lambda x: (ex.name_sort_key(self.e.player(x[0]).name), x[0]))
        rows = []
        for pid, rnd, board, side, opp in entries:
            if board is None:
                where = Markup("")
            else:
                where = join([tag("span", board, class_="big"),
                              tag("span", t("table_n", n=rnd.table), class_="sub")
                              if tables and rnd.table is not None else ""])
            what = [tag("div", self.who(pid), class_="p")]
            detail = [side] if opp is None else [side, " · ", w("web_against"), " ", self.who(opp)]
            what.append(tag("div", *detail, class_="muted"))
            row = html_row([where, join(what)], ["bd", "pair"], key=self.s.key(pid))
            rows.append(row)
            self.finder.append((self.s.key(pid), row))
        titles = self.title(self.current[0]) if len(self.current) == 1 else t(
            {Stage.TOP: "top_round_n", Stage.PLAYOFF: "playoff_round_n"}.get(self.current[0].stage, "round_n"),
            n=max(r.number for r in self.current))
        self.find_head = [t("bd"), t("name")]
        body = html_table(self.find_head, rows, classes=["bd", ""], caption=titles, find=True, cls="names")
        return Page("/names", t("pairings_by_name"), body, nav="/names", find=True)

    # -- standings, crosstable ------------------------------------------------------------------
    def standings(self) -> Page:
        t = self.t
        codes = tuple(self.e.tiebreaks)
        parts = []
        if self.teams:
            parts.append(self.team_standings())
        for tb in self.e.stage_tables(main_stage(self.e)):
            after, rows = self.s.standings(tb)
            cap = t("standings_after", n=after) if after else t("standings")
            if tb is not None:
                cap += ", " + t("table_n", n=tb).lower()
            body = [html_row([r.rank, join([self.who(r.id), tag("div", self.e.player(r.id).club, class_="sub")]),
                         points_text(r.points), *(points_text(r.tiebreaks[c]) if c in r.tiebreaks else "" for c in codes)],
                        ["num", "", "num pts", *("num" for _ in codes)], key=self.s.key(r.id)) for r in rows]
            parts.append(scroll_box(html_table([t("rank"), t("name"), t("pts"), *codes], body,
                                        classes=["num", "", "num", *("num" for _ in codes)], caption=cap,
                                        find=True, cls="standings")))
        if codes:
            parts.append(tag("h3", t("tiebreaks")))
            parts.append(tag("dl", *(join([tag("dt", c), tag("dd", tiebreak_name(c, self.lang))]) for c in codes)))
        return Page("/standings", t("standings"), join(parts), nav="/standings", find=True)

    def team_standings(self) -> Markup:
        from arbiter_tournament.core.teams.team_standings import standings as team_standings

        w = self.w
        try:
            after, codes, rows = team_standings(self.e)
        except Exception:  # a team section still being set up: the players' standings still show
            return Markup("")
        rest = [c for c in codes if c.strip().upper() not in ("MP", "GP")]
        body = [html_row([r.rank, r.team, points_text(r.match_points), points_text(r.game_points),
                     *(points_text(r.tiebreaks[c]) if c in r.tiebreaks else "" for c in rest)],
                    ["num", "", "num pts", "num", *("num" for _ in rest)]) for r in rows]
        cap = w("web_team_standings") + (f" ({self.t('standings_after', n=after).lower()})" if after else "")
        return scroll_box(html_table([self.t("rank"), w("web_team"), w("web_mp"), w("web_gp"), *rest], body,
                              classes=["num", "", "num", "num", *("num" for _ in rest)], caption=cap, find=True))

    def crosstable(self) -> Page:
        t = self.t
        parts = []
        for tb in self.e.stage_tables(main_stage(self.e)):
            after, rows = self.s.crosstable(tb, self.lang)
            cap = t("crosstable") + (", " + t("table_n", n=tb).lower() if tb is not None else "")
            body = [html_row([i, self.who(r.id), points_text(r.points), *r.cells],
                        ["num", "", "num pts", *("res" for _ in range(after))], key=self.s.key(r.id))
                    for i, r in enumerate(rows, start=1)]
            parts.append(scroll_box(html_table(["#", t("name"), t("pts"), *range(1, after + 1)], body,
                                        classes=["num", "", "num", *("res" for _ in range(after))], caption=cap,
                                        find=True, cls="cross")))
        parts.append(tag("p", t("crosstable_legend"), class_="muted"))
        return Page("/crosstable", t("crosstable"), join(parts), nav="/crosstable", find=True)

    # -- the top, the play-off ------------------------------------------------------------------
    def bracket_tables(self) -> list[tuple[str, Markup]]:
        """(round name, table) per round of the top, the third-place match with the final."""
        t, b = self.t, self.bracket
        out = []
        for r, matches in enumerate(b.rounds, start=1):
            extra = [b.third_place_match] if r == len(b.rounds) and b.third_place_match is not None else []
            rows = []
            for m in list(matches) + extra:
                label = "3" if m.third_place else m.number
                rows.append(html_row([label, join([tag("div", self.who(m.players[0]), " ",
                                                  tag("span", f"#{m.seeds[0]}" if m.seeds[0] else "", class_="pts"),
                                                  class_="p"),
                                              tag("div", self.who(m.players[1]), " ",
                                                  tag("span", f"#{m.seeds[1]}" if m.seeds[1] else "", class_="pts"),
                                                  class_="p")]),
                                 m.result or "–", join([self.who(m.winner), tag("div", self.decided(m.decided_by), class_="sub")])],
                                ["bd", "pair", "res", ""]))
            head = ["", f"{t('first')} / {t('second')}", t("result"), t("champion") if r == len(b.rounds) else "→"]
            name = render(b.round_name(r), self.lang)
            out.append((name, html_table(head, rows, classes=["bd", "", "res", ""], caption=name, find=True,
                                     cls="boards")))
        return out

    def decided(self, how: str | None) -> str:
        """Why a match's winner won, when it was not simply by the games: a bye, or a rule of 704/705."""
        from arbiter_tournament.core.knockout.bracket_text import DECISION_MARKS

        if how == "bye":
            return self.t("bk_bye")
        if how in DECISION_MARKS:
            return f"{self.t('bk_' + how)} ({DECISION_MARKS[how][2]})"
        return ""

    def bracket_page(self) -> Page:
        t = self.t
        if self.bracket is None:
            return Page("/bracket", t("bracket"), tag("p", t("no_top")), nav="/bracket")
        from arbiter_tournament.core.knockout.bracket_text import bracket_lines

        names = {p.id: p.name for p in self.e.players}
        parts = [tbl for _, tbl in self.bracket_tables()]
        parts.append(scroll_box(tag("pre", "\n".join(bracket_lines(self.bracket, names, width=100, lang=self.lang)))))
        return Page("/bracket", t("bracket"), join(parts), nav="/bracket", find=True)

    def playoff_page(self) -> Page:
        t = self.t
        parts = [tag("p", ln.strip()) for ln in ex.playoff_plan_lines(self.e, self.lang) if ln.strip()]
        for rnd in self.playoff:
            parts.append(self.round_block(rnd, find=False))
        return Page("/playoff", t("playoff"), join(parts), nav="/playoff")

    # -- rounds, players ---------------------------------------------------------------------------
    def rounds_index(self) -> Page:
        t = self.t
        groups: dict[tuple[str, int | None], list[Round]] = {}
        order = STAGES
        for rnd in sorted(self.e.rounds, key=lambda r: (order.index(r.stage) if r.stage in order else 9,
                                                        r.table or 0, r.number)):
            groups.setdefault((rnd.stage, rnd.table), []).append(rnd)
        items = []
        for (stage, tb), rounds in groups.items():
            label = t(f"stage_{stage}") + (", " + t("table_n", n=tb).lower() if tb is not None else "")
            links = [tag("a", r.number, href=round_path(r), class_="chip") for r in rounds]
            items.append(tag("li", tag("div", label), tag("div", *links, class_="chips")))
        body = tag("ul", *items, class_="groups") if items else tag("p", t("no_round"))
        return Page("/rounds", t("rounds"), body, nav="/rounds")

    def round_page(self, rnd: Round) -> Page:
        return Page(round_path(rnd), self.title(rnd), self.round_block(rnd, find=True), nav="/rounds", find=True)

    def players(self) -> Page:
        t = self.t
        tables = self.e.tables > 1
        rows = []
        for p in sorted(self.e.players, key=lambda p: ex.name_sort_key(p.name)):
            sub = " · ".join(str(x) for x in (p.club, p.federation, p.team) if x)
            status = t("withdrawn") if p.status == "withdrawn" else ""
            rows.append(html_row([p.id, join([p.name, tag("div", sub, class_="sub"),
                                         tag("div", status, class_="sub") if status else ""]),
                             p.rating or "", *([p.table or ""] if tables else [])],
                            ["num", "", "num", "num"], key=self.s.key(p.id)))
        head = [t("id"), t("name"), t("rating"), *([t("table")] if tables else [])]
        body = join([tag("p", t("players_n", n=len(self.e.players)), class_="muted"),
                     html_table(head, rows, classes=["num", "", "num", "num"], find=True, cls="players")])
        return Page("/players", t("players"), body, nav="/players", find=True)

    # -- the hall ----------------------------------------------------------------------------------
    def hall(self) -> Page:
        """The hall's projector: tui/web/hall.py (its slides also kept one by one, for /hall?s=K)."""
        page, self.hall_slides = hall_page(self)
        self.extras["/hall"] = {"hall_slides": self.hall_slides}
        return page

    def names_page(self) -> Page:
        """`names`, its rows kept for /find (`Site.finder`)."""
        page = self.names()
        self.extras["/names"] = {"finder": self.finder, "find_head": self.find_head}
        return page

    def clock(self) -> tuple[str, int | None]:
        """The current round's clock (the first table's first that has one), as the terminal display shows it."""
        for rnd in self.current:
            if rnd.clock_paused is not None:
                return "", max(0, int(rnd.clock_paused))
            if rnd.clock_deadline:
                try:
                    end = datetime.fromisoformat(rnd.clock_deadline.strip().replace("Z", "+00:00"))
                except ValueError:
                    continue
                if end.tzinfo is None:
                    end = end.replace(tzinfo=timezone.utc)
                return end.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"), None
        return "", None


def build(event: Event, lang: str, shared: Shared | None = None) -> Site:
    """Every page of the event in `lang`, each made when it is first asked for (`Site.page`; the frame is
    added by `document`), with what each is made of (`Site.deps`: tui/web/book.py keeps a page whose deps
    are equal to the version before's). `shared`: what the other language's pages already took from the
    same event."""
    b = _Build(event, lang, shared)
    # nothing here refers back to the site (its makers are the builder's): a version let go is freed at once
    site = Site(lang=lang, event_name=event.name, nav=b.nav(), clock=b.clock(), made=b.extras)
    site.later = {"/": b.pairings, "/names": b.names_page, "/standings": b.standings,
                  "/bracket": b.bracket_page, "/rounds": b.rounds_index, "/players": b.players, "/hall": b.hall}
    if public(event).crosstable:  # the event's setting, as for the published site (core/formats/public.py)
        site.later["/crosstable"] = b.crosstable
    if b.playoff:
        site.later["/playoff"] = b.playoff_page
    site.later.update({round_path(r): (lambda r=r: b.round_page(r)) for r in event.rounds})
    site.later.update(final_pages.later(b))  # the end of the event's pages likewise
    site.deps = b.deps = deps(b, site.later)
    return site


def deps(b: _Build, paths) -> dict[str, tuple]:
    """What each page is made of, as values compared with the version before's (tui/web/book.py): equal, the
    page is the same and is not made again. A page not named here is made of the whole event (any change
    makes it again); the others of the parts they read: the players' list of the players and the tables,
    the rounds' list of the rounds' keys, the pairings by name of the current rounds' boards and players
    (not their results), a round's own page (Swiss, round robin) of that round and the rounds before it
    on its table (the scores before it), the standings and the crosstable of the rounds complete."""
    e, s = b.e, b.s
    whole = ("event", e)
    out = dict.fromkeys(paths, whole)
    settings, players = s.settings(), s.players()
    out["/players"] = ("players", players, e.tables)
    out["/rounds"] = ("rounds", tuple(r.key for r in e.rounds))
    out["/names"] = ("names", settings, players,
                     tuple((r.key, tuple((g.board, g.first, g.second) for g in r.games)) for r in b.current))
    if not b.teams:  # the standings and the crosstable: after the rounds complete (their every result in)
        stage, done = main_stage(e), []
        for tb in e.stage_tables(stage):
            after = completed_rounds(e, stage, tb)
            done.append((tb, after, tuple(s.round(r) for r in e.rounds_of(stage, tb) if r.number <= after)))
        out["/standings"] = out["/crosstable"] = ("done", settings, players, stage, tuple(done))
    for r in e.rounds:
        if r.stage in (Stage.SWISS, Stage.ROUNDROBIN):
            out[round_path(r)] = ("round", settings, players, s.round(r), s.before(r))
    return {p: out[p] for p in paths}  # (the crosstable only when the event shows it)
