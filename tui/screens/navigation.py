"""Where the judge is on the main screen: the panel shown, the table, the stage, the round, only missing; Esc,
the language, the ':' line's jumps, a match chosen in the bracket, a player's tie-breaks; undo, redo, the journal.

`Navigation` is a part of `MainScreen`: each of these moves the round
panel (`RoundPanel.go`: where the judge is, the panel's own state) or shows
another panel, then the screen shows the event again (`sync`). Undo and redo
are the event's journal (`EventFile.undo`, `redo`), in one transaction each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from arbiter_tournament.core.errors import ArbiterError
from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice
from arbiter_tournament.core.knockout.stage import match_board
from arbiter_tournament.core.msg.cells import clean, fit
from arbiter_tournament.core.msg.journal import translate
from arbiter_tournament.core.tiebreaks.standings import explain_text, main_stage

from ..actions import W, Action, Why, register, round_shown, several_tables, why
from ..changes import Change
from ..i18n import tr
from ..widgets.bracket import BracketPanel
from ..widgets.keyed_table import KeyedTable
from ..widgets.round_texts import top_bracket
from .dialogs import TextScreen
from .entry import clean_lines, wrapped_lines
from .main_host import MainScreenPart
from arbiter_tournament.core.event.systems import Stage

if TYPE_CHECKING:
    from arbiter_tournament.core.knockout.bracket import Bracket


def _stages(s: MainScreenPart) -> Why | None:
    return why("why_one_stage") if len(s.stages()) < 2 else None


def _step(delta: int) -> Callable[[MainScreenPart], Why | None]:
    def when(s: MainScreenPart) -> Why | None:
        rs, shown_ = s.rounds(), s.shown_round()
        if not rs or shown_ is None:
            return why("why_no_round")
        i = rs.index(shown_) + delta
        if not 0 <= i < len(rs):
            return why("why_first_round" if delta < 0 else "why_last_round")
        return None

    return when


register(
    Action("missing", ("m",), W("missing", "без рез."),
           W("Only the boards without a result, or all", "Только доски без результата, или все"),
           ("main",), "action_missing", footer=30, palette=True, when=round_shown, group="view"),
    Action("view_round", ("r",), W("round", "тур"), W("The round panel", "Панель тура"),
           ("main",), "action_view", ("round",), palette=True, group="view"),
    Action("view_standings", ("s",), W("standings", "таблица"), W("The standings panel", "Турнирная таблица"),
           ("main",), "action_view", ("standings",), footer=31, palette=True, group="view"),
    Action("view_bracket", ("b",), W("top", "топ"), W("The top's bracket", "Сетка топа"),
           ("main",), "action_view", ("bracket",), palette=True, group="view", team=False),
    Action("table", ("T",), W("table", "стол"), W("The next table", "Следующий стол"),
           ("main",), "action_table", footer=32, palette=True, when=several_tables, group="view"),
    Action("stage", ("S",), W("stage", "этап"),
           W("The next stage (Swiss, top, play-off), to see or fix an earlier one",
             "Следующий этап (швейцарская система, топ, плей-офф), чтобы посмотреть или исправить прежний"),
           ("main",), "action_stage", palette=True, when=_stages, group="view", team=False),
    Action("previous_round", ("left_square_bracket",), W("prev round", "пред. тур"),
           W("The round before (to fix a past result; Esc back to the current one)",
             "Предыдущий тур (исправить прошлый результат; Esc — к текущему)"),
           ("main",), "action_step", (-1,), when=_step(-1), group="view"),
    Action("next_round", ("right_square_bracket",), W("next round", "след. тур"), W("The round after", "Следующий тур"),
           ("main",), "action_step", (1,), when=_step(1), group="view"),
    Action("language", ("L",), W("language", "язык"), W("English / Russian", "Английский / русский"),
           ("main",), "action_lang", palette=True, group="view"),
    Action("escape", ("escape",), W("cancel", "отмена"),
           W("Cancel: the pairing under way, a pending t / a; back to the current round, to the round panel",
             "Отмена: идущей жеребьёвки, начатого t / a; назад к текущему туру, к панели тура"),
           ("main",), "action_escape", group="view"),
    Action("undo", ("u",), W("undo", "отменить"),
           W("Undo the last change (the journal: any judge's, across restarts)",
             "Отменить последнее изменение (по журналу: любого судьи, и после перезапуска)"),
           ("main",), "action_undo", footer=40, palette=True, group="change"),
    Action("redo", ("U",), W("redo", "вернуть"), W("Redo what was undone", "Вернуть отменённое"),
           ("main",), "action_redo", palette=True, group="change"),
    Action("history", ("h",), W("history", "журнал"),
           W("The journal: who changed what, newest first", "Журнал: кто что изменил, сначала новое"),
           ("main",), "action_history", palette=True, group="change"),
)


class Navigation(MainScreenPart):
    """The main screen's views and moves (a part of MainScreen: `self` is the screen)."""

    def action_view(self, name: str) -> None:
        self.view = name
        for panel in ("round", "standings", "bracket"):
            self.query_one(f"#{panel}-panel").set_class(panel == name, "active")
        target = {"round": "#round-table", "standings": "#standings-table", "bracket": "#bracket-tree"}[name]
        # focused at once (Widget.focus waits for the App's next turn): the footer asks what applies with the new
        # focus before the screen is drawn, and the table is drawn focused, with it, not a frame or two later
        widget = self.query_one(target)
        self.set_focus(widget)
        if isinstance(widget, KeyedTable):
            widget.show_focused()
        if name == "bracket":
            b = top_bracket(self.event)
            self.set_class(b is not None, "has-top")
            self.query_one(BracketPanel).show(self.event, self.arb.lang, b)
        if name == "standings" and self.standings.stale:
            self.standings.show(self.event, self.arb.lang)

    def moved(self) -> None:
        """The round panel shows another table, stage or round: every panel again, the cursor on its first board
        without a result."""
        self.sync()
        self.round_panel.cursor_to_first_missing()

    def goto(self, is_round: bool, n: int) -> None:
        """The ':' line's `r3` (round 3 of this table) and `t2` (table 2)."""
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
        self.moved()

    def action_table(self) -> None:
        panel = self.round_panel
        panel.go(table_index=(panel.where.table_index + 1) % len(self.tables), round_no=None, prefix=None)
        self.moved()
        self.say(f"{tr(self.arb.lang, 'k_table')} {self.table}")

    def action_stage(self) -> None:
        stages = self.stages()
        i = (stages.index(self.stage) + 1) % len(stages)
        self.round_panel.go(stage_shown=None if stages[i] == self.event.current_stage() else stages[i],
                            table_index=0, round_no=None, prefix=None)
        self.moved()
        self.say(tr(self.arb.lang, "stage_" + self.stage))

    def action_step(self, delta: int) -> None:
        rs, shown = self.rounds(), self.shown_round()
        if not rs or shown is None:
            return
        i = max(0, min(len(rs) - 1, rs.index(shown) + delta))
        self.round_panel.go(round_no=None if i == len(rs) - 1 else rs[i].number, prefix=None)
        self.moved()

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
            self.moved()
        elif self.view != "round":
            self.action_view("round")

    def action_lang(self) -> None:
        self.arb.lang = "ru" if self.arb.lang == "en" else "en"
        self.sync()
        self.say(tr(self.arb.lang, "lang_now"))

    def bracket_board(self, bracket: Bracket, key: tuple[int, int] | str) -> None:
        """Enter on a match of the bracket: the round panel on that match's board, to enter its result."""
        lang = self.arb.lang
        at = match_board(self.event, bracket, key)
        if at is None:
            self.say_error(tr(lang, "bracket_no_board"))
            return
        number, board = at
        rs = self.event.rounds_of(Stage.TOP, None)
        self.round_panel.go(stage_shown=None if self.event.current_stage() == Stage.TOP else Stage.TOP, table_index=0,
                            round_no=None if rs and rs[-1].number == number else number, only_missing=False,
                            prefix=None)
        self.action_view("round")
        self.sync()
        self.round_panel.select(board)
        self.say(tr(lang, "bracket_board", r=number, b=board), "bold")

    def explain_player(self, pid: int) -> None:
        """Enter on a standings row: how that player's tie-breaks were computed (wrapped to the page)."""
        e = self.event
        table = self.table if main_stage(e) == Stage.SWISS and e.tables > 1 else None
        text = self.attempt(explain_text, e, pid, table=table, lang=self.arb.lang, compact=True)
        if text is not None:  # wrapped to the page (a cut term is indented under its line), never past the edge
            width = max(40, min(self.app.size.width, 80) - 8)
            self.app.push_screen(TextScreen(clean(fit(f"{e.player(pid).name} ({pid})", 70)),
                                            wrapped_lines(text, width)))

    # -- the journal: undo, redo, history --------------------------------------------------------------
    def action_undo(self) -> None:
        self.step("undo").then(self.stepped)

    def action_redo(self) -> None:
        self.step("redo").then(self.stepped)

    def stepped(self, change: Change) -> None:
        if change.saved:
            lang = self.arb.lang
            self.say(tr(lang, "undone" if change.what == "undo" else "redone", what=translate(change.result, lang)))

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
