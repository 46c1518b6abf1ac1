"""The FIDE (Dutch) system, C.04.3 (2026), as bbpPairings v6.0.0 applies it.

`pair_round(request)` pairs one round (dutch.md sections 2-7). Scores are
integers in tenths; "player i" below means the i-th player to pair in rank
order (3.1), 0-based.

Where each rule lives (a judge's question leads to one function):

| rule (dutch.md) | function |
|---|---|
| 2.2 rounds played, who is not paired now | `players.round_to_pair`, `players.not_paired_now` |
| 2.3 valid players, effective numbers | `players.valid_players`, `players.effective_numbers` |
| 2.4 scores, pairing scores; 8 acceleration (Baku, manual) | `players.score`, `players.pairing_score_before`, `players.acceleration`, `players.baku_acceleration` |
| 2.5-2.6 played games, colour preference | `players.played_colours`, `players.colour_preference` (`colours.colour_state`) |
| 2.7 floats of the last two rounds | `players.float_in_round` |
| 3.1 rank order; 3.3 last round, topscorers | `players.rank_order`; `players.is_last_round`, `players.topscorers` |
| C1 no rematch, forbidden pairs; C3 absolute colours (3.4) | `criteria.c1_no_rematch`, `criteria.c3_absolute_colours` |
| C2 bye eligibility (2.8) | `criteria.c2_pab_eligible` |
| C4 completion | `criteria.c4_complete_pairing` (`brackets.BracketSearch.feasible`) |
| C5 the bye's score beta (3.5); C9 ranks (5.2) | `round_setup.c5_bye_score`, `round_setup.c9_ranks` |
| C6, C7 (V1, V2) | `criteria.c6_c7_value` |
| C8 (V3, V4), C9 (V5) | `brackets.BracketSearch.c8_c9_value`, `criteria.c9_value`; the flags: `c9_first_flag`, `c9_next_flag` |
| C10-C13 colours, C14-C21 floats (V6-V17) | `criteria.c10_colour_difference` ... `criteria.c21_upfloater_level`, packed by `quality.PairQuality` |
| 5.4 generation order | `brackets.BracketSearch` (search), `remainder` (9.4 d-h) |
| 6 colour allocation, rules 1-5 | `colours.allocate` (`colours.rule_1_both_granted` ...) |
| 7 board order | `board_order` |

How the engine searches (never what it finds) is the request's `SearchOptions`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from arbiter_tournament.core.errors import NoLegalPairing
from arbiter_tournament.core.msg import Msg, joined, render, word
from arbiter_tournament.core.swiss.brackets import BracketSearch
from arbiter_tournament.core.swiss.colours import STRENGTH_NAME, allocate
from arbiter_tournament.core.swiss.criteria import c4_complete_pairing
from arbiter_tournament.core.swiss.matching import maximum_matching
from arbiter_tournament.core.swiss.players import rounds_played
from arbiter_tournament.core.swiss.request import Pairing, PairingRequest
from arbiter_tournament.core.swiss.round_setup import RoundData, c5_bye_score, c9_ranks, no_progress, set_up_round

__all__ = ["pair_round", "rounds_played", "board_order"]


def _no_pairing(rd: RoundData, why: str, **params) -> NoLegalPairing:
    """Name the players a maximum matching leaves without an opponent, and why."""
    n = rd.n
    mate = maximum_matching(list(rd.compatible), (1 << n) - 1) if n else []
    exposed = [i for i in range(n) if mate[i] < 0]
    reasons = {}
    for i in exposed or range(n):
        pid = rd.ids[i]
        cs = rd.colour[i]
        can = bin(rd.compatible[i]).count("1")
        if cs.strength == 3 and cs.pref is not None:
            why_i = Msg("can meet {can} of the other {others} players to pair (earlier games, forbidden pairs, "
                        "absolute {colour} colour preference)", can=can, others=n - 1,
                        colour=word("white" if cs.pref == "w" else "black"))
        else:
            why_i = Msg("can meet {can} of the other {others} players to pair (earlier games, forbidden pairs)",
                        can=can, others=n - 1)
        if rd.odd and not rd.pab_eligible[i]:
            why_i = joined([why_i, Msg("not eligible for the bye (already had a PAB or a win without playing)")], ", ")
        reasons[pid] = why_i
    why_all = Msg(why, **params)
    if rd.odd and not any(rd.pab_eligible):
        why_all = joined([why_all, Msg("nobody is eligible for the pairing-allocated bye")], "; ")
    names = ", ".join(str(p) for p in reasons)
    return NoLegalPairing("no legal pairing for round {k}: {why} (players {names})", players=tuple(reasons),
                          reasons=reasons, k=rd.round, why=why_all, names=names)


def board_order(rd: RoundData, games: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """7: the games by the real score of the higher player (by real score, then effective
    number), then the real score of the other, then the higher player's effective number."""
    def key(g):
        a, b = g
        ha, hb = (rd.score[a], -rd.effective[a]), (rd.score[b], -rd.effective[b])
        hi, lo = (a, b) if ha > hb else (b, a)
        return (-rd.score[hi], -rd.score[lo], rd.effective[hi])
    return sorted(games, key=key)


