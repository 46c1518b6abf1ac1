"""What every tie-break reads: the records cut to the rounds played, scores, flags.

`Context` is built once per query and shared by all tie-break functions. It
holds the edition (``fide2024`` default, ``fide2026``, ``legacy``), the system
(``swiss`` or a pre-determined system such as ``roundrobin``) and the flags of
tiebreaks.md section 12, each with its documented default.

Every tie-break function has the signature ``fn(ctx, pid, param) -> Value``:
the number and the terms that made it, so the same code feeds the standings
and ``--explain``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from core.records import Outcome, PlayerHistory, RoundRecord, Scoring

F = Fraction
EDITIONS = ("fide2024", "fide2026", "legacy")

# Requested byes (C.07 16.1): half and zero-point byes; every round after a
# withdrawal, a late entry's missed rounds and absences are zero-point byes.
REQUESTED_BYES = (Outcome.HALF_BYE, Outcome.ZERO_BYE, Outcome.ABSENT)
VUR_KINDS = REQUESTED_BYES + (Outcome.FORFEIT_LOSS,)
# The same as sets (Outcome.played / has_opponent are properties: slow in loops).
PLAYED = frozenset((Outcome.WIN, Outcome.DRAW, Outcome.LOSS))
FORFEITS = frozenset((Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS))
HAS_OPPONENT = PLAYED | FORFEITS
VUR_SET = frozenset(VUR_KINDS)


@dataclass(frozen=True)
class Term:
    """One element of a tie-break value (usually one round), for explanations."""

    round: int | None
    opponent: int | None
    label: str  # what the round was: "game", "dummy (HPB)", "forfeit win", ...
    value: Fraction | None = None  # the value looked at: opponent's score, rating ...
    points: Fraction | None = None  # points the player scored in that round
    contribution: Fraction | None = None  # what the term adds (before cuts)
    cut: str | None = None  # why it was cut, if it was
    note: str = ""


@dataclass(frozen=True)
class Value:
    """A tie-break value with the terms and remarks that explain it."""

    value: Fraction
    terms: tuple[Term, ...] = ()
    notes: tuple[str, ...] = ()


DEFAULT_FLAGS: dict = {
    "apply_16_3_adjustment": True,
    "apply_16_4_dummy": True,
    "apply_16_5_vur_cut": True,
    "forfeits_as_played": None,  # None: False for Swiss, True for pre-determined pairings
    "rr_forfeit_win_counts_in_typeB": None,  # None: False in fide2024, True in fide2026
    "koya_max_score_basis": "games",  # or "rounds"
    "koya_games": None,  # games each player is scheduled to play (None: derived)
    "koya_limit_offset": F(0),  # 14.5 limit modifier, in points
    "koya_extension": "none",  # "none", "extend", "reduce"
    "aro_divisor": "games",  # or "rounds" (seed 32.4.1)
    "tpr_400_rule": False,  # clip ratings for TPR (TPR-400 always clips)
    "tpr_p_rounding": "half-up",  # p to 0.01, half up
    "tpr_vur_gt2_last": False,  # seed rule for TPR; always on for TPR-400
    "ptp_perfect_score": "literal",  # "literal" (max + 736) or "plus800" (max + 800)
    "fb_final_round_bye": "keep",  # "keep" the awarded points or "draw"
    "dummy_cap_rounds": None,  # None: rounds played so far; or the scheduled number
    "unrated_rating": None,  # None: rating tie-breaks are dropped (0) if anyone is unrated
    "ps_cut_with_vur": "plain",
    "legacy_opponent_byes_as_draw": True,
    "de_partial_rule": None,  # None: True (C.07 6.3) except legacy: all must have met
    "aob_base": "BH",  # fide2026 allows "FB"
    "qw_include_forfeits": False,
    "tpn": None,  # dict id -> pairing number (None: the id)
    "tpn_descending": False,
    "rtng_ascending": False,
}


def round_half_up(x: Fraction) -> int:
    """Round to an integer, .5 up (ratings, C.07 art. 10)."""
    return int((F(x) + F(1, 2)).__floor__())


class Context:
    """Records cut to `rounds`, scores and the section-3 adjusted scores."""

    def __init__(
        self,
        players: list[PlayerHistory],
        *,
        scoring: Scoring,
        rounds: int,
        edition: str = "fide2024",
        system: str = "swiss",
        flags: dict | None = None,
    ) -> None:
        if edition not in EDITIONS:
            raise ValueError(f"unknown tie-break edition {edition!r}; use one of {', '.join(EDITIONS)}")
        if rounds < 0:
            raise ValueError("rounds must be 0 or more")
        unknown = set(flags or {}) - set(DEFAULT_FLAGS)
        if unknown:
            raise ValueError(f"unknown tie-break flag(s): {', '.join(sorted(unknown))}")
        self.scoring = scoring
        self.rounds = rounds
        self.edition = edition
        self.system = system
        self.swiss = system == "swiss"
        f = dict(DEFAULT_FLAGS)
        f.update(flags or {})
        if f["forfeits_as_played"] is None:
            f["forfeits_as_played"] = not self.swiss
        if f["rr_forfeit_win_counts_in_typeB"] is None:
            f["rr_forfeit_win_counts_in_typeB"] = edition == "fide2026"
        if f["de_partial_rule"] is None:
            f["de_partial_rule"] = edition != "legacy"
        self.flags = f
        self.win = scoring.win
        self.draw = scoring.draw
        self.loss = scoring.loss
        # Points per outcome, once (Scoring.points builds its table on every call),
        # and the same as integers over D, the common denominator of every point
        # value: the fast paths (core/tiebreaks/fast.py) add integers and make a
        # Fraction only at the end.
        self._pts: dict[Outcome, Fraction] = {o: scoring.points(o) for o in Outcome}
        self.D = lcm(*(F(v).denominator for v in self._pts.values()))
        self.ipts: dict[Outcome, int] = {o: (F(v) * self.D).numerator for o, v in self._pts.items()}
        self._fracs: dict[tuple[int, int], Fraction] = {}
        self.players: dict[int, PlayerHistory] = {}
        self.recs: dict[int, tuple[RoundRecord, ...]] = {}
        absent = RoundRecord(Outcome.ABSENT)
        for p in players:
            if p.id in self.players:
                raise ValueError(f"player id {p.id} appears twice")
            self.players[p.id] = p
            recs = tuple(p.records[:rounds])
            # A player with fewer records than rounds (entered late in the data)
            # is treated as absent in the missing rounds.
            if len(recs) < rounds:
                recs += (absent,) * (rounds - len(recs))
            self.recs[p.id] = recs
        players_ = self.players
        opponents = {rec.opponent for recs in self.recs.values() for rec in recs}
        opponents.discard(None)
        if not opponents.issubset(players_):  # find the first culprit, as the message names it
            for pid, recs in self.recs.items():
                for r, rec in enumerate(recs, 1):
                    if rec.outcome in HAS_OPPONENT and rec.opponent not in players_:
                        raise ValueError(f"player {pid}, round {r}: opponent {rec.opponent} is not among the players")
        self._scores()

    def _scores(self) -> None:
        """Scores from self.recs; empty caches."""
        ip = self.ipts
        # points of each round times D, per player (read-only: shared by the fast paths)
        self.ipoints: dict[int, list[int]] = {pid: [ip[rec.outcome] for rec in recs] for pid, recs in self.recs.items()}
        self.iscore: dict[int, int] = {pid: sum(row) for pid, row in self.ipoints.items()}
        made = {n: self.frac(n) for n in set(self.iscore.values())}
        self.score = {pid: made[n] for pid, n in self.iscore.items()}
        self._tail: dict[int, int] = {}
        self._iadj: dict[int, int] | None = None
        self._adj: dict[int, Fraction] = {}
        self._cache: dict = {}

    def with_records(self, recs: dict[int, tuple[RoundRecord, ...]]) -> "Context":
        """The same context (players, scoring, rounds, edition, flags) over other records:
        one tuple of `rounds` records per player, against the same opponents (Fore
        Buchholz's final round as draws). `players` keeps the PlayerHistory objects
        as given: read records from `recs`."""
        c = object.__new__(Context)
        c.__dict__.update(self.__dict__)
        c.recs = recs
        c._scores()
        return c

    def frac(self, n: int, den: int | None = None) -> Fraction:
        """Fraction(n, den) (den: D), made once per context for each value."""
        key = (n, den)
        f = self._fracs.get(key)
        if f is None:
            f = self._fracs[key] = F(n, self.D if den is None else den)
        return f

    # -- basic facts -------------------------------------------------------
    def pts(self, rec: RoundRecord) -> Fraction:
        return self._pts[rec.outcome]

    def ids(self) -> list[int]:
        if "ids" not in self._cache:
            self._cache["ids"] = sorted(self.players)
        return list(self._cache["ids"])

    def counts_as_game(self, rec: RoundRecord) -> bool:
        """A game for BH/SB/KS/DE purposes: OTB, or a forfeit in a pre-determined
        event (C.07 15.2) or when the regulations say so (`forfeits_as_played`)."""
        if rec.outcome in PLAYED:
            return True
        return rec.outcome in FORFEITS and self.flags["forfeits_as_played"]

    def tail(self, pid: int) -> int:
        """Index of the first record of the final run of VUR kinds (len: none)."""
        t = self._tail.get(pid)
        if t is None:
            recs = self.recs[pid]
            t = len(recs)
            while t > 0 and recs[t - 1].outcome in VUR_SET:
                t -= 1
            self._tail[pid] = t
        return t

    def category(self, pid: int, r: int) -> int | None:
        """C.07 16.2 category of round r (1-based) of pid, None for a game."""
        o = self.recs[pid][r - 1].outcome
        if o in PLAYED:
            return None
        if o is Outcome.PAB or o is Outcome.FULL_BYE:
            return 1
        if o is Outcome.FORFEIT_WIN:
            return 2
        if o is Outcome.FORFEIT_LOSS:
            return 4
        # 5 when every later round is a VUR kind too (or there is none)
        return 5 if r >= self.tail(pid) else 3

    def iadj(self) -> dict[int, int]:
        """Every player's adj (below) times D."""
        if self._iadj is not None:
            return self._iadj
        ip = self.ipts
        out: dict[int, int] = {}
        if self.edition == "legacy":
            swiss = self.swiss
            fap = self.flags["forfeits_as_played"]
            bye_draw = self.flags["legacy_opponent_byes_as_draw"]
            idraw = (F(self.draw) * self.D).numerator
            for pid, recs in self.recs.items():
                total = 0
                for rec in recs:
                    o = rec.outcome
                    if o in PLAYED or (not swiss and o in FORFEITS and fap):
                        total += ip[o]
                    elif not swiss and o not in HAS_OPPONENT:
                        total += ip[o]  # round-robin bye seat: no round for tie-breaks
                    elif o in FORFEITS or bye_draw:
                        total += idraw
                    else:
                        total += ip[o]
                out[pid] = total
        elif not self.flags["apply_16_3_adjustment"] or not self.swiss:
            out = dict(self.iscore)
        else:
            idraw = (F(self.draw) * self.D).numerator
            for pid, recs in self.recs.items():
                total = self.iscore[pid]
                t = self.tail(pid)
                # category 5 rounds (requested byes at the end) count as draws
                for rec in recs[t:]:
                    o = rec.outcome
                    if o is not Outcome.FORFEIT_LOSS:
                        total += idraw - ip[o]
                out[pid] = total
        self._iadj = out
        return out

    def adj(self, pid: int) -> Fraction:
        """The score of pid as his opponents see it (16.3; legacy: unplayed = draws)."""
        f = self._adj.get(pid)
        if f is None:
            f = self._adj[pid] = self.frac(self.iadj()[pid])
        return f

    def adj_reason(self, pid: int) -> str:
        """Why adj(pid) differs from the score, for explanations."""
        if self.adj(pid) == self.score[pid]:
            return ""
        if self.edition == "legacy":
            return "unplayed rounds count as draws (legacy)"
        rs = [str(r) for r in range(1, len(self.recs[pid]) + 1) if self.category(pid, r) == 5]
        return f"requested bye(s) at the end (16.2.5) in round(s) {', '.join(rs)} count as draws (16.3)"

    def n_scheduled(self) -> int:
        return self.flags["dummy_cap_rounds"] or self.rounds


def fmt(x: Fraction | int | None, places: int = 4) -> str:
    """Plain text for a value, exact arithmetic: integers as integers, others
    rounded half up to `places` decimals with trailing zeros dropped."""
    if x is None:
        return "-"
    x = F(x)
    if x.denominator == 1:
        return str(x.numerator)
    scale = 10**places
    n = round_half_up(abs(x) * scale)
    whole, frac = divmod(n, scale)
    text = f"{whole}.{frac:0{places}d}".rstrip("0").rstrip(".")
    return ("-" if x < 0 else "") + text
