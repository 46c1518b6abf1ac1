"""TRF of a team event (team Swiss, team round robin): write and read the team section.

A team event's TRF is an individual TRF (every board of every match is a game
on the players' `001` lines, as played) plus the team records of TRF-2026, as
the FIDE TEC's TieBreakServer reads them (spec/trf.md section 3,
docs/exports.md "TRF of a team event"):

* `310` one line per team: its number (the team id), name, strength (the
  average rating of its B best players), match and game points and rank
  after the rounds written, and its players in board order (the roster);
* `300` a team's players of one round, board 1 first, when they are not in
  the roster's order (a roster changed after that round);
* `320` the pairing-allocated bye of a team Swiss: what it is worth (the
  event's MP and GP: a drawn match by default) and the team that had it, round
  by round;
* `352` the colour sequence (`WBWB`: on board 1 the first-named team moves
  first), `362` the match points, `092`/`192` the type of tournament
  (`CUSTOM_TEAM_SWISS_MP`, `FIDE_TEAM_ROUNDROBIN`, `FIDE_TEAM_DOUBLEROUNDROBIN`),
  `XXR`, and the team tie-breaks after MP in `202`.

Reading (`teams_to_event`) puts the games back into matches: two teams meet
in a round when their players do; a game's board is its place in both teams'
board orders of that round (the `300` line, else the team line); the
first-named team is the one moving first on board 1. A team round robin's
Berger numbers are told from the rounds like a round robin's
(`core.formats.trf_roundrobin`). Anything that does not make a match of B
boards, follow the Berger table, or agree with the team lines' match and
game points is refused at its line.
"""

from __future__ import annotations

from fractions import Fraction

from arbiter_tournament.core.errors import ArbiterError, FileProblem, IllegalChange
from arbiter_tournament.core.event.history import histories
from arbiter_tournament.core.event.model import Event, Game, Round
from arbiter_tournament.core.event.records import KIND_OF_BYE, Outcome, RoundRecord
from arbiter_tournament.core.teams.matches import MatchPoints, board_points
from arbiter_tournament.core.formats.trf import TEAM_ROUND_ROBIN_TYPES, TrfLineup, TrfPlayer, TrfTeam, TrfTeamBye, TrfTournament
from arbiter_tournament.core.formats.trf_lines import bye_record, game_result, player_of, tiebreaks_of, trf_player
from arbiter_tournament.core.event.systems import Stage, System, main_stage

F = Fraction
SWISS_TYPE = ("Team Swiss", "CUSTOM_TEAM_SWISS_MP")


# ---------------------------------------------------------------------------
# writing


