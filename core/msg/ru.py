"""The Russian catalog: every message key -> its Russian template, and the forms of words.

`RU` has one entry per key of the catalog (core/msg/__init__.py): an English
template (the errors, the journal's descriptions ...) or the name of a word of
the printouts (`standings`, `px_board` ...), with the same {fields} as the
English. The words are those of the glossary (shared spec `glossary.md`).
`WORDS` gives the words passed as fields (`word("swiss")`: stages, colours,
kinds of bye, CSV columns), with the grammatical forms a Russian template may
ask for (`{stage:gen}`). How to add a message: docs/i18n.md.
"""

from __future__ import annotations

# English word -> {"ru": nominative, "ru:gen": genitive, ...}
WORDS: dict[str, dict[str, str]] = {
    "swiss": {"ru": "швейцарская система", "ru:gen": "швейцарской системы"},
    "roundrobin": {"ru": "круговая система", "ru:gen": "круговой системы"},
    "double-roundrobin": {"ru": "двухкруговая система", "ru:gen": "двухкруговой системы"},
    "top": {"ru": "топ", "ru:gen": "топа"},
    "playoff": {"ru": "плей-офф", "ru:gen": "плей-офф"},
    "first": {"ru": "первый", "ru:gen": "первого"},
    "second": {"ru": "второй", "ru:gen": "второго"},
    "white": {"ru": "белые", "ru:gen": "белых"},
    "black": {"ru": "чёрные", "ru:gen": "чёрных"},
    "half": {"ru": "пропуск тура с ½ очка"},
    "zero": {"ru": "пропуск тура без очков"},
    "full": {"ru": "пропуск тура с 1 очком"},
    "rating": {"ru": "рейтинг"},
    "table": {"ru": "стол"},
    # the event's details (core/event/details.py), named in messages
    "rate": {"ru": "вид рейтинга"},
    "name": {"ru": "название"},
    "city": {"ru": "город"},
    "federation": {"ru": "федерация"},
    "start": {"ru": "дата начала"},
    "end": {"ru": "дата окончания"},
    "chief arbiter": {"ru": "главный судья"},
    "deputy arbiters": {"ru": "заместители главного судьи"},
    "time control": {"ru": "контроль времени"},
    "round dates": {"ru": "даты туров"},
    "public crosstable": {"ru": "таблица результатов на сайте"},
    "public prize money": {"ru": "суммы призов на сайте"},
}

