"""The one command table: every sub-command of `arbiter`, in the order `arbiter --help` lists them,
and the parser built from it.

A command is declared here (its words, help, arguments) with the module that runs it: `Command(("result",),
..., "results", ...)` is run by `cmd_result` of `tui/cli/results.py`, imported only when `arbiter result`
runs (`Command.handler`). So this module, and the parser built from it, import nothing of core but its
limits and its registries (the systems', the printouts'): `arbiter --help` and every command load only what they use. Tests walk `COMMANDS` (every argument
has a help text and a metavar), compare it with docs/cli.md, and hold what the table imports
(tests/cli/test_cli_table.py).
"""

from __future__ import annotations

import argparse
from typing import Any

from arbiter_tournament.core.formats.printouts import csv_keys, text_keys
from arbiter_tournament.core.limits import PAGE_LINES

from . import numbers
from .common import EDITION, FILE, PAIRINGS, ROUND, STAGE, SYSTEMS, TABLE, TIEBREAKS, TRF_SYSTEM, Arg, Command, Group, fmt
from .table_final import FINAL, FINAL_GROUPS
from .usage import Parser


def id_or_name(text: str) -> int | str:
    """`arbiter forbid` operands: player ids, or in a team event team names or ids."""
    t = text.strip()
    if not (t.isascii() and t.isdigit()) or len(t.lstrip("0")) > 12:  # thousands of digits: no int (forbid says)
        return text
    return int(t)


def birth(text: str) -> str:
    """--birth: a year (1990) or a date (1990-05-04, 1990/05/04, 04.05.1990); core checks it is a real one
    (core/event/player_details.py) and holds it as YYYY-MM-DD."""
    import re

    t = text.strip()
    if not re.fullmatch(r"[0-9]{4}|[0-9]{4}[-/][0-9]{1,2}[-/][0-9]{1,2}|[0-9]{1,2}\.[0-9]{1,2}\.[0-9]{4}", t):
        raise argparse.ArgumentTypeError(f"'{text}' is not a year (1990) or a date (1990-05-04, 1990/05/04, "
                                         "04.05.1990)")
    return t


birth.__name__ = "birth"


# -- events ------------------------------------------------------------------------------------

BYES = ("half", "zero", "full", "none")

EVENTS_GROUPS = (Group("players", "add, import, withdraw, list players; request a bye"),
                 Group("event", "the event's details: what the FIDE report (TRF) and the printouts say of it"))

# the event's details (docs/exports.md "The report's header"): `new` and `event set` take them
DETAILS = (
    Arg("--city", "the city where it is played (TRF 022)", metavar="TEXT"),
    Arg("--federation", "the host federation, FIDE's three letters, e.g. ENG (TRF 032)", metavar="FED"),
    Arg("--start", "the first day, YYYY-MM-DD (TRF 042)", metavar="DATE"),
    Arg("--end", "the last day, YYYY-MM-DD (TRF 052)", metavar="DATE"),
    Arg("--chief-arbiter", "the chief arbiter, e.g. \"IA Ivanov, Ivan\" (TRF 102)", metavar="NAME"),
    Arg("--deputy", "a deputy chief arbiter; give it once for each (TRF 112); --deputy '' alone: none",
        metavar="NAME", many=True),
    Arg("--time-control", "the time control as the regulations say it, e.g. \"90 min + 30 s per move\" "
        "(TRF 122)", metavar="TEXT"),
    Arg("--round-dates", "the date of each round, in order, comma-separated; leave a place empty for a date not "
        "known, e.g. 2026-05-01,2026-05-01,,2026-05-02 (TRF 132; without: the day the round clock ran)",
        metavar="DATES"),
    Arg("--rate", "the rating the players are registered with from a rating list (docs/ratings.md): standard "
        "(default), rapid or blitz", metavar="standard|rapid|blitz", choices=("standard", "rapid", "blitz")),
)

PLAYER_DETAILS = (  # what categories read (sex, birth) and the FIDE report carries (title, FIDE id)
    Arg("--title", "the title, one of FIDE's: GM IM FM CM WGM WIM WFM WCM", metavar="T"),
    Arg("--fide-id", "the FIDE id (1-10 digits); players add fills what is not given (name, federation, title, "
        "sex, birth, rating) from the rating lists' index", metavar="N"),
    Arg("--sex", "f or m (for categories)", metavar="f|m", choices=("f", "m")),
    Arg("--birth", "the year of birth (1990) or the date (1990-05-04, 1990/05/04, 04.05.1990)", metavar="Y",
        type=birth),
)

