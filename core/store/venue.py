"""A venue machine: several judges, each with a login, sharing an event folder.

`advice(folder, lang)` is the text `arbiter new` prints to say how to set
such a folder up (a group, `chgrp`, `chmod g+ws`, the umask), in "en" or
"ru"; `new_event_note(path, lang)` is what `arbiter new` says after making
an event: one line when its folder is already shared, else the advice.
`core.store.files.shared_folder` says whether a folder is set up.
The page for judges is docs/venue.md.
"""

from __future__ import annotations

import grp
import shlex
from pathlib import Path

from arbiter_tournament.core.store.files import folder_of, shared_folder, stat_of

GROUP = "judges"  # the group name the advice suggests

_ADVICE = {
    "en": (
        "Several judges, each with a login on this machine? Share the folder once (as root):\n"
        "  groupadd {group}  # one group for the judges\n"
        "  usermod -aG {group} LOGIN  # each judge's login (they log in again after)\n"
        "  chgrp -R {group} {folder}\n"
        "  chmod -R g+rwX {folder}  # the group reads and writes what is there already\n"
        "  chmod g+ws {folder}  # and new files there take the folder's group\n"
        "arbiter then gives every file it makes there the group and its write permission,\n"
        "with the usual umask 022 (umask 002 in ~/.profile does the same for other programs).\n"
        "Details: docs/venue.md."
    ),
    "ru": (
        "Несколько судей, у каждого свой вход на этой машине? Один раз откройте папку для всех (от root):\n"
        "  groupadd {group}  # одна группа для судей\n"
        "  usermod -aG {group} ЛОГИН  # вход каждого судьи (затем войти заново)\n"
        "  chgrp -R {group} {folder}\n"
        "  chmod -R g+rwX {folder}  # группа читает и пишет то, что там уже есть\n"
        "  chmod g+ws {folder}  # а новые файлы там получают группу папки\n"
        "Тогда arbiter даёт каждому файлу, который он там создаёт, эту группу и право записи для неё,\n"
        "при обычной umask 022 (umask 002 в ~/.profile делает то же для других программ).\n"
        "Подробнее: docs/venue.md."
    ),
}

_SHARED = {
    "en": "the folder {folder} is shared with the group {group}: every judge in it can change this event",
    "ru": "папка {folder} открыта для группы {group}: каждый судья этой группы может изменять этот турнир",
}


def _group_name(gid: int) -> str:
    try:
        return grp.getgrgid(gid).gr_name
    except KeyError:
        return str(gid)


def advice(folder: str | Path, lang: str = "en", group: str = GROUP) -> str:
    """How to share `folder` between judges with their own logins, as commands to type ("en" or "ru")."""
    text = _ADVICE.get(lang, _ADVICE["en"])
    return text.format(group=shlex.quote(group), folder=shlex.quote(str(folder)))


def new_event_note(path: str | Path, lang: str = "en") -> str:
    """What `arbiter new` says of the event's folder: shared with a group (one line), or how to share it."""
    folder = folder_of(Path(path))
    if shared_folder(folder):
        st = stat_of(folder)
        group = _group_name(st.st_gid) if st is not None else "?"
        return _SHARED.get(lang, _SHARED["en"]).format(folder=folder, group=group)
    return advice(folder, lang)


__all__ = ["advice", "new_event_note", "shared_folder", "GROUP"]
