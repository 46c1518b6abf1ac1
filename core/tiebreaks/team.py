"""Team events: match points, game points and team tie-breaks (C.07 art. 11-13;
seed 32.2, 32.3.2.2; Olympiad rules; tiebreaks.md section 6).

Input: one `TeamHistory` per team, one `TeamRound` per round (opponent team,
game points scored and conceded, optionally the points per board).

* MP: match points, win/draw/loss = 2/1/0 by default (`TeamScoring`), as
  `core.teams.matches.decide` gives them (the one rule: more than half the board
  points wins, exactly half draws, seed 32.2.1; each team against the half, so
  double forfeits can leave both under it). A round read from the event carries
  them (`TeamRound.mp`); a round without them is decided from its game points by
  the same function. GP: the sum of board points.
* MPvGP: the other score as a tie-break (primary MP -> GP, primary GP -> MP).
* ESB (13.2) E<opp><own>SB: sum over rounds of the opponent's final score (first
  letter: M = MP, G = GP) x the score made against him (second letter):
  EMMSB, EMGSB (the seed's "team SB", Olympiad SB), EGMSB, EGGSB; "-Cn" cuts the
  n opponents with the lowest score (ties: lowest product); EMGSB-C1 is the
  Olympiad SB. Unplayed rounds: dummy with the team's own score (2024), capped
  in 2026 (draw points x rounds, or the scheduled opponent's score for a
  forfeit); legacy: virtual team starting with the team's score, taking the
  complement of the unplayed result, then 1 MP and half the boards per later round.
* BH-MP / BH-GP: team Buchholz on MP / GP (same unplayed rules).
* EDE (13.3): DE on the primary score; if it resolves nothing, on the secondary;
  restarted on every new tied subset.
* BC (lower is better), TBR, BBE: board tie-breaks (art. 12); a PAB is a win on
  every board.
* SSSC (13.4): secondary + BH(primary) / k, k = max primary / max secondary of
  one match, rounded toward 0 (flag ``sssc_k`` overrides).
* The bye seat of an odd round robin (kind "rr-bye", tiebreaks.md section 1
  `RR_BYE`; C.07 15.2: in pre-determined pairings only forfeits are unplayed
  rounds) scores nothing and is no round for tie-break purposes: no term in
  BH-MP, BH-GP, SSSC or E..SB (so no dummy, and nothing for a cut to drop),
  and the maximum achievable primary score of SSSC counts only the rounds a
  team can play.

The settings travel as one frozen `TeamContext` (`TeamContext.of(teams,
scoring=..., rounds=..., edition=..., flags=...)`); each code's values for
every team are worked out once per context (`team_column`). The unplayed-round
rules (16.4 dummy and its 2026 caps, the legacy virtual opponent) and the cut
modifiers are those of the individual tie-breaks (`core/tiebreaks/unplayed.py`).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, Mapping

from arbiter_tournament.core.tiebreaks.context import EDITIONS
from arbiter_tournament.core.tiebreaks.direct import encounter_order
from arbiter_tournament.core.tiebreaks.team_match import MatchPoints, decide
from arbiter_tournament.core.tiebreaks.unplayed import cut, dummy_score, virtual_opponent

F = Fraction

KINDS = ("match", "forfeit-win", "forfeit-loss", "pab", "half-bye", "absent", "rr-bye")


@dataclass(frozen=True)
class TeamRound:
    opponent: int | None  # None for a bye, an absence or the round robin's bye seat
    gp: Fraction = F(0)  # game points scored
    opp_gp: Fraction | None = None  # conceded; None: boards - gp
    kind: str = "match"  # one of KINDS
    boards: tuple[Fraction, ...] = ()  # points per board, board 1 first (for BC/TBR/BBE)
    mp: Fraction | None = None  # the match's match points (core.teams.matches.decide); None: decided from gp

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"team round kind must be one of {', '.join(KINDS)}")
        if (self.kind in ("match", "forfeit-win", "forfeit-loss")) != (self.opponent is not None):
            raise ValueError(f"a {self.kind} {'needs' if self.opponent is None else 'has no'} opponent")


@dataclass(frozen=True)
class TeamHistory:
    id: int
    name: str = ""
    rounds: tuple[TeamRound, ...] = ()


@dataclass(frozen=True)
class TeamScoring:
    boards: int = 4
    match_win: Fraction = F(2)
    match_draw: Fraction = F(1)
    match_loss: Fraction = F(0)
    primary: str = "MP"  # "MP" or "GP"
    pab: str = "draw"  # a team-Swiss PAB is worth a draw's MP and GP (C.04.6); or "win"
    won_by: str = "half"  # the rule of core.teams.matches.decide: "half" (seed 32.2.1) or "more"


@dataclass(frozen=True)
class TeamValues:
    mp: Fraction
    gp: Fraction
    tiebreaks: dict[str, Fraction] = field(default_factory=dict)


@dataclass(frozen=True)
class TeamStanding:
    """A team's line of the standings: its place, match and game points, and tie-break values (by code)."""

    rank: int
    id: int
    team: str  # the team's name
    match_points: Fraction
    game_points: Fraction
    tiebreaks: dict[str, Fraction]
    by_lot: bool = False
    shared: bool = False
    matches: int = 0  # matches the team was paired in (forfeited ones too; not a bye)


