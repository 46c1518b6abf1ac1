"""Every message of arbiter in English and Russian: one type, one catalog, one render (core/msg).

The catalog part renders every key of the catalog in both languages with its
fields and checks that the two templates agree and that the Russian is
Russian: no English is left in it but what a judge types (options, values
of the file, codes). Since a message cannot be made without a key of the
catalog (it fails at once), a Russian text is made of Russian templates and
data only. The static part reads every module of core/ and checks each place
that makes an error or a message: its key is a key of the catalog and the
call gives exactly its fields. The rest provokes real messages through core
and the command line.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from arbiter_tournament.tui.advice import message as tui_message  # the TUI's words of a refusal
from arbiter_tournament.tui.cli.advice import said  # the command line's

from arbiter_tournament.core.event import commands
from arbiter_tournament.core import errors
from arbiter_tournament.core import msg
from arbiter_tournament.core.errors import FileProblem, IllegalChange, InvalidResult, Msg, NoLegalPairing, message
from arbiter_tournament.core.msg import EN, RU, WORDS, UnknownMessage, fields_of, joined, render, verbatim, word
from arbiter_tournament.core.msg.data import from_data, to_data
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store.codec import loads

from helpers import event_with_players, with_round

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "core"
# the machinery: modules that make messages from keys they are given (checked by the tests of their callers)
MACHINERY = {CORE / "errors.py", *(CORE / "msg").glob("*.py")} - {CORE / "msg" / "journal.py"}
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
BASE_ERRORS = {"ArbiterError", "InvalidResult", "IllegalChange", "Conflict", "FileProblem", "NoLegalPairing"}
NAME = re.compile(r"[a-z][a-z0-9]*_[a-z0-9_-]+")  # a named key (px_board, round_n), not an English template


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
    """Which positional argument of `call` is a message key (None: not a message maker)."""
    name = _name(call.func)
    if name == "describe" and not isinstance(call.func, ast.Name):
        return None  # a command's describe(event) (core/commands), not the journal's describe(template)
    if name in ("Msg", "describe"):
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
    """Functions that pass one of their parameters on as the key of a message (`_bad(key, what)`)."""
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


def _sites() -> list[tuple[str, ast.Call, ast.expr | None, ast.Module]]:
    """Every call that makes a message: (place, call, its key argument or None if missing, module)."""
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
            place = f"{path.relative_to(ROOT)}:{call.lineno}"
            if len(call.args) <= i:
                out.append((place, call, None, tree))
                continue
            arg = call.args[i]
            if isinstance(arg, ast.Name) and arg.id in helper_params.get(id(call), ()):
                continue  # inside a helper: its callers are checked
            out.append((place, call, arg, tree))
    return out


SITES = _sites()


def _module_dict(tree: ast.Module, name: str) -> list[ast.expr] | None:
    """The values of the module-level dict literal `name = {...}`, or None."""
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id == name for t in targets) and isinstance(node.value, ast.Dict):
            return list(node.value.values)
    return None


def _keys(arg: ast.expr, tree: ast.Module) -> list[str] | None:
    """The keys a key argument can be: a literal, either branch of `a if c else b`, the values of a
    module-level table (`_FORMATS[n]`), or every key an f-string can make (`f"dx_{name}"`); None: not known."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return [arg.value]
    if isinstance(arg, ast.IfExp):
        a, b = _keys(arg.body, tree), _keys(arg.orelse, tree)
        return None if a is None or b is None else a + b
    if isinstance(arg, ast.Subscript) and isinstance(arg.value, ast.Name):
        values = _module_dict(tree, arg.value.id)
        if values is None:
            return None
        keys = [_keys(v, tree) for v in values]
        return None if any(k is None for k in keys) else [x for k in keys for x in k]
    if isinstance(arg, ast.JoinedStr):
        pattern = "".join(re.escape(v.value) if isinstance(v, ast.Constant) else ".+" for v in arg.values)
        found = [k for k in EN if re.fullmatch(pattern, k)]
        return found or ["<no key matches f-string " + pattern + ">"]
    return None


