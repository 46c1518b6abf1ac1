"""The final ranking of the whole event: one list of every player (or team), best first.

    final_ranking(event) -> FinalRanking(rows, finished, pending, ...)

Built in this order (docs/end-of-event.md):

1. **The top**, when the event has one: its places by the bracket (704.3):
   the champion, the final's loser, the third-place match's winner and
   loser (without one the semi-final losers go with the losers of a round),
   then the losers of each earlier round, the latest round first: they share
   the places below those still in ("5-8", "9-16") or are ordered by the
   Swiss order, as the top's `placings` says. Before the top is over, a
   player still in shares the places from 1 down to the worst he can still
   reach ("1-8" while in the quarter-finals).
2. **The play-off for first place** (32.5), in an event without a top: its
   winner is first; the other players keep their order. Only while its
   players are exactly the players tied for first: after a correction of the
   main stage that changes who is tied, the play-off decides nothing (`playoff`
   is "void" and `notes` says why), so a play-off winner is never put above a
   player with more points.
3. **Everyone else** (everyone, without a top) in the Swiss order: each
   table's standings merged by `core.tiebreaks.merged` (points, then the
   event's tie-breaks but DE). A round robin is its standings; a team event
   its team standings.

Players equal after every tie-break (a tied group) share the place
("1-3") when the event shares places (`share_places`); otherwise the
regulations break it by lot, drawn once (`core.final.lots.draw_lots`) and
recorded in the file (`lots`): the group is then ordered by the lot and each
of its rows is marked `by_lot`. Until it is drawn the group shares the place;
once the event is over it is marked `lot_pending` and `FinalRanking.pending`
lists it (before the end a tie is simply shared: the ranking is provisional).

`restricted(rows, ids)` is the same ranking over fewer players (a table, a
category): places are counted again, a shared place stays shared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from arbiter_tournament.core.errors import ArbiterError, Msg
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.playoff.complete import main_finished
from arbiter_tournament.core.tiebreaks.merged import settle, table_rankings, tied_groups
from arbiter_tournament.core.tiebreaks.standings import main_stage
from arbiter_tournament.core.event.systems import Stage, System

# what a row's place came from (`FinalRow.part`)
PARTS = (Stage.TOP, Stage.PLAYOFF, Stage.SWISS, Stage.ROUNDROBIN, "teams")


@dataclass(frozen=True)
class FinalRow:
    place: int
    place_to: int  # equal to `place` unless the place is shared
    id: int  # a player's id (a team's in a team event)
    name: str
    table: int | None
    points: Fraction  # points of the main stage (a team's match points)
    tiebreaks: dict[str, Fraction] = field(default_factory=dict)
    part: str = Stage.SWISS.value  # PARTS
    reached: str = ""  # in the top: how far (a key of core/msg/en.py: "fr_champion", "fr_final", ...)
    reached_n: int = 0  # with "fr_round_of": the players of that round (16 for the round of 16)
    by_lot: bool = False  # the place among equals was drawn by lot (and recorded)
    lot_pending: bool = False  # equal after every tie-break, to be drawn by lot: the place is shared until then
    overall: str = ""  # in a restricted list (a table, a category): the place in the whole ranking

    @property
    def shared(self) -> bool:
        return self.place != self.place_to

    @property
    def place_text(self) -> str:
        """"1", or "5-8" for a shared place."""
        return str(self.place) if not self.shared else f"{self.place}-{self.place_to}"


@dataclass(frozen=True)
class FinalRanking:
    rows: tuple[FinalRow, ...]
    finished: bool  # the event is over: the places are final (else provisional)
    codes: tuple[str, ...]  # the tie-break columns of the rows
    pending: tuple[tuple[int, ...], ...] = ()  # tied groups whose lot is still to be drawn
    teams: bool = False  # the rows are teams
    playoff: str = ""  # "", "decided" (its winner is first), "under way", or "void" (it no longer applies: `notes`)
    notes: tuple[Msg, ...] = ()  # what the lists say below the rows (why a play-off no longer applies)

    def row(self, pid: int) -> FinalRow:
        for r in self.rows:
            if r.id == pid:
                return r
        raise KeyError(pid)


# -- the pieces, best first: a block is players whose places are counted together ----------------------


@dataclass
class _Block:
    ids: tuple[int, ...]
    kind: str  # "single", "tie" (equal after every tie-break: shared or by lot), "range" (shared by the top)
    part: str
    reached: str = ""
    reached_n: int = 0
    worst: int | None = None  # a "range" of players still in the top: the worst place they can reach
    first: int | None = None  # the top's blocks: the first place they take (by the bracket, decided or not)


def _is_team_event(event: Event) -> bool:
    return event.stage_state("teams") is not None


def is_finished(event: Event) -> bool:
    """The event is over: the main stage complete, the top (if planned) decided, the play-off (if any) decided."""
    if not main_finished(event):
        return False
    if event.top and event.system == System.SWISS and not _is_team_event(event):
        from arbiter_tournament.core.knockout import stage as top

        try:
            b = top.bracket(event)
        except ArbiterError:
            return False
        if b is None or not b.finished:
            return False
    if event.stage_state(Stage.PLAYOFF) is not None:
        from arbiter_tournament.core.playoff import stage as playoff_event

        try:
            if playoff_event.void_reason(event) is None and not playoff_event.progress(event).finished:
                return False
        except ArbiterError:
            return False
    return True


def _top_blocks(event: Event, b, swiss: list[tuple[int, ...]]) -> list[_Block]:
    """The top's players, best first (see the module): decided places, shared ranges, Swiss order."""
    by_swiss = b.config.placings == "swiss-order"
    rounds = b.rounds
    last = len(rounds)
    names = {last: "fr_final", last - 1: "fr_semi", last - 2: "fr_quarter"}

    def losers_blocks(players: list[int], r: int) -> list[_Block]:
        """The losers of main round r so far: the places below the winners of that round (5-8 ...)."""
        if not players:
            return []
        m = len(rounds[r - 1])  # the round's matches: as many players go on
        reached, n = names.get(r, "fr_round_of"), 2 * m
        losers = sum(1 for x in rounds[r - 1] if not x.is_bye)
        if not by_swiss:
            blk = _Block(tuple(sorted(players)), "range" if losers > 1 else "single", Stage.TOP, reached, n, first=m + 1)
            blk.worst = m + losers
            return [blk]
        inside = set(players)
        out = []
        at = m + 1
        for g in swiss:
            mine = tuple(p for p in g if p in inside)
            if mine:
                out.append(_Block(mine, "tie" if len(mine) > 1 else "single", Stage.TOP, reached, n, first=at))
                at += len(mine)
        return out

    blocks: list[_Block] = []
    final = b.final
    tp = b.third_place_match
    out_in: dict[int, int] = {}  # player -> the main round he lost in
    for r, matches in enumerate(rounds, start=1):
        for m in matches:
            if not m.is_bye and m.loser is not None:
                out_in[m.loser] = r
    alive = [p for p in b.seeds if p not in out_in and (final.winner is None or p != final.winner)]
    if final.winner is not None:
        blocks.append(_Block((final.winner,), "single", Stage.TOP, "fr_champion", first=1))
        blocks.append(_Block((final.loser,), "single", Stage.TOP, "fr_final", first=2))
    else:
        # still in: share 1 .. the worst place reachable from the round each is in now
        worst: dict[int, list[int]] = {}
        for p in alive:
            r = _round_now(b, p)
            worst.setdefault(2 * len(rounds[r - 1]) if r else len(b.seeds), []).append(p)
        for w in sorted(worst):
            blocks.append(_Block(tuple(sorted(worst[w])), "range", Stage.TOP, "fr_still_in", worst=w, first=1))
    semis = [p for p, r in out_in.items() if r == last - 1] if last >= 2 else []
    if tp is not None and semis:
        if tp.winner is not None:
            blocks.append(_Block((tp.winner,), "single", Stage.TOP, "fr_third", first=3))
            blocks.append(_Block((tp.loser,), "single", Stage.TOP, "fr_fourth", first=4))
        else:
            blk = _Block(tuple(sorted(semis)), "range", Stage.TOP, "fr_third_match", worst=4, first=3)
            blocks.append(blk)
    elif semis:
        blocks += losers_blocks(semis, last - 1)
    for r in range(last - 2, 0, -1):
        blocks += losers_blocks([p for p, rr in sorted(out_in.items()) if rr == r], r)
    return blocks


