"""The journal's descriptions: messages of the catalog (core/msg/journal.py), shown in the judge's language.

Every description the code can produce is a message made from a template of
`TEMPLATES`; its English is what the journal always stored, and it is
Russian but for its data (numbers, names, file names, results like 1-0). The
journal stores its key and fields too (`stored`, `restored`); a journal
written before has only the English, which the old path
(core/msg/journal_legacy.py) matches back to its template and says in Russian
exactly as the message would.
"""

from __future__ import annotations

import ast
import re
import shutil
from string import Formatter

import pytest

from arbiter_tournament.core.msg import journal_legacy as legacy
from arbiter_tournament.core.msg import journal as jt
from arbiter_tournament.core.pairing import rounds as pairing, preview
from arbiter_tournament.core.event.model import STAGES
from arbiter_tournament.core.msg import RU, Msg
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import EventFile, create
from tests.conftest import ROOT
from tests.helpers import event_with_players

LATIN = re.compile(r"[A-Za-z]")


def fields_of(template: str) -> set[str]:
    return {f for _, f, _, _ in Formatter().parse(template) if f is not None}


def sample(field: str, stage: str = "swiss") -> str:
    """A value for a field; data fields get values with Latin letters, to show they are kept as they are."""
    return {
        "stage": stage, "round": "4", "board": "12", "table": "2", "pid": "17", "a": "3", "b": "9", "n": "12", "match": "2",
        "minutes": "45", "moves": "61", "rounds": "2, 3", "boards": "1, 5", "result": "=t", "name": "Kim (Seoul)",
        "file": "players.csv", "club": "Club Nord", "team": "Team A", "other": "Team B", "pair": "3,7",
        "what": "result top round 2 board 1: 1-0a",
        "changes": "swap colours on board 1; exchange players 3 and 7; bye by hand for player 12",
        "players": "4, 9", "parts": "3:2", "draws": "10-11: 8, 10; 20-22: 4, 9, 3",
    }[field]


def data_of(fields: dict[str, str]) -> list[str]:
    """The data values of a description's fields, and of the descriptions inside it."""
    out = []
    for name, value in fields.items():
        if name not in jt.TRANSLATED_FIELDS:
            out.append(value)
        elif name in ("what", "changes"):
            for inner in value.split("; "):
                found = legacy.match(inner)
                assert found is not None, inner
                out += data_of(found[1])
    return out


def russian_but_data(shown: str, fields: dict[str, str]) -> bool:
    """Russian words only, once the data (names, numbers, results like 1-0) are taken out."""
    rest = shown
    for value in sorted(data_of(fields), key=len, reverse=True):
        rest = rest.replace(value, " ")
    return not LATIN.search(rest) and re.search("[а-яё]", rest) is not None


def every_description() -> list[tuple[str, str, dict[str, str]]]:
    """(template, English description, fields) for every template of the catalog, each stage for `stage`."""
    out = []
    for en in jt.TEMPLATES:
        names = fields_of(en)
        for stage in (STAGES if "stage" in names else ("swiss",)):
            fields = {f: sample(f, stage) for f in names}
            out.append((en, jt.describe(en, **fields), fields))
    return out


# -- the catalog ---------------------------------------------------------------------------------


def test_every_template_has_russian_with_the_same_fields():
    assert len(set(jt.TEMPLATES)) == len(jt.TEMPLATES) > 40
    for en in jt.TEMPLATES:
        ru = RU[en]
        assert fields_of(en) == fields_of(ru), en
        assert not LATIN.search(re.sub(r"\{[^}]*\}", "", ru)), ru
        assert set(fields_of(en)) - set(legacy.FIELDS) - jt.TRANSLATED_FIELDS <= {"result", "name", "file", "club",
                                                                               "team", "other", "pair", "players",
                                                                               "parts", "draws"}, en


@pytest.mark.parametrize("en, what, fields", every_description(), ids=lambda x: x if isinstance(x, str) else "")
def test_every_description_is_said_in_russian_and_an_old_line_just_the_same(en, what, fields):
    assert isinstance(what, Msg) and what.key == en
    shown = jt.translate(what, "ru")
    assert russian_but_data(shown, fields), shown
    assert jt.translate(what, "en") == what
    # a journal written before has only the English: matched back to its template, said the same
    old = str(what)
    assert type(old) is str and legacy.match(old) == (en, fields)
    assert jt.translate(old, "ru") == shown and jt.translate(old, "en") == old