EVENTS = (
    Command(("new",), "create an event file (refuses to overwrite one)", "events", (
        FILE.but("the event file to create, e.g. saves/open.toml"),
        Arg("--name", "the event's name", metavar="TEXT", required=True),
        Arg("--rounds", "the number of rounds (a round robin: any number, the tables decide)", metavar="N",
            type=numbers.whole("rounds"), required=True),
        Arg("--system", "the pairing system (default swiss)", metavar="|".join(SYSTEMS), choices=SYSTEMS,
            default=SYSTEMS[0]),
        Arg("--pairing", "how a Swiss round is paired (default dutch: FIDE C.04.3; burstein: C.04.4.2)",
            metavar="|".join(PAIRINGS), choices=PAIRINGS, default=PAIRINGS[0]),
        Arg("--tables", "Swiss tables (groups paired apart; default 1)", metavar="T", type=numbers.whole("tables"),
            default=1),
        Arg("--top", "players qualifying for the knockout top (0: no top)", metavar="K", type=numbers.whole("top"),
            default=0),
        Arg("--third-place", "the top has a match for third place", flag=True),
        Arg("--points", "points of a win, draw and loss (default 1,0.5,0; e.g. 3,1,0)", metavar="W,D,L"),
        TIEBREAKS,
        EDITION.but("the rulebook edition of the tie-breaks (default fide2024)", default="fide2024"),
        Arg("--baku", "Baku acceleration (C.04.7)", flag=True),
        Arg("--initial-colour", "colour of pairing number 1 in round 1 (default: by lot)", metavar="w|b",
            choices=("w", "b")),
        Arg("--unrated-rating", "rating of unrated players in rating tie-breaks (default: those tie-breaks "
            "are dropped, C.07 art. 10)", metavar="R", type=numbers.whole("unrated_rating")),
        Arg("--teams", "a team event: teams play matches over --boards boards", flag=True),
        Arg("--boards", "boards of a team match (with --teams)", metavar="B", type=numbers.whole("boards"),
            default=0),
        Arg("--match-points", "team match points of a win, draw and loss (default 2,1,0)", metavar="W,D,L"),
        *DETAILS,
    ), epilog="example: arbiter new saves/open.toml --name \"City Open\" --rounds 9 --tiebreaks BH-C1,BH,SB,WIN\n"
              "         --city Kazan --federation RUS --start 2026-05-01 --end 2026-05-05"),
    Command(("event", "set"), "set the event's details: name, city, federation, dates, arbiters, time control "
            "(the FIDE report's header); a text given as '' clears it", "events", (
                FILE,
                Arg("--name", "the event's name (TRF 012)", metavar="TEXT"),
                *DETAILS,
                Arg("--public-crosstable", "the public site (export --format html, publish) shows the crosstable: "
                    "yes (the default) or no", metavar="yes|no", choices=("yes", "no")),
                Arg("--public-prize-money", "the public site's prize list shows the amounts: yes (the default) or no",
                    metavar="yes|no", choices=("yes", "no")),
            ), epilog="example: arbiter event set saves/open.toml --chief-arbiter \"IA Ivanov, Ivan\" "
                      "--deputy \"Petrova, Anna\" --deputy \"Sidorov, Oleg\""),
    Command(("event", "show"), "show the event's details", "events", (FILE, fmt("text", "json"))),
    Command(("players", "add"), "add a player (once rounds are paired: a late entry from the next round)",
            "events", (
                FILE,
                Arg("name", "the player's name, e.g. \"Ivanov, Ivan\" (a name starting with '-': "
                    "after --, or with --name)", metavar="NAME", nargs="?"),
                Arg("--name", "the player's name (for a name that starts with '-')", metavar="NAME",
                    dest="name_option"),
                Arg("--rating", "the rating (0: unrated)", metavar="R", type=numbers.whole("rating"), default=0),
                Arg("--club", "the club", metavar="C", default=""),
                Arg("--federation", "the federation, e.g. ENG", metavar="F", default=""),
                TABLE.but("the table (an event with several tables)"),
                Arg("--team", "the team (a team event)", metavar="T", default=""),
                *PLAYER_DETAILS,
            ), epilog="example: arbiter players add saves/open.toml \"Ivanov, Ivan\" --rating 2105 --club Dynamo\n"
                      "         arbiter players add saves/open.toml -- \"-1+2\""),
    Command(("players", "edit"), "change a player's name, rating, club, federation, title, FIDE id, sex or birth",
            "events", (
                FILE,
                Arg("id", "the player's id", metavar="ID", type=numbers.whole("id")),
                Arg("--name", "the player's name", metavar="NAME"),
                Arg("--rating", "the rating (0: unrated)", metavar="R", type=numbers.whole("rating")),
                Arg("--club", "the club", metavar="C"),
                Arg("--federation", "the federation, e.g. ENG", metavar="F"),
                *PLAYER_DETAILS,
            ), epilog="example: arbiter players edit saves/open.toml 12 --sex f --birth 2009"),
    Command(("players", "import"), "add the players of a CSV file (all or none)", "events", (
        FILE,
        Arg("csv", "a CSV file (- for standard input) with a header row in English or Russian: name (or surname "
            "and first name), rating, club, federation, table, team, title, fide id, sex, birth; other columns "
            "are ignored", metavar="CSV"),
        Arg("--encoding", "the file's encoding when arbiter cannot tell it: cp1251 (Russian Windows), koi8-r, "
            "cp866, cp1252, utf-8, utf-16 ... (default: UTF-8, else told from the letters)", metavar="ENC"),
        Arg("--distribute", "an event of several tables, a CSV without a table column: deal the players to the "
            "tables by rating (a snake) or by lot, club-mates apart where possible", metavar="rating|lots",
            choices=("rating", "lots")),
    )),
    Command(("players", "distribute"), "deal the players to the tables before round 1: a snake by rating or by "
            "lot, club-mates apart where possible", "events", (
                FILE,
                Arg("--by", "rating (a snake: 1 2 3 3 2 1 ...) or lots (the order drawn with the event's lots seed)",
                    metavar="rating|lots", choices=("rating", "lots"), default="rating"),
                Arg("--all", "every player, not only those without a table (a fresh distribution)", flag=True),
                Arg("--dry-run", "show the tables, save nothing", flag=True),
            ), epilog="example: arbiter players distribute saves/open.toml --by lots --all --dry-run"),
    Command(("players", "move"), "move one player to another table before that table pairs round 1", "events", (
        FILE, Arg("id", "the player's id", metavar="ID", type=numbers.whole("id")),
        Arg("table", "the table to move to", metavar="TABLE", type=numbers.whole("table"))),
        epilog="example: arbiter players move saves/open.toml 17 3"),
    Command(("players", "withdraw"), "withdraw players: not paired from the next round (or R) on",
            "events", (
                FILE,
                Arg("id", "the player's id, or several: 4,9,12 (all withdrawn or none); - reads lines of ids "
                    "from standard input", metavar="ID[,ID...]", type=numbers.ids_or_dash("id")),
                Arg("--from-round", "the first round the player is not paired in (default: the next one)",
                    metavar="R", type=numbers.whole("round")),
            )),
    Command(("players", "bye"), "request a bye for a round not yet paired (or none: take it back)",
            "events", (
                FILE,
                Arg("id", "the player's id, or several: 4,9,12 (all requested or none); - reads ID[,ID...] "
                    "ROUND KIND lines from standard input", metavar="ID[,ID...]", type=numbers.ids_or_dash("id")),
                Arg("round", "the round", metavar="ROUND", type=numbers.whole("round"), nargs="?"),
                Arg("kind", "half, zero or full point; none takes the request back", metavar="|".join(BYES),
                    choices=BYES, nargs="?"),
            ), epilog="example: arbiter players bye saves/open.toml 4,9,12 5 half\n"
                      "         arbiter players bye saves/open.toml -   (lines such as: 4,9 5 half)"),
    Command(("players", "list"), "list the players", "events", (FILE, fmt("text", "json"))),
    Command(("players", "codes"), "the players' personal codes for reporting from their phones (missing ones "
            "given first)", "reports", (
                FILE, fmt("text", "json"),
                Arg("--reissue", "a new code for this player (the old one stops working)", metavar="ID",
                    type=numbers.whole("id")),
            ), epilog="example: arbiter players codes saves/open.toml --format json\n"
                      "         arbiter players codes saves/open.toml --reissue 23"),
    Command(("players", "update-ratings"), "the registered players' ratings from the newest rating list (of the "
            "event's rate) before round 1, every change listed; one journal entry", "ratings", (
                FILE,
                Arg("--force", "update them after round 1 has been paired too", flag=True),
                Arg("--dry-run", "list the changes, save nothing", flag=True),
            ), epilog="example: arbiter players update-ratings saves/open.toml --dry-run"),
    Command(("forbid",), "players (or a club's members; in a team event teams) who must not be paired together",
            "events", (
                FILE,
                Arg("ids", "two player ids (a team event: two team names or ids)", metavar="ID", type=id_or_name,
                    nargs="*"),
                Arg("--club", "every member of this club: none may be paired with another", metavar="NAME"),
                Arg("--remove", "take the prohibition back", flag=True),
            )),
    Command(("undo",), "undo the last change (across restarts and judges, from the journal)", "events", (FILE,)),
    Command(("redo",), "redo the last change undone", "events", (FILE,)),
    Command(("log",), "the journal: every change, when, by whom and from where", "events", (FILE,)),
)


