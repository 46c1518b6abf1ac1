"""Each team's rounds, as the Dutch engine reads them and as the team tie-breaks read them.

* For pairing (`dutch_histories`): win, draw or loss by the match result,
  "white" for the first-named team, the Swiss bye as PAB. A match with no
  board played over the board is a forfeit win/loss, not a played encounter.
* For the tie-breaks (`team_histories`): match and board points per round.
  In a team Swiss an all-forfeit match is an unplayed round (article 16); in
  a round robin it is an ordinary match (C.07 15.2). The Swiss bye is "pab",
  the round robin's Berger bye seat "rr-bye" (no round for tie-break purposes).
"""

from __future__ import annotations

from fractions import Fraction

from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.event.records import Outcome, PlayerHistory, RoundRecord
from arbiter_tournament.core.teams.matches import Team, board_points
from arbiter_tournament.core.teams.rosters import avg_top, team_members, teams
from arbiter_tournament.core.teams.round_matches import matches
from arbiter_tournament.core.teams.section import TeamsState, team_stage, state
from arbiter_tournament.core.event.systems import System

F = Fraction


def dutch_histories(event: Event, st: TeamsState, tlist: list[Team], upto: int) -> dict[int, PlayerHistory]:
    """Each team's history (up to round `upto`) as the Dutch engine reads a player's: the team pairing's input."""
    recs: dict[int, list[RoundRecord]] = {t.id: [] for t in tlist}
    names = [t.name for t in tlist]
    for rnd in event.rounds_of(team_stage(event), None):
        if rnd.number > upto:
            break
        got: dict[int, RoundRecord] = {}
        for m in matches(event, rnd, st):
            if not m.result.complete:
                raise IllegalChange("round {number}: match {first_name} - {second_name} still misses results", number=rnd.number, first_name=m.first_name, second_name=m.second_name)
            a_mp, b_mp = m.result.match_points
            (pa, pb) = m.result.points
            if m.played:
                oa = Outcome.WIN if a_mp > b_mp else Outcome.LOSS if a_mp < b_mp else Outcome.DRAW
                ob = {Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN}.get(oa, Outcome.DRAW)
            else:
                oa = Outcome.FORFEIT_WIN if pa > pb else Outcome.FORFEIT_LOSS
                ob = Outcome.FORFEIT_WIN if pb > pa else Outcome.FORFEIT_LOSS
            got[m.first] = RoundRecord(oa, m.second, "w")
            got[m.second] = RoundRecord(ob, m.first, "b")
        bye = st.byes.get(rnd.number)
        if bye in names and event.system == System.SWISS:
            got[names.index(bye) + 1] = RoundRecord(Outcome.PAB)
        for tid in recs:
            recs[tid].append(got.get(tid, RoundRecord(Outcome.ABSENT)))
    members = team_members(event)
    return {t.id: PlayerHistory(t.id, int(avg_top(event, members.get(t.name, []), st.boards)), t.name,
                                tuple(recs[t.id])) for t in tlist}


def team_histories(event: Event, after_round: int, st: TeamsState | None = None):
    """`core.tiebreaks.team.TeamHistory` per team for rounds 1..after_round."""
    from arbiter_tournament.core.tiebreaks.team import TeamHistory, TeamRound

    st = st or state(event)
    tlist = teams(event, st)
    names = [t.name for t in tlist]
    per: dict[int, list] = {t.id: [] for t in tlist}
    B = st.boards
    for rnd in event.rounds_of(team_stage(event), None):
        if rnd.number > after_round:
            break
        got = {}
        for m in matches(event, rnd, st):
            if not m.result.complete:
                raise IllegalChange("round {number}: match {first_name} - {second_name} still misses results", number=rnd.number, first_name=m.first_name, second_name=m.second_name)
            pa, pb = m.result.points
            boards_a = [F(0)] * B
            boards_b = [F(0)] * B
            for bp, g in zip(m.match.boards, m.games):
                x, y = board_points(g.result.value)
                if bp.first_team == m.first:
                    boards_a[bp.board - 1], boards_b[bp.board - 1] = x, y
                else:
                    boards_a[bp.board - 1], boards_b[bp.board - 1] = y, x
            if m.played or event.system != System.SWISS:
                # C.07 15.2: with pre-determined pairings (a round robin) a forfeit is an ordinary game
                ka = kb = "match"
            else:
                ka = "forfeit-win" if pa > pb else "forfeit-loss"
                kb = "forfeit-win" if pb > pa else "forfeit-loss"
            got[m.first] = TeamRound(m.second, pa, pb, ka, tuple(boards_a))
            got[m.second] = TeamRound(m.first, pb, pa, kb, tuple(boards_b))
        bye = st.byes.get(rnd.number)
        if bye in names:
            # Swiss: the pairing-allocated bye; round robin: the Berger bye seat, no round for
            # tie-break purposes (tiebreaks.md RR_BYE, C.07 15.2)
            got[names.index(bye) + 1] = TeamRound(None, kind="pab" if event.system == System.SWISS else "rr-bye")
        for tid in per:
            per[tid].append(got.get(tid, TeamRound(None, kind="absent")))
    return [TeamHistory(t.id, t.name, tuple(per[t.id])) for t in tlist]
