"""Events and players: new, event set|show, players add|import|distribute|move|withdraw|bye|list, forbid, undo,
redo, log."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core.formats import csvio
from arbiter_tournament.core.msg.cells import clean
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.store import EventFile, create, load
from arbiter_tournament.core.event.systems import System

from .advice import said as said_with_advice
from . import batch, numbers
from .common import PAIRINGS, codes, print_json
from .interrupt import guarded, run
from .usage import UsageError


def _seed() -> int:
    import secrets

    return secrets.randbelow(2**31)


def cmd_new(a: argparse.Namespace) -> int:
    from arbiter_tournament.core.tiebreaks.standings import check_codes

    tiebreaks = codes(a.tiebreaks) or ()
    if not a.teams:
        check_codes(tiebreaks)
    points = numbers.points(a.points, "--points") if a.points else None
    match_points = None
    if a.teams and a.pairing != PAIRINGS[0]:
        raise UsageError(f"--pairing {a.pairing}: team events are paired by the Dutch system")
    if a.teams:
        match_points = numbers.points(a.match_points, "--match-points") if a.match_points else None
    elif a.boards:
        raise UsageError("--boards is for team events (--teams)")
    elif a.match_points:
        raise UsageError("--match-points is for team events (--teams)")
    event = cmds.make_new_event(  # the TUI's new-event form makes it the same way
        a.name, a.rounds, system=a.system, tables=a.tables, top=a.top, third_place=a.third_place,
        points=points, tiebreaks=tiebreaks, edition=a.edition, lots_seed=_seed(), baku=a.baku,
        initial_colour=a.initial_colour, unrated_rating=a.unrated_rating, pairing=a.pairing,
        teams_boards=a.boards if a.teams else None, match_points=match_points, details=details_given(a))
    with guarded():
        create(a.file, event)
    print(f"created {a.file}: {event.name}, {event.rounds_planned} rounds, {event.system}"
          + (f", teams of {a.boards} boards" if a.teams else ""))
    if event.system == System.SWISS:  # the field a Swiss of these rounds needs to pair without a rematch (stderr)
        from arbiter_tournament.core.pairing.guarantee import new_event_note

        note = new_event_note(event.rounds_planned, teams=bool(a.teams))
        if note is not None:
            print(f"arbiter: note: {said_with_advice(note)}", file=sys.stderr)
    if sys.stdout.isatty():  # a judge at a terminal: how (or that) the folder is shared (docs/venue.md)
        from arbiter_tournament.core.store import venue
        print(clean(venue.new_event_note(a.file), lines=True))
    return 0


def details_given(a: argparse.Namespace) -> dict:
    """The event's details given as options (`core.commands.SetDetails`'s fields)."""
    out: dict = {}
    for attr in ("name", "city", "federation", "start", "end", "chief_arbiter", "time_control", "rate"):
        v = getattr(a, attr, None)
        if v is not None:
            out[attr] = v
    if a.deputy is not None:  # --deputy '' alone: none
        out["deputy_arbiters"] = tuple(d for d in a.deputy if d.strip())
    for attr in ("public_crosstable", "public_prize_money"):  # `event set` only: what the public site shows
        v = getattr(a, attr, None)
        if v is not None:
            out[attr] = v == "yes"
    if a.round_dates is not None:  # a comma list; an empty place: that round's date not known
        out["round_dates"] = tuple(d.strip() for d in a.round_dates.split(",")) if a.round_dates.strip() else ()
    return out


def details_lines(e: Event) -> list[str]:
    rounds = ", ".join(f"{r} {d}" for r, d in enumerate(e.round_dates, start=1) if d)
    return [f"name: {e.name}", f"city: {e.city}", f"federation: {e.federation}", f"start: {e.start}",
            f"end: {e.end}", f"chief arbiter: {e.chief_arbiter}",
            f"deputy arbiters: {'; '.join(e.deputy_arbiters)}", f"time control: {e.time_control}",
            f"round dates: {rounds}",
            f"public site: crosstable {'yes' if e.public_crosstable else 'no'}, "
            f"prize money {'yes' if e.public_prize_money else 'no'}", f"rate: {e.rate}"]


def details_json(e: Event) -> dict:
    return {"name": e.name, "city": e.city, "federation": e.federation, "start": e.start, "end": e.end,
            "chief_arbiter": e.chief_arbiter, "deputy_arbiters": list(e.deputy_arbiters),
            "time_control": e.time_control, "round_dates": list(e.round_dates),
            "public_crosstable": e.public_crosstable, "public_prize_money": e.public_prize_money, "rate": e.rate}


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
    given = {"rating": a.rating, "club": a.club, "federation": a.federation, **_player_details(a, empty="")}
    if a.fide_id:  # what is not given, from the rating lists' index (docs/ratings.md)
        name, given = _from_index(a, name, given)
    if name is None:
        raise UsageError("players add: the following arguments are required: NAME (or --name NAME)")
    new = run(EventFile(a.file), cmds.AddPlayer(name, table=a.table, team=a.team, **given))
    p = max(new.players, key=lambda x: x.id)
    late = f", late entry from round {p.late_from}" if p.late_from else ""
    print(f"added {p.name} as player {p.id}{late}")
    return 0


def _from_index(a: argparse.Namespace, name: str | None, given: dict) -> tuple[str | None, dict]:
    """players add --fide-id: the name and the details not given, from the index (the event's rate)."""
    from arbiter_tournament.core.errors import ArbiterError
    from arbiter_tournament.core.event.player_details import fide_id
    from arbiter_tournament.core.ratings.fill import details
    from arbiter_tournament.core.ratings.index import Index

    fid = fide_id(a.fide_id)  # refused before the index is asked
    try:
        found = Index().by_id(fid)
    except ArbiterError as exc:  # no index, or a damaged one: said; a name given is enough
        if name is None:
            raise
        print(f"arbiter: warning: {clean(said_with_advice(exc))}: nothing filled in", file=sys.stderr)
        return name, given
    if found is None:
        if name is None:
            raise UsageError(f"players add: FIDE id {fid} is in no rating list of the index: give the name too")
        print(f"arbiter: warning: FIDE id {fid} is in no rating list of the index: nothing filled in", file=sys.stderr)
        return name, given
    filled = details(found, load(a.file).rate)
    out = {**given}
    for k, v in filled.items():
        if k == "name" or (k == "rating" and a.rating):
            continue
        if not out.get(k):
            out[k] = v
    return (name if name is not None else filled["name"]), out


def _player_details(a: argparse.Namespace, empty: str | None = None) -> dict:
    """--title, --fide-id, --sex, --birth as Player fields (one not given: `empty`)."""
    return {k: empty if v is None else v for k, v in
            (("title", a.title), ("fide_id", a.fide_id), ("sex", a.sex), ("birth", a.birth))}


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


def cmd_players_import(a: argparse.Namespace) -> int:
    csv_path = Path(a.csv)
    got = csvio.read_players_file(csv_path, a.encoding)  # a plain file or `-`, capped; the encoding told or named
    rows = got.rows
    e = load(a.file)
    rows = _filled(rows, e.rate)
    unseated = sum(1 for row in rows if row.get("table") is None) if e.tables > 1 else 0
    if unseated and a.distribute is None:
        raise UsageError(f"{csv_path}: {unseated} players have no table and the event has {e.tables} tables: "
                         f"import with --distribute rating (a snake by rating) or --distribute lots (by lot), "
                         f"or give the CSV a table column")
    if a.distribute is not None and not unseated:
        raise UsageError(f"--distribute: every player of {csv_path} has a table" if e.tables > 1
                         else "--distribute: the event has one table")

    for i, row in enumerate(rows):
        if not row.get("name"):
            raise UsageError(f"{csv_path}: row {i + 1}: the name is empty, and FIDE id {row.get('fide_id')} is in no "
                             "rating list of the index (arbiter ratings import LIST)")
    new = run(EventFile(a.file), cmds.ImportPlayers(tuple(rows), str(csv_path), method=a.distribute or "rating"))
    print(f"imported {len(rows)} players")
    for said in got.warnings():  # an encoding told from the letters; the columns ignored: a line each
        print(f"arbiter: warning: {csv_path}: {clean(said_with_advice(said))}", file=sys.stderr)
    if unseated:
        print_tables(new, {p.id for p in new.players} - {p.id for p in e.players})
    return 0


def _filled(rows: list[dict], rate: str) -> list[dict]:
    """Rows with FIDE ids: what they leave out filled from the rating lists' index, when there is one."""
    if not any(row.get("fide_id") for row in rows):
        return rows
    from arbiter_tournament.core.errors import ArbiterError
    from arbiter_tournament.core.ratings.fill import fill_rows
    from arbiter_tournament.core.ratings.index import Index

    ix = Index()
    if not ix.path.exists():
        return rows
    try:
        rows, found = fill_rows(rows, ix, rate)
    except ArbiterError as exc:  # a damaged index: said, the rows as they are
        print(f"arbiter: warning: {clean(said_with_advice(exc))}: nothing filled in", file=sys.stderr)
        return rows
    if found:
        print(f"filled in from the rating lists: {found} players found by FIDE id", file=sys.stderr)
    return rows


def print_tables(e: Event, marked: set[int] = frozenset()) -> None:
    """Each table: its players (by rating), their number, average rating and club-mate pairs."""
    from arbiter_tournament.core.msg.cells import fit
    from arbiter_tournament.core.event.seating import table_summary

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
    from arbiter_tournament.core.event.seating import table_summary

    e = load(a.file)
    old = e.player(a.id).table if e.has_player(a.id) else None
    new = run(EventFile(a.file), cmds.MovePlayer(a.id, a.table))
    p = new.player(a.id)
    print(f"{p.name} ({p.id}) moved from table {old} to table {p.table}")
    for t, n, avg, clashes in table_summary(new):
        print(f"table {t}: {n} players, average rating {avg}, club-mate pairs {clashes}")
    return 0


def _together(changes: list) -> cmds.Command:
    """One change as it is; several in one batch (all saved or none, one journal line)."""
    return changes[0] if len(changes) == 1 else cmds.Batch(tuple(changes))


def cmd_players_withdraw(a: argparse.Namespace) -> int:
    if a.id == "-":
        pids = [pid for where, words in batch.stdin_lines("players withdraw", "ID[,ID...]")
                for pid in _line_ids(where, words)]
        if not pids:
            raise UsageError("players withdraw: no ID line on standard input: nothing saved")
    else:
        pids = list(a.id)
    batch.once(pids, lambda pid: f"player {pid}", "players withdraw")
    new = run(EventFile(a.file), _together([cmds.Withdraw(pid, a.from_round) for pid in pids]))
    for pid in pids:
        p = new.player(pid)
        print(f"{p.name} ({p.id}) withdrawn from round {p.withdrawn_from}")
    return 0


def _line_ids(where: str, words: list[str]) -> tuple[int, ...]:
    if len(words) != 1:
        raise UsageError(f"players withdraw: {where}expected ID[,ID...], got {' '.join(words)!r}")
    try:
        return batch.ids(words[0])
    except UsageError as exc:
        raise UsageError(f"players withdraw: {where}{exc}") from None


def cmd_players_bye(a: argparse.Namespace) -> int:
    from .table import BYES

    if a.id == "-":
        if a.round is not None:
            raise UsageError("players bye: '-' reads every ID[,ID...] ROUND KIND from standard input: give nothing "
                             "after it")
        asked = [x for where, words in batch.stdin_lines("players bye", "ID[,ID...] ROUND KIND")
                 for x in _line_byes(where, words)]
        if not asked:
            raise UsageError("players bye: no ID ROUND KIND line on standard input: nothing saved")
    else:
        if a.round is None or a.kind is None:
            kind = "|".join(BYES)  # argparse's words, as when ROUND and KIND were required operands
            raise UsageError("players bye: the following arguments are required: "
                             + (f"ROUND, {kind}" if a.round is None else kind))
        asked = [(pid, a.round, a.kind) for pid in a.id]
    batch.once([(pid, rnd) for pid, rnd, _ in asked], lambda k: f"player {k[0]} in round {k[1]}", "players bye")
    new = run(EventFile(a.file), _together([cmds.RequestBye(pid, rnd, kind) for pid, rnd, kind in asked]))
    for pid, rnd, kind in asked:
        print(f"{new.player(pid).name} ({pid}): {kind} bye in round {rnd}")
    return 0


def _line_byes(where: str, words: list[str]) -> list[tuple[int, int, str]]:
    from .table import BYES

    try:
        if len(words) != 3:
            raise UsageError(f"expected ID[,ID...] ROUND KIND, got {' '.join(words)!r}")
        pids = batch.ids(words[0])
        rnd = batch.number(numbers.whole("round"), words[1], "round")
        if words[2] not in BYES:
            raise UsageError(f"kind '{words[2]}' is not one of {', '.join(BYES)}")
    except UsageError as exc:
        raise UsageError(f"players bye: {where}{exc}") from None
    return [(pid, rnd, words[2]) for pid in pids]


def cmd_players_list(a: argparse.Namespace) -> int:
    from arbiter_tournament.core.msg.cells import fit

    e = load(a.file)
    if a.format == "json":
        print_json([{"id": p.id, "name": p.name, "rating": p.rating, "club": p.club, "federation": p.federation,
                     "table": p.table, "status": p.status} for p in e.players])
        return 0
    for p in e.players:
        t = f" T{p.table}" if p.table else ""
        print(f"{p.id:>4}  {fit(p.name, 30):<30} {p.rating:>5} {fit(p.club, 20):<20}{t} {p.status}")
    return 0



def cmd_forbid(a: argparse.Namespace) -> int:
    from arbiter_tournament.core import teams as team_event

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
