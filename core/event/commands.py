"""Everything that can change an event, as functions old event -> new event.

Each is what one command line call or one TUI key does; `core.store`
runs it inside a transaction. They check the rules and raise
`IllegalChange` (or `Conflict`) with a message a judge can act on.
"""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from fractions import Fraction
from typing import Unpack

from arbiter_tournament.core.errors import Advice, Conflict, IllegalChange, Msg, word
from arbiter_tournament.core.event.player_details import Details, clean_details
from arbiter_tournament.core.event.model import EDITIONS, SYSTEMS, Event, Game, Player, Round
from arbiter_tournament.core.event.records import Scoring
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.limits import RATING_MAX, ROUNDS_MAX, TABLES_MAX, TOP_MAX, TOP_MIN, UNRATED_RATING_MAX, UNRATED_RATING_MIN
from arbiter_tournament.core.event.systems import DEFAULT_PAIRING, Stage, System, check_pairing, main_stage

UNSEEN = object()  # `expected` not given: the caller has not seen the game


def new_event(
    name: str, rounds: int, *, system: str = System.SWISS.value, tables: int = 1, top: int = 0, third_place: bool = False,
    points: tuple[Fraction, Fraction, Fraction] | None = None, tiebreaks: tuple[str, ...] = (),
    edition: str = "fide2024", lots_seed: int = 0, start: str = "", end: str = "", baku: bool = False,
    initial_colour: str | None = None, unrated_rating: int | None = None, pairing: str = DEFAULT_PAIRING,
) -> Event:
    if not name.strip():
        raise IllegalChange("the event needs a name")
    if system not in SYSTEMS:
        raise IllegalChange("unknown system '{system}' (one of {known})", system=system, known=", ".join(SYSTEMS))
    check_pairing(system, pairing, baku=baku)
    if edition not in EDITIONS:
        raise IllegalChange("unknown edition '{edition}' (one of {known})", edition=edition, known=", ".join(EDITIONS))
    if rounds < 1 and system == System.SWISS:
        raise IllegalChange("a Swiss event needs at least one round")
    if rounds > ROUNDS_MAX:
        raise IllegalChange("{rounds} rounds is too many: at most {most}", rounds=rounds, most=ROUNDS_MAX)
    if tables < 1:
        raise IllegalChange("an event has at least one table")
    if tables > TABLES_MAX:
        raise IllegalChange("{tables} tables is too many: at most {most}", tables=tables, most=TABLES_MAX)
    if top < 0 or 0 < top < TOP_MIN:
        raise IllegalChange("a top needs at least two players")
    if top > TOP_MAX:
        raise IllegalChange("a top of {top} is too big: at most {most}", top=top, most=TOP_MAX)
    if unrated_rating is not None and not UNRATED_RATING_MIN <= unrated_rating <= UNRATED_RATING_MAX:
        raise IllegalChange("the rating of unrated players must be between {least} and {most}",
                            least=UNRATED_RATING_MIN, most=UNRATED_RATING_MAX)
    scoring = Scoring()
    if points is not None:
        w, d, l = points
        if not (w > d >= l):
            raise IllegalChange("points must be win > draw >= loss, e.g. 1,0.5,0 or 3,1,0")
        scoring = Scoring(win=w, draw=d, loss=l)
    if initial_colour is None:  # drawn by lot before round 1 (C.04.2), from the recorded seed
        initial_colour = random.Random(f"{lots_seed}:colour").choice("wb")
    return Event(
        name=name.strip(), rounds_planned=rounds, system=system, pairing=pairing, tables=tables, top=top, third_place=third_place,
        scoring=scoring, tiebreaks=tuple(tiebreaks), edition=edition, lots_seed=lots_seed, start=start, end=end,
        baku=baku, initial_colour=initial_colour, unrated_rating=unrated_rating,
    )


def next_id(event: Event) -> int:
    return max((p.id for p in event.players), default=0) + 1


def rounds_paired(event: Event, table: int | None) -> int:
    """How many rounds of the main stage this table has paired."""
    stage = main_stage(event.system)
    return max((r.number for r in event.rounds_of(stage, table)), default=0)


def add_player(
    event: Event, name: str, *, rating: int = 0, club: str = "", federation: str = "", table: int | None = None,
    team: str = "", pid: int | None = None, **more: Unpack[Details],
) -> Event:
    pid = next_id(event) if pid is None else pid
    if event.has_player(pid):
        raise IllegalChange("player id {pid} is taken", pid=pid)
    player = make_player(event, pid, name, rating=rating, club=club, federation=federation, table=table, team=team,
                         **more)
    return replace(event, players=event.players + (player,))


