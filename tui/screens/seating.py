"""Players to tables before they are saved: the plan of `core.event.seating`, by rating or by lot.

`d` on the players screen (and the palette) deals every player again; the
import of a CSV without a table column into an event of several tables
shows the same preview of the players it adds. The screen shows each table
(its players by rating, their number, average rating and club-mate pairs,
the players the plan seats anew marked `*`); `r` / `l` show the plan by
rating (a snake) or by lot (the event's `lots_seed`), `y` saves it, `n` or
Esc cancels. What it saves is the same command applied again in the save's
transaction (`SeatPlayers` / `ImportPlayers`), so a plan
shown is the plan saved unless another judge changed the players meanwhile.
"""

from __future__ import annotations

from typing import Callable

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll

from textual.widgets import Label, Static

from arbiter_tournament.core import commands as cmds  # (each command's module loaded when it is first made)
from arbiter_tournament.core.errors import ArbiterError
from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice
from arbiter_tournament.core.msg.cells import clean, fit, pad
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.event.seating import table_summary

from .. import actions
from ..actions import W, Action, Why, register, why, why_core
from ..i18n import tr
from .dialogs import Dialog

def _distribute(s) -> Why | None:
    """Players to tables: an event of several tables, before any table has paired a round
    (`core.commands.SeatPlayers`)."""
    e = s.arb.event
    if e.tables < 2:
        return why("why_one_table")
    if not e.players:
        return why("why_no_players")
    return why_core(cmds.SeatPlayers(everyone=True).why_not(e))


def _seat_save(v) -> Why | None:
    return why("why_engine_text", text=v.error) if v.error is not None else None


def distribute(screen) -> None:
    """Deal every player to the tables again (before round 1): the plan first, saved on y (`SeatPlayers`)."""
    seat_asked(screen)


register(
    Action("distribute_main", (), W("players to tables", "рассадка по столам"),
           W("Players to tables: a snake by rating or by lot, shown before it is saved",
             "Рассадка участников по столам: змейкой по рейтингу или по жребию, с просмотром до сохранения"),
           ("main",), distribute, palette=True, when=_distribute, team=False),
    Action("pl_distribute", ("d",), W("to tables", "по столам"),
           W("Players to tables: a snake by rating or by lot, shown before it is saved",
             "Рассадка участников по столам: змейкой по рейтингу или по жребию, с просмотром до сохранения"),
           ("players",), distribute, footer=6, palette=True, when=_distribute, group="players", team=False),
    Action("seat_rating", ("r",), W("by rating", "по рейтингу"),
           W("The tables by rating: a snake (1 2 3 3 2 1 ...), club-mates apart where possible",
             "Столы по рейтингу: змейкой (1 2 3 3 2 1 ...), одноклубники по возможности за разными столами"),
           ("seating",), "choose", ("rating",), group="players"),
    Action("seat_lots", ("l",), W("by lot", "по жребию"),
           W("The tables by lot (the event's lots seed), club-mates apart where possible",
             "Столы по жребию (зерно жребия турнира), одноклубники по возможности за разными столами"),
           ("seating",), "choose", ("lots",), group="players"),
    Action("seat_save", ("y",), W("save", "сохранить"), W("Save the tables shown", "Сохранить показанную рассадку"),
           ("seating",), "save", when=_seat_save, group="players"),
    Action("seat_cancel", ("n", "escape"), W("cancel", "отмена"), W("Cancel: nothing is saved",
                                                                     "Отмена: ничего не сохраняется"),
           ("seating",), "cancel", group="players"),
)

COLUMN = 37  # one table's column: "  12 Name, First       2230 Club    *", two side by side in 80 columns


