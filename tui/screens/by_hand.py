"""Changes by hand to a saved round from the main screen: swap colours (`w`), exchange two players (`X`), the
bye by hand, forbid two players to meet, take back the pairing of the last round.

`HandPairing` is a part of `MainScreen`. Each is one command of
`core.commands` (the same the command line builds: `swap`, `exchange`,
`give-bye`, `forbid`, `unpair`); after a change the message line lists what
`core.pairing.rounds.warnings_for` says of the round (rematches, colour
limits, a second bye, players left out). A change that names players asks
for them on the one-line prompt first (a flow).
"""

from __future__ import annotations

from textual import work

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core import limits
from arbiter_tournament.core.errors import InvalidNumber
from arbiter_tournament.core import teams as team_event
from arbiter_tournament.core.pairing import rounds as pairing

from ..actions import W, Action, Why, register, why, why_core
from ..changes import Change
from ..i18n import tr
from .main_host import MainScreenPart


def by_hand_when(s: MainScreenPart) -> Why | None:
    """`X`, the bye by hand: the round shown can be changed by hand (`core.commands.why_not_by_hand`)."""
    if not s.round_visible:
        return why("why_round_hidden")
    rnd = s.shown_round()
    if rnd is None:
        return why("why_no_round")
    return why_core(cmds.why_not_by_hand(s.event, rnd.stage, rnd.table, rnd.number))


def _swap(s: MainScreenPart) -> Why | None:
    """`w`: the colours of the board under the cursor (`core.commands.SwapColours`)."""
    w = by_hand_when(s)
    if w is not None:
        return w
    rnd, g = s.shown_round(), s.selected_game()
    if rnd is None or g is None:  # (no round: `by_hand_when` has said so)
        return why("why_no_board")
    return why_core(cmds.SwapColours(rnd.stage, rnd.table, rnd.number, g.board).why_not(s.event))


def _unpair(s: MainScreenPart) -> Why | None:
    """Take back the current round's pairing (`core.commands.Unpair`)."""
    rnd = s.current_round()
    if rnd is None:
        return why("why_no_round")
    return why_core(cmds.Unpair(rnd.stage, rnd.table, rnd.number).why_not(s.event))


register(
    Action("swap", ("w",), W("swap colours", "поменять цвет"),
           W("Swap the colours of the board under the cursor (a round without results)",
             "Поменять цвет на выбранной доске (тур без результатов)"),
           ("main",), "action_swap", palette=True, when=_swap, group="change", team=False),
    Action("exchange", ("X",), W("exchange players", "поменять участников"),
           W("Exchange two players between their boards (their numbers, e.g. 12 7)",
             "Поменять двух участников досками (их номера, например 12 7)"),
           ("main",), "action_exchange", palette=True, when=by_hand_when, group="change", team=False),
    Action("give_bye", (), W("bye by hand", "бай вручную"),
           W("Give the bye to a player by hand", "Дать бай участнику вручную"),
           ("main",), "action_give_bye", palette=True, when=by_hand_when, group="change", team=False),
    Action("unpair", (), W("take back", "отменить жеребьёвку"),
           W("Take back the pairing of the last round", "Отменить жеребьёвку последнего тура"),
           ("main",), "action_unpair", palette=True, when=_unpair, group="change"),
    Action("forbid", (), W("forbid", "запретить"),
           W("Forbid two players (or teams) to meet", "Запретить встречу двух участников (или команд)"),
           ("main",), "action_forbid", palette=True, group="change"),
)


