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
import re
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
    # -- explanations made by the engine (core/pairing, core/swiss, core/explain, the top) --
    # why each board was made (`pairing.explain_round`) and the warnings of a change by hand
    "px_title": "Why these pairings:",
    "px_berger": "every board comes from the FIDE Berger table for this round",
    "px_bracket": "boards of the top follow the bracket (seed i meets seed K+1-i)",
    "px_refused": "the engine would not pair this round now: {why}",
    "px_bye_by_hand": "bye given by hand",
    "px_by_hand": "paired or changed by hand",
    "px_board": "board {n}: {why}",
    "px_bye": "bye: {why}",
    "px_warning": "warning: {why}",
    "w_had_bye": "board {n}: {name} already had a bye or a win without playing",
    "w_rematch": "board {n}: {a} and {b} have played each other",
    "w_colours_first": "board {n}: {name} breaks the colour limits (first again)",
    "w_colours_second": "board {n}: {name} breaks the colour limits (second again)",
    "w_not_paired": "{name} ({id}) is not paired in this round",
    # the Dutch engine's reason for each board (core/swiss/dutch.py)
    "dx_pair": "{w}-{b}: {why}",
    "dx_group": "score group {score} (homogeneous bracket)",
    "dx_group_mdps": "score group {score} (heterogeneous bracket, MDPs {mdps})",
    "dx_floats_from": "floats down from score group {score}",
    "dx_player": "{id} ({pts}) {colour}: {pref}",
    "dx_player_floats": "{id} ({pts}) {colour}: {pref}; {floats}",
    "dx_white": "white",
    "dx_black": "black",
    "dx_no_pref": "no preference",
    "dx_pref_met": "preference met",
    "dx_pref_not_met_w": "{strength} white preference NOT met",
    "dx_pref_not_met_b": "{strength} black preference NOT met",
    "dx_none": "none",
    "dx_mild": "mild",
    "dx_strong": "strong",
    "dx_absolute": "absolute",
    "dx_down_last": "downfloated last round",
    "dx_up_last": "upfloated last round",
    "dx_down_now": "floats down now",
    "dx_up_now": "floats up now",
    "dx_bye": "{id} ({pts}) gets the pairing-allocated bye: lowest score ({beta}) at which an eligible player "
              "can be left out while everyone else is paired; {games} games played",
    # how a tie-break value is made (`standings --explain`, core/explain.py)
    "ex_player": "Player {id}{name}: {points} points after round {n}, edition {edition}",
    "ex_head": "{code} = {value}   {name} (type {type})",
    "ex_round": "R{n}",
    "ex_vs": "vs {id}",
    "ex_no_opponent": "no opponent",
    "ex_value": "value {v}",
    "ex_pts": "pts {v}",
    "ex_cut": "CUT ({why})",
    "ed_fide2024": "fide2024",
    "ed_fide2026": "fide2026",
    "ed_legacy": "legacy",
    # the top's bracket as text (core/bracket_text.py, core/top.py)
    "bk_top": "Top-{size}",
    "bk_top_third": "Top-{size} with a third-place match",
    "bk_no_tree": "(the tree needs more than {width} columns; the matches follow)",
    "bk_round_final": "Round {n}: final",
    "bk_round_third": "Round {n}: third-place match",
    "bk_third_place": "3rd place",
    "bk_round": "Round {n}: {name}",
    "bk_round_named": "Round {n}: {label} ({name})",
    "bk_final": "final",
    "bk_top_n": "top-{n}",
    "bk_semi_finals": "semi-finals",
    "bk_quarter_finals": "quarter-finals",
    "bk_loser_of_semi": "loser of semi-final {n}",
    "bk_bye": "bye",
    "bk_bye_slot": "(bye)",
    "bk_winner_of": "winner of {round} match {n}",
    "bk_third_label": "3rd",
    "bk_game": "game {n} (#{seed} first): {result}",
    "bk_game_technical": "{result} technical (705.3)",
    "bk_game_agreed": "{result} agreed (704.4)",
    "bk_game_forfeit": "{result} forfeit",
    "bk_won_match": "won the match",
    "bk_won_game": "won the game",
    "bk_to_play": "to play: game {n}, #{seed} moves first",
    "bk_legend": "{mark} = {what} ({rule})",
    "bk_why": "{why} ({rule})",
    "bk_why_reason": "{why}, {reason} ({rule})",
    "bk_points-before-top": "more points before the top",
    "bk_quality-of-wins": "better quality of wins",
    "bk_second-mover": "moved second",
    "bk_agreed": "agreed result",
    "bk_final_placings": "Final placings",
    "bk_placings_so_far": "Placings so far",
    "bk_aim": "aim {n} ({holds}): {text}",
    "bk_holds": "holds",
    "bk_does_not_hold": "does not hold",
    # the terms and remarks of tie-break values (core/tiebreaks), matched whole by `phrase`:
    # {n}, {v}, {v1}, {v2} ... are numbers; any other placeholder is text, itself translated
    "tb_won": "won",
    "tb_drew": "drew",
    "tb_lost": "lost",
    "tb_forfeit_win": "forfeit win",
    "tb_forfeit_loss": "forfeit loss",
    "tb_pab": "PAB",
    "tb_full_bye": "full-point bye",
    "tb_half_bye": "half-point bye",
    "tb_zero_bye": "zero-point bye",
    "tb_absent_bye": "absent (zero-point bye)",
    "tb_o_win": "win",
    "tb_o_draw": "draw",
    "tb_o_loss": "loss",
    "tb_o_forfeit_win": "forfeit-win",
    "tb_o_forfeit_loss": "forfeit-loss",
    "tb_o_pab": "pab",
    "tb_o_full_bye": "full-bye",
    "tb_o_half_bye": "half-bye",
    "tb_o_zero_bye": "zero-bye",
    "tb_o_absent": "absent",
    "tb_game": "game",
    "tb_met": "met",
    "tb_did_not_meet": "did not meet",
    "tb_no_counted_game": "no counted game",
    "tb_average_of_games": "average of {n} games",
    "tb_tied_group": "tied group {ids}",
    "tb_de_recomputed": "the ranking recomputes DE on every tied sub-group it is applied to (type A)",
    "tb_tpr_vur": "chose not to play more than two games: ranked below every other TPR (seed 32.4.3)",
    "tb_adjusted": "score {v} adjusted: {why}",
    "tb_adj_legacy": "unplayed rounds count as draws (legacy)",
    "tb_adj_end_byes": "requested bye(s) at the end (16.2.5) in round(s) {rounds} count as draws (16.3)",
    "tb_forfeit_as_game": "forfeit counted as a game (15.2)",
    "tb_virtual": "virtual opponent: {v1} before the round + {v2} for this round + {v3} x {n} later rounds",
    "tb_no_dummy_scheduled": "no dummy (16.4 off): the scheduled opponent's score",
    "tb_no_dummy_zero": "no dummy (16.4 off): counts 0",
    "tb_dummy": "dummy opponent with the player's own score {v} (16.4)",
    "tb_dummy_capped": "dummy opponent with the player's own score {v} (16.4), capped at {why} (16.4.1/16.4.2, 2026)",
    "tb_cap_scheduled": "the scheduled opponent's adjusted score {v}",
    "tb_cap_draws": "draw points x {n} rounds = {v}",
    "tb_low_cut": "low cut {n}: least significant value",
    "tb_low_cut_vur": "low cut {n}: voluntary unplayed round cut instead of the least significant value (16.5)",
    "tb_low_cut_vur_not_below": "low cut {n}: the lowest voluntary-unplayed term {v1} is not below the least "
                                "significant term {v2}: the higher is cut (16.5)",
    "tb_low_cut_lsv_above": "low cut {n}: the least significant term {v1} is above the lowest voluntary-unplayed "
                            "term {v2}: the higher is cut (16.5)",
    "tb_high_cut": "high cut {n}: most significant value (median)",
    "tb_rr_forfeit_win": "round-robin forfeit win counted as a game (15.2, 2026)",
    "tb_rep": "{n} rounds minus requested byes and forfeit losses (7.6)",
    "tb_win": "rounds scored as a win, played or not (7.1)",
    "tb_won_otb": "games won over the board (7.2)",
    "tb_bpg": "games played as second mover (7.3)",
    "tb_bwg": "games won as second mover (7.4)",
    "tb_koya_cut": "opponent's score {v1} below the limit {v2}",
    "tb_koya_limit": "limit {v1} (50 % of {n} games x win points)",
    "tb_koya_steps": "{kind} Koya steps: {steps}",
    "tb_koya_step": "limit {v1}: {v2}",
    "tb_extended": "extended",
    "tb_reduced": "reduced",
    "tb_ps_cut": "cut: the first {n} running score(s) are dropped (14.1)",
    "tb_running": "running score",
    "tb_fb": "every paired game of the final round counted as a draw (8.3)",
    "tb_bh_rr": "Buchholz is not meant for round robins (C.07 2026 note)",
    "tb_opp_bh": "the opponent's Buchholz",
    "tb_opp_of": "the opponent's {code}",
    "tb_sbh": "opponents played over the board only [us]",
    "tb_no_otb": "no game played over the board",
    "tb_aob": "{v} / {n} opponents played over the board (8.2)",
    "tb_clipped": "rating {v1} clipped to {v2} (400-point rule)",
    "tb_rating_cut": "cut {n}: lowest rating",
    "tb_no_rating": "no rating to average",
    "tb_average": "{v} / {n} {what}, rounded 0.5 up",
    "tb_average_plain": "{v} / {n}, rounded 0.5 up",
    "tb_rounds": "rounds",
    "tb_otb_games": "games played over the board",
    "tb_tpr_p": "p = {v1}/{n} -> {v2} -> dp {d} (B.02 8.1.1)",
    "tb_tpr_sum": "TPR = ARO {v} {d}",
    "tb_ptp": "lowest R with sum of expected scores >= {v} (B.02 8.1.2, 10.3)",
    "tb_ptp_zero": "score 0: lowest opponent rating - 800 (10.3)",
    "tb_ptp_full": "100 %: highest opponent rating + 800 (flag)",
    "tb_dropped": "an unrated participant is present: rating tie-breaks dropped (C.07 art. 10; set unrated_rating)",
    "tb_qw": "current scores of the opponents beaten",
    "tb_lower_better": "lower is better",
    "tb_higher_better": "higher is better",
    # the reasons of the top (core/knockout/) and the aims of 704.2, matched whole too
    "tb_ko_against": "{v1} against {v2}",
    "tb_ko_qw": "points before the top equal ({v}); {v1} against {v2}",
    "tb_ko_equal": "points before the top ({v1}) and quality of wins ({v2}) equal",
    "tb_ko_on_points": "{v1}-{v2} on points",
    "tb_aim1_holds": "nobody meets a player of their own table in the first round",
    "tb_aim1": "{n} first-round pair(s) from the same table",
    "tb_aim2": "table winners can meet in round {n} at the earliest (best possible: round {v})",
    "tb_aim2_na": "only one table winner",
    "tb_aim3": "the 1st and 2nd of a table can meet in round {n} at the earliest (best: the final, round {v})",
    "tb_aim3_na": "no table sends two players",
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
    # -- explanations made by the engine --
    "px_title": "Почему составлены такие пары:",
    "px_berger": "все пары этого тура взяты из таблиц Бергера ФИДЕ",
    "px_bracket": "пары топа составлены по сетке (посев i играет с посевом K+1-i)",
    "px_refused": "программа сейчас не составила бы жеребьёвку этого тура: {why}",
    "px_bye_by_hand": "бай дан судьёй вручную",
    "px_by_hand": "пара составлена или изменена судьёй",
    "px_board": "доска {n}: {why}",
    "px_bye": "бай: {why}",
    "px_warning": "внимание: {why}",
    "w_had_bye": "доска {n}: {name} уже получал(а) бай или победу без игры",
    "w_rematch": "доска {n}: {a} и {b} уже играли друг с другом",
    "w_colours_first": "доска {n}: {name} нарушает ограничения по цвету (снова ходит первым)",
    "w_colours_second": "доска {n}: {name} нарушает ограничения по цвету (снова ходит вторым)",
    "w_not_paired": "{name} ({id}) не получил(а) пары в этом туре",
    "dx_pair": "{w}-{b}: {why}",
    "dx_group": "очковая группа {score} (однородная)",
    "dx_group_mdps": "очковая группа {score} (неоднородная, спущены сверху: {mdps})",
    "dx_floats_from": "спускается из очковой группы {score}",
    "dx_player": "{id} ({pts}) {colour}: {pref}",
    "dx_player_floats": "{id} ({pts}) {colour}: {pref}; {floats}",
    "dx_white": "белые",
    "dx_black": "чёрные",
    "dx_no_pref": "нет предпочтения по цвету",
    "dx_pref_met": "предпочтение выполнено",
    "dx_pref_not_met_w": "НЕ выполнено {strength} предпочтение белых",
    "dx_pref_not_met_b": "НЕ выполнено {strength} предпочтение чёрных",
    "dx_none": "нулевое",
    "dx_mild": "слабое",
    "dx_strong": "сильное",
    "dx_absolute": "абсолютное",
    "dx_down_last": "в прошлом туре спускался",
    "dx_up_last": "в прошлом туре поднимался",
    "dx_down_now": "сейчас спускается",
    "dx_up_now": "сейчас поднимается",
    "dx_bye": "{id} ({pts}) получает бай: наименьшие очки ({beta}), при которых можно оставить без пары "
              "участника, имеющего право на бай, а всех остальных спарить; сыграно партий: {games}",
    "ex_player": "Участник {id}{name}: {points} очк. после {n}-го тура, редакция {edition}",
    "ex_head": "{code} = {value}   {name} (тип {type})",
    "ex_round": "Т{n}",
    "ex_vs": "с {id}",
    "ex_no_opponent": "без соперника",
    "ex_value": "значение {v}",
    "ex_pts": "очки {v}",
    "ex_cut": "ОТСЕЧЕНО ({why})",
    "ed_fide2024": "ФИДЕ 2024",
    "ed_fide2026": "ФИДЕ 2026",
    "ed_legacy": "прежняя",
    "bk_top": "Топ-{size}",
    "bk_top_third": "Топ-{size} с матчем за 3-е место",
    "bk_no_tree": "(сетке нужно больше {width} столбцов; ниже список пар)",
    "bk_round_final": "Тур {n}: финал",
    "bk_round_third": "Тур {n}: матч за 3-е место",
    "bk_third_place": "матч за 3-е место",
    "bk_round": "Тур {n}: {name}",
    "bk_round_named": "Тур {n}: {label} ({name})",
    "bk_final": "финал",
    "bk_top_n": "топ-{n}",
    "bk_semi_finals": "полуфиналы",
    "bk_quarter_finals": "четвертьфиналы",
    "bk_loser_of_semi": "проигравший в полуфинале {n}",
    "bk_bye": "бай",
    "bk_bye_slot": "(бай)",
    "bk_winner_of": "победитель пары {n}, {round}",
    "bk_third_label": "3-е",
    "bk_game": "партия {n} (первым #{seed}): {result}",
    "bk_game_technical": "{result} техническая (705.3)",
    "bk_game_agreed": "{result} по договорённости (704.4)",
    "bk_game_forfeit": "{result} неявка",
    "bk_won_match": "победа в матче",
    "bk_won_game": "победа в партии",
    "bk_to_play": "играется: партия {n}, первым ходит #{seed}",
    "bk_legend": "{mark} = {what} ({rule})",
    "bk_why": "{why} ({rule})",
    "bk_why_reason": "{why}, {reason} ({rule})",
    "bk_points-before-top": "больше очков до топа",
    "bk_quality-of-wins": "лучше качество побед",
    "bk_second-mover": "ходил(а) вторым",
    "bk_agreed": "результат по договорённости",
    "bk_final_placings": "Итоговые места",
    "bk_placings_so_far": "Места на данный момент",
    "bk_aim": "цель {n} ({holds}): {text}",
    "bk_holds": "выполнена",
    "bk_does_not_hold": "не выполнена",
    "tb_won": "победа",
    "tb_drew": "ничья",
    "tb_lost": "поражение",
    "tb_forfeit_win": "победа по неявке",
    "tb_forfeit_loss": "поражение по неявке",
    "tb_pab": "бай",
    "tb_full_bye": "пропуск тура с 1 очком",
    "tb_half_bye": "пропуск тура с ½ очка",
    "tb_zero_bye": "пропуск тура без очков",
    "tb_absent_bye": "не играл (без очков)",
    "tb_o_win": "победа",
    "tb_o_draw": "ничья",
    "tb_o_loss": "поражение",
    "tb_o_forfeit_win": "победа по неявке",
    "tb_o_forfeit_loss": "поражение по неявке",
    "tb_o_pab": "бай",
    "tb_o_full_bye": "пропуск тура с 1 очком",
    "tb_o_half_bye": "пропуск тура с ½ очка",
    "tb_o_zero_bye": "пропуск тура без очков",
    "tb_o_absent": "не играл",
    "tb_game": "партия",
    "tb_met": "встречались",
    "tb_did_not_meet": "не встречались",
    "tb_no_counted_game": "нет засчитываемых партий",
    "tb_average_of_games": "среднее по {n} партиям",
    "tb_tied_group": "группа равных: {ids}",
    "tb_de_recomputed": "при ранжировании личные встречи пересчитываются в каждой подгруппе равных (тип A)",
    "tb_tpr_vur": "добровольно не сыграл(а) больше двух партий: ниже всех остальных по турнирному рейтингу (32.4.3)",
    "tb_adjusted": "очки {v} скорректированы: {why}",
    "tb_adj_legacy": "несыгранные туры считаются ничьими (прежние правила)",
    "tb_adj_end_byes": "пропуски по заявлению в конце турнира (16.2.5) в турах {rounds} считаются ничьими (16.3)",
    "tb_forfeit_as_game": "неявка считается партией (15.2)",
    "tb_virtual": "виртуальный соперник: {v1} до тура + {v2} за этот тур + {v3} x {n} последующих туров",
    "tb_no_dummy_scheduled": "без фиктивного соперника (16.4 выключено): очки назначенного соперника",
    "tb_no_dummy_zero": "без фиктивного соперника (16.4 выключено): считается 0",
    "tb_dummy": "фиктивный соперник с собственными очками участника {v} (16.4)",
    "tb_dummy_capped": "фиктивный соперник с собственными очками участника {v} (16.4), но не больше, чем {why} "
                       "(16.4.1/16.4.2, 2026)",
    "tb_cap_scheduled": "скорректированные очки назначенного соперника {v}",
    "tb_cap_draws": "очки за ничью x {n} туров = {v}",
    "tb_low_cut": "нижнее отсечение {n}: наименьшее значение",
    "tb_low_cut_vur": "нижнее отсечение {n}: вместо наименьшего значения отсечён добровольно несыгранный тур (16.5)",
    "tb_low_cut_vur_not_below": "нижнее отсечение {n}: наименьшее слагаемое за добровольно несыгранный тур {v1} "
                                "не меньше наименьшего слагаемого {v2}: отсекается большее (16.5)",
    "tb_low_cut_lsv_above": "нижнее отсечение {n}: наименьшее слагаемое {v1} больше наименьшего слагаемого за "
                            "добровольно несыгранный тур {v2}: отсекается большее (16.5)",
    "tb_high_cut": "верхнее отсечение {n}: наибольшее значение (медиана)",
    "tb_rr_forfeit_win": "победа по неявке в круговом турнире считается партией (15.2, 2026)",
    "tb_rep": "туров: {n}, без пропусков по заявлению и поражений по неявке (7.6)",
    "tb_win": "туры, оценённые как победа, сыгранные или нет (7.1)",
    "tb_won_otb": "партии, выигранные за доской (7.2)",
    "tb_bpg": "партии, сыгранные вторым (7.3)",
    "tb_bwg": "партии, выигранные вторым (7.4)",
    "tb_koya_cut": "очки соперника {v1} ниже порога {v2}",
    "tb_koya_limit": "порог {v1} (50 % от {n} партий x очки за победу)",
    "tb_koya_steps": "шаги системы Койя ({kind}): {steps}",
    "tb_koya_step": "порог {v1}: {v2}",
    "tb_extended": "расширенная",
    "tb_reduced": "сокращённая",
    "tb_ps_cut": "отсечение: первые нарастающие суммы отброшены, их число: {n} (14.1)",
    "tb_running": "нарастающая сумма",
    "tb_fb": "все партии последнего тура считаются ничьими (8.3)",
    "tb_bh_rr": "коэффициент Бухгольца не предназначен для круговых турниров (примечание C.07 2026)",
    "tb_opp_bh": "коэффициент Бухгольца соперника",
    "tb_opp_of": "{code} соперника",
    "tb_sbh": "только соперники, с которыми сыграны партии за доской [наше решение]",
    "tb_no_otb": "нет партий, сыгранных за доской",
    "tb_aob": "{v} / {n} соперников, с которыми сыграны партии за доской (8.2)",
    "tb_clipped": "рейтинг {v1} ограничен до {v2} (правило 400 очков)",
    "tb_rating_cut": "отсечение {n}: наименьший рейтинг",
    "tb_no_rating": "нет рейтингов для усреднения",
    "tb_average": "{v} / {n} {what}, с округлением 0.5 вверх",
    "tb_average_plain": "{v} / {n}, с округлением 0.5 вверх",
    "tb_rounds": "туров",
    "tb_otb_games": "партий, сыгранных за доской",
    "tb_tpr_p": "p = {v1}/{n} -> {v2} -> dp {d} (B.02 8.1.1)",
    "tb_tpr_sum": "TPR = ARO {v} {d}",
    "tb_ptp": "наименьший R, при котором сумма ожидаемых очков >= {v} (B.02 8.1.2, 10.3)",
    "tb_ptp_zero": "0 очков: наименьший рейтинг соперника - 800 (10.3)",
    "tb_ptp_full": "100 %: наибольший рейтинг соперника + 800 (настройка)",
    "tb_dropped": "есть участник без рейтинга: рейтинговые показатели не учитываются (C.07 ст. 10; "
                  "задайте рейтинг для участников без рейтинга)",
    "tb_qw": "текущие очки побеждённых соперников",
    "tb_lower_better": "меньше - лучше",
    "tb_higher_better": "больше - лучше",
    "tb_ko_against": "{v1} против {v2}",
    "tb_ko_qw": "очки до топа равны ({v}); {v1} против {v2}",
    "tb_ko_equal": "очки до топа ({v1}) и качество побед ({v2}) равны",
    "tb_ko_on_points": "{v1}-{v2} по очкам",
    "tb_aim1_holds": "в первом туре никто не играет с участником своего стола",
    "tb_aim1": "пар первого тура из одного стола: {n}",
    "tb_aim2": "победители столов могут встретиться не раньше {n}-го тура (лучшее возможное: {v}-й тур)",
    "tb_aim2_na": "только один победитель стола",
    "tb_aim3": "1-й и 2-й одного стола могут встретиться не раньше {n}-го тура (лучше всего: в финале, {v}-й тур)",
    "tb_aim3_na": "ни один стол не выводит двух участников",
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
    from .tiebreaks.registry import ALIASES

    i = 1 if lang == "ru" else 0
    c = code.strip().upper()
    c = ALIASES.get(c, c)
    if c in TIEBREAK_NAMES:
        return TIEBREAK_NAMES[c][i]
    m = re.match(r"^([A-Z][A-Z-]*?)-([CM])(\d+)$", c)  # BH-C1, EMGSB-C1, BH-MP-C1
    if m and m.group(1) in TIEBREAK_NAMES:
        base, mod, n = TIEBREAK_NAMES[m.group(1)], m.group(2), m.group(3)
        if lang == "ru":
            kind = "усечённый" if mod == "C" else "усреднённый"  # glossary: усреднённый Бухгольц
            return f"{base[1]}, {kind}-{n}"
        sep = ", " if "," in base[0] else " "  # "Extended Sonneborn-Berger, MP × GP, Cut-1"
        return f"{base[0]}{sep}{'Cut' if mod == 'C' else 'Median'}-{n}"
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


