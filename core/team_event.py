"""Team events through the event file: teams, line-ups, matches, team standings.

A team event is an ordinary event (players, rounds, games) plus a `[teams]`
section (docs/teams.md). The pure parts live elsewhere: `core.teams`
(line-ups, board colours, match results), `core.swiss` (the Dutch engine,
here applied to teams), `core.roundrobin` (Berger tables) and
`core.tiebreaks.team` (team tie-breaks). This module reads the event into
those and back.

* A team is the set of players with the same `team` name. Its roster is the
  order of adding (player id order) unless `[teams] rosters` gives one.
* Team ids are 1-based positions in `[teams] names`, fixed when round 1 is
  paired (teams appearing later are appended). Pairing numbers: the average
  rating of the team's B best-rated players, higher first, then the name.
* One round of the event is one `Round` (stage "swiss" or "roundrobin")
  whose games are the boards of all its matches: match m, board b is game
  board (m - 1) * B + b. Board 1's first player is of the first-named team,
  board 2's of the second-named team, alternating (`core.teams.pair_boards`).
* A team without a match in a round (odd number of teams) has no games; its
  name is kept in `[teams] byes`. In a Swiss that is the pairing-allocated
  bye, worth a drawn match (MP and half the boards, C.04.6 / tiebreaks.md
  section 6) unless `pab = "win"`; in a round robin it is the Berger bye
  seat and scores nothing.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from .errors import IllegalChange, Msg
from .model import Event, Game, Player, Round, points_text
from .records import Outcome, PlayerHistory, RoundRecord, Scoring
from .teams import (BoardPairing, MatchPoints, Team, TeamMatch, TeamMatchResult, board_points, match_result,
                    pair_boards)

F = Fraction

__all__ = [
    "DEFAULT_CODES", "TeamsState", "MatchView", "BoardStat", "is_team_event", "setup", "state", "teams",
    "team_of", "team_names", "roster", "find_team", "forbid_teams", "pairing_order", "check_codes", "completed_rounds", "lineup_for", "set_lineup", "set_roster", "set_order", "pair_next", "matches", "round_bye",
    "team_histories", "standings", "standings_output", "board_stats", "matches_output", "teams_output",
]

DEFAULT_CODES = ("GP", "EMGSB")  # after MP: game points, then the team SB (seed's "team SB" = EMGSB)

# Individual codes a judge may type for a team event, read as their team versions.
ALIASES = {"PTS": "MP", "SB": "EMGSB", "DE": "EDE", "BH": "BH-MP"}
_TEAM_CODE = re.compile(r"^(MP|GP|MPVGP|EDE|BC|TBR|BBE|SSSC|E[MG][MG]SB(-C\d+)?|BH-(MP|GP)(-C\d+)?)$")
_ALIAS_CUT = re.compile(r"^(SB|BH)-C(\d+)$")


# -- the [teams] section --------------------------------------------------------


@dataclass(frozen=True)
class TeamsState:
    boards: int
    match_points: MatchPoints = MatchPoints()
    pab: str = "draw"  # a Swiss PAB: "draw" (C.04.6 default) or "win"
    names: tuple[str, ...] = ()  # team id k is names[k - 1]; empty until round 1 is paired
    rosters: dict[str, tuple[int, ...]] = field(default_factory=dict)
    lineups: dict[int, dict[str, tuple[int, ...]]] = field(default_factory=dict)
    byes: dict[int, str] = field(default_factory=dict)
    berger: tuple[int, ...] = ()  # round robin: team ids in Berger-number order
    lots_seed: int | None = None  # the seed when the Berger numbers were drawn by lot
    tiebreaks: tuple[str, ...] = ()
    forbidden: tuple[tuple[str, str], ...] = ()  # team Swiss: pairs of team names that must not meet

    def to_doc(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "boards": self.boards,
            "match_points": [_pts(x) for x in (self.match_points.win, self.match_points.draw, self.match_points.loss)],
            "pab": self.pab,
        }
        if self.names:
            d["names"] = list(self.names)
        if self.rosters:
            d["rosters"] = {k: list(v) for k, v in self.rosters.items()}
        if self.lineups:
            d["lineups"] = {str(r): {t: list(ids) for t, ids in v.items()}
                            for r, v in sorted(self.lineups.items()) if v}
        if self.byes:
            d["byes"] = {str(r): t for r, t in sorted(self.byes.items())}
        if self.berger:
            d["berger"] = list(self.berger)
        if self.lots_seed is not None:
            d["lots_seed"] = self.lots_seed
        if self.tiebreaks:
            d["tiebreaks"] = list(self.tiebreaks)
        if self.forbidden:
            d["forbidden"] = [list(x) for x in self.forbidden]
        return d


def _pts(x: Fraction) -> int | str:
    x = F(x)
    return x.numerator if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _bad(key: str, what: str, **params) -> IllegalChange:
    return IllegalChange("[teams] {key}: {what}", key=key, what=Msg(what, **params))


def _ids(v: Any, key: str) -> tuple[int, ...]:
    if not isinstance(v, list) or not all(type(x) is int for x in v):
        raise _bad(key, "expected a list of player ids like [4, 9, 2, 7]")
    return tuple(v)


def _round_key(k: Any, key: str) -> int:
    if not (isinstance(k, str) and k.isdigit() and int(k) >= 1):
        raise _bad(key, "round keys are round numbers like \"3\", not {k!r}", k=k)
    return int(k)


def state(event: Event) -> TeamsState:
    """The `[teams]` section read and checked (an `IllegalChange` names the bad key)."""
    doc = event.stage_state("teams")
    if doc is None:
        raise IllegalChange("this is not a team event (no [teams] section)")
    if not isinstance(doc, dict):
        raise _bad("", "expected a table")
    known = {"boards", "match_points", "pab", "names", "rosters", "lineups", "byes", "berger", "lots_seed", "tiebreaks",
             "forbidden"}
    for k in doc:
        if k not in known:
            raise _bad(k, "unknown setting")
    boards = doc.get("boards")
    if type(boards) is not int or boards < 1:
        raise _bad("boards", "expected a whole number of boards, at least 1")
    mp = doc.get("match_points", [2, 1, 0])
    try:
        if not isinstance(mp, list) or len(mp) != 3 or any(isinstance(x, (bool, float)) for x in mp):
            raise ValueError
        w, d, l = (F(x) for x in mp)
    except (ValueError, TypeError, ZeroDivisionError):
        raise _bad("match_points", "expected [win, draw, loss] like [2, 1, 0]") from None
    if not w > d >= l:
        raise _bad("match_points", "must be win > draw >= loss")
    pab = doc.get("pab", "draw")
    if pab not in ("draw", "win"):
        raise _bad("pab", "must be \"draw\" or \"win\"")
    names = doc.get("names", [])
    if not isinstance(names, list) or not all(isinstance(x, str) and x for x in names) or len(set(names)) != len(names):
        raise _bad("names", "expected a list of distinct team names")
    rosters_doc = doc.get("rosters", {})
    if not isinstance(rosters_doc, dict):
        raise _bad("rosters", "expected a table team = [ids]")
    rosters = {str(t): _ids(v, f"rosters.{t}") for t, v in rosters_doc.items()}
    lineups: dict[int, dict[str, tuple[int, ...]]] = {}
    lu = doc.get("lineups", {})
    if not isinstance(lu, dict):
        raise _bad("lineups", "expected a table \"round\" = {{team = [ids]}}")
    for r, per in lu.items():
        k = _round_key(r, "lineups")
        if not isinstance(per, dict):
            raise _bad(f"lineups.{r}", "expected a table team = [ids]")
        lineups[k] = {str(t): _ids(v, f"lineups.{r}.{t}") for t, v in per.items()}
    byes_doc = doc.get("byes", {})
    if not isinstance(byes_doc, dict) or not all(isinstance(v, str) for v in byes_doc.values()):
        raise _bad("byes", "expected a table \"round\" = \"team\"")
    byes = {_round_key(r, "byes"): t for r, t in byes_doc.items()}
    berger = _ids(doc.get("berger", []), "berger")
    seed = doc.get("lots_seed")
    if seed is not None and type(seed) is not int:
        raise _bad("lots_seed", "expected a whole number")
    tbs = doc.get("tiebreaks", [])
    if not isinstance(tbs, list) or not all(isinstance(c, str) for c in tbs):
        raise _bad("tiebreaks", "expected a list of team tie-break codes")
    forbidden = _read_forbidden(event, doc.get("forbidden", []), names)
    return TeamsState(boards, MatchPoints(w, d, l), pab, tuple(names), rosters, lineups, byes, berger, seed, tuple(tbs),
                      forbidden)


def _read_forbidden(event: Event, doc: Any, names: list[str]) -> tuple[tuple[str, str], ...]:
    """`[teams] forbidden`: pairs of team names that must not meet (team Swiss only)."""
    if not isinstance(doc, list):
        raise _bad("forbidden", "expected a list of pairs of team names like [[\"Rooks\", \"Knights\"]]")
    if doc and event.system != "swiss":
        raise _bad("forbidden", "a round robin follows its Berger table: forbidden pairs are for a team Swiss")
    known = set(names) | {p.team for p in event.players if p.team}
    out: list[tuple[str, str]] = []
    for i, pair in enumerate(doc):
        key = f"forbidden[{i}]"
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, str) and x for x in pair)
                and pair[0] != pair[1]):
            raise _bad(key, "expected a pair of two different team names like [\"Rooks\", \"Knights\"]")
        for x in pair:
            if x not in known:
                raise _bad(key, "no team '{name}' in this event", name=x)
        out.append((pair[0], pair[1]))
    return tuple(out)


def _with_state(event: Event, st: TeamsState) -> Event:
    extra = tuple(x for x in event.extra if x[0] != "teams") + (("teams", st.to_doc()),)
    return replace(event, extra=extra)


def is_team_event(event: Event) -> bool:
    return event.stage_state("teams") is not None


def setup(event: Event, boards: int, match_points=None, tiebreaks=None) -> Event:
    """Make a new event a team event of `boards` boards per match (match points W,D,L, default 2,1,0;
    `tiebreaks`: team codes after MP, stored in `[teams] tiebreaks`; default GP, EMGSB)."""
    if boards is None or boards < 1:
        raise IllegalChange("a team event needs --boards B (at least 1 board per match)")
    if event.tables > 1:
        raise IllegalChange("a team event has one table")
    if event.top:
        raise IllegalChange("a team event has no knockout top")
    mp = MatchPoints()
    if match_points is not None:
        w, d, l = (F(x) for x in match_points)
        if not w > d >= l:
            raise IllegalChange("--match-points must be win > draw >= loss, e.g. 2,1,0 or 3,1,0")
        mp = MatchPoints(w, d, l)
    codes = tuple(c.strip() for c in tiebreaks or () if c.strip())
    check_codes(codes)
    return _with_state(event, TeamsState(boards, mp, tiebreaks=codes))


# -- teams and rosters ------------------------------------------------------------


def _stage(event: Event) -> str:
    return "swiss" if event.system == "swiss" else "roundrobin"


def _avg_top(event: Event, players: list[Player], boards: int) -> Fraction:
    ratings = sorted((p.rating for p in players), reverse=True)[:boards]
    return F(sum(ratings), len(ratings)) if ratings else F(0)


def _members(event: Event) -> dict[str, list[Player]]:
    out: dict[str, list[Player]] = {}
    for p in sorted(event.players, key=lambda p: p.id):
        if p.team:
            out.setdefault(p.team, []).append(p)
    return out


def _rating_order(event: Event, names: list[str], boards: int) -> list[str]:
    members = _members(event)
    return sorted(names, key=lambda t: (-_avg_top(event, members.get(t, []), boards), t.casefold(), t))


def team_names(event: Event, st: TeamsState | None = None) -> list[str]:
    """Team names by id: the stored names, then teams not yet numbered in pairing-number order."""
    st = st or state(event)
    fixed = list(st.names)
    new = [t for t in _members(event) if t not in fixed]
    return fixed + _rating_order(event, new, st.boards)


def roster(event: Event, name: str, st: TeamsState | None = None) -> tuple[int, ...]:
    """The team's players in board order: the stored roster, then later additions by id."""
    st = st or state(event)
    ids = [p.id for p in _members(event).get(name, [])]
    stored = [pid for pid in st.rosters.get(name, ()) if pid in ids]
    return tuple(stored + [pid for pid in ids if pid not in stored])


