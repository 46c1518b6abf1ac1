"""The command table's commands of the end of the event (categories, prizes, ties, draw-lots): their words, help
and arguments, and the module that runs them (tui/cli/table.py gathers every group's)."""

from __future__ import annotations

from . import numbers
from .common import FILE, TABLE, Arg, Command, Group, fmt

# -- the end of the event ---------------------------------------------------------------------

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


FINAL_GROUPS = (Group("categories", "categories of players (rating, year of birth, sex ...) for lists and prizes"),
          Group("prizes", "the prize list: add, list, change; how tied players share money; 704.4 splits"))

FINAL = (
    Command(("categories", "add"), "add a category: a named filter of players (every condition given must hold)",
            "final", (FILE, NAME, *CONDITIONS),
            epilog="example: arbiter categories add saves/open.toml \"Under 2000\" --rating-below 2000"),
    Command(("categories", "edit"), "give a category other conditions (all of them: the old ones go)",
            "final", (FILE, NAME, *CONDITIONS)),
    Command(("categories", "list"), "the categories, their conditions and how many players each has",
            "final", (FILE, fmt("text", "json"))),
    Command(("categories", "rename"), "rename a category (its prizes follow)", "final",
            (FILE, NAME, Arg("new", "the new name", metavar="NEW"))),
    Command(("categories", "move"), "move a category to another place in the list", "final",
            (FILE, NAME, POSITION)),
    Command(("categories", "remove"), "remove a category (refused while a prize is of it)", "final",
            (FILE, NAME)),
    Command(("prizes", "add"), "add a prize at the end of the list (the list's order breaks ties of value)",
            "final", (
                FILE, PRIZE,
                Arg("--amount", "the money (or a value to compare prizes by), e.g. 1000 or 250.50", metavar="X",
                    type=numbers.amount),
                Arg("--category", "a prize of this category (default: of the whole event)", metavar="NAME"),
                Arg("--at", "its place in the list (default: last)", metavar="POSITION",
                    type=numbers.whole("position")),
            ), epilog="example: arbiter prizes add saves/open.toml \"Best under 2000\" --amount 100 "
                      "--category \"Under 2000\""),
    Command(("prizes", "edit"), "change a prize's amount or category", "final", (
        FILE, PRIZE,
        Arg("--amount", "the new amount, e.g. 1000 or 250.50", metavar="X", type=numbers.amount),
        Arg("--no-amount", "no amount (a cup, a book)", flag=True),
        Arg("--category", "a prize of this category", metavar="NAME"),
        Arg("--no-category", "a prize of the whole event", flag=True),
    )),
    Command(("prizes", "list"), "each prize with its winners as the final ranking stands", "final",
            (FILE, fmt("text", "csv", "json"))),
    Command(("prizes", "rename"), "rename a prize", "final",
            (FILE, PRIZE, Arg("new", "the new name", metavar="NEW"))),
    Command(("prizes", "move"), "move a prize to another place in the list", "final",
            (FILE, PRIZE, POSITION)),
    Command(("prizes", "remove"), "remove a prize", "final", (FILE, PRIZE)),
    Command(("prizes", "sharing"), "how players equal on points share money: none (the places decide), equal, "
            "hort, winners", "final",
            (FILE, Arg("sharing", "none, equal, hort (the Hort system) or winners (equal, among prize winners only)",
                       metavar="none|equal|hort|winners", choices=("none", "equal", "hort", "winners")))),
    Command(("prizes", "trophies"), "who of a shared place holds a trophy (a prize without an amount): the Swiss "
            "order, or a lot drawn once (draw-lots)", "final",
            (FILE, Arg("how", "order or lot", metavar="order|lot", choices=("order", "lot")))),
    Command(("prizes", "split"), "players who agreed a top game's result share their prizes' money (704.4)",
            "final", (
                FILE,
                Arg("players", "their ids, e.g. 4,9", metavar="PLAYERS"),
                Arg("--parts", "their parts, in the same order (default: equal), e.g. 3,2", metavar="A,B"),
            ), epilog="example: arbiter prizes split saves/open.toml 4,9 --parts 1,1"),
    Command(("prizes", "unsplit"), "take back a 704.4 split", "final",
            (FILE, Arg("id", "a player of the split", metavar="ID", type=numbers.whole("id")))),
    Command(("ties",), "what the regulations say of players equal after every tie-break: they share the place, "
            "or a lot decides (drawn once at the end: draw-lots)", "final",
            (FILE, Arg("ties", "shared or lots", metavar="shared|lots", choices=("shared", "lots")))),
    Command(("draw-lots",), "draw the lots the final ranking waits for (players equal after every tie-break), "
            "once; recorded in the file and the journal", "final", (FILE,)),
)
