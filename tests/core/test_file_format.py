"""The event file: canonical text, byte-for-byte round trips, and refusals that name the place."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter_tournament.core.errors import FileProblem
from arbiter_tournament.core.event.model import Category, Event, Game, Player, Prize, PrizeSplit, Round
from arbiter_tournament.core.event.records import Scoring
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import dumps, loads

names = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=30).filter(lambda s: s.strip())


@st.composite
def events(draw):
    n = draw(st.integers(0, 12))
    tables = draw(st.integers(1, 3))
    players = []
    for pid in range(1, n + 1):
        players.append(Player(
            id=pid, name=draw(names), rating=draw(st.integers(0, 2900)), club=draw(st.sampled_from(["", "Dynamo", 'A "quoted" club', "Клуб"])),
            table=None if tables == 1 else draw(st.integers(1, tables)),
            withdrawn_from=draw(st.none() | st.integers(1, 9)), late_from=draw(st.none() | st.integers(2, 9)),
            byes=tuple(sorted(draw(st.dictionaries(st.integers(1, 9), st.sampled_from(["half", "zero", "full"]), max_size=2)).items())),
            sex=draw(st.sampled_from(["", "f", "m"])), birth=draw(st.sampled_from(["", "1990", "2010-05-04"])),
            title=draw(st.sampled_from(["", "GM", "WFM"])), fide_id=draw(st.sampled_from(["", "24100010"])),
            code=draw(st.sampled_from(["", f"K7TQ2MXH{pid + 20:02d}"[-10:].replace("0", "A").replace("1", "C")])),
        ))
    rounds = []
    for table in ([None] if tables == 1 else range(1, tables + 1)):
        for number in range(1, draw(st.integers(0, 3)) + 1):
            ids = draw(st.permutations([p.id for p in players if p.table == table]))
            games = []
            for b, i in enumerate(range(0, len(ids), 2), start=1):
                pair = ids[i:i + 2]
                if len(pair) == 1:
                    games.append(Game(b, pair[0], None, Result.BYE))
                else:
                    res = draw(st.none() | st.sampled_from([r for r in Result if r is not Result.BYE]))
                    games.append(Game(b, pair[0], pair[1], res, draw(st.booleans()),
                                      draw(st.sampled_from(["", "anna", "Борис", "a\"b\\c\x7f\t"])) if res else "",
                                      draw(st.none() | st.integers(1, 300))))
            rounds.append(Round("swiss", number, tuple(games), table, draw(st.sampled_from(["", "2026-11-30T12:45:00+00:00"])),
                                draw(st.none() | st.integers(0, 3600))))
    scoring = draw(st.sampled_from([Scoring(), Scoring(win=Fraction(3), draw=Fraction(1), loss=Fraction(0))]))
    # the end of the event: categories, prizes (some of a category, amounts with cents), lots and 704.4 splits
    category_names = draw(st.lists(names.map(str.strip).filter(lambda x: "\n" not in x and "\r" not in x), max_size=3,
                                   unique_by=str.casefold))
    categories = tuple(Category(name, rating_below=draw(st.none() | st.integers(1, 9999)),
                                born_from=draw(st.none() | st.integers(1900, 2020)), sex=draw(st.sampled_from(["", "f", "m"])),
                                unrated=draw(st.booleans()), club=draw(st.sampled_from(["", "Клуб \"1\""])),
                                table=draw(st.none() | st.integers(1, tables)))
                       for name in category_names)
    prize_names = draw(st.lists(names.map(str.strip).filter(lambda x: "\n" not in x and "\r" not in x), max_size=4,
                                unique_by=str.casefold))
    prizes = tuple(Prize(name, draw(st.none() | st.integers(0, 10**6).map(lambda c: Fraction(c, 100))),
                         draw(st.sampled_from([""] + category_names))) for name in prize_names)
    ids = [p.id for p in players]
    lots = tuple(tuple(draw(st.permutations(ids))[:k]) for k in draw(st.lists(st.integers(2, 4), max_size=2))
                 if len(ids) >= k)
    splits = (PrizeSplit((ids[0], ids[1]), (draw(st.integers(1, 5)), draw(st.integers(1, 5)))),) \
        if len(ids) >= 2 and draw(st.booleans()) else ()
    dates = st.sampled_from(["", "2026-11-28", "2026-11-29", "2027-01-01"])
    details = {"city": draw(st.sampled_from(["", "Kazan", "Ла-Пас"])), "federation": draw(st.sampled_from(["", "RUS"])),
               "start": draw(st.sampled_from(["", "2026-11-28"])), "end": draw(st.sampled_from(["", "2026-11-30"])),
               "chief_arbiter": draw(st.sampled_from(["", "IA Petrov, Ivan", 'a "b" \\c'])),
               "deputy_arbiters": tuple(draw(st.lists(names.filter(lambda s: s.strip() == s and s.isprintable()),
                                                      max_size=3))),
               "time_control": draw(st.sampled_from(["", "90 min + 30 s per move"])),
               "round_dates": tuple(draw(st.lists(dates, max_size=5).map(lambda x: x + ["2026-11-30"] if x else x)))}
    return Event(name=draw(names), rounds_planned=draw(st.integers(1, 13)), tables=tables, scoring=scoring, **details,
                 tiebreaks=tuple(draw(st.lists(st.sampled_from(["BH-C1", "BH", "SB", "WIN"]), unique=True))),
                 lots_seed=draw(st.integers(0, 2**31)), players=tuple(players), rounds=tuple(rounds),
                 pairing=draw(st.sampled_from(["dutch", "burstein"])),
                 prize_sharing=draw(st.sampled_from(["none", "equal", "hort"])), categories=categories, prizes=prizes,
                 lots=lots, prize_splits=splits, public_crosstable=draw(st.booleans()),
                 public_prize_money=draw(st.booleans()),
                 reports=draw(st.sampled_from(["judge", "agreed"])), player_byes=draw(st.integers(0, 3)),
                 player_bye_kind=draw(st.sampled_from(["half", "zero", "full"])),
                 extra=(("top", {"seeds": [1, 2, 3, 4], "size": 4}),) if n >= 4 and draw(st.booleans()) else ())


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)  # (a busy machine)
@given(events())
def test_a_file_round_trips_byte_for_byte(event):
    text = dumps(event)
    again = loads(text)
    assert again == event
    assert dumps(again) == text


def test_hand_written_file_loads_and_becomes_canonical():
    text = """
