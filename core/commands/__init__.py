"""Every change to an event, as a value: what the command line and the TUI build and run.

    from arbiter.core.commands import RecordResult, run
    cmd = RecordResult("swiss", None, 3, 12, Result.FIRST_WINS, by="anna@hall")
    cmd.why_not(event)           # None, or why not (a Msg: the TUI greys the key out, says it in the judge's language)
    new = run(EventFile(path), cmd)  # one transaction: lock, reload, apply, save, journal (cmd.describe), unlock

Each command is a frozen dataclass with `why_not(event)`, `apply(event)`
and `describe(event)` (core/commands/base.py); the groups are a module each:

    results   RecordResult, ClearResult, SetMoves, TechnicalDraws
    players   AddPlayer, EditPlayer, Withdraw, RequestBye, ImportPlayers, SeatPlayers
    forbid    ForbidPair, ForbidClub
    pairing   PairNext, PairReadyTables, SavePairing, PairByHand, SwapColours, ExchangePlayers, GiveBye, Unpair
    stages    StartTop, StartPlayoff
    teams     SetRoster, SetLineup, SetTeamOrder, ForbidTeams, SwapMatch, ExchangeTeams, GiveTeamBye
    clock     SetClock, StartClockEveryTable
    event     SetDetails
    final     AddCategory, EditCategory, RenameCategory, MoveCategory, RemoveCategory, AddPrize, EditPrize,
              RenamePrize, MovePrize, RemovePrize, SetPrizeSharing, SetTies, SplitPrizes, UnsplitPrizes, DrawLots

The rules stay where they live (core/event/commands.py, core/pairing/rounds.py,
core/knockout/stage.py ...): a command holds the judge's choice and calls
them. docs/architecture.md draws the flow and says how to add a command.
"""

from arbiter.core.commands.base import Command, SlowCommand
from arbiter.core.commands.clock import SetClock, StartClockEveryTable
from arbiter.core.commands.event import SetDetails
from arbiter.core.commands.final import (KEEP, AddCategory, AddPrize, Conditions, DrawLots, EditCategory, EditPrize,
                                         MoveCategory, MovePrize, RemoveCategory, RemovePrize, RenameCategory,
                                         RenamePrize, SetPrizeSharing, SetTies, SplitPrizes, UnsplitPrizes)
from arbiter.core.commands.forbid import ForbidClub, ForbidPair
from arbiter.core.commands.pairing import (ExchangePlayers, GiveBye, PairByHand, PairNext, PairReadyTables, SavePairing,
                                           SwapColours, Unpair, why_not_by_hand)
from arbiter.core.commands.players import AddPlayer, EditPlayer, ImportPlayers, RequestBye, SeatPlayers, Withdraw
from arbiter.core.commands.results import UNSEEN, ClearResult, RecordResult, SetMoves, TechnicalDraws
from arbiter.core.commands.runner import run
from arbiter.core.commands.stages import StartPlayoff, StartTop
from arbiter.core.commands.teams import (ExchangeTeams, ForbidTeams, GiveTeamBye, SetLineup, SetRoster, SetTeamOrder,
                                         SwapMatch)
from arbiter.core.commands.clock import StartClock; from arbiter.core.commands.players import MovePlayer  # noqa: E702, E501  (issue 27.5)

__all__ = [
    "Command", "SlowCommand", "run", "UNSEEN",
    "RecordResult", "ClearResult", "SetMoves", "TechnicalDraws",
    "AddPlayer", "EditPlayer", "Withdraw", "RequestBye", "ImportPlayers", "SeatPlayers",
    "ForbidPair", "ForbidClub",
    "PairNext", "PairReadyTables", "SavePairing", "PairByHand", "SwapColours", "ExchangePlayers", "GiveBye",
    "Unpair", "why_not_by_hand",
    "StartTop", "StartPlayoff",
    "SetRoster", "SetLineup", "SetTeamOrder", "ForbidTeams", "SwapMatch", "ExchangeTeams", "GiveTeamBye",
    "SetClock", "StartClockEveryTable",
    "SetDetails",
    "KEEP", "Conditions", "AddCategory", "EditCategory", "RenameCategory", "MoveCategory", "RemoveCategory",
    "AddPrize", "EditPrize", "RenamePrize", "MovePrize", "RemovePrize", "SetPrizeSharing", "SetTies", "SplitPrizes",
    "UnsplitPrizes", "DrawLots",
]
