"""A proposed pairing: the next round as the engine makes it, changed by hand before it is saved.

    p = propose(event, table)        # the engine's pairing (core.pairing.rounds.pair_next), not saved
    p = propose(event, tables=[1, 3])  # the next round of several tables at once (pairable_tables(event))
    p = swap(p, board)               # colours of one board swapped (marked manual)
    p = exchange(p, 12, 7)           # two players exchanged between their boards
    p = give_bye(p, 9)               # the bye given by hand
    p = swap_match(p, 2)             # a team event: match 2 with the other team first-named
    p = exchange_teams(p, "Rooks", "Pawns")  # two teams take each other's place (core.teams.hand)
    p = give_team_bye(p, "Rooks")    # the team's bye given by hand
    p.warnings                       # what core.pairing.rounds.warnings_for says of the changed rounds
                                     # (a team event: core.teams.hand.team_warnings)
    new = adopt(file_event, p)       # inside the save transaction; Conflict if the file moved on

The changes are the ones a judge makes on a saved round (`core.pairing.rounds`
swap_colours, exchange, give_bye), applied to the proposed event: the rules
and warnings are theirs. A board the judge changes back to what the engine
made is no longer marked manual.

`adopt` refuses (`Conflict`) when the file's event changed since the
proposal in anything the pairing depends on (the table's players, settings,
rounds and results of the stage and table, forbidden pairs, byes,
withdrawals ...); a round clock started, a result entered again unchanged,
the event's name, a result, a player or a pairing on another table
meanwhile do not count. `differs(now, p)` says what changed (None:
nothing that matters). The proposal is made without the event's lock
(`propose` reads a snapshot), so no other judge waits for a pairing;
`core.commands.run(file, PairNext(...))` is the same made and saved in one
call, pairing again when the proposal went stale (`core.commands.PairNext`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Callable, Iterable

from arbiter_tournament.core import limits
from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.teams import hand as team_hand
from arbiter_tournament.core.errors import Conflict, IllegalChange, Msg
from arbiter_tournament.core.msg.journal import describe, fewest_what, pair_what
from arbiter_tournament.core.event.model import Event, Round
from arbiter_tournament.core.event.systems import Stage, System

RoundKey = tuple  # (stage, table, number)

# settings that no pairing reads: a change of them does not make a proposal stale
COSMETIC = frozenset({"name", "language", "start", "end", "round_minutes", "top_minutes", "city", "federation",
                      "chief_arbiter", "deputy_arbiters", "time_control", "round_dates",
                      "public_crosstable", "public_prize_money"})
_SETTINGS = tuple(f.name for f in fields(Event) if f.name not in ("players", "rounds", "extra") and f.name not in COSMETIC)


@dataclass(frozen=True)
class Proposal:
    """The event with the proposed round(s), the event it was made from and the engine's own version."""

    base: Event  # the event the pairing was made from (as the file held it)
    engine: Event  # what the engine made: base + the new round(s)
    event: Event  # the engine's pairing with the judge's changes
    table: int | None = None  # the table paired (None: every table, or one-table events)
    keys: tuple[RoundKey, ...] = ()  # the proposed rounds
    changes: tuple[str, ...] = field(default=())  # what the judge changed, in words (for the journal)
    tables: tuple[int, ...] = ()  # several tables paired at once (`propose(tables=...)`); () otherwise
    fewest: bool = False  # paired with the fewest rematches (`propose(fewest_rematches=True)`)
    rematches: tuple[str, ...] = ()  # then each rematch the engine made ("3-7", "'Dogs'-'Bees'")

    @property
    def paired_tables(self) -> tuple[int, ...] | None:
        """The tables whose pairing this is (None: every table, or a one-table event)."""
        if self.tables:
            return self.tables
        return None if self.table is None else (self.table,)

    @property
    def rounds(self) -> tuple[Round, ...]:
        return tuple(self.event.find_round(*k) for k in self.keys)

    @property
    def manual(self) -> bool:
        """True once the judge changed anything."""
        return self.event is not self.engine

    @property
    def warnings(self) -> tuple[str, ...]:
        """What a judge should know of the hand-made boards (rematches, colours, a second bye ...)."""
        return self.warnings_in("en")

    def warnings_in(self, lang: str) -> tuple[str, ...]:
        """`warnings` in "en" or "ru" (`core.pairing.rounds.warnings_for`; a team event's matches:
        `core.teams.hand.team_warnings`), after the rematches of a pairing with the fewest rematches."""
        said = self.rematches_in(lang)  # the fewest rematches: each one the engine made, changed by hand or not
        if not self.manual:
            return said
        if team_event.is_team_event(self.event):
            hand = tuple(w for r in self.rounds for w in team_hand.team_warnings(self.event, r, lang=lang))
        else:
            hand = tuple(w for r in self.rounds for w in pairing.warnings_for(self.event, r, lang=lang))
        return said + tuple(w for w in hand if w not in said)

    def what(self) -> Msg:
        """The journal's words for saving this proposal."""
        if self.fewest:
            return fewest_what(sorted({k[2] for k in self.keys}), self.table, ", ".join(self.rematches), self.changes)
        return pair_what(sorted({k[2] for k in self.keys}), self.table, self.changes)

    def rematches_in(self, lang: str) -> tuple[str, ...]:
        """Each rematch the engine made when pairing with the fewest rematches, said in "en" or "ru"
        (`w_rematch`; a team event: `tw_met`), whatever the judge changed since."""
        if not self.fewest:
            return ()
        return tuple(line for k in self.keys for line in rematch_lines(self.engine, self.engine.find_round(*k), lang))