def pair_round(req: PairingRequest, *, progress: Callable[[], None] | None = None) -> Pairing:
    """Pair one round (dutch.md section 5).

    `progress`, when given, is called without arguments many times while the
    engine works (between brackets, every few hundred nodes of a search, at
    each matching), at least about every 100 ms of work, so a caller can show
    that it is working or cancel: whatever it raises propagates out of
    `pair_round` at once. The engine keeps no state between calls, so a
    pairing aborted that way leaves nothing behind and the same request pairs
    exactly as before."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10000 + 4 * len(req.players)))
    try:
        return _pair_round(req, progress or no_progress)
    finally:
        sys.setrecursionlimit(limit)


def _pair_round(req: PairingRequest, progress: Callable[[], None]) -> Pairing:
    """5.7: the round setup, then bracket by bracket from the top score group down."""
    progress()
    rd = set_up_round(req, progress)
    progress()
    if rd.n == 0:
        raise NoLegalPairing("no player to pair in round {k}", k=rd.round)
    complete = _complete_pairing(rd)
    witness: list[int] | None = complete  # the start of the next oracle calls
    groups: list[list[int]] = [[] for _ in rd.score_levels]
    for i in range(rd.n):
        groups[rd.level[i]].append(i)
    rest = (1 << rd.vertices) - 1
    c9 = c9_first_flag(rd, groups, complete)
    pairs: list[tuple[int, int]] = []
    notes: dict[int, Msg] = {}  # reasons as core.msg.i18n messages, for _finish
    mdps: list[int] = []
    for gi, G in enumerate(groups):
        progress()
        N = groups[gi + 1] if gi + 1 < len(groups) else []
        B = mdps + G
        if len(B) <= 1 and not N:
            mdps = B
            break
        search = BracketSearch(rd, mdps, G, N, rest, witness, c9)
        best = search.run()
        if best is None:
            raise _no_pairing(rd, "bracket {score} cannot be completed", score=_pts(rd.score_levels[gi]))
        value, P, Dmask = best
        for hi, lo in P:
            notes[hi] = notes[lo] = (
                Msg("dx_group_mdps", score=_pts(rd.score_levels[gi]), mdps=", ".join(str(rd.ids[m]) for m in mdps))
                if mdps else Msg("dx_group", score=_pts(rd.score_levels[gi])))
        pairs.extend(P)
        paired_mask = sum((1 << a) | (1 << b) for a, b in P)
        rest &= ~paired_mask
        witness = search.feas_cache.get(Dmask) or c4_complete_pairing(rd.graph, rest, witness)
        D = [x for x in B if (Dmask >> x) & 1]
        if N:
            c9 = c9_next_flag(rd, D, N, value)
        for x in D:
            notes[x] = Msg("dx_floats_from", score=_pts(rd.score_levels[gi]))
        mdps = D
        if not N:
            break
    bye = None
    if mdps:
        if len(mdps) != 1 or not rd.odd:
            raise _no_pairing(rd, "players left unpaired")
        bye = mdps[0]
    progress()
    return _finish(rd, pairs, bye, notes)


def _complete_pairing(rd: RoundData) -> list[int]:
    """5.2 step 2: beta (C5) and the C9 ranks when the field is odd, and a complete pairing of
    everybody (C4), or NoLegalPairing."""
    if rd.odd:
        witness = c5_bye_score(rd)
        if rd.beta is None:
            raise _no_pairing(rd, "nobody can receive the pairing-allocated bye")
        rd.c9_rank = c9_ranks(rd)
    else:
        witness = c4_complete_pairing(rd.graph, (1 << rd.vertices) - 1)
    if witness is None:
        raise _no_pairing(rd, "the players cannot all be paired (rematches, forbidden pairs or colours)")
    return witness


def c9_first_flag(rd: RoundData, groups: list[list[int]], witness: list[int]) -> bool:
    """5.2 step 4 (C9): the first bracket's flag is on when the field is odd, beta is the top
    score, and the best pairing of the top group pairs all of it but one."""
    if not (rd.odd and rd.beta is not None and rd.beta >= rd.score_levels[0]):
        return False
    g1 = groups[0]
    sub = BracketSearch(rd, [], g1, [], (1 << rd.vertices) - 1, witness, False, full=False)
    return sub.run()[0][0][0] == (len(g1) - 1) // 2 and len(g1) % 2 == 1


def c9_next_flag(rd: RoundData, D: list[int], N: list[int], value: tuple) -> bool:
    """5.5 (C9): the next bracket's flag is on when the field is odd, beta is at least the next
    group's score, and its best pairing (V3 of the value just chosen) pairs all its players but
    one."""
    v3 = value[1][0]
    return (rd.odd and rd.beta is not None and rd.beta >= rd.pairing_score[N[0]] and (len(D) + len(N)) % 2 == 1
            and v3 == (len(D) + len(N) - 1) // 2)


def _pts(t: int) -> str:
    return f"{t // 10}.{t % 10}" if t % 10 else str(t // 10)


def _finish(rd: RoundData, pairs, bye, notes) -> Pairing:
    """Colours (section 6), board order (section 7) and the reason for each board.

    The reasons are kept as core.msg.i18n messages (`Pairing.reasons`, one per
    board, then the bye) and rendered in English as `Pairing.explanation`.
    """
    init = rd.request.initial_colour or "w"
    games = []
    why_of = {}
    for a, b in pairs:
        hi, lo = (a, b) if a < b else (b, a)
        ch, cl = allocate(rd.colour[hi], rd.colour[lo], rd.effective[hi], init)
        w, bl = (hi, lo) if ch == "w" else (lo, hi)
        games.append((w, bl))
        parts = [notes.get(hi)]
        for x, c in ((hi, ch), (lo, cl)):
            cs = rd.colour[x]
            met = Msg("dx_no_pref") if cs.pref is None else (
                Msg("dx_pref_met") if cs.pref == c else
                Msg(f"dx_pref_not_met_{cs.pref}", strength=Msg(f"dx_{STRENGTH_NAME[cs.strength]}")))
            fl = []
            if rd.down_last[x]:
                fl.append(Msg("dx_down_last"))
            if rd.up_last[x]:
                fl.append(Msg("dx_up_last"))
            other = hi if x == lo else lo
            if rd.pairing_score[x] != rd.pairing_score[other]:
                fl.append(Msg("dx_down_now" if rd.pairing_score[x] > rd.pairing_score[other] else "dx_up_now"))
            colour = Msg("dx_white" if c == "w" else "dx_black")
            parts.append(Msg("dx_player_floats", id=rd.ids[x], pts=_pts(rd.pairing_score[x]), colour=colour,
                             pref=met, floats=joined(fl, ", ")) if fl else
                         Msg("dx_player", id=rd.ids[x], pts=_pts(rd.pairing_score[x]), colour=colour, pref=met))
        why_of[(w, bl)] = joined(parts, "; ")
    ordered = board_order(rd, games)
    boards = [(rd.ids[w], rd.ids[b]) for w, b in ordered]
    reasons = [Msg("dx_pair", w=rd.ids[w], b=rd.ids[b], why=why_of[(w, b)]) for w, b in ordered]
    expl = [render(Msg("px_board", n=i + 1, why=r)) for i, r in enumerate(reasons)]
    bye_id = None
    if bye is not None:
        bye_id = rd.ids[bye]
        assert rd.beta is not None  # an odd field: 5.2 step 2 set it
        reasons.append(Msg("dx_bye", id=bye_id, pts=_pts(rd.pairing_score[bye]), beta=_pts(rd.beta),
                           games=rd.played_games[bye]))
        expl.append(render(Msg("px_bye", why=reasons[-1])))
    return Pairing(rd.round, boards, bye_id, expl, reasons)
