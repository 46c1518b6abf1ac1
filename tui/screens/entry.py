"""Result entry, as plain functions: the keys' results, what a change of a result does.

The main screen's keys (1 0 = + - t a x, the ':' line) use these; nothing
here keeps state or knows a screen.
"""

from __future__ import annotations

from rich.text import Text

from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core.errors import ArbiterError
from arbiter_tournament.core.msg.cells import clean, fit
from arbiter_tournament.core.event.model import Event, Round, points_text
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.tiebreaks.standings import completed_rounds, standings

from ..i18n import points_word, tr
from arbiter_tournament.core.event.systems import Stage


PLAIN = {
    "1": Result.FIRST_WINS,
    "0": Result.SECOND_WINS,
    "=": Result.DRAW,
    "+": Result.FORFEIT_SECOND_WINS,  # the first player did not come
    "-": Result.FORFEIT_FIRST_WINS,  # the second player did not come
}
TECHNICAL = {"1": Result.TECHNICAL_FIRST_WINS, "0": Result.TECHNICAL_SECOND_WINS, "=": Result.TECHNICAL_DRAW}
AGREED = {"1": Result.AGREED_FIRST_WINS, "0": Result.AGREED_SECOND_WINS}


def result_of(key: str, prefix: str | None) -> Result | None:
    """The result a key enters after a pending prefix (t: technical, a: agreed), or None."""
    return {"t": TECHNICAL, "a": AGREED}.get(prefix or "", PLAIN).get(key)


def change_preview(e: Event, rnd: Round, board: int, result: Result | None, lang: str) -> Text:
    """What changing a result does: the result, the players whose points or places change, later rounds.

    Raises the engine's error when the change is refused.
    """
    g = rnd.game(board)
    new = cmds.RecordResult(rnd.stage, rnd.table, rnd.number, board, result, expected=g.result).apply(e)
    old_txt = str(g.result) if g.result is not None else tr(lang, "no_result")
    new_txt = str(result) if result is not None else tr(lang, "no_result")
    t = Text()
    who = tr(lang, "by", who=g.by) if g.by else ""
    ask = "clear_q" if result is None else "replace_q"  # x: clear it, not "replace it with no result"
    t.append(tr(lang, ask, b=board, old=old_txt, by=clean(who), new=new_txt) + "\n\n", style="bold")
    t.append(tr(lang, "change_result", r=rnd.number, b=board, old=old_txt, new=new_txt) + "\n")
    if rnd.stage in (Stage.SWISS, Stage.ROUNDROBIN) and team_event.is_team_event(e):
        t.append(team_change(e, new, rnd, board, lang))
    elif rnd.stage in (Stage.SWISS, Stage.ROUNDROBIN):
        table = rnd.table if rnd.stage == Stage.SWISS else None
        after = max(rnd.number, completed_rounds(e, rnd.stage, table))
        try:
            before_rows = {r.id: r for r in standings(e, table=table, after_round=after, stage=rnd.stage)}
            after_rows = {r.id: r for r in standings(new, table=table, after_round=after, stage=rnd.stage)}
        except ArbiterError:
            before_rows, after_rows = {}, {}
        changed = [pid for pid in after_rows if pid in before_rows and (
            after_rows[pid].points != before_rows[pid].points or after_rows[pid].rank != before_rows[pid].rank)]
        changed.sort(key=lambda pid: (pid not in g.players, after_rows[pid].rank))
        for pid in changed[:12]:
            o, n = before_rows[pid], after_rows[pid]
            p0, p1, name = points_text(o.points), points_text(n.points), clean(fit(e.player(pid).name, 28))
            if p0 == p1:  # only the place moved
                line = tr(lang, "change_place", name=name, r0=o.rank, r1=n.rank, p=p1, points=points_word(lang, p1))
            elif o.rank == n.rank:
                line = tr(lang, "change_points", name=name, p0=p0, p1=p1, points=points_word(lang, p1))
            else:
                line = tr(lang, "change_player", name=name, p0=p0, p1=p1, points=points_word(lang, p1), r0=o.rank,
                          r1=n.rank)
            t.append(line + "\n")
        if len(changed) > 12:
            t.append(f"… +{len(changed) - 12}\n")
        later = [str(r.number) for r in e.rounds_of(rnd.stage, table) if r.number > rnd.number]
        if later:
            t.append("\n" + tr(lang, "change_later_one" if len(later) == 1 else "change_later",
                                rounds=", ".join(later)) + "\n", style="bold yellow")
        else:
            t.append("\n" + tr(lang, "change_none") + "\n", style="dim")
        if e.stage_state(Stage.PLAYOFF) is not None:  # a correction after the play-off: does it still stand?
            from arbiter_tournament.core.playoff.stage import change_effect

            effect = change_effect(e, new)
            if effect is not None:
                t.append("\n" + effect.text(lang) + "\n", style="bold yellow")
    else:  # the top, the play-off: a later round paired on the old winner has the other player instead
        moved = top_moves(e, new, rnd, lang)
        for line in moved:
            t.append("\n" + line, style="bold yellow")
        t.append("\n" + ("" if moved else tr(lang, "change_none")) + "\n", style="dim")
    return t


