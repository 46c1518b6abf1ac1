"""Every printout and CSV export, listed once: the registry the shells read.

A printout is a value (`Printout`): its key (the command line's `--what`, the file's name `cup-KEY.txt`, the
TUI's action `print_KEY`), its title and help in English and Russian (the TUI's print menu and palette), what
the event must have for it (`Need`: a round of the current stage, the top, the play-off, categories ...),
whether it is a team event's (`team`), and its builder (a function of its module, imported when it is built:
the command line's table and the TUI's menu import this module on their way to the first screen).

    TEXT        the text printouts (`arbiter export --format text --what KEY`, the TUI's `o` menu)
    CSV         the CSV exports (`arbiter export --format csv --what KEY`, the menu's `csv_KEY`)
    build(event, key, lang=None, page_lines=None, url=None)     a text printout
    build_csv(event, key)                                       a CSV export

The command line's `--what` choices (tui/cli/table.py), its checks (tui/cli/exports.py), the TUI's print menu
and palette (tui/screens/printing.py), `core.formats.exports.printout`, the site's and the web view's pages of
the end of the event (which of them an event has: `shown`) all read this. Adding a printout: its builder in
its module, one `Printout(...)` line below.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable

__all__ = ["Need", "Printout", "TEXT", "CSV", "BY_KEY", "CSV_BY_KEY", "text_keys", "csv_keys", "build",
           "build_csv", "printout_of", "shown"]


class Need(Enum):
    """What an event must have for a printout to show something."""

    NOTHING = "nothing"
    CURRENT_ROUND = "current_round"  # a round of the stage being played
    ROUNDS = "rounds"  # any round
    TOP = "top"  # the knockout top drawn
    PLAYOFF = "playoff"  # a play-off for first place
    CATEGORIES = "categories"
    PRIZES = "prizes"
    CODES = "codes"  # players' codes (`arbiter codes`: docs/players.md)

    def met(self, event: Any) -> bool:
        """Whether `event` has what this need asks for."""
        if self is Need.CURRENT_ROUND:
            stage = event.current_stage()
            return any(r.stage == stage for r in event.rounds)
        if self is Need.ROUNDS:
            return bool(event.rounds)
        if self is Need.TOP:
            from arbiter_tournament.core.knockout import stage as top

            return top.state(event) is not None
        if self is Need.PLAYOFF:
            from arbiter_tournament.core.playoff import stage as playoff

            return playoff.state(event) is not None
        if self is Need.CATEGORIES:
            return bool(event.categories)
        if self is Need.PRIZES:
            return bool(event.prizes)
        if self is Need.CODES:
            return any(p.code for p in event.players)
        return True


@dataclass(frozen=True)
class Printout:
    """One printout (or CSV export): see the module's docstring."""

    key: str
    title: tuple[str, str]  # (English, Russian): the menu's label
    help: tuple[str, str]  # (English, Russian): the palette's and the menu's help
    need: Need
    builder: str  # "module:function" under arbiter_tournament.core.formats
    team: bool | None = False  # True: a team event's only; False: never a team event's; None: every event's
    url: bool = False  # the builder takes the players' page address (the QR codes of the slips and cards)
    end_of_event: bool = False  # the final ranking and what comes of it (the palette lists these last)

    def function(self) -> Callable[..., str]:
        module, name = self.builder.split(":")
        return getattr(importlib.import_module(f"arbiter_tournament.core.formats.{module}"), name)

    def applies(self, event: Any) -> bool:
        """The event has what the printout shows."""
        return self.need.met(event)


