"""CSV: players in (import), players and standings out.

Import takes registration files as they come (docs/cli.md, "players import"):

- **Bytes**: read with a size cap (`limits.CSV_BYTES_MAX`), only from a plain
  file or from standard input named `-` (`core.store.files.read_input`).
- **Encoding**: UTF-8 with or without a BOM, UTF-16 with a BOM (a
  spreadsheet's "Unicode text"), or, for a file that is not UTF-8, a
  Cyrillic or Western single-byte encoding told apart by the letters it
  gives (Windows-1251, KOI8-R, Windows-1252). When the bytes do not say
  clearly, the file is refused with a hint to name it (`--encoding cp1251`).
  `ENCODINGS` are the names a judge may give.
- **Separator**: `,`, `;` or a tab, the one the header row uses.
- **Header**: English or Russian, with the usual aliases (`ALIASES`): a
  `name` column, or `surname` and `first name` (and a patronymic), giving
  "Surname, First"; `rating`, `fide_id`, `birth` (a date or a year),
  `sex`, `title`, `club`, `federation`, `table`, `team`. A column arbiter
  does not know is ignored and named in one warning line.
- **Values** are made clean for the player fields of core/event/model.py,
  by the checks every way in makes (core/event/player_details.py): the
  birth a year or a real date (`17.05.1987`, `1987/05/17` -> `1987-05-17`),
  the sex `m` or `f` (from `M`, `male`, `м`, `муж`, `ж`, `W` ...), a title
  one of FIDE's (upper-cased), a FIDE id 1-10 digits, the federation FIDE's
  code (a country's name in English or Russian becomes it: `Россия` ->
  `RUS`). A bad value is refused with its line and column, and nothing is
  imported.
"""

from __future__ import annotations

import codecs
import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from arbiter_tournament.core import limits
from arbiter_tournament.core.errors import Advice, FileProblem, IllegalChange, Msg, word
from arbiter_tournament.core.event import player_details as details
from arbiter_tournament.core.msg.cells import clean

COLUMNS = ("name", "rating", "club", "federation", "table", "team", "title", "fide_id", "sex", "birth")

# The encodings a judge may name (`--encoding`), and what each is called in messages.
ENCODINGS = {
    "utf-8": "UTF-8", "utf-16": "UTF-16", "cp1251": "Windows-1251", "koi8-r": "KOI8-R", "cp866": "DOS-866",
    "cp1252": "Windows-1252", "latin-1": "ISO-8859-1", "iso-8859-5": "ISO-8859-5", "mac-cyrillic": "Mac Cyrillic",
}

# Header words (compared after `_key`: lower case, ё as е, spaces, dots, dashes and underscores dropped).
ALIASES: dict[str, tuple[str, ...]] = {
    "name": ("name", "player", "player name", "full name", "participant", "фио", "ф.и.о.", "имя фамилия",
             "фамилия имя", "фамилия и имя", "фамилия, имя", "фамилия имя отчество", "участник", "игрок"),
    "surname": ("surname", "last name", "family name", "фамилия"),
    "first_name": ("first name", "given name", "forename", "имя"),
    "patronymic": ("patronymic", "middle name", "отчество"),
    "rating": ("rating", "elo", "rtg", "fide rating", "rating fide", "рейтинг", "эло", "рейтинг фиде",
               "рейтинг эло"),
    "fide_id": ("fide id", "fide_id", "fideid", "id fide", "fide code", "fide number", "fide no", "фиде id",
                "id фиде", "код фиде", "фиде код", "номер фиде", "фиде"),
    "birth": ("birth", "birth date", "date of birth", "birthdate", "born", "birthday", "dob", "birth year",
              "year of birth", "yob", "дата рождения", "год рождения", "г.р.", "гр", "рождение", "др"),
    "sex": ("sex", "gender", "пол"),
    "title": ("title", "fide title", "звание", "титул"),
    "club": ("club", "клуб"),
    "federation": ("federation", "fed", "country", "федерация", "страна"),
    "table": ("table", "group", "стол", "группа"),
    "team": ("team", "команда"),
}


