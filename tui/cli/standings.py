"""Standings and tie-breaks: `arbiter standings`."""

from __future__ import annotations

import argparse
import sys

from arbiter.core.formats import csvio
from arbiter.core.formats.text import standings_text
from arbiter.core.tiebreaks.standings import completed_rounds, standings
from arbiter.core.store import load

from . import numbers
from .common import codes, jnum, main_stage, print_json
from .usage import UsageError


def cmd_standings(a: argparse.Namespace) -> int:
    from arbiter.core import teams as team_event
    from arbiter.core.formats import team_output
    from arbiter.core.tiebreaks.standings import check_codes

    e = load(a.file)
    chosen = codes(a.tiebreaks)
    if team_event.is_team_event(e):
        sys.stdout.write(team_output.standings_output(e, after_round=a.after_round, fmt=a.format, codes=chosen,
                                                     edition=a.edition))
        return 0
    check_codes(chosen or ())
    table = None
    if a.table is not None:
        if not 1 <= a.table <= e.tables:
            raise UsageError(f"--table {a.table}: the event has tables 1..{e.tables}")
        table = a.table if e.tables > 1 else None
    stage = main_stage(e)
    if a.after_round is not None and a.after_round > len(e.rounds_of(stage, table)):
        raise UsageError(f"--after-round {a.after_round}: round {a.after_round} has not been paired")
    after = a.after_round if a.after_round is not None else completed_rounds(e, stage, table)
    rows = standings(e, table=table, after_round=after, codes=chosen, edition=a.edition)
    used = list(chosen if chosen is not None else e.tiebreaks)
    if a.explain is not None:
        from arbiter.core.tiebreaks.standings import explain_text

        sys.stdout.write(explain_text(e, a.explain, table=table, after_round=after, codes=used, edition=a.edition))
        return 0
    if a.format == "json":
        print_json({"after_round": after, "tiebreaks": used, "rows": [
            {"rank": r.rank, "id": r.id, "name": r.name, "table": r.table, "points": jnum(r.points),
             "tiebreaks": {c: jnum(v) for c, v in r.tiebreaks.items()}} for r in rows]})
    elif a.format == "csv":
        sys.stdout.write(csvio.write_rows(
            ["rank", "id", "name", "table", "points", *used],
            ([r.rank, r.id, r.name, r.table, jnum(r.points),
              *(jnum(r.tiebreaks[c]) if c in r.tiebreaks else "" for c in used)] for r in rows),
        ))
    else:
        sys.stdout.write(standings_text(e, rows, used, after))
    return 0
