"""TRF of round robins and double round robins (docs/exports.md "TRF of a round robin").

Checked from outside the writer: the 001 lines are read here by their fixed
columns (spec/trf.md section 1) with a reader of this file's own, and
compared with the event's games; a small round robin's lines are typed out
by hand; the file read back by arbiter's reader gives the same standings and
tie-break values as the event (withdrawals and the bye of an odd field
included); bad files are refused at their line.
"""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.errors import FileProblem
from arbiter_tournament.core.formats.trf import parse_trf, write_trf
from arbiter_tournament.core.formats.trf_event import event_to_trf, trf_to_event
from arbiter_tournament.core.formats.trf_roundrobin import berger_order
from arbiter_tournament.core.event.model import Game, Round
from arbiter_tournament.core.pairing.rounds import pair_next
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.roundrobin.berger import schedule
from arbiter_tournament.core.tiebreaks.standings import standings
from arbiter_tournament.core.store import create, load
from tests.cli_run import ok, refused

CODES = ("SB", "KS", "WIN", "BH", "DE", "PS", "BH-C1", "ARO")
RESULTS = ["1-0", "0-1", "1/2", "1-0", "0-1", "1/2", "+-", "-+", "1-0t", "=t"]


def rr_event(n: int, *, double: bool = False, seed: int = 1, withdraw: tuple[int, int] | None = None,
             rounds: int | None = None, lots: bool = False, codes=CODES, results=RESULTS):
    """A round robin of n players played round by round with results drawn from `seed`;
    `withdraw=(player, round)`: the player withdraws before that round is paired."""
    rng = random.Random(seed)
    e = commands.new_event("Club RR", 1, system="double-roundrobin" if double else "roundrobin", tiebreaks=codes,
                           lots_seed=seed)
    for i in range(1, n + 1):
        e = commands.add_player(e, f"Player {i}", rating=2300 - 7 * i, federation="ITA")
    k = 0
    total = len(schedule(list(range(n)), double=double))
    while k < (total if rounds is None else rounds):
        if withdraw and withdraw[1] == k + 1:
            e = commands.withdraw(e, withdraw[0], k + 1)
        e = pair_next(e, lots=lots and k == 0)
        k += 1
        for g in e.find_round("roundrobin", None, k).games:
            if g.result is None:
                e = commands.record_result(e, "roundrobin", None, k, g.board, Result.parse(rng.choice(results)))
    if withdraw and withdraw[1] == k + 1:
        e = commands.withdraw(e, withdraw[0], k + 1)
    return e


def roundtrip(e):
    text = write_trf(event_to_trf(e))
    return text, trf_to_event(parse_trf(text, "rr.trf"), "rr.trf")


PLAIN = {Result.TECHNICAL_FIRST_WINS: Result.FIRST_WINS, Result.TECHNICAL_SECOND_WINS: Result.SECOND_WINS,
         Result.TECHNICAL_DRAW: Result.DRAW}


def as_played(e):
    """The rounds with technical results (705.3) as the played results they are: a TRF has no code for them."""
    return tuple(Round(r.stage, r.number, tuple(Game(g.board, g.first, g.second, PLAIN.get(g.result, g.result))
                                                for g in r.games), r.table) for r in e.rounds)


def table(e, by_name=False, lots_seed=None):
    """The standings as rows (id or name, rank, points, tie-breaks). Players still tied after every
    tie-break are ordered by lot from the event's seed, which no TRF holds: give the other event's."""
    from dataclasses import replace

    if lots_seed is not None:
        e = replace(e, lots_seed=lots_seed)
    key = (lambda r: r.name) if by_name else (lambda r: r.id)
    return [(key(r), r.rank, r.points, r.tiebreaks) for r in standings(e)]


# -- an independent reader of the fixed columns (spec/trf.md section 1) ------------------------------


def columns(text: str) -> dict[int, dict]:
    """Every 001 line by its columns (1-based as in trf.md), checking the blank separators."""
    out = {}
    for line in text.splitlines():
        if not line.startswith("001"):
            continue
        assert len(line) >= 84, line
        for col in (4, 9, 14, 48, 53, 57, 69, 80, 85):
            assert col > len(line) or line[col - 1] == " ", (col, line)
        blocks = []
        start = 92
        while start <= len(line):
            assert line[start - 3:start - 1] == "  ", (start, line)  # the two columns before a block
            b = line[start - 1:start + 7].ljust(8)
            assert b[4] == " " and b[6] == " ", (start, line)
            blocks.append((b[0:4], b[5], b[7]))
            start += 10
        out[int(line[4:8])] = {"name": line[14:47].rstrip(), "rating": line[48:52].strip(),
                               "fed": line[53:56].strip(), "points": F(line[80:84].strip()),
                               "rank": line[85:89].strip(), "blocks": blocks}
    return out