def _key(header: str) -> str:
    return re.sub(r"[\s._\-,]+", "", header.strip().lower().replace("ё", "е"))


_ALIAS = {_key(a): field for field, names in ALIASES.items() for a in names}

_SEX = {"m": "m", "male": "m", "man": "m", "men": "m", "boy": "m", "м": "m", "муж": "m", "мужской": "m",
        "мужчина": "m", "f": "f", "female": "f", "woman": "f", "women": "f", "w": "f", "girl": "f", "ж": "f",
        "жен": "f", "женский": "f", "женщина": "f"}
_NONE = ("", "-", "—", "–", "n/a", "нет")
_DATETIME = re.compile(r"[ T][0-9]{1,2}:[0-9]{2}(:[0-9]{2})?$")
_SLASHED = re.compile(r"([0-9]{1,2})/([0-9]{1,2})/([0-9]{4})")


def _slashed(v: str) -> str:
    """A spreadsheet's D/M/YYYY or M/D/YYYY as a date when the order is plain (a part over 12), else its year
    alone (5/6/1987 may be either; the year is what categories read)."""
    m = _SLASHED.fullmatch(v.strip())
    if m is None:
        return v
    a, b, y = (int(x) for x in m.groups())
    if a > 12 >= b:
        return f"{y:04d}-{b:02d}-{a:02d}"
    if b > 12 >= a:
        return f"{y:04d}-{a:02d}-{b:02d}"
    return m.group(3)


@dataclass(frozen=True)
class Import:
    """What a registration file gave: the players (keyword arguments of `commands.add_player`), the
    columns ignored, the encoding and the separator read."""

    rows: list[dict]
    ignored: tuple[str, ...]
    encoding: str
    delimiter: str
    guessed: bool = False  # the encoding was told from the letters (not UTF-8, not named)

    def warnings(self) -> list[Msg]:
        """What the judge should know, a line each: an encoding told from the letters, the columns left out."""
        out = []
        if self.guessed:
            out.append(Msg("read as {encoding} (the file is not UTF-8)", encoding=ENCODINGS[self.encoding])
                       .with_advice((Advice.of("name_encoding", guessed=True),)))
        if self.ignored:
            out.append(Msg("columns ignored (arbiter does not know them): {columns}",
                           columns=", ".join(self.ignored)))
        return out


def read_players_file(path: str | Path, encoding: str | None = None, *, stdin: bool = True) -> Import:
    """The players of a registration file (`-`: standard input, when `stdin`; the TUI's is the judge's
    keyboard), or a FileProblem naming the line."""
    from arbiter_tournament.core.store.files import read_input

    data = read_input(path, most=limits.CSV_BYTES_MAX, stdin=stdin)
    text, used = decode(data, str(path), encoding)
    got = read_import(text, str(path), encoding=used)
    guessed = encoding is None and used not in ("utf-8", "utf-16")
    return Import(got.rows, got.ignored, got.encoding, got.delimiter, guessed)


def decode(data: bytes, path: str = "<csv>", encoding: str | None = None) -> tuple[str, str]:
    """The text of a CSV file, and the name of its encoding (`ENCODINGS`'s key)."""
    if encoding is not None:
        name = _encoding_name(encoding, path)
        if name == "utf-8" and data.startswith(codecs.BOM_UTF8):
            data = data[len(codecs.BOM_UTF8):]
        try:
            return data.decode(name).removeprefix("\ufeff"), name
        except UnicodeDecodeError as exc:
            raise FileProblem(path, None, "not {encoding} text (byte {start}); leave --encoding out to let arbiter "
                              "tell", encoding=ENCODINGS[name], start=exc.start) from None
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16").removeprefix("\ufeff"), "utf-16"
        except UnicodeDecodeError as exc:
            raise FileProblem(path, None, "not UTF-16 text (byte {start})", start=exc.start) from None
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError as exc:
        first_bad = exc.start
    binary = re.search(rb"[\x00-\x08\x0b\x0e-\x1a\x1c-\x1f\x7f]", data)  # no spreadsheet writes these in text
    guess = None if binary else _guess_single_byte(data)
    if guess is None:
        raise FileProblem(path, None, "not UTF-8 text (byte {start}), and its letters do not say which encoding it "
                          "is", start=first_bad, advice=Advice.of("name_encoding", guessed=False))
    return data.decode(guess), guess


