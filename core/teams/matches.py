"""Team matches: rosters, line-ups, board colours, match results, team round robins.

Pure functions over frozen dataclasses; no I/O.

* A `Team` has an ordered roster (player ids, strongest first) and the event
  plays `boards` (B) boards per match.
* `lineup(team, boards, chosen=None)`: the players of one round, board 1
  first. Default: the first B of the roster. A chosen line-up must keep the
  roster order (the usual team-event rule) [our reading]; `None` leaves a
  board empty (that game is lost by forfeit).
* `pair_boards(round, first_team, second_team, first_lineup, second_lineup)`:
  board colours alternate: the first-named team moves first on board 1, the
  second-named team on board 2, and so on.
* `decide(points, boards, rule)` (of `core.tiebreaks.team_match`, given here too: the
  team tie-breaks read it there, below the teams): THE rule of a match's match points, and the only
  place that decides them: the match line, the JSON, the printouts, the pairing's
  score groups and the standings and tie-breaks all read its answer. A team that
  scored more than half of the possible board points (B x 1) wins the match,
  exactly half draws, less loses (seed 003, 32.2.1, "больше половины возможных
  очков по доскам"; ../shared/spec/rules.md section 4; match points 2/1/0 by
  default, configurable). Each team is judged on its own points against the
  half, so after double forfeits (0-0 on a board) the two teams' answers need not
  be a win and a loss: 2-0 with two double forfeits of 4 is a drawn match for the
  first team (exactly half) and a lost one for the second (less than half), 1-1
  lost by both (neither reaches half), as the rule is written (docs/teams.md).
  `MatchPoints(won_by="more")` compares the two teams' board points instead (the
  Olympiad's "more game points than the opponent"); the two rules differ only
  after double forfeits.
* `match_result(match, results, match_points)`: the boards summed, then `decide`.
* `team_round_robin(team_ids, double=False)`: the teams' rounds from the
  FIDE Berger tables (`core.roundrobin.berger`); `first` of each game is the
  first-named team.
* `team_totals(results)`: match points and board points per team.

Board results are written first mover first: "1-0", "0-1", "1/2" (also "=",
"1/2-1/2"), "+-", "-+" (forfeits), "--" (double forfeit); technical ("t")
and agreed ("a") suffixes are accepted and score like the plain result.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Iterable, Mapping, Sequence

from arbiter_tournament.core.errors import IllegalChange, InvalidResult
from arbiter_tournament.core.tiebreaks.team_match import OUTCOMES, MatchDecision, MatchPoints, decide

if TYPE_CHECKING:
    from arbiter_tournament.core.roundrobin.berger import RRRound

__all__ = [
    "OUTCOMES",
    "BoardPairing",
    "MatchDecision",
    "MatchPoints",
    "Team",
    "TeamMatch",
    "TeamMatchResult",
    "board_points",
    "decide",
    "lineup",
    "match_result",
    "pair_boards",
    "team_round_robin",
    "team_totals",
]

F = Fraction


@dataclass(frozen=True)
class Team:
    """A team: id, name (plain data) and roster of player ids in board order."""

    id: int
    name: str
    roster: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(set(self.roster)) != len(self.roster):
            raise IllegalChange("team {name!r}: a player is twice on the roster", name=self.name)


def lineup(team: Team, boards: int, chosen: Sequence[int | None] | None = None) -> tuple[int | None, ...]:
    """The team's players for one round, board 1 first (see the module docstring)."""
    if boards < 1:
        raise IllegalChange("a team match has at least one board")
    if chosen is None:
        players: list[int | None] = list(team.roster[:boards])
        players += [None] * (boards - len(players))
        return tuple(players)
    chosen = tuple(chosen)
    if len(chosen) != boards:
        raise IllegalChange("team {name!r}: a line-up has {boards} boards, not {n}", name=team.name, boards=boards,
                            n=len(chosen))
    present = [p for p in chosen if p is not None]
    for p in present:
        if p not in team.roster:
            raise IllegalChange("team {name!r}: player {p} is not on the roster", name=team.name, p=p)
    if len(set(present)) != len(present):
        raise IllegalChange("team {name!r}: a player is on two boards", name=team.name)
    positions = [team.roster.index(p) for p in present]
    if positions != sorted(positions):
        raise IllegalChange("team {name!r}: the line-up must keep the roster order", name=team.name)
    return chosen


@dataclass(frozen=True)
class BoardPairing:
    """One board of a team match: who moves first and second, and their teams.

    `first`/`second` is None for an empty board (its game is lost by forfeit).
    """

    board: int
    first: int | None
    second: int | None
    first_team: int
    second_team: int

    @property
    def pair(self) -> tuple[int, int]:
        """(first, second) of a board with both players (an event's boards always have both)."""
        if self.first is None or self.second is None:
            raise ValueError(f"board {self.board} is empty")
        return self.first, self.second


