"""Play-off for first place (rules.md section 5; seed 003, 32.5.6; tiebreaks.md 13.2).

Pure data in and out, no file I/O:

    plan = propose(tied_in_tiebreak_order, seed)      # the format, numbers, groups
    state = advance(plan, {game_id: GameResult(...)})  # what is next, who is first

`advance` replays the whole play-off from the results entered so far, so it is
deterministic: every lot (pairing numbers, colours) is drawn with
`random.Random(f"{seed}/{purpose}")`, reproducible from the seed stored in the
plan, and reported in `state.log` (messages: English as `str`, `.text(lang)`
in a language, like the games' labels and the plan's description). Game ids are stable paths such as
``"rr.r2.b1"``, ``"ko.r1.m2.g1"`` or ``"A.arm"``; store results under them.

Formats by the number of tied players:

* 2: mini-match of two games at 3+5; if level, one Armageddon game (first
  5 min, second 4 min; a draw wins for the second player).
* 3: one round robin at 3+5 (numbers by lot, Berger colours); if all three are
  still level, an Armageddon round robin; then the player who scored a point in
  the fewest moves. Whenever two knock out the third, they play Armageddon.
* 4: knockout 1-4 and 2-3 (numbers by lot); two-game matches at 3+5
  (``knockout_games="match"``) or Armageddon games (``"armageddon"``).
* 5: one round robin at 3+5 (numbers by lot); 5 level: fewest moves in the games
  won; 4 level: as for 4 without Armageddon (two-game matches); 3: as for 3; 2: Armageddon.
* 6: groups {1, 4, 5} and {2, 3, 6} by tie-break order, each as for 3; the
  winners play Armageddon.
* 7: an Armageddon round robin (numbers by lot); if level, the fewest moves.
* 8: knockout 1-8, 2-7, 3-6, 4-5 by tie-break order, then the standard bracket.
* 9: groups A {1, 5, 9}, B {2, 6, 7}, C {3, 4, 8}, each as for 3; the three
  winners play as for 3 [us].
* 10: two groups of five, {1, 4, 5, 8, 9} and {2, 3, 6, 7, 10} [us: the serpentine
  of the 6-player rule], each as for 5; the winners play Armageddon.
* 11+: 9th and below are out; the best 8 play as for 8.

``armageddon_only=True`` (32.5.8, a late main round) replaces every two-game
match by a single Armageddon game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Mapping, Sequence

from arbiter_tournament.core.msg import Msg, verbatim

F = Fraction
RAPID = "3+5"
ARMAGEDDON = Msg("Armageddon 5 min / 4 min (a draw wins for the second player)")


@dataclass(frozen=True)
class PlayoffGame:
    id: str  # stable key for the result
    stage: str  # human label (a `Msg`), e.g. "Group A, round robin, round 2"
    first: int  # the player who moves first ("white")
    second: int
    time_control: str
    armageddon: bool = False  # a draw goes to the second player


@dataclass(frozen=True)
class GameResult:
    result: str  # "1-0", "0-1", "1/2" (also "=", "1/2-1/2", "+-", "-+")
    moves: int | None = None  # number of moves, for the fewest-moves rule

    def score(self) -> tuple[Fraction, Fraction]:
        r = self.result.strip().replace(" ", "")
        if r in ("1-0", "+-", "1-0f"):
            return F(1), F(0)
        if r in ("0-1", "-+", "0-1f"):
            return F(0), F(1)
        if r in ("1/2", "=", "1/2-1/2", "½", "½-½", "0.5-0.5"):
            return F(1, 2), F(1, 2)
        raise ValueError(f"not a play-off result: {self.result!r}")


@dataclass(frozen=True)
class PlayoffPlan:
    players: tuple[int, ...]  # the tied players in tie-break order
    seed: int  # seed of every lot of this play-off
    format: str  # "match", "round-robin", "knockout", "groups", "armageddon-round-robin"
    description: str
    numbering: str  # "lot" or "tie-break order"
    numbers: tuple[tuple[int, int], ...] = ()  # (pairing number, player) of the first stage
    groups: tuple[tuple[int, ...], ...] = ()
    excluded: tuple[int, ...] = ()  # 11+ tied: 9th and below
    knockout_games: str = "match"  # "match" (two games at 3+5) or "armageddon"
    armageddon_only: bool = False


@dataclass(frozen=True)
class PlayoffState:
    finished: bool
    winner: int | None
    next_games: tuple[PlayoffGame, ...]  # games to play now (no result yet)
    played: tuple[tuple[PlayoffGame, GameResult], ...]
    log: tuple[str, ...]  # what was drawn and decided, in order (messages)
    needs: str | None = None  # what is missing besides results (e.g. move counts)


# ---------------------------------------------------------------- Berger
def berger(n: int) -> list[list[tuple[int, int]]]:
    """FIDE Berger table (C.05 Annex 1) for n numbers, bye seat dropped: rounds of (first, second)."""
    m_players = n + (n % 2)
    m = m_players - 1

    def wrap(x: int) -> int:
        return ((x - 1) % m) + 1

    rounds = []
    for r in range(1, m + 1):
        i = (r + 1) // 2 if r % 2 else (r + m_players) // 2
        games = [(i, m_players) if r % 2 else (m_players, i)]
        for k in range(2, m_players // 2 + 1):
            a, b = wrap(i + k - 1), wrap(i - (k - 1))
            w = min(a, b) if (a + b) % 2 else max(a, b)
            games.append((w, a + b - w))
        rounds.append([(a, b) for a, b in games if a <= n and b <= n])
    return rounds


# ---------------------------------------------------------------- proposal
def _groups_for(n: int) -> tuple[tuple[int, ...], ...]:
    return {
        6: ((1, 4, 5), (2, 3, 6)),
        9: ((1, 5, 9), (2, 6, 7), (3, 4, 8)),
        10: ((1, 4, 5, 8, 9), (2, 3, 6, 7, 10)),
    }.get(n, ())


def _lot(seed: int, purpose: str, players: Sequence[int]) -> list[int]:
    order = list(players)
    random.Random(f"{seed}/{purpose}").shuffle(order)
    return order


def propose(
    tied: Sequence[int], seed: int, *, knockout_games: str = "match", armageddon_only: bool = False
) -> PlayoffPlan:
    """The play-off for the tied players, given in tie-break order (best first)."""
    tied = tuple(tied)
    if len(tied) < 2:
        raise ValueError(Msg("a play-off needs at least two tied players"))
    if len(set(tied)) != len(tied):
        raise ValueError(Msg("a player appears twice among the tied players"))
    if knockout_games not in ("match", "armageddon"):
        raise ValueError(Msg("knockout_games is 'match' or 'armageddon'"))
    n = len(tied)
    excluded: tuple[int, ...] = ()
    if n >= 11:
        excluded, tied, n = tied[8:], tied[:8], 8
    tb_numbers = tuple(enumerate(tied, 1))
    desc = _description(n, len(excluded))

    def made(fmt: str, numbering: str, numbers: tuple[tuple[int, int], ...],
             groups: tuple[tuple[int, ...], ...] = ()) -> PlayoffPlan:
        return PlayoffPlan(tied, seed, fmt, desc, numbering, numbers, groups=groups, excluded=excluded,
                           knockout_games=knockout_games, armageddon_only=armageddon_only)

    if n == 2:
        return made("match", "tie-break order", tb_numbers)
    if n in (3, 5, 7):
        # the same lot that `advance` draws for the first round robin
        order = _lot(seed, "numbers/p.arr" if n == 7 else "numbers/p.rr", tied)
        fmt_ = "armageddon-round-robin" if n == 7 else "round-robin"
        return made(fmt_, "lot", tuple(enumerate(order, 1)))
    if n == 4:
        order = _lot(seed, "numbers/p", tied)
        return made("knockout", "lot", tuple(enumerate(order, 1)))
    if n == 8:
        return made("knockout", "tie-break order", tb_numbers)
    groups = tuple(tuple(tied[i - 1] for i in g) for g in _groups_for(n))
    return made("groups", "tie-break order", tb_numbers, groups)


_FORMATS = {  # the play-off of n tied players (32.5.6)
    2: "mini-match of two games at 3+5, then Armageddon if level (32.5.6.1)",
    3: "round robin at 3+5, then an Armageddon round robin, then the fewest moves (32.5.6.2)",
    4: "knockout 1-4 and 2-3, numbers by lot (32.5.6.3)",
    5: "round robin at 3+5; then as for 4, 3 or 2 level players (32.5.6.4)",
    6: "groups {{1,4,5}} and {{2,3,6}} by tie-break order, each as for 3; winners play Armageddon (32.5.6.5)",
    7: "Armageddon round robin; if level, the fewest moves (32.5.6.6)",
    8: "knockout 1-8, 2-7, 3-6, 4-5 by tie-break order (32.5.6.7)",
    9: "groups A {{1,5,9}}, B {{2,6,7}}, C {{3,4,8}}, each as for 3; winners as for 3 (32.5.6.8)",
    10: "two groups of five {{1,4,5,8,9}} and {{2,3,6,7,10}}, each as for 5; winners play Armageddon (32.5.6.9)",
}


def _description(n: int, excluded: int) -> Msg:
    """What the play-off of `n` players is (11 or more: `excluded` are out, the best 8 play)."""
    if excluded:
        return Msg("players 9th and below are out ({n}); the best 8: {format} (32.5.6.10)", n=excluded,
                   format=Msg(_FORMATS[8]))
    return Msg(_FORMATS[n])


def plan_description(plan: PlayoffPlan) -> Msg:
    """The plan's description as a message (a plan read from a file has its English only)."""
    n = len(plan.players)
    said = _description(n, len(plan.excluded)) if n in _FORMATS else None
    return said if said is not None and said == plan.description else verbatim(plan.description)


