"""A player's details as FIDE's report (TRF) carries them, checked on every way in.

`players add|edit`, a CSV or TRF import, the TUI's form and the rating lists all give a player's
FIDE id, title, federation, sex and birth as a judge or a federation wrote them; `clean_details`
makes each the one form the event holds, or refuses it naming the field (IllegalChange):

- FIDE id: 1 to 10 ASCII digits (`FIDE_ID_DIGITS`);
- title: one of FIDE's titles (`TITLES`), upper-cased (honorary and arbiters' titles, IA, FA ...,
  are no player's title: they are not kept, docs/ratings.md);
- federation: FIDE's three-letter code; a country's name in English or Russian becomes its code
  (`core.event.federations`: "Россия" -> RUS);
- sex: m or f (M, F, male, female, м, ж ...);
- birth: a year (1990) or a real date, written YYYY/MM/DD, YYYY-MM-DD or DD.MM.YYYY and held as
  YYYY-MM-DD.

The file's reader (core/store/codec.py) holds every value to `stored_problem`: the forms above as the
event holds them (a date written earlier as DD.MM.YYYY or YYYY/MM/DD is kept as written).
"""

from __future__ import annotations

import datetime
import re
from typing import TypedDict

from arbiter_tournament.core.errors import IllegalChange, word
from arbiter_tournament.core.event.federations import CODES, code_of

TITLES = ("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM")
FIDE_ID_DIGITS = 10
YEARS = (1900, 2099)  # a year of birth

_SEX = {"m": "m", "male": "m", "man": "m", "boy": "m", "м": "m", "муж": "m", "мужской": "m", "мужчина": "m",
        "f": "f", "w": "f", "female": "f", "woman": "f", "girl": "f", "ж": "f", "жен": "f", "женский": "f",
        "женщина": "f"}

_YEAR = re.compile(r"[0-9]{4}")
_ISO = re.compile(r"([0-9]{4})[-/]([0-9]{1,2})[-/]([0-9]{1,2})")
_DOTS = re.compile(r"([0-9]{1,2})\.([0-9]{1,2})\.([0-9]{4})")


def fide_id(value: str) -> str:
    if value.isdigit() and value.isascii() and len(value) <= FIDE_ID_DIGITS and value.strip("0"):
        return value  # (as held: the quick way, for imports of many)
    v = value.strip()
    if v.endswith(".0") and v[:-2].isascii() and v[:-2].isdigit():  # a spreadsheet's number
        v = v[:-2]
    if not (v.isascii() and v.isdigit()) or len(v) > FIDE_ID_DIGITS or not v.strip("0"):
        raise IllegalChange("FIDE id '{v}' is not a FIDE id: 1 to {most} digits", v=value[:20],
                            most=FIDE_ID_DIGITS)
    return v


def title(value: str) -> str:
    if value in TITLES:
        return value
    v = value.strip().upper()
    if v not in TITLES:
        raise IllegalChange("title '{v}' is not one of FIDE's titles ({known})", v=value[:20],
                            known=" ".join(TITLES))
    return v


def federation(value: str) -> str:
    if value in CODES:
        return value
    code = code_of(value)
    if code is None:
        raise IllegalChange("federation '{v}' is not a FIDE federation: give its three-letter code (RUS, KAZ, "
                            "GER ...) or the country's name", v=value[:40])
    return code


def sex(value: str) -> str:
    if value == "m" or value == "f":
        return value
    v = _SEX.get(value.strip().lower().rstrip("."))
    if v is None:
        raise IllegalChange("sex '{v}' is not m or f", v=value[:20])
    return v


def birth(value: str) -> str:
    """A year (`1990`), or a date as YYYY-MM-DD (from YYYY/MM/DD, YYYY-MM-DD, DD.MM.YYYY)."""
    if len(value) == 10 and value[4] == "-" and value[7] == "-" and value[:4].isdigit() and value.isascii():
        try:  # (as held: the quick way)
            if YEARS[0] <= int(value[:4]) <= YEARS[1]:
                return datetime.date.fromisoformat(value).isoformat()
        except ValueError:
            pass
    v = value.strip()
    if v.endswith(".0") and _YEAR.fullmatch(v[:-2]):
        v = v[:-2]
    y = m = d = None
    if _YEAR.fullmatch(v):
        y = int(v)
    elif (got := _ISO.fullmatch(v)) is not None:
        y, m, d = (int(x) for x in got.groups())
    elif (got := _DOTS.fullmatch(v)) is not None:
        d, m, y = (int(x) for x in got.groups())
    else:
        raise IllegalChange("birth '{v}' is not a year or a date (1990, 1990-05-17, 1990/05/17, 17.05.1990)",
                            v=value[:40])
    if not YEARS[0] <= y <= YEARS[1]:
        raise IllegalChange("birth '{v}': the year {y} is not a year of birth ({lo} to {hi})", v=value[:40], y=y,
                            lo=YEARS[0], hi=YEARS[1])
    if m is None or d is None:  # (both or neither: a year alone)
        return f"{y:04d}"
    if m == 0 and d == 0:  # a report's YYYY/00/00: the year alone
        return f"{y:04d}"
    try:
        return datetime.date(y, m, d).isoformat()
    except ValueError:
        raise IllegalChange("birth '{v}' is not a real date", v=value[:40]) from None


