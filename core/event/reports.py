"""What players report from their phones, and what it means for the event: the rules of a report.

The reports are not in the event file: they are lines of the reports journal beside it
(core/store/reports.py), written without the event's lock. This module reads those lines against
the event as the file holds it now:

    entries = [entry_of(doc, n) ...]               # the journal's lines (a bad one is None: left out)
    q = queue(event, entries)                      # boards reported, requests, wrong-code attempts
    q.boards[0].status                             # "waiting" | "agreed" | "dispute" | "recorded"
    mine = my_game(event, pid)                     # the game a code may report now (None: none)
    refusal = report_refusal(event, pid, result)   # None, or (409, Msg) why it is refused

The rules (docs/players.md):
- a code reports only its holder's game of the current round: the last round of the stage being
  played (the player's table); a board with one player (the pairing-allocated bye) has nothing to report;
- a player's latest report of a board is his claim; one claim is "waiting"; two equal claims are
  "agreed"; two different ones are a "dispute", which the judge settles by entering the result;
- a result in the file (entered by the judge, or a report already accepted) is never overwritten by a
  report: the board is "recorded" and a new report of it is refused (409);
- a report is only of a played game's result: 1-0, 0-1 or a draw; forfeits are the judge's;
- requests: a check-in for the next round, a bye for the next round (as many as the event's
  `player_byes`, of its `player_bye_kind`), a withdrawal; each waits for the judge (accepted, or seen).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arbiter_tournament.core.errors import IllegalChange, Msg, InvalidResult
from arbiter_tournament.core.event.model import Event, Game, Player, Round
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.event.systems import Stage

KINDS = ("report", "checkin", "bye", "withdraw", "wrong", "limited", "seen")
REQUESTS = ("checkin", "bye", "withdraw")
REPORTABLE = (Result.FIRST_WINS, Result.SECOND_WINS, Result.DRAW)
STATUSES = ("waiting", "agreed", "dispute", "recorded")


@dataclass(frozen=True)
class Entry:
    """One line of the reports journal; `n` is its place in the journal (0 the first), its id."""

    n: int  # its line in the journal, 1 the first: its id
    kind: str
    at: str = ""
    pid: int = 0
    stage: str = ""
    table: int | None = None
    round: int = 0
    board: int = 0
    result: Result | None = None
    bye: str = ""
    addr: str = ""
    ref: int = -1  # "seen": the entry the judge has seen
    by: str = ""  # "seen": who


def _int(v: Any, lo: int = 0, hi: int = 10**9) -> int | None:
    return v if type(v) is int and lo <= v <= hi else None


def entry_of(doc: Any, n: int) -> Entry | None:
    """A journal line's document as an `Entry`; None when it is not one (a line from a newer arbiter, a hand
    edit): such a line is left out, never trusted."""
    if not isinstance(doc, dict) or doc.get("kind") not in KINDS:
        return None
    kind = doc["kind"]
    at = doc.get("at", "")
    at = at if isinstance(at, str) and len(at) <= 40 else ""
    if kind in ("wrong", "limited"):
        addr = doc.get("addr")
        return Entry(n, kind, at, addr=addr[:64]) if isinstance(addr, str) else None
    if kind == "seen":
        ref = _int(doc.get("ref"))
        by = doc.get("by", "")
        return None if ref is None else Entry(n, kind, at, ref=ref, by=by[:200] if isinstance(by, str) else "")
    pid, rnd = _int(doc.get("pid"), 1), _int(doc.get("round"), 1)
    if pid is None or rnd is None:
        return None
    if kind == "report":
        board, stage, table = _int(doc.get("board"), 1), doc.get("stage"), doc.get("table")
        if board is None or not isinstance(stage, str) or not (table is None or _int(table, 1) is not None):
            return None
        try:
            result = Result.parse(doc.get("result", "")) if isinstance(doc.get("result"), str) else None
        except InvalidResult:
            result = None
        if result not in REPORTABLE:
            return None
        return Entry(n, kind, at, pid, stage, table, rnd, board, result)
    bye = doc.get("bye", "")
    if kind == "bye" and bye not in ("half", "zero", "full"):
        return None
    return Entry(n, kind, at, pid, round=rnd, bye=bye if kind == "bye" else "")


def report_doc(pid: int, mine: "MyGame", result: Result, at: str) -> dict[str, Any]:
    """The journal's line of a report."""
    return {"kind": "report", "at": at, "pid": pid, "stage": mine.stage, "table": mine.table,
            "round": mine.round, "board": mine.board, "result": result.value}


# -- the player's game --------------------------------------------------------------------------

@dataclass(frozen=True)
class MyGame:
    """A player's game of the current round, as his page shows it."""

    stage: str
    table: int | None
    round: int
    board: int
    side: int  # 0: the first player (white), 1: the second
    game: Game
    opponent: Player | None

    @property
    def key(self) -> tuple[str, int | None, int, int]:
        return (self.stage, self.table, self.round, self.board)


