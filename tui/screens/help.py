"""The `?` page: every key of the main screen, in the judge's language."""

from __future__ import annotations

from rich.text import Text

from ..i18n import tr
from .main import KEYS
from .preview import KEYS as PREVIEW_KEYS


def help_text(lang: str) -> Text:
    t = Text()
    t.append(tr(lang, "help_result") + "\n", style="bold")
    desc = {a: (kd, tr(lang, d)) for k, a, d, s, kd in KEYS}
    for kd, key in (("1", "h_first"), ("0", "h_second"), ("=", "h_draw"), ("+", "h_nofirst"),
                    ("-", "h_nosecond"), ("x", "h_clear")):
        t.append(f"  {kd:<4} {tr(lang, key)}\n")
    t.append("  " + tr(lang, "help_t") + "\n")
    t.append("  " + tr(lang, "help_a") + "\n")
    t.append("  " + tr(lang, "help_colon") + "\n")
    t.append("  Enter  " + tr(lang, "help_enter") + "\n\n")
    t.append(tr(lang, "help_views") + "\n", style="bold")
    for action in ("view('round')", "view('standings')", "view('bracket')", "table", "stage", "step(-1)", "step(1)",
                   "missing", "lang"):
        kd, d = desc[action]
        t.append(f"  {kd:<4} {d}\n")
    t.append("  " + tr(lang, "help_bracket") + "\n")
    t.append("\n" + tr(lang, "help_other") + "\n", style="bold")
    for action in ("undo", "redo", "pair", "start_top", "swap", "exchange", "explain", "clock", "players", "history", "help", "quit"):
        kd, d = desc[action]
        t.append(f"  {kd:<4} {d}\n")
    t.append(f"  ^p   {tr(lang, 'k_palette')}\n")
    t.append("  Esc  " + tr(lang, "cancel") + "\n\n")
    t.append(tr(lang, "help_preview") + "\n", style="bold")
    for _keys, _action, d, kd in PREVIEW_KEYS:
        t.append(f"  {kd:<4} {tr(lang, 'h_' + d)}\n")
    t.append("\n" + tr(lang, "help_clock") + "\n", style="bold")
    for kd, key, m in (("4", "clock_start_swiss", "45"), ("a", "clock_all", "45"), ("7", "clock_start_top", "70"),
                       ("p", "clock_pause", ""), ("+", "clock_add", ""), ("-", "clock_sub", ""), ("x", "clock_stop", ""),
                       ("e", "time_up_enter", ""), ("d", "time_up_draw", "")):
        t.append(f"  {kd:<4} {tr(lang, key, m=m) if m else tr(lang, key)}\n")
    t.append("\n" + tr(lang, "help_players") + "\n", style="bold")
    for kd, key in (("a", "add_player"), ("e", "edit_player"), ("w", "withdraw_title"), ("y", "bye_prompt"),
                    ("i", "import_csv"), ("/", "search"), ("Esc", "pk_back")):
        t.append(f"  {kd:<4} {tr(lang, key)}\n")
    t.append("\n" + tr(lang, "help_dialogs") + "\n", style="bold")
    t.append("  " + tr(lang, "help_dialog_keys") + "\n\n")
    t.append(tr(lang, "help_layout") + "\n", style="dim")
    return t
