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
from textual import work
from textual.app import ComposeResult

from arbiter_tournament.core.event.model import Category, Event
from arbiter_tournament.core import commands as cmds  # (each command's module loaded when it is first made)
from arbiter_tournament.core import limits
from arbiter_tournament.core.errors import InvalidNumber
from arbiter_tournament.core.msg.cells import clean

from .. import actions
from ..actions import W, Action, Why, register, why
from ..i18n import tr
from ..widgets.keyed_table import KeyedTable, cell
from ..widgets.keys_bar import KeysBar
from ..widgets.status import MessageLine, TextLine
from .base import ArbiterScreen
from .dialogs import refusal
from .form_fit import FittedForm

# the form's fields: (key, word of tui/i18n.py, the Category field, kind)
FIELDS = (("rating_from", "cat_f_rating_from", "int"), ("rating_below", "cat_f_rating_below", "int"),
          ("born_from", "cat_f_born_from", "int"), ("born_to", "cat_f_born_to", "int"), ("sex", "cat_f_sex", "sex"),
          ("unrated", "cat_f_unrated", "yes"), ("club", "cat_f_club", "text"), ("table", "cat_f_table", "int"))
YES = ("y", "yes", "д", "да", "1")


def _category(s) -> Why | None:
    return why("why_no_category") if s.selected() is None else None


def open_categories(screen) -> None:
    screen.app.push_screen(CategoriesScreen())


# the rows of the categories screen; `g` opens it from the final ranking and the prize list (their scopes are
# here: those screens import this one), and Esc goes back from all three end-of-event screens
register(
    Action("cat_add", ("a",), W("add", "добавить"),
           W("Add a category (a form: name and conditions)", "Добавить категорию (форма: название и условия)"),
           ("categories",), "action_add", footer=1, palette=True, group="final"),
    Action("cat_edit", ("e",), W("edit", "изменить"), W("Change the category under the cursor",
                                                        "Изменить выбранную категорию"),
           ("categories",), "action_edit", footer=2, palette=True, when=_category, group="final"),
    Action("cat_remove", ("x",), W("remove", "удалить"),
           W("Remove the category under the cursor (asks first; not while a prize is of it)",
             "Удалить выбранную категорию (с подтверждением; нельзя, пока есть её призы)"),
           ("categories",), "action_remove", footer=3, palette=True, when=_category, group="final"),
    Action("cat_up", ("left_square_bracket",), W("up", "выше"), W("Move the category up the list",
                                                                   "Переместить категорию выше"),
           ("categories",), "action_move", (-1,), when=_category, group="final"),
    Action("cat_down", ("right_square_bracket",), W("down", "ниже"), W("Move the category down the list",
                                                                       "Переместить категорию ниже"),
           ("categories",), "action_move", (1,), when=_category, group="final"),
    Action("categories", (), W("categories", "категории"),
           W("The categories of players (rating, year of birth, sex ...): add and change them",
             "Категории участников (рейтинг, год рождения, пол ...): добавить и изменить"),
           ("main",), open_categories, palette=True, group="change"),
    Action("final_categories", ("g",), W("categories", "категории"),
           W("The categories: add and change them", "Категории: добавить и изменить"),
           ("final", "prizes"), open_categories, footer=5, palette=True,
           group="final"),
    Action("final_back", ("escape",), W("back", "назад"), W("Back", "Назад"),
           ("final", "prizes", "categories"), "action_back", footer=9, palette=True, group="final"),
)



class NumberField(ValueError):
    """A field typed as a number that is not one: `field` is its name, `error` says why (`limits.whole`)."""

    def __init__(self, field: str, error: InvalidNumber) -> None:
        super().__init__(field)
        self.field, self.error = field, error


def read(v: dict) -> tuple[str, dict]:
    """The form's values as (the category's name, its conditions); `NumberField` for a number that is not one."""
    conds: dict = {}
    for key, _word, kind in FIELDS:
        text = v.get(key, "").strip()
        if kind == "int":
            try:
                conds[key] = limits.whole(text, most=6) if text else None
            except InvalidNumber as exc:
                raise NumberField(key, exc) from None
        elif kind == "yes":
            conds[key] = text.casefold() in YES
        elif kind == "sex":
            conds[key] = {"ж": "f", "м": "m", "w": "f"}.get(text.casefold()[:1], text.casefold()[:1])
        else:
            conds[key] = text
    return v.get("name", "").strip(), conds


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
        from arbiter_tournament.core.final.categories import members  # (on opening: not on the way to the first screen)
        from arbiter_tournament.core.formats.final import conditions_text

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

    # -- changes (flows: a worker of the screen asks, then commits) -------------------------------------
    async def ask_category(self, title: str, c: Category | None, make=None) -> tuple[str, dict] | None:
        """The form of a category: (its name, its conditions as `Conditions` takes them), or None. A value refused
        (a number that is not one, or the command `make(name, conditions)` refused) keeps the form open with what
        was typed, the field named."""
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

        def check(v: dict) -> tuple[str | None, str] | None:
            try:
                name, conds = read(v)
            except NumberField as exc:
                return exc.field, exc.error.text(L)
            why_not = make(name, conds).why_not(self.arb.event) if make is not None else None
            if why_not is not None:
                return refusal(why_not, [k for k, _, _ in fields]) or "name", why_not.text(L)
            return None

        v = await self.ask(FittedForm(title, fields, hint=tr(L, "cat_f_hint"), check=check))  # (above the footer)
        return None if v is None else read(v)


    @work(group="question")
    async def action_add(self) -> None:
        L = self.arb.lang
        got = await self.ask_category(tr(L, "cat_add"), None,
                                      make=lambda n, conds: cmds.AddCategory(n, cmds.Conditions(**conds)))
        if got is None:
            return
        name, conds = got
        if (await self.commit(cmds.AddCategory(name, cmds.Conditions(**conds)))).saved:
            self.done(tr(L, "cat_added", name=clean(name)), name)

    def action_edit(self) -> None:
        c = self.selected()
        if c is not None:
            self.edit_asked(c)

    @work(group="question")
    async def edit_asked(self, c: Category) -> None:
        L = self.arb.lang
        got = await self.ask_category(tr(L, "cat_edit"), c, make=lambda n, conds: cmds.EditCategory(
            c.name, cmds.Conditions(**conds), new_name=n))
        if got is None:
            return
        name, conds = got
        if (await self.commit(cmds.EditCategory(c.name, cmds.Conditions(**conds), new_name=name))).saved:
            self.done(tr(L, "cat_saved", name=clean(name)), name)

    def done(self, said: str, name: str) -> None:
        self.query_one("#categories-table", KeyedTable).select_key(name.casefold())
        self.say(said, "bold")

    def action_remove(self) -> None:
        c = self.selected()
        if c is not None:
            self.remove_asked(c)

    @work(group="question")
    async def remove_asked(self, c: Category) -> None:
        L = self.arb.lang
        if not await self.ask_yes(tr(L, "cat_remove"), tr(L, "cat_remove_q", name=clean(c.name))):
            return
        if (await self.commit(cmds.RemoveCategory(c.name))).saved:
            self.say(tr(L, "cat_removed", name=clean(c.name)))

    def action_move(self, delta: int) -> None:
        c = self.selected()
        if c is None:
            return
        names = [x.name for x in self.arb.event.categories]
        to = names.index(c.name) + 1 + delta
        if not 1 <= to <= len(names):
            return
        self.commit(cmds.MoveCategory(c.name, to)).then(
            lambda change: self.query_one("#categories-table", KeyedTable).select_key(c.name.casefold()))

    def action_back(self) -> None:
        self.app.pop_screen()

