"""The main screen: the current round, the standings, the top; result entry at the speed of slips.

It lays out its widgets (the status line, the round, standings and bracket
panels, the progress line, the message line, the footer), hands them the
event when it changes, and follows their messages. What its keys do is in
one module per concern, each a part of this class with its own rows of the
action table (tui/actions.py):

    results.py     the result keys, the ':' line, what a correction asks
    pairing.py     p, A, e: the engine as a job, then the pairing preview
    top.py         K and the play-off: their preview, then y
    by_hand.py     w, X, the bye by hand, forbid, take back a pairing
    clock.py       c and its dialog, the tick, the 705.3 reminder at zero
    printing.py    o and the palette's printouts
    navigation.py  views, tables, stages, rounds, Esc, language, undo, redo, the journal

What a part may use of the screen (and of the other parts) is declared in
main_host.py (`MainScreenPart`, the parts' base for the type checker); this
class implements it.

Where the judge is (stage, table, round, the cursor) is the round panel's;
the screen keeps only which panel is shown at 80 columns. Every change is one
command of `core.commands` (`commit`); questions and jobs are flows (`@work`).
"""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import ModalScreen

from arbiter_tournament.core.errors import ArbiterError
from arbiter_tournament.core.event.model import Event, Game, Round

from .. import actions
from ..actions import W, Action, register
from ..widgets import clock as clockmod
from ..widgets.bracket import BracketPanel, BracketView
from ..widgets.keyed_table import KeyedTable
from ..widgets.keys_bar import KeysBar
from ..widgets.match_rows import matches_open
from ..widgets.progress import ProgressLine
from ..widgets.round_clock import RoundClock
from ..widgets.round_panel import RoundPanel
from ..widgets.round_texts import top_bracket
from ..widgets.standings_panel import StandingsPanel
from ..widgets.status import MessageLine, StatusLine, status_text
from .base import ArbiterScreen
from .by_hand import HandPairing
from .clock import ClockKeys
from .navigation import Navigation
from .pairing import Pairing
from .printing import Printing
from .results import ResultEntry
from .top import TopStart
# their rows of the main screen (the action table): P, new event, to tables, F, the prizes, the categories, a team
# event's changes by hand and line-ups
from . import categories, event_details, final, new_event, players, prizes, reports, seating, team_edits  # noqa: F401
from . import publishing  # O: the event online

register(
    Action("help", ("question_mark",), W("keys", "клавиши"), W("Show every key", "Показать все клавиши"),
           ("main",), "action_help", footer=90, palette=True, group="change"),
    Action("quit", ("q",), W("quit", "выход"), W("Quit", "Выход"),
           ("main",), "action_quit", footer=91, palette=True, group="change"),
)