# -- messages built by the engine ------------------------------------------------------
#
# A message is plain text (ids, numbers, names: shown as they are), a pair
# (key, {param: message}) rendered through the table of the language, or
# ("", {"sep": "; ", "items": [message, ...]}) for parts joined by `sep`.
# The Dutch engine keeps the reason for each board in this form
# (`Pairing.reasons`), so `pairing.explain_round(..., lang="ru")` can say it
# in Russian; its English rendering is the engine's `explanation` text.


def msg(key: str, **params) -> tuple:
    """A message to render later in any language."""
    return (key, params)


def joined(sep: str, items) -> tuple:
    """Messages joined by `sep` (empty ones left out)."""
    return ("", {"sep": sep, "items": list(items)})


def render(m, lang: str = "en") -> str:
    """A message (see above) as text in `lang`."""
    if isinstance(m, tuple) and len(m) == 2 and isinstance(m[1], dict):
        key, params = m
        if key == "":
            parts = (render(x, lang) for x in params["items"])
            return params["sep"].join(p for p in parts if p)
        text = TABLES.get(lang, EN).get(key) or EN.get(key) or key  # as words(lang)(key, ...)
        return text.format(**{k: render(v, lang) for k, v in params.items()}) if params else text
    return "" if m is None else str(m)


# -- English text made deep in the engine, said again in Russian --------------------------
#
# The tie-break terms and remarks (core/tiebreaks), the reasons of the top
# (core/knockout) and the aims of 704.2 are English text made in many places.
# `phrase(text, "ru")` finds the `tb_` template of the table that the whole
# text matches and fills its Russian template with the same values, the text
# values translated in turn. Placeholders {n}, {d}, {v}, {v1}, {v2} ... stand
# for numbers. A text matching no template is tried in its "; " and ", "
# parts, else shown as it is (English: a missing template, never a crash).

