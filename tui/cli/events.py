"""Events and players: new, event set|show, players add|import|distribute|withdraw|bye|list, forbid, undo, redo,
log."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from arbiter.core import commands as cmds
from arbiter.core.event import commands
from arbiter.core.formats import csvio
from arbiter.core.msg.cells import clean
from arbiter.core.event.model import Event
from arbiter.core.store import EventFile, create, load

from . import numbers
from .common import EDITION, FILE, SYSTEMS, TABLE, TIEBREAKS, Arg, Command, Group, codes, fmt, print_json
from .interrupt import guarded, run
from .usage import UsageError


def _seed() -> int:
    import secrets

    return secrets.randbelow(2**31)


def cmd_new(a: argparse.Namespace) -> int:
    from arbiter.core.tiebreaks.standings import check_codes

    tiebreaks = codes(a.tiebreaks) or ()
    if not a.teams:
        check_codes(tiebreaks)
    points = numbers.points(a.points, "--points") if a.points else None
    event = commands.new_event(
        a.name, a.rounds, system=a.system, tables=a.tables, top=a.top, third_place=a.third_place,
        points=points, tiebreaks=tiebreaks, edition=a.edition, lots_seed=_seed(), baku=a.baku,
        initial_colour=a.initial_colour, unrated_rating=a.unrated_rating,
    )
    if a.teams:
        from arbiter.core import teams as team_event

        match_points = numbers.points(a.match_points, "--match-points") if a.match_points else None
        event = team_event.setup(event, a.boards, match_points=match_points, tiebreaks=list(tiebreaks) or None)
    elif a.boards:
        raise UsageError("--boards is for team events (--teams)")
    elif a.match_points:
        raise UsageError("--match-points is for team events (--teams)")
    event = cmds.SetDetails(**details_given(a)).apply(event)
    with guarded():
        create(a.file, event)
    print(f"created {a.file}: {event.name}, {event.rounds_planned} rounds, {event.system}"
          + (f", teams of {a.boards} boards" if a.teams else ""))
    if sys.stdout.isatty():  # a judge at a terminal: how (or that) the folder is shared (docs/venue.md)
        from arbiter.core.store import venue
        print(clean(venue.new_event_note(a.file), lines=True))
    return 0


def details_given(a: argparse.Namespace) -> dict:
    """The event's details given as options (`core.commands.SetDetails`'s fields)."""
    out: dict = {}
    for attr in ("name", "city", "federation", "start", "end", "chief_arbiter", "time_control"):
        v = getattr(a, attr, None)
        if v is not None:
            out[attr] = v
    if a.deputy is not None:  # --deputy '' alone: none
        out["deputy_arbiters"] = tuple(d for d in a.deputy if d.strip())
    if a.round_dates is not None:  # a comma list; an empty place: that round's date not known
        out["round_dates"] = tuple(d.strip() for d in a.round_dates.split(",")) if a.round_dates.strip() else ()
    return out


def details_lines(e: Event) -> list[str]:
    rounds = ", ".join(f"{r} {d}" for r, d in enumerate(e.round_dates, start=1) if d)
    return [f"name: {e.name}", f"city: {e.city}", f"federation: {e.federation}", f"start: {e.start}",
            f"end: {e.end}", f"chief arbiter: {e.chief_arbiter}",
            f"deputy arbiters: {'; '.join(e.deputy_arbiters)}", f"time control: {e.time_control}",
            f"round dates: {rounds}"]


def details_json(e: Event) -> dict:
    return {"name": e.name, "city": e.city, "federation": e.federation, "start": e.start, "end": e.end,
            "chief_arbiter": e.chief_arbiter, "deputy_arbiters": list(e.deputy_arbiters),
            "time_control": e.time_control, "round_dates": list(e.round_dates)}


def cmd_event_set(a: argparse.Namespace) -> int:
    details = details_given(a)
    if not details:
        raise UsageError("event set: give a detail to set (--city, --federation, --start ...; "
                         "arbiter event set --help)")
    new = run(EventFile(a.file), cmds.SetDetails(**details))
    for line in details_lines(new):
        print(clean(line))
    return 0


def cmd_event_show(a: argparse.Namespace) -> int:
    e = load(a.file)
    if a.format == "json":
        print_json(details_json(e))
        return 0
    for line in details_lines(e):
        print(clean(line))
    return 0


def cmd_players_add(a: argparse.Namespace) -> int:
    name = a.name if a.name is not None else a.name_option
    if a.name is not None and a.name_option is not None:
        raise UsageError("players add: give the name once (NAME or --name)")
    if name is None:
        raise UsageError("players add: the following arguments are required: NAME (or --name NAME)")
    new = run(EventFile(a.file), cmds.AddPlayer(name, rating=a.rating, club=a.club, federation=a.federation,
                                                table=a.table, team=a.team, **_player_details(a, empty="")))
    p = max(new.players, key=lambda x: x.id)
    late = f", late entry from round {p.late_from}" if p.late_from else ""
    print(f"added {p.name} as player {p.id}{late}")
    return 0


def _player_details(a: argparse.Namespace, empty: str | None = None) -> dict:
    """--title, --fide-id, --sex, --birth as Player fields (one not given: `empty`)."""
    return {k: empty if v is None else v for k, v in
            (("title", a.title), ("fide_id", a.fide_id), ("sex", a.sex), ("birth", a.birth))}


def birth(text: str) -> str:
    """--birth: a year (1990) or a date (1990-05-04, 04.05.1990), kept as typed."""
    import re

    t = text.strip()
    if not re.fullmatch(r"\d{4}|\d{4}-\d{2}-\d{2}|\d{2}\.\d{2}\.\d{4}", t):
        raise argparse.ArgumentTypeError(f"'{text}' is not a year (1990) or a date (1990-05-04, 04.05.1990)")
    return t


birth.__name__ = "birth"


def cmd_players_edit(a: argparse.Namespace) -> int:
    fields = {k: v for k, v in {"name": a.name, "rating": a.rating, "club": a.club, "federation": a.federation,
                               **_player_details(a)}.items() if v is not None}
    if not fields:
        raise UsageError("players edit: say what changes (--name, --rating, --club, --federation, --title, "
                         "--fide-id, --sex, --birth)")
    if "name" in fields:
        fields["name"] = fields["name"].strip()
    new = run(EventFile(a.file), cmds.EditPlayer(a.id, **fields))
    p = new.player(a.id)
    print(clean(f"player {p.id}: {p.name}, rating {p.rating}" + "".join(
        f", {k.replace('_', ' ')} {getattr(p, k)}" for k in ("club", "federation", "title", "fide_id", "sex", "birth")
        if getattr(p, k))))
    return 0


PLAYER_DETAILS = (  # what categories read (sex, birth) and the FIDE report carries (title, FIDE id)
    Arg("--title", "the title, e.g. GM, IM, WFM", metavar="T"),
    Arg("--fide-id", "the FIDE id", metavar="N"),
    Arg("--sex", "f or m (for categories)", metavar="f|m", choices=("f", "m")),
    Arg("--birth", "the year of birth (1990) or the date (1990-05-04)", metavar="Y", type=birth),
)


def cmd_players_import(a: argparse.Namespace) -> int:
    csv_path = Path(a.csv)
    got = csvio.read_players_file(csv_path, a.encoding)  # a plain file or `-`, capped; the encoding told or named
    rows = got.rows
    e = load(a.file)
    unseated = sum(1 for row in rows if row.get("table") is None) if e.tables > 1 else 0
    if unseated and a.distribute is None:
        raise UsageError(f"{csv_path}: {unseated} players have no table and the event has {e.tables} tables: "
                         f"import with --distribute rating (a snake by rating) or --distribute lots (by lot), "
                         f"or give the CSV a table column")
    if a.distribute is not None and not unseated:
        raise UsageError(f"--distribute: every player of {csv_path} has a table" if e.tables > 1
                         else "--distribute: the event has one table")

    new = run(EventFile(a.file), cmds.ImportPlayers(tuple(rows), str(csv_path), method=a.distribute or "rating"))
    print(f"imported {len(rows)} players")
    for said in got.warnings():  # an encoding told from the letters; the columns ignored: a line each
        print(f"arbiter: warning: {csv_path}: {clean(str(said))}", file=sys.stderr)
    if unseated:
        print_tables(new, {p.id for p in new.players} - {p.id for p in e.players})
    return 0


def print_tables(e: Event, marked: set[int] = frozenset()) -> None:
    """Each table: its players (by rating), their number, average rating and club-mate pairs."""
    from arbiter.core.msg.cells import fit
    from arbiter.core.event.seating import table_summary

    for t, n, avg, clashes in table_summary(e):
        print(f"table {t}: {n} players, average rating {avg}, club-mate pairs {clashes}")
        for p in sorted((p for p in e.players if p.table == t), key=lambda p: (-p.rating, p.id)):
            mark = " *" if p.id in marked else ""
            print(f"  {p.id:>4}  {fit(p.name, 30):<30} {p.rating:>5} {fit(p.club, 20)}{mark}".rstrip())


def cmd_players_distribute(a: argparse.Namespace) -> int:
    e = load(a.file)
    if not a.all and e.tables > 1 and all(p.table is not None for p in e.players):
        raise UsageError("players distribute: every player has a table already; --all deals every player again")
    seat = cmds.SeatPlayers(method=a.by, everyone=a.all)
    new = seat.apply(e)  # the plan first: refused before the lock
    moved = {p.id for p in new.players if p.table != e.player(p.id).table}
    how = "by rating (snake)" if a.by == "rating" else "by lot"
    if not a.dry_run:
        new = run(EventFile(a.file), seat)
    print(f"players to tables {how}{' (not saved: --dry-run)' if a.dry_run else ''}: {len(moved)} seated anew")
    print_tables(new, moved)
    return 0


def cmd_players_move(a: argparse.Namespace) -> int:
    e = load(a.file)
    old = e.player(a.id).table if e.has_player(a.id) else None
    new = run(EventFile(a.file), cmds.MovePlayer(a.id, a.table))
    p = new.player(a.id)
    print(f"{p.name} ({p.id}) moved from table {old} to table {p.table}")
    from arbiter.core.event.seating import table_summary

    for t, n, avg, clashes in table_summary(new):
        print(f"table {t}: {n} players, average rating {avg}, club-mate pairs {clashes}")
    return 0


def cmd_players_withdraw(a: argparse.Namespace) -> int:
    new = run(EventFile(a.file), cmds.Withdraw(a.id, a.from_round))
    p = new.player(a.id)
    print(f"{p.name} ({p.id}) withdrawn from round {p.withdrawn_from}")
    return 0


def cmd_players_bye(a: argparse.Namespace) -> int:
    new = run(EventFile(a.file), cmds.RequestBye(a.id, a.round, a.kind))
    print(f"{new.player(a.id).name} ({a.id}): {a.kind} bye in round {a.round}")
    return 0


def cmd_players_list(a: argparse.Namespace) -> int:
    from arbiter.core.msg.cells import fit

    e = load(a.file)
    if a.format == "json":
        print_json([{"id": p.id, "name": p.name, "rating": p.rating, "club": p.club, "federation": p.federation,
                     "table": p.table, "status": p.status} for p in e.players])
        return 0
    for p in e.players:
        t = f" T{p.table}" if p.table else ""
        print(f"{p.id:>4}  {fit(p.name, 30):<30} {p.rating:>5} {fit(p.club, 20):<20}{t} {p.status}")
    return 0


def id_or_name(text: str) -> int | str:
    """`arbiter forbid` operands: player ids, or in a team event team names or ids."""
    t = text.strip()
    if not (t.isascii() and t.isdigit()) or len(t.lstrip("0")) > 12:  # thousands of digits: no int (forbid says)
        return text
    return int(t)


def cmd_forbid(a: argparse.Namespace) -> int:
    from arbiter.core import teams as team_event

    from .teams import forbid_teams

    e = load(a.file)
    if team_event.is_team_event(e):  # two teams, by name or id
        return forbid_teams(a, e)
    for x in a.ids:
        if not isinstance(x, int) and not (x.strip().isascii() and x.strip().isdigit()):
            raise UsageError(f"forbid: '{x}' is not a player id")
        numbers.check("id", x, "forbid") if isinstance(x, int) else numbers.digits(x.strip(), "id", "forbid")
    ef = EventFile(a.file)
    if a.club:
        if a.ids:
            raise UsageError("forbid: give two ids or --club NAME, not both")
        run(ef, cmds.ForbidClub(a.club, remove=a.remove))
        print(f"club {a.club}: members {'may' if a.remove else 'must not'} meet each other")
        return 0
    if len(a.ids) != 2:
        raise UsageError("forbid: give two player ids (or --club NAME)")
    x, y = a.ids
    run(ef, cmds.ForbidPair(x, y, remove=a.remove))
    print(f"players {x} and {y} {'may meet again' if a.remove else 'will not be paired together'}")
    return 0


def cmd_undo(a: argparse.Namespace) -> int:
    with guarded():
        what = EventFile(a.file).undo()
    print(f"undone: {what}")
    return 0


def cmd_redo(a: argparse.Namespace) -> int:
    with guarded():
        what = EventFile(a.file).redo()
    print(f"redone: {what}")
    return 0


def cmd_log(a: argparse.Namespace) -> int:
    ef = EventFile(a.file)
    ef.load()  # a missing or unreadable event is an error, not an empty journal
    for entry in ef.history():  # the time in this machine's zone, who as user@host
        print(f"{entry.seq:>5} {entry.local_time} {entry.label}: {entry.what}")
    return 0


BYES = ("half", "zero", "full", "none")

GROUPS = (Group("players", "add, import, withdraw, list players; request a bye"),
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
)

COMMANDS = (
    Command(("new",), "create an event file (refuses to overwrite one)", cmd_new, (
        FILE.but("the event file to create, e.g. saves/open.toml"),
        Arg("--name", "the event's name", metavar="TEXT", required=True),
        Arg("--rounds", "the number of rounds (a round robin: any number, the tables decide)", metavar="N",
            type=numbers.whole("rounds"), required=True),
        Arg("--system", "the pairing system (default swiss)", metavar="|".join(SYSTEMS), choices=SYSTEMS,
            default="swiss"),
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
            "(the FIDE report's header); a text given as '' clears it", cmd_event_set, (
                FILE,
                Arg("--name", "the event's name (TRF 012)", metavar="TEXT"),
                *DETAILS,
            ), epilog="example: arbiter event set saves/open.toml --chief-arbiter \"IA Ivanov, Ivan\" "
                      "--deputy \"Petrova, Anna\" --deputy \"Sidorov, Oleg\""),
    Command(("event", "show"), "show the event's details", cmd_event_show, (FILE, fmt("text", "json"))),
    Command(("players", "add"), "add a player (once rounds are paired: a late entry from the next round)",
            cmd_players_add, (
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
            cmd_players_edit, (
                FILE,
                Arg("id", "the player's id", metavar="ID", type=numbers.whole("id")),
                Arg("--name", "the player's name", metavar="NAME"),
                Arg("--rating", "the rating (0: unrated)", metavar="R", type=numbers.whole("rating")),
                Arg("--club", "the club", metavar="C"),
                Arg("--federation", "the federation, e.g. ENG", metavar="F"),
                *PLAYER_DETAILS,
            ), epilog="example: arbiter players edit saves/open.toml 12 --sex f --birth 2009"),
    Command(("players", "import"), "add the players of a CSV file (all or none)", cmd_players_import, (
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
            "lot, club-mates apart where possible", cmd_players_distribute, (
                FILE,
                Arg("--by", "rating (a snake: 1 2 3 3 2 1 ...) or lots (the order drawn with the event's lots seed)",
                    metavar="rating|lots", choices=("rating", "lots"), default="rating"),
                Arg("--all", "every player, not only those without a table (a fresh distribution)", flag=True),
                Arg("--dry-run", "show the tables, save nothing", flag=True),
            ), epilog="example: arbiter players distribute saves/open.toml --by lots --all --dry-run"),
    Command(("players", "move"), "move one player to another table before that table pairs round 1",
            cmd_players_move, (
                FILE,
                Arg("id", "the player's id", metavar="ID", type=numbers.whole("id")),
                Arg("table", "the table to move to", metavar="TABLE", type=numbers.whole("table")),
            ), epilog="example: arbiter players move saves/open.toml 17 3"),
    Command(("players", "withdraw"), "withdraw a player: not paired from the next round (or R) on",
            cmd_players_withdraw, (
                FILE,
                Arg("id", "the player's id", metavar="ID", type=numbers.whole("id")),
                Arg("--from-round", "the first round the player is not paired in (default: the next one)",
                    metavar="R", type=numbers.whole("round")),
            )),
    Command(("players", "bye"), "request a bye for a round not yet paired (or none: take it back)",
            cmd_players_bye, (
                FILE,
                Arg("id", "the player's id", metavar="ID", type=numbers.whole("id")),
                Arg("round", "the round", metavar="ROUND", type=numbers.whole("round")),
                Arg("kind", "half, zero or full point; none takes the request back", metavar="|".join(BYES),
                    choices=BYES),
            )),
    Command(("players", "list"), "list the players", cmd_players_list, (FILE, fmt("text", "json"))),
    Command(("forbid",), "players (or a club's members; in a team event teams) who must not be paired together",
            cmd_forbid, (
                FILE,
                Arg("ids", "two player ids (a team event: two team names or ids)", metavar="ID", type=id_or_name,
                    nargs="*"),
                Arg("--club", "every member of this club: none may be paired with another", metavar="NAME"),
                Arg("--remove", "take the prohibition back", flag=True),
            )),
    Command(("undo",), "undo the last change (across restarts and judges, from the journal)", cmd_undo, (FILE,)),
    Command(("redo",), "redo the last change undone", cmd_redo, (FILE,)),
    Command(("log",), "the journal: every change, when, by whom and from where", cmd_log, (FILE,)),
)