def test_the_static_check_sees_the_engine():
    assert len(SITES) > 300
    assert {"_bad", "fail", "_no_pairing"} <= set(HELPERS)
    assert {"UnknownTieBreak"} <= ERROR_CLASSES


def test_every_message_is_made_from_keys_of_the_catalog():
    bad = []
    for place, call, arg, tree in SITES:
        if arg is None:
            bad.append(f"{place}: no message")
            continue
        if isinstance(arg, ast.Attribute) and arg.attr == "msg":
            continue  # another error's message, wrapped (its own raise is checked)
        keys = _keys(arg, tree)
        if keys is None:
            bad.append(f"{place}: {ast.unparse(arg)[:70]} is not a key of the catalog written out")
            continue
        bad += [f"{place}: {k!r} is not in the catalog (core/msg/ru.py)" for k in keys if k not in RU]
    assert not bad, "messages are made from keys of the catalog and named fields:\n" + "\n".join(bad)


def _tui_sites() -> list[tuple[str, ast.Call, ast.expr]]:
    """Errors and messages made in tui/ with fields: (place, call, key argument)."""
    trees = [(path, ast.parse(path.read_text(encoding="utf-8"))) for path in sorted((ROOT / "tui").rglob("*.py"))]
    classes = set(ERROR_CLASSES)
    for _, tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and {_name(b) for b in node.bases} & classes:
                classes.add(node.name)
    out = []
    for path, tree in trees:
        for call in ast.walk(tree):
            if isinstance(call, ast.Call) and call.keywords and (_name(call.func) in classes | {"Msg"}):
                i = 2 if _name(call.func) in FILE_LIKE else 0
                if len(call.args) > i:
                    out.append((f"{path.relative_to(ROOT)}:{call.lineno}", call, call.args[i]))
    return out


def test_an_error_the_tui_makes_with_fields_is_a_message_of_the_catalog():
    """The command line's and the TUI's own errors: plain English text (the contract), or a key with fields."""
    bad = []
    for place, call, arg in _tui_sites():
        if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
            bad.append(f"{place}: {ast.unparse(arg)[:70]}: a literal key, or plain text without fields")
        elif arg.value not in RU:
            bad.append(f"{place}: {arg.value!r} is not in the catalog (core/msg/ru.py)")
        elif {k.arg for k in call.keywords} != fields_of(EN[arg.value]):
            bad.append(f"{place}: {arg.value!r} given {sorted(k.arg for k in call.keywords)}")
    assert not bad, "\n".join(bad)


def test_the_error_classes_and_the_message_type_are_not_renamed_on_import():
    """`from .errors import IllegalChange as IC` would hide messages from the checks above."""
    bad = []
    for path, tree in MODULES:
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith(("errors", "msg")):
                bad += [f"{path.name}: {a.name} as {a.asname}" for a in node.names if a.asname]
    assert not bad, bad


def test_every_call_gives_exactly_the_fields_of_its_key():
    bad = []
    for place, call, arg, tree in SITES:
        if arg is None or isinstance(arg, ast.JoinedStr):
            continue  # a key made at run time: Msg checks its fields when it is made
        keys = _keys(arg, tree)
        if not keys or any(k not in EN for k in keys):
            continue
        if any(k.arg is None for k in call.keywords):
            continue  # **params: passed on
        given = {k.arg for k in call.keywords} - {"advice"}  # what to do: data beside the message (core/errors.py)
        if _name(call.func) in ("NoLegalPairing", "_no_pairing"):
            given -= {"players", "reasons"}
        if _name(call.func) == "describe":
            continue  # the journal's helper takes the fields its template has (tests/core/test_journal_text.py)
        for key in keys:
            if given != fields_of(EN[key]):
                bad.append(f"{place}: {key!r} given {sorted(given)}")
    assert not bad, "\n".join(bad)


