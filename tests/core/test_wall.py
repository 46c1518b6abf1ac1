"""The wall list (core/formats/exports.py (`wall_text`)): the current round by name in two columns, name -> board."""

from __future__ import annotations

import re

import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.formats.exports import printout
from arbiter_tournament.core.formats.text import FORM_FEED
from arbiter_tournament.core.pairing import rounds as pairing

ROW = re.compile(r"(.+?) \((\d+)\)\s+(\S+)$")


@pytest.fixture(scope="module")
def round_one():
    e = commands.new_event("Wall Open", 5, lots_seed=3, initial_colour="w")
    for i in range(1, 91):  # and one more: 91, one bye
        e = commands.add_player(e, f"Name{(i * 37) % 91:02d}, Player", rating=2400 - 7 * i)
    e = commands.add_player(e, "Bad\x1b[2J, Name", rating=1000)
    return pairing.pair_next(e)


def cells(page: str) -> list[tuple[str, int, str]]:
    """The entries of a page, down the first column, then the second."""
    left, right = [], []
    for line in page.split("\n")[4:]:
        if not line.strip():
            continue
        for side, part in ((left, line[:39]), (right, line[41:])):
            m = ROW.match(part.rstrip())
            if m:
                side.append((m.group(1), int(m.group(2)), m.group(3)))
    return left + right


def test_everyone_once_alphabetically_with_the_board(round_one):
    e = round_one
    rnd = e.rounds[-1]
    board = {p: str(g.board) for g in rnd.games if g.second is not None for p in g.players}
    bye = [g.first for g in rnd.games if g.second is None]
    for page_lines in (None, 60, 20):
        text = printout(e, "wall", lang="en", page_lines=page_lines)
        pages = text.split(FORM_FEED)
        assert len(pages) == (1 if page_lines is None else -(-91 // (2 * (page_lines - 4))))
        seen = []
        for p in pages:
            assert p.startswith("Wall Open\nPairings by name: Round 1\n\nName")  # each page its heading
            assert max(len(x) for x in p.split("\n")) <= 80
            if page_lines:
                assert p.count("\n") <= page_lines
            here = cells(p)
            assert [n.casefold() for n, _, _ in here] == sorted(n.casefold() for n, _, _ in here)
            seen += here
        assert sorted(pid for _, pid, _ in seen) == sorted(p.id for p in e.players)  # everyone, once
        for name, pid, where in seen:
            assert where == ("bye" if pid in bye else board[pid]), (name, pid, where)
            assert name == e.player(pid).name.replace("\x1b", "?")  # a control character printed as ?
    ru = printout(e, "wall", lang="ru")
    assert "Жеребьёвка по алфавиту" in ru and " бай" in ru and "\x1b" not in ru


def test_two_columns_of_half_each_without_pages(round_one):
    lines = [x for x in printout(round_one, "wall", lang="en").split("\n")[4:] if x.strip()]
    assert len(lines) == 46  # 91 players: 46 rows, the last with one
    assert all(len(x) > 41 for x in lines[:-1]) and len(lines[-1]) <= 39


def test_no_round_says_so():
    e = commands.new_event("Empty", 3)
    assert "no round" in printout(e, "wall", lang="en").lower()
