"""The words of printouts, pages and the hall display, in English and Russian.

The Russian words are those of the glossary (shared spec `glossary.md`), so
judges and players see the words of their own rulebook.

    lang = language(event)          # "ru" or "en"
    t = words(lang)                 # t("standings") -> "Турнирная таблица"
    t("round_n", n=3)               # "Тур 3"

A key missing in Russian falls back to English; a key missing in both is
shown as itself (a visible bug, never a crash in front of players).
"""

from __future__ import annotations

import os
from typing import Callable

LANGUAGES = ("en", "ru")

EN: dict[str, str] = {
    "event": "Tournament",
    "round": "Round",
    "round_n": "Round {n}",
    "top_round_n": "Top, round {n}",
    "playoff_round_n": "Play-off, round {n}",
    "table": "Table",
    "table_n": "Table {n}",
    "board": "Board",
    "bd": "Bd",
    "first": "First",
    "second": "Second",
    "side": "Moves",
    "colour_first": "first",
    "colour_second": "second",
    "pts": "Pts",
    "points": "Points",
    "result": "Result",
    "result_short": "Result",
    "cell_first": "f",
    "cell_second": "s",
    "rank": "Rk",
    "name": "Name",
    "id": "Id",
    "club": "Club",
    "rating": "Rating",
    "federation": "Fed",
    "opponent": "Opponent",
    "bye": "bye",
    "half_bye": "half-point bye",
    "zero_bye": "not paired",
    "full_bye": "full-point bye",
    "withdrawn": "withdrawn",
    "not_paired": "not paired",
    "pairings": "Pairings",
    "pairings_by_board": "Pairings by board",
    "pairings_by_name": "Pairings by name",
    "slips": "Result slips",
    "standings": "Standings",
    "standings_after": "Standings after round {n}",
    "crosstable": "Crosstable",
    "bracket": "Bracket",
    "playoff": "Play-off",
    "tiebreaks": "Tie-breaks",
    "legend": "Legend",
    "no_round": "No round has been paired yet.",
    "no_top": "No top yet.",
    "no_playoff": "No play-off.",
    "missing_n": "results missing: {n}",
    "all_in": "all results in",
    "manual": "* paired or changed by hand",
    "win": "win",
    "draw": "draw",
    "loss": "loss",
    "slip_tick": "Tick the result:",
    "slip_first_won": "first won",
    "slip_draw": "draw",
    "slip_second_won": "second won",
    "signature": "Signature",
    "signed_first": "First player's signature",
    "signed_second": "Second player's signature",
    "cut_here": "cut here",
    "crosstable_legend": "Cells: opponent's row number, colour (f = first, s = second), score: "
                         "1 win, = draw, 0 loss; + and - forfeits; B bye; H half-point bye; "
                         "U not paired.",
    "made_at": "Made {when}",
    "updated_at": "updated {when}",
    "home": "Home",
    "rounds": "Rounds",
    "players": "Players",
    "players_n": "{n} players",
    "round_clock": "Round time",
    "paused": "paused",
    "time_up": "time is up",
    "score_before": "score before the round",
    "top": "Top",
    "champion": "Winner",
    "stage_swiss": "Swiss system",
    "stage_roundrobin": "Round robin",
    "stage_top": "Top, knockout",
    "stage_playoff": "Play-off",
    "current_round": "Current round",
}

RU: dict[str, str] = {
    "event": "Турнир",
    "round": "Тур",
    "round_n": "Тур {n}",
    "top_round_n": "Топ, тур {n}",
    "playoff_round_n": "Плей-офф, тур {n}",
    "table": "Стол",
    "table_n": "Стол {n}",
    "board": "Доска",
    "bd": "Дс",
    "first": "Первый",
    "second": "Второй",
    "side": "Ходит",
    "colour_first": "первый",
    "colour_second": "второй",
    "pts": "Очки",
    "points": "Очки",
    "result": "Результат",
    "result_short": "Рез.",
    "cell_first": "п",
    "cell_second": "в",
    "rank": "М",
    "name": "Участник",
    "id": "№",
    "club": "Клуб",
    "rating": "Рейтинг",
    "federation": "Федерация",
    "opponent": "Соперник",
    "bye": "бай",
    "half_bye": "пропуск тура с ½ очка",
    "zero_bye": "не играет",
    "full_bye": "пропуск тура с 1 очком",
    "withdrawn": "выбыл",
    "not_paired": "не играет",
    "pairings": "Жеребьёвка",
    "pairings_by_board": "Жеребьёвка по доскам",
    "pairings_by_name": "Жеребьёвка по алфавиту",
    "slips": "Бланки результатов",
    "standings": "Турнирная таблица",
    "standings_after": "Турнирная таблица после {n} тура",
    "crosstable": "Таблица результатов",
    "bracket": "Сетка топа",
    "playoff": "Плей-офф",
    "tiebreaks": "Дополнительные показатели",
    "legend": "Обозначения",
    "no_round": "Жеребьёвки ещё не было.",
    "no_top": "Топ ещё не начался.",
    "no_playoff": "Плей-офф нет.",
    "missing_n": "нет результатов: {n}",
    "all_in": "все результаты внесены",
    "manual": "* пара составлена или изменена судьёй",
    "win": "победа",
    "draw": "ничья",
    "loss": "поражение",
    "slip_tick": "Отметьте результат:",
    "slip_first_won": "победа первого",
    "slip_draw": "ничья",
    "slip_second_won": "победа второго",
    "signature": "Подпись",
    "signed_first": "Подпись первого",
    "signed_second": "Подпись второго",
    "cut_here": "отрезать",
    "crosstable_legend": "В клетке: номер строки соперника, кто ходил первым (п - первый, в - второй), результат: "
                         "1 победа, = ничья, 0 поражение; + и - неявка; B бай; H пропуск тура с ½ очка; "
                         "U не играл.",
    "made_at": "Составлено {when}",
    "updated_at": "обновлено {when}",
    "home": "Главная",
    "rounds": "Туры",
    "players": "Участники",
    "players_n": "участников: {n}",
    "round_clock": "Время тура",
    "paused": "пауза",
    "time_up": "время вышло",
    "score_before": "очки до тура",
    "top": "Топ",
    "champion": "Победитель",
    "stage_swiss": "Швейцарская система",
    "stage_roundrobin": "Круговая система",
    "stage_top": "Топ, олимпийская система",
    "stage_playoff": "Плей-офф",
    "current_round": "Текущий тур",
}