def _literals() -> set[str]:
    """Every string written in core/ and tui/ (but the catalog), and the f-strings as patterns."""
    out = set()
    skip = {CORE / "msg" / "ru.py", CORE / "msg" / "en.py"}
    for path in sorted(CORE.rglob("*.py")) + sorted((ROOT / "tui").rglob("*.py")):
        if path in skip:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                out.add(node.value)
            elif isinstance(node, ast.JoinedStr):
                out.add("re:" + "".join(re.escape(v.value) if isinstance(v, ast.Constant) else ".+"
                                        for v in node.values))
    return out


def test_the_catalog_has_nothing_stale():
    literals = _literals()
    patterns = [re.compile(x[3:]) for x in literals if x.startswith("re:")]
    stale = [k for k in RU if k not in literals and not k.startswith("tb_")  # tb_: said by i18n.phrase
             and not any(p.fullmatch(k) for p in patterns)]
    assert not stale, "keys no longer used anywhere in core/ or tui/:\n" + "\n".join(map(repr, stale))


# -- the catalog --------------------------------------------------------------------------------


def _dict_keys(path: Path, name: str) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", None) == name:
            return [k.value for k in node.value.keys]
    raise AssertionError(f"no {name} in {path}")


def test_no_key_is_written_twice_in_the_catalog():
    """A dict literal keeps the last of two equal keys: the first Russian would be lost without a word."""
    for path, name in ((CORE / "msg" / "ru.py", "RU"), (CORE / "msg" / "en.py", "EN"), (CORE / "msg" / "ru.py", "WORDS")):
        keys = _dict_keys(path, name)
        twice = sorted({k for k in keys if keys.count(k) > 1})
        assert not twice, (path.name, twice)


def test_both_languages_have_the_same_keys():
    from arbiter_tournament.core.msg.en import EN as NAMED

    assert set(EN) == set(RU)
    assert set(NAMED) <= set(RU), sorted(set(NAMED) - set(RU))
    unnamed = [k for k in RU if NAME.fullmatch(k) and k not in NAMED]
    assert not unnamed, f"a named key needs its English in core/msg/en.py: {unnamed}"


def _sample(key: str) -> dict:
    """A value for every field of `key`: a word where a Russian template asks for one of its forms."""
    specs = {f: spec for _, f, spec, _ in __import__("string").Formatter().parse(RU[key]) if f}
    counts = msg.plural_fields(RU[key]) | msg.plural_fields(EN[key])  # a count: a number (test_plurals.py)
    return {f: (3 if f in counts else word("swiss") if specs.get(f) else f"<{f}>") for f in fields_of(EN[key])}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_key_renders_in_both_languages_with_its_fields(lang):
    bad = []
    for key in RU:
        sample = _sample(key)
        if fields_of(EN[key]) != fields_of(RU[key]):
            bad.append(f"{key!r}: English fields {sorted(fields_of(EN[key]))}, Russian {sorted(fields_of(RU[key]))}")
            continue
        m = Msg(key, **sample)
        said = m.text(lang)
        plain = {f: (v.text(lang, "gen") if isinstance(v, msg.Word) else v) for f, v in sample.items()}
        template = EN[key] if lang == "en" else re.sub(r"\{(\w+):[a-z]+\}", r"{\1}", RU[key])
        if said != msg.fill(template, lang, **plain):
            bad.append(f"{key!r} in {lang}: {said!r}")
        for f, v in sample.items():
            if not isinstance(v, msg.Word) and str(v) not in said:
                bad.append(f"{key!r} in {lang}: the field {f} is not shown")
    assert not bad, "\n".join(bad)
    assert len(RU) > 700


# what a Russian text may keep in Latin letters: what a judge types (options, commands, file keys and
# values, quoted), codes (TRF, CSV, PAB, B.02) and these values of the file or the command line
TYPED = {"half", "zero", "full", "none", "true", "false", "schema", "rating", "white", "black", "draw", "win",
         "fide", "legacy", "text", "csv", "json", "MPvGP", "Rooks", "Knights", "berger", "teams", "rank", "won",
         "lots", "pid"}


