"""--explain says the value the standings show (hypothesis, random events).

Every tie-break is written once (core/tiebreaks/*): its rule gives every
player's value and the decisions behind it, the standings (`rank`) show the
values, `--explain` the terms read from the decisions. Here the terms are put
together again as each rule says (the uncut terms summed; averages, ratings
rounded 0.5 up; REP from the rounds; TPR as ARO + dp) and must give the value
in the standings' row, for every code, on random events: Swiss and round robin,
byes, withdrawals, forfeits, short records, unrated players, odd scorings,
every edition, random flags. If the explanation and the standings drift apart
(a term built from other data than the value, a cut marked on the wrong
round), this fails.
"""

from fractions import Fraction as F

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter_tournament.core.tiebreaks.explain import Explanation, explain
from arbiter_tournament.core.tiebreaks.ranking import rank
from arbiter_tournament.core.tiebreaks import Context, lookup
from arbiter_tournament.core.tiebreaks.context import round_half_up
from arbiter_tournament.core.tiebreaks.rating import dp, ptp
from tests.tiebreak_strategies import SCORINGS, any_event, any_flags

# DE first: the ranking applies it to the whole score group, as --explain shows it.
CODES = ["DE", "PTS", "WIN", "WON", "BPG", "BWG", "REP", "GE", "PS", "PS-C1", "PS-C2", "BH", "BH-C1", "BH-C2",
         "BH-M1", "BH-M2", "FB", "FB-C1", "FB-M1", "AOB", "SBH", "SB", "SB-C1", "SB-C2", "SB-M1", "KS", "KS-E",
         "KS-R", "ARO", "ARO-C1", "ARO-C2", "TPR", "TPR-400", "PTP", "APRO", "APPO", "QW", "STD", "RTNG", "TPN"]
EDITION = st.sampled_from(["fide2024", "fide2026", "legacy"])
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def events(draw):
    return any_event(draw, st)


@st.composite
def flag_sets(draw):
    return any_flags(draw, st)


def _cut_number(code: str) -> int:
    return int(code.rsplit("-C", 1)[1]) if "-C" in code else 0


def folded(ctx: Context, pid: int, e: Explanation) -> F:
    """The value the rule makes of the terms --explain shows."""
    code = lookup(e.code).code
    kept = [t for t in e.terms if t.cut is None]
    total = sum((t.contribution for t in kept if t.contribution is not None), F(0))
    values = [t.value for t in kept]
    if code == "RTNG":
        return F(ctx.players[pid].rating)
    if code == "TPN":
        return F((ctx.flags.tpn or {}).get(pid, pid))
    if code == "REP":
        return ctx.rounds + total  # one -1 per voluntary unplayed round
    if code == "AOB":
        return total / len(kept) if kept else F(0)
    if code.startswith("ARO"):
        div = max(ctx.rounds - _cut_number(code), 0) if ctx.flags.aro_divisor == "rounds" else len(kept)
        return F(round_half_up(sum(values, F(0)) / div)) if div and kept else F(0)
    if code in ("TPR", "TPR-400"):
        if not kept:
            return F(0)
        points = sum((t.points for t in kept), F(0))
        return F(round_half_up(sum(values, F(0)) / len(kept)) + dp(round_half_up(100 * points / len(kept))))
    if code == "PTP":
        if not e.terms:
            return F(0)
        halves = int(2 * sum((t.points for t in e.terms), F(0)))
        return F(ptp([int(t.value) for t in e.terms], halves, ctx.flags.ptp_perfect_score == "plus800"))
    if code in ("APRO", "APPO"):
        return F(round_half_up(sum(values, F(0)) / len(values))) if values else F(0)
    return total  # PTS, counts, PS, BH, FB, SB, KS, QW, STD, SBH, DE: the uncut terms added


def _terms_say_what_they_add(code: str, e: Explanation) -> None:
    for t in e.terms:
        if code.startswith(("BH", "FB")) or code in ("PS", "PS-C1", "PS-C2", "SBH", "AOB", "QW"):
            assert t.contribution == t.value, (code, t)
        elif code.startswith("SB"):
            assert t.contribution == t.value * t.points, (code, t)
        elif code.startswith("KS"):
            assert t.contribution == t.points, (code, t)
    if code.startswith("KS"):  # the limit: every opponent cut scored less than every one counted
        cut = [t.value for t in e.terms if t.cut]
        kept = [t.value for t in e.terms if not t.cut]
        assert not (cut and kept) or max(cut) < min(kept), (code, e.terms)


@SETTINGS
@given(events(), st.sampled_from(SCORINGS), EDITION, flag_sets(), st.booleans())
def test_explain_terms_make_the_value_in_the_standings(ev, scoring, edition, flags, share):
    players, rounds, system = ev
    ctx = Context.of(players, scoring=scoring, rounds=rounds, edition=edition, system=system, flags=flags)
    rows = rank(ctx, CODES, lots_seed=3, share_places=share)
    for row in rows:
        for e in explain(ctx, row.id, CODES):
            assert type(e.value) is F and e.value == row.tiebreaks[e.code], (e.code, row.id)
            assert folded(ctx, row.id, e) == row.tiebreaks[e.code], (e.code, row.id, e.terms, e.notes)
            _terms_say_what_they_add(lookup(e.code).code, e)


@SETTINGS
@given(events(), st.sampled_from(SCORINGS), EDITION, flag_sets(),
       st.lists(st.sampled_from([c for c in CODES if c != "DE"]), min_size=0, max_size=6, unique=True),
       st.booleans(), st.integers(0, 3))
def test_rank_orders_by_points_then_each_key(ev, scoring, edition, flags, codes, share, seed):
    """Rows go down by (points, key of each tie-break in turn); equal keys share a place or go by lot."""
    players, rounds, system = ev
    ctx = Context.of(players, scoring=scoring, rounds=rounds, edition=edition, system=system, flags=flags)
    rows = rank(ctx, codes, lots_seed=seed, share_places=share)
    assert sorted(r.id for r in rows) == sorted(p.id for p in players)
    keys = [lookup(c).sort_keys(ctx) for c in codes]
    key = {r.id: (ctx.score[r.id], *(k[r.id] for k in keys)) for r in rows}
    for a, b in zip(rows, rows[1:]):
        assert key[a.id] >= key[b.id]
        if key[a.id] == key[b.id]:
            assert (a.rank == b.rank) if share else (b.rank == a.rank + 1 and b.by_lot)
        else:
            assert b.rank > a.rank
    for r in rows:
        assert all(type(x) is F for x in r.tiebreaks.values())
