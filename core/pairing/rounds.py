"""Pair the next round of an event, change a pairing by hand, explain a pairing.

The Swiss stage goes to the Dutch engine (`core.swiss`) table by table; a
round robin takes its round from the Berger tables (`core.roundrobin.berger`).
Pairing numbers follow C.04.2: rating order (ties by name), fixed by the
ratings, late entries slotted in where their rating puts them.

`check_pair_next` says what `pair_next` refuses before the engine works
(the TUI's footer asks it, through `core.commands.PairNext`), and
`check_by_hand` what every change by hand to a saved round asks first.
Pairing without holding the event's lock while the engine works is
`core.commands.PairNext` run by `core.commands.run` (docs/pairing.md,
"Pairing outside the lock"). `progress` (a callable without arguments,
called now and then while the pairing runs; it may raise to stop it) is
passed on to the engine.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import Callable

from arbiter_tournament.core.errors import Advice, ArbiterError, IllegalChange, Msg, NoLegalPairing, joined
from arbiter_tournament.core.event.history import histories
from arbiter_tournament.core.msg.i18n import render, words
from arbiter_tournament.core.event.model import Event, Game, Player, Round
from arbiter_tournament.core.event.records import Outcome
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.event.systems import Stage, System, pairing_system


def _rating_key(p: Player) -> tuple:
    return (-p.rating, p.name.casefold(), p.id)


def pairing_numbers(event: Event, players: list[Player]) -> list[Player]:
    """Players in pairing-number order (C.04.2: rating, then name).

    Once a table has been paired, its order is kept in `[swiss] order` and a
    later change of a rating does not renumber anyone; a late entry is
    slotted in where his rating puts him.
    """
    if event.pairing_order == "id":
        return sorted(players, key=lambda p: p.id)
    by_rating = sorted(players, key=_rating_key)
    st = event.stage_state(Stage.SWISS) or {}
    fixed = st.get("order", {}).get(str(players[0].table or 1) if players else "1")
    if not fixed:
        return by_rating
    by_id = {p.id: p for p in players}
    order = [by_id[i] for i in fixed if i in by_id]
    for p in by_rating:
        if p.id in set(fixed):
            continue
        at = next((i for i, q in enumerate(order) if _rating_key(q) > _rating_key(p)), len(order))
        order.insert(at, p)
    return order


def fix_pairing_numbers(event: Event, table: int | None) -> Event:
    """Record the table's pairing order, as used for the round just paired."""
    if event.pairing_order == "id":
        return event
    ids = [p.id for p in pairing_numbers(event, event.table_players(table))]
    st = dict(event.stage_state(Stage.SWISS) or {})
    order = dict(st.get("order", {}))
    if order.get(str(table or 1)) == ids:
        return event
    order[str(table or 1)] = ids
    st["order"] = order
    return replace(event, extra=tuple(x for x in event.extra if x[0] != Stage.SWISS) + ((Stage.SWISS, st),))


def forbidden_pairs(event: Event, players: list[Player]) -> set[frozenset[int]]:
    ids = {p.id for p in players}
    pairs = {frozenset(p) for p in event.forbidden if p[0] in ids and p[1] in ids}
    for club in event.forbidden_clubs:
        members = [p.id for p in players if p.club == club]
        pairs |= {frozenset(x) for x in combinations(members, 2)}
    return pairs


def swiss_request(event: Event, table: int | None, round_no: int, allow_rematch: set | None = None):
    """The Dutch engine's input for round `round_no` of one table, from rounds before it."""
    from arbiter_tournament.core.swiss import PairingRequest

    players = pairing_numbers(event, event.table_players(table))
    by_id = {h.id: h for h in histories(event, Stage.SWISS, table, round_no - 1)}
    return PairingRequest(
        players=[by_id[p.id] for p in players],
        total_rounds=max(event.rounds_planned, round_no),
        absent={p.id for p in players if not p.available(round_no)},
        scoring=event.scoring,
        initial_colour=event.initial_colour,
        forbidden=forbidden_pairs(event, players),
        baku=event.baku,
        allow_rematch=set(allow_rematch or ()),
    )


