"""Reading a rating list: FIDE's fixed-width TXT (or its zip) and a national list as CSV.

FIDE's combined list (shared spec ratinglists.md): a header line whose words start the columns ("ID
Number", "Name", "Fed", "Sex", "Tit", "WTit", "OTit", "FOA", "SRtng SGm SK RRtng RGm Rk BRtng BGm BK",
"B-day", "Flag"); values left-aligned at their column's start, empty fields blank; ASCII or Latin-1.
The column starts are taken from the header of the file at hand. A single-rate list has one rating
column named by its month (`SEP26`) with `Gms` and `K`: its rate is the `rate` asked for.

Every line is checked; a value that is not one (an id that is not 1-10 digits, a rating that is not
a number, a sex that is not M or F, a federation that is not three capital letters, a year of birth
that is not four digits) refuses the list, naming its line and column. Nothing is kept then.
"""

from __future__ import annotations

import io
import re
import zipfile
from operator import itemgetter
from pathlib import Path
from typing import Iterator, NamedTuple

from arbiter_tournament.core.errors import FileProblem, IllegalChange

RATES = ("standard", "rapid", "blitz")
LIST_BYTES_MAX = 2_000_000_000  # a list's text: FIDE's combined list is about 190 MB
FIDE_TITLES = frozenset(("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"))

# header word -> field (the combined list, then a single-rate list's Gms and K, which are not kept)
_FIELDS = {"ID Number": "fide_id", "ID": "fide_id", "Name": "name", "Fed": "fed", "Sex": "sex", "Tit": "title",
           "WTit": "wtitle", "OTit": "otitle", "FOA": "foa", "SRtng": "standard", "SGm": "", "SK": "",
           "RRtng": "rapid", "RGm": "", "Rk": "", "BRtng": "blitz", "BGm": "", "BK": "", "B-day": "born",
           "Bday": "born", "Flag": "flag", "Gms": "", "K": ""}
_MONTH = re.compile(r"[A-Z]{3}[0-9]{2}")  # a single-rate list's rating column: SEP26
_FED = re.compile(r"[A-Z]{3}")


class Entry(NamedTuple):
    """One player of a list (ratings 0: none)."""

    fide_id: str
    name: str
    fed: str = ""
    sex: str = ""  # "m" or "f"
    title: str = ""
    wtitle: str = ""
    otitle: str = ""  # other titles: arbiters', organisers', trainers' (IA, FA, IO, FST ...): never a player's title
    standard: int = 0
    rapid: int = 0
    blitz: int = 0
    born: int = 0  # year of birth; 0 not given
    flag: str = ""  # i inactive, w woman, wi both


def columns(header: str, path: str, rate: str = "standard") -> list[tuple[str, int, int]]:
    """(field, start, end) of each column of FIDE's TXT, from the header line's words."""
    marks = [(m.group(), m.start()) for m in re.finditer(r"\S+", header)]
    merged: list[tuple[str, int]] = []
    for word, start in marks:
        if word == "Number" and merged and merged[-1][0] == "ID":
            merged[-1] = ("ID Number", merged[-1][1])
        else:
            merged.append((word, start))
    out = []
    for i, (word, start) in enumerate(merged):
        end = merged[i + 1][1] if i + 1 < len(merged) else 10_000
        field = _FIELDS.get(word)
        if field is None and _MONTH.fullmatch(word):
            field = rate
        if field is None:
            raise FileProblem(path, 1, "the header's column '{word}' is not one of FIDE's list (ID Number, Name, "
                              "Fed, Sex, Tit, WTit, OTit, FOA, SRtng ... B-day, Flag)", word=word[:20])
        if field:
            out.append((field, start, end))
    found = {f for f, _, _ in out}
    for need, word in (("fide_id", "ID Number"), ("name", "Name")):
        if need not in found:
            raise FileProblem(path, 1, "the header has no '{word}' column: not FIDE's list", word=word)
    return out


def _lines(path: Path, shown: str) -> Iterator[bytes]:
    """The lines of a TXT list, or of the one TXT inside a zip, as bytes."""
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as z:
            inside = [i for i in z.infolist() if not i.is_dir()]
            if len(inside) != 1:
                raise FileProblem(shown, None, "a zip of a rating list holds one file; this one holds {n}",
                                  n=len(inside))
            if inside[0].file_size > LIST_BYTES_MAX:
                raise FileProblem(shown, None, "the list is too big: at most {most} bytes", most=LIST_BYTES_MAX)
            with z.open(inside[0]) as f:
                # typeshed says IO[bytes]; it is a ZipExtFile, a BufferedIOBase, which BufferedReader reads
                yield from io.BufferedReader(f, 1 << 20)  # type: ignore[type-var]
        return
    if path.stat().st_size > LIST_BYTES_MAX:
        raise FileProblem(shown, None, "the list is too big: at most {most} bytes", most=LIST_BYTES_MAX)
    with open(path, "rb", buffering=1 << 20) as f:
        yield from f


def is_fide_txt(path: Path) -> bool:
    """Does the file (or the zip's file) start with FIDE's header ("ID Number ... Name")?"""
    try:
        first = next(_lines(path, str(path)), b"")
    except (OSError, zipfile.BadZipFile):
        return False
    return first.lstrip().startswith(b"ID") and b"Name" in first[:200]


