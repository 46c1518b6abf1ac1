"""The event file read fast (core/store/codec.py): the games blocks read apart from tomllib (`_parse`)
give the same document as `tomllib.loads`, for every file arbiter writes and for hand-edited or hostile
text around and inside the blocks, errors said at the place of the text as it is; a game's table checked
in a few comparisons (`_plain_game`) is the game every check gives, or left to those checks."""

from __future__ import annotations

import tomllib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter_tournament.core.errors import FileProblem
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import codec, dumps
from tests.core.test_file_format import events
from tests.helpers import event_with_players, with_round


def _same(text: str) -> None:
    try:
        want = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        with pytest.raises(tomllib.TOMLDecodeError) as got:
            codec._parse(text)
        assert str(got.value) == str(exc)  # the same place named
        return
    assert codec._parse(text) == want


def _canonical() -> str:
    e = event_with_players(9, rounds=5)
    e = with_round(e, 1, [(1, 2), (3, 4), (5, 6), (7, 8), (9, None)], ["1-0", "=", "-+", None, "bye"])
    e = with_round(e, 2, [(2, 3), (4, 1), (6, 9), (8, 5), (7, None)], [None, "0-1t", "1-0", "+-", "bye"])
    return dumps(e)


def test_the_games_blocks_of_a_written_file_are_read_apart_and_give_tomllibs_document():
    text = _canonical()
    assert len(codec._GAMES.findall(text)) == 2  # both rounds' blocks take the fast way
    assert len(codec._PLAYERS.findall(text)) == 1  # the players' run too
    assert codec._parse(text) == tomllib.loads(text)


@pytest.mark.parametrize("edit", [
    lambda t: t.replace("[[players]]\nid = 2\n", "[[players]]\nid = 2\nid = 2\n", 1),           # a key twice
    lambda t: t + '\n[[players]]\nid = 99\nname = "Late"\n',                                 # a second run
    lambda t: t.replace("[[rounds]]\n", '[players.x]\na = 1\n\n[[rounds]]\n', 1),                # into the last
    lambda t: t.replace('[[players]]\nid = 3\n', '[[players]]\nid = 3\nbyes = { 2 = "half", 2 = "zero" }\n', 1),
    lambda t: t.replace('[[players]]\nid = 3\n', '[[players]]\nid = 3\nrating = 1.5\n', 1),       # not plain
    lambda t: t.replace('name = "', 'name = """', 1).replace("[[players]]\nid = 4", '"""\n[[players]]\nid = 4', 1),
])
def test_hand_edits_of_the_players_read_as_tomllib_reads_them(edit):
    _same(edit(_canonical()))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events())
def test_the_text_kept_from_a_read_is_the_text_the_writer_makes(event):
    """What `_parse` read apart is kept for the writer: the file written again is the file written cold."""
    codec.clear_caches()
    cold = dumps(event)
    codec.clear_caches()
    again = codec.loads(cold)
    assert dumps(again) == cold


def test_a_player_written_by_hand_in_another_order_is_kept_and_reads_back_the_same():
    text = _canonical().replace('[[players]]\nid = 3\nname = "Player 0003"\nrating = ', '[[players]]\nname = "Player 0003"\nid = 3\nrating = ', 1)
    assert "name = \"Player 0003\"\nid = 3" in text
    codec.clear_caches()
    e = codec.loads(text)
    assert codec.loads(dumps(e)) == e


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events())
def test_every_written_file_reads_as_tomllib_reads_it(event):
    _same(dumps(event))


SNIPPETS = ["\"", "\\", "0", "00", "\r", "\t", "\x00", "'''", '"""', "\n", " ", "#", ",", "}", "]", "[", "{", "=",
            "-1", "_", "+", "é", "games = [\n", '  { board = 1, first = 2 },\n',
            'games = [{ board = -1, first = 0, by = "x" }]\n', "[[rounds]]\n", "[top]\n", 'result = ""',
            ', by = ""', ', moves = 007', ', manual = false', ', board = 3', "[[players]]\n", "id = 3\n",
            'rating = 1\n', 'byes = { 2 = "half" }\n', ', 2 = "zero"', "[players.x]\n", 'name = "x"\n',
            '[[players]]\nid = -1\nname = "y"\n']


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_file_edited_anywhere_reads_as_tomllib_reads_it_or_fails_at_the_same_place(data):
    text = _canonical()
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        if data.draw(st.booleans()):
            text = text[:at] + data.draw(st.sampled_from(SNIPPETS)) + text[at:]
        else:
            text = text[:at] + text[at + data.draw(st.integers(1, 12)):]
    _same(text)


