"""Standings of a stage after any round: points, then the event's tie-breaks.

The ranking itself is `core.tiebreaks.ranking.rank` (C.07 art. 2 and 4): this module
chooses the players (a table, or every table together), the rounds, the
codes and the edition from the event, and names the rows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.event.history import histories
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.event.records import PlayerHistory
from arbiter_tournament.core.event.systems import Stage, System, main_stage as system_stage


@dataclass(frozen=True)
class Row:
    rank: int
    id: int
    name: str
    table: int | None
    points: Fraction
    tiebreaks: dict[str, Fraction] = field(default_factory=dict)
    by_lot: bool = False
    shared: bool = False
    tie_group: int | None = None  # players still tied after every tie-break share this number

    def __init__(self, rank: int, id: int, name: str, table: int | None, points: Fraction,
                 tiebreaks: dict[str, Fraction] | None = None, by_lot: bool = False, shared: bool = False,
                 tie_group: int | None = None) -> None:
        # One row per player: the fields set at once, not each through object.__setattr__ (as ranking.Row).
        self.__dict__.update(rank=rank, id=id, name=name, table=table, points=points,
                             tiebreaks={} if tiebreaks is None else tiebreaks, by_lot=by_lot, shared=shared,
                             tie_group=tie_group)


def check_codes(codes) -> None:
    """Every code known (else `UnknownTieBreak` naming it), and at most `limits.TIEBREAKS_MAX` of them."""
    from arbiter_tournament.core.tiebreaks.codes import check

    check(codes)


def completed_rounds(event: Event, stage: str = Stage.SWISS, table: int | None = None) -> int:
    """The last round whose every result is in (of every table, unless one is named)."""
    tables = event.stage_tables(stage) if table is None else [table]
    done = []
    for t in tables:
        n = 0
        for r in event.rounds_of(stage, t):
            if r.missing:
                break
            n = r.number
        done.append(n)
    return min(done, default=0)


def main_stage(event: Event) -> str:
    return system_stage(event.system)


def stage_histories(event: Event, table: int | None, after_round: int | None, stage: str | None = None) -> list[PlayerHistory]:
    stage = stage or main_stage(event)
    tables = event.stage_tables(stage) if table is None else [table]
    hist: list[PlayerHistory] = []
    for t in tables:
        hist += histories(event, stage, t, after_round)
    if stage == Stage.ROUNDROBIN:
        hist = roundrobin_withdrawals(event, hist)
    return hist


def roundrobin_withdrawals(event: Event, hist: list[PlayerHistory]) -> list[PlayerHistory]:
    """FIDE's rule for a player who withdrew from a round robin (core.roundrobin.berger.withdrawal_ruling):
    under half of his games played, his results do not count for anyone."""
    from dataclasses import replace as _replace

    from arbiter_tournament.core.event.records import Outcome, RoundRecord
    from arbiter_tournament.core.roundrobin.berger import ScheduledGame, schedule, withdrawal_ruling

    st = event.stage_state(Stage.ROUNDROBIN)
    gone = [p.id for p in event.players if p.withdrawn_from is not None and p.id in st.get("order", ())] if st else []
    if not st or not gone:
        return hist
    played = {}
    for r in event.rounds_of(Stage.ROUNDROBIN):
        for g in r.games:
            if g.second is not None:
                played[(r.number, frozenset(g.players))] = g.result is not None and g.result.played
    sched = [ScheduledGame(r.round, g.first, g.second, played.get((r.round, frozenset((g.first, g.second))), False))
             for r in schedule(st["order"], double=event.system == System.DOUBLE_ROUNDROBIN) for g in r.games]
    annulled = {pid for pid in gone if withdrawal_ruling(pid, sched).annulled}
    if not annulled:
        return hist
    nothing = RoundRecord(Outcome.ABSENT)
    out = []
    for h in hist:
        if h.id in annulled:
            recs = tuple(nothing for _ in h.records)
        else:
            recs = tuple(nothing if r.opponent in annulled else r for r in h.records)
        out.append(_replace(h, records=recs))
    return out


def tiebreak_context(event: Event, hist: list[PlayerHistory], after: int, stage: str,
                     edition: str | None = None):
    """What the tie-breaks of `stage` read after round `after`: the players, the event's
    scoring and edition, forfeits as games in a round robin (C.07 15.2), and the
    event's setting for unrated players in rating tie-breaks (C.07 art. 10)."""
    from arbiter_tournament.core.tiebreaks import Context, Flags

    return Context.of(hist, scoring=event.scoring, rounds=after, edition=edition or event.edition,
                      system=System.SWISS if stage == Stage.SWISS else System.ROUNDROBIN,
                      flags=Flags(unrated_rating=event.unrated_rating))


