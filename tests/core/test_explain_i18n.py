"""The engine's explanation texts in Russian, through the real flows.

`pairing.explain_round` / `warnings_for`, `standings.explain_text` /
`explain.render_explain`, `bracket_text.bracket_text`, `top.aims` and
`top.placings_text` take `lang`; with "ru" no Latin word is left but player
names, tie-break codes and numbers. English stays what it was: the other tests
check the English text, and here `lang="en"` equals the default. (The catalog
itself, every key in both languages, is checked by tests/core/test_messages_i18n.py.)
"""

from __future__ import annotations

import random
import re
import string
from dataclasses import replace
from pathlib import Path

import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.msg import i18n
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.tiebreaks import standings
from arbiter_tournament.core import store
from arbiter_tournament.core.knockout import stage as top
from arbiter_tournament.core.knockout.bracket_text import bracket_text
from arbiter_tournament.core.tiebreaks.explain import explain_player, render_explain
from arbiter_tournament.core.msg import EN, RU, Msg, render
from arbiter_tournament.core.event.records import Outcome, PlayerHistory, RoundRecord, Scoring
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.tiebreaks import Context
from tests.conftest import ROOT
from tests.helpers import event_with_players, tied_winners

DEMO = Path(ROOT) / "saves" / "demo.toml"
CODES = ["PTS", "DE", "WIN", "WON", "BPG", "BWG", "REP", "PS", "PS-C1", "BH", "BH-C1", "BH-C2", "BH-M1", "FB",
         "AOB", "SBH", "SB", "SB-C1", "KS", "KS-E", "KS-R", "ARO", "ARO-C1", "TPR", "TPR-400", "PTP", "APRO",
         "APPO", "QW", "STD", "RTNG", "TPN"]
_CODE = re.compile(r"\b(?:PTS|DE|WIN|WON|BPG|BWG|REP|PS|BH|FB|AOB|SBH|SB|KS|ARO|TPR|PTP|APRO|APPO|QW|STD|RTNG|TPN)"
                   r"(?:-(?:C\d+|M\d+|E|R|400))?\b")


