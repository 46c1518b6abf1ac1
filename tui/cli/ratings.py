"""Rating lists: ratings import|list|find, players update-ratings (docs/ratings.md)."""

from __future__ import annotations

import argparse
import datetime
import sys
from pathlib import Path
from typing import Iterable

from arbiter_tournament.core.msg.cells import clean, fit

from .common import print_json
from .usage import UsageError


def _index():
    from arbiter_tournament.core.ratings.index import Index

    return Index()


def cmd_ratings_import(a: argparse.Namespace) -> int:
    from arbiter_tournament.core.ratings import lists

    path = Path(a.list)
    if not path.is_file():
        raise UsageError(f"{a.list}: no such file (a rating list: FIDE's TXT or zip, or a CSV)")
    date = a.date
    if date is not None:
        try:
            datetime.date.fromisoformat(date)
            if len(date) != 10:
                raise ValueError
        except ValueError:
            raise UsageError(f"--date '{date[:40]}': not a date like 2026-12-01 (YYYY-MM-DD)") from None
    else:
        date = datetime.date.fromtimestamp(path.stat().st_mtime).isoformat()
    name = a.name if a.name is not None else path.name.split(".")[0]
    if not name.strip() or len(name) > 100:
        raise UsageError("--name: a list's name is 1 to 100 characters")
    entries: Iterable[lists.Entry]
    if lists.is_fide_txt(path):
        kind, entries = "fide", lists.read_fide(path, a.rate)
    else:
        kind, entries = "national", lists.read_csv(path, a.rate, a.encoding)
    tty = sys.stderr.isatty()

    def progress(n: int) -> None:
        if tty:
            print(f"\r{n:,} players read", end="", file=sys.stderr, flush=True)

    info = _index().import_list(name, kind, date, str(path.resolve()), entries, progress)
    if tty:
        print("\r" + " " * 30 + "\r", end="", file=sys.stderr)
    print(clean(f"imported {info.players} players as list {info.name} ({info.kind}, {info.date})"))
    return 0


def cmd_ratings_list(a: argparse.Namespace) -> int:
    ix = _index()
    got = ix.lists() if ix.path.exists() else []
    if a.format == "json":
        print_json([{"name": i.name, "kind": i.kind, "date": i.date, "imported": i.imported, "players": i.players,
                     "source": i.source} for i in got])
        return 0
    if not got:
        print(f"no rating list imported (arbiter ratings import LIST; the index would be {ix.path})")
    for i in got:
        print(clean(f"{i.name}: {i.kind}, {i.date}, {i.players} players (imported {i.imported[:16].replace('T', ' ')}"
                    f" UTC from {i.source})"))
    return 0


def cmd_ratings_find(a: argparse.Namespace) -> int:
    from arbiter_tournament.core.event.federations import code_of

    fed = ""
    if a.federation:
        fed = code_of(a.federation) or ""
        if not fed:
            raise UsageError(f"--federation '{a.federation[:40]}': not a FIDE federation (its code, e.g. KAZ, or "
                             "the country's name)")
    if not a.text.strip() and not fed:
        raise UsageError("ratings find: give a FIDE id, words of a name, or --federation")
    got = _index().find(a.text, federation=fed, limit=a.limit)
    if a.format == "json":
        print_json([f.as_json() for f in got])
        return 0
    if not got:
        print("nobody found")
    for f in got:
        title = "/".join(t for t in (f.title, f.wtitle) if t)
        print(clean(f"{f.fide_id:>10}  {fit(f.name, 34):<34} {f.fed:<3} {f.sex or '-'} {title:<7} "
                    f"{f.standard or '':>4} {f.rapid or '':>4} {f.blitz or '':>4} {f.born or '':>4}  {f.list}").rstrip())
    return 0


def cmd_players_update_ratings(a: argparse.Namespace) -> int:
    from arbiter_tournament.core import commands as cmds
    from arbiter_tournament.core.ratings.fill import updates

    from .interrupt import run
    from arbiter_tournament.core.store import EventFile, load

    e = load(a.file)
    changes = updates(e, _index())
    if not changes:
        print(f"no rating changed (the {e.rate} ratings of the newest lists)")
        return 0
    command = cmds.UpdateRatings(tuple((pid, new) for pid, _, new, _ in changes),
                                 ", ".join(sorted({src for *_, src in changes})), force=a.force)
    if not a.dry_run:
        run(EventFile(a.file), command)
    else:
        command.check(e)
    for pid, old, new, src in changes:
        print(clean(f"player {pid} {e.player(pid).name}: {old} -> {new} ({src})"))
    print(f"{len(changes)} ratings {'to change (not saved: --dry-run)' if a.dry_run else 'changed'} "
          f"({e.rate})")
    return 0