def _check_complete(event: Event, stage: str, table: int | None) -> int:
    rounds = event.rounds_of(stage, table)
    if rounds and rounds[-1].missing:
        if table is not None:
            raise IllegalChange("round {number} on table {table} still misses {missing} result(s): enter them before "
                                "pairing", number=rounds[-1].number, table=table, missing=rounds[-1].missing)
        raise IllegalChange("round {number} still misses {missing} result(s): enter them before pairing",
                            number=rounds[-1].number, missing=rounds[-1].missing)
    return len(rounds) + 1 if not rounds else rounds[-1].number + 1


def check_pair_next(event: Event, table: int | None = None, *, lots: bool = False) -> None:
    """What `pair_next` refuses before the engine works (cheap: the TUI's footer asks it on every key).

    The last round of the table (of every table) misses results; every round
    is paired; the top has started; fewer than two players to pair. The
    engine may still find no legal pairing (`NoLegalPairing`).
    """
    from arbiter_tournament.core import teams as team_event

    if team_event.is_team_event(event):
        team_event.check_pair_next(event)
        return
    if event.system != System.SWISS:
        _check_roundrobin(event, lots)
        return
    if event.stage_state(Stage.TOP) is not None or any(r.stage == Stage.TOP for r in event.rounds):
        raise IllegalChange("the top has started: the Swiss stage is over")
    tables = event.table_ids() if table is None else [table]
    for t in tables:
        k = _check_complete(event, Stage.SWISS, t)
        if k > event.rounds_planned:
            if t is not None:
                raise IllegalChange("all {n} rounds have been paired on table {table}", n=event.rounds_planned, table=t)
            raise IllegalChange("all {n} rounds have been paired", n=event.rounds_planned)
    for t in tables:
        k = _check_complete(event, Stage.SWISS, t)
        if sum(1 for p in event.table_players(t) if p.available(k)) < 2:
            raise IllegalChange("fewer than two players to pair")


def pair_next(event: Event, table: int | None = None, *, lots: bool = False,
              allow_rematch: set[frozenset[int]] | None = None, fewest_rematches: bool = False,
              progress: Callable[[], None] | None = None) -> Event:
    """Pair the next round of the main stage (every table unless one is named).

    `progress` is called before each table's pairing and passed on to the
    Dutch engine (which calls it now and then while it works). In a team
    event `allow_rematch` holds pairs of team ids. `fewest_rematches`: a
    Swiss round with the fewest rematches the other rules allow
    (`core.swiss.rematches`; none when a pairing without one exists), the
    boards of each rematch marked manual.
    """
    from arbiter_tournament.core import teams as team_event

    if team_event.is_team_event(event):
        return team_event.pair_next(event, lots=lots, allow_rematch=allow_rematch,
                                    fewest_rematches=fewest_rematches, progress=progress)
    if event.system != System.SWISS:
        if allow_rematch or fewest_rematches:
            raise IllegalChange("a round robin follows its Berger table: rematches are for a Swiss")
        return pair_roundrobin(event, lots=lots)
    check_pair_next(event, table)
    tables = event.table_ids() if table is None else [table]
    for t in tables:
        k = _check_complete(event, Stage.SWISS, t)
        if progress is not None:
            progress()
        event = event.with_round(swiss_round(event, t, k, allow_rematch, progress=progress,
                                             fewest_rematches=fewest_rematches))
        event = fix_pairing_numbers(event, t)
    return event


def swiss_round(event: Event, table: int | None, k: int, allow_rematch: set | None = None,
                progress: Callable[[], None] | None = None, *, fewest_rematches: bool = False) -> Round:
    pair_round = pairing_system(event.pairing).engine()
    req = swiss_request(event, table, k, allow_rematch)
    if len(req.players) - len(req.absent) < 2:
        raise IllegalChange("fewer than two players to pair")
    allowed = set(allow_rematch or ())
    try:
        if fewest_rematches:
            from arbiter_tournament.core.swiss.rematches import pair_fewest_rematches

            pairing, chosen = pair_fewest_rematches(req, progress, engine=pair_round)
            allowed |= chosen
        else:
            pairing = pair_round(req, progress=progress)
    except NoLegalPairing as exc:
        raise _no_pairing_for_judge(event, table, k, exc) from None
    games = [Game(i, w, b, manual=frozenset((w, b)) in allowed)
             for i, (w, b) in enumerate(pairing.boards, start=1)]
    if pairing.bye is not None:
        games.append(Game(len(games) + 1, pairing.bye, None, Result.BYE))
    return Round(Stage.SWISS, k, tuple(games), table)


