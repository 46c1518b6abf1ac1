"""The main screen as its parts see it: `MainScreenPart`, the base the type checker gives each part.

`MainScreen` (tui/screens/main.py) is its layout and its panels plus one part per concern (results.py,
pairing.py, top.py, by_hand.py, clock.py, printing.py, navigation.py), each a mixin of keys and flows. A
part may use what every screen has (`ArbiterScreen`: the App as `arb`, `say`, `commit`, `ask` ..., and
Textual's `Screen`) and what is declared here: where the judge is (the round panel's), the panels, `sync`,
and the few moves one part asks of another (`action_view`, `goto`, `action_prefix`, `enter_result`,
`pair_table`; `clock_adjust` for the clock's dialog). Nothing else of another part is visible to it. The
functions of the action table that take the main screen (`when`, team_edits.py, by_player.py) take it as
a `MainScreenPart` too.

For the type checker a part subclasses `MainScreenPart`, which declares these as abstract; `MainScreen`
implements every one (its own properties, or the part that owns the move), and mypy holds each
implementation to its declaration and each use to it. At run time `MainScreenPart` is `object`: the parts
are plain mixins, and `MainScreen`'s classes (what Textual reads of them: bindings, CSS, handlers) are what
they were.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from abc import abstractmethod

    from textual.worker import Worker

    from arbiter_tournament.core.event.model import Event, Game, Round
    from arbiter_tournament.core.event.results import Result

    from ..widgets.round_panel import RoundPanel
    from ..widgets.standings_panel import StandingsPanel
    from .base import ArbiterScreen

    class MainScreenPart(ArbiterScreen):
        """What a part of the main screen may use of it, beside what every `ArbiterScreen` has."""

        view: str  # the panel shown at 80 columns: "round", "standings" or "bracket"

        # -- the panels, and where the judge is (the round panel's) ---------------------------------
        @property
        @abstractmethod
        def round_panel(self) -> RoundPanel: ...

        @property
        @abstractmethod
        def standings(self) -> StandingsPanel: ...

        @property
        @abstractmethod
        def event(self) -> Event: ...

        @property
        @abstractmethod
        def round_visible(self) -> bool: ...

        @property
        @abstractmethod
        def stage(self) -> str: ...

        @property
        @abstractmethod
        def tables(self) -> list[int | None]: ...

        @property
        @abstractmethod
        def table(self) -> int | None: ...

        @abstractmethod
        def stages(self) -> list[str]: ...

        @abstractmethod
        def rounds(self) -> list[Round]: ...

        @abstractmethod
        def current_round(self) -> Round | None: ...

        @abstractmethod
        def shown_round(self) -> Round | None: ...

        @abstractmethod
        def selected_board(self) -> int | None: ...

        @abstractmethod
        def selected_game(self) -> Game | None: ...

        @abstractmethod
        def sync(self) -> None:
            """Every panel from the event the App holds."""

        @abstractmethod
        def show_status(self) -> None: ...

        # -- the moves one part asks of another ------------------------------------------------------
        @abstractmethod
        def action_view(self, name: str) -> None:
            """navigation.py: show the panel `name` ("round", "standings", "bracket")."""

        @abstractmethod
        def goto(self, is_round: bool, n: int) -> None:
            """navigation.py: the ':' line's `r3` (round 3 of this table) and `t2` (table 2)."""

        @abstractmethod
        def action_prefix(self, p: str) -> None:
            """results.py: `t` or `a` pending (a technical or an agreed result follows)."""

        @abstractmethod
        def enter_result(self, board: int, result: Result | None, rnd: Round | None = None, note: str = "") -> None:
            """results.py: a result on a board of the shown round (asks first over a different one)."""

        @abstractmethod
        def pair_table(self, table: int | None, note: str = "", cancelled: str = "") -> Worker[None]:
            """pairing.py: the next round of `table`, as a job, then its preview (a flow)."""

        @abstractmethod
        def clock_adjust(self, choice: str, minutes: int = 5) -> tuple[str, str]:
            """clock.py, for its dialog (clock_dialog.py): + or - `minutes`, or p, saved now; what to say there."""

        @abstractmethod
        def minutes_refused(self, minutes: int) -> str | None:
            """clock.py, for its dialog: why the round's time cannot start with `minutes` (705.3), or None."""

else:
    MainScreenPart = object
