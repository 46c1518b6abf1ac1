"""The printouts listed once (core/formats/printouts.py, issue 38): the command line's `--what`, the printouts of
`exports.printout` and of a team event are the registry's; what each needs is checked on real events."""

from __future__ import annotations

import pytest

from arbiter_tournament.core.formats import exports, printouts, team_printouts
from arbiter_tournament.core.formats.printouts import Need
from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.tui.cli import table
from tests import day_events


def test_the_command_line_and_the_printouts_read_the_registry():
    assert table.TEXT_WHAT == tuple(p.key for p in printouts.TEXT)
    assert table.CSV_WHAT == ("players", "standings", "final", "prizes", "team_standings", "board_stats")
    assert exports.PRINTOUTS == ("pairings", "names", "slips", "standings", "crosstable", "bracket", "playoff",
                                 "final", "categories", "prizes", "wall", "cards")
    assert team_printouts.TEAM_PRINTOUTS == ("matches", "match_cards", "team_standings", "board_stats")
    export = next(c for c in table.COMMANDS if c.words == ("export",))
    what = next(a for a in export.args if a.name == "--what")
    assert all(k in what.help for k in table.TEXT_WHAT + table.CSV_WHAT)


@pytest.mark.parametrize("p", printouts.TEXT + printouts.CSV, ids=lambda p: p.key)
def test_each_builder_is_a_function_of_its_module(p):
    assert callable(p.function()) and p.title[0] and p.title[1] and p.help[0] and p.help[1]


def test_a_printout_is_the_registrys_builder_on_a_real_event():
    e = pairing.pair_next(day_events.after_rounds(2))
    assert printouts.build(e, "pairings", lang="en") == exports.pairings_text(e, lang="en")
    assert exports.printout(e, "standings", lang="ru", page_lines=30) == exports.standings_printout(e, lang="ru",
                                                                                                   page_lines=30)
    assert printouts.build_csv(e, "players") == exports.players_csv(e)
    with pytest.raises(IllegalChange, match="no printout 'nothing'; choose one of pairings, matches"):
        printouts.build(e, "nothing")


def test_what_each_printout_needs():
    fresh = day_events.seated()  # players seated, no round
    played = pairing.pair_next(day_events.after_rounds(2))
    assert not Need.CURRENT_ROUND.met(fresh) and Need.CURRENT_ROUND.met(played)
    assert not Need.ROUNDS.met(fresh) and Need.ROUNDS.met(played)
    assert not Need.TOP.met(played) and not Need.PLAYOFF.met(played)
    assert Need.CATEGORIES.met(played) == bool(played.categories) and Need.PRIZES.met(played) == bool(played.prizes)
    assert not Need.CODES.met(played) and Need.NOTHING.met(fresh)
    assert printouts.BY_KEY["cards"].need is Need.CODES and printouts.BY_KEY["bracket"].need is Need.TOP
