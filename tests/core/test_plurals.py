"""Plural forms (core/msg/plural.py): CLDR's categories, and every message that counts said right for
1, 2, 5, 11, 21, 22, 25 and 101 in English and Russian (the engine's catalog and the TUI's words)."""

from __future__ import annotations

import re
from fractions import Fraction
from string import Formatter

import pytest

from arbiter_tournament.core import msg
from arbiter_tournament.core.msg import EN, RU, Msg, fill, plural, plural_category
from arbiter_tournament.tui.i18n import T, points_word, tr

COUNTS = (1, 2, 5, 11, 21, 22, 25, 101)
# CLDR's categories, written out by hand (unicode.org "Language Plural Rules")
RU_CATEGORY = {0: "many", 1: "one", 2: "few", 3: "few", 4: "few", 5: "many", 11: "many", 12: "many", 14: "many",
               20: "many", 21: "one", 22: "few", 24: "few", 25: "many", 101: "one", 111: "many", 112: "many",
               122: "few", 1001: "one"}
EN_CATEGORY = {0: "other", 1: "one", 2: "other", 5: "other", 11: "other", 21: "other", 101: "other"}
ORDER = {"en": ("one", "other"), "ru": ("one", "few", "many", "other")}


def test_cldr_categories():
    for n, cat in RU_CATEGORY.items():
        assert plural_category(n, "ru") == cat, n
    for n, cat in EN_CATEGORY.items():
        assert plural_category(n, "en") == cat, n
    for frac in (Fraction(3, 2), "2.5", 0.5, "1,5"):
        assert plural_category(frac, "ru") == "other" and plural_category(frac, "en") == "other"
    # a fraction digit written makes it a fraction (CLDR's v > 0): "3.0 очка"; an exact whole Fraction is whole
    assert plural_category("3.0", "ru") == "other" and plural_category(Fraction(21), "ru") == "one"
    assert plural_category("3/20", "ru") == "other" and plural_category("2½", "en") == "other"


def test_plural_in_code_and_in_templates():
    forms = dict(one="тур", few="тура", many="туров")
    assert [plural(n, "ru", **forms) for n in COUNTS] == ["тур", "тура", "туров", "туров", "тур", "тура", "туров",
                                                          "тур"]
    assert plural(Fraction(5, 2), "ru", one="очко", few="очка", many="очков") == "очка"  # a fraction: other -> few
    assert [fill("{n} {n:plural:round|rounds}", "en", n=n) for n in (1, 2, 21)] == ["1 round", "2 rounds", "21 rounds"]
    assert fill("{n:plural:one=a|other=b}", "en", n=1) == "a"
    # the example: "на {n} участников" was wrong for 21 and 22
    said = [fill("на {n} {n:plural:участника|участника|участников}", "ru", n=n) for n in (1, 5, 21, 22, 25)]
    assert said == ["на 1 участника", "на 5 участников", "на 21 участника", "на 22 участника", "на 25 участников"]


def _forms(spec: str, lang: str) -> dict[str, str]:
    """The test's own reading of a `plural:` spec: positional in the order of the language's categories."""
    parts = spec[len("plural:"):].split("|")
    if all("=" in p for p in parts):
        return dict(p.split("=", 1) for p in parts)
    return dict(zip(ORDER[lang], parts))


def _expected(forms: dict[str, str], n: int, lang: str) -> str:
    cat = (RU_CATEGORY if lang == "ru" else EN_CATEGORY).get(n) or ("other" if lang == "en" else None)
    return forms[cat]


