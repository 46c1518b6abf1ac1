"""Changes to a round beyond its results, on the main screen: pairing, swaps, exchanges, byes, undo.

`RoundActionsMixin` is a part of `MainScreen` (tui/screens/main.py): undo and
redo through the journal, the pairing preview (`p`), the explanation of the
pairings, the changes by hand on a saved round (`w`, `X`, the bye) with
their warnings, taking back a pairing, and the start of the top (`K`).
"""

from __future__ import annotations

from rich.text import Text

from core import commands, pairing
from core.errors import ArbiterError, message
from core.formats.text import clean, fit
from core.journal_text import describe, translate

from ..i18n import tr
from .dialogs import ChoiceScreen, TextScreen
from .panels import clean_lines


class RoundActionsMixin:
    """Pairing, changes by hand, undo / redo and the top's start of `MainScreen`."""

    # -- undo / redo -----------------------------------------------------------------------
    def action_undo(self) -> None:
        try:
            what = self.arb.undo()
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.say(tr(self.arb.lang, "undone", what=translate(what, self.arb.lang)))

    def action_redo(self) -> None:
        try:
            what = self.arb.redo()
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.say(tr(self.arb.lang, "redone", what=translate(what, self.arb.lang)))

    # -- pairing ---------------------------------------------------------------------------
    def action_pair(self) -> None:
        """The pairing of the next round, shown before it is saved: changes by hand, then `y` saves it."""
        from core import preview

        from .preview import PreviewScreen

        table = self.table if self.stage == "swiss" else None
        try:
            proposal = preview.propose(self.event, table)
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.app.push_screen(PreviewScreen(proposal, self.arb.lang), self.paired)

    def paired(self, saved: tuple[str, str] | None) -> None:
        """Back from the pairing preview: the new round under the cursor, or nothing saved."""
        if saved is None:
            self.say(tr(self.arb.lang, "pv_cancelled"))
            return
        self.round_no = None
        self.only_missing = False
        self.refresh_all()
        self.cursor_to_first_missing()
        self.say(*saved)

    def action_explain(self) -> None:
        rnd = self.shown_round()
        if rnd is None:
            return
        try:
            text = pairing.explain_round(self.event, rnd, lang=self.arb.lang)
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.app.push_screen(TextScreen(tr(self.arb.lang, "explain_title", n=rnd.number), clean_lines(text), wrap=True))

    def action_swap(self) -> None:
        rnd, board = self.shown_round(), self.selected_board()
        if rnd is None or board is None:
            return
        try:
            self.arb.apply(lambda ev: pairing.swap_colours(ev, rnd.stage, rnd.table, rnd.number, board),
                           describe("swap colours on board {board}", board=board))
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        warnings = pairing.warnings_for(self.event, self.shown_round(), lang=self.arb.lang)
        self.say(tr(self.arb.lang, "swapped", b=board) + ("; " + "; ".join(warnings) if warnings else ""),
                 "yellow" if warnings else "")

    def action_exchange(self) -> None:
        lang = self.arb.lang
        self.arb.prompt(tr(lang, "exchange_prompt"), self.exchange)

    def action_give_bye(self) -> None:
        lang = self.arb.lang
        self.arb.prompt(tr(lang, "give_bye_prompt"), self.give_bye)

    def give_bye(self, text: str) -> None:
        rnd = self.shown_round()
        try:
            pid = int(text.strip())
        except ValueError:
            self.say_error(tr(self.arb.lang, "not_number", text=text.strip()))
            return
        if rnd is None:
            return
        try:
            self.arb.apply(lambda ev: pairing.give_bye(ev, rnd.stage, rnd.table, rnd.number, pid),
                           describe("bye by hand for player {pid}", pid=pid))
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.show_warnings()

    def show_warnings(self) -> None:
        rnd = self.shown_round()
        if rnd is None:
            return
        warnings = pairing.warnings_for(self.event, rnd, lang=self.arb.lang)
        if warnings:
            self.say("; ".join(warnings), "yellow")
        else:
            self.say(tr(self.arb.lang, "saved"))

    def exchange(self, text: str) -> None:
        rnd = self.shown_round()
        try:
            a, b = (int(x) for x in text.replace(",", " ").split())
        except ValueError:
            self.say_error(tr(self.arb.lang, "line_bad", text=text))
            return
        if rnd is None:
            return
        try:
            self.arb.apply(lambda ev: pairing.exchange(ev, rnd.stage, rnd.table, rnd.number, a, b),
                           describe("exchange players {a} and {b}", a=a, b=b))
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.show_warnings()

    def action_forbid(self) -> None:
        self.arb.prompt(tr(self.arb.lang, "forbid_prompt"), self.forbid)

    def forbid(self, text: str) -> None:
        """`12 7`: these two must never be paired (C1); `-12 7` allows them again. Teams by name or id."""
        from core import team_event

        lang = self.arb.lang
        remove = text.strip().startswith("-")
        parts = text.strip().lstrip("-").replace(",", " ").split()
        if len(parts) != 2:
            self.say_error(tr(lang, "line_bad", text=text))
            return
        try:
            if team_event.is_team_event(self.event):
                x, y = (team_event.find_team(self.event, t) for t in parts)
                self.arb.apply(lambda ev: team_event.forbid_teams(ev, parts[0], parts[1], remove=remove),
                               describe("allow teams {team} and {other} to meet" if remove
                                        else "forbid teams {team} and {other} to meet", team=x, other=y))
            else:
                try:
                    a, b = (int(p) for p in parts)
                except ValueError:
                    self.say_error(tr(lang, "line_bad", text=text))
                    return
                self.arb.apply(lambda ev: commands.forbid_pair(ev, a, b, remove=remove),
                               describe("allow pairing {a} with {b}" if remove else "forbid pairing {a} with {b}",
                                        a=a, b=b))
        except ArbiterError as exc:
            self.say_error(message(exc, lang))
            return
        self.say(tr(lang, "allowed" if remove else "forbidden", a=parts[0], b=parts[1]))

    def unpair(self) -> None:
        rnd = self.current_round()
        if rnd is None:
            return
        try:
            self.arb.apply(lambda ev: commands.unpair_round(ev, rnd.stage, rnd.table, rnd.number),
                           describe("take back the pairing of round {round}", round=rnd.number))
        except ArbiterError as exc:
            self.say_error(message(exc, self.arb.lang))
            return
        self.round_no = None
        self.refresh_all()
        self.say(tr(self.arb.lang, "unpaired", n=rnd.number))

    # -- the top ---------------------------------------------------------------------------
    def can_start_top(self) -> bool:
        e = self.event
        if not e.top or e.system != "swiss":
            return False
        from core import top

        return top.state(e) is None and top.swiss_finished(e)

    def action_start_top(self) -> None:
        """Preview the top (seeds, the 704.2 aims, the first round), then start it on `y`."""
        from core import top
        from core.bracket_text import bracket_text

        lang = self.arb.lang
        tie: str | None = None  # a tie at the qualification line: the judge may draw lots (as arbiter top --lots)
        try:
            preview = top.start_top(self.event)
        except ArbiterError as exc:
            try:
                preview = top.start_top(self.event, lots=True)
            except ArbiterError:
                self.say_error(message(exc, self.arb.lang))
                return
            tie = message(exc, lang)
        b = top.bracket(preview)
        names = {p.id: p.name for p in preview.players}
        body = Text()
        if tie is not None:
            body.append(clean(tie) + "\n\n", style="bold yellow")
        body.append(", ".join(f"{i}. {fit(names[p], 20)} ({p})" for i, p in enumerate(b.seeds, 1)) + "\n\n")
        for line in top.aims(preview, lang=lang):
            body.append(clean(line) + "\n", style="dim")
        body.append("\n")
        body.append(clean_lines(bracket_text(b, names, width=72, lang=lang)))

        def answered(choice: str | None) -> None:
            if choice == "y":
                self.arb.start_top()
            elif choice == "l":
                self.arb.start_top(lots=True)

        go = ("l", tr(lang, "lots_draw")) if tie is not None else ("y", tr(lang, "c_top"))
        self.app.push_screen(ChoiceScreen(tr(lang, "lots_title" if tie is not None else "c_top"), body,
                                          [go, ("n", tr(lang, "cancel"))], default=go[0], classes="page"), answered)

    def can_pair(self) -> bool:
        e = self.event
        if self.stage not in ("swiss", "roundrobin"):
            return False
        cur = self.current_round()
        if cur is not None and cur.missing:
            return False
        if self.stage == "swiss" and cur is not None and cur.number >= e.rounds_planned:
            return False
        return len(e.players) >= 2
