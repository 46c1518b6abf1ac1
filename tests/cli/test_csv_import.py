"""Registration files as they come (issue 21.4): encodings, separators, English and Russian headers with
their aliases, unknown columns ignored and named in one warning line, values made clean."""

from __future__ import annotations

import json

import pytest

from arbiter_tournament.core.errors import FileProblem
from arbiter_tournament.core.formats import csvio
from arbiter_tournament.core.store import load
from tests.cli_run import run

RU_ROWS = "Фамилия;Имя;Рейтинг;Клуб\nИванов;Иван;2100;Динамо\nСмирнова;Ёлка;1850;Спартак\nПетров;Пётр;;\n"
RU_NAMES = ["Иванов, Иван", "Смирнова, Ёлка", "Петров, Пётр"]


@pytest.fixture
def ev(tmp_path):
    path = tmp_path / "ev.toml"
    assert run("new", path, "--name", "Open", "--rounds", "5")[0] == 0
    return path


def _import(ev, tmp_path, data: bytes, *more):
    csv = tmp_path / "reg.csv"
    csv.write_bytes(data)
    return run("players", "import", ev, csv, *more)


def _names(ev):
    return [p.name for p in load(ev).players]


# -- encodings ------------------------------------------------------------------------------------

@pytest.mark.parametrize("data", [
    RU_ROWS.encode("utf-8"),
    b"\xef\xbb\xbf" + RU_ROWS.encode("utf-8"),                        # UTF-8 with a BOM (Excel's "CSV UTF-8")
    RU_ROWS.encode("utf-16"),                                         # UTF-16 with its BOM ("Unicode text")
    RU_ROWS.replace(";", "\t").encode("utf-16-le").join([b"\xff\xfe", b""]),
    RU_ROWS.encode("cp1251"),                                         # a Russian spreadsheet's "CSV"
    RU_ROWS.encode("koi8-r"),
], ids=["utf-8", "utf-8 BOM", "utf-16", "utf-16-le tabs", "windows-1251", "koi8-r"])
def test_each_encoding_is_read_without_being_named(ev, tmp_path, data):
    code, out, err = _import(ev, tmp_path, data)
    assert code == 0, err
    assert out == "imported 3 players\n"
    assert _names(ev) == RU_NAMES
    assert [p.club for p in load(ev).players] == ["Динамо", "Спартак", ""]


def test_an_encoding_told_from_the_letters_is_said_on_one_line(ev, tmp_path):
    code, _, err = _import(ev, tmp_path, RU_ROWS.encode("cp1251"))
    assert code == 0 and err == (f"arbiter: warning: {tmp_path / 'reg.csv'}: read as Windows-1251 (the file is not "
                                 "UTF-8); if the names look wrong, undo and import with --encoding\n")
    assert _import(ev, tmp_path, RU_ROWS.encode("utf-8"))[2] == ""  # UTF-8: nothing to say


def test_a_western_file_not_in_utf8_is_read_as_windows_1252(ev, tmp_path):
    code, _, err = _import(ev, tmp_path, "name,club\nÅsa Öberg,Malmö\nJosé Núñez,Cádiz\n".encode("cp1252"))
    assert code == 0 and "read as Windows-1252" in err
    assert _names(ev) == ["Åsa Öberg", "José Núñez"]


@pytest.mark.parametrize("encoding,name", [("cp866", "cp866"), ("cp1251", "cp1251"), ("windows-1251", "cp1251"),
                                           ("koi8-r", "koi8-r"), ("utf-8", "utf-8"), ("UTF8", "utf-8")])
def test_a_named_encoding_is_used(ev, tmp_path, encoding, name):
    code, _, err = _import(ev, tmp_path, RU_ROWS.encode(name), "--encoding", encoding)
    assert code == 0 and err == "", err
    assert _names(ev) == RU_NAMES


def test_dos_866_is_unclear_without_encoding_and_refused_with_a_hint(ev, tmp_path):
    before = ev.read_bytes()
    code, _, err = _import(ev, tmp_path, RU_ROWS.encode("cp866"))
    assert code == 2 and err.count("\n") == 1
    assert "not UTF-8 text (byte 0), and its letters do not say which encoding it is: name it, e.g. " \
           "--encoding cp1251" in err
    assert ev.read_bytes() == before


@pytest.mark.parametrize("data,encoding,needle", [
    (b"name\n\x00\x01\xff\xfe\n", None, "not UTF-8 text (byte 7), and its letters do not say"),
    ("name\nИван\n".encode("cp1251"), "utf-8", "not UTF-8 text (byte 5); leave --encoding out"),
    (b"name\nA\n", "ebcdic-klingon", "unknown encoding 'ebcdic-klingon' (known: utf-8, utf-16, cp1251"),
])
def test_a_wrong_or_unknown_encoding_is_one_line(ev, tmp_path, data, encoding, needle):
    before = ev.read_bytes()
    code, _, err = _import(ev, tmp_path, data, *(["--encoding", encoding] if encoding else []))
    assert code == 2 and err.count("\n") == 1 and needle in err, err
    assert ev.read_bytes() == before


