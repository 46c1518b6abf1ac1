"""The play-off for first place (32.5.6) as a stage of the event.

`core.playoff.plan` holds the formats and decides them from results; this module
chooses the tied players from the standings, stores the plan in the
`[playoff]` section, and keeps the games in rounds of stage "playoff": each
time a play-off round is complete, the next games the plan asks for become
the next round. `[playoff] ids` maps "round.board" to the plan's game id.
"""

from __future__ import annotations

from dataclasses import replace

from arbiter_tournament.core.playoff import plan as po
from arbiter_tournament.core.errors import Advice, IllegalChange
from arbiter_tournament.core.event.model import Event, Game, Round
from arbiter_tournament.core.playoff.complete import main_finished
from arbiter_tournament.core.msg import Msg, joined, render
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.tiebreaks.standings import completed_rounds, main_stage, standings
from arbiter_tournament.core.event.systems import Stage


def state(event: Event) -> dict | None:
    return event.stage_state(Stage.PLAYOFF)


def _started(event: Event) -> dict:
    """The play-off's state; refused when none has started."""
    st = state(event)
    if st is None:
        raise IllegalChange("no play-off has started", advice=Advice.of("start_playoff"))
    return st


def tied_for_first(event: Event) -> list[int]:
    """The players with the most points, in the event's tie-break order."""
    stage = main_stage(event)
    rows = standings(event, after_round=completed_rounds(event, stage))
    if not rows:
        raise IllegalChange("no players")
    best = rows[0].points
    return [r.id for r in rows if r.points == best]


def check_can_start(event: Event) -> None:
    """What refuses any play-off before its players are looked at: one started, a top, the main stage unfinished.

    A play-off for first place (32.5) breaks a tie of the final standings, so
    it starts only when the main stage (the Swiss, every table's planned
    rounds; or the round robin) has every result. An event with a top has no
    play-off: the top's bracket decides first place (704.3).
    """
    if state(event) is not None:
        raise IllegalChange("the play-off has already started")
    if event.stage_state("teams") is not None:
        raise IllegalChange("a team event has no play-off for first place: its team standings decide")
    if event.top or event.stage_state(Stage.TOP) is not None:
        raise IllegalChange("the event has a top: its bracket decides first place, not a play-off")
    if not main_finished(event):
        raise IllegalChange("the main stage is not finished: a play-off for first place starts once every round "
                            "has every result")


def playoff_players(event: Event, players: list[int] | None = None) -> list[int]:
    """Who plays the play-off, in tie-break order, or what `start_playoff` refuses first.

    The players are those tied for first (`tied_for_first`). A judge's list
    `players` must name exactly them, in any order: the rules (32.5.6) give the
    format by the number tied and seed it by the tie-break order, and leave
    nobody tied out but for 11 or more, where the best 8 play and the others
    are out; so with 11 or more tied, the best 8 alone are accepted too (the
    play-off is the same: the others are recorded as out).
    """
    check_can_start(event)
    if players is not None:
        for pid in players:
            event.player(pid)
    tied = tied_for_first(event)
    if len(tied) < 2:
        raise IllegalChange("nobody is tied for first: no play-off is needed")
    if players is not None:
        given = set(players)
        if len(given) != len(players):
            raise IllegalChange("a player appears twice among the tied players")
        if given != set(tied) and not (len(tied) >= 11 and given == set(tied[:8])):
            raise IllegalChange("a play-off is among exactly the players tied for first: {tied}, not {given}",
                                tied=", ".join(map(str, sorted(tied))), given=", ".join(map(str, players)))
    return tied


def void_reason(event: Event) -> Msg | None:
    """Why the play-off started no longer decides first place, or None while it does (or none started).

    A correction of the main stage after the play-off started can change who
    is tied for first: the play-off then no longer applies (its winner is not
    put first: `core.final.ranking`), until the judge takes it back
    (`CancelPlayoff`) or the tie is as it was again.
    """
    st = state(event)
    if st is None:
        return None
    if not main_finished(event):
        return Msg("the play-off no longer applies: the main stage is not finished")
    plan = po.plan_from_dict(st["plan"])
    try:
        tied = tied_for_first(event)
    except IllegalChange:
        tied = []
    if set(plan.players) | set(plan.excluded) != set(tied):
        return Msg("the play-off no longer applies: its players are no longer tied for first")
    return None


