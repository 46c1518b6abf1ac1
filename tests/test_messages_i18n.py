"""Every error message of the engine in English and Russian (core/errors.py, core/messages.py).

The static part reads the source of every module of core/ and checks each
place that makes an error (a raise, a `Msg`, or a helper that passes its
text on to one): the text is a literal template, the catalog has it in
Russian, with the same {placeholders} and in Cyrillic, and the call gives a
value for every placeholder. The rest provokes real errors through core.
"""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from core import commands, errors, messages
from core.errors import FileProblem, IllegalChange, InvalidResult, Msg, NoLegalPairing, message
from core.results import Result
from core.store.codec import loads

from helpers import event_with_players, with_round

CORE = Path(__file__).resolve().parent.parent / "core"
MACHINERY = {CORE / "errors.py", CORE / "messages.py"}
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
BASE_ERRORS = {"ArbiterError", "InvalidResult", "IllegalChange", "Conflict", "FileProblem", "NoLegalPairing"}


def _modules() -> list[tuple[Path, ast.Module]]:
    out = []
    for path in sorted(CORE.rglob("*.py")):
        if path not in MACHINERY:
            out.append((path, ast.parse(path.read_text(encoding="utf-8"), str(path))))
    return out


MODULES = _modules()


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _error_classes() -> tuple[set[str], set[str]]:
    """Names of the error classes (every subclass defined in core too) and of those built like FileProblem."""
    classes, file_like = set(BASE_ERRORS), {"FileProblem"}
    changed = True
    while changed:
        changed = False
        for _, tree in MODULES:
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name not in classes:
                    bases = {_name(b) for b in node.bases}
                    if bases & classes:
                        classes.add(node.name)
                        if bases & file_like:
                            file_like.add(node.name)
                        changed = True
    return classes, file_like


ERROR_CLASSES, FILE_LIKE = _error_classes()


def _template_index(call: ast.Call, helpers: dict[str, int]) -> int | None:
    """Which positional argument of `call` is a message template (None: not a message maker)."""
    name = _name(call.func)
    if name == "Msg":
        return 0
    if name in FILE_LIKE:
        return 2
    if name in ERROR_CLASSES:
        return 0
    return helpers.get(name)


def _params_of(fn: ast.FunctionDef) -> list[str]:
    names = [a.arg for a in fn.args.posonlyargs + fn.args.args]
    if names and names[0] in ("self", "cls"):
        names = names[1:]
    return names


def _helpers() -> dict[str, int]:
    """Functions that pass one of their parameters on as the template of an error (`_bad(key, what)`)."""
    helpers: dict[str, int] = {}
    changed = True
    while changed:
        changed = False
        for _, tree in MODULES:
            for fn in ast.walk(tree):
                if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or fn.name in helpers:
                    continue
                params = _params_of(fn)
                for call in ast.walk(fn):
                    if not isinstance(call, ast.Call):
                        continue
                    i = _template_index(call, helpers)
                    if i is None or len(call.args) <= i:
                        continue
                    arg = call.args[i]
                    if isinstance(arg, ast.Name) and arg.id in params:
                        helpers[fn.name] = params.index(arg.id)
                        changed = True
                        break
    return helpers


HELPERS = _helpers()


def _sites() -> list[tuple[str, ast.Call, ast.expr | None]]:
    """Every call that makes a message: (place, call, its template argument or None if missing)."""
    out = []
    for path, tree in MODULES:
        helper_params = {}
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and fn.name in HELPERS:
                for node in ast.walk(fn):
                    helper_params[id(node)] = set(_params_of(fn))
        for call in ast.walk(tree):
            if not isinstance(call, ast.Call):
                continue
            i = _template_index(call, HELPERS)
            if i is None:
                continue
            place = f"{path.relative_to(CORE.parent)}:{call.lineno}"
            if len(call.args) <= i:
                out.append((place, call, None))
                continue
            arg = call.args[i]
            if isinstance(arg, ast.Name) and arg.id in helper_params.get(id(call), ()):
                continue  # inside a helper: its callers are checked
            out.append((place, call, arg))
    return out


SITES = _sites()


def _fields(template: str) -> set[str]:
    names = set()
    for _, field, _, _ in string.Formatter().parse(template):
        if field is not None:
            names.add(re.split(r"[.\[]", field, maxsplit=1)[0])
    return names


def _has_words(template: str) -> bool:
    """Whether the template has words of its own (not only placeholders and signs)."""
    literal = "".join(text for text, *_ in string.Formatter().parse(template))
    return bool(re.search("[A-Za-z]", literal))


def _templates() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for place, _, arg in SITES:
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            out.setdefault(arg.value, []).append(place)
    return out


TEMPLATES = _templates()


def test_the_static_check_sees_the_engine():
    assert len(SITES) > 200
    assert {"_bad", "fail", "_no_pairing"} <= set(HELPERS)
    assert {"UnknownTieBreak"} <= ERROR_CLASSES


