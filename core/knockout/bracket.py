"""The whole top derived from the seed order and the results entered so far.

`build_bracket` plays every match it can (`core.knockout.match`) round by
round; `current_boards` lists the games to play now. Third place (704.3):
with `config.third_place`, the semi-final losers play a match
(`Bracket.third_place_match`, key `THIRD_PLACE`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping, Sequence, Union

from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.msg import Msg
from arbiter_tournament.core.knockout.drawn_game import QualityOfWins
from arbiter_tournament.core.knockout.game_result import GameResult
from arbiter_tournament.core.knockout.geometry import bracket_slots, first_round_pairs
from arbiter_tournament.core.knockout.match import THIRD_PLACE, Match, TopConfig, play_match


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
        return Msg("bk_final") if left == 2 else Msg("bk_top_n", n=left)


ResultsInput = Mapping[Union[tuple, str], Union[Sequence[Union[GameResult, str]], GameResult, str]]


def _as_results(value) -> tuple[GameResult, ...]:
    if isinstance(value, (str, GameResult)):
        value = (value,)
    return tuple(v if isinstance(v, GameResult) else GameResult.parse(v) for v in value)


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
        r1.append(play_match(1, i, (s1, s2), (p1, p2), parsed.get((1, i), ()), config, pbt, qow, False))
    rounds.append(tuple(r1))
    while len(rounds[-1]) > 1:
        prev = rounds[-1]
        mcount = len(prev)
        r = len(rounds) + 1
        cur = []
        for i in range(1, mcount // 2 + 1):
            pa, pb = prev[i - 1].winner, prev[mcount - i].winner
            cur.append(
                play_match(
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
            third = play_match(
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
