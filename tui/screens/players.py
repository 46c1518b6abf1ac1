"""Players: list, search by name or number, add (late entry after round 1), edit, withdraw, bye, import CSV,
players to tables.

Each action is the `core.commands` command the command line runs, in one
transaction (through `commit`); the keys are the action table's
"players" scope. The status column shows a requested bye (`½ r3`) beside
late entries and withdrawals. In an event of several tables, `d` deals the
players to the tables (before round 1), and a CSV without a table column is
dealt as it is imported: both show the tables first (tui/screens/seating.py).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.widgets import Input

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core import limits
from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.commands.players import EDITED, changed_since
from arbiter_tournament.core.msg import Msg
from arbiter_tournament.core.msg.cells import clean, fit
from arbiter_tournament.tui.advice import message  # a warning or refusal with the TUI's advice

from .. import actions
from ..actions import W, Action, Why, register, why, why_core
from ..i18n import tr
from ..widgets.keyed_table import KeyedTable, cell
from ..widgets.keys_bar import KeysBar
from ..widgets.status import MessageLine, TextLine
from .base import ArbiterScreen
from .dialogs import ChoiceScreen
from .player_form import PlayerForm, filled_rows, form_fields
from .seating import import_seated


def _player(s) -> Why | None:
    """The players screen: a player under the cursor."""
    return why("why_no_player") if s.selected() is None else None


def _move(s) -> Why | None:
    """One player to another table: a player under the cursor, an event of several tables, neither the player's
    table nor every other has paired (`core.commands.MovePlayer` says which)."""
    p = s.selected()
    if p is None:
        return why("why_no_player")
    e = s.arb.event
    if e.tables < 2:
        return why("why_one_table")
    reasons = [cmds.MovePlayer(p.id, t).why_not(e) for t in range(1, e.tables + 1) if t != p.table]
    return None if any(r is None for r in reasons) else why_core(reasons[0])


def open_players(screen) -> None:
    screen.app.push_screen(PlayersScreen())


register(
    Action("players", ("P",), W("players", "участники"),
           W("Players: add, edit, import, withdraw, search", "Участники: добавить, изменить, импорт, выбыл, поиск"),
           ("main",), open_players, palette=True, group="change", footer=18,
           footer_when=lambda s: not s.event.rounds),  # in the footer before round 1: the registration
    Action("pl_add", ("a",), W("add", "добавить"),
           W("Add a player (after round 1: a late entry from the next round)",
             "Добавить участника (после 1-го тура: поздний вход со следующего тура)"),
           ("players",), "action_add", footer=1, palette=True, group="players",
           when=lambda s: why_core(cmds.AddPlayer.why_none(s.arb.event))),  # no round left for a late entry
    Action("pl_edit", ("e",), W("edit", "изменить"), W("Edit the player under the cursor", "Изменить выбранного участника"),
           ("players",), "action_edit", footer=2, palette=True, when=_player, group="players"),
    Action("pl_withdraw", ("w",), W("withdraw", "выбыл"),
           W("Withdraw a player from the next round (asks first)", "Участник выбывает со следующего тура (с подтверждением)"),
           ("players",), "action_withdraw", footer=3, palette=True, when=_player, group="players"),
    Action("pl_bye", ("y",), W("bye", "пропуск"),
           W("Requested bye: ROUND half|zero|full|none", "Пропуск тура по заявке: ТУР пол|ноль|полный|снять"),
           ("players",), "action_bye", footer=4, palette=True, when=_player, group="players"),
    # (not in the footer: at 80 columns it would push out `d` and `/`; the palette and `?` have it)
    Action("pl_move", ("t",), W("to table", "за стол"),
           W("Move the player to another table (before that table pairs round 1)",
             "Пересадить участника за другой стол (пока там не составлены пары 1-го тура)"),
           ("players",), "action_move", palette=True, when=_move, group="players", team=False),
    Action("pl_import", ("i",), W("import CSV", "импорт CSV"),
           W("Import players from a CSV file", "Импорт участников из файла CSV"),
           ("players",), "action_import_csv", footer=5, palette=True, group="players"),
    Action("pl_search", ("slash",), W("search", "поиск"),
           W("Search by name, club or number", "Поиск по имени, клубу или номеру"),
           ("players",), "action_search", footer=7, palette=True, group="players"),
    Action("pl_back", ("escape",), W("back", "назад"), W("Back to the round", "Назад к туру"),
           ("players",), "action_back", footer=8, palette=True, group="players"),
)


def read_csv(path: Path):
    """The players of a CSV file (as `arbiter players import` reads it); a problem is a FileProblem."""
    from arbiter_tournament.core.formats import csvio  # (when a file is imported: not on the way to the first screen)

    return csvio.read_players_file(path, stdin=False)  # `-` is a file's name here: stdin is the terminal


def _field_of(error) -> str | None:
    """The form's field a refusal of the change is about (a table that does not exist, a rating too high)."""
    key = str(getattr(getattr(error, "msg", None), "key", "") or error)
    for word, field in (("table", "table"), ("rating", "rating"), ("name", "name"), ("team", "team")):
        if word in key:
            return field
    return None


