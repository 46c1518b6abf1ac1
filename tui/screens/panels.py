"""The main screen's panels: the round, the standings, the bracket; the cursor on a board.

`PanelsMixin` is a part of `MainScreen` (tui/screens/main.py): it patches the
round and standings tables and the bracket from the event the App holds, and
keeps what it computed from the event (scores, standings) in a `Memo`, by the
objects it came from. It uses the screen's view state (`shown_round`,
`table`, `only_missing`, `prefix` ...) and `say`.
"""

from __future__ import annotations

from fractions import Fraction

from rich.text import Text
from textual.widgets import DataTable, Static

from core.errors import ArbiterError, Msg, message
from core.formats.text import clean, fit, scores_before
from core.history import histories, round_records
from core.model import Event, Game, Round, points_text
from core.standings import completed_rounds, main_stage, standings

from ..i18n import tiebreak_name, tr
from ..widgets.bracket import BracketView
from ..widgets.patch_table import PatchTable, cell
from .dialogs import TextScreen


class Memo:
    """One value per name, computed again only when its inputs are not the very same objects.

    The event is immutable and a change keeps every part it does not touch
    (the players, the other rounds) as the same object, so identity says
    "unchanged" for free; a reload from disk gives new objects: computed again.
    """

    def __init__(self) -> None:
        self._values: dict[str, tuple[tuple, object]] = {}

    def get(self, name: str, inputs: tuple, compute):
        hit = self._values.get(name)
        if hit is not None and len(hit[0]) == len(inputs) and all(a is b for a, b in zip(hit[0], inputs)):
            return hit[1]
        value = compute()
        self._values[name] = (inputs, value)
        return value


def event_inputs(e: Event, keep_round) -> tuple:
    """Every field of the event but its rounds, then the rounds for which `keep_round` is true."""
    return (tuple(v for k, v in vars(e).items() if k != "rounds" and not k.startswith("_"))
            + tuple(r for r in e.rounds if keep_round(r)))


def set_text(widget: Static, text: Text, layout: bool = False) -> None:
    """Update a Static only when what it shows changes (an update costs a repaint).

    The one-line widgets (status, heads, message) have a fixed size: no layout.
    """
    key = (text.plain, tuple(text.spans), str(text.style), text.justify, text.overflow, text.no_wrap)
    if vars(widget).get("_text_shown") != key:  # (Text's == compares only the text and its spans)
        widget._text_shown = key  # type: ignore[attr-defined]
        widget.update(text, layout=layout)


def clean_lines(text: str) -> Text:
    return Text("\n".join(clean(line) for line in text.splitlines()))


def points_shown(e: Event, rnd: Round) -> dict[int, str]:
    """Points before the round; in the top, the points before the top (705.2 decides drawn games by them)."""
    if rnd.stage == "top":
        try:
            from core.top import points_before_top

            return {pid: points_text(x) for pid, x in points_before_top(e).items()}
        except (ImportError, ArbiterError):
            return {}
    return scores_before(e, rnd)


# two names, the board, both points and the result ("0-1t") in 80 columns, in both languages,
# with the table's scrollbar: a round never scrolls sideways
NAME_WIDTH = 24