def teams_to_trf(event: Event) -> TrfTournament:
    from arbiter_tournament.core import teams as team_event
    from arbiter_tournament.core.teams.round_matches import matches
    from arbiter_tournament.core.formats.trf_roundrobin import type_lines
    from arbiter_tournament.core.formats.trf_tiebreaks import team_tokens

    st = team_event.state(event)
    stage = main_stage(event.system)
    tlist = team_event.teams(event, st)
    if len(tlist) > 999:
        raise IllegalChange("{n} teams do not fit the TRF's three columns for a team number", n=len(tlist))
    cut = {}
    for t in tlist:
        other = cut.setdefault(t.name[:32], t.name)
        if other != t.name:
            raise IllegalChange("teams '{a}' and '{b}' have the same first 32 characters, the TRF's team name",
                                a=other, b=t.name)
    complete = team_event.completed_rounds(event)
    _after, codes, rows = team_event.standings(event, after_round=complete)
    row_of = {r.id: r for r in rows}
    hist = {h.id: h for h in histories(event, stage, None, complete)}
    players = sorted(event.players, key=lambda p: p.id)
    ids = [p.id for p in players]
    nxt = complete + 1
    out: list[TrfPlayer] = []
    for p in players:
        recs = list(hist[p.id].records)
        if nxt <= event.rounds_planned and not p.available(nxt):
            recs.append(bye_record(p.requested_bye(nxt)))
        points = sum((event.scoring.points(r.outcome) for r in recs), start=event.scoring.loss * 0)
        out.append(trf_player(p, p.id, points, 0, recs))
    B = st.boards
    teams = []
    for t in tlist:
        ratings = sorted((event.player(pid).rating for pid in t.roster), reverse=True)[:B]
        row = row_of.get(t.id)
        teams.append(TrfTeam(number=t.id, name=t.name[:32], players=list(t.roster),
                             strength=sum(ratings) // len(ratings) if ratings else 0,
                             match_points=row.match_points if row else F(0),
                             game_points=row.game_points if row else F(0), rank=row.rank if row else 0))
    roster_of = {t.id: t.roster for t in tlist}
    lineups = []
    for rnd in event.rounds_of(stage, None)[:complete]:
        for m in matches(event, rnd, st):
            for tid, other in ((m.first, m.second), (m.second, m.first)):
                mine = [bp.first if bp.first_team == tid else bp.second for bp in sorted(m.match.boards,
                                                                                      key=lambda b: b.board)]
                if mine != [pid for pid in roster_of[tid] if pid in mine]:
                    lineups.append(TrfLineup(rnd.number, tid, other, mine))
    bye = None
    names = [t.name for t in tlist]
    byes = {r: names.index(name) + 1 for r, name in st.byes.items() if r <= complete and name in names}
    if stage == Stage.SWISS and byes:
        mp = st.match_points
        bye = TrfTeamBye(mp.win if st.pab == "win" else mp.draw, F(B) if st.pab == "win" else F(B, 2), byes)
    text, code = SWISS_TYPE if stage == Stage.SWISS else type_lines(event.system == System.DOUBLE_ROUNDROBIN, team=True)
    mp = st.match_points
    return TrfTournament(
        name=event.name, players=out, total_rounds=event.rounds_planned,
        initial_colour=event.initial_colour if stage == Stage.SWISS else None,
        rank_order=ids != list(range(1, len(ids) + 1)), scoring=event.scoring, type_text=text, type_code=code,
        tiebreaks=team_tokens(codes, event.edition), teams=teams, lineups=lineups, team_bye=bye,
        colour_sequence=("WB" * B)[:B], match_scoring=(mp.win, mp.draw, mp.loss),
    )


# ---------------------------------------------------------------------------
# reading


def _record(p: TrfPlayer, r: int) -> RoundRecord:
    return p.records[r - 1] if r <= len(p.records) else RoundRecord(Outcome.ABSENT)


class _Match:
    """The games of two teams in one round, read from the 001 lines."""

    def __init__(self, a: int, b: int) -> None:
        self.teams = (a, b)
        self.games: list[tuple[int, int, object]] = []  # (white, black, result)


