"""TRF of the knockout top, as a tournament of its own (docs/exports.md "The top and the play-off").

Swiss-Manager and Vega report a knockout as its own tournament, and so does
arbiter: the main TRF of a Swiss-then-top event holds the Swiss stage only
(what the endorsed engines re-pair and `import-trf` reads back), and
`export --what top` writes the top:

* one `001` line per player of the top, the start number being his seed;
* one round block per game: top round r, game g of a match of N games is
  round block (r - 1) * N + g; a player with no game there (a bye, out of
  the top, a game not played yet) has `0000 - Z` (every block written out,
  `core.formats.trf_event`);
* results as played (`1 = 0`, `+ -` forfeits); a result agreed without play
  (704.4) is `W`/`L` (not rated); a technical result at time-out (705.3) is a
  played game;
* the points column is the points of the top games; the rank column the final
  place (the first of a shared range) once known;
* `092 Knockout`, `192 CUSTOM_KNOCKOUT`, `XXR` the round blocks.

The play-off for first place is not written: its games (blitz, armageddon)
are played under another time control and are not rated with the event.
"""

from __future__ import annotations

from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.event.records import Outcome, RoundRecord
from arbiter_tournament.core.knockout import stage as top
from arbiter_tournament.core.formats.trf import TrfPlayer, TrfTournament
from arbiter_tournament.core.formats.trf_lines import clock_date, trf_player
from arbiter_tournament.core.event.systems import Stage

_ABSENT = RoundRecord(Outcome.ABSENT)


def top_to_trf(event: Event) -> TrfTournament:
    from arbiter_tournament.core import knockout as ko

    st = top.state(event)
    if st is None:
        raise IllegalChange("the top has not started")
    seeds = list(st["seeds"])
    number = {pid: k for k, pid in enumerate(seeds, start=1)}
    n = st.get("games_per_match", 1)
    rounds = event.rounds_of(Stage.TOP)
    columns = len(rounds) * n
    recs: dict[int, list[RoundRecord]] = {pid: [_ABSENT] * columns for pid in seeds}
    for rnd in rounds:  # a mini-match has its games in one round: one record per game, not per player
        for g in rnd.games:
            if g.result is None or g.second is None:
                continue
            col = (rnd.number - 1) * n + (g.board - 1) % n
            first, second = g.result.outcomes
            assert second is not None  # a game of two
            tech, agreed = g.result.technical, g.result.agreed
            recs[g.first][col] = RoundRecord(first, number[g.second], "w", tech, agreed)
            recs[g.second][col] = RoundRecord(second, number[g.first], "b", tech, agreed)
    b = top.bracket(event)
    places = {}
    if b is not None:
        swiss_order = None
        if b.config.placings == "swiss-order":
            from arbiter_tournament.core.tiebreaks.standings import standings

            swiss_order = [r.id for t in event.table_ids() for r in standings(event, table=t)]
        places = {pl.player: pl.place for pl in ko.placings(b, swiss_order)}
    out: list[TrfPlayer] = []
    for pid in seeds:
        p = event.player(pid)
        points = sum((event.scoring.points(r.outcome) for r in recs[pid]), start=event.scoring.loss * 0)
        out.append(trf_player(p, number[pid], points, places.get(pid, 0), recs[pid]))
    return TrfTournament(name=event.name, players=out, total_rounds=max(columns, 1), scoring=event.scoring,
                         type_text="Knockout", type_code="CUSTOM_KNOCKOUT")


def column_dates(event: Event) -> list[str]:
    """`132` of the top: each round block (a game) on the day its top round's clock ran, "" if it did not."""

    st = top.state(event)
    n = st.get("games_per_match", 1) if st else 1
    out = []
    for rnd in event.rounds_of(Stage.TOP):
        out += [clock_date(rnd.clock_deadline)] * n
    while out and not out[-1]:
        out.pop()
    return out
