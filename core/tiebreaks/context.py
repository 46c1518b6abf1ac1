"""What every tie-break reads: one frozen `Context` (the players and the settings).

`Context.of(players, scoring=..., rounds=..., edition=..., system=..., flags=...)`
is the one place the settings are given: the edition (``fide2024`` default,
``fide2026``, ``legacy``), the system (``swiss`` or a pre-determined system
such as ``roundrobin``) and the `Flags` of tiebreaks.md section 12, each with
its documented default. The records are cut to the rounds played (missing
records count as absent).

Points are counted in integers: `Context.D` is the common denominator of
every point value of the scoring, so a score is an integer over D (`iscore`),
a Buchholz too, a Sonneborn-Berger an integer over D x D. A tie-break family
returns a `Column`: every player's value as a numerator over one
denominator (numerators sort as the values do) and the decisions behind the
values, from which `--explain` says one player's terms (`Term`, `Value`).

Facts several families share (the 16.3 adjusted scores, the BH/SB terms of
16.4, the Fore Buchholz records ...) are worked out once per context:
`ctx.once(fn, *args)` keeps `fn(ctx, *args)`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from functools import cached_property
from math import lcm
from typing import Any, Callable, Generic, Iterable, Mapping, TypeVar

from arbiter_tournament.core.event.records import Outcome, PlayerHistory, RoundRecord, Scoring
from arbiter_tournament.core.event.systems import System

F = Fraction
EDITIONS = ("fide2024", "fide2026", "legacy")

# Requested byes (C.07 16.1): half and zero-point byes; every round after a
# withdrawal, a late entry's missed rounds and absences are zero-point byes.
REQUESTED_BYES = frozenset((Outcome.HALF_BYE, Outcome.ZERO_BYE, Outcome.ABSENT))
# Voluntary unplayed rounds (16.1): a requested bye or a forfeit loss.
VUR_SET = REQUESTED_BYES | {Outcome.FORFEIT_LOSS}
# (Outcome.played / has_opponent are properties: slow in loops.)
PLAYED = frozenset((Outcome.WIN, Outcome.DRAW, Outcome.LOSS))
FORFEITS = frozenset((Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS))
HAS_OPPONENT = PLAYED | FORFEITS

T = TypeVar("T")
W = TypeVar("W")


@dataclass(frozen=True)
class Flags:
    """The choices the regulations make (C.07 16.6 and others) and the project's readings
    (tiebreaks.md section 12). `None` means "as the edition and the system say"; a
    `Context` holds them resolved."""

    apply_16_3_adjustment: bool = True
    apply_16_4_dummy: bool = True
    apply_16_5_vur_cut: bool = True
    forfeits_as_played: bool | None = None  # None: False for Swiss, True for pre-determined pairings
    rr_forfeit_win_counts_in_typeB: bool | None = None  # None: False in fide2024, True in fide2026
    koya_max_score_basis: str = "games"  # or "rounds"
    koya_games: int | None = None  # games each player is scheduled to play (None: derived)
    koya_limit_offset: Fraction = F(0)  # 14.5 limit modifier, in points
    koya_extension: str = "none"  # "none", "extend", "reduce"
    aro_divisor: str = "games"  # or "rounds" (seed 32.4.1)
    tpr_400_rule: bool = False  # clip ratings for TPR (TPR-400 always clips)
    tpr_p_rounding: str = "half-up"  # p to 0.01, half up
    tpr_vur_gt2_last: bool = False  # seed rule for TPR; always on for TPR-400
    ptp_perfect_score: str = "literal"  # "literal" (max + 736) or "plus800" (max + 800)
    fb_final_round_bye: str = "keep"  # "keep" the awarded points or "draw"
    dummy_cap_rounds: int | None = None  # None: rounds played so far; or the scheduled number
    unrated_rating: int | None = None  # None: rating tie-breaks are dropped (0) if anyone is unrated
    ps_cut_with_vur: str = "plain"
    legacy_opponent_byes_as_draw: bool = True
    de_partial_rule: bool | None = None  # None: True (C.07 6.3) except legacy: all must have met
    aob_base: str = "BH"  # fide2026 allows "FB"
    qw_include_forfeits: bool = False
    tpn: Mapping[int, int] | None = None  # id -> pairing number (None: the id)
    tpn_descending: bool = False
    rtng_ascending: bool = False

    @classmethod
    def of(cls, flags: "Flags | Mapping[str, Any] | None") -> "Flags":
        """Flags from a mapping of names (unknown names are a ValueError), or as given."""
        if isinstance(flags, Flags):
            return flags
        flags = dict(flags or {})
        unknown = set(flags) - set(DEFAULT_FLAGS)
        if unknown:
            raise ValueError(f"unknown tie-break flag(s): {', '.join(sorted(unknown))}")
        return cls(**flags)

    def resolved(self, edition: str, system: str) -> "Flags":
        """The defaults that depend on the edition and the system, filled in."""
        return replace(
            self,
            forfeits_as_played=(system != System.SWISS) if self.forfeits_as_played is None else self.forfeits_as_played,
            rr_forfeit_win_counts_in_typeB=(edition == "fide2026") if self.rr_forfeit_win_counts_in_typeB is None
            else self.rr_forfeit_win_counts_in_typeB,
            de_partial_rule=(edition != "legacy") if self.de_partial_rule is None else self.de_partial_rule,
        )


DEFAULT_FLAGS: dict[str, Any] = {f.name: f.default for f in fields(Flags)}


@dataclass(frozen=True)
class Term:
    """One element of a tie-break value (usually one round), for explanations.
    `label`, `cut` and `note` are `core.errors.Msg` texts (English as `str`)."""

    round: int | None
    opponent: int | None
    label: str  # what the round was: "won", "forfeit win", "game" ...
    value: Fraction | None = None  # the value looked at: opponent's score, rating ...
    points: Fraction | None = None  # points the player scored in that round
    contribution: Fraction | None = None  # what the term adds (before cuts)
    cut: str | None = None  # why it was cut, if it was
    note: str = ""


@dataclass(frozen=True)
class Value:
    """One player's tie-break value with the terms and remarks that explain it."""

    value: Fraction
    terms: tuple[Term, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Column(Generic[W]):
    """Every player's value of one tie-break and the decisions behind them.

    `values[id]` is a numerator over `den` (numerators over one denominator sort
    as the values do), or a Fraction when `den` is None. `why` is the family's
    record of its decisions (which rounds counted as what, what was cut and
    why), read by its explanation.
    """

    values: Mapping[int, Any]
    den: int | None
    why: W


@dataclass
class Memo:
    """What one context has worked out: `once` results and the Fractions made."""

    facts: dict[tuple, Any] = field(default_factory=dict)
    fractions: dict[tuple[int, int | None], Fraction] = field(default_factory=dict)


def sum_of(values: Iterable[Fraction | None]) -> Fraction:
    """The sum of the values terms have (`Term.value`, `points`, `contribution`): one a term lacks adds nothing."""
    return sum((v for v in values if v is not None), Fraction(0))


def round_half_up(x: Fraction) -> int:
    """Round to an integer, .5 up (ratings, C.07 art. 10)."""
    return int((F(x) + F(1, 2)).__floor__())


def half_up(total: int, n: int) -> int:
    """round_half_up(total / n) for integers, n > 0."""
    return (2 * total + n) // (2 * n)


@dataclass(frozen=True, eq=False)
class Context:
    """The players, their records cut to `rounds`, and the settings; shared facts on demand.

    Build it with `Context.of`. `records[id]` has exactly `rounds` records.
    """

    players: Mapping[int, PlayerHistory]
    records: Mapping[int, tuple[RoundRecord, ...]]
    scoring: Scoring
    rounds: int
    edition: str = "fide2024"
    system: str = System.SWISS
    flags: Flags = Flags()
    memo: Memo = field(default_factory=Memo, repr=False)

    @classmethod
    def of(
        cls,
        players: Iterable[PlayerHistory],
        *,
        scoring: Scoring,
        rounds: int,
        edition: str = "fide2024",
        system: str = System.SWISS,
        flags: Flags | Mapping[str, Any] | None = None,
    ) -> "Context":
        if edition not in EDITIONS:
            raise ValueError(f"unknown tie-break edition {edition!r}; use one of {', '.join(EDITIONS)}")
        if rounds < 0:
            raise ValueError("rounds must be 0 or more")
        resolved = Flags.of(flags).resolved(edition, system)
        by_id: dict[int, PlayerHistory] = {}
        recs: dict[int, tuple[RoundRecord, ...]] = {}
        absent = RoundRecord(Outcome.ABSENT)
        for p in players:
            if p.id in by_id:
                raise ValueError(f"player id {p.id} appears twice")
            by_id[p.id] = p
            own = tuple(p.records[:rounds])
            # A player with fewer records than rounds (entered late in the data)
            # is treated as absent in the missing rounds.
            if len(own) < rounds:
                own += (absent,) * (rounds - len(own))
            recs[p.id] = own
        opponents = {rec.opponent for own in recs.values() for rec in own}
        opponents.discard(None)
        if not opponents.issubset(by_id):  # find the first culprit, as the message names it
            for pid, own in recs.items():
                for r, rec in enumerate(own, 1):
                    if rec.outcome in HAS_OPPONENT and rec.opponent not in by_id:
                        raise ValueError(f"player {pid}, round {r}: opponent {rec.opponent} is not among the players")
        return cls(by_id, recs, scoring, rounds, edition, system, resolved)

    def with_records(self, records: Mapping[int, tuple[RoundRecord, ...]]) -> "Context":
        """The same players and settings over other records (one tuple of `rounds` records
        per player, against the same opponents), with a memo of its own."""
        return replace(self, records=records, memo=Memo())

    def once(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(self, *args)`, worked out once per context."""
        key = (fn, *args)
        facts = self.memo.facts
        if key in facts:
            return facts[key]
        out = facts[key] = fn(self, *args)
        return out

    # -- the settings --------------------------------------------------------
    @property
    def swiss(self) -> bool:
        return self.system == System.SWISS

    @property
    def win(self) -> Fraction:
        return self.scoring.win

    @property
    def draw(self) -> Fraction:
        return self.scoring.draw

    @property
    def loss(self) -> Fraction:
        return self.scoring.loss

    def n_scheduled(self) -> int:
        """The number of rounds for the 2026 dummy cap (16.4.2)."""
        return self.flags.dummy_cap_rounds or self.rounds

    # -- points --------------------------------------------------------------
    @cached_property
    def points_of(self) -> dict[Outcome, Fraction]:
        """Points per outcome (Scoring.points builds its table on every call)."""
        return {o: self.scoring.points(o) for o in Outcome}

    @cached_property
    def D(self) -> int:
        """The common denominator of every point value of the scoring."""
        return lcm(*(F(v).denominator for v in self.points_of.values()))

    @cached_property
    def ipts(self) -> dict[Outcome, int]:
        """Points per outcome times D."""
        return {o: (F(v) * self.D).numerator for o, v in self.points_of.items()}

    def i(self, points: Fraction) -> int:
        """A point value (a multiple of 1/D) times D."""
        return (F(points) * self.D).numerator

    def pts(self, rec: RoundRecord) -> Fraction:
        return self.points_of[rec.outcome]

    @cached_property
    def ipoints(self) -> dict[int, list[int]]:
        """Points of each round times D, per player (shared: read, do not change)."""
        ip = self.ipts
        return {pid: [ip[rec.outcome] for rec in recs] for pid, recs in self.records.items()}

    @cached_property
    def iscore(self) -> dict[int, int]:
        return {pid: sum(row) for pid, row in self.ipoints.items()}

    @cached_property
    def score(self) -> dict[int, Fraction]:
        made = {n: self.frac(n) for n in set(self.iscore.values())}
        return {pid: made[n] for pid, n in self.iscore.items()}

    @cached_property
    def ids(self) -> tuple[int, ...]:
        return tuple(sorted(self.players))

    def frac(self, n: int, den: int | None = None) -> Fraction:
        """Fraction(n, den) (den: D), made once per context for each value."""
        key = (n, den)
        made = self.memo.fractions
        f = made.get(key)
        if f is None:
            f = made[key] = F(n, self.D if den is None else den)
        return f

    def fractions(self, column: Column) -> dict[int, Fraction]:
        """A column's values as Fractions (one Fraction per distinct value)."""
        if column.den is None:
            return dict(column.values)
        den = column.den
        made = {n: self.frac(n, den) for n in set(column.values.values())}
        return {pid: made[n] for pid, n in column.values.items()}

    # -- which rounds counted as what ----------------------------------------
    def counts_as_game(self, rec: RoundRecord) -> bool:
        """A game for BH/SB/KS/DE purposes: OTB, or a forfeit in a pre-determined
        event (C.07 15.2) or when the regulations say so (`forfeits_as_played`)."""
        if rec.outcome in PLAYED:
            return True
        return rec.outcome in FORFEITS and bool(self.flags.forfeits_as_played)

    @cached_property
    def games(self) -> frozenset[Outcome]:
        """The outcomes that count as games for BH/SB/KS/DE (see counts_as_game)."""
        return HAS_OPPONENT if self.flags.forfeits_as_played else PLAYED

    @cached_property
    def otb(self) -> dict[int, list[int]]:
        """Per player the rounds (0-based) of the games played over the board: the only
        games the rating tie-breaks, AOB and SBH count (C.07 art. 10, 8.2)."""
        out = {}
        for pid, recs in self.records.items():
            out[pid] = [i for i, rec in enumerate(recs) if rec.outcome in PLAYED]
        return out

    @cached_property
    def tail(self) -> dict[int, int]:
        """C.07 16.2: per player the index of the first record of the final run of VUR
        kinds (len: none). A requested bye from there on is category .5, before it .3."""
        out = {}
        for pid, recs in self.records.items():
            t = len(recs)
            while t > 0 and recs[t - 1].outcome in VUR_SET:
                t -= 1
            out[pid] = t
        return out

    def category(self, pid: int, r: int) -> int | None:
        """C.07 16.2 category of round r (1-based) of pid, None for a game."""
        o = self.records[pid][r - 1].outcome
        if o in PLAYED:
            return None
        if o is Outcome.PAB or o is Outcome.FULL_BYE:
            return 1
        if o is Outcome.FORFEIT_WIN:
            return 2
        if o is Outcome.FORFEIT_LOSS:
            return 4
        return 5 if r > self.tail[pid] else 3

    @cached_property
    def adjusted(self) -> "Adjusted":
        return adjusted_scores(self)

    @property
    def iadj(self) -> dict[int, int]:
        """Every player's score as his opponents see it (16.3), times D."""
        return self.adjusted.scores

    def adj(self, pid: int) -> Fraction:
        """The score of pid as his opponents see it (16.3; legacy: unplayed = draws)."""
        return self.frac(self.adjusted.scores[pid])


@dataclass(frozen=True)
class Adjusted:
    """C.07 16.3: the scores as opponents see them (x D) and, per player whose score
    changed, the rounds that count as draws (category .5; legacy: every unplayed round)."""

    scores: dict[int, int]
    as_draws: dict[int, tuple[int, ...]]  # round numbers
    legacy: bool = False


def adjusted_scores(ctx: Context) -> Adjusted:
    """C.07 16.3 (fide editions, Swiss): a requested bye of category .5 counts as a
    draw for the player's opponents; other rounds count as awarded. Legacy: every
    unplayed round of an opponent counts as a draw (byes too, flag
    ``legacy_opponent_byes_as_draw``). Round robin or 16.3 off: the scores."""
    ip = ctx.ipts
    idraw = ctx.i(ctx.draw)
    scores: dict[int, int] = {}
    draws: dict[int, tuple[int, ...]] = {}
    if ctx.edition == "legacy":
        swiss = ctx.swiss
        fap = ctx.flags.forfeits_as_played
        bye_draw = ctx.flags.legacy_opponent_byes_as_draw
        for pid, recs in ctx.records.items():
            total = 0
            changed = []
            for r, rec in enumerate(recs, 1):
                o = rec.outcome
                if o in PLAYED or (not swiss and o in FORFEITS and fap):
                    total += ip[o]
                elif not swiss and o not in HAS_OPPONENT:
                    total += ip[o]  # round-robin bye seat: no round for tie-breaks
                elif o in FORFEITS or bye_draw:
                    total += idraw
                    changed.append(r)
                else:
                    total += ip[o]
            scores[pid] = total
            if total != ctx.iscore[pid]:
                draws[pid] = tuple(changed)
        return Adjusted(scores, draws, legacy=True)
    if not ctx.flags.apply_16_3_adjustment or not ctx.swiss:
        return Adjusted(ctx.iscore, {})
    tail = ctx.tail
    for pid, recs in ctx.records.items():
        total = ctx.iscore[pid]
        t = tail[pid]
        if t < len(recs):
            # category .5 rounds (requested byes at the end) count as draws
            cat5 = [r for r in range(t + 1, len(recs) + 1) if recs[r - 1].outcome is not Outcome.FORFEIT_LOSS]
            for r in cat5:
                total += idraw - ip[recs[r - 1].outcome]
            if total != ctx.iscore[pid]:
                draws[pid] = tuple(cat5)
        scores[pid] = total
    return Adjusted(scores, draws)


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