P = Printout
# The TUI's print menu shows them in this order (its exports of the site and the TRF after the text printouts).
TEXT: tuple[Printout, ...] = (
    P("pairings", ("the pairings", "пары тура"),
      ("Print the pairings of the current round (every table)", "Печать пар текущего тура (все столы)"),
      Need.CURRENT_ROUND, "exports:pairings_text"),
    P("matches", ("the matches", "матчи тура"),
      ("Print the matches of the current round: teams, scores, boards", "Печать матчей текущего тура: команды, счёт, доски"),
      Need.CURRENT_ROUND, "team_printouts:team_pairings_text", team=True),
    P("names", ("the names list", "список по фамилиям"),
      ("Print the names list: each player's board, by name", "Печать списка по фамилиям: доска каждого участника"),
      Need.CURRENT_ROUND, "exports:names_text", team=None),
    P("slips", ("the result slips", "бланки результатов"),
      ("Print the result slips of the current round", "Печать бланков результатов текущего тура"),
      Need.CURRENT_ROUND, "exports:slips_text", url=True),
    P("match_cards", ("the match cards", "бланки матчей"),
      ("Print a card for each match: its boards, the match score, the captains",
       "Печать бланка каждого матча: доски, счёт матча, капитаны"),
      Need.CURRENT_ROUND, "team_printouts:match_cards_text", team=True),
    P("standings", ("the standings", "турнирная таблица"),
      ("Print the standings with the tie-breaks", "Печать турнирной таблицы с доп. показателями"),
      Need.ROUNDS, "exports:standings_printout"),
    P("team_standings", ("the team standings", "командный зачёт"),
      ("Print the team standings: MP, GP, the team tie-breaks", "Печать командного зачёта: MP, GP, командные показатели"),
      Need.ROUNDS, "team_printouts:team_standings_text", team=True),
    P("board_stats", ("the board prizes", "призы по доскам"),
      ("Print the board prizes: each board's players with points, games, percentage",
       "Печать призов по доскам: очки, партии, процент на каждой доске"),
      Need.ROUNDS, "team_printouts:board_stats_text", team=True),
    P("crosstable", ("the crosstable", "сводная таблица"), ("Print the crosstable", "Печать сводной таблицы"),
      Need.ROUNDS, "exports:crosstable_text", team=None),
    P("bracket", ("the bracket", "сетка топа"), ("Print the top's bracket", "Печать сетки топа"),
      Need.TOP, "exports:bracket_printout"),
    P("playoff", ("the play-off", "плей-офф"), ("Print the play-off", "Печать плей-офф"),
      Need.PLAYOFF, "exports:playoff_text"),
    P("final", ("the final ranking", "итоговые места"),
      ("Print the final ranking of the whole event (on several tables, then each table's list)",
       "Печать итоговых мест всего турнира (на нескольких столах — затем списков по столам)"),
      Need.ROUNDS, "final:final_printout", team=None, end_of_event=True),
    P("categories", ("the lists by category", "списки по категориям"),
      ("Print the final ranking of each category", "Печать итоговых мест каждой категории"),
      Need.CATEGORIES, "final:category_printout", end_of_event=True),
    P("prizes", ("the prize list", "призы"), ("Print the prize list", "Печать списка призов"),
      Need.PRIZES, "final:prizes_printout", team=None, end_of_event=True),
    P("wall", ("the names in two columns (the wall)", "фамилии в два столбца (на стену)"),
      ("Print the names list for the wall: name and board, two columns a page (the hall's slide by name)",
       "Печать списка на стену: фамилия и доска, два столбца на странице (как слайд зала по фамилиям)"),
      Need.CURRENT_ROUND, "exports:wall_text", team=None),
    P("cards", ("the player cards", "карточки участников"),
      ("Print each player's card: the code to report results from a phone (for the players alone)",
       "Печать карточки каждого участника: код для результатов с телефона (только для самих участников)"),
      Need.CODES, "cards:cards_text", team=None, url=True),
)

CSV: tuple[Printout, ...] = (
    P("players", ("CSV of the players", "CSV участников"), ("Export a CSV of the players", "Экспорт участников в CSV"),
      Need.NOTHING, "exports:players_csv", team=None),
    P("standings", ("CSV of the standings", "CSV таблицы"),
      ("Export a CSV of the standings", "Экспорт турнирной таблицы в CSV"), Need.ROUNDS, "exports:standings_csv"),
    P("final", ("CSV of the final ranking", "CSV итоговых мест"),
      ("Export a CSV of the final ranking", "Экспорт итоговых мест в CSV"), Need.ROUNDS, "final:final_csv", team=None,
      end_of_event=True),
    P("prizes", ("CSV of the prizes", "CSV призов"), ("Export a CSV of the prize list", "Экспорт списка призов в CSV"),
      Need.PRIZES, "final:prizes_csv", team=None, end_of_event=True),
    P("team_standings", ("CSV of the team standings", "CSV командного зачёта"),
      ("Export a CSV of the team standings", "Экспорт командного зачёта в CSV"), Need.ROUNDS,
      "team_printouts:team_standings_csv", team=True),
    P("board_stats", ("CSV of the board prizes", "CSV призов по доскам"),
      ("Export a CSV of the board prizes", "Экспорт призов по доскам в CSV"), Need.ROUNDS,
      "team_printouts:board_stats_csv", team=True),
)
del P

BY_KEY: dict[str, Printout] = {p.key: p for p in TEXT}
CSV_BY_KEY: dict[str, Printout] = {p.key: p for p in CSV}


def text_keys(team: bool | None = None) -> tuple[str, ...]:
    """The text printouts' keys; `team=False`: those of an event of players (the team event's own left out),
    `team=True`: the team event's own only."""
    return tuple(p.key for p in TEXT if team is None or (p.team is True) == team)


def csv_keys() -> tuple[str, ...]:
    return tuple(p.key for p in CSV)


def printout_of(key: str) -> Printout:
    """The text printout of that key; an unknown key is refused, naming the known ones."""
    try:
        return BY_KEY[key]
    except KeyError:
        from arbiter_tournament.core.errors import IllegalChange

        raise IllegalChange("no printout '{what}'; choose one of {known}", what=key,
                            known=", ".join(text_keys())) from None


def shown(event: Any, key: str) -> bool:
    """Whether the event has what the printout `key` shows: the site and the web view have its page then (the
    lists by category, the prizes)."""
    return BY_KEY[key].applies(event)


def build(event: Any, key: str, lang: str | None = None, page_lines: int | None = None, url: str | None = None) -> str:
    """The text printout `key` of `event`, in `lang` (default: the event's), on pages of `page_lines` lines."""
    from arbiter_tournament.core.msg.i18n import language

    p = printout_of(key)
    kw: dict[str, Any] = {"lang": lang or language(event), "page_lines": page_lines}
    if p.url:
        kw["url"] = url
    return p.function()(event, **kw)


def build_csv(event: Any, key: str) -> str:
    """The CSV export `key` of `event`."""
    return CSV_BY_KEY[key].function()(event)
