"""Two judges editing one player at once (`EditPlayer(expected=...)`): neither overwrites the other silently.

Judge 1 and judge 2 open the same player's form on the same file; judge 1 saves first. Judge 2's edit gives only
the fields judge 2 changed, with the values judge 2's form was opened with: a field judge 1 changed and judge 2
did not is kept; a field both changed is a `Conflict` naming the player, the field, what judge 2 saw and what it
is now (English and Russian), the file left as it was.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core.commands.players import EDITED, changed_since
from arbiter_tournament.core.errors import Conflict
from arbiter_tournament.core.store import EventFile, create, load
from tests.helpers import event_with_players


@pytest.fixture
def path(tmp_path):
    p = tmp_path / "ev.toml"
    create(p, event_with_players(4))
    return p


def seen(path, pid):
    """A judge opens player `pid`'s form: the values it is filled with."""
    p = load(path).player(pid)
    return {k: getattr(p, k) for k in EDITED}


def test_two_edits_of_different_fields_keep_both(path):
    judge1, judge2 = seen(path, 2), seen(path, 2)
    assert judge2["rating"] != 1234 and judge2["name"] != "Alpha, Anna"
    cmds.run(EventFile(path), cmds.EditPlayer(2, rating=1234, expected={"rating": judge1["rating"]}))
    cmds.run(EventFile(path), cmds.EditPlayer(2, name="Alpha, Anna", expected={"name": judge2["name"]}))
    p = load(path).player(2)
    assert (p.name, p.rating) == ("Alpha, Anna", 1234)  # judge 1's rating was not put back
    assert load(path).player(1) == event_with_players(4).player(1)


def test_the_same_field_changed_by_the_other_judge_is_a_conflict_and_nothing_changes(path):
    judge2 = seen(path, 2)
    cmds.run(EventFile(path), cmds.EditPlayer(2, rating=1234, expected={"rating": seen(path, 2)["rating"]}))
    before = path.read_bytes()
    history = len(EventFile(path).history())
    name = load(path).player(2).name
    with pytest.raises(Conflict) as got:
        cmds.run(EventFile(path), cmds.EditPlayer(2, name="New Name", rating=1500,
                                                  expected={"name": judge2["name"], "rating": judge2["rating"]}))
    err = got.value
    assert str(err) == (f"{name} (2) was changed by another judge since you opened it: "
                        f"rating: you saw {judge2['rating']}, it is now 1234")
    assert err.text("ru") == (f"участника {name} (2) изменил другой судья, пока форма была открыта: "
                              f"рейтинг: было {judge2['rating']}, теперь 1234")
    assert err.field == "rating"
    assert path.read_bytes() == before  # the name judge 2 typed is not half-written either
    assert len(EventFile(path).history()) == history


def test_the_conflict_names_every_field_and_an_empty_value(path):
    judge2 = seen(path, 3)
    cmds.run(EventFile(path), cmds.EditPlayer(3, club="Kazan CC", federation="RUS"))  # the command line: no check
    with pytest.raises(Conflict) as got:
        cmds.run(EventFile(path), cmds.EditPlayer(3, club="Ufa", federation="KAZ",
                                                  expected={"club": judge2["club"], "federation": judge2["federation"]}))
    assert judge2["club"] == "Club 3" and judge2["federation"] == ""
    assert str(got.value).endswith("club: you saw Club 3, it is now Kazan CC; "
                                   "federation: you saw (empty), it is now RUS")
    assert got.value.text("ru").endswith("клуб: было Club 3, теперь Kazan CC; федерация: было (пусто), теперь RUS")


def test_the_same_value_set_by_both_is_no_conflict(path):
    judge2 = seen(path, 2)
    cmds.run(EventFile(path), cmds.EditPlayer(2, rating=1234))
    cmds.run(EventFile(path), cmds.EditPlayer(2, rating=1234, expected={"rating": judge2["rating"]}))
    assert load(path).player(2).rating == 1234


def test_saving_over_it_with_what_is_there_now_as_expected(path):
    """The TUI's Overwrite: the edit again, expecting the value the conflict showed."""
    judge2 = seen(path, 2)
    cmds.run(EventFile(path), cmds.EditPlayer(2, rating=1234))
    with pytest.raises(Conflict):
        cmds.run(EventFile(path), cmds.EditPlayer(2, rating=1500, expected={"rating": judge2["rating"]}))
    cmds.run(EventFile(path), cmds.EditPlayer(2, rating=1500, expected={"rating": 1234}))
    assert load(path).player(2).rating == 1500


def test_a_federation_typed_as_a_country_is_compared_as_its_code(path):
    cmds.run(EventFile(path), cmds.EditPlayer(2, federation="RUS"))
    cmds.run(EventFile(path), cmds.EditPlayer(2, federation="Россия", expected={"federation": ""}))  # same code
    assert load(path).player(2).federation == "RUS"


def test_expected_as_a_dict_is_held_hashable():
    a = cmds.EditPlayer(1, rating=5, expected={"rating": 0, "name": "x"})
    assert a == cmds.EditPlayer(1, rating=5, expected={"name": "x", "rating": 0})
    assert hash(a) == hash(cmds.EditPlayer(1, rating=5, expected={"name": "x", "rating": 0}))


RATINGS = st.integers(min_value=0, max_value=3000)
NAMES = st.sampled_from(["Alpha, A", "Alpha, Anna", "Beta, B", "Gamma"])


@settings(max_examples=60, deadline=None)
@given(start=st.tuples(NAMES, RATINGS), one=st.fixed_dictionaries({}, optional={"name": NAMES, "rating": RATINGS}),
       two=st.fixed_dictionaries({}, optional={"name": NAMES, "rating": RATINGS}))
def test_no_edit_is_lost_silently(start, one, two):
    """Two judges open the form on the same player; judge 1 saves `one`, then judge 2 saves `two` (each the fields
    it changed, expecting the start). Either judge 2's save is refused, naming exactly the fields judge 1 set to
    another value, and the player is as judge 1 left it; or every field is judge 2's if judge 2 gave it, else
    judge 1's, else the start's."""
    e = cmds.EditPlayer(1, name=start[0], rating=start[1]).apply(event_with_players(2))
    opened = {"name": start[0], "rating": start[1]}
    one = {k: v for k, v in one.items() if v != opened[k]}  # (the form sends only what changed)
    two = {k: v for k, v in two.items() if v != opened[k]}
    e1 = cmds.EditPlayer(1, **one, expected={k: opened[k] for k in one}).apply(e)
    after_one = {k: getattr(e1.player(1), k) for k in opened}
    clashes = {k for k in two if k in one and one[k] != two[k]}
    assert set(changed_since(e1, 1, two, opened)) == clashes
    if clashes:
        with pytest.raises(Conflict):
            cmds.EditPlayer(1, **two, expected={k: opened[k] for k in two}).apply(e1)
        return
    e2 = cmds.EditPlayer(1, **two, expected={k: opened[k] for k in two}).apply(e1)
    for k in opened:
        assert getattr(e2.player(1), k) == two.get(k, after_one[k])
        assert after_one[k] == one.get(k, opened[k])