# ---------------------------------------------------------------- evaluation
class _Pending(Exception):
    def __init__(self, games: list[PlayoffGame], needs: str | None = None) -> None:
        super().__init__()
        self.games = games
        self.needs = needs


@dataclass
class _Run:
    plan: PlayoffPlan
    results: Mapping[str, GameResult]
    log: list[str] = field(default_factory=list)
    played: list[tuple[PlayoffGame, GameResult]] = field(default_factory=list)

    def say(self, text: Msg) -> None:
        if text not in self.log:
            self.log.append(text)

    def colours(self, gid: str, a: int, b: int) -> tuple[int, int]:
        first, second = _lot(self.plan.seed, f"colours/{gid}", (a, b))
        return first, second

    def game(self, g: PlayoffGame) -> GameResult:
        res = self.results.get(g.id)
        if res is None:
            raise _Pending([g])
        res.score()  # validate
        if (g, res) not in self.played:
            self.played.append((g, res))
        return res

    # -- single games and matches -------------------------------------------
    def armageddon(self, gid: str, a: int, b: int, stage: str) -> int:
        first, second = self.colours(gid, a, b)
        g = PlayoffGame(gid, Msg("{stage}, Armageddon", stage=stage), first, second, ARMAGEDDON, True)
        res = self.game(g)
        s1, _ = res.score()
        win = first if s1 == 1 else second
        if s1 != F(1, 2):
            self.say(Msg("{stage}: {player} wins the Armageddon {first}-{second}", stage=stage, player=win,
                         first=first, second=second))
        else:
            self.say(Msg("{stage}: {player} wins the Armageddon {first}-{second} (draw: the second player wins)",
                         stage=stage, player=win, first=first, second=second))
        return win

    def match(self, gid: str, a: int, b: int, stage: str, armageddon_allowed: bool = True) -> int:
        if self.plan.armageddon_only:
            return self.armageddon(gid + ".arm", a, b, stage)
        first, second = self.colours(gid, a, b)
        g1 = PlayoffGame(gid + ".g1", Msg("{stage}, game {n}", stage=stage, n=1), first, second, RAPID)
        g2 = PlayoffGame(gid + ".g2", Msg("{stage}, game {n}", stage=stage, n=2), second, first, RAPID)
        pending = []
        got = {}
        for g in (g1, g2):
            try:
                got[g.id] = self.game(g)
            except _Pending as p:
                pending += p.games
        if pending:
            raise _Pending(pending)
        s1 = got[g1.id].score()[0] + got[g2.id].score()[1]  # points of `first`
        if s1 > 1:
            self.say(Msg("{stage}: {player} wins the mini-match {more}-{less}", stage=stage, player=first,
                         more=_f(s1), less=_f(2 - s1)))
            return first
        if s1 < 1:
            self.say(Msg("{stage}: {player} wins the mini-match {more}-{less}", stage=stage, player=second,
                         more=_f(2 - s1), less=_f(s1)))
            return second
        self.say(Msg("{stage}: mini-match level 1-1", stage=stage) if armageddon_allowed
                 else Msg("{stage}: mini-match level 1-1; Armageddon decides [us]", stage=stage))
        return self.armageddon(gid + ".arm", a, b, stage)

    # -- round robin -------------------------------------------------------
    def round_robin(self, gid: str, players: Sequence[int], stage: str, armageddon: bool) -> tuple[dict, list]:
        """Plays the round robin round by round; returns (scores, games with results)."""
        order = _lot(self.plan.seed, f"numbers/{gid}", players)
        self.say(Msg("{stage}: pairing numbers by lot: {numbers}", stage=stage,
                     numbers=", ".join(f"{i}={p}" for i, p in enumerate(order, 1))))
        scores = {p: F(0) for p in players}
        games = []
        for r, pairs in enumerate(berger(len(order)), 1):
            pending = []
            for b, (x, y) in enumerate(pairs, 1):
                g = PlayoffGame(f"{gid}.r{r}.b{b}", Msg("{stage}, round {n}", stage=stage, n=r), order[x - 1],
                                order[y - 1], ARMAGEDDON if armageddon else RAPID, armageddon)
                try:
                    res = self.game(g)
                except _Pending as p:
                    pending += p.games
                    continue
                s1, s2 = res.score()
                if armageddon and s1 == s2:
                    s1, s2 = F(0), F(1)
                scores[g.first] += s1
                scores[g.second] += s2
                games.append((g, res, s1, s2))
            if pending:
                raise _Pending(pending)
        self.say(Msg("{stage}: scores {scores}", stage=stage,
                     scores=", ".join(f"{p}: {_f(s)}" for p, s in sorted(scores.items(), key=lambda kv: -kv[1]))))
        return scores, games

    def fewest_moves(self, gid: str, candidates: Sequence[int], games: list, stage: str) -> int:
        """The candidate who scored a point in the fewest moves (ties: lot [us])."""
        best: dict[int, int | None] = {p: None for p in candidates}
        missing = []
        for g, res, s1, s2 in games:
            for p, s in ((g.first, s1), (g.second, s2)):
                if p in best and s == 1:
                    if res.moves is None:
                        missing.append(g.id)
                        continue
                    best[p] = res.moves if best[p] is None else min(best[p], res.moves)
        if missing:
            raise _Pending([], Msg("enter the number of moves of the games {games}",
                                   games=", ".join(sorted(set(missing)))))
        scored = {p: m for p, m in best.items() if m is not None}
        if not scored:
            win = _lot(self.plan.seed, f"lots/{gid}", sorted(candidates))[0]
            self.say(Msg("{stage}: nobody scored a point; {player} first by lot [us]", stage=stage, player=win))
            return win
        low = min(scored.values())
        top = sorted(p for p, m in scored.items() if m == low)
        win = top[0] if len(top) == 1 else _lot(self.plan.seed, f"lots/{gid}", top)[0]
        if len(top) == 1:
            self.say(Msg("{stage}: {player} scored a point in the fewest moves ({moves})", stage=stage, player=win,
                         moves=low))
        else:
            self.say(Msg("{stage}: {player} scored a point in the fewest moves ({moves}) (equal with {players}: "
                         "drawn by lot [us])", stage=stage, player=win, moves=low, players=", ".join(map(str, top))))
        return win

    # -- the rules by number of players --------------------------------------
    def for2(self, gid: str, players: Sequence[int], stage: str, armageddon_only: bool = False) -> int:
        a, b = players
        if armageddon_only:
            return self.armageddon(gid + ".arm", a, b, stage)
        return self.match(gid + ".m", a, b, stage)

    def for3(self, gid: str, players: Sequence[int], stage: str) -> int:
        scores, _ = self.round_robin(gid + ".rr", players, Msg("{stage}, round robin", stage=stage), False)
        top = _leaders(scores)
        if len(top) == 1:
            return top[0]
        if len(top) == 2:
            return self.armageddon(gid + ".arm", top[0], top[1], Msg("{stage}, two level", stage=stage))
        scores, games = self.round_robin(gid + ".arr", players, Msg("{stage}, Armageddon round robin", stage=stage),
                                         True)
        top = _leaders(scores)
        if len(top) == 1:
            return top[0]
        if len(top) == 2:
            return self.armageddon(gid + ".arm2", top[0], top[1], Msg("{stage}, two level", stage=stage))
        return self.fewest_moves(gid + ".fm", top, games, stage)

    def knockout(self, gid: str, seeded: Sequence[int], stage: str, armageddon_allowed: bool = True) -> int:
        """Standard bracket: 1 v n, 2 v n-1, ...; then winner of match i v winner of match M+1-i."""
        alive = list(seeded)
        rnd = 1
        while len(alive) > 1:
            m = len(alive) // 2
            pairs = [(alive[i], alive[len(alive) - 1 - i]) for i in range(m)]
            winners: list[int | None] = []
            pending: list[PlayoffGame] = []
            needs = None
            for i, (a, b) in enumerate(pairs, 1):
                label = Msg("{stage}, round {n}, match {match} ({a} v {b})", stage=stage, n=rnd, match=i, a=a, b=b)
                mid = f"{gid}.r{rnd}.m{i}"
                try:
                    if self.plan.knockout_games == "armageddon" and armageddon_allowed:
                        winners.append(self.armageddon(mid + ".arm", a, b, label))
                    else:
                        winners.append(self.match(mid, a, b, label, armageddon_allowed))
                except _Pending as p:
                    pending += p.games
                    needs = needs or p.needs
                    winners.append(None)
            if pending or needs:
                raise _Pending(pending, needs)
            # winner of match i meets the winner of match M + 1 - i: keep the seeding order
            alive = [w for w in winners if w is not None]
            rnd += 1
        return alive[0]

    def for4(self, gid: str, players: Sequence[int], stage: str, armageddon_allowed: bool = True) -> int:
        order = _lot(self.plan.seed, f"numbers/{gid}", players)
        self.say(Msg("{stage}: knockout numbers by lot: {numbers}", stage=stage,
                     numbers=", ".join(f"{i}={p}" for i, p in enumerate(order, 1))))
        return self.knockout(gid + ".ko", order, Msg("{stage}, knockout", stage=stage), armageddon_allowed)

    def for5(self, gid: str, players: Sequence[int], stage: str) -> int:
        scores, games = self.round_robin(gid + ".rr", players, Msg("{stage}, round robin", stage=stage), False)
        top = _leaders(scores)
        if len(top) == 1:
            return top[0]
        if len(top) == 5:
            return self.fewest_moves(gid + ".fm", top, games, Msg("{stage}, five level", stage=stage))
        if len(top) == 4:
            return self.for4(gid + ".4", top, Msg("{stage}, four level", stage=stage), armageddon_allowed=False)
        if len(top) == 3:
            return self.for3(gid + ".3", top, Msg("{stage}, three level", stage=stage))
        return self.armageddon(gid + ".arm", top[0], top[1], Msg("{stage}, two level", stage=stage))

    def for7(self, gid: str, players: Sequence[int], stage: str) -> int:
        scores, games = self.round_robin(gid + ".arr", players, Msg("{stage}, Armageddon round robin", stage=stage),
                                         True)
        top = _leaders(scores)
        if len(top) == 1:
            return top[0]
        return self.fewest_moves(gid + ".fm", top, games, stage)

    def groups(self, gid: str, stage: str) -> int:
        plan = self.plan
        names = "ABC"
        winners: list[int | None] = []
        pending: list[PlayoffGame] = []
        needs = None
        for k, grp in enumerate(plan.groups):
            label = Msg("Group {name}", name=names[k])
            try:
                w = (self.for5 if len(grp) == 5 else self.for3)(names[k], grp, label)
                self.say(Msg("{stage}: winner {player}", stage=label, player=w))
                winners.append(w)
            except _Pending as p:
                pending += p.games
                needs = needs or p.needs
                winners.append(None)
        if pending or needs:
            raise _Pending(pending, needs)
        ws = [w for w in winners if w is not None]
        if len(ws) == 2:
            return self.armageddon("final.arm", ws[0], ws[1], Msg("Group winners"))
        return self.for3("final", ws, Msg("Group winners"))


