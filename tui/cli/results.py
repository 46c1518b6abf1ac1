"""Results: `arbiter result FILE BOARD RESULT [BOARD RESULT ...]`, and `arbiter result FILE -` (the
boards and results read from standard input, tui/cli/batch.py).

The command a judge runs most often, so it loads only what it runs: the file, the result forms and
the one command (`core.commands.results`; several results: `core.commands.batch`, all saved or none,
one journal line); not the pairing engine or the tie-breaks.
"""

from __future__ import annotations

import argparse
import sys

from arbiter_tournament.core.commands.results import RecordResult
from arbiter_tournament.core.event.commands import current_round
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.event.systems import Stage
from arbiter_tournament.core.store import EventFile
from arbiter_tournament.core.store.judge import who_label

from . import batch, numbers
from .common import stage_of, table_of
from .interrupt import run
from .usage import UsageError


def slips(a: argparse.Namespace) -> list[tuple[int, Result]]:
    """The boards and results given (as operands, or as lines of standard input after `-`), each
    board once."""
    if a.board == "-":
        if a.result is not None or a.more:
            raise UsageError("result: '-' reads every BOARD RESULT from standard input: give nothing after it")
        lines = list(batch.stdin_lines("result", "BOARD RESULT"))
        if not lines:
            raise UsageError("result: no BOARD RESULT line on standard input: nothing saved")
    else:
        lines = [("", [str(a.board), *([a.result] if a.result is not None else []), *a.more])]
    out = []
    board = numbers.whole("board")
    for where, words in lines:
        if len(words) % 2:
            raise UsageError(f"result: {where}board {words[-1]} has no result")
        for b, r in zip(words[::2], words[1::2]):
            try:
                out.append((batch.number(board, b, "board"), Result.parse(r)))
            except UsageError as exc:
                raise UsageError(f"result: {where}{exc}") from None
            except ValueError as exc:  # InvalidResult: '2-0' is not a result ...
                if not where:
                    raise
                raise UsageError(f"result: {where}{exc}") from None
    batch.once([b for b, _ in out], lambda b: f"board {b}", "result")
    if a.moves is not None and len(out) > 1:
        raise UsageError("result: --moves is for one result at a time")
    return out


def cmd_result(a: argparse.Namespace) -> int:
    given = slips(a)
    user = who_label()  # user@host: two judges on one login are told apart
    ef = EventFile(a.file)
    e = ef.load()
    stage = stage_of(e, a)
    table = table_of(e, stage, a)
    rnd = a.round if a.round is not None else current_round(e, stage, table).number
    changes = tuple(RecordResult(stage, table if table else None, rnd, b, result, by=user, force=a.force,
                                 moves=a.moves) for b, result in given)
    if len(changes) == 1:
        new = run(ef, changes[0])
    else:
        from arbiter_tournament.core.commands.batch import Batch

        new = run(ef, Batch(changes))
    if e.stage_state(Stage.PLAYOFF) is not None and stage in (Stage.SWISS, Stage.ROUNDROBIN):
        from arbiter_tournament.core.playoff.stage import change_effect, void_reason  # (only with a play-off)

        effect = change_effect(e, new)
        if effect is not None:
            hint = " (arbiter playoff FILE --cancel takes it back)" if void_reason(new) is not None else ""
            print(f"arbiter: warning: {effect.text('en')}{hint}", file=sys.stderr)
    played = new.find_round(stage, table, rnd)
    if a.format == "json":  # what was recorded, board by board, as `round --format json` shows a board
        from .common import print_json

        print_json({"round": rnd, "table": table if table else None, "stage": stage, "results": [
            {"board": b, "first": played.game(b).first, "second": played.game(b).second, "result": str(result)}
            for b, result in given]})
        return 0
    for b, result in given:
        g = played.game(b)
        names = new.player(g.first).name + (f" - {new.player(g.second).name}" if g.second else "")
        print(f"round {rnd} board {b}: {names} {result}")
    return 0
