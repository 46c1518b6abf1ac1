"""Teams, team numbers, rosters (board order) and line-ups (docs/teams.md, "Teams, numbers, rosters, line-ups").

* A team is the set of players with the same `team` name. Its roster is the
  order of adding (player id order) unless `[teams] rosters` gives one.
* Team ids are 1-based positions in `[teams] names`, fixed when round 1 is
  paired (teams appearing later are appended). Pairing numbers: the average
  rating of the team's B best-rated players, higher first, then the name.
* A round's line-up: the stored one, else the first B players of the roster
  who can play the round.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from arbiter_tournament.core import limits
from arbiter_tournament.core.errors import IllegalChange, Msg
from arbiter_tournament.core.event.model import Event, Player
from arbiter_tournament.core.teams.matches import Team
from arbiter_tournament.core.teams.section import TeamsState, team_stage, with_state, state
from arbiter_tournament.core.event.systems import System

F = Fraction


def avg_top(event: Event, players: list[Player], boards: int) -> Fraction:
    """The average rating of a team's `boards` best-rated players (0 for none)."""
    ratings = sorted((p.rating for p in players), reverse=True)[:boards]
    return F(sum(ratings), len(ratings)) if ratings else F(0)


def team_members(event: Event) -> dict[str, list[Player]]:
    """Each team's players by team name, in player-id order."""
    out: dict[str, list[Player]] = {}
    for p in sorted(event.players, key=lambda p: p.id):
        if p.team:
            out.setdefault(p.team, []).append(p)
    return out


def _rating_order(event: Event, names: list[str], boards: int,
                  members: dict[str, list[Player]] | None = None) -> list[str]:
    members = team_members(event) if members is None else members
    return sorted(names, key=lambda t: (-avg_top(event, members.get(t, []), boards), t.casefold(), t))


def team_names(event: Event, st: TeamsState | None = None, members: dict[str, list[Player]] | None = None) -> list[str]:
    """Team names by id: the stored names, then teams not yet numbered in pairing-number order."""
    st = st or state(event)
    fixed = list(st.names)
    members = team_members(event) if members is None else members
    new = [t for t in members if t not in fixed]
    return fixed + _rating_order(event, new, st.boards, members)


def roster(event: Event, name: str, st: TeamsState | None = None,
           members: dict[str, list[Player]] | None = None) -> tuple[int, ...]:
    """The team's players in board order: the stored roster, then later additions by id."""
    st = st or state(event)
    members = team_members(event) if members is None else members
    ids = [p.id for p in members.get(name, [])]
    known = set(ids)
    stored = [pid for pid in st.rosters.get(name, ()) if pid in known]
    kept = set(stored)
    return tuple(stored + [pid for pid in ids if pid not in kept])


def teams(event: Event, st: TeamsState | None = None) -> list[Team]:
    """Every team (`core.teams.matches.Team`), id = position in `team_names`."""
    st = st or state(event)
    members = team_members(event)  # (once: every team's roster reads it)
    return [Team(i, name, roster(event, name, st, members))
            for i, name in enumerate(team_names(event, st, members), start=1)]


def _find_team(event: Event, name: str, st: TeamsState) -> Team:
    for t in teams(event, st):
        if t.name == name:
            return t
    known = ", ".join(team_names(event, st))
    if not known:
        raise IllegalChange("no team '{name}' (teams: none yet)", name=name)
    raise IllegalChange("no team '{name}' (teams: {known})", name=name, known=known)


def find_team(event: Event, ref: str, st: TeamsState | None = None) -> str:
    """The name of the team `ref` names: a team name, else a team id (`teams list`)."""
    st = st or state(event)
    names = team_names(event, st)
    ref = str(ref).strip()
    if ref in names:
        return ref
    if limits.is_digits(ref, 6) and 1 <= int(ref) <= len(names):  # digits 0-9 only: `٣` or `３` is no team number
        return names[int(ref) - 1]
    shown = ref if len(ref) <= 40 else ref[:40] + "…"  # (thousands of digits typed: one line still)
    if not names:
        raise IllegalChange("no team '{name}' (teams: none yet)", name=shown)
    raise IllegalChange("no team '{name}' (teams: {known})", name=shown, known=", ".join(names))


def team_of(event: Event) -> dict[int, str]:
    return {p.id: p.team for p in event.players if p.team}


def pairing_order(event: Event, st: TeamsState | None = None) -> list[int]:
    """Team ids in pairing-number order (average rating of the B best, then name)."""
    st = st or state(event)
    names = team_names(event, st)
    order = _rating_order(event, names, st.boards)
    return [names.index(t) + 1 for t in order]


# -- line-ups -----------------------------------------------------------------------


