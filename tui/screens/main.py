"""The main screen: the current round, the standings, the top; result entry at the speed of slips.

It lays out its widgets (the status line, the round, standings and bracket
panels, the progress line, the message line, the footer), hands them the
event when it changes, and does the actions of the "main" scope of the
action table (tui/actions.py): each is one call into `core` through
`run_change` (one transaction; a refusal is said on the message line).

Where the judge is (stage, table, round, the cursor) is the round panel's;
the screen keeps only which panel is shown at 80 columns. Pairing and
explanations run as a job (tui/widgets/progress.py): the screen keeps
answering, the progress line says what is under way, Esc stops it.
"""

from __future__ import annotations

import re
import shutil
from functools import partial

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal

from arbiter.core import commands as cmds
from arbiter.core import teams as team_event
from arbiter.core.pairing import rounds as pairing
from arbiter.core.errors import ArbiterError, Conflict, message
from arbiter.core.msg.cells import clean, fit
from arbiter.core.msg.journal import translate
from arbiter.core.event.model import Event, Game, Round
from arbiter.core.event.results import Result

from .. import actions
from ..actions import why
from ..i18n import tr
from ..widgets import clock as clockmod
from ..widgets.bracket import BracketPanel, BracketView
from ..widgets.keys_bar import KeysBar
from ..widgets.match_rows import board_number, matches_open
from ..widgets.progress import Job, ProgressLine, with_progress
from ..widgets.round_clock import RoundClock
from ..widgets.round_panel import RoundPanel, top_bracket
from ..widgets.standings_panel import StandingsPanel
from ..widgets.status import MessageLine, StatusLine, status_text
from . import by_player
from . import team_edits  # noqa: F401 (registers the actions of a team event: tui/actions.py handler)
from .base import ArbiterScreen
from .clock import AlarmScreen, ask_minutes
from .dialogs import ChoiceScreen, TextScreen
from .entry import change_preview, clean_lines, playoff_preview_body, result_of, wrapped_lines
from .top_preview import open_preview


