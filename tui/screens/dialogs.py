"""Dialogs: each a ModalScreen that answers with its result (keyboard first).

Bodies are `rich.text.Text`, never markup: they carry player names.
"""

from __future__ import annotations

import re
from typing import Callable, Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import ScrollableContainer, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import Input, Label, Static

from .. import compat


# a Russian (ЙЦУКЕН) layout types these letters on the keys of the Latin ones
LAYOUT = dict(zip("йцукенгшщзфывапролдячсмить", "qwertyuiopasdfghjklzxcvbnm"))


def _choices_text(choices: Sequence[tuple[str, str]]) -> Text:
    t = Text()
    # one answer a line when they are many, or too wide for one line of the dialog (it would wrap mid-answer)
    vertical = len(choices) > 3 or sum(cell_len(label) + 6 for _, label in choices) > 70
    for i, (key, label) in enumerate(choices):
        if i:
            t.append("\n" if vertical else "   ")
        t.append(f" {key} ", style="reverse bold")
        t.append(f" {label}")
    return t


class Dialog(ModalScreen):
    """A dialog: a key handled after it was closed (typed in the same burst as the key that closed it) closes
    nothing more (Textual would pop the screen beneath it), and never reaches that screen (tui/keyguard.py).

    An unexpected error in one of its handlers (its key handler, an Input's Submitted, a binding's action:
    `ArbiterApp.run_action`) closes it, as Esc would, and is logged and said in one line (tui/crash.py): the
    TUI stays up (Textual would end the dialog's message loop, and the TUI with it)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        compat.on_handler_error(self, self.handler_failed)

    def handler_failed(self, error: Exception) -> None:
        from .. import crash

        if not hasattr(self.app, "crashes"):  # not arbiter's App (a test's): as Textual would
            raise error
        crash.report(self.app, error)
        self.dismiss(None)

    def dismiss(self, result=None):
        if self.app.screen is not self:
            return None
        return super().dismiss(result)

    def closed_already(self, event) -> bool:
        """A key handled after this dialog was closed by one before it (the same burst): dropped, never acted on."""
        if self.app.screen is self:
            return False
        event.stop()
        event.prevent_default()
        guard = getattr(self.app, "keyguard", None)
        if guard is not None:
            guard.dropped += 1
        return True


def failed_in(node, error: Exception) -> bool:
    """An unexpected error of a binding's action of `node` (`ArbiterApp.run_action`): when `node` is a dialog or in
    one, that dialog closes, the error logged and said (True); else False (the caller raises it)."""
    try:
        dialog = node.screen if node is not None else None
    except Exception:  # noqa: BLE001 - a node no longer on a screen
        return False
    if not isinstance(dialog, Dialog):
        return False
    dialog.handler_failed(error)
    return True


class ChoiceScreen(Dialog):
    """A question with a few answers, each chosen by one key; Escape answers None."""

    AUTO_FOCUS = None
    BINDINGS = [Binding("escape", "answer(None)", "cancel", show=False)]

    def __init__(self, title: str, body: Text | str, choices: Sequence[tuple[str, str]],
                 *, default: str | None = None, classes: str = "", unshown: Sequence[str] = ()) -> None:
        super().__init__(classes=classes)
        self.title_text = title
        self.body = body if isinstance(body, Text) else Text(body)
        self.choices = list(choices)
        self.default = default
        self.unshown = tuple(unshown)  # keys of answers that do not apply now: they answer too, to be told why

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(Text(self.title_text, style="bold"), classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                yield Static(self.body)
            yield Static(_choices_text(self.choices), classes="dialog-keys")

    def on_key(self, event) -> None:
        if self.closed_already(event):
            return
        keys = {k for k, _ in self.choices} | set(self.unshown)
        ch = event.character or ""
        ch = LAYOUT.get(ch, ch)
        if event.key in keys:
            event.stop()
            self.dismiss(event.key)
        elif ch and ch in keys:
            event.stop()
            self.dismiss(ch)
        elif event.key == "enter" and self.default is not None:
            event.stop()
            self.dismiss(self.default)
        elif event.key == "escape":  # here, not only as a binding: that runs after the keys typed after it
            event.stop()
            self.dismiss(None)

    def action_answer(self, value: str | None) -> None:
        self.dismiss(value)


class LineScreen(Dialog):
    """One line of input at the bottom of the screen (the ':' line, prompts).

    Its Enter answers it: the keys typed after the Enter wait until it has closed, then go where they would have
    gone typed after it (`ANSWERS`, tui/keyguard.py): `:1 1-0⏎:2 =⏎` in one burst is two results, never the line
    `1 1-0:2 =`."""

    ANSWERS = frozenset({"enter"})
    BINDINGS = [Binding("escape", "cancel", "cancel", show=False),
                Binding("tab", "complete", "complete", show=False)]
    AUTO_FOCUS = "Input"

    def __init__(self, prompt: str, *, value: str = "", classes: str = "", suggester: Suggester | None = None,
                 hint: Callable[[str], str | None] | None = None) -> None:
        """`suggester` completes what is typed (Tab or → takes it); `hint(text)` is the prompt while `text` is
        typed (None: `prompt`)."""
        super().__init__(classes=classes)
        self.prompt = prompt
        self.value = value
        self.suggester = suggester
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical(classes="line-box"):
            yield Label(Text(self.prompt), classes="line-prompt")
            # the text given stays, with the cursor after it: typing adds to it (`2 ` then `=`: `2 =`)
            yield Input(value=self.value, id="line-input", select_on_focus=False, suggester=self.suggester)

    def on_mount(self) -> None:
        field = self.query_one("#line-input", Input)
        field.cursor_position = len(field.value)

    def on_input_changed(self, event: Input.Changed) -> None:
        if self.hint is not None:
            self.query_one(".line-prompt", Label).update(Text(self.hint(event.value) or self.prompt))

    def action_complete(self) -> None:
        """Tab: take the completion shown (the cursor at the end takes it, as → does)."""
        field = self.query_one("#line-input", Input)
        if field.cursor_at_end:
            field.action_cursor_right()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class FormScreen(Dialog):
    """A few labelled fields; Enter goes to the next field, on the last one it submits.

    Keys typed in one burst (a laggy SSH link sends `Xavier X⏎1400⏎` at once)
    go to the field the form shows as focused at that point: Enter is a
    priority binding of the form, run as the App takes the key from the
    terminal, and it moves the focus there and then (`set_focus`), before the
    App hands the next key to the focused field. The last Enter submits once
    the field has taken every key typed before it.

    `check(values)`, when given, is asked on submit: (the field's name or
    None, the message) keeps the form open with everything typed, the message
    under the fields, that field's label marked and focused; None lets it
    answer. A refusal of the command the form makes is checked there
    (`command.why_not(event)`, `refusal`), so it never loses what was typed.
    """

    BINDINGS = [Binding("escape", "cancel", "cancel", show=False),
                Binding("enter", "next_field", "next", show=False, priority=True),
                Binding("ctrl+s", "save", "save", show=False, priority=True)]  # from any field, as the player form
    AUTO_FOCUS = "Input"

    def __init__(self, title: str, fields: Sequence[tuple[str, str, str]], hint: str = "",
                 check: Callable[[dict], tuple[str | None, str] | None] | None = None, *, error: str = "",
                 focus: str | None = None) -> None:
        """`check`: see the class. `error`: why the values last typed were refused (shown in red under the
        title; the form is opened again with them, tui/screens/forms.py); `focus`: the field it names, focused
        first."""
        super().__init__()
        self.title_text = title
        self.fields = list(fields)
        self.hint = hint
        self.check = check
        self.error = error
        self.refused = focus if focus is not None and any(name == focus for name, _, _ in self.fields) else None
        if self.refused is not None:
            # the field a refusal names is focused first (Textual reads AUTO_FOCUS from the screen: this one's own)
            self.AUTO_FOCUS = f"#f-{focus}"  # type: ignore[misc]  # (declared a ClassVar, read per instance)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog form"):
            yield Label(Text(self.title_text, style="bold"), classes="dialog-title")
            if self.error:
                yield Static(Text(self.error, style="bold red"), classes="form-refused")
            with VerticalScroll(classes="dialog-body"):
                for name, label, default in self.fields:
                    yield Label(Text(label), classes="form-label", id=f"l-{name}")
                    yield Input(value=default, id=f"f-{name}", classes="form-input")
            yield Static("", classes="form-error", id="form-error")
            if self.hint:
                yield Static(Text(self.hint), classes="dialog-keys")

    def on_mount(self) -> None:
        if self.refused is not None:
            return  # the field a refusal names is focused: on_descendant_focus shows it with its label
        # the first field is focused before the layout: show the form from its top (the first label)
        def to_top() -> None:
            if self.is_current:
                self.query_one(".dialog-body", VerticalScroll).scroll_home(animate=False)

        self.call_after_refresh(to_top)

    def on_descendant_focus(self, event) -> None:
        """A focused field shows its label too (focus scrolls only the field into view)."""
        if not isinstance(event.widget, Input):
            return
        field, labels = event.widget, list(self.query(".form-label"))
        i = list(self.query(Input)).index(field)
        body = self.query_one(".dialog-body", VerticalScroll)

        def show() -> None:  # the label and its field in one scroll (two would each start from where the first was)
            if not self.is_current:
                return  # closed meanwhile
            body.scroll_to_region(labels[i].virtual_region.union(field.virtual_region), animate=False, immediate=True)

        self.call_after_refresh(show)

    def action_next_field(self) -> None:
        inputs = list(self.query(Input))
        field = self.focused
        i = inputs.index(field) if field in inputs else -1
        if i + 1 < len(inputs):
            self.set_focus(inputs[i + 1])  # now: the next key typed goes to the next field
        elif field is not None:
            field.call_later(self.submit)  # after the keys the last field has still to take
        else:
            self.submit()

    def action_save(self) -> None:
        """Ctrl+S: submit from any field (after the keys the field has still to take, a burst)."""
        field = self.focused
        if isinstance(field, Input):
            field.call_later(self.submit)
        else:
            self.submit()

    def submit(self) -> None:
        if not self.is_current or getattr(self, "submitted", False):
            return
        values = {name: self.query_one(f"#f-{name}", Input).value for name, _, _ in self.fields}
        bad = self.check(values) if self.check is not None else None
        if bad is not None:
            self.refuse(*bad)
            return
        self.submitted = True  # once: an Enter read before the form closed must not close what is beneath
        self.dismiss(values)

    def refuse(self, field: str | None, text: str) -> None:
        """The form stays, with what was typed: `text` under the fields, the label of `field` marked, its input
        focused."""
        for name, label, _ in self.fields:
            mark = name == field
            self.query_one(f"#l-{name}", Label).update(Text(("▶ " if mark else "") + label,
                                                            style="bold red" if mark else ""))
        error = self.query_one("#form-error", Static)
        error.update(Text(text, style="bold red"))
        error.display = True
        if field is not None:
            self.set_focus(self.query_one(f"#f-{field}", Input))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()

    def action_cancel(self) -> None:
        self.dismiss(None)


def refusal(why, names: Sequence[str]) -> str | None:
    """The form field a refusal (a `Msg`, or an error) is about: the first of `names` its English words name
    ("no category 'X'": category), else the first among its fields, else None."""
    msg = getattr(why, "msg", why)
    words = set(re.findall(r"[a-z_]+", str(getattr(msg, "key", msg)).replace("{", " {").lower()))
    fields = getattr(msg, "fields", None) or {}
    return (next((n for n in names if n in words and n not in fields), None)
            or next((n for n in names if n in fields), None))


def hang(text: Text, width: int) -> Text:
    """`text` wrapped at `width` cells, each continuation indented under its line's text and four more (the
    explanations' lines are items: "  board 3: ..." wrapped to the page's left edge read as new items).
    Styles are kept (the line is divided, never rebuilt); a word wider than the room is left to the page."""
    if width < 20:
        return text
    out: list[Text] = []
    for line in text.split("\n", allow_blank=True):
        plain = line.plain
        if cell_len(plain) <= width:
            out.append(line)
            continue
        lead = len(plain) - len(plain.lstrip(" "))
        pad = min(lead + 4, width // 2)
        cuts, start, room = [], 0, width
        for word in re.finditer(r"\S+\s*", plain):
            if cell_len(plain[start:word.start()] + word.group().rstrip()) > room and word.start() > start:
                cuts.append(word.start())
                start, room = word.start(), width - pad
        pieces = line.divide(cuts)
        for i, piece in enumerate(pieces):
            piece.rstrip()
            out.append(piece if i == 0 else Text(" " * pad) + piece)
    return Text("\n").join(out)


class TextScreen(Dialog):
    """A scrolling page of text (help, explanations); Escape, q or ? closes it."""

    BINDINGS = [
        Binding("escape", "close", "close", show=False),
        Binding("q", "close", "close", show=False),
        Binding("question_mark", "close", "close", show=False),
    ]
    AUTO_FOCUS = ".page-body"

    def __init__(self, title: str, body: Text | str, footer: str = "", *, wrap: bool = False) -> None:
        super().__init__()
        self.title_text = title
        self.body = body if isinstance(body, Text) else Text(body)
        self.body.no_wrap = not wrap  # tables of numbers scroll sideways; prose wraps
        self.footer = footer

    def compose(self) -> ComposeResult:
        body = self.body
        if not body.no_wrap:  # prose: wrapped here, with a hanging indent (border, padding and scrollbar off)
            body = hang(body, (self.app.size.width or 80) - 6)
        with Vertical(classes="dialog page"):
            yield Label(Text(self.title_text, style="bold"), classes="dialog-title")
            with ScrollableContainer(classes="dialog-body page-body", can_focus=True):
                yield Static(body, classes="page-text" if self.body.no_wrap else "")
            if self.footer:
                yield Static(Text(self.footer), classes="dialog-keys")

    def action_close(self) -> None:
        self.dismiss(None)
