"""FIDE Tournament Report File (TRF-16 / TRF-2026 / bbpPairings extensions).

`parse_trf` reads TRF text into a neutral `TrfTournament`; `write_trf` writes one
back. The reading follows what the FIDE-endorsed pairing engines accept (see
spec/trf.md): fixed-column `001` player records with 10-column round blocks,
`XXR`/`142` rounds, `XXC`/`152` initial colour, `162`/`BB*` point systems,
`192` system (with `_BAKU`), `240` absences, `250`/`XXA` accelerations and
`260`/`XXP` forbidden pairs. Any problem raises `FileProblem(path, line, what)`.

Beyond what the pairing engines read, the TRF-2026 records of round robins and
team events are read and written too (spec/trf.md section 3): `192` the
encoded type of tournament (`FIDE_ROUNDROBIN`, `FIDE_TEAM_ROUNDROBIN` ...),
`092` its free text, `202`/`212` the tie-breaks, and the team section: `310`
(or the older `013`) teams with their board order, `300` a line-up out of
board order, `320` the teams with the pairing-allocated bye, `330` forfeited
matches, `352` the colour sequence and `362` the match points. Each is
checked by column as it is read; what the records mean together (a team
event, a round robin) is `core.formats.trf_event`'s business.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from arbiter_tournament.core.errors import FileProblem, Msg
from arbiter_tournament.core.event.records import Outcome, RoundRecord, Scoring

F = Fraction

SYSTEMS = (
    "FIDE_DUTCH_2025",
    "FIDE_DUTCH",
    "FIDE_DUTCH_2025_BAKU",
    "FIDE_DUTCH_BAKU",
    "FIDE_BURSTEIN",
    "FIDE_BURSTEIN_BAKU",
)


@dataclass
class TrfPlayer:
    """One `001` record."""

    id: int
    name: str = ""
    rating: int = 0
    fed: str = ""
    sex: str = ""
    title: str = ""
    fide_id: str = ""
    birth: str = ""
    points: Fraction = F(0)
    rank: int = 0
    records: list[RoundRecord] = field(default_factory=list)  # rounds 1..len(records)
    line: int = field(default=0, compare=False, repr=False)  # the 001 line it was read from


# 192 codes that are not a Dutch pairing system: the encoded types of TRF-2026 that arbiter
# reads (as the FIDE TEC's trf2json lists them) and writes
ROUND_ROBIN_TYPES = ("FIDE_ROUNDROBIN", "FIDE_DOUBLEROUNDROBIN", "BERGER_ROUNDROBIN", "BERGER_DOUBLEROUNDROBIN")
TEAM_ROUND_ROBIN_TYPES = ("FIDE_TEAM_ROUNDROBIN", "FIDE_TEAM_DOUBLEROUNDROBIN", "BERGER_TEAM_ROUNDROBIN",
                          "BERGER_TEAM_DOUBLEROUNDROBIN")
TEAM_SWISS_TYPES = ("FIDE_TEAM_MP_GP", "FIDE_TEAM_GP_MP", "FIDE_TEAM_MP", "FIDE_TEAM_GP", "FIDE_TEAM",
                    "FIDE_TEAM_BAKU", "FIDE_TEAM_MP_BAKU", "FIDE_TEAM_MP_GP_BAKU", "CUSTOM_TEAM_SWISS",
                    "CUSTOM_TEAM_SWISS_MP", "CUSTOM_TEAM_SWISS_GP")
KNOCKOUT_TYPES = ("CUSTOM_KNOCKOUT",)
TYPES = ROUND_ROBIN_TYPES + TEAM_ROUND_ROBIN_TYPES + TEAM_SWISS_TYPES + KNOCKOUT_TYPES


@dataclass
class TrfTeam:
    """One `310` (TRF-2026) or `013` (TRF-16) record: a team and its players in board order."""

    number: int
    name: str
    players: list[int] = field(default_factory=list)  # start numbers, board 1 first
    short: str = ""
    strength: int = 0
    match_points: Fraction | None = None  # None: blank (and always for a 013 line)
    game_points: Fraction | None = None
    rank: int = 0
    line: int = field(default=0, compare=False, repr=False)


@dataclass
class TrfLineup:
    """One `300` record: a team's players of one round, board 1 first, when not in its board order."""

    round: int
    team: int
    opponent: int
    players: list[int] = field(default_factory=list)
    line: int = field(default=0, compare=False, repr=False)


@dataclass
class TrfTeamBye:
    """The `320` record: what the pairing-allocated bye of a team is worth, and who had it."""

    match_points: Fraction
    game_points: Fraction
    teams: dict[int, int] = field(default_factory=dict)  # round -> team number
    line: int = field(default=0, compare=False, repr=False)


@dataclass
class TrfReport:
    """The header records of a rating report (TRF-16 and TRF-2026): none is used for pairing.

    Dates are ISO (`YYYY-MM-DD`) here and `YYYY/MM/DD` in the file (`YY/MM/DD` in `132`); a date a
    reader cannot make out is kept as "" (other programs write other forms, and no pairing needs it).
    The counts `062`, `072`, `082` are not kept: the writer counts the `001` and team lines.
    """

    city: str = ""  # 022
    federation: str = ""  # 032
    start: str = ""  # 042
    end: str = ""  # 052
    chief_arbiter: str = ""  # 102
    deputies: list[str] = field(default_factory=list)  # 112, one line each
    time_control: str = ""  # 122
    round_dates: list[str] = field(default_factory=list)  # 132: round 1 first, "" where not known