def _latin(russian: str) -> list[str]:
    t = re.sub(r"\{[^{}]*\}", " ", russian)
    t = re.sub(r"'[^']*'|\"[^\"]*\"|\[[^\]]*\]", " ", t)  # quoted: what the user typed, a key, a value
    t = re.sub(r"--[a-z][\w-]*|\b\w+_\w+\b", " ", t)  # an option, a key of the file
    t = re.sub(r"\b[a-z][\w-]* (?=\([^)]*[а-яё])", " ", t)  # a value to type, said in Russian after it: top (топ)
    t = re.sub(r"\barbiter [^;,)]*", " ", t)  # a command to type
    t = re.sub(r"\b[A-Z][A-Z0-9.-]+\b", " ", t)  # codes
    return [w for w in re.findall(r"[A-Za-z]{3,}", t) if w not in TYPED]


def test_the_russian_catalog_is_russian():
    """Exact: every Russian template is Russian but what a judge types; a message has no other Russian."""
    bad = []
    for key, ru in RU.items():
        if _latin(ru):
            bad.append(f"{key!r}: {_latin(ru)} in {ru!r}")
        literal = "".join(t for t, *_ in __import__("string").Formatter().parse(EN[key]))
        if re.search(r"\b(?![A-Z]+\b)[A-Za-z]{3,}\b", literal) and not CYRILLIC.search(ru):
            bad.append(f"{key!r}: the Russian has no Russian in it: {ru!r}")
        if (EN[key][:1] == " ") != (ru[:1] == " ") or (EN[key][-1:] == " ") != (ru[-1:] == " "):
            bad.append(f"{key!r}: a piece glued to a sentence keeps its spaces: {ru!r}")
    assert not bad, "\n".join(bad)
    used = {w for ru in RU.values() for w in re.findall(r"[A-Za-z]{3,}", ru)}
    assert TYPED <= used, f"no longer needed in TYPED: {sorted(TYPED - used)}"


def test_every_word_passed_as_a_field_is_translated():
    literal = set()
    for _, tree in MODULES:
        for call in ast.walk(tree):
            if isinstance(call, ast.Call) and _name(call.func) == "word" and call.args:
                if isinstance(call.args[0], ast.Constant):
                    literal.add(call.args[0].value)
    from arbiter_tournament.core.store.codec import STAGES

    needed = literal | set(STAGES) | {"swiss", "roundrobin", "top", "playoff", "first", "second", "white", "black",
                                      "rating", "table"}
    bad = [w for w in sorted(needed) if not CYRILLIC.search(WORDS.get(w, {}).get("ru", ""))]
    assert not bad, "add to core/msg/ru.WORDS: " + ", ".join(bad)
    for w, forms in WORDS.items():
        assert all(CYRILLIC.search(v) for v in forms.values()), w


def test_every_grammatical_form_a_template_asks_for_exists_for_every_stage():
    from arbiter_tournament.core.store.codec import STAGES

    specs = {spec for t in RU.values() for _, f, spec, _ in __import__("string").Formatter().parse(t)
             if f == "stage" and spec}
    assert specs, "the Russian templates use the genitive of stages"
    for spec in specs:
        for stage in STAGES:
            assert f"ru:{spec}" in WORDS[stage], (stage, spec)


# -- the message type ---------------------------------------------------------------------------


def test_a_message_without_a_key_of_the_catalog_cannot_be_made():
    with pytest.raises(UnknownMessage):
        Msg("a text nobody wrote in the catalog")
    with pytest.raises(UnknownMessage):
        Msg("no player with id {pid}")  # a field missing
    with pytest.raises(UnknownMessage):
        Msg("no player with id {pid}", pid=3, board=1)  # a field too many
    with pytest.raises(UnknownMessage):
        IllegalChange("no player {nobody} with {this} template", nobody=1, this=2)  # fields: a template, not text
    with pytest.raises(UnknownMessage):
        Msg("no {stage} round has been paired yet", stage="swiss")  # the Russian says its genitive: a word
    assert Msg("no {stage} round has been paired yet", stage=word("top")).text("ru") == \
        "ещё не было жеребьёвки ни одного тура топа"


