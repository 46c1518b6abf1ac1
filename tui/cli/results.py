"""Results: `arbiter result FILE BOARD RESULT`.

The command a judge runs most often, so it loads only what it runs: the file, the result forms and
the one command (`core.commands.results`); not the pairing engine or the tie-breaks.
"""

from __future__ import annotations

import argparse

from arbiter.core.commands.results import RecordResult
from arbiter.core.event.commands import current_round
from arbiter.core.event.results import Result
from arbiter.core.store import EventFile, journal

from .common import stage_of, table_of
from .interrupt import run


def cmd_result(a: argparse.Namespace) -> int:
    result = Result.parse(a.result)
    user = journal.who_label()  # user@host: two judges on one login are told apart
    ef = EventFile(a.file)
    e = ef.load()
    stage = stage_of(e, a)
    table = table_of(e, stage, a)
    rnd = a.round if a.round is not None else current_round(e, stage, table).number
    new = run(ef, RecordResult(stage, table if table else None, rnd, a.board, result, by=user, force=a.force,
                               moves=a.moves))
    g = new.find_round(stage, table, rnd).game(a.board)
    names = new.player(g.first).name + (f" - {new.player(g.second).name}" if g.second else "")
    print(f"round {rnd} board {a.board}: {names} {result}")
    return 0
