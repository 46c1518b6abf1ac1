"""TUI pieces without an App: every word in both languages, hostile text in the status line, the clock."""

from __future__ import annotations

import io
import re
import string
from datetime import datetime, timedelta, timezone

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from arbiter_tournament.core.msg.cells import clean
from arbiter_tournament.core.event.model import Round
from tests.conftest import ROOT
from arbiter_tournament.tui import i18n
from arbiter_tournament.tui.widgets import clock
from arbiter_tournament.tui.widgets.status import status_text


def test_every_word_has_english_and_russian_with_the_same_placeholders():
    for key, (en, ru) in i18n.T.items():
        if key == "st_alone":
            continue
        assert en.strip() and ru.strip(), key
        # the same fields (a count may be said more times in one language: `{n} {n:plural:...}`)
        assert set(string.Formatter().parse(en)) and {f for _, f, _, _ in string.Formatter().parse(en) if f} == \
            {f for _, f, _, _ in string.Formatter().parse(ru) if f}, key


def test_every_key_the_tui_asks_for_exists():
    used = set()
    mine = [ROOT / "tui" / "app.py", ROOT / "tui" / "i18n.py", ROOT / "tui" / "actions.py",
            *(ROOT / "tui" / "screens").glob("*.py"),
            *(ROOT / "tui" / "widgets").glob("*.py")]
    for p in mine:
        used |= set(re.findall(r'\btr\([A-Za-z_.]+, "([a-z_0-9]+)"\)', p.read_text()))
        used |= set(re.findall(r'\btr\([A-Za-z_.]+, "([a-z_0-9]+)",', p.read_text()))
    for stage in ("swiss", "roundrobin", "top", "playoff"):
        used.add(f"stage_{stage}")
    used |= {"prefix_t", "prefix_a", "st_active", "st_late", "st_withdrawn"}
    missing = sorted(k for k in used if k not in i18n.T)
    assert not missing


def test_tiebreak_names_in_both_languages():
    assert i18n.tiebreak_name("en", "BH-C1") == "Buchholz Cut-1"
    assert i18n.tiebreak_name("ru", "BH-C1") == "коэффициент Бухгольца, усечённый-1"
    assert i18n.tiebreak_name("ru", "BH-M2") == "коэффициент Бухгольца, усреднённый-2"
    assert i18n.tiebreak_name("ru", "SB") == "коэффициент Зонненборна-Бергера"
    assert i18n.tiebreak_name("ru", "KS-E") == "система Койя (расширенная)"
    assert i18n.tiebreak_name("ru", "QW") == "качество побед"
    assert i18n.tiebreak_name("en", "XYZ") == "XYZ"


def test_language_from_the_event_then_the_environment():
    assert i18n.choose_lang("ru", {"LANG": "en_US.UTF-8"}) == "ru"
    assert i18n.choose_lang("", {"LANG": "ru_RU.UTF-8"}) == "ru"
    assert i18n.choose_lang("", {"LC_ALL": "C.UTF-8", "LANG": "ru_RU.UTF-8"}) == "en"  # LC_ALL wins
    assert i18n.choose_lang("", {"LC_ALL": "ru_RU.UTF-8"}) == "ru"
    assert i18n.choose_lang("", {}) == "en"


def render(text) -> str:
    out = io.StringIO()
    Console(file=out, width=80, color_system=None, force_terminal=False, legacy_windows=False).print(text)
    return out.getvalue()


@settings(max_examples=200, deadline=None)
@given(name=st.text(min_size=1, max_size=60), other=st.text(max_size=20))
def test_hostile_names_in_the_status_line_stay_text(name, other):
    t = status_text("en", event_name=name, round_no=3, rounds_planned=5, stage="swiss", table=1, tables=2,
                    missing=2, clock_left=100.0, clock_paused=False, others=[other] if other else [])
    out = render(t)
    assert "\x1b" not in out
    shown = clean(name)
    head = t.plain.split(" │ ")[0]
    assert shown.startswith(head.removesuffix("…"))  # the name, cut by display columns


def test_markup_names_are_literal():
    t = status_text("en", event_name="[bold]Cup [/]", round_no=1, rounds_planned=5, stage="swiss", table=None,
                    tables=1, missing=0, clock_left=None, clock_paused=False, others=["[red]x[/red]"])
    out = render(t)
    assert "[bold]Cup [/]" in out and "[red]x[/red]" in out