def _counting(template: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for _, f, spec, _ in Formatter().parse(template):
        if f and spec and spec.startswith("plural:"):
            out.setdefault(f, []).append(spec)
    return out


def _sample(fields, counts, n):
    return {f: (n if f in counts else msg.word("swiss") if f in ("stage",) else f"<{f}>") for f in fields}


CORE_COUNTING = sorted(k for k in RU if _counting(RU[k]) or _counting(EN[k]))
TUI_COUNTING = sorted(k for k, (en, ru) in T.items() if _counting(en) or _counting(ru))


def test_the_counting_messages_are_there():
    # the messages that count, in both catalogs (issue 38: "every message that counts")
    assert len(CORE_COUNTING) >= 40 and len(TUI_COUNTING) >= 12
    for key in ("round {number} still misses {missing} result(s): enter them before pairing", "prize_hort",
                "round {r} does not exist in a round robin of {n} players", "ex_player", "cat_members"):
        assert key in CORE_COUNTING, key


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("key", CORE_COUNTING)
def test_each_counting_message_of_the_engine(key, lang):
    template = EN[key] if lang == "en" else RU[key]
    counts = set(_counting(EN[key])) | set(_counting(RU[key]))
    fields = msg.fields_of(EN[key])
    specs = {f: spec for _, f, spec, _ in Formatter().parse(RU[key]) if f}
    for n in COUNTS:
        sample = {f: (n if f in counts else msg.word("swiss") if specs.get(f) else f"<{f}>") for f in fields}
        said = Msg(key, **sample).text(lang)
        for f, spec_list in _counting(template).items():
            for spec in spec_list:
                want = _expected(_forms(spec, lang), n, lang)
                assert want in said, (key, lang, n, said)
                # a count written just before its noun: the two together
                if f"{{{f}}} {{{f}:{spec}}}" in template:
                    assert f"{n} {want}" in said, (key, lang, n, said)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("key", TUI_COUNTING)
def test_each_counting_message_of_the_tui(key, lang):
    template = T[key][1 if lang == "ru" else 0]
    fields = msg.fields_of(T[key][0])
    counts = set(_counting(T[key][0])) | set(_counting(T[key][1]))
    for n in COUNTS:
        said = tr(lang, key, **{f: (n if f in counts else f"<{f}>") for f in fields})
        for f, spec_list in _counting(template).items():
            for spec in spec_list:
                want = _expected(_forms(spec, lang), n, lang)
                assert want in said, (key, lang, n, said)
                if f"{{{f}}} {{{f}:{spec}}}" in template:
                    assert f"{n} {want}" in said, (key, lang, n, said)


def test_sentences_written_out_by_hand():
    rr = "round {r} does not exist in a round robin of {n} players"
    assert Msg(rr, r=3, n=21).text("ru") == "в круговом турнире из 21 участника нет 3-го тура"
    assert Msg(rr, r=3, n=22).text("ru") == "в круговом турнире из 22 участников нет 3-го тура"
    assert str(Msg(rr, r=3, n=1)) == "round 3 does not exist in a round robin of 1 player"
    assert Msg("{n} players are too many: at most {most}", n=21, most=20).text("ru") == \
        "21 участник — слишком много: не больше 20"
    assert Msg("{n} players are too many: at most {most}", n=1002, most=1000).text("ru") == \
        "1002 участника — слишком много: не больше 1000"
    missing = "round {number} still misses {missing} result(s): enter them before pairing"
    assert str(Msg(missing, number=4, missing=1)) == "round 4 still misses 1 result: enter it before pairing"
    assert Msg(missing, number=4, missing=11).text("ru") == "в 4-м туре не хватает 11 результатов; внесите их до жеребьёвки"
    assert Msg("prize_hort", n=21).text("ru") == "система Хорта: 21 участник с равными очками"
    assert Msg("prize_shared", n=21).text("ru") == "делится между 21 участником"
    assert Msg("ex_player", id=3, name="", points="2.5", n=4, edition="x").text("ru").startswith(
        "Участник 3: 2.5 очка после 4-го тура")
    assert tr("ru", "seat_table", t=2, n=21) == "Стол 2: 21 участник"
    assert tr("ru", "clock_restart_q", t="5:00", m=1) == "Время идёт: осталось 5:00. Запустить 1 минуту заново с этого момента?"
    assert tr("en", "imported", n=1) == "imported 1 player"
    assert [points_word("ru", p) for p in ("1", "2", "5", "21", "2.5", "11")] == \
        ["очко", "очка", "очков", "очко", "очка", "очков"]


def test_no_message_dodges_a_plural_any_more():
    """The old ways round a plural ("участн.", "очк.", "раз(а)", "result(s)") are gone from what is said;
    what remains in parentheses names a list, not a count."""
    dodges = re.compile(r"участн\.|очк\.|раз\(а\)|\(ов\)")  # "получил(а)" is a gender, not a count
    assert not [k for k, v in RU.items() if dodges.search(v)]
    assert not [k for k, (en, ru) in T.items() if dodges.search(ru)]
    lists = {"team(s) {names} joined after the round robin started",
             "team(s) {names} can play round {k} but have no match: give each a match, or the bye (TEAM-0)",
             "score {score} adjusted: requested bye(s) at the end (16.2.5) in round(s) {rounds} count as draws (16.3)"}
    assert not [k for k in RU if "(s)" in EN[k] and k not in lists]
