"""TRF of team events, team Swiss and team round robin (docs/exports.md "TRF of a team event").

Checked from outside the writer: the team section (310, 320) and the 001
lines are read by their columns (spec/trf.md sections 1 and 3) with this
file's own reader and compared with the event's matches and team standings;
the file read back by arbiter's reader gives the same event and the same team
standings (MP, GP and the team tie-breaks); a TRF-16 team section (013 lines)
reads the same; bad team sections are refused at their line.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_tournament.core.event import commands
from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.errors import FileProblem, NoLegalPairing
from arbiter_tournament.core.formats.trf import parse_trf, write_trf
from arbiter_tournament.core.formats.trf_event import event_to_trf, trf_to_event
from arbiter_tournament.core.pairing.rounds import pair_next
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import create, load
from tests.cli_run import ok, refused
from tests.core.test_trf_roundrobin import as_played, columns

CODES = ["GP", "EMGSB", "BH-MP", "SSSC", "EMGSB-C1", "BH-GP"]
RESULTS = ["1-0", "0-1", "1/2", "1-0", "0-1", "1/2", "+-", "-+"]


def team_event_of(names, boards, *, system="swiss", rounds=4, seed=1, per_team=None, pab=None, codes=CODES,
                  results=RESULTS, play=None):
    """Teams of `per_team` players (default B + 1), paired and played round by round (results from `seed`)."""
    rng = random.Random(seed)
    e = commands.new_event("Team Cup", rounds, system=system, lots_seed=seed)
    e = team_event.setup(e, boards, tiebreaks=codes)
    if pab:
        st_ = team_event.state(e)
        from arbiter_tournament.core.teams.section import with_state

        e = with_state(e, replace(st_, pab=pab))
    for k, t in enumerate(names):
        for i in range(per_team or boards + 1):
            e = commands.add_player(e, f"{t} {i + 1}", rating=2400 - 37 * k - 11 * i + rng.randint(0, 30), team=t,
                                    federation="ITA")
    stage = "swiss" if system == "swiss" else "roundrobin"
    k = 0
    while play is None or k < play:
        if system == "swiss" and k == rounds:
            break
        if system != "swiss" and e.rounds_of(stage) and k == e.rounds_planned:
            break
        try:
            e = pair_next(e)
        except NoLegalPairing:  # a small team Swiss runs out of new opponents
            break
        k += 1
        for g in e.find_round(stage, None, k).games:
            e = commands.record_result(e, stage, None, k, g.board, Result.parse(rng.choice(results)))
    return e


def roundtrip(e):
    text = write_trf(event_to_trf(e))
    return text, trf_to_event(parse_trf(text, "team.trf"), "team.trf")


def team_table(e, lots_seed=None):
    if lots_seed is not None:
        e = replace(e, lots_seed=lots_seed)
    _after, codes, rows = team_event.standings(e)
    return codes, [(r.id, r.team, r.rank, r.match_points, r.game_points, r.tiebreaks) for r in rows]


# -- the team section by its columns (spec/trf.md section 3) ----------------------------------------


def team_lines(text: str) -> dict[int, dict]:
    out = {}
    for line in text.splitlines():
        if not line.startswith("310"):
            continue
        for col in (4, 8, 41, 47, 54, 61, 68, 72, 73):
            assert line[col - 1] == " ", (col, line)
        players, col = [], 74
        while col <= len(line):
            if col > 74:
                assert line[col - 2] == " ", (col, line)
            players.append(int(line[col - 1:col + 3]))
            col += 5
        out[int(line[4:7])] = {"name": line[8:40].rstrip(), "strength": line[47:53].strip(),
                               "mp": F(line[54:60].strip()), "gp": F(line[61:67].strip()),
                               "rank": int(line[68:71]), "players": players}
    return out


def bye_line(text: str) -> tuple[F, F, dict[int, int]]:
    (line,) = [ln for ln in text.splitlines() if ln.startswith("320")]
    assert line[3] == line[8] == line[13] == " "
    per, col, r = {}, 15, 1
    while col <= len(line):
        if col > 15:
            assert line[col - 2] == " "
        if int(line[col - 1:col + 2]):
            per[r] = int(line[col - 1:col + 2])
        col, r = col + 4, r + 1
    return F(line[4:8].strip()), F(line[9:13].strip()), per


@pytest.mark.parametrize("system, names, boards", [("swiss", "ABCDE", 4), ("roundrobin", "ABCDE", 2),
                                                   ("double-roundrobin", "ABCD", 3)])
def test_the_team_section_by_column_holds_teams_boards_and_results(system, names, boards):
    e = team_event_of(tuple(names), boards, system=system, seed=3)
    text, _ = roundtrip(e)
    got = team_lines(text)
    _after, _codes, rows = team_event.standings(e)
    for r in rows:
        line = got[r.id]
        assert (line["name"], line["mp"], line["gp"], line["rank"]) == (r.team, r.match_points, r.game_points, r.rank)
    for t in team_event.teams(e):
        assert got[t.id]["players"] == list(t.roster)
        best = sorted((e.player(pid).rating for pid in t.roster), reverse=True)[:boards]
        assert got[t.id]["strength"] == str(sum(best) // boards)
    # every board of every match is a game on the 001 lines, as played
    people = columns(text)
    stage = "swiss" if system == "swiss" else "roundrobin"
    for rnd in e.rounds_of(stage):
        for m in team_event.matches(e, rnd):
            for g in m.games:
                fb = people[g.first]["blocks"][rnd.number - 1]
                sb = people[g.second]["blocks"][rnd.number - 1]
                assert (int(fb[0]), fb[1], int(sb[0]), sb[1]) == (g.second, "w", g.first, "b")
                assert fb[2] + sb[2] == {"1-0": "10", "0-1": "01", "1/2": "==", "+-": "+-", "-+": "-+"}[g.result.value]
            # board 1's first player is of the first-named team, colours alternate (352 WBWB...)
            assert [e.player(g.first).team == m.first_name for g in m.games] == [b % 2 == 0 for b in range(boards)]
    seq = [ln for ln in text.splitlines() if ln.startswith("352")]
    assert seq == ["352 " + ("WB" * boards)[:boards]]
    assert "\n362  W 2.0    D 1.0    L 0.0\n" in text
    if system == "swiss":
        mp, gp, per = bye_line(text)
        assert (mp, gp) == (1, F(boards, 2))  # a drawn match (C.04.6)
        names_ = team_event.team_names(e)
        assert {r: names_[n - 1] for r, n in per.items()} == team_event.state(e).byes
        assert "\n192 CUSTOM_TEAM_SWISS_MP\n" in text
    else:
        assert "320" not in [ln[:3] for ln in text.splitlines()]
        assert ("\n192 FIDE_TEAM_DOUBLEROUNDROBIN\n" if system == "double-roundrobin"
                else "\n192 FIDE_TEAM_ROUNDROBIN\n") in text
    assert "\n202 GPTS,EMGSB,BH:MP,SSSC,EMGSB/C1,BH:GP\n" in text


@pytest.mark.parametrize("system, names, boards, seed, pab", [
    ("swiss", "ABCDE", 4, 1, None), ("swiss", "ABCDEFG", 4, 2, "win"), ("swiss", "ABCDEFGH", 6, 3, None),
    ("roundrobin", "ABCDE", 2, 4, None), ("roundrobin", "ABCDEF", 4, 5, None),
    ("double-roundrobin", "ABCD", 3, 6, None), ("double-roundrobin", "ABC", 2, 7, None)])
def test_read_back_gives_the_same_event_and_team_standings(system, names, boards, seed, pab):
    e = team_event_of(tuple(names), boards, system=system, seed=seed, pab=pab, rounds=5)
    _text, back = roundtrip(e)
    assert back.system == e.system and back.rounds_planned == e.rounds_planned
    assert back.players == e.players and back.rounds == as_played(e)
    assert back.stage_state("teams") == e.stage_state("teams")
    assert team_table(back, e.lots_seed) == team_table(e)


def test_a_roster_changed_after_a_round_is_a_300_line():
    e = team_event_of(tuple("ABCD"), 2, seed=8, rounds=3, play=2, per_team=3)
    a = team_event.roster(e, "A")
    e = team_event.set_roster(e, "A", [a[2], a[1], a[0]])  # board order reversed after round 2
    text, back = roundtrip(e)
    lines = [ln for ln in text.splitlines() if ln.startswith("300")]
    tid = team_event.team_names(e).index("A") + 1
    assert len(lines) == 2 and all(int(ln[8:11]) == tid for ln in lines)
    for ln in lines:
        rnd = e.find_round("swiss", None, int(ln[4:7]))
        m = next(m for m in team_event.matches(e, rnd) if "A" in (m.first_name, m.second_name))
        assert int(ln[12:15]) == (m.second if m.first == tid else m.first)
        mine = [g.first if e.player(g.first).team == "A" else g.second for g in m.games]
        assert [int(ln[i:i + 4]) for i in (16, 21)] == mine
    assert back.rounds == as_played(e) and team_table(back, e.lots_seed) == team_table(e)


def test_a_trf16_team_section_013_reads_the_same():
    e = team_event_of(tuple("ABCDE"), 2, system="roundrobin", seed=9)
    text, back = roundtrip(e)
    old = []
    for line in text.splitlines():
        if line.startswith("310"):  # 013: name at 5-36, the players from 37, 4 columns each, one blank between
            t = team_lines(line)
            (n, x), = t.items()
            old.append(("013 " + f"{x['name']:<32}" + " ".join(f"{p:4d}" for p in x["players"])))
        else:
            old.append(line)
    text16 = "\n".join(ln for ln in old if not ln.startswith("013")) + "\n" + "\n".join(
        ln for ln in old if ln.startswith("013")) + "\n"
    back16 = trf_to_event(parse_trf(text16, "team16.trf"), "team16.trf")
    assert back16.rounds == back.rounds and back16.stage_state("teams") == back.stage_state("teams")
    assert team_table(back16, e.lots_seed) == team_table(e)


@settings(max_examples=15, deadline=None)
@given(teams=st.integers(2, 7), boards=st.integers(1, 4), system=st.sampled_from(["swiss", "roundrobin",
                                                                                    "double-roundrobin"]),
       seed=st.integers(0, 10**6), pab=st.sampled_from([None, "win"]))
def test_any_team_event_reads_back_to_the_same_team_standings(teams, boards, system, seed, pab):
    rounds = random.Random(seed).randint(1, 4)
    e = team_event_of(tuple("ABCDEFG"[:teams]), boards, system=system, seed=seed, rounds=rounds, play=rounds,
                      pab=pab if system == "swiss" else None)
    _text, back = roundtrip(e)
    assert back.rounds == as_played(e)
    assert team_table(back, e.lots_seed) == team_table(e)


# -- bad team sections ------------------------------------------------------------------------------


def _text(system="swiss"):
    e = team_event_of(tuple("ABCDE"), 2, system=system, seed=10, rounds=3)
    return roundtrip(e)[0]


def _edit_310(text, n, **cols):
    out = []
    for line in text.splitlines():
        if line.startswith("310") and int(line[4:7]) == n:
            s = list(line)
            for (a, b), value in cols.values():
                s[a - 1:b] = value.rjust(b - a + 1)
            line = "".join(s)
        out.append(line)
    return "\n".join(out) + "\n"


def _swap_players(text, a, b):
    """Two players exchange their places in the team lines (the games stay)."""
    out = []
    for line in text.splitlines():
        if line.startswith("310"):
            head, ids = line[:73], [int(line[i:i + 4]) for i in range(73, len(line), 5)]
            ids = [b if x == a else a if x == b else x for x in ids]
            line = head + " ".join(f"{x:4d}" for x in ids)
        out.append(line)
    return "\n".join(out) + "\n"


def _bad_cases():
    swiss = _text()
    rr = _text("roundrobin")
    lines = swiss.splitlines()
    (bye,) = [ln for ln in lines if ln.startswith("320")]
    first_bye_team = int(bye[14:17])
    return [
        (_edit_310(swiss, 2, mp=((55, 60), "9.0")), "310", "team 2 (", "the match points (columns 55-60) are 9.0"),
        (_edit_310(swiss, 3, gp=((62, 67), "0.5")), "310", "team 3 (", "the game points (columns 62-67) are 0.5"),
        (swiss.replace("\n310   1 ", "\n310   1X", 1), "310", "310: column 8 must be blank", ""),
        (swiss.replace(bye, bye[:14] + f"{(first_bye_team % 5) + 1:3d}" + bye[17:]), "320", "320: round 1: team",
         "has the bye but plays a match"),
        (swiss.replace(bye, "320  3.0  1.0" + bye[13:]), "320", "320: a team's bye is worth a drawn match", ""),
        (swiss.replace("\n352 WB\n", "\n352 WBW\n"), "310", "round 1: the match of teams",
         "has 2 boards, the event plays 3"),
        (_swap_players(swiss, 1, 4), "001", "round 1: team", "plays two matches"),
        ("\n".join(ln for ln in lines if not (ln.startswith("310") and int(ln[4:7]) == 5)) + "\n", "001",
         "player", "is in no team (310 or 013 lines)"),
        (swiss.replace("\n202 GPTS,", "\n202 GPTS:GP,"), "202", "202: tie-break 'GPTS:GP'", ""),
        (_swap_teams_rr(rr), "310", "round", "the Berger table (C.05 Annex 1)"),
        (swiss.replace("\n310   2 " + _line(swiss, 2)[8:], "\n310   2 " + _line(swiss, 2)[8:] + "    1"), "310",
         "player 1 is in two teams (1 and 2)", ""),
        (swiss + f"013 {'Another name':<32}" + " ".join(f"{x:4d}" for x in _players(swiss, 1)) + "\n", "013",
         "013 team 1 (Another name) does not match the 310 line of team 1", ""),
        (swiss + f"300   1 {first_bye_team:3d}   0 " + " ".join(f"{x:4d}" for x in _players(swiss, first_bye_team)[:2])
         + "\n", "300", f"300: team {first_bye_team} has no match in round 1", ""),
        (swiss + f"330 +- {1:3d} {1:3d} {_opponent(swiss, 1, 1):3d}\n", "330", "330: round 1: teams",
         "played a game over the board"),
    ]


def _line(text, n):
    return next(ln for ln in text.splitlines() if ln.startswith("310") and int(ln[4:7]) == n)


def _players(text, n):
    ln = _line(text, n)
    return [int(ln[i:i + 4]) for i in range(73, len(ln), 5)]


def _opponent(text, n, r):
    """The team team n met in round r (from the 001 line of its first player)."""
    t = parse_trf(text, "x.trf")
    team_of = {pid: team.number for team in t.teams for pid in team.players}
    return team_of[t.player(_players(text, n)[0]).records[r - 1].opponent]


def _swap_teams_rr(text):
    """Round 1 of a team round robin of 2 boards: matches a-b and c-d become a-d and c-b (board for
    board, the first team winning), so the round leaves the Berger table; the points follow."""
    from arbiter_tournament.core.event.records import Outcome, RoundRecord

    t = parse_trf(text, "rr.trf")
    team_of = {pid: team.number for team in t.teams for pid in team.players}
    firsts = {}
    for p in t.players:
        rec = p.records[0] if p.records else None
        if rec is not None and rec.opponent is not None:
            firsts.setdefault(frozenset((team_of[p.id], team_of[rec.opponent])), p)
    (m1, m2) = list(firsts)[:2]
    a, b = sorted(m1)
    c, d = sorted(m2)
    players = {team.number: team.players[:2] for team in t.teams}
    for x, y in list(zip(players[a], players[d])) + list(zip(players[c], players[b])):
        t.player(x).records[0] = RoundRecord(Outcome.WIN, y, "w")
        t.player(y).records[0] = RoundRecord(Outcome.LOSS, x, "b")
    for p in t.players:
        p.points = sum((t.scoring.points(rec.outcome) for rec in p.records), start=F(0))
    for team in t.teams:
        team.match_points = team.game_points = None
    return write_trf(t)


BAD_NAMES = ["310 match points", "310 game points", "310 shifted", "320 bye team plays", "320 bye worth",
             "352 boards", "players out of board order", "player in no team", "202 point type",
             "round robin off the Berger table", "player in two teams", "013 and 310 disagree",
             "300 without a match", "330 of a played match"]


@pytest.mark.parametrize("bad, tag, start, end", _bad_cases(), ids=BAD_NAMES)
def test_bad_team_sections_are_refused_at_their_line(bad, tag, start, end):
    with pytest.raises(FileProblem) as exc:
        trf_to_event(parse_trf(bad, "bad.trf"), "bad.trf")
    place, _, what = str(exc.value).partition(": ")
    assert what.startswith(start) and what.endswith(end) or (start in what and end in what), what
    line = int(place.split(":")[1])
    assert bad.splitlines()[line - 1][:3] == tag, (line, what)


def test_the_command_line_exports_and_imports_a_team_event(tmp_path):
    e = team_event_of(tuple("ABCDEF"), 4, seed=12, rounds=4)
    create(tmp_path / "cup.toml", e)
    ok("export", tmp_path / "cup.toml", "--format", "trf", "--out", tmp_path / "cup.trf")
    ok("import-trf", tmp_path / "cup.trf", tmp_path / "back.toml")
    assert team_table(load(tmp_path / "back.toml"), e.lots_seed) == team_table(e)
    bad = _edit_310((tmp_path / "cup.trf").read_text(encoding="utf-8"), 4, mp=((55, 60), "99.0"))
    (tmp_path / "bad.trf").write_text(bad, encoding="utf-8")
    err = refused("import-trf", tmp_path / "bad.trf", tmp_path / "no.toml")  # exit 2, one line, no traceback
    assert not (tmp_path / "no.toml").exists() and err.startswith(f"arbiter: error: {tmp_path / 'bad.trf'}:")
    assert "the match points (columns 55-60) are 99.0" in err


def test_the_dutch_engine_is_not_given_a_team_or_round_robin_file():
    from arbiter_tournament.core.formats.trf import check_pairable
    from tests.core.test_trf_roundrobin import rr_event

    team = parse_trf(_text(), "team.trf")
    with pytest.raises(FileProblem) as exc:
        check_pairable(team, "team.trf")
    assert str(exc.value) == f"team.trf:{team.teams[0].line}: a team tournament (310 or 013 lines) is not paired " \
                             "by the Dutch engine"
    rr = parse_trf(write_trf(event_to_trf(rr_event(5, rounds=2))), "rr.trf")
    with pytest.raises(FileProblem) as exc:
        check_pairable(rr, "rr.trf")
    assert str(exc.value).startswith(f"rr.trf:{rr.type_line}: 192 FIDE_ROUNDROBIN: not a Swiss of individuals")
    e = commands.new_event("Open", 5)
    for i in range(4):
        e = commands.add_player(e, f"P{i}", rating=2000 - i)
    check_pairable(parse_trf(write_trf(event_to_trf(e)), "open.trf"), "open.trf")  # a Swiss: no objection
