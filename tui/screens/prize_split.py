"""The 704.4 split as a form (`d` on the prize list, palette "prize split (704.4)"): players who agreed a top
game's result share their prizes' money, in parts; one `core.commands.SplitPrizes`, as `arbiter prizes split`.

A value refused keeps the form open with what was typed, the field named and focused (tui/screens/forms.py).
"""

from __future__ import annotations

from textual import work

from arbiter_tournament.core import limits
from arbiter_tournament.core.errors import ArbiterError

from ..actions import W, Action, register
from ..i18n import tr
from .forms import FieldError, ask_form, committed


def numbers(text: str, key: str, kind: str, lang: str) -> tuple[int, ...]:
    """Whole numbers separated by commas (or `:` for parts): ASCII digits only, within `limits.RANGES[kind]`."""
    out = []
    for part in text.replace(":", ",").replace(" ", ",").split(","):
        part = part.strip()
        if not part:
            continue
        if not (part.isascii() and part.isdigit()) or len(part.lstrip("0")) > limits.DIGITS_MAX \
                or not limits.within(kind, int(part)):
            lo, hi = limits.RANGES[kind]
            raise FieldError(key, tr(lang, "sp_bad_" + key, text=part[:20], lo=lo, hi=hi))
        out.append(int(part))
    return tuple(out)


def field_of(exc: ArbiterError) -> str:
    """The field a refusal of `core.final.changes.split_prizes` is about."""
    return "parts" if "part" in str(exc.msg.key) else "players"


@work(group="question")
async def prize_split_form(screen) -> None:
    """The form, then one change (`SplitPrizes`)."""
    from arbiter_tournament.core.commands import SplitPrizes

    L = screen.arb.lang
    fields = [("players", tr(L, "sp_players"), ""), ("parts", tr(L, "sp_parts"), "")]

    def attempt(values: dict):
        players = numbers(values.get("players", ""), "players", "id", L)
        parts = numbers(values.get("parts", ""), "parts", "part", L) or None
        return committed(screen, SplitPrizes(players, parts))

    done = await ask_form(screen, tr(L, "sp_title"), fields, attempt, field_of=field_of)
    if done is not None:
        screen.say(tr(L, "sp_saved"), "bold")


register(
    Action("pz_split", ("d",), W("split", "делёж"),
           W("Prize split (704.4): players who agreed a top game's result share their prizes' money, in parts",
             "Делёж призов (704.4): участники, договорившиеся о результате партии топа, делят деньги своих "
             "призов в долях"),
           ("prizes",), prize_split_form, footer=5, palette=True, group="final"),
    Action("prize_split", (), W("prize split (704.4)", "делёж призов (704.4)"),
           W("Prize split (704.4): players who agreed a top game's result share their prizes' money, in parts",
             "Делёж призов (704.4): участники, договорившиеся о результате партии топа, делят деньги своих "
             "призов в долях"),
           ("main",), prize_split_form, palette=True, group="change"),
)
