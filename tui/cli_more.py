"""Subcommands for pairing, manual changes, TRF and exports (the second half of the CLI)."""

from __future__ import annotations

import sys
from pathlib import Path

from core import pairing
from core.formats.text import round_text
from core.journal_text import describe, pair_what
from core.store import EventFile, create, load
from core.store.files import read_text, write_atomic


def _err(msg: str):
    from tui.cli import UsageError

    return UsageError(msg)


def _table_arg(e, a) -> int | None:
    if e.tables <= 1:
        if a.table not in (None, 1):
            raise _err(f"--table {a.table}: the event has one table")
        return None
    if a.table is not None and not 1 <= a.table <= e.tables:
        raise _err(f"--table {a.table}: the event has tables 1..{e.tables}")
    return a.table


def cmd_pair(a) -> int:
    ef = EventFile(a.file)
    e = ef.load()
    table = _table_arg(e, a)
    if a.by_hand is not None:
        pairs = _parse_pairs(a.by_hand)
        if not pairs:
            raise _err(f"--by-hand '{a.by_hand}': give the pairs, e.g. \"12-7,3-9,5-0\"")
        stage = "swiss" if e.system == "swiss" else "roundrobin"
        if e.tables > 1 and table is None:
            raise _err("--by-hand pairs one table: say which with --table")
        k = len(e.rounds_of(stage, table)) + 1
        new = ef.change(lambda ev: pairing.pair_by_hand(ev, stage, table, k, pairs),
                        describe("pair round {round} by hand", round=k))
        rnd = new.find_round(stage, table, k)
        sys.stdout.write(round_text(new, rnd))
        for w in pairing.warnings_for(new, rnd):
            print(f"warning: {w}")
        return 0
    before = {r.key for r in e.rounds}
    from core import team_event

    if team_event.is_team_event(e):
        new = ef.change(lambda ev: pairing.pair_next(ev, table, lots=a.lots), pair_what([]))
        sys.stdout.write(team_event.matches_output(new))
        return 0
    allow = None
    if a.allow_rematch:
        bits = [b.strip() for b in a.allow_rematch.split(",")]
        if len(bits) != 2 or not all(b.isascii() and b.isdigit() and int(b) > 0 for b in bits):
            raise _err(f"--allow-rematch '{a.allow_rematch}': give two player ids, e.g. 3,7")
        allow = {frozenset(int(b) for b in bits)}
    new = ef.change(lambda ev: pairing.pair_next(ev, table, lots=a.lots, allow_rematch=allow),
                    pair_what([], table if table else None, rematch=a.allow_rematch if allow else None))
    for r in new.rounds:
        if r.key not in before:
            sys.stdout.write(round_text(new, r))
    return 0


def _parse_pairs(text: str) -> list[tuple[int, int | None]]:
    pairs = []
    for part in text.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        bits = part.split("-")
        try:
            if len(bits) == 1 or bits[1].strip() in ("", "0"):
                pairs.append((int(bits[0]), None))
            elif len(bits) == 2:
                pairs.append((int(bits[0]), int(bits[1])))
            else:
                raise ValueError
        except ValueError:
            raise _err(f"--by-hand: '{part}' is not FIRST-SECOND (ids) or ID-0 for a bye") from None
    return pairs


def _stage_table_round(e, a):
    stage = a.stage or e.current_stage()
    table = _table_arg(e, a) if stage == "swiss" else None
    if stage == "swiss" and e.tables > 1 and table is None:
        raise _err(f"the event has {e.tables} tables: say which with --table")
    rounds = e.rounds_of(stage, table)
    if not rounds:
        raise _err(f"no {stage} round has been paired yet")
    return stage, table, a.round if a.round is not None else rounds[-1].number


def _manual(a, fn, what: str) -> int:
    ef = EventFile(a.file)
    e = ef.load()
    stage, table, k = _stage_table_round(e, a)
    new = ef.change(lambda ev: fn(ev, stage, table, k), what)
    rnd = new.find_round(stage, table, k)
    sys.stdout.write(round_text(new, rnd))
    for w in pairing.warnings_for(new, rnd):
        print(f"warning: {w}")
    return 0


def cmd_swap(a) -> int:
    return _manual(a, lambda ev, s, t, k: pairing.swap_colours(ev, s, t, k, a.board),
                   describe("swap colours on board {board}", board=a.board))


def cmd_exchange(a) -> int:
    return _manual(a, lambda ev, s, t, k: pairing.exchange(ev, s, t, k, a.a, a.b),
                   describe("exchange players {a} and {b}", a=a.a, b=a.b))


def cmd_give_bye(a) -> int:
    return _manual(a, lambda ev, s, t, k: pairing.give_bye(ev, s, t, k, a.id),
                   describe("bye by hand for player {pid}", pid=a.id))


def cmd_unpair(a) -> int:
    from core import commands

    ef = EventFile(a.file)
    e = ef.load()
    stage, table, k = _stage_table_round(e, a)
    ef.change(lambda ev: commands.unpair_round(ev, stage, table, k),
              describe("take back the pairing of round {round}", round=k))
    print(f"round {k} unpaired")
    return 0


