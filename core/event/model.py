"""The event: players, rounds and games, as frozen dataclasses.

Only what cannot be derived is stored: results live once, in their game;
scores, colours and standings are computed (`core.event.history`, `core.tiebreaks.standings`).
Every change makes a new `Event` (see `core.event.commands`); unchanged parts are
shared between the old and the new one.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from typing import Any, Iterator

from arbiter_tournament.core.errors import IllegalChange, word
from arbiter_tournament.core.event.records import Scoring
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.event.systems import DEFAULT_PAIRING, STAGES, SYSTEMS, Stage, System, main_stage  # noqa: F401 (SYSTEMS re-exported)

EDITIONS = ("fide2024", "fide2026", "legacy")
BYE_KINDS = ("half", "zero", "full")
PRIZE_SHARING = ("none", "equal", "hort", "winners")  # how tied players' prize money is shared (docs/end-of-event.md)
PRIZE_TROPHIES = ("order", "lot")  # who of a shared place holds a trophy: the Swiss order, or a lot drawn once
REPORTS = ("judge", "agreed")  # players' reports: each waits for the judge's key, or two agreeing are recorded
SEXES = ("f", "m")
RATES = ("standard", "rapid", "blitz")  # which rating of a list the event reads (core/ratings)


@dataclass(frozen=True)
class Player:
    """A participant. `id` is stable for the life of the event (a TRF start number)."""

    id: int
    name: str
    rating: int = 0
    club: str = ""
    federation: str = ""
    table: int | None = None  # 1..tables; None in a one-table event
    team: str = ""
    title: str = ""
    fide_id: str = ""
    sex: str = ""
    birth: str = ""
    late_from: int | None = None  # late entry: first round the player can be paired
    withdrawn_from: int | None = None  # withdrawn: first round the player is no longer paired
    byes: tuple[tuple[int, str], ...] = ()  # requested byes: (round, "half"|"zero"|"full")
    code: str = ""  # the personal code a player reports with (core/event/codes.py); "" none given

    @property
    def status(self) -> str:
        if self.withdrawn_from is not None:
            return "withdrawn"
        if self.late_from is not None:
            return "late"
        return "active"

    def available(self, round_no: int) -> bool:
        """May be paired in this round (not withdrawn, entered, no bye requested)."""
        if self.withdrawn_from is not None and round_no >= self.withdrawn_from:
            return False
        if self.late_from is not None and round_no < self.late_from:
            return False
        return self.requested_bye(round_no) is None

    def requested_bye(self, round_no: int) -> str | None:
        for r, kind in self.byes:
            if r == round_no:
                return kind
        return None


@dataclass(frozen=True)
class Game:
    """One board of a round. `second` is None for the pairing-allocated bye."""

    board: int
    first: int
    second: int | None
    result: Result | None = None
    manual: bool = False  # made or changed by hand, not by the pairing engine
    by: str = ""  # who entered the result
    moves: int | None = None  # number of moves, for the play-off's fewest-moves rule

    @property
    def players(self) -> tuple[int, ...]:
        return (self.first,) if self.second is None else (self.first, self.second)

    @property
    def pair(self) -> tuple[int, int]:
        """(first, second) of a game between two players: for code that has ruled the bye out."""
        if self.second is None:
            raise ValueError(f"board {self.board} is the pairing-allocated bye, not a game of two")
        return self.first, self.second


@dataclass(frozen=True)
class Round:
    """The games of one round of one stage (and one table of a Swiss stage)."""

    stage: str
    number: int
    games: tuple[Game, ...]
    table: int | None = None
    clock_deadline: str = ""  # ISO time when the round clock reaches zero
    clock_paused: int | None = None  # seconds left while the clock is paused

    @property
    def key(self) -> tuple[str, int | None, int]:
        return (self.stage, self.table, self.number)

    def game(self, board: int) -> Game:
        for g in self.games:
            if g.board == board:
                return g
        raise IllegalChange("round {number} has no board {board}", number=self.number, board=board)

    @cached_property
    def missing(self) -> int:
        """Boards without a result (counted once: a round is immutable, and the footer asks on every key)."""
        return sum(1 for g in self.games if g.result is None)


@dataclass(frozen=True)
class Category:
    """A named filter of players, for ranking lists and prizes (`core.final.categories.admits`).

    Every condition given must hold: rating `rating_from` <= r < `rating_below` (an
    unrated player counts as 0), born in `born_from`..`born_to` (years, inclusive),
    `sex`, `unrated` (rating 0 only), `club`, `table`.
    """

    name: str
    rating_from: int | None = None
    rating_below: int | None = None
    born_from: int | None = None
    born_to: int | None = None
    sex: str = ""  # "f" or "m"; "" any
    unrated: bool = False
    club: str = ""
    table: int | None = None


@dataclass(frozen=True)
class Prize:
    """A prize of the prize list: its place in the list is its order; `category` "" is the whole event."""

    name: str
    amount: Fraction | None = None  # money (or a value to compare prizes by); None: a prize without one
    category: str = ""


@dataclass(frozen=True)
class PrizeSplit:
    """Players who agreed a top game's result (704.4) and share the money of their prizes in these parts."""

    players: tuple[int, ...]
    parts: tuple[int, ...]


