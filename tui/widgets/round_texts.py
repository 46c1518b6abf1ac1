"""The lines under a round and over the standings: who is not paired, the top's places, the play-off's games.

Plain functions of the event (`rich.text.Text`, names cleaned and fitted),
shared by the round panel, the standings panel and the bracket panel.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from arbiter_tournament.core.errors import ArbiterError, Msg
from arbiter_tournament.core.event.model import Event, Round
from arbiter_tournament.core.msg.cells import clean, fit

from ..i18n import tr
from .match_rows import bye_text
from arbiter_tournament.core.event.systems import Stage


def top_bracket(e: Event):
    """The knockout bracket (`core.knockout.stage.bracket`), or None before the top starts."""
    from arbiter_tournament.core.knockout import stage as top

    try:
        return top.bracket(e)
    except ArbiterError:
        return None


def places_text(e: Event, lang: str, b=None, width: int = 78, lines: int = 3) -> Text | None:
    """The top's places known so far (`core.knockout.stage.final_places`), the champion first, in at most
    `lines` lines of `width` columns: each place and name whole (never cut inside a name), and when they do
    not all fit, the last line ends with "… F final ranking" (the whole list is there)."""
    from arbiter_tournament.core.knockout import stage as top

    b = b if b is not None else top_bracket(e)
    if b is None:
        return None
    try:
        places = top.final_places(e, b)
    except ArbiterError:
        return None
    if not places:
        return None
    width = max(20, width)
    label = tr(lang, "top_final_places" if b.finished else "top_places_so_far")
    more = " " + tr(lang, "places_more")
    entries = [(where, f"{clean(fit(e.player(pid).name, 24))} ({pid})") for where, pid in places]
    rows: list[list[tuple[str, str]]] = [[]]
    used = cell_len(label)
    for i, (where, who) in enumerate(entries):
        piece = cell_len(f" · {where} {who}") if rows[-1] else cell_len(f" {where} {who}")
        last_line = len(rows) == lines
        room = width - (cell_len(more) if last_line and i < len(entries) - 1 else 0)
        if used + piece > room:
            if last_line:
                break
            rows.append([])
            used = cell_len(f"{where} {who}")
        else:
            used += piece
        rows[-1].append((where, who))
    shown = sum(len(r) for r in rows)
    t = Text(no_wrap=True, overflow="ellipsis")
    t.append(label, style="bold")
    for k, row in enumerate(rows):
        if k:
            t.append("\n")
        for j, (where, who) in enumerate(row):
            t.append((" " if k == 0 and j == 0 else "" if j == 0 else " · ") + f"{where} ")
            t.append(who, style="bold green" if where == "1" else "")
    if shown < len(entries):
        t.append(more, style="dim")
    return t


def unpaired_text(e: Event, rnd: Round, lang: str) -> Text | None:
    """The players of the round's table not paired in it, and why (as `arbiter round` lists them)."""
    from arbiter_tournament.core.formats.text import unpaired

    out = unpaired(e, rnd)
    if not out:
        return None
    t = Text()
    t.append(tr(lang, "not_paired") + ": ", style="bold")
    for i, (pid, why) in enumerate(out):
        reason = why.text(lang) if hasattr(why, "text") else tr(lang, "np_" + str(why).replace(" ", "_").replace("-", "_"))
        t.append(("" if i == 0 else ", ") + f"{clean(fit(e.player(pid).name, 24))} ({pid}, {clean(str(reason))})")
    return t


def team_foot(e: Event, rnd: Round, lang: str) -> Text | None:
    """Under a team round: the team without a match (the players not in a line-up are the teams' reserves)."""
    said = bye_text(e, rnd, lang)
    return Text(said, style="bold") if said else None


def playoff_text(e: Event, rnd: Round, lang: str) -> Text | None:
    """Under the play-off's current round: what its games are (`core.playoff.stage.progress`: the plan's label
    and time control), and in an Armageddon who wins it on a draw, by name (the second player, 32.5.6)."""
    from arbiter_tournament.core.playoff import stage as playoff_event

    rounds = e.rounds_of(Stage.PLAYOFF)
    if not rounds or rnd is not rounds[-1]:
        return None
    try:
        st = playoff_event.progress(e)
    except ArbiterError:
        return None
    if st.finished:
        return None
    from arbiter_tournament.core.playoff import plan as po

    def said(x) -> str:
        return clean(x.text(lang) if isinstance(x, Msg) else str(x))

    t = Text()
    for g in st.next_games:
        tc = said(po.ARMAGEDDON if g.armageddon and str(g.time_control) == str(po.ARMAGEDDON) else g.time_control)
        line = f"{said(g.stage)}, {tc}"
        if line in t.plain:
            continue  # the same game on every board of the round (a group's round): said once
        t.append(("\n" if t.plain else "") + line, style="bold")
        if g.armageddon:  # who that is, by name: the judge rules on a draw by it
            name = clean(fit(e.player(g.second).name, 24))
            t.append(" · " + tr(lang, "armageddon_draw", name=name, id=g.second), style="bold yellow")
    return t if t.plain else None
