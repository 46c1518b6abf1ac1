"""Names as a look-up compares them: folded to lower-case ASCII words.

Case, accents and the Cyrillic alphabet do not matter to a judge typing a name: "Ivanov", "IVANOV",
"Иванов" and "Иванoв" with ё or е are one word, `ivanov`; "Müller" is `muller`, "Łukasz" `lukasz`.
Cyrillic letters are written in Latin ones (a plain transliteration: ж zh, х kh, ц ts, ч ch, ш sh, щ
shch, ю yu, я ya, й and ы y, ъ and ь nothing), so a name typed in Russian finds the transliterated
name of FIDE's list at least by its start ("Непомнящий" and "Nepomniachtchi" share `nepomn`).
The index and the query fold alike (`words`), so whatever is typed is compared as it was indexed.
"""

from __future__ import annotations

import re
import unicodedata

_CYRILLIC = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z", "и": "i", "й": "y",
    "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f",
    "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu",
    "я": "ya", "і": "i", "ї": "yi", "є": "ye", "ґ": "g", "ў": "u", "ә": "a", "ғ": "g", "қ": "k", "ң": "n",
    "ө": "o", "ұ": "u", "ү": "u", "һ": "h",
    # Latin letters that do not decompose into a base letter and an accent
    "ß": "ss", "ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ħ": "h",
}
_TABLE = str.maketrans(_CYRILLIC)
_WORD = re.compile(r"[^\W_]+")
_ASCII_WORD = re.compile(r"[a-z0-9]+")


def fold(text: str) -> str:
    """`text` in lower case, Cyrillic written in Latin letters, accents dropped."""
    t = text.lower()
    if t.isascii():
        return t
    t = t.translate(_TABLE)
    if t.isascii():
        return t
    return "".join(ch for ch in unicodedata.normalize("NFKD", t) if not unicodedata.combining(ch))


def words(text: str) -> list[str]:
    """The folded words of a name or a query: letters and digits, in order."""
    t = fold(text)
    return _ASCII_WORD.findall(t) if t.isascii() else _WORD.findall(t)