def _read(path: str) -> str:
    return read_text(Path(path))


def cmd_trf_pair(a) -> int:
    from core.swiss import trf_pair

    text = trf_pair(_read(a.trf), a.trf)
    if a.o:
        write_atomic(Path(a.o), text, keep_backup=False)
    else:
        sys.stdout.write(text)
    return 0


def cmd_trf_check(a) -> int:
    from core.swiss import trf_check

    diffs = trf_check(_read(a.trf), a.trf)
    for d in diffs:
        print(d)
    if diffs:
        return 1
    print("every round re-paired exactly as in the file")
    return 0


def cmd_import_trf(a) -> int:
    from core.formats.trf import parse_trf
    from core.formats.trf_event import trf_to_event

    t = parse_trf(_read(a.trf), a.trf)
    event = trf_to_event(t, a.trf)
    if event.rounds_planned > 999:  # an event file holds at most 999 rounds: say so at the TRF, not at FILE
        raise _err(f"{a.trf}: the number of rounds (XXR or 142) {event.rounds_planned} is too many: at most 999")
    create(a.file, event)
    print(f"created {a.file}: {event.name}, {len(event.players)} players, "
          f"{len(event.rounds)} of {event.rounds_planned} rounds")
    return 0


def cmd_export(a) -> int:
    e = load(a.file)
    out = Path(a.out)
    if a.format == "trf":
        from core.formats.trf import write_trf
        from core.formats.trf_event import event_to_trf

        write_atomic(out, write_trf(event_to_trf(e, _table_arg(e, a))), keep_backup=False)
    elif a.format == "csv":
        from core.formats.exports import players_csv, standings_csv

        if a.what not in ("players", "standings"):
            raise _err(f"--what '{a.what}': a CSV export is players or standings")

        text = standings_csv(e) if a.what == "standings" else players_csv(e)
        write_atomic(out, text, keep_backup=False)
    elif a.format == "html":
        from core.formats.site import write_site

        write_site(e, out)
    else:  # text printouts
        from core.formats.exports import printout

        write_atomic(out, printout(e, a.what), keep_backup=False)
    print(f"wrote {out}")
    return 0


def cmd_top(a) -> int:
    from core import top

    ef = EventFile(a.file)
    new = ef.change(lambda ev: top.start_top(ev, seeding=a.seeding, lots=a.lots, games_per_match=a.games,
                                            higher_seed_first=a.higher_seed_first, placings=a.placings),
                    describe("start the top"))
    b = top.bracket(new)
    report = top.aims(new)
    print(f"top of {b.size}: seeds " + ", ".join(f"{i}. {new.player(p).name} ({p})" for i, p in enumerate(b.seeds, 1)))
    for line in report:
        print(line)
    for r in new.rounds_of("top"):
        sys.stdout.write(round_text(new, r))
    return 0


def cmd_bracket(a) -> int:
    import json

    from core import top
    from core.bracket_text import bracket_json, bracket_text

    if a.width < 1:
        raise _err(f"--width {a.width}: at least 1 column")
    e = load(a.file)
    b = top.bracket(e)
    if b is None:
        raise _err("the top has not started (arbiter top FILE starts it)")
    if a.format == "json":
        print(json.dumps(bracket_json(b), ensure_ascii=False))
    else:
        sys.stdout.write(bracket_text(b, {p.id: p.name for p in e.players}, width=a.width, ascii=a.ascii))
        sys.stdout.write(top.placings_text(e, b))
    return 0


def cmd_playoff(a) -> int:
    from core import playoff_event

    players = None
    if a.players is not None:
        bits = [x.strip() for x in a.players.split(",")]
        if not all(x.isascii() and x.isdigit() for x in bits):
            raise _err(f"--players '{a.players}': give player ids separated by commas, e.g. 4,9")
        players = [int(x) for x in bits]
    ef = EventFile(a.file)
    e = ef.load()
    if playoff_event.state(e) is not None and players is not None:
        raise _err("--players: the play-off has already started (arbiter playoff FILE shows it)")
    if playoff_event.state(e) is None:
        e = ef.change(lambda ev: playoff_event.start_playoff(ev, players, knockout_games=a.knockout_games,
                                                             armageddon_only=a.armageddon_only),
                     describe("start the play-off"))
    sys.stdout.write(playoff_event.report(e))
    return 0


def cmd_forbid(a) -> int:
    from core import commands
    from tui.cli_teams import forbid_teams

    if forbid_teams(a):  # a team event: two teams, by name or id
        return 0
    ef = EventFile(a.file)
    if a.club:
        if a.ids:
            raise _err("forbid: give two ids or --club NAME, not both")
        ef.change(lambda ev: commands.forbid_club(ev, a.club, remove=a.remove),
                  describe("allow games within club {club}" if a.remove else "forbid games within club {club}",
                           club=a.club))
        print(f"club {a.club}: members {'may' if a.remove else 'must not'} meet each other")
        return 0
    if len(a.ids) != 2:
        raise _err("forbid: give two player ids (or --club NAME)")
    x, y = a.ids
    ef.change(lambda ev: commands.forbid_pair(ev, x, y, remove=a.remove),
              describe("allow pairing {a} with {b}" if a.remove else "forbid pairing {a} with {b}", a=x, b=y))
    print(f"players {x} and {y} {'may meet again' if a.remove else 'will not be paired together'}")
    return 0


