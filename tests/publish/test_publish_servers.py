"""`arbiter publish` against real servers started here on 127.0.0.1: rclone's `serve webdav` and `serve sftp`
(never a mock). A 40- and a 1000-player event published; a result online within 10 s with only the pages
whose content changed sent; a server killed in the middle of an upload leaves the site the old one or the
new one page by page, every link leading to a page that is there, and the publisher catches up when it is
back; no private field in any published file."""

from __future__ import annotations

import re
import time

import pytest

from arbiter_tournament.core.formats.site import build_site, round_page_name
from arbiter_tournament.core.store import create, load
from arbiter_tournament.core.store.files import journal_path

from publish_helpers import (Publishing, Server, arbiter, content, crawl, needs_rclone, open_boards, private_event,
                             secrets_of, until)

pytestmark = needs_rclone
SENT = r"sent (\d+) pages? \((\d+) bytes\): online as of \d\d:\d\d$"

_EVENTS: dict[int, object] = {}


def event_of(n: int):
    if n not in _EVENTS:
        _EVENTS[n] = private_event(n)
    return _EVENTS[n]


def site_now(path) -> dict[str, bytes]:
    return {n: content(h.encode("utf-8")) for n, h in build_site(load(path)).items()}


def assert_private_fields_absent(files: dict[str, bytes], path) -> None:
    e = load(path)
    secrets = secrets_of(e, journal_path(path))
    assert secrets
    for name, data in files.items():
        text = data.decode("utf-8")
        leaked = [s for s in secrets if s in text]
        assert not leaked, f"{name} shows {leaked[:5]}"
        assert not re.search(r">(Sex|Born|Birth|FIDE ?id|Пол|Дата рождения)<", text), name


@pytest.mark.parametrize("n", [40, 1000])
def test_published_then_a_result_online_within_10_s_with_only_its_pages_sent(tmp_path, n):
    ev = tmp_path / "open.toml"
    create(ev, event_of(n))
    srv = Server("webdav", tmp_path / "www", tmp_path / "serve.log").start()
    # at 40 players the connection string as a judge types it (arbiter quotes its url for rclone)
    remote = srv.remote if n == 1000 else f":webdav,url=http://127.0.0.1:{srv.port}:"
    pub = Publishing(ev, remote, tmp_path / "state")
    try:
        first_sent = pub.wait_line(SENT, seconds=120)
        expected = site_now(ev)
        first = srv.files()
        assert {k: content(v) for k, v in first.items()} == expected
        assert int(first_sent[1]) == len(expected)
        assert int(first_sent[2]) == sum(len(v) for v in first.values())
        seen, broken = crawl(srv.get)  # a reader from the index reaches every page, and no link is broken
        assert not broken and set(seen) == set(expected)
        stamps = srv.stamps()

        board = open_boards(load(ev))[0]
        page = round_page_name(load(ev).rounds[-1])
        mark = len(pub.lines)
        arbiter("result", ev, board, "1-0")
        written = time.monotonic()
        until(lambda: content(srv.get(page)[1]) != content(first[page]), 10, every=0.05,
              what="the round's page online")
        assert time.monotonic() - written < 10
        sent = pub.wait_line(SENT, after=mark, seconds=30)

        after = srv.files()
        new = site_now(ev)
        assert {k: content(v) for k, v in after.items()} == new
        changed = {k for k in new if new[k] != expected.get(k)}
        assert page in changed and len(changed) <= 5 and len(changed) < len(new)
        assert int(sent[1]) == len(changed)  # the pages whose content changed, and those alone
        assert int(sent[2]) == sum(len(after[k]) for k in changed)
        now = srv.stamps()
        assert {k: now[k] for k in new if k not in changed} == {k: stamps[k] for k in new if k not in changed}
        assert ">1-0<" in after[page].decode("utf-8")
        assert_private_fields_absent(after, ev)
        assert not [p for p in srv.root.iterdir() if p.is_file() and p.name not in new]  # no journal, no state
    finally:
        assert pub.stop() == 0
        srv.kill()
    assert pub.lines[-1].split(" ", 1)[1].startswith("stopped: online as of ")


