"""Standings of a stage after any round: points, then the event's tie-breaks.

Until the tie-break engine is wired in, rows are ordered by points, then by
pairing number (rating order), and tied players share a place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .history import histories
from .model import Event


KNOWN_CODES = (
    "PTS", "DE", "WIN", "WON", "BPG", "BWG", "REP", "PS", "BH", "BH-C1", "BH-C2", "BH-M1", "BH-M2", "FB",
    "AOB", "SBH", "SB", "SB-C1", "KS", "ARO", "ARO-C1", "TPR", "TPR-400", "PTP", "APRO", "APPO", "QW", "STD",
    "RTNG", "TPN", "MP", "GP",
)


def check_codes(codes) -> None:
    from .errors import IllegalChange

    for c in codes:
        if c not in KNOWN_CODES and not (c.startswith("PS-C") and c[4:].isdigit()):
            raise IllegalChange(f"unknown tie-break '{c}' (known: {', '.join(KNOWN_CODES)})")


@dataclass(frozen=True)
class Row:
    rank: int
    id: int
    name: str
    table: int | None
    points: Fraction
    tiebreaks: dict[str, Fraction] = field(default_factory=dict)


def completed_rounds(event: Event, stage: str = "swiss", table: int | None = None) -> int:
    tables = event.stage_tables(stage) if table is None else [table]
    return max((len(event.rounds_of(stage, t)) for t in tables), default=0)


def standings(
    event: Event, *, table: int | None = None, after_round: int | None = None, stage: str | None = None,
    codes: tuple[str, ...] | None = None, edition: str | None = None,
) -> list[Row]:
    stage = stage or ("swiss" if event.system == "swiss" else "roundrobin")
    tables = event.stage_tables(stage) if table is None else [table]
    hist = []
    for t in tables:
        hist += histories(event, stage, t, after_round)
    points = {h.id: h.score(event.scoring) for h in hist}
    order = sorted(hist, key=lambda h: (-points[h.id], -h.rating, h.name, h.id))
    rows = []
    for i, h in enumerate(order):
        rank = rows[-1].rank if rows and points[rows[-1].id] == points[h.id] else i + 1
        rows.append(Row(rank, h.id, h.name, event.player(h.id).table, points[h.id]))
    return rows
