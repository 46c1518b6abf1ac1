"""A venue machine: two judges with their own logins in one group share an event folder (umask 022).

Root makes two real Unix users and a group (skipped when not root), a
setgid group-writable folder, and runs arbiter as each user in turn.
"""

from __future__ import annotations

import grp
import os
import pwd
import shutil
import stat
import subprocess
import tempfile
from pathlib import Path

import pytest

from arbiter_tournament.core.store import EventFile, load, venue
from arbiter_tournament.core.store.files import shared_folder

GROUP = "arbvenue"
USERS = ("arbjudgea", "arbjudgeb")
RUNUSER = shutil.which("runuser") or "/usr/sbin/runuser"

PRESENCE = r"""
import sys
from arbiter_tournament.core.store.presence import Presence
me = Presence(sys.argv[1], pid=int(sys.argv[2]))
me.beat()
print(",".join(p.label() for p in me.others()))
"""


def _run(*cmd: str) -> None:
    subprocess.run(cmd, check=True, capture_output=True)


def _quiet(*cmd: str) -> None:
    subprocess.run(cmd, capture_output=True)


@pytest.fixture(scope="module")
def judges():
    if os.geteuid() != 0 or not shutil.which("useradd") or not shutil.which("runuser"):
        pytest.skip("making Unix users needs root (useradd, runuser)")
    for u in USERS:
        _quiet("userdel", u)
    _quiet("groupdel", GROUP)
    try:
        _run("groupadd", GROUP)
        for u in USERS:  # each with a primary group of his own, and the judges' group besides
            _run("useradd", "-M", "-U", "-s", "/bin/sh", "-G", GROUP, u)
    except (subprocess.CalledProcessError, OSError) as exc:
        pytest.skip(f"cannot make users here: {exc}")
    try:
        yield USERS
    finally:
        for u in USERS:
            _quiet("userdel", u)
        _quiet("groupdel", GROUP)


INSTALLED = []  # arbiter as every login of the venue runs it (the `folder` fixture sets it)


@pytest.fixture
def folder(judges, venue_install):
    """A shared folder, and arbiter installed the venue way (docs/venue.md) from a checkout no other
    login can read (tests/durability/conftest.py)."""
    INSTALLED[:] = [venue_install]
    d = Path(tempfile.mkdtemp(prefix="arbiter-venue-", dir="/tmp"))
    os.chown(d, 0, grp.getgrnam(GROUP).gr_gid)
    os.chmod(d, 0o2775)  # what docs/venue.md says: chgrp judges, chmod g+ws
    try:
        yield d
    finally:
        shutil.rmtree(d, ignore_errors=True)


def as_user(user: str, folder: Path, *args: str, script: str | None = None) -> subprocess.CompletedProcess:
    assert INSTALLED, "the test needs the `folder` fixture"
    install = INSTALLED[0]
    env = {"PATH": f"{install.bindir}:/usr/bin:/bin", "USER": user, "LOGNAME": user, "HOME": str(folder)}
    run = [str(install.prefix / "bin" / "python"), "-c", script] if script is not None else ["arbiter"]
    cmd = [RUNUSER, "-u", user, "--", "sh", "-c", 'umask 022 && exec "$@"', "sh", *run, *args]
    return subprocess.run(cmd, cwd=folder, env=env, capture_output=True, text=True, timeout=120)


def ok(user, folder, *args):
    out = as_user(user, folder, *args)
    assert out.returncode == 0, f"{user}: arbiter {' '.join(args)}: {out.stderr}"
    return out.stdout