def matches(p, query: str) -> bool:
    q = query.strip().casefold()
    if not q:
        return True
    if limits.is_digits(q, 6):  # a player's number (digits 0-9: `²` is searched as text)
        return p.id == int(q) or q in p.name.casefold()
    return q in p.name.casefold() or q in p.club.casefold()



# How a requested bye is shown in the list: the points it gives.
BYE_SHOWN = {"half": "½", "zero": "0", "full": "1", "none": "-"}

# The kinds of requested bye as a Russian judge types them (the file and core say half/zero/full/none).
BYE_WORDS = {"пол": "half", "половина": "half", "½": "half", "ноль": "zero", "0": "zero",
             "полный": "full", "полное": "full", "1": "full", "нет": "none", "снять": "none"}

class PlayersScreen(ArbiterScreen):
    ACTION_SCOPE = "players"
    BINDINGS = actions.bindings("players")
    AUTO_FOCUS = "#players-table"

    def __init__(self) -> None:
        super().__init__()
        self.query_text = ""

    def compose(self) -> ComposeResult:
        yield TextLine(id="players-head", classes="panel-head")
        yield Input(id="players-search", classes="hidden")
        yield KeyedTable(id="players-table", right=("id", "rating", "table"))
        yield MessageLine(id="players-msg")
        yield KeysBar()

    def on_mount(self) -> None:
        self.query_one("#players-search", Input).placeholder = tr(self.arb.lang, "search")
        self.refresh_list()  # (the keys that apply are in the footer: a line of all of them, stale at once, is not)

    def event_changed(self, event, outside=None, reopened=False) -> None:
        self.refresh_list()
        super().event_changed(event, outside, reopened)

    def refresh_list(self) -> None:
        L = self.arb.lang
        e = self.arb.event
        team = team_event.is_team_event(e)  # a team event: the team, where other events show the table
        cols = [("id", tr(L, "id")), ("name", tr(L, "name")), ("rating", tr(L, "rating")), ("club", tr(L, "club")),
                ("team", tr(L, "team")) if team else ("table", tr(L, "table")), ("status", tr(L, "status"))]
        rows = []
        for p in e.players:
            if not matches(p, self.query_text):
                continue
            status = tr(L, f"st_{p.status}")
            if p.status == "late":
                status += f" {p.late_from}"
            elif p.status == "withdrawn":
                status += f" {p.withdrawn_from}"
            if p.byes:  # requested byes: "½ r3, 0 r5"
                status += ", " + tr(L, "st_byes", byes=", ".join(
                    tr(L, "st_bye", kind=BYE_SHOWN.get(kind, kind), r=r) for r, kind in sorted(p.byes)))
            style = "dim" if p.status == "withdrawn" else ""
            where = cell(fit(p.team, 16)) if team else cell(p.table or "")
            rows.append((str(p.id), (cell(p.id), cell(fit(p.name, 24), style), cell(p.rating or ""),
                                     cell(fit(p.club, 16)), where, cell(status, style))))
        self.query_one("#players-table", KeyedTable).sync(cols, rows)
        head = f"{tr(L, 'players_title')}: {len(rows)}/{len(e.players)}"
        if self.query_text:
            head += f" · «{clean(self.query_text)}»"
        self.query_one("#players-head", TextLine).show(Text(head, style="bold"))

    def selected(self):
        key = self.query_one("#players-table", KeyedTable).selected_key
        if key is None:
            return None
        e = self.arb.event
        return e.player(int(key)) if e.has_player(int(key)) else None

    # -- actions -----------------------------------------------------------------------------
    def action_back(self) -> None:
        search = self.query_one("#players-search", Input)
        if search.has_focus:
            search.add_class("hidden")
            self.query_one("#players-table").focus()
            return
        self.app.pop_screen()

    def action_search(self) -> None:
        search = self.query_one("#players-search", Input)
        search.remove_class("hidden")
        search.focus()

    @on(Input.Changed, "#players-search")
    def _search_changed(self, event: Input.Changed) -> None:
        self.query_text = event.value
        self.refresh_list()

    @on(Input.Submitted, "#players-search")
    def _search_done(self) -> None:
        self.query_one("#players-table").focus()

    def action_add(self) -> None:
        self.add_asked()

    @work(group="question")
    async def add_asked(self) -> None:
        L = self.arb.lang
        fields = form_fields(L, self.arb.event)
        change = await self.player_form(tr(L, "add_player"), fields, lambda kw: cmds.AddPlayer(**kw))
        if change is not None:
            p = max(change.result.players, key=lambda x: x.id)
            late = tr(L, "late", n=p.late_from) if p.late_from else ""
            self.say(tr(L, "added", name=p.name, id=p.id, late=late), "bold")
            self.query_one("#players-table", KeyedTable).select_key(str(p.id))

    def action_edit(self) -> None:
        p = self.selected()
        if p is not None:
            self.edit_asked(p)

    @work(group="question")
    async def edit_asked(self, p) -> None:
        """The player's form; saved, only the fields the judge changed, each with the value the form was opened
        with (`EditPlayer.expected`): another judge's change since of any other field is kept, of the same field
        asked about (`conflict_asked`)."""
        L = self.arb.lang
        fields = form_fields(L, self.arb.event, p)
        seen = {k: getattr(p, k) for k in EDITED}  # the player as the form was opened (as a conflict updates it)

        def edit(kw: dict) -> cmds.EditPlayer:
            changed = {k: v for k, v in kw.items() if k in seen and v != seen[k]}
            return cmds.EditPlayer(p.id, **changed, expected={k: seen[k] for k in changed})

        change = await self.player_form(tr(L, "edit_player"), fields, edit, seen=seen)
        if change is not None:
            expected = dict(change.what.expected or ())
            over = tr(L, "pl_saved_over") if any(v != getattr(p, k) for k, v in expected.items()) else ""
            self.say(tr(L, "player_saved", name=clean(change.result.player(p.id).name), id=p.id) + over)

    async def player_form(self, title: str, fields: list, command, seen: dict | None = None):
        """The player form until it is saved (the `Change`) or cancelled (None): a value refused, by the form's
        own checks or by the change, opens it again with what was typed and the reason, its field focused. An
        edit (`seen`: the values it expects) refused over another judge's change asks (`conflict_asked`)."""
        from arbiter_tournament.core.errors import IllegalChange
        from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice
        from arbiter_tournament.core.event.player_details import form_player
        from arbiter_tournament.core.limits import RATING_MAX

        L, error = self.arb.lang, None

        def parsed(v: dict):
            return form_player(v, rating_max=RATING_MAX, tables_max=max(1, self.arb.event.tables))

        def check(v: dict):  # the form's own refusal: it stays open, nothing typed is lost
            try:
                parsed(v)
            except IllegalChange as exc:
                return getattr(exc, "field", None), message(exc, L)
            return None

        while True:
            v = await self.ask(PlayerForm(title, fields, L, self.arb.event.rate, error, check))
            if v is None:
                return None
            fields = [(name, label, v.get(name, value)) for name, label, value in fields]  # what was typed, kept
            change = await self.commit(command(parsed(v)), say_refusal=False)
            while change is not None and change.conflict and seen is not None:  # (o over a third judge: again)
                change, fields, error = await self.conflict_asked(change, fields, seen)
            if change is None:
                continue
            if change.saved:
                return change
            if change.error is None:
                return None
            error = (_field_of(change.error), message(change.error, L))

    async def conflict_asked(self, change, fields: list, seen: dict):
        """Another judge changed a field this edit changes since the form was opened: o saves this judge's values
        over theirs (expecting theirs now: a third change is asked about again), k opens the form again with
        theirs in those fields and everything else as typed, Esc the form again as typed. (the `Change` saved or
        refused, or None: the form again; the form's fields; what its message line says)"""
        L, cmd = self.arb.lang, change.what
        said = message(change.error, L)
        e = self.arb.event
        theirs = changed_since(e, cmd.pid, cmd.fields(), dict(cmd.expected)) if e.has_player(cmd.pid) else {}
        field = next(iter(theirs), None)
        if not theirs:  # (the player gone, or another change meanwhile: said as it is)
            return None, fields, (field, said)
        mine = cmd.fields()
        yours = "; ".join(f"{Msg(f'pfield_{k}').text(L)} {mine[k] if mine[k] != '' else '-'}" for k in theirs)
        body = Text(clean(said) + "\n\n" + tr(L, "pl_conflict_q", yours=clean(yours)))
        choice = await self.ask(ChoiceScreen(tr(L, "pl_conflict_title"), body,
                                             [("o", tr(L, "overwrite")), ("k", tr(L, "keep"))], classes="ask"))
        if choice == "o":
            seen.update(theirs)  # what the judge has now seen and chose to save over
            again = replace(cmd, expected={k: seen[k] for k in cmd.fields()})
            return await self.commit(again, say_refusal=False), fields, None
        if choice == "k":
            seen.update(theirs)
            typed = {name: value for name, _, value in fields}
            fields = [(name, label, str(theirs[name] or "") if name in theirs else value)
                      for name, label, value in fields]
            kept = "; ".join(tr(L, "pl_kept_one", field=Msg(f"pfield_{k}").text(L), theirs=str(v or "") or "-",
                                yours=typed.get(k, "") or "-") for k, v in theirs.items())
            return None, fields, (field, tr(L, "pl_kept_theirs", kept=clean(kept)))
        return None, fields, (field, said)

    def action_withdraw(self) -> None:
        p = self.selected()
        if p is not None:
            self.withdraw_asked(p)

    @work(group="question")
    async def withdraw_asked(self, p) -> None:
        L = self.arb.lang
        choice = await self.ask(ChoiceScreen(tr(L, "withdraw_title"), Text(tr(L, "withdraw_q", name=clean(p.name))),
                                             [("y", tr(L, "yes")), ("n", tr(L, "no"))], classes="ask"))
        if choice != "y":
            return
        change = await self.commit(cmds.Withdraw(p.id))
        if change.saved:
            self.say(tr(L, "withdrawn", name=p.name, n=change.result.player(p.id).withdrawn_from))

    def action_bye(self) -> None:
        p = self.selected()
        if p is not None:
            self.bye_asked(p)

    @work(group="question")
    async def bye_asked(self, p) -> None:
        L = self.arb.lang
        text = await self.ask_line(f"{clean(p.name)}: {tr(L, 'bye_prompt')}")
        if not text:
            return
        bits = text.split()
        if len(bits) != 2 or not limits.is_digits(bits[0], 3):  # a round: digits 0-9 (not `²`, `①`, `٣`)
            self.say(tr(L, "bye_prompt"), "bold red")
            return
        r, kind = int(bits[0]), BYE_WORDS.get(bits[1].lower(), bits[1].lower())
        change = await self.commit(cmds.RequestBye(p.id, r, kind))
        if change.saved:
            self.say(tr(L, "bye_cancelled" if kind == "none" else "bye_saved", name=clean(p.name), id=p.id, r=r,
                        kind=BYE_SHOWN.get(kind, kind)))

    def action_move(self) -> None:
        p = self.selected()
        if p is not None:
            self.move_asked(p)

    @work(group="question")
    async def move_asked(self, p) -> None:
        """One player to another table before round 1 (`MovePlayer`): the table typed."""
        L, n = self.arb.lang, self.arb.event.tables
        text = (await self.ask_line(tr(L, "move_prompt", name=clean(p.name), id=p.id, t=p.table, n=n))).strip()
        if not text:
            return
        if not limits.is_digits(text, 3):  # a table: digits 0-9 (not `²`, `①`, `٣`)
            self.say(tr(L, "move_bad", text=clean(text[:20]), n=n), "bold red")
            return
        table = int(text)
        change = await self.commit(cmds.MovePlayer(p.id, table))
        if change.saved:
            self.say(tr(L, "moved", name=clean(p.name), id=p.id, old=p.table, new=table), "bold")

    def action_import_csv(self) -> None:
        self.import_asked()

    @work(group="question")
    async def import_asked(self) -> None:
        L = self.arb.lang
        path = await self.ask_line(tr(L, "import_csv"))
        if not path:
            return
        csv_path = Path(path.strip()).expanduser()
        got = self.attempt(read_csv, csv_path)
        if got is None:
            return
        rows, found = filled_rows(got.rows, self.arb.event.rate)  # what a row leaves out, from the rating lists
        note = "".join(f" · {message(said, L)}" for said in got.warnings())  # the encoding told, columns ignored
        note += f" · {tr(L, 'pf_rows_filled', n=found)}" if found else ""
        e = self.arb.event
        if e.tables > 1 and any(row.get("table") is None for row in rows):
            # players without a table: where they would sit first, saved with them (seating.add_and_seat)
            method = await import_seated(self, tuple(rows), str(csv_path))
            if method is not None:
                self.say(tr(L, "imported_seated", n=len(rows), how=tr(L, "seat_by_" + ("rating" if method == "rating"
                                                                                      else "lot"))) + note, "bold")
            return
        if (await self.commit(cmds.ImportPlayers(tuple(rows), str(csv_path)))).saved:
            self.say(tr(L, "imported", n=len(rows)) + note, "bold")