def top_moves(e: Event, new: Event, rnd: Round, lang: str) -> list[str]:
    """The boards of the later rounds of `rnd`'s stage whose players the change makes different ("round 3, board 1:
    Morozov – Smirnova becomes Pavlov – Smirnova"): the bracket takes the new winner on."""
    def pair(ev: Event, g) -> str:
        names = [clean(fit(ev.player(pid).name, 22)) for pid in (g.first, g.second) if pid is not None]
        return " – ".join(names)

    out = []
    for r in e.rounds_of(rnd.stage, rnd.table):
        if r.number <= rnd.number:
            continue
        try:
            now = {g.board: g for g in new.find_round(*r.key).games}
        except ArbiterError:
            continue
        for g in r.games:
            h = now.get(g.board)
            if h is not None and (h.first, h.second) != (g.first, g.second):
                out.append(tr(lang, "change_top_board", r=r.number, b=g.board, old=pair(e, g), new=pair(new, h)))
    return out


def team_change(e: Event, new: Event, rnd: Round, board: int, lang: str) -> Text:
    """A team event: what the change does to the board's match (its score) and to the teams' standing (their
    match and game points, their places), and which later rounds were paired on it."""
    t = Text()
    st = team_event.state(e)
    n = (board - 1) // st.boards + 1
    old_m = next(m for m in team_event.matches(e, rnd, st) if m.number == n)
    new_m = next(m for m in team_event.matches(new, new.find_round(*rnd.key), st) if m.number == n)
    (a0, b0), (a1, b1) = old_m.result.points, new_m.result.points
    t.append(tr(lang, "tm_change_match", n=n, first=clean(old_m.first_name), second=clean(old_m.second_name),
                a0=points_text(a0), b0=points_text(b0), a1=points_text(a1), b1=points_text(b1)) + "\n")
    after = max(rnd.number, team_event.completed_rounds(e))
    try:
        before_rows = {r.id: r for r in team_event.standings(e, after_round=after)[2]}
        after_rows = {r.id: r for r in team_event.standings(new, after_round=after)[2]}
    except ArbiterError:  # the round is not complete: no standings after it yet
        before_rows, after_rows = {}, {}
    for tid, r1 in after_rows.items():
        r0 = before_rows.get(tid)
        if r0 is not None and (r0.match_points, r0.game_points, r0.rank) != (r1.match_points, r1.game_points, r1.rank):
            t.append(tr(lang, "tm_change_team", name=clean(r1.team), mp0=points_text(r0.match_points),
                        mp1=points_text(r1.match_points), gp0=points_text(r0.game_points),
                        gp1=points_text(r1.game_points), r0=r0.rank, r1=r1.rank) + "\n")
    later = [str(r.number) for r in e.rounds_of(rnd.stage, None) if r.number > rnd.number]
    if later:
        t.append("\n" + tr(lang, "change_later_one" if len(later) == 1 else "change_later", rounds=", ".join(later))
                 + "\n", style="bold yellow")
    else:
        t.append("\n" + tr(lang, "change_none") + "\n", style="dim")
    return t


def clean_lines(text: str) -> Text:
    return Text("\n".join(clean(line) for line in text.splitlines()))


def wrapped_lines(text: str, width: int) -> Text:
    """Lines of a table-like text (tie-break terms) wrapped to `width`, a wrapped line indented under its own
    start, so nothing runs past the edge of an 80-column terminal."""
    import textwrap

    out = []
    for line in text.splitlines():
        line = clean(line)
        if len(line) <= width:
            out.append(line)
            continue
        lead = len(line) - len(line.lstrip(" "))
        out += textwrap.wrap(line, width, initial_indent="", subsequent_indent=" " * (lead + 4),
                             drop_whitespace=True, break_on_hyphens=False) or [line[:width]]
    return Text("\n".join(out))