def test_two_judges_with_their_own_logins_share_an_event_with_umask_022(judges, folder):
    a, b = judges
    gid = grp.getgrnam(GROUP).gr_gid
    assert shared_folder(folder)
    ok(a, folder, "new", "ev.toml", "--name", "Venue Open", "--rounds", "3")
    for name in ("Ann", "Bob", "Cid", "Dan"):
        ok(a, folder, "players", "add", "ev.toml", name)
    ok(a, folder, "pair", "ev.toml")
    ok(b, folder, "result", "ev.toml", "1", "1-0")  # the second judge's first result: the lock, journal ... are his too
    ok(a, folder, "result", "ev.toml", "2", "0-1")
    ok(b, folder, "undo", "ev.toml")  # b takes back a's result: the journal and the backups are shared
    ok(b, folder, "result", "ev.toml", "2", "=")
    event = load(folder / "ev.toml")
    assert [str(g.result) for g in event.rounds[0].games] == ["1-0", "1/2"]

    # every file and folder arbiter made there has the group, and the group may write it
    made = [p for p in folder.iterdir()]
    assert {p.name for p in made} >= {"ev.toml", "ev.toml.lock", "ev.toml.journal", "ev.toml.bak1"}
    for p in made:
        st = os.lstat(p)
        assert st.st_gid == gid, f"{p.name}: group {st.st_gid}, not {GROUP}"
        assert st.st_mode & stat.S_IRGRP and st.st_mode & stat.S_IWGRP, f"{p.name}: {oct(st.st_mode)}"
    owners = {os.lstat(p).st_uid for p in made}
    assert len(owners) == 2  # both judges wrote files there

    # both presences are seen, from either side, as user@host
    pa, pb = 101, 202
    as_user(a, folder, str(folder / "ev.toml"), str(pa), script=PRESENCE)
    seen_by_b = as_user(b, folder, str(folder / "ev.toml"), str(pb), script=PRESENCE)
    seen_by_a = as_user(a, folder, str(folder / "ev.toml"), str(pa), script=PRESENCE)
    host = os.uname().nodename
    assert seen_by_b.stdout.strip() == f"{a}@{host}", seen_by_b.stderr
    assert seen_by_a.stdout.strip() == f"{b}@{host}", seen_by_a.stderr
    who = folder / "ev.toml.who"
    st = os.lstat(who)
    assert st.st_gid == gid and st.st_mode & stat.S_IWGRP and st.st_mode & stat.S_ISGID
    for p in who.iterdir():
        assert os.lstat(p).st_gid == gid and os.lstat(p).st_mode & stat.S_IRGRP

    # the journal says who did what, as user@host
    labels = [e.label for e in EventFile(folder / "ev.toml").history()]
    assert labels[-4:] == [f"{b}@{host}", f"{a}@{host}", f"{b}@{host}", f"{b}@{host}"]


def test_new_says_how_to_share_a_folder_and_when_it_is_shared(judges, folder, tmp_path):
    assert venue.new_event_note(folder / "ev.toml").startswith(f"the folder {folder} is shared with the group {GROUP}")
    assert "открыта для группы" in venue.new_event_note(folder / "ev.toml", "ru")
    private = tmp_path / "mine"
    private.mkdir()
    note = venue.new_event_note(private / "ev.toml")
    assert f"chmod g+ws {private}" in note and f"chgrp -R judges {private}" in note and "umask" in note
    assert "chmod g+ws" in venue.new_event_note(private / "ev.toml", "ru") and "судей" in venue.advice(private, "ru")


def test_a_second_judge_rewrites_the_site_and_the_printouts_the_first_made(judges, folder):
    """Issue 21.5: every output takes the event file's group and group permissions, so another login (umask
    022) replaces the pages, the printouts and the CSV the first judge wrote in the shared folder."""
    a, b = judges
    gid = grp.getgrnam(GROUP).gr_gid
    ok(a, folder, "new", "ev.toml", "--name", "Venue Open", "--rounds", "3")
    for name in ("Ann", "Bob", "Cid", "Dan"):
        ok(a, folder, "players", "add", "ev.toml", name)
    ok(a, folder, "pair", "ev.toml")
    outputs = (("--format", "html", "--out", "site"), ("--format", "text", "--what", "slips", "--out", "slips.txt"),
               ("--format", "csv", "--out", "standings.csv"), ("--format", "trf", "--out", "ev.trf"))
    for args in outputs:
        ok(a, folder, "export", "ev.toml", *args)
    made = [folder / "site", *(folder / "site").iterdir(), folder / "slips.txt", folder / "standings.csv",
            folder / "ev.trf"]
    for p in made:
        st = os.lstat(p)
        assert st.st_gid == gid and st.st_mode & stat.S_IWGRP, f"{p.name}: group {st.st_gid}, {oct(st.st_mode)}"
    assert (folder / "site").stat().st_mode & stat.S_ISGID
    uid_a = pwd.getpwnam(a).pw_uid

    ok(b, folder, "result", "ev.toml", "1", "1-0")
    for args in outputs:  # the second judge rewrites every one of them
        ok(b, folder, "export", "ev.toml", *args)
    uid_b = pwd.getpwnam(b).pw_uid
    for p in [folder / "slips.txt", folder / "standings.csv", folder / "ev.trf",
              *(x for x in (folder / "site").iterdir())]:
        st = os.lstat(p)
        assert st.st_uid == uid_b and st.st_gid == gid and st.st_mode & stat.S_IWGRP, p.name
    assert os.lstat(folder / "site").st_uid == uid_a  # the folder stays the first judge's, its pages are new
    round_page = [p for p in (folder / "site").iterdir() if p.name.startswith("round")]
    assert round_page and ">1-0<" in round_page[0].read_text().replace(" ", "")
    ok(a, folder, "export", "ev.toml", "--format", "html", "--out", "site")  # and back again