def _no_pairing_for_judge(event: Event, table: int | None, k: int, exc: NoLegalPairing) -> NoLegalPairing:
    """The engine's refusal (it names the round), with names, reasons and what the judge can do."""
    named = [Msg("{name} ({pid}): {why}", name=event.player(pid).name, pid=pid, why=why)
             for pid, why in exc.reasons.items() if event.has_player(pid)]
    who = joined(named, "; ") if named else Msg(
        "players {ids}", ids=", ".join(f"{event.player(p).name} ({p})" if event.has_player(p) else str(p)
                                       for p in exc.players[:20]) + ("..." if len(exc.players) > 20 else ""))
    advice = (Advice.of("fewest_rematches", table=table), Advice.of("pair_by_hand", table=table),
              Advice.of("allow_rematch", table=table), Advice.of("withdraw_or_bye"))  # what the judge can do
    if table is None:
        return NoLegalPairing("{error} — {who}", players=exc.players, reasons=exc.reasons, error=exc, who=who,
                              advice=advice)
    return NoLegalPairing("table {table}: {error} — {who}", players=exc.players, reasons=exc.reasons, table=table,
                          error=exc, who=who, advice=advice)


def _check_roundrobin(event: Event, lots: bool) -> int:
    """The next round of the round robin (`pair_roundrobin` refuses as this says)."""
    from arbiter_tournament.core.roundrobin.berger import schedule

    k = _check_complete(event, Stage.ROUNDROBIN, None)
    st = event.stage_state(Stage.ROUNDROBIN)
    if st is not None:
        if lots:
            raise IllegalChange("the Berger numbers are already fixed for this round robin")
        n = len(schedule(st["order"], double=event.system == System.DOUBLE_ROUNDROBIN))
        if k > n:
            raise IllegalChange("all {n} rounds of the round robin have been paired", n=n)
    return k


def pair_roundrobin(event: Event, *, lots: bool = False) -> Event:
    """The next round from the FIDE Berger tables (C.05 Annex 1).

    Berger numbers are fixed at the first round: the players' id order, or
    drawn by lot (`lots`, seed recorded) and stored in `[roundrobin]`. A game
    of a player who has withdrawn is entered as a forfeit for the opponent.
    """
    from arbiter_tournament.core.roundrobin.berger import berger_numbers, schedule

    double = event.system == System.DOUBLE_ROUNDROBIN
    k = _check_roundrobin(event, lots)
    st = event.stage_state(Stage.ROUNDROBIN)
    if st is None:
        ids = [p.id for p in sorted(event.players, key=lambda p: p.id) if p.withdrawn_from is None]
        draw = berger_numbers(ids, seed=event.lots_seed if lots else None)
        st = {"order": list(draw.order)}
        if lots:
            st["lots_seed"] = event.lots_seed
        rounds_total = len(schedule(draw.order, double=double))
        event = replace(event, rounds_planned=rounds_total,
                        extra=tuple(x for x in event.extra if x[0] != Stage.ROUNDROBIN) + ((Stage.ROUNDROBIN, st),))
    rounds = schedule(st["order"], double=double)
    games = []
    for i, g in enumerate(rounds[k - 1].games, start=1):
        gone = [pid for pid in (g.first, g.second) if not event.player(pid).available(k)
                and event.player(pid).withdrawn_from is not None]
        result = None
        if len(gone) == 2:
            result = Result.DOUBLE_FORFEIT
        elif gone:
            result = Result.FORFEIT_SECOND_WINS if gone[0] == g.first else Result.FORFEIT_FIRST_WINS
        games.append(Game(i, g.first, g.second, result))
    return event.with_round(Round(Stage.ROUNDROBIN, k, tuple(games), None))


# -- manual changes ------------------------------------------------------------


