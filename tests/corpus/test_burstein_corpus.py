"""Every round of every Burstein corpus tournament, re-paired from the rounds before it.

tests/data/corpus/burstein holds whole tournaments paired round by round by
bbpPairings v6.0.0 (`--burstein -p`; bench/bbp_burstein_events.py played them, see
the folder's README). Cut after round r-1, keep the pre-assigned byes of round r,
pair round r with the registry's Burstein engine: pairs, colours and the bye must
equal the stored round r. No bbpPairings is needed here: the files are the truth.
"""

from __future__ import annotations

import glob
import os

import pytest

from arbiter_tournament.core.event.systems import PAIRINGS, pairing_system
from arbiter_tournament.core.formats.trfpair import request_from_trf, stored_round, trf_check
from tests.conftest import CORPUS
from tests.helpers import corpus_trf

FILES = sorted(glob.glob(os.path.join(CORPUS, "burstein", "*.trf")))


def _cases():
    out = []
    for path in FILES:
        last = max(len(p.records) for p in corpus_trf(path).players)
        for r in range(1, last + 1):
            out.append(pytest.param(path, r, id=f"{os.path.basename(path)[:-4]}-r{r}"))
    return out


@pytest.mark.parametrize("path,rnd", _cases())
def test_burstein_corpus_round(path, rnd):
    t = corpus_trf(path)
    expected_games, expected_bye = stored_round(t, rnd)
    got = pairing_system("burstein").engine()(request_from_trf(t, rnd - 1, path))
    assert sorted(got.boards) == sorted(expected_games)
    assert got.bye == expected_bye


def test_the_burstein_corpus_is_there():
    """The corpus test must not pass by skipping: the corpus is the project's own."""
    assert len(FILES) >= 12, f"no Burstein corpus in {CORPUS}/burstein"
    assert sum(os.path.getsize(f) for f in FILES) < 200_000  # small in bytes


def test_the_dutch_engine_pairs_these_events_otherwise():
    """The corpus tells the systems apart: the Dutch engine, asked the same rounds, pairs some of them
    differently (so the Burstein test above is not one a Dutch engine would pass)."""
    dutch = pairing_system("dutch").engine()
    differ = 0
    for path in FILES[:4]:
        t = corpus_trf(path)
        for r in range(1, max(len(p.records) for p in t.players) + 1):
            games, bye = stored_round(t, r)
            if not games:
                continue
            got = dutch(request_from_trf(t, r - 1, path))
            differ += set(got.boards) != games or got.bye != bye
    assert differ > 0


def test_trf_check_by_the_registry_name():
    """`trf check --system burstein` (core.formats.trfpair.trf_check) finds every round as stored; the Dutch
    one does not."""
    assert set(PAIRINGS) >= {"dutch", "burstein"}
    path = FILES[0]
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    assert trf_check(text, path, system="burstein") == []
    assert trf_check(text, path, system="dutch") != []
