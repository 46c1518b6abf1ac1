"""Commands as values (core/commands): each says why it does not apply, applies, and says its journal line.

- `why_not(event)` is what `apply(event)` refuses with: checked over every board, round, table and stage of
  events at each point of a day (no players, a round under way, two tables, the Swiss finished, the top, a
  round robin, a play-off, a team event). A command that `why_not` lets through may still be refused for what
  only its work finds (no legal pairing, a tie at the top's line): those refusals are named below.
- `describe(event)` is the journal's line the command line and the TUI wrote before the commands existed,
  word for word (older journals are read with the same templates).
- The runner saves a command in one transaction with its line; a slow one (a pairing) is computed outside the
  lock.
- The shells (tui/) make no journal line and no change of their own: they build commands.
"""

from __future__ import annotations

import ast
import random
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import pytest

from arbiter_tournament.tui.cli.advice import said  # the command line's words of a refusal

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.errors import ArbiterError, NoLegalPairing
from arbiter_tournament.core.event import commands
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.knockout import stage as top
from arbiter_tournament.core.pairing import preview
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.store import EventFile, create, load
from tests import day_events
from tests.conftest import ROOT
from tests.helpers import event_with_players, set_result

RESULTS = (Result.FIRST_WINS, Result.DRAW, Result.DOUBLE_FORFEIT, Result.AGREED_FIRST_WINS, Result.TECHNICAL_DRAW,
           Result.BYE, None)
# refusals that only the work finds (why_not lets the command through): the engine, the top's qualification and
# bracket, the play-off's plan
WORK = {
    "table {table}: players {names} are tied at the qualification line; break the tie (play-off or lots) first",
}


# -- events at each point of a day -----------------------------------------------------------------------------


def _one_table() -> object:
    e = pairing.pair_next(event_with_players(7, rounds=3))
    return set_result(set_result(e, 1, 1, "1-0"), 1, 2, "1/2")  # round 1 under way: boards 3 and 4 to play


def _one_table_complete() -> object:
    e = pairing.pair_next(event_with_players(6, rounds=2))
    for b in (1, 2, 3):
        e = set_result(e, 1, b, "1-0")
    return e


def _two_tables() -> object:
    e = day_events.after_rounds(2)
    e = pairing.pair_next(e, 1)  # table 1 plays round 3, table 2 is ready for it
    rnd = e.rounds_of("swiss", 1)[-1]
    return commands.record_result(e, "swiss", 1, rnd.number, 1, Result.FIRST_WINS)


def _top() -> object:
    rng = random.Random(3)
    e = top.start_top(day_events.after_rounds(5), lots=True)
    for _ in range(5):
        e = day_events.top_result(e, rng)
    return e


def _roundrobin() -> object:
    e = commands.new_event("RR", 1, system="roundrobin", lots_seed=3)
    for i in range(1, 6):
        e = commands.add_player(e, f"Player {i}", rating=2000 - i)
    e = pairing.pair_next(e)
    return commands.record_result(e, "roundrobin", None, 1, 1, Result.DRAW)


def _playoff() -> object:
    e = commands.new_event("P", 1, lots_seed=5)
    for i in range(1, 5):
        e = commands.add_player(e, f"Player {i}", rating=2000)
    e = pairing.pair_next(e)
    for b in (1, 2):
        e = commands.record_result(e, "swiss", None, 1, b, Result.FIRST_WINS)
    e = cmds.StartPlayoff().apply(e)
    return commands.record_result(e, "playoff", None, 1, 1, Result.SECOND_WINS)


def _teams() -> object:
    e = team_event.setup(commands.new_event("Team Cup", 3, lots_seed=11), 2)
    for k, t in enumerate(("Alpha", "Beta", "Gamma")):
        for i in range(3):
            e = commands.add_player(e, f"{t} {i + 1}", rating=2400 - 100 * k - i, team=t)
    return pairing.pair_next(e)


