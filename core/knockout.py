"""The knockout "top" after the Swiss stage (seed 000, 704 and 705; rules.md section 2).

Pure functions over frozen dataclasses: no I/O, no clock. Lots are drawn with
`random.Random(seed)` from a seed the caller records. Derived values (winners,
later rounds, placings) are computed from the stored inputs, never stored.

What the caller stores, and what it gets back
    * `qualify(tables, size, lot_seed=None) -> Qualification`: the top K from
      each table's ranked rows (`TableRanking`: table number, player ids in rank
      order, the players tied at the cut). Every table sends K / tables players.
    * `straight_seeding(q)` (704.2: table winners in table order, then second
      places, ...) or `best_seeding(q)` (the same, permuted inside each place
      tier to serve the three aims better; tiebreaks.md 13.1) give `Seed`s.
      `aims_report(seeds)` says whether each aim of 704.2 holds.
    * The caller stores the seed order (player ids, seed 1 first), a
      `TopConfig` and the game results of each match, keyed by
      `(round, match)` or `THIRD_PLACE`.
    * `build_bracket(seeds, results, config, points_before_top=...,
      quality_of_wins=...) -> Bracket` derives every match: players, colours,
      games, winner and `decided_by`; `current_boards(bracket)` lists the games
      to play now; `placings(bracket)` the final places.

Bracket shape (704.1, tiebreaks.md 13.1)
    K players; P = the next power of two >= K slots; R = log2(P) rounds.
    Round 1, match i (i = 1..P/2): seed i vs seed P + 1 - i. A seed above K is
    absent: its opponent (one of the highest seeds) has a bye. Round r + 1,
    match i: winner of match i vs winner of match M + 1 - i of round r, where M
    is the number of matches of round r. `Match.players` keeps this structural
    order (the player from match i first); results of a match are written in
    that order, results of a game first mover first.

Games, colours and decisions
    * A match is `config.games_per_match` games (default 1). The first mover of
      game 1 is drawn by lot (`Random(f"{colour_seed}:{round}:{match}")`;
      third place uses "third" for the round and 0 for the match) unless
      `higher_seed_first`; colours then alternate game by game.
    * A mini-match is won on points as soon as one side cannot be caught; if
      level after all games, 705.2 decides (`decide_drawn_game`), and its third
      step names the player who moved second in the *last* game [our reading].
    * One game: a win decides (`decided_by="game"`); a draw goes to 705.2.
      Technical results at time-out (705.3, "1-0t", "=t") and forfeits are
      ordinary decided games ("game"). An agreed result (704.4, "1-0a") decides
      the match with `decided_by="agreed"`; in a mini-match, "agreed" is used
      when any game of a match won on points was agreed.
    * `decided_by`: "game", "points-before-top", "quality-of-wins",
      "second-mover", "agreed", "bye", or None while undecided (cli.md).
    * Quality of wins is computed elsewhere (a named tie-break, top games
      included). Pass either a mapping player -> value or a function
      (player, top_round) -> value as at the end of that top round, so that a
      decision taken in round 1 stays the same when the bracket is rebuilt
      later.

Third place (704.3): with `config.third_place`, the semi-final losers play a
match (`Bracket.third_place_match`, key `THIRD_PLACE`).

Placings: the winner 1, the final's loser 2; third place match 3 and 4 (or the
semi-final losers share 3-4); the losers of an earlier round share the places
below those still in (5-8, 9-16, ...), or, with `placings="swiss-order"`, are
ordered by a given Swiss order (the standings before the top).
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Mapping, Sequence, Union

from core.errors import IllegalChange, InvalidResult, Msg

__all__ = [
    "DECIDED_BY",
    "THIRD_PLACE",
    "AimCheck",
    "AimsReport",
    "Board",
    "Bracket",
    "Decision",
    "GameResult",
    "Match",
    "Placing",
    "Qualification",
    "Qualifier",
    "Seed",
    "TableRanking",
    "TopConfig",
    "TopGame",
    "aims_report",
    "best_seeding",
    "bracket_slots",
    "build_bracket",
    "current_boards",
    "decide_drawn_game",
    "first_round_pairs",
    "meeting_round",
    "placings",
    "qualify",
    "straight_seeding",
]

F = Fraction
DECIDED_BY = ("game", "points-before-top", "quality-of-wins", "second-mover", "agreed", "bye")
THIRD_PLACE = "third"


# ---------------------------------------------------------------------------
# Bracket geometry


def bracket_slots(size: int) -> int:
    """P: the smallest power of two >= size (size >= 2)."""
    if size < 2:
        raise IllegalChange("a top needs at least 2 players, not {size}", size=size)
    return 1 << (size - 1).bit_length()


def first_round_pairs(size: int) -> tuple[tuple[int, int | None], ...]:
    """Round 1 by seeds: (i, P + 1 - i); None where the opponent's seed is above `size` (bye)."""
    p = bracket_slots(size)
    return tuple((i, p + 1 - i if p + 1 - i <= size else None) for i in range(1, p // 2 + 1))


def _match_path(seed: int, slots: int) -> list[int]:
    """The match number the seed plays in each round if it keeps winning."""
    path = []
    m, matches = min(seed, slots + 1 - seed), slots // 2
    path.append(m)
    while matches > 1:
        m = min(m, matches + 1 - m)
        matches //= 2
        path.append(m)
    return path


@functools.lru_cache(maxsize=65536)
def meeting_round(a: int, b: int, slots: int) -> int:
    """The round in which seeds a and b meet if both keep winning."""
    pa, pb = _match_path(a, slots), _match_path(b, slots)
    for r, (x, y) in enumerate(zip(pa, pb), start=1):
        if x == y:
            return r
    raise AssertionError("two seeds always meet by the final")


# ---------------------------------------------------------------------------
# Qualification


@dataclass(frozen=True)
class TableRanking:
    """One table's standings: player ids in rank order, and who is tied at the cut.

    `tied_at_cut` is the group of players that cannot be separated (same rank
    after every tie-break) around the qualification line; leave it empty when
    the line is clear.
    """

    table: int
    ranked: tuple[int, ...]
    tied_at_cut: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Qualifier:
    """A qualified player, their table and their place on it (1-based)."""

    player: int
    table: int
    place: int


@dataclass(frozen=True)
class Qualification:
    """The qualifiers, table by table in the order given, each table in place order.

    `lots` records each tie at the cut broken by lot: (table, the tied players
    in the order drawn); `lot_seed` is the seed used.
    """

    size: int
    per_table: int
    tables: tuple[int, ...]
    qualifiers: tuple[Qualifier, ...]
    lots: tuple[tuple[int, tuple[int, ...]], ...] = ()
    lot_seed: int | None = None


def qualify(tables: Sequence[TableRanking], size: int, *, lot_seed: int | None = None) -> Qualification:
    """The top `size` players: the same number from every table (704.2, 705.1).

    A tie straddling the cut is refused (`IllegalChange`) unless `lot_seed` is
    given; then the tied players are ordered by lot (`Random(lot_seed)`, one
    shuffle per table in table order) and the draw is returned in `lots`.
    """
    if not tables:
        raise IllegalChange("no table to qualify from")
    if size < 2:
        raise IllegalChange("a top needs at least 2 players, not {size}", size=size)
    if size % len(tables):
        raise IllegalChange("a top of {size} cannot take the same number from each of {n} tables", size=size,
                            n=len(tables))
    q = size // len(tables)
    rng = random.Random(lot_seed) if lot_seed is not None else None
    lots = []
    out: list[Qualifier] = []
    for t in tables:
        ranked = list(t.ranked)
        if len(ranked) < q:
            raise IllegalChange("table {table} has {n} players; the top needs {q} from each", table=t.table,
                                n=len(ranked), q=q)
        tied = [p for p in ranked if p in t.tied_at_cut]
        if tied:
            positions = [ranked.index(p) for p in tied]
            if positions != list(range(positions[0], positions[0] + len(tied))):
                raise IllegalChange("table {table}: the players tied at the cut are not next to each other", table=t.table)
            straddles = positions[0] < q <= positions[-1]
            if straddles:
                if rng is None:
                    names = ", ".join(str(p) for p in tied)
                    raise IllegalChange(
                        "table {table}: players {names} are tied at the qualification line; break the tie (play-off or lots) first", table=t.table, names=names
                    )
                drawn = list(tied)
                rng.shuffle(drawn)
                ranked[positions[0] : positions[-1] + 1] = drawn
                lots.append((t.table, tuple(drawn)))
        out.extend(Qualifier(p, t.table, place) for place, p in enumerate(ranked[:q], start=1))
    players = [x.player for x in out]
    if len(set(players)) != len(players):
        raise IllegalChange("a player qualifies from two tables")
    return Qualification(size, q, tuple(t.table for t in tables), tuple(out), tuple(lots), lot_seed)


# ---------------------------------------------------------------------------
# Seeding and the three aims of 704.2


@dataclass(frozen=True)
class Seed:
    """Seed number (1 = best), the player, their table and place on it."""

    seed: int
    player: int
    table: int
    place: int


def _tiers(q: Qualification) -> list[list[Qualifier]]:
    by_table = {t: [x for x in q.qualifiers if x.table == t] for t in q.tables}
    return [[by_table[t][place] for t in q.tables] for place in range(q.per_table)]


def _seeds_from_tiers(tiers: Sequence[Sequence[Qualifier]]) -> tuple[Seed, ...]:
    flat = [x for tier in tiers for x in tier]
    return tuple(Seed(i, x.player, x.table, x.place) for i, x in enumerate(flat, start=1))


def straight_seeding(q: Qualification) -> tuple[Seed, ...]:
    """704.2: all table winners in table order, then all second places, and so on.

    One table: seeds 1..K in place order.
    """
    return _seeds_from_tiers(_tiers(q))


@dataclass(frozen=True)
class AimCheck:
    """One aim of 704.2 for a seeding.

    aim 1: `value` = same-table pairs in round 1 (0 is ideal).
    aim 2: `value` = earliest round in which two table winners can meet;
           `best` = the latest such round any seeding can reach.
    aim 3: `value` = earliest round in which the 1st and 2nd of one table can
           meet; `best` = the final.
    `pairs` are the player ids concerned (offending or meeting earliest).
    `applies` is False when the aim has nothing to check (e.g. one table).
    """

    aim: int
    holds: bool
    value: int | None
    best: int | None
    pairs: tuple[tuple[int, int], ...]
    text: str
    applies: bool = True


@dataclass(frozen=True)
class AimsReport:
    aims: tuple[AimCheck, AimCheck, AimCheck]

    @property
    def all_hold(self) -> bool:
        return all(a.holds for a in self.aims)


def _evaluate(seeds: Sequence[Seed], slots: int):
    """Raw numbers for the three aims and the lexicographic key (smaller is better)."""
    by_seed = {s.seed: s for s in seeds}
    rounds = slots.bit_length() - 1
    # aim 1
    bad1 = []
    for i in range(1, slots // 2 + 1):
        a, b = by_seed.get(i), by_seed.get(slots + 1 - i)
        if a and b and a.table == b.table:
            bad1.append((a.player, b.player))
    # aim 2
    winners = [s for s in seeds if s.place == 1]
    e2, pairs2 = None, []
    for a, b in itertools.combinations(winners, 2):
        r = meeting_round(a.seed, b.seed, slots)
        if e2 is None or r < e2:
            e2, pairs2 = r, [(a.player, b.player)]
        elif r == e2:
            pairs2.append((a.player, b.player))
    # aim 3
    e3, pairs3 = None, []
    firsts = {s.table: s for s in seeds if s.place == 1}
    for s in seeds:
        if s.place == 2 and s.table in firsts:
            a = firsts[s.table]
            r = meeting_round(a.seed, s.seed, slots)
            if e3 is None or r < e3:
                e3, pairs3 = r, [(a.player, s.player)]
            elif r == e3:
                pairs3.append((a.player, s.player))
    key = (
        len(bad1),
        -(e2 if e2 is not None else rounds + 1),
        len(pairs2),
        -(e3 if e3 is not None else rounds + 1),
        len(pairs3),
    )
    return bad1, (e2, pairs2), (e3, pairs3), key


def aims_report(seeds: Sequence[Seed]) -> AimsReport:
    """Whether each aim of 704.2 holds for this seeding (see `AimCheck`)."""
    slots = bracket_slots(len(seeds))
    rounds = slots.bit_length() - 1
    bad1, (e2, pairs2), (e3, pairs3), _ = _evaluate(seeds, slots)
    tables = {s.table for s in seeds}
    if len(tables) < 2:
        bad1 = []
    aim1 = AimCheck(
        1,
        not bad1,
        len(bad1),
        0,
        tuple(bad1),
        "nobody meets a player of their own table in the first round"
        if not bad1
        else f"{len(bad1)} first-round pair(s) from the same table",
        applies=len(tables) > 1,
    )
    winners = sum(1 for s in seeds if s.place == 1)
    if winners >= 2:
        best2 = rounds - math.ceil(math.log2(winners)) + 1
        aim2 = AimCheck(
            2,
            e2 >= best2,
            e2,
            best2,
            tuple(pairs2),
            f"table winners can meet in round {e2} at the earliest (best possible: round {best2})",
        )
    else:
        aim2 = AimCheck(2, True, None, None, (), "only one table winner", applies=False)
    if e3 is not None:
        aim3 = AimCheck(
            3,
            e3 >= rounds,
            e3,
            rounds,
            tuple(pairs3),
            f"the 1st and 2nd of a table can meet in round {e3} at the earliest (best: the final, round {rounds})",
        )
    else:
        aim3 = AimCheck(3, True, None, None, (), "no table sends two players", applies=False)
    return AimsReport((aim1, aim2, aim3))


def best_seeding(q: Qualification) -> tuple[Seed, ...]:
    """The straight seeding, permuted inside each place tier to serve the aims better.

    Lexicographic, as tiebreaks.md 13.1: fewest same-table first-round pairs
    (aim 1), then the latest earliest meeting of table winners (aim 2), then
    the latest earliest meeting of the 1st and 2nd of a table (aim 3), fewer
    pairs meeting that early breaking ties. The winners' tier stays in table
    order: permuting it only renames the tables, and aim 2 depends on it alone.
    The other tiers are searched one after the other, in place order, over all
    permutations (brute force, at most 8! per tier); each tier counts its
    first-round pairs with the tiers already placed, and the second places'
    tier also scores aim 3. Ties keep the straight order. With more than 8
    tables the straight order is returned.
    """
    tiers = _tiers(q)
    t = len(q.tables)
    if t < 2 or t > 8 or len(tiers) < 2:
        return straight_seeding(q)
    slots = bracket_slots(q.size)
    index = {table: j for j, table in enumerate(q.tables)}
    seat_table: dict[int, int] = {j + 1: index[x.table] for j, x in enumerate(tiers[0])}
    winner_seat = {index[x.table]: j + 1 for j, x in enumerate(tiers[0])}
    chosen = [list(tiers[0])]
    for k in range(1, len(tiers)):
        tier = tiers[k]
        base = k * t + 1
        tables_here = [index[x.table] for x in tier]
        opponents = [slots + 1 - (base + j) for j in range(t)]
        best_perm, best_key = None, None
        for perm in itertools.permutations(range(t)):
            bad = 0
            for j in range(t):
                o = opponents[j]
                if o > q.size:
                    continue
                mine = tables_here[perm[j]]
                if base <= o < base + t:
                    if o > base + j and tables_here[perm[o - base]] == mine:
                        bad += 1
                elif seat_table.get(o) == mine:
                    bad += 1
            if k == 1:
                earliest, count = None, 0
                for j in range(t):
                    r = meeting_round(winner_seat[tables_here[perm[j]]], base + j, slots)
                    if earliest is None or r < earliest:
                        earliest, count = r, 1
                    elif r == earliest:
                        count += 1
                key = (bad, -earliest, count)
            else:
                key = (bad,)
            if best_key is None or key < best_key:
                best_perm, best_key = perm, key
        placed = [tier[i] for i in best_perm]
        for j, x in enumerate(placed):
            seat_table[base + j] = index[x.table]
        chosen.append(placed)
    return _seeds_from_tiers(chosen)


# ---------------------------------------------------------------------------
# Results and decisions


_RESULT_TEXTS = {
    "1-0": ("1-0", False, False, False),
    "0-1": ("0-1", False, False, False),
    "1/2": ("1/2", False, False, False),
    "=": ("1/2", False, False, False),
    "1/2-1/2": ("1/2", False, False, False),
    "½": ("1/2", False, False, False),
    "½-½": ("1/2", False, False, False),
    "+-": ("1-0", False, False, True),
    "-+": ("0-1", False, False, True),
    "1-0t": ("1-0", True, False, False),
    "0-1t": ("0-1", True, False, False),
    "=t": ("1/2", True, False, False),
    "1/2t": ("1/2", True, False, False),
    "1-0a": ("1-0", False, True, False),
    "0-1a": ("0-1", False, True, False),
}


@dataclass(frozen=True)
class GameResult:
    """A top game's result, first mover's score first.

    `score` is "1-0", "0-1" or "1/2". `technical`: decided by the judge at
    time-out (705.3); `agreed`: agreed in front of a judge (704.4; never a
    draw); `forfeit`: the loser did not play. All are ordinary decided games.
    """

    score: str
    technical: bool = False
    agreed: bool = False
    forfeit: bool = False

    def __post_init__(self) -> None:
        if self.score not in ("1-0", "0-1", "1/2"):
            raise InvalidResult("{score!r} is not a game score (1-0, 0-1 or 1/2)", score=self.score)
        if self.agreed and self.score == "1/2":
            raise InvalidResult("an agreed top result names a winner (1-0a or 0-1a)")

    @classmethod
    def parse(cls, text: str) -> GameResult:
        """The judge's text: 1-0, 0-1, 1/2 (=, 1/2-1/2), +-, -+, 1-0t, 0-1t, =t, 1-0a, 0-1a."""
        key = text.strip().lower()
        if key == "--":
            raise InvalidResult("a double forfeit cannot decide a top game; enter who goes through")
        if key not in _RESULT_TEXTS:
            raise InvalidResult("{text!r} is not a top game result", text=text)
        score, technical, agreed, forfeit = _RESULT_TEXTS[key]
        return cls(score, technical, agreed, forfeit)

    @property
    def points(self) -> tuple[Fraction, Fraction]:
        return {"1-0": (F(1), F(0)), "0-1": (F(0), F(1)), "1/2": (F(1, 2), F(1, 2))}[self.score]

    @property
    def text(self) -> str:
        """The judge's code back ("1-0t", "+-", ...)."""
        if self.forfeit:
            return "+-" if self.score == "1-0" else "-+"
        base = "=" if self.score == "1/2" and self.technical else self.score
        return base + ("t" if self.technical else "a" if self.agreed else "")


@dataclass(frozen=True)
class Decision:
    """Who goes through and which rule said so (`decided_by`), with a readable reason."""

    winner: int
    decided_by: str
    reason: str = ""


QualityOfWins = Union[Mapping[int, Fraction], Callable[[int, int], Fraction]]


def _lookup(values: Mapping[int, Fraction], player: int, what: str) -> Fraction:
    try:
        return F(values[player])
    except KeyError:
        raise IllegalChange("{what} of player {player} is not known", what=what, player=player) from None


def decide_drawn_game(
    first: int,
    second: int,
    *,
    points_before_top: Mapping[int, Fraction],
    quality_of_wins: Mapping[int, Fraction],
) -> Decision:
    """705.2: the winner of a drawn top game (or of a level mini-match).

    `first` moved first, `second` moved second (in the last game of a
    mini-match). `quality_of_wins` is the value with the top games so far
    included.
    """
    # 705.2, step 1: the player with more points before the top goes through.
    p1 = _lookup(points_before_top, first, Msg("points before the top"))
    p2 = _lookup(points_before_top, second, Msg("points before the top"))
    if p1 != p2:
        winner = first if p1 > p2 else second
        return Decision(winner, "points-before-top", f"{_num(max(p1, p2))} against {_num(min(p1, p2))}")
    # 705.2, step 2: then the better quality of wins (top games included).
    q1 = _lookup(quality_of_wins, first, Msg("quality of wins"))
    q2 = _lookup(quality_of_wins, second, Msg("quality of wins"))
    if q1 != q2:
        winner = first if q1 > q2 else second
        return Decision(
            winner, "quality-of-wins", f"points before the top equal ({_num(p1)}); {_num(max(q1, q2))} against {_num(min(q1, q2))}"
        )
    # 705.2, step 3: still equal: the player who moved second goes through.
    return Decision(second, "second-mover", f"points before the top ({_num(p1)}) and quality of wins ({_num(q1)}) equal")


def _num(x: Fraction) -> str:
    x = F(x)
    if x.denominator == 1:
        return str(x.numerator)
    if x.denominator == 2:
        whole = x - F(1, 2)
        return f"{whole.numerator}.5" if whole >= 0 else f"-{abs(whole).numerator}.5"
    return f"{float(x):.2f}"


# ---------------------------------------------------------------------------
# The bracket


@dataclass(frozen=True)
class TopConfig:
    """How the top is played.

    `colour_seed`: the recorded lot seed for colours (needed unless
    `higher_seed_first`). `placings`: "shared" (losers of a round share a
    place range) or "swiss-order" (ordered by the Swiss standings given to
    `placings()`).
    """

    third_place: bool = False
    games_per_match: int = 1
    higher_seed_first: bool = False
    colour_seed: int | None = None
    placings: str = "shared"

    def __post_init__(self) -> None:
        if self.games_per_match < 1:
            raise IllegalChange("a top match has at least one game")
        if self.placings not in ("shared", "swiss-order"):
            raise IllegalChange("placings must be 'shared' or 'swiss-order', not {placings!r}", placings=self.placings)


@dataclass(frozen=True)
class TopGame:
    """One game of a match: `number` 1..N, who moves first and second, the result if any."""

    number: int
    first: int
    second: int
    result: GameResult | None = None


@dataclass(frozen=True)
class Match:
    """One match of the bracket (see the module docstring for the order of `players`).

    `round` 1..R; `number` 1..M in the round. The third-place match has
    `third_place=True`, round R and number 0. `games` holds the games played
    and the next one to play (none before both players are known, none for a
    bye). `score` is the points of `players[0]` and `players[1]`.
    """

    round: int
    number: int
    seeds: tuple[int | None, int | None]
    players: tuple[int | None, int | None]
    games: tuple[TopGame, ...] = ()
    winner: int | None = None
    decided_by: str | None = None
    reason: str = ""
    third_place: bool = False

    @property
    def key(self) -> tuple[int, int] | str:
        return THIRD_PLACE if self.third_place else (self.round, self.number)

    @property
    def loser(self) -> int | None:
        if self.winner is None or None in self.players:
            return None
        return self.players[1] if self.winner == self.players[0] else self.players[0]

    @property
    def is_bye(self) -> bool:
        return self.decided_by == "bye"

    @property
    def score(self) -> tuple[Fraction, Fraction] | None:
        played = [g for g in self.games if g.result is not None]
        if not played:
            return None
        a = b = F(0)
        for g in played:
            pf, ps = g.result.points
            if g.first == self.players[0]:
                a, b = a + pf, b + ps
            else:
                a, b = a + ps, b + pf
        return a, b

    @property
    def result(self) -> str | None:
        """The result in the order of `players`: "1-0", "0-1", "1/2" (one game),
        "+-"/"-+" (forfeit), or points like "1.5-0.5" for a mini-match."""
        played = [g for g in self.games if g.result is not None]
        if not played:
            return None
        if len(self.games) == 1 and len(played) == 1:
            g = played[0]
            res = g.result
            flip = g.first != self.players[0]
            if res.score == "1/2":
                return "1/2"
            won_first = res.score == "1-0"
            first_of_players_won = won_first != flip
            if res.forfeit:
                return "+-" if first_of_players_won else "-+"
            return "1-0" if first_of_players_won else "0-1"
        a, b = self.score
        return f"{_num(a)}-{_num(b)}"


@dataclass(frozen=True)
class Bracket:
    """The whole top: seeds (player ids, seed 1 first), config, rounds, third-place match."""

    seeds: tuple[int, ...]
    config: TopConfig
    rounds: tuple[tuple[Match, ...], ...]
    third_place_match: Match | None = None

    @property
    def size(self) -> int:
        return len(self.seeds)

    @property
    def slots(self) -> int:
        return bracket_slots(len(self.seeds))

    def seed_of(self, player: int) -> int:
        return self.seeds.index(player) + 1

    @property
    def final(self) -> Match:
        return self.rounds[-1][0]

    @property
    def champion(self) -> int | None:
        return self.final.winner

    @property
    def finished(self) -> bool:
        done = self.final.winner is not None
        if self.third_place_match is not None:
            done = done and self.third_place_match.winner is not None
        return done

    def match(self, key: tuple[int, int] | str) -> Match:
        if key == THIRD_PLACE:
            if self.third_place_match is None:
                raise IllegalChange("this top has no third-place match")
            return self.third_place_match
        r, m = key
        try:
            return self.rounds[r - 1][m - 1]
        except (IndexError, TypeError):
            raise IllegalChange("the top has no match {m} in round {r}", m=m, r=r) from None

    def round_name(self, r: int) -> str:
        """"top-16", "top-8", ..., "final" for the round that many slots are left in."""
        left = self.slots >> (r - 1)
        return "final" if left == 2 else f"top-{left}"


ResultsInput = Mapping[Union[tuple, str], Union[Sequence[Union[GameResult, str]], GameResult, str]]


def _as_results(value) -> tuple[GameResult, ...]:
    if isinstance(value, (str, GameResult)):
        value = (value,)
    return tuple(v if isinstance(v, GameResult) else GameResult.parse(v) for v in value)


def _qow_at(qow: QualityOfWins, round_no: int) -> Mapping[int, Fraction] | Callable:
    if callable(qow) and not isinstance(qow, Mapping):

        class _View(dict):
            def __missing__(self, player: int) -> Fraction:
                return qow(player, round_no)

        return _View()
    return qow


def _first_mover(config: TopConfig, seeds: tuple[int, int], players: tuple[int, int], lot_key: str) -> int:
    if config.higher_seed_first:
        return players[0] if seeds[0] < seeds[1] else players[1]
    if config.colour_seed is None:
        raise IllegalChange("colours of top games are drawn by lot: record a lot seed first")
    rng = random.Random(f"{config.colour_seed}:{lot_key}")
    return players[rng.randrange(2)]


def _play_match(
    round_no: int,
    number: int,
    seeds: tuple[int | None, int | None],
    players: tuple[int | None, int | None],
    results: tuple[GameResult, ...],
    config: TopConfig,
    points_before_top: Mapping[int, Fraction],
    quality_of_wins: QualityOfWins,
    third: bool,
) -> Match:
    where = Msg("the third-place match") if third else Msg("round {r} match {m}", r=round_no, m=number)
    base = Match(round_no, number, seeds, players, third_place=third)
    present = [p for p in players if p is not None]
    if len(present) < 2:
        if results:
            raise IllegalChange("{where}: results entered before both players are known", where=where)
        return base
    a, b = players
    lot_key = f"third:0" if third else f"{round_no}:{number}"
    first = _first_mover(config, seeds, (a, b), lot_key)
    n = config.games_per_match
    if len(results) > n:
        raise IllegalChange("{where}: {k} results for a match of {n} game(s)", where=where, k=len(results), n=n)
    games: list[TopGame] = []
    pa = pb = F(0)
    winner = decided_by = None
    reason = ""
    for k in range(1, n + 1):
        f, s = (first, b if first == a else a) if k % 2 else (b if first == a else a, first)
        res = results[k - 1] if k <= len(results) else None
        games.append(TopGame(k, f, s, res))
        if res is None:
            break
        x, y = res.points
        if f == a:
            pa, pb = pa + x, pb + y
        else:
            pa, pb = pa + y, pb + x
        left = n - k
        if pa > pb + left or pb > pa + left:
            winner = a if pa > pb else b
            agreed = any(g.result is not None and g.result.agreed for g in games)
            decided_by = "agreed" if agreed else "game"
            if k < len(results):
                raise IllegalChange("{where}: the match was decided after game {k}", where=where, k=k)
            if n > 1:
                reason = f"{_num(max(pa, pb))}-{_num(min(pa, pb))} on points"
            break
    else:
        # all games played and level: 705.2
        last = games[-1]
        d = decide_drawn_game(
            last.first,
            last.second,
            points_before_top=points_before_top,
            quality_of_wins=_qow_at(quality_of_wins, round_no),
        )
        winner, decided_by, reason = d.winner, d.decided_by, d.reason
    return Match(round_no, number, seeds, players, tuple(games), winner, decided_by, reason, third)


def build_bracket(
    seeds: Sequence[int],
    results: ResultsInput,
    config: TopConfig = TopConfig(),
    *,
    points_before_top: Mapping[int, Fraction] | None = None,
    quality_of_wins: QualityOfWins | None = None,
) -> Bracket:
    """Derive the whole bracket from the seed order and the results entered so far.

    `results[(round, match)]` (or `results[THIRD_PLACE]`) is the sequence of
    game results of that match in game order (a single result may be given
    bare); each is a `GameResult` or the judge's text. Raises `IllegalChange`
    for results that cannot belong there (match not ready, already decided).
    """
    seeds = tuple(seeds)
    if len(set(seeds)) != len(seeds):
        raise IllegalChange("a player is seeded twice")
    size = len(seeds)
    slots = bracket_slots(size)
    pbt = points_before_top or {}
    qow: QualityOfWins = quality_of_wins if quality_of_wins is not None else {}
    parsed = {k: _as_results(v) for k, v in results.items()}
    rounds_total = slots.bit_length() - 1
    for key in parsed:
        if key == THIRD_PLACE:
            if not config.third_place:
                raise IllegalChange("this top has no third-place match")
            continue
        if not (isinstance(key, tuple) and len(key) == 2):
            raise IllegalChange("{key!r} is not a match of the top", key=key)
        r, m = key
        if not (1 <= r <= rounds_total and 1 <= m <= slots >> r):
            raise IllegalChange("the top has no match {m} in round {r}", m=m, r=r)

    def seed_of(p: int | None) -> int | None:
        return None if p is None else seeds.index(p) + 1

    rounds: list[tuple[Match, ...]] = []
    # round 1
    r1 = []
    for i, (s1, s2) in enumerate(first_round_pairs(size), start=1):
        p1 = seeds[s1 - 1]
        if s2 is None:
            if parsed.get((1, i)):
                raise IllegalChange("round 1 match {i} is a bye: no game to enter", i=i)
            r1.append(Match(1, i, (s1, None), (p1, None), (), p1, "bye", "no opponent"))
            continue
        p2 = seeds[s2 - 1]
        r1.append(_play_match(1, i, (s1, s2), (p1, p2), parsed.get((1, i), ()), config, pbt, qow, False))
    rounds.append(tuple(r1))
    while len(rounds[-1]) > 1:
        prev = rounds[-1]
        mcount = len(prev)
        r = len(rounds) + 1
        cur = []
        for i in range(1, mcount // 2 + 1):
            pa, pb = prev[i - 1].winner, prev[mcount - i].winner
            cur.append(
                _play_match(
                    r, i, (seed_of(pa), seed_of(pb)), (pa, pb), parsed.get((r, i), ()), config, pbt, qow, False
                )
            )
        rounds.append(tuple(cur))
    third = None
    if config.third_place:
        if slots < 4:
            raise IllegalChange("a third-place match needs semi-finals")
        semis = rounds[-2]
        la, lb = semis[0].loser, semis[1].loser
        bye_semi = [m.is_bye for m in semis]
        if any(bye_semi):
            # a top of 3: one semi-final was a bye, so the other semi-final's loser is third
            if parsed.get(THIRD_PLACE):
                raise IllegalChange("the third-place match is a bye: no game to enter")
            lone = lb if bye_semi[0] else la
            pl = (lone, None) if lone is not None else (None, None)
            third = Match(
                len(rounds), 0, (seed_of(lone), None), pl, (), lone, "bye" if lone else None,
                "no opponent" if lone else "", True,
            )  # fmt: skip
        else:
            third = _play_match(
                len(rounds), 0, (seed_of(la), seed_of(lb)), (la, lb), parsed.get(THIRD_PLACE, ()), config, pbt, qow, True
            )
    return Bracket(seeds, config, tuple(rounds), third)


@dataclass(frozen=True)
class Board:
    """A game to play now: board = the match number (the third-place match: after the final)."""

    board: int
    round: int
    match: tuple[int, int] | str
    game: int
    first: int
    second: int


def current_boards(bracket: Bracket) -> tuple[Board, ...]:
    """The games to play now: the next game of every undecided match of the earliest
    round that has one (the third-place match is played with the final)."""
    for r, matches in enumerate(bracket.rounds, start=1):
        pending = [m for m in matches if m.winner is None]
        if r == len(bracket.rounds) and bracket.third_place_match is not None:
            if bracket.third_place_match.winner is None:
                pending.append(bracket.third_place_match)
        if not pending:
            continue
        out = []
        for m in pending:
            if not m.games or m.games[-1].result is not None:
                continue  # players not known yet
            g = m.games[-1]
            board = m.number if not m.third_place else len(matches) + 1
            out.append(Board(board, r, m.key, g.number, g.first, g.second))
        return tuple(out)
    return ()


@dataclass(frozen=True)
class Placing:
    """A final place: `place`..`place_to` (equal unless the place is shared)."""

    player: int
    place: int
    place_to: int

    @property
    def shared(self) -> bool:
        return self.place != self.place_to


def placings(bracket: Bracket, swiss_order: Sequence[int] | None = None) -> tuple[Placing, ...]:
    """Places known so far, best first (see the module docstring).

    With `config.placings == "swiss-order"` the losers of one round are ordered
    by `swiss_order` (all top players, best first), else they share a range.
    """
    by_swiss = bracket.config.placings == "swiss-order"
    if by_swiss and swiss_order is None:
        raise IllegalChange("placings by Swiss order need the Swiss order")
    rank = {p: i for i, p in enumerate(swiss_order or ())}
    out: list[Placing] = []

    def group(players: list[int], start: int) -> None:
        if by_swiss:
            players = sorted(players, key=lambda p: rank.get(p, len(rank)))
            out.extend(Placing(p, start + i, start + i) for i, p in enumerate(players))
        else:
            out.extend(Placing(p, start, start + len(players) - 1) for p in players)

    final = bracket.final
    if final.winner is not None:
        out.append(Placing(final.winner, 1, 1))
        out.append(Placing(final.loser, 2, 2))
    semis_losers = [m.loser for m in bracket.rounds[-2] if not m.is_bye] if len(bracket.rounds) >= 2 else []
    tp = bracket.third_place_match
    if tp is not None:
        if tp.winner is not None:
            out.append(Placing(tp.winner, 3, 3))
            if tp.loser is not None:
                out.append(Placing(tp.loser, 4, 4))
    elif semis_losers and all(p is not None for p in semis_losers):
        group(list(semis_losers), 3)
    # earlier rounds: the players still in after round r take the places above
    for r in range(len(bracket.rounds) - 2, 0, -1):
        matches = bracket.rounds[r - 1]
        losers = [m.loser for m in matches if not m.is_bye]
        if any(p is None for p in losers):
            continue
        still_in = len(matches)  # winners of round r
        group([p for p in losers if p is not None], still_in + 1)
    out.sort(key=lambda x: (x.place, x.player))
    return tuple(out)