def teams(event: Event, st: TeamsState | None = None) -> list[Team]:
    """Every team (`core.teams.Team`), id = position in `team_names`."""
    st = st or state(event)
    return [Team(i, name, roster(event, name, st)) for i, name in enumerate(team_names(event, st), start=1)]


def _find_team(event: Event, name: str, st: TeamsState) -> Team:
    for t in teams(event, st):
        if t.name == name:
            return t
    known = ", ".join(team_names(event, st))
    if not known:
        raise IllegalChange("no team '{name}' (teams: none yet)", name=name)
    raise IllegalChange("no team '{name}' (teams: {known})", name=name, known=known)


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
    from .teams import lineup

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


def _next_round(event: Event) -> int:
    rounds = event.rounds_of(_stage(event), None)
    return rounds[-1].number + 1 if rounds else 1


def set_lineup(event: Event, name: str, round_no: int, ids: list[int] | None) -> Event:
    """Store (ids) or clear (None) a team's line-up for a round not yet paired."""
    st = state(event)
    team = _find_team(event, name, st)
    nxt = _next_round(event)
    if round_no < nxt:
        raise IllegalChange("round {round_no} is already paired: line-ups are set before pairing (next round {nxt})", round_no=round_no, nxt=nxt)
    if event.system == "swiss" and round_no > event.rounds_planned:
        raise IllegalChange("round {round_no} is not a round of this event (1..{rounds_planned})", round_no=round_no, rounds_planned=event.rounds_planned)
    lineups = {r: dict(v) for r, v in st.lineups.items()}
    per = lineups.setdefault(round_no, {})
    if ids is None:
        if name not in per:
            raise IllegalChange("team '{name}' has no line-up stored for round {round_no}", name=name, round_no=round_no)
        del per[name]
    else:
        per[name] = _check_lineup(event, team, tuple(ids), round_no, st.boards)
    return _with_state(event, replace(st, lineups={r: v for r, v in lineups.items() if v}))


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
    return _with_state(event, replace(st, rosters={**st.rosters, name: tuple(ids)}))