@lru_cache(maxsize=None)
def events() -> dict[str, object]:
    return {
        "empty": commands.new_event("E", 3, tables=2, top=4),
        "one table": _one_table(),
        "one table complete": _one_table_complete(),
        "all rounds": day_events.after_rounds(5),
        "two tables": _two_tables(),
        "top": _top(),
        "round robin": _roundrobin(),
        "play-off": _playoff(),
        "teams": _teams(),
    }


def commands_for(e) -> list[cmds.Command]:
    """Every command a judge could try on `e`: on each board, round, table and stage, and a few that are wrong."""
    out: list[cmds.Command] = []
    for rnd in e.rounds:
        for g in rnd.games + (replace(rnd.games[0], board=999),):
            for res in RESULTS:
                for expected in (cmds.UNSEEN, g.result, Result.SECOND_WINS):
                    out.append(cmds.RecordResult(rnd.stage, rnd.table, rnd.number, g.board, res, expected=expected))
            out.append(cmds.ClearResult(rnd.stage, rnd.table, rnd.number, g.board, expected=g.result))
            out.append(cmds.SetMoves(rnd.stage, rnd.table, rnd.number, g.board, g.result, expected=g.result,
                                     moves=41))
            out.append(cmds.SwapColours(rnd.stage, rnd.table, rnd.number, g.board))
        out.append(cmds.Unpair(rnd.stage, rnd.table, rnd.number))
        for minutes in (44, 45, 60, 70, 71):  # 705.3: 45 to 70 typed
            out.append(cmds.StartClock(rnd.stage, rnd.table, rnd.number, minutes, "2026-05-01T10:00:00+00:00"))
        two = [cmds.RecordResult(rnd.stage, rnd.table, rnd.number, g.board, res) for g in rnd.games[:2] for res in
               RESULTS[:1]]
        out += [cmds.Batch(tuple(two)), cmds.Batch((*two, cmds.Withdraw(999)))]  # all, or refused by the last
        for g in rnd.games[:2]:  # a report accepted: refused over a result, or by players not of the board
            out += [cmds.AcceptReport(rnd.stage, rnd.table, rnd.number, g.board, Result.DRAW, g.players),
                    cmds.AcceptReport(rnd.stage, rnd.table, rnd.number, g.board, Result.DRAW, (999,))]
        both = tuple(cmds.AcceptReport(rnd.stage, rnd.table, rnd.number, g.board, Result.DRAW, g.players)
                     for g in rnd.games[:2])
        out += [cmds.AcceptReports(both), cmds.AcceptReports((*both, both[0]))]  # all, or refused by the last
        ids = [p for g in rnd.games for p in g.players]
        if len(ids) >= 3:
            out.append(cmds.ExchangePlayers(rnd.stage, rnd.table, rnd.number, ids[0], ids[2]))
            out.append(cmds.GiveBye(rnd.stage, rnd.table, rnd.number, ids[1]))
    for t in [None, *e.table_ids(), 7]:
        out += [cmds.PairNext(t), cmds.PairNext(t, lots=True)]
    if team_event.is_team_event(e) and e.rounds:  # a team round changed by hand on its matches
        k = e.rounds[-1].number
        for r in (k, k + 1):
            out += [cmds.SwapMatch(r, 1), cmds.SwapMatch(r, 9), cmds.ExchangeTeams(r, "1", "2"),
                    cmds.ExchangeTeams(r, "1", "3"), cmds.ExchangeTeams(r, "Alpha", "Alpha"),
                    cmds.ExchangeTeams(r, "Alpha", "Omega"), cmds.GiveTeamBye(r, "1"), cmds.GiveTeamBye(r, "3")]
    out += [cmds.PairReadyTables(), cmds.StartTop(), cmds.StartPlayoff(), cmds.StartPlayoff((1,)), cmds.CancelPlayoff(),
            cmds.Withdraw(1), cmds.Withdraw(999), cmds.RequestBye(2, 3, "half"), cmds.ForbidPair(1, 2),
            cmds.GiveCodes(((1, "K7TQ2MXH9R"), (2, "K7TQ2MXH9R"))), cmds.GiveCodes(((999, "K7TQ2MXH9R"),)),
            cmds.GiveCodes(((1, "K7TQ2MXH9R"),), reissue=True), cmds.GiveCodes(((1, "no"),)),
            cmds.AcceptBye(2, 3, "half"), cmds.AcceptWithdrawal(1), cmds.AcceptWithdrawal(999),
            cmds.SetReports("agreed", 1, "zero"), cmds.SetReports("later"), cmds.SetReports(player_byes=1000),
            cmds.ForbidPair(1, 1), cmds.SeatPlayers(everyone=True), cmds.AddPlayer("Late, Lara", rating=1500),
            cmds.SetDetails(start="2026-05-02", end="2026-05-01"), cmds.SetDetails(federation="rus")]
    # the end of the event (core/commands/final.py): on an event without categories and prizes, and with some
    with_end = cmds.AddPrize("1st", Fraction(100)).apply(cmds.AddCategory("U2000", cmds.Conditions(
        rating_below=2000)).apply(e)) if e.players else e
    for ev in {id(e): e, id(with_end): with_end}.values():
        out += [cmds.AddCategory("U1800", cmds.Conditions(rating_below=1800)), cmds.AddCategory("Nobody"),
                cmds.EditCategory("U2000", cmds.Conditions(sex="f")), cmds.RenameCategory("U2000", "Under 2000"),
                cmds.MoveCategory("U2000", 1), cmds.RemoveCategory("U2000"),
                cmds.AddPrize("2nd", Fraction(50), "U2000", position=1), cmds.EditPrize("1st", amount=None),
                cmds.EditPrize("1st", category="U2000", new_name="First"), cmds.RenamePrize("1st", "First"),
                cmds.MovePrize("1st", 1), cmds.RemovePrize("1st"), cmds.SetPrizeSharing("hort"),
                cmds.SetPrizeSharing("halves"), cmds.SetTies("shared"), cmds.SplitPrizes((1, 2)), cmds.UnsplitPrizes(1),
                cmds.DrawLots(), cmds.DrawLots((("1-2", (1, 2)),)), cmds.SetPrizeSharing("winners"),
                cmds.SetPrizeTrophies("lot"), cmds.SetPrizeTrophies("dice")]
    for t in (0, 1, 2, 3):
        out += [cmds.MovePlayer(1, t), cmds.MovePlayer(999, t)]
    return out


