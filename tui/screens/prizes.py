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

from rich.text import Text
from textual.app import ComposeResult

from arbiter.core.errors import ArbiterError, message
from arbiter.core.event.model import Event
from arbiter.core.event.money import amount_text, parse_amount
from arbiter.core.final.prizes import PrizeList, prize_list
from arbiter.core.formats.final import how_text
from arbiter.core.msg.cells import clean
from arbiter.core.commands import AddPrize, EditPrize, MovePrize, RemovePrize, SetPrizeSharing

from .. import actions
from ..i18n import tr
from ..widgets.keyed_table import KeyedTable, cell
from ..widgets.keys_bar import KeysBar
from ..widgets.progress import compute
from ..widgets.status import MessageLine, TextLine
from .base import ArbiterScreen
from .dialogs import ChoiceScreen, FormScreen

BIG = 400


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
        e = self.arb.event

        def done(result) -> None:
            if isinstance(result, ArbiterError):
                self.say_error(message(result, self.arb.lang))
                return
            if self.arb.event is e:
                self.list = result
                self.draw()
                self.keys_changed()

        def work():
            try:
                return prize_list(e)
            except ArbiterError as exc:
                return exc

        compute(self, work, done, background=len(e.players) >= BIG, group="prizes")

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
                out.append((f"{a.index}", (cell(a.index), cell(clean(a.prize.name)), cell(amount),
                                           cell(tr(L, "pz_nobody"), "dim"), cell(""), cell(""))))
            for k, w in enumerate(a.winners):
                r = rows.get(w.id)
                who = f"{clean(r.name)} ({w.id})" if r else str(w.id)
                paid = amount_text(w.amount) if w.amount is not None else ""
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
        hows = {how_text(w, L) for w in a.winners if w.how}
        bits += sorted(hows)
        line.show(Text(" · ".join(bits), style="dim"), layout=True)

    def on_keyed_table_highlighted(self, m) -> None:
        self.show_detail()
        self.keys_changed()

    # -- changes -------------------------------------------------------------------------------------
    def _form(self, title: str, name: str = "", amount: str = "", category: str = "", then=None) -> None:
        L = self.arb.lang
        cats = ", ".join(c.name for c in self.arb.event.categories)
        fields = [("name", tr(L, "pz_f_name"), name), ("amount", tr(L, "pz_f_amount"), amount),
                  ("category", tr(L, "pz_f_category") + (f" ({clean(cats)})" if cats else ""), category)]

        def done(v: dict | None) -> None:
            if v is None:
                return
            text = v.get("amount", "").strip()
            try:
                amount_value = parse_amount(text) if text else None
            except ArbiterError as exc:
                self.say_error(message(exc, L))
                return
            then(v.get("name", "").strip(), amount_value, v.get("category", "").strip())

        self.app.push_screen(FormScreen(title, fields, hint=tr(L, "pz_f_hint")), done)

    def action_add(self) -> None:
        L = self.arb.lang

        def add(name: str, amount: Fraction | None, category: str) -> None:
            self.run_change(AddPrize(name, amount, category), then=lambda new: self.added(new, name))

        self._form(tr(L, "pz_add"), then=add)

    def added(self, new: Event, name: str) -> None:
        n = 1 + [p.name.casefold() for p in new.prizes].index(name.casefold())
        self.query_one("#prizes-table", KeyedTable).select_key(str(n))
        self.say(tr(self.arb.lang, "pz_added", name=clean(name), n=n), "bold")

    def action_edit(self) -> None:
        L = self.arb.lang
        n = self.selected_prize()
        if n is None:
            return
        p = self.arb.event.prizes[n - 1]

        def edit(name: str, amount: Fraction | None, category: str) -> None:
            self.run_change(EditPrize(p.name, amount, category, new_name=name),
                            then=lambda new: self.say(tr(L, "pz_saved", name=clean(name)), "bold"))

        self._form(tr(L, "pz_edit"), p.name, amount_text(p.amount) if p.amount is not None else "", p.category,
                   then=edit)

    def action_remove(self) -> None:
        L = self.arb.lang
        n = self.selected_prize()
        if n is None:
            return
        p = self.arb.event.prizes[n - 1]

        def answered(choice: str | None) -> None:
            if choice == "y":
                self.run_change(RemovePrize(p.name),
                                then=lambda new: self.say(tr(L, "pz_removed", name=clean(p.name))))

        self.app.push_screen(ChoiceScreen(tr(L, "pz_remove"), Text(tr(L, "pz_remove_q", name=clean(p.name))),
                                          [("y", tr(L, "yes")), ("n", tr(L, "no"))], default="n", classes="ask"),
                             answered)

    def action_move(self, delta: int) -> None:
        n = self.selected_prize()
        if n is None:
            return
        to = n + delta
        if not 1 <= to <= len(self.arb.event.prizes):
            return
        p = self.arb.event.prizes[n - 1]
        self.run_change(MovePrize(p.name, to),
                        then=lambda new: self.query_one("#prizes-table", KeyedTable).select_key(str(to)))

    def action_sharing(self) -> None:
        L = self.arb.lang
        now = self.arb.event.prize_sharing
        keys = {"n": "none", "e": "equal", "h": "hort"}

        def answered(choice: str | None) -> None:
            mode = keys.get(choice or "")
            if mode is None or mode == now:
                return
            self.run_change(SetPrizeSharing(mode),
                            then=lambda new: self.say(tr(L, "pz_sharing_" + mode), "bold"))

        self.app.push_screen(ChoiceScreen(tr(L, "pz_sharing_title"), Text(tr(L, "pz_sharing_q")),
                                          [(k, tr(L, "pz_sharing_" + m)) for k, m in keys.items()],
                                          default={v: k for k, v in keys.items()}[now], classes="ask"), answered)

    def action_back(self) -> None:
        self.app.pop_screen()