def set_order(event: Event, names: list[str]) -> Event:
    """Fix the team ids (and the round robin's Berger numbers) by hand, before round 1."""
    st = state(event)
    if event.rounds_of(_stage(event), None):
        raise IllegalChange("the team numbers are fixed: round 1 has been paired")
    known = list(_members(event))
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
    return _with_state(event, replace(st, names=tuple(names)))


def find_team(event: Event, ref: str, st: TeamsState | None = None) -> str:
    """The name of the team `ref` names: a team name, else a team id (`teams list`)."""
    st = st or state(event)
    names = team_names(event, st)
    ref = str(ref).strip()
    if ref in names:
        return ref
    if ref.isdigit() and 1 <= int(ref) <= len(names):
        return names[int(ref) - 1]
    if not names:
        raise IllegalChange("no team '{name}' (teams: none yet)", name=ref)
    raise IllegalChange("no team '{name}' (teams: {known})", name=ref, known=", ".join(names))


def forbid_teams(event: Event, a: str, b: str, *, remove: bool = False) -> Event:
    """Two teams that must not meet in a team Swiss (two teams of one club ...), or take that back.
    `a`, `b`: team names or ids. A round robin refuses: its Berger table fixes who meets whom."""
    st = state(event)
    if event.system != "swiss":
        raise IllegalChange("a round robin follows its Berger table: forbidden pairs are for a team Swiss")
    x, y = find_team(event, a, st), find_team(event, b, st)
    if x == y:
        raise IllegalChange("a team cannot be paired with itself anyway")
    has = [p for p in st.forbidden if set(p) == {x, y}]
    if remove:
        if not has:
            raise IllegalChange("teams '{a}' and '{b}' are not a forbidden pair", a=x, b=y)
        return _with_state(event, replace(st, forbidden=tuple(p for p in st.forbidden if set(p) != {x, y})))
    if has:
        return event
    return _with_state(event, replace(st, forbidden=st.forbidden + ((x, y),)))