def _leaders(scores: dict[int, Fraction]) -> list[int]:
    best = max(scores.values())
    return sorted(p for p, s in scores.items() if s == best)


def _f(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator // x.denominator}.5" if x.denominator == 2 else str(x)


def advance(plan: PlayoffPlan, results: Mapping[str, GameResult]) -> PlayoffState:
    """Replay the play-off on the results so far: the next games, or the winner."""
    run = _Run(plan, results)
    n = len(plan.players)
    try:
        if plan.format == "match":
            win = run.for2("p", plan.players, Msg("Play-off"), plan.armageddon_only)
        elif plan.format == "groups":
            win = run.groups("g", Msg("Play-off"))
        elif n == 3:
            win = run.for3("p", plan.players, Msg("Play-off"))
        elif n == 4:
            win = run.for4("p", plan.players, Msg("Play-off"))
        elif n == 5:
            win = run.for5("p", plan.players, Msg("Play-off"))
        elif n == 7:
            win = run.for7("p", plan.players, Msg("Play-off"))
        elif n == 8:
            win = run.knockout("p.ko", plan.players, Msg("{stage}, knockout", stage=Msg("Play-off")))
        else:
            raise ValueError(Msg("no play-off format for {n} players", n=n))
    except _Pending as p:
        return PlayoffState(False, None, tuple(p.games), tuple(run.played), tuple(run.log), p.needs)
    run.say(Msg("First place: {player}", player=win))
    return PlayoffState(True, win, (), tuple(run.played), tuple(run.log))


# ---------------------------------------------------------------- storage helpers
def plan_to_dict(plan: PlayoffPlan) -> dict:
    """Plain data (lists, ints, strings, bools) for the event file; no None values."""
    return {
        "players": list(plan.players), "seed": plan.seed, "format": plan.format,
        "description": plan.description, "numbering": plan.numbering,
        "numbers": [list(x) for x in plan.numbers], "groups": [list(g) for g in plan.groups],
        "excluded": list(plan.excluded), "knockout_games": plan.knockout_games,
        "armageddon_only": plan.armageddon_only,
    }


def plan_from_dict(d: Mapping) -> PlayoffPlan:
    return PlayoffPlan(
        tuple(d["players"]), int(d["seed"]), d["format"], d["description"], d["numbering"],
        tuple(tuple(x) for x in d.get("numbers", ())), tuple(tuple(g) for g in d.get("groups", ())),
        tuple(d.get("excluded", ())), d.get("knockout_games", "match"), bool(d.get("armageddon_only", False)),
    )


def results_to_dict(results: Mapping[str, GameResult]) -> dict:
    return {k: ({"result": r.result} | ({"moves": r.moves} if r.moves is not None else {})) for k, r in results.items()}


def results_from_dict(d: Mapping) -> dict[str, GameResult]:
    return {k: GameResult(v["result"], v.get("moves")) for k, v in d.items()}
