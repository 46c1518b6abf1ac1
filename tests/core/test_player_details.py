"""A player's details checked on every way in (issue 32 point 5): `players add|edit`, a CSV, a TRF, the
event file; the FIDE report writes them in its columns (core/event/player_details.py)."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given, strategies as st

from arbiter_tournament.core.errors import FileProblem, IllegalChange
from arbiter_tournament.core.event import commands, player_details as details
from arbiter_tournament.core.event.federations import CODES, NAMES, code_of
from arbiter_tournament.core.formats.trf import parse_trf, write_trf
from arbiter_tournament.core.formats.trf_event import event_to_trf, trf_to_event
from arbiter_tournament.core.store import load
from arbiter_tournament.core.store.codec import dumps, loads
from tests.cli_run import run


@pytest.fixture
def ev(tmp_path):
    path = tmp_path / "ev.toml"
    assert run("new", path, "--name", "Open", "--rounds", "5")[0] == 0
    return path


@pytest.mark.parametrize("fide_id", ["-1", "12a", "1234567890123", "12345678901", "0", "１２３", "²"])
def test_a_fide_id_that_is_not_1_to_10_digits_is_refused_on_the_command_line(ev, fide_id):
    code, out, err = run("players", "add", ev, "Ann", "--fide-id", fide_id)
    assert code == 2 and out == ""
    assert err == f"arbiter: error: FIDE id '{fide_id}' is not a FIDE id: 1 to 10 digits\n"
    assert load(ev).players == ()


def test_a_ten_digit_fide_id_is_taken_and_written_whole_in_the_report(ev):
    assert run("players", "add", ev, "Ann", "--fide-id", "1234567890")[0] == 0
    line = write_trf(event_to_trf(load(ev))).splitlines()
    p = next(x for x in line if x.startswith("001"))
    assert p[57:68] == " 1234567890"


def test_a_title_not_of_fide_is_refused_and_one_of_fide_is_upper_cased(ev):
    code, _, err = run("players", "add", ev, "Ann", "--title", "XYZ")
    assert code == 2 and err == "arbiter: error: title 'XYZ' is not one of FIDE's titles (GM IM FM CM WGM WIM WFM WCM)\n"
    assert run("players", "add", ev, "Ann", "--title", "wgm")[0] == 0
    assert load(ev).players[0].title == "WGM"
    code, _, err = run("players", "edit", ev, "1", "--title", "IA")  # an arbiter's title is no player's title
    assert code == 2 and "title 'IA' is not one of FIDE's titles" in err


@pytest.mark.parametrize("typed", ["31.02.1990", "1990-13-01", "1990/02/30", "17.05.90", "May 1990", "0990"])
def test_a_birth_that_is_not_a_real_date_is_refused(ev, typed):
    assert run("players", "add", ev, "Ann")[0] == 0
    code, _, err = run("players", "edit", ev, "1", "--birth", typed)
    assert code == 2 and err.startswith("arbiter: error: ") and f"'{typed}'" in err and " not a " in err and err.count("\n") == 1
    assert load(ev).players[0].birth == ""


@pytest.mark.parametrize("typed,held,trf", [("1990", "1990", "1990/00/00"), ("1990-05-17", "1990-05-17", "1990/05/17"),
                                            ("1990/05/17", "1990-05-17", "1990/05/17"),
                                            ("17.05.1990", "1990-05-17", "1990/05/17"),
                                            ("29.02.2000", "2000-02-29", "2000/02/29")])
def test_a_birth_is_held_as_a_date_and_the_report_writes_it_yyyy_mm_dd(ev, typed, held, trf):
    assert run("players", "add", ev, "Ann", "--birth", typed)[0] == 0
    assert load(ev).players[0].birth == held
    p = next(x for x in write_trf(event_to_trf(load(ev))).splitlines() if x.startswith("001"))
    assert p[69:79] == trf


def test_sex_is_m_or_f_and_the_report_writes_m_or_w(ev):
    assert run("players", "add", ev, "Ann", "--sex", "f")[0] == 0
    assert run("players", "add", ev, "Bob", "--sex", "m")[0] == 0
    lines = [x for x in write_trf(event_to_trf(load(ev))).splitlines() if x.startswith("001")]
    assert [x[9] for x in lines] == ["w", "m"]
    with pytest.raises(IllegalChange, match="sex 'x' is not m or f"):
        commands.add_player(load(ev), "Cy", sex="x")


@pytest.mark.parametrize("typed,code", [("Россия", "RUS"), ("Russia", "RUS"), ("rus", "RUS"), ("Казахстан", "KAZ"),
                                        ("Kazakhstan", "KAZ"), ("Германия", "GER"), ("Белоруссия", "BLR"),
                                        ("United States", "USA"), ("Côte d'Ivoire", "CIV"), ("ЁЖ", None),
                                        ("Рос", None), ("XYZ", None), ("", None)])
def test_a_federation_is_fide_s_code_from_a_code_or_a_name_in_english_or_russian(typed, code):
    assert code_of(typed) == code


def test_the_federations_are_a_real_table():
    assert len(CODES) > 190 and all(len(c) == 3 and c.isupper() for c in CODES)
    assert NAMES["RUS"] == ("Russia", "Россия") and NAMES["KAZ"] == ("Kazakhstan", "Казахстан")
    assert all(code_of(en) == c and code_of(ru) == c for c, (en, ru) in NAMES.items())


def test_a_csv_s_russia_is_rus_in_the_fide_report(ev, tmp_path):
    csv = tmp_path / "reg.csv"
    csv.write_text("ФИО;Страна;Дата рождения;FIDE ID\nИванов Иван;Россия;17.05.1990;24101234\n"
                   "Петров Пётр;Казахстан;1991;\n", encoding="utf-8")
    assert run("players", "import", ev, csv)[0] == 0
    lines = [x for x in write_trf(event_to_trf(load(ev))).splitlines() if x.startswith("001")]
    assert [(x[53:56], x[57:68].strip(), x[69:79]) for x in lines] == [("RUS", "24101234", "1990/05/17"),
                                                                      ("KAZ", "", "1991/00/00")]


@pytest.mark.parametrize("row,said", [
    ("Ann;Рос;;", ":2: federation 'Рос' is not a FIDE federation"),
    ("Ann;RUS;31.02.1990;", ":2: birth '31.02.1990' is not a real date"),
    ("Ann;RUS;;-1", ":2: FIDE id '-1' is not a FIDE id: 1 to 10 digits"),
    ("Ann;RUS;;1234567890123", ":2: FIDE id '1234567890123' is not a FIDE id"),
])
def test_a_csv_value_refused_names_its_line_and_nothing_is_imported(ev, tmp_path, row, said):
    csv = tmp_path / "reg.csv"
    csv.write_text(f"name;federation;birth;fide id\n{row}\n", encoding="utf-8")
    code, out, err = run("players", "import", ev, csv)
    assert code == 2 and said in err and err.count("\n") == 1
    assert load(ev).players == ()


def test_a_file_holding_a_federation_that_is_not_a_code_is_refused_where_it_is(ev):
    assert run("players", "add", ev, "Ann", "--federation", "Russia")[0] == 0
    text = ev.read_text(encoding="utf-8")
    assert 'federation = "RUS"' in text
    for bad, said in (('federation = "Россия"', "players[0].federation: 'Россия' is not a FIDE federation's code"),
                      ('federation = "RUS"\nbirth = "31.02.1990"', "players[0].birth: birth '31.02.1990' is not a "
                                                                     "real date"),
                      ('federation = "RUS"\nfide_id = "12a"', "players[0].fide_id: FIDE id '12a' is not a FIDE id"),
                      ('federation = "RUS"\ntitle = "gm"', "players[0].title: 'gm' is written GM")):
        with pytest.raises(FileProblem) as got:
            loads(text.replace('federation = "RUS"', bad), "ev.toml")
        assert said in str(got.value)


def test_a_file_keeps_a_date_written_earlier_as_dd_mm_yyyy_byte_for_byte(ev):
    assert run("players", "add", ev, "Ann")[0] == 0
    text = ev.read_text(encoding="utf-8").replace('name = "Ann"', 'name = "Ann"\nbirth = "04.05.1990"')
    assert dumps(loads(text, "ev.toml")) == text


def test_a_trf_line_with_a_bad_detail_is_refused_naming_its_line(ev, tmp_path):
    assert run("players", "add", ev, "Ann, A", "--fide-id", "24101234")[0] == 0
    assert run("players", "add", ev, "Bob, B")[0] == 0
    text = write_trf(event_to_trf(load(ev)))
    assert trf_to_event(parse_trf(text, "x.trf"), "x.trf").players[0].fide_id == "24101234"
    lines = text.splitlines(keepends=True)
    n = next(i for i, x in enumerate(lines) if x.startswith("001"))
    lines[n] = lines[n][:57] + "    12a4567" + lines[n][68:]
    with pytest.raises(FileProblem) as got:
        trf_to_event(parse_trf("".join(lines), "x.trf"), "x.trf")
    assert str(got.value) == f"x.trf:{n + 1}: FIDE id '12a4567' is not a FIDE id: 1 to 10 digits"


def test_a_name_longer_than_the_report_s_column_is_said_not_cut_silently(ev, tmp_path):
    long = "Соколова-Петренко, Елена-Мария Сергеевна"
    assert run("players", "add", ev, long)[0] == 0
    code, out, err = run("export", ev, "--format", "trf", "--out", tmp_path / "r.trf")
    assert code == 0, err
    assert err == ("arbiter: warning: the report has 33 columns for a name: 1 names cut there, e.g. player 1 "
                   f"({long[:33]}…)\n")


@given(st.dates(min_value=datetime.date(1900, 1, 1), max_value=datetime.date(2099, 12, 31)))
def test_every_accepted_way_of_writing_a_date_is_held_alike(d):
    forms = (d.isoformat(), d.strftime("%Y/%m/%d"), d.strftime("%d.%m.%Y"), f"{d.day}.{d.month}.{d.year:04d}")
    assert {details.birth(f) for f in forms} == {d.isoformat()}
    assert details.trf_birth(d.isoformat()) == d.strftime("%Y/%m/%d")
    assert details.stored_problem("birth", d.isoformat()) is None