# -- matches of a round -------------------------------------------------------------


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
        t_first = event.player(g0.first if b0 % 2 else g0.second).team
        t_second = event.player(g0.second if b0 % 2 else g0.first).team
        if not t_first or not t_second or t_first == t_second:
            raise IllegalChange("round {number} match {m}: board {board} is not between two teams", number=rnd.number, m=m, board=g0.board)
        a, b = ids[t_first], ids[t_second]
        bps, results = [], {}
        for g in games:
            bd = (g.board - 1) % B + 1
            tf, ts = event.player(g.first).team, event.player(g.second).team
            if {tf, ts} != {t_first, t_second}:
                raise IllegalChange("round {number} board {board}: not a game of {t_first} - {t_second}", number=rnd.number, board=g.board, t_first=t_first, t_second=t_second)
            bps.append(BoardPairing(bd, g.first, g.second, ids[tf], ids[ts]))
            if g.result is not None:
                results[bd] = g.result.value
        tm = TeamMatch(rnd.number, a, b, tuple(bps))
        res = match_result(tm, results, st.match_points)
        if len(games) != B:
            res = replace(res, complete=False, match_points=None)
        played = any(g.result is not None and g.result.played for g in games)
        out.append(MatchView(m, a, b, t_first, t_second, tuple(games), tm, res, played))
    return out


