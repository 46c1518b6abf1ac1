"""The main screen: the current round, the standings, the top; result entry at the speed of slips.

Every change is one call into `core` inside `EventFile.change` (through
`ArbiterApp.apply`); what is shown is always what `EventFile.load()` gave.
The screen only keeps view state: which panel, table and round are shown,
"only missing", and a pending `t` / `a` prefix.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from core import commands, pairing
from core.errors import ArbiterError, Conflict, message
from core.formats.text import clean, fit, scores_before
from core.history import histories, round_records
from core.model import Event, Game, Round, points_text
from core.results import Result
from core.standings import completed_rounds, main_stage, standings

from ..i18n import tiebreak_name, tr
from ..widgets import clock as clockmod
from ..widgets.bracket import BracketBox, BracketView
from ..widgets.patch_table import PatchTable, cell
from ..widgets.status import StatusLine, status_text
from .dialogs import ChoiceScreen, LineScreen, TextScreen

if TYPE_CHECKING:
    from ..app import ArbiterApp


def record(ev: Event, rnd: Round, board: int, result: Result | None, **kw) -> Event:
    """The core call that enters a result in this round, as the command line makes it (per stage)."""
    if rnd.stage == "top":
        from core.top import record_top_result

        return record_top_result(ev, rnd.number, board, result, **kw)
    if rnd.stage == "playoff":
        from core.playoff_event import record_playoff_result

        return record_playoff_result(ev, rnd.number, board, result, **kw)
    return commands.record_result(ev, rnd.stage, rnd.table, rnd.number, board, result, **kw)

PLAIN = {
    "1": Result.FIRST_WINS,
    "0": Result.SECOND_WINS,
    "=": Result.DRAW,
    "+": Result.FORFEIT_SECOND_WINS,  # the first player did not come
    "-": Result.FORFEIT_FIRST_WINS,  # the second player did not come
}
TECHNICAL = {"1": Result.TECHNICAL_FIRST_WINS, "0": Result.TECHNICAL_SECOND_WINS, "=": Result.TECHNICAL_DRAW}
AGREED = {"1": Result.AGREED_FIRST_WINS, "0": Result.AGREED_SECOND_WINS}

# (key, action, description key, shown in the footer, key as displayed)
KEYS: list[tuple[str, str, str, bool, str]] = [
    ("p", "pair", "k_pair", True, "p"),  # first: shown only when it applies, and then it matters most
    ("K", "start_top", "k_top", True, "K"),
    ("1", "result('1')", "k_first", True, "1"),
    ("0", "result('0')", "k_second", True, "0"),
    ("equals_sign", "result('=')", "k_draw", True, "="),
    ("plus", "result('+')", "k_nofirst", False, "+"),
    ("minus", "result('-')", "k_nosecond", False, "-"),
    ("t", "prefix('t')", "k_tech", True, "t"),
    ("a", "prefix('a')", "k_agreed", True, "a"),
    ("x,delete", "clear", "k_clear", False, "x"),
    ("colon", "line", "k_line", True, ":"),
    ("m", "missing", "k_missing", True, "m"),
    ("r", "view('round')", "k_round_view", False, "r"),
    ("s", "view('standings')", "k_standings", True, "s"),
    ("b", "view('bracket')", "k_bracket", False, "b"),
    ("T", "table", "k_table", True, "T"),
    ("S", "stage", "k_stage", False, "S"),
    ("left_square_bracket", "step(-1)", "k_prev", False, "["),
    ("right_square_bracket", "step(1)", "k_next", False, "]"),
    ("u", "undo", "k_undo", True, "u"),
    ("U", "redo", "k_redo", False, "U"),
    ("c", "clock", "k_clock", True, "c"),
    ("P", "players", "k_players", False, "P"),
    ("e", "explain", "k_explain", False, "e"),
    ("w", "swap", "k_swap", False, "w"),
    ("X", "exchange", "k_exchange", False, "X"),
    ("h", "history", "k_history", False, "h"),
    ("L", "lang", "k_lang", False, "L"),
    ("question_mark", "help", "k_help", True, "?"),
    ("q", "quit", "k_quit", True, "q"),
]


# the same keys on a Russian (ЙЦУКЕН) keyboard layout
CYRILLIC = {"t": "е", "a": "ф", "x": "ч", "m": "ь", "r": "к", "s": "ы", "b": "и", "T": "Е", "u": "г", "U": "Г",
            "p": "з", "K": "Л", "c": "с", "P": "З", "e": "у", "w": "ц", "X": "Ч", "h": "р", "L": "Д", "q": "й", "S": "Ы"}


def with_cyrillic(key: str) -> str:
    return ",".join(k + ("," + CYRILLIC[k] if k in CYRILLIC else "") for k in key.split(","))


def _params(action: str) -> tuple:
    """The parameters of an action string: "result('1')" -> ("1",), "step(-1)" -> (-1,)."""
    if "(" not in action:
        return ()
    import ast

    inner = action[action.index("(") + 1:action.rindex(")")]
    try:
        value = ast.literal_eval(f"({inner},)")
    except (ValueError, SyntaxError):
        return ()
    return tuple(value)


class Memo:
    """One value per name, computed again only when its inputs are not the very same objects.

    The event is immutable and a change keeps every part it does not touch
    (the players, the other rounds) as the same object, so identity says
    "unchanged" for free; a reload from disk gives new objects: computed again.
    """

    def __init__(self) -> None:
        self._values: dict[str, tuple[tuple, object]] = {}

    def get(self, name: str, inputs: tuple, compute):
        hit = self._values.get(name)
        if hit is not None and len(hit[0]) == len(inputs) and all(a is b for a, b in zip(hit[0], inputs)):
            return hit[1]
        value = compute()
        self._values[name] = (inputs, value)
        return value


def event_inputs(e: Event, keep_round) -> tuple:
    """Every field of the event but its rounds, then the rounds for which `keep_round` is true."""
    return (tuple(v for k, v in vars(e).items() if k != "rounds" and not k.startswith("_"))
            + tuple(r for r in e.rounds if keep_round(r)))


def set_text(widget: Static, text: Text, layout: bool = False) -> None:
    """Update a Static only when what it shows changes (an update costs a repaint).

    The one-line widgets (status, heads, message) have a fixed size: no layout.
    """
    key = (text.plain, tuple(text.spans), str(text.style), text.justify, text.overflow, text.no_wrap)
    if vars(widget).get("_text_shown") != key:  # (Text's == compares only the text and its spans)
        widget._text_shown = key  # type: ignore[attr-defined]
        widget.update(text, layout=layout)


class MainScreen(Screen):
    AUTO_FOCUS = "#round-table"
    _bindings_pending = False  # a footer check is queued (refresh_bindings)
    _bindings_shown: object = None  # what the footer was last told

    def __init__(self) -> None:
        super().__init__()
        self.view = "round"
        self.table_index = 0
        self.round_no: int | None = None  # None: the current round
        self.only_missing = False
        self.prefix: str | None = None
        self.stage_shown: str | None = None  # None: the current stage (the last one started)
        self.rung: set = set()
        self.standings_stale = True  # the standings are computed when they are shown  # deadlines whose bell has rung in this session
        self._bindings = self.make_bindings("en")
        self.memo = Memo()  # what is computed from the event (scores, standings), by the objects it came from
        self._standings_shown: object = None
        self._round_shown: tuple | None = None
        self._row_cells: dict[int, tuple] = {}  # board -> (game, points, players, lang, cells)
        self._standings_names: dict[int, tuple[str, str]] = {}  # player id -> (name, name fitted)
        self._names: dict[int, tuple[object, str]] = {}  # player id -> (the Player, "Name (id)" fitted)

    # -- bindings in the judge's language ----------------------------------------
    @staticmethod
    def make_bindings(lang: str) -> BindingsMap:
        return BindingsMap(
            [Binding(with_cyrillic(k), a, tr(lang, d), show=s, key_display=kd) for k, a, d, s, kd in KEYS]
            + [Binding("escape", "escape", "", show=False)]
        )

    def refresh_bindings(self) -> None:
        """Tell the footer, once the current handler is done, if the keys it shows changed.

        The footer rebuilds itself (a dozen widgets, styles, layout) on every
        call; a result key used to call this three times (saved, cursor moved,
        row highlighted), with the same keys shown at the end.
        """
        if not self.is_attached:
            super().refresh_bindings()
            return
        if not self._bindings_pending:
            self._bindings_pending = True
            self.call_later(self._publish_bindings)

    def _publish_bindings(self) -> None:
        self._bindings_pending = False
        try:
            sig = (self._bindings, self.arb.lang, self.focused, self.app.screen is self,
                   tuple(self.check_action(b.action.split("(")[0], _params(b.action))
                         for bs in self._bindings.key_to_bindings.values() for b in bs if b.show))
        except Exception:
            sig = None
        if sig is not None and sig == self._bindings_shown:
            return
        self._bindings_shown = sig
        super().refresh_bindings()

    @property
    def arb(self) -> "ArbiterApp":
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield StatusLine(id="status")
        with Horizontal(id="panels"):
            with Vertical(id="round-panel", classes="panel active"):
                yield Static(id="round-head", classes="panel-head")
                yield PatchTable(id="round-table")
            # the bracket before the standings: in the wide layout with a top (a 2x2 grid, app.tcss)
            # it takes the right column, round over standings on the left
            with Vertical(id="bracket-panel", classes="panel"):
                yield Static(id="bracket-head", classes="panel-head")
                yield BracketBox(id="bracket-box")
            with Vertical(id="standings-panel", classes="panel"):
                yield Static(id="standings-head", classes="panel-head")
                yield PatchTable(id="standings-table")
                yield Static(id="standings-legend", classes="legend")
        yield Static(id="message")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#round-table", PatchTable).right_columns = frozenset({"bd", "p1", "p2"})
        self.query_one("#standings-table", PatchTable).right_columns = frozenset({"rk", "id", "pts"})
        self.set_lang(self.arb.lang)
        self.refresh_all()
        self.cursor_to_first_missing()

    def on_resize(self, event) -> None:
        was = self.wide
        self.set_class(event.size.width >= 160, "wide")
        if self.wide and not was:
            self.refresh_all()
        self.refresh_bindings()

    @property
    def wide(self) -> bool:
        return self.has_class("wide")

    def set_lang(self, lang: str) -> None:
        self._bindings = self.make_bindings(lang)
        self.refresh_bindings()

    # -- what is shown -------------------------------------------------------------
    @property
    def event(self) -> Event:
        return self.arb.event

    @property
    def stage(self) -> str:
        if self.stage_shown is not None and self.stage_shown in self.stages():
            return self.stage_shown
        return self.event.current_stage()

    def stages(self) -> list[str]:
        """The stages that have rounds, in playing order (plus the current one)."""
        from core.model import STAGES

        have = {r.stage for r in self.event.rounds} | {self.event.current_stage()}
        return [s for s in STAGES if s in have]

    @property
    def tables(self) -> list[int | None]:
        return self.event.stage_tables(self.stage)

    @property
    def table(self) -> int | None:
        ts = self.tables
        return ts[self.table_index % len(ts)]

    def rounds(self) -> list[Round]:
        return self.event.rounds_of(self.stage, self.table)

    def current_round(self) -> Round | None:
        rs = self.rounds()
        return rs[-1] if rs else None

    def shown_round(self) -> Round | None:
        rs = self.rounds()
        if not rs:
            return None
        if self.round_no is not None:
            for r in rs:
                if r.number == self.round_no:
                    return r
            self.round_no = None
        return rs[-1]

    def selected_board(self) -> int | None:
        key = self.query_one("#round-table", PatchTable).selected_key
        return int(key) if key is not None else None

    def selected_game(self) -> Game | None:
        rnd, b = self.shown_round(), self.selected_board()
        if rnd is None or b is None:
            return None
        try:
            return rnd.game(b)
        except ArbiterError:
            return None

    def say(self, text: str, style: str = "") -> None:
        set_text(self.query_one("#message", Static), Text(clean(text), style=style, no_wrap=True, overflow="ellipsis"))

    def say_error(self, text: str) -> None:
        self.say(text, "bold red")

    # -- refresh ---------------------------------------------------------------------
    def refresh_all(self) -> None:
        if not self.query("#status"):  # not composed yet (or already gone)
            return
        with self.app.batch_update():
            self.refresh_status()
            self.refresh_round()
            self.standings_stale = True
            if self.view == "standings" or self.wide:
                self.refresh_standings()
            if self.view == "bracket" or self.wide:
                self.refresh_bracket()
            else:
                self.set_class(self.arb.top_bracket() is not None, "has-top")
        self.refresh_bindings()

    def refresh_status(self) -> None:
        e = self.event
        cur = self.current_round()
        shown = self.shown_round()
        left = clockmod.remaining(cur, self.arb.now())
        ts = self.tables
        set_text(self.query_one("#status", StatusLine), status_text(
            self.arb.lang, event_name=e.name, round_no=cur.number if cur else None, rounds_planned=e.rounds_planned,
            stage=self.stage, table=self.table, tables=len(ts), missing=cur.missing if cur else None,
            clock_left=left, clock_paused=bool(cur and cur.clock_paused is not None),
            others=self.arb.others, viewing=shown.number if shown is not None and shown is not cur else None,
            width=self.size.width or 80,
        ))

    def refresh_round(self) -> None:
        lang = self.arb.lang
        e = self.event
        rnd = self.shown_round()
        table = self.query_one("#round-table", PatchTable)
        cols = [("bd", tr(lang, "board")), ("first", tr(lang, "first")), ("p1", tr(lang, "pts")),
                ("res", tr(lang, "result")), ("second", tr(lang, "second")), ("p2", tr(lang, "pts"))]
        head = self.query_one("#round-head", Static)
        if rnd is None:
            table.sync(cols, [])
            self._round_shown = None
            set_text(head, Text(tr(lang, "no_round")))
            return
        pts = self.points_shown(e, rnd)
        shown = (rnd, pts, e.players, self.only_missing, self.prefix, lang, table.rebuilds, table.row_count)
        last = self._round_shown
        if last is not None and len(last) == len(shown) and all(a is b or a == b for a, b in zip(last, shown)):
            return  # the same round, points and view as shown: nothing to patch
        rows = []
        cache = self._row_cells
        players = e.players
        for g in rnd.games:
            if self.only_missing and not (g.result is None and g.second is not None):
                continue
            hit = cache.get(g.board)  # the cells of a board whose game, points and players did not change
            if hit is not None and hit[0] is g and hit[1] is pts and hit[2] is players and hit[3] == lang:
                cells = hit[4]
            else:
                cells = self.game_cells(e, g, pts)
                cache[g.board] = (g, pts, players, lang, cells)
            rows.append((str(g.board), cells))
        table.sync(cols, rows)
        self._round_shown = (rnd, pts, e.players, self.only_missing, self.prefix, lang, table.rebuilds, table.row_count)
        missing = [str(g.board) for g in rnd.games if g.result is None]
        where = f" · {tr(lang, 'k_table')} {rnd.table}" if rnd.table is not None else ""
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(f"{tr(lang, 'stage_' + rnd.stage)} {rnd.number}{where}", style="bold")
        if missing:
            t.append(f" · {tr(lang, 'head_missing_one' if len(missing) == 1 else 'head_missing', boards=', '.join(missing))}", style="yellow")
        else:
            t.append(f" · {tr(lang, 'st_complete')}", style="green")
        if self.only_missing:
            t.append(f" · [{tr(lang, 'only_missing')}]", style="reverse")
        if self.prefix:
            t.append(f" · {tr(lang, 'prefix_' + self.prefix)}", style="bold reverse")
        set_text(head, t)

    def before_inputs(self, e: Event, rnd: Round) -> tuple:
        """What the points before `rnd` depend on: the event but this round and the later ones of its table."""
        return (rnd.stage, rnd.table, rnd.number) + event_inputs(e, lambda r: not (r.stage == rnd.stage and r.table == rnd.table
                                                           and r.number >= rnd.number))

    def scores_before(self, e: Event, rnd: Round) -> dict[int, Fraction]:
        """Each player's points before the round (Swiss, round robin), computed once per version of them."""
        if rnd.stage not in ("swiss", "roundrobin"):
            return {}
        return self.memo.get("scores_before", self.before_inputs(e, rnd), lambda: {
            h.id: h.score(e.scoring) for h in histories(e, rnd.stage, rnd.table, rnd.number - 1)})

    def points_shown(self, e: Event, rnd: Round) -> dict[int, str]:
        """The points column: before the round; in the top, before the top (705.2 decides drawn games by them)."""
        if rnd.stage == "top":
            return self.memo.get("points_shown", self.before_inputs(e, rnd), lambda: points_shown(e, rnd))
        scores = self.scores_before(e, rnd)
        return self.memo.get("points_shown", (scores,), lambda: {pid: points_text(x) for pid, x in scores.items()})

    def scores_after(self, e: Event, rnd: Round, g: Game) -> dict[int, Fraction]:
        """The points of the game's players after the round: before it, plus this game (as core counts it)."""
        if rnd.stage not in ("swiss", "roundrobin"):
            return {}
        before = self.scores_before(e, rnd)
        recs = round_records(Round(rnd.stage, rnd.number, (g,), rnd.table), [])
        return {pid: before[pid] + e.scoring.points(recs[pid].outcome) for pid in g.players
                if pid in before and pid in recs}

    def name_cell(self, e: Event, pid: int) -> str:
        """"Name (id)" in 30 columns, cleaned: computed once per version of the player."""
        p = e.player(pid)
        hit = self._names.get(pid)
        if hit is not None and hit[0] is p:
            return hit[1]
        text = fit(f"{p.name} ({p.id})", 30)
        self._names[pid] = (p, text)
        return text

    def game_cells(self, e: Event, g: Game, pts: dict[int, str]):
        a = e.player(g.first)
        first = cell(self.name_cell(e, g.first))
        if g.second is None:
            return (cell(g.board), first, cell(pts.get(a.id, "")), cell(tr(self.arb.lang, "bye"), "dim"),
                    cell(""), cell(""))
        b = e.player(g.second)
        res = cell(str(g.result), "bold") if g.result is not None else cell("·", "yellow")
        mark = "*" if g.manual else ""
        return (cell(g.board), first, cell(pts.get(a.id, "")), res, cell(self.name_cell(e, g.second) + mark),
                cell(pts.get(b.id, "")))

    def refresh_standings(self) -> None:
        self.standings_stale = False
        lang = self.arb.lang
        e = self.event
        stage = main_stage(e)
        table = self.table if stage == "swiss" and e.tables > 1 else None
        codes = list(e.tiebreaks)
        cols = [("rk", tr(lang, "rank")), ("id", tr(lang, "id")), ("name", tr(lang, "name")), ("pts", tr(lang, "pts"))]
        cols += [(f"tb{i}", c) for i, c in enumerate(codes)]
        after = completed_rounds(e, stage, table)
        # computed again only when something they depend on changed: a result in the round in
        # progress (after `after`) does not move the standings of a Swiss
        inputs = (table, after) + event_inputs(e, lambda r: not (stage == "swiss" and r.stage == "swiss"
                                                                and r.number > after))

        def compute():
            rows = standings(e, table=table, after_round=after)
            texts: dict = {}  # each distinct value written once (a thousand rows share a few dozen values)
            names = self._standings_names

            def txt(x) -> str:
                t = texts.get(x)
                if t is None:
                    t = texts[x] = points_text(x)
                return t

            out = []
            for r in rows:
                tbs = tuple(cell(txt(r.tiebreaks[c]) if c in r.tiebreaks else "") for c in codes)
                mark = "=" if r.shared else ""
                name = names.get(r.id)
                if name is None or name[0] != r.name:
                    name = names[r.id] = (r.name, fit(r.name, 28))
                out.append((str(r.id), (cell(f"{r.rank}{mark}"), cell(r.id), cell(name[1]),
                                        cell(txt(r.points), "bold")) + tbs))
            return out

        try:
            out = self.memo.get("standings", inputs, compute)
        except ArbiterError as exc:
            set_text(self.query_one("#standings-head", Static), Text(message(exc, self.arb.lang), style="red"))
            return
        table_widget = self.query_one("#standings-table", PatchTable)
        shown = self._standings_shown
        if not (isinstance(shown, tuple) and shown[0] == cols and shown[1] is out and shown[2] == table_widget.rebuilds
                and table_widget.row_count == len(out)):
            table_widget.sync(cols, out)
            self._standings_shown = (cols, out, table_widget.rebuilds)
        where = f" · {tr(lang, 'k_table')} {table}" if table is not None else ""
        after_txt = f" · {tr(lang, 'st_round', n=after)}" if after else ""
        set_text(self.query_one("#standings-head", Static),
                 Text(f"{tr(lang, 'standings')}{after_txt}{where}", style="bold", no_wrap=True))
        legend = " · ".join(f"{c} {tiebreak_name(lang, c)}" for c in codes)
        set_text(self.query_one("#standings-legend", Static), Text(legend, style="dim"), layout=True)

    def refresh_bracket(self) -> None:
        """The bracket with its match cursor (tui/widgets/bracket.py); the cursor stays on its match."""
        lang = self.arb.lang
        b = self.arb.top_bracket()
        self.set_class(b is not None, "has-top")
        head = Text(tr(lang, "bracket"), style="bold", no_wrap=True, overflow="ellipsis")
        if b is not None:
            head.append(f" · {tr(lang, 'bracket_size', n=b.size)}"
                        + (f" {tr(lang, 'bracket_third')}" if b.third_place_match is not None else ""))
            head.append(f" · {tr(lang, 'bracket_keys')}", style="dim")
        set_text(self.query_one("#bracket-head", Static), head)
        view = self.query_one("#bracket-tree", BracketView)
        view.set_lang(lang)
        view.show(b, {p.id: p.name for p in self.event.players}, tr(lang, "no_top"), lang)

    def on_bracket_view_chosen(self, message: BracketView.Chosen) -> None:
        """Enter on a match of the bracket: the round panel on that match's board, to enter its result."""
        from core.top import match_board

        lang = self.arb.lang
        at = match_board(self.event, message.bracket, message.key)
        if at is None:
            self.say_error(tr(lang, "bracket_no_board"))
            return
        number, board = at
        rs = self.event.rounds_of("top", None)
        self.stage_shown = None if self.event.current_stage() == "top" else "top"
        self.table_index = 0
        self.round_no = None if rs and rs[-1].number == number else number
        self.only_missing = False
        self.prefix = None
        self.action_view("round")
        self.refresh_all()
        self.query_one("#round-table", PatchTable).select_key(str(board))
        self.refresh_bindings()
        self.say(tr(lang, "bracket_board", r=number, b=board), "bold")

    # -- cursor ------------------------------------------------------------------------
    def cursor_to_first_missing(self) -> None:
        rnd = self.shown_round()
        if rnd is None:
            return
        table = self.query_one("#round-table", PatchTable)
        for g in rnd.games:
            if g.result is None:
                table.select_key(str(g.board))
                return
        if rnd.games:
            table.select_key(str(rnd.games[0].board))

    def next_missing_after(self, rnd: Round, board: int) -> int | None:
        games = sorted(rnd.games, key=lambda g: g.board)
        missing = [g.board for g in games if g.result is None and g.board != board]
        after = [b for b in missing if b > board]
        return (after or missing or [None])[0]

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.refresh_bindings()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        # a focused DataTable eats Enter: Enter on a board opens the ':' line for it,
        # Enter on a standings row explains that player's tie-breaks
        if event.row_key is None:
            return
        if event.data_table.id == "round-table":
            self.action_line(f"{event.row_key.value} ")
        elif event.data_table.id == "standings-table":
            self.explain_player(int(event.row_key.value))

    def explain_player(self, pid: int) -> None:
        from core.standings import explain_text

        e = self.event
        table = self.table if main_stage(e) == "swiss" and e.tables > 1 else None
        try:
            text = explain_text(e, pid, table=table, lang=self.arb.lang)
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.app.push_screen(TextScreen(fit(f"{e.player(pid).name} ({pid})", 70), clean_lines(text)))

    # -- which keys apply now -------------------------------------------------------
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        try:
            return self._check(action, parameters)
        except Exception:
            return False

    def _check(self, action: str, parameters: tuple) -> bool | None:
        round_visible = self.view == "round" or self.wide
        if action in ("result", "prefix", "clear"):
            g = self.selected_game()
            if not round_visible or g is None or g.second is None:
                return False
            if action == "prefix" and parameters and parameters[0] == "a":
                rnd = self.shown_round()
                return rnd is not None and rnd.stage == "top"
            if action == "clear":
                return g.result is not None
            return True
        if action in ("line", "missing", "explain"):
            return self.shown_round() is not None
        if action == "table":
            return len(self.tables) > 1
        if action == "stage":
            return len(self.stages()) > 1
        if action == "step":
            rs, shown = self.rounds(), self.shown_round()
            if not rs or shown is None:
                return False
            i = rs.index(shown) + int(parameters[0])
            return 0 <= i < len(rs)
        if action == "pair":
            return self.can_pair()
        if action == "start_top":
            return self.can_start_top()
        if action in ("exchange", "give_bye"):
            rnd = self.shown_round()
            return (round_visible and rnd is not None and rnd is self.current_round()
                    and not any(x.result is not None and x.second is not None for x in rnd.games))
        if action == "swap":
            rnd, g = self.shown_round(), self.selected_game()
            return (round_visible and rnd is not None and rnd is self.current_round() and g is not None
                    and g.second is not None and not any(x.result is not None and x.second is not None for x in rnd.games))
        if action == "clock":
            return self.current_round() is not None
        return True

    def can_start_top(self) -> bool:
        e = self.event
        if not e.top or e.system != "swiss":
            return False
        from core import top

        return top.state(e) is None and top.swiss_finished(e)

    def action_start_top(self) -> None:
        """Preview the top (seeds, the 704.2 aims, the first round), then start it on `y`."""
        from core import top
        from core.bracket_text import bracket_text

        lang = self.arb.lang
        try:
            preview = top.start_top(self.event)
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        b = top.bracket(preview)
        names = {p.id: p.name for p in preview.players}
        body = Text()
        body.append(", ".join(f"{i}. {fit(names[p], 20)} ({p})" for i, p in enumerate(b.seeds, 1)) + "\n\n")
        for line in top.aims(preview, lang=lang):
            body.append(clean(line) + "\n", style="dim")
        body.append("\n")
        body.append(clean_lines(bracket_text(b, names, width=72, lang=lang)))

        def answered(choice: str | None) -> None:
            if choice == "y":
                self.arb.start_top()

        self.app.push_screen(ChoiceScreen(tr(lang, "c_top"), body, [("y", tr(lang, "c_top")), ("n", tr(lang, "cancel"))],
                                          default="y", classes="page"), answered)

    def can_pair(self) -> bool:
        e = self.event
        if self.stage not in ("swiss", "roundrobin"):
            return False
        cur = self.current_round()
        if cur is not None and cur.missing:
            return False
        if self.stage == "swiss" and cur is not None and cur.number >= e.rounds_planned:
            return False
        return len(e.players) >= 2

    # -- views -------------------------------------------------------------------------
    def action_view(self, name: str) -> None:
        self.view = name
        for panel in ("round", "standings", "bracket"):
            self.query_one(f"#{panel}-panel").set_class(panel == name, "active")
        target = {"round": "#round-table", "standings": "#standings-table", "bracket": "#bracket-tree"}[name]
        self.query_one(target).focus()
        if name == "bracket":
            self.refresh_bracket()
        if name == "standings" and self.standings_stale:
            self.refresh_standings()
        self.refresh_bindings()

    def action_table(self) -> None:
        self.table_index = (self.table_index + 1) % len(self.tables)
        self.round_no = None
        self.prefix = None
        self.refresh_all()
        self.cursor_to_first_missing()
        self.say(f"{tr(self.arb.lang, 'k_table')} {self.table}")

    def action_stage(self) -> None:
        stages = self.stages()
        i = (stages.index(self.stage) + 1) % len(stages)
        self.stage_shown = None if stages[i] == self.event.current_stage() else stages[i]
        self.table_index = 0
        self.round_no = None
        self.prefix = None
        self.refresh_all()
        self.cursor_to_first_missing()
        self.say(tr(self.arb.lang, "stage_" + self.stage))

    def action_step(self, delta: int) -> None:
        rs, shown = self.rounds(), self.shown_round()
        if not rs or shown is None:
            return
        i = max(0, min(len(rs) - 1, rs.index(shown) + delta))
        self.round_no = None if i == len(rs) - 1 else rs[i].number
        self.prefix = None
        self.refresh_all()
        self.cursor_to_first_missing()

    def action_missing(self) -> None:
        self.only_missing = not self.only_missing
        self.refresh_round()
        if self.selected_board() is None or (self.selected_game() and self.selected_game().result is not None):
            self.cursor_to_first_missing()
        self.refresh_bindings()

    def action_escape(self) -> None:
        if self.prefix:
            self.prefix = None
            self.say("")
            self.refresh_round()
        elif self.round_no is not None:
            self.round_no = None
            self.refresh_all()
            self.cursor_to_first_missing()
        elif self.view != "round":
            self.action_view("round")

    def action_lang(self) -> None:
        self.arb.lang = "ru" if self.arb.lang == "en" else "en"
        self.arb.label_palette()
        self.set_lang(self.arb.lang)
        self.refresh_all()
        self.say(tr(self.arb.lang, "lang_now"))

    def action_quit(self) -> None:
        self.app.exit()

    def action_help(self) -> None:
        from .help import help_text

        self.app.push_screen(TextScreen(tr(self.arb.lang, "help_title"), help_text(self.arb.lang),
                                        tr(self.arb.lang, "help_close"), wrap=True))

    def action_history(self) -> None:
        """The journal: who changed what, newest first (the same as `arbiter log`)."""
        try:
            entries = self.arb.file.history()
        except (ArbiterError, OSError) as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        lines = []
        for entry in reversed(entries[-500:]):
            ssh = f"@{entry.ssh}" if entry.ssh else ""
            lines.append(f"{entry.seq:>5} {entry.time[:19]} {entry.user}{ssh}: {entry.what}")
        self.app.push_screen(TextScreen(tr(self.arb.lang, "history_title"), clean_lines("\n".join(lines))))

    def action_players(self) -> None:
        from .players import PlayersScreen

        self.app.push_screen(PlayersScreen())

    # -- results -------------------------------------------------------------------------
    def action_prefix(self, p: str) -> None:
        self.prefix = p
        self.refresh_round()
        self.say(tr(self.arb.lang, "prefix_" + p), "bold")
        self.refresh_bindings()

    def action_result(self, key: str) -> None:
        forms = {"t": TECHNICAL, "a": AGREED}.get(self.prefix or "", PLAIN)
        self.prefix = None
        result = forms.get(key)
        board = self.selected_board()
        if result is None or board is None:
            self.refresh_round()
            self.say("")
            return
        self.enter_result(board, result)

    def action_clear(self) -> None:
        board = self.selected_board()
        if board is not None:
            self.enter_result(board, None)

    def enter_result(self, board: int, result: Result | None, rnd: Round | None = None) -> None:
        """Enter a result on a board of the shown round: ask first over a different one."""
        rnd = rnd or self.shown_round()
        if rnd is None:
            return
        try:
            g = rnd.game(board)
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        shown = g.result
        if shown == result:
            self.echo(rnd, board)
            self.advance(rnd, board)
            return
        if shown is not None or rnd is not self.current_round():
            body = self.change_preview(rnd, board, result)
            if body is None:
                return
            lang = self.arb.lang

            def answered(choice: str | None) -> None:
                if choice == "y":
                    self.write_result(rnd, board, result, shown)
                else:
                    self.say("")

            title = tr(lang, "change_title")
            # no default: Enter by reflex must not overwrite a result
            self.app.push_screen(ChoiceScreen(title, body, [("y", tr(lang, "save")), ("n", tr(lang, "cancel"))],
                                              classes="ask"), answered)
            return
        self.write_result(rnd, board, result, shown)

    def write_result(self, rnd: Round, board: int, result: Result | None, expected: Result | None,
                     force: bool = False) -> None:
        stage, table, k = rnd.stage, rnd.table, rnd.number
        where = f" table {table}" if table is not None else ""
        what = f"result {stage} round {k}{where} board {board}: {result if result is not None else 'cleared'}"
        def echo_now() -> None:  # the echo first: it is painted with the panels, not a frame later
            try:
                self.echo(self.event.find_round(stage, table, k), board)
            except ArbiterError:
                pass

        try:
            self.arb.apply(lambda ev: record(ev, rnd, board, result, by=self.arb.user, expected=expected,
                                             force=force), what, saved=echo_now)
        except Conflict as exc:
            self.arb.reload()
            lang = self.arb.lang
            said = message(exc, lang)
            body = Text(clean(said) + "\n\n" + tr(lang, "conflict_q", new=result if result else tr(lang, "no_result")))

            def answered(choice: str | None) -> None:
                if choice == "o":
                    self.write_result(rnd, board, result, expected, force=True)
                else:
                    self.say(said, "yellow")

            self.app.push_screen(ChoiceScreen(tr(lang, "conflict_title"), body,
                                              [("o", tr(lang, "overwrite")), ("k", tr(lang, "keep"))], classes="ask"),
                                 answered)
            return
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        try:
            new_rnd = self.event.find_round(stage, table, k)
        except ArbiterError:
            return
        self.echo(new_rnd, board)
        now_shown = self.shown_round()
        if now_shown is not None and now_shown.key != new_rnd.key:  # the top paired its next round
            self.refresh_round()
            self.cursor_to_first_missing()
            self.refresh_bindings()
            return
        self.advance(new_rnd, board)

    def advance(self, rnd: Round, board: int) -> None:
        nxt = self.next_missing_after(rnd, board)
        self.refresh_round()
        table = self.query_one("#round-table", PatchTable)
        table.select_key(str(nxt if nxt is not None else board))
        self.refresh_bindings()

    def echo(self, rnd: Round, board: int) -> None:
        e, lang = self.event, self.arb.lang
        g = rnd.game(board)
        a = e.player(g.first)
        res = str(g.result) if g.result is not None else tr(lang, "no_result")
        if g.second is None:
            self.say(tr(lang, "echo_bye", b=board, first=f"{a.name} ({a.id})", res=res))
            return
        b = e.player(g.second)
        scores = self.scores_after(e, rnd, g)
        p1 = points_text(scores[a.id]) if a.id in scores else "-"
        p2 = points_text(scores[b.id]) if b.id in scores else "-"
        self.say(tr(lang, "echo", b=board, first=f"{a.name} ({a.id})", res=res, second=f"{b.name} ({b.id})",
                    p1=p1, p2=p2), "bold")

    def change_preview(self, rnd: Round, board: int, result: Result | None) -> Text | None:
        """What the change does: the result, scores and places, and later rounds paired on the old result."""
        e, lang = self.event, self.arb.lang
        g = rnd.game(board)
        try:
            new = record(e, rnd, board, result, expected=g.result)
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return None
        old_txt = str(g.result) if g.result is not None else tr(lang, "no_result")
        new_txt = str(result) if result is not None else tr(lang, "no_result")
        t = Text()
        who = tr(lang, "by", who=g.by) if g.by else ""
        t.append(tr(lang, "replace_q", b=board, old=old_txt, by=clean(who), new=new_txt) + "\n\n", style="bold")
        t.append(tr(lang, "change_result", r=rnd.number, b=board, old=old_txt, new=new_txt) + "\n")
        if rnd.stage in ("swiss", "roundrobin"):
            table = rnd.table if rnd.stage == "swiss" else None
            after = max(rnd.number, completed_rounds(e, rnd.stage, table))
            try:
                before_rows = {r.id: r for r in standings(e, table=table, after_round=after, stage=rnd.stage)}
                after_rows = {r.id: r for r in standings(new, table=table, after_round=after, stage=rnd.stage)}
            except ArbiterError:
                before_rows, after_rows = {}, {}
            changed = [pid for pid in after_rows if pid in before_rows and (
                after_rows[pid].points != before_rows[pid].points or after_rows[pid].rank != before_rows[pid].rank)]
            changed.sort(key=lambda pid: (pid not in g.players, after_rows[pid].rank))
            for pid in changed[:12]:
                o, n = before_rows[pid], after_rows[pid]
                t.append(tr(lang, "change_player", name=fit(e.player(pid).name, 28), p0=points_text(o.points),
                            p1=points_text(n.points), r0=o.rank, r1=n.rank) + "\n")
            if len(changed) > 12:
                t.append(f"… +{len(changed) - 12}\n")
            later = [str(r.number) for r in e.rounds_of(rnd.stage, table) if r.number > rnd.number]
            if later:
                t.append("\n" + tr(lang, "change_later", rounds=", ".join(later)) + "\n", style="bold yellow")
            else:
                t.append("\n" + tr(lang, "change_none") + "\n", style="dim")
        return t

    def action_line(self, value: str = "") -> None:
        lang = self.arb.lang

        def done(text: str | None) -> None:
            if text:
                self.run_line(text)

        self.app.push_screen(LineScreen(tr(lang, "line_prompt"), value=value, classes="line"), done)

    def run_line(self, text: str) -> None:
        """`12` jumps to board 12; `12 1-0` / `12 =` enters a result; `12 m45` stores the number of moves."""
        lang = self.arb.lang
        m = re.fullmatch(r"\s*([rRtTрРтТ])\s*(\d+)\s*", text)
        if m:  # r3: show round 3; t2: show table 2
            self.goto(m.group(1).lower() in "rр", int(m.group(2)))
            return
        parts = text.strip().split(None, 1)
        rnd = self.shown_round()
        if not parts or rnd is None:
            return
        try:
            board = int(parts[0])
        except ValueError:
            self.say_error(tr(lang, "line_bad", text=text.strip()))
            return
        if board not in {g.board for g in rnd.games}:
            self.say_error(tr(lang, "no_board", b=board))
            return
        if len(parts) == 1:
            if self.only_missing and rnd.game(board).result is not None:
                self.only_missing = False
                self.refresh_round()
            self.query_one("#round-table", PatchTable).select_key(str(board))
            self.refresh_bindings()
            return
        rest = parts[1].strip()
        if rest.lower().startswith("m") and rest[1:].strip().isdigit():
            self.set_moves(rnd, board, int(rest[1:].strip()))
            return
        try:
            result = Result.parse(rest)
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        if self.only_missing and rnd.game(board).result is not None:
            self.only_missing = False
            self.refresh_round()
        self.query_one("#round-table", PatchTable).select_key(str(board))
        self.enter_result(board, result, rnd)

    def goto(self, is_round: bool, n: int) -> None:
        lang = self.arb.lang
        if is_round:
            rs = self.rounds()
            if n not in {r.number for r in rs}:
                self.say_error(tr(lang, "no_such_round", n=n))
                return
            self.round_no = None if rs and rs[-1].number == n else n
        else:
            if n not in self.tables:
                self.say_error(tr(lang, "no_such_table", n=n))
                return
            self.table_index = self.tables.index(n)
            self.round_no = None
        self.prefix = None
        self.refresh_all()
        self.cursor_to_first_missing()

    def set_moves(self, rnd: Round, board: int, moves: int) -> None:
        g = rnd.game(board)
        if g.result is None:
            self.say_error(tr(self.arb.lang, "line_bad", text=f"{board} m{moves}"))
            return
        stage, table, k = rnd.stage, rnd.table, rnd.number
        try:
            self.arb.apply(lambda ev: record(ev, rnd, board, g.result, by=self.arb.user, expected=g.result,
                                             moves=moves),
                           f"moves {stage} round {k} board {board}: {moves}")
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.say(tr(self.arb.lang, "moves_saved", b=board, n=moves))

    # -- undo / redo -----------------------------------------------------------------------
    def action_undo(self) -> None:
        try:
            what = self.arb.undo()
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.say(tr(self.arb.lang, "undone", what=what))

    def action_redo(self) -> None:
        try:
            what = self.arb.redo()
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.say(tr(self.arb.lang, "redone", what=what))

    # -- pairing ---------------------------------------------------------------------------
    def action_pair(self) -> None:
        """The pairing of the next round, shown before it is saved: changes by hand, then `y` saves it."""
        from core import preview

        from .preview import PreviewScreen

        table = self.table if self.stage == "swiss" else None
        try:
            proposal = preview.propose(self.event, table)
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.app.push_screen(PreviewScreen(proposal, self.arb.lang), self.paired)

    def paired(self, saved: tuple[str, str] | None) -> None:
        """Back from the pairing preview: the new round under the cursor, or nothing saved."""
        if saved is None:
            self.say(tr(self.arb.lang, "pv_cancelled"))
            return
        self.round_no = None
        self.only_missing = False
        self.refresh_all()
        self.cursor_to_first_missing()
        self.say(*saved)

    def action_explain(self) -> None:
        rnd = self.shown_round()
        if rnd is None:
            return
        try:
            text = pairing.explain_round(self.event, rnd, lang=self.arb.lang)
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.app.push_screen(TextScreen(tr(self.arb.lang, "explain_title", n=rnd.number), clean_lines(text)))

    def action_swap(self) -> None:
        rnd, board = self.shown_round(), self.selected_board()
        if rnd is None or board is None:
            return
        try:
            self.arb.apply(lambda ev: pairing.swap_colours(ev, rnd.stage, rnd.table, rnd.number, board),
                           f"swap colours on board {board}")
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        warnings = pairing.warnings_for(self.event, self.shown_round(), lang=self.arb.lang)
        self.say(tr(self.arb.lang, "swapped", b=board) + ("; " + "; ".join(warnings) if warnings else ""),
                 "yellow" if warnings else "")

    def action_exchange(self) -> None:
        lang = self.arb.lang
        self.arb.prompt(tr(lang, "exchange_prompt"), self.exchange)

    def action_give_bye(self) -> None:
        lang = self.arb.lang
        self.arb.prompt(tr(lang, "give_bye_prompt"), self.give_bye)

    def give_bye(self, text: str) -> None:
        rnd = self.shown_round()
        try:
            pid = int(text.strip())
        except ValueError:
            self.say_error(tr(self.arb.lang, "not_number", text=text.strip()))
            return
        if rnd is None:
            return
        try:
            self.arb.apply(lambda ev: pairing.give_bye(ev, rnd.stage, rnd.table, rnd.number, pid),
                           f"bye by hand for player {pid}")
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.show_warnings()

    def show_warnings(self) -> None:
        rnd = self.shown_round()
        if rnd is None:
            return
        warnings = pairing.warnings_for(self.event, rnd, lang=self.arb.lang)
        if warnings:
            self.say("; ".join(warnings), "yellow")
        else:
            self.say(tr(self.arb.lang, "saved"))

    def exchange(self, text: str) -> None:
        rnd = self.shown_round()
        try:
            a, b = (int(x) for x in text.replace(",", " ").split())
        except ValueError:
            self.say_error(tr(self.arb.lang, "line_bad", text=text))
            return
        if rnd is None:
            return
        try:
            self.arb.apply(lambda ev: pairing.exchange(ev, rnd.stage, rnd.table, rnd.number, a, b),
                           f"exchange players {a} and {b}")
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.show_warnings()

    def unpair(self) -> None:
        rnd = self.current_round()
        if rnd is None:
            return
        try:
            self.arb.apply(lambda ev: commands.unpair_round(ev, rnd.stage, rnd.table, rnd.number),
                           f"take back the pairing of round {rnd.number}")
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.round_no = None
        self.refresh_all()
        self.say(tr(self.arb.lang, "unpaired", n=rnd.number))

    # -- round clock (705.3) ------------------------------------------------------------------
    def action_clock(self) -> None:
        lang = self.arb.lang
        rnd = self.current_round()
        if rnd is None:
            return
        e = self.event
        left = clockmod.remaining(rnd, self.arb.now())
        body = Text(tr(lang, "clock_none") if left is None else
                    tr(lang, "st_paused" if rnd.clock_paused is not None else "st_clock", t=clockmod.fmt(left)))
        choices = [("4", tr(lang, "clock_start_swiss", m=e.round_minutes)),
                   ("7", tr(lang, "clock_start_top", m=e.top_minutes)),
                   ("p", tr(lang, "clock_pause")), ("+", tr(lang, "clock_add")), ("-", tr(lang, "clock_sub")),
                   ("x", tr(lang, "clock_stop"))]
        if len(self.tables) > 1:
            choices.insert(1, ("a", tr(lang, "clock_all", m=e.round_minutes)))

        def answered(choice: str | None) -> None:
            if choice:
                self.clock_do(choice)

        self.app.push_screen(ChoiceScreen(tr(lang, "clock_title"), body, choices, classes="ask clock"), answered)

    def clock_do(self, choice: str) -> None:
        lang = self.arb.lang
        rnd = self.current_round()
        if rnd is None:
            return
        now = self.arb.now()
        e = self.event
        if choice == "a":
            self.clock_all_tables(e.round_minutes)
            return
        if choice == "4":
            params, msg = clockmod.start(e.round_minutes, now), tr(lang, "clock_started", m=e.round_minutes)
        elif choice == "7":
            params, msg = clockmod.start(e.top_minutes, now), tr(lang, "clock_started", m=e.top_minutes)
        elif choice == "p":
            params = clockmod.pause_or_resume(rnd, now)
            msg = tr(lang, "clock_paused_msg" if params["paused"] is not None else "clock_resumed")
        elif choice in ("+", "-"):
            params = clockmod.add(rnd, now, 5 if choice == "+" else -5)
            left = clockmod.remaining(Round(rnd.stage, rnd.number, (), rnd.table, params["deadline"], params["paused"]), now)
            msg = tr(lang, "st_clock", t=clockmod.fmt(left or 0))
        else:
            params, msg = clockmod.clear(), tr(lang, "clock_cleared")
        try:
            self.arb.apply(lambda ev: commands.set_clock(ev, rnd.stage, rnd.table, rnd.number, **params),
                           f"round clock {rnd.stage} round {rnd.number}" + (f" table {rnd.table}" if rnd.table else ""))
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.say(msg)

    def clock_all_tables(self, minutes: int) -> None:
        """One change: the same deadline for the current round of every table."""
        params = clockmod.start(minutes, self.arb.now())
        stage = self.stage

        def start_all(ev: Event) -> Event:
            for t in ev.stage_tables(stage):
                rs = ev.rounds_of(stage, t)
                if rs:
                    ev = commands.set_clock(ev, stage, t, rs[-1].number, **params)
            return ev

        try:
            self.arb.apply(start_all, f"round clock {stage}: {minutes} minutes on every table")
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.say(tr(self.arb.lang, "clock_started", m=minutes))

    def tick(self) -> None:
        """Every second: the clock in the status line; at zero (on any table) the bell and the 705.3 reminder."""
        self.refresh_status()
        if self.app.screen is not self:
            return  # a dialog is open: ring when it is closed
        now = self.arb.now()
        shown = self.table
        order = [shown] + [t for t in self.tables if t != shown]
        for t in order:
            rs = self.event.rounds_of(self.stage, t)
            rnd = rs[-1] if rs else None
            left = clockmod.remaining(rnd, now)
            if rnd is None or left is None or left > 0 or not clockmod.running(rnd) or not rnd.missing:
                continue
            key = (rnd.key, rnd.clock_deadline)
            if key in self.rung:
                continue
            self.rung.add(key)
            self.app.bell()
            self.time_up(rnd)
            return

    def time_up(self, rnd: Round) -> None:
        lang = self.arb.lang
        boards = [g.board for g in rnd.games if g.result is None and g.second is not None]
        where = f"{tr(lang, 'k_table')} {rnd.table}: " if rnd.table is not None and len(self.tables) > 1 else ""
        body = Text(where + tr(lang, "time_up_text", boards=", ".join(map(str, boards))))

        def answered(choice: str | None) -> None:
            if choice == "d":
                self.technical_draws(rnd, boards)
            elif choice == "e":
                if rnd.table in self.tables:
                    self.table_index = self.tables.index(rnd.table)
                self.round_no = None
                self.only_missing = True
                self.action_view("round")
                self.refresh_all()
                self.cursor_to_first_missing()
                self.action_prefix("t")

        self.app.push_screen(ChoiceScreen(tr(lang, "time_up_title"), body,
                                          [("e", tr(lang, "time_up_enter")), ("d", tr(lang, "time_up_draw"))],
                                          default="e", classes="ask alarm"), answered)

    def technical_draws(self, rnd: Round, boards: list[int]) -> None:
        stage, table, k = rnd.stage, rnd.table, rnd.number

        def all_draws(ev: Event) -> Event:
            for b in boards:
                ev = record(ev, rnd, b, Result.TECHNICAL_DRAW, by=self.arb.user, expected=None)
            return ev

        try:
            self.arb.apply(all_draws, f"technical draws (705.3) round {k} boards {', '.join(map(str, boards))}")
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.say(tr(self.arb.lang, "tech_draws", boards=", ".join(map(str, boards))))


def clean_lines(text: str) -> Text:
    return Text("\n".join(clean(line) for line in text.splitlines()))


def points_shown(e: Event, rnd: Round) -> dict[int, str]:
    """Points before the round; in the top, the points before the top (705.2 decides drawn games by them)."""
    if rnd.stage == "top":
        try:
            from core.top import points_before_top

            return {pid: points_text(x) for pid, x in points_before_top(e).items()}
        except (ImportError, ArbiterError):
            return {}
    return scores_before(e, rnd)
