"""The tie-break codes without their rules (core/tiebreaks/codes.py): the one grammar the file's reader
checks codes with and `registry.lookup` reads them with, so a code is known to both or to neither."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_tournament.core.tiebreaks import codes, registry
from tests.conftest import ROOT


def test_the_codes_without_a_parameter_are_the_registrys():
    assert set(codes.FIXED_CODES) == set(registry.FIXED)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="BHSCMFPTAROKEWINDG-0123456789 rl", max_size=8)
       | st.sampled_from([*codes.FIXED_CODES, *codes.ALIASES, "bh-c1", " sb ", "BH-M2", "PS-C3", "ARO-C1", "FB-C1",
                          "PS-M1", "KS-C1", "BH-", "ARO1"]))
def test_a_code_is_known_to_the_grammar_exactly_when_the_registry_gives_its_rule(code):
    try:
        rule = registry.lookup(code)
    except codes.UnknownTieBreak as exc:
        with pytest.raises(codes.UnknownTieBreak) as got:
            codes.canonical(code)
        assert str(got.value) == str(exc)
        return
    assert codes.canonical(code) == rule.code


def test_checking_codes_loads_no_rule():
    """The event file's reader checks the event's codes: that loads neither the rules nor their context."""
    script = ("import sys\nfrom arbiter_tournament.core.tiebreaks.codes import check\ncheck(['BH-C1', 'SB', 'WIN'])\n"
              "print(sorted(m for m in sys.modules if m.startswith('arbiter_tournament.core.tiebreaks')))")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['arbiter_tournament.core.tiebreaks', 'arbiter_tournament.core.tiebreaks.codes']"
