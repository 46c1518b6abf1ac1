"""Pairing the next team round, and the pairs of teams that must not meet.

* Team Swiss: the Dutch engine (`core.swiss.pair_round`) on one history per
  team (`histories._dutch_histories`), scores in match points; the Swiss bye
  is the pairing-allocated bye, worth a drawn match unless `pab = "win"`.
  `[teams] forbidden` are the request's forbidden pairs.
* Team round robin: the FIDE Berger tables (`core.teams.matches.team_round_robin`),
  Berger numbers = team ids or drawn by lot, fixed at round 1.
* The team without a match is stored in `[teams] byes`.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from arbiter.core.errors import IllegalChange
from arbiter.core.event.model import Event, Game, Round
from arbiter.core.event.records import Scoring
from arbiter.core.teams.matches import pair_boards
from arbiter.core.teams.histories import _dutch_histories
from arbiter.core.teams.rosters import find_team, lineup_for, lineup_problems, pairing_order, teams
from arbiter.core.teams.section import TeamsState, _stage, _with_state, state
from arbiter.core.event.systems import Stage, System


def _check_players(event: Event, k: int) -> None:
    loose = [p for p in event.players if not p.team and p.available(k)]
    if loose:
        who = ", ".join(f"{p.name} ({p.id})" for p in loose[:5])
        raise IllegalChange("in a team event every player needs a team: {who} has none", who=who)


def _scoring(st: TeamsState) -> Scoring:
    mp = st.match_points
    return Scoring(win=mp.win, draw=mp.draw, loss=mp.loss, pab=mp.draw if st.pab == "draw" else mp.win,
                   full_bye=mp.win, half_bye=mp.draw, zero_bye=mp.loss, forfeit_loss=mp.loss)


def check_pair_next(event: Event) -> None:
    """What `pair_next` refuses before it pairs: the last round still misses results; in a team Swiss, a team
    that cannot field its boards for the round (fewer players who can play than boards and no line-up stored,
    or a stored line-up naming one who cannot play), as the pairing itself would refuse it (`lineup_problems`),
    after the checks `pair_next` makes before it."""
    rounds = event.rounds_of(_stage(event), None)
    if rounds and rounds[-1].missing:
        raise IllegalChange("round {number} still misses {missing} result(s): enter them before pairing",
                            number=rounds[-1].number, missing=rounds[-1].missing)
    if _stage(event) != Stage.SWISS:
        return
    k = rounds[-1].number + 1 if rounds else 1
    _check_players(event, k)
    if len(teams(event)) < 2 or k > event.rounds_planned:
        return  # (pair_next says so)
    problems = lineup_problems(event, k)
    if problems:
        raise problems[0][1]


def pair_next(event: Event, lots: bool = False) -> Event:
    """Pair the next round: Dutch system on teams (Swiss) or the Berger tables (round robin)."""
    from arbiter.core.roundrobin.berger import berger_numbers

    check_pair_next(event)
    st = state(event)
    stage = _stage(event)
    rounds = event.rounds_of(stage, None)
    k = rounds[-1].number + 1 if rounds else 1
    _check_players(event, k)
    tlist = teams(event, st)
    if len(tlist) < 2:
        raise IllegalChange("a team event needs at least two teams ({n} so far: add players with --team)",
                            n=len(tlist))
    st = replace(st, names=tuple(t.name for t in tlist))
    by_id = {t.id: t for t in tlist}
    if stage == Stage.SWISS:
        if lots:
            raise IllegalChange("--lots is for round robins (Berger numbers)")
        if k > event.rounds_planned:
            raise IllegalChange("all {n} rounds have been paired", n=event.rounds_planned)
        ups = {t.id: lineup_for(event, t, k, st) for t in tlist}
        absent = {tid for tid, up in ups.items() if up is None}
        if len(tlist) - len(absent) < 2:
            raise IllegalChange("fewer than two teams can play this round")
        from arbiter.core.swiss import PairingRequest, pair_round

        hist = _dutch_histories(event, st, tlist, k - 1)
        tid_of = {t.name: t.id for t in tlist}
        forbidden = {frozenset((tid_of[x], tid_of[y])) for x, y in st.forbidden if x in tid_of and y in tid_of}
        req = PairingRequest(
            players=[hist[tid] for tid in pairing_order(event, st)], total_rounds=max(event.rounds_planned, k),
            absent=absent, scoring=_scoring(st), initial_colour=event.initial_colour,
            forbidden=forbidden,  # C1-like absolute criterion, as for players' forbidden pairs
        )
        pairing = pair_round(req)
        pairs, bye = list(pairing.boards), pairing.bye
    else:
        double = event.system == System.DOUBLE_ROUNDROBIN
        if not st.berger:
            if rounds:
                raise IllegalChange("[teams] berger is missing but rounds have been paired")
            draw = berger_numbers([t.id for t in tlist], seed=event.lots_seed if lots else None)
            st = replace(st, berger=draw.order, lots_seed=event.lots_seed if lots else None)
        elif lots:
            raise IllegalChange("the Berger numbers are already fixed for this round robin")
        extra = [t.name for t in tlist if t.id not in st.berger]
        if extra:
            raise IllegalChange("team(s) {names} joined after the round robin started",
                                names=", ".join(extra))
        from arbiter.core.teams.matches import team_round_robin

        sched = team_round_robin(list(st.berger), double=double)
        if not rounds:
            event = replace(event, rounds_planned=len(sched))
        if k > len(sched):
            raise IllegalChange("all {n} rounds of the round robin have been paired", n=len(sched))
        pairs = [(g.first, g.second) for g in sched[k - 1].games]
        bye = sched[k - 1].bye
        ups = {}
        for a, b in pairs:
            for tid in (a, b):
                up = lineup_for(event, by_id[tid], k, st)
                if up is None:
                    raise IllegalChange("team '{name}' has nobody who can play round {k}",
                                        name=by_id[tid].name, k=k)
                ups[tid] = up
    games: list[Game] = []
    B = st.boards
    for m, (a, b) in enumerate(pairs, start=1):
        tm = pair_boards(k, by_id[a], by_id[b], ups[a], ups[b])
        games += [Game((m - 1) * B + bp.board, bp.first, bp.second) for bp in tm.boards]
    byes = {r: t for r, t in st.byes.items() if r < k}
    if bye is not None:
        byes[k] = by_id[bye].name
    st = replace(st, byes=byes)
    event = _with_state(event, st)
    return event.with_round(Round(stage, k, tuple(games), None))


# -- forbidden pairs of teams (team Swiss) ------------------------------------------


def forbid_teams(event: Event, a: str, b: str, *, remove: bool = False) -> Event:
    """Two teams that must not meet in a team Swiss (two teams of one club ...), or take that back.
    `a`, `b`: team names or ids. A round robin refuses: its Berger table fixes who meets whom."""
    st = state(event)
    if event.system != System.SWISS:
        raise IllegalChange("a round robin follows its Berger table: forbidden pairs are for a team Swiss")
    x, y = find_team(event, a, st), find_team(event, b, st)
    if x == y:
        raise IllegalChange("a team cannot be paired with itself anyway")
    has = [p for p in st.forbidden if set(p) == {x, y}]
    if remove:
        if not has:
            raise IllegalChange("teams '{a}' and '{b}' are not a forbidden pair", a=x, b=y)
        return _with_state(event, replace(st, forbidden=tuple(p for p in st.forbidden if set(p) != {x, y})))
    if has:
        return event
    return _with_state(event, replace(st, forbidden=st.forbidden + ((x, y),)))


# -- what the board order of a team Swiss round follows --------------------------------------------


def swiss_scores(event: Event, upto: int) -> tuple[dict[int, Fraction], list[int]]:
    """Each team's score after round `upto` as the Dutch engine reads it (match points, the bye as
    `pab` says), and the team ids in pairing-number order: what the board order of the matches of
    round upto + 1 follows (C.04.3 section 7). Used to put an imported round's matches in order."""
    st = state(event)
    tlist = teams(event, st)
    hist = _dutch_histories(event, st, tlist, upto)
    sc = _scoring(st)
    return {tid: h.score(sc) for tid, h in hist.items()}, pairing_order(event, st)
