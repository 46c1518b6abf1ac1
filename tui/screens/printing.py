"""Printouts and exports from the TUI (`o`, the palette): the file written beside the event, then the printer
(`lpr`) if there is one.

`Printing` is a part of `MainScreen`: `o` opens the menu of every printout
(the action table's "print" scope: those that do not apply now say why
beside them); the palette finds each printout by name too. A printout is
written as the App's job (`export`, in a thread), then the message line says
where it went.

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
from typing import Callable

from rich.text import Text
from textual import work

from arbiter_tournament.core.event.model import Event

from .. import actions
from ..actions import W, Action, Why, busy, register, why
from ..i18n import tr
from .dialogs import ChoiceScreen
from .main_host import MainScreenPart
from arbiter_tournament.core.event.systems import Stage

TEXT = ("pairings", "names", "slips", "standings", "crosstable", "bracket", "playoff", "final", "categories", "prizes",
        "wall")
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
    if what in ("csv_players", "csv_standings"):
        from arbiter_tournament.core.formats.exports import players_csv, standings_csv

        write_output(path, standings_csv(event) if what == "csv_standings" else players_csv(event), event=event_path)
        return Exported(path)
    if what in ("csv_final", "csv_prizes"):
        from arbiter_tournament.core.formats.final import final_csv, prizes_csv

        write_output(path, final_csv(event) if what == "csv_final" else prizes_csv(event), event=event_path)
        return Exported(path)
    from arbiter_tournament.core.formats import team_printouts  # (in the job: not on the way to the first screen)

    if what in ("csv_team_standings", "csv_board_stats"):
        write_output(path, team_printouts.team_standings_csv(event) if what == "csv_team_standings"
                     else team_printouts.board_stats_csv(event), event=event_path)
        return Exported(path)
    from arbiter_tournament.core.formats.exports import printout
    from arbiter_tournament.core.formats.text import clean_pages
    from arbiter_tournament.core.limits import PAGE_LINES

    text = (team_printouts.team_printout(event, what, lang, page_lines=PAGE_LINES) if what in TEAM_TEXT
            else printout(event, what, lang=lang, page_lines=PAGE_LINES, url=_players_url(event_path, what)))
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

# (what, menu key, label, help, team): each is a row of the print menu (scope "print") and of the palette
# ("main"), in the menu's order; `team` as the action table's (True: a team event's only, False: never there)
PRINTOUTS = (
    ("pairings", "1", W("the pairings", "пары тура"),
     W("Print the pairings of the current round (every table)", "Печать пар текущего тура (все столы)"), False),
    ("matches", "1", W("the matches", "матчи тура"),
     W("Print the matches of the current round: teams, scores, boards", "Печать матчей текущего тура: команды, счёт, доски"),
     True),
    ("names", "2", W("the names list", "список по фамилиям"),
     W("Print the names list: each player's board, by name", "Печать списка по фамилиям: доска каждого участника"),
     None),
    ("slips", "3", W("the result slips", "бланки результатов"),
     W("Print the result slips of the current round", "Печать бланков результатов текущего тура"), False),
    ("match_cards", "3", W("the match cards", "бланки матчей"),
     W("Print a card for each match: its boards, the match score, the captains",
       "Печать бланка каждого матча: доски, счёт матча, капитаны"), True),
    ("standings", "4", W("the standings", "турнирная таблица"),
     W("Print the standings with the tie-breaks", "Печать турнирной таблицы с доп. показателями"), False),
    ("team_standings", "4", W("the team standings", "командный зачёт"),
     W("Print the team standings: MP, GP, the team tie-breaks", "Печать командного зачёта: MP, GP, командные показатели"),
     True),
    ("board_stats", "b", W("the board prizes", "призы по доскам"),
     W("Print the board prizes: each board's players with points, games, percentage",
       "Печать призов по доскам: очки, партии, процент на каждой доске"), True),
    ("crosstable", "5", W("the crosstable", "сводная таблица"), W("Print the crosstable", "Печать сводной таблицы"), None),
    ("bracket", "6", W("the bracket", "сетка топа"), W("Print the top's bracket", "Печать сетки топа"), False),
    ("playoff", "7", W("the play-off", "плей-офф"), W("Print the play-off", "Печать плей-офф"), False),
    ("final", "8", W("the final ranking (and each table's)", "итоговые места (и по столам)"),
     W("Print the final ranking of the whole event, then each table's list",
       "Печать итоговых мест всего турнира, затем списков по столам"), None),
    ("categories", "9", W("the lists by category", "списки по категориям"),
     W("Print the final ranking of each category", "Печать итоговых мест каждой категории"), False),
    ("prizes", "0", W("the prize list", "призы"), W("Print the prize list", "Печать списка призов"), None),
    ("site", "h", W("the site (HTML)", "сайт (HTML)"),
     W("Export the site: a folder of HTML pages", "Экспорт сайта: папка страниц HTML"), None),
    ("trf", "t", W("TRF (the table shown; from the top, each table)", "TRF (показанный стол; из топа — каждый)"),
     W("Export TRF (FIDE's exchange format) of the Swiss: the table shown, or each table when the top is shown",
       "Экспорт TRF (формат обмена ФИДЕ) швейцарской системы: показанный стол или, когда показан топ, каждый стол"),
     None),
    ("csv_players", "c", W("CSV of the players", "CSV участников"), W("Export a CSV of the players", "Экспорт участников в CSV"),
     None),
    ("csv_standings", "s", W("CSV of the standings", "CSV таблицы"),
     W("Export a CSV of the standings", "Экспорт турнирной таблицы в CSV"), False),
    ("csv_final", "f", W("CSV of the final ranking", "CSV итоговых мест"),
     W("Export a CSV of the final ranking", "Экспорт итоговых мест в CSV"), None),
    ("csv_prizes", "z", W("CSV of the prizes", "CSV призов"),
     W("Export a CSV of the prize list", "Экспорт списка призов в CSV"), None),
    ("csv_team_standings", "s", W("CSV of the team standings", "CSV командного зачёта"),
     W("Export a CSV of the team standings", "Экспорт командного зачёта в CSV"), True),
    ("csv_board_stats", "k", W("CSV of the board prizes", "CSV призов по доскам"),
     W("Export a CSV of the board prizes", "Экспорт призов по доскам в CSV"), True),
    # appended last: the palette's and the menu's order of the others stays
    ("wall", "w", W("the names in two columns (the wall)", "фамилии в два столбца (на стену)"),
     W("Print the names list for the wall: name and board, two columns a page (the hall's slide by name)",
       "Печать списка на стену: фамилия и доска, два столбца на странице (как слайд зала по фамилиям)"), None),
)


# the palette's order: a team event's first, then the others as in the menu, those of the end of the event last
END_OF_EVENT = ("final", "categories", "prizes", "csv_final", "csv_prizes")


def _palette_place(row: tuple) -> tuple[int, int]:
    what, team = row[0], row[4]
    return (0 if team else 2 if what in END_OF_EVENT else 1, [r[0] for r in PRINTOUTS].index(what))


def _printable(what: str) -> Callable[[MainScreenPart], Why | None]:
    """A printout applies when the event has what it shows (a round, the top, the play-off)."""
    def when(s: MainScreenPart) -> Why | None:
        w = busy(s)
        if w is not None:
            return w
        e = s.event
        if what in ("pairings", "names", "slips", "matches", "match_cards", "wall"):
            return None if any(r.stage == e.current_stage() for r in e.rounds) else why("why_no_round")
        if what in ("standings", "crosstable", "csv_standings", "team_standings", "board_stats", "csv_team_standings",
                    "csv_board_stats", "final", "csv_final"):
            return None if e.rounds else why("why_no_round")
        if what == "bracket":
            from arbiter_tournament.core.knockout import stage as top

            return None if top.state(e) is not None else why("no_top")
        if what == "playoff":
            from arbiter_tournament.core.playoff import stage as playoff_event

            return None if playoff_event.state(e) is not None else why("why_no_playoff")
        if what == "categories":
            return None if e.categories else why("why_no_categories_print")
        if what in ("prizes", "csv_prizes"):
            return None if e.prizes else why("why_no_prizes")
        return None

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
        choices = []  # every printout, those that do not apply now with why (their key says it too)
        team = actions.in_team_event(self)
        a: Action | None  # each printout, then the one chosen
        for a in actions.of_scope("print"):
            if not actions.offered(a, team):  # a team event's printouts, or the others'
                continue
            reason = a.why_not(self)
            choices.append((a.key, a.label(lang) + (f" — {reason.text(lang)}" if reason is not None else "")))
        lpr = shutil.which("lpr")
        body = Text(tr(lang, "print_where", folder=str(self.arb.file.path.parent) or ".")
                    + " " + tr(lang, "print_lpr" if lpr else "print_no_lpr"))
        choice = await self.ask(ChoiceScreen(tr(lang, "print_title"), body, choices, classes="ask print"))
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