def test_msg_is_its_english_text_and_says_itself_in_russian():
    m = Msg("round {rnd}", rnd=3)
    assert m == "round 3" and str(m) == "round 3" and isinstance(m, str)
    assert m.text("ru") == RU["round {rnd}"].format(rnd=3) == render(m, "ru")
    assert m.key == "round {rnd}" and m.fields == {"rnd": 3}
    assert errors.word("swiss").text("ru") == WORDS["swiss"]["ru"]
    assert render(None, "ru") == "" and render(7, "ru") == "7" and render("Ann", "ru") == "Ann"
    named = Msg("round_n", n=4)
    assert named == "Round 4" and named.text("ru") == "Тур 4"


def test_joined_says_every_part_in_the_language_and_leaves_out_empty_ones():
    j = joined([Msg("no result"), "1-0", None, "", word("swiss")], "; ")
    assert j == "no result; 1-0; swiss"
    assert j.text("ru") == "без результата; 1-0; швейцарская система"
    assert isinstance(j, Msg)


def test_text_from_outside_is_shown_as_it_is():
    assert verbatim("No such file or directory").text("ru") == "No such file or directory"
    assert message(ValueError("plain"), "ru") == "plain"
    assert message(KeyError(3), "en") == "3"
    # the command line's own usage errors (tui/cli.py) are English text, not templates of the catalog
    err = IllegalChange("--width 0: at least 1 column {like this}")
    assert str(err) == err.text("ru") == "--width 0: at least 1 column {like this}"


def test_a_message_and_its_fields_go_to_data_and_back():
    inner = Msg("{stage} round {number}", stage=word("top"), number=2)
    m = Msg("cannot undo '{what}': {unit} was changed since{by}", what=joined([Msg("no result"), "1-0"], "; "),
            unit=inner, by=Msg(" by {user} ({what})", user="anna", what=verbatim("x")))
    data = to_data(m)
    import json

    back = from_data(json.loads(json.dumps(data)))
    assert back == m and back.text("ru") == m.text("ru") and type(back) is Msg
    assert data["fields"]["unit"] == {"key": "{stage} round {number}", "fields": {"stage": {"word": "top"}, "number": 2}}
    with pytest.raises(ValueError):
        from_data({"key": "a key of a newer arbiter", "fields": {}})
    with pytest.raises(ValueError):
        from_data({"what": 1})


def test_an_error_keeps_its_message():
    e = event_with_players(4)
    with pytest.raises(IllegalChange) as err:
        e.player(99)
    assert err.value.msg == Msg("no player with id {pid}", pid=99)
    assert (err.value.template, err.value.params) == ("no player with id {pid}", {"pid": 99})
    wrapped = IllegalChange.from_error(ValueError(Msg("a play-off needs at least two tied players")))
    assert wrapped.text("ru") == RU["a play-off needs at least two tied players"]
    assert IllegalChange.from_error(ValueError("a library's text")).text("ru") == "a library's text"


# -- real errors --------------------------------------------------------------------------------

ENGLISH_WORDS = re.compile(r"\b(the|round|player|players|board|table|swiss|top|first|second|white|black|result|"
                           r"not|is|has|of|and|or|no|bye|match|team|can|meet|eligible)\b")


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
    from arbiter_tournament.core.pairing.rounds import pair_next

    with pytest.raises(NoLegalPairing) as err:
        pair_next(e)
    exc = err.value
    en = said(exc)  # the command line's words: the message, then its options
    assert en.startswith("no legal pairing for round 2: ")  # the round said once
    assert "Options: pair with the fewest rematches (arbiter pair FILE --fewest-rematches" in en
    assert "pair by hand" in en
    assert set(exc.players) == {1, 2}
    assert all(isinstance(why, Msg) and why.startswith("can meet 0 of the other 1") for why in exc.reasons.values())
    ru = tui_message(exc, "ru")  # the TUI's: its keys, never an option
    assert "Player 0001 (1)" in ru and "Что можно сделать: жеребьёвка с наименьшим числом повторных встреч (p, " in ru
    assert "--" not in ru and "arbiter" not in ru
    _russian(ru)
    for why in exc.reasons_text("ru").values():
        _russian(why)