def round_bye(event: Event, round_no: int, st: TeamsState | None = None) -> str | None:
    """The team without a match in a paired round (None if every team played or the round is not paired)."""
    st = st or state(event)
    if not any(r.number == round_no for r in event.rounds_of(_stage(event), None)):
        return None
    return st.byes.get(round_no)


# -- pairing --------------------------------------------------------------------------


def _check_players(event: Event, k: int) -> None:
    loose = [p for p in event.players if not p.team and p.available(k)]
    if loose:
        who = ", ".join(f"{p.name} ({p.id})" for p in loose[:5])
        raise IllegalChange("in a team event every player needs a team: {who} has none", who=who)


def _dutch_histories(event: Event, st: TeamsState, tlist: list[Team], upto: int) -> dict[int, PlayerHistory]:
    recs: dict[int, list[RoundRecord]] = {t.id: [] for t in tlist}
    names = [t.name for t in tlist]
    for rnd in event.rounds_of(_stage(event), None):
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
        if bye in names and event.system == "swiss":
            got[names.index(bye) + 1] = RoundRecord(Outcome.PAB)
        for tid in recs:
            recs[tid].append(got.get(tid, RoundRecord(Outcome.ABSENT)))
    members = _members(event)
    return {t.id: PlayerHistory(t.id, int(_avg_top(event, members.get(t.name, []), st.boards)), t.name,
                                tuple(recs[t.id])) for t in tlist}


def _scoring(st: TeamsState) -> Scoring:
    mp = st.match_points
    return Scoring(win=mp.win, draw=mp.draw, loss=mp.loss, pab=mp.draw if st.pab == "draw" else mp.win,
                   full_bye=mp.win, half_bye=mp.draw, zero_bye=mp.loss, forfeit_loss=mp.loss)


def pair_next(event: Event, lots: bool = False) -> Event:
    """Pair the next round: Dutch system on teams (Swiss) or the Berger tables (round robin)."""
    from .roundrobin import berger_numbers

    st = state(event)
    stage = _stage(event)
    rounds = event.rounds_of(stage, None)
    if rounds and rounds[-1].missing:
        raise IllegalChange("round {number} still misses {missing} result(s): enter them before pairing",
                            number=rounds[-1].number, missing=rounds[-1].missing)
    k = rounds[-1].number + 1 if rounds else 1
    _check_players(event, k)
    tlist = teams(event, st)
    if len(tlist) < 2:
        raise IllegalChange("a team event needs at least two teams ({n} so far: add players with --team)",
                            n=len(tlist))
    st = replace(st, names=tuple(t.name for t in tlist))
    by_id = {t.id: t for t in tlist}
    if stage == "swiss":
        if lots:
            raise IllegalChange("--lots is for round robins (Berger numbers)")
        if k > event.rounds_planned:
            raise IllegalChange("all {n} rounds have been paired", n=event.rounds_planned)
        ups = {t.id: lineup_for(event, t, k, st) for t in tlist}
        absent = {tid for tid, up in ups.items() if up is None}
        if len(tlist) - len(absent) < 2:
            raise IllegalChange("fewer than two teams can play this round")
        from .swiss import PairingRequest, pair_round

        hist = _dutch_histories(event, st, tlist, k - 1)
        tid_of = {t.name: t.id for t in tlist}
        forbidden = {frozenset((tid_of[x], tid_of[y])) for x, y in st.forbidden if x in tid_of and y in tid_of}
        req = PairingRequest(
            players=[hist[tid] for tid in pairing_order(event, st)], total_rounds=max(event.rounds_planned, k),
            absent=absent, scoring=_scoring(st), initial_colour=event.initial_colour,
            forbidden=forbidden,  # C1-like absolute criterion, as for players' forbidden pairs
        )
        pairing = pair_round(req)
        pairs, bye = list(pairing.boards), pairing.bye
    else:
        double = event.system == "double-roundrobin"
        if not st.berger:
            if rounds:
                raise IllegalChange("[teams] berger is missing but rounds have been paired")
            draw = berger_numbers([t.id for t in tlist], seed=event.lots_seed if lots else None)
            st = replace(st, berger=draw.order, lots_seed=event.lots_seed if lots else None)
        elif lots:
            raise IllegalChange("the Berger numbers are already fixed for this round robin")
        extra = [t.name for t in tlist if t.id not in st.berger]
        if extra:
            raise IllegalChange("team(s) {names} joined after the round robin started",
                                names=", ".join(extra))
        from .teams import team_round_robin

        sched = team_round_robin(list(st.berger), double=double)
        if not rounds:
            event = replace(event, rounds_planned=len(sched))
        if k > len(sched):
            raise IllegalChange("all {n} rounds of the round robin have been paired", n=len(sched))
        pairs = [(g.first, g.second) for g in sched[k - 1].games]
        bye = sched[k - 1].bye
        ups = {}
        for a, b in pairs:
            for tid in (a, b):
                up = lineup_for(event, by_id[tid], k, st)
                if up is None:
                    raise IllegalChange("team '{name}' has nobody who can play round {k}",
                                        name=by_id[tid].name, k=k)
                ups[tid] = up
    games: list[Game] = []
    B = st.boards
    for m, (a, b) in enumerate(pairs, start=1):
        tm = pair_boards(k, by_id[a], by_id[b], ups[a], ups[b])
        games += [Game((m - 1) * B + bp.board, bp.first, bp.second) for bp in tm.boards]
    byes = {r: t for r, t in st.byes.items() if r < k}
    if bye is not None:
        byes[k] = by_id[bye].name
    st = replace(st, byes=byes)
    event = _with_state(event, st)
    return event.with_round(Round(stage, k, tuple(games), None))