class HandPairing(MainScreenPart):
    """The main screen's changes by hand (a part of MainScreen: `self` is the screen)."""

    def action_swap(self) -> None:
        rnd, board = self.shown_round(), self.selected_board()
        if rnd is not None and board is not None:
            self.commit(cmds.SwapColours(rnd.stage, rnd.table, rnd.number, board)).then(self.changed_by_hand)

    def action_exchange(self) -> None:
        self.exchange_asked()

    @work(group="question")
    async def exchange_asked(self) -> None:
        text = await self.ask_line(tr(self.arb.lang, "exchange_prompt"))
        if text:
            self.exchange(text)

    def exchange(self, text: str) -> None:
        rnd = self.shown_round()
        try:
            a, b = (limits.whole(x) for x in text.replace(",", " ").split())
        except ValueError as exc:
            self.say_error(exc.text(self.arb.lang) if isinstance(exc, InvalidNumber) else tr(self.arb.lang, "line_bad", text=text))
            return
        if rnd is not None:
            self.commit(cmds.ExchangePlayers(rnd.stage, rnd.table, rnd.number, a, b)).then(self.changed_by_hand)

    def action_give_bye(self) -> None:
        self.give_bye_asked()

    @work(group="question")
    async def give_bye_asked(self) -> None:
        text = await self.ask_line(tr(self.arb.lang, "give_bye_prompt"))
        if text:
            self.give_bye(text)

    def give_bye(self, text: str) -> None:
        rnd = self.shown_round()
        try:
            pid = limits.whole(text)
        except ValueError as exc:
            self.say_error(exc.text(self.arb.lang) if isinstance(exc, InvalidNumber) else tr(self.arb.lang, "not_number", text=text.strip()))
            return
        if rnd is not None:
            self.commit(cmds.GiveBye(rnd.stage, rnd.table, rnd.number, pid)).then(self.changed_by_hand)

    def changed_by_hand(self, change: Change) -> None:
        """What a change by hand did (in words), and what `warnings_for` says of the round now."""
        rnd = self.shown_round()
        if not change.saved or rnd is None:
            return
        cmd, lang = change.what, self.arb.lang
        if isinstance(cmd, cmds.SwapColours):
            done = tr(lang, "swapped", b=cmd.board)
        elif isinstance(cmd, cmds.ExchangePlayers):
            done = tr(lang, "exchanged", a=cmd.a, b=cmd.b)
        else:
            done = tr(lang, "pv_bye_given", id=cmd.pid)
        warnings = pairing.warnings_for(self.event, rnd, lang=lang)
        self.say(done + ("; " + "; ".join(warnings) if warnings else ""), "yellow" if warnings else "")

    def action_forbid(self) -> None:
        self.forbid_asked()

    @work(group="question")
    async def forbid_asked(self) -> None:
        text = await self.ask_line(tr(self.arb.lang, "forbid_prompt"))
        if text:
            self.forbid(text)

    def forbid(self, text: str) -> None:
        """`12 7`: these two must never be paired (C1); `-12 7` allows them again. Teams by name or id."""
        lang = self.arb.lang
        remove = text.strip().startswith("-")
        parts = text.strip().lstrip("-").replace(",", " ").split()
        if len(parts) != 2:
            self.say_error(tr(lang, "line_bad", text=text))
            return
        if team_event.is_team_event(self.event):
            command = cmds.ForbidTeams(parts[0], parts[1], remove=remove)
        else:
            try:
                a, b = (limits.whole(p) for p in parts)
            except ValueError as exc:
                self.say_error(exc.text(lang) if isinstance(exc, InvalidNumber) else tr(lang, "line_bad", text=text))
                return
            command = cmds.ForbidPair(a, b, remove=remove)
        self.commit(command).then(self.forbidden)

    def forbidden(self, change: Change) -> None:
        cmd = change.what
        if change.saved:
            self.say(tr(self.arb.lang, "allowed" if cmd.remove else "forbidden", a=cmd.a, b=cmd.b))

    def action_unpair(self) -> None:
        self.unpair_asked()

    @work(group="question")
    async def unpair_asked(self) -> None:
        """Take back the pairing of the current round (asks first: its boards go)."""
        rnd = self.current_round()
        if rnd is None:
            return
        lang = self.arb.lang
        where = tr(lang, "repair_where", t=rnd.table) if rnd.table is not None and len(self.tables) > 1 else ""
        if not await self.ask_yes(tr(lang, "unpair_title"), tr(lang, "unpair_q", r=rnd.number, where=where)):
            self.say("")
            return
        change = await self.commit(cmds.Unpair(rnd.stage, rnd.table, rnd.number))
        if change.saved:
            self.round_panel.go(round_no=None)
            self.sync()
            self.say(tr(lang, "unpaired", n=rnd.number))
