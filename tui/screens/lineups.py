"""Line-ups (`l`): who plays on which board in the next round, team by team; the pairs of teams that must not meet.

One team at a time (`←` `→` the previous and next team): its roster in board
order, each player's status for the round (can play, a bye requested,
withdrawn, entered later), and the board he plays on in the line-up shown:
the one stored for the round, else the default (`core.teams.lineup_for`: the
first B of the roster who can play). `Space` (or Enter) puts a player in or
out; the boards follow the roster order (the rule the event keeps, docs/teams.md),
so the players chosen are enough. `s` saves the line-up (`core.teams.set_lineup`,
one change, journalled), `c` goes back to the default (the stored one is
cleared). A team that cannot field its boards is said at once, in the head,
and `p` says it before a pairing is asked for. After the round is paired its
line-ups are the round's: core refuses a change with the reason, and the screen
moves on to the next round.

`f` forbids the team shown and another (name or number) to meet in a team
Swiss, `-NAME` allows them again (`core.teams.forbid_teams`, as `arbiter forbid`);
the team's forbidden pairs are listed under the table.

What is chosen but not saved stays on the screen (a team's own selection, said
"not saved"), as a form's fields do; the file is changed only by `s` and `c`.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice
from arbiter_tournament.core.event.model import Event, Player
from arbiter_tournament.core.msg.cells import clean, fit

from textual import on, work

from .. import actions
from ..actions import W, Action, register
from ..i18n import tr
from ..widgets.keyed_table import KeyedTable, cell
from ..widgets.keys_bar import KeysBar
from ..widgets.messages import EventChanged
from ..widgets.status import MessageLine, TextLine
from .base import ArbiterScreen


def status_of(p: Player, k: int, lang: str) -> tuple[str, str]:
    """(words, style) of a player's status for round k."""
    if p.withdrawn_from is not None and k >= p.withdrawn_from:
        return tr(lang, "lu_withdrawn", r=p.withdrawn_from), "dim"
    if p.requested_bye(k):
        return tr(lang, "lu_bye"), "yellow"
    if not p.available(k):
        return tr(lang, "lu_late", r=p.late_from), "dim"
    return tr(lang, "lu_can_play"), ""


register(
    Action("lu_toggle", ("space",), W("plays / not", "играет / нет"),
           W("The player under the cursor in or out of the line-up (Enter too); boards follow the roster order",
             "Участник под курсором в состав или из состава (и Enter); доски — в порядке заявки"),
           ("lineups",), "toggle", footer=1, group="team", key_shown="Space", team=True),
    Action("lu_save", ("s",), W("save", "сохранить"),
           W("Save the line-up shown for the round", "Сохранить показанный состав на тур"),
           ("lineups",), "save", footer=2, palette=True, group="team", team=True),
    Action("lu_default", ("c",), W("default", "по умолчанию"),
           W("Back to the default line-up: the first players of the roster who can play",
             "Вернуть состав по умолчанию: первые по заявке, кто может играть"),
           ("lineups",), "default", footer=3, palette=True, group="team", team=True),
    Action("lu_next", ("right",), W("next team", "след. команда"), W("The next team", "Следующая команда"),
           ("lineups",), "team_step", (1,), footer=4, group="team", team=True),
    Action("lu_prev", ("left",), W("prev team", "пред. команда"), W("The team before", "Предыдущая команда"),
           ("lineups",), "team_step", (-1,), group="team", team=True),
    Action("lu_forbid", ("f",), W("forbid", "запретить"),
           W("This team and another must not meet (name or number; -NAME: they may again)",
             "Эта команда и другая не должны встречаться (название или номер; -НАЗВАНИЕ: снова могут)"),
           ("lineups",), "forbid", footer=5, palette=True, group="team", team=True),
    Action("lu_back", ("escape",), W("back", "назад"), W("Back to the round", "Назад к туру"),
           ("lineups",), "back", footer=6, palette=True, group="team", team=True),
)


