"""The `[teams]` section of the event file: read and checked (`state`), written back, created (`setup`).

Every key of docs/teams.md's table is read here, and a bad value is refused
with its key named (`[teams] lineups.3.Rooks: ...`). Writing goes through
`with_state`, which replaces the section as a whole.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from arbiter_tournament.core import limits
from arbiter_tournament.core.errors import Advice, IllegalChange, Msg
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.teams.matches import MatchPoints
from arbiter_tournament.core.teams.tiebreak_codes import check_codes
from arbiter_tournament.core.event.systems import System, main_stage

F = Fraction


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
    if not (isinstance(k, str) and k.isascii() and k.isdigit() and len(k) <= 9 and k == str(int(k)) and limits.within("round", int(k))):
        raise _bad(key, "round keys are round numbers like \"3\", not {k!r}",
                   k=k if not isinstance(k, str) or len(k) <= 40 else k[:40] + "…")
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
    if type(boards) is not int or not limits.within("boards", boards):
        raise _bad("boards", "expected a whole number of boards from 1 to {most}", most=limits.TEAM_BOARDS_MAX)
    mp = doc.get("match_points", [2, 1, 0])
    try:
        if not isinstance(mp, list) or len(mp) != 3 or any(isinstance(x, (bool, float)) for x in mp):
            raise ValueError
        w, d, l = (F(x) for x in mp)
    except (ValueError, TypeError, ZeroDivisionError):
        raise _bad("match_points", "expected [win, draw, loss] like [2, 1, 0]") from None
    if not all(0 <= x <= limits.MATCH_POINTS_MAX and limits.POINTS_DENOMINATOR % x.denominator == 0 for x in (w, d, l)):
        raise _bad("match_points", "match points are multiples of 0.1 from 0 to {most}", most=limits.MATCH_POINTS_MAX)
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
    if seed is not None and (type(seed) is not int or not limits.within("seed", seed)):
        raise _bad("lots_seed", "expected a whole number from {lo} to {hi}", lo=limits.SEED_MIN, hi=limits.SEED_MAX)
    tbs = doc.get("tiebreaks", [])
    if not isinstance(tbs, list) or not all(isinstance(c, str) for c in tbs):
        raise _bad("tiebreaks", "expected a list of team tie-break codes")
    if len(tbs) > limits.TIEBREAKS_MAX:
        raise _bad("tiebreaks", "{n} tie-breaks are too many: at most {most}", n=len(tbs), most=limits.TIEBREAKS_MAX)
    try:
        check_codes(tbs)  # checked when the file loads, not first when the standings are asked for
    except IllegalChange as exc:
        raise IllegalChange("[teams] {key}: {what}", key="tiebreaks", what=exc.msg) from None
    forbidden = _read_forbidden(event, doc.get("forbidden", []), names)
    return TeamsState(boards, MatchPoints(w, d, l), pab, tuple(names), rosters, lineups, byes, berger, seed, tuple(tbs),
                      forbidden)


def _read_forbidden(event: Event, doc: Any, names: list[str]) -> tuple[tuple[str, str], ...]:
    """`[teams] forbidden`: pairs of team names that must not meet (team Swiss only)."""
    if not isinstance(doc, list):
        raise _bad("forbidden", "expected a list of pairs of team names like [[\"Rooks\", \"Knights\"]]")
    if doc and event.system != System.SWISS:
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


def with_state(event: Event, st: TeamsState) -> Event:
    """The event with its `[teams]` section replaced by `st`."""
    extra = tuple(x for x in event.extra if x[0] != "teams") + (("teams", st.to_doc()),)
    return replace(event, extra=extra)


def is_team_event(event: Event) -> bool:
    return event.stage_state("teams") is not None


def setup(event: Event, boards: int, match_points=None, tiebreaks=None) -> Event:
    """Make a new event a team event of `boards` boards per match (match points W,D,L, default 2,1,0;
    `tiebreaks`: team codes after MP, stored in `[teams] tiebreaks`; default GP, EMGSB)."""
    if boards is None or boards < 1:
        raise IllegalChange("a team event needs at least 1 board per match", advice=Advice.of("set_boards"))
    if event.tables > 1:
        raise IllegalChange("a team event has one table")
    if event.top:
        raise IllegalChange("a team event has no knockout top")
    mp = MatchPoints()
    if match_points is not None:
        w, d, l = (F(x) for x in match_points)
        if not w > d >= l:
            raise IllegalChange("match points must be win > draw >= loss, e.g. 2,1,0 or 3,1,0",
                                advice=Advice.of("set_match_points"))
        mp = MatchPoints(w, d, l)
    codes = tuple(c.strip() for c in tiebreaks or () if c.strip())
    check_codes(codes)
    return with_state(event, TeamsState(boards, mp, tiebreaks=codes))


def team_stage(event: Event) -> str:
    """The stage of a team event's rounds (its system's main stage)."""
    return main_stage(event.system)