TABLES = {"en": EN, "ru": RU}

# Tie-break codes (tiebreaks.md) -> (English, Russian) names for legends.
TIEBREAK_NAMES: dict[str, tuple[str, str]] = {
    "PTS": ("Points", "очки"),
    "DE": ("Direct encounter", "личные встречи"),
    "WIN": ("Number of wins", "число побед"),
    "WON": ("Games won over the board", "число выигранных партий"),
    "BPG": ("Games with black (as second)", "партии чёрными (вторым)"),
    "BWG": ("Games won with black (as second)", "победы чёрными (вторым)"),
    "REP": ("Rounds one elected to play", "сыгранные туры"),
    "PS": ("Progressive score", "сумма нарастающего числа очков"),
    "BH": ("Buchholz", "коэффициент Бухгольца"),
    "FB": ("Fore Buchholz", "предварительный Бухгольц"),
    "AOB": ("Average of opponents' Buchholz", "средний Бухгольц соперников"),
    "SBH": ("Sum of Buchholz", "суммарный Бухгольц"),
    "SB": ("Sonneborn-Berger", "коэффициент Зонненборна-Бергера"),
    "KS": ("Koya system", "система Койя"),
    "KS-E": ("Koya system (extended)", "система Койя (расширенная)"),
    "KS-R": ("Koya system (reduced)", "система Койя (сокращённая)"),
    "ARO": ("Average rating of opponents", "средний рейтинг соперников"),
    "TPR": ("Tournament performance rating", "турнирный рейтинг (перформанс)"),
    "TPR-400": ("Performance with the 400-point rule", "турнирный рейтинг, правило 400 очков"),
    "PTP": ("Perfect tournament performance", "идеальный турнирный рейтинг"),
    "APRO": ("Average performance of opponents", "средний перформанс соперников"),
    "APPO": ("Average perfect performance of opponents", "средний идеальный перформанс соперников"),
    "QW": ("Quality of wins", "качество побед"),
    "STD": ("Standard points", "стандартные очки"),
    "RTNG": ("Rating", "рейтинг"),
    "TPN": ("Tournament pairing number", "стартовый номер"),
    "MP": ("Match points", "матчевые очки"),
    "GP": ("Game points", "очки по доскам"),
}


def tiebreak_name(code: str, lang: str) -> str:
    """`BH-C1` -> "Buchholz Cut-1" / "усечённый Бухгольц-1"; unknown codes as themselves."""
    i = 1 if lang == "ru" else 0
    c = code.strip().upper()
    if c in TIEBREAK_NAMES:
        return TIEBREAK_NAMES[c][i]
    base, _, mod = c.partition("-")
    if base in TIEBREAK_NAMES and mod[:1] in ("C", "M") and mod[1:].isdigit():
        n = mod[1:]
        if lang == "ru":
            kind = "усечённый" if mod[0] == "C" else "медианный"
            return f"{TIEBREAK_NAMES[base][1]}, {kind}-{n}"
        return f"{TIEBREAK_NAMES[base][0]} {'Cut' if mod[0] == 'C' else 'Median'}-{n}"
    return code


def language(event=None, env: dict | None = None) -> str:
    """The event's language, else the terminal's (LC_ALL, LANG starting with ru), else English."""
    lang = (getattr(event, "language", "") or "").strip().lower()
    if lang in LANGUAGES:
        return lang
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        v = (env.get(var) or "").strip().lower()
        if v:
            return "ru" if v.startswith("ru") else "en"
    return "en"


def words(lang: str) -> Callable[..., str]:
    """A function key -> the word in `lang`, formatted with keyword arguments."""
    table = TABLES.get(lang, EN)

    def t(key: str, **kw) -> str:
        text = table.get(key) or EN.get(key) or key
        return text.format(**kw) if kw else text

    return t
