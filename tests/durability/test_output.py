"""Outputs never overwrite the event (issue 16): core.formats.output.write_output, the site, and
`export`/`trf pair -o` through the command line.

The event's file, journal, lock and backups are refused by name and by inode (hard links,
symlinks); a device, a terminal, a pipe or a symlink is written into and never replaced; a new or
regular file is written whole and renamed; the site goes to the root of another filesystem.
"""

from __future__ import annotations

import os
import stat
import subprocess
import threading
from pathlib import Path

import pytest

from arbiter_tournament.core.errors import FileProblem
from arbiter_tournament.core.formats.output import INTO, NEW, REPLACED, check_not_event, event_files, write_output
from arbiter_tournament.core.formats.site import write_site
from arbiter_tournament.core.store import EventFile, load
from tests.cli_run import ok, refused, run_process


@pytest.fixture
def ev(tmp_path) -> Path:
    """An event with a journal, a lock and a backup beside it."""
    path = tmp_path / "open.toml"
    ok("new", path, "--name", "Open", "--rounds", 3)
    for i in range(1, 5):
        ok("players", "add", path, f"P{i}", "--rating", 2000 - i)
    ok("pair", path)
    assert {p.name for p in tmp_path.iterdir()} >= {"open.toml", "open.toml.journal", "open.toml.lock",
                                                       "open.toml.bak1"}
    return path


def snapshot(folder: Path) -> dict[str, tuple]:
    out = {}
    for p in sorted(folder.rglob("*")):
        st = os.lstat(p)
        out[str(p.relative_to(folder))] = (stat.S_IFMT(st.st_mode), st.st_ino,
                                            p.read_bytes() if stat.S_ISREG(st.st_mode) else None)
    return out


# -- the event's own files ----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["open.toml", "open.toml.journal", "open.toml.lock", "open.toml.bak1",
                                  "open.toml.bak5", "open.toml.who", ".open.toml.x1y2.tmp"])
def test_the_events_files_are_refused_by_name_existing_or_not(ev, name):
    with pytest.raises(FileProblem, match="the event's own file"):
        write_output(ev.parent / name, "x", event=ev)
    with pytest.raises(FileProblem, match="the event's own file"):  # the same, as a relative path
        here = os.getcwd()
        os.chdir(ev.parent)
        try:
            write_output(name, "x", event=ev)
        finally:
            os.chdir(here)


def test_a_hard_link_or_a_symlink_to_an_events_file_is_refused_by_inode(ev, tmp_path):
    other = tmp_path / "elsewhere"
    other.mkdir()
    os.link(ev, other / "copy.toml")
    os.symlink(ev.with_name("open.toml.journal"), other / "log.txt")
    os.symlink(other / "log.txt", other / "log2.txt")  # a chain of links
    before = snapshot(tmp_path)
    for out in (other / "copy.toml", other / "log.txt", other / "log2.txt"):
        with pytest.raises(FileProblem, match="the event's own file"):
            write_output(out, "x", event=ev)
    assert snapshot(tmp_path) == before


def test_a_symlinked_event_protects_the_real_files_too(ev, tmp_path):
    link = tmp_path / "link.toml"
    os.symlink(ev, link)
    assert ev.with_name("open.toml.journal") in event_files(link)
    for out in (ev, ev.with_name("open.toml.journal"), tmp_path / "link.toml.journal"):
        with pytest.raises(FileProblem):
            check_not_event(out, link)
    check_not_event(tmp_path / "open.toml.csv", ev)  # a name that only begins like the event's is fine


# -- what is at the path --------------------------------------------------------------------------


def test_new_and_regular_files_are_written_whole_and_keep_their_mode(tmp_path):
    out = tmp_path / "a.txt"
    assert write_output(out, "one\n") == NEW
    out.chmod(0o640)
    assert write_output(out, "two ü\n") == REPLACED
    assert out.read_text(encoding="utf-8") == "two ü\n" and stat.S_IMODE(out.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]  # no temporary file left