def latin_words(text: str, names) -> list[str]:
    """Latin words of 3 letters or more, once player names and tie-break codes are taken out."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    namewords = {w for n in names for w in re.findall(r"[A-Za-z]+", n)}
    text = _CODE.sub(" ", text)
    # a name cut to fit a column ends with an ellipsis ("Kuznetsov, A…", ascii "Kuzne~")
    text = re.sub(r"[A-Za-z]+[…~]", " ", text)
    return [w for w in re.findall(r"[A-Za-z]{3,}", text) if w not in namewords]


def _finish_swiss(e):
    k = 0
    while True:
        for t in e.table_ids():
            for r in e.rounds_of("swiss", t):
                for g in r.games:
                    if g.result is None and g.second is not None:
                        k += 1
                        e = commands.record_result(e, "swiss", t, r.number, g.board,
                                                   Result.parse(["1-0", "0-1", "1/2", "1-0"][k % 4]))
        if top.swiss_finished(e):
            return e
        e = pairing.pair_next(e)


@pytest.fixture(scope="module")
def demo():
    return store.load(DEMO)


@pytest.fixture(scope="module")
def finished(demo):
    return _finish_swiss(demo)


def _names(e):
    return [p.name for p in e.players]


def test_every_key_made_at_run_time_is_in_the_catalog():
    # keys made at run time: f"bk_{decided_by}", f"ed_{edition}", f"dx_{strength}", f"dx_pref_not_met_{colour}"
    from arbiter_tournament.core.knockout.bracket_text import DECISION_MARKS

    for key in DECISION_MARKS:
        assert f"bk_{key}" in EN and f"bk_{key}" in RU
    for edition in ("fide2024", "fide2026", "legacy"):
        assert f"ed_{edition}" in RU
    from arbiter_tournament.core.swiss.colours import STRENGTH_NAME

    for name in STRENGTH_NAME.values():
        assert f"dx_{name}" in RU
    assert "dx_pref_not_met_w" in RU and "dx_pref_not_met_b" in RU


def test_every_tiebreak_label_is_a_message_with_russian():
    from arbiter_tournament.core.tiebreaks.unplayed import GAME, KIND_LABEL

    for label in [*KIND_LABEL.values(), GAME]:
        assert isinstance(label, Msg)
        assert not re.search(r"[A-Za-z]{3,}", label.text("ru")), label
        assert label.text("en") == str(label)


def test_a_tiebreak_remark_fills_its_numbers_in_russian():
    text = Msg("score {score} adjusted: requested bye(s) at the end (16.2.5) in round(s) {rounds} count as draws "
               "(16.3)", score="1.5", rounds="4, 5")
    ru = text.text("ru")
    assert "1.5" in ru and "4, 5" in ru and not latin_words(ru, [])
    assert str(text) == ("score 1.5 adjusted: requested bye(s) at the end (16.2.5) in round(s) 4, 5 count as draws "
                         "(16.3)")


def test_explain_round_and_warnings_in_russian(demo):
    names = _names(demo)
    for rnd in demo.rounds:
        en = pairing.explain_round(demo, rnd)
        assert pairing.explain_round(demo, rnd, lang="en") == en
        ru = pairing.explain_round(demo, rnd, lang="ru")
        assert ru.count("\n") == en.count("\n")
        assert "Почему составлены такие пары:" in ru
        assert not latin_words(ru, names), (rnd.number, rnd.table, latin_words(ru, names))
    assert "доска 1: " in ru and ("белые" in ru or "чёрные" in ru)


def test_hand_made_pairing_warnings_in_russian():
    rng = random.Random(4)
    e = event_with_players(7)
    for _ in range(3):
        e = pairing.pair_next(e)
        rnd = e.rounds[-1]
        e = e.with_round(replace(rnd, games=tuple(
            g if g.second is None else replace(g, result=rng.choice([Result.FIRST_WINS, Result.DRAW]))
            for g in rnd.games)))
    e = pairing.pair_next(e)
    k = e.rounds[-1].number
    first = e.rounds[0].games[0]
    byes = [g.first for r in e.rounds[:-1] for g in r.games if g.second is None]
    rest = [p.id for p in e.players if p.id not in (first.first, first.second, byes[0])]
    e2 = commands.unpair_round(e, "swiss", None, k)
    e2 = pairing.pair_by_hand(e2, "swiss", None, k, [(first.first, first.second), (rest[0], rest[1]),
                                                     (rest[2], rest[3]), (byes[0], None)])
    e3 = pairing.swap_colours(e, "swiss", None, k, 1)
    e4 = pairing.pair_by_hand(commands.unpair_round(e, "swiss", None, k), "swiss", None, k, [(rest[0], rest[1])])
    names = _names(e)
    seen = []
    for ev in (e2, e3, e4):
        rnd = ev.rounds[-1]
        en, ru = pairing.warnings_for(ev, rnd), pairing.warnings_for(ev, rnd, lang="ru")
        assert pairing.warnings_for(ev, rnd, lang="en") == en
        assert len(en) == len(ru)
        text = pairing.explain_round(ev, rnd, lang="ru")
        assert not latin_words(text + "\n".join(ru), names), latin_words(text, names)
        seen += ru
    joined = "\n".join(seen)
    assert "уже играли друг с другом" in joined
    assert "уже получал(а) бай" in joined
    assert "не получил(а) пары в этом туре" in joined
    assert "пара составлена или изменена судьёй" in pairing.explain_round(e2, e2.rounds[-1], lang="ru")


def test_round_robin_explanation_in_russian():
    rr = commands.new_event("RR", 5, system="roundrobin")
    for name in ("Ann", "Bob", "Cyd", "Dan", "Eve"):
        rr = commands.add_player(rr, name, rating=1500)
    rr = pairing.pair_next(rr)
    text = pairing.explain_round(rr, rr.rounds[-1], lang="ru")
    assert "таблиц Бергера" in text and not latin_words(text, _names(rr))


def test_standings_explain_in_russian(finished):
    names = _names(finished)
    for p in finished.players[:12]:
        en = standings.explain_text(finished, p.id, table=p.table)
        assert standings.explain_text(finished, p.id, table=p.table, lang="en") == en
        ru = standings.explain_text(finished, p.id, table=p.table, lang="ru")
        assert ru.count("\n") == en.count("\n")
        assert ru.startswith(f"Участник {p.id} ({p.name}): ")
        assert not latin_words(ru, names), latin_words(ru, names)


def _histories(seed: int):
    """A small Swiss-like history with every kind of round, for every tie-break."""
    rng = random.Random(seed)
    n, rounds = 10, 6
    recs = {i: [] for i in range(1, n + 1)}
    for r in range(rounds):
        ids = list(recs)
        rng.shuffle(ids)
        if r == rounds - 1:  # a requested bye at the end (16.2.5) and a forfeit
            recs[ids.pop()].append(RoundRecord(Outcome.HALF_BYE))
        else:
            recs[ids.pop()].append(RoundRecord(rng.choice([Outcome.PAB, Outcome.ZERO_BYE, Outcome.ABSENT])))
        for a, b in zip(ids[::2], ids[1::2]):
            kind = rng.random()
            if kind < 0.1:
                recs[a].append(RoundRecord(Outcome.FORFEIT_WIN, b, "w"))
                recs[b].append(RoundRecord(Outcome.FORFEIT_LOSS, a, "b"))
                continue
            x = rng.choice([Outcome.WIN, Outcome.DRAW, Outcome.LOSS])
            y = {Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN, Outcome.DRAW: Outcome.DRAW}[x]
            recs[a].append(RoundRecord(x, b, "w"))
            recs[b].append(RoundRecord(y, a, "b"))
    return [PlayerHistory(i, 1400 + 37 * i, f"Player {i}", tuple(rs)) for i, rs in recs.items()], rounds


@pytest.mark.parametrize("edition", ["fide2024", "fide2026", "legacy"])
@pytest.mark.parametrize("system", ["swiss", "roundrobin"])
def test_every_tiebreak_explained_in_russian(edition, system):
    hist, rounds = _histories(7)
    flag_sets = ({}, {"aro_divisor": "rounds", "koya_extension": "extend", "tpr_vur_gt2_last": True,
                      "ptp_perfect_score": "plus800", "apply_16_4_dummy": False, "tpn_descending": True},
                 {"koya_extension": "reduce", "dummy_cap_rounds": 3, "tpr_400_rule": True})
    for flags in flag_sets:
        for p in hist:
            ctx = Context.of(hist, scoring=Scoring(), rounds=rounds, edition=edition, system=system, flags=flags)
            e = explain_player(ctx, p.id, CODES)
            en = render_explain(e)
            assert render_explain(e, lang="en") == en
            ru = render_explain(e, lang="ru")
            assert ru.count("\n") == en.count("\n")
            assert not latin_words(ru.replace(f"Player {p.id}", ""), [h.name for h in hist]), \
                latin_words(ru, [h.name for h in hist])
    unrated = [replace(h, rating=0) if h.id == 1 else h for h in hist]
    ctx = Context.of(unrated, scoring=Scoring(), rounds=rounds, edition=edition, system=system)
    ru = render_explain(explain_player(ctx, 2, ["ARO", "TPR", "PTP", "APRO"]), lang="ru")
    assert "без рейтинга" in ru and not latin_words(ru, [h.name for h in hist])


def _top_events(finished):
    codes = ["1-0", "1/2", "0-1", "=t", "+-", "1-0a", "1/2", "1/2"]
    for third, games, size in ((True, 1, 16), (False, 2, 8), (True, 1, 12)):
        e = top.start_top(replace(finished, third_place=third), games_per_match=games, size=size)
        yield e
        i = 0
        while True:
            pending = [(r, g) for r in e.rounds_of("top") for g in r.games if g.result is None and g.second is not None]
            if not pending:
                break
            r, g = pending[0]
            e = top.record_top_result(e, r.number, g.board, Result.parse(codes[i % len(codes)]))
            i += 1
            if i % 3 == 0:
                yield e
        yield e


def test_bracket_aims_and_placings_in_russian(finished):
    names = {p.id: p.name for p in finished.players}
    said = []
    for e in _top_events(finished):
        b = top.bracket(e)
        for width, ascii in ((100, False), (72, False), (40, True)):
            en = bracket_text(b, names, width=width, ascii=ascii)
            assert bracket_text(b, names, width=width, ascii=ascii, lang="en") == en
            ru = bracket_text(b, names, width=width, ascii=ascii, lang="ru")
            assert not latin_words(ru, names.values()), latin_words(ru, names.values())
            said.append(ru)
        en = top.placings_text(e, b)
        assert top.placings_text(e, b, lang="en") == en
        ru = top.placings_text(e, b, lang="ru")
        assert not latin_words(ru, names.values())
        said.append(ru)
        aims = top.aims(e, lang="ru")
        assert len(aims) == len(top.aims(e))
        assert all(a.startswith("цель ") for a in aims)
        assert not latin_words("\n".join(aims), names.values())
    text = "\n".join(said)
    for word in ("Топ-16 с матчем за 3-е место", "финал", "полуфиналы (топ-4)", "четвертьфиналы (топ-8)", "(бай)",
                 "больше очков до топа", "победа в партии", "победа в матче", "Итоговые места", "3-е "):
        assert word in text, word


def test_words_are_the_glossary_words():
    t = i18n.words("ru")
    assert t("bk_final") == "финал" and t("bk_bye") == "бай" and t("dx_white") == "белые"
    assert t("bk_top_n", n=8) == "топ-8"
    assert set(string.ascii_letters) & set(t("px_title")) == set()


def test_knockout_reasons_and_aims_in_russian():
    from fractions import Fraction as F

    from arbiter_tournament.core import knockout as ko

    names = {1: "Ann", 2: "Bob", 3: "Cyd", 4: "Dan"}
    pts = {1: F(3), 2: F(3), 3: F(2), 4: F(2)}
    qw = {1: F(2), 2: F(2), 3: F(1), 4: F(1)}
    cfg = ko.TopConfig(games_per_match=1, higher_seed_first=True)
    level = ko.build_bracket([1, 2], {(1, 1): ["1/2"]}, cfg, points_before_top=pts, quality_of_wins=qw)
    assert level.rounds[0][0].decided_by == "second-mover"
    cfg3 = ko.TopConfig(games_per_match=3, higher_seed_first=True)
    early = ko.build_bracket([1, 2, 3, 4], {(1, 1): ["1-0", "0-1"]}, cfg3, points_before_top=pts, quality_of_wins=qw)
    assert early.rounds[0][0].reason == "2-0 on points"
    for b in (level, early):
        ru = bracket_text(b, names, lang="ru")
        assert not latin_words(ru, names.values()), latin_words(ru, names.values())
    assert "ходил(а) вторым" in bracket_text(level, names, lang="ru")
    reason = early.rounds[0][0].reason  # Match.reason, for a view that shows it: a message
    assert isinstance(reason, Msg) and render(reason, "ru") == "2-0 по очкам"
    said = []
    seeds = (ko.Seed(1, 1, 1, 1), ko.Seed(2, 2, 2, 1), ko.Seed(3, 3, 2, 2), ko.Seed(4, 4, 1, 2))
    for seeding in (seeds, (seeds[0], seeds[1], seeds[3], seeds[2]), seeds[:2], (ko.Seed(1, 1, 1, 1), ko.Seed(2, 2, 1, 2))):
        for aim in ko.aims_report(seeding).aims:
            assert isinstance(aim.text, Msg), aim.text
            assert not latin_words(aim.text.text("ru"), []), aim.text
            said.append(aim.text.key)
    assert len(set(said)) == 6  # every aim's every text (704.2)
    for decision in (ko.decide_drawn_game(1, 2, points_before_top=pts, quality_of_wins=qw),
                     ko.decide_drawn_game(1, 2, points_before_top={1: F(3), 2: F(3)}, quality_of_wins=qw),
                     ko.decide_drawn_game(3, 4, points_before_top={3: F(2), 4: F(2)}, quality_of_wins={3: 1, 4: 1})):
        assert isinstance(decision.reason, Msg) and not latin_words(decision.reason.text("ru"), [])


def test_top_rounds_are_explained_in_russian(finished):
    e = top.start_top(finished)
    text = pairing.explain_round(e, e.rounds_of("top")[0], lang="ru")
    assert "пары топа составлены по сетке" in text and not latin_words(text, _names(e))


def test_direct_encounter_of_several_games_and_no_game_in_russian():
    hist = [
        PlayerHistory(1, 1500, "Ann", (RoundRecord(Outcome.WIN, 2, "w"), RoundRecord(Outcome.LOSS, 2, "b"))),
        PlayerHistory(2, 1500, "Bob", (RoundRecord(Outcome.LOSS, 1, "b"), RoundRecord(Outcome.WIN, 1, "w"))),
        PlayerHistory(3, 1500, "Cyd", (RoundRecord(Outcome.PAB), RoundRecord(Outcome.ZERO_BYE))),
    ]
    ru = render_explain(explain_player(Context.of(hist, scoring=Scoring(), rounds=2, system="roundrobin"), 1, ["DE"]),
                        lang="ru")
    assert "среднее по 2 партиям" in ru and not latin_words(ru, ["Ann", "Bob"])
    ru = render_explain(explain_player(Context.of(hist, scoring=Scoring(), rounds=2), 3, ["TPR", "AOB", "APRO"]),
                        lang="ru")
    assert "нет партий, сыгранных за доской" in ru and not latin_words(ru, ["Cyd"])


def test_tree_layout_and_match_lines_in_russian(finished):
    from arbiter_tournament.core.knockout.bracket_text import decision_legend, match_lines, tree_layout

    names = {p.id: p.name for p in finished.players}
    for e in _top_events(finished):
        b = top.bracket(e)
        en = tree_layout(b, names, width=100)
        assert tree_layout(b, names, width=100, lang="en") == en
        ru = tree_layout(b, names, width=100, lang="ru")
        assert ru.slots == en.slots and len(ru.lines) == len(en.lines)
        assert not latin_words("\n".join(ru.lines), names.values())
        matches = [m for r in b.rounds for m in r] + ([b.third_place_match] if b.third_place_match else [])
        for m in matches:
            assert match_lines(b, m, names, lang="en") == match_lines(b, m, names)
            ru_lines = match_lines(b, m, names, lang="ru")
            assert not latin_words("\n".join(ru_lines), names.values()), ru_lines
    from arbiter_tournament.core.knockout.bracket_text import DECISION_MARKS

    assert decision_legend(DECISION_MARKS) == [f"{mk} = {txt} ({ref})" for mk, txt, ref in DECISION_MARKS.values()]
    assert not latin_words("\n".join(decision_legend(DECISION_MARKS, lang="ru")), [])


# -- the play-off, the printouts of the top and the play-off, the text views -----------------------


def playoff_events():
    """Every format of play-off (2 to 11 tied), played to the end on two runs of results; the event at every step."""
    from arbiter_tournament.core.playoff import stage as playoff_event

    for n in (2, 3, 4, 5, 6, 7, 8, 9, 10, 11):
        for codes in (["1/2", "1-0", "1/2", "0-1", "1/2"], ["1/2"]):
            e = playoff_event.start_playoff(tied_winners(n), list(range(1, n + 1)))
            k = 0
            while True:
                yield n, e
                rnds = e.rounds_of("playoff")
                pending = [g for g in rnds[-1].games if g.result is None] if rnds else []
                if playoff_event.progress(e).finished or not pending:
                    break
                k += 1
                moves = None if k == 3 else 20 + (7 * k) % 31  # one game without its moves: asked for
                e = playoff_event.record_playoff_result(e, rnds[-1].number, pending[0].board,
                                                        Result.parse(codes[k % len(codes)]), moves=moves)


def test_the_playoff_report_and_printout_in_russian():
    from arbiter_tournament.core.playoff import stage as playoff_event
    from arbiter_tournament.core.formats.exports import printout

    seen = set()
    for n, e in playoff_events():
        names = _names(e)
        en = playoff_event.report(e)
        assert playoff_event.report(e, "en") == en
        ru = playoff_event.report(e, "ru")
        assert ru.count("\n") == en.count("\n")
        assert ru.startswith("Плей-офф за первое место: ") and "Формат: " in ru
        rest = ru.replace("3+5", "")
        assert not latin_words(rest, names), (n, latin_words(rest, names))
        text = printout(replace(e, language="ru"), "playoff")
        assert not latin_words(text.replace("3+5", ""), names + [e.name]), (n, latin_words(text, names))
        assert printout(replace(e, language="en"), "playoff") == printout(e, "playoff", lang="en")
        st = playoff_event.progress(e)
        seen |= {m.key for m in st.log} | {st.needs.key if isinstance(st.needs, Msg) else None}
        for g in st.next_games:
            assert isinstance(g.stage, Msg) and not latin_words(g.stage.text("ru"), [])
    seen.discard(None)
    assert len(seen) >= 12, seen  # lots, mini-matches, Armageddons, round robins, groups, fewest moves, the winner


def test_the_bracket_printout_in_the_events_language(finished):
    from arbiter_tournament.core.formats.exports import printout

    e = top.start_top(finished)
    names = _names(e)
    ru = printout(replace(e, language="ru"), "bracket")
    assert "Топ-" in ru and "Тур 1: " in ru and not latin_words(ru, names + [e.name]), latin_words(ru, names)
    assert "Top-" in printout(replace(e, language="en"), "bracket")


def test_the_text_views_in_russian(demo):
    from arbiter_tournament.core.formats.text import round_text, standings_text

    names = _names(demo)
    for rnd in demo.rounds:
        en, ru = round_text(demo, rnd), round_text(demo, rnd, "ru")
        assert round_text(demo, rnd, "en") == en and ru.count("\n") == en.count("\n")
        assert not latin_words(ru, names + [demo.name]), latin_words(ru, names)
    rows = standings.standings(demo)
    ru = standings_text(demo, rows, list(demo.tiebreaks), 3, "ru")
    assert "турнирная таблица после 3-го тура" in ru and not latin_words(ru, names + [demo.name])
    e = event_with_players(5, rounds=3)
    e = commands.request_bye(e, 5, 1, "half")
    e = pairing.pair_next(e)
    ru = round_text(e, e.rounds[-1], "ru")
    assert "Не играют: Player 0005 (5, пропуск тура с ½ очка)" in ru
    assert "Not paired: Player 0005 (5, half-point bye)" in round_text(e, e.rounds[-1])