def _round_now(b, player: int) -> int:
    """The main round the player is in now (his first match without a winner), 0 if none."""
    for r, matches in enumerate(b.rounds, start=1):
        for m in matches:
            if player in m.players and m.winner is None:
                return r
    return 0


def _places(event: Event, blocks: list[_Block], info: dict[int, tuple], finished: bool) -> tuple[list[FinalRow], list]:
    """The rows of the blocks, best first, with their places; and the tied groups waiting for their lot (only
    once the event is over: before, a tie is simply shared, as the ranking is provisional)."""
    rows: list[FinalRow] = []
    pending: list[tuple[int, ...]] = []
    count = 0  # players placed so far: the next block's first place, but for the top's (the bracket's)
    for blk in blocks:
        n = len(blk.ids)
        at = count if blk.first is None else blk.first - 1
        count += n
        if blk.kind == "range":
            lo, hi = at + 1, at + n if blk.worst is None else blk.worst
            for pid in blk.ids:
                rows.append(_row(event, pid, lo, hi, blk, info))
        elif blk.kind == "single" or n == 1:
            rows.append(_row(event, blk.ids[0], at + 1, at + 1, blk, info))
        else:
            how, order = settle(event, blk.ids)
            if how == "lot":
                for k, pid in enumerate(order):
                    rows.append(_row(event, pid, at + 1 + k, at + 1 + k, blk, info, by_lot=True))
            else:
                waits = how == "pending" and finished
                if waits:
                    pending.append(blk.ids)
                for pid in order:
                    rows.append(_row(event, pid, at + 1, at + n, blk, info, lot_pending=waits))
    return rows, pending