class PanelsMixin:
    """The round, standings and bracket panels of `MainScreen`, and the cursor on the round."""

    # -- the round ---------------------------------------------------------------------
    def refresh_round(self) -> None:
        lang = self.arb.lang
        e = self.event
        rnd = self.shown_round()
        table = self.query_one("#round-table", PatchTable)
        cols = [("bd", tr(lang, "board")), ("first", tr(lang, "first")), ("p1", tr(lang, "pts")),
                ("res", tr(lang, "result")), ("second", tr(lang, "second")), ("p2", tr(lang, "pts"))]
        head = self.query_one("#round-head", Static)
        if rnd is None:
            table.sync(cols, [])
            self._round_shown = None
            set_text(head, Text(tr(lang, "no_round")))
            return
        pts = self.points_shown(e, rnd)
        shown = (rnd, pts, e.players, self.only_missing, self.prefix, lang, table.rebuilds, table.row_count)
        last = self._round_shown
        if last is not None and len(last) == len(shown) and all(a is b or a == b for a, b in zip(last, shown)):
            return  # the same round, points and view as shown: nothing to patch
        rows = []
        cache = self._row_cells
        players = e.players
        for g in rnd.games:
            if self.only_missing and not (g.result is None and g.second is not None):
                continue
            hit = cache.get(g.board)  # the cells of a board whose game, points and players did not change
            if hit is not None and hit[0] is g and hit[1] is pts and hit[2] is players and hit[3] == lang:
                cells = hit[4]
            else:
                cells = self.game_cells(e, g, pts)
                cache[g.board] = (g, pts, players, lang, cells)
            rows.append((str(g.board), cells))
        table.sync(cols, rows)
        self._round_shown = (rnd, pts, e.players, self.only_missing, self.prefix, lang, table.rebuilds, table.row_count)
        missing = [str(g.board) for g in rnd.games if g.result is None]
        where = f" · {tr(lang, 'k_table')} {rnd.table}" if rnd.table is not None else ""
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(f"{tr(lang, 'stage_' + rnd.stage)} {rnd.number}{where}", style="bold")
        tags = []  # the view's marks; the pending prefix is said in full on the message line
        if self.only_missing:
            tags.append((f" · [{tr(lang, 'only_missing')}]", "reverse"))
        if self.prefix:
            tags.append((f" · [{self.prefix}: {tr(lang, 'k_tech' if self.prefix == 't' else 'k_agreed')}]",
                         "bold reverse"))
        if missing:
            state = f" · {tr(lang, 'head_missing_one' if len(missing) == 1 else 'head_missing', boards=', '.join(missing))}"
            room = (self.size.width or 80) - 2 - len(t.plain) - sum(len(x) for x, _ in tags)
            if len(state) > room:  # the marks must show: the boards are counted instead (the status line has them too)
                state = f" · {tr(lang, 'st_missing', n=len(missing))}"
            t.append(state, style="yellow")
        else:
            t.append(f" · {tr(lang, 'st_complete')}", style="green")
        for text, style in tags:
            t.append(text, style=style)
        if rnd.stage == "playoff":
            t.append(*self.playoff_state(e, lang))
        set_text(head, t)

    @staticmethod
    def playoff_state(e: Event, lang: str) -> tuple[str, str]:
        """Where the play-off stands, for the round head: its winner, or what it needs besides results."""
        from core import playoff_event

        try:
            st = playoff_event.progress(e)
        except ArbiterError:
            return ("", "")
        if st.finished and st.winner is not None:
            return (f" · {tr(lang, 'playoff_winner', name=clean(e.player(st.winner).name), id=st.winner)}", "bold green")
        if st.needs:
            needs = st.needs.text(lang) if isinstance(st.needs, Msg) else str(st.needs)
            return (f" · {clean(needs)}", "bold yellow")
        return ("", "")

    def before_inputs(self, e: Event, rnd: Round) -> tuple:
        """What the points before `rnd` depend on: the event but this round and the later ones of its table."""
        return (rnd.stage, rnd.table, rnd.number) + event_inputs(e, lambda r: not (r.stage == rnd.stage and r.table == rnd.table
                                                           and r.number >= rnd.number))

    def scores_before(self, e: Event, rnd: Round) -> dict[int, Fraction]:
        """Each player's points before the round (Swiss, round robin), computed once per version of them."""
        if rnd.stage not in ("swiss", "roundrobin"):
            return {}
        return self.memo.get("scores_before", self.before_inputs(e, rnd), lambda: {
            h.id: h.score(e.scoring) for h in histories(e, rnd.stage, rnd.table, rnd.number - 1)})

    def points_shown(self, e: Event, rnd: Round) -> dict[int, str]:
        """The points column: before the round; in the top, before the top (705.2 decides drawn games by them)."""
        if rnd.stage == "top":
            return self.memo.get("points_shown", self.before_inputs(e, rnd), lambda: points_shown(e, rnd))
        scores = self.scores_before(e, rnd)
        return self.memo.get("points_shown", (scores,), lambda: {pid: points_text(x) for pid, x in scores.items()})

    def scores_after(self, e: Event, rnd: Round, g: Game) -> dict[int, Fraction]:
        """The points of the game's players after the round: before it, plus this game (as core counts it)."""
        if rnd.stage not in ("swiss", "roundrobin"):
            return {}
        before = self.scores_before(e, rnd)
        recs = round_records(Round(rnd.stage, rnd.number, (g,), rnd.table), [])
        return {pid: before[pid] + e.scoring.points(recs[pid].outcome) for pid in g.players
                if pid in before and pid in recs}

    def name_cell(self, e: Event, pid: int) -> str:
        """"Name (id)" in NAME_WIDTH columns, cleaned: computed once per version of the player."""
        p = e.player(pid)
        hit = self._names.get(pid)
        if hit is not None and hit[0] is p:
            return hit[1]
        num = f" ({p.id})"
        text = fit(p.name, NAME_WIDTH - len(num)) + num  # a long name is cut, its number never
        self._names[pid] = (p, text)
        return text

    def game_cells(self, e: Event, g: Game, pts: dict[int, str]):
        a = e.player(g.first)
        first = cell(self.name_cell(e, g.first))
        if g.second is None:
            return (cell(g.board), first, cell(pts.get(a.id, "")), cell(tr(self.arb.lang, "bye"), "dim"),
                    cell(""), cell(""))
        b = e.player(g.second)
        res = cell(str(g.result), "bold") if g.result is not None else cell("·", "yellow")
        mark = "*" if g.manual else ""
        return (cell(g.board), first, cell(pts.get(a.id, "")), res, cell(self.name_cell(e, g.second) + mark),
                cell(pts.get(b.id, "")))

    def refresh_standings(self) -> None:
        self.standings_stale = False
        lang = self.arb.lang
        e = self.event
        stage = main_stage(e)
        table = self.table if stage == "swiss" and e.tables > 1 else None
        codes = list(e.tiebreaks)
        cols = [("rk", tr(lang, "rank")), ("id", tr(lang, "id")), ("name", tr(lang, "name")), ("pts", tr(lang, "pts"))]
        cols += [(f"tb{i}", c) for i, c in enumerate(codes)]
        after = completed_rounds(e, stage, table)
        # computed again only when something they depend on changed: a result in the round in
        # progress (after `after`) does not move the standings of a Swiss
        inputs = (table, after) + event_inputs(e, lambda r: not (stage == "swiss" and r.stage == "swiss"
                                                                and r.number > after))

        def compute():
            rows = standings(e, table=table, after_round=after)
            texts: dict = {}  # each distinct value written once (a thousand rows share a few dozen values)
            names = self._standings_names

            def txt(x) -> str:
                t = texts.get(x)
                if t is None:
                    t = texts[x] = points_text(x)
                return t

            out = []
            for r in rows:
                tbs = tuple(cell(txt(r.tiebreaks[c]) if c in r.tiebreaks else "") for c in codes)
                mark = "=" if r.shared else ""
                name = names.get(r.id)
                if name is None or name[0] != r.name:
                    name = names[r.id] = (r.name, fit(r.name, 28))
                out.append((str(r.id), (cell(f"{r.rank}{mark}"), cell(r.id), cell(name[1]),
                                        cell(txt(r.points), "bold")) + tbs))
            return out

        try:
            out = self.memo.get("standings", inputs, compute)
        except ArbiterError as exc:
            set_text(self.query_one("#standings-head", Static), Text(message(exc, self.arb.lang), style="red"))
            return
        table_widget = self.query_one("#standings-table", PatchTable)
        shown = self._standings_shown
        if not (isinstance(shown, tuple) and shown[0] == cols and shown[1] is out and shown[2] == table_widget.rebuilds
                and table_widget.row_count == len(out)):
            table_widget.sync(cols, out)
            self._standings_shown = (cols, out, table_widget.rebuilds)
        where = f" · {tr(lang, 'k_table')} {table}" if table is not None else ""
        after_txt = f" · {tr(lang, 'st_round', n=after)}" if after else ""
        set_text(self.query_one("#standings-head", Static),
                 Text(f"{tr(lang, 'standings')}{after_txt}{where}", style="bold", no_wrap=True))
        legend = " · ".join(f"{c} {tiebreak_name(lang, c)}" for c in codes)
        set_text(self.query_one("#standings-legend", Static), Text(legend, style="dim"), layout=True)

    def refresh_bracket(self) -> None:
        """The bracket with its match cursor (tui/widgets/bracket.py); the cursor stays on its match."""
        lang = self.arb.lang
        b = self.arb.top_bracket()
        self.set_class(b is not None, "has-top")
        head = Text(tr(lang, "bracket"), style="bold", no_wrap=True, overflow="ellipsis")
        if b is not None:
            head.append(f" · {tr(lang, 'bracket_size', n=b.size)}"
                        + (f" {tr(lang, 'bracket_third')}" if b.third_place_match is not None else ""))
            head.append(f" · {tr(lang, 'bracket_keys')}", style="dim")
        set_text(self.query_one("#bracket-head", Static), head)
        view = self.query_one("#bracket-tree", BracketView)
        view.set_lang(lang)
        view.show(b, {p.id: p.name for p in self.event.players}, tr(lang, "no_top"), lang)

    def on_bracket_view_chosen(self, message: BracketView.Chosen) -> None:
        """Enter on a match of the bracket: the round panel on that match's board, to enter its result."""
        from core.top import match_board

        lang = self.arb.lang
        at = match_board(self.event, message.bracket, message.key)
        if at is None:
            self.say_error(tr(lang, "bracket_no_board"))
            return
        number, board = at
        rs = self.event.rounds_of("top", None)
        self.stage_shown = None if self.event.current_stage() == "top" else "top"
        self.table_index = 0
        self.round_no = None if rs and rs[-1].number == number else number
        self.only_missing = False
        self.prefix = None
        self.action_view("round")
        self.refresh_all()
        self.query_one("#round-table", PatchTable).select_key(str(board))
        self.refresh_bindings()
        self.say(tr(lang, "bracket_board", r=number, b=board), "bold")

    # -- cursor ------------------------------------------------------------------------
    def cursor_to_first_missing(self) -> None:
        rnd = self.shown_round()
        if rnd is None:
            return
        table = self.query_one("#round-table", PatchTable)
        for g in rnd.games:
            if g.result is None:
                table.select_key(str(g.board))
                return
        if rnd.games:
            table.select_key(str(rnd.games[0].board))

    def next_missing_after(self, rnd: Round, board: int) -> int | None:
        games = sorted(rnd.games, key=lambda g: g.board)
        missing = [g.board for g in games if g.result is None and g.board != board]
        after = [b for b in missing if b > board]
        return (after or missing or [None])[0]

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.refresh_bindings()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        # a focused DataTable eats Enter: Enter on a board opens the ':' line for it,
        # Enter on a standings row explains that player's tie-breaks
        if event.row_key is None:
            return
        if event.data_table.id == "round-table":
            self.action_line(f"{event.row_key.value} ")
        elif event.data_table.id == "standings-table":
            self.explain_player(int(event.row_key.value))

    def explain_player(self, pid: int) -> None:
        from core.standings import explain_text

        e = self.event
        table = self.table if main_stage(e) == "swiss" and e.tables > 1 else None
        try:
            text = explain_text(e, pid, table=table, lang=self.arb.lang)
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.app.push_screen(TextScreen(fit(f"{e.player(pid).name} ({pid})", 70), clean_lines(text)))