@pytest.mark.parametrize("name", ["empty", "one table", "one table complete", "all rounds", "two tables", "top",
                                  "round robin", "play-off", "teams"])
def test_why_not_is_what_apply_refuses(name):
    e = events()[name]
    tried = refused = 0
    for cmd in commands_for(e):
        reason = cmd.why_not(e)
        try:
            new = cmd.apply(e)
        except ArbiterError as exc:
            if reason is None:  # only what the work itself finds
                assert isinstance(exc, NoLegalPairing) or exc.msg.key in WORK, (cmd, str(exc))
            else:
                assert str(exc.msg) == str(reason) and exc.msg.key == reason.key, (cmd, str(exc), str(reason))
                refused += 1
        else:
            assert reason is None, (cmd, str(reason))
            assert new is not None
        tried += 1
    assert tried >= 15 and refused >= 5, (tried, refused)


def test_the_footers_questions_name_the_rule_the_command_line_refuses_with():
    e = events()["one table"]
    assert str(cmds.PairNext().why_not(e)) == "round 1 still misses 1 result: enter it before pairing"
    assert said(cmds.StartTop().why_not(e)) == "the event has no top (set its size: arbiter new ... --top K)"
    bye = next(g for g in e.rounds[0].games if g.second is None)
    assert str(cmds.RecordResult("swiss", None, 1, bye.board, Result.FIRST_WINS).why_not(e)) == (
        f"board {bye.board} is the bye of Player {bye.first:04d} ({bye.first}): it has no game to score")
    assert str(cmds.RecordResult("swiss", None, 1, 3, Result.AGREED_FIRST_WINS).why_not(e)) == (
        "an agreed result (704.4) is for top games only")
    assert str(cmds.ClearResult("swiss", None, 1, 3).why_not(e)) == "board 3 has no result to clear"
    assert str(cmds.why_not_by_hand(e, "swiss", None, 1)) == (
        "round 1 has results: clear them before changing its pairing")
    t = events()["top"]
    rnd = t.rounds_of("top")[-1]
    assert str(cmds.Unpair("top", None, rnd.number).why_not(t)) == (
        "the top pairs its rounds itself: a result cleared takes its next games back")
    two = events()["two tables"]
    assert cmds.PairNext(2).why_not(two) is None and cmds.PairNext(1).why_not(two) is not None
    assert cmds.PairReadyTables().why_not(two) is None
    assert str(cmds.PairReadyTables().why_not(e)) == "this event has one table"
    assert cmds.PairNext().why_not(events()["one table complete"]) is None


