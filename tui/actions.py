"""Every action of the TUI, in one table: its keys, its words in both languages, where it shows, when it applies.

The key bindings (`bindings(scope)`), the footer (`footer(node)`), the command
palette (`ActionsProvider`), the `?` page (`help_text`) and the choices of
the clock's and the 705.3 reminder's dialogs are all made from `ACTIONS`.

An `Action` belongs to scopes (a screen or a widget: "main", "preview",
"players", "table", "bracket", the dialogs "clock" and "alarm"). Its key
runs `act(id)` on the object that has the scope; `run(obj, id)` asks the
action's `when` first: None means it applies, anything else is the reason
it does not (a `Why`, said on the message line in the judge's language).
The footer shows, in table order, the actions with `footer` that apply now;
the palette offers the ones with `palette` that apply now.

Letter keys get their twin on a Russian (ЙЦУКЕН) layout (t and е are the
same key), so the table names the Latin key only.

`team` says in which events an action is offered: True only in a team event,
False never there, None in both. The footer, the palette, the `?` page and
the print menu follow it. An action of a team event may share its key (in
its scopes) with one that is never offered there (`w` swaps a board's
colours, in a team event a match's order): the key is bound once and runs
the one that fits the event (`resolve`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, Callable, Iterable

from rich.text import Text
from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider

from arbiter.core.event.results import Result

from .i18n import tr

if TYPE_CHECKING:
    from textual.dom import DOMNode


# -- words and reasons --------------------------------------------------------------------------------


@dataclass(frozen=True)
class W:
    """Words in English and Russian."""

    en: str
    ru: str

    def __call__(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en


@dataclass(frozen=True)
class Why:
    """Why an action does not apply now: a key of tui/i18n.py with its fields (a field may be a Why too)."""

    key: str
    fields: dict = field(default_factory=dict)

    def text(self, lang: str) -> str:
        return tr(lang, self.key, **{k: _field_text(v, lang) for k, v in self.fields.items()})


def _field_text(v: object, lang: str) -> object:
    """A field of a reason: another reason, the engine's refusal (said in the judge's language), or data."""
    if isinstance(v, Why):
        return v.text(lang)
    from arbiter.core.errors import ArbiterError, Msg, message

    if isinstance(v, ArbiterError):
        return message(v, lang)
    if isinstance(v, Msg):
        return v.text(lang)
    return v


def why(key: str, **fields: object) -> Why:
    return Why(key, fields)


def in_team_event(obj: Any) -> bool:
    """Whether `obj` (a screen or a widget of the App) shows a team event."""
    from arbiter.core.teams import is_team_event

    event = getattr(obj.app, "event", None)
    return event is not None and is_team_event(event)


def offered(a: "Action", team: bool) -> bool:
    """Whether `a` is offered in an event that is (`team`) or is not a team event."""
    return a.team is None or a.team == team


def why_core(reason: object) -> Why | None:
    """A command's `why_not` (core/commands: a Msg, or None) as the reason an action does not apply."""
    return None if reason is None else why("why_engine", error=reason)


# -- keys ----------------------------------------------------------------------------------------------

# a Russian (ЙЦУКЕН) layout types these on the keys of the Latin letters
RU_LAYOUT = dict(zip("qwertyuiopasdfghjklzxcvbnm", "йцукенгшщзфывапролдячсмить"))
# ... and these on the keys of [ ] : (Shift+; gives Ж)
RU_SIGNS = {"left_square_bracket": "х", "right_square_bracket": "ъ", "colon": "Ж"}

KEY_SHOWN = {"space": "Space", "equals_sign": "=", "plus": "+", "minus": "-", "colon": ":", "left_square_bracket": "[",
             "right_square_bracket": "]", "question_mark": "?", "slash": "/", "escape": "Esc", "enter": "Enter",
             "delete": "Del", "up": "↑", "down": "↓", "left": "←", "right": "→", "pageup": "PgUp",
             "pagedown": "PgDn", "home": "Home", "end": "End"}


def twin(key: str) -> str | None:
    """The same key on a Russian layout: t -> е, T -> Е, [ -> х; None for keys without one (digits, Esc ...)."""
    if len(key) == 1 and key.isascii() and key.isalpha():
        cyr = RU_LAYOUT[key.lower()]
        return cyr.upper() if key.isupper() else cyr
    return RU_SIGNS.get(key)


def shown(key: str) -> str:
    return KEY_SHOWN.get(key, key)


# -- the table -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Action:
    id: str
    keys: tuple[str, ...]  # Textual key names, the Latin ones (twins are added); () for the palette only
    label: W  # short: the footer, and after the key in the palette
    help: W  # one sentence: the `?` page and the palette
    scopes: tuple[str, ...]
    run: str | Callable[..., Any]  # the method of the object with the scope that does it, or a function of it
    args: tuple = ()
    footer: bool = False
    palette: bool = False
    when: Callable[[Any], Why | None] | None = None  # None: it always applies
    group: str = ""  # the section of the `?` page
    key_shown: str = ""  # how the key is written ("=" for equals_sign); default: from KEY_SHOWN
    footer_when: Callable[[Any], bool] | None = None  # shown in the footer only when this says so (the key works anyway)
    team: bool | None = None  # True: only in a team event; False: never in one; None: in every event

    def keys_bound(self) -> tuple[str, ...]:
        out: list[str] = []
        for k in self.keys:
            out.append(k)
            t = twin(k)
            if t is not None:
                out.append(t)
        return tuple(out)

    @property
    def key(self) -> str:
        """The key as written for the judge ("" for a palette-only action)."""
        if self.key_shown:
            return self.key_shown
        return shown(self.keys[0]) if self.keys else ""

    def why_not(self, obj: Any) -> Why | None:
        return self.when(obj) if self.when is not None else None


# -- when the actions of the main screen apply (`s` is the MainScreen) --------------------------------


def _busy(s) -> Why | None:
    job = s.arb.job
    return why("why_busy", what=job.what) if job is not None else None


def _round(s) -> Why | None:
    return why("why_no_round") if s.shown_round() is None else None


def _waiting(s) -> Why | None:
    """A change waits for another judge's lock: results wait for it (the next would be entered over a board
    the screen does not show yet)."""
    return why("why_waiting") if s.arb.changing else None


def _cursor(s) -> Why | None:
    """A result key: the round shown, a board under the cursor (what the screen shows, not the event)."""
    w = _waiting(s)
    if w is not None:
        return w
    if not s.round_visible:
        return why("why_round_hidden")
    if s.shown_round() is None:
        return why("why_no_round")
    if s.selected_game() is None:
        return why("why_no_board")
    return None


def _result(result: object, command: str = "RecordResult") -> Callable[[Any], Why | None]:
    """A result key on the board under the cursor: the screen, then the command's `why_not` (a bye has no
    result to enter, an agreed result is for the top, a top game under later results ...)."""

    def when(s) -> Why | None:
        w = _cursor(s)
        if w is not None:
            return w
        from arbiter.core import commands as cmds

        rnd, g = s.shown_round(), s.selected_game()
        enter = getattr(cmds, command)
        return why_core(enter(rnd.stage, rnd.table, rnd.number, g.board, result=result, expected=g.result)
                        .why_not(s.event))

    return when


_first, _second, _draw = _result(Result.FIRST_WINS), _result(Result.SECOND_WINS), _result(Result.DRAW)
_nofirst, _nosecond = _result(Result.FORFEIT_SECOND_WINS), _result(Result.FORFEIT_FIRST_WINS)
_technical, _agreed = _result(Result.TECHNICAL_FIRST_WINS), _result(Result.AGREED_FIRST_WINS)
_clear = _result(None, "ClearResult")


def _tables(s) -> Why | None:
    return why("why_one_table") if len(s.tables) < 2 else None


def _clock_stage(top: bool) -> Callable[[Any], Why | None]:
    """The clock's start keys: a Swiss round starts the round's time (4), a top or play-off game the top's (7)."""

    def when(s) -> Why | None:
        rnd = s.current_round()
        in_top = rnd is not None and rnd.stage in ("top", "playoff")
        if in_top == top:
            return None
        return why("why_clock_swiss_round") if top else why("why_clock_top_round")

    return when


def _stages(s) -> Why | None:
    return why("why_one_stage") if len(s.stages()) < 2 else None


def _step(delta: int) -> Callable[[Any], Why | None]:
    def when(s) -> Why | None:
        rs, shown_ = s.rounds(), s.shown_round()
        if not rs or shown_ is None:
            return why("why_no_round")
        i = rs.index(shown_) + delta
        if not 0 <= i < len(rs):
            return why("why_first_round" if delta < 0 else "why_last_round")
        return None

    return when