def add_players(event: Event, rows, *, row_error=None) -> Event:
    """The players of `rows` (keyword arguments of `add_player`) added at once, ids from the next free one
    on, in time linear in the rows (`add_player` once per row would copy the players each time). A row
    refused raises `row_error(index, exc)` when given, else its IllegalChange; nothing is added then."""
    pid = next_id(event)
    started: dict[int | None, int] = {}
    added = []
    for i, row in enumerate(rows):
        try:
            added.append(make_player(event, pid, started=started, **row))
        except IllegalChange as exc:
            if row_error is None:
                raise
            raise row_error(i, exc) from None
        pid += 1
    return replace(event, players=event.players + tuple(added))


def make_player(
    event: Event, pid: int, name: str, *, rating: int = 0, club: str = "", federation: str = "",
    table: int | None = None, team: str = "", started: dict | None = None, **more: Unpack[Details],
) -> Player:
    """A new player of `event` with id `pid`, every value checked (the rules of `add_player`); `started`
    keeps the rounds each table has paired, for many players at once."""
    name = name.strip()
    if not name:
        raise IllegalChange("a player needs a name")
    if any(ch in name for ch in "\n\r\t"):
        raise IllegalChange("a name is one line of text")
    if rating < 0:
        raise IllegalChange("rating {rating} is negative", rating=rating)
    if rating > RATING_MAX:
        raise IllegalChange("rating {rating} is too high: at most {most}", rating=rating, most=RATING_MAX)
    if event.tables > 1:
        if table is None:
            raise IllegalChange("the event has {tables} tables", tables=event.tables,
                                advice=Advice.of("choose_table", tables=event.tables))
        if not 1 <= table <= event.tables:
            raise IllegalChange("table {table} does not exist (the event has {tables})", table=table, tables=event.tables)
    elif table not in (None, 1):
        raise IllegalChange("table {table} does not exist (the event has one table)", table=table)
    else:
        table = None
    details = clean_details({"federation": federation, **more})
    federation = details.pop("federation")
    if started is None:
        paired = rounds_paired(event, table)
    elif table in started:
        paired = started[table]
    else:
        paired = started[table] = rounds_paired(event, table)
    late_entry_refusal(event, table, paired)
    return Player(
        id=pid, name=name, rating=rating, club=club.strip(), federation=federation, table=table,
        team=team.strip(), late_from=paired + 1 if paired else None, **details,
    )


def late_entry_refusal(event: Event, table: int | None, paired: int | None = None) -> None:
    """Refuse a player added to `table` once no round is left for him to play (`paired`: the rounds the table
    has paired, counted when not given): a round robin that has started (its Berger tables have no place for
    him), a Swiss whose every planned round is paired (a late entry from round N + 1 of an N-round event would
    never play; a knockout top or a play-off after the Swiss takes only the Swiss's players)."""
    paired = rounds_paired(event, table) if paired is None else paired
    if paired and event.system != System.SWISS:
        raise IllegalChange("the round robin has started: its Berger tables have no place for a late entry")
    if paired and paired >= event.rounds_planned:
        if table is not None:
            raise IllegalChange("all {n} rounds have been paired on table {table}: no round is left for a late entry",
                                n=event.rounds_planned, table=table)
        raise IllegalChange("all {n} rounds have been paired: no round is left for a late entry",
                            n=event.rounds_planned)


def late_entry_closed(event: Event) -> Msg | None:
    """Why no table of `event` takes a new player (`late_entry_refusal` of each), else None."""
    reasons = []
    for table in event.table_ids():
        try:
            late_entry_refusal(event, table)
        except IllegalChange as exc:
            reasons.append(exc.msg)
        else:
            return None
    return reasons[0]


def update_ratings(event: Event, ratings: dict[int, int], *, force: bool = False) -> Event:
    """The players' ratings set from a rating list: before round 1 is paired, or later only with `force`."""
    if event.rounds and not force:
        raise IllegalChange("round 1 has been paired: ratings are updated before it",
                            advice=Advice.of("force", what="ratings"))
    for pid, r in ratings.items():
        event.player(pid)
        if not 0 <= r <= RATING_MAX:
            raise IllegalChange("player {pid}: rating {rating} of the list is not a rating (0 to {most})", pid=pid,
                                rating=r, most=RATING_MAX)
    return replace(event, players=tuple(replace(p, rating=ratings[p.id]) if p.id in ratings else p
                                        for p in event.players))


