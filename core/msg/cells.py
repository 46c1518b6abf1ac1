"""What a text shows as on a terminal: `clean`, the one function that makes text from a file
safe to show, and the widths of text in terminal cells (`text_width`, `cut`, `fit`, `pad`).

Names are shown as they are: plain text has no markup to escape, but every
character a terminal or a text renderer acts on instead of showing it is
shown as `?` (`clean`), so a name cannot move the terminal's cursor, set its
title or clipboard, clear it, or reverse the text around it. Used by every
text view (core/formats, the bracket, the team printouts) and the TUI.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache


# Every character of the Unicode categories Cc (C0 and C1 controls, DEL: ESC starts the sequences
# that set a terminal's clipboard `ESC ]52`, title `ESC ]2`, or clear it `ESC [2J`; U+009B is a
# one-character CSI), Cf (format: the bidi controls U+202A-202E and U+2066-2069, zero-width
# U+200B-200F and U+2060-2064, the BOM, soft hyphen, tags), Cs (lone surrogates, which cannot be
# written as UTF-8) and Zl/Zp (U+2028, U+2029: line breaks to some programs). The ranges are
# those of Unicode 15; tests/cli/test_text_safety.py checks they hold every such character of the
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


@lru_cache(maxsize=4096)  # a name's letters come again and again: each looked up in unicodedata once
def char_width(c: str) -> int:
    """Terminal columns of one character: wide (CJK) two, combining marks none."""
    if unicodedata.combining(c) or unicodedata.category(c) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1


def text_width(s: str) -> int:
    """Display columns of `s`."""
    if s.isascii() and s.isprintable():  # (most names: one column a character)
        return len(s)
    return sum(char_width(c) for c in s)


def cut(s: str, width: int, ell: str = "…") -> str:
    """`s` cut to at most `width` columns, ending in `ell` when something was cut."""
    if text_width(s) <= width:
        return s
    room = width - text_width(ell)
    if s.isascii() and s.isprintable():  # (most names: one column a character)
        return s[:max(0, room)] + ell
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


def named(name: str, number: object, width: int) -> str:
    """`Name (37)` in at most `width` columns, cleaned: a long name is cut (with '…'), its number never (the
    TUI's rows and every printout with a name column: "Соколова Елена Сергеевна (…" lost the number)."""
    num = f" ({number})"
    room = width - text_width(num)
    if room < 2:
        return fit(f"{name}{num}", width)
    return fit(name, room) + num


def pad(s: str, width: int, align: str = "<") -> str:
    """`s` padded with spaces to `width` columns (it must not be wider)."""
    space = " " * max(0, width - text_width(s))
    return space + s if align == ">" else s + space
