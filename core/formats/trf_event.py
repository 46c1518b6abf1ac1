"""TRF <-> event: import a tournament from a TRF file, export an event for FIDE.

`trf_to_event` reads any TRF arbiter understands into an event: a Swiss (the
start numbers are the player ids and pairing numbers, `pairing_order =
"id"`), a round robin (`core.formats.trf_roundrobin`) or a team event, Swiss
or round robin (`core.formats.trf_teams`). What the file is comes from its
records: a team section (`310` or `013`) makes a team event, the type of
tournament (`192` `FIDE_ROUNDROBIN` ..., or `092` text naming a round robin)
a round robin; anything else is a Swiss.

`event_to_trf` writes the event's main stage the way rating officers and the
endorsed engines read it: a Swiss stage (one table; its 001 lines in
pairing-number order, the rounds played, the next round's pre-assigned byes,
XXR, XXC, 162, XXP, XXZ and the tie-break line 202), a round robin or a team
event; `what="top"` writes the knockout top on its own
(`core.formats.trf_top`). Whatever the kind, every round of every line is
written out (a round without a game is `0000 - Z`, never a blank block) and
the header of the rating report (012 to 132) comes from the event's details
(`core.event.details`). docs/exports.md says what each file holds. What
every kind shares (a player's 001 line, a game's result, a bye) is in
`core.formats.trf_lines`.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from arbiter_tournament.core.errors import Advice, FileProblem, IllegalChange
from arbiter_tournament.core.event.history import histories
from arbiter_tournament.core.event.model import Event, Game, Player, Round
from arbiter_tournament.core.event.records import KIND_OF_BYE, Outcome, PlayerHistory, RoundRecord
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.formats.trf import (
    KNOCKOUT_TYPES,
    TEAM_ROUND_ROBIN_TYPES,
    TEAM_SWISS_TYPES,
    TrfReport,
    TrfTournament,
)
from arbiter_tournament.core.formats import trf_roundrobin, trf_teams, trf_top
from arbiter_tournament.core.formats.trf_lines import bye_record, clock_date, game_result, player_of, tiebreaks_of, trf_player
from arbiter_tournament.core.event.systems import DEFAULT_PAIRING, Stage, System, main_stage, pairing_of_trf, pairing_system



# ---------------------------------------------------------------------------
# reading


def trf_to_event(t: TrfTournament, path: str = "<trf>", name: str = "") -> Event:
    """The event a parsed TRF describes (Swiss, round robin or team event); FileProblem when it cannot be one."""
    if not t.players:
        raise FileProblem(path, None, "no players (001 lines) in the file")
    if t.type_code in KNOCKOUT_TYPES:
        raise FileProblem(path, t.type_line, "192 {code}: a knockout TRF cannot be imported (import the TRF of "
                                             "the Swiss stage)", code=t.type_code)
    if t.teams:
        return details_of(t, trf_teams.teams_to_event(t, path, name))
    if t.type_code in TEAM_ROUND_ROBIN_TYPES + TEAM_SWISS_TYPES:
        raise FileProblem(path, t.type_line, "192 {code}: a team tournament, but the file has no teams "
                                             "(310 or 013 lines)", code=t.type_code)
    if trf_roundrobin.is_round_robin(t):
        return details_of(t, trf_roundrobin.roundrobin_to_event(t, path, name))
    return details_of(t, _swiss_to_event(t, path, name))


def details_of(t: TrfTournament, event: Event) -> Event:
    """The event with the details of the file's header (022 to 132). None of them is needed to pair
    or rank, so a value the event cannot hold (a federation that is not three letters, an end before
    the start) is left out rather than refusing the file."""
    from arbiter_tournament.core.event.details import set_details

    r = t.report
    for attr, value in (("city", r.city), ("federation", r.federation), ("chief_arbiter", r.chief_arbiter),
                        ("deputy_arbiters", r.deputies), ("time_control", r.time_control),
                        ("round_dates", r.round_dates), ("start", r.start), ("end", r.end)):
        if value:
            try:
                event = set_details(event, **{attr: value})
            except IllegalChange:
                continue
    return event


def _swiss_to_event(t: TrfTournament, path: str, name: str) -> Event:
    played = max((i + 1 for p in t.players for i, r in enumerate(p.records) if r is not None and r.outcome.paired),
                 default=0)
    rounds_total = t.total_rounds or played or 1
    by_id = {p.id: p for p in t.players}
    players = []
    for p in t.players:
        withdrawn = withdrawn_from(p.records, played) if p.id in t.withdrawn else None
        byes = tuple((i + 1, KIND_OF_BYE[r.outcome]) for i, r in enumerate(p.records)  # Z: a zero-point bye, the
                     if r.outcome in KIND_OF_BYE  # absence stored with the player (a later pairing leaves him out)
                     and not (withdrawn is not None and i + 1 >= withdrawn and r.outcome is Outcome.ZERO_BYE))
        players.append(player_of(p, path, byes=byes, withdrawn_from=withdrawn))
    for rnd, ids in t.absences.items():
        for pid in ids:
            if pid in by_id and rnd > played:
                players = [replace(x, byes=tuple(sorted(x.byes + ((rnd, "zero"),)))) if x.id == pid else x for x in players]
    rounds = []
    for k in range(1, played + 1):
        games: list[Game] = []
        done: set[int] = set()
        bye_games = []
        for p in t.ordered_players():
            r = p.records[k - 1] if k - 1 < len(p.records) else None
            if r is None or p.id in done:
                continue
            if r.outcome is Outcome.PAB:
                bye_games.append(p.id)
                done.add(p.id)
                continue
            if not r.outcome.has_opponent:
                continue
            q = by_id.get(r.opponent)
            qr = q.records[k - 1] if q and k - 1 < len(q.records) else None
            if q is None or qr is None or qr.opponent != p.id:
                raise FileProblem(path, p.line or None, "round {k}: players {id} and {opponent} do not agree on their game", k=k, id=p.id, opponent=r.opponent)
            first, second = (p, q) if r.colour != "b" else (q, p)
            fr = r if first is p else qr
            sr = qr if first is p else r
            result = game_result(path, p, k, fr, sr, q.id)
            games.append(Game(0, first.id, second.id, result))
            done |= {p.id, q.id}
        games += [Game(0, pid, None, Result.BYE) for pid in bye_games]
        rounds.append(Round(Stage.SWISS, k, tuple(replace(g, board=i) for i, g in enumerate(games, start=1))))
    forbidden = []
    for ids, lo, _hi in t.forbidden:
        if lo is None:
            forbidden += [(a, b) for i, a in enumerate(ids) for b in ids[i + 1:] if a != b]
    colour = t.initial_colour or infer_colour(rounds) or "w"
    codes, edition = tiebreaks_of(t, path, team=False)
    order = [p.id for p in t.ordered_players()]
    by_file = order != sorted(order)  # XXC rank: the file's order is the ranking, kept as the table's order
    event = Event(
        name=name or t.name.strip() or "Imported tournament", rounds_planned=max(rounds_total, played),
        scoring=t.scoring, initial_colour=colour, pairing_order="rating" if by_file else "id", baku=t.baku,
        pairing=DEFAULT_PAIRING if t.baku else pairing_of_trf(t.system),
        tiebreaks=codes, edition=edition or "fide2024", forbidden=tuple(forbidden), players=tuple(players),
        rounds=tuple(rounds), extra=((Stage.SWISS, {"order": {"1": order}}),) if by_file else (),
    )
    if t.acceleration and not t.baku:  # XXA lines that are Baku's, as arbiter writes them for 3-1-0 points
        baku = replace(event, baku=True)
        if baku_points(baku, order) == t.acceleration:
            event = baku
    return event


def withdrawn_from(records: list[RoundRecord], played: int) -> int:
    """The round a player of `XXZ` withdrew from: the first absence (`Z`, or a blank block) of the
    rounds without a game that end his line (a zero-point bye he asked for before may be among them;
    a bye that gave points, `H` or `F`, was not an absence: a withdrawn player gets none), else the
    round after the file's last."""
    first = max(len(records), played) + 1
    for k in range(len(records), 0, -1):
        outcome = records[k - 1].outcome
        if outcome.paired or outcome in (Outcome.HALF_BYE, Outcome.FULL_BYE):
            break
        if outcome in (Outcome.ZERO_BYE, Outcome.ABSENT):
            first = k
    return first