def test_nested_descriptions_are_translated_too():
    what = jt.describe("undo {what}", what=jt.pair_what([2], 1, ("swap colours on board 1", "exchange players 3 and 7")))
    assert jt.translate(what, "ru") == ("отмена: жеребьёвка тура 2, стол 1 (вручную: смена цвета на доске 1; "
                                        "обмен участников 3 и 7 местами)")
    assert jt.translate("result top round 2 board 1: 1-0a", "ru") == "результат: топ, тур 2, доска 1: 1-0a"
    assert jt.translate("redo result swiss round 4 table 1 board 3: cleared", "ru") == \
        "возврат: результат стёрт: швейцарская система, тур 4, стол 1, доска 3"


@pytest.mark.parametrize("what", [
    "", "something a judge's script wrote", "result swiss round four board 1: 1-0", "pair round x",
    "result chess round 1 board 1: 1-0", "undo something unknown", "start the top!",
])
def test_an_unknown_description_comes_back_unchanged(what):
    assert jt.translate(what, "ru") == what


def test_undo_of_an_unknown_description_keeps_it():
    assert jt.translate("undo something unknown", "ru") == "undo something unknown"  # never half translated
    assert jt.translate("undo start the top", "ru") == "отмена: начало топа"


def test_the_helpers_make_every_variant_from_the_catalog():
    variants = [
        jt.result_what("swiss", 4, None, 1, Result.FIRST_WINS), jt.result_what("swiss", 4, 2, 1, Result.DRAW),
        jt.result_what("top", 1, None, 1, None), jt.result_what("swiss", 4, 2, 1, None),
        jt.clock_what("swiss", 3, None), jt.clock_what("swiss", 3, 2),
        jt.pair_what([]), jt.pair_what([], 2), jt.pair_what([3]), jt.pair_what([3], 2),
        jt.pair_what([3], None, ("swap colours on board 1",)), jt.pair_what([3], 2, ("swap colours on board 1",)),
        jt.pair_what([], None, ("swap colours on board 1",)), jt.pair_what([], 2, ("swap colours on board 1",)),
        jt.pair_what([], None, rematch="3,7"), jt.pair_what([], 2, rematch="3,7"),
    ] + [jt.bye_what(kind, 5, 3) for kind in ("half", "zero", "full", "none")]
    for what in variants:
        assert isinstance(what, Msg) and legacy.match(what) is not None, what
        assert not LATIN.search(re.sub(r"1-0|1/2|=t|3,7", "", jt.translate(what, "ru"))), what
    assert variants[0] == "result swiss round 4 board 1: 1-0"  # as the journal always had it
    assert variants[3] == "result swiss round 4 table 2 board 1: cleared"
    assert variants[11] == "pair round 3 of table 2 (by hand: swap colours on board 1)"


# -- the producers make their descriptions from the catalog -----------------------------------------

PRODUCERS = sorted((ROOT / "core" / "commands").rglob("*.py")) + [ROOT / "core" / "pairing" / "preview.py"] + sorted(
    (ROOT / "tui").rglob("*.py"))  # the commands make the descriptions; the shells none (tests/core/test_commands.py)
# calls whose description argument goes to the journal: name -> index of that argument
JOURNALLED = {"apply": 1, "change": 1, "_manual": 2, "_changed": 3}


def test_no_description_is_written_by_hand():
    """No call that journals passes a literal or an f-string: it comes from `describe` or a helper."""
    found = []
    for path in PRODUCERS:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name == "describe" and isinstance(node.func, ast.Name):  # (not a command's describe(event))
                arg = node.args[0]
                literals = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]
                for lit in literals:
                    assert isinstance(lit, ast.Constant) and lit.value in jt.TEMPLATES, f"{path}:{node.lineno}"
                    found.append(lit.value)
            i = JOURNALLED.get(name)
            if i is None or len(node.args) <= i:
                continue
            arg = node.args[i]
            if path.name == "preview.py" and path.parent.name == "screens" and name == "change":
                continue  # the preview screen's own change: its argument is a message, nothing is journalled
            assert not isinstance(arg, (ast.Constant, ast.JoinedStr, ast.BinOp)), f"{path}:{node.lineno}"
    assert len(found) > 20