@dataclass
class TrfTournament:
    """The pairing-relevant content of a TRF file."""

    name: str = ""
    players: list[TrfPlayer] = field(default_factory=list)  # in file order
    total_rounds: int | None = None  # XXR / 142
    total_rounds_line: int | None = field(default=None, compare=False, repr=False)  # the line that gave it
    initial_colour: str | None = None  # 'w' / 'b' for pairing number 1 in round 1
    rank_order: bool = False  # XXC rank: the file order is the ranking order
    scoring: Scoring = field(default_factory=Scoring)
    scoring_given: bool = False  # a 162 / BB* record was present
    system: str | None = None  # 192 (or the free text of 092)
    baku: bool = False
    absences: dict[int, set[int]] = field(default_factory=dict)  # 240: round -> ids
    # forbidden pairs: (ids, first round, last round); rounds None = always (XXP)
    forbidden: list[tuple[tuple[int, ...], int | None, int | None]] = field(default_factory=list)
    # acceleration (XXA / 250): id -> {round: virtual points}
    acceleration: dict[int, dict[int, Fraction]] = field(default_factory=dict)
    type_code: str | None = None  # 192 when it is an encoded type of tournament (ROUND_ROBIN_TYPES ...)
    type_text: str = ""  # 092, free text ("Round robin")
    type_line: int | None = field(default=None, compare=False, repr=False)  # the 192 (or 092) line
    tiebreaks: list[str] = field(default_factory=list)  # 202 (or 212 without its PTS), as written
    tiebreaks_line: int | None = field(default=None, compare=False, repr=False)
    teams: list[TrfTeam] = field(default_factory=list)  # 310 (or 013) in file order
    lineups: list[TrfLineup] = field(default_factory=list)  # 300
    team_bye: TrfTeamBye | None = None  # 320
    team_forfeits: list[tuple[str, int, int, int, int]] = field(default_factory=list)  # 330: code, round, teams, line
    withdrawn: list[int] = field(default_factory=list)  # XXZ: players who withdrew (the FIDE TEC: not present)
    withdrawn_line: int | None = field(default=None, compare=False, repr=False)
    colour_sequence: str = ""  # 352, e.g. "WBWB"
    match_scoring: tuple[Fraction, Fraction, Fraction] | None = None  # 362: team win, draw, loss
    report: TrfReport = field(default_factory=lambda: TrfReport())  # 022-132: what a rating report says

    def player(self, pid: int) -> TrfPlayer:
        for p in self.players:
            if p.id == pid:
                return p
        raise KeyError(pid)

    def ordered_players(self) -> list[TrfPlayer]:
        """Players in pairing-number (ranking) order."""
        return list(self.players) if self.rank_order else sorted(self.players, key=lambda p: p.id)

    def forbidden_pairs(self, round_no: int) -> set[frozenset[int]]:
        out: set[frozenset[int]] = set()
        for ids, lo, hi in self.forbidden:
            if lo is not None and not (lo <= round_no <= (hi if hi is not None else lo)):
                continue
            for i, a in enumerate(ids):
                for b in ids[i + 1:]:
                    if a != b:
                        out.add(frozenset((a, b)))
        return out


# ---------------------------------------------------------------------------
# reading

_DECIMAL = re.compile(r"[0-9]+(\.[0-9]+)?")


# More digits than any value of a TRF has (a longer number is refused before Python reads it: above 4300
# digits it would not); a shorter one too big for its field is refused by the field's own check.
_DIGITS_READ = 100


def _points(text: str, path: str, ln: int, what: str) -> Fraction:
    t = text.strip()
    if not t:
        raise FileProblem(path, ln, "{what}: missing value", what=what)
    if not _DECIMAL.fullmatch(t):
        raise FileProblem(path, ln, "{what}: {t!r} is not a number", what=what, t=t)
    if len(t.lstrip("0")) > _DIGITS_READ:
        raise FileProblem(path, ln, "{what}: a number of {digits} digits is too big: at most {most} digits",
                          what=what, digits=len(t), most=_DIGITS_READ)
    v = F(t)
    if (v * 10).denominator != 1:
        raise FileProblem(path, ln, "{what}: {t!r} must be a non-negative multiple of 0.1", what=what, t=t)
    return v


def _int(text: str, path: str, ln: int, what: str) -> int:
    t = text.strip()
    if not t.isdigit() or not t.isascii():
        raise FileProblem(path, ln, "{what}: {t!r} is not a whole number", what=what, t=t)
    if len(t.lstrip("0")) > _DIGITS_READ:  # thousands of digits: Python would not even make them an int
        raise FileProblem(path, ln, "{what}: a number of {digits} digits is too big: at most {most} digits",
                          what=what, digits=len(t), most=_DIGITS_READ)
    return int(t)


# result codes (case-insensitive), as bbpPairings reads them (trf.md section 1)
_PLAYED = {"1": Outcome.WIN, "w": Outcome.WIN, "=": Outcome.DRAW, "d": Outcome.DRAW,
           "0": Outcome.LOSS, "l": Outcome.LOSS}
_FORFEITS = {"+": Outcome.FORFEIT_WIN, "-": Outcome.FORFEIT_LOSS}
_BYES = {"u": Outcome.PAB, "+": Outcome.PAB, "f": Outcome.FULL_BYE, "h": Outcome.HALF_BYE,
         "=": Outcome.HALF_BYE, "z": Outcome.ZERO_BYE, "-": Outcome.ZERO_BYE, " ": Outcome.ZERO_BYE}
_CODES = set(_PLAYED) | set(_FORFEITS) | set(_BYES)


def _round_block(line: str, pos: int, path: str, ln: int, rnd: int) -> RoundRecord | None:
    """The round block of round `rnd`, starting at index `pos` (column pos + 1)."""
    col = pos + 1  # 1-based column of the block's first character
    block = line[pos:pos + 8]
    for i in (pos - 2, pos - 1, pos + 4, pos + 6):
        if i < len(line) and line[i] != " ":
            raise FileProblem(path, ln, "{where}: column {col} must be blank (is the line shifted?)",
                              where=Msg("round {rnd}", rnd=rnd), col=i + 1)
    if not block.strip():
        return None
    if len(block) < 8:
        raise FileProblem(path, ln, "round {rnd} (columns {first}-{last}): the round block is cut short",
                          rnd=rnd, first=col, last=col + 7)
    opp_t, col_t, res_t = block[0:4], block[5], block[7].lower()
    where_opp = Msg("round {rnd} (columns {first}-{last})", rnd=rnd, first=col, last=col + 3)
    where_col = Msg("round {rnd} (column {col})", rnd=rnd, col=col + 5)
    where_res = Msg("round {rnd} (column {col})", rnd=rnd, col=col + 7)
    if opp_t in ("    ", "0000"):
        opp = 0
    else:
        t = opp_t.strip()
        if not (t.isdigit() and t.isascii()):
            raise FileProblem(path, ln, "{where}: opponent {opp_t!r} is not a number", where=where_opp, opp_t=t)
        opp = int(t)
        if opp == 0:
            raise FileProblem(path, ln, "{where}: opponent {opp_t!r}: no opponent is written 0000",
                              where=where_opp, opp_t=opp_t)
    if col_t not in ("w", "b", "-", " "):
        raise FileProblem(path, ln, "{where}: colour {col_t!r} is not w, b or -", where=where_col, col_t=col_t)
    colour = col_t if col_t in ("w", "b") else None
    if res_t not in _CODES:
        raise FileProblem(path, ln, "{where}: {res_t!r} is not a result code (1 = 0 W D L + - U F H Z or blank)",
                          where=where_res, res_t=block[7])
    if opp == 0:
        if colour is not None:
            raise FileProblem(path, ln, "{where}: colour {col_t!r} without an opponent (write -)",
                              where=where_col, col_t=col_t)
        if res_t not in _BYES:
            raise FileProblem(path, ln, "{where}: result {res_t!r} is not valid without an opponent",
                              where=where_res, res_t=block[7])
        return RoundRecord(_BYES[res_t])
    if res_t in _FORFEITS:
        return RoundRecord(_FORFEITS[res_t], opp, colour)
    if res_t not in _PLAYED:
        raise FileProblem(path, ln, "{where}: result {res_t!r} is not valid against an opponent",
                          where=where_res, res_t=block[7])
    if colour is None:
        raise FileProblem(path, ln, "{where}: a played game needs colour w or b", where=where_col)
    return RoundRecord(_PLAYED[res_t], opp, colour)