class LineupScreen(ArbiterScreen):
    ACTION_SCOPE = "lineups"
    BINDINGS = actions.bindings("lineups")
    AUTO_FOCUS = "#lineup-table"

    def __init__(self) -> None:
        super().__init__()
        self.index = 0  # the team shown, in team-number order
        self.pending: dict[str, tuple[int, list[int]]] = {}  # team -> (round, the players chosen), not saved yet

    def compose(self) -> ComposeResult:
        yield TextLine(id="lineup-head", classes="panel-head")
        yield KeyedTable(id="lineup-table", right=("pos", "rating", "board"))
        yield TextLine(id="lineup-foot", classes="round-foot")
        yield MessageLine(id="lineup-msg")
        yield KeysBar()

    def on_mount(self) -> None:
        self.show()

    # -- what is shown -------------------------------------------------------------------
    @property
    def event(self) -> Event:
        return self.arb.event

    @property
    def round(self) -> int:
        return team_event.next_round(self.event)

    def teams(self):
        return team_event.teams(self.event)

    def team(self):
        ts = self.teams()
        return ts[self.index % len(ts)] if ts else None

    def stored(self, name: str) -> tuple[int, ...] | None:
        return team_event.state(self.event).lineups.get(self.round, {}).get(name)

    def shown_lineup(self, t) -> tuple[list[int], str]:
        """(players of the line-up shown, board 1 first; how it is: "pending", "stored", "default" or why not)."""
        e, k = self.event, self.round
        if t.name in self.pending and self.pending[t.name][0] == k:
            return sorted(self.pending[t.name][1], key=t.roster.index), "pending"
        stored = self.stored(t.name)
        if stored is not None:
            return list(stored), "stored"
        try:
            up = team_event.lineup_for(e, t, k)
        except IllegalChange as exc:
            return [], message(exc, self.arb.lang)
        return list(up or ()), "default"

    def show(self) -> None:
        L, e = self.arb.lang, self.event
        t = self.team()
        table = self.query_one("#lineup-table", KeyedTable)
        cols = [("pos", "#"), ("name", tr(L, "name")), ("rating", tr(L, "rating")), ("status", tr(L, "status")),
                ("board", tr(L, "board"))]
        head = Text(no_wrap=True, overflow="ellipsis")
        if t is None:
            table.sync(cols, [])
            self.query_one("#lineup-head", TextLine).show(Text(tr(L, "lu_no_teams"), style="bold"))
            return
        k, boards = self.round, team_event.state(e).boards
        up, how = self.shown_lineup(t)
        rows = []
        for pos, pid in enumerate(t.roster, start=1):
            p = e.player(pid)
            words, style = status_of(p, k, L)
            board = str(up.index(pid) + 1) if pid in up else ""
            rows.append((str(pid), (cell(pos), cell(f"{fit(p.name, 30)} ({pid})", "bold" if board else style),
                                    cell(p.rating or ""), cell(words, style), cell(board, "bold"))))
        table.sync(cols, rows)
        n = len(self.teams())
        head.append(tr(L, "lu_title", r=k, team=clean(t.name), i=self.index % n + 1, n=n), style="bold")
        if how == "pending":
            head.append(" · " + tr(L, "lu_pending", n=len(up), b=boards), style="bold yellow")
        elif how == "stored":
            head.append(" · " + tr(L, "lu_stored"), style="green")
        elif how == "default":
            head.append(" · " + tr(L, "lu_default", b=boards), style="dim")
        else:
            head.append(" · " + tr(L, "lu_missing", why=clean(how)), style="bold red")
        self.query_one("#lineup-head", TextLine).show(head)
        self.show_foot(t)
        self.keys_changed()

    def show_foot(self, t) -> None:
        """The team's forbidden pairs, and the other teams still without a way to field their boards."""
        L, e = self.arb.lang, self.event
        st = team_event.state(e)
        parts = []
        mine = [y if x == t.name else x for x, y in st.forbidden if t.name in (x, y)]
        if mine:
            parts.append(tr(L, "lu_forbidden", teams=", ".join(clean(x) for x in mine)))
        missing = [name for name, _ in team_event.lineup_problems(e)]
        if missing:
            parts.append(tr(L, "lu_others_missing", teams=", ".join(clean(x) for x in missing)))
        foot = self.query_one("#lineup-foot", TextLine)
        foot.display = bool(parts)
        if parts:
            foot.show(Text("\n".join(parts), style="yellow"), layout=True)

    def event_changed(self, event, outside=None, reopened=False) -> None:
        self.show()
        super().event_changed(event, outside, reopened)

    def on_event_changed(self, m: EventChanged) -> None:
        # not the base's handler after this one: its "the event was changed by ..." would cover what is said here
        m.prevent_default()
        self.event_changed(m.event, m.outside, m.reopened)
        late = sorted({r for r, _ in self.pending.values() if r < self.round})
        if late:  # the round was paired (by another judge) while a line-up chosen for it was not saved
            self.say(tr(self.arb.lang, "lu_paired_meanwhile", r=late[0]), "bold red")
        elif m.outside:
            self.say(tr(self.arb.lang, "changed_outside", who=m.outside), "cyan")

    def selected_pid(self) -> int | None:
        key = self.query_one("#lineup-table", KeyedTable).selected_key
        return int(key) if key is not None else None

    # -- the keys ----------------------------------------------------------------------------
    def team_step(self, delta: int) -> None:
        n = len(self.teams())
        if n:
            self.index = (self.index + delta) % n
            self.show()
            self.query_one("#lineup-table", KeyedTable).action_edge(-1)

    @on(KeyedTable.Selected)
    def _row_chosen(self, m: KeyedTable.Selected) -> None:
        m.stop()
        self.toggle()

    def toggle(self) -> None:
        """Space / Enter: the player under the cursor in or out of the line-up shown (boards in roster order)."""
        t, pid = self.team(), self.selected_pid()
        if t is None or pid is None:
            return
        L = self.arb.lang
        up, how = self.shown_lineup(t)
        boards = team_event.state(self.event).boards
        chosen = list(up)
        if pid in chosen:
            chosen.remove(pid)
        else:
            p = self.event.player(pid)
            if not p.available(self.round):
                self.say_error(tr(L, "lu_cannot", name=clean(p.name), why=status_of(p, self.round, L)[0]))
                return
            if len(chosen) >= boards:
                self.say_error(tr(L, "lu_full", b=boards))
                return
            chosen.append(pid)
        self.pending[t.name] = (self.round, chosen)
        self.show()
        self.say(tr(L, "lu_chosen", n=len(chosen), b=boards), "" if len(chosen) == boards else "yellow")

    def save(self) -> None:
        """s: the line-up shown, stored for the round (core checks it: B players of the team, who can play). What was
        chosen for a round paired meanwhile (by another judge) is refused by core with the reason."""
        t = self.team()
        if t is None:
            return
        L = self.arb.lang
        k, name = self.round, t.name
        if name in self.pending and self.pending[name][0] != k:  # chosen for a round that has been paired since
            k, up = self.pending.pop(name)
            up = sorted(up, key=t.roster.index)
        else:
            up, _how = self.shown_lineup(t)

        def saved(change) -> None:
            if change.saved:
                self.pending.pop(name, None)
                self.say(tr(L, "lu_saved", team=clean(name), r=k), "bold")
            self.show()

        self.commit(cmds.SetLineup(name, k, tuple(up))).then(saved)

    def default(self) -> None:
        """c: back to the default line-up (the stored one is cleared; what was chosen and not saved is dropped)."""
        t = self.team()
        if t is None:
            return
        L, k, name = self.arb.lang, self.round, t.name
        dropped = self.pending.pop(name, None) is not None
        if self.stored(name) is None:
            self.show()
            self.say(tr(L, "lu_is_default" if not dropped else "lu_dropped"))
            return

        def cleared(change) -> None:
            if change.saved:
                self.show()
                self.say(tr(L, "lu_cleared", team=clean(name), r=k), "bold")

        self.commit(cmds.SetLineup(name, k, None)).then(cleared)

    def forbid(self) -> None:
        """f: the team shown and another must not meet (a team Swiss); -NAME: they may again."""
        t = self.team()
        if t is None:
            return
        self.forbid_asked(t.name)

    @work(group="question")
    async def forbid_asked(self, name: str) -> None:
        L = self.arb.lang
        text = await self.ask_line(tr(L, "lu_forbid_prompt", team=clean(name)))
        if not text:
            return
        remove = text.strip().startswith("-")
        other = self.attempt(team_event.find_team, self.event, text.strip().lstrip("-").strip())
        if other is None:
            return
        if (await self.commit(cmds.ForbidTeams(name, other, remove=remove))).saved:
            self.show()
            self.say(tr(L, "allowed" if remove else "forbidden", a=clean(name), b=clean(other)))

    def back(self) -> None:
        self.dismiss(None)
