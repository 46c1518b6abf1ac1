"""The TUI's words for core's advice (`core.errors.Advice`: what the judge can do about a refusal), English and
Russian: its keys and forms, never a command-line option (tui/advice.py says them; tui/cli/advice.py is the
command line's). An action the TUI has no key for is said as what to do, or not at all ("")."""

from __future__ import annotations

# action (or action:variant) -> (English, Russian); a single advice follows the message with its own punctuation,
# an item of a list of options has none
ADVICE_WORDS: dict[str, tuple[str, str]] = {
    "set_top_size": (" (its size is set when the event is made)", " (его размер задаётся при создании турнира)"),
    "start_playoff": (" (^p, play-off: starts one)", " (^p, «плей-офф» — начать)"),
    "choose_table": (": choose one (T)", ": выберите стол (T)"),
    "choose_table:export": (": the TRF of one table, from its screen (T)", ": TRF одного стола, с его экрана (T)"),
    "force:ratings": ("", ""),
    "force:overwrite": ("", ""),  # the question offers o (overwrite) itself
    "force:replace": ("", ""),
    "fewest_rematches": ("pair with the fewest rematches (p, then p)",
                         "жеребьёвка с наименьшим числом повторных встреч (p, затем p)"),
    "fewest_rematches:how": (" (p, then p)", " (p, затем p)"),
    "use_round_robin": (" (the new-event form's system: r)", " (поле «система» нового турнира: к)"),
    "pair_by_hand": ("change the pairing by hand (the preview of p)", "изменить пары вручную (предпросмотр по p)"),
    "pair_by_hand:teams": ("pair the teams by hand (the preview of p)", "составить пары команд вручную (предпросмотр по p)"),
    "allow_rematch": ("allow a rematch for named players", "разрешить названным участникам повторную встречу"),
    "allow_rematch:teams": ("allow a rematch of two teams", "разрешить повторную встречу двух команд"),
    "withdraw_or_bye": ("withdraw or give a bye to a player (P: w, y)", "снять участника или дать ему пропуск (P: w, y)"),
    "add_team_players": (": add players with their team (P)", ": добавляйте участников с их командой (P)"),
    "pair_next": (": pair it with p", ": жеребьёвка — p"),
    "other_output": ("", ""),  # the TUI names its files itself
    "import_ratings": (": import one (the command arbiter ratings import; docs/ratings.md)",
                       ": импортируйте список (команда arbiter ratings import; docs/ratings.md)"),
    "import_ratings:again": (": import the lists again (the command arbiter ratings import)",
                             ": импортируйте списки заново (команда arbiter ratings import)"),
    "set_boards": (" (the form's boards)", " (поле «доски» формы)"),
    "set_match_points": ("", ""),  # the form marks its field
    "name_encoding": (": save it as UTF-8 (CSV UTF-8 in the spreadsheet) and import it again",
                      ": сохраните его в UTF-8 (CSV UTF-8 в электронной таблице) и импортируйте снова"),
    "name_encoding:guessed": ("; if the names look wrong, undo (u) and save the file as UTF-8",
                              "; если имена выглядят неверно, отмените (u) и сохраните файл в UTF-8"),
    # a list of options
    "options": (". Options: ", ". Что можно сделать: "),
    "or": (", or ", " или "),
}
