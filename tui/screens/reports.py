"""The queue of what players sent from their phones (R on the main screen): reports, disputes, check-ins,
requests, wrong codes; the judge's one key to accept.

What it shows is `core.event.reports.queue` of the reports journal beside the event (`FILE.reports`, as
`arbiter reports`): the boards reported and not yet recorded (waiting, agreed, dispute), the players'
requests, the wrong codes tried by address. Keys (scope "reports"): `y` (or Enter) accepts the line under
the cursor (a board's report: `AcceptReport`; a bye or a withdrawal: `AcceptBye`, `AcceptWithdrawal`; a
check-in or a wrong-code line: marked seen), `A` accepts every agreed report in one change, `d` marks the
line seen without doing it, Esc goes back. A dispute is settled by entering the result on the board.

The App reads the journal about every second (`check(app)`, from its poll): only what was appended since;
the status line counts what waits (`app.reports_waiting`).
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import TYPE_CHECKING, Union

from rich.text import Text
from textual import on
from textual.app import ComposeResult

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core.errors import ArbiterError
from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.msg.cells import clean, named

from .. import actions
from ..actions import W, Action, Why, register, why
from ..i18n import tr
from ..widgets.keyed_table import KeyedTable, cell
from ..widgets.keys_bar import KeysBar
from ..widgets.status import MessageLine, TextLine
from .base import ArbiterScreen

if TYPE_CHECKING:  # (the reports' modules are loaded when the queue is first read)
    from arbiter_tournament.core.event.reports import Board, Queue, Request, Wrong
    from arbiter_tournament.core.store.reports import Reports

    Line = Union[Board, Request, Wrong]  # a line of the queue screen

STATUS_STYLE = {"waiting": "yellow", "agreed": "bold green", "dispute": "bold red", "recorded": "dim",
                "done": "dim", "seen": "dim"}


# -- the App's side: the journal read about every second ----------------------------------------------

def check(app) -> None:
    """Read what was appended to the reports journal; when the queue changes, the status line and an open
    queue screen are shown again. Errors reading it are said once, never raised."""
    from arbiter_tournament.core.event.reports import queue
    from arbiter_tournament.core.store.files import Stamp
    from arbiter_tournament.core.store.reports import Reports

    book = getattr(app, "_reports_book", None)
    if book is None:
        book = app._reports_book = Reports(app.file.path)
        app._reports_seen = None
    stamp = (Stamp.of(book.path), id(app.event))
    if stamp == app._reports_seen:
        return
    app._reports_seen = stamp
    try:
        q = queue(app.event, book.read())
    except ArbiterError as exc:
        app.say(message(exc, app.lang), "bold red")
        return
    app.reports_queue = q
    if q.waiting != getattr(app, "reports_waiting", 0):
        app.reports_waiting = q.waiting
        if app.main is not None and app.main.is_mounted:
            app.main.show_status()
            app.main.keys_changed()  # R in the footer while something waits
    for screen in app.screen_stack:
        if isinstance(screen, ReportsScreen):
            screen.draw()


def _row(s) -> Why | None:
    return why("why_no_report_row") if s.selected() is None else None


def _agreed(s) -> Why | None:
    q = getattr(s.app, "reports_queue", None)
    return None if q is not None and q.agreed else why("why_no_agreed")


def open_reports(screen) -> None:
    screen.app.push_screen(ReportsScreen())


register(
    Action("rp_accept", ("y", "enter"), W("accept", "принять"),
           W("Accept the line under the cursor: the board's reported result, the request",
             "Принять выбранную строку: сообщённый результат доски, просьбу"),
           ("reports",), "action_accept", footer=1, palette=True, when=_row, group="change"),
    Action("rp_accept_agreed", ("A",), W("all agreed", "все согласованные"),
           W("Accept every agreed report (both players, the same result) in one change",
             "Принять все согласованные сообщения (оба игрока, один результат) одним изменением"),
           ("reports",), "action_accept_agreed", footer=2, palette=True, when=_agreed, group="change"),
    Action("rp_seen", ("d",), W("seen", "просмотрено"),
           W("Mark the request or wrong-code line seen, doing nothing", "Отметить просьбу или неверные коды как "
             "просмотренные, ничего не делая"),
           ("reports",), "action_seen", footer=3, palette=True, when=_row, group="change"),
    Action("rp_back", ("escape",), W("back", "назад"), W("Back to the round", "Назад к туру"),
           ("reports",), "action_back", footer=9, group="change"),
    Action("reports", ("R",), W("phones", "телефоны"),
           W("Players' reports from their phones: accept results, requests", "Сообщения игроков с телефонов: "
             "принять результаты, просьбы"),
           ("main",), open_reports, footer=2, palette=True, group="change",
           footer_when=lambda s: getattr(s.app, "reports_waiting", 0) > 0),  # first in the footer while any waits
)


class ReportsScreen(ArbiterScreen):
    ACTION_SCOPE = "reports"
    BINDINGS = actions.bindings("reports")
    AUTO_FOCUS = "#reports-table"

    def compose(self) -> ComposeResult:
        yield TextLine(id="reports-head", classes="panel-head")
        yield KeyedTable(id="reports-table", right=("result",))
        yield TextLine(id="reports-detail", classes="legend")
        yield MessageLine(id="reports-msg")
        yield KeysBar()

    def on_mount(self) -> None:
        check(self.app)
        self.draw()

    def event_changed(self, event: Event, outside=None, reopened=False) -> None:
        check(self.app)
        self.draw()
        super().event_changed(event, outside, reopened)

    @property
    def queue(self) -> Queue | None:
        queue: Queue | None = getattr(self.app, "reports_queue", None)  # (`check` keeps it on the App)
        return queue

    def lines(self) -> list[tuple[str, Line]]:
        """(key, item) of every line shown: open boards, requests waiting, wrong codes not seen."""
        q = self.queue
        if q is None:
            return []
        out: list[tuple[str, Line]] = [(f"b{b.stage}.{b.table or 0}.{b.round}.{b.board}", b) for b in q.open_boards]
        out += [(f"r{r.n}", r) for r in q.requests if r.status == "waiting"]
        out += [(f"w{w.n}", w) for w in q.wrong if not w.seen]
        return out

    def draw(self) -> None:
        from arbiter_tournament.core.event.reports import Board, Request

        L, e = self.arb.lang, self.arb.event
        cols = [("what", tr(L, "rp_what")), ("who", tr(L, "rp_who")), ("result", tr(L, "result")),
                ("status", tr(L, "status"))]
        rows = []
        lines = self.lines()
        room = self._who_room(lines, cols)
        for key, item in lines:
            if isinstance(item, Board):  # (key b...)
                where = self._where(item)
                agreed = len({res for _, res, _ in item.claims}) == 1  # the result column says it once
                each = max(8, (room - 3 * (len(item.claims) - 1)) // max(1, len(item.claims)))
                who = " · ".join(self._player_name(e, pid, each - (0 if agreed else len(res.value) + 1))
                                 + ("" if agreed else f" {res.value}") for pid, res, _ in item.claims)
                res = item.result.value if item.result is not None else "?"
                rows.append((key, (cell(where), cell(who), cell(res, "bold"),
                                   cell(tr(L, "rp_" + item.status), STATUS_STYLE[item.status]))))
            elif isinstance(item, Request):  # (key r...)
                what = (tr(L, "rp_checkin", r=item.round) if item.kind == "checkin"
                        else tr(L, "rp_bye_" + item.bye, r=item.round) if item.kind == "bye" else tr(L, "rp_withdraw"))
                rows.append((key, (cell(what), cell(self._player_name(e, item.pid)), cell(""),
                                   cell(tr(L, "rp_waiting"), "yellow"))))
            else:
                what = tr(L, "rp_limited" if item.limited else "rp_wrong", n=item.count)
                rows.append((key, (cell(what, "red"), cell(clean(item.addr)), cell(""),
                                   cell(clean(item.last[11:19]), "dim"))))
        self.query_one("#reports-table", KeyedTable).sync(cols, rows)
        head = Text(tr(L, "rp_title"), style="bold", no_wrap=True, overflow="ellipsis")
        head.append(" · " + tr(L, "rp_mode_" + e.reports), style="dim")
        self.query_one("#reports-head", TextLine).show(head)
        detail = "" if rows else tr(L, "rp_empty")
        self.query_one("#reports-detail", TextLine).show(Text(detail, style="dim"), layout=True)
        self.keys_changed()

    def _where(self, item) -> str:
        """A board's line: "round 1 board 4" (with its table in an event of several)."""
        L = self.arb.lang
        return (tr(L, "rp_board_table", r=item.round, t=item.table, b=item.board) if item.table is not None
                else tr(L, "rp_board", r=item.round, b=item.board))

    @staticmethod
    def _player_name(e: Event, pid: int, width: int = 60) -> str:
        """`Name (id)` in at most `width` columns (a long name cut, its number never)."""
        return named(e.player(pid).name, pid, width) if e.has_player(pid) else str(pid)

    def _who_room(self, lines: list, cols: list[tuple[str, str]]) -> int:
        """The columns left for "who" at the screen's width (80: the table never wider than the screen), after
        the other columns' widest text and the cells' padding."""
        from arbiter_tournament.core.event.reports import Board
        from arbiter_tournament.core.msg.cells import text_width

        L = self.arb.lang
        what = [text_width(c[1]) for c in cols]
        for _, item in lines:
            if isinstance(item, Board):
                what = [max(what[0], text_width(self._where(item))), what[1], max(what[2], 4),
                        max(what[3], text_width(tr(L, "rp_" + item.status)))]
            else:  # a request (its status "waiting") or a line of wrong codes (its time, hh:mm:ss)
                words = (tr(L, "rp_limited", n=item.count) if getattr(item, "limited", False)
                         else tr(L, "rp_wrong", n=item.count) if hasattr(item, "addr") else tr(L, "rp_withdraw"))
                what = [max(what[0], text_width(words)), what[1], what[2],
                        max(what[3], 8, text_width(tr(L, "rp_waiting")))]
        width = self.size.width or self.app.size.width or 80
        return max(20, width - what[0] - what[2] - what[3] - 2 * 4 - 2)

    def selected(self) -> Line | None:
        key = self.query_one("#reports-table", KeyedTable).selected_key
        return dict(self.lines()).get(key) if key is not None else None

    @on(KeyedTable.Highlighted)
    def _highlighted(self, m: KeyedTable.Highlighted) -> None:
        self.keys_changed()

    # -- the keys -----------------------------------------------------------------------------------
    def action_accept(self) -> None:
        from arbiter_tournament.core.event.reports import Board, Request

        item, L = self.selected(), self.arb.lang
        if isinstance(item, Board):
            if item.result is None:
                self.say_error(tr(L, "why_dispute"))
                return
            board, result = item.board, item.result
            cmd = cmds.AcceptReport(item.stage, item.table, item.round, board, result, item.by, by=self.arb.by)
            self.commit(cmd).then(lambda change: self.say(tr(L, "rp_accepted", b=board, result=result.value), "bold"))
        elif isinstance(item, Request) and item.kind in ("bye", "withdraw"):
            cmd = (cmds.AcceptBye(item.pid, item.round, item.bye) if item.kind == "bye"
                   else cmds.AcceptWithdrawal(item.pid))
            self.commit(cmd).then(lambda change: self.say(tr(L, "rp_request_done",
                                                             name=self._player_name(self.arb.event, item.pid)), "bold"))
        elif item is not None:
            self.action_seen()

    def action_accept_agreed(self) -> None:
        q, L = self.queue, self.arb.lang
        agreed = q.agreed if q is not None else ()
        if not agreed:
            return
        changes = tuple(cmds.AcceptReport(b.stage, b.table, b.round, b.board, b.result, b.by, by=self.arb.by)
                        for b in agreed)
        self.commit(cmds.AcceptReports(changes)).then(  # made without the lock, only written under it
            lambda change: self.say(tr(L, "rp_accepted_n", n=len(changes)), "bold"))

    def action_seen(self) -> None:
        from arbiter_tournament.core.event.reports import Board

        item = self.selected()
        if item is None or isinstance(item, Board):
            if isinstance(item, Board):
                self.say_error(tr(self.arb.lang, "why_nothing_to_accept"))
            return
        book: Reports | None = getattr(self.app, "_reports_book", None)  # (`check` made it when the screen opened)
        if book is None:
            return
        try:
            book.append([{"kind": "seen", "ref": item.n, "by": self.arb.by,
                          "at": datetime.now(timezone.utc).isoformat(timespec="seconds")}])
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        check(self.app)
        self.say(tr(self.arb.lang, "rp_marked_seen"))

    def action_back(self) -> None:
        self.app.pop_screen()
