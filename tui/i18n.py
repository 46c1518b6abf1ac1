"""Every word of the TUI in English and Russian (shared spec glossary.md).

`tr(lang, key, **values)` gives the label; `tiebreak_name(lang, code)` the
name of a tie-break. The language comes from the event (`language`), else
from `LC_ALL` / `LC_MESSAGES` / `LANG` (ru* gives Russian); a key switches it.
Messages that come from the engine (`ArbiterError`) are shown as they are.
"""

from __future__ import annotations

import os
import re

LANGS = ("en", "ru")

T: dict[str, tuple[str, str]] = {
    # panels and columns
    "round": ("Round", "Тур"),
    "standings": ("Standings", "Турнирная таблица"),
    "bracket": ("Top", "Топ"),
    "board": ("Bd", "Доска"),
    "first": ("First", "Первый"),
    "second": ("Second", "Второй"),
    "pts": ("Pts", "Очки"),
    "result": ("Res", "Рез"),
    "rank": ("Rk", "М"),
    "id": ("Id", "№"),
    "name": ("Name", "Имя"),
    "rating": ("Rtg", "Рейт"),
    "club": ("Club", "Клуб"),
    "table": ("Tbl", "Стол"),
    "status": ("Status", "Статус"),
    "bye": ("bye", "бай"),
    "no_top": ("no top yet", "топа ещё нет"),
    "bracket_size": ("top-{n}", "топ-{n}"),
    "bracket_third": ("with a third-place match", "с матчем за 3-е место"),
    "bracket_keys": ("←↓↑→ h j k l: match · Enter: its board", "←↓↑→ h j k l: пара · Enter: её доска"),
    "bracket_no_board": ("this match has no board yet: a bye, or its players are not known yet",
                         "у этой пары ещё нет доски: бай, или участники ещё не известны"),
    "bracket_board": ("Top round {r}, board {b}: 1 0 = enter the result · b back to the bracket",
                      "тур топа {r}, доска {b}: 1 0 = результат · b назад к сетке"),
    "no_round": ("no round paired yet", "ни один тур ещё не сыгран"),
    "no_players": ("no players yet", "участников пока нет"),
    "top_hook": ("the knockout top is not available in this version (core.top)",
                 "олимпийская система в этой версии недоступна (core.top)"),
    "top_started": ("the top has started: its first round is paired", "топ начат: первый тур топа составлен"),
    "playoff_started": ("the play-off has started", "плей-офф начат"),
    "playoff_hook": ("play-off: not available in this version (core.playoff)",
                     "плей-офф в этой версии недоступен (core.playoff)"),
    # status line
    "st_round": ("round {n}", "тур {n}"),
    "st_round_of": ("round {n}/{total}", "тур {n}/{total}"),
    "st_table": ("table {t}/{n}", "стол {t}/{n}"),
    "st_missing": ("{n} missing", "нет результатов: {n}"),
    "head_missing": ("no result on boards {boards}", "нет результатов на досках: {boards}"),
    "head_missing_one": ("no result on board {boards}", "нет результата на доске {boards}"),
    "st_complete": ("all results in", "все результаты внесены"),
    "st_others": ("also: {who}", "также: {who}"),
    "st_missing_short": ("{n} missing", "без рез.: {n}"),
    "st_complete_short": ("complete", "всё внесено"),
    "st_viewing_short": ("viewing {n}", "просм. {n}"),
    "st_alone": ("", ""),
    "st_clock": ("time {t}", "время {t}"),
    "st_paused": ("time {t} (paused)", "время {t} (пауза)"),
    "st_viewing": ("viewing round {n}", "просмотр тура {n}"),
    "only_missing": ("only missing", "только без результата"),
    # key descriptions (footer and help)
    "k_first": ("1st", "1-й"),
    "k_second": ("2nd", "2-й"),
    "k_draw": ("draw", "ничья"),
    "k_nofirst": ("1st absent", "неявка 1-го"),
    "k_nosecond": ("2nd absent", "неявка 2-го"),
    "k_tech": ("tech", "техн."),
    "k_agreed": ("agreed", "договор."),
    "k_clear": ("clear", "стереть"),
    "k_line": ("go to", "к доске"),
    "k_missing": ("missing", "без рез."),
    "k_round_view": ("round", "тур"),
    "k_standings": ("standings", "таблица"),
    "k_bracket": ("top", "топ"),
    "k_board": ("board", "доска"),
    "k_table": ("table", "стол"),
    "k_stage": ("stage", "этап"),
    "k_prev": ("prev round", "пред. тур"),
    "k_next": ("next round", "след. тур"),
    "k_undo": ("undo", "отменить"),
    "k_redo": ("redo", "вернуть"),
    "k_pair": ("pair", "жеребьёвка"),
    "k_top": ("start top", "начать топ"),
    "k_clock": ("clock", "время"),
    "k_players": ("players", "участники"),
    "k_explain": ("explain", "пояснить"),
    "k_swap": ("swap colours", "поменять цвет"),
    "k_exchange": ("exchange players", "поменять участников"),
    "k_history": ("history", "журнал"),
    "history_title": ("Who changed what (newest first)", "Кто что изменил (сначала новые)"),
    "k_lang": ("language", "язык"),
    "k_help": ("keys", "клавиши"),
    "k_quit": ("quit", "выход"),
    "k_palette": ("all actions", "все действия"),
    # help text
    "h_first": ("the first player wins", "победа первого"),
    "h_second": ("the second player wins", "победа второго"),
    "h_draw": ("draw", "ничья"),
    "h_nofirst": ("the first player did not come (forfeit, -+)", "неявка первого (-+)"),
    "h_nosecond": ("the second player did not come (forfeit, +-)", "неявка второго (+-)"),
    "h_clear": ("clear the result (asks first)", "стереть результат (с подтверждением)"),
    "help_title": ("Keys", "Клавиши"),
    "help_result": ("Results on the selected board", "Результат на выбранной доске"),
    "help_t": ("t then 1 / 0 / =   technical result at time-out (705.3)",
               "t, затем 1 / 0 / =   техническая победа или ничья по решению судьи (705.3)"),
    "help_a": ("a then 1 / 0       agreed result, top only (704.4)",
               "a, затем 1 / 0       результат по договорённости, только в топе (704.4)"),
    "help_colon": (":  board number to jump to, or '12 1-0', '12 =' to enter a result; 'r3' round 3, 't2' table 2, "
                   "'12 m45' moves",
                   ":  номер доски для перехода или '12 1-0', '12 =' для ввода результата; 'r3' тур 3, 't2' стол 2, "
                   "'12 m45' число ходов"),
    "help_enter": ("the ':' line for the board under the cursor; on a standings row: its tie-breaks explained",
                   "строка ':' для выбранной доски; в турнирной таблице: расчёт доп. показателей участника"),
    "help_views": ("Views", "Экраны"),
    "help_bracket": ("in the top's bracket: ←↓↑→ or h j k l move between matches (up and down a round, left and "
                     "right to the round before or after), Enter goes to the match's board",
                     "в сетке топа: ←↓↑→ или h j k l — переход между парами (вверх и вниз в туре, влево и вправо "
                     "к предыдущему или следующему туру), Enter — к доске пары"),
    "help_other": ("Other", "Прочее"),
    "help_layout": ("Letter keys also work on a Russian keyboard layout (е = t, ф = a, ь = m ...)",
                    "Буквенные клавиши работают и в русской раскладке (е = t, ф = a, ь = m ...)"),
    "help_close": ("Escape or ? closes this help", "Escape или ? закрывает справку"),
    # prompts and echoes
    "prefix_t": ("technical result: 1 first wins, 0 second wins, = draw (Esc cancels)",
                 "техническая: 1 победа первого, 0 победа второго, = ничья (Esc отмена)"),
    "prefix_a": ("agreed result (704.4): 1 first wins, 0 second wins (Esc cancels)",
                 "по договорённости (704.4): 1 победа первого, 0 победа второго (Esc отмена)"),
    "echo": ("board {b}: {first} {res} {second}  → {p1} : {p2}",
             "доска {b}: {first} {res} {second}  → {p1} : {p2}"),
    "echo_game": ("board {b}: {first} {res} {second}", "доска {b}: {first} {res} {second}"),
    "echo_bye": ("board {b}: {first} {res}", "доска {b}: {first} {res}"),
    "cleared": ("board {b}: result cleared", "доска {b}: результат стёрт"),
    "line_prompt": ("board, or board and result (12 1-0)", "доска, или доска и результат (12 1-0)"),
    "line_bad": ("'{text}': type a board number, or a board and a result like 12 1-0",
                 "'{text}': введите номер доски или доску и результат, например 12 1-0"),
    "no_such_round": ("there is no round {n} here", "здесь нет тура {n}"),
    "no_such_table": ("there is no table {n}", "стола {n} нет"),
    "no_board": ("there is no board {b}", "доски {b} нет"),
    "undone": ("undone: {what}", "отменено: {what}"),
    "redone": ("redone: {what}", "возвращено: {what}"),
    "changed_outside": ("the event was changed by {who}", "турнир изменён: {who}"),
    "someone": ("another judge", "другой судья"),
    "lang_now": ("language: English", "язык: русский"),
    "paired": ("round {n} paired", "тур {n}: жеребьёвка проведена"),
    "swapped": ("board {b}: colours swapped", "доска {b}: цвета поменяны"),
    # dialogs
    "yes": ("Yes", "Да"),
    "no": ("No", "Нет"),
    "save": ("Save", "Сохранить"),
    "cancel": ("Cancel", "Отмена"),
    "overwrite": ("Overwrite", "Перезаписать"),
    "keep": ("Keep theirs", "Оставить их"),
    "close": ("Close", "Закрыть"),
    "replace_q": ("Board {b} already has {old}{by}. Replace it with {new}?",
                  "На доске {b} уже {old}{by}. Заменить на {new}?"),
    "by": (" (entered by {who})", " (внёс {who})"),
    "conflict_title": ("Another judge changed this board", "Другой судья изменил эту доску"),
    "conflict_q": ("Overwrite with {new}?", "Перезаписать на {new}?"),
    "change_title": ("What this change does", "Что изменится"),
    "change_result": ("round {r}, board {b}: {old} → {new}", "тур {r}, доска {b}: {old} → {new}"),
    "change_player": ("{name}: {p0} → {p1} points, place {r0} → {r1}",
                      "{name}: очки {p0} → {p1}, место {r0} → {r1}"),
    "change_later": ("rounds {rounds} were paired on the old result",
                     "туры {rounds} были сыграны по жеребьёвке на старом результате"),
    "change_none": ("no later round depends on it", "последующие туры от него не зависят"),
    "no_result": ("no result", "нет результата"),
    "pair_title": ("Pairing of round {n}", "Жеребьёвка тура {n}"),
    # the pairing preview (p): changes by hand before it is saved
    "pv_swap": ("colours", "цвет"),
    "pv_exchange": ("exchange", "обмен"),
    "pv_bye": ("bye", "бай"),
    "pv_reset": ("as paired", "исходная"),
    "pv_explain": ("explain", "пояснить"),
    "pv_save": ("save", "сохранить"),
    "pv_cancel": ("cancel", "отмена"),
    "pv_by_hand": ("boards changed by hand: {n}", "досок изменено вручную: {n}"),
    "pv_engine": ("as the program paired it", "как составила программа"),
    "pv_more": ("! {n} more: e shows them all", "! ещё {n}: e покажет все"),
    "pv_stale": ("the event was changed since this pairing was made ({who}): r pairs again",
                 "турнир изменён после этой жеребьёвки ({who}): r — провести её заново"),
    "pv_two_numbers": ("'{text}': type two player numbers, e.g. 12 7",
                       "'{text}': введите два номера участников, например 12 7"),
    "pv_exchanged": ("players {a} and {b} exchanged", "участники {a} и {b} поменялись досками"),
    "pv_bye_given": ("bye given by hand to player {id}", "бай вручную: участник {id}"),
    "pv_reset_done": ("back to the program's pairing", "возвращена жеребьёвка программы"),
    "pv_paired_again": ("paired again on the event as it is now", "жеребьёвка проведена заново по турниру как он есть"),
    "pv_cancelled": ("pairing not saved", "жеребьёвка не сохранена"),
    "pv_why": ("board {b}: {why}", "доска {b}: {why}"),
    "pv_why_hand": ("board {b}: changed by hand.", "доска {b}: изменена вручную."),
    "pv_why_had": ("The program had {names}", "У программы было: {names}"),
    "help_preview": ("The pairing preview (p), before it is saved", "Жеребьёвка до сохранения (p)"),
    "h_pv_swap": ("swap the colours of the highlighted board", "поменять цвет на выбранной доске"),
    "h_pv_exchange": ("exchange two players between their boards (their numbers, e.g. 12 7)",
                      "поменять двух участников досками (их номера, например 12 7)"),
    "h_pv_bye": ("give the bye to a player by hand (the old bye plays his opponent)",
                 "дать бай участнику вручную (прежний бай играет с его соперником)"),
    "h_pv_reset": ("back to the program's pairing (after another judge's change: pair again)",
                   "вернуть жеребьёвку программы (после изменения другим судьёй: провести заново)"),
    "h_pv_explain": ("why each board was made, and every warning", "почему составлена каждая пара, все предупреждения"),
    "h_pv_save": ("save (Enter too): the changed boards are marked as made by hand",
                  "сохранить (и Enter): изменённые доски отмечаются как составленные вручную"),
    "h_pv_cancel": ("cancel (Esc too): nothing is saved", "отмена (и Esc): ничего не сохраняется"),
    "clock_title": ("Round time (705.3)", "Время тура (705.3)"),
    "clock_start_swiss": ("start {m} minutes (Swiss round)", "старт {m} минут (тур швейцарской системы)"),
    "clock_start_top": ("start {m} minutes (top game)", "старт {m} минут (партия топа)"),
    "clock_all": ("start {m} minutes on every table", "старт {m} минут на всех столах"),
    "clock_pause": ("pause / resume", "пауза / продолжить"),
    "clock_add": ("add 5 minutes", "добавить 5 минут"),
    "clock_sub": ("take 5 minutes off", "убрать 5 минут"),
    "clock_stop": ("stop and clear", "остановить и сбросить"),
    "clock_started": ("round clock: {m} minutes", "время тура: {m} минут"),
    "clock_paused_msg": ("round clock paused", "время тура на паузе"),
    "clock_resumed": ("round clock running", "время тура идёт"),
    "clock_cleared": ("round clock cleared", "время тура сброшено"),
    "clock_none": ("no clock running", "время не запущено"),
    "time_up_title": ("Time is up (705.3)", "Время истекло (705.3)"),
    "time_up_text": (
        "Signal the end of the round. The second player completes the move and the game stops.\n"
        "If nobody has won, award a technical win or a draw (a played game for tie-breaks).\n"
        "Unfinished boards: {boards}",
        "Объявите окончание тура. Второй игрок завершает ход, партия останавливается.\n"
        "Если победитель не определён, судья присуждает техническую победу или ничью "
        "(для доп. показателей партия считается сыгранной).\n"
        "Несыгранные доски: {boards}",
    ),
    "time_up_enter": ("Enter them one by one (t 1/0/=)", "Внести по одной (t 1/0/=)"),
    "time_up_draw": ("Technical draw for all", "Ничья по решению судьи всем"),
    "tech_draws": ("technical draw on boards {boards}", "ничья по решению судьи на досках {boards}"),
    # players
    "players_title": ("Players", "Участники"),
    "search": ("search by name or number", "поиск по имени или номеру"),
    "add_player": ("Add player", "Добавить участника"),
    "edit_player": ("Edit player", "Изменить участника"),
    "withdraw_q": ("Withdraw {name} from the next round?", "{name} выбывает со следующего тура?"),
    "import_csv": ("Import players from CSV (path)", "Импорт участников из CSV (путь)"),
    "bye_prompt": ("Requested bye: ROUND half|zero|full|none",
                   "Пропуск тура: ТУР half (½ очка) | zero (0) | full (1 очко) | none (снять)"),
    "added": ("added {name} as player {id}{late}", "добавлен {name}, номер {id}{late}"),
    "late": (", late entry from round {n}", ", опоздавший участник с тура {n}"),
    "withdrawn": ("{name} withdrawn from round {n}", "{name} выбыл с тура {n}"),
    "imported": ("imported {n} players", "импортировано участников: {n}"),
    "saved": ("saved", "сохранено"),
    "st_active": ("active", "играет"),
    "st_late": ("late entry", "опоздавший"),
    "st_withdrawn": ("withdrawn", "выбыл"),
    "players_keys": ("a add  e edit  w withdraw  y bye  i import CSV  / search  Esc back",
                     "a добавить  e изменить  w выбыл  y пропуск  i импорт CSV  / поиск  Esc назад"),
    # new event
    "new_event": ("New event", "Новый турнир"),
    "f_file": ("file", "файл"),
    "f_name": ("name", "название"),
    "f_player_name": ("name", "имя"),
    "withdraw_title": ("Withdraw a player", "Выбывание участника"),
    "f_rounds": ("rounds", "туров"),
    "f_tables": ("tables", "столов"),
    "f_top": ("top size (0: none)", "размер топа (0: нет)"),
    "f_third": ("third-place match (y/n)", "матч за 3-е место (д/н)"),
    "no_letter": ("n", "н"),
    "f_points": ("points W,D,L", "очки за победу, ничью, поражение"),
    "bad_points": ("points: W,D,L such as 1,1/2,0 or 3,1,0",
                   "очки: за победу, ничью, поражение, например 1,1/2,0 или 3,1,0"),
    "f_tiebreaks": ("tie-breaks", "доп. показатели"),
    "f_rating": ("rating", "рейтинг"),
    "f_club": ("club", "клуб"),
    "f_table": ("table", "стол"),
    "f_moves": ("number of moves", "число ходов"),
    "created": ("created {file}", "создан {file}"),
    "not_number": ("'{text}' is not a number", "'{text}' — не число"),
    "playoff_winner": ("first place: {name} ({id})", "первое место: {name} ({id})"),
    "moves_need_result": ("board {b}: enter its result first, then the number of moves",
                          "доска {b}: сначала внесите результат, затем число ходов"),
    "moves_saved": ("board {b}: {n} moves", "доска {b}: ходов {n}"),
    "round_title": ("{stage} {n}", "{stage} {n}"),
    "stage_swiss": ("Round", "Тур"),
    "stage_roundrobin": ("Round", "Тур"),
    "stage_top": ("Top round", "Тур топа"),
    "stage_playoff": ("Play-off round", "Тур плей-офф"),
    "explain_title": ("Why these pairings (round {n})", "Почему такие пары (тур {n})"),
    # command palette
    "c_new": ("New event", "Новый турнир"),
    "c_players": ("Players: add, edit, import, withdraw, search", "Участники: добавить, изменить, импорт, выбыл, поиск"),
    "c_pair": ("Pair the next round", "Жеребьёвка следующего тура"),
    "c_top": ("Start the top", "Начать топ"),
    "c_playoff": ("Start a play-off", "Начать плей-офф"),
    "c_moves": ("Enter the number of moves (fewest-moves rule)", "Ввести число ходов (правило наименьшего числа ходов)"),
    "c_clock": ("Round clock", "Время тура"),
    "c_undo": ("Undo the last change", "Отменить последнее изменение"),
    "c_redo": ("Redo", "Вернуть отменённое"),
    "c_lang": ("Switch language", "Сменить язык"),
    "c_help": ("Show every key", "Показать все клавиши"),
    "c_explain": ("Explain this round's pairings", "Пояснить жеребьёвку тура"),
    "c_exchange": ("Exchange two players between boards", "Поменять двух участников местами"),
    "c_give_bye": ("Give the bye to a player by hand", "Дать бай участнику вручную"),
    "exchange_prompt": ("exchange two players: their numbers, e.g. 12 7", "поменять участников: их номера, например 12 7"),
    "give_bye_prompt": ("give the bye to player number", "дать бай участнику номер"),
    "c_forbid": ("Forbid two players (or teams) to meet", "Запретить встречу двух участников (или команд)"),
    "forbid_prompt": ("never pair these two: their numbers, e.g. 12 7 (-12 7 allows them again)",
                      "не сводить этих двоих: их номера, например 12 7 (-12 7 снова разрешает)"),
    "forbidden": ("{a} and {b} will not be paired together", "{a} и {b} не будут сведены друг с другом"),
    "allowed": ("{a} and {b} may be paired again", "{a} и {b} снова могут быть сведены"),
    "c_unpair": ("Take back the pairing of the last round", "Отменить жеребьёвку последнего тура"),
    "c_table": ("Switch table", "Сменить стол"),
    "c_missing": ("Show only boards without a result", "Только доски без результата"),
    "unpaired": ("round {n} unpaired", "жеребьёвка тура {n} отменена"),
    "c_quit": ("Quit", "Выход"),
    "quit_title": ("Do you want to quit?", "Выйти из программы?"),
    "quit_hint": ("Press q (or Ctrl+Q) to quit", "Для выхода нажмите q (или Ctrl+Q)"),
    "help_clock": ("The round clock (c); at zero the 705.3 reminder: e, d",
                   "Время тура (c); при нуле — напоминание 705.3: e, d"),
    "help_players": ("The players screen (P)", "Участники (P)"),
    "help_dialogs": ("Questions", "Вопросы"),
    "help_dialog_keys": ("y save, n or Esc cancel (Enter does not save over a result); another judge's change: "
                         "o overwrite, k keep theirs",
                         "y сохранить, n или Esc отмена (Enter не сохраняет поверх результата); изменение другого "
                         "судьи: o перезаписать, k оставить его"),
    "pk_add": ("add", "добавить"),
    "pk_edit": ("edit", "изменить"),
    "pk_withdraw": ("withdraw", "выбыл"),
    "pk_bye": ("bye", "пропуск"),
    "pk_import": ("import CSV", "импорт CSV"),
    "pk_search": ("search", "поиск"),
    "pk_back": ("back", "назад"),
    "palette_search": ("Search for actions…", "Поиск действия…"),
    "palette_none": ("No matches found", "Ничего не найдено"),
    "lots_title": ("Tie at the qualification line", "Равенство на границе выхода в топ"),
    "lots_draw": ("draw lots (recorded in the file)", "бросить жребий (записывается в файл)"),
}

