"""Playing one match of the top: its games, colours and who goes through.

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
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Mapping

from arbiter_tournament.core.errors import IllegalChange, Msg
from arbiter_tournament.core.knockout.drawn_game import QualityOfWins, decide_drawn_game
from arbiter_tournament.core.knockout.game_result import GameResult, points_written

F = Fraction
DECIDED_BY = ("game", "points-before-top", "quality-of-wins", "second-mover", "agreed", "bye")
THIRD_PLACE = "third"


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
        if self.games_per_match > 99:
            raise IllegalChange("a top match has at most 99 games, not {games}", games=self.games_per_match)
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
    """One match of the bracket (see `core.knockout.geometry` for the order of `players`).

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
        return f"{points_written(a)}-{points_written(b)}"


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


def play_match(
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
    """One match of the bracket played out from its games: the match's state, its winner when decided."""
    where = Msg("the third-place match") if third else Msg("round {r} match {m}", r=round_no, m=number)
    base = Match(round_no, number, seeds, players, third_place=third)
    present = [p for p in players if p is not None]
    if len(present) < 2:
        if results:
            raise IllegalChange("{where}: results entered before both players are known", where=where)
        return base
    a, b = players
    lot_key = "third:0" if third else f"{round_no}:{number}"
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
                reason = Msg("{more}-{less} on points", more=points_written(max(pa, pb)), less=points_written(min(pa, pb)))
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