def edit_player(event: Event, pid: int, **fields) -> Event:
    p = event.player(pid)
    if "name" in fields and not str(fields["name"]).strip():
        raise IllegalChange("a player needs a name")
    fields = clean_details(fields)
    rating = fields.get("rating")
    if isinstance(rating, int) and rating < 0:
        raise IllegalChange("rating {rating} is negative", rating=rating)
    if isinstance(rating, int) and rating > RATING_MAX:
        raise IllegalChange("rating {rating} is too high: at most {most}", rating=rating, most=RATING_MAX)
    new = replace(p, **fields)
    return replace(event, players=tuple(new if x.id == pid else x for x in event.players))


def withdraw(event: Event, pid: int, from_round: int | None = None) -> Event:
    """The player is not paired from `from_round` on (default: the next round to pair)."""
    p = event.player(pid)
    if p.withdrawn_from is not None:
        raise IllegalChange("{name} ({pid}) has already withdrawn from round {withdrawn_from}", name=p.name, pid=pid, withdrawn_from=p.withdrawn_from)
    if from_round is None:
        from_round = rounds_paired(event, p.table) + 1
    if from_round < 1:
        raise IllegalChange("round {round} is not a round of this event", round=from_round)
    return edit_player(event, pid, withdrawn_from=from_round)


def reinstate(event: Event, pid: int) -> Event:
    """A withdrawn player plays again from the next round to pair (no shell offers it yet; the TRF tests use it)."""
    p = event.player(pid)
    if p.withdrawn_from is None:
        raise IllegalChange("{name} ({pid}) has not withdrawn", name=p.name, pid=pid)
    return edit_player(event, pid, withdrawn_from=None)


def request_bye(event: Event, pid: int, round_no: int, kind: str) -> Event:
    """A requested bye (half, zero or full point) for a round the player is not paired in.

    Before pairing: the player is left out of that round. For a round already
    paired without him (a late entry's missed rounds): the points he is given.
    """
    p = event.player(pid)
    if kind not in ("half", "zero", "full", "none"):
        raise IllegalChange("unknown bye '{kind}' (half, zero, full, or none to cancel)", kind=kind)
    if round_no < 1 or round_no > event.rounds_planned:
        raise IllegalChange("round {round_no} is not a round of this event (1..{rounds_planned})", round_no=round_no, rounds_planned=event.rounds_planned)
    stage = main_stage(event.system)
    for r in event.rounds_of(stage, p.table if stage == Stage.SWISS else None):
        if r.number == round_no and any(pid in g.players for g in r.games):
            raise IllegalChange("{name} ({pid}) is paired in round {round_no}: change that game instead", name=p.name, pid=pid, round_no=round_no)
    byes = tuple(b for b in p.byes if b[0] != round_no)
    if kind != "none":
        byes = tuple(sorted(byes + ((round_no, kind),)))
    return edit_player(event, pid, byes=byes)


def check_result(
    event: Event, stage: str, table: int | None, round_no: int, board: int, result: Result | None, *,
    force: bool = False, expected: object = UNSEEN, moves: int | None = None,
) -> Game:
    """What `record_result` refuses, without recording it: the board's game, or the refusal.

    Over a different result already there the change is refused unless
    `force`. A caller that shows the game (the TUI) passes the result it
    showed as `expected`: if another judge changed it since, the change is
    refused (`Conflict`) with who entered what, unless forced.
    """
    game = event.find_round(stage, table, round_no).game(board)
    if game.second is None and result not in (Result.BYE, None):
        raise IllegalChange("board {board} is the bye of {name} ({pid}): it has no game to score", board=board,
                            name=event.player(game.first).name, pid=game.first)
    if game.second is not None and result is Result.BYE:
        raise IllegalChange("board {board} is a game, not a bye", board=board)
    if result is not None and result.agreed and stage != Stage.TOP:
        raise IllegalChange("an agreed result (704.4) is for top games only")
    if game.result == result and (moves is None or moves == game.moves):
        return game  # nothing changes: never refused
    if not force:
        if expected is not UNSEEN and expected != game.result:
            shown = Msg("no result") if expected is None else str(expected)
            now = Msg("no result") if game.result is None else str(game.result)
            who = Msg(" (entered by {by})", by=game.by) if game.by else ""
            raise Conflict(
                "board {board} changed since you read it: you saw {shown}, it is now {now}{who}", board=board, shown=shown, now=now, who=who,
                advice=Advice.of("force", what="overwrite")
            )
        if expected is UNSEEN and game.result is not None and result != game.result:
            who = Msg(" by {by}", by=game.by) if game.by else ""
            raise Conflict(
                "board {board} of round {round_no} already has {result}{who}", board=board, round_no=round_no, result=game.result, who=who,
                advice=Advice.of("force", what="replace")
            )
    return game