def infer_colour(rounds: list[Round]) -> str | None:
    """bbpPairings' rule: the first paired player (by number) in the first round fixes it."""
    if not rounds:
        return None
    paired = sorted((pid, i) for i, g in enumerate(rounds[0].games) if g.second is not None for pid in g.players)
    if not paired:
        return None
    pid = paired[0][0]
    g = rounds[0].games[paired[0][1]]
    return "w" if g.first == pid else "b"


# ---------------------------------------------------------------------------
# writing


def event_to_trf(event: Event, table: int | None = None, what: str | None = None) -> TrfTournament:
    """The TRF of the event's main stage (Swiss table, round robin or team event), or of its top
    (`what="top"`); IllegalChange when there is nothing to write or it does not fit the columns."""
    from arbiter_tournament.core.teams import is_team_event

    if what == Stage.TOP:
        t = trf_top.top_to_trf(event)
        return _report(event, _explicit(t), trf_top.column_dates(event))
    if what not in (None, "", "standings", "main", Stage.SWISS, Stage.ROUNDROBIN):
        raise IllegalChange("--what {what}: a TRF export is the main stage (the default) or top", what=what)
    stage = main_stage(event.system)
    if is_team_event(event):
        t = trf_teams.teams_to_trf(event)
    elif event.system != System.SWISS:
        t = trf_roundrobin.roundrobin_to_trf(event)
    else:
        t = _swiss_to_trf(event, table)
    return _report(event, _explicit(t), round_dates(event, stage, table if stage == Stage.SWISS else None))