_NUMERIC = re.compile(r"^(?:n|d|v\d*)$")
_NUMBER = r"[-+]?\d+(?:\.\d+)?|-"
_PHRASES: list[tuple[str, re.Pattern]] | None = None
_FIXED: dict[str, str] | None = None


def _phrase_tables() -> tuple[list[tuple[str, re.Pattern]], dict[str, str]]:
    global _PHRASES, _FIXED
    if _PHRASES is None or _FIXED is None:
        pats, fixed = [], {}
        for key, text in EN.items():
            if not key.startswith("tb_"):
                continue
            if "{" not in text:
                fixed.setdefault(text, key)
                continue
            rx, pos = "", 0
            for m in re.finditer(r"\{(\w+)\}", text):
                rx += re.escape(text[pos:m.start()])
                name = m.group(1)
                rx += f"(?P<{name}>{_NUMBER})" if _NUMERIC.match(name) else f"(?P<{name}>[^;]+?)"
                pos = m.end()
            rx += re.escape(text[pos:])
            pats.append((key, re.compile(rx)))
        _PHRASES, _FIXED = pats, fixed
    return _PHRASES, _FIXED


def phrase(text: str, lang: str = "en") -> str:
    """English engine text (see above) in `lang`; English comes back unchanged."""
    if lang == "en" or not text:
        return text
    pats, fixed = _phrase_tables()
    t = words(lang)
    if text in fixed:
        return t(fixed[text])
    for key, rx in pats:
        m = rx.fullmatch(text)
        if m:
            vals = {k: (v if _NUMERIC.match(k) else phrase(v, lang)) for k, v in m.groupdict().items()}
            return t(key, **vals)
    for sep in ("; ", ", "):
        if sep in text:
            return sep.join(phrase(part, lang) for part in text.split(sep))
    return text
