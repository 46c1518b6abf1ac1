"""Players' codes, and what players report from their phones accepted by the judge (docs/players.md).

    GiveCodes(((1, "K7TQ2MXH9R"), ...))            # codes for players who have none (drawn by the caller)
    GiveCodes(((7, "..."),), reissue=True)          # a new code for player 7 (the old one stops working)
    AcceptReport(Stage.SWISS, None, 5, 12, Result.FIRST_WINS, reporters=(23, 41), by="anna@hall")
    AcceptReports((AcceptReport(...), ...))        # several boards at once, made without the event's lock
    AcceptBye(9, 6, "half"), AcceptWithdrawal(9)    # what a player asked for from the phone

The codes are drawn by the caller (`core.event.codes.fresh_codes`, with `secrets`): a command holds what
was chosen, so applying it again (redo) gives the same codes. A report accepted is a result entered like
any other (`RecordResult`), never over a result already there; its journal line names who reported it,
and the journal's entry who accepted it (the judge, or the server's login in `reports = "agreed"`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbiter_tournament.core.commands.base import Command
from arbiter_tournament.core.commands.players import RequestBye, Withdraw
from arbiter_tournament.core.commands.results import RecordResult
from arbiter_tournament.core.errors import IllegalChange, Msg
from arbiter_tournament.core.event.codes import is_code
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.msg import joined
from arbiter_tournament.core.msg.journal import asked_bye_what, describe

@dataclass(frozen=True)
class GiveCodes(Command):
    """A code for each listed player: only those who have none, unless `reissue` (a new code replaces his)."""

    codes: tuple[tuple[int, str], ...]
    reissue: bool = False

    def apply(self, event: Event) -> Event:
        taken = {p.code: p.id for p in event.players if p.code}
        given = dict(self.codes)
        players = []
        for p in event.players:
            code = given.pop(p.id, None)
            if code is None or (p.code and not self.reissue):
                players.append(p)
                continue
            if not is_code(code):
                raise IllegalChange("not a player's code: expected {n} characters of {alphabet}", n=10,
                                    alphabet="23456789ACDEFGHJKMNPQRTUVWXY")
            if taken.get(code, p.id) != p.id:
                raise IllegalChange("player {pid} has the code of player {other}", pid=p.id, other=taken[code])
            taken[code] = p.id
            players.append(replace(p, code=code))
        if given:
            raise IllegalChange("no player with id {pid}", pid=min(given))
        return replace(event, players=tuple(players))

    def describe(self, event: Event) -> Msg:
        if self.reissue and len(self.codes) == 1:
            return describe("new code for player {pid}", pid=self.codes[0][0])
        return describe("codes for {n} players", n=len(self.codes))


@dataclass(frozen=True)
class AcceptReport(Command):
    """The result the players reported on a board, entered: refused over any result already there (a report
    never overwrites the judge's), or when the reporters are not that board's players now."""

    stage: str
    table: int | None
    round: int
    board: int
    result: Result
    reporters: tuple[int, ...]
    by: str = ""

    def check(self, event: Event) -> None:
        game = event.find_round(self.stage, self.table, self.round).game(self.board)
        if game.result is not None:
            raise IllegalChange("board {board} has a result already: {result}; a report does not replace it",
                                board=self.board, result=game.result.value)
        if not self.reporters or any(pid not in game.players for pid in self.reporters) or game.second is None:
            raise IllegalChange("round {number} has no board {board}", number=self.round, board=self.board)
        self._record().check(event)

    def _record(self) -> RecordResult:
        return RecordResult(self.stage, self.table, self.round, self.board, self.result, by=self.by, expected=None)

    def apply(self, event: Event) -> Event:
        self.check(event)
        return self._record().apply(event)

    def describe(self, event: Event) -> Msg:
        return describe("result {stage} round {round} table {table} board {board}: {result}, reported by {players}"
                        if self.table is not None else
                        "result {stage} round {round} board {board}: {result}, reported by {players}", stage=self.stage, round=self.round, table=self.table, board=self.board,
                        result=self.result.value, players=", ".join(map(str, self.reporters)))


@dataclass(frozen=True)
class AcceptReports(Command):
    """The reported results of several boards, entered together (the judge's "every agreed report", the
    server's agreed boards of a moment in `reports = "agreed"`): all or none, each refused as it would be
    alone. The new event and the file's text are made without the event's lock (`outside_lock`:
    `EventFile.change_prepared`), so another judge's key waits only for the short write of the file; the
    journal has one line naming every board with who reported it (`undo` takes them all back). `under_lock`:
    made under the lock instead (tui/web/recorder.py, when a judge's changes come faster than it is made)."""

    reports: tuple[AcceptReport, ...]
    under_lock: bool = False  # made under the lock, as other changes (the recorder's last try of a turn)

    @property
    def outside_lock(self) -> bool:
        return not self.under_lock

    def __post_init__(self) -> None:
        if not self.reports or not all(isinstance(r, AcceptReport) for r in self.reports):
            raise TypeError("AcceptReports holds one or more AcceptReport")

    def apply(self, event: Event) -> Event:
        for r in self.reports:
            event = r.apply(event)
        return event

    def describe(self, event: Event) -> Msg:
        if len(self.reports) == 1:
            return self.reports[0].describe(event)
        return describe("at once: {changes}", changes=joined([r.describe(event) for r in self.reports], "; "))


@dataclass(frozen=True)
class AcceptBye(Command):
    """A bye a player asked for from the phone (the event's `player_byes` allow it), entered."""

    pid: int
    round: int
    kind: str

    def apply(self, event: Event) -> Event:
        return RequestBye(self.pid, self.round, self.kind).apply(event)

    def describe(self, event: Event) -> Msg:
        return asked_bye_what(self.kind, self.pid, self.round)


@dataclass(frozen=True)
class AcceptWithdrawal(Command):
    """A withdrawal a player asked for from the phone: not paired from the next round on."""

    pid: int

    def apply(self, event: Event) -> Event:
        return Withdraw(self.pid).apply(event)

    def describe(self, event: Event) -> Msg:
        return describe("withdraw player {pid}, asked by the player", pid=self.pid)


@dataclass(frozen=True)
class SetReports(Command):
    """The event's settings of the players' reports (docs/players.md): `mode` judge or agreed, how many byes a
    player may ask for from the phone and of which kind (None keeps a setting)."""

    mode: str | None = None
    player_byes: int | None = None
    player_bye_kind: str | None = None

    def apply(self, event: Event) -> Event:
        from arbiter_tournament.core.event.model import BYE_KINDS, REPORTS

        if self.mode is not None and self.mode not in REPORTS:
            raise IllegalChange("unknown reports mode '{mode}' (one of {known})", mode=self.mode,
                                known=", ".join(REPORTS))
        if self.player_bye_kind is not None and self.player_bye_kind not in BYE_KINDS:
            raise IllegalChange("unknown bye '{kind}' (one of {known})", kind=self.player_bye_kind,
                                known=", ".join(BYE_KINDS))
        if self.player_byes is not None and not 0 <= self.player_byes <= event.rounds_planned:
            raise IllegalChange("round {round_no} is not a round of this event (1..{rounds_planned})",
                                round_no=self.player_byes, rounds_planned=event.rounds_planned)
        given = {k: v for k, v in (("reports", self.mode), ("player_byes", self.player_byes),
                                   ("player_bye_kind", self.player_bye_kind)) if v is not None}
        return replace(event, **given)

    def describe(self, event: Event) -> Msg:
        new = self.apply(event) if self.why_not(event) is None else event
        return describe("players' reports: {name}; byes asked from the phone: {n} {other}", name=new.reports,
                        n=new.player_byes, other=new.player_bye_kind)