# -- the journal's lines -----------------------------------------------------------------------------------------


def test_every_command_says_the_journal_line_the_shells_wrote():
    e = events()["one table"]
    two = events()["two tables"]
    teams = events()["teams"]
    pv = preview.propose(events()["one table complete"])
    lines = [
        (cmds.RecordResult("swiss", None, 3, 12, Result.FIRST_WINS), e, "result swiss round 3 board 12: 1-0"),
        (cmds.RecordResult("swiss", 2, 3, 12, Result.parse("=t")), e, "result swiss round 3 table 2 board 12: =t"),
        (cmds.RecordResult("top", None, 1, 2, Result.parse("1-0a")), e, "result top round 1 board 2: 1-0a"),
        (cmds.ClearResult("swiss", None, 3, 12), e, "result swiss round 3 board 12: cleared"),
        (cmds.ClearResult("swiss", 1, 3, 12), e, "result swiss round 3 table 1 board 12: cleared"),
        (cmds.SetMoves("playoff", None, 1, 1, Result.FIRST_WINS, moves=45), e, "moves playoff round 1 board 1: 45"),
        (cmds.TechnicalDraws("swiss", None, 4, (1, 3)), e, "technical draws (705.3) round 4 boards 1, 3"),
        (cmds.SetClock("swiss", None, 3), e, "round clock swiss round 3"),
        (cmds.SetClock("swiss", 2, 3, deadline="2026-05-01T10:00:00+00:00"), e, "round clock swiss round 3 table 2"),
        (cmds.StartClockEveryTable("swiss", "2026-05-01T10:00:00+00:00", 45), e,
         "round clock swiss: 45 minutes on every table"),
        (cmds.StartClock("swiss", None, 3, 60, "2026-05-01T10:00:00+00:00"), e, "round clock swiss round 3: 60 minutes"),
        (cmds.StartClock("top", 2, 1, 70, "2026-05-01T10:00:00+00:00"), e,
         "round clock top round 1 table 2: 70 minutes"),
        (cmds.PairNext(), e, "pair round 2"),
        (cmds.PairNext(), day_events.after_rounds(2), "pair round 3"),
        (cmds.PairNext(2), two, "pair round 3 of table 2"),
        (cmds.PairNext(allow_rematch=frozenset({frozenset((7, 3))})), e, "pair next round, allowing a rematch of 3,7"),
        (cmds.PairNext(2, allow_rematch=frozenset({frozenset((7, 3))})), two,
         "pair next round of table 2, allowing a rematch of 3,7"),
        (cmds.PairNext(), teams, "pair next round"),
        (cmds.PairNext(allow_rematch=frozenset({frozenset((3, 1))})), teams,
         "pair next round, allowing a rematch of 'Alpha','Gamma'"),
        (cmds.PairNext(fewest_rematches=True), e, "pair next round with the fewest rematches"),
        (cmds.PairNext(2, fewest_rematches=True), two, "pair next round of table 2 with the fewest rematches"),
        (cmds.PairTeamsByHand((("1", "Gamma"), ("Beta", None))), teams,
         "pair round 2 by hand: 'Alpha'-'Gamma', 'Beta'-bye"),
        (cmds.PairReadyTables(), two, "pair round 3 of table 2"),
        (cmds.SavePairing(pv), e, "pair round 2"),
        (cmds.SavePairing(preview.swap(pv, 1)), e, "pair round 2 (by hand: swap colours on board 1)"),
        (cmds.PairByHand("swiss", None, 2, ((1, 2), (3, None))), e, "pair round 2 by hand"),
        (cmds.SwapColours("swiss", None, 2, 4), e, "swap colours on board 4"),
        (cmds.ExchangePlayers("swiss", None, 2, 3, 7), e, "exchange players 3 and 7"),
        (cmds.GiveBye("swiss", None, 2, 9), e, "bye by hand for player 9"),
        (cmds.Unpair("swiss", None, 3), e, "take back the pairing of round 3"),
        (cmds.StartTop(lots=True), e, "start the top"),
        (cmds.StartPlayoff(), e, "start the play-off"),
        (cmds.CancelPlayoff(), e, "take back the play-off"),
        (cmds.AddPlayer("Ivanov, Ivan", rating=2105), e, "add player Ivanov, Ivan"),
        (cmds.EditPlayer(3, name="X"), e, "edit player 3"),
        (cmds.Withdraw(3), e, "withdraw player 3"),
        (cmds.RequestBye(5, 3, "half"), e, "half bye for player 5 in round 3"),
        (cmds.RequestBye(5, 3, "none"), e, "none bye for player 5 in round 3"),
        (cmds.GiveCodes(((5, "K7TQ2MXH9R"), (6, "K7TQ2MXH9A"))), e, "codes for 2 players"),
        (cmds.GiveCodes(((5, "K7TQ2MXH9R"),), reissue=True), e, "new code for player 5"),
        (cmds.AcceptReport("swiss", None, 3, 12, Result.FIRST_WINS, (23, 41)), e,
         "result swiss round 3 board 12: 1-0, reported by 23, 41"),
        (cmds.AcceptReport("swiss", 2, 3, 12, Result.DRAW, (23,)), two,
         "result swiss round 3 table 2 board 12: 1/2, reported by 23"),
        (cmds.AcceptReports((cmds.AcceptReport("swiss", None, 3, 12, Result.FIRST_WINS, (23, 41)),
                             cmds.AcceptReport("swiss", None, 3, 14, Result.DRAW, (5, 6)))), e,
         "at once: result swiss round 3 board 12: 1-0, reported by 23, 41; result swiss round 3 board 14: 1/2, "
         "reported by 5, 6"),
        (cmds.AcceptReports((cmds.AcceptReport("swiss", None, 3, 12, Result.FIRST_WINS, (23, 41)),)), e,
         "result swiss round 3 board 12: 1-0, reported by 23, 41"),
        (cmds.AcceptBye(5, 4, "zero"), e, "zero bye for player 5 in round 4, asked by the player"),
        (cmds.AcceptWithdrawal(5), e, "withdraw player 5, asked by the player"),
        (cmds.SetReports("agreed", 1), e, "players' reports: agreed; byes asked from the phone: 1 half"),
        (cmds.ImportPlayers(({"name": "A"}, {"name": "B"}), "/tmp/x/entries.csv"), e, "import 2 players from entries.csv"),
        (cmds.UpdateRatings(((3, 2200), (5, 1900)), "players_list_foa", force=True), e,
         "update ratings from players_list_foa: 2 changed"),
        (cmds.SeatPlayers("rating"), e, "seat players at tables by rating"),
        (cmds.SeatPlayers("lots", everyone=True), e, "seat players at tables by lot"),
        (cmds.MovePlayer(7, 2), two, "move player 7 to table 2"),
        (cmds.ForbidPair(3, 7), e, "forbid pairing 3 with 7"),
        (cmds.ForbidPair(3, 7, remove=True), e, "allow pairing 3 with 7"),
        (cmds.ForbidClub("Dynamo"), e, "forbid games within club Dynamo"),
        (cmds.ForbidClub("Dynamo", remove=True), e, "allow games within club Dynamo"),
        (cmds.ForbidTeams("1", "Gamma"), teams, "forbid teams Alpha and Gamma to meet"),
        (cmds.ForbidTeams("Alpha", "3", remove=True), teams, "allow teams Alpha and Gamma to meet"),
        (cmds.SetRoster("Alpha", (1, 2, 3)), teams, "roster of team Alpha"),
        (cmds.SetLineup("Alpha", 2, (1, 2)), teams, "line-up of team Alpha for round 2"),
        (cmds.SetLineup("Alpha", 2, None), teams, "clear the line-up of team Alpha for round 2"),
        (cmds.SetTeamOrder(("Beta", "Alpha", "Gamma")), teams, "fix the team numbers"),
        (cmds.SwapMatch(1, 1), teams, "swap the order of match 1"),
        (cmds.ExchangeTeams(1, "1", "Gamma"), teams, "exchange teams Alpha and Gamma"),
        (cmds.GiveTeamBye(1, "2"), teams, "bye by hand for team Beta"),
        (cmds.SetDetails(city="Kazan", round_dates=("2026-05-01",)), e, "set the event's details"),
        (cmds.AddCategory("U2000", cmds.Conditions(rating_below=2000)), e, "add category U2000"),
        (cmds.EditCategory("U2000", cmds.Conditions(sex="f")), e, "edit category U2000"),
        (cmds.EditCategory("U2000", cmds.Conditions(sex="f"), new_name="Girls"), e, "rename category U2000 to Girls"),
        (cmds.RenameCategory("U2000", "Girls"), e, "rename category U2000 to Girls"),
        (cmds.MoveCategory("U2000", 2), e, "move category U2000 to position 2"),
        (cmds.RemoveCategory("U2000"), e, "remove category U2000"),
        (cmds.AddPrize("1st", Fraction(1000)), e, "add prize 1st"),
        (cmds.EditPrize("1st", amount=None), e, "edit prize 1st"),
        (cmds.EditPrize("1st", new_name="First"), e, "rename prize 1st to First"),
        (cmds.RenamePrize("1st", "First"), e, "rename prize 1st to First"),
        (cmds.MovePrize("1st", 3), e, "move prize 1st to position 3"),
        (cmds.RemovePrize("1st"), e, "remove prize 1st"),
        (cmds.SetPrizeSharing("hort"), e, "prize sharing: hort"),
        (cmds.SetTies("lots"), e, "ties after every tie-break: by lot"),
        (cmds.SetPrizeSharing("winners"), e, "prize sharing: winners"),
        (cmds.SetPrizeTrophies("lot"), e, "trophies at a shared place: by lot"),
        (cmds.SetPrizeTrophies("order"), e, "trophies at a shared place: by the Swiss order"),
        (cmds.SplitPrizes((4, 9), (3, 2)), e, "prize split (704.4) of players 4, 9: parts 3:2"),
        (cmds.UnsplitPrizes(9), e, "take back the prize split of player 9"),
        (cmds.DrawLots((("10-11", (8, 10)),)), e, "draw lots for the final ranking: 10-11: 8, 10"),
        (cmds.Batch((cmds.RecordResult("swiss", None, 3, 12, Result.FIRST_WINS), cmds.RequestBye(5, 4, "half"))), e,
         "at once: result swiss round 3 board 12: 1-0; half bye for player 5 in round 4"),
    ]
    for cmd, event, line in lines:
        said = cmd.describe(event)
        assert str(said) == line, (cmd, str(said))
        assert said.text("ru") != line, line  # a template of the catalog, said in Russian too


