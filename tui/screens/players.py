"""Players: list, search by name or number, add (late entry after round 1), edit, withdraw, bye, import CSV,
players to tables.

Each action is the `core.commands` command the command line runs, in one
transaction (through `run_change`); the keys are the action table's
"players" scope. The status column shows a requested bye (`½ r3`) beside
late entries and withdrawals. In an event of several tables, `d` deals the
players to the tables (before round 1), and a CSV without a table column is
dealt as it is imported: both show the tables first (tui/screens/seating.py).
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Input

from arbiter.core import commands as cmds
from arbiter.core import teams as team_event
from arbiter.core.formats import csvio
from arbiter.core.msg.cells import clean, fit
from arbiter.core.event.model import Event

from .. import actions
from ..i18n import tr
from ..widgets.keyed_table import KeyedTable, cell
from ..widgets.keys_bar import KeysBar
from ..widgets.status import MessageLine, TextLine
from .base import ArbiterScreen
from .dialogs import ChoiceScreen, FormScreen, LineScreen


def read_csv(path: Path) -> csvio.Import:
    """The players of a CSV file (as `arbiter players import` reads it); a problem is a FileProblem."""
    return csvio.read_players_file(path, stdin=False)  # `-` is a file's name here: stdin is the terminal


def matches(p, query: str) -> bool:
    q = query.strip().casefold()
    if not q:
        return True
    if q.isdigit():
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

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "players-search":
            self.query_text = event.value
            self.refresh_list()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "players-search":
            self.query_one("#players-table").focus()

    def action_add(self) -> None:
        L = self.arb.lang
        e = self.arb.event
        fields = [("name", tr(L, "f_player_name"), ""), ("rating", tr(L, "f_rating"), "0"), ("club", tr(L, "f_club"), "")]
        if e.tables > 1:
            fields.append(("table", tr(L, "f_table"), ""))
        team = team_event.is_team_event(e)
        if team:  # a team event: every player plays for a team (the team exists once it has a player)
            fields.append(("team", tr(L, "f_team"), ""))

        def done(v: dict | None) -> None:
            if v is None:
                return
            try:
                rating = int(v.get("rating") or 0)
                table = int(v["table"]) if v.get("table", "").strip() else None
            except ValueError:
                self.say(tr(L, "not_number", text=v.get("rating", "")), "bold red")
                return
            def added(new: Event) -> None:
                p = max(new.players, key=lambda x: x.id)
                late = tr(L, "late", n=p.late_from) if p.late_from else ""
                self.say(tr(L, "added", name=p.name, id=p.id, late=late), "bold")
                self.query_one("#players-table", KeyedTable).select_key(str(p.id))

            self.run_change(cmds.AddPlayer(v["name"], rating=rating, club=v.get("club", ""), table=table,
                                           team=v.get("team", "").strip()), then=added)

        self.app.push_screen(FormScreen(tr(L, "add_player"), fields), done)

    def action_edit(self) -> None:
        L = self.arb.lang
        p = self.selected()
        if p is None:
            return
        fields = [("name", tr(L, "f_player_name"), p.name), ("rating", tr(L, "f_rating"), str(p.rating)),
                  ("club", tr(L, "f_club"), p.club)]

        def done(v: dict | None) -> None:
            if v is None:
                return
            try:
                rating = int(v.get("rating") or 0)
            except ValueError:
                self.say(tr(L, "not_number", text=v.get("rating", "")), "bold red")
                return
            self.run_change(cmds.EditPlayer(p.id, name=v["name"].strip(), rating=rating,
                                            club=v.get("club", "").strip()),
                            then=lambda new: self.say(tr(L, "player_saved", name=clean(new.player(p.id).name),
                                                         id=p.id)))

        self.app.push_screen(FormScreen(tr(L, "edit_player"), fields), done)

    def action_withdraw(self) -> None:
        L = self.arb.lang
        p = self.selected()
        if p is None:
            return

        def done(choice: str | None) -> None:
            if choice != "y":
                return
            self.run_change(cmds.Withdraw(p.id),
                            then=lambda new: self.say(tr(L, "withdrawn", name=p.name,
                                                         n=new.player(p.id).withdrawn_from)))

        self.app.push_screen(ChoiceScreen(tr(L, "withdraw_title"), Text(tr(L, "withdraw_q", name=clean(p.name))),
                                          [("y", tr(L, "yes")), ("n", tr(L, "no"))], classes="ask"), done)

    def action_bye(self) -> None:
        L = self.arb.lang
        p = self.selected()
        if p is None:
            return

        def done(text: str | None) -> None:
            if not text:
                return
            bits = text.split()
            if len(bits) != 2 or not bits[0].isdigit():
                self.say(tr(L, "bye_prompt"), "bold red")
                return
            r, kind = int(bits[0]), BYE_WORDS.get(bits[1].lower(), bits[1].lower())
            said = tr(L, "bye_cancelled" if kind == "none" else "bye_saved", name=clean(p.name), id=p.id, r=r,
                      kind=BYE_SHOWN.get(kind, kind))
            self.run_change(cmds.RequestBye(p.id, r, kind), then=lambda _new: self.say(said))

        self.app.push_screen(LineScreen(f"{clean(p.name)}: {tr(L, 'bye_prompt')}", classes="line"), done)

    def action_move(self) -> None:
        """One player to another table before round 1 (`MovePlayer`): the table typed."""
        L = self.arb.lang
        p = self.selected()
        if p is None:
            return

        def done(text: str | None) -> None:
            if not text:
                return
            if not text.strip().isdigit():
                self.say(tr(L, "move_bad", text=text.strip(), n=self.arb.event.tables), "bold red")
                return
            table = int(text.strip())
            self.run_change(cmds.MovePlayer(p.id, table),
                            then=lambda _new: self.say(tr(L, "moved", name=clean(p.name), id=p.id, old=p.table,
                                                          new=table), "bold"))

        prompt = tr(L, "move_prompt", name=clean(p.name), id=p.id, t=p.table, n=self.arb.event.tables)
        self.app.push_screen(LineScreen(prompt, classes="line"), done)

    def action_import_csv(self) -> None:
        from .seating import import_seated

        L = self.arb.lang

        def done(path: str | None) -> None:
            if not path:
                return
            csv_path = Path(path.strip()).expanduser()
            got = self.attempt(read_csv, csv_path)
            if got is None:
                return
            rows = got.rows
            note = "".join(f" · {said.text(L)}" for said in got.warnings())  # the encoding told, columns ignored
            e = self.arb.event
            if e.tables > 1 and any(row.get("table") is None for row in rows):
                # players without a table: where they would sit first, saved with them (seating.add_and_seat)
                import_seated(self, tuple(rows), str(csv_path), lambda new, method: self.say(
                    tr(L, "imported_seated", n=len(rows), how=tr(L, "seat_by_" + ("rating" if method == "rating"
                                                                                  else "lot"))) + note, "bold"))
                return
            self.run_change(cmds.ImportPlayers(tuple(rows), str(csv_path)),
                            then=lambda _new: self.say(tr(L, "imported", n=len(rows)) + note, "bold"))

        self.app.push_screen(LineScreen(tr(L, "import_csv"), classes="line"), done)

    def action_distribute(self) -> None:
        from .seating import distribute

        distribute(self)