@pytest.mark.parametrize("edit", [
    lambda t: t.replace("games = [\n", 'note = """\ngames = [\n', 1).replace("]\n", ']\n"""\ngames = []\n', 1),
    lambda t: t.replace("[[rounds]]\n", '[[rounds]]\ngames = [{ board = -1, first = 0, by = "x" }]\n', 1),
    lambda t: t.replace("first = 1,", "first = 01,", 1),
    lambda t: t.replace('"1-0"', '""', 1),
    lambda t: t.replace('"=" }', '"=", by = "a\\"b" }', 1),
    lambda t: t.replace("\n", "\r\n"),
    lambda t: t.replace("[[rounds]]\n", "[top]\n", 1),
])
def test_hand_edits_around_the_games_read_as_tomllib_reads_them(edit):
    _same(edit(_canonical()))


# -- a game's table checked in a few comparisons (`_plain_game`), else by every check (`_game`) ----------

values = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.integers(99_990, 1_000_010),
                   st.sampled_from(["1-0", "=", "bye", "1/2", "-+", "x", "", "anna", "a" * 1001]), st.floats(0, 2),
                   st.lists(st.integers(0, 2), max_size=2))
keys = st.sampled_from(["board", "first", "second", "result", "manual", "by", "moves", "colour"])


@settings(max_examples=600, deadline=None)
@given(st.dictionaries(keys, values) | st.fixed_dictionaries(
    {"board": st.integers(0, 100_000), "first": st.integers(0, 5), "second": st.none() | st.integers(0, 5)},
    optional={"result": st.sampled_from([r.value for r in Result] + ["=", "1-0 "]), "manual": st.booleans(),
              "by": st.text(max_size=3), "moves": st.integers(0, 1000)}).map(
    lambda d: {k: v for k, v in d.items() if v is not None}))
def test_a_game_checked_fast_is_the_game_every_check_gives(table):
    fast = codec._plain_game(table)
    try:
        slow = codec._game(codec.Reader("<e>"), table, "rounds[0].games[0]")
    except FileProblem:
        assert fast is None
        return
    assert fast is None or fast == slow


player_values = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.integers(9_990, 10_010),
                          st.integers(999_990, 1_000_010), st.sampled_from(["", "Ann", "a" * 1001, "half", "zero"]),
                          st.floats(0, 2), st.dictionaries(st.sampled_from(["1", "2", "01", "0", "x", "1000"]),
                                                           st.sampled_from(["half", "zero", "full", "none", 1]),
                                                           max_size=2))
player_keys = st.sampled_from(["id", "name", "rating", "club", "table", "team", "late_from", "withdrawn_from", "byes",
                               "birth", "colour"])


@settings(max_examples=600, deadline=None)
@given(st.dictionaries(player_keys, player_values) | st.fixed_dictionaries(
    {"id": st.integers(0, 5), "name": st.text(max_size=3)},
    optional={"rating": st.integers(-1, 10_000), "table": st.integers(0, 3), "club": st.text(max_size=2),
              "byes": st.dictionaries(st.sampled_from(["1", "2", "3", "999", "1000"]),
                                      st.sampled_from(["half", "zero", "full"]), max_size=2)}),
       st.integers(1, 3))
def test_a_player_checked_fast_is_the_player_every_check_gives(table, tables):
    fast = codec._plain_player(table, tables)
    try:
        slow = codec._player(codec.Reader("<e>"), table, "players[0]", tables)
    except FileProblem:
        assert fast is None
        return
    assert fast is None or fast == slow
