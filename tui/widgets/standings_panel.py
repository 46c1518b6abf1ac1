"""The standings panel: ranks, points and the event's tie-break columns, with their names in a legend.

The screen sets which table's standings it shows (`table`) and hands it the
event when it is on screen (`show`), and once when the TUI has started (so
that the first `s` shows them at once); the standings are computed only then,
and again only when something they depend on changed (a result in the round
in progress does not move the standings of a Swiss). For a big event they
are computed in a thread worker: the rows shown stay until the
new ones are ready. Enter on a row posts `PlayerChosen` (its tie-breaks
explained).

In a team event it shows the team standings, or the board prizes (`B`, its
scope "standings" in the action table): team_standings.py makes the rows,
and Enter on a team opens how its tie-breaks were made.
"""

from __future__ import annotations

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.worker import get_current_worker

from arbiter_tournament.core.errors import ArbiterError
from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice
from arbiter_tournament.core.msg.cells import fit
from arbiter_tournament.core.event.model import Event, points_text
from arbiter_tournament.core.teams import is_team_event
from arbiter_tournament.core.tiebreaks.standings import completed_rounds, main_stage, standings

from .. import actions
from ..actions import W, Action, Why, in_team_event, register, why
from ..i18n import tiebreak_name, tr
from . import team_standings
from .keyed_table import KeyedTable, Row, cell
from .memo import Memo, event_inputs
from .messages import Say
from .round_texts import places_text
from .status import TextLine
from arbiter_tournament.core.event.systems import Stage


def _team_view(v) -> Why | None:
    """B: the team standings are shown (a team event)."""
    return None if in_team_event(v) else why("why_not_team")


register(
    Action("board_stats", ("B",), W("board prizes", "по доскам"),
           W("In the team standings: the board prizes, or back to the teams",
             "В командном зачёте: призы по доскам, или снова команды"),
           ("standings",), "toggle_boards", footer=1, palette=True, when=_team_view, group="team", team=True),
)

BIG = 400  # players from which the standings are computed in a thread (about 50 ms and more)


def standings_rows(e: Event, table: int | None, after: int, codes: list[str]) -> list[Row]:
    """The rows of the table: (player id, cells), in standings order (pure: it runs in a thread for big events)."""
    rows = standings(e, table=table, after_round=after)
    texts: dict = {}  # each distinct value written once (a thousand rows share a few dozen values)

    def txt(x) -> str:
        t = texts.get(x)
        if t is None:
            t = texts[x] = points_text(x)
        return t

    out: list[Row] = []
    for r in rows:
        tbs = tuple(cell(txt(r.tiebreaks[c]) if c in r.tiebreaks else "") for c in codes)
        mark = "=" if r.shared else "*" if r.by_lot else ""  # a shared rank; a rank among equals drawn by lot
        out.append((str(r.id), (cell(f"{r.rank}{mark}"), cell(r.id), cell(fit(r.name, 28)), cell(txt(r.points), "bold"))
                    + tbs))
    return out


def _rows(e: Event, table: int | None, after: int, codes: list[str]) -> list[Row] | ArbiterError:
    try:
        return standings_rows(e, table, after, codes)
    except ArbiterError as exc:
        return exc


def _team_rows(e: Event, lang: str, mode: str) -> tuple[Text, list, list, Text] | ArbiterError:
    """A team event's rows (team_standings.py): the team standings, or the board prizes (`mode` "boards")."""
    try:
        return (team_standings.board_rows if mode == "boards" else team_standings.team_rows)(e, lang)
    except ArbiterError as exc:
        return exc