def standings(
    event: Event, *, table: int | None = None, after_round: int | None = None, stage: str | None = None,
    codes: tuple[str, ...] | None = None, edition: str | None = None, share_places: bool | None = None,
) -> list[Row]:
    """The standings; `share_places` (default: the event's) True leaves players equal after every
    tie-break on one shared rank, without drawing lots."""
    return standings_and_keys(event, table=table, after_round=after_round, stage=stage, codes=codes,
                              edition=edition, share_places=share_places, keys=False)[0]


def standings_and_keys(
    event: Event, *, table: int | None = None, after_round: int | None = None, stage: str | None = None,
    codes: tuple[str, ...] | None = None, edition: str | None = None, share_places: bool | None = None,
    keys: bool = True,
) -> tuple[list[Row], dict[int, tuple]]:
    """The standings, and each player's key without DE (`ranking_keys`; empty unless `keys`)."""
    from arbiter_tournament.core.tiebreaks.ranking import rank

    stage = stage or main_stage(event)
    after = completed_rounds(event, stage, table) if after_round is None else after_round
    codes = tuple(event.tiebreaks if codes is None else codes)
    check_codes(codes)
    hist = stage_histories(event, table, after, stage)
    ctx = tiebreak_context(event, hist, after, stage, edition)
    rows = rank(ctx, list(codes), lots_seed=event.lots_seed,
                share_places=event.share_places if share_places is None else share_places, drawn=event.lots)
    out = []
    for r in rows:
        p = event.player(r.id)
        out.append(Row(r.rank, r.id, p.name, p.table, r.points, r.tiebreaks, r.by_lot, r.shared, r.tie_group))
    return out, (ranking_keys(ctx, codes) if keys else {})


def ranking_keys(ctx, codes) -> dict[int, tuple]:
    """Each player's key of the ranking but DE: (points, then each other code's sort key), larger is better.

    What players of different tables are compared by (they never met: DE, a
    comparison within a tied group, says nothing between them)."""
    from arbiter_tournament.core.tiebreaks import lookup

    cols = [lookup(c).sort_keys(ctx) for c in codes if lookup(c).code != "DE"]
    return {pid: (ctx.iscore[pid], *(col[pid] for col in cols)) for pid in ctx.ids}


def explain_text(event: Event, pid: int, *, table: int | None = None, after_round: int | None = None,
                 codes: list[str] | None = None, edition: str | None = None, lang: str = "en",
                 compact: bool = False) -> str:
    """How each tie-break value of player `pid` is made, as text in `lang` ("en" or "ru"); `compact`: columns as
    wide as each tie-break needs (the TUI's 80 columns)."""
    from arbiter_tournament.core.tiebreaks.explain import explain_player, render_explain

    if not event.has_player(pid):
        raise IllegalChange("no player with id {pid}", pid=pid)
    stage = main_stage(event)
    after = completed_rounds(event, stage, table) if after_round is None else after_round
    codes = list(event.tiebreaks if codes is None else codes)
    check_codes(codes)
    hist = stage_histories(event, table, after, stage)
    expl = explain_player(tiebreak_context(event, hist, after, stage, edition), pid, codes)
    return render_explain(expl, lang=lang, compact=compact)
