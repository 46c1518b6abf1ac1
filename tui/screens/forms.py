"""A form that keeps what was typed when a value is refused, and says which field (issue 33).

    result = await ask_form(screen, title, fields, attempt)

`fields` are `(name, label, default)`; `attempt(values)` does the work (one
call into core, usually a command committed with `screen.commit`) and may be
a coroutine. When it refuses (`FieldError(name, text)` for a field's value;
an `ArbiterError` of core, its field found by `field_of(exc)`), the form
opens again with every value as typed, the refusal in red under its title,
prefixed with the field's label, and that field focused. Esc gives None.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable, Sequence

from arbiter_tournament.core.errors import ArbiterError
from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice

from .dialogs import FormScreen


class FieldError(ValueError):
    """A value of the form refused: `field` (its name), `text` (why, in the judge's language)."""

    def __init__(self, field: str, text: str) -> None:
        super().__init__(text)
        self.field = field
        self.text = text


async def ask_form(screen, title: str, fields: Sequence[tuple[str, str, str]], attempt: Callable[[dict], Any], *,
                   hint: str = "", field_of: Callable[[ArbiterError], str | None] | None = None) -> Any:
    """The form until `attempt` takes its values (its result) or the judge leaves it (None)."""
    lang = screen.arb.lang
    labels = {name: label for name, label, _ in fields}
    typed: dict[str, str] = {}
    error, focus = "", None
    while True:
        shown = [(name, label, typed.get(name, default)) for name, label, default in fields]
        values = await screen.ask(FormScreen(title, shown, hint, error=error, focus=focus))
        if values is None:
            return None
        typed = dict(values)
        try:
            result = attempt(values)
            if inspect.isawaitable(result):
                result = await result
            return result
        except FieldError as exc:  # its text names the field
            focus, error = exc.field, exc.text
        except ArbiterError as exc:
            focus, text = (field_of(exc) if field_of is not None else None), message(exc, lang)
            label = labels.get(focus or "", "")
            error = f"{label}: {text}" if label and not text.startswith(label) else text


def committed(screen, command) -> Any:
    """A coroutine for `attempt`: `command` committed (one transaction); its refusal raised for the form."""
    async def run() -> Any:
        change = screen.commit(command, say_refusal=False)
        await change
        if change.error is not None:
            raise change.error
        return change.result

    return run()