def _pair(s) -> Why | None:
    """`p`: the next round of the table shown (`core.commands.PairNext`; the engine may still find no pairing)."""
    w = _busy(s)
    if w is not None:
        return w
    from arbiter.core.commands import PairNext

    return why_core(PairNext(s.table if s.stage == "swiss" else None).why_not(s.event))


def _top(s) -> Why | None:
    """`K`: the top can start (`core.commands.StartTop`: planned, not started, the Swiss finished)."""
    w = _busy(s)
    if w is not None:
        return w
    from arbiter.core.commands import StartTop

    return why_core(StartTop().why_not(s.event))


def _by_hand(s) -> Why | None:
    """`X`, the bye by hand: the round shown can be changed by hand (`core.commands.why_not_by_hand`)."""
    if not s.round_visible:
        return why("why_round_hidden")
    rnd = s.shown_round()
    if rnd is None:
        return why("why_no_round")
    from arbiter.core.commands import why_not_by_hand

    return why_core(why_not_by_hand(s.event, rnd.stage, rnd.table, rnd.number))


def _swap(s) -> Why | None:
    """`w`: the colours of the board under the cursor (`core.commands.SwapColours`)."""
    w = _by_hand(s)
    if w is None:
        g = s.selected_game()
        if g is None:
            return why("why_no_board")
        from arbiter.core.commands import SwapColours

        rnd = s.shown_round()
        w = why_core(SwapColours(rnd.stage, rnd.table, rnd.number, g.board).why_not(s.event))
    return w


def _explain(s) -> Why | None:
    return _busy(s) or _round(s)


def _clock(s) -> Why | None:
    return why("why_no_round") if s.current_round() is None else None


def _pair_all(s) -> Why | None:
    """The next round of every table whose round is complete (`core.commands.PairReadyTables`)."""
    w = _busy(s)
    if w is not None:
        return w
    from arbiter.core.commands import PairReadyTables

    return why_core(PairReadyTables().why_not(s.event))


def _playoff(s) -> Why | None:
    """A play-off for first place (`core.commands.StartPlayoff`: not started, players tied for first)."""
    w = _busy(s)
    if w is not None:
        return w
    from arbiter.core.commands import StartPlayoff

    return why_core(StartPlayoff().why_not(s.event))


def _unpair(s) -> Why | None:
    """Take back the current round's pairing (`core.commands.Unpair`)."""
    rnd = s.current_round()
    if rnd is None:
        return why("why_no_round")
    from arbiter.core.commands import Unpair

    return why_core(Unpair(rnd.stage, rnd.table, rnd.number).why_not(s.event))


def _printable(what: str) -> Callable[[Any], Why | None]:
    """A printout applies when the event has what it shows (a round, the top, the play-off)."""
    def when(s) -> Why | None:
        w = _busy(s)
        if w is not None:
            return w
        e = s.event
        if what in ("pairings", "names", "slips", "matches", "match_cards"):
            return None if any(r.stage == e.current_stage() for r in e.rounds) else why("why_no_round")
        if what in ("standings", "crosstable", "csv_standings", "team_standings", "board_stats", "csv_team_standings",
                    "csv_board_stats"):
            return None if e.rounds else why("why_no_round")
        if what == "bracket":
            from arbiter.core.knockout import stage as top

            return None if top.state(e) is not None else why("no_top")
        if what == "playoff":
            from arbiter.core.playoff import stage as playoff_event

            return None if playoff_event.state(e) is not None else why("why_no_playoff")
        if what in ("final", "csv_final"):
            return None if e.rounds else why("why_no_round")
        if what == "categories":
            return None if e.categories else why("why_no_categories_print")
        if what in ("prizes", "csv_prizes"):
            return None if e.prizes else why("why_no_prizes")
        return None

    return when


def _distribute(s) -> Why | None:
    """Players to tables: an event of several tables, before any table has paired a round
    (`core.commands.SeatPlayers`)."""
    e = s.arb.event
    if e.tables < 2:
        return why("why_one_table")
    if not e.players:
        return why("why_no_players")
    from arbiter.core.commands import SeatPlayers

    return why_core(SeatPlayers(everyone=True).why_not(e))


def _move(s) -> Why | None:
    """One player to another table: a player under the cursor, an event of several tables, neither the player's
    table nor every other has paired (`core.commands.MovePlayer` says which)."""
    p = s.selected()
    if p is None:
        return why("why_no_player")
    e = s.arb.event
    if e.tables < 2:
        return why("why_one_table")
    from arbiter.core.commands import MovePlayer

    reasons = [MovePlayer(p.id, t).why_not(e) for t in range(1, e.tables + 1) if t != p.table]
    return None if any(r is None for r in reasons) else why_core(reasons[0])


def _seat_save(v) -> Why | None:
    return why("why_engine_text", text=v.error) if v.error is not None else None


def _player(s) -> Why | None:
    """The players screen: a player under the cursor."""
    return why("why_no_player") if s.selected() is None else None


def _bracket(v) -> Why | None:
    return why("no_top") if v.bracket is None else None


def _preview_busy(s) -> Why | None:
    return _busy(s)


_OVER: list = [None, False]  # (the event last asked about, whether it is over): the footer asks after every key


def _event_over(s) -> bool:
    """The footer offers the final ranking once the event is over (the key works before: provisional)."""
    from arbiter.core.final.ranking import is_finished

    e = s.event
    if _OVER[0] is not e:  # an event is never changed in place: a change is a new one
        _OVER[:] = [e, is_finished(e)]
    return _OVER[1]


def _final_tables(s) -> Why | None:
    return why("why_one_table") if s.arb.event.tables < 2 or s.ranking is None or s.ranking.teams else None


def _final_categories(s) -> Why | None:
    if s.ranking is not None and s.ranking.teams:
        return why("why_team_categories")
    return why("why_no_categories") if not s.arb.event.categories else None


def _final_lots(s) -> Why | None:
    """`l` in the final ranking: the event over, breaking ties by lot, a tie waiting for its lot."""
    fr, e = s.ranking, s.arb.event
    if e.share_places:
        return why("why_lots_shared")
    if fr is None or not fr.finished:
        return why("why_lots_not_over")
    if not fr.pending:
        return why("why_lots_none")
    return None


def _prize(s) -> Why | None:
    return why("why_no_prize") if s.selected_prize() is None else None


def _category(s) -> Why | None:
    return why("why_no_category") if s.selected() is None else None
def _team_hand(s) -> Why | None:
    """A team round's change by hand (a match's order, two teams, the bye): the current round, shown, without
    results (core says the rest: core.teams.hand)."""
    return _by_hand(s)


def _team_swap(s) -> Why | None:
    """`w` in a team event: the match of the board under the cursor (`core.commands.SwapMatch`)."""
    w = _by_hand(s)
    if w is None:
        g = s.selected_game()
        if g is None:
            return why("why_no_board")
        from arbiter.core import teams as team_event
        from arbiter.core.commands import SwapMatch

        match = (g.board - 1) // team_event.state(s.event).boards + 1
        w = why_core(SwapMatch(s.shown_round().number, match).why_not(s.event))
    return w


def _lineups(s) -> Why | None:
    return _busy(s)


def _team_view(v) -> Why | None:
    return None if in_team_event(v) else why("why_not_team")


HANDLERS: dict[str, Callable[..., Any]] = {}  # name -> a function of the screen (registered by its module)


