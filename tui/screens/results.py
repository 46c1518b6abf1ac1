"""Result entry on the main screen: the keys 1 0 = + - t a x, the ':' line, and what a correction asks.

`ResultEntry` is a part of `MainScreen` (tui/screens/main.py): it uses the
screen's round panel (where the judge is), `commit` and `ask`. A result on a
board without one is written at once, in the key's own handler, so that keys
typed in one burst each land on the board the cursor shows when they come.
Over a different result (or in a past round) it asks first (a flow:
`ask_change`); a conflict with another judge's change asks whether to
overwrite; a corrected past result whose next round was paired on the old one
offers to take that round back and pair it again (`offer_repair`, then the
main screen's pairing).
"""

from __future__ import annotations

import re
from functools import partial
from typing import Callable

from rich.text import Text
from textual import work

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core import limits
from arbiter_tournament.core.errors import ArbiterError, InvalidNumber
from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice
from arbiter_tournament.core.event.model import Round
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.msg.cells import clean
from arbiter_tournament.core.pairing import corrections

from ..actions import W, Action, Why, register, round_shown, waiting, why, why_core
from ..changes import Change
from ..i18n import tr
from . import by_player
from .dialogs import ChoiceScreen
from ..widgets.match_rows import board_number
from .entry import change_preview, result_of
from .main_host import MainScreenPart


def cursor(s: MainScreenPart) -> Why | None:
    """A result key: the round shown, a board under the cursor (what the screen shows, not the event)."""
    w = waiting(s)
    if w is not None:
        return w
    if not s.round_visible:
        return why("why_round_hidden")
    if s.shown_round() is None:
        return why("why_no_round")
    if s.selected_game() is None:
        return why("why_no_board")
    return None


def _result(result: Result | None) -> Callable[[MainScreenPart], Why | None]:
    """A result key on the board under the cursor: the screen, then the command's `why_not` (a bye has no
    result to enter, an agreed result is for the top, a top game under later results ...)."""

    def when(s: MainScreenPart) -> Why | None:
        w = cursor(s)
        if w is not None:
            return w
        rnd, g = s.shown_round(), s.selected_game()
        if rnd is None or g is None:  # (`cursor` has said so)
            return why("why_no_board")
        enter = cmds.ClearResult if result is None else cmds.RecordResult
        return why_core(enter(rnd.stage, rnd.table, rnd.number, g.board, result=result, expected=g.result)
                        .why_not(s.event))

    return when


register(
    Action("result_first", ("1",), W("1st", "1-й"), W("The first player wins (1-0)", "Победа первого (1-0)"),
           ("main",), "enter_key", ("1",), footer=20, when=_result(Result.FIRST_WINS), group="result"),
    Action("result_second", ("0",), W("2nd", "2-й"), W("The second player wins (0-1)", "Победа второго (0-1)"),
           ("main",), "enter_key", ("0",), footer=21, when=_result(Result.SECOND_WINS), group="result"),
    Action("result_draw", ("equals_sign",), W("draw", "ничья"), W("Draw (1/2)", "Ничья (1/2)"),
           ("main",), "enter_key", ("=",), footer=22, when=_result(Result.DRAW), group="result"),
    Action("result_nofirst", ("plus",), W("1st absent", "неявка 1-го"),
           W("The first player did not come (forfeit, -+)", "Неявка первого (-+)"),
           ("main",), "enter_key", ("+",), when=_result(Result.FORFEIT_SECOND_WINS), group="result"),
    Action("result_nosecond", ("minus",), W("2nd absent", "неявка 2-го"),
           W("The second player did not come (forfeit, +-)", "Неявка второго (+-)"),
           ("main",), "enter_key", ("-",), when=_result(Result.FORFEIT_FIRST_WINS), group="result"),
    Action("technical", ("t",), W("tech", "техн."),
           W("Then 1 / 0 / =: a technical result at time-out (705.3)",
             "Затем 1 / 0 / =: техническая победа или ничья по решению судьи (705.3)"),
           ("main",), "action_prefix", ("t",), footer=23, when=_result(Result.TECHNICAL_FIRST_WINS),
           group="result"),
    Action("agreed", ("a",), W("agreed", "договор."),
           W("Then 1 / 0: an agreed result, top games only (704.4)",
             "Затем 1 / 0: результат по договорённости, только партии топа (704.4)"),
           ("main",), "action_prefix", ("a",), footer=24, when=_result(Result.AGREED_FIRST_WINS), group="result", team=False),
    Action("clear", ("x", "delete"), W("clear", "стереть"),
           W("Clear the result (asks first)", "Стереть результат (с подтверждением)"),
           ("main",), "action_clear", when=_result(None), group="result"),
    Action("line", ("colon",), W("go to", "к доске"),
           W("The ':' line: 12 jumps to board 12 (a team event: 3.2 is board 2 of match 3 too); '12 1-0', '12 =' "
             "enter a result; 'r3' round 3, 't2' table 2, '12 m45' the moves (Enter on a board opens it too)",
             "Строка ':': 12 — к доске 12 (в командном турнире и 3.2 — доска 2 матча 3); '12 1-0', '12 =' — "
             "результат; 'r3' тур 3, 't2' стол 2, '12 m45' число ходов (открывается и по Enter на доске)"),
           ("main",), "action_line", footer=25, when=round_shown, group="result"),
    Action("moves", (), W("moves", "ходы"),
           W("Enter the number of moves (fewest-moves rule): ': 12 m45'",
             "Ввести число ходов (правило наименьшего числа ходов): ': 12 m45'"),
           ("main",), "action_line", palette=True, when=round_shown, group="result",
           key_shown=":"),  # it opens the ':' line (the `?` page says that key, not ^p)
)


