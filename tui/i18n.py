"""Every word of the TUI in English and Russian (shared spec glossary.md).

`tr(lang, key, **values)` gives the label; `tiebreak_name(lang, code)` the
name of a tie-break. The language comes from the event (`language`), else
from `LC_ALL` / `LC_MESSAGES` / `LANG` (ru* gives Russian); a key switches it.
Messages that come from the engine are shown with `core.errors.message(exc, lang)`.
"""

from __future__ import annotations

import os

from arbiter_tournament.core.msg import fill, plural

from .words import MORE

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
    "top_started": ("the top has started: its first round is paired", "топ начат: первый тур топа составлен"),
    "playoff_started": ("the play-off has started", "плей-офф начат"),
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
    "st_team_missing": ("{m} {m:plural:match|matches} open, {n} {n:plural:board|boards} missing",
                        "{m:plural:не окончен|не окончено|не окончено} {m} {m:plural:матч|матча|матчей}, без результата {n} {n:plural:доска|доски|досок}"),
    "st_team_missing_short": ("{m} open, {n} missing", "матчей: {m}, без рез.: {n}"),
    # a team event (tui/widgets/match_rows.py and the team screens)
    "tm_head": ("Match {n} · {first} {a} : {b} {second} · boards {boards}",
                "Матч {n} · {first} {a} : {b} {second} · доски {boards}"),
    "tm_head_pairing": ("Match {n} · {first} – {second} · boards {boards}", "Матч {n} · {first} – {second} · доски {boards}"),
    "tm_head_missing": ("{n} missing", "нет результатов: {n}"),
    "tm_head_mp": ("MP {a} : {b}", "MP {a} : {b}"),
    "tm_panel_missing": ("{m} {m:plural:match|matches} open · {n} {n:plural:board|boards} missing",
                         "{m:plural:не окончен|не окончено|не окончено} {m} {m:plural:матч|матча|матчей} · без результата {n} {n:plural:доска|доски|досок}"),
    "tm_bye_seat": ("the bye seat of the Berger table", "свободна по таблице Бергера"),
    "tm_pab_draw": ("the bye: a drawn match", "бай: засчитывается ничья в матче"),
    "tm_pab_win": ("the bye: a won match", "бай: засчитывается победа в матче"),
    "tm_no_match": ("No match: {team} ({why})", "Без матча: {team} ({why})"),
    "tm_echo": ("match {n}: {first} {a} : {b} {second}", "матч {n}: {first} {a} : {b} {second}"),
    "team_standings": ("Team standings", "Командный зачёт"),
    "team": ("Team", "Команда"),
    "tm_played_short": ("Mt", "Мт"),
    "tm_played": ("matches played", "сыграно матчей"),
    "tm_by_lot": ("teams still tied after every tie-break are ordered by lot",
                  "команды, равные по всем показателям, расставлены по жребию"),
    "tm_standings_keys": ("Enter: its tie-breaks · B: board prizes", "Enter: доп. показатели · B: призы по доскам"),
    "bs_head": ("Board prizes", "Призы по доскам"),
    "bs_keys": ("B: team standings", "B: командный зачёт"),
    "bs_board": ("Board {n}", "Доска {n}"),
    "bs_games": ("Gms", "Парт"),
    "bs_legend": ("points and games on each board number (a forfeit win is a point, every place in a line-up a game)",
                  "очки и партии на каждой доске (победа по неявке — очко, каждое место в составе — партия)"),
    "why_not_team": ("not a team event", "это не командный турнир"),
    "why_team_event": ("not in a team event", "не для командного турнира"),
    # the line-ups screen (tui/screens/lineups.py)
    "lu_title": ("Line-ups for round {r} · {team} ({i}/{n})", "Составы на тур {r} · {team} ({i}/{n})"),
    "lu_no_teams": ("no team yet: add players with a team (P)", "команд ещё нет: добавьте участников с командой (P)"),
    "lu_pending": ("{n} of {b} chosen, not saved (s saves)", "выбрано {n} из {b}, не сохранено (s — сохранить)"),
    "lu_stored": ("line-up stored", "состав сохранён"),
    "lu_default": ("the default: the first {b} who can play", "по умолчанию: первые {b}, кто может играть"),
    "lu_missing": ("needs a line-up: {why}", "нужен состав: {why}"),
    "lu_can_play": ("plays", "играет"),
    "lu_bye": ("bye requested", "пропуск по заявлению"),
    "lu_withdrawn": ("withdrawn (round {r})", "выбыл(а) (тур {r})"),
    "lu_late": ("from round {r}", "с тура {r}"),
    "lu_cannot": ("{name} cannot play this round ({why})", "{name} не может играть в этом туре ({why})"),
    "lu_full": ("{b} {b:plural:player is|players are} chosen: take one out first (Space)",
                "{b:plural:выбран|выбрано|выбрано} {b} {b:plural:участник|участника|участников}: сначала уберите одного (Space)"),
    "lu_chosen": ("{n} of {b} {b:plural:board|boards} chosen", "{n:plural:выбрана|выбрано|выбрано} {n} {n:plural:доска|доски|досок} из {b}"),
    "lu_saved": ("line-up of {team} for round {r} saved", "состав команды {team} на тур {r} сохранён"),
    "lu_cleared": ("{team} plays round {r} with its default line-up", "команда {team} играет тур {r} составом по умолчанию"),
    "lu_is_default": ("this is the default line-up already (nothing stored)", "это уже состав по умолчанию (ничего не сохранено)"),
    "lu_dropped": ("the players chosen are dropped: the default line-up", "выбор отменён: состав по умолчанию"),
    "lu_paired_meanwhile": ("round {r} has been paired meanwhile: the players chosen for it are not saved, and its "
                            "line-ups stay as they were paired", "жеребьёвка тура {r} уже проведена: "
                            "выбранный на него состав не сохранён, составы тура — как при жеребьёвке"),
    "lu_forbidden": ("must not meet: {teams}", "не должны встречаться с: {teams}"),
    "lu_others_missing": ("line-up needed: {teams}", "нужен состав: {teams}"),
    "lu_forbid_prompt": ("{team} must not meet (name or number; -NAME allows again):",
                         "{team} не должна встречаться с (название или номер; -НАЗВАНИЕ — снова можно):"),
    "tpv_why": ("match {n}, board {b}: as the program paired it", "матч {n}, доска {b}: как составила программа"),
    "tpv_why_hand": ("match {n}, board {b}: changed by hand", "матч {n}, доска {b}: изменено вручную"),
    "tm_change_match": ("match {n}: {first} {a0} : {b0} {second} → {a1} : {b1}",
                        "матч {n}: {first} {a0} : {b0} {second} → {a1} : {b1}"),
    "tm_change_team": ("{name}: MP {mp0} → {mp1}, GP {gp0} → {gp1}, place {r0} → {r1}",
                       "{name}: MP {mp0} → {mp1}, GP {gp0} → {gp1}, место {r0} → {r1}"),
    "tm_swapped": ("match {n}: the other team is named first now", "матч {n}: теперь первой названа другая команда"),
    "tm_exchange_prompt": ("exchange two teams (names or numbers; names with spaces: separated by a comma):",
                           "поменять две команды (названия или номера; названия с пробелами — через запятую):"),
    "tm_exchanged": ("teams {a} and {b} exchanged", "команды {a} и {b} поменялись местами"),
    "tm_bye_prompt": ("the team that has the bye (name or number):", "команда, которой дать бай (название или номер):"),
    "tm_bye_given": ("{team} has the bye", "у команды {team} бай"),
    "st_viewing_short": ("viewing {n}", "просм. {n}"),
    "st_alone": ("", ""),
    "st_clock": ("time {t}", "время {t}"),
    "st_paused": ("time {t} (paused)", "время {t} (пауза)"),
    "st_viewing": ("viewing round {n}", "просмотр тура {n}"),
    "only_missing": ("only missing", "только без результата"),
    # key descriptions (footer and help)
    "k_tech": ("tech", "техн."),
    "k_agreed": ("agreed", "договор."),
    "k_table": ("table", "стол"),
    "k_tables": ("tables", "столы"),
    "history_title": ("Who changed what (newest first)", "Кто что изменил (сначала новые)"),
    "k_palette": ("menu", "меню"),  # short: `q quit` fits beside it at 80 columns
    "k_palette_help": ("the menu of every action: type a few words of it", "меню всех действий: наберите пару слов"),
    # help text
    "help_title": ("Keys", "Клавиши"),
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
    "line_prompt": ("board (12), board and result (12 1-0), or player and score (#37 1, Ivanov 0)",
                    "доска (12), доска и результат (12 1-0) или участник и очки (№37 1, Иванов 0)"),
    "line_bad": ("'{text}': type a board number, or a board and a result like 12 1-0",
                 "'{text}': введите номер доски или доску и результат, например 12 1-0"),
    # the ':' line by player (tui/screens/by_player.py)
    "line_player_at": ("{name} ({pid}) {where}", "{name} ({pid}) {where}"),
    "line_player_table_board": ("table {t} board {b}", "стол {t} доска {b}"),
    "line_player_table": ("table {t} · ", "стол {t} · "),
    "line_player_none": ("no player of this round begins so (Tab completes a name)",
                         "в этом туре нет участника с таким началом имени (Tab дополняет имя)"),
    "line_player_board": ("board {b}", "доска {b}"),
    "line_player_many": ("{n} {n:plural:player|players} of this round {n:plural:matches|match} '{who}': type more of the name, or #id",
                         "под '{who}' {n:plural:подходит|подходят|подходят} {n} {n:plural:участник|участника|участников} тура; введите имя подробнее или №номер"),
    "line_which_title": ("Which player?", "Какой участник?"),
    "line_which_q": ("Several players of this round match '{who}':", "Под '{who}' подходят несколько участников тура:"),
    "line_which_choice": ("{name} ({pid}), {where}, against {other}", "{name} ({pid}), {where}, против {other}"),
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
    "clear_q": ("Clear the result {old} of board {b}{by}?", "Стереть результат {old} на доске {b}{by}?"),
    "by": (" (entered by {who})", " (внёс {who})"),
    "conflict_title": ("Another judge changed this board", "Другой судья изменил эту доску"),
    "conflict_q": ("Overwrite with {new}?", "Перезаписать на {new}?"),
    "change_title": ("What this change does", "Что изменится"),
    "change_result": ("round {r}, board {b}: {old} → {new}", "тур {r}, доска {b}: {old} → {new}"),
    "change_player": ("{name}: {p0} → {p1} {points}, place {r0} → {r1}",
                      "{name}: {p0} → {p1} {points}, место {r0} → {r1}"),
    "change_place": ("{name}: place {r0} → {r1} ({p} {points})", "{name}: место {r0} → {r1} ({p} {points})"),
    "change_points": ("{name}: {p0} → {p1} {points}", "{name}: {p0} → {p1} {points}"),
    "change_later": ("rounds {rounds} were paired on the old result",
                     "туры {rounds} составлены по старому результату"),
    "change_later_one": ("round {rounds} was paired on the old result",
                         "тур {rounds} составлен по старому результату"),
    "change_none": ("no later round depends on it", "последующие туры от него не зависят"),
    "no_result": ("no result", "нет результата"),
    "pair_title": ("Pairing of round {n}", "Жеребьёвка тура {n}"),
    # the pairing preview (p): changes by hand before it is saved
    "pv_by_hand": ("boards changed by hand: {n}", "досок изменено вручную: {n}"),
    "pv_engine": ("as the program paired it", "как составила программа"),
    "pv_more": ("! {n} more: e shows them all", "! ещё {n}: e покажет все"),
    "pv_stale": ("the event was changed since this pairing was made ({who}): r pairs again, n closes",
                 "турнир изменён после этой жеребьёвки ({who}): r — провести заново, n — закрыть"),
    "pv_two_numbers": ("'{text}': type two player numbers, e.g. 12 7",
                       "'{text}': введите два номера участников, например 12 7"),
    "pv_exchanged": ("players {a} and {b} exchanged", "участники {a} и {b} поменялись досками"),
    "pv_bye_given": ("bye given by hand to player {id}", "бай вручную: участник {id}"),
    "pv_reset_done": ("back to the program's pairing", "возвращена жеребьёвка программы"),
    "pv_paired_again": ("paired again on the event as it is now", "жеребьёвка проведена заново по турниру как он есть"),
    "pv_cancelled": ("pairing not saved", "жеребьёвка не сохранена"),
    "pv_why": ("board {b}: {why}", "доска {b}: {why}"),
    "pv_why_hand": ("board {b}: changed by hand.", "доска {b}: изменена вручную."),
    "pv_why_rematch": ("board {b}: a rematch, one of the fewest the round cannot be paired without.",
                       "доска {b}: повторная встреча — из наименьшего числа, без которого тур не составить."),
    "pv_why_had": ("The program had {names}", "У программы было: {names}"),
    "clock_title": ("Round time (705.3)", "Время тура (705.3)"),
    "clock_all": ("start {m} {m:plural:minute|minutes} on every table", "старт: {m} {m:plural:минута|минуты|минут} на всех столах"),
    "clock_pause": ("pause / resume", "пауза / продолжить"),
    "clock_add": ("add 5 minutes", "добавить 5 минут"),
    "clock_sub": ("take 5 minutes off", "убрать 5 минут"),
    "clock_stop": ("stop and clear", "остановить и сбросить"),
    "clock_started": ("round clock: {m} {m:plural:minute|minutes}", "время тура: {m} {m:plural:минута|минуты|минут}"),
    "clock_minutes_prompt": ("minutes of the round ({low} to {high}, 705.3)", "минут на тур (от {low} до {high}, 705.3)"),
    "clock_minutes_bad": ("'{text}': type the minutes, {low} to {high}", "'{text}': введите число минут, от {low} до {high}"),
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
    "tech_draws": ("technical draw on boards {boards}", "ничья по решению судьи на досках {boards}"),
    # players
    "players_title": ("Players", "Участники"),
    "search": ("search by name or number", "поиск по имени или номеру"),
    "add_player": ("Add player", "Добавить участника"),
    "edit_player": ("Edit player", "Изменить участника"),
    "withdraw_q": ("Withdraw {name} from the next round?", "{name} выбывает со следующего тура?"),
    "import_csv": ("Import players from CSV (path)", "Импорт участников из CSV (путь)"),
    "bye_prompt": ("Requested bye: ROUND half|zero|full|none",
                   "Пропуск тура: ТУР пол (½ очка) | ноль (0) | полный (1 очко) | снять"),
    "added": ("added {name} as player {id}{late}", "добавлен {name}, номер {id}{late}"),
    "late": (", late entry from round {n}", ", опоздавший участник с тура {n}"),
    "withdrawn": ("{name} withdrawn from round {n}", "{name} выбыл с тура {n}"),
    "imported": ("imported {n} {n:plural:player|players}", "{n:plural:импортирован|импортировано|импортировано} {n} {n:plural:участник|участника|участников}"),
    "saved": ("saved", "сохранено"),
    "st_active": ("active", "играет"),
    "st_late": ("late entry", "опоздавший"),
    "st_withdrawn": ("withdrawn", "выбыл(а)"),
    # new event
    "new_event": ("New event", "Новый турнир"),
    "f_file": ("file", "файл"),
    "f_name": ("name", "название"),
    "f_player_name": ("name", "имя"),
    "f_team": ("team", "команда"),
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
    "created": ("created {file}", "создан {file}"),
    "not_number": ("'{text}' is not a number", "'{text}' — не число"),
    "playoff_winner": ("first place: {name} ({id})", "первое место: {name} ({id})"),
    "moves_saved": ("board {b}: {n} {n:plural:move|moves}", "доска {b}: {n} {n:plural:ход|хода|ходов}"),
    "stage_swiss": ("Round", "Тур"),
    "stage_roundrobin": ("Round", "Тур"),
    "stage_top": ("Top round", "Тур топа"),
    "stage_playoff": ("Play-off round", "Тур плей-офф"),
    "explain_title": ("Why these pairings (round {n})", "Почему такие пары (тур {n})"),
    # command palette
    "c_top": ("Start the top", "Начать топ"),
    "exchange_prompt": ("exchange two players: their numbers, e.g. 12 7", "поменять участников: их номера, например 12 7"),
    "give_bye_prompt": ("give the bye to player number", "дать бай участнику номер"),
    "forbid_prompt": ("never pair these two: their numbers, e.g. 12 7 (-12 7 allows them again)",
                      "не сводить этих двоих: их номера, например 12 7 (-12 7 снова разрешает)"),
    "forbidden": ("{a} and {b} will not be paired together", "{a} и {b} не будут сведены друг с другом"),
    "allowed": ("{a} and {b} may be paired again", "{a} и {b} снова могут быть сведены"),
    "unpaired": ("round {n} unpaired", "жеребьёвка тура {n} отменена"),
    "quit_title": ("Do you want to quit?", "Выйти из программы?"),
    "quit_hint": ("Press q (or Ctrl+Q) to quit", "Для выхода нажмите q (или Ctrl+Q)"),
    "help_dialogs": ("Questions", "Вопросы"),
    "help_dialog_keys": ("y save, n or Esc cancel (Enter does not save over a result); another judge's change: "
                         "o overwrite, k keep theirs",
                         "y сохранить, n или Esc отмена (Enter не сохраняет поверх результата); изменение другого "
                         "судьи: o перезаписать, k оставить его"),
    # why a key does nothing now (tui/actions.py)
    "why_busy": ("{what} is under way: Esc stops it", "{what} — идёт: Esc останавливает"),
    "why_no_round": ("no round paired yet here", "здесь ещё нет тура"),
    "why_round_hidden": ("the round is not shown: r shows it", "тур не показан: r показывает его"),
    "why_no_board": ("no board under the cursor", "курсор не на доске"),
    "why_one_table": ("this event has one table", "в турнире один стол"),
    "why_clock_top_round": ("a top round: 7 starts the top's time", "тур топа: 7 — старт времени топа"),
    "why_clock_swiss_round": ("a Swiss round: 4 starts the round's time", "тур швейцарской системы: 4 — старт времени тура"),
    "why_one_stage": ("this event has one stage so far", "в турнире пока один этап"),
    "why_first_round": ("this is the first round", "это первый тур"),
    "why_last_round": ("this is the current round", "это текущий тур"),
    "why_no_player": ("no player under the cursor", "курсор не на участнике"),
    # work under way (a worker): the progress line
    "job_pair": ("pairing round {r}", "жеребьёвка тура {r}"),
    "job_pair_table": ("pairing round {r} of table {t}", "жеребьёвка тура {r}, стол {t}"),
    "job_top": ("pairing the top", "жеребьёвка топа"),
    "top_seeding_straight": ("Seeding: straight (the 704.2 order); s shows the best seeding for the aims",
                             "Посев: прямой (порядок 704.2); s — лучший посев для целей"),
    "top_seeding_best": ("Seeding: best (permuted within place tiers to serve the 704.2 aims); s shows the straight one",
                         "Посев: лучший (перестановки внутри мест ради целей 704.2); s — прямой посев"),
    "top_seeding_switch_best": ("best seeding", "лучший посев"),
    "top_seeding_switch_straight": ("straight seeding", "прямой посев"),
    "job_explain": ("explaining round {r}", "пояснение тура {r}"),
    "job_progress": ("{what} … {s} s · Esc stops it", "{what} … {s} с · Esc — остановить"),
    "job_stopped": ("{what}: stopped, nothing saved", "{what}: остановлено, ничего не сохранено"),
    "pv_why_wait": ("board {b}: …", "доска {b}: …"),
    "st_computing": ("computing …", "расчёт …"),
    "palette_search": ("Search for actions…", "Поиск действия…"),
    "palette_none": ("No matches found", "Ничего не найдено"),
    "lots_title": ("Tie at the qualification line", "Равенство на границе выхода в топ"),
    # why a key does nothing now (more)
    "why_engine": ("{error}", "{error}"),
    "why_waiting": ("the last change waits for the event's lock (another judge is saving): a moment",
                    "последнее изменение ждёт блокировки турнира (сохраняет другой судья): подождите немного"),
    "keys_held": ("the last change waits for the event's lock: what you type goes on once it is through "
                  "(Esc drops it)",
                  "последнее изменение ждёт блокировки турнира: нажатое пойдёт, как только оно пройдёт "
                  "(Esc — отбросить)"),
    "keys_dropped": ("Esc: dropped the keys typed while the last change waited: {n}",
                     "Esc: отброшены клавиши, нажатые, пока ждало последнее изменение: {n}"),
    "why_engine_text": ("{text}", "{text}"),
    "why_no_playoff": ("this event has no play-off", "в этом турнире нет плей-офф"),
    "why_no_players": ("no players yet: a adds one, i imports a CSV",
                       "участников ещё нет: a — добавить, i — импорт CSV"),
    # pairing every table, taking a round back
    "job_pair_tables": ("pairing the next round of tables {t}", "жеребьёвка следующего тура, столы {t}"),
    "unpair_title": ("Take back the pairing", "Отменить жеребьёвку"),
    "unpair_q": ("Take back the pairing of round {r}{where}? Its boards are removed; p pairs it again.",
                 "Отменить жеребьёвку тура {r}{where}? Его доски будут удалены; p — провести её заново."),
    "repair_where": (" of table {t}", ", стол {t}"),
    "repair_title": ("A round was paired on the old result", "Тур составлен по старому результату"),
    "repair_q": ("Round {r}{where} was paired on the result just corrected in round {c}, and has no result yet. "
                 "Take it back and pair it again?",
                 "Тур {r}{where} составлен по результату тура {c}, который сейчас исправлен, и в нём ещё нет "
                 "результатов. Отменить его жеребьёвку и провести заново?"),
    "repair_yes": ("take it back and pair again", "отменить и провести заново"),
    "repair_no": ("keep it (Enter)", "оставить (Enter)"),
    "exchanged": ("players {a} and {b} exchanged", "участники {a} и {b} поменялись досками"),
    "echo_cleared": ("board {b}: result cleared ({first} – {second})", "доска {b}: результат стёрт ({first} – {second})"),
    # the clock: asked first
    "clock_restart_q": ("The clock is running: {t} left. Start {m} {m:plural:minute|minutes} again from now?",
                        "Время идёт: осталось {t}. Запустить {m} {m:plural:минуту|минуты|минут} заново с этого момента?"),
    "clock_restart_all_q": ("The clock is running on {n} {n:plural:table|tables}. Start {m} {m:plural:minute|minutes} again on every table?",
                            "Время идёт на {n} {n:plural:столе|столах|столах}. Запустить {m} {m:plural:минуту|минуты|минут} заново на всех столах?"),
    "tech_draws_q": ("A technical draw (705.3) on every unfinished board: {boards}?",
                     "Ничья по решению судьи (705.3) на всех неоконченных досках: {boards}?"),
    "tech_draws_yes": ("technical draw for all", "ничья по решению судьи всем"),
    # printouts and exports
    "print_title": ("Print and export", "Печать и экспорт"),
    "print_where": ("Files go beside the event ({folder}).", "Файлы сохраняются рядом с турниром ({folder})."),
    "print_lpr": ("Printouts go to the printer too (lpr).", "Печатные формы уходят и на принтер (lpr)."),
    "print_no_lpr": ("No printer command (lpr) on this machine: the files only.",
                     "На этой машине нет команды печати (lpr): только файлы."),
    "job_print": ("writing {what}", "запись: {what}"),
    "printed_to": ("{what}: written to {path}", "{what}: записано в {path}"),
    "print_sent": ("sent to the printer ({lpr})", "отправлено на принтер ({lpr})"),
    "print_failed": ("the printer ({lpr}) refused it: {error}", "принтер ({lpr}) не принял: {error}"),
    # players to tables
    "seat_title": ("Players to tables", "Рассадка по столам"),
    "seat_import_title": ("Import of {n} {n:plural:player|players}: to tables", "Импорт {n} {n:plural:участника|участников|участников}: рассадка по столам"),
    "seat_table": ("Table {t}: {n} {n:plural:player|players}", "Стол {t}: {n} {n:plural:участник|участника|участников}"),
    "seat_table_more": ("average {avg} · club-mate pairs {c}", "средний {avg} · пар одноклубников {c}"),
    "seat_by_rating": ("by rating (a snake)", "по рейтингу (змейкой)"),
    "seat_new": ("*: a new table", "*: новый стол"),
    "seat_by_lot": ("by lot", "по жребию"),
    "seat_not_saved": ("tables not saved", "рассадка не сохранена"),
    "import_not_saved": ("nothing imported", "ничего не импортировано"),
    "seated": ("players seated at tables {how}", "участники рассажены по столам {how}"),
    "imported_seated": ("imported {n} {n:plural:player|players}, seated at tables {how}",
                        "{n:plural:импортирован|импортировано|импортировано} {n} {n:plural:участник|участника|участников}, {n:plural:рассажен|рассажены|рассажены} {how}"),
    # under the round: who is not paired, and why (as `arbiter round`); the end of the top
    "not_paired": ("Not paired", "Без пары"),
    "np_half_point_bye": ("half-point bye", "пропуск тура с ½ очка"),
    "np_full_point_bye": ("full-point bye", "пропуск тура с 1 очком"),
    "np_zero_point_bye": ("zero-point bye", "пропуск тура без очков"),
    "np_withdrawn": ("withdrawn", "выбыл(а)"),
    "np_late_entry": ("late entry", "опоздавший участник"),
    "np_bye_seat": ("bye seat", "свободен от игры"),
    "np_absent": ("absent", "отсутствует"),
    "top_final_places": ("Final places:", "Итоговые места:"),
    "top_places_so_far": ("Places so far:", "Места на сейчас:"),
    "places_more": ("… F: the final ranking", "… F: итоговые места"),
    "final_board": ("final: board {b}", "финал: доска {b}"),
    "third_board": ("third place: board {b}", "за 3-е место: доска {b}"),
    "champion": ("champion: {name} ({id})", "победитель: {name} ({id})"),
    # the players screen: requested byes, what was saved
    "st_byes": ("bye {byes}", "пропуск {byes}"),
    "st_bye": ("{kind} r{r}", "{kind} т{r}"),
    "move_prompt": ("{name} ({id}) is at table {t}: move to table (1-{n})",
                    "{name} ({id}) за столом {t}: пересадить за стол (1-{n})"),
    "move_bad": ("'{text}': type a table number, 1 to {n}", "'{text}': введите номер стола, от 1 до {n}"),
    "moved": ("{name} ({id}): table {old} → table {new}", "{name} ({id}): стол {old} → стол {new}"),
    "bye_saved": ("{name} ({id}): bye requested in round {r} ({kind})", "{name} ({id}): пропуск тура {r} ({kind})"),
    "bye_cancelled": ("{name} ({id}): no bye in round {r}", "{name} ({id}): пропуск тура {r} снят"),
    "player_saved": ("{name} ({id}) saved", "{name} ({id}): сохранено"),
    "lots_draw": ("Draw lots (recorded in the file)", "Бросить жребий (записывается в файл)"),
    "f_pairing": ("Swiss pairing ({names})", "жеребьёвка швейцарки ({names})"),
    # the player form (tui/screens/player_form.py)
    "f_title": ("title", "звание"),
    "f_fide_id": ("FIDE id", "FIDE ID"),
    "f_federation": ("federation", "федерация"),
    "f_sex": ("sex (m/f)", "пол (m/f)"),
    "f_birth": ("birth", "рождение"),
    "pf_hint": ("Enter next field · Ctrl+S save · Esc cancel · ↓ candidates",
                "Enter след. поле · Ctrl+S сохранить · Esc отмена · ↓ кандидаты"),
    "pf_found": ("{n} in the rating lists: ↓ to choose, Enter fills the form",
                 "в рейтинг-листах: {n}; ↓ выбрать, Enter заполнит форму"),
    "pf_filled": ("filled in from {list}: {name}", "заполнено из {list}: {name}"),
    "pf_rows_filled": ("{n} filled in from the rating lists by FIDE id", "дополнено из рейтинг-листов по FIDE ID: {n}"),
}
T.update(MORE)  # the end of the event's screens and the web view (tui/words.py)
from .words_day import DAY  # noqa: E402  (the day's forms, the fewest rematches: tui/words_day.py)

T.update(DAY)


# tie-break names (glossary.md); codes with -Cn / -Mn get the suffix added
def tr(lang: str, key: str, **values: object) -> str:
    pair = T.get(key)
    if pair is None:
        return key
    text = pair[1] if lang == "ru" else pair[0]
    return fill(text, lang, **values) if values else text  # counts by the plural rules: {n:plural:...}


def points_word(lang: str, points: str) -> str:
    """"point" or "points" after a number of points as written ("1", "2.5"); in Russian очко / очка / очков
    (a fraction: очка). CLDR's rules, core/msg/plural.py."""
    return plural(points, lang, one="очко", few="очка", many="очков") if lang == "ru" else \
        plural(points, lang, one="point", other="points")


def tiebreak_name(lang: str, code: str) -> str:
    """The tie-break's name in `lang`: the one table of core.msg.i18n (printouts say the same)."""
    from arbiter_tournament.core.tiebreaks.names import tiebreak_name as name

    return name(code, lang)


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
