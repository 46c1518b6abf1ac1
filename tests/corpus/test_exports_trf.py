"""TRF export of events made from the corpus: checked with `arbiter trf check`, re-imported to the same standings.

The pairing engine's verdict on a corpus file is not this test's business
(another suite checks it); what is checked here is that the export loses
nothing: `trf check` says exactly the same about the exported file as about
the original, every round of every player is the same, the points and rank
columns agree with the standings, and importing the export gives the same
event and the same standings.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from arbiter_tournament.core.formats.trf import parse_trf
from arbiter_tournament.core.event.records import Outcome
from arbiter_tournament.core.store import load
from tests.cli_run import run
from tests.conftest import CORPUS as _CORPUS

CORPUS = Path(_CORPUS)
FILES = ["clean_n10_r5", "points310_n40_r7", "byes_n60_r9", "forfeits_n45_r8", "long_n24_r11"]
CODES = "BH-C1,BH,SB,WIN,DE"


def arbiter(*args: str) -> subprocess.CompletedProcess:
    """The command line in this process (tests/cli_run.py), its answer as a process's would be."""
    code, out, err = run(*args)
    return subprocess.CompletedProcess(list(map(str, args)), code, out, err)


def ok(*args: str) -> str:
    r = arbiter(*args)
    assert r.returncode == 0, (args, r.stdout[-2000:], r.stderr[-2000:])
    return r.stdout


@pytest.fixture(scope="module", params=FILES)
def exported(request, tmp_path_factory):
    name = request.param
    src = CORPUS / f"{name}.trf"
    d = tmp_path_factory.mktemp(name)
    ok("import-trf", src, d / "event.toml")
    ok("export", d / "event.toml", "--format", "trf", "--out", d / "export.trf")
    ok("import-trf", d / "export.trf", d / "again.toml")
    return name, src, d


def test_trf_check_says_the_same_about_the_export(exported):
    name, src, d = exported
    before = arbiter("trf", "check", src)
    after = arbiter("trf", "check", d / "export.trf")
    assert after.returncode in (0, 1), after.stderr
    assert (after.returncode, after.stdout) == (before.returncode, before.stdout)
    if name == "clean_n10_r5":  # the small clean file re-pairs exactly, round by round
        assert after.returncode == 0 and "every round re-paired exactly" in after.stdout


def test_every_round_of_every_player_survives(exported):
    _name, src, d = exported
    orig = {p.id: p for p in parse_trf(src.read_text(encoding="utf-8")).players}
    out = {p.id: p for p in parse_trf((d / "export.trf").read_text(encoding="utf-8")).players}
    assert orig.keys() == out.keys()
    for pid, p in orig.items():
        q = out[pid]
        assert (q.name.strip(), q.rating, q.points) == (p.name.strip(), p.rating, p.points), pid
        assert q.records == p.records, pid


def test_reimport_gives_the_same_event_and_standings(exported):
    _name, _src, d = exported
    a, b = load(d / "event.toml"), load(d / "again.toml")
    assert a.players == b.players
    assert a.rounds == b.rounds
    assert (a.rounds_planned, a.initial_colour) == (b.rounds_planned, b.initial_colour)
    assert all(a.scoring.points(o) == b.scoring.points(o) for o in Outcome)  # None "as a win" may come back as 3
    sa = json.loads(ok("standings", d / "event.toml", "--format", "json", "--tiebreaks", CODES))
    sb = json.loads(ok("standings", d / "again.toml", "--format", "json", "--tiebreaks", CODES))
    assert sa == sb
    assert len(sa["rows"]) == len(a.players)


def test_rank_column_follows_the_standings(exported):
    _name, _src, d = exported
    rows = json.loads(ok("standings", d / "event.toml", "--format", "json"))["rows"]
    want = {r["id"]: r["rank"] for r in rows}
    got = {p.id: p.rank for p in parse_trf((d / "export.trf").read_text(encoding="utf-8")).players}
    assert got == want


def test_export_of_a_cut_event_pairs_the_next_round_as_the_corpus(tmp_path):
    """Round by round on the small clean file: export after round r, pair r+1, compare with the corpus."""
    from dataclasses import replace

    from arbiter_tournament.core.formats.trf import write_trf
    from arbiter_tournament.core.formats.trf_event import event_to_trf

    src = CORPUS / "clean_n10_r5.trf"
    ok("import-trf", src, tmp_path / "e.toml")
    e = load(tmp_path / "e.toml")
    for r in range(1, len(e.rounds)):
        cut = replace(e, rounds=tuple(x for x in e.rounds if x.number <= r))
        path = tmp_path / f"after{r}.trf"
        path.write_text(write_trf(event_to_trf(cut)), encoding="utf-8")
        lines = ok("trf", "pair", path).split()
        pairs = [(int(lines[i]), int(lines[i + 1])) for i in range(1, len(lines), 2)]
        want = [(g.first, g.second or 0) for g in e.rounds[r].games]
        assert int(lines[0]) == len(want)
        assert sorted(pairs) == sorted(want), f"round {r + 1}"
