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
XXR, XXC, 162 and the tie-break line 202), a round robin or a team event;
`what="top"` writes the knockout top on its own (`core.formats.trf_top`).
docs/exports.md says what each file holds.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from arbiter.core.errors import FileProblem, IllegalChange
from arbiter.core.event.history import histories
from arbiter.core.event.model import Event, Game, Player, Round
from arbiter.core.event.records import Outcome, PlayerHistory, RoundRecord
from arbiter.core.event.results import Result
from arbiter.core.formats.trf import KNOCKOUT_TYPES, TEAM_ROUND_ROBIN_TYPES, TEAM_SWISS_TYPES, TrfPlayer, TrfTournament

_BYES = {Outcome.HALF_BYE: "half", Outcome.ZERO_BYE: "zero", Outcome.FULL_BYE: "full"}
RESULT = {
    (Outcome.WIN, Outcome.LOSS): Result.FIRST_WINS,
    (Outcome.LOSS, Outcome.WIN): Result.SECOND_WINS,
    (Outcome.DRAW, Outcome.DRAW): Result.DRAW,
    (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS): Result.FORFEIT_FIRST_WINS,
    (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN): Result.FORFEIT_SECOND_WINS,
    (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS): Result.DOUBLE_FORFEIT,
}


# ---------------------------------------------------------------------------
# reading


def trf_to_event(t: TrfTournament, path: str = "<trf>", name: str = "") -> Event:
    """The event a parsed TRF describes (Swiss, round robin or team event); FileProblem when it cannot be one."""
    from arbiter.core.formats import trf_roundrobin, trf_teams

    if not t.players:
        raise FileProblem(path, None, "no players (001 lines) in the file")
    if t.type_code in KNOCKOUT_TYPES:
        raise FileProblem(path, t.type_line, "192 {code}: a knockout TRF cannot be imported (import the TRF of "
                                             "the Swiss stage)", code=t.type_code)
    if t.teams:
        return trf_teams.teams_to_event(t, path, name)
    if t.type_code in TEAM_ROUND_ROBIN_TYPES + TEAM_SWISS_TYPES:
        raise FileProblem(path, t.type_line, "192 {code}: a team tournament, but the file has no teams "
                                             "(310 or 013 lines)", code=t.type_code)
    if trf_roundrobin.is_round_robin(t):
        return trf_roundrobin.roundrobin_to_event(t, path, name)
    return _swiss_to_event(t, path, name)


def player_of(p: TrfPlayer, **more) -> Player:
    """The event's player of a 001 line (id = start number)."""
    return Player(id=p.id, name=p.name.strip() or f"Player {p.id}", rating=p.rating, federation=p.fed,
                  title=p.title, fide_id=p.fide_id, sex=p.sex, birth=p.birth, **more)


def game_result(path: str, p: TrfPlayer, k: int, first: RoundRecord, second: RoundRecord, id2: int) -> Result:
    """The result of a game from the records of its first and second player."""
    result = RESULT.get((first.outcome, second.outcome))
    if result is None:
        raise FileProblem(path, p.line or None, "round {k}: players {id} and {id2} have results that do not fit "
                                                "together", k=k, id=p.id, id2=id2)
    return result


def tiebreaks_of(t: TrfTournament, path: str, *, team: bool) -> tuple[tuple[str, ...], str | None]:
    from arbiter.core.formats.trf_tiebreaks import read_tiebreaks

    return read_tiebreaks(t.tiebreaks, path, t.tiebreaks_line, team=team)


