"""What the command line says to do about a refusal: core's advice (`core.errors.Advice`, an action and its
parameters) said as the option or command that does it.

    said(exc)      the error's English message, then its advice (`arbiter: error: ...` prints this)

The TUI says the same advice as its keys (tui/advice.py). Every action of `core.errors.ADVICE` has its words
here (tests/core/test_advice.py).
"""

from __future__ import annotations

from typing import Any, Callable

from arbiter_tournament.core.errors import Advice

__all__ = ["said", "advice_text", "SAY"]


def _table(f: dict[str, Any]) -> str:
    return f" --table {f['table']}" if f.get("table") is not None else ""


# action -> its words: a refusal's one piece of advice follows its message as it is (its own punctuation); in a
# list of options ("Options: a, b, or c") each is said without it
SAY: dict[str, Callable[[dict[str, Any]], str]] = {
    "set_top_size": lambda f: " (set its size: arbiter new ... --top K)",
    "start_playoff": lambda f: " (arbiter playoff FILE starts one)",
    "choose_table": lambda f: (": export one with --table" if f.get("what") == "export"
                               else f": say which (--table 1..{f['tables']})"),
    "force": lambda f: {"ratings": " (--force to update them now)", "overwrite": "; use --force to overwrite",
                        "replace": "; use --force to replace it"}[f["what"]],
    "fewest_rematches": lambda f: ((" (arbiter pair FILE --fewest-rematches; in the TUI, p offers it)" if f.get("how")
                                    else f"pair with the fewest rematches (arbiter pair FILE{_table(f)} "
                                         "--fewest-rematches; in the TUI, p offers it)")),
    "use_round_robin": lambda f: " (--system roundrobin)",
    "pair_by_hand": lambda f: ('pair the teams by hand (arbiter pair FILE --by-hand "1-4,2-5,3-6")' if f.get("teams")
                               else f'pair by hand (arbiter pair FILE{_table(f)} --by-hand "ID-ID,...")'),
    "allow_rematch": lambda f: ("allow a rematch of two teams (arbiter pair FILE --allow-rematch TEAM,TEAM)"
                                if f.get("teams") else
                                f"allow a rematch for named players (arbiter pair FILE{_table(f)} --allow-rematch ID,ID)"),
    "withdraw_or_bye": lambda f: "withdraw or give a bye to a player",
    "add_team_players": lambda f: ": add players with --team",
    "pair_next": lambda f: ": pair it with arbiter pair",
    "other_output": lambda f: "; choose another --out",
    "set_boards": lambda f: " (--boards B)",
    "set_match_points": lambda f: " (--match-points W,D,L)",
    "name_encoding": lambda f: ("; if the names look wrong, undo and import with --encoding" if f.get("guessed")
                                else ": name it, e.g. --encoding cp1251 (Russian Windows), koi8-r, cp866 or cp1252 "
                                     "(Western Windows)"),
    "import_ratings": lambda f: (": import the lists again (arbiter ratings import LIST) to build it anew" if f.get("again")
                                 else ": import one (arbiter ratings import LIST; docs/ratings.md says where FIDE "
                                      "publishes them)"),
}


def advice_text(advice: tuple[Advice, ...]) -> str:
    """The advice as the command line says it after the message: one as it is, several as a list of options."""
    if not advice:
        return ""
    if len(advice) == 1:
        return SAY[advice[0].action](advice[0].fields)
    items = [SAY[a.action](a.fields) for a in advice]
    return ". Options: " + ", ".join(items[:2]) + "".join(", or " + x for x in items[2:])


def said(exc: object) -> str:
    """The error's (or a command's `why_not`) English message with the command line's advice."""
    return str(exc) + advice_text(getattr(exc, "advice", ()))
