"""Rating lists as a local index (issue 36, core/ratings): FIDE's TXT by its header's columns, its zip, a
national CSV; look-ups by FIDE id, name words in any order, federation; a list replaced atomically; a
damaged or missing index said in one line and built anew by importing again."""

from __future__ import annotations

import sqlite3
import zipfile
from pathlib import Path

import pytest

from arbiter_tournament.core.errors import Advice
from arbiter_tournament.tui.cli.advice import said
from hypothesis import given, settings, strategies as st, HealthCheck

from arbiter_tournament.core.errors import FileProblem
from arbiter_tournament.core.event import commands
from arbiter_tournament.core.ratings import fill
from arbiter_tournament.core.ratings.fold import fold, words
from arbiter_tournament.core.ratings.index import Index
from arbiter_tournament.core.ratings.lists import Entry, read_csv, read_fide

# the shared spec's sample (ratinglists.md), in FIDE's layout
SAMPLE = """\
ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag
4100018        Example, Olga                                                KAZ F   IM   WGM                     2405  7   10 2390  9   20 2371  0   20 1996  w
2012345        Sample, Pyotr                                                RUS M             IA                 1987  0   20              1950  4   20 1971  i
55500021       Placeholder, Jan Maria                                       NED M   CM                       AIM 2210  3   20 2188  0   20 2203  11  20 2009
34999001       Demo, Aigerim                                                KAZ F        WFM                     2012  2   40                           2013  w
"""

OLGA = Entry("4100018", "Example, Olga", "KAZ", "f", "IM", "WGM", "", 2405, 2390, 2371, 1996, "w")


def write(tmp_path: Path, text: str, name: str = "players_list_foa.txt") -> Path:
    p = tmp_path / name
    p.write_bytes(text.encode("latin-1"))
    return p


def test_fide_s_list_is_read_by_its_header_s_columns(tmp_path):
    got = list(read_fide(write(tmp_path, SAMPLE)))
    assert got[0] == OLGA
    assert got[1] == Entry("2012345", "Sample, Pyotr", "RUS", "m", "", "", "IA", 1987, 0, 1950, 1971, "i")
    assert got[2].title == "CM" and got[2].rapid == 2188 and got[2].flag == ""
    assert got[3] == Entry("34999001", "Demo, Aigerim", "KAZ", "f", "", "WFM", "", 2012, 0, 0, 2013, "w")


def test_columns_moved_by_a_new_layout_are_read_from_the_header(tmp_path):
    """FIDE has changed the widths before: the starts come from the header of the file at hand."""
    head = "ID Number Name                      Fed Sex Tit WTit OTit FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
    cols = {w: head.index(w) for w in ("Name", "Fed", "Sex", "Tit", "WTit", "SRtng", "RRtng", "BRtng", "B-day", "Flag")}
    line = [" "] * 120
    for word, value in (("Name", "Example, Olga"), ("Fed", "KAZ"), ("Sex", "F"), ("Tit", "IM"), ("WTit", "WGM"),
                        ("SRtng", "2405"), ("RRtng", "2390"), ("BRtng", "2371"), ("B-day", "1996"), ("Flag", "w")):
        line[cols[word]:cols[word] + len(value)] = value
    line[0:7] = "4100018"
    got = list(read_fide(write(tmp_path, head + "\n" + "".join(line).rstrip() + "\n")))
    assert got == [OLGA]


def test_a_single_rate_list_gives_its_rating_to_the_rate_asked(tmp_path):
    text = ("ID Number      Name                              Fed Sex Tit  WTit OTit           FOA SEP26 Gms  K  B-day Flag\n"
            "4100018        Example, Olga                     KAZ F   IM   WGM                     2390  9    20 1996  w\n")
    got = list(read_fide(write(tmp_path, text, "rapid_sep26frl.txt"), "rapid"))
    assert (got[0].standard, got[0].rapid, got[0].blitz) == (0, 2390, 0)