def test_every_command_of_the_package_is_tried_here():
    """The lists above name every command class the package exports."""
    text = Path(__file__).read_text(encoding="utf-8")
    for name in cmds.__all__:
        obj = getattr(cmds, name)
        if isinstance(obj, type) and issubclass(obj, cmds.Command) and obj not in (cmds.Command, cmds.SlowCommand):
            assert f"cmds.{name}(" in text, name


# -- the runner --------------------------------------------------------------------------------------------------


def test_the_runner_saves_one_change_with_its_line_and_refuses_with_why_not(tmp_path):
    path = tmp_path / "e.toml"
    create(path, events()["one table"])
    new = cmds.run(EventFile(path), cmds.RecordResult("swiss", None, 1, 3, Result.DRAW, by="anna@hall"))
    assert new == load(path) and load(path).find_round("swiss", None, 1).game(3).result is Result.DRAW
    assert [x.what for x in EventFile(path).history()] == ["result swiss round 1 board 3: 1/2"]
    before = path.read_bytes()
    over = cmds.RecordResult("swiss", None, 1, 1, Result.SECOND_WINS)  # over another judge's 1-0, not forced
    with pytest.raises(ArbiterError) as refused:
        cmds.run(EventFile(path), over)
    assert said(refused.value) == said(over.why_not(load(path))) == (
        "board 1 of round 1 already has 1-0 by t; use --force to replace it")
    assert path.read_bytes() == before and len(EventFile(path).history()) == 1


