"""Every change to an event, as a value: what the command line and the TUI build and run.

    from arbiter_tournament.core.commands import RecordResult, run
    cmd = RecordResult(Stage.SWISS, None, 3, 12, Result.FIRST_WINS, by="anna@hall")
    cmd.why_not(event)           # None, or why not (a Msg: the TUI greys the key out, says it in the judge's language)
    new = run(EventFile(path), cmd)  # one transaction: lock, reload, apply, save, journal (cmd.describe), unlock

Each command is a frozen dataclass with `why_not(event)`, `apply(event)`
and `describe(event)` (core/commands/base.py); the groups are a module each:

    results   RecordResult, ClearResult, SetMoves, TechnicalDraws
    players   AddPlayer, EditPlayer, Withdraw, RequestBye, ImportPlayers, SeatPlayers, MovePlayer, UpdateRatings
    forbid    ForbidPair, ForbidClub
    pairing   PairNext, PairReadyTables, SavePairing, PairByHand, PairTeamsByHand, SwapColours, ExchangePlayers,
              GiveBye, Unpair
    stages    StartTop, StartPlayoff, CancelPlayoff
    teams     SetRoster, SetLineup, SetTeamOrder, ForbidTeams, SwapMatch, ExchangeTeams, GiveTeamBye
    clock     SetClock, StartClockEveryTable, StartClock
    event     SetDetails (and make_new_event: the event `arbiter new` and the TUI's form make)
    final     AddCategory, EditCategory, RenameCategory, MoveCategory, RemoveCategory, AddPrize, EditPrize,
              RenamePrize, MovePrize, RemovePrize, SetPrizeSharing, SetTies, SplitPrizes, UnsplitPrizes, DrawLots,
              SetPrizeTrophies
    batch     Batch (several changes in one transaction and one journal line)
    reports   GiveCodes, AcceptReport, AcceptReports, AcceptBye, AcceptWithdrawal, SetReports (players' codes and phones:
              docs/players.md)

The rules stay where they live (core/event/commands.py, core/pairing/rounds.py,
core/knockout/stage.py ...): a command holds the judge's choice and calls
them. docs/architecture.md draws the flow and says how to add a command.

A name is imported from its group's module when it is first asked for (`from arbiter_tournament.core.commands
import RecordResult` loads `results` alone, not the pairing engine): `arbiter result` loads what it
runs and nothing more (docs/performance.md, "The command line"). A new command is a line of `GROUPS`.
"""

from __future__ import annotations

from arbiter_tournament.core.lazy import lazy_names

# module -> the names it gives (the order of the table above)
GROUPS: dict[str, tuple[str, ...]] = {
    "base": ("Command", "SlowCommand"),
    "runner": ("run",),
    "results": ("UNSEEN", "RecordResult", "ClearResult", "SetMoves", "TechnicalDraws"),
    "players": ("AddPlayer", "EditPlayer", "Withdraw", "RequestBye", "ImportPlayers", "SeatPlayers", "MovePlayer",
                "UpdateRatings"),
    "forbid": ("ForbidPair", "ForbidClub"),
    "pairing": ("PairNext", "PairReadyTables", "SavePairing", "PairByHand", "SwapColours", "ExchangePlayers",
                "GiveBye", "Unpair", "why_not_by_hand", "PairTeamsByHand"),
    "stages": ("StartTop", "StartPlayoff", "CancelPlayoff"),
    "teams": ("SetRoster", "SetLineup", "SetTeamOrder", "ForbidTeams", "SwapMatch", "ExchangeTeams", "GiveTeamBye"),
    "clock": ("SetClock", "StartClockEveryTable", "StartClock"),
    "event": ("SetDetails", "make_new_event"),
    "final": ("KEEP", "Conditions", "AddCategory", "EditCategory", "RenameCategory", "MoveCategory", "RemoveCategory",
              "AddPrize", "EditPrize", "RenamePrize", "MovePrize", "RemovePrize", "SetPrizeSharing", "SetTies",
              "SplitPrizes", "UnsplitPrizes", "DrawLots", "SetPrizeTrophies"),
    "batch": ("Batch",),
    "reports": ("GiveCodes", "AcceptReport", "AcceptReports", "AcceptBye", "AcceptWithdrawal", "SetReports"),
}

__all__ = [name for names in GROUPS.values() for name in names]
__getattr__, __dir__ = lazy_names(__name__, GROUPS, globals())
