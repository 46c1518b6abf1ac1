"""The knockout top and the play-off: top, bracket, playoff."""

from __future__ import annotations

import argparse
import sys

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core.formats.text import round_text
from arbiter_tournament.core.store import EventFile, load

from .common import ids, print_json, typed_as
from .interrupt import run
from .usage import UsageError
from arbiter_tournament.core.event.systems import Stage


def cmd_top(a: argparse.Namespace) -> int:
    from arbiter_tournament.core.knockout import stage as top

    from arbiter_tournament.core.msg.cells import clean

    ef = EventFile(a.file)
    new = run(ef, cmds.StartTop(seeding=a.seeding, lots=a.lots, games_per_match=a.games,
                                higher_seed_first=a.higher_seed_first, placings=a.placings))
    b = top.bracket(new)
    assert b is not None  # the top has just started
    for line in top.left_out_lines(new, b.size):  # (the Swiss standings the top was qualified from)
        print(clean(line))
    print(f"top of {b.size}: seeds " + ", ".join(f"{i}. {new.player(p).name} ({p})" for i, p in enumerate(b.seeds, 1)))
    for line in top.aims(new):
        print(line)
    for r in new.rounds_of(Stage.TOP):
        sys.stdout.write(round_text(new, r))
    return 0


def cmd_bracket(a: argparse.Namespace) -> int:
    from arbiter_tournament.core.knockout import stage as top
    from arbiter_tournament.core.knockout.bracket_text import bracket_json, bracket_text

    e = load(a.file)
    b = top.bracket(e)
    if b is None:
        raise UsageError("the top has not started (arbiter top FILE starts it)")
    if a.format == "json":
        print_json(bracket_json(b))
    else:
        sys.stdout.write(bracket_text(b, {p.id: p.name for p in e.players}, width=a.width, ascii=a.ascii))
        sys.stdout.write(top.placings_text(e, b))
    return 0


def cmd_playoff(a: argparse.Namespace) -> int:
    from arbiter_tournament.core.playoff import stage as playoff_event

    players = None
    if a.players is not None:
        players = ids(a.players, typed_as("--players", a.players), "4,9")
        if not players:
            raise UsageError(f"--players '{a.players}': give player ids separated by commas, e.g. 4,9")
    ef = EventFile(a.file)
    if a.cancel:
        if players is not None or a.armageddon_only or a.knockout_games != "match":
            raise UsageError("--cancel takes the play-off back: it takes no other option")
        run(ef, cmds.CancelPlayoff())
        print("play-off taken back")
        return 0
    e = ef.load()
    if playoff_event.state(e) is not None and players is not None:
        raise UsageError("--players: the play-off has already started (arbiter playoff FILE shows it)")
    if playoff_event.state(e) is None:
        e = run(ef, cmds.StartPlayoff(None if players is None else tuple(players), knockout_games=a.knockout_games,
                                      armageddon_only=a.armageddon_only))
    sys.stdout.write(playoff_event.report(e))
    if playoff_event.void_reason(e) is not None:  # (the report says why)
        print("arbiter playoff FILE --cancel takes it back")
    return 0