@dataclass(frozen=True)
class TeamMatch:
    """A team match of one round: the first-named team, the second, the boards."""

    round: int
    first_team: int
    second_team: int
    boards: tuple[BoardPairing, ...]


def pair_boards(
    round: int,
    first_team: Team,
    second_team: Team,
    first_lineup: Sequence[int | None],
    second_lineup: Sequence[int | None],
) -> TeamMatch:
    """Boards of a team match with alternating colours (board 1: first-named team moves first)."""
    if len(first_lineup) != len(second_lineup):
        raise IllegalChange("both teams must field the same number of boards")
    out = []
    for k, (a, b) in enumerate(zip(first_lineup, second_lineup), start=1):
        if k % 2:
            out.append(BoardPairing(k, a, b, first_team.id, second_team.id))
        else:
            out.append(BoardPairing(k, b, a, second_team.id, first_team.id))
    return TeamMatch(round, first_team.id, second_team.id, tuple(out))


_SCORES = {
    "1-0": (F(1), F(0)),
    "0-1": (F(0), F(1)),
    "1/2": (F(1, 2), F(1, 2)),
    "=": (F(1, 2), F(1, 2)),
    "1/2-1/2": (F(1, 2), F(1, 2)),
    "½": (F(1, 2), F(1, 2)),
    "+-": (F(1), F(0)),
    "-+": (F(0), F(1)),
    "--": (F(0), F(0)),
}


def board_points(result: str) -> tuple[Fraction, Fraction]:
    """Points of the first and second mover for a board result text."""
    key = result.strip().lower()
    if key not in _SCORES and key[-1:] in ("t", "a") and key[:-1] in _SCORES:
        key = key[:-1]
        if key in ("+-", "-+", "--"):
            raise InvalidResult("{result!r} is not a result", result=result)
    if key not in _SCORES:
        raise InvalidResult("{result!r} is not a result", result=result)
    return _SCORES[key]


@dataclass(frozen=True)
class TeamMatchResult:
    """Board points and match points of the first- and second-named teams.

    `complete` is False while a board has no result; the points are then the
    points so far and `match_points` is None.
    """

    first_team: int
    second_team: int
    points: tuple[Fraction, Fraction]
    match_points: tuple[Fraction, Fraction] | None
    complete: bool
    outcomes: tuple[str, str] | None = None  # "win"/"draw"/"loss" of each team once complete (`decide`)


def match_result(
    match: TeamMatch,
    results: Mapping[int, str],
    match_points: MatchPoints = MatchPoints(),
) -> TeamMatchResult:
    """Sum the boards of `match` (`results[board]`, first mover first); see the module docstring.

    Empty boards score without a result: the present player wins by forfeit,
    two empty seats score 0-0.
    """
    a = b = F(0)
    complete = True
    boards = len(match.boards)
    for bd in match.boards:
        if bd.first is None or bd.second is None:
            if bd.board in results:
                raise IllegalChange("board {board} has an empty seat: no result to enter", board=bd.board)
            pf = F(0) if bd.first is None else F(1)
            ps = F(0) if bd.second is None else F(1)
        elif bd.board in results:
            pf, ps = board_points(results[bd.board])
        else:
            complete = False
            continue
        if bd.first_team == match.first_team:
            a, b = a + pf, b + ps
        else:
            a, b = a + ps, b + pf
    for k in results:
        if not 1 <= k <= boards:
            raise IllegalChange("the match has no board {k}", k=k)
    if not complete:
        return TeamMatchResult(match.first_team, match.second_team, (a, b), None, False)
    d = decide((a, b), boards, match_points)
    return TeamMatchResult(match.first_team, match.second_team, (a, b), d.match_points, True, d.outcomes)


def team_round_robin(team_ids: Sequence[int], *, double: bool = False, swap_last_two: bool = True) -> tuple[RRRound, ...]:
    """Team pairings from the FIDE Berger tables: `game.first` is the first-named team,
    `game.board` the match's number in the round, `bye` a team without a match."""
    from arbiter_tournament.core.roundrobin.berger import schedule  # (a team round robin only: not loaded to read a match)

    return schedule(team_ids, double=double, swap_last_two=swap_last_two)


def team_totals(results: Iterable[TeamMatchResult]) -> dict[int, tuple[Fraction, Fraction]]:
    """Match points and board points per team over complete matches: {team: (MP, GP)}."""
    out: dict[int, tuple[Fraction, Fraction]] = {}
    for r in results:
        if not r.complete or r.match_points is None:  # (complete: it has its match points)
            continue
        for team, mp, gp in ((r.first_team, r.match_points[0], r.points[0]), (r.second_team, r.match_points[1], r.points[1])):
            m0, g0 = out.get(team, (F(0), F(0)))
            out[team] = (m0 + mp, g0 + gp)
    return out