def test_a_slow_command_is_computed_outside_the_lock_then_committed(tmp_path):
    path = tmp_path / "e.toml"
    create(path, events()["one table complete"])
    seen = []

    def progress() -> None:
        if not seen:  # while the engine works, another judge saves a change the pairing does not depend on
            seen.append(1)
            EventFile(path).change(lambda ev: replace(ev, name="Renamed"), "rename")

    new = cmds.run(EventFile(path), cmds.PairNext(), progress=progress)
    assert seen and new.name == "Renamed" and len(new.rounds) == 2
    assert [x.what for x in EventFile(path).history()] == ["rename", "pair round 2"]


# -- the shells build commands ----------------------------------------------------------------------------------


def test_the_shells_make_no_journal_line_and_no_change_of_their_own():
    """tui/ (the TUI and the command line) never words a journal line nor changes an event but by a command:
    no `describe(...)` or `*_what(...)` of core/msg/journal.py, no `EventFile.change` of its own."""
    bad = []
    for path in sorted((Path(ROOT) / "tui").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(ROOT)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("msg.journal"):
                bad += [f"{where}:{node.lineno} imports {a.name}" for a in node.names
                        if a.name == "describe" or a.name.endswith("_what")]
            if path.name == "interrupt.py":  # (its GuardedFile wraps the store's own change for the runner)
                continue
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in ("change", "change_slow") \
                    and not (isinstance(node.func.value, ast.Name) and node.func.value.id == "self"):
                bad.append(f"{where}:{node.lineno} calls {ast.unparse(node.func)}")
    assert not bad, "\n".join(bad)


def test_typed_minutes_start_the_clock_within_the_rule():
    """705.3: 45 minutes for a Swiss round up to 70 for a top game; the judge types any minutes in between."""
    e = events()["one table"]
    rnd = e.rounds[-1]
    new = cmds.StartClock("swiss", None, rnd.number, 60, "2026-05-01T10:00:00+00:00").apply(e)
    assert new.find_round("swiss", None, rnd.number).clock_deadline == "2026-05-01T11:00:00+00:00"
    new = cmds.StartClock("swiss", None, rnd.number, 45, "2026-05-01T13:00:00+03:00").apply(e)
    assert new.find_round("swiss", None, rnd.number).clock_deadline == "2026-05-01T10:45:00+00:00"
    why = cmds.StartClock("swiss", None, rnd.number, 90, "2026-05-01T10:00:00+00:00").why_not(e)
    assert str(why) == "the round's time is 45 to 70 minutes (705.3), not 90"
    assert why.text("ru") == "время тура — от 45 до 70 минут (705.3), а не 90"
    assert cmds.StartClock("swiss", None, rnd.number, 44, "2026-05-01T10:00:00+00:00").why_not(e) is not None
    assert cmds.StartClock("swiss", None, rnd.number, 70, "2026-05-01T10:00:00+00:00").why_not(e) is None