def rematches_in(event: Event, rnd: Round) -> list[Game]:
    """The boards of a round whose players met over the board before (a team event:
    `core.teams.pairing.rematches_of`, by match)."""
    hist = {h.id: h for h in histories(event, rnd.stage, rnd.table, rnd.number - 1)}
    out = []
    for g in rnd.games:
        h = hist.get(g.first)
        if g.second is not None and h and any(r.outcome.played and r.opponent == g.second for r in h.records):
            out.append(g)
    return out


def warnings_for(event: Event, rnd: Round, *, lang: str = "en") -> list[str]:
    """What a judge should know about a hand-made pairing: rematches, colours, a second bye ("en" or "ru")."""
    t = words(lang)
    stage_players = event.table_players(rnd.table) if rnd.stage == Stage.SWISS else list(event.players)
    hist = {h.id: h for h in histories(event, rnd.stage, rnd.table, rnd.number - 1)}
    out = []
    for g in rnd.games:
        if g.second is None:
            h = hist.get(g.first)
            if h and any(r.outcome in (Outcome.PAB, Outcome.FULL_BYE, Outcome.FORFEIT_WIN) for r in h.records):
                out.append(t("w_had_bye", n=g.board, name=event.player(g.first).name))
            continue
        a, b = hist.get(g.first), hist.get(g.second)
        if a and any(r.outcome.played and r.opponent == g.second for r in a.records):
            out.append(t("w_rematch", n=g.board, a=event.player(g.first).name, b=event.player(g.second).name))
        for pid, h, colour in ((g.first, a, "w"), (g.second, b, "b")):
            if h is None:
                continue
            played = [r.colour for r in h.records if r.outcome.played]
            seq = played + [colour]
            diff = seq.count("w") - seq.count("b")
            if abs(diff) > 2 or (len(seq) >= 3 and seq[-3:] == [colour] * 3):
                out.append(t("w_colours_first" if colour == "w" else "w_colours_second", n=g.board,
                             name=event.player(pid).name))
    paired = {p for g in rnd.games for p in g.players}
    for p in stage_players:
        if p.id not in paired and p.available(rnd.number):
            out.append(t("w_not_paired", name=p.name, id=p.id))
    return out


def check_by_hand(event: Event, stage: str, table: int | None, round_no: int) -> Round:
    """A saved round a judge may change by hand (swap, exchange, the bye): its table's last, without results."""
    rnd = event.find_round(stage, table, round_no)
    if rnd.key != event.rounds_of(stage, table)[-1].key:
        raise IllegalChange("round {round_no} is not the current round: only the current round is changed by hand",
                            round_no=round_no)
    if any(g.result is not None and g.second is not None for g in rnd.games):
        raise IllegalChange("round {round_no} has results: clear them before changing its pairing", round_no=round_no)
    return rnd


def swap_colours(event: Event, stage: str, table: int | None, round_no: int, board: int) -> Event:
    rnd = check_by_hand(event, stage, table, round_no)
    g = rnd.game(board)
    if g.second is None:
        raise IllegalChange("board {board} is a bye", board=board)
    new = replace(g, first=g.second, second=g.first, manual=True)
    return event.with_round(replace(rnd, games=tuple(new if x.board == board else x for x in rnd.games)))


def exchange(event: Event, stage: str, table: int | None, round_no: int, a: int, b: int) -> Event:
    """Exchange two players (ids) between their boards."""
    rnd = check_by_hand(event, stage, table, round_no)
    if a == b:
        raise IllegalChange("exchange two different players, not player {a} with himself", a=a)

    def sub(pid: int | None) -> int | None:
        return b if pid == a else a if pid == b else pid

    games = []
    for g in rnd.games:
        if a in g.players or b in g.players:
            g = replace(g, first=sub(g.first), second=sub(g.second), manual=True)
        games.append(g)
    if not any(a in g.players for g in rnd.games) or not any(b in g.players for g in rnd.games):
        raise IllegalChange("players {a} and {b} must both be paired in round {round_no}", a=a, b=b, round_no=round_no)
    return event.with_round(replace(rnd, games=tuple(games)))


