"""Round robins: FIDE Berger tables (C.05 Annex 1), Berger numbers, withdrawals.

Pure functions over small frozen dataclasses; no I/O, no clock. Randomness is
passed in as a seed (`random.Random(seed)`) and the draw is returned so the
caller can record it.

Berger numbers and the bye seat
    Players get Berger numbers 1..n. An odd n is played on the table for n + 1
    and the highest number, n + 1, is the bye seat (C.05 Annex 1: "where there
    is an odd number of players, the highest number counts as a bye"). The
    player drawn against it sits out that round.

Tables
    `berger_table(n)` is the raw FIDE table as printed, for the even size
    n' = n or n + 1: one tuple per round of `(first, second)` Berger numbers in
    board order, the bye seat included. It is computed with the closed form of
    tiebreaks.md section 7, which equals the printed tables (tests compare it
    with the printed tables for 3/4 .. 15/16 typed in as data).

    `schedule(players, double=..., swap_last_two=...)` maps Berger numbers to
    player ids and gives `RRRound`s: real games on boards 1, 2, ... in table
    order (the bye seat's board is dropped and the later boards move up) and
    the player with the bye, if any.

Double round robin
    The second cycle repeats the FIDE table with colours reversed. With
    `swap_last_two=True` (FIDE's recommendation, the default) the last two
    rounds of the *first* cycle are played in reverse order, so that nobody
    gets the same colour three times in a row around the change of cycle; the
    second cycle then follows the table's own order, colours reversed.

Withdrawals (`withdrawal_ruling`)
    FIDE General Regulations for Competitions (formerly C.06 "FIDE Tournament
    Rules", art. V.4 / 5.4), for a player who withdraws or is expelled from a
    round robin:

    * fewer than 50 % of the player's scheduled games completed: the results
      stay in the crosstable (for rating and history) but the points scored by
      or against the player do not count in the final standings;
    * at least 50 % completed: all results count; the player's unplayed games
      count as forfeits ("-" for the player, "+" for the opponent).

    "Completed" = played over the board (technical and agreed results count as
    played, forfeits do not) [our reading]. The scheduled games are the
    player's games in the whole schedule (both cycles of a double round robin).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable, Sequence

from arbiter_tournament.core.errors import IllegalChange

__all__ = [
    "BergerDraw",
    "RRGame",
    "RRRound",
    "ScheduledGame",
    "WithdrawalRuling",
    "berger_numbers",
    "berger_round",
    "berger_table",
    "rounds_count",
    "schedule",
    "withdrawal_ruling",
]


# ---------------------------------------------------------------------------
# Berger tables


def _even(n: int) -> int:
    if n < 2:
        raise IllegalChange("a round robin needs at least 2 players, not {n}", n=n)
    return n + (n % 2)


def rounds_count(n: int, double: bool = False) -> int:
    """Rounds of a round robin for n players (n - 1, or n for odd n; doubled)."""
    m = _even(n) - 1
    return 2 * m if double else m


def berger_round(n: int, r: int) -> tuple[tuple[int, int], ...]:
    """Round r (1-based) of the FIDE Berger table for n players: (first, second) per board.

    For odd n the table of n + 1 is used and Berger number n + 1 is the bye seat.
    Closed form from tiebreaks.md section 7.
    """
    size = _even(n)
    m = size - 1
    if not 1 <= r <= m:
        raise IllegalChange("round {r} does not exist in a round robin of {n} players", r=r, n=n)

    def wrap(x: int) -> int:
        return ((x - 1) % m) + 1

    i = (r + 1) // 2 if r % 2 else (r + size) // 2  # the player who meets `size`
    boards: list[tuple[int, int]] = [(i, size) if r % 2 else (size, i)]
    for k in range(2, size // 2 + 1):
        a, b = wrap(i + k - 1), wrap(i - (k - 1))
        if (a + b) % 2:
            boards.append((min(a, b), max(a, b)))
        else:
            boards.append((max(a, b), min(a, b)))
    return tuple(boards)


def berger_table(n: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The whole FIDE table for n players (bye seat n + 1 included for odd n)."""
    return tuple(berger_round(n, r) for r in range(1, _even(n)))


# ---------------------------------------------------------------------------
# Berger numbers


@dataclass(frozen=True)
class BergerDraw:
    """Berger numbers: `order[k - 1]` is the player id with Berger number k.

    `seed` is the lot seed used (None: numbers given by the order passed in).
    """

    order: tuple[int, ...]
    seed: int | None = None

    def number(self, player: int) -> int:
        return self.order.index(player) + 1


