"""Refusals carry their advice as data (issue 38): core's message says what is wrong, its `Advice` what to do (an
action and its parameters); the command line says it as its option or command (tui/cli/advice.py), the TUI as
its keys (tui/advice.py), in both languages, never naming a command-line option."""

from __future__ import annotations

import re

import pytest

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core.errors import ADVICE, Advice, ArbiterError
from arbiter_tournament.core.event import commands
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.formats.output import check_not_event
from arbiter_tournament.core.formats.trf_event import event_to_trf
from arbiter_tournament.core.pairing.rounds import pair_next
from arbiter_tournament.core.ratings.index import Index
from arbiter_tournament.tui.advice import message as tui_message
from arbiter_tournament.tui.cli.advice import SAY, said
from arbiter_tournament.tui.words_advice import ADVICE_WORDS
from arbiter_tournament.core.teams import pairing as team_pairing
from tests.core.test_fewest_rematches import team_triangles
from tests.core.test_team_event import team_event_of
from tests.helpers import event_with_players, with_round

OPTION = re.compile(r"(?<![\w-])--[a-z]")  # a command-line option


def _refused(fn):
    try:
        got = fn()
    except ArbiterError as exc:
        return exc
    assert got is not None, "not refused"
    return got  # a command's why_not: its Msg, with the advice


def _played(n=2, rounds=3, result="1-0"):
    return with_round(event_with_players(n, rounds=rounds), 1, [(1, 2)], [result])


REFUSALS = {
    "no top": (lambda: cmds.StartTop().why_not(_played()), "set_top_size", "the event has no top"),
    "no play-off": (lambda: __import__("arbiter_tournament.core.playoff.stage", fromlist=["x"]).progress(_played()),
                    "start_playoff", "no play-off has started"),
    "which table": (lambda: commands.add_player(event_with_players(4, tables=2), "Zoe"), "choose_table",
                    "the event has 2 tables"),
    "ratings after round 1": (lambda: commands.update_ratings(_played(), {1: 2000}), "force",
                              "round 1 has been paired: ratings are updated before it"),
    "a result over another": (lambda: commands.record_result(_played(), "swiss", None, 1, 1, Result.SECOND_WINS),
                              "force", "board 1 of round 1 already has 1-0"),
    "changed since read": (lambda: commands.record_result(_played(), "swiss", None, 1, 1, Result.SECOND_WINS,
                                                          expected=None), "force", "board 1 changed since you read it"),
    "no boards": (lambda: __import__("arbiter_tournament.core.teams.section", fromlist=["x"]).setup(
        event_with_players(0), 0), "set_boards", "a team event needs at least 1 board per match"),
    "match points": (lambda: __import__("arbiter_tournament.core.teams.section", fromlist=["x"]).setup(
        event_with_players(0), 2, match_points=(1, 2, 0)), "set_match_points", "match points must be win > draw"),
    "one team": (lambda: team_pairing.pair_next(team_event_of(["Ants"], 2)), "add_team_players",
                 "a team event needs at least two teams (1 so far)"),
    "a round robin by hand": (lambda: team_pairing.pair_teams_by_hand(
        team_event_of(["Ants", "Bees", "Cats", "Dogs"], 2, system="roundrobin"), [("Ants", "Bees"), ("Cats", "Dogs")]),
        "pair_next", "a round robin follows its Berger table"),
    "no legal pairing": (lambda: pair_next(_played()), "fewest_rematches", "no legal pairing for round 2"),
    "no legal pairing of teams": (lambda: pair_next(team_triangles()), "fewest_rematches",
                                  "no legal pairing for round 4 of the teams"),
    "the TRF of one table": (lambda: event_to_trf(with_round(event_with_players(4, tables=2), 1, [(1, 3)], table=1)),
                             "choose_table", "the event has 2 tables"),
}


