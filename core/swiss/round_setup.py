"""The round setup of dutch.md 5.2: the players to pair in rank order with what the
rules know of each (sections 2-3, 8), compatibility (C1, C3), the bye score beta
(C5) and the C9 ranks. `set_up_round(request)` gives the `RoundData` every later
step reads; the rules themselves are the functions of `players` and `criteria`.

"Player i" below is the i-th player to pair in rank order (3.1), 0-based; sets of
players are Python ints used as bit sets (bit i: player i).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import arbiter_tournament.core.swiss.players as rules
from arbiter_tournament.core.swiss.colours import ColourState
from arbiter_tournament.core.swiss.criteria import c1_no_rematch, c2_pab_eligible, c3_absolute_colours, c4_complete_pairing
from arbiter_tournament.core.swiss.request import PairingRequest, SearchOptions


def no_progress() -> None:
    pass


@dataclass(eq=False)
class RoundData:
    """One round to pair: every list is indexed by player (rank order)."""

    request: PairingRequest
    search: SearchOptions  # how the engine searches (never what it finds)
    win: int  # points in tenths (0)
    draw: int
    loss: int
    rounds_played: int  # r (2.2)
    round: int  # k = r + 1, the round paired
    ids: list[int]  # the players to pair, rank order (3.1)
    pairing_score: list[int]  # PS (2.4), with the virtual points of round k (8)
    score: list[int]  # S (2.4): real points, for the board order (7)
    effective: list[int]  # effective number e (2.3)
    score_levels: list[int]  # the distinct pairing scores, highest first (3.2)
    level: list[int]  # each player's score group: index into score_levels
    colour: list[ColourState]  # colour difference and preference (2.6)
    played_games: list[int]  # G (2.5)
    pab_eligible: list[bool]  # C2 (2.8)
    down_last: list[bool]  # floats (2.7): a downfloat in round r
    up_last: list[bool]  # an upfloat in round r
    down_before_last: list[bool]  # a downfloat in round r - 1
    up_before_last: list[bool]  # an upfloat in round r - 1
    last_round: bool  # 3.3
    compatible: list[int]  # C1, C3 (3.4): the players each one may meet
    wants_white: int  # the players whose preference is white (any strength)
    wants_black: int
    progress: Callable[[], None] = no_progress  # pair_round's callback
    # the completion oracle's graph (C4): `compatible`, plus a bye vertex (number n) when the
    # field is odd, adjacent to the bye candidates (C2, C5)
    graph: list[int] = field(default_factory=list)
    beta: int | None = None  # C5: the pairing score of the bye (3.5), odd fields only
    bye_candidates: int = 0  # eligible players with PS = beta
    c9_rank: dict[int, int] = field(default_factory=dict)  # C9 (5.2): player -> rank by played games

    def __post_init__(self):
        self.n = len(self.ids)
        self.index = {pid: i for i, pid in enumerate(self.ids)}
        self.nlevels = max(1, len(self.score_levels))
        self.odd = self.n % 2 == 1
        self.vertices = self.n + 1 if self.odd else self.n  # players, and the bye vertex
        self.bye_vertex = self.n if self.odd else None
        self.graph = list(self.compatible) + ([0] if self.odd else [])
        self.white = [c.pref == "w" for c in self.colour]  # wants_white, as a list
        self.black = [c.pref == "b" for c in self.colour]

    def set_bye_candidates(self, mask: int) -> None:
        """The players the bye vertex is adjacent to."""
        bv = self.bye_vertex
        assert bv is not None, "a bye vertex only when the number of players is odd"
        self.graph = list(self.compatible) + [mask]
        for i in range(self.n):
            if (mask >> i) & 1:
                self.graph[i] |= 1 << bv
        self.bye_candidates = mask


def set_up_round(req: PairingRequest, progress: Callable[[], None] = no_progress) -> RoundData:
    """5.2 step 1: the players to pair and their data (sections 2-3, 8), compatibility."""
    points = rules.points_table(req)
    win, draw, loss = (rules.tenths(v) for v in (req.scoring.win, req.scoring.draw, req.scoring.loss))
    players = list(req.players)
    r = rules.round_to_pair(players)
    absent = rules.not_paired_now(req, r)
    hist = {p.id: rules.history(p, r) for p in players}
    valid = rules.valid_players(players, hist, absent)
    eff = rules.effective_numbers(valid)
    virtual = rules.acceleration(req, win, draw)

    def ps_before(pid: int, j: int) -> int:
        return rules.pairing_score_before(hist[pid], j, points, virtual.get(pid, {}))

    to_pair = [p for p in valid if p.id not in absent]
    score = {p.id: rules.score(hist[p.id], points) for p in valid}
    ps = {p.id: score[p.id] + virtual.get(p.id, {}).get(r + 1, 0) for p in valid}
    ids = rules.rank_order(to_pair, ps, eff)
    n = len(ids)
    pairing_score = [ps[pid] for pid in ids]
    levels = sorted(set(pairing_score), reverse=True)
    colours = [rules.colour_preference(hist[pid]) for pid in ids]
    floats_last = [rules.float_in_round(pid, hist[pid], r, ps_before, points, loss) for pid in ids]
    floats_before = [rules.float_in_round(pid, hist[pid], r - 1, ps_before, points, loss) for pid in ids]
    last_round = rules.is_last_round(r, req.total_rounds)
    top = rules.topscorers(pairing_score, r, win, draw, last_round)
    compatible = [((1 << n) - 1) & ~(1 << i) for i in range(n)]
    c1_no_rematch(compatible, ids, hist, req.forbidden, req.allow_rematch)
    c3_absolute_colours(compatible, colours, top)
    return RoundData(
        request=req, search=req.search, win=win, draw=draw, loss=loss, rounds_played=r, round=r + 1, ids=ids,
        pairing_score=pairing_score, score=[score[pid] for pid in ids], effective=[eff[pid] for pid in ids],
        score_levels=levels, level=[levels.index(v) for v in pairing_score], colour=colours,
        played_games=[len(rules.played_colours(hist[pid])) for pid in ids],
        pab_eligible=[c2_pab_eligible(hist[pid], points, win) for pid in ids],
        down_last=[f == 1 for f in floats_last], up_last=[f == -1 for f in floats_last],
        down_before_last=[f == 1 for f in floats_before], up_before_last=[f == -1 for f in floats_before],
        last_round=last_round, compatible=compatible,
        wants_white=sum(1 << i for i in range(n) if colours[i].pref == "w"),
        wants_black=sum(1 << i for i in range(n) if colours[i].pref == "b"),
        progress=progress)


def c5_bye_score(rd: RoundData) -> list[int] | None:
    """C5 (3.5), odd fields: beta, the lowest pairing score at which an eligible player (C2) can
    be left out with everybody else paired (C4). Sets `rd.beta` and makes the eligible players
    of that score the bye candidates; returns a complete pairing (with the bye vertex), or None
    when nobody can receive the bye."""
    n = rd.n
    full = (1 << rd.vertices) - 1
    witness = None
    for s in sorted(set(rd.pairing_score)):
        rd.progress()
        cand = sum(1 << i for i in range(n) if rd.pab_eligible[i] and rd.pairing_score[i] <= s)
        if not cand:
            continue
        rd.set_bye_candidates(cand)
        witness = c4_complete_pairing(rd.graph, full)
        if witness is not None:
            rd.beta = s
            break
    if rd.beta is None:
        return None
    rd.set_bye_candidates(sum(1 << i for i in range(n) if rd.pab_eligible[i] and rd.pairing_score[i] == rd.beta))
    return c4_complete_pairing(rd.graph, full, witness)


def c9_ranks(rd: RoundData) -> dict[int, int]:
    """5.2 step 3 (C9): the players with PS = beta ranked by played games: the distinct counts,
    most first, each at the position of its last occurrence (only the order matters)."""
    n = rd.n
    g = sorted((rd.played_games[i] for i in range(n) if rd.pairing_score[i] == rd.beta), reverse=True)
    pos = {v: len(g) - 1 - g[::-1].index(v) for v in set(g)}
    return {i: pos[rd.played_games[i]] for i in range(n) if rd.pairing_score[i] == rd.beta}
