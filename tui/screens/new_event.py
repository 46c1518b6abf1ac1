"""New event: a form, then `core.commands.make_new_event` and `core.store.create` (as `arbiter new`).

Every kind: a Swiss (on tables, with a top), a round robin, a double round robin, a team event of B boards
(Swiss or round robin). A value refused keeps the form open with what was typed, the field named and
focused (tui/screens/forms.py).
"""

from __future__ import annotations

import os
import secrets
from fractions import Fraction

from textual import work

from arbiter_tournament.core import limits
from arbiter_tournament.core.event.systems import DEFAULT_PAIRING, PAIRINGS, System
from arbiter_tournament.core.errors import ArbiterError
from arbiter_tournament.core.msg.cells import clean
from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice

from ..actions import W, Action, register
from ..i18n import tr
from .forms import FieldError, ask_form

# what may be typed for each system (either language, or its first letter)
SYSTEM_WORDS = {
    System.SWISS: ("swiss", "s", "швейцарская", "швейцарка", "ш"),
    System.ROUNDROBIN: ("roundrobin", "round robin", "r", "круговая", "к"),
    System.DOUBLE_ROUNDROBIN: ("double-roundrobin", "double round robin", "double", "d", "двухкруговая", "двойная", "д"),
}
YES = ("y", "yes", "д", "да", "1")
INDIVIDUAL_DEFAULT = "BH-C1,BH,SB,WIN"  # the tie-breaks field's default


def default_file(open_path) -> str:
    """Where a new event goes unless the judge says otherwise: beside the open one (the venue's shared folder),
    written relative to the working directory when it is under it."""
    here = os.path.join(os.path.dirname(os.path.abspath(open_path)), "new.toml")
    rel = os.path.relpath(here)
    return here if rel.startswith("..") else rel


def fields_of(L: str, default: str) -> list[tuple[str, str, str]]:
    return [
        ("file", tr(L, "f_file"), default),
        ("name", tr(L, "f_name"), ""),
        ("rounds", tr(L, "f_rounds"), "5"),
        ("tables", tr(L, "f_tables"), "1"),
        ("top", tr(L, "f_top"), "0"),
        ("third", tr(L, "f_third"), tr(L, "no_letter")),
        ("points", tr(L, "f_points"), "1,1/2,0"),
        ("tiebreaks", tr(L, "f_tiebreaks"), INDIVIDUAL_DEFAULT),
        ("system", tr(L, "f_system"), tr(L, "f_system_swiss")),
        ("boards", tr(L, "f_team_boards"), "0"),
        ("match_points", tr(L, "f_match_points"), "2,1,0"),
        ("pairing", tr(L, "f_pairing", names=", ".join(PAIRINGS)), DEFAULT_PAIRING),
    ]


@work(group="question")
async def new_event_form(screen) -> None:
    """The form, then the new event opened in this session (the main screen's palette: "new event")."""
    app = screen.arb
    L = app.lang
    default = default_file(app.file.path)
    made: dict = {}

    def attempt(values: dict) -> str:
        made.update(values)
        return make_event(values, L, default)

    path = await ask_form(screen, tr(L, "new_event"), fields_of(L, default), attempt, field_of=field_of_refusal)
    if path is None:
        return
    note = new_event_note(made, L)
    app.open_file(path)
    screen.say(tr(app.lang, "created", file=path) + (f" · {note}" if note else ""), "yellow" if note else "")


register(
    Action("new_event", (), W("new event", "новый турнир"),
           W("New event: a Swiss (tables, a top), a round robin, a double round robin, a team event",
             "Новый турнир: швейцарская система (столы, топ), круговой, двухкруговой, командный"),
           ("main",), new_event_form, palette=True, group="change"),
)


def field_of_refusal(exc: ArbiterError) -> str | None:
    """The field a refusal of `core.commands.make_new_event` is about (its template's words)."""
    text = str(exc.msg.key if getattr(exc, "msg", None) is not None else exc)
    for words, field in (("round", "rounds"), ("table", "tables"), ("top", "top"), ("points", "points"),
                         ("tie-break", "tiebreaks"), ("board", "boards"), ("match points", "match_points"),
                         ("name", "name"), ("system", "system")):
        if words in text:
            return field
    return None


LABELS = {"file": "f_file", "name": "f_name", "system": "f_system", "rounds": "f_rounds", "tables": "f_tables",
          "top": "f_top", "third": "f_third", "points": "f_points", "tiebreaks": "f_tiebreaks",
          "boards": "f_team_boards", "match_points": "f_match_points", "pairing": "f_pairing"}


def bad(key: str, text: str, lang: str) -> FieldError:
    """The field `key` refused: its label (as the form shows it), then why."""
    return FieldError(key, f"{tr(lang, LABELS[key], names=', '.join(PAIRINGS))}: {text}")