def teams_to_event(t: TrfTournament, path: str, name: str = "") -> Event:
    from arbiter_tournament.core.teams.section import TeamsState
    from arbiter_tournament.core.formats.trf_roundrobin import file_pairs, infer_order, is_double, is_round_robin, mismatch

    rr = is_round_robin(t) or t.type_code in TEAM_ROUND_ROBIN_TYPES
    double = rr and is_double(t)
    system = (System.DOUBLE_ROUNDROBIN if double else System.ROUNDROBIN) if rr else System.SWISS
    teams = sorted(t.teams, key=lambda x: x.number)
    line_of = {x.number: x.line for x in teams}
    team_of = {pid: x.number for x in teams for pid in x.players}
    tname = {x.number: x.name for x in teams}
    by_id = {p.id: p for p in t.players}
    k = max((j for p in t.players for j, rec in enumerate(p.records, 1) if rec.outcome.has_opponent), default=0)
    w, d, l = t.match_scoring or (F(2), F(1), F(0))
    mp = MatchPoints(w, d, l)

    # the games of each round, grouped by the two teams
    per_round: list[dict[frozenset, _Match]] = []
    for r in range(1, k + 1):
        found: dict[frozenset, _Match] = {}
        seen: dict[int, int] = {}
        for p in t.ordered_players():
            rec = _record(p, r)
            if not rec.outcome.has_opponent or rec.colour == "b" or (rec.colour is None and p.id > rec.opponent):
                continue
            q = by_id[rec.opponent]
            a, b = team_of[p.id], team_of[q.id]
            if a == b:
                raise FileProblem(path, p.line, "round {r}: players {pid} and {opp} of one team ({n}) play each "
                                                "other", r=r, pid=p.id, opp=q.id, n=a)
            for x, y in ((a, b), (b, a)):
                if seen.setdefault(x, y) != y:
                    raise FileProblem(path, p.line, "round {r}: team {n} plays two matches (against {a} and {b})",
                                      r=r, n=x, a=seen[x], b=y)
            m = found.setdefault(frozenset((a, b)), _Match(a, b))
            m.games.append((p.id, q.id, game_result(path, p, r, rec, _record(q, r), q.id)))
        per_round.append(found)
    sizes = {len(m.games) for found in per_round for m in found.values()}
    if t.colour_sequence:
        B = len(t.colour_sequence)
    elif len(sizes) == 1:
        B = sizes.pop()
    elif sizes:
        B = max(sizes)
    else:
        raise FileProblem(path, teams[0].line, "the number of boards cannot be told: no games and no 352 line")
    lineup_of = {(lu.round, lu.team): lu for lu in t.lineups}

    def order_of(r: int, n: int) -> list[int]:
        lu = lineup_of.get((r, n))
        if lu is None:
            return next(x.players for x in teams if x.number == n)
        if 0 in lu.players:
            raise FileProblem(path, lu.line, "300: round {r}: team {n} has an empty board; arbiter plays every "
                                             "board (a player who does not come loses by forfeit)", r=r, n=n)
        return lu.players

    # boards: each game's place in both teams' board orders
    boards_of: list[dict[frozenset, list[tuple[int, int, object]]]] = []
    for r, found in enumerate(per_round, start=1):
        placed = {}
        for key, m in found.items():
            a, b = m.teams
            if len(m.games) != B:
                raise FileProblem(path, line_of[a], "round {r}: the match of teams {a} and {b} has {n} boards, the "
                                                    "event plays {B}", r=r, a=a, b=b, n=len(m.games), B=B)
            oa, ob = order_of(r, a), order_of(r, b)

            def place(game, order, team):
                pid = game[0] if team_of[game[0]] == team else game[1]
                if pid not in order:
                    raise FileProblem(path, lineup_of[(r, team)].line, "300: round {r}: player {pid} plays for "
                                                                       "team {n} but is not on this line", r=r,
                                      pid=pid, n=team)
                return order.index(pid)

            games = sorted(m.games, key=lambda g: place(g, oa, a))
            if [place(g, ob, b) for g in games] != sorted(place(g, ob, b) for g in games):
                raise FileProblem(path, line_of[a], "round {r}: the boards of teams {a} and {b} do not follow both "
                                                    "teams' board order (a 300 line gives a line-up out of order)",
                                  r=r, a=a, b=b)
            placed[key] = games
        boards_of.append(placed)
    for lu in t.lineups:
        if lu.round > k or not any(lu.team in key for key in per_round[lu.round - 1]):
            raise FileProblem(path, lu.line, "300: team {n} has no match in round {r}", n=lu.team, r=lu.round)
        opp = next(x for x in next(key for key in per_round[lu.round - 1] if lu.team in key) if x != lu.team)
        if lu.opponent and lu.opponent != opp:
            raise FileProblem(path, lu.line, "300: in round {r} team {n} plays team {opp}, not {given}", r=lu.round,
                              n=lu.team, opp=opp, given=lu.opponent)

    def first_named(games) -> int:
        return team_of[games[0][0]]  # the team moving first on board 1

    # the order of the matches in each round, and the team without a match
    byes: dict[int, str] = {}
    berger: tuple[int, ...] = ()
    match_order: list[list[frozenset]] = []
    numbers = [x.number for x in teams]
    if rr:
        units = {n: [] for n in numbers}
        for r, placed in enumerate(boards_of, start=1):
            for n in numbers:
                key = next((key for key in placed if n in key), None)
                if key is None:
                    units[n].append(RoundRecord(Outcome.ABSENT))
                else:
                    other = next(x for x in key if x != n)
                    units[n].append(RoundRecord(Outcome.WIN, other, "w" if first_named(placed[key]) == n else "b"))
        pairs = file_pairs(units, k)
        colours = [{n: units[n][r].colour for n in numbers} for r in range(k)]
        order = infer_order(numbers, pairs, colours, double)
        if order is None:
            r, n, what = mismatch(tuple(numbers), pairs, double)
            raise FileProblem(path, line_of[n], "round {r}: {what}", r=r, what=what)
        from arbiter_tournament.core.roundrobin.berger import schedule

        sched = schedule(order, double=double)
        berger = order if k else ()
        for r in range(1, k + 1):
            match_order.append([frozenset((g.first, g.second)) for g in sched[r - 1].games])
            if sched[r - 1].bye is not None:
                byes[r] = tname[sched[r - 1].bye]
        if t.team_bye is not None:
            raise FileProblem(path, t.team_bye.line, "320: a round robin's team without a match is the Berger "
                                                     "table's bye seat, not a pairing-allocated bye")
        rounds_total = len(schedule(numbers, double=double))
    else:
        for r, placed in enumerate(boards_of, start=1):
            match_order.append(sorted(placed, key=min))  # put in board order below, once the event is built
            if t.team_bye is not None and r in t.team_bye.teams:
                n = t.team_bye.teams[r]
                if any(n in key for key in placed):
                    raise FileProblem(path, t.team_bye.line, "320: round {r}: team {n} has the bye but plays a "
                                                             "match", r=r, n=n)
                byes[r] = tname[n]
        rounds_total = max(t.total_rounds or k, k, 1)
    pab = "draw"
    if t.team_bye is not None and not rr:
        bye = t.team_bye
        if (bye.match_points, bye.game_points) == (mp.win, F(B)):
            pab = "win"
        elif (bye.match_points, bye.game_points) != (mp.draw, F(B, 2)):
            raise FileProblem(path, bye.line, "320: a team's bye is worth a drawn match ({dmp}, {dgp}) or a won match "
                                              "({wmp}, {wgp}), not {mp} match points and {gp} game points",
                              dmp=_pts(mp.draw), dgp=_pts(F(B, 2)), wmp=_pts(mp.win), wgp=_pts(F(B)),
                              mp=_pts(bye.match_points), gp=_pts(bye.game_points))
    for code, r, a, b, ln in t.team_forfeits:
        _check_forfeit(path, ln, code, r, a, b, boards_of, team_of, k)

    stage = main_stage(system)

    def round_of(r: int, keys: list[frozenset]) -> Round:
        games = []
        for m, key in enumerate(keys, start=1):
            for bd, (white, black, result) in enumerate(boards_of[r - 1][key], start=1):
                games.append(Game((m - 1) * B + bd, white, black, result))
        return Round(stage, r, tuple(games))

    rounds = [round_of(r, keys) for r, keys in enumerate(match_order, start=1)]
    played_byes: dict[int, list[tuple[int, str]]] = {p.id: [] for p in t.players}
    for p in t.players:  # requested byes, the next round's (a pre-assigned absence) too; a Z of a round
        for r, rec in enumerate(p.records, start=1):  # played is a player without a game there, not a bye
            if rec.outcome in KIND_OF_BYE and (rec.outcome is not Outcome.ZERO_BYE or r > k):
                played_byes[p.id].append((r, KIND_OF_BYE[rec.outcome]))
    codes, edition = tiebreaks_of(t, path, team=True)
    from arbiter_tournament.core.teams import DEFAULT_CODES

    rosters = {}
    for x in teams:
        if x.players != sorted(x.players):
            rosters[x.name] = tuple(x.players)
    state = TeamsState(boards=B, match_points=mp, pab=pab, names=tuple(tname[n] for n in numbers) if k else (),
                       rosters=rosters, byes=byes, berger=berger,
                       tiebreaks=() if list(codes) in ([], list(DEFAULT_CODES)) else codes)
    players = tuple(player_of(p, path, team=tname[team_of[p.id]], byes=tuple(played_byes[p.id])) for p in t.players)
    event = Event(
        name=name or t.name.strip() or "Imported tournament", rounds_planned=rounds_total, system=system,
        scoring=t.scoring, initial_colour=t.initial_colour or "w", edition=edition or "fide2024",
        players=players, rounds=tuple(rounds), extra=(("teams", state.to_doc()),),
    )
    if system == System.SWISS:  # the matches of each round in the Dutch engine's board order
        from arbiter_tournament.core.teams.pairing import swiss_scores

        for r in range(1, k + 1):
            try:
                scores, ranked = swiss_scores(event, r - 1)
            except ArbiterError as exc:
                raise FileProblem(path, None, exc.msg) from None
            rank = {tid: i for i, tid in enumerate(ranked)}
            event = event.with_round(round_of(r, sorted(match_order[r - 1], key=lambda key: _board_key(key, scores,
                                                                                                      rank))))
    return _checked(event, t, path, k, numbers, tname)


