"""Each team's rounds, as the Dutch engine reads them and as the team tie-breaks read them.

* Both read each match's match points and outcomes from `core.teams.matches.decide` (through
  `match_result`), so the score groups, the standings and the match line agree.
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
            assert m.result.outcomes is not None  # a complete match: decided (core.teams.matches.decide)
            for tid, opp, colour, outcome in zip((m.first, m.second), (m.second, m.first), "wb", m.result.outcomes):
                got[tid] = _pairing_record(outcome, m.played, opp, colour)
        bye = st.byes.get(rnd.number)
        if bye in names and event.system == System.SWISS:
            got[names.index(bye) + 1] = RoundRecord(Outcome.PAB)
        for tid in recs:
            recs[tid].append(got.get(tid, RoundRecord(Outcome.ABSENT)))
    members = team_members(event)
    return {t.id: PlayerHistory(t.id, int(avg_top(event, members.get(t.name, []), st.boards)), t.name,
                                tuple(recs[t.id])) for t in tlist}


# what each team's match was, as the Dutch engine scores it (with the match points of core.teams.pairing's
# Scoring): over the board, or with no board played (a forfeit: no encounter, no colour)
_PLAYED = {"win": Outcome.WIN, "draw": Outcome.DRAW, "loss": Outcome.LOSS}
_UNPLAYED = {"win": Outcome.FORFEIT_WIN, "loss": Outcome.FORFEIT_LOSS}


def _pairing_record(outcome: str, played: bool, opponent: int, colour: str) -> RoundRecord:
    """One team's round for the pairing, its score the match points `decide` gave (so the score groups are
    the standings' MP). A match with no board played that `decide` calls drawn (forfeits both ways, or double
    forfeits leaving a team exactly half) has no forfeit outcome worth a draw: it is the draw's points without
    an encounter, as a half-point bye (not a game: no rematch barred, no colour, and no win that would bar the
    pairing-allocated bye)."""
    if played:
        return RoundRecord(_PLAYED[outcome], opponent, colour)
    if outcome in _UNPLAYED:
        return RoundRecord(_UNPLAYED[outcome], opponent, colour)
    return RoundRecord(Outcome.HALF_BYE)


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
            assert m.result.match_points is not None and m.result.outcomes is not None  # complete: decided
            mpa, mpb = m.result.match_points
            boards_a = [F(0)] * B
            boards_b = [F(0)] * B
            for bp, g in zip(m.match.boards, m.games):
                assert g.result is not None  # a complete match
                x, y = board_points(g.result.value)
                if bp.first_team == m.first:
                    boards_a[bp.board - 1], boards_b[bp.board - 1] = x, y
                else:
                    boards_a[bp.board - 1], boards_b[bp.board - 1] = y, x
            if m.played or event.system != System.SWISS:
                # C.07 15.2: with pre-determined pairings (a round robin) a forfeit is an ordinary game
                ka = kb = "match"
            else:
                ka, kb = ("forfeit-win" if o == "win" else "forfeit-loss" for o in m.result.outcomes)
            got[m.first] = TeamRound(m.second, pa, pb, ka, tuple(boards_a), mpa)
            got[m.second] = TeamRound(m.first, pb, pa, kb, tuple(boards_b), mpb)
        bye = st.byes.get(rnd.number)
        if bye in names:
            # Swiss: the pairing-allocated bye; round robin: the Berger bye seat, no round for
            # tie-break purposes (tiebreaks.md RR_BYE, C.07 15.2)
            got[names.index(bye) + 1] = TeamRound(None, kind="pab" if event.system == System.SWISS else "rr-bye")
        for tid in per:
            per[tid].append(got.get(tid, TeamRound(None, kind="absent")))
    return [TeamHistory(t.id, t.name, tuple(per[t.id])) for t in tlist]