# -- rounds ------------------------------------------------------------------------------------

RESULT_FORMS = """\
RESULT, the first player's score first:
  1-0, 0-1           a win
  1/2 (= 1/2-1/2)    a draw
  +-                 forfeit: the second player did not come
  -+                 forfeit: the first player did not come
  --                 double forfeit: neither came
  1-0t, 0-1t, =t     technical result at time-out (705.3)
  1-0a, 0-1a         agreed top result (704.4)
A result beginning with '-' is a result, not an option: arbiter result FILE 3 -+"""

BATCH_FORMS = """

Several results at once, all saved or none (one journal line: undo takes them all back):
  arbiter result FILE 1 1-0 2 = 7 -+
  arbiter result FILE -       read BOARD RESULT lines from standard input (Ctrl-D ends them)"""

BOARD = Arg("board", "the board number", metavar="BOARD", type=numbers.whole("board"))
ROUND_OF_CHANGE = ROUND.but("the round (default: the last one paired)")
TABLE_OF_PAIR = TABLE.but("pair only this table (default: every table)")

ROUNDS = (
    Command(("pair",), "pair the next round (every table unless --table) and print it", "rounds", (
        FILE,
        TABLE_OF_PAIR,
        Arg("--by-hand", "pair by hand: \"12-7,3-9,5-0\" (5 gets the bye); a team event: teams by name or "
            "number, \"1-4,2-5,3-6\"", metavar="PAIRS"),
        Arg("--lots", "round robin: draw the Berger numbers by lot (recorded)", flag=True),
        Arg("--allow-rematch", "let these two players (a team event: teams, by name or number) meet again "
            "(when no legal pairing exists otherwise)", metavar="ID,ID"),
        Arg("--fewest-rematches", "a Swiss round with the fewest rematches the other rules allow (when no "
            "pairing without one exists); each rematch is said and journalled", flag=True),
        fmt("text", "json", what="what was paired"),
    ), epilog="Exit code 1: no legal pairing exists (the message names the players and what to do)."),
    Command(("result",), "enter a result, or several at once (over a different one only with --force)", "results", (
        FILE,
        Arg("board", "the board number; - reads BOARD RESULT lines from standard input (a column of slips)",
            metavar="BOARD", type=numbers.whole_or_dash("board")),
        Arg("result", "the result, first player's score first (below)", metavar="RESULT", nargs="?"),
        Arg("more", "more boards and their results, saved with the first or not at all", metavar="BOARD RESULT",
            nargs="*"),
        ROUND,
        TABLE,
        STAGE,
        Arg("--force", "replace a different result already entered", flag=True),
        Arg("--moves", "the number of moves of the game (the fewest-moves rule of a play-off; one result)",
            metavar="N", type=numbers.whole("moves")),
        fmt("text", "json", what="what was recorded"),
    ), epilog=RESULT_FORMS + BATCH_FORMS),
    Command(("round",), "show a round (the current one unless --round)", "rounds", (
        FILE, ROUND, TABLE, STAGE, fmt("text", "json"),
        Arg("--explain", "say for each board why it was made", flag=True),
    )),
    Command(("swap",), "swap the colours of a board of the last round (before results)", "rounds", (
        FILE, BOARD, ROUND_OF_CHANGE, TABLE, STAGE)),
    Command(("exchange",), "exchange two players (ids) between boards of the last round", "rounds", (
        FILE,
        Arg("a", "the first player's id", metavar="ID", type=numbers.whole("id")),
        Arg("b", "the second player's id", metavar="ID", type=numbers.whole("id")),
        ROUND_OF_CHANGE, TABLE, STAGE)),
    Command(("give-bye",), "give a player the bye by hand in the last round", "rounds", (
        FILE, Arg("id", "the player's id", metavar="ID", type=numbers.whole("id")), ROUND_OF_CHANGE, TABLE, STAGE)),
    Command(("unpair",), "take back the last pairing while it has no results", "rounds", (
        FILE, ROUND_OF_CHANGE, TABLE, STAGE)),
)