POINTS = {"1": F(1), "=": F(1, 2), "0": F(0), "+": F(1), "-": F(0), "Z": F(0), "H": F(1, 2), "F": F(1)}


def test_001_lines_by_column_hold_every_game_as_played():
    e = rr_event(9, seed=3)
    text, _ = roundtrip(e)
    got = columns(text)
    number = {pid: k for k, pid in enumerate(berger_order(e), start=1)}
    assert sorted(got) == list(range(1, 10))
    ranks = {r.id: r.rank for r in standings(e)}
    for pid, k in number.items():
        p = e.player(pid)
        assert (got[k]["name"], got[k]["rating"], got[k]["fed"]) == (p.name, str(p.rating), "ITA")
        assert got[k]["points"] == sum(POINTS[c] for _o, _c, c in got[k]["blocks"])
        assert got[k]["rank"] == str(ranks[pid])
    byes = 0
    for rnd in e.rounds_of("roundrobin"):
        seen = set()
        for g in rnd.games:
            first, second = number[g.first], number[g.second]
            fb, sb = got[first]["blocks"][rnd.number - 1], got[second]["blocks"][rnd.number - 1]
            assert (int(fb[0]), fb[1], int(sb[0]), sb[1]) == (second, "w", first, "b")
            code = {"1-0": "10", "0-1": "01", "1/2": "==", "+-": "+-", "-+": "-+", "1-0t": "10", "=t": "=="}
            assert fb[2] + sb[2] == code[g.result.value]
            seen |= {first, second}
        (bye,) = set(range(1, 10)) - seen  # nine players: one sits out every round
        assert got[bye]["blocks"][rnd.number - 1] == ("0000", "-", "Z")
        byes += 1
    assert byes == 9
    assert "\n092 Round robin\n" in text and "\n192 FIDE_ROUNDROBIN\n" in text and "\nXXR 9\n" in text
    assert "\n202 SB,KS,WIN,BH,DE,PS,BH/C1,ARO\n" in text


def test_a_three_player_round_robin_typed_by_hand():
    e = commands.new_event("Tiny", 1, system="roundrobin", tiebreaks=("SB",))
    for name, rating in (("Anna", 2200), ("Boris", 2100), ("Clara", 2000)):
        e = commands.add_player(e, name, rating=rating)
    plays = {1: "1-0", 2: "1-0", 3: "0-1"}  # Berger table of 4, seat 4 the bye: 2-3, 1-2, 3-1
    for k in (1, 2, 3):
        e = pair_next(e)
        e = commands.record_result(e, "roundrobin", None, k, 1, Result.parse(plays[k]))

    def line(no, name, rating, points, rank, blocks):
        s = list("001".ljust(89))  # through the rank (86-89); round 1 starts at column 92
        for col, text in ((5, f"{no:>4}"), (15, name), (49, str(rating)), (81, points), (86, f"{rank:>4}")):
            s[col - 1:col - 1 + len(text)] = text
        return ("".join(s) + "".join(f"  {b}" for b in blocks)).rstrip()

    want = [
        line(1, "Anna", 2200, " 2.0", 1, ["0000 - Z", "   2 w 1", "   3 b 1"]),
        line(2, "Boris", 2100, " 1.0", 2, ["   3 w 1", "   1 b 0", "0000 - Z"]),
        line(3, "Clara", 2000, " 0.0", 3, ["   2 b 0", "0000 - Z", "   1 w 0"]),
    ]
    text = write_trf(event_to_trf(e))
    assert [ln for ln in text.splitlines() if ln.startswith("001")] == want
    assert text.splitlines()[:4] == ["012 Tiny", "062 3", "072 3", "092 Round robin"]


@pytest.mark.parametrize("n, double, seed", [(10, False, 1), (9, False, 2), (7, True, 3), (6, True, 4), (3, True, 5)])
def test_read_back_gives_the_same_event_and_standings(n, double, seed):
    e = rr_event(n, double=double, seed=seed)
    _text, back = roundtrip(e)
    assert back.system == e.system and back.rounds_planned == e.rounds_planned
    assert back.players == e.players and back.rounds == as_played(e)
    assert back.stage_state("roundrobin") == e.stage_state("roundrobin")
    assert table(back, lots_seed=e.lots_seed) == table(e)