def _board_key(key: frozenset, scores: dict[int, Fraction], rank: dict[int, int]) -> tuple:
    """C.04.3 section 7 (as `core.swiss.dutch` orders its boards): the higher score of the two, the
    lower one, then the pairing number of the higher-placed team."""
    a, b = sorted(key)
    hi, lo = (a, b) if (scores[a], -rank[a]) > (scores[b], -rank[b]) else (b, a)
    return (-scores[hi], -scores[lo], rank[hi])


def _pts(x: Fraction) -> str:
    from arbiter_tournament.core.formats.trf import trf_points

    return trf_points(x)


def _check_forfeit(path, ln, code, r, a, b, boards_of, team_of, k) -> None:
    key = frozenset((a, b))
    if r > k or key not in boards_of[r - 1]:
        raise FileProblem(path, ln, "330: round {r}: teams {a} and {b} have no boards on the 001 lines (arbiter "
                                    "needs a player named on every board of a forfeited match)", r=r, a=a, b=b)
    pa = pb = F(0)
    for white, black, res in boards_of[r - 1][key]:
        if res.played:
            raise FileProblem(path, ln, "330: round {r}: teams {a} and {b} played a game over the board", r=r, a=a,
                              b=b)
        x, y = board_points(res.value)
        if team_of[white] == a:
            pa, pb = pa + x, pb + y
        else:
            pa, pb = pa + y, pb + x
    want = {"+-": pa > 0 and pb == 0, "-+": pb > 0 and pa == 0, "--": pa == pb == 0}[code]
    if not want:
        raise FileProblem(path, ln, "330: round {r}: the boards of teams {a} and {b} do not show the forfeit {code}",
                          r=r, a=a, b=b, code=code)


