"""The round panel: one round of one table, its boards and results, and a cursor on a board.

It owns where the judge is: which stage, table and round are shown (the
current round unless a past one was asked for), "only missing", a pending
`t` / `a`, and the cursor. The screen hands it the event (`show`); it posts
`Moved` when the stage, table or round shown changes (the status line and
the standings follow) and `BoardChosen` for Enter on a board.

What it computes from the event (the points before the round, each board's
cells, the names fitted) is kept with the objects it came from (`Memo`), so
a result in the round touches one row and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.message import Message
from textual.timer import Timer

from arbiter_tournament.core.errors import ArbiterError, Msg
from arbiter_tournament.core.msg.cells import clean, fit
from arbiter_tournament.core.event.history import round_records, scores
from arbiter_tournament.core.event.model import STAGES, Event, Game, Round, points_text

from ..i18n import tr
from .keyed_table import KeyedTable, cell
from .match_rows import is_team_round, matches_open, team_echo, team_rows
from .memo import Memo, event_inputs
from .round_texts import places_text, playoff_text, team_foot, top_bracket, unpaired_text
from .status import TextLine
from arbiter_tournament.core.event.systems import Stage

# two names, the board, both points and the result ("0-1t") in 80 columns, in both languages,
# with the table's scrollbar: a round never scrolls sideways
NAME_WIDTH = 24
FLASH = 2.0  # seconds the result just entered stays reversed in its row


@dataclass(frozen=True)
class Where:
    """What the round panel shows: a stage (None: the current one), a table, a round (None: the current one)."""

    stage_shown: str | None = None
    table_index: int = 0
    round_no: int | None = None
    only_missing: bool = False
    prefix: str | None = None  # a pending "t" (technical) or "a" (agreed)


class RoundPanel(Vertical):
    """The head, the boards, the cursor (see the module docstring)."""

    class Moved(Message):
        """The stage, table or round shown changed."""

    class BoardChosen(Message):
        """Enter on a board: the ':' line for it."""

        def __init__(self, board: int) -> None:
            super().__init__()
            self.board = board

    def __init__(self, event: Event, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.event = event
        self.lang = "en"
        self.where = Where()
        self.memo = Memo()
        self._round_shown: tuple | None = None
        self._row_cells: dict[int, tuple] = {}  # board -> (game, points, players, lang, cells)
        self._names: dict[int, tuple[object, str]] = {}  # player id -> (the Player, "Name (id)" fitted)
        self._at: tuple | None = None  # (stage, table, round number) last announced

    def compose(self) -> ComposeResult:
        yield TextLine(id="round-head", classes="panel-head")
        yield KeyedTable(id="round-table", right=("bd", "p1", "p2"))
        yield TextLine(id="round-foot", classes="round-foot")

    _table: KeyedTable | None = None

    @property
    def table_widget(self) -> KeyedTable:
        if self._table is None:
            self._table = self.query_one("#round-table", KeyedTable)
        return self._table

    # -- where: stage, table, round --------------------------------------------------------
    def stages(self) -> list[str]:
        """The stages that have rounds, in playing order (plus the current one)."""
        e = self.event
        have = {r.stage for r in e.rounds} | {e.current_stage()}
        return [s for s in STAGES if s in have]

    @property
    def stage(self) -> str:
        s = self.where.stage_shown
        if s is not None and s in self.stages():
            return s
        return self.event.current_stage()

    @property
    def tables(self) -> list[int | None]:
        return self.event.stage_tables(self.stage)

    @property
    def table(self) -> int | None:
        ts = self.tables
        return ts[self.where.table_index % len(ts)]

    def rounds(self) -> list[Round]:
        return self.event.rounds_of(self.stage, self.table)

    def current_round(self) -> Round | None:
        rs = self.rounds()
        return rs[-1] if rs else None

    def shown_round(self) -> Round | None:
        rs = self.rounds()
        if not rs:
            return None
        n = self.where.round_no
        if n is not None:
            for r in rs:
                if r.number == n:
                    return r
        return rs[-1]

    def go(self, **changes) -> None:
        """Show another stage, table or round, only missing or all, a prefix (fields of `Where`)."""
        self.where = replace(self.where, **changes)
        self.refresh_rows()

    def reset(self) -> None:
        """Back to the current round of the first table of the current stage."""
        self.where = Where()

    def _announce(self) -> None:
        rnd = self.shown_round()
        at = (self.stage, self.table, rnd.number if rnd is not None else None, self.where.round_no is None)
        if at != self._at:
            self._at = at
            self.post_message(self.Moved())

    # -- the cursor -------------------------------------------------------------------------
    def selected_board(self) -> int | None:
        try:
            key = self.table_widget.selected_key
        except NoMatches:  # not composed yet: the footer of a screen being built asks what applies
            return None
        return int(key) if key is not None else None

    def selected_game(self) -> Game | None:
        rnd, b = self.shown_round(), self.selected_board()
        if rnd is None or b is None:
            return None
        try:
            return rnd.game(b)
        except ArbiterError:
            return None

    def select(self, board: int) -> None:
        self.table_widget.select_key(str(board))

    def cursor_to_first_missing(self) -> None:
        rnd = self.shown_round()
        if rnd is None:
            return
        for g in rnd.games:
            if g.result is None:
                self.select(g.board)
                return
        if rnd.games:
            self.select(rnd.games[0].board)

    @staticmethod
    def next_missing_after(rnd: Round, board: int) -> int | None:
        games = sorted(rnd.games, key=lambda g: g.board)
        missing = [g.board for g in games if g.result is None and g.board != board]
        after = [b for b in missing if b > board]
        return after[0] if after else missing[0] if missing else None

    def advance(self, rnd: Round, board: int) -> None:
        """After a result on `board`: the cursor on the next board without one."""
        nxt = self.next_missing_after(rnd, board)
        self.refresh_rows()
        self.select(nxt if nxt is not None else board)

    @on(KeyedTable.Selected)
    def _row_chosen(self, message: KeyedTable.Selected) -> None:
        message.stop()
        self.post_message(self.BoardChosen(int(message.key)))

    # -- drawing ------------------------------------------------------------------------------
    def show(self, event: Event, lang: str) -> None:
        self.event, self.lang = event, lang
        self.refresh_rows()

    def refresh_rows(self) -> None:
        lang, e = self.lang, self.event
        if self.where.round_no is not None:
            rs = self.rounds()
            if not any(r.number == self.where.round_no for r in rs):
                self.where = replace(self.where, round_no=None)
        rnd = self.shown_round()
        table = self.table_widget
        cols = [("bd", tr(lang, "board")), ("first", tr(lang, "first")), ("p1", tr(lang, "pts")),
                ("res", tr(lang, "result")), ("second", tr(lang, "second")), ("p2", tr(lang, "pts"))]
        head = self.query_one("#round-head", TextLine)
        if rnd is None:
            table.sync(cols, [])
            self._round_shown = None
            head.show(Text(tr(lang, "no_round")))
            self.show_foot(e, None)
            self._announce()
            return
        pts = self.points_shown(e, rnd)
        w = self.where
        shown = (rnd, pts, e.players, w.only_missing, w.prefix, lang, table.rebuilds, table.row_count, self._flash)
        last = self._round_shown
        if last is not None and len(last) == len(shown) and all(a is b or a == b for a, b in zip(last, shown)):
            self._announce()
            return  # the same round, points and view as shown: nothing to patch
        rows = []
        cache = self._row_cells
        players = e.players

        def board_cells(g: Game):
            hit = cache.get(g.board)  # the cells of a board whose game, points and players did not change
            if (hit is not None and hit[0] is g and hit[1] is pts and hit[2] is players and hit[3] == lang
                    and g.board != self._flash and hit[4][3][1] != "bold reverse"):
                return hit[4]
            cells = self.game_cells(e, g, pts)
            cache[g.board] = (g, pts, players, lang, cells)
            return cells

        if is_team_round(e, rnd):  # a team event: each match's head over its boards (match_rows.py)
            width = (self.size.width or self.app.size.width or 80) - 3
            rows = self.memo.get("team_rows", (rnd, pts, players, e.extra, lang, width, w.only_missing, self._flash),
                                 lambda: team_rows(e, rnd, lang, width, board_cells, w.only_missing))
        else:
            for g in rnd.games:
                if w.only_missing and not (g.result is None and g.second is not None):
                    continue
                rows.append((str(g.board), board_cells(g)))
        table.sync(cols, rows)
        self._round_shown = (rnd, pts, e.players, w.only_missing, w.prefix, lang, table.rebuilds, table.row_count)
        head.show(self.head_text(e, rnd))
        self.show_foot(e, rnd)
        self._announce()

    def show_foot(self, e: Event, rnd: Round | None) -> None:
        """Under the boards: who is not paired in the round (Swiss, round robin), the top's places once known."""
        foot = self.query_one("#round-foot", TextLine)
        text = None
        if rnd is not None:
            key = ("foot", rnd.stage, rnd.table, rnd.number)
            inputs: tuple = (rnd, e.players, e.extra, self.lang) if rnd.stage in (Stage.SWISS, Stage.ROUNDROBIN) else (
                tuple(e.rounds_of(Stage.TOP)), e.players, self.lang, self.foot_width())
            if rnd.stage == Stage.PLAYOFF:
                inputs = (e.rounds, e.players, self.lang)
            text = self.memo.get(repr(key), inputs, lambda: team_foot(e, rnd, self.lang)
                                 if is_team_round(e, rnd) else unpaired_text(e, rnd, self.lang)
                                 if rnd.stage in (Stage.SWISS, Stage.ROUNDROBIN) else
                                 places_text(e, self.lang, width=self.foot_width()) if rnd.stage == Stage.TOP else
                                 playoff_text(e, rnd, self.lang) if rnd.stage == Stage.PLAYOFF else None)
        if foot.display != (text is not None):
            foot.display = text is not None
        if text is not None:
            foot.show(text, layout=True)

    def foot_width(self) -> int:
        """The columns of a line under the boards (the foot has a column of padding each side)."""
        return (self.size.width or self.app.size.width or 80) - 2

    def head_text(self, e: Event, rnd: Round) -> Text:
        lang, w = self.lang, self.where
        missing = [str(g.board) for g in rnd.games if g.result is None]
        where = f" · {tr(lang, 'k_table')} {rnd.table}" if rnd.table is not None else ""
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(f"{tr(lang, 'stage_' + rnd.stage)} {rnd.number}{where}", style="bold")
        if rnd.stage == Stage.TOP:  # which board is the final, which the third-place match: first, never cut off
            t.append(self.final_boards_text(e, rnd, lang), style="bold cyan")
        tags = []  # the view's marks; the pending prefix is said in full on the message line
        if w.only_missing:
            tags.append((f" · [{tr(lang, 'only_missing')}]", "reverse"))
        if w.prefix:
            tags.append((f" · [{w.prefix}: {tr(lang, 'k_tech' if w.prefix == 't' else 'k_agreed')}]",
                         "bold reverse"))
        room = (self.size.width or self.app.size.width or 80) - 2 - len(t.plain) - sum(len(x) for x, _ in tags)
        if missing and is_team_round(e, rnd):  # a team round: matches open and boards missing
            m = matches_open(e, rnd)
            state = f" · {tr(lang, 'tm_panel_missing', m=m, n=len(missing))}"
            if len(state) > room:
                state = f" · {tr(lang, 'st_team_missing_short', m=m, n=len(missing))}"
            t.append(state, style="yellow")
        elif missing:
            state = f" · {tr(lang, 'head_missing_one' if len(missing) == 1 else 'head_missing', boards=', '.join(missing))}"
            if len(state) > room:  # the marks must show: the boards are counted instead (the status line has them too)
                state = f" · {tr(lang, 'st_missing', n=len(missing))}"
            t.append(state, style="yellow")
        else:
            t.append(f" · {tr(lang, 'st_complete')}", style="green")
        for text, style in tags:
            t.append(text, style=style)
        if rnd.stage == Stage.PLAYOFF:
            t.append(*self.playoff_state(e, lang))
        return t

    @staticmethod
    def final_boards_text(e: Event, rnd: Round, lang: str) -> str:
        """In the top's last round: which board is the final, which the third-place match (`core.knockout.stage.final_boards`)."""
        from arbiter_tournament.core.knockout import stage as top

        b = top_bracket(e)
        if b is None:
            return ""
        boards = top.final_boards(e, b)
        parts = [tr(lang, "final_board" if what == "final" else "third_board", b=board)
                 for what, (number, board) in boards.items() if number == rnd.number]
        return (" · " + " · ".join(parts)) if parts else ""

    @staticmethod
    def playoff_state(e: Event, lang: str) -> tuple[str, str]:
        """Where the play-off stands, for the round head: its winner, or what it needs besides results."""
        from arbiter_tournament.core.playoff import stage as playoff_event

        try:
            st = playoff_event.progress(e)
        except ArbiterError:
            return ("", "")
        if st.finished and st.winner is not None:
            return (f" · {tr(lang, 'playoff_winner', name=clean(e.player(st.winner).name), id=st.winner)}", "bold green")
        if st.needs:
            needs = st.needs.text(lang) if isinstance(st.needs, Msg) else str(st.needs)
            return (f" · {clean(needs)}", "bold yellow")
        return ("", "")

    # -- what is computed from the event ----------------------------------------------------------
    def before_inputs(self, e: Event, rnd: Round) -> tuple:
        """What the points before `rnd` depend on: the event but this round and the later ones of its table."""
        return (rnd.stage, rnd.table, rnd.number) + event_inputs(
            e, lambda r: not (r.stage == rnd.stage and r.table == rnd.table and r.number >= rnd.number))

    def scores_before(self, e: Event, rnd: Round) -> dict[int, Fraction]:
        """Each player's points before the round (Swiss, round robin), computed once per version of them."""
        if rnd.stage not in (Stage.SWISS, Stage.ROUNDROBIN):
            return {}
        return self.memo.get("scores_before", self.before_inputs(e, rnd),
                             lambda: scores(e, rnd.stage, rnd.table, rnd.number - 1))

    def points_shown(self, e: Event, rnd: Round) -> dict[int, str]:
        """The points column: before the round; in the top, before the top (705.2 decides drawn games by them)."""
        if rnd.stage == Stage.TOP:
            def before_top() -> dict[int, str]:
                try:
                    from arbiter_tournament.core.knockout.stage import points_before_top

                    return {pid: points_text(x) for pid, x in points_before_top(e).items()}
                except ArbiterError:
                    return {}

            return self.memo.get("points_shown", self.before_inputs(e, rnd), before_top)
        scores = self.scores_before(e, rnd)
        return self.memo.get("points_shown", (scores,), lambda: {pid: points_text(x) for pid, x in scores.items()})

    def scores_after(self, e: Event, rnd: Round, g: Game) -> dict[int, Fraction]:
        """The points of the game's players after the round: before it, plus this game (as core counts it)."""
        if rnd.stage not in (Stage.SWISS, Stage.ROUNDROBIN):
            return {}
        before = self.scores_before(e, rnd)
        recs = round_records(Round(rnd.stage, rnd.number, (g,), rnd.table), [])
        return {pid: before[pid] + e.scoring.points(recs[pid].outcome) for pid in g.players
                if pid in before and pid in recs}

    def name_cell(self, e: Event, pid: int) -> str:
        """"Name (id)" in NAME_WIDTH columns, cleaned: computed once per version of the player."""
        p = e.player(pid)
        hit = self._names.get(pid)
        if hit is not None and hit[0] is p:
            return hit[1]
        num = f" ({p.id})"
        text = fit(p.name, NAME_WIDTH - len(num)) + num  # a long name is cut, its number never
        self._names[pid] = (p, text)
        return text

    def game_cells(self, e: Event, g: Game, pts: dict[int, str]):
        a = e.player(g.first)
        first = cell(self.name_cell(e, g.first))
        if g.second is None:
            return (cell(g.board), first, cell(pts.get(a.id, "")), cell(tr(self.lang, "bye"), "dim"), cell(""), cell(""))
        b = e.player(g.second)
        res = cell(str(g.result), "bold") if g.result is not None else cell("·", "yellow")
        if self._flash == g.board and g.result is not None:
            res = cell(str(g.result), "bold reverse")  # just entered (`flash`)
        mark = "*" if g.manual else ""
        return (cell(g.board), first, cell(pts.get(a.id, "")), res, cell(self.name_cell(e, g.second) + mark),
                cell(pts.get(b.id, "")))

    _flash: int | None = None  # the board whose result was just entered: shown reversed for FLASH seconds

    def flash(self, rnd: Round, board: int) -> None:
        """Show the result just entered on `board` reversed for a moment (the echo line says it in words)."""
        shown = self.shown_round()
        if shown is None or shown.key != rnd.key:
            return
        self._flash = board
        self.refresh_rows()
        if self._flash_timer is not None:
            self._flash_timer.stop()
        self._flash_timer = self.set_timer(FLASH, self._unflash)

    _flash_timer: Timer | None = None

    def _unflash(self) -> None:
        self._flash, self._flash_timer = None, None
        if self.is_mounted:
            self.refresh_rows()

    # -- the echo of a result ------------------------------------------------------------------------
    def echo(self, rnd: Round, board: int) -> tuple[str, str]:
        """(text, style) of the message line after a result: the players and their points after the round."""
        e, lang = self.event, self.lang
        g = rnd.game(board)
        a = e.player(g.first)
        res = str(g.result) if g.result is not None else tr(lang, "no_result")
        if g.second is None:
            return tr(lang, "echo_bye", b=board, first=self.name_cell(e, a.id), res=res), ""
        b = e.player(g.second)
        first, second = self.name_cell(e, a.id), self.name_cell(e, b.id)
        if g.result is None:  # a clear: said as one, not as a result called "no result"
            return tr(lang, "echo_cleared", b=board, first=first.strip(), second=second.strip()), "bold"
        if rnd.stage not in (Stage.SWISS, Stage.ROUNDROBIN):  # no scores to add up: the top says where the match stands
            after = self.match_after(rnd, g) if rnd.stage == Stage.TOP else None
            return (tr(lang, "echo_game", b=board, first=first, res=res, second=second)
                    + (f"  {after}" if after else "")), "bold"
        match = team_echo(e, rnd, board, lang)
        if match is not None:  # a team event: the match as it stands now
            return tr(lang, "echo_game", b=board, first=first, res=res, second=second) + " · " + match, "bold"
        scores = self.scores_after(e, rnd, g)
        p1 = points_text(scores[a.id]) if a.id in scores else "-"
        p2 = points_text(scores[b.id]) if b.id in scores else "-"
        return tr(lang, "echo", b=board, first=first, res=res, second=second, p1=p1, p2=p2), "bold"

    def match_after(self, rnd: Round, g: Game) -> str | None:
        """The top match of this game after it, as the bracket says: who went through and why, or the game to play."""
        from arbiter_tournament.core.knockout.bracket_text import match_lines

        br = top_bracket(self.event)
        if br is None:
            return None
        matches = [m for r in br.rounds for m in r]
        if br.third_place_match is not None:
            matches.append(br.third_place_match)
        for m in matches:
            if m.round == rnd.number and set(m.players) == {g.first, g.second}:
                names = {p.id: fit(p.name, 20) for p in self.event.players if p.id in m.players}
                return match_lines(br, m, names, width=400, lang=self.lang)[-1].strip()
        return None
