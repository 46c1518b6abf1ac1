"""The final ranking (`F`): the whole event in one list, a table's list or a category's, the lots to draw.

What it shows is `core.final.ranking.final_ranking` (the same as `arbiter standings FILE --final`):
the top's places, the play-off's winner, then the Swiss order; "provisional" in the head until the
event is over. `c` goes through the categories, `T` through the tables, `p` opens the prize list,
`g` the categories, `l` draws the lots the ranking waits for (`core.final.changes.draw_lots`, one
transaction, journalled, as `arbiter draw-lots`). Names are shown whole: the name column is as wide
as the longest name (the table scrolls sideways if a name is longer than the screen).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.app import ComposeResult

from arbiter_tournament.core.event.model import Event, points_text
from arbiter_tournament.core.msg.cells import clean
from arbiter_tournament.core import commands as cmds  # (each command's module loaded when it is first made)

if TYPE_CHECKING:
    from arbiter_tournament.core.final.ranking import FinalRanking

from .. import actions
from ..actions import W, Action, Why, register, why
from ..i18n import tr
from ..widgets.keyed_table import KeyedTable, cell
from ..widgets.keys_bar import KeysBar
from ..widgets.progress import compute_for_event
from ..widgets.status import MessageLine, TextLine
from .base import ArbiterScreen
from .categories import CategoriesScreen  # noqa: F401 (g and Esc of this screen are its rows)
from .dialogs import ChoiceScreen
from .prizes import PrizesScreen  # noqa: F401 (p of this screen is its row)



_OVER: list = [None, False]  # (the event last asked about, whether it is over): the footer asks after every key


def _event_over(s) -> bool:
    """The footer offers the final ranking once the event is over (the key works before: provisional)."""
    from arbiter_tournament.core.final.ranking import is_finished

    e = s.event
    if _OVER[0] is not e:  # an event is never changed in place: a change is a new one
        _OVER[:] = [e, is_finished(e)]
    return _OVER[1]


def _final_tables(s) -> Why | None:
    return why("why_one_table") if s.arb.event.tables < 2 or s.ranking is None or s.ranking.teams else None


def _final_categories(s) -> Why | None:
    if s.ranking is not None and s.ranking.teams:
        return why("why_team_categories")
    return why("why_no_categories") if not s.arb.event.categories else None


def _final_lots(s) -> Why | None:
    """`l` in the final ranking: the event over, breaking ties by lot, a tie waiting for its lot."""
    fr, e = s.ranking, s.arb.event
    trophies = e.prize_trophies == "lot" and any(p.amount is None for p in e.prizes)  # (a trophy lot may wait)
    if e.share_places and not trophies:
        return why("why_lots_shared")
    if fr is None or not fr.finished:
        return why("why_lots_not_over")
    if not fr.pending and not trophies:
        return why("why_lots_none")
    return None


def open_final(screen) -> None:
    screen.app.push_screen(FinalScreen())


register(
    Action("final", ("F",), W("final ranking", "итоговые места"),
           W("The final ranking of the whole event (as it stands before the end), its lists by table and by "
             "category, the prizes", "Итоговые места всего турнира (до конца — предварительно), списки по столам и "
             "категориям, призы"),
           ("main",), open_final, footer=1, palette=True, footer_when=_event_over,
           group="view"),
    Action("final_category", ("c",), W("category", "категория"),
           W("The next category's list (after the last: every player)",
             "Список следующей категории (после последней — все участники)"),
           ("final",), "action_category", footer=1, palette=True, when=_final_categories, group="final"),
    Action("final_table", ("T",), W("table", "стол"),
           W("The next table's list (after the last: every table)", "Список следующего стола (после последнего — все)"),
           ("final",), "action_table", footer=2, palette=True, when=_final_tables, group="final"),
    Action("final_ties", ("t",), W("ties", "равенство"),
           W("Players equal after every tie-break: they share the place, or a lot decides (as the regulations say)",
             "Равенство по всем доп. показателям: участники делят место или решает жребий (как в регламенте)"),
           ("final",), "action_ties", palette=True, group="final"),
    Action("final_lots", ("l",), W("draw lots", "жребий"),
           W("Draw the lots the ranking waits for (players equal after every tie-break), once: recorded",
             "Бросить жребий, которого ждут итоговые места (равенство по всем доп. показателям), один раз: "
             "записывается"),
           ("final",), "action_draw_lots", footer=4, palette=True, when=_final_lots, group="final"),
)


class FinalScreen(ArbiterScreen):
    ACTION_SCOPE = "final"
    BINDINGS = actions.bindings("final")
    AUTO_FOCUS = "#final-table"

    def __init__(self) -> None:
        super().__init__()
        self.category: str | None = None  # the category whose list is shown (None: every player)
        self.table: int | None = None  # the table whose list is shown
        self.ranking: FinalRanking | None = None

    def compose(self) -> ComposeResult:
        yield TextLine(id="final-head", classes="panel-head")
        yield KeyedTable(id="final-table", right=("place", "id", "tbl", "pts", "overall"))
        yield TextLine(id="final-foot", classes="legend")
        yield MessageLine(id="final-msg")
        yield KeysBar()

    def on_mount(self) -> None:
        self.refresh_list()

    def event_changed(self, event: Event, outside=None, reopened=False) -> None:
        self.refresh_list()
        super().event_changed(event, outside, reopened)

    # -- what it shows -------------------------------------------------------------------------------
    def refresh_list(self) -> None:
        e = self.arb.event
        if self.category is not None and self.category.casefold() not in {c.name.casefold() for c in e.categories}:
            self.category = None  # removed meanwhile (another judge)

        def make(event: Event) -> FinalRanking:
            from arbiter_tournament.core.final.ranking import final_ranking  # (on opening, not on the first screen)

            return final_ranking(event)

        compute_for_event(self, make, lambda value: setattr(self, "ranking", value), group="final")

    def draw(self) -> None:
        L, e, fr = self.arb.lang, self.arb.event, self.ranking
        if fr is None:
            return
        from arbiter_tournament.core.formats.final import note, rows_for

        rows = self.attempt(rows_for, e, fr, category=self.category, table=self.table)
        if rows is None:
            self.category = self.table = None
            rows = list(fr.rows)
        narrowed = self.category is not None or self.table is not None
        tables = e.tables > 1 and self.table is None and not fr.teams
        cols = [("place", tr(L, "f_place")), ("id", tr(L, "id")), ("name", tr(L, "team") if fr.teams else tr(L, "name"))]
        if tables:
            cols.append(("tbl", tr(L, "table")))
        cols.append(("pts", tr(L, "pts")))
        if narrowed:
            cols.append(("overall", tr(L, "f_overall")))
        cols.append(("note", tr(L, "f_note")))
        out = []
        for r in rows:
            style = "bold green" if r.place == 1 and not r.shared else "yellow" if r.lot_pending else ""
            cells = [cell(r.place_text, style), cell(r.id), cell(clean(r.name), style)]
            if tables:
                cells.append(cell(r.table or ""))
            cells.append(cell(points_text(r.points)))
            if narrowed:
                cells.append(cell(r.overall))
            cells.append(cell(note(r, L), "yellow" if r.lot_pending else "dim"))
            out.append((str(r.id), tuple(cells)))
        self.query_one("#final-table", KeyedTable).sync(cols, out)
        head = Text(tr(L, "final_title") if fr.finished else tr(L, "final_provisional"), style="bold", no_wrap=True,
                    overflow="ellipsis")
        if self.table is not None:
            head.append(f" · {tr(L, 'k_table')} {self.table}")
        if self.category is not None:
            head.append(f" · {clean(self.category)}")
        head.append(" · " + tr(L, "final_count", n=len(rows)), style="dim")
        self.query_one("#final-head", TextLine).show(head)
        foot = []
        if any(r.lot_pending for r in rows):
            foot.append(tr(L, "final_lots_pending") + (" · " + tr(L, "final_lots_key") if self.applies("final_lots")
                                                       else ""))
        if any(r.by_lot for r in rows):
            foot.append(tr(L, "final_by_lot"))
        if fr.playoff == "under way":
            foot.append(tr(L, "final_playoff"))
        foot += [n.text(L) for n in fr.notes]  # a play-off that no longer applies
        line = self.query_one("#final-foot", TextLine)
        line.display = bool(foot)
        line.show(Text(" · ".join(foot), style="yellow" if any(r.lot_pending for r in rows) else "dim"), layout=True)

    # -- keys --------------------------------------------------------------------------------------
    def action_category(self) -> None:
        """The next category's list (after the last one: every player again)."""
        names = [c.name for c in self.arb.event.categories]
        i = names.index(self.category) if self.category in names else -1
        self.category = names[i + 1] if i + 1 < len(names) else None
        self.draw()
        self.say(tr(self.arb.lang, "final_all") if self.category is None else clean(self.category))

    def action_table(self) -> None:
        """The next table's list (after the last one: every table again)."""
        e = self.arb.event
        self.table = None if self.table is None and e.tables < 2 else (
            1 if self.table is None else self.table + 1 if self.table < e.tables else None)
        self.draw()
        self.say(tr(self.arb.lang, "final_all") if self.table is None else f"{tr(self.arb.lang, 'k_table')} {self.table}")

    def action_draw_lots(self) -> None:
        """Draw every lot the ranking waits for, once (asks first: it is recorded for good)."""
        from arbiter_tournament.core.final import changes

        draws = self.attempt(changes.pending_draws, self.arb.event)
        if draws is not None:
            self.draw_lots_asked(tuple(draws))

    @work(group="question")
    async def draw_lots_asked(self, draws: tuple) -> None:
        L = self.arb.lang
        from arbiter_tournament.core.final.changes import TROPHIES

        places = ", ".join(p.replace(TROPHIES, " " + tr(L, "final_lots_trophies")) for p, _ in draws)
        if not await self.ask_yes(tr(L, "final_lots_title"), tr(L, "final_lots_q", places=places),
                                  tr(L, "final_lots_yes")):
            self.say("")
            return
        if (await self.commit(cmds.DrawLots(draws))).saved:
            self.say(tr(L, "final_lots_drawn", places=places), "bold")

    def action_ties(self) -> None:
        """What the regulations say of players equal after every tie-break: shared places or a lot."""
        now = "shared" if self.arb.event.share_places else "lots"
        keys = {"s": "shared", "l": "lots"}
        self.ties_asked(now, keys)

    @work(group="question")
    async def ties_asked(self, now: str, keys: dict) -> None:
        L = self.arb.lang
        choice = await self.ask(ChoiceScreen(tr(L, "final_ties_title"), Text(tr(L, "final_ties_q")),
                                             [(k, tr(L, "final_ties_" + m)) for k, m in keys.items()],
                                             default={v: k for k, v in keys.items()}[now], classes="ask"))
        mode = keys.get(choice or "")
        if mode is None or mode == now:
            return
        if (await self.commit(cmds.SetTies(mode))).saved:
            self.say(tr(L, "final_ties_" + mode), "bold")

    def action_back(self) -> None:
        self.app.pop_screen()


def lots_waiting(s: FinalScreen) -> bool:
    fr = s.ranking
    return fr is not None and bool(fr.pending) and fr.finished and not s.arb.event.share_places