def test_clock_values():
    now = datetime(2026, 11, 30, 10, 0, tzinfo=timezone.utc)
    assert clock.remaining(None, now) is None
    r = Round("swiss", 1, (), None, **{"clock_deadline": clock.start(45, now)["deadline"], "clock_paused": None})
    assert clock.remaining(r, now) == 45 * 60 and clock.fmt(45 * 60) == "45:00"
    assert clock.level(clock.remaining(r, now + timedelta(minutes=41))) == "warn"
    assert clock.level(clock.remaining(r, now + timedelta(minutes=44, seconds=30))) == "alert"
    assert clock.level(clock.remaining(r, now + timedelta(minutes=46))) == "zero"
    assert clock.fmt(-5) == "0:00" and clock.fmt(0.2) == "0:01" and clock.fmt(3725) == "1:02:05"
    paused = clock.pause_or_resume(r, now + timedelta(minutes=5))
    assert paused == {"deadline": "", "paused": 40 * 60}
    r2 = Round("swiss", 1, (), None, "", 40 * 60)
    assert clock.add(r2, now, 5)["paused"] == 45 * 60
    resumed = clock.pause_or_resume(r2, now)
    assert datetime.fromisoformat(resumed["deadline"]) == now + timedelta(minutes=40)
    assert clock.add(r, now, -5)["deadline"] == clock.iso(now + timedelta(minutes=40))


def test_the_keyed_table_patches_by_row_key_and_keeps_the_cursor_on_its_row():
    import asyncio

    from textual.app import App

    from arbiter_tournament.tui import compat
    from arbiter_tournament.tui.widgets.keyed_table import KeyedTable, cell

    class One(App):
        def compose(self):
            yield KeyedTable(id="t", right=("pts",))

    cols = [("id", "Id"), ("name", "Name"), ("pts", "Pts")]

    def rows(order, pts):
        return [(str(i), (cell(i), cell(f"[b]{i}[/b]"), cell(pts.get(i, 0)))) for i in order]

    async def go():
        app = One()
        async with app.run_test(size=(40, 10)) as pilot:
            t = app.query_one(KeyedTable)
            t.sync(cols, rows([1, 2, 3, 4], {}))
            t.select_key("3")
            t.sync(cols, rows([3, 1, 2, 4], {3: 1}))  # 3 wins and goes first
            await pilot.pause()
            assert t.rebuilds == 1 and t.patched_cells == 1
            assert t.order == ["3", "1", "2", "4"]
            assert t.selected_key == "3" and t.cursor == 0  # the cursor followed its row
            lines = compat.screen_lines(app)
            assert lines[0].split() == ["Id", "Name", "Pts"]
            assert lines[1].split() == ["3", "[b]3[/b]", "1"]  # never markup; the new order drawn
            assert lines[1].index("1", 10) == lines[0].index("Pts") + 2  # right-aligned under its heading
            t.sync(cols, rows([3, 4], {3: 1}))  # rows removed
            assert t.row_count == 2 and t.rebuilds == 1
            await pilot.press("down")  # the keys of the table
            assert t.selected_key == "4"
            await pilot.press("home")
            assert t.selected_key == "3"
            t.sync(cols[:2], [(k, cs[:2]) for k, cs in rows([3, 4], {})])  # other columns: built again
            assert t.rebuilds == 2 and t.selected_key == "3"
            t.sync(cols[:2], [(str(i), (cell(i), cell("x" * 30))) for i in (3, 4)])  # a wider column
            assert t.virtual_size.width == (2 + 2) + (30 + 2)  # "Id" is two columns wide
            t.sync(cols[:2], [(str(i), (cell(i), cell("x"))) for i in (3, 4)])  # and narrower again
            assert t.virtual_size.width == (2 + 2) + (4 + 2)  # "Id", "Name": never narrower than the heading

    asyncio.run(go())


def test_every_tiebreak_code_has_a_name_in_both_languages():
    """Issue 7, point 7: every tie-break name in English and Russian, the players' and the teams'
    (one table, core.msg.i18n, for the TUI and the printouts alike)."""
    from arbiter_tournament.core.tiebreaks.names import tiebreak_name as printed
    from arbiter_tournament.core.teams import check_codes
    from arbiter_tournament.tui.i18n import tiebreak_name

    players = ["PTS", "DE", "WIN", "WON", "BPG", "BWG", "REP", "GE", "PS", "PS-C1", "BH", "BH-C1", "BH-M2",
               "BH-MED1", "FB", "AOB", "SBH", "SB", "SB-C1", "KS", "KS-E", "KS-R", "ARO", "ARO-C1", "TPR",
               "TPR-400", "PTP", "APRO", "APPO", "QW", "STD", "RTNG", "TPN"]
    teams = check_codes(["MP", "GP", "MPvGP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EMGSB-C1", "BH-MP", "BH-GP",
                         "BH-MP-C1", "EDE", "BC", "TBR", "BBE", "SSSC"])
    for code in players + teams:
        en, ru = tiebreak_name("en", code), tiebreak_name("ru", code)
        assert en != code.upper() and ru != code.upper(), code
        assert re.search("[а-я]", ru) and not re.search("[A-Za-z]{3,}", ru), (code, ru)
        assert (en, ru) == (printed(code, "en"), printed(code, "ru"))
