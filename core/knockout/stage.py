"""The top as a stage of the event: qualify, seed, store, pair and advance.

`core.knockout` holds the rules (704, 705) over pure data; this module reads
the Swiss standings of the event, stores the seeds and the lots in the
`[top]` section, keeps the top's games in rounds of stage "top" (board =
match number; the third-place match follows the last match; in a mini-match
of N games, board = (match - 1) * N + game), and derives the bracket from
them.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from arbiter_tournament.core import knockout as ko
from arbiter_tournament.core.errors import Advice, IllegalChange
from arbiter_tournament.core.event.history import histories, round_records
from arbiter_tournament.core.msg.i18n import words
from arbiter_tournament.core.event.model import Event, Game, Round
from arbiter_tournament.core.msg import render
from arbiter_tournament.core.event.records import Outcome, PlayerHistory, RoundRecord
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.tiebreaks.standings import standings
from arbiter_tournament.core.event.systems import Stage


def state(event: Event) -> dict | None:
    return event.stage_state(Stage.TOP)


def _config(st: dict) -> ko.TopConfig:
    return ko.TopConfig(third_place=st.get("third_place", False), games_per_match=st.get("games_per_match", 1),
                        higher_seed_first=st.get("higher_seed_first", False), colour_seed=st.get("colour_seed"),
                        placings=st.get("placings", "shared"))


def swiss_finished(event: Event) -> bool:
    for t in event.table_ids():
        rounds = event.rounds_of(Stage.SWISS, t)
        if len(rounds) < event.rounds_planned or any(r.missing for r in rounds):
            return False
    return True


def qualification(event: Event, size: int, *, lots: bool = False) -> ko.Qualification:
    """The qualifiers of each table (`ko.qualify`). A withdrawn player is left out (`left_out`): the seat he
    would have had is a seat like any other, taken by the next player of his table, and a tie at that
    line is refused unless `lots`, as at any line."""
    rankings = []
    left_out: list[tuple[int, int]] = []
    q = size // max(1, len(event.table_ids()))
    for t in event.table_ids():
        everyone = standings(event, table=t)
        rows = [r for r in everyone if event.player(r.id).withdrawn_from is None]
        ranked = tuple(r.id for r in rows)
        tied: frozenset[int] = frozenset()
        if len(rows) > q:
            last, nxt = rows[q - 1], rows[q]
            if last.tie_group is not None and last.tie_group == nxt.tie_group:
                tied = frozenset(r.id for r in rows if r.tie_group == last.tie_group)
        line = everyone.index(rows[q - 1]) if len(rows) >= q else len(everyone)
        left_out += [(t or 1, r.id) for r in everyone[:line + 1] if event.player(r.id).withdrawn_from is not None]
        rankings.append(ko.TableRanking(t or 1, ranked, tied))
    out = ko.qualify(rankings, size, lot_seed=event.lots_seed if lots else None)
    return replace(out, left_out=tuple(left_out))


def left_out_lines(event: Event, size: int | None = None, lang: str = "en") -> list[str]:
    """One line for each withdrawn player left out of the top who would have qualified by his place."""
    q = qualification(event, size or event.top, lots=True)
    t = words(lang)
    return [t("top_left_out", pid=pid, name=event.player(pid).name, table=table) for table, pid in q.left_out]


def check_start_top(event: Event, *, size: int | None = None) -> None:
    """What `start_top` refuses before it qualifies anyone: a top started, none planned, the Swiss unfinished."""
    if state(event) is not None:
        raise IllegalChange("the top has already started")
    if not (size or event.top):
        raise IllegalChange("the event has no top", advice=Advice.of("set_top_size"))
    if not swiss_finished(event):
        raise IllegalChange("the Swiss stage is not finished: every round needs every result first")


def start_top(event: Event, *, seeding: str = "straight", lots: bool = False, games_per_match: int = 1,
              higher_seed_first: bool = False, placings: str = "shared", size: int | None = None) -> Event:
    """Qualify from the Swiss standings (per table), seed, store, and pair the first top round."""
    check_start_top(event, size=size)
    size = size or event.top
    q = qualification(event, size, lots=lots)
    seeds = ko.best_seeding(q) if seeding == "best" else ko.straight_seeding(q)
    st = {
        "size": size, "seeding": seeding, "seeds": [s.player for s in seeds], "third_place": event.third_place,
        "games_per_match": games_per_match, "higher_seed_first": higher_seed_first,
        "colour_seed": event.lots_seed, "placings": placings,
    }
    if q.lots:
        st["lots"] = [[t, list(drawn)] for t, drawn in q.lots]
    extra = tuple(x for x in event.extra if x[0] != Stage.TOP) + ((Stage.TOP, st),)
    return advance(replace(event, extra=extra))


def aims(event: Event, *, lang: str = "en") -> list[str]:
    """Whether the three aims of 704.2 hold for the stored seeding, one line each ("en" or "ru")."""
    st = state(event)
    if st is None:
        return []
    tables = {p.id: (p.table or 1) for p in event.players}
    places: dict[int, int] = {}
    for i, pid in enumerate(st["seeds"]):
        places[pid] = i // max(1, len(event.table_ids())) + 1
    seeds = tuple(ko.Seed(i, pid, tables[pid], places[pid]) for i, pid in enumerate(st["seeds"], start=1))
    report = ko.aims_report(seeds)
    t = words(lang)
    return [t("bk_aim", n=c.aim, holds=t("bk_holds" if c.holds else "bk_does_not_hold"), text=render(c.text, lang))
            for c in report.aims if c.applies]


def _board(bracket: ko.Bracket, r: int, match_key, game: int) -> int:
    n = bracket.config.games_per_match
    if match_key == ko.THIRD_PLACE:
        index = len(bracket.rounds[r - 1]) + 1
    else:
        index = match_key[1]
    return (index - 1) * n + game


def _stored_results(event: Event, st: dict) -> dict:
    """Results of the top games as build_bracket takes them, by (round, match)."""
    n = st.get("games_per_match", 1)
    slots = ko.bracket_slots(st["size"])
    results: dict = {}
    for rnd in event.rounds_of(Stage.TOP):
        matches = slots >> rnd.number
        for g in rnd.games:
            if g.result is None or g.second is None:
                continue
            index, game = divmod(g.board - 1, n)
            key = ko.THIRD_PLACE if index + 1 > matches else (rnd.number, index + 1)
            results.setdefault(key, []).append((game, ko.GameResult.parse(g.result.value)))
    return {k: [r for _, r in sorted(v, key=lambda x: x[0])] for k, v in results.items()}


def points_before_top(event: Event) -> dict[int, Fraction]:
    out = {}
    for t in event.table_ids():
        for h in histories(event, Stage.SWISS, t):
            out[h.id] = h.score(event.scoring)
    return out


def quality_of_wins(event: Event):
    """QW as at the end of a top round: Swiss games and top games so far (705.2)."""
    from arbiter_tournament.core.tiebreaks import Context, compute

    swiss = {}
    for t in event.table_ids():
        for h in histories(event, Stage.SWISS, t):
            swiss[h.id] = h
    top_rounds = event.rounds_of(Stage.TOP)
    cache: dict[int, dict[int, Fraction]] = {}

    def at(player: int, top_round: int) -> Fraction:
        if top_round not in cache:
            extra = [round_records(r, [], pending_as_absent=True) for r in top_rounds if r.number <= top_round]
            hist = [
                PlayerHistory(h.id, h.rating, h.name,
                              h.records + tuple(recs.get(h.id, _ABSENT) for recs in extra))
                for h in swiss.values()
            ]
            rounds = max((len(h.records) for h in hist), default=0)
            values = compute(["QW"], Context.of(hist, scoring=event.scoring, rounds=rounds, edition=event.edition))
            cache[top_round] = {pid: v["QW"] for pid, v in values.items()}
        return cache[top_round][player]

    return at


_ABSENT = RoundRecord(Outcome.ABSENT)


def bracket(event: Event) -> ko.Bracket | None:
    st = state(event)
    if st is None:
        return None
    return ko.build_bracket(st["seeds"], _stored_results(event, st), _config(st),
                            points_before_top=points_before_top(event), quality_of_wins=quality_of_wins(event))


def advance(event: Event) -> Event:
    """Add the boards the bracket says are to be played now and are not in the file yet."""
    b = bracket(event)
    if b is None:
        raise IllegalChange("the top has not started")
    for board in ko.current_boards(b):
        number = _board(b, board.round, board.match, board.game)
        existing = [r for r in event.rounds_of(Stage.TOP) if r.number == board.round]
        rnd = existing[0] if existing else Round(Stage.TOP, board.round, ())
        if any(g.board == number for g in rnd.games):
            continue
        games = tuple(sorted(rnd.games + (Game(number, board.first, board.second),), key=lambda g: g.board))
        event = event.with_round(replace(rnd, games=games))
    return event


def check_top_result(event: Event, round_no: int, board: int, result: Result | None, **kw) -> None:
    """What `record_top_result` refuses before it records: a double forfeit, what `check_result` refuses, a
    change under later results. (`kw`: `force`, `expected`, `moves` of `check_result`.)"""
    from arbiter_tournament.core.event.commands import check_result

    if result is Result.DOUBLE_FORFEIT:
        raise IllegalChange("a double forfeit cannot decide a top game: enter who goes through")
    game = check_result(event, Stage.TOP, None, round_no, board, result, **kw)
    moves = kw.get("moves")
    if game.result == result and (moves is None or moves == game.moves):
        return
    later = [r for r in event.rounds_of(Stage.TOP) if r.number > round_no]
    if later and any(g.result is not None for r in later for g in r.games):
        raise IllegalChange("later top rounds have results that depend on this game: clear them first")


def record_top_result(event: Event, round_no: int, board: int, result: Result | None, **kw) -> Event:
    from arbiter_tournament.core.event.commands import record_result

    check_top_result(event, round_no, board, result, **{k: v for k, v in kw.items() if k != "by"})
    new = record_result(event, Stage.TOP, None, round_no, board, result, **kw)
    if new == event:  # the same result again: nothing to redo
        return event
    b = bracket(new)  # refuses results that no longer fit the bracket
    later = [r for r in new.rounds_of(Stage.TOP) if r.number > round_no]
    if later:  # the winners may have changed: drop later games without results, then re-pair
        keep = tuple(r for r in new.rounds if not (r.stage == Stage.TOP and r.number > round_no))
        new = replace(new, rounds=keep)
    return advance(new) if b is not None else new


def final_places(event: Event, b: ko.Bracket) -> list[tuple[str, int]]:
    """The places 1..K known so far (704.3; shared or by Swiss order, as the top says), best first:
    ("1", champion), ("2", ...), ("5-8", ...) for a shared place."""
    swiss_order = None
    if b.config.placings == "swiss-order":  # every table in one order (core.tiebreaks.merged)
        from arbiter_tournament.core.tiebreaks.merged import merged_order

        swiss_order = merged_order(event)
    return [(f"{pl.place}" if not pl.shared else f"{pl.place}-{pl.place_to}", pl.player)
            for pl in ko.placings(b, swiss_order)]


def placings_text(event: Event, b: ko.Bracket, *, lang: str = "en") -> str:
    """Final placings 1..K known so far (704.3; shared or by Swiss order, as the top says), "en" or "ru"."""
    places = final_places(event, b)
    if not places:
        return ""
    lines = ["", words(lang)("bk_final_placings" if b.finished else "bk_placings_so_far")]
    for where, pid in places:
        lines.append(f"{where:>6}  {event.player(pid).name} ({pid})")
    return "\n".join(lines) + "\n"


def final_boards(event: Event, b: ko.Bracket) -> dict[str, tuple[int, int]]:
    """Where the final and the third-place match are played: {"final": (top round, board), "third": ...},
    once their boards are paired (`match_board`: the latest game of the match)."""
    out = {}
    final = match_board(event, b, (len(b.rounds), 1)) if b.rounds else None
    if final is not None:
        out["final"] = final
    if b.third_place_match is not None:
        third = match_board(event, b, ko.THIRD_PLACE)
        if third is not None:
            out["third"] = third
    return out


def match_board(event: Event, b: ko.Bracket, key) -> tuple[int, int] | None:
    """Where the match's latest game is in the file: (top round, board), or None.

    The latest game is the one to play now, or the last one played once the
    match is decided. None for a bye, a match whose players are not known
    yet, and a match whose round is not paired yet (`current_boards` pairs
    the earliest round with games to play first).
    """
    m = b.match(key)
    if not m.games:
        return None
    g = m.games[-1]
    board = _board(b, m.round, key, g.number)
    for rnd in event.rounds_of(Stage.TOP):
        if rnd.number == m.round and any(x.board == board for x in rnd.games):
            return m.round, board
    return None