RU: dict[str, str] = {
    # -- a player's details, the rating lists (core/event/player_details.py, core/ratings/) --
    "FIDE id '{v}' is not a FIDE id: 1 to {most} digits": "FIDE ID '{v}' не является FIDE ID: от 1 до {most} цифр",
    "title '{v}' is not one of FIDE's titles ({known})": "звание '{v}' не входит в звания ФИДЕ ({known})",
    "federation '{v}' is not a FIDE federation: give its three-letter code (RUS, KAZ, GER ...) or the country's name":
        "федерация '{v}' не является федерацией ФИДЕ: укажите её трёхбуквенный код (RUS, KAZ, GER ...) или "
        "название страны",
    "sex '{v}' is not m or f": "пол '{v}' не m и не f",
    "birth '{v}' is not a year or a date (1990, 1990-05-17, 1990/05/17, 17.05.1990)":
        "дата рождения '{v}' не год и не дата (1990, 1990-05-17, 1990/05/17, 17.05.1990)",
    "birth '{v}': the year {y} is not a year of birth ({lo} to {hi})":
        "дата рождения '{v}': {y} не год рождения (от {lo} до {hi})",
    "birth '{v}' is not a real date": "дата рождения '{v}' не существует в календаре",
    "'{v}' is not a FIDE federation's code (RUS, KAZ, GER ...)": "'{v}' не код федерации ФИДЕ (RUS, KAZ, GER ...)",
    "'{v}' is written {got}": "'{v}' пишется {got}",
    "rate: '{value}' is not standard, rapid or blitz": "вид рейтинга: '{value}' не 'standard', 'rapid' и не 'blitz'",
    "update ratings from {file}: {n} changed": "рейтинги обновлены по списку {file}: изменено {n}",
    "round 1 has been paired: ratings are updated before it":
        "1-й тур уже составлен: рейтинги обновляют до него",
    "player {pid}: rating {rating} of the list is not a rating (0 to {most})":
        "участник {pid}: рейтинг {rating} из списка не рейтинг (от 0 до {most})",
    "column {column}: '{value}' is not a FIDE id (1 to 10 digits)":
        "столбец {column}: '{value}' не FIDE ID (от 1 до 10 цифр)",
    "column {column}: '{value}' is not a name": "столбец {column}: '{value}' не имя",
    "column {column}: '{value}' is not a federation's code of three capital letters":
        "столбец {column}: '{value}' не код федерации из трёх заглавных букв",
    "column {column}: '{value}' is not M or F": "столбец {column}: '{value}' не M и не F",
    "column {column}: '{value}' is not a FIDE title (GM IM FM CM WGM WIM WFM WCM)":
        "столбец {column}: '{value}' не звание ФИДЕ (GM IM FM CM WGM WIM WFM WCM)",
    "column {column}: '{value}' is not a rating": "столбец {column}: '{value}' не рейтинг",
    "column {column}: '{value}' is not a year of birth (four digits)":
        "столбец {column}: '{value}' не год рождения (четыре цифры)",
    "the header's column '{word}' is not one of FIDE's list (ID Number, Name, Fed, Sex, Tit, WTit, OTit, FOA, SRtng "
    "... B-day, Flag)":
        "столбец заголовка '{word}' не из списка ФИДЕ (его столбцы: 'ID Number', 'Name', 'Fed', 'Sex', 'Tit', "
        "'WTit', 'OTit', 'FOA', 'SRtng' ... 'B-day', 'Flag')",
    "the header has no '{word}' column: not FIDE's list": "в заголовке нет столбца '{word}': это не список ФИДЕ",
    "empty file: expected FIDE's header line (ID Number  Name ...)":
        "пустой файл: ожидалась строка заголовка ФИДЕ ('ID Number  Name ...')",
    "a zip of a rating list holds one file; this one holds {n}":
        "архив ZIP рейтинг-листа содержит один файл, а в этом их {n}",
    "the list is too big: at most {most} bytes": "список слишком велик: не больше {most} байт",
    "the rating index is damaged ({what})":
        "рейтинговый индекс повреждён ({what})",
    "no rating list imported yet":
        "рейтинг-листы ещё не импортированы",
    "no list named '{name}' in the index": "в индексе нет списка '{name}'",
    "{field}: '{v}' is not a whole number (the digits 0-9)": "{field}: '{v}' не целое число (цифры 0-9)",
    "{field}: {n} is too high: at most {most}": "{field}: {n} слишком много: не больше {most}",
    # -- (end of players' details) --
    # text from outside (the system, a library): shown as it is (`verbatim`)
    "{text}": "{text}",
    # == the engine's errors (core/errors.py: raise IllegalChange("...", field=...)) ==
    # -- the event and its players (core/event/commands.py) --
    'the event needs a name':
        'у турнира должно быть название',
    "unknown system '{system}' (one of {known})":
        "неизвестная система '{system}' (возможны: {known})",
    "unknown edition '{edition}' (one of {known})":
        "неизвестная редакция правил '{edition}' (возможны: {known})",
    'a Swiss event needs at least one round':
        'в турнире по швейцарской системе должен быть хотя бы один тур',
    'an event has at least one table':
        'в турнире должен быть хотя бы один стол',
    'a top needs at least two players':
        'в топе должно быть не меньше двух участников',
    'the rating of unrated players must be between {least} and {most}':
        'рейтинг участников без рейтинга должен быть от {least} до {most}',
    'points must be win > draw >= loss, e.g. 1,0.5,0 or 3,1,0':
        'очки должны быть: победа > ничья >= поражение, например 1,0.5,0 или 3,1,0',
    'a player needs a name':
        'у участника должно быть имя',
    'a name is one line of text':
        'имя — это одна строка текста',
    '{stage} round {number} is there but round {before} is not':
        'тур {number} {stage:gen} есть, а тура {before} нет',
    '{name} ({pid}) has not withdrawn':
        '{name} ({pid}) не выбывал',
    'round {round} is not a round of this event':
        'тура {round} в этом турнире нет',
    '{tables} tables is too many: at most {most}':
        "{tables} {tables:plural:стол|стола|столов} — слишком много: не больше {most}",
    'a top of {top} is too big: at most {most}':
        'топ из {top} участников слишком велик: не больше {most}',
    'rating {rating} is negative':
        'рейтинг {rating} отрицательный',
    'rating {rating} is too high: at most {most}':
        'рейтинг {rating} слишком высок: не больше {most}',
    '{rounds} rounds is too many: at most {most}':
        "{rounds} {rounds:plural:тур|тура|туров} — слишком много: не больше {most}",
    'the event has {tables} tables':
        'в турнире столов: {tables}',
    'table {table} does not exist (the event has {tables})':
        'стола {table} нет (в турнире столов: {tables})',
    'table {table} does not exist (the event has one table)':
        'стола {table} нет (в турнире один стол)',
    'player id {pid} is taken':
        'номер {pid} уже занят',
    'the round robin has started: its Berger tables have no place for a late entry':
        'турнир по круговой системе начался: в таблицах Бергера нет места для опоздавшего участника',
    '{name} ({pid}) has already withdrawn from round {withdrawn_from}':
        '{name} ({pid}) уже выбыл с {withdrawn_from}-го тура',
    # -- the event's details (core/event/details.py) --
    "{what}: '{value}' is not a date like 2026-05-01 (YYYY-MM-DD)":
        "{what}: '{value}' — не дата вида 2026-05-01 (ГГГГ-ММ-ДД)",
    '{what}: one line of text, without line breaks or tabs':
        '{what}: одна строка текста, без переводов строки и табуляций',
    '{what}: {n} characters are too many: at most {most}':
        "{what}: {n} {n:plural:символ|символа|символов} — слишком много: не больше {most}",
    "federation: '{value}' is not a federation's code of three capital letters (like ENG, RUS)":
        "федерация: '{value}' — не код федерации из трёх заглавных латинских букв (например, ENG, RUS)",
    'deputy arbiters: a name is empty':
        'заместители главного судьи: пустое имя',
    'round dates: {n} dates are too many: at most {most}':
        "даты туров: {n} {n:plural:дата|даты|дат} — слишком много: не больше {most}",
    'the event ends ({end}) before it starts ({start})':
        'турнир заканчивается ({end}) раньше, чем начинается ({start})',
    "'{attr}' is not one of the event's details":
        "'{attr}' — не из сведений о турнире",
    "unknown bye '{kind}' (half, zero, full, or none to cancel)":
        "неизвестный вид пропуска тура '{kind}' (half — с ½ очка, zero — без очков, full — с 1 очком, none — отменить)",
    'round {round_no} is not a round of this event (1..{rounds_planned})':
        'тура {round_no} в этом турнире нет (туры 1..{rounds_planned})',
    '{name} ({pid}) is paired in round {round_no}: change that game instead':
        '{name} ({pid}) уже в жеребьёвке {round_no}-го тура: измените эту партию',
    'board {board} is the bye of {name} ({pid}): it has no game to score':
        'доска {board} — бай участника {name} ({pid}): партии нет, результат вносить некуда',
    'board {board} is a game, not a bye':
        'на доске {board} партия, а не бай',
    'an agreed result (704.4) is for top games only':
        'результат по договорённости (704.4) бывает только в партиях топа',
    'no result':
        'без результата',
    ' (entered by {by})':
        ' (внёс {by})',
    'board {board} changed since you read it: you saw {shown}, it is now {now}{who}':
        'доска {board} изменилась, пока вы смотрели: было: {shown}, теперь: {now}{who}',
    ' by {by}':
        ' (внёс {by})',
    'board {board} of round {round_no} already has {result}{who}':
        'на доске {board} в {round_no}-м туре уже есть результат {result}{who}',
    # two judges' edits of one player (core/commands/players.py)
    '{name} ({pid}) was changed by another judge since you opened it: {changes}':
        'участника {name} ({pid}) изменил другой судья, пока форма была открыта: {changes}',
    '{field}: you saw {shown}, it is now {now}':
        '{field}: было {shown}, теперь {now}',
    '(empty)':
        '(пусто)',
    "pfield_name": "имя",
    "pfield_rating": "рейтинг",
    "pfield_club": "клуб",
    "pfield_federation": "федерация",
    "pfield_title": "звание",
    "pfield_fide_id": "FIDE ID",
    "pfield_sex": "пол",
    "pfield_birth": "дата рождения",
    'no {stage} round has been paired yet on table {table}':
        'за столом {table} ещё не было жеребьёвки ни одного тура {stage:gen}',
    'no {stage} round has been paired yet':
        'ещё не было жеребьёвки ни одного тура {stage:gen}',
    'a player cannot be paired with himself anyway':
        'участник и так не может играть сам с собой',
    '{name} ({a}) and {name2} ({b}) are not a forbidden pair':
        '{name} ({a}) и {name2} ({b}) не значатся запрещённой парой',
    "no player of club '{club}'":
        "нет участников из клуба '{club}'",
    'round {round_no} is not the last round':
        '{round_no}-й тур не последний',
    'round {round_no} has results: clear them first':
        'в {round_no}-м туре уже есть результаты: сначала удалите их',
    'the top pairs its rounds itself: a result cleared takes its next games back':
        'топ сам составляет туры: стёртый результат убирает следующие партии',
    'the play-off pairs its rounds itself: a result cleared takes its next games back':
        'плей-офф сам составляет туры: стёртый результат убирает следующие партии',
    'board {board} has no result to clear':
        'на доске {board} нет результата',
    'board {board}: enter its result first, then the number of moves':
        'доска {board}: сначала внесите результат, затем число ходов',
    'unknown player {player_id}':
        'неизвестный участник {player_id}',
    # -- CSV, printouts, the site --
    "empty file: expected a header row with a 'name' column":
        "пустой файл: нужна строка заголовка со столбцом 'name'",
    'not CSV: {exc}':
        'это не CSV: {exc}',
    "no 'name' column in the header (found: nothing)":
        "в заголовке нет столбца 'name' (заголовок пуст)",
    "no 'name' column in the header (found: {found})":
        "в заголовке нет столбца 'name' (есть: {found})",
    "unknown column '{c}' (known: {known})":
        "неизвестный столбец '{c}' (возможны: {known})",
    '{n} fields, the header has {m}':
        'полей в строке: {n}, а в заголовке: {m}',
    'the name is empty':
        'имя не заполнено',
    "{c} '{v}' is not a whole number":
        "{c}: '{v}' — не целое число",
    "no printout '{what}'; choose one of {known}":
        "распечатки '{what}' нет; выберите одну из: {known}",
    'exists and is not a folder; the site needs a folder':
        'уже существует и это не папка; для сайта нужна папка',
    'cannot copy the demo event here: {error}':
        'не удаётся скопировать сюда демонстрационный турнир: {error}',
    'cannot write here: {error}':
        'сюда нельзя записать: {error}',
    'cannot write the site: {error}':
        'не удалось записать сайт: {error}',
    # -- outputs (core/formats/output.py) --
    "is the event's own file (the event, its journal, lock or backups): an output never writes there":
        'это собственный файл турнира (сам турнир, его журнал, блокировка или резервная копия): туда вывод '
        'никогда не пишется',
    'is a folder: give a file name':
        'это папка: укажите имя файла',
    'is a symbolic link to nothing: arbiter writes into what a link leads to, never replaces the link':
        'это символическая ссылка в никуда: arbiter пишет в то, на что ведёт ссылка, и никогда не заменяет '
        'саму ссылку',
    # -- TRF --
    '{what}: missing value':
        '{what}: значение не указано',
    '{what}: {t!r} is not a number':
        '{what}: {t!r} — не число',
    '{what}: {t!r} must be a non-negative multiple of 0.1':
        '{what}: {t!r} должно быть неотрицательным и кратным 0,1',
    '{what}: {t!r} is not a whole number':
        '{what}: {t!r} — не целое число',
    'round {rnd} (columns {first}-{last})':
        'тур {rnd} (колонки {first}-{last})',
    'round {rnd} (column {col})':
        'тур {rnd} (колонка {col})',
    'round {rnd} (columns {first}-{last}): the round block is cut short':
        'тур {rnd} (колонки {first}-{last}): запись тура обрезана',
    'round {rnd}':
        'тур {rnd}',
    '{where}: column {col} must be blank (is the line shifted?)':
        '{where}: колонка {col} должна быть пустой (строка сдвинута?)',
    '{where}: opponent {opp_t!r}: no opponent is written 0000':
        '{where}: соперник {opp_t!r}: отсутствие соперника записывается как 0000',
    '{where}: {res_t!r} is not a result code (1 = 0 W D L + - U F H Z or blank)':
        '{where}: {res_t!r} — не код результата (1 = 0 W D L + - U F H Z или пробел)',
    '{where}: colour {col_t!r} without an opponent (write -)':
        '{where}: цвет {col_t!r} без соперника (пишите -)',
    'a 001 line must reach column 84 (the points, columns 81-84); this one ends at column {n}':
        'строка 001 должна доходить до колонки 84 (очки, колонки 81-84); эта кончается на колонке {n}',
    "player {pid}: the points (columns 81-84) are {written}, but the results give {counted}":
        'участник {pid}: в очках (колонки 81-84) записано {written}, а по результатам выходит {counted}',
    "player {pid}: the points (columns 81-84) are {written}, but the results give {counted} (or {others} with the acceleration or the next round's bye)":
        'участник {pid}: в очках (колонки 81-84) записано {written}, а по результатам выходит {counted} '
        '(или {others} с ускорением или с пропуском следующего тура)',
    '{tag}: the tournament has {n} rounds, but the file has pairings of round {played}':
        '{tag}: туров в турнире: {n}, а в файле есть жеребьёвка тура {played}',
    '{tag}: player {pid} has no 001 line':
        '{tag}: у участника {pid} нет строки 001',
    '{tag}: player {pid} is accelerated in round {rnd}, but the tournament has {n} rounds':
        '{tag}: участнику {pid} задано ускорение в туре {rnd}, а туров в турнире: {n}',
    '{what}: {t!r} must be at least 1':
        '{what}: {t!r} должно быть не меньше 1',
    '250 match points (columns 5-8)':
        '250: матчевые очки (колонки 5-8)',
    '250: the match points (columns 5-8) must be blank or 0':
        '250: матчевые очки (колонки 5-8) должны быть пустыми или 0',
    '250: the points (columns 10-13) must not be 0':
        '250: очки (колонки 10-13) не могут быть равны 0',
    '250: nothing may follow the last player (column 32 on)':
        '250: после последнего участника (с колонки 32) ничего не должно быть',
    '250: first round {first} is after last round {last}':
        '250: первый тур {first} позже последнего тура {last}',
    '250: first player {first} is after last player {last}':
        '250: первый участник {first} идёт после последнего участника {last}',
    'XXA: column {col} must be blank (values are 4 characters every 5 columns)':
        'XXA: колонка {col} должна быть пустой (значения — по 4 знака через каждые 5 колонок)',
    '{where}: opponent {opp_t!r} is not a number':
        '{where}: соперник {opp_t!r} — не число',
    '{where}: colour {col_t!r} is not w, b or -':
        '{where}: цвет {col_t!r} — не w, b и не -',
    '{where}: result {res_t!r} is not valid without an opponent':
        '{where}: результат {res_t!r} невозможен без соперника',
    '{where}: result {res_t!r} is not valid against an opponent':
        '{where}: результат {res_t!r} невозможен при сопернике',
    '{where}: a played game needs colour w or b':
        '{where}: у сыгранной партии должен быть цвет w или b',
    'pairing number (columns 5-8)':
        'стартовый номер (колонки 5-8)',
    'pairing number {pid} out of range 1..9999':
        'стартовый номер {pid} вне диапазона 1..9999',
    'rating (columns 49-52)':
        'рейтинг (колонки 49-52)',
    'points (columns 81-84)':
        'очки (колонки 81-84)',
    '162 value for {letter}':
        '162: значение для {letter}',
    '162: point code {letter!r} is not supported (W, D, L, Z, P)':
        '162: код очков {letter!r} не поддерживается (возможны W, D, L, Z, P)',
    'pairing number {id} appears twice':
        'стартовый номер {id} встречается дважды',
    '{tag} number of rounds':
        '{tag}: число туров',
    'the number of rounds must be at least 1':
        'число туров должно быть не меньше 1',
    'XXC: unknown configuration {tok!r}':
        'XXC: неизвестная настройка {tok!r}',
    "152 must be exactly '152 W' or '152 B'":
        "строка 152 должна быть ровно '152 W' или '152 B'",
    '192: unknown pairing system {code!r}':
        '192: неизвестная система жеребьёвки {code!r}',
    'XXP player id':
        'XXP: номер участника',
    'abnormal point assignments (299) are not yet supported':
        'особые начисления очков (299) пока не поддерживаются',
    'no player records (001)':
        'нет строк участников (001)',
    'pairing numbers must be 1..{n} without gaps (missing {missing}) unless XXC rank is given':
        'стартовые номера должны идти от 1 до {n} без пропусков (пропущены {missing}), если не задано XXC rank',
    'round {rnd}: player {pid} is paired against himself':
        'тур {rnd}: участник {pid} играет сам с собой',
    'round {rnd}: opponent {opp} is not a player of the file':
        'тур {rnd}: соперника {opp} нет среди участников файла',
    "round {rnd}: player {pid} meets {opp}, but {opp}'s line does not agree":
        'тур {rnd}: участник {pid} играет с {opp}, но строка участника {opp} говорит другое',
    'round {rnd}: players {pid} and {opp} disagree on the game (colours must be opposite, both played or both forfeited)':
        'тур {rnd}: у участников {pid} и {opp} не сходятся данные о партии (цвета должны быть разными, партия — сыграна у обоих или неявка у обоих)',
    "240: expected '240 T RRR PPPP ...'":
        "240: ожидается '240 T RRR PPPP ...'",
    '240 round (columns 7-9)':
        '240: тур (колонки 7-9)',
    '240 player id':
        '240: номер участника',
    "260: expected '260 RRF RRL PPPP PPPP ...'":
        "260: ожидается '260 RRF RRL PPPP PPPP ...'",
    '260 first round (columns 5-7)':
        '260: первый тур (колонки 5-7)',
    '260 last round (columns 9-11)':
        '260: последний тур (колонки 9-11)',
    '260 player id':
        '260: номер участника',
    '250 points (columns 10-13)':
        '250: очки (колонки 10-13)',
    '250 first round (columns 15-17)':
        '250: первый тур (колонки 15-17)',
    '250 last round (columns 19-21)':
        '250: последний тур (колонки 19-21)',
    '250 first player (columns 23-26)':
        '250: первый участник (колонки 23-26)',
    '250 last player (columns 28-31)':
        '250: последний участник (колонки 28-31)',
    'XXA player id (columns 5-8)':
        'XXA: номер участника (колонки 5-8)',
    'XXA round {rnd} (columns {first}-{last})':
        'XXA: тур {rnd} (колонки {first}-{last})',
    'no players (001 lines) in the file':
        'в файле нет участников (строк 001)',
    'round {k}: players {id} and {opponent} do not agree on their game':
        'тур {k}: у участников {id} и {opponent} не сходятся данные об их партии',
    'round {k}: players {id} and {id2} have results that do not fit together':
        'тур {k}: результаты участников {id} и {id2} не согласуются друг с другом',
    "player {pid}: a TRF has four columns for a player's number (at most 9999)":
        'участник {pid}: в TRF на номер участника четыре позиции (не больше 9999)',
    "player {pid}: {points} points do not fit the TRF's points column (one decimal, at most 99.9)":
        "участник {pid}: {points} {points:plural:очко|очка|очков|очка} не помещаются в колонку очков TRF (один знак после запятой, не больше 99.9)",
    # -- TRF of round robins, team events and the top (core/formats/trf*.py) --
    'a team tournament (310 or 013 lines) is not paired by the Dutch engine':
        'командный турнир (строки 310 или 013) голландской системой не жеребьюется',
    '192 {code}: not a Swiss of individuals, the Dutch engine does not pair it':
        '192 {code}: не личная швейцарская система, голландской системой это не жеребьюется',
    'XXZ player id':
        'XXZ: номер участника',
    'XXZ: player {pid} has no 001 line':
        'XXZ: у участника {pid} нет строки 001',
    '310 team number (columns 5-7)':
        '310: номер команды (колонки 5-7)',
    '310: the team name (columns 9-40) is empty':
        '310: название команды (колонки 9-40) не указано',
    '013: the team name (columns 5-36) is empty':
        '013: название команды (колонки 5-36) не указано',
    '300 round (columns 5-7)':
        '300: тур (колонки 5-7)',
    '300 team (columns 9-11)':
        '300: команда (колонки 9-11)',
    '300 opponent team (columns 13-15)':
        '300: команда-соперник (колонки 13-15)',
    '320 match points (columns 5-8)':
        '320: матчевые очки (колонки 5-8)',
    '320 game points (columns 10-13)':
        '320: очки по доскам (колонки 10-13)',
    '330: {code!r} (columns 5-6) is not a forfeit (+- -+ --)':
        '330: {code!r} (колонки 5-6) — не неявка (+- -+ --)',
    '330 round (columns 8-10)':
        '330: тур (колонки 8-10)',
    '330 first team (columns 12-14)':
        '330: первая команда (колонки 12-14)',
    '330 second team (columns 16-18)':
        '330: вторая команда (колонки 16-18)',
    '362: match points must be win > draw >= loss':
        '362: матчевые очки должны быть такими: победа > ничья >= поражение',
    '362: match point code {letter!r} is not supported (W, D, L)':
        '362: код матчевых очков {letter!r} не поддерживается (W, D, L)',
    '362 value for {letter}':
        '362: значение для {letter}',
    'team numbers must be 1..{n} without gaps (missing {missing})':
        'номера команд должны идти от 1 до {n} без пропусков (пропущены {missing})',
    'team {n} ({name}) has {k} players for {b} boards (352)':
        "в команде {n} ({name}) {k} {k:plural:участник|участника|участников} на {b} {b:plural:доску|доски|досок} (352)",
    '{tag}: column {col} must be blank (is the line shifted?)':
        '{tag}: колонка {col} должна быть пустой (строка сдвинута?)',
    '310: team number {n} appears twice':
        '310: номер команды {n} встречается дважды',
    '310: team name {name!r} appears twice':
        '310: название команды {name!r} встречается дважды',
    '013: team name {name!r} appears twice':
        '013: название команды {name!r} встречается дважды',
    '013: {a} teams, but the 310 lines have {b}':
        '013: команд {a}, а в строках 310 — {b}',
    '013 team {n} ({name}) does not match the 310 line of team {n}':
        'строка 013 команды {n} ({name}) не совпадает со строкой 310 команды {n}',
    '{tag}: a team record, but the file has no teams (310 or 013 lines)':
        '{tag}: командная запись, но в файле нет команд (строк 310 или 013)',
    'player {pid} is in no team (310 or 013 lines)':
        'участник {pid} не входит ни в одну команду (строки 310 или 013)',
    'team {n} ({name}): player {pid} has no 001 line':
        'команда {n} ({name}): у участника {pid} нет строки 001',
    'player {pid} is in two teams ({a} and {b})':
        'участник {pid} входит в две команды ({a} и {b})',
    '300: there is no team {n}':
        '300: команды {n} нет',
    '300: player {pid} is not a player of team {n}':
        '300: участник {pid} не из команды {n}',
    '320: round {rnd}: there is no team {n}':
        '320: тур {rnd}: команды {n} нет',
    '330: there is no team {n}':
        '330: команды {n} нет',
    '{tag} place {k} (columns {a}-{b})':
        '{tag}: место {k} (колонки {a}-{b})',
    '310 match points (columns 55-60)':
        '310: матчевые очки (колонки 55-60)',
    '310 game points (columns 62-67)':
        '310: очки по доскам (колонки 62-67)',
    '310 strength (columns 48-53)':
        '310: сила команды (колонки 48-53)',
    '310 rank (columns 69-71)':
        '310: место (колонки 69-71)',
    '320: one 320 line holds every round; this is a second one':
        '320: одна строка 320 содержит все туры; это уже вторая',
    '352: the colour sequence is letters W and B, one a board (like WBWB)':
        '352: последовательность цветов — буквы W и B, по одной на доску (например, WBWB)',
    '192 {code}: a knockout TRF cannot be imported (import the TRF of the Swiss stage)':
        '192 {code}: TRF олимпийской системы загрузить нельзя (загрузите TRF швейцарской системы)',
    '192 {code}: a team tournament, but the file has no teams (310 or 013 lines)':
        '192 {code}: командный турнир, но в файле нет команд (строк 310 или 013)',
    '--what {what}: a TRF export is the main stage (the default) or top':
        '--what {what}: в TRF выгружается основной этап (по умолчанию) или top (топ)',
    'XXR {x}: a {kind} of {n} players has {total} rounds':
        "XXR {x}: в турнире ({kind}) из {n} {n:plural:участника|участников|участников} {total} {total:plural:тур|тура|туров}",
    'round {k}: a {kind} of {n} players has {total} rounds':
        "тур {k}: в турнире ({kind}) из {n} {n:plural:участника|участников|участников} {total} {total:plural:тур|тура|туров}",
    'round robin':
        'круговая система',
    'double round robin':
        'двухкруговая система',
    'round {r}: {what}':
        'тур {r}: {what}',
    'player {pid} plays in round {r} of the round robin but has no Berger number':
        'участник {pid} играет в туре {r} круговой системы, но у него нет номера по таблице Бергера',
    'the Berger table (C.05 Annex 1) pairs {u} with {w}, the file with {g}':
        'по таблице Бергера (C.05, приложение 1) {u} играет с {w}, а в файле — с {g}',
    'the Berger table (C.05 Annex 1) gives {u} the bye, the file pairs {u} with {g}':
        'по таблице Бергера (C.05, приложение 1) {u} свободен от игры, а в файле играет с {g}',
    'the Berger table (C.05 Annex 1) pairs {u} with {w}, the file has no game for {u}':
        'по таблице Бергера (C.05, приложение 1) {u} играет с {w}, а в файле у {u} нет партии',
    "{n} teams do not fit the TRF's three columns for a team number":
        'команд {n}: в TRF на номер команды три позиции',
    "teams '{a}' and '{b}' have the same first 32 characters, the TRF's team name":
        "у команд '{a}' и '{b}' одинаковы первые 32 знака — столько в TRF занимает название команды",
    '330: round {r}: teams {a} and {b} have no boards on the 001 lines (arbiter needs a player named on every board of a forfeited match)':
        '330: тур {r}: у команд {a} и {b} нет досок в строках 001 (arbiter нужно, чтобы на каждой доске матча с неявкой был назван участник)',
    '330: round {r}: the boards of teams {a} and {b} do not show the forfeit {code}':
        '330: тур {r}: доски команд {a} и {b} не показывают неявку {code}',
    '330: round {r}: teams {a} and {b} played a game over the board':
        '330: тур {r}: у команд {a} и {b} есть сыгранная партия',
    '300: round {r}: team {n} has an empty board; arbiter plays every board (a player who does not come loses by forfeit)':
        '300: тур {r}: у команды {n} пустая доска; в arbiter играются все доски (не явившемуся засчитывается неявка)',
    '300: team {n} has no match in round {r}':
        '300: у команды {n} нет матча в туре {r}',
    '300: in round {r} team {n} plays team {opp}, not {given}':
        '300: в туре {r} команда {n} играет с командой {opp}, а не {given}',
    '300: round {r}: player {pid} plays for team {n} but is not on this line':
        '300: тур {r}: участник {pid} играет за команду {n}, но его нет в этой строке',
    "320: a round robin's team without a match is the Berger table's bye seat, not a pairing-allocated bye":
        '320: в круговой системе команда без матча — свободная по таблице Бергера, а не бай жеребьёвки',
    '320: round {r}: team {n} has the bye but plays a match':
        '320: тур {r}: команда {n} свободна от игры, но играет матч',
    "320: a team's bye is worth a drawn match ({dmp}, {dgp}) or a won match ({wmp}, {wgp}), not {mp} match points and {gp} game points":
        '320: бай команды стоит ничьей в матче ({dmp}, {dgp}) или победы ({wmp}, {wgp}), а не {mp} матчевых очков и {gp} очков по доскам',
    'team {n} ({name}): the match points (columns 55-60) are {written}, the matches give {counted}':
        'команда {n} ({name}): матчевые очки (колонки 55-60) — {written}, а по матчам выходит {counted}',
    'team {n} ({name}): the game points (columns 62-67) are {written}, the games give {counted}':
        'команда {n} ({name}): очки по доскам (колонки 62-67) — {written}, а по партиям выходит {counted}',
    'round {r}: players {pid} and {opp} of one team ({n}) play each other':
        'тур {r}: участники {pid} и {opp} из одной команды ({n}) играют друг с другом',
    'the number of boards cannot be told: no games and no 352 line':
        'число досок не определить: нет ни партий, ни строки 352',
    'round {r}: the match of teams {a} and {b} has {n} boards, the event plays {B}':
        'тур {r}: в матче команд {a} и {b} досок {n}, а в турнире играют на {B}',
    "round {r}: the boards of teams {a} and {b} do not follow both teams' board order (a 300 line gives a line-up out of order)":
        'тур {r}: доски команд {a} и {b} не идут в порядке досок обеих команд (состав не по порядку задаёт строка 300)',
    'round {r}: team {n} plays two matches (against {a} and {b})':
        'тур {r}: команда {n} играет два матча (с {a} и с {b})',
    '202: the tie-breaks name different editions of the rules ({editions})':
        '202: у дополнительных показателей разные редакции правил ({editions})',
    '202: tie-break {code!r}: {error}':
        '202: дополнительный показатель {code!r}: {error}',
    '202: tie-break {code!r}: arbiter does not know the modifier /{mod}':
        '202: дополнительный показатель {code!r}: модификатор /{mod} arbiter не знает',
    '202: tie-break {code!r}: a point type (:{points}) is for team events':
        '202: дополнительный показатель {code!r}: вид очков (:{points}) — только для командных турниров',
    # -- the top (core/knockout/, core/knockout/stage.py) --
    'a top needs at least 2 players, not {size}':
        'в топе должно быть не меньше 2 участников, а не {size}',
    'no table to qualify from':
        'нет стола, из которого выходить в топ',
    'a top of {size} cannot take the same number from each of {n} tables':
        "в топ на {size} {size:plural:участника|участника|участников} нельзя взять поровну с каждого из {n} {n:plural:стола|столов|столов}",
    'table {table} has {n} players; the top needs {q} from each':
        'за столом {table} участников: {n}; а в топ нужно по {q} с каждого стола',
    'table {table}: the players tied at the cut are not next to each other':
        'стол {table}: участники с равными очками на границе выхода в топ стоят не подряд',
    'table {table}: players {names} are tied at the qualification line; break the tie (play-off or lots) first':
        'стол {table}: у участников {names} поровну на границе выхода в топ; сначала определите, кто выходит (плей-офф или жребий)',
    'a player qualifies from two tables':
        'участник выходит в топ из двух столов',
    '{score!r} is not a game score (1-0, 0-1 or 1/2)':
        '{score!r} — не счёт партии (1-0, 0-1 или 1/2)',
    'an agreed top result names a winner (1-0a or 0-1a)':
        'в результате по договорённости должен быть победитель (1-0a или 0-1a)',
    'a double forfeit cannot decide a top game; enter who goes through':
        'двойная неявка не решает партию топа; укажите, кто проходит дальше',
    '{text!r} is not a top game result':
        '{text!r} — не результат партии топа',
    '{what} of player {player} is not known':
        '{what}: для участника {player} нет данных',
    'points before the top':
        'очки до топа',
    'quality of wins':
        'качество побед',
    'a top match has at most 99 games, not {games}':
        'в матче топа не больше 99 партий, а не {games}',
    'a top match has at least one game':
        'в паре топа должна быть хотя бы одна партия',
    "placings must be 'shared' or 'swiss-order', not {placings!r}":
        "места распределяются как 'shared' или 'swiss-order', а не {placings!r}",
    'this top has no third-place match':
        'в этом топе нет матча за 3-е место',
    'the top has no match {m} in round {r}':
        'в {r}-м туре топа нет пары {m}',
    'colours of top games are drawn by lot: record a lot seed first':
        'цвет в партиях топа определяется жребием: сначала запишите зерно жребия',
    'the third-place match':
        'матч за 3-е место',
    'round {r} match {m}':
        'тур {r}, пара {m}',
    '{where}: results entered before both players are known':
        '{where}: результаты внесены, когда ещё не известны оба участника',
    '{where}: {k} results for a match of {n} game(s)':
        "{where}: {k} {k:plural:результат|результата|результатов}, а в паре {n} {n:plural:партия|партии|партий}",
    '{where}: the match was decided after game {k}':
        '{where}: пара была решена уже после {k}-й партии',
    'a player is seeded twice':
        'участник посеян дважды',
    '{key!r} is not a match of the top':
        '{key!r} — не пара топа',
    'round 1 match {i} is a bye: no game to enter':
        'пара {i} первого тура — бай: результата вносить некуда',
    'a third-place match needs semi-finals':
        'для матча за 3-е место нужны полуфиналы',
    'the third-place match is a bye: no game to enter':
        'в матче за 3-е место бай: результата вносить некуда',
    'placings by Swiss order need the Swiss order':
        'для мест по порядку швейцарской системы нужен этот порядок',
    'the top has already started':
        'топ уже начался',
    'the event has no top':
        'в турнире нет топа',
    'the Swiss stage is not finished: every round needs every result first':
        'швейцарская система ещё не закончена: сначала нужны все результаты всех туров',
    'the top has not started':
        'топ ещё не начался',
    'a double forfeit cannot decide a top game: enter who goes through':
        'двойная неявка не решает партию топа: укажите, кто проходит дальше',
    'later top rounds have results that depend on this game: clear them first':
        'в следующих турах топа есть результаты, зависящие от этой партии: сначала удалите их',
    # -- rounds, boards and pairing --
    'round {number} has no board {board}':
        'в {number}-м туре нет доски {board}',
    'no player with id {pid}':
        'нет участника с номером {pid}',
    'there is no {stage} round {number} of table {table}':
        'нет {number}-го тура {stage:gen} за столом {table}',
    'there is no {stage} round {number}':
        'нет {number}-го тура {stage:gen}',
    'round {number} on table {table} still misses {missing} result(s): enter them before pairing':
        "в {number}-м туре за столом {table} не хватает {missing} {missing:plural:результата|результатов|результатов}; внесите {missing:plural:его|их|их} до жеребьёвки",
    'round {number} still misses {missing} result(s): enter them before pairing':
        "в {number}-м туре не хватает {missing} {missing:plural:результата|результатов|результатов}; внесите {missing:plural:его|их|их} до жеребьёвки",
    'the top has started: the Swiss stage is over':
        'топ начался: швейцарская система закончена',
    'all {n} rounds have been paired on table {table}':
        'за столом {table} жеребьёвка всех туров ({n}) уже проведена',
    'all {n} rounds have been paired':
        'жеребьёвка всех туров ({n}) уже проведена',
    'fewer than two players to pair':
        'для жеребьёвки меньше двух участников',
    '{name} ({pid}): {why}':
        '{name} ({pid}): {why}',
    'players {ids}':
        'участники {ids}',
    '{error} — {who}':
        '{error} — {who}',
    'table {table}: {error} — {who}':
        'стол {table}: {error} — {who}',
    'the Berger numbers are already fixed for this round robin':
        'номера по таблицам Бергера в этом круговом турнире уже определены',
    'all {n} rounds of the round robin have been paired':
        'жеребьёвка всех туров кругового турнира ({n}) уже проведена',
    'round {round_no} has results: clear them before changing its pairing':
        'в {round_no}-м туре уже есть результаты: удалите их, прежде чем менять пары',
    'round {round_no} is not the current round: only the current round is changed by hand':
        'тур {round_no} не текущий: вручную меняется только текущий тур',
    'this event has one table':
        'в турнире один стол',
    'board {board} is a bye':
        'доска {board} — бай',
    'exchange two different players, not player {a} with himself':
        'обменять можно двух разных участников, а не участника {a} с самим собой',
    'players {a} and {b} must both be paired in round {round_no}':
        'участники {a} и {b} оба должны быть в жеребьёвке {round_no}-го тура',
    '{name} ({pid}) does not play on this table':
        '{name} ({pid}) не играет за этим столом',
    '{name} ({pid}) is paired twice':
        '{name} ({pid}) попал в пары дважды',
    'the next round to pair is {k}':
        'следующий тур для жеребьёвки — {k}-й',
    'player {pid} is not paired in round {round_no}':
        'участника {pid} нет в жеребьёвке {round_no}-го тура',
    'player {pid} already has the bye':
        'у участника {pid} уже бай',
    'this round has no bye to move: exchange players instead':
        'в этом туре нет бая, который можно передать: поменяйте участников местами',
    # -- the play-off --
    'a play-off needs at least two tied players':
        'для плей-офф нужно не меньше двух участников с равными очками',
    'a player appears twice among the tied players':
        'участник дважды указан среди деливших место',
    "knockout_games is 'match' or 'armageddon'":
        "knockout_games: 'match' или 'armageddon'",
    'no play-off format for {n} players':
        "нет формата плей-офф для {n} {n:plural:участника|участников|участников}",
    'enter the number of moves of the games {games}':
        'внесите число ходов в партиях {games}',
    'no players':
        'нет участников',
    'the play-off has already started':
        'плей-офф уже начался',
    'nobody is tied for first: no play-off is needed':
        'первое место никто не делит: плей-офф не нужен',
    'no play-off has started':
        'плей-офф не начинался',
    'an agreed result is for top games':
        'результат по договорённости бывает только в партиях топа',
    'later play-off games depend on this one: clear them first':
        'от этой партии зависят следующие партии плей-офф: сначала удалите их',
    'a team event has no play-off for first place: its team standings decide':
        'в командном турнире нет плей-офф за первое место: решает командная таблица',
    'the event has a top: its bracket decides first place, not a play-off':
        'в турнире есть топ: первое место решает его сетка, а не плей-офф',
    'the main stage is not finished: a play-off for first place starts once every round has every result':
        'основной этап не завершён: плей-офф за первое место начинается, когда во всех турах внесены все результаты',
    'a play-off is among exactly the players tied for first: {tied}, not {given}':
        'плей-офф играют ровно участники, делящие первое место: {tied}, а не {given}',
    'the play-off no longer applies: the main stage is not finished':
        'плей-офф больше не действует: основной этап не завершён',
    'the play-off no longer applies: its players are no longer tied for first':
        'плей-офф больше не действует: его участники больше не делят первое место',
    'the play-off for first place no longer stands after this change: its players are not exactly the players tied for first':
        'после этого изменения плей-офф за первое место не действует: его участники — не ровно те, кто делит первое место',
    'the play-off for first place stands again after this change: its players are again the players tied for first':
        'после этого изменения плей-офф за первое место снова действует: его участники снова делят первое место',
    # -- a proposed pairing (core/pairing/preview.py) --
    'the event changed since this pairing was proposed; pair again':
        'турнир изменён после этой жеребьёвки: проведите жеребьёвку заново',
    # -- results, round robin --
    "'{text}' is not a result; type one of 1-0 0-1 1/2 = +- -+ -- 1-0t 0-1t =t 1-0a 0-1a":
        "'{text}' — не результат; введите одно из: 1-0 0-1 1/2 = +- -+ -- 1-0t 0-1t =t 1-0a 0-1a",
    'a round robin needs at least 2 players, not {n}':
        'в круговом турнире должно быть не меньше 2 участников, а не {n}',
    'round {r} does not exist in a round robin of {n} players':
        "в круговом турнире из {n} {n:plural:участника|участников|участников} нет {r}-го тура",
    'a player appears twice in the round robin':
        'участник дважды указан в круговом турнире',
    'player {player} has no games in this round robin':
        'у участника {player} нет партий в этом круговом турнире',
    # -- undo, redo (core/store) --
    'nothing to undo':
        'отменять нечего',
    'nothing to redo':
        'возвращать нечего',
    ' by {user} ({what})':
        ' (изменил {user}: {what})',
    "cannot undo '{what}': {unit} was changed since{by}":
        "нельзя отменить '{what}': с тех пор изменено «{unit}»{by}",
    "cannot redo '{what}': {unit} was changed since{by}":
        "нельзя вернуть '{what}': с тех пор изменено «{unit}»{by}",
    "the event's settings":
        'настройки турнира',
    "the event's setup":
        'настройки турнира',
    'player {pid}':
        'участник {pid}',
    '{stage} round {number}':
        'тур {number} {stage:gen}',
    '{stage} round {number} board {board}':
        'тур {number} {stage:gen}, доска {board}',
    '{stage} round {number} table {table}':
        'тур {number} {stage:gen}, стол {table}',
    '{stage} round {number} table {table} board {board}':
        'тур {number} {stage:gen}, стол {table}, доска {board}',
    # -- the event file (core/store/codec.py, checks.py, stages.py, files.py) --
    'expected {kind}, found {v}':
        'ожидается {kind}, а здесь {v}',
    'must be a whole number from {lo} to {hi}, not {v}':
        'должно быть целое число от {lo} до {hi}, а здесь {v}',
    'a text of {size} characters is too long: at most {most}':
        "текст из {size} {size:plural:символа|символов|символов} слишком длинный: не больше {most}",
    'must be one of {known}, not {v}':
        'должно быть одно из: {known}; а здесь {v}',
    'expected a round number like "3", found {v}':
        'ожидается номер тура, например "3", а здесь {v}',
    'expected points like 1, 0.5 or "1/2", found {v}':
        'ожидаются очки, например 1, 0.5 или "1/2", а здесь {v}',
    'points are a multiple of 0.1 from 0 to {most}, not {v}':
        'очки — число, кратное 0.1, от 0 до {most}, а здесь {v}',
    'player {pid} appears twice':
        'участник {pid} указан дважды',
    'the [{section}] section':
        'раздел [{section}]',
    'the file is too big for an event: {size} characters (at most {most})':
        "файл слишком велик для турнира: {size} {size:plural:символ|символа|символов} (не больше {most})",
    'arrays or tables are nested too deeply for an event file':
        'массивы или таблицы вложены слишком глубоко для файла турнира',
    # -- input and output at the edges: numbers, lists, sizes, locks, links, read-only files --
    'a number is too big: no value of an event has more than {most} digits':
        "слишком большое число: ни одно значение турнира не длиннее {most} {most:plural:цифры|цифр|цифр}",
    'line {line}: a number of {digits} digits is too big: no value of an event has more than {most} digits':
        "строка {line}: число из {digits} {digits:plural:цифры|цифр|цифр} слишком велико: ни одно значение турнира не длиннее {most} {most:plural:цифры|цифр|цифр}",
    '{n} tie-breaks are too many: at most {most}':
        "{n} {n:plural:дополнительный показатель|дополнительных показателя|дополнительных показателей} — слишком много: не больше {most}",
    '{what}: a number of {digits} digits is too big: at most {most} digits':
        "{what}: число из {digits} {digits:plural:цифры|цифр|цифр} слишком велико: не больше {most} {most:plural:цифры|цифр|цифр}",
    'is a folder, not a file':
        'это папка, а не файл',
    # core/formats/output.py: outputs in a shared folder (issue 26.5)
    'is a symbolic link made by another user ({owner}): arbiter does not follow it into another file; remove it or '
    'choose another name':
        'это символическая ссылка другого пользователя ({owner}): arbiter не пишет по ней в другой файл; удалите её '
        'или выберите другое имя',
    'is read-only (mode {mode}): arbiter does not replace it; make it writable (chmod u+w) or choose another name':
        "файл только для чтения (права {mode}): arbiter его не заменяет; разрешите запись ('chmod u+w') или выберите "
        "другое имя",
    'is read-only (mode {mode}): arbiter does not change it; make it writable (chmod u+w) to go on':
        'файл только для чтения (права {mode}): arbiter его не меняет; чтобы продолжить, разрешите запись ("chmod u+w")',
    'is a pipe nobody reads: nothing was written':
        'это канал, который никто не читает: ничего не записано',
    # core/formats/csvio.py: registration files as they come (issue 21.4)
    'columns ignored (arbiter does not know them): {columns}':
        'столбцы пропущены (arbiter их не знает): {columns}',
    'read as {encoding} (the file is not UTF-8)':
        'прочитан как {encoding} (файл не в UTF-8)',
    'not {encoding} text (byte {start}); leave --encoding out to let arbiter tell':
        'не текст в {encoding} (байт {start}); уберите --encoding, и arbiter определит кодировку сам',
    'not UTF-16 text (byte {start})':
        'не текст в UTF-16 (байт {start})',
    'not UTF-8 text (byte {start}), and its letters do not say which encoding it is':
        'не текст в UTF-8 (байт {start}), и по буквам не понять кодировку',
    "unknown encoding '{encoding}' (known: {known})":
        "неизвестная кодировка '{encoding}' (возможны: {known})",
    'more than {most} players':
        "больше {most} {most:plural:участника|участников|участников}",
    "FIDE id '{v}' is not a number":
        "FIDE ID '{v}' — не число",
    "sex '{v}' is not m or f (male or female; м or ж)":
        "пол '{v}' — не m и не f (м или ж)",
    "birth '{v}' is not a year or a date (1987, 17.05.1987, 1987-05-17)":
        "рождение '{v}' — не год и не дата (1987, 17.05.1987, 1987-05-17)",
    'is not a plain file (a pipe, a device): arbiter reads a file, or standard input named as -':
        'это не обычный файл (канал, устройство): arbiter читает файл или стандартный ввод, названный -',
    'schema {schema} is not supported (this arbiter reads schema = {SCHEMA})':
        'schema {schema} не поддерживается (эта версия arbiter читает schema = {SCHEMA})',
    '{n} players are too many: at most {most}':
        "{n} {n:plural:участник|участника|участников} — слишком много: не больше {most}",
    'must be win > draw >= loss, not {win}, {draw}, {loss}':
        'должно быть: победа > ничья >= поражение, а здесь {win}, {draw}, {loss}',
    "'table' is missing: the event has {tables} tables":
        "не указан 'table': в турнире столов: {tables}",
    'player {pid} cannot play himself':
        'участник {pid} не может играть сам с собой',
    'a player cannot be forbidden to meet himself':
        'нельзя запретить участнику встречу с самим собой',
    'expected round = "half"|"zero"|"full", found {r} = {kind}':
        'ожидается тур = "half"|"zero"|"full", а здесь {r} = {kind}',
    'a {system} event has no {stage} rounds':
        'в турнире с системой {system} нет туров {stage:gen}',
    'a {stage} round needs the [{stage_key}] section':
        'для тура {stage:gen} нужен раздел [{stage_key}]',
    'expected a time like "2026-11-30T12:45:00+00:00", found {v}':
        'ожидается время, например "2026-11-30T12:45:00+00:00", а здесь {v}',
    'player {pid} plays on table {t}, not on table {table}':
        'участник {pid} играет за столом {t}, а не за столом {table}',
    '{what} cannot be saved: {key}: {problem}':
        'не удалось сохранить: {what}, {key}: {problem}',
    '{what} cannot be saved: {problem}':
        'не удалось сохранить: {what}: {problem}',
    '{what} cannot be saved: the text {text} holds bytes that are not UTF-8':
        'не удалось сохранить: {what}: в тексте {text} есть байты не в UTF-8',
    'a {system} event has no [swiss] section':
        'в турнире с системой {system} нет раздела [swiss]',
    'a {system} event has no [roundrobin] section':
        'в турнире с системой {system} нет раздела [roundrobin]',
    'a top of {size} has {size} seeds, not {n}':
        "в топе из {size} {size:plural:участника|участников|участников} {size} {size:plural:посеянный|посеянных|посеянных}, а здесь {n}",
    'a play-off has 2 to 10 players (the best 8 of 11 or more), not {n}':
        'в плей-офф от 2 до 10 участников (лучшие 8 из 11 и более), а здесь {n}',
    'a play-off of {n} players is a {format}, not {v}':
        "плей-офф из {n} {n:plural:участника|участников|участников} — это {format}, а здесь {v}",
    'a player of the play-off cannot be excluded from it':
        'участник плей-офф не может быть из него исключён',
    'expected [table, [player ids]] like [1, [4, 9]]':
        'ожидается [стол, [номера участников]], например [1, [4, 9]]',
    'expected [pairing number, player id] like [1, 7]':
        'ожидается [стартовый номер, номер участника], например [1, 7]',
    'the groups (two or three) hold every player of the play-off once':
        'в группах (двух или трёх) каждый участник плей-офф ровно один раз',
    'only a play-off in groups has groups':
        'группы есть только у плей-офф в группах',
    'expected "round.board" = "game" like "1.1" = "p.g1"':
        'ожидается "тур.доска" = "партия", например "1.1" = "p.g1"',
    'a play-off group has 3 or 5 players, not {n}':
        'в группе плей-офф 3 или 5 участников, а здесь {n}',
    "'{key}' is missing":
        "не указано '{key}'",
    'a whole number':
        'целое число',
    'text':
        'текст',
    'true or false':
        'true или false',
    'a list':
        'список',
    'a table':
        'таблица',
    '{a} or {b}':
        '{a} или {b}',
    'not a valid TOML file: {msg}':
        'некорректный файл TOML: {msg}',
    'must be "w" or "b"':
        'должно быть "w" или "b"',
    'unknown kind of points (known: {known})':
        'неизвестный вид очков (возможны: {known})',
    'expected a pair of player ids like [3, 7]':
        'ожидается пара номеров участников, например [3, 7]',
    'expected a list of tie-break codes like ["BH-C1", "SB"]':
        'ожидается список кодов дополнительных показателей, например ["BH-C1", "SB"]',
    'expected a list of club names':
        'ожидается список названий клубов',
    'must be "rating" or "id"':
        'должно быть "rating" или "id"',
    'unknown setting':
        'неизвестная настройка',
    'unknown top-level key':
        'неизвестный ключ верхнего уровня',
    'player {x} is not in the event':
        'участника {x} нет в турнире',
    'expected a table':
        'ожидается таблица',
    'player id {pid} appears twice':
        'номер участника {pid} встречается дважды',
    'unknown player field':
        'неизвестное поле участника',
    "'name' is missing":
        "не указано 'name'",
    'table {t} does not exist (the event has {tables})':
        'стола {t} нет (в турнире столов: {tables})',
    "unknown stage '{stage}' (one of {known})":
        "неизвестный этап '{stage}' (возможны: {known})",
    '{stage} round {number} appears twice':
        'тур {number} {stage:gen} встречается дважды',
    'unknown round field':
        'неизвестное поле тура',
    'expected a table like {{board = 1, first = 3, second = 8}}':
        'ожидается таблица вида {{board = 1, first = 3, second = 8}}',
    'unknown game field':
        'неизвестное поле партии',
    'board {board} appears twice in {stage} round {number}':
        'доска {board} встречается дважды в туре {number} {stage:gen}',
    'player {pid} is not in the event':
        'участника {pid} нет в турнире',
    'player {pid} plays twice in {stage} round {number} (boards {b1} and {b2})':
        'участник {pid} играет дважды в туре {number} {stage:gen}: доски {b1} и {b2}',
    "'bye' is the result of a board without a second player, and only of such a board":
        "'bye' — результат доски без второго участника, и только такой доски",
    'cannot take the lock: {strerror}':
        'не удалось взять блокировку: {strerror}',
    'no such file':
        'файла нет',
    "the column '{c}' is there twice":
        "столбец '{c}' указан дважды",
    'there is no folder {folder}':
        'нет папки {folder}',
    'is a folder, not an event file':
        'это папка, а не файл турнира',
    'cannot read: {strerror}':
        'не удалось прочитать: {strerror}',
    'not UTF-8 text (byte {start})':
        'это не текст в UTF-8 (байт {start})',
    'already exists; arbiter will not overwrite it':
        'уже существует; arbiter его не перезапишет',
    'the disk is full: nothing was changed, the file is as it was':
        'диск заполнен: ничего не изменено, файл остался прежним',
    'cannot write: {strerror}; the file is as it was':
        'не удалось записать: {strerror}; файл остался прежним',
    # -- durability, the lock, symlinks (core/store/files.py, journal.py, __init__.py) --
    'is a symbolic link: arbiter does not follow it (remove it; arbiter makes a plain file in its place)':
        'это символическая ссылка: arbiter по ней не переходит (удалите её; arbiter создаст на её месте обычный файл)',
    'is not a plain file: arbiter does not use it':
        'это не обычный файл: arbiter его не использует',
    'another session (it did not say who)':
        'другой сеанс (он не сообщил, чей)',
    '{who} (pid {pid}) since {since}: {doing}':
        '{who} (pid {pid}) с {since}: {doing}',
    '{who} (pid {pid}) since {since}':
        '{who} (pid {pid}) с {since}',
    'locked by {holder} for {seconds} s: gave up, nothing was changed':
        'файл занят уже {seconds} с: {holder}; ожидание прекращено, ничего не изменено',
    '{path} is locked by {holder}; waiting (at most {seconds} s)':
        '{path} занят: {holder}; ожидание (не дольше {seconds} с)',
    'the journal {file} ended in a cut line (a crash or a full disk while saving): {n} bytes removed':
        'журнал {file} кончался оборванной строкой (сбой или переполненный диск при сохранении): удалено байт: {n}',
    'the last journal entry ({what}) never reached the event file (the change was interrupted): it is removed from the journal':
        'последняя запись журнала ({what}) не попала в файл турнира (изменение было прервано): она удалена из журнала',
    'cannot repair the journal: {strerror}; nothing was changed':
        'не удалось исправить журнал: {strerror}; ничего не изменено',
    'the event changed {n} times while this change was being prepared; try again':
        "турнир изменился {n} {n:plural:раз|раза|раз}, пока готовилось это изменение; попробуйте ещё раз",
    # -- the Dutch system (core/swiss) --
    'can meet {can} of the other {others} players to pair (earlier games, forbidden pairs, absolute {colour} colour preference)':
        "может встретиться лишь с {can} из {others} {others:plural:другого участника|других участников|других участников} жеребьёвки (уже сыгранные партии, запрещённые пары, абсолютное цветовое предпочтение: {colour})",
    'can meet {can} of the other {others} players to pair (earlier games, forbidden pairs)':
        "может встретиться лишь с {can} из {others} {others:plural:другого участника|других участников|других участников} жеребьёвки (уже сыгранные партии, запрещённые пары)",
    'not eligible for the bye (already had a PAB or a win without playing)':
        'не может получить бай (уже был бай или победа без игры)',
    'nobody is eligible for the pairing-allocated bye':
        'никто не может получить бай',
    'no legal pairing for round {k}: {why} (players {names})':
        'правильной жеребьёвки {k}-го тура нет: {why} (участники {names})',
    'no player to pair in round {k}':
        'в {k}-м туре некого ставить в пары',
    'nobody can receive the pairing-allocated bye':
        'никто не может получить бай',
    'the players cannot all be paired (rematches, forbidden pairs or colours)':
        'всех участников нельзя разбить на пары (повторные встречи, запрещённые пары или цвета)',
    'bracket {score} cannot be completed':
        'очковую группу {score} нельзя разбить на пары',
    'players left unpaired':
        'остались участники без пары',
    'the total number of rounds is missing (XXR or 142)':
        'не указано общее число туров (XXR или 142)',
    'all {n} rounds (XXR or 142) have been paired: there is no round to pair':
        'жеребьёвка всех туров ({n}, XXR или 142) уже проведена: следующего тура нет',
    'round 1 needs the initial colour (XXC white1/black1 or 152 W/B)':
        'для 1-го тура нужен начальный цвет (XXC white1/black1 или 152 W/B)',
    'Baku acceleration needs win = 2 x draw and loss = 0':
        'для бакинской акселерации нужно: победа = 2 × ничья, поражение = 0',
    # -- team events (core/teams/, core/teams/matches.py) --
    '[teams] {key}: {what}':
        'раздел [teams], {key}: {what}',
    'expected a list of player ids like [4, 9, 2, 7]':
        'ожидается список номеров участников, например [4, 9, 2, 7]',
    'round keys are round numbers like "3", not {k!r}':
        'ключи — номера туров, например "3", а не {k!r}',
    'this is not a team event (no [teams] section)':
        'это не командный турнир (нет раздела [teams])',
    'expected a whole number of boards from 1 to {most}':
        'ожидается целое число досок от 1 до {most}',
    'match points are multiples of 0.1 from 0 to {most}':
        'командные очки — числа, кратные 0.1, от 0 до {most}',
    'expected a whole number from {lo} to {hi}':
        'ожидается целое число от {lo} до {hi}',
    'expected [win, draw, loss] like [2, 1, 0]':
        'ожидается [победа, ничья, поражение], например [2, 1, 0]',
    'must be win > draw >= loss':
        'должно быть: победа > ничья >= поражение',
    'must be "draw" or "win"':
        'должно быть "draw" или "win"',
    'expected a list of distinct team names':
        'ожидается список разных названий команд',
    'expected a table team = [ids]':
        'ожидается таблица команда = [номера]',
    'expected a table "round" = {{team = [ids]}}':
        'ожидается таблица "тур" = {{команда = [номера]}}',
    'expected a table "round" = "team"':
        'ожидается таблица "тур" = "команда"',
    'expected a list of team tie-break codes':
        'ожидается список кодов командных дополнительных показателей',
    'expected a list of pairs of team names like [["Rooks", "Knights"]]':
        'ожидается список пар названий команд, например [["Rooks", "Knights"]]',
    'expected a pair of two different team names like ["Rooks", "Knights"]':
        'ожидается пара из двух разных названий команд, например ["Rooks", "Knights"]',
    "no team '{name}' in this event":
        "в этом турнире нет команды '{name}'",
    'a round robin follows its Berger table: forbidden pairs are for a team Swiss':
        'круговая система идёт по таблице Бергера: запрещённые пары — только для командной швейцарской системы',
    'a team cannot be paired with itself anyway':
        'команда и так не может играть сама с собой',
    "teams '{a}' and '{b}' are not a forbidden pair":
        "команды '{a}' и '{b}' не значатся запрещённой парой",
    'a team event needs at least 1 board per match':
        'командному турниру нужна хотя бы 1 доска в матче',
    'a team event has one table':
        'в командном турнире один стол',
    'a team event has no knockout top':
        'в командном турнире нет топа',
    'match points must be win > draw >= loss, e.g. 2,1,0 or 3,1,0':
        'очки за матч: должно быть победа > ничья >= поражение, например 2,1,0 или 3,1,0',
    "no team '{name}' (teams: none yet)":
        "команды '{name}' нет (команд пока нет)",
    "no team '{name}' (teams: {known})":
        "команды '{name}' нет (команды: {known})",
    "team '{name}': no player with id {pid}":
        "команда '{name}': нет участника с номером {pid}",
    "plays for '{team}'":
        "играет за '{team}'",
    'has no team':
        'без команды',
    "team '{name}': {name2} ({pid}) {other}, not for '{name}'":
        "команда '{name}': {name2} ({pid}) — {other}, а не за '{name}'",
    "team '{name}': {n} players for {boards} boards: a line-up has one player a board":
        "команда '{name}': {n} {n:plural:участник|участника|участников} на {boards} {boards:plural:доску|доски|досок}: в составе по одному участнику на доску",
    "team '{name}': {n} players for {boards} boards: name one player for every board":
        "команда '{name}': {n} {n:plural:участник|участника|участников} на {boards} {boards:plural:доску|доски|досок}: назовите участника для каждой доски",
    'a bye is requested':
        'запрошен пропуск тура',
    'withdrawn from round {r}':
        'выбыл с {r}-го тура',
    'entered from round {r}':
        'играет с {r}-го тура',
    "team '{name}': {name2} ({pid}) cannot play round {round_no} ({why})":
        "команда '{name}': {name2} ({pid}) не может играть в {round_no}-м туре ({why})",
    "team '{name}' has {n} player(s) who can play round {round_no}, a match needs {boards}":
        "у команды '{name}' {n} {n:plural:участник|участника|участников} {n:plural:может|могут|могут} играть в {round_no}-м туре, а для матча нужно {boards}",
    'round {round_no} is already paired: line-ups are set before pairing (next round {nxt})':
        'жеребьёвка {round_no}-го тура уже проведена: составы задают до жеребьёвки (следующий тур — {nxt}-й)',
    "team '{name}' has no line-up stored for round {round_no}":
        "у команды '{name}' нет сохранённого состава на {round_no}-й тур",
    "team '{name}': a player is twice on the roster":
        "команда '{name}': участник дважды в списке команды",
    "team '{name}': the roster must list every player of the team; missing {ids}":
        "команда '{name}': в списке должны быть все участники команды; не хватает: {ids}",
    'the team numbers are fixed: round 1 has been paired':
        'номера команд уже определены: жеребьёвка 1-го тура проведена',
    'a team is named twice':
        'команда названа дважды',
    'name every team; missing {names}':
        'назовите все команды; не хватает: {names}',
    'round {number} board {board}: a team event has no single-player bye':
        'тур {number}, доска {board}: в командном турнире не бывает бая одного участника',
    'round {number} match {m}: board {board} is not between two teams':
        'тур {number}, матч {m}: на доске {board} играют не две команды',
    'round {number} board {board}: not a game of {t_first} - {t_second}':
        'тур {number}, доска {board}: это не партия матча {t_first} - {t_second}',
    'in a team event every player needs a team: {who} has none':
        'в командном турнире у каждого участника должна быть команда, а у этих её нет: {who}',
    'round {number}: match {first_name} - {second_name} still misses results':
        'тур {number}: в матче {first_name} - {second_name} ещё не хватает результатов',
    'a team event needs at least two teams ({n} so far)':
        'в командном турнире нужно не меньше двух команд (пока их {n})',
    '--lots is for round robins (Berger numbers)':
        '--lots — только для круговой системы (номера по таблицам Бергера)',
    'fewer than two teams can play this round':
        'в этом туре могут играть меньше двух команд',
    '[teams] berger is missing but rounds have been paired':
        'в [teams] нет berger, а жеребьёвка туров уже была',
    'team(s) {names} joined after the round robin started':
        'команды {names} добавлены после начала кругового турнира',
    "team '{name}' has nobody who can play round {k}":
        "у команды '{name}' нет никого, кто может играть в {k}-м туре",
    "unknown team tie-break '{code}'; known: MP, GP, MPvGP, EMMSB, EMGSB, EGMSB, EGGSB (and -Cn), BH-MP, BH-GP (and -Cn), EDE, BC, TBR, BBE, SSSC":
        "неизвестный командный дополнительный показатель '{code}'; возможны: MP, GP, MPvGP, EMMSB, EMGSB, EGMSB, EGGSB (и -Cn), BH-MP, BH-GP (и -Cn), EDE, BC, TBR, BBE, SSSC",
    '--after-round {after_round}: {paired} round(s) have been paired':
        "--after-round {after_round}: жеребьёвка проведена в {paired} {paired:plural:туре|турах|турах}",
    "unknown edition '{edition}' (one of fide2024, fide2026, legacy)":
        "неизвестная редакция правил '{edition}' (возможны: fide2024, fide2026, legacy)",
    "unknown format '{fmt}' (text, csv or json)":
        "неизвестный формат '{fmt}' (text, csv или json)",
    'no round has been paired yet':
        'жеребьёвки ещё не было',
    "unknown format '{fmt}' (text or json)":
        "неизвестный формат '{fmt}' (text или json)",
    'team {name!r}: a player is twice on the roster':
        'команда {name!r}: участник дважды в списке команды',
    "won_by must be 'half' or 'more', not {won_by!r}":
        "won_by: 'half' или 'more', а не {won_by!r}",
    "a match of {boards} boards cannot score {a} - {b}":
        "матч на {boards} досках не может закончиться со счётом {a} - {b}",
    'a team match has at least one board':
        'в командном матче должна быть хотя бы одна доска',
    'team {name!r}: a line-up has {boards} boards, not {n}':
        "команда {name!r}: в составе {boards} {boards:plural:доска|доски|досок}, а не {n}",
    'team {name!r}: player {p} is not on the roster':
        'команда {name!r}: участника {p} нет в списке команды',
    'team {name!r}: a player is on two boards':
        'команда {name!r}: участник на двух досках',
    'team {name!r}: the line-up must keep the roster order':
        'команда {name!r}: состав должен идти в порядке списка команды',
    'both teams must field the same number of boards':
        'у обеих команд должно быть одинаковое число досок',
    '{result!r} is not a result':
        '{result!r} — не результат',
    'board {board} has an empty seat: no result to enter':
        'на доске {board} пустое место: результата вносить некуда',
    'the match has no board {k}':
        'в матче нет доски {k}',
    'unknown tie-break {code!r}; known: PTS, DE, WIN, WON, BPG, BWG, REP, PS, PS-Cn, BH, BH-Cn, BH-Mn, FB, AOB, SBH, SB, SB-Cn, KS, KS-E, KS-R, ARO, ARO-Cn, TPR, TPR-400, PTP, APRO, APPO, QW, STD, RTNG, TPN':
        'неизвестный дополнительный показатель {code!r}; возможны: PTS, DE, WIN, WON, BPG, BWG, REP, PS, PS-Cn, BH, BH-Cn, BH-Mn, FB, AOB, SBH, SB, SB-Cn, KS, KS-E, KS-R, ARO, ARO-Cn, TPR, TPR-400, PTP, APRO, APPO, QW, STD, RTNG, TPN',
    # core/event/seating.py: players to tables
    "unknown way to seat players '{method}' (rating or lots)":
        "неизвестный способ рассадки '{method}' (rating — по рейтингу змейкой, lots — по жребию)",
    'the event has one table: there is nothing to distribute':
        'в турнире один стол: распределять некого',
    'the Swiss has started: players keep their tables':
        'швейцарская система началась: игроки остаются за своими столами',
    'table {table} has paired a round: players keep their tables':
        'за столом {table} уже составлены пары тура: игроки остаются за своими столами',
    'a round robin is played on one table':
        'круговой турнир играется за одним столом',
    'every player has a table already':
        'у каждого игрока уже есть стол',
    'the event has one table: a player cannot move to another':
        'в турнире один стол: пересаживать некуда',
    'there is no table {table}: the event has tables 1 to {n}':
        'стола {table} нет: в турнире столы с 1 по {n}',
    '{name} ({pid}) is at table {table} already':
        '{name} ({pid}) уже за столом {table}',
    # core/event/commands.py: the round clock's typed minutes (705.3)
    "the round's time is {low} to {high} minutes (705.3), not {minutes}":
        "время тура — от {low} до {high} минут (705.3), а не {minutes}",
    # core/event/slips.py: a result by a player (the TUI's ':' line)
    "'{text}' is not a player's score; type 1 0 = + - (1t 0t =t technical, 1a 0a agreed) or a result such as 1-0 "
    "read from the player's side":
        "'{text}' — не очки участника; введите 1 0 = + - (1t 0t =t техническое, 1a 0a по соглашению) или результат "
        "вида 1-0 со стороны участника",
    "no player matches '{who}'":
        "нет участника, подходящего под '{who}'",
    '{name} ({pid}) has no board in round {round}':
        '{name} ({pid}) не играет ни на одной доске в туре {round}',
    '{name} ({pid}) has no board in round {round} of table {table}':
        '{name} ({pid}) не играет ни на одной доске в туре {round} стола {table}',
    "no player on the boards of round {round} matches '{who}'":
        "среди игроков тура {round} нет подходящего под '{who}'",
    # -- errors the command line and the TUI make with fields (tui/) --
    "--interval {interval}: must be more than 0 seconds":
        "--interval {interval}: нужно больше 0 секунд",
    "--host {host}: serving the display beyond this machine needs --public (everyone who can reach {host}:{port} "
    "sees the event)":
        "--host {host}: чтобы показывать табло за пределами этого компьютера, нужен --public (турнир увидит "
        "каждый, кто может подключиться к {host}:{port})",
    "--name {name}: not a host name (letters, digits, '-' and dots)":
        "--name {name}: это не имя компьютера (только буквы, цифры, «-» и точки)",
    "--host {host} --port {port}: cannot serve the display there: {error}":
        "--host {host} --port {port}: табло здесь показать нельзя: {error}",
    # == the journal's descriptions of changes (core/msg/journal_templates.py) ==
    # results (the TUI's keys and ':' line, `arbiter result`)
    "result {stage} round {round} board {board}: {result}":
        "результат: {stage}, тур {round}, доска {board}: {result}",
    "result {stage} round {round} table {table} board {board}: {result}":
        "результат: {stage}, тур {round}, стол {table}, доска {board}: {result}",
    "result {stage} round {round} board {board}: cleared":
        "результат стёрт: {stage}, тур {round}, доска {board}",
    "result {stage} round {round} table {table} board {board}: cleared":
        "результат стёрт: {stage}, тур {round}, стол {table}, доска {board}",
    "moves {stage} round {round} board {board}: {moves}":
        "число ходов: {stage}, тур {round}, доска {board}: {moves}",
    "technical draws (705.3) round {round} boards {boards}":
        "ничьи по решению судьи (705.3): тур {round}, доски {boards}",
    # the round clock (705.3)
    "round clock {stage} round {round}":
        "время тура: {stage}, тур {round}",
    "round clock {stage} round {round} table {table}":
        "время тура: {stage}, тур {round}, стол {table}",
    "round clock {stage}: {minutes} minutes on every table":
        "время тура: {stage}, {minutes} мин. на всех столах",
    "round clock {stage} round {round}: {minutes} minutes":
        "время тура: {stage}, тур {round}, {minutes} мин.",
    "round clock {stage} round {round} table {table}: {minutes} minutes":
        "время тура: {stage}, тур {round}, стол {table}, {minutes} мин.",
    # pairing (the TUI's preview, `arbiter pair`)
    "pair next round":
        "жеребьёвка следующего тура",
    "pair next round of table {table}":
        "жеребьёвка следующего тура, стол {table}",
    "pair next round (by hand: {changes})":
        "жеребьёвка следующего тура (вручную: {changes})",
    "pair next round of table {table} (by hand: {changes})":
        "жеребьёвка следующего тура, стол {table} (вручную: {changes})",
    "pair round {rounds}":
        "жеребьёвка тура {rounds}",
    "pair round {rounds} of table {table}":
        "жеребьёвка тура {rounds}, стол {table}",
    "pair round {rounds} (by hand: {changes})":
        "жеребьёвка тура {rounds} (вручную: {changes})",
    "pair round {rounds} of table {table} (by hand: {changes})":
        "жеребьёвка тура {rounds}, стол {table} (вручную: {changes})",
    "pair next round, allowing a rematch of {pair}":
        "жеребьёвка следующего тура, разрешена повторная встреча {pair}",
    "pair next round of table {table}, allowing a rematch of {pair}":
        "жеребьёвка следующего тура, стол {table}, разрешена повторная встреча {pair}",
    "pair round {round} by hand":
        "жеребьёвка тура {round} вручную",
    "take back the pairing of round {round}":
        "отмена жеребьёвки тура {round}",
    # changes by hand to a pairing
    "swap colours on board {board}":
        "смена цвета на доске {board}",
    "exchange players {a} and {b}":
        "обмен участников {a} и {b} местами",
    "bye by hand for player {pid}":
        "бай вручную участнику {pid}",
    # the event
    "set the event's details":
        "изменены сведения о турнире",
    # stages
    "start the top":
        "начало топа",
    "start the play-off":
        "начало плей-офф",
    "take back the play-off":
        "плей-офф отменён",
    # players
    "add player {name}":
        "новый участник: {name}",
    "edit player {pid}":
        "изменены данные участника {pid}",
    "at once: {changes}":
        "одним изменением: {changes}",
    "withdraw player {pid}":
        "участник {pid} выбыл",
    "move player {pid} to table {table}":
        "участник {pid} пересажен за стол {table}",
    "import {n} players from {file}":
        "импорт {n} {n:plural:участника|участников|участников} из {file}",
    "half bye for player {pid} in round {round}":
        "пропуск тура {round} с ½ очка: участник {pid}",
    "zero bye for player {pid} in round {round}":
        "пропуск тура {round} без очков: участник {pid}",
    "full bye for player {pid} in round {round}":
        "пропуск тура {round} с 1 очком: участник {pid}",
    "none bye for player {pid} in round {round}":
        "отмена пропуска тура {round}: участник {pid}",
    "forbid pairing {a} with {b}":
        "запрет встречи участников {a} и {b}",
    "allow pairing {a} with {b}":
        "снят запрет встречи участников {a} и {b}",
    "forbid games within club {club}":
        "запрет встреч внутри клуба {club}",
    "allow games within club {club}":
        "снят запрет встреч внутри клуба {club}",
    # the end of the event
    "add category {name}": "добавлена категория {name}",
    "edit category {name}": "изменена категория {name}",
    "rename category {name} to {other}": "категория {name} переименована в {other}",
    "move category {name} to position {n}": "категория {name} перемещена на позицию {n}",
    "remove category {name}": "удалена категория {name}",
    "add prize {name}": "добавлен приз {name}",
    "edit prize {name}": "изменён приз {name}",
    "rename prize {name} to {other}": "приз {name} переименован в {other}",
    "move prize {name} to position {n}": "приз {name} перемещён на позицию {n}",
    "remove prize {name}": "удалён приз {name}",
    "prize sharing: none": "раздел призовых: не делятся",
    "prize sharing: equal": "раздел призовых: поровну",
    "prize sharing: hort": "раздел призовых: по системе Хорта",
    "prize sharing: winners": "раздел призовых: поровну между призёрами",
    "trophies at a shared place: by the Swiss order": "кубки на разделённом месте: по швейцарскому порядку",
    "trophies at a shared place: by lot": "кубки на разделённом месте: по жребию",
    "prize split (704.4) of players {players}: parts {parts}":
        "раздел призов (704.4) участников {players}: доли {parts}",
    "take back the prize split of player {pid}": "отменён раздел призов участника {pid}",
    "draw lots for the final ranking: {draws}": "жребий за итоговые места: {draws}",
    "ties after every tie-break: shared places": "равенство по всем доп. показателям: места делятся",
    "ties after every tie-break: by lot": "равенство по всем доп. показателям: решает жребий",
    # teams
    "roster of team {team}":
        "состав команды {team}",
    "line-up of team {team} for round {round}":
        "расстановка команды {team} на тур {round}",
    "clear the line-up of team {team} for round {round}":
        "расстановка команды {team} на тур {round} стёрта",
    "forbid teams {team} and {other} to meet":
        "запрет встречи команд {team} и {other}",
    "allow teams {team} and {other} to meet":
        "снят запрет встречи команд {team} и {other}",
    "fix the team numbers":
        "номера команд закреплены",
    "swap the order of match {match}": "поменять порядок команд в матче {match}",
    "exchange teams {team} and {other}": "поменять местами команды {team} и {other}",
    "bye by hand for team {team}": "бай вручную команде {team}",
    # undo and redo (core/store journals them as "undo <what>", "redo <what>")
    "undo {what}":
        "отмена: {what}",
    "redo {what}":
        "возврат: {what}",
    # players to tables (core/event/seating.py: the TUI's players screen, `arbiter players distribute`)
    "seat players at tables by rating":
        "рассадка участников по столам по рейтингу (змейкой)",
    "seat players at tables by lot":
        "рассадка участников по столам по жребию",
    # == the top: who went through a drawn game and why (705.2), the aims of the seeding (704.2) (core/knockout/) ==
    "{more} against {less}":
        "{more} против {less}",
    "points before the top equal ({points}); {more} against {less}":
        "очки до топа равны ({points}); {more} против {less}",
    "points before the top ({points}) and quality of wins ({quality}) equal":
        "очки до топа ({points}) и качество побед ({quality}) равны",
    "{more}-{less} on points":
        "{more}-{less} по очкам",
    "nobody meets a player of their own table in the first round":
        "в первом туре никто не играет с участником своего стола",
    "{n} first-round pair(s) from the same table":
        "{n} {n:plural:пара|пары|пар} первого тура из одного стола",
    "table winners can meet in round {round} at the earliest (best possible: round {best})":
        "победители столов могут встретиться не раньше {round}-го тура (лучшее возможное: {best}-й тур)",
    "only one table winner":
        "только один победитель стола",
    "the 1st and 2nd of a table can meet in round {round} at the earliest (best: the final, round {best})":
        "1-й и 2-й одного стола могут встретиться не раньше {round}-го тура (лучше всего: в финале, {best}-й тур)",
    "no table sends two players":
        "ни один стол не выводит двух участников",
    # == the play-off for first place (core/playoff/plan.py, core/playoff/stage.py: `arbiter playoff`) ==
    # the formats (32.5.6)
    "mini-match of two games at 3+5, then Armageddon if level (32.5.6.1)":
        "мини-матч из двух партий 3+5, при равенстве — Армагеддон (32.5.6.1)",
    "round robin at 3+5, then an Armageddon round robin, then the fewest moves (32.5.6.2)":
        "круговой турнир 3+5, затем круговой турнир Армагеддонов, затем наименьшее число ходов (32.5.6.2)",
    "knockout 1-4 and 2-3, numbers by lot (32.5.6.3)":
        "олимпийская система 1-4 и 2-3, номера по жребию (32.5.6.3)",
    "round robin at 3+5; then as for 4, 3 or 2 level players (32.5.6.4)":
        "круговой турнир 3+5; затем как для 4, 3 или 2 участников с равными очками (32.5.6.4)",
    "groups {{1,4,5}} and {{2,3,6}} by tie-break order, each as for 3; winners play Armageddon (32.5.6.5)":
        "группы {{1,4,5}} и {{2,3,6}} по дополнительным показателям, в каждой как для 3; победители играют "
        "Армагеддон (32.5.6.5)",
    "Armageddon round robin; if level, the fewest moves (32.5.6.6)":
        "круговой турнир Армагеддонов; при равенстве — наименьшее число ходов (32.5.6.6)",
    "knockout 1-8, 2-7, 3-6, 4-5 by tie-break order (32.5.6.7)":
        "олимпийская система 1-8, 2-7, 3-6, 4-5 по дополнительным показателям (32.5.6.7)",
    "groups A {{1,5,9}}, B {{2,6,7}}, C {{3,4,8}}, each as for 3; winners as for 3 (32.5.6.8)":
        "группы A {{1,5,9}}, B {{2,6,7}}, C {{3,4,8}}, в каждой как для 3; победители — как для 3 (32.5.6.8)",
    "two groups of five {{1,4,5,8,9}} and {{2,3,6,7,10}}, each as for 5; winners play Armageddon (32.5.6.9)":
        "две группы по пять {{1,4,5,8,9}} и {{2,3,6,7,10}}, в каждой как для 5; победители играют Армагеддон "
        "(32.5.6.9)",
    "players 9th and below are out ({n}); the best 8: {format} (32.5.6.10)":
        "участники с 9-го места и ниже выбывают ({n}); восемь лучших: {format} (32.5.6.10)",
    "Armageddon 5 min / 4 min (a draw wins for the second player)":
        "Армагеддон 5 мин / 4 мин (при ничьей побеждает второй)",
    # the stages of a play-off: the labels of its games
    "Play-off":
        "Плей-офф",
    "Group {name}":
        "Группа {name}",
    "Group winners":
        "Победители групп",
    "{stage}, knockout":
        "{stage}, олимпийская система",
    "{stage}, round robin":
        "{stage}, круговой турнир",
    "{stage}, Armageddon round robin":
        "{stage}, круговой турнир Армагеддонов",
    "{stage}, two level":
        "{stage}, двое с равными очками",
    "{stage}, three level":
        "{stage}, трое с равными очками",
    "{stage}, four level":
        "{stage}, четверо с равными очками",
    "{stage}, five level":
        "{stage}, пятеро с равными очками",
    "{stage}, round {n}":
        "{stage}, тур {n}",
    "{stage}, round {n}, match {match} ({a} v {b})":
        "{stage}, тур {n}, матч {match} ({a} — {b})",
    "{stage}, game {n}":
        "{stage}, партия {n}",
    "{stage}, Armageddon":
        "{stage}, Армагеддон",
    "{stage}, {time_control}":
        "{stage}, {time_control}",
    # what was drawn and decided (`PlayoffState.log`)
    "{stage}: pairing numbers by lot: {numbers}":
        "{stage}: стартовые номера по жребию: {numbers}",
    "{stage}: knockout numbers by lot: {numbers}":
        "{stage}: номера в сетке по жребию: {numbers}",
    "{stage}: scores {scores}":
        "{stage}: очки {scores}",
    "{stage}: {player} wins the Armageddon {first}-{second}":
        "{stage}: {player} побеждает в Армагеддоне {first}-{second}",
    "{stage}: {player} wins the Armageddon {first}-{second} (draw: the second player wins)":
        "{stage}: {player} побеждает в Армагеддоне {first}-{second} (ничья: побеждает второй)",
    "{stage}: {player} wins the mini-match {more}-{less}":
        "{stage}: {player} выигрывает мини-матч {more}-{less}",
    "{stage}: mini-match level 1-1":
        "{stage}: мини-матч вничью 1-1",
    "{stage}: mini-match level 1-1; Armageddon decides [us]":
        "{stage}: мини-матч вничью 1-1; решает Армагеддон [наше решение]",
    "{stage}: nobody scored a point; {player} first by lot [us]":
        "{stage}: никто не набрал очка; {player} первый по жребию [наше решение]",
    "{stage}: {player} scored a point in the fewest moves ({moves})":
        "{stage}: {player} набрал(а) очко за наименьшее число ходов ({moves})",
    "{stage}: {player} scored a point in the fewest moves ({moves}) (equal with {players}: drawn by lot [us])":
        "{stage}: {player} набрал(а) очко за наименьшее число ходов ({moves}) (поровну с {players}: решил жребий "
        "[наше решение])",
    "{stage}: winner {player}":
        "{stage}: победитель {player}",
    "First place: {player}":
        "Первое место: {player}",
    # the report (`arbiter playoff FILE`, the play-off printout)
    "Play-off for first place: {players}":
        "Плей-офф за первое место: {players}",
    "Format: {format}":
        "Формат: {format}",
    "Out (9th and below): {players}":
        "Выбывают (9-е место и ниже): {players}",
    "Now: play-off round {n}":
        "Сейчас: тур плей-офф {n}",
    "board {board}: {first} - {second} {result}  [{label}]":
        "доска {board}: {first} - {second} {result}  [{label}]",
    "Needed: {needs}":
        "Нужно: {needs}",
    "enter the number of moves of the games in {boards}":
        "внесите число ходов в партиях: {boards}",
    "round {round} board {board}":
        "тур {round}, доска {board}",
    # == the command line's text views of a round and the standings (core/formats/text.py) ==
    "Round {n}":
        "Тур {n}",
    "Top round {n}":
        "Топ, тур {n}",
    "Play-off round {n}":
        "Плей-офф, тур {n}",
    "{round}, table {table}":
        "{round}, стол {table}",
    "Not paired: {players}":
        "Не играют: {players}",
    "zero_point_bye":
        "пропуск тура без очков",
    "late_entry":
        "опоздавший участник",
    "bye_seat":
        "свободен от игры",
    "absent_now":
        "отсутствует",
    "{n} result missing":
        "не хватает {n} {n:plural:результата|результатов|результатов}",
    "{n} results missing":
        "не хватает {n} {n:plural:результата|результатов|результатов}",
    "{name}: standings":
        "{name}: турнирная таблица",
    "{name}: standings after round {n}":
        "{name}: турнирная таблица после {n}-го тура",
    # == the end of the event: the final ranking, categories, prizes (core/final/, core/formats/final.py) ==
    "final_ranking": "Итоговые места",
    "final_provisional": "Итоговые места на сейчас (предварительно)",
    "place": "Место",
    "overall": "Общее",
    "note": "Примечание",
    "tbl": "Стол",
    "team": "Команда",
    "nobody": "Никого.",
    "fr_champion": "победитель",
    "fr_final": "финал",
    "fr_third": "победа в матче за 3-е место",
    "fr_fourth": "матч за 3-е место",
    "fr_third_match": "матч за 3-е место не сыгран",
    "fr_semi": "полуфинал",
    "fr_quarter": "четвертьфинал",
    "fr_round_of": "1/{half} финала",
    "fr_still_in": "продолжает игру в топе",
    "fr_playoff": "победитель плей-офф",
    "by_lot": "по жребию",
    "standings_by_lot": "* по жребию: равенство по всем дополнительным показателям, порядок определён жребием",
    "lot_pending": "жребий не брошен",
    "lots_pending_note": "Места {places}: равенство по всем дополнительным показателям; по регламенту решает "
                         "жребий, он ещё не брошен.",
    "prize_list": "Призы",
    "prize_list_provisional": "Призы по положению на сейчас (предварительно)",
    "prize": "Приз",
    "amount": "Сумма",
    "winner": "Призёр",
    "receives": "Получает",
    "no_winner": "нет претендента",
    "no_prizes": "Призов нет.",
    "prize_shared": "делится между {n} {n:plural:участником|участниками|участниками}",
    "prize_hort": "система Хорта: {n} {n:plural:участник|участника|участников} с равными очками",
    "prize_split": "704.4: раздел по договорённости участников {ids}",
    "sharing_none": "Деньги участников с равными очками: не делятся (решают места)",
    "sharing_equal": "Деньги участников с равными очками: делятся поровну",
    "sharing_hort": "Деньги участников с равными очками: система Хорта (половина своя, половина поровну)",
    "sharing_winners": "Деньги участников с равными очками: делятся поровну только между призёрами",
    "trophies_order": "Кубки на разделённом месте: по швейцарскому порядку",
    "trophies_lot": "Кубки на разделённом месте: по жребию",
    "prize_trophy_order": "разделённое место: по швейцарскому порядку",
    "prize_trophy_lot": "разделённое место: по жребию",
    "not_awarded": "не вручается",
    "top_left_out": "участник {pid} ({name}), стол {table}, выбыл: в топ не входит; его место получает следующий "
                    "участник его стола",
    "paid_in_all": "Всего участникам, получающим из нескольких призов:",
    "why_no_player": "в категории нет участников",
    "why_all_better": "у каждого участника категории приз не меньше",
    "why_teams": "категории — для участников, не для команд",
    "why_lot_pending": "кубок на разделённом месте: жребий среди {ids}",
    "categories": "Категории",
    "category": "Категория",
    "no_categories": "Категорий нет.",
    "cat_rating_from": "рейтинг от {v}",
    "cat_rating_below": "рейтинг ниже {v}",
    "cat_born_from": "год рождения {v} или позже",
    "cat_born_to": "год рождения {v} или раньше",
    "cat_sex_f": "женщины",
    "cat_sex_m": "мужчины",
    "cat_unrated": "без рейтинга",
    "cat_club": "клуб {v}",
    "cat_table": "стол {v}",
    "cat_members": "{n} {n:plural:участник|участника|участников}",
    # -- their errors (core/final/changes.py, categories.py; core/event/money.py; core/store/codec.py) --
    "'{text}' is not an amount: a number like 1000 or 250.50":
        "'{text}' — не сумма: нужно число вида 1000 или 250.50",
    "an amount of {text} is too big: at most {most}": "сумма {text} слишком велика: не больше {most}",
    "an amount from 0 to {most} (cents at most), not {v}":
        "сумма от 0 до {most} (не точнее копеек), а не {v}",
    "no category '{name}': the event has no categories": "нет категории '{name}': в турнире нет категорий",
    "no category '{name}' (the event has: {known})": "нет категории '{name}' (в турнире есть: {known})",
    "no prize '{name}': the event has no prizes": "нет приза '{name}': в турнире нет призов",
    "no prize '{name}' (the event has: {known})": "нет приза '{name}' (в турнире есть: {known})",
    "a category needs a name": "у категории должно быть название",
    "a prize needs a name": "у приза должно быть название",
    "a name of {size} characters is too long: at most {most}":
        "название из {size} символов слишком длинное: не больше {most}",
    "position {position} is not in the list: 1 to {n}": "позиции {position} нет в списке: от 1 до {n}",
    "rating {rating} is out of range: 0 to {most}": "рейтинг {rating} вне пределов: от 0 до {most}",
    "year {year} is out of range: {lo} to {hi}": "год {year} вне пределов: от {lo} до {hi}",
    "rating from {lo} below {hi} admits nobody": "рейтинг от {lo} и ниже {hi} — в категорию не попадёт никто",
    "born from {lo} to {hi} admits nobody": "год рождения от {lo} до {hi} — в категорию не попадёт никто",
    "sex '{sex}': f or m": "пол '{sex}': f (женский) или m (мужской)",
    "category '{name}' has no condition: give one (rating, year of birth, sex, unrated, club, table)":
        "у категории '{name}' нет условия: задайте хотя бы одно (рейтинг, год рождения, пол, без рейтинга, клуб, "
        "стол)",
    "category '{name}' exists already": "категория '{name}' уже есть",
    "{n} categories are too many: at most {most}": "{n} {n:plural:категория|категории|категорий} — слишком много: не больше {most}",
    "category '{name}' has prizes ({prizes}): remove them or give them another category first":
        "у категории '{name}' есть призы ({prizes}): сначала удалите их или отнесите к другой категории",
    "prize '{name}' exists already": "приз '{name}' уже есть",
    "{n} prizes are too many: at most {most}": "{n} {n:plural:приз|приза|призов} — слишком много: не больше {most}",
    "prize sharing '{sharing}': one of {known}": "раздел призовых '{sharing}': возможны {known}",
    "a split is between two or more different players": "делить призы могут двое или больше разных участников",
    "give one part for each player: {n} players, {k} parts":
        "нужна одна доля на каждого участника: {n} {n:plural:участник|участника|участников}, {k} {k:plural:доля|доли|долей}",
    "a part is a whole number from 1 to {most}, not {x}": "доля — целое число от 1 до {most}, а не {x}",
    "player {pid} agreed no top game with {others} (704.4: an agreed result, 1-0a or 0-1a, comes first)":
        "участник {pid} не договаривался о результате партии топа с {others} (704.4: сначала результат по "
        "договорённости, 1-0a или 0-1a)",
    "player {pid} is in no prize split": "участник {pid} не делит призы ни с кем",
    "the event shares the places of players equal after every tie-break: no lot is drawn":
        "в турнире участники, равные по всем дополнительным показателям, делят места: жребий не бросается",
    "the event is not over: the lots of the final ranking are drawn at its end":
        "турнир не окончен: жребий за итоговые места бросается в конце",
    "no tie in the final ranking waits for a lot": "в итоговых местах нет равенства, ждущего жребия",
    "ties '{ties}': shared or lots": "равенство '{ties}': shared (делят места) или lots (жребий)",
    "trophies '{how}': order or lot": "кубки '{how}': order (по швейцарскому порядку) или lot (жребий)",
    "a team event's final ranking ranks teams: a category is a list of players":
        "итоговые места командного турнира — места команд: категория — это список участников",
    "the final ranking changed meanwhile: look at it again, then draw the lots":
        "итоговые места тем временем изменились: посмотрите их снова, затем бросайте жребий",
    "the categories and prizes": "категории и призы",
    "unknown category field": "неизвестное поле категории",
    "a category needs a name of one line without spaces around it":
        "у категории должно быть название в одну строку без пробелов по краям",
    "category '{name}' appears twice": "категория '{name}' указана дважды",
    "unknown prize field": "неизвестное поле приза",
    "a prize needs a name of one line without spaces around it":
        "у приза должно быть название в одну строку без пробелов по краям",
    "prize '{name}' appears twice": "приз '{name}' указан дважды",
    "expected an amount like 1000 or \"250.50\", found {v}": "ожидалась сумма вида 1000 или \"250.50\", найдено {v}",
    "an amount from 0 to {most}, not {v}": "сумма от 0 до {most}, а не {v}",
    "no category '{name}' (the [[categories]] name them)": "нет категории '{name}' (категории задаются в [[categories]])",
    "expected the ids drawn, in order, like [7, 3, 12]": "ожидались номера в порядке жребия, например [7, 3, 12]",
    "team {x} is not in the event": "команды {x} нет в турнире",
    "a team appears twice": "команда указана дважды",
    "expected a table like {{players = [4, 9], parts = [1, 1]}}":
        "ожидалась таблица вида {{players = [4, 9], parts = [1, 1]}}",
    "unknown split field": "неизвестное поле раздела призов",
    "a split names two or more players and one part for each":
        "в разделе призов двое или больше участников и по одной доле на каждого",
    # == the words of printouts, pages, the hall display and the engine's explanations (named keys) ==
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
    "withdrawn": "выбыл(а)",
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
    "cards_none": "Кодов у участников ещё нет: их выдаёт arbiter players codes FILE.",
    "cards_title": "Карточки участников",
    "card_code": "Ваш код: {code}",
    "card_open": "Сообщайте результаты с телефона: откройте {address} и введите код или наведите камеру на квадрат.",
    "card_open_no_address": "Сообщайте результаты с телефона: откройте адрес, который дадут судьи, /me, и введите "
                            "код.",
    "card_keep": "Не показывайте карточку никому: этим кодом сообщают результаты ваших партий.",
    "slip_stub": "Ваш код: {code} · {name} · оторвите и сохраните; никому не показывайте",
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
    "px_fewest": "пары с наименьшим числом повторных встреч: без них тур не составить (C1 ослаблен насколько "
                 "можно меньше)",
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
    "tw_met": "матч {n}: {a} и {b} уже встречались (тур {r})",
    "tw_forbidden": "матч {n}: {a} и {b} не должны встречаться (запрещённая пара)",
    "tw_first_named": "матч {n}: команда {name} названа первой больше допустимого",
    "tw_second_named": "матч {n}: команда {name} названа второй больше допустимого",
    "tw_second_bye": "{name}: бай уже был (тур {r})",
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
    "ex_player": "Участник {id}{name}: {points} {points:plural:очко|очка|очков|очка} после {n}-го тура, редакция {edition}",
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
    # the printouts of a team event (core/formats/team_printouts.py)
    "tm_pairings": "Матчи",
    "tm_match_n": "Матч {n}",
    "tm_boards": "доски {a}-{b}",
    "tm_mp": "MP {a} : {b}",
    "tm_so_far": "пока {a} : {b}",
    "tm_no_match": "Без матча: {team} ({why})",
    "tm_pab_draw": "бай: засчитывается ничья в матче",
    "tm_pab_win": "бай: засчитывается победа в матче",
    "tm_first_named": "Игрок команды, названной первой, ходит первым на досках 1, 3, 5 ... своего матча.",
    "mc_title": "Бланк матча: {round}, матч {n} (доски {a}-{b})",
    "mc_fill": "Результат каждой доски, первым — первый участник: 1-0, 1/2, 0-1; +- или -+ при неявке.",
    "mc_score": "Счёт матча",
    "mc_captain": "Капитан команды {team}",
    "mc_arbiter": "Судья",
    "team_standings": "Командный зачёт",
    "team_standings_after": "Командный зачёт после {n} тура",
    "tm_played_short": "Мт",
    "tm_played": "сыграно матчей",
    "tm_by_lot": "Команды, равные по всем дополнительным показателям, расставлены по жребию.",
    "bs_title": "Призы по доскам: результаты по доскам",
    "bs_title_after": "Призы по доскам: результаты по доскам после {n} тура",
    "bs_legend": "Очки и партии каждого участника на каждой доске (победа по неявке — очко, каждое место в "
                 "составе — партия), лучшие первыми.",
    "bs_nav": "Призы по доскам",
    "bs_board_n": "Доска {n}",
    "player": "Участник",
    "bs_games": "Парт",
    "tx_team": "Команда {id} ({name}): {mp} MP, {gp} GP после {n}-го тура, редакция {edition}",
    "tx_head": "{code} = {value}   {name}",
    "tx_teams": "Команды: {teams}",
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
    # core/pairing/preview.py: the next round of several tables at once
    "no table has its round complete: pair once a table's round is complete":
        'ни на одном столе тур не окончен: жеребьёвка — когда тур стола окончен',
    'the file is too big: more than {most} bytes':
        'файл слишком велик: больше {most} байт',
    # core/store/codec.py: a round clock's deadline
    'a clock time from the year {lo} to {hi}, not {v}':
        'время часов тура от {lo} до {hi} года, а не {v}',
    # core/formats/output.py: an output never writes over another event
    "is another event's own file (an event, its journal, lock or backups): an output never writes there":
        'это файл другого турнира (турнир, его журнал, блокировка или резервные копии): вывод туда не пишется',
    # core/formats/csvio.py: a number of thousands of digits in a CSV
    "{c} '{v}' is too big: at most {most}":
        "{c} '{v}' слишком велик: не больше {most}",
    # == the tie-break explanations: terms, cuts and remarks of `--explain` (core/tiebreaks/*) ==
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
    "absent": "не играл",  # a team round: the team did not play (core/tiebreaks/team_explain.py)
    "game": "партия",
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
        "отсечение: {n:plural:отброшена|отброшены|отброшены} первые {n} {n:plural:нарастающая сумма|нарастающие суммы|нарастающих сумм} (14.1)",
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
    # changes by hand to a team round (core/teams/hand.py)
    "round {round_no} has no match {match} (matches 1 to {n})": "в туре {round_no} нет матча {match} (матчи с 1 по {n})",
    "exchange two different teams, not {team} with itself": "поменять можно две разные команды, а не {team} саму с собой",
    "team {team} does not play round {round_no}: nothing to exchange": "команда {team} не играет в туре {round_no}: менять нечего",
    "teams {team} and {other} play each other: exchanging them changes nothing but the order (swap the match's order instead)":
        "команды {team} и {other} играют друг с другом: обмен изменит только порядок (поменяйте порядок в матче)",
    "team {team} has the bye already": "у команды {team} уже бай",
    "round {round_no} has no bye to move: exchange teams instead": "в туре {round_no} нет бая: поменяйте команды местами",
    # team tie-breaks (core/tiebreaks/team_explain.py)
    "bye seat (no round for tie-breaks)": "свободна по таблице Бергера (тур не учитывается в доп. показателях)",
    "dummy team with the team's own score {own} (16.4)": "фиктивная команда с собственными очками команды {own} (16.4)",
    "dummy team with the team's own score {own} (16.4), capped at {cap} (16.4.1/16.4.2, 2026)":
        "фиктивная команда с собственными очками команды {own} (16.4), но не больше {cap} (16.4.1/16.4.2, 2026)",
    "virtual team: {before} before the round + {result} for this round + {draw} x {later} later rounds":
        "виртуальная команда: {before} до тура + {result} за этот тур + {draw} x {later} последующих туров",
    "teams tied on {kind}: {ids}": "команды с равными {kind}: {ids}",
    "order of the tied teams by direct encounter: {order}": "порядок равных команд по личным встречам: {order}",
    "the ranking recomputes EDE on every tied sub-group it is applied to (13.3)":
        "при ранжировании расширенные личные встречи пересчитываются в каждой подгруппе равных (13.3)",
    "board {n}": "доска {n}",
    "the other score: {kind}": "второй счёт: {kind}",
    "opponent's final {opp} x the team's {own} in the round (13.2)":
        "итоговые {opp} соперника x {own} команды в туре (13.2)",
    "board number x points on it, summed; lower is better (12.1)":
        "сумма произведений номера доски на очки на ней; меньше - лучше (12.1)",
    "points on board 1 first, then board 2 ... (12.2)": "сначала очки на 1-й доске, затем на 2-й ... (12.2)",
    "all boards but the last, then without the last two ... (12.3)":
        "все доски, кроме последней, затем без двух последних ... (12.3)",
    "the {kind} score": "счёт {kind}",
    "BH-{kind} / k": "BH-{kind} / k",
    "k = {k}: the most {prim} a team could score / the most {sec} of one match, rounded down (13.4)":
        "k = {k}: наибольшие {prim}, которые могла набрать команда / наибольшие {sec} за один матч, с округлением "
        "вниз (13.4)",
    "no team with id {tid}": "нет команды с номером {tid}",
    "unknown team tie-break {code!r}": "неизвестный командный дополнительный показатель {code!r}",
    "chose not to play more than two games: ranked below every other TPR (seed 32.4.3)":
        "добровольно не сыграл(а) больше двух партий: ниже всех остальных по турнирному рейтингу (32.4.3)",
    # the event online (core/formats/publish.py, core/formats/rclone.py)
    "pub_online_as_of": "опубликовано в {time}",
    "pub_not_online": "ещё не опубликовано",
    "pub_waiting_1": "ждёт отправки: 1 изменение",
    "pub_waiting_n": "ждут отправки изменений: {n}",
    "pub_failed": "отправка не удалась: {error}",
    "pub_retry_in": "новая попытка через {s} с",
    "pub_sending": "отправка",
    "stopped": "остановлено",
    "cannot run {program}: {error}": "не удалось запустить {program}: {error}",
    "{remote}: no answer in {s} s": "{remote}: нет ответа за {s} с",
    "{remote}: {error}": "{remote}: {error}",
    "the remote is empty: give an rclone remote like 'myremote:bucket/path'":
        "удалённое хранилище не указано: укажите его, например 'myremote:bucket/path'",
    "the remote has a control character": "в имени удалённого хранилища управляющий символ",
    "the remote '{remote}' starts with '-'": "удалённое хранилище '{remote}' начинается с '-'",
    "rclone is not installed: install it (Debian, Ubuntu: 'apt install rclone'); arbiter publish runs it to "
    "upload the site": "программа 'rclone' не установлена: установите её (например, 'apt install "
    "rclone'); arbiter publish отправляет сайт через неё",
    "is being published to {remote} already (another arbiter publish, or the TUI's)":
        "уже публикуется в {remote} (другой arbiter publish или из TUI)",
    "{what}: yes or no": "{what}: да или нет",
    # a whole number typed (core.limits.whole)
    "{where}'{text}' is not a number: type the digits 0 to 9": "{where}«{text}» — не число: наберите цифры от 0 до 9",
    "{where}'{text}' has more than {most} digits": "{where}в «{text}» больше {most} цифр",
    "{where}{n} is out of range: {lo} to {hi}": "{where}{n} — вне допустимого: от {lo} до {hi}",
    # players' codes and reports (issue 35: core/event/codes.py, core/event/reports.py, core/commands/reports.py)
    "not a player's code: expected {n} characters of {alphabet}":
        "не код участника: нужно {n} символов из {alphabet}",
    "player {pid} has the code of player {other}": "у участника {pid} код участника {other}",
    "you have no game in the current round": "у вас нет партии в текущем туре",
    "the judge has recorded this game's result: {result}": "судья уже записал результат этой партии: {result}",
    "a report is 1-0, 0-1 or 1/2": "сообщить можно 1-0, 0-1 или 1/2",
    "you have withdrawn from the event": "вы выбыли из турнира",
    "there is no next round to ask for": "следующего тура нет",
    "the regulations of this event allow no bye asked for": "положение этого турнира не допускает пропуск тура по просьбе",
    "you already have a bye in round {round}": "у вас уже есть пропуск тура {round}",
    "you have asked for all {n} byes the regulations allow": "вы уже попросили все пропуски тура, что допускает положение: {n}",
    "board {board} has a result already: {result}; a report does not replace it":
        "на доске {board} уже есть результат: {result}; сообщение игроков его не заменяет",
    "board {board}: the players disagree; enter the result yourself":
        "доска {board}: игроки сообщили разное; введите результат сами",
    "codes for {n} players": "коды участников: {n}",
    "new code for player {pid}": "новый код участника {pid}",
    "result {stage} round {round} board {board}: {result}, reported by {players}":
        "результат: {stage}, тур {round}, доска {board}: {result}, сообщили участники {players}",
    "result {stage} round {round} table {table} board {board}: {result}, reported by {players}":
        "результат: {stage}, тур {round}, стол {table}, доска {board}: {result}, сообщили участники {players}",
    "half bye for player {pid} in round {round}, asked by the player":
        "пропуск тура {round} с ½ очка по просьбе участника {pid}",
    "zero bye for player {pid} in round {round}, asked by the player":
        "пропуск тура {round} без очков по просьбе участника {pid}",
    "full bye for player {pid} in round {round}, asked by the player":
        "пропуск тура {round} с 1 очком по просьбе участника {pid}",
    "withdraw player {pid}, asked by the player": "участник {pid} выбыл по своей просьбе",
    "no report waits for board {board}": "на доске {board} нет сообщений игроков",
    "too many wrong codes from here: wait a minute": "слишком много неверных кодов с этого адреса: подождите минуту",
    "this code is not one of this event's players": "такого кода нет ни у одного участника турнира",
    "this form was sent already or is too old: open your page again":
        "эта форма уже отправлена или устарела: откройте свою страницу заново",
    "the event file cannot be read at the moment; try again": "файл турнира сейчас не читается; попробуйте ещё раз",
    "players' reports: {name}; byes asked from the phone: {n} {other}":
        "сообщения игроков: {name}; пропусков тура по просьбе с телефона: {n} {other}",
    "unknown reports mode '{mode}' (one of {known})": "неизвестный режим сообщений '{mode}' (один из: {known})",
    "unknown bye '{kind}' (one of {known})": "неизвестный пропуск тура '{kind}' (один из: {known})",
    # trapsB: rematches, team pairing by hand
    'no legal pairing for round {k} of the teams: {why} (teams {who})':
        'жеребьёвка {k}-го тура команд невозможна: {why} (команды {who})',
    "a round robin follows its Berger table: rematches are for a team Swiss":
        "круговой турнир идёт по таблице Бергера: повторные встречи — только для командной швейцарской системы",
    "a round robin follows its Berger table: rematches are for a Swiss":
        "круговой турнир идёт по таблице Бергера: повторные встречи — только для швейцарской системы",
    "a round robin follows its Berger table":
        "круговой турнир идёт по таблице Бергера",
    "the teams cannot all be paired (teams that met before, forbidden pairs, the bye)":
        "команды нельзя разбить на пары (команды уже встречались, запрещённые пары, бай)",
    "team '{name}' is paired twice": "команда «{name}» в парах дважды",
    "only one team can be without a match in a round": "в туре без матча может быть только одна команда",
    "give at least one match, e.g. 1-4": "укажите хотя бы один матч, например 1-4",
    "team(s) {names} can play round {k} but have no match: give each a match, or the bye (TEAM-0)":
        "команды {names} могут играть в {k}-м туре, но без матча: дайте каждой матч или бай (КОМАНДА-0)",
    "pair round {rounds} with the fewest rematches: {pair}":
        "жеребьёвка тура {rounds} с наименьшим числом повторных встреч: {pair}",
    "pair round {rounds} of table {table} with the fewest rematches: {pair}":
        "жеребьёвка тура {rounds}, стол {table}, с наименьшим числом повторных встреч: {pair}",
    "pair round {rounds} with the fewest rematches: {pair} (by hand: {changes})":
        "жеребьёвка тура {rounds} с наименьшим числом повторных встреч: {pair} (вручную: {changes})",
    "pair round {rounds} of table {table} with the fewest rematches: {pair} (by hand: {changes})":
        "жеребьёвка тура {rounds}, стол {table}, с наименьшим числом повторных встреч: {pair} (вручную: {changes})",
    "pair next round with the fewest rematches":
        "жеребьёвка следующего тура с наименьшим числом повторных встреч",
    "pair next round of table {table} with the fewest rematches":
        "жеребьёвка следующего тура, стол {table}, с наименьшим числом повторных встреч",
    "pair round {round} by hand: {pair}": "жеребьёвка тура {round} вручную: {pair}",
    "a Swiss of {rounds} rounds is sure to be paired without a rematch only with {need} teams or more; with fewer, a round robin fits better":
        "жеребьёвка без повторных встреч во всех {rounds} турах швейцарской системы гарантирована только при {need} командах и более; при меньшем числе лучше круговая система",
    "a Swiss of {rounds} rounds is sure to be paired without a rematch only with {need} players or more; with fewer, a round robin fits better":
        "жеребьёвка без повторных встреч во всех {rounds} турах швейцарской системы гарантирована только при {need} участниках и более; при меньшем числе лучше круговая система",
    "{field} teams for {rounds} rounds: a pairing without a rematch is sure only up to round {sure} ({need} teams are needed for {rounds}); a round that cannot be paired is paired with the fewest rematches":
        "команд: {field}, туров: {rounds}; жеребьёвка без повторных встреч гарантирована только до {sure}-го тура (для {rounds} туров нужно {need} команд); тур, который нельзя разбить на пары без повторных встреч, проводится с наименьшим их числом",
    "{field} players for {rounds} rounds: a pairing without a rematch is sure only up to round {sure} ({need} players are needed for {rounds}); a round that cannot be paired is paired with the fewest rematches":
        "участников: {field}, туров: {rounds}; жеребьёвка без повторных встреч гарантирована только до {sure}-го тура (для {rounds} туров нужно {need} участников); тур, который нельзя разбить на пары без повторных встреч, проводится с наименьшим их числом",
    # -- pairing systems (core/event/systems.py, core/swiss/burstein.py) --
    "unknown pairing system '{pairing}' (one of {known})":
        "неизвестная система жеребьёвки '{pairing}' (возможны: {known})",
    "bx_group": "очковая группа {score}: высокий индекс против низкого",
    "bx_player_floats": "{id} ({pts}; Зоннеборн-Бергер {sb}, Бухгольц {bh}) {colour}: {pref}; {floats}",
    "bx_virtual": "в т. ч. {v} виртуально (посевной тур)",
    "bx_player": "{id} ({pts}; Зоннеборн-Бергер {sb}, Бухгольц {bh}) {colour}: {pref}",
    "bx_bye": "{id} ({pts}) получает бай: последний по очкам и индексу из тех, у кого бая ещё не было",
    "a {system} event is not paired by a Swiss system: no pairing '{pairing}'":
        "турнир {system} не жеребьёвывается по швейцарской системе: жеребьёвка '{pairing}' невозможна",
    "the {title} system has no Baku acceleration":
        "в системе {title} нет бакинского ускорения",
    # -- a late entry once no round is left (core/event/commands.py late_entry_refusal) --
    "all {n} rounds have been paired: no round is left for a late entry":
        "жеребьёвка всех туров ({n}) проведена: опоздавшему участнику не осталось тура",
    "all {n} rounds have been paired on table {table}: no round is left for a late entry":
        "за столом {table} жеребьёвка всех туров ({n}) проведена: опоздавшему участнику не осталось тура",
}