# -- the real flows: the CLI and the TUI journal, the TUI shows Russian ------------------------------


def cli(*args):
    """The command line in this process (tests/cli_run.py): (exit code, stdout, stderr)."""
    from tests.cli_run import run

    return run(*args)


def test_every_description_the_command_line_journals_is_translated(tmp_path):
    """Drive the command line through its changes; every journal line is Russian but its data."""
    ev = tmp_path / "ev.toml"
    csv = tmp_path / "players.csv"
    csv.write_text("name,rating,club\n" + "".join(f"Player {i},{2000 - i},Club {i % 3}\n" for i in range(1, 9)))
    steps = [
        ("new", ev, "--name", "Open", "--rounds", "3"),
        ("players", "import", ev, csv),
        ("players", "add", ev, "Late Comer", "--rating", "1500"),
        ("players", "bye", ev, "9", "1", "half"),
        ("players", "bye", ev, "9", "1", "none"),
        ("forbid", ev, "1", "2"),
        ("forbid", ev, "1", "2", "--remove"),
        ("forbid", ev, "--club", "Club 1"),
        ("pair", ev),
        ("swap", ev, "1"),
        ("exchange", ev, "1", "3"),
        ("unpair", ev),
        ("pair", ev, "--by-hand", "1-2,3-4,5-6,7-8,9-0"),
        ("result", ev, "1", "1-0"),
        ("undo", ev),
        ("redo", ev),
        ("players", "withdraw", ev, "9"),
    ]
    for step in steps:
        code, _out, err = cli(*step)
        assert code == 0, (step, err)
    entries = EventFile(ev).history()
    assert len(entries) == len(steps) - 1
    for entry in entries:
        shown = jt.translate(entry.what, "ru")
        found = legacy.match(entry.what)
        assert found is not None, entry.what
        assert russian_but_data(shown, found[1]), shown


def test_the_pairing_preview_describes_its_changes_from_the_catalog():
    e = pairing.pair_next(event_with_players(8, rounds=3))
    e = e.with_round(e.rounds[0].__class__(e.rounds[0].stage, 1, tuple(
        g.__class__(g.board, g.first, g.second, Result.DRAW) for g in e.rounds[0].games), None))
    p = preview.propose(e)
    p = preview.swap(p, 1)
    p = preview.exchange(p, 1, 3)
    what = p.what()
    assert isinstance(what, Msg) and legacy.match(what) is not None
    assert jt.translate(what, "ru").startswith("жеребьёвка тура 2 (вручную: смена цвета на доске 1; обмен участников")


# -- the journal file: the key and fields beside the English; old lines through the old path -------------


def _journal_file(path):
    from arbiter_tournament.core.store.files import journal_path

    return journal_path(path)


def test_the_journal_stores_the_key_and_fields_and_says_them_back(tmp_path):
    import json

    from tests.helpers import set_result, with_round

    path = tmp_path / "e.toml"
    create(path, with_round(event_with_players(4, rounds=3), 1, [(1, 2), (3, 4)]))
    ef = EventFile(path)
    ef.change(lambda e: set_result(e, 1, 1, "1-0"), jt.result_what("swiss", 1, None, 1, "1-0"))
    ef.change(lambda e: pairing.pair_next(set_result(e, 1, 2, "1/2")),
              jt.pair_what([2], None, (jt.describe("swap colours on board {board}", board=1),)))
    lines = [json.loads(x) for x in _journal_file(path).read_text().splitlines()]
    assert lines[0]["what"] == "result swiss round 1 board 1: 1-0"  # the English, as always
    assert lines[0]["msg"] == {"key": "result {stage} round {round} board {board}: {result}",
                               "fields": {"stage": {"word": "swiss"}, "round": 1, "board": 1, "result": "1-0"}}
    assert lines[1]["msg"]["fields"]["changes"] == {
        "joined": [{"key": "swap colours on board {board}", "fields": {"board": 1}}], "sep": "; "}
    first, second = EventFile(path).history()
    assert first.what == "result swiss round 1 board 1: 1-0" and isinstance(first.what, Msg)
    assert first.what.key == "result {stage} round {round} board {board}: {result}"
    assert jt.translate(first.what, "ru") == "результат: швейцарская система, тур 1, доска 1: 1-0"
    assert jt.translate(second.what, "ru") == "жеребьёвка тура 2 (вручную: смена цвета на доске 1)"
    # undo journals "undo <what>" as text for now (core/store): said through the old path, the same words
    EventFile(path).undo()
    undone = EventFile(path).history()[-1]
    assert undone.what == "undo pair round 2 (by hand: swap colours on board 1)"
    assert jt.translate(undone.what, "ru") == "отмена: жеребьёвка тура 2 (вручную: смена цвета на доске 1)"
    said = jt.undo_what("undo", second.what)  # what core/store can journal instead (`undo_what`)
    assert said == undone.what and said.text("ru") == jt.translate(undone.what, "ru")
    assert jt.stored(said)["fields"]["what"]["key"] == "pair round {rounds} (by hand: {changes})"


