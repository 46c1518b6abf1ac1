"""The categories (from the final ranking's or the prize list's `g`, or the palette): named filters of players
for the ranking lists and the prizes, and the form to add or change one.

Each row is a category (`core.final.categories`): its name, its conditions in words and how many
players it has. Keys (the action table's "categories" scope): `a` add, `e` edit (name and
conditions), `x` remove (asks first; refused while a prize is of it), `[` `]` move it up or down.
The form's fields are the command line's options (`arbiter categories add`): rating from, rating
below, born from, born to (years), sex (f or m), unrated (y), club, table; empty: no condition.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult

from arbiter.core.event.model import Category, Event
from arbiter.core.commands import AddCategory, Conditions, EditCategory, MoveCategory, RemoveCategory
from arbiter.core.final.categories import members
from arbiter.core.formats.final import conditions_text
from arbiter.core.msg.cells import clean

from .. import actions
from ..i18n import tr
from ..widgets.keyed_table import KeyedTable, cell
from ..widgets.keys_bar import KeysBar
from ..widgets.status import MessageLine, TextLine
from .base import ArbiterScreen
from .dialogs import ChoiceScreen, FormScreen

# the form's fields: (key, word of tui/i18n.py, the Category field, kind)
FIELDS = (("rating_from", "cat_f_rating_from", "int"), ("rating_below", "cat_f_rating_below", "int"),
          ("born_from", "cat_f_born_from", "int"), ("born_to", "cat_f_born_to", "int"), ("sex", "cat_f_sex", "sex"),
          ("unrated", "cat_f_unrated", "yes"), ("club", "cat_f_club", "text"), ("table", "cat_f_table", "int"))
YES = ("y", "yes", "д", "да", "1")


class CategoriesScreen(ArbiterScreen):
    ACTION_SCOPE = "categories"
    BINDINGS = actions.bindings("categories")
    AUTO_FOCUS = "#categories-table"

    def compose(self) -> ComposeResult:
        yield TextLine(id="categories-head", classes="panel-head")
        yield KeyedTable(id="categories-table", right=("n", "players"))
        yield MessageLine(id="categories-msg")
        yield KeysBar()

    def on_mount(self) -> None:
        self.refresh_list()

    def event_changed(self, event: Event, outside=None, reopened=False) -> None:
        self.refresh_list()
        super().event_changed(event, outside, reopened)

    def refresh_list(self) -> None:
        L, e = self.arb.lang, self.arb.event
        cols = [("n", "#"), ("name", tr(L, "cat_name")), ("cond", tr(L, "cat_conditions")),
                ("players", tr(L, "cat_players"))]
        rows = [(c.name.casefold(), (cell(i), cell(clean(c.name), "bold"), cell(conditions_text(c, L)),
                                     cell(len(members(e, c)))))
                for i, c in enumerate(e.categories, start=1)]
        self.query_one("#categories-table", KeyedTable).sync(cols, rows)
        head = Text(tr(L, "cat_title"), style="bold", no_wrap=True, overflow="ellipsis")
        head.append(f" · {len(rows)}" if rows else f" · {tr(L, 'cat_none')}", style="dim")
        self.query_one("#categories-head", TextLine).show(head)

    def selected(self) -> Category | None:
        key = self.query_one("#categories-table", KeyedTable).selected_key
        for c in self.arb.event.categories:
            if c.name.casefold() == key:
                return c
        return None

    # -- changes --------------------------------------------------------------------------------------
    def _form(self, title: str, c: Category | None, then) -> None:
        L = self.arb.lang

        def shown(key: str) -> str:
            if c is None:
                return ""
            v = getattr(c, key)
            if key == "unrated":
                return tr(L, "cat_yes") if v else ""
            return "" if v in (None, "") else str(v)

        fields = [("name", tr(L, "cat_f_name"), c.name if c else "")]
        fields += [(key, tr(L, word), shown(key)) for key, word, _ in FIELDS]

        def done(v: dict | None) -> None:
            if v is None:
                return
            conds: dict = {}
            for key, _word, kind in FIELDS:
                text = v.get(key, "").strip()
                if kind == "int":
                    if text and not (text.isascii() and text.isdigit() and len(text) <= 6):
                        self.say_error(tr(L, "not_number", text=clean(text)))
                        return
                    conds[key] = int(text) if text else None
                elif kind == "yes":
                    conds[key] = text.casefold() in YES
                elif kind == "sex":
                    conds[key] = {"ж": "f", "м": "m", "w": "f"}.get(text.casefold()[:1], text.casefold()[:1])
                else:
                    conds[key] = text
            then(v.get("name", "").strip(), conds)

        self.app.push_screen(FormScreen(title, fields, hint=tr(L, "cat_f_hint")), done)

    def action_add(self) -> None:
        L = self.arb.lang

        def add(name: str, conds: dict) -> None:
            self.run_change(AddCategory(name, Conditions(**conds)),
                            then=lambda new: self.done(tr(L, "cat_added", name=clean(name)), name))

        self._form(tr(L, "cat_add"), None, add)

    def action_edit(self) -> None:
        L = self.arb.lang
        c = self.selected()
        if c is None:
            return

        def edit(name: str, conds: dict) -> None:
            self.run_change(EditCategory(c.name, Conditions(**conds), new_name=name),
                            then=lambda new: self.done(tr(L, "cat_saved", name=clean(name)), name))

        self._form(tr(L, "cat_edit"), c, edit)

    def done(self, said: str, name: str) -> None:
        self.query_one("#categories-table", KeyedTable).select_key(name.casefold())
        self.say(said, "bold")

    def action_remove(self) -> None:
        L = self.arb.lang
        c = self.selected()
        if c is None:
            return

        def answered(choice: str | None) -> None:
            if choice == "y":
                self.run_change(RemoveCategory(c.name),
                                then=lambda new: self.say(tr(L, "cat_removed", name=clean(c.name))))

        self.app.push_screen(ChoiceScreen(tr(L, "cat_remove"), Text(tr(L, "cat_remove_q", name=clean(c.name))),
                                          [("y", tr(L, "yes")), ("n", tr(L, "no"))], default="n", classes="ask"),
                             answered)

    def action_move(self, delta: int) -> None:
        c = self.selected()
        if c is None:
            return
        names = [x.name for x in self.arb.event.categories]
        to = names.index(c.name) + 1 + delta
        if not 1 <= to <= len(names):
            return
        self.run_change(MoveCategory(c.name, to),
                        then=lambda new: self.query_one("#categories-table", KeyedTable).select_key(c.name.casefold()))

    def action_back(self) -> None:
        self.app.pop_screen()

