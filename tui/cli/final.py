"""The end of the event: categories add|edit|list|rename|move|remove, prizes add|edit|list|rename|move|remove|
sharing|split|unsplit, ties, draw-lots. (`standings --final` is in `standings`.)

Each change is one command of core/commands/final.py run in one transaction (`interrupt.run`), journalled.
"""

from __future__ import annotations

import argparse
import sys

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core.final import changes
from arbiter_tournament.core.formats import final as out
from arbiter_tournament.core.msg.cells import clean
from arbiter_tournament.core.store import EventFile, load


from .common import ids, print_json, typed_as
from .interrupt import run
from .usage import UsageError

def _conditions(a: argparse.Namespace) -> cmds.Conditions:
    return cmds.Conditions(rating_from=a.rating_from, rating_below=a.rating_below, born_from=a.born_from,
                           born_to=a.born_to, sex=a.sex or "", unrated=a.unrated, club=a.club or "", table=a.table)


# -- categories ----------------------------------------------------------------------------------------


def cmd_categories_add(a: argparse.Namespace) -> int:
    new = run(EventFile(a.file), cmds.AddCategory(a.name, _conditions(a)))
    _said_category(new, a.name)
    return 0


def _said_category(e, name: str) -> None:
    from arbiter_tournament.core.final.categories import find

    print(clean(out.category_line(e, find(e, name), "en")))


def cmd_categories_edit(a: argparse.Namespace) -> int:
    new = run(EventFile(a.file), cmds.EditCategory(a.name, _conditions(a)))
    _said_category(new, a.name)
    return 0


def cmd_categories_list(a: argparse.Namespace) -> int:
    e = load(a.file)
    if a.format == "json":
        print_json(out.categories_doc(e))
    else:
        sys.stdout.write(clean("\n".join(out.categories_lines(e, "en")) + "\n", lines=True))
    return 0


def cmd_categories_rename(a: argparse.Namespace) -> int:
    run(EventFile(a.file), cmds.RenameCategory(a.name, a.new))
    print(clean(f"category {a.name.strip()} is now {a.new.strip()}"))
    return 0


def cmd_categories_move(a: argparse.Namespace) -> int:
    run(EventFile(a.file), cmds.MoveCategory(a.name, a.position))
    print(clean(f"category {a.name.strip()} is now number {a.position}"))
    return 0


def cmd_categories_remove(a: argparse.Namespace) -> int:
    run(EventFile(a.file), cmds.RemoveCategory(a.name))
    print(clean(f"category {a.name.strip()} removed"))
    return 0


# -- prizes ----------------------------------------------------------------------------------------------


def cmd_prizes_add(a: argparse.Namespace) -> int:
    new = run(EventFile(a.file), cmds.AddPrize(a.name, a.amount, a.category or "", a.at))
    i = [p.name.casefold() for p in new.prizes].index(a.name.strip().casefold())
    p = new.prizes[i]
    from arbiter_tournament.core.event.money import amount_text

    bits = [f"prize {i + 1}: {p.name}"]
    if p.amount is not None:
        bits.append(amount_text(p.amount))
    if p.category:
        bits.append(f"category {p.category}")
    print(clean(", ".join(bits)))
    return 0


def cmd_prizes_edit(a: argparse.Namespace) -> int:
    if a.amount is not None and a.no_amount:
        raise UsageError("prizes edit: --amount or --no-amount, not both")
    if a.category is not None and a.no_category:
        raise UsageError("prizes edit: --category or --no-category, not both")
    kw: dict = {}
    if a.amount is not None or a.no_amount:
        kw["amount"] = None if a.no_amount else a.amount
    if a.category is not None or a.no_category:
        kw["category"] = "" if a.no_category else a.category
    if not kw:
        raise UsageError("prizes edit: say what changes (--amount, --no-amount, --category, --no-category)")
    run(EventFile(a.file), cmds.EditPrize(a.name, **kw))
    print(clean(f"prize {a.name.strip()} changed"))
    return 0


def cmd_prizes_list(a: argparse.Namespace) -> int:
    e = load(a.file)
    if a.format == "json":
        print_json(out.prizes_doc(e))
    elif a.format == "csv":
        sys.stdout.write(out.prizes_csv(e))
    else:
        sys.stdout.write(clean("\n".join(out.prizes_lines(e, "en")) + "\n", lines=True))
    return 0


def cmd_prizes_rename(a: argparse.Namespace) -> int:
    run(EventFile(a.file), cmds.RenamePrize(a.name, a.new))
    print(clean(f"prize {a.name.strip()} is now {a.new.strip()}"))
    return 0


def cmd_prizes_move(a: argparse.Namespace) -> int:
    run(EventFile(a.file), cmds.MovePrize(a.name, a.position))
    print(clean(f"prize {a.name.strip()} is now number {a.position}"))
    return 0


def cmd_prizes_remove(a: argparse.Namespace) -> int:
    run(EventFile(a.file), cmds.RemovePrize(a.name))
    print(clean(f"prize {a.name.strip()} removed"))
    return 0


def cmd_prizes_sharing(a: argparse.Namespace) -> int:
    run(EventFile(a.file), cmds.SetPrizeSharing(a.sharing))
    print({"none": "money of tied players: not shared (the places decide)",
           "equal": "money of players equal on points: shared equally",
           "hort": "money of players equal on points: Hort system (half kept, half shared)",
           "winners": "money of players equal on points: shared equally by the prize winners only"}[a.sharing])
    return 0


def cmd_prizes_trophies(a: argparse.Namespace) -> int:
    run(EventFile(a.file), cmds.SetPrizeTrophies(a.how))
    print({"order": "trophies at a shared place: by the Swiss order",
           "lot": "trophies at a shared place: by lot (drawn once with draw-lots)"}[a.how])
    return 0


def cmd_prizes_split(a: argparse.Namespace) -> int:
    players = ids(a.players, typed_as("PLAYERS", a.players), "4,9")
    parts = None
    if a.parts is not None:
        parts = []
        for x in a.parts.replace(":", ",").split(","):
            x = x.strip()
            if not (x.isascii() and x.isdigit()) or len(x) > 6:
                raise UsageError(f"{typed_as('--parts', a.parts)}: '{x}' is not a whole number (parts like 1,1 or 3,2)")
            parts.append(int(x))
    run(EventFile(a.file), cmds.SplitPrizes(tuple(players), None if parts is None else tuple(parts)))
    print(f"players {', '.join(map(str, players))} share their prizes' money in parts "
          f"{':'.join(map(str, parts or [1] * len(players)))} (704.4)")
    return 0


def cmd_prizes_unsplit(a: argparse.Namespace) -> int:
    run(EventFile(a.file), cmds.UnsplitPrizes(a.id))
    print(f"the prize split of player {a.id} is taken back")
    return 0


# -- the lots of the final ranking ------------------------------------------------------------------------


def cmd_draw_lots(a: argparse.Namespace) -> int:
    """The lots drawn as the judge is told here: refused if another judge changed the ranking meanwhile."""
    ef = EventFile(a.file)
    draws = changes.pending_draws(ef.load())  # refused here (not over, places shared, nothing to draw)
    run(ef, cmds.DrawLots(tuple(draws)))
    for places, lot in draws:
        print(f"places {places}: by lot " + ", ".join(map(str, lot)))
    return 0


def cmd_ties(a: argparse.Namespace) -> int:
    run(EventFile(a.file), cmds.SetTies(a.ties))
    print("players equal after every tie-break: " + ("they share the place" if a.ties == "shared"
                                                      else "a lot decides (arbiter draw-lots, at the end)"))
    return 0
