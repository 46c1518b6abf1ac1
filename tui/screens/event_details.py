"""The event's report details as a form (palette: "event details"): name, city, federation, dates, chief
arbiter, deputies, time control, round dates, and the rate of the rating lists (standard, rapid or blitz: the
rating a player found in a list is entered with); one `core.commands.SetDetails`, as `arbiter event set`
(`--rate` too).

A value refused (`core.event.details.check_detail`, each field checked as the command checks it) keeps
the form open with what was typed, the field named and focused (tui/screens/forms.py).
"""

from __future__ import annotations

from textual import work

from arbiter_tournament.core.errors import ArbiterError
from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice

from ..actions import W, Action, register
from ..i18n import tr
from .forms import FieldError, ask_form, committed

# the form's fields: the event's attribute, the label's key (tui/words_day.py)
FIELDS = (("name", "d_name"), ("city", "d_city"), ("federation", "d_federation"), ("start", "d_start"),
          ("end", "d_end"), ("chief_arbiter", "d_chief"), ("deputy_arbiters", "d_deputies"),
          ("time_control", "d_time_control"), ("round_dates", "d_round_dates"), ("rate", "d_rate"))

# the rate as typed (either language, any case) -> the event's word; empty: the default, standard
RATE_WORDS = {"": "standard", "standard": "standard", "rapid": "rapid", "blitz": "blitz",
              "стандарт": "standard", "классика": "standard", "классические": "standard",
              "рапид": "rapid", "быстрые": "rapid", "блиц": "blitz"}


def shown_value(event, attr: str) -> str:
    value = getattr(event, attr)
    if attr == "deputy_arbiters":
        return "; ".join(value)
    if attr == "round_dates":
        return ", ".join(value)
    return value


def details_of(values: dict, lang: str) -> dict:
    """The form's values as `SetDetails`' fields, each checked as the command checks it (`check_detail`); a
    value refused is a `FieldError` naming its field."""
    from arbiter_tournament.core.event.details import check_dates, check_detail

    out: dict = {}
    for attr, _ in FIELDS:
        text = values.get(attr, "").strip()
        if attr == "deputy_arbiters":
            value = tuple(d.strip() for d in text.split(";") if d.strip())
        elif attr == "round_dates":
            value = tuple(d.strip() for d in text.split(",")) if text else ()
        elif attr == "rate":
            value = RATE_WORDS.get(text.lower(), text)
        else:
            value = text
        try:
            out[attr] = check_detail(attr, value)
        except ArbiterError as exc:
            raise FieldError(attr, message(exc, lang)) from None
    try:
        check_dates(out["start"], out["end"])
    except ArbiterError as exc:
        raise FieldError("end", message(exc, lang)) from None
    return out


@work(group="question")
async def event_details_form(screen) -> None:
    """The form, then one change (`SetDetails`): what `arbiter event set` does."""
    from arbiter_tournament.core.commands import SetDetails

    L = screen.arb.lang
    event = screen.arb.event
    fields = [(attr, tr(L, key), shown_value(event, attr)) for attr, key in FIELDS]

    def attempt(values: dict):
        return committed(screen, SetDetails(**details_of(values, L)))

    done = await ask_form(screen, tr(L, "d_title"), fields, attempt)
    if done is not None:
        screen.say(tr(L, "d_saved"), "bold")


register(
    Action("event_details", (), W("event details", "данные турнира"),
           W("The event's report details: city, dates, chief arbiter, deputies, time control, federation, the rate "
             "of the rating lists ...",
             "Данные турнира для отчёта: город, даты, главный судья, заместители, контроль времени, федерация, "
             "вид рейтинга ..."),
           ("main",), event_details_form, palette=True, group="change"),
)