class Details(TypedDict, total=False):
    """The details of a player beyond the ones `add_player` names (each a string, "" none)."""

    title: str
    fide_id: str
    sex: str
    birth: str
    code: str


CHECKS = {"fide_id": fide_id, "title": title, "federation": federation, "sex": sex, "birth": birth}


def clean_details(fields: dict) -> dict:
    """`fields` with each detail of `CHECKS` given (non-empty) in the form the event holds; "" stays ""."""
    out = dict(fields)
    for k, check in CHECKS.items():
        v = out.get(k)
        if isinstance(v, str) and v.strip():
            out[k] = check(v)
        elif isinstance(v, str):
            out[k] = ""
    return out


def stored_problem(field: str, value: str) -> IllegalChange | None:
    """Why a detail as written in an event file is not one the event holds (None: it is), as the error."""
    if value == "" or field not in CHECKS:
        return None
    if field == "federation":
        return None if value in CODES else IllegalChange("'{v}' is not a FIDE federation's code (RUS, KAZ, GER ...)",
                                                         v=value[:40])
    if field == "sex":
        return None if value in ("m", "f") else IllegalChange("sex '{v}' is not m or f", v=value[:20])
    try:
        got = CHECKS[field](value)
    except IllegalChange as exc:
        return exc
    if field in ("fide_id", "title") and got != value:
        return IllegalChange("'{v}' is written {got}", v=value[:20], got=got)
    return None


def year_of(birth_text: str) -> int | None:
    """The year of a held birth ("1990", "1990-05-17", "17.05.1990", "1990/05/17")."""
    m = re.search(r"[0-9]{4}", birth_text or "")
    return int(m.group()) if m else None


def trf_birth(value: str) -> str:
    """A held birth as the TRF writes it: YYYY/MM/DD (a year alone: YYYY/00/00)."""
    if not value:
        return ""
    b = birth(value)
    return f"{b}/00/00" if len(b) == 4 else b.replace("-", "/")


# -- the TUI's player form: every field typed as text ---------------------------------------------------------

FORM_FIELDS = ("name", "rating", "club", "table", "team", "title", "fide_id", "federation", "sex", "birth")
NUMBER_DIGITS = 9  # a typed whole number: ASCII digits, at most this many (thousands of digits make no int)


def refused(field: str, exc: IllegalChange) -> IllegalChange:
    """`exc`, marked with the form's field it is about (`exc.field`): the form keeps what was typed and says it."""
    exc.field = field
    return exc


def typed_whole(text: str, field: str, most: int) -> int | None:
    """A whole number typed in a form's field: ASCII digits only (not ², ①, fullwidth or Arabic-Indic ones), at
    most `most`; "" is None."""
    t = text.strip()
    if not t:
        return None
    if not (t.isascii() and t.isdigit()):
        raise refused(field, IllegalChange("{field}: '{v}' is not a whole number (the digits 0-9)", field=word(field),
                                           v=t[:20]))
    if len(t.lstrip("0")) > NUMBER_DIGITS:  # only digits, too many of them: the number is too high (never int()ed)
        raise refused(field, IllegalChange("{field}: {n} is too high: at most {most}", field=word(field),
                                           n=t if len(t) <= 20 else t[:20] + "…", most=most))
    n = int(t)
    if n > most:
        raise refused(field, IllegalChange("{field}: {n} is too high: at most {most}", field=word(field), n=n,
                                           most=most))
    return n


def form_player(values: dict[str, str], *, rating_max: int, tables_max: int) -> dict:
    """The typed fields of the player form (`FORM_FIELDS`, those present) as keyword arguments of `AddPlayer` /
    `EditPlayer`: each checked as every way in checks it; a refusal names its field (`refused`)."""
    out: dict = {}
    for field, text in values.items():
        if field not in FORM_FIELDS:
            continue
        if field == "name":
            name = text.strip()
            if not name:
                raise refused("name", IllegalChange("a player needs a name"))
            out["name"] = name
        elif field == "rating":
            out["rating"] = typed_whole(text, "rating", rating_max) or 0
        elif field == "table":
            out["table"] = typed_whole(text, "table", tables_max)
        elif field in CHECKS:
            try:
                out[field] = CHECKS[field](text) if text.strip() else ""
            except IllegalChange as exc:
                raise refused(field, exc) from None
        else:
            out[field] = text.strip()
    return out
