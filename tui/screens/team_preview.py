"""The pairing preview of a team event: the next round as matches, changed by hand on matches before it is saved.

`p` in a team event opens this screen instead of the individual preview
(preview.py, whose saving, cancelling, pairing again after another judge's
change and stale check it keeps): each match a head (its number, the teams,
first-named first, the board numbers) over its boards, the team without a
match under them, and the boards changed by hand marked `*`. The keys work on
matches (`core.pairing.preview`, which applies `core.teams.hand` to the
proposal):

    w  the match under the cursor with the other team named first
    x  two teams exchanged between their matches (names or numbers; with the team without a match: the bye)
    b  the bye to a team by hand
    r  back to the engine's pairing    y / Enter  save    n / Esc  cancel

The warnings of a hand-made round (teams who met before, a forbidden pair,
a second bye, a team named first too often: `core.teams.hand.team_warnings`)
show at once, in yellow, as the individual ones do.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.msg.cells import clean, fit
from arbiter_tournament.core.pairing import preview

from textual import work

from .. import actions
from ..actions import W, Action, register
from ..i18n import tr
from ..widgets.keyed_table import KeyedTable, Row, cell
from ..widgets.match_rows import board_of_match, bye_text, match_head, wrap_head
from ..widgets.status import TextLine
from .preview import PreviewScreen, name_id


register(
    Action("tpv_swap", ("w",), W("match order", "порядок в матче"),
           W("The highlighted board's match with the other team named first", "Матч выбранной доски: первой названа другая команда"),
           ("team_preview",), "action_swap_match", footer=1, palette=True, group="team", team=True),
    Action("tpv_exchange", ("x",), W("exchange teams", "обмен команд"),
           W("Exchange two teams between their matches (names or numbers, e.g. 2 5)",
             "Поменять две команды матчами (названия или номера, например 2 5)"),
           ("team_preview",), "action_exchange_teams", footer=2, palette=True, group="team", team=True),
    Action("tpv_bye", ("b",), W("bye", "бай"),
           W("Give the bye to a team by hand (the team that had it plays in its place)",
             "Дать бай команде вручную (команда, у которой он был, играет вместо неё)"),
           ("team_preview",), "action_team_bye", footer=3, palette=True, group="team", team=True),
)


class TeamPreviewScreen(PreviewScreen):
    """Answers (message, style) once the pairing is saved, None when cancelled (as PreviewScreen)."""

    ACTION_SCOPE = "team_preview"
    BINDINGS = actions.bindings("team_preview")

    def show(self) -> None:
        lang, p = self.lang, self.proposal
        e = p.event
        st = team_event.state(e)
        cols = [("bd", tr(lang, "board")), ("first", tr(lang, "first")), ("second", tr(lang, "second")),
                ("hand", "*")]
        width = (self.size.width or self.app.size.width or 80) - 3
        rows: list[Row] = []
        for i, rnd in enumerate(p.rounds):
            for m in team_event.matches(e, rnd, st):
                for j, line in enumerate(wrap_head(match_head(m, lang, score=False), width)):
                    rows.append((f"{i}:m{m.number}.{j}", (cell(line, "bold"),)))
                for g in m.games:
                    _, b = board_of_match(st.boards, g.board)
                    mark = cell("*", "bold yellow") if g.manual else cell("")
                    rows.append((self.row_key(i, g.board), (cell(f"{m.number}.{b}"),
                                                            cell(name_id(e.player(g.first), 30)),
                                                            cell(name_id(e.player(g.second), 30)
                                                                 if g.second is not None else ""), mark)))
            said = bye_text(e, rnd, lang)
            if said:
                rows.append((f"{i}:bye", (cell(said, "bold cyan"),)))
        self.query_one(KeyedTable).sync(cols, rows)
        head = Text(no_wrap=True, overflow="ellipsis")
        numbers = ", ".join(sorted({str(r.number) for r in p.rounds}, key=int))
        head.append(tr(lang, "pair_title", n=numbers), style="bold")
        self.mark_head(head)
        self.query_one("#preview-head", TextLine).show(head)
        self.show_warnings()
        self.show_why()
        self.keys_changed()

    def show_why(self) -> None:
        """The highlighted board's match, and whether the judge changed it (the engine's reasons are those of its
        pairing of the teams: `arbiter match` and the explanation of the individual preview do not apply)."""
        at = self.selected()
        text = ""
        if at is not None:
            key, board = at
            e = self.proposal.event
            rnd = e.find_round(*key)
            g = rnd.game(board)
            n, b = board_of_match(team_event.state(e).boards, board)
            text = tr(self.lang, "tpv_why_hand" if g.manual else "tpv_why", n=n, b=b)
        self.query_one("#preview-why", Static).update(Text(clean(text), style="dim", overflow="ellipsis"))

    # -- changes by hand, on matches ---------------------------------------------------------------------
    def action_swap_match(self) -> None:
        at = self.selected()
        if at is None:
            return
        n, _ = board_of_match(team_event.state(self.proposal.event).boards, at[1])
        self.change(lambda p: preview.swap_match(p, n), tr(self.lang, "tm_swapped", n=n))

    def action_exchange_teams(self) -> None:
        self.exchange_teams_asked()

    @work(group="question")
    async def exchange_teams_asked(self) -> None:
        text = await self.ask_line(tr(self.lang, "tm_exchange_prompt"))
        if text:
            self.exchange_teams(text)

    def exchange_teams(self, text: str) -> None:
        parts = [x.strip() for x in text.split(",")] if "," in text else text.split()
        parts = [x for x in parts if x]
        if len(parts) != 2:
            self.say_error(tr(self.lang, "line_bad", text=text.strip()))
            return
        a, b = parts
        names = self.attempt(lambda: [team_event.find_team(self.proposal.event, x) for x in parts])
        if names is None:
            return
        self.change(lambda p: preview.exchange_teams(p, a, b),
                    tr(self.lang, "tm_exchanged", a=clean(fit(names[0], 30)), b=clean(fit(names[1], 30))))

    def action_team_bye(self) -> None:
        self.team_bye_asked()

    @work(group="question")
    async def team_bye_asked(self) -> None:
        text = await self.ask_line(tr(self.lang, "tm_bye_prompt"))
        if text:
            self.team_bye(text)

    def team_bye(self, text: str) -> None:
        name = self.attempt(team_event.find_team, self.proposal.event, text.strip())
        if name is None:
            return
        self.change(lambda p: preview.give_team_bye(p, text.strip()), tr(self.lang, "tm_bye_given", team=clean(name)))