def _parse_player(line: str, path: str, ln: int) -> tuple[TrfPlayer, list[RoundRecord | None]]:
    """One `001` line. The fields after the points (rank, round blocks) may be left out;
    the line must reach column 84 (bbpPairings refuses shorter ones)."""
    line = line.rstrip()
    if len(line) < 84:
        raise FileProblem(path, ln, "a 001 line must reach column 84 (the points, columns 81-84); "
                                    "this one ends at column {n}", n=len(line))
    pid = _int(line[4:8], path, ln, Msg("pairing number (columns 5-8)"))
    if not 1 <= pid <= 9999:
        raise FileProblem(path, ln, "pairing number {pid} out of range 1..9999", pid=pid)
    rating_t = line[48:52].strip()
    rating = _int(rating_t, path, ln, Msg("rating (columns 49-52)")) if rating_t else 0
    points = _points(line[80:84], path, ln, Msg("points (columns 81-84)"))
    rank_t = line[85:89].strip()
    rank = int(rank_t) if rank_t.isdigit() and rank_t.isascii() else 0
    blocks: list[RoundRecord | None] = []
    pos, rnd = 91, 1
    while pos < len(line):
        blocks.append(_round_block(line, pos, path, ln, rnd))
        pos += 10
        rnd += 1
    while blocks and blocks[-1] is None:
        blocks.pop()
    p = TrfPlayer(id=pid, name=line[14:47].strip(), rating=rating, fed=line[53:56].strip(),
                  sex=line[9].strip(), title=line[10:13].strip(), fide_id=line[57:68].strip(),
                  birth=line[69:79].strip(), points=points, rank=rank, line=ln)
    return p, blocks


def _parse_162(line: str, path: str, ln: int, sc: dict[str, Fraction]) -> None:
    pos = 5
    while pos < len(line):
        letter = line[pos].strip()
        if letter:
            letter = letter.upper()
            val = _points(line[pos + 1:pos + 5], path, ln, Msg("162 value for {letter}", letter=letter))
            if letter not in "WDLZP":
                raise FileProblem(path, ln, "162: point code {letter!r} is not supported (W, D, L, Z, P)", letter=letter)
            sc[letter] = val
        pos += 9


def parse_trf(text: str, path: str = "<trf>") -> TrfTournament:
    """Read TRF text; raise FileProblem(path, line, what) on anything invalid."""
    t = TrfTournament()
    sc: dict[str, Fraction] = {}
    blocks_of: dict[int, list[RoundRecord | None]] = {}
    line_of: dict[int, int] = {}
    acc_line: dict[int, tuple[int, str]] = {}  # player id -> (line, tag) of his last XXA / 250
    rounds_line = (0, "XXR")
    team_tags: set[str] = set()
    teams_013: list[TrfTeam] = []
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for ln, line in enumerate(lines, 1):
        if len(line) < 3:
            continue
        tag = line[:3]
        rest = line[3:].strip()
        if tag == "001":
            p, blocks = _parse_player(line, path, ln)
            if p.id in blocks_of:
                raise FileProblem(path, ln, "pairing number {id} appears twice", id=p.id)
            t.players.append(p)
            blocks_of[p.id] = blocks
            line_of[p.id] = ln
        elif tag == "012":
            t.name = rest
        elif tag in _REPORT_TEXT:
            setattr(t.report, _REPORT_TEXT[tag], rest)
        elif tag in ("042", "052"):
            setattr(t.report, "start" if tag == "042" else "end", _read_date(rest))
        elif tag == "112":
            if rest:
                t.report.deputies.append(rest)
        elif tag == "132":
            t.report.round_dates = _read_round_dates(line)
        elif tag in ("XXR", "142"):
            t.total_rounds = _int(rest, path, ln, Msg("{tag} number of rounds", tag=tag))
            if t.total_rounds < 1:
                raise FileProblem(path, ln, "the number of rounds must be at least 1")
            rounds_line = (ln, tag)
            t.total_rounds_line = ln
        elif tag == "XXC":
            for tok in rest.split():
                tl = tok.lower()
                if tl == "white1":
                    t.initial_colour = "w"
                elif tl == "black1":
                    t.initial_colour = "b"
                elif tl == "rank":
                    t.rank_order = True
                else:
                    raise FileProblem(path, ln, "XXC: unknown configuration {tok!r}", tok=tok)
        elif tag == "152":
            v = line.rstrip()
            if v not in ("152 W", "152 B"):
                raise FileProblem(path, ln, "152 must be exactly '152 W' or '152 B'")
            t.initial_colour = v[-1].lower()
        elif tag == "162":
            _parse_162(line, path, ln, sc)
            t.scoring_given = True
        elif tag in ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"):
            sc[{"BBW": "W", "BBD": "D", "BBL": "L", "BBZ": "ZB", "BBF": "FL", "BBU": "P"}[tag]] = \
                _points(line[4:], path, ln, tag)
            t.scoring_given = True
        elif tag == "192":
            code = line[4:].rstrip("\n")
            if code in TYPES:
                t.type_code, t.type_line = code, ln
            elif code not in SYSTEMS:
                raise FileProblem(path, ln, "192: unknown pairing system {code!r}", code=code)
            else:
                t.system = code
                t.baku = code.endswith("_BAKU")
        elif tag == "092":
            t.type_text = rest
            if t.type_line is None:
                t.type_line = ln
            if t.system is None:
                t.system = rest or None
        elif tag in ("202", "212"):
            toks = [x for x in rest.replace(",", " ").split() if x]
            if tag == "212" and toks and toks[0].upper() in ("PTS", "MPTS"):
                toks = toks[1:]
            if tag == "202" or t.tiebreaks_line is None:
                t.tiebreaks, t.tiebreaks_line = toks, ln
        elif tag == "310":
            _add_team(t, _parse_310(line, path, ln), path)
            team_tags.add(tag)
        elif tag == "013":
            teams_013.append(_parse_013(line, path, ln, len(teams_013) + 1))
        elif tag == "300":
            t.lineups.append(_parse_300(line, path, ln))
        elif tag == "320":
            if t.team_bye is not None:
                raise FileProblem(path, ln, "320: one 320 line holds every round; this is a second one")
            t.team_bye = _parse_320(line, path, ln)
        elif tag == "330":
            t.team_forfeits.append(_parse_330(line, path, ln))
        elif tag == "352":
            seq = rest.upper()
            if not seq or set(seq) - {"W", "B"}:
                raise FileProblem(path, ln, "352: the colour sequence is letters W and B, one a board (like WBWB)")
            t.colour_sequence = seq
        elif tag == "362":
            t.match_scoring = _parse_362(line, path, ln)
        elif tag == "240":
            _parse_240(line, path, ln, t)
        elif tag == "250":
            for pid in _parse_250(line, path, ln, t):
                acc_line[pid] = (ln, tag)
        elif tag == "XXA":
            acc_line[_parse_xxa(line, path, ln, t)] = (ln, tag)
        elif tag == "260":
            _parse_260(line, path, ln, t)
        elif tag == "XXZ":
            t.withdrawn += [_int(x, path, ln, Msg("XXZ player id")) for x in rest.replace(",", " ").split()]
            t.withdrawn_line = ln
        elif tag == "XXP":
            ids = tuple(_int(x, path, ln, Msg("XXP player id")) for x in rest.split())
            if len(ids) >= 2:
                t.forbidden.append((ids, None, None))
        elif tag == "299":
            raise FileProblem(path, ln, "abnormal point assignments (299) are not yet supported")
    if not t.players:
        raise FileProblem(path, None, "no player records (001)")
    t.scoring = _scoring(sc)
    ids = {p.id for p in t.players}
    if not t.rank_order and ids != set(range(1, len(ids) + 1)):
        missing = sorted(set(range(1, len(ids) + 1)) - ids)
        raise FileProblem(path, None, "pairing numbers must be 1..{n} without gaps (missing {missing}) "
                                      "unless XXC rank is given", n=len(ids), missing=missing[:5])
    for p in t.players:
        blocks = blocks_of[p.id]
        recs: list[RoundRecord] = []
        for rnd, b in enumerate(blocks, 1):
            if b is None:
                b = RoundRecord(Outcome.ABSENT)
            elif b.opponent is not None:
                _check_opponent(t, blocks_of, p.id, rnd, b, path, line_of[p.id], ids)
            recs.append(b)
        p.records = recs
    played = max((j for p in t.players for j, rec in enumerate(p.records, 1) if rec.outcome.paired), default=0)
    if t.total_rounds is not None and played > t.total_rounds:
        raise FileProblem(path, rounds_line[0], "{tag}: the tournament has {n} rounds, but the file has "
                                                "pairings of round {played}", tag=rounds_line[1],
                          n=t.total_rounds, played=played)
    for pid in t.withdrawn:
        if pid not in ids:
            raise FileProblem(path, t.withdrawn_line, "XXZ: player {pid} has no 001 line", pid=pid)
    _check_accelerations(t, acc_line, ids, path)
    _check_points(t, path)
    _check_team_section(t, teams_013, ids, path)
    return t


