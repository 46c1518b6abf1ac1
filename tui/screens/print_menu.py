"""The print menu's dialog (`o` on the main screen, tui/screens/printing.py): two columns that fit 80x24.

On the left the printouts (text, sent to the printer), on the right the files (the site, the TRF, the CSVs),
each row its key and the registry's label (core/formats/printouts.py), in the menu's order. A printout that
does not apply now (no top yet, no prizes ...) is dimmed, its reason left out: its key still answers, and the
menu then says why on the message line (`actions.run`), so the rows stay one line each and the dialog stays
above the footer at 80x24 in English and Russian, in a team event too (issue 33;
tests/tui/test_tui_print_menu_fits.py).

The dialog is a `ChoiceScreen`: the same keys (a Russian layout's letters too), Escape cancels.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Label, Static

from ..actions import W
from .dialogs import ChoiceScreen

# the column headings and the line that says what a dimmed row is
PRINTOUTS = W("Printouts", "Печать")
FILES = W("Files", "Файлы")
DIMMED = W("Dimmed: not now (its key says why).", "Бледные: пока нет (клавиша скажет почему).")
# a shorter label in the menu where the action's own is too long for its column (the palette keeps the long one)
SHORT: dict[str, W] = {"trf": W("TRF (FIDE's format)", "TRF (формат ФИДЕ)")}
BODY_LINES = 4  # at most, of the lines above the rows (where the files go, the printer)


def is_file(what: str) -> bool:
    """An export to a file (the right column) rather than a printout: the site, the TRF, a CSV."""
    return what in ("site", "trf") or what.startswith("csv_")


@dataclass(frozen=True)
class Entry:
    """One row of the menu."""

    what: str  # the printout's key in the registry (`csv_...`, `site`, `trf` for the files)
    key: str  # the menu's key
    label: str  # in the judge's language
    now: bool  # applies now; else dimmed (its key says why)


def entry(what: str, key: str, label: str, now: bool, lang: str) -> Entry:
    """The row of `what`, with the menu's shorter label where it has one."""
    short = SHORT.get(what)
    return Entry(what, key, short(lang) if short is not None else label, now)


def column(heading: str, entries: Sequence[Entry]) -> Text:
    """A column: its heading, then a row a line (a dimmed row when it does not apply now)."""
    t = Text()
    t.append(heading, style="bold underline")  # (the heading's style only: a Text's own style is every row's)
    for e in entries:
        t.append("\n")
        t.append(f" {e.key} ", style="reverse bold" if e.now else "dim")  # (unreversed: seen where dim is not)
        t.append(f" {e.label}", style="" if e.now else "dim")
    return t


def width(heading: str, entries: Sequence[Entry]) -> int:
    """The cells a column takes: its widest row (or its heading)."""
    return max([cell_len(heading)] + [cell_len(e.label) + 4 for e in entries])


class PrintMenu(ChoiceScreen):
    """The print menu: answers the key pressed (a dimmed row's too: the caller says why), or None (Escape)."""

    DEFAULT_CSS = """
    PrintMenu .print-columns {
        height: auto;
        margin-top: 1;
    }
    PrintMenu .print-left {
        height: auto;
    }
    PrintMenu .print-right {
        width: 1fr;
        height: auto;
        margin-left: 2;  /* cells between the columns */
    }
    """

    def __init__(self, title: str, body: Text, entries: Sequence[Entry], lang: str, *, classes: str = "") -> None:
        super().__init__(title, body, [(e.key, e.label) for e in entries], classes=classes)
        self.entries = tuple(entries)
        self.lang = lang

    def compose(self) -> ComposeResult:
        left = [e for e in self.entries if not is_file(e.what)]
        right = [e for e in self.entries if is_file(e.what)]
        files = column(FILES(self.lang), right)
        if not all(e.now for e in self.entries):
            files.append("\n\n")
            files.append(DIMMED(self.lang), style="dim italic")
        with Vertical(classes="dialog"):
            yield Label(Text(self.title_text, style="bold"), classes="dialog-title")
            body = VerticalScroll(classes="dialog-body")
            body.styles.max_height = BODY_LINES  # a long folder's name scrolls here, the rows stay on the screen
            with body:
                yield Static(self.body)
            with Horizontal(classes="print-columns"):
                printouts = Static(column(PRINTOUTS(self.lang), left), classes="print-left")
                printouts.styles.width = width(PRINTOUTS(self.lang), left)  # the files close beside it
                yield printouts
                yield Static(files, classes="print-right")
