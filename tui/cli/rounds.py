"""Rounds: pair, round, and the changes by hand (swap, exchange, give-bye, unpair)."""

from __future__ import annotations

import argparse
import sys

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core.event import commands
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.formats.text import round_text
from arbiter_tournament.core.store import EventFile, load

from . import numbers
from .common import ids, main_stage, print_json, stage_of, table_of, typed_as
from .interrupt import run
from .progress import pairing_progress
from .usage import UsageError
from arbiter_tournament.core.event.systems import Stage, System


def cmd_pair(a: argparse.Namespace) -> int:
    if getattr(a, "format", "text") == "json":
        return _pair_json(a)
    ef = EventFile(a.file)
    e = ef.load()
    table = table_of(e, Stage.SWISS, a, required=False)
    fewest = bool(getattr(a, "fewest_rematches", False))
    from arbiter_tournament.core import teams as team_event

    if team_event.is_team_event(e):
        return _pair_teams(ef, e, table, a, fewest)
    if a.by_hand is not None:
        return _pair_by_hand(ef, e, table, a.by_hand)
    allow: frozenset = frozenset()
    if a.allow_rematch is not None:
        pair = ids(a.allow_rematch, typed_as("--allow-rematch", a.allow_rematch), "3,7")
        if len(pair) != 2:
            raise UsageError(f"--allow-rematch '{a.allow_rematch}': give two player ids, e.g. 3,7")
        allow = frozenset({frozenset(pair)})
    before = {r.key for r in e.rounds}
    with pairing_progress(e, table) as ticker:  # computed without the lock: other judges do not wait for it
        new = run(ef, cmds.PairNext(table, lots=a.lots, allow_rematch=allow, fewest_rematches=fewest),
                  progress=ticker.tick if ticker is not None else None)
    for r in new.rounds:
        if r.key not in before:
            sys.stdout.write(round_text(new, r))
            if fewest:
                _say_rematches(new, r)
            _field_warning(new, r)
    return 0


def _pair_json(a: argparse.Namespace) -> int:
    """`pair --format json`: the rounds paired, as `round --format json` shows a round, and what the text
    says besides (`warning: ...`, `rematch: ...` lines) as `notes`. The pairing is the text's, made once."""
    import contextlib
    import io

    before = {r.key for r in EventFile(a.file).load().rounds}
    said = io.StringIO()
    a.format = "text"
    with contextlib.redirect_stdout(said):
        code = cmd_pair(a)
    new = EventFile(a.file).load()
    notes = [line for line in said.getvalue().splitlines() if line.startswith(("warning: ", "rematch: ", "rematches: "))]
    print_json({"rounds": [round_json(r) for r in new.rounds if r.key not in before], "notes": notes})
    return code


def _field_warning(event, rnd) -> None:
    """Round 1 of a Swiss whose field is too small for its rounds to be sure of pairings without a rematch."""
    if rnd.number != 1 or event.system != System.SWISS or rnd.stage != Stage.SWISS:
        return
    from arbiter_tournament.core import teams as team_event
    from arbiter_tournament.core.pairing.guarantee import field_warning

    if team_event.is_team_event(event):
        w = field_warning(len(team_event.teams(event)), event.rounds_planned, teams=True)
    else:
        w = field_warning(len(event.table_players(rnd.table)), event.rounds_planned)
    if w is not None:
        from .advice import said  # (the command line's words of its advice)

        print(f"warning: {said(w)}")


def _say_rematches(event, rnd) -> None:
    """Each rematch of a round paired with the fewest rematches, one line (none: said too)."""
    from arbiter_tournament.core.pairing.preview import rematch_lines

    lines = rematch_lines(event, rnd)
    for line in lines:
        print(f"rematch: {line}")
    if not lines:
        print("rematches: none (a pairing without a rematch exists)")


def _pair_teams(ef: EventFile, e, table: int | None, a: argparse.Namespace, fewest: bool) -> int:
    """`arbiter pair` in a team event: --by-hand and --allow-rematch name teams (names or numbers)."""
    from arbiter_tournament.core.formats import team_output
    from arbiter_tournament.core.teams.pairing import team_ids_pair

    if a.by_hand is not None:
        pairs = parse_team_pairs(e, a.by_hand)
        new = run(ef, cmds.PairTeamsByHand(tuple(pairs)))
        sys.stdout.write(team_output.matches_output(new))
        from arbiter_tournament.core.teams import hand as team_hand

        rnd = new.rounds_of(Stage.SWISS, None)[-1]
        for w in team_hand.team_warnings(new, rnd):
            print(f"warning: {w}")
        _field_warning(new, rnd)
        return 0
    allow: frozenset = frozenset()
    if a.allow_rematch is not None:
        refs = [x.strip() for x in a.allow_rematch.split(",")]
        if len(refs) != 2 or not all(refs):
            raise UsageError(f"--allow-rematch '{a.allow_rematch}': give two teams (names or numbers), e.g. 1,4")
        allow = frozenset({team_ids_pair(e, (refs[0], refs[1]))})
    new = run(ef, cmds.PairNext(table, lots=a.lots, allow_rematch=allow, fewest_rematches=fewest))
    sys.stdout.write(team_output.matches_output(new))
    if fewest:
        _say_rematches(new, new.rounds[-1])
    _field_warning(new, new.rounds[-1])
    return 0


def parse_team_pairs(e, text: str) -> list[tuple[str, str | None]]:
    """`1-4,2-5,3-0` (team numbers or names; `3-0`, `3-bye` or `3` alone: 3 has no match) -> pairs of the
    team names. A name with a '-' in it is read whole: the pair is split where both sides name a team."""
    from arbiter_tournament.core.errors import ArbiterError
    from arbiter_tournament.core.teams import find_team

    out: list[tuple[str, str | None]] = []
    for part in text.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        cuts = [i for i, ch in enumerate(part) if ch == "-"]
        found = None
        for i in [len(part)] + cuts:
            left, right = part[:i].strip(), part[i + 1:].strip()
            try:
                first = find_team(e, left)
            except ArbiterError:
                continue
            if i == len(part) or right.lower() in ("0", "bye", ""):
                found = (first, None)
                break
            try:
                found = (first, find_team(e, right))
                break
            except ArbiterError:
                continue
        if found is None:
            raise UsageError(f"--by-hand: '{part}' is not TEAM-TEAM (team names or numbers, e.g. 1-4) "
                             f"or TEAM-0 for the team without a match")
        out.append(found)
    if not out:
        raise UsageError(f"--by-hand '{text}': give the matches, e.g. \"1-4,2-5,3-6\"")
    return out


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
