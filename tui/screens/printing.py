"""Printouts and exports from the TUI (`o`, the palette): the file written beside the event, then the printer
(`lpr`) if there is one.

`Printing` is a part of `MainScreen`: `o` opens the menu of every printout
(the action table's "print" scope, in two columns: tui/screens/print_menu.py; those that do not apply now
are dimmed, and their key says why); the palette finds each printout by name too. A printout is
written as the App's job (`export`, in a thread), then the message line says
where it went.

What each writes is what `arbiter export` writes (core.formats): the text
printouts of the registry (core/formats/printouts.py: pairings, names, slips, standings, crosstable,
bracket, play-off, the final ranking, the lists by category, the prizes, the wall, the player cards; a team
event's matches, match cards, team standings, board prizes, in the judge's language), the site (`site.write_site`), the
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
from typing import Callable

from rich.text import Text
from textual import work

from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.formats import printouts
from arbiter_tournament.core.formats.printouts import Need

from .. import actions
from ..actions import W, Action, Why, busy, register, why
from ..i18n import tr
from .main_host import MainScreenPart
from .print_menu import Entry, PrintMenu, entry
from arbiter_tournament.core.event.systems import Stage

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
    from arbiter_tournament.core.formats.output import write_output
    from arbiter_tournament.core.msg.cells import clean

    path = out_path(event_path, what, table)
    if what == "site":
        from arbiter_tournament.core.formats.site import write_site

        write_site(event, path, lang=lang, event_path=event_path)
        return Exported(path)
    if what == "trf":
        from arbiter_tournament.core.formats.trf import write_trf
        from arbiter_tournament.core.formats.trf_event import event_to_trf

        write_output(path, write_trf(event_to_trf(event, table)), event=event_path)
        return Exported(path)
    if what.startswith("csv_"):
        write_output(path, printouts.build_csv(event, what.removeprefix("csv_")), event=event_path)
        return Exported(path)
    from arbiter_tournament.core.formats.text import clean_pages
    from arbiter_tournament.core.limits import PAGE_LINES

    text = printouts.build(event, what, lang=lang, page_lines=PAGE_LINES, url=_players_url(event_path, what))
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


def _players_url(event_path: Path, what: str) -> str | None:
    """The address phones open, for the QR codes of the slips and cards: the one `arbiter display --serve
    --reports` keeps beside the event (`FILE.url`; docs/players.md); None: the codes alone."""
    if what not in ("slips", "cards"):
        return None
    from arbiter_tournament.core.store.reports import read_address

    return read_address(event_path)


# -- the print menu and the palette ---------------------------------------------------------------------

# The printouts and CSV exports are the registry's (core/formats/printouts.py: titles, what each needs, whether
# a team event's); the TUI adds its key in the menu, and its own two exports (the site, the TRF).
MENU_KEYS = {"pairings": "1", "matches": "1", "names": "2", "slips": "3", "match_cards": "3", "standings": "4",
             "team_standings": "4", "board_stats": "b", "crosstable": "5", "bracket": "6", "playoff": "7", "final": "8",
             "categories": "9", "prizes": "0", "wall": "w", "cards": "p", "site": "h", "trf": "t",
             "csv_players": "c", "csv_standings": "s", "csv_final": "f", "csv_prizes": "z", "csv_team_standings": "s",
             "csv_board_stats": "k"}
TUI_EXPORTS = (
    ("site", W("the site (HTML)", "сайт (HTML)"), W("Export the site: a folder of HTML pages", "Экспорт сайта: папка страниц HTML"),
     None),
    ("trf", W("TRF (the table shown; from the top, each table)", "TRF (показанный стол; из топа — каждый)"),
     W("Export TRF (FIDE's exchange format) of the Swiss: the table shown, or each table when the top is shown",
       "Экспорт TRF (формат обмена ФИДЕ) швейцарской системы: показанный стол или, когда показан топ, каждый стол"),
     None),
)
# why a printout does not apply now, by what it needs (tui/i18n.py, tui/words.py)
NEED_WHY = {Need.CURRENT_ROUND: "why_no_round", Need.ROUNDS: "why_no_round", Need.TOP: "no_top",
            Need.PLAYOFF: "why_no_playoff", Need.CATEGORIES: "why_no_categories_print", Need.PRIZES: "why_no_prizes",
            Need.CODES: "why_no_codes"}
NEEDS = {**{p.key: p.need for p in printouts.TEXT}, **{"csv_" + p.key: p.need for p in printouts.CSV}}
END_OF_EVENT = tuple([p.key for p in printouts.TEXT if p.end_of_event]
                     + ["csv_" + p.key for p in printouts.CSV if p.end_of_event])

# (what, menu key, label, help, team): each is a row of the print menu (scope "print") and of the palette
# ("main"), in the menu's order; `team` as the action table's (True: a team event's only, False: never there)
# The registry's order; the exports (the site, the TRF, the CSVs) after the printouts of the end of the event,
# before the later additions (the wall, the cards), as the menu and the palette have always had them.
_END = max(i for i, p in enumerate(printouts.TEXT) if p.end_of_event) + 1
PRINTOUTS = (
    *((p.key, MENU_KEYS[p.key], W(*p.title), W(*p.help), p.team) for p in printouts.TEXT[:_END]),
    *((what, MENU_KEYS[what], label, help_, team) for what, label, help_, team in TUI_EXPORTS),
    *(("csv_" + p.key, MENU_KEYS["csv_" + p.key], W(*p.title), W(*p.help), p.team) for p in printouts.CSV),
    *((p.key, MENU_KEYS[p.key], W(*p.title), W(*p.help), p.team) for p in printouts.TEXT[_END:]),
)


def _palette_place(row: tuple) -> tuple[int, int]:
    """The palette's order: a team event's first, then the others as in the menu, those of the end of the event
    last."""
    what, team = row[0], row[4]
    return (0 if team else 2 if what in END_OF_EVENT else 1, [r[0] for r in PRINTOUTS].index(what))


def _printable(what: str) -> Callable[[MainScreenPart], Why | None]:
    """A printout applies when the event has what it shows (the registry's `need`: a round, the top ...)."""
    need = NEEDS.get(what, Need.NOTHING)

    def when(s: MainScreenPart) -> Why | None:
        w = busy(s)
        if w is not None:
            return w
        return None if need.met(s.event) else why(NEED_WHY[need])

    return when


register(
    Action("print", ("o",), W("print", "печать"),
           W("Print or export: pairings, names, slips, standings, crosstable, bracket, play-off, the site, TRF, CSV",
             "Печать и экспорт: пары, списки, бланки, таблица, сетка, плей-офф, сайт, TRF, CSV"),
           ("main",), "action_print", footer=42, palette=True, when=busy, group="change"),
    *(Action(f"print_{what}", (key,), label, help_, ("print",), "print_do", (what,), when=_printable(what),
             group="print", team=team) for what, key, label, help_, team in PRINTOUTS),
    *(Action(f"export_{what}", (), label, help_, ("main",), "print_do", (what,), palette=True, when=_printable(what),
             team=team) for what, key, label, help_, team in sorted(PRINTOUTS, key=_palette_place)),
)


class Printing(MainScreenPart):
    """The main screen's print menu and printouts (a part of MainScreen: `self` is the screen)."""

    def action_print(self) -> None:
        self.print_menu()

    @work(group="question")
    async def print_menu(self) -> None:
        """The print menu: each printout or export that applies now (the action table's "print" scope)."""
        lang = self.arb.lang
        entries: list[Entry] = []  # every printout, those that do not apply now dimmed (their key says why)
        team = actions.in_team_event(self)
        a: Action | None  # each printout, then the one chosen
        for a in actions.of_scope("print"):
            if not actions.offered(a, team):  # a team event's printouts, or the others'
                continue
            entries.append(entry(a.id.removeprefix("print_"), a.key, a.label(lang), a.why_not(self) is None, lang))
        lpr = shutil.which("lpr")
        body = Text(tr(lang, "print_where", folder=str(self.arb.file.path.parent) or ".")
                    + " " + tr(lang, "print_lpr" if lpr else "print_no_lpr"))
        choice = await self.ask(PrintMenu(tr(lang, "print_title"), body, entries, lang, classes="ask print"))
        a = actions.chosen("print", choice, self) if choice else None
        if a is not None:
            actions.run(self, a.id)

    @work(group="pairing")
    async def print_do(self, what: str) -> None:
        """Write one printout or export (a job: the site of a big event, the printer), then say where it went."""
        snapshot, lang, path = self.event, self.arb.lang, self.arb.file.path
        tables: list[int | None] = [None]
        if what == "trf" and len(snapshot.stage_tables(Stage.SWISS)) > 1:
            # the TRF is of one Swiss table: the one shown, or each of them when the top or play-off is shown
            tables = [self.table] if self.stage == Stage.SWISS else list(snapshot.stage_tables(Stage.SWISS))
        label = actions.BY_ID["print_" + what].label(lang)
        outs = await self.arb.run_job(why("job_print", what=label),
                                      lambda progress: [export(snapshot, path, what, lang, t) for t in tables])
        if outs is None:
            return
        out = outs[0]  # (several only for the TRF of each table, which is not printed)
        where = tr(lang, "printed_to", what=label, path=", ".join(str(o.path) for o in outs))
        if out.error:
            self.say(where + "; " + tr(lang, "print_failed", lpr=out.printer, error=out.error), "yellow")
        elif out.printer:
            self.say(where + "; " + tr(lang, "print_sent", lpr=out.printer), "bold")
        else:
            self.say(where, "bold")
