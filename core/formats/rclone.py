"""rclone, the storage engine `arbiter publish` runs: S3 and every S3-compatible store, SFTP, WebDAV, FTP ...

    engine = Rclone("myremote:bucket/open")     # an rclone remote, a connection string, or a local folder
    engine.put({"standings.html": b"..."})      # every page whole, or none of them changed
    engine.delete(["round-swiss-9.html"])

rclone is a program the venue installs from its distribution (Debian: `apt install rclone`); it runs as a
subprocess and keeps the credentials in its own configuration (`rclone config`), never in the event file
or the journal. A page is never written in place: the pages of one `put` are copied into
`.arbiter-upload/` beside the site, then each is moved over its old copy by one operation of the storage
(`moveto --no-check-dest`: rclone neither looks for the old copy nor deletes it first), so a reader gets the
old page or the new one, never a piece of one, and a cut of the network or a server stopped in the middle
leaves every page old or new:

- a folder: a rename on the same disk (`rename(2)` replaces the old file at once);
- S3, GCS, B2, R2 and the like: a server-side copy, which replaces the object at once;
- WebDAV: one MOVE with `Overwrite: T` (rclone's own MOVE says `F`, and gets 412 over an existing page, so
  the header is set with rclone's `--header`). The server replaces the page within that one request: a
  cut cannot come in the middle; servers built on Go's x/net/webdav (rclone's `serve webdav`, Caddy)
  delete and rename on their disk about a millisecond apart, when a reader may be told it is not there;
- SFTP: one rename. rclone from 1.63 uses OpenSSH's posix-rename (at once); rclone's `serve sftp` replaces
  within the request (as above). A server that refuses to rename over a file (OpenSSH with rclone before
  1.63: `SSH_FX_FAILURE`) gets the only way left, delete then rename: two requests, between which a reader
  is told the page is not there, and a cut exactly then leaves it missing until the next try.

`Rclone.replace` says which way this remote took ("one", "header", "two"; None before the first move).
A failure is `UploadFailed` with rclone's last line of error (credentials in a connection string shown as `***`).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import Iterable, Mapping

from arbiter_tournament.core.errors import ArbiterError, FileProblem

STAGE = ".arbiter-upload"  # the folder beside the site where pages wait before they are moved into place
# short waits, one retry: `core.formats.publish` retries with back-off and says so meanwhile
FLAGS = ("-q", "--contimeout", "5s", "--timeout", "30s", "--retries", "1", "--low-level-retries", "2")
TIMEOUT = 600.0  # seconds one rclone run may take at most (a big page over a slow line)
# the server would not overwrite: WebDAV's 412 (rclone's MOVE says `Overwrite: F`), an SFTP rename onto a file
_PRECONDITION = re.compile(r"\b412\b|Precondition Failed", re.I)
_NO_OVERWRITE = re.compile(r"SSH_FX_FAILURE|SSH_FX_FILE_ALREADY_EXISTS|already exists|file exists", re.I)
OVERWRITE = ("--header", "Overwrite: T")
_SECRET = re.compile(r"((?:^|,)[\w-]*(?:pass|password|secret|key|token|sas_url|account_key|bearer)[\w-]*=)"
                     r"('[^']*'|\"[^\"]*\"|[^,:]*)", re.I)


class UploadFailed(ArbiterError):
    """rclone could not do it (the network, the server, the remote's name or rights): retried later."""


def redact(remote: str) -> str:
    """The remote as it may be shown and kept: a connection string's secrets (pass=..., key=...) as ***."""
    return _SECRET.sub(lambda m: m.group(1) + "***", remote)


def quoted_url(remote: str) -> str:
    """A connection string's `url=` with a ':' in it quoted, as rclone needs it: `:webdav,url=http://h:8080:`
    is `:webdav,url='http://h:8080':` (the last ':' ends the options, a path may follow it)."""
    if not remote.startswith(":") or remote.count(":") < 3:
        return remote
    head, sep, path = remote.rpartition(":")

    def quote(m: re.Match) -> str:
        value = m.group(2)
        return m.group(1) + (f"'{value}'" if ":" in value and "'" not in value else value)

    return re.sub(r"((?:^|,)url=)([^,'\"][^,]*)", quote, head) + sep + path


def check_remote(remote: str) -> str:
    """REMOTE as rclone takes it (a connection string's url quoted), or FileProblem: empty, a control
    character, or a leading '-' (rclone would take an option)."""
    if not remote.strip():
        raise FileProblem("--to", None, "the remote is empty: give an rclone remote like 'myremote:bucket/path'")
    if any(ord(c) < 32 or c == "\x7f" for c in remote):
        raise FileProblem("--to", None, "the remote has a control character")
    if remote.startswith("-"):
        raise FileProblem("--to", None, "the remote '{remote}' starts with '-'", remote=redact(remote)[:80])
    return quoted_url(remote)


def join(remote: str, name: str) -> str:
    """`remote` + `/name`: after `name:` or `:backend,opts:` no slash (the remote's root), else one."""
    if remote.endswith((":", "/")):
        return remote + name
    return remote + "/" + name


def program() -> str:
    """The rclone program: $ARBITER_RCLONE, else `rclone` on the PATH; FileProblem if there is none."""
    given = os.environ.get("ARBITER_RCLONE")
    found = shutil.which(given or "rclone")
    if not found:
        raise FileProblem(given or "rclone", None, "rclone is not installed: install it (Debian, Ubuntu: 'apt install "
                          "rclone'); arbiter publish runs it to upload the site")
    return found


class Rclone:
    """One remote, reached by running rclone. `stop()` (from another thread) ends the run under way."""

    def __init__(self, remote: str, *, rclone: str | None = None, flags: Iterable[str] = ()) -> None:
        self.remote = check_remote(remote)
        self.shown = redact(self.remote)
        self.rclone = rclone or program()
        self.flags = tuple(flags)
        self._proc: subprocess.Popen | None = None
        self._stopped = threading.Event()
        self.sent = 0  # bytes of pages handed to rclone (the payload; the protocol's own bytes come on top)
        # how a page goes over its old copy here: "one", "header", "two" (above); a WebDAV connection string
        # needs the header from the first page (a configured remote learns it from its first 412)
        self.replace: str | None = "header" if self.remote.startswith(":webdav") else None

    def stop(self) -> None:
        self._stopped.set()
        proc = self._proc
        if proc is not None and proc.poll() is None:
            proc.terminate()

    def _run(self, *args: str) -> None:
        if self._stopped.is_set():
            raise UploadFailed("stopped")
        argv = [self.rclone, *FLAGS, *self.flags, *args]
        try:
            proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.PIPE, close_fds=True)
        except OSError as exc:
            raise UploadFailed("cannot run {program}: {error}", program=self.rclone,
                               error=exc.strerror or str(exc)) from None
        self._proc = proc
        try:
            _, err = proc.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            raise UploadFailed("{remote}: no answer in {s} s", remote=self.shown, s=int(TIMEOUT)) from None
        finally:
            self._proc = None
        if proc.returncode != 0:
            if self._stopped.is_set():
                raise UploadFailed("stopped")
            raise UploadFailed("{remote}: {error}", remote=self.shown, error=self._last_line(err))

    def _last_line(self, err: bytes) -> str:
        lines = [ln.strip() for ln in err.decode("utf-8", "replace").splitlines() if ln.strip()]
        line = lines[-1] if lines else "rclone failed"
        line = re.sub(r"^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d (ERROR|NOTICE|CRITICAL) ?: ?", "", line)
        line = line.replace(self.remote, self.shown)
        return "".join(c if c.isprintable() else "?" for c in line)[:300]

    def put(self, pages: Mapping[str, bytes]) -> None:
        """Every page in place, each whole: copied into the stage, then moved over its old copy one by one."""
        if not pages:
            return
        with tempfile.TemporaryDirectory(prefix="arbiter-publish-") as tmp:
            folder = Path(tmp) / "pages"
            folder.mkdir()
            for name, data in pages.items():
                (folder / name).write_bytes(data)
            listing = Path(tmp) / "list"
            listing.write_text("".join(f"{n}\n" for n in pages), encoding="utf-8")
            # --ignore-times: a page left in the stage by an upload cut short is never taken as this one
            self._run("copy", "--files-from-raw", str(listing), "--no-traverse", "--ignore-times", str(folder),
                      join(self.remote, STAGE))
        self.sent += sum(len(d) for d in pages.values())
        for name in pages:
            self._move_in(name)

    def _move_in(self, name: str) -> None:
        """The staged page over its old copy: one operation of the storage where it has one (above)."""
        src, dst = join(join(self.remote, STAGE), name), join(self.remote, name)
        if self.replace == "two":  # --ignore-times: moved even when rclone finds it the same size as the old copy
            self._run("moveto", "--ignore-times", src, dst)
            return
        one = ("moveto", "--no-check-dest", src, dst)  # rclone neither looks for nor deletes the old copy
        try:
            self._run(*(OVERWRITE + one if self.replace == "header" else one))
        except UploadFailed as exc:
            if self.replace != "header" and _PRECONDITION.search(str(exc)):
                self._run(*OVERWRITE, *one)  # WebDAV: ask the server to replace it, in the same MOVE
                self.replace = "header"
            elif self.replace != "header" and _NO_OVERWRITE.search(str(exc)):
                self._run("moveto", "--ignore-times", src, dst)  # the server will not rename over a file
                self.replace = "two"
            else:
                raise
        else:
            self.replace = self.replace or "one"

    def delete(self, names: Iterable[str]) -> None:
        """The pages gone, one `deletefile` each (never a `delete` of the remote's folder, which a list
        not taken would turn into every file there); a page already missing is no error."""
        for name in names:
            if "/" in name or name.startswith("."):
                continue  # only the site's own pages
            try:
                self._run("deletefile", join(self.remote, name))
            except UploadFailed as exc:
                if not re.search(r"doesn't exist|not found|no such file", str(exc), re.I):
                    raise
