"""The status line: event, round, table, results missing, the round clock, who else is editing."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from arbiter_tournament.core.msg.cells import clean, fit

from ..i18n import tr
from . import clock as clockmod
from arbiter_tournament.core.event.systems import Stage

CLOCK_STYLE = {"ok": "bold", "warn": "bold black on yellow", "alert": "bold white on red", "zero": "bold white on red blink"}


def status_text(lang: str, *, event_name: str, round_no: int | None, rounds_planned: int, stage: str,
                table: int | None, tables: int, missing: int | None, clock_left: float | None,
                clock_paused: bool, others: list[str], viewing: int | None = None, width: int = 80,
                matches_open: int | None = None, online: tuple[tuple[str, str], tuple[str, str]] | None = None,
               reports: int = 0) -> Text:
    """One line; the event's name gets what the other parts leave (at least 8 columns).

    `matches_open` (a team event): the missing results are said with the matches still open.
    `online`: the site online (tui/screens/publishing.py), its long and its short (text, style), before the
    other judges.

    When the parts do not fit, the long ones take their short forms (the other
    judges without their SSH client); if they still do not fit, the other
    judges are counted ("also: 2"): they never disappear off the right edge.
    """
    full = _parts(lang, False, round_no, rounds_planned, stage, table, tables, missing, clock_left, clock_paused,
                  others, viewing, matches_open, online, reports)
    parts = full
    if 8 + sum(3 + cell_len(text) for text, _ in full) > width:
        parts = _parts(lang, True, round_no, rounds_planned, stage, table, tables, missing, clock_left, clock_paused,
                       others, viewing, matches_open, online, reports)
    rest = sum(3 + cell_len(text) for text, _ in parts)
    if others and 8 + rest > width:  # the other judges: how many, cut if need be, never gone
        text, style = tr(lang, "st_others", who=str(len(others))), parts[-1][1]
        rest += cell_len(text) - cell_len(parts[-1][0])
        room = max(len(tr(lang, "st_others", who="")) + 2, cell_len(text) - (8 + rest - width))
        parts[-1] = (fit(text, room), style)
        rest = sum(3 + cell_len(text) for text, _ in parts)
    t = Text(no_wrap=True, overflow="ellipsis")
    t.append(fit(event_name, max(8, min(40, width - rest))), style="bold")
    for text, style in parts:
        t.append(" │ ")
        t.append(text, style=style)
    return t


def _parts(lang: str, short: bool, round_no, rounds_planned, stage, table, tables, missing, clock_left, clock_paused,
           others, viewing, matches_open=None, online=None, reports=0) -> list[tuple[str, str]]:
    s = "_short" if short else ""
    parts: list[tuple[str, str]] = []
    if round_no is not None:
        if stage in (Stage.SWISS, Stage.ROUNDROBIN) and rounds_planned:
            parts.append((tr(lang, "st_round_of", n=round_no, total=rounds_planned), ""))
        else:
            parts.append((tr(lang, f"stage_{stage}") + f" {round_no}", ""))
    if table is not None:
        parts.append((tr(lang, "st_table", t=table, n=tables), ""))
    if missing is not None:
        said = (tr(lang, "st_team_missing" + s, m=matches_open, n=missing) if missing and matches_open is not None
                else tr(lang, "st_missing" + s, n=missing) if missing else tr(lang, "st_complete" + s))
        parts.append((said, "bold yellow" if missing else "green"))
    if reports:  # what players sent from their phones waits for the judge (R)
        parts.append((tr(lang, "st_reports" + s, n=reports), "bold magenta"))
    if clock_left is not None:
        key = "st_paused" if clock_paused else "st_clock"
        parts.append((tr(lang, key, t=clockmod.fmt(clock_left)), CLOCK_STYLE.get(clockmod.level(clock_left), "")))
    if viewing is not None:
        parts.append((tr(lang, "st_viewing" + s, n=viewing), "reverse"))
    if online is not None:
        parts.append(online[1] if short else online[0])
    if others:
        who = [o.split("@")[0] if short else o for o in others]  # short: the users without their SSH client
        parts.append((tr(lang, "st_others", who=", ".join(clean(o) for o in who)), "cyan"))
    return parts


class TextLine(Static):
    """A Static that is updated only when what it shows changes (an update costs a repaint).

    The one-line widgets (status, heads, message) have a fixed size: no layout pass.
    """

    _shown: tuple | None = None

    def show(self, text: Text, layout: bool = False) -> None:
        key = (text.plain, tuple(text.spans), str(text.style), text.justify, text.overflow, text.no_wrap)
        if key != self._shown:  # (Text's == compares only the text and its spans)
            self._shown = key
            self.update(text, layout=layout)


class StatusLine(TextLine):
    pass


class MessageLine(TextLine):
    """The message line: the echo, errors, another judge's change; a long message takes a second and a third line."""

    def say(self, text: str, style: str = "") -> None:
        import textwrap

        width = max(8, self.size.width or (self.app.size.width or 80) - 2)  # the line has one column of padding each side
        text = clean(text)
        lines = textwrap.wrap(text, width, break_long_words=True, break_on_hyphens=False) if len(text) > width else [text]
        if len(lines) > 3:
            lines = lines[:2] + [fit(" ".join(lines[2:]), width)]
        for n, name in ((2, "two"), (3, "three")):
            if self.has_class(name) != (len(lines) == n):
                self.set_class(len(lines) == n, name)
        self.show(Text("\n".join(lines), style=style, no_wrap=True, overflow="ellipsis"))
