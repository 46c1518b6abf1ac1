"""Numbers typed on the command line (issue 33.3): `teams bye|exchange`, `forbid` in a team event and
`--tiebreaks BH-C<4301 digits>` gave a traceback with exit 1; Arabic-Indic and fullwidth digits were silently
taken as team numbers or a Cut. Now each is one line `arbiter: error: ...`, exit 2, the file untouched."""

from __future__ import annotations

import pytest

from tests.cli_run import ok, refused

HUGE = "1" * 4301
NOT_DIGITS = ("²", "①", "٣", "３", HUGE)


@pytest.fixture
def teams(tmp_path):
    p = tmp_path / "t.toml"
    ok("new", str(p), "--name", "T", "--rounds", "3", "--teams", "--boards", "2")
    for team in "ABCD":
        for i in (1, 2):
            ok("players", "add", str(p), f"{team}{i}", "--team", team)
    ok("pair", str(p))
    return p


@pytest.mark.parametrize("typed", NOT_DIGITS, ids=["superscript", "circled", "arabic-indic", "fullwidth", "huge"])
def test_team_numbers_are_ascii_digits(teams, typed):
    before = teams.read_bytes()
    for args in (("teams", "bye", str(teams), typed), ("teams", "exchange", str(teams), typed, "2"),
                 ("forbid", str(teams), typed, "1")):
        err = refused(*args)
        assert err.startswith("arbiter: error: no team '") and err.count("\n") == 1, err
        assert "Traceback" not in err and len(err) < 200
    assert teams.read_bytes() == before
    # the ASCII number of the same team is taken
    ok("forbid", str(teams), "3", "1")


@pytest.mark.parametrize("code", ["BH-C" + t for t in NOT_DIGITS])
def test_a_cut_is_ascii_digits(tmp_path, code):
    err = refused("new", str(tmp_path / "x.toml"), "--name", "X", "--rounds", "3", "--tiebreaks", code)
    assert "unknown tie-break 'BH-C" in err and err.count("\n") == 1 and len(err) < 400, err
    assert not (tmp_path / "x.toml").exists()
    ok("new", str(tmp_path / "y.toml"), "--name", "Y", "--rounds", "3", "--tiebreaks", "BH-C1")
