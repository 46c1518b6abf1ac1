"""The player form: every detail of a player, and the rating lists' candidates as the judge types.

Fields, in the order a registration desk asks them: name, rating, club, table (an event of several
tables), team (a team event), title, FIDE id, federation, sex, birth. Each is text; what it means is
core's (`core.event.player_details.form_player`: digits only for numbers, FIDE's titles, a federation's
code or country name, m/f, a real date). A value refused keeps the form open with what was typed, the
field focused and the reason on its message line.

Typing in the name or FIDE id field looks the rating lists' index up (`core.ratings.index.Index`, each
keystroke one look-up of a few milliseconds): the best candidates show above the fields. Down (or Tab
from the field) goes to them, Enter on one fills name, FIDE id, federation, title, sex, year of birth and
the rating of the event's rate; Esc goes back to the field. Without an index the form is the same, and
says once why there are no candidates.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from arbiter_tournament.core.msg.cells import fit

from ..i18n import tr
from .dialogs import FormScreen

if TYPE_CHECKING:  # (the rating lists' modules are loaded at the first look-up)
    from arbiter_tournament.core.ratings.index import Index

SEARCHED = ("name", "fide_id")  # the fields whose typing looks the lists up
SHOWN = 5  # candidates shown at once


def form_fields(lang: str, event, p=None) -> list[tuple[str, str, str]]:
    """(field, label, value) of the player form for `event` (an empty form, or player `p`'s values)."""
    from arbiter_tournament.core import teams as team_event

    def v(attr: str, default: str = "") -> str:
        return default if p is None else str(getattr(p, attr) or "")

    out = [("name", tr(lang, "f_player_name"), v("name")), ("rating", tr(lang, "f_rating"), v("rating", "0")),
           ("club", tr(lang, "f_club"), v("club"))]
    if event.tables > 1 and p is None:
        out.append(("table", tr(lang, "f_table"), ""))
    if team_event.is_team_event(event) and p is None:
        out.append(("team", tr(lang, "f_team"), ""))
    out += [("title", tr(lang, "f_title"), v("title")), ("fide_id", tr(lang, "f_fide_id"), v("fide_id")),
            ("federation", tr(lang, "f_federation"), v("federation")), ("sex", tr(lang, "f_sex"), v("sex")),
            ("birth", tr(lang, "f_birth"), v("birth"))]
    return out


class PlayerForm(FormScreen):
    """The player form (a `FormScreen`: Enter goes to the next field, on the last one it submits; Ctrl+S
    submits from any field)."""

    DEFAULT_CSS = """
    PlayerForm { align: center middle; }
    PlayerForm .pf-row { height: 1; }
    PlayerForm .pf-label { width: 14; height: 1; }
    PlayerForm .pf-input { height: 1; border: none; padding: 0 1; width: 1fr; }
    PlayerForm .pf-input:focus { background: $accent 40%; }
    PlayerForm #pf-candidates { height: auto; max-height: 7; border: none; margin-bottom: 1; }
    PlayerForm #pf-msg { height: auto; }
    PlayerForm .form .dialog-body { max-height: 12; }
    """
    BINDINGS = [Binding("down", "to_candidates", "candidates", show=False, priority=True)]  # (priority: taken in
    # the order typed, as Enter is: `Down Enter` in one burst chooses the first candidate; Ctrl+S: FormScreen's)

    def __init__(self, title: str, fields: Sequence[tuple[str, str, str]], lang: str, rate: str = "standard",
                 error: tuple[str | None, str] | None = None, check=None) -> None:
        super().__init__(title, fields, hint=tr(lang, "pf_hint"))
        self.lang, self.rate, self.refusal = lang, rate, error  # (field, why): the values last saved were refused
        self.check = check  # values -> None, or (field, reason): a refusal said in the form, which stays open
        self.refusal_shown = error is not None
        if error is not None and error[0] is not None and any(name == error[0] for name, _, _ in fields):
            # the refused field has the focus from the first frame on (Textual reads AUTO_FOCUS from the screen)
            self.AUTO_FOCUS = f"#f-{error[0]}"  # type: ignore[misc]  # (declared a ClassVar, read per instance)
        self.found: list = []
        self.index: Index | None = None
        self.index_said = ""
        self.values_set = {name: value for name, _, value in fields}  # the values the form set (no look-up for them)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog form"):
            yield Label(Text(self.title_text, style="bold"), classes="dialog-title")
            yield Static(id="pf-msg")
            yield OptionList(id="pf-candidates")
            with VerticalScroll(classes="dialog-body"):
                for name, label, default in self.fields:
                    with Horizontal(classes="pf-row"):
                        yield Label(Text(label), classes="form-label pf-label")
                        yield Input(value=default, id=f"f-{name}", classes="form-input pf-input")
            yield Static(Text(self.hint, style="dim"), classes="dialog-keys")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#pf-candidates", OptionList).display = False
        if self.refusal is not None:
            field, said = self.refusal
            self.say(said, "bold red")
            if field is not None and self.query(f"#f-{field}"):
                self.set_focus(self.query_one(f"#f-{field}", Input))

    def say(self, text: str, style: str = "") -> None:
        self.query_one("#pf-msg", Static).update(Text(text, style=style))

    # -- the look-ups ---------------------------------------------------------------------------------

    def _index(self):
        """The rating lists' index, or None (said once: none imported, or damaged)."""
        if self.index is None and not self.index_said:
            from arbiter_tournament.core.errors import ArbiterError
            from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice
            from arbiter_tournament.core.ratings.index import Index

            ix = Index()
            try:
                ix.lists()  # (no index: "no rating list imported yet"; a damaged one says so)
                self.index = ix
            except ArbiterError as exc:
                self.index_said = message(exc, self.lang)
                if not self.refusal_shown:  # (a refusal said meanwhile stays on the line)
                    self.say(self.index_said, "dim")
        return self.index

    def on_input_changed(self, event: Input.Changed) -> None:
        field = (event.input.id or "")[2:]
        if field not in SEARCHED or self.values_set.get(field) == event.value:  # (a value the form set: no look-up)
            return
        text = event.value.strip()
        if len(text) < (1 if text.isdigit() else 2):
            self.show_candidates([])
            return
        ix = self._index()
        if ix is None:
            return
        from arbiter_tournament.core.errors import ArbiterError
        from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice

        try:
            got = ix.find(text, rate=self.rate, limit=SHOWN * 4)
        except ArbiterError as exc:
            self.index, self.index_said = None, message(exc, self.lang)
            self.say(self.index_said, "bold red")
            got = []
        self.show_candidates(got)

    def show_candidates(self, found: list) -> None:
        self.found = found
        options = self.query_one("#pf-candidates", OptionList)
        options.clear_options()
        for i, f in enumerate(found):
            title = "/".join(t for t in (f.title, f.wtitle) if t)
            line = Text(f"{fit(f.name, 28):<28} ")
            line.append(f"{f.fide_id:>10} {f.fed:<3} {f.sex or '-'} {title:<7} {f.rating(self.rate) or '':>4} "
                        f"{f.born or '':>4}", style="dim")
            options.add_option(Option(line, id=str(i)))
        options.display = bool(found)
        if found:
            options.highlighted = 0
            self.say(tr(self.lang, "pf_found", n=len(found)), "dim")
        elif not self.index_said:
            self.say("")

    def action_to_candidates(self) -> None:
        options = self.query_one("#pf-candidates", OptionList)
        focused = self.focused
        if focused is options:
            options.action_cursor_down()
        elif options.display and isinstance(focused, Input) and (focused.id or "")[2:] in SEARCHED:
            self._back_to = focused
            self.set_focus(options)  # now: an Enter typed in the same burst chooses
        elif isinstance(focused, Input):  # Down in any other field: the next one, as Enter does
            self.action_next_field()

    def action_next_field(self) -> None:
        options = self.query_one("#pf-candidates", OptionList)
        if self.focused is options:
            if options.highlighted is not None:
                self.fill(self.found[options.highlighted])
            return
        super().action_next_field()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:  # (each candidate's id is its place in `found`)
            self.fill(self.found[int(event.option.id)])

    def action_cancel(self) -> None:
        options = self.query_one("#pf-candidates", OptionList)
        if self.focused is options:
            self.set_focus(getattr(self, "_back_to", self.query_one("#f-name", Input)))
            return
        super().action_cancel()

    def submit(self) -> None:
        """Save, once the typed values pass `check`; else the reason on the message line, its field focused."""
        if not self.is_current:
            return
        values = {name: self.query_one(f"#f-{name}", Input).value for name, _, _ in self.fields}
        refused = self.check(values) if self.check is not None else None
        if refused is None:
            self.dismiss(values)
            return
        field, said = refused
        self.refusal_shown = True
        self.say(said, "bold red")
        if field is not None and self.query(f"#f-{field}"):
            self.set_focus(self.query_one(f"#f-{field}", Input))

    def fill(self, found) -> None:
        """The form's fields from a candidate (`core.ratings.fill.details`, the event's rate)."""
        from arbiter_tournament.core.ratings.fill import details

        got = details(found, self.rate)
        for field in ("name", "fide_id", "federation", "title", "sex", "birth", "rating"):
            if self.query(f"#f-{field}"):
                self.values_set[field] = str(got.get(field, "") or "")
                self.query_one(f"#f-{field}", Input).value = self.values_set[field]
        self.show_candidates([])
        self.say(tr(self.lang, "pf_filled", name=found.name, list=found.list), "bold")
        rest = [i for i in self.query(Input) if (i.id or "")[2:] in ("club", "table", "team")]
        (rest[0] if rest else self.query_one("#f-rating", Input)).focus()


def filled_rows(rows: list[dict], rate: str) -> tuple[list[dict], int]:
    """A CSV's rows with what they leave out filled from the rating lists' index by FIDE id (as `arbiter players
    import` does), and how many were found; the rows as they are without an index."""
    if not any(row.get("fide_id") for row in rows):
        return rows, 0
    from arbiter_tournament.core.errors import ArbiterError
    from arbiter_tournament.core.ratings.fill import fill_rows
    from arbiter_tournament.core.ratings.index import Index

    ix = Index()
    if not ix.path.exists():
        return rows, 0
    try:
        return fill_rows(rows, ix, rate)
    except ArbiterError:  # a damaged index: the rows as they are (the form and `ratings find` say it)
        return rows, 0