schema = 1
[event]
name = "Club Championship"
rounds = 7
system = "swiss"
[event.points]
win = 3
draw = 1
loss = 0
[[players]]
id = 2
name = "Smith, Ann"
rating = 1800
[[players]]
id = 1
name = "Ivanov, Ivan"
[[rounds]]
stage = "swiss"
number = 1
games = [{board = 1, first = 1, second = 2, result = "="}]
"""
    e = loads(text)
    assert [p.id for p in e.players] == [1, 2]
    assert e.scoring.win == 3 and e.scoring.draw == 1
    assert e.rounds[0].games[0].result is Result.DRAW
    canonical = dumps(e)
    assert dumps(loads(canonical)) == canonical
    assert 'result = "1/2"' in canonical


_END = "schema = 1\n[event]\nname='x'\nrounds=3\n"
BAD = [
    ("not toml at all [[[", None, "not a valid TOML file"),
    ("schema = 2\n[event]\nname='x'\nrounds=1\n", "schema", "schema 2 is not supported"),
    ("[event]\nname='x'\nrounds=1\n", "schema", "schema None is not supported"),
    ("schema = 1\n", None, "'event' is missing"),
    ("schema = 1\n[event]\nname = 'x'\n", "event", "'rounds' is missing"),
    ("schema = 1\n[event]\nname = 'x'\nrounds = 'five'\n", "event.rounds", "expected a whole number"),
    ("schema = 1\n[event]\nname='x'\nrounds=3\n[[players]]\nid=1\nname='a'\n[[players]]\nid=1\nname='b'\n",
     "players[1].id", "player id 1 appears twice"),
    ("schema = 1\n[event]\nname='x'\nrounds=3\n[[players]]\nid=1\nname='a'\n[[rounds]]\nstage='swiss'\nnumber=1\n"
     "games=[{board=1, first=1, second=9}]\n", "rounds[0].games[0]", "player 9 is not in the event"),
    ("schema = 1\n[event]\nname='x'\nrounds=3\n[[players]]\nid=1\nname='a'\n[[players]]\nid=2\nname='b'\n"
     "[[players]]\nid=3\nname='c'\n[[rounds]]\nstage='swiss'\nnumber=1\n"
     "games=[{board=1, first=1, second=2}, {board=2, first=3, second=1}]\n", "rounds[0].games[1]", "player 1 plays twice"),
    ("schema = 1\n[event]\nname='x'\nrounds=3\n[[players]]\nid=1\nname='a'\n[[players]]\nid=2\nname='b'\n[[rounds]]\n"
     "stage='swiss'\nnumber=1\ngames=[{board=1, first=1, second=2, result='1-0'}, {board=1, first=2, second=1, result='0-1'}]\n",
     "rounds[0].games[1]", "board 1 appears twice"),
    ("schema = 1\n[event]\nname='x'\nrounds=3\n[[players]]\nid=1\nname='a'\n[[players]]\nid=2\nname='b'\n[[rounds]]\n"
     "stage='swiss'\nnumber=1\ngames=[{board=1, first=1, second=2, result='2-0'}]\n", "rounds[0].games[0].result", "not a result"),
    ("schema = 1\n[event]\nname='x'\nrounds=3\ncolour='w'\n", "event.colour", "unknown setting"),
    # the end of the event: categories, prizes, [final]
    (_END + "prize_sharing='halves'\n", "event.prize_sharing", "must be one of none, equal, hort"),
    (_END + "public_crosstable='no'\n", "event.public_crosstable", "expected"),
    (_END + "[[categories]]\nname='U2000'\nrating_under=2000\n", "categories[0].rating_under", "unknown category field"),
    (_END + "[[categories]]\nname='U2000'\nsex='w'\n", "categories[0].sex", "must be one of f, m"),
    (_END + "[[categories]]\nname='U2000'\nborn_from=20\n", "categories[0].born_from", "from 1000 to 9999"),
    (_END + "[[categories]]\nname='A'\nsex='f'\n[[categories]]\nname='a'\nsex='m'\n", "categories[1].name",
     "category 'a' appears twice"),
    (_END + "[[prizes]]\nname='1st'\ncategory='U2000'\n", "prizes[0].category", "no category 'U2000'"),
    (_END + "[[prizes]]\nname='1st'\namount='1e3'\n", "prizes[0].amount", "expected an amount like 1000"),
    (_END + "[[prizes]]\nname='1st'\namount=-5\n", "prizes[0].amount", "an amount from 0 to"),
    (_END + "[[prizes]]\nname='1st'\namount=1.5\n", "prizes[0].amount", "expected a whole number or text"),
    (_END + "[[players]]\nid=1\nname='a'\n[final]\nlots=[[1, 9]]\n", "final.lots[0]", "player 9 is not in the event"),
    (_END + "[[players]]\nid=1\nname='a'\n[final]\nlots=[[1]]\n", "final.lots[0]", "expected the ids drawn"),
    (_END + "[[players]]\nid=1\nname='a'\n[[players]]\nid=2\nname='b'\n[final]\n"
            "splits=[{players=[1, 2], parts=[1]}]\n", "final.splits[0]", "one part for each"),
]


@pytest.mark.parametrize("text,where,what", BAD)
def test_bad_files_are_refused_naming_the_place(text, where, what):
    with pytest.raises(FileProblem) as err:
        loads(text, "saves/bad.toml")
    assert err.value.where == where
    assert what in str(err.value)
    assert str(err.value).startswith("saves/bad.toml")


def test_syntax_error_names_the_line():
    with pytest.raises(FileProblem) as err:
        loads("schema = 1\n[event]\nname = = 'x'\n", "e.toml")
    assert "line 3" in str(err.value)
