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
                         "швейцарская система в {rounds} туров без повторных встреч — при {need}+ участниках"),
    "new_note_teams": ("a Swiss of {rounds} rounds is sure without a rematch only with {need}+ teams",
                       "швейцарская система в {rounds} туров без повторных встреч — при {need}+ командах"),
}