def tables_text(before: Event, after: Event, lang: str, width: int = 76) -> Text:
    """Each table of `after`: two summary lines, then its players by rating (`*`: seated anew); tables side by
    side as many as fit in `width`."""
    blocks: list[list[tuple[str, str]]] = []
    old = {p.id: p.table for p in before.players}
    for t, n, avg, clashes in table_summary(after):
        lines = [(tr(lang, "seat_table", t=t, n=n), "bold"), (tr(lang, "seat_table_more", avg=avg, c=clashes), "dim")]
        for p in sorted((p for p in after.players if p.table == t), key=lambda p: (-p.rating, p.id)):
            mark = "*" if p.id in old and old[p.id] != p.table else " "  # (a player just imported: no mark)
            lines.append((f"{p.id:>4} {pad(fit(p.name, 17), 17)} {p.rating or '':>4} {pad(fit(p.club, 7), 7)}{mark}", ""))
        blocks.append(lines)
    per_row = max(1, (width + 1) // (COLUMN + 1))
    out = Text()
    for i in range(0, len(blocks), per_row):
        group = blocks[i:i + per_row]
        for j in range(max(len(b) for b in group)):
            for k, block in enumerate(group):
                text, style = block[j] if j < len(block) else ("", "")
                out.append(pad(fit(clean(text), COLUMN), COLUMN), style=style)
                if k + 1 < len(group):
                    out.append(" ")
            out.append("\n")
        out.append("\n")
    return out


class SeatingScreen(actions.Scoped, Dialog):
    """Answers the method to save ("rating" or "lots"), or None. Its keys are the action table's "seating"."""

    ACTION_SCOPE = "seating"
    AUTO_FOCUS = ".dialog-body"
    BINDINGS = actions.bindings("seating")

    def __init__(self, before: Event, plan: Callable[[str], Event], lang: str, *, title: str,
                 method: str = "rating") -> None:
        super().__init__(classes="page")
        self.before = before
        self.plan = plan
        self.lang = lang
        self.title_text = title
        self.method = method
        self.error: str | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(id="seat-title", classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                yield Static(id="seat-body")
            yield Static(id="seat-keys", classes="dialog-keys")

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        lang = self.lang
        try:
            after = self.plan(self.method)
            body = tables_text(self.before, after, lang, max(COLUMN, self.app.size.width - 4))
            self.error = None
        except ArbiterError as exc:
            self.error = message(exc, lang)
            body = Text(clean(self.error), style="bold red")
        how = tr(lang, "seat_by_" + _how(self.method))
        title = Text(f"{self.title_text} · {how}", style="bold")
        if "*\n" in body.plain or "* " in body.plain:
            title.append(f" · {tr(lang, 'seat_new')}", style="dim")
        self.query_one("#seat-title", Label).update(title)
        self.query_one("#seat-body", Static).update(body)
        self.choices = actions.choices("seating", self, lang)
        keys = Text()
        for i, (key, label) in enumerate(self.choices):  # one line: the tables take the height
            keys.append(("   " if i else "") + f" {key} ", style="reverse bold")
            keys.append(f" {label}")
        self.query_one("#seat-keys", Static).update(keys)

    # -- the keys (tui/actions.py, scope "seating") ----------------------------------------------
    def say_why(self, text: str) -> None:
        self.notify(text, severity="warning", markup=False)

    def choose(self, method: str) -> None:
        self.method = method
        self.show()

    def save(self) -> None:
        self.dismiss(self.method)

    def cancel(self) -> None:
        self.dismiss(None)


# -- what the players screen and the main screen do with it ----------------------------------------
@work(group="question")
async def seat_asked(screen) -> None:
    """The plan of `SeatPlayers` shown, then saved on y (a flow of `screen`: the main or the players screen)."""
    e, lang = screen.arb.event, screen.arb.lang

    def seat(method: str) -> cmds.SeatPlayers:
        return cmds.SeatPlayers(method=method, everyone=True)

    method = await screen.ask(SeatingScreen(e, lambda method: seat(method).apply(e), lang,
                                            title=tr(lang, "seat_title")))
    if method is None:
        screen.say(tr(lang, "seat_not_saved"))
        return
    if (await screen.commit(seat(method))).saved:
        screen.say(tr(lang, "seated", how=tr(lang, "seat_by_" + _how(method))), "bold")


async def import_seated(screen, rows: tuple[dict, ...], path: str) -> str | None:
    """A CSV's players without a table into an event of several tables: where they would sit, then y saves the
    import with those seats in one change (`ImportPlayers`): the method chosen once it is saved, else None."""
    e, lang = screen.arb.event, screen.arb.lang
    method = await screen.ask(SeatingScreen(e, lambda method: cmds.ImportPlayers(rows, path, method=method).apply(e), lang,
                                            title=tr(lang, "seat_import_title", n=len(rows))))
    if method is None:
        screen.say(tr(lang, "import_not_saved"))
        return None
    return method if (await screen.commit(cmds.ImportPlayers(rows, path, method=method))).saved else None


def _how(method: str) -> str:
    return "rating" if method == "rating" else "lot"
