"""CSV: players in (import), players and standings out.

Import reads a header row; `name` is required, `rating`, `club`,
`federation`, `table` (and `team`, `title`, `fide_id`) are optional. A bad
row is refused with its line and column, and nothing is imported.
"""

from __future__ import annotations

import csv
import io
from typing import Iterable

from arbiter.core import limits
from arbiter.core.errors import FileProblem, word
from arbiter.core.msg.cells import clean

COLUMNS = ("name", "rating", "club", "federation", "table", "team", "title", "fide_id")


def read_players(text: str, path: str = "<csv>") -> list[dict]:
    """Rows as keyword arguments for `commands.add_player`, in file order."""
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        sample = text[:4096]
        dialect = csv.Sniffer().sniff(sample, delimiters=",;\t") if sample.strip() else csv.excel
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text), dialect, strict=True)  # an unclosed quote is an error, not a long name
    try:
        header = next(reader)
    except StopIteration:
        raise FileProblem(path, 1, "empty file: expected a header row with a 'name' column") from None
    except csv.Error as exc:
        raise FileProblem(path, 1, "not CSV: {exc}", exc=exc) from None
    cols = [h.strip().lower() for h in header]
    if "name" not in cols:
        if not ", ".join(cols):
            raise FileProblem(path, 1, "no 'name' column in the header (found: nothing)")
        raise FileProblem(path, 1, "no 'name' column in the header (found: {found})", found=", ".join(cols))
    for i, c in enumerate(cols):
        if c and c not in COLUMNS:
            raise FileProblem(path, 1, "unknown column '{c}' (known: {known})", c=c, known=", ".join(COLUMNS))
        if c and c in cols[:i]:
            raise FileProblem(path, 1, "the column '{c}' is there twice", c=c)
    rows = []
    try:
        for line_no, raw in enumerate(reader, start=2):
            if not any(x.strip() for x in raw):
                continue
            if len(raw) > len(cols):
                raise FileProblem(path, line_no, "{n} fields, the header has {m}", n=len(raw), m=len(cols))
            row = {c: v.strip() for c, v in zip(cols, raw) if c}
            if not row.get("name"):
                raise FileProblem(path, line_no, "the name is empty")
            kw: dict = {"name": row["name"]}
            for c in ("rating", "table"):
                v = row.get(c, "")
                if v:
                    if not (v.isascii() and v.isdigit()):
                        raise FileProblem(path, line_no, "{c} '{v}' is not a whole number", c=word(c), v=v)
                    if len(v.lstrip("0")) > 12:  # thousands of digits: Python would not make them an int
                        raise FileProblem(path, line_no, "{c} '{v}' is too big: at most {most}", c=word(c),
                                          v=v[:20] + "…", most=limits.RANGES[c][1])
                    kw[c] = int(v)
            for c in ("club", "federation", "team", "title", "fide_id"):
                if row.get(c):
                    kw[c] = row[c]
            rows.append(kw)
    except csv.Error as exc:
        raise FileProblem(path, reader.line_num, "not CSV: {exc}", exc=exc) from None
    return rows


def write_rows(header: Iterable[str], rows: Iterable[Iterable]) -> str:
    """CSV text; every field terminal-safe (`core.msg.cells.clean`: a control, bidi or zero-width
    character is `?`) and never a spreadsheet formula."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow([clean(str(h)) for h in header])
    for r in rows:
        w.writerow(["" if x is None else _safe(clean(str(x))) for x in r])
    return out.getvalue()


# A cell a spreadsheet runs as a formula starts with one of these (the fullwidth forms too: some
# locales of Excel read them as the ASCII ones). Names come from entry forms the judge does not
# control, and a formula in an export opened in a spreadsheet can run a command (DDE,
# `=cmd|' /C calc'!A0`) or send the sheet away (HYPERLINK): such a cell starts with `'`, which the
# spreadsheet shows as text (OWASP "CSV injection"). A number, -5 or -0.5, stays a number.
_FORMULA_STARTS = ("=", "+", "-", "@", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def _safe(x) -> str:
    """Text that a spreadsheet will not run as a formula."""
    s = str(x)
    if s[:1] in _FORMULA_STARTS and not (s[:1] == "-" and s[1:].replace(".", "", 1).isdigit()):
        return "'" + s
    return s