def handler(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Register a function that does an action (tui/screens/team_edits.py: the team event's), by its name."""
    HANDLERS[fn.__name__] = fn
    return fn


def _run_team(name: str) -> Callable[..., Any]:
    """An action done by a registered function of the screen (`handler`), not by a method of the screen."""

    def run(obj, *args):
        return HANDLERS[name](obj, *args)

    run.__name__ = name
    return run


# -- the actions ------------------------------------------------------------------------------------------

ACTIONS: tuple[Action, ...] = (
    # the final ranking first: once the event is over, the footer offers it before any other key
    Action("final", ("F",), W("final ranking", "итоговые места"),
           W("The final ranking of the whole event (as it stands before the end), its lists by table and by "
             "category, the prizes", "Итоговые места всего турнира (до конца — предварительно), списки по столам и "
             "категориям, призы"),
           ("main",), "open_screen", ("final", "FinalScreen"), footer=True, palette=True, footer_when=_event_over,
           group="view"),
    # -- the main screen: results on the board under the cursor --
    Action("pair", ("p",), W("pair", "жеребьёвка"),
           W("Pair the next round of this table: a preview first, y saves it",
             "Жеребьёвка следующего тура этого стола: сначала просмотр, y сохраняет"),
           ("main",), "action_pair", footer=True, palette=True, when=_pair, group="change"),
    Action("start_top", ("K",), W("start top", "начать топ"),
           W("Start the top: the seeds, the 704.2 aims and the bracket first, y starts it",
             "Начать топ: сначала посев, цели 704.2 и сетка, y начинает"),
           ("main",), "action_start_top", footer=True, palette=True, when=_top, group="change", team=False),
    Action("pair_all", ("A",), W("pair all tables", "жеребьёвка столов"),
           W("Pair the next round of every table whose round is complete: one preview of every table, y saves it",
             "Жеребьёвка следующего тура на всех столах, где тур окончен: один просмотр всех столов, y сохраняет"),
           ("main",), "action_pair_all", footer=True, palette=True, when=_pair_all, group="change", team=False),
    Action("result_first", ("1",), W("1st", "1-й"), W("The first player wins (1-0)", "Победа первого (1-0)"),
           ("main",), "enter_key", ("1",), footer=True, when=_first, group="result"),
    Action("result_second", ("0",), W("2nd", "2-й"), W("The second player wins (0-1)", "Победа второго (0-1)"),
           ("main",), "enter_key", ("0",), footer=True, when=_second, group="result"),
    Action("result_draw", ("equals_sign",), W("draw", "ничья"), W("Draw (1/2)", "Ничья (1/2)"),
           ("main",), "enter_key", ("=",), footer=True, when=_draw, group="result"),
    Action("result_nofirst", ("plus",), W("1st absent", "неявка 1-го"),
           W("The first player did not come (forfeit, -+)", "Неявка первого (-+)"),
           ("main",), "enter_key", ("+",), when=_nofirst, group="result"),
    Action("result_nosecond", ("minus",), W("2nd absent", "неявка 2-го"),
           W("The second player did not come (forfeit, +-)", "Неявка второго (+-)"),
           ("main",), "enter_key", ("-",), when=_nosecond, group="result"),
    Action("technical", ("t",), W("tech", "техн."),
           W("Then 1 / 0 / =: a technical result at time-out (705.3)",
             "Затем 1 / 0 / =: техническая победа или ничья по решению судьи (705.3)"),
           ("main",), "action_prefix", ("t",), footer=True, when=_technical, group="result"),
    Action("agreed", ("a",), W("agreed", "договор."),
           W("Then 1 / 0: an agreed result, top games only (704.4)",
             "Затем 1 / 0: результат по договорённости, только партии топа (704.4)"),
           ("main",), "action_prefix", ("a",), footer=True, when=_agreed, group="result", team=False),
    Action("clear", ("x", "delete"), W("clear", "стереть"),
           W("Clear the result (asks first)", "Стереть результат (с подтверждением)"),
           ("main",), "action_clear", when=_clear, group="result"),
    Action("line", ("colon",), W("go to", "к доске"),
           W("The ':' line: 12 jumps to board 12 (a team event: 3.2 is board 2 of match 3 too); '12 1-0', '12 =' "
             "enter a result; 'r3' round 3, 't2' table 2, '12 m45' the moves (Enter on a board opens it too)",
             "Строка ':': 12 — к доске 12 (в командном турнире и 3.2 — доска 2 матча 3); '12 1-0', '12 =' — "
             "результат; 'r3' тур 3, 't2' стол 2, '12 m45' число ходов (открывается и по Enter на доске)"),
           ("main",), "action_line", footer=True, when=_round, group="result"),
    Action("moves", (), W("moves", "ходы"),
           W("Enter the number of moves (fewest-moves rule): ': 12 m45'",
             "Ввести число ходов (правило наименьшего числа ходов): ': 12 m45'"),
           ("main",), "action_line", palette=True, when=_round, group="result"),
    # -- views --
    Action("missing", ("m",), W("missing", "без рез."),
           W("Only the boards without a result, or all", "Только доски без результата, или все"),
           ("main",), "action_missing", footer=True, palette=True, when=_round, group="view"),
    Action("view_round", ("r",), W("round", "тур"), W("The round panel", "Панель тура"),
           ("main",), "action_view", ("round",), palette=True, group="view"),
    Action("view_standings", ("s",), W("standings", "таблица"), W("The standings panel", "Турнирная таблица"),
           ("main",), "action_view", ("standings",), footer=True, palette=True, group="view"),
    Action("view_bracket", ("b",), W("top", "топ"), W("The top's bracket", "Сетка топа"),
           ("main",), "action_view", ("bracket",), palette=True, group="view", team=False),
    Action("table", ("T",), W("table", "стол"), W("The next table", "Следующий стол"),
           ("main",), "action_table", footer=True, palette=True, when=_tables, group="view"),
    Action("stage", ("S",), W("stage", "этап"),
           W("The next stage (Swiss, top, play-off), to see or fix an earlier one",
             "Следующий этап (швейцарская система, топ, плей-офф), чтобы посмотреть или исправить прежний"),
           ("main",), "action_stage", palette=True, when=_stages, group="view", team=False),
    Action("previous_round", ("left_square_bracket",), W("prev round", "пред. тур"),
           W("The round before (to fix a past result; Esc back to the current one)",
             "Предыдущий тур (исправить прошлый результат; Esc — к текущему)"),
           ("main",), "action_step", (-1,), when=_step(-1), group="view"),
    Action("next_round", ("right_square_bracket",), W("next round", "след. тур"), W("The round after", "Следующий тур"),
           ("main",), "action_step", (1,), when=_step(1), group="view"),
    Action("language", ("L",), W("language", "язык"), W("English / Russian", "Английский / русский"),
           ("main",), "action_lang", palette=True, group="view"),
    Action("escape", ("escape",), W("cancel", "отмена"),
           W("Cancel: the pairing under way, a pending t / a; back to the current round, to the round panel",
             "Отмена: идущей жеребьёвки, начатого t / a; назад к текущему туру, к панели тура"),
           ("main",), "action_escape", group="view"),
    # -- changes --
    Action("undo", ("u",), W("undo", "отменить"),
           W("Undo the last change (the journal: any judge's, across restarts)",
             "Отменить последнее изменение (по журналу: любого судьи, и после перезапуска)"),
           ("main",), "action_undo", footer=True, palette=True, group="change"),
    Action("redo", ("U",), W("redo", "вернуть"), W("Redo what was undone", "Вернуть отменённое"),
           ("main",), "action_redo", palette=True, group="change"),
    Action("clock", ("c",), W("clock", "время"), W("The round clock (705.3)", "Время тура (705.3)"),
           ("main",), "action_clock", footer=True, palette=True, when=_clock, group="change"),
    Action("print", ("o",), W("print", "печать"),
           W("Print or export: pairings, names, slips, standings, crosstable, bracket, play-off, the site, TRF, CSV",
             "Печать и экспорт: пары, списки, бланки, таблица, сетка, плей-офф, сайт, TRF, CSV"),
           ("main",), "action_print", footer=True, palette=True, when=_busy, group="change"),
    Action("players", ("P",), W("players", "участники"),
           W("Players: add, edit, import, withdraw, search", "Участники: добавить, изменить, импорт, выбыл, поиск"),
           ("main",), "action_players", palette=True, group="change"),
    Action("explain", ("e",), W("explain", "пояснить"),
           W("Explain the pairings of the round shown", "Пояснить жеребьёвку показанного тура"),
           ("main",), "action_explain", palette=True, when=_explain, group="change", team=False),
    Action("swap", ("w",), W("swap colours", "поменять цвет"),
           W("Swap the colours of the board under the cursor (a round without results)",
             "Поменять цвет на выбранной доске (тур без результатов)"),
           ("main",), "action_swap", palette=True, when=_swap, group="change", team=False),
    Action("exchange", ("X",), W("exchange players", "поменять участников"),
           W("Exchange two players between their boards (their numbers, e.g. 12 7)",
             "Поменять двух участников досками (их номера, например 12 7)"),
           ("main",), "action_exchange", palette=True, when=_by_hand, group="change", team=False),
    Action("give_bye", (), W("bye by hand", "бай вручную"),
           W("Give the bye to a player by hand", "Дать бай участнику вручную"),
           ("main",), "action_give_bye", palette=True, when=_by_hand, group="change", team=False),
    Action("team_swap", ("w",), W("match order", "порядок в матче"),
           W("Swap the order of the match under the cursor: the other team named first, every board's colours "
             "change (a round without results)",
             "Поменять порядок команд в матче под курсором: первой названа другая команда, цвет меняется на всех "
             "досках (тур без результатов)"),
           ("main",), _run_team("swap_match"), palette=True, when=_team_swap, group="team", team=True),
    Action("team_exchange", ("X",), W("exchange teams", "поменять команды"),
           W("Exchange two teams between their matches (names or numbers, e.g. 2 5; with the team without a match: "
             "it plays, the other has the bye)",
             "Поменять две команды матчами (названия или номера, например 2 5; с командой без матча: она играет, "
             "у другой бай)"),
           ("main",), _run_team("exchange_teams"), palette=True, when=_team_hand, group="team", team=True),
    Action("team_bye", (), W("bye to a team", "бай команде"),
           W("Give the bye to a team by hand (the team that had it plays in its place)",
             "Дать бай команде вручную (команда, у которой он был, играет вместо неё)"),
           ("main",), _run_team("give_team_bye"), palette=True, when=_team_hand, group="team", team=True),
    Action("lineups", ("l",), W("line-ups", "составы"),
           W("Line-ups for the next round: who plays on which board (from the roster, in roster order), "
             "and the pairs of teams that must not meet",
             "Составы на следующий тур: кто играет на какой доске (из заявки, в порядке заявки), "
             "и пары команд, которые не должны встречаться"),
           ("main",), _run_team("open_lineups"), footer=True, palette=True, when=_lineups, group="team", team=True),
    Action("view_boards", (), W("board prizes", "призы по доскам"),
           W("The board prizes: each board's players with points, games and percentage",
             "Призы по доскам: участники каждой доски с очками, партиями и процентом"),
           ("main",), _run_team("show_board_prizes"), palette=True, when=_team_view, group="team", team=True),
    Action("board_stats", ("B",), W("board prizes", "по доскам"),
           W("In the team standings: the board prizes, or back to the teams",
             "В командном зачёте: призы по доскам, или снова команды"),
           ("standings",), "toggle_boards", footer=True, palette=True, when=_team_view, group="team", team=True),
    # -- the line-ups screen (l, a team event) --
    Action("lu_toggle", ("space",), W("plays / not", "играет / нет"),
           W("The player under the cursor in or out of the line-up (Enter too); boards follow the roster order",
             "Участник под курсором в состав или из состава (и Enter); доски — в порядке заявки"),
           ("lineups",), "toggle", footer=True, group="team", key_shown="Space", team=True),
    Action("lu_save", ("s",), W("save", "сохранить"),
           W("Save the line-up shown for the round", "Сохранить показанный состав на тур"),
           ("lineups",), "save", footer=True, palette=True, group="team", team=True),
    Action("lu_default", ("c",), W("default", "по умолчанию"),
           W("Back to the default line-up: the first players of the roster who can play",
             "Вернуть состав по умолчанию: первые по заявке, кто может играть"),
           ("lineups",), "default", footer=True, palette=True, group="team", team=True),
    Action("lu_next", ("right",), W("next team", "след. команда"), W("The next team", "Следующая команда"),
           ("lineups",), "step", (1,), footer=True, group="team", team=True),
    Action("lu_prev", ("left",), W("prev team", "пред. команда"), W("The team before", "Предыдущая команда"),
           ("lineups",), "step", (-1,), group="team", team=True),
    Action("lu_forbid", ("f",), W("forbid", "запретить"),
           W("This team and another must not meet (name or number; -NAME: they may again)",
             "Эта команда и другая не должны встречаться (название или номер; -НАЗВАНИЕ: снова могут)"),
           ("lineups",), "forbid", footer=True, palette=True, group="team", team=True),
    Action("lu_back", ("escape",), W("back", "назад"), W("Back to the round", "Назад к туру"),
           ("lineups",), "back", footer=True, palette=True, group="team", team=True),
    Action("unpair", (), W("take back", "отменить жеребьёвку"),
           W("Take back the pairing of the last round", "Отменить жеребьёвку последнего тура"),
           ("main",), "action_unpair", palette=True, when=_unpair, group="change"),
    Action("forbid", (), W("forbid", "запретить"),
           W("Forbid two players (or teams) to meet", "Запретить встречу двух участников (или команд)"),
           ("main",), "action_forbid", palette=True, group="change"),
    Action("playoff", (), W("play-off", "плей-офф"),
           W("Start a play-off for first place", "Начать плей-офф за первое место"),
           ("main",), "action_start_playoff", palette=True, when=_playoff, group="change", team=False),
    Action("history", ("h",), W("history", "журнал"),
           W("The journal: who changed what, newest first", "Журнал: кто что изменил, сначала новое"),
           ("main",), "action_history", palette=True, group="change"),
    Action("new_event", (), W("new event", "новый турнир"), W("New event", "Новый турнир"),
           ("main",), "action_new_event", palette=True, group="change"),
    # -- the end of the event: the final ranking, the prizes, the categories (each a screen of its own) --
    Action("prizes", (), W("prizes", "призы"),
           W("The prize list: who receives which prize; add and change prizes",
             "Призы: кто какой приз получает; добавить и изменить призы"),
           ("main", "final"), "open_screen", ("prizes", "PrizesScreen"), palette=True, group="change"),
    Action("categories", (), W("categories", "категории"),
           W("The categories of players (rating, year of birth, sex ...): add and change them",
             "Категории участников (рейтинг, год рождения, пол ...): добавить и изменить"),
           ("main",), "open_screen", ("categories", "CategoriesScreen"), palette=True, group="change"),
    Action("help", ("question_mark",), W("keys", "клавиши"), W("Show every key", "Показать все клавиши"),
           ("main",), "action_help", footer=True, palette=True, group="change"),
    Action("help_here", ("question_mark",), W("keys", "клавиши"), W("Show every key", "Показать все клавиши"),
           ("players", "preview", "final", "prizes", "categories", "lineups", "team_preview"), "action_help", palette=True),
    Action("quit", ("q",), W("quit", "выход"), W("Quit", "Выход"),
           ("main",), "action_quit", footer=True, palette=True, group="change"),
    # -- the top's bracket (the view has these keys while it has the focus) --
    Action("bracket_board", ("enter",), W("board", "доска"),
           W("The match's board: the round panel on it, to enter its result",
             "Доска пары: панель тура на ней, чтобы внести результат"),
           ("bracket",), "action_choose", footer=True, when=_bracket, group="bracket", team=False),
    Action("bracket_up", ("up", "k"), W("up", "вверх"), W("The match above in the same round", "Пара выше в том же туре"),
           ("bracket",), "action_move", (0, -1), group="bracket", key_shown="↑ k", team=False),
    Action("bracket_down", ("down", "j"), W("down", "вниз"),
           W("The match below (the third-place match is under the final)", "Пара ниже (матч за 3-е место под финалом)"),
           ("bracket",), "action_move", (0, 1), group="bracket", key_shown="↓ j", team=False),
    Action("bracket_left", ("left", "h"), W("round before", "тур до"),
           W("The round before: the upper of the two matches that feed this one",
             "Тур до: верхняя из двух пар, из которых выходят в эту"),
           ("bracket",), "action_move", (-1, 0), group="bracket", key_shown="← h", team=False),
    Action("bracket_right", ("right", "l"), W("round after", "тур после"),
           W("The round after: the match this one feeds", "Тур после: пара, в которую выходят из этой"),
           ("bracket",), "action_move", (1, 0), group="bracket", key_shown="→ l", team=False),
    Action("bracket_first", ("home",), W("first", "первая"), W("The first match of the round", "Первая пара тура"),
           ("bracket",), "action_edge", (-1,), group="bracket", team=False),
    Action("bracket_last", ("end",), W("last", "последняя"), W("The last match of the round", "Последняя пара тура"),
           ("bracket",), "action_edge", (1,), group="bracket", team=False),
    # -- every list (the round, the standings, the players, the preview) --
    Action("row_up", ("up",), W("up", "вверх"), W("The row above", "Строка выше"),
           ("table",), "action_cursor", (-1,), group="table"),
    Action("row_down", ("down",), W("down", "вниз"), W("The row below", "Строка ниже"),
           ("table",), "action_cursor", (1,), group="table"),
    Action("page_up", ("pageup",), W("page up", "стр. вверх"), W("A page up", "Страница вверх"),
           ("table",), "action_page", (-1,), group="table"),
    Action("page_down", ("pagedown",), W("page down", "стр. вниз"), W("A page down", "Страница вниз"),
           ("table",), "action_page", (1,), group="table"),
    Action("row_first", ("home",), W("first", "первая"), W("The first row", "Первая строка"),
           ("table",), "action_edge", (-1,), group="table"),
    Action("row_last", ("end",), W("last", "последняя"), W("The last row", "Последняя строка"),
           ("table",), "action_edge", (1,), group="table"),
    Action("row_enter", ("enter",), W("open", "открыть"),
           W("On a board: the ':' line for it; on a standings row: how the tie-breaks were computed",
             "На доске: строка ':' для неё; в турнирной таблице: расчёт доп. показателей"),
           ("table",), "action_select", group="table"),
    # -- the pairing preview of a team event (tui/screens/team_preview.py) --
    Action("tpv_swap", ("w",), W("match order", "порядок в матче"),
           W("The highlighted board's match with the other team named first", "Матч выбранной доски: первой названа другая команда"),
           ("team_preview",), "action_swap_match", footer=True, palette=True, group="team", team=True),
    Action("tpv_exchange", ("x",), W("exchange teams", "обмен команд"),
           W("Exchange two teams between their matches (names or numbers, e.g. 2 5)",
             "Поменять две команды матчами (названия или номера, например 2 5)"),
           ("team_preview",), "action_exchange_teams", footer=True, palette=True, group="team", team=True),
    Action("tpv_bye", ("b",), W("bye", "бай"),
           W("Give the bye to a team by hand (the team that had it plays in its place)",
             "Дать бай команде вручную (команда, у которой он был, играет вместо неё)"),
           ("team_preview",), "action_team_bye", footer=True, palette=True, group="team", team=True),
    # -- the pairing preview --
    Action("pv_swap", ("w",), W("colours", "цвет"),
           W("Swap the colours of the highlighted board", "Поменять цвет на выбранной доске"),
           ("preview",), "action_swap", footer=True, palette=True, group="preview"),
    Action("pv_exchange", ("x",), W("exchange", "обмен"),
           W("Exchange two players between their boards (their numbers, e.g. 12 7)",
             "Поменять двух участников досками (их номера, например 12 7)"),
           ("preview",), "action_exchange", footer=True, palette=True, group="preview"),
    Action("pv_bye", ("b",), W("bye", "бай"),
           W("Give the bye to a player by hand (the old bye plays his opponent)",
             "Дать бай участнику вручную (прежний получатель бая играет с его соперником)"),
           ("preview",), "action_bye", footer=True, palette=True, group="preview"),
    Action("pv_reset", ("r",), W("as paired", "исходная"),
           W("Back to the program's pairing (after another judge's change: pair again)",
             "Вернуть жеребьёвку программы (после изменения другим судьёй: провести заново)"),
           ("preview", "team_preview"), "action_reset", footer=True, palette=True, when=_preview_busy, group="preview"),
    Action("pv_explain", ("e",), W("explain", "пояснить"),
           W("Why each board was made, and every warning", "Почему составлена каждая пара, все предупреждения"),
           ("preview",), "action_explain", footer=True, palette=True, when=_preview_busy, group="preview"),
    Action("pv_save", ("y",), W("save", "сохранить"),
           W("Save (Enter too): the changed boards are marked as made by hand",
             "Сохранить (и Enter): изменённые доски отмечаются как составленные вручную"),
           ("preview", "team_preview"), "action_save", footer=True, palette=True, group="preview"),
    Action("pv_cancel", ("n", "escape"), W("cancel", "отмена"),
           W("Cancel (Esc too): nothing is saved; Esc first stops a pairing under way",
             "Отмена (и Esc): ничего не сохраняется; Esc сначала останавливает идущую жеребьёвку"),
           ("preview", "team_preview"), "action_cancel", footer=True, palette=True, group="preview"),
    # -- the round clock (a dialog of c) and the 705.3 reminder --
    Action("clock_swiss", ("4",), W("start {swiss} minutes (Swiss round)", "старт {swiss} минут (тур швейцарской системы)"),
           W("Start the Swiss round's time (the event's round_minutes, 45 by default)",
             "Старт времени тура (round_minutes турнира, по умолчанию 45)"),
           ("clock",), "clock_do", ("4",), when=_clock_stage(False), group="clock"),
    Action("clock_all", ("a",), W("start {swiss} minutes on every table", "старт {swiss} минут на всех столах"),
           W("The same on every table at once", "То же на всех столах сразу"),
           ("clock",), "clock_do", ("a",), when=lambda s: _clock_stage(False)(s) or _tables(s), group="clock"),
    Action("clock_top", ("7",), W("start {top} minutes (top game)", "старт {top} минут (партия топа)"),
           W("Start a top game's time (top_minutes, 70 by default)", "Старт времени партии топа (top_minutes, по умолчанию 70)"),
           ("clock",), "clock_do", ("7",), when=_clock_stage(True), group="clock", team=False),
    Action("clock_minutes", ("m",), W("start the minutes typed", "старт: ввести минуты"),
           W("Start the round's time for minutes typed (705.3: 45 to 70, the organiser's choice)",
             "Старт времени тура на введённое число минут (705.3: от 45 до 70, по решению организатора)"),
           ("clock",), "clock_do", ("m",), group="clock"),
    Action("clock_pause", ("p",), W("pause / resume", "пауза / продолжить"),
           W("Pause / resume", "Пауза / продолжить"), ("clock",), "clock_do", ("p",), group="clock"),
    Action("clock_add", ("plus",), W("add 5 minutes", "добавить 5 минут"), W("Add 5 minutes", "Добавить 5 минут"),
           ("clock",), "clock_do", ("+",), group="clock"),
    Action("clock_sub", ("minus",), W("take 5 minutes off", "убрать 5 минут"),
           W("Take 5 minutes off", "Убрать 5 минут"), ("clock",), "clock_do", ("-",), group="clock"),
    Action("clock_stop", ("x",), W("stop and clear", "остановить и сбросить"),
           W("Stop and clear", "Остановить и сбросить"), ("clock",), "clock_do", ("x",), group="clock"),
    Action("alarm_enter", ("e",), W("Enter them one by one (t 1/0/=)", "Внести по одной (t 1/0/=)"),
           W("At zero: go to the unfinished boards, technical result pending",
             "При нуле: к неоконченным доскам, с начатым техническим результатом"),
           ("alarm",), "alarm_enter", group="clock"),
    Action("alarm_draws", ("d",), W("Technical draw for all", "Ничья по решению судьи всем"),
           W("At zero: a technical draw on every unfinished board (one change)",
             "При нуле: ничья по решению судьи на всех неоконченных досках (одно изменение)"),
           ("alarm",), "alarm_draws", group="clock"),
    # -- printouts and exports: the print menu (o, a dialog) and the palette --
    Action("print_pairings", ('1',), W('the pairings', 'пары тура'), W('Print the pairings of the current round (every table)', 'Печать пар текущего тура (все столы)'),
           ("print",), "print_do", ('pairings',), when=_printable('pairings'), group="print", team=False),
    Action("print_matches", ('1',), W('the matches', 'матчи тура'),
           W('Print the matches of the current round: teams, scores, boards', 'Печать матчей текущего тура: команды, счёт, доски'),
           ("print",), "print_do", ('matches',), when=_printable('matches'), group="print", team=True),
    Action("print_names", ('2',), W('the names list', 'список по фамилиям'), W("Print the names list: each player's board, by name", 'Печать списка по фамилиям: доска каждого участника'),
           ("print",), "print_do", ('names',), when=_printable('names'), group="print"),
    Action("print_slips", ('3',), W('the result slips', 'бланки результатов'), W('Print the result slips of the current round', 'Печать бланков результатов текущего тура'),
           ("print",), "print_do", ('slips',), when=_printable('slips'), group="print", team=False),
    Action("print_match_cards", ('3',), W('the match cards', 'бланки матчей'),
           W('Print a card for each match: its boards, the match score, the captains', 'Печать бланка каждого матча: доски, счёт матча, капитаны'),
           ("print",), "print_do", ('match_cards',), when=_printable('match_cards'), group="print", team=True),
    Action("print_standings", ('4',), W('the standings', 'турнирная таблица'), W('Print the standings with the tie-breaks', 'Печать турнирной таблицы с доп. показателями'),
           ("print",), "print_do", ('standings',), when=_printable('standings'), group="print", team=False),
    Action("print_team_standings", ('4',), W('the team standings', 'командный зачёт'),
           W('Print the team standings: MP, GP, the team tie-breaks', 'Печать командного зачёта: MP, GP, командные показатели'),
           ("print",), "print_do", ('team_standings',), when=_printable('team_standings'), group="print", team=True),
    Action("print_board_stats", ('b',), W('the board prizes', 'призы по доскам'),
           W("Print the board prizes: each board's players with points, games, percentage", 'Печать призов по доскам: очки, партии, процент на каждой доске'),
           ("print",), "print_do", ('board_stats',), when=_printable('board_stats'), group="print", team=True),
    Action("print_crosstable", ('5',), W('the crosstable', 'сводная таблица'), W('Print the crosstable', 'Печать сводной таблицы'),
           ("print",), "print_do", ('crosstable',), when=_printable('crosstable'), group="print"),
    Action("print_bracket", ('6',), W('the bracket', 'сетка топа'), W("Print the top's bracket", 'Печать сетки топа'),
           ("print",), "print_do", ('bracket',), when=_printable('bracket'), group="print", team=False),
    Action("print_playoff", ('7',), W('the play-off', 'плей-офф'), W('Print the play-off', 'Печать плей-офф'),
           ("print",), "print_do", ('playoff',), when=_printable('playoff'), group="print", team=False),
    Action("print_final", ('8',), W('the final ranking (and each table\'s)', 'итоговые места (и по столам)'),
           W('Print the final ranking of the whole event, then each table\'s list',
             'Печать итоговых мест всего турнира, затем списков по столам'),
           ("print",), "print_do", ('final',), when=_printable('final'), group="print"),
    Action("print_categories", ('9',), W('the lists by category', 'списки по категориям'),
           W('Print the final ranking of each category', 'Печать итоговых мест каждой категории'),
           ("print",), "print_do", ('categories',), when=_printable('categories'), group="print", team=False),
    Action("print_prizes", ('0',), W('the prize list', 'призы'), W('Print the prize list', 'Печать списка призов'),
           ("print",), "print_do", ('prizes',), when=_printable('prizes'), group="print"),
    Action("print_site", ('h',), W('the site (HTML)', 'сайт (HTML)'), W('Export the site: a folder of HTML pages', 'Экспорт сайта: папка страниц HTML'),
           ("print",), "print_do", ('site',), when=_printable('site'), group="print"),
    Action("print_trf", ('t',), W('TRF (the table shown; from the top, each table)', 'TRF (показанный стол; из топа — каждый)'), W("Export TRF (FIDE's exchange format) of the Swiss: the table shown, or each table when the top is shown", 'Экспорт TRF (формат обмена ФИДЕ) швейцарской системы: показанный стол или, когда показан топ, каждый стол'),
           ("print",), "print_do", ('trf',), when=_printable('trf'), group="print"),
    Action("print_csv_players", ('c',), W('CSV of the players', 'CSV участников'), W('Export a CSV of the players', 'Экспорт участников в CSV'),
           ("print",), "print_do", ('csv_players',), when=_printable('csv_players'), group="print"),
    Action("print_csv_standings", ('s',), W('CSV of the standings', 'CSV таблицы'), W('Export a CSV of the standings', 'Экспорт турнирной таблицы в CSV'),
           ("print",), "print_do", ('csv_standings',), when=_printable('csv_standings'), group="print", team=False),
    Action("print_csv_final", ('f',), W('CSV of the final ranking', 'CSV итоговых мест'),
           W('Export a CSV of the final ranking', 'Экспорт итоговых мест в CSV'),
           ("print",), "print_do", ('csv_final',), when=_printable('csv_final'), group="print"),
    Action("print_csv_prizes", ('z',), W('CSV of the prizes', 'CSV призов'), W('Export a CSV of the prize list',
                                                                               'Экспорт списка призов в CSV'),
           ("print",), "print_do", ('csv_prizes',), when=_printable('csv_prizes'), group="print"),
    Action("print_csv_team_standings", ('s',), W('CSV of the team standings', 'CSV командного зачёта'),
           W('Export a CSV of the team standings', 'Экспорт командного зачёта в CSV'),
           ("print",), "print_do", ('csv_team_standings',), when=_printable('csv_team_standings'), group="print", team=True),
    Action("print_csv_board_stats", ('k',), W('CSV of the board prizes', 'CSV призов по доскам'),
           W('Export a CSV of the board prizes', 'Экспорт призов по доскам в CSV'),
           ("print",), "print_do", ('csv_board_stats',), when=_printable('csv_board_stats'), group="print", team=True),
    Action("export_matches", (), W('the matches', 'матчи тура'),
           W('Print the matches of the current round: teams, scores, boards', 'Печать матчей текущего тура: команды, счёт, доски'),
           ("main",), "print_do", ('matches',), palette=True, when=_printable('matches'), team=True),
    Action("export_match_cards", (), W('the match cards', 'бланки матчей'),
           W('Print a card for each match: its boards, the match score, the captains', 'Печать бланка каждого матча: доски, счёт матча, капитаны'),
           ("main",), "print_do", ('match_cards',), palette=True, when=_printable('match_cards'), team=True),
    Action("export_team_standings", (), W('the team standings', 'командный зачёт'),
           W('Print the team standings: MP, GP, the team tie-breaks', 'Печать командного зачёта: MP, GP, командные показатели'),
           ("main",), "print_do", ('team_standings',), palette=True, when=_printable('team_standings'), team=True),
    Action("export_board_stats", (), W('the board prizes', 'призы по доскам'),
           W("Print the board prizes: each board's players with points, games, percentage", 'Печать призов по доскам: очки, партии, процент на каждой доске'),
           ("main",), "print_do", ('board_stats',), palette=True, when=_printable('board_stats'), team=True),
    Action("export_csv_team_standings", (), W('CSV of the team standings', 'CSV командного зачёта'),
           W('Export a CSV of the team standings', 'Экспорт командного зачёта в CSV'),
           ("main",), "print_do", ('csv_team_standings',), palette=True, when=_printable('csv_team_standings'), team=True),
    Action("export_csv_board_stats", (), W('CSV of the board prizes', 'CSV призов по доскам'),
           W('Export a CSV of the board prizes', 'Экспорт призов по доскам в CSV'),
           ("main",), "print_do", ('csv_board_stats',), palette=True, when=_printable('csv_board_stats'), team=True),
    Action("export_pairings", (), W('the pairings', 'пары тура'), W('Print the pairings of the current round (every table)', 'Печать пар текущего тура (все столы)'),
           ("main",), "print_do", ('pairings',), palette=True, when=_printable('pairings'), team=False),
    Action("export_names", (), W('the names list', 'список по фамилиям'), W("Print the names list: each player's board, by name", 'Печать списка по фамилиям: доска каждого участника'),
           ("main",), "print_do", ('names',), palette=True, when=_printable('names')),
    Action("export_slips", (), W('the result slips', 'бланки результатов'), W('Print the result slips of the current round', 'Печать бланков результатов текущего тура'),
           ("main",), "print_do", ('slips',), palette=True, when=_printable('slips'), team=False),
    Action("export_standings", (), W('the standings', 'турнирная таблица'), W('Print the standings with the tie-breaks', 'Печать турнирной таблицы с доп. показателями'),
           ("main",), "print_do", ('standings',), palette=True, when=_printable('standings'), team=False),
    Action("export_crosstable", (), W('the crosstable', 'сводная таблица'), W('Print the crosstable', 'Печать сводной таблицы'),
           ("main",), "print_do", ('crosstable',), palette=True, when=_printable('crosstable')),
    Action("export_bracket", (), W('the bracket', 'сетка топа'), W("Print the top's bracket", 'Печать сетки топа'),
           ("main",), "print_do", ('bracket',), palette=True, when=_printable('bracket'), team=False),
    Action("export_playoff", (), W('the play-off', 'плей-офф'), W('Print the play-off', 'Печать плей-офф'),
           ("main",), "print_do", ('playoff',), palette=True, when=_printable('playoff'), team=False),
    Action("export_site", (), W('the site (HTML)', 'сайт (HTML)'), W('Export the site: a folder of HTML pages', 'Экспорт сайта: папка страниц HTML'),
           ("main",), "print_do", ('site',), palette=True, when=_printable('site')),
    Action("export_trf", (), W('TRF (the table shown; from the top, each table)', 'TRF (показанный стол; из топа — каждый)'), W("Export TRF (FIDE's exchange format) of the Swiss: the table shown, or each table when the top is shown", 'Экспорт TRF (формат обмена ФИДЕ) швейцарской системы: показанный стол или, когда показан топ, каждый стол'),
           ("main",), "print_do", ('trf',), palette=True, when=_printable('trf')),
    Action("export_csv_players", (), W('CSV of the players', 'CSV участников'), W('Export a CSV of the players', 'Экспорт участников в CSV'),
           ("main",), "print_do", ('csv_players',), palette=True, when=_printable('csv_players')),
    Action("export_csv_standings", (), W('CSV of the standings', 'CSV таблицы'), W('Export a CSV of the standings', 'Экспорт турнирной таблицы в CSV'),
           ("main",), "print_do", ('csv_standings',), palette=True, when=_printable('csv_standings'), team=False),
    Action("export_final", (), W('the final ranking (and each table\'s)', 'итоговые места (и по столам)'),
           W('Print the final ranking of the whole event, then each table\'s list',
             'Печать итоговых мест всего турнира, затем списков по столам'),
           ("main",), "print_do", ('final',), palette=True, when=_printable('final')),
    Action("export_categories", (), W('the lists by category', 'списки по категориям'),
           W('Print the final ranking of each category', 'Печать итоговых мест каждой категории'),
           ("main",), "print_do", ('categories',), palette=True, when=_printable('categories'), team=False),
    Action("export_prizes", (), W('the prize list', 'призы'), W('Print the prize list', 'Печать списка призов'),
           ("main",), "print_do", ('prizes',), palette=True, when=_printable('prizes')),
    Action("export_csv_final", (), W('CSV of the final ranking', 'CSV итоговых мест'),
           W('Export a CSV of the final ranking', 'Экспорт итоговых мест в CSV'),
           ("main",), "print_do", ('csv_final',), palette=True, when=_printable('csv_final')),
    Action("export_csv_prizes", (), W('CSV of the prizes', 'CSV призов'), W('Export a CSV of the prize list',
                                                                             'Экспорт списка призов в CSV'),
           ("main",), "print_do", ('csv_prizes',), palette=True, when=_printable('csv_prizes')),
    # -- players to tables (before round 1), and its preview --
    Action("distribute_main", (), W("players to tables", "рассадка по столам"),
           W("Players to tables: a snake by rating or by lot, shown before it is saved",
             "Рассадка участников по столам: змейкой по рейтингу или по жребию, с просмотром до сохранения"),
           ("main",), "action_distribute", palette=True, when=_distribute, team=False),
    Action("seat_rating", ("r",), W("by rating", "по рейтингу"),
           W("The tables by rating: a snake (1 2 3 3 2 1 ...), club-mates apart where possible",
             "Столы по рейтингу: змейкой (1 2 3 3 2 1 ...), одноклубники по возможности за разными столами"),
           ("seating",), "choose", ("rating",), group="players"),
    Action("seat_lots", ("l",), W("by lot", "по жребию"),
           W("The tables by lot (the event's lots seed), club-mates apart where possible",
             "Столы по жребию (зерно жребия турнира), одноклубники по возможности за разными столами"),
           ("seating",), "choose", ("lots",), group="players"),
    Action("seat_save", ("y",), W("save", "сохранить"), W("Save the tables shown", "Сохранить показанную рассадку"),
           ("seating",), "save", when=_seat_save, group="players"),
    Action("seat_cancel", ("n", "escape"), W("cancel", "отмена"), W("Cancel: nothing is saved",
                                                                     "Отмена: ничего не сохраняется"),
           ("seating",), "cancel", group="players"),
    # -- the final ranking (F) --
    Action("final_category", ("c",), W("category", "категория"),
           W("The next category's list (after the last: every player)",
             "Список следующей категории (после последней — все участники)"),
           ("final",), "action_category", footer=True, palette=True, when=_final_categories, group="final"),
    Action("final_table", ("T",), W("table", "стол"),
           W("The next table's list (after the last: every table)", "Список следующего стола (после последнего — все)"),
           ("final",), "action_table", footer=True, palette=True, when=_final_tables, group="final"),
    Action("final_prizes", ("p",), W("prizes", "призы"),
           W("The prize list", "Призы"), ("final",), "open_screen", ("prizes", "PrizesScreen"), footer=True,
           group="final"),
    Action("final_ties", ("t",), W("ties", "равенство"),
           W("Players equal after every tie-break: they share the place, or a lot decides (as the regulations say)",
             "Равенство по всем доп. показателям: участники делят место или решает жребий (как в регламенте)"),
           ("final",), "action_ties", palette=True, group="final"),
    Action("final_lots", ("l",), W("draw lots", "жребий"),
           W("Draw the lots the ranking waits for (players equal after every tie-break), once: recorded",
             "Бросить жребий, которого ждут итоговые места (равенство по всем доп. показателям), один раз: "
             "записывается"),
           ("final",), "action_draw_lots", footer=True, palette=True, when=_final_lots, group="final"),
    # -- the prize list (p in the final ranking) --
    Action("pz_add", ("a",), W("add", "добавить"), W("Add a prize (a form: name, amount, category)",
                                                     "Добавить приз (форма: название, сумма, категория)"),
           ("prizes",), "action_add", footer=True, palette=True, group="final"),
    Action("pz_edit", ("e",), W("edit", "изменить"), W("Change the prize under the cursor (name, amount, category)",
                                                       "Изменить выбранный приз (название, сумма, категория)"),
           ("prizes",), "action_edit", footer=True, palette=True, when=_prize, group="final"),
    Action("pz_remove", ("x",), W("remove", "удалить"), W("Remove the prize under the cursor (asks first)",
                                                          "Удалить выбранный приз (с подтверждением)"),
           ("prizes",), "action_remove", footer=True, palette=True, when=_prize, group="final"),
    Action("pz_up", ("left_square_bracket",), W("up", "выше"),
           W("Move the prize up the list (the list's order breaks ties of value)",
             "Переместить приз выше (порядок списка решает при равной ценности)"),
           ("prizes",), "action_move", (-1,), when=_prize, group="final"),
    Action("pz_down", ("right_square_bracket",), W("down", "ниже"), W("Move the prize down the list",
                                                                       "Переместить приз ниже"),
           ("prizes",), "action_move", (1,), when=_prize, group="final"),
    Action("pz_sharing", ("s",), W("sharing", "раздел"),
           W("How tied winners share money: none, equal, Hort system",
             "Как участники с равными очками делят деньги: не делят, поровну, по системе Хорта"),
           ("prizes",), "action_sharing", footer=True, palette=True, group="final"),
    # -- the categories (g) --
    Action("cat_add", ("a",), W("add", "добавить"),
           W("Add a category (a form: name and conditions)", "Добавить категорию (форма: название и условия)"),
           ("categories",), "action_add", footer=True, palette=True, group="final"),
    Action("cat_edit", ("e",), W("edit", "изменить"), W("Change the category under the cursor",
                                                        "Изменить выбранную категорию"),
           ("categories",), "action_edit", footer=True, palette=True, when=_category, group="final"),
    Action("cat_remove", ("x",), W("remove", "удалить"),
           W("Remove the category under the cursor (asks first; not while a prize is of it)",
             "Удалить выбранную категорию (с подтверждением; нельзя, пока есть её призы)"),
           ("categories",), "action_remove", footer=True, palette=True, when=_category, group="final"),
    Action("cat_up", ("left_square_bracket",), W("up", "выше"), W("Move the category up the list",
                                                                   "Переместить категорию выше"),
           ("categories",), "action_move", (-1,), when=_category, group="final"),
    Action("cat_down", ("right_square_bracket",), W("down", "ниже"), W("Move the category down the list",
                                                                       "Переместить категорию ниже"),
           ("categories",), "action_move", (1,), when=_category, group="final"),
    Action("final_categories", ("g",), W("categories", "категории"),
           W("The categories: add and change them", "Категории: добавить и изменить"),
           ("final", "prizes"), "open_screen", ("categories", "CategoriesScreen"), footer=True, palette=True,
           group="final"),
    Action("final_back", ("escape",), W("back", "назад"), W("Back", "Назад"),
           ("final", "prizes", "categories"), "action_back", footer=True, palette=True, group="final"),
    # -- the players screen --
    Action("pl_add", ("a",), W("add", "добавить"),
           W("Add a player (after round 1: a late entry from the next round)",
             "Добавить участника (после 1-го тура: поздний вход со следующего тура)"),
           ("players",), "action_add", footer=True, palette=True, group="players"),
    Action("pl_edit", ("e",), W("edit", "изменить"), W("Edit the player under the cursor", "Изменить выбранного участника"),
           ("players",), "action_edit", footer=True, palette=True, when=_player, group="players"),
    Action("pl_withdraw", ("w",), W("withdraw", "выбыл"),
           W("Withdraw a player from the next round (asks first)", "Участник выбывает со следующего тура (с подтверждением)"),
           ("players",), "action_withdraw", footer=True, palette=True, when=_player, group="players"),
    Action("pl_bye", ("y",), W("bye", "пропуск"),
           W("Requested bye: ROUND half|zero|full|none", "Пропуск тура по заявке: ТУР пол|ноль|полный|снять"),
           ("players",), "action_bye", footer=True, palette=True, when=_player, group="players"),
    Action("pl_move", ("t",), W("to table", "за стол"),
           W("Move the player to another table (before that table pairs round 1)",
             "Пересадить участника за другой стол (пока там не составлены пары 1-го тура)"),
           # (not in the footer: at 80 columns it would push out `d` and `/`; the palette and `?` have it)
           ("players",), "action_move", palette=True, when=_move, group="players"),
    Action("pl_import", ("i",), W("import CSV", "импорт CSV"),
           W("Import players from a CSV file", "Импорт участников из файла CSV"),
           ("players",), "action_import_csv", footer=True, palette=True, group="players"),
    Action("pl_distribute", ("d",), W("to tables", "по столам"),
           W("Players to tables: a snake by rating or by lot, shown before it is saved",
             "Рассадка участников по столам: змейкой по рейтингу или по жребию, с просмотром до сохранения"),
           ("players",), "action_distribute", footer=True, palette=True, when=_distribute, group="players", team=False),
    Action("pl_search", ("slash",), W("search", "поиск"),
           W("Search by name, club or number", "Поиск по имени, клубу или номеру"),
           ("players",), "action_search", footer=True, palette=True, group="players"),
    Action("pl_back", ("escape",), W("back", "назад"), W("Back to the round", "Назад к туру"),
           ("players",), "action_back", footer=True, palette=True, group="players"),
)

BY_ID: dict[str, Action] = {a.id: a for a in ACTIONS}

# the `?` page, section by section
GROUPS = (("result", W("Results on the selected board", "Результат на выбранной доске")),
          ("view", W("Views", "Экраны")),
          ("table", W("Lists (the round, the standings, the players)", "Списки (тур, таблица, участники)")),
          ("bracket", W("The top's bracket (b)", "Сетка топа (b)")),
          ("change", W("Other", "Прочее")),
          ("team", W("A team event: matches, line-ups, team standings", "Командный турнир: матчи, составы, командный зачёт")),
          ("preview", W("The pairing preview (p), before it is saved", "Жеребьёвка до сохранения (p)")),
          ("clock", W("The round clock (c); at zero the 705.3 reminder", "Время тура (c); при нуле — напоминание 705.3")),
          ("print", W("Print and export (o): the file beside the event, then the printer (lpr)",
                      "Печать и экспорт (o): файл рядом с турниром, затем принтер (lpr)")),
          ("players", W("The players screen (P)", "Участники (P)")),
          ("final", W("The final ranking (F), the prizes (p), the categories (g)",
                      "Итоговые места (F), призы (p), категории (g)")))


def of_scope(scope: str) -> list[Action]:
    return [a for a in ACTIONS if scope in a.scopes]


def bindings(scope: str) -> list[Binding]:
    """The key bindings of a scope (for a class's BINDINGS): each key runs `act(id)` (a key shared by an action
    of team events and one of the others is bound once: `run` takes the one that fits the event)."""
    out, bound = [], set()
    for a in of_scope(scope):
        if a.keys and a.keys not in bound:
            bound.add(a.keys)
            out.append(Binding(",".join(a.keys_bound()), f"act({a.id!r})", a.label.en, show=False,
                               id=f"{scope}.{a.id}"))
    return out


def choices(scope: str, obj: Any, lang: str, **fields: object) -> list[tuple[str, str]]:
    """(key, label) of a dialog scope's actions that apply to `obj` (the clock's, the reminder's).

    A label may name `fields` ("start {swiss} minutes").
    """
    return [(a.key, a.label(lang).format(**fields)) for a in of_scope(scope) if a.why_not(obj) is None]


def chosen(scope: str, key: str, obj: Any = None) -> Action | None:
    """The action of a dialog scope whose key is `key` (as the dialog answered it); with `obj`, the one
    offered in its event."""
    team = in_team_event(obj) if obj is not None else None
    for a in of_scope(scope):
        if (key == a.key or key in a.keys_bound()) and (team is None or offered(a, team)):
            return a
    return None


def resolve(obj: Any, a: Action) -> Action:
    """The action a key of `a` runs on `obj`: `a`, or, when `a` is not offered in obj's event, the action of its
    scope with the same keys that is."""
    team = in_team_event(obj)
    if offered(a, team):
        return a
    for b in ACTIONS:
        if b is not a and b.keys == a.keys and set(b.scopes) & set(a.scopes) and offered(b, team):
            return b
    return a


def run(obj: Any, action_id: str) -> bool:
    """Do the action on `obj`, or say on its message line why it does not apply now (False)."""
    a = resolve(obj, BY_ID[action_id])
    if not offered(a, in_team_event(obj)):
        obj.say_why(why("why_not_team" if a.team else "why_team_event").text(obj.app.lang))
        return False
    reason = a.why_not(obj)
    if reason is not None:
        obj.say_why(reason.text(obj.app.lang))
        return False
    if callable(a.run):
        a.run(obj, *a.args)
    else:
        getattr(obj, a.run)(*a.args)
    return True


def scopes_of(node: "DOMNode") -> list[tuple[Any, str]]:
    """(object, scope) from the focused widget up to its screen: whose actions apply where the judge is."""
    out: list[tuple[Any, str]] = []
    screen = node.screen
    focused = screen.focused
    w: Any = focused
    while w is not None and w is not screen:
        scope = getattr(w, "ACTION_SCOPE", None)
        if scope:
            out.append((w, scope))
        w = w.parent
    scope = getattr(screen, "ACTION_SCOPE", None)
    if scope:
        out.append((screen, scope))
    return out


def footer(node: "DOMNode") -> list[tuple[str, str, str]]:
    """(key shown, label, action id) of what the footer shows now, in order."""
    lang = node.app.lang
    team = in_team_event(node)
    out, seen = [], set()
    for obj, scope in scopes_of(node):
        for a in of_scope(scope):
            if (a.footer and a.keys and a.key not in seen and offered(a, team) and a.why_not(obj) is None
                    and (a.footer_when is None or a.footer_when(obj))):
                seen.add(a.key)
                out.append((a.key, a.label(lang), a.id))
    return out


def help_text(lang: str, width: int = 72, team: bool | None = None) -> Text:
    """The `?` page: every action, section by section, with its key and its help line (the palette's: ^p);
    with `team`, only the actions offered in such an event (the team section only in a team event)."""
    import textwrap

    t = Text()

    def line(key: str, words: str) -> None:
        lead = f"  {key:<6}"
        for i, part in enumerate(textwrap.wrap(words, width - len(lead), break_on_hyphens=False)):
            t.append((lead if i == 0 else " " * len(lead)) + part + "\n")

    for group, title in GROUPS:
        shown = [a for a in ACTIONS if a.group == group and (team is None or offered(a, team))]
        if not shown:
            continue
        t.append(title(lang) + "\n", style="bold")
        for a in shown:  # (an action without a group is written under another id already)
            line(a.key or "^p", a.help(lang))
        if group == "change":
            line("^p", tr(lang, "k_palette"))
        t.append("\n")
    t.append(tr(lang, "help_dialogs") + "\n", style="bold")
    for part in textwrap.wrap(tr(lang, "help_dialog_keys"), width - 2):
        t.append("  " + part + "\n")
    t.append("\n")
    t.append("\n".join(textwrap.wrap(tr(lang, "help_layout"), width)) + "\n", style="dim")
    return t


# -- the command palette ---------------------------------------------------------------------------------


class ActionsProvider(Provider):
    """The palette: the actions of the screen it was opened on that apply now, by name in either language."""

    def _offered(self) -> list[tuple[Action, Any]]:
        screen = self.screen
        team = in_team_event(screen)
        out = []
        for obj, scope in scopes_of(screen):
            for a in of_scope(scope):
                if a.palette and offered(a, team) and a.why_not(obj) is None:
                    out.append((a, obj))
        return out

    def _hit_text(self, a: Action) -> tuple[Text, str]:
        lang = self.app.lang
        key = f" ({a.key})" if a.key else ""
        return Text(a.help(lang)), f"{a.label(lang)}{key}"

    async def discover(self) -> Hits:
        for a, obj in self._offered():
            name, help_ = self._hit_text(a)
            yield DiscoveryHit(name, partial(run, obj, a.id), text=name.plain, help=help_)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        found = False
        for a, obj in self._offered():
            name, help_ = self._hit_text(a)
            # found by its words in either language, by its label or by its id ("print" finds "печать" too)
            score = max(matcher.match(t) for t in (a.help.en, a.help.ru, a.label.en, a.label.ru, a.id))
            if score > 0:
                found = True
                yield Hit(score, matcher.highlight(name.plain), partial(run, obj, a.id), text=name.plain, help=help_)
        if not found:  # the palette's own "No matches found" is English: say it here, in the judge's language
            yield Hit(1.0, Text(tr(self.app.lang, "palette_none"), style="dim"), lambda: None,
                      text=tr(self.app.lang, "palette_none"))


def check_table(actions: Iterable[Action] = ACTIONS) -> list[str]:
    """What is wrong with the table (tests): keys bound twice in a scope, actions nobody can reach."""
    problems = []
    by_scope: dict[str, dict[str, Action]] = {}
    for a in actions:
        if not a.keys and not a.palette:
            problems.append(f"{a.id}: neither a key nor a palette entry")
        for scope in a.scopes:
            taken = by_scope.setdefault(scope, {})
            for k in a.keys_bound():
                other = taken.get(k)
                # a key may be shared by an action of team events and one never offered there, with the same keys
                twins = other is not None and {other.team, a.team} == {True, False} and other.keys == a.keys
                if other is not None and not twins:
                    problems.append(f"{a.id}: key {k} of scope {scope} is {other.id}'s already")
                taken[k] = a
    return problems