def test_every_error_is_made_from_a_literal_template():
    bad = []
    for place, call, arg in SITES:
        if arg is None:
            bad.append(f"{place}: no message")
            continue
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            continue
        if isinstance(arg, ast.Attribute) and arg.attr == "msg":
            continue  # another error's message, wrapped (its own raise is checked)
        bad.append(f"{place}: {ast.unparse(arg)[:70]}")
    assert not bad, "errors must be raised with a literal template and named parameters:\n" + "\n".join(bad)


def test_the_error_classes_are_not_renamed_on_import():
    """`from .errors import IllegalChange as IC` would hide raises from the checks above."""
    bad = []
    for path, tree in MODULES:
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("errors"):
                bad += [f"{path.name}: {a.name} as {a.asname}" for a in node.names if a.asname]
    assert not bad, bad


def test_every_template_has_its_russian_text():
    missing = [f"{places[0]}: {t!r}" for t, places in TEMPLATES.items() if t not in messages.RU]
    assert not missing, "add to core/messages.RU:\n" + "\n".join(missing)


def test_the_russian_text_has_the_same_placeholders_and_is_russian():
    bad = []
    for t, places in TEMPLATES.items():
        ru = messages.RU.get(t)
        if ru is None:
            continue
        try:
            same = _fields(t) == _fields(ru)
        except ValueError as exc:
            bad.append(f"{places[0]}: {t!r}: {exc}")
            continue
        if not same:
            bad.append(f"{places[0]}: {t!r} has {sorted(_fields(t))}, Russian {sorted(_fields(ru))}")
        if (t[:1] == " ") != (ru[:1] == " ") or (t[-1:] == " ") != (ru[-1:] == " "):
            bad.append(f"{places[0]}: {t!r}: a piece glued to a sentence keeps its spaces: {ru!r}")
        if not CYRILLIC.search(ru) and _has_words(t):
            bad.append(f"{places[0]}: {t!r}: the Russian text has no Russian in it")
    assert not bad, "\n".join(bad)


def test_every_placeholder_gets_a_value_and_every_value_a_placeholder():
    bad = []
    for place, call, arg in SITES:
        if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
            continue
        if any(k.arg is None for k in call.keywords):
            continue  # **params: passed on
        reserved = {"players", "reasons"}
        given = {k.arg for k in call.keywords} - reserved
        if given != _fields(arg.value):
            bad.append(f"{place}: {arg.value!r} given {sorted(given)}")
    assert not bad, "\n".join(bad)


def test_the_catalog_has_nothing_stale():
    stale = [t for t in messages.RU if t not in TEMPLATES]
    assert not stale, "templates no longer raised anywhere in core/:\n" + "\n".join(map(repr, stale))


def test_every_word_passed_as_a_parameter_is_translated():
    literal = set()
    for _, tree in MODULES:
        for call in ast.walk(tree):
            if isinstance(call, ast.Call) and _name(call.func) == "word" and call.args:
                if isinstance(call.args[0], ast.Constant):
                    literal.add(call.args[0].value)
    from core.store.codec import STAGES

    needed = literal | set(STAGES) | {"swiss", "roundrobin", "top", "playoff", "first", "second", "white", "black",
                                      "rating", "table"}
    bad = [w for w in sorted(needed) if not CYRILLIC.search(messages.WORDS.get(w, {}).get("ru", ""))]
    assert not bad, "add to core/messages.WORDS: " + ", ".join(bad)
    for w, forms in messages.WORDS.items():
        assert all(CYRILLIC.search(v) for v in forms.values()), w


def test_every_grammatical_form_a_template_asks_for_exists_for_every_stage():
    from core.store.codec import STAGES

    specs = {spec for t in messages.RU.values() for _, f, spec, _ in string.Formatter().parse(t) if f == "stage" and spec}
    assert specs, "the Russian templates use the genitive of stages"
    for spec in specs:
        for stage in STAGES:
            assert f"ru:{spec}" in messages.WORDS[stage], (stage, spec)


# -- real errors --------------------------------------------------------------------------------

ENGLISH_WORDS = re.compile(r"\b(the|round|player|players|board|table|swiss|top|first|second|white|black|result|"
                           r"not|is|has|of|and|or|no|bye|match|team)\b")


def _russian(text: str) -> None:
    assert CYRILLIC.search(text), text
    assert not ENGLISH_WORDS.search(text.replace("arbiter", "")), f"English words in: {text}"


def test_an_unknown_player():
    e = event_with_players(4)
    with pytest.raises(IllegalChange) as err:
        e.player(99)
    assert str(err.value) == "no player with id 99"
    assert err.value.text("en") == "no player with id 99"
    assert err.value.text("ru") == "нет участника с номером 99"
    assert message(err.value, "ru") == "нет участника с номером 99"
    assert message(err.value, "en") == "no player with id 99"


def test_a_bad_result_text():
    with pytest.raises(InvalidResult) as err:
        Result.parse("2-0")
    assert str(err.value).startswith("'2-0' is not a result; type one of 1-0")
    ru = err.value.text("ru")
    assert "'2-0'" in ru and "1-0 0-1 1/2" in ru
    _russian(ru)


