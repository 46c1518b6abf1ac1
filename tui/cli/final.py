"""The end of the event: categories add|list|edit|rename|move|remove, prizes add|list|edit|rename|move|remove|
sharing|split|unsplit, draw-lots. (`standings --final` is in `standings`.)

Each change is one `core.final.changes` function inside one `EventFile.change` transaction, journalled.
"""

from __future__ import annotations

import argparse
import sys

from arbiter.core.final import changes
from arbiter.core.formats import final as out
from arbiter.core.msg.cells import clean
from arbiter.core.msg.journal import describe, sharing_what, ties_what
from arbiter.core.store import EventFile, load

from . import numbers
from .common import FILE, TABLE, Arg, Command, Group, fmt, ids, print_json, typed_as
from .interrupt import change
from .usage import UsageError

NAME = Arg("name", "the category's name, e.g. \"Under 2000\"", metavar="NAME")
PRIZE = Arg("name", "the prize's name, e.g. \"1st\" or \"Best under 2000\"", metavar="NAME")
POSITION = Arg("position", "the place in the list, 1 first", metavar="POSITION", type=numbers.whole("position"))

CONDITIONS = (
    Arg("--rating-from", "rating R or more (an unrated player counts as 0)", metavar="R",
        type=numbers.whole("rating")),
    Arg("--rating-below", "rating below R (an unrated player counts as 0: admitted)", metavar="R",
        type=numbers.whole("rating")),
    Arg("--born-from", "born in year Y or later", metavar="Y", type=numbers.whole("year")),
    Arg("--born-to", "born in year Y or earlier", metavar="Y", type=numbers.whole("year")),
    Arg("--sex", "f (women) or m (men)", metavar="f|m", choices=("f", "m")),
    Arg("--unrated", "unrated players only (rating 0)", flag=True),
    Arg("--club", "members of this club", metavar="C"),
    TABLE.but("the players of this Swiss table"),
)


def _conditions(a: argparse.Namespace) -> dict:
    return {"rating_from": a.rating_from, "rating_below": a.rating_below, "born_from": a.born_from,
            "born_to": a.born_to, "sex": a.sex or "", "unrated": a.unrated, "club": a.club or "", "table": a.table}


# -- categories ----------------------------------------------------------------------------------------


def cmd_categories_add(a: argparse.Namespace) -> int:
    new = change(EventFile(a.file), lambda e: changes.add_category(e, a.name, **_conditions(a)),
                 describe("add category {name}", name=a.name.strip()))
    _said_category(new, a.name)
    return 0


def _said_category(e, name: str) -> None:
    from arbiter.core.final.categories import find

    print(clean(out.category_line(e, find(e, name), "en")))


def cmd_categories_edit(a: argparse.Namespace) -> int:
    new = change(EventFile(a.file), lambda e: changes.edit_category(e, a.name, **_conditions(a)),
                 describe("edit category {name}", name=a.name.strip()))
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
    change(EventFile(a.file), lambda e: changes.rename_category(e, a.name, a.new),
           describe("rename category {name} to {other}", name=a.name.strip(), other=a.new.strip()))
    print(clean(f"category {a.name.strip()} is now {a.new.strip()}"))
    return 0


def cmd_categories_move(a: argparse.Namespace) -> int:
    change(EventFile(a.file), lambda e: changes.move_category(e, a.name, a.position),
           describe("move category {name} to position {n}", name=a.name.strip(), n=a.position))
    print(clean(f"category {a.name.strip()} is now number {a.position}"))
    return 0


def cmd_categories_remove(a: argparse.Namespace) -> int:
    change(EventFile(a.file), lambda e: changes.remove_category(e, a.name),
           describe("remove category {name}", name=a.name.strip()))
    print(clean(f"category {a.name.strip()} removed"))
    return 0


# -- prizes ----------------------------------------------------------------------------------------------