def _row(event: Event, pid: int, lo: int, hi: int, blk: _Block, info: dict[int, tuple], **kw) -> FinalRow:
    name, table, points, tbs = info[pid]
    return FinalRow(lo, hi, pid, name, table, points, tbs, blk.part, blk.reached, blk.reached_n, **kw)


def final_ranking(event: Event) -> FinalRanking:
    """The final ranking of the event as it stands (see the module); provisional until `finished`."""
    if _is_team_event(event):
        return _team_ranking(event)
    stage = main_stage(event)
    codes = tuple(event.tiebreaks)
    rankings = table_rankings(event)  # each table's standings, computed once
    info: dict[int, tuple] = {}
    for rows, _keys in rankings:
        for r in rows:
            info[r.id] = (r.name, r.table, r.points, r.tiebreaks)
    for p in event.players:  # (a player the standings leave out: none today, but every player has a row)
        info.setdefault(p.id, (p.name, p.table, Fraction(0), {}))
    swiss = tied_groups(event, rankings=rankings)
    blocks: list[_Block] = []
    playoff = ""
    notes: tuple[Msg, ...] = ()
    b = None
    if event.system == System.SWISS and event.stage_state(Stage.TOP) is not None:
        from arbiter_tournament.core.knockout import stage as top

        try:
            b = top.bracket(event)
        except ArbiterError:
            b = None
    if b is not None:
        blocks = _top_blocks(event, b, swiss)
        inside = set(b.seeds)
        rest = [tuple(p for p in g if p not in inside) for g in swiss]
        blocks += [_Block(g, "tie" if len(g) > 1 else "single", stage) for g in rest if g]
    else:
        groups = list(swiss)
        if event.stage_state(Stage.PLAYOFF) is not None:
            from arbiter_tournament.core.playoff import stage as playoff_event

            try:
                now = playoff_event.progress(event)
                void = playoff_event.void_reason(event)
            except ArbiterError:
                now, void = None, None
            playoff = "decided" if now is not None and now.finished else "under way"
            if void is not None:  # a correction changed who is tied for first: the play-off decides nothing
                playoff, notes = "void", (void,)
            elif now is not None and now.finished and now.winner is not None:
                groups = [tuple(p for p in g if p != now.winner) for g in groups]
                blocks.append(_Block((now.winner,), "single", Stage.PLAYOFF, "fr_playoff"))
        blocks += [_Block(g, "tie" if len(g) > 1 else "single", stage) for g in groups if g]
    finished = is_finished(event)
    rows, pending = _places(event, blocks, info, finished)
    return FinalRanking(tuple(rows), finished, codes, tuple(pending), playoff=playoff, notes=notes)