def _explicit(t: TrfTournament) -> TrfTournament:
    """Every round of every line written out: a round without a game (a late entry's rounds before
    he came, a withdrawn player's after he left, a player not paired) is `0000 - Z`, the code
    TRF-16 and TRF-2026 give a known absence (a blank block means the same to them, but a reader
    that cuts a line's trailing blank blocks would take the withdrawn player as present)."""
    z = RoundRecord(Outcome.ZERO_BYE)
    for p in t.players:
        p.records = [z if r.outcome is Outcome.ABSENT else r for r in p.records]
    return t


def _report(event: Event, t: TrfTournament, dates: list[str]) -> TrfTournament:
    """The header of the rating report from the event's details (docs/exports.md)."""
    t.report = TrfReport(city=event.city, federation=event.federation, start=event.start, end=event.end,
                         chief_arbiter=event.chief_arbiter, deputies=list(event.deputy_arbiters),
                         time_control=event.time_control, round_dates=dates)
    return t


def round_dates(event: Event, stage: str, table: int | None) -> list[str]:
    """The date of each round of the stage, 1 to the rounds planned: as the event says
    (`round_dates`), else the day its round clock ran (the table's round, else any table's),
    else, in an event of one day, that day; "" when none of them says."""
    from arbiter_tournament.core.event.details import round_date

    rounds = event.rounds_of(stage, table)
    n = max([event.rounds_planned, len(event.round_dates)] + [r.number for r in rounds])
    one_day = event.start if event.start and event.end in ("", event.start) else ""
    clocks: dict[int, str] = {}
    for r in sorted(event.rounds, key=lambda r: r.table != table):  # the table's own round first
        if r.stage == stage and r.clock_deadline and r.number not in clocks:
            clocks[r.number] = clock_date(r.clock_deadline)
    out = [round_date(event, k) or clocks.get(k, "") or one_day for k in range(1, n + 1)]
    while out and not out[-1]:
        out.pop()
    return out


