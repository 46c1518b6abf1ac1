"""Properties of the Dutch engine on random events it pairs itself.

Events are generated round by round: the engine pairs, random results are drawn
(with forfeits), some players ask for byes, withdraw or enter late, and a few
pairs are forbidden. Every round must pair each available player exactly once
(or give him the bye), never repeat a played game or a forbidden pair, never
give a second PAB, and keep the absolute colour limits (outside the last round).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_tournament.core.errors import NoLegalPairing
from arbiter_tournament.core.event.records import Outcome, PlayerHistory, RoundRecord, Scoring
from arbiter_tournament.core.swiss import PairingRequest, pair_round


def _colours(recs):
    return [r.colour for r in recs if r.outcome.played]


def _simulate(n, rounds, seed, late, forfeit_rate, bye_rate, nforbid):
    rng = random.Random(seed)
    hist = {i: [] for i in range(1, n + 1)}
    entry = {i: (rng.randint(2, max(2, rounds - 1)) if i > n - late else 1) for i in hist}
    withdrawn: set[int] = set()
    ids = list(hist)
    forbidden = set()
    for _ in range(nforbid):
        a, b = rng.sample(ids, 2)
        forbidden.add(frozenset((a, b)))
    for rnd in range(1, rounds + 1):
        absent = set()
        for i in ids:
            if rnd < entry[i] or i in withdrawn:
                absent.add(i)
            elif rng.random() < bye_rate:
                absent.add(i)
        players = [PlayerHistory(i, 2500 - i, f"P{i}", tuple(hist[i])) for i in ids]
        req = PairingRequest(players=players, total_rounds=rounds, absent=absent,
                             scoring=Scoring(), initial_colour=rng.choice("wb"), forbidden=forbidden)
        try:
            pairing = pair_round(req)
        except NoLegalPairing:
            return
        seen = []
        for w, b in pairing.boards:
            seen += [w, b]
            key = frozenset((w, b))
            assert key not in forbidden
            assert not any(r.outcome.played and r.opponent == b for r in hist[w]), "rematch"
        if pairing.bye is not None:
            seen.append(pairing.bye)
            assert not any(r.outcome is Outcome.PAB or (not r.outcome.played and r.outcome in (
                Outcome.FULL_BYE, Outcome.FORFEIT_WIN)) for r in hist[pairing.bye]), "second PAB"
        available = [i for i in ids if i not in absent]
        assert sorted(seen) == sorted(available), "everyone available paired exactly once"
        assert (pairing.bye is None) == (len(available) % 2 == 0)
        # results
        for i in absent:
            hist[i].append(RoundRecord(Outcome.HALF_BYE if rnd >= entry[i] and i not in withdrawn
                                       and rng.random() < 0.5 else Outcome.ABSENT))
        if pairing.bye is not None:
            hist[pairing.bye].append(RoundRecord(Outcome.PAB))
        for w, b in pairing.boards:
            x = rng.random()
            if x < forfeit_rate:
                hist[w].append(RoundRecord(Outcome.FORFEIT_WIN, b, "w"))
                hist[b].append(RoundRecord(Outcome.FORFEIT_LOSS, w, "b"))
            else:
                ow, ob = ((Outcome.WIN, Outcome.LOSS) if x < 0.5 else (Outcome.DRAW, Outcome.DRAW)
                          if x < 0.7 else (Outcome.LOSS, Outcome.WIN))
                hist[w].append(RoundRecord(ow, b, "w"))
                hist[b].append(RoundRecord(ob, w, "b"))
        if rnd < rounds - 1:  # absolute colour limits hold outside the last round
            for w, b in pairing.boards:
                for pid in (w, b):
                    cols = _colours(hist[pid])
                    assert abs(cols.count("w") - cols.count("b")) <= 2
                    assert not (len(cols) >= 3 and cols[-1] == cols[-2] == cols[-3])
        if rng.random() < 0.1 and len(ids) - len(withdrawn) > 4:
            withdrawn.add(rng.choice(ids))


@settings(max_examples=40, deadline=None)
@given(n=st.integers(4, 15), rounds=st.integers(2, 7), seed=st.integers(0, 10**6),
       late=st.integers(0, 3), forfeit_rate=st.sampled_from([0.0, 0.05, 0.2]),
       bye_rate=st.sampled_from([0.0, 0.05, 0.15]), nforbid=st.integers(0, 2))
def test_random_events_keep_the_absolute_rules(n, rounds, seed, late, forfeit_rate, bye_rate, nforbid):
    _simulate(n, rounds, seed, late, forfeit_rate, bye_rate, nforbid)
