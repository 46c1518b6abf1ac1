"""TRF of a round robin or double round robin (FIDE C.05 Annex 1 Berger tables): write and read.

Writing (`roundrobin_to_trf`), docs/exports.md "TRF of a round robin":

* the start number of each player is his Berger number (`[roundrobin]
  order`); players left out of the round robin before round 1 have no line;
* every complete round as played: opponent, colour (as played, so a colour
  the judge swapped stays swapped) and result; the bye of an odd field (the
  Berger table's bye seat) is `0000 - Z`, worth nothing and no game (as the
  FIDE TEC reads it: `U` would count as a round played), or the bye the
  judge gave for it (`H`, `F`);
* a withdrawn player (docs/roundrobin.md "Withdrawals"): his games from the
  round he withdrew are forfeits (`-`, the opponent `+`), as the event enters
  them; while rounds remain, his line has the next round's block `0000 - Z`
  (not to be paired), the pre-assigned absence of the endorsed engines; and
  `XXZ` lists the withdrawn players (the FIDE TEC reads it as "not present").
  His results stay on the lines as played, for rating, even when under half
  of his games were played; the rank column is the standings' rank (the
  points column is the sum of the line, for every reader);
* `092 Round robin` / `092 Double round robin`, `192 FIDE_ROUNDROBIN` /
  `FIDE_DOUBLEROUNDROBIN`, `XXR` the rounds of the schedule, `162` and the
  tie-break line `202`.

Reading (`roundrobin_to_event`): the player ids are the start numbers. The
Berger numbers are the start numbers when the rounds follow the FIDE table
for them (every file arbiter writes); otherwise they are told from the rounds
(a file numbering its players by rating) and kept as `[roundrobin] order`.
A round that no numbering explains is refused at its line. The players in
`XXZ` withdrew, from the first of the forfeit losses that end their line (a
bye seat just before them included), else from the round after the file's
last; C.05's rule then applies to them as in the event. A line ending in
forfeits without `XXZ` is a player who lost those games by forfeit.
"""

from __future__ import annotations

from dataclasses import replace

from arbiter_tournament.core.errors import FileProblem, IllegalChange, Msg
from arbiter_tournament.core.event.history import histories
from arbiter_tournament.core.event.model import Event, Game, Round
from arbiter_tournament.core.event.records import KIND_OF_BYE, Outcome, RoundRecord
from arbiter_tournament.core.roundrobin.berger import RRRound, rounds_count, schedule
from arbiter_tournament.core.formats.trf import ROUND_ROBIN_TYPES, TEAM_ROUND_ROBIN_TYPES, TrfPlayer, TrfTournament
from arbiter_tournament.core.formats.trf_lines import bye_record, game_result, player_of, tiebreaks_of, trf_player
from arbiter_tournament.core.event.systems import Stage, System



def is_round_robin(t: TrfTournament) -> bool:
    """The file says it is a round robin: 192 (FIDE_ROUNDROBIN ...), else 092 naming one."""
    if t.type_code:
        return t.type_code in ROUND_ROBIN_TYPES + TEAM_ROUND_ROBIN_TYPES
    text = t.type_text.upper()
    return "SWISS" not in text and ("ROBIN" in text or "BERGER" in text)


def is_double(t: TrfTournament) -> bool:
    return "DOUBLE" in (t.type_code or t.type_text.upper())


def type_lines(double: bool, team: bool) -> tuple[str, str]:
    """(092 text, 192 code) of a round robin."""
    if team:
        return (("Team double round robin", "FIDE_TEAM_DOUBLEROUNDROBIN") if double else
                ("Team round robin", "FIDE_TEAM_ROUNDROBIN"))
    return ("Double round robin", "FIDE_DOUBLEROUNDROBIN") if double else ("Round robin", "FIDE_ROUNDROBIN")


# ---------------------------------------------------------------------------
# writing