def berger_numbers(players: Sequence[int], seed: int | None = None) -> BergerDraw:
    """Berger numbers from the given order, or drawn by lot with `random.Random(seed)`.

    The lot shuffles `players` (taken in the order given) with `Random(seed).shuffle`,
    so the same players in the same order with the same seed give the same draw.
    """
    order = list(players)
    if len(set(order)) != len(order):
        raise IllegalChange("a player appears twice in the round robin")
    if seed is not None:
        random.Random(seed).shuffle(order)
    return BergerDraw(tuple(order), seed)


# ---------------------------------------------------------------------------
# Schedules


@dataclass(frozen=True)
class RRGame:
    """One game of a round: `first` moves first (white)."""

    board: int
    first: int
    second: int


@dataclass(frozen=True)
class RRRound:
    """One round: games in board order and the player with the bye (odd n), if any.

    `cycle` is 1 or 2 (double round robin); `table_round` is the row of the FIDE
    table this round comes from.
    """

    round: int
    games: tuple[RRGame, ...]
    bye: int | None = None
    cycle: int = 1
    table_round: int = 0


def schedule(
    players: Sequence[int] | BergerDraw,
    *,
    double: bool = False,
    swap_last_two: bool = True,
) -> tuple[RRRound, ...]:
    """All rounds of a (double) round robin, players given in Berger-number order.

    `players[k - 1]` gets Berger number k (pass a `BergerDraw` from a lot).
    `swap_last_two` matters only with `double=True` (see the module docstring).
    """
    order = players.order if isinstance(players, BergerDraw) else tuple(players)
    n = len(order)
    if len(set(order)) != n:
        raise IllegalChange("a player appears twice in the round robin")
    size = _even(n)
    m = size - 1
    first_cycle = list(range(1, m + 1))
    if double and swap_last_two and m >= 2:
        first_cycle[-2], first_cycle[-1] = first_cycle[-1], first_cycle[-2]
    plan = [(r, 1) for r in first_cycle]
    if double:
        plan += [(r, 2) for r in range(1, m + 1)]
    out = []
    for number, (table_round, cycle) in enumerate(plan, start=1):
        games: list[RRGame] = []
        bye = None
        for a, b in berger_round(n, table_round):
            if cycle == 2:
                a, b = b, a
            if a > n or b > n:
                bye = order[(b if a > n else a) - 1]
                continue
            games.append(RRGame(len(games) + 1, order[a - 1], order[b - 1]))
        out.append(RRRound(number, tuple(games), bye, cycle, table_round))
    return tuple(out)


# ---------------------------------------------------------------------------
# Withdrawals


@dataclass(frozen=True)
class ScheduledGame:
    """A scheduled game of the round robin and whether it was played over the board.

    `played` is False for a forfeit or a game not (yet) played.
    """

    round: int
    first: int
    second: int
    played: bool


@dataclass(frozen=True)
class WithdrawalRuling:
    """What counts after `player` withdrew.

    `counts[i]` says whether the result of `games[i]` (as passed in) counts in the
    final standings. `annulled` is True when the player's results are annulled.
    `completed` and `scheduled` are the player's played and scheduled games.
    """

    player: int
    completed: int
    scheduled: int
    annulled: bool
    counts: tuple[bool, ...]
    reason: str


def withdrawal_ruling(player: int, games: Iterable[ScheduledGame]) -> WithdrawalRuling:
    """Apply the FIDE round-robin withdrawal rule to `player` (see module docstring).

    `games` is the whole schedule (or at least all of the player's games,
    played or not). Games not involving the player always count.
    """
    games = tuple(games)
    own = [g for g in games if player in (g.first, g.second)]
    if not own:
        raise IllegalChange("player {player} has no games in this round robin", player=player)
    scheduled = len(own)
    completed = sum(1 for g in own if g.played)
    annulled = 2 * completed < scheduled
    counts = tuple(not (annulled and player in (g.first, g.second)) for g in games)
    if annulled:
        reason = (
            f"player {player} completed {completed} of {scheduled} games (under 50 %): "
            "their results stay in the crosstable but do not count in the standings"
        )
    else:
        reason = (
            f"player {player} completed {completed} of {scheduled} games (at least 50 %): "
            "all results count; the unplayed games count as forfeits"
        )
    return WithdrawalRuling(player, completed, scheduled, annulled, counts, reason)
