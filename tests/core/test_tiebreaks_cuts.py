"""The Cut/Median modifiers (C.07 14.1-14.4) with the 16.5 VUR exception, as the rules say them.

`core.tiebreaks.unplayed.cut` decides which terms every player's BH-Cn, BH-Mn,
SB-Cn ... drop, with quick ways for the usual Cut-1 and Median-1. Here the
rules are followed step by step (one low cut at a time, then the high cuts)
and must give the same terms, the same reasons and the same order, for any
values, products, voluntary unplayed rounds and numbers of cuts.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_tournament.core.tiebreaks.unplayed import CutWhy, cut


def by_the_rules(values, products, vurs, low, high, vur_rule):
    """14.1: a low cut drops the least significant value: the lowest value (SB, 14.1.1 d:
    the lowest-scoring opponent, then the lowest product), the earliest of equals.
    16.5: with voluntary unplayed rounds left, BH drops the lowest of them instead; SB
    drops the higher of the lowest VUR product and the LSV's product; again for every
    further low cut (16.5.2). 14.2: a high cut drops the highest value (then product),
    the earliest of equals, with no VUR exception."""
    prod = products or [0] * len(values)
    live = list(range(len(values)))
    out = []
    for k in range(1, low + 1):
        if not live:
            break
        lsv = min(live, key=lambda i: (values[i], prod[i], i))
        left = [i for i in live if i in vurs] if vur_rule else []
        if not left:
            pick, why = lsv, CutWhy.LOWEST
        elif products is None:
            pick, why = min(left, key=lambda i: (values[i], i)), CutWhy.VUR
        else:
            v = min(left, key=lambda i: (prod[i], i))
            pick, why = (v, CutWhy.VUR_NOT_BELOW) if prod[v] >= prod[lsv] else (lsv, CutWhy.LSV_ABOVE)
        out.append((pick, why, k))
        live.remove(pick)
    for k in range(1, high + 1):
        if not live:
            break
        pick = max(live, key=lambda i: (values[i], prod[i], -i))
        out.append((pick, CutWhy.HIGHEST, k))
        live.remove(pick)
    return out


@st.composite
def terms(draw):
    n = draw(st.integers(0, 9))
    values = draw(st.lists(st.integers(0, 6), min_size=n, max_size=n))
    sb = draw(st.booleans())
    products = [v * draw(st.integers(-1, 2)) for v in values] if sb else None
    vurs = tuple(sorted(draw(st.sets(st.integers(0, max(n - 1, 0)), max_size=n)))) if n else ()
    return values, products, vurs


@settings(max_examples=1500, deadline=None)
@given(terms(), st.integers(0, 3), st.integers(0, 2), st.booleans())
def test_cut_follows_the_rules(t, low, high, vur_rule):
    values, products, vurs = t
    got = cut(values, products, vurs, low, high, vur_rule)
    assert [(c.index, c.why, c.n) for c in got] == by_the_rules(values, products, vurs, low, high, vur_rule)
    if got and got[0].why in (CutWhy.VUR_NOT_BELOW, CutWhy.LSV_ABOVE):  # the two products the first cut compared
        lsv = min(range(len(values)), key=lambda i: (values[i], products[i], i))
        assert (got[0].vur, got[0].lsv) == (min(products[i] for i in vurs), products[lsv])