def berger_order(event: Event) -> tuple[int, ...]:
    """Player ids by Berger number: as fixed at round 1, else as the pairing would fix them (by id)."""
    st = event.stage_state(Stage.ROUNDROBIN)
    if st and st.get("order"):
        return tuple(st["order"])
    return tuple(p.id for p in sorted(event.players, key=lambda p: p.id) if p.withdrawn_from is None)


def roundrobin_to_trf(event: Event) -> TrfTournament:
    from arbiter_tournament.core.tiebreaks.standings import completed_rounds, standings
    from arbiter_tournament.core.formats.trf_tiebreaks import individual_tokens

    double = event.system == System.DOUBLE_ROUNDROBIN
    order = berger_order(event)
    if len(order) < 2:
        raise IllegalChange("a round robin needs at least 2 players, not {n}", n=len(order))
    number = {pid: k for k, pid in enumerate(order, start=1)}
    sched = schedule(order, double=double)
    complete = completed_rounds(event, Stage.ROUNDROBIN)
    for rnd in event.rounds_of(Stage.ROUNDROBIN)[:complete]:
        for g in rnd.games:
            for pid in g.players:
                if pid not in number:
                    raise IllegalChange("player {pid} plays in round {r} of the round robin but has no Berger "
                                        "number", pid=pid, r=rnd.number)
    hist = {h.id: h for h in histories(event, Stage.ROUNDROBIN, None, complete)}
    ranks = {r.id: r.rank for r in standings(event, after_round=complete)} if complete else {}  # no rank by lot alone
    scoring = event.scoring
    out: list[TrfPlayer] = []
    for pid in order:
        p = event.player(pid)
        recs: list[RoundRecord] = []
        for r, rec in enumerate(hist[pid].records, start=1):
            if rec.outcome.has_opponent:
                recs.append(replace(rec, opponent=number[rec.opponent_id]))
            elif rec.outcome is Outcome.ABSENT and sched[r - 1].bye == pid:
                recs.append(RoundRecord(Outcome.ZERO_BYE))  # 0000 - Z: the bye seat, nothing scored
            else:
                recs.append(rec)
        if complete < len(sched) and p.withdrawn_from is not None and p.withdrawn_from <= complete + 1 \
                and sched[complete].bye != pid:
            recs.append(bye_record(None))  # 0000 - Z: not to be paired in the next round
        points = sum((scoring.points(r.outcome) for r in recs), start=scoring.loss * 0)
        out.append(trf_player(p, number[pid], points, ranks.get(pid, 0), recs))
    text, code = type_lines(double, team=False)
    return TrfTournament(
        name=event.name, players=out, total_rounds=len(sched), scoring=scoring,
        withdrawn=[number[pid] for pid in order if event.player(pid).withdrawn_from is not None],
        type_text=text, type_code=code, tiebreaks=individual_tokens(event.tiebreaks, event.edition),
    )


# ---------------------------------------------------------------------------
# reading


def _rounds_in_file(t: TrfTournament) -> int:
    return max((j for p in t.players for j, rec in enumerate(p.records, 1) if rec.outcome.has_opponent), default=0)


def _record(p: TrfPlayer, r: int) -> RoundRecord:
    return p.records[r - 1] if r <= len(p.records) else RoundRecord(Outcome.ABSENT)


def file_pairs(units: dict[int, list[RoundRecord]], k: int) -> list[dict[int, int | None]]:
    """Round by round (1..k), each unit's opponent in the file (None: no game)."""
    return [{u: (recs[r - 1].opponent if r <= len(recs) and recs[r - 1].outcome.has_opponent else None)
             for u, recs in units.items()} for r in range(1, k + 1)]


def _berger_pairs(rnd: RRRound) -> dict[int, int | None]:
    """Each unit's opponent in a round of the Berger table (None: the bye)."""
    want: dict[int, int | None] = {rnd.bye: None} if rnd.bye is not None else {}
    for g in rnd.games:
        want[g.first], want[g.second] = g.second, g.first
    return want


