"""TRF and exports: trf pair|check, import-trf, export."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from arbiter.core.store import create, load
from arbiter.core.formats.output import STDOUT, write_output
from arbiter.core.msg.cells import clean
from arbiter.core.store.files import read_text

from arbiter.core.limits import PAGE_LINES, PAGE_LINES_MIN

from . import numbers
from .common import FILE, TABLE, Arg, Command, Group, table_of
from .interrupt import guarded
from .usage import UsageError


def cmd_trf_pair(a: argparse.Namespace) -> int:
    from arbiter.core.formats.trfpair import trf_pair

    text = trf_pair(read_text(Path(a.trf)), a.trf)
    if a.o:
        _not_the_input(Path(a.o), Path(a.trf))
        write_output(a.o, text)
    else:
        sys.stdout.write(text)
    return 0


def _not_the_input(out: Path, trf: Path) -> None:
    """`trf pair X.trf -o X.trf` (or a link to it) would replace the TRF with its pairing."""
    try:
        same = os.path.samefile(out, trf)
    except OSError:  # no such file yet
        same = False
    if same:
        raise UsageError(f"-o {out}: is the TRF being paired: write the pairing to another file")


def cmd_trf_check(a: argparse.Namespace) -> int:
    from arbiter.core.formats.trfpair import trf_check

    diffs = trf_check(read_text(Path(a.trf)), a.trf)
    for d in diffs:
        print(d)
    if diffs:
        return 1
    print("every round re-paired exactly as in the file")
    return 0


def cmd_import_trf(a: argparse.Namespace) -> int:
    from arbiter.core.formats.trf import parse_trf
    from arbiter.core.formats.trf_event import trf_to_event

    t = parse_trf(read_text(Path(a.trf)), a.trf)
    event = trf_to_event(t, a.trf)
    if event.rounds_planned > 999:  # an event file holds at most 999 rounds: say so at the TRF, not at FILE
        raise UsageError(f"{a.trf}: the number of rounds (XXR or 142) {event.rounds_planned} is too many: at most 999")
    with guarded():
        create(a.file, event)
    print(f"created {a.file}: {event.name}, {len(event.players)} players, "
          f"{len(event.rounds)} of {event.rounds_planned} rounds")
    return 0


CSV_WHAT = ("players", "standings", "final", "prizes", "team_standings", "board_stats")
TEXT_WHAT = ("pairings", "names", "slips", "standings", "crosstable", "bracket", "playoff", "final", "categories",
             "prizes", "matches", "match_cards", "team_standings", "board_stats")  # (the last four: a team event's)


def cmd_export(a: argparse.Namespace) -> int:
    from arbiter.core.formats.output import check_not_event

    check_not_event(a.out, a.file)  # before any work: never over the event's own files
    e = load(a.file)
    if a.format == "html":
        from arbiter.core.formats.site import write_site

        write_site(e, a.out, event_path=a.file)
        print(f"wrote {a.out}")
        return 0
    if a.format == "trf":
        from arbiter.core.formats.trf import write_trf
        from arbiter.core.formats.trf_event import event_to_trf

        table = table_of(e, "swiss", a, required=False) if a.what != "top" else None
        text = write_trf(event_to_trf(e, table, what=a.what))
    elif a.format == "csv":
        from arbiter.core.formats.exports import players_csv, standings_csv

        from arbiter.core.formats.final import final_csv, prizes_csv

        if a.what not in CSV_WHAT:
            raise UsageError(f"--what '{a.what}': a CSV export is players, standings, final, prizes, team_standings "
                             "or board_stats")
        if a.what in ("team_standings", "board_stats"):
            from arbiter.core.formats import team_printouts

            _team_event(e, a.what)
            text = team_printouts.team_standings_csv(e) if a.what == "team_standings" else \
                team_printouts.board_stats_csv(e)
        else:
            text = {"standings": standings_csv, "players": players_csv, "final": final_csv,
                    "prizes": prizes_csv}[a.what](e)
    else:  # text printouts, on pages of --page-length lines (0: no page breaks)
        from arbiter.core.formats import team_printouts
        from arbiter.core.formats.exports import printout
        from arbiter.core.formats.text import clean_pages

        if 0 < a.page_length < PAGE_LINES_MIN:
            raise UsageError(f"--page-length {a.page_length}: too small: at least {PAGE_LINES_MIN} lines (0: no "
                             "page breaks)")
        if a.what in team_printouts.TEAM_PRINTOUTS:
            _team_event(e, a.what)
            text = clean_pages(team_printouts.team_printout(e, a.what, page_lines=a.page_length))
        else:
            text = clean_pages(printout(e, a.what, page_lines=a.page_length))
        if write_output(a.out, text, event=a.file) != STDOUT:
            print(f"wrote {a.out}")
        return 0
    if write_output(a.out, clean(text, lines=True), event=a.file) != STDOUT:
        print(f"wrote {a.out}")
    return 0


def _team_event(e, what: str) -> None:
    from arbiter.core.teams import is_team_event

    if not is_team_event(e):
        raise UsageError(f"--what {what}: a printout of a team event, and this is not one")


GROUPS = (Group("trf", "pair or check TRF files (FIDE's exchange format)"),)

COMMANDS = (
    Command(("trf", "pair"), "pair the round after the last one in a TRF; print what the endorsed engines print",
            cmd_trf_pair, (
                Arg("trf", "the TRF file (it must say the number of rounds: XXR or 142)", metavar="TRF"),
                Arg("-o", "write the pairing to this file instead of stdout", metavar="OUT"),
            ), epilog="Output: the number of pairs, then WHITE BLACK per board (start numbers); a bye as ID 0."),
    Command(("trf", "check"), "re-pair every round from the rounds before it; list each difference (exit 1 if any)",
            cmd_trf_check, (Arg("trf", "the TRF file", metavar="TRF"),)),
    Command(("import-trf",), "make an event from a TRF file: a Swiss, a round robin or a team event (players, "
            "teams, rounds, results, rounds total)",
            cmd_import_trf, (
                Arg("trf", "the TRF file", metavar="TRF"),
                FILE.but("the event file to create"),
            )),
    Command(("export",), "write TRF, CSV, the HTML site or text printouts", cmd_export, (
        FILE,
        Arg("--format", "trf (the main stage: a Swiss table, the round robin, the team event; --what top: the top), "
            "csv, html (a folder of pages), text (printouts)",
            metavar="trf|csv|html|text", choices=("trf", "csv", "html", "text"), required=True),
        Arg("--out", "the file (the folder for html) to write; never the event, its journal, lock or backups",
            metavar="PATH", required=True),
        TABLE.but("trf: one table of the Swiss stage"),
        Arg("--what", "csv: players|standings|final|prizes|team_standings|board_stats; text: " + "|".join(TEXT_WHAT) + "; trf: top (default standings: "
            "the main stage)",
            metavar="WHAT", default="standings"),
        Arg("--page-length", f"text: lines of a printed page (default {PAGE_LINES}; a form feed between pages, never "
            "inside a slip or a table row; 0: no page breaks)", metavar="LINES", type=numbers.whole("page_lines"),
            default=PAGE_LINES),
    )),
)
