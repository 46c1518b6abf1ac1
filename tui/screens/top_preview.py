"""The top before it starts (the main screen's `K`): the seeds, the 704.2 aims, the bracket; the seeding chosen.

The preview is `StartTop(...).apply` of the event as it is (a job: the
seeding may search), shown in a dialog. `s` shows it again with the other
seeding (`straight`, the 704.2 order, or `best`, permuted within place tiers
to serve the aims: `arbiter top --seeding best`), so the judge sees which
aims each keeps before choosing; `y` starts the top with the seeding shown
(`StartTop(seeding=...)`, as the command line does). A tie at the
qualification line is said first and `l` draws the lots (recorded, as
`arbiter top --lots`).
"""

from __future__ import annotations

from rich.text import Text

from arbiter.core import commands as cmds
from arbiter.core.errors import ArbiterError, message

from ..actions import why
from ..i18n import tr
from ..widgets.progress import Job
from .dialogs import ChoiceScreen
from .entry import top_preview_body

SEEDINGS = ("straight", "best")


def open_preview(screen, seeding: str = "straight") -> None:
    """Work out the top as it would start with `seeding` (a job), then show it (see the module)."""
    snapshot, lang = screen.event, screen.arb.lang

    def work(progress):
        tie: str | None = None  # a tie at the qualification line: the judge may draw lots (as arbiter top --lots)
        try:
            preview = cmds.StartTop(seeding=seeding).apply(snapshot)
        except ArbiterError as exc:
            try:
                preview = cmds.StartTop(seeding=seeding, lots=True).apply(snapshot)
            except ArbiterError:
                raise exc from None
            tie = message(exc, lang)
        return preview, tie

    screen.arb.start_job(Job(why("job_top"), work, lambda answer: show(screen, answer, seeding)))


def show(screen, answer, seeding: str) -> None:
    preview, tie = answer
    lang = screen.arb.lang
    other = SEEDINGS[1 - SEEDINGS.index(seeding)]
    body = Text(tr(lang, "top_seeding_" + seeding) + "\n\n", style="bold")
    body.append_text(top_preview_body(preview, tie, lang))

    def answered(choice: str | None) -> None:
        if choice == "y":
            start(screen, seeding)
        elif choice == "l":
            start(screen, seeding, lots=True)
        elif choice == "s":
            open_preview(screen, other)

    go = ("l", tr(lang, "lots_draw")) if tie is not None else ("y", tr(lang, "c_top"))
    choices = [go, ("s", tr(lang, "top_seeding_switch_" + other)), ("n", tr(lang, "cancel"))]
    screen.app.push_screen(ChoiceScreen(tr(lang, "lots_title" if tie is not None else "c_top"), body, choices,
                                        default=go[0], classes="page"), answered)


def start(screen, seeding: str, lots: bool = False) -> None:
    screen.run_change(cmds.StartTop(seeding=seeding, lots=lots),
                      then=lambda _new: screen.stage_started(tr(screen.arb.lang, "top_started")))
