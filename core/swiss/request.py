"""Input and output of one Dutch pairing: `PairingRequest` (with its `SearchOptions`) and `Pairing`."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from arbiter_tournament.core.event.records import PlayerHistory, Scoring


@dataclass(frozen=True)
class SearchOptions:
    """How the engine searches; never what it finds. Every setting gives the same pairing (the
    tests compare them): they choose between exact ways to the same answer, for speed or to
    cross-check the ways against each other.

    `budget_scale` multiplies the node budgets of the bracket's ordered searches (dutch.md 10.3,
    step 5): 0 sends every bracket at once to the exact weighted matchings, a huge value lets
    the ordered search decide alone (its slowest exact path). `tight_transpositions`: step 9.4 h
    read from the tight edges of one matching (False: one weighted matching per player, as
    bbpPairings does). `warm_start`: each weighted matching of a bracket starts from the duals
    of the previous one (False: every one from scratch). `descriptor_limit`: a budgeted search
    gives up an exchange level with more descriptors than this (the matchings decide)."""

    budget_scale: int = 1
    tight_transpositions: bool = True
    warm_start: bool = True
    descriptor_limit: int = 400_000


@dataclass
class PairingRequest:
    """Everything the Dutch engine needs to pair the next round.

    `players` are in pairing-number order, each with one record per round 1..r
    (shorter histories are padded with "not paired"). `absent` lists the ids not
    to be paired this round (requested byes, absences, withdrawals).
    `acceleration` (manual, XXA/250) maps id -> {round: virtual points}; when it
    is given, Baku is not applied.
    """

    players: list[PlayerHistory]
    total_rounds: int
    absent: set[int] = field(default_factory=set)
    scoring: Scoring = field(default_factory=Scoring)
    initial_colour: str | None = "w"  # colour of pairing number 1 in round 1
    forbidden: set[frozenset[int]] = field(default_factory=set)
    baku: bool = False
    acceleration: dict[int, dict[int, Fraction]] | None = None
    # pairs the judge allows to meet again (C1 relaxed for them only: "no legal pairing")
    allow_rematch: set[frozenset[int]] = field(default_factory=set)
    search: SearchOptions = SearchOptions()  # how the engine searches (the same pairing with any)


@dataclass
class Pairing:
    """Boards (white id, black id) in board order, the PAB id, and explanations (`reasons`: the same, to translate)."""

    round: int
    boards: list[tuple[int, int]]
    bye: int | None = None
    explanation: list[str] = field(default_factory=list)  # one line per board, then the bye
    # the same reasons as core.msg.i18n messages (without "board N: "), to say them in any language
    reasons: list = field(default_factory=list)

    def bbp_text(self) -> str:
        """The output of `bbpPairings --dutch ... -p`."""
        lines = [f"{w} {b}" for w, b in self.boards]
        if self.bye is not None:
            lines.append(f"{self.bye} 0")
        return "\n".join([str(len(lines))] + lines) + "\n"