class MainScreen(ArbiterScreen):
    ACTION_SCOPE = "main"
    BINDINGS = actions.bindings("main")
    AUTO_FOCUS = "#round-table"

    def __init__(self) -> None:
        super().__init__()
        self.view = "round"  # the panel shown at 80 columns
        self.alarm: AlarmScreen | None = None  # the open 705.3 reminder
        self._proposal_ready: object = None  # a pairing that finished while the judge was on another screen

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
        self._standings = self.query_one(StandingsPanel)
        self.sync()
        self.round_panel.cursor_to_first_missing()
        self.watch(self.app, "others", lambda _others: self.show_status(), init=False)

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

    def event_changed(self, event: Event, outside: str | None = None, reopened: bool = False) -> None:
        if reopened:
            self.round_panel.reset()
        elif self._synced and self._synced[0] is event and self._synced[1] == self.arb.lang:
            return  # shown already (this screen's own change, told again by the App)
        shown = self.shown_round() if outside and self.query(RoundPanel) else None
        was = self.selected_game() if shown is not None else None
        self.sync()
        if reopened:
            self.round_panel.cursor_to_first_missing()
        elif shown is not None and (now := self.shown_round()) is not None and now.key != shown.key:
            # another judge paired the next round (or started the top): its first board, not the row the
            # cursor had in the round before (the judge's next burst of results would start there)
            self.round_panel.cursor_to_first_missing()
        elif was is not None and was.result is None:
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
            width=self.size.width or 80, matches_open=matches_open(e, cur),
        ))

    def on_round_panel_moved(self, m: RoundPanel.Moved) -> None:
        self.show_status()
        standings = self.standings
        if standings.table != self.table:
            standings.table = self.table
            if self.view == "standings" or self.wide:
                standings.show(self.arb.event, self.arb.lang)
        self.keys_changed()

    def on_keyed_table_highlighted(self, m) -> None:
        self.keys_changed()

    def on_round_panel_board_chosen(self, m: RoundPanel.BoardChosen) -> None:
        self.action_line(f"{m.board} ")

    def on_standings_panel_player_chosen(self, m: StandingsPanel.PlayerChosen) -> None:
        self.explain_player(m.pid)

    def on_resize(self, event) -> None:
        was = self.wide
        self.set_class(event.size.width >= 160, "wide")
        if self.wide and not was:
            self.sync()
        self.show_status()
        self.keys_changed()

    # -- the clock's tick -------------------------------------------------------------------
    def on_round_clock_ticked(self, m: RoundClock.Ticked) -> None:
        self.tick()

    def tick(self) -> None:
        """Every second: the clock in the status line; at zero (on any table) the bell and the 705.3 reminder."""
        self.show_status()
        if self.app.screen is not self:
            return  # a dialog is open: ring when it is closed
        shown = self.table
        order = [shown] + [t for t in self.tables if t != shown]
        rnd = self.query_one(RoundClock).due(self.event, self.stage, order, self.arb.now())
        if rnd is not None:
            self.app.bell()
            self.time_up(rnd)

    def time_up(self, rnd: Round) -> None:
        lang = self.arb.lang
        screen = AlarmScreen(rnd, lang, len(self.tables) > 1, actions.choices("alarm", self, lang))
        self.alarm = screen

        def answered(choice: str | None) -> None:
            a = actions.chosen("alarm", choice) if choice else None
            if a is not None:
                actions.run(self, a.id)
            self.alarm = None

        self.app.push_screen(screen, answered)

    def alarm_enter(self) -> None:
        """The reminder's e: that table's unfinished boards, only missing, technical result pending."""
        rnd = self.alarm.rnd if self.alarm is not None else self.current_round()
        panel = self.round_panel
        tables = self.tables
        index = tables.index(rnd.table) if rnd.table in tables else panel.where.table_index
        panel.go(table_index=index, round_no=None, only_missing=True, prefix=None)
        self.action_view("round")
        self.sync()
        panel.cursor_to_first_missing()
        self.action_prefix("t")

    def alarm_draws(self) -> None:
        """The reminder's d: a technical draw on every board still unfinished, in one change (asks first)."""
        if self.alarm is None:
            return
        rnd, boards = self.alarm.rnd, list(self.alarm.boards)
        lang = self.arb.lang
        self.ask_yes(tr(lang, "time_up_title"), tr(lang, "tech_draws_q", boards=", ".join(map(str, boards))),
                     lambda: self.technical_draws(rnd, boards), yes=tr(lang, "tech_draws_yes"),
                     no=lambda: self.remind_again(rnd))

    def remind_again(self, rnd: Round) -> None:
        """No to the technical draws: the reminder again, with the boards still unfinished now."""
        from .clock import unfinished

        try:
            now = self.event.find_round(rnd.stage, rnd.table, rnd.number)
        except ArbiterError:
            return
        if unfinished(now):
            self.time_up(now)

    def technical_draws(self, rnd: Round, boards: list[int]) -> None:
        self.run_change(cmds.TechnicalDraws(rnd.stage, rnd.table, rnd.number, tuple(boards), by=self.arb.by),
                        then=lambda _new: self.say(tr(self.arb.lang, "tech_draws", boards=", ".join(map(str, boards)))))

    # -- results ------------------------------------------------------------------------------
    def action_prefix(self, p: str) -> None:
        self.round_panel.go(prefix=p)
        self.say(tr(self.arb.lang, "prefix_" + p), "bold")

    def enter_key(self, key: str) -> None:
        """1 0 = + -: the result on the board under the cursor (after t or a: technical or agreed)."""
        panel = self.round_panel
        result = result_of(key, panel.where.prefix)
        if panel.where.prefix:
            panel.go(prefix=None)
        board = panel.selected_board()
        if result is None or board is None:
            self.say("")
            return
        self.enter_result(board, result)

    def action_clear(self) -> None:
        board = self.selected_board()
        if board is not None:
            self.enter_result(board, None)

    def enter_result(self, board: int, result: Result | None, rnd: Round | None = None, note: str = "") -> None:
        """Enter a result on a board of the shown round: ask first over a different one (`note` goes before the
        echo: how the board was found)."""
        rnd = rnd or self.shown_round()
        if rnd is None:
            return
        if self.arb.changing:  # (the ':' line too: the screen does not show the board as it will be yet)
            self.say_why(tr(self.arb.lang, "why_waiting"))
            return
        g = self.attempt(rnd.game, board)
        if g is None:
            return
        shown = g.result
        if shown == result:
            text, style = self.round_panel.echo(rnd, board)
            self.say(note + text, style)
            self.round_panel.advance(rnd, board)
            return
        if shown is not None or rnd is not self.current_round():
            lang = self.arb.lang
            body = self.attempt(change_preview, self.event, rnd, board, result, lang)
            if body is None:
                return

            def answered(choice: str | None) -> None:
                if choice == "y":
                    self.write_result(rnd, board, result, shown, note=note)
                else:
                    self.say("")

            # no default: Enter by reflex must not overwrite a result
            self.app.push_screen(ChoiceScreen(tr(lang, "change_title"), body,
                                              [("y", tr(lang, "save")), ("n", tr(lang, "cancel"))], classes="ask"),
                                 answered)
            return
        self.write_result(rnd, board, result, shown, note=note)

    def write_result(self, rnd: Round, board: int, result: Result | None, expected: Result | None,
                     force: bool = False, note: str = "") -> None:
        before = self.event

        def written(new: Event) -> None:
            self.result_written(rnd, board, result, note)
            self.offer_repair(before, new)

        enter = cmds.ClearResult if result is None else cmds.RecordResult
        self.run_change(enter(rnd.stage, rnd.table, rnd.number, board, result=result, by=self.arb.by,
                              expected=expected, force=force), then=written,
                        on_conflict=lambda exc: self.conflict(exc, rnd, board, result, expected))

    def result_written(self, rnd: Round, board: int, result: Result | None, note: str = "") -> None:
        """The echo, and the cursor on: to the next board without a result (after a clear: stays on it)."""
        stage, table, k = rnd.stage, rnd.table, rnd.number
        try:
            new_rnd = self.event.find_round(stage, table, k)
        except ArbiterError:
            return
        text, style = self.round_panel.echo(new_rnd, board)
        self.say(note + text, style)
        now_shown = self.shown_round()
        if now_shown is not None and now_shown.key != new_rnd.key:  # the top paired its next round
            self.round_panel.cursor_to_first_missing()
            self.keys_changed()
            return
        if result is None:  # a clear: the correction typed next belongs to this board
            self.round_panel.refresh_rows()
            self.round_panel.select(board)
        else:
            self.round_panel.advance(new_rnd, board)
        self.keys_changed()

    def offer_repair(self, before: Event, after: Event) -> None:
        """A past result corrected, and the round paired on the old one has no result yet: take it back and pair
        it again? (one question; Enter or anything but y keeps it: `core.pairing.corrections`)."""
        from arbiter.core.pairing import corrections

        found = corrections.round_paired_on(before, after)
        if found is None:
            return
        lang = self.arb.lang
        where = tr(lang, "repair_where", t=found.table) if found.table is not None and len(self.tables) > 1 else ""
        body = Text(tr(lang, "repair_q", r=found.number, c=found.corrected, where=where))

        def answered(choice: str | None) -> None:
            if choice != "y":
                return

            def taken_back(_new: Event) -> None:
                index = self.tables.index(found.table) if found.table in self.tables else 0
                self.round_panel.go(table_index=index, round_no=None, prefix=None)
                self.sync()
                self.say(tr(lang, "unpaired", n=found.number))
                self.pair_table(found.table, note=tr(lang, "repair_note", n=found.number),
                                cancelled=tr(lang, "repair_cancelled", n=found.number))

            self.run_change(cmds.Unpair(found.stage, found.table, found.number), then=taken_back)

        self.app.push_screen(ChoiceScreen(tr(lang, "repair_title"), body,
                                          [("y", tr(lang, "repair_yes")), ("n", tr(lang, "repair_no"))],
                                          default="n", classes="ask"), answered)

    def conflict(self, exc: Conflict, rnd: Round, board: int, result: Result | None, expected: Result | None) -> None:
        """Another judge changed the board meanwhile: overwrite (o) or keep theirs (k)."""
        lang = self.arb.lang
        said = message(exc, lang)
        if "--force" in said and ";" in said:  # the command line's advice: here the dialog offers o
            said = said[:said.rfind(";")]
        body = Text(clean(said) + "\n\n" + tr(lang, "conflict_q", new=result if result else tr(lang, "no_result")))

        def answered(choice: str | None) -> None:
            if choice == "o":
                self.write_result(rnd, board, result, expected, force=True)
            else:
                self.say(said, "yellow")

        self.app.push_screen(ChoiceScreen(tr(lang, "conflict_title"), body,
                                          [("o", tr(lang, "overwrite")), ("k", tr(lang, "keep"))], classes="ask"),
                             answered)

    # -- the ':' line ---------------------------------------------------------------------------
    def action_line(self, value: str = "") -> None:
        rnd, lang = self.shown_round(), self.arb.lang
        helpers = {} if rnd is None else {"suggester": by_player.NameSuggester(self.event, rnd),
                                          "hint": partial(by_player.hint, self.event, rnd, lang=lang)}
        self.ask_line(tr(lang, "line_prompt"), self.run_line, value=value, **helpers)

    def run_line(self, text: str) -> None:
        """`12` jumps to board 12; `12 1-0` / `12 =` enters a result; `12 m45` stores the number of moves;
        `#37 1`, `Ivanov 0`: a result by player (tui/screens/by_player.py)."""
        lang = self.arb.lang
        m = re.fullmatch(r"\s*([rRtTрРтТ])\s*(\d+)\s*", text)
        if m:  # r3: show round 3; t2: show table 2
            self.goto(m.group(1).lower() in "rр", int(m.group(2)))
            return
        parts = text.strip().split(None, 1)
        rnd = self.shown_round()
        if not parts or rnd is None:
            return
        if by_player.by_player(text):
            by_player.enter(self, rnd, text)
            return
        try:
            board = board_number(self.event, parts[0])  # 12, or in a team event 3.2 (match 3, board 2)
        except ValueError:
            self.say_error(tr(lang, "line_bad", text=text.strip()))
            return
        if board not in {g.board for g in rnd.games}:
            self.say_error(tr(lang, "no_board", b=board))
            return
        panel = self.round_panel
        if len(parts) == 1:
            if panel.where.only_missing and rnd.game(board).result is not None:
                panel.go(only_missing=False)
            panel.select(board)
            return
        rest = parts[1].strip()
        if rest.lower().startswith("m") and rest[1:].strip().isdigit():
            self.set_moves(rnd, board, int(rest[1:].strip()))
            return
        result = self.attempt(Result.parse, rest)
        if result is None:
            return
        if panel.where.only_missing and rnd.game(board).result is not None:
            panel.go(only_missing=False)
        panel.select(board)
        self.enter_result(board, result, rnd)

    def goto(self, is_round: bool, n: int) -> None:
        lang, panel = self.arb.lang, self.round_panel
        if is_round:
            rs = self.rounds()
            if n not in {r.number for r in rs}:
                self.say_error(tr(lang, "no_such_round", n=n))
                return
            panel.go(round_no=None if rs and rs[-1].number == n else n, prefix=None)
        else:
            if n not in self.tables:
                self.say_error(tr(lang, "no_such_table", n=n))
                return
            panel.go(table_index=self.tables.index(n), round_no=None, prefix=None)
        self.sync()
        panel.cursor_to_first_missing()

    def set_moves(self, rnd: Round, board: int, moves: int) -> None:
        g = rnd.game(board)
        self.run_change(cmds.SetMoves(rnd.stage, rnd.table, rnd.number, board, g.result, by=self.arb.by,
                                      expected=g.result, moves=moves),
                        then=lambda _new: self.say(tr(self.arb.lang, "moves_saved", b=board, n=moves)))

    # -- views ----------------------------------------------------------------------------------
    def action_view(self, name: str) -> None:
        self.view = name
        for panel in ("round", "standings", "bracket"):
            self.query_one(f"#{panel}-panel").set_class(panel == name, "active")
        target = {"round": "#round-table", "standings": "#standings-table", "bracket": "#bracket-tree"}[name]
        self.query_one(target).focus()
        if name == "bracket":
            b = top_bracket(self.event)
            self.set_class(b is not None, "has-top")
            self.query_one(BracketPanel).show(self.event, self.arb.lang, b)
        if name == "standings" and self.standings.stale:
            self.standings.show(self.event, self.arb.lang)

    def action_table(self) -> None:
        panel = self.round_panel
        panel.go(table_index=(panel.where.table_index + 1) % len(self.tables), round_no=None, prefix=None)
        self.sync()
        panel.cursor_to_first_missing()
        self.say(f"{tr(self.arb.lang, 'k_table')} {self.table}")

    def action_stage(self) -> None:
        panel = self.round_panel
        stages = self.stages()
        i = (stages.index(self.stage) + 1) % len(stages)
        panel.go(stage_shown=None if stages[i] == self.event.current_stage() else stages[i], table_index=0,
                 round_no=None, prefix=None)
        self.sync()
        panel.cursor_to_first_missing()
        self.say(tr(self.arb.lang, "stage_" + self.stage))

    def action_step(self, delta: int) -> None:
        panel = self.round_panel
        rs, shown = self.rounds(), self.shown_round()
        if not rs or shown is None:
            return
        i = max(0, min(len(rs) - 1, rs.index(shown) + delta))
        panel.go(round_no=None if i == len(rs) - 1 else rs[i].number, prefix=None)
        self.sync()
        panel.cursor_to_first_missing()

    def action_missing(self) -> None:
        panel = self.round_panel
        panel.go(only_missing=not panel.where.only_missing)
        g = panel.selected_game()
        if panel.selected_board() is None or (g is not None and g.result is not None):
            panel.cursor_to_first_missing()

    def action_escape(self) -> None:
        """Esc: stop the pairing under way; else drop a pending t / a; else back to the current round, the round panel."""
        panel = self.round_panel
        job = self.arb.stop_job()
        if job is not None:
            self.say(tr(self.arb.lang, "job_stopped", what=job.text(self.arb.lang)), "bold")
        elif panel.where.prefix:
            panel.go(prefix=None)
            self.say("")
        elif panel.where.round_no is not None:
            panel.go(round_no=None)
            self.sync()
            panel.cursor_to_first_missing()
        elif self.view != "round":
            self.action_view("round")

    def action_lang(self) -> None:
        self.arb.lang = "ru" if self.arb.lang == "en" else "en"
        self.sync()
        self.say(tr(self.arb.lang, "lang_now"))

    def action_quit(self) -> None:
        self.app.exit()

    def action_history(self) -> None:
        """The journal: who changed what, newest first (the same as `arbiter log`)."""
        try:
            entries = self.arb.file.history()
        except (ArbiterError, OSError) as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        lines = []
        for entry in reversed(entries[-500:]):  # the time in this machine's zone, who as user@host (as arbiter log)
            lines.append(f"{entry.seq:>5} {entry.local_time} {entry.label}: {translate(entry.what, self.arb.lang)}")
        self.app.push_screen(TextScreen(tr(self.arb.lang, "history_title"), clean_lines("\n".join(lines)), wrap=True))

    def action_players(self) -> None:
        from .players import PlayersScreen

        self.app.push_screen(PlayersScreen())

    def action_new_event(self) -> None:
        from .new_event import new_event_form

        new_event_form(self)

    def explain_player(self, pid: int) -> None:
        from arbiter.core.tiebreaks.standings import explain_text, main_stage

        e = self.event
        table = self.table if main_stage(e) == "swiss" and e.tables > 1 else None
        text = self.attempt(explain_text, e, pid, table=table, lang=self.arb.lang)
        if text is not None:  # wrapped to the page (a cut term is indented under its line), never past the edge
            width = max(40, min(self.app.size.width, 80) - 8)
            self.app.push_screen(TextScreen(clean(fit(f"{e.player(pid).name} ({pid})", 70)),
                                            wrapped_lines(text, width)))

    def on_bracket_view_chosen(self, message: BracketView.Chosen) -> None:
        """Enter on a match of the bracket: the round panel on that match's board, to enter its result."""
        from arbiter.core.knockout.stage import match_board

        lang = self.arb.lang
        at = match_board(self.event, message.bracket, message.key)
        if at is None:
            self.say_error(tr(lang, "bracket_no_board"))
            return
        number, board = at
        rs = self.event.rounds_of("top", None)
        self.round_panel.go(stage_shown=None if self.event.current_stage() == "top" else "top", table_index=0,
                            round_no=None if rs and rs[-1].number == number else number, only_missing=False,
                            prefix=None)
        self.action_view("round")
        self.sync()
        self.round_panel.select(board)
        self.say(tr(lang, "bracket_board", r=number, b=board), "bold")

    # -- undo / redo ------------------------------------------------------------------------------
    def action_undo(self) -> None:
        self.run_step("undo", lambda what: self.say(tr(self.arb.lang, "undone", what=translate(what, self.arb.lang))))

    def action_redo(self) -> None:
        self.run_step("redo", lambda what: self.say(tr(self.arb.lang, "redone", what=translate(what, self.arb.lang))))

    # -- pairing (a job: the screen keeps answering) ----------------------------------------------------
    def action_pair(self) -> None:
        """The pairing of the next round, computed off the event loop, then shown before it is saved."""
        self.pair_table(self.table if self.stage == "swiss" else None)

    def pair_table(self, table: int | None, note: str = "", cancelled: str = "") -> None:
        """The pairing of the next round of `table` (None: the event's only one), as a job, then the preview
        (which says `note` on opening; `cancelled` is said if nothing is saved: the round was taken back to be
        paired again, and stays unpaired)."""
        snapshot = self.event
        rs = snapshot.rounds_of(self.stage if table is None else "swiss", table)
        k = rs[-1].number + 1 if rs else 1
        what = why("job_pair_table", r=k, t=table) if table is not None and len(self.tables) > 1 else why("job_pair", r=k)
        self.arb.start_job(Job(what, partial(cmds.PairNext(table).compute, snapshot),
                               lambda proposal: self.show_proposal(proposal, note, cancelled)))

    def action_pair_all(self) -> None:
        """The next round of every table whose round is complete, in one preview (`core.pairing.preview.propose(tables=)`)."""
        from arbiter.core.pairing import preview

        snapshot, lang = self.event, self.arb.lang
        tables = preview.pairable_tables(snapshot)
        left = []  # the tables not paired now, each with why: the preview says so (it listed the others only)
        for t in snapshot.table_ids():
            if t in tables:
                continue
            rs = snapshot.rounds_of("swiss", t)
            left.append(tr(lang, "pv_left_missing", t=t, n=rs[-1].missing) if rs and rs[-1].missing else
                        tr(lang, "pv_left_done", t=t) if len(rs) >= snapshot.rounds_planned else
                        tr(lang, "pv_left_players", t=t))
        note = tr(lang, "pv_left", tables="; ".join(left)) if left else ""
        what = why("job_pair_tables", t=", ".join(map(str, tables)))
        self.arb.start_job(Job(what, partial(cmds.PairReadyTables().compute, snapshot),
                               lambda proposal: self.show_proposal(proposal, note)))

    def show_proposal(self, proposal, note: str = "", cancelled: str = "") -> None:
        """The pairing is ready: the preview, now if this screen is on top, else as soon as the judge is back."""
        if self.app.screen is not self:
            self._proposal_ready = (proposal, note, cancelled)
            return
        from .preview import PreviewScreen
        from .team_preview import TeamPreviewScreen

        kind = TeamPreviewScreen if team_event.is_team_event(proposal.event) else PreviewScreen
        self.app.push_screen(kind(proposal, self.arb.lang, note), lambda saved: self.paired(saved, cancelled))

    def on_screen_resume(self) -> None:
        super().on_screen_resume()
        ready, self._proposal_ready = self._proposal_ready, None
        if ready is not None:
            self.call_later(self.show_proposal, *ready)

    def paired(self, saved: tuple[str, str] | None, cancelled: str = "") -> None:
        """Back from the pairing preview: the new round under the cursor, or nothing saved (`cancelled`: what
        that leaves, said instead of "pairing not saved")."""
        if saved is None:
            self.say(cancelled or tr(self.arb.lang, "pv_cancelled"), "yellow" if cancelled else "")
            return
        self.round_panel.go(round_no=None, only_missing=False)
        if self.view != "round":  # paired from the standings: the new round, to enter results
            self.action_view("round")
        self.sync()
        self.round_panel.cursor_to_first_missing()
        self.say(*saved)

    def action_explain(self) -> None:
        """Why the shown round was paired so (it runs the engine again: a job)."""
        rnd = self.shown_round()
        if rnd is None:
            return
        snapshot, lang = self.event, self.arb.lang

        def done(text: str) -> None:
            self.app.push_screen(TextScreen(tr(lang, "explain_title", n=rnd.number), clean_lines(text), wrap=True))

        self.arb.start_job(Job(why("job_explain", r=rnd.number),
                               lambda progress: with_progress(pairing.explain_round, snapshot, rnd, lang=lang,
                                                              progress=progress), done))

    # -- changes by hand -------------------------------------------------------------------------------
    def action_swap(self) -> None:
        rnd, board = self.shown_round(), self.selected_board()
        if rnd is None or board is None:
            return
        def swapped(_new: Event) -> None:
            warnings = pairing.warnings_for(self.event, self.shown_round(), lang=self.arb.lang)
            self.say(tr(self.arb.lang, "swapped", b=board) + ("; " + "; ".join(warnings) if warnings else ""),
                     "yellow" if warnings else "")

        self.run_change(cmds.SwapColours(rnd.stage, rnd.table, rnd.number, board), then=swapped)

    def action_exchange(self) -> None:
        self.ask_line(tr(self.arb.lang, "exchange_prompt"), self.exchange)

    def exchange(self, text: str) -> None:
        rnd = self.shown_round()
        try:
            a, b = (int(x) for x in text.replace(",", " ").split())
        except ValueError:
            self.say_error(tr(self.arb.lang, "line_bad", text=text))
            return
        if rnd is not None:
            self.run_change(cmds.ExchangePlayers(rnd.stage, rnd.table, rnd.number, a, b),
                            then=lambda _new: self.show_warnings(tr(self.arb.lang, "exchanged", a=a, b=b)))

    def action_give_bye(self) -> None:
        self.ask_line(tr(self.arb.lang, "give_bye_prompt"), self.give_bye)

    def give_bye(self, text: str) -> None:
        rnd = self.shown_round()
        try:
            pid = int(text.strip())
        except ValueError:
            self.say_error(tr(self.arb.lang, "not_number", text=text.strip()))
            return
        if rnd is not None:
            self.run_change(cmds.GiveBye(rnd.stage, rnd.table, rnd.number, pid),
                            then=lambda _new: self.show_warnings(tr(self.arb.lang, "pv_bye_given", id=pid)))

    def show_warnings(self, done: str) -> None:
        """What a change by hand did (`done`: in words), and what `warnings_for` says of the round now."""
        rnd = self.shown_round()
        if rnd is None:
            return
        warnings = pairing.warnings_for(self.event, rnd, lang=self.arb.lang)
        self.say(done + ("; " + "; ".join(warnings) if warnings else ""), "yellow" if warnings else "")

    def action_forbid(self) -> None:
        self.ask_line(tr(self.arb.lang, "forbid_prompt"), self.forbid)

    def forbid(self, text: str) -> None:
        """`12 7`: these two must never be paired (C1); `-12 7` allows them again. Teams by name or id."""
        from arbiter.core import teams as team_event

        lang = self.arb.lang
        remove = text.strip().startswith("-")
        parts = text.strip().lstrip("-").replace(",", " ").split()
        if len(parts) != 2:
            self.say_error(tr(lang, "line_bad", text=text))
            return

        def said(_new: Event) -> None:
            self.say(tr(lang, "allowed" if remove else "forbidden", a=parts[0], b=parts[1]))

        if team_event.is_team_event(self.event):
            self.run_change(cmds.ForbidTeams(parts[0], parts[1], remove=remove), then=said)
        else:
            try:
                a, b = (int(p) for p in parts)
            except ValueError:
                self.say_error(tr(lang, "line_bad", text=text))
                return
            self.run_change(cmds.ForbidPair(a, b, remove=remove), then=said)

    def action_unpair(self) -> None:
        """Take back the pairing of the current round (asks first: its boards go)."""
        rnd = self.current_round()
        if rnd is None:
            return
        lang = self.arb.lang
        where = tr(lang, "repair_where", t=rnd.table) if rnd.table is not None and len(self.tables) > 1 else ""
        self.ask_yes(tr(lang, "unpair_title"), tr(lang, "unpair_q", r=rnd.number, where=where), lambda: self.unpair(rnd))

    def ask_yes(self, title: str, question: str, then, yes: str = "", no=None) -> None:
        """A question answered by y (then `then()`); n, Esc and Enter are no (`no()`, if given): asking first
        means no by default."""
        lang = self.arb.lang

        def answered(choice: str | None) -> None:
            if choice == "y":
                then()
            elif no is not None:
                no()
            else:
                self.say("")

        self.app.push_screen(ChoiceScreen(title, Text(question), [("y", yes or tr(lang, "yes")), ("n", tr(lang, "no"))],
                                          default="n", classes="ask"), answered)

    def unpair(self, rnd: Round) -> None:
        def unpaired(_new: Event) -> None:
            self.round_panel.go(round_no=None)
            self.sync()
            self.say(tr(self.arb.lang, "unpaired", n=rnd.number))

        self.run_change(cmds.Unpair(rnd.stage, rnd.table, rnd.number), then=unpaired)

    # -- the round clock ------------------------------------------------------------------------------
    def action_clock(self) -> None:
        lang = self.arb.lang
        rnd = self.current_round()
        if rnd is None:
            return
        e = self.event
        left = clockmod.remaining(rnd, self.arb.now())
        body = Text(tr(lang, "clock_none") if left is None else
                    tr(lang, "st_paused" if rnd.clock_paused is not None else "st_clock", t=clockmod.fmt(left)))
        choices = actions.choices("clock", self, lang, swiss=e.round_minutes, top=e.top_minutes)

        def answered(choice: str | None) -> None:
            a = actions.chosen("clock", choice) if choice else None
            if a is not None:
                actions.run(self, a.id)

        default = "7" if rnd.stage in ("top", "playoff") else "4"
        shown = {k for k, _ in choices}  # a key of the clock that does not apply here (4 in the top) says why
        unshown = [a.key for a in actions.of_scope("clock") if a.key not in shown]
        self.app.push_screen(ChoiceScreen(tr(lang, "clock_title"), body, choices, classes="ask clock",
                                          default=default if left is None else None, unshown=unshown), answered)

    def clock_do(self, choice: str, confirmed: bool = False) -> None:
        lang = self.arb.lang
        rnd = self.current_round()
        if rnd is None:
            return
        now = self.arb.now()
        e = self.event
        if choice == "a":
            running = [r for t in e.stage_tables(self.stage) if (rs := e.rounds_of(self.stage, t))
                       and (r := rs[-1]) and (clockmod.remaining(r, now) or 0) > 0]
            if running and not confirmed:
                self.ask_yes(tr(lang, "clock_title"), tr(lang, "clock_restart_all_q", n=len(running), m=e.round_minutes),
                             lambda: self.clock_do(choice, confirmed=True))
                return
            self.clock_all_tables(e.round_minutes)
            return
        if choice == "m":  # minutes typed (tui/screens/clock.py)
            ask_minutes(self, rnd)
            return
        if choice in ("4", "7"):
            minutes = e.round_minutes if choice == "4" else e.top_minutes
            params, msg = clockmod.start(minutes, now), tr(lang, "clock_started", m=minutes)
            left = clockmod.remaining(rnd, now)
            if left is not None and left > 0 and not confirmed:  # a running clock: start it again only on y
                self.ask_yes(tr(lang, "clock_title"), tr(lang, "clock_restart_q", t=clockmod.fmt(left), m=minutes),
                             lambda: self.clock_do(choice, confirmed=True))
                return
        elif choice == "p":
            params = clockmod.pause_or_resume(rnd, now)
            msg = tr(lang, "clock_paused_msg" if params["paused"] is not None else "clock_resumed")
        elif choice in ("+", "-"):
            params = clockmod.add(rnd, now, 5 if choice == "+" else -5)
            left = clockmod.remaining(Round(rnd.stage, rnd.number, (), rnd.table, params["deadline"], params["paused"]),
                                      now)
            msg = tr(lang, "st_clock", t=clockmod.fmt(left or 0))
        else:
            params, msg = clockmod.clear(), tr(lang, "clock_cleared")
        self.run_change(cmds.SetClock(rnd.stage, rnd.table if rnd.table else None, rnd.number, **params),
                        then=lambda _new: self.say(msg))

    def clock_all_tables(self, minutes: int) -> None:
        """One change: the same deadline for the current round of every table."""
        params = clockmod.start(minutes, self.arb.now())
        self.run_change(cmds.StartClockEveryTable(self.stage, params["deadline"], minutes),
                        then=lambda _new: self.say(tr(self.arb.lang, "clock_started", m=minutes)))

    # -- the top and the play-off ------------------------------------------------------------------------
    def action_start_top(self) -> None:
        """Preview the top (seeds, the 704.2 aims, the first round: a job; `s` the other seeding), start it on `y`
        (tui/screens/top_preview.py)."""
        open_preview(self)

    def action_start_playoff(self) -> None:
        """The play-off for first place as it would start (players, format, time controls, first games), then y."""
        lang = self.arb.lang
        planned = self.attempt(cmds.StartPlayoff().apply, self.event)
        if planned is None:
            return
        body = playoff_preview_body(planned, lang)

        def answered(choice: str | None) -> None:
            if choice != "y":
                self.say(tr(lang, "playoff_not_started"))
                return
            self.run_change(cmds.StartPlayoff(), then=lambda _new: self.stage_started(tr(lang, "playoff_started")))

        self.app.push_screen(ChoiceScreen(tr(lang, "playoff_title"), body,
                                          [("y", tr(lang, "playoff_start")), ("n", tr(lang, "cancel"))],
                                          classes="page"), answered)

    def stage_started(self, what: str) -> None:
        self.round_panel.reset()
        if self.view != "round":  # started from the standings (where K is typed): its first round, to enter results
            self.action_view("round")
        self.sync()
        self.round_panel.cursor_to_first_missing()
        self.say(what, "bold")

    # -- printouts and exports ------------------------------------------------------------------------
    def action_print(self) -> None:
        """The print menu: each printout or export that applies now (the action table's "print" scope)."""
        lang = self.arb.lang
        choices = []  # every printout, those that do not apply now with why (their key says it too)
        team = actions.in_team_event(self)
        for a in actions.of_scope("print"):
            if not actions.offered(a, team):  # a team event's printouts, or the others'
                continue
            reason = a.why_not(self)
            choices.append((a.key, a.label(lang) + (f" — {reason.text(lang)}" if reason is not None else "")))

        def answered(choice: str | None) -> None:
            a = actions.chosen("print", choice, self) if choice else None
            if a is not None:
                actions.run(self, a.id)

        lpr = shutil.which("lpr")
        body = Text(tr(lang, "print_where", folder=str(self.arb.file.path.parent) or ".")
                    + " " + tr(lang, "print_lpr" if lpr else "print_no_lpr"))
        self.app.push_screen(ChoiceScreen(tr(lang, "print_title"), body, choices, classes="ask print"), answered)

    def print_do(self, what: str) -> None:
        """Write one printout or export (a job: the site of a big event, the printer), then say where it went."""
        from . import printing

        snapshot, lang, path = self.event, self.arb.lang, self.arb.file.path
        tables: list[int | None] = [None]
        if what == "trf" and len(snapshot.stage_tables("swiss")) > 1:
            # the TRF is of one Swiss table: the one shown, or each of them when the top or play-off is shown
            tables = [self.table] if self.stage == "swiss" else list(snapshot.stage_tables("swiss"))
        label = actions.BY_ID["print_" + what].label(lang)

        def work(progress) -> list[printing.Exported]:
            return [printing.export(snapshot, path, what, lang, t) for t in tables]

        def done(outs: list[printing.Exported]) -> None:
            out = outs[0]  # (several only for the TRF of each table, which is not printed)
            where = tr(lang, "printed_to", what=label, path=", ".join(str(o.path) for o in outs))
            if out.error:
                self.say(where + "; " + tr(lang, "print_failed", lpr=out.printer, error=out.error), "yellow")
            elif out.printer:
                self.say(where + "; " + tr(lang, "print_sent", lpr=out.printer), "bold")
            else:
                self.say(where, "bold")

        self.arb.start_job(Job(why("job_print", what=label), work, done))

    # -- players to tables ----------------------------------------------------------------------------
    def action_distribute(self) -> None:
        from .seating import distribute

        distribute(self)
