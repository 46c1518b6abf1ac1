"""O: the event online, in the background (`arbiter publish FILE --to REMOTE --watch` inside the TUI).

The key asks where (an rclone remote; the last one used for this event is offered), then a thread runs
`core.formats.publish.Publisher.watch`: every change online within seconds, only the pages that changed.
The upload never takes the event's lock and never holds a key: the thread reads the file as the command
line does, and tells the App what it did (`call_from_thread`). The status line says it ("online as of
14:02, 3 changes waiting", short forms at 80 columns); a failed upload is said there and tried again with
back-off. O again stops it. The remote is remembered per event in the user's state folder, never when it
holds a secret (a connection string with pass=...).
"""

from __future__ import annotations

import atexit
import json
import os
from typing import Any

from arbiter_tournament.core.errors import ArbiterError
from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice

from ..actions import W, Action, register
from ..i18n import tr


def stop(app: Any) -> bool:
    """Publishing stopped, if it was on (the key, and the TUI quitting)."""
    online: Online | None = getattr(app, "online", None)
    if online is None:
        return False
    online.stop()
    app.online = None
    return True


def publish_key(screen: Any) -> None:
    if stop(screen.arb):
        screen.say(tr(screen.arb.lang, "pub_stopped"))
        _show(screen.app)
        return
    screen.run_worker(_ask_and_start(screen), group="question", exclusive=True)


register(
    Action("publish", ("O",), W("online", "сайт"),
           W("Put the event's site online and keep it current (arbiter publish --watch); O again stops it",
             "Опубликовать сайт турнира и обновлять его (arbiter publish --watch); O ещё раз: остановить"),
           ("main",), publish_key, palette=True, group="change"),
)


def _remembered_file():
    from arbiter_tournament.core.formats.publish import state_folder

    return state_folder() / "remotes.json"


def _remembered(path: str) -> str:
    try:
        with open(_remembered_file(), encoding="utf-8") as f:
            value = json.load(f).get(os.path.realpath(path), "")
        return value if isinstance(value, str) else ""
    except (OSError, ValueError, AttributeError):
        return ""


def _remember(path: str, remote: str) -> None:
    from arbiter_tournament.core.formats.rclone import redact

    if redact(remote) != remote:  # a secret in the string: not written anywhere
        return
    f = _remembered_file()
    try:
        f.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        try:
            doc = json.loads(f.read_text(encoding="utf-8"))
            doc = doc if isinstance(doc, dict) else {}
        except (OSError, ValueError):
            doc = {}
        doc[os.path.realpath(path)] = remote
        tmp = f.with_name(f".{f.name}.{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(doc, out, indent=1)
        os.replace(tmp, f)
    except OSError:
        pass  # only a convenience: the next time asks without it


async def _ask_and_start(screen: Any) -> None:
    app, lang = screen.arb, screen.arb.lang
    path = str(app.file.path)
    remote = (await screen.ask_line(tr(lang, "pub_prompt"), value=_remembered(path))).strip()
    if not remote:
        return
    try:
        online = Online(app, path, remote)
    except ArbiterError as exc:
        screen.say_error(message(exc, lang))
        return
    app.online = online
    _remember(path, remote)
    online.start()
    screen.say(tr(lang, "pub_started", remote=online.shown))
    _show(app)


def _show(app: Any, said: tuple[str, Any] | None = None) -> None:
    for s in app.screen_stack:
        show = getattr(s, "show_status", None)
        if show is not None:
            show()
    if said is not None:
        kind, error = said
        error = error.text(app.lang) if hasattr(error, "text") else str(error)
        text = tr(app.lang, "pub_failing", error=error) if kind == "fail" else tr(app.lang, "pub_back")
        if hasattr(app.screen, "say"):
            app.screen.say(text, "bold red" if kind == "fail" else "green")


class Online:
    """One event published to one remote by a thread of the TUI; `status` is the last the thread said."""

    def __init__(self, app: Any, path: str, remote: str) -> None:
        from arbiter_tournament.core.formats.publish import Publisher

        self.app = app
        self.publisher = Publisher(path, remote)
        self.shown = self.publisher.engine.shown
        self.status = self.publisher.status
        self.worker: Any = None
        atexit.register(self.stop)  # the TUI quits: the upload under way ends with it (the next run sends the rest)

    def start(self) -> None:
        self.worker = self.app.run_worker(self._publish, name="publish", group="publish", thread=True,
                                          exit_on_error=False)

    def stop(self) -> None:
        """The watch ends and rclone is stopped at once (what it had not sent goes up at the next start)."""
        self.publisher.stop()
        if self.worker is not None:
            self.worker.cancel()
        self.publisher.close()

    def _publish(self) -> None:
        from textual.worker import get_current_worker

        worker = get_current_worker()
        self.publisher.watch(self._report, cancelled=lambda: worker.is_cancelled)

    def _report(self, status, sent) -> None:
        was, self.status = self.status, status
        # the message line says it once when uploads start failing and once when they work again
        said = ("fail", status.error) if status.error and not was.error else \
            ("back", "") if was.error and not status.error else None
        try:
            self.app.call_from_thread(_show, self.app, said)
        except RuntimeError:  # the App is gone
            self.publisher.stop()


def status_parts(app: Any) -> tuple[tuple[str, str], tuple[str, str]] | None:
    """The status line's part for the site online, long and short ((text, style) each), or None when it is
    not published: "online as of 14:02, 3 changes waiting" and "online 14:02 +3"."""
    from arbiter_tournament.core.formats.publish import status_text

    online: Online | None = getattr(app, "online", None)
    if online is None:
        return None
    st, lang = online.status, app.lang
    style = "bold white on red" if st.error else "bold yellow" if st.waiting else "green"
    when = st.online_at.astimezone().strftime("%H:%M") if st.online_at else "--:--"
    more = f" +{st.waiting}" if st.waiting else ""
    short = tr(lang, "st_offline_short") + more if st.error else tr(lang, "st_online_short", t=when) + more
    return (status_text(st, lang), style), (short, style)
