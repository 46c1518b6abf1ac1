"""Every round of every corpus tournament, re-paired from the rounds before it.

The corpus (spec/../corpus, or $ARBITER_CORPUS) holds whole tournaments paired
round by round by a FIDE-endorsed Dutch engine. Cut after round r-1, keep the
pre-assigned byes of round r, pair round r: pairs, colours and the bye must
equal the stored round r.
"""

from __future__ import annotations

import glob
import os

import pytest

from core.formats.trf import parse_trf
from core.swiss import pair_round
from core.formats.trfpair import request_from_trf, stored_round

# the shared corpus lies beside the checkout (../shared/corpus), in CI too
CORPUS = os.environ.get("ARBITER_CORPUS") or os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))), "shared", "corpus")
FILES = sorted(glob.glob(os.path.join(CORPUS, "*.trf")))


def _cases():
    out = []
    for path in FILES:
        with open(path, encoding="utf-8") as fh:
            t = parse_trf(fh.read(), path)
        last = max(len(p.records) for p in t.players)
        for r in range(1, last + 1):
            out.append(pytest.param(path, r, id=f"{os.path.basename(path)[:-4]}-r{r}"))
    return out


_CACHE: dict[str, object] = {}


def _tournament(path: str):
    if path not in _CACHE:
        with open(path, encoding="utf-8") as fh:
            t = parse_trf(fh.read(), path)
        if t.total_rounds is None:
            t.total_rounds = max(len(p.records) for p in t.players)
        _CACHE[path] = t
    return _CACHE[path]


@pytest.mark.skipif(not FILES, reason="corpus not available")
@pytest.mark.parametrize("path,rnd", _cases())
def test_corpus_round(path, rnd):
    t = _tournament(path)
    expected_games, expected_bye = stored_round(t, rnd)
    got = pair_round(request_from_trf(t, rnd - 1, path))
    assert sorted(got.boards) == sorted(expected_games)
    assert got.bye == expected_bye


def test_the_corpus_is_there():
    """The corpus test must not pass by skipping: the shared folder lies beside the checkout."""
    assert len(FILES) >= 18, f"no corpus at {CORPUS}"
