"""The registry of stages, systems and pairing systems (core/event/systems.py), and the Burstein
engine on cases worked out by hand from C.04.4.2 (as bbpPairings reads it; docs/pairing.md)."""

from __future__ import annotations

import pytest

from arbiter_tournament.core.errors import FileProblem, IllegalChange
from arbiter_tournament.core.event import commands
from arbiter_tournament.core.event.model import STAGES, SYSTEMS
from arbiter_tournament.core.event.records import Outcome, PlayerHistory, RoundRecord
from arbiter_tournament.core.event.systems import (
    DEFAULT_PAIRING,
    PAIRINGS,
    Stage,
    System,
    check_pairing,
    main_stage,
    pairing_system,
)
from arbiter_tournament.core.pairing.rounds import explain_round, pair_next
from arbiter_tournament.core.store.codec import dumps, loads
from arbiter_tournament.core.swiss.burstein import Index, list_sort, seeding_acceleration
from arbiter_tournament.core.swiss.request import PairingRequest


def test_the_enums_are_the_words_of_the_file():
    assert [str(s) for s in STAGES] == ["swiss", "roundrobin", "top", "playoff"]
    assert [str(s) for s in SYSTEMS] == ["swiss", "roundrobin", "double-roundrobin"]
    assert Stage.TOP == "top" and {"top": 1}[Stage.TOP] == 1 and f"{Stage.PLAYOFF}" == "playoff"
    assert main_stage("double-roundrobin") is Stage.ROUNDROBIN and main_stage("swiss") is Stage.SWISS
    assert System.ROUNDROBIN.main_stage is Stage.ROUNDROBIN


def test_the_pairing_registry():
    assert list(PAIRINGS)[:2] == ["dutch", "burstein"] and DEFAULT_PAIRING == "dutch"
    dutch, burstein = PAIRINGS["dutch"], PAIRINGS["burstein"]
    assert (dutch.rules, burstein.rules) == ("C.04.3", "C.04.4.2")
    assert dutch.floats and dutch.acceleration and not burstein.floats and not burstein.acceleration
    assert burstein.colours and burstein.forbidden_pairs
    assert burstein.engine().__module__ == "arbiter_tournament.core.swiss.burstein"
    with pytest.raises(IllegalChange, match="unknown pairing system 'lim' \\(one of dutch, burstein"):
        pairing_system("lim")
    with pytest.raises(IllegalChange, match="no Baku acceleration"):
        check_pairing("swiss", "burstein", baku=True)
    with pytest.raises(IllegalChange, match="not paired by a Swiss system"):
        check_pairing("roundrobin", "burstein")
    assert check_pairing("roundrobin", "dutch") is dutch  # the default says nothing of a round robin


def test_new_event_and_the_file_keep_the_pairing():
    e = commands.new_event("B", 5, pairing="burstein", lots_seed=1)
    text = dumps(e)
    assert 'pairing = "burstein"' in text
    assert loads(text).pairing == "burstein"
    plain = dumps(commands.new_event("D", 5, lots_seed=1))
    assert "pairing" not in plain and loads(plain).pairing == "dutch"  # older files: unchanged, byte for byte
    with pytest.raises(IllegalChange, match="no Baku"):
        commands.new_event("B", 5, pairing="burstein", baku=True)
    with pytest.raises(FileProblem, match="event.pairing: unknown pairing system 'lim'"):
        loads(text.replace('"burstein"', '"lim"'), "x.toml")


def _seven():
    e = commands.new_event("Seven", 5, pairing="burstein", initial_colour="w", lots_seed=1)
    for i in range(1, 8):
        e = commands.add_player(e, f"P{i}", rating=2000 - 50 * i)
    return e