# -- separators -----------------------------------------------------------------------------------

@pytest.mark.parametrize("sep", [",", ";", "\t"])
def test_each_separator(ev, tmp_path, sep):
    other = ";" if sep == "," else ","  # the other separator inside a name is text
    text = f'name{sep}rating{sep}club\n"Lee{sep if sep != chr(9) else ""} Min"{sep}1700{sep}A\nBo{other}x{sep}1600{sep}\n'
    code, _, err = _import(ev, tmp_path, text.encode())
    assert code == 0, err
    assert [(p.name, p.rating, p.club) for p in load(ev).players] == [
        (f"Lee{sep if sep != chr(9) else ''} Min", 1700, "A"), (f"Bo{other}x", 1600, "")]


# -- headers and their aliases --------------------------------------------------------------------

VALUES = {"rating": ("2105", 2105), "fide_id": ("24116068", "24116068"), "birth": ("1987", "1987"),
          "sex": ("m", "m"), "title": ("IM", "IM"), "club": ("Dynamo", "Dynamo"), "federation": ("RUS", "RUS"),
          "table": ("1", None), "team": ("Rooks", "Rooks")}
ALIASES = [(field, alias) for field, names in csvio.ALIASES.items() for alias in names]


@pytest.mark.parametrize("field,alias", ALIASES, ids=[f"{f}={a}" for f, a in ALIASES])
def test_each_alias_names_its_column(field, alias):
    head = alias.upper() if field == "rating" else alias.title() if field == "club" else alias
    if field in ("name",):
        got = csvio.read_import(f'"{head}"\n"Ivanov, Ivan"\n')
        assert got.rows == [{"name": "Ivanov, Ivan"}] and got.ignored == ()
    elif field in ("surname", "first_name", "patronymic"):
        cols = {"surname": "Фамилия", "first_name": "Имя", "patronymic": "Отчество", field: head}
        got = csvio.read_import(f'"{cols["surname"]}","{cols["first_name"]}","{cols["patronymic"]}"\n'
                                "Иванов,Иван,Петрович\n")
        assert got.rows == [{"name": "Иванов, Иван Петрович"}] and got.ignored == ()
    else:
        typed, value = VALUES[field]
        got = csvio.read_import(f'name,"{head}"\nIvanov,{typed}\n')
        assert got.ignored == ()
        assert got.rows == [{"name": "Ivanov", field: int(typed) if field == "table" else value}]


def test_headers_in_russian_as_a_registration_form_gives_them(ev, tmp_path):
    text = ("Отметка времени;Фамилия;Имя;Отчество;Дата рождения;Пол;Рейтинг ФИДЕ;FIDE ID;Звание;Клуб;Федерация\n"
            "01.11.2026 10:00;Иванова;Мария;Сергеевна;17.05.2009;Ж;1650;34187123;wfm;Ладья;RUS\n"
            "01.11.2026 10:05;Котов;Илья;;2011-02-03;муж.;;;;;\n")
    code, out, err = _import(ev, tmp_path, text.encode("cp1251"))
    assert code == 0 and out == "imported 2 players\n", err
    assert err.splitlines()[1] == (f"arbiter: warning: {tmp_path / 'reg.csv'}: columns ignored (arbiter does not know "
                                   "them): Отметка времени")
    a, b = load(ev).players
    assert (a.name, a.birth, a.sex, a.rating, a.fide_id, a.title, a.club, a.federation) == \
        ("Иванова, Мария Сергеевна", "2009-05-17", "f", 1650, "34187123", "WFM", "Ладья", "RUS")
    assert (b.name, b.birth, b.sex, b.rating, b.fide_id, b.title) == ("Котов, Илья", "2011-02-03", "m", 0, "", "")


def test_unknown_columns_are_ignored_and_named_in_one_warning_line(ev, tmp_path):
    text = "Timestamp,Name,E-mail,FIDE ID,Дата рождения,Phone\n2026-11-01,Ann,a@b.c,123,2001-03-04,555\n"
    code, out, err = _import(ev, tmp_path, text.encode())
    assert code == 0 and out == "imported 1 players\n"
    assert err == (f"arbiter: warning: {tmp_path / 'reg.csv'}: columns ignored (arbiter does not know them): "
                   "Timestamp, E-mail, Phone\n")
    p = load(ev).players[0]
    assert (p.name, p.fide_id, p.birth) == ("Ann", "123", "2001-03-04")


def test_a_name_column_wins_over_surname_and_first_name_and_they_are_named_as_ignored():
    got = csvio.read_import("Фамилия,Имя,ФИО\nA,B,\"Иванов Иван\"\n")
    assert got.rows == [{"name": "Иванов Иван"}] and got.ignored == ("Фамилия", "Имя")
    assert str(got.warnings()[0]) == "columns ignored (arbiter does not know them): Фамилия, Имя"
    assert got.warnings()[0].text("ru") == "столбцы пропущены (arbiter их не знает): Фамилия, Имя"


