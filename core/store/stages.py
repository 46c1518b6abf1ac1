"""The stage sections of the event file checked: `[swiss]`, `[roundrobin]`, `[top]`, `[playoff]`, `[teams]`.

Each section belongs to the module of its stage (core.pairing.rounds, core.knockout.stage,
core.playoff.stage, core.teams), which reads it; here every key it
reads is checked on load (and before a change is written), with its type,
its range and the players it names, so that a section a judge edited by hand
is refused with its key named instead of failing later in the stage's code.
`[teams]` is checked by its own reader, `core.teams.section.state`.
"""

from __future__ import annotations

from typing import Any

from arbiter_tournament.core import limits
from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.store.checks import (
    Reader,
    at,
    choice,
    flag,
    in_range,
    integer,
    only,
    player_ids,
    round_key,
    shown,
    text,
    typed,
)
from arbiter_tournament.core.event.systems import STAGES, Stage, System

SECTIONS = (*STAGES, "teams")


def check(rd: Reader, name: str, state: Any, event: Event, ids: frozenset[int]) -> None:
    """Refuse the section `name` of `event` if a key of it is unknown, mistyped or out of range."""
    if name not in SECTIONS:
        raise rd.fail(name, "unknown top-level key")
    if not isinstance(state, dict):
        raise rd.fail(name, "expected a table")
    _CHECKS[name](rd, state, event, ids)


def _swiss(rd: Reader, st: dict, event: Event, ids: frozenset[int]) -> None:
    if event.system != System.SWISS:
        raise rd.fail("swiss", "a {system} event has no [swiss] section", system=event.system)
    only(rd, st, ("order",), "swiss", "unknown setting")
    order = typed(rd, st, "order", "swiss", (dict,), {})
    for t, fixed in order.items():
        where = at("swiss.order", t)
        if not (isinstance(t, str) and t.isascii() and t.isdigit() and len(t) <= 9 and t == str(int(t)) and 1 <= int(t) <= event.tables):
            raise rd.fail(where, "table {t} does not exist (the event has {tables})", t=shown(t), tables=event.tables)
        player_ids(rd, fixed, where, ids)


def _roundrobin(rd: Reader, st: dict, event: Event, ids: frozenset[int]) -> None:
    if event.system == System.SWISS:
        raise rd.fail("roundrobin", "a {system} event has no [roundrobin] section", system=event.system)
    only(rd, st, ("order", "lots_seed"), "roundrobin", "unknown setting")
    player_ids(rd, typed(rd, st, "order", "roundrobin", (list,)), "roundrobin.order", ids, empty=False)
    integer(rd, st, "lots_seed", "roundrobin", "seed", None)


_TOP_KEYS = ("size", "seeding", "seeds", "third_place", "games_per_match", "higher_seed_first", "colour_seed",
             "placings", "lots")


def _top(rd: Reader, st: dict, event: Event, ids: frozenset[int]) -> None:
    only(rd, st, _TOP_KEYS, "top", "unknown setting")
    size = integer(rd, st, "size", "top", "top")
    if size < limits.TOP_MIN:
        raise rd.fail("top.size", "a top needs at least two players")
    seeds = player_ids(rd, typed(rd, st, "seeds", "top", (list,)), "top.seeds", ids)
    if len(seeds) != size:
        raise rd.fail("top.seeds", "a top of {size} has {size} seeds, not {n}", size=size, n=len(seeds))
    choice(rd, st, "seeding", "top", ("straight", "best"), "straight")
    flag(rd, st, "third_place", "top")
    integer(rd, st, "games_per_match", "top", "games_per_match", 1)
    flag(rd, st, "higher_seed_first", "top")
    integer(rd, st, "colour_seed", "top", "seed", None)
    choice(rd, st, "placings", "top", ("shared", "swiss-order"), "shared")
    for i, lot in enumerate(typed(rd, st, "lots", "top", (list,), [])):
        where = f"top.lots[{i}]"
        if not (isinstance(lot, list) and len(lot) == 2 and type(lot[0]) is int):
            raise rd.fail(where, "expected [table, [player ids]] like [1, [4, 9]]")
        in_range(rd, lot[0], where, "table")
        player_ids(rd, lot[1], where, ids)


