"""Find a player as a player types it (the web view's find box and `GET /find?q=`):

    fold(text) -> str          a name as it is matched: lower case, diacritics left out (é = e,
                               ё = е, й = и), every run of other characters than letters and
                               digits one space
    key(name, pid) -> str      what a row is found by: the folded name and the start number
    terms(query) -> list[str]  the folded words typed
    hit(key, terms) -> bool    every word typed is found: a number is the start number, any other
                               the start of a word of the name (in any order: "nikita kozlov",
                               "Kozlov, N", "kozl", "37")

static/app.js folds what is typed the same way (NFKD, marks left out, lower case) and matches
it against each row's `data-k`, made here: the server's answer and the phone's agree.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["fold", "key", "terms", "hit", "MAX_FOUND"]

MAX_FOUND = 50  # rows /find shows at most (a single letter matches half the hall)
_OTHER = re.compile(r"[\W_]+")


def fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", str(text))
    text = "".join(c for c in text if not unicodedata.combining(c)).lower().replace("ß", "ss")
    return " ".join(_OTHER.sub(" ", text).split())


def key(name: str, pid: int) -> str:
    return f"{fold(name)} {pid}".strip()


def terms(query: str) -> list[str]:
    return fold(query[:200]).split()


def hit(k: str, words: list[str]) -> bool:
    if not words:
        return False
    padded = f" {k} "
    for w in words:
        if w.isdigit():
            if f" {int(w)} " not in padded:
                return False
        elif f" {w}" not in padded:  # the start of a word of the name
            return False
    return True
