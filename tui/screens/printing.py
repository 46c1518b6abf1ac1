"""Printouts and exports from the TUI (`o`, the palette): the file written beside the event, then the printer
(`lpr`) if there is one.

`Printing` is a part of `MainScreen`: `o` opens the menu of every printout
(the action table's "print" scope: those that do not apply now say why
beside them); the palette finds each printout by name too. A printout is
written as the App's job (`export`, in a thread), then the message line says
where it went.

What each writes is what `arbiter export` writes (core.formats): the text
printouts (`exports.printout`: pairings, names, slips, standings, crosstable,
bracket, play-off, in the judge's language), the site (`site.write_site`), the
TRF of the main stage (of the table shown; from the top, of each Swiss table) and the CSV of the players or the
standings. Every file goes out through `core.formats.output.write_output`
(never over the event, its journal, lock or backups). The file's name is the
event's with the printout's: `cup.toml` -> `cup-pairings.txt`, `cup-site/`,
`cup.trf` (`cup-table2.trf`), `cup-players.csv`. A text printout is then
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
from typing import Any, Callable

from rich.text import Text
from textual import work

from arbiter.core.event.model import Event

from .. import actions
from ..actions import W, Action, Why, busy, register, why
from ..i18n import tr
from .dialogs import ChoiceScreen

TEXT = ("pairings", "names", "slips", "standings", "crosstable", "bracket", "playoff")
EXPORTS = TEXT + ("site", "trf", "csv_players", "csv_standings")
LPR_TIMEOUT = 30  # seconds: a spooler that does not answer is said, the file is written already


def out_path(event_path: Path, what: str, table: int | None = None) -> Path:
    """Where the printout of `what` goes: beside the event, named after it."""
    stem = event_path.with_suffix("")
    if what == "site":
        return stem.parent / f"{stem.name}-site"
    if what == "trf":
        return stem.parent / (f"{stem.name}-table{table}.trf" if table is not None else f"{stem.name}.trf")
    if what.startswith("csv_"):
        return stem.parent / f"{stem.name}-{what[4:]}.csv"
    return stem.parent / f"{stem.name}-{what}.txt"


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
    from arbiter.core.formats.exports import printout

    write_output(path, clean(printout(event, what, lang=lang), lines=True), event=event_path)
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


# -- the print menu and the palette ---------------------------------------------------------------------

# (what, menu key, label, help): each is a row of the print menu (scope "print") and of the palette ("main")
PRINTOUTS = (
    ("pairings", "1", W("the pairings", "пары тура"),
     W("Print the pairings of the current round (every table)", "Печать пар текущего тура (все столы)")),
    ("names", "2", W("the names list", "список по фамилиям"),
     W("Print the names list: each player's board, by name", "Печать списка по фамилиям: доска каждого участника")),
    ("slips", "3", W("the result slips", "бланки результатов"),
     W("Print the result slips of the current round", "Печать бланков результатов текущего тура")),
    ("standings", "4", W("the standings", "турнирная таблица"),
     W("Print the standings with the tie-breaks", "Печать турнирной таблицы с доп. показателями")),
    ("crosstable", "5", W("the crosstable", "сводная таблица"), W("Print the crosstable", "Печать сводной таблицы")),
    ("bracket", "6", W("the bracket", "сетка топа"), W("Print the top's bracket", "Печать сетки топа")),
    ("playoff", "7", W("the play-off", "плей-офф"), W("Print the play-off", "Печать плей-офф")),
    ("site", "h", W("the site (HTML)", "сайт (HTML)"),
     W("Export the site: a folder of HTML pages", "Экспорт сайта: папка страниц HTML")),
    ("trf", "t", W("TRF (the table shown; from the top, each table)", "TRF (показанный стол; из топа — каждый)"),
     W("Export TRF (FIDE's exchange format) of the Swiss: the table shown, or each table when the top is shown",
       "Экспорт TRF (формат обмена ФИДЕ) швейцарской системы: показанный стол или, когда показан топ, каждый стол")),
    ("csv_players", "c", W("CSV of the players", "CSV участников"), W("Export a CSV of the players", "Экспорт участников в CSV")),
    ("csv_standings", "s", W("CSV of the standings", "CSV таблицы"),
     W("Export a CSV of the standings", "Экспорт турнирной таблицы в CSV")),
)


def _printable(what: str) -> Callable[[Any], Why | None]:
    """A printout applies when the event has what it shows (a round, the top, the play-off)."""
    def when(s) -> Why | None:
        w = busy(s)
        if w is not None:
            return w
        e = s.event
        if what in ("pairings", "names", "slips"):
            return None if any(r.stage == e.current_stage() for r in e.rounds) else why("why_no_round")
        if what in ("standings", "crosstable", "csv_standings"):
            return None if e.rounds else why("why_no_round")
        if what == "bracket":
            from arbiter.core.knockout import stage as top

            return None if top.state(e) is not None else why("no_top")
        if what == "playoff":
            from arbiter.core.playoff import stage as playoff_event

            return None if playoff_event.state(e) is not None else why("why_no_playoff")
        return None

    return when


register(
    Action("print", ("o",), W("print", "печать"),
           W("Print or export: pairings, names, slips, standings, crosstable, bracket, play-off, the site, TRF, CSV",
             "Печать и экспорт: пары, списки, бланки, таблица, сетка, плей-офф, сайт, TRF, CSV"),
           ("main",), "action_print", footer=42, palette=True, when=busy, group="change"),
    *(Action(f"print_{what}", (key,), label, help_, ("print",), "print_do", (what,), when=_printable(what), group="print")
      for what, key, label, help_ in PRINTOUTS),
    *(Action(f"export_{what}", (), label, help_, ("main",), "print_do", (what,), palette=True, when=_printable(what))
      for what, key, label, help_ in PRINTOUTS),
)


class Printing:
    """The main screen's print menu and printouts (a part of MainScreen: `self` is the screen)."""

    def action_print(self) -> None:
        self.print_menu()

    @work(group="question")
    async def print_menu(self) -> None:
        """The print menu: each printout or export that applies now (the action table's "print" scope)."""
        lang = self.arb.lang
        choices = []  # every printout, those that do not apply now with why (their key says it too)
        for a in actions.of_scope("print"):
            reason = a.why_not(self)
            choices.append((a.key, a.label(lang) + (f" — {reason.text(lang)}" if reason is not None else "")))
        lpr = shutil.which("lpr")
        body = Text(tr(lang, "print_where", folder=str(self.arb.file.path.parent) or ".")
                    + " " + tr(lang, "print_lpr" if lpr else "print_no_lpr"))
        choice = await self.ask(ChoiceScreen(tr(lang, "print_title"), body, choices, classes="ask print"))
        a = actions.chosen("print", choice) if choice else None
        if a is not None:
            actions.run(self, a.id)

    @work(group="pairing")
    async def print_do(self, what: str) -> None:
        """Write one printout or export (a job: the site of a big event, the printer), then say where it went."""
        snapshot, lang, path = self.event, self.arb.lang, self.arb.file.path
        tables: list[int | None] = [None]
        if what == "trf" and len(snapshot.stage_tables("swiss")) > 1:
            # the TRF is of one Swiss table: the one shown, or each of them when the top or play-off is shown
            tables = [self.table] if self.stage == "swiss" else list(snapshot.stage_tables("swiss"))
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
