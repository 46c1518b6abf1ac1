"""An upload cut at every point leaves the published site the old one or the new one, page by page, with no
link broken, and the next run catches up: against `rclone serve webdav` (the server stopped as each HTTP
request of the upload arrives), `rclone serve sftp` (the server stopped after each rclone run, and at
moments drawn at random inside the runs) and a local folder (rclone itself killed likewise). Then the
system's OpenSSH server, which will not rename over a file for rclone before 1.63: the pages still go up
(delete, then rename: docs/publishing.md says what that leaves open)."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from arbiter_tournament.core.formats.publish import Publisher, UploadFailed
from arbiter_tournament.core.formats.rclone import STAGE, Rclone
from arbiter_tournament.core.formats.site import build_site
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.store import create, load

from cut_helpers import CutEngine, CuttingRelay
from publish_helpers import RCLONE, Server, content, crawl, needs_rclone, private_event

pytestmark = needs_rclone


class Scene:
    """An event published (the old site), then changed (the new site: round 4 finished, round 5 paired: a new
    page, changed pages, the index); `attempt(engine)` puts the old site and its state back and uploads the new
    one with that engine, which cuts it somewhere."""

    def __init__(self, tmp: Path, remote: str, read, restart) -> None:
        self.tmp, self.remote, self.read, self.restart = tmp, remote, read, restart
        self.ev = tmp / "open.toml"
        old = private_event(40)
        import sys

        sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
        from simulate import play_round

        new = pairing.pair_next(play_round(old, random.Random(7)))
        create(tmp / "old.toml", old)
        create(tmp / "new.toml", new)
        self.env = {"XDG_STATE_HOME": str(tmp / "state")}
        self._put_event("old.toml")
        self.old = self._site()
        with Publisher(self.ev, remote, env=self.env) as pub:
            pub.sync()
        self._put_event("new.toml")
        self.new = self._site()
        assert any(n not in self.old for n in self.new) and self.old[INDEX] != self.new[INDEX]
        assert sum(1 for n in self.old if self.old[n] != self.new[n]) >= 4
        shutil.copytree(tmp / "state", tmp / "state.old")

    def _put_event(self, name: str) -> None:
        shutil.copyfile(self.tmp / name, self.tmp / "next.toml")
        os.replace(self.tmp / "next.toml", self.ev)

    def _site(self) -> dict[str, bytes]:
        return {n: content(h.encode("utf-8")) for n, h in build_site(load(self.ev)).items()}

    def old_or_new(self) -> None:
        """Every page the old one or the new one; a page only the new site has, there or not; no link broken."""
        files = {n: content(d) for n, d in self.read().items()}
        for name in self.old:
            assert name in files, f"{name} missing"
        for name, data in files.items():
            assert data in (self.old.get(name), self.new.get(name)), f"{name} neither old nor new"
        _, broken = crawl(lambda n: (200, files[n]) if n in files else (404, b""))
        assert not broken, broken

    def attempt(self, engine: Rclone) -> bool:
        """The old site back, the new one uploaded with `engine`; whether it got through uncut."""
        shutil.rmtree(self.tmp / "state")
        shutil.copytree(self.tmp / "state.old", self.tmp / "state")
        with Publisher(self.ev, self.remote, env=self.env, engine=engine) as pub:
            try:
                pub.sync()
                return True
            except UploadFailed:
                return False
            finally:
                finish = getattr(engine, "finish", None)
                if finish:
                    finish()  # a cut timed for later than the upload took does not come afterwards

    def catch_up(self) -> None:
        with Publisher(self.ev, self.remote, env=self.env) as pub:
            pub.sync()
        assert {n: content(d) for n, d in self.read().items()} == self.new
        self.restart_old()

    def restart_old(self) -> None:
        """The old site back on the storage (the state is put back by `attempt`)."""
        self.restart(self.old_files)


INDEX = "index.html"
# rclone gives up on a server that is gone at once (the publisher's own flags retry for some 20 s first)
FAIL_FAST = ("--low-level-retries", "1")


def _files(root: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in root.iterdir() if p.is_file()}


def _set_files(root: Path, files: dict[str, bytes]) -> None:
    shutil.rmtree(root)
    root.mkdir()
    for n, d in files.items():
        (root / n).write_bytes(d)


def test_webdav_cut_as_each_request_arrives(tmp_path):
    """The server stopped as the k-th HTTP request of the upload arrives, for every k; after each cut, through
    the server (started again): every page old or new, no link broken; then the next run catches up."""
    root = tmp_path / "www"
    srv = Server("webdav", root, tmp_path / "serve.log").start()
    relay = CuttingRelay(srv.port)
    remote = f":webdav,url='http://127.0.0.1:{relay.port}':"

    def read() -> dict[str, bytes]:
        """What a reader gets, asked of the server: every page of either site that is there."""
        out = {}
        for name in {*scene.old, *scene.new}:
            status, body = srv.get(name)
            assert status in (200, 404), (name, status)
            if status == 200:
                out[name] = body
        listed = {p.name for p in root.iterdir() if p.is_file()}
        assert listed == set(out), "the server's folder and what it serves differ"
        return out

    def restart(files: dict[str, bytes]) -> None:
        srv.kill()
        _set_files(root, files)
        srv.start()

    try:
        relay.arm(None, lambda: None)
        scene = Scene(tmp_path, remote, read, restart)
        scene.old_files = _files(root)
        relay.arm(None, lambda: None)
        assert scene.attempt(Rclone(remote))  # uncut: how many requests an upload makes
        total = list(relay.requests)
        # a MOVE per page (a connection string names the backend: Overwrite: T from the first)
        assert sum(1 for r in total if r.startswith("MOVE ")) == len([n for n in scene.new
                                                                       if scene.new[n] != scene.old.get(n)])
        assert not [r for r in total if r.startswith("DELETE ")]  # no page deleted to make room
        scene.restart_old()
        # the cuts: before and after every MOVE (a page going into place), and every 16th request besides
        # (ARBITER_CUTS=all: before every request; the suite keeps to ten minutes on two cores)
        moves = [k for k, r in enumerate(total, start=1) if r.startswith("MOVE ")]
        points = sorted({*moves, *(k + 1 for k in moves), *range(1, len(total) + 1, 16)} & set(range(1, len(total) + 1)))
        if os.environ.get("ARBITER_CUTS") == "all":
            points = list(range(1, len(total) + 1))
        for k in points:
            relay.arm(k, srv.kill)
            done = scene.attempt(Rclone(remote, flags=FAIL_FAST))
            assert not done and relay.cut_done.wait(30), f"cut before request {k} ({total[k - 1]})"
            srv.start()
            relay.arm(None, lambda: None)
            scene.old_or_new()
            scene.catch_up()
        assert len(points) >= 15
    finally:
        relay.close()
        srv.kill()


def _sftp_scene(tmp_path):
    root = tmp_path / "www"
    srv = Server("sftp", root, tmp_path / "serve.log").start()
    remote = srv.remote
    down = tmp_path / "down"

    def read() -> dict[str, bytes]:
        """Through the server: rclone copies the site down from it (the stage left out)."""
        if down.exists():
            shutil.rmtree(down)
        subprocess.run([RCLONE, "-q", "copy", "--exclude", f"/{STAGE}/**", remote, str(down)], check=True,
                       capture_output=True, timeout=60)
        return _files(down)

    def restart(files: dict[str, bytes]) -> None:
        srv.kill()
        _set_files(root, files)
        srv.start()

    scene = Scene(tmp_path, remote, read, restart)
    scene.old_files = _files(root)
    return srv, scene


def test_sftp_cut_after_each_rclone_run_and_at_random_moments(tmp_path):
    srv, scene = _sftp_scene(tmp_path)
    try:
        probe = CutEngine(scene.remote, lambda: None)
        t0 = time.monotonic()
        assert scene.attempt(probe)
        took = time.monotonic() - t0
        assert probe.replace == "one"  # rclone's serve sftp renames over a page in one request
        scene.restart_old()
        runs = len(probe.runs)
        for k in range(1, runs):
            assert not scene.attempt(CutEngine(scene.remote, srv.kill, after=k, flags=FAIL_FAST)), k
            srv.start()
            scene.old_or_new()
            scene.catch_up()
        rng = random.Random(37)
        for _ in range(4):
            at = rng.uniform(0.0, took)
            scene.attempt(CutEngine(scene.remote, srv.kill, at=at, flags=FAIL_FAST))
            srv.kill()
            srv.start()
            scene.old_or_new()
            scene.catch_up()
    finally:
        srv.kill()


def test_a_local_folder_cut_after_each_rclone_run_and_with_rclone_killed_at_random(tmp_path):
    """A folder (a web server on this machine, a mounted share): a rename replaces a page at once. The cut is
    rclone itself killed (the venue machine losing power, the publisher killed) at every step."""
    root = tmp_path / "www"
    root.mkdir()

    def read() -> dict[str, bytes]:
        return _files(root)

    scene = Scene(tmp_path, str(root), read, lambda files: _set_files(root, files))
    scene.old_files = _files(root)
    probe = CutEngine(str(root), lambda: None)
    t0 = time.monotonic()
    assert scene.attempt(probe)
    took = time.monotonic() - t0
    assert probe.replace == "one"
    scene.restart_old()
    inodes = {p.name: p.stat().st_ino for p in root.iterdir()}

    def killer(engine_box):
        def cut():  # rclone killed where it stands (SIGKILL), and nothing more run
            engine = engine_box[0]
            engine._stopped.set()
            proc = engine._proc
            if proc is not None and proc.poll() is None:
                proc.kill()
        return cut

    for k in range(1, len(probe.runs)):
        box: list = []
        box.append(CutEngine(str(root), killer(box), after=k))
        assert not scene.attempt(box[0])
        scene.old_or_new()
        scene.catch_up()
    rng = random.Random(37)
    for _ in range(6):
        box = []
        box.append(CutEngine(str(root), killer(box), at=rng.uniform(0.0, took)))
        scene.attempt(box[0])
        scene.old_or_new()
        scene.catch_up()
    assert {p.name: p.stat().st_ino for p in root.iterdir()} != inodes  # pages were replaced, not written into


SSHD = shutil.which("sshd") or ("/usr/sbin/sshd" if os.path.exists("/usr/sbin/sshd") else None)


@pytest.mark.skipif(SSHD is None, reason="no OpenSSH server (openssh-server)")
def test_openssh_which_will_not_rename_over_a_file_still_gets_every_page(tmp_path):
    """The system's sshd on 127.0.0.1 (a web host over SFTP): with rclone before 1.63 its rename onto an
    existing page fails (SSH_FX_FAILURE), and the engine falls back to delete-then-rename; from 1.63 rclone
    uses posix-rename, one request."""
    import getpass
    import socket

    from publish_helpers import free_port, until

    d = tmp_path / "ssh"
    d.mkdir()
    for key in ("host", "user"):
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(d / key)], check=True)
    shutil.copyfile(d / "user.pub", d / "auth")
    port = free_port()
    (d / "cfg").write_text(f"Port {port}\nListenAddress 127.0.0.1\nHostKey {d / 'host'}\nAuthorizedKeysFile "
                           f"{d / 'auth'}\nStrictModes no\nUsePAM no\nPasswordAuthentication no\n"
                           f"PermitRootLogin prohibit-password\nSubsystem sftp internal-sftp\nPidFile {d / 'pid'}\n")
    os.makedirs("/run/sshd", exist_ok=True) if os.geteuid() == 0 else None
    sshd = subprocess.Popen([SSHD, "-D", "-e", "-f", str(d / "cfg")], stdout=subprocess.DEVNULL,
                            stderr=open(d / "log", "wb"))
    try:
        def up() -> bool:
            if sshd.poll() is not None:  # this machine's sshd will not run here (a user without its privileges)
                pytest.skip("sshd would not start: " + (d / "log").read_text(errors="replace")[-300:])
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return True
            except OSError:
                return False

        until(up, 30, what="sshd listening")
        root = tmp_path / "www"
        root.mkdir()
        remote = f":sftp,host=127.0.0.1,port={port},user={getpass.getuser()},key_file={d / 'user'}:{root}"
        scene = Scene(tmp_path, remote, lambda: _files(root), lambda files: _set_files(root, files))
        engine = Rclone(remote)
        assert scene.attempt(engine)
        assert {n: content(v) for n, v in _files(root).items()} == scene.new
        version = subprocess.run([RCLONE, "version"], capture_output=True, text=True).stdout.split()[1]
        older = tuple(int(x) for x in version.lstrip("v").split("-")[0].split(".")[:2]) < (1, 63)
        assert engine.replace == ("two" if older else "one")
        _, broken = crawl(lambda n: (200, (root / n).read_bytes()) if (root / n).is_file() else (404, b""))
        assert not broken
        # the command says so, once, when the server replaces pages in two steps
        scene._put_event("old.toml")
        from publish_helpers import arbiter

        out = arbiter("publish", scene.ev, "--to", remote, env=scene.env).splitlines()
        assert {n: content(v) for n, v in _files(root).items()} == scene.old
        notes = [ln for ln in out if "will not rename onto an existing page" in ln]
        assert len(notes) == (1 if older else 0), out
        back = [n for n in scene.new if scene.old.get(n) != scene.new[n]]  # changed back, and round 5's page deleted
        assert out[-1].split(" ", 1)[1].startswith(f"sent {len(back)} pages")
    finally:
        sshd.kill()
        sshd.wait(10)


def test_a_reader_of_a_local_folder_never_finds_a_page_missing_or_half_written(tmp_path):
    """A web server reading the folder while pages go up (the old site and the new one in turn): every page it
    reads is whole, the old one or the new one, and never missing (rename(2) replaces a file at once). A
    WebDAV or SFTP server's rename over a file may not be atomic for readers (docs/publishing.md)."""
    import threading

    root = tmp_path / "www"
    root.mkdir()
    scene = Scene(tmp_path, str(root), lambda: _files(root), lambda files: _set_files(root, files))
    pages = [n for n in scene.new if n in scene.old and scene.new[n] != scene.old[n]]
    stop, reads, wrong = threading.Event(), [0], []

    def reader() -> None:
        while not stop.is_set():
            for n in pages:
                try:
                    data = content((root / n).read_bytes())
                except FileNotFoundError:
                    wrong.append(f"{n} missing")
                    continue
                reads[0] += 1
                if data not in (scene.old[n], scene.new[n]):
                    wrong.append(f"{n} neither old nor new")

    th = threading.Thread(target=reader, daemon=True)
    th.start()
    try:
        for k in range(6):
            scene._put_event("old.toml" if k % 2 else "new.toml")
            with Publisher(scene.ev, str(root), env=scene.env) as pub:
                assert pub.sync().pages >= len(pages)
    finally:
        stop.set()
        th.join(10)
    assert reads[0] > 1000 and not wrong, wrong[:5]
