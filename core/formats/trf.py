"""FIDE Tournament Report File (TRF-16 / TRF-2026 / bbpPairings extensions).

`parse_trf` reads TRF text into a neutral `TrfTournament`; `write_trf` writes one
back. The reading follows what the FIDE-endorsed pairing engines accept (see
spec/trf.md): fixed-column `001` player records with 10-column round blocks,
`XXR`/`142` rounds, `XXC`/`152` initial colour, `162`/`BB*` point systems,
`192` system (with `_BAKU`), `240` absences, `250`/`XXA` accelerations and
`260`/`XXP` forbidden pairs. Any problem raises `FileProblem(path, line, what)`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from core.errors import FileProblem, Msg
from core.records import Outcome, RoundRecord, Scoring

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


def _points(text: str, path: str, ln: int, what: str) -> Fraction:
    t = text.strip()
    if not t:
        raise FileProblem(path, ln, "{what}: missing value", what=what)
    if not _DECIMAL.fullmatch(t):
        raise FileProblem(path, ln, "{what}: {t!r} is not a number", what=what, t=t)
    v = F(t)
    if (v * 10).denominator != 1:
        raise FileProblem(path, ln, "{what}: {t!r} must be a non-negative multiple of 0.1", what=what, t=t)
    return v


def _int(text: str, path: str, ln: int, what: str) -> int:
    t = text.strip()
    if not t.isdigit() or not t.isascii():
        raise FileProblem(path, ln, "{what}: {t!r} is not a whole number", what=what, t=t)
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
            if code not in SYSTEMS:
                raise FileProblem(path, ln, "192: unknown pairing system {code!r}", code=code)
            t.system = code
            t.baku = code.endswith("_BAKU")
        elif tag == "092":
            if t.system is None:
                t.system = rest or None
        elif tag == "240":
            _parse_240(line, path, ln, t)
        elif tag == "250":
            for pid in _parse_250(line, path, ln, t):
                acc_line[pid] = (ln, tag)
        elif tag == "XXA":
            acc_line[_parse_xxa(line, path, ln, t)] = (ln, tag)
        elif tag == "260":
            _parse_260(line, path, ln, t)
        elif tag == "XXP":
            ids = tuple(_int(x, path, ln, Msg("XXP player id")) for x in rest.split())
            if len(ids) >= 2:
                t.forbidden.append((ids, None, None))
        elif tag in ("013", "310"):
            raise FileProblem(path, ln, "team tournaments are not supported")
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
    _check_accelerations(t, acc_line, ids, path)
    _check_points(t, path)
    return t


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
                              pid=p.id, written=_fmt_points(p.points), counted=_fmt_points(counted))
        others = ", ".join(_fmt_points(v) for v in sorted(accepted - {counted}))
        raise FileProblem(path, p.line, "player {pid}: the points (columns 81-84) are {written}, "
                                        "but the results give {counted} (or {others} with the acceleration "
                                        "or the next round's bye)",
                          pid=p.id, written=_fmt_points(p.points), counted=_fmt_points(counted), others=others)


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
# writing

_WRITE_CODE = {Outcome.WIN: "1", Outcome.DRAW: "=", Outcome.LOSS: "0", Outcome.FORFEIT_WIN: "+",
               Outcome.FORFEIT_LOSS: "-", Outcome.PAB: "U", Outcome.FULL_BYE: "F",
               Outcome.HALF_BYE: "H", Outcome.ZERO_BYE: "Z"}


def _fmt_points(v: Fraction) -> str:
    tenths = v * 10
    if tenths.denominator != 1:
        raise ValueError(f"points {v} are not a multiple of 0.1")
    n = int(tenths)
    return f"{n // 10}.{n % 10}"


def _block(rec: RoundRecord) -> str:
    if rec.outcome is Outcome.ABSENT:
        return "        "
    if rec.opponent is None:
        return f"0000 - {_WRITE_CODE[rec.outcome]}"
    col = rec.colour or "-"
    return f"{rec.opponent:4d} {col} {_WRITE_CODE[rec.outcome]}"


def player_line(p: TrfPlayer) -> str:
    head = (f"001 {p.id:4d} {p.sex[:1]:1}{p.title[:3]:>3} {p.name[:33]:<33} "
            f"{(str(p.rating) if p.rating else ''):>4} {p.fed[:3]:<3} {p.fide_id[:11]:>11} "
            f"{p.birth[:10]:<10} {_fmt_points(p.points):>4} {(str(p.rank) if p.rank else ''):>4}")
    assert len(head) == 89, len(head)
    body = "".join("  " + _block(r) for r in p.records)
    return (head + body).rstrip()


def write_trf(t: TrfTournament) -> str:
    """TRF text with 012, 001 lines (exact columns), XXR/142, XXC, 092/192 and 162 when needed."""
    out: list[str] = []
    if t.name:
        out.append(f"012 {t.name}")
    for p in t.players:
        out.append(player_line(p))
    out.append("")
    if t.system in SYSTEMS:
        out.append(f"192 {t.system}")
    elif t.system:
        out.append(f"092 {t.system}")
    sc = t.scoring
    if t.scoring_given or sc != Scoring():
        parts = [("W", sc.win), ("D", sc.draw)]
        if sc.loss:
            parts.append(("L", sc.loss))
        if sc.zero_bye:
            parts.append(("Z", sc.zero_bye))
        if sc.pab is not None:
            parts.append(("P", sc.pab))
        out.append("162  " + "".join(f"{c}{_fmt_points(v):>4}    " for c, v in parts).rstrip())
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
            vals = " ".join(f"{_fmt_points(acc.get(r, F(0))):>4}" for r in range(1, last + 1))
            out.append(f"XXA {pid:4d} {vals}")
    return "\n".join(out) + "\n"
