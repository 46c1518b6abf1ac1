"""Every round of the perf corpus (tests/data/corpus/perf/), re-paired from the
rounds before it.

Three big opens (700, 1000 and 1500 players, 9 rounds) with forfeits, retired
players and requested half-point byes, made and paired round by round by the
endorsed engine's own generator. Their middle rounds are the heavy tail of
the engine (dutch.md 9.4 d-h on brackets of several hundred players). Cut
before round r, keep the pre-assigned byes of round r, pair round r: pairs,
colours and the bye must equal the stored round. The time of each round is
printed by bench/bench_perf.py, not measured here.
"""

from __future__ import annotations

import glob
import os

import pytest

from arbiter_tournament.core.swiss import pair_round
from arbiter_tournament.core.formats.trfpair import request_from_trf, stored_round
from tests.conftest import CORPUS
from tests.helpers import corpus_trf

FILES = sorted(glob.glob(os.path.join(CORPUS, "perf", "*.trf")), key=lambda p: (len(p), p))
ROUNDS = 9

@pytest.mark.skipif(not FILES, reason="perf corpus not available")
@pytest.mark.parametrize("path", FILES, ids=lambda p: os.path.basename(p)[:-4])
@pytest.mark.parametrize("rnd", range(1, ROUNDS + 1), ids=lambda r: f"r{r}")
def test_perf_round(path, rnd):
    t = corpus_trf(path)
    assert max(len(p.records) for p in t.players) == ROUNDS
    expected_games, expected_bye = stored_round(t, rnd)
    got = pair_round(request_from_trf(t, rnd - 1, path))
    assert len(got.boards) == len(expected_games)
    assert sorted(got.boards) == sorted(expected_games)
    assert got.bye == expected_bye


def test_the_perf_corpus_is_there():
    """Not passing by skipping: the three perf events are the project's own (tests/data/corpus/perf)."""
    assert len(FILES) == 3, f"no perf corpus at {os.path.join(CORPUS, 'perf')}"
