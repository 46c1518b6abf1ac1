"""Plural forms by CLDR's rules (English: one / other; Russian: one / few / many / other).

    plural(21, "ru", one="участник", few="участника", many="участников")   # "участник"
    plural_category(22, "ru")                                               # "few"

In a template (the catalogs of core/msg and the TUI's words), a count field
chooses its noun with the format spec `plural:` and the forms in the order of
the language's categories, separated by `|`:

    "{n} {n:plural:player|players}"                       (English: one|other)
    "{n} {n:plural:участник|участника|участников}"        (Russian: one|few|many[|other])

or by name, in any order (`{n:plural:one=участник|few=участника|many=участников}`).
Russian "other" is the form of a fraction (1,5 очка); left out, it is the "few"
form, which is what Russian uses there. The number itself is written by its own
`{n}`, so a template says it where the language wants it.

CLDR (unicode.org, "Language Plural Rules"), integers i, fractions v > 0:
  en  one: i = 1 and v = 0;                                   other: everything else
  ru  one: v = 0 and i % 10 = 1 and i % 100 != 11
      few: v = 0 and i % 10 in 2..4 and i % 100 not in 12..14
      many: v = 0 and (i % 10 = 0, or i % 10 in 5..9, or i % 100 in 11..14)
      other: fractions (a number written with a fraction digit, "3.0", is one: CLDR's v > 0)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

__all__ = ["CATEGORIES", "PLURAL", "Count", "plural", "plural_category", "plural_spec"]

PLURAL = "plural:"
CATEGORIES: dict[str, tuple[str, ...]] = {"en": ("one", "other"), "ru": ("one", "few", "many", "other")}


def _whole(n: Any) -> int | None:
    """The integer a count is, or None for a fraction (2.5, "1.5", Fraction(3, 2))."""
    if isinstance(n, bool):
        return int(n)
    if isinstance(n, int):
        return n
    if isinstance(n, Fraction):
        return int(n) if n.denominator == 1 else None
    if isinstance(n, float):
        return int(n) if n.is_integer() else None
    text = str(n).strip().replace(",", ".").replace("½", ".5")
    try:
        v = Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None  # not a number: said as a fraction is ("other")
    return int(v) if v.denominator == 1 and "." not in text else None  # "3.0" shows a fraction digit: other


def plural_category(n: Any, lang: str = "en") -> str:
    """CLDR's plural category of the count `n` in `lang` ("en" or "ru"; any other language: English)."""
    i = _whole(n)
    if i is None:
        return "other"
    i = abs(i)
    if lang == "ru":
        if i % 10 == 1 and i % 100 != 11:
            return "one"
        if 2 <= i % 10 <= 4 and not 12 <= i % 100 <= 14:
            return "few"
        return "many"
    return "one" if i == 1 else "other"


def plural(n: Any, lang: str = "en", **forms: str) -> str:
    """The form of a noun after the count `n`: `plural(5, "ru", one="тур", few="тура", many="туров")`.
    A form not given falls back: Russian other -> few -> many; English other -> many."""
    cat = plural_category(n, lang)
    for c in (cat, "few", "other", "many", "one") if cat == "other" else (cat, "other", "many", "few", "one"):
        if c in forms:
            return forms[c]
    raise ValueError("plural() needs the forms of the language's categories")


def plural_spec(spec: str, lang: str) -> dict[str, str]:
    """The forms a template's `plural:...` spec names, by category."""
    body = spec[len(PLURAL):]
    parts = body.split("|")
    if all("=" in p for p in parts):
        return dict(p.split("=", 1) for p in parts)
    cats = CATEGORIES.get(lang, CATEGORIES["en"])
    if len(parts) > len(cats):
        raise ValueError(f"{spec!r}: more forms than {lang}'s categories {cats}")
    return dict(zip(cats, parts))


class Count:
    """A field of a template written `{n:plural:...}`: formats as the number, or as the noun its spec
    chooses for it in the template's language."""

    __slots__ = ("value", "lang")

    def __init__(self, value: Any, lang: str) -> None:
        self.value, self.lang = value, lang

    def __format__(self, spec: str) -> str:
        if spec.startswith(PLURAL):
            return plural(self.value, self.lang, **plural_spec(spec, self.lang))
        return format(self.value, spec)

    def __str__(self) -> str:
        return str(self.value)