_REPORT_TEXT = {"022": "city", "032": "federation", "102": "chief_arbiter", "122": "time_control"}
_DATE = re.compile(r"([0-9]{2}|[0-9]{4})[/.-]([0-9]{1,2})[/.-]([0-9]{1,2})")


def _iso_date(year: int, month: int, day: int) -> str:
    import datetime

    try:
        return datetime.date(year, month, day).isoformat()
    except ValueError:
        return ""


def _read_date(text: str) -> str:
    """A date of a header record, `YYYY/MM/DD` (also `-` or `.`, and `YY/MM/DD`) -> ISO; "" if it is
    none of those (a reader of rating reports meets other forms: they are not needed to pair)."""
    m = _DATE.fullmatch(text.strip())
    if m is None:
        return ""
    year = int(m.group(1))
    return _iso_date(year + 2000 if len(m.group(1)) == 2 else year, int(m.group(2)), int(m.group(3)))


def _read_round_dates(line: str) -> list[str]:
    """`132`: the date of round r (`YY/MM/DD`) at columns 92 + 10 (r - 1) to 99 + 10 (r - 1)."""
    out = []
    pos = 91
    while pos < len(line):
        out.append(_read_date(line[pos:pos + 8]))
        pos += 10
    while out and not out[-1]:
        out.pop()
    return out


def _check_accelerations(t: TrfTournament, acc_line: dict[int, tuple[int, str]], ids: set[int], path: str) -> None:
    """bbpPairings refuses accelerations of a player without a 001 line (a missing pairing
    number) and more accelerated rounds than the tournament has."""
    for pid in sorted(t.acceleration):
        ln, tag = acc_line[pid]
        if pid not in ids:
            raise FileProblem(path, ln, "{tag}: player {pid} has no 001 line", tag=tag, pid=pid)
        last = max(t.acceleration[pid], default=0)
        if t.total_rounds is not None and last > t.total_rounds:
            raise FileProblem(path, ln, "{tag}: player {pid} is accelerated in round {rnd}, "
                                        "but the tournament has {n} rounds", tag=tag, pid=pid, rnd=last,
                              n=t.total_rounds)


def check_pairable(t: TrfTournament, path: str = "<trf>") -> None:
    """The Dutch engine pairs individual Swiss tournaments: a team section, or a type of tournament
    that is a round robin, a team event or a knockout, is refused (at its line) before pairing."""
    if t.teams:
        raise FileProblem(path, t.teams[0].line, "a team tournament (310 or 013 lines) is not paired by the "
                                                 "Dutch engine")
    if t.type_code:
        raise FileProblem(path, t.type_line, "192 {code}: not a Swiss of individuals, the Dutch engine does not "
                                             "pair it", code=t.type_code)


def rounds_recorded(t: TrfTournament) -> int:
    """The rounds whose records every player's points must cover (bbpPairings' count).

    Every record of a line counts, except a last one that the engine did not pair
    (a pre-assigned bye of the next round): that one may or may not be in the points.
    """
    r = 0
    for p in t.players:
        if p.records:
            r = max(r, len(p.records) - (0 if p.records[-1].outcome.paired else 1))
    return r


