"""Printouts keep the player's number whenever a name is cut (issue 33.5): "Соколова Елена Сергеевна (…" lost it;
now the name is cut and " (37)" kept, as the TUI's round panel does. The top's pairings printout and hall page
show the points before the top (705.2 decides drawn games by them)."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

from hypothesis import given, strategies as st

from arbiter_tournament.core.formats import exports, final, text
from arbiter_tournament.core.knockout import stage as top
from arbiter_tournament.core.final import changes
from arbiter_tournament.core.msg.cells import named, text_width
from arbiter_tournament.core.store import load
from tests.conftest import ROOT
from tests.day_events import after_rounds

LONG = "Соколова-Вишневецкая Елена Сергеевна"


def long_names(e):
    """Every player with a long name (a patronymic, a double surname) that ends in its id, to tell them apart."""
    return replace(e, players=tuple(replace(p, name=f"{LONG} {p.id}") for p in e.players))


def cut_rows(text_: str) -> list[str]:
    return [ln for ln in text_.splitlines() if "Соколова" in ln]


def numbers_kept(lines: list[str], ids) -> None:
    """Every cut name in `lines` ends in its player's number."""
    assert lines
    for ln in lines:
        for m in re.finditer(r"Соколова[^()]*?(…)? \((\d+)\)", ln):
            assert int(m.group(2)) in ids
        assert "(…" not in ln and not re.search(r"Соколова[^()]*…\s*$", ln), ln


def test_named_cuts_the_name_and_keeps_the_number():
    assert named("Ann", 7, 20) == "Ann (7)"
    assert named(LONG, 37, 27) == "Соколова-Вишневецкая … (37)"
    assert text_width(named(LONG, 37, 27)) == 27
    assert named(LONG, 123456, 10).endswith("…")  # no room for both: cut as one text, never wider


def test_round_pairings_names_and_slips_keep_the_number():
    e = long_names(load(ROOT / "saves" / "demo.toml"))
    ids = {p.id for p in e.players}
    rnd = e.find_round("swiss", 1, 4)
    outs = [text.round_text(e, rnd), exports.pairings_text(e, [rnd]), exports.names_text(e, [rnd]),
            exports.slips_text(e, [rnd])]
    for out in outs:
        numbers_kept(cut_rows(out), ids)
    g = rnd.game(1)
    assert f"… ({g.first})" in outs[1] and f"… ({g.second})" in outs[1]
    assert f"… ({g.second})" in outs[2]  # the opponent's column of the list by name


def test_the_prize_list_keeps_the_number():
    e = long_names(load(ROOT / "saves" / "demo.toml"))
    e = changes.add_prize(e, "First", amount=Fraction(1000))
    e = changes.add_prize(e, "Second", amount=Fraction(500))
    out = "\n".join(final.prizes_lines(e, "en"))
    rows = cut_rows(out)
    assert len(rows) == 2
    numbers_kept(rows, {p.id for p in e.players})


def test_the_tops_pairings_show_the_points_before_the_top():
    e = top.start_top(after_rounds(5), lots=True)
    rnd = e.rounds_of("top", None)[0]
    before = top.points_before_top(e)
    out = exports.pairings_text(e, [rnd])
    g = rnd.games[0]
    row = next(ln for ln in out.splitlines() if ln.lstrip().startswith(f"{g.board} "))
    from arbiter_tournament.core.event.model import points_text

    assert re.search(rf"\({g.first}\)\s+{re.escape(points_text(before[g.first]))}\s", row), row
    assert row.rstrip().endswith(points_text(before[g.second])), row
    shown = text.scores_before(e, rnd)
    assert shown[g.first] == points_text(before[g.first]) and len(shown) == len(before)


@given(name=st.text(min_size=1, max_size=60), number=st.integers(1, 999_999), width=st.integers(12, 60))
def test_named_is_never_wider_and_keeps_the_number_whenever_there_is_room(name, number, width):
    out = named(name, number, width)
    assert text_width(out) <= width
    assert out.endswith(f" ({number})")  # 12 columns hold " (999999)" and a letter or two of the name


@given(limit=st.integers(1, 19), text=st.text(max_size=30))
def test_limits_whole_takes_only_ascii_digits(limit, text):
    from arbiter_tournament.core import limits
    from arbiter_tournament.core.errors import InvalidNumber

    t = text.strip()
    try:
        n = limits.whole(text, most=limit)
    except InvalidNumber as exc:
        assert exc.text("en") and exc.text("ru") and "\n" not in exc.text("en")
        assert not (t.isascii() and t.isdigit()) or len(t.lstrip("0")) > limit
    else:
        assert t.isascii() and t.isdigit() and n == int(t) and len(t.lstrip("0")) <= limit