def pair_by_hand(event: Event, stage: str, table: int | None, round_no: int,
                 pairs: list[tuple[int, int | None]]) -> Event:
    """Set a round's boards by hand (first, second); second None gives the bye."""
    seen: set[int] = set()
    games = []
    for i, (a, b) in enumerate(pairs, start=1):
        for pid in (a, b):
            if pid is None:
                continue
            p = event.player(pid)
            if stage == Stage.SWISS and p.table != table:
                raise IllegalChange("{name} ({pid}) does not play on this table", name=p.name, pid=pid)
            if pid in seen:
                raise IllegalChange("{name} ({pid}) is paired twice", name=p.name, pid=pid)
            seen.add(pid)
        games.append(Game(i, a, b, Result.BYE if b is None else None, manual=True))
    existing = [r for r in event.rounds_of(stage, table) if r.number == round_no]
    if existing:
        check_by_hand(event, stage, table, round_no)
    elif round_no != len(event.rounds_of(stage, table)) + 1:
        raise IllegalChange("the next round to pair is {k}", k=len(event.rounds_of(stage, table)) + 1)
    return event.with_round(Round(stage, round_no, tuple(games), table))


def give_bye(event: Event, stage: str, table: int | None, round_no: int, pid: int) -> Event:
    """Give a player the pairing-allocated bye by hand; the old bye player meets his partner."""
    rnd = check_by_hand(event, stage, table, round_no)
    mine = next((g for g in rnd.games if pid in g.players), None)
    if mine is None:
        raise IllegalChange("player {pid} is not paired in round {round_no}", pid=pid, round_no=round_no)
    if mine.second is None:
        raise IllegalChange("player {pid} already has the bye", pid=pid)
    old_bye = next((g for g in rnd.games if g.second is None), None)
    if old_bye is None:
        raise IllegalChange("this round has no bye to move: exchange players instead")
    partner = mine.second if mine.first == pid else mine.first
    games = [g for g in rnd.games if g is not mine and g is not old_bye]
    games.append(Game(0, old_bye.first, partner, manual=True))
    games.append(Game(0, pid, None, Result.BYE, manual=True))
    numbered = tuple(replace(g, board=i) for i, g in enumerate(games, start=1))
    return event.with_round(replace(rnd, games=numbered))


# -- explanation ---------------------------------------------------------------


def explain_round(event: Event, rnd: Round, *, lang: str = "en", progress: Callable[[], None] | None = None) -> str:
    """Why each board was made: the engine's reasons, or 'by hand' ("en" or "ru").

    It pairs the round again; `progress` goes to the engine (`core.swiss.pair_round`),
    and what it raises stops the explanation."""
    t = words(lang)
    lines = ["", t("px_title")]
    if rnd.stage == Stage.ROUNDROBIN:
        lines.append("  " + t("px_berger"))
        return "\n".join(lines) + "\n"
    if rnd.stage != Stage.SWISS:
        lines.append("  " + t("px_bracket"))
        return "\n".join(lines) + "\n"
    pair_round = pairing_system(event.pairing).engine()
    try:
        pairing = pair_round(swiss_request(event, rnd.table, rnd.number), progress=progress)
    except ArbiterError as exc:  # an engine refusal for a round that was paired by hand
        why = exc.text(lang) if lang != "en" and callable(getattr(exc, "text", None)) else exc
        lines.append("  " + t("px_refused", why=why))
        return "\n".join(lines) + "\n"
    def plain(why: str) -> str:  # the engine numbers its lines; the board is ours to say
        head, sep, rest = why.partition(": ")
        return rest if sep and (head.startswith("board ") or head == "bye") else why

    if len(pairing.reasons) == len(pairing.explanation):  # the reasons to say in any language
        said = [render(r, lang) for r in pairing.reasons]
    else:
        said = [plain(why) for why in pairing.explanation]
    reasons = {}
    for (w, b), why in zip(pairing.boards, said):
        reasons[(w, b)] = why
    bye_why = said[len(pairing.boards)] if pairing.bye is not None and len(said) > len(pairing.boards) else ""
    for g in rnd.games:
        if g.second is None:
            why = bye_why if (g.first == pairing.bye and not g.manual) else t("px_bye_by_hand")
        elif (g.first, g.second) in reasons and not g.manual:
            why = reasons[(g.first, g.second)]
        else:
            why = t("px_by_hand")
        lines.append("  " + t("px_board", n=g.board, why=why))
    for w in warnings_for(event, rnd, lang=lang):
        lines.append("  " + t("px_warning", why=w))
    return "\n".join(lines) + "\n"