def test_a_symlink_stays_a_symlink_and_its_target_gets_the_text(tmp_path):
    target = tmp_path / "target.txt"
    target.write_text("old old old old\n")
    link = tmp_path / "link.txt"
    os.symlink(target, link)
    assert write_output(link, "new\n") == INTO
    assert link.is_symlink() and target.read_text() == "new\n"


def test_a_folder_or_a_symlink_to_nothing_is_refused(tmp_path):
    with pytest.raises(FileProblem, match="is a folder"):
        write_output(tmp_path, "x")
    os.symlink(tmp_path / "nowhere", tmp_path / "dangling")
    with pytest.raises(FileProblem, match="symbolic link to nothing"):
        write_output(tmp_path / "dangling", "x")
    assert (tmp_path / "dangling").is_symlink() and not (tmp_path / "nowhere").exists()


def test_a_pipe_is_written_into_not_replaced(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    assert write_output(fifo, "through the pipe\n") == INTO
    reader.join(timeout=10)
    assert got == [b"through the pipe\n"] and stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_a_device_node_is_written_into_not_replaced_as_root(tmp_path):
    null = tmp_path / "null"
    os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # the same device as /dev/null
    assert write_output(null, "gone\n") == INTO
    st = os.lstat(null)
    assert stat.S_ISCHR(st.st_mode) and os.major(st.st_rdev) == 1 and os.minor(st.st_rdev) == 3
    assert stat.S_ISCHR(os.lstat("/dev/null").st_mode)


def test_export_to_dev_stdout_prints_the_export(ev, tmp_path):
    p = run_process("export", ev, "--format", "csv", "--what", "players", "--out", "/dev/stdout")
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines()[0].startswith("id,name") and "wrote" not in p.stdout
    log = tmp_path / "log.txt"  # stdout appended to a file: what was there stays
    log.write_text("before\n")
    with open(log, "a") as f:
        p = run_process("export", ev, "--format", "csv", "--what", "players", "--out", "/dev/stdout",
                        stdout=f, stderr=subprocess.PIPE, capture_output=False)
    assert p.returncode == 0, p.stderr
    text = log.read_text()
    assert text.startswith("before\nid,name") and "P4" in text


# -- through the command line ---------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["trf", "csv", "text", "html"])
@pytest.mark.parametrize("name", ["open.toml", "open.toml.journal", "open.toml.lock", "open.toml.bak1"])
def test_export_never_writes_over_the_event_its_journal_lock_or_backups(ev, fmt, name):
    before = snapshot(ev.parent)
    err = refused("export", ev, "--format", fmt, "--out", ev.parent / name)
    assert "the event's own file" in err
    assert snapshot(ev.parent) == before
    assert len(EventFile(ev).history()) == 5
    load(ev)


def test_export_refuses_a_hard_link_to_the_event_and_a_symlink_to_its_journal(ev, tmp_path):
    os.link(ev, tmp_path / "hard.csv")
    os.symlink(ev.with_name("open.toml.journal"), tmp_path / "soft.csv")
    before = snapshot(tmp_path)
    for out in ("hard.csv", "soft.csv"):
        assert "the event's own file" in refused("export", ev, "--format", "csv", "--out", tmp_path / out)
    assert snapshot(tmp_path) == before


def test_trf_pair_output_goes_through_the_same_function(ev, tmp_path):
    trf = tmp_path / "e.trf"
    ok("export", ev, "--format", "trf", "--out", trf)
    link = tmp_path / "pairs.txt"
    target = tmp_path / "real-pairs.txt"
    target.write_text("")
    os.symlink(target, link)
    ok("trf", "pair", trf, "-o", link)
    assert link.is_symlink() and target.read_text().split("\n")[0].isdigit()


def test_the_site_refuses_the_event_and_goes_into_a_folder_beside_it(ev, tmp_path):
    before = snapshot(tmp_path)
    assert "the event's own file" in refused("export", ev, "--format", "html", "--out", ev)
    assert "the event's own file" in refused("export", ev, "--format", "html", "--out", ev.with_name("open.toml.who"))
    assert snapshot(tmp_path) == before
    ok("export", ev, "--format", "html", "--out", tmp_path)  # the event's own folder: pages beside it
    assert (tmp_path / "index.html").exists() and load(ev).name == "Open"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tmpfs needs root")
def test_the_site_goes_to_the_root_of_another_filesystem(ev, tmp_path):
    mnt = tmp_path / "usb"
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mnt)], capture_output=True).returncode:
        pytest.skip("cannot mount a tmpfs here")
    try:
        assert os.stat(mnt).st_dev != os.stat(tmp_path).st_dev
        out = ok("export", ev, "--format", "html", "--out", mnt)
        assert out == f"wrote {mnt}\n"
        assert "index.html" in os.listdir(mnt) and not [n for n in os.listdir(mnt) if n.endswith(".tmp")]
        write_site(load(ev), mnt, event_path=ev)  # and again, over the pages it wrote
    finally:
        subprocess.run(["umount", str(mnt)], check=True)