def _team_ranking(event: Event) -> FinalRanking:
    """A team event: its team standings (match points, then the team tie-breaks), tied teams as players are."""
    from dataclasses import replace

    from arbiter_tournament.core.teams.team_standings import standings as team_standings

    _after, codes, rows = team_standings(replace(event, share_places=True))
    info = {r.id: (r.team, None, r.match_points, r.tiebreaks) for r in rows}
    blocks: list[_Block] = []
    last_rank = None
    for r in rows:  # shared=True: teams equal after every tie-break have one rank
        if blocks and r.rank == last_rank:
            blocks[-1].ids = tuple(sorted(blocks[-1].ids + (r.id,)))
            blocks[-1].kind = "tie"
        else:
            blocks.append(_Block((r.id,), "single", "teams"))
        last_rank = r.rank
    finished = is_finished(event)
    out, pending = _places(event, blocks, info, finished)
    return FinalRanking(tuple(out), finished, tuple(codes), tuple(pending), teams=True)


# -- fewer players: a table, a category ------------------------------------------------------------------


def restricted(rows: tuple[FinalRow, ...] | list[FinalRow], ids) -> list[FinalRow]:
    """The ranking of the players `ids` only, places counted again: rows that shared a place share one
    here too, a place drawn by lot stays marked; `overall` keeps the place in the whole ranking."""
    from dataclasses import replace

    keep = [r for r in rows if r.id in ids]
    out: list[FinalRow] = []
    i = 0
    while i < len(keep):
        j = i + 1
        while j < len(keep) and keep[j].shared and (keep[j].place, keep[j].place_to) == (keep[i].place,
                                                                                            keep[i].place_to):
            j += 1
        lo, hi = len(out) + 1, len(out) + (j - i)
        for r in keep[i:j]:
            out.append(replace(r, place=lo, place_to=hi if r.shared else lo, overall=r.place_text))
        i = j
    return out


def table_list(ranking: FinalRanking, event: Event, table: int) -> list[FinalRow]:
    """The final ranking of one Swiss table's players."""
    return restricted(ranking.rows, {p.id for p in event.players if p.table == table})


def category_list(ranking: FinalRanking, event: Event, name: str) -> list[FinalRow]:
    """The final ranking of one category's players (`core.final.categories`)."""
    from arbiter_tournament.core.final.categories import find, members

    return restricted(ranking.rows, members(event, find(event, name)))


_REACHED = {"fr_champion": "fr_champion", "fr_final": "fr_final", "fr_third": "fr_third", "fr_fourth": "fr_fourth",
            "fr_third_match": "fr_third_match", "fr_semi": "fr_semi", "fr_quarter": "fr_quarter",
            "fr_still_in": "fr_still_in", "fr_playoff": "fr_playoff"}  # the words of `reached` (core/msg/en.py)


def reached_text(row: FinalRow, lang: str) -> str:
    """How far a top player got, in words ("" outside the top)."""
    if not row.reached:
        return ""
    if row.reached == "fr_round_of":
        return Msg("fr_round_of", half=row.reached_n // 2).text(lang)
    return Msg(_REACHED[row.reached]).text(lang)
