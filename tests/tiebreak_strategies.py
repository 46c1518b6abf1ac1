"""Shared pieces of the hypothesis strategies for tie-break tests."""

from __future__ import annotations

from core.records import Outcome as O
from core.records import RoundRecord

RESULTS = ["1-0", "0-1", "=", "1-0", "0-1", "=", "+-", "-+", "--"]
OUTCOMES = {
    "1-0": (O.WIN, O.LOSS), "0-1": (O.LOSS, O.WIN), "=": (O.DRAW, O.DRAW),
    "+-": (O.FORFEIT_WIN, O.FORFEIT_LOSS), "-+": (O.FORFEIT_LOSS, O.FORFEIT_WIN),
    "--": (O.FORFEIT_LOSS, O.FORFEIT_LOSS),
}


def pair_pool(draw, st, recs: dict, pool: list) -> None:
    """Pair a shuffled pool two by two with drawn results; an odd one out gets the PAB."""
    pool = draw(st.permutations(pool))
    if len(pool) % 2:
        recs[pool[-1]].append(RoundRecord(O.PAB))
        pool = pool[:-1]
    for a, b in zip(pool[::2], pool[1::2]):
        first, second = OUTCOMES[draw(st.sampled_from(RESULTS))]
        recs[a].append(RoundRecord(first, b, "w"))
        recs[b].append(RoundRecord(second, a, "b"))
