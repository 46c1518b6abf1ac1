"""The Russian of the tie-break explanations (terms, cuts and remarks of `--explain`).

English template (as written at the source, `core.errors.Msg(template, **fields)`
in `core/tiebreaks/*`) -> Russian template with the same fields, in the words
of the glossary. `core/messages.py` folds this table into its `RU` catalog, so
`Msg.text("ru")` (and `core.errors.render`) find them like any other message.
Numbers, ids and codes are fields, shown as they are.
"""

from __future__ import annotations

RU: dict[str, str] = {
    # what a round was (BH, SB, KS, PS, STD, counts)
    "won": "победа",
    "drew": "ничья",
    "lost": "поражение",
    "forfeit win": "победа по неявке",
    "forfeit loss": "поражение по неявке",
    "PAB": "бай",
    "full-point bye": "пропуск тура с 1 очком",
    "half-point bye": "пропуск тура с ½ очка",
    "zero-point bye": "пропуск тура без очков",
    "absent (zero-point bye)": "не играл (без очков)",
    "game": "партия",
    # what a round was (PTS: the kinds of round record)
    "win": "победа",
    "draw": "ничья",
    "loss": "поражение",
    "forfeit-win": "победа по неявке",
    "forfeit-loss": "поражение по неявке",
    "pab": "бай",
    "full-bye": "пропуск тура с 1 очком",
    "half-bye": "пропуск тура с ½ очка",
    "zero-bye": "пропуск тура без очков",
    "absent": "не играл",
    # C.07 16.3, 16.4, legacy (core/tiebreaks/unplayed.py)
    "score {score} adjusted: requested bye(s) at the end (16.2.5) in round(s) {rounds} count as draws (16.3)":
        "очки {score} скорректированы: пропуски по заявлению в конце турнира (16.2.5) в турах {rounds} считаются "
        "ничьими (16.3)",
    "score {score} adjusted: unplayed rounds count as draws (legacy)":
        "очки {score} скорректированы: несыгранные туры считаются ничьими (прежние правила)",
    "forfeit counted as a game (15.2)": "неявка считается партией (15.2)",
    "virtual opponent: {before} before the round + {result} for this round + {draw} x {later} later rounds":
        "виртуальный соперник: {before} до тура + {result} за этот тур + {draw} x {later} последующих туров",
    "no dummy (16.4 off): the scheduled opponent's score":
        "без фиктивного соперника (16.4 выключено): очки назначенного соперника",
    "no dummy (16.4 off): counts 0": "без фиктивного соперника (16.4 выключено): считается 0",
    "dummy opponent with the player's own score {own} (16.4)":
        "фиктивный соперник с собственными очками участника {own} (16.4)",
    "dummy opponent with the player's own score {own} (16.4), capped at the scheduled opponent's adjusted score "
    "{cap} (16.4.1/16.4.2, 2026)":
        "фиктивный соперник с собственными очками участника {own} (16.4), но не больше, чем скорректированные очки "
        "назначенного соперника {cap} (16.4.1/16.4.2, 2026)",
    "dummy opponent with the player's own score {own} (16.4), capped at draw points x {n} rounds = {cap} "
    "(16.4.1/16.4.2, 2026)":
        "фиктивный соперник с собственными очками участника {own} (16.4), но не больше, чем очки за ничью x {n} "
        "туров = {cap} (16.4.1/16.4.2, 2026)",
    # the cut modifiers (14.1-14.4, 16.5)
    "low cut {n}: least significant value": "нижнее отсечение {n}: наименьшее значение",
    "low cut {n}: voluntary unplayed round cut instead of the least significant value (16.5)":
        "нижнее отсечение {n}: вместо наименьшего значения отсечён добровольно несыгранный тур (16.5)",
    "low cut {n}: the lowest voluntary-unplayed term {vur} is not below the least significant term {lsv}: the "
    "higher is cut (16.5)":
        "нижнее отсечение {n}: наименьшее слагаемое за добровольно несыгранный тур {vur} не меньше наименьшего "
        "слагаемого {lsv}: отсекается большее (16.5)",
    "low cut {n}: the least significant term {lsv} is above the lowest voluntary-unplayed term {vur}: the higher "
    "is cut (16.5)":
        "нижнее отсечение {n}: наименьшее слагаемое {lsv} больше наименьшего слагаемого за добровольно несыгранный "
        "тур {vur}: отсекается большее (16.5)",
    "high cut {n}: most significant value (median)": "верхнее отсечение {n}: наибольшее значение (медиана)",
    # Buchholz family
    "Buchholz is not meant for round robins (C.07 2026 note)":
        "коэффициент Бухгольца не предназначен для круговых турниров (примечание C.07 2026)",
    "every paired game of the final round counted as a draw (8.3)":
        "все партии последнего тура считаются ничьими (8.3)",
    "the opponent's Buchholz": "коэффициент Бухгольца соперника",
    "opponents played over the board only [us]": "только соперники, с которыми сыграны партии за доской [наше решение]",
    "{total} / {n} opponents played over the board (8.2)":
        "{total} / {n} соперников, с которыми сыграны партии за доской (8.2)",
    "no game played over the board": "нет партий, сыгранных за доской",
    # counts
    "rounds scored as a win, played or not (7.1)": "туры, оценённые как победа, сыгранные или нет (7.1)",
    "games won over the board (7.2)": "партии, выигранные за доской (7.2)",
    "games played as second mover (7.3)": "партии, сыгранные вторым (7.3)",
    "games won as second mover (7.4)": "партии, выигранные вторым (7.4)",
    "round-robin forfeit win counted as a game (15.2, 2026)":
        "победа по неявке в круговом турнире считается партией (15.2, 2026)",
    "{n} rounds minus requested byes and forfeit losses (7.6)":
        "туров: {n}, без пропусков по заявлению и поражений по неявке (7.6)",
    # direct encounter
    "met": "встречались",
    "did not meet": "не встречались",
    "no counted game": "нет засчитываемых партий",
    "average of {n} games": "среднее по {n} партиям",
    "tied group {ids}": "группа равных: {ids}",
    "the ranking recomputes DE on every tied sub-group it is applied to (type A)":
        "при ранжировании личные встречи пересчитываются в каждой подгруппе равных (тип A)",
    # Koya
    "opponent's score {score} below the limit {limit}": "очки соперника {score} ниже порога {limit}",
    "limit {limit} (50 % of {n} games x win points)": "порог {limit} (50 % от {n} партий x очки за победу)",
    "limit {limit}: {value}": "порог {limit}: {value}",
    "extended Koya steps: {steps}": "шаги системы Койя (расширенная): {steps}",
    "reduced Koya steps: {steps}": "шаги системы Койя (сокращённая): {steps}",
    # progressive score
    "cut: the first {n} running score(s) are dropped (14.1)":
        "отсечение: первые нарастающие суммы отброшены, их число: {n} (14.1)",
    "running score": "нарастающая сумма",
    # quality of wins, order keys
    "current scores of the opponents beaten": "текущие очки побеждённых соперников",
    "lower is better": "меньше - лучше",
    "higher is better": "больше - лучше",
    # rating tie-breaks
    "an unrated participant is present: rating tie-breaks dropped (C.07 art. 10; set unrated_rating)":
        "есть участник без рейтинга: рейтинговые показатели не учитываются (C.07 ст. 10; задайте рейтинг для "
        "участников без рейтинга)",
    "rating {rating} clipped to {clipped} (400-point rule)":
        "рейтинг {rating} ограничен до {clipped} (правило 400 очков)",
    "cut {n}: lowest rating": "отсечение {n}: наименьший рейтинг",
    "no rating to average": "нет рейтингов для усреднения",
    "{total} / {n} rounds, rounded 0.5 up": "{total} / {n} туров, с округлением 0.5 вверх",
    "{total} / {n} games played over the board, rounded 0.5 up":
        "{total} / {n} партий, сыгранных за доской, с округлением 0.5 вверх",
    "{total} / {n}, rounded 0.5 up": "{total} / {n}, с округлением 0.5 вверх",
    "p = {points}/{n} -> {p} -> dp {dp} (B.02 8.1.1)": "доля очков p = {points}/{n} -> {p} -> dp {dp} (B.02 8.1.1)",
    "TPR = ARO {aro} {dp}": "перформанс TPR = средний рейтинг ARO {aro} {dp}",
    "lowest R with sum of expected scores >= {points} (B.02 8.1.2, 10.3)":
        "наименьший R, при котором сумма ожидаемых очков >= {points} (B.02 8.1.2, 10.3)",
    "score 0: lowest opponent rating - 800 (10.3)": "0 очков: наименьший рейтинг соперника - 800 (10.3)",
    "100 %: highest opponent rating + 800 (flag)": "100 %: наибольший рейтинг соперника + 800 (настройка)",
    "the opponent's {code}": "{code} соперника",
    "chose not to play more than two games: ranked below every other TPR (seed 32.4.3)":
        "добровольно не сыграл(а) больше двух партий: ниже всех остальных по турнирному рейтингу (32.4.3)",
}
