"""Players' codes and their reports from phones: `players codes`, `reports`, `reports accept` (docs/players.md)."""

from __future__ import annotations

import argparse
from datetime import datetime, timezone

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.store import EventFile, load

from .common import print_json
from .interrupt import run
from .usage import UsageError


def cmd_players_codes(a: argparse.Namespace) -> int:
    """Every player's code: the missing ones given first (a command, journalled), or one reissued."""
    from arbiter_tournament.core.event.codes import fresh_codes, shown
    from arbiter_tournament.core.msg.cells import clean

    ef = EventFile(a.file)
    e = ef.load()
    taken = [p.code for p in e.players if p.code]
    if a.reissue is not None:
        if not e.has_player(a.reissue):
            raise IllegalChange("no player with id {pid}", pid=a.reissue)
        e = run(ef, cmds.GiveCodes(fresh_codes([a.reissue], taken), reissue=True))
    else:
        missing = [p.id for p in e.players if not p.code]
        if missing:
            e = run(ef, cmds.GiveCodes(fresh_codes(missing, taken)))
    players = [p for p in e.players if a.reissue is None or p.id == a.reissue]
    if a.format == "json":
        print_json({"codes": [{"id": p.id, "name": p.name, "code": shown(p.code)} for p in players]})
        return 0
    for p in players:
        print(f"{p.id:>6}  {shown(p.code)}  {clean(p.name)}")
    return 0


def _queue(path: str):
    from arbiter_tournament.core.event.reports import queue
    from arbiter_tournament.core.store.reports import Reports

    e = load(path)
    return e, queue(e, Reports(path).read())


def cmd_reports(a: argparse.Namespace) -> int:
    setting = (a.mode, a.byes, a.bye_kind) != (None, None, None)
    if a.file == "set":
        return _set(a)
    if setting:
        raise UsageError("reports: --mode, --byes and --bye-kind go with 'reports set FILE'")
    if a.file == "accept":
        return _accept(a)
    if a.boards or a.agreed or a.request is not None or a.dismiss is not None:
        raise UsageError("reports: boards, --agreed, --request and --dismiss go with 'reports accept FILE'")
    e, q = _queue(a.file)
    if a.format == "json":
        print_json({"reports": [b.doc() for b in q.boards], "requests": [r.doc() for r in q.requests],
                    "wrong_codes": [w.doc() for w in q.wrong]})
        return 0
    from arbiter_tournament.core.msg.cells import clean

    if not (q.boards or q.requests or q.wrong):
        print("no reports")
    for b in q.boards:
        where = f"round {b.round}" + (f" table {b.table}" if b.table is not None else "") + f" board {b.board}"
        claims = ", ".join(f"{pid}: {res.value}" for pid, res, _ in b.claims)
        shown = b.result.value if b.result is not None else "?"
        print(f"{where}  {shown:<4} {b.status:<8} ({claims})")
    for r in q.requests:
        what = {"checkin": f"check-in for round {r.round}", "bye": f"{r.bye} bye in round {r.round}",
                "withdraw": "withdrawal"}[r.kind]
        name = clean(e.player(r.pid).name) if e.has_player(r.pid) else "?"
        print(f"request {r.n}: {name} ({r.pid}) asks for {what}  {r.status}")
    for w in q.wrong:
        limited = ", rate-limited" if w.limited else ""
        print(f"wrong codes {w.n}: {w.count} from {clean(w.addr)}, last at {w.last}{limited}"
              f"{'  seen' if w.seen else ''}")
    return 0


def _set(a: argparse.Namespace) -> int:
    """`reports set FILE [--mode judge|agreed] [--byes N] [--bye-kind half|zero|full]`: the event's settings."""
    if len(a.boards) != 1 or a.agreed or a.request is not None or a.dismiss is not None:
        raise UsageError("reports set: give the event file and the settings (arbiter reports set FILE --mode agreed)")
    if (a.mode, a.byes, a.bye_kind) == (None, None, None):
        raise UsageError("reports set: give --mode, --byes or --bye-kind")
    e = run(EventFile(a.boards[0]), cmds.SetReports(a.mode, a.byes, a.bye_kind))
    print(f"reports: {e.reports}; byes a player may ask for from the phone: {e.player_byes} ({e.player_bye_kind})")
    return 0


def _accept(a: argparse.Namespace) -> int:
    from arbiter_tournament.core.event.reports import check_accept
    from arbiter_tournament.core.store.judge import who_label
    from arbiter_tournament.core.store.reports import Reports

    if not a.boards:
        raise UsageError("reports accept: give the event file (arbiter reports accept FILE [BOARD ...|--agreed])")
    path, words = a.boards[0], a.boards[1:]
    boards = []
    for w in words:
        if not (w.isascii() and w.isdigit()) or len(w) > 6:
            raise UsageError(f"reports accept: '{w}' is not a board number")
        boards.append(int(w))
    chosen = sum(map(bool, (boards, a.agreed, a.request is not None, a.dismiss is not None)))
    if chosen != 1:
        raise UsageError("reports accept: give boards, or --agreed, or --request ID, or --dismiss ID (one of them)")
    e, q = _queue(path)
    ef = EventFile(path)
    if a.dismiss is not None:
        if not any(x.n == a.dismiss for x in (*q.requests, *q.wrong)):
            raise UsageError(f"reports accept: no request or wrong-code line {a.dismiss}")
        Reports(path).append([{"kind": "seen", "at": _now(), "ref": a.dismiss, "by": who_label()}])
        print(f"line {a.dismiss} seen")
        return 0
    if a.request is not None:
        return _accept_request(path, ef, q, a.request)
    if a.agreed:
        chosen_boards = [b for b in q.agreed if a.table is None or b.table == a.table]
        if not chosen_boards:
            print("no agreed reports")
            return 0
    else:
        chosen_boards = []
        for n in boards:
            b = q.board(n, a.table)
            if b is None:
                raise IllegalChange("no report waits for board {board}", board=n)
            check_accept(e, b)
            if b.result is None:
                raise IllegalChange("board {board}: the players disagree; enter the result yourself", board=n)
            chosen_boards.append(b)
    who = who_label()
    changes = tuple(cmds.AcceptReport(b.stage, b.table, b.round, b.board, b.result, b.by, by=who)
                    for b in chosen_boards)
    run(ef, cmds.AcceptReports(changes))  # made without the lock: another judge waits only for the write
    for b in chosen_boards:
        print(f"round {b.round} board {b.board}: {b.result.value} accepted (reported by "
              f"{', '.join(map(str, b.by))})")
    return 0


def _accept_request(path: str, ef: EventFile, q, n: int) -> int:
    from arbiter_tournament.core.store.judge import who_label
    from arbiter_tournament.core.store.reports import Reports

    r = next((r for r in q.requests if r.n == n), None)
    if r is None:
        raise UsageError(f"reports accept: no request {n}")
    if r.kind == "bye":
        run(ef, cmds.AcceptBye(r.pid, r.round, r.bye))
    elif r.kind == "withdraw":
        run(ef, cmds.AcceptWithdrawal(r.pid))
    else:
        Reports(path).append([{"kind": "seen", "at": _now(), "ref": n, "by": who_label()}])
    print(f"request {n} accepted")
    return 0


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")