def rematch_lines(event: Event, rnd: Round, lang: str = "en") -> list[str]:
    """The boards (a team event: the matches) of a round whose players (teams) met over the board before, one
    line each in "en" or "ru"."""
    from arbiter_tournament.core.msg.i18n import words

    t = words(lang)
    if team_event.is_team_event(event):
        from arbiter_tournament.core.teams.pairing import rematches_of

        return [t("tw_met", n=n, a=a, b=b, r=r) for n, a, b, r in rematches_of(event, rnd)]
    return [t("w_rematch", n=g.board, a=event.player(a).name, b=event.player(b).name)
            for g in pairing.rematches_in(event, rnd) for a, b in [g.pair]]


def rematch_pairs(event: Event, rnd: Round) -> list[str]:
    """The rematches of a round as the journal says them: "3-7" (player ids), "'Dogs'-'Bees'" (teams)."""
    if team_event.is_team_event(event):
        from arbiter_tournament.core.teams.pairing import rematches_of

        return [f"'{a}'-'{b}'" for _, a, b, _ in rematches_of(event, rnd)]
    return [f"{g.first}-{g.second}" for g in pairing.rematches_in(event, rnd)]


def propose(event: Event, table: int | None = None, *, tables: Iterable[int] | None = None, lots: bool = False,
            allow_rematch: set[frozenset[int]] | None = None, fewest_rematches: bool = False,
            progress: Callable[[], None] | None = None) -> Proposal:
    """The engine's pairing of the next round (of one table, or of every table), not saved.

    `tables`: the next round of each of these tables (of the Swiss stage),
    paired one after the other: the tables whose current round is complete
    while others still play (`pairable_tables`). It holds no lock: the
    event is a snapshot, and `adopt` checks on saving that it is still what
    the pairing was made from (on the tables paired). `lots`,
    `allow_rematch` and `progress` are those of `core.pairing.rounds.pair_next`.
    """
    if tables is not None:
        chosen = tuple(sorted(set(tables)))
        if not chosen:
            raise IllegalChange("no table has its round complete: pair once a table's round is complete")
        new = event
        for t in chosen:
            new = pairing.pair_next(new, t, lots=lots, allow_rematch=allow_rematch, progress=progress)
        table, several = (chosen[0], ()) if len(chosen) == 1 else (None, chosen)
    else:
        new = pairing.pair_next(event, table, lots=lots, allow_rematch=allow_rematch,
                                fewest_rematches=fewest_rematches, progress=progress)
        several = ()
    old = {r.key: r for r in event.rounds}
    keys = tuple(r.key for r in new.rounds if r.key not in old)
    met = tuple(x for k in keys for x in rematch_pairs(new, new.find_round(*k))) if fewest_rematches else ()
    return Proposal(event, new, new, table, keys, tables=several, fewest=fewest_rematches, rematches=met)


