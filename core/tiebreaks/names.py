"""The names of the tie-breaks in English and Russian (legends of printouts, pages, the TUI)."""

from __future__ import annotations

import re

from arbiter_tournament.core.tiebreaks.codes import ALIASES

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
    # team events (C.07 art. 11-13)
    "MP": ("Match points", "матчевые очки"),
    "GP": ("Game points", "очки по доскам"),
    "MPVGP": ("The other score (MP or GP)", "второй счёт (матчевые очки или очки по доскам)"),
    "EMMSB": ("Extended Sonneborn-Berger, MP × MP", "расширенный Зонненборн-Бергер, матчевые × матчевые"),
    "EMGSB": ("Extended Sonneborn-Berger, MP × GP", "расширенный Зонненборн-Бергер, матчевые × по доскам"),
    "EGMSB": ("Extended Sonneborn-Berger, GP × MP", "расширенный Зонненборн-Бергер, по доскам × матчевые"),
    "EGGSB": ("Extended Sonneborn-Berger, GP × GP", "расширенный Зонненборн-Бергер, по доскам × по доскам"),
    "EDE": ("Extended direct encounter", "расширенные личные встречи"),
    "BC": ("Board count (lower is better)", "сумма номеров досок × очки (меньше — лучше)"),
    "TBR": ("Top board results", "результаты по доскам сверху"),
    "BBE": ("Bottom board elimination", "без нижних досок"),
    "SSSC": ("Score and strength combination", "сочетание очков и силы соперников"),
    "BH-MP": ("Buchholz by match points", "Бухгольц по матчевым очкам"),
    "BH-GP": ("Buchholz by game points", "Бухгольц по очкам по доскам"),
}


def tiebreak_name(code: str, lang: str) -> str:
    """`BH-C1` -> "Buchholz Cut-1" / "коэффициент Бухгольца, усечённый-1"; unknown codes as themselves.

    The one table of tie-break names: printouts, pages and the TUI all say them so.
    Aliases (GE, BH-MED1 ...) are named as the code they stand for.
    """
    i = 1 if lang == "ru" else 0
    c = code.strip().upper()
    c = ALIASES.get(c, c)
    if c in TIEBREAK_NAMES:
        return TIEBREAK_NAMES[c][i]
    m = re.match(r"^([A-Z][A-Z-]*?)-([CM])([0-9]{1,9})$", c)  # BH-C1, EMGSB-C1, BH-MP-C1
    if m and m.group(1) in TIEBREAK_NAMES:
        base, mod, n = TIEBREAK_NAMES[m.group(1)], m.group(2), m.group(3)
        if lang == "ru":
            kind = "усечённый" if mod == "C" else "усреднённый"  # glossary: усреднённый Бухгольц
            return f"{base[1]}, {kind}-{n}"
        sep = ", " if "," in base[0] else " "  # "Extended Sonneborn-Berger, MP × GP, Cut-1"
        return f"{base[0]}{sep}{'Cut' if mod == 'C' else 'Median'}-{n}"
    return code
