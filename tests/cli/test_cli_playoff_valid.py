"""`arbiter playoff` only after the main stage and among exactly the players tied for first; a correction after
it (`arbiter result --force`) that changes who is tied: said, left out of the final ranking, taken back with
`--cancel` (docs/end-of-event.md; the tester's cases A, B and C)."""

from __future__ import annotations

import json

from tests.cli_run import ok, refused, run


def board_of(ev, rnd: int, a: int, b: int) -> tuple[int, bool]:
    """The board of a and b in round robin round `rnd`, and whether a plays first there."""
    boards = json.loads(ok("round", ev, "--round", rnd, "--stage", "roundrobin", "--format", "json"))["boards"]
    g = next(g for g in boards if {g["first"], g["second"]} == {a, b})
    return g["board"], g["first"] == a


def beat(ev, rnd: int, winner: int, loser: int, *more) -> None:
    board, first = board_of(ev, rnd, winner, loser)
    ok("result", ev, board, "1-0" if first else "0-1", "--round", rnd, "--stage", "roundrobin", *more)


def round_robin(tmp_path, n: int, name: str = "rr.toml"):
    ev = tmp_path / name
    ok("new", ev, "--name", "RR", "--rounds", 1, "--system", "roundrobin")
    for who in ("Иванов", "Петров", "Сидоров", "Козлов", "Попов", "Лебедев")[:n]:
        ok("players", "add", ev, who)
    return ev


def rr3(tmp_path):
    """Case A: Иванов (1) and Петров (2) draw each other and beat 3 and 4; 3 beats 4: 2.5, 2.5, 1, 0."""
    ev = round_robin(tmp_path, 4, "rr3.toml")
    for rnd in (1, 2, 3):
        ok("pair", ev)
        boards = json.loads(ok("round", ev, "--format", "json"))["boards"]
        for g in boards:
            a, b = g["first"], g["second"]
            if {a, b} == {1, 2}:
                ok("result", ev, g["board"], "1/2", "--round", rnd)
            else:
                beat(ev, rnd, min(a, b), max(a, b))
    return ev


def final_rows(ev) -> list[tuple[str, int, float, str | None]]:
    doc = json.loads(ok("standings", ev, "--final", "--format", "json"))
    return [(r["place"], r["id"], r["points"], r["reached"]) for r in doc["rows"]]


def test_case_a_a_correction_after_the_playoff(tmp_path):
    ev = rr3(tmp_path)
    head = ok("playoff", ev, "--players", "2,1").splitlines()[0]  # (in the tie-break order, whatever the list's)
    assert head in ("Play-off for first place: Иванов (1), Петров (2)", "Play-off for first place: Петров (2), Иванов (1)")
    for _ in range(2):  # Иванов wins the mini-match 2-0
        g = json.loads(ok("round", ev, "--stage", "playoff", "--format", "json"))["boards"][0]
        ok("result", ev, 1, "1-0" if g["first"] == 1 else "0-1", "--stage", "playoff")
    assert final_rows(ev)[:2] == [("1", 1, 2.5, "play-off winner"), ("2", 2, 2.5, None)]
    # round 3: Иванов lost to Сидоров after all
    board, first = board_of(ev, 3, 1, 3)
    code, out, err = run("result", ev, board, "0-1" if first else "1-0", "--round", 3, "--stage", "roundrobin",
                         "--force")
    assert code == 0 and out.startswith("round 3 board ")
    assert err == ("arbiter: warning: the play-off for first place no longer stands after this change: its players "
                   "are not exactly the players tied for first (arbiter playoff FILE --cancel takes it back)\n")
    assert final_rows(ev)[:3] == [("1", 2, 2.5, None), ("2", 3, 2, None), ("3", 1, 1.5, None)]
    text = ok("standings", ev, "--final")
    assert "play-off winner" not in text
    assert text.rstrip().endswith("The play-off no longer applies: its players are no longer tied for first.")
    report = ok("playoff", ev)
    assert report.splitlines()[-2:] == ["the play-off no longer applies: its players are no longer tied for first",
                                        "arbiter playoff FILE --cancel takes it back"]
    assert ok("playoff", ev, "--cancel") == "play-off taken back\n"
    assert "take back the play-off" in ok("log", ev)
    assert final_rows(ev)[0] == ("1", 2, 2.5, None)
    assert refused("playoff", ev, "--cancel") == (
        "arbiter: error: no play-off has started (arbiter playoff FILE starts one)\n")
    assert refused("playoff", ev) == "arbiter: error: nobody is tied for first: no play-off is needed\n"
    ok("undo", ev)  # the standard undo brings it back, still void
    assert "no longer applies" in ok("playoff", ev)


def test_case_b_a_playoff_of_players_not_tied_is_refused(tmp_path):
    ev = round_robin(tmp_path, 6, "rr6.toml")
    for rnd in (1, 2, 3, 4, 5):
        ok("pair", ev)
        for g in json.loads(ok("round", ev, "--format", "json"))["boards"]:
            a, b = g["first"], g["second"]
            if 4 in (a, b):
                beat(ev, rnd, 4, b if a == 4 else a)  # 4 wins every game: 5 points alone
            else:
                ok("result", ev, g["board"], "1/2", "--round", rnd)
    before = ev.read_bytes()
    assert refused("playoff", ev, "--players", "2,5") == (
        "arbiter: error: nobody is tied for first: no play-off is needed\n")
    assert ev.read_bytes() == before
    assert final_rows(ev)[0] == ("1", 4, 5, None)


def test_a_list_that_is_not_exactly_the_tied_players_is_refused(tmp_path):
    ev = rr3(tmp_path)
    before = ev.read_bytes()
    for given, said in (("1,3", "1, 3"), ("2", "2"), ("1,2,4", "1, 2, 4")):
        assert refused("playoff", ev, "--players", given) == (
            f"arbiter: error: a play-off is among exactly the players tied for first: 1, 2, not {said}\n")
    assert ev.read_bytes() == before
    assert refused("playoff", ev, "--cancel", "--players", "1,2") == (
        "arbiter: error: --cancel takes the play-off back: it takes no other option\n")


def test_case_c_a_playoff_mid_event_is_refused(tmp_path):
    ev = round_robin(tmp_path, 4, "mid.toml")
    ok("pair", ev)
    for g in json.loads(ok("round", ev, "--format", "json"))["boards"]:
        ok("result", ev, g["board"], "1-0")
    before = ev.read_bytes()
    main = ("arbiter: error: the main stage is not finished: a play-off for first place starts once every round "
            "has every result\n")
    assert refused("playoff", ev) == main
    winners = sorted(g["first"] for g in json.loads(ok("round", ev, "--format", "json"))["boards"])
    assert refused("playoff", ev, "--players", ",".join(map(str, winners))) == main
    assert ev.read_bytes() == before
    assert "Round 2" in ok("pair", ev)  # the round robin goes on