def check_ready_tables(event: Event) -> None:
    """What pairing the tables whose round is complete refuses: an event of one table, no table ready."""
    if event.system != System.SWISS or event.tables < 2:
        raise IllegalChange("this event has one table")
    if not pairable_tables(event):
        raise IllegalChange("no table has its round complete: pair once a table's round is complete")


def pairable_tables(event: Event) -> list[int]:
    """The Swiss tables whose next round can be paired now: the current round complete (or none paired yet)
    and rounds left. Empty for a one-table event, a round robin, a team event, once the top has started."""
    if event.system != System.SWISS or event.tables < 2 or team_event.is_team_event(event):
        return []
    if event.stage_state(Stage.TOP) is not None or any(r.stage == Stage.TOP for r in event.rounds):
        return []
    out = []
    for t in range(1, event.tables + 1):  # the tables (at least two here)
        rounds = event.rounds_of(Stage.SWISS, t)
        if rounds and (rounds[-1].missing or len(rounds) >= event.rounds_planned):
            continue
        if len(event.table_players(t)) >= 2:
            out.append(t)
    return out


def reset(p: Proposal) -> Proposal:
    """Back to the engine's pairing."""
    return replace(p, event=p.engine, changes=())


def _round(p: Proposal, key: RoundKey | None, player: int | None = None) -> Round:
    if key is not None:
        if key not in p.keys:
            raise ValueError(f"round {key} is not part of this pairing")
        return p.event.find_round(*key)
    rounds = p.rounds
    if player is not None:
        for r in rounds:
            if any(player in g.players for g in r.games):
                return r
        raise IllegalChange("player {pid} is not paired in round {round_no}", pid=player, round_no=rounds[0].number)
    if len(rounds) != 1:
        raise ValueError("name the round (key=...): this pairing has several")
    return rounds[0]


def _changed(p: Proposal, new: Event, key: RoundKey, what: str) -> Proposal:
    """The proposal with `new` as its event; boards equal to the engine's again lose their manual mark."""
    rnd = new.find_round(*key)
    engine = {g.board: g for g in p.engine.find_round(*key).games}
    games = tuple(replace(g, manual=False) if g.manual and (e := engine.get(g.board)) is not None and not e.manual
                  and (e.first, e.second) == (g.first, g.second) else g for g in rnd.games)
    if games != rnd.games:
        new = new.with_round(replace(rnd, games=games))
    if new.find_round(*key) == p.engine.find_round(*key) and all(
            new.find_round(*k) == p.engine.find_round(*k) for k in p.keys):
        return replace(p, event=p.engine, changes=())
    return replace(p, event=new, changes=p.changes + (what,))


def swap(p: Proposal, board: int, key: RoundKey | None = None) -> Proposal:
    """Swap the colours of one board (`core.pairing.rounds.swap_colours` on the proposal)."""
    rnd = _round(p, key)
    new = pairing.swap_colours(p.event, rnd.stage, rnd.table, rnd.number, board)
    return _changed(p, new, rnd.key, describe("swap colours on board {board}", board=board))


def exchange(p: Proposal, a: int, b: int) -> Proposal:
    """Exchange two players (ids) between their boards (`core.pairing.rounds.exchange` on the proposal)."""
    rnd = _round(p, None, a)
    if a == b:
        return p  # a player exchanged with himself: nothing changes
    new = pairing.exchange(p.event, rnd.stage, rnd.table, rnd.number, a, b)
    return _changed(p, new, rnd.key, describe("exchange players {a} and {b}", a=a, b=b))


def give_bye(p: Proposal, pid: int) -> Proposal:
    """Give the pairing-allocated bye to a player by hand (`core.pairing.rounds.give_bye` on the proposal)."""
    rnd = _round(p, None, pid)
    new = pairing.give_bye(p.event, rnd.stage, rnd.table, rnd.number, pid)
    return _changed(p, new, rnd.key, describe("bye by hand for player {pid}", pid=pid))


def swap_match(p: Proposal, match: int) -> Proposal:
    """A team event: match `match` with the other team first-named (`core.teams.hand.swap_match` on the proposal)."""
    rnd = _round(p, None)
    new = team_hand.swap_match(p.event, rnd.number, match)
    return _changed(p, new, rnd.key, describe("swap the order of match {match}", match=match))


