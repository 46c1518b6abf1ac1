"""The new-event form's refusals: every field a refusal names has its label, and a refused Swiss pairing keeps
the form (a `FieldError` naming the field) instead of an unexpected KeyError."""

from __future__ import annotations

import ast
import inspect

import pytest

from arbiter_tournament.tui.i18n import T
from arbiter_tournament.tui.screens import new_event
from arbiter_tournament.tui.screens.forms import FieldError


def refused_fields() -> set[str]:
    """Every field name `bad(...)` may be given in the module: its first argument written out (both arms of an
    `x if c else y`), and the field of each `whole(values, field, ...)` (which passes its `key` on to `bad`)."""
    tree = ast.parse(inspect.getsource(new_event))
    keys: set[str] = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        if node.func.id == "bad" and not (isinstance(node.args[0], ast.Name) and node.args[0].id == "key"):
            arg = node.args[0]
        elif node.func.id == "whole":
            arg = node.args[1]
        else:
            continue
        found = [n.value for n in ast.walk(arg) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
        assert found, f"a field not written out in the code (line {node.lineno})"
        keys.update(found)
    return keys


def test_every_refused_field_has_a_label_in_both_languages():
    keys = refused_fields()
    assert {"file", "system", "rounds", "tables", "top", "boards", "tiebreaks", "pairing"} <= keys
    for key in keys:
        assert key in new_event.LABELS, key
        assert new_event.LABELS[key] in T, (key, new_event.LABELS[key])
        for lang in ("en", "ru"):
            assert new_event.bad(key, "why", lang).text.endswith(": why")


def test_every_form_field_has_a_label():
    assert {f for f, _, _ in new_event.fields_of("en", "x.toml")} <= set(new_event.LABELS)


BASE = {"name": "Open", "rounds": "5", "tables": "1", "top": "0", "third": "n", "points": "1,1/2,0",
        "tiebreaks": ""}


@pytest.mark.parametrize(("lang", "label", "why"), [
    ("en", "Swiss pairing (dutch, burstein): ", "'zzz' is not one of these"),
    ("ru", "жеребьёвка швейцарки (dutch, burstein): ", "«zzz» — не из этого списка"),
])
def test_an_unknown_pairing_is_refused_naming_the_field(tmp_path, lang, label, why):
    path = tmp_path / "x.toml"
    with pytest.raises(FieldError) as caught:
        new_event.make_event(dict(BASE, file=str(path), pairing="zzz"), lang)
    assert caught.value.field == "pairing"
    assert caught.value.text == label + why
    assert not path.exists()


@pytest.mark.parametrize(("lang", "why"), [
    ("en", "burstein: team events are paired by the Dutch system"),
    ("ru", "burstein: командные турниры жеребьёвываются по голландской системе"),
])
def test_burstein_for_a_team_event_is_refused_naming_the_field(tmp_path, lang, why):
    path = tmp_path / "x.toml"
    with pytest.raises(FieldError) as caught:
        new_event.make_event(dict(BASE, file=str(path), pairing="Burstein", boards="4"), lang)
    assert caught.value.field == "pairing"
    assert caught.value.text.endswith(": " + why)
    assert not path.exists()


def test_burstein_is_taken_for_a_swiss(tmp_path):
    from arbiter_tournament.core.store import load

    path = new_event.make_event(dict(BASE, file=str(tmp_path / "x.toml"), pairing="burstein"), "en")
    assert load(path).pairing == "burstein"
