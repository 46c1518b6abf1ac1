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
from arbiter_tournament.core.msg import Msg, joined, render
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.tiebreaks.standings import completed_rounds, main_stage, standings
from arbiter_tournament.core.event.systems import Stage


def state(event: Event) -> dict | None:
    return event.stage_state(Stage.PLAYOFF)


def tied_for_first(event: Event) -> list[int]:
    """The players with the most points, in the event's tie-break order."""
    stage = main_stage(event)
    rows = standings(event, after_round=completed_rounds(event, stage))
    if not rows:
        raise IllegalChange("no players")
    best = rows[0].points
    return [r.id for r in rows if r.points == best]


def playoff_players(event: Event, players: list[int] | None = None) -> list[int]:
    """Who plays the play-off (`players`, else those tied for first), or what `start_playoff` refuses first."""
    if state(event) is not None:
        raise IllegalChange("the play-off has already started")
    tied = players or tied_for_first(event)
    for pid in tied:
        event.player(pid)
    if len(tied) < 2:
        raise IllegalChange("nobody is tied for first: no play-off is needed")
    return tied


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
    st = state(event)
    if st is None:
        raise IllegalChange("no play-off has started", advice=Advice.of("start_playoff"))
    now = po.advance(po.plan_from_dict(st["plan"]), _results(event, st))
    if isinstance(now.needs, Msg) and now.needs.key == "enter the number of moves of the games {games}":
        # the plan names its games by id: the judge finds them by round and board
        where = {gid: tuple(map(int, rb.split("."))) for rb, gid in st["ids"].items()}
        games = [where.get(gid) for gid in now.needs.fields["games"].split(", ")]
        if all(games):
            boards = joined([Msg("round {round} board {board}", round=r, board=b) for r, b in sorted(games)], ", ")
            now = replace(now, needs=Msg("enter the number of moves of the games in {boards}", boards=boards))
    return now


def advance(event: Event) -> Event:
    """When the current play-off round is complete, add the next games the plan asks for."""
    st = state(event)
    rounds = event.rounds_of(Stage.PLAYOFF)
    if rounds and rounds[-1].missing:
        return event
    now = progress(event)
    if now.finished or not now.next_games:
        return event
    number = len(rounds) + 1
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
        st = state(new)
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
    plan = po.plan_from_dict(state(event)["plan"])
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
    return "\n".join(lines) + "\n"