def exchange_teams(p: Proposal, a: str, b: str) -> Proposal:
    """A team event: teams `a` and `b` (names or ids) take each other's place (`core.teams.hand.exchange_teams`)."""
    rnd = _round(p, None)
    new = team_hand.exchange_teams(p.event, rnd.number, a, b)
    x, y = team_event.find_team(p.event, a), team_event.find_team(p.event, b)
    return _changed(p, new, rnd.key, describe("exchange teams {team} and {other}", team=x, other=y))


def give_team_bye(p: Proposal, team: str) -> Proposal:
    """A team event: the bye given to `team` by hand (`core.teams.hand.give_team_bye`)."""
    rnd = _round(p, None)
    new = team_hand.give_team_bye(p.event, rnd.number, team)
    return _changed(p, new, rnd.key, describe("bye by hand for team {team}", team=team_event.find_team(p.event, team)))


def _board_lines(text: str) -> list[str]:
    """explain_round's indented lines: one per board in board order, then the warnings."""
    return [ln.strip() for ln in text.splitlines() if ln.startswith("  ") and ln.strip()]


def _without_board(line: str) -> str:
    """"board 3: why" (in any language) -> "why"."""
    head, sep, rest = line.partition(": ")
    return rest if sep and head.split() and limits.is_digits(head.split()[-1], 9) else line


def engine_reasons(p: Proposal, lang: str = "en",
                   progress: Callable[[], None] | None = None) -> dict[RoundKey, dict[tuple, str]]:
    """Why the engine made each of its boards, by (first, second) (`core.pairing.rounds.explain_round`).

    It runs the engine once more; the judge's changes do not change it, so a
    caller keeps it for the proposal's `engine`. A round explained in one line
    (round robin, top) gives that line for every board.
    """
    out: dict[RoundKey, dict[tuple, str]] = {}
    if p.fewest:  # not the Dutch criteria: the engine refuses the round (C1), the fewest-rematches pairing is what it is
        from arbiter_tournament.core.msg.i18n import words

        said = words(lang)("px_fewest")
        return {key: {(g.first, g.second): said for g in p.engine.find_round(*key).games} for key in p.keys}
    for key in p.keys:
        rnd = p.engine.find_round(*key)
        lines = _board_lines(pairing.explain_round(p.engine, rnd, lang=lang, progress=progress))
        if rnd.stage == Stage.SWISS and len(lines) >= len(rnd.games):
            out[key] = {(g.first, g.second): _without_board(lines[i]) for i, g in enumerate(rnd.games)}
        else:
            general = " ".join(lines)
            out[key] = {(g.first, g.second): general for g in rnd.games}
    return out


def explain_text(p: Proposal, rnd: Round, lang: str = "en", progress: Callable[[], None] | None = None) -> str:
    """Why the boards of a proposed round (the preview's `e`): the engine's reasons (`pairing.explain_round`), or,
    paired with the fewest rematches, that, and each rematch it made (the Dutch engine refuses such a round)."""
    if not p.fewest:
        return pairing.explain_round(p.event, rnd, lang=lang, progress=progress)
    from arbiter_tournament.core.msg.i18n import words

    t = words(lang)
    made = p.engine.find_round(*rnd.key)
    lines = ["", t("px_title"), "  " + t("px_fewest"), *("  " + line for line in rematch_lines(p.engine, made, lang))]
    return "\n".join(lines) + "\n"


def explanations(p: Proposal, lang: str = "en", reasons: dict | None = None) -> dict[RoundKey, dict[int, str | None]]:
    """Why each board of the proposal was made, by board: the engine's reason, None for a board changed by hand.

    `reasons` is `engine_reasons(p)` if the caller has it already.
    """
    if reasons is None:
        reasons = engine_reasons(p, lang)
    out: dict[RoundKey, dict[int, str | None]] = {}
    for rnd in p.rounds:
        mine = reasons.get(rnd.key, {})
        out[rnd.key] = {g.board: None if g.manual else mine.get((g.first, g.second)) for g in rnd.games}
    return out


# -- saving ----------------------------------------------------------------------


