"""Every round of every corpus tournament, re-paired from the rounds before it.

The corpus (tests/data/corpus, the project's copy) holds whole tournaments paired
round by round by a FIDE-endorsed Dutch engine. Cut after round r-1, keep the
pre-assigned byes of round r, pair round r: pairs, colours and the bye must
equal the stored round r.
"""

from __future__ import annotations

import glob
import os

import pytest

from arbiter_tournament.core.swiss import pair_round
from arbiter_tournament.core.formats.trfpair import request_from_trf, stored_round
from tests.conftest import CORPUS
from tests.helpers import corpus_trf

FILES = sorted(glob.glob(os.path.join(CORPUS, "*.trf")))


def _cases():
    out = []
    for path in FILES:
        last = max(len(p.records) for p in corpus_trf(path).players)
        for r in range(1, last + 1):
            out.append(pytest.param(path, r, id=f"{os.path.basename(path)[:-4]}-r{r}"))
    return out


@pytest.mark.skipif(not FILES, reason="corpus not available")
@pytest.mark.parametrize("path,rnd", _cases())
def test_corpus_round(path, rnd):
    t = corpus_trf(path)
    expected_games, expected_bye = stored_round(t, rnd)
    got = pair_round(request_from_trf(t, rnd - 1, path))
    assert sorted(got.boards) == sorted(expected_games)
    assert got.bye == expected_bye


def test_the_corpus_is_there():
    """The corpus test must not pass by skipping: the corpus is the project's own (tests/data/corpus)."""
    assert len(FILES) >= 18, f"no corpus at {CORPUS}"
