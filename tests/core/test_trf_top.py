"""TRF of a Swiss-then-top event (docs/exports.md "The top and the play-off").

The main TRF holds the Swiss stage only, the file the engines re-pair and
import-trf reads back; `--what top` writes the knockout top as a tournament
of its own: the seeds as start numbers, one round block per game, agreed
results not rated. Read here by column, with this file's own reader.
"""

from __future__ import annotations

import random

import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.knockout import stage as top
from arbiter_tournament.core.errors import FileProblem
from arbiter_tournament.core.formats.trf import parse_trf, write_trf
from arbiter_tournament.core.formats.trf_event import event_to_trf, trf_to_event
from arbiter_tournament.core.knockout import placings
from arbiter_tournament.core.pairing.rounds import pair_next
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import create
from tests.cli_run import ok, refused
from tests.core.test_trf_roundrobin import columns


def swiss_then_top(games_per_match: int, *, size: int = 4, seed: int = 1):
    rng = random.Random(seed)
    e = commands.new_event("Open", 3, top=size, third_place=True, tiebreaks=("BH", "SB"), lots_seed=seed,
                           initial_colour="w")
    for i in range(1, 11):
        e = commands.add_player(e, f"Player {i}", rating=2200 - 13 * i)
    for k in range(1, 4):
        e = pair_next(e)
        for g in e.find_round("swiss", None, k).games:
            if g.result is None:
                e = commands.record_result(e, "swiss", None, k, g.board, Result.parse(rng.choice(["1-0", "0-1", "1/2"])))
    e = top.start_top(e, games_per_match=games_per_match)
    forms = ["1-0", "0-1a", "1/2", "0-1t", "1-0a", "0-1"]
    i = 0
    while True:
        pending = [(r.number, g.board) for r in e.rounds_of("top") for g in r.games if g.result is None]
        if not pending:
            return e
        e = top.record_top_result(e, *pending[0], Result.parse(forms[i % len(forms)]))
        i += 1


@pytest.mark.parametrize("games", [1, 2])
def test_the_top_is_a_tournament_of_its_own(games):
    e = swiss_then_top(games)
    text = write_trf(event_to_trf(e, what="top"))
    seeds = top.state(e)["seeds"]
    number = {pid: k for k, pid in enumerate(seeds, start=1)}
    got = columns(text)
    assert sorted(got) == list(range(1, len(seeds) + 1))
    assert "\n092 Knockout\n" in text and "\n192 CUSTOM_KNOCKOUT\n" in text
    rounds = e.rounds_of("top")
    assert f"\nXXR {len(rounds) * games}\n" in text
    code = {"1-0": "10", "0-1": "01", "1/2": "==", "0-1t": "01", "1-0a": "WL", "0-1a": "LW"}
    for rnd in rounds:
        for g in rnd.games:
            col = (rnd.number - 1) * games + (g.board - 1) % games
            fb, sb = got[number[g.first]]["blocks"][col], got[number[g.second]]["blocks"][col]
            assert (int(fb[0]), fb[1], int(sb[0]), sb[1]) == (number[g.second], "w", number[g.first], "b")
            assert fb[2] + sb[2] == code[g.result.value]
    places = {p.player: p.place for p in placings(top.bracket(e))}
    for pid, k in number.items():
        assert got[k]["name"] == e.player(pid).name
        assert got[k]["rank"] == str(places[pid])
        pts = {"1": 1, "W": 1, "=": 0.5}
        assert got[k]["points"] == sum(pts.get(b[2], 0) for b in got[k]["blocks"])
    with pytest.raises(FileProblem) as exc:
        trf_to_event(parse_trf(text, "top.trf"), "top.trf")
    line = int(str(exc.value).split(":")[1])
    assert text.splitlines()[line - 1] == "192 CUSTOM_KNOCKOUT"


def test_the_main_trf_holds_the_swiss_stage_only(tmp_path):
    e = swiss_then_top(1)
    create(tmp_path / "open.toml", e)
    ok("export", tmp_path / "open.toml", "--format", "trf", "--out", tmp_path / "swiss.trf")
    ok("export", tmp_path / "open.toml", "--format", "trf", "--what", "top", "--out", tmp_path / "top.trf")
    swiss = (tmp_path / "swiss.trf").read_text(encoding="utf-8")
    assert "\nXXR 3\n" in swiss and "\n192 FIDE_DUTCH_2025\n" in swiss and "\n202 BH,SB\n" in swiss
    assert max(len(p["blocks"]) for p in columns(swiss).values()) == 3
    back = trf_to_event(parse_trf(swiss, "swiss.trf"), "swiss.trf")

    def games(rounds):
        return [(r.stage, r.number, {(g.first, g.second, g.result) for g in r.games}) for r in rounds]

    assert games(back.rounds) == games(r for r in e.rounds if r.stage == "swiss")
    assert (tmp_path / "top.trf").read_text(encoding="utf-8") == write_trf(event_to_trf(e, what="top"))


def test_no_top_yet_is_said_in_one_line(tmp_path):
    e = commands.new_event("Open", 3, top=4)
    e = commands.add_player(e, "Anna")
    create(tmp_path / "open.toml", e)
    assert "the top has not started" in refused("export", tmp_path / "open.toml", "--format", "trf", "--what", "top",
                                                "--out", tmp_path / "top.trf")
    assert not (tmp_path / "top.trf").exists()
    assert "a TRF export is the main stage (the default) or top" in refused(
        "export", tmp_path / "open.toml", "--format", "trf", "--what", "bracket", "--out", tmp_path / "x.trf")