# -- standings --------------------------------------------------------------------------


def completed_rounds(event: Event) -> int:
    n = 0
    for r in event.rounds_of(_stage(event), None):
        if r.missing:
            break
        n = r.number
    return n


def team_histories(event: Event, after_round: int, st: TeamsState | None = None):
    """`core.tiebreaks.team.TeamHistory` per team for rounds 1..after_round."""
    from .tiebreaks.team import TeamHistory, TeamRound

    st = st or state(event)
    tlist = teams(event, st)
    names = [t.name for t in tlist]
    per: dict[int, list] = {t.id: [] for t in tlist}
    B = st.boards
    for rnd in event.rounds_of(_stage(event), None):
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
            if m.played or event.system != "swiss":
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
            got[names.index(bye) + 1] = TeamRound(None, kind="pab" if event.system == "swiss" else "rr-bye")
        for tid in per:
            per[tid].append(got.get(tid, TeamRound(None, kind="absent")))
    return [TeamHistory(t.id, t.name, tuple(per[t.id])) for t in tlist]


def check_codes(codes) -> list[str]:
    """The team tie-break codes to compute for `codes` (aliases read), or an error naming the bad one."""
    out = []
    for c in codes:
        u = c.strip().upper()
        m = _ALIAS_CUT.match(u)
        if m:
            u = ("EMGSB" if m.group(1) == "SB" else "BH-MP") + f"-C{m.group(2)}"
        u = ALIASES.get(u, u)
        if not _TEAM_CODE.match(u):
            raise IllegalChange("unknown team tie-break '{code}'; known: MP, GP, MPvGP, EMMSB, EMGSB, "
                                "EGMSB, EGGSB (and -Cn), BH-MP, BH-GP (and -Cn), EDE, BC, TBR, BBE, SSSC",
                                code=c.strip())
        out.append(u)
    return out


@dataclass(frozen=True)
class TeamStanding:
    rank: int
    id: int
    team: str
    match_points: Fraction
    game_points: Fraction
    tiebreaks: dict[str, Fraction]
    by_lot: bool = False
    shared: bool = False


def default_codes(event: Event, st: TeamsState | None = None) -> list[str]:
    st = st or state(event)
    if st.tiebreaks:
        return list(st.tiebreaks)
    if event.tiebreaks:
        try:
            check_codes(event.tiebreaks)
            return list(event.tiebreaks)
        except IllegalChange:
            pass
    return list(DEFAULT_CODES)


def standings(event: Event, after_round: int | None = None, codes=None, edition: str | None = None):
    """(after_round, codes, rows): teams by MP, then the codes (default GP, EMGSB)."""
    from .tiebreaks.team import TeamScoring, rank_teams

    st = state(event)
    paired = len(event.rounds_of(_stage(event), None))
    if after_round is None:
        after_round = completed_rounds(event)
    elif not 0 <= after_round <= paired:
        raise IllegalChange("--after-round {after_round}: {paired} round(s) have been paired", after_round=after_round, paired=paired)
    codes = list(codes) if codes else default_codes(event, st)
    internal = check_codes(codes)
    edition = edition or event.edition
    if edition not in ("fide2024", "fide2026", "legacy"):
        raise IllegalChange("unknown edition '{edition}' (one of fide2024, fide2026, legacy)", edition=edition)
    hist = team_histories(event, after_round, st)
    mp = st.match_points
    scoring = TeamScoring(boards=st.boards, match_win=mp.win, match_draw=mp.draw, match_loss=mp.loss, pab=st.pab)
    rows = rank_teams(hist, internal, scoring=scoring, rounds=after_round, edition=edition,
                      lots_seed=event.lots_seed, share_places=event.share_places or after_round == 0) if hist else []
    names = {h.id: h.name for h in hist}
    out = [TeamStanding(r.rank, r.id, names[r.id], r.mp, r.gp, {c: r.tiebreaks[i] for c, i in zip(codes, internal)},
                        r.by_lot, r.shared) for r in rows]
    return after_round, codes, out