def baku_acceleration(t: TrfTournament, total_rounds: int) -> dict[int, dict[int, Fraction]]:
    """Baku virtual points (dutch.md section 8): group A = first ceil(N/2) players in
    pairing-number order, one win in rounds 1..ceil(A/2), a draw up to A = ceil(Rt/2)."""
    sc = t.scoring
    players = t.ordered_players()
    a_rounds = (total_rounds + 1) // 2
    full = (a_rounds + 1) // 2
    return {p.id: {j: (sc.win if j <= full else sc.draw) for j in range(1, a_rounds + 1)}
            for p in players[:(len(players) + 1) // 2]}


def _check_points(t: TrfTournament, path: str) -> None:
    """The points column against the results (trf.md section 1, bbpPairings' check).

    Accepted: the points of the results of the rounds played, plus optionally the
    acceleration of the next round (XXA, 250 or Baku) and optionally the points of a
    pre-assigned bye of the next round.
    """
    sc = t.scoring
    r = rounds_recorded(t)
    acc = t.acceleration or (baku_acceleration(t, t.total_rounds or r) if t.baku else {})
    for p in t.players:
        counted = sum((sc.points(rec.outcome) for rec in p.records[:r]), start=F(0))
        counted += sc.zero_bye * max(0, r - len(p.records))  # rounds without a record: absent
        nxt = sc.points(p.records[r].outcome) if len(p.records) > r else F(0)
        a = acc.get(p.id, {}).get(r + 1, F(0))
        accepted = {counted, counted + a, counted + nxt, counted + nxt + a}
        if p.points in accepted:
            continue
        if len(accepted) == 1:
            raise FileProblem(path, p.line, "player {pid}: the points (columns 81-84) are {written}, "
                                            "but the results give {counted}",
                              pid=p.id, written=trf_points(p.points), counted=trf_points(counted))
        others = ", ".join(trf_points(v) for v in sorted(accepted - {counted}))
        raise FileProblem(path, p.line, "player {pid}: the points (columns 81-84) are {written}, "
                                        "but the results give {counted} (or {others} with the acceleration "
                                        "or the next round's bye)",
                          pid=p.id, written=trf_points(p.points), counted=trf_points(counted), others=others)


def _check_opponent(t, blocks_of, pid, rnd, b, path, ln, ids) -> None:
    opp = b.opponent
    if opp == pid:
        raise FileProblem(path, ln, "round {rnd}: player {pid} is paired against himself", rnd=rnd, pid=pid)
    if opp not in ids:
        raise FileProblem(path, ln, "round {rnd}: opponent {opp} is not a player of the file", rnd=rnd, opp=opp)
    ob = blocks_of[opp]
    other = ob[rnd - 1] if rnd <= len(ob) else None
    if other is None or other.opponent != pid:
        raise FileProblem(path, ln, "round {rnd}: player {pid} meets {opp}, but {opp}'s line does not agree", rnd=rnd, pid=pid, opp=opp)
    if b.outcome.played != other.outcome.played or (
            b.outcome.played and b.colour == other.colour):
        raise FileProblem(path, ln, "round {rnd}: players {pid} and {opp} disagree on the game (colours must be opposite, both played or both forfeited)", rnd=rnd, pid=pid, opp=opp)


def _scoring(sc: dict[str, Fraction]) -> Scoring:
    kw: dict[str, Fraction] = {}
    if "W" in sc:
        kw["win"] = sc["W"]
    if "D" in sc:
        kw["draw"] = sc["D"]
    if "L" in sc:
        kw["loss"] = sc["L"]
    if "Z" in sc:
        kw["zero_bye"] = sc["Z"]
        kw["forfeit_loss"] = sc["Z"]
    if "ZB" in sc:  # BBZ: the zero-point bye only (bbpPairings); 162's Z also sets the forfeit loss
        kw["zero_bye"] = sc["ZB"]
    if "FL" in sc:
        kw["forfeit_loss"] = sc["FL"]
    if "P" in sc:
        kw["pab"] = sc["P"]
    return Scoring(**kw)


def _ids_at(line: str, start: int, path: str, ln: int, what: str) -> list[int]:
    out = []
    pos = start
    while pos < len(line):
        tok = line[pos:pos + 4].strip()
        if tok:
            out.append(_int(tok, path, ln, what))
        pos += 5
    return out


def _parse_240(line: str, path: str, ln: int, t: TrfTournament) -> None:
    line = line.rstrip()
    if len(line) < 9:
        raise FileProblem(path, ln, "240: expected '240 T RRR PPPP ...'")
    rnd = _int(line[6:9], path, ln, Msg("240 round (columns 7-9)"))
    t.absences.setdefault(rnd, set()).update(_ids_at(line, 10, path, ln, Msg("240 player id")))


def _parse_260(line: str, path: str, ln: int, t: TrfTournament) -> None:
    line = line.rstrip()
    if len(line) < 11:
        raise FileProblem(path, ln, "260: expected '260 RRF RRL PPPP PPPP ...'")
    lo = _int(line[4:7], path, ln, Msg("260 first round (columns 5-7)"))
    hi = _int(line[8:11], path, ln, Msg("260 last round (columns 9-11)"))
    ids = _ids_at(line, 12, path, ln, Msg("260 player id"))
    if len(ids) >= 2:
        t.forbidden.append((tuple(ids), lo, hi))


def _at_least_1(text: str, path: str, ln: int, what: str) -> int:
    v = _int(text, path, ln, what)
    if v < 1:
        raise FileProblem(path, ln, "{what}: {t!r} must be at least 1", what=what, t=text.strip())
    return v


def _parse_250(line: str, path: str, ln: int, t: TrfTournament) -> range:
    """`250 MMMM GGGG RRF RRL PPPF PPPL`: GGGG virtual points for players PPPF..PPPL in
    rounds RRF..RRL. As in bbpPairings, a later line replaces (does not add to) the
    values an earlier one gave for the same player and round; MMMM must be blank or 0."""
    line = line.rstrip().ljust(31)
    mp = line[4:8]
    if mp.strip() and _points(mp, path, ln, Msg("250 match points (columns 5-8)")) != 0:
        raise FileProblem(path, ln, "250: the match points (columns 5-8) must be blank or 0")
    pts = _points(line[9:13], path, ln, Msg("250 points (columns 10-13)"))
    if pts == 0:
        raise FileProblem(path, ln, "250: the points (columns 10-13) must not be 0")
    r1 = _at_least_1(line[14:17], path, ln, Msg("250 first round (columns 15-17)"))
    r2 = _at_least_1(line[18:21], path, ln, Msg("250 last round (columns 19-21)"))
    p1 = _at_least_1(line[22:26], path, ln, Msg("250 first player (columns 23-26)"))
    p2 = _at_least_1(line[27:31], path, ln, Msg("250 last player (columns 28-31)"))
    if len(line) > 31:
        raise FileProblem(path, ln, "250: nothing may follow the last player (column 32 on)")
    if r1 > r2:
        raise FileProblem(path, ln, "250: first round {first} is after last round {last}", first=r1, last=r2)
    if p1 > p2:
        raise FileProblem(path, ln, "250: first player {first} is after last player {last}", first=p1, last=p2)
    for pid in range(p1, p2 + 1):
        acc = t.acceleration.setdefault(pid, {})
        for r in range(r1, r2 + 1):
            acc[r] = pts
    return range(p1, p2 + 1)


def _parse_xxa(line: str, path: str, ln: int, t: TrfTournament) -> int:
    """`XXA PPPP a1.. a2.. ...`: the player's virtual points, round by round (values of 4
    characters every 5 columns from column 10). As in bbpPairings, a second XXA (or one
    after a 250) for the same player continues after the rounds already given."""
    line = line.rstrip()
    pid = _at_least_1(line[4:8], path, ln, Msg("XXA player id (columns 5-8)"))
    acc = t.acceleration.setdefault(pid, {})
    pos, rnd = 9, max(acc, default=0) + 1
    while pos < len(line):
        if line[pos - 1] != " ":
            raise FileProblem(path, ln, "XXA: column {col} must be blank (values are 4 characters every 5 columns)",
                              col=pos)
        acc[rnd] = _points(line[pos:pos + 4], path, ln, Msg("XXA round {rnd} (columns {first}-{last})",
                                                            rnd=rnd, first=pos + 1, last=pos + 4))
        pos += 5
        rnd += 1
    return pid


# ---------------------------------------------------------------------------
# the team section (TRF-2026: 310 300 320 330 352 362; TRF-16: 013), spec/trf.md section 3


def _blank_at(line: str, cols, path: str, ln: int, tag: str) -> None:
    """The 1-based columns `cols` separate fields: they must be blank."""
    for c in cols:
        if c <= len(line) and line[c - 1] != " ":
            raise FileProblem(path, ln, "{tag}: column {col} must be blank (is the line shifted?)", tag=tag, col=c)


def _id_list(line: str, first: int, path: str, ln: int, tag: str, width: int = 4) -> list[int]:
    """Numbers of `width` columns from the 1-based column `first`, one blank column between them;
    a blank place or all zeros is 0 (an empty place)."""
    out: list[int] = []
    pos, k = first - 1, 1
    while pos < len(line):
        if k > 1 and line[pos - 1] != " ":
            raise FileProblem(path, ln, "{tag}: column {col} must be blank (is the line shifted?)", tag=tag, col=pos)
        tok = line[pos:pos + width].strip()
        out.append(_int(tok, path, ln, Msg("{tag} place {k} (columns {a}-{b})", tag=tag, k=k, a=pos + 1,
                                            b=pos + width)) if tok else 0)
        pos += width + 1
        k += 1
    return out


def _opt_points(text: str, path: str, ln: int, what: str) -> Fraction | None:
    return _points(text, path, ln, what) if text.strip() else None


def _parse_310(line: str, path: str, ln: int) -> TrfTeam:
    line = line.rstrip()
    _blank_at(line, (4, 8, 41, 47, 54, 61, 68, 72, 73), path, ln, "310")
    number = _at_least_1(line[4:7], path, ln, Msg("310 team number (columns 5-7)"))
    name = line[8:40].strip()
    if not name:
        raise FileProblem(path, ln, "310: the team name (columns 9-40) is empty")
    strength_t = line[47:53].strip()
    rank_t = line[68:71].strip()
    return TrfTeam(
        number=number, name=name, short=line[41:46].strip(),
        strength=_int(strength_t, path, ln, Msg("310 strength (columns 48-53)")) if strength_t else 0,
        match_points=_opt_points(line[54:60], path, ln, Msg("310 match points (columns 55-60)")),
        game_points=_opt_points(line[61:67], path, ln, Msg("310 game points (columns 62-67)")),
        rank=_int(rank_t, path, ln, Msg("310 rank (columns 69-71)")) if rank_t else 0,
        players=[x for x in _id_list(line, 74, path, ln, "310") if x], line=ln)


def _parse_013(line: str, path: str, ln: int, number: int) -> TrfTeam:
    line = line.rstrip()
    _blank_at(line, (4,), path, ln, "013")
    name = line[4:36].strip()
    if not name:
        raise FileProblem(path, ln, "013: the team name (columns 5-36) is empty")
    return TrfTeam(number=number, name=name, players=[x for x in _id_list(line, 37, path, ln, "013") if x], line=ln)


def _add_team(t: TrfTournament, team: TrfTeam, path: str) -> None:
    for other in t.teams:
        if other.number == team.number:
            raise FileProblem(path, team.line, "310: team number {n} appears twice", n=team.number)
        if other.name == team.name:
            raise FileProblem(path, team.line, "310: team name {name!r} appears twice", name=team.name)
    t.teams.append(team)


def _parse_300(line: str, path: str, ln: int) -> TrfLineup:
    line = line.rstrip()
    _blank_at(line, (4, 8, 12, 16), path, ln, "300")
    rnd = _at_least_1(line[4:7], path, ln, Msg("300 round (columns 5-7)"))
    team = _at_least_1(line[8:11], path, ln, Msg("300 team (columns 9-11)"))
    opp_t = line[12:15].strip()
    opp = _int(opp_t, path, ln, Msg("300 opponent team (columns 13-15)")) if opp_t else 0
    return TrfLineup(rnd, team, opp, _id_list(line, 17, path, ln, "300"), ln)


def _parse_320(line: str, path: str, ln: int) -> TrfTeamBye:
    line = line.rstrip()
    _blank_at(line, (4, 9, 14), path, ln, "320")
    mp = _points(line[4:8], path, ln, Msg("320 match points (columns 5-8)"))
    gp = _points(line[9:13], path, ln, Msg("320 game points (columns 10-13)"))
    teams = {}
    for rnd, team in enumerate(_id_list(line, 15, path, ln, "320", width=3), start=1):
        if team:
            teams[rnd] = team
    return TrfTeamBye(mp, gp, teams, ln)


_FORFEIT_CODES = {"+-": "+-", "WZ": "+-", "WL": "+-", "10": "+-", "-+": "-+", "ZW": "-+", "LW": "-+", "01": "-+",
                  "--": "--", "ZZ": "--", "LL": "--", "00": "--"}


def _parse_330(line: str, path: str, ln: int) -> tuple[str, int, int, int, int]:
    line = line.rstrip()
    _blank_at(line, (4, 7, 11, 15), path, ln, "330")
    code = _FORFEIT_CODES.get(line[4:6].upper())
    if code is None:
        raise FileProblem(path, ln, "330: {code!r} (columns 5-6) is not a forfeit (+- -+ --)", code=line[4:6])
    rnd = _at_least_1(line[7:10], path, ln, Msg("330 round (columns 8-10)"))
    first = _at_least_1(line[11:14], path, ln, Msg("330 first team (columns 12-14)"))
    second = _at_least_1(line[15:18], path, ln, Msg("330 second team (columns 16-18)"))
    return code, rnd, first, second, ln


def _parse_362(line: str, path: str, ln: int) -> tuple[Fraction, Fraction, Fraction]:
    got = {"W": F(2), "D": F(1), "L": F(0)}
    pos = 5
    while pos < len(line):
        letter = line[pos].strip().upper()
        if letter:
            if letter not in got:
                raise FileProblem(path, ln, "362: match point code {letter!r} is not supported (W, D, L)",
                                  letter=letter)
            got[letter] = _points(line[pos + 1:pos + 5], path, ln, Msg("362 value for {letter}", letter=letter))
        pos += 9
    if not got["W"] > got["D"] >= got["L"]:
        raise FileProblem(path, ln, "362: match points must be win > draw >= loss")
    return got["W"], got["D"], got["L"]


def _check_team_section(t: TrfTournament, teams_013: list[TrfTeam], ids: set[int], path: str) -> None:
    """The team records against each other and against the 001 lines."""
    if teams_013 and t.teams:  # TRF-16 and TRF-2026 lines together: they must say the same
        by_no = {x.number: x for x in t.teams}
        for old in teams_013:
            new = by_no.get(old.number)
            if new is None or (new.name, new.players) != (old.name, old.players):
                raise FileProblem(path, old.line, "013 team {n} ({name}) does not match the 310 line of team {n}",
                                  n=old.number, name=old.name)
        if len(teams_013) != len(t.teams):
            raise FileProblem(path, teams_013[-1].line, "013: {a} teams, but the 310 lines have {b}",
                              a=len(teams_013), b=len(t.teams))
    elif teams_013:
        for team in teams_013:
            if any(x.name == team.name for x in t.teams):
                raise FileProblem(path, team.line, "013: team name {name!r} appears twice", name=team.name)
            t.teams.append(team)
    others = [("300", x.line) for x in t.lineups] + [("330", f[4]) for f in t.team_forfeits]
    if t.team_bye is not None:
        others.append(("320", t.team_bye.line))
    if not t.teams:
        if others:
            tag, ln = min(others, key=lambda x: x[1])
            raise FileProblem(path, ln, "{tag}: a team record, but the file has no teams (310 or 013 lines)", tag=tag)
        return
    numbers = sorted(x.number for x in t.teams)
    if numbers != list(range(1, len(numbers) + 1)):
        missing = sorted(set(range(1, len(numbers) + 1)) - set(numbers))
        raise FileProblem(path, max(t.teams, key=lambda x: x.number).line,
                          "team numbers must be 1..{n} without gaps (missing {missing})", n=len(numbers),
                          missing=missing[:5])
    team_of: dict[int, int] = {}
    for team in t.teams:
        for pid in team.players:
            if pid not in ids:
                raise FileProblem(path, team.line, "team {n} ({name}): player {pid} has no 001 line", n=team.number,
                                  name=team.name, pid=pid)
            if pid in team_of:
                raise FileProblem(path, team.line, "player {pid} is in two teams ({a} and {b})", pid=pid,
                                  a=team_of[pid], b=team.number)
            team_of[pid] = team.number
    for p in t.players:
        if p.id not in team_of:
            raise FileProblem(path, p.line, "player {pid} is in no team (310 or 013 lines)", pid=p.id)
    known = set(numbers)
    for lu in t.lineups:
        for n in (lu.team, lu.opponent):
            if n and n not in known:
                raise FileProblem(path, lu.line, "300: there is no team {n}", n=n)
        for pid in lu.players:
            if pid and team_of.get(pid) != lu.team:
                raise FileProblem(path, lu.line, "300: player {pid} is not a player of team {n}", pid=pid, n=lu.team)
    if t.team_bye is not None:
        for rnd, n in t.team_bye.teams.items():
            if n not in known:
                raise FileProblem(path, t.team_bye.line, "320: round {rnd}: there is no team {n}", rnd=rnd, n=n)
    for _code, _rnd, a, b, ln in t.team_forfeits:
        for n in (a, b):
            if n not in known:
                raise FileProblem(path, ln, "330: there is no team {n}", n=n)
    if t.colour_sequence and any(len(team.players) < len(t.colour_sequence) for team in t.teams):
        team = min(t.teams, key=lambda x: len(x.players))
        raise FileProblem(path, team.line, "team {n} ({name}) has {k} players for {b} boards (352)", n=team.number,
                          name=team.name, k=len(team.players), b=len(t.colour_sequence))


# ---------------------------------------------------------------------------
# writing

_WRITE_CODE = {Outcome.WIN: "1", Outcome.DRAW: "=", Outcome.LOSS: "0", Outcome.FORFEIT_WIN: "+",
               Outcome.FORFEIT_LOSS: "-", Outcome.PAB: "U", Outcome.FULL_BYE: "F",
               Outcome.HALF_BYE: "H", Outcome.ZERO_BYE: "Z"}


def trf_points(v: Fraction) -> str:
    """Points as a TRF writes them: one decimal (`2.5`); a value not a multiple of 0.1 is refused."""
    tenths = v * 10
    if tenths.denominator != 1:
        raise ValueError(f"points {v} are not a multiple of 0.1")
    n = int(tenths)
    return f"{n // 10}.{n % 10}"


_NOT_RATED = {Outcome.WIN: "W", Outcome.DRAW: "D", Outcome.LOSS: "L"}  # a result agreed without play (704.4)


def _block(rec: RoundRecord) -> str:
    if rec.outcome is Outcome.ABSENT:
        return "        "
    if rec.opponent is None:
        return f"0000 - {_WRITE_CODE[rec.outcome]}"
    col = rec.colour or "-"
    code = _NOT_RATED[rec.outcome] if rec.agreed and rec.outcome in _NOT_RATED else _WRITE_CODE[rec.outcome]
    return f"{rec.opponent:4d} {col} {code}"


def player_line(p: TrfPlayer) -> str:
    head = (f"001 {p.id:4d} {p.sex[:1]:1}{p.title[:3]:>3} {p.name[:33]:<33} "
            f"{(str(p.rating) if p.rating else ''):>4} {p.fed[:3]:<3} {p.fide_id[:11]:>11} "
            f"{p.birth[:10]:<10} {trf_points(p.points):>4} {(str(p.rank) if p.rank else ''):>4}")
    assert len(head) == 89, len(head)
    body = "".join("  " + _block(r) for r in p.records)
    return (head + body).rstrip()


def team_line(team: TrfTeam) -> str:
    """A `310` record (TRF-2026), columns as in spec/trf.md section 3."""
    if not 1 <= team.number <= 999:
        raise ValueError(f"team number {team.number} does not fit columns 5-7")

    def pts(v: Fraction | None) -> str:
        return "" if v is None else trf_points(v)

    head = (f"310 {team.number:3d} {team.name[:32]:<32} {team.short[:5]:<5} "
            f"{(str(team.strength) if team.strength else ''):>6} {pts(team.match_points):>6} "
            f"{pts(team.game_points):>6} {(str(team.rank) if team.rank else ''):>3}  ")
    assert len(head) == 73, len(head)
    return (head + " ".join(f"{pid:4d}" for pid in team.players)).rstrip()


def lineup_line(lu: TrfLineup) -> str:
    """A `300` record: a team's players of one round, board 1 first."""
    return f"300 {lu.round:3d} {lu.team:3d} {lu.opponent:3d} " + " ".join(f"{pid:4d}" for pid in lu.players)


def team_bye_line(bye: TrfTeamBye, rounds: int) -> str:
    """The `320` record: the bye's match and game points, then the team with it, round by round."""
    per = " ".join(f"{bye.teams.get(r, 0):3d}" for r in range(1, rounds + 1))
    return f"320 {trf_points(bye.match_points):>4} {trf_points(bye.game_points):>4} {per}".rstrip()


def _date(iso: str, year_digits: int = 4) -> str:
    """ISO `2026-05-01` as a TRF writes a date: `2026/05/01` (`26/05/01` with two year digits)."""
    return iso.replace("-", "/")[4 - year_digits:] if iso else ""


def round_dates_line(dates: list[str]) -> str:
    """`132` with the date of round r (`YY/MM/DD`) at columns 92 + 10 (r - 1), as the 001 lines' round blocks."""
    blocks = "".join(f"  {_date(d, 2):<8}" for d in dates)
    return ("132" + " " * 86 + blocks).rstrip()


def report_lines(t: TrfTournament) -> list[str]:
    """The header of a rating report, in the order of TRF-2026: 012 022 032 042 052 062 072 082 092 102
    112 122 132 (a record with nothing to say is left out; 062 and 072 count the 001 lines, 082 the
    teams)."""
    r = t.report
    out: list[str] = []
    if t.name:
        out.append(f"012 {t.name}")
    out += [f"{tag} {v}" for tag, v in (("022", r.city), ("032", r.federation), ("042", _date(r.start)),
                                         ("052", _date(r.end))) if v]
    if t.players:
        out.append(f"062 {len(t.players)}")
        out.append(f"072 {sum(1 for p in t.players if p.rating)}")
    if t.teams:
        out.append(f"082 {len(t.teams)}")
    if t.type_text:
        out.append(f"092 {t.type_text}")
    elif t.system and t.system not in SYSTEMS:
        out.append(f"092 {t.system}")
    if r.chief_arbiter:
        out.append(f"102 {r.chief_arbiter}")
    out += [f"112 {d}" for d in r.deputies if d]
    if r.time_control:
        out.append(f"122 {r.time_control}")
    if any(r.round_dates):
        out.append(round_dates_line(r.round_dates))
    return out


def write_trf(t: TrfTournament) -> str:
    """TRF text with the report's header (012 to 132), the 001 lines (exact columns), 192, 162,
    XXR/142, XXC, 202 and the team section (352, 362, 310, 300, 320) when there is one."""
    out: list[str] = report_lines(t)
    for p in t.players:
        out.append(player_line(p))
    out.append("")
    if t.type_code:
        out.append(f"192 {t.type_code}")
    elif t.system in SYSTEMS:
        out.append(f"192 {t.system}")
    sc = t.scoring
    if t.scoring_given or sc != Scoring():
        parts = [("W", sc.win), ("D", sc.draw)]
        if sc.loss:
            parts.append(("L", sc.loss))
        if sc.zero_bye:
            parts.append(("Z", sc.zero_bye))
        if sc.pab is not None:
            parts.append(("P", sc.pab))
        out.append("162  " + "".join(f"{c}{trf_points(v):>4}    " for c, v in parts).rstrip())
    if t.total_rounds is not None:
        out.append(f"XXR {t.total_rounds}")
    toks = []
    if t.initial_colour:
        toks.append("white1" if t.initial_colour == "w" else "black1")
    if t.rank_order:
        toks.append("rank")
    if toks:
        out.append("XXC " + " ".join(toks))
    for rnd in sorted(t.absences):
        if t.absences[rnd]:
            out.append(f"240 Z {rnd:3d} " + " ".join(f"{i:4d}" for i in sorted(t.absences[rnd])))
    for ids, lo, hi in t.forbidden:
        if lo is None:
            out.append("XXP " + " ".join(str(i) for i in ids))
        else:
            out.append(f"260 {lo:3d} {hi if hi is not None else lo:3d} " + " ".join(f"{i:4d}" for i in ids))
    for pid in sorted(t.acceleration):
        acc = t.acceleration[pid]
        if acc:
            last = max(acc)
            vals = " ".join(f"{trf_points(acc.get(r, F(0))):>4}" for r in range(1, last + 1))
            out.append(f"XXA {pid:4d} {vals}")
    if t.withdrawn:
        out.append("XXZ " + " ".join(str(i) for i in t.withdrawn))
    if t.tiebreaks:
        out.append("202 " + ",".join(t.tiebreaks))
    if t.teams:
        if t.colour_sequence:
            out.append(f"352 {t.colour_sequence}")
        if t.match_scoring is not None:
            out.append("362  " + "".join(f"{c}{trf_points(v):>4}    " for c, v in zip("WDL", t.match_scoring)).rstrip())
        out += [team_line(team) for team in t.teams]
        out += [lineup_line(lu) for lu in t.lineups]
        if t.team_bye is not None and t.team_bye.teams:
            out.append(team_bye_line(t.team_bye, max(t.team_bye.teams)))
    return "\n".join(out) + "\n"