# The play-off's format follows from the number of players (core.playoff.plan.propose).
_PLAYOFF_FORMAT = {2: "match", 3: "round-robin", 4: "knockout", 5: "round-robin", 6: "groups",
                   7: "armageddon-round-robin", 8: "knockout", 9: "groups", 10: "groups"}
_PLAN_KEYS = ("players", "seed", "format", "description", "numbering", "numbers", "groups", "excluded",
              "knockout_games", "armageddon_only")


def _playoff(rd: Reader, st: dict, event: Event, ids: frozenset[int]) -> None:
    only(rd, st, ("plan", "ids"), "playoff", "unknown setting")
    plan = typed(rd, st, "plan", "playoff", (dict,))
    w = "playoff.plan"
    only(rd, plan, _PLAN_KEYS, w, "unknown setting")
    players = player_ids(rd, typed(rd, plan, "players", w, (list,)), at(w, "players"), ids)
    n = len(players)
    if n not in _PLAYOFF_FORMAT:
        raise rd.fail(at(w, "players"), "a play-off has 2 to 10 players (the best 8 of 11 or more), not {n}", n=n)
    integer(rd, plan, "seed", w, "seed")
    fmt = text(rd, plan, "format", w)
    if fmt != _PLAYOFF_FORMAT[n]:
        raise rd.fail(at(w, "format"), "a play-off of {n} players is a {format}, not {v}", n=n,
                      format=_PLAYOFF_FORMAT[n], v=shown(fmt))
    text(rd, plan, "description", w)
    choice(rd, plan, "numbering", w, ("lot", "tie-break order"))
    for i, pair in enumerate(typed(rd, plan, "numbers", w, (list,), [])):
        if not (isinstance(pair, list) and len(pair) == 2 and all(type(x) is int for x in pair)
                and 1 <= pair[0] <= n and pair[1] in players):
            raise rd.fail(at(w, f"numbers[{i}]"), "expected [pairing number, player id] like [1, 7]")
    groups = typed(rd, plan, "groups", w, (list,), [])
    if fmt == "groups":
        members: list[int] = []
        for i, grp in enumerate(groups):
            members += player_ids(rd, grp, at(w, f"groups[{i}]"), frozenset(players))
            if len(grp) not in (3, 5):
                raise rd.fail(at(w, f"groups[{i}]"), "a play-off group has 3 or 5 players, not {n}", n=len(grp))
        if not 2 <= len(groups) <= 3 or sorted(members) != sorted(players):
            raise rd.fail(at(w, "groups"), "the groups (two or three) hold every player of the play-off once")
    elif groups:
        raise rd.fail(at(w, "groups"), "only a play-off in groups has groups")
    excluded = player_ids(rd, typed(rd, plan, "excluded", w, (list,), []), at(w, "excluded"), ids)
    if set(excluded) & set(players):
        raise rd.fail(at(w, "excluded"), "a player of the play-off cannot be excluded from it")
    choice(rd, plan, "knockout_games", w, ("match", "armageddon"), "match")
    flag(rd, plan, "armageddon_only", w)
    games = typed(rd, st, "ids", "playoff", (dict,))
    for k, gid in games.items():
        where = f"playoff.ids.{k}"
        bits = k.split(".") if isinstance(k, str) else []
        if len(bits) != 2:
            raise rd.fail(where, "expected \"round.board\" = \"game\" like \"1.1\" = \"p.g1\"")
        round_key(rd, bits[0], where)
        if not (bits[1].isascii() and bits[1].isdigit() and len(bits[1]) <= 9 and bits[1] == str(int(bits[1]))):
            raise rd.fail(where, "expected \"round.board\" = \"game\" like \"1.1\" = \"p.g1\"")
        in_range(rd, int(bits[1]), where, "board")
        if not isinstance(gid, str) or not 0 < len(gid) <= limits.TEXT_MAX:
            raise rd.fail(where, "expected \"round.board\" = \"game\" like \"1.1\" = \"p.g1\"")


def _teams(rd: Reader, st: dict, event: Event, ids: frozenset[int]) -> None:
    from arbiter_tournament.core.teams.section import state

    try:
        state(event)
    except IllegalChange as exc:  # its message names the key: "[teams] lineups.3.Rooks: ..."
        raise rd.fail("", exc.msg) from None


_CHECKS = {Stage.SWISS: _swiss, Stage.ROUNDROBIN: _roundrobin, Stage.TOP: _top, Stage.PLAYOFF: _playoff, "teams": _teams}
