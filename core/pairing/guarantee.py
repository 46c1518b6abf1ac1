"""How many rounds a Swiss is sure to pair without a rematch, whatever was paired before (docs/pairing.md,
"Rounds without a rematch").

After r rounds of n players (n even; an odd field counts one more, the bye, which nobody may have
twice), the pairs not yet played form a graph in which every player has n - 1 - r partners left, and
round r + 1 can be paired without a rematch exactly when that graph has a perfect matching. So:

* n = 2 (mod 4): the first r = n/2 rounds may have been the complete bipartite graph between two halves
  of odd size n/2 (1-factorable); the halves are then two cliques of odd size: no perfect matching, so
  round n/2 + 1 may be impossible. Up to r = n/2 - 1, every player has n/2 partners left or more, and
  a graph with minimum degree n/2 has a perfect matching (Dirac): n/2 rounds are sure.
* n = 0 (mod 4): after n/2 rounds every player has n/2 - 1 partners left, an odd number; a regular graph
  of odd degree d without a perfect matching has at least 3d + 7 vertices (Tutte's condition: at least
  three odd parts, each with d + 2 vertices or more), more than n: n/2 + 1 rounds are sure. After
  n/2 + 1 rounds the pairs left can be a clique of n/2 - 1 and an (n/2 - 2)-regular graph on n/2 + 1
  (two odd parts): round n/2 + 2 may be impossible (n >= 8).
* n = 4: the three rounds of a round robin are always possible.

In one formula: with m = n rounded up to even, 2 * (m // 4) + 1 rounds are sure (never more than
m - 1). 6 players or teams: 3 rounds (the two triangles of issue 33 stop round 4); 7 or 8: 5 rounds;
10: 5; 12: 7. This counts the field as entered: forbidden pairs, absences and colours can only make
it harder.
"""

from __future__ import annotations

from arbiter_tournament.core.errors import Advice, Msg


def rematch_free_rounds(field: int) -> int:
    """The number of rounds a Swiss of `field` players (or teams) is sure to pair without a rematch."""
    m = field + field % 2
    if m < 2:
        return 0
    return min(m - 1, 2 * (m // 4) + 1)


def smallest_field(rounds: int) -> int:
    """The fewest players (teams) with which a Swiss of `rounds` rounds is sure to pair without a rematch."""
    n = 2
    while rematch_free_rounds(n) < rounds:
        n += 1
    return n


def new_event_note(rounds: int, teams: bool = False) -> Msg | None:
    """What `arbiter new` (and the TUI's new-event form) says of a Swiss of `rounds` rounds: the field it
    needs to be sure of pairings without rematches (None from 3 rounds down: any field of 3 or more)."""
    if rounds < 4:
        return None
    need = smallest_field(rounds)
    if teams:
        note = Msg("a Swiss of {rounds} rounds is sure to be paired without a rematch only with {need} teams or "
                   "more; with fewer, a round robin fits better", rounds=rounds, need=need)
    else:
        note = Msg("a Swiss of {rounds} rounds is sure to be paired without a rematch only with {need} players or "
                   "more; with fewer, a round robin fits better", rounds=rounds, need=need)
    return note.with_advice((Advice.of("use_round_robin"),))  # each shell says how its own way


def field_warning(field: int, rounds: int, teams: bool = False) -> Msg | None:
    """What pairing round 1 says when the field is too small for its rounds (None: it is big enough)."""
    sure = rematch_free_rounds(field)
    if field < 2 or rounds <= sure:
        return None
    need = smallest_field(rounds)
    if teams:
        note = Msg("{field} teams for {rounds} rounds: a pairing without a rematch is sure only up to round {sure} "
                   "({need} teams are needed for {rounds}); a round that cannot be paired is paired with the fewest "
                   "rematches", field=field, rounds=rounds, sure=sure, need=need)
    else:
        note = Msg("{field} players for {rounds} rounds: a pairing without a rematch is sure only up to round {sure} "
                   "({need} players are needed for {rounds}); a round that cannot be paired is paired with the fewest "
                   "rematches", field=field, rounds=rounds, sure=sure, need=need)
    return note.with_advice((Advice.of("fewest_rematches", how=True),))
