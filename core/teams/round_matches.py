"""The matches of a round, read back from its games, and the team without a match.

Match m, board b is game board (m - 1) * B + b. Board 1's first player is of
the first-named team, board 2's of the second-named team, alternating
(`core.teams.matches.pair_boards`); so the first-named team is the one whose player
moves first on the match's board 1. A match's result is the sum of its
boards (`core.teams.matches.match_result`), its match points those of `core.teams.matches.decide`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.event.model import Event, Game, Round
from arbiter_tournament.core.teams.matches import BoardPairing, TeamMatch, TeamMatchResult, match_result
from arbiter_tournament.core.teams.rosters import team_names
from arbiter_tournament.core.teams.section import TeamsState, team_stage, state


@dataclass(frozen=True)
class MatchView:
    """One match of a round: its number, the teams (ids, names), its games, its result."""

    number: int
    first: int
    second: int
    first_name: str
    second_name: str
    games: tuple[Game, ...]
    match: TeamMatch
    result: TeamMatchResult
    played: bool  # at least one board played over the board


def matches(event: Event, rnd: Round, st: TeamsState | None = None) -> list[MatchView]:
    """The round's games grouped into matches (board (m - 1) * B + b is board b of match m)."""
    st = st or state(event)
    names = team_names(event, st)
    ids = {n: i for i, n in enumerate(names, start=1)}
    B = st.boards
    groups: dict[int, list[Game]] = {}
    for g in rnd.games:
        if g.second is None:
            raise IllegalChange("round {number} board {board}: a team event has no single-player bye", number=rnd.number, board=g.board)
        groups.setdefault((g.board - 1) // B + 1, []).append(g)
    out = []
    for m, games in sorted(groups.items()):
        games.sort(key=lambda g: g.board)
        g0 = games[0]
        b0 = (g0.board - 1) % B + 1
        f0, s0 = g0.pair  # no bye: refused above
        t_first = event.player(f0 if b0 % 2 else s0).team
        t_second = event.player(s0 if b0 % 2 else f0).team
        if not t_first or not t_second or t_first == t_second:
            raise IllegalChange("round {number} match {m}: board {board} is not between two teams", number=rnd.number, m=m, board=g0.board)
        a, b = ids[t_first], ids[t_second]
        bps, results = [], {}
        for g in games:
            bd = (g.board - 1) % B + 1
            first, second = g.pair
            tf, ts = event.player(first).team, event.player(second).team
            if {tf, ts} != {t_first, t_second}:
                raise IllegalChange("round {number} board {board}: not a game of {t_first} - {t_second}", number=rnd.number, board=g.board, t_first=t_first, t_second=t_second)
            bps.append(BoardPairing(bd, g.first, g.second, ids[tf], ids[ts]))
            if g.result is not None:
                results[bd] = g.result.value
        tm = TeamMatch(rnd.number, a, b, tuple(bps))
        res = match_result(tm, results, st.match_points)
        if len(games) != B:
            res = replace(res, complete=False, match_points=None, outcomes=None)
        played = any(g.result is not None and g.result.played for g in games)
        out.append(MatchView(m, a, b, t_first, t_second, tuple(games), tm, res, played))
    return out


def round_bye(event: Event, round_no: int, st: TeamsState | None = None) -> str | None:
    """The team without a match in a paired round (None if every team played or the round is not paired)."""
    st = st or state(event)
    if not any(r.number == round_no for r in event.rounds_of(team_stage(event), None)):
        return None
    return st.byes.get(round_no)