def _check_lineup(event: Event, team: Team, ids: tuple[int, ...], round_no: int, boards: int) -> tuple[int, ...]:
    from arbiter_tournament.core.teams.matches import lineup

    for pid in ids:
        if not event.has_player(pid):
            raise IllegalChange("team '{name}': no player with id {pid}", name=team.name, pid=pid)
        p = event.player(pid)
        if p.team != team.name:
            other = Msg("plays for '{team}'", team=p.team) if p.team else Msg("has no team")
            raise IllegalChange("team '{name}': {name2} ({pid}) {other}, not for '{name}'", name=team.name, name2=p.name, pid=pid, other=other)
    if len(ids) > boards:
        raise IllegalChange("team '{name}': {n} players for {boards} boards: a line-up has one player a board",
                            name=team.name, n=len(ids), boards=boards)
    if len(ids) < boards:
        raise IllegalChange("team '{name}': {n} players for {boards} boards: name one player for every board",
                            name=team.name, n=len(ids), boards=boards)
    for pid in ids:
        p = event.player(pid)
        if not p.available(round_no):
            why = (Msg("a bye is requested") if p.requested_bye(round_no) else
                   Msg("withdrawn from round {r}", r=p.withdrawn_from) if p.withdrawn_from is not None and
                   round_no >= p.withdrawn_from else Msg("entered from round {r}", r=p.late_from))
            raise IllegalChange("team '{name}': {name2} ({pid}) cannot play round {round_no} ({why})", name=team.name, name2=p.name, pid=pid, round_no=round_no, why=why)
    return tuple(lineup(team, boards, ids))  # roster order, no player twice


def lineup_for(event: Event, team: Team, round_no: int, st: TeamsState | None = None) -> tuple[int, ...] | None:
    """The team's players of round `round_no`, board 1 first: the stored line-up, else the
    first B available players of the roster. None: nobody of the team can play."""
    st = st or state(event)
    chosen = st.lineups.get(round_no, {}).get(team.name)
    if chosen is not None:
        return _check_lineup(event, team, chosen, round_no, st.boards)
    free = [pid for pid in team.roster if event.player(pid).available(round_no)]
    if not free:
        return None
    if len(free) < st.boards:
        raise IllegalChange("team '{name}' has {n} player(s) who can play round {round_no}, a match needs {boards}",
                            name=team.name, n=len(free), round_no=round_no, boards=st.boards)
    return tuple(free[: st.boards])


def lineup_problems(event: Event, round_no: int | None = None) -> list[tuple[str, IllegalChange]]:
    """The teams whose line-up of round `round_no` (default: the next to pair) stops the pairing, each with the
    refusal the pairing would say (fewer players who can play than boards and no line-up stored, a stored
    line-up naming a player who cannot play): said before the pairing is asked for."""
    st = state(event)
    k = _next_round(event) if round_no is None else round_no
    out = []
    for t in teams(event, st):
        try:
            lineup_for(event, t, k, st)
        except IllegalChange as exc:
            out.append((t.name, exc))
    return out


def next_round(event: Event) -> int:
    """The number of the team event's next round to pair."""
    rounds = event.rounds_of(team_stage(event), None)
    return rounds[-1].number + 1 if rounds else 1


_next_round = next_round


def set_lineup(event: Event, name: str, round_no: int, ids: list[int] | None) -> Event:
    """Store (ids) or clear (None) a team's line-up for a round not yet paired."""
    st = state(event)
    team = _find_team(event, name, st)
    nxt = _next_round(event)
    if round_no < nxt:
        raise IllegalChange("round {round_no} is already paired: line-ups are set before pairing (next round {nxt})", round_no=round_no, nxt=nxt)
    if event.system == System.SWISS and round_no > event.rounds_planned:
        raise IllegalChange("round {round_no} is not a round of this event (1..{rounds_planned})", round_no=round_no, rounds_planned=event.rounds_planned)
    lineups = {r: dict(v) for r, v in st.lineups.items()}
    per = lineups.setdefault(round_no, {})
    if ids is None:
        if name not in per:
            raise IllegalChange("team '{name}' has no line-up stored for round {round_no}", name=name, round_no=round_no)
        del per[name]
    else:
        per[name] = _check_lineup(event, team, tuple(ids), round_no, st.boards)
    return with_state(event, replace(st, lineups={r: v for r, v in lineups.items() if v}))


def set_roster(event: Event, name: str, ids: list[int]) -> Event:
    """Fix a team's board order: every player of the team, once, strongest board first."""
    st = state(event)
    team = _find_team(event, name, st)
    for pid in ids:
        if not event.has_player(pid):
            raise IllegalChange("team '{name}': no player with id {pid}", name=name, pid=pid)
        p = event.player(pid)
        if p.team != name:
            other = Msg("plays for '{team}'", team=p.team) if p.team else Msg("has no team")
            raise IllegalChange("team '{name}': {name2} ({pid}) {other}, not for '{name}'", name=name, name2=p.name, pid=pid, other=other)
    if len(set(ids)) != len(ids):
        raise IllegalChange("team '{name}': a player is twice on the roster", name=name)
    missing = [pid for pid in team.roster if pid not in ids]
    if missing:
        raise IllegalChange("team '{name}': the roster must list every player of the team; missing {ids}",
                            name=name, ids=", ".join(str(x) for x in missing))
    return with_state(event, replace(st, rosters={**st.rosters, name: tuple(ids)}))


def set_order(event: Event, names: list[str]) -> Event:
    """Fix the team ids (and the round robin's Berger numbers) by hand, before round 1."""
    st = state(event)
    if event.rounds_of(team_stage(event), None):
        raise IllegalChange("the team numbers are fixed: round 1 has been paired")
    known = list(team_members(event))
    for n in names:
        if n not in known:
            if not known:
                raise IllegalChange("no team '{name}' (teams: none yet)", name=n)
            raise IllegalChange("no team '{name}' (teams: {known})", name=n, known=", ".join(known))
    if len(set(names)) != len(names):
        raise IllegalChange("a team is named twice")
    missing = [n for n in known if n not in names]
    if missing:
        raise IllegalChange("name every team; missing {names}", names=", ".join(missing))
    return with_state(event, replace(st, names=tuple(names)))