@dataclass(frozen=True)
class TeamFlags:
    """The team options: `sssc_k` overrides SSSC's k (13.4); `de_partial_rule` is C.07 6.3
    for EDE (None: on, except legacy)."""

    sssc_k: int | None = None
    de_partial_rule: bool | None = None

    @classmethod
    def of(cls, flags: "TeamFlags | Mapping[str, Any] | None") -> "TeamFlags":
        if isinstance(flags, TeamFlags):
            return flags
        flags = dict(flags or {})
        unknown = set(flags) - {"sssc_k", "de_partial_rule"}
        if unknown:
            raise ValueError(f"unknown team tie-break flag(s): {', '.join(sorted(unknown))}")
        return cls(**flags)


@dataclass(frozen=True, eq=False)
class TeamContext:
    """The teams, their rounds cut to `rounds` (missing rounds: absent) and the settings."""

    teams: Mapping[int, TeamHistory]
    recs: Mapping[int, tuple[TeamRound, ...]]
    s: TeamScoring
    rounds: int
    edition: str = "fide2024"
    flags: TeamFlags = TeamFlags()
    columns: dict[str, dict[int, tuple[Any, Any]]] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, teams: list[TeamHistory], *, scoring: TeamScoring = TeamScoring(), rounds: int,
           edition: str = "fide2024", flags: TeamFlags | Mapping[str, Any] | None = None) -> "TeamContext":
        if edition not in EDITIONS:
            raise ValueError(f"unknown tie-break edition {edition!r}")
        if scoring.primary not in ("MP", "GP"):
            raise ValueError("the primary team score is MP or GP")
        recs = {t.id: tuple(t.rounds[:rounds]) + tuple(TeamRound(None, kind="absent")
                                                       for _ in range(rounds - len(t.rounds[:rounds])))
                for t in teams}
        return cls({t.id: t for t in teams}, recs, scoring, rounds, edition, TeamFlags.of(flags))

    @cached_property
    def mp(self) -> dict[int, Fraction]:
        return {tid: sum((self.round_mp(r) for r in recs), F(0)) for tid, recs in self.recs.items()}

    @cached_property
    def gp(self) -> dict[int, Fraction]:
        return {tid: sum((self.round_gp(r) for r in recs), F(0)) for tid, recs in self.recs.items()}

    def half(self) -> Fraction:
        return F(self.s.boards, 2)

    def round_gp(self, r: TeamRound) -> Fraction:
        if r.kind == "pab":
            return F(self.s.boards) if self.s.pab == "win" else self.half()
        if r.kind == "half-bye":
            return self.half()
        if r.kind in ("absent", "rr-bye"):
            return F(0)
        return F(r.gp)

    def conceded(self, r: TeamRound) -> Fraction:
        return F(self.s.boards) - self.round_gp(r) if r.opp_gp is None else F(r.opp_gp)

    def round_mp(self, r: TeamRound) -> Fraction:
        s = self.s
        if r.kind == "pab":
            return s.match_win if s.pab == "win" else s.match_draw
        if r.kind == "half-bye":
            return s.match_draw
        if r.kind == "rr-bye":
            return F(0)  # the bye seat scores nothing (not even a loss's match points)
        if r.kind == "absent":
            return s.match_loss
        if r.mp is not None:  # a match (played or forfeited) of the event: decided by core.teams.matches.decide
            return r.mp
        rule = MatchPoints(s.match_win, s.match_draw, s.match_loss, won_by=s.won_by)
        return decide((self.round_gp(r), self.conceded(r)), s.boards, rule).match_points[0]

    def score(self, kind: str) -> dict[int, Fraction]:
        return self.mp if kind == "MP" else self.gp

    def secondary(self) -> str:
        return "GP" if self.s.primary == "MP" else "MP"

    def per_round(self, kind: str, r: TeamRound) -> Fraction:
        return self.round_mp(r) if kind == "MP" else self.round_gp(r)

    def draw_value(self, kind: str) -> Fraction:
        return self.s.match_draw if kind == "MP" else self.half()

    def terms(self, tid: int, opp_kind: str, own_kind: str) -> list[tuple[Fraction, Fraction]]:
        """(opponent's score, own score in the round) per round, with the unplayed rules
        of C.07 16.4 (2024 dummy, 2026 caps) and the legacy virtual team; for teams,
        "points" are MP or GP (no 16.3 adjustment: raw scores)."""
        return [(t.value, t.mine) for t in self.term_rows(tid, opp_kind, own_kind)]

    def term_rows(self, tid: int, opp_kind: str, own_kind: str) -> list["TermRow"]:
        """`terms` with the decisions behind each: the round, the opponent, which rule gave the value
        (an explanation reads them, never working a value out again)."""
        out = []
        recs = self.recs[tid]
        own_total = self.score(opp_kind)[tid]
        for i, r in enumerate(recs, 1):
            if r.kind == "rr-bye":
                continue  # the round robin's bye seat: no round for tie-break purposes (RR_BYE)
            mine = self.per_round(own_kind, r)
            if r.kind == "match":
                assert r.opponent is not None  # a match has its opponent (TeamRound.__post_init__)
                out.append(TermRow(i, r, self.score(opp_kind)[r.opponent], mine, "match"))
                continue
            if self.edition == "legacy":
                before = sum((self.per_round(opp_kind, x) for x in recs[: i - 1]), F(0))
                got = self.per_round(opp_kind, r)
                full = self.s.match_win if opp_kind == "MP" else F(self.s.boards)
                loss = self.s.match_loss if opp_kind == "MP" else F(0)
                # the virtual team's result: the other side of the team's (full + loss - got:
                # a draw only when the draw is the middle of win and loss, unlike `complement`)
                comp = loss if got == full else (full if got == loss else full + loss - got)
                draw, later = self.draw_value(opp_kind), self.rounds - i
                out.append(TermRow(i, r, virtual_opponent(before, comp, draw, later), mine, "virtual",
                                   (before, comp, draw, later)))
                continue
            cap = (self.score(opp_kind)[r.opponent] if r.opponent is not None
                   else self.draw_value(opp_kind) * self.rounds)
            value, capped = dummy_score(self.edition, own_total, cap)
            out.append(TermRow(i, r, value, mine, "capped" if capped else "dummy", (own_total, cap)))
        return out