# -- standings ---------------------------------------------------------------------------------

AFTER_ROUND = Arg("--after-round", "the standings after this round (0: before round 1; default: the last "
                  "complete round)", metavar="R", type=numbers.whole("after_round"))

STANDINGS = (
    Command(("standings",), "the standings with their tie-breaks", "standings", (
        FILE,
        TABLE.but("one table's standings (default: every table together)"),
        AFTER_ROUND,
        TIEBREAKS,
        EDITION,
        fmt("text", "csv", "json"),
        Arg("--explain", "list, for each tie-break of this player, the terms that make the value", metavar="ID",
            type=numbers.whole("id")),
        Arg("--final", "the final ranking of the whole event: the top's places, the play-off, then the Swiss "
            "order (docs/end-of-event.md)", flag=True),
        Arg("--category", "with --final: the list of this category's players", metavar="NAME"),
    ), epilog="Codes: PTS DE WIN WON BPG BWG REP PS PS-C1 BH BH-C1 BH-C2 BH-M1 BH-M2 FB AOB SBH SB SB-C1 KS ARO\n"
              "ARO-C1 TPR TPR-400 PTP APRO APPO QW STD RTNG TPN, and the team codes (docs/tiebreaks.md)."),
)


# -- top ---------------------------------------------------------------------------------------