def whole(values: dict, key: str, kind: str, lang: str) -> int:
    """A whole number typed in the field `key`: ASCII digits only, bounded (core.limits.whole), else the field
    named."""
    from arbiter_tournament.core.errors import InvalidNumber

    text = values.get(key, "").strip() or "0"
    try:
        n = limits.whole(text)
    except InvalidNumber as exc:
        raise bad(key, exc.text(lang), lang) from None
    if not limits.within(kind, n) and not (kind == "boards" and n == 0):
        lo, hi = limits.RANGES[kind]
        raise bad(key, tr(lang, "f_out_of_range", n=n, lo=lo, hi=hi), lang)
    return n


def points_of(values: dict, key: str, lang: str) -> tuple[Fraction, Fraction, Fraction] | None:
    text = values.get(key, "").strip()
    if not text:
        return None
    parts = [p.strip() for p in text.split(",")]
    ok = len(parts) == 3 and all(p and len(p) <= 8 and p.isascii() and all(c in "0123456789/." for c in p)
                                 for p in parts)
    try:
        pts = (Fraction(parts[0]), Fraction(parts[1]), Fraction(parts[2])) if ok else None
    except (ValueError, ZeroDivisionError):
        pts = None
    if pts is None or not all(limits.points_ok(x) for x in pts):
        raise FieldError(key, tr(lang, "bad_points"))  # (it names the field itself)
    return pts


def make_event(values: dict, lang: str = "en", default: str = "saves/new.toml") -> str:
    """The event of the form, created at the file named (its path). A value refused is a `FieldError` naming its
    field (a ValueError, in the judge's language); a refusal of core an `ArbiterError`."""
    from arbiter_tournament.core.commands import make_new_event
    from arbiter_tournament.core.store import create

    system = system_of(values, lang)
    rounds = whole(values, "rounds", "rounds", lang)
    tables = max(1, whole(values, "tables", "tables", lang))
    top = whole(values, "top", "top", lang)
    boards = whole(values, "boards", "boards", lang)
    codes = tuple(c.strip().upper() for c in values.get("tiebreaks", "").split(",") if c.strip())
    if boards and ",".join(codes) == INDIVIDUAL_DEFAULT:
        codes = ()  # the form's default is for players: a team event takes the team default (GP, EMGSB)
    try:
        if boards:
            from arbiter_tournament.core.teams.tiebreak_codes import check_codes as team_codes

            team_codes(codes)
        else:
            from arbiter_tournament.core.tiebreaks.standings import check_codes

            check_codes(codes)
    except ArbiterError as exc:
        raise bad("tiebreaks", message(exc, lang), lang) from None
    pairing = values.get("pairing", "").strip().lower() or DEFAULT_PAIRING
    if pairing not in PAIRINGS:
        raise bad("pairing", tr(lang, "f_pairing_bad", text=clean(pairing[:20])), lang)
    if pairing != DEFAULT_PAIRING and boards:
        raise bad("pairing", tr(lang, "f_pairing_teams", pairing=pairing), lang)
    if system != System.SWISS and (tables > 1 or top):
        raise bad("tables" if tables > 1 else "top", tr(lang, "f_swiss_only"), lang)
    event = make_new_event(
        values.get("name", ""), rounds, system=system, tables=tables, top=top,
        third_place=values.get("third", "").strip().casefold() in YES, points=points_of(values, "points", lang),
        tiebreaks=codes, lots_seed=secrets.randbelow(2**31),
        pairing=pairing, teams_boards=boards or None, match_points=points_of(values, "match_points", lang) if boards else None)
    path = values.get("file", "").strip() or default
    try:
        create(path, event)
    except ArbiterError as exc:
        raise bad("file", message(exc, lang), lang) from None
    return path


def system_of(values: dict, lang: str) -> str:
    typed = values.get("system", "").strip().casefold() or System.SWISS
    system = next((s for s, words in SYSTEM_WORDS.items() if typed in words), None)
    if system is None:
        raise bad("system", tr(lang, "f_system_bad", text=typed[:20]), lang)
    return system


def new_event_note(values: dict, lang: str) -> str:
    """What the judge should know of the event just made: the field a Swiss of its rounds needs to be sure of
    pairings without a rematch (`core.pairing.guarantee`), else ""."""
    from arbiter_tournament.core.pairing.guarantee import smallest_field

    rounds = int(values.get("rounds", "0").strip() or 0)
    if system_of(values, lang) != System.SWISS or rounds < 4:
        return ""
    boards = int(values.get("boards", "0").strip() or 0)
    return tr(lang, "new_note_teams" if boards else "new_note_players", rounds=rounds, need=smallest_field(rounds))