def test_a_zip_of_the_list_is_read(tmp_path):
    z = tmp_path / "players_list.zip"
    with zipfile.ZipFile(z, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("players_list_foa.txt", SAMPLE)
    assert list(read_fide(z))[0] == OLGA


@pytest.mark.parametrize("old,new,said", [
    ("4100018       ", "41000a8       ", ":2: column ID Number: '41000a8' is not a FIDE id (1 to 10 digits)"),
    ("KAZ F   IM", "KAZ X   IM", ":2: column Sex: 'X' is not M or F"),
    ("KAZ F   IM", "Kz  F   IM", ":2: column Fed: 'Kz' is not a federation's code of three capital letters"),
    ("KAZ F   IM  ", "KAZ F   XX  ", ":2: column Tit: 'XX' is not a FIDE title"),
    ("2405  7", "24o5  7", ":2: column SRtng: '24o5' is not a rating"),
    ("1996  w", "96    w", ":2: column B-day: '96' is not a year of birth (four digits)"),
])
def test_a_value_that_is_not_one_is_refused_with_its_line_and_column(tmp_path, old, new, said):
    lines = SAMPLE.splitlines(keepends=True)
    lines[1] = lines[1].replace(old, new, 1)
    with pytest.raises(FileProblem) as got:
        list(read_fide(write(tmp_path, "".join(lines))))
    assert said in str(got.value)


def test_a_file_that_is_not_fide_s_list_is_refused_at_its_header(tmp_path):
    with pytest.raises(FileProblem, match="column 'Rating' is not one of FIDE's list"):
        list(read_fide(write(tmp_path, "ID Number Name Rating\n1 A 2000\n")))


@pytest.fixture
def ix(tmp_path):
    index = Index(tmp_path / "data" / "arbiter" / "ratings.sqlite")
    index.import_list("players_list_foa", "fide", "2026-12-01", "x", read_fide(write(tmp_path, SAMPLE)))
    return index


@pytest.mark.parametrize("typed", ["olga example", "Example, Olga", "EXAMPLE olga", "exa ol", "ol exa", "ОЛГА", "олга exa",
                                   "4100018", "41000"])
def test_a_player_is_found_by_id_or_by_words_of_the_name_in_any_order(ix, typed):
    assert [f.fide_id for f in ix.find(typed)][:1] == ["4100018"]


def test_the_federation_narrows_the_look_up_and_alone_lists_its_players_by_rating(ix):
    assert [f.name for f in ix.find("", federation="KAZ")] == ["Example, Olga", "Demo, Aigerim"]
    assert [f.name for f in ix.find("a", federation="NED")] == []
    assert [f.name for f in ix.find("jan", federation="NED")] == ["Placeholder, Jan Maria"]
    assert ix.find("zzz") == [] and ix.find("") == []


def test_names_are_folded_for_case_accents_yo_and_cyrillic():
    assert words("Пётр Иванов") == words("Петр ИВАНОВ") == ["petr", "ivanov"]
    assert words("Müller, Łukasz") == ["muller", "lukasz"] and fold("Ørsted") == "orsted"
    assert words("Example, Olga-Maria") == ["example", "olga", "maria"]


def test_a_national_csv_list_is_read_with_the_columns_of_players_import(tmp_path):
    csv = tmp_path / "rcf.csv"
    csv.write_text("ФИО;ID FIDE;Рейтинг;Год рождения;Пол;Звание;Федерация\n"
                   "Иванов Пётр Сергеевич;24101234;1850;2001;м;FM;Россия\nСидорова Анна;;1500;2010;ж;WFM;RUS\n",
                   encoding="utf-8")
    got = read_csv(csv, "rapid")
    assert got[0] == Entry("24101234", "Иванов Пётр Сергеевич", "RUS", "m", "FM", "", "", 0, 1850, 0, 2001, "")
    assert got[1].wtitle == "WFM" and got[1].fide_id == ""
    ix = Index(tmp_path / "ratings.sqlite")
    ix.import_list("rcf", "national", "2026-11-01", str(csv), got)
    assert [f.name for f in ix.find("петр иванов")] == ["Иванов Пётр Сергеевич"]
    assert [f.name for f in ix.find("ivanov petr")] == ["Иванов Пётр Сергеевич"]  # typed in Latin letters


def test_a_list_imported_again_replaces_the_old_one_atomically(ix, tmp_path):
    seen_meanwhile = []

    def entries():
        yield Entry("777", "Newman, Paul", "ENG", "m", standard=2100)
        other = Index(ix.path)  # another judge looks up while the new list is written: the old list, whole
        seen_meanwhile.append(([f.name for f in other.find("olga")], [f.name for f in other.find("newman")]))
        other.close()
        yield Entry("778", "Newman, Ann", "ENG", "f", standard=2000)

    ix.import_list("players_list_foa", "fide", "2027-01-01", "y", entries())
    assert seen_meanwhile == [(["Example, Olga"], [])]
    assert [(i.name, i.date, i.players) for i in ix.lists()] == [("players_list_foa", "2027-01-01", 2)]
    assert ix.find("olga") == [] and [f.name for f in ix.find("newman")] == ["Newman, Paul", "Newman, Ann"]
    db = sqlite3.connect(ix.path)
    assert sorted(r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")) == \
        ["lists", "meta", "p2", "w2"]  # the old list's tables are gone


def test_an_import_refused_half_way_keeps_the_old_list(ix, tmp_path):
    bad = SAMPLE + "12x            Broken, Line                                                 KAZ F\n"
    with pytest.raises(FileProblem, match=":6: column ID Number"):
        ix.import_list("players_list_foa", "fide", "2027-01-01", "y", read_fide(write(tmp_path, bad, "b.txt")))
    assert [(i.date, i.players) for i in ix.lists()] == [("2026-12-01", 4)]
    assert [f.name for f in ix.find("olga")] == ["Example, Olga"]


def test_a_damaged_index_is_said_in_one_line_and_built_anew_by_importing_again(ix, tmp_path):
    ix.close()
    ix.path.write_bytes(b"not a database at all" * 100)
    for extra in ("-wal", "-shm"):
        Path(str(ix.path) + extra).unlink(missing_ok=True)
    damaged = Index(ix.path)
    with pytest.raises(FileProblem) as got:
        damaged.find("olga")
    assert "the rating index is damaged" in str(got.value) and "\n" not in str(got.value)
    assert said(got.value).endswith(": import the lists again (arbiter ratings import LIST) to build it anew")
    assert got.value.advice == (Advice.of("import_ratings", again=True),)
    damaged.import_list("players_list_foa", "fide", "2026-12-01", "x", read_fide(write(tmp_path, SAMPLE)))
    assert [f.name for f in damaged.find("olga")] == ["Example, Olga"]
    assert ix.path.with_name("ratings.sqlite.damaged").exists()


def test_a_missing_index_is_said_in_one_line(tmp_path):
    with pytest.raises(FileProblem, match="no rating list imported yet") as got:
        Index(tmp_path / "none.sqlite").find("olga")
    assert "imported yet: import one (arbiter ratings import LIST;" in said(got.value)  # the command line's advice


def test_a_player_s_details_from_a_list_take_the_event_s_rate(ix):
    olga = ix.by_id("4100018")
    assert fill.details(olga, "rapid") == {"name": "Example, Olga", "fide_id": "4100018", "federation": "KAZ",
                                           "title": "IM", "sex": "f", "birth": "1996", "rating": 2390}
    assert fill.details(ix.by_id("34999001"), "blitz")["title"] == "WFM"  # the women's title when no other
    assert "title" not in fill.details(ix.by_id("2012345"))  # IA is an arbiter's title, not a player's
    e = commands.add_player(commands.new_event("Open", 5), **fill.details(olga, "blitz"))
    assert (e.players[0].rating, e.players[0].federation, e.players[0].birth) == (2371, "KAZ", "1996")


def test_updates_list_every_rating_that_differs_in_the_newest_list(ix):
    e = commands.new_event("Open", 5)
    e = commands.add_player(e, "Example, Olga", rating=2300, fide_id="4100018")
    e = commands.add_player(e, "Sample, Pyotr", rating=1987, fide_id="2012345")
    e = commands.add_player(e, "Nobody", rating=1500, fide_id="999")
    assert fill.updates(e, ix) == [(1, 2300, 2405, "players_list_foa")]


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(st.permutations(["Skyveldoran", "Aigerim", "Maria"]), st.integers(1, 5))
def test_any_order_of_any_starts_of_the_words_finds_the_player(tmp_path_factory, order, cut):
    path = tmp_path_factory.mktemp("ix") / "r.sqlite"
    ix = Index(path)
    ix.import_list("l", "fide", "2026-12-01", "x", [Entry("1", "Skyveldoran, Aigerim Maria", "KAZ", "f"),
                                                   Entry("2", "Skyvel, Maria", "KAZ", "f"),
                                                   Entry("3", "Aigerimova, Anna", "KAZ", "f")])
    got = [f.fide_id for f in ix.find(" ".join(w[:cut] for w in order))]
    assert "1" in got
    ix.close()
