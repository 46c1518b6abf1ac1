"""Prize money: amounts as a judge types them and as the file and the printouts write them.

An amount is exact (a `Fraction`), whole or with cents: `1000`, `250.50`,
`250,5`. Shared money is divided exactly and shown to the cent (`333.33`);
nothing is rounded before it is shown.
"""

from __future__ import annotations

import re
from fractions import Fraction

from arbiter_tournament.core import limits
from arbiter_tournament.core.errors import IllegalChange

_AMOUNT = re.compile(r"([0-9]{1,13})(?:[.,]([0-9]{1,2}))?")
_DIGITS = re.compile(r"[0-9]+(?:[.,][0-9]{1,2})?")  # an amount's shape, whatever its number of digits


def parse_amount(text: str) -> Fraction:
    """`1000`, `250.5`, `250,50` -> the amount; anything else (a sign, three decimals, letters) is refused."""
    t = str(text).strip().replace(" ", "").replace("\u00a0", "")
    m = _AMOUNT.fullmatch(t)
    if m is None and _DIGITS.fullmatch(t):  # a number, with more whole digits than any amount: too big, said so
        raise IllegalChange("an amount of {text} is too big: at most {most}", text=t if len(t) <= 40 else t[:40] + "…",
                            most=limits.AMOUNT_MAX)
    if m is None:
        raise IllegalChange("'{text}' is not an amount: a number like 1000 or 250.50", text=str(text)[:40])
    whole, cents = m.group(1), (m.group(2) or "").ljust(2, "0")
    x = Fraction(int(whole)) + Fraction(int(cents or "0"), 100)
    if x > limits.AMOUNT_MAX:
        raise IllegalChange("an amount of {text} is too big: at most {most}", text=t, most=limits.AMOUNT_MAX)
    return x


def amount_ok(x: Fraction) -> bool:
    """An amount the file can hold: 0 to AMOUNT_MAX, in cents."""
    return 0 <= x <= limits.AMOUNT_MAX and 100 % x.denominator == 0


def amount_text(x: Fraction) -> str:
    """1000 -> "1000"; 250.5 -> "250.50"; a share like 1000/3 -> "333.33" (to the cent, half up)."""
    if x.denominator == 1:
        return str(x.numerator)
    cents = (x * 100 + Fraction(1, 2)).__floor__()
    return f"{cents // 100}.{cents % 100:02d}"


def amount_value(x: Fraction) -> int | str:
    """As the event file writes it: a whole number, or text with two decimals ("250.50")."""
    return x.numerator if x.denominator == 1 else amount_text(x)