# tie-break names (glossary.md); codes with -Cn / -Mn get the suffix added
TIEBREAKS: dict[str, tuple[str, str]] = {
    "PTS": ("points", "очки"),
    "DE": ("direct encounter", "личные встречи"),
    "WIN": ("wins", "число побед"),
    "WON": ("wins over the board", "число выигранных партий"),
    "BPG": ("games with black", "партии чёрными (вторым)"),
    "BWG": ("wins with black", "победы чёрными (вторым)"),
    "REP": ("rounds played", "сыгранные туры"),
    "PS": ("progressive score", "сумма нарастающего числа очков"),
    "BH": ("Buchholz", "коэффициент Бухгольца"),
    "FB": ("fore Buchholz", "предварительный Бухгольц"),
    "AOB": ("average of opponents' Buchholz", "средний Бухгольц соперников"),
    "SBH": ("sum of Buchholz", "суммарный Бухгольц"),
    "SB": ("Sonneborn-Berger", "коэффициент Зонненборна-Бергера"),
    "KS": ("Koya system", "система Койя"),
    "KS-E": ("Koya system (extended)", "система Койя (расширенная)"),
    "KS-R": ("Koya system (reduced)", "система Койя (сокращённая)"),
    "ARO": ("ARO", "средний рейтинг соперников"),
    "TPR": ("TPR, performance", "турнирный рейтинг (перформанс)"),
    "TPR-400": ("TPR, 400-point rule", "турнирный рейтинг, правило 400 очков"),
    "PTP": ("perfect performance", "идеальный перформанс"),
    "APRO": ("average performance of opponents", "средний перформанс соперников"),
    "APPO": ("average perfect performance of opponents", "средний идеальный перформанс соперников"),
    "QW": ("quality of wins", "качество побед"),
    "STD": ("standard points", "стандартные очки"),
    "RTNG": ("rating", "рейтинг"),
    "TPN": ("pairing number", "стартовый номер"),
}