def stands(event: Event) -> bool:
    """A play-off has started and still decides first place (`void_reason` is None)."""
    return state(event) is not None and void_reason(event) is None


def change_effect(old: Event, new: Event) -> Msg | None:
    """What a change of the main stage does to the play-off (the correction's question says it): that it no
    longer stands, or stands again; None when nothing changes for it."""
    if state(old) is None or state(new) is None:
        return None
    was, now = void_reason(old) is None, void_reason(new) is None
    if was and not now:
        return Msg("the play-off for first place no longer stands after this change: its players are not exactly "
                   "the players tied for first")
    if now and not was:
        return Msg("the play-off for first place stands again after this change: its players are again the "
                   "players tied for first")
    return None


def cancel_playoff(event: Event) -> Event:
    """Take the play-off back: its plan and every play-off round (refused when none has started)."""
    _started(event)
    return replace(event, extra=tuple(x for x in event.extra if x[0] != Stage.PLAYOFF),
                   rounds=tuple(r for r in event.rounds if r.stage != Stage.PLAYOFF))


def start_playoff(event: Event, players: list[int] | None = None, *, knockout_games: str = "match",
                  armageddon_only: bool = False) -> Event:
    tied = playoff_players(event, players)
    try:
        plan = po.propose(tied, event.lots_seed, knockout_games=knockout_games, armageddon_only=armageddon_only)
    except ValueError as exc:
        raise IllegalChange.from_error(exc) from None
    st = {"plan": po.plan_to_dict(plan), "ids": {}}
    event = replace(event, extra=tuple(x for x in event.extra if x[0] != Stage.PLAYOFF) + ((Stage.PLAYOFF, st),))
    return advance(event)


def _results(event: Event, st: dict) -> dict[str, po.GameResult]:
    out = {}
    for rnd in event.rounds_of(Stage.PLAYOFF):
        for g in rnd.games:
            gid = st["ids"].get(f"{rnd.number}.{g.board}")
            if gid is None or g.result is None:
                continue
            side = g.result.winner_side
            text = "1/2" if side is None else ("1-0" if side == 0 else "0-1")
            out[gid] = po.GameResult(text, g.moves)
    return out


def progress(event: Event) -> po.PlayoffState:
    st = _started(event)
    now = po.advance(po.plan_from_dict(st["plan"]), _results(event, st))
    if isinstance(now.needs, Msg) and now.needs.key == "enter the number of moves of the games {games}":
        # the plan names its games by id: the judge finds them by round and board
        where = {gid: tuple(map(int, rb.split("."))) for rb, gid in st["ids"].items()}
        found = [where.get(gid) for gid in now.needs.fields["games"].split(", ")]
        games = [rb for rb in found if rb is not None]
        if len(games) == len(found):
            boards = joined([Msg("round {round} board {board}", round=r, board=b) for r, b in sorted(games)], ", ")
            now = replace(now, needs=Msg("enter the number of moves of the games in {boards}", boards=boards))
    return now


def advance(event: Event) -> Event:
    """When the current play-off round is complete, add the next games the plan asks for."""
    rounds = event.rounds_of(Stage.PLAYOFF)
    if rounds and rounds[-1].missing:
        return event
    now = progress(event)
    if now.finished or not now.next_games:
        return event
    number = len(rounds) + 1
    st = _started(event)
    ids = dict(st["ids"])
    games: list[Game] = []
    busy: set[int] = set()
    for g in now.next_games:  # a player plays once a round: a mini-match's second game comes next round
        if g.first in busy or g.second in busy:
            continue
        busy |= {g.first, g.second}
        ids[f"{number}.{len(games) + 1}"] = g.id
        games.append(Game(len(games) + 1, g.first, g.second))
    st = {**st, "ids": ids}
    event = replace(event, extra=tuple((k, st if k == Stage.PLAYOFF else v) for k, v in event.extra))
    return event.with_round(Round(Stage.PLAYOFF, number, tuple(games)))


