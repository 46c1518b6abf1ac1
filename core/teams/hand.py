"""Changes by hand to a team round, on its matches: the order of a match, two teams exchanged, the bye.

A team round's games are its matches' boards (match m, board b is game board
(m - 1) * B + b; `round_matches`). A change by hand works on whole matches,
as the individual ones work on boards (`core.pairing.rounds`): on the current
round, before any result, every board it touches marked manual.

* `swap_match(event, round, match)`: the other team becomes the first-named
  one: every board's colours change (the players keep their boards).
* `exchange_teams(event, round, a, b)`: two teams take each other's place,
  each with its line-up: in two matches, each meets the other's opponent (on
  the other's side); with the team without a match, that team plays and the
  other has the bye. The boards of a match are made again
  (`core.teams.matches.pair_boards`), its number kept.
* `give_team_bye(event, round, team)`: the team has the bye; the team that
  had it takes its place in its match, with its line-up of the round
  (`rosters.lineup_for`: the stored one, else the first B who can play).
* `team_warnings(event, round, lang)`: what a judge should know of a round
  changed by hand: two teams who met before, a forbidden pair, a second bye,
  a team first-named three rounds running or too often.
"""

from __future__ import annotations

from dataclasses import replace

from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.event.model import Event, Game, Round
from arbiter_tournament.core.msg.i18n import words
from arbiter_tournament.core.teams.histories import dutch_histories
from arbiter_tournament.core.teams.matches import Team, pair_boards
from arbiter_tournament.core.teams.rosters import find_team, lineup_for, teams
from arbiter_tournament.core.teams.round_matches import MatchView, matches
from arbiter_tournament.core.teams.section import TeamsState, team_stage, with_state, state
from arbiter_tournament.core.event.systems import System

__all__ = ["exchange_teams", "give_team_bye", "swap_match", "team_warnings"]


def _editable(event: Event, round_no: int) -> Round:
    """The round, if a change by hand may touch it: the team event's current round, no result entered."""
    stage = team_stage(event)
    rnd = event.find_round(stage, None, round_no)
    last = event.rounds_of(stage, None)[-1]
    if rnd.number != last.number:
        raise IllegalChange("round {round_no} is not the current round: only the current round is changed by hand",
                            round_no=round_no)
    if any(g.result is not None for g in rnd.games):
        raise IllegalChange("round {round_no} has results: clear them before changing its pairing", round_no=round_no)
    return rnd


def _lineups(ms: list[MatchView]) -> dict[int, tuple[int, ...]]:
    """Each team's players of the round, board 1 first, as the matches hold them."""
    out: dict[int, list[int]] = {}
    for m in ms:
        for bp in m.match.boards:
            out.setdefault(bp.first_team, []).append(bp.first)
            out.setdefault(bp.second_team, []).append(bp.second)
    return {t: tuple(ids) for t, ids in out.items()}


def _rebuilt(event: Event, rnd: Round, st: TeamsState, pairs: list[tuple[int, int]], ups: dict[int, tuple[int, ...]],
             bye: int | None) -> Event:
    """The round with these matches (first-named first), each team with its line-up; a match not the same as
    before (teams, order, players) has its boards made again and marked manual."""
    by_id: dict[int, Team] = {t.id: t for t in teams(event, st)}
    old = {g.board: g for g in rnd.games}
    B = st.boards
    games: list[Game] = []
    for m, (a, b) in enumerate(pairs, start=1):
        tm = pair_boards(rnd.number, by_id[a], by_id[b], ups[a], ups[b])
        for bp in tm.boards:
            board = (m - 1) * B + bp.board
            was = old.get(board)
            if was is not None and (was.first, was.second) == (bp.first, bp.second):
                games.append(was)
            else:
                games.append(Game(board, bp.first, bp.second, manual=True))
    byes = dict(st.byes)
    if bye is None:
        byes.pop(rnd.number, None)
    else:
        byes[rnd.number] = by_id[bye].name
    event = with_state(event, replace(st, byes=byes))
    return event.with_round(replace(rnd, games=tuple(games)))


def _team_id(event: Event, st: TeamsState, ref: str) -> int:
    name = find_team(event, ref, st)
    return [t.name for t in teams(event, st)].index(name) + 1


def swap_match(event: Event, round_no: int, match: int) -> Event:
    """Match `match` of the round with the other team first-named (every board's colours change)."""
    rnd = _editable(event, round_no)
    st = state(event)
    ms = matches(event, rnd, st)
    if not 1 <= match <= len(ms):
        raise IllegalChange("round {round_no} has no match {match} (matches 1 to {n})", round_no=round_no,
                            match=match, n=len(ms))
    pairs = [(m.second, m.first) if m.number == match else (m.first, m.second) for m in ms]
    bye = _bye_id(event, st, rnd)
    return _rebuilt(event, rnd, st, pairs, _lineups(ms), bye)


