"""Text printouts on pages (issue 21.5): a form feed between pages of a length the judge sets, never inside
a slip or a table row (`core.formats.text.paginate`, the one paging of every printout)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.formats.exports import PRINTOUTS, printout
from arbiter_tournament.core.formats.text import FORM_FEED, clean_pages, paginate
from arbiter_tournament.core.limits import PAGE_LINES
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.store import create
from tests.cli_run import run

lines_ = st.sampled_from(["", "a", "bb row", "   ", "x" * 80])
blocks_ = st.lists(st.lists(lines_, min_size=1, max_size=12).map(tuple) | lines_, max_size=60)


@settings(max_examples=300, deadline=None)
@given(blocks=blocks_, page=st.integers(5, 40))
def test_pages_hold_whole_blocks_and_nothing_is_lost(blocks, page):
    text = paginate(blocks, page)
    pages = text.split(FORM_FEED) if text else []
    for p in pages:
        rows = p.split("\n")[:-1]
        assert 0 < len(rows) <= page
        assert rows[0].strip() and rows[-1].strip()  # no blank line at the top or the bottom of a page
    # every block no longer than a page is on one page
    where = {}
    for k, p in enumerate(pages):
        for row in p.split("\n")[:-1]:
            where.setdefault(row, set()).add(k)
    kept = [ln for p in pages for ln in p.split("\n")[:-1]]
    every = [ln for b in blocks for ln in ([b] if isinstance(b, str) else b)]
    assert [x for x in kept if x.strip()] == [x for x in every if x.strip()]  # only blank lines go
    plain = paginate(blocks, None)
    assert FORM_FEED not in plain and plain == "".join(ln + "\n" for ln in every)


def test_a_block_is_never_cut_unless_longer_than_a_page():
    blocks = [("s1",) * 4, ("s2",) * 4, ("s3",) * 4]
    assert paginate(blocks, 10).split(FORM_FEED) == ["s1\n" * 4 + "s2\n" * 4, "s3\n" * 4]
    assert paginate([("long",) * 7], 5).split(FORM_FEED) == ["long\n" * 5, "long\n" * 2]


def test_clean_pages_keeps_the_form_feeds_and_cleans_the_rest():
    assert clean_pages("a\x1b[2J\n" + FORM_FEED + "b\x07\n") == "a?[2J\n" + FORM_FEED + "b?\n"


@pytest.fixture(scope="module")
def big_round():
    e = commands.new_event("Paging Open", 5, lots_seed=3, initial_colour="w", tiebreaks=("BH-C1", "BH", "SB"))
    for i in range(1, 91):
        e = commands.add_player(e, f"Player {i:02d}", rating=2400 - 7 * i)
    return pairing.pair_next(e)


def test_slips_are_never_cut_by_a_page_break(big_round):
    text = printout(big_round, "slips", lang="en", page_lines=PAGE_LINES)
    pages = text.split(FORM_FEED)
    assert len(pages) == 12  # 45 slips of 14 lines: four to a page of 60 lines
    for p in pages:
        assert p.count("\n") <= PAGE_LINES
        assert p.startswith("- - ") and "cut here" in p.split("\n")[0]  # each page starts with a slip's cut line
        assert p.count("[ ] 1-0") == p.count("Round 1, board")  # whole slips only
    assert text.replace(FORM_FEED, "").count("[ ] 1-0") == 45
    assert printout(big_round, "slips", lang="en").count(FORM_FEED) == 0  # no page length: no breaks


@pytest.mark.parametrize("what", [w for w in PRINTOUTS if w != "wall"])  # the wall's columns flow anew on each
def test_every_printout_pages_within_the_length_and_keeps_its_rows(big_round, what):  # page: tests/core/test_wall.py
    plain = printout(big_round, what, lang="ru")
    paged = printout(big_round, what, lang="ru", page_lines=20)
    for p in paged.split(FORM_FEED):
        assert 0 < p.count("\n") <= 20
    assert [x for x in paged.replace(FORM_FEED, "").split("\n") if x.strip()] == \
        [x for x in plain.split("\n") if x.strip()]


def test_a_heading_is_never_left_alone_at_the_bottom_of_a_page(big_round):
    paged = printout(big_round, "pairings", lang="en", page_lines=20)
    for p in paged.split(FORM_FEED):
        last = p.rstrip("\n").split("\n")[-1]
        assert not last.lstrip().startswith(("Bd", "Pairings")), p


def test_the_command_line_sets_the_page_length(tmp_path, big_round):
    ev = tmp_path / "ev.toml"
    create(ev, big_round)
    out = tmp_path / "slips.txt"
    assert run("export", ev, "--format", "text", "--what", "slips", "--out", out)[0] == 0
    assert out.read_text().count(FORM_FEED) == 11  # the default, 60 lines
    assert run("export", ev, "--format", "text", "--what", "slips", "--out", out, "--page-length", "30")[0] == 0
    assert all(p.count("\n") <= 30 for p in out.read_text().split(FORM_FEED))
    assert out.read_text().count(FORM_FEED) == 22  # two slips a page
    assert run("export", ev, "--format", "text", "--what", "slips", "--out", out, "--page-length", "0")[0] == 0
    assert FORM_FEED not in out.read_text()
    code, _, err = run("export", ev, "--format", "text", "--what", "slips", "--out", out, "--page-length", "5")
    assert code == 2 and "--page-length 5: too small: at least 20 lines" in err
