"""Standings and tie-breaks: `arbiter standings`."""

from __future__ import annotations

import argparse
import sys

from arbiter_tournament.core.formats import csvio
from arbiter_tournament.core.formats.text import standings_text
from arbiter_tournament.core.tiebreaks.standings import completed_rounds, standings
from arbiter_tournament.core.store import load

from .common import codes, jnum, main_stage, print_json
from .usage import UsageError


def cmd_standings(a: argparse.Namespace) -> int:
    from arbiter_tournament.core import teams as team_event
    from arbiter_tournament.core.formats import team_output
    from arbiter_tournament.core.tiebreaks.standings import check_codes

    e = load(a.file)
    chosen = codes(a.tiebreaks)
    if a.final:
        return final_standings(e, a)
    if a.category is not None:
        raise UsageError("--category: the lists by category are of the final ranking (add --final)")
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
    if a.after_round is not None:  # the table named (without --table: every table of the stage) paired it
        tables = [table] if table is not None else e.stage_tables(stage)
        short = [t for t in tables if a.after_round > len(e.rounds_of(stage, t))]
        if short:
            where = f" on table {short[0]}" if len(short) < len(tables) else ""
            raise UsageError(f"--after-round {a.after_round}: round {a.after_round} has not been paired{where}")
    after = a.after_round if a.after_round is not None else completed_rounds(e, stage, table)
    rows = standings(e, table=table, after_round=after, codes=chosen, edition=a.edition)
    used = list(chosen if chosen is not None else e.tiebreaks)
    if a.explain is not None:
        from arbiter_tournament.core.tiebreaks.standings import explain_text

        sys.stdout.write(explain_text(e, a.explain, table=table, after_round=after, codes=used, edition=a.edition))
        return 0
    if a.format == "json":
        print_json({"after_round": after, "tiebreaks": used, "rows": [
            {"rank": r.rank, "id": r.id, "name": r.name, "table": r.table, "points": jnum(r.points),
             "tiebreaks": {c: jnum(v) for c, v in r.tiebreaks.items()}, "by_lot": r.by_lot} for r in rows]})
    elif a.format == "csv":
        sys.stdout.write(csvio.write_rows(
            ["rank", "id", "name", "table", "points", *used, "by_lot"],
            ([r.rank, r.id, r.name, r.table, jnum(r.points),
              *(jnum(r.tiebreaks[c]) if c in r.tiebreaks else "" for c in used), "by lot" if r.by_lot else ""]
             for r in rows),
        ))
    else:
        sys.stdout.write(standings_text(e, rows, used, after))
    return 0


def final_standings(e, a: argparse.Namespace) -> int:
    """`standings --final`: the final ranking of the whole event (core.final.ranking), one table's or one
    category's list of it."""
    from arbiter_tournament.core.final.categories import find
    from arbiter_tournament.core.formats import final as out
    from arbiter_tournament.core.msg.cells import clean

    for option in ("after_round", "tiebreaks", "edition", "explain"):
        if getattr(a, option) is not None:
            raise UsageError(f"--{option.replace('_', '-')}: the final ranking is of the whole event as it stands "
                             "(drop --final for the standings)")
    table = None
    if a.table is not None:
        if e.tables < 2:
            raise UsageError("--table: the event has one table")
        if not 1 <= a.table <= e.tables:
            raise UsageError(f"--table {a.table}: the event has tables 1..{e.tables}")
        table = a.table
    if a.category is not None:
        find(e, a.category)  # an unknown name is refused, naming the categories there are
    if a.format == "json":
        print_json(out.final_doc(e, category=a.category, table=table))
    elif a.format == "csv":
        sys.stdout.write(out.final_csv(e, category=a.category, table=table))
    else:
        sys.stdout.write(clean("\n".join([e.name, ""] + out.final_lines(e, "en", category=a.category, table=table))
                               + "\n", lines=True))
    return 0
