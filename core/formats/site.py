"""A static web site of the event: one folder any web server (or a browser from disk) can show.

    write_site(event, out_dir, now=None) -> list of page names

Pages: `index.html` (the event, its players, links), one page per round
(`round-swiss-3.html`, `round-swiss-t2-3.html` for table 2, `round-top-1.html`,
`round-playoff-1.html`), `standings.html`, `crosstable.html` (unless the event's `public_crosstable` is
false),
`bracket.html`, `playoff.html` when there is a play-off, `final.html` (the final
ranking, "provisional" until the event is over, and each table's list),
`categories.html` (a list per category) when the event has categories, and
`prizes.html` when it has prizes (core/formats/final.py says what they hold; without any amount when the
event's `public_prize_money` is false). In a team event
a round's page shows its matches (each with its teams, score and boards, and
the team without a match), `standings.html` the team standings, and
`boards.html` the board prizes (each player's results by board). Every page says
when it was made (`now`, passed in; the current UTC time by default).

Every piece of data goes through `core.formats.html.esc`; no page has
JavaScript. A half-written site is never served: a new folder is built
beside the target and renamed into place; an existing folder gets each page
by an atomic rename from a temporary folder made inside it (so a folder at
the root of another disk works), the index last (so its links always lead to
pages that are there), and pages this module wrote before that are no longer part of
the site are removed (the list is kept in `.arbiter-site`; other files in
the folder are left alone).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from datetime import datetime, timezone
from pathlib import Path

from arbiter_tournament.core.errors import FileProblem
from arbiter_tournament.core.msg.i18n import language, render, words
from arbiter_tournament.core.tiebreaks.names import tiebreak_name
from arbiter_tournament.core.event.model import Event, Round, points_text
from arbiter_tournament.core.tiebreaks.standings import main_stage
from arbiter_tournament.core.formats import exports as ex, printouts
from arbiter_tournament.core.formats.html import Markup, join, link, page, table, tag
from arbiter_tournament.core.formats import team_printouts as tp
from arbiter_tournament.core.formats.output import check_link, check_not_event, output_like
from arbiter_tournament.core.formats.public import public
from arbiter_tournament.core.store import files
from arbiter_tournament.core.store.files import Like, share_like
from arbiter_tournament.core.teams import board_stats, completed_rounds, is_team_event, matches, standings, state
from arbiter_tournament.core.event.systems import STAGES, Stage, System

MANIFEST = ".arbiter-site"

__all__ = ["build_site", "write_site", "round_page_name", "MANIFEST"]


def round_page_name(rnd: Round) -> str:
    table = f"t{rnd.table}-" if rnd.table is not None else ""
    return f"round-{rnd.stage}-{table}{rnd.number}.html"


def _when(now: datetime | None) -> tuple[str, str]:
    """(text for people, ISO 8601 for the <time> element), in UTC; a naive `now` is taken as UTC."""
    now = now or datetime.now(timezone.utc)
    if now.tzinfo is None:
        now = now.replace(tzinfo=timezone.utc)
    now = now.astimezone(timezone.utc)
    return now.strftime("%Y-%m-%d %H:%M UTC"), now.strftime("%Y-%m-%dT%H:%M:%SZ")


class _Site:
    def __init__(self, event: Event, now: datetime | None, lang: str | None) -> None:
        self.e = event
        self.lang = lang or language(event)
        self.t = words(self.lang)
        self.made, self.made_iso = _when(now)
        self.bracket = ex.top_bracket(event)
        self.playoff = event.rounds_of(Stage.PLAYOFF)
        from arbiter_tournament.core.final.ranking import final_ranking

        self.ranking = final_ranking(event)
        self.teams = is_team_event(event)
        self.pub = public(event)  # what the public sees (the web view asks the same function)

    # -- frame ------------------------------------------------------------
    def nav(self) -> list[tuple[str, str]]:
        t = self.t
        if self.teams:
            return [("index.html", t("home")), ("standings.html", t("team_standings")), ("boards.html", t("bs_nav")),
                    *([("crosstable.html", t("crosstable"))] if self.pub.crosstable else []),
                    ("final.html", t("final_ranking"))]
        items = [("index.html", t("home")), ("standings.html", t("standings"))]
        if self.pub.crosstable:
            items.append(("crosstable.html", t("crosstable")))
        items.append(("bracket.html", t("bracket")))
        if self.playoff:
            items.append(("playoff.html", t("playoff")))
        items.append(("final.html", t("final_ranking")))
        if printouts.shown(self.e, "categories"):
            items.append(("categories.html", t("categories")))
        if printouts.shown(self.e, "prizes"):
            items.append(("prizes.html", t("prize_list")))
        return items

    def page(self, title: str, body) -> str:
        return page(title=f"{title} | {self.e.name}" if title != self.e.name else title, heading=self.e.name,
                    body=join([tag("h2", title), body]) if title != self.e.name else body, lang=self.lang,
                    made=self.made, made_iso=self.made_iso, nav=self.nav(),
                    made_label=self.t("made_at", when="{when}"))

    def who(self, pid: int | None) -> Markup:
        if pid is None:
            return Markup("")
        p = self.e.player(pid)
        return join([p.name, " ", tag("span", f"({p.id})", class_="muted")])

    # -- pages ------------------------------------------------------------
    def round_page(self, rnd: Round, prev: Round | None = None, nxt: Round | None = None) -> str:
        t = self.t
        if self.teams:
            return self.page(ex.round_title(self.e, rnd, t), join([self.matches(rnd), self.steps(prev, nxt)]))
        pts = ex.scores_before(self.e, rnd)
        rows = []
        for g in rnd.games:
            pa = points_text(pts[g.first]) if g.first in pts else ""
            if g.second is None:
                rows.append([g.board, self.who(g.first), pa, t("bye"), "", ""])
                continue
            pb = points_text(pts[g.second]) if g.second in pts else ""
            res = str(g.result) if g.result else "–"
            rows.append([g.board, self.who(g.first), pa, res, self.who(g.second), pb])
        parts = [table([t("bd"), t("first"), t("pts"), t("result"), t("second"), t("pts")], rows,
                       classes=["num", "", "num", "res", "", "num"])]
        resting = ex.not_paired(self.e, rnd)
        if resting:
            parts.append(tag("ul", *(tag("li", self.who(pid), " – ", t(why)) for pid, why in resting)))
        parts.append(tag("p", t("missing_n", n=rnd.missing) if rnd.missing else t("all_in"), class_="muted"))
        parts.append(self.steps(prev, nxt))
        return self.page(ex.round_title(self.e, rnd, t), join(parts))

    def steps(self, prev: Round | None, nxt: Round | None) -> Markup:
        t = self.t
        steps = []
        if prev is not None:
            steps += [link(round_page_name(prev), "← " + ex.round_title(self.e, prev, t)), " "]
        if nxt is not None:
            steps.append(link(round_page_name(nxt), ex.round_title(self.e, nxt, t) + " →"))
        return tag("p", *steps, class_="noprint") if steps else Markup("")

    def matches(self, rnd: Round) -> Markup:
        """A team round: one table per match (its head the caption: teams, boards, score), the team without a
        match, what is missing."""
        t, st = self.t, state(self.e)
        parts = []
        for m in matches(self.e, rnd, st):
            rows = [[tp.match_board(m, g.board, st.boards), self.who(g.first), str(g.result) if g.result else "–",
                     self.who(g.second)] for g in m.games]
            parts.append(table([t("bd"), t("first"), t("result"), t("second")], rows,
                               classes=["num", "", "res", ""], caption=tp.match_head(m, t)))
        bye = tp.bye_line(self.e, rnd, t)
        if bye:
            parts.append(tag("p", " ".join(x for x in bye if x)))
        parts.append(tag("p", t("tm_first_named"), class_="muted"))
        parts.append(tag("p", t("missing_n", n=rnd.missing) if rnd.missing else t("all_in"), class_="muted"))
        return join(parts)

    def team_standings_page(self) -> str:
        t = self.t
        after, codes, rows = standings(self.e)
        rest = [c for c in codes if c.strip().upper() not in ("MP", "GP")]
        body = [[f"{r.rank}{'=' if r.shared else ''}", r.team, points_text(r.match_points), points_text(r.game_points),
                 *(points_text(r.tiebreaks[c]) for c in rest), r.matches] for r in rows]
        cap = t("team_standings_after", n=after) if after else t("team_standings")
        parts = [table([t("rank"), t("team"), "MP", "GP", *rest, t("tm_played_short")], body,
                       classes=["num", "", "num", "num", *("num" for _ in rest), "num"], caption=cap)]
        if any(r.by_lot for r in rows):
            parts.append(tag("p", t("tm_by_lot"), class_="muted"))
        parts.append(tag("h3", t("tiebreaks")))
        parts.append(tag("dl", *(join([tag("dt", c), tag("dd", tiebreak_name(c, self.lang))])
                                 for c in ["MP", "GP", *rest]),
                         join([tag("dt", t("tm_played_short")), tag("dd", t("tm_played"))])))
        return self.page(t("team_standings"), join(parts))

    def boards_page(self) -> str:
        """The board prizes: each board number's players, best first, with games and percentage."""
        t = self.t
        after = completed_rounds(self.e)
        parts = [tag("p", t("bs_legend"), class_="muted")]
        by_board: dict[int, list] = {}
        for s in board_stats(self.e, after):
            by_board.setdefault(s.board, []).append(s)
        for b, stats in sorted(by_board.items()):
            rows = [[k, self.who(s.id), s.team, points_text(s.points), s.games, tp.percent(s.points, s.games)]
                    for k, s in enumerate(stats, start=1)]
            parts.append(table([t("rank"), t("player"), t("team"), t("pts"), t("bs_games"), "%"], rows,
                               classes=["num", "", "", "num", "num", "num"], caption=t("bs_board_n", n=b)))
        if not by_board:
            parts.append(tag("p", t("no_round")))
        return self.page(t("bs_title_after", n=after) if after else t("bs_title"), join(parts))

    def standings_page(self) -> str:
        if self.teams:
            return self.team_standings_page()
        t = self.t
        codes = tuple(self.e.tiebreaks)
        parts = []
        by_lot = False
        for tb in self.e.stage_tables(main_stage(self.e)):
            after, rows = ex.table_standings(self.e, tb, codes)
            cap = t("standings_after", n=after) if after else t("standings")
            if tb is not None:
                cap += ", " + t("table_n", n=tb).lower()
            body = [[f"{r.rank}*" if r.by_lot else r.rank, self.who(r.id), self.e.player(r.id).club,
                     points_text(r.points), *(points_text(r.tiebreaks[c]) if c in r.tiebreaks else "" for c in codes)]
                    for r in rows]
            by_lot = by_lot or any(r.by_lot for r in rows)
            parts.append(table([t("rank"), t("name"), t("club"), t("pts"), *codes], body,
                               classes=["num", "", "", "num", *("num" for _ in codes)], caption=cap))
        if by_lot:
            parts.append(tag("p", t("standings_by_lot"), class_="muted"))
        if codes:
            parts.append(tag("h3", t("tiebreaks")))
            parts.append(tag("dl", *(join([tag("dt", c), tag("dd", tiebreak_name(c, self.lang))]) for c in codes)))
        return self.page(t("standings"), join(parts))

    # -- the end of the event (core/formats/final.py) -----------------------------------------
    def final_table(self, rows, caption: str, *, narrowed: bool = False):
        from arbiter_tournament.core.formats.final import note

        t = self.t
        tables = self.e.tables > 1 and not narrowed and not (self.ranking and self.ranking.teams)
        head = [t("place"), t("id"), t("team") if self.ranking.teams else t("name")] + ([t("tbl")] if tables else [])
        head += [t("pts")] + ([t("overall")] if narrowed else []) + [t("note")]
        body = []
        for r in rows:
            who = r.name if self.ranking.teams else self.who(r.id)
            body.append([r.place_text, r.id, who] + ([r.table or ""] if tables else []) + [points_text(r.points)]
                        + ([r.overall] if narrowed else []) + [note(r, self.lang)])
        classes = ["num", "num", ""] + (["num"] if tables else []) + ["num"] + (["num"] if narrowed else []) + ["muted"]
        return table(head, body, classes=classes, caption=caption)

    def pending_note(self, rows):
        places = sorted({r.place_text for r in rows if r.lot_pending}, key=lambda x: int(x.split("-")[0]))
        return [tag("p", self.t("lots_pending_note", places=", ".join(places)), class_="muted")] if places else []

    def final_page(self) -> str:
        from arbiter_tournament.core.formats.final import rows_for, title

        fr = self.ranking
        parts = [self.final_table(list(fr.rows), title(self.e, fr, self.lang))] + self.pending_note(list(fr.rows))
        if self.e.tables > 1 and not fr.teams:
            for tb in self.e.table_ids():
                rows = rows_for(self.e, fr, table=tb)
                parts.append(self.final_table(rows, title(self.e, fr, self.lang, table=tb), narrowed=True))
        return self.page(self.t("final_ranking"), join(parts))

    def categories_page(self) -> str:
        from arbiter_tournament.core.formats.final import conditions_text, rows_for, title

        fr, parts = self.ranking, []
        for c in self.e.categories:
            rows = rows_for(self.e, fr, category=c.name)
            parts.append(tag("p", conditions_text(c, self.lang), class_="muted"))
            parts.append(self.final_table(rows, title(self.e, fr, self.lang, category=c.name), narrowed=True))
        return self.page(self.t("categories"), join(parts))

    def prizes_page(self) -> str:
        from arbiter_tournament.core.event.money import amount_text
        from arbiter_tournament.core.final.prizes import prize_list
        from arbiter_tournament.core.formats.final import how_text, paid_text, why_text

        t = self.t
        money = self.pub.prize_money  # false: the prizes and their winners, never an amount
        pl = prize_list(self.e, self.ranking)
        rows = {r.id: r for r in self.ranking.rows}
        body = []
        for a in pl.awards:
            amount = amount_text(a.prize.amount) if a.prize.amount is not None and money else ""
            if not a.winners:
                body.append([a.index, a.prize.name, a.prize.category, amount, why_text(a, self.lang) or t("no_winner"),
                             "", "", ""])
            for k, w in enumerate(a.winners):
                r = rows.get(w.id)
                body.append([a.index if k == 0 else "", a.prize.name if k == 0 else "", a.prize.category if k == 0
                             else "", amount if k == 0 else "", self.who(w.id) if r and not self.ranking.teams
                             else (r.name if r else w.id), r.place_text if r else "",
                             paid_text(w) if money else "", how_text(w, self.lang) if money else ""])
        caption = t("prize_list") if pl.finished else t("prize_list_provisional")
        if not money:
            body = [[r[0], r[1], r[2], r[4], r[5]] for r in body]
        head = ["#", t("prize"), t("category"), t("amount"), t("winner"), t("place"), t("receives"), ""]
        classes = ["num", "", "", "num", "", "num", "num", "muted"]
        keep = range(len(head)) if money else (0, 1, 2, 4, 5)
        parts = ([tag("p", t("sharing_" + pl.sharing), class_="muted")] if money else []) + [
            table([head[i] for i in keep], body, classes=[classes[i] for i in keep], caption=caption)]
        return self.page(t("prize_list"), join(parts + self.pending_note(list(self.ranking.rows))))

    def crosstable_page(self) -> str:
        t = self.t
        parts = []
        for tb in self.e.stage_tables(main_stage(self.e)):
            after, rows = ex.crosstable_rows(self.e, tb, self.lang)
            cap = t("crosstable") + (", " + t("table_n", n=tb).lower() if tb is not None else "")
            body = [[i, self.who(r.id), points_text(r.points), *r.cells] for i, r in enumerate(rows, start=1)]
            parts.append(table(["#", t("name"), t("pts"), *range(1, after + 1)], body,
                               classes=["num", "", "num", *("res" for _ in range(after))], caption=cap))
        parts.append(tag("p", t("crosstable_legend"), class_="muted"))
        return self.page(t("crosstable"), join(parts))

    def bracket_page(self) -> str:
        t = self.t
        b = self.bracket
        if b is None:
            return self.page(t("bracket"), tag("p", t("no_top")))
        from arbiter_tournament.core.knockout.bracket_text import bracket_lines

        parts = []
        for r, of_round in enumerate(b.rounds, start=1):
            extra = [b.third_place_match] if r == len(b.rounds) and b.third_place_match is not None else []
            rows = []
            for m in list(of_round) + extra:
                label = "3" if m.third_place else m.number
                rows.append([label, m.seeds[0] or "", self.who(m.players[0]), m.result or "–",
                             self.who(m.players[1]), m.seeds[1] or "", self.who(m.winner), m.decided_by or ""])
            parts.append(table(["", "#", t("first"), t("result"), t("second"), "#", t("champion") if r == len(b.rounds)
                                else "→", ""], rows, classes=["num", "num", "", "res", "", "num", "", "muted"],
                               caption=render(b.round_name(r), self.lang)))
        names = {p.id: p.name for p in self.e.players}
        parts.append(tag("pre", "\n".join(bracket_lines(b, names, width=100, lang=self.lang))))
        return self.page(t("bracket"), join(parts))

    def playoff_page(self) -> str:
        t = self.t
        parts = []
        for rnd in self.playoff:
            rows = [[g.board, self.who(g.first), str(g.result) if g.result else "–", self.who(g.second)]
                    for g in rnd.games]
            parts.append(table([t("bd"), t("first"), t("result"), t("second")], rows,
                               classes=["num", "", "res", ""], caption=ex.round_title(self.e, rnd, t)))
        return self.page(t("playoff"), join(parts))

    def index_page(self, round_pages: list[tuple[Round, str]]) -> str:
        t, e = self.t, self.e
        stage_key = {System.SWISS: "stage_swiss"}.get(e.system, "stage_roundrobin")
        facts = [t(stage_key), t("players_n", n=len(e.players))]
        if e.start:
            facts.append(e.start + (f" – {e.end}" if e.end and e.end != e.start else ""))
        parts = [tag("p", " · ".join(facts))]
        current = {(r.stage, r.table): r.number for r in ex.current_rounds(e)}
        by_group: dict[tuple[str, int | None], list[tuple[Round, str]]] = {}
        for rnd, name in round_pages:
            by_group.setdefault((rnd.stage, rnd.table), []).append((rnd, name))
        items = []
        for (stage, tb), rounds in by_group.items():
            label = t(f"stage_{stage}") + (", " + t("table_n", n=tb).lower() if tb is not None else "")
            links = []
            for rnd, name in rounds:
                text = str(rnd.number)
                links.append(tag("strong", link(name, text)) if current.get((stage, tb)) == rnd.number
                             else link(name, text))
                links.append(" ")
            items.append(tag("li", label, ": ", *links))
        parts.append(tag("h2", t("rounds")))
        parts.append(tag("ul", *items) if items else tag("p", t("no_round")))
        parts.append(tag("h2", t("players")))
        rows = [[p.id, p.name, p.rating or "", p.club, p.federation, p.table or "",
                 t("withdrawn") if p.status == "withdrawn" else ""] for p in sorted(e.players, key=lambda p: ex.name_sort_key(p.name))]
        parts.append(table([t("id"), t("name"), t("rating"), t("club"), t("federation"), t("table"), ""], rows,
                           classes=["num", "", "num", "", "", "num", "muted"]))
        return self.page(e.name, join(parts))


