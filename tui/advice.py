"""What the TUI says to do about a refusal: core's advice (`core.errors.Advice`) said as the TUI's keys and forms
(tui/words_advice.py), never as a command-line option (that is tui/cli/advice.py's).

    message(exc, lang)     the error in the judge's language, then its advice: what the TUI shows
"""

from __future__ import annotations

from arbiter_tournament.core import errors
from arbiter_tournament.core.errors import Advice, Msg

from .words_advice import ADVICE_WORDS

__all__ = ["message", "advice_text"]


def _word(a: Advice, lang: str) -> str:
    f = a.fields
    variant = {"choose_table": f.get("what"), "force": f.get("what"), "pair_by_hand": "teams" if f.get("teams") else None,
               "allow_rematch": "teams" if f.get("teams") else None,
               "import_ratings": "again" if f.get("again") else None,
               "name_encoding": "guessed" if f.get("guessed") else None,
               "fewest_rematches": "how" if f.get("how") else None}.get(a.action)
    en, ru = ADVICE_WORDS.get(f"{a.action}:{variant}") or ADVICE_WORDS[a.action]
    return ru if lang == "ru" else en


def advice_text(advice: tuple[Advice, ...], lang: str) -> str:
    """The advice as the TUI says it after the message: one as it is, several as a list of options (those the
    TUI has no words for left out)."""
    items = [w for w in (_word(a, lang) for a in advice) if w]
    if len(advice) <= 1:
        return items[0] if items else ""
    options, or_ = (ADVICE_WORDS[k][1 if lang == "ru" else 0] for k in ("options", "or"))
    if lang == "ru":
        return options + ", ".join(items[:-1]) + or_ + items[-1] if len(items) > 1 else options + "".join(items)
    return options + ", ".join(items[:2]) + "".join(or_ + x for x in items[2:])


def message(exc: BaseException | Msg, lang: str = "en") -> str:
    """What the TUI shows for `exc`: its message in `lang` and the TUI's advice."""
    text = exc.text(lang) if isinstance(exc, Msg) else errors.message(exc, lang)  # (a command's `why_not`: a Msg)
    return text + advice_text(getattr(exc, "advice", ()), lang)