@pytest.mark.parametrize("who, when, annulled", [(3, 4, True), (2, 9, False), (5, 8, False)])
def test_double_round_robin_with_an_odd_field_and_a_withdrawal(who, when, annulled):
    # 7 players, 14 rounds, every game played until the withdrawal: withdrawing before round 4 leaves
    # 2 or 3 of 12 games played (annulled, docs/roundrobin.md); before round 9 or 8, at least 6 of 12
    # (the results count, the rest are forfeits)
    e = rr_event(7, double=True, seed=when, withdraw=(who, when), results=["1-0", "0-1", "1/2"])
    rows = {r.id: r for r in standings(e)}
    assert (rows[who].points == 0) == annulled
    text, back = roundtrip(e)
    assert "\nXXZ " in text
    assert back.player(who).withdrawn_from == when and back.players == e.players
    assert table(back, lots_seed=e.lots_seed) == table(e)
    assert back.rounds == as_played(e)
    # his games from the withdrawal on are forfeits on both lines
    number = {pid: k for k, pid in enumerate(berger_order(e), start=1)}
    blocks = columns(text)[number[who]]["blocks"]
    assert all(b[2] in "-Z" for b in blocks[when - 1:])


def test_a_line_ending_in_forfeits_is_no_withdrawal_without_xxz():
    e = rr_event(6, seed=5, rounds=5)  # player 2 lost rounds 4 and 5 by forfeit, having played 2 games
    text, back = roundtrip(e)
    assert "\nXXZ" not in text and back.player(2).withdrawn_from is None
    assert table(back, lots_seed=e.lots_seed) == table(e)


def test_withdrawal_while_rounds_remain_is_the_next_rounds_block():
    e = rr_event(6, seed=7, rounds=3, withdraw=(4, 4))  # after round 3 of 5, withdrawn from round 4
    text, back = roundtrip(e)
    number = {pid: k for k, pid in enumerate(berger_order(e), start=1)}
    assert columns(text)[number[4]]["blocks"][3] == ("0000", "-", "Z")
    assert back.player(4).withdrawn_from == 4
    assert table(back, lots_seed=e.lots_seed) == table(e)
    assert pair_next(back).rounds[-1] == pair_next(e).rounds[-1]  # round 4 is paired alike: his game a forfeit


def test_berger_numbers_drawn_by_lot_become_the_ids():
    e = rr_event(8, seed=11, lots=True)
    order = berger_order(e)
    assert list(order) != sorted(order)
    text, back = roundtrip(e)
    assert [p.name for p in sorted(back.players, key=lambda p: p.id)] == [e.player(pid).name for pid in order]
    assert table(back, by_name=True, lots_seed=e.lots_seed) == table(e, by_name=True)


def test_a_file_numbering_players_by_rating_keeps_the_berger_order_as_a_mapping():
    e = rr_event(8, seed=12, lots=True)
    order = berger_order(e)
    t = parse_trf(write_trf(event_to_trf(e)), "rr.trf")
    # renumber the file as another program would: start numbers by rating, Berger numbers drawn
    rating_rank = {k: i for i, k in enumerate(sorted(range(1, 9), key=lambda k: -t.player(k).rating), start=1)}
    for p in t.players:
        p.id = rating_rank[p.id]
        p.records = [r if r.opponent is None else type(r)(r.outcome, rating_rank[r.opponent], r.colour)
                     for r in p.records]
    back = trf_to_event(parse_trf(write_trf(t), "rr.trf"), "rr.trf")
    assert back.stage_state("roundrobin")["order"] == [rating_rank[k] for k in range(1, 9)]
    assert table(back, by_name=True, lots_seed=e.lots_seed) == table(e, by_name=True)
    assert [back.player(pid).name for pid in back.stage_state("roundrobin")["order"]] == \
        [e.player(pid).name for pid in order]


@settings(max_examples=25, deadline=None)
@given(n=st.integers(3, 9), double=st.booleans(), seed=st.integers(0, 10**6),
       withdraw=st.one_of(st.none(), st.tuples(st.integers(1, 9), st.integers(2, 16))))
def test_any_round_robin_reads_back_to_the_same_standings(n, double, seed, withdraw):
    total = len(schedule(list(range(n)), double=double))
    if withdraw and (withdraw[0] > n or withdraw[1] > total):
        withdraw = None
    rounds = random.Random(seed).randint(1, total)
    e = rr_event(n, double=double, seed=seed, withdraw=withdraw, rounds=rounds)
    _text, back = roundtrip(e)
    assert table(back, lots_seed=e.lots_seed) == table(e)
    assert back.rounds == as_played(e)