def _fits(order: tuple[int, ...], pairs: list[dict[int, int | None]], double: bool) -> tuple[RRRound, ...] | None:
    sched = schedule(order, double=double)
    for r, got in enumerate(pairs, start=1):
        want = _berger_pairs(sched[r - 1])
        if want != got:
            return None
    return sched


def _colour_misses(sched: tuple[RRRound, ...], colours: list[dict[int, str | None]]) -> int:
    return sum(1 for r, per in enumerate(colours, start=1) for g in sched[r - 1].games
               if per.get(g.first) == "b")


def infer_order(units: list[int], pairs: list[dict[int, int | None]], colours: list[dict[int, str | None]],
                double: bool) -> tuple[int, ...] | None:
    """The Berger order the rounds follow: the units in the order given if it fits, else the one
    numbering the rounds tell (in table round tr, Berger numbers a, b < size meet when a + b = tr + 1
    mod size - 1; the number that meets `size` is i with 2i = tr + 1), None if no single one fits."""
    if not pairs:
        return tuple(units)
    if _fits(tuple(units), pairs, double):
        return tuple(units)
    n = len(units)
    size = n + n % 2
    m = size - 1
    table_round = [x.table_round for x in schedule(list(range(1, n + 1)), double=double)]

    def partner(a: int, tr: int) -> int:
        if a == size:
            return next(i for i in range(1, m + 1) if (2 * i - tr - 1) % m == 0)
        if (2 * a - tr - 1) % m == 0:
            return size
        return (tr + 1 - a - 1) % m + 1

    found: dict[tuple[int, ...], int] = {}
    seed = units[0]
    for v in range(1, size + 1):
        num = {seed: v}
        todo = [seed]
        ok = True
        while todo and ok:
            u = todo.pop()
            for r, per in enumerate(pairs, start=1):
                want = partner(num[u], table_round[r - 1])
                opp = per.get(u)
                if opp is None:  # u has no game: he sits out against the bye seat
                    if want != size or n % 2 == 0:
                        ok = False
                        break
                    continue
                if opp in num:
                    if num[opp] != want:
                        ok = False
                        break
                else:
                    num[opp] = want
                    todo.append(opp)
        if not ok or len(num) != n or len(set(num.values())) != n or max(num.values()) > n:
            continue
        order = tuple(sorted(units, key=lambda u: num[u]))
        sched = _fits(order, pairs, double)
        if sched is not None:
            found[order] = _colour_misses(sched, colours)
    if not found:
        return None
    best = min(found.values())
    winners = [o for o, miss in found.items() if miss == best]
    return winners[0] if len(winners) == 1 else None


def mismatch(order: tuple[int, ...], pairs: list[dict[int, int | None]], double: bool) -> tuple[int, int, Msg]:
    """The first place where the rounds leave the Berger table of `order`: (round, unit, what)."""
    sched = schedule(order, double=double)
    for r, got in enumerate(pairs, start=1):
        want = _berger_pairs(sched[r - 1])
        for u in order:
            if want.get(u) != got.get(u):
                w, o = want.get(u), got.get(u)
                if w is None:
                    return r, u, Msg("the Berger table (C.05 Annex 1) gives {u} the bye, the file pairs {u} "
                                     "with {g}", u=u, g=o)
                if o is None:
                    return r, u, Msg("the Berger table (C.05 Annex 1) pairs {u} with {w}, the file has no game "
                                     "for {u}", u=u, w=w)
                return r, u, Msg("the Berger table (C.05 Annex 1) pairs {u} with {w}, the file with {g}",
                                 u=u, w=w, g=o)
    raise AssertionError("no mismatch")