def _encoding_name(encoding: str, path: str) -> str:
    try:
        name = codecs.lookup(encoding.strip()).name
    except LookupError:
        name = ""
    aliases = {"iso8859-1": "latin-1", "iso8859-5": "iso-8859-5", "mac-cyrillic": "mac-cyrillic",
               "utf-16": "utf-16", "utf-8": "utf-8"}
    name = aliases.get(name, name)
    if name not in ENCODINGS:
        raise FileProblem(path, None, "unknown encoding '{encoding}' (known: {known})", encoding=encoding[:40],
                          known=", ".join(ENCODINGS))
    return name


_CYRILLIC = re.compile(r"[а-яё]", re.I)
_CYR_LOWER = re.compile(r"[а-яё]")
_LATIN = re.compile(r"[A-Za-z]")
_WORD = re.compile(r"[^\W\d_]+")
_LATIN_EXTRA = re.compile(r"[À-ÖØ-öø-ÿŠšŽžŒœŸ]")


_SAMPLE = 1 << 18  # bytes looked at to tell the encoding
_HIGH = bytes(range(0x80, 0x100))


def _guess_single_byte(data: bytes) -> str | None:
    """Windows-1251, KOI8-R or Windows-1252, when the bytes above 127 read as the letters of one of them;
    None when they do not say."""
    sample = data[:_SAMPLE]  # what the letters say, from the start of the file (a registration list is uniform)
    if len(data) > _SAMPLE:
        sample = sample[:sample.rfind(b"\n") + 1] or sample
    high = len(sample) - len(sample.translate(None, _HIGH))
    if not high:
        return None
    scores = {}
    for enc in ("cp1251", "koi8-r"):
        try:
            data.decode(enc)  # every byte of the file must be one of its characters
            text = sample.decode(enc)
        except UnicodeDecodeError:
            continue
        letters = len(_CYRILLIC.findall(text))
        words = [w for w in _WORD.findall(text) if _CYRILLIC.search(w)]
        mixed = sum(1 for w in words if _LATIN.search(w))  # "Хsa Цberg": Western letters read as Cyrillic
        if letters >= 0.95 * high and mixed * 5 <= len(words):
            scores[enc] = len(_CYR_LOWER.findall(text))  # names are mostly lower case: "Иванов Иван"
    if scores:
        best = max(scores, key=scores.get)
        others = [v for k, v in scores.items() if k != best]
        if not others or scores[best] >= 2 * max(others):
            return best
        return None
    try:
        data.decode("cp1252")
        text = sample.decode("cp1252")
    except UnicodeDecodeError:
        return None
    if len(_LATIN_EXTRA.findall(text)) >= 0.95 * high:
        return "cp1252"
    return None


def _delimiter(text: str) -> str:
    """`,`, `;` or a tab: the one the header row (its first line, outside quotes) uses most."""
    first = text.split("\n", 1)[0]
    outside = re.sub(r'"[^"]*"', "", first)
    counts = {d: outside.count(d) for d in (",", ";", "\t")}
    best = max(counts, key=lambda d: (counts[d], d == ","))
    return best if counts[best] else ","


def read_players(text: str, path: str = "<csv>") -> list[dict]:
    """Rows as keyword arguments for `commands.add_player`, in file order."""
    return read_import(text, path).rows


