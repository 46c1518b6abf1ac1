"""Printouts for the venue (plain text, at most 80 columns, for `lpr`) and CSV exports.

    printout(event, what)        what: pairings | names | slips | standings |
                                 crosstable | bracket | playoff | final | categories | prizes | wall
                                 (final, categories, prizes: core/formats/final.py)
    players_csv(event)           every player with status and points
    standings_csv(event)         ranks, points and tie-breaks (per table)

The words are English or Russian, as the event says (`core.msg.i18n.language`).
Names are data, printed as written: control characters become `?` (a name
cannot move the printer's or terminal's cursor), wide characters count two
columns, and a name too long for its column is cut with an ellipsis.

Printouts show the current stage: its last round on each table (pairings,
names, slips), the standings and crosstable of the main stage after the
last complete round, the knockout top, the play-off.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from fractions import Fraction
from math import ceil
from typing import Callable, Iterable

from arbiter_tournament.core.event.history import histories
from arbiter_tournament.core.msg.i18n import language, words
from arbiter_tournament.core.tiebreaks.names import tiebreak_name
from arbiter_tournament.core.msg import render
from arbiter_tournament.core.event.model import Event, Round, points_text
from arbiter_tournament.core.event.records import Outcome, RoundRecord
from arbiter_tournament.core.tiebreaks.standings import Row, completed_rounds, main_stage, standings
from arbiter_tournament.core.msg.cells import cut, named, pad, text_width
from arbiter_tournament.core.formats.csvio import write_rows
from arbiter_tournament.core.formats.text import paginate, top_points
from arbiter_tournament.core.event.systems import Stage
from arbiter_tournament.core.formats.printouts import build, text_keys

WIDTH = 80
PRINTOUTS = text_keys(team=False)  # an event of players' text printouts (the registry: core/formats/printouts.py)

__all__ = [
    "PRINTOUTS", "WIDTH", "printout", "pairings_text", "names_text", "slips_text", "standings_printout",
    "crosstable_text", "bracket_printout", "playoff_text", "players_csv", "standings_csv", "current_rounds",
    "crosstable_rows", "text_width", "fit", "top_bracket", "CrossRow", "wall_text",
    # the pieces the site, the web view and the team printouts build on
    "clean_line", "lines_fit", "keep_together", "who", "name_sort_key", "scores_before", "printout_language",
    "not_paired", "table_standings", "code_blocks", "playoff_plan_lines", "round_title",
]


# ---------------------------------------------------------------------------
# text that fits


def clean_line(text: str) -> str:
    """One line of printable text: control characters (and line separators) become '?'."""
    return "".join("?" if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c for c in str(text))




def fit(text: str, width: int, align: str = "<") -> str:
    """`text` cleaned, cut to `width` columns (with '…' when cut) and padded to exactly `width`."""
    if width <= 0:
        return ""
    return pad(cut(clean_line(text), width), width, align)


def _line_fit(ln: str) -> str:
    ln = ln.rstrip()
    if text_width(ln) > WIDTH:
        ln = fit(ln, WIDTH).rstrip()
    return ln


def lines_fit(lines: Iterable[str | tuple[str, ...]], page_lines: int | None = None) -> str:
    """Join lines, each stripped on the right and never wider than WIDTH. A tuple of lines stays on
    one page (a slip; a heading with its table's first row) when `page_lines` pages the text
    (`core.formats.text.paginate`)."""
    blocks = [tuple(_line_fit(x) for x in ln) if isinstance(ln, tuple) else _line_fit(ln) for ln in lines]
    return paginate(blocks, page_lines)


def keep_together(lines: list, start: int) -> None:
    """The lines from `start` on stay together on one page (a heading and the first row after it)."""
    flat: list[str] = []
    for x in lines[start:]:
        flat += list(x) if isinstance(x, tuple) else [x]
    lines[start:] = [tuple(flat)]


def who(event: Event, pid: int, width: int | None = None) -> str:
    """`Name (id)`; in `width` columns, the name cut and the number kept."""
    p = event.player(pid)
    return f"{p.name} ({p.id})" if width is None else named(p.name, p.id, width)


def name_sort_key(name: str) -> str:
    """How a name sorts in every list of names (the printouts, the site, the web view): cleaned, case-folded, ё as е."""
    return clean_line(name).casefold().replace("ё", "е")


# ---------------------------------------------------------------------------
# what is current


def current_rounds(event: Event, stage: str | None = None) -> list[Round]:
    """The last round of the stage (default: the current one) on each of its tables."""
    stage = stage or event.current_stage()
    out = []
    for t in event.stage_tables(stage):
        rounds = event.rounds_of(stage, t)
        if rounds:
            out.append(rounds[-1])
    return out


def round_title(event: Event, rnd: Round, t: Callable[..., str]) -> str:
    key = {Stage.TOP: "top_round_n", Stage.PLAYOFF: "playoff_round_n"}.get(rnd.stage, "round_n")
    title = t(key, n=rnd.number)
    if rnd.table is not None:
        title += ", " + t("table_n", n=rnd.table).lower()
    return title


def scores_before(event: Event, rnd: Round) -> dict[int, Fraction]:
    """Each player's points before `rnd`; in the top, before the top (705.2 decides drawn games by them, and the
    TUI's round panel shows them)."""
    if rnd.stage == Stage.TOP:
        return top_points(event)
    if rnd.stage not in (Stage.SWISS, Stage.ROUNDROBIN):
        return {}
    hist = histories(event, rnd.stage, rnd.table, rnd.number - 1)
    return {h.id: h.score(event.scoring) for h in hist}


def _header(event: Event, title: str) -> list[str]:
    return [fit(event.name, WIDTH).rstrip(), fit(title, WIDTH).rstrip(), ""]


def printout_language(event: Event, lang: str | None) -> str:
    """The language a printout is in: the one asked for, else the event's (`core.msg.i18n.language`)."""
    return lang or language(event)


# ---------------------------------------------------------------------------
# pairings by board


def pairings_text(event: Event, rounds: list[Round] | None = None, lang: str | None = None,
                  page_lines: int | None = None) -> str:
    """Each board of the current round, per table, with both players' scores before the round."""
    t = words(printout_language(event, lang))
    rounds = current_rounds(event) if rounds is None else rounds
    lines = [fit(event.name, WIDTH).rstrip()]
    if not rounds:
        return lines_fit(lines + ["", t("no_round")])
    nw = 27
    for rnd in rounds:
        pts = scores_before(event, rnd)
        keep_at = len(lines)
        lines += ["", f"{t('pairings_by_board')}: {round_title(event, rnd, t)}", ""]
        lines.append(f"{fit(t('bd'), 3, '>')}  {fit(t('first'), nw)} {fit(t('pts'), 4, '>')}  "
                     f"{fit(t('result_short'), 6)}  {fit(t('second'), nw)} {fit(t('pts'), 4, '>')}")
        for k, g in enumerate(rnd.games):
            first = fit(who(event, g.first, nw), nw)
            pa = points_text(pts[g.first]) if g.first in pts else ""
            if g.second is None:
                lines.append(f"{g.board:>3}  {first} {pa:>4}  {t('bye')}")
            else:
                pb = points_text(pts[g.second]) if g.second in pts else ""
                res = str(g.result) if g.result else ""
                mark = "*" if g.manual else ""
                lines.append(f"{g.board:>3}  {first} {pa:>4}  {res:^6}  {fit(who(event, g.second, nw), nw)} {pb:>4}"
                             f"{mark}")
            if k == 0:
                keep_together(lines, keep_at)
        resting = not_paired(event, rnd)
        if resting:
            lines.append("")
            for pid, why in resting:
                lines.append(f"     {fit(who(event, pid, 40), 40)} {t(why)}")
        tail = len(lines)
        lines.append("")
        lines.append(t("missing_n", n=rnd.missing) if rnd.missing else t("all_in"))
        if any(g.manual for g in rnd.games):
            lines.append(t("manual"))
        keep_together(lines, tail)
    return lines_fit(lines, page_lines)


def not_paired(event: Event, rnd: Round) -> list[tuple[int, str]]:
    """Players of the round's table who have no board in it, with why (sorted by name)."""
    if rnd.stage not in (Stage.SWISS, Stage.ROUNDROBIN):
        return []
    on = {pid for g in rnd.games for pid in g.players}
    out = []
    for p in sorted(event.table_players(rnd.table), key=lambda p: name_sort_key(p.name)):
        if p.id in on:
            continue
        if p.withdrawn_from is not None and rnd.number >= p.withdrawn_from:
            continue  # withdrawn players are not listed round after round
        kind = p.requested_bye(rnd.number)
        out.append((p.id, {"half": "half_bye", "full": "full_bye"}.get(kind or "", "not_paired")))
    return out


# ---------------------------------------------------------------------------
# pairings by name


def _rounds_title(event: Event, rounds: list[Round], t) -> str:
    """The head of a list of the current rounds: the round's title, or "round N" of every table at once."""
    if len(rounds) == 1:
        return round_title(event, rounds[0], t)
    return t({Stage.TOP: "top_round_n", Stage.PLAYOFF: "playoff_round_n"}.get(rounds[0].stage, "round_n"),
             n=max(r.number for r in rounds))


def names_text(event: Event, rounds: list[Round] | None = None, lang: str | None = None,
               page_lines: int | None = None) -> str:
    """Every player of the current round in alphabetical order: table, board, colour, opponent."""
    t = words(printout_language(event, lang))
    rounds = current_rounds(event) if rounds is None else rounds
    if not rounds:
        return lines_fit([fit(event.name, WIDTH), "", t("no_round")])
    titles = _rounds_title(event, rounds, t)
    lines = _header(event, f"{t('pairings_by_name')}: {titles}")
    tables = any(r.table is not None for r in rounds)
    entries: list[tuple[str, int, int | None, int | None, str, str | int]] = []
    for rnd in rounds:
        for g in rnd.games:
            if g.second is None:
                entries.append((event.player(g.first).name, g.first, rnd.table, g.board, "", t("bye")))
                continue
            entries.append((event.player(g.first).name, g.first, rnd.table, g.board, t("colour_first"),
                            g.second))  # (the opponent's id: its name is cut to the column, its number kept)
            entries.append((event.player(g.second).name, g.second, rnd.table, g.board, t("colour_second"),
                            g.first))
        for pid, why in not_paired(event, rnd):
            entries.append((event.player(pid).name, pid, rnd.table, None, "", t(why)))
    entries.sort(key=lambda e: (name_sort_key(e[0]), e[1]))
    nw, cw = 28, 7
    tw = 5 if tables else 0
    ow = WIDTH - nw - 1 - tw - 4 - 1 - cw - 1
    head = fit(t("name"), nw) + " " + (fit(t("table"), 4, ">") + " " if tables else "") + \
        fit(t("bd"), 3, ">") + " " + fit(t("side"), cw) + " " + fit(t("opponent"), ow)
    lines.append(head.rstrip())
    for k, (name, pid, table, board, colour, opp) in enumerate(entries):
        ln = fit(named(name, pid, nw), nw) + " "
        if tables:
            ln += f"{table if table is not None else '':>4} "
        ln += f"{board if board is not None else '':>3} {fit(colour, cw)} {fit(who(event, opp, ow) if isinstance(opp, int) else opp, ow)}"
        lines.append(ln)
        if k == 0:
            keep_together(lines, 0)
    return lines_fit(lines, page_lines)


# ---------------------------------------------------------------------------
# the wall list: the current round by name in two columns, name -> board (and table)
#
# The same list as the hall's "who plays where" slide (tui/web/hall.py): every player of the
# current round alphabetically, with the board (and the table) where they play; a bye or a player
# not paired says so in the board's place. Two columns of 39 characters, read down the first then
# the second; with `page_lines`, each page is full (its own heading, then both columns to its
# foot), so 1000 players take 9 pages of 60 lines where the `names` printout takes 17.

WALL_COLUMN = 39  # two columns and a gap of two in 80


def wall_text(event: Event, rounds: list[Round] | None = None, lang: str | None = None,
              page_lines: int | None = None) -> str:
    """The wall list (above): the current round by name in two columns, name -> board (and table)."""
    t = words(printout_language(event, lang))
    rounds = current_rounds(event) if rounds is None else rounds
    if not rounds:
        return lines_fit([fit(event.name, WIDTH), "", t("no_round")])
    titles = _rounds_title(event, rounds, t)
    tables = any(r.table is not None for r in rounds)
    entries: list[tuple[str, int, str, str]] = []  # name, id, board, table
    for rnd in rounds:
        tb = str(rnd.table) if tables and rnd.table is not None else ""
        for g in rnd.games:
            if g.second is None:
                entries.append((event.player(g.first).name, g.first, t("bye"), tb))
                continue
            for pid in (g.first, g.second):
                entries.append((event.player(pid).name, pid, str(g.board), tb))
        for pid, _why in not_paired(event, rnd):
            entries.append((event.player(pid).name, pid, "-", tb))
    entries.sort(key=lambda e: (name_sort_key(e[0]), e[1]))
    bw, tw = 5, (4 if tables else 0)
    nw = WALL_COLUMN - 1 - bw - (1 + tw if tables else 0)

    def cell(e: tuple[str, int, str, str] | None) -> str:
        if e is None:
            return " " * WALL_COLUMN
        name, pid, board, tb = e
        out = fit(f"{name} ({pid})", nw) + " " + fit(board, bw, ">")
        return out + (" " + fit(tb, tw, ">") if tables else "")

    head_cell = fit(t("name"), nw) + " " + fit(t("bd"), bw, ">") + (" " + fit(t("tbl"), tw, ">") if tables else "")
    heading = _header(event, f"{t('pairings_by_name')}: {titles}") + [(head_cell + "  " + head_cell).rstrip()]
    per = max(1, page_lines - len(heading) if page_lines else ceil(len(entries) / 2))  # (a round of no games: 1)
    pages = []
    for start in range(0, max(len(entries), 1), 2 * per):  # a round of no games: its heading alone
        chunk = entries[start:start + 2 * per]
        rows = ceil(len(chunk) / 2)
        left, right = chunk[:rows], chunk[rows:]
        lines = [(cell(a) + "  " + cell(right[i] if i < len(right) else None)).rstrip() for i, a in enumerate(left)]
        pages.append(tuple(heading + lines))
    return paginate([tuple(x.rstrip() for x in p) for p in pages], page_lines)


# ---------------------------------------------------------------------------
# result slips


def slips_text(event: Event, rounds: list[Round] | None = None, lang: str | None = None,
               page_lines: int | None = None, url: str | None = None) -> str:
    """One slip per board with two players, separated by cut lines: tick the result and sign. Players who have
    a code (`arbiter players codes`) get a stub each below, to tear off: the code, and with `url` the QR code
    of their page (core/formats/cards.py)."""
    from arbiter_tournament.core.formats.cards import stub_lines

    t = words(printout_language(event, lang))
    rounds = current_rounds(event) if rounds is None else rounds
    if not rounds:
        return lines_fit([fit(event.name, WIDTH), "", t("no_round")])
    cut = f" {t('cut_here')} "
    cut_line = "- " * ((WIDTH - len(cut) - 4) // 2) + cut + "- "
    lines: list[str] = []
    half = (WIDTH - 4) // 2
    for rnd in rounds:
        for g in rnd.games:
            if g.second is None:
                continue
            where = round_title(event, rnd, t) + ", " + t("board").lower() + f" {g.board}"
            lines.append((  # one slip: never cut by a page break
                cut_line,
                "",
                fit(event.name, WIDTH),
                f"{where}",
                "",
                fit(f"{t('first')}: " + who(event, g.first, half - text_width(f"{t('first')}: ")), half) + "    " +
                fit(f"{t('second')}: " + who(event, g.second, half - text_width(f"{t('second')}: ")), half),
                "",
                t("slip_tick"),
                f"   [ ] 1-0  {t('slip_first_won')}     [ ] 1/2  {t('slip_draw')}     "
                f"[ ] 0-1  {t('slip_second_won')}",
                "",
                fit(f"{t('signed_first')}:", half) + "    " + fit(f"{t('signed_second')}:", half),
                "",
                "_" * (half - 4) + " " * 8 + "_" * (half - 4),
                "",
                *_stubs(event, g.players, printout_language(event, lang), url, stub_lines),
            ))
    if lines:
        lines.append(cut_line)
    return lines_fit(lines, page_lines)


def _stubs(event: Event, pids: tuple[int, ...], lang: str, url: str | None, stub_lines) -> list[str]:
    """Below a slip: each player's stub with his code (none for a player without one)."""
    out: list[str] = []
    for pid in pids:
        stub = stub_lines(event, pid, lang, url)
        if stub:
            out += ["- " * 20, *stub, ""]
    return out


# ---------------------------------------------------------------------------
# standings


def table_standings(event: Event, table: int | None, codes: tuple[str, ...]) -> tuple[int, list[Row]]:
    """The standings of one table of the main stage after its last complete round: (that round, the rows)."""
    stage = main_stage(event)
    after = completed_rounds(event, stage, table)
    return after, standings(event, table=table, after_round=after, codes=codes)


def code_blocks(codes: list[str], fixed: int, min_name: int = 18) -> list[list[str]]:
    """Split tie-break columns into blocks that leave the name column `min_name` wide."""
    blocks, cur, used = [], [], fixed + min_name
    for c in codes:
        w = max(len(c), 6) + 1
        if cur and used + w > WIDTH:
            blocks.append(cur)
            cur, used = [], fixed + min_name
        cur.append(c)
        used += w
    blocks.append(cur)
    return blocks


def standings_printout(event: Event, lang: str | None = None, codes: tuple[str, ...] | None = None,
                       tables: list[int | None] | None = None, page_lines: int | None = None) -> str:
    """Standings of the main stage (each table, or the `tables` named), with the tie-break columns
    and a legend of the codes."""
    lang = printout_language(event, lang)
    t = words(lang)
    codes = tuple(event.tiebreaks if codes is None else codes)
    lines = [fit(event.name, WIDTH).rstrip()]
    by_lot = False
    for table in event.stage_tables(main_stage(event)) if tables is None else tables:
        after, rows = table_standings(event, table, codes)
        title = t("standings_after", n=after) if after else t("standings")
        if table is not None:
            title += ", " + t("table_n", n=table).lower()
        for k, block in enumerate(code_blocks(list(codes), 3 + 1 + 4 + 2 + 1 + 5)):
            keep_at = len(lines)
            lines += ["", title + (" (…)" if k else ""), ""]
            cols = "".join(" " + fit(c, max(len(c), 6), ">") for c in block)
            nw = min(36, WIDTH - (3 + 1 + 4 + 2 + 1 + 5) - text_width(cols))
            lines.append(f"{fit(t('rank'), 3, '>')} {fit(t('id'), 4, '>')}  {fit(t('name'), nw)} "
                         f"{fit(t('pts'), 5, '>')}{cols}")
            for i, r in enumerate(rows):
                vals = "".join(" " + fit(points_text(r.tiebreaks[c]) if c in r.tiebreaks else "",
                                         max(len(c), 6), ">") for c in block)
                lot = "*" if r.by_lot else " "  # the place among equals drawn by lot (said under the lists)
                lines.append(f"{r.rank:>3}{lot}{r.id:>4}  {fit(r.name, nw)} {points_text(r.points):>5}{vals}")
                if i == 0:
                    keep_together(lines, keep_at)
            by_lot = by_lot or any(r.by_lot for r in rows)
    if by_lot:
        lines += ["", t("standings_by_lot")]
    if codes:
        keep_at = len(lines)
        lines += ["", t("tiebreaks") + ":"]
        for i, c in enumerate(codes):
            lines.append(f"  {c:<8} {fit(tiebreak_name(c, lang), WIDTH - 11)}")
            if i == 0:
                keep_together(lines, keep_at)
    return lines_fit(lines, page_lines)


def standings_csv(event: Event, codes: tuple[str, ...] | None = None) -> str:
    """rank, id, name, club, table, points, one column per tie-break (each table ranked on its own), and
    `by_lot` ("by lot" where the rank among equals was drawn by lot)."""
    codes = tuple(event.tiebreaks if codes is None else codes)
    out = []
    for table in event.stage_tables(main_stage(event)):
        _after, rows = table_standings(event, table, codes)
        for r in rows:
            p = event.player(r.id)
            out.append([r.rank, r.id, r.name, p.club, r.table, _num(r.points),
                        *(_num(r.tiebreaks[c]) if c in r.tiebreaks else "" for c in codes),
                        "by lot" if r.by_lot else ""])
    return write_rows(["rank", "id", "name", "club", "table", "points", *codes, "by_lot"], out)


def _num(x: Fraction) -> str:
    return points_text(Fraction(x))


def players_csv(event: Event) -> str:
    """Every player: id, name, rating, club, federation, table, team, title, fide_id, status, points."""
    scores: dict[int, Fraction] = {}
    stage = main_stage(event)
    for table in event.stage_tables(stage):
        for h in histories(event, stage, table):
            scores[h.id] = h.score(event.scoring)
    rows = [[p.id, p.name, p.rating or "", p.club, p.federation, p.table, p.team, p.title, p.fide_id, p.status,
             _num(scores.get(p.id, Fraction(0)))] for p in sorted(event.players, key=lambda p: p.id)]
    return write_rows(["id", "name", "rating", "club", "federation", "table", "team", "title", "fide_id",
                       "status", "points"], rows)


# ---------------------------------------------------------------------------
# crosstable

_SYMBOL = {
    Outcome.WIN: "1", Outcome.DRAW: "=", Outcome.LOSS: "0", Outcome.FORFEIT_WIN: "+", Outcome.FORFEIT_LOSS: "-",
    Outcome.PAB: "B", Outcome.FULL_BYE: "F", Outcome.HALF_BYE: "H", Outcome.ZERO_BYE: "Z", Outcome.ABSENT: "U",
}


@dataclass(frozen=True)
class CrossRow:
    rank: int
    id: int
    name: str
    points: Fraction
    cells: tuple[str, ...]  # per round: "12f1" (opponent's rank, colour, score) or "B", "H", "U"


def _cell(rec: RoundRecord, ranks: dict[int, int], letters: tuple[str, str] = ("f", "s")) -> str:
    sym = _SYMBOL[rec.outcome]
    if rec.opponent is None:
        return sym
    colour = {"w": letters[0], "b": letters[1]}.get(rec.colour or "", "")
    return f"{ranks.get(rec.opponent, '?')}{colour}{sym}"


def crosstable_rows(event: Event, table: int | None, lang: str | None = None) -> tuple[int, list[CrossRow]]:
    """Rows in rank order after the last complete round, one cell per round (colour letters in `lang`)."""
    t = words(printout_language(event, lang))
    letters = (t("cell_first"), t("cell_second"))
    after, rows = table_standings(event, table, tuple(event.tiebreaks))
    ranks = {r.id: i for i, r in enumerate(rows, start=1)}  # row numbers: unique even when places are shared
    hist = {h.id: h for h in histories(event, main_stage(event), table, after)}
    out = [CrossRow(r.rank, r.id, r.name, r.points, tuple(_cell(rec, ranks, letters) for rec in hist[r.id].records))
           for r in rows]
    return after, out


def crosstable_text(event: Event, lang: str | None = None, page_lines: int | None = None) -> str:
    """Per table: rank, name, points and, for each round, opponent's row number, colour and score."""
    t = words(printout_language(event, lang))
    lines = [fit(event.name, WIDTH).rstrip()]
    for table in event.stage_tables(main_stage(event)):
        after, rows = crosstable_rows(event, table, lang)
        title = t("crosstable") + (", " + t("table_n", n=table).lower() if table is not None else "")
        if after > 1:
            title += f", {t('rounds').lower()} 1-{after}"
        elif after == 1:
            title += ", " + t("round_n", n=1).lower()
        cw = max([len(c) for r in rows for c in r.cells] + [3]) + 1
        fixed = 4 + 5 + 1 + 5
        per_block = max(1, (WIDTH - fixed - 16) // cw)
        starts = list(range(0, max(after, 1), per_block))
        for s in starts:
            block = range(s, min(after, s + per_block))
            keep_at = len(lines)
            lines += ["", title + (" (…)" if s else ""), ""]
            nw = min(40, WIDTH - fixed - cw * len(block))
            head = f"{'#':>3}  {fit(t('name'), nw)} {fit(t('pts'), 5, '>')}" + \
                "".join(f"{k + 1:>{cw}}" for k in block)
            lines.append(head)
            for i, r in enumerate(rows, start=1):
                cells = "".join(f"{r.cells[k]:>{cw}}" for k in block)
                lines.append(f"{i:>3}  {fit(named(r.name, r.id, nw), nw)} {points_text(r.points):>5}{cells}")
                if i == 1:
                    keep_together(lines, keep_at)
    lines.append(tuple([""] + _wrap(t("crosstable_legend"), WIDTH)))
    return lines_fit(lines, page_lines)


def _wrap(text: str, width: int) -> list[str]:
    out, cur = [], ""
    for word in text.split():
        if cur and text_width(cur) + 1 + text_width(word) > width:
            out.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur else word
    if cur:
        out.append(cur)
    return out


# ---------------------------------------------------------------------------
# the top and the play-off


def top_bracket(event: Event):
    """The knockout top's `Bracket`, or None (no top yet, or the top module is not there)."""
    try:
        from arbiter_tournament.core.knockout import stage as top
    except ImportError:
        return None
    fn = getattr(top, "bracket", None)
    if fn is None:
        return None
    return fn(event)


def bracket_printout(event: Event, lang: str | None = None, page_lines: int | None = None) -> str:
    lang = printout_language(event, lang)
    t = words(lang)
    b = top_bracket(event)
    lines = _header(event, t("bracket"))
    if b is None:
        return lines_fit(lines + [t("no_top")])
    from arbiter_tournament.core.knockout.bracket_text import bracket_lines

    names = {p.id: p.name for p in event.players}
    return lines_fit(lines + bracket_lines(b, names, width=WIDTH, lang=lang), page_lines)


def playoff_text(event: Event, lang: str | None = None, page_lines: int | None = None) -> str:
    """The play-off's rounds (boards, players, results), or "no play-off"."""
    lang = printout_language(event, lang)
    t = words(lang)
    rounds = event.rounds_of(Stage.PLAYOFF)
    lines = _header(event, t("playoff"))
    plan = playoff_plan_lines(event, lang)
    if not rounds and not plan:
        return lines_fit(lines + [t("no_playoff")])
    lines += plan
    body = pairings_text(event, rounds, lang).splitlines()[1:] if rounds else []
    labels = _playoff_labels(event, rounds[-1], lang) if rounds else []
    return lines_fit(lines + body + labels, page_lines)


def playoff_plan_lines(event: Event, lang: str) -> list[str]:
    """The plan and what has been decided (the play-off module's own words), wrapped to 80 columns."""
    try:
        from arbiter_tournament.core.playoff import stage as playoff_event
    except ImportError:
        return []
    if playoff_event.state(event) is None:
        return []
    report = playoff_event.report(event, lang, boards=False).splitlines()  # the boards follow as a table
    out = []
    for ln in report:
        indent = len(ln) - len(ln.lstrip())
        out += [" " * indent + x for x in _wrap(clean_line(ln), WIDTH - indent)] or [""]
    return out


def _playoff_labels(event: Event, rnd: Round, lang: str) -> list[str]:
    try:
        from arbiter_tournament.core.playoff import stage as playoff_event
    except ImportError:
        return []
    if playoff_event.state(event) is None:
        return []
    t = words(lang)
    out = [""]
    for g in rnd.games:
        label = clean_line(render(playoff_event.game_label(event, rnd.number, g.board), lang))
        out += _wrap(f"{t('board')} {g.board}: {label}", WIDTH)
    return out


# ---------------------------------------------------------------------------


def printout(event: Event, what: str, lang: str | None = None, page_lines: int | None = None,
             url: str | None = None) -> str:
    """The printout named `what` (a key of the registry, core/formats/printouts.py) as text for `lpr`; with
    `page_lines`, on pages of that many lines (a form feed between pages, never inside a slip or a table row:
    `core.formats.text.paginate`). `url`: the address of the players' page, for the QR codes of the slips and
    the cards."""
    return build(event, what, lang=lang, page_lines=page_lines, url=url)
