"""A form (`dialogs.FormScreen`) that fits the terminal above the screen's footer.

The form's fields scroll inside it (`.dialog-body`, at most 18 rows by app.tcss); with a title, a hint of two
lines and, once a value is refused, the red line under the fields, a long form would be as high as a 24-row
terminal and its bottom border would cover the footer of the screen beneath. `FittedForm` caps the fields'
height to the rows left (the terminal's height, less a row above, the footer and a row to spare, less the
form's other parts), measured again after a refusal and on a resize, so the whole form stays above the
footer (tests/tui/test_tui_category_form_fits.py).
"""

from __future__ import annotations

from textual.containers import VerticalScroll

from .dialogs import FormScreen

BODY_MAX = 18  # the fields' rows at most (app.tcss: `.form .dialog-body`)
BODY_MIN = 3  # one field still shows, however small the terminal
SPARE = 3  # rows of the terminal the form leaves: one above, the footer, one above the footer


class FittedForm(FormScreen):
    """A `FormScreen` whose fields scroll in the rows it has above the footer."""

    def on_mount(self) -> None:
        super().on_mount()
        self.call_after_refresh(self.fit)

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit)

    def refuse(self, field: str | None, text: str) -> None:
        super().refuse(field, text)
        self.call_after_refresh(self.fit)  # the red line under the fields takes rows: the fields give them

    def fit(self) -> None:
        """Cap the fields' height so the dialog's height is at most the terminal's less `SPARE`."""
        if not self.is_mounted:
            return
        dialog = self.query_one(".dialog")
        body = self.query_one(".dialog-body", VerticalScroll)
        others = sum(w.outer_size.height + w.styles.margin.top + w.styles.margin.bottom
                     for w in dialog.children if w is not body and w.display)
        frame = dialog.outer_size.height - dialog.content_size.height  # its border and padding
        room = self.size.height - SPARE - frame - others
        rows = max(BODY_MIN, min(BODY_MAX, room))
        if body.styles.max_height is None or body.styles.max_height.value != rows:
            body.styles.max_height = rows
