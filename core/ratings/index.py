"""The rating lists' index: one SQLite file in the user's data folder, a cache of the lists imported.

    $XDG_DATA_HOME/arbiter/ratings.sqlite   (by default ~/.local/share/arbiter/ratings.sqlite)

Each list imported has its two tables: `p<N>` its players (FIDE id, name, the name's folded words as
one string, federation, sex, titles, the three ratings, year of birth, flag) and `w<N>` every folded
word of every name with the player's row, a table keyed by (word, row), so a prefix of a word is a
range of its key: a look-up reads only the rows whose words start with what was typed. `lists` names
each list, its date and its tables. Importing a list of a name already there builds the new tables
and, in the same transaction, points the list at them and drops the old ones: a look-up made
meanwhile sees the old list or the new one, never a mix (the database is in WAL mode: readers are
never blocked by an import).

An event file never depends on the index (docs/ratings.md): a missing index is said in one line, a
damaged one too, and importing the lists again builds it anew.
"""

from __future__ import annotations

import datetime
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator

from arbiter_tournament.core.errors import Advice, FileProblem
from arbiter_tournament.core.ratings.fold import words
from arbiter_tournament.core.ratings.lists import RATES, Entry

SCHEMA = 1
BATCH = 20_000  # rows inserted at once
IMPORT_CACHE_KB = 96_000  # SQLite's page cache while a list is imported (the memory bound: docs/ratings.md)
CANDIDATES = 100  # rows read to choose the best few from (the look-up's work is bounded by it)
RAREST_CAP = 5_000  # words counted to tell which word typed is the rarest


_COLS = "p.fide_id, p.name, p.fed, p.sex, p.title, p.wtitle, p.standard, p.rapid, p.blitz, p.born, p.flag, p.folded"


def default_path() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "arbiter" / "ratings.sqlite"


@dataclass(frozen=True)
class ListInfo:
    name: str
    kind: str  # "fide" or "national"
    date: str  # the list's date (YYYY-MM-DD): the file's, or as given
    imported: str  # when it was imported (ISO, UTC)
    players: int
    source: str  # the file it was read from
    table: int = 0


@dataclass(frozen=True)
class Found:
    """A player found in a list."""

    fide_id: str
    name: str
    fed: str
    sex: str
    title: str
    wtitle: str
    standard: int
    rapid: int
    blitz: int
    born: int
    flag: str
    list: str
    list_date: str

    def rating(self, rate: str) -> int:
        return getattr(self, rate)

    def as_json(self) -> dict:
        return {"fide_id": self.fide_id, "name": self.name, "federation": self.fed, "sex": self.sex,
                "title": self.title, "women_title": self.wtitle, "standard": self.standard, "rapid": self.rapid,
                "blitz": self.blitz, "born": self.born or None, "flag": self.flag, "list": self.list,
                "list_date": self.list_date}