def build_site(event: Event, *, now: datetime | None = None, lang: str | None = None) -> dict[str, str]:
    """Page name -> HTML, in the order to write them (the index last)."""
    s = _Site(event, now, lang)
    pages: dict[str, str] = {}
    round_pages = []
    ordered = sorted(event.rounds, key=lambda r: (STAGES.index(r.stage)
                                                  if r.stage in STAGES else 9,
                                                  r.table or 0, r.number))
    for i, rnd in enumerate(ordered):
        same = lambda o: o is not None and (o.stage, o.table) == (rnd.stage, rnd.table)  # noqa: E731
        prev = ordered[i - 1] if i > 0 and same(ordered[i - 1]) else None
        nxt = ordered[i + 1] if i + 1 < len(ordered) and same(ordered[i + 1]) else None
        name = round_page_name(rnd)
        pages[name] = s.round_page(rnd, prev, nxt)
        round_pages.append((rnd, name))
    pages["standings.html"] = s.standings_page()
    if s.pub.crosstable:
        pages["crosstable.html"] = s.crosstable_page()
    if s.teams:
        pages["boards.html"] = s.boards_page()
    else:
        pages["bracket.html"] = s.bracket_page()
    if s.playoff:
        pages["playoff.html"] = s.playoff_page()
    pages["final.html"] = s.final_page()
    if printouts.shown(event, "categories"):
        pages["categories.html"] = s.categories_page()
    if printouts.shown(event, "prizes"):
        pages["prizes.html"] = s.prizes_page()
    pages["index.html"] = s.index_page(round_pages)
    return pages