def test_a_server_killed_mid_upload_leaves_the_old_or_the_new_site_and_publishing_catches_up(tmp_path):
    ev = tmp_path / "open.toml"
    create(ev, event_of(1000))
    srv = Server("webdav", tmp_path / "www", tmp_path / "serve.log").start()
    # a slow line (rclone's own --bwlimit, from the environment), so the kill comes while pages are on the way
    pub = Publishing(ev, srv.remote, tmp_path / "state", env={"RCLONE_BWLIMIT": "400k"})
    try:
        pub.wait_line(SENT, seconds=120)
        old = site_now(ev)
        mark = len(pub.lines)
        args = [x for b in open_boards(load(ev)) for x in (b, "1/2")]
        arbiter("result", ev, *args)  # the round complete: the standings, the crosstable ... change
        new = site_now(ev)
        assert len([k for k in new if new[k] != old.get(k)]) >= 3
        stage = srv.root / ".arbiter-upload"
        until(lambda: stage.is_dir() and any(p.stat().st_size > 0 for p in stage.iterdir()), 60, every=0.01,
              what="a page on its way")
        srv.kill()

        files = srv.files()
        assert set(files) == set(old)
        for name, data in files.items():  # each page whole: the old one or the new one
            assert content(data) in (old[name], new[name]), name
        _, broken = crawl(lambda name: (200, files[name]) if name in files else (404, b""))
        assert not broken

        failed = pub.wait_line(r"online as of \d\d:\d\d, \d+ changes? waiting; upload failed: .+, next try in \d+ s$",
                               after=mark, seconds=60)
        assert "127.0.0.1" in failed[0]
        srv.start()  # back on the same port
        pub.wait_line(SENT, after=mark, seconds=90)
        files = srv.files()
        assert {k: content(v) for k, v in files.items()} == new
        seen, broken = crawl(srv.get)
        assert not broken and set(seen) == set(new)
    finally:
        pub.stop()
        srv.kill()


def test_sftp_publish_once_then_only_what_changed(tmp_path):
    ev = tmp_path / "open.toml"
    create(ev, event_of(40))
    srv = Server("sftp", tmp_path / "www", tmp_path / "serve.log").start()
    env = {"XDG_STATE_HOME": str(tmp_path / "state")}
    try:
        out = arbiter("publish", ev, "--to", srv.remote, env=env)
        expected = site_now(ev)
        assert re.search(rf"sent {len(expected)} pages \(\d+ bytes\): online as of \d\d:\d\d$", out.strip()), out
        assert {k: content(v) for k, v in srv.files().items()} == expected
        out = arbiter("publish", ev, "--to", srv.remote, env=env)
        assert out.strip().endswith("nothing changed: online as of " + out.strip()[-5:])
        arbiter("result", ev, open_boards(load(ev))[0], "0-1")
        out = arbiter("publish", ev, "--to", srv.remote, env=env)
        new = site_now(ev)
        changed = [k for k in new if new[k] != expected[k]]
        assert re.search(rf"sent {len(changed)} pages? \(\d+ bytes\)", out), out
        assert {k: content(v) for k, v in srv.files().items()} == new
        assert srv.obscured not in out
        assert_private_fields_absent(srv.files(), ev)
    finally:
        srv.kill()


def test_a_server_that_is_not_there_is_one_line_and_exit_2_after_retries(tmp_path):
    import subprocess
    import sys

    from publish_helpers import ROOT, free_port

    ev = tmp_path / "open.toml"
    create(ev, event_of(40))
    remote = f":webdav,url='http://127.0.0.1:{free_port()}':"
    r = subprocess.run([sys.executable, "-m", "arbiter_tournament.tui.cli", "publish", str(ev), "--to", remote],
                       capture_output=True, text=True, cwd=ROOT, timeout=120,
                       env={**__import__("os").environ, "XDG_STATE_HOME": str(tmp_path / "state")})
    assert r.returncode == 2
    assert [ln for ln in r.stdout.splitlines() if "upload failed" in ln and "next try in" in ln][:3]
    err = r.stderr.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("arbiter: error: :webdav,url='http://127.0.0.1:"), r.stderr
    assert "Traceback" not in r.stderr
