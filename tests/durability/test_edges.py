"""Issue 26: five ways in that the data-safety work left open, each reproduced as the issue says.

Each ends with one line `arbiter: error: ...`, exit 2, no traceback, nothing changed and nothing left
behind (no stray `.lock`): a huge number in the event file, a thousand tie-break codes, a CSV that
never ends, a refused command's lock file, an export through a symlink another user planted. Also
the read-only (0444) event file and output.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.store import EventFile, create, dumps, load
from tests.cli_run import run, run_process

ARBITER = Path(sys.executable).with_name("arbiter")


def listing(folder: Path) -> dict[str, tuple[int, bytes | str]]:
    """Every name in the folder with its mode and its bytes (a link: where it leads)."""
    out = {}
    for p in sorted(folder.iterdir()):
        st = os.lstat(p)
        if stat.S_ISLNK(st.st_mode):
            out[p.name] = (st.st_mode, os.readlink(p))
        elif stat.S_ISREG(st.st_mode):
            out[p.name] = (st.st_mode, p.read_bytes())
        else:
            out[p.name] = (st.st_mode, b"")
    return out


def refused_in_one_line(*args, needle: str) -> str:
    """`arbiter ARGS` as a real process: exit 2, one line naming the problem, no traceback."""
    p = run_process(*args, env={"LANG": "C.UTF-8"}, timeout=120)
    assert p.returncode == 2, (p.returncode, p.stderr[-500:])
    assert p.stderr.startswith("arbiter: error: ") and p.stderr.count("\n") == 1, p.stderr[-500:]
    assert "Traceback" not in p.stderr and needle in p.stderr, p.stderr[-500:]
    assert len(p.stderr) < 400, p.stderr
    return p.stderr


def four_players(path: Path, **kw) -> Path:
    e = commands.new_event("Open", 5, lots_seed=1, initial_colour="w", **kw)
    for name, rating in (("A", 1900), ("B", 1800), ("C", 1700), ("D", 1600)):
        e = commands.add_player(e, name, rating=rating)
    path.write_text(dumps(e), encoding="utf-8")  # by hand: no journal, no lock beside it
    return path


READS = (("standings", "{ev}"), ("round", "{ev}"), ("export", "{ev}", "--format", "csv", "--out", "{tmp}/out.csv"))
CHANGES = (("result", "{ev}", "1", "1-0"), ("players", "add", "{ev}", "E"), ("pair", "{ev}"), ("undo", "{ev}"))


def _each(commands_, ev, tmp):
    for args in commands_:
        yield [a.format(ev=ev, tmp=tmp) for a in args]


# -- 1. one huge number ------------------------------------------------------------------------------

def test_a_number_of_5000_digits_in_the_file_is_one_line_for_every_command(tmp_path):
    ev = four_players(tmp_path / "ev.toml")
    ev.write_text(ev.read_text().replace("rounds = 5", "rounds = " + "9" * 5000))
    before = listing(tmp_path)
    for args in _each(READS + CHANGES, ev, tmp_path):
        err = refused_in_one_line(*args, needle=f"{ev}:event.rounds: line 6: a number of 5000 digits is too big: "
                                                "no value of an event has more than 19 digits")
        assert "9" * 30 not in err
    assert listing(tmp_path) == before  # nothing written, no lock file made


# -- 2. a thousand tie-break codes ---------------------------------------------------------------------

def test_a_thousand_tiebreak_codes_on_the_command_line_are_one_line_and_make_nothing(tmp_path):
    codes = ",".join(["BH"] * 1000)
    refused_in_one_line("new", tmp_path / "ev.toml", "--name", "X", "--rounds", "3", "--tiebreaks", codes,
                        needle="1000 tie-breaks are too many: at most 20")
    refused_in_one_line("new", tmp_path / "ev.toml", "--name", "X", "--rounds", "3", "--teams", "--boards", "4",
                        "--tiebreaks", codes, needle="1000 tie-breaks are too many: at most 20")
    assert listing(tmp_path) == {}
    ev = four_players(tmp_path / "ev.toml")
    before = listing(tmp_path)
    refused_in_one_line("standings", ev, "--tiebreaks", codes, needle="1000 tie-breaks are too many")
    assert listing(tmp_path) == before


def test_5000_tiebreaks_in_the_file_are_refused_when_it_loads(tmp_path):
    ev = four_players(tmp_path / "ev.toml")
    ev.write_text(ev.read_text().replace("rounds = 5", "rounds = 5\ntiebreaks = [" + ", ".join(['"BH"'] * 5000) + "]"))
    before = listing(tmp_path)
    for args in _each(READS + CHANGES, ev, tmp_path):
        refused_in_one_line(*args, needle=f"{ev}:event.tiebreaks: 5000 tie-breaks are too many: at most 20")
    assert listing(tmp_path) == before


# -- 3. inputs without end -----------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["/dev/zero", "fifo", "300 MB", "symlink to /dev/zero"])
def test_a_csv_that_never_ends_or_is_huge_is_refused_at_once(tmp_path, kind):
    ev = four_players(tmp_path / "ev.toml")
    csv = tmp_path / "in.csv"
    if kind == "/dev/zero":
        csv = Path("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(csv)  # no writer: reading it would block for ever
    elif kind == "300 MB":
        with open(csv, "wb") as f:  # sparse: 300 MB as the file system counts it
            f.truncate(300_000_000)
    else:
        csv.symlink_to("/dev/zero")
    before = listing(tmp_path)
    needle = "the file is too big: more than 20000000 bytes" if kind == "300 MB" else \
        "is not a plain file (a pipe, a device): arbiter reads a file, or standard input named as -"
    refused_in_one_line("players", "import", ev, csv, needle=needle)
    assert listing(tmp_path) == before


def test_an_endless_standard_input_is_read_up_to_the_cap_and_refused(tmp_path):
    ev = four_players(tmp_path / "ev.toml")
    before = listing(tmp_path)
    with open("/dev/zero", "rb") as zero:
        p = run_process("players", "import", ev, "-", stdin=zero, timeout=120)
    assert p.returncode == 2 and p.stderr == "arbiter: error: -: the file is too big: more than 20000000 bytes\n"
    assert listing(tmp_path) == before


# -- 4. a refused command leaves no lock ------------------------------------------------------------------

def test_new_over_an_existing_file_leaves_no_lock(tmp_path):
    x = tmp_path / "x.txt"
    x.write_text("a judge's notes\n")
    before = listing(tmp_path)
    refused_in_one_line("new", x, "--name", "X", "--rounds", "3", needle=f"{x}: already exists")
    refused_in_one_line("new", tmp_path / "none" / "x.toml", "--name", "X", "--rounds", "3",
                        needle="there is no folder")
    assert listing(tmp_path) == before


def test_new_on_dev_null_leaves_no_lock_beside_it(tmp_path):
    had = os.path.lexists("/dev/null.lock")
    try:
        refused_in_one_line("new", "/dev/null", "--name", "X", "--rounds", "3", needle="/dev/null: already exists")
        assert os.path.lexists("/dev/null.lock") == had
    finally:
        if not had and os.path.lexists("/dev/null.lock"):
            os.unlink("/dev/null.lock")


def test_export_to_dev_null_leaves_every_event_usable(tmp_path):
    ev = four_players(tmp_path / "ev.toml")
    p = run_process("export", ev, "--format", "csv", "--out", "/dev/null")
    assert p.returncode == 0, p.stderr
    other = four_players(tmp_path / "other.toml")
    assert run("players", "add", other, "E")[0] == 0
    assert run("export", other, "--format", "csv", "--out", "/dev/null")[0] == 0  # not "another event's own file"


def test_a_changing_command_on_a_file_that_is_not_there_makes_no_lock(tmp_path):
    for args in _each(CHANGES, tmp_path / "none.toml", tmp_path):
        refused_in_one_line(*args, needle="no such file")
    assert listing(tmp_path) == {}


@pytest.fixture
def full_disk(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    mnt = tmp_path / "disk"
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k,mode=0755", "tmpfs", str(mnt)],
                      capture_output=True).returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        fd = os.open(mnt / "filler", os.O_WRONLY | os.O_CREAT, 0o644)
        try:
            while os.write(fd, b"\0" * 4096) > 0:
                pass
        except OSError:
            pass
        finally:
            os.close(fd)
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def test_a_refused_import_trf_on_a_full_disk_leaves_no_lock(full_disk, tmp_path):
    ev = tmp_path / "ev.toml"
    create(ev, load(four_players(tmp_path / "src.toml")))
    trf = tmp_path / "ev.trf"
    assert run("export", ev, "--format", "trf", "--out", trf)[0] == 0
    before = listing(full_disk)
    refused_in_one_line("import-trf", trf, full_disk / "imp.toml", needle="the disk is full")
    assert listing(full_disk) == before  # no imp.toml, no imp.toml.lock, no temporary file
    refused_in_one_line("new", full_disk / "x.toml", "--name", "X", "--rounds", "3", needle="the disk is full")
    assert listing(full_disk) == before


# -- 5. an export through a planted symlink ----------------------------------------------------------------

@pytest.fixture
def as_root():
    if os.geteuid() != 0:
        pytest.skip("a link of another user is made with lchown, as root")


@pytest.mark.parametrize("fmt", ["csv", "text", "trf", "html"])
def test_an_export_through_a_symlink_another_user_planted_is_refused(as_root, tmp_path, fmt):
    ev = four_players(tmp_path / "ev.toml")
    victim = tmp_path / "victim"
    victim.mkdir()
    passwd = victim / "passwd"
    passwd.write_text("root:x:0:0:root:/root:/bin/sh\n")
    planted = tmp_path / "standings.out"
    planted.symlink_to(victim if fmt == "html" else passwd)
    os.lchown(planted, 65534, -1)  # nobody's link, in a folder every judge may write
    before, inside = listing(tmp_path), listing(victim)
    refused_in_one_line("export", ev, "--format", fmt, "--out", planted,
                        needle=f"{planted}: is a symbolic link made by another user (nobody): arbiter does not "
                               "follow it into another file; remove it or choose another name")
    assert listing(tmp_path) == before and listing(victim) == inside


def test_a_chain_of_links_with_another_users_link_on_the_way_is_refused(as_root, tmp_path):
    ev = four_players(tmp_path / "ev.toml")
    target = tmp_path / "target.csv"
    target.write_text("kept\n")
    theirs = tmp_path / "theirs.csv"
    theirs.symlink_to(target)
    os.lchown(theirs, 65534, -1)
    mine = tmp_path / "mine.csv"
    mine.symlink_to(theirs)
    refused_in_one_line("export", ev, "--format", "csv", "--out", mine, needle="made by another user (nobody)")
    assert target.read_text() == "kept\n"


def test_an_own_symlink_is_followed_and_stays_a_link(tmp_path):
    ev = four_players(tmp_path / "ev.toml")
    target = tmp_path / "target.csv"
    target.write_text("old\n")
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    assert run("export", ev, "--format", "csv", "--out", link)[0] == 0
    assert link.is_symlink() and target.read_text().startswith("rank,id,name")


# -- read-only files ---------------------------------------------------------------------------------------

def test_a_read_only_event_file_is_never_changed(tmp_path):
    ev = tmp_path / "ev.toml"
    create(ev, load(four_players(tmp_path / "src.toml")))
    assert run("pair", ev)[0] == 0
    os.chmod(ev, 0o444)
    before = listing(tmp_path)
    for args in _each(CHANGES, ev, tmp_path):
        refused_in_one_line(*args, needle=f"{ev}: is read-only (mode 0444): arbiter does not change it; make it "
                                          "writable (chmod u+w) to go on")
    assert listing(tmp_path) == before
    assert run("standings", ev)[0] == 0  # reading it is fine
    os.chmod(ev, 0o644)
    assert run("result", ev, "1", "1-0")[0] == 0


def test_a_read_only_event_is_refused_by_the_store_in_every_language(tmp_path):
    ev = tmp_path / "ev.toml"
    create(ev, load(four_players(tmp_path / "src.toml")))
    os.chmod(ev, 0o444)
    from arbiter_tournament.core.errors import FileProblem

    with pytest.raises(FileProblem) as err:
        EventFile(ev).change(lambda e: commands.add_player(e, "E"), "add player E")
    assert "только для чтения (права 0444)" in err.value.text("ru")


@pytest.mark.parametrize("fmt,out", [("csv", "s.csv"), ("text", "s.txt"), ("trf", "s.trf")])
def test_a_read_only_output_is_refused_and_left_as_it_was(tmp_path, fmt, out):
    ev = four_players(tmp_path / "ev.toml")
    path = tmp_path / out
    path.write_text("the judge's final copy\n")
    os.chmod(path, 0o444)
    before = listing(tmp_path)
    refused_in_one_line("export", ev, "--format", fmt, "--out", path,
                        needle=f"{path}: is read-only (mode 0444): arbiter does not replace it")
    assert listing(tmp_path) == before


def test_outputs_take_the_event_files_group_permissions(tmp_path):
    ev = four_players(tmp_path / "ev.toml")
    os.chmod(ev, 0o664)
    old = os.umask(0o022)
    try:
        assert run("export", ev, "--format", "text", "--what", "standings", "--out", tmp_path / "s.txt")[0] == 0
        assert run("export", ev, "--format", "html", "--out", tmp_path / "site")[0] == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "s.txt").st_mode) == 0o664
    assert stat.S_IMODE(os.stat(tmp_path / "site").st_mode) & 0o070 == 0o070
    assert os.stat(tmp_path / "site").st_mode & stat.S_ISGID
    for page in (tmp_path / "site").iterdir():
        assert stat.S_IMODE(os.stat(page).st_mode) == 0o664, page.name


def test_a_fifo_in_place_of_the_sites_manifest_is_not_waited_on(tmp_path):
    ev = four_players(tmp_path / "ev.toml")
    site = tmp_path / "site"
    assert run("export", ev, "--format", "html", "--out", site)[0] == 0
    (site / ".arbiter-site").unlink()
    os.mkfifo(site / ".arbiter-site")  # planted: reading it would block for ever
    p = run_process("export", ev, "--format", "html", "--out", site, timeout=60)
    assert p.returncode == 0, p.stderr
    assert (site / ".arbiter-site").is_file() and (site / "index.html").is_file()


def test_a_fifo_nobody_reads_planted_as_an_output_is_refused_not_waited_on(tmp_path):
    ev = four_players(tmp_path / "ev.toml")
    fifo = tmp_path / "standings.csv"
    os.mkfifo(fifo)  # any judge of the folder may make one; no reader: a plain open would block for ever
    refused_in_one_line("export", ev, "--format", "csv", "--out", fifo, needle=f"{fifo}: is a pipe nobody reads: "
                                                                              "nothing was written")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_journal_line_nested_thousands_deep_is_skipped_not_a_traceback(tmp_path):
    ev = tmp_path / "ev.toml"
    create(ev, load(four_players(tmp_path / "src.toml")))
    assert run("players", "add", ev, "E")[0] == 0
    with open(ev.with_name("ev.toml.journal"), "a", encoding="utf-8") as f:
        f.write("[" * 100_000 + "\n")
    p = run_process("log", ev)
    assert p.returncode == 0 and "add player E" in p.stdout and p.stderr == "", p.stderr[-300:]


def test_a_lock_or_a_heartbeat_file_nested_thousands_deep_is_read_as_unknown(tmp_path):
    """Any judge of the shared folder may write these: reading them never raises."""
    from arbiter_tournament.core.store.files import holder
    from arbiter_tournament.core.store.presence import Presence

    ev = tmp_path / "ev.toml"
    create(ev, load(four_players(tmp_path / "src.toml")))
    ev.with_name("ev.toml.lock").write_text("[" * 4000)
    assert str(holder(ev)) == "another session (it did not say who)"
    me = Presence(ev, pid=1)
    me.beat()
    (ev.with_name("ev.toml.who") / "planted").write_text("a = " + "[" * 4000)
    assert me.others() == []