@pytest.mark.parametrize("typed,year", [("1987", "1987"), ("17.05.1987", "1987-05-17"), ("1987-05-17", "1987-05-17"),
                                        ("1987/05/17", "1987-05-17"), ("5/17/1987", "1987-05-17"),
                                        ("17/05/1987", "1987-05-17"), ("5/6/1987", "1987"), ("1987.0", "1987"),
                                        ("1987-05-17 00:00:00", "1987-05-17"), ("-", None), ("", None)])
def test_the_birth_is_a_year_or_a_real_date(typed, year):
    row = csvio.read_import(f"name,birth\nA,{typed}\n").rows[0]
    assert row.get("birth") == year


@pytest.mark.parametrize("typed,sex", [("M", "m"), ("male", "m"), ("м", "m"), ("Муж.", "m"), ("мужской", "m"),
                                       ("F", "f"), ("W", "f"), ("female", "f"), ("ж", "f"), ("Жен", "f"),
                                       ("", None)])
def test_the_sex_is_m_or_f(typed, sex):
    assert csvio.read_import(f"name,sex\nA,{typed}\n").rows[0].get("sex") == sex


@pytest.mark.parametrize("body,needle", [
    ("name,sex\nA,x\n", ":2: sex 'x' is not m or f"),
    ("name,birth\nA,yesterday\n", ":2: birth 'yesterday' is not a year or a date"),
    ("name,fide id\nA,12ab\n", ":2: FIDE id '12ab' is not a FIDE id: 1 to 10 digits"),
    ("surname,first name\n,Ann\n", ":2: the name is empty"),
    ("rating,club\n1500,A\n", ":1: no 'name' column in the header (found: rating, club)"),
    ("name,ФИО\nA,B\n", ":1: the column 'name, ФИО' is there twice"),
])
def test_a_bad_value_is_refused_at_its_line(body, needle):
    with pytest.raises(FileProblem) as err:
        csvio.read_import(body, "reg.csv")
    assert needle in str(err.value) and err.value.text("ru").startswith("reg.csv")


def test_standard_input_named_as_dash(ev, tmp_path):
    from tests.cli_run import run_process

    p = run_process("players", "import", ev, "-", input="name;rating\nA;1500\n")
    assert p.returncode == 0, p.stderr
    assert [(x.name, x.rating) for x in load(ev).players] == [("A", 1500)]
    listed = json.loads(run("players", "list", ev, "--format", "json")[1])
    assert listed[0]["name"] == "A"


# -- hostile files (issue 26: the fuzz tests extended to CSV) -------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

cells = st.sampled_from(["", "Иванов", "Ann", "1500", "9" * 5000, "-1", "17.05.1987", "м", "x", '"', '""', "\x00",
                         "\x1b]52;c;aGk=\x07", "\u202e", "a\nb", "wfm", "24116068.0", "1e9", "0x10", " ", "ФИО"])
headers = st.lists(st.sampled_from(sorted({a for names in csvio.ALIASES.values() for a in names})
                                   + ["Timestamp", "", "name", "№"]), min_size=1, max_size=6)


@st.composite
def registration_bytes(draw):
    head = draw(headers)
    sep = draw(st.sampled_from([",", ";", "\t"]))
    rows = draw(st.lists(st.lists(cells, max_size=len(head) + 1), max_size=6))
    text = sep.join(head) + "\n" + "".join(sep.join(r) + "\n" for r in rows)
    enc = draw(st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "cp1251", "koi8-r", "cp866", "cp1252"]))
    data = text.encode(enc, errors="replace")
    if draw(st.integers(0, 4)) == 0:  # a few bytes of anything spliced in
        i = draw(st.integers(0, len(data)))
        data = data[:i] + draw(st.binary(max_size=8)) + data[i:]
    return data


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=registration_bytes() | st.binary(max_size=200), named=st.sampled_from([None, "cp1251", "utf-8", "x"]))
def test_any_bytes_are_players_or_one_line_naming_the_place(data, named):
    try:
        text, used = csvio.decode(data, "reg.csv", named)
        got = csvio.read_import(text, "reg.csv", encoding=used)
    except FileProblem as exc:
        assert str(exc).startswith("reg.csv") and "\n" not in str(exc) and len(str(exc)) < 400, str(exc)
        assert exc.text("ru").startswith("reg.csv")
        return
    for row in got.rows:
        # a name, or a FIDE id alone (`players import` takes the name from the rating lists, or refuses the row)
        assert row["name"].strip() or row.get("fide_id", "").strip(), row
        assert set(row) <= set(csvio.COLUMNS)
        assert row.get("sex") in (None, "m", "f")
        assert row.get("birth") is None or (len(row["birth"]) == 4 and row["birth"].isdigit())
        assert row.get("rating") is None or isinstance(row["rating"], int)
    for said in got.warnings():
        assert "\n" not in str(said) and said.text("ru")
