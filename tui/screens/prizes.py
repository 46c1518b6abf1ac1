"""The prize list (from the final ranking's `p`, or the palette): each prize with its winner as the ranking
stands, and the form to add or change one.

What it shows is `core.final.prizes.prize_list` (as `arbiter prizes list`): the prize, its amount, who
receives it, his place and what he is paid after sharing; the line under the list says the highlighted
prize's category and how its money was shared. Keys (the action table's "prizes" scope): `a` add, `e`
edit (name, amount, category), `x` remove (asks first), `[` `]` move it up or down the list (the list's
order breaks ties of value), `s` how tied winners share money, `g` the categories. Each change is one
`core.final.changes` function in one transaction, journalled as on the command line.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult

from arbiter_tournament.core.errors import ArbiterError
from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.event.money import amount_text, parse_amount
from arbiter_tournament.core.msg.cells import clean
from arbiter_tournament.core import commands as cmds  # (each command's module loaded when it is first made)

if TYPE_CHECKING:
    from arbiter_tournament.core.final.prizes import PrizeList

from .. import actions
from ..actions import W, Action, Why, register, why
from ..i18n import tr
from ..widgets.keyed_table import KeyedTable, cell
from ..widgets.keys_bar import KeysBar
from ..widgets.progress import compute_for_event
from ..widgets.status import MessageLine, TextLine
from .base import ArbiterScreen
from .categories import CategoriesScreen  # noqa: F401 (g and Esc of this screen are its rows)
from . import prize_split  # noqa: F401 (d, the 704.4 split, is its row)
from .dialogs import ChoiceScreen, FormScreen, refusal



def _paid(w) -> str:
    """What a winner is paid from a prize (the cents, which add up to the prize's amount), or "" (a trophy)."""
    if w.amount is None:
        return ""
    return amount_text(Fraction(w.cents, 100) if w.cents is not None else w.amount)


def _prize(s) -> Why | None:
    return why("why_no_prize") if s.selected_prize() is None else None


def open_prizes(screen) -> None:
    screen.app.push_screen(PrizesScreen())


# the rows of the prize list; `p` opens it from the final ranking (its scope is here: final.py imports this)
register(
    Action("pz_add", ("a",), W("add", "добавить"), W("Add a prize (a form: name, amount, category)",
                                                     "Добавить приз (форма: название, сумма, категория)"),
           ("prizes",), "action_add", footer=1, palette=True, group="final"),
    Action("pz_edit", ("e",), W("edit", "изменить"), W("Change the prize under the cursor (name, amount, category)",
                                                       "Изменить выбранный приз (название, сумма, категория)"),
           ("prizes",), "action_edit", footer=2, palette=True, when=_prize, group="final"),
    Action("pz_remove", ("x",), W("remove", "удалить"), W("Remove the prize under the cursor (asks first)",
                                                          "Удалить выбранный приз (с подтверждением)"),
           ("prizes",), "action_remove", footer=3, palette=True, when=_prize, group="final"),
    Action("pz_up", ("left_square_bracket",), W("up", "выше"),
           W("Move the prize up the list (the list's order breaks ties of value)",
             "Переместить приз выше (порядок списка решает при равной ценности)"),
           ("prizes",), "action_move", (-1,), when=_prize, group="final"),
    Action("pz_down", ("right_square_bracket",), W("down", "ниже"), W("Move the prize down the list",
                                                                       "Переместить приз ниже"),
           ("prizes",), "action_move", (1,), when=_prize, group="final"),
    Action("pz_sharing", ("s",), W("sharing", "раздел"),
           W("How players equal on points share money: none, equal, Hort system, winners only",
             "Как участники с равными очками делят деньги: не делят, поровну, по системе Хорта, только призёры"),
           ("prizes",), "action_sharing", footer=4, palette=True, group="final"),
    Action("pz_trophies", ("t",), W("trophies", "кубки"),
           W("A trophy at a shared place: by the Swiss order or by lot (drawn once, l in the final ranking)",
             "Кубок на разделённом месте: по швейцарскому порядку или по жребию (один раз, l в итоговых местах)"),
           ("prizes",), "action_trophies", palette=True, group="final"),
    Action("final_prizes", ("p",), W("prizes", "призы"),
           W("The prize list", "Призы"), ("final",), open_prizes, footer=3,
           group="final"),
    Action("prizes", (), W("prizes", "призы"),
           W("The prize list: who receives which prize; add and change prizes",
             "Призы: кто какой приз получает; добавить и изменить призы"),
           ("main", "final"), open_prizes, palette=True, group="change"),
)


class PrizesScreen(ArbiterScreen):
    ACTION_SCOPE = "prizes"
    BINDINGS = actions.bindings("prizes")
    AUTO_FOCUS = "#prizes-table"

    def __init__(self) -> None:
        super().__init__()
        self.list: PrizeList | None = None

    def compose(self) -> ComposeResult:
        yield TextLine(id="prizes-head", classes="panel-head")
        yield KeyedTable(id="prizes-table", right=("n", "amount", "place", "receives"))
        yield TextLine(id="prizes-detail", classes="legend")
        yield MessageLine(id="prizes-msg")
        yield KeysBar()

    def on_mount(self) -> None:
        self.refresh_list()

    def event_changed(self, event: Event, outside=None, reopened=False) -> None:
        self.refresh_list()
        super().event_changed(event, outside, reopened)

    def refresh_list(self) -> None:
        def make(event: Event):
            from arbiter_tournament.core.final.prizes import prize_list  # (on opening, not on the first screen)

            return prize_list(event)

        compute_for_event(self, make, lambda value: setattr(self, "list", value), group="prizes")

    def draw(self) -> None:
        L, pl = self.arb.lang, self.list
        if pl is None:
            return
        rows = {r.id: r for r in pl.ranking.rows}
        cols = [("n", "#"), ("prize", tr(L, "pz_prize")), ("amount", tr(L, "pz_amount")),
                ("winner", tr(L, "pz_winner")), ("place", tr(L, "f_place")), ("receives", tr(L, "pz_receives"))]
        out = []
        for a in pl.awards:
            amount = amount_text(a.prize.amount) if a.prize.amount is not None else ""
            if not a.winners:
                word = tr(L, "pz_lot_pending" if a.why == "lot_pending" else "pz_not_awarded" if a.why else "pz_nobody")
                out.append((f"{a.index}", (cell(a.index), cell(clean(a.prize.name)), cell(amount),
                                           cell(word, "dim"), cell(""), cell(""))))
            for k, w in enumerate(a.winners):
                r = rows.get(w.id)
                who = f"{clean(r.name)} ({w.id})" if r else str(w.id)
                paid = _paid(w)
                first = k == 0
                out.append((f"{a.index}" if first else f"{a.index}.{w.id}",
                            (cell(a.index if first else ""), cell(clean(a.prize.name) if first else ""),
                             cell(amount if first else ""), cell(who, "bold" if first else ""),
                             cell(r.place_text if r else ""), cell(paid, "yellow" if w.how else ""))))
        self.query_one("#prizes-table", KeyedTable).sync(cols, out)
        head = Text(tr(L, "pz_title") if pl.finished else tr(L, "pz_provisional"), style="bold", no_wrap=True,
                    overflow="ellipsis")
        head.append(f" · {tr(L, 'pz_sharing_' + pl.sharing)}", style="dim")
        self.query_one("#prizes-head", TextLine).show(head)
        self.show_detail()

    def selected_winner(self) -> int | None:
        """The id of the winner under the cursor (the first of a prize on its first row), or None."""
        key = self.query_one("#prizes-table", KeyedTable).selected_key
        if key is None or self.list is None:
            return None
        n, _, pid = key.partition(".")
        if pid:
            return int(pid)
        a = self.list.awards[int(n) - 1] if int(n) <= len(self.list.awards) else None
        return a.winners[0].id if a is not None and a.winners else None

    def selected_prize(self) -> int | None:
        """The 1-based number of the prize under the cursor (a row of a co-winner belongs to its prize)."""
        key = self.query_one("#prizes-table", KeyedTable).selected_key
        if key is None:
            return None
        n = int(key.split(".")[0])
        return n if 1 <= n <= len(self.arb.event.prizes) else None

    def show_detail(self) -> None:
        """Under the list: the highlighted prize's category and how its money is shared."""
        L, pl, n = self.arb.lang, self.list, self.selected_prize()
        line = self.query_one("#prizes-detail", TextLine)
        if pl is None or n is None or n > len(pl.awards):
            line.show(Text(tr(L, "pz_empty") if pl is not None and not pl.awards else "", style="dim"), layout=True)
            return
        a = pl.awards[n - 1]
        bits = [tr(L, "pz_category", name=clean(a.prize.category)) if a.prize.category else tr(L, "pz_everyone")]
        from arbiter_tournament.core.formats.final import how_text, why_text

        hows = {how_text(w, L) for w in a.winners if w.how}
        bits += sorted(hows)
        if a.why:
            bits.append(why_text(a, L))
        pid = self.selected_winner()
        parts = [w.cents for b in pl.awards for w in b.winners if w.id == pid and w.cents is not None]
        if len(parts) > 1:  # paid from several prizes: his money in all
            row = next((r for r in pl.ranking.rows if r.id == pid), None)
            bits.append(tr(L, "pz_in_all", name=clean(row.name) if row else str(pid),
                           amount=amount_text(Fraction(sum(parts), 100))))
        line.show(Text(" · ".join(bits), style="dim"), layout=True)

    @on(KeyedTable.Highlighted)
    def _highlighted(self, m: KeyedTable.Highlighted) -> None:
        self.show_detail()
        self.keys_changed()

    # -- changes (flows: a worker of the screen asks, then commits) -------------------------------------
    async def ask_prize(self, title: str, name: str = "", amount: str = "", category: str = "",
                        make: Callable[[str, Fraction | None, str], Any] | None = None
                        ) -> tuple[str, Fraction | None, str] | None:
        """The form of a prize: (its name, its amount, its category), or None. A value refused (the amount, or
        the command `make(name, amount, category)` refused) keeps the form open with what was typed, the field
        named."""
        L = self.arb.lang
        cats = ", ".join(c.name for c in self.arb.event.categories)
        fields = [("name", tr(L, "pz_f_name"), name), ("amount", tr(L, "pz_f_amount"), amount),
                  ("category", tr(L, "pz_f_category") + (f" ({clean(cats)})" if cats else ""), category)]

        def read(v: dict) -> tuple[str, Fraction | None, str]:
            text = v.get("amount", "").strip()
            return v.get("name", "").strip(), parse_amount(text) if text else None, v.get("category", "").strip()

        def check(v: dict) -> tuple[str | None, str] | None:
            try:
                got = read(v)
            except ArbiterError as exc:
                return "amount", message(exc, L)
            why_not = make(*got).why_not(self.arb.event) if make is not None else None
            if why_not is not None:
                return refusal(why_not, ("name", "amount", "category")) or "name", why_not.text(L)
            return None

        v = await self.ask(FormScreen(title, fields, hint=tr(L, "pz_f_hint"), check=check))
        return None if v is None else read(v)

    @work(group="question")
    async def action_add(self) -> None:
        got = await self.ask_prize(tr(self.arb.lang, "pz_add"), make=cmds.AddPrize)
        if got is None:
            return
        name, amount, category = got
        change = await self.commit(cmds.AddPrize(name, amount, category))
        if change.saved:
            self.added(change.result, name)

    def added(self, new: Event, name: str) -> None:
        n = 1 + [p.name.casefold() for p in new.prizes].index(name.casefold())
        self.query_one("#prizes-table", KeyedTable).select_key(str(n))
        self.say(tr(self.arb.lang, "pz_added", name=clean(name), n=n), "bold")

    def action_edit(self) -> None:
        n = self.selected_prize()
        if n is not None:
            self.edit_asked(self.arb.event.prizes[n - 1])

    @work(group="question")
    async def edit_asked(self, p) -> None:
        L = self.arb.lang
        got = await self.ask_prize(tr(L, "pz_edit"), p.name, amount_text(p.amount) if p.amount is not None else "",
                                   p.category, make=lambda n, a, c: cmds.EditPrize(p.name, a, c, new_name=n))
        if got is None:
            return
        name, amount, category = got
        if (await self.commit(cmds.EditPrize(p.name, amount, category, new_name=name))).saved:
            self.say(tr(L, "pz_saved", name=clean(name)), "bold")

    def action_remove(self) -> None:
        n = self.selected_prize()
        if n is not None:
            self.remove_asked(self.arb.event.prizes[n - 1])

    @work(group="question")
    async def remove_asked(self, p) -> None:
        L = self.arb.lang
        if not await self.ask_yes(tr(L, "pz_remove"), tr(L, "pz_remove_q", name=clean(p.name))):
            return
        if (await self.commit(cmds.RemovePrize(p.name))).saved:
            self.say(tr(L, "pz_removed", name=clean(p.name)))

    def action_move(self, delta: int) -> None:
        n = self.selected_prize()
        if n is None:
            return
        to = n + delta
        if not 1 <= to <= len(self.arb.event.prizes):
            return
        p = self.arb.event.prizes[n - 1]
        self.commit(cmds.MovePrize(p.name, to)).then(
            lambda change: self.query_one("#prizes-table", KeyedTable).select_key(str(to)))

    @work(group="question")
    async def action_sharing(self) -> None:
        L = self.arb.lang
        now = self.arb.event.prize_sharing
        keys = {"n": "none", "e": "equal", "h": "hort", "w": "winners"}
        choice = await self.ask(ChoiceScreen(tr(L, "pz_sharing_title"), Text(tr(L, "pz_sharing_q")),
                                             [(k, tr(L, "pz_sharing_" + m)) for k, m in keys.items()],
                                             default={v: k for k, v in keys.items()}[now], classes="ask"))
        mode = keys.get(choice or "")
        if mode is None or mode == now:
            return
        if (await self.commit(cmds.SetPrizeSharing(mode))).saved:
            self.say(tr(L, "pz_sharing_" + mode), "bold")

    @work(group="question")
    async def action_trophies(self) -> None:
        L = self.arb.lang
        now = self.arb.event.prize_trophies
        keys = {"o": "order", "l": "lot"}
        choice = await self.ask(ChoiceScreen(tr(L, "pz_trophies_title"), Text(tr(L, "pz_trophies_q")),
                                             [(k, tr(L, "pz_trophies_" + m)) for k, m in keys.items()],
                                             default={v: k for k, v in keys.items()}[now], classes="ask"))
        how = keys.get(choice or "")
        if how is None or how == now:
            return
        if (await self.commit(cmds.SetPrizeTrophies(how))).saved:
            self.say(tr(L, "pz_trophies_" + how), "bold")

    def action_back(self) -> None:
        self.app.pop_screen()
