"""Who the judge is: the login, the SSH client's address, this machine; `user@host` as the journal and the lock say it.

Two judges on one shared login are told apart by where they sit: the SSH
client's address (`SSH_CLIENT`), else this machine's name. The journal
(core/store/journal.py) writes it into every entry, the lock (core/store/files.py)
into its file while a change holds it, the presence folder beside the event
(core/store/presence.py) names the judges who have it open.
"""

from __future__ import annotations

import getpass
import os


def who() -> tuple[str, str]:
    """The user (`$USER`) and the SSH client's address, if any."""
    user = os.environ.get("USER") or os.environ.get("LOGNAME") or ""
    if not user:
        try:
            user = getpass.getuser()
        except Exception:  # no passwd entry in a container
            user = "?"
    ssh = (os.environ.get("SSH_CLIENT") or os.environ.get("SSH_CONNECTION") or "").split(" ")[0]
    return user, ssh


def hostname() -> str:
    """This machine's name."""
    try:  # (os.uname: what socket.gethostname says on a POSIX machine, without loading the socket module)
        return (os.uname().nodename if hasattr(os, "uname") else __import__("platform").node()) or "localhost"
    except OSError:
        return "localhost"


def here() -> str:
    """Where the judge sits: the SSH client's address, or this machine's name."""
    return who()[1] or hostname()


def who_label() -> str:
    """`user@host`: the login and where the judge sits, so two judges on one login are told apart."""
    return f"{who()[0]}@{here()}"
