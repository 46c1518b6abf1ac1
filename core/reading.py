"""Reading the files arbiter is given: an event, a TRF, a CSV, standard input named `-`.

Only a plain file is read, at most so many bytes, refused in one line (`FileProblem`) otherwise. Apart
from core/store (which reads the event with it) so that `arbiter trf pair` reads a TRF without loading
the event file's store.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from arbiter_tournament.core.errors import FileProblem
from arbiter_tournament.core.limits import FILE_CHARS_MAX

READ_BYTES_MAX = 4 * FILE_CHARS_MAX  # the most bytes read of an event or a TRF: its characters in UTF-8


def read_text(path: Path, *, plain: bool = False, most: int = READ_BYTES_MAX) -> str:
    """The file's text (UTF-8; a BOM dropped); `FileProblem` in one line if it cannot be read.

    Only a plain file is read (`read_input`): a FIFO, a device (`/dev/zero`)
    or a socket is refused at once instead of blocking or reading forever.
    Without `plain` (a TRF named on the command line) the path `-` reads
    standard input, the one pipe a user names. At most `most` bytes are
    read: a longer file (or stream) is refused.
    """
    data = read_input(path, most=most, stdin=not plain, event=plain)
    try:
        return data.decode("utf-8").removeprefix("\ufeff")  # a BOM (a Windows editor's) is not text
    except UnicodeDecodeError as exc:
        raise FileProblem(str(path), None, "not UTF-8 text (byte {start})", start=exc.start) from None


def read_input(path: str | Path, *, most: int, stdin: bool = True, event: bool = False) -> bytes:
    """The bytes of a file arbiter reads (an event, a TRF, a CSV): at most `most` of them.

    Only a plain file is read; a FIFO, a device (`/dev/zero`, `/dev/stdin` of
    a pipe), a socket or a folder is refused at once, never read forever nor
    waited on. `-` (when `stdin`) is standard input, read up to the same cap.
    A file (or stream) longer than `most` bytes is refused whole.
    """
    try:
        if stdin and str(path) == "-":
            import sys

            data = sys.stdin.buffer.read(most + 1)
        else:
            data = _read_plain(Path(path), most, event)
    except FileNotFoundError:
        raise FileProblem(str(path), None, "no such file") from None
    except IsADirectoryError:
        if event:
            raise FileProblem(str(path), None, "is a folder, not an event file") from None
        raise FileProblem(str(path), None, "is a folder, not a file") from None
    except OSError as exc:
        raise FileProblem(str(path), None, "cannot read: {strerror}", strerror=exc.strerror) from None
    if len(data) > most:
        raise FileProblem(str(path), None, "the file is too big: more than {most} bytes", most=most)
    return data


def _read_plain(path: Path, most: int, event: bool = False) -> bytes:
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)  # a FIFO opens at once, and is refused
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        if not stat.S_ISREG(st.st_mode):
            if event:
                raise FileProblem(str(path), None, "is not a plain file: arbiter does not use it")
            raise FileProblem(str(path), None, "is not a plain file (a pipe, a device): arbiter reads a file, "
                                               "or standard input named as -")
        if st.st_size > most:  # refused before a byte is read
            raise FileProblem(str(path), None, "the file is too big: more than {most} bytes", most=most)
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as f:
            return f.read(most + 1)
    finally:
        os.close(fd)
