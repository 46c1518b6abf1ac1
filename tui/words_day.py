"""Words of the TUI for the day's forms and the pairing that cannot be made without a rematch (issue 33):
English and Russian (shared spec glossary.md). `tui/i18n.py` merges them into its table `T`.
"""

from __future__ import annotations

DAY: dict[str, tuple[str, str]] = {
    # p refused: no pairing without a rematch (tui/screens/pairing.py)
    "pv_refused_title": ("Round {r} cannot be paired without a rematch",
                         "Тур {r} нельзя разбить на пары без повторных встреч"),
    "pv_fewest_key": ("pair with the fewest rematches", "жеребьёвка с наименьшим числом повторных встреч"),
    "pv_field_teams": ("{n} teams, {rounds} rounds: rematch-free pairing sure only to round {sure} ({need} needed)",
                       "{n} команд, {rounds} туров: без повторных встреч — только до {sure}-го тура (нужно {need})"),
    "pv_field_players": ("{n} players, {rounds} rounds: rematch-free pairing sure only to round {sure} ({need} needed)",
                         "{n} участников, {rounds} туров: без повторных встреч — только до {sure}-го тура "
                         "(нужно {need})"),
    "pv_fewest_head": ("rematches: {n}", "повторных встреч: {n}"),
    "pv_fewest_note": ("paired with the fewest rematches: each is said below and in the journal",
                       "жеребьёвка с наименьшим числом повторных встреч: каждая названа ниже и в журнале"),
    # two judges editing one player (tui/screens/players.py: conflict_asked)
    "pl_conflict_title": ("Another judge changed this player", "Другой судья изменил этого участника"),
    "pl_conflict_q": ("Overwrite with yours: {yours}? (k: theirs, and the rest of your form to save; Esc: your form)",
                      "Перезаписать на ваше: {yours}? (k: их значение, остальное из формы сохранить; Esc: ваша форма)"),
    "pl_kept_theirs": ("kept the other judge's {kept}; the rest is as you typed: Ctrl+S saves it",
                       "оставлено значение другого судьи: {kept}; остальное как вы ввели: Ctrl+S сохранит"),
    "pl_kept_one": ("{field} {theirs} (you typed {yours})", "{field} {theirs} (вы ввели {yours})"),
    "pl_saved_over": (" over the other judge's change", " поверх изменения другого судьи"),
    # the new-event form (tui/screens/new_event.py)
    "f_system": ("system: swiss, roundrobin, double-roundrobin", "система: швейцарская, круговая, двухкруговая"),
    "f_system_swiss": ("swiss", "швейцарская"),
    "f_system_bad": ("'{text}' is not swiss, roundrobin or double-roundrobin",
                     "'{text}' — не швейцарская, круговая или двухкруговая"),
    "f_team_boards": ("team event: boards a match (0: not a team event)",
                      "командный турнир: досок в матче (0: не командный)"),
    "f_match_points": ("team event: match points W,D,L", "командный турнир: матчевые очки за победу, ничью, поражение"),
    "f_out_of_range": ("{n} is out of range: {lo} to {hi}", "{n} — вне пределов: от {lo} до {hi}"),
    "f_swiss_only": ("tables and a top are for a Swiss", "столы и топ — только для швейцарской системы"),
    "new_note_players": ("a Swiss of {rounds} rounds is sure without a rematch only with {need}+ players",
                         "швейцарская система, туров: {rounds} — без повторных встреч наверняка лишь при {need}+ участниках"),
    "new_note_teams": ("a Swiss of {rounds} rounds is sure without a rematch only with {need}+ teams",
                       "швейцарская система, туров: {rounds} — без повторных встреч наверняка лишь при {need}+ командах"),
    # the event's report details (tui/screens/event_details.py), as `arbiter event set`
    "d_title": ("Event details (the FIDE report)", "Данные турнира (отчёт для ФИДЕ)"),
    "d_name": ("name", "название"),
    "d_city": ("city", "город"),
    "d_federation": ("federation (3 capital letters, e.g. RUS)", "федерация (3 заглавные латинские буквы, например RUS)"),
    "d_start": ("start date (YYYY-MM-DD or DD.MM.YYYY)", "дата начала (ГГГГ-ММ-ДД или ДД.ММ.ГГГГ)"),
    "d_end": ("end date (YYYY-MM-DD or DD.MM.YYYY)", "дата окончания (ГГГГ-ММ-ДД или ДД.ММ.ГГГГ)"),
    "d_chief": ("chief arbiter", "главный судья"),
    "d_deputies": ("deputy arbiters (separated by ;)", "заместители главного судьи (через ;)"),
    "d_time_control": ("time control", "контроль времени"),
    "d_round_dates": ("round dates (YYYY-MM-DD, separated by commas)", "даты туров (ГГГГ-ММ-ДД, через запятую)"),
    "d_saved": ("event details saved", "данные турнира сохранены"),
    "d_rate": ("rating lists' rate: standard, rapid or blitz", "вид рейтинга из списков: standard (классика), "
               "rapid (рапид) или blitz (блиц)"),
    # the 704.4 split (tui/screens/prize_split.py), as `arbiter prizes split`
    "sp_title": ("Prize split (704.4)", "Делёж призов (704.4)"),
    "sp_players": ("players (numbers, e.g. 4,9)", "участники (номера, например 4,9)"),
    "sp_parts": ("parts (e.g. 1,1 or 3,2; empty: equal)", "доли (например 1,1 или 3,2; пусто: поровну)"),
    "sp_bad_players": ("players: '{text}' is not a player's number ({lo} to {hi})",
                       "участники: '{text}' — не номер участника (от {lo} до {hi})"),
    "sp_bad_parts": ("parts: '{text}' is not a whole number from {lo} to {hi}",
                     "доли: '{text}' — не целое число от {lo} до {hi}"),
    "sp_saved": ("prize split saved (704.4)", "делёж призов сохранён (704.4)"),
    # a top or play-off result changed: the later rounds' boards the other player goes on to (tui/screens/entry.py)
    "change_top_board": ("round {r}, board {b}: {old} becomes {new}", "тур {r}, доска {b}: {old} — станет {new}"),
    # the play-off, before it starts
    "playoff_title": ("Play-off for first place", "Плей-офф за первое место"),
    "playoff_preview": ("The play-off that applies (32.5.6), before it starts:",
                        "Плей-офф по регламенту (32.5.6), до начала:"),
    "playoff_group": ("group {g}: {players}", "группа {g}: {players}"),
    "repair_note": ("round {n} was taken back: y pairs it again; n leaves it unpaired",
                    "жеребьёвка тура {n} отменена: y — провести заново; n — оставить без жеребьёвки"),
    "repair_cancelled": ("pairing not saved: round {n} stays unpaired (p pairs it)",
                         "жеребьёвка не сохранена: тур {n} остаётся без жеребьёвки (p — провести)"),
    "pv_left": ("not paired now: {tables}", "сейчас не в жеребьёвке: {tables}"),
    "pv_left_missing": ("table {t} (results missing: {n})", "стол {t} (нет результатов: {n})"),
    "pv_left_done": ("table {t} (every round played)", "стол {t} (все туры сыграны)"),
    "pv_left_players": ("table {t} (fewer than two players)", "стол {t} (меньше двух участников)"),
    "armageddon_draw": ("the second player: {name} ({id})", "второй: {name} ({id})"),
    "playoff_times": ("Time controls: games {rapid}; {armageddon}.", "Контроль времени: партии {rapid}; {armageddon}."),
    "playoff_start": ("Start it", "Начать"),
    "playoff_not_started": ("the play-off was not started", "плей-офф не начат"),
    "playoff_cancel_q": ("Take the play-off back: its plan and every play-off game?",
                         "Отменить плей-офф: его план и все партии плей-офф?"),
    "playoff_cancelled": ("the play-off has been taken back", "плей-офф отменён"),
    "final_count": ("{n} ranked", "в списке: {n}"),  # the final ranking's head (tui/screens/final.py)
    # the new event's Swiss pairing refused (tui/screens/new_event.py)
    "f_pairing_bad": ("'{text}' is not one of these", "«{text}» — не из этого списка"),
    "f_pairing_teams": ("{pairing}: team events are paired by the Dutch system",
                        "{pairing}: командные турниры жеребьёвываются по голландской системе"),
    # the clock dialog's minutes above a day (tui/screens/clock_dialog.py)
    "clock_minutes_big": ("{text} minutes is too many: at most {high} (a day)",
                          "{text} мин. — слишком много: не больше {high} (сутки)"),
}
