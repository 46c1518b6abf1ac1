"""Team standings: match points, then the tie-breaks (default GP, EMGSB); board points for board prizes."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.teams.matches import board_points
from arbiter_tournament.core.teams.histories import team_histories
from arbiter_tournament.core.teams.round_matches import matches
from arbiter_tournament.core.teams.section import TeamsState, team_stage, state
from arbiter_tournament.core.teams.tiebreak_codes import DEFAULT_CODES, check_codes

F = Fraction


def completed_rounds(event: Event) -> int:
    n = 0
    for r in event.rounds_of(team_stage(event), None):
        if r.missing:
            break
        n = r.number
    return n


def default_codes(event: Event, st: TeamsState | None = None) -> list[str]:
    st = st or state(event)
    if st.tiebreaks:
        return list(st.tiebreaks)
    if event.tiebreaks:
        try:
            check_codes(event.tiebreaks)
            return list(event.tiebreaks)
        except IllegalChange:
            pass
    return list(DEFAULT_CODES)


def _context(event: Event, after_round: int | None, codes, edition: str | None):
    """(after_round, codes, internal codes, the team tie-breaks' context, team histories) of the standings."""
    from arbiter_tournament.core.tiebreaks.team import TeamContext, TeamScoring

    st = state(event)
    paired = len(event.rounds_of(team_stage(event), None))
    if after_round is None:
        after_round = completed_rounds(event)
    elif not 0 <= after_round <= paired:
        raise IllegalChange("--after-round {after_round}: {paired} round(s) have been paired", after_round=after_round, paired=paired)
    codes = list(codes) if codes else default_codes(event, st)
    internal = check_codes(codes)
    edition = edition or event.edition
    if edition not in ("fide2024", "fide2026", "legacy"):
        raise IllegalChange("unknown edition '{edition}' (one of fide2024, fide2026, legacy)", edition=edition)
    hist = team_histories(event, after_round, st)
    mp = st.match_points
    scoring = TeamScoring(boards=st.boards, match_win=mp.win, match_draw=mp.draw, match_loss=mp.loss, pab=st.pab,
                          won_by=mp.won_by)
    ctx = TeamContext.of(hist, scoring=scoring, rounds=after_round, edition=edition)
    return after_round, codes, internal, ctx, hist


def standings(event: Event, after_round: int | None = None, codes=None, edition: str | None = None):
    """(after_round, codes, rows): teams by MP, then the codes (default GP, EMGSB)."""
    from arbiter_tournament.core.tiebreaks.team import rank_teams

    after_round, codes, internal, ctx, hist = _context(event, after_round, codes, edition)
    rows = rank_teams(ctx, internal, lots_seed=event.lots_seed,
                      share_places=event.share_places or after_round == 0) if hist else []
    played = {tid: sum(1 for r in recs if r.opponent is not None) for tid, recs in ctx.recs.items()}
    out = [replace(r, tiebreaks={c: r.tiebreaks[i] for c, i in zip(codes, internal)}, matches=played[r.id])
           for r in rows]
    return after_round, codes, out


def explain_team_text(event: Event, team_id: int, *, after_round: int | None = None, codes=None,
                      edition: str | None = None, lang: str = "en") -> str:
    """How each tie-break value of team `team_id` in the standings is made, as text in `lang`
    (`core.tiebreaks.team_explain`): the same context as `standings`, the same decisions."""
    from arbiter_tournament.core.tiebreaks.team_explain import explain_team, render_team_explain

    after_round, codes, internal, ctx, hist = _context(event, after_round, codes, edition)
    if team_id not in ctx.teams:
        raise IllegalChange("no team with id {tid}", tid=team_id)
    x = explain_team(ctx, team_id, internal)
    x = replace(x, items=tuple(replace(item, code=c) for item, c in zip(x.items, codes)))  # as the judge typed them
    return render_team_explain(x, lang)


@dataclass(frozen=True)
class BoardStat:
    board: int
    id: int
    name: str
    team: str
    games: int
    points: Fraction


def board_stats(event: Event, after_round: int | None = None) -> list[BoardStat]:
    """Each player's points per board number (board of his team's match), for board prizes.

    Forfeits count as the result awarded (a win by forfeit is a point); every
    line-up place is a game. Order: board, then points, then fewer games, then id.
    """
    st = state(event)
    after = completed_rounds(event) if after_round is None else after_round
    acc: dict[tuple[int, int], list] = {}
    for rnd in event.rounds_of(team_stage(event), None):
        if rnd.number > after:
            break
        for m in matches(event, rnd, st):
            for bp, g in zip(m.match.boards, m.games):
                if g.result is None:
                    continue
                x, y = board_points(g.result.value)
                for pid, pts in zip(g.pair, (x, y)):
                    a = acc.setdefault((bp.board, pid), [0, F(0)])
                    a[0] += 1
                    a[1] += pts
    out = [BoardStat(b, pid, event.player(pid).name, event.player(pid).team, n, pts)
           for (b, pid), (n, pts) in acc.items()]
    out.sort(key=lambda s: (s.board, -s.points, s.games, s.id))
    return out