def _plain_round(r: Round) -> Round:
    """A round as the pairing sees it: no clock, no "entered by"."""
    if not r.clock_deadline and r.clock_paused is None and not any(g.by for g in r.games):
        return r
    return replace(r, clock_deadline="", clock_paused=None,
                   games=tuple(replace(g, by="") if g.by else g for g in r.games))


def _tables(table: int | Iterable[int] | None) -> frozenset[int] | None:
    if table is None:
        return None
    return frozenset([table]) if isinstance(table, int) else frozenset(table)


def _swiss_state(state: object, tables: frozenset[int] | None) -> object:
    """The Swiss stage's state with only these tables' pairing order (other tables pair on their own)."""
    if tables is None or not isinstance(state, dict) or "order" not in state:
        return state
    return {**state, "order": {k: v for k, v in state["order"].items() if k in {str(t) for t in tables}}}


def basis(event: Event, table: int | Iterable[int] | None) -> tuple:
    """Everything the pairing of `table` (several tables; None: every table) depends on.

    The settings a pairing reads (forbidden pairs and clubs among them), the
    stage states, the table's players (with their byes, withdrawals, late
    entries, ratings) and every round except other tables' Swiss rounds.
    """
    tables = _tables(table)
    settings = tuple(getattr(event, n) for n in _SETTINGS)
    extra = tuple((k, _swiss_state(v, tables) if k == Stage.SWISS else v) for k, v in event.extra)
    extra = tuple(x for x in extra if x[1] != {"order": {}})  # another table's order only: not ours
    rounds = tuple(_plain_round(r) for r in event.rounds
                   if tables is None or r.stage != Stage.SWISS or r.table in tables)
    players = event.players if tables is None else tuple(p for p in event.players if p.table in tables)
    return settings, extra, players, rounds


def differs(now: Event, p: Proposal) -> str | None:
    """What changed since the proposal that its pairing depends on (None: nothing)."""
    if now is p.base:
        return None
    a, b = basis(p.base, p.paired_tables), basis(now, p.paired_tables)
    if a == b:
        return None
    if a[2] != b[2]:
        return "players"
    if a[3] != b[3]:
        return "rounds or results"
    return "the event's settings"


def adopt(now: Event, p: Proposal) -> Event:
    """`now` (the file's event, in the save transaction) with the proposed round(s).

    Refuses with `Conflict` when `now` differs from the proposal's base in
    anything the pairing depends on.
    """
    if differs(now, p) is not None:
        raise Conflict("the event changed since this pairing was proposed; pair again")
    if now is p.base or now == p.base:
        return p.event
    out = now
    for r in p.rounds:
        out = out.with_round(r)
    changed = [n for n in _SETTINGS if getattr(p.base, n) != getattr(p.event, n)]
    if changed:
        out = replace(out, **{n: getattr(p.event, n) for n in changed})
    if p.event.players != p.base.players:
        out = replace(out, players=p.event.players)
    if p.event.extra != p.base.extra:
        out = replace(out, extra=_merge_extra(now.extra, p.base.extra, p.event.extra, p.paired_tables))
    return out


def _merge_extra(now: tuple, base: tuple, proposed: tuple, tables: Iterable[int] | None) -> tuple:
    """Stage states: what the pairing changed (base -> proposed) set into `now`."""
    before, after, out = dict(base), dict(proposed), dict(now)
    for k, v in after.items():
        if before.get(k) == v:
            continue
        if k == Stage.SWISS and tables is not None and isinstance(v, dict):
            # only the tables paired: the other tables' order is as the file has it now
            now_k = out.get(k)
            cur = now_k if isinstance(now_k, dict) else {}
            order = dict(cur.get("order", {}))
            for table in tables:
                mine = v.get("order", {}).get(str(table))
                if mine is None:
                    order.pop(str(table), None)
                else:
                    order[str(table)] = mine
            merged = {**cur, **{x: y for x, y in v.items() if x != "order"}}
            merged.pop("order", None)
            if order:
                merged["order"] = order
            out[k] = merged
        else:
            out[k] = v
    for k in before.keys() - after.keys():
        out.pop(k, None)
    return tuple(out.items())


__all__ = ["Proposal", "propose", "check_ready_tables", "pairable_tables", "reset", "swap", "exchange", "give_bye",
           "swap_match", "exchange_teams", "give_team_bye", "engine_reasons", "explanations", "adopt", "differs", "basis"]