TOP = (
    Command(("top",), "qualify from the Swiss standings (per table), seed, pair the first top round", "top", (
        FILE,
        Arg("--seeding", "straight: the 704.2 order; best: permuted within place tiers to serve the aims",
            metavar="straight|best", choices=("straight", "best"), default="straight"),
        Arg("--lots", "break a tie at the qualification line by lot (recorded)", flag=True),
        Arg("--games", "games per top match (mini-matches; default 1)", metavar="N", type=numbers.whole("games"),
            default=1),
        Arg("--higher-seed-first", "the higher seed moves first (default: by lot)", flag=True),
        Arg("--placings", "losers of one round share their places, or are ordered by the Swiss standings",
            metavar="shared|swiss-order", choices=("shared", "swiss-order"), default="shared"),
    )),
    Command(("bracket",), "draw the top's bracket and the placings", "top", (
        FILE,
        fmt("text", "json"),
        Arg("--ascii", "draw with ASCII characters only", flag=True),
        Arg("--width", "columns of the drawing (default 80)", metavar="W", type=numbers.whole("width"), default=80),
    )),
    Command(("playoff",), "start the play-off for first place, or show where it stands", "top", (
        FILE,
        Arg("--players", "ids of the players tied for first, to check them (exactly the tied players; default: "
            "those tied for first)", metavar="IDS"),
        Arg("--knockout-games", "a knockout play-off's matches: mini-matches, or Armageddon games only",
            metavar="match|armageddon", choices=("match", "armageddon"), default="match"),
        Arg("--armageddon-only", "32.5.8: straight to Armageddon", flag=True),
        Arg("--cancel", "take the play-off back (its plan and its games)", flag=True),
    )),
)


# -- teams -------------------------------------------------------------------------------------

TEAM = Arg("team", "the team's name (or its number, see arbiter teams list)", metavar="TEAM")

TEAMS_GROUPS = (Group("teams", "teams of a team event: list, roster, line-up, order, standings"),)