@dataclass(frozen=True)
class BoardStat:
    board: int
    id: int
    name: str
    team: str
    games: int
    points: Fraction


def board_stats(event: Event, after_round: int | None = None) -> list[BoardStat]:
    """Each player's points per board number (board of his team's match), for board prizes.

    Forfeits count as the result awarded (a win by forfeit is a point); every
    line-up place is a game. Order: board, then points, then fewer games, then id.
    """
    st = state(event)
    after = completed_rounds(event) if after_round is None else after_round
    acc: dict[tuple[int, int], list] = {}
    for rnd in event.rounds_of(_stage(event), None):
        if rnd.number > after:
            break
        for m in matches(event, rnd, st):
            for bp, g in zip(m.match.boards, m.games):
                if g.result is None:
                    continue
                x, y = board_points(g.result.value)
                for pid, pts in ((g.first, x), (g.second, y)):
                    a = acc.setdefault((bp.board, pid), [0, F(0)])
                    a[0] += 1
                    a[1] += pts
    out = [BoardStat(b, pid, event.player(pid).name, event.player(pid).team, n, pts)
           for (b, pid), (n, pts) in acc.items()]
    out.sort(key=lambda s: (s.board, -s.points, s.games, s.id))
    return out


def _jnum(x) -> int | float:
    x = F(x)
    if x.denominator == 1:
        return x.numerator
    if x.denominator == 2:
        return float(x)
    return round(float(x), 2)


def _fit(text: str, width: int) -> str:
    from .formats.text import fit

    return fit(text, width)


def standings_output(event: Event, after_round=None, fmt: str = "text", codes=None, edition: str | None = None) -> str:
    """Team standings as text, csv or json (the shape of cli.md's standings, per team)."""
    after, used, rows = standings(event, after_round, codes, edition)
    stats = board_stats(event, after)
    if fmt == "json":
        doc = {
            "after_round": after, "tiebreaks": used,
            "rows": [{"rank": r.rank, "id": r.id, "team": r.team, "match_points": _jnum(r.match_points),
                      "game_points": _jnum(r.game_points),
                      "tiebreaks": {c: _jnum(v) for c, v in r.tiebreaks.items()}} for r in rows],
            "players": [{"board": s.board, "id": s.id, "name": s.name, "team": s.team, "games": s.games,
                         "points": _jnum(s.points)} for s in stats],
        }
        return json.dumps(doc, ensure_ascii=False) + "\n"
    if fmt == "csv":
        from .formats import csvio

        return csvio.write_rows(
            ["rank", "id", "team", "match_points", "game_points", *used],
            ([r.rank, r.id, r.team, _jnum(r.match_points), _jnum(r.game_points),
              *(_jnum(r.tiebreaks[c]) for c in used)] for r in rows),
        )
    if fmt != "text":
        raise IllegalChange("unknown format '{fmt}' (text, csv or json)", fmt=fmt)
    title = f"{_fit(event.name, 50)}: team standings" + (f" after round {after}" if after else "")
    rest = [c for c in used if c.strip().upper() not in ("MP", "GP")]  # MP and GP have their columns
    shown = rest[:3]  # 80 columns
    head = f"{'Rk':>3} {'Id':>3}  {'Team':<26} {'MP':>5} {'GP':>6}" + "".join(f" {c[:8]:>8}" for c in shown)
    lines = [title, "", head]
    for r in rows:
        tb = "".join(f" {points_text(r.tiebreaks[c]):>8}" for c in shown)
        lines.append(f"{r.rank:>3} {r.id:>3}  {_fit(r.team, 26):<26} {points_text(r.match_points):>5} "
                     f"{points_text(r.game_points):>6}{tb}")
    if len(rest) > len(shown):
        lines += ["", "Not shown: " + ", ".join(rest[3:]) + " (see --format json or csv)"]
    if any(r.by_lot for r in rows):
        lines += ["", "Teams still tied after every tie-break are ordered by lot."]
    if stats:
        lines += ["", "Board points", f"{'Bd':>3}  {'Player':<32} {'Team':<24} {'Pts':>5} {'Gms':>4}"]
        for s in stats:
            lines.append(f"{s.board:>3}  {_fit(f'{s.name} ({s.id})', 32):<32} {_fit(s.team, 24):<24} "
                         f"{points_text(s.points):>5} {s.games:>4}")
    return "\n".join(lines) + "\n"


