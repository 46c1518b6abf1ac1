"""The recorder of `reports = "agreed"`: the agreed boards the server hands it, recorded in the event file in
one change each time, in a process of its own (docs/players.md, "A judge's key during a burst").

    python -m arbiter_tournament.tui.web.recorder FILE     # one JSON line in, one out, until stdin closes
    in:  {"boards": [["swiss", null, 5, 12, "1-0", [23, 41]], ...]}   (stage, table, round, board, result, by)
    out: {"done": [[...key], ...], "refused": [[...key], ...], "error": null | "..."}
    record(EventFile(path), boards)        # the same in this process (the tests)

Why so:
- **one change made without the lock** (`AcceptReports`: `EventFile.change_prepared`): the file is read and
  the new file's text made and written before the lock is taken; under the lock only its stamp is looked at
  (a file changed meanwhile is not read there: made again from it, without the lock), then the journal's
  line and the rename. A judge's key waits at most for that write.
- **a process of its own**: reading a 1,000-player file is ~40 ms of CPU. In the server's process that work
  shares Python's lock with the phones' requests and the pages made again after each change; during a burst
  it took ten times as long, and a judge's keys coming every second or faster changed the file under it
  again and again (made again each time, the boards were put off for minutes). Here it has a CPU to itself.
- **never put off for ever**: when a judge's keys change the file faster than a change is made without the
  lock (each try found the file changed: a judge's change every 0.2 s on a machine at load 10), three turns in
  a row, the last try of the next turn is made under the lock: the judge's key waits for that one change
  (the file read, the boards applied, the text made: ~50 ms of CPU for 1,000 players), once a turn at most.
- A board given a result meanwhile (the judge's) is refused, never written over; a change that could not be
  written (the file changed three times while it was made, the lock held for seconds) is said as `done: []`
  with no error: the server hands the boards again at its next turn.
"""

from __future__ import annotations

import json
import signal
import sys

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core.errors import ArbiterError, Conflict, IllegalChange
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import EventFile, LockBusy

AGREED_BY = "agreed by the players (reports = agreed)"
ATTEMPTS = 3  # tries of one turn, each made again without the lock from the file as it is then
UNDER_LOCK_AFTER = 3  # turns in a row without a board written: then the last try of a turn is made under the lock


def record(ef: EventFile, boards: list[tuple], *, last_under_lock: bool = False) -> tuple[list[tuple], list[tuple]]:
    """The `boards` (stage, table, round, board, result, reporters) that still have no result, recorded in one
    change made without the lock: (the keys recorded, the keys refused: a result is there, or they are not
    that board's players now). Neither (both empty for a board): not written this turn. `last_under_lock`:
    the last try is made under the lock (the file read there if it changed), so that the boards are written
    even while a judge's changes come faster than a change is made without it."""
    for attempt in range(ATTEMPTS):
        event = ef.load()
        todo: dict[tuple, cmds.AcceptReport] = {}
        refused = []
        for stage, table, rnd, board, result, by in boards:
            key = (stage, table, rnd, board)
            c = cmds.AcceptReport(stage, table, rnd, board, Result(result), tuple(by), by=AGREED_BY)
            if c.why_not(event) is None:
                todo[key] = c
            else:
                refused.append(key)
        if not todo:
            return [], refused
        under = last_under_lock and attempt == ATTEMPTS - 1
        try:
            cmds.run(ef, cmds.AcceptReports(tuple(todo.values()), under_lock=under), attempts=1)
        except (Conflict, IllegalChange):
            continue  # the file changed meanwhile (a judge's key): made again from it, without the lock
        except LockBusy:
            break  # the lock held for seconds (a judge's long change): the next turn
        return list(todo), refused
    return [], []


def main(argv: list[str]) -> int:
    for sig in (signal.SIGINT, signal.SIGTERM):  # the server's to take: it closes our stdin (or ends), and we
        signal.signal(sig, signal.SIG_IGN)  # end then, never in the middle of a change
    ef = EventFile(argv[0], lock_timeout=5.0)
    missed = 0  # turns in a row that wrote nothing: the judge's changes came faster than ours was made
    out: dict[str, object]
    for line in sys.stdin:
        try:
            boards = [tuple(b) for b in json.loads(line)["boards"]]
            done, refused = record(ef, boards, last_under_lock=missed >= UNDER_LOCK_AFTER)
            missed = 0 if done or refused else missed + 1
            out = {"done": done, "refused": refused, "error": None}
        except (ArbiterError, ValueError, KeyError, TypeError) as exc:  # the file unreadable, read-only ...
            out = {"done": [], "refused": [], "error": str(exc)[:500]}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