def _swiss_to_event(t: TrfTournament, path: str, name: str) -> Event:
    played = max((i + 1 for p in t.players for i, r in enumerate(p.records) if r is not None and r.outcome.paired),
                 default=0)
    rounds_total = t.total_rounds or played or 1
    by_id = {p.id: p for p in t.players}
    players = []
    for p in t.players:
        byes = tuple((i + 1, _BYES[r.outcome]) for i, r in enumerate(p.records)
                     if r is not None and r.outcome in _BYES)
        players.append(player_of(p, byes=byes))
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
        rounds.append(Round("swiss", k, tuple(replace(g, board=i) for i, g in enumerate(games, start=1))))
    forbidden = []
    for ids, lo, _hi in t.forbidden:
        if lo is None:
            forbidden += [(a, b) for i, a in enumerate(ids) for b in ids[i + 1:] if a != b]
    colour = t.initial_colour or infer_colour(rounds) or "w"
    codes, edition = tiebreaks_of(t, path, team=False)
    return Event(
        name=name or t.name.strip() or "Imported tournament", rounds_planned=max(rounds_total, played),
        scoring=t.scoring, initial_colour=colour, pairing_order="id", baku=t.baku, tiebreaks=codes,
        edition=edition or "fide2024", forbidden=tuple(forbidden), players=tuple(players), rounds=tuple(rounds),
    )


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
    from arbiter.core.formats import trf_roundrobin, trf_teams, trf_top
    from arbiter.core.teams import is_team_event

    if what == "top":
        return trf_top.top_to_trf(event)
    if what not in (None, "", "standings", "main", "swiss", "roundrobin"):
        raise IllegalChange("--what {what}: a TRF export is the main stage (the default) or top", what=what)
    if is_team_event(event):
        return trf_teams.teams_to_trf(event)
    if event.system != "swiss":
        return trf_roundrobin.roundrobin_to_trf(event)
    return _swiss_to_trf(event, table)


def check_fits(number: int, points: Fraction, pid: int | None = None) -> None:
    """A start number and points must fit their columns of the 001 line (5-8, 81-84)."""
    who = number if pid is None else pid
    if number > 9999:  # columns 5-8 of a 001 line
        raise IllegalChange("player {pid}: a TRF has four columns for a player's number (at most 9999)", pid=who)
    if points >= 100 or points < 0 or (points * 10).denominator != 1:  # columns 81-84: one decimal
        raise IllegalChange("player {pid}: {points} points do not fit the TRF's points column "
                            "(one decimal, at most 99.9)", pid=who, points=str(points))


def trf_player(p: Player, number: int, points: Fraction, rank: int, records: list[RoundRecord]) -> TrfPlayer:
    """The 001 line of an event's player, under start number `number`."""
    check_fits(number, points, p.id)
    return TrfPlayer(id=number, name=p.name, rating=p.rating, fed=p.federation, sex=p.sex, title=p.title,
                     fide_id=p.fide_id, birth=p.birth, points=points, rank=rank, records=records)


def _swiss_to_trf(event: Event, table: int | None) -> TrfTournament:
    from arbiter.core.pairing.rounds import pairing_numbers
    from arbiter.core.tiebreaks.standings import standings
    from arbiter.core.formats.trf_tiebreaks import individual_tokens

    if event.tables > 1 and table is None:
        raise IllegalChange("the event has {tables} tables: export one with --table", tables=event.tables)
    players = pairing_numbers(event, event.table_players(table))
    hist: dict[int, PlayerHistory] = {h.id: h for h in histories(event, "swiss", table)}
    rounds = event.rounds_of("swiss", table)
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
    return TrfTournament(
        name=event.name, players=out, total_rounds=event.rounds_planned, initial_colour=event.initial_colour,
        rank_order=not plain, scoring=event.scoring, system="FIDE_DUTCH_2025_BAKU" if event.baku else "FIDE_DUTCH_2025",
        forbidden=[(tuple(pair), None, None) for pair in event.forbidden],
        tiebreaks=individual_tokens(event.tiebreaks, event.edition),
    )


def bye_record(kind: str | None) -> RoundRecord:
    """The next round's pre-assigned bye: half, full, else zero (withdrawn, late, zero bye)."""
    return RoundRecord({"half": Outcome.HALF_BYE, "full": Outcome.FULL_BYE}.get(kind or "", Outcome.ZERO_BYE))
