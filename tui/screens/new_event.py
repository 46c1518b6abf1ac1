"""New event: a form, then `core.event.commands.new_event` and `core.store.create` (as `arbiter new`)."""

from __future__ import annotations

import os
import secrets
from fractions import Fraction

from textual import work

from arbiter.core.event import commands
from arbiter.core.event.systems import DEFAULT_PAIRING, PAIRINGS
from arbiter.core.errors import ArbiterError, message
from arbiter.core.tiebreaks.standings import check_codes
from arbiter.core.store import create

from ..actions import W, Action, register
from ..i18n import tr
from .dialogs import FormScreen


def default_file(open_path) -> str:
    """Where a new event goes unless the judge says otherwise: beside the open one (the venue's shared folder),
    written relative to the working directory when it is under it."""
    here = os.path.join(os.path.dirname(os.path.abspath(open_path)), "new.toml")
    rel = os.path.relpath(here)
    return here if rel.startswith("..") else rel


@work(group="question")
async def new_event_form(screen) -> None:
    """The form, then the new event opened in this session (the main screen's palette: "new event")."""
    app = screen.arb
    L = app.lang
    default = default_file(app.file.path)
    fields = [
        ("file", tr(L, "f_file"), default),
        ("name", tr(L, "f_name"), ""),
        ("rounds", tr(L, "f_rounds"), "5"),
        ("tables", tr(L, "f_tables"), "1"),
        ("top", tr(L, "f_top"), "0"),
        ("third", tr(L, "f_third"), tr(L, "no_letter")),
        ("points", tr(L, "f_points"), "1,1/2,0"),
        ("tiebreaks", tr(L, "f_tiebreaks"), "BH-C1,BH,SB,WIN"),
        ("pairing", tr(L, "f_pairing", names=", ".join(PAIRINGS)), DEFAULT_PAIRING),
    ]

    values = await screen.ask(FormScreen(tr(L, "new_event"), fields))
    if values is None:
        return
    try:
        path = make_event(values, L, default)
    except (ArbiterError, ValueError) as exc:  # the form's own errors are ValueErrors in the judge's language
        screen.say_error(message(exc, app.lang))
        return
    app.open_file(path)
    screen.say(tr(app.lang, "created", file=path))


register(
    Action("new_event", (), W("new event", "новый турнир"), W("New event", "Новый турнир"),
           ("main",), new_event_form, palette=True, group="change"),
)


def make_event(values: dict, lang: str = "en", default: str = "saves/new.toml") -> str:
    """The event of the form (its errors in the judge's language), created at the file named."""
    labels = {"rounds": "f_rounds", "tables": "f_tables", "top": "f_top"}

    def num(key: str) -> int:
        text = values.get(key, "").strip() or "0"
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"{tr(lang, labels[key])}: {tr(lang, 'not_number', text=text)}") from None

    codes = tuple(c.strip().upper() for c in values.get("tiebreaks", "").split(",") if c.strip())
    check_codes(codes)
    pts = None
    if values.get("points", "").strip():
        parts = values["points"].split(",")
        if len(parts) != 3:
            raise ValueError(tr(lang, "bad_points"))
        try:
            pts = tuple(Fraction(p.strip()) for p in parts)
        except (ValueError, ZeroDivisionError):
            raise ValueError(tr(lang, "bad_points")) from None
    event = commands.new_event(
        values.get("name", ""), num("rounds"), tables=max(1, num("tables")), top=num("top"),
        third_place=values.get("third", "").strip().lower() in ("y", "yes", "д", "да", "1"),
        points=pts, tiebreaks=codes, lots_seed=secrets.randbelow(2**31),
        pairing=values.get("pairing", "").strip().lower() or DEFAULT_PAIRING,
    )
    path = values.get("file", "").strip() or default
    create(path, event)
    return path