def _refusal(name, tmp_path):
    if name == "an output over the event":
        ev = tmp_path / "cup.toml"
        ev.write_text("")
        return _refused(lambda: check_not_event(ev.with_name("cup.toml.journal"), ev)), "other_output", \
            "is the event's own file"
    if name == "a file in an encoding not told":
        from arbiter_tournament.core.formats.csvio import decode

        data = "name,club\nИванов Пётр,Сокол\nСидорова Анна,Звезда\n".encode("cp866")
        return _refused(lambda: decode(data, "reg.csv")), "name_encoding", "its letters do not say which encoding"
    if name == "a file read in an encoding told":  # a warning (a Msg), with its advice too
        from arbiter_tournament.core.formats.csvio import read_players_file

        path = tmp_path / "reg.csv"
        path.write_bytes("name,club\nÅsa Öberg,Malmö\nJosé Núñez,Cádiz\n".encode("cp1252"))
        return read_players_file(path).warnings()[0], "name_encoding", "read as Windows-1252"
    if name == "a damaged rating index":
        bad = tmp_path / "ratings.sqlite"
        bad.write_bytes(b"not a database at all" * 100)
        return _refused(lambda: Index(bad).find("olga")), "import_ratings", "the rating index is damaged"
    if name == "no rating list":
        return _refused(lambda: Index(tmp_path / "none.sqlite").find("olga")), "import_ratings", \
            "no rating list imported yet"
    fn, action, text = REFUSALS[name]
    return _refused(fn), action, text


@pytest.mark.parametrize("name", [*REFUSALS, "an output over the event", "no rating list", "a file in an encoding not told", "a damaged rating index",
                                  "a file read in an encoding told"])
def test_each_refusal_names_the_option_on_the_command_line_and_never_in_the_tui(name, tmp_path):
    exc, action, text = _refusal(name, tmp_path)
    assert action in [a.action for a in exc.advice]
    core = str(exc)
    assert text in core and not OPTION.search(core) and "arbiter pair" not in core  # core's words: no shell's
    cli = said(exc)
    assert cli.startswith(core) and len(cli) > len(core) and (OPTION.search(cli) or "arbiter " in cli)
    for lang in ("en", "ru"):
        tui = tui_message(exc, lang)
        assert not OPTION.search(tui), tui
        assert "arbiter pair" not in tui and "arbiter new" not in tui and "arbiter playoff" not in tui


def test_the_command_lines_words_are_as_before():
    """The contract's English (docs/cli.md): the advice said where the message said it."""
    no_top = _refused(lambda: cmds.StartTop().why_not(_played()))
    assert said(no_top) == "the event has no top (set its size: arbiter new ... --top K)"
    table = _refused(REFUSALS["which table"][0])
    assert said(table) == "the event has 2 tables: say which (--table 1..2)"
    text = said(_refused(REFUSALS["no legal pairing"][0]))
    assert text.endswith(". Options: pair with the fewest rematches (arbiter pair FILE --fewest-rematches; in the "
                         "TUI, p offers it), pair by hand (arbiter pair FILE --by-hand \"ID-ID,...\"), or allow a "
                         "rematch for named players (arbiter pair FILE --allow-rematch ID,ID), or withdraw or give "
                         "a bye to a player")


def test_the_tui_says_its_keys_in_both_languages():
    exc = _refused(REFUSALS["no legal pairing"][0])
    assert tui_message(exc, "en").endswith(". Options: pair with the fewest rematches (p, then p), change the pairing "
                                           "by hand (the preview of p), or allow a rematch for named players, or "
                                           "withdraw or give a bye to a player (P: w, y)")
    assert tui_message(exc, "ru").endswith("или снять участника или дать ему пропуск (P: w, y)")
    top = _refused(REFUSALS["no top"][0])
    assert tui_message(top, "ru") == "в турнире нет топа (его размер задаётся при создании турнира)"
    forced = _refused(REFUSALS["a result over another"][0])
    assert tui_message(forced, "en") == str(forced)  # the TUI asks before it forces: nothing to add


def test_every_action_has_words_in_each_shell():
    for action in ADVICE:
        assert action in SAY
        assert action in ADVICE_WORDS or any(k.startswith(action + ":") for k in ADVICE_WORDS)
    assert {k.split(":")[0] for k in ADVICE_WORDS} - {"options", "or"} <= set(ADVICE)
    with pytest.raises(ValueError):
        Advice.of("no such action")