OLD_JOURNAL = [  # lines of a journal written before messages were stored: the English only
    '{"seq":1,"time":"2026-03-01T10:00:00+00:00","user":"anna","ssh":"","what":"add player Kim (Seoul)",'
    '"kind":"change","of":null,"changes":[]}',
    '{"seq":2,"time":"2026-03-01T10:01:00+00:00","user":"anna","ssh":"","what":"result swiss round 4 table 1 '
    'board 3: =t","kind":"change","of":null,"changes":[],"host":"venue","pending":0}',
    '{"seq":3,"time":"2026-03-01T10:02:00+00:00","user":"boris","ssh":"10.0.0.7","what":"undo result swiss '
    'round 4 table 1 board 3: =t","kind":"undo","of":2,"changes":[],"host":"venue","pending":0}',
    '{"seq":4,"time":"2026-03-01T10:03:00+00:00","user":"boris","ssh":"","what":"something a script wrote",'
    '"kind":"change","of":null,"changes":[],"host":"venue","pending":0}',
    '{"seq":5,"time":"2026-03-01T10:04:00+00:00","user":"boris","ssh":"","what":"start the top","kind":"change",'
    '"of":null,"changes":[],"msg":{"key":"a description of a newer arbiter","fields":{}},"host":"venue",'
    '"pending":0}',
]


def test_an_old_journal_still_shows_in_russian(tmp_path):
    path = tmp_path / "old.toml"
    create(path, event_with_players(4, rounds=3))
    _journal_file(path).write_text("\n".join(OLD_JOURNAL) + "\n", encoding="utf-8")
    shown = [jt.translate(e.what, "ru") for e in EventFile(path).history()]
    assert shown == [
        "новый участник: Kim (Seoul)",
        "результат: швейцарская система, тур 4, стол 1, доска 3: =t",
        "отмена: результат: швейцарская система, тур 4, стол 1, доска 3: =t",
        "something a script wrote",  # unknown: as it is
        "начало топа",  # a key this version does not know: its English, said the old way
    ]
    assert [e.what for e in EventFile(path).history()][0] == "add player Kim (Seoul)"


def test_the_old_path_is_for_old_lines_only():
    """A message made now never goes through the regular expressions; a plain string always does."""
    import arbiter_tournament.core.msg.journal_legacy as old

    calls = []
    real = old.match
    try:
        old.match = lambda what: calls.append(what) or real(what)  # type: ignore[assignment]
        what = jt.result_what("top", 2, None, 1, "1-0a")
        assert jt.translate(what, "ru") == "результат: топ, тур 2, доска 1: 1-0a" and calls == []
        assert jt.translate(str(what), "ru") == "результат: топ, тур 2, доска 1: 1-0a" and calls == [str(what)]
    finally:
        old.match = real


