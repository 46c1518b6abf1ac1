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

from core.records import Outcome, PlayerHistory, RoundRecord, Scoring

F = Fraction
EDITIONS = ("fide2024", "fide2026", "legacy")

# Requested byes (C.07 16.1): half and zero-point byes; every round after a
# withdrawal, a late entry's missed rounds and absences are zero-point byes.
REQUESTED_BYES = (Outcome.HALF_BYE, Outcome.ZERO_BYE, Outcome.ABSENT)
VUR_KINDS = REQUESTED_BYES + (Outcome.FORFEIT_LOSS,)


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
        self.players: dict[int, PlayerHistory] = {}
        self.recs: dict[int, tuple[RoundRecord, ...]] = {}
        for p in players:
            if p.id in self.players:
                raise ValueError(f"player id {p.id} appears twice")
            self.players[p.id] = p
            recs = tuple(p.records[:rounds])
            # A player with fewer records than rounds (entered late in the data)
            # is treated as absent in the missing rounds.
            recs += tuple(RoundRecord(Outcome.ABSENT) for _ in range(rounds - len(recs)))
            self.recs[p.id] = recs
        for pid, recs in self.recs.items():
            for r, rec in enumerate(recs, 1):
                if rec.outcome.has_opponent and rec.opponent not in self.players:
                    raise ValueError(f"player {pid}, round {r}: opponent {rec.opponent} is not among the players")
        self.score = {pid: sum((self.pts(r) for r in recs), F(0)) for pid, recs in self.recs.items()}
        self._adj: dict[int, Fraction] = {}
        self._cache: dict = {}

    # -- basic facts -------------------------------------------------------
    def pts(self, rec: RoundRecord) -> Fraction:
        return self.scoring.points(rec.outcome)

    def ids(self) -> list[int]:
        return sorted(self.players)

    def counts_as_game(self, rec: RoundRecord) -> bool:
        """A game for BH/SB/KS/DE purposes: OTB, or a forfeit in a pre-determined
        event (C.07 15.2) or when the regulations say so (`forfeits_as_played`)."""
        if rec.outcome.played:
            return True
        return rec.outcome in (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS) and self.flags["forfeits_as_played"]

    def category(self, pid: int, r: int) -> int | None:
        """C.07 16.2 category of round r (1-based) of pid, None for a game."""
        recs = self.recs[pid]
        o = recs[r - 1].outcome
        if o.played:
            return None
        if o in (Outcome.PAB, Outcome.FULL_BYE):
            return 1
        if o is Outcome.FORFEIT_WIN:
            return 2
        if o is Outcome.FORFEIT_LOSS:
            return 4
        later = recs[r:]
        if not later or all(x.outcome in VUR_KINDS for x in later):
            return 5
        return 3

    def adj(self, pid: int) -> Fraction:
        """The score of pid as his opponents see it (16.3; legacy: unplayed = draws)."""
        if pid in self._adj:
            return self._adj[pid]
        recs = self.recs[pid]
        total = F(0)
        if self.edition == "legacy":
            for rec in recs:
                o = rec.outcome
                if o.played or (not self.swiss and o.has_opponent and self.flags["forfeits_as_played"]):
                    total += self.pts(rec)
                elif not self.swiss and not o.has_opponent:
                    total += self.pts(rec)  # round-robin bye seat: no round for tie-breaks
                elif o.has_opponent or self.flags["legacy_opponent_byes_as_draw"]:
                    total += self.draw
                else:
                    total += self.pts(rec)
        elif not self.flags["apply_16_3_adjustment"] or not self.swiss:
            total = self.score[pid]
        else:
            for r, rec in enumerate(recs, 1):
                total += self.draw if self.category(pid, r) == 5 else self.pts(rec)
        self._adj[pid] = total
        return total

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