@dataclass(frozen=True)
class TermRow:
    """One term of a team's BH / E..SB: round `round`, its record, the value looked at (the opponent's score,
    or the dummy's or virtual team's), the team's own score in the round, and how the value was found:
    "match", "dummy" (16.4: the team's own score), "capped" (2026: the cap; `detail` = (own, cap)),
    "virtual" (legacy; `detail` = (before, result, draw, later))."""

    round: int
    rec: TeamRound
    value: Fraction
    mine: Fraction
    how: str
    detail: tuple = ()


def _esb(ctx: TeamContext, tid: int, opp_kind: str, own_kind: str, low: int) -> Fraction:
    """E<opp><own>SB (13.2); a cut drops the lowest-scoring opponents (ties: the lowest product)."""
    terms = ctx.terms(tid, opp_kind, own_kind)
    values = [v for v, _ in terms]
    products = [v * p for v, p in terms]
    cuts = cut(values, products, (), low, 0, False)
    return sum(products, F(0)) - sum((products[c.index] for c in cuts), F(0))


def _bh(ctx: TeamContext, tid: int, kind: str, low: int = 0) -> Fraction:
    """BH-MP / BH-GP; a cut drops the lowest opponents' scores."""
    values = [v for v, _ in ctx.terms(tid, kind, kind)]
    return sum(values, F(0)) - sum((values[c.index] for c in cut(values, None, (), low, 0, False)), F(0))