TEAMS = (
    Command(("teams", "list"), "the teams with their numbers and rosters", "teams", (
        FILE, fmt("text", "json"))),
    Command(("teams", "roster"), "a team's board order: every player of the team, board 1 first", "teams", (
        FILE, TEAM, Arg("ids", "player ids, comma-separated, board 1 first, e.g. 4,9,2,7", metavar="ID,ID,..."))),
    Command(("teams", "lineup"), "a team's players for a round not yet paired (one per board, roster order)",
            "teams", (
                FILE, TEAM,
                Arg("round", "the round", metavar="ROUND", type=numbers.whole("round")),
                Arg("ids", "player ids, comma-separated, board 1 first", metavar="ID,ID,...", nargs="?"),
                Arg("--clear", "forget the stored line-up (the first players of the roster play)", flag=True),
            )),
    Command(("teams", "order"), "fix the team numbers (and Berger numbers) by hand before round 1", "teams", (
        FILE, Arg("teams", "every team, in the order of their numbers", metavar="TEAM", nargs="+"))),
    Command(("teams", "standings"), "the team standings (any team tie-break code)", "teams", (
        FILE, AFTER_ROUND, TIEBREAKS, EDITION, fmt("text", "csv", "json"))),
    Command(("teams", "swap"), "the current round by hand: a match with the other team named first (every board's "
            "colours change)", "teams", (
                FILE, Arg("match", "the match's number in the round", metavar="MATCH", type=numbers.whole("board")),
                ROUND.but("the round (default: the current one; only the current one, before any result)"))),
    Command(("teams", "exchange"), "the current round by hand: two teams take each other's place in their matches "
            "(with the team without a match: it plays, the other has the bye)", "teams", (
                FILE, Arg("a", "a team (name or number)", metavar="TEAM"), Arg("b", "the other team", metavar="TEAM"),
                ROUND.but("the round (default: the current one; only the current one, before any result)"))),
    Command(("teams", "bye"), "the current round by hand: the team has the bye, the team that had it plays in its "
            "place", "teams", (
                FILE, TEAM, ROUND.but("the round (default: the current one; only the current one, before any result)"))),
    Command(("match",), "the matches of a round of a team event, with their boards", "teams", (
        FILE, ROUND.but("the round (default: the last one paired)"),
        fmt("text", "json"))),
)


# -- exports -----------------------------------------------------------------------------------

# the printouts and CSV exports: the registry's (core/formats/printouts.py), as the TUI's print menu
CSV_WHAT = csv_keys()
TEXT_WHAT = text_keys()


EXPORTS_GROUPS = (Group("trf", "pair or check TRF files (FIDE's exchange format)"),)

EXPORTS = (
    Command(("trf", "pair"), "pair the round after the last one in a TRF; print what the endorsed engines print",
            "trf", (
                Arg("trf", "the TRF file (it must say the number of rounds: XXR or 142)", metavar="TRF"),
                Arg("-o", "write the pairing to this file instead of stdout", metavar="OUT"),
                TRF_SYSTEM,
            ), epilog="Output: the number of pairs, then WHITE BLACK per board (start numbers); a bye as ID 0."),
    Command(("trf", "check"), "re-pair every round from the rounds before it; list each difference (exit 1 if any)",
            "trf", (Arg("trf", "the TRF file", metavar="TRF"), TRF_SYSTEM)),
    Command(("import-trf",), "make an event from a TRF file: a Swiss, a round robin or a team event (players, "
            "teams, rounds, results, rounds total)",
            "exports", (
                Arg("trf", "the TRF file", metavar="TRF"),
                FILE.but("the event file to create"),
            )),
    Command(("export",), "write TRF, CSV, the HTML site or text printouts", "exports", (
        FILE,
        Arg("--format", "trf (the main stage: a Swiss table, the round robin, the team event; --what top: the top), "
            "csv, html (a folder of pages), text (printouts)",
            metavar="trf|csv|html|text", choices=("trf", "csv", "html", "text"), required=True),
        Arg("--out", "the file (the folder for html) to write; never the event, its journal, lock or backups; "
            "- : standard output (not for the html site, a folder)",
            metavar="PATH", required=True),
        TABLE.but("trf: one table of the Swiss stage"),
        Arg("--what", "csv: " + "|".join(CSV_WHAT) + "; text: " + "|".join(TEXT_WHAT) + "; trf: top (default "
            "standings: the main stage)",
            metavar="WHAT", default="standings"),
        Arg("--url", "text slips and cards, html cards: the address players' phones open (http://arbiter.lan:8000): "
            "their QR codes lead to URL/me/CODE", metavar="URL"),
        Arg("--page-length", f"text: lines of a printed page (default {PAGE_LINES}; a form feed between pages, never "
            "inside a slip or a table row; 0: no page breaks)", metavar="LINES", type=numbers.whole("page_lines"),
            default=PAGE_LINES),
    )),
)


# -- display -----------------------------------------------------------------------------------