class Index:
    """The index at `path` (default: the user's data folder)."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self._db: sqlite3.Connection | None = None
        self._lists: list[ListInfo] | None = None

    # -- opening ----------------------------------------------------------------------------------

    def _problem(self, exc: BaseException) -> FileProblem:
        return FileProblem(str(self.path), None, "the rating index is damaged ({what})", what=str(exc)[:80],
                           advice=Advice.of("import_ratings", again=True))

    def _open(self, create: bool = False) -> sqlite3.Connection:
        if self._db is not None:
            return self._db
        if not self.path.exists():
            if not create:
                raise FileProblem(str(self.path), None, "no rating list imported yet",
                                  advice=Advice.of("import_ratings", again=False))
            self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            db = sqlite3.connect(self.path, timeout=30.0, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT)")
            db.execute("CREATE TABLE IF NOT EXISTS lists(name TEXT PRIMARY KEY, kind TEXT, date TEXT, imported TEXT, "
                       "players INTEGER, source TEXT, tab INTEGER)")
            got = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
            if got is None:
                db.execute("INSERT OR IGNORE INTO meta VALUES('schema', ?)", (str(SCHEMA),))
            elif got[0] != str(SCHEMA):
                raise sqlite3.DatabaseError(f"schema {got[0]}, this arbiter reads {SCHEMA}")
        except sqlite3.DatabaseError as exc:
            raise self._problem(exc) from None
        self._db = db
        return db

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    # -- the lists ---------------------------------------------------------------------------------

    def lists(self) -> list[ListInfo]:
        """The lists imported, the newest first."""
        if self._lists is None:
            db = self._open()
            try:
                rows = db.execute("SELECT name, kind, date, imported, players, source, tab FROM lists "
                                  "ORDER BY date DESC, imported DESC").fetchall()
            except sqlite3.DatabaseError as exc:
                raise self._problem(exc) from None
            self._lists = [ListInfo(*r) for r in rows]
        return self._lists

    def import_list(self, name: str, kind: str, date: str, source: str, entries: Iterable[Entry],
                    progress: Callable[[int], None] | None = None) -> ListInfo:
        """`entries` as the list `name`, replacing a list of that name atomically. A damaged index is set
        aside (`ratings.sqlite.damaged`) and built anew."""
        try:
            db = self._open(create=True)
            db.execute("SELECT count(*) FROM lists").fetchone()
        except (FileProblem, sqlite3.DatabaseError):
            self.close()
            os.replace(self.path, self.path.with_name(self.path.name + ".damaged"))
            for extra in ("-wal", "-shm"):
                Path(str(self.path) + extra).unlink(missing_ok=True)
            db = self._open(create=True)
        self._lists = None
        db.execute("PRAGMA synchronous=NORMAL")  # WAL: synced at the checkpoint, never corrupted by a crash
        db.execute(f"PRAGMA cache_size=-{IMPORT_CACHE_KB}")
        db.execute("BEGIN IMMEDIATE")
        try:
            tab = (db.execute("SELECT max(tab) FROM lists").fetchone()[0] or 0) + 1
            while db.execute("SELECT 1 FROM sqlite_master WHERE name=?", (f"p{tab}",)).fetchone():
                tab += 1
            db.execute(f"CREATE TABLE p{tab}(id INTEGER PRIMARY KEY, fide_id TEXT, name TEXT, folded TEXT, fed TEXT, "
                       "sex TEXT, title TEXT, wtitle TEXT, standard INTEGER, rapid INTEGER, blitz INTEGER, "
                       "born INTEGER, flag TEXT)")
            db.execute(f"CREATE TABLE w{tab}(word TEXT, pid INTEGER, PRIMARY KEY(word, pid)) WITHOUT ROWID")
            count = 0
            rows: list[tuple] = []
            loose: list[tuple[str, int]] = []
            for e in entries:
                count += 1
                ws = words(e.name)
                rows.append((count, e.fide_id, e.name, " " + " ".join(ws), e.fed, e.sex, e.title, e.wtitle,
                             e.standard, e.rapid, e.blitz, e.born, e.flag))
                loose.extend((w, count) for w in set(ws))
                if len(rows) >= BATCH:
                    self._flush(db, tab, rows, loose)
                    if progress is not None:
                        progress(count)
            self._flush(db, tab, rows, loose)
            db.execute(f"CREATE INDEX p{tab}_fide ON p{tab}(fide_id)")
            db.execute(f"CREATE INDEX p{tab}_fed ON p{tab}(fed)")
            old = db.execute("SELECT tab FROM lists WHERE name=?", (name,)).fetchone()
            imported = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
            db.execute("INSERT OR REPLACE INTO lists VALUES(?, ?, ?, ?, ?, ?, ?)",
                       (name, kind, date, imported, count, source, tab))
            if old is not None:
                db.execute(f"DROP TABLE IF EXISTS p{old[0]}")
                db.execute(f"DROP TABLE IF EXISTS w{old[0]}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        try:
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.DatabaseError:
            pass
        return ListInfo(name, kind, date, imported, count, source, tab)

    @staticmethod
    def _flush(db: sqlite3.Connection, tab: int, rows: list, loose: list) -> None:
        db.executemany(f"INSERT INTO p{tab} VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?)", rows)
        loose.sort()  # a batch's words in key order: each lands beside the last in the words' B-tree
        db.executemany(f"INSERT INTO w{tab} VALUES(?, ?)", loose)
        rows.clear()
        loose.clear()

    def remove(self, name: str) -> None:
        db = self._open()
        self._lists = None
        db.execute("BEGIN IMMEDIATE")
        old = db.execute("SELECT tab FROM lists WHERE name=?", (name,)).fetchone()
        if old is None:
            db.execute("ROLLBACK")
            raise FileProblem(str(self.path), None, "no list named '{name}' in the index", name=name[:60])
        db.execute("DELETE FROM lists WHERE name=?", (name,))
        db.execute(f"DROP TABLE IF EXISTS p{old[0]}")
        db.execute(f"DROP TABLE IF EXISTS w{old[0]}")
        db.execute("COMMIT")

    # -- look-ups ----------------------------------------------------------------------------------

    def find(self, text: str, *, federation: str = "", rate: str = "standard", limit: int = 20) -> list[Found]:
        """The players whose FIDE id starts with `text` (digits), or whose name has a word starting with each
        word of `text` (any order; case, accents, ё/е and Cyrillic folded), in `federation` when given;
        the best `limit`: a FIDE id or a whole word typed first, then by the rating of `rate`."""
        q = text.strip()
        out: list[tuple] = []
        try:
            for info in self.lists():
                out += self._find_in(info, q, federation.strip().upper(), rate)
        except sqlite3.DatabaseError as exc:
            raise self._problem(exc) from None
        out.sort(key=lambda x: x[0])
        return [f for _, f in out[:limit]]

    def _find_in(self, info: ListInfo, q: str, fed: str, rate: str) -> list[tuple]:
        db = self._open()
        cols = _COLS
        t = info.table
        where_fed = " AND p.fed = ?" if fed else ""
        extra = (fed,) if fed else ()
        if q.isascii() and q.isdigit():
            rows = db.execute(f"SELECT {cols} FROM p{t} p WHERE p.fide_id >= ? AND p.fide_id < ?{where_fed} "
                              f"ORDER BY p.fide_id LIMIT {CANDIDATES}", (q, q + ":", *extra)).fetchall()
            ws: list[str] = []
        else:
            ws = words(q)
            if not ws:
                if not fed:
                    return []
                rows = db.execute(f"SELECT {cols} FROM p{t} p WHERE p.fed = ? ORDER BY p.{rate} DESC "
                                  f"LIMIT {CANDIDATES}", (fed,)).fetchall()
            else:
                drive = self._rarest(t, ws)
                others = list(ws)
                others.remove(drive)
                cond = "".join(" AND instr(p.folded, ?) > 0" for _ in others)
                rows = db.execute(
                    f"SELECT {cols} FROM w{t} w JOIN p{t} p ON p.id = w.pid WHERE w.word >= ? AND w.word < ?{cond}"
                    f"{where_fed} LIMIT {CANDIDATES}",
                    (drive, drive + "\U0010ffff", *(" " + w for w in others), *extra)).fetchall()
        out = []
        seen = set()
        ri = 6 + RATES.index(rate)
        for r in rows:
            if r[0] in seen and r[0]:
                continue
            seen.add(r[0])
            folded = r[11].split()
            whole = sum(1 for w in ws if w in folded)
            key = (0 if q and r[0] == q else 1, -whole, -r[ri], r[1])
            out.append((key, Found(*r[:11], list=info.name, list_date=info.date)))
        return out

    def _rarest(self, t: int, ws: list[str]) -> str:
        """The word typed that starts the fewest words of the list (counted up to `RAREST_CAP`): the look-up reads
        its range and checks the others on each row, so it reads few rows that do not match."""
        if len(ws) == 1:
            return ws[0]
        db = self._open()
        counts = []
        for w in dict.fromkeys(ws):
            n = db.execute(f"SELECT count(*) FROM (SELECT 1 FROM w{t} WHERE word >= ? AND word < ? LIMIT {RAREST_CAP})",
                           (w, w + "\U0010ffff")).fetchone()[0]
            counts.append((n, -len(w), w))
        return min(counts)[2]

    def by_id(self, fide_id: str) -> Found | None:
        """The player of this FIDE id in the newest list that has him."""
        if not fide_id:
            return None
        try:
            for info in self.lists():
                r = self._open().execute(f"SELECT {_COLS} FROM p{info.table} p WHERE p.fide_id = ?",
                                         (fide_id,)).fetchone()
                if r is not None:
                    return Found(*r[:11], list=info.name, list_date=info.date)
        except sqlite3.DatabaseError as exc:
            raise self._problem(exc) from None
        return None


def timed_find(index: Index, text: str, **kw) -> tuple[list[Found], float]:
    """A look-up and its wall time in ms (the bench's and the TUI's measure)."""
    t = time.perf_counter()
    got = index.find(text, **kw)
    return got, (time.perf_counter() - t) * 1000


def entries_counted(entries: Iterable[Entry]) -> Iterator[Entry]:
    yield from entries