def cmd_prizes_add(a: argparse.Namespace) -> int:
    new = change(EventFile(a.file), lambda e: changes.add_prize(e, a.name, amount=a.amount,
                                                                category=a.category or "", position=a.at),
                 describe("add prize {name}", name=a.name.strip()))
    i = [p.name.casefold() for p in new.prizes].index(a.name.strip().casefold())
    p = new.prizes[i]
    from arbiter.core.event.money import amount_text

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
    change(EventFile(a.file), lambda e: changes.edit_prize(e, a.name, **kw),
           describe("edit prize {name}", name=a.name.strip()))
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
    change(EventFile(a.file), lambda e: changes.rename_prize(e, a.name, a.new),
           describe("rename prize {name} to {other}", name=a.name.strip(), other=a.new.strip()))
    print(clean(f"prize {a.name.strip()} is now {a.new.strip()}"))
    return 0


def cmd_prizes_move(a: argparse.Namespace) -> int:
    change(EventFile(a.file), lambda e: changes.move_prize(e, a.name, a.position),
           describe("move prize {name} to position {n}", name=a.name.strip(), n=a.position))
    print(clean(f"prize {a.name.strip()} is now number {a.position}"))
    return 0


def cmd_prizes_remove(a: argparse.Namespace) -> int:
    change(EventFile(a.file), lambda e: changes.remove_prize(e, a.name),
           describe("remove prize {name}", name=a.name.strip()))
    print(clean(f"prize {a.name.strip()} removed"))
    return 0


def cmd_prizes_sharing(a: argparse.Namespace) -> int:
    change(EventFile(a.file), lambda e: changes.set_prize_sharing(e, a.sharing),
           sharing_what(a.sharing))
    print({"none": "money of tied players: not shared (the places decide)",
           "equal": "money of tied players: shared equally",
           "hort": "money of tied players: Hort system (half kept, half shared)"}[a.sharing])
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
    change(EventFile(a.file), lambda e: changes.split_prizes(e, players, parts),
           describe("prize split (704.4) of players {players}: parts {parts}", players=", ".join(map(str, players)),
                    parts=":".join(map(str, parts or [1] * len(players)))))
    print(f"players {', '.join(map(str, players))} share their prizes' money in parts "
          f"{':'.join(map(str, parts or [1] * len(players)))} (704.4)")
    return 0


def cmd_prizes_unsplit(a: argparse.Namespace) -> int:
    change(EventFile(a.file), lambda e: changes.unsplit_prizes(e, a.id),
           describe("take back the prize split of player {pid}", pid=a.id))
    print(f"the prize split of player {a.id} is taken back")
    return 0


# -- the lots of the final ranking ------------------------------------------------------------------------


def cmd_draw_lots(a: argparse.Namespace) -> int:
    """Drawn on the event as it is under the lock; the journal says the places and the order drawn."""
    from .interrupt import slow

    drawn: list = []

    def commit(now, draws):
        if changes.pending_draws(now) != draws:  # another judge changed the ranking meanwhile: again
            return None
        drawn[:] = draws
        return changes.draw_lots(now)

    # pending_draws refuses (the event not over, nothing to draw) before the lock is taken
    slow(EventFile(a.file)).change_slow(changes.pending_draws, commit, lambda d: describe(
        "draw lots for the final ranking: {draws}", draws=changes.draws_text(d)))
    for places, lot in drawn:
        print(f"places {places}: by lot " + ", ".join(map(str, lot)))
    return 0


def cmd_ties(a: argparse.Namespace) -> int:
    change(EventFile(a.file), lambda e: changes.set_ties(e, a.ties), ties_what(a.ties))
    print("players equal after every tie-break: " + ("they share the place" if a.ties == "shared"
                                                      else "a lot decides (arbiter draw-lots, at the end)"))
    return 0


GROUPS = (Group("categories", "categories of players (rating, year of birth, sex ...) for lists and prizes"),
          Group("prizes", "the prize list: add, list, change; how tied players share money; 704.4 splits"))

