"""Exports: import-trf, export (trf pair|check: tui/cli/trf.py)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from arbiter_tournament.core.store import create, load
from arbiter_tournament.core.formats.output import STDOUT, write_output
from arbiter_tournament.core.msg.cells import clean
from arbiter_tournament.core.store.files import read_text
from arbiter_tournament.core.limits import PAGE_LINES_MIN

from .common import table_of
from .interrupt import guarded
from .table import CSV_WHAT
from .usage import UsageError
from arbiter_tournament.core.event.systems import Stage


def cmd_import_trf(a: argparse.Namespace) -> int:
    from arbiter_tournament.core.formats.trf import parse_trf
    from arbiter_tournament.core.formats.trf_event import trf_to_event

    t = parse_trf(read_text(Path(a.trf)), a.trf)
    event = trf_to_event(t, a.trf)
    if event.rounds_planned > 999:  # an event file holds at most 999 rounds: say so at the TRF, not at FILE
        raise UsageError(f"{a.trf}: the number of rounds (XXR or 142) {event.rounds_planned} is too many: at most 999")
    with guarded():
        create(a.file, event)
    print(f"created {a.file}: {event.name}, {len(event.players)} players, "
          f"{len(event.rounds)} of {event.rounds_planned} rounds")
    return 0



def cmd_export(a: argparse.Namespace) -> int:
    from arbiter_tournament.core.formats.output import check_not_event

    if a.out == TO_STDOUT:  # standard output: one file's text (text, CSV, TRF, the cards' page), never the site
        if a.format == "html" and a.what != "cards":
            raise UsageError("--out -: standard output takes one file, and --format html writes a folder (the "
                             "site): give the folder's path")
    else:
        check_not_event(a.out, a.file)  # before any work: never over the event's own files
    e = load(a.file)
    url = _url(a.url) if a.url is not None else _kept_url(a)
    if a.url is not None:
        from arbiter_tournament.core.formats.printouts import TEXT

        with_url = [p.key for p in TEXT if p.url]  # the printouts with QR codes (the registry's)
        if not (a.what in with_url and a.format in ("text", "html")):
            raise UsageError(f"--url goes with --what {' or '.join(with_url)} (text), or --format html --what cards")
    if a.format == "html" and a.what == "cards":  # one page to print, never part of the site: it holds codes
        from arbiter_tournament.core.formats.cards import cards_html
        from arbiter_tournament.core.msg.i18n import language

        _write(a, cards_html(e, language(e), url))
        return 0
    if a.format == "html":
        from arbiter_tournament.core.formats.site import write_site

        write_site(e, a.out, event_path=a.file)
        print(f"wrote {a.out}")
        return 0
    if a.format == "trf":
        from arbiter_tournament.core.formats.trf import write_trf
        from arbiter_tournament.core.formats.trf_event import event_to_trf

        table = table_of(e, Stage.SWISS, a, required=False) if a.what != Stage.TOP else None
        text = write_trf(event_to_trf(e, table, what=a.what))
        from arbiter_tournament.core.formats.trf_lines import TRF_NAME_CHARS, trf_cut_names

        cut = trf_cut_names(e.players if table is None else e.table_players(table))
        if cut:  # never cut silently: the report's name column has 33 characters
            print(f"arbiter: warning: the report has {TRF_NAME_CHARS} columns for a name: {len(cut)} names cut "
                  f"there, e.g. player {cut[0].id} ({clean(cut[0].name[:TRF_NAME_CHARS])}…)", file=sys.stderr)
    elif a.format == "csv":
        from arbiter_tournament.core.formats.printouts import CSV_BY_KEY, build_csv

        if a.what not in CSV_WHAT:
            raise UsageError(f"--what '{a.what}': a CSV export is {', '.join(CSV_WHAT[:-1])} or {CSV_WHAT[-1]}")
        if CSV_BY_KEY[a.what].team:
            _team_event(e, a.what)
        text = build_csv(e, a.what)
    else:  # text printouts, on pages of --page-length lines (0: no page breaks)
        from arbiter_tournament.core.formats.printouts import BY_KEY, build
        from arbiter_tournament.core.formats.text import clean_pages

        if 0 < a.page_length < PAGE_LINES_MIN:
            raise UsageError(f"--page-length {a.page_length}: too small: at least {PAGE_LINES_MIN} lines (0: no "
                             "page breaks)")
        if a.what in BY_KEY and BY_KEY[a.what].team:
            _team_event(e, a.what)
        _write(a, clean_pages(build(e, a.what, page_lines=a.page_length, url=url)))
        return 0
    _write(a, clean(text, lines=True))
    return 0


TO_STDOUT = "-"  # `--out -`: standard output


def _write(a: argparse.Namespace, text: str) -> None:
    """The export's text to `--out` (then `wrote PATH`), or, for `--out -`, to standard output alone: the same
    bytes as the file's (UTF-8), nothing else on it."""
    if a.out != TO_STDOUT:
        if write_output(a.out, text, event=a.file) != STDOUT:
            print(f"wrote {a.out}")
        return
    raw = getattr(sys.stdout, "buffer", None)
    if raw is None:  # a stdout of text only (the tests' in-process capture): as the file has it too
        getattr(sys.stdout, "write_exact", sys.stdout.write)(text)
        return
    sys.stdout.flush()
    raw.write(text.encode("utf-8"))
    raw.flush()


def _url(text: str) -> str:
    """--url: an http(s) address of the web view, as phones open it (no query or fragment)."""
    from arbiter_tournament.core.store.reports import players_url

    url = players_url(text)
    if url is None:
        raise UsageError(f"--url '{text}': expected the web view's address, e.g. http://arbiter.lan:8000")
    return url


def _kept_url(a: argparse.Namespace) -> str | None:
    """Without --url, the slips and cards carry the QR code of the address `display --serve --reports` keeps
    beside the event (FILE.url), if one does."""
    if not (a.what in ("slips", "cards") and a.format in ("text", "html")):
        return None
    from arbiter_tournament.core.store.reports import read_address

    return read_address(a.file)


def _team_event(e, what: str) -> None:
    from arbiter_tournament.core.teams import is_team_event

    if not is_team_event(e):
        raise UsageError(f"--what {what}: a printout of a team event, and this is not one")