def _bye_id(event: Event, st: TeamsState, rnd: Round) -> int | None:
    name = st.byes.get(rnd.number)
    if name is None:
        return None
    return [t.name for t in teams(event, st)].index(name) + 1


def exchange_teams(event: Event, round_no: int, a: str, b: str) -> Event:
    """Teams `a` and `b` (names or ids) take each other's place in the round (see the module docstring)."""
    rnd = _editable(event, round_no)
    st = state(event)
    x, y = _team_id(event, st, a), _team_id(event, st, b)
    if x == y:
        raise IllegalChange("exchange two different teams, not {team} with itself", team=find_team(event, a, st))
    ms = matches(event, rnd, st)
    pairs = [(m.first, m.second) for m in ms]
    ups = _lineups(ms)
    bye = _bye_id(event, st, rnd)
    placed = {t for p in pairs for t in p}
    for t in (x, y):
        if t not in placed and t != bye:
            raise IllegalChange("team {team} does not play round {round_no}: nothing to exchange",
                                team=find_team(event, str(t), st), round_no=round_no)
    if bye in (x, y):  # the team without a match plays in the other's place, which has the bye
        other = y if bye == x else x
        return _give_bye(event, rnd, st, ms, other)

    def sub(t: int) -> int:
        return y if t == x else x if t == y else t

    new = [(sub(p), sub(q)) for p, q in pairs]
    if any({p, q} == {x, y} for p, q in pairs):
        raise IllegalChange("teams {team} and {other} play each other: exchanging them changes nothing but the "
                            "order (swap the match's order instead)", team=find_team(event, a, st),
                            other=find_team(event, b, st))
    return _rebuilt(event, rnd, st, new, ups, bye)


def give_team_bye(event: Event, round_no: int, team: str) -> Event:
    """Team `team` has the bye of the round; the team that had it plays in its place."""
    rnd = _editable(event, round_no)
    st = state(event)
    tid = _team_id(event, st, team)
    return _give_bye(event, rnd, st, matches(event, rnd, st), tid)


def _give_bye(event: Event, rnd: Round, st: TeamsState, ms: list[MatchView], tid: int) -> Event:
    bye = _bye_id(event, st, rnd)
    name = find_team(event, str(tid), st)
    if bye == tid:
        raise IllegalChange("team {team} has the bye already", team=name)
    if bye is None:
        raise IllegalChange("round {round_no} has no bye to move: exchange teams instead", round_no=rnd.number)
    pairs = [(m.first, m.second) for m in ms]
    if not any(tid in p for p in pairs):
        raise IllegalChange("team {team} does not play round {round_no}: nothing to exchange", team=name,
                            round_no=rnd.number)
    ups = _lineups(ms)
    by_id = {t.id: t for t in teams(event, st)}
    up = lineup_for(event, by_id[bye], rnd.number, st)
    if up is None:
        raise IllegalChange("team '{name}' has nobody who can play round {k}", name=by_id[bye].name, k=rnd.number)
    ups[bye] = up
    new = [(bye if p == tid else p, bye if q == tid else q) for p, q in pairs]
    return _rebuilt(event, rnd, st, new, ups, tid)


# -- warnings ----------------------------------------------------------------------------------------------


def team_warnings(event: Event, rnd: Round, *, lang: str = "en") -> list[str]:
    """What a judge should know of a team round changed by hand ("en" or "ru"): two teams who met before, a
    forbidden pair, a second bye, a team first-named a third round running or too often (as the Dutch engine
    reads the team rounds: first-named is "white")."""
    t = words(lang)
    st = state(event)
    tlist = teams(event, st)
    hist = dutch_histories(event, st, tlist, rnd.number - 1)
    names = {x.id: x.name for x in tlist}
    forbidden = {frozenset(p) for p in st.forbidden}
    out = []
    for m in matches(event, rnd, st):
        a, b = hist.get(m.first), hist.get(m.second)
        met = [i for i, r in enumerate(a.records if a else (), start=1) if r.opponent == m.second and r.outcome.played]
        if met:
            out.append(t("tw_met", n=m.number, a=m.first_name, b=m.second_name, r=met[-1]))
        if frozenset((m.first_name, m.second_name)) in forbidden:
            out.append(t("tw_forbidden", n=m.number, a=m.first_name, b=m.second_name))
        for tid, h, side in ((m.first, a, "w"), (m.second, b, "b")):
            if h is None:
                continue
            seq = [r.colour for r in h.records if r.outcome.played and r.colour in ("w", "b")] + [side]
            diff = seq.count("w") - seq.count("b")
            if abs(diff) > 2 or (len(seq) >= 3 and seq[-3:] == [side] * 3):
                out.append(t("tw_first_named" if side == "w" else "tw_second_named", n=m.number, name=names[tid]))
    bye = st.byes.get(rnd.number)
    if bye is not None and event.system == System.SWISS:
        before = [r for r, name in st.byes.items() if name == bye and r < rnd.number]
        if before:
            out.append(t("tw_second_bye", name=bye, r=before[-1]))
    return out
