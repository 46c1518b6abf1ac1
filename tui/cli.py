"""The command line (contract: shared spec cli.md): parse, call core, print.

Every subcommand that changes an event runs one `core` command inside one
`EventFile.change` transaction. A user's mistake prints one line
`arbiter: error: ...` on stderr and exits 2; "no legal pairing" exits 1.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any, Sequence

from core import commands
from core.errors import ArbiterError, FileProblem, IllegalChange, NoLegalPairing
from core.formats import csvio
from core.formats.text import clean, round_text, standings_text
from core.journal_text import bye_what, describe, result_what
from core.model import Event
from core.results import Result
from core.standings import completed_rounds, standings
from core.store import EventFile, create, journal, load

DEFAULT_FILE = "saves/demo.toml"


class UsageError(ArbiterError):
    pass


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2, no usage dump
        raise UsageError(f"{self.prog.split(' ', 1)[-1] if ' ' in self.prog else 'usage'}: {message}")


def jnum(x: Fraction | int) -> int | float:
    """A JSON number: whole and half values exact, others rounded to 2 decimals."""
    x = Fraction(x)
    if x.denominator == 1:
        return x.numerator
    if x.denominator == 2:
        return float(x)  # exact in binary
    return round(float(x), 2)


def _points(text: str) -> tuple[Fraction, Fraction, Fraction]:
    try:
        parts = [Fraction(p.strip()) for p in text.split(",")]
    except (ValueError, ZeroDivisionError):
        raise UsageError(f"--points '{text}': expected W,D,L such as 1,0.5,0 or 3,1,0") from None
    if len(parts) != 3:
        raise UsageError(f"--points '{text}': expected three values W,D,L")
    return parts[0], parts[1], parts[2]


def _codes(text: str | None) -> tuple[str, ...] | None:
    if text is None:
        return None
    return tuple(c.strip().upper() for c in text.split(",") if c.strip())


# -- subcommands -------------------------------------------------------------


def cmd_new(a: argparse.Namespace) -> int:
    from core.standings import check_codes

    codes = _codes(a.tiebreaks) or ()
    if not a.teams:
        check_codes(codes)
    event = commands.new_event(
        a.name, a.rounds, system=a.system, tables=a.tables, top=a.top or 0, third_place=a.third_place,
        points=_points(a.points) if a.points else None, tiebreaks=codes, edition=a.edition,
        lots_seed=_seed(), baku=a.baku, initial_colour=a.initial_colour,
        unrated_rating=a.unrated_rating,
    )
    if a.teams:
        from core import team_event

        if a.boards > 99:  # core/team_event checks the lower bound
            raise UsageError(f"--boards {a.boards}: at most 99 boards per match")
        event = team_event.setup(event, a.boards, match_points=_points(a.match_points) if a.match_points else None,
                                 tiebreaks=list(codes) or None)
    elif a.boards:
        raise UsageError("--boards is for team events (--teams)")
    create(a.file, event)
    print(f"created {a.file}: {event.name}, {event.rounds_planned} rounds, {event.system}"
          + (f", teams of {a.boards} boards" if a.teams else ""))
    return 0


def _seed() -> int:
    import secrets

    return secrets.randbelow(2**31)


def cmd_players_add(a: argparse.Namespace) -> int:
    ef = EventFile(a.file)
    new = ef.change(
        lambda e: commands.add_player(e, a.name, rating=a.rating, club=a.club, federation=a.federation,
                                      table=a.table, team=a.team),
        describe("add player {name}", name=a.name),
    )
    p = max(new.players, key=lambda x: x.id)
    late = f", late entry from round {p.late_from}" if p.late_from else ""
    print(f"added {p.name} as player {p.id}{late}")
    return 0


def cmd_players_import(a: argparse.Namespace) -> int:
    csv_path = Path(a.csv)
    try:
        text = csv_path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileProblem(str(csv_path), None, "no such file") from None
    except UnicodeDecodeError:
        raise FileProblem(str(csv_path), None, "not UTF-8 text") from None
    except IsADirectoryError:
        raise FileProblem(str(csv_path), None, "is a folder, not a CSV file") from None
    except OSError as exc:
        raise FileProblem(str(csv_path), None, "cannot read: {strerror}", strerror=exc.strerror) from None
    rows = csvio.read_players(text, str(csv_path))

    def add_all(e: Event) -> Event:
        for i, row in enumerate(rows, start=2):
            try:
                e = commands.add_player(e, **row)
            except IllegalChange as exc:
                raise FileProblem(str(csv_path), i, str(exc)) from None
        return e

    EventFile(a.file).change(add_all, describe("import {n} players from {file}", n=len(rows), file=csv_path.name))
    print(f"imported {len(rows)} players")
    return 0


def cmd_players_withdraw(a: argparse.Namespace) -> int:
    new = EventFile(a.file).change(lambda e: commands.withdraw(e, a.id, a.from_round),
                                   describe("withdraw player {pid}", pid=a.id))
    p = new.player(a.id)
    print(f"{p.name} ({p.id}) withdrawn from round {p.withdrawn_from}")
    return 0


def cmd_players_bye(a: argparse.Namespace) -> int:
    new = EventFile(a.file).change(
        lambda e: commands.request_bye(e, a.id, a.round, a.kind), bye_what(a.kind, a.id, a.round)
    )
    print(f"{new.player(a.id).name} ({a.id}): {a.kind} bye in round {a.round}")
    return 0


def cmd_players_list(a: argparse.Namespace) -> int:
    e = load(a.file)
    if a.format == "json":
        print(json.dumps([{"id": p.id, "name": p.name, "rating": p.rating, "club": p.club,
                           "federation": p.federation, "table": p.table, "status": p.status} for p in e.players],
                         ensure_ascii=False))
        return 0
    from core.formats.text import fit

    for p in e.players:
        t = f" T{p.table}" if p.table else ""
        print(f"{p.id:>4}  {fit(p.name, 30):<30} {p.rating:>5} {fit(p.club, 20):<20}{t} {p.status}")
    return 0


def _stage(e: Event, a: argparse.Namespace) -> str:
    return a.stage or e.current_stage()


def _table(e: Event, stage: str, a: argparse.Namespace) -> int | None:
    """The table a command addresses: only a Swiss stage with several tables has them."""
    t = getattr(a, "table", None)
    if stage != "swiss" or e.tables <= 1:
        if t not in (None, 1):
            raise UsageError(f"--table {t}: the {stage} stage has one table")
        return None
    if t is None:
        raise UsageError(f"the event has {e.tables} tables: say which with --table 1..{e.tables}")
    if not 1 <= t <= e.tables:
        raise UsageError(f"--table {t}: the event has tables 1..{e.tables}")
    return t


def cmd_result(a: argparse.Namespace) -> int:
    result = Result.parse(a.result)
    user = journal.who()[0]
    ef = EventFile(a.file)
    e = ef.load()
    stage = _stage(e, a)
    table = _table(e, stage, a)
    rnd = a.round if a.round is not None else commands.current_round(e, stage, table).number
    if stage in ("top", "playoff"):
        if stage == "top":
            from core.top import record_top_result as record
        else:
            from core.playoff_event import record_playoff_result as record

        change = lambda ev: record(ev, rnd, a.board, result, by=user, force=a.force, moves=a.moves)  # noqa: E731
    else:
        change = lambda ev: commands.record_result(ev, stage, table, rnd, a.board, result, by=user,  # noqa: E731
                                                   force=a.force, moves=a.moves)
    new = ef.change(
        change,
        result_what(stage, rnd, table if table else None, a.board, result),
    )
    g = new.find_round(stage, table, rnd).game(a.board)
    names = new.player(g.first).name + (f" - {new.player(g.second).name}" if g.second else "")
    print(f"round {rnd} board {a.board}: {names} {result}")
    return 0


def cmd_undo(a: argparse.Namespace) -> int:
    what = EventFile(a.file).undo()
    print(f"undone: {what}")
    return 0


def cmd_redo(a: argparse.Namespace) -> int:
    what = EventFile(a.file).redo()
    print(f"redone: {what}")
    return 0


def round_json(rnd) -> dict:
    return {
        "round": rnd.number, "table": rnd.table, "stage": rnd.stage,
        "boards": [
            {"board": g.board, "first": g.first, "second": g.second,
             "result": None if g.result is None else str(g.result), "manual": g.manual}
            for g in rnd.games
        ],
    }


def cmd_round(a: argparse.Namespace) -> int:
    e = load(a.file)
    stage = _stage(e, a)
    table = _table(e, stage, a)
    rnd = e.find_round(stage, table, a.round) if a.round is not None else commands.current_round(e, stage, table)
    if a.format == "json":
        print(json.dumps(round_json(rnd), ensure_ascii=False))
    else:
        sys.stdout.write(round_text(e, rnd))
        if a.explain:
            from core.pairing import explain_round

            sys.stdout.write(explain_round(e, rnd))
    return 0


def cmd_standings(a: argparse.Namespace) -> int:
    from core import team_event
    from core.standings import check_codes

    e = load(a.file)
    codes = _codes(a.tiebreaks)
    if a.edition and a.edition not in ("fide2024", "fide2026", "legacy"):
        raise UsageError(f"--edition '{a.edition}': one of fide2024, fide2026, legacy")
    if a.after_round is not None and a.after_round < 0:
        raise UsageError(f"--after-round {a.after_round}: a round number is 0 or more")
    if team_event.is_team_event(e):
        sys.stdout.write(team_event.standings_output(e, after_round=a.after_round, fmt=a.format, codes=codes,
                                                     edition=a.edition))
        return 0
    check_codes(codes or ())
    table = None
    if a.table is not None:
        if not 1 <= a.table <= e.tables:
            raise UsageError(f"--table {a.table}: the event has tables 1..{e.tables}")
        table = a.table if e.tables > 1 else None
    stage = "swiss" if e.system == "swiss" else "roundrobin"
    if a.after_round is not None and a.after_round > len(e.rounds_of(stage, table)):
        raise UsageError(f"--after-round {a.after_round}: round {a.after_round} has not been paired")
    after = a.after_round if a.after_round is not None else completed_rounds(e, stage, table)
    rows = standings(e, table=table, after_round=after, codes=codes, edition=a.edition)
    used = list(codes if codes is not None else e.tiebreaks)
    if a.explain is not None:
        from core.standings import explain_text

        sys.stdout.write(explain_text(e, a.explain, table=table, after_round=after, codes=used, edition=a.edition))
        return 0
    if a.format == "json":
        out = {"after_round": after, "tiebreaks": used, "rows": [
            {"rank": r.rank, "id": r.id, "name": r.name, "table": r.table, "points": jnum(r.points),
             "tiebreaks": {c: jnum(v) for c, v in r.tiebreaks.items()}} for r in rows]}
        print(json.dumps(out, ensure_ascii=False))
    elif a.format == "csv":
        sys.stdout.write(csvio.write_rows(
            ["rank", "id", "name", "table", "points", *used],
            ([r.rank, r.id, r.name, r.table, jnum(r.points), *(jnum(r.tiebreaks[c]) if c in r.tiebreaks else "" for c in used)] for r in rows),
        ))
    else:
        sys.stdout.write(standings_text(e, rows, used, after))
    return 0


def cmd_log(a: argparse.Namespace) -> int:
    ef = EventFile(a.file)
    ef.load()  # a missing or unreadable event is an error, not an empty journal
    for entry in ef.history():
        ssh = f"@{entry.ssh}" if entry.ssh else ""
        print(f"{entry.seq:>5} {entry.time} {entry.user}{ssh}: {entry.what}")
    return 0


def cmd_tui(path: str) -> int:
    from tui.app import run

    return run(path)


# -- parser ------------------------------------------------------------------


def build_parser() -> Parser:
    p = Parser(prog="arbiter", description="Run a two-player board-game tournament at the venue.")
    sub = p.add_subparsers(dest="command", parser_class=Parser)

    s = sub.add_parser("new", help="create an event file")
    s.add_argument("file")
    s.add_argument("--name", required=True)
    s.add_argument("--rounds", type=int, required=True)
    s.add_argument("--system", choices=["swiss", "roundrobin", "double-roundrobin"], default="swiss")
    s.add_argument("--tables", type=int, default=1)
    s.add_argument("--top", type=int, default=0)
    s.add_argument("--third-place", action="store_true")
    s.add_argument("--points")
    s.add_argument("--tiebreaks")
    s.add_argument("--edition", choices=["fide2024", "fide2026", "legacy"], default="fide2024")
    s.add_argument("--baku", action="store_true", help="Baku acceleration (C.04.7)")
    s.add_argument("--initial-colour", choices=["w", "b"], help="colour of pairing number 1 in round 1 (default: by lot)")
    s.add_argument("--unrated-rating", type=int, metavar="R",
                   help="rating of unrated players in rating tie-breaks (default: those tie-breaks are dropped, C.07 art. 10)")
    s.add_argument("--teams", action="store_true", help="a team event: teams play matches over --boards boards")
    s.add_argument("--boards", type=int, default=0)
    s.add_argument("--match-points", help="team match points W,D,L (default 2,1,0)")
    s.set_defaults(func=cmd_new)

    pl = sub.add_parser("players", help="add, import, withdraw, list players").add_subparsers(
        dest="players_command", parser_class=Parser)
    s = pl.add_parser("add")
    s.add_argument("file")
    s.add_argument("name")
    s.add_argument("--rating", type=int, default=0)
    s.add_argument("--club", default="")
    s.add_argument("--federation", default="")
    s.add_argument("--table", type=int)
    s.add_argument("--team", default="")
    s.set_defaults(func=cmd_players_add)
    s = pl.add_parser("import")
    s.add_argument("file")
    s.add_argument("csv")
    s.set_defaults(func=cmd_players_import)
    s = pl.add_parser("withdraw")
    s.add_argument("file")
    s.add_argument("id", type=int)
    s.add_argument("--from-round", type=int)
    s.set_defaults(func=cmd_players_withdraw)
    s = pl.add_parser("bye", help="request a bye for a round not yet paired")
    s.add_argument("file")
    s.add_argument("id", type=int)
    s.add_argument("round", type=int)
    s.add_argument("kind", choices=["half", "zero", "full", "none"])
    s.set_defaults(func=cmd_players_bye)
    s = pl.add_parser("list")
    s.add_argument("file")
    s.add_argument("--format", choices=["text", "json"], default="text")
    s.set_defaults(func=cmd_players_list)

    s = sub.add_parser("result", help="enter a result")
    s.add_argument("file")
    s.add_argument("board", type=int)
    s.add_argument("result")
    s.add_argument("--round", type=int)
    s.add_argument("--table", type=int)
    s.add_argument("--stage", choices=["swiss", "roundrobin", "top", "playoff"])
    s.add_argument("--force", action="store_true")
    s.add_argument("--moves", type=int)
    s.set_defaults(func=cmd_result)

    for name, fn in (("undo", cmd_undo), ("redo", cmd_redo), ("log", cmd_log)):
        s = sub.add_parser(name)
        s.add_argument("file")
        s.set_defaults(func=fn)

    s = sub.add_parser("round", help="show a round")
    s.add_argument("file")
    s.add_argument("--round", type=int)
    s.add_argument("--table", type=int)
    s.add_argument("--stage", choices=["swiss", "roundrobin", "top", "playoff"])
    s.add_argument("--format", choices=["text", "json"], default="text")
    s.add_argument("--explain", action="store_true")
    s.set_defaults(func=cmd_round)

    s = sub.add_parser("standings", help="show the standings")
    s.add_argument("file")
    s.add_argument("--table", type=int)
    s.add_argument("--after-round", type=int)
    s.add_argument("--tiebreaks")
    s.add_argument("--edition")
    s.add_argument("--format", choices=["text", "csv", "json"], default="text")
    s.add_argument("--explain", type=int, metavar="ID")
    s.set_defaults(func=cmd_standings)

    from tui import cli_more, cli_teams

    cli_more.add_commands(sub)
    cli_teams.add_commands(sub)
    return p


_CONTROL = {c: "?" for c in [*range(32), *range(0x7F, 0xA0)] if chr(c) not in "\n\t"}


class _SafeStdout:
    """stdout that prints a control character (a name's escape sequence) as '?' (`clean`), keeping lines."""

    def __init__(self, raw) -> None:
        self._raw = raw

    def write(self, s: str) -> int:
        return self._raw.write(s.translate(_CONTROL))

    def __getattr__(self, name: str):
        return getattr(self._raw, name)


@contextlib.contextmanager
def _terminal_safe_stdout():
    raw = sys.stdout
    if (getattr(raw, "encoding", None) or "").lower().replace("-", "") != "utf8" and hasattr(raw, "reconfigure"):
        raw.reconfigure(encoding="utf-8")  # the contract's output is UTF-8 whatever the locale says
    sys.stdout = _SafeStdout(raw)
    try:
        yield
    finally:
        sys.stdout = raw


def cmd_display_func():
    from tui.cli_more import cmd_display

    return cmd_display


def _result_first(sub: argparse.ArgumentParser, args: list[str]) -> tuple[list[str], str | None]:
    """`arbiter result FILE BOARD RESULT`: RESULT may be `-+` or `--`, which argparse takes for options.

    Finds the third positional word itself (`-+`, `--` included) and gives argparse a stand-in;
    a `--` before it (or after BOARD with a result still to come) is the usual end of options.
    Returns the arguments for argparse and the RESULT typed (None when not found).
    """
    opts = sub._option_string_actions
    pos: list[int] = []
    i, n = 1, len(args)
    while i < n and len(pos) < 3:
        t = args[i]
        if t == "--" and len(pos) == 2 and (i + 1 == n or args[i + 1].startswith("-") and args[i + 1] not in ("-+", "--")):
            pos.append(i)  # RESULT `--` (double forfeit): no result word follows
        elif t == "--":
            pos.extend(range(i + 1, min(n, i + 1 + 3 - len(pos))))  # end of options: the rest is positional
            break
        elif t == "-+" and len(pos) == 2:
            pos.append(i)
        elif t.startswith("-") and not t.lstrip("-").isdigit():
            name = t.split("=", 1)[0]
            hits = [o for o in opts if o == name] or [o for o in opts if o.startswith(name) and o.startswith("--")]
            if "=" not in t and len(hits) == 1 and opts[hits[0]].nargs != 0:
                i += 1  # the option's value
        else:
            pos.append(i)
        i += 1
    if len(pos) < 3:
        return args, None
    at = pos[2]
    out = ["RESULT" if j == at else x for j, x in enumerate(args) if j == at or x != "--"]
    return out, args[at]


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    commands_known = set(parser._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
    try:
        if not args or (args[0] not in commands_known and not args[0].startswith("-")):
            if len(args) > 1:
                raise UsageError(f"unknown command '{args[0]}' (try arbiter --help)")
            return cmd_tui(args[0] if args else DEFAULT_FILE)
        typed = None
        if args[0] == "result":
            args, typed = _result_first(parser._subparsers._group_actions[0].choices["result"], args)  # type: ignore[union-attr]
        a = parser.parse_args(args)
        if typed is not None:
            a.result = typed
        if not hasattr(a, "func"):
            raise UsageError(f"{args[0]}: say what to do (try arbiter {args[0]} --help)")
        if a.func is cmd_display_func():
            return a.func(a)
        with _terminal_safe_stdout():
            code = a.func(a)
            sys.stdout.flush()  # a full disk or a closed pipe is told here, not at exit
            return code
    except NoLegalPairing as exc:
        print(f"arbiter: no legal pairing: {clean(str(exc))}", file=sys.stderr)
        return 1
    except ArbiterError as exc:  # one line: what the user typed (a name, a path) cannot add lines or escapes
        print(f"arbiter: error: {clean(str(exc))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        _drop_stdout()
        return 0
    except OSError as exc:  # stdout itself (core wraps its own file errors in FileProblem)
        _drop_stdout()
        where = f"{exc.filename}" if exc.filename else "the output"
        print(f"arbiter: error: {clean(where)}: {exc.strerror or exc}", file=sys.stderr)
        return 2


def _drop_stdout() -> None:
    """What is left in stdout's buffer goes nowhere: Python's flush at exit would fail again."""
    import os

    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
        os.close(fd)
    except (OSError, ValueError):
        pass
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