DISPLAY = (
    Command(("display",), "the read-only hall display (full screen, or to a browser with --serve)", "display", (
        FILE,
        Arg("--interval", "seconds each page stays (default 15)", metavar="S", type=numbers.seconds, default=15.0),
        Arg("--serve", "serve it read-only to browsers: players' phones and the hall's projector (/hall)", flag=True),
        Arg("--host", "the address --serve listens on (default 127.0.0.1; another needs --public)", metavar="HOST"),
        Arg("--port", "the port --serve listens on (default 8000)", metavar="PORT", type=numbers.whole("port")),
        Arg("--public", "let --serve listen on an address other than loopback (the network can see it)", flag=True),
        Arg("--max-clients", "connections --serve holds at once (default 8000; more get 503)", metavar="N",
            type=numbers.whole("clients")),
        Arg("--name", "a host name the venue's network gives this machine (arbiter.lan): --serve answers it "
            "besides the machine's addresses (may be given again)", metavar="HOST", many=True),
        Arg("--per-address", "connections --serve holds from one client address (default 10; 0: no limit, "
            "for a network that puts every phone behind one address)", metavar="N", type=numbers.whole("per_address")),
        Arg("--reports", "with --serve: let players report results, check in and ask for byes from their phones "
            "(/me, POST /api/report; docs/players.md); without it the view is read-only", flag=True),
        Arg("--public-url", "with --reports: the address phones open (http://arbiter.lan:8000), when it is not "
            "this machine's: kept beside the event (FILE.url) for the QR codes of the slips and cards",
            metavar="URL"),
    ), own_screen=True),
)


# -- publish -----------------------------------------------------------------------------------

PUBLISH = (
    Command(("publish",), "put the event's site (export --format html) online through rclone: S3, SFTP, WebDAV ...",
            "publish", (
                FILE,
                Arg("--to", "where: an rclone remote (myremote:bucket/path, set up with rclone config: the "
                    "credentials stay there) or a connection string (:webdav,url='https://host/dav':)",
                    metavar="REMOTE", required=True),
                Arg("--watch", "keep it current: every change online within seconds, only the pages that changed "
                    "(Ctrl-C stops)", flag=True),
            ), epilog="example: arbiter publish saves/open.toml --to myremote:open-2026 --watch"),
)



SHELL = (
    Command(("completion",), "print the shell's completion script for arbiter (bash or zsh)", "completion", (
        Arg("shell", "the shell: bash or zsh", metavar="SHELL", choices=("bash", "zsh")),
    ), epilog="bash: arbiter completion bash > ~/.local/share/bash-completion/completions/arbiter\n"
              "zsh:  arbiter completion zsh > ~/.zfunc/_arbiter   (and fpath+=(~/.zfunc) before compinit)"),
)


# -- players' reports from their phones (docs/players.md) ------------------------------------------

REPORTS = (
    Command(("reports",), "players' reports from their phones: list them, or accept them (reports accept FILE)",
            "reports", (
                Arg("file", "the event file; or 'accept' followed by the event file and the boards to accept; or "
                    "'set' followed by the event file", metavar="FILE"),
                Arg("boards", "after 'accept FILE': the boards whose reports to accept", metavar="BOARD",
                    nargs="*"),
                Arg("--agreed", "accept: every board of the round whose two players agree", flag=True),
                Arg("--request", "accept: a player's request (a bye, a withdrawal; a check-in is marked seen)",
                    metavar="ID", type=numbers.whole("id")),
                Arg("--dismiss", "accept: mark a request or a wrong-code line seen without doing it", metavar="ID",
                    type=numbers.whole("id")),
                TABLE.but("accept: the boards of this table (an event of several tables)"),
                Arg("--mode", "set: judge (every report waits for the judge's key: the default) or agreed (two "
                    "agreeing reports are recorded at once)", metavar="judge|agreed", choices=("judge", "agreed")),
                Arg("--byes", "set: how many byes a player may ask for from the phone (0: none)", metavar="N",
                    type=numbers.whole("rounds")),
                Arg("--bye-kind", "set: the kind of such a bye", metavar="half|zero|full",
                    choices=("half", "zero", "full")),
                fmt("text", "json"),
            ), epilog="example: arbiter reports saves/open.toml --format json\n"
                      "         arbiter reports accept saves/open.toml 12 14\n"
                      "         arbiter reports accept saves/open.toml --agreed\n"
                      "         arbiter reports set saves/open.toml --mode agreed --byes 1 --bye-kind half"),
)


RATINGS_GROUPS = (Group("ratings", "rating lists as a local index: import FIDE's list or a national one, list "
                               "them, find players by FIDE id or name"),)