def _three_players_forbidden():
    """Three players, a 1-0 in round 1, `forbid 3 1`, `forbid 3 2` (issue 14): nobody can be paired."""
    e = commands.new_event("Three", 3, lots_seed=7)
    for name in ("Ann", "Bob", "Cid"):
        e = commands.add_player(e, name)
    e = with_round(e, 1, [(1, 2), (3, None)], ["1-0", None])
    e = commands.forbid_pair(e, 3, 1)
    return commands.forbid_pair(e, 3, 2)


def test_three_players_who_cannot_be_paired_are_named_with_why_in_words():
    from arbiter_tournament.core.pairing.rounds import pair_next

    with pytest.raises(NoLegalPairing) as err:
        pair_next(_three_players_forbidden())
    exc = err.value
    en, ru = str(exc), exc.text("ru")
    assert set(exc.players) == {1, 2, 3}
    assert "Cid (3): can meet 0 of the other 2 players to pair (earlier games, forbidden pairs), not eligible for " \
           "the bye (already had a PAB or a win without playing); " in en
    assert "Ann (1): can meet 0 of the other 2 players to pair" in en and "Bob (2): can meet 0 of the other 2" in en
    assert "Cid (3): может встретиться лишь с 0 из 2 других участников жеребьёвки (уже сыгранные партии, " \
           "запрещённые пары), не может получить бай (уже был бай или победа без игры); " in ru
    assert "Ann (1): может встретиться" in ru and "Bob (2): может встретиться" in ru
    for text in (en, ru):
        assert "('" not in text and "{" not in text and "sep" not in text and "items" not in text
    _russian(ru.replace("Ann", "").replace("Bob", "").replace("Cid", ""))
    assert exc.reasons_text("ru")[3].startswith("может встретиться лишь с 0 из 2")


def test_three_players_who_cannot_be_paired_through_arbiter_pair(tmp_path):
    from arbiter_tournament.core.store import create

    path = tmp_path / "three.toml"
    create(path, _three_players_forbidden())
    from tests.cli_run import run

    code, out, err = run("pair", path)
    assert code == 1, err
    line = err.strip()
    assert "\n" not in line and line.startswith("arbiter: no legal pairing for round 2: ")
    assert "Cid (3): can meet 0 of the other 2 players to pair (earlier games, forbidden pairs), not eligible for " \
           "the bye (already had a PAB or a win without playing); " in line
    assert "Ann (1): can meet 0 of the other 2 players" in line and "Bob (2): can meet 0 of the other 2" in line
    assert "('" not in line and "'sep'" not in line


def test_a_result_over_another_says_who_entered_it_in_both_languages():
    e = event_with_players(2, rounds=3)
    e = with_round(e, 1, [(1, 2)], [None])
    e = commands.record_result(e, "swiss", None, 1, 1, Result.parse("1-0"), by="anna")
    with pytest.raises(IllegalChange) as err:
        commands.record_result(e, "swiss", None, 1, 1, Result.parse("0-1"), by="boris")
    assert said(err.value) == "board 1 of round 1 already has 1-0 by anna; use --force to replace it"
    ru = err.value.text("ru")
    assert ru.endswith("1-0 (внёс anna)") and tui_message(err.value, "ru") == ru  # the TUI asks before forcing
    _russian(ru.replace("anna", ""))
    with pytest.raises(IllegalChange) as err:
        commands.record_result(e, "swiss", None, 1, 1, Result.parse("0-1"), by="boris", expected=None)
    assert said(err.value) == ("board 1 changed since you read it: you saw no result, it is now 1-0 (entered by anna); "
                               "use --force to overwrite")
    assert err.value.text("ru").endswith("было: без результата, теперь: 1-0 (внёс anna)")


def test_a_message_given_another_field_is_still_checked():
    m = Msg("no player with id {pid}", pid=7)
    assert m.but(pid="Anna (7)") == "no player with id Anna (7)" and m.but(pid=8).key == m.key
    assert m.but(pid="Anna (7)").text("ru") == Msg("no player with id {pid}", pid="Anna (7)").text("ru")
    with pytest.raises(UnknownMessage):
        m.but(name="Anna")