def board_points(ctx: TeamContext, tid: int) -> list[Fraction]:
    """A team's points on each board over its rounds (a pairing-allocated bye: one point on every board)."""
    n = ctx.s.boards
    tot = [F(0)] * n
    for r in ctx.recs[tid]:
        if r.kind == "pab":
            pts = [F(1)] * n
        else:
            pts = list(r.boards) + [F(0)] * (n - len(r.boards))
        for b in range(n):
            tot[b] += F(pts[b])
    return tot


def sssc_k(ctx: TeamContext) -> int:
    """SSSC's k (13.4): the most primary score a team could make over the rounds it can play (rounds minus a
    round robin bye seat), divided by the most secondary score of one match, rounded toward 0 (at least 1);
    the flag `sssc_k` overrides it."""
    prim = ctx.s.primary
    playable = max((sum(1 for r in recs if r.kind != "rr-bye") for recs in ctx.recs.values()), default=0)
    max_primary = (ctx.s.match_win if prim == "MP" else F(ctx.s.boards)) * playable
    max_secondary = F(ctx.s.boards) if prim == "MP" else ctx.s.match_win
    return ctx.flags.sssc_k or max(int(max_primary / max_secondary), 1)


# A team code and its parts (EMGSB-C1: E, M, G, cut 1; BH-GP-C1): read here and by team_explain.py
ESB_CODE = re.compile(r"^E([MG])([MG])SB(?:-C([0-9]{1,9}))?$")
BHT_CODE = re.compile(r"^BH-(MP|GP)(?:-C([0-9]{1,9}))?$")
TEAM_CODES = ("MP", "GP", "MPVGP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "BH-MP", "BH-GP", "EDE", "BC", "TBR",
              "BBE", "SSSC")


def _value_and_key(ctx: TeamContext, c: str, tid: int, code: str):
    """(value, sort key) of one team for `c` (the code as typed, `code`, in upper case; not EDE)."""
    if c == "MP":
        return ctx.mp[tid], ctx.mp[tid]
    if c == "GP":
        return ctx.gp[tid], ctx.gp[tid]
    if c == "MPVGP":
        v = ctx.score(ctx.secondary())[tid]
        return v, v
    m = ESB_CODE.match(c)
    if m:
        kinds = {"M": "MP", "G": "GP"}
        v = _esb(ctx, tid, kinds[m.group(1)], kinds[m.group(2)], int(m.group(3) or 0))
        return v, v
    m = BHT_CODE.match(c)
    if m:
        v = _bh(ctx, tid, m.group(1), int(m.group(2) or 0))
        return v, v
    if c == "BC":
        v = sum((F(b + 1) * x for b, x in enumerate(board_points(ctx, tid))), F(0))
        return v, -v
    if c == "TBR":
        t = tuple(board_points(ctx, tid))
        return t[0] if t else F(0), t
    if c == "BBE":
        b = board_points(ctx, tid)
        total = sum(b, F(0))
        seq = tuple(total - sum(b[len(b) - k:], F(0)) for k in range(1, len(b)))
        return (seq[0] if seq else total), seq
    if c == "SSSC":
        v = ctx.score(ctx.secondary())[tid] + _bh(ctx, tid, ctx.s.primary) / sssc_k(ctx)
        return v, v
    raise ValueError(f"unknown team tie-break {code.strip()!r}; known: {', '.join(TEAM_CODES)}, E..SB-Cn, BH-MP-Cn")


