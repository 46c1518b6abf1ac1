"""What every kind of TRF shares, export and import: a player and his 001 line, a game's result, a bye.

The Swiss (core/formats/trf_event.py), the round robin (trf_roundrobin.py),
the team event (trf_teams.py) and the top (trf_top.py) each write and read
their own records; they share these pieces, so none of them imports
another's module for them:

- `trf_player` / `player_of`: an event's player as a 001 line (its number,
  points, rank and records; `check_fits` refuses what the columns cannot
  hold) and back;
- `game_result`: the result of a game from its two players' records
  (`RESULT`), `bye_record`: the next round's pre-assigned bye;
- `tiebreaks_of`: the codes of the file's tie-break line; `clock_date`: the
  day a round clock ran (the report's round dates).
"""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction

from arbiter_tournament.core.errors import FileProblem, IllegalChange
from arbiter_tournament.core.event.model import Player
from arbiter_tournament.core.event.player_details import clean_details, trf_birth
from arbiter_tournament.core.event.records import BYE_OF_KIND, Outcome, RoundRecord
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.formats.trf import TrfPlayer, TrfTournament
from arbiter_tournament.core.formats.trf_tiebreaks import read_tiebreaks

TRF_NAME_CHARS = 33  # columns 15-47 of a 001 line
TRF_SEX = {"m": "m", "f": "w"}  # the report's letters (TRF: m or w)

RESULT = {
    (Outcome.WIN, Outcome.LOSS): Result.FIRST_WINS,
    (Outcome.LOSS, Outcome.WIN): Result.SECOND_WINS,
    (Outcome.DRAW, Outcome.DRAW): Result.DRAW,
    (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS): Result.FORFEIT_FIRST_WINS,
    (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN): Result.FORFEIT_SECOND_WINS,
    (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS): Result.DOUBLE_FORFEIT,
}


def player_of(p: TrfPlayer, path: str = "<trf>", **more) -> Player:
    """The event's player of a 001 line (id = start number), its details checked as every way in checks
    them (core/event/player_details.py: a FIDE id, a title, a federation, a sex, a birth YYYY/MM/DD);
    a value refused names its line."""
    try:
        got = clean_details({"federation": p.fed, "title": p.title, "fide_id": p.fide_id, "sex": p.sex,
                             "birth": p.birth})
    except IllegalChange as exc:
        raise FileProblem(path, p.line or None, exc.msg) from None
    return Player(id=p.id, name=p.name.strip() or f"Player {p.id}", rating=p.rating, **got, **more)


def trf_cut_names(players) -> list[Player]:
    """The players whose name is longer than the 33 columns of a 001 line: the report cuts them, and says so."""
    return [p for p in players if len(p.name) > TRF_NAME_CHARS]


def check_fits(number: int, points: Fraction, pid: int | None = None) -> None:
    """A start number and points must fit their columns of the 001 line (5-8, 81-84)."""
    who = number if pid is None else pid
    if number > 9999:  # columns 5-8 of a 001 line
        raise IllegalChange("player {pid}: a TRF has four columns for a player's number (at most 9999)", pid=who)
    if points >= 100 or points < 0 or (points * 10).denominator != 1:  # columns 81-84: one decimal
        raise IllegalChange("player {pid}: {points} points do not fit the TRF's points column "
                            "(one decimal, at most 99.9)", pid=who, points=str(points))


def trf_player(p: Player, number: int, points: Fraction, rank: int, records: list[RoundRecord]) -> TrfPlayer:
    """The 001 line of an event's player, under start number `number`."""
    check_fits(number, points, p.id)
    return TrfPlayer(id=number, name=p.name, rating=p.rating, fed=p.federation, sex=TRF_SEX.get(p.sex, ""),
                     title=p.title, fide_id=p.fide_id, birth=trf_birth(p.birth), points=points, rank=rank,
                     records=records)


def game_result(path: str, p: TrfPlayer, k: int, first: RoundRecord, second: RoundRecord, id2: int) -> Result:
    """The result of a game from the records of its first and second player."""
    result = RESULT.get((first.outcome, second.outcome))
    if result is None:
        raise FileProblem(path, p.line or None, "round {k}: players {id} and {id2} have results that do not fit "
                                                "together", k=k, id=p.id, id2=id2)
    return result


def bye_record(kind: str | None) -> RoundRecord:
    """The next round's pre-assigned bye: half, full, else zero (withdrawn, late, zero bye)."""
    return RoundRecord(BYE_OF_KIND.get(kind or "", Outcome.ZERO_BYE))


def tiebreaks_of(t: TrfTournament, path: str, *, team: bool) -> tuple[tuple[str, ...], str | None]:
    """The tie-break codes of the file's tie-break line (202 / 212), and its edition."""
    return read_tiebreaks(t.tiebreaks, path, t.tiebreaks_line, team=team)


def clock_date(deadline: str) -> str:
    """The day of a round clock's deadline (an ISO time) at the venue (this machine's time zone)."""
    try:
        return datetime.fromisoformat(deadline).astimezone().date().isoformat() if deadline else ""
    except ValueError:
        return ""