FORFEITS = {Result.FORFEIT_FIRST_WINS: "echo_forfeit_second", Result.FORFEIT_SECOND_WINS: "echo_forfeit_first",
            Result.DOUBLE_FORFEIT: "echo_forfeit_both"}


def forfeit_note(result: Result | None, lang: str) -> str:
    """Before the echo of a forfeit entered by one key (`-` `+`): who did not come, and that `u` takes it back."""
    key = FORFEITS.get(result) if result is not None else None
    return tr(lang, key) + " " if key else ""


class ResultEntry(MainScreenPart):
    """The main screen's result keys and ':' line (a part of MainScreen: `self` is the screen)."""

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
        echo: how the board was found, tui/screens/by_player.py)."""
        rnd = rnd or self.shown_round()
        if rnd is None:
            return
        if self.arb.changing:  # (the ':' line: the screen does not show the board as it will be yet) it waits for
            # the change under way, and goes in first of what was typed after it (tui/keyguard.py holds the keys)
            key = rnd.key
            self.say(tr(self.arb.lang, "keys_held"), "yellow")
            self.arb.when_settled(lambda: self.entered_after(key, board, result, note))
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
            self.ask_change(rnd, board, result, shown, note)
            return
        self.write_result(rnd, board, result, shown, note=note)

    def entered_after(self, key: tuple, board: int, result: Result | None, note: str) -> None:
        """A result of the ':' line that waited for the change under way: on the round as it is now."""
        rnd = self.attempt(self.event.find_round, *key)
        if rnd is not None:
            self.enter_result(board, result, rnd, note)

    @work(group="question")
    async def ask_change(self, rnd: Round, board: int, result: Result | None, shown: Result | None,
                         note: str = "") -> None:
        """Over a different result, or in a past round: what the change does, then y saves it."""
        lang = self.arb.lang
        body = self.attempt(change_preview, self.event, rnd, board, result, lang)
        if body is None:
            return
        # no default: Enter by reflex must not overwrite a result
        choice = await self.ask(ChoiceScreen(tr(lang, "change_title"), body,
                                             [("y", tr(lang, "save")), ("n", tr(lang, "cancel"))], classes="ask"))
        if choice == "y":
            self.write_result(rnd, board, result, shown, note=note)
        else:
            self.say("")

    def write_result(self, rnd: Round, board: int, result: Result | None, expected: Result | None,
                     force: bool = False, note: str = "") -> None:
        enter = cmds.ClearResult if result is None else cmds.RecordResult
        self.commit(enter(rnd.stage, rnd.table, rnd.number, board, result=result, by=self.arb.by,
                          expected=expected, force=force), say_refusal=False).then(
            lambda change: self.result_written(change, note))

    def result_written(self, change: Change, note: str = "") -> None:
        """The echo, and the cursor on: to the next board without a result (after a clear: stays on it); a
        conflict asks; a corrected past result may offer to pair the next round again."""
        cmd = change.what
        if change.conflict:
            self.ask_overwrite(change)
            return
        if change.error is not None:
            self.say_error(message(change.error, self.arb.lang))
            return
        try:
            new_rnd = self.event.find_round(cmd.stage, cmd.table, cmd.round)
        except ArbiterError:
            return
        board = cmd.board
        text, style = self.round_panel.echo(new_rnd, board)
        self.say(note + forfeit_note(cmd.result, self.arb.lang) + text, style)
        self.round_panel.flash(new_rnd, board)  # the board's result shown reversed a moment: what was entered, where
        now_shown = self.shown_round()
        if now_shown is not None and now_shown.key != new_rnd.key:  # the top paired its next round
            self.round_panel.cursor_to_first_missing()
        elif cmd.result is None:  # a clear: the correction typed next belongs to this board
            self.round_panel.refresh_rows()
            self.round_panel.select(board)
        else:
            self.round_panel.advance(new_rnd, board)
        self.keys_changed()
        found = corrections.round_paired_on(change.before, change.result)
        if found is not None:
            self.offer_repair(found)

    @work(group="question")
    async def ask_overwrite(self, change: Change) -> None:
        """Another judge changed the board meanwhile: overwrite (o) or keep theirs (k)."""
        cmd, lang = change.what, self.arb.lang
        assert change.error is not None, "asked on a conflict (change.conflict)"
        said = message(change.error, lang)  # (its advice, to force it, is this dialog's o: said as nothing)
        body = Text(clean(said) + "\n\n" + tr(lang, "conflict_q", new=cmd.result if cmd.result else tr(lang, "no_result")))
        choice = await self.ask(ChoiceScreen(tr(lang, "conflict_title"), body,
                                             [("o", tr(lang, "overwrite")), ("k", tr(lang, "keep"))], classes="ask"))
        if choice == "o":
            rnd = self.event.find_round(cmd.stage, cmd.table, cmd.round)
            self.write_result(rnd, cmd.board, cmd.result, cmd.expected, force=True)
        else:
            self.say(said, "yellow")

    @work(group="question")
    async def offer_repair(self, found: corrections.PairedOnOldResult) -> None:
        """A past result corrected, and the round paired on the old one has no result yet: take it back and pair
        it again? (one question; Enter or anything but y keeps it: `core.pairing.corrections`)."""
        lang = self.arb.lang
        where = tr(lang, "repair_where", t=found.table) if found.table is not None and len(self.tables) > 1 else ""
        body = Text(tr(lang, "repair_q", r=found.number, c=found.corrected, where=where))
        choice = await self.ask(ChoiceScreen(tr(lang, "repair_title"), body,
                                             [("y", tr(lang, "repair_yes")), ("n", tr(lang, "repair_no"))],
                                             default="n", classes="ask"))
        if choice != "y":
            return
        change = await self.commit(cmds.Unpair(found.stage, found.table, found.number))
        if not change.saved:
            return
        index = self.tables.index(found.table) if found.table in self.tables else 0
        self.round_panel.go(table_index=index, round_no=None, prefix=None)
        self.sync()
        self.say(tr(lang, "unpaired", n=found.number))
        self.pair_table(found.table, note=tr(lang, "repair_note", n=found.number),
                        cancelled=tr(lang, "repair_cancelled", n=found.number))

    # -- the ':' line ---------------------------------------------------------------------------
    def action_line(self, value: str = "") -> None:
        self.line(value)

    @work(group="question")
    async def line(self, value: str = "") -> None:
        rnd, lang = self.shown_round(), self.arb.lang
        helpers = {} if rnd is None else {"suggester": by_player.NameSuggester(self.event, rnd),
                                          "hint": partial(by_player.hint, self.event, rnd, lang=lang)}
        text = await self.ask_line(tr(lang, "line_prompt"), value=value, **helpers)
        if text:
            self.run_line(text)

    def run_line(self, text: str) -> None:
        """`12` jumps to board 12; `12 1-0` / `12 =` enters a result; `12 m45` stores the number of moves;
        `#37 1`, `Ivanov 0`: a result by player (tui/screens/by_player.py)."""
        lang = self.arb.lang
        m = re.fullmatch(r"\s*([rRtTрРтТ])\s*(\S+)\s*", text)
        if m and m.group(2)[:1].isdigit():  # r3: show round 3; t2: show table 2 (digits 0-9 only: core.limits.whole)
            try:
                n = limits.whole(m.group(2))
            except InvalidNumber as exc:
                self.say_error(exc.text(lang))
                return
            self.goto(m.group(1).lower() in "rр", n)
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
        except ValueError as exc:
            self.say_error(exc.text(lang) if isinstance(exc, InvalidNumber) else tr(lang, "line_bad", text=text.strip()))
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
        if rest.lower().startswith("m") and rest[1:].strip()[:1].isdigit():  # 12 m45: digits 0-9 only (limits.whole)
            try:
                moves = limits.whole(rest[1:])
            except InvalidNumber as exc:
                self.say_error(exc.text(lang))
                return
            self.set_moves(rnd, board, moves)
            return
        result = self.attempt(Result.parse, rest)
        if result is None:
            return
        if panel.where.only_missing and rnd.game(board).result is not None:
            panel.go(only_missing=False)
        panel.select(board)
        self.enter_result(board, result, rnd)

    def set_moves(self, rnd: Round, board: int, moves: int) -> None:
        g = rnd.game(board)
        self.commit(cmds.SetMoves(rnd.stage, rnd.table, rnd.number, board, g.result, by=self.arb.by,
                                  expected=g.result, moves=moves)).then(self.moves_saved)

    def moves_saved(self, change: Change) -> None:
        if change.saved:
            self.say(tr(self.arb.lang, "moves_saved", b=change.what.board, n=change.what.moves))