def roundrobin_to_event(t: TrfTournament, path: str, name: str = "") -> Event:

    double = is_double(t)
    players = t.ordered_players()
    by_id = {p.id: p for p in players}
    n = len(players)
    if n < 2:
        raise FileProblem(path, None, "a round robin needs at least 2 players, not {n}", n=n)
    total = rounds_count(n, double)
    if t.total_rounds is not None and t.total_rounds != total:
        raise FileProblem(path, t.total_rounds_line, "XXR {x}: a {kind} of {n} players has {total} rounds",
                          x=t.total_rounds, kind=Msg("double round robin") if double else Msg("round robin"),
                          n=n, total=total)
    k = _rounds_in_file(t)
    if k > total:
        late = next(p for p in players if any(rec.outcome.has_opponent for rec in p.records[total:]))
        raise FileProblem(path, late.line, "round {k}: a {kind} of {n} players has {total} rounds", k=k,
                          kind=Msg("double round robin") if double else Msg("round robin"), n=n, total=total)
    units = {p.id: list(p.records) for p in players}
    pairs = file_pairs(units, k)
    colours = [{p.id: _record(p, r).colour for p in players} for r in range(1, k + 1)]
    order = infer_order([p.id for p in players], pairs, colours, double)
    if order is None:
        r, pid, what = mismatch(tuple(p.id for p in players), pairs, double)
        raise FileProblem(path, by_id[pid].line, "round {r}: {what}", r=r, what=what)
    sched = schedule(order, double=double)
    rounds = []
    byes: dict[int, list[tuple[int, str]]] = {p.id: [] for p in players}
    for r in range(1, k + 1):
        games = []
        for g in sched[r - 1].games:
            a, b = by_id[g.first], by_id[g.second]
            ra, rb = _record(a, r), _record(b, r)
            first, fr, second, sr = (b, rb, a, ra) if ra.colour == "b" else (a, ra, b, rb)
            games.append(Game(g.board, first.id, second.id, game_result(path, first, r, fr, sr, second.id)))
        rounds.append(Round(Stage.ROUNDROBIN, r, tuple(games)))
        bye = sched[r - 1].bye  # the bye seat: Z, U, - or blank is the seat itself; H or F a bye the judge gave
        if bye is not None and _record(by_id[bye], r).outcome in (Outcome.HALF_BYE, Outcome.FULL_BYE):
            byes[bye].append((r, KIND_OF_BYE[_record(by_id[bye], r).outcome]))
    withdrawn = {p.id: _withdrawn_from(p, k, sched) if p.id in t.withdrawn else None for p in players}
    for p in players:  # the next round's requested bye (not a withdrawal)
        nxt = _record(p, k + 1)
        if k < total and withdrawn[p.id] is None and nxt.outcome in (Outcome.HALF_BYE, Outcome.FULL_BYE):
            byes[p.id].append((k + 1, KIND_OF_BYE[nxt.outcome]))
    codes, edition = tiebreaks_of(t, path, team=False)
    return Event(
        name=name or t.name.strip() or "Imported tournament", rounds_planned=total,
        system=System.DOUBLE_ROUNDROBIN if double else System.ROUNDROBIN, scoring=replace(t.scoring, pab=None),
        initial_colour=t.initial_colour or "w", tiebreaks=codes, edition=edition or "fide2024",
        players=tuple(player_of(p, path, withdrawn_from=withdrawn[p.id], byes=tuple(byes[p.id])) for p in t.players),
        rounds=tuple(rounds), extra=((Stage.ROUNDROBIN, {"order": list(order)}),) if k else (),
    )


def _withdrawn_from(p: TrfPlayer, k: int, sched: tuple[RRRound, ...]) -> int:
    """The round a withdrawn player (XXZ) withdrew from: the first of the forfeit losses that end his
    line (a bye seat just before them included), else the round after the last one in the file."""
    w = k + 1
    while w > 1 and (_record(p, w - 1).outcome is Outcome.FORFEIT_LOSS or sched[w - 2].bye == p.id):
        w -= 1
    return w
