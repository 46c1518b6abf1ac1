"""Result entry on the main screen: the keys 1 0 = + - t a x, the ':' line, the questions, the echo.

`EntryMixin` is a part of `MainScreen` (tui/screens/main.py). A result is one
core call (`record`, per stage) inside `ArbiterApp.apply`, with the result the
screen showed as `expected`: over a different result it asks first, and when
another judge changed the board meanwhile (`Conflict`) it asks whether to
overwrite. After each result the cursor moves to the next board without one.
"""

from __future__ import annotations

import re

from rich.text import Text

from core import commands
from core.errors import ArbiterError, Conflict, message
from core.formats.text import clean, fit
from core.journal_text import describe, result_what
from core.model import Event, Round, points_text
from core.results import Result
from core.standings import completed_rounds, standings

from ..i18n import tr
from ..widgets.patch_table import PatchTable
from .dialogs import ChoiceScreen, LineScreen


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


class EntryMixin:
    """Entering and clearing results on the shown round of `MainScreen`."""

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
        what = result_what(stage, k, table, board, result)
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
            self.say(tr(lang, "echo_bye", b=board, first=self.name_cell(e, a.id), res=res))
            return
        b = e.player(g.second)
        first, second = self.name_cell(e, a.id), self.name_cell(e, b.id)
        if rnd.stage not in ("swiss", "roundrobin"):  # no scores to add up: the top says where the match stands
            after = self.match_after(rnd, g) if rnd.stage == "top" else None
            self.say(tr(lang, "echo_game", b=board, first=first, res=res, second=second)
                     + (f"  {after}" if after else ""), "bold")
            return
        scores = self.scores_after(e, rnd, g)
        p1 = points_text(scores[a.id]) if a.id in scores else "-"
        p2 = points_text(scores[b.id]) if b.id in scores else "-"
        self.say(tr(lang, "echo", b=board, first=first, res=res, second=second, p1=p1, p2=p2), "bold")

    def match_after(self, rnd: Round, g) -> str | None:
        """The top match of this game after it, as the bracket says: who went through and why, or the game to play."""
        from core.bracket_text import match_lines

        br = self.arb.top_bracket()
        if br is None:
            return None
        matches = [m for r in br.rounds for m in r]
        if br.third_place_match is not None:
            matches.append(br.third_place_match)
        for m in matches:
            if m.round == rnd.number and set(m.players) == {g.first, g.second}:
                names = {p.id: fit(p.name, 20) for p in self.event.players if p.id in m.players}
                return match_lines(br, m, names, width=400, lang=self.arb.lang)[-1].strip()
        return None

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
            self.say_error(tr(self.arb.lang, "moves_need_result", b=board))
            return
        stage, table, k = rnd.stage, rnd.table, rnd.number
        try:
            self.arb.apply(lambda ev: record(ev, rnd, board, g.result, by=self.arb.user, expected=g.result,
                                             moves=moves),
                           describe("moves {stage} round {round} board {board}: {moves}", stage=stage, round=k,
                                    board=board, moves=moves))
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.say(tr(self.arb.lang, "moves_saved", b=board, n=moves))
