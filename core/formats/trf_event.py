"""TRF <-> event: import a tournament from a TRF file, export an event's Swiss stage.

An event made from a TRF keeps the TRF's start numbers as player ids and as
pairing numbers (`pairing_order = "id"`). Export writes what the endorsed
engines read back: one `001` line per player in pairing-number order, the
rounds played, the next round's pre-assigned byes, XXR, XXC and 162.
"""

from __future__ import annotations

from dataclasses import replace

from ..errors import FileProblem, IllegalChange
from ..history import histories
from ..model import Event, Game, Player, Round
from ..records import Outcome, PlayerHistory
from ..results import Result
from .trf import TrfPlayer, TrfTournament

_BYES = {Outcome.HALF_BYE: "half", Outcome.ZERO_BYE: "zero", Outcome.FULL_BYE: "full"}
_RESULT = {
    (Outcome.WIN, Outcome.LOSS): Result.FIRST_WINS,
    (Outcome.LOSS, Outcome.WIN): Result.SECOND_WINS,
    (Outcome.DRAW, Outcome.DRAW): Result.DRAW,
    (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS): Result.FORFEIT_FIRST_WINS,
    (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN): Result.FORFEIT_SECOND_WINS,
    (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS): Result.DOUBLE_FORFEIT,
}


def trf_to_event(t: TrfTournament, path: str = "<trf>", name: str = "") -> Event:
    if not t.players:
        raise FileProblem(path, None, "no players (001 lines) in the file")
    played = max((i + 1 for p in t.players for i, r in enumerate(p.records) if r is not None and r.outcome.paired),
                 default=0)
    rounds_total = t.total_rounds or played or 1
    by_id = {p.id: p for p in t.players}
    players = []
    for p in t.players:
        byes = tuple((i + 1, _BYES[r.outcome]) for i, r in enumerate(p.records)
                     if r is not None and r.outcome in _BYES)
        players.append(Player(id=p.id, name=p.name.strip() or f"Player {p.id}", rating=p.rating, federation=p.fed,
                              title=p.title, fide_id=p.fide_id, sex=p.sex, birth=p.birth, byes=byes))
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
            result = _RESULT.get((fr.outcome, sr.outcome))
            if result is None:
                raise FileProblem(path, p.line or None, "round {k}: players {id} and {id2} have results that do not fit together", k=k, id=p.id, id2=q.id)
            games.append(Game(0, first.id, second.id, result))
            done |= {p.id, q.id}
        games += [Game(0, pid, None, Result.BYE) for pid in bye_games]
        rounds.append(Round("swiss", k, tuple(replace(g, board=i) for i, g in enumerate(games, start=1))))
    forbidden = []
    for ids, lo, _hi in t.forbidden:
        if lo is None:
            forbidden += [(a, b) for i, a in enumerate(ids) for b in ids[i + 1:] if a != b]
    colour = t.initial_colour or _infer_colour(rounds) or "w"
    return Event(
        name=name or t.name.strip() or "Imported tournament", rounds_planned=max(rounds_total, played),
        scoring=t.scoring, initial_colour=colour, pairing_order="id", baku=t.baku,
        forbidden=tuple(forbidden), players=tuple(players), rounds=tuple(rounds),
    )


def _infer_colour(rounds: list[Round]) -> str | None:
    """bbpPairings' rule: the first paired player (by number) in the first round fixes it."""
    if not rounds:
        return None
    paired = sorted((pid, i) for i, g in enumerate(rounds[0].games) if g.second is not None for pid in g.players)
    if not paired:
        return None
    pid = paired[0][0]
    g = rounds[0].games[paired[0][1]]
    colour = "w" if g.first == pid else "b"
    # his colour if he is the 1st, 3rd ... of the counted players; the lowest id is the first
    return colour


def event_to_trf(event: Event, table: int | None = None) -> TrfTournament:
    from ..pairing import pairing_numbers

    if event.tables > 1 and table is None:
        raise IllegalChange("the event has {tables} tables: export one with --table", tables=event.tables)
    if event.system != "swiss":
        raise IllegalChange("TRF export covers Swiss events")
    players = pairing_numbers(event, event.table_players(table))
    hist: dict[int, PlayerHistory] = {h.id: h for h in histories(event, "swiss", table)}
    rounds = event.rounds_of("swiss", table)
    complete = len(rounds) if not rounds or not rounds[-1].missing else len(rounds) - 1
    next_round = complete + 1
    ids = [p.id for p in players]
    plain = ids == list(range(1, len(ids) + 1))
    from ..standings import standings

    ranks = {r.id: r.rank for r in standings(event, table=table, after_round=complete)}
    out = []
    for p in players:
        recs = list(hist[p.id].records[:complete])
        if next_round <= event.rounds_planned and not p.available(next_round):
            kind = p.requested_bye(next_round)
            recs.append(_bye_record(kind))
        points = sum((event.scoring.points(r.outcome) for r in recs), start=event.scoring.loss * 0)
        if p.id > 9999:  # columns 5-8 of a 001 line
            raise IllegalChange("player {pid}: a TRF has four columns for a player's number (at most 9999)", pid=p.id)
        if points >= 100 or points < 0 or (points * 10).denominator != 1:  # columns 81-84: one decimal
            raise IllegalChange("player {pid}: {points} points do not fit the TRF's points column "
                                "(one decimal, at most 99.9)", pid=p.id, points=str(points))
        out.append(TrfPlayer(
            id=p.id, name=p.name, rating=p.rating, fed=p.federation, sex=p.sex, title=p.title, fide_id=p.fide_id,
            birth=p.birth, points=points, rank=ranks.get(p.id, 0), records=recs,
        ))
    return TrfTournament(
        name=event.name, players=out, total_rounds=event.rounds_planned, initial_colour=event.initial_colour,
        rank_order=not plain, scoring=event.scoring, system="FIDE_DUTCH_2025_BAKU" if event.baku else "FIDE_DUTCH_2025",
        forbidden=[(tuple(pair), None, None) for pair in event.forbidden],
    )


def _bye_record(kind: str | None):
    from ..records import RoundRecord

    return RoundRecord({"half": Outcome.HALF_BYE, "full": Outcome.FULL_BYE}.get(kind or "", Outcome.ZERO_BYE))
