"""Printouts and exports from the TUI: the file written beside the event, then the printer (`lpr`) if there is one.

What each writes is what `arbiter export` writes (core.formats): the text
printouts (`exports.printout`: pairings, names, slips, standings, crosstable,
bracket, play-off, the final ranking, the lists by category, the prizes; a team event's `team_printouts`:
matches, match cards, team standings, board prizes, in the judge's language), the site (`site.write_site`), the
TRF of the main stage (of the table shown; from the top, of each Swiss table) and the CSV of the players, the
standings, the final ranking, the prizes, the team standings or the board prizes. Every file goes out through
`core.formats.output.write_output`
(never over the event, its journal, lock or backups). The file's name is the
event's with the printout's: `cup.toml` -> `cup-pairings.txt`, `cup-site/`,
`cup.trf` (`cup-table2.trf`), `cup-players.csv`, `cup-match-cards.txt`, `cup-board-stats.csv`. A text printout is then
sent to `lpr` when the machine has one (`shutil.which`); what happened is
said on the message line: where the file went, and whether it was printed.

`export(...)` runs in a job's thread (the site of a big event takes a
moment, `lpr` may wait for its spooler); it raises the engine's errors.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from arbiter.core.event.model import Event
from arbiter.core.formats import team_printouts

TEXT = ("pairings", "names", "slips", "standings", "crosstable", "bracket", "playoff", "final", "categories", "prizes")
TEAM_TEXT = ("matches", "match_cards", "team_standings", "board_stats")  # a team event's (core/formats/team_printouts.py)
EXPORTS = TEXT + TEAM_TEXT + ("site", "trf", "csv_players", "csv_standings", "csv_final", "csv_prizes",
                              "csv_team_standings", "csv_board_stats")
LPR_TIMEOUT = 30  # seconds: a spooler that does not answer is said, the file is written already


def out_path(event_path: Path, what: str, table: int | None = None) -> Path:
    """Where the printout of `what` goes: beside the event, named after it."""
    stem = event_path.with_suffix("")
    if what == "site":
        return stem.parent / f"{stem.name}-site"
    if what == "trf":
        return stem.parent / (f"{stem.name}-table{table}.trf" if table is not None else f"{stem.name}.trf")
    if what.startswith("csv_"):
        return stem.parent / f"{stem.name}-{what[4:].replace('_', '-')}.csv"
    return stem.parent / f"{stem.name}-{what.replace('_', '-')}.txt"


@dataclass(frozen=True)
class Exported:
    path: Path  # the file (the folder of the site) written
    printer: str = ""  # the printer command it was sent to ("" : not a printout, or no lpr on this machine)
    error: str = ""  # what the printer command said when it failed


def export(event: Event, event_path: Path, what: str, lang: str, table: int | None = None,
           lpr: str | None = None) -> Exported:
    """Write the printout (and send a text printout to the printer); raises the engine's errors.

    `lpr`: the printer command (default: `lpr` on PATH, if there is one).
    """
    from arbiter.core.formats.output import write_output
    from arbiter.core.msg.cells import clean

    path = out_path(event_path, what, table)
    if what == "site":
        from arbiter.core.formats.site import write_site

        write_site(event, path, lang=lang, event_path=event_path)
        return Exported(path)
    if what == "trf":
        from arbiter.core.formats.trf import write_trf
        from arbiter.core.formats.trf_event import event_to_trf

        write_output(path, write_trf(event_to_trf(event, table)), event=event_path)
        return Exported(path)
    if what in ("csv_players", "csv_standings"):
        from arbiter.core.formats.exports import players_csv, standings_csv

        write_output(path, standings_csv(event) if what == "csv_standings" else players_csv(event), event=event_path)
        return Exported(path)
    if what in ("csv_final", "csv_prizes"):
        from arbiter.core.formats.final import final_csv, prizes_csv

        write_output(path, final_csv(event) if what == "csv_final" else prizes_csv(event), event=event_path)
        return Exported(path)
    if what in ("csv_team_standings", "csv_board_stats"):
        write_output(path, team_printouts.team_standings_csv(event) if what == "csv_team_standings"
                     else team_printouts.board_stats_csv(event), event=event_path)
        return Exported(path)
    from arbiter.core.formats.exports import printout
    from arbiter.core.formats.text import clean_pages
    from arbiter.core.limits import PAGE_LINES

    text = (team_printouts.team_printout(event, what, lang, page_lines=PAGE_LINES) if what in TEAM_TEXT
            else printout(event, what, lang=lang, page_lines=PAGE_LINES))
    write_output(path, clean_pages(text), event=event_path)
    printer = lpr if lpr is not None else shutil.which("lpr")
    if not printer:
        return Exported(path)
    name = Path(printer).name
    try:
        done = subprocess.run([printer, str(path)], capture_output=True, text=True, timeout=LPR_TIMEOUT,
                              stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return Exported(path, name, f"no answer in {LPR_TIMEOUT} s")
    except OSError as exc:
        return Exported(path, name, clean(exc.strerror or str(exc)))
    if done.returncode != 0:
        said = (done.stderr or done.stdout or "").strip().splitlines()
        return Exported(path, name, clean(said[0]) if said else f"exit status {done.returncode}")
    return Exported(path, name)