def record_result(
    event: Event, stage: str, table: int | None, round_no: int, board: int, result: Result | None, *,
    by: str = "", force: bool = False, expected: object = UNSEEN, moves: int | None = None,
) -> Event:
    """Enter (or clear, with None) one game's result (refused as `check_result` says)."""
    game = check_result(event, stage, table, round_no, board, result, force=force, expected=expected, moves=moves)
    if game.result == result and (moves is None or moves == game.moves):
        return event
    rnd = event.find_round(stage, table, round_no)
    new_game = replace(game, result=result, by=by if result is not None else "", moves=moves if moves is not None else game.moves)
    return event.with_round(replace(rnd, games=tuple(new_game if g.board == board else g for g in rnd.games)))


def current_round(event: Event, stage: str, table: int | None) -> Round:
    rounds = event.rounds_of(stage, table)
    if not rounds:
        if table is not None:
            raise IllegalChange("no {stage} round has been paired yet on table {table}", stage=word(stage), table=table)
        raise IllegalChange("no {stage} round has been paired yet", stage=word(stage))
    return rounds[-1]


def forbid_pair(event: Event, a: int, b: int, *, remove: bool = False) -> Event:
    """Two players who must not meet (same family ...), or take that back."""
    pa, pb = event.player(a), event.player(b)
    if a == b:
        raise IllegalChange("a player cannot be paired with himself anyway")
    pair = (min(a, b), max(a, b))
    has = pair in {(min(x), max(x)) for x in event.forbidden}
    if remove:
        if not has:
            raise IllegalChange("{name} ({a}) and {name2} ({b}) are not a forbidden pair", name=pa.name, a=a, name2=pb.name, b=b)
        return replace(event, forbidden=tuple(x for x in event.forbidden if (min(x), max(x)) != pair))
    if has:
        return event
    return replace(event, forbidden=event.forbidden + (pair,))


def forbid_club(event: Event, club: str, *, remove: bool = False) -> Event:
    """Members of one club must not meet each other (or take that back)."""
    club = club.strip()
    if not any(p.club == club for p in event.players):
        raise IllegalChange("no player of club '{club}'", club=club)
    if remove:
        return replace(event, forbidden_clubs=tuple(c for c in event.forbidden_clubs if c != club))
    if club in event.forbidden_clubs:
        return event
    return replace(event, forbidden_clubs=event.forbidden_clubs + (club,))


def set_clock(event: Event, stage: str, table: int | None, round_no: int, *, deadline: str = "",
              paused: int | None = None) -> Event:
    rnd = event.find_round(stage, table, round_no)
    return event.with_round(replace(rnd, clock_deadline=deadline, clock_paused=paused))


ROUND_MINUTES = (45, 70)  # 705.3: 45 minutes for a Swiss round up to 70 for a top game, the organiser's choice


def start_clock(event: Event, stage: str, table: int | None, round_no: int, minutes: int, now: str) -> Event:
    """Start a round's clock for `minutes` typed by the judge (705.3: 45 to 70) from `now` (ISO time)."""
    low, high = ROUND_MINUTES
    if not low <= minutes <= high:
        raise IllegalChange("the round's time is {low} to {high} minutes (705.3), not {minutes}", low=low, high=high,
                            minutes=minutes)
    start = datetime.fromisoformat(now)
    start = start if start.tzinfo else start.replace(tzinfo=timezone.utc)
    deadline = (start + timedelta(minutes=minutes)).astimezone(timezone.utc).isoformat(timespec="seconds")
    return set_clock(event, stage, table, round_no, deadline=deadline)


def unpair_round(event: Event, stage: str, table: int | None, round_no: int) -> Event:
    """Take back a pairing that has no result yet (only the last round; the top and the play-off pair their
    rounds themselves)."""
    if stage == Stage.TOP:
        raise IllegalChange("the top pairs its rounds itself: a result cleared takes its next games back")
    if stage == Stage.PLAYOFF:
        raise IllegalChange("the play-off pairs its rounds itself: a result cleared takes its next games back")
    rnd = event.find_round(stage, table, round_no)
    if rnd is not event.rounds_of(stage, table)[-1]:
        raise IllegalChange("round {round_no} is not the last round", round_no=round_no)
    if any(g.result is not None and g.second is not None for g in rnd.games):
        raise IllegalChange("round {round_no} has results: clear them first", round_no=round_no)
    return replace(event, rounds=tuple(r for r in event.rounds if r.key != rnd.key))
