"""FIDE Tournament Report File (TRF-16 / TRF-2026 / bbpPairings extensions).

`parse_trf` reads TRF text into a neutral `TrfTournament`; `write_trf` writes one
back. The reading follows what the FIDE-endorsed pairing engines accept (see
spec/trf.md): fixed-column `001` player records with 10-column round blocks,
`XXR`/`142` rounds, `XXC`/`152` initial colour, `162`/`BB*` point systems,
`192` system (with `_BAKU`), `240` absences, `250`/`XXA` accelerations and
`260`/`XXP` forbidden pairs. Any problem raises `FileProblem(path, line, what)`.
"""

from __future__ import annotations

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


@dataclass
class TrfTournament:
    """The pairing-relevant content of a TRF file."""

    name: str = ""
    players: list[TrfPlayer] = field(default_factory=list)  # in file order
    total_rounds: int | None = None  # XXR / 142
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

def _points(text: str, path: str, ln: int, what: str) -> Fraction:
    t = text.strip()
    if not t:
        raise FileProblem(path, ln, "{what}: missing value", what=what)
    try:
        v = F(t)
    except (ValueError, ZeroDivisionError):
        raise FileProblem(path, ln, "{what}: {t!r} is not a number", what=what, t=t) from None
    if v < 0 or (v * 10).denominator != 1:
        raise FileProblem(path, ln, "{what}: {t!r} must be a non-negative multiple of 0.1", what=what, t=t)
    return v


def _int(text: str, path: str, ln: int, what: str) -> int:
    t = text.strip()
    if not t.isdigit():
        raise FileProblem(path, ln, "{what}: {t!r} is not a whole number", what=what, t=t)
    return int(t)


_PLAYED = {"1": Outcome.WIN, "w": Outcome.WIN, "=": Outcome.DRAW, "d": Outcome.DRAW,
           "0": Outcome.LOSS, "l": Outcome.LOSS, "+": Outcome.FORFEIT_WIN, "-": Outcome.FORFEIT_LOSS}
_BYES = {"u": Outcome.PAB, "+": Outcome.PAB, "f": Outcome.FULL_BYE, "h": Outcome.HALF_BYE,
         "=": Outcome.HALF_BYE, "z": Outcome.ZERO_BYE, "-": Outcome.ZERO_BYE, "": Outcome.ZERO_BYE}


def _round_block(block: str, path: str, ln: int, rnd: int) -> RoundRecord | None:
    block = block.ljust(8)
    if not block.strip():
        return None
    opp_t, col_t, res_t = block[0:4].strip(), block[5].strip().lower(), block[7].strip().lower()
    where = Msg("round {rnd}", rnd=rnd)
    if opp_t and not opp_t.isdigit():
        raise FileProblem(path, ln, "{where}: opponent {opp_t!r} is not a number", where=where, opp_t=opp_t)
    if col_t not in ("", "w", "b", "-"):
        raise FileProblem(path, ln, "{where}: colour {col_t!r} is not w, b or -", where=where, col_t=col_t)
    opp = int(opp_t) if opp_t else 0
    colour = col_t if col_t in ("w", "b") else None
    if opp == 0:
        if res_t not in _BYES:
            raise FileProblem(path, ln, "{where}: result {res_t!r} is not valid without an opponent", where=where, res_t=res_t)
        return RoundRecord(_BYES[res_t])
    if res_t not in _PLAYED:
        raise FileProblem(path, ln, "{where}: result {res_t!r} is not valid against an opponent", where=where, res_t=res_t)
    out = _PLAYED[res_t]
    if out.played and colour is None:
        raise FileProblem(path, ln, "{where}: a played game needs colour w or b", where=where)
    return RoundRecord(out, opp, colour)


def _parse_player(line: str, path: str, ln: int) -> tuple[TrfPlayer, list[RoundRecord | None]]:
    if len(line.rstrip()) < 84 and len(line) < 84:
        line = line.ljust(89)
    line = line.ljust(91)
    pid = _int(line[4:8], path, ln, Msg("pairing number (columns 5-8)"))
    if not 1 <= pid <= 9999:
        raise FileProblem(path, ln, "pairing number {pid} out of range 1..9999", pid=pid)
    rating_t = line[48:52].strip()
    rating = _int(rating_t, path, ln, Msg("rating (columns 49-52)")) if rating_t else 0
    pts_t = line[80:84].strip()
    points = _points(pts_t, path, ln, Msg("points (columns 81-84)")) if pts_t else F(0)
    rank_t = line[85:89].strip()
    rank = int(rank_t) if rank_t.isdigit() else 0
    blocks: list[RoundRecord | None] = []
    pos, rnd = 91, 1
    while pos < len(line.rstrip()):
        blocks.append(_round_block(line[pos:pos + 8], path, ln, rnd))
        pos += 10
        rnd += 1
    while blocks and blocks[-1] is None:
        blocks.pop()
    p = TrfPlayer(id=pid, name=line[14:47].strip(), rating=rating, fed=line[53:56].strip(),
                  sex=line[9].strip(), title=line[10:13].strip(), fide_id=line[57:68].strip(),
                  birth=line[69:79].strip(), points=points, rank=rank)
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
            sc[{"BBW": "W", "BBD": "D", "BBL": "L", "BBZ": "Z", "BBF": "FL", "BBU": "P"}[tag]] = \
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
            _parse_250(line, path, ln, t)
        elif tag == "XXA":
            _parse_xxa(line, path, ln, t)
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
    return t


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


def _parse_250(line: str, path: str, ln: int, t: TrfTournament) -> None:
    line = line.rstrip().ljust(31)
    pts = _points(line[9:13], path, ln, Msg("250 points (columns 10-13)"))
    r1 = _int(line[14:17], path, ln, Msg("250 first round (columns 15-17)"))
    r2 = _int(line[18:21], path, ln, Msg("250 last round (columns 19-21)"))
    p1 = _int(line[22:26], path, ln, Msg("250 first player (columns 23-26)"))
    p2 = _int(line[27:31], path, ln, Msg("250 last player (columns 28-31)"))
    for pid in range(p1, p2 + 1):
        acc = t.acceleration.setdefault(pid, {})
        for r in range(r1, r2 + 1):
            acc[r] = acc.get(r, F(0)) + pts


def _parse_xxa(line: str, path: str, ln: int, t: TrfTournament) -> None:
    line = line.rstrip()
    pid = _int(line[4:8], path, ln, Msg("XXA player id (columns 5-8)"))
    acc = t.acceleration.setdefault(pid, {})
    pos, rnd = 9, 1
    while pos < len(line):
        tok = line[pos:pos + 4].strip()
        if tok:
            acc[rnd] = _points(tok, path, ln, Msg("XXA round {rnd}", rnd=rnd))
        pos += 5
        rnd += 1


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