def read_fide(path: str | Path, rate: str = "standard") -> Iterator[Entry]:
    """The players of FIDE's TXT list (or its zip), in file order; FileProblem naming the line and column of
    a value that is not one."""
    p = Path(path)
    lines = _lines(p, str(path))
    head = next(lines, None)
    if head is None:
        raise FileProblem(str(path), None, "empty file: expected FIDE's header line (ID Number  Name ...)")
    cols = columns(_text(head), str(path), rate)
    where = {f: slice(s, e) for f, s, e in cols}
    get = itemgetter(*(where.get(f, slice(0, 0)) for f in _ORDER))
    strip = str.strip
    sexes, titles = {"": "", "M": "m", "F": "f"}, _TITLE_OR_NONE
    for n, raw in enumerate(lines, start=2):
        line = _text(raw).rstrip("\r\n")
        fid, name, fed, sex, tit, wtit, otit, std, rpd, blz, born, flag = map(strip, get(line))
        if (fid.isdigit() and len(fid) <= 10 and fid.isascii() and name and sex in sexes and tit in titles
                and wtit in titles and (not fed or (len(fed) == 3 and fed.isascii() and fed.isupper()
                                                    and fed.isalpha()))
                and (not std or (std.isdigit() and len(std) <= 4 and std.isascii()))
                and (not rpd or (rpd.isdigit() and len(rpd) <= 4 and rpd.isascii()))
                and (not blz or (blz.isdigit() and len(blz) <= 4 and blz.isascii()))
                and (not born or (born.isdigit() and len(born) == 4 and born.isascii()))):
            yield Entry(fid, name, fed, sexes[sex], tit, wtit, otit, int(std) if std else 0, int(rpd) if rpd else 0,
                        int(blz) if blz else 0, int(born) if born else 0, flag)
        elif line.strip():  # the slow way, which names what is wrong
            yield _entry({f: line[s:e].strip() for f, s, e in cols}, str(path), n, cols)


_ORDER = ("fide_id", "name", "fed", "sex", "title", "wtitle", "otitle", "standard", "rapid", "blitz", "born", "flag")
_TITLE_OR_NONE = frozenset(("", *FIDE_TITLES))


def _text(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _column(cols, field: str) -> str:
    for word, f in _FIELDS.items():
        if f == field:
            return word
    return field


def _bad_value(path: str, n: int, template: str, **params) -> FileProblem:
    return FileProblem(path, n, template, **params)


def _entry(v: dict[str, str], path: str, n: int, cols) -> Entry:
    fid = v.get("fide_id", "")
    if not (fid.isascii() and fid.isdigit() and len(fid) <= 10):
        raise _bad_value(path, n, "column {column}: '{value}' is not a FIDE id (1 to 10 digits)",
                         column=_column(cols, "fide_id"), value=fid[:30])
    name = v.get("name", "")
    if not name:
        raise _bad_value(path, n, "column {column}: '{value}' is not a name",
                         column=_column(cols, "name"), value=name[:30])
    fed = v.get("fed", "")
    if fed and not _FED.fullmatch(fed):
        raise _bad_value(path, n, "column {column}: '{value}' is not a federation's code of three capital letters",
                         column=_column(cols, "fed"), value=fed[:30])
    sex = v.get("sex", "")
    if sex not in ("", "M", "F"):
        raise _bad_value(path, n, "column {column}: '{value}' is not M or F",
                         column=_column(cols, "sex"), value=sex[:30])
    title, wtitle = v.get("title", ""), v.get("wtitle", "")
    for field, t in (("title", title), ("wtitle", wtitle)):
        if t and t not in FIDE_TITLES:
            raise _bad_value(path, n, "column {column}: '{value}' is not a FIDE title (GM IM FM CM WGM WIM WFM WCM)",
                             column=_column(cols, field), value=t[:30])
    r = {}
    for rate in RATES:
        x = v.get(rate, "")
        if x and not (x.isascii() and x.isdigit() and len(x) <= 4):
            raise _bad_value(path, n, "column {column}: '{value}' is not a rating",
                             column=_column(cols, rate), value=x[:30])
        r[rate] = int(x) if x else 0
    born = v.get("born", "")
    if born and not (born.isascii() and born.isdigit() and len(born) == 4):
        raise _bad_value(path, n, "column {column}: '{value}' is not a year of birth (four digits)",
                         column=_column(cols, "born"), value=born[:30])
    return Entry(fide_id=fid, name=name, fed=fed, sex=sex.lower(), title=title, wtitle=wtitle,
                 otitle=v.get("otitle", ""), born=int(born) if born else 0, flag=v.get("flag", ""), **r)


def read_csv(path: str | Path, rate: str = "standard", encoding: str | None = None) -> list[Entry]:
    """A national list as CSV: the header words of `players import` (name or surname and first name, FIDE
    id, rating, federation, sex, title, birth); its rating is the `rate` asked for."""
    from arbiter_tournament.core.formats import csvio
    from arbiter_tournament.core.store.files import read_input

    data = read_input(path, most=LIST_BYTES_MAX, stdin=False)
    text, used = csvio.decode(data, str(path), encoding)
    got = csvio.read_import(text, str(path), encoding=used, most=10_000_000)
    out = []
    for row in got.rows:
        birth = row.get("birth", "")
        title = row.get("title", "")
        out.append(Entry(fide_id=row.get("fide_id", ""), name=row["name"], fed=row.get("federation", ""),
                         sex=row.get("sex", ""), title=title if not title.startswith("W") else "",
                         wtitle=title if title.startswith("W") else "", born=int(birth[:4]) if birth else 0,
                         **{rate: row.get("rating", 0)}))
    return out


def check_rate(rate: str) -> str:
    if rate not in RATES:
        raise IllegalChange("rate: '{value}' is not standard, rapid or blitz", value=rate[:40])
    return rate