def matches_output(event: Event, round_no: int | None = None, fmt: str = "text") -> str:
    """The matches of a round (default: the last paired) with their boards and results."""
    st = state(event)
    rounds = event.rounds_of(_stage(event), None)
    if not rounds:
        raise IllegalChange("no round has been paired yet")
    rnd = rounds[-1] if round_no is None else event.find_round(_stage(event), None, round_no)
    ms = matches(event, rnd, st)
    bye = round_bye(event, rnd.number, st)
    if fmt == "json":
        doc = {"round": rnd.number, "bye": bye, "matches": [
            {"match": m.number, "first": m.first_name, "second": m.second_name,
             "points": [_jnum(x) for x in m.result.points] if m.result.complete else None,
             "match_points": [_jnum(x) for x in m.result.match_points] if m.result.complete else None,
             "boards": [{"board": g.board, "first": g.first, "second": g.second,
                         "result": None if g.result is None else g.result.value} for g in m.games]}
            for m in ms]}
        return json.dumps(doc, ensure_ascii=False) + "\n"
    if fmt != "text":
        raise IllegalChange("unknown format '{fmt}' (text or json)", fmt=fmt)
    lines = [f"{_fit(event.name, 60)}: matches of round {rnd.number}", ""]
    for m in ms:
        a, b = m.result.points
        score = f"{points_text(a)} - {points_text(b)}" if m.result.complete else \
            f"({points_text(a)} - {points_text(b)} so far)"
        mps = (f"   MP {points_text(m.result.match_points[0])}-{points_text(m.result.match_points[1])}"
               if m.result.complete else "")
        lines.append(f"Match {m.number}: {_fit(m.first_name, 20)} - {_fit(m.second_name, 20)}  {score}{mps}")
        for g in m.games:
            pa, pb = event.player(g.first), event.player(g.second)
            res = g.result.value if g.result else "-"
            lines.append(f"  {g.board:>3}  {_fit(f'{pa.name} ({pa.id})', 30):<30} {res:^6} "
                         f"{_fit(f'{pb.name} ({pb.id})', 30)}")
    if bye:
        what = "pairing-allocated bye" if event.system == "swiss" else "bye seat"
        lines += ["", f"No match: {_fit(bye, 40)} ({what})"]
    return "\n".join(lines) + "\n"


def teams_output(event: Event, fmt: str = "text") -> str:
    """Teams with id, pairing number's average rating and roster (board order)."""
    st = state(event)
    tlist = teams(event, st)
    members = _members(event)
    fixed = set(st.names)
    if fmt == "json":
        return json.dumps([{"id": t.id, "name": t.name, "fixed": t.name in fixed,
                            "average": _jnum(_avg_top(event, members.get(t.name, []), st.boards)),
                            "roster": list(t.roster)} for t in tlist], ensure_ascii=False) + "\n"
    if fmt != "text":
        raise IllegalChange("unknown format '{fmt}' (text or json)", fmt=fmt)
    lines = [f"{_fit(event.name, 50)}: {len(tlist)} teams, {st.boards} boards a match", ""]
    for t in tlist:
        avg = _avg_top(event, members.get(t.name, []), st.boards)
        mark = "" if t.name in fixed else " (number not fixed yet)"
        lines.append(f"{t.id:>3}  {_fit(t.name, 40)}  average {round(float(avg))}{mark}")
        for pos, pid in enumerate(t.roster, start=1):
            p = event.player(pid)
            lines.append(f"      {pos:>2}. {_fit(p.name, 40):<40} {p.id:>4} {p.rating:>5} {p.status}")
    loose = [p for p in event.players if not p.team]
    if loose:
        lines += ["", "No team: " + ", ".join(f"{_fit(p.name, 30)} ({p.id})" for p in loose)]
    if st.forbidden:
        lines += ["", "Must not meet (forbidden pairs):"]
        lines += [f"  {_fit(x, 36)} - {_fit(y, 36)}" for x, y in st.forbidden]
    return "\n".join(lines) + "\n"
