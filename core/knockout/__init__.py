"""The knockout "top" after the Swiss stage (seed 000, 704 and 705; rules.md section 2).

Pure functions over frozen dataclasses: no I/O, no clock. Lots are drawn with
`random.Random(seed)` from a seed the caller records. Derived values (winners,
later rounds, placings) are computed from the stored inputs, never stored.

One module per idea of the rules:
    geometry.py       slots, round-1 pairs by seed, the round two seeds meet (704.1)
    qualification.py  the top K from the Swiss tables, ties at the cut, lots (705.1, 704.2)
    seeding.py        straight seeding, the three aims, best seeding (704.2)
    game_result.py    a top game's result as entered (705.3 technical, 704.4 agreed)
    drawn_game.py     705.2: who goes through after a drawn game (`decide_drawn_game`)
    match.py          one match: colours, mini-matches, `decided_by`
    bracket.py        the whole bracket from seeds and results; the boards to play now
    final_places.py   the final places
    stage.py          the top as a stage of an event: started from the Swiss standings, its rounds,
                      the champion and the placings (the pure parts above, read from the file)
    bracket_text.py   the bracket as text, 80 columns (the TUI, the command line, printouts)

What the caller stores, and what it gets back
    * `qualify(tables, size, lot_seed=None) -> Qualification`: the top K from
      each table's ranked rows (`TableRanking`: table number, player ids in rank
      order, the players tied at the cut). Every table sends K / tables players.
    * `straight_seeding(q)` (704.2: table winners in table order, then second
      places, ...) or `best_seeding(q)` (the same, permuted inside each place
      tier to serve the three aims better; tiebreaks.md 13.1) give `Seed`s.
      `aims_report(seeds)` says whether each aim of 704.2 holds.
    * The caller stores the seed order (player ids, seed 1 first), a
      `TopConfig` and the game results of each match, keyed by
      `(round, match)` or `THIRD_PLACE`.
    * `build_bracket(seeds, results, config, points_before_top=...,
      quality_of_wins=...) -> Bracket` derives every match: players, colours,
      games, winner and `decided_by`; `current_boards(bracket)` lists the games
      to play now; `placings(bracket)` the final places.
"""

from __future__ import annotations

from arbiter_tournament.core.lazy import lazy_names
from arbiter_tournament.core.errors import IllegalChange, InvalidResult  # noqa: F401 (given by the package: ko.IllegalChange)

# module -> the names it gives; each loaded when a name of it is first asked for (the TUI's first screen and a
# result on the command line load no seeding and no bracket when the event has no top)
LAZY: dict[str, tuple[str, ...]] = {
    "bracket": ("Board", "Bracket", "ResultsInput", "build_bracket", "current_boards"),
    "drawn_game": ("Decision", "QualityOfWins", "decide_drawn_game"),
    "final_places": ("Placing", "placings"),
    "game_result": ("GameResult",),
    "geometry": ("bracket_slots", "first_round_pairs", "meeting_round"),
    "match": ("DECIDED_BY", "THIRD_PLACE", "Match", "TopConfig", "TopGame"),
    "qualification": ("Qualification", "Qualifier", "TableRanking", "qualify"),
    "seeding": ("AimCheck", "AimsReport", "Seed", "aims_report", "best_seeding", "straight_seeding"),
}
__all__ = [
    "DECIDED_BY",
    "THIRD_PLACE",
    "AimCheck",
    "AimsReport",
    "Board",
    "Bracket",
    "Decision",
    "GameResult",
    "Match",
    "Placing",
    "Qualification",
    "Qualifier",
    "Seed",
    "TableRanking",
    "TopConfig",
    "TopGame",
    "aims_report",
    "best_seeding",
    "bracket_slots",
    "build_bracket",
    "current_boards",
    "decide_drawn_game",
    "first_round_pairs",
    "meeting_round",
    "placings",
    "qualify",
    "straight_seeding",
]

__getattr__, __dir__ = lazy_names(__name__, LAZY, globals())