RATES = ("standard", "rapid", "blitz")
RATINGS = (
    Command(("ratings", "import"), "import a rating list into the local index (replacing an older import of the "
            "same list): FIDE's TXT list or its zip, or a national list as CSV", "ratings", (
                Arg("list", "the list: FIDE's combined TXT (e.g. players_list_foa.txt) or its zip, or a CSV with "
                    "the columns of players import", metavar="LIST"),
                Arg("--name", "the list's name in the index (default: the file's name without its extension); a "
                    "list of that name already there is replaced", metavar="NAME"),
                Arg("--date", "the list's date, YYYY-MM-DD (default: the file's date)", metavar="DATE"),
                Arg("--rate", "the rate of a single-rate list or a national CSV's rating column (default "
                    "standard)", metavar="standard|rapid|blitz", choices=RATES, default="standard"),
                Arg("--encoding", "a CSV's encoding when arbiter cannot tell it (as players import)", metavar="ENC"),
            ), epilog="example: arbiter ratings import ~/Downloads/players_list.zip"),
    Command(("ratings", "list"), "the rating lists in the index: their names, dates and players", "ratings",
            (fmt("text", "json"),)),
    Command(("ratings", "find"), "find players in the rating lists: by FIDE id, or by words of the name in any "
            "order (case, accents, ё/е and Cyrillic do not matter)", "ratings", (
                Arg("text", "a FIDE id (or its start), or words of the name (or their starts)", metavar="TEXT",
                    nargs="?", default=""),
                Arg("--federation", "only players of this federation (FIDE's code, e.g. KAZ)", metavar="FED"),
                Arg("--limit", "how many to show (default 20)", metavar="N", type=numbers.whole("limit"),
                    default=20),
                fmt("text", "json"),
            ), epilog="example: arbiter ratings find \"olga exam\"\n         arbiter ratings find 4100018 "
                      "--format json"),
)


COMMANDS: tuple[Command, ...] = (*EVENTS, *RATINGS, *ROUNDS, *STANDINGS, *FINAL, *TOP, *TEAMS, *EXPORTS,
                               *DISPLAY, *REPORTS, *PUBLISH, *SHELL)
GROUPS: dict[str, Group] = {g.word: g for g in (*EVENTS_GROUPS, *RATINGS_GROUPS, *FINAL_GROUPS, *TEAMS_GROUPS,
                                                *EXPORTS_GROUPS)}

DESCRIPTION = "Run a two-player board-game tournament at the venue."
EPILOG = """\
Without a command, `arbiter FILE` opens the judge's TUI on FILE; `arbiter` alone opens a copy of
the demo event (made once, in ~/.local/share/arbiter/). `arbiter --version` says which arbiter this is.
`arbiter COMMAND --help` says what each command takes. Exit codes: 0 done; 2 a user's mistake
(one line `arbiter: error: ...`); 1 no legal pairing; 130 interrupted (Ctrl-C: nothing written)."""


def top_words() -> set[str]:
    """The first words of every command (`new`, `players`, `trf` ...)."""
    return {c.words[0] for c in COMMANDS}


def find(words: list[str]) -> Command | None:
    """The command named by the first words of `words` (`["players", "add", ...]`), or None."""
    for c in COMMANDS:
        if tuple(words[:len(c.words)]) == c.words:
            return c
    return None


def build_parser(only: Command | None = None, *, arguments: bool = True) -> Parser:
    """The parser of every command; with `only`, of that one command alone (what `arbiter result ...`
    needs: the other commands' parsers are not built), its words, usage and errors as in the whole.
    Without `arguments`, the commands' own arguments are left out: enough for `arbiter --help`, `arbiter
    players --help` and an unknown command, which list the commands and their help lines only."""
    formatter = argparse.RawDescriptionHelpFormatter
    root = Parser(prog="arbiter", description=DESCRIPTION, epilog=EPILOG, formatter_class=formatter)
    root.add_argument("-V", "--version", action="store_true", help="say which arbiter this is (its version)")
    sub = root.add_subparsers(title="commands", metavar="COMMAND", dest="command", parser_class=Parser)
    groups: dict[str, Any] = {}  # word -> what add_subparsers returned for it
    for cmd in COMMANDS if only is None else (only,):
        if len(cmd.words) == 1:
            into = sub
        else:
            word = cmd.words[0]
            if word not in groups:
                g = GROUPS[word]
                gp = sub.add_parser(word, help=g.help, description=g.help, formatter_class=formatter)
                groups[word] = gp.add_subparsers(title="commands", metavar="COMMAND", dest=f"{word}_command",
                                                 parser_class=Parser)
            into = groups[word]
        p = into.add_parser(cmd.words[-1], help=cmd.help, description=cmd.description or cmd.help,
                            epilog=cmd.epilog or None, formatter_class=formatter)
        for arg in cmd.args if arguments else ():
            arg.add_to(p)
        p.set_defaults(command_spec=cmd)
    return root
