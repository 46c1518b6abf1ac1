"""core.tiebreaks.explain on the V1 crosstable (tiebreaks.md 10.1 worked checks), FB and legacy team checks."""

from fractions import Fraction as F

import pytest

from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.tiebreaks.explain import explain, explain_player, render_explain
from arbiter_tournament.core.tiebreaks.ranking import rank
from arbiter_tournament.core.tiebreaks import Context, compute
from arbiter_tournament.core.tiebreaks.team import TeamContext, TeamHistory, TeamRound, compute_team
from test_tiebreaks_v1 import PLAYERS, S


def by_code(items):
    return {e.code: e for e in items}


def test_explain_bh_c1_cuts_the_vur_dummy():
    e = by_code(explain(Context.of(PLAYERS, scoring=S, rounds=5), 4, ["BH-C1", "SB-C1", "BH"]))
    bh = e["BH-C1"]
    assert bh.value == F(23, 2)
    cut = [t for t in bh.terms if t.cut]
    assert len(cut) == 1 and cut[0].round == 2 and cut[0].opponent is None
    assert "16.5" in cut[0].cut and cut[0].value == F(7, 2)
    assert "dummy" in cut[0].note
    r1 = next(t for t in bh.terms if t.round == 1)
    assert r1.opponent == 12 and r1.value == 3 and "16.3" in r1.note  # adjusted 2 -> 3
    sb = e["SB-C1"]
    assert [t.round for t in sb.terms if t.cut] == [2] and sb.value == 8
    assert sum(t.contribution for t in e["BH"].terms) == e["BH"].value == 15


def test_explain_forfeit_win_dummy_and_2026_cap():
    e = by_code(explain(Context.of(PLAYERS, scoring=S, rounds=5), 11, ["BH"]))
    r4 = next(t for t in e["BH"].terms if t.round == 4)
    assert (r4.opponent, r4.value, r4.label) == (9, F(5, 2), "forfeit win")
    e = by_code(explain(Context.of(PLAYERS, scoring=S, rounds=5, edition="fide2026"), 11, ["BH"]))
    r4 = next(t for t in e["BH"].terms if t.round == 4)
    assert r4.value == F(3, 2) and "capped" in r4.note


def test_render_explain_text():
    text = render_explain(explain_player(Context.of(PLAYERS, scoring=S, rounds=5), 4, ["BH-C1", "TPR", "DE"]))
    assert text.startswith("Player 4: 3.5 points after round 5, edition fide2024")
    assert "BH-C1 = 11.5" in text and "CUT" in text
    assert "TPR = 2081" in text and "dp +193" in text
    assert "tied group 1, 3, 4, 16" in text


def test_explain_unknown_player():
    with pytest.raises(IllegalChange, match="unknown player 99"):
        explain(Context.of(PLAYERS, scoring=S, rounds=5), 99, ["BH"])


def test_v1_de_resolves_nothing():
    rows = rank(Context.of(PLAYERS, scoring=S, rounds=5), ["DE"], lots_seed=0, share_places=True)
    by_pts = {}
    for r in rows:
        by_pts.setdefault(r.points, set()).add(r.rank)
    assert all(len(ranks) == 1 for ranks in by_pts.values())


def test_fore_buchholz_hand_computed():
    # Hand computation on V1 (not a spec vector): final-round games as draws.
    # #1: fore scores 9: 1.5 (PAB kept), 13: 2, 2: 4, 15: 2.5, 4: 3.5 -> 13.5.
    assert compute(["FB"], Context.of(PLAYERS, scoring=S, rounds=5))[1]["FB"] == F(27, 2)
    # TEC reading: #9's final-round PAB as a draw -> #9 counts 1.0 -> 13.
    tec = Context.of(PLAYERS, scoring=S, rounds=5, flags={"fb_final_round_bye": "draw"})
    assert compute(["FB"], tec)[1]["FB"] == 13


def test_team_legacy_virtual_team():
    # Team 1: R1 bye (PAB = drawn match: 1 MP, 2 GP), R2 beats 2 3-1, R3 draws 3 2-2 (4 boards).
    # Virtual team for R1 (legacy, Olympiad): 0 MP before + 1 (draw) + 1 x 2 later rounds = 3 MP;
    # EMGSB term = 3 x 2 GP = 6.  Fide2024 dummy: own MP 4 x 2 = 8.
    t = [
        TeamHistory(1, rounds=(TeamRound(None, kind="pab"), TeamRound(2, F(3)), TeamRound(3, F(2)))),
        TeamHistory(2, rounds=(TeamRound(3, F(2)), TeamRound(1, F(1)), TeamRound(None, kind="pab"))),
        TeamHistory(3, rounds=(TeamRound(2, F(2)), TeamRound(None, kind="pab"), TeamRound(1, F(2)))),
    ]
    legacy = compute_team(["EMGSB"], TeamContext.of(t, rounds=3, edition="legacy"))[1]
    fide = compute_team(["EMGSB"], TeamContext.of(t, rounds=3))[1]
    assert legacy.mp == 4
    # opponents: 2 has 1+0+1 = 2 MP; 3 has 1+1+1 = 3 MP
    assert fide.tiebreaks["EMGSB"] == 4 * 2 + 2 * 3 + 3 * 2
    assert legacy.tiebreaks["EMGSB"] == 3 * 2 + 2 * 3 + 3 * 2


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_compact_explanation_says_the_same_words_in_columns_as_wide_as_needed(lang):
    """The TUI's explanation (80 columns) has each tie-break's columns as wide as its terms need: word for word
    what `standings --explain` says in its fixed columns (a term was two lines at 80 columns), never a line longer.
    On the V1 crosstable, where the terms have dummies, cuts and remarks, for every player and tie-break."""
    codes = ["BH-C1", "SB-C1", "BH", "ARO", "PS", "WIN", "DE"]
    ctx = Context.of(PLAYERS, scoring=S, rounds=5)
    for pid in sorted(p.id for p in PLAYERS):
        ex = explain_player(ctx, pid, codes)
        fixed = render_explain(ex, lang=lang).splitlines()
        compact = render_explain(ex, lang=lang, compact=True).splitlines()
        assert [line.split() for line in compact] == [line.split() for line in fixed]
        assert all(len(line) <= len(f) for line, f in zip(compact, fixed))
        assert any(len(line) < len(f) for line, f in zip(compact, fixed))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_demo_explanations_fit_the_tuis_dialog(lang):
    """Every player of the demo event (4 tables): each term without a cut or a remark on one line of the
    explanation dialog (72 columns at 80)."""
    from arbiter_tournament.core.store import load
    from arbiter_tournament.core.tiebreaks.standings import explain_text
    from tests.conftest import ROOT

    e = load(ROOT / "saves" / "demo.toml")
    seen = 0
    for p in e.players:
        text = explain_text(e, p.id, table=p.table, lang=lang, compact=True)
        terms = [line for line in text.splitlines() if line.startswith("  ") and not line.startswith("  * ")]
        plain = [line for line in terms if not any(w in line for w in ("CUT", "ОТСЕЧ", "["))]
        assert plain and all(len(line) <= 72 for line in plain), text
        seen += 1
    assert seen == len(e.players) > 30
