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
}