def _swiss_to_trf(event: Event, table: int | None) -> TrfTournament:
    from arbiter_tournament.core.pairing.rounds import pairing_numbers
    from arbiter_tournament.core.tiebreaks.standings import standings
    from arbiter_tournament.core.formats.trf_tiebreaks import individual_tokens

    if event.tables > 1 and table is None:
        raise IllegalChange("the event has {tables} tables", tables=event.tables,
                            advice=Advice.of("choose_table", tables=event.tables, what="export"))
    players = pairing_numbers(event, event.table_players(table))
    hist: dict[int, PlayerHistory] = {h.id: h for h in histories(event, Stage.SWISS, table)}
    rounds = event.rounds_of(Stage.SWISS, table)
    complete = len(rounds) if not rounds or not rounds[-1].missing else len(rounds) - 1
    next_round = complete + 1
    ids = [p.id for p in players]
    plain = ids == list(range(1, len(ids) + 1))
    ranks = {r.id: r.rank for r in standings(event, table=table, after_round=complete)}
    out = []
    for p in players:
        recs = list(hist[p.id].records[:complete])
        if next_round <= event.rounds_planned and not p.available(next_round):
            recs.append(bye_record(p.requested_bye(next_round)))
        points = sum((event.scoring.points(r.outcome) for r in recs), start=event.scoring.loss * 0)
        out.append(trf_player(p, p.id, points, ranks.get(p.id, 0), recs))
    sc = event.scoring
    baku_coded = event.baku and sc.loss == 0 and sc.win == 2 * sc.draw  # what 192 _BAKU can say (dutch.md 8)
    return TrfTournament(
        name=event.name, players=out, total_rounds=event.rounds_planned, initial_colour=event.initial_colour,
        rank_order=not plain, scoring=event.scoring,
        system=pairing_system(event.pairing).trf_code + ("_BAKU" if baku_coded else ""),
        acceleration=baku_points(event, ids) if event.baku and not baku_coded else {},
        forbidden=forbidden_groups(event, players),
        tiebreaks=individual_tokens(event.tiebreaks, event.edition), type_text=swiss_type(event, table),
        withdrawn=[p.id for p in players if p.withdrawn_from is not None and p.withdrawn_from <= next_round
                   and p.withdrawn_from <= event.rounds_planned],
    )


def forbidden_groups(event: Event, players: list[Player]) -> list[tuple[tuple[int, ...], None, None]]:
    """`XXP` lines: each pair that must not meet, then the members of each club whose members must not
    meet each other (one line a club: any two of it), of the players written."""
    ids = {p.id for p in players}
    out = [(tuple(pair), None, None) for pair in event.forbidden if set(pair) <= ids]
    for club in event.forbidden_clubs:
        members = tuple(p.id for p in players if p.club == club)
        if len(members) >= 2:
            out.append((members, None, None))
    return out


def baku_points(event: Event, ids: list[int]) -> dict[int, dict[int, Fraction]]:
    """Baku acceleration as `XXA` lines, for a point system that `192 ..._BAKU` cannot carry (the engines
    refuse it unless a win is two draws and a loss 0): the virtual points the Dutch engine gives, a win
    then a draw in the first half of the rounds to the first half of the players (dutch.md section 8)."""
    sc = event.scoring
    a_rounds = (event.rounds_planned + 1) // 2
    full = (a_rounds + 1) // 2
    return {pid: {j: (sc.win if j <= full else sc.draw) for j in range(1, a_rounds + 1)}
            for pid in ids[:(len(ids) + 1) // 2]}


def swiss_type(event: Event, table: int | None) -> str:
    """`092` of a Swiss table: the system, and which table of how many."""
    text = "Swiss system (FIDE Dutch, Baku acceleration)" if event.baku else "Swiss system (FIDE Dutch)"
    return f"{text}, table {table} of {event.tables}" if table is not None and event.tables > 1 else text
