"""The event online (`arbiter publish FILE --to REMOTE [--watch]`): what changed since the last upload, in which
order it goes up, and what is known of the copy online.

    pub = Publisher("saves/open.toml", "myremote:bucket/open")
    pub.sync()                        # the site now, the pages that changed only; Sent(pages, bytes)
    pub.watch(stop, report)           # every change within seconds, until `stop` is set
    status_text(pub.status, "ru")     # "на сайте: 14:02, ждут отправки: 3"

The site is `core.formats.site.build_site`, the same pages `arbiter export --format html` writes, with the
event's settings of what is public (`public_crosstable`, `public_prize_money`). Every page says when it was
made; that line is left out of the page's hash (`page_hash`), so a page whose content did not change is not
sent again, and keeps the time it was made.

The change set (`change_set`) puts pages up in an order that never breaks a link a reader can follow: pages
new to the site first (no page online links to them yet), then the pages that changed, then `index.html`,
and last the deletions (once no page links to them). The engine (`core.formats.rclone`) replaces each page
whole.

What is online is kept in a small state file in the user's state folder (`$XDG_STATE_HOME/arbiter/publish`,
else `~/.local/state/arbiter/publish`), one per event and remote: each page's hash, the journal's last
entry then online, the time. Never in the event file, and never a credential: a connection string's
secrets are kept as ***. A step that fails leaves the state as it was for its pages, so the next try sends
them again. Reading the event takes no lock (the file is replaced whole by each change), so a judge's
change never waits on an upload.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import threading
import time
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Mapping

from arbiter_tournament.core.errors import ArbiterError, FileProblem
from arbiter_tournament.core.msg.i18n import words
from arbiter_tournament.core.formats.rclone import Rclone, UploadFailed, check_remote, redact

INDEX = "index.html"
BACKOFF = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0)  # seconds before the next try after 1, 2, ... failures in a row
POLL = 0.5  # seconds between looks at the event file
SETTLE = 1.0  # a change goes up once the file has been still this long (s) ...
MOST = 3.0  # ... or this long after the first change not sent: several results typed in a row, one upload
_MADE = re.compile(r'<p class="made">.*?</p>', re.S)

__all__ = ["Publisher", "Plan", "Sent", "Status", "change_set", "page_hash", "status_text", "state_file",
           "UploadFailed", "INDEX", "BACKOFF"]


def page_hash(html: str) -> str:
    """The page's content without its "Made ..." line (core.formats.html.page's footer)."""
    return hashlib.sha256(_MADE.sub("", html, count=1).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Plan:
    """What to send: `new` pages (not online), `changed` ones, `index` (new or changed), `deleted` pages."""

    new: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    index: bool = False
    deleted: tuple[str, ...] = ()

    def steps(self) -> list[tuple[str, tuple[str, ...]]]:
        """("put", names) and ("delete", names), in the order they go: no link ever leads to a missing page."""
        out: list[tuple[str, tuple[str, ...]]] = []
        if self.new:
            out.append(("put", self.new))
        if self.changed:
            out.append(("put", self.changed))
        if self.index:
            out.append(("put", (INDEX,)))
        if self.deleted:
            out.append(("delete", self.deleted))
        return out

    @property
    def pages(self) -> int:
        return len(self.new) + len(self.changed) + int(self.index) + len(self.deleted)


def change_set(hashes: Mapping[str, str], online: Mapping[str, str]) -> Plan:
    """The plan from the site's page hashes (in the site's order) and those online."""
    new = tuple(n for n in hashes if n != INDEX and n not in online)
    changed = tuple(n for n in hashes if n != INDEX and n in online and online[n] != hashes[n])
    index = INDEX in hashes and online.get(INDEX) != hashes[INDEX]
    deleted = tuple(sorted(n for n in online if n not in hashes))
    return Plan(new, changed, index, deleted)


# -- the state of the copy online ---------------------------------------------------------------


def state_folder(env: Mapping[str, str] | None = None) -> Path:
    env = os.environ if env is None else env
    base = env.get("XDG_STATE_HOME") or os.path.join(env.get("HOME") or os.path.expanduser("~"), ".local", "state")
    return Path(base) / "arbiter" / "publish"


def state_file(event_path: str | Path, remote: str, env: Mapping[str, str] | None = None) -> Path:
    """The state of `event_path`'s site on `remote`: one file per event and remote, in the user's state folder."""
    key = f"{os.path.realpath(event_path)}\n{remote}".encode("utf-8")
    return state_folder(env) / (hashlib.sha256(key).hexdigest()[:32] + ".json")


@dataclass
class State:
    pages: dict[str, str] = field(default_factory=dict)  # page -> hash online
    seq: int = 0  # the journal's last entry when the site online was the event's
    online_at: str = ""  # ISO time (UTC) when it last was
    sent: int = 0  # bytes sent, in all

    @classmethod
    def read(cls, path: Path) -> "State":
        try:
            with open(path, "rb") as f:
                doc = json.loads(f.read(1 << 22).decode("utf-8"))
            pages = doc.get("pages", {})
            if not (isinstance(pages, dict) and all(isinstance(k, str) and isinstance(v, str)
                                                    for k, v in pages.items())):
                return cls()
            return cls({k: v for k, v in pages.items() if "/" not in k and not k.startswith(".")},
                       int(doc.get("seq", 0)), str(doc.get("online_at", "")), int(doc.get("sent", 0)))
        except (OSError, ValueError, TypeError, AttributeError):
            return cls()  # none, or unreadable: everything is sent again (that is all it costs)

    def write(self, path: Path, event: Path, remote: str) -> None:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        doc = {"event": str(event), "remote": redact(remote), "pages": self.pages, "seq": self.seq,
               "online_at": self.online_at, "sent": self.sent}
        tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(doc, f, indent=1, sort_keys=True)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise


# -- the status a judge reads --------------------------------------------------------------------


@dataclass(frozen=True)
class Status:
    online_at: datetime | None = None  # when the site online was last the event's (aware)
    waiting: int = 0  # changes of the event not online yet
    error: "str | ArbiterError" = ""  # the last try's failure ("" none; an ArbiterError is said in either language)
    retry_in: float | None = None  # seconds to the next try after a failure
    busy: bool = False  # sending now
    pages: int = 0  # pages the last upload sent
    sent: int = 0  # and their bytes


def _local_hhmm(when: datetime) -> str:
    return when.astimezone().strftime("%H:%M")


def status_text(st: Status, lang: str = "en") -> str:
    """"online as of 14:02, 3 changes waiting" (and the failure, and when it is tried again)."""
    t = words(lang)
    text = t("pub_online_as_of", time=_local_hhmm(st.online_at)) if st.online_at else t("pub_not_online")
    if st.waiting:
        text += ", " + (t("pub_waiting_1") if st.waiting == 1 else t("pub_waiting_n", n=st.waiting))
    if st.error:
        error = st.error.text(lang) if isinstance(st.error, ArbiterError) else str(st.error)
        text += "; " + t("pub_failed", error=error)
        if st.retry_in is not None:
            text += ", " + t("pub_retry_in", s=max(1, round(st.retry_in)))
    elif st.busy:
        text += "; " + t("pub_sending")
    return text


@dataclass(frozen=True)
class Sent:
    """What one sync sent: pages put or deleted, and the bytes of the pages put."""

    pages: int
    bytes: int
    plan: Plan


# -- the publisher -------------------------------------------------------------------------------


class Publisher:
    """One event's site on one remote. `sync()` once, or `watch()` until stopped; `status` at any time.

    `engine` is the storage (an `Rclone` by default); `now` the clock (aware datetimes); `lang` the site's
    language (None: the event's). Only one publisher at a time sends one event to one remote (a lock beside
    the state file); another is refused at once.
    """

    def __init__(self, event_path: str | Path, remote: str, *, engine=None, now: Callable[[], datetime] | None = None,
                 lang: str | None = None, env: Mapping[str, str] | None = None) -> None:
        from arbiter_tournament.core.store.files import real_path

        self.path = real_path(event_path)
        self.remote = remote = check_remote(remote)  # as rclone takes it: one state however the url was typed
        self.engine = engine if engine is not None else Rclone(remote)
        self.now = now or (lambda: datetime.now(timezone.utc))
        self.lang = lang
        self.state_path = state_file(self.path, remote, env)
        self._lock_fd: int | None = None
        self._take_lock()
        self.state = State.read(self.state_path)
        online = datetime.fromisoformat(self.state.online_at) if self.state.online_at else None
        self.status = Status(online_at=online)
        self._stopped = threading.Event()

    def _take_lock(self) -> None:
        self.state_path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(self.state_path.with_suffix(".lock"), os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise FileProblem(str(self.path), None, "is being published to {remote} already (another arbiter "
                              "publish, or the TUI's)", remote=redact(self.remote)) from None
        self._lock_fd = fd

    def close(self) -> None:
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

    def stop(self) -> None:
        """End `watch` (and the upload under way: what it had not finished is sent by the next run)."""
        self._stopped.set()
        stop = getattr(self.engine, "stop", None)
        if stop:
            stop()

    def __enter__(self) -> "Publisher":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- one upload ------------------------------------------------------------------------------
    def _seq(self) -> int:
        from arbiter_tournament.core.store import journal
        from arbiter_tournament.core.store.files import journal_path

        return journal.last_seq(journal_path(self.path))

    def build(self) -> tuple[dict[str, bytes], dict[str, str], int]:
        """The site now: pages (bytes), their hashes, the journal's last entry read before the event."""
        from arbiter_tournament.core.formats.site import build_site
        from arbiter_tournament.core.store import load

        seq = self._seq()
        event = load(self.path)
        html = build_site(event, now=self.now(), lang=self.lang)
        return ({n: h.encode("utf-8") for n, h in html.items()}, {n: page_hash(h) for n, h in html.items()}, seq)

    def waiting(self, seq: int | None = None, plan: Plan | None = None) -> int:
        """Changes not online: journal entries since the last upload (at least 1 while a page differs)."""
        seq = self._seq() if seq is None else seq
        n = max(0, seq - self.state.seq)
        return max(n, 1) if plan is not None and plan.pages else n

    def sync(self) -> Sent:
        """Send what changed; `UploadFailed` if the storage failed (what went up before it is kept)."""
        pages, hashes, seq = self.build()
        plan = change_set(hashes, self.state.pages)
        self.status = replace(self.status, waiting=self.waiting(seq, plan), busy=bool(plan.pages))
        sent = 0
        for kind, names in plan.steps():
            if self._stopped.is_set():
                raise UploadFailed("stopped")
            if kind == "put":
                self.engine.put({n: pages[n] for n in names})
                sent += sum(len(pages[n]) for n in names)
                self.state.sent += sum(len(pages[n]) for n in names)
                self.state.pages.update({n: hashes[n] for n in names})
            else:
                self.engine.delete(names)
                for n in names:
                    self.state.pages.pop(n, None)
            self.state.write(self.state_path, self.path, self.remote)
        when = self.now()
        self.state.seq, self.state.online_at = seq, when.isoformat()
        self.state.write(self.state_path, self.path, self.remote)
        self.status = Status(online_at=when, waiting=0, pages=plan.pages, sent=sent)
        return Sent(plan.pages, sent, plan)

    # -- live ------------------------------------------------------------------------------------
    def watch(self, report: Callable[[Status, Sent | None], None], *, poll: float = POLL,
              backoff: tuple[float, ...] = BACKOFF, clock: Callable[[], float] = time.monotonic,
              cancelled: Callable[[], bool] = lambda: False, settle: float = SETTLE, most: float = MOST) -> None:
        """Send every change until `stop()`. The file is looked at every `poll` s; a change goes up once the
        file has been still for `settle` s, or `most` s after the first change not sent (a judge typing
        results one after another gets one upload for several, each online within seconds). After a failure
        the next try comes after the back-off (1, 2, 4 ... 30 s), the status saying so meanwhile.
        `report(status, sent)` is called after each try (`sent` None after a failure) and when the count of
        changes waiting moves; `cancelled()` true ends it too (a TUI's worker)."""
        from arbiter_tournament.core.store.files import Stamp

        seen = None  # the file's stamp the site online was built from (None: nothing sent yet)
        last, moved, since = None, 0.0, None  # the stamp last looked at, when it last moved, the first change unsent
        failures, due = 0, 0.0
        while not self._stopped.is_set():
            if cancelled():
                self.stop()
                break
            stamp, now = Stamp.of(self.path), clock()
            if stamp != last:
                last, moved = stamp, now
                since = now if since is None else since
            if stamp != seen:
                if failures:
                    ready = now >= due
                else:
                    ready = seen is None or now - moved >= settle or now - (since or now) >= most
                if ready:
                    try:
                        result = self.sync()
                    except (UploadFailed, ArbiterError, OSError) as exc:  # the file, the network, the storage
                        if self._stopped.is_set():
                            break
                        failures += 1
                        wait = backoff[min(failures, len(backoff)) - 1]
                        due = clock() + wait
                        error = exc if isinstance(exc, ArbiterError) else \
                            (exc.strerror or str(exc)) if isinstance(exc, OSError) else str(exc)
                        self.status = replace(self.status, busy=False, error=error, retry_in=wait,
                                              waiting=self._waiting_quietly())
                        report(self.status, None)
                    else:
                        seen, failures, since = stamp, 0, None
                        report(self.status, result)
                else:
                    waiting = self._waiting_quietly()
                    if waiting != self.status.waiting:
                        self.status = replace(self.status, waiting=waiting,
                                              retry_in=max(0.0, due - now) if failures else None)
                        report(self.status, None)
            self._stopped.wait(poll)

    def _waiting_quietly(self) -> int:
        try:
            return max(1, self.waiting())
        except (OSError, ArbiterError):
            return max(1, self.status.waiting)
