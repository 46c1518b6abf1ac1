"""From stored games to each player's round records (`core.event.records`).

The pairing engine, the tie-breaks and TRF export all judge a player round
by round; this is the one place that reads the games to say what each round
was for each player.
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm

from arbiter_tournament.core.event.model import Event, Player, Round
from arbiter_tournament.core.event.records import BYE_OF_KIND, Outcome, PlayerHistory, RoundRecord
from arbiter_tournament.core.event.systems import Stage



_ABSENT = RoundRecord(Outcome.ABSENT)
# Rounds are immutable and shared between versions of an event: the records of
# their games are kept by identity (as the file writer keeps their text).
_CACHE: dict[int, tuple[Round, dict[int, RoundRecord]]] = {}
_CACHE_MAX = 4096


def clear_caches() -> None:
    """Forget the rounds' records kept (a long-running reader let go of a big event: the web view)."""
    _CACHE.clear()


def round_records(rnd: Round, players: list[Player], *, pending_as_absent: bool = True) -> dict[int, RoundRecord]:
    """Each listed player's record of one round (and of everyone in its games).

    A game without a result yet gives no record unless `pending_as_absent`
    (then ABSENT), so callers that need complete rounds can tell.
    """
    if pending_as_absent:
        hit = _CACHE.get(id(rnd))
        if hit is not None and hit[0] is rnd:
            games = hit[1]
        else:
            games = _game_records(rnd, True)
            if len(_CACHE) >= _CACHE_MAX:
                _CACHE.clear()
            _CACHE[id(rnd)] = (rnd, games)
        recs = dict(games)
    else:
        recs = _game_records(rnd, False)
    for p in players:
        if p.id not in recs:
            kind = p.requested_bye(rnd.number) if p.byes and not _withdrawn(p, rnd.number) else None
            recs[p.id] = RoundRecord(BYE_OF_KIND[kind]) if kind else _ABSENT
    return recs


def _withdrawn(p: Player, round_no: int) -> bool:
    """Gone by this round: a bye he had asked for a round after his withdrawal gives him nothing
    (he is absent there, C.07 16: a withdrawal's rounds are unplayed, with no points)."""
    return p.withdrawn_from is not None and round_no >= p.withdrawn_from


def _game_records(rnd: Round, pending_as_absent: bool) -> dict[int, RoundRecord]:
    recs: dict[int, RoundRecord] = {}
    for g in rnd.games:
        if g.result is None:
            if pending_as_absent:
                recs[g.first] = _ABSENT
                if g.second is not None:
                    recs[g.second] = _ABSENT
            continue
        first, second = g.result.outcomes
        tech, agreed = g.result.technical, g.result.agreed
        if g.second is None:
            recs[g.first] = RoundRecord(Outcome.PAB)
            continue
        assert second is not None  # a game of two: only the bye's result has no second outcome
        recs[g.first] = RoundRecord(first, g.second, "w", tech, agreed)
        recs[g.second] = RoundRecord(second, g.first, "b", tech, agreed)
    return recs


def histories(
    event: Event, stage: str = Stage.SWISS, table: int | None = None, after_round: int | None = None
) -> list[PlayerHistory]:
    """Every player of the stage (and table) with records for rounds 1..after_round."""
    players = event.table_players(table) if stage == Stage.SWISS else list(event.players)
    rounds = event.rounds_of(stage, table)
    if after_round is not None:
        rounds = [r for r in rounds if r.number <= after_round]
    per_round = [round_records(r, players) for r in rounds]
    return [
        PlayerHistory(p.id, p.rating, p.name, tuple(recs[p.id] for recs in per_round)) for p in players
    ]


def scores(
    event: Event, stage: str = Stage.SWISS, table: int | None = None, after_round: int | None = None
) -> dict[int, Fraction]:
    """Each player of the stage (and table) with his points after rounds 1..after_round: what `histories` and
    `PlayerHistory.score(event.scoring)` give (the same records: a pending game, a late entry and a withdrawal
    score as ABSENT, a requested bye as its kind), read straight from the games, in whole multiples of the
    scoring's smallest part. The round panel of a 1000-player event shows them at once; the records themselves
    are made when something needs them (tests/core/test_scores.py holds the two equal)."""
    players = event.table_players(table) if stage == Stage.SWISS else list(event.players)
    value = {o: event.scoring.points(o) for o in Outcome}
    unit = lcm(*(v.denominator for v in value.values()))
    n = {o: int(v * unit) for o, v in value.items()}  # each outcome's points in units
    absent, pab = n[Outcome.ABSENT], n[Outcome.PAB]
    total = dict.fromkeys((p.id for p in players), 0)
    for rnd in event.rounds_of(stage, table):
        if after_round is not None and rnd.number > after_round:
            continue
        got: dict[int, int] = {}
        for g in rnd.games:
            if g.result is None:
                got[g.first] = absent
                if g.second is not None:
                    got[g.second] = absent
            elif g.second is None:
                got[g.first] = pab
            else:
                first, second = g.result.outcomes
                assert second is not None  # a game of two
                got[g.first], got[g.second] = n[first], n[second]
        for p in players:
            x = got.get(p.id)
            if x is None:
                kind = p.requested_bye(rnd.number) if p.byes and not _withdrawn(p, rnd.number) else None
                x = n[BYE_OF_KIND[kind]] if kind else absent
            total[p.id] += x
    return {pid: Fraction(x, unit) for pid, x in total.items()}