def current_round(event: Event, pid: int) -> Round | None:
    """The round a player's code reports in: the last round of the stage being played (his table)."""
    stage = event.current_stage()
    table = event.player(pid).table if stage == Stage.SWISS else None
    rounds = event.rounds_of(stage, table)
    return rounds[-1] if rounds else None


def my_game(event: Event, pid: int) -> MyGame | None:
    """The player's game of the current round (None: not paired in it)."""
    rnd = current_round(event, pid)
    if rnd is None:
        return None
    for g in rnd.games:
        if pid in g.players:
            side = g.players.index(pid)
            other = g.second if side == 0 else g.first
            opp = event.player(other) if other is not None and event.has_player(other) else None
            return MyGame(rnd.stage, rnd.table, rnd.number, g.board, side, g, opp)
    return None


def parse_result(text: Any) -> Result:
    """A reported result: 1-0, 0-1 or a draw (1/2, ½-½, =); anything else is refused."""
    if not isinstance(text, str) or len(text) > 20:
        raise InvalidResult("a report is 1-0, 0-1 or 1/2")
    try:
        result = Result.parse(text)
    except InvalidResult:
        raise InvalidResult("a report is 1-0, 0-1 or 1/2") from None
    if result not in REPORTABLE:
        raise InvalidResult("a report is 1-0, 0-1 or 1/2")
    return result


def report_refusal(event: Event, pid: int) -> tuple[MyGame | None, Msg | None]:
    """The game a player may report now, or why not (the server answers 409 with it)."""
    if not event.has_player(pid):
        return None, Msg("no player with id {pid}", pid=pid)
    mine = my_game(event, pid)
    if mine is None:
        return None, Msg("you have no game in the current round")
    if mine.opponent is None:
        return None, Msg("you have no game in the current round")
    if mine.game.result is not None:
        return mine, Msg("the judge has recorded this game's result: {result}", result=mine.game.result.value)
    return mine, None


# -- the queue the judge sees ------------------------------------------------------------------------

@dataclass(frozen=True)
class Board:
    """One board's reports: each player's latest claim, and what they make."""

    stage: str
    table: int | None
    round: int
    board: int
    first: int
    second: int
    claims: tuple[tuple[int, Result, int], ...]  # (pid, result, entry n), in the order first, second
    recorded: Result | None  # the result in the file

    @property
    def key(self) -> tuple[str, int | None, int, int]:
        return (self.stage, self.table, self.round, self.board)

    @property
    def status(self) -> str:
        if self.recorded is not None:
            return "recorded"
        if len(self.claims) < 2:
            return "waiting"
        return "agreed" if self.claims[0][1] == self.claims[1][1] else "dispute"

    @property
    def result(self) -> Result | None:
        """The result the reports give (None: a dispute); a recorded board: the file's."""
        if self.recorded is not None:
            return self.recorded
        results = {r for _, r, _ in self.claims}
        return results.pop() if len(results) == 1 else None

    @property
    def by(self) -> tuple[int, ...]:
        return tuple(pid for pid, _, _ in self.claims)

    def doc(self) -> dict[str, Any]:
        """As `arbiter reports --format json` lists it."""
        d: dict[str, Any] = {"stage": self.stage, "round": self.round, "board": self.board}
        if self.table is not None:
            d["table"] = self.table
        r = self.result
        d.update(result=r.value if r is not None else None, by=list(self.by), status=self.status,
                 claims=[{"by": pid, "result": res.value} for pid, res, _ in self.claims])
        return d


@dataclass(frozen=True)
class Request:
    """A check-in, a bye asked for, a withdrawal asked for; `status` waiting, done (the file has it) or seen."""

    n: int  # its line in the journal, 1 the first: its id
    kind: str
    pid: int
    round: int
    bye: str
    at: str
    status: str

    def doc(self) -> dict[str, Any]:
        d = {"id": self.n, "kind": self.kind, "player": self.pid, "round": self.round, "status": self.status,
             "at": self.at}
        if self.kind == "bye":
            d["bye"] = self.bye
        return d


@dataclass(frozen=True)
class Wrong:
    """Wrong codes tried from one address: how many, when last, whether it is rate-limited now."""

    addr: str
    count: int
    last: str
    limited: bool
    n: int  # the last such entry (a "seen" of it clears the line)
    seen: bool

    def doc(self) -> dict[str, Any]:
        return {"address": self.addr, "wrong_codes": self.count, "last": self.last, "limited": self.limited,
                "id": self.n, "seen": self.seen}


@dataclass(frozen=True)
class Queue:
    boards: tuple[Board, ...] = ()
    requests: tuple[Request, ...] = ()
    wrong: tuple[Wrong, ...] = ()
    entries: int = 0

    def board(self, number: int, table: int | None = None) -> Board | None:
        found = [b for b in self.boards if b.board == number and b.table == table]
        return next((b for b in found if b.status != "recorded"), found[-1] if found else None)

    @property
    def open_boards(self) -> tuple[Board, ...]:
        return tuple(b for b in self.boards if b.status != "recorded")

    @property
    def agreed(self) -> tuple[Board, ...]:
        return tuple(b for b in self.boards if b.status == "agreed")

    @property
    def waiting(self) -> int:
        """What the status line counts: boards not recorded, requests waiting, wrong codes not seen."""
        return (len(self.open_boards) + sum(1 for r in self.requests if r.status == "waiting")
                + sum(1 for w in self.wrong if not w.seen))


