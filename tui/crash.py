"""An unexpected error in the TUI: written to a log file, said in one line, the TUI kept up when it can.

A judge never sees a traceback (Textual's would show the locals of every
frame: a player's birth date, a FIDE id). The traceback goes to
`<event>.crash.log` beside the event file (appended, one block per error,
with the time and the version), or, when that folder cannot be written, to
`$XDG_STATE_HOME/arbiter/<event>.crash.log` (by default
`~/.local/state/arbiter/`). The judge is told in one line where it is.

Where the error happened decides what follows:

* in an action of a key (`tui.actions.run`), in a flow of questions (a
  worker), or in a dialog (its key handler, a handler of its fields'
  messages, a binding's action: `tui.screens.dialogs.Dialog.handler_failed`,
  which closes the dialog as Esc would): that action, flow or dialog ends,
  nothing was saved by it (every change is one transaction of the file), and
  the TUI stays up with the line on the message line;
* anywhere else (a handler of Textual's messages on a screen or a widget,
  which stops taking messages after it): the TUI ends, with the line on the
  terminal and exit status 1.

Under the test pilot (a headless App) the first error is also kept for
`run_test` to raise at its end, so a bug still fails its test
(`compat.keep_for_pilot`).
"""

from __future__ import annotations

import os
import sys
import traceback
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from arbiter_tournament.core.errors import ArbiterError
from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice

from . import compat
from .i18n import tr

LOG_SUFFIX = ".crash.log"


def state_folder() -> Path:
    """The user's state folder for arbiter (XDG): where a log goes when the event's folder cannot be written."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return Path(base) / "arbiter"


def _block(error: BaseException) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        ours = version("arbiter-tournament")
    except PackageNotFoundError:
        ours = "?"
    when = datetime.now(timezone.utc).isoformat(timespec="seconds")
    lines = traceback.format_exception(type(error), error, error.__traceback__)  # no locals: names stay in the file
    return f"-- {when} arbiter {ours} textual {compat.TEXTUAL}\n" + "".join(lines) + "\n"


def write_log(error: BaseException, event_path: str | Path) -> Path | None:
    """Append the error's traceback to the event's crash log (beside it, else in the state folder): its path, or
    None when neither could be written."""
    event_path = Path(event_path)
    text = _block(error)
    for folder in (event_path.parent, state_folder()):
        path = folder / (event_path.name + LOG_SUFFIX)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW, 0o600)
            with os.fdopen(fd, "a", encoding="utf-8", errors="replace") as f:
                f.write(text)
            return path
        except OSError:
            continue
    return None


def _what(error: BaseException) -> str:
    """The error's kind and first line, short (never its locals)."""
    first = (str(error).splitlines() or [""])[0]
    first = first if len(first) <= 60 else first[:60] + "…"
    return f"{type(error).__name__}: {first}" if first else type(error).__name__


def line(app: Any, error: BaseException, path: Path | None) -> str:
    """The one line said to the judge, in the judge's language."""
    lang = getattr(app, "lang", "en")
    if path is None:
        return tr(lang, "crash_nolog", what=_what(error))
    return tr(lang, "crash_said", what=_what(error), path=str(path))


def report(app: Any, error: BaseException) -> None:
    """An error the TUI goes on after (an action of a key, a flow of questions): logged and said in one line."""
    if isinstance(error, ArbiterError):  # a refusal that escaped its screen: said as any refusal
        app.say(message(error, app.lang), "bold red")
        return
    path = write_log(error, app.file.path)
    app.crashes.append(error)
    app.say(line(app, error, path), "bold red")
    app.bell()
    compat.keep_for_pilot(app, error)


def ended(app: Any) -> int:
    """After the App: the line of the unexpected error that ended it, if one did (on stderr, the terminal the
    shell's again), and the exit status."""
    said = getattr(app, "crash_line", "")
    if said:
        print(said, file=sys.stderr)
    return app.return_code or 0


def handle(app: Any, error: Exception) -> None:
    """Textual's handler of an unhandled error (`compat.on_unhandled`): a failed worker is reported and the TUI goes
    on; any other error ends the TUI with one line and status 1."""
    from textual.worker import WorkerFailed

    inner = error.error if isinstance(error, WorkerFailed) else error
    if isinstance(error, WorkerFailed) and app.main is not None and app.is_running:
        report(app, inner)
        return
    path = write_log(inner, app.file.path)
    app.crashes.append(inner)
    app.crash_line = "arbiter: " + line(app, inner, path)  # printed once the terminal is the shell's again (`run`)
    compat.keep_for_pilot(app, inner)
    app.exit(return_code=1)