def test_a_word_in_a_russian_sentence_is_russian():
    e = event_with_players(4)
    with pytest.raises(IllegalChange) as err:
        commands.current_round(e, "top", None)
    assert str(err.value) == "no top round has been paired yet"
    ru = err.value.text("ru")
    assert "топ" in ru
    _russian(ru)


def test_a_corrupt_file():
    with pytest.raises(FileProblem) as err:
        loads("schema = 2\n[event]\nname = 'x'\nrounds = 1\n", "saves/x.toml")
    exc = err.value
    assert str(exc) == "saves/x.toml:schema: schema 2 is not supported (this arbiter reads schema = 1)"
    assert (exc.path, exc.where) == ("saves/x.toml", "schema")
    assert exc.what == "schema 2 is not supported (this arbiter reads schema = 1)"
    ru = exc.text("ru")
    assert ru.startswith("saves/x.toml:schema: ")
    _russian(ru.split(": ", 1)[1])
    with pytest.raises(FileProblem) as err:
        loads("[event\n", "x.toml")
    assert err.value.text("ru").startswith("x.toml: ")
    assert CYRILLIC.search(err.value.text("ru"))


def test_a_wrapped_error_keeps_both_parts_translatable():
    text = ("schema = 1\n[event]\nname = 'x'\nrounds = 1\n[[players]]\nid = 1\nname = 'A'\n"
            "[[players]]\nid = 2\nname = 'B'\n[[rounds]]\nstage = 'swiss'\nnumber = 1\n"
            "games = [{board = 1, first = 1, second = 2, result = '2-0'}]\n")
    with pytest.raises(FileProblem) as err:
        loads(text, "x.toml")
    assert str(err.value).startswith("x.toml:rounds[0].games[0].result: '2-0' is not a result")
    ru = err.value.text("ru")
    assert ru.startswith("x.toml:rounds[0].games[0].result: '2-0'")
    _russian(ru.split(": ", 1)[1])


def test_no_legal_pairing_names_the_players_and_why_in_both_languages():
    e = event_with_players(2, rounds=3)
    e = with_round(e, 1, [(1, 2)], ["1-0"])
    from core.pairing import pair_next

    with pytest.raises(NoLegalPairing) as err:
        pair_next(e)
    exc = err.value
    en = str(exc)
    assert en.startswith("round 2: no legal pairing for round 2: ")
    assert "Options: pair by hand" in en
    assert set(exc.players) == {1, 2}
    assert all(isinstance(why, str) and why.startswith("can meet 0 of the other 1") for why in exc.reasons.values())
    ru = exc.text("ru")
    assert "Player 0001 (1)" in ru and "arbiter pair FILE --by-hand" in ru
    _russian(ru)
    for why in exc.reasons_text("ru").values():
        _russian(why)


def test_message_works_for_any_exception():
    assert message(ValueError("plain"), "ru") == "plain"
    assert message(KeyError(3), "en") == "3"
    assert message(IllegalChange("some text the catalog does not know"), "ru") == "some text the catalog does not know"


def test_msg_is_its_english_text_and_says_itself_in_russian():
    m = Msg("round {rnd}", rnd=3)
    assert m == "round 3" and str(m) == "round 3"
    assert m.text("ru") == messages.RU["round {rnd}"].format(rnd=3)
    assert errors.word("swiss").text("ru") == messages.WORDS["swiss"]["ru"]


def test_every_template_renders_in_both_languages():
    """Fill each template with sample values: neither language may fail to format."""
    for t in TEMPLATES:
        vals = {f: errors.word("7") for f in _fields(t)}
        en = errors.render(t, vals, "en")
        ru = errors.render(t, vals, "ru")
        plain = {f: "7" for f in vals}
        assert en == t.format(**plain)
        no_forms = re.sub(r"\{(\w+):[a-z]+\}", r"{\1}", messages.RU[t])  # a word without forms: itself
        assert ru == no_forms.format(**plain), t


def test_a_result_over_another_says_who_entered_it_in_both_languages():
    e = event_with_players(2, rounds=3)
    e = with_round(e, 1, [(1, 2)], [None])
    e = commands.record_result(e, "swiss", None, 1, 1, Result.parse("1-0"), by="anna")
    with pytest.raises(IllegalChange) as err:
        commands.record_result(e, "swiss", None, 1, 1, Result.parse("0-1"), by="boris")
    assert str(err.value) == "board 1 of round 1 already has 1-0 by anna; use --force to replace it"
    ru = err.value.text("ru")
    assert "1-0 (внёс anna);" in ru
    _russian(ru.replace("anna", ""))
    with pytest.raises(IllegalChange) as err:
        commands.record_result(e, "swiss", None, 1, 1, Result.parse("0-1"), by="boris", expected=None)
    assert str(err.value) == ("board 1 changed since you read it: you saw no result, it is now 1-0 (entered by anna); "
                              "use --force to overwrite")
    assert "было: без результата, теперь: 1-0 (внёс anna);" in err.value.text("ru")