@dataclass(frozen=True)
class Event:
    name: str
    rounds_planned: int
    system: str = System.SWISS.value
    pairing: str = DEFAULT_PAIRING  # how a Swiss round is paired: a name of core.event.systems.PAIRINGS
    tables: int = 1
    top: int = 0  # size of the knockout top; 0: none
    third_place: bool = False
    start: str = ""  # dates, YYYY-MM-DD ("" not given)
    end: str = ""
    # what a rating report (the TRF's header) says beyond the above; no rule reads them
    city: str = ""
    federation: str = ""  # the host federation, three letters (FIDE's code)
    chief_arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()
    time_control: str = ""  # as the regulations say it, e.g. "90 min + 30 s per move"
    round_dates: tuple[str, ...] = ()  # the main stage's round r on round_dates[r - 1] (YYYY-MM-DD, "" not given)
    scoring: Scoring = field(default_factory=Scoring)
    tiebreaks: tuple[str, ...] = ()
    edition: str = "fide2024"
    share_places: bool = False
    lots_seed: int = 0
    unrated_rating: int | None = None  # rating given to unrated players in rating tie-breaks (C.07 art. 10); None: drop them
    initial_colour: str = "w"  # colour of pairing number 1 in round 1
    pairing_order: str = "rating"  # pairing numbers by rating (ties by name), or "id" (TRF start numbers)
    baku: bool = False
    forbidden: tuple[tuple[int, int], ...] = ()  # pairs who must not meet
    forbidden_clubs: tuple[str, ...] = ()  # members of these clubs must not meet each other
    round_minutes: int = 45
    top_minutes: int = 70
    language: str = ""  # "en" or "ru"; empty: from LANG
    prize_sharing: str = "none"  # money of tied prize winners: "none", "equal", "hort", "winners" (PRIZE_SHARING)
    prize_trophies: str = "order"  # a trophy at a shared place: by the Swiss order or by lot (PRIZE_TROPHIES)
    reports: str = "judge"  # players' reports from their phones (REPORTS; docs/players.md)
    player_byes: int = 0  # byes a player may ask for from the phone (0: none)
    player_bye_kind: str = "half"  # the kind of such a bye (BYE_KINDS)
    rate: str = "standard"  # the rating a rating list gives the players: "standard", "rapid" or "blitz" (RATES)
    categories: tuple[Category, ...] = ()
    prizes: tuple[Prize, ...] = ()  # in the organisers' order (ties of value: the one listed first)
    lots: tuple[tuple[int, ...], ...] = ()  # final-ranking ties broken by lot: the tied ids in the order drawn
    trophy_lots: tuple[tuple[int, ...], ...] = ()  # shared places' trophies by lot: the place's ids in the order drawn
    prize_splits: tuple[PrizeSplit, ...] = ()  # 704.4 agreements
    # what the public site (arbiter export --format html, arbiter publish) shows beyond the results (docs/publishing.md)
    public_crosstable: bool = True
    public_prize_money: bool = True
    extra: tuple[tuple[str, Any], ...] = ()  # stage states owned by their modules (top, playoff, teams)
    players: tuple[Player, ...] = ()
    rounds: tuple[Round, ...] = ()

    # -- look-ups -----------------------------------------------------------
    @cached_property
    def _by_id(self) -> dict[int, Player]:
        return {p.id: p for p in self.players}

    def player(self, pid: int) -> Player:
        try:
            return self._by_id[pid]
        except KeyError:
            raise IllegalChange("no player with id {pid}", pid=pid) from None

    def has_player(self, pid: int) -> bool:
        return pid in self._by_id

    def stage_state(self, name: str) -> Any:
        return dict(self.extra).get(name)

    def table_ids(self) -> list[int | None]:
        return [None] if self.tables <= 1 else list(range(1, self.tables + 1))

    def table_players(self, table: int | None) -> list[Player]:
        if table is None:
            return list(self.players)
        return [p for p in self.players if p.table == table]

    def rounds_of(self, stage: str, table: int | None = None) -> list[Round]:
        return sorted(
            (r for r in self.rounds if r.stage == stage and r.table == table), key=lambda r: r.number
        )

    def find_round(self, stage: str, table: int | None, number: int) -> Round:
        for r in self.rounds:
            if r.key == (stage, table, number):
                return r
        if table is not None:
            raise IllegalChange("there is no {stage} round {number} of table {table}", stage=word(stage),
                                number=number, table=table)
        raise IllegalChange("there is no {stage} round {number}", stage=word(stage), number=number)

    def current_stage(self) -> str:
        """The stage a command without --stage addresses: the last one started."""
        for stage in (Stage.PLAYOFF, Stage.TOP):
            if any(r.stage == stage for r in self.rounds):
                return stage
        return main_stage(self.system)

    def stage_tables(self, stage: str) -> list[int | None]:
        return self.table_ids() if stage == Stage.SWISS else [None]

    def with_round(self, new: Round) -> "Event":
        rounds = [r for r in self.rounds if r.key != new.key]
        rounds.append(new)
        rounds.sort(key=_round_order)
        return replace(self, rounds=tuple(rounds))

    def iter_games(self) -> Iterator[tuple[Round, Game]]:
        for r in self.rounds:
            for g in r.games:
                yield r, g


def _round_order(r: Round) -> tuple:
    return (STAGES.index(r.stage) if r.stage in STAGES else 99, r.table or 0, r.number)


def round_order(r: Round) -> tuple:
    return _round_order(r)


def points_text(x: Fraction) -> str:
    """Points as a judge writes them: 3, 2.5, 0.5; other fractions to 2 decimals."""
    sign = "-" if x < 0 else ""
    x = abs(x)
    if x.denominator == 1:
        return f"{sign}{x.numerator}"
    if x.denominator == 2:
        return f"{sign}{x.numerator // 2}.5"
    hundredths = (x * 100 + Fraction(1, 2)).__floor__()
    return f"{sign}{hundredths // 100}.{hundredths % 100:02d}"
