"""Pairing the next team round, and the pairs of teams that must not meet.

* Team Swiss: the Dutch engine (`core.swiss.pair_round`) on one history per
  team (`histories.dutch_histories`), scores in match points; the Swiss bye
  is the pairing-allocated bye, worth a drawn match unless `pab = "win"`.
  `[teams] forbidden` are the request's forbidden pairs.
* Team round robin: the FIDE Berger tables (`core.teams.matches.team_round_robin`),
  Berger numbers = team ids or drawn by lot, fixed at round 1.
* The team without a match is stored in `[teams] byes`.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from arbiter_tournament.core.errors import Advice, IllegalChange, Msg, NoLegalPairing
from arbiter_tournament.core.event.model import Event, Game, Round
from arbiter_tournament.core.event.records import Scoring
from arbiter_tournament.core.teams.matches import pair_boards
from arbiter_tournament.core.teams.histories import dutch_histories
from arbiter_tournament.core.teams.rosters import find_team, lineup_for, lineup_problems, pairing_order, teams
from arbiter_tournament.core.teams.section import TeamsState, team_stage, with_state, state
from arbiter_tournament.core.event.systems import Stage, System


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
    rounds = event.rounds_of(team_stage(event), None)
    if rounds and rounds[-1].missing:
        raise IllegalChange("round {number} still misses {missing} result(s): enter them before pairing",
                            number=rounds[-1].number, missing=rounds[-1].missing)
    if team_stage(event) != Stage.SWISS:
        if rounds and rounds[-1].number >= event.rounds_planned:  # (set to the Berger table's at round 1)
            raise IllegalChange("all {n} rounds of the round robin have been paired", n=event.rounds_planned)
        return
    k = rounds[-1].number + 1 if rounds else 1
    if k > event.rounds_planned:  # (the footer offers no p once every round is paired)
        raise IllegalChange("all {n} rounds have been paired", n=event.rounds_planned)
    _check_players(event, k)
    if len(teams(event)) < 2:
        return  # (pair_next says so)
    problems = lineup_problems(event, k)
    if problems:
        raise problems[0][1]


def pair_next(event: Event, lots: bool = False, *, allow_rematch: set[frozenset[int]] | None = None,
              fewest_rematches: bool = False, progress=None) -> Event:
    """Pair the next round: Dutch system on teams (Swiss) or the Berger tables (round robin).

    Team Swiss only: `allow_rematch`, pairs of team ids that may meet again (their matches' boards are marked
    manual); `fewest_rematches`, when no pairing without a rematch exists, the Dutch pairing with the fewest
    rematches the other rules allow (`core.swiss.rematches`: each rematch's boards marked manual)."""
    from arbiter_tournament.core.roundrobin.berger import berger_numbers

    check_pair_next(event)
    st = state(event)
    stage = team_stage(event)
    rounds = event.rounds_of(stage, None)
    k = rounds[-1].number + 1 if rounds else 1
    _check_players(event, k)
    tlist = teams(event, st)
    if len(tlist) < 2:
        raise IllegalChange("a team event needs at least two teams ({n} so far)", n=len(tlist),
                            advice=Advice.of("add_team_players"))
    st = replace(st, names=tuple(t.name for t in tlist))
    by_id = {t.id: t for t in tlist}
    manual: set[frozenset[int]] = set()
    if stage != Stage.SWISS and (allow_rematch or fewest_rematches):
        raise IllegalChange("a round robin follows its Berger table: rematches are for a team Swiss")
    if stage == Stage.SWISS:
        if lots:
            raise IllegalChange("--lots is for round robins (Berger numbers)")
        if k > event.rounds_planned:
            raise IllegalChange("all {n} rounds have been paired", n=event.rounds_planned)
        ups = {t.id: lineup_for(event, t, k, st) for t in tlist}
        absent = {tid for tid, up in ups.items() if up is None}
        if len(tlist) - len(absent) < 2:
            raise IllegalChange("fewer than two teams can play this round")
        from arbiter_tournament.core.swiss import PairingRequest, pair_round

        hist = dutch_histories(event, st, tlist, k - 1)
        tid_of = {t.name: t.id for t in tlist}
        forbidden = {frozenset((tid_of[x], tid_of[y])) for x, y in st.forbidden if x in tid_of and y in tid_of}
        req = PairingRequest(
            players=[hist[tid] for tid in pairing_order(event, st)], total_rounds=max(event.rounds_planned, k),
            absent=absent, scoring=_scoring(st), initial_colour=event.initial_colour,
            forbidden=forbidden,  # C1-like absolute criterion, as for players' forbidden pairs
            allow_rematch=set(allow_rematch or ()),
        )
        try:
            if fewest_rematches:
                from arbiter_tournament.core.swiss.rematches import pair_fewest_rematches

                pairing, chosen = pair_fewest_rematches(req, progress)
                manual = set(chosen)
            else:
                pairing = pair_round(req, progress=progress)
        except NoLegalPairing as exc:
            raise no_pairing_for_teams(event, tlist, k, exc) from None
        manual |= set(allow_rematch or ())
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
        from arbiter_tournament.core.teams.matches import team_round_robin

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
    return _with_matches(event, st, stage, k, by_id, ups, pairs, bye, manual)


def _with_matches(event: Event, st: TeamsState, stage: str, k: int, by_id: dict, ups: dict,
                  pairs: list[tuple[int, int]], bye: int | None, manual: set[frozenset[int]],
                  *, all_manual: bool = False) -> Event:
    """Round k of the matches `pairs` (team ids, first-named first), each team with its line-up `ups[id]`
    (the boards follow it, colours alternating), `bye` the team without a match; the boards of a match whose
    pair is in `manual` (or every board, `all_manual`) are marked manual."""
    games: list[Game] = []
    B = st.boards
    for m, (a, b) in enumerate(pairs, start=1):
        tm = pair_boards(k, by_id[a], by_id[b], ups[a], ups[b])
        hand = all_manual or frozenset((a, b)) in manual
        games += [Game((m - 1) * B + bp.board, bp.first, bp.second, manual=hand) for bp in tm.boards]
    byes = {r: t for r, t in st.byes.items() if r < k}
    if bye is not None:
        byes[k] = by_id[bye].name
    st = replace(st, byes=byes)
    event = with_state(event, st)
    return event.with_round(Round(stage, k, tuple(games), None))


def no_pairing_for_teams(event: Event, tlist: list, k: int, exc: NoLegalPairing) -> NoLegalPairing:
    """The engine's refusal of a team round said with the teams' names (the engine's ids are team ids, not
    players'), and the ways on."""
    by_id = {t.id: t.name for t in tlist}
    named = [tid for tid in exc.players if tid in by_id] or sorted(by_id)
    who = ", ".join(f"'{by_id[tid]}' ({tid})" for tid in named[:20]) + ("..." if len(named) > 20 else "")
    why = Msg("the teams cannot all be paired (teams that met before, forbidden pairs, the bye)")
    return NoLegalPairing(
        "no legal pairing for round {k} of the teams: {why} (teams {who})", players=tuple(named), reasons={}, k=k,
        why=why, who=who, advice=(Advice.of("fewest_rematches"), Advice.of("allow_rematch", teams=True),
                                  Advice.of("pair_by_hand", teams=True)))


def rematches_of(event: Event, rnd: Round) -> list[tuple[int, str, str, int]]:
    """The matches of a team round whose teams met before (a match with a board played over the board):
    (match number, first-named team, second-named team, the last round they met)."""
    from arbiter_tournament.core.teams.round_matches import matches

    st = state(event)
    tlist = teams(event, st)
    hist = dutch_histories(event, st, tlist, rnd.number - 1)
    tid_of = {t.name: t.id for t in tlist}
    out = []
    for m in matches(event, rnd):
        a, b = tid_of.get(m.first_name), tid_of.get(m.second_name)
        if a is None or b is None:
            continue
        met = [i for i, r in enumerate(hist[a].records, start=1)
               if r is not None and r.outcome.played and r.opponent == b]
        if met:
            out.append((m.number, m.first_name, m.second_name, met[-1]))
    return out


def team_ids_pair(event: Event, refs: tuple[str, str]) -> frozenset[int]:
    """Two teams (names or numbers, `find_team`) as the pair of team ids the engine knows."""
    st = state(event)
    a, b = (find_team(event, r, st) for r in refs)
    if a == b:
        raise IllegalChange("a team cannot be paired with itself anyway")
    ids = {t.name: t.id for t in teams(event, st)}
    return frozenset((ids[a], ids[b]))


def pair_teams_by_hand(event: Event, pairs: list[tuple[str, str | None]]) -> Event:
    """The next round of a team Swiss set by hand, match by match: (first-named, second-named) teams by name
    or number (`find_team`), second None for the team without a match. Each team plays its line-up of the
    round (stored, else the first B of its roster who can play), the boards follow it, colours alternating;
    every board is marked manual. A team that can play and is given neither a match nor the bye is refused."""
    check_pair_next(event)
    st = state(event)
    if team_stage(event) != Stage.SWISS:
        raise IllegalChange("a round robin follows its Berger table", advice=Advice.of("pair_next"))
    rounds = event.rounds_of(Stage.SWISS, None)
    k = rounds[-1].number + 1 if rounds else 1
    if k > event.rounds_planned:
        raise IllegalChange("all {n} rounds have been paired", n=event.rounds_planned)
    tlist = teams(event, st)
    st = replace(st, names=tuple(t.name for t in tlist))
    by_id = {t.id: t for t in tlist}
    tid_of = {t.name: t.id for t in tlist}
    seen: set[int] = set()
    matches_: list[tuple[int, int]] = []
    bye = None
    ups = {}
    for a, b in pairs:
        for ref in (a, b):
            if ref is None:
                continue
            tid = tid_of[find_team(event, ref, st)]
            if tid in seen:
                raise IllegalChange("team '{name}' is paired twice", name=by_id[tid].name)
            seen.add(tid)
            up = lineup_for(event, by_id[tid], k, st)
            if up is None:
                raise IllegalChange("team '{name}' has nobody who can play round {k}", name=by_id[tid].name, k=k)
            ups[tid] = up
        ta = tid_of[find_team(event, a, st)]
        if b is None:
            if bye is not None:
                raise IllegalChange("only one team can be without a match in a round")
            bye = ta
        else:
            matches_.append((ta, tid_of[find_team(event, b, st)]))
    if not matches_:
        raise IllegalChange("give at least one match, e.g. 1-4")
    left = [t.name for t in tlist if t.id not in seen and lineup_for(event, t, k, st) is not None]
    if left:
        raise IllegalChange("team(s) {names} can play round {k} but have no match: give each a match, or the "
                            "bye (TEAM-0)", names=", ".join(f"'{x}'" for x in left), k=k)
    return _with_matches(event, st, Stage.SWISS, k, by_id, ups, matches_, bye, set(), all_manual=True)


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
        return with_state(event, replace(st, forbidden=tuple(p for p in st.forbidden if set(p) != {x, y})))
    if has:
        return event
    return with_state(event, replace(st, forbidden=st.forbidden + ((x, y),)))


# -- what the board order of a team Swiss round follows --------------------------------------------


def swiss_scores(event: Event, upto: int) -> tuple[dict[int, Fraction], list[int]]:
    """Each team's score after round `upto` as the Dutch engine reads it (match points, the bye as
    `pab` says), and the team ids in pairing-number order: what the board order of the matches of
    round upto + 1 follows (C.04.3 section 7). Used to put an imported round's matches in order."""
    st = state(event)
    tlist = teams(event, st)
    hist = dutch_histories(event, st, tlist, upto)
    sc = _scoring(st)
    return {tid: h.score(sc) for tid, h in hist.items()}, pairing_order(event, st)