COMMANDS = (
    Command(("categories", "add"), "add a category: a named filter of players (every condition given must hold)",
            cmd_categories_add, (FILE, NAME, *CONDITIONS),
            epilog="example: arbiter categories add saves/open.toml \"Under 2000\" --rating-below 2000"),
    Command(("categories", "edit"), "give a category other conditions (all of them: the old ones go)",
            cmd_categories_edit, (FILE, NAME, *CONDITIONS)),
    Command(("categories", "list"), "the categories, their conditions and how many players each has",
            cmd_categories_list, (FILE, fmt("text", "json"))),
    Command(("categories", "rename"), "rename a category (its prizes follow)", cmd_categories_rename,
            (FILE, NAME, Arg("new", "the new name", metavar="NEW"))),
    Command(("categories", "move"), "move a category to another place in the list", cmd_categories_move,
            (FILE, NAME, POSITION)),
    Command(("categories", "remove"), "remove a category (refused while a prize is of it)", cmd_categories_remove,
            (FILE, NAME)),
    Command(("prizes", "add"), "add a prize at the end of the list (the list's order breaks ties of value)",
            cmd_prizes_add, (
                FILE, PRIZE,
                Arg("--amount", "the money (or a value to compare prizes by), e.g. 1000 or 250.50", metavar="X",
                    type=numbers.amount),
                Arg("--category", "a prize of this category (default: of the whole event)", metavar="NAME"),
                Arg("--at", "its place in the list (default: last)", metavar="POSITION",
                    type=numbers.whole("position")),
            ), epilog="example: arbiter prizes add saves/open.toml \"Best under 2000\" --amount 100 "
                      "--category \"Under 2000\""),
    Command(("prizes", "edit"), "change a prize's amount or category", cmd_prizes_edit, (
        FILE, PRIZE,
        Arg("--amount", "the new amount, e.g. 1000 or 250.50", metavar="X", type=numbers.amount),
        Arg("--no-amount", "no amount (a cup, a book)", flag=True),
        Arg("--category", "a prize of this category", metavar="NAME"),
        Arg("--no-category", "a prize of the whole event", flag=True),
    )),
    Command(("prizes", "list"), "each prize with its winners as the final ranking stands", cmd_prizes_list,
            (FILE, fmt("text", "csv", "json"))),
    Command(("prizes", "rename"), "rename a prize", cmd_prizes_rename,
            (FILE, PRIZE, Arg("new", "the new name", metavar="NEW"))),
    Command(("prizes", "move"), "move a prize to another place in the list", cmd_prizes_move,
            (FILE, PRIZE, POSITION)),
    Command(("prizes", "remove"), "remove a prize", cmd_prizes_remove, (FILE, PRIZE)),
    Command(("prizes", "sharing"), "how tied winners share money: none (the places decide), equal, hort",
            cmd_prizes_sharing, (FILE, Arg("sharing", "none, equal or hort (the Hort system)",
                                           metavar="none|equal|hort", choices=("none", "equal", "hort")))),
    Command(("prizes", "split"), "players who agreed a top game's result share their prizes' money (704.4)",
            cmd_prizes_split, (
                FILE,
                Arg("players", "their ids, e.g. 4,9", metavar="PLAYERS"),
                Arg("--parts", "their parts, in the same order (default: equal), e.g. 3,2", metavar="A,B"),
            ), epilog="example: arbiter prizes split saves/open.toml 4,9 --parts 1,1"),
    Command(("prizes", "unsplit"), "take back a 704.4 split", cmd_prizes_unsplit,
            (FILE, Arg("id", "a player of the split", metavar="ID", type=numbers.whole("id")))),
    Command(("ties",), "what the regulations say of players equal after every tie-break: they share the place, "
            "or a lot decides (drawn once at the end: draw-lots)", cmd_ties,
            (FILE, Arg("ties", "shared or lots", metavar="shared|lots", choices=("shared", "lots")))),
    Command(("draw-lots",), "draw the lots the final ranking waits for (players equal after every tie-break), "
            "once; recorded in the file and the journal", cmd_draw_lots, (FILE,)),
)
