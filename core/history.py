"""From stored games to each player's round records (`core.records`).

The pairing engine, the tie-breaks and TRF export all judge a player round
by round; this is the one place that reads the games to say what each round
was for each player.
"""

from __future__ import annotations

from .model import Event, Player, Round
from .records import Outcome, PlayerHistory, RoundRecord

_BYE_OUTCOME = {"half": Outcome.HALF_BYE, "zero": Outcome.ZERO_BYE, "full": Outcome.FULL_BYE}


def round_records(rnd: Round, players: list[Player], *, pending_as_absent: bool = True) -> dict[int, RoundRecord]:
    """Each listed player's record of one round.

    A game without a result yet gives no record unless `pending_as_absent`
    (then ABSENT), so callers that need complete rounds can tell.
    """
    recs: dict[int, RoundRecord] = {}
    for g in rnd.games:
        if g.result is None:
            if pending_as_absent:
                recs[g.first] = RoundRecord(Outcome.ABSENT)
                if g.second is not None:
                    recs[g.second] = RoundRecord(Outcome.ABSENT)
            continue
        first, second = g.result.outcomes
        tech, agreed = g.result.technical, g.result.agreed
        if g.second is None:
            recs[g.first] = RoundRecord(Outcome.PAB)
            continue
        recs[g.first] = RoundRecord(first, g.second, "w", tech, agreed)
        recs[g.second] = RoundRecord(second, g.first, "b", tech, agreed)
    for p in players:
        if p.id not in recs:
            kind = p.requested_bye(rnd.number)
            recs[p.id] = RoundRecord(_BYE_OUTCOME[kind] if kind else Outcome.ABSENT)
    return recs


def histories(
    event: Event, stage: str = "swiss", table: int | None = None, after_round: int | None = None
) -> list[PlayerHistory]:
    """Every player of the stage (and table) with records for rounds 1..after_round."""
    players = event.table_players(table) if stage == "swiss" else list(event.players)
    rounds = event.rounds_of(stage, table)
    if after_round is not None:
        rounds = [r for r in rounds if r.number <= after_round]
    per_round = [round_records(r, players) for r in rounds]
    return [
        PlayerHistory(p.id, p.rating, p.name, tuple(recs[p.id] for recs in per_round)) for p in players
    ]