def read_import(text: str, path: str = "<csv>", *, encoding: str = "utf-8", most: int = limits.PLAYERS_MAX) -> Import:
    """The players of a CSV text, the columns ignored, the separator."""
    text = text.removeprefix("\ufeff")
    delimiter = _delimiter(text)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)  # an unclosed quote is
    try:                                                                                # an error, not a long name
        header = next(reader)
    except StopIteration:
        raise FileProblem(path, 1, "empty file: expected a header row with a 'name' column") from None
    except csv.Error as exc:
        raise FileProblem(path, 1, "not CSV: {exc}", exc=exc) from None
    fields: list[str | None] = []
    ignored: list[str] = []
    seen: dict[str, str] = {}
    for h in header:
        f = _ALIAS.get(_key(h))
        if f is None:
            fields.append(None)
            if h.strip():
                ignored.append(clean(h.strip())[:40])
            continue
        if f in seen:
            raise FileProblem(path, 1, "the column '{c}' is there twice", c=f if h.strip() == f else
                              f"{clean(seen[f])}, {clean(h.strip())}")
        seen[f] = h.strip()
        fields.append(f)
    if "name" in seen:  # a full name wins: the parts are left out, and said so
        for part in ("surname", "first_name", "patronymic"):
            if part in seen:
                ignored.append(seen[part])
                fields = [None if f == part else f for f in fields]
    elif "surname" not in seen:
        found = ", ".join(clean(h.strip()) for h in header if h.strip())
        if not found:
            raise FileProblem(path, 1, "no 'name' column in the header (found: nothing)")
        raise FileProblem(path, 1, "no 'name' column in the header (found: {found})", found=found[:200])
    rows = []
    try:
        for raw in reader:
            line_no = reader.line_num
            if not any(x.strip() for x in raw):
                continue
            if len(rows) >= most:
                raise FileProblem(path, line_no, "more than {most} players", most=most)
            if len(raw) > len(fields):
                raise FileProblem(path, line_no, "{n} fields, the header has {m}", n=len(raw), m=len(fields))
            row = {f: v.strip() for f, v in zip(fields, raw) if f}
            rows.append(_player(row, path, line_no))
    except csv.Error as exc:
        raise FileProblem(path, reader.line_num, "not CSV: {exc}", exc=exc) from None
    return Import(rows, tuple(ignored), encoding, delimiter)


def _player(row: dict[str, str], path: str, line_no: int) -> dict:
    """One row as keyword arguments of `commands.add_player`, each value clean."""
    name = row.get("name", "")
    if not name and row.get("surname"):
        given = " ".join(x for x in (row.get("first_name", ""), row.get("patronymic", "")) if x)
        name = f"{row['surname']}, {given}" if given else row["surname"]
    if not name and row.get("fide_id", "").lower() in _NONE:  # (a FIDE id alone: the name from the rating
        raise FileProblem(path, line_no, "the name is empty")  # lists, `players import`; else add_player says)
    kw: dict = {"name": name}
    for c in ("rating", "table"):
        v = row.get(c, "")
        if v.lower() in _NONE:
            continue
        if not (v.isascii() and v.isdigit()):
            raise FileProblem(path, line_no, "{c} '{v}' is not a whole number", c=word(c), v=v[:40])
        if len(v.lstrip("0")) > 12:  # thousands of digits: Python would not make them an int
            raise FileProblem(path, line_no, "{c} '{v}' is too big: at most {most}", c=word(c),
                              v=v[:20] + "…", most=limits.RANGES[c][1])
        kw[c] = int(v)
    for c in ("club", "team"):
        if row.get(c):
            kw[c] = row[c]
    sex = row.get("sex", "")  # (its own words: M, male, м, муж, ж, W ...)
    if sex:
        s = _SEX.get(sex.lower().rstrip("."))
        if s is None:
            raise FileProblem(path, line_no, "sex '{v}' is not m or f (male or female; м or ж)", v=sex[:40])
        kw["sex"] = s
    for c in ("fide_id", "title", "federation", "birth"):  # checked as every way in checks them
        v = row.get(c, "")
        if v.lower() in _NONE:
            continue
        if c == "birth":
            v = _slashed(_DATETIME.sub("", v))  # a spreadsheet's date and time: 1987-05-17 00:00:00
        try:
            kw[c] = details.CHECKS[c](v)
        except IllegalChange as exc:
            raise FileProblem(path, line_no, exc.msg) from None
    return kw


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