@pytest.mark.parametrize("fmt", ["trf", "csv", "text"])
@pytest.mark.parametrize("name", ["other.toml", "other.toml.journal", "other.toml.lock", "other.toml.bak1"])
def test_export_never_writes_over_another_events_files(ev, fmt, name):
    """A slip of one word (`--out saves/other.toml` for `saves/other.csv`) must not destroy another
    event either: a file with an event's journal or lock beside it, and those files themselves,
    are refused."""
    other = ev.with_name("other.toml")
    ok("new", other, "--name", "Other", "--rounds", 3)
    ok("players", "add", other, "Ann")
    before = snapshot(ev.parent)
    err = refused("export", ev, "--format", fmt, "--out", ev.parent / name)
    assert "another event's own file" in err
    assert snapshot(ev.parent) == before
    assert [e.what for e in EventFile(other).history()] == ["add player Ann"]


def test_trf_pair_never_writes_over_the_trf_it_pairs(ev, tmp_path):
    trf = tmp_path / "e.trf"
    ok("export", ev, "--format", "trf", "--out", trf)
    os.link(trf, tmp_path / "same.txt")
    before = snapshot(tmp_path)
    for out in (trf, tmp_path / "same.txt"):
        assert "is the TRF being paired" in refused("trf", "pair", trf, "-o", out)
    assert snapshot(tmp_path) == before


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tmpfs needs root")
def test_a_symlinked_file_on_a_full_disk_is_left_as_it_was(tmp_path):
    """Through a symlink the target gets the text whole or not at all: it was opened with O_TRUNC
    and written in place, so a full disk left it cut (while the message said "as it was")."""
    mnt = tmp_path / "small"
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mnt)], capture_output=True).returncode:
        pytest.skip("cannot mount a tmpfs here")
    try:
        target = mnt / "standings.csv"
        target.write_text("old standings\n" * 100)
        (mnt / "fill").write_bytes(b"x" * (64 * 1024 - 8192))  # what is left is less than the new text
        link = tmp_path / "out.csv"
        os.symlink(target, link)
        with pytest.raises(FileProblem, match="the disk is full"):
            write_output(link, "new standings\n" * 2000)
        assert target.read_text() == "old standings\n" * 100 and link.is_symlink()
        assert sorted(os.listdir(mnt)) == ["fill", "standings.csv"]  # no temporary file left
        (mnt / "fill").unlink()
        assert write_output(link, "new standings\n" * 2000) == INTO
        assert target.read_text() == "new standings\n" * 2000 and link.is_symlink()
    finally:
        subprocess.run(["umount", str(mnt)], check=True)