def cmd_display(a) -> int:
    import math

    from tui.display import run

    if not math.isfinite(a.interval):
        raise _err(f"--interval {a.interval}: give a number of seconds")
    return run(a.file, interval=a.interval, serve_web=a.serve, host=a.host, port=a.port)


def add_commands(sub) -> None:
    from tui.cli_teams import id_or_name

    s = sub.add_parser("top", help="qualify, seed and pair the first round of the top")
    s.add_argument("file")
    s.add_argument("--seeding", choices=["straight", "best"], default="straight",
                   help="straight: 704.2 order; best: permuted within place tiers to serve the aims")
    s.add_argument("--lots", action="store_true", help="break a tie at the qualification line by lot")
    s.add_argument("--games", type=int, default=1, help="games per top match (mini-matches)")
    s.add_argument("--higher-seed-first", action="store_true", help="the higher seed moves first (else by lot)")
    s.add_argument("--placings", choices=["shared", "swiss-order"], default="shared",
                   help="losers of one round share their places, or are ordered by the Swiss standings")
    s.set_defaults(func=cmd_top)

    s = sub.add_parser("bracket", help="draw the top's bracket")
    s.add_argument("file")
    s.add_argument("--format", choices=["text", "json"], default="text")
    s.add_argument("--ascii", action="store_true")
    s.add_argument("--width", type=int, default=80)
    s.set_defaults(func=cmd_bracket)

    s = sub.add_parser("playoff", help="start the play-off for first place, or show where it stands")
    s.add_argument("file")
    s.add_argument("--players", help="ids of the tied players in tie-break order (default: tied for first)")
    s.add_argument("--knockout-games", choices=["match", "armageddon"], default="match")
    s.add_argument("--armageddon-only", action="store_true", help="32.5.8: straight to Armageddon")
    s.set_defaults(func=cmd_playoff)

    s = sub.add_parser("forbid", help="players (or club members; in a team event teams) who must not be paired together")
    s.add_argument("file")
    s.add_argument("ids", type=id_or_name, nargs="*", metavar="ID", help="player ids (team event: team names or ids)")
    s.add_argument("--club")
    s.add_argument("--remove", action="store_true")
    s.set_defaults(func=cmd_forbid)

    s = sub.add_parser("display", help="full-screen hall display (read-only)")
    s.add_argument("file")
    s.add_argument("--interval", type=float, default=15.0)
    s.add_argument("--serve", action="store_true", help="serve it to a browser with textual-serve (127.0.0.1)")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    s.set_defaults(func=cmd_display)

    s = sub.add_parser("pair", help="pair the next round")
    s.add_argument("file")
    s.add_argument("--table", type=int)
    s.add_argument("--by-hand", metavar="PAIRS", help='pair by hand: "12-7,3-9,5-0" (5 gets the bye)')
    s.add_argument("--lots", action="store_true", help="round robin: draw the Berger numbers by lot (recorded)")
    s.add_argument("--allow-rematch", metavar="ID,ID", help="let these two players meet again (no legal pairing otherwise)")
    s.set_defaults(func=cmd_pair)

    for name, fn, extra, doc in (
        ("swap", cmd_swap, [("board", int)], "swap the colours of a board"),
        ("exchange", cmd_exchange, [("a", int), ("b", int)], "exchange two players (ids) between boards"),
        ("give-bye", cmd_give_bye, [("id", int)], "give a player the bye by hand"),
        ("unpair", cmd_unpair, [], "take back the last pairing while it has no results"),
    ):
        s = sub.add_parser(name, help=doc)
        s.add_argument("file")
        for arg, typ in extra:
            s.add_argument(arg, type=typ)
        s.add_argument("--round", type=int)
        s.add_argument("--table", type=int)
        s.add_argument("--stage", choices=["swiss", "roundrobin", "top", "playoff"])
        s.set_defaults(func=fn)

    trf = sub.add_parser("trf", help="pair or check TRF files").add_subparsers(
        dest="trf_command", parser_class=sub._parser_class)
    s = trf.add_parser("pair")
    s.add_argument("trf")
    s.add_argument("-o")
    s.set_defaults(func=cmd_trf_pair)
    s = trf.add_parser("check")
    s.add_argument("trf")
    s.set_defaults(func=cmd_trf_check)

    s = sub.add_parser("import-trf", help="make an event from a TRF file")
    s.add_argument("trf")
    s.add_argument("file")
    s.set_defaults(func=cmd_import_trf)

    s = sub.add_parser("export", help="write TRF, CSV, HTML or text printouts")
    s.add_argument("file")
    s.add_argument("--format", choices=["trf", "csv", "html", "text"], required=True)
    s.add_argument("--out", required=True)
    s.add_argument("--table", type=int)
    s.add_argument("--what", default="standings",
                   help="csv: players|standings; text: pairings|names|slips|standings|crosstable|bracket|playoff")
    s.set_defaults(func=cmd_export)

