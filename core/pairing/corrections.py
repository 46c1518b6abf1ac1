"""A past result corrected after the next round was paired on it.

A Swiss round is paired on the scores and colours of the rounds before it
(dutch.md 1). When a judge corrects a result of an earlier round and the
round paired after it has no result yet, that round was paired on a wrong
score: the judge may take it back and pair it again (Swiss-Manager and Vega
ask the same question). Once a game of it has a result, the round stands:
results are never thrown away by a correction.

`round_paired_on(old, new)` finds such a round after the change `old -> new`;
`take_back(event, round)` is the change that removes it (then the round is
paired again as any next round, outside the lock).
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_tournament.core.event.commands import unpair_round
from arbiter_tournament.core.event.model import Event, Round
from arbiter_tournament.core.event.systems import Stage, System


@dataclass(frozen=True)
class PairedOnOldResult:
    stage: str
    table: int | None
    number: int  # the round to take back (the last of its table)
    corrected: int  # the earlier round whose result changed


def _corrected(was: Round, now: Round) -> bool:
    """A game of `now` has a new result that scores or counts otherwise than
    before (points, played or forfeited: what the pairing reads; 1-0 to 1-0t
    changes nothing), and not just a result cleared."""
    before = {g.board: g for g in was.games}
    for g in now.games:
        old = before.get(g.board)
        if old is None or old.result == g.result or g.result is None:
            continue
        if old.result is None or old.result.outcomes != g.result.outcomes:
            return True
    return False


def round_paired_on(old: Event, new: Event) -> PairedOnOldResult | None:
    """The last Swiss round of a table that was paired on a result `new` corrects.

    Only the main Swiss stage: a round robin does not pair on results, and the
    top advances by its own rules (core.knockout.stage).
    """
    if new.system != System.SWISS:
        return None
    before = {r.key: r for r in old.rounds}
    for table in new.stage_tables(Stage.SWISS):
        rounds = new.rounds_of(Stage.SWISS, table)
        if len(rounds) < 2:
            continue
        last = rounds[-1]
        if any(g.result is not None and g.second is not None for g in last.games):
            continue  # played games of it stand
        old_last = before.get(last.key)
        if old_last is None or old_last.games != last.games:
            continue  # the last round itself was just (re)paired or changed
        for rnd in rounds[:-1]:
            was = before.get(rnd.key)
            if was is not None and was is not rnd and _corrected(was, rnd):
                return PairedOnOldResult(Stage.SWISS, table, last.number, rnd.number)
    return None


def take_back(event: Event, found: PairedOnOldResult) -> Event:
    """Remove the round paired on the old result (it has no result yet)."""
    return unpair_round(event, found.stage, found.table, found.number)