def _write_file(path: Path, text: str, like: Like | None = None) -> None:
    """A page, new in the site's temporary folder: 0644, or the event's group and group permissions."""
    with open(path, "x", encoding="utf-8", newline="\n") as f:
        f.write(text)
        f.flush()
        if like is None:
            os.fchmod(f.fileno(), 0o644)
        else:
            share_like(f.fileno(), Like(like.st_gid, like.st_mode | 0o044))  # pages are read by the web server
        os.fsync(f.fileno())


def _share_folder(folder: Path, like: Like | None) -> None:
    """The site's folder: 0755, or the event's group and group permissions (setgid kept)."""
    if like is None:
        os.chmod(folder, 0o755)
        return
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        share_like(fd, Like(like.st_gid, like.st_mode | 0o044), directory=True)
        if like.st_mode & 0o020:  # group-writable: new files in it take its group, as in the event's folder
            os.fchmod(fd, os.fstat(fd).st_mode & 0o7777 | 0o2000)
    finally:
        os.close(fd)


def write_site(event: Event, out_dir, *, now: datetime | None = None, lang: str | None = None,
               event_path: str | Path | None = None) -> list[str]:
    """Write the site into `out_dir` (made if missing); returns the page names written.

    `event_path`: the event's file; the site never writes over it or its journal, lock, backups
    (core.formats.output). An existing folder (the root of a mounted disk too) gets its pages
    from a temporary folder made inside it, so every rename stays on its filesystem.
    """
    out = Path(out_dir)
    check_not_event(out, event_path)
    check_link(out)  # a link another user planted is never followed into another folder
    like = output_like(event_path, out)
    if out.exists() and not out.is_dir():
        raise FileProblem(str(out), None, "exists and is not a folder; the site needs a folder")
    pages = build_site(event, now=now, lang=lang)
    existing = out.is_dir()
    if existing:
        for name in (*pages, MANIFEST, *_read_manifest(out)):
            check_not_event(out / name, event_path)
            check_link(out / name)
    parent = out if existing else Path(os.path.realpath(out)).parent
    try:
        if not existing:
            parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=".arbiter-site.", suffix=".tmp", dir=parent))
    except OSError as exc:
        raise FileProblem(str(out), None, "cannot write here: {error}", error=exc.strerror or exc) from None
    try:
        for name, text in pages.items():
            _write_file(tmp / name, text, like)
        _write_file(tmp / MANIFEST, "".join(f"{n}\n" for n in pages), like)
        _share_folder(tmp, like)
        files.fsync_dir(tmp)
        if not existing:
            try:
                os.rename(tmp, out)  # the whole site appears at once
                files.fsync_dir(parent)
                return list(pages)
            except OSError:
                if not out.is_dir():
                    raise
        old = _read_manifest(out)
        for name in pages:  # index.html is last
            os.replace(tmp / name, out / name)
        for name in old - set(pages):
            try:
                (out / name).unlink()
            except FileNotFoundError:
                pass
        os.replace(tmp / MANIFEST, out / MANIFEST)
        files.fsync_dir(out)
        return list(pages)
    except OSError as exc:
        raise FileProblem(str(out), None, "cannot write the site: {error}", error=exc.strerror or exc) from None
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)


def _read_manifest(folder: Path) -> set[str]:
    from arbiter_tournament.core.store.files import read_input

    try:  # a plain file of at most 1 MB: a FIFO planted in its place is not waited on
        text = read_input(folder / MANIFEST, most=1 << 20, stdin=False).decode("utf-8")
    except (FileProblem, UnicodeDecodeError):
        return set()
    # only plain page names this module makes: never a path out of the folder
    return {n for n in text.split() if n.endswith(".html") and "/" not in n and "\\" not in n and not n.startswith(".")}
