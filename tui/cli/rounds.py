"""Rounds: pair, round, and the changes by hand (swap, exchange, give-bye, unpair)."""

from __future__ import annotations

import argparse
import sys

from arbiter.core import commands as cmds
from arbiter.core.event import commands
from arbiter.core.pairing import rounds as pairing
from arbiter.core.formats.text import round_text
from arbiter.core.store import EventFile, load

from . import numbers
from .common import ids, main_stage, print_json, stage_of, table_of, typed_as
from .interrupt import run
from .progress import pairing_progress
from .usage import UsageError
from arbiter.core.event.systems import Stage


def cmd_pair(a: argparse.Namespace) -> int:
    ef = EventFile(a.file)
    e = ef.load()
    table = table_of(e, Stage.SWISS, a, required=False)
    if a.by_hand is not None:
        return _pair_by_hand(ef, e, table, a.by_hand)
    from arbiter.core import teams as team_event
    from arbiter.core.formats import team_output

    if team_event.is_team_event(e):
        new = run(ef, cmds.PairNext(table, lots=a.lots))
        sys.stdout.write(team_output.matches_output(new))
        return 0
    allow: frozenset = frozenset()
    if a.allow_rematch is not None:
        pair = ids(a.allow_rematch, typed_as("--allow-rematch", a.allow_rematch), "3,7")
        if len(pair) != 2:
            raise UsageError(f"--allow-rematch '{a.allow_rematch}': give two player ids, e.g. 3,7")
        allow = frozenset({frozenset(pair)})
    before = {r.key for r in e.rounds}
    with pairing_progress(e, table) as ticker:  # computed without the lock: other judges do not wait for it
        new = run(ef, cmds.PairNext(table, lots=a.lots, allow_rematch=allow),
                  progress=ticker.tick if ticker is not None else None)
    for r in new.rounds:
        if r.key not in before:
            sys.stdout.write(round_text(new, r))
    return 0


def _pair_by_hand(ef: EventFile, e, table: int | None, text: str) -> int:
    pairs = parse_pairs(text)
    if not pairs:
        raise UsageError(f"--by-hand '{text}': give the pairs, e.g. \"12-7,3-9,5-0\"")
    stage = main_stage(e)
    if e.tables > 1 and table is None:
        raise UsageError("--by-hand pairs one table: say which with --table")
    k = len(e.rounds_of(stage, table)) + 1
    new = run(ef, cmds.PairByHand(stage, table, k, tuple(pairs)))
    rnd = new.find_round(stage, table, k)
    sys.stdout.write(round_text(new, rnd))
    for w in pairing.warnings_for(new, rnd):
        print(f"warning: {w}")
    return 0


def parse_pairs(text: str) -> list[tuple[int, int | None]]:
    """`12-7,3-9,5-0` -> [(12, 7), (3, 9), (5, None)] (`5-0` or `5`: 5 gets the bye)."""
    pairs: list[tuple[int, int | None]] = []
    for part in text.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        bits = [b.strip() for b in part.split("-")]
        if len(bits) > 2 or not all(b.isascii() and b.isdigit() for b in bits if b) or not bits[0]:
            raise UsageError(f"--by-hand: '{part}' is not FIRST-SECOND (ids) or ID-0 for a bye")
        first = numbers.digits(bits[0], "id", "--by-hand")
        second = None if len(bits) == 1 or not bits[1].strip("0") else numbers.digits(bits[1], "id", "--by-hand")
        pairs.append((first, second))
    return pairs


def round_json(rnd) -> dict:
    return {
        "round": rnd.number, "table": rnd.table, "stage": rnd.stage,
        "boards": [
            {"board": g.board, "first": g.first, "second": g.second,
             "result": None if g.result is None else str(g.result), "manual": g.manual}
            for g in rnd.games
        ],
    }


def cmd_round(a: argparse.Namespace) -> int:
    e = load(a.file)
    stage = stage_of(e, a)
    table = table_of(e, stage, a)
    rnd = e.find_round(stage, table, a.round) if a.round is not None else commands.current_round(e, stage, table)
    if a.format == "json":
        print_json(round_json(rnd))
        return 0
    sys.stdout.write(round_text(e, rnd))
    if a.explain:
        sys.stdout.write(pairing.explain_round(e, rnd))
    return 0


def _last_round(e, a) -> tuple[str, int | None, int]:
    """The stage, table and round a change by hand addresses (the last paired one unless --round)."""
    stage = stage_of(e, a)
    table = table_of(e, stage, a)
    rounds = e.rounds_of(stage, table)
    if not rounds:
        raise UsageError(f"no {stage} round has been paired yet")
    return stage, table, a.round if a.round is not None else rounds[-1].number


def _by_hand(a: argparse.Namespace, command) -> int:
    """A change by hand (`command(stage, table, round)`: a command) to the last round, or --round."""
    ef = EventFile(a.file)
    stage, table, k = _last_round(ef.load(), a)
    new = run(ef, command(stage, table, k))
    rnd = new.find_round(stage, table, k)
    sys.stdout.write(round_text(new, rnd))
    for w in pairing.warnings_for(new, rnd):
        print(f"warning: {w}")
    return 0


def cmd_swap(a: argparse.Namespace) -> int:
    return _by_hand(a, lambda s, t, k: cmds.SwapColours(s, t, k, a.board))


def cmd_exchange(a: argparse.Namespace) -> int:
    return _by_hand(a, lambda s, t, k: cmds.ExchangePlayers(s, t, k, a.a, a.b))


def cmd_give_bye(a: argparse.Namespace) -> int:
    return _by_hand(a, lambda s, t, k: cmds.GiveBye(s, t, k, a.id))


def cmd_unpair(a: argparse.Namespace) -> int:
    ef = EventFile(a.file)
    stage, table, k = _last_round(ef.load(), a)
    run(ef, cmds.Unpair(stage, table, k))
    print(f"round {k} unpaired")
    return 0