def request_done(event: Event, r: Entry) -> bool:
    """A request the file already answers (the bye is there, the player has withdrawn)."""
    if not event.has_player(r.pid):
        return True
    p = event.player(r.pid)
    if r.kind == "bye":
        return p.requested_bye(r.round) == r.bye
    if r.kind == "withdraw":
        return p.withdrawn_from is not None
    return False


def queue(event: Event, entries: list[Entry | None]) -> Queue:
    """The journal's entries read against the event (docs/players.md, "What the judge sees")."""
    seen = {e.ref for e in entries if e is not None and e.kind == "seen"}
    claims: dict[tuple, dict[int, tuple[Result, int]]] = {}
    requests: dict[tuple, Entry] = {}
    wrong: dict[str, list[Entry]] = {}
    limited: dict[str, Entry] = {}
    for e in entries:
        if e is None:
            continue
        if e.kind == "report":
            claims.setdefault((e.stage, e.table, e.round, e.board), {})[e.pid] = (e.result, e.n)
        elif e.kind in REQUESTS:
            requests[(e.kind, e.pid, e.round)] = e  # the latest of the same request
        elif e.kind == "wrong":
            wrong.setdefault(e.addr, []).append(e)
        elif e.kind == "limited":
            limited[e.addr] = e
    boards = []
    rounds = {r.key: r for r in event.rounds}
    for (stage, table, number, board), by in claims.items():
        rnd = rounds.get((stage, table, number))
        if rnd is None:
            continue  # a round taken back since
        game = next((g for g in rnd.games if g.board == board), None)
        if game is None or game.second is None:
            continue
        got = tuple((pid, by[pid][0], by[pid][1]) for pid in game.players if pid in by)
        if not got:
            continue  # the pairing changed: the reporters are not on this board now
        boards.append(Board(stage, table, number, board, game.first, game.second, got, game.result))
    boards.sort(key=lambda b: (b.stage, b.table or 0, b.round, b.board))
    reqs = []
    for e in sorted(requests.values(), key=lambda e: e.n):
        status = "done" if request_done(event, e) else "seen" if e.n in seen else "waiting"
        reqs.append(Request(e.n, e.kind, e.pid, e.round, e.bye, e.at, status))
    wrongs = []
    for addr, tries in wrong.items():
        last = tries[-1]
        lim = addr in limited and limited[addr].n > (max(seen & {t.n for t in tries}, default=-1))
        wrongs.append(Wrong(addr, len(tries), last.at, lim, last.n, last.n in seen))
    wrongs.sort(key=lambda w: w.n)
    return Queue(tuple(boards), tuple(reqs), tuple(wrongs), len(entries))


# -- the requests a phone may make ---------------------------------------------------------------------

def next_round(event: Event, pid: int) -> int:
    """The next round of the player's table to be paired (main stage)."""
    from arbiter_tournament.core.event.commands import rounds_paired

    return rounds_paired(event, event.player(pid).table) + 1


def request_refusal(event: Event, pid: int, kind: str, entries: list[Entry | None] = ()) -> Msg | None:
    """Why a player may not make this request now (None: he may)."""
    if not event.has_player(pid):
        return Msg("no player with id {pid}", pid=pid)
    p = event.player(pid)
    if p.withdrawn_from is not None:
        return Msg("you have withdrawn from the event")
    nxt = next_round(event, pid)
    if event.current_stage() not in (Stage.SWISS, Stage.ROUNDROBIN) or nxt > event.rounds_planned:
        return Msg("there is no next round to ask for")
    if kind == "bye":
        if event.player_byes <= 0:
            return Msg("the regulations of this event allow no bye asked for")
        if p.requested_bye(nxt) is not None:
            return Msg("you already have a bye in round {round}", round=nxt)
        had = sum(1 for _, k in p.byes if k == event.player_bye_kind)
        asked = {e.round for e in entries if e is not None and e.kind == "bye" and e.pid == pid
                 and e.round != nxt and p.requested_bye(e.round) is None}
        if had + len(asked) >= event.player_byes:
            return Msg("you have asked for all {n} byes the regulations allow", n=event.player_byes)
    return None


def check_accept(event: Event, board: Board) -> None:
    """What accepting a board's reports refuses: a dispute, a board with one report in `judge` mode is
    accepted (the judge's key), a result already in the file."""
    if board.recorded is not None:
        raise IllegalChange("board {board} has a result already: {result}; a report does not replace it",
                            board=board.board, result=board.recorded.value)
    if board.status == "dispute":
        raise IllegalChange("board {board}: the players disagree; enter the result yourself", board=board.board)