class StandingsPanel(actions.Scoped, Vertical):
    ACTION_SCOPE = "standings"
    BINDINGS = actions.bindings("standings")

    class Computed(Message):
        """The rows of the standings for these inputs, computed in a worker (or the engine's refusal)."""

        def __init__(self, inputs: tuple, rows: list[Row] | ArbiterError, codes: list[str], head: tuple) -> None:
            super().__init__()
            self.inputs, self.rows, self.codes, self.head = inputs, rows, codes, head

    class TeamsComputed(Message):
        """The rows of the team standings or the board prizes (`want`: the event, the language, the mode)."""

        def __init__(self, want: tuple, result: tuple[Text, list, list, Text] | ArbiterError) -> None:
            super().__init__()
            self.want, self.result = want, result

    class PlayerChosen(Message):
        """Enter on a row: how this player's tie-breaks were computed."""

        def __init__(self, pid: int) -> None:
            super().__init__()
            self.pid = pid

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.table: int | None = None  # the table shown in the round panel
        self.stale = True  # the event changed since the standings were shown
        self.memo = Memo()
        self._shown: object = None
        self._want: tuple | None = None  # the inputs of the standings to show
        self.mode = "teams"  # a team event: "teams" (the team standings) or "boards" (the board prizes)
        self._shown_event: tuple | None = None  # (event, lang) last shown

    def compose(self) -> ComposeResult:
        yield TextLine(id="standings-head", classes="panel-head")
        yield TextLine(id="standings-places", classes="places")
        yield KeyedTable(id="standings-table", right=("rk", "id", "pts"))
        yield TextLine(id="standings-legend", classes="legend")

    def table_for(self, e: Event) -> int | None:
        return self.table if main_stage(e) == Stage.SWISS and e.tables > 1 else None

    def show(self, e: Event, lang: str) -> None:
        """The standings of `e` (at once, or once they are computed for a big event)."""
        self.stale = False
        self._shown_event = (e, lang)
        if is_team_event(e):
            self.show_teams(e, lang)
            return
        self.show_places(e, lang)
        stage = main_stage(e)
        table = self.table_for(e)
        codes = list(e.tiebreaks)
        after = completed_rounds(e, stage, table)
        # computed again only when something they depend on changed: a result in the round in
        # progress (after `after`) does not move the standings of a Swiss
        inputs = (table, after) + event_inputs(
            e, lambda r: not (stage == Stage.SWISS and r.stage == Stage.SWISS and r.number > after))
        head = (table, after, lang)
        self._want = inputs
        rows = self.memo.peek("standings", inputs)
        if rows is not None:
            self._draw(rows, codes, head)
            return

        big = len(e.players) >= BIG
        if big:
            self._head_text(table, after, lang, computing=True)
            self.compute(e, table, after, codes, inputs, head)
        else:
            self.computed(self.Computed(inputs, _rows(e, table, after, codes), codes, head))

    @work(thread=True, group="standings", exclusive=True, exit_on_error=False)
    def compute(self, e: Event, table: int | None, after: int, codes: list[str], inputs: tuple, head: tuple) -> None:
        """The standings of a big event, in a worker: the rows shown stay until these are ready."""
        rows = _rows(e, table, after, codes)
        if not get_current_worker().is_cancelled:
            self.post_message(self.Computed(inputs, rows, codes, head))

    @on(Computed)
    def computed(self, m: "StandingsPanel.Computed") -> None:
        if self._want is not m.inputs:  # the event changed again meanwhile: a newer one is coming
            return
        if isinstance(m.rows, ArbiterError):
            self.query_one("#standings-head", TextLine).show(Text(message(m.rows, m.head[2]), style="red"))
            return
        self.memo.get("standings", m.inputs, lambda: m.rows)
        self._draw(m.rows, m.codes, m.head)

    def show_places(self, e: Event, lang: str) -> None:
        """Once the top has places: them first (the champion, the final placings), over the Swiss standings."""
        width = (self.size.width or self.app.size.width or 80) - 2
        places = self.memo.get("places", (tuple(e.rounds_of(Stage.TOP)), e.extra, e.players, lang, width),
                               lambda: places_text(e, lang, width=width))
        line = self.query_one("#standings-places", TextLine)
        if line.display != (places is not None):
            line.display = places is not None
        if places is not None:
            line.show(places, layout=True)

    def _draw(self, rows: list, codes: list[str], head: tuple) -> None:
        table, after, lang = head
        cols = [("rk", tr(lang, "rank")), ("id", tr(lang, "id")), ("name", tr(lang, "name")), ("pts", tr(lang, "pts"))]
        cols += [(f"tb{i}", c) for i, c in enumerate(codes)]
        widget = self.query_one("#standings-table", KeyedTable)
        shown = self._shown
        if not (isinstance(shown, tuple) and shown[0] == cols and shown[1] is rows and shown[2] == widget.rebuilds
                and widget.row_count == len(rows)):
            widget.sync(cols, rows)
            self._shown = (cols, rows, widget.rebuilds)
        self._head_text(table, after, lang)
        legend = " · ".join(f"{c} {tiebreak_name(lang, c)}" for c in codes)
        if any(cells[0][0].endswith("*") for _, cells in rows):
            legend = f"{tr(lang, 'st_by_lot')} · {legend}" if legend else tr(lang, "st_by_lot")
        self.query_one("#standings-legend", TextLine).show(Text(legend, style="dim"), layout=True)

    def _head_text(self, table: int | None, after: int, lang: str, computing: bool = False) -> None:
        where = f" · {tr(lang, 'k_table')} {table}" if table is not None else ""
        after_txt = f" · {tr(lang, 'st_round', n=after)}" if after else ""
        t = Text(f"{tr(lang, 'standings')}{after_txt}{where}", style="bold", no_wrap=True)
        if computing:
            t.append(f" · {tr(lang, 'st_computing')}", style="dim")
        self.query_one("#standings-head", TextLine).show(t)

    @on(KeyedTable.Selected)
    def _row_chosen(self, message: KeyedTable.Selected) -> None:
        message.stop()
        key = message.key
        if key.startswith("t") and self._shown_event is not None:  # a team: how its tie-breaks were made
            e, lang = self._shown_event
            team_standings.explain(self, e, int(key[1:]), lang)
        elif key.isdigit():
            self.post_message(self.PlayerChosen(int(key)))

    # -- a team event -----------------------------------------------------------------------
    def show_teams(self, e: Event, lang: str) -> None:
        """The team standings or the board prizes (`mode`): at once, or in a thread for a big event (as the
        players' standings), the rows shown staying until the new ones are ready."""
        self.query_one("#standings-places", TextLine).display = False
        mode = self.mode
        want = self._want = (e, lang, mode)

        if len(e.players) >= BIG:
            self.query_one("#standings-head", TextLine).show(Text(tr(lang, "st_computing"), style="dim"))
            self.compute_teams(e, lang, mode, want)
        else:
            self.teams_computed(self.TeamsComputed(want, _team_rows(e, lang, mode)))

    @work(thread=True, group="standings", exclusive=True, exit_on_error=False)
    def compute_teams(self, e: Event, lang: str, mode: str, want: tuple) -> None:
        """The team standings of a big event, in a worker: the rows shown stay until these are ready."""
        result = _team_rows(e, lang, mode)
        if not get_current_worker().is_cancelled:
            self.post_message(self.TeamsComputed(want, result))

    @on(TeamsComputed)
    def teams_computed(self, m: "StandingsPanel.TeamsComputed") -> None:
        if self._want is not m.want:  # the event (or the view) changed again meanwhile: a newer one is coming
            return
        lang = m.want[1]
        if isinstance(m.result, ArbiterError):
            self.query_one("#standings-head", TextLine).show(Text(message(m.result, lang), style="red"))
            return
        head, cols, rows, legend = m.result
        self.query_one("#standings-table", KeyedTable).sync(cols, rows)
        self._shown = None
        self.query_one("#standings-head", TextLine).show(head)
        self.query_one("#standings-legend", TextLine).show(legend, layout=True)

    def toggle_boards(self) -> None:
        """B: the board prizes, or back to the team standings."""
        self.mode = "teams" if self.mode == "boards" else "boards"
        if self._shown_event is not None:
            self.show_teams(*self._shown_event)
        self.query_one("#standings-table", KeyedTable).action_edge(-1)

    def say_why(self, text: str) -> None:
        self.post_message(Say(text, "bold red"))
