"""The ':' line by player: `#37 1`, `Ivanov 0`, `Ivanov` (a result slip as it is read out, not a board number).

`core.event.slips` finds the player's board in the round shown and turns the
player's score into the board's result; here are the shell's parts: the
completion of a name as it is typed (Tab or → takes it), the line's prompt
naming the players the text matches, the question when several do (a key
each), and the entry itself through the main screen's result entry, whose
message line says the board it chose (`#18 → board 4: ...`).
"""

from __future__ import annotations

from rich.text import Text
from textual.suggester import Suggester

from arbiter_tournament.core.errors import ArbiterError
from arbiter_tournament.core.event import slips
from arbiter_tournament.core.event.model import Event, Round
from arbiter_tournament.core.msg.cells import clean, fit

from ..i18n import tr
from .dialogs import ChoiceScreen
from .main_host import MainScreenPart

KEYS = "123456789"  # the question offers at most nine players; more: type more of the name


def by_player(text: str) -> bool:
    """Whether the ':' line's `text` names a player (`#37 ...`, or a name: it starts with a letter)."""
    t = text.strip()
    return t[:1] in ("#", "№") or (t[:1].isalpha() and not _goto(t))


def _goto(t: str) -> bool:
    """`r3`, `t2`: the line's own jumps, not names."""
    return len(t) > 1 and t[0].lower() in "rtрт" and t[1:].strip()[:1].isdigit()  # (r², r① too: said not a number)


def _lower(text: str) -> str:
    return text.lower().replace("ё", "е")


class NameSuggester(Suggester):
    """Completes a player's name of the round shown as far as the names that begin so agree (as a shell does)."""

    def __init__(self, event: Event, rnd: Round) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.names = [event.player(pid).name for g in rnd.games for pid in g.players]

    async def get_suggestion(self, value: str) -> str | None:
        return complete(self.names, value)


def complete(names: list[str], value: str) -> str | None:
    """`value` and the rest of the names that begin with it, as far as they agree; None when nothing to add."""
    if not by_player(value) or value.lstrip()[:1] in ("#", "№"):
        return None
    typed = _lower(value.lstrip())
    hits = [n for n in names if len(_lower(n)) == len(n) and _lower(n).startswith(typed)]
    if not hits:
        return None
    common = hits[0]
    for n in hits[1:]:
        k = 0
        while k < min(len(common), len(n)) and _lower(common[k]) == _lower(n[k]):
            k += 1
        common = common[:k]
    if len(common) <= len(typed):
        return None
    return value + common[len(typed):]


def candidates(event: Event, rnd: Round, who: str) -> list[tuple[Round, slips.OnBoard]]:
    """Where `who` plays: on the boards of the round shown; if nowhere there and that round is its table's
    current one, on the current round of the stage's other tables (a desk takes the slips of every table)."""
    found = [(rnd, s) for s in slips.players_on_boards(event, rnd, who)]
    if found or rnd.table is None or event.rounds_of(rnd.stage, rnd.table)[-1:] != [rnd]:
        return found
    for t in event.stage_tables(rnd.stage):
        rs = event.rounds_of(rnd.stage, t)
        if t != rnd.table and rs:
            found += [(rs[-1], s) for s in slips.players_on_boards(event, rs[-1], who)]
    return found


def _where(lang: str, shown: Round, rnd: Round, board: int) -> str:
    """`board 5`, or `table 2 board 5` on another table than the one shown."""
    if rnd.table == shown.table:
        return tr(lang, "line_player_board", b=board)
    return tr(lang, "line_player_table_board", t=rnd.table, b=board)


def hint(event: Event, rnd: Round, value: str, lang: str, width: int = 76) -> str | None:
    """The line's prompt while a player is typed: the players the text means, with their boards (None: the usual
    prompt)."""
    if not by_player(value):
        return None
    who, _score = slips.split_slip(value)
    found = candidates(event, rnd, who)
    if not found:
        return tr(lang, "line_player_none")
    parts = [tr(lang, "line_player_at", name=fit(event.player(s.pid).name, 24), pid=s.pid,
                where=_where(lang, rnd, r, s.board)) for r, s in found[:6]]
    more = f" … +{len(found) - 6}" if len(found) > 6 else ""
    return clean(fit(" · ".join(parts) + more, width))


def enter(screen: MainScreenPart, rnd: Round, text: str) -> None:
    """The ':' line's `text` by player on the round `rnd` the main screen shows (see the module)."""
    e, lang = screen.event, screen.arb.lang
    who, score = slips.split_slip(text)
    found = candidates(e, rnd, who)
    if not found:
        screen.attempt(slips.who_elsewhere, e, rnd, who)
        return
    if len(found) == 1:
        _chosen(screen, rnd, *found[0], score)
        return
    if len(found) > len(KEYS):
        screen.say_error(tr(lang, "line_player_many", n=len(found), who=clean(who.strip())))
        return
    body = Text(tr(lang, "line_which_q", who=clean(who.strip())))  # (the answers follow a line below, one a line)
    choices = []
    for key, (r, s) in zip(KEYS, found):
        g = r.game(s.board)
        other = g.second if s.first else g.first
        vs = e.player(other).name if other is not None else tr(lang, "bye")
        choices.append((key, clean(tr(lang, "line_which_choice", name=fit(e.player(s.pid).name, 24), pid=s.pid,
                                      where=_where(lang, rnd, r, s.board), other=fit(vs, 20)))))

    def answered(choice: str | None) -> None:
        picked = dict(zip(KEYS, found)).get(choice or "")
        if picked is None:
            screen.say("")
            return
        _chosen(screen, rnd, *picked, score)

    screen.app.push_screen(ChoiceScreen(tr(lang, "line_which_title"), body, choices + [("n", tr(lang, "cancel"))],
                                        classes="ask"), answered)


def _chosen(screen: MainScreenPart, shown: Round, rnd: Round, seat: slips.OnBoard, score: str | None) -> None:
    """One player found: show the board (on its table); with a score, enter the board's result (said with the
    board chosen)."""
    lang = screen.arb.lang
    result = None
    if score is not None:
        try:
            result = slips.player_result(score, seat.first)
        except ArbiterError as exc:
            screen.attempt(_raise, exc)
            return
    if rnd.table is not None and rnd.table != shown.table:  # the player's table, its current round
        screen.goto(False, rnd.table)
        rnd = screen.current_round() or rnd
    panel = screen.round_panel
    if panel.where.only_missing and rnd.game(seat.board).result is not None:
        panel.go(only_missing=False)
    panel.select(seat.board)
    note = f"#{seat.pid} → "
    if rnd.table != shown.table:
        note += tr(lang, "line_player_table", t=rnd.table)
    if result is None:
        screen.say(note + tr(lang, "line_player_board", b=seat.board))
        return
    screen.enter_result(seat.board, result, rnd, note=note)


def _raise(exc: BaseException) -> None:
    raise exc
