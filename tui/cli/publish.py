"""The event online: `arbiter publish FILE --to REMOTE [--watch]` (core/formats/publish.py; docs/publishing.md)."""

from __future__ import annotations

import argparse
import time
from datetime import datetime

TRIES = 4  # without --watch: the first try and three more after 1, 2 and 4 s


def _line(text: str) -> None:
    from arbiter_tournament.core.msg.cells import clean

    print(f"{datetime.now().strftime('%H:%M:%S')} {clean(text)}", flush=True)


def _sent_text(sent) -> str:
    if not sent.pages:
        return "nothing changed"
    return f"sent {sent.pages} page{'s' if sent.pages != 1 else ''} ({sent.bytes} bytes)"


TWO_STEPS = ("note: this server will not rename onto an existing page (SFTP to OpenSSH with rclone before 1.63): "
             "each page is deleted, then its new copy renamed in, and a reader asking in between is told it is not "
             "there; rclone 1.63 or later replaces it in one step (docs/publishing.md)")


def _say_two_steps(pub, said: list) -> None:
    """Once: the storage replaces a page in two steps (core/formats/rclone.py, `Rclone.replace`)."""
    if not said and getattr(pub.engine, "replace", None) == "two":
        said.append(True)
        _line(TWO_STEPS)


def cmd_publish(a: argparse.Namespace) -> int:
    from arbiter_tournament.core.formats.publish import BACKOFF, Publisher, UploadFailed, status_text
    from arbiter_tournament.core.formats.rclone import check_remote, program
    from arbiter_tournament.core.store import load

    check_remote(a.to)
    program()  # rclone is there, or one line saying how to install it
    load(a.file)  # the event reads, or its error now, before anything is sent
    said: list = []
    with Publisher(a.file, a.to) as pub:  # the site in the event's language; the command speaks English
        if not a.watch:
            for attempt in range(1, TRIES + 1):
                try:
                    sent = pub.sync()
                except UploadFailed as exc:
                    if attempt == TRIES:
                        raise
                    wait = BACKOFF[attempt - 1]
                    _say_two_steps(pub, said)
                    _line(f"upload failed: {exc}; next try in {wait:g} s")
                    time.sleep(wait)
                    continue
                _say_two_steps(pub, said)
                _line(f"{_sent_text(sent)}: {status_text(pub.status, 'en')}")
                return 0
        _line(f"publishing {pub.engine.shown if hasattr(pub.engine, 'shown') else a.to} every change "
              "(Ctrl-C stops)")

        def report(status, sent) -> None:
            _say_two_steps(pub, said)
            if sent is not None:
                _line(f"{_sent_text(sent)}: {status_text(status, 'en')}")
            else:
                _line(status_text(status, "en"))

        try:
            pub.watch(report)
        except KeyboardInterrupt:
            pub.stop()
            _line(f"stopped: {status_text(pub.status, 'en')}")
        return 0