# -- bad files ---------------------------------------------------------------------------------------


def _swap_round(text: str, r: int) -> tuple[str, int]:
    """Two games played over the board in round r (or the first round after it that has two) exchange
    their second players on all four lines; the text and that round."""
    t = parse_trf(text, "rr.trf")
    while True:
        whites = [p for p in t.players if p.records[r - 1].colour == "w" and p.records[r - 1].outcome.played]
        if len(whites) >= 2:
            break
        r += 1
    a, c = whites[0], whites[1]
    b, d = t.player(a.records[r - 1].opponent), t.player(c.records[r - 1].opponent)
    for x, y in ((a, d), (d, a), (c, b), (b, c)):
        rec = x.records[r - 1]
        x.records[r - 1] = type(rec)(rec.outcome, y.id, rec.colour)
    return write_trf(t), r


def test_rounds_that_contradict_the_berger_table_are_refused_at_the_line():
    text, _ = roundtrip(rr_event(8, seed=5))
    bad, r = _swap_round(text, 3)
    with pytest.raises(FileProblem) as exc:
        trf_to_event(parse_trf(bad, "bad.trf"), "bad.trf")
    line = int(str(exc.value).split(":")[1])
    assert bad.splitlines()[line - 1].startswith("001")
    assert f"round {r}: the Berger table (C.05 Annex 1) pairs" in str(exc.value)


@pytest.mark.parametrize("change, message", [
    (lambda s: s.replace("\nXXR 7\n", "\nXXR 9\n"), "XXR 9: a round robin of 7 players has 7 rounds"),
    (lambda s: s.replace("\n202 SB,KS", "\n202 SB/Q,KS"), "202: tie-break 'SB/Q': arbiter does not know the modifier /Q"),
    (lambda s: s.replace("\n202 SB,KS", "\n202 XYZ,KS"), "202: tie-break 'XYZ': unknown tie-break 'XYZ'"),
    (lambda s: s.replace("\n192 FIDE_ROUNDROBIN\n", "\n192 FIDE_TEAM_ROUNDROBIN\n"),
     "192 FIDE_TEAM_ROUNDROBIN: a team tournament, but the file has no teams (310 or 013 lines)"),
])
def test_bad_round_robin_files(change, message):
    text, _ = roundtrip(rr_event(7, seed=9))
    bad = change(text)
    assert bad != text
    with pytest.raises(FileProblem) as exc:
        trf_to_event(parse_trf(bad, "bad.trf"), "bad.trf")
    place, _, what = str(exc.value).partition(": ")
    assert what.startswith(message), what
    line = int(place.split(":")[1])
    assert bad.splitlines()[line - 1][:3] in {"XXR", "202", "192"}


def test_the_command_line_exports_and_imports_a_round_robin(tmp_path):
    e = rr_event(7, double=True, seed=4, withdraw=(6, 10))
    create(tmp_path / "rr.toml", e)
    ok("export", tmp_path / "rr.toml", "--format", "trf", "--out", tmp_path / "rr.trf")
    ok("import-trf", tmp_path / "rr.trf", tmp_path / "back.toml")
    assert table(load(tmp_path / "back.toml"), lots_seed=e.lots_seed) == table(e)
    bad, rnd = _swap_round((tmp_path / "rr.trf").read_text(encoding="utf-8"), 2)
    (tmp_path / "bad.trf").write_text(bad, encoding="utf-8")
    err = refused("import-trf", tmp_path / "bad.trf", tmp_path / "no.toml")  # exit 2, one line, no traceback
    assert not (tmp_path / "no.toml").exists() and err.startswith(f"arbiter: error: {tmp_path / 'bad.trf'}:")
    assert f"round {rnd}: the Berger table (C.05 Annex 1)" in err


def test_trf_pair_and_check_refuse_a_round_robin_at_its_192_line(tmp_path):
    from arbiter_tournament.core.formats.trfpair import trf_check, trf_pair

    text = write_trf(event_to_trf(rr_event(6)))
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if ln.startswith("192"))
    for fn in (trf_pair, trf_check):
        with pytest.raises(FileProblem) as err:
            fn(text, "rr.trf")
        assert str(err.value).startswith(f"rr.trf:{line}: 192 FIDE_ROUNDROBIN")