def check_playoff_result(event: Event, round_no: int, board: int, result: Result | None, **kw) -> None:
    """What `record_playoff_result` refuses before it records: an agreed result, what `check_result` refuses,
    a change under later results. (`kw`: `force`, `expected`, `moves` of `check_result`.)"""
    from arbiter_tournament.core.event.commands import check_result

    if result is not None and result.agreed:
        raise IllegalChange("an agreed result is for top games")
    game = check_result(event, Stage.PLAYOFF, None, round_no, board, result, **kw)
    moves = kw.get("moves")
    if game.result == result and (moves is None or moves == game.moves):
        return
    later = [r for r in event.rounds_of(Stage.PLAYOFF) if r.number > round_no]
    if any(g.result is not None for r in later for g in r.games):
        raise IllegalChange("later play-off games depend on this one: clear them first")


def record_playoff_result(event: Event, round_no: int, board: int, result: Result | None, **kw) -> Event:
    from arbiter_tournament.core.event.commands import record_result

    check_playoff_result(event, round_no, board, result, **{k: v for k, v in kw.items() if k != "by"})
    new = record_result(event, Stage.PLAYOFF, None, round_no, board, result, **kw)
    if new == event:
        return event
    later = [r for r in new.rounds_of(Stage.PLAYOFF) if r.number > round_no]
    if later:
        # the later games were drawn on the old result: draw them again
        st = _started(new)
        ids = {k: v for k, v in st["ids"].items() if int(k.split(".")[0]) <= round_no}
        new = replace(new, rounds=tuple(r for r in new.rounds if not (r.stage == Stage.PLAYOFF and r.number > round_no)),
                      extra=tuple((k, {**v, "ids": ids} if k == Stage.PLAYOFF else v) for k, v in new.extra))
    return advance(new)


def game_label(event: Event, round_no: int, board: int) -> str:
    """What a play-off board is: its stage in the plan, time control, Armageddon (a `Msg`, or the game's id)."""
    st = state(event)
    gid = st["ids"].get(f"{round_no}.{board}") if st else None
    now = progress(event)
    for g in now.next_games + tuple(g for g, _ in now.played):  # to play, or played
        if g.id == gid:
            return Msg("{stage}, {time_control}", stage=g.stage, time_control=g.time_control)
    return gid or ""


def report(event: Event, lang: str = "en", *, boards: bool = True) -> str:
    """The play-off: the tied players, the format, what was drawn and decided, and now (`arbiter playoff`).

    In `lang` ("en" or "ru"); `boards=False` leaves out the boards of the
    current round (a printout shows them as a table).
    """
    st = progress(event)
    plan = po.plan_from_dict(_started(event)["plan"])
    names = lambda pid: f"{event.player(pid).name} ({pid})"  # noqa: E731
    say = lambda m: render(m, lang)  # noqa: E731
    lines = [say(Msg("Play-off for first place: {players}", players=", ".join(names(p) for p in plan.players))),
             say(Msg("Format: {format}", format=po.plan_description(plan)))]
    if plan.excluded:
        lines.append(say(Msg("Out (9th and below): {players}", players=", ".join(names(p) for p in plan.excluded))))
    def named(m):  # core.playoff.plan logs players by id (it has no event): here by name, as the judge reads it
        if isinstance(m, Msg) and isinstance(m.fields.get("player"), int):
            return m.but(player=names(m.fields["player"]))
        return m

    lines += [f"  {say(named(x))}" for x in st.log]
    if st.finished:
        if not (st.log and st.log[-1] == Msg("First place: {player}", player=st.winner)):  # (the log's last line)
            lines.append(say(Msg("First place: {player}", player=names(st.winner))))
    else:
        rnd = event.rounds_of(Stage.PLAYOFF)[-1] if event.rounds_of(Stage.PLAYOFF) else None
        if rnd is not None and boards:
            lines.append(say(Msg("Now: play-off round {n}", n=rnd.number)))
            for g in rnd.games:
                res = str(g.result) if g.result else "-"
                lines.append("  " + say(Msg("board {board}: {first} - {second} {result}  [{label}]", board=g.board,
                                            first=names(g.first), second=names(g.second), result=res,
                                            label=game_label(event, rnd.number, g.board))))
        if st.needs:
            lines.append(say(Msg("Needed: {needs}", needs=st.needs)))
    void = void_reason(event)
    if void is not None:  # a correction of the main stage: the play-off decides nothing now
        lines.append(say(void))
    return "\n".join(lines) + "\n"
