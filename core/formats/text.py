"""Plain-text views of an event, 80 columns wide: rounds and standings; and `clean`, the one
function that makes text from a file safe for a terminal.

Used by the command line, printouts (`lpr`) and tests. Names are printed as
they are: plain text has no markup to escape, but every character a terminal
or a text renderer acts on instead of showing it is shown as `?` (`clean`),
so a name cannot move the terminal's cursor, set its title or clipboard,
clear it, or reverse the text around it.
"""

from __future__ import annotations

import re
import textwrap
import unicodedata

from ..history import histories
from ..model import Event, Round, points_text
from ..standings import Row


# Every character of the Unicode categories Cc (C0 and C1 controls, DEL: ESC starts the sequences
# that set a terminal's clipboard `ESC ]52`, title `ESC ]2`, or clear it `ESC [2J`; U+009B is a
# one-character CSI), Cf (format: the bidi controls U+202A-202E and U+2066-2069, zero-width
# U+200B-200F and U+2060-2064, the BOM, soft hyphen, tags), Cs (lone surrogates, which cannot be
# written as UTF-8) and Zl/Zp (U+2028, U+2029: line breaks to some programs). The ranges are
# those of Unicode 15; tests/test_text_safety.py checks they hold every such character of the
# running Python.
UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\xad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e"
    "\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ud800-\udfff\ufeff\ufff9-\ufffb"
    "\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0001\U000e0020-\U000e007f]"
)
_UNSAFE_IN_LINES = re.compile(f"(?![\n\t]){UNSAFE.pattern}")
SHOWN_AS = "?"


def clean(text: str, *, lines: bool = False) -> str:
    """`text` safe for a terminal (and for any text that is not JSON): every control, escape,
    bidi, zero-width or other invisible format character is shown as `?`.

    This is the one function for it: the command line, printouts, the hall display, the TUI,
    HTML (before escaping) and CSV all use it. `lines=True` keeps newlines and tabs (a whole
    output); otherwise the text is one line (a name, a message).
    """
    return (_UNSAFE_IN_LINES if lines else UNSAFE).sub(SHOWN_AS, text)


def json_safe(text: str) -> str:
    """JSON text (from `json.dumps(..., ensure_ascii=False)`) with the characters `clean` replaces
    written as `\\uXXXX` escapes instead: the same JSON value, names exact, and nothing a terminal
    would act on. (They can only stand inside JSON strings, where an escape means the character.)"""
    def escape(m: re.Match) -> str:
        cp = ord(m.group())
        if cp > 0xFFFF:
            cp -= 0x10000
            return f"\\u{0xD800 + (cp >> 10):04x}\\u{0xDC00 + (cp & 0x3FF):04x}"
        return f"\\u{cp:04x}"

    return _UNSAFE_IN_LINES.sub(escape, text)


def char_width(c: str) -> int:
    """Terminal columns of one character: wide (CJK) two, combining marks none."""
    if unicodedata.combining(c) or unicodedata.category(c) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1


def text_width(s: str) -> int:
    """Display columns of `s`."""
    return sum(char_width(c) for c in s)


def cut(s: str, width: int, ell: str = "…") -> str:
    """`s` cut to at most `width` columns, ending in `ell` when something was cut."""
    if text_width(s) <= width:
        return s
    room = width - text_width(ell)
    out, used = [], 0
    for c in s:
        w = char_width(c)
        if used + w > room:
            break
        out.append(c)
        used += w
    return "".join(out) + ell


def fit(text: str, width: int) -> str:
    """Terminal-safe text cut to `width` columns (not padded)."""
    return cut(clean(text), width)


def pad(s: str, width: int, align: str = "<") -> str:
    """`s` padded with spaces to `width` columns (it must not be wider)."""
    space = " " * max(0, width - text_width(s))
    return space + s if align == ">" else s + space


def scores_before(event: Event, rnd: Round) -> dict[int, str]:
    if rnd.stage not in ("swiss", "roundrobin"):
        return {}
    hist = histories(event, rnd.stage, rnd.table, rnd.number - 1)
    return {h.id: points_text(h.score(event.scoring)) for h in hist}


def unpaired(event: Event, rnd: Round) -> list[tuple[int, str]]:
    """Players of the stage in no game of the round, and why."""
    if rnd.stage not in ("swiss", "roundrobin"):
        return []
    players = event.table_players(rnd.table) if rnd.stage == "swiss" else list(event.players)
    paired = {pid for g in rnd.games for pid in g.players}
    out = []
    for p in players:
        if p.id in paired:
            continue
        kind = p.requested_bye(rnd.number)
        if kind:
            why = f"{kind}-point bye"
        elif p.withdrawn_from is not None and rnd.number >= p.withdrawn_from:
            why = "withdrawn"
        elif p.late_from is not None and rnd.number < p.late_from:
            why = "late entry"
        elif rnd.stage == "roundrobin":
            why = "bye seat"
        else:
            why = "absent"
        out.append((p.id, why))
    return out


def round_text(event: Event, rnd: Round) -> str:
    where = f", table {rnd.table}" if rnd.table is not None else ""
    stage = {"swiss": "Round", "roundrobin": "Round", "top": "Top round", "playoff": "Play-off round"}[rnd.stage]
    lines = [f"{fit(event.name, 60)}: {stage} {rnd.number}{where}", ""]
    pts = scores_before(event, rnd)
    lines.append(f"{'Bd':>3}  {'First':<27} {'Pts':>4}  {'Result':^6}  {'Second':<27} {'Pts':>4}")
    for g in rnd.games:
        a = event.player(g.first)
        first = fit(f"{a.name} ({a.id})", 27)
        if g.second is None:
            lines.append(f"{g.board:>3}  {pad(first, 27)} {pts.get(a.id, ''):>4}  {'bye':^6}")
            continue
        b = event.player(g.second)
        second = fit(f"{b.name} ({b.id})", 27)
        res = str(g.result) if g.result else "-"
        mark = "*" if g.manual else ""
        lines.append(
            f"{g.board:>3}  {pad(first, 27)} {pts.get(a.id, ''):>4}  {res:^6}  {pad(second, 27)} {pts.get(b.id, ''):>4}{mark}"
        )
    not_paired = unpaired(event, rnd)
    if not_paired:
        lines.append("")
        text = "Not paired: " + ", ".join(f"{clean(event.player(pid).name)} ({pid}, {why})" for pid, why in not_paired)
        lines += textwrap.wrap(text, 79, subsequent_indent="  ")
    missing = rnd.missing
    lines.append("")
    lines.append(f"{missing} result{'s' if missing != 1 else ''} missing" if missing else "all results in")
    if any(g.manual for g in rnd.games):
        lines.append("* paired or changed by hand")
    return "\n".join(lines) + "\n"


def standings_text(event: Event, rows: list[Row], codes: list[str], after_round: int | None) -> str:
    title = f"{fit(event.name, 50)}: standings" + (f" after round {after_round}" if after_round else "")
    head = f"{'Rk':>3} {'Id':>4}  {'Name':<26} {'Pts':>5}" + "".join(f" {c:>7}" for c in codes)
    lines = [title, "", head]
    for r in rows:
        tb = "".join(f" {points_text(r.tiebreaks[c]) if c in r.tiebreaks else '':>7}" for c in codes)
        lines.append(f"{r.rank:>3} {r.id:>4}  {fit(r.name, 26):<26} {points_text(r.points):>5}{tb}")
    return "\n".join(lines) + "\n"