def test_an_undo_refused_names_the_change_in_the_judges_language(tmp_path):
    """`cannot undo '...'`: the stored English description inside the error is said in Russian too."""
    from arbiter_tournament.core.errors import Conflict
    from tests.helpers import set_result, with_round

    path = tmp_path / "e.toml"
    create(path, with_round(event_with_players(4, rounds=3), 1, [(1, 2), (3, 4)]))
    EventFile(path).change(lambda e: set_result(e, 1, 1, "1-0"), jt.result_what("swiss", 1, None, 1, "1-0"))
    # a judge fixes the file by hand in an editor: the journal did not see it
    text = path.read_text()
    assert text.count('result = "1-0"') == 1
    path.write_text(text.replace('result = "1-0"', 'result = "0-1"'))
    with pytest.raises(Conflict) as err:
        EventFile(path).undo()
    english, russian = str(err.value), err.value.text("ru")
    assert english.startswith("cannot undo 'result swiss round 1 board 1: 1-0'")
    assert "результат: швейцарская система, тур 1, доска 1: 1-0" in russian and "result" not in russian


# -- the TUI: the history and the undo / redo messages in Russian --------------------------------------


def test_history_and_undo_in_russian(tmp_path, monkeypatch):
    import asyncio
    import os

    from tests.tui.pilot import screen_text
    from arbiter_tournament.tui.app import ArbiterApp
    from arbiter_tournament.tui.screens.dialogs import TextScreen

    monkeypatch.setattr(os, "fsync", lambda fd: None)
    path = tmp_path / "demo.toml"
    shutil.copy(ROOT / "saves" / "demo.toml", path)

    async def run() -> None:
        app = ArbiterApp(path, user="judge1", lang="ru", poll_interval=0, presence=False)
        async with app.run_test(size=(120, 30)) as pilot:
            await pilot.pause()
            await pilot.press("1")
            await pilot.pause()
            await pilot.press("u")
            await pilot.pause()
            text = screen_text(app)
            assert "отменено: результат: швейцарская система, тур 4, стол 1, доска 1: 1-0" in text
            await pilot.press("U")
            await pilot.pause()
            assert "возвращено: результат: швейцарская система, тур 4" in screen_text(app)
            await pilot.press("h")
            await pilot.pause()
            assert isinstance(app.screen, TextScreen)
            text = screen_text(app)
            assert "возврат: результат: швейцарская система, тур 4, стол 1, доска 1: 1-0" in text
            assert "отмена: результат: швейцарская система" in text
            assert "result swiss" not in text and "undo" not in text
            await pilot.press("escape")
            await pilot.pause()

    asyncio.run(run())
    # the journal itself stays English
    assert [e.what for e in EventFile(path).history()][-3:] == [
        "result swiss round 4 table 1 board 1: 1-0", "undo result swiss round 4 table 1 board 1: 1-0",
        "redo result swiss round 4 table 1 board 1: 1-0"]


def test_a_pairing_changed_by_hand_in_the_russian_history(tmp_path, monkeypatch):
    """p, w (swap board 1), y in Russian: the journal has the English; the history and undo say it in Russian."""
    import asyncio
    import os
    from dataclasses import replace

    from tests.tui.pilot import screen_text
    from arbiter_tournament.tui.app import ArbiterApp
    from arbiter_tournament.tui.screens.dialogs import TextScreen

    monkeypatch.setattr(os, "fsync", lambda fd: None)
    path = tmp_path / "cup.toml"
    e = pairing.pair_next(event_with_players(8, rounds=3))
    rnd = e.rounds[-1]
    create(path, e.with_round(replace(rnd, games=tuple(replace(g, result=Result.DRAW) for g in rnd.games))))

    async def run() -> None:
        app = ArbiterApp(path, user="judge1", lang="ru", poll_interval=0, presence=False)
        async with app.run_test(size=(120, 30)) as pilot:
            await pilot.pause()
            await pilot.press("p")
            await pilot.pause()
            await pilot.press("w")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            await pilot.press("h")
            await pilot.pause()
            assert isinstance(app.screen, TextScreen)
            assert "жеребьёвка тура 2 (вручную: смена цвета на доске 1)" in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("u")
            await pilot.pause()
            assert "отменено: жеребьёвка тура 2 (вручную: смена цвета на доске 1)" in screen_text(app)

    asyncio.run(run())
    assert [x.what for x in EventFile(path).history()] == [
        "pair round 2 (by hand: swap colours on board 1)", "undo pair round 2 (by hand: swap colours on board 1)"]