def _checked(event: Event, t: TrfTournament, path: str, k: int, numbers: list[int], tname: dict[int, str]) -> Event:
    """The event's team standings against the team lines' match and game points (when given)."""
    from arbiter_tournament.core import teams as team_event

    try:
        if not k:
            from dataclasses import replace

            st = team_event.state(event)
            if team_event.team_names(event, st) != [tname[n] for n in numbers]:
                st = replace(st, names=tuple(tname[n] for n in numbers))
                extra = tuple(x for x in event.extra if x[0] != "teams") + (("teams", st.to_doc()),)
                event = replace(event, extra=extra)
        _after, _codes, rows = team_event.standings(event, after_round=k)
    except ArbiterError as exc:
        if isinstance(exc, FileProblem):
            raise
        raise FileProblem(path, None, exc.msg) from None
    by_name = {r.team: r for r in rows}
    for x in t.teams:
        row = by_name.get(x.name)
        if row is None:
            continue
        if x.match_points is not None and x.match_points != row.match_points:
            raise FileProblem(path, x.line, "team {n} ({name}): the match points (columns 55-60) are {written}, "
                                            "the matches give {counted}", n=x.number, name=x.name,
                              written=_pts(x.match_points), counted=_pts(row.match_points))
        if x.game_points is not None and x.game_points != row.game_points:
            raise FileProblem(path, x.line, "team {n} ({name}): the game points (columns 62-67) are {written}, "
                                            "the games give {counted}", n=x.number, name=x.name,
                              written=_pts(x.game_points), counted=_pts(row.game_points))
    return event
