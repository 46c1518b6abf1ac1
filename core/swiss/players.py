"""What the Dutch system knows of each player before a round is paired: dutch.md
sections 2 (per-player data from the history), 3.1-3.3 (rank order, score groups,
topscorers) and 8 (acceleration). One function per rule; `round_setup` puts them
together.

Points are integers in tenths. A history is the list of a player's records of
rounds 1..r, None for a round he has no record of (not paired).
"""

from __future__ import annotations

from fractions import Fraction

from arbiter_tournament.core.event.records import Outcome, PlayerHistory, RoundRecord
from arbiter_tournament.core.swiss.colours import ColourState, colour_state
from arbiter_tournament.core.swiss.request import PairingRequest


def tenths(v: Fraction) -> int:
    """Points as integer tenths (0.5 -> 5); refuses finer points."""
    t = Fraction(v) * 10
    if t.denominator != 1:
        raise ValueError(f"points {v} are not a multiple of 0.1")
    return int(t)


def points_table(req: PairingRequest) -> dict[Outcome, int]:
    """0: the points of each kind of round, in tenths (the request's scoring)."""
    return {o: tenths(req.scoring.points(o)) for o in Outcome}


def record_points(rec: RoundRecord | None, points: dict[Outcome, int]) -> int:
    """2.1: the points of one round record; a round without a record scores as an absence."""
    return points[Outcome.ABSENT] if rec is None else points[rec.outcome]


# ---------------------------------------------------------------- 2.2 rounds
def rounds_played(players: list[PlayerHistory]) -> int:
    """2.2: the last round in which someone was paired by the engine."""
    r = 0
    for p in players:
        for j, rec in enumerate(p.records, 1):
            if rec.outcome.paired and j > r:
                r = j
    return r


def round_to_pair(players: list[PlayerHistory]) -> int:
    """2.2, with its edge cases: r, the rounds that count as played (the round paired is r + 1).
    A record two rounds ahead makes the blank round before it count as played; when everybody
    already has a record for the next round, that round counts as played too."""
    r = rounds_played(players)
    longest = max((len(p.records) for p in players), default=0)
    r = max(r, longest - 1)
    if players and r < longest and all(len(p.records) > r for p in players):
        r += 1
    return r


def not_paired_now(req: PairingRequest, r: int) -> set[int]:
    """2.2: the players not to pair in round r + 1: those the request names (requested byes,
    absences, withdrawals) and those with a record of that round already."""
    absent = set(req.absent)
    for p in req.players:
        if len(p.records) > r:
            absent.add(p.id)
    return absent


def history(p: PlayerHistory, r: int) -> list[RoundRecord | None]:
    """2.2: the player's records of rounds 1..r, padded with None (not paired)."""
    rs: list[RoundRecord | None] = list(p.records[:r])
    rs.extend([None] * (r - len(rs)))
    return rs


# ------------------------------------------------- 2.3 valid players, numbers
def valid_players(players: list[PlayerHistory], histories: dict, absent: set[int]) -> list[PlayerHistory]:
    """2.3: the players who are paired now or were paired by the engine in an earlier round
    (the others are ignored), in pairing-number order."""
    return [p for p in players if p.id not in absent or any(
        rec is not None and rec.outcome.paired for rec in histories[p.id])]


def effective_numbers(valid: list[PlayerHistory]) -> dict[int, int]:
    """2.3: each valid player's 0-based position among the valid players (the "lower pairing
    number" of every rule, and the parity of colour rule 5)."""
    return {p.id: i for i, p in enumerate(valid)}


# ---------------------------------------------------- 8 acceleration, 2.4 scores
def baku_acceleration(players: list[PlayerHistory], total_rounds: int, win: int, draw: int) -> dict:
    """8: Baku acceleration. Group A, the first ceil(N/2) players of the request (bbpPairings'
    count), get a win's points in the first half of the accelerated rounds 1..ceil(Rt/2) and a
    draw's in the second half; nobody else gets virtual points."""
    group_a = (len(players) + 1) // 2
    accelerated = (total_rounds + 1) // 2
    full = (accelerated + 1) // 2
    return {p.id: {j: (win if j <= full else draw) for j in range(1, accelerated + 1)}
            for p in players[:group_a]}


def acceleration(req: PairingRequest, win: int, draw: int) -> dict[int, dict[int, int]]:
    """8: the virtual points a(p, j) in tenths, {id: {round: points}}: the manual acceleration
    (XXA / 250) when the request gives one, else Baku when asked for, else none."""
    if req.acceleration:
        return {pid: {j: tenths(v) for j, v in rounds.items()} for pid, rounds in req.acceleration.items()}
    if req.baku:
        return baku_acceleration(list(req.players), req.total_rounds, win, draw)
    return {}


def score(hist: list[RoundRecord | None], points: dict) -> int:
    """2.4: S(p), the points of rounds 1..r."""
    return sum(record_points(rec, points) for rec in hist)


def pairing_score_before(hist: list[RoundRecord | None], j: int, points: dict, virtual: dict[int, int]) -> int:
    """2.4: PS_j(p), the pairing score the player had when round j was paired: the points of
    rounds 1..j-1 plus the virtual points of round j."""
    return sum(record_points(rec, points) for rec in hist[:j - 1]) + virtual.get(j, 0)


# --------------------------------------------------- 2.5-2.7 games, colours, floats
def played_colours(hist: list[RoundRecord | None]) -> tuple[str, ...]:
    """2.5: the colours of the played games, oldest first (byes, absences, forfeits skipped)."""
    return tuple(rec.colour for rec in hist
                 if rec is not None and rec.outcome.played and rec.colour is not None)


def colour_preference(hist: list[RoundRecord | None]) -> ColourState:
    """2.6: colour difference, preference and its strength, from the played games."""
    return colour_state(played_colours(hist))


def float_in_round(pid: int, hist: list[RoundRecord | None], j: int, ps_before, points: dict, loss: int) -> int:
    """2.7: the player's float in round j: 1 down, -1 up, 0 none (or no round j). An unplayed
    round is a downfloat when it scored more than a played loss (PAB, full- or half-point bye,
    forfeit win); a played game floats by the two players' pairing scores when it was paired
    (`ps_before(id, j)`, 2.4)."""
    if j < 1:
        return 0
    rec = hist[j - 1]
    if rec is None or not rec.outcome.played:
        return 1 if record_points(rec, points) > loss else 0
    mine, theirs = ps_before(pid, j), ps_before(rec.opponent, j)
    return 1 if mine > theirs else (-1 if mine < theirs else 0)


# ------------------------------------------------------- 3.1-3.3 definitions
def rank_order(to_pair: list[PlayerHistory], pairing_score: dict[int, int], effective: dict[int, int]) -> list[int]:
    """3.1: the ids of the players to pair, highest ranked first: pairing score, then the
    lower effective number."""
    return [p.id for p in sorted(to_pair, key=lambda p: (-pairing_score[p.id], effective[p.id]))]


def is_last_round(r: int, total_rounds: int) -> bool:
    """3.3: the round paired (r + 1) is the last one."""
    return r >= total_rounds - 1


def topscorers(pairing_scores: list[int], r: int, win: int, draw: int, last_round: bool) -> list[bool]:
    """3.3: in the last round only, the players with more than half the maximum possible score
    (their pairing score above floor(r * max(W, D) / 2))."""
    threshold = (r * max(win, draw)) // 2
    return [last_round and v > threshold for v in pairing_scores]