def test_round_one_by_hand():
    """Seven players. The bye goes to the last (7). Seeding round: of the 7 to pair, the first 3 by pairing
    number carry a win's virtual point (7 -> 5 -> 3 -> 1: three players), so the score groups are {1, 2, 3}
    and {4, 5, 6}. Group 1 is odd: 1 takes the lowest it can (3), 2 floats down; in group 0 the floater
    comes first (equal Index, better number) and takes the lowest (6), then 4-5. Colours by pairing number:
    1 (number 1, odd place 0) has the initial white, 2 (place 1) black, 4 (place 3) black."""
    e = pair_next(_seven())
    rnd = e.rounds_of(Stage.SWISS)[0]
    assert [(g.first, g.second) for g in rnd.games] == [(1, 3), (6, 2), (5, 4), (7, None)]
    assert seeding_acceleration([1, 2, 3, 4, 5, 6, 7], {1, 2, 3, 4, 5, 6, 7}, 0, 10) == {1: 10, 2: 10, 3: 10}
    assert seeding_acceleration([1, 2, 3, 4], {1, 2, 3, 4}, 2, 10) == {}  # round 3: no seeding round
    why = explain_round(e, rnd)
    assert "board 2: 6-2: score group 0: high Index against low Index" in why
    assert "2 (1; SB 0, BH 0) black: no preference; incl. 1 virtual (a seeding round), floats down now" in why
    assert "7 (0) gets the pairing-allocated bye" in why
    assert "очковая группа 1: высокий индекс против низкого" in explain_round(e, rnd, lang="ru")


def _rec(outcome, opp=None, colour=None):
    return RoundRecord(outcome, opp, colour)


def test_the_index_by_hand():
    """After one round (1 beat 4, 2 drew 3, 5 had the bye): Sonneborn-Berger counts the opponent's adjusted
    score times the points scored; a bye is a virtual opponent (own score before + the virtual result + draws
    after). Points in tenths: SB in hundredths."""
    W, D, L = Outcome.WIN, Outcome.DRAW, Outcome.LOSS
    players = [PlayerHistory(1, 2000, "", (_rec(W, 4, "w"),)), PlayerHistory(2, 1900, "", (_rec(D, 3, "b"),)),
               PlayerHistory(3, 1800, "", (_rec(D, 2, "w"),)), PlayerHistory(4, 1700, "", (_rec(L, 1, "b"),)),
               PlayerHistory(5, 1600, "", (_rec(Outcome.PAB),))]
    from arbiter_tournament.core.swiss.burstein import BursteinRound

    rp = BursteinRound(PairingRequest(players, 5))
    # round 2 is a seeding round: 1 and 2 (half of the five to pair, rounded down) carry a virtual win
    assert {pid: p.acceleration for pid, p in rp.players.items()} == {1: 10, 2: 10, 3: 0, 4: 0, 5: 0}
    # 1 beat 4 (adjusted 0): SB 0, BH 0; 2 drew 3 (adjusted 5): SB 5*5 = 25, BH 5
    assert (rp.index[1].sb, rp.index[1].bh) == (0, 0)
    assert (rp.index[2].sb, rp.index[2].bh) == (25, 5)
    # 4 lost to 1, whose adjusted score is 10 + his virtual 10: BH 20, SB 0
    assert (rp.index[4].sb, rp.index[4].bh) == (0, 20)
    # 5's bye (a win without play): a virtual opponent with 5's score before (0), plus the result the virtual
    # opponent is given (a forfeit loss, 0), plus draws after (none): 0
    assert (rp.index[5].sb, rp.index[5].bh) == (0, 0)
    # 3 drew 2 (adjusted 5 + 2's virtual 10): SB 15 * 5 = 75, BH 15
    assert (rp.index[3].sb, rp.index[3].bh) == (75, 15)
    # inside a score group: SB first, then Buchholz
    assert Index(5, 0, 20, 0, 3).below(Index(5, 25, 5, 0, 1))
    assert not Index(5, 25, 5, 0, 1).below(Index(5, 0, 20, 0, 3))


def test_the_list_sort_places_a_floater_as_the_library_sort_does():
    """The order with a floater need not be transitive; the merge sort's comparisons decide. Here 'less'
    is a plain order, and the sort must be stable and correct."""
    items = [5, 3, 9, 1, 7, 3, 8]
    assert list_sort(items, lambda a, b: a < b) == sorted(items)
    pairs = [(1, "a"), (0, "b"), (1, "c"), (0, "d")]
    assert list_sort(pairs, lambda a, b: a[0] < b[0]) == [(0, "b"), (0, "d"), (1, "a"), (1, "c")]