_SUFFIX = {
    ("C", "en"): "cut-{n}", ("C", "ru"): "усечённый-{n}",
    ("M", "en"): "median-{n}", ("M", "ru"): "усреднённый-{n}",
}


def tr(lang: str, key: str, **values: object) -> str:
    pair = T.get(key)
    if pair is None:
        return key
    text = pair[1] if lang == "ru" else pair[0]
    return text.format(**values) if values else text


def tiebreak_name(lang: str, code: str) -> str:
    from core.tiebreaks.registry import ALIASES  # GE = REP, BH-MED1 = BH-M1 ...

    c = code.strip().upper()
    c = ALIASES.get(c, c)
    if c in TIEBREAKS:
        return TIEBREAKS[c][1 if lang == "ru" else 0]
    m = re.match(r"^([A-Z]+)-([CM])(\d+)$", c)
    if m and m.group(1) in TIEBREAKS:
        base = TIEBREAKS[m.group(1)][1 if lang == "ru" else 0]
        return f"{base}, {_SUFFIX[(m.group(2), 'ru' if lang == 'ru' else 'en')].format(n=m.group(3))}"
    return c


def lang_from_env(environ: dict[str, str] | None = None) -> str:
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    return "en"


def choose_lang(event_language: str, environ: dict[str, str] | None = None) -> str:
    if event_language in LANGS:
        return event_language
    return lang_from_env(environ)
