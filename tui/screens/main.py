"""The main screen: the current round, the standings, the top; result entry at the speed of slips.

Every change is one call into `core` inside `EventFile.change` (through
`ArbiterApp.apply`); what is shown is always what `EventFile.load()` gave.
The screen only keeps view state: which panel, table and round are shown,
"only missing", and a pending `t` / `a` prefix.

This module holds the screen itself: its layout, the keys (with which apply
now) and the view state. Its parts live beside it, one module each:
`panels.py` (the round, standings and bracket panels, the cursor),
`entry.py` (results: the keys, the ':' line, the questions, the echo),
`round_actions.py` (pairing, changes by hand, undo / redo, the top's start)
and `clock.py` (the round clock, 705.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from core.errors import ArbiterError, message
from core.formats.text import clean, fit
from core.journal_text import translate
from core.model import Event, Game, Round

from ..i18n import tr
from ..widgets.footer import KeysFooter
from ..widgets import clock as clockmod
from ..widgets.bracket import BracketBox
from ..widgets.patch_table import PatchTable
from ..widgets.status import StatusLine, status_text
from .clock import ClockMixin
from .dialogs import TextScreen
from .entry import EntryMixin
from .panels import Memo, PanelsMixin, clean_lines, set_text
from .round_actions import RoundActionsMixin

if TYPE_CHECKING:
    from ..app import ArbiterApp


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


class MainScreen(PanelsMixin, EntryMixin, RoundActionsMixin, ClockMixin, Screen):
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
        self.rung: set = set()  # deadlines whose bell has rung in this session
        self.standings_stale = True  # the standings are computed when they are shown
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
        yield KeysFooter(compact=True)

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
        """The message line; a message wider than the screen takes a second line (and is cut only after it)."""
        import textwrap

        box = self.query_one("#message", Static)
        width = max(8, (self.size.width or 80) - 2)
        text = clean(text)
        lines = textwrap.wrap(text, width, break_long_words=True, break_on_hyphens=False) if len(text) > width else [text]
        if len(lines) > 2:
            lines = [lines[0], fit(" ".join(lines[1:]), width)]
        two = len(lines) > 1
        if box.has_class("two") != two:
            box.set_class(two, "two")
        set_text(box, Text("\n".join(lines), style=style, no_wrap=True, overflow="ellipsis"))

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
            lines.append(f"{entry.seq:>5} {entry.time[:19]} {entry.user}{ssh}: {translate(entry.what, self.arb.lang)}")
        self.app.push_screen(TextScreen(tr(self.arb.lang, "history_title"), clean_lines("\n".join(lines)), wrap=True))

    def action_players(self) -> None:
        from .players import PlayersScreen

        self.app.push_screen(PlayersScreen())