def team_column(ctx: TeamContext, code: str) -> dict[int, tuple[Any, Any]]:
    """Every team's (value, sort key) for `code`, once per context. EDE: its value within
    the team's primary score group (the ranking recomputes it on each tied subset)."""
    c = code.strip().upper()
    if c not in ctx.columns:
        if c == "EDE":
            prim = ctx.score(ctx.s.primary)
            col = {}
            for tid in ctx.teams:
                group = [t for t in ctx.teams if prim[t] == prim[tid]]
                col[tid] = (_ede_value(ctx, tid, group), None)
        else:
            col = {tid: _value_and_key(ctx, c, tid, code) for tid in sorted(ctx.teams)}
        ctx.columns[c] = col
    return ctx.columns[c]


def group_results(ctx: TeamContext, group: list[int], kind: str):
    """The results among the teams of `group` (a tied group), by pair of teams, of the kind asked."""
    members = set(group)
    res: dict[tuple[int, int], list[Fraction]] = {}
    for t in group:
        for r in ctx.recs[t]:
            if r.kind == "match" and r.opponent in members:
                res.setdefault((t, r.opponent), []).append(ctx.per_round(kind, r))
    return res


def ede_order(ctx: TeamContext, group: list[int]) -> list[list[int]]:
    group = sorted(group)
    if len(group) < 2:
        return [group]
    partial = ctx.edition != "legacy" if ctx.flags.de_partial_rule is None else ctx.flags.de_partial_rule
    for kind in (ctx.s.primary, ctx.secondary()):
        win = ctx.s.match_win if kind == "MP" else F(ctx.s.boards)
        parts = encounter_order(group, group_results(ctx, group, kind), win, partial)
        if len(parts) > 1:
            out: list[list[int]] = []
            for part in parts:
                out += ede_order(ctx, part) if len(part) > 1 else [part]
            return out
    return [group]


def _ede_value(ctx: TeamContext, tid: int, group: list[int]) -> Fraction:
    res = group_results(ctx, group, ctx.s.primary)
    return sum((sum(v, F(0)) / len(v) for (a, _), v in res.items() if a == tid), F(0))


def compute_team(codes: list[str], ctx: TeamContext) -> dict[int, TeamValues]:
    columns = [(c, team_column(ctx, c)) for c in codes]
    return {tid: TeamValues(ctx.mp[tid], ctx.gp[tid], {c: col[tid][0] for c, col in columns})
            for tid in sorted(ctx.teams)}


def rank_teams(ctx: TeamContext, codes: list[str], *, lots_seed: int = 0,
               share_places: bool = False) -> list[TeamStanding]:
    values = compute_team(codes, ctx)

    def resolve(group: list[int], i: int) -> list[list[int]]:
        if len(group) == 1 or i == len(codes):
            return [group]
        if codes[i].strip().upper() == "EDE":
            parts = ede_order(ctx, group)
        else:
            col = team_column(ctx, codes[i])
            keys = {t: col[t][1] for t in group}
            parts = [sorted(t for t in group if keys[t] == lv) for lv in sorted(set(keys.values()), reverse=True)]
        out: list[list[int]] = []
        for part in parts:
            out += resolve(part, i + 1)
        return out

    prim = ctx.score(ctx.s.primary)
    groups: list[list[int]] = []
    for s in sorted(set(prim.values()), reverse=True):
        groups += resolve(sorted(t for t in prim if prim[t] == s), 0)
    rng = random.Random(lots_seed)
    rows: list[TeamStanding] = []
    pos = 0
    for g in groups:
        if len(g) > 1 and not share_places:
            g = list(g)
            rng.shuffle(g)
        for k, t in enumerate(g):
            tied = len(g) > 1
            rank = pos + 1 if (share_places and tied) else pos + 1 + k
            rows.append(TeamStanding(rank, t, ctx.teams[t].name, ctx.mp[t], ctx.gp[t], values[t].tiebreaks,
                                     by_lot=tied and not share_places, shared=tied and share_places))
        pos += len(g)
    return rows
