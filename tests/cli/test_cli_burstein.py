"""The Burstein system on the command line: `new --pairing burstein`, `trf pair/check --system burstein`."""

from __future__ import annotations

import os
from dataclasses import replace
from fractions import Fraction

from arbiter_tournament.core.formats.trf import parse_trf, player_line
from arbiter_tournament.core.formats.trfpair import stored_round
from arbiter_tournament.core.store import load
from tests.cli_run import run
from tests.conftest import CORPUS

TRF = os.path.join(CORPUS, "burstein", "burstein_n020_r9_s1277.trf")


def test_new_pair_and_explain_a_burstein_event(tmp_path):
    f = tmp_path / "b.toml"
    code, out, err = run("new", f, "--name", "B", "--rounds", "5", "--pairing", "burstein", "--initial-colour", "w")
    assert code == 0, err
    assert load(f).pairing == "burstein"
    for i in range(1, 8):
        assert run("players", "add", f, "--name", f"P{i}", "--rating", str(2000 - 50 * i))[0] == 0
    code, out, err = run("pair", f)
    assert code == 0, err
    rnd = load(f).rounds[0]
    # worked out by hand in tests/core/test_pairing_systems.py: the seeding round's groups {1, 2, 3} and {4, 5, 6}
    assert [(g.first, g.second) for g in rnd.games] == [(1, 3), (6, 2), (5, 4), (7, None)]
    code, out, err = run("round", f, "--explain")
    assert "board 1: 1-3: score group 1: high Index against low Index" in out


def test_new_refuses_what_burstein_does_not_do(tmp_path):
    f = tmp_path / "b.toml"
    code, out, err = run("new", f, "--name", "B", "--rounds", "5", "--pairing", "burstein", "--baku")
    assert (code, err) == (2, "arbiter: error: the FIDE Burstein system has no Baku acceleration\n")
    code, out, err = run("new", f, "--name", "B", "--rounds", "5", "--pairing", "lim")
    assert code == 2 and "--pairing" in err and "burstein" in err
    code, out, err = run("new", f, "--name", "B", "--rounds", "5", "--teams", "--boards", "4", "--pairing", "burstein")
    assert code == 2 and "team events are paired by the Dutch system" in err
    assert not f.exists()


def test_trf_pair_and_check_by_system(tmp_path):
    with open(TRF, encoding="utf-8") as fh:
        text = fh.read()
    t = parse_trf(text, TRF)
    last = max(len(p.records) for p in t.players)
    # cut before the last round: what trf pair --system burstein prints is the stored round
    cut = tmp_path / "cut.trf"
    lines = [line for line in text.splitlines() if not line.startswith("001")]
    for p in t.players:
        keep = p.records[:last - 1]
        if len(p.records) >= last and not p.records[last - 1].outcome.paired:
            keep = p.records[:last]  # a bye asked for the round to pair stays
        pts = sum((t.scoring.points(r.outcome) for r in keep), Fraction(0))
        lines.append(player_line(replace(p, records=keep, points=pts)))
    cut.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run("trf", "pair", cut, "--system", "burstein")
    assert code == 0, err
    games, bye = stored_round(t, last)
    rows = [tuple(int(x) for x in row.split()) for row in out.splitlines()[1:]]
    assert {r for r in rows if r[1] != 0} == games and [r[0] for r in rows if r[1] == 0] == ([bye] if bye else [])
    assert int(out.splitlines()[0]) == len(rows)
    assert run("trf", "check", TRF, "--system", "burstein")[:2] == (0, "every round re-paired exactly as in the file\n")
    assert run("trf", "check", TRF)[0] == 1  # the Dutch pairs these rounds otherwise


def test_the_choices_are_said_as_words(tmp_path):
    """The enums of the registry are words on the command line (argparse shows choices by repr)."""
    code, out, err = run("new", tmp_path / "x.toml", "--name", "X", "--rounds", "3", "--system", "bogus")
    assert code == 2 and "(choose from 'swiss', 'roundrobin', 'double-roundrobin')" in err, err
    code, out, err = run("new", tmp_path / "x.toml", "--name", "X", "--rounds", "3", "--pairing", "bogus")
    assert code == 2 and "(choose from 'dutch', 'burstein')" in err, err


def test_import_and_export_say_the_system_in_the_trf(tmp_path):
    """A TRF whose 192 line says FIDE_BURSTEIN becomes a Burstein event; its export says it again, and the
    event's next round, paired by arbiter, is what `trf pair --system burstein` pairs from the export."""
    src = tmp_path / "in.trf"
    with open(TRF, encoding="utf-8") as fh:
        src.write_text(fh.read() + "192 FIDE_BURSTEIN\n", encoding="utf-8")
    f = tmp_path / "e.toml"
    code, out, err = run("import-trf", src, f)
    assert code == 0, err
    assert load(f).pairing == "burstein"
    plain = tmp_path / "plain.trf"
    with open(TRF, encoding="utf-8") as fh:
        plain.write_text(fh.read(), encoding="utf-8")
    assert run("import-trf", plain, tmp_path / "d.toml")[0] == 0 and load(tmp_path / "d.toml").pairing == "dutch"
    code, out, err = run("export", f, "--format", "trf", "--out", tmp_path / "out.trf")
    assert code == 0, err
    assert "192 FIDE_BURSTEIN" in (tmp_path / "out.trf").read_text(encoding="utf-8")