class MainScreen(ResultEntry, Pairing, TopStart, HandPairing, ClockKeys, Printing, Navigation, ArbiterScreen):
    ACTION_SCOPE = "main"
    BINDINGS = actions.bindings("main")
    AUTO_FOCUS = "#round-table"

    def __init__(self) -> None:
        super().__init__()
        self.view = "round"  # the panel shown at 80 columns

    def compose(self) -> ComposeResult:
        yield StatusLine(id="status")
        yield RoundClock(self.arb.poll_interval)
        with Horizontal(id="panels"):
            yield RoundPanel(self.arb.event, id="round-panel", classes="panel active")
            # the bracket before the standings: in the wide layout with a top (a 2x2 grid, app.tcss)
            # it takes the right column, round over standings on the left
            yield BracketPanel(id="bracket-panel", classes="panel")
            yield StandingsPanel(id="standings-panel", classes="panel")
        yield ProgressLine(id="progress")
        yield MessageLine(id="message")
        yield KeysBar()

    def on_mount(self) -> None:
        self._round_panel = self.query_one(RoundPanel)
        # Enter on a board opens its ':' line while the Enter's binding runs (`KeyedTable.chosen`): `⏎=⏎` in one
        # burst is a draw by the line, never `=` on the board and the line on the next one
        self._round_panel.table_widget.chosen = lambda key: self.action_line(f"{int(key)} ")
        self._standings = self.query_one(StandingsPanel)
        self.sync()
        self.round_panel.cursor_to_first_missing()
        self.watch(self.app, "others", lambda _others: self.show_status(), init=False)

    def action_quit(self) -> None:
        publishing.stop(self.arb)
        self.app.exit()

    # -- the parts -----------------------------------------------------------------------
    _round_panel: RoundPanel | None = None
    _standings: StandingsPanel | None = None
    _synced: tuple = ()  # (event, lang) the panels were last given

    @property
    def round_panel(self) -> RoundPanel:
        return self._round_panel or self.query_one(RoundPanel)

    @property
    def standings(self) -> StandingsPanel:
        return self._standings or self.query_one(StandingsPanel)

    @property
    def event(self) -> Event:
        return self.arb.event

    @property
    def wide(self) -> bool:
        return self.has_class("wide")

    @property
    def round_visible(self) -> bool:
        return self.view == "round" or self.wide

    # where the judge is: the round panel's
    @property
    def stage(self) -> str:
        return self.round_panel.stage

    @property
    def tables(self) -> list[int | None]:
        return self.round_panel.tables

    @property
    def table(self) -> int | None:
        return self.round_panel.table

    @property
    def only_missing(self) -> bool:
        return self.round_panel.where.only_missing

    @property
    def prefix(self) -> str | None:
        return self.round_panel.where.prefix

    def stages(self) -> list[str]:
        return self.round_panel.stages()

    def rounds(self) -> list[Round]:
        return self.round_panel.rounds()

    def current_round(self) -> Round | None:
        return self.round_panel.current_round()

    def shown_round(self) -> Round | None:
        return self.round_panel.shown_round()

    def selected_board(self) -> int | None:
        return self.round_panel.selected_board()

    def selected_game(self) -> Game | None:
        return self.round_panel.selected_game()

    # -- showing the event ------------------------------------------------------------------
    def sync(self) -> None:
        """Every panel from the event the App holds (each patches only what changed)."""
        if not self.query(RoundPanel):  # not composed yet, or gone
            return
        e, lang = self.arb.event, self.arb.lang
        self._synced = (e, lang)
        with self.app.batch_update():
            self.round_panel.show(e, lang)
            self.show_status()
            standings = self.standings
            standings.table = self.table
            standings.stale = True
            if self.view == "standings" or self.wide:
                standings.show(e, lang)
            b = top_bracket(e)
            self.set_class(b is not None, "has-top")
            if self.view == "bracket" or (self.wide and b is not None):
                self.query_one(BracketPanel).show(e, lang, b)
        self.keys_changed()

    def prepare_standings(self) -> None:
        """Once the round is on the screen: the standings made meanwhile (a big event's in a worker), so that the
        judge's first `s` shows them at once."""
        if self.query(StandingsPanel) and self.standings.stale:
            self.standings.show(self.arb.event, self.arb.lang)

    def event_changed(self, event: Event, outside: str | None = None, reopened: bool = False) -> None:
        if reopened:
            self.round_panel.reset()
        elif self._synced and self._synced[0] is event and self._synced[1] == self.arb.lang:
            return  # shown already (this screen's own change, told again by the App)
        # changed by another judge, or from a screen over this one (the phones' reports accepted on R): the cursor
        # as after another judge's result (a dialog's change is this screen's own: it moves the cursor itself)
        elsewhere = outside or (self.app.screen is not self and not isinstance(self.app.screen, ModalScreen))
        shown = self.shown_round() if elsewhere and self.query(RoundPanel) else None
        was = self.selected_game() if shown is not None else None
        self.sync()
        if reopened:
            self.round_panel.cursor_to_first_missing()
        elif shown is not None and (now := self.shown_round()) is not None and now.key != shown.key:
            # another judge paired the next round (or started the top): its first board, not the row the
            # cursor had in the round before (the judge's next burst of results would start there)
            self.round_panel.cursor_to_first_missing()
        elif shown is not None and was is not None and was.result is None:
            self.filled_by_another(shown, was)

    def filled_by_another(self, shown: Round, was: Game) -> None:
        """Another judge entered the board under the cursor: the cursor moves on, as after one's own entry
        (the next key would else open an overwrite question)."""
        now = self.shown_round()
        if now is None or now.key != shown.key:
            return
        try:
            g = now.game(was.board)
        except ArbiterError:
            return
        if g.result is not None and g.second is not None and self.selected_board() == was.board:
            self.round_panel.advance(now, was.board)

    def show_status(self) -> None:
        e, panel = self.arb.event, self.round_panel
        cur = panel.current_round()
        shown = panel.shown_round()
        left = clockmod.remaining(cur, self.arb.now())
        self.query_one(StatusLine).show(status_text(
            self.arb.lang, event_name=e.name, round_no=cur.number if cur else None, rounds_planned=e.rounds_planned,
            stage=panel.stage, table=panel.table, tables=len(panel.tables), missing=cur.missing if cur else None,
            clock_left=left, clock_paused=bool(cur and cur.clock_paused is not None),
            others=list(self.arb.others), viewing=shown.number if shown is not None and shown is not cur else None,
            width=self.size.width or 80, matches_open=matches_open(e, cur), online=publishing.status_parts(self.arb),
            reports=getattr(self.arb, "reports_waiting", 0),
        ))

    # -- what the widgets say ------------------------------------------------------------------
    @on(RoundPanel.Moved)
    def _round_moved(self) -> None:
        self.show_status()
        standings = self.standings
        if standings.table != self.table:
            standings.table = self.table
            if self.view == "standings" or self.wide:
                standings.show(self.arb.event, self.arb.lang)
        self.keys_changed()

    @on(KeyedTable.Highlighted)
    def _highlighted(self) -> None:
        self.keys_changed()

    @on(RoundPanel.BoardChosen)
    def _board_chosen(self, m: RoundPanel.BoardChosen) -> None:
        self.action_line(f"{m.board} ")

    @on(StandingsPanel.PlayerChosen)
    def _player_chosen(self, m: StandingsPanel.PlayerChosen) -> None:
        self.explain_player(m.pid)

    @on(BracketView.Chosen)
    def _match_chosen(self, m: BracketView.Chosen) -> None:
        self.bracket_board(m.bracket, m.key)

    @on(RoundClock.Ticked)
    def _ticked(self) -> None:
        self.tick()

    def on_resize(self, event: events.Resize) -> None:
        was = self.wide
        self.set_class(event.size.width >= 160, "wide")
        if self.wide and not was:
            self.sync()
        self.show_status()
        self.keys_changed()
